//! The `hexfair` command line on Hexfair's engine: argument parsing (clap), output and boards
//! in bulk ([`bulk`], on every core), kept apart from `main` so it is tested as a library. Exit status: 0 success, 2 bad input, 3 rules that
//! cannot be met. The engine's messages name rules and settings; the flag names are added here.
//!
//! One module a concept: [`arguments`] (what clap reads), [`parsers`] (its value parsers),
//! [`commands`] (generate, check, score, limits, boards), [`output`] (text, JSON, CSV, SVG),
//! [`outcome`] (what a run prints and its exit status), [`progress`], [`bench`] and
//! [`playtest`] (bots play a linked or typed board) and [`guide`] (such a board laid out on the
//! table, step by step).

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches};

mod arguments;
mod bench;
pub mod bulk;
mod commands;
mod guide;
pub mod guide_text;
mod outcome;
mod output;
mod parsers;
pub mod play_words;
mod playtest;
mod progress;
pub mod refusal_words;
pub mod words;

use arguments::{Cli, Command};
use bench::bench_command;
use commands::{boards_command, check_command, generate_command, limits_command, score_command};

pub use arguments::{MAX_BOARDS, MAX_CANDIDATES, MAX_JOBS};
pub use outcome::Outcome;
pub use output::{board_json, score_report};

/// Runs the command line on `args` (without the program name).
pub fn run<I, T>(args: I) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = std::iter::once(OsString::from("hexfair"))
        .chain(args.into_iter().map(Into::into))
        .collect();
    let cli = command()
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    match cli {
        Ok(Cli { command }) => match command {
            Command::Generate(args) => generate_command(&args),
            Command::Check(args) => check_command(&args),
            Command::Score(args) => score_command(&args),
            Command::Limits(args) => limits_command(&args),
            Command::Bench(args) => bench_command(&args),
            Command::Playtest(args) => playtest::run(&args)
                .map_or_else(|why| Outcome::bad_input("playtest", why), Outcome::ok),
            Command::Guide(args) => {
                guide::run(&args).map_or_else(|why| Outcome::bad_input("guide", why), Outcome::ok)
            }
            Command::Boards => boards_command(),
        },
        Err(error) if error.kind() == ErrorKind::InvalidUtf8 => not_utf8(&args),
        Err(error) => Outcome::from_clap(&explain(error)),
    }
}

/// Refuses arguments that are not UTF-8 naming the first such (clap's message names none):
/// an option's value, as `--seed \xff` or `--seed=\xff`, or else the argument itself.
fn not_utf8(args: &[OsString]) -> Outcome {
    let sub = args.get(1).and_then(|a| a.to_str()).unwrap_or("");
    let Some(i) = args.iter().position(|a| a.to_str().is_none()) else {
        return Outcome::bad_input(sub, "invalid UTF-8 in an argument");
    };
    let bytes = args[i].as_encoded_bytes();
    // `--option=value`, or `--option value` where that option takes a value.
    let joined = bytes
        .strip_prefix(b"--")
        .and_then(|rest| rest.iter().position(|&b| b == b'='))
        .map(|at| String::from_utf8_lossy(&bytes[..at + 2]).into_owned());
    let takes_value = |option: &str| {
        command()
            .find_subcommand(sub)
            .and_then(|cmd| {
                cmd.get_arguments()
                    .find(|arg| option.strip_prefix("--") == arg.get_long())
            })
            .is_some_and(|arg| arg.get_action().takes_values())
    };
    let before = args[i - 1].to_str().filter(|&option| takes_value(option));
    let what = match joined.as_deref().or(before) {
        Some(option) => format!("the value of {option}"),
        None => format!("the argument '{}'", args[i].to_string_lossy()),
    };
    Outcome::bad_input(
        sub,
        format!("invalid UTF-8 in {what}; give it as UTF-8 text"),
    )
}

/// The command line as clap reads it. A value that reads as a negative number (`--seed -1`,
/// `--target -0.5`) is given to its option, whose parser refuses it naming the option and
/// its bounds, rather than read as short flags (clap's "unexpected argument '-0'").
fn command() -> clap::Command {
    Cli::command().mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            let takes_value = arg.get_action().takes_values();
            arg.allow_negative_numbers(takes_value)
        })
    })
}

