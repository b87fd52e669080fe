//! The bots. Both open the same way (the greedy opening below, in the seat's [`Style`]: the
//! best spot, or one drawn among the near-best by a softmax); then the greedy value bot
//! builds toward its best next target while the weighted-random bot picks any legal move,
//! favouring building (the weights of catanatron's `WeightedRandomPlayer`: city 10,000,
//! settlement 1,000, development card 100, anything else 1). No bot trades with another
//! player: the simulator has no trades between players.
//!
//! Bots see what the state holds, hidden cards included (a simplification: they use it
//! only to find the leader to rob).

use super::lookahead;
use super::moves::{Move, MoveList};
use super::producers::Producer;
use super::spot_worth::{production, SpotWorth};
use super::state::*;
use super::table::{DevCard, Table, MAX_SEATS, NONE};
use crate::balance::players::{softmax_pick, Style};
use crate::generate::random::Random;
use crate::model::bits::{bit, has, ids, Bits};

/// Which bot plays every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Greedy,
    Weighted,
    /// Weighs builds and bank trades by the position they lead to ([`super::lookahead`]).
    Lookahead,
}

impl BotKind {
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Greedy => "greedy",
            BotKind::Weighted => "weighted",
            BotKind::Lookahead => "lookahead",
        }
    }

    pub fn parse(name: &str) -> Option<BotKind> {
        [BotKind::Greedy, BotKind::Weighted, BotKind::Lookahead]
            .into_iter()
            .find(|b| b.name() == name)
    }

    /// The move this bot makes for the player who decides now. `scratch` is the bots'
    /// working memory for this table ([`Scratch`]).
    pub fn decide(
        self,
        table: &Table,
        state: &State,
        rng: &mut Random,
        scratch: &mut Scratch,
    ) -> Move {
        let memory = &mut scratch.seats[state.actor];
        memory.worth.update(table, &state.players[state.actor]);
        match (self, state.phase) {
            (_, Phase::Setup { road: false }) => opening_settlement(table, state, memory, rng),
            (_, Phase::Setup { road: true }) => opening_road(table, state, memory),
            // Cards are played in the turn proper only, as the greedy bot plays them.
            (BotKind::Lookahead, Phase::Main | Phase::SpecialBuild) => {
                let card = match state.phase {
                    Phase::Main => development(table, state, memory),
                    _ => None,
                };
                card.unwrap_or_else(|| {
                    lookahead::build_or_trade(table, state, &mut scratch.moves, &mut scratch.inner)
                })
            }
            (BotKind::Greedy | BotKind::Lookahead, _) => greedy(table, state, memory),
            (BotKind::Weighted, _) => weighted(table, state, rng, &mut scratch.moves),
        }
    }
}

/// The bots' working memory in one game after another on one table, so that deciding
/// allocates nothing and does not work out again what it knew: the legal moves' list, and
/// each seat's [`SeatMemory`].
#[derive(Default)]
pub struct Scratch {
    pub moves: MoveList,
    /// The look-ahead bot's moves one further.
    inner: MoveList,
    seats: [SeatMemory; MAX_SEATS],
}

impl Scratch {
    /// The player in `seat` plays in `style` from now on.
    pub fn set_style(&mut self, seat: usize, style: Style) {
        let memory = &mut self.seats[seat];
        if *memory.worth.style() != style {
            // The road values kept are the old style's.
            memory.road = RoadValues::default();
            memory.worth.set_style(style);
        }
    }

    /// The player in `seat` opens as `producer` (a [`super::TableModel::Producers`] seat),
    /// or, with `None`, by its style.
    pub fn set_producer(&mut self, seat: usize, producer: Option<Producer>) {
        self.seats[seat].producer = producer;
    }

    /// How the player in `seat` opens, if as a producer.
    pub fn producer(&self, seat: usize) -> Option<Producer> {
        self.seats[seat].producer
    }
}

