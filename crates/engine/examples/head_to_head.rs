//! Bot against bot, for docs/play.md: one seat played by bot A (rotated through the seats),
//! the others by bot B, on random base boards at 4 seats, at each table model; A's share of
//! the games (its fair share 0.25) with its 95% interval, and games a second.
//!
//! `cargo run --release --example head_to_head [A] [B] [BOARDS] [GAMES] [FIRST]` (defaults
//! lookahead, greedy, 50 boards, 40 games a board: 2,000 games a table; boards of seeds FIRST
//! on, 500 by default).

use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::play::bots::BotKind;
use hexfair::play::playtest::wilson;
use hexfair::play::table::MAX_SEATS;
use hexfair::play::{Game, Table, TableModel};
use hexfair::rules::RuleSet;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bot = |i: usize, default: BotKind| {
        args.get(i)
            .and_then(|a| BotKind::parse(a))
            .unwrap_or(default)
    };
    let (a, b) = (bot(0, BotKind::Lookahead), bot(1, BotKind::Greedy));
    let boards: u64 = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(50);
    let games: u64 = args.get(3).and_then(|x| x.parse().ok()).unwrap_or(40);
    let first: u64 = args.get(4).and_then(|x| x.parse().ok()).unwrap_or(500);
    for model in TableModel::ALL {
        let (mut wins, mut played) = (0u32, 0u32);
        let started = std::time::Instant::now();
        for board in 0..boards {
            let layout = generate(
                &Settings::new(LayoutId::Base, RuleSet::standard()),
                first + board,
            )
            .expect("a board");
            let table = Table::new(&layout).expect("a base board");
            for g in 0..games {
                let seat = (g % 4) as usize;
                let mut bots = [b; MAX_SEATS];
                bots[seat] = a;
                let mut game = Game::new(&table, 4, bots, board * 1_000 + g).with_model(model);
                let outcome = game.play();
                wins += u32::from(outcome.winner == Some(seat));
                played += 1;
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let (low, high) = wilson(wins, played);
        println!(
            "{} table: {} in one seat against three {}: wins {:.3} ({low:.3}-{high:.3}) of {played} games; {:.0} games/s",
            model.name(),
            a.name(),
            b.name(),
            f64::from(wins) / f64::from(played),
            f64::from(played) / seconds
        );
    }
}
