//! Which rules the search checks where, and what checking them counts for: the one place
//! the search asks whether the layout's constraints and the rules hold at a cell.

use std::cell::Cell;

use crate::catalogue::Layout;
use crate::generate::legal::constraints_hold_at;
use crate::model::CellId;
use crate::order;
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

/// The active rules sorted by scope, and the work of the checks made since it was last
/// taken.
pub(super) struct Checks {
    /// The active rules of each scope (indexed by [`scope_index`]), cheapest check first,
    /// with the work of checking each at one cell.
    scoped_rules: [Vec<(Rule, u64)>; 3],
    /// Work of the checks since the last position was counted.
    work: Cell<u64>,
}

impl Checks {
    pub(super) fn new(rules: &RuleSet) -> Self {
        Checks {
            scoped_rules: [Scope::Terrain, Scope::Numbers, Scope::Both].map(|scope| {
                let mut scoped: Vec<(Rule, u64)> = rules
                    .rules()
                    .iter()
                    .filter(|r| r.scope() == scope && !implied(r, rules))
                    .map(|&r| (r, check_work(r)))
                    .collect();
                order::sort_by_key(&mut scoped, |&(_, work)| work);
                scoped
            }),
            work: Cell::new(0),
        }
    }

    /// Counts `work` of checking done outside [`Checks::allows_at`].
    pub(super) fn count(&self, work: u64) {
        self.work.set(self.work.get() + work);
    }

    /// The work counted since the last time it was taken.
    pub(super) fn take(&self) -> u64 {
        self.work.take()
    }

    /// Whether the rules of `scopes` and the layout's constraints hold around `cell`
    /// (`terrain_complete`: every cell's terrain is down), counting the work.
    pub(super) fn allows_at(
        &self,
        layout: &Layout,
        view: &PartialBoard<'_>,
        cell: CellId,
        scopes: &[Scope],
        terrain_complete: bool,
    ) -> bool {
        self.count(CHECK_WORK);
        // `holds_at` spelled out as loops: the iterator chain it would take here stays a
        // chain of calls in the size-optimised browser build, on the solver's hottest path.
        if !constraints_hold_at(layout, view, cell) {
            return false;
        }
        for &scope in scopes {
            for &(rule, work) in &self.scoped_rules[scope_index(scope)] {
                self.count(if reads_whole_board(rule, view, cell, terrain_complete) {
                    WORK_PER_SCANNED_CELL * layout.cells.len() as u64
                } else {
                    work
                });
                if !rule.allows_partial(layout, view, cell) {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether checking `rule` at `cell` now reads every cell of the board: the rules over
/// whole resources do once the cell's resource and token are known (and, for the pips of
/// each resource, once all terrain is down).
fn reads_whole_board(
    rule: Rule,
    view: &PartialBoard<'_>,
    cell: CellId,
    terrain_complete: bool,
) -> bool {
    match rule {
        Rule::RedOnDistinctResources | Rule::DistinctNumbersPerResource => {
            view.numbers[cell].is_some()
                && view.terrain[cell].is_some_and(|t| t.resource().is_some())
        }
        Rule::MinResourcePips(_) => terrain_complete,
        _ => false,
    }
}
