//! The `hexfair` command line: argument parsing (clap) and output, kept apart from `main` so
//! it is tested like the rest of the engine. Exit status: 0 success, 2 bad input, 3 rules that
//! cannot be met. The engine's messages name rules and settings; the flag names are added here.

use std::ffi::OsString;

use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use crate::balance::presets::Preset;
use crate::balance::score::{measure_limits_with_progress, Factors, Scorer, SCORED};
use crate::balance::search::{find_with_progress, Mode, DEFAULT_CANDIDATES};
use crate::balance::spots::{fair_start, snake_draft, spots, Seating};
use crate::board::{parse_numbers, parse_terrain, Board};
use crate::bulk::{distinct_boards, BulkError, Seeded, MAX_COUNT};
use crate::catalogue::{self, Layout, LayoutId};
use crate::generate::error::thousands;
use crate::generate::{assemble, GenerateError, NumberMode, Settings};
use crate::rules::{resource_pips, Rule, RuleSet};
use crate::share::conform::placement_problems;
use crate::{picture, share};

/// The most candidates `generate` searches: a thousand times the default, under a minute
/// even on the largest layout (38 s for new-world-five-six on a busy two-core machine).
pub const MAX_CANDIDATES: u32 = 10_000_000;
/// The most threads `--jobs` starts: far more than cores, which only slows the run down.
pub const MAX_JOBS: u32 = 256;
/// The most boards `limits` measures: twenty times the 500,000 the recorded limits took.
/// Seconds on base; on New World 5-6, whose maps are redrawn until the islands fit, about
/// 6,000 boards a second, so the progress bar shows the wait.
pub const MAX_BOARDS: u32 = 10_000_000;

const BOARD_TEXT: &str = "\
Board text: terrain is one letter a hex, rows from the top, left to right (F forest,
P pasture, W fields, H hills, M mountains, D desert, S sea, G gold); numbers are
comma-separated in the same order, - for a hex without a token.";

const BULK: &str = "\
Boards in bulk: with --count N, candidate k (from 0) takes the k-th SplitMix64 output after
--seed as its seed, mix(seed + (k + 1) * 0x9E3779B97F4A7C15), and the boards written are the
first N candidates whose terrain, numbers and harbours no earlier one had. Each board's own
seed is printed, so `generate --seed` makes any one again, and the output is the same whatever
the number of cores or --jobs. Formats: json writes one compact JSON object a line, with an
index; csv a header, then a row a board (index, seed, layout, mode, score, terrain, numbers,
share_token); text one board after another, separated by a blank line; svg draws one board
only. Nothing is written until every board is made.";

const EXIT_STATUS: &str = "\
Exit status: 0 success, 2 bad input (the message names the argument), 3 when the rules
cannot be met (the message names a smallest set of rules that conflict) or, with --count,
allow fewer distinct boards than asked.";

