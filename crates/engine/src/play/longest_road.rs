//! The longest road, measured exactly: the most edges of a player's roads walked without
//! using an edge twice, where a walk may not pass through a corner holding another player's
//! building (Almanac, "Longest Road": a settlement built on a road breaks it). A player has
//! at most 15 roads, so trying every walk is cheap.

use super::table::{Table, ROADS};
use crate::model::bits::{bit, has, ids, Bits};

/// The longest road in `roads`, with other players' buildings on the corners `foreign`.
///
/// Walks start where a longest walk can: at a corner where the road does not simply pass
/// through (an end, a fork, a rival's building). A walk from a corner where the road passes
/// through could be extended backwards, unless it comes back round to end there: then it
/// is a ring, and starting anywhere on it is as long. So once the walks from those corners
/// have covered what they reach, any road left (a ring with no end) gets one walk of its own.
pub fn length(table: &Table, roads: Bits, foreign: Bits) -> u8 {
    Graph::of(table, roads, foreign).longest()
}

/// A player's roads renumbered from 0: at most 15 edges (a `u16` of them) and the corners
/// they touch (at most 30), so a walk's bookkeeping is a few small integers. Each player
/// keeps one as it places roads and rivals build on its corners ([`Graph::add`],
/// [`Graph::mark_foreign`]): built afresh for every road placed, it was a third of placing
/// one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// Each road's two corners, as local corner numbers.
    ends: [[u8; 2]; ROADS as usize],
    edges: u8,
    /// The roads at each local corner.
    edges_at: [u16; 2 * ROADS as usize],
    corners: u8,
    /// Local corners holding another player's building.
    foreign: u32,
    /// Each road's edge id on the board.
    global: [u8; ROADS as usize],
    /// Each local corner's id on the board.
    board_corner: [u8; 2 * ROADS as usize],
}

impl Graph {
    /// The graph of `roads` (the first 15), other players' buildings on `foreign`.
    pub fn of(table: &Table, roads: Bits, foreign: Bits) -> Graph {
        let mut graph = Graph::default();
        let mut numbered = 0;
        for e in ids(roads).take(ROADS as usize) {
            graph.add(table, e, numbered, foreign);
            numbered |= table.edge_ends[e];
        }
        graph
    }

    /// Adds the road `edge`; `numbered` holds the corners of the roads already in (a
    /// player's `road_corners`), `foreign` other players' buildings.
    pub fn add(&mut self, table: &Table, edge: usize, numbered: Bits, foreign: Bits) {
        let e = usize::from(self.edges);
        debug_assert!(e < ROADS as usize, "a 16th road");
        for (side, &c) in table.edge_corners[edge].iter().enumerate() {
            let c = usize::from(c);
            let local = if has(numbered, c) {
                self.local(c)
            } else {
                let local = usize::from(self.corners);
                self.board_corner[local] = c as u8;
                if has(foreign, c) {
                    self.foreign |= 1 << local;
                }
                self.corners += 1;
                local
            };
            self.ends[e][side] = local as u8;
            self.edges_at[local] |= 1 << e;
        }
        self.global[e] = edge as u8;
        self.edges += 1;
    }

    /// Another player built on `corner`, a corner of these roads.
    pub fn mark_foreign(&mut self, corner: usize) {
        self.foreign |= 1 << self.local(corner);
    }

    /// The local number of `corner`, a corner of these roads.
    fn local(&self, corner: usize) -> usize {
        let numbered = &self.board_corner[..usize::from(self.corners)];
        numbered
            .iter()
            .position(|&c| usize::from(c) == corner)
            .expect("a corner of the roads")
    }

