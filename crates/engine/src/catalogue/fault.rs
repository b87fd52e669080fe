//! What is wrong with a board file, as data: the file, the line and a [`BoardFault`] carrying
//! the values at fault (words of the file, counts, coordinates, terrain). The engine writes no
//! sentence for a person: the only reader of these, whoever writes a board file, reads them
//! worded by `crates/engine/fault_words.rs`, which build.rs includes (a broken board file
//! stops the build with `file:line: message`); the library never words them.

use crate::model::Terrain;

/// A mistake in a board file: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub file: String,
    pub line: usize,
    pub fault: BoardFault,
}

/// What is wrong, grouped by what it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardFault {
    /// The file's statements: its header, its keywords, one `map`.
    Header(HeaderFault),
    /// A word that is not the value its place needs.
    Word(WordFault),
    /// The `map` block's rows and codes, and cells named by row and position.
    Map(MapFault),
    /// Zones, their terrain and token bags, start zones.
    Zone(ZoneFault),
    /// `harbours` and `harbour` lines.
    Harbour(HarbourFault),
    /// Printed pieces, fishing grounds, rivers and the pirate.
    Piece(PieceFault),
    /// Tokens set aside on another number (`stack`).
    Stack(StackFault),
    /// `constraint` lines.
    Constraint(ConstraintFault),
    /// The catalogue already has a board of this name (`add_board`).
    NameTaken { name: String },
    /// Two built-in board files, `first` and `second`, name the same board.
    NameTwice {
        name: String,
        first: String,
        second: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderFault {
    /// A second `map` block.
    SecondMap,
    /// No `map` block.
    NoMap,
    /// The header lacks the line of `keyword` (`board`, `layout`, `title`, `game`, `players`).
    Missing { keyword: &'static str },
    /// `keyword` (`board`, `layout`, `title`, `game`, `edition`, `source`, `note`, `legacy`)
    /// has nothing after it.
    Empty { keyword: &'static str },
    /// A statement no board file has.
    UnknownStatement { keyword: String },
    /// A zone's statement (`terrain`, `tokens`, `fog`, ...) not under a `zone` line.
    OutsideZone { keyword: &'static str },
    /// `players` names no player count.
    NotPlayers { text: String },
    /// `players` names the larger count first.
    PlayersBackwards { text: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordFault {
    NotAZoneLetter {
        word: String,
    },
    NotATerrain {
        word: String,
    },
    /// A zone's terrain word without its count (`F` for `F4`).
    NoCount {
        word: String,
    },
    /// A zone's terrain word whose count is not a number.
    NotACount {
        word: String,
        count: String,
    },
    NotANumberToken {
        word: String,
    },
    NotAHarbourKind {
        word: String,
    },
    NotACell {
        word: String,
    },
    NotASide {
        word: String,
    },
    NotACorner {
        word: String,
    },
    /// Not a share such as `30%`.
    NotAShare {
        word: String,
    },
    /// Not one of `PieceKind`'s names.
    NotAPiece {
        word: String,
    },
    /// A piece's number that is not 1 to 12.
    NotAPieceNumber {
        word: String,
    },
    /// The pirate's place that is not `x,y`.
    NotAPosition {
        word: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapFault {
    /// An even number of rows (the middle row is y = 0).
    EvenRows {
        rows: usize,
    },
    /// A row without its `<x>:`.
    NoRowStart,
    NotARowStart {
        word: String,
    },
    /// A row's start whose parity is not its row's.
    RowOffGrid {
        x0: i32,
        y: i32,
    },
    NotAMapCode {
        word: String,
    },
    /// A pinned code (`zone:terrain`) for a terrain that takes no token.
    PinnedTakesNoToken {
        word: String,
        zone: String,
        terrain: Terrain,
    },
    /// A printed number on terrain that takes none.
    TakesNoNumber {
        terrain: Terrain,
    },
    /// A cell named by row and position (`r3c2`) that the map does not have.
    NoSuchCell {
        row: usize,
        position: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneFault {
    DescribedTwice {
        zone: char,
    },
    /// A map code or `starts` names a zone no `zone` line describes.
    NotDescribed {
        zone: char,
    },
    /// A zone with terrain but no cell on the map.
    NoCells {
        zone: char,
    },
    /// A cell of a fixed zone without a printed terrain.
    FixedUnprinted {
        zone: char,
    },
    /// `tokens` without its plan (shuffled, path, printed or none).
    NoTokenPlan,
    /// The terrain counts do not add up to the zone's cells.
    TerrainCount {
        zone: char,
        cells: usize,
        terrain: usize,
    },
    /// A zone printing its tokens holds terrain that takes none.
    PrintedTokensUnnumbered {
        zone: char,
    },
    /// As many tokens as hexes that take one, or not.
    TokenCount {
        zone: char,
        numbered: usize,
        tokens: usize,
    },
    /// More hexes print `terrain` than their zone's terrain has.
    PinnedOverBag {
        terrain: Terrain,
        pinned: usize,
        in_bag: usize,
    },
    /// `starts` names nothing.
    NoStarts,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HarbourFault {
    SecondLine,
    /// `harbours` without its plan.
    NoPlan,
    UnknownPlan {
        word: String,
    },
    /// `harbour` without a cell and a side.
    NoPlace,
    /// `harbour` with more than a cell, a side and a type.
    TooManyWords,
    /// The side (an index of `SIDES`) is not sea that stays sea.
    SideNotSea {
        side: usize,
    },
    /// The harbour's sea does not touch its cell.
    SeaApart,
    /// `harbour` places without a `harbours` line.
    PlacesWithoutLine,
    /// `next-to-land` harbours with places.
    NextToLandPlaces,
    /// `harbours fixed` with a bag or a place without its type.
    FixedWithBag,
    /// A bag that does not match the places without a type.
    BagSize {
        bag: usize,
        places: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceFault {
    /// `corner` without a name, a cell and a corner.
    CornerWords,
    /// `edge` without a name, a cell and a side.
    EdgeWords,
    /// `fishing` without a land cell, a side and a number.
    FishingWords,
    /// `river` without pairs of a cell and a side.
    RiverWords,
    /// A piece with more than one number.
    Numbers,
    /// A side that is no edge of the board.
    NotAnEdge,
    /// The pirate's `x,y` off the hex grid.
    PirateOffGrid { x: i32, y: i32 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StackFault {
    /// `stack` without tokens, `on` and the number they join.
    Words,
    /// Not as many tokens of the number joined as stacked tokens.
    Unmatched {
        stacked: usize,
        on: u8,
        under: usize,
    },
    /// Stacked tokens that are not equally likely.
    Uneven,
    /// A stacked token that is also in a zone's tokens.
    InZone,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstraintFault {
    /// `no-numbers` without `on <cells>` or `next-to <terrain>`.
    NoNumbersWhere,
    /// `no-numbers` naming no numbers.
    NoNumbersNone,
    /// A constraint no board has (its words, joined by spaces).
    Unknown { words: String },
    /// `no-numbers ... next-to` a terrain no printed hex has.
    NothingNextTo { terrain: Terrain },
}

macro_rules! from_group {
    ($($group:ident($fault:ident)),* $(,)?) => {
        $(impl From<$fault> for BoardFault {
            fn from(fault: $fault) -> BoardFault {
                BoardFault::$group(fault)
            }
        })*
    };
}

from_group!(
    Header(HeaderFault),
    Word(WordFault),
    Map(MapFault),
    Zone(ZoneFault),
    Harbour(HarbourFault),
    Piece(PieceFault),
    Stack(StackFault),
    Constraint(ConstraintFault),
);
