//! The commands that make, check and report boards: `generate`, `check`, `score`, `limits`
//! and `boards`.

use serde_json::json;

use super::arguments::{
    BoardArgs, CheckArgs, Format, GenerateArgs, LimitsArgs, ScoreArgs, ScoreFormat,
};
use super::outcome::Outcome;
use super::output::{bulk_render, render, score_report};
use super::parsers::linked_board;
use super::progress::{progress_bar, with_progress};
use super::refusal_words::{board_problem, board_text_error, settings_problem};
use super::words::NOT_SIMULATED;
use crate::bulk::{distinct_boards, seeded, BulkError, Play};
use hexfair::balance::score::{measure_limits_with_progress, Factors, SCORED};
use hexfair::balance::search::{Mode, DEFAULT_CANDIDATES};
use hexfair::board::{parse_harbours, parse_numbers, parse_terrain, read_harbours, Board};
use hexfair::catalogue::{self, Layout, LayoutId};
use hexfair::generate::{assemble, expansion_problem, Settings};
use hexfair::model::Expansion;
use hexfair::play::fair::plays;
use hexfair::play::playtest::DEFAULT_GAMES;
use hexfair::share;
use hexfair::share::conform::{deal_problems, harbour_problems};

/// The board `--scenario` and `--players` name (or `--layout`'s, or base).
pub(super) fn chosen_board(args: &GenerateArgs) -> Result<LayoutId, String> {
    let Some(name) = args.scenario.as_deref() else {
        return Ok(args.layout.unwrap_or(LayoutId::Base));
    };
    let players = args.players.unwrap_or(4) as usize;
    let boards: Vec<LayoutId> = LayoutId::offered()
        .into_iter()
        .filter(|id| id.scenario() == name)
        .collect();
    if boards.is_empty() {
        return Err(format!(
            "--scenario {name}: there is no such scenario; the scenarios are {}",
            catalogue::scenarios().join(", ")
        ));
    }
    catalogue::scenario(name, players).ok_or_else(|| {
        let counts: Vec<String> = boards.iter().map(|id| players_text(*id)).collect();
        format!(
            "--players {players}: {name} has no board for {players} players; it has boards for {} players",
            counts.join(", ")
        )
    })
}

/// "3", "4", "3-4" or "5-6".
pub(super) fn players_text(id: LayoutId) -> String {
    let seats = id.seats();
    if seats.start() == seats.end() {
        seats.start().to_string()
    } else {
        format!("{}-{}", seats.start(), seats.end())
    }
}

/// `hexfair boards`: the catalogue, game by game.
pub(super) fn boards_command() -> Outcome {
    let mut out = String::new();
    // Columns as wide as their longest entry, and never narrower than they always were.
    let every = LayoutId::every();
    let scenario_width = every
        .iter()
        .map(|id| id.scenario().len())
        .fold(20, usize::max);
    let name_width = every.iter().map(|id| id.name().len()).fold(24, usize::max);
    let line = |out: &mut String, scenario: &str, id: LayoutId| {
        out.push_str(&format!(
            "  {scenario:<scenario_width$} {:<4} {:<name_width$} {}\n",
            players_text(id),
            id.name(),
            id.title()
        ));
    };
    for game in catalogue::listing() {
        out.push_str(&format!("{}\n", game.title));
        for (scenario, boards) in &game.scenarios {
            for (i, &id) in boards.iter().enumerate() {
                line(&mut out, if i == 0 { scenario } else { "" }, id);
            }
        }
        out.push('\n');
    }
    out.push_str("Kept for old links (--layout only)\n");
    for id in LayoutId::every().into_iter().filter(|id| id.legacy()) {
        line(&mut out, id.scenario(), id);
    }
    Outcome::ok(out)
}