#[derive(Parser, Debug)]
#[command(
    name = "hexfair",
    version,
    about = "Balanced Catan boards: generate, check and score them",
    after_help = format!("{BOARD_TEXT}\n\n{EXIT_STATUS}"),
    subcommand_required = true,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Generate a board for a seed, or many distinct boards with --count: the same seed and
    /// settings always give the same boards
    #[command(after_help = BULK)]
    Generate(GenerateArgs),
    /// Say whether a board fits its layout (bags, sea, islands) and which active rules it breaks
    #[command(after_help = BOARD_TEXT)]
    Check(CheckArgs),
    /// Report a board's balance: factors, score, spots, a snake draft and a fair start
    #[command(after_help = BOARD_TEXT)]
    Score(ScoreArgs),
    /// Measure the score limits: the largest value of each factor over random boards
    Limits(LimitsArgs),
    /// Time the generator and the search on the base board
    Bench(BenchArgs),
    /// Play a linked board many times with bots and report each seat's chance of winning
    /// (no trades between players)
    Playtest(crate::play_command::PlaytestArgs),
    /// List the boards: each game's scenarios, the player counts each is printed for, and
    /// the board names --layout takes
    Boards,
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// The board by its own name (see `hexfair boards`) [default: base]
    #[arg(long, value_name = "L", value_parser = layout_parser(), conflicts_with = "scenario")]
    layout: Option<LayoutId>,
    /// The scenario (see `hexfair boards`): with --players, the board printed for that table
    #[arg(long, value_name = "NAME")]
    scenario: Option<String>,
    /// Players at the table, 3 to 6, for --scenario: 5 and 6 take the 5-6 board, 3 the 3-4
    /// board where there is no 3-player one [default: 4]
    #[arg(long, value_name = "N", value_parser = whole_number(3, 6), requires = "scenario")]
    players: Option<u32>,
    /// Any whole number from 0 to 18446744073709551615
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    seed: u64,
    /// How the number tokens are laid
    #[arg(long, value_name = "PLACEMENT", default_value = "random", value_parser = number_mode_parser())]
    numbers: NumberMode,
    /// What the search aims for
    #[arg(long, value_name = "MODE", default_value = "random", value_parser = mode_parser(), conflicts_with = "target")]
    mode: Mode,
    /// Search for a board whose score is near S (0 to 1): "fair but lively"
    #[arg(long, value_name = "S", value_parser = parse_target)]
    target: Option<f64>,
    /// Candidate boards a balanced, unbalanced or target search scores [default: 20000;
    /// at most 10,000,000]
    #[arg(long, value_name = "K", value_parser = whole_number(1, MAX_CANDIDATES))]
    candidates: Option<u32>,
    #[command(flatten)]
    rules: RuleArgs,
    /// How the board is printed
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Write N distinct boards, 1 to 100,000, each from its own seed derived from --seed
    /// (see "Boards in bulk" below)
    #[arg(long, value_name = "N", value_parser = whole_number(1, MAX_COUNT))]
    count: Option<u32>,
    /// Threads that make the boards of --count, 1 to 256 [default: one a core]
    #[arg(long, value_name = "N", value_parser = whole_number(1, MAX_JOBS), requires = "count")]
    jobs: Option<u32>,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// The board's frame and bags
    #[arg(long, value_name = "L", default_value = "base", value_parser = layout_parser())]
    layout: LayoutId,
    /// The terrain letters (see "Board text" below)
    #[arg(long, value_name = "T")]
    terrain: String,
    /// The number tokens, comma-separated (see "Board text" below)
    #[arg(long, value_name = "CSV", allow_hyphen_values = true)]
    numbers: String,
    #[command(flatten)]
    rules: RuleArgs,
}

#[derive(Args, Debug)]
struct ScoreArgs {
    /// The layout of a board given as text [default: base]
    #[arg(long, value_name = "L", value_parser = layout_parser(), conflicts_with = "token")]
    layout: Option<LayoutId>,
    /// The terrain letters (see "Board text" below)
    #[arg(
        long,
        value_name = "T",
        required_unless_present = "token",
        conflicts_with = "token"
    )]
    terrain: Option<String>,
    /// The number tokens, comma-separated (see "Board text" below)
    #[arg(
        long,
        value_name = "CSV",
        allow_hyphen_values = true,
        required_unless_present = "token",
        conflicts_with = "token"
    )]
    numbers: Option<String>,
    /// The board of a share link (what follows `?b=` in its address, or the JSON `share_token`)
    #[arg(long, value_name = "TOKEN", allow_hyphen_values = true)]
    token: Option<String>,
    /// Seats for the snake draft and the fair start [default: the layout's, 3 and 4 or 5 and 6]
    #[arg(long, value_name = "N", value_parser = whole_number(2, 8))]
    seats: Option<u32>,
    /// How the report is printed
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = ScoreFormat::Text)]
    format: ScoreFormat,
}

