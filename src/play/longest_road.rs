//! The longest road, measured exactly: the most edges of a player's roads walked without
//! using an edge twice, where a walk may not pass through a corner holding another player's
//! building (Almanac, "Longest Road": a settlement built on a road breaks it). A player has
//! at most 15 roads, so trying every walk is cheap.

use super::bits::{bit, has, ids, Bits};
use super::table::Table;

/// The longest road in `roads`, with other players' buildings on the corners `foreign`.
///
/// Walks start where a longest walk can: at a corner where the road does not simply pass
/// through (an end, a fork, a rival's building). A walk from a corner where the road passes
/// through could be extended backwards, unless it comes back round to end there: then it
/// is a ring, and starting anywhere on it is as long. So once the walks from those corners
/// have covered what they reach, any road left (a ring with no end) gets one walk of its own.
pub fn length(table: &Table, roads: Bits, foreign: Bits) -> u8 {
    let mut corners = 0;
    for e in ids(roads) {
        for c in table.edge_corners[e] {
            corners |= bit(usize::from(c));
        }
    }
    let mut best = 0;
    let mut reached = 0;
    for corner in ids(corners) {
        let degree = (table.corner_edges[corner] & roads).count_ones();
        if degree != 2 || has(foreign, corner) {
            best = best.max(walk(table, roads, foreign, corner, 0, &mut reached));
        }
    }
    while roads & !reached != 0 {
        let edge = (roads & !reached).trailing_zeros() as usize;
        let corner = usize::from(table.edge_corners[edge][0]);
        best = best.max(walk(table, roads, foreign, corner, 0, &mut reached));
    }
    best
}

fn walk(
    table: &Table,
    roads: Bits,
    foreign: Bits,
    corner: usize,
    used: Bits,
    reached: &mut Bits,
) -> u8 {
    if used != 0 && has(foreign, corner) {
        return 0;
    }
    let mut best = 0;
    for e in ids(table.corner_edges[corner] & roads & !used) {
        *reached |= bit(e);
        let next = table.across(e, corner);
        best = best.max(1 + walk(table, roads, foreign, next, used | bit(e), reached));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::random::Random;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;

    fn table() -> Table {
        let board = generate(&Settings::new(LayoutId::Base, RuleSet::standard()), 5).unwrap();
        Table::new(&board).unwrap()
    }

    /// Every corner tried as a start: the definition, slowly.
    fn every_start(table: &Table, roads: Bits, foreign: Bits) -> u8 {
        let mut reached = 0;
        (0..table.corners)
            .map(|c| walk(table, roads, foreign, c, 0, &mut reached))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn a_ring_counts_every_edge_and_a_spur_off_it_one_more() {
        let t = table();
        let cell = 9; // the centre: six land neighbours
        let ring_corners = t.cell_corners[cell].map(usize::from);
        let mut ring = 0;
        for i in 0..6 {
            let (a, b) = (ring_corners[i], ring_corners[(i + 1) % 6]);
            ring |= t.corner_edges[a] & t.corner_edges[b];
        }
        assert_eq!(ring.count_ones(), 6);
        assert_eq!(length(&t, ring, 0), 6);
        let spur = ids(t.corner_edges[ring_corners[0]] & !ring).next().unwrap();
        assert_eq!(length(&t, ring | bit(spur), 0), 7);
        // A rival on the ring: the walk may end there but not pass.
        assert_eq!(length(&t, ring, bit(ring_corners[3])), 6);
        assert_eq!(length(&t, ring | bit(spur), bit(ring_corners[0])), 6);
    }

    #[test]
    fn starting_at_ends_forks_and_rivals_finds_the_longest_walk() {
        let t = table();
        let mut rng = Random::new(17);
        for _ in 0..3_000 {
            // A connected road of up to 15 edges grown from a random edge, and rivals.
            let mut roads = bit(rng.index(t.edges));
            for _ in 0..rng.index(15) {
                let mut ends = 0;
                for e in ids(roads) {
                    for c in t.edge_corners[e] {
                        ends |= t.corner_edges[usize::from(c)];
                    }
                }
                let open: Vec<usize> = ids(ends & !roads).collect();
                roads |= bit(open[rng.index(open.len())]);
            }
            let mut foreign = 0;
            for _ in 0..rng.index(4) {
                foreign |= bit(rng.index(t.corners));
            }
            assert_eq!(
                length(&t, roads, foreign),
                every_start(&t, roads, foreign),
                "roads {roads:b}, rivals {foreign:b}"
            );
        }
    }
}