pub(super) fn generate_command(args: &GenerateArgs) -> Outcome {
    let rules = match args.rules.rule_set() {
        Ok(rules) => rules,
        Err(why) => return Outcome::bad_input("generate", why),
    };
    let mode = args.target.map_or(args.mode, Mode::Target);
    if mode == Mode::Random && args.candidates.is_some() {
        return Outcome::bad_input(
            "generate",
            "--candidates sets the budget of a search: give --mode balanced or unbalanced, or \
             --target S (--mode random takes the generator's first board)",
        );
    }
    let candidates = args.candidates.unwrap_or(DEFAULT_CANDIDATES);
    let layout = match chosen_board(args) {
        Ok(layout) => layout,
        Err(why) => return Outcome::bad_input("generate", why),
    };
    if let Some(why) = args.game.problem(layout) {
        return Outcome::bad_input("generate", why);
    }
    let settings = Settings {
        numbers: args.numbers,
        expansion: args.game.expansion,
        ..Settings::new(layout, rules)
    };
    if let Some(problem) = settings.problem() {
        return Outcome::bad_input(
            "generate",
            format!(
                "--numbers {}: {}",
                args.numbers.name(),
                settings_problem(&problem)
            ),
        );
    }
    let seed = match args.seed {
        Some(seed) => seed,
        None => match fresh_seed() {
            Ok(seed) => seed,
            Err(why) => {
                return Outcome::system_failed(format!(
                    "no seed could be drawn ({why}); give one with --seed N"
                ))
            }
        },
    };
    let play = match play_of(args, &settings, mode, layout) {
        Ok(play) => play,
        Err(why) => return Outcome::bad_input("generate", why),
    };
    let outcome = match args.count {
        Some(count) => bulk_command(args, &settings, mode, candidates, seed, count, play),
        None => {
            let found = with_progress("searching", |progress| {
                seeded(&settings, mode, candidates, seed, play, progress)
            });
            match found {
                Ok(seeded) => Outcome::ok(render(&seeded, &settings, mode, args.format)),
                Err(error) => Outcome::failed("generate", &error, settings.numbers),
            }
        }
    };
    // A drawn seed is said on stderr too, where it shows whatever the format (the picture
    // has no room for it, and with --count each board's own seed is not the one drawn).
    match args.seed {
        None if outcome.code == 0 => Outcome {
            stderr: format!("seed: {seed} (drawn; --seed {seed} makes the same again)\n"),
            ..outcome
        },
        _ => outcome,
    }
}

/// How `generate` plays its boards: `--play-games` games (2,000 unless given) at the table of
/// `--players` (else the board's most) when the search is one that plays; `None` when it is
/// not or `--play-games 0`; an error when games are asked of a board or mode that is not played.
fn play_of(
    args: &GenerateArgs,
    settings: &Settings,
    mode: Mode,
    layout: LayoutId,
) -> Result<Option<Play>, String> {
    let games = args.play_games.unwrap_or(DEFAULT_GAMES);
    if games == 0 {
        return Ok(None);
    }
    if settings.expansion != Expansion::BaseGame {
        return match args.play_games {
            None => Ok(None),
            Some(_) => Err(format!(
                "--play-games {games}: {NOT_SIMULATED}; give --play-games 0 or leave it out"
            )),
        };
    }
    if !plays(settings, mode) {
        return match args.play_games {
            None => Ok(None),
            Some(_) => Err(format!(
                "--play-games {games}: boards are played only for balanced and target searches \
                 of the {}, {} and {} boards (not {mode} {layout}); give --play-games 0 or leave it out",
                LayoutId::Base,
                LayoutId::FiveSix,
                LayoutId::McGuire
            )),
        };
    }
    let seats = args
        .players
        .map_or(share::usual_seats(layout), |n| n as usize);
    Ok(Some(Play { seats, games }))
}

/// A fresh seed from the system's random source, below a billion as the app draws them:
/// nine digits at most, easy to read out or type.
fn fresh_seed() -> Result<u64, getrandom::Error> {
    getrandom::u64().map(|v| v % 1_000_000_000)
}

/// `generate --count`: the boards are all made (on `--jobs` threads) before anything is
/// written, so a run that fails writes nothing.
pub(super) fn bulk_command(
    args: &GenerateArgs,
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    count: u32,
    play: Option<Play>,
) -> Outcome {
    if args.format == Format::Svg {
        return Outcome::bad_input(
            "generate",
            "--format svg draws one board; with --count give --format json, csv or text",
        );
    }
    let bar = progress_bar("generating");
    // Called once a candidate board, from any thread; the length (a lock) is set only when
    // replacements for repeated boards are planned.
    let known = std::sync::atomic::AtomicU64::new(0);
    let tick = |_: u64, planned: u64| {
        if known.fetch_max(planned, std::sync::atomic::Ordering::Relaxed) < planned {
            bar.set_length(planned);
        }
        bar.inc(1);
    };
    let written = bulk_output(
        settings,
        mode,
        candidates,
        seed,
        count,
        play,
        args.jobs.map(|n| n as usize),
        args.format,
        &tick,
    );
    bar.finish_and_clear();
    match written {
        Ok(text) => Outcome::ok(text),
        Err(error) => Outcome::bulk_failed(&error, seed, settings.numbers),
    }
}

