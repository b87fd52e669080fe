//! What each group of the picture stands for, as data. The engine draws; the words crate
//! words what was drawn (crates/words/src/picture_words.rs), for the page in its languages
//! and the command line in the page's English. Nothing reads words back into data.

use crate::catalogue::{LayoutId, PieceKind};
use crate::model::{HarbourKind, Terrain};

/// One group of the picture: a hex, a harbour, a printed piece, a moving piece.
#[derive(Clone, Debug, PartialEq)]
pub enum Label {
    /// A hex: its terrain and the numbers on it (its token, a second token riding with it,
    /// numbers printed on the hex), and whether it is a fog hex.
    Hex {
        terrain: Terrain,
        numbers: Vec<u8>,
        fog: Fog,
    },
    Harbour {
        kind: HarbourKind,
        /// Printed on the board's frame rather than a harbour piece laid by the table.
        printed: bool,
    },
    /// A river, numbered from 1 in the board's order, and its bridge sites.
    River {
        number: usize,
        bridge_sites: usize,
    },
    FishingGround {
        number: u8,
    },
    /// A piece a board file prints on a corner or an edge, with its number if it has one.
    Piece {
        kind: PieceKind,
        number: Option<u8>,
    },
    Robber,
    PirateShip,
}

/// A fog hex as the table sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fog {
    /// Not a fog hex.
    Clear,
    /// Dealt face down: the table sees only the back of the tile.
    FaceDown,
    /// A fog hex shown face up.
    FaceUp,
}

/// How a face words the picture when it writes it out (SVG for the command line, the PNG's
/// SVG for the page).
pub trait PictureWords {
    /// What a group stands for, as its `<title>`.
    fn label(&self, label: &Label) -> String;
    /// The whole board for a screen reader: its layout and its rows of terrain letters and
    /// numbers ([`super::Picture::rows`]).
    fn description(&self, layout: LayoutId, rows: &str) -> String;
}

/// Words for the engine's own tests: each label as its data.
#[cfg(test)]
pub(crate) struct DataWords;

#[cfg(test)]
impl PictureWords for DataWords {
    fn label(&self, label: &Label) -> String {
        format!("{label:?}")
    }

    fn description(&self, layout: LayoutId, rows: &str) -> String {
        format!("{layout}: {rows}")
    }
}
