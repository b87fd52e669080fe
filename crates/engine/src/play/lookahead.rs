//! The look-ahead bot (a second bot family): in its own turn it weighs every build,
//! development card and bank trade by the position it leads to, one move ahead (a trade
//! two: the trade and the best build it pays for), and makes the best if it beats ending
//! the turn. The greedy bot's choices are kept for what is not a build: when to play a
//! card, where the robber goes, what to discard.
//!
//! The position's worth to a player (`worth`) is what a Catan player counts: points first;
//! then production by resource, with diminishing returns and a premium for variety (the
//! greedy bot's own spot worths, `spot_worth`); the best settlement spot its roads reach now
//! and one road further; harbours; cards in hand up to seven, and less above (a 7 costs half);
//! development cards held; its longest road and knights toward the awards. It does not peek
//! at the deck: a card bought is worth the same whatever it turns out to be.

use super::moves::{Move, MoveList};
use super::spot_worth::{production, spot_value};
use super::state::{Phase, State, CITY_COST, DEV_COST, SETTLEMENT_COST};
use super::table::{DevCard, Table};
use crate::balance::players::resource_worth;
use crate::balance::players::Style;
use crate::generate::random::Random;
use crate::model::bits::{ids, Bits};

/// A point, in the worth's units (a pip of production is 144, of a resource the player
/// lacks about 190).
const POINT: i64 = 1_000;
/// A development card in hand, not a victory point: about a third of a point (a knight
/// toward the army, a progress card's resources).
const CARD_HELD: i64 = 200;
/// A hand that pays for a city or a settlement outright.
const CITY_SAVING: i64 = 200;
const SETTLEMENT_SAVING: i64 = 150;

/// The worth of the position to `me`.
fn worth(table: &Table, s: &State, me: usize) -> i64 {
    if s.winner == me as u8 {
        return i64::MAX / 2;
    }
    let p = &s.players[me];
    let mut value = POINT * i64::from(s.points(me));
    let have = production(table, p);
    for &pips in &have {
        value += 12 * i64::from(resource_worth(pips));
        if pips > 0 {
            value += 48;
        }
    }
    value += 60 * i64::from(p.harbours.count_ones());
    let now = s.settlement_spots(table, me);
    // Where it can build next: the best spot its roads reach, and one road further.
    if p.settlements_left() > 0 {
        let open = table.buildable & !s.blocked;
        let mut further: Bits = 0;
        for c in ids(p.road_corners & !s.foreign(me)) {
            further |= table.corner_neighbours[c];
        }
        let spot = |spots: Bits| {
            ids(spots)
                .map(|c| i64::from(spot_value(table, &have, c, &Style::GREEDY)) / 64)
                .max()
                .unwrap_or(0)
        };
        value += 2 * spot(now) + spot(further & open & !now);
    }
    let cards = i64::from(p.cards());
    value += 15 * cards.min(7) - 40 * (cards - 7).max(0);
    // Saving toward a city or a settlement: the share of its cost in hand.
    let toward = |cost: &[u8; 5], full: i64| {
        let covered: i64 = (0..5).map(|r| i64::from(p.hand[r].min(cost[r]))).sum();
        let total: i64 = cost.iter().map(|&c| i64::from(c)).sum();
        full * covered / total
    };
    let mut saving = 0;
    if p.settlements != 0 && p.cities_left() > 0 {
        saving = saving.max(toward(&CITY_COST, CITY_SAVING));
    }
    if p.settlements_left() > 0 && now != 0 {
        saving = saving.max(toward(&SETTLEMENT_COST, SETTLEMENT_SAVING));
    }
    value += saving;
    let held: i64 = (0..5)
        .filter(|&k| k != DevCard::VictoryPoint.index())
        .map(|k| i64::from(p.holds(k)))
        .sum();
    value += CARD_HELD * held;
    value += 20 * i64::from(p.road_length) + 150 * i64::from(p.knights);
    value
}

/// The position after `m`, or `None` if the rules refuse it. A development card is not
/// drawn (the bot does not see the deck): its cost is paid and [`CARD_HELD`] stands for it.
fn after(table: &Table, s: &State, m: Move) -> Option<(State, i64)> {
    let mut next = s.clone();
    if m == Move::BuyDev {
        let hand = &mut next.players[s.actor].hand;
        for (have, cost) in hand.iter_mut().zip(DEV_COST) {
            *have = have.checked_sub(cost)?;
        }
        return Some((next, CARD_HELD));
    }
    // Builds and trades draw nothing: the dice are not touched.
    next.apply(table, m, &mut Random::new(0)).ok()?;
    Some((next, 0))
}

fn is_build(m: Move) -> bool {
    matches!(
        m,
        Move::BuildSettlement(_) | Move::BuildCity(_) | Move::BuildRoad(_) | Move::BuyDev
    )
}

/// The worth of `s` to its actor, or of the best build it can make there.
fn best_build(table: &Table, s: &State, moves: &mut MoveList) -> i64 {
    let me = s.actor;
    s.legal(table, moves);
    let mut best = worth(table, s, me);
    for &m in moves.as_slice() {
        if !is_build(m) {
            continue;
        }
        if let Some((next, extra)) = after(table, s, m) {
            best = best.max(worth(table, &next, me) + extra);
        }
    }
    best
}

/// The move for the actor's turn proper or special building phase: the build or trade
/// whose position is worth most, if it is worth more than ending the turn. (The greedy
/// bot's card play comes first: the caller asks it.)
pub(super) fn build_or_trade(
    table: &Table,
    state: &State,
    moves: &mut MoveList,
    inner: &mut MoveList,
) -> Move {
    let me = state.actor;
    state.legal(table, moves);
    let mut best = (Move::EndTurn, worth(table, state, me));
    for &m in moves.as_slice() {
        let value = match m {
            _ if is_build(m) => {
                after(table, state, m).map(|(s, extra)| worth(table, &s, me) + extra)
            }
            Move::Trade { .. } if state.phase == Phase::Main => {
                after(table, state, m).map(|(s, _)| best_build(table, &s, inner))
            }
            _ => None,
        };
        if let Some(value) = value {
            if value > best.1 {
                best = (m, value);
            }
        }
    }
    best.0
}
