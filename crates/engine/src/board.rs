//! What is placed where: terrain, number tokens, harbours and the robber on a layout.

use crate::catalogue::{HarbourSpot, Layout, LayoutId};
use crate::geometry::Hex;
use crate::model::CellId;
use crate::model::{HarbourKind, Terrain};

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

    /// The numbers that ride with a token on its hex: printed beside it, or stacked on the
    /// hexes of a number wherever it fell (Rivers of Catan: the 2 on the 12's hex).
    pub fn second_numbers(&self) -> Vec<(CellId, u8)> {
        self.layout().second_numbers(&self.numbers)
    }

    /// Whether a cell is land (anything but sea).
    pub fn is_land(&self, cell: CellId) -> bool {
        self.terrain[cell] != Terrain::Sea
    }

    /// The harbour kinds reachable from each corner.
    pub fn corner_harbours(&self) -> Vec<Option<HarbourKind>> {
        let mut out = vec![None; self.layout().topology.corners.len()];
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

/// Why a board text could not be read; the faces say it in their words. Places count from 1,
/// as a person reads the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The terrain has another number of letters than the layout has hexes.
    TerrainCount {
        letters: usize,
        layout: LayoutId,
        hexes: usize,
    },
    /// The letter at this place is no terrain's.
    TerrainLetter { at: usize, letter: char },
    /// The numbers have another number of entries than the layout has hexes.
    NumberCount {
        entries: usize,
        layout: LayoutId,
        hexes: usize,
    },
    /// The entry at this place is no number token (2-6, 8-12) and not `-`.
    Number { at: usize, text: String },
}

/// Reads the terrain string of the board text format for `layout`.
pub fn parse_terrain(layout: &Layout, text: &str) -> Result<Vec<Terrain>, ParseError> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != layout.cells.len() {
        return Err(ParseError::TerrainCount {
            letters: letters.len(),
            layout: layout.id,
            hexes: layout.cells.len(),
        });
    }
    letters
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            Terrain::from_letter(c).ok_or(ParseError::TerrainLetter {
                at: i + 1,
                letter: c,
            })
        })
        .collect()
}

/// Reads the numbers CSV of the board text format for `layout`.
pub fn parse_numbers(layout: &Layout, text: &str) -> Result<Vec<Option<u8>>, ParseError> {
    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
    if fields.len() != layout.cells.len() {
        // Nothing at all is no entries, not one empty one.
        let entries = if text.trim().is_empty() {
            0
        } else {
            fields.len()
        };
        return Err(ParseError::NumberCount {
            entries,
            layout: layout.id,
            hexes: layout.cells.len(),
        });
    }
    fields
        .into_iter()
        .enumerate()
        .map(|(i, f)| match f {
            "-" | "" => Ok(None),
            _ => match f.parse::<u8>() {
                Ok(n) if (2..=12).contains(&n) && n != 7 => Ok(Some(n)),
                _ => Err(ParseError::Number {
                    at: i + 1,
                    text: f.to_string(),
                }),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_say_what_is_wrong_and_where() {
        let layout = Layout::get(LayoutId::Base);
        let base = LayoutId::Base;
        assert_eq!(
            parse_terrain(layout, "MPF"),
            Err(ParseError::TerrainCount {
                letters: 3,
                layout: base,
                hexes: 19
            })
        );
        assert_eq!(
            parse_terrain(layout, &"X".repeat(19)),
            Err(ParseError::TerrainLetter { at: 1, letter: 'X' })
        );
        assert_eq!(
            parse_numbers(layout, &["7"; 19].join(",")),
            Err(ParseError::Number {
                at: 1,
                text: "7".into()
            })
        );
        assert_eq!(
            parse_numbers(layout, ""),
            Err(ParseError::NumberCount {
                entries: 0,
                layout: base,
                hexes: 19
            })
        );
        assert_eq!(
            parse_numbers(layout, "8"),
            Err(ParseError::NumberCount {
                entries: 1,
                layout: base,
                hexes: 19
            })
        );
    }
}