/// `count` distinct boards in `format` (not svg), made and rendered on `jobs` threads (one a
/// core when `None`); the text is the same whatever the number of threads.
#[allow(clippy::too_many_arguments)]
pub(super) fn bulk_output(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    count: u32,
    play: Option<Play>,
    jobs: Option<usize>,
    format: Format,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<String, BulkError> {
    crate::bulk::pool(jobs)?.install(|| {
        let boards = distinct_boards(settings, mode, candidates, seed, count, play, progress)?;
        Ok(bulk_render(&boards, settings, mode, format))
    })
}

/// How a typed board's harbours are read: held to the layout's box (refused otherwise), or
/// only read, for `check` to report what the box cannot make.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Harbours {
    FromTheBox,
    AsTyped,
}

/// A board from the text format, with the harbours of `--harbours` (none without it);
/// errors name the flag.
pub(super) fn board_from_text(
    id: LayoutId,
    terrain: &str,
    numbers: &str,
    harbours: Option<&str>,
    held: Harbours,
) -> Result<Board, String> {
    let layout = Layout::get(id);
    let terrain = parse_terrain(layout, terrain)
        .map_err(|e| format!("--terrain: {}", board_text_error(&e)))?;
    let numbers = parse_numbers(layout, numbers)
        .map_err(|e| format!("--numbers: {}", board_text_error(&e)))?;
    let harbours = match harbours {
        None => Vec::new(),
        Some(text) => match held {
            Harbours::FromTheBox => parse_harbours(layout, &terrain, text),
            Harbours::AsTyped => read_harbours(layout, &terrain, text),
        }
        .map_err(|e| format!("--harbours: {}", board_text_error(&e)))?,
    };
    Ok(assemble(layout, terrain, numbers, harbours))
}

/// The board of `--token` or of its text (`--layout`, `--terrain`, `--numbers`,
/// `--harbours`), the table it is laid out for and its game: a link's (see
/// [`linked_board`]), or for a typed board `--players` when given, else the layout's most
/// seats, as a link that names no table, and the base game. Why not, as a bad-input message
/// naming the flag.
pub(super) fn given_board(
    args: &BoardArgs,
    players: Option<u32>,
) -> Result<(Board, usize, Expansion), String> {
    match (&args.token, &args.terrain, &args.numbers) {
        (Some(token), _, _) => linked_board(token, players),
        (None, Some(terrain), Some(numbers)) => {
            let board = board_from_text(
                args.layout.unwrap_or(LayoutId::Base),
                terrain,
                numbers,
                args.harbours.as_deref(),
                Harbours::FromTheBox,
            )?;
            let seats = players.map_or(share::usual_seats(board.layout), |n| n as usize);
            Ok((board, seats, Expansion::BaseGame))
        }
        // Half a typed board is clap's to refuse (`--terrain` and `--numbers` require each
        // other); neither half is this.
        _ => Err("give the board as --terrain T and --numbers CSV, or as --token TOKEN".into()),
    }
}

/// [`given_board`] for a board that is played or laid out: a typed board must be one its
/// layout's box deals (a link's board is checked as it is read), else the bots and the guide
/// would work on hexes the game has no rules for.
pub(super) fn dealt_board(
    args: &BoardArgs,
    players: Option<u32>,
) -> Result<(Board, usize, Expansion), String> {
    let (board, seats, game) = given_board(args, players)?;
    if args.token.is_none() {
        let problems = deal_problems(board.layout(), &board.terrain, &board.numbers);
        if let Some(problem) = problems.first() {
            return Err(format!(
                "--terrain: not a {} board: {}",
                board.layout,
                board_problem(problem)
            ));
        }
    }
    Ok((board, seats, game))
}

