//! What settles a question without a search: counting arguments over the bags, and the
//! locked hexes checked among themselves.

use crate::catalogue::{Constraint, Layout};
use crate::generate::settings::Settings;
use crate::model::{is_red, pips, Terrain};
use crate::order;
use crate::rules::{PartialBoard, Rule};

/// Whether counting alone, or the locked hexes among themselves, show that no board keeps
/// the settings: no search needed.
pub(crate) fn impossible_by_counting_or_locks(layout: &Layout, settings: &Settings) -> bool {
    settings
        .rules
        .rules()
        .iter()
        .any(|&r| impossible_by_counting(layout, r))
        || !locks_agree(layout, settings)
}

/// Whether the locked hexes already break a rule among themselves (two locked 6s side by
/// side, say); the search only checks around what it places.
fn locks_agree(layout: &Layout, settings: &Settings) -> bool {
    let mut terrain = vec![None; layout.cells.len()];
    let mut numbers = vec![None; layout.cells.len()];
    for lock in &settings.locks {
        terrain[lock.cell] = Some(lock.terrain);
        numbers[lock.cell] = lock.number;
    }
    let view = PartialBoard::complete(&terrain, &numbers);
    settings.locks.iter().all(|lock| {
        settings
            .rules
            .rules()
            .iter()
            .filter(|r| r.is_local())
            .all(|r| r.allows_partial(layout, &view, lock.cell))
    })
}

/// Rules that no board of the layout can meet, shown by counting alone (no search): more
/// pips asked of every resource than its hexes can carry, more deserts than centre cells, a
/// cluster limit of nothing, a corner limit below one token's pips.
fn impossible_by_counting(layout: &Layout, rule: Rule) -> bool {
    match rule {
        Rule::MinResourcePips(least) => {
            let mut tokens: Vec<u32> = layout
                .token_bag()
                .iter()
                .map(|&t| u32::from(pips(t)))
                .collect();
            order::sort_by(&mut tokens, |a, b| b.cmp(a));
            let bag = layout.terrain_bag();
            let resources: Vec<usize> = crate::model::Resource::ALL
                .iter()
                .map(|&r| bag.iter().filter(|t| t.resource() == Some(r)).count())
                .filter(|&hexes| hexes > 0)
                .collect();
            let total: u32 = tokens.iter().sum();
            let best_for = |hexes: usize| tokens.iter().take(hexes).sum::<u32>();
            resources.len() as u32 * u32::from(least) > total
                || resources
                    .iter()
                    .any(|&hexes| best_for(hexes) < u32::from(least))
        }
        Rule::DesertCenter => {
            layout
                .terrain_bag()
                .iter()
                .filter(|&&t| t == Terrain::Desert)
                .count()
                > layout.centre_cells.len()
        }
        Rule::MaxTerrainCluster(0) => layout.terrain_bag().iter().any(|&t| t != Terrain::Sea),
        // Every corner of a token's hex counts that token's pips.
        Rule::MaxCornerPips(limit) => layout.token_bag().iter().any(|&t| pips(t) > limit),
        Rule::RedOnDistinctResources => {
            // Each resource holds at most one red token; gold may hold any (unless the layout
            // forbids reds on gold). Reds stay in their zone.
            let gold_takes_red = !layout.constraints.contains(&Constraint::RedNotOnGold);
            let count = |zone: &crate::catalogue::Zone| {
                let reds = zone.token_bag.iter().filter(|&&t| is_red(t)).count();
                let mut resources: Vec<_> = zone
                    .terrain_bag
                    .iter()
                    .filter_map(|t| t.resource())
                    .collect();
                order::sort(&mut resources);
                resources.dedup();
                let gold = if gold_takes_red {
                    zone.terrain_bag
                        .iter()
                        .filter(|&&t| t == Terrain::Gold)
                        .count()
                } else {
                    0
                };
                (reds, resources.len(), gold)
            };
            let zones: Vec<(usize, usize, usize)> = layout.zones.iter().map(count).collect();
            let reds: usize = zones.iter().map(|z| z.0).sum();
            let gold: usize = zones.iter().map(|z| z.2).sum();
            zones.iter().any(|&(r, kinds, g)| r > kinds + g)
                || reds > crate::model::Resource::ALL.len() + gold
        }
        _ => false,
    }
}
