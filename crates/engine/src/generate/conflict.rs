//! Showing that a request has no board, and naming a smallest set of its rules that cannot
//! hold together.
//!
//! Every question here is a probe: is there a board for these rules (and the locks)?
//! Probes share what they learn:
//! - random boards, drawn once, each recording which rules it breaks: a board that breaks
//!   none of a set's rules shows the set possible, for free;
//! - every board a probe's search finds joins them;
//! - every set shown impossible makes each larger set impossible too;
//! - counting arguments settle some rules alone, without a search.
//!
//! Before the search for a board, [`Prover::cheap_conflict`] tries the questions that are
//! cheap to settle: each rule alone, and the rules on terrain alone and on numbers alone
//! (a search over terrain only, or numbers only, is far smaller than one over both). Once
//! a set is shown impossible, [`Prover::smallest`] narrows it by deletion: each rule is
//! dropped in turn and stays dropped if what is left is still impossible.
//!
//! All of it runs on the request's [`Budget`]. A probe the budget cannot settle keeps its
//! rule in the answer, so the set reported always really conflicts (at worst it is every
//! rule shown impossible together); it is irreducible when every probe was settled.

use crate::catalogue::Layout;
use crate::generate::budget::{Budget, REQUEST_WORK};
use crate::generate::legal::{obeys, Deal};
use crate::generate::random::Random;
use crate::generate::sample::random_deal;
use crate::generate::search::{
    impossible_by_counting_or_locks, search, search_can_prove, Opening, Outcome,
};
use crate::generate::settings::{NumberMode, Settings};
use crate::generate::spiral::spiral_variants;
use crate::model::CellId;
use crate::order;
use crate::rules::{PartialBoard, Rule, RuleSet, Scope};

/// Random boards drawn to answer probes without a search.
const EVIDENCE_DRAWS: u32 = 2_000;
/// The most work one probe's search may use, so that one hard question cannot starve the
/// others.
const PROBE_WORK: u64 = REQUEST_WORK / 4;
/// The most work the questions asked before the search for a board may use together...
const CHEAP_WORK: u64 = REQUEST_WORK / 5 * 2;
/// ...and each of them (the terrain rules of the base island with every rule on take a
/// sixth of the request to settle), but a rule alone gets less.
const CHEAP_PROBE_WORK: u64 = REQUEST_WORK / 4;
const CHEAP_SINGLE_WORK: u64 = REQUEST_WORK / 32;

/// A set of the request's rules, bit `i` standing for the `i`th (at most one rule a kind,
/// and there are fewer kinds than bits).
type RuleBits = u16;

/// What the probes of one request have learnt.
pub(crate) struct Prover<'a> {
    layout: &'static Layout,
    settings: &'a Settings,
    rules: Vec<Rule>,
    /// The rules broken by each board seen that keeps the locks and the layout's own
    /// constraints (a board is kept only if no kept board breaks a part of what it breaks).
    boards: Vec<RuleBits>,
    /// How many random boards broke each rule.
    breaks: Vec<u32>,
    /// Rule sets shown to have no board.
    impossible: Vec<RuleBits>,
    /// Drives the draws and the searches; seeded apart from the request, so the conflict
    /// named does not depend on the seed, and the request's own draws are left as they are.
    rng: Random,
}

impl<'a> Prover<'a> {
    /// A prover for `settings`, which starts by drawing its random boards.
    pub(crate) async fn new(settings: &'a Settings, budget: &mut Budget) -> Self {
        let rules = settings.rules.rules().to_vec();
        let mut prover = Prover {
            layout: Layout::get(settings.layout),
            settings,
            breaks: vec![0; rules.len()],
            rules,
            boards: Vec::new(),
            impossible: Vec::new(),
            rng: Random::new(0x5EED),
        };
        prover.draw(EVIDENCE_DRAWS, budget).await;
        prover
    }

    /// Every active rule.
    pub(crate) fn all(&self) -> RuleBits {
        (1 << self.rules.len()) - 1
    }

