//! `hexfair guide`: the steps that lay a board (a share link's, or typed) out on the
//! table, in the page's English (`guide_text.rs`).

use clap::{value_parser, Args};

use super::arguments::{either_way, BoardArgs};
use super::commands::dealt_board;
use super::parsers::expansion_parser;
use super::refusal_words::settings_problem;
use hexfair::generate::expansion_problem;
use hexfair::guide::Guide;
use hexfair::model::Expansion;

use crate::guide_text::write_text;
use crate::words::english;
use hexfair::guide::GuideError;
use hexfair_words::guide_text::guide_refusal;
use hexfair_words::guide_words::GuideWords;

#[derive(Args, Debug)]
#[command(mut_args(either_way))]
pub struct GuideArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Players at the table, 3 to 6, within the board's own counts [default: the link's
    /// table; a typed board's most]
    #[arg(long, value_name = "N", value_parser = value_parser!(u32).range(3..=6))]
    players: Option<u32>,
    /// Sixths of a turn clockwise, 0 to 5, as the app's Turn shows the board: rows and
    /// "round the board" are read from that side of the table
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = value_parser!(u32).range(0..=5))]
    turn: u32,
    /// The game played on the board: Cities & Knights adds the barbarian tile and the
    /// opening of a settlement and a city [default: the link's, else base-game]
    #[arg(long, value_name = "GAME", value_parser = expansion_parser())]
    expansion: Option<Expansion>,
}

/// The guide as text (for the table's game: a Cities & Knights table's ends with its
/// barbarian tile and opening), or why the board (linked or typed), the player count or the
/// game cannot be laid out (a bad-input message).
pub fn run(args: &GuideArgs) -> Result<String, String> {
    let (board, players, game) = dealt_board(&args.board, args.players)?;
    let expansion = args.expansion.unwrap_or(game);
    if let Some(why) = expansion_problem(board.layout, expansion) {
        return Err(format!(
            "--expansion {expansion}: {}",
            settings_problem(&why)
        ));
    }
    let guide = Guide::for_table(&board, players, args.turn as usize, expansion)
        .map_err(|e| format!("--players: {}", guide_error(&e)))?;
    Ok(write_text(&board, &guide, expansion))
}

/// Why a board has no guide for the table, as the page's guide says it.
fn guide_error(error: &GuideError) -> String {
    guide_refusal(&english(), &GuideWords::english(), error)
}
