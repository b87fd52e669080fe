//! The `hexfair` command line: argument parsing and output, kept apart from `main` so it is
//! tested like the rest of the engine. Exit status: 0 success, 2 bad input, 3 rules that
//! cannot be met.

use serde_json::json;

use crate::board::{parse_numbers, parse_terrain, Board};
use crate::layout::{Layout, LayoutId};
use crate::rules::{Rule, RuleSet};
use crate::solve::{assemble, generate, GenerateError, NumberMode, Settings};
use crate::{picture, share};

pub const USAGE: &str = "\
usage:
  hexfair generate --layout L --seed N [--numbers random|spiral] [--rule NAME[=N]]...
                   [--no-rule NAME]... [--format text|json|svg]
  hexfair check --layout L --terrain T --numbers CSV [--rule NAME[=N]]... [--no-rule NAME]...

layouts: base, five-six, seafarers, seafarers-five-six, new-world, new-world-five-six, mcguire
rules: no-adjacent-red (on by default), no-adjacent-extreme, no-adjacent-same-number,
       no-adjacent-same-terrain, no-adjacent-lumber-brick, red-on-distinct-resources,
       distinct-numbers-per-resource, max-corner-pips=N, min-resource-pips=N,
       desert-center, max-terrain-cluster=N
board text: terrain one letter a hex, rows from the top (F forest, P pasture, W fields,
       H hills, M mountains, D desert, S sea, G gold); numbers comma-separated, - for none";

/// What a run prints and how it exits.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    fn ok(stdout: String) -> Self {
        Outcome {
            code: 0,
            stdout,
            stderr: String::new(),
        }
    }

    fn bad_input(message: String) -> Self {
        Outcome {
            code: 2,
            stdout: String::new(),
            stderr: format!("hexfair: {message}\n\n{USAGE}\n"),
        }
    }

    fn infeasible(error: &GenerateError) -> Self {
        if let GenerateError::Unsupported(why) = error {
            return Outcome::bad_input(why.clone());
        }
        Outcome {
            code: 3,
            stdout: String::new(),
            stderr: format!("hexfair: {error}\n"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Svg,
}

/// The options every command shares, as read from the arguments.
struct Options {
    layout: LayoutId,
    seed: Option<u64>,
    rules: RuleSet,
    format: Format,
    terrain: Option<String>,
    /// `--numbers`: a placement mode for `generate`, the board's numbers for `check`.
    numbers: Option<String>,
}

/// Runs the command line on `args` (without the program name).
pub fn run(args: &[String]) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::bad_input("missing command".into());
    };
    let options = match parse_options(rest) {
        Ok(o) => o,
        Err(message) => return Outcome::bad_input(message),
    };
    match command.as_str() {
        "generate" => generate_command(&options),
        "check" => check_command(&options),
        "help" | "--help" | "-h" => Outcome::ok(format!("{USAGE}\n")),
        other => Outcome::bad_input(format!(
            "unknown command '{other}'; expected generate or check"
        )),
    }
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        layout: LayoutId::Base,
        seed: None,
        rules: RuleSet::standard(),
        format: Format::Text,
        terrain: None,
        numbers: None,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?
            .as_str();
        match flag {
            "--layout" => {
                options.layout = LayoutId::parse(value).ok_or_else(|| {
                    format!(
                        "--layout '{value}' is not a layout; expected one of {}",
                        LayoutId::names()
                    )
                })?
            }
            "--seed" => {
                options.seed = Some(value.parse().map_err(|_| {
                    format!(
                        "--seed '{value}' is not a seed; expected a whole number from 0 to {}",
                        u64::MAX
                    )
                })?)
            }
            "--rule" => {
                options.rules = options
                    .rules
                    .with(Rule::parse(value).map_err(|e| format!("--rule: {e}"))?)
            }
            "--no-rule" => {
                let kind = value.split('=').next().unwrap_or(value);
                let rule = Rule::parse(kind)
                    .or_else(|_| Rule::parse(&format!("{kind}=0")))
                    .map_err(|e| format!("--no-rule: {e}"))?;
                options.rules = options.rules.without(rule);
            }
            "--format" => {
                options.format = match value {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    "svg" => Format::Svg,
                    _ => {
                        return Err(format!(
                            "--format '{value}' is not a format; expected text, json or svg"
                        ))
                    }
                }
            }
            "--terrain" => options.terrain = Some(value.to_string()),
            "--numbers" => options.numbers = Some(value.to_string()),
            _ => return Err(format!("unknown option '{flag}'")),
        }
        i += 2;
    }
    Ok(options)
}

fn generate_command(options: &Options) -> Outcome {
    let Some(seed) = options.seed else {
        return Outcome::bad_input("generate needs --seed N".into());
    };
    let numbers = match options.numbers.as_deref() {
        None => NumberMode::Random,
        Some(text) => match NumberMode::parse(text) {
            Some(mode) => mode,
            None => {
                return Outcome::bad_input(format!(
                    "--numbers '{text}' is not a placement; expected random or spiral"
                ))
            }
        },
    };
    let settings = Settings {
        layout: options.layout,
        rules: options.rules.clone(),
        numbers,
    };
    if let Some(problem) = settings.problem() {
        return Outcome::bad_input(format!("--numbers spiral: {problem}"));
    }
    match generate(&settings, seed) {
        Ok(board) => Outcome::ok(render(&board, &settings, seed, options.format)),
        Err(error) => Outcome::infeasible(&error),
    }
}

