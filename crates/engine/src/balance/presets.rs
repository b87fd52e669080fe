//! Table presets: named profiles over the board's balance, for tables that want a game with
//! a character rather than an even board. Each preset pushes one measure of the board as far
//! as the search can ([`Preset::measure`], higher is more of what the name says) while
//! keeping a share of the balance score, so the rest of the board stays playable:
//!
//! - **scarce ore**: ore's tokens are the poorest on the board (its share of all pips as
//!   low as it goes), so ore is the prize every seat trades and fights for;
//! - **boom or bust**: the resources' pips are as uneven as they go: some resources flood
//!   the table, others trickle (the per-resource factor of the score, pushed up);
//! - **rich and poor corners**: the rich tokens gather and so do the poor ones, so spots
//!   range from excellent to barren (the spread of corner pips, pushed up);
//! - **hot spot**: one outstanding corner on an even board: the richest corner's pips
//!   against the richest corner that shares no hex with it, that gap pushed up, with the
//!   full balance score beside it.
//!
//! Presets are modes: they ride in links by frozen codes ([`Preset::CODES`]).

use serde::{Deserialize, Serialize};

use crate::balance::score::{Factors, Scorer, SCORED};
use crate::catalogue::Layout;
use crate::model::CellId;
use crate::model::{Resource, Terrain};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    ScarceOre,
    BoomOrBust,
    RichAndPoor,
    HotSpot,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::ScarceOre,
        Preset::BoomOrBust,
        Preset::RichAndPoor,
        Preset::HotSpot,
    ];

    /// Link codes: a preset's code is its place here. Frozen: append only, never reorder.
    pub const CODES: [Preset; 4] = [
        Preset::ScarceOre,
        Preset::BoomOrBust,
        Preset::RichAndPoor,
        Preset::HotSpot,
    ];

    /// The name on the command line and in worker requests.
    pub fn name(self) -> &'static str {
        match self {
            Preset::ScarceOre => "scarce-ore",
            Preset::BoomOrBust => "boom-or-bust",
            Preset::RichAndPoor => "rich-and-poor",
            Preset::HotSpot => "hot-spot",
        }
    }

    pub fn parse(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    pub fn code(self) -> u64 {
        Preset::CODES
            .iter()
            .position(|&p| p == self)
            .expect("every preset has a link code") as u64
    }

    pub fn of_code(code: u64) -> Option<Preset> {
        Preset::CODES.get(usize::try_from(code).ok()?).copied()
    }

    /// How much of its character a deal shows: higher is more (see the module comment).
    pub fn measure(self, layout: &Layout, terrain: &[Terrain], numbers: &[Option<u8>]) -> f64 {
        match self {
            Preset::ScarceOre => -ore_share(layout, terrain, numbers),
            // Measured by the scorer: see `cost`.
            Preset::BoomOrBust => 0.0,
            Preset::RichAndPoor => corner_pip_variance(layout, numbers) / 16.0,
            Preset::HotSpot => f64::from(hot_spot_gap(layout, numbers)) / 6.0,
        }
    }

    /// What the search minimises: its character pushed up, a share of the balance score
    /// kept.
    pub(crate) fn cost(
        self,
        scorer: &Scorer,
        layout: &Layout,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
    ) -> f64 {
        let factors = scorer.factors(terrain, numbers, &[]);
        let score = factors.score(scorer.limits());
        match self {
            Preset::BoomOrBust => {
                // The per-resource factor pushed up; the rest of the score kept low.
                let per_resource = per_resource(scorer, &factors);
                let rest = score - per_resource / SCORED as f64;
                -per_resource + 0.5 * rest
            }
            Preset::HotSpot => -self.measure(layout, terrain, numbers) + score,
            _ => -self.measure(layout, terrain, numbers) + 0.25 * score,
        }
    }
}

/// Ore's share of all the pips on the board (stacked tokens counted on their hex).
pub fn ore_share(layout: &Layout, terrain: &[Terrain], numbers: &[Option<u8>]) -> f64 {
    let (mut ore, mut all) = (0u32, 0u32);
    for (t, &n) in terrain.iter().zip(numbers) {
        let p = u32::from(layout.number_pips(n));
        all += p;
        if t.resource() == Some(Resource::Ore) {
            ore += p;
        }
    }
    f64::from(ore) / f64::from(all.max(1))
}

/// The variance of the pips of the corners touching a numbered hex, from whole numbers.
pub fn corner_pip_variance(layout: &Layout, numbers: &[Option<u8>]) -> f64 {
    let (mut n, mut sum, mut squares) = (0i64, 0i64, 0i64);
    for cells in &layout.topology.corner_cells {
        if cells.iter().any(|&c| numbers[c].is_some()) {
            let p: i64 = cells
                .iter()
                .map(|&c| i64::from(layout.number_pips(numbers[c])))
                .sum();
            n += 1;
            sum += p;
            squares += p * p;
        }
    }
    if n == 0 {
        return 0.0;
    }
    (n * squares - sum * sum) as f64 / (n * n) as f64
}

/// How far the richest corner (the lowest among equals) outdoes the richest corner that
/// shares no hex with it, in pips: how much one spot stands alone.
pub fn hot_spot_gap(layout: &Layout, numbers: &[Option<u8>]) -> u32 {
    let pips = |cells: &[CellId]| -> u32 {
        cells
            .iter()
            .map(|&c| u32::from(layout.number_pips(numbers[c])))
            .sum()
    };
    let Some((_, richest)) = layout
        .topology
        .corner_cells
        .iter()
        .enumerate()
        .max_by_key(|&(corner, cells)| (pips(cells), std::cmp::Reverse(corner)))
    else {
        return 0;
    };
    let apart = layout
        .topology
        .corner_cells
        .iter()
        .filter(|cells| cells.iter().all(|c| !richest.contains(c)))
        .map(|cells| pips(cells))
        .max()
        .unwrap_or(0);
    pips(richest).saturating_sub(apart)
}

/// The per-resource factor over its limit (what boom or bust pushes up).
pub fn per_resource(scorer: &Scorer, factors: &Factors) -> f64 {
    factors.normalised(scorer.limits())[4]
}
