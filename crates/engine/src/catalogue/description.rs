//! A board as its `.board` file states it (the format: docs/board-format.md), before any
//! geometry is derived.
//! Every statement keeps its line so that `compile` can name the line of a mistake.

use super::PieceKind;
use crate::model::{HarbourKind, Terrain};

/// One parsed `.board` file. Text fields borrow from the file, which lives for the whole
/// program (the catalogue's files are `include_str!`; a board added at run time is leaked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    pub file: &'static str,
    /// The scenario (`--scenario`): several boards share it, one per player count.
    pub scenario: &'static str,
    /// The seats this board serves, e.g. (3, 4) or (5, 6).
    pub players: (usize, usize),
    /// The board's own unique name, used in links and `--layout`.
    pub layout: &'static str,
    pub title: &'static str,
    /// base | seafarers | traders-barbarians | house-rules: how pickers group boards.
    pub game: &'static str,
    /// The edition, sources and notes are for readers of the file and the command line (the
    /// page has no board files: it decodes the layouts build.rs compiled).
    pub edition: &'static str,
    pub sources: Vec<&'static str>,
    pub notes: Vec<&'static str>,
    /// Kept only so that old links still open it (pickers and `--scenario` skip it): the
    /// notice shown to whoever opens such a link.
    pub legacy: Option<&'static str>,
    pub rows: Vec<MapRow>,
    pub zones: Vec<ZoneDescription>,
    pub harbours: Option<Harbours>,
    pub harbour_places: Vec<HarbourPlace>,
    pub robber: At<Robber>,
    pub pirate: At<Pirate>,
    /// Zone letters where players may start; `None` means any land (`starts all`).
    pub starts: At<Option<Vec<char>>>,
    pub constraints: Vec<At<ConstraintDescription>>,
    pub corner_pieces: Vec<At<CornerPiece>>,
    pub edge_pieces: Vec<At<EdgePiece>>,
    pub fishing: Vec<At<Fishing>>,
    pub rivers: Vec<At<Vec<(CellRef, usize)>>>,
    /// `stack 2 on 12`: tokens set aside and laid on the hexes of another number.
    pub stacks: Vec<At<StackDescription>>,
}

/// Tokens set aside while the others are laid, then put on the hexes that got `on`, one a
/// hex in cell order (Rivers of Catan: the 2 joins the 12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackDescription {
    pub tokens: Vec<u8>,
    pub on: u8,
}

/// A statement and the line it was written on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At<T> {
    pub line: usize,
    pub value: T,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapRow {
    pub line: usize,
    /// Doubled-x coordinate of the row's first position.
    pub x0: i32,
    /// One entry a position; `None` is a gap (`.`).
    pub codes: Vec<Option<CellCode>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellCode {
    /// A cell whose terrain and token come from the zone's bags.
    Zone(char),
    /// Sea that stays sea (`~`).
    Sea,
    /// Printed terrain and numbers, optionally grouped with a zone (`t=G4`).
    Fixed {
        zone: Option<char>,
        terrain: Terrain,
        numbers: Vec<u8>,
    },
    /// `r:P`: a cell of zone `r` whose terrain is printed while its token is drawn from the
    /// zone's bag with the others (the Rivers of Catan's river hexes).
    Pinned { zone: char, terrain: Terrain },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneDescription {
    pub line: usize,
    pub letter: char,
    pub name: &'static str,
    /// Terrain counts in the order written (the order the generator draws them in).
    pub terrain: Vec<(Terrain, usize)>,
    pub tokens: Tokens,
    /// Only fixed cells (`zone t ... fixed`): no bags.
    pub fixed: bool,
    pub fog: bool,
    pub no_robber: bool,
    pub no_pirate: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tokens {
    None,
    Shuffled(Vec<u8>),
    /// Laid along the letter spiral, in letter order.
    Path(Vec<u8>),
    /// (v1.2) Printed on the zone's cells, one a cell in map order: the terrain shuffles
    /// under them (Barbarian Attack).
    Printed(Vec<u8>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Harbours {
    pub line: usize,
    pub plan: HarbourPlanDescription,
    /// The kinds dealt over the places, in the order written.
    pub bag: Vec<HarbourKind>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HarbourPlanDescription {
    Shuffled,
    Fixed,
    NextToLand,
    McGuire,
}

/// A cell named as `r<row>c<position>`, both counted from 1, gaps included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRef {
    pub row: usize,
    pub position: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarbourPlace {
    pub line: usize,
    pub cell: CellRef,
    /// Side of the land cell towards the sea (0 east, clockwise).
    pub side: usize,
    pub kind: Option<HarbourKind>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Robber {
    Desert,
    Nowhere,
    Cell(CellRef),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pirate {
    Nowhere,
    Cell(CellRef),
    /// A position in doubled coordinates, possibly outside the map.
    Doubled(i32, i32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstraintDescription {
    RedNotOnGold,
    GoldApart,
    NumbersOn {
        numbers: Vec<u8>,
        cells: Vec<CellRef>,
    },
    NumbersNextTo {
        numbers: Vec<u8>,
        terrain: Terrain,
    },
    /// Shares of the land in percent.
    LargestIsland {
        least: usize,
        most: usize,
    },
    SeaOnBorder,
    SpiralFromHarbour,
    InlandOnly(Terrain),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CornerPiece {
    pub kind: PieceKind,
    pub cell: CellRef,
    /// Corner of the cell (0 north, clockwise).
    pub corner: usize,
    /// A village's number, or the seat a start piece belongs to.
    pub number: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgePiece {
    pub kind: PieceKind,
    pub cell: CellRef,
    pub side: usize,
    pub number: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fishing {
    pub cell: CellRef,
    pub side: usize,
    pub number: u8,
}

/// Sides of a pointy-top hex in `Hex::neighbor` order (clockwise from east).
pub const SIDES: [&str; 6] = ["e", "se", "sw", "w", "nw", "ne"];
/// Corners of a pointy-top hex in `Hex::corners` order (clockwise from the top).
pub const CORNERS: [&str; 6] = ["n", "ne", "se", "s", "sw", "nw"];
