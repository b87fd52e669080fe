//! Which hexes, corners, edges and harbour spots a board has, and what goes in its bags.
//!
//! A layout is built from its frame (rows of tile positions and the sea hexes that carry
//! harbours); corners, edges and adjacency are then derived from the hex geometry, so the
//! counts (19 hexes, 54 corners, 72 edges on the base island) are checked, not typed in.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use crate::board::{HarbourKind, Resource, Terrain};
use crate::hex::{Hex, LatticePoint};

/// Index of a tile position in board-text order (rows top to bottom, left to right).
pub type CellId = usize;
/// Index of a corner (settlement spot), sorted top to bottom, then left to right.
pub type NodeId = usize;
/// Index of an edge (road spot), sorted by its two corners.
pub type EdgeId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LayoutId {
    Base,
}

impl LayoutId {
    pub const ALL: [LayoutId; 1] = [LayoutId::Base];

    /// The stable name used on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            LayoutId::Base => "base",
        }
    }

    pub fn parse(name: &str) -> Option<LayoutId> {
        LayoutId::ALL.into_iter().find(|l| l.name() == name)
    }

    pub fn names() -> String {
        LayoutId::ALL.map(LayoutId::name).join(", ")
    }
}

impl fmt::Display for LayoutId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A sea hex of the frame that carries a harbour, and the two coastal corners it serves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarbourSpot {
    pub sea: Hex,
    /// The land cell the harbour faces.
    pub faces: CellId,
    pub corners: [NodeId; 2],
}

#[derive(Debug)]
pub struct Layout {
    pub id: LayoutId,
    /// Tile positions in board-text order.
    pub cells: Vec<Hex>,
    /// Cells per row, top to bottom.
    pub rows: Vec<usize>,
    /// Sea hexes drawn around the island (the frame), harbour hexes among them.
    pub frame: Vec<Hex>,
    pub corners: Vec<LatticePoint>,
    pub edges: Vec<(NodeId, NodeId)>,
    pub cell_corners: Vec<[NodeId; 6]>,
    /// The cells touching each corner (one to three).
    pub corner_cells: Vec<Vec<CellId>>,
    pub cell_neighbors: Vec<Vec<CellId>>,
    /// Each pair of cells sharing an edge, once, smaller id first.
    pub adjacent_pairs: Vec<(CellId, CellId)>,
    pub harbour_spots: Vec<HarbourSpot>,
    /// The terrain tiles, one entry a tile.
    pub terrain_bag: Vec<Terrain>,
    /// The number tokens, one entry a token.
    pub token_bag: Vec<u8>,
    pub harbour_bag: Vec<HarbourKind>,
}

