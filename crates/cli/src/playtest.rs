//! `hexfair playtest`: play a board (a share link's, or typed) many times and print each
//! seat's chances. Kept apart from the rest of the command line, which only names the
//! command and calls [`run`].

use clap::{value_parser, Args, ValueEnum};
use serde_json::json;

use super::arguments::{either_way, BoardArgs};
use super::commands::dealt_board;
use super::play_words::{bot_words, play_error, table_words};
use super::progress::with_progress;
use super::words::NOT_SIMULATED;
use hexfair::balance::spots::{fair_start, Seating};
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::model::{CornerId, Expansion};
use hexfair::play::fair_start::{find_start, StartFound};
pub use hexfair::play::playtest::MAX_GAMES;
use hexfair::play::playtest::{DEFAULT_GAMES, DEFAULT_SEED};
use hexfair::play::seat_order::{seat_order, BoardEffect};
use hexfair::play::{BotKind, PlayReport, PlayTest, TableModel};

#[derive(Args, Debug)]
#[command(mut_args(either_way))]
pub struct PlaytestArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Players at the table, 3 to 6, within the board's own counts (3-4 on base and
    /// McGuire, 5-6 on five-six) [default: the link's table; a typed board's most]
    #[arg(long, value_name = "N", value_parser = value_parser!(u32).range(3..=6))]
    players: Option<u32>,
    /// Games to play, 1 to 1,000,000
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES, value_parser = value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
    games: u32,
    /// Any whole number: the same seed plays the same games, natively and in the browser
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED, value_parser = super::parsers::parse_seed)]
    seed: u64,
    /// Who sits at the table: each seat of each game draws a player of the model
    #[arg(long, value_name = "TABLE", value_enum, default_value_t = Players::Varied)]
    table: Players,
    /// The bot in every seat
    #[arg(long, value_name = "BOT", value_enum, default_value_t = Bot::Greedy)]
    bot: Bot,
    /// Where the games open: the bots place their own settlements, or every game opens on
    /// a fair start (two settlements a seat, placed for everyone; the bots place only the
    /// roads)
    #[arg(long, value_name = "START", value_enum, default_value_t = Start::Bots)]
    start: Start,
    /// How the results are printed
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = PlayFormat::Text)]
    format: PlayFormat,
    /// Only the base game is simulated: a Cities & Knights table (asked for here or carried
    /// by the link) is refused; a typed board is played in the base game
    #[command(flatten)]
    game: super::arguments::GameArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Start {
    /// each bot places its own settlements, greedily, in snake order
    Bots,
    /// the fair start by spot values (as `score` prints it for the table)
    Fair,
    /// the fair start chosen by play: among starts as good on paper, the one whose games
    /// (varied players, seeded from --seed) came out most even; --games fresh games follow
    Play,
}

/// `--table`: [`TableModel`]'s names.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Players {
    /// every seat of every game its own player: resource and harbour tastes, a taste for
    /// variety, and an opening drawn among its near-best spots
    Varied,
    /// like-minded players: styles and openings that differ less
    Alike,
    /// identical greedy players: every game on a board opens the same way
    Greedy,
}