fn render(board: &Board, settings: &Settings, seed: u64, format: Format) -> String {
    match format {
        Format::Text => format!(
            "layout: {}\nseed: {seed}\nplacement: {}\nrules: {}\nterrain: {}\nnumbers: {}\nharbours: {}\nlink: ?{}\n\n{}",
            board.layout,
            settings.numbers.name(),
            settings.rules.names(),
            board.terrain_text(),
            board.numbers_text(),
            board.harbours.iter().map(|h| h.kind.label()).collect::<Vec<_>>().join(", "),
            share::encode(settings, seed, board),
            board.pretty_rows()
        ),
        Format::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&board_json(board, settings, seed)).expect("plain JSON values")
        ),
        Format::Svg => picture::svg(&picture::draw(board)),
    }
}

/// The board as JSON: the board text, harbours with position, ratio and resource, the robber
/// and pirate, and the board's share token.
pub fn board_json(board: &Board, settings: &Settings, seed: u64) -> serde_json::Value {
    let harbours: Vec<_> = board
        .harbours
        .iter()
        .map(|h| {
            json!({
                "position": {"q": h.spot.sea.q, "r": h.spot.sea.r},
                "faces_hex": h.spot.faces,
                "corners": h.spot.corners,
                "ratio": format!("{}:1", h.kind.ratio()),
                "resource": h.kind.resource().map(|r| r.name()),
            })
        })
        .collect();
    json!({
        "layout": board.layout.name(),
        "seed": seed,
        "number_placement": settings.numbers.name(),
        "rules": settings.rules.rules().iter().map(|r| r.name()).collect::<Vec<_>>(),
        "terrain": board.terrain_text(),
        "numbers": board.numbers_text(),
        "harbours": harbours,
        "robber": board.robber,
        "pirate": board.pirate.map(|h| json!({"q": h.q, "r": h.r})),
        "share_token": share::board_token(settings, seed, board),
    })
}

fn check_command(options: &Options) -> Outcome {
    let layout = Layout::get(options.layout);
    let (Some(terrain), Some(numbers)) = (&options.terrain, &options.numbers) else {
        return Outcome::bad_input("check needs --terrain T and --numbers CSV".into());
    };
    let board = match (
        parse_terrain(layout, terrain),
        parse_numbers(layout, numbers),
    ) {
        (Ok(terrain), Ok(numbers)) => assemble(layout, terrain, numbers, Vec::new()),
        (Err(e), _) | (_, Err(e)) => return Outcome::bad_input(e.0),
    };
    let broken = options.rules.broken_by(&board);
    let mut out = String::new();
    if broken.is_empty() {
        out.push_str(&format!(
            "ok: the board keeps every active rule ({})\n",
            options.rules.names()
        ));
    } else {
        for rule in broken {
            out.push_str(&format!("breaks {} ({})\n", rule.name(), rule.describe()));
        }
    }
    Outcome::ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_words(line: &str) -> Outcome {
        run(&line
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>())
    }

    #[test]
    fn generate_is_deterministic_and_parseable() {
        let a = run_words("generate --layout base --seed 12 --format json");
        assert_eq!(a.code, 0, "{}", a.stderr);
        assert_eq!(
            a,
            run_words("generate --layout base --seed 12 --format json")
        );
        let value: serde_json::Value = serde_json::from_str(&a.stdout).unwrap();
        assert_eq!(value["layout"], "base");
        assert_eq!(value["terrain"].as_str().unwrap().len(), 19);
        assert_eq!(value["harbours"].as_array().unwrap().len(), 9);
        assert_eq!(value["rules"][0], "no-adjacent-red");
    }

    #[test]
    fn bad_arguments_exit_2_and_name_the_argument() {
        for (line, expected) in [
            ("generate --layout moon --seed 1", "--layout 'moon'"),
            ("generate --seed -4", "--seed '-4'"),
            (
                "generate --seed 1 --rule no-adjacent-blue",
                "unknown rule 'no-adjacent-blue'",
            ),
            ("generate --seed 1 --format xml", "--format 'xml'"),
            ("generate --layout base", "needs --seed"),
            ("generate --seed", "--seed needs a value"),
            ("frobnicate", "unknown command 'frobnicate'"),
            ("check --terrain MPF --numbers 1", "--terrain has 3 letters"),
        ] {
            let out = run_words(line);
            assert_eq!(out.code, 2, "{line}");
            assert!(out.stderr.contains(expected), "{line}: {}", out.stderr);
            assert!(out.stdout.is_empty());
        }
    }

    #[test]
    fn impossible_rules_exit_3_naming_them() {
        let out = run_words("generate --seed 1 --rule max-corner-pips=8");
        assert_eq!(out.code, 3);
        assert!(out.stderr.contains("max-corner-pips=8"), "{}", out.stderr);
    }

    #[test]
    fn check_lists_broken_rules() {
        // The beginner board with its first two tokens turned into a 6 and an 8 side by side.
        let out = run_words(
            "check --layout base --terrain MPFWHPHWFDFMFMWPHWP --numbers 6,8,9,12,10,4,10,9,11,-,3,2,8,3,4,5,5,6,11 --rule no-adjacent-same-number",
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(
            out.stdout.contains("breaks no-adjacent-red"),
            "{}",
            out.stdout
        );
        assert!(
            !out.stdout.contains("no-adjacent-same-number"),
            "{}",
            out.stdout
        );
        let without = run_words(
            "check --terrain MPFWHPHWFDFMFMWPHWP --numbers 6,8,9,12,10,4,10,9,11,-,3,2,8,3,4,5,5,6,11 --no-rule no-adjacent-red",
        );
        assert!(without.stdout.starts_with("ok"), "{}", without.stdout);
    }
}
