//! `hexfair bench`: the generator's, the search's and the bulk command's speed, and how long
//! each kind of request takes to answer.

use super::arguments::{BenchArgs, Format};
use super::commands::bulk_output;
use super::outcome::Outcome;
use super::progress::{progress_bar, with_progress};
use hexfair::balance::search::{Mode, DEFAULT_CANDIDATES};
use hexfair::generate::Settings;
use hexfair::model::Expansion;
use hexfair::play::TableModel;

pub(super) fn bench_command(args: &BenchArgs) -> Outcome {
    if args.bulk {
        return bulk_bench(args.quick, args.game.expansion);
    }
    if args.answers {
        // The requests are timed as the app makes them, for the base game; a game asked for
        // would be left out of the report without a word.
        if args.game.expansion != Expansion::BaseGame {
            return Outcome::bad_input(
                "bench",
                format!(
                    "--expansion {}: bench --answers times the base game's requests; leave                      --expansion out, or time a {} table without --answers",
                    args.game.expansion, args.game.expansion
                ),
            );
        }
        let requests = hexfair::bench::answer_requests(40)
            .into_iter()
            .filter(|r| !args.quick || r.family == "all")
            .collect();
        let origin = std::time::Instant::now();
        let now = move || origin.elapsed().as_secs_f64() * 1000.0;
        let times = with_progress("timing", |progress| {
            hexfair::bench::answer_times(requests, &now, &mut |i, total, _| {
                progress(i as u64 + 1, total as u64)
            })
        });
        return Outcome::ok(hexfair::bench::answer_report(&times));
    }
    let origin = std::time::Instant::now();
    let now = move || origin.elapsed().as_secs_f64() * 1000.0;
    let report = with_progress("timing", |progress| {
        hexfair::bench::run_with_progress(&now, args.quick, args.game.expansion, progress)
    });
    let varied = hexfair::bench::play_speed(&now, args.quick, TableModel::Varied);
    let greedy = hexfair::bench::play_speed(&now, args.quick, TableModel::Greedy);
    Outcome::ok(format!(
        "hexfair bench ({}, base board{}, default rules, one core)\n  search candidates/s: {:.0}\n  random candidates/s: {:.0}\n  seat-fair balanced board from {} candidates: {:.2} ms (median of {}; {:.0}% with every seat within 1 point at 3 and 4 seats)\n  simulated games/s (4 varied players, {} games): {:.0}\n  simulated games/s (4 identical greedy bots, {} games): {:.0}\n",
        if args.quick { "quick" } else { "full" },
        match args.game.expansion {
            Expansion::BaseGame => String::new(),
            game => format!(", {game} table"),
        },
        report.search_candidates_per_second,
        report.random_candidates_per_second,
        DEFAULT_CANDIDATES,
        report.balanced_board_ms,
        report.balanced_runs,
        100.0 * report.balanced_seat_fair_share,
        varied.games,
        varied.games_per_second,
        greedy.games,
        greedy.games_per_second,
    ))
}

/// `bench --bulk`: boards a second of `generate --count` (made, then written as JSON lines
/// in memory) on one thread and on two, for balanced and random base boards. The two are
/// timed in turn, several rounds, and the best round of each is reported: on a machine
/// shared with other work, the best round is the one least disturbed.
pub(super) fn bulk_bench(quick: bool, game: Expansion) -> Outcome {
    let settings = Settings {
        expansion: game,
        ..Settings::default()
    };
    let (boards, rounds): (u32, u32) = if quick { (1, 1) } else { (10, 3) };
    let runs = [
        (Mode::Balanced, 100 * boards),
        (Mode::Random, 3_000 * boards),
    ];
    let threads = [1, 2];
    let all: u64 = runs.iter().map(|&(_, n)| u64::from(n)).sum::<u64>()
        * u64::from(rounds)
        * threads.len() as u64;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = format!(
        "hexfair bench --bulk ({}, base board, default rules, JSON lines, {cores} cores here, \
         best of {rounds})\n",
        if quick { "quick" } else { "full" },
    );
    let bar = progress_bar("timing");
    bar.set_length(all);
    let tick = |_: u64, _: u64| bar.inc(1);
    for (mode, count) in runs {
        let mut best = [0.0f64; 2];
        for _ in 0..rounds {
            for (rate, jobs) in best.iter_mut().zip(threads) {
                let start = std::time::Instant::now();
                let written = bulk_output(
                    &settings,
                    mode,
                    DEFAULT_CANDIDATES,
                    1,
                    count,
                    None,
                    Some(jobs),
                    Format::Json,
                    &tick,
                );
                let seconds = start.elapsed().as_secs_f64();
                if let Err(error) = written {
                    return Outcome::bulk_failed(&error, 1, settings.numbers);
                }
                *rate = rate.max(f64::from(count) / seconds);
            }
        }
        let what = match mode {
            Mode::Random => "random boards".to_string(),
            _ => format!("{mode} boards ({DEFAULT_CANDIDATES} candidates each)"),
        };
        out.push_str(&format!(
            "  {what} a second, {count} boards: {:.0} on 1 thread, {:.0} on 2 ({:.2}x)\n",
            best[0],
            best[1],
            best[1] / best[0]
        ));
    }
    bar.finish_and_clear();
    Outcome::ok(out)
}
