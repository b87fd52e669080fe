//! Stage 3: the tokens, most probable first, each on a cell chosen in random order, with
//! look-ahead for corner pip limits and for rules that tie tokens to resources.

use crate::catalogue::Constraint;
use crate::generate::budget::Budget;
use crate::generate::legal::constraints_tie_tokens_to_terrain;
use crate::generate::random::Random;
use crate::model::{pips, CellId};
use crate::rules::Scope;

use super::state::SearchState;
use crate::order;

/// What the corner-pip look-ahead counts for at each open cell (six corners read).
const CORNER_CAP_WORK: u64 = 27;

impl SearchState<'_> {
    /// Stage 3: tokens for a complete terrain, under every rule.
    pub(super) async fn numbers_for_terrain(
        &mut self,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        self.terrain_complete = true;
        let found = self.numbers_for_complete_terrain(rng, budget).await;
        self.terrain_complete = false;
        found
    }

    pub(super) async fn numbers_for_complete_terrain(
        &mut self,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        if let Some(spiral_zone) = self.spiral_zone {
            // The spiral's tokens are down; the other zones' go at random under the rules.
            return self
                .place_tokens_in(
                    &[Scope::Numbers, Scope::Both],
                    Some(spiral_zone),
                    rng,
                    budget,
                )
                .await;
        }
        // With no rule tying tokens to terrain, the tokens found for this mask fit any
        // terrain on it.
        let terrain_free = !constraints_tie_tokens_to_terrain(self.layout)
            && self
                .settings
                .rules
                .rules()
                .iter()
                .all(|r| r.scope() != Scope::Both);
        if terrain_free {
            let mask: Vec<bool> = self
                .terrain
                .iter()
                .map(|t| t.is_some_and(|t| !t.takes_number()))
                .collect();
            if let Some(Some(tokens)) = self.mask_memo.get(&mask) {
                self.numbers = tokens.clone();
                return Some(true);
            }
        }
        let found = match self.leaf_cap {
            None => {
                self.place_tokens(&[Scope::Numbers, Scope::Both], rng, budget)
                    .await?
            }
            Some(cap) => {
                // Randomised attempts give each terrain only a short token search.
                let mut leaf = budget.part(cap, u64::MAX);
                let found = self
                    .place_tokens(&[Scope::Numbers, Scope::Both], rng, &mut leaf)
                    .await;
                budget.absorb(&leaf, 0);
                if budget.used > budget.limit || !budget.has_work() {
                    return None;
                }
                found == Some(true)
            }
        };
        if !found {
            self.clear_tokens();
        }
        Some(found)
    }

    /// Places every zone's tokens on its numbered cells under the rules of `scopes`.
    pub(super) async fn place_tokens(
        &mut self,
        scopes: &[Scope],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        self.place_tokens_in(scopes, None, rng, budget).await
    }

    /// Places the tokens of every zone but `except`, most probable first (they are the
    /// hardest to fit), each on a cell chosen in random order; equal tokens go on increasing
    /// cells so no arrangement is visited twice.
    pub(super) async fn place_tokens_in(
        &mut self,
        scopes: &[Scope],
        except: Option<usize>,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let layout = self.layout;
        let mut tokens: Vec<(usize, u8)> = Vec::new();
        for (z, zone) in layout.zones.iter().enumerate() {
            if Some(z) == except {
                continue;
            }
            let bag = self
                .settings
                .bags_left(layout, z)
                .expect("checked by Settings::problem")
                .tokens;
            for &c in &zone.cells {
                if let Some(n) = self.locked_numbers[c] {
                    // A locked token stays where it is.
                    self.numbers[c] = Some(n);
                    self.pending[c] = false;
                    continue;
                }
                // A cell takes a token unless its (known) terrain or the mask says not.
                let numberless = match self.terrain[c] {
                    Some(t) => !t.takes_number(),
                    None => false,
                };
                self.pending[c] = !numberless;
                self.numbers[c] = None;
            }
            tokens.extend(bag.into_iter().map(|t| (z, t)));
        }
        // In stage 1 the mask alone says which cells take none: every cell of a zone that is
        // still open takes a token, every placed (number-less) tile does not.
        order::sort_by_key(&mut tokens, |&(z, t)| (std::cmp::Reverse(pips(t)), t, z));
        self.place_token(&tokens, 0, CellId::new(0), scopes, rng, budget)
            .await
    }

    pub(super) async fn place_token(
        &mut self,
        tokens: &[(usize, u8)],
        k: usize,
        after: CellId,
        scopes: &[Scope],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let Some(&(zone, token)) = tokens.get(k) else {
            return Some(true);
        };
        if !self.barred_cells_fillable(&tokens[k..]) {
            return Some(false);
        }
        self.pending_max_pips = pips(token);
        let run_continues = k > 0 && tokens[k - 1] == (zone, token);
        let open = self.zone_cells_from(
            zone,
            if run_continues { after } else { CellId::new(0) },
            |s, c| s.pending[c],
        );
        let mut cells: Vec<CellId> = open
            .into_iter()
            .filter(|&c| self.token_fits(c, token, scopes))
            .collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            if !self.spend(budget).await {
                return None;
            }
            self.put_token(cell, Some(token));
            // At the end of a run of equal tokens, look ahead: every later run must still
            // have as many open cells as tokens.
            let run_ends = tokens.get(k + 1) != Some(&(zone, token));
            let runs_ok =
                !run_ends || !self.look_ahead || self.later_runs_fit(&tokens[k + 1..], scopes);
            if runs_ok && self.corner_caps_admit(&tokens[k + 1..]) {
                match Box::pin(self.place_token(tokens, k + 1, cell.next(), scopes, rng, budget))
                    .await
                {
                    Some(false) => {}
                    other => return other,
                }
            }
            self.put_token(cell, None);
        }
        Some(false)
    }

    /// Forward checking for `max-corner-pips`: each open cell can take at most as many pips
    /// as its tightest corner leaves (counting one pip for every other open cell there).
    /// The tokens still to place, most pips first, must fit under those caps sorted the
    /// same way (for thresholds like these, the greedy pairing is a perfect matching test).
    pub(super) fn corner_caps_admit(&self, rest: &[(usize, u8)]) -> bool {
        let Some(limit) = self.corner_limit else {
            return true;
        };
        let layout = self.layout;
        for (z, zone) in layout.zones.iter().enumerate() {
            let open = zone.cells.iter().filter(|&&c| self.pending[c]).count() as u64;
            self.checks.count(CORNER_CAP_WORK * open);
            let mut caps: Vec<u32> = zone
                .cells
                .iter()
                .filter(|&&c| self.pending[c])
                .map(|&c| {
                    layout.topology.cell_corners[c]
                        .iter()
                        .map(|&corner| {
                            let others: u32 = layout.topology.corner_cells[corner]
                                .iter()
                                .filter(|&&d| d != c)
                                .map(|&d| {
                                    u32::from(self.numbers[d].map_or(0, pips))
                                        + u32::from(self.pending[d])
                                })
                                .sum();
                            limit.saturating_sub(others)
                        })
                        .min()
                        .unwrap_or(limit)
                })
                .collect();
            order::sort_by(&mut caps, |a, b| b.cmp(a));
            // `rest` is already sorted by pips, most first.
            let wanted = rest
                .iter()
                .filter(|(tz, _)| *tz == z)
                .map(|&(_, t)| u32::from(pips(t)));
            if wanted.zip(&caps).any(|(p, &cap)| p > cap) {
                return false;
            }
        }
        true
    }

    /// Forward checking for barred numbers: each open cell that bars numbers can still take
    /// one of the tokens left for its zone.
    pub(super) fn barred_cells_fillable(&self, rest: &[(usize, u8)]) -> bool {
        self.layout.constraints.iter().all(|constraint| {
            let Constraint::NumbersBarred { numbers, cells } = constraint else {
                return true;
            };
            cells.iter().all(|&c| {
                let zone = self.layout.cell_zone[c];
                !self.pending[c]
                    || rest
                        .iter()
                        .any(|&(z, t)| z == zone && !numbers.contains(&t))
            })
        })
    }

    /// Forward checking by value: each run of equal tokens still to place has at least as
    /// many cells it could go on as tokens.
    pub(super) fn later_runs_fit(&mut self, rest: &[(usize, u8)], scopes: &[Scope]) -> bool {
        let mut i = 0;
        while i < rest.len() {
            let (zone, token) = rest[i];
            let count = rest[i..]
                .iter()
                .take_while(|&&t| t == (zone, token))
                .count();
            let cells = self.layout.zones[zone].cells.clone();
            let open = cells
                .into_iter()
                .filter(|&c| self.pending[c] && self.token_fits(c, token, scopes))
                .take(count)
                .count();
            if open < count {
                return false;
            }
            i += count;
        }
        true
    }

    /// Whether `token` may go on the open `cell` now.
    pub(super) fn token_fits(&mut self, cell: CellId, token: u8, scopes: &[Scope]) -> bool {
        self.put_token(cell, Some(token));
        let ok = self.allows_at(cell, scopes);
        self.put_token(cell, None);
        ok
    }
}