#[derive(Args, Debug)]
struct LimitsArgs {
    /// The board's frame and bags
    #[arg(long, value_name = "L", default_value = "base", value_parser = layout_parser())]
    layout: LayoutId,
    /// Random boards to measure, 1 to 10,000,000
    #[arg(long, value_name = "N", default_value_t = 500_000, value_parser = whole_number(1, MAX_BOARDS))]
    boards: u32,
    /// Seed of the random boards
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_seed)]
    seed: u64,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Shorter loops (for CI); measures the same things
    #[arg(long)]
    quick: bool,
    /// Time `generate --count` instead: boards a second on one core and on two, balanced
    /// (20,000 candidates each) and random, written as JSON lines
    #[arg(long)]
    bulk: bool,
    /// Time how long each kind of request takes to answer (a board, a named conflict or a
    /// give-up): every layout and placement, each rule over its range, every pair of rules,
    /// every rule on, random rule sets, locks (--quick: every rule on only)
    #[arg(long, conflicts_with = "bulk")]
    answers: bool,
}

/// `--rule` and `--no-rule`, shared by the commands that take rules.
#[derive(Args, Debug)]
struct RuleArgs {
    /// Switch a rule on (repeat for more); rules ending in =N take a number from 0 to 99
    #[arg(long = "rule", value_name = "NAME[=N]", value_parser = rule_parser())]
    on: Vec<Rule>,
    /// Switch a rule off (repeat for more), as no-adjacent-red, which is on by default
    #[arg(long = "no-rule", value_name = "NAME", value_parser = rule_kind_parser())]
    off: Vec<Rule>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// the settings, the board row by row and its link
    Text,
    /// the board with harbours, robber, pirate and share token (with --count: one a line)
    Json,
    /// a picture of the board
    Svg,
    /// a header line, then a row a board: index, seed, layout, mode, score, terrain, numbers,
    /// share_token
    Csv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ScoreFormat {
    /// the score, its factors and the seat spreads
    Text,
    /// everything, spots and seats included
    Json,
}

/// A value parser that takes one of the engine's names and lists them all in `--help`.
fn named<T: Clone + Send + Sync + 'static>(
    choices: Vec<(PossibleValue, T)>,
) -> impl TypedValueParser<Value = T> {
    let values: Vec<PossibleValue> = choices.iter().map(|(v, _)| v.clone()).collect();
    PossibleValuesParser::new(values).try_map(move |name: String| {
        choices
            .iter()
            .find(|(v, _)| v.get_name() == name)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| format!("'{name}' is not one of the choices"))
    })
}

/// Every board's name; legacy boards are taken (old scripts keep working) but not offered.
fn layout_parser() -> impl TypedValueParser<Value = LayoutId> {
    named(
        LayoutId::every()
            .into_iter()
            .map(|l| {
                let value = PossibleValue::new(l.name()).help(l.title());
                (value.hide(l.legacy()), l)
            })
            .collect(),
    )
}