/// What the greedy bot remembers for one seat: the worth of spots, and the values of its
/// road spots; and whether the seat opens as a producer rather than by its style.
#[derive(Clone, Copy, Default)]
struct SeatMemory {
    worth: SpotWorth,
    road: RoadValues,
    producer: Option<Producer>,
}

/// The value of each road spot of a seat ([`road_value`]) as last worked out, kept while
/// what it reads is as it was: the seat's spot worths (its buildings and style), which end
/// of the road is outside the seat's network, and which corners at that end and next to it
/// are open (buildable and not blocked). A seat asks for its best road at every decision of
/// its turns; in between, a road it builds changes the network at one corner and a
/// settlement anyone builds opens or closes a few, so only values near those are worked
/// out again (keeping the last choice whole while the seat's pieces and the board around
/// its network were unchanged held at about half the asks).
#[derive(Clone, Copy)]
struct RoadValues {
    /// The seat's settlements and cities the values are for; `None`: none kept.
    buildings: Option<(Bits, Bits)>,
    /// The seat's network and the open corners when last asked.
    network: Bits,
    open: Bits,
    /// The edges whose value is kept.
    valued: Bits,
    value: [u32; 128],
    /// The road spots when last asked, and the best of them: still the best while the
    /// spots are the same and every value is kept (a value dropped is worked out again only
    /// when the spots' best is).
    spots: Bits,
    best: Option<usize>,
}

impl Default for RoadValues {
    fn default() -> Self {
        RoadValues {
            buildings: None,
            network: 0,
            open: 0,
            valued: 0,
            value: [0; 128],
            spots: 0,
            best: None,
        }
    }
}

impl RoadValues {
    /// Drops the values that `network` and `open` (the seat's network and the open corners
    /// now) may change, or every value if the seat's buildings are not those they are for.
    fn forget_changed(&mut self, table: &Table, p: &Player, network: Bits, open: Bits) {
        let buildings = Some((p.settlements, p.cities));
        if self.buildings != buildings {
            self.buildings = buildings;
            self.valued = 0;
        } else {
            // A corner that joined or left the network changes which end of its roads is
            // the far one; a corner opened or closed changes the roads ending at it or next
            // to it.
            let mut changed = network ^ self.network;
            for c in ids(open ^ self.open) {
                changed |= bit(c) | table.corner_neighbours[c];
            }
            for c in ids(changed) {
                self.valued &= !table.corner_edges[c];
            }
        }
        self.network = network;
        self.open = open;
    }
}

/// The opening settlement: the spot worth most, or, for a style with a temperature, one
/// drawn by a softmax over the spots' worths; a producer's pick for a producer.
fn opening_settlement(
    table: &Table,
    state: &State,
    memory: &mut SeatMemory,
    rng: &mut Random,
) -> Move {
    let spots = state.start_spots(table);
    if let Some(producer) = memory.producer {
        let have = production(table, &state.players[state.actor]);
        let chosen = producer.pick(table, spots, &have, rng);
        return chosen.map_or(Move::EndTurn, |c| Move::BuildSettlement(c as u8));
    }
    let temperature = memory.worth.style().temperature;
    let chosen = if temperature == 0 {
        memory.worth.best(table, spots).map(|(c, _)| c)
    } else {
        memory.worth.know(table, spots);
        softmax_pick(spots, |c| memory.worth.of(table, c), temperature, rng)
    };
    chosen.map_or(Move::EndTurn, |c| Move::BuildSettlement(c as u8))
}

