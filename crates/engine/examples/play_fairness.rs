//! Fairness in play, for docs/play.md: boards fair in play (the fair-in-play search,
//! `hexfair::play::fair`, as `hexfair generate` makes balanced boards), boards fair on paper
//! (the seat-fair balanced search alone) and random boards, each play-tested with greedy
//! bots on games no search saw, and
//! the median per-board spread (best seat's win share minus worst's) at each seat count;
//! then what seat order and chance alone give: the spread of the seats' win shares pooled
//! over every board (a seat's edge from its place in the turn order, whatever the board),
//! and the median spread of pure noise (every seat 1 in N) at the same game count.
//!
//! `cargo run --release --example play_fairness [BOARDS] [GAMES] [FIRST_SEED]` (defaults 50,
//! 2,000 and 0: seeds 0 to 49; 50 50 2000 measures the next 50).

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::catalogue::LayoutId;
use hexfair::generate::Settings;
use hexfair::play::fair::find_fair;
use hexfair::play::{BotKind, PlayTest};
use hexfair::rules::RuleSet;

#[path = "common/stats.rs"]
mod stats;
use stats::{median, noise, pooled};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>().ok());
    let boards = args.next().flatten().unwrap_or(50);
    let games = args.next().flatten().unwrap_or(2_000);
    let first_seed = u64::from(args.next().flatten().unwrap_or(0));
    println!(
        "{boards} boards a row, {games} games a board, greedy bots in every seat, no trades between players"
    );
    for (layout, seat_counts) in [
        (LayoutId::Base, vec![4, 3]),
        (LayoutId::FiveSix, vec![5, 6]),
    ] {
        let settings = Settings::new(layout, RuleSet::standard());
        for seats in seat_counts {
            for kind in ["fair in play", "fair on paper", "random"] {
                let mut spreads = Vec::new();
                let mut scores = Vec::new();
                let mut seconds = Vec::new();
                let mut wins = [0u64; 6];
                let mut no_winner = 0;
                for seed in first_seed..first_seed + u64::from(boards) {
                    let started = std::time::Instant::now();
                    let found = match kind {
                        "fair in play" => find_fair(&settings, Mode::Balanced, seed, seats)
                            .expect("a played board")
                            .map(|f| f.found),
                        "fair on paper" => {
                            find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed)
                        }
                        _ => find(&settings, Mode::Random, DEFAULT_CANDIDATES, seed),
                    }
                    .expect("standard rules hold");
                    seconds.push(started.elapsed().as_secs_f64());
                    scores.push(found.score);
                    let board = found.board;
                    // Fresh games: not the seeds any search would use.
                    let report =
                        PlayTest::new(&board, seats, BotKind::Greedy, games, 0xF00D + seed)
                            .expect("a base-game board")
                            .run();
                    spreads.push(report.spread());
                    no_winner += report.no_winner;
                    for s in &report.seats {
                        wins[s.seat - 1] += u64::from(s.wins);
                    }
                }
                let (seat_order, shares) =
                    pooled(&wins[..seats], f64::from(boards) * f64::from(games));
                let shares: Vec<String> = shares.iter().map(|s| format!("{s:.3}")).collect();
                println!(
                    "{layout} {seats} seats, boards {kind}: median spread {:.3} (max {:.3}), median score {:.4}, median search {:.3} s; seat order alone (pooled shares {}) {seat_order:.3}; noise at {games} games {:.3}; no winner {no_winner}",
                    median(spreads.clone()),
                    spreads.iter().copied().fold(0.0, f64::max),
                    median(scores),
                    median(seconds),
                    shares.join(" "),
                    noise(seats, games),
                );
            }
        }
    }
}
