//! Turning a layout and a rule set into a legal board, or into a proof that none exists.
//!
//! Three stages, each used only when the one before cannot answer:
//! 1. Plain rejection sampling: draw terrain and tokens uniformly and keep the first board
//!    that obeys every rule. Its output is exactly uniform over legal boards, so for the
//!    usual rule sets (where a few percent of random boards are legal) it is all we need.
//! 2. An exact backtracking search with forward checking, most-constrained cell first and
//!    value order drawn from the seeded generator, bounded by a node budget. It branches on
//!    where the number-less tiles (the desert) go first: the number rules depend on the
//!    numbers and on that mask only, so a mask whose tokens cannot be placed is ruled out
//!    at the top of the tree and an impossible rule set is proved impossible quickly.
//! 3. A board found by search is then mixed by random legal swaps (a symmetric Markov
//!    chain, whose stationary distribution is uniform over the legal boards it reaches), so
//!    hard rule sets do not inherit the search's bias.
//!
//! When the space is exhausted, the error names a smallest set of the active rules that
//! cannot hold together (deletion-based: drop each rule whose removal keeps the set
//! infeasible). Nothing is ever relaxed silently.

use std::fmt;

use crate::board::{Board, HarbourKind, Terrain};
use crate::layout::{CellId, Layout, LayoutId};
use crate::random::Random;
use crate::rules::{PartialBoard, Rule, RuleSet};

/// Everything that decides a board besides the seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    pub layout: LayoutId,
    pub rules: RuleSet,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            layout: LayoutId::Base,
            rules: RuleSet::standard(),
        }
    }
}