    /// The longest road once `edge` joins these roads, whose longest was `before` (the
    /// arguments as [`Graph::add`]'s): what [`length`] of the roads with `edge` gives,
    /// measured with two walks instead of one from every end. A longest walk either leaves
    /// the new road out (then it is `before` long) or takes it; and unless the new road
    /// closes a ring, it is the only link between its two corners, so a walk taking it is
    /// the longest walk out of each corner without it, plus one (a corner with a rival's
    /// building ends the walk there). A road that closes a ring is measured afresh.
    pub fn length_after(
        &mut self,
        table: &Table,
        edge: usize,
        numbered: Bits,
        foreign: Bits,
        before: u8,
    ) -> u8 {
        self.add(table, edge, numbered, foreign);
        let local = usize::from(self.edges) - 1;
        let used = 1u16 << local;
        let [a, b] = self.ends[local].map(usize::from);
        let mut from_a = 0;
        let out_of_a = self.walk(a, used, &mut from_a);
        let out_of_b = self.walk(b, used, &mut 0);
        let passes = |corner: usize| self.foreign >> corner & 1 == 0;
        if passes(a) && passes(b) && from_a & self.edges_at[b] != 0 {
            return self.longest();
        }
        before.max(out_of_a + 1 + out_of_b)
    }

    /// Whether this is the graph of `roads` with other players' buildings on `foreign`,
    /// however it numbers them: each road with its own corners, each corner of the roads
    /// numbered once, the rivals' among them marked, and the roads at each corner listed.
    pub fn is_graph_of(&self, table: &Table, roads: Bits, foreign: Bits) -> bool {
        let (edges, corners) = (usize::from(self.edges), usize::from(self.corners));
        let held = (0..edges).fold(0, |set, e| set | bit(usize::from(self.global[e])));
        let numbered = &self.board_corner[..corners];
        let on_roads = numbered.iter().fold(0, |set, &c| set | bit(usize::from(c)));
        let rivals = (0..corners)
            .filter(|&c| self.foreign >> c & 1 == 1)
            .fold(0, |set, c| set | bit(usize::from(numbered[c])));
        let ends_agree = (0..edges).all(|e| {
            let ends = self.ends[e].map(|c| numbered.get(usize::from(c)).copied());
            ends == table.edge_corners[usize::from(self.global[e])].map(Some)
        });
        let listed = (0..corners).all(|c| {
            let at = (0..edges).filter(|&e| self.ends[e].contains(&(c as u8)));
            at.fold(0u16, |set, e| set | 1 << e) == self.edges_at[c]
        });
        held == roads
            && edges == roads.count_ones() as usize
            && on_roads == ids(roads).fold(0, |set, e| set | table.edge_ends[e])
            && corners == on_roads.count_ones() as usize
            && rivals == on_roads & foreign
            && ends_agree
            && listed
    }

    /// The longest walk, tried from every corner where one can start (see [`length`]).
    pub fn longest(&self) -> u8 {
        let mut best = 0;
        let mut reached = 0u16;
        for corner in 0..usize::from(self.corners) {
            let degree = self.edges_at[corner].count_ones();
            if degree != 2 || self.foreign >> corner & 1 == 1 {
                best = best.max(self.walk(corner, 0, &mut reached));
                // No walk is longer than every road: a plain line is done at its first end.
                if best == self.edges {
                    return best;
                }
            }
        }
        let all = self.all_edges();
        while all & !reached != 0 {
            let edge = (all & !reached).trailing_zeros() as usize;
            best = best.max(self.walk(usize::from(self.ends[edge][0]), 0, &mut reached));
        }
        best
    }

    fn all_edges(&self) -> u16 {
        ((1u32 << self.edges) - 1) as u16
    }

    /// The longest walk from `corner` not using the edges `used`, marking every edge it
    /// tries in `reached`.
    fn walk(&self, corner: usize, used: u16, reached: &mut u16) -> u8 {
        if used != 0 && self.foreign >> corner & 1 == 1 {
            return 0;
        }
        let mut best = 0;
        let mut open = self.edges_at[corner] & !used;
        while open != 0 {
            let e = open.trailing_zeros() as usize;
            open &= open - 1;
            *reached |= 1 << e;
            let [a, b] = self.ends[e];
            let next = usize::from(if usize::from(a) == corner { b } else { a });
            best = best.max(1 + self.walk(next, used | 1 << e, reached));
        }
        best
    }
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