impl Layout {
    pub fn get(id: LayoutId) -> &'static Layout {
        static BASE: OnceLock<Layout> = OnceLock::new();
        match id {
            LayoutId::Base => BASE.get_or_init(base),
        }
    }

    pub fn cell_of(&self, hex: Hex) -> Option<CellId> {
        self.cells.iter().position(|&h| h == hex)
    }

    /// Builds a layout from centred rows of cells and its harbour spots, deriving the rest.
    fn build(
        id: LayoutId,
        row_widths: &[usize],
        frame: Vec<Hex>,
        harbours: &[(Hex, Hex)],
        terrain_bag: Vec<Terrain>,
        token_bag: Vec<u8>,
        harbour_bag: Vec<HarbourKind>,
    ) -> Layout {
        let cells = centred_rows(row_widths);
        let index: BTreeMap<Hex, CellId> = cells.iter().enumerate().map(|(i, &h)| (h, i)).collect();

        let mut corner_set: Vec<LatticePoint> = cells.iter().flat_map(|h| h.corners()).collect();
        corner_set.sort_by_key(|p| (p.y, p.x));
        corner_set.dedup();
        let corner_id: BTreeMap<LatticePoint, NodeId> = corner_set
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i))
            .collect();

        let cell_corners: Vec<[NodeId; 6]> = cells
            .iter()
            .map(|h| h.corners().map(|p| corner_id[&p]))
            .collect();

        let mut corner_cells = vec![Vec::new(); corner_set.len()];
        for (cell, corners) in cell_corners.iter().enumerate() {
            for &c in corners {
                corner_cells[c].push(cell);
            }
        }

        let mut edges: Vec<(NodeId, NodeId)> = cell_corners
            .iter()
            .flat_map(|c| (0..6).map(move |i| (c[i].min(c[(i + 1) % 6]), c[i].max(c[(i + 1) % 6]))))
            .collect();
        edges.sort_unstable();
        edges.dedup();

        let cell_neighbors: Vec<Vec<CellId>> = cells
            .iter()
            .map(|h| {
                h.neighbors()
                    .iter()
                    .filter_map(|n| index.get(n).copied())
                    .collect()
            })
            .collect();
        let adjacent_pairs = cell_neighbors
            .iter()
            .enumerate()
            .flat_map(|(a, ns)| ns.iter().filter(move |&&b| a < b).map(move |&b| (a, b)))
            .collect();

        let harbour_spots = harbours
            .iter()
            .map(|&(sea, land)| {
                let faces = index[&land];
                let shared: Vec<NodeId> = sea
                    .corners()
                    .iter()
                    .filter_map(|p| corner_id.get(p).copied())
                    .filter(|c| cell_corners[faces].contains(c))
                    .collect();
                assert_eq!(shared.len(), 2, "harbour at {sea:?} must face {land:?}");
                HarbourSpot {
                    sea,
                    faces,
                    corners: [shared[0], shared[1]],
                }
            })
            .collect();

        Layout {
            id,
            rows: row_widths.to_vec(),
            cells,
            frame,
            corners: corner_set,
            edges,
            cell_corners,
            corner_cells,
            cell_neighbors,
            adjacent_pairs,
            harbour_spots,
            terrain_bag,
            token_bag,
            harbour_bag,
        }
    }
}

/// Cells of rows centred on the vertical axis through the origin, top row first.
/// Row y (counted from the middle row) starts at doubled-x -(width - 1).
fn centred_rows(row_widths: &[usize]) -> Vec<Hex> {
    let middle = (row_widths.len() / 2) as i32;
    row_widths
        .iter()
        .enumerate()
        .flat_map(|(row, &width)| {
            let y = row as i32 - middle;
            let x0 = -(width as i32 - 1);
            (0..width as i32).map(move |i| Hex::from_doubled(x0 + 2 * i, y))
        })
        .collect()
}

/// Expands `(item, count)` pairs into a bag.
fn bag<T: Copy>(counts: &[(T, usize)]) -> Vec<T> {
    counts
        .iter()
        .flat_map(|&(item, n)| std::iter::repeat_n(item, n))
        .collect()
}

/// Five 2:1 harbours, one a resource, and `generic` 3:1 harbours.
fn harbour_bag(generic: usize) -> Vec<HarbourKind> {
    let mut out: Vec<HarbourKind> = Resource::ALL.map(HarbourKind::Special).to_vec();
    out.extend(std::iter::repeat_n(HarbourKind::Generic, generic));
    out
}

