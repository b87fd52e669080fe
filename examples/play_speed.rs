//! Games a second on one core: greedy bots at 4 seats on balanced-size base boards
//! (`cargo run --release --example play_speed [GAMES]`). Reported in docs/play.md.

use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::play::{BotKind, PlayTest};
use hexfair::rules::RuleSet;

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    for (layout, seats) in [
        (LayoutId::Base, 4),
        (LayoutId::Base, 3),
        (LayoutId::FiveSix, 6),
    ] {
        for bot in [BotKind::Greedy, BotKind::Weighted] {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 1).expect("a board");
            let test = PlayTest::new(&board, seats, bot, games, 7).expect("a playable board");
            let start = std::time::Instant::now();
            let report = test.run();
            let seconds = start.elapsed().as_secs_f64();
            let rates: Vec<String> = report
                .seats
                .iter()
                .map(|s| format!("{:.3}", s.win_rate))
                .collect();
            println!(
                "{layout} {seats} seats, {} bots: {games} games in {seconds:.2} s = {:.0} games/s; no winner {}; win rates {}",
                bot.name(),
                f64::from(games) / seconds,
                report.no_winner,
                rates.join(" ")
            );
        }
    }
}