/// The board `--scenario` and `--players` name (or `--layout`'s, or base).
fn chosen_board(args: &GenerateArgs) -> Result<LayoutId, String> {
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
fn players_text(id: LayoutId) -> String {
    let seats = id.seats();
    if seats.start() == seats.end() {
        seats.start().to_string()
    } else {
        format!("{}-{}", seats.start(), seats.end())
    }
}

/// `hexfair boards`: the catalogue, game by game.
fn boards_command() -> Outcome {
    let mut out = String::new();
    let line = |out: &mut String, scenario: &str, id: LayoutId| {
        out.push_str(&format!(
            "  {scenario:<20} {:<4} {:<24} {}\n",
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

fn number_mode_parser() -> impl TypedValueParser<Value = NumberMode> {
    let help = |m: NumberMode| match m {
        NumberMode::Random => "shuffled under the active rules",
        NumberMode::Spiral => "the official letter spiral from a corner the seed picks",
    };
    named(
        NumberMode::ALL
            .map(|m| (PossibleValue::new(m.name()).help(help(m)), m))
            .to_vec(),
    )
}

fn mode_parser() -> impl TypedValueParser<Value = Mode> {
    let help = |m: Mode| match m {
        Mode::Balanced => {
            "the lowest score found, every seat's snake draft within 1 point where it can".into()
        }
        Mode::Unbalanced => "the highest score found".into(),
        Mode::Preset(p) => format!("table preset: {}", p.words().1),
        _ => "any legal board, as the generator draws it".to_string(),
    };
    named(
        Mode::PLAIN
            .into_iter()
            .chain(Preset::ALL.map(Mode::Preset))
            .map(|m| (PossibleValue::new(m.name()).help(help(m)), m))
            .collect(),
    )
}

/// Any parser, with the engine's names listed as its possible values in `--help` (for
/// values such as `max-corner-pips=12` that a fixed list cannot match).
#[derive(Clone)]
struct Listed<P> {
    parser: P,
    choices: fn() -> Vec<PossibleValue>,
}

impl<P: TypedValueParser> TypedValueParser for Listed<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.parser.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.choices)().into_iter()))
    }
}

fn rule_parser() -> impl TypedValueParser<Value = Rule> {
    Listed {
        parser: StringValueParser::new().try_map(|text| Rule::parse(&text)),
        choices: || {
            Rule::ALL
                .map(|r| match r.parameter() {
                    // The description of the kind's usual setting, with that setting as N.
                    Some(n) => PossibleValue::new(format!("{}=N", r.kind_name()))
                        .help(r.describe().replacen(&n.to_string(), "N", 1)),
                    None => PossibleValue::new(r.kind_name()).help(r.describe()),
                })
                .to_vec()
        },
    }
}

fn rule_kind_parser() -> impl TypedValueParser<Value = Rule> {
    named(
        Rule::ALL
            .map(|r| (PossibleValue::new(r.kind_name()).help(r.describe()), r))
            .to_vec(),
    )
}

/// A count from `least` to `most`; the message states the bounds.
fn whole_number(least: u32, most: u32) -> impl TypedValueParser<Value = u32> {
    move |text: &str| match text.parse::<u64>() {
        Ok(n) if (u64::from(least)..=u64::from(most)).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "expected a whole number from {} to {}",
            thousands(u64::from(least)),
            thousands(u64::from(most))
        )),
    }
}

fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

fn parse_target(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err("expected a score from 0 to 1".into()),
    }
}

impl RuleArgs {
    /// The default rules with these switched on and off. A rule asked for twice with
    /// different values, or both on and off, is refused rather than resolved by position.
    fn rule_set(&self) -> Result<RuleSet, String> {
        for (i, rule) in self.on.iter().enumerate() {
            if let Some(other) = self.on[..i].iter().find(|r| r.same_kind(*rule)) {
                if other != rule {
                    return Err(format!(
                        "--rule {} and --rule {} ask for one rule twice; give it once",
                        other.name(),
                        rule.name()
                    ));
                }
            }
            if self.off.iter().any(|r| r.same_kind(*rule)) {
                return Err(format!(
                    "--rule {} and --no-rule {} switch one rule on and off; give one of them",
                    rule.name(),
                    rule.kind_name()
                ));
            }
        }
        let on = self
            .on
            .iter()
            .fold(RuleSet::standard(), |set, &rule| set.with(rule));
        Ok(self.off.iter().fold(on, |set, &rule| set.without(rule)))
    }
}

/// What a run prints and how it exits.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// A usage, help or version message in colour (ANSI), for `main` to print in place of
    /// the plain one when that stream is a terminal.
    pub coloured: Option<String>,
}

impl Outcome {
    fn ok(stdout: String) -> Self {
        Outcome {
            code: 0,
            stdout,
            stderr: String::new(),
            coloured: None,
        }
    }

