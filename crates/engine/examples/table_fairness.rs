//! Fair boards judged by tables (docs/play.md, "Fair at a real table"): random boards, the
//! seat-fair static search's boards and boards chosen by play (the race of identical greedy
//! bots, `hexfair::play::fair`), each play-tested on fresh games by several table models,
//! and for each kind and model the figures of ../shared/fairness-measure.md: the mean
//! spread, the spread the seat order and chance alone give (the null: each board's games
//! drawn from the set's pooled shares, a multinomial stand-in for shuffling games between
//! boards), the excess beyond it with the null's 95% range and the mean's standard error,
//! the median and 90th percentile of the per-board excess, and the share of boards whose
//! seat effect is beyond chance at the 99% level against the seat order of random boards at
//! that table, and the boards on which some seat's share is 5 points or more from that order
//! (a seat effect a table could notice; run it with 10,000 games a board, where chance moves
//! a share about half a point).
//!
//! `cargo run --release --example table_fairness [BOARDS] [GAMES] [LAYOUT] [SEATS] [KINDS]
//! [TABLES]` (defaults 100, 2,000, base, 4, "random,paper,play", every table; TABLES names
//! rows as printed, separated by ';': "varied;alike"; "producers (outside opening model)"
//! opens greedily by production and variety, outside the style model the balanced search's
//! choice drafts with, then plays weighted-random ("loose producers ..." the same with a
//! jitter under three pips rather than one); "planners (held out)" seats players with a
//! plan, cities or roads (`TableModel::Planners`), a model no choice sees; "checked" is the
//! seat-fair board replaced while 2,000 games on varied tables find a seat effect beyond chance); boards are
//! seeds 0 to BOARDS - 1, games from seed 0xF00D + board (no search played them).

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::generate::random::Random;
use hexfair::generate::Settings;
use hexfair::play::fair::find_fair;
use hexfair::play::seat_order::{seat_order, BoardEffect};
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;
use rayon::prelude::*;

#[path = "common/stats.rs"]
mod stats;
use stats::{median, noise, quantile};

const TABLES: [(TableModel, BotKind, &str); 8] = [
    (TableModel::Varied, BotKind::Greedy, "varied"),
    (TableModel::Alike, BotKind::Greedy, "alike"),
    (
        TableModel::Varied,
        BotKind::Weighted,
        "varied, weighted-random play",
    ),
    (
        TableModel::Varied,
        BotKind::Lookahead,
        "varied, look-ahead play",
    ),
    (
        TableModel::Greedy,
        BotKind::Greedy,
        "greedy (the race's own)",
    ),
    // Openings outside the choice's style model: greedy by production and variety (as the
    // independent simulator's bots opened), then weighted-random play.
    (
        TableModel::Producers,
        BotKind::Weighted,
        "producers (outside opening model)",
    ),
    (
        TableModel::ProducersLoose,
        BotKind::Weighted,
        "loose producers (outside opening model)",
    ),
    // Held out of every choice: players with a plan (cities or roads), greedy play.
    (TableModel::Planners, BotKind::Greedy, "planners (held out)"),
];

fn spread(wins: &[u32]) -> f64 {
    let won: u32 = wins.iter().sum();
    let won = f64::from(won.max(1));
    let max = wins.iter().copied().max().unwrap_or(0);
    let min = wins.iter().copied().min().unwrap_or(0);
    f64::from(max - min) / won
}

/// Whether some seat's share of a board's games is 5 points or more from what the turn
/// order gives it (`order`: random boards' pooled shares at the table): a seat effect a table
/// could notice (at 10,000 games a board chance moves a share about half a point).
fn noticeable(wins: &[u32], order: &[f64]) -> bool {
    let won = f64::from(wins.iter().sum::<u32>().max(1));
    wins.iter()
        .zip(order)
        .any(|(&w, &p)| (f64::from(w) / won - p).abs() >= 0.05)
}

/// `games` winners drawn from `shares`.
fn draw(shares: &[f64], games: u32, rng: &mut Random) -> Vec<u32> {
    let mut wins = vec![0u32; shares.len()];
    for _ in 0..games {
        let mut u = rng.unit();
        let mut seat = shares.len() - 1;
        for (s, &p) in shares.iter().enumerate() {
            if u < p {
                seat = s;
                break;
            }
            u -= p;
        }
        wins[seat] += 1;
    }
    wins
}

/// The seats' shares of the games won, pooled over every board of a set.
fn pooled(boards: &[Vec<u32>]) -> Vec<f64> {
    let seats = boards[0].len();
    let mut sums = vec![0u64; seats];
    for wins in boards {
        for (s, &w) in wins.iter().enumerate() {
            sums[s] += u64::from(w);
        }
    }
    let won = sums.iter().sum::<u64>() as f64;
    stats::pooled(&sums, won).1
}

