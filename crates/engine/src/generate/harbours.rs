//! Dealing the harbours: the kinds shuffled over the frame's places, McGuire's inland
//! harbour, or New World's places next to land; and the kinds as dealt, read back from a
//! board, so a board whose terrain changes can be given the same harbours again.

use crate::board::{Board, Harbour};
use crate::catalogue::{HarbourPlan, HarbourSpot, Layout};
use crate::generate::random::Random;
use crate::geometry::Hex;
use crate::model::CellId;
use crate::model::{HarbourKind, Terrain};
use crate::order;

/// The harbour kinds as they were dealt from the bag: in spot order on a printed frame and
/// in placing order next to land; on McGuire boards, as dealt to the frame's spots before
/// the one facing the inland harbour moved there (that harbour also holds one extra 3:1).
/// [`place_harbours`] given these kinds and the board's terrain places the same harbours.
pub fn dealt_kinds(layout: &Layout, board: &Board) -> Vec<HarbourKind> {
    let HarbourPlan::McGuire(spots) = &layout.harbours else {
        return board.harbours.iter().map(|h| h.kind).collect();
    };
    let mut inland: Vec<HarbourKind> = board
        .harbours
        .iter()
        .filter(|h| !spots.contains(&h.spot))
        .map(|h| h.kind)
        .collect();
    if let Some(extra) = inland.iter().position(|&k| k == HarbourKind::Generic) {
        inland.remove(extra);
    }
    spots
        .iter()
        .map(
            |spot| match board.harbours.iter().find(|h| h.spot == *spot) {
                Some(h) => h.kind,
                None => inland.pop().unwrap_or(HarbourKind::Generic),
            },
        )
        .collect()
}

/// Where each harbour goes and what it trades.
pub fn place_harbours(
    layout: &Layout,
    terrain: &[Terrain],
    kinds: Vec<HarbourKind>,
    rng: &mut Random,
) -> Vec<Harbour> {
    match &layout.harbours {
        HarbourPlan::Fixed(spots) => spots
            .iter()
            .zip(layout.deal_harbours(kinds))
            .map(|(&spot, kind)| Harbour { spot, kind })
            .collect(),
        HarbourPlan::McGuire(spots) => mcguire_harbours(layout, terrain, spots, kinds),
        HarbourPlan::NextToLand => harbours_next_to_land(layout, terrain, kinds, rng),
    }
}

/// McGuire step 2: the frame harbour facing the inland harbour moves into it, with an extra
/// 3:1, on two of its inner edges that share no corner.
pub fn mcguire_harbours(
    layout: &Layout,
    terrain: &[Terrain],
    spots: &[HarbourSpot],
    kinds: Vec<HarbourKind>,
) -> Vec<Harbour> {
    let Some(harbour_cell) = terrain
        .iter()
        .position(|&t| t == Terrain::Sea)
        .map(CellId::new)
    else {
        return spots
            .iter()
            .zip(kinds)
            .map(|(&spot, kind)| Harbour { spot, kind })
            .collect();
    };
    let mut out = Vec::new();
    let mut moved = Vec::new();
    for (&spot, kind) in spots.iter().zip(kinds) {
        if spot.faces == harbour_cell {
            moved.push(kind);
        } else {
            out.push(Harbour { spot, kind });
        }
    }
    moved.push(HarbourKind::Generic);
    let hex = layout.cells[harbour_cell];
    let mut inner: Vec<HarbourSpot> = layout.topology.cell_neighbors[harbour_cell]
        .iter()
        .filter_map(|&land| layout.spot(hex, land))
        .collect();
    // Innermost first: the edges facing hexes nearest the centre.
    let depth = |s: &HarbourSpot| layout.cells[s.faces].distance(Hex::ORIGIN);
    order::sort_by_key(&mut inner, |s| (depth(s), s.faces));
    let apart = |a: &HarbourSpot, b: &HarbourSpot| a.corners.iter().all(|x| !b.corners.contains(x));
    // Two harbours: the innermost pair of edges that share no corner.
    let chosen: Vec<HarbourSpot> = if moved.len() >= 2 {
        let mut pairs: Vec<(HarbourSpot, HarbourSpot)> = Vec::new();
        for (i, a) in inner.iter().enumerate() {
            pairs.extend(
                inner[i + 1..]
                    .iter()
                    .filter(|b| apart(a, b))
                    .map(|b| (*a, *b)),
            );
        }
        pairs
            .into_iter()
            .min_by_key(|(a, b)| (depth(a) + depth(b), a.faces, b.faces))
            .map(|(a, b)| vec![a, b])
            .unwrap_or_default()
    } else {
        inner.into_iter().take(1).collect()
    };
    out.extend(
        chosen
            .into_iter()
            .zip(moved)
            .map(|(spot, kind)| Harbour { spot, kind }),
    );
    out
}

/// Every spot between a sea hex (a sea cell or the frame) and a land cell.
pub fn coastal_spots(layout: &Layout, terrain: &[Terrain]) -> Vec<HarbourSpot> {
    let sea_cells = (0..terrain.len())
        .filter(|&c| terrain[c] == Terrain::Sea)
        .map(|c| layout.cells[c]);
    sea_cells
        .chain(layout.topology.frame.iter().copied())
        .flat_map(|sea| {
            sea.neighbors()
                .into_iter()
                .filter_map(|n| layout.cell_of(n))
                .filter(|&c| terrain[c] != Terrain::Sea)
                .filter_map(move |land| layout.spot(sea, land))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// New World: harbours on random sea edges next to land, no two sharing a corner.
fn harbours_next_to_land(
    layout: &Layout,
    terrain: &[Terrain],
    kinds: Vec<HarbourKind>,
    rng: &mut Random,
) -> Vec<Harbour> {
    let mut candidates = coastal_spots(layout, terrain);
    rng.shuffle(&mut candidates);
    let mut chosen: Vec<HarbourSpot> = Vec::new();
    for spot in candidates {
        if chosen.len() == kinds.len() {
            break;
        }
        let clear = chosen
            .iter()
            .all(|c| c.sea != spot.sea && c.corners.iter().all(|x| !spot.corners.contains(x)));
        if clear {
            chosen.push(spot);
        }
    }
    chosen
        .into_iter()
        .zip(kinds)
        .map(|(spot, kind)| Harbour { spot, kind })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;

    #[test]
    fn dealt_kinds_place_the_same_harbours_again() {
        for layout in LayoutId::every() {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 21).unwrap();
            let kinds = dealt_kinds(Layout::get(layout), &board);
            let mut rng = Random::new(0);
            let again = place_harbours(Layout::get(layout), &board.terrain, kinds, &mut rng);
            // New World draws fresh spots, so only the kinds carry over there.
            if Layout::get(layout).harbours == HarbourPlan::NextToLand {
                let sorted = |h: &[Harbour]| {
                    let mut k: Vec<HarbourKind> = h.iter().map(|h| h.kind).collect();
                    k.sort();
                    k
                };
                assert_eq!(sorted(&again), sorted(&board.harbours), "{layout}");
            } else {
                assert_eq!(again, board.harbours, "{layout}");
            }
        }
    }
}
