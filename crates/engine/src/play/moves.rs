//! The moves, which of them are legal, and applying one. A move from outside is checked
//! before it is applied (ids included), so it is refused, never played; the bots' own moves
//! are checked in debug builds (the tests), being built from the rules.

use super::state::*;
use super::table::{DevCard, Table, NONE};
use crate::generate::random::Random;
use crate::model::bits::{bit, has, ids};

/// One decision. Corners, edges and cells are ids of the [`Table`]; resources are indices
/// (lumber, wool, grain, brick, ore).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Roll,
    BuildSettlement(u8),
    BuildRoad(u8),
    BuildCity(u8),
    BuyDev,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty(u8, u8),
    PlayMonopoly(u8),
    /// The robber to `cell`, stealing from `victim` ([`NONE`] when nobody there has a card).
    MoveRobber {
        cell: u8,
        victim: u8,
    },
    Discard(u8),
    /// Cards of `give` at the player's rate for one card of `get`, with the bank.
    Trade {
        give: u8,
        get: u8,
    },
    /// Ends the turn, a special building phase, or the placing of free roads.
    EndTurn,
}

/// Moves in a fixed array: listing them allocates nothing. 256 is more than any position
/// has (at most 128 road spots, a few dozen settlement spots, 20 trades, 15 years of plenty
/// and 5 monopolies; or 30 land cells x 4 robber choices).
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::EndTurn; 256],
            len: 0,
        }
    }
}

