//! The official letter spiral: its paths (from a corner hex, or McGuire's from the inland
//! harbour), laying a zone's letters along one, and keeping them laid while the terrain
//! under them moves.

use crate::catalogue::{Constraint, Layout, Zone};
use crate::generate::random::Random;
use crate::model::{CellId, Terrain};

/// McGuire: tokens always follow the spiral from the inland harbour.
pub fn spiral_from_harbour(layout: &Layout) -> bool {
    layout.constraints.contains(&Constraint::SpiralFromHarbour)
}

/// The spiral path for a zone with a spiral: from the cell beside the McGuire harbour, or
/// from a corner drawn by `rng`. `None` for zones without a spiral.
pub(crate) fn spiral_start(
    layout: &Layout,
    zone: &Zone,
    terrain: &[Terrain],
    rng: &mut Random,
) -> Option<Vec<CellId>> {
    let spiral = zone.spiral.as_ref()?;
    if spiral_from_harbour(layout) {
        return Some(harbour_spiral(layout, zone, terrain).unwrap_or_default());
    }
    let start = rng.index(spiral.starts.len());
    corner_spirals(layout, zone)[start].clone()
}

/// The spiral path from each corner start of `zone` (`None` where the walk cannot cover
/// the zone from there), walked once per layout.
fn corner_spirals<'l>(layout: &'l Layout, zone: &Zone) -> &'l [Option<Vec<CellId>>] {
    let zone_index = layout
        .zones
        .iter()
        .position(|z| std::ptr::eq(z, zone))
        .expect("a zone of this layout");
    layout.corner_spirals(zone_index)
}

/// McGuire: the spiral from the outer hex beside the inland harbour, walking away from it.
pub(crate) fn harbour_spiral(
    layout: &Layout,
    zone: &Zone,
    terrain: &[Terrain],
) -> Option<Vec<CellId>> {
    let harbour = zone
        .cells
        .iter()
        .copied()
        .find(|&c| terrain[c] == Terrain::Sea)?;
    let beside: Vec<CellId> = layout.topology.cell_neighbors[harbour]
        .iter()
        .copied()
        .filter(|&c| layout.topology.cell_neighbors[c].len() < 6)
        .collect();
    let paths: Vec<Vec<CellId>> = beside
        .iter()
        .filter_map(|&c| layout.spiral_path(zone, c, Some(harbour)))
        .collect();
    paths
        .iter()
        .find(|p| p.len() > 1 && !layout.topology.cell_neighbors[harbour].contains(&p[1]))
        .or(paths.first())
        .cloned()
}

/// Every path a zone's spiral may take on this terrain: from each corner hex, or (McGuire)
/// the one from the inland harbour.
pub fn spiral_paths(layout: &Layout, zone: &Zone, terrain: &[Terrain]) -> Vec<Vec<CellId>> {
    if spiral_from_harbour(layout) {
        return harbour_spiral(layout, zone, terrain).into_iter().collect();
    }
    corner_spirals(layout, zone)
        .iter()
        .flatten()
        .cloned()
        .collect()
}

/// Lays a zone's letter tokens along `path`, skipping cells that take no token.
pub fn lay_spiral(zone: &Zone, path: &[CellId], terrain: &[Terrain], numbers: &mut [Option<u8>]) {
    let tokens = &zone.spiral.as_ref().expect("spiral zone").tokens;
    let mut next = tokens.iter().copied();
    for &cell in path {
        numbers[cell] = if terrain[cell].takes_number() {
            next.next()
        } else {
            None
        };
    }
}

/// `numbers` with the spiral zone's tokens laid again along each of its spiral paths on
/// `terrain` (no variant on a layout without a spiral).
pub(crate) fn spiral_variants(
    layout: &Layout,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> Vec<Vec<Option<u8>>> {
    let Some(zone) = layout.zones.iter().find(|z| z.spiral.is_some()) else {
        return Vec::new();
    };
    spiral_paths(layout, zone, terrain)
        .iter()
        .map(|path| {
            let mut laid = numbers.to_vec();
            lay_spiral(zone, path, terrain, &mut laid);
            laid
        })
        .collect()
}

/// McGuire boards are only legal with their tokens on the harbour spiral.
pub(crate) fn tokens_follow_harbour_spiral(
    layout: &Layout,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> bool {
    let zone = &layout.zones[0];
    let Some(path) = harbour_spiral(layout, zone, terrain) else {
        return false;
    };
    let mut expected = vec![None; numbers.len()];
    lay_spiral(zone, &path, terrain, &mut expected);
    path.len() + 1 == zone.cells.len() && expected == numbers
}

/// Where the spiral lays its letters, when tokens follow it: kept while the terrain under
/// it moves (a swap of two hexes lays the letters again along it).
#[derive(Clone, Debug)]
pub struct SpiralLock {
    pub zone: usize,
    /// The walk from the chosen start; McGuire's follows the harbour instead.
    pub path: Vec<CellId>,
    pub from_harbour: bool,
}

impl SpiralLock {
    /// The spiral a board's letters follow, if its tokens follow one.
    pub fn of_board(layout: &Layout, terrain: &[Terrain], numbers: &[Option<u8>]) -> Option<Self> {
        let zone = layout.zones.iter().position(|z| z.spiral.is_some())?;
        let z = &layout.zones[zone];
        spiral_paths(layout, z, terrain)
            .into_iter()
            .find_map(|path| {
                let mut laid = numbers.to_vec();
                lay_spiral(z, &path, terrain, &mut laid);
                (laid == numbers).then_some(SpiralLock {
                    zone,
                    path,
                    from_harbour: spiral_from_harbour(layout),
                })
            })
    }

    /// Lays the letters again after the terrain under them moved (McGuire's path moves
    /// with the inland harbour).
    pub(crate) fn relay(
        &mut self,
        layout: &Layout,
        terrain: &[Terrain],
        numbers: &mut [Option<u8>],
    ) {
        let zone = &layout.zones[self.zone];
        if self.from_harbour {
            self.path = harbour_spiral(layout, zone, terrain).unwrap_or_default();
        }
        for &c in &zone.cells {
            numbers[c] = None;
        }
        lay_spiral(zone, &self.path, terrain, numbers);
    }

    /// Whether the letters are all down along a path and the locked hexes kept their
    /// tokens.
    pub(crate) fn holds(
        &self,
        layout: &Layout,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
        fixed: &[(CellId, Option<u8>)],
    ) -> bool {
        let zone = &layout.zones[self.zone];
        let numbered = zone
            .cells
            .iter()
            .filter(|&&c| terrain[c].takes_number())
            .count();
        let laid = zone.cells.iter().filter(|&&c| numbers[c].is_some()).count();
        !self.path.is_empty() && laid == numbered && fixed.iter().all(|&(c, n)| numbers[c] == n)
    }
}
