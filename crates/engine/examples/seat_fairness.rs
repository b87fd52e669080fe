//! The seat-fair search's figures for docs/benchmarks.md: over 100 seeds, balanced boards of base
//! and five-six with every seat within 1 point of spot value in the snake draft (at every
//! seat count the layout is made for), the median five-factor score, and the median time; on
//! base-game tables and on Cities & Knights tables (whose drafts take a city second).
//!
//! `cargo run --release --example seat_fairness [SEEDS]`

use std::time::Instant;

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::balance::spots::snake_draft_in;
use hexfair::catalogue::LayoutId;
use hexfair::generate::Settings;
use hexfair::model::Expansion;
use hexfair::rules::RuleSet;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    println!("{seeds} seeds, {DEFAULT_CANDIDATES} candidates, default rules");
    let games = [Expansion::BaseGame, Expansion::CitiesAndKnights];
    for (layout, expansion) in [LayoutId::Base, LayoutId::FiveSix]
        .into_iter()
        .flat_map(|l| games.map(|e| (l, e)))
    {
        let settings = Settings {
            expansion,
            ..Settings::new(layout, RuleSet::default())
        };
        for mode in [Mode::Random, Mode::Balanced] {
            let (mut fair, mut scores, mut times) = (0, Vec::new(), Vec::new());
            let mut worst = vec![0u32; layout.seats().count()];
            // Seeds within a point at each seat count alone.
            let mut each = vec![0u32; layout.seats().count()];
            for seed in 0..seeds {
                let start = Instant::now();
                let found = find(&settings, mode, DEFAULT_CANDIDATES, seed).unwrap();
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                scores.push(found.score);
                let spreads: Vec<u32> = layout
                    .seats()
                    .map(|n| snake_draft_in(&found.board, n, expansion).spread)
                    .collect();
                for ((w, e), s) in worst.iter_mut().zip(&mut each).zip(&spreads) {
                    *w = (*w).max(*s);
                    *e += u32::from(*s <= 1);
                }
                fair += u32::from(spreads.iter().all(|&s| s <= 1));
            }
            println!(
                "{layout} {expansion} {mode}: {fair} of {seeds} fair at {:?} seats (each alone {:?}; largest spread {:?}), median score {:.4}, median {:.2} ms",
                layout.seats(),
                each,
                worst,
                median(scores),
                median(times)
            );
        }
    }
}