/// Why no board came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// No board of the layout obeys all of these rules together (a smallest such set).
    Infeasible {
        layout: LayoutId,
        conflict: Vec<Rule>,
    },
    /// The search gave up before finding a board or proving there is none.
    BudgetExhausted { nodes: u64 },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Infeasible { layout, conflict } => {
                let names: Vec<String> = conflict.iter().map(|r| r.name()).collect();
                let words: Vec<String> = conflict.iter().map(|r| r.describe()).collect();
                if conflict.len() == 1 {
                    write!(
                        f,
                        "no {layout} board can satisfy rule {} ({})",
                        names[0], words[0]
                    )
                } else {
                    write!(
                        f,
                        "no {layout} board can satisfy these rules together: {} ({})",
                        names.join(", "),
                        words.join("; ")
                    )
                }
            }
            GenerateError::BudgetExhausted { nodes } => write!(
                f,
                "gave up after searching {nodes} positions without finding a board or proving \
                 that none exists; try fewer or looser rules"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// Rejection tries before the exact search takes over.
const REJECTION_TRIES: u32 = 3_000;
/// Search nodes (placements tried) for one exact search.
pub const NODE_BUDGET: u64 = 2_000_000;
/// Random legal swaps applied to a board the exact search found.
const MIXING_SWAPS: u32 = 4_000;

/// Generates the board for `seed` under `settings`.
pub fn generate(settings: &Settings, seed: u64) -> Result<Board, GenerateError> {
    let layout = Layout::get(settings.layout);
    let mut rng = Random::new(seed);
    let mut harbours = layout.harbour_bag.clone();
    rng.shuffle(&mut harbours);
    let (terrain, numbers) = draw_legal(layout, &settings.rules, &mut rng)?;
    Ok(assemble(layout, terrain, numbers, harbours))
}

/// Puts the pieces together; the robber starts on the first desert, if there is one.
fn assemble(
    layout: &Layout,
    terrain: Vec<Terrain>,
    numbers: Vec<Option<u8>>,
    harbours: Vec<HarbourKind>,
) -> Board {
    let robber = terrain.iter().position(|&t| t == Terrain::Desert);
    Board {
        layout: layout.id,
        terrain,
        numbers,
        harbours,
        robber,
    }
}

type Placement = (Vec<Terrain>, Vec<Option<u8>>);

/// A legal terrain and number placement, drawn as uniformly as the rules allow.
fn draw_legal(
    layout: &Layout,
    rules: &RuleSet,
    rng: &mut Random,
) -> Result<Placement, GenerateError> {
    if let Some(found) = rejection_sample(layout, rules, rng, REJECTION_TRIES) {
        return Ok(found);
    }
    let mut budget = Budget::new(NODE_BUDGET);
    match search(layout, rules, rng, &mut budget) {
        Outcome::Found(mut placement) => {
            mix(layout, rules, rng, &mut placement, MIXING_SWAPS);
            Ok(placement)
        }
        Outcome::Exhausted => Err(GenerateError::Infeasible {
            layout: layout.id,
            conflict: smallest_conflict(layout, rules),
        }),
        Outcome::OutOfBudget => Err(GenerateError::BudgetExhausted { nodes: budget.used }),
    }
}

/// One uniformly random board, legal or not.
pub fn random_placement(layout: &Layout, rng: &mut Random) -> Placement {
    let mut terrain = layout.terrain_bag.clone();
    rng.shuffle(&mut terrain);
    let numbers = deal_tokens(layout, &terrain, rng);
    (terrain, numbers)
}

/// Shuffles the token bag onto the cells whose terrain takes a number, in cell order.
fn deal_tokens(layout: &Layout, terrain: &[Terrain], rng: &mut Random) -> Vec<Option<u8>> {
    let mut tokens = layout.token_bag.clone();
    rng.shuffle(&mut tokens);
    let mut next = tokens.into_iter();
    terrain
        .iter()
        .map(|t| if t.takes_number() { next.next() } else { None })
        .collect()
}

fn obeys(layout: &Layout, rules: &RuleSet, terrain: &[Terrain], numbers: &[Option<u8>]) -> bool {
    let terrain: Vec<Option<Terrain>> = terrain.iter().map(|&t| Some(t)).collect();
    let view = PartialBoard {
        terrain: &terrain,
        numbers,
        pending: &vec![false; numbers.len()],
    };
    (0..layout.cells.len()).all(|cell| {
        rules
            .rules()
            .iter()
            .all(|r| r.allows_partial(layout, &view, cell))
    })
}

/// Draws whole random boards until one is legal; exactly uniform over legal boards.
pub fn rejection_sample(
    layout: &Layout,
    rules: &RuleSet,
    rng: &mut Random,
    tries: u32,
) -> Option<Placement> {
    (0..tries).find_map(|_| {
        let (terrain, numbers) = random_placement(layout, rng);
        obeys(layout, rules, &terrain, &numbers).then_some((terrain, numbers))
    })
}

enum Outcome {
    Found(Placement),
    Exhausted,
    OutOfBudget,
}

struct Budget {
    limit: u64,
    used: u64,
}

impl Budget {
    fn new(limit: u64) -> Self {
        Budget { limit, used: 0 }
    }

    /// Counts one node; false once the budget is spent.
    fn spend(&mut self) -> bool {
        self.used += 1;
        self.used <= self.limit
    }
}

/// The exact search: every mask of number-less cells, then numbers and terrain under it.
fn search(layout: &Layout, rules: &RuleSet, rng: &mut Random, budget: &mut Budget) -> Outcome {
    let numberless_count = layout
        .terrain_bag
        .iter()
        .filter(|t| !t.takes_number())
        .count();
    let mut masks = combinations(layout.cells.len(), numberless_count);
    rng.shuffle(&mut masks);
    let mut out_of_budget = false;
    for mask in masks {
        let mut state = SearchState::new(layout, rules);
        state.set_mask(&mask);
        // Numbers first: they are the usual bottleneck and depend on the mask alone.
        match state.place_tokens(rng, budget) {
            Some(true) => {}
            Some(false) => continue,
            None => {
                out_of_budget = true;
                continue;
            }
        }
        match state.place_terrain(rng, budget) {
            Some(true) => return Outcome::Found(state.into_placement()),
            Some(false) => continue,
            None => out_of_budget = true,
        }
    }
    if out_of_budget {
        Outcome::OutOfBudget
    } else {
        Outcome::Exhausted
    }
}

/// Whether some legal board exists (`None`: the budget ran out before an answer).
fn feasible(layout: &Layout, rules: &RuleSet, rng: &mut Random) -> Option<bool> {
    if rejection_sample(layout, rules, rng, REJECTION_TRIES).is_some() {
        return Some(true);
    }
    match search(layout, rules, rng, &mut Budget::new(NODE_BUDGET)) {
        Outcome::Found(_) => Some(true),
        Outcome::Exhausted => Some(false),
        Outcome::OutOfBudget => None,
    }
}

/// A smallest infeasible subset of `rules` (irreducible: drop any rule and it is feasible),
/// by deletion. A rule whose removal cannot be decided within the budget is kept, so the
/// answer is always a set that really conflicts.
pub fn smallest_conflict(layout: &Layout, rules: &RuleSet) -> Vec<Rule> {
    let mut rng = Random::new(0x5EED);
    // A single rule that is impossible on its own is the clearest answer.
    if let Some(&alone) = rules
        .rules()
        .iter()
        .find(|&&r| feasible(layout, &RuleSet::new([r]), &mut rng) == Some(false))
    {
        return vec![alone];
    }
    let mut kept = rules.clone();
    for &rule in rules.rules() {
        let without = kept.without(rule);
        if feasible(layout, &without, &mut rng) == Some(false) {
            kept = without;
        }
    }
    kept.rules().to_vec()
}

/// Which half of the board a search pass fills.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Numbers,
    Terrain,
}

