//! Everything that changes in a game: hands, the bank, the development deck, pieces on the
//! board, the robber, the awards and whose decision it is. Fixed-size arrays only, so a
//! game never allocates.

use super::longest_road::Graph;
use super::table::{Table, CITIES, MAX_SEATS, NONE, ROADS, SETTLEMENTS};
use crate::model::bits::{has, ids, Bits};

/// Points to win (Almanac, "Victory Points": 10 on your turn).
pub const WINNING_POINTS: u8 = 10;
/// Longest road needs 5 roads in a row, largest army 3 knights (Almanac, "Longest Road",
/// "Largest Army"); each is worth 2 points.
pub const LONGEST_ROAD_MIN: u8 = 5;
pub const LARGEST_ARMY_MIN: u8 = 3;
/// Turns (one player's turn each) after which a game counts as "no winner".
pub const TURN_CAP: u32 = 1000;

/// Building costs (the Almanac's building costs card), by resource index
/// (lumber, wool, grain, brick, ore).
pub const ROAD_COST: [u8; 5] = [1, 0, 0, 1, 0];
pub const SETTLEMENT_COST: [u8; 5] = [1, 1, 1, 1, 0];
pub const CITY_COST: [u8; 5] = [0, 0, 2, 0, 3];
pub const DEV_COST: [u8; 5] = [0, 1, 1, 0, 1];

/// [`Player::rate`] for each set of harbours: asked for hundreds of times a game (the
/// greedy bot weighs every target by what trades could bring), so worked out once.
const RATES: [[u8; 5]; 64] = {
    let mut rates = [[4; 5]; 64];
    let mut harbours = 0;
    while harbours < 64 {
        let mut resource = 0;
        while resource < 5 {
            rates[harbours][resource] = if harbours & (2 << resource) != 0 {
                2
            } else if harbours & 1 != 0 {
                3
            } else {
                4
            };
            resource += 1;
        }
        harbours += 1;
    }
    rates
};

/// [`Player::buys`]' divisor by each rate, as a multiplier in 512ths: `cards x m >> 9` is
/// `cards / rate` for every `u8` count of cards (by 2: 256; by 3: 171, exact below 512; by 4:
/// 128), one multiply where a `match` on the rate was a branch the greedy bot mispredicted
/// at almost every target it weighed.
const BUY_MULTIPLIERS: [[u16; 5]; 64] = {
    let mut out = [[0; 5]; 64];
    let mut harbours = 0;
    while harbours < 64 {
        let mut resource = 0;
        while resource < 5 {
            out[harbours][resource] = match RATES[harbours][resource] {
                2 => 256,
                3 => 171,
                _ => 128,
            };
            resource += 1;
        }
        harbours += 1;
    }
    out
};

/// Indices of [`Player::pieces`].
pub const SETTLEMENT_PIECES: usize = 0;
pub const CITY_PIECES: usize = 1;
pub const ROAD_PIECES: usize = 2;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The opening, in snake order: step `k` of `2 x seats` places a settlement, then
    /// (`road`) a road touching it.
    Setup {
        road: bool,
    },
    /// The turn's start: roll, or play a development card first.
    Roll,
    /// After a 7: players above 7 cards discard one card at a time.
    Discard,
    /// Moving the robber (after a 7 or a knight), and stealing.
    Robber,
    /// The turn proper: build, trade with the bank, buy and play development cards.
    Main,
    /// A road building card's free roads still to place; then back to [`State::resume`].
    FreeRoads,
    /// The 5-6 extension's special building phase of `actor`.
    SpecialBuild,
    Over,
}