/// The opening road: toward the best corner two edges away still free (by a producer's
/// worth for a producer).
fn opening_road(table: &Table, state: &State, memory: &mut SeatMemory) -> Move {
    let from = state.last_settlement;
    let have = memory
        .producer
        .map(|_| production(table, &state.players[state.actor]));
    let mut best = None;
    for e in ids(state.setup_road_spots(table)) {
        let far = table.across(e, from);
        let beyond = table.corner_neighbours[far] & !bit(from) & table.buildable & !state.blocked;
        let value = match (memory.producer, &have) {
            (Some(producer), Some(have)) => producer.best_worth(table, beyond, have),
            _ => memory.worth.best(table, beyond).map_or(0, |(_, v)| v),
        };
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((e, value));
        }
    }
    best.map_or(Move::EndTurn, |(e, _)| Move::BuildRoad(e as u8))
}

/// The best road toward a free settlement spot: the road spot of most [`road_value`] (the
/// lowest among equals), each value kept while what it reads is unchanged ([`RoadValues`]).
/// `None` when no road leads anywhere worth going.
fn best_road(table: &Table, state: &State, memory: &mut SeatMemory) -> Option<usize> {
    let p = &state.players[state.actor];
    let network = p.settlements | p.cities | p.road_corners;
    let open = table.buildable & !state.blocked;
    let kept = &mut memory.road;
    kept.forget_changed(table, p, network, open);
    let spots = state.road_spots(table, state.actor);
    if spots == kept.spots && spots & !kept.valued == 0 {
        debug_assert_eq!(kept.best, choose_road(table, state, &mut memory.worth));
        return kept.best;
    }
    let worth = &mut memory.worth;
    let best = best_of(spots, |e| {
        if !has(kept.valued, e) {
            kept.value[e] = road_value(table, network, open, e, worth);
            kept.valued |= bit(e);
        }
        kept.value[e]
    });
    kept.spots = spots;
    kept.best = best;
    debug_assert_eq!(best, choose_road(table, state, worth), "the values kept");
    best
}

/// [`best_road`] worked out afresh.
fn choose_road(table: &Table, state: &State, worth: &mut SpotWorth) -> Option<usize> {
    let p = &state.players[state.actor];
    let network = p.settlements | p.cities | p.road_corners;
    let open = table.buildable & !state.blocked;
    best_of(state.road_spots(table, state.actor), |e| {
        road_value(table, network, open, e, worth)
    })
}

/// The road spot of `spots` of most value above 0, the lowest among equals.
#[inline(always)]
fn best_of(spots: Bits, mut value: impl FnMut(usize) -> u32) -> Option<usize> {
    let mut best: Option<(usize, u32)> = None;
    for e in ids(spots) {
        let value = value(e);
        if value > 0 && best.is_none_or(|(_, v)| value > v) {
            best = Some((e, value));
        }
    }
    best.map(|(e, _)| e)
}