impl Players {
    fn model(self) -> TableModel {
        match self {
            Players::Varied => TableModel::Varied,
            Players::Alike => TableModel::Alike,
            Players::Greedy => TableModel::Greedy,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Bot {
    /// after the opening: builds toward its best target, trades toward it, robs the leader
    Greedy,
    /// after the opening: any legal move, building favoured
    Weighted,
    /// weighs each build, card bought and bank trade by the position it leads to, one move
    /// ahead (a trade two); cards, robber and discards as the greedy bot
    Lookahead,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PlayFormat {
    /// a line a seat
    Text,
    /// games, no_winner and seats with win_rate, low, high and mean_points
    Json,
}

const NO_TRADES: &str = "No trades between players: bots trade only with the bank and harbours.";

/// The play-test's report as it is printed, or why the board (linked or typed) or the
/// player count cannot be played (a bad-input message).
pub fn run(args: &PlaytestArgs) -> Result<String, String> {
    let (board, seats, game) = dealt_board(&args.board, args.players)?;
    // What gave the board, for a board that cannot be played.
    let named = match (&args.board.token, &args.board.layout) {
        (Some(_), _) => "--token",
        (None, Some(_)) => "--layout",
        (None, None) => "--terrain",
    };
    // Asked for on the command line, or carried by the link.
    if args.game.expansion != Expansion::BaseGame {
        return Err(format!(
            "--expansion {}: {NOT_SIMULATED}",
            args.game.expansion
        ));
    }
    if game != Expansion::BaseGame {
        return Err(format!("--token: its table plays {game}; {NOT_SIMULATED}"));
    }
    if !board.layout.seats().contains(&seats) {
        let (least, most) = board.layout.seats().into_inner();
        return Err(format!(
            "--players: the {} board is played by {least} to {most} players, not {seats}",
            board.layout
        ));
    }
    let bot = match args.bot {
        Bot::Greedy => BotKind::Greedy,
        Bot::Weighted => BotKind::Weighted,
        Bot::Lookahead => BotKind::Lookahead,
    };
    let model = args.table.model();
    let test = PlayTest::new(&board, seats, bot, args.games, args.seed)
        .map_err(|e| format!("{named}: {}", play_error(&e)))?
        .with_model(model);
    let start = match args.start {
        Start::Bots => None,
        Start::Fair => Some(Opened::Fair(fair_start(&board, seats))),
        Start::Play => Some(Opened::Play(
            find_start(&board, seats, args.seed)
                .map_err(|e| format!("--start play: {}", play_error(&e)))?,
        )),
    };
    let test = match &start {
        None => test,
        Some(opened) => test
            .with_opening(&opened.seating().opening())
            .map_err(|e| format!("--start {}: {}", opened.name(), play_error(&e)))?,
    };
    let report = with_progress("playing", |progress| play(test, progress));
    // Games that open on a given start are judged against no seat order: the one measured
    // is that of players who place their own settlements.
    let order = start
        .is_none()
        .then(|| seat_order(board.layout, seats, model, bot))
        .flatten();
    Ok(match args.format {
        PlayFormat::Json => {
            let mut json = report_json(&report, order, model, bot, args.seed);
            if let Some(opened) = &start {
                json["start"] = start_json(opened);
            }
            format!(
                "{}\n",
                serde_json::to_string_pretty(&json).expect("plain JSON")
            )
        }
        PlayFormat::Text => {
            let start = start
                .as_ref()
                .map_or(String::new(), |o| start_text(&board, o));
            let report = report_text(&report, board.layout, order, model, bot, args.seed);
            format!("{start}{report}")
        }
    })
}

/// Games played between progress reports: a few tenths of a second of look-ahead games.
const SLICE: u32 = 1_000;

/// Plays every game of `test` a slice at a time, telling `progress` (games played, games in
/// all) after each: a million look-ahead games take minutes. The games and their report are
/// those of [`PlayTest::run`].
fn play(test: PlayTest, progress: &mut dyn FnMut(u64, u64)) -> PlayReport {
    let games = u64::from(test.games());
    test.run_in_slices(SLICE, &mut |played| progress(u64::from(played), games))
}

/// The start every game opened on.
enum Opened {
    Fair(Seating),
    Play(StartFound),
}

impl Opened {
    fn name(&self) -> &'static str {
        match self {
            Opened::Fair(_) => "fair",
            Opened::Play(_) => "play",
        }
    }

    fn seating(&self) -> &Seating {
        match self {
            Opened::Fair(seating) => seating,
            Opened::Play(found) => &found.start,
        }
    }
}

fn start_json(opened: &Opened) -> serde_json::Value {
    let seating = opened.seating();
    let mut json = json!({
        "by": opened.name(),
        "seats": seating.seats,
        "spread": seating.spread,
    });
    if let Opened::Play(found) = opened {
        json["compared"] = json!(found.compared);
        json["chosen_on"] = report_json(
            &found.games,
            None,
            TableModel::Varied,
            BotKind::Greedy,
            found.games_seed,
        );
        json["fair_start_on_the_same_games"] = json!({
            "seats": found.fair_start.seats,
            "spread": rounded(found.fair_start_games.spread()),
            "wins": found.fair_start_games.seats.iter().map(|s| s.wins).collect::<Vec<_>>(),
        });
    }
    json
}

/// The hexes a corner touches, as a player finds it on the board: "hills 8, forest 6,
/// pasture 5", and its harbour.
fn corner_words(board: &Board, corner: CornerId) -> String {
    let layout = board.layout();
    let mut words: Vec<String> = layout.topology.corner_cells[corner]
        .iter()
        .filter(|&&cell| board.is_land(cell))
        .map(|&cell| match board.numbers[cell] {
            Some(n) => format!("{} {n}", board.terrain[cell].name()),
            None => board.terrain[cell].name().to_string(),
        })
        .collect();
    if let Some(kind) = board.corner_harbours()[corner] {
        words.push(format!("{} harbour", kind.label()));
    }
    words.join(", ")
}

fn start_text(board: &Board, opened: &Opened) -> String {
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut out = match opened {
        Opened::Fair(_) => "Every game opens on the fair start (by spot values); the bots \
                            place only the roads.\n"
            .to_string(),
        Opened::Play(found) => format!(
            "Every game opens on the fair start chosen by play; the bots place only the roads.\n\
             Chosen among {} starts as good on paper (the fair start always among them) in \
             games of varied players: on the {} games it was chosen on its spread was {}, the \
             fair start's {}.\n",
            found.compared,
            found.games.games,
            percent(found.games.spread()),
            percent(found.fair_start_games.spread()),
        ),
    };
    for seat in &opened.seating().seats {
        let [first, second] = seat.settlements;
        out.push_str(&format!(
            "  seat {}: first corner {first} ({}), second corner {second} ({}); value {}\n",
            seat.seat,
            corner_words(board, first),
            corner_words(board, second),
            seat.value
        ));
    }
    out
}

/// Rounded to 4 decimals: more would be noise at any game count.
fn rounded(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// What the board adds to the seat order `order` (the table's, where it was measured; none
/// for games that open on a given start, whose seat order nobody measured).
fn board_effect(
    report: &PlayReport,
    order: Option<&'static [f64]>,
) -> Option<(&'static [f64], BoardEffect)> {
    let order = order?;
    let wins: Vec<u32> = report.seats.iter().map(|s| s.wins).collect();
    Some((order, BoardEffect::new(&wins, order)))
}

pub(super) fn report_json(
    report: &PlayReport,
    order: Option<&'static [f64]>,
    model: TableModel,
    bot: BotKind,
    seed: u64,
) -> serde_json::Value {
    let effect = board_effect(report, order);
    json!({
        "games": report.games,
        "no_winner": report.no_winner,
        "refused": report.refused,
        "players": report.seats.len(),
        "table": model.name(),
        "bot": bot.name(),
        "seed": seed,
        "trades_between_players": false,
        "spread": rounded(report.spread()),
        "seats": report.seats.iter().map(|s| json!({
            "seat": s.seat,
            "wins": s.wins,
            "win_rate": rounded(s.win_rate),
            "low": rounded(s.low),
            "high": rounded(s.high),
            "mean_points": rounded(s.mean_points),
        })).collect::<Vec<_>>(),
        "seat_order": effect.as_ref().map(|(order, _)| order.iter().map(|&p| rounded(p)).collect::<Vec<_>>()),
        "board_effect": effect.as_ref().map(|(_, e)| json!({
            "effect": e.effect.iter().map(|&x| rounded(x)).collect::<Vec<_>>(),
            "chi_square": rounded(e.chi_square),
            "beyond_chance": e.beyond_chance,
        })),
    })
}

pub(super) fn report_text(
    report: &PlayReport,
    layout: LayoutId,
    order: Option<&'static [f64]>,
    model: TableModel,
    bot: BotKind,
    seed: u64,
) -> String {
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    let seats = report.seats.len();
    let effect = board_effect(report, order);
    let mut out = format!(
        "{} games of the {layout} board at {seats} seats (seat = place in the turn order), \
         seed {seed}: {}; {}.\n{NO_TRADES}\n",
        report.games,
        table_words(model),
        bot_words(bot)
    );
    for s in &report.seats {
        let order = effect.as_ref().map_or(String::new(), |(order, _)| {
            format!("; seat order alone {}", percent(order[s.seat - 1]))
        });
        out.push_str(&format!(
            "  seat {}: wins {} (95% interval {} to {}), mean points {:.2}{order}\n",
            s.seat,
            percent(s.win_rate),
            percent(s.low),
            percent(s.high),
            s.mean_points
        ));
    }
    out.push_str(&format!(
        "games without a winner (turn cap): {}\nbot moves the rules refused (0 unless a bot has a \
         bug): {}\nspread (best seat's win share minus worst's): {}\n",
        report.no_winner,
        report.refused,
        percent(report.spread())
    ));
    out.push_str(&match &effect {
        None => "the board's own effect: not judged (no seat order measured for these games)\n".to_string(),
        Some((_, e)) if e.beyond_chance => {
            let (most, least) = e.extremes();
            format!(
                "the board's own effect: beyond seat order and chance (chi-square {:.1}, 99% level): \
                 it favours seat {} ({:+.1} points over the seat order) over seat {} ({:+.1})\n",
                e.chi_square,
                most + 1,
                100.0 * e.effect[most],
                least + 1,
                100.0 * e.effect[least]
            )
        }
        Some((_, e)) => format!(
            "the board's own effect: none beyond seat order and chance (chi-square {:.1}, below the 99% level)\n",
            e.chi_square
        ),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::generate::{generate, Settings};

    #[test]
    fn long_play_tests_report_progress_and_play_the_same_games() {
        let board = generate(&Settings::default(), 3).unwrap();
        let test = || PlayTest::new(&board, 4, BotKind::Greedy, 2_500, 7).unwrap();
        let mut seen = Vec::new();
        let report = play(test(), &mut |done, total| seen.push((done, total)));
        assert_eq!(seen, [(1_000, 2_500), (2_000, 2_500), (2_500, 2_500)]);
        assert_eq!(report, test().run());
    }
}