/// One player's cards, pieces and awards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Resource cards by resource index.
    pub hand: [u8; 5],
    /// Development cards held and playable (victory points count while held).
    pub devs: [u8; 5],
    /// Development cards bought this turn: not playable before the next (Almanac,
    /// "Development Cards").
    pub new_devs: [u8; 5],
    /// Knights played.
    pub knights: u8,
    pub settlements: Bits,
    pub cities: Bits,
    pub roads: Bits,
    /// The corners the player's roads touch, kept as roads are placed: where a settlement
    /// may go and roads go on from, asked for every decision, so not rebuilt from `roads`
    /// each time.
    pub road_corners: Bits,
    /// The harbours the player's buildings touch, as [`harbour_bit`](super::table::harbour_bit)s.
    pub harbours: u8,
    /// The longest road, as [`super::longest_road::length`] measures it.
    pub road_length: u8,
    /// The player's roads as the longest road walks them, kept as they are placed.
    pub road_graph: Graph,
    /// Points, counted as they are won and lost; [`State::points`] adds them up afresh.
    pub points: u8,
    /// Settlements, cities and roads on the board, counted as they are built: the bots ask
    /// what pieces are left at nearly every decision, and counting a set's bits is a dozen
    /// instructions a half on the x86-64 baseline (no `popcnt`).
    pub pieces: [u8; 3],
}

impl Player {
    pub fn cards(&self) -> u32 {
        self.hand.iter().map(|&n| u32::from(n)).sum()
    }

    pub fn can_afford(&self, cost: &[u8; 5]) -> bool {
        self.hand.iter().zip(cost).all(|(h, c)| h >= c)
    }

    /// How many cards of `resource` buy one card from the bank: 2 with its 2:1 harbour, 3
    /// with a 3:1 harbour, else 4 (Almanac, "Maritime Trade").
    pub fn rate(&self, resource: usize) -> u8 {
        RATES[usize::from(self.harbours) % RATES.len()][resource]
    }

    /// How many cards `cards` of `resource` buy from the bank: `cards / rate`, by a
    /// multiplication ([`BUY_MULTIPLIERS`]) rather than a divide.
    #[inline(always)]
    pub fn buys(&self, resource: usize, cards: u8) -> u8 {
        let multiplier = BUY_MULTIPLIERS[usize::from(self.harbours) % RATES.len()][resource];
        ((u32::from(cards) * u32::from(multiplier)) >> 9) as u8
    }

    pub fn roads_left(&self) -> u32 {
        ROADS - u32::from(self.pieces[ROAD_PIECES])
    }

    pub fn settlements_left(&self) -> u32 {
        SETTLEMENTS - u32::from(self.pieces[SETTLEMENT_PIECES])
    }

    pub fn cities_left(&self) -> u32 {
        CITIES - u32::from(self.pieces[CITY_PIECES])
    }

    /// Development cards held, new or not, of kind `index`.
    pub fn holds(&self, index: usize) -> u8 {
        self.devs[index] + self.new_devs[index]
    }
}

/// What [`State::check`] found out of place: the first invariant a state breaks, with the
/// values that break it (the tests print it; a person never sees it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// Cards of a resource in hands and the bank do not add up to the bank's printed count.
    Resource {
        resource: usize,
        held: u32,
        bank: u8,
    },
    /// Development cards of a kind in the deck, held and played do not add up to the deck's.
    DevelopmentCard {
        kind: usize,
        in_deck: u32,
        held: u32,
        played: u8,
    },
    /// The knights in the players' armies are not the knights played.
    Knights { in_armies: u32, played: u8 },
    /// A player has more roads, settlements or cities than the box holds.
    PiecesBeyondTheBox { player: usize },
    /// A player's kept piece counts are not the pieces on the board.
    PiecesCounted {
        player: usize,
        kept: [u8; 3],
        on_board: [u8; 3],
    },
    /// Two buildings on one corner.
    SharedCorner { player: usize },
    /// Two roads on one edge.
    SharedEdge { player: usize },
    /// A player's kept road ends are not their roads'.
    RoadCorners { player: usize },
    /// A player's kept points are not their points added up.
    Points { player: usize, kept: u8, added: u8 },
    /// A road along open sea.
    RoadAtSea,
    /// The board's sets of buildings and roads are not the players' together.
    BoardSets,
    /// A building beside another.
    Distance { corner: usize },
    /// A corner's kept owner is not the player who built there.
    Owner {
        corner: usize,
        owner: u8,
        builder: Option<usize>,
    },
    /// A player's kept road graph is not their roads'.
    RoadGraph { player: usize },
    /// A player's kept longest road is not the one measured.
    RoadLength {
        player: usize,
        kept: u8,
        measured: u8,
    },
    /// An award held by a seat not in the game.
    AwardOutOfTheGame { award: Award, holder: u8 },
    /// An award held below its least, or with less than another player has.
    AwardHeld {
        award: Award,
        holder: u8,
        held: u8,
        best: u8,
    },
    /// The robber off the land.
    RobberAtSea { cell: u8 },
    /// Cards owed to a discard outside a 7.
    DiscardsOwed { discards: [u8; MAX_SEATS] },
}

