//! Stage 2: the rest of the terrain, most-constrained cell first, with forward checking on
//! the neighbours.

use crate::generate::budget::Budget;
use crate::generate::random::Random;
use crate::model::{CellId, Terrain};
use crate::rules::Scope;

use super::state::SearchState;

impl SearchState<'_> {
    /// Counts of the numbered terrain still to place, per zone and kind (in bag order).
    pub(super) fn remaining_numbered_terrain(&self) -> Vec<(usize, Terrain, u32)> {
        let mut out: Vec<(usize, Terrain, u32)> = Vec::new();
        for (z, zone) in self.layout.zones.iter().enumerate() {
            let left = self
                .settings
                .bags_left(self.layout, z)
                .expect("checked by Settings::problem");
            for &t in zone.terrain_bag.iter().filter(|t| t.takes_number()) {
                if !out.iter().any(|&(oz, ot, _)| oz == z && ot == t) {
                    let count = left.terrain.iter().filter(|&&l| l == t).count();
                    out.push((z, t, count as u32));
                }
            }
        }
        out
    }

    /// Whether `tile` may go on the open `cell` now.
    pub(super) fn terrain_fits(&mut self, cell: CellId, tile: Terrain) -> bool {
        self.terrain[cell] = Some(tile);
        // Under a laid spiral the tokens are known, so the rules tying them to terrain
        // already apply.
        let ok = if self.spiral_zone.is_some() {
            self.allows_at(cell, &[Scope::Terrain, Scope::Both])
        } else {
            self.allows_at(cell, &[Scope::Terrain])
        };
        self.terrain[cell] = None;
        ok
    }

    /// Terrain kinds (indices into `bag`) that `cell` may take now.
    pub(super) fn legal_terrain(
        &mut self,
        cell: CellId,
        bag: &[(usize, Terrain, u32)],
    ) -> Vec<usize> {
        let zone = self.layout.cell_zone[cell];
        (0..bag.len())
            .filter(|&i| bag[i].0 == zone && bag[i].2 > 0 && self.terrain_fits(cell, bag[i].1))
            .collect()
    }

    /// How many terrain kinds of `bag` the open `cell` may take now, counting no further
    /// than `enough` (the scans only ask whether a cell has none, or fewer than another).
    pub(super) fn legal_terrain_count(
        &mut self,
        cell: CellId,
        bag: &[(usize, Terrain, u32)],
        enough: usize,
    ) -> usize {
        let zone = self.layout.cell_zone[cell];
        let mut count = 0;
        for &(z, tile, left) in bag {
            if count >= enough {
                break;
            }
            if z == zone && left > 0 && self.terrain_fits(cell, tile) {
                count += 1;
            }
        }
        count
    }

    /// Stage 2: the rest of the terrain, most-constrained cell first, with forward checking
    /// on the neighbours; then the tokens.
    pub(super) async fn place_terrain(
        &mut self,
        bag: &mut [(usize, Terrain, u32)],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        // The first open cell with the fewest legal kinds.
        let mut best: Option<(CellId, usize)> = None;
        for cell in CellId::all(self.layout.cells.len()) {
            if self.terrain[cell].is_some() {
                continue;
            }
            let to_beat = best.map_or(usize::MAX, |(_, fewest)| fewest);
            let legal = self.legal_terrain_count(cell, bag, to_beat);
            if legal == 0 {
                return Some(false);
            }
            if legal < to_beat {
                best = Some((cell, legal));
            }
        }
        let Some((cell, _)) = best else {
            return self.numbers_for_terrain(rng, budget).await;
        };
        let mut values = self.legal_terrain(cell, bag);
        rng.shuffle(&mut values);
        let layout = self.layout;
        for v in values {
            if !self.spend(budget).await {
                return None;
            }
            self.terrain[cell] = Some(bag[v].1);
            bag[v].2 -= 1;
            let neighbours_ok = layout.topology.cell_neighbors[cell]
                .iter()
                .all(|&n| self.terrain[n].is_some() || self.legal_terrain_count(n, bag, 1) > 0);
            if neighbours_ok {
                match Box::pin(self.place_terrain(bag, rng, budget)).await {
                    Some(false) => {}
                    other => return other,
                }
            }
            bag[v].2 += 1;
            self.terrain[cell] = None;
        }
        Some(false)
    }
}