    /// A clap error (usage, help or version) as clap would print it.
    fn from_clap(error: &clap::Error) -> Self {
        let styled = error.render();
        let coloured = styled.ansi().to_string();
        let (stdout, stderr) = if error.use_stderr() {
            (String::new(), styled.to_string())
        } else {
            (styled.to_string(), String::new())
        };
        Outcome {
            code: error.exit_code(),
            stdout,
            stderr,
            coloured: Some(coloured),
        }
    }

    /// Bad input found after parsing, shown like clap's own errors: the message, then the
    /// usage of `command`.
    fn bad_input(command: &str, message: impl std::fmt::Display) -> Self {
        let mut cli = Cli::command();
        cli.build();
        let error = match cli.find_subcommand_mut(command) {
            Some(sub) => sub.error(ErrorKind::ValueValidation, message),
            None => cli.error(ErrorKind::ValueValidation, message),
        };
        Outcome::from_clap(&error)
    }

    fn failed(command: &str, error: &GenerateError) -> Self {
        if let GenerateError::Unsupported(why) = error {
            return Outcome::bad_input(command, why);
        }
        Outcome {
            code: 3,
            stdout: String::new(),
            stderr: format!("error: {error:#}\n"),
            coloured: None,
        }
    }

    /// A `generate --count` that could not make its boards.
    fn bulk_failed(error: &BulkError, seed: u64) -> Self {
        match error {
            BulkError::Generate(error) => Outcome::failed("generate", error),
            BulkError::TooFew { distinct, tried } => Outcome {
                code: 3,
                stdout: String::new(),
                stderr: format!(
                    "error: these settings gave only {distinct} distinct boards from the first \
                     {tried} seeds derived from --seed {seed}; ask for fewer with --count\n"
                ),
                coloured: None,
            },
            BulkError::Threads(why) => Outcome {
                code: 1,
                stdout: String::new(),
                stderr: format!("error: the worker threads would not start: {why}\n"),
                coloured: None,
            },
        }
    }
}

/// Runs the command line on `args` (without the program name).
pub fn run<I, T>(args: I) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args = std::iter::once(OsString::from("hexfair")).chain(args.into_iter().map(Into::into));
    let cli = Cli::command()
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    match cli {
        Ok(Cli { command }) => match command {
            Command::Generate(args) => generate_command(&args),
            Command::Check(args) => check_command(&args),
            Command::Score(args) => score_command(&args),
            Command::Limits(args) => limits_command(&args),
            Command::Bench(args) => bench_command(&args),
            Command::Playtest(args) => crate::play_command::run(&args)
                .map_or_else(|why| Outcome::bad_input("playtest", why), Outcome::ok),
            Command::Boards => boards_command(),
        },
        Err(error) => Outcome::from_clap(&explain(error)),
    }
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

