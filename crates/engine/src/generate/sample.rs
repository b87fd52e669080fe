//! Random boards: every zone's terrain and tokens drawn uniformly (around the kept hexes),
//! and rejection sampling, which keeps the first board that obeys every rule and so is
//! exactly uniform over legal boards.

use crate::catalogue::Layout;
use crate::generate::budget::Budget;
use crate::generate::legal::{obeys, Deal};
use crate::generate::random::Random;
use crate::generate::settings::{Bags, Settings};
use crate::generate::spiral::{lay_spiral, spiral_start};
use crate::generate::steps::run_through;
use crate::model::Terrain;

/// One uniformly random board for the settings' number mode, legal or not.
pub fn random_deal(layout: &Layout, settings: &Settings, rng: &mut Random) -> Deal {
    let mut terrain = vec![Terrain::Sea; layout.cells.len()];
    // All the terrain is drawn before any token (the spiral's start depends on it).
    let mut tokens_left = Vec::with_capacity(layout.zones.len());
    for (z, zone) in layout.zones.iter().enumerate() {
        let Bags {
            terrain: mut bag,
            tokens,
        } = settings
            .bags_left(layout, z)
            .expect("checked by Settings::problem");
        tokens_left.push(tokens);
        // Printed terrain over drawn tokens is laid first, out of the bag (a lock keeps its
        // own, which the layout's constraints then judge).
        for (cell, pinned) in layout.pinned_terrain() {
            if layout.cell_zone[cell] == z && settings.locked(cell).is_none() {
                if let Some(i) = bag.iter().position(|&t| t == pinned) {
                    bag.remove(i);
                    terrain[cell] = pinned;
                }
            }
        }
        rng.shuffle(&mut bag);
        let mut next = bag.into_iter();
        for &cell in &zone.cells {
            terrain[cell] = match settings.locked(cell) {
                Some(lock) => lock.terrain,
                None if terrain[cell] != Terrain::Sea => terrain[cell],
                None => next.next().expect("a tile for every open hex"),
            };
        }
    }
    let mut numbers = vec![None; layout.cells.len()];
    for (z, (zone, mut tokens)) in layout.zones.iter().zip(tokens_left).enumerate() {
        let spiral_start = if settings.spiral() {
            spiral_start(layout, zone, &terrain, rng)
        } else {
            None
        };
        match (spiral_start, &zone.printed_tokens) {
            (Some(path), _) => lay_spiral(zone, &path, &terrain, &mut numbers),
            // Printed tokens stay on their cells (a lock keeps its own, which the layout's
            // constraints then judge).
            (None, Some(printed)) => {
                for (&cell, &token) in zone.cells.iter().zip(printed) {
                    numbers[cell] = settings.locked(cell).map_or(Some(token), |l| l.number);
                }
            }
            (None, None) => {
                for lock in settings
                    .locks
                    .iter()
                    .filter(|l| layout.cell_zone[l.cell] == z)
                {
                    numbers[lock.cell] = lock.number;
                }
                rng.shuffle(&mut tokens);
                let mut next = tokens.into_iter();
                for &cell in &zone.cells {
                    if terrain[cell].takes_number() && settings.locked(cell).is_none() {
                        numbers[cell] = next.next();
                    }
                }
            }
        }
    }
    (terrain, numbers)
}

/// Draws whole random boards until one is legal; exactly uniform over legal boards.
pub fn rejection_sample(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
) -> Option<Deal> {
    run_through(rejection_sample_within(
        layout,
        settings,
        rng,
        tries,
        &mut Budget::new(u64::MAX, u64::MAX),
    ))
}

/// [`rejection_sample`], each try counted against `budget`.
pub(crate) async fn rejection_sample_within(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
    budget: &mut Budget,
) -> Option<Deal> {
    for _ in 0..tries {
        if !budget.draw(layout.cells.len()) {
            return None;
        }
        let (terrain, numbers) = random_deal(layout, settings, rng);
        let legal = settings.locks_hold(&terrain, &numbers)
            && obeys(layout, &settings.rules, &terrain, &numbers);
        if legal {
            return Some((terrain, numbers));
        }
        budget.look().await;
    }
    None
}
