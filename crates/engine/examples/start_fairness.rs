//! The fair start in play, for docs/play.md: on balanced boards (the seat-fair search's, as
//! play_fairness's "fair on paper"), games opened (a) by the bots themselves (each places
//! greedily in snake order), (b) on the fair start by spot values (`balance::spots::
//! fair_start`) and (c) on the start chosen by play (`hexfair::play::fair_start`), each
//! play-tested with greedy bots on games no search saw; the median per-board spread (best
//! seat's win share minus worst's) at each seat count, the largest, how many boards are
//! within 0.05, seat order alone (the pooled shares) and the median time to choose.
//!
//! `cargo run --release --example start_fairness [BOARDS] [GAMES] [TABLE]` (defaults 50,
//! 2,000 and greedy: the table model that plays the fresh games; the start chosen by play is
//! chosen on identical greedy players whatever it is).

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::balance::spots::fair_start;
use hexfair::catalogue::LayoutId;
use hexfair::generate::Settings;
use hexfair::play::fair_start::find_start;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;

#[path = "common/stats.rs"]
mod stats;
use stats::{median, noise, pooled};

const KINDS: [&str; 3] = ["bots' own opening", "fair start", "start chosen by play"];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let model = args
        .get(2)
        .and_then(|a| TableModel::parse(a))
        .unwrap_or(TableModel::Greedy);
    println!(
        "{boards} balanced boards a row, {games} fresh games a board, {} table, greedy bots after the opening, no trades between players",
        model.name()
    );
    for (layout, seat_counts) in [
        (LayoutId::Base, vec![4, 3]),
        (LayoutId::FiveSix, vec![5, 6]),
    ] {
        let settings = Settings::new(layout, RuleSet::standard());
        for seats in seat_counts {
            let mut spreads = [Vec::new(), Vec::new(), Vec::new()];
            let mut wins = [[0u64; 6]; 3];
            let mut seconds = Vec::new();
            let mut chosen_on = Vec::new();
            for seed in 0..u64::from(boards) {
                let board = find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed)
                    .expect("standard rules hold")
                    .board;
                let started = std::time::Instant::now();
                let found = find_start(&board, seats, seed).expect("a simulated board");
                seconds.push(started.elapsed().as_secs_f64());
                chosen_on.push(found.games.spread());
                let openings = [
                    None,
                    Some(fair_start(&board, seats).opening()),
                    Some(found.start.opening()),
                ];
                for (kind, opening) in openings.iter().enumerate() {
                    // Fresh games: not the seeds the search raced on.
                    let mut test =
                        PlayTest::new(&board, seats, BotKind::Greedy, games, 0xF00D + seed)
                            .expect("a base-game board")
                            .with_model(model);
                    if let Some(opening) = opening {
                        test = test.with_opening(opening).expect("a legal start");
                    }
                    let report = test.run();
                    spreads[kind].push(report.spread());
                    for s in &report.seats {
                        wins[kind][s.seat - 1] += u64::from(s.wins);
                    }
                }
            }
            for (kind, name) in KINDS.iter().enumerate() {
                let (seat_order, shares) =
                    pooled(&wins[kind][..seats], f64::from(boards) * f64::from(games));
                let shares: Vec<String> = shares.iter().map(|s| format!("{s:.3}")).collect();
                let within = spreads[kind].iter().filter(|&&s| s <= 0.05).count();
                println!(
                    "{layout} {seats} seats, {name}: median spread {:.3} (max {:.3}, {within} of {boards} within 0.05); seat order alone (pooled shares {}) {seat_order:.3}",
                    median(spreads[kind].clone()),
                    spreads[kind].iter().copied().fold(0.0, f64::max),
                    shares.join(" "),
                );
            }
            println!(
                "{layout} {seats} seats: choosing by play took a median {:.3} s (max {:.3} s); spread on the games it chose on {:.3}; noise at {games} games {:.3}",
                median(seconds.clone()),
                seconds.iter().copied().fold(0.0, f64::max),
                median(chosen_on),
                noise(seats, games),
            );
        }
    }
}