/// A progress bar on stderr for work counted by an engine callback. indicatif draws
/// nothing when stderr is not a terminal, so pipes and logs stay clean.
fn progress_bar(what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{msg} [{bar:30}] {percent}% ({eta} left)")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// Runs `work` with a progress bar that its callback moves, then clears the bar.
fn with_progress<R>(what: &str, work: impl FnOnce(&mut dyn FnMut(u64, u64)) -> R) -> R {
    let bar = progress_bar(what);
    let result = work(&mut |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    result
}

fn generate_command(args: &GenerateArgs) -> Outcome {
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
    let settings = Settings {
        numbers: args.numbers,
        ..Settings::new(layout, rules)
    };
    if let Some(problem) = settings.problem() {
        return Outcome::bad_input(
            "generate",
            format!("--numbers {}: {problem}", args.numbers.name()),
        );
    }
    if let Some(count) = args.count {
        return bulk_command(args, &settings, mode, candidates, count);
    }
    let found = with_progress("searching", |progress| {
        find_with_progress(&settings, mode, candidates, args.seed, progress)
    });
    match found {
        Ok(found) => Outcome::ok(render(
            &Seeded {
                seed: args.seed,
                found,
            },
            &settings,
            mode,
            args.format,
        )),
        Err(error) => Outcome::failed("generate", &error),
    }
}

/// `generate --count`: the boards are all made (on `--jobs` threads) before anything is
/// written, so a run that fails writes nothing.
fn bulk_command(
    args: &GenerateArgs,
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    count: u32,
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
        args.seed,
        count,
        args.jobs.map(|n| n as usize),
        args.format,
        &tick,
    );
    bar.finish_and_clear();
    match written {
        Ok(text) => Outcome::ok(text),
        Err(error) => Outcome::bulk_failed(&error, args.seed),
    }
}

/// `count` distinct boards in `format` (not svg), made and rendered on `jobs` threads (one a
/// core when `None`); the text is the same whatever the number of threads.
#[allow(clippy::too_many_arguments)]
fn bulk_output(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    count: u32,
    jobs: Option<usize>,
    format: Format,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<String, BulkError> {
    crate::bulk::pool(jobs)?.install(|| {
        let boards = distinct_boards(settings, mode, candidates, seed, count, progress)?;
        Ok(bulk_render(&boards, settings, mode, format))
    })
}

/// Boards of `generate --count` in `format`, rendered in parallel on the current pool.
fn bulk_render(boards: &[Seeded], settings: &Settings, mode: Mode, format: Format) -> String {
    let count = boards.len();
    let entries: Vec<String> = boards
        .par_iter()
        .enumerate()
        .map(|(i, board)| match format {
            Format::Json => {
                let mut value = board_value(board, settings, mode);
                value["index"] = json!(i + 1);
                format!(
                    "{}\n",
                    serde_json::to_string(&value).expect("plain JSON values")
                )
            }
            Format::Csv => csv_row(i + 1, board, settings, mode),
            Format::Text | Format::Svg => format!(
                "board: {} of {count}\n{}",
                i + 1,
                render(board, settings, mode, format)
            ),
        })
        .collect();
    let header = if format == Format::Csv {
        CSV_HEADER
    } else {
        ""
    };
    let separator = if format == Format::Text { "\n" } else { "" };
    format!("{header}{}", entries.join(separator))
}

const CSV_HEADER: &str = "index,seed,layout,mode,score,terrain,numbers,share_token\n";

/// One board as a CSV row (RFC 4180 quoting; the numbers text holds commas).
fn csv_row(index: usize, board: &Seeded, settings: &Settings, mode: Mode) -> String {
    let found = &board.found;
    let fields = [
        index.to_string(),
        board.seed.to_string(),
        found.board.layout.name().to_string(),
        mode.name(),
        found.score.to_string(),
        found.board.terrain_text(),
        found.board.numbers_text(),
        share::board_token(settings, mode, board.seed, &found.board),
    ];
    let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
    format!("{}\n", quoted.join(","))
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn render(seeded: &Seeded, settings: &Settings, mode: Mode, format: Format) -> String {
    let (seed, board, score) = (seeded.seed, &seeded.found.board, seeded.found.score);
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
        Format::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&board_value(seeded, settings, mode))
                .expect("plain JSON values")
        ),
        Format::Svg => picture::svg(&picture::draw(board)),
        Format::Csv => format!("{CSV_HEADER}{}", csv_row(1, seeded, settings, mode)),
    }
}

