//! Stage 1: where the tiles that take no token go (the mask), and what the mask alone
//! decides: the island sizes, the number rules (whose answer is kept per mask), and under
//! the spiral, which starts can keep them.

use crate::generate::budget::Budget;
use crate::generate::legal::{island_bounds, islands_ok};
use crate::generate::random::Random;
use crate::generate::spiral::{lay_spiral, spiral_paths};
use crate::model::{CellId, Terrain};
use crate::rules::Scope;

use super::state::SearchState;

impl SearchState<'_> {
    /// Stage 1: the tiles that take no token, each on a cell of its zone (equal tiles on
    /// increasing cells, so no arrangement is visited twice).
    pub(super) async fn place_numberless(
        &mut self,
        k: usize,
        after: CellId,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let Some(&(zone, tile)) = self.numberless.get(k) else {
            return self.mask_complete(rng, budget).await;
        };
        let run_continues = k > 0 && self.numberless[k - 1] == (zone, tile);
        let open = self.zone_cells_from(
            zone,
            if run_continues { after } else { CellId::new(0) },
            |s, c| s.terrain[c].is_none(),
        );
        // Equal tiles go on increasing cells, so leave room for the rest of the run.
        let run_left = self.numberless[k + 1..]
            .iter()
            .take_while(|&&t| t == (zone, tile))
            .count();
        let mut cells: Vec<CellId> = open[..open.len().saturating_sub(run_left)]
            .iter()
            .copied()
            .filter(|&c| self.terrain_fits(c, tile))
            .collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            if !self.spend(budget).await {
                return None;
            }
            self.terrain[cell] = Some(tile);
            match Box::pin(self.place_numberless(k + 1, cell.next(), rng, budget)).await {
                Some(false) => {}
                other => return other,
            }
            self.terrain[cell] = None;
        }
        Some(false)
    }

    /// Lays the number-less tiles on random cells of their zones; false if that breaks a
    /// terrain rule.
    pub(super) fn sample_numberless(&mut self, rng: &mut Random) -> bool {
        for (z, zone) in self.layout.zones.iter().enumerate() {
            let mut cells: Vec<CellId> = zone
                .cells
                .iter()
                .copied()
                .filter(|&c| self.terrain[c].is_none())
                .collect();
            rng.shuffle(&mut cells);
            let tiles: Vec<Terrain> = self
                .numberless
                .iter()
                .filter(|(tz, _)| *tz == z)
                .map(|&(_, t)| t)
                .collect();
            for (cell, tile) in cells.into_iter().zip(tiles) {
                if !self.terrain_fits(cell, tile) {
                    return false;
                }
                self.terrain[cell] = Some(tile);
            }
        }
        true
    }

    /// The mask is known: check what depends on it alone, then fill the rest of the terrain.
    pub(super) async fn mask_complete(
        &mut self,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        if island_bounds(self.layout).is_some() {
            let land: Vec<Terrain> = self
                .terrain
                .iter()
                .map(|t| {
                    if *t == Some(Terrain::Sea) {
                        Terrain::Sea
                    } else {
                        Terrain::Forest
                    }
                })
                .collect();
            if !islands_ok(self.layout, &land) {
                return Some(false);
            }
        }
        let mask: Vec<bool> = self
            .terrain
            .iter()
            .map(|t| t.is_some_and(|t| !t.takes_number()))
            .collect();
        let number_rules = self
            .settings
            .rules
            .rules()
            .iter()
            .any(|r| r.scope() == Scope::Numbers);
        if self.settings.spiral() {
            return self.spiral_then_terrain(rng, budget).await;
        }
        if number_rules && !self.settings.spiral() {
            let known = self.mask_memo.get(&mask).cloned();
            let tokens = match known {
                Some(tokens) => tokens,
                None => {
                    let found = self.place_tokens(&[Scope::Numbers], rng, budget).await?;
                    let tokens = found.then(|| self.numbers.clone());
                    self.clear_tokens();
                    self.mask_memo.insert(mask.clone(), tokens.clone());
                    tokens
                }
            };
            if tokens.is_none() {
                return Some(false);
            }
        }
        let mut bag = self.remaining_numbered_terrain();
        self.place_terrain(&mut bag, rng, budget).await
    }

    /// Spiral mode, once the number-less tiles are down: each start fixes the spiral's
    /// letters, so try the starts (in random order) that keep the number rules, and lay the
    /// terrain under those letters, checking the rules that tie tokens to resources as it goes.
    pub(super) async fn spiral_then_terrain(
        &mut self,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let layout = self.layout;
        let zone_index = layout
            .zones
            .iter()
            .position(|z| z.spiral.is_some())
            .expect("spiral layouts have a spiral zone");
        let zone = &layout.zones[zone_index];
        // Any numbered tile stands in for the open cells: only the mask matters here.
        let stub: Vec<Terrain> = self
            .terrain
            .iter()
            .map(|t| t.unwrap_or(Terrain::Forest))
            .collect();
        let mut paths = spiral_paths(layout, zone, &stub);
        rng.shuffle(&mut paths);
        for path in paths {
            if !self.spend(budget).await {
                return None;
            }
            let mut numbers = vec![None; layout.cells.len()];
            lay_spiral(zone, &path, &stub, &mut numbers);
            // The spiral must give locked hexes their tokens; elsewhere locks stand as they are.
            let spiral_keeps_locks = zone.cells.iter().all(|&c| {
                self.settings
                    .locked(c)
                    .is_none_or(|l| numbers[c] == l.number)
            });
            if !spiral_keeps_locks {
                continue;
            }
            for (c, n) in self.locked_numbers.iter().enumerate() {
                if n.is_some() && layout.cell_zone[c] != zone_index {
                    numbers[c] = *n;
                }
            }
            self.numbers = numbers;
            self.pending = CellId::all(layout.cells.len())
                .map(|c| layout.cell_zone[c] != zone_index && stub[c].takes_number())
                .collect();
            self.spiral_zone = Some(zone_index);
            if path.iter().all(|&c| self.allows_at(c, &[Scope::Numbers])) {
                let mut bag = self.remaining_numbered_terrain();
                match self.place_terrain(&mut bag, rng, budget).await {
                    Some(false) => {}
                    other => return other,
                }
            }
            self.spiral_zone = None;
            self.clear_tokens();
        }
        Some(false)
    }
}
