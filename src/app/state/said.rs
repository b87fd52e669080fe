//! What the page says to the person about the last request: facts, put in words by the
//! view (`names::message`, `names::notice`), so they follow the page's language.

use crate::app::protocol::search::Refusal;
use hexfair::balance::search::Mode;
use hexfair::board::entry::Unenterable;
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::model::{CellId, Terrain};
use hexfair::rules::Rule;
use hexfair::share::LinkError;

/// Why the last request did not change the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// The search brought no board; `locked`: it was asked to keep locked hexes.
    Refused { refusal: Refusal, locked: bool },
    /// No board fits what was asked while the board on screen only stands in for a seed
    /// link's ([`super::Shown::stands_in`]); what was asked is [`super::State::unmet`].
    Unmet { refusal: Refusal },
    /// What was typed (trimmed) is not a seed.
    NotASeed(String),
    /// Nothing was typed in the seed box.
    NoSeedTyped,
    /// What was typed (trimmed) is a whole number larger than the largest seed.
    SeedTooLarge(String),
    /// The layout is not made for this many players.
    SeatsNotFor { layout: LayoutId, seats: usize },
    /// The address's link could not be read.
    BadLink(LinkError),
    /// The board on the table cannot be entered for this layout.
    CannotEnter { layout: LayoutId, why: Unenterable },
}

/// A passing word for the person.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Already in the page's words (the view that dispatched it made them).
    Said(String),
    /// A typed seed, and the settings it is played with.
    SeedPlayed {
        seed: u64,
        layout: LayoutId,
        mode: Mode,
        rules: usize,
        spiral: bool,
        dropped_locks: usize,
    },
    /// A board kept only for old links was opened.
    OldLink(LayoutId),
    /// The board on the table is on screen: each rule of the table's it breaks, with the
    /// hexes where (those rules are off for it).
    Entered { broken: Vec<(Rule, Vec<HexAt>)> },
}

/// A hex as the table finds it: its row and place in the row on the board as turned on
/// screen (both from 1), and what lies on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexAt {
    pub row: usize,
    pub place: usize,
    pub terrain: Terrain,
    pub number: Option<u8>,
}

impl HexAt {
    /// The hexes `cells` of `board`, as the board turned `turns` sixths shows them.
    pub fn of(board: &Board, turns: usize, cells: &[CellId]) -> Vec<HexAt> {
        let rows = hexfair::guide::rows(board.layout(), turns);
        cells
            .iter()
            .filter_map(|&cell| {
                let (row, place) = rows.iter().enumerate().find_map(|(r, row)| {
                    let at = row.iter().position(|&c| c == cell)?;
                    Some((r + 1, at + 1))
                })?;
                Some(HexAt {
                    row,
                    place,
                    terrain: board.terrain[cell],
                    number: board.numbers[cell],
                })
            })
            .collect()
    }
}

/// The notice a board kept only for old links brings.
pub(super) fn old_link(layout: LayoutId) -> Option<Notice> {
    layout.legacy().then_some(Notice::OldLink(layout))
}