/// `generate`'s JSON: [`board_json`] with the mode and the score.
fn board_value(seeded: &Seeded, settings: &Settings, mode: Mode) -> serde_json::Value {
    let mut value = board_json(&seeded.found.board, settings, mode, seeded.seed);
    value["mode"] = json!(mode.name());
    value["score"] = json!(seeded.found.score);
    value
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

/// A board from the text format, without harbours (the text does not carry them); errors
/// name the flag.
fn board_from_text(id: LayoutId, terrain: &str, numbers: &str) -> Result<Board, String> {
    let layout = Layout::get(id);
    let terrain = parse_terrain(layout, terrain).map_err(|e| format!("--terrain: {e}"))?;
    let numbers = parse_numbers(layout, numbers).map_err(|e| format!("--numbers: {e}"))?;
    Ok(assemble(layout, terrain, numbers, Vec::new()))
}

fn check_command(args: &CheckArgs) -> Outcome {
    let rules = match args.rules.rule_set() {
        Ok(rules) => rules,
        Err(why) => return Outcome::bad_input("check", why),
    };
    let board = match board_from_text(args.layout, &args.terrain, &args.numbers) {
        Ok(b) => b,
        Err(e) => return Outcome::bad_input("check", e),
    };
    // The text carries no harbours, so the board is held to its layout's terrain and tokens
    // (bags, where sea may go, islands, gold, spirals), then to the active rules.
    let unfit = placement_problems(board.layout(), &board.terrain, &board.numbers);
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
        out.push_str(&format!("not a {} board: {problem}\n", board.layout));
    }
    for rule in broken {
        out.push_str(&format!("breaks {} ({})\n", rule.name(), rule.describe()));
    }
    Outcome::ok(out)
}

/// The balance report of a board: factors, score, spots, and for each number of seats a
/// snake draft and a fair start (the last seat count is also reported at the top level).
/// Any board the text format can express has a report, even one with no land.
pub fn score_report(board: &Board, seat_counts: &[usize]) -> serde_json::Value {
    let seats = seat_counts.last().copied().unwrap_or(0);
    let scorer = Scorer::new(board.layout);
    let factors = scorer.factors_of(board);
    let normalised = factors.normalised(scorer.limits());
    let mut all = spots(board);
    let corner_pips: Vec<f64> = all.iter().map(|s| f64::from(s.pips)).collect();
    // A board without land has no spots: its spread is reported as all zeros (folded from
    // +0.0, as an empty float `sum` is -0.0).
    let count = corner_pips.len().max(1) as f64;
    let mean = corner_pips.iter().fold(0.0, |a, p| a + p) / count;
    let deviation = (corner_pips.iter().fold(0.0, |a, p| a + (p - mean).powi(2)) / count).sqrt();
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
        "resource_pips": crate::model::Resource::ALL.iter().map(|r| (r.name().to_string(), json!(pips[r.index()]))).collect::<serde_json::Map<_, _>>(),
        "corner_pips_spread": {
            "min": corner_pips.iter().copied().reduce(f64::min).unwrap_or(0.0),
            "max": corner_pips.iter().copied().reduce(f64::max).unwrap_or(0.0),
            "mean": mean,
            "standard_deviation": deviation,
        },
        "strongest_spots": &all[..3.min(all.len())],
        "weakest_spots": &all[all.len().saturating_sub(3)..],
        "spot_value": "pips + 1 per resource beyond the first + harbour (1, and 1 per 6 traded pips: all the pips there for 3:1, 3 x its resource's pips there for 2:1)",
        "snake_draft": seating(snake_draft(board, seats)),
        "fair_start": seating(fair_start(board, seats)),
        "by_seats": seat_counts
            .iter()
            .map(|&n| (n.to_string(), json!({"snake_draft": seating(snake_draft(board, n)), "fair_start": seating(fair_start(board, n))})))
            .collect::<serde_json::Map<_, _>>(),
        "spots": all,
    })
}