struct SearchState<'a> {
    layout: &'a Layout,
    rules: &'a RuleSet,
    /// The cells that take no token (desert, sea): the mask the search branches on first.
    numberless: Vec<bool>,
    terrain: Vec<Option<Terrain>>,
    numbers: Vec<Option<u8>>,
    /// Numbered cells whose token is still to be placed.
    pending: Vec<bool>,
}

impl<'a> SearchState<'a> {
    fn new(layout: &'a Layout, rules: &'a RuleSet) -> Self {
        let n = layout.cells.len();
        SearchState {
            layout,
            rules,
            numberless: vec![false; n],
            terrain: vec![None; n],
            numbers: vec![None; n],
            pending: vec![false; n],
        }
    }

    /// Marks the numberless cells; every other cell now waits for a token.
    fn set_mask(&mut self, numberless: &[CellId]) {
        for cell in 0..self.layout.cells.len() {
            self.numberless[cell] = numberless.contains(&cell);
            self.pending[cell] = !self.numberless[cell];
        }
    }

    fn is_open(&self, phase: Phase, cell: CellId) -> bool {
        match phase {
            Phase::Numbers => !self.numberless[cell] && self.numbers[cell].is_none(),
            Phase::Terrain => self.terrain[cell].is_none(),
        }
    }

    /// Writes a value (a token, or a terrain's index) or clears it with `None`.
    fn put(&mut self, phase: Phase, cell: CellId, value: Option<u8>) {
        match phase {
            Phase::Numbers => {
                self.numbers[cell] = value;
                self.pending[cell] = value.is_none();
            }
            Phase::Terrain => self.terrain[cell] = value.map(|i| Terrain::ALL[usize::from(i)]),
        }
    }

    /// Whether `value` may go on `cell` now: it matches the mask and breaks no rule.
    fn allows(&mut self, phase: Phase, cell: CellId, value: u8) -> bool {
        if phase == Phase::Terrain
            && Terrain::ALL[usize::from(value)].takes_number() == self.numberless[cell]
        {
            return false;
        }
        self.put(phase, cell, Some(value));
        let view = PartialBoard {
            terrain: &self.terrain,
            numbers: &self.numbers,
            pending: &self.pending,
        };
        let ok = self
            .rules
            .rules()
            .iter()
            .filter(|r| r.is_terrain_only() == (phase == Phase::Terrain))
            .all(|r| r.allows_partial(self.layout, &view, cell));
        self.put(phase, cell, None);
        ok
    }

