//! Mixing a board the exact search found by random legal swaps, so hard rule sets do not
//! inherit the search's bias.

use crate::catalogue::Layout;
use crate::generate::legal::Deal;
use crate::generate::moves::Walk;
use crate::generate::random::Random;
use crate::generate::settings::Settings;
use crate::model::CellId;

/// Random legal swaps applied to a board the exact search found.
pub(crate) const MIXING_SWAPS: u32 = 3_000;

/// Random legal swaps within zones (see [`Walk`]): each move is its own inverse and is
/// proposed with the same chance both ways, so the chain is symmetric and its stationary
/// distribution uniform over the legal boards it reaches.
pub(crate) fn mix(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    deal: &mut Deal,
    swaps: u32,
) {
    let locked: Vec<CellId> = settings.locks.iter().map(|l| l.cell).collect();
    let mut walk = Walk::new(layout, &settings.rules, std::mem::take(deal), None, &locked);
    for _ in 0..swaps {
        walk.step(rng);
    }
    *deal = walk.deal();
}