    /// Every corner tried as a start, on the board's own ids: the definition, slowly.
    fn every_start(table: &Table, roads: Bits, foreign: Bits) -> u8 {
        fn walk(table: &Table, roads: Bits, foreign: Bits, corner: usize, used: Bits) -> u8 {
            if used != 0 && has(foreign, corner) {
                return 0;
            }
            ids(table.corner_edges[corner] & roads & !used)
                .map(|e| {
                    1 + walk(
                        table,
                        roads,
                        foreign,
                        table.across(e, corner),
                        used | bit(e),
                    )
                })
                .max()
                .unwrap_or(0)
        }
        (0..table.corners)
            .map(|c| walk(table, roads, foreign, c, 0))
            .max()
            .unwrap_or(0)
    }

    /// Random sequences of roads placed and rivals' settlements built on them: the graph
    /// kept holds what one built afresh holds, and measures each road added as the whole
    /// measured afresh.
    #[test]
    fn a_kept_graph_is_the_graph_built_afresh_and_measures_as_it() {
        let t = table();
        let mut rng = Random::new(29);
        let (mut joining, mut reaching_out, mut broken) = (0, 0, 0);
        for _ in 0..2_000 {
            let mut foreign = 0;
            for _ in 0..rng.index(5) {
                foreign |= bit(rng.index(t.corners));
            }
            // Up to 15 roads, each next to one already placed (so rings close) or, one time
            // in four, anywhere (so parts join); one time in six a rival then builds on a
            // corner of the roads.
            let (mut roads, mut before, mut kept) = (0, 0, Graph::default());
            for _ in 0..1 + rng.index(15) {
                let on_roads = ids(roads).fold(0, |set, e| set | t.edge_ends[e]);
                let mut near = 0;
                for c in ids(on_roads) {
                    near |= t.corner_edges[c];
                }
                let open: Vec<usize> = ids(near & !roads).collect();
                let edge = if open.is_empty() || rng.index(4) == 0 {
                    rng.index(t.edges)
                } else {
                    open[rng.index(open.len())]
                };
                if has(roads, edge) {
                    continue;
                }
                let after = length(&t, roads | bit(edge), foreign);
                assert_eq!(
                    kept.length_after(&t, edge, on_roads, foreign, before),
                    after,
                    "roads {roads:b} + edge {edge}, rivals {foreign:b}"
                );
                // Both corners already on roads: it closes a ring or joins two parts.
                if (t.edge_ends[edge] & on_roads).count_ones() == 2 {
                    joining += 1;
                } else {
                    reaching_out += 1;
                }
                roads |= bit(edge);
                before = after;
                let corners: Vec<usize> = ids(on_roads | t.edge_ends[edge]).collect();
                let rival = corners[rng.index(corners.len())];
                if rng.index(6) == 0 && !has(foreign, rival) {
                    foreign |= bit(rival);
                    kept.mark_foreign(rival);
                    before = kept.longest();
                    assert_eq!(before, length(&t, roads, foreign));
                    broken += 1;
                }
                assert!(Graph::of(&t, roads, foreign).is_graph_of(&t, roads, foreign));
                assert!(kept.is_graph_of(&t, roads, foreign), "{kept:?}");
            }
            // A graph differing by a road or a rival is not the same.
            let other = ids(t.land_edges & !roads).next().unwrap();
            let on_roads = ids(roads).fold(0, |set, e| set | t.edge_ends[e]);
            if roads.count_ones() < ROADS {
                let mut more = kept;
                more.add(&t, other, on_roads, foreign);
                assert!(!more.is_graph_of(&t, roads, foreign));
                assert!(!kept.is_graph_of(&t, roads | bit(other), foreign));
            }
            if let Some(free) = ids(on_roads & !foreign).next() {
                let mut marked = kept;
                marked.mark_foreign(free);
                assert!(!marked.is_graph_of(&t, roads, foreign));
            }
        }
        assert!(
            joining > 100 && reaching_out > 1_000 && broken > 500,
            "{joining} {reaching_out} {broken}"
        );
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
