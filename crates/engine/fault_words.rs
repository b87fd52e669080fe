//! A board file's faults (`hexfair::catalogue::BoardFault`) in words, for the one person who
//! reads them: whoever writes the file. Not a module of the library (the engine writes no
//! sentence for a person), nor in its `src/`: build.rs includes this file to stop the build
//! on a broken board file with `file:line: message`, and tests/catalogue.rs includes it to
//! hold the words. The includer has `catalogue` at its root (build.rs's own
//! `mod catalogue`, the test's `use hexfair::catalogue`).

use crate::catalogue::{
    BoardError, BoardFault, ConstraintFault, HarbourFault, HeaderFault, MapFault, PieceFault,
    PieceKind, StackFault, WordFault, ZoneFault, SIDES,
};

/// `file:line: message`.
pub fn error_words(error: &BoardError) -> String {
    format!("{}:{}: {}", error.file, error.line, words(&error.fault))
}

/// The fault's message.
pub fn words(fault: &BoardFault) -> String {
    match fault {
        BoardFault::Header(fault) => header(fault),
        BoardFault::Word(fault) => word(fault),
        BoardFault::Map(fault) => map(fault),
        BoardFault::Zone(fault) => zone(fault),
        BoardFault::Harbour(fault) => harbour(fault),
        BoardFault::Piece(fault) => piece(fault),
        BoardFault::Stack(fault) => stack(fault),
        BoardFault::Constraint(fault) => constraint(fault),
        BoardFault::NameTaken { name } => format!("the catalogue already has a board `{name}`"),
        BoardFault::NameTwice {
            name,
            first,
            second,
        } => format!("{first} and {second} both name the board `{name}`"),
    }
}

fn header(fault: &HeaderFault) -> String {
    match fault {
        HeaderFault::SecondMap => "a second `map` (a board has one map)".into(),
        HeaderFault::NoMap => "no `map` block".into(),
        HeaderFault::Missing { keyword } => format!("the header has no `{keyword}` line"),
        HeaderFault::Empty { keyword } => {
            let what = match *keyword {
                "board" => "a scenario name",
                "layout" => "a board name",
                "title" => "a title",
                "game" => "a game (base, seafarers, traders-barbarians, house-rules)",
                "edition" => "an edition",
                "source" => "a source",
                "note" => "a note",
                "legacy" => "the notice shown to whoever opens an old link",
                _ => "a value",
            };
            format!("`{keyword}` needs {what}")
        }
        HeaderFault::UnknownStatement { keyword } => format!("unknown statement `{keyword}`"),
        HeaderFault::OutsideZone { keyword } => {
            format!("`{keyword}` belongs under a `zone` line")
        }
        HeaderFault::NotPlayers { text } => {
            format!("`{text}` is not a player count (3, 4, 3-4 or 5-6)")
        }
        HeaderFault::PlayersBackwards { text } => {
            format!("`{text}`: the smaller count comes first")
        }
    }
}

fn word(fault: &WordFault) -> String {
    match fault {
        WordFault::NotAZoneLetter { word } => format!("`{word}` is not a zone letter (a to z)"),
        WordFault::NotATerrain { word } => {
            format!("`{word}` is not a terrain (F P W H M D G L Z O C Q V K B T or ~)")
        }
        WordFault::NoCount { word } => format!("`{word}` needs a count, e.g. F4"),
        WordFault::NotACount { word, count } => format!("`{word}`: `{count}` is not a count"),
        WordFault::NotANumberToken { word } => {
            format!("`{word}` is not a number token (2-6, 8-12)")
        }
        WordFault::NotAHarbourKind { word } => {
            format!("`{word}` is not a harbour type (3:1 wool ore grain brick lumber)")
        }
        WordFault::NotACell { word } => {
            format!("`{word}` is not a cell (r<row>c<position>, e.g. r3c2)")
        }
        WordFault::NotASide { word } => format!("`{word}` is not a side (e se sw w nw ne)"),
        WordFault::NotACorner { word } => format!("`{word}` is not a corner (n ne se s sw nw)"),
        WordFault::NotAShare { word } => format!("`{word}` is not a share such as 30%"),
        WordFault::NotAPiece { word } => {
            let known: Vec<&str> = PieceKind::all().map(PieceKind::name).collect();
            format!("`{word}` is not a printed piece ({})", known.join(" "))
        }
        WordFault::NotAPieceNumber { word } => format!("`{word}` is not a number from 1 to 12"),
        WordFault::NotAPosition { word } => format!("`{word}` is not a position `x,y`"),
    }
}

