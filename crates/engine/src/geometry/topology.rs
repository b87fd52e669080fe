//! What a set of hexes implies: its corners, edges, which cells meet, and the sea around it.
//! Derived from the exact corner lattice, so counts such as 54 corners and 72 edges on the
//! base island are checked by tests, never typed in.

use super::{Hex, LatticePoint};
use crate::model::{CellId, CornerId};
use crate::order;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    /// Corners sorted top to bottom, then left to right.
    pub corners: Vec<LatticePoint>,
    /// Each edge as its two corners, smaller first, sorted.
    pub edges: Vec<(CornerId, CornerId)>,
    /// Each cell's corners, clockwise from the top.
    pub cell_corners: Vec<[CornerId; 6]>,
    /// The cells touching each corner (one to three).
    pub corner_cells: Vec<Vec<CellId>>,
    pub cell_neighbors: Vec<Vec<CellId>>,
    /// Each pair of cells sharing an edge, once, smaller id first.
    pub adjacent_pairs: Vec<(CellId, CellId)>,
    /// Hexes next to a cell that are not cells themselves, in (r, q) order.
    pub frame: Vec<Hex>,
}

impl Topology {
    /// The two corners of `cell`'s side `side` (sides counted from east, corners from the
    /// top, both clockwise: side d runs between corners d + 1 and d + 2), in the cell's
    /// corner order, the one the catalogue's compact boards write and read them in.
    pub fn side_corners(&self, cell: CellId, side: usize) -> [CornerId; 2] {
        let (a, b) = ((side + 1) % 6, (side + 2) % 6);
        let corners = self.cell_corners[cell];
        [corners[a.min(b)], corners[a.max(b)]]
    }

    pub fn of(cells: &[Hex]) -> Topology {
        // Each cell's hex and id, by hex, for looking neighbours up.
        let mut index: Vec<(Hex, CellId)> = cells
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, CellId::new(i)))
            .collect();
        order::sort(&mut index);
        let cell_at = |h: &Hex| {
            index
                .binary_search_by(|(probe, _)| probe.cmp(h))
                .ok()
                .map(|i| index[i].1)
        };
        let mut corners: Vec<LatticePoint> = cells.iter().flat_map(|h| h.corners()).collect();
        order::sort_by_key(&mut corners, |p| (p.y, p.x));
        corners.dedup();
        // A corner's id is its place in `corners`, which are sorted by (y, x).
        let corner_id = |p: LatticePoint| {
            CornerId::new(
                corners
                    .binary_search_by_key(&(p.y, p.x), |c| (c.y, c.x))
                    .expect("every cell corner is listed"),
            )
        };
        let cell_corners: Vec<[CornerId; 6]> =
            cells.iter().map(|h| h.corners().map(corner_id)).collect();
        let mut corner_cells = vec![Vec::new(); corners.len()];
        for (cell, cs) in CellId::all(cells.len()).zip(&cell_corners) {
            for &c in cs {
                corner_cells[c].push(cell);
            }
        }
        let mut edges: Vec<(CornerId, CornerId)> = cell_corners
            .iter()
            .flat_map(|c| (0..6).map(move |i| (c[i].min(c[(i + 1) % 6]), c[i].max(c[(i + 1) % 6]))))
            .collect();
        order::sort(&mut edges);
        edges.dedup();
        let cell_neighbors: Vec<Vec<CellId>> = cells
            .iter()
            .map(|h| h.neighbors().iter().filter_map(cell_at).collect())
            .collect();
        let adjacent_pairs = CellId::all(cells.len())
            .zip(&cell_neighbors)
            .flat_map(|(a, ns)| ns.iter().filter(move |&&b| a < b).map(move |&b| (a, b)))
            .collect();
        let mut frame: Vec<Hex> = cells
            .iter()
            .flat_map(|h| h.neighbors())
            .filter(|n| cell_at(n).is_none())
            .collect();
        order::sort_by_key(&mut frame, |h| (h.r, h.q));
        frame.dedup();
        Topology {
            corners,
            edges,
            cell_corners,
            corner_cells,
            cell_neighbors,
            adjacent_pairs,
            frame,
        }
    }
}