    /// Indices into `remaining` of the values `cell` may take now.
    fn legal_values(&mut self, phase: Phase, cell: CellId, remaining: &[(u8, u32)]) -> Vec<usize> {
        (0..remaining.len())
            .filter(|&i| remaining[i].1 > 0 && self.allows(phase, cell, remaining[i].0))
            .collect()
    }

    /// Places every token, the most probable first (they are the hardest to fit), each
    /// on a cell chosen in random order; equal tokens go on increasing cells so that no
    /// arrangement is visited twice. `None` when the budget ran out.
    fn place_tokens(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
        let mut tokens = self.layout.token_bag.clone();
        tokens.sort_unstable_by_key(|&t| (std::cmp::Reverse(crate::board::pips(t)), t));
        self.place_token(&tokens, 0, 0, rng, budget)
    }

    fn place_token(
        &mut self,
        tokens: &[u8],
        k: usize,
        after: CellId,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let Some(&token) = tokens.get(k) else {
            return Some(true);
        };
        let first = if k > 0 && tokens[k - 1] == token {
            after
        } else {
            0
        };
        let mut cells: Vec<CellId> = (first..self.layout.cells.len())
            .filter(|&c| self.pending[c] && self.allows(Phase::Numbers, c, token))
            .collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            if !budget.spend() {
                return None;
            }
            self.put(Phase::Numbers, cell, Some(token));
            match self.place_token(tokens, k + 1, cell + 1, rng, budget) {
                Some(false) => {}
                other => return other,
            }
            self.put(Phase::Numbers, cell, None);
        }
        Some(false)
    }

    /// Fills every cell's terrain from the bag; `None` when the budget ran out.
    fn place_terrain(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
        let bag: Vec<u8> = self
            .layout
            .terrain_bag
            .iter()
            .map(|t| t.index() as u8)
            .collect();
        let mut remaining = counts(&bag);
        self.dfs(Phase::Terrain, &mut remaining, rng, budget)
    }

    /// Backtracking: most-constrained cell first, values in random order, forward checking
    /// on the neighbours.
    fn dfs(
        &mut self,
        phase: Phase,
        remaining: &mut [(u8, u32)],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let mut best: Option<(CellId, Vec<usize>)> = None;
        for cell in 0..self.layout.cells.len() {
            if !self.is_open(phase, cell) {
                continue;
            }
            let legal = self.legal_values(phase, cell, remaining);
            if legal.is_empty() {
                return Some(false);
            }
            if best.as_ref().is_none_or(|(_, b)| legal.len() < b.len()) {
                best = Some((cell, legal));
            }
        }
        let Some((cell, mut values)) = best else {
            return Some(true);
        };
        rng.shuffle(&mut values);
        for v in values {
            if !budget.spend() {
                return None;
            }
            self.put(phase, cell, Some(remaining[v].0));
            remaining[v].1 -= 1;
            let neighbours_ok = self.layout.cell_neighbors[cell].iter().all(|&n| {
                !self.is_open(phase, n) || !self.legal_values(phase, n, remaining).is_empty()
            });
            if neighbours_ok {
                match self.dfs(phase, remaining, rng, budget) {
                    Some(false) => {}
                    other => return other,
                }
            }
            remaining[v].1 += 1;
            self.put(phase, cell, None);
        }
        Some(false)
    }

    fn into_placement(self) -> Placement {
        (
            self.terrain
                .into_iter()
                .map(|t| t.expect("search placed every cell"))
                .collect(),
            self.numbers,
        )
    }
}

/// Counts of each distinct item of a bag, in increasing order of item.
fn counts<T: Copy + Ord>(bag: &[T]) -> Vec<(T, u32)> {
    let mut items = bag.to_vec();
    items.sort_unstable();
    items.dedup();
    items
        .into_iter()
        .map(|item| (item, bag.iter().filter(|&&x| x == item).count() as u32))
        .collect()
}

