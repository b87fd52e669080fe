//! The entry screen's sentences: what a piece is called, what is still in the box, why a tap
//! laid nothing, and what the board entered breaks. Each is worded from the entry's table
//! ([`EntryWords`]) and the page's names of boards, pieces and rules ([`Words`]).

use hexfair::board::entry::{Count, Entry, Refusal};
use hexfair::board::Board;
use hexfair::model::{CellId, HarbourKind, Terrain};
use hexfair::rules::Rule;
use hexfair::share::conform::Problem;
use hexfair_words::entry_words::{EntryKey, EntryWords};

use super::entering::{Refused, Tool};
use crate::app::names::{board_title, rule_label};
use crate::app::picture_words::{harbour_name, terrain_name};
use crate::app::words::Words;

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
                let (row, place) = row_place(&rows, cell)?;
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

/// A tool's name on its button: the terrain, the number, the harbour.
pub fn tool_name(words: &Words, said: &EntryWords, tool: Tool) -> String {
    match tool {
        Tool::Terrain(terrain) => terrain_name(words, terrain),
        Tool::Number(number) => number.to_string(),
        Tool::Harbour(kind) => harbour_name(words, kind),
        Tool::Spiral => said.get(EntryKey::EntrySpiral).to_string(),
        Tool::TakeOff => said.get(EntryKey::EntryTakeOff).to_string(),
    }
}

/// "3 of 4": how many of a piece are laid of those the box holds.
pub fn count<T>(said: &EntryWords, count: &Count<T>) -> String {
    said.fill(
        EntryKey::EntryOf,
        &[("placed", &count.placed), ("in_box", &count.in_box)],
    )
}

/// "hexes 12 of 19": the sum of a kind's counts under `key`.
pub fn total<T>(said: &EntryWords, key: EntryKey, counts: &[Count<T>]) -> Option<String> {
    let (placed, in_box) = counts
        .iter()
        .fold((0, 0), |(p, b), c| (p + c.placed, b + c.in_box));
    (in_box > 0).then(|| said.fill(key, &[("placed", &placed), ("in_box", &in_box)]))
}