/// Adds a tip to clap's "unexpected argument" error where clap has none: which command an
/// option belongs to, or, for a bare word, that every value follows its option.
fn explain(mut error: clap::Error) -> clap::Error {
    if error.kind() != ErrorKind::UnknownArgument || error.get(ContextKind::SuggestedArg).is_some()
    {
        return error;
    }
    let Some(ContextValue::String(word)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let tip = if let Some(flag) = word.strip_prefix("--") {
        let flag = flag.split('=').next().unwrap_or(flag);
        let owners: Vec<String> = Cli::command()
            .get_subcommands()
            .filter(|sub| sub.get_arguments().any(|a| a.get_long() == Some(flag)))
            .map(|sub| format!("'hexfair {}'", sub.get_name()))
            .collect();
        if owners.is_empty() {
            return error;
        }
        format!("'--{flag}' is an option of {}", owners.join(" and "))
    } else if word.starts_with('-') {
        return error;
    } else {
        "hexfair takes no bare words: every value follows its option, as in '--seed 42'".to_string()
    };
    let mut tips = match error.get(ContextKind::Suggested) {
        Some(ContextValue::StyledStrs(tips)) => tips.clone(),
        _ => Vec::new(),
    };
    tips.push(tip.into());
    error.insert(ContextKind::Suggested, ContextValue::StyledStrs(tips));
    error
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::balance::score::Factors;
    use hexfair::balance::search::Mode;
    use hexfair::board::Board;
    use hexfair::generate::Settings;
    use hexfair::share;

    fn run_words(line: &str) -> Outcome {
        run(line.split_whitespace())
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        // clap checks every argument's settings (names, conflicts, defaults) here.
        command().debug_assert();
    }

    #[test]
    fn generate_modes_order_the_scores() {
        let score_of = |line: &str| -> f64 {
            let out = run_words(line);
            assert_eq!(out.code, 0, "{line}: {}", out.stderr);
            let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
            v["score"].as_f64().unwrap()
        };
        let balanced = score_of("generate --seed 4 --mode balanced --format json");
        let random = score_of("generate --seed 4 --format json");
        let unbalanced = score_of("generate --seed 4 --mode unbalanced --format json");
        let target = score_of("generate --seed 4 --target 0.3 --candidates 5000 --format json");
        assert!(
            balanced < random && random < unbalanced,
            "{balanced} {random} {unbalanced}"
        );
        assert!((target - 0.3).abs() < 0.01, "{target}");
    }

    #[test]
    fn score_of_a_link_for_three_uses_its_seats_unless_told() {
        let settings = Settings::default();
        let board = hexfair::generate::generate(&settings, 9).unwrap();
        let token = share::board_token_seated(&settings, Mode::Balanced, 9, &board, 3);
        let seats = |extra: &str| {
            let out = run_words(&format!("score --token {token} --format json{extra}"));
            let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
            v["snake_draft"]["seats"].as_array().unwrap().len()
        };
        assert_eq!(seats(""), 3);
        assert_eq!(seats(" --seats 4"), 4);
    }

    #[test]
    fn score_reports_factors_spots_and_seats() {
        let out = run_words(
            "score --layout base --terrain MPFWHPHWFDFMFMWPHWP --numbers 10,2,9,12,6,4,10,9,11,-,3,8,8,3,4,5,5,6,11 --format json",
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        for name in Factors::NAMES {
            assert!(v["factors"][name].as_f64().is_some(), "{name}");
        }
        let score = v["score"].as_f64().unwrap();
        let mean: f64 = Factors::NAMES
            .iter()
            .map(|n| v["normalised"][*n].as_f64().unwrap())
            .sum::<f64>()
            / 5.0;
        assert!((score - mean).abs() < 1e-12);
        assert_eq!(v["spots"].as_array().unwrap().len(), 54);
        assert_eq!(v["snake_draft"]["seats"].as_array().unwrap().len(), 4);
        assert_eq!(
            v["by_seats"]["3"]["snake_draft"]["seats"]
                .as_array()
                .unwrap()
                .len(),
            3
        );
        assert_eq!(
            v["by_seats"]["4"]["fair_start"]["seats"]
                .as_array()
                .unwrap()
                .len(),
            4
        );
        assert!(
            v["fair_start"]["spread"].as_u64().unwrap()
                <= v["snake_draft"]["spread"].as_u64().unwrap()
        );
        let total: u64 = ["lumber", "wool", "grain", "brick", "ore"]
            .iter()
            .map(|r| v["resource_pips"][*r].as_u64().unwrap())
            .sum();
        assert_eq!(total, 58);
    }

    #[test]
    fn a_board_without_land_reports_zeros_not_gaps() {
        let sea = Board {
            terrain: vec![hexfair::model::Terrain::Sea; 19],
            numbers: vec![None; 19],
            ..hexfair::generate::generate(&Settings::default(), 1).unwrap()
        };
        let report = score_report(&sea, &[3, 4], hexfair::model::Expansion::BaseGame);
        assert_eq!(report["spots"].as_array().unwrap().len(), 0);
        for field in ["min", "max", "mean", "standard_deviation"] {
            assert_eq!(
                report["corner_pips_spread"][field].to_string(),
                "0.0",
                "{field}"
            );
        }
        assert_eq!(report["fair_start"]["spread"], 0);
    }

    #[test]
    fn bad_search_arguments_exit_2() {
        for (line, expected) in [
            (
                "generate --seed 1 --mode lopsided",
                "invalid value 'lopsided' for '--mode <MODE>'",
            ),
            (
                "generate --seed 1 --target 1.5",
                "'--target <S>': expected a score from 0 to 1",
            ),
            (
                "generate --seed 1 --mode balanced --candidates 0",
                "expected a whole number from 1 to 10,000,000",
            ),
            (
                "generate --seed 1 --candidates 500",
                "--candidates sets the budget",
            ),
            (
                "generate --seed 1 --mode balanced --target 0.2",
                "'--mode <MODE>' cannot be used with '--target <S>'",
            ),
            ("score --token 2abc", "--token:"),
            (
                "score --seats 1 --token x",
                "'--seats <N>': expected a whole number from 2 to 8",
            ),
            ("score --layout base", "--terrain <T>"),
            ("score --token x --terrain FFF", "cannot be used with"),
            (
                "generate --seed 1 --rule max-corner-pips=12 --rule max-corner-pips=13",
                "ask for one rule twice",
            ),
            (
                "check --terrain x --numbers 1 --rule desert-center --no-rule desert-center",
                "switch one rule on and off",
            ),
        ] {
            let out = run_words(line);
            assert_eq!(out.code, 2, "{line}: {}", out.stderr);
            assert!(out.stderr.contains(expected), "{line}: {}", out.stderr);
        }
    }
}