fn map(fault: &MapFault) -> String {
    match fault {
        MapFault::EvenRows { rows } => {
            format!("the map has {rows} rows; it needs an odd number (the middle row is y = 0)")
        }
        MapFault::NoRowStart => "a map row starts with `<x>:`".into(),
        MapFault::NotARowStart { word } => format!("`{word}` is not a row start"),
        MapFault::RowOffGrid { x0, y } => format!(
            "row start {x0} is off the hex grid for row y = {y} (x and y need the same parity)"
        ),
        MapFault::NotAMapCode { word } => format!("`{word}` is not a map code"),
        MapFault::PinnedTakesNoToken {
            word,
            zone,
            terrain,
        } => format!(
            "`{word}`: a {terrain} hex takes no token, so it is printed (`{zone}={}`)",
            terrain.letter()
        ),
        MapFault::TakesNoNumber { terrain } => format!("a {terrain} hex takes no number"),
        MapFault::NoSuchCell { row, position } => {
            format!("r{row}c{position} is not a cell of the map")
        }
    }
}

fn zone(fault: &ZoneFault) -> String {
    match fault {
        ZoneFault::DescribedTwice { zone } => format!("zone `{zone}` is described twice"),
        ZoneFault::NotDescribed { zone } => format!("zone `{zone}` is not described"),
        ZoneFault::NoCells { zone } => format!("zone `{zone}` has no cells"),
        ZoneFault::FixedUnprinted { zone } => {
            format!("zone `{zone}` is fixed: its cells need a printed terrain (`{zone}=D`)")
        }
        ZoneFault::NoTokenPlan => {
            "`tokens` needs shuffled, path, printed or none, then the numbers".into()
        }
        ZoneFault::TerrainCount {
            zone,
            cells,
            terrain,
        } => format!("zone `{zone}` has {cells} cells but its terrain counts add up to {terrain}"),
        ZoneFault::PrintedTokensUnnumbered { zone } => {
            format!("zone `{zone}` prints its tokens, so every hex of its terrain must take one")
        }
        ZoneFault::TokenCount {
            zone,
            numbered,
            tokens,
        } => format!("zone `{zone}` has {numbered} hexes that take a number but {tokens} tokens"),
        ZoneFault::PinnedOverBag {
            terrain,
            pinned,
            in_bag,
        } => format!("{pinned} hexes print {terrain}, but their zone's terrain has {in_bag}"),
        ZoneFault::NoStarts => "`starts` needs zone letters or `all`".into(),
    }
}

fn harbour(fault: &HarbourFault) -> String {
    match fault {
        HarbourFault::SecondLine => "a second `harbours` line".into(),
        HarbourFault::NoPlan => "`harbours` needs shuffled, fixed, next-to-land or mcguire".into(),
        HarbourFault::UnknownPlan { word } => format!("unknown harbour plan `{word}`"),
        HarbourFault::NoPlace => "`harbour` needs a cell and a side, e.g. `harbour r3c2 nw`".into(),
        HarbourFault::TooManyWords => "`harbour` takes a cell, a side and at most one type".into(),
        HarbourFault::SideNotSea { side } => format!(
            "the {} side of this cell is not sea that stays sea",
            SIDES[*side]
        ),
        HarbourFault::SeaApart => "the harbour's sea does not touch its cell".into(),
        HarbourFault::PlacesWithoutLine => "harbour places without a `harbours` line".into(),
        HarbourFault::NextToLandPlaces => "`next-to-land` harbours take no places".into(),
        HarbourFault::FixedWithBag => {
            "with `harbours fixed` every place names its type and there is no bag".into()
        }
        HarbourFault::BagSize { bag, places } => {
            format!("{bag} harbours in the bag for {places} places without a type")
        }
    }
}

fn piece(fault: &PieceFault) -> String {
    match fault {
        PieceFault::CornerWords => "`corner` needs a name, a cell and a corner".into(),
        PieceFault::EdgeWords => "`edge` needs a name, a cell and a side".into(),
        PieceFault::FishingWords => "`fishing` needs a land cell, a side and a number".into(),
        PieceFault::RiverWords => "`river` needs pairs of a cell and a side".into(),
        PieceFault::Numbers => "a piece takes at most one number".into(),
        PieceFault::NotAnEdge => "not an edge of the board".into(),
        PieceFault::PirateOffGrid { x, y } => format!("{x},{y} is off the hex grid"),
    }
}

fn stack(fault: &StackFault) -> String {
    match fault {
        StackFault::Words => {
            "`stack` needs the tokens set aside, `on`, and the number they join".into()
        }
        StackFault::Unmatched { stacked, on, under } => format!(
            "{stacked} stacked tokens need as many {on}s among the tokens, and there are {under}"
        ),
        StackFault::Uneven => "stacked tokens must be equally likely (2 and 12)".into(),
        StackFault::InZone => "a stacked token is also in a zone's tokens".into(),
    }
}

fn constraint(fault: &ConstraintFault) -> String {
    match fault {
        ConstraintFault::NoNumbersWhere => {
            "`no-numbers` needs `on <cells>` or `next-to <terrain>`".into()
        }
        ConstraintFault::NoNumbersNone => "`no-numbers` names no numbers".into(),
        ConstraintFault::Unknown { words } => format!(
            "unknown constraint `{words}` (red-not-on-gold, gold-apart, no-numbers, \
             largest-island, sea-on-border, spiral-from-harbour, inland-only)"
        ),
        ConstraintFault::NothingNextTo { terrain } => {
            format!("no printed {terrain} hex to be next to")
        }
    }
}
