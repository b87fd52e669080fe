//! Helpers the catalogue tests share (each test file that needs them says `mod common;`).

use std::collections::BTreeSet;

use hexfair::catalogue::Layout;
use hexfair::model::CellId;

/// Sizes of the islands that the cells in `land` make, largest first: counted here from the
/// layout's adjacency, apart from the engine's own island code, so the two check each other.
pub fn island_sizes(layout: &Layout, land: &BTreeSet<CellId>) -> Vec<usize> {
    let mut seen = BTreeSet::new();
    let mut sizes = Vec::new();
    for &start in land {
        if !seen.insert(start) {
            continue;
        }
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            for &n in &layout.topology.cell_neighbors[cell] {
                if land.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}
