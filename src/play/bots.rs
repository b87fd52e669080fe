//! The bots. Both open the same way (the greedy opening below); then the greedy value bot
//! builds toward its best next target while the weighted-random bot picks any legal move,
//! favouring building (the weights of catanatron's `WeightedRandomPlayer`: city 10,000,
//! settlement 1,000, development card 100, anything else 1). No bot trades with another
//! player: the simulator has no trades between players.
//!
//! Bots see what the state holds, hidden cards included (a simplification: they use it
//! only to find the leader to rob).

use super::bits::{bit, has, ids};
use super::moves::{Move, MoveList};
use super::state::*;
use super::table::{DevCard, Table, NONE};
use crate::generate::random::Random;

/// Which bot plays every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Greedy,
    Weighted,
}

impl BotKind {
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Greedy => "greedy",
            BotKind::Weighted => "weighted",
        }
    }

    pub fn parse(name: &str) -> Option<BotKind> {
        [BotKind::Greedy, BotKind::Weighted]
            .into_iter()
            .find(|b| b.name() == name)
    }

    /// The bot in words, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            BotKind::Greedy => {
                "greedy value bots (open by production, variety and harbours; build toward the \
                 best next target; trade with the bank and harbours; rob the leader)"
            }
            BotKind::Weighted => {
                "weighted-random bots (greedy opening, then any legal move, building favoured)"
            }
        }
    }

    /// The move this bot makes for the player who decides now. `scratch` holds the legal
    /// moves when the bot needs them listed.
    pub fn decide(
        self,
        table: &Table,
        state: &State,
        rng: &mut Random,
        scratch: &mut MoveList,
    ) -> Move {
        match (self, state.phase) {
            (_, Phase::Setup { road: false }) => opening_settlement(table, state),
            (_, Phase::Setup { road: true }) => opening_road(table, state),
            (BotKind::Greedy, _) => greedy(table, state),
            (BotKind::Weighted, _) => weighted(table, state, rng, scratch),
        }
    }
}

/// Pips a player's buildings produce of each resource (a city's twice).
fn production(table: &Table, state: &State, player: usize) -> [u32; 5] {
    let p = &state.players[player];
    let mut out = [0; 5];
    for c in ids(p.settlements | p.cities) {
        let times = 1 + u32::from(has(p.cities, c));
        for (r, pips) in table.corner_yield(c).iter().enumerate() {
            out[r] += times * u32::from(*pips);
        }
    }
    out
}

/// What `pips` of one resource are worth to a player: 12 a pip for the first 5, 6 a pip up
/// to 10, 3 a pip beyond. Returns diminish because one resource alone builds nothing (every
/// cost takes two to four kinds) and the bank takes 4 for 1.
fn resource_worth(pips: u32) -> u32 {
    12 * pips.min(5) + 6 * pips.clamp(5, 10).saturating_sub(5) + 3 * pips.saturating_sub(10)
}

/// What a settlement at `corner` adds for a player producing `have` (pips by resource): the
/// worth of each resource's pips with the corner's over without, 12 for each resource the
/// player lacks, and its harbour: 8 for 3:1, 4 + 3 a pip of its resource produced for 2:1.
fn spot_value(table: &Table, have: &[u32; 5], corner: usize) -> u32 {
    let yields = table.corner_yield(corner);
    let mut value = 0;
    for r in 0..5 {
        if yields[r] > 0 {
            let with = have[r] + u32::from(yields[r]);
            value += resource_worth(with) - resource_worth(have[r]);
            if have[r] == 0 {
                value += 12;
            }
        }
    }
    match table.corner_harbour[corner] {
        0 => {}
        1 => value += 8,
        special => {
            let r = special.trailing_zeros() as usize - 1;
            value += 4 + 3 * (have[r] + u32::from(yields[r]));
        }
    }
    value
}

/// The most valuable corner of `spots` (the lowest among equals).
fn best_spot(table: &Table, have: &[u32; 5], spots: u128) -> Option<(usize, u32)> {
    let mut best = None;
    for c in ids(spots) {
        let value = spot_value(table, have, c);
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((c, value));
        }
    }
    best
}

