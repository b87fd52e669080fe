//! The command line's arguments as clap reads them: the subcommands, their options and the
//! help texts around them.

use clap::{Args, Parser, Subcommand, ValueEnum};

use super::parsers::{
    expansion_parser, layout_parser, mode_parser, number_mode_parser, parse_seed, parse_target,
    rule_kind_parser, rule_parser, whole_number,
};
use crate::bulk::MAX_COUNT;
use crate::refusal_words::settings_problem;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::generate::NumberMode;
use hexfair::model::Expansion;
use hexfair::rules::{Rule, RuleSet};

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
P pasture, W fields, H hills, M mountains, D desert, S sea, G gold; on Traders & Barbarians
boards L lake, Z swamp, O oasis, C castle, Q quarry, V glassworks, and K, B, T the castle,
quarry and glassworks that yield wool, brick and lumber); numbers are comma-separated in the
same order, - for a hex without a token. Harbours (--harbours, optional; without it the board
has none) are comma-separated too, one a harbour place of the layout in its frame's order
(`generate --format json` writes them as harbours_text): 3 for a 3:1 harbour, and for a 2:1
harbour the letter of the terrain its resource comes from (F lumber, P wool, W grain, H
brick, M ore), so a letter means what it means in the terrain. New World boards have no
fixed harbour places to type.";

const BULK: &str = "\
Boards in bulk: with --count N, candidate k (from 0) takes the k-th SplitMix64 output after
--seed as its seed, mix(seed + (k + 1) * 0x9E3779B97F4A7C15), and the boards written are the
first N candidates whose terrain, numbers and harbours no earlier one had. Each board's own
seed is printed, so `generate --seed` makes any one again, and the output is the same whatever
the number of cores or --jobs. Formats: json writes one compact JSON object a line, with an
index; csv a header, then a row a board (index, seed, layout, mode, score, terrain, numbers,
share_token); text one board after another, separated by a blank line; svg draws one board
only. Nothing is written until every board is made.