/// Why the last tap laid nothing; hexes are named by their row and place on the board
/// turned `turns` sixths.
pub fn refused(
    words: &Words,
    said: &EntryWords,
    refused: &Refused,
    entry: &Entry,
    turns: usize,
) -> String {
    let terrain = |t: Terrain| terrain_name(words, t);
    let harbour = |k: HarbourKind| harbour_name(words, k);
    match refused {
        Refused::NotANumber(text) => said.fill(EntryKey::EntryNotANumber, &[("text", text)]),
        Refused::SetUp(problems) => {
            let rows = hexfair::guide::rows(hexfair::catalogue::Layout::get(entry.layout), turns);
            let hex = |cell: CellId| {
                let (row, place) = row_place(&rows, cell).unwrap_or((0, cell.index() + 1));
                let piece = entry.terrain[cell].map_or_else(String::new, terrain);
                said.fill(
                    EntryKey::EnteredHex,
                    &[("row", &row), ("place", &place), ("piece", &piece)],
                )
            };
            let number =
                |cell: CellId| entry.numbers[cell].map_or_else(String::new, |n| n.to_string());
            let items: Vec<String> = problems
                .iter()
                .map(|problem| match *problem {
                    Problem::SeaInland { hex: cell } => {
                        said.fill(EntryKey::SetUpSeaInland, &[("hex", &hex(cell))])
                    }
                    Problem::InlandOnly { hex: cell, .. } => {
                        said.fill(EntryKey::SetUpInlandOnly, &[("hex", &hex(cell))])
                    }
                    Problem::GoldBeside { hex: cell, .. } => {
                        said.fill(EntryKey::SetUpGoldBeside, &[("hex", &hex(cell))])
                    }
                    Problem::RedOnGold { hex: cell, .. }
                    | Problem::NumberBarred { hex: cell, .. } => said.fill(
                        EntryKey::SetUpNumberBarred,
                        &[("number", &number(cell)), ("hex", &hex(cell))],
                    ),
                    Problem::IslandSize {
                        largest,
                        least,
                        most,
                    } => said.fill(
                        EntryKey::SetUpIslandSize,
                        &[("largest", &largest), ("least", &least), ("most", &most)],
                    ),
                    Problem::HarbourSpiral => said.get(EntryKey::SetUpHarbourSpiral).to_string(),
                    _ => said.get(EntryKey::SetUpOther).to_string(),
                })
                .collect();
            said.fill(
                EntryKey::SetUpBroken,
                &[
                    ("board", &board_title(words, entry.layout)),
                    ("list", &words.listed(&items)),
                ],
            )
        }
        Refused::Box(refusal) => match *refusal {
            Refusal::NotOnBoard => said.get(EntryKey::EntryNotOnBoard).to_string(),
            Refusal::Printed { .. } => said.get(EntryKey::EntryPrinted).to_string(),
            Refusal::NoTerrainLeft { terrain: t, in_box } => said.fill(
                EntryKey::EntryRefusedTerrain,
                &[("count", &in_box), ("piece", &terrain(t))],
            ),
            Refusal::NoTokenLeft { number, in_box } => said.fill(
                EntryKey::EntryRefusedToken,
                &[("count", &in_box), ("piece", &number)],
            ),
            Refusal::TakesNoToken { terrain: t, .. } => {
                said.fill(EntryKey::EntryTakesNoToken, &[("piece", &terrain(t))])
            }
            Refusal::TokenOnHex {
                terrain: t, number, ..
            } => said.fill(
                EntryKey::EntryTokenOnHex,
                &[("number", &number), ("piece", &terrain(t))],
            ),
            Refusal::NoHarbourLeft { kind, in_box } => said.fill(
                EntryKey::EntryRefusedHarbour,
                &[("count", &in_box), ("piece", &harbour(kind))],
            ),
            Refusal::HarbourPrinted { printed, .. } => said.fill(
                EntryKey::EntryHarbourPrinted,
                &[("piece", &harbour(printed))],
            ),
            Refusal::NoSpiral => said.get(EntryKey::EntryNoSpiral).to_string(),
            Refusal::TerrainFirst { missing } => {
                said.fill(EntryKey::EntryTerrainFirst, &[("count", &missing)])
            }
            Refusal::NotASpiralStart { .. } => said.get(EntryKey::EntryNotASpiralStart).to_string(),
            Refusal::TooManyNumbers { given, room } => said.fill(
                EntryKey::EntryTooManyNumbers,
                &[("given", &given), ("room", &room)],
            ),
        },
    }
}

/// `cell`'s row and place in its row (both from 1) among `rows`.
pub fn row_place(rows: &[Vec<CellId>], cell: CellId) -> Option<(usize, usize)> {
    rows.iter().enumerate().find_map(|(r, row)| {
        let place = row.iter().position(|&c| c == cell)?;
        Some((r + 1, place + 1))
    })
}

/// A hex's name for a screen reader: "Row 2, hex 3: Fields 6", or "...: empty".
pub fn hex_label(
    words: &Words,
    said: &EntryWords,
    at: Option<(usize, usize)>,
    entry: &Entry,
    cell: CellId,
) -> String {
    let what = match (entry.terrain[cell], entry.numbers[cell]) {
        (None, _) => said.get(EntryKey::EntryEmpty).to_string(),
        (Some(t), None) => terrain_name(words, t),
        (Some(t), Some(n)) => format!("{} {n}", terrain_name(words, t)),
    };
    let (row, place) = at.unwrap_or((0, cell.index() + 1));
    said.fill(
        EntryKey::EntryHexLabel,
        &[("row", &row), ("place", &place), ("what", &what)],
    )
}

/// A harbour place's name for a screen reader.
pub fn place_label(
    words: &Words,
    said: &EntryWords,
    place: usize,
    kind: Option<HarbourKind>,
) -> String {
    let what = kind.map_or_else(
        || said.get(EntryKey::EntryEmpty).to_string(),
        |k| harbour_name(words, k),
    );
    said.fill(
        EntryKey::EntryPlaceLabel,
        &[("place", &(place + 1)), ("what", &what)],
    )
}

