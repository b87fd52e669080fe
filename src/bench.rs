//! The benchmark behind `hexfair bench` and the app's in-browser benchmark: the same loops,
//! timed by whatever clock the platform has (std's natively, `performance.now()` in wasm).

use serde::Serialize;

use crate::layout::Layout;
use crate::moves::Walk;
use crate::random::Random;
use crate::score::Scorer;
use crate::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::solve::{generate, obeys, random_placement, Settings};

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Candidates of the balance search (a legal swap, then a score) per second.
    pub search_candidates_per_second: f64,
    /// Random boards drawn, checked against the rules and scored per second.
    pub random_candidates_per_second: f64,
    /// Milliseconds for one balanced board from 10,000 candidates (median of the runs).
    pub balanced_board_ms: f64,
    pub balanced_runs: u32,
    pub candidates_timed: u64,
}

/// Runs the benchmark on the base board with the default rules. `now` returns
/// milliseconds; `quick` shortens every loop (for CI) without changing what is measured.
pub fn run(now: &dyn Fn() -> f64, quick: bool) -> Report {
    let settings = Settings::default();
    let layout = Layout::get(settings.layout);
    let scorer = Scorer::new(settings.layout);
    let scale: u32 = if quick { 1 } else { 20 };
    let mut rng = Random::new(2024);
    let mut sink = 0.0;

    // The search's inner loop: propose a legal swap, score the board.
    let start = generate(&settings, 1).expect("default rules hold");
    let mut walk = Walk::new(
        layout,
        &settings.rules,
        (start.terrain, start.numbers),
        None,
        &[],
    );
    let search_candidates = 200_000 * scale;
    let t0 = now();
    for _ in 0..search_candidates {
        if walk.step(&mut rng).is_some() {
            sink += scorer.score(&walk.terrain, &walk.numbers);
        }
    }
    let search_ms = now() - t0;

    // Best-of-K's loop: a random board, its rules, its score.
    let random_candidates = 100_000 * scale;
    let t0 = now();
    for _ in 0..random_candidates {
        let (t, n) = random_placement(layout, &settings, &mut rng);
        if obeys(layout, &settings.rules, &t, &n) {
            sink += scorer.score(&t, &n);
        }
    }
    let random_ms = now() - t0;

    let runs = 5 * scale;
    let mut times: Vec<f64> = (0..runs)
        .map(|seed| {
            let t0 = now();
            let found = find(
                &settings,
                Mode::Balanced,
                DEFAULT_CANDIDATES,
                u64::from(seed),
            )
            .expect("default rules hold");
            sink += found.score;
            now() - t0
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    // Keep the optimiser from discarding the loops.
    assert!(sink.is_finite());
    Report {
        search_candidates_per_second: f64::from(search_candidates) / (search_ms / 1000.0),
        random_candidates_per_second: f64::from(random_candidates) / (random_ms / 1000.0),
        balanced_board_ms: times[times.len() / 2],
        balanced_runs: runs,
        candidates_timed: u64::from(search_candidates) + u64::from(random_candidates),
    }
}
