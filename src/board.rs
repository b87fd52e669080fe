//! What is placed where: terrain, number tokens, harbours and the robber on a layout.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::hex::Hex;
use crate::layout::{CellId, HarbourSpot, Layout, LayoutId};

/// The five resources, in the order the board text and the score tables use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    Lumber,
    Wool,
    Grain,
    Brick,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Brick,
        Resource::Ore,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Brick => "brick",
            Resource::Ore => "ore",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn parse(name: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a tile position holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    Forest,
    Pasture,
    Fields,
    Hills,
    Mountains,
    Desert,
    Sea,
    Gold,
}

impl Terrain {
    pub const ALL: [Terrain; 8] = [
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Sea,
        Terrain::Gold,
    ];

    /// The letter of the board text format (F P W H M D S G).
    pub fn letter(self) -> char {
        match self {
            Terrain::Forest => 'F',
            Terrain::Pasture => 'P',
            Terrain::Fields => 'W',
            Terrain::Hills => 'H',
            Terrain::Mountains => 'M',
            Terrain::Desert => 'D',
            Terrain::Sea => 'S',
            Terrain::Gold => 'G',
        }
    }

    pub fn from_letter(letter: char) -> Option<Terrain> {
        Terrain::ALL
            .into_iter()
            .find(|t| t.letter() == letter.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
            Terrain::Sea => "sea",
            Terrain::Gold => "gold",
        }
    }

    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert | Terrain::Sea | Terrain::Gold => None,
        }
    }

    /// The terrain that yields `resource`.
    pub fn producing(resource: Resource) -> Terrain {
        match resource {
            Resource::Lumber => Terrain::Forest,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Brick => Terrain::Hills,
            Resource::Ore => Terrain::Mountains,
        }
    }

    /// Whether a number token goes on this terrain.
    pub fn takes_number(self) -> bool {
        !matches!(self, Terrain::Desert | Terrain::Sea)
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Relative chance of a number being rolled on two dice, in 36ths: pip(n) = 6 - |7 - n|.
pub fn pips(number: u8) -> u8 {
    6u8.saturating_sub(number.abs_diff(7))
}

/// Pips of an optional token (a hex without a token yields nothing).
pub fn token_pips(number: Option<u8>) -> u8 {
    number.map_or(0, pips)
}

/// 6 and 8, the red tokens.
pub fn is_red(number: u8) -> bool {
    number == 6 || number == 8
}

/// A harbour's trade: 3:1 for anything, or 2:1 for one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HarbourKind {
    Generic,
    Special(Resource),
}

impl HarbourKind {
    pub fn ratio(self) -> u8 {
        match self {
            HarbourKind::Generic => 3,
            HarbourKind::Special(_) => 2,
        }
    }

    pub fn resource(self) -> Option<Resource> {
        match self {
            HarbourKind::Generic => None,
            HarbourKind::Special(r) => Some(r),
        }
    }

    /// `3:1` or `2:1 ore`.
    pub fn label(self) -> String {
        match self {
            HarbourKind::Generic => "3:1".to_string(),
            HarbourKind::Special(r) => format!("2:1 {r}"),
        }
    }
}

/// A harbour on the board: where it is and what it trades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Harbour {
    pub spot: HarbourSpot,
    pub kind: HarbourKind,
}

/// A generated board. `terrain` and `numbers` are indexed by [`CellId`] in the layout's
/// board-text order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub layout: LayoutId,
    pub terrain: Vec<Terrain>,
    pub numbers: Vec<Option<u8>>,
    pub harbours: Vec<Harbour>,
    pub robber: Option<CellId>,
    pub pirate: Option<Hex>,
}