    /// Before the search for a board: a conflict among the rules that is cheap to show (a
    /// rule alone, or the rules of one scope together), narrowed down; `None` if there is
    /// none within [`CHEAP_WORK`].
    pub(crate) async fn cheap_conflict(&mut self, budget: &mut Budget) -> Option<Vec<Rule>> {
        let all = self.all();
        let scoped = |scope: Scope| -> RuleBits {
            (0..self.rules.len())
                .filter(|&i| self.rules[i].scope() == scope)
                .fold(0, |set, i| set | (1 << i))
        };
        // Each rule alone first, the rule random boards break most often first: one rule is
        // the clearest answer, and a rule that cannot hold alone is soon shown so (a rule
        // that is merely hard alone gets a short search). Then the terrain rules together,
        // the cheapest to search either way, then the number rules together.
        let mut candidates: Vec<(RuleBits, u64)> = self
            .tightest_first()
            .map(|i| (1 << i, CHEAP_SINGLE_WORK))
            .collect();
        candidates.push((scoped(Scope::Terrain), CHEAP_PROBE_WORK));
        candidates.push((scoped(Scope::Numbers), CHEAP_PROBE_WORK));
        // The whole set is the main search's question, which also looks for boards.
        candidates.retain(|&(set, _)| set != 0 && set != all);
        // Where the search cannot show that there is no board, only counting can.
        let passes: &[Pass] = if search_can_prove(self.layout) {
            &[Pass::Free, Pass::Search]
        } else {
            &[Pass::Free]
        };
        let mut part = budget.share(u64::MAX, CHEAP_WORK);
        let mut found = None;
        'passes: for &pass in passes {
            for &(set, cap) in &candidates {
                if self.probe(set, pass, cap, &mut part).await == Some(false) {
                    found = Some(set);
                    break 'passes;
                }
            }
        }
        budget.absorb(&part, 0);
        Some(self.smallest(found?, budget).await)
    }

    /// Records that every rule together has no board (the search showed it).
    pub(crate) fn all_impossible(&mut self) {
        let all = self.all();
        self.impossible.push(all);
    }

    /// A smallest part of `set`, which is known to have no board, that has none either.
    pub(crate) async fn smallest(&mut self, set: RuleBits, budget: &mut Budget) -> Vec<Rule> {
        // A rule that cannot hold alone is the clearest answer; random boards break an
        // impossible rule every time, so the rules they break most often are tried first,
        // and what counting and the boards settle is settled before any search.
        let tightest: Vec<usize> = self
            .tightest_first()
            .filter(|&i| set & (1 << i) != 0)
            .collect();
        for pass in [Pass::Free, Pass::Search] {
            for &i in &tightest {
                if self.probe(1 << i, pass, PROBE_WORK, budget).await == Some(false) {
                    return vec![self.rules[i]];
                }
            }
        }
        // Then deletion, loosest rule first, so the tight rules are the ones left to name.
        let mut kept = set;
        for &i in tightest.iter().rev() {
            let without = kept & !(1 << i);
            if self.probe(without, Pass::Search, PROBE_WORK, budget).await == Some(false) {
                kept = without;
            }
        }
        self.rules_in(kept)
    }

    /// Rule indices, those random boards break most often first.
    fn tightest_first(&self) -> impl Iterator<Item = usize> {
        let mut ranked: Vec<usize> = (0..self.rules.len()).collect();
        order::sort_by_key(&mut ranked, |&i| std::cmp::Reverse(self.breaks[i]));
        ranked.into_iter()
    }

    fn rules_in(&self, set: RuleBits) -> Vec<Rule> {
        (0..self.rules.len())
            .filter(|i| set & (1 << i) != 0)
            .map(|i| self.rules[i])
            .collect()
    }

    /// Draws up to `count` random boards and records what each breaks.
    async fn draw(&mut self, count: u32, budget: &mut Budget) {
        for _ in 0..count {
            if !budget.draw(self.layout.cells.len()) {
                return;
            }
            let deal = random_deal(self.layout, self.settings, &mut self.rng);
            if let Some(broken) = self.broken_by(&deal) {
                for (i, tally) in self.breaks.iter_mut().enumerate() {
                    *tally += u32::from(broken & (1 << i) != 0);
                }
                self.note(broken);
            }
            budget.look().await;
        }
    }

    /// The rules a board of the request's number placement breaks; `None` if it breaks a
    /// lock or the layout's own constraints (then it shows nothing about the rules).
    fn broken_by(&self, (terrain, numbers): &Deal) -> Option<RuleBits> {
        let layout = self.layout;
        if !(self.settings.locks_hold(terrain, numbers)
            && obeys(layout, &RuleSet::default(), terrain, numbers))
        {
            return None;
        }
        let known: Vec<_> = terrain.iter().map(|&t| Some(t)).collect();
        let view = PartialBoard::complete(&known, numbers);
        let holds = |rule: &Rule| {
            CellId::all(layout.cells.len()).all(|c| rule.allows_partial(layout, &view, c))
        };
        Some(
            self.rules
                .iter()
                .enumerate()
                .filter(|(_, rule)| !holds(rule))
                .fold(0, |set, (i, _)| set | (1 << i)),
        )
    }

    /// Keeps a board's broken set, unless a board breaking a part of it is already kept.
    fn note(&mut self, broken: RuleBits) {
        if self.boards.iter().any(|&b| b & !broken == 0) {
            return;
        }
        self.boards.retain(|&b| broken & !b != 0);
        self.boards.push(broken);
    }

    /// What is already known about `set`: a board keeps all of it, or a part of it has no
    /// board.
    fn known(&self, set: RuleBits) -> Option<bool> {
        if self.impossible.iter().any(|&i| i & !set == 0) {
            Some(false)
        } else if self.boards.iter().any(|&b| b & set == 0) {
            Some(true)
        } else {
            None
        }
    }

    /// Whether some board keeps every rule of `set` and the locks (`None`: not settled),
    /// searching with at most `cap` work.
    async fn probe(
        &mut self,
        set: RuleBits,
        pass: Pass,
        cap: u64,
        budget: &mut Budget,
    ) -> Option<bool> {
        if let Some(answer) = self.known(set) {
            return Some(answer);
        }
        let settings = Settings {
            rules: RuleSet::new(self.rules_in(set)),
            ..self.settings.clone()
        };
        let layout = self.layout;
        if pass == Pass::Free {
            // The search starts with these same checks.
            let impossible = impossible_by_counting_or_locks(layout, &settings);
            if impossible {
                self.impossible.push(set);
            }
            return impossible.then_some(false);
        }
        // Rules on terrain alone do not read the numbers, so under the spiral they are asked
        // with tokens laid freely: one terrain search instead of one a spiral start. No
        // board with free tokens means no board with spiral tokens either; a board found
        // that way counts once its tokens are laid along a spiral; failing that, the
        // question is asked as it is.
        let terrain_only = self
            .rules_in(set)
            .iter()
            .all(|r| r.scope() == Scope::Terrain);
        if terrain_only && settings.numbers == NumberMode::Spiral {
            let free_tokens = Settings {
                numbers: NumberMode::Random,
                ..settings.clone()
            };
            if let Some(answer) = self.search(set, &free_tokens, cap, budget).await {
                return Some(answer);
            }
        }
        self.search(set, &settings, cap, budget).await
    }

    /// Searches for a board of `settings` (the request's, with the rules of `set`) and
    /// records what it shows.
    async fn search(
        &mut self,
        set: RuleBits,
        settings: &Settings,
        cap: u64,
        budget: &mut Budget,
    ) -> Option<bool> {
        let layout = self.layout;
        let mut part = budget.share(u64::MAX, cap);
        let outcome = search(
            layout,
            settings,
            &mut self.rng,
            &mut part,
            Opening::FewAttempts,
        )
        .await;
        budget.absorb(&part, 0);
        match outcome {
            Outcome::Found(deal) if settings.numbers == self.settings.numbers => {
                let broken = self.broken_by(&deal)?;
                self.note(broken);
                Some(true)
            }
            Outcome::Found((terrain, numbers)) => {
                // Found with free tokens: its terrain keeps the set's rules (they are on
                // terrain alone) whatever the tokens, so the board shows the set possible
                // if the spiral from some start keeps the locks.
                let on_spiral = spiral_variants(layout, &terrain, &numbers)
                    .into_iter()
                    .find_map(|laid| self.broken_by(&(terrain.clone(), laid)))?;
                self.note(on_spiral);
                (on_spiral & set == 0).then_some(true)
            }
            Outcome::Exhausted => {
                self.impossible.push(set);
                Some(false)
            }
            Outcome::OutOfBudget => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Only what is already known or follows by counting.
    Free,
    /// A search too, if need be.
    Search,
}