/// What a road on `e` is worth to a seat with `network` (its buildings and the corners its
/// roads touch), the corners `open` being free to build on: 3 x the value of the spot it
/// reaches, or 2 x that of the best spot a further edge on; 0 if it leads nowhere worth
/// going.
fn road_value(table: &Table, network: Bits, open: Bits, e: usize, worth: &mut SpotWorth) -> u32 {
    // A road spot has a corner in the network; the other is where the road leads, if it
    // leads out of the network at all.
    let beyond = table.edge_ends[e] & !network;
    if beyond == 0 {
        return 0;
    }
    let far = beyond.trailing_zeros() as usize;
    let reached = if has(open, far) {
        3 * worth.of(table, far)
    } else {
        0
    };
    let next = worth
        .best(table, table.corner_neighbours[far] & open)
        .map_or(0, |(_, v)| 2 * v);
    reached.max(next)
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
/// Without a branch on whether each resource is short (the bot asks this for every target
/// of every decision, and which resources are short changes from one to the next): a
/// short resource has no surplus to trade, and one in hand misses nothing.
#[inline(always)]
fn still_missing(p: &Player, cost: &[u8; 5]) -> (u32, u32) {
    let (mut missing, mut tradable) = (0, 0);
    for (r, &need) in cost.iter().enumerate() {
        let held = p.hand[r];
        missing += u32::from(need.saturating_sub(held));
        tradable += u32::from(p.buys(r, held.saturating_sub(need)));
    }
    (missing, missing.saturating_sub(tradable))
}

/// The target worth most: `60 x worth / (1 + cards still missing after trades)`, the first
/// among equals in the order city, settlement, road, development card; with the cards it
/// still misses after trades.
fn target(table: &Table, state: &State, memory: &mut SeatMemory) -> Option<(Target, u32)> {
    let player = state.actor;
    let p = &state.players[player];
    // (target, score, cards missing after trades)
    let mut best: Option<(Target, u32, u32)> = None;
    let score = |t: Target| {
        let (_, after_trades) = still_missing(p, t.cost());
        (divide_small(60 * t.worth(), 1 + after_trades), after_trades)
    };
    let consider = |best: &mut Option<(Target, u32, u32)>, t: Target, (score, after)| {
        if best.is_none_or(|(_, s, _)| score > s) {
            *best = Some((t, score, after));
        }
    };
    if p.settlements != 0 && p.cities_left() > 0 {
        consider(&mut best, Target::City, score(Target::City));
    }
    if p.settlements_left() > 0 {
        if state.settlement_spots(table, player) != 0 {
            consider(&mut best, Target::Settlement, score(Target::Settlement));
        } else if p.roads_left() > 0 {
            // A road's score is the same whichever road it is: the road is looked for (the
            // bot's costliest question) only when it would be the target so far.
            let road = score(Target::Road(0));
            if best.is_none_or(|(_, s, _)| road.0 > s) {
                if let Some(e) = best_road(table, state, memory) {
                    consider(&mut best, Target::Road(e), road);
                }
            }
        }
    }
    if state.deck_len > 0 {
        consider(&mut best, Target::Dev, score(Target::Dev));
    }
    best.map(|(t, _, after)| (t, after))
}

/// `n / d`, for the small `d` of the greedy bot's sums: by a constant, a division compiles to
/// a multiplication; by a variable, to a divide, many times slower (and this runs hundreds
/// of times a game).
fn divide_small(n: u32, d: u32) -> u32 {
    match d {
        1 => n,
        2 => n / 2,
        3 => n / 3,
        4 => n / 4,
        5 => n / 5,
        6 => n / 6,
        _ => n / d,
    }
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

fn greedy(table: &Table, state: &State, memory: &mut SeatMemory) -> Move {
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
            best_road(table, state, memory).map_or(Move::EndTurn, |e| Move::BuildRoad(e as u8))
        }
        Phase::SpecialBuild => build_now(table, state, memory).unwrap_or(Move::EndTurn),
        Phase::Main => main_turn(table, state, memory),
        Phase::Setup { .. } | Phase::Over => Move::EndTurn,
    }
}

/// A city or settlement the player can pay for now.
fn build_now(table: &Table, state: &State, memory: &mut SeatMemory) -> Option<Move> {
    let me = state.actor;
    let p = &state.players[me];
    if p.can_afford(&CITY_COST) && p.cities_left() > 0 {
        let best = ids(p.settlements).max_by_key(|&c| (table.corner_pips(c), std::cmp::Reverse(c)));
        if let Some(c) = best {
            return Some(Move::BuildCity(c as u8));
        }
    }
    if p.can_afford(&SETTLEMENT_COST) && p.settlements_left() > 0 {
        if let Some((c, _)) = memory.worth.best(table, state.settlement_spots(table, me)) {
            return Some(Move::BuildSettlement(c as u8));
        }
    }
    None
}