impl Board {
    pub fn layout(&self) -> &'static Layout {
        Layout::get(self.layout)
    }

    /// Whether a cell is land (anything but sea).
    pub fn is_land(&self, cell: CellId) -> bool {
        self.terrain[cell] != Terrain::Sea
    }

    /// The harbour kinds reachable from each corner.
    pub fn corner_harbours(&self) -> Vec<Option<HarbourKind>> {
        let mut out = vec![None; self.layout().corners.len()];
        for h in &self.harbours {
            for c in h.spot.corners {
                out[c] = Some(h.kind);
            }
        }
        out
    }

    /// The terrain string of the board text format: one letter a cell, rows top to bottom.
    pub fn terrain_text(&self) -> String {
        self.terrain.iter().map(|t| t.letter()).collect()
    }

    /// The numbers of the board text format: comma-separated, `-` for a cell with none.
    pub fn numbers_text(&self) -> String {
        self.numbers
            .iter()
            .map(|n| n.map_or_else(|| "-".to_string(), |n| n.to_string()))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The board laid out as rows, for a terminal: `M10 P2 F9 / ...`.
    pub fn pretty_rows(&self) -> String {
        let layout = self.layout();
        let mut out = String::new();
        let widest = layout.rows.iter().copied().max().unwrap_or(0);
        let mut cell = 0;
        for &width in &layout.rows {
            out.push_str(&" ".repeat((widest - width) * 2));
            let row: Vec<String> = (cell..cell + width)
                .map(|c| match self.numbers[c] {
                    Some(n) => format!("{}{:<2}", self.terrain[c].letter(), n),
                    None => format!("{}- ", self.terrain[c].letter()),
                })
                .collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
            cell += width;
        }
        out
    }
}

/// Why a board text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Reads the terrain string of the board text format for `layout`.
pub fn parse_terrain(layout: &Layout, text: &str) -> Result<Vec<Terrain>, ParseError> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != layout.cells.len() {
        return Err(ParseError(format!(
            "the terrain has {} letters, but the {} layout has {} hexes",
            letters.len(),
            layout.id,
            layout.cells.len()
        )));
    }
    letters
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            Terrain::from_letter(c).ok_or_else(|| {
                ParseError(format!(
                    "terrain letter {} is '{c}'; expected one of F P W H M D S G",
                    i + 1
                ))
            })
        })
        .collect()
}

/// Reads the numbers CSV of the board text format for `layout`.
pub fn parse_numbers(layout: &Layout, text: &str) -> Result<Vec<Option<u8>>, ParseError> {
    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
    if fields.len() != layout.cells.len() {
        return Err(ParseError(format!(
            "the numbers have {} entries, but the {} layout has {} hexes",
            fields.len(),
            layout.id,
            layout.cells.len()
        )));
    }
    fields
        .into_iter()
        .enumerate()
        .map(|(i, f)| match f {
            "-" | "" => Ok(None),
            _ => match f.parse::<u8>() {
                Ok(n) if (2..=12).contains(&n) && n != 7 => Ok(Some(n)),
                _ => Err(ParseError(format!(
                    "number {} is '{f}'; expected 2-6, 8-12 or -",
                    i + 1
                ))),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pip_table() {
        let expected = [
            (2, 1),
            (3, 2),
            (4, 3),
            (5, 4),
            (6, 5),
            (8, 5),
            (9, 4),
            (10, 3),
            (11, 2),
            (12, 1),
        ];
        for (n, p) in expected {
            assert_eq!(pips(n), p, "pips({n})");
        }
        assert_eq!(token_pips(None), 0);
    }

    #[test]
    fn terrain_letters_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_letter(t.letter()), Some(t));
        }
        assert_eq!(Terrain::from_letter('x'), None);
        assert_eq!(Terrain::from_letter('w'), Some(Terrain::Fields));
        for r in Resource::ALL {
            assert_eq!(Terrain::producing(r).resource(), Some(r));
        }
    }

    #[test]
    fn parse_errors_say_what_is_wrong_and_where() {
        let layout = Layout::get(LayoutId::Base);
        let err = parse_terrain(layout, "MPF").unwrap_err();
        assert!(err.0.contains("the terrain has 3 letters"), "{err}");
        let err = parse_terrain(layout, &"X".repeat(19)).unwrap_err();
        assert!(err.0.contains("'X'"), "{err}");
        let err = parse_numbers(layout, &["7"; 19].join(",")).unwrap_err();
        assert!(err.0.contains("number 1 is '7'"), "{err}");
    }
}