fn score_command(args: &ScoreArgs) -> Outcome {
    // A link made for a table of fewer players than the layout's most says so.
    let mut link_seats = None;
    let board = match (&args.token, &args.terrain, &args.numbers) {
        (Some(token), _, _) => match share::decode_token(token) {
            Ok(link) => match link.board {
                Some(board) => {
                    link_seats =
                        (link.seats != share::usual_seats(board.layout)).then_some(link.seats);
                    board
                }
                None => return Outcome::bad_input("score", "--token carries no board"),
            },
            // The reason alone: the link error's own sentence is the app's.
            Err(e) => {
                return Outcome::bad_input(
                    "score",
                    format!("--token: the token cannot be read: {}", e.0),
                )
            }
        },
        (None, Some(terrain), Some(numbers)) => {
            match board_from_text(args.layout.unwrap_or(LayoutId::Base), terrain, numbers) {
                Ok(board) => board,
                Err(e) => return Outcome::bad_input("score", e),
            }
        }
        // clap requires --terrain and --numbers unless --token is given.
        _ => {
            return Outcome::bad_input(
                "score",
                "give the board as --terrain T and --numbers CSV, or as --token TOKEN",
            )
        }
    };
    // The layout's seat counts (3 and 4 on base, 5 and 6 on the 5-6 boards), or the one asked
    // (by --seats, or else by the link).
    let seat_counts: Vec<usize> = match (args.seats, link_seats) {
        (Some(n), _) => vec![n as usize],
        (None, Some(n)) => vec![n],
        (None, None) => board.layout.seats().collect(),
    };
    let report = score_report(&board, &seat_counts);
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

fn limits_command(args: &LimitsArgs) -> Outcome {
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

fn bench_command(args: &BenchArgs) -> Outcome {
    if args.bulk {
        return bulk_bench(args.quick);
    }
    if args.answers {
        let requests = crate::bench::answer_requests(40)
            .into_iter()
            .filter(|r| !args.quick || r.family == "all")
            .collect();
        let origin = std::time::Instant::now();
        let now = move || origin.elapsed().as_secs_f64() * 1000.0;
        let times = with_progress("timing", |progress| {
            crate::bench::answer_times(requests, &now, &mut |i, total, _| {
                progress(i as u64 + 1, total as u64)
            })
        });
        return Outcome::ok(crate::bench::answer_report(&times));
    }
    let origin = std::time::Instant::now();
    let now = move || origin.elapsed().as_secs_f64() * 1000.0;
    let report = with_progress("timing", |progress| {
        crate::bench::run_with_progress(&now, args.quick, progress)
    });
    let play = crate::bench::play_speed(&now, args.quick);
    Outcome::ok(format!(
        "hexfair bench ({}, base board, default rules, one core)\n  search candidates/s: {:.0}\n  random candidates/s: {:.0}\n  seat-fair balanced board from {} candidates: {:.2} ms (median of {}; {:.0}% with every seat within 1 point at 3 and 4 seats)\n  simulated games/s (4 greedy bots, {} games): {:.0}\n",
        if args.quick { "quick" } else { "full" },
        report.search_candidates_per_second,
        report.random_candidates_per_second,
        DEFAULT_CANDIDATES,
        report.balanced_board_ms,
        report.balanced_runs,
        100.0 * report.balanced_seat_fair_share,
        play.games,
        play.games_per_second
    ))
}

/// `bench --bulk`: boards a second of `generate --count` (made, then written as JSON lines
/// in memory) on one thread and on two, for balanced and random base boards. The two are
/// timed in turn, several rounds, and the best round of each is reported: on a machine
/// shared with other work, the best round is the one least disturbed.
fn bulk_bench(quick: bool) -> Outcome {
    let settings = Settings::default();
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
                    Some(jobs),
                    Format::Json,
                    &tick,
                );
                let seconds = start.elapsed().as_secs_f64();
                if let Err(error) = written {
                    return Outcome::bulk_failed(&error, 1);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run_words(line: &str) -> Outcome {
        run(line.split_whitespace())
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        // clap checks every argument's settings (names, conflicts, defaults) here.
        Cli::command().debug_assert();
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
        let board = crate::generate::generate(&settings, 9).unwrap();
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
            terrain: vec![crate::model::Terrain::Sea; 19],
            numbers: vec![None; 19],
            ..crate::generate::generate(&Settings::default(), 1).unwrap()
        };
        let report = score_report(&sea, &[3, 4]);
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
