//! The search's board being filled in, and the checks and counting every stage shares.

use std::cell::Cell;
use std::collections::HashMap;

use crate::catalogue::{Layout, Zone};
use crate::generate::budget::Budget;
use crate::generate::legal::{holds_at, Placement};
use crate::generate::settings::Settings;
use crate::model::{CellId, Terrain};
use crate::rules::{PartialBoard, Rule, RuleSet, Scope};

/// What checking the layout's own constraints at a cell counts for.
const CHECK_WORK: u64 = 10;

/// What reading one cell counts for, in the rules that read the whole board.
const WORK_PER_SCANNED_CELL: u64 = 2;

/// The work of checking `rule` at one cell, about its time in nanoseconds natively (fitted
/// with the other weights, see [`crate::generate::budget`]).
fn check_work(rule: Rule) -> u64 {
    match rule {
        Rule::NoAdjacentSameTerrain | Rule::NoAdjacentLumberBrick | Rule::DesertCenter => 5,
        Rule::NoAdjacentRed | Rule::NoAdjacentExtreme | Rule::NoAdjacentSameNumber => 4,
        Rule::MaxTerrainCluster(_) => 12,
        // When they read the whole board, WORK_PER_SCANNED_CELL for each cell instead.
        Rule::RedOnDistinctResources
        | Rule::DistinctNumbersPerResource
        | Rule::MinResourcePips(_) => 2,
        Rule::MaxCornerPips(_) => 32,
    }
}

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
    /// Token placements found for masks of number-less cells under the number rules
    /// (`None`: the mask leaves no legal placement).
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
    /// Work of the rule checks since the last position was counted.
    pub(super) checks: Cell<u64>,
    /// The active rules of each scope (indexed by [`scope_index`]), cheapest check first,
    /// with the work of checking each at one cell.
    pub(super) scoped_rules: [Vec<(Rule, u64)>; 3],
}

/// Whether another active rule already enforces `rule` wherever it is checked, so the
/// search need not check it: equal terrains never touching leaves every group of one
/// terrain a single hex (both rules set the sea aside).
fn implied(rule: &Rule, rules: &RuleSet) -> bool {
    matches!(rule, Rule::MaxTerrainCluster(n) if *n >= 1)
        && rules.contains(Rule::NoAdjacentSameTerrain)
}

fn scope_index(scope: Scope) -> usize {
    match scope {
        Scope::Terrain => 0,
        Scope::Numbers => 1,
        Scope::Both => 2,
    }
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
        numberless.sort_unstable();
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
            checks: Cell::new(0),
            scoped_rules: [Scope::Terrain, Scope::Numbers, Scope::Both].map(|scope| {
                let mut rules: Vec<(Rule, u64)> = settings
                    .rules
                    .rules()
                    .iter()
                    .filter(|r| r.scope() == scope && !implied(r, &settings.rules))
                    .map(|&r| (r, check_work(r)))
                    .collect();
                rules.sort_by_key(|&(_, work)| work);
                rules
            }),
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
        self.checks.set(self.checks.get() + CHECK_WORK);
        let rules = scopes
            .iter()
            .flat_map(|&scope| &self.scoped_rules[scope_index(scope)])
            .map(|(rule, work)| {
                let work = if self.reads_whole_board(*rule, cell) {
                    WORK_PER_SCANNED_CELL * self.layout.cells.len() as u64
                } else {
                    *work
                };
                self.checks.set(self.checks.get() + work);
                rule
            });
        holds_at(self.layout, rules, &self.view(), cell)
    }

    /// Whether checking `rule` at `cell` now reads every cell of the board: the rules over
    /// whole resources do once the cell's resource and token are known (and, for the pips
    /// of each resource, once all terrain is down).
    pub(super) fn reads_whole_board(&self, rule: Rule, cell: CellId) -> bool {
        match rule {
            Rule::RedOnDistinctResources | Rule::DistinctNumbersPerResource => {
                self.numbers[cell].is_some()
                    && self.terrain[cell].is_some_and(|t| t.resource().is_some())
            }
            Rule::MinResourcePips(_) => self.terrain_complete,
            _ => false,
        }
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

    pub(super) fn into_placement(self) -> Placement {
        (
            self.terrain
                .into_iter()
                .map(|t| t.expect("search placed every cell"))
                .collect(),
            self.numbers,
        )
    }
}
