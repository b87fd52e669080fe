//! The `hexfair` command line: argument parsing and output, kept apart from `main` so it is
//! tested like the rest of the engine. Exit status: 0 success, 2 bad input, 3 rules that
//! cannot be met.

use serde_json::json;

use crate::board::{parse_numbers, parse_terrain, Board};
use crate::layout::{Layout, LayoutId};
use crate::rules::{resource_pips, Rule, RuleSet};
use crate::score::{measure_limits, Factors, Scorer};
use crate::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::solve::{assemble, GenerateError, NumberMode, Settings};
use crate::spots::{fair_start, snake_draft, spots, Seating};
use crate::{picture, share};

pub const USAGE: &str = "\
usage:
  hexfair generate --layout L --seed N [--numbers random|spiral] [--mode random|balanced|unbalanced]
                   [--target S] [--candidates K] [--rule NAME[=N]]... [--no-rule NAME]...
                   [--format text|json|svg]
  hexfair check --layout L --terrain T --numbers CSV [--rule NAME[=N]]... [--no-rule NAME]...
  hexfair score (--layout L --terrain T --numbers CSV | --token TOKEN) [--seats N] [--format text|json]
  hexfair limits --layout L [--boards N] [--seed N]
  hexfair bench [--quick]

layouts: base, five-six, seafarers, seafarers-five-six, new-world, new-world-five-six, mcguire
rules: no-adjacent-red (on by default), no-adjacent-extreme, no-adjacent-same-number,
       no-adjacent-same-terrain, no-adjacent-lumber-brick, red-on-distinct-resources,
       distinct-numbers-per-resource, max-corner-pips=N, min-resource-pips=N,
       desert-center, max-terrain-cluster=N
modes: random (any legal board), balanced (lowest score), unbalanced (highest), or
       --target S for a score near S (0-1); --candidates K boards are searched (default 10000)
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

    fn failed(error: &GenerateError) -> Self {
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

/// The options of every command, as read from the arguments.
struct Options {
    layout: LayoutId,
    seed: Option<u64>,
    rules: RuleSet,
    format: Format,
    terrain: Option<String>,
    /// `--numbers`: a placement mode for `generate`, the board's numbers for `check`/`score`.
    numbers: Option<String>,
    mode: Mode,
    candidates: u32,
    seats: Option<usize>,
    token: Option<String>,
    boards: u32,
    quick: bool,
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
        "score" => score_command(&options),
        "limits" => limits_command(&options),
        "bench" => bench_command(&options),
        "help" | "--help" | "-h" => Outcome::ok(format!("{USAGE}\n")),
        other => Outcome::bad_input(format!(
            "unknown command '{other}'; expected generate, check, score, limits or bench"
        )),
    }
}

fn parse_number<T: std::str::FromStr>(
    flag: &str,
    value: &str,
    expected: &str,
) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} '{value}' is not {expected}"))
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        layout: LayoutId::Base,
        seed: None,
        rules: RuleSet::standard(),
        format: Format::Text,
        terrain: None,
        numbers: None,
        mode: Mode::Random,
        candidates: DEFAULT_CANDIDATES,
        seats: None,
        token: None,
        boards: 500_000,
        quick: false,
    };
    let mut target = None;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--quick" {
            o.quick = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?
            .as_str();
        match flag {
            "--layout" => {
                o.layout = LayoutId::parse(value)
                    .ok_or_else(|| format!("--layout '{value}' is not a layout; expected one of {}", LayoutId::names()))?
            }
            "--seed" => o.seed = Some(parse_number(flag, value, &format!("a seed; expected a whole number from 0 to {}", u64::MAX))?),
            "--rule" => o.rules = o.rules.with(Rule::parse(value).map_err(|e| format!("--rule: {e}"))?),
            "--no-rule" => {
                let kind = value.split('=').next().unwrap_or(value);
                let rule = Rule::parse(kind).or_else(|_| Rule::parse(&format!("{kind}=0"))).map_err(|e| format!("--no-rule: {e}"))?;
                o.rules = o.rules.without(rule);
            }
            "--format" => {
                o.format = match value {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    "svg" => Format::Svg,
                    _ => return Err(format!("--format '{value}' is not a format; expected text, json or svg")),
                }
            }
            "--terrain" => o.terrain = Some(value.to_string()),
            "--numbers" => o.numbers = Some(value.to_string()),
            "--token" => o.token = Some(value.to_string()),
            "--mode" => {
                o.mode = match value {
                    "random" => Mode::Random,
                    "balanced" => Mode::Balanced,
                    "unbalanced" => Mode::Unbalanced,
                    _ => return Err(format!("--mode '{value}' is not a mode; expected random, balanced or unbalanced")),
                }
            }
            "--target" => match value.parse::<f64>() {
                Ok(t) if (0.0..=1.0).contains(&t) => target = Some(t),
                _ => return Err(format!("--target '{value}' is not a score; expected a number from 0 to 1")),
            },
            "--candidates" => match value.parse::<u32>() {
                Ok(k) if (1..=10_000_000).contains(&k) => o.candidates = k,
                _ => return Err(format!("--candidates '{value}' is not a budget; expected a whole number from 1 to 10000000")),
            },
            "--boards" => match value.parse::<u32>() {
                Ok(k) if k >= 1 => o.boards = k,
                _ => return Err(format!("--boards '{value}' is not a count; expected a whole number of at least 1")),
            },
            "--seats" => match value.parse::<usize>() {
                Ok(n) if (2..=8).contains(&n) => o.seats = Some(n),
                _ => return Err(format!("--seats '{value}' is not a number of seats; expected 2 to 8")),
            },
            _ => return Err(format!("unknown option '{flag}'")),
        }
        i += 2;
    }
    if let Some(t) = target {
        o.mode = Mode::Target(t);
    }
    Ok(o)
}

