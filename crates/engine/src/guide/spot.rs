//! Where a piece off a hex's middle stands, said against a hex of the turned board: beyond
//! one of its sides (a harbour, a fishing ground, the pirate on the frame), at one of its
//! corners or on one of its sides (a printed piece). Plain data, so the command line's
//! English (`text.rs`) and the app's languages word the same place.

use super::places;
use super::turn::turned_index;
use super::Guide;
use crate::catalogue::{Layout, Piece};
use crate::geometry::Hex;
use crate::model::CellId;

/// A place beside a hex. Sides and corners are as they point on the turned board: sides
/// clockwise from east (0 east, 1 south-east, ... 5 north-east: `Hex::neighbor` order),
/// corners clockwise from the top (0 north, 1 north-east, ... 5 north-west: `Hex::corners`
/// order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// On the sea beyond side `side` of `cell`.
    Beyond { side: usize, cell: CellId },
    /// Next to `cell`, on no side of it.
    By { cell: CellId },
    /// At corner `corner` of `cell`.
    Corner { corner: usize, cell: CellId },
    /// On side `side` of `cell`.
    Side { side: usize, cell: CellId },
    /// Beside the board, next to none of its hexes.
    Away,
}

impl Guide {
    /// Where sea space `sea`, next to land cell `faces`, is.
    pub fn beyond(&self, faces: CellId, sea: Hex) -> Spot {
        let layout = Layout::get(self.layout);
        match (0..6).find(|&d| layout.cells[faces].neighbor(d) == sea) {
            Some(d) => Spot::Beyond {
                side: turned_index(d, self.turns),
                cell: faces,
            },
            None => Spot::By { cell: faces },
        }
    }

    /// Where a space off the board is: beyond the first cell (in rows) next to it.
    pub fn off_board(&self, hex: Hex) -> Spot {
        let layout = Layout::get(self.layout);
        let next_to = self
            .rows
            .iter()
            .flatten()
            .copied()
            .find(|&c| layout.cells[c].distance(hex) == 1);
        match next_to {
            Some(cell) => self.beyond(cell, hex),
            None => Spot::Away,
        }
    }

    /// Where a printed piece stands: at its corner of the first cell holding it, or on its
    /// side of the first cell beside its edge.
    pub fn piece_spot(&self, piece: &Piece) -> Spot {
        let layout = Layout::get(self.layout);
        let turn = |i: usize| turned_index(i, self.turns);
        if let Some(corner) = piece.corner {
            if let Some(&cell) = layout.topology.corner_cells[corner].first() {
                let i = layout.topology.cell_corners[cell]
                    .iter()
                    .position(|&c| c == corner)
                    .unwrap_or(0);
                return Spot::Corner {
                    corner: turn(i),
                    cell,
                };
            }
        }
        if let Some(edge) = piece.edge {
            let corners = places::edge_corners(layout, edge);
            for cell in places::edge_cells(layout, edge) {
                let side = (0..6).find(|&d| {
                    let ends = layout.topology.side_corners(cell, d);
                    ends.contains(&corners[0]) && ends.contains(&corners[1])
                });
                if let Some(d) = side {
                    return Spot::Side {
                        side: turn(d),
                        cell,
                    };
                }
            }
        }
        Spot::Away
    }
}
