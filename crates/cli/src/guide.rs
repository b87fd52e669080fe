//! `hexfair guide`: the steps that lay a linked board out on the table, in the page's
//! English (`guide_text.rs`).

use clap::{value_parser, Args};

use super::parsers::linked_board;
use hexfair::guide::Guide;

use crate::guide_text::write_text;
use crate::words::english;
use hexfair::guide::GuideError;
use hexfair_words::guide_text::guide_refusal;
use hexfair_words::guide_words::GuideWords;

#[derive(Args, Debug)]
pub struct GuideArgs {
    /// The board of a share link (what follows `?b=` in its address, or the JSON
    /// `share_token`)
    #[arg(long, value_name = "TOKEN")]
    token: String,
    /// Players at the table, 3 to 6, within the board's own counts [default: the link's
    /// table]
    #[arg(long, value_name = "N", value_parser = value_parser!(u32).range(3..=6))]
    players: Option<u32>,
    /// Sixths of a turn clockwise, 0 to 5, as the app's Turn shows the board: rows and
    /// "round the board" are read from that side of the table
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = value_parser!(u32).range(0..=5))]
    turn: u32,
}

/// The guide as text (for the link's table: a Cities & Knights link's ends with its
/// barbarian tile and opening), or why the token or the player count cannot be laid out (a
/// bad-input message).
pub fn run(args: &GuideArgs) -> Result<String, String> {
    let (board, players, expansion) = linked_board(&args.token, args.players)?;
    let guide = Guide::for_table(&board, players, args.turn as usize, expansion)
        .map_err(|e| format!("--players: {}", guide_error(&e)))?;
    Ok(write_text(&board, &guide, expansion))
}

/// Why a board has no guide for the table, as the page's guide says it.
fn guide_error(error: &GuideError) -> String {
    guide_refusal(&english(), &GuideWords::english(), error)
}