pub(super) fn check_command(args: &CheckArgs) -> Outcome {
    let rules = match args.rules.rule_set() {
        Ok(rules) => rules,
        Err(why) => return Outcome::bad_input("check", why),
    };
    let board = match board_from_text(
        args.layout,
        &args.terrain,
        &args.numbers,
        args.harbours.as_deref(),
        Harbours::AsTyped,
    ) {
        Ok(b) => b,
        Err(e) => return Outcome::bad_input("check", e),
    };
    // The board is held to its layout's terrain and tokens (bags, where sea may go, islands,
    // gold, spirals), its harbours (when typed) to the layout's box, then to the active rules.
    let mut unfit = deal_problems(board.layout(), &board.terrain, &board.numbers);
    if args.harbours.is_some() {
        unfit.extend(harbour_problems(&board));
    }
    let broken = rules.broken_by(&board);
    let mut out = String::new();
    if unfit.is_empty() && broken.is_empty() {
        out.push_str(&format!(
            "ok: a {} board that keeps every active rule ({})\n",
            board.layout,
            rules.names()
        ));
    }
    for problem in unfit {
        out.push_str(&format!(
            "not a {} board: {}\n",
            board.layout,
            board_problem(&problem)
        ));
    }
    for rule in broken {
        out.push_str(&format!(
            "breaks {} ({})\n",
            rule.name(),
            super::words::describe(rule)
        ));
    }
    Outcome::ok(out)
}

pub(super) fn score_command(args: &ScoreArgs) -> Outcome {
    // A link made for a table of fewer players than the layout's most says so, and its
    // game is the one valued unless --expansion says otherwise (a typed board's table is
    // the layout's most, its game the base game). clap requires --terrain and --numbers
    // unless --token is given.
    let (board, link_seats, game) = match given_board(&args.board, None) {
        Ok((board, seats, game)) => {
            let fewer = (seats != share::usual_seats(board.layout)).then_some(seats);
            (board, fewer, game)
        }
        Err(why) => return Outcome::bad_input("score", why),
    };
    // The layout's seat counts (3 and 4 on base, 5 and 6 on the 5-6 boards), or the one asked
    // (by --seats, or else by the link).
    let seat_counts: Vec<usize> = match (args.seats, link_seats) {
        (Some(n), _) => vec![n as usize],
        (None, Some(n)) => vec![n],
        (None, None) => board.layout.seats().collect(),
    };
    let game = args.expansion.unwrap_or(game);
    if let Some(why) = expansion_problem(board.layout, game) {
        return Outcome::bad_input(
            "score",
            format!("--expansion {game}: {}", settings_problem(&why)),
        );
    }
    let report = score_report(&board, &seat_counts, game);
    match args.format {
        ScoreFormat::Json => Outcome::ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("plain JSON")
        )),
        ScoreFormat::Text => {
            let mut out = format!("score: {:.4}\n", report["score"].as_f64().unwrap_or(0.0));
            for (i, name) in Factors::NAMES.iter().enumerate() {
                out.push_str(&format!(
                    "  {name}: {} ({:.3} of its limit{})\n",
                    report["factors"][name],
                    report["normalised"][name].as_f64().unwrap_or(0.0),
                    if i < SCORED {
                        ""
                    } else {
                        "; beside the score, not in it"
                    }
                ));
            }
            out.push_str(&format!("resource pips: {}\n", report["resource_pips"]));
            out.push_str(&format!(
                "snake draft spread: {}, fair start spread: {}\n",
                report["snake_draft"]["spread"], report["fair_start"]["spread"]
            ));
            Outcome::ok(out)
        }
    }
}

pub(super) fn limits_command(args: &LimitsArgs) -> Outcome {
    if let Some(why) = args.game.problem(args.layout) {
        return Outcome::bad_input("limits", why);
    }
    let limits = with_progress("measuring", |progress| {
        measure_limits_with_progress(args.layout, args.boards, args.seed, progress)
    });
    Outcome::ok(format!(
        "{}\n",
        serde_json::to_string_pretty(
            &json!({"layout": args.layout.name(), "boards": args.boards, "limits": limits})
        )
        .expect("plain JSON")
    ))
}
