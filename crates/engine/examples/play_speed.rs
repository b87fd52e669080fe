//! Games a second on one core, for docs/play.md: each table model and bot in every seat on a
//! base board at 4 and 3 seats and a five-six board at 6 (`cargo run --release --example play_speed
//! [GAMES]`). Besides the wall clock it reports games per second of this process's CPU time
//! (Linux's /proc/self/stat), which a machine shared with other work leaves undisturbed.

use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;

/// This process's CPU time so far in seconds (user + system), where Linux tells it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis; utime and stime are 14th and 15th
    // of the whole line, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

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
        for (model, bot) in TableModel::ALL.into_iter().flat_map(|m| {
            [
                (m, BotKind::Greedy),
                (m, BotKind::Weighted),
                (m, BotKind::Lookahead),
            ]
        }) {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 1).expect("a board");
            let test = PlayTest::new(&board, seats, bot, games, 7)
                .expect("a playable board")
                .with_model(model);
            let start = std::time::Instant::now();
            let cpu_start = cpu_seconds();
            let report = test.run();
            let seconds = start.elapsed().as_secs_f64();
            let cpu = match (cpu_start, cpu_seconds()) {
                (Some(a), Some(b)) if b > a => {
                    format!("{:.0} games per CPU second", f64::from(games) / (b - a))
                }
                _ => "CPU time unknown".to_string(),
            };
            let rates: Vec<String> = report
                .seats
                .iter()
                .map(|s| format!("{:.3}", s.win_rate))
                .collect();
            println!(
                "{layout} {seats} seats, {} table, {} bots: {games} games in {seconds:.2} s = {:.0} games/s ({cpu}); no winner {}; win rates {}",
                model.name(),
                bot.name(),
                f64::from(games) / seconds,
                report.no_winner,
                rates.join(" ")
            );
        }
    }
}
