//! The benchmarks behind `hexfair bench` and the app's in-browser benchmark: the same loops,
//! timed by whatever clock the platform has (std's natively, `performance.now()` in wasm).

use serde::Serialize;

use crate::balance::score::Scorer;
use crate::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::catalogue::Layout;
use crate::generate::moves::Walk;
use crate::generate::random::Random;
use crate::generate::{
    generate, generate_within, obeys, random_deal, Budget, GenerateError, Settings, Tally,
};
use crate::model::{CellId, Expansion};
use crate::order;
use crate::rules::Rule;

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Candidates of the balance search (a legal swap, then a score) per second.
    pub search_candidates_per_second: f64,
    /// Random boards drawn, checked against the rules and scored per second.
    pub random_candidates_per_second: f64,
    /// Milliseconds for one balanced board, seat-fair, from the default candidates (median
    /// of the runs).
    pub balanced_board_ms: f64,
    /// The share of those boards whose snake draft keeps every seat within 1 point, at
    /// every seat count the layout is made for.
    pub balanced_seat_fair_share: f64,
    pub balanced_runs: u32,
    pub candidates_timed: u64,
}

/// Runs the benchmark on the base board with the default rules. `now` returns
/// milliseconds; `quick` shortens every loop (for CI) without changing what is measured.
pub fn run(now: &dyn Fn() -> f64, quick: bool) -> Report {
    run_with_progress(now, quick, Expansion::BaseGame, &mut |_, _| {})
}

/// Loop rounds between two calls of the progress callback, so that telling it costs
/// nothing next to the work being timed.
const PROGRESS_EVERY: u32 = 16_384;

/// [`run`], telling `progress` (candidates done, candidates in all) as it goes.
pub fn run_with_progress(
    now: &dyn Fn() -> f64,
    quick: bool,
    game: Expansion,
    progress: &mut dyn FnMut(u64, u64),
) -> Report {
    let settings = Settings {
        expansion: game,
        ..Settings::default()
    };
    let layout = Layout::get(settings.layout);
    let scorer = Scorer::new(settings.layout);
    let scale: u32 = if quick { 1 } else { 20 };
    let mut rng = Random::new(2024);
    let mut sink = 0.0;

    // The search's inner loop: propose a legal swap, score the board.
    let start = generate(&settings, 1).expect("default rules hold");
    let mut walk = Walk::new(
        layout,
        &settings.rules,
        (start.terrain, start.numbers),
        None,
        &[],
    );
    let search_candidates = 200_000 * scale;
    let random_candidates = 100_000 * scale;
    let runs = 5 * scale;
    let total = u64::from(search_candidates)
        + u64::from(random_candidates)
        + u64::from(runs) * u64::from(DEFAULT_CANDIDATES);
    let t0 = now();
    for i in 1..=search_candidates {
        if walk.step(&mut rng).is_some() {
            sink += scorer.score(&walk.terrain, &walk.numbers);
        }
        if i % PROGRESS_EVERY == 0 {
            progress(u64::from(i), total);
        }
    }
    let search_ms = now() - t0;

    // Best-of-K's loop: a random board, its rules, its score.
    let t0 = now();
    for i in 1..=random_candidates {
        let (t, n) = random_deal(layout, &settings, &mut rng);
        if obeys(layout, &settings.rules, &t, &n) {
            sink += scorer.score(&t, &n);
        }
        if i % PROGRESS_EVERY == 0 {
            progress(u64::from(search_candidates + i), total);
        }
    }
    let random_ms = now() - t0;

    let mut seat_fair = 0u32;
    let mut times: Vec<f64> = (0..runs)
        .map(|seed| {
            let t0 = now();
            let found = find(
                &settings,
                Mode::Balanced,
                DEFAULT_CANDIDATES,
                u64::from(seed),
            )
            .expect("default rules hold");
            sink += found.score;
            let elapsed = now() - t0;
            seat_fair +=
                u32::from(settings.layout.seats().all(|n| {
                    crate::balance::spots::snake_draft_in(&found.board, n, game).spread <= 1
                }));
            progress(
                u64::from(search_candidates + random_candidates)
                    + u64::from(seed + 1) * u64::from(DEFAULT_CANDIDATES),
                total,
            );
            elapsed
        })
        .collect();
    order::sort_by(&mut times, |a, b| a.total_cmp(b));
    // Keep the optimiser from discarding the loops.
    assert!(sink.is_finite());
    Report {
        search_candidates_per_second: f64::from(search_candidates) / (search_ms / 1000.0),
        random_candidates_per_second: f64::from(random_candidates) / (random_ms / 1000.0),
        balanced_board_ms: times[times.len() / 2],
        balanced_seat_fair_share: f64::from(seat_fair) / f64::from(runs),
        balanced_runs: runs,
        candidates_timed: u64::from(search_candidates) + u64::from(random_candidates),
    }
}

