//! The board as the table sees it on screen: turned by the app's Turn (sixths of a full turn
//! clockwise, `picture::Options::turns`), with rows top to bottom and "round the board"
//! taken clockwise from the top, all in exact integers so that the order never depends on
//! rounding (natively and in wasm alike).

use std::cmp::Ordering;

use crate::catalogue::Layout;
use crate::geometry::LatticePoint;
use crate::model::CellId;
use crate::order;

/// `point` where the picture draws it on a board turned `turns` sixths clockwise, on the same
/// integer lattice. One sixth maps (x, y) to ((x - y) / 2, (3x + y) / 2): the picture's
/// rotation by 60 degrees with the lattice's units (x counts sqrt(3)/2 of a hex's radius, y
/// half of it). Lattice points have x - y even, and so do their images, so it stays exact.
pub fn turned(point: LatticePoint, turns: usize) -> LatticePoint {
    (0..turns % 6).fold(point, |p, _| LatticePoint {
        x: (p.x - p.y) / 2,
        y: (3 * p.x + p.y) / 2,
    })
}

/// A side or corner index of a hex (clockwise, from east for sides, from the top for
/// corners) as it points on the turned board: each sixth moves it one place clockwise.
pub fn turned_index(index: usize, turns: usize) -> usize {
    (index + turns) % 6
}

/// A layout seen turned: where its cells' centres are and where its middle is.
pub struct TurnedLayout<'l> {
    pub layout: &'l Layout,
    pub turns: usize,
    /// Sum of the turned cell centres and their count: the middle is `sum / count`, kept as
    /// a fraction so that comparisons stay exact.
    sum: (i64, i64),
    count: i64,
}

impl<'l> TurnedLayout<'l> {
    pub fn new(layout: &'l Layout, turns: usize) -> TurnedLayout<'l> {
        let every: Vec<CellId> = CellId::all(layout.cells.len()).collect();
        TurnedLayout {
            layout,
            turns,
            sum: (0, 0),
            count: 0,
        }
        .centred_on(&every)
    }

    /// The same view with its middle at the middle of `cells` (an island of the board).
    pub fn centred_on(&self, cells: &[CellId]) -> TurnedLayout<'l> {
        let mut sum = (0, 0);
        for &cell in cells {
            let centre = self.centre(cell);
            sum = (sum.0 + i64::from(centre.x), sum.1 + i64::from(centre.y));
        }
        TurnedLayout {
            layout: self.layout,
            turns: self.turns,
            sum,
            count: cells.len() as i64,
        }
    }

    /// Where `cell`'s centre is drawn.
    pub fn centre(&self, cell: CellId) -> LatticePoint {
        turned(self.layout.cells[cell].center(), self.turns)
    }

    /// `cells` in rows as drawn: top to bottom, each row left to right.
    pub fn rows(&self, cells: &[CellId]) -> Vec<Vec<CellId>> {
        let mut sorted = cells.to_vec();
        order::sort_by_key(&mut sorted, |&c| {
            let p = self.centre(c);
            (p.y, p.x)
        });
        let mut rows: Vec<Vec<CellId>> = Vec::new();
        let mut last_y = None;
        for cell in sorted {
            let y = self.centre(cell).y;
            if last_y == Some(y) {
                rows.last_mut().expect("a row was started").push(cell);
            } else {
                rows.push(vec![cell]);
                last_y = Some(y);
            }
        }
        rows
    }

    /// Items sorted clockwise round the board's middle, starting straight up (12 o'clock on
    /// the turned board); `at` gives an item's place as a sum of `weight` lattice points
    /// (a centre: one; the middle of an edge: its two corners), so no division is needed.
    /// Items in the same direction go nearer first.
    pub fn clockwise<T>(&self, items: &mut [T], at: impl Fn(&T) -> (LatticePoint, i64)) {
        let from_middle = |item: &T| {
            let (p, weight) = at(item);
            let p = turned(p, self.turns);
            (
                self.count * i64::from(p.x) - weight * self.sum.0,
                self.count * i64::from(p.y) - weight * self.sum.1,
            )
        };
        order::sort_by(items, |a, b| {
            clockwise_from_top(from_middle(a), from_middle(b))
        });
    }
}

/// The order of two directions (screen coordinates: y grows downwards) going clockwise from
/// straight up, nearer first along one direction. A positive scaling of either axis keeps
/// this order, so the lattice's units serve as well as pixels.
fn clockwise_from_top(a: (i64, i64), b: (i64, i64)) -> Ordering {
    // Up and the right half come first (angles [0, 180) degrees clockwise from up).
    let half = |(x, y): (i64, i64)| u8::from(!(x > 0 || (x == 0 && y < 0)));
    let cross = i128::from(a.0) * i128::from(b.1) - i128::from(a.1) * i128::from(b.0);
    let length = |(x, y): (i64, i64)| i128::from(x) * i128::from(x) + i128::from(y) * i128::from(y);
    half(a)
        .cmp(&half(b))
        .then(0.cmp(&cross))
        .then(length(a).cmp(&length(b)))
}

