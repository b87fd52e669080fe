//! Hex geometry on axial coordinates (pointy-top), after Red Blob Games' "Hexagonal Grids".
//!
//! Corners and edges are not stored: they are derived from exact integer geometry. With
//! the unit x = sqrt(3)/2 * size and y = size / 2, a hex centre sits at (2q + r, 3r) and
//! its six corners at small integer offsets from it, so two hexes share a corner exactly
//! when they compute the same integer point. That makes corner identity canonical with no
//! floating point and no hand-typed tables.

/// A hex in axial coordinates: `q` grows to the east, `r` to the south-east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// A point on the integer lattice described in the module comment (corner or centre).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LatticePoint {
    pub x: i32,
    pub y: i32,
}

/// The six neighbour directions, clockwise from east.
pub const DIRECTIONS: [Hex; 6] = [
    Hex { q: 1, r: 0 },  // east
    Hex { q: 0, r: 1 },  // south-east
    Hex { q: -1, r: 1 }, // south-west
    Hex { q: -1, r: 0 }, // west
    Hex { q: 0, r: -1 }, // north-west
    Hex { q: 1, r: -1 }, // north-east
];

/// Corner offsets from the centre on the lattice, clockwise from the top (pointy-top).
const CORNER_OFFSETS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

impl Hex {
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The third cube coordinate; q + r + s = 0.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    pub const fn add(self, other: Hex) -> Hex {
        Hex::new(self.q + other.q, self.r + other.r)
    }

    pub fn neighbor(self, direction: usize) -> Hex {
        self.add(DIRECTIONS[direction % 6])
    }

    pub fn neighbors(self) -> [Hex; 6] {
        DIRECTIONS.map(|d| self.add(d))
    }

    pub fn distance(self, other: Hex) -> i32 {
        let dq = (self.q - other.q).abs();
        let dr = (self.r - other.r).abs();
        let ds = (self.s() - other.s()).abs();
        dq.max(dr).max(ds)
    }

    /// Hex from doubled-width coordinates (x counts half-hexes along a row, y is the row),
    /// the notation the Seafarers frame tables use.
    pub const fn from_doubled(x: i32, y: i32) -> Hex {
        Hex::new((x - y).div_euclid(2), y)
    }

    pub const fn center(self) -> LatticePoint {
        LatticePoint {
            x: 2 * self.q + self.r,
            y: 3 * self.r,
        }
    }

    /// The six corners, clockwise from the top.
    pub fn corners(self) -> [LatticePoint; 6] {
        let c = self.center();
        CORNER_OFFSETS.map(|(dx, dy)| LatticePoint {
            x: c.x + dx,
            y: c.y + dy,
        })
    }

    /// The ring of hexes at `radius` around `self`, clockwise, starting at the west end of
    /// its top row (the hex `radius` steps north-west) and walking east first.
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let radius = radius as i32;
        let mut hex = Hex::new(self.q, self.r - radius);
        let mut out = Vec::with_capacity(6 * radius as usize);
        for side in 0..6 {
            for _ in 0..radius {
                out.push(hex);
                hex = hex.neighbor(side);
            }
        }
        out
    }

    /// All hexes within `radius`, centre first, then ring by ring.
    pub fn spiral_range(self, radius: u32) -> Vec<Hex> {
        (0..=radius).flat_map(|k| self.ring(k)).collect()
    }
}

impl LatticePoint {
    /// Screen position for a hex of circumradius `size`: x units are sqrt(3)/2 * size.
    pub fn to_pixel(self, size: f64) -> (f64, f64) {
        (
            f64::from(self.x) * size * 3f64.sqrt() / 2.0,
            f64::from(self.y) * size / 2.0,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_share_exactly_two_corners() {
        let h = Hex::new(1, -1);
        for n in h.neighbors() {
            let shared = h
                .corners()
                .iter()
                .filter(|c| n.corners().contains(c))
                .count();
            assert_eq!(shared, 2, "{h:?} and {n:?}");
            assert_eq!(h.distance(n), 1);
        }
        let far = Hex::new(3, -1);
        assert!(h.corners().iter().all(|c| !far.corners().contains(c)));
    }

    #[test]
    fn ring_sizes_and_distances() {
        for radius in 0..5u32 {
            let ring = Hex::ORIGIN.ring(radius);
            assert_eq!(
                ring.len(),
                if radius == 0 { 1 } else { 6 * radius as usize }
            );
            assert!(ring
                .iter()
                .all(|h| h.distance(Hex::ORIGIN) == radius as i32));
            let mut unique = ring.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), ring.len());
        }
        assert_eq!(Hex::ORIGIN.spiral_range(2).len(), 19);
    }

    #[test]
    fn ring_walk_is_contiguous() {
        let ring = Hex::ORIGIN.ring(3);
        for pair in ring.windows(2) {
            assert_eq!(pair[0].distance(pair[1]), 1);
        }
        assert_eq!(ring[0].distance(*ring.last().unwrap()), 1);
    }

    #[test]
    fn doubled_coordinates_round_trip() {
        for y in -3i32..=3 {
            for i in 0..5 {
                let x = y.rem_euclid(2) + 2 * i;
                let h = Hex::from_doubled(x, y);
                assert_eq!(h.center().x, x);
                assert_eq!(h.center().y, 3 * y);
            }
        }
    }
}