/// The two awards of the base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Award {
    LongestRoad,
    LargestArmy,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct State {
    pub seats: usize,
    pub players: [Player; MAX_SEATS],
    pub bank: [u8; 5],
    /// The shuffled development deck: `deck[..deck_len]`, drawn from the end.
    pub deck: [u8; 34],
    pub deck_len: usize,
    /// Development cards played, by kind (out of the game).
    pub played: [u8; 5],
    pub robber: u8,
    /// The player with a building on each corner, [`NONE`] if free.
    pub owner: [u8; 128],
    /// Corners with a building, and corners with a building or next to one (the distance
    /// rule: no settlement there).
    pub occupied: Bits,
    pub blocked: Bits,
    /// Every player's roads.
    pub roads: Bits,
    pub longest_road: u8,
    pub largest_army: u8,
    pub phase: Phase,
    /// Whose turn it is, and who decides now (a discarding player, a player in the special
    /// building phase).
    pub current: usize,
    pub actor: usize,
    /// The phase the robber or a road building card's free roads return to: `Roll` after a
    /// card played before the roll, `Main` after it.
    pub resume: Phase,
    pub dev_played: bool,
    /// The opening's step, 0..2 x seats.
    pub setup_step: usize,
    pub last_settlement: usize,
    /// Cards still to discard, by player.
    pub discards: [u8; MAX_SEATS],
    pub free_roads: u8,
    pub turns: u32,
    /// Moves made this turn (or this special building phase), to cut off a bot that never
    /// ends one.
    pub turn_moves: u32,
    pub winner: u8,
    pub last_roll: u8,
}

impl State {
    /// A fresh game for `seats` players, the deck in its printed order (the game shuffles it).
    pub fn new(table: &Table, seats: usize) -> State {
        let mut deck = [0; 34];
        let mut deck_len = 0;
        for (kind, &count) in table.rules.deck.iter().enumerate() {
            for _ in 0..count {
                deck[deck_len] = kind as u8;
                deck_len += 1;
            }
        }
        State {
            seats,
            players: [Player::default(); MAX_SEATS],
            bank: [table.rules.bank; 5],
            deck,
            deck_len,
            played: [0; 5],
            robber: table.robber_start,
            owner: [NONE; 128],
            occupied: 0,
            blocked: 0,
            roads: 0,
            longest_road: NONE,
            largest_army: NONE,
            phase: Phase::Setup { road: false },
            current: 0,
            actor: 0,
            resume: Phase::Main,
            dev_played: false,
            setup_step: 0,
            last_settlement: 0,
            discards: [0; MAX_SEATS],
            free_roads: 0,
            turns: 0,
            turn_moves: 0,
            winner: NONE,
            last_roll: 0,
        }
    }

    /// The seat placing in opening step `step`: 1..N, then N..1.
    pub fn setup_seat(&self, step: usize) -> usize {
        if step < self.seats {
            step
        } else {
            2 * self.seats - 1 - step
        }
    }

    /// A player's points added up afresh: a point a settlement, two a city, one a victory
    /// point card held, two an award.
    pub fn points(&self, player: usize) -> u8 {
        let p = &self.players[player];
        let awards = [self.longest_road, self.largest_army]
            .iter()
            .filter(|&&holder| usize::from(holder) == player)
            .count() as u8;
        (p.settlements.count_ones() + 2 * p.cities.count_ones()) as u8
            + p.holds(super::table::DevCard::VictoryPoint.index())
            + 2 * awards
    }