fn main_turn(table: &Table, state: &State, memory: &mut SeatMemory) -> Move {
    let me = state.actor;
    let p = &state.players[me];
    if let Some(m) = development(table, state, memory) {
        return m;
    }
    if let Some(m) = build_now(table, state, memory) {
        return m;
    }
    let Some((goal, after_trades)) = target(table, state, memory) else {
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
    let own = state.players[me].settlements | state.players[me].cities;
    let robbed =
        state.robber != NONE && table.cell_corner_set[usize::from(state.robber)] & own != 0;
    let knights = state.players[me].knights + 1;
    let army = state.largest_army;
    let takes_army = usize::from(army) != me
        && knights >= LARGEST_ARMY_MIN
        && (army == NONE || knights > state.players[usize::from(army)].knights);
    robbed || takes_army
}

fn development(table: &Table, state: &State, memory: &mut SeatMemory) -> Option<Move> {
    let me = state.actor;
    let p = &state.players[me];
    // Every card below is played only if held since before the turn and none was played
    // this turn ([`State::can_play`]): at most decisions neither holds, so nothing below
    // is worth asking.
    let playable = p.devs[DevCard::Knight.index()]
        | p.devs[DevCard::RoadBuilding.index()]
        | p.devs[DevCard::YearOfPlenty.index()]
        | p.devs[DevCard::Monopoly.index()];
    if state.dev_played || playable == 0 {
        return None;
    }
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
        && best_road(table, state, memory).is_some()
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
    let own = state.players[me].settlements | state.players[me].cities;
    let mut best: Option<(u8, u32)> = None;
    for &cell in &table.land {
        if cell == state.robber {
            continue;
        }
        let corners = table.cell_corner_set[usize::from(cell)];
        let value = if corners & own != 0 {
            0
        } else {
            let mut value = 1;
            for c in ids(corners & state.occupied) {
                let owner = usize::from(state.owner[c]);
                let weight = if owner == leader { 3 } else { 1 };
                let times = 1 + u32::from(has(state.players[owner].cities, c));
                value += weight * times * (1 + u32::from(table.cell_pips[usize::from(cell)]));
            }
            value
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::players::TableModel;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::play::game::MOVES_PER_TURN;
    use crate::rules::RuleSet;

    /// Every seat asks for its best road at every decision of whole games (far more often
    /// than its turns ask), on a base and a five-six board, the styles drawn game by game
    /// (kept across games at a greedy table): the road values kept always choose the road
    /// worked out afresh from worths worked out afresh.
    #[test]
    fn kept_road_values_choose_as_afresh() {
        let (mut roads, mut reused) = (0, 0);
        for (layout, seats) in [(LayoutId::Base, 4), (LayoutId::FiveSix, 6)] {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 3).unwrap();
            let table = Table::new(&board).unwrap();
            let mut rng = Random::new(7);
            let mut scratch = Scratch::default();
            for game in 0..12 {
                let model = [TableModel::Varied, TableModel::Greedy][game % 2];
                for seat in 0..seats {
                    scratch.set_style(seat, model.draw(&mut rng));
                }
                let mut state = State::new(&table, seats);
                while !state.is_over() {
                    for seat in 0..seats {
                        let mut asking = state.clone();
                        asking.actor = seat;
                        let memory = &mut scratch.seats[seat];
                        memory.worth.update(&table, &state.players[seat]);
                        let mut afresh = SpotWorth::default();
                        afresh.set_style(*memory.worth.style());
                        afresh.update(&table, &state.players[seat]);
                        let spots = state.road_spots(&table, seat);
                        reused += u32::from(
                            spots == memory.road.spots && spots & !memory.road.valued == 0,
                        );
                        let kept = best_road(&table, &asking, memory);
                        assert_eq!(kept, choose_road(&table, &asking, &mut afresh));
                        roads += u32::from(kept.is_some());
                    }
                    let m = if state.turn_moves >= MOVES_PER_TURN {
                        Move::EndTurn
                    } else {
                        BotKind::Greedy.decide(&table, &state, &mut rng, &mut scratch)
                    };
                    state.apply_legal(&table, m, &mut rng);
                }
            }
        }
        assert!(
            roads > 20_000 && reused > 20_000,
            "{roads} roads, {reused} reused"
        );
    }
}
