//! The build guide's English table: every sentence the guide says, with its English text.
//! Each language's `crates/words/guide/LANG.json` has exactly these keys, in this order (tested).
//! Slots in braces (`{count}`) are filled by `Table::fill`; a language may move them but
//! keeps every one. The names of the board, terrain, harbours and pieces are the page's
//! (`table/english.rs`), so the guide says them as the board on screen does.
//!
//! The command line prints this English guide; the other languages' terms and their sources:
//! docs/languages.md.

use crate::table::{table, TableKey};

table! {
    /// A sentence of the build guide; `GuideWords::get` gives it in the page's language.
    GuideKey {
        // The guide's title: the base game and the 5-6 extension by name, any other board by
        // its name without its players (`names::board_name`); at a Cities & Knights table
        // with the expansion's name (the page's).
        Title = "Setting up {board} for {players} players",
        TitleCities = "Setting up {board} with {cities} for {players} players",
        TitleBase = "Setting up the base game for {players} players",
        TitleBaseCities = "Setting up the base game with {cities} for {players} players",
        TitleFiveSix = "Setting up the 5-6 player extension for {players} players",
        TitleFiveSixCities = "Setting up the 5-6 player extension with {cities} for {players} players",
        StepOf = "Step {step} of {count}",
        Checklist = "Set-up checklist",

        // Where things go, on the board as turned on screen.
        Place = "row {row}, hex {place}",
        PlaceInRow = "hex {place}",
        ItemAt = "{item} ({place})",
        ItemWhere = "{item} {where}",
        Beyond = "beyond the {side} side of {place}",
        By = "by {place}",
        AtCorner = "at the {corner} corner of {place}",
        OnSide = "on the {side} side of {place}",
        BesideBoard = "beside the board",
        // A hex's sides, clockwise from the one pointing right.
        SideEast = "east",
        SideSouthEast = "south-east",
        SideSouthWest = "south-west",
        SideWest = "west",
        SideNorthWest = "north-west",
        SideNorthEast = "north-east",
        // A hex's corners, clockwise from the top.
        CornerNorth = "north",
        CornerNorthEast = "north-east",
        CornerSouthEast = "south-east",
        CornerSouth = "south",
        CornerSouthWest = "south-west",
        CornerNorthWest = "north-west",

        // The steps.
        SortBox = "Take out of the box",
        BoxCount = "{count} × {item}",
        BoxTokens = "Number tokens: {list}",
        TokenCount = "{number} ×{count}",
        Frame = "Frame",
        FrameSpaces = "Build the frame round the board: {count} sea spaces.",
        Harbours = "Harbours, clockwise from the top",
        Rivers = "River tiles, laid as printed, each from its source to the sea",
        RiverTiles = "River {n}: {tiles}",
        TerrainRow = "Terrain, row {index} of {count}, left to right",
        TerrainRing = "Terrain, ring {index} of {count} from the outside, clockwise from the top",
        TokensRow = "Number tokens, row {index} of {count}, left to right",
        TokensRing = "Number tokens, ring {index} of {count} from the outside, in letter order",
        Lettered = "{letter}: {number}",
        StackedTokens = "Tokens on a hex already holding one",
        RobberOn = "Put the robber on {place}.",
        PirateOnSea = "Put the pirate ship on the sea at {place}.",
        PirateOnFrame = "Put the pirate ship on the frame {where}.",
        Fog = "Fog",
        FogSpacesOne = "Leave the {count} fog space empty.",
        FogSpacesMany = "Leave the {count} fog spaces empty.",
        FogHexes = "Shuffle these {count} hexes face down into a stack beside the board: {list}.",
        FogTokens = "Shuffle their tokens face down into another stack: {list}.",
        FishingGrounds = "Fishing grounds, clockwise from the top",
        PiecesOfKind = "{kind}, clockwise from the top",
        // A Cities & Knights table (its heading is the page's name of the expansion).
        BarbarianTile = "Put the barbarian tile beside the board, the barbarian ship at the start of its track.",
        CityStart = "Each player places a settlement, then, in reverse order, a city.",

        // What the box holds besides hexes, tokens and harbours, and the printed pieces by
        // kind (the board files' names: village, start-settlement, ...).
        KindFishingGround = "Fishing ground",
        KindBarbarianTile = "Barbarian tile",
        KindVillage = "Village",
        KindStartSettlement = "Starting settlement",
        KindStartShip = "Starting ship",
        KindFortress = "Pirate fortress",
        KindNoStart = "Corner with no starting settlement",
        KindVictoryPoint = "Victory point",
        KindDevelopmentCard = "Development card",
        KindWasteland = "Wasteland",
        KindStrait = "Strait",

        // Why there is no guide.
        BadLink = "This board's link could not be read ({why}).",
        PlayersNotFor = "{board} is for {low} to {high} players, not {players}.",
        PlayersOnlyFor = "{board} is for {high} players only, not {players}.",
        WordsIncomplete = "The page's words came incomplete ({texts} of {wanted}), so the guide cannot be worded.",
        NoSuchLanguage = "The guide has no words in “{code}”.",
    }
}
