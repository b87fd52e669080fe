//! The entry screen's English table: every sentence of the screen on which a table enters the
//! board it laid out itself. Each language's `crates/words/entry/LANG.json` has exactly these
//! keys, in this order (tested). Slots in braces are filled by `Table::fill`. The names of the
//! board, terrain, harbours and rules are the page's (`table/english.rs`).

use crate::table::{table, TableKey};

table! {
    /// A sentence of the entry screen; `EntryWords::get` gives it in the page's language.
    EntryKey {
        CannotEnterFaceDown = "{board} starts face down: there is no board to enter before the game.",
        CannotEnterHarboursInPlay = "{board} places its harbours during the game: its board cannot be entered before the game.",
        EntryArea = "Entering your board",
        EntryUnknownBoard = "This entry was kept for a board this page does not know (“{board}”): leave it and begin again.",
        EntryTitle = "Your board: {board}",
        EntryHelp = "Pick a piece below, then tap where it lies. Tap a filled hex with another piece to replace it.",
        EntryTerrain = "Hexes",
        EntryNumbers = "Number tokens",
        EntryHarbours = "Harbours",
        EntryOf = "{placed} of {in_box}",
        EntryHexesCount = "hexes {placed} of {in_box}",
        EntryTokensCount = "tokens {placed} of {in_box}",
        EntryHarboursCount = "harbours {placed} of {in_box}",
        EntrySpiral = "By the letters",
        EntrySpiralHelp = "Tap the corner hex where the A token lies: the tokens follow the letters round to the middle, skipping the desert.",
        EntrySpiralTyped = "Or the numbers as they lie, in the letters' order",
        EntryTakeOff = "Take off",
        EntryUndo = "Undo",
        EntryLeave = "Leave",
        EntryShow = "Show this board",
        EntryHexLabel = "Row {row}, hex {place}: {what}",
        EntryEmpty = "empty",
        EntryPlaceLabel = "Harbour place {place}: {what}",
        EntryRefusedTerrain = "The box holds {count} × {piece}, all on the board: tap one with another piece first.",
        EntryRefusedToken = "The box holds {count} × {piece}, all on the board: tap one with another number first.",
        EntryRefusedHarbour = "The box holds {count} × harbour {piece}, all placed.",
        EntryTakesNoToken = "{piece} takes no number token.",
        EntryTokenOnHex = "This hex holds the {number} token, and {piece} takes none: take the token off first.",
        EntryPrinted = "This hex is printed on the board.",
        EntryHarbourPrinted = "This harbour ({piece}) is printed on the frame.",
        EntryNoSpiral = "This board's tokens follow no letters: lay them one number at a time.",
        EntryTerrainFirst = "Lay the hexes first ({count} to go): the letters skip the desert.",
        EntryNotASpiralStart = "The letters start on a corner hex of the island: tap one of those.",
        EntryTooManyNumbers = "{given} numbers typed, but the spiral has room for {room}.",
        EntryNotANumber = "“{text}” is not a number token (2 to 6, 8 to 12).",
        EntryNotOnBoard = "That is not a place on this board.",
        EnteredKeeps = "Your board is on screen: it keeps the rules you picked.",
        EnteredBreaks = "Your board is on screen. It breaks {list}; those rules are off for it (Regenerate keeps the other rules).",
        EnteredBroken = "“{rule}” at {hexes}",
        EnteredBrokenAnywhere = "“{rule}”",
        EnteredHex = "row {row} hex {place} ({piece})",
        SetUpBroken = "The set-up of {board} does not allow this board: {list}.",
        SetUpSeaInland = "sea inland at {hex}",
        SetUpInlandOnly = "{hex} on the coast, where the set-up wants it inland",
        SetUpGoldBeside = "gold fields side by side at {hex}",
        SetUpNumberBarred = "a {number} at {hex}, which the set-up bars there",
        SetUpIslandSize = "the largest island has {largest} land hexes, where the set-up wants {least} to {most}",
        SetUpHarbourSpiral = "the tokens do not follow the letters from the inland harbour",
        SetUpOther = "a piece is not where the set-up puts it",
    }
}
