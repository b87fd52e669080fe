//! Whether the layout's own constraints and the table's rules hold: at one cell of a board
//! being filled in (the search, the swaps), or over a whole board (the draws, the checker).
//! Every part of the generator asks here, so a constraint is written once.

use crate::catalogue::{Constraint, Layout};
use crate::generate::spiral::{spiral_from_harbour, tokens_follow_harbour_spiral};
use crate::model::{is_red, CellId, Terrain};
use crate::rules::{PartialBoard, Rule, RuleSet};

/// A terrain and number placement, indexed by cell.
pub type Placement = (Vec<Terrain>, Vec<Option<u8>>);

/// Whether a complete placement obeys every rule and the layout's own constraints.
pub fn obeys(
    layout: &Layout,
    rules: &RuleSet,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> bool {
    let terrain_view: Vec<Option<Terrain>> = terrain.iter().map(|&t| Some(t)).collect();
    let view = PartialBoard::complete(&terrain_view, numbers);
    (0..layout.cells.len()).all(|cell| holds_at(layout, rules.rules(), &view, cell))
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
            !gold(cell) || layout.cell_neighbors[cell].iter().all(|&n| !gold(n))
        }
        Constraint::NumbersBarred { numbers, cells } => {
            view.numbers[cell].is_none_or(|n| !numbers.contains(&n)) || !cells.contains(&cell)
        }
        Constraint::SeaOnBorder => {
            view.terrain[cell] != Some(Terrain::Sea) || layout.cell_neighbors[cell].len() < 6
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
    for start in 0..terrain.len() {
        if seen[start] || terrain[start] == Terrain::Sea {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            for &n in &layout.cell_neighbors[cell] {
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
    let l = Layout::get(id);
    Layout {
        id: l.id,
        cells: l.cells.clone(),
        rows: l.rows.clone(),
        frame: l.frame.clone(),
        corners: l.corners.clone(),
        edges: l.edges.clone(),
        cell_corners: l.cell_corners.clone(),
        corner_cells: l.corner_cells.clone(),
        cell_neighbors: l.cell_neighbors.clone(),
        adjacent_pairs: l.adjacent_pairs.clone(),
        zones: l.zones.clone(),
        cell_zone: l.cell_zone.clone(),
        harbours: l.harbours.clone(),
        harbour_bag: l.harbour_bag.clone(),
        pirate: l.pirate,
        robber_on_desert: l.robber_on_desert,
        constraints,
        centre_cells: l.centre_cells.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::budget::Budget;
    use crate::generate::mix::{mix, MIXING_SWAPS};
    use crate::generate::random::Random;
    use crate::generate::sample::rejection_sample;
    use crate::generate::search::{search, Opening, Outcome};
    use crate::generate::settings::Settings;
    use crate::generate::steps::run_through;

    /// The exact search's board, mixed by legal swaps as the generator mixes it (`None`
    /// when the search shows there is none).
    fn searched(layout: &Layout, settings: &Settings, seed: u64) -> Option<Placement> {
        let mut rng = Random::new(seed);
        let mut budget = Budget::request();
        let outcome = run_through(search(
            layout,
            settings,
            &mut rng,
            &mut budget,
            Opening::Attempts,
        ));
        match outcome {
            Outcome::Found(mut placement) => {
                mix(layout, settings, &mut rng, &mut placement, MIXING_SWAPS);
                Some(placement)
            }
            Outcome::Exhausted => None,
            Outcome::OutOfBudget => panic!("a small question runs out of work"),
        }
    }

    /// Every board the generator's stages make: random draws kept by rejection, and the
    /// exact search's boards after mixing.
    fn boards(layout: &Layout, settings: &Settings) -> Vec<Placement> {
        let mut out = Vec::new();
        for seed in 0..20 {
            let mut rng = Random::new(seed);
            out.extend(rejection_sample(layout, settings, &mut rng, 100_000));
            out.extend(searched(layout, settings, seed));
        }
        assert_eq!(out.len(), 40, "every stage finds a board");
        out
    }

    fn gold_side_by_side(layout: &Layout, terrain: &[Terrain]) -> bool {
        layout
            .adjacent_pairs
            .iter()
            .any(|&(a, b)| terrain[a] == Terrain::Gold && terrain[b] == Terrain::Gold)
    }

    #[test]
    fn gold_apart_keeps_gold_hexes_from_touching() {
        let settings = Settings::new(LayoutId::Seafarers, RuleSet::standard());
        let free = layout_with(LayoutId::Seafarers, Vec::new());
        // Without the constraint random boards do put gold side by side, so the test can fail.
        let mut rng = Random::new(1);
        let touching = (0..500)
            .filter(|_| {
                rejection_sample(&free, &settings, &mut rng, 1)
                    .is_some_and(|(terrain, _)| gold_side_by_side(&free, &terrain))
            })
            .count();
        assert!(touching > 0, "random boards put gold side by side");
        let apart = layout_with(LayoutId::Seafarers, vec![Constraint::GoldApart]);
        for (terrain, numbers) in boards(&apart, &settings) {
            assert!(!gold_side_by_side(&apart, &terrain));
            assert!(obeys(&apart, &settings.rules, &terrain, &numbers));
        }
    }

    #[test]
    fn barred_numbers_stay_off_their_cells() {
        let settings = Settings::new(LayoutId::Base, RuleSet::standard());
        let cells: Vec<CellId> = (0..6).collect();
        let layout = layout_with(
            LayoutId::Base,
            vec![Constraint::NumbersBarred {
                numbers: vec![6, 8],
                cells: cells.clone(),
            }],
        );
        for (_, numbers) in boards(&layout, &settings) {
            for &c in &cells {
                assert!(!matches!(numbers[c], Some(6 | 8)), "{numbers:?}");
            }
        }
    }

    #[test]
    fn the_search_honours_barred_numbers_to_the_point_of_proof() {
        let settings = Settings::new(LayoutId::Base, RuleSet::standard());
        let every_number: Vec<u8> = (2..=12).collect();
        let barred = |cells: Vec<CellId>| {
            layout_with(
                LayoutId::Base,
                vec![Constraint::NumbersBarred {
                    numbers: every_number.clone(),
                    cells,
                }],
            )
        };
        // One hex that may take no number: the desert must go there.
        let one = barred(vec![7]);
        for seed in 0..5 {
            let (terrain, _) = searched(&one, &settings, seed).expect("the desert fits");
            assert_eq!(terrain[7], Terrain::Desert);
        }
        // Two such hexes and one desert: the search proves there is no board.
        assert_eq!(searched(&barred(vec![7, 11]), &settings, 1), None);
    }
}