fn opening_settlement(table: &Table, state: &State) -> Move {
    let have = production(table, state, state.actor);
    match best_spot(table, &have, state.start_spots(table)) {
        Some((c, _)) => Move::BuildSettlement(c as u8),
        None => Move::EndTurn,
    }
}

/// The opening road: toward the best corner two edges away still free.
fn opening_road(table: &Table, state: &State) -> Move {
    let have = production(table, state, state.actor);
    let from = state.last_settlement;
    let mut best = None;
    for e in ids(state.setup_road_spots(table)) {
        let far = table.across(e, from);
        let beyond = table.corner_neighbours[far] & !bit(from) & table.buildable & !state.blocked;
        let value = best_spot(table, &have, beyond).map_or(0, |(_, v)| v);
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((e, value));
        }
    }
    best.map_or(Move::EndTurn, |(e, _)| Move::BuildRoad(e as u8))
}

/// The best road toward a free settlement spot: 3 x the value of a spot the road reaches,
/// 2 x one a further edge on. `None` when no road leads anywhere worth going.
fn best_road(table: &Table, state: &State, player: usize) -> Option<usize> {
    let p = &state.players[player];
    let have = production(table, state, player);
    let mut network = p.settlements | p.cities;
    for e in ids(p.roads) {
        for c in table.edge_corners[e] {
            network |= bit(usize::from(c));
        }
    }
    let open = table.buildable & !state.blocked;
    let mut best: Option<(usize, u32)> = None;
    for e in ids(state.road_spots(table, player)) {
        let [a, b] = table.edge_corners[e].map(usize::from);
        let far = if has(network, a) { b } else { a };
        if has(network, far) {
            continue;
        }
        let reached = if has(open, far) {
            3 * spot_value(table, &have, far)
        } else {
            0
        };
        let next =
            best_spot(table, &have, table.corner_neighbours[far] & open).map_or(0, |(_, v)| 2 * v);
        let value = reached.max(next);
        if value > 0 && best.is_none_or(|(_, v)| value > v) {
            best = Some((e, value));
        }
    }
    best.map(|(e, _)| e)
}

/// What the greedy bot saves for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    City,
    Settlement,
    Road(usize),
    Dev,
}

impl Target {
    fn cost(self) -> &'static [u8; 5] {
        match self {
            Target::City => &CITY_COST,
            Target::Settlement => &SETTLEMENT_COST,
            Target::Road(_) => &ROAD_COST,
            Target::Dev => &DEV_COST,
        }
    }

    /// Worth, before what it still needs: city > settlement > road toward a spot > card.
    fn worth(self) -> u32 {
        match self {
            Target::City => 6,
            Target::Settlement => 5,
            Target::Road(_) => 4,
            Target::Dev => 2,
        }
    }
}

/// Cards a player still lacks for `cost`, less what trading its surplus could bring.
fn still_missing(p: &Player, cost: &[u8; 5]) -> (u32, u32) {
    let (mut missing, mut tradable) = (0, 0);
    for (r, &need) in cost.iter().enumerate() {
        if p.hand[r] < need {
            missing += u32::from(need - p.hand[r]);
        } else {
            tradable += u32::from((p.hand[r] - need) / p.rate(r));
        }
    }
    (missing, missing.saturating_sub(tradable))
}

fn target(table: &Table, state: &State, player: usize) -> Option<Target> {
    let p = &state.players[player];
    let mut options = [None; 4];
    if p.settlements != 0 && p.cities_left() > 0 {
        options[0] = Some(Target::City);
    }
    if p.settlements_left() > 0 {
        if state.settlement_spots(table, player) != 0 {
            options[1] = Some(Target::Settlement);
        } else if p.roads_left() > 0 {
            options[2] = best_road(table, state, player).map(Target::Road);
        }
    }
    if state.deck_len > 0 {
        options[3] = Some(Target::Dev);
    }
    let mut best: Option<(Target, u32)> = None;
    for t in options.into_iter().flatten() {
        let (_, after_trades) = still_missing(p, t.cost());
        let score = 60 * t.worth() / (1 + after_trades);
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((t, score));
        }
    }
    best.map(|(t, _)| t)
}

