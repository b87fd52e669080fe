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
    run_with_progress(now, quick, &mut |_, _| {})
}

/// Loop rounds between two calls of the progress callback, so that telling it costs
/// nothing next to the work being timed.
const PROGRESS_EVERY: u32 = 16_384;

/// [`run`], telling `progress` (candidates done, candidates in all) as it goes.
pub fn run_with_progress(
    now: &dyn Fn() -> f64,
    quick: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Report {
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
    let random_candidates = 100_000 * scale;
    let runs = 5 * scale;
    let total = u64::from(search_candidates)
        + u64::from(random_candidates)
        + u64::from(runs) * u64::from(DEFAULT_CANDIDATES);
    let t0 = now();
    for i in 1..=search_candidates {
        if walk.step(&mut rng).is_some() {
            sink += scorer.score(&walk.terrain, &walk.numbers);
        }
        if i % PROGRESS_EVERY == 0 {
            progress(u64::from(i), total);
        }
    }
    let search_ms = now() - t0;

    // Best-of-K's loop: a random board, its rules, its score.
    let t0 = now();
    for i in 1..=random_candidates {
        let (t, n) = random_placement(layout, &settings, &mut rng);
        if obeys(layout, &settings.rules, &t, &n) {
            sink += scorer.score(&t, &n);
        }
        if i % PROGRESS_EVERY == 0 {
            progress(u64::from(search_candidates + i), total);
        }
    }
    let random_ms = now() - t0;

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
            let elapsed = now() - t0;
            progress(
                u64::from(search_candidates + random_candidates)
                    + u64::from(seed + 1) * u64::from(DEFAULT_CANDIDATES),
                total,
            );
            elapsed
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
