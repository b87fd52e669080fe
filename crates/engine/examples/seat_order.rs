//! The seat order of every game the simulator plays (`hexfair::play::seat_order`): each
//! seat's win share pooled over many random boards, for each board's table sizes, table
//! model and bot, printed as the rows of `SEAT_ORDER`.
//!
//! `cargo run --release --example seat_order [BOARDS] [GAMES] [BOT]` (defaults 300, 400 and
//! every bot).

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::catalogue::LayoutId;
use hexfair::generate::Settings;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;
use rayon::prelude::*;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>().ok());
    let boards = args.next().flatten().unwrap_or(300);
    let games = args.next().flatten().unwrap_or(400);
    let only = std::env::args()
        .nth(3)
        .and_then(|name| BotKind::parse(&name));
    let bots: Vec<BotKind> = [BotKind::Greedy, BotKind::Weighted, BotKind::Lookahead]
        .into_iter()
        .filter(|b| only.is_none_or(|o| o == *b))
        .collect();
    for layout in [LayoutId::Base, LayoutId::McGuire, LayoutId::FiveSix] {
        let settings = Settings::new(layout, RuleSet::standard());
        let random: Vec<_> = (0..u64::from(boards))
            .map(|seed| {
                find(&settings, Mode::Random, DEFAULT_CANDIDATES, seed)
                    .expect("standard rules hold")
                    .board
            })
            .collect();
        for seats in layout.seats() {
            for model in TableModel::ALL {
                for &bot in &bots {
                    let wins = random
                        .par_iter()
                        .enumerate()
                        .map(|(i, board)| {
                            let report = PlayTest::new(board, seats, bot, games, 0x5EA7 + i as u64)
                                .expect("a base-game board")
                                .with_model(model)
                                .run();
                            report
                                .seats
                                .iter()
                                .map(|s| u64::from(s.wins))
                                .collect::<Vec<_>>()
                        })
                        .reduce(
                            || vec![0; seats],
                            |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
                        );
                    let won: u64 = wins.iter().sum();
                    let shares: Vec<String> = wins
                        .iter()
                        .map(|&w| format!("{:.4}", w as f64 / won as f64))
                        .collect();
                    let constant = match layout {
                        LayoutId::Base => "Base",
                        LayoutId::McGuire => "McGuire",
                        _ => "FiveSix",
                    };
                    println!(
                        "    row(LayoutId::{constant}, TableModel::{model:?}, BotKind::{bot:?}, &[{}]),",
                        shares.join(", ")
                    );
                }
            }
        }
    }
}