/// The simulator's speed: four-player games on the default board, one core.
#[derive(Clone, Debug, Serialize)]
pub struct PlayBench {
    pub games: u32,
    pub games_per_second: f64,
}

/// Times [`crate::play::PlayTest`] at 4 seats, greedy bots after the opening at a table of
/// `model`'s players, on the default settings' board (seed 1); `quick` plays 2,000 games,
/// else 20,000.
pub fn play_speed(now: &dyn Fn() -> f64, quick: bool, model: crate::play::TableModel) -> PlayBench {
    let board = generate(&Settings::default(), 1).expect("default rules hold");
    let games = if quick { 2_000 } else { 20_000 };
    let test = crate::play::PlayTest::new(&board, 4, crate::play::BotKind::Greedy, games, 1)
        .expect("the base board is played")
        .with_model(model);
    let t0 = now();
    let report = test.run();
    let ms = now() - t0;
    assert_eq!(report.games, games);
    PlayBench {
        games,
        games_per_second: f64::from(games) / (ms / 1000.0),
    }
}

/// One request of the answer-time sweep: settings and a seed, and how they were chosen.
#[derive(Clone, Debug)]
pub struct AnswerRequest {
    pub settings: Settings,
    pub seed: u64,
    /// Which family of the sweep it belongs to (`single`, `pair`, `all`, `random`, `locks`).
    pub family: &'static str,
}

/// How a request was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Answer {
    Board,
    Conflict,
    GaveUp,
    BadRequest,
}

impl Answer {
    pub fn of(result: &Result<crate::board::Board, GenerateError>) -> Answer {
        match result {
            Ok(_) => Answer::Board,
            Err(GenerateError::Infeasible { .. }) => Answer::Conflict,
            Err(GenerateError::BudgetExhausted { .. }) => Answer::GaveUp,
            Err(GenerateError::Unsupported(_)) => Answer::BadRequest,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Answer::Board => "board",
            Answer::Conflict => "conflict",
            Answer::GaveUp => "gave-up",
            Answer::BadRequest => "bad-request",
        }
    }
}

/// One timed request.
#[derive(Clone, Debug)]
pub struct AnswerTime {
    pub request: AnswerRequest,
    pub answer: Answer,
    /// The board (its terrain and numbers), or the conflict or give-up in words.
    pub detail: String,
    pub ms: f64,
    /// What the request did; its work is bounded by [`crate::generate::REQUEST_WORK`].
    pub done: Tally,
}

impl AnswerRequest {
    /// The request in the command line's words, with its family and seed.
    pub fn describe(&self) -> String {
        let s = &self.settings;
        let locks: Vec<String> = s
            .locks
            .iter()
            .map(|l| {
                let number = l.number.map_or(String::new(), |n| n.to_string());
                format!("{}={}{number}", l.cell, l.terrain.letter())
            })
            .collect();
        let locks = if locks.is_empty() {
            String::new()
        } else {
            format!(" locks {}", locks.join(","))
        };
        format!(
            "{} {} {} seed {} [{}]{locks}",
            self.family,
            s.layout.name(),
            s.numbers.name(),
            self.seed,
            s.rules.names()
        )
    }
}

/// The sweep's figures in words: the slowest requests, then per layout the time
/// distribution and how the requests were answered.
pub fn answer_report(times: &[AnswerTime]) -> String {
    use crate::catalogue::LayoutId;

    let mut out = String::from("slowest requests:\n");
    let mut slowest: Vec<&AnswerTime> = times.iter().collect();
    order::sort_by(&mut slowest, |a, b| b.ms.total_cmp(&a.ms));
    for t in slowest.iter().take(15) {
        out += &format!(
            "  {:>8.1} ms {:>13} work  {:<8} {}\n",
            t.ms,
            t.done.work(),
            t.answer.name(),
            t.request.describe()
        );
    }
    out += &format!(
        "\n{:<24} {:>5} {:>8} {:>8} {:>8} {:>9}  boards/conflicts/gave-up\n",
        "layout", "n", "median", "p90", "p99", "worst"
    );
    for layout in LayoutId::every() {
        let here: Vec<&AnswerTime> = times
            .iter()
            .filter(|t| t.request.settings.layout == layout)
            .collect();
        if here.is_empty() {
            continue;
        }
        let mut ms: Vec<f64> = here.iter().map(|t| t.ms).collect();
        order::sort_by(&mut ms, f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        let count = |a: Answer| here.iter().filter(|t| t.answer == a).count();
        out += &format!(
            "{:<24} {:>5} {:>8.1} {:>8.1} {:>8.1} {:>9.1}  {}/{}/{}\n",
            layout.name(),
            ms.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0),
            count(Answer::Board),
            count(Answer::Conflict),
            count(Answer::GaveUp)
        );
    }
    let most = times.iter().map(|t| t.done.work()).max().unwrap_or(0);
    out += &format!(
        "\nmost work of any request: {most} of the budget of {}\n",
        crate::generate::REQUEST_WORK
    );
    out
}

