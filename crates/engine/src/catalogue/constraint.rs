//! A board's own set-up constraints: always on for that board, whatever rules the table picks.
//! The generator, the link checker and the score read them from the layout; a board's special
//! case is one of these, never a flag tested in many places.

use crate::model::{CellId, Terrain};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// 6 and 8 never on gold (Seafarers set-up wherever tokens are shuffled).
    RedNotOnGold,
    /// No two gold hexes side by side.
    GoldApart,
    /// These numbers never on these cells (e.g. the Forgotten Tribe's far coast).
    NumbersBarred {
        numbers: Vec<u8>,
        cells: Vec<CellId>,
    },
    /// The largest island holds between `least` and `most` land hexes (New World).
    LargestIsland { least: usize, most: usize },
    /// The one sea tile sits on the island's border (McGuire's inland harbour).
    SeaOnBorder,
    /// Tokens follow the spiral that starts at the inland harbour (McGuire).
    SpiralFromHarbour,
    /// This terrain only on inland cells, those with six neighbours on the board (the
    /// Fishermen's lake, which the rules never put at the water).
    InlandOnly(Terrain),
    /// This cell always holds this terrain, while its token is drawn with its zone's (the
    /// Rivers of Catan's river hexes; the map's `r:P`). The draws lay it directly.
    TerrainAt { cell: CellId, terrain: Terrain },
}