/// A bank trade toward `cost`: surplus it does not need for a card it lacks.
fn trade_toward(state: &State, p: &Player, cost: &[u8; 5]) -> Option<Move> {
    let get = (0..5).find(|&r| p.hand[r] < cost[r] && state.bank[r] > 0)?;
    let give = (0..5)
        .filter(|&r| p.hand[r] >= cost[r] + p.rate(r))
        .max_by_key(|&r| (p.hand[r] - cost[r], std::cmp::Reverse(r)))?;
    Some(Move::Trade {
        give: give as u8,
        get: get as u8,
    })
}

fn greedy(table: &Table, state: &State) -> Move {
    let me = state.actor;
    match state.phase {
        Phase::Roll => {
            if knight_worth_playing(table, state) {
                Move::PlayKnight
            } else {
                Move::Roll
            }
        }
        Phase::Discard => discard(table, state),
        Phase::Robber => rob(table, state),
        Phase::FreeRoads => {
            best_road(table, state, me).map_or(Move::EndTurn, |e| Move::BuildRoad(e as u8))
        }
        Phase::SpecialBuild => build_now(table, state).unwrap_or(Move::EndTurn),
        Phase::Main => main_turn(table, state),
        Phase::Setup { .. } | Phase::Over => Move::EndTurn,
    }
}

/// A city or settlement the player can pay for now.
fn build_now(table: &Table, state: &State) -> Option<Move> {
    let me = state.actor;
    let p = &state.players[me];
    if p.can_afford(&CITY_COST) && p.cities_left() > 0 {
        let best = ids(p.settlements).max_by_key(|&c| (table.corner_pips(c), std::cmp::Reverse(c)));
        if let Some(c) = best {
            return Some(Move::BuildCity(c as u8));
        }
    }
    if p.can_afford(&SETTLEMENT_COST) && p.settlements_left() > 0 {
        let have = production(table, state, me);
        if let Some((c, _)) = best_spot(table, &have, state.settlement_spots(table, me)) {
            return Some(Move::BuildSettlement(c as u8));
        }
    }
    None
}

fn main_turn(table: &Table, state: &State) -> Move {
    let me = state.actor;
    let p = &state.players[me];
    if let Some(m) = development(table, state) {
        return m;
    }
    if let Some(m) = build_now(table, state) {
        return m;
    }
    let Some(goal) = target(table, state, me) else {
        return Move::EndTurn;
    };
    let cost = goal.cost();
    if p.can_afford(cost) {
        match goal {
            Target::Road(e) => return Move::BuildRoad(e as u8),
            Target::Dev => return Move::BuyDev,
            // City and settlement were built above when affordable.
            Target::City | Target::Settlement => {}
        }
    }
    let (_, after_trades) = still_missing(p, cost);
    if after_trades == 0 || p.cards() > 7 {
        if let Some(m) = trade_toward(state, p, cost) {
            return m;
        }
    }
    // Above 7 cards a 7 costs half the hand: spend on a card rather than risk it.
    if p.cards() > 7 && p.can_afford(&DEV_COST) && state.deck_len > 0 {
        return Move::BuyDev;
    }
    Move::EndTurn
}

/// Whether a knight now pays: the robber sits on one of the player's cells, or it wins or
/// takes largest army.
fn knight_worth_playing(table: &Table, state: &State) -> bool {
    if !state.can_play(DevCard::Knight) {
        return false;
    }
    let me = state.actor;
    let robbed = state.robber != NONE
        && table.cell_corners[usize::from(state.robber)]
            .iter()
            .any(|&c| usize::from(state.owner[usize::from(c)]) == me);
    let knights = state.players[me].knights + 1;
    let army = state.largest_army;
    let takes_army = usize::from(army) != me
        && knights >= LARGEST_ARMY_MIN
        && (army == NONE || knights > state.players[usize::from(army)].knights);
    robbed || takes_army
}