fn generate_command(o: &Options) -> Outcome {
    let Some(seed) = o.seed else {
        return Outcome::bad_input("generate needs --seed N".into());
    };
    let numbers = match o.numbers.as_deref() {
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
        numbers,
        ..Settings::new(o.layout, o.rules.clone())
    };
    if let Some(problem) = settings.problem() {
        return Outcome::bad_input(format!("--numbers spiral: {problem}"));
    }
    match find(&settings, o.mode, o.candidates, seed) {
        Ok(found) => Outcome::ok(render(&found.board, &settings, seed, o.mode, o.format)),
        Err(error) => Outcome::failed(&error),
    }
}

fn render(board: &Board, settings: &Settings, seed: u64, mode: Mode, format: Format) -> String {
    let score = Scorer::new(board.layout).score_board(board);
    match format {
        Format::Text => format!(
            "layout: {}\nseed: {seed}\nmode: {mode}\nplacement: {}\nrules: {}\nscore: {score:.4}\nterrain: {}\nnumbers: {}\nharbours: {}\nlink: ?{}\n\n{}",
            board.layout,
            settings.numbers.name(),
            settings.rules.names(),
            board.terrain_text(),
            board.numbers_text(),
            board.harbours.iter().map(|h| h.kind.label()).collect::<Vec<_>>().join(", "),
            share::encode(settings, mode, seed, board),
            board.pretty_rows()
        ),
        Format::Json => {
            let mut value = board_json(board, settings, mode, seed);
            value["mode"] = json!(mode.name());
            value["score"] = json!(score);
            format!("{}\n", serde_json::to_string_pretty(&value).expect("plain JSON values"))
        }
        Format::Svg => picture::svg(&picture::draw(board)),
    }
}

/// The board as JSON: the board text, harbours with position, ratio and resource, the robber
/// and pirate, and the board's share token.
pub fn board_json(board: &Board, settings: &Settings, mode: Mode, seed: u64) -> serde_json::Value {
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
        "share_token": share::board_token(settings, mode, seed, board),
    })
}

/// The board named by `--token`, or by `--terrain` and `--numbers` (then without harbours).
fn board_from_options(o: &Options) -> Result<Board, String> {
    if let Some(token) = &o.token {
        return share::decode_token(token)
            .map_err(|e| format!("--token: {}", e.0))?
            .board
            .ok_or_else(|| "--token carries no board".to_string());
    }
    let layout = Layout::get(o.layout);
    let (Some(terrain), Some(numbers)) = (&o.terrain, &o.numbers) else {
        return Err("give the board as --terrain T and --numbers CSV, or as --token TOKEN".into());
    };
    let terrain = parse_terrain(layout, terrain).map_err(|e| e.0)?;
    let numbers = parse_numbers(layout, numbers).map_err(|e| e.0)?;
    Ok(assemble(layout, terrain, numbers, Vec::new()))
}

fn check_command(o: &Options) -> Outcome {
    let board = match board_from_options(o) {
        Ok(b) => b,
        Err(e) => return Outcome::bad_input(e),
    };
    let broken = o.rules.broken_by(&board);
    let mut out = String::new();
    if broken.is_empty() {
        out.push_str(&format!(
            "ok: the board keeps every active rule ({})\n",
            o.rules.names()
        ));
    } else {
        for rule in broken {
            out.push_str(&format!("breaks {} ({})\n", rule.name(), rule.describe()));
        }
    }
    Outcome::ok(out)
}

