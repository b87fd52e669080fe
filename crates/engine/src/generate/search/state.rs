//! The search's board being filled in, and the checks and counting every stage shares.

use std::collections::HashMap;

use super::checks::Checks;
use crate::catalogue::{Layout, Zone};
use crate::generate::budget::Budget;
use crate::generate::legal::Deal;
use crate::generate::settings::Settings;
use crate::model::{CellId, Terrain};
use crate::order;
use crate::rules::{PartialBoard, Rule, Scope};

pub(super) struct SearchState<'a> {
    pub(super) layout: &'a Layout,
    pub(super) settings: &'a Settings,
    pub(super) terrain: Vec<Option<Terrain>>,
    pub(super) numbers: Vec<Option<u8>>,
    /// Numbered cells whose token is still to be placed.
    pub(super) pending: Vec<bool>,
    /// The tokens of locked hexes (`None` elsewhere).
    pub(super) locked_numbers: Vec<Option<u8>>,
    pub(super) pending_max_pips: u8,
    /// The number-less tiles (desert, sea) of every zone, zone by zone, for stage 1.
    pub(super) numberless: Vec<(usize, Terrain)>,
    /// Tokens found for masks of number-less cells under the number rules
    /// (`None`: the mask leaves no legal deal).
    pub(super) mask_memo: HashMap<Vec<bool>, Option<Vec<Option<u8>>>>,
    /// In randomised attempts, the most nodes one terrain's token search may use.
    pub(super) leaf_cap: Option<u64>,
    /// Whether to look ahead at the end of each run of equal tokens: worth it when rules
    /// tie tokens to resources (each run then competes for few cells), not otherwise.
    pub(super) look_ahead: bool,
    /// The active `max-corner-pips` limit, for its look-ahead.
    pub(super) corner_limit: Option<u32>,
    /// Spiral mode: the zone whose tokens the spiral has laid.
    pub(super) spiral_zone: Option<usize>,
    /// Whether every cell's terrain is down (stage 3), when the rules over whole resources
    /// read the whole board.
    pub(super) terrain_complete: bool,
    /// The rules checked at each step, and the work of checking them.
    pub(super) checks: Checks,
}

impl<'a> SearchState<'a> {
    pub(super) fn new(layout: &'a Layout, settings: &'a Settings) -> Self {
        let n = layout.cells.len();
        // Zones of one number-less kind (the fixed sea) have nothing to decide: fill them.
        let fixed = |zone: &Zone| {
            zone.terrain_bag
                .iter()
                .all(|&t| t == zone.terrain_bag[0] && !t.takes_number())
        };
        let mut terrain = vec![None; n];
        for zone in layout.zones.iter().filter(|z| fixed(z)) {
            for &c in &zone.cells {
                terrain[c] = Some(zone.terrain_bag[0]);
            }
        }
        let mut locked_numbers = vec![None; n];
        for lock in &settings.locks {
            terrain[lock.cell] = Some(lock.terrain);
            locked_numbers[lock.cell] = lock.number;
        }
        // Locked tiles are already down.
        let mut numberless: Vec<(usize, Terrain)> = (0..layout.zones.len())
            .filter(|&z| !fixed(&layout.zones[z]))
            .flat_map(|z| {
                let left = settings
                    .bags_left(layout, z)
                    .expect("checked by Settings::problem");
                left.terrain
                    .into_iter()
                    .filter(|t| !t.takes_number())
                    .map(move |t| (z, t))
            })
            .collect();
        order::sort(&mut numberless);
        SearchState {
            layout,
            settings,
            terrain,
            numbers: locked_numbers.clone(),
            locked_numbers,
            pending: vec![false; n],
            pending_max_pips: 5,
            numberless,
            mask_memo: HashMap::new(),
            leaf_cap: None,
            look_ahead: settings
                .rules
                .rules()
                .iter()
                .any(|r| r.scope() == Scope::Both),
            spiral_zone: None,
            corner_limit: settings.rules.rules().iter().find_map(|r| match r {
                Rule::MaxCornerPips(n) => Some(u32::from(*n)),
                _ => None,
            }),
            terrain_complete: false,
            checks: Checks::new(&settings.rules),
        }
    }

    /// Counts a position and the checks that led to it; false once the budget is spent.
    /// The search may stop for now here (see [`crate::generate::steps`]).
    pub(super) async fn spend(&mut self, budget: &mut Budget) -> bool {
        let more = budget.spend(self.checks.take());
        budget.look().await;
        more
    }

    /// Counts the checks made since the last position.
    pub(super) fn settle(&mut self, budget: &mut Budget) {
        budget.count_checks(self.checks.take());
    }

    pub(super) fn view(&self) -> PartialBoard<'_> {
        PartialBoard {
            terrain: &self.terrain,
            numbers: &self.numbers,
            pending: &self.pending,
            pending_max_pips: self.pending_max_pips,
        }
    }

    /// Whether the rules of `scopes` and the layout's constraints hold around `cell`.
    pub(super) fn allows_at(&self, cell: CellId, scopes: &[Scope]) -> bool {
        self.checks.allows_at(
            self.layout,
            &self.view(),
            cell,
            scopes,
            self.terrain_complete,
        )
    }

    /// The cells of `zone` from index `from` on that `keep` accepts. Equal tiles and tokens
    /// go on increasing cells, so a run continues after its last cell.
    pub(super) fn zone_cells_from(
        &self,
        zone: usize,
        from: CellId,
        keep: impl Fn(&Self, CellId) -> bool,
    ) -> Vec<CellId> {
        self.layout.zones[zone]
            .cells
            .iter()
            .copied()
            .filter(|&c| c >= from && keep(self, c))
            .collect()
    }

    /// Back to no tokens but the locked ones.
    pub(super) fn clear_tokens(&mut self) {
        self.numbers.clone_from(&self.locked_numbers);
        self.pending.iter_mut().for_each(|p| *p = false);
    }

    pub(super) fn put_token(&mut self, cell: CellId, token: Option<u8>) {
        self.numbers[cell] = token;
        self.pending[cell] = token.is_none();
    }

    pub(super) fn into_deal(self) -> Deal {
        (
            self.terrain
                .into_iter()
                .map(|t| t.expect("search placed every cell"))
                .collect(),
            self.numbers,
        )
    }
}
