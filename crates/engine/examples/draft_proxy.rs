//! Does a board's varied drafts predict its seat effect on varied tables
//! (`hexfair::balance::draft`)? For each board: each seat's mean opening strength over
//! DRAFTS varied drafts (`VariedDraft::mean_strengths`, as the search judges boards) and
//! its share of GAMES fresh varied-table games in two halves; each with the seat means over
//! the boards taken out, then correlated over board-seats. The halves' own agreement bounds
//! what any predictor can reach.
//!
//! `cargo run --release --example draft_proxy [BOARDS] [GAMES] [DRAFTS]` (defaults 160,
//! 8,000, 600): random boards of seeds 0 to BOARDS - 1 and the balanced search's boards of
//! seeds 5,000 on (half as many), base board, 4 seats.

use hexfair::balance::draft::VariedDraft;
use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::Settings;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;
use rayon::prelude::*;

#[path = "common/correlation.rs"]
mod correlation;
use correlation::pearson;

/// One board's figures: each seat's share in either half of the games, and its strength.
struct Row {
    halves: [Vec<f64>; 2],
    strength: Vec<f64>,
}

/// Each board's values less the boards' mean for that seat, all boards' seats in a row.
fn residuals(rows: &[Vec<f64>]) -> Vec<f64> {
    let seats = rows[0].len();
    let n = rows.len() as f64;
    let means: Vec<f64> = (0..seats)
        .map(|s| rows.iter().map(|r| r[s]).sum::<f64>() / n)
        .collect();
    rows.iter()
        .flat_map(|r| r.iter().zip(&means).map(|(v, m)| v - m))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(160);
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8_000);
    let drafts: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(600);
    // A table model's name: its games, and drafts of its players only.
    let table: Option<TableModel> = args.get(3).map(|a| TableModel::parse(a).expect("a table"));
    let seats = 4;
    let settings = Settings::new(LayoutId::Base, RuleSet::standard());
    for (kind, mode, from, count) in [
        ("random", Mode::Random, 0, boards),
        ("balanced", Mode::Balanced, 5_000, boards / 2),
    ] {
        let rows: Vec<Row> = (from..from + count)
            .into_par_iter()
            .map(|seed| {
                let board = find(&settings, mode, DEFAULT_CANDIDATES, seed)
                    .expect("standard rules hold")
                    .board;
                let half = |games_seed: u64| -> Vec<f64> {
                    PlayTest::new(&board, seats, BotKind::Greedy, games / 2, games_seed)
                        .expect("a base board")
                        .with_model(table.unwrap_or(TableModel::Varied))
                        .run()
                        .seats
                        .iter()
                        .map(|s| s.win_rate)
                        .collect()
                };
                let mut draft = VariedDraft::new(Layout::get(LayoutId::Base)).expect("judged");
                if let Some(model) = table {
                    draft = draft.drawn_from(model);
                }
                Row {
                    halves: [half(0xF00D + seed), half(0xBEEF + seed)],
                    strength: draft.mean_strengths(&board, seats, drafts, 0xABC0 + seed),
                }
            })
            .collect();
        let column =
            |f: &dyn Fn(&Row) -> Vec<f64>| residuals(&rows.iter().map(f).collect::<Vec<_>>());
        let (a, b) = (
            column(&|r| r.halves[0].clone()),
            column(&|r| r.halves[1].clone()),
        );
        let both: Vec<f64> = a.iter().zip(&b).map(|(x, y)| (x + y) / 2.0).collect();
        let strength = column(&|r| r.strength.clone());
        println!(
            "{kind} boards ({count}): halves of the games agree at r = {:.3}; strength against all the games r = {:.3}",
            pearson(&a, &b),
            pearson(&both, &strength)
        );
    }
}
