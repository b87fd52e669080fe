//! The entry screen's words: what a piece is called, what is still in the box, why a tap
//! laid nothing, and what the board entered breaks.

use hexfair::board::entry::{Count, Entry, Refusal};
use hexfair::model::{CellId, HarbourKind, Terrain};
use hexfair::rules::Rule;
use hexfair::share::conform::Problem;

use super::names::{board_title, rule_label};
use super::picture_words::{harbour_name, terrain_name};
use super::state::{HexAt, Refused, Tool};
use super::words::{Key, Words};

/// A tool's name on its button: the terrain, the number, the harbour.
pub fn tool_name(words: &Words, tool: Tool) -> String {
    match tool {
        Tool::Terrain(terrain) => terrain_name(words, terrain),
        Tool::Number(number) => number.to_string(),
        Tool::Harbour(kind) => harbour_name(words, kind),
        Tool::Spiral => words.get(Key::EntrySpiral).to_string(),
        Tool::TakeOff => words.get(Key::EntryTakeOff).to_string(),
    }
}

/// "3 of 4": how many of a piece are laid of those the box holds.
pub fn count<T>(words: &Words, count: &Count<T>) -> String {
    words.fill(
        Key::EntryOf,
        &[("placed", &count.placed), ("in_box", &count.in_box)],
    )
}

/// "hexes 12 of 19": the sum of a kind's counts under `key`.
pub fn total<T>(words: &Words, key: Key, counts: &[Count<T>]) -> Option<String> {
    let (placed, in_box) = counts
        .iter()
        .fold((0, 0), |(p, b), c| (p + c.placed, b + c.in_box));
    (in_box > 0).then(|| words.fill(key, &[("placed", &placed), ("in_box", &in_box)]))
}