impl MoveList {
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds `m`; past the capacity (which no position reaches, see above) release builds drop
    /// it and debug builds stop.
    pub fn push(&mut self, m: Move) {
        debug_assert!(
            self.len < self.moves.len(),
            "more than {} moves",
            self.moves.len()
        );
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Illegal(pub Move);

fn pay(state: &mut State, player: usize, cost: &[u8; 5]) {
    for (r, &n) in cost.iter().enumerate() {
        state.players[player].hand[r] -= n;
        state.bank[r] += n;
    }
}

impl State {
    /// Every legal move of the player who decides now.
    pub fn legal(&self, table: &Table, out: &mut MoveList) {
        out.clear();
        let me = self.actor;
        let p = &self.players[me];
        match self.phase {
            Phase::Setup { road: false } => {
                for c in ids(self.start_spots(table)) {
                    out.push(Move::BuildSettlement(c as u8));
                }
            }
            Phase::Setup { road: true } => {
                for e in ids(self.setup_road_spots(table)) {
                    out.push(Move::BuildRoad(e as u8));
                }
            }
            Phase::Roll => {
                out.push(Move::Roll);
                self.dev_plays(out);
            }
            Phase::Discard => {
                for r in 0..5 {
                    if p.hand[r] > 0 {
                        out.push(Move::Discard(r as u8));
                    }
                }
            }
            Phase::Robber => {
                for &cell in &table.land {
                    if cell == self.robber {
                        continue;
                    }
                    let victims = self.victims(table, usize::from(cell), me);
                    if victims == 0 {
                        out.push(Move::MoveRobber { cell, victim: NONE });
                    }
                    for v in ids(u128::from(victims)) {
                        out.push(Move::MoveRobber {
                            cell,
                            victim: v as u8,
                        });
                    }
                }
            }
            Phase::FreeRoads => {
                out.push(Move::EndTurn);
                for e in ids(self.road_spots(table, me)) {
                    out.push(Move::BuildRoad(e as u8));
                }
            }
            Phase::Main | Phase::SpecialBuild => {
                out.push(Move::EndTurn);
                if p.can_afford(&ROAD_COST) && p.roads_left() > 0 {
                    for e in ids(self.road_spots(table, me)) {
                        out.push(Move::BuildRoad(e as u8));
                    }
                }
                if p.can_afford(&SETTLEMENT_COST) && p.settlements_left() > 0 {
                    for c in ids(self.settlement_spots(table, me)) {
                        out.push(Move::BuildSettlement(c as u8));
                    }
                }
                if p.can_afford(&CITY_COST) && p.cities_left() > 0 {
                    for c in ids(p.settlements) {
                        out.push(Move::BuildCity(c as u8));
                    }
                }
                if p.can_afford(&DEV_COST) && self.deck_len > 0 {
                    out.push(Move::BuyDev);
                }
                if self.phase == Phase::SpecialBuild {
                    return;
                }
                for give in 0..5u8 {
                    if p.hand[usize::from(give)] >= p.rate(usize::from(give)) {
                        for get in 0..5u8 {
                            if get != give && self.bank[usize::from(get)] > 0 {
                                out.push(Move::Trade { give, get });
                            }
                        }
                    }
                }
                self.dev_plays(out);
            }
            Phase::Over => {}
        }
    }

    /// The development cards the current player may play now, before or after the roll.
    fn dev_plays(&self, out: &mut MoveList) {
        if self.can_play(DevCard::Knight) {
            out.push(Move::PlayKnight);
        }
        if self.can_play(DevCard::RoadBuilding) && self.players[self.actor].roads_left() > 0 {
            out.push(Move::PlayRoadBuilding);
        }
        if self.can_play(DevCard::YearOfPlenty) {
            for a in 0..5u8 {
                for b in a..5u8 {
                    if self.year_of_plenty_ok(a, b) {
                        out.push(Move::PlayYearOfPlenty(a, b));
                    }
                }
            }
        }
        if self.can_play(DevCard::Monopoly) {
            for r in 0..5 {
                out.push(Move::PlayMonopoly(r));
            }
        }
    }

    /// Whether the current player may play a card of `kind` now: one held since before this
    /// turn, and none played this turn (Almanac, "Development Cards"), before the roll or
    /// after it ("You can play the card at any time, even before you roll the dice": the
    /// 5th-edition Almanac, and the catan.com FAQ). Victory point cards are never played.
    pub fn can_play(&self, kind: DevCard) -> bool {
        kind != DevCard::VictoryPoint
            && !self.dev_played
            && self.actor == self.current
            && matches!(self.phase, Phase::Main | Phase::Roll)
            && self.players[self.current].devs[kind.index()] > 0
    }

    fn year_of_plenty_ok(&self, a: u8, b: u8) -> bool {
        let (a, b) = (usize::from(a), usize::from(b));
        if a == b {
            self.bank[a] >= 2
        } else {
            self.bank[a] >= 1 && self.bank[b] >= 1
        }
    }

    /// Whether `m` is legal for the player who decides now.
    pub fn is_legal(&self, table: &Table, m: Move) -> bool {
        let me = self.actor;
        let p = &self.players[me];
        let main_or_special = matches!(self.phase, Phase::Main | Phase::SpecialBuild);
        match m {
            Move::Roll => self.phase == Phase::Roll,
            Move::BuildSettlement(c) => {
                let c = usize::from(c);
                c < table.corners
                    && match self.phase {
                        Phase::Setup { road: false } => has(self.start_spots(table), c),
                        Phase::Main | Phase::SpecialBuild => {
                            p.can_afford(&SETTLEMENT_COST)
                                && p.settlements_left() > 0
                                && has(self.settlement_spots(table, me), c)
                        }
                        _ => false,
                    }
            }
            Move::BuildRoad(e) => {
                let e = usize::from(e);
                e < table.edges
                    && match self.phase {
                        Phase::Setup { road: true } => has(self.setup_road_spots(table), e),
                        Phase::FreeRoads => p.roads_left() > 0 && self.is_road_spot(table, me, e),
                        Phase::Main | Phase::SpecialBuild => {
                            p.can_afford(&ROAD_COST)
                                && p.roads_left() > 0
                                && self.is_road_spot(table, me, e)
                        }
                        _ => false,
                    }
            }
            Move::BuildCity(c) => {
                main_or_special
                    && usize::from(c) < table.corners
                    && has(p.settlements, usize::from(c))
                    && p.can_afford(&CITY_COST)
                    && p.cities_left() > 0
            }
            Move::BuyDev => main_or_special && p.can_afford(&DEV_COST) && self.deck_len > 0,
            Move::PlayKnight => self.can_play(DevCard::Knight),
            Move::PlayRoadBuilding => self.can_play(DevCard::RoadBuilding) && p.roads_left() > 0,
            Move::PlayYearOfPlenty(a, b) => {
                a < 5
                    && b < 5
                    && self.can_play(DevCard::YearOfPlenty)
                    && self.year_of_plenty_ok(a, b)
            }
            Move::PlayMonopoly(r) => r < 5 && self.can_play(DevCard::Monopoly),
            Move::MoveRobber { cell, victim } => {
                if self.phase != Phase::Robber || cell == self.robber || !table.land.contains(&cell)
                {
                    return false;
                }
                let victims = self.victims(table, usize::from(cell), me);
                if victim == NONE {
                    victims == 0
                } else {
                    victim < 8 && victims & (1 << victim) != 0
                }
            }
            Move::Discard(r) => self.phase == Phase::Discard && r < 5 && p.hand[usize::from(r)] > 0,
            Move::Trade { give, get } => {
                self.phase == Phase::Main
                    && give < 5
                    && get < 5
                    && give != get
                    && p.hand[usize::from(give)] >= p.rate(usize::from(give))
                    && self.bank[usize::from(get)] > 0
            }
            Move::EndTurn => matches!(
                self.phase,
                Phase::Main | Phase::SpecialBuild | Phase::FreeRoads
            ),
        }
    }

    /// Applies `m` if it is legal for the player who decides now; `rng` rolls the dice and
    /// picks stolen cards.
    pub fn apply(&mut self, table: &Table, m: Move, rng: &mut Random) -> Result<(), Illegal> {
        if !self.is_legal(table, m) {
            return Err(Illegal(m));
        }
        self.apply_legal(table, m, rng);
        Ok(())
    }

    /// [`State::apply`] for a move known to be legal: the bots build theirs from the rules,
    /// and checking each again was a twentieth of a game. Debug builds (the tests) still
    /// check.
    pub(crate) fn apply_legal(&mut self, table: &Table, m: Move, rng: &mut Random) {
        debug_assert!(
            self.is_legal(table, m),
            "the rules refuse {m:?} in {:?}",
            self.phase
        );
        let me = self.actor;
        self.turn_moves += 1;
        match m {
            Move::Roll => self.roll(table, rng),
            Move::BuildSettlement(c) => {
                let c = usize::from(c);
                if let Phase::Setup { .. } = self.phase {
                    self.place_settlement(table, me, c);
                    // The second settlement's neighbouring cells pay out (Almanac, "Set-up
                    // Phase": one card for each terrain hex next to it).
                    if self.setup_step >= self.seats {
                        for cell in table.cells_at(c) {
                            let r = table.cell_resource[cell];
                            if r != NONE && self.bank[usize::from(r)] > 0 {
                                self.bank[usize::from(r)] -= 1;
                                self.players[me].hand[usize::from(r)] += 1;
                            }
                        }
                    }
                    self.last_settlement = c;
                    self.phase = Phase::Setup { road: true };
                } else {
                    pay(self, me, &SETTLEMENT_COST);
                    self.place_settlement(table, me, c);
                }
            }
            Move::BuildRoad(e) => match self.phase {
                Phase::Setup { .. } => {
                    self.place_road(table, me, usize::from(e));
                    self.setup_step += 1;
                    if self.setup_step == 2 * self.seats {
                        self.start_turn(0);
                    } else {
                        self.actor = self.setup_seat(self.setup_step);
                        self.phase = Phase::Setup { road: false };
                    }
                    return;
                }
                Phase::FreeRoads => {
                    self.place_road(table, me, usize::from(e));
                    self.free_roads -= 1;
                    if self.free_roads == 0
                        || self.players[me].roads_left() == 0
                        || self.road_spots(table, me) == 0
                    {
                        self.phase = self.resume;
                    }
                }
                _ => {
                    pay(self, me, &ROAD_COST);
                    self.place_road(table, me, usize::from(e));
                }
            },
            Move::BuildCity(c) => {
                pay(self, me, &CITY_COST);
                let p = &mut self.players[me];
                p.settlements &= !bit(usize::from(c));
                p.cities |= bit(usize::from(c));
                p.pieces[SETTLEMENT_PIECES] -= 1;
                p.pieces[CITY_PIECES] += 1;
                p.points += 1;
            }
            Move::BuyDev => {
                pay(self, me, &DEV_COST);
                self.deck_len -= 1;
                let kind = usize::from(self.deck[self.deck_len]);
                // A card bought in the special building phase was not bought in the
                // buyer's turn: it may be played in their next (5-6 extension FAQ, as
                // colonist.io/catan-rules/5-6-player gives it).
                if self.phase == Phase::SpecialBuild {
                    self.players[me].devs[kind] += 1;
                } else {
                    self.players[me].new_devs[kind] += 1;
                }
                if kind == DevCard::VictoryPoint.index() {
                    self.players[me].points += 1;
                }
            }
            Move::PlayKnight => {
                self.play(DevCard::Knight);
                self.players[me].knights += 1;
                self.update_largest_army(me);
                if table.robber {
                    self.resume = self.phase;
                    self.phase = Phase::Robber;
                }
            }
            Move::PlayRoadBuilding => {
                self.play(DevCard::RoadBuilding);
                // Two free roads, fewer if the player has fewer left or no room.
                self.free_roads = 2;
                self.resume = self.phase;
                self.phase = if self.road_spots(table, me) == 0 {
                    self.resume
                } else {
                    Phase::FreeRoads
                };
            }
            Move::PlayYearOfPlenty(a, b) => {
                self.play(DevCard::YearOfPlenty);
                for r in [usize::from(a), usize::from(b)] {
                    self.bank[r] -= 1;
                    self.players[me].hand[r] += 1;
                }
            }
            Move::PlayMonopoly(r) => {
                self.play(DevCard::Monopoly);
                let r = usize::from(r);
                for other in 0..self.seats {
                    if other != me {
                        let taken = std::mem::take(&mut self.players[other].hand[r]);
                        self.players[me].hand[r] += taken;
                    }
                }
            }
            Move::MoveRobber { cell, victim } => {
                self.robber = cell;
                if victim != NONE {
                    self.steal(me, usize::from(victim), rng);
                }
                self.phase = self.resume;
            }
            Move::Discard(r) => {
                self.players[me].hand[usize::from(r)] -= 1;
                self.bank[usize::from(r)] += 1;
                self.discards[me] -= 1;
                self.next_discard(table);
            }
            Move::Trade { give, get } => {
                let (give, get) = (usize::from(give), usize::from(get));
                let rate = self.players[me].rate(give);
                self.players[me].hand[give] -= rate;
                self.bank[give] += rate;
                self.bank[get] -= 1;
                self.players[me].hand[get] += 1;
            }
            Move::EndTurn => match self.phase {
                Phase::FreeRoads => self.phase = self.resume,
                Phase::Main => {
                    let p = &mut self.players[me];
                    for k in 0..5 {
                        p.devs[k] += std::mem::take(&mut p.new_devs[k]);
                    }
                    if table.rules.special_building {
                        self.next_special_builder(me);
                    } else {
                        self.start_turn((self.current + 1) % self.seats);
                    }
                }
                _ => self.next_special_builder(me),
            },
        }
        self.check_winner();
    }

    fn play(&mut self, kind: DevCard) {
        self.players[self.current].devs[kind.index()] -= 1;
        self.played[kind.index()] += 1;
        self.dev_played = true;
    }

    /// A player wins with 10 points on their own turn (Almanac, "Ending the Game"): points
    /// reached in another's turn (say by the special building phase, or an award that moves)
    /// count when their turn comes.
    fn check_winner(&mut self) {
        if matches!(
            self.phase,
            Phase::Setup { .. } | Phase::Over | Phase::SpecialBuild
        ) {
            return;
        }
        if self.players[self.current].points >= WINNING_POINTS {
            self.winner = self.current as u8;
            self.phase = Phase::Over;
        }
    }

    fn start_turn(&mut self, player: usize) {
        self.turns += 1;
        self.current = player;
        self.actor = player;
        self.dev_played = false;
        self.turn_moves = 0;
        self.phase = if self.turns > TURN_CAP {
            Phase::Over
        } else {
            Phase::Roll
        };
    }

    /// The 5-6 extension's special building phase: after `from`, the next player in turn
    /// order who is not the current player; past the last, the next turn.
    fn next_special_builder(&mut self, from: usize) {
        let next = (from + 1) % self.seats;
        if next == self.current {
            self.start_turn((self.current + 1) % self.seats);
        } else {
            self.actor = next;
            self.phase = Phase::SpecialBuild;
            // Each builder's own count: a long main turn must not cut their phase short.
            self.turn_moves = 0;
        }
    }

    pub(crate) fn place_settlement(&mut self, table: &Table, player: usize, corner: usize) {
        let p = &mut self.players[player];
        p.settlements |= bit(corner);
        p.pieces[SETTLEMENT_PIECES] += 1;
        p.points += 1;
        p.harbours |= table.corner_harbour[corner];
        self.owner[corner] = player as u8;
        self.occupied |= bit(corner);
        self.blocked |= bit(corner) | table.corner_neighbours[corner];
        // A settlement on another player's road may break it, if the road passes through
        // the corner: one that only ends there is as long as before.
        for other in 0..self.seats {
            let through = self.players[other].roads & table.corner_edges[corner];
            if other != player && through != 0 {
                let rival = &mut self.players[other];
                rival.road_graph.mark_foreign(corner);
                if through.count_ones() >= 2 {
                    rival.road_length = rival.road_graph.longest();
                }
            }
        }
        self.update_longest_road();
    }

    pub(crate) fn place_road(&mut self, table: &Table, player: usize, edge: usize) {
        let foreign = self.foreign(player);
        let p = &mut self.players[player];
        p.road_length =
            p.road_graph
                .length_after(table, edge, p.road_corners, foreign, p.road_length);
        p.roads |= bit(edge);
        p.pieces[ROAD_PIECES] += 1;
        p.road_corners |= table.edge_ends[edge];
        self.roads |= bit(edge);
        self.update_longest_road();
    }

    /// Longest road moves to a longer road; a tie keeps it with its holder; if the holder's
    /// road is broken and others tie for longest, or nobody has 5, it is set aside (Almanac,
    /// "Longest Road").
    fn update_longest_road(&mut self) {
        let holder = self.longest_road;
        let best = self.players[..self.seats]
            .iter()
            .map(|p| p.road_length)
            .max()
            .unwrap_or(0);
        let next = if best < LONGEST_ROAD_MIN {
            NONE
        } else if holder != NONE && self.players[usize::from(holder)].road_length == best {
            holder
        } else {
            let mut longest = self.players[..self.seats]
                .iter()
                .enumerate()
                .filter(|(_, p)| p.road_length == best);
            match (longest.next(), longest.next()) {
                (Some((i, _)), None) => i as u8,
                _ => NONE,
            }
        };
        self.move_award(holder, next);
        self.longest_road = next;
    }

    /// Largest army goes to the first with 3 knights, and to whoever then has more than
    /// its holder (Almanac, "Largest Army").
    fn update_largest_army(&mut self, player: usize) {
        let holder = self.largest_army;
        let knights = self.players[player].knights;
        let beats = if holder == NONE {
            knights >= LARGEST_ARMY_MIN
        } else {
            knights > self.players[usize::from(holder)].knights
        };
        if beats && usize::from(holder) != player {
            self.move_award(holder, player as u8);
            self.largest_army = player as u8;
        }
    }

    fn move_award(&mut self, from: u8, to: u8) {
        if from == to {
            return;
        }
        if from != NONE {
            self.players[usize::from(from)].points -= 2;
        }
        if to != NONE {
            self.players[usize::from(to)].points += 2;
        }
    }

    fn roll(&mut self, table: &Table, rng: &mut Random) {
        let total = 2 + rng.below(6) as u8 + rng.below(6) as u8;
        self.dice(table, total);
    }

    /// What a dice total does: production, or on a 7 discards and the robber.
    pub(crate) fn dice(&mut self, table: &Table, total: u8) {
        self.last_roll = total;
        if total == 7 {
            // Everyone above 7 cards discards half, rounded down (Almanac, "Rolling a 7").
            for i in 0..self.seats {
                let cards = self.players[i].cards();
                self.discards[i] = if cards > 7 { (cards / 2) as u8 } else { 0 };
            }
            self.resume = Phase::Main;
            self.next_discard(table);
        } else {
            self.produce(table, usize::from(total));
            self.phase = Phase::Main;
        }
    }

    /// The next player with cards to discard decides; when none is left, the roller moves
    /// the robber, if the game has one.
    fn next_discard(&mut self, table: &Table) {
        let next = (0..self.seats)
            .map(|k| (self.current + k) % self.seats)
            .find(|&i| self.discards[i] > 0);
        match next {
            Some(i) => {
                self.actor = i;
                self.phase = Phase::Discard;
            }
            None => {
                self.actor = self.current;
                self.phase = if table.robber {
                    Phase::Robber
                } else {
                    self.resume
                };
            }
        }
    }

    /// Production of a dice total: a card a settlement, two a city, from each producing
    /// cell without the robber. If the bank cannot pay everyone a resource, nobody gets it,
    /// unless only one player is owed it: they get what is left (Almanac, "Resource
    /// Production"; the exception is the 5th edition's).
    fn produce(&mut self, table: &Table, total: usize) {
        let mut owed = [[0u8; 5]; super::table::MAX_SEATS];
        // The resources anyone is owed: a roll pays one or two, and nobody's hand or the
        // bank changes by the others.
        let mut paying = 0u32;
        for &cell in &table.producing[total] {
            if cell == self.robber {
                continue;
            }
            let r = usize::from(table.cell_resource[usize::from(cell)]);
            for c in ids(table.cell_corner_set[usize::from(cell)] & self.occupied) {
                let owner = usize::from(self.owner[c]);
                let city = has(self.players[owner].cities, c);
                owed[owner][r] += 1 + u8::from(city);
                paying |= 1 << r;
            }
        }
        for r in ids(u128::from(paying)) {
            let total: u32 = owed[..self.seats].iter().map(|o| u32::from(o[r])).sum();
            let owed_players = owed[..self.seats].iter().filter(|o| o[r] > 0).count();
            let bank = u32::from(self.bank[r]);
            for (i, o) in owed[..self.seats].iter().enumerate() {
                let paid = if total <= bank {
                    o[r]
                } else if owed_players == 1 {
                    self.bank[r].min(o[r])
                } else {
                    0
                };
                self.players[i].hand[r] += paid;
                self.bank[r] -= paid;
            }
        }
    }

    /// Takes one card at random from `victim`'s hand.
    fn steal(&mut self, thief: usize, victim: usize, rng: &mut Random) {
        let cards = self.players[victim].cards();
        let mut pick = rng.below(u64::from(cards)) as u32;
        for r in 0..5 {
            let held = u32::from(self.players[victim].hand[r]);
            if pick < held {
                self.players[victim].hand[r] -= 1;
                self.players[thief].hand[r] += 1;
                return;
            }
            pick -= held;
        }
    }
}