/// The balance report of a board: factors, score, spots, and for each number of seats a
/// snake draft and a fair start (the last seat count is also reported at the top level).
pub fn score_report(board: &Board, seat_counts: &[usize]) -> serde_json::Value {
    let seats = *seat_counts.last().expect("at least one seat count");
    let scorer = Scorer::new(board.layout);
    let factors = scorer.factors(&board.terrain, &board.numbers);
    let normalised = factors.normalised(scorer.limits());
    let mut all = spots(board);
    let corner_pips: Vec<f64> = all.iter().map(|s| f64::from(s.pips)).collect();
    let mean = corner_pips.iter().sum::<f64>() / corner_pips.len() as f64;
    let deviation = (corner_pips.iter().map(|p| (p - mean).powi(2)).sum::<f64>()
        / corner_pips.len() as f64)
        .sqrt();
    all.sort_by(|a, b| b.value.cmp(&a.value).then(a.corner.cmp(&b.corner)));
    let pips = resource_pips(board);
    let seating = |s: Seating| json!({"seats": s.seats, "spread": s.spread});
    json!({
        "layout": board.layout.name(),
        "terrain": board.terrain_text(),
        "numbers": board.numbers_text(),
        "factors": factors,
        "normalised": Factors::from_array(normalised),
        "limits": scorer.limits(),
        "score": scorer.score_board(board),
        "resource_pips": crate::board::Resource::ALL.iter().map(|r| (r.name().to_string(), json!(pips[r.index()]))).collect::<serde_json::Map<_, _>>(),
        "corner_pips_spread": {
            "min": corner_pips.iter().copied().fold(f64::INFINITY, f64::min),
            "max": corner_pips.iter().copied().fold(0.0, f64::max),
            "mean": mean,
            "standard_deviation": deviation,
        },
        "strongest_spots": &all[..3.min(all.len())],
        "weakest_spots": &all[all.len().saturating_sub(3)..],
        "spot_value": "pips + 1 per resource beyond the first + harbour (1 for 3:1, 2 for 2:1)",
        "snake_draft": seating(snake_draft(board, seats)),
        "fair_start": seating(fair_start(board, seats)),
        "by_seats": seat_counts
            .iter()
            .map(|&n| (n.to_string(), json!({"snake_draft": seating(snake_draft(board, n)), "fair_start": seating(fair_start(board, n))})))
            .collect::<serde_json::Map<_, _>>(),
        "spots": all,
    })
}

fn score_command(o: &Options) -> Outcome {
    let board = match board_from_options(o) {
        Ok(b) => b,
        Err(e) => return Outcome::bad_input(e),
    };
    // The layout's seat counts (3 and 4 on base, 5 and 6 on the 5-6 boards), or the one asked.
    let seat_counts: Vec<usize> = match o.seats {
        Some(n) => vec![n],
        None => board.layout.seats().collect(),
    };
    let report = score_report(&board, &seat_counts);
    match o.format {
        Format::Json => Outcome::ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("plain JSON")
        )),
        Format::Svg => {
            Outcome::bad_input("--format svg is for generate; score prints text or json".into())
        }
        Format::Text => {
            let mut out = format!("score: {:.4}\n", report["score"].as_f64().unwrap_or(0.0));
            for name in Factors::NAMES {
                out.push_str(&format!(
                    "  {name}: {} ({:.3} of its limit)\n",
                    report["factors"][name],
                    report["normalised"][name].as_f64().unwrap_or(0.0)
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

fn limits_command(o: &Options) -> Outcome {
    let limits = measure_limits(o.layout, o.boards, o.seed.unwrap_or(1));
    Outcome::ok(format!(
        "{}\n",
        serde_json::to_string_pretty(
            &json!({"layout": o.layout.name(), "boards": o.boards, "limits": limits})
        )
        .expect("plain JSON")
    ))
}

fn bench_command(o: &Options) -> Outcome {
    let origin = std::time::Instant::now();
    let now = move || origin.elapsed().as_secs_f64() * 1000.0;
    let report = crate::bench::run(&now, o.quick);
    Outcome::ok(format!(
        "hexfair bench ({}, base board, default rules, one core)\n  search candidates/s: {:.0}\n  random candidates/s: {:.0}\n  balanced board from {} candidates: {:.2} ms (median of {})\n",
        if o.quick { "quick" } else { "full" },
        report.search_candidates_per_second,
        report.random_candidates_per_second,
        DEFAULT_CANDIDATES,
        report.balanced_board_ms,
        report.balanced_runs
    ))
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
    fn bad_search_arguments_exit_2() {
        for (line, expected) in [
            ("generate --seed 1 --mode lopsided", "--mode 'lopsided'"),
            ("generate --seed 1 --target 1.5", "--target '1.5'"),
            ("generate --seed 1 --candidates 0", "--candidates '0'"),
            ("score --token 2abc", "--token:"),
            ("score --seats 1 --token x", "--seats '1'"),
            ("score --layout base", "give the board"),
        ] {
            let out = run_words(line);
            assert_eq!(out.code, 2, "{line}");
            assert!(out.stderr.contains(expected), "{line}: {}", out.stderr);
        }
    }
}
