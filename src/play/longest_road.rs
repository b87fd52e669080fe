//! The longest road, measured exactly: the most edges of a player's roads walked without
//! using an edge twice, where a walk may not pass through a corner holding another player's
//! building (Almanac, "Longest Road": a settlement built on a road breaks it). A player has
//! at most 15 roads, so trying every walk is cheap.

use super::bits::{bit, has, ids, Bits};
use super::table::Table;

/// The longest road in `roads`, with other players' buildings on the corners `foreign`.
pub fn length(table: &Table, roads: Bits, foreign: Bits) -> u8 {
    let mut starts = 0;
    for e in ids(roads) {
        for c in table.edge_corners[e] {
            starts |= bit(usize::from(c));
        }
    }
    let mut best = 0;
    for corner in ids(starts) {
        // Every corner is tried as a start: a ring has no end to start from.
        best = best.max(walk(table, roads, foreign, corner, 0));
    }
    best
}

fn walk(table: &Table, roads: Bits, foreign: Bits, corner: usize, used: Bits) -> u8 {
    if used != 0 && has(foreign, corner) {
        return 0;
    }
    let mut best = 0;
    for e in ids(table.corner_edges[corner] & roads & !used) {
        let next = table.across(e, corner);
        best = best.max(1 + walk(table, roads, foreign, next, used | bit(e)));
    }
    best
}