    pub fn is_city(&self, corner: usize) -> bool {
        has(self.players[usize::from(self.owner[corner])].cities, corner)
    }

    /// Corners of other players' buildings, which cut `player`'s roads.
    pub fn foreign(&self, player: usize) -> Bits {
        let own = self.players[player].settlements | self.players[player].cities;
        self.occupied & !own
    }

    /// Edges where `player` may build a road now (ignoring cost and pieces left): free
    /// land edges touching the player's building, or a corner of the player's road that is
    /// not another player's building (Almanac, "Roads").
    pub fn road_spots(&self, table: &Table, player: usize) -> Bits {
        let p = &self.players[player];
        let ends = (p.settlements | p.cities | p.road_corners) & !self.foreign(player);
        let mut out = 0;
        for c in ids(ends) {
            out |= table.corner_edges[c];
        }
        out & !self.roads & table.land_edges
    }

    /// Whether `edge` is one of [`State::road_spots`]: one of its corners is an end of the
    /// player's network (what `road_spots` gathers the edges of), without gathering them.
    pub fn is_road_spot(&self, table: &Table, player: usize, edge: usize) -> bool {
        let p = &self.players[player];
        let ends = (p.settlements | p.cities | p.road_corners) & !self.foreign(player);
        table.edge_ends[edge] & ends != 0 && !has(self.roads, edge) && has(table.land_edges, edge)
    }

    /// Edges for the opening's road: free land edges at the settlement just placed.
    pub fn setup_road_spots(&self, table: &Table) -> Bits {
        table.corner_edges[self.last_settlement] & !self.roads & table.land_edges
    }

    /// Corners where `player` may build a settlement now (ignoring cost and pieces): free
    /// of the distance rule and on the player's road (Almanac, "Distance Rule").
    pub fn settlement_spots(&self, table: &Table, player: usize) -> Bits {
        self.players[player].road_corners & table.buildable & !self.blocked
    }

    /// Opening spots: start corners free of the distance rule.
    pub fn start_spots(&self, table: &Table) -> Bits {
        table.start & !self.blocked
    }