/// The notice a board entered brings: the rules it breaks and where, in players' words
/// ("“6 and 8 never side by side” at row 3 hex 2 (Fields 6) and row 3 hex 3 (Hills 8)").
pub fn entered(words: &Words, said: &EntryWords, broken: &[(Rule, Vec<HexAt>)]) -> String {
    if broken.is_empty() {
        return said.get(EntryKey::EnteredKeeps).to_string();
    }
    let items: Vec<String> = broken
        .iter()
        .map(|(rule, hexes)| {
            let rule = rule_label(words, *rule);
            if hexes.is_empty() {
                return said.fill(EntryKey::EnteredBrokenAnywhere, &[("rule", &rule)]);
            }
            let hexes: Vec<String> = hexes
                .iter()
                .map(|h| {
                    let piece = match h.number {
                        Some(n) => format!("{} {n}", terrain_name(words, h.terrain)),
                        None => terrain_name(words, h.terrain),
                    };
                    said.fill(
                        EntryKey::EnteredHex,
                        &[("row", &h.row), ("place", &h.place), ("piece", &piece)],
                    )
                })
                .collect();
            said.fill(
                EntryKey::EnteredBroken,
                &[("rule", &rule), ("hexes", &words.listed(&hexes))],
            )
        })
        .collect();
    said.fill(EntryKey::EnteredBreaks, &[("list", &words.listed(&items))])
}

/// Why this board cannot be entered.
pub fn cannot_enter(
    words: &Words,
    said: &EntryWords,
    layout: hexfair::catalogue::LayoutId,
    why: hexfair::board::entry::Unenterable,
) -> String {
    use hexfair::board::entry::Unenterable;
    let key = match why {
        Unenterable::FaceDown => EntryKey::CannotEnterFaceDown,
        Unenterable::HarboursBesideLand => EntryKey::CannotEnterHarboursInPlay,
    };
    said.fill(key, &[("board", &board_title(words, layout))])
}

/// The screen's title: "Your board: Base game (3-4 players)".
pub fn title(words: &Words, said: &EntryWords, layout: hexfair::catalogue::LayoutId) -> String {
    said.fill(
        EntryKey::EntryTitle,
        &[("board", &board_title(words, layout))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::board::entry::Step;
    use hexfair::catalogue::LayoutId;

    #[test]
    fn a_refused_tap_says_what_the_box_holds_in_the_pages_words() {
        let (words, said) = (Words::english(), EntryWords::english());
        let entry = Entry::new(LayoutId::Base).unwrap();
        let said = refused(
            &words,
            &said,
            &Refused::Box(Refusal::NoTerrainLeft {
                terrain: Terrain::Forest,
                in_box: 4,
            }),
            &entry,
            0,
        );
        assert_eq!(
            said,
            "The box holds 4 × Forest, all on the board: tap one with another piece first."
        );
    }

    #[test]
    fn what_is_laid_is_counted_from_the_box() {
        let said = EntryWords::english();
        let entry = Entry::new(LayoutId::Base)
            .unwrap()
            .apply(Step::Terrain {
                cell: CellId::new(0),
                terrain: Terrain::Desert,
            })
            .unwrap();
        let counts = entry.missing();
        assert_eq!(
            total(&said, EntryKey::EntryHexesCount, &counts.terrain).unwrap(),
            "hexes 1 of 19"
        );
        assert_eq!(
            total(&said, EntryKey::EntryTokensCount, &counts.numbers).unwrap(),
            "tokens 0 of 18"
        );
        let desert = counts.terrain.iter().find(|c| c.piece == Terrain::Desert);
        assert_eq!(count(&said, desert.unwrap()), "1 of 1");
    }

    #[test]
    fn the_rules_a_board_breaks_are_named_with_the_hexes_where() {
        let (words, said) = (Words::english(), EntryWords::english());
        let hexes = vec![
            HexAt {
                row: 3,
                place: 2,
                terrain: Terrain::Fields,
                number: Some(6),
            },
            HexAt {
                row: 3,
                place: 3,
                terrain: Terrain::Hills,
                number: Some(8),
            },
        ];
        let notice = entered(&words, &said, &[(Rule::NoAdjacentRed, hexes)]);
        assert!(
            notice.contains("at row 3 hex 2 (Fields 6) and row 3 hex 3 (Hills 8)"),
            "{notice}"
        );
        assert_eq!(
            entered(&words, &said, &[]),
            "Your board is on screen: it keeps the rules you picked."
        );
    }
}