/// How deep each of `cells` lies in the island they make: 1 for those on its edge (a side
/// not shared with another of `cells`), 2 for those touching only depth-1 cells and deeper,
/// and so on: the rings of a spiral island, outside in.
pub fn ring_depths(layout: &Layout, cells: &[CellId]) -> Vec<(CellId, usize)> {
    let mut depths: Vec<(CellId, usize)> = Vec::new();
    let mut left: Vec<CellId> = cells.to_vec();
    let mut depth = 1;
    while !left.is_empty() {
        let on_edge: Vec<CellId> = left
            .iter()
            .copied()
            .filter(|&c| {
                layout.cells[c]
                    .neighbors()
                    .iter()
                    .any(|&n| layout.cell_of(n).is_none_or(|n| !left.contains(&n)))
            })
            .collect();
        left.retain(|c| !on_edge.contains(c));
        depths.extend(on_edge.into_iter().map(|c| (c, depth)));
        depth += 1;
    }
    depths
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::geometry::Hex;
    use crate::picture::{pixel, SIZE};

    #[test]
    fn turning_matches_the_picture_for_every_corner_and_sixth() {
        for id in [LayoutId::Base, LayoutId::NewWorldFiveSix] {
            let layout = Layout::get(id);
            let points = layout
                .topology
                .corners
                .iter()
                .chain(&layout.cells.iter().map(|h| h.center()).collect::<Vec<_>>())
                .copied()
                .collect::<Vec<_>>();
            for turns in 0..7 {
                for &p in &points {
                    let (x, y) = pixel(p, turns);
                    let (tx, ty) = turned(p, turns).to_pixel(SIZE);
                    assert!(
                        (x - tx).abs() < 1e-6 && (y - ty).abs() < 1e-6,
                        "{id} {p:?} turned {turns}: picture ({x}, {y}), guide ({tx}, {ty})"
                    );
                }
            }
        }
    }

    #[test]
    fn turned_sides_and_corners_point_where_the_turned_board_draws_them() {
        let hex = Hex::new(2, -1);
        let less = |a: LatticePoint, b: LatticePoint| (a.x - b.x, a.y - b.y);
        for turns in 0..6 {
            let centre = turned(hex.center(), turns);
            for index in 0..6 {
                let upright_side = Hex::ORIGIN.neighbor(turned_index(index, turns)).center();
                assert_eq!(
                    less(turned(hex.neighbor(index).center(), turns), centre),
                    (upright_side.x, upright_side.y),
                    "side {index} turned {turns}"
                );
                let upright_corner = Hex::ORIGIN.corners()[turned_index(index, turns)];
                assert_eq!(
                    less(turned(hex.corners()[index], turns), centre),
                    (upright_corner.x, upright_corner.y),
                    "corner {index} turned {turns}"
                );
            }
        }
    }

    #[test]
    fn clockwise_starts_at_the_top_and_goes_right() {
        let up = (0, -5);
        let right = (3, 0);
        let down = (0, 4);
        let left = (-2, 0);
        let up_left = (-1, -9);
        let mut directions = vec![left, down, up_left, right, up, (0, -10)];
        order::sort_by(&mut directions, |a, b| clockwise_from_top(*a, *b));
        assert_eq!(directions, vec![up, (0, -10), right, down, left, up_left]);
    }

    #[test]
    fn base_island_has_three_rings_of_12_6_1() {
        let layout = Layout::get(LayoutId::Base);
        let cells: Vec<CellId> = CellId::all(layout.cells.len()).collect();
        let depths = ring_depths(layout, &cells);
        let count = |d: usize| depths.iter().filter(|(_, depth)| *depth == d).count();
        assert_eq!((count(1), count(2), count(3), count(4)), (12, 6, 1, 0));
        assert!(depths.contains(&(layout.centre_cells[0], 3)));
    }

    #[test]
    fn a_half_turn_reverses_the_rows() {
        let layout = Layout::get(LayoutId::FiveSix);
        let cells: Vec<CellId> = CellId::all(layout.cells.len()).collect();
        let upright = TurnedLayout::new(layout, 0).rows(&cells);
        let half = TurnedLayout::new(layout, 3).rows(&cells);
        let reversed: Vec<Vec<CellId>> = upright
            .iter()
            .rev()
            .map(|row| row.iter().rev().copied().collect())
            .collect();
        assert_eq!(half, reversed);
        assert_eq!(
            upright.iter().map(Vec::len).collect::<Vec<_>>(),
            layout.rows
        );
    }
}