/// Why the last tap laid nothing; hexes are named by their row and place on the board
/// turned `turns` sixths.
pub fn refused(words: &Words, refused: &Refused, entry: &Entry, turns: usize) -> String {
    let terrain = |t: Terrain| terrain_name(words, t);
    let harbour = |k: HarbourKind| harbour_name(words, k);
    match refused {
        Refused::NotANumber(text) => words.fill(Key::EntryNotANumber, &[("text", text)]),
        Refused::SetUp(problems) => {
            let rows = hexfair::guide::rows(hexfair::catalogue::Layout::get(entry.layout), turns);
            let hex = |cell: CellId| {
                let (row, place) = row_place(&rows, cell).unwrap_or((0, cell.index() + 1));
                let piece = entry.terrain[cell].map_or_else(String::new, terrain);
                words.fill(
                    Key::EnteredHex,
                    &[("row", &row), ("place", &place), ("piece", &piece)],
                )
            };
            let number =
                |cell: CellId| entry.numbers[cell].map_or_else(String::new, |n| n.to_string());
            let items: Vec<String> = problems
                .iter()
                .map(|problem| match *problem {
                    Problem::SeaInland { hex: cell } => {
                        words.fill(Key::SetUpSeaInland, &[("hex", &hex(cell))])
                    }
                    Problem::InlandOnly { hex: cell, .. } => {
                        words.fill(Key::SetUpInlandOnly, &[("hex", &hex(cell))])
                    }
                    Problem::GoldBeside { hex: cell, .. } => {
                        words.fill(Key::SetUpGoldBeside, &[("hex", &hex(cell))])
                    }
                    Problem::RedOnGold { hex: cell, .. }
                    | Problem::NumberBarred { hex: cell, .. } => words.fill(
                        Key::SetUpNumberBarred,
                        &[("number", &number(cell)), ("hex", &hex(cell))],
                    ),
                    Problem::IslandSize {
                        largest,
                        least,
                        most,
                    } => words.fill(
                        Key::SetUpIslandSize,
                        &[("largest", &largest), ("least", &least), ("most", &most)],
                    ),
                    Problem::HarbourSpiral => words.get(Key::SetUpHarbourSpiral).to_string(),
                    _ => words.get(Key::SetUpOther).to_string(),
                })
                .collect();
            words.fill(
                Key::SetUpBroken,
                &[
                    ("board", &board_title(words, entry.layout)),
                    ("list", &words.listed(&items)),
                ],
            )
        }
        Refused::Box(refusal) => match *refusal {
            Refusal::NotOnBoard => words.get(Key::EntryNotOnBoard).to_string(),
            Refusal::Printed { .. } => words.get(Key::EntryPrinted).to_string(),
            Refusal::NoTerrainLeft { terrain: t, in_box } => words.fill(
                Key::EntryRefusedTerrain,
                &[("count", &in_box), ("piece", &terrain(t))],
            ),
            Refusal::NoTokenLeft { number, in_box } => words.fill(
                Key::EntryRefusedToken,
                &[("count", &in_box), ("piece", &number)],
            ),
            Refusal::TakesNoToken { terrain: t, .. } => {
                words.fill(Key::EntryTakesNoToken, &[("piece", &terrain(t))])
            }
            Refusal::TokenOnHex {
                terrain: t, number, ..
            } => words.fill(
                Key::EntryTokenOnHex,
                &[("number", &number), ("piece", &terrain(t))],
            ),
            Refusal::NoHarbourLeft { kind, in_box } => words.fill(
                Key::EntryRefusedHarbour,
                &[("count", &in_box), ("piece", &harbour(kind))],
            ),
            Refusal::HarbourPrinted { printed, .. } => {
                words.fill(Key::EntryHarbourPrinted, &[("piece", &harbour(printed))])
            }
            Refusal::NoSpiral => words.get(Key::EntryNoSpiral).to_string(),
            Refusal::TerrainFirst { missing } => {
                words.fill(Key::EntryTerrainFirst, &[("count", &missing)])
            }
            Refusal::NotASpiralStart { .. } => words.get(Key::EntryNotASpiralStart).to_string(),
            Refusal::TooManyNumbers { given, room } => words.fill(
                Key::EntryTooManyNumbers,
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
pub fn hex_label(words: &Words, at: Option<(usize, usize)>, entry: &Entry, cell: CellId) -> String {
    let what = match (entry.terrain[cell], entry.numbers[cell]) {
        (None, _) => words.get(Key::EntryEmpty).to_string(),
        (Some(t), None) => terrain_name(words, t),
        (Some(t), Some(n)) => format!("{} {n}", terrain_name(words, t)),
    };
    let (row, place) = at.unwrap_or((0, cell.index() + 1));
    words.fill(
        Key::EntryHexLabel,
        &[("row", &row), ("place", &place), ("what", &what)],
    )
}

/// A harbour place's name for a screen reader.
pub fn place_label(words: &Words, place: usize, kind: Option<HarbourKind>) -> String {
    let what = kind.map_or_else(
        || words.get(Key::EntryEmpty).to_string(),
        |k| harbour_name(words, k),
    );
    words.fill(
        Key::EntryPlaceLabel,
        &[("place", &(place + 1)), ("what", &what)],
    )
}

/// The notice a board entered brings: the rules it breaks and where, in players' words
/// ("“6 and 8 never side by side” at row 3 hex 2 (Fields 6) and row 3 hex 3 (Hills 8)").
pub fn entered(words: &Words, broken: &[(Rule, Vec<HexAt>)]) -> String {
    if broken.is_empty() {
        return words.get(Key::EnteredKeeps).to_string();
    }
    let items: Vec<String> = broken
        .iter()
        .map(|(rule, hexes)| {
            let rule = rule_label(words, *rule);
            if hexes.is_empty() {
                return words.fill(Key::EnteredBrokenAnywhere, &[("rule", &rule)]);
            }
            let hexes: Vec<String> = hexes
                .iter()
                .map(|h| {
                    let piece = match h.number {
                        Some(n) => format!("{} {n}", terrain_name(words, h.terrain)),
                        None => terrain_name(words, h.terrain),
                    };
                    words.fill(
                        Key::EnteredHex,
                        &[("row", &h.row), ("place", &h.place), ("piece", &piece)],
                    )
                })
                .collect();
            words.fill(
                Key::EnteredBroken,
                &[("rule", &rule), ("hexes", &words.listed(&hexes))],
            )
        })
        .collect();
    words.fill(Key::EnteredBreaks, &[("list", &words.listed(&items))])
}

/// Why this board cannot be entered.
pub fn cannot_enter(
    words: &Words,
    layout: hexfair::catalogue::LayoutId,
    why: hexfair::board::entry::Unenterable,
) -> String {
    use hexfair::board::entry::Unenterable;
    let key = match why {
        Unenterable::FaceDown => Key::CannotEnterFaceDown,
        Unenterable::HarboursBesideLand => Key::CannotEnterHarboursInPlay,
    };
    words.fill(key, &[("board", &board_title(words, layout))])
}

/// The screen's title: "Your board: Base game (3-4 players)".
pub fn title(words: &Words, layout: hexfair::catalogue::LayoutId) -> String {
    words.fill(Key::EntryTitle, &[("board", &board_title(words, layout))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::board::entry::Step;
    use hexfair::catalogue::LayoutId;

    #[test]
    fn a_refused_tap_says_what_the_box_holds_in_the_pages_words() {
        let words = Words::english();
        let entry = Entry::new(LayoutId::Base).unwrap();
        let said = refused(
            &words,
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
        let words = Words::english();
        let entry = Entry::new(LayoutId::Base)
            .unwrap()
            .apply(Step::Terrain {
                cell: CellId::new(0),
                terrain: Terrain::Desert,
            })
            .unwrap();
        let counts = entry.missing();
        assert_eq!(
            total(&words, Key::EntryHexesCount, &counts.terrain).unwrap(),
            "hexes 1 of 19"
        );
        assert_eq!(
            total(&words, Key::EntryTokensCount, &counts.numbers).unwrap(),
            "tokens 0 of 18"
        );
        let desert = counts.terrain.iter().find(|c| c.piece == Terrain::Desert);
        assert_eq!(count(&words, desert.unwrap()), "1 of 1");
    }

    #[test]
    fn the_rules_a_board_breaks_are_named_with_the_hexes_where() {
        let words = Words::english();
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
        let said = entered(&words, &[(Rule::NoAdjacentRed, hexes)]);
        assert!(
            said.contains("at row 3 hex 2 (Fields 6) and row 3 hex 3 (Hills 8)"),
            "{said}"
        );
        assert_eq!(
            entered(&words, &[]),
            "Your board is on screen: it keeps the rules you picked."
        );
    }
}
