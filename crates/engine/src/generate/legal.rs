//! Whether the layout's own constraints and the table's rules hold: at one cell of a board
//! being filled in (the search, the swaps), or over a whole board (the draws, the checker).
//! Every part of the generator asks here, so a constraint is written once.

use crate::catalogue::{Constraint, Layout};
use crate::generate::spiral::{spiral_from_harbour, tokens_follow_harbour_spiral};
use crate::model::{is_red, CellId, Terrain};
use crate::rules::{PartialBoard, Rule, RuleSet};

/// A deal: the terrain and the number dealt to each cell, indexed by cell (a board before
/// its harbours).
pub type Deal = (Vec<Terrain>, Vec<Option<u8>>);

/// Whether a complete deal obeys every rule and the layout's own constraints.
pub fn obeys(
    layout: &Layout,
    rules: &RuleSet,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> bool {
    let terrain_view: Vec<Option<Terrain>> = terrain.iter().map(|&t| Some(t)).collect();
    let view = PartialBoard::complete(&terrain_view, numbers);
    CellId::all(layout.cells.len()).all(|cell| holds_at(layout, rules.rules(), &view, cell))
        && whole_board_constraints_hold(layout, terrain, numbers)
}

/// Whether the layout's constraints and `rules` hold around `cell` of a board being filled
/// in (what is not placed yet breaks nothing). Whole-board constraints are not read here
/// ([`whole_board_constraints_hold`]).
pub(crate) fn holds_at<'r>(
    layout: &Layout,
    rules: impl IntoIterator<Item = &'r Rule>,
    view: &PartialBoard<'_>,
    cell: CellId,
) -> bool {
    constraints_hold_at(layout, view, cell)
        && rules
            .into_iter()
            .all(|r| r.allows_partial(layout, view, cell))
}

/// Whether every constraint of the layout that can be read around one cell holds at `cell`.
pub(crate) fn constraints_hold_at(layout: &Layout, view: &PartialBoard<'_>, cell: CellId) -> bool {
    layout
        .constraints
        .iter()
        .all(|c| constraint_holds_at(layout, c, view, cell))
}

/// Whether `constraint` holds around `cell`; true for the constraints on the whole board.
pub(crate) fn constraint_holds_at(
    layout: &Layout,
    constraint: &Constraint,
    view: &PartialBoard<'_>,
    cell: CellId,
) -> bool {
    let gold = |c: CellId| view.terrain[c] == Some(Terrain::Gold);
    match constraint {
        Constraint::RedNotOnGold => !(gold(cell) && view.numbers[cell].is_some_and(is_red)),
        Constraint::GoldApart => {
            !gold(cell)
                || layout.topology.cell_neighbors[cell]
                    .iter()
                    .all(|&n| !gold(n))
        }
        Constraint::NumbersBarred { numbers, cells } => {
            view.numbers[cell].is_none_or(|n| !numbers.contains(&n)) || !cells.contains(&cell)
        }
        Constraint::SeaOnBorder => {
            view.terrain[cell] != Some(Terrain::Sea)
                || layout.topology.cell_neighbors[cell].len() < 6
        }
        Constraint::InlandOnly(terrain) => {
            view.terrain[cell] != Some(*terrain) || layout.topology.cell_neighbors[cell].len() == 6
        }
        Constraint::TerrainAt { cell: at, terrain } => {
            cell != *at || view.terrain[cell].is_none_or(|t| t == *terrain)
        }
        Constraint::LargestIsland { .. } | Constraint::SpiralFromHarbour => true,
    }
}

/// Whether the constraints on the whole board hold: island sizes, McGuire's spiral.
pub(crate) fn whole_board_constraints_hold(
    layout: &Layout,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> bool {
    islands_ok(layout, terrain)
        && (!spiral_from_harbour(layout) || tokens_follow_harbour_spiral(layout, terrain, numbers))
}

/// Whether a board's constraints can all be checked around the cells that changed: all
/// but the island sizes (the spiral's own moves are checked where they are made).
pub(crate) fn constraints_are_local(layout: &Layout) -> bool {
    !layout
        .constraints
        .iter()
        .any(|c| matches!(c, Constraint::LargestIsland { .. }))
}

/// Whether a constraint ties tokens to the terrain under them (so tokens that fit a mask
/// need not fit every terrain on it).
pub(crate) fn constraints_tie_tokens_to_terrain(layout: &Layout) -> bool {
    layout.constraints.contains(&Constraint::RedNotOnGold)
}

/// The least and most land hexes the largest island may hold, if the layout says.
pub fn island_bounds(layout: &Layout) -> Option<(usize, usize)> {
    layout.constraints.iter().find_map(|c| match *c {
        Constraint::LargestIsland { least, most } => Some((least, most)),
        _ => None,
    })
}

/// New World: the largest island is neither tiny nor the whole map.
pub(crate) fn islands_ok(layout: &Layout, terrain: &[Terrain]) -> bool {
    let Some((least, most)) = island_bounds(layout) else {
        return true;
    };
    let largest = largest_island(layout, terrain);
    (least..=most).contains(&largest)
}

/// Land hexes in the largest connected island.
pub fn largest_island(layout: &Layout, terrain: &[Terrain]) -> usize {
    let mut seen = vec![false; terrain.len()];
    let mut largest = 0;
    for start in CellId::all(terrain.len()) {
        if seen[start] || terrain[start] == Terrain::Sea {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            for &n in &layout.topology.cell_neighbors[cell] {
                if !seen[n] && terrain[n] != Terrain::Sea {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        largest = largest.max(size);
    }
    largest
}

/// A copy of a catalogue layout with other constraints, for tests of constraints no
/// catalogue board has yet.
#[cfg(test)]
pub(crate) fn layout_with(id: crate::catalogue::LayoutId, constraints: Vec<Constraint>) -> Layout {
    Layout {
        constraints,
        ..Layout::get(id).clone()
    }
}