/// All `k`-element subsets of `0..n`, each in increasing order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            go(i + 1, n, k, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, k, &mut Vec::with_capacity(k), &mut out);
    out
}

/// Random legal swaps: two cells' terrain (a numberless tile takes its partner's token
/// with it, so tokens stay on numbered terrain) or two cells' tokens. Each move is its own
/// inverse and proposed with the same chance both ways, so the chain is symmetric.
fn mix(layout: &Layout, rules: &RuleSet, rng: &mut Random, placement: &mut Placement, swaps: u32) {
    let n = layout.cells.len();
    let (terrain, numbers) = placement;
    for _ in 0..swaps {
        let a = rng.index(n);
        let b = rng.index(n);
        let swap_terrain = rng.below(2) == 0;
        let moves_tokens = !swap_terrain || terrain[a].takes_number() != terrain[b].takes_number();
        if swap_terrain {
            terrain.swap(a, b);
        }
        if moves_tokens {
            numbers.swap(a, b);
        }
        let tokens_on_numbered = numbers[a].is_some() == terrain[a].takes_number()
            && numbers[b].is_some() == terrain[b].takes_number();
        if !(tokens_on_numbered && obeys(layout, rules, terrain, numbers)) {
            if swap_terrain {
                terrain.swap(a, b);
            }
            if moves_tokens {
                numbers.swap(a, b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
        let mut v = v.to_vec();
        v.sort();
        v
    }

    #[test]
    fn same_seed_same_board_and_seeds_differ() {
        let settings = Settings::default();
        let a = generate(&settings, 7).unwrap();
        assert_eq!(a, generate(&settings, 7).unwrap());
        assert_ne!(a, generate(&settings, 8).unwrap());
    }

    #[test]
    fn search_path_obeys_strict_rules_and_keeps_the_bags() {
        let layout = Layout::get(LayoutId::Base);
        let rules = RuleSet::new(Rule::ALL);
        for seed in 0..20 {
            let mut rng = Random::new(seed);
            let mut budget = Budget::new(NODE_BUDGET);
            let Outcome::Found(placement) = search(layout, &rules, &mut rng, &mut budget) else {
                panic!("all four rules together are satisfiable on base");
            };
            assert!(obeys(layout, &rules, &placement.0, &placement.1));
            assert_eq!(sorted(&placement.0), sorted(&layout.terrain_bag));
            let tokens: Vec<u8> = placement.1.iter().flatten().copied().collect();
            assert_eq!(sorted(&tokens), sorted(&layout.token_bag));
        }
    }

    #[test]
    fn combinations_count() {
        assert_eq!(combinations(19, 1).len(), 19);
        assert_eq!(combinations(30, 2).len(), 435);
        assert!(combinations(5, 2).iter().all(|c| c[0] < c[1]));
    }
}

#[cfg(test)]
mod infeasible_tests {
    use super::*;

    #[test]
    fn impossible_corner_limit_is_named_alone() {
        let settings = Settings {
            layout: LayoutId::Base,
            rules: RuleSet::new([Rule::NoAdjacentRed, Rule::MaxCornerPips(8)]),
        };
        let err = generate(&settings, 1).unwrap_err();
        assert_eq!(
            err,
            GenerateError::Infeasible {
                layout: LayoutId::Base,
                conflict: vec![Rule::MaxCornerPips(8)]
            }
        );
        assert!(err.to_string().contains("max-corner-pips=8"), "{err}");
    }

    #[test]
    fn tight_corner_limit_is_met_by_search() {
        let settings = Settings {
            layout: LayoutId::Base,
            rules: RuleSet::new([Rule::MaxCornerPips(10)]),
        };
        for seed in 0..3 {
            let board = generate(&settings, seed).expect("10 pips a corner is possible");
            assert!(settings.rules.broken_by(&board).is_empty());
        }
    }
}
