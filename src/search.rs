//! Searching for a board with the balance a table asks for: even, lopsided, or near a
//! target score ("fair but lively"). Plain best-of-K sampling wastes most candidates on
//! boards far from the goal; instead each restart draws a fresh legal board and improves it
//! by legal swaps (terrain of two hexes, or two tokens), with simulated annealing so it can
//! leave shallow dips, and the best board over all restarts wins. Restarts keep variety:
//! boards of consecutive seeds start from unrelated random boards.

use std::fmt;

use crate::board::Board;
use crate::layout::Layout;
use crate::moves::{SpiralLock, Walk};
use crate::random::Random;
use crate::score::Scorer;
use crate::solve::{
    assemble, dealt_kinds, generate, lay_spiral, place_harbours, spiral_paths, GenerateError,
    Settings,
};

/// What the search aims for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// Any legal board: the generator's own draw, no scoring.
    Random,
    /// The lowest score found.
    Balanced,
    /// The highest score found.
    Unbalanced,
    /// A score as near this one (0-1) as found.
    Target(f64),
}

impl Mode {
    /// The modes that take no parameter (a target score is chosen separately).
    pub const PLAIN: [Mode; 3] = [Mode::Random, Mode::Balanced, Mode::Unbalanced];

    pub fn name(self) -> String {
        match self {
            Mode::Random => "random".into(),
            Mode::Balanced => "balanced".into(),
            Mode::Unbalanced => "unbalanced".into(),
            Mode::Target(t) => format!("target={t}"),
        }
    }