Played at a varied table: a balanced or target board of base, five-six or mcguire is the
seat-fair search's, then checked in --play-games games of varied players (seed 1: `hexfair
playtest --token` gives the same figures) for the table of --players (else the board's most):
each seat's chance, what the turn order alone gives, and whether the board's own seat effect
is beyond chance. No trades between players. --play-games 0 skips the games.";

const EXIT_STATUS: &str = "\
Exit status: 0 success, 2 bad input (the message names the argument), 3 when the rules
cannot be met (the message names a smallest set of rules that conflict) or, with --count,
allow fewer distinct boards than asked, 1 when the system refuses what the run needs
(threads, randomness for a seed, or room for the output).";

#[derive(Parser, Debug)]
#[command(
    name = "hexfair",
    version,
    about = "Balanced Catan boards: generate, check and score them",
    after_help = format!("{BOARD_TEXT}\n\n{EXIT_STATUS}"),
    subcommand_required = true,
    propagate_version = true
)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
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
    /// Play a board (a share link's, or typed) many times with bots and report each seat's
    /// chance of winning (no trades between players)
    #[command(after_help = BOARD_TEXT)]
    Playtest(super::playtest::PlaytestArgs),
    /// Lay a board (a share link's, or typed) out on the real table, step by step: sort the
    /// box, the frame and harbours, the terrain row by row, the tokens, the robber and
    /// printed pieces
    #[command(after_help = BOARD_TEXT)]
    Guide(super::guide::GuideArgs),
    /// List the boards: each game's scenarios, the player counts each is printed for, and
    /// the board names --layout takes
    Boards,
}

#[derive(Args, Debug)]
pub(super) struct GenerateArgs {
    /// The board by its own name (see `hexfair boards`) [default: base]
    #[arg(long, value_name = "L", value_parser = layout_parser(), conflicts_with = "scenario")]
    pub(super) layout: Option<LayoutId>,
    /// The scenario (see `hexfair boards`): with --players, the board printed for that table
    #[arg(long, value_name = "NAME")]
    pub(super) scenario: Option<String>,
    /// Players at the table, 3 to 6, for --scenario: 5 and 6 take the 5-6 board, 3 the 3-4
    /// board where there is no 3-player one [default: 4]
    #[arg(long, value_name = "N", value_parser = whole_number(3, 6), requires = "scenario")]
    pub(super) players: Option<u32>,
    /// Any whole number from 0 to 18446744073709551615 [default: a fresh one below a
    /// billion, as the app draws, printed with the board and on stderr]
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub(super) seed: Option<u64>,
    /// How the number tokens are laid
    #[arg(long, value_name = "PLACEMENT", default_value = "random", value_parser = number_mode_parser())]
    pub(super) numbers: NumberMode,
    /// What the search aims for
    #[arg(long, value_name = "MODE", default_value = "random", value_parser = mode_parser(), conflicts_with = "target")]
    pub(super) mode: Mode,
    /// Search for a board whose score is near S (0 to 1): "fair but lively"
    #[arg(long, value_name = "S", value_parser = parse_target)]
    pub(super) target: Option<f64>,
    /// Candidate boards a balanced, unbalanced or target search scores [default: 20000;
    /// at most 10,000,000]
    #[arg(long, value_name = "K", value_parser = whole_number(1, MAX_CANDIDATES))]
    pub(super) candidates: Option<u32>,
    #[command(flatten)]
    pub(super) rules: RuleArgs,
    #[command(flatten)]
    pub(super) game: GameArgs,
    /// Games of varied players a balanced or target board of base, five-six or mcguire is
    /// play-tested with, 0 to 1,000,000 (see "Played at a varied table" below); 0 turns
    /// play off (no chances) [default: 2000]
    #[arg(long, value_name = "N", value_parser = whole_number(0, super::playtest::MAX_GAMES))]
    pub(super) play_games: Option<u32>,
    /// How the board is printed
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Text)]
    pub(super) format: Format,
    /// Write N distinct boards, 1 to 100,000, each from its own seed derived from --seed
    /// (see "Boards in bulk" below)
    #[arg(long, value_name = "N", value_parser = whole_number(1, MAX_COUNT))]
    pub(super) count: Option<u32>,
    /// Threads that make the boards of --count, 1 to 256 [default: one a core]
    #[arg(long, value_name = "N", value_parser = whole_number(1, MAX_JOBS), requires = "count")]
    pub(super) jobs: Option<u32>,
}

#[derive(Args, Debug)]
pub(super) struct CheckArgs {
    /// The board's frame and bags
    #[arg(long, value_name = "L", default_value = "base", value_parser = layout_parser())]
    pub(super) layout: LayoutId,
    /// The terrain letters (see "Board text" below)
    #[arg(long, value_name = "T")]
    pub(super) terrain: String,
    /// The number tokens, comma-separated (see "Board text" below)
    #[arg(long, value_name = "CSV", allow_hyphen_values = true)]
    pub(super) numbers: String,
    /// The harbours, comma-separated, one a harbour place (see "Board text" below)
    /// [default: none]
    #[arg(long, value_name = "CSV", allow_hyphen_values = true)]
    pub(super) harbours: Option<String>,
    #[command(flatten)]
    pub(super) rules: RuleArgs,
}

#[derive(Args, Debug)]
pub(super) struct ScoreArgs {
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Seats for the snake draft and the fair start [default: the layout's, 3 and 4 or 5 and 6]
    #[arg(long, value_name = "N", value_parser = whole_number(2, 8))]
    pub(super) seats: Option<u32>,
    /// The game played on the board [default: the link's, else base-game]
    #[arg(long, value_name = "GAME", value_parser = expansion_parser())]
    pub(super) expansion: Option<hexfair::model::Expansion>,
    /// How the report is printed
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = ScoreFormat::Text)]
    pub(super) format: ScoreFormat,
}

/// A board: a share link's token, or the board typed as text (see "Board text"), exactly
/// one of the two. Shared by `score`, `playtest` and `guide`; clap requires `--terrain` and
/// `--numbers` unless `--token` is given (as `score` always has), and [`either_way`] turns
/// that off for commands whose own message names both ways.
#[derive(Args, Debug)]
pub(super) struct BoardArgs {
    /// The layout of a board given as text [default: base]
    #[arg(long, value_name = "L", value_parser = layout_parser(), conflicts_with = "token")]
    pub(super) layout: Option<LayoutId>,
    /// The terrain letters (see "Board text" below)
    #[arg(
        long,
        value_name = "T",
        required_unless_present = "token",
        conflicts_with = "token"
    )]
    pub(super) terrain: Option<String>,
    /// The number tokens, comma-separated (see "Board text" below)
    #[arg(
        long,
        value_name = "CSV",
        allow_hyphen_values = true,
        required_unless_present = "token",
        conflicts_with = "token"
    )]
    pub(super) numbers: Option<String>,
    /// The harbours, comma-separated, one a harbour place (see "Board text" below)
    /// [default: none]
    #[arg(
        long,
        value_name = "CSV",
        allow_hyphen_values = true,
        conflicts_with = "token"
    )]
    pub(super) harbours: Option<String>,
    /// The board of a share link (what follows `?b=` in its address, or the JSON `share_token`)
    #[arg(long, value_name = "TOKEN", allow_hyphen_values = true)]
    pub(super) token: Option<String>,
}

/// A command's arguments with `--terrain` and `--numbers` of its [`BoardArgs`] no longer
/// required by clap when there is no `--token`, only each with the other (`given_board`
/// names both ways when neither is given): for `playtest` and `guide`, whose missing board
/// was always told it needs `--token`. Every other argument is left as it is.
pub(super) fn either_way(arg: clap::Arg) -> clap::Arg {
    let other = match arg.get_id().as_str() {
        "terrain" => "numbers",
        "numbers" => "terrain",
        _ => return arg,
    };
    arg.required_unless_present(clap::builder::Resettable::Reset)
        .requires(other)
}

#[derive(Args, Debug)]
pub(super) struct LimitsArgs {
    /// The board's frame and bags
    #[arg(long, value_name = "L", default_value = "base", value_parser = layout_parser())]
    pub(super) layout: LayoutId,
    /// Random boards to measure, 1 to 10,000,000
    #[arg(long, value_name = "N", default_value_t = 500_000, value_parser = whole_number(1, MAX_BOARDS))]
    pub(super) boards: u32,
    /// Seed of the random boards
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_seed)]
    pub(super) seed: u64,
    /// The score and its limits are the same whatever the game (only spot values change);
    /// checked against the layout, so scripts can pass one set of options
    #[command(flatten)]
    pub(super) game: GameArgs,
}

#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// Shorter loops (for CI); measures the same things
    #[arg(long)]
    pub(super) quick: bool,
    /// Time `generate --count` instead: boards a second on one core and on two, balanced
    /// (20,000 candidates each) and random, written as JSON lines
    #[arg(long)]
    pub(super) bulk: bool,
    /// Time how long each kind of request takes to answer (a board, a named conflict or a
    /// give-up): every board and placement, each rule over its range, every pair of rules,
    /// every rule on, random rule sets, locks (--quick: every rule on only)
    #[arg(long, conflicts_with = "bulk")]
    pub(super) answers: bool,
    /// The seat-fair board's draft judged for this game
    #[command(flatten)]
    pub(super) game: GameArgs,
}

/// `--expansion`, shared by the commands that value spots for a game.
#[derive(Args, Debug)]
pub(super) struct GameArgs {
    /// The game played on the board: it changes what spots are worth (spots, snake draft,
    /// fair start, the seat-fair search), not the board's score
    #[arg(long, value_name = "GAME", default_value = "base-game", value_parser = expansion_parser())]
    pub(super) expansion: Expansion,
}

impl GameArgs {
    /// Why the game cannot be played on `layout`, as a bad-input message.
    pub(super) fn problem(&self, layout: LayoutId) -> Option<String> {
        hexfair::generate::expansion_problem(layout, self.expansion)
            .map(|why| format!("--expansion {}: {}", self.expansion, settings_problem(&why)))
    }
}

/// `--rule` and `--no-rule`, shared by the commands that take rules.
#[derive(Args, Debug)]
pub(super) struct RuleArgs {
    /// Switch a rule on (repeat for more); rules ending in =N take a number from 0 to 99
    #[arg(long = "rule", value_name = "NAME[=N]", value_parser = rule_parser())]
    pub(super) on: Vec<Rule>,
    /// Switch a rule off (repeat for more), as no-adjacent-red, which is on by default
    #[arg(long = "no-rule", value_name = "NAME", value_parser = rule_kind_parser())]
    pub(super) off: Vec<Rule>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// the settings, the board row by row and its link
    Text,
    /// the board with harbours, robber, pirate and share token (with --count: one a line)
    Json,
    /// a picture of the board
    Svg,
    /// a header line, then a row a board: index, seed, layout, mode, score, terrain, numbers,
    /// share_token
    Csv,
    /// a line a board for the site's first visit: seed, link, view box and picture as JSON
    /// (scripts/build-site.sh; not for players, so not in the help)
    #[value(hide = true)]
    Page,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ScoreFormat {
    /// the score, its factors and the seat spreads
    Text,
    /// everything, spots and seats included
    Json,
}

impl RuleArgs {
    /// The default rules with these switched on and off. A rule asked for twice with
    /// different values, or both on and off, is refused rather than resolved by position.
    pub(super) fn rule_set(&self) -> Result<RuleSet, String> {
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