/// The values a numeric rule is swept over: its strictest and loosest settings and every
/// value near where it turns from impossible to possible.
pub fn swept_parameters(kind: Rule) -> Vec<u8> {
    match kind {
        Rule::MaxCornerPips(_) => (0..=15).chain([99]).collect(),
        Rule::MinResourcePips(_) => [0].into_iter().chain(5..=16).chain([99]).collect(),
        Rule::MaxTerrainCluster(_) => (0..=5).chain([99]).collect(),
        _ => Vec::new(),
    }
}

/// The sweep's requests: every board of the catalogue and number placement with each single
/// rule over its swept values, every pair of rule kinds, every rule on, random rule sets with
/// random parameters, and lock sets (some that cannot hold). `random_sets` is how many random
/// rule sets each board and placement gets.
pub fn answer_requests(random_sets: usize) -> Vec<AnswerRequest> {
    use crate::catalogue::LayoutId;
    use crate::generate::{Lock, NumberMode};
    use crate::rules::RuleSet;

    let mut rng = Random::new(0xA115);
    let mut out = Vec::new();
    for layout_id in LayoutId::every() {
        let layout = Layout::get(layout_id);
        let placements: &[NumberMode] =
            if layout.has_spiral() && !crate::generate::spiral::spiral_from_harbour(layout) {
                &[NumberMode::Random, NumberMode::Spiral]
            } else {
                &[NumberMode::Random]
            };
        for &numbers in placements {
            let mut push = |rules: RuleSet, locks: Vec<Lock>, family, rng: &mut Random| {
                out.push(AnswerRequest {
                    settings: Settings {
                        layout: layout_id,
                        rules,
                        numbers,
                        locks,
                        expansion: Default::default(),
                    },
                    seed: rng.next_u64() % 1_000_000,
                    family,
                });
            };
            for kind in Rule::ALL {
                match kind.parameter() {
                    None => push(RuleSet::new([kind]), Vec::new(), "single", &mut rng),
                    Some(_) => {
                        for n in swept_parameters(kind) {
                            push(
                                RuleSet::new([kind.with_parameter(n)]),
                                Vec::new(),
                                "single",
                                &mut rng,
                            );
                        }
                    }
                }
            }
            for (i, &a) in Rule::ALL.iter().enumerate() {
                for &b in &Rule::ALL[i + 1..] {
                    push(RuleSet::new([a, b]), Vec::new(), "pair", &mut rng);
                }
            }
            push(RuleSet::new(Rule::ALL), Vec::new(), "all", &mut rng);
            let random_set = |rng: &mut Random| {
                RuleSet::new(Rule::ALL.into_iter().filter_map(|kind| {
                    if rng.below(2) == 0 {
                        return None;
                    }
                    let values = swept_parameters(kind);
                    Some(if values.is_empty() {
                        kind
                    } else {
                        kind.with_parameter(values[rng.index(values.len())])
                    })
                }))
            };
            for _ in 0..random_sets {
                let rules = random_set(&mut rng);
                push(rules, Vec::new(), "random", &mut rng);
            }
            // Locks taken from a board of the default rules, with every rule on and with
            // random rule sets.
            let base = Settings {
                numbers,
                ..Settings::new(layout_id, RuleSet::standard())
            };
            if let Ok(board) = generate(&base, 5) {
                for count in [3, 8] {
                    let mut cells: Vec<CellId> = CellId::all(layout.cells.len()).collect();
                    rng.shuffle(&mut cells);
                    let locks: Vec<Lock> = cells[..count]
                        .iter()
                        .map(|&c| Lock::of(&board, c))
                        .collect();
                    push(RuleSet::new(Rule::ALL), locks.clone(), "locks", &mut rng);
                    push(RuleSet::standard(), locks.clone(), "locks", &mut rng);
                    let rules = random_set(&mut rng);
                    push(rules, locks, "locks", &mut rng);
                }
            }
        }
    }
    out
}

/// Generates the board of every request, timing each with `now` (milliseconds) and
/// reporting each answer to `progress` as it comes.
pub fn answer_times(
    requests: Vec<AnswerRequest>,
    now: &dyn Fn() -> f64,
    progress: &mut dyn FnMut(usize, usize, &AnswerTime),
) -> Vec<AnswerTime> {
    let total = requests.len();
    let mut out = Vec::with_capacity(total);
    for (i, request) in requests.into_iter().enumerate() {
        let mut budget = Budget::request();
        let t0 = now();
        let result = generate_within(&request.settings, request.seed, &mut budget);
        let ms = now() - t0;
        let detail = match &result {
            Ok(board) => format!("{} {}", board.terrain_text(), board.numbers_text()),
            // Why, as data: the answer's kind is in `answer`.
            Err(e) => format!("{e:?}"),
        };
        let timed = AnswerTime {
            answer: Answer::of(&result),
            request,
            detail,
            ms,
            done: budget.tally(),
        };
        progress(i, total, &timed);
        out.push(timed);
    }
    out
}