    /// Players other than `player` with a building on `cell` and a card to steal.
    pub fn victims(&self, table: &Table, cell: usize, player: usize) -> u8 {
        let mut out = 0u8;
        for c in ids(table.cell_corner_set[cell] & self.occupied) {
            let owner = self.owner[c];
            if usize::from(owner) != player && self.players[usize::from(owner)].cards() > 0 {
                out |= 1 << owner;
            }
        }
        out
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The winner, if the game ended with one.
    pub fn winner(&self) -> Option<usize> {
        (self.winner != NONE).then_some(usize::from(self.winner))
    }

    /// What must always hold, or the first thing that does not: every card is in a hand, the
    /// bank, the deck or played (19 or 24 of each resource); pieces within their limits;
    /// buildings keep the distance rule; counted points equal points added up.
    pub fn check(&self, table: &Table) -> Result<(), Broken> {
        for r in 0..5 {
            let held: u32 = self.players[..self.seats]
                .iter()
                .map(|p| u32::from(p.hand[r]))
                .sum();
            if held + u32::from(self.bank[r]) != u32::from(table.rules.bank) {
                return Err(Broken::Resource {
                    resource: r,
                    held,
                    bank: self.bank[r],
                });
            }
        }
        for (kind, &printed) in table.rules.deck.iter().enumerate() {
            let in_deck = self.deck[..self.deck_len]
                .iter()
                .filter(|&&k| usize::from(k) == kind)
                .count() as u32;
            let held: u32 = self.players[..self.seats]
                .iter()
                .map(|p| u32::from(p.holds(kind)))
                .sum();
            if in_deck + held + u32::from(self.played[kind]) != u32::from(printed) {
                return Err(Broken::DevelopmentCard {
                    kind,
                    in_deck,
                    held,
                    played: self.played[kind],
                });
            }
        }
        let knights: u32 = self.players.iter().map(|p| u32::from(p.knights)).sum();
        if knights != u32::from(self.played[0]) {
            return Err(Broken::Knights {
                in_armies: knights,
                played: self.played[0],
            });
        }
        let mut occupied = 0;
        let mut roads = 0;
        for (i, p) in self.players[..self.seats].iter().enumerate() {
            if p.roads.count_ones() > ROADS
                || p.settlements.count_ones() > SETTLEMENTS
                || p.cities.count_ones() > CITIES
            {
                return Err(Broken::PiecesBeyondTheBox { player: i });
            }
            let counted = [p.settlements, p.cities, p.roads].map(|set| set.count_ones() as u8);
            if p.pieces != counted {
                return Err(Broken::PiecesCounted {
                    player: i,
                    kept: p.pieces,
                    on_board: counted,
                });
            }
            if p.settlements & p.cities != 0 || occupied & (p.settlements | p.cities) != 0 {
                return Err(Broken::SharedCorner { player: i });
            }
            occupied |= p.settlements | p.cities;
            if roads & p.roads != 0 {
                return Err(Broken::SharedEdge { player: i });
            }
            roads |= p.roads;
            let road_corners = ids(p.roads).fold(0, |set, e| set | table.edge_ends[e]);
            if p.road_corners != road_corners {
                return Err(Broken::RoadCorners { player: i });
            }
            if p.points != self.points(i) {
                return Err(Broken::Points {
                    player: i,
                    kept: p.points,
                    added: self.points(i),
                });
            }
        }
        if roads & !table.land_edges != 0 {
            return Err(Broken::RoadAtSea);
        }
        if occupied != self.occupied || roads != self.roads {
            return Err(Broken::BoardSets);
        }
        for c in ids(occupied) {
            if table.corner_neighbours[c] & occupied != 0 {
                return Err(Broken::Distance { corner: c });
            }
        }
        for (c, &owner) in self.owner.iter().enumerate() {
            let builder = self.players[..self.seats]
                .iter()
                .position(|p| has(p.settlements | p.cities, c));
            if builder.map_or(NONE, |i| i as u8) != owner {
                return Err(Broken::Owner {
                    corner: c,
                    owner,
                    builder,
                });
            }
        }
        for (i, p) in self.players[..self.seats].iter().enumerate() {
            if !p.road_graph.is_graph_of(table, p.roads, self.foreign(i)) {
                return Err(Broken::RoadGraph { player: i });
            }
            let fresh = super::longest_road::length(table, p.roads, self.foreign(i));
            if p.road_length != fresh {
                return Err(Broken::RoadLength {
                    player: i,
                    kept: p.road_length,
                    measured: fresh,
                });
            }
        }
        self.check_awards()?;
        if self.robber != NONE && !table.land.contains(&self.robber) {
            return Err(Broken::RobberAtSea { cell: self.robber });
        }
        if self.phase != Phase::Discard && self.discards.iter().any(|&d| d > 0) {
            return Err(Broken::DiscardsOwed {
                discards: self.discards,
            });
        }
        Ok(())
    }

    /// Award holders: longest road with none or a road of 5 or more that nobody's beats;
    /// largest army with none or 3 knights or more that nobody's beats (Almanac, "Longest
    /// Road", "Largest Army").
    fn check_awards(&self) -> Result<(), Broken> {
        let players = &self.players[..self.seats];
        type Measure = fn(&Player) -> u8;
        let awards: [(Award, u8, u8, Measure); 2] = [
            (
                Award::LongestRoad,
                self.longest_road,
                LONGEST_ROAD_MIN,
                |p| p.road_length,
            ),
            (
                Award::LargestArmy,
                self.largest_army,
                LARGEST_ARMY_MIN,
                |p| p.knights,
            ),
        ];
        for (name, holder, least, measure) in awards {
            if holder == NONE {
                continue;
            }
            let held =
                players
                    .get(usize::from(holder))
                    .map(measure)
                    .ok_or(Broken::AwardOutOfTheGame {
                        award: name,
                        holder,
                    })?;
            let best = players.iter().map(measure).max().unwrap_or(0);
            if held < least || held < best {
                return Err(Broken::AwardHeld {
                    award: name,
                    holder,
                    held,
                    best,
                });
            }
        }
        Ok(())
    }
}