/// The seat-fair board of `seed`, or, while its 2,000 games on varied tables (from the
/// play-test's seed, 1) show a seat effect beyond chance, the seat-fair board of the next
/// seed derived from it (8 tries at most): a check and replace after the search.
fn checked(settings: &Settings, seed: u64, seats: usize) -> hexfair::balance::search::Found {
    let order = seat_order(settings.layout, seats, TableModel::Varied, BotKind::Greedy)
        .expect("a measured seat order");
    let mut tried = seed;
    for attempt in 0..8 {
        let found =
            find(settings, Mode::Balanced, DEFAULT_CANDIDATES, tried).expect("standard rules hold");
        let wins: Vec<u32> = PlayTest::new(&found.board, seats, BotKind::Greedy, 2_000, 1)
            .expect("a base-game board")
            .with_model(TableModel::Varied)
            .run()
            .seats
            .iter()
            .map(|s| s.wins)
            .collect();
        if !BoardEffect::new(&wins, order).beyond_chance || attempt == 7 {
            return found;
        }
        tried = tried.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
    }
    unreachable!("the last attempt returns")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let layout = args
        .get(2)
        .and_then(|a| LayoutId::parse(a))
        .unwrap_or(LayoutId::Base);
    let seats: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(4);
    let kinds: Vec<String> = args
        .get(4)
        .map_or("random,paper,play", String::as_str)
        .split(',')
        .map(str::to_string)
        .collect();
    // Optional: the tables to play, by their rows' names, separated by ';' (every table by
    // default).
    let only: Option<Vec<String>> = args
        .get(5)
        .map(|a| a.split(';').map(str::to_string).collect());
    let played = |name: &str| only.as_ref().is_none_or(|o| o.iter().any(|w| w == name));
    let settings = Settings::new(layout, RuleSet::standard());
    println!(
        "{layout}, {seats} seats: {boards} boards a kind, {games} fresh games a board and table; \
         equal seats (pure chance) give a median spread of {:.3}",
        noise(seats, games)
    );
    // wins[kind][table][board]
    let mut all: Vec<(String, Vec<Vec<Vec<u32>>>)> = Vec::new();
    for kind in &kinds {
        let started = std::time::Instant::now();
        let made: Vec<Board> = (0..boards)
            .into_par_iter()
            .map(|seed| {
                match kind.as_str() {
                    "play" => find_fair(&settings, Mode::Balanced, seed, seats)
                        .expect("a played board")
                        .map(|f| f.found),
                    "paper" => find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed),
                    "checked" => Ok(checked(&settings, seed, seats)),
                    _ => find(&settings, Mode::Random, DEFAULT_CANDIDATES, seed),
                }
                .expect("standard rules hold")
                .board
            })
            .collect();
        eprintln!(
            "{kind}: {boards} boards in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        let per_table: Vec<Vec<Vec<u32>>> = TABLES
            .iter()
            .map(|&(model, bot, name)| {
                if !played(name) {
                    return Vec::new();
                }
                made.par_iter()
                    .enumerate()
                    .map(|(i, board)| {
                        PlayTest::new(board, seats, bot, games, 0xF00D + i as u64)
                            .expect("a base-game board")
                            .with_model(model)
                            .run()
                            .seats
                            .iter()
                            .map(|s| s.wins)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        all.push((kind.clone(), per_table));
    }
    let random_order: Option<Vec<Vec<f64>>> =
        all.iter().find(|(k, _)| k == "random").map(|(_, t)| {
            t.iter()
                .map(|b| if b.is_empty() { Vec::new() } else { pooled(b) })
                .collect()
        });
    println!(
        "| table | boards | mean spread (SE) | null: seat order and chance (95% range) | excess | median per-board excess | 90th percentile | flagged at 99% | a seat 5 points off | pooled shares |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (t, &(_, _, name)) in TABLES.iter().enumerate() {
        for (kind, per_table) in &all {
            let wins = &per_table[t];
            if wins.is_empty() {
                continue;
            }
            let shares = pooled(wins);
            let spreads: Vec<f64> = wins.iter().map(|w| spread(w)).collect();
            let n = spreads.len() as f64;
            let mean = spreads.iter().sum::<f64>() / n;
            let sd = (spreads.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            let won: Vec<u32> = wins.iter().map(|w| w.iter().sum()).collect();
            let mut rng = Random::new(0x4E11 + t as u64);
            let nulls: Vec<f64> = (0..400)
                .map(|_| {
                    won.iter()
                        .map(|&g| spread(&draw(&shares, g, &mut rng)))
                        .sum::<f64>()
                        / n
                })
                .collect();
            let null = nulls.iter().sum::<f64>() / nulls.len() as f64;
            let (low, high) = (quantile(nulls.clone(), 0.025), quantile(nulls, 0.975));
            let excess: Vec<f64> = spreads.iter().map(|s| s - null).collect();
            let order = random_order.as_ref().map_or(&shares, |r| &r[t]);
            let flagged = wins
                .iter()
                .filter(|w| BoardEffect::new(w, order).beyond_chance)
                .count();
            let noticed = wins.iter().filter(|w| noticeable(w, order)).count();
            let shares_text: Vec<String> = shares.iter().map(|s| format!("{s:.3}")).collect();
            println!(
                "| {name} | {kind} | {mean:.3} ({:.3}) | {null:.3} ({low:.3}-{high:.3}) | {:+.3} | {:+.3} | {:+.3} | {flagged} of {} | {noticed} | {} |",
                sd / n.sqrt(),
                mean - null,
                median(excess.clone()),
                quantile(excess, 0.9),
                wins.len(),
                shares_text.join(" ")
            );
        }
    }
}
