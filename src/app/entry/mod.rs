//! The board on the table, entered a piece at a time, in the play worker: the page sends
//! every tap so far ([`EntryRequest`]); the worker replays them from the layout's empty
//! frame ([`Entering`], each tap one step of the engine's `Entry`, which refuses what the box
//! cannot make) and answers with the screen's markup ([`markup::screen`]), or, asked to show
//! a whole board, with that board's share token and the rules of the table's it breaks,
//! named with the hexes where. The page keeps only the taps and shows what it is sent
//! (`app::entry_screen`, `state/entering.rs`).

mod entering;
mod markup;
mod said;
#[cfg(test)]
mod tests;

pub use entering::{Entering, EntryMove, Refused, Tool, MAX_UNDO};
pub use said::HexAt;

use hexfair::board::entry::Entry;
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::generate::{plays_on, NumberMode, Settings};
use hexfair::model::Expansion;
use hexfair::share::{self, Link};
use hexfair_words::entry_words::{entry_file, EntryKey, EntryWords};

use super::guide_words::{request_words, worker_table};
use super::protocol::play::{EntryRequest, FromPlayer};
use super::words::Words;

/// The worker's answer to an entry request.
pub fn reply(request: &EntryRequest) -> FromPlayer {
    let (text, token) = match written(request) {
        Written::Screen(markup) => (markup, None),
        Written::Shown { token, notice } => (notice, Some(token)),
    };
    FromPlayer::Entry(request.id, text, token)
}

/// What the worker makes of an entry.
#[derive(Clone, Debug, PartialEq)]
pub enum Written {
    /// The entry screen, as markup (for a layout that cannot be entered, the screen that
    /// says why).
    Screen(String),
    /// The whole board, asked to be shown: its share token (the table's settings less the
    /// rules it breaks) and the notice naming those rules and where, in the page's words.
    Shown { token: String, notice: String },
}

/// The entry `request` asks for: its screen, or the board shown.
pub fn written(request: &EntryRequest) -> Written {
    let (words, said) = match worded(request) {
        Ok(both) => both,
        Err(why) => return Written::Screen(markup::closed(&why, &EntryWords::english())),
    };
    let mut lines = request.kept.lines();
    let first = lines.next().unwrap_or_default();
    let Some(layout) = LayoutId::parse(first) else {
        let why = said.fill(EntryKey::EntryUnknownBoard, &[("board", &first)]);
        return Written::Screen(markup::closed(&why, &said));
    };
    let empty = match Entry::new(layout) {
        Ok(entry) => entry,
        Err(why) => {
            let why = said::cannot_enter(&words, &said, layout, why);
            return Written::Screen(markup::closed(&why, &said));
        }
    };
    let entering = replayed(empty, lines);
    let entering = match (request.show, table(&request.link)) {
        (true, Some(table)) => match entering.shown() {
            Ok(board) => return shown(request, table, board, &words, &said),
            Err(kept) => kept,
        },
        _ => entering,
    };
    Written::Screen(markup::screen(&entering, request.turns, &words, &said))
}

/// The entry after `taps`, each read from its code; a code that names no move (a tap kept
/// from another version of the page) is passed over.
pub fn replayed<'a>(empty: Entry, taps: impl IntoIterator<Item = &'a str>) -> Entering {
    taps.into_iter()
        .filter_map(EntryMove::read)
        .fold(Entering::new(empty), Entering::moved)
}

/// The table a board shown is linked for, from the page's link of its board on screen.
fn table(link: &str) -> Option<Link> {
    share::decode(link).ok().flatten()
}

/// The board entered as the board on screen: the table's settings less the rules it breaks
/// (a table may play any board, and its link must open), its numbers as they lie, no locks;
/// and the notice that names those rules and where they break.
fn shown(
    request: &EntryRequest,
    table: Link,
    board: Board,
    words: &Words,
    said: &EntryWords,
) -> Written {
    let rules = table.settings.rules;
    let broken = rules.broken_by(&board);
    let kept_rules = broken
        .iter()
        .fold(rules.clone(), |rules, &rule| rules.without(rule));
    let expansion = match plays_on(board.layout, table.settings.expansion) {
        true => table.settings.expansion,
        false => Expansion::BaseGame,
    };
    let settings = Settings {
        layout: board.layout,
        rules: kept_rules,
        numbers: NumberMode::Random,
        locks: Vec::new(),
        expansion,
    };
    let named: Vec<_> = broken
        .into_iter()
        .map(|rule| {
            let cells = rule.broken_at(board.layout(), &board);
            (rule, HexAt::of(&board, request.turns, &cells))
        })
        .collect();
    let token = share::board_token_seated(&settings, table.mode, request.seed, &board, table.seats);
    Written::Shown {
        token,
        notice: said::entered(words, said, &named),
    }
}

/// The page's words and the entry's in the request's language, or why not (in English when
/// the language itself is unknown).
fn worded(request: &EntryRequest) -> Result<(Words, EntryWords), String> {
    let (words, _) = request_words(&request.lang, &request.words)?;
    let said = worker_table(words.lang, entry_file(words.lang))?;
    Ok((words, said))
}

/// A random base board that puts a 6 beside an 8 (the table's red rule, on by default, is
/// broken by it).
#[cfg(test)]
pub(crate) fn red_pair_board() -> Board {
    use hexfair::rules::{Rule, RuleSet};
    let random = Settings {
        rules: RuleSet::new([]),
        ..Settings::default()
    };
    (0..)
        .map(|seed| hexfair::generate::generate(&random, seed).unwrap())
        .find(|b| !Rule::NoAdjacentRed.holds(b.layout(), b))
        .unwrap()
}

/// The taps that enter `board` piece by piece, as a person would: a piece picked, then where.
#[cfg(test)]
pub(crate) fn taps_for(board: &hexfair::board::Board) -> Vec<String> {
    use hexfair::model::{CellId, HarbourKind, Terrain};
    let empty = Entry::new(board.layout).unwrap();
    let mut taps = Vec::new();
    let mut tap = |tool: Tool, at: EntryMove| {
        taps.push(EntryMove::Pick(tool).code());
        taps.push(at.code());
    };
    for cell in CellId::all(board.terrain.len()).filter(|&c| empty.terrain[c].is_none()) {
        tap(Tool::Terrain(board.terrain[cell]), EntryMove::TapHex(cell));
        if let Some(number) = board.numbers[cell] {
            tap(Tool::Number(number), EntryMove::TapHex(cell));
        }
    }
    let text = board.harbours_text().unwrap();
    for (place, written) in text.split(',').enumerate() {
        let kind = match written {
            "3" => HarbourKind::Generic,
            letter => {
                let terrain = Terrain::from_letter(letter.chars().next().unwrap()).unwrap();
                HarbourKind::Special(terrain.resource().unwrap())
            }
        };
        tap(Tool::Harbour(kind), EntryMove::TapPlace(place));
    }
    taps
}