fn development(table: &Table, state: &State) -> Option<Move> {
    let me = state.actor;
    let p = &state.players[me];
    if knight_worth_playing(table, state) {
        return Some(Move::PlayKnight);
    }
    let goal = if p.settlements != 0 && p.cities_left() > 0 {
        &CITY_COST
    } else {
        &SETTLEMENT_COST
    };
    if state.can_play(DevCard::YearOfPlenty) {
        let (missing, _) = still_missing(p, goal);
        if (1..=2).contains(&missing) {
            let mut wanted = [0u8; 2];
            let mut n = 0;
            for (r, &need) in goal.iter().enumerate() {
                for _ in p.hand[r]..need {
                    if n < 2 {
                        wanted[n] = r as u8;
                        n += 1;
                    }
                }
            }
            if n == 1 {
                wanted[1] = wanted[0];
            }
            let m = Move::PlayYearOfPlenty(wanted[0].min(wanted[1]), wanted[0].max(wanted[1]));
            if state.is_legal(table, m) {
                return Some(m);
            }
        }
    }
    if state.can_play(DevCard::Monopoly) {
        for (r, &need) in goal.iter().enumerate() {
            let others: u32 = (0..state.seats)
                .filter(|&o| o != me)
                .map(|o| u32::from(state.players[o].hand[r]))
                .sum();
            if need > p.hand[r] && others >= 4 {
                return Some(Move::PlayMonopoly(r as u8));
            }
        }
    }
    if state.can_play(DevCard::RoadBuilding)
        && p.roads_left() >= 2
        && p.settlements_left() > 0
        && state.settlement_spots(table, me) == 0
        && best_road(table, state, me).is_some()
    {
        return Some(Move::PlayRoadBuilding);
    }
    None
}

/// Discards what the next city (or settlement) needs least.
fn discard(table: &Table, state: &State) -> Move {
    let p = &state.players[state.actor];
    let _ = table;
    let keep = if p.settlements != 0 {
        &CITY_COST
    } else {
        &SETTLEMENT_COST
    };
    let r = (0..5)
        .filter(|&r| p.hand[r] > 0)
        .max_by_key(|&r| {
            (
                i32::from(p.hand[r]) - i32::from(keep[r]),
                std::cmp::Reverse(r),
            )
        })
        .unwrap_or(0);
    Move::Discard(r as u8)
}

/// The robber on the leader's best cell (the leader: the other player with most points,
/// then most cards), never on the robber's own; steals from the leader if there.
fn rob(table: &Table, state: &State) -> Move {
    let me = state.actor;
    let leader = (0..state.seats)
        .filter(|&o| o != me)
        .max_by_key(|&o| {
            (
                state.players[o].points,
                state.players[o].cards(),
                std::cmp::Reverse(o),
            )
        })
        .unwrap_or(me);
    let mut best: Option<(u8, u32)> = None;
    for &cell in &table.land {
        if cell == state.robber {
            continue;
        }
        let mut value = 0;
        let mut mine = false;
        for &c in &table.cell_corners[usize::from(cell)] {
            let owner = state.owner[usize::from(c)];
            if owner == NONE {
                continue;
            }
            let owner = usize::from(owner);
            mine |= owner == me;
            let weight = if owner == leader { 3 } else { 1 };
            let times = 1 + u32::from(has(state.players[owner].cities, usize::from(c)));
            value += weight * times * (1 + u32::from(table.cell_pips[usize::from(cell)]));
        }
        let value = if mine { 0 } else { value + 1 };
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((cell, value));
        }
    }
    let Some((cell, _)) = best else {
        return Move::EndTurn;
    };
    let victims = state.victims(table, usize::from(cell), me);
    let victim = if victims & (1 << leader) != 0 {
        leader as u8
    } else {
        ids(u128::from(victims))
            .max_by_key(|&v| (state.players[v].cards(), std::cmp::Reverse(v)))
            .map_or(NONE, |v| v as u8)
    };
    Move::MoveRobber { cell, victim }
}

/// Catanatron's `WeightedRandomPlayer` weights.
fn weight(m: Move) -> u64 {
    match m {
        Move::BuildCity(_) => 10_000,
        Move::BuildSettlement(_) => 1_000,
        Move::BuyDev => 100,
        _ => 1,
    }
}

fn weighted(table: &Table, state: &State, rng: &mut Random, scratch: &mut MoveList) -> Move {
    state.legal(table, scratch);
    let moves = scratch.as_slice();
    let total: u64 = moves.iter().map(|&m| weight(m)).sum();
    if total == 0 {
        return Move::EndTurn;
    }
    let mut pick = rng.below(total);
    for &m in moves {
        if pick < weight(m) {
            return m;
        }
        pick -= weight(m);
    }
    Move::EndTurn
}
