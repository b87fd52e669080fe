//! How far the Seats tab's chances would differ between varied and like-minded tables on the
//! same board (docs/play.md, "Where boards matter most"): for each board, each seat's share of
//! GAMES games at a varied table and at a like-minded one, the same deals (greedy bot after
//! the opening, games from seed 0xF00D + board); printed, the largest gap between the two
//! over the seats (median, 90th percentile, boards at 3 and 5 points or more) and the boards
//! on which the two favour different seats. Random and balanced boards, seeds 0 to BOARDS - 1.
//!
//! `cargo run --release --example table_gap [BOARDS] [GAMES] [SEATS]` (defaults 150, 10,000,
//! 4; base board).

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::generate::Settings;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;
use rayon::prelude::*;

#[path = "common/stats.rs"]
mod stats;
use stats::quantile;

/// Each seat's share of `games` games on `board` at `model`'s table.
fn shares(board: &Board, seats: usize, games: u32, seed: u64, model: TableModel) -> Vec<f64> {
    PlayTest::new(board, seats, BotKind::Greedy, games, 0xF00D + seed)
        .expect("a base board")
        .with_model(model)
        .run()
        .seats
        .iter()
        .map(|s| s.win_rate)
        .collect()
}

/// The seat with the largest share.
fn favoured(shares: &[f64]) -> usize {
    (0..shares.len())
        .max_by(|&i, &j| shares[i].total_cmp(&shares[j]))
        .expect("seats")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(150);
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seats: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let settings = Settings::new(LayoutId::Base, RuleSet::standard());
    for mode in [Mode::Random, Mode::Balanced] {
        let per_board: Vec<(f64, bool)> = (0..boards)
            .into_par_iter()
            .map(|seed| {
                let board = find(&settings, mode, DEFAULT_CANDIDATES, seed)
                    .expect("standard rules hold")
                    .board;
                let varied = shares(&board, seats, games, seed, TableModel::Varied);
                let alike = shares(&board, seats, games, seed, TableModel::Alike);
                let gap = varied
                    .iter()
                    .zip(&alike)
                    .map(|(v, a)| (v - a).abs())
                    .fold(0.0, f64::max);
                (gap, favoured(&varied) != favoured(&alike))
            })
            .collect();
        let gaps: Vec<f64> = per_board.iter().map(|&(g, _)| g).collect();
        let n = gaps.len();
        let at = |q: f64| quantile(gaps.clone(), q);
        let over = |points: f64| gaps.iter().filter(|&&g| g >= points / 100.0).count();
        let differ = per_board.iter().filter(|&&(_, d)| d).count();
        println!(
            "{mode}: the largest seat gap between varied and like-minded tables, median {:.3}, \
             90th percentile {:.3}; 3 points or more on {} of {n} boards, 5 or more on {}; \
             the favoured seat differs on {differ}",
            at(0.5),
            at(0.9),
            over(3.0),
            over(5.0),
        );
    }
}