/// The standard 4-player island: rows 3-4-5-4-3 (Catan base rules, 4th/5th edition).
fn base() -> Layout {
    let frame = Hex::ORIGIN.ring(3);
    // Harbours on every second hex of the sea ring, starting at the ring's first hex, as in
    // catanatron's BASE_MAP_TEMPLATE. The frame has 3-fold symmetry: one third is
    // (ring index, direction towards the land it faces), the rest are turned by 120 degrees
    // (6 ring steps, 2 directions).
    const THIRD: [(usize, usize); 3] = [(0, 1), (2, 2), (4, 2)];
    let harbours: Vec<(Hex, Hex)> = (0..3)
        .flat_map(|turn| {
            let frame = &frame;
            THIRD.iter().map(move |&(at, dir)| {
                let sea = frame[at + 6 * turn];
                (sea, sea.neighbor(dir + 2 * turn))
            })
        })
        .collect();
    Layout::build(
        LayoutId::Base,
        &[3, 4, 5, 4, 3],
        frame.clone(),
        &harbours,
        bag(&[
            (Terrain::Forest, 4),
            (Terrain::Pasture, 4),
            (Terrain::Fields, 4),
            (Terrain::Hills, 3),
            (Terrain::Mountains, 3),
            (Terrain::Desert, 1),
        ]),
        vec![2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12],
        harbour_bag(4),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_topology_is_19_54_72() {
        let l = Layout::get(LayoutId::Base);
        assert_eq!(l.cells.len(), 19);
        assert_eq!(l.corners.len(), 54);
        assert_eq!(l.edges.len(), 72);
        assert_eq!(l.rows, vec![3, 4, 5, 4, 3]);
        assert_eq!(l.adjacent_pairs.len(), 42);
        assert_eq!(l.frame.len(), 18);
    }

    #[test]
    fn base_cells_are_the_radius_two_island_in_row_order() {
        let l = Layout::get(LayoutId::Base);
        let mut sorted = l.cells.clone();
        sorted.sort();
        let mut expected = Hex::ORIGIN.spiral_range(2);
        expected.sort();
        assert_eq!(sorted, expected);
        assert_eq!(l.cells[0], Hex::new(0, -2), "top-left hex first");
        assert_eq!(l.cells[9], Hex::ORIGIN, "centre is the middle of row three");
        assert!(l
            .cells
            .windows(2)
            .all(|w| (w[0].r, w[0].q) < (w[1].r, w[1].q)));
    }

    #[test]
    fn corner_degrees_match_the_island() {
        let l = Layout::get(LayoutId::Base);
        let by_degree = |d: usize| l.corner_cells.iter().filter(|c| c.len() == d).count();
        // 24 inland corners touch three hexes; the 30 coastal ones touch one or two.
        assert_eq!(by_degree(3), 24);
        assert_eq!(by_degree(2), 12);
        assert_eq!(by_degree(1), 18);
    }

    #[test]
    fn base_harbours_face_the_coast() {
        let l = Layout::get(LayoutId::Base);
        assert_eq!(l.harbour_spots.len(), 9);
        let mut corners: Vec<NodeId> = l.harbour_spots.iter().flat_map(|h| h.corners).collect();
        corners.sort_unstable();
        corners.dedup();
        assert_eq!(corners.len(), 18, "no two harbours share a corner");
        for spot in &l.harbour_spots {
            assert_eq!(spot.sea.distance(Hex::ORIGIN), 3);
            assert_eq!(l.cells[spot.faces].distance(Hex::ORIGIN), 2);
            for c in spot.corners {
                assert!(l.corner_cells[c].len() < 3, "harbour corner {c} is coastal");
            }
        }
        // The spots are the even positions of the sea ring (catanatron's template).
        let ring = Hex::ORIGIN.ring(3);
        let expected: Vec<Hex> = ring.iter().step_by(2).copied().collect();
        let mut seas: Vec<Hex> = l.harbour_spots.iter().map(|h| h.sea).collect();
        seas.sort();
        let mut expected_sorted = expected;
        expected_sorted.sort();
        assert_eq!(seas, expected_sorted);
    }

    #[test]
    fn base_bags_are_standard() {
        let l = Layout::get(LayoutId::Base);
        assert_eq!(l.terrain_bag.len(), 19);
        assert_eq!(l.token_bag.len(), 18);
        assert_eq!(
            l.token_bag
                .iter()
                .map(|&n| u32::from(crate::board::pips(n)))
                .sum::<u32>(),
            58
        );
        assert_eq!(l.harbour_bag.iter().filter(|h| h.ratio() == 3).count(), 4);
        assert_eq!(l.harbour_bag.iter().filter(|h| h.ratio() == 2).count(), 5);
    }
}