    /// What the search minimises for a board of score `s`.
    fn cost(self, s: f64) -> f64 {
        match self {
            Mode::Random | Mode::Balanced => s,
            Mode::Unbalanced => -s,
            Mode::Target(t) => (s - t).abs(),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The default budget of candidate boards (each scored once).
pub const DEFAULT_CANDIDATES: u32 = 10_000;
/// Candidates each restart gets; a search of 10,000 makes four restarts.
const CANDIDATES_PER_RESTART: u32 = 2500;
/// Annealing temperature (in score units) at the start and end of each restart.
const HOT: f64 = 0.01;
const COLD: f64 = 0.0001;

#[derive(Clone, Debug)]
pub struct Found {
    pub board: Board,
    pub score: f64,
    /// Candidate boards scored.
    pub candidates: u32,
}

/// The board for `seed` under `settings`, searched for `mode` over `candidates` candidates.
pub fn find(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
) -> Result<Found, GenerateError> {
    find_with_progress(settings, mode, candidates, seed, &mut |_, _| {})
}

/// [`find`], telling `progress` (candidates searched, candidates in all) after each restart,
/// so a caller can show how far a long search has come. The board is the same either way.
pub fn find_with_progress(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Found, GenerateError> {
    let scorer = Scorer::new(settings.layout);
    if mode == Mode::Random {
        let board = generate(settings, seed)?;
        let score = scorer.score_board(&board);
        return Ok(Found {
            board,
            score,
            candidates: 1,
        });
    }
    let layout = Layout::get(settings.layout);
    let mut rng = Random::new(seed);
    let restarts = candidates.div_ceil(CANDIDATES_PER_RESTART).max(1);
    let mut best: Option<(f64, Board)> = None;
    let mut used = 0;
    for restart in 0..restarts {
        let share = (candidates - used) / (restarts - restart);
        let start = generate(settings, rng.next_u64())?;
        let (cost, board) = anneal(
            layout,
            settings,
            &scorer,
            mode,
            start,
            share.max(1),
            &mut rng,
        );
        used += share.max(1);
        progress(u64::from(used), u64::from(candidates));
        if best.as_ref().is_none_or(|(b, _)| cost < *b) {
            best = Some((cost, board));
        }
    }
    let (_, board) = best.expect("at least one restart");
    let score = scorer.score_board(&board);
    Ok(Found {
        board,
        score,
        candidates: used,
    })
}

/// One restart: simulated annealing from `start`, returning the best board it saw.
fn anneal(
    layout: &Layout,
    settings: &Settings,
    scorer: &Scorer,
    mode: Mode,
    start: Board,
    candidates: u32,
    rng: &mut Random,
) -> (f64, Board) {
    let spiral = spiral_lock(layout, settings, &start);
    let mut walk = Walk::new(
        layout,
        &settings.rules,
        (start.terrain.clone(), start.numbers.clone()),
        spiral,
        &settings.locks.iter().map(|l| l.cell).collect::<Vec<_>>(),
    );
    let mut cost = mode.cost(scorer.score(&walk.terrain, &walk.numbers));
    let mut best = (cost, walk.placement());
    // Cooling from HOT to COLD, linear in 1/T: plain arithmetic, the same in every build.
    let steps = f64::from(candidates.max(2) - 1);
    for i in 0..candidates {
        let temperature = 1.0 / (1.0 / HOT + (1.0 / COLD - 1.0 / HOT) * f64::from(i) / steps);
        let Some(m) = walk.step(rng) else { continue };
        let next = mode.cost(scorer.score(&walk.terrain, &walk.numbers));
        if rng.accept(next - cost, temperature) {
            cost = next;
            if cost < best.0 {
                best = (cost, walk.placement());
            }
        } else {
            walk.apply(m);
        }
    }
    let (terrain, numbers) = best.1;
    // Harbours that follow the terrain (New World, McGuire) are placed again for the final
    // map, with the kinds the start board was dealt.
    let harbours = if terrain == start.terrain {
        start.harbours.clone()
    } else {
        place_harbours(layout, &terrain, dealt_kinds(layout, &start), rng)
    };
    (best.0, assemble(layout, terrain, numbers, harbours))
}

/// Under spiral placement, the path the start board's letters follow.
fn spiral_lock(layout: &Layout, settings: &Settings, board: &Board) -> Option<SpiralLock> {
    if !settings.spiral() {
        return None;
    }
    let zone = layout.zones.iter().position(|z| z.spiral.is_some())?;
    let z = &layout.zones[zone];
    spiral_paths(layout, z, &board.terrain)
        .into_iter()
        .find_map(|path| {
            let mut numbers = board.numbers.clone();
            lay_spiral(z, &path, &board.terrain, &mut numbers);
            (numbers == board.numbers).then_some(SpiralLock {
                zone,
                path,
                from_harbour: layout.spiral_from_harbour,
            })
        })
}

/// Best of `candidates` random legal boards: the baseline the search must beat.
pub fn best_of_random(settings: &Settings, mode: Mode, candidates: u32, seed: u64) -> f64 {
    let layout = Layout::get(settings.layout);
    let scorer = Scorer::new(settings.layout);
    let mut rng = Random::new(seed);
    (0..candidates)
        .filter_map(|_| crate::solve::rejection_sample(layout, settings, &mut rng, 1_000_000))
        .map(|(t, n)| scorer.score(&t, &n))
        .min_by(|a, b| mode.cost(*a).total_cmp(&mode.cost(*b)))
        .expect("candidates > 0")
}

/// Mean number of hexes whose terrain differs between two boards.
pub fn terrain_distance(a: &Board, b: &Board) -> usize {
    a.terrain
        .iter()
        .zip(&b.terrain)
        .filter(|(x, y)| x != y)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::LayoutId;
    use crate::rules::{Rule, RuleSet};

    #[test]
    fn balanced_beats_unbalanced_and_keeps_the_rules() {
        let settings = Settings::new(
            LayoutId::Base,
            RuleSet::new([Rule::NoAdjacentRed, Rule::NoAdjacentSameNumber]),
        );
        let low = find(&settings, Mode::Balanced, 4000, 1).unwrap();
        let high = find(&settings, Mode::Unbalanced, 4000, 1).unwrap();
        assert!(low.score < 0.1, "balanced {}", low.score);
        assert!(high.score > 0.5, "unbalanced {}", high.score);
        for found in [&low, &high] {
            assert!(settings.rules.broken_by(&found.board).is_empty());
            assert_eq!(found.candidates, 4000);
            assert!(
                (Scorer::new(LayoutId::Base).score_board(&found.board) - found.score).abs() < 1e-12
            );
        }
    }

    #[test]
    fn target_lands_near_the_target() {
        let settings = Settings::default();
        for target in [0.15, 0.3, 0.45] {
            let found = find(&settings, Mode::Target(target), 3000, 9).unwrap();
            assert!(
                (found.score - target).abs() < 0.01,
                "target {target}: {}",
                found.score
            );
        }
    }

    #[test]
    fn same_seed_same_board() {
        let settings = Settings::default();
        let a = find(&settings, Mode::Balanced, 2000, 5).unwrap();
        let b = find(&settings, Mode::Balanced, 2000, 5).unwrap();
        assert_eq!(a.board, b.board);
    }

    #[test]
    fn progress_counts_up_to_the_budget_and_leaves_the_board_alone() {
        let settings = Settings::default();
        let mut seen = Vec::new();
        let found = find_with_progress(&settings, Mode::Balanced, 6000, 5, &mut |done, all| {
            seen.push((done, all))
        })
        .unwrap();
        assert_eq!(
            found.board,
            find(&settings, Mode::Balanced, 6000, 5).unwrap().board
        );
        // 6,000 candidates make three restarts of 2,000.
        assert_eq!(seen, [(2000, 6000), (4000, 6000), (6000, 6000)]);
    }
}
