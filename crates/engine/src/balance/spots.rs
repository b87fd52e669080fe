//! Settlement spots and seats: what each corner is worth, how an opening snake draft shares
//! the board out, and a fair start (McGuire's step 4: one player places two settlements for
//! every colour, all equally good).
//!
//! A spot's value, used by the draft and the fair start: its pips (the expected resources
//! per 36 rolls), plus 1 for each resource beyond the first it touches (variety), plus what
//! its harbour is worth there ([`harbour_bonus`]). Pips dominate, as they do at the table;
//! variety and harbours break near-ties.
//!
//! Harbour access: a harbour pays off on what is traded through it, and the settlement on it
//! trades first what it produces itself. Against the bank's 4:1, a 3:1 harbour turns each
//! card into 1/3 of a card instead of 1/4 (a gain of 1/12 a card), a 2:1 harbour turns each
//! card of its own resource into 1/2 (a gain of 3/12): for the same pips, a 2:1 harbour on
//! its resource gains three times what a 3:1 harbour gains on anything. So a harbour's
//! "traded pips" at a corner are all the corner's pips for a 3:1 harbour and 3 x the pips of
//! its resource for a 2:1 harbour, and the harbour adds 1 (it serves the seat's other
//! settlements too) + 1 for each 6 traded pips. Harbour strength as a balance measure comes
//! from quinnrenaghan/catan-board-gen, whose README lists "harbor strength distribution" as
//! its sixth metric (it weighs a harbour's own resource 4:1 against the others, a 3:1
//! harbour's 2:1; we take the trade arithmetic above instead).
//!
//! Cities & Knights: each seat's second placement is a city, and resources and commodities
//! weigh differently there ([`super::worth`], the one place values read the game played). A
//! spot then has two values, as the opening's settlement and as its city, and the snake draft
//! takes the first round by the first and the second round by the second.
//!
//! Fish (Traders & Barbarians, "The Fishermen of Catan"): the lake and the fishing grounds
//! yield a fish token, not a resource, so they add no variety and nothing a harbour trades.
//! A token shows 1, 2 or 3 fish (11, 10 and 8 of the 29: the 2007 Fishermen rules,
//! "New Components"), 55/29 fish on average, and 4 fish buy a resource of one's choice
//! (thesixsides.blogspot.com 2011-06 and rpg.net review 13257, which list the fish costs),
//! so a fish pip is worth 55/116 of a resource pip ([`fish_value`]). Oasis, castle, quarry,
//! glassworks, desert and swamp yield nothing at all.

use serde::Serialize;

use crate::board::Board;
use crate::catalogue::Layout;
use crate::generate::random::Random;
use crate::model::{pips, Expansion, HarbourKind, Piece, Resource, Terrain};
use crate::model::{CellId, CornerId};
use crate::order;

use super::worth::{in_pips, pip_worth};
use crate::rules::{corner_pips, corner_resources};

/// One settlement spot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spot {
    pub corner: CornerId,
    /// Resource pips: the tokens of the hexes it touches.
    pub pips: u32,
    /// Fish pips: the lake's printed numbers and the fishing grounds serving it.
    pub fish: u32,
    pub resources: Vec<Resource>,
    /// Written as its trade (`3:1`, `2:1 ore`), as the command line's JSON always has.
    #[serde(serialize_with = "harbour_trade")]
    pub harbour: Option<HarbourKind>,
    /// Its value as the opening's first piece (a settlement).
    pub value: u32,
    /// Its value as the opening's second piece where that is a city (Cities & Knights);
    /// `None` where the second piece is a settlement worth `value` again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<u32>,
}

fn harbour_trade<S: serde::Serializer>(
    harbour: &Option<HarbourKind>,
    out: S,
) -> Result<S::Ok, S::Error> {
    match harbour {
        Some(kind) => out.serialize_some(&kind.label()),
        None => out.serialize_none(),
    }
}

/// The value of a spot from its parts (see the module comment): `pips` as worth in pips to
/// the piece placed there (its resource pips in the base game: [`super::worth`]),
/// `traded_pips` its harbour's [`traded_pips`] there.
pub fn spot_value(
    pips: u32,
    distinct_resources: usize,
    harbour: Option<HarbourKind>,
    traded_pips: u32,
) -> u32 {
    let variety = distinct_resources.saturating_sub(1) as u32;
    pips + variety + harbour_bonus(harbour, traded_pips)
}

/// What `fish_pips` of fish are worth in resource pips, rounded down: 55 fish on 29 tokens,
/// 4 fish a resource (see the module comment).
pub fn fish_value(fish_pips: u32) -> u32 {
    fish_pips * 55 / (29 * 4)
}

/// The fish pips each corner gets from the layout's fishing grounds (Fishermen).
fn fishing_pips(layout: &Layout) -> Vec<u32> {
    let mut fish = vec![0; layout.topology.corners.len()];
    for ground in &layout.fishing {
        for &corner in &ground.corners {
            fish[corner] += u32::from(pips(ground.number));
        }
    }
    fish
}

/// The fish pips a hex of `terrain` yields: the numbers printed on it (the lake's).
fn hex_fish_pips(terrain: Terrain) -> u32 {
    terrain
        .printed_numbers()
        .iter()
        .map(|&n| u32::from(pips(n)))
        .sum()
}

/// What a harbour adds to a spot: 1, and 1 for each 6 pips it trades there.
pub fn harbour_bonus(harbour: Option<HarbourKind>, traded_pips: u32) -> u32 {
    harbour.map_or(0, |_| 1 + traded_pips / 6)
}

/// The pips a harbour of `kind` trades at `corner`, weighted by its rate (see the module
/// comment): all the corner's pips for 3:1, 3 x its resource's pips there for 2:1.
pub fn traded_pips(
    layout: &Layout,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
    kind: HarbourKind,
    corner: CornerId,
) -> u32 {
    traded(
        kind,
        &layout.topology.corner_cells[corner],
        |c| u32::from(layout.number_pips(numbers[c])),
        |c, r| terrain[c].resource() == Some(r),
    )
}

/// [`traded_pips`] over a corner's `cells`, reading each cell's pips and whether it produces
/// a resource through `pips` and `produces`: the one formula, whether the cells are read from
/// the board or from [`CellTables`].
fn traded(
    kind: HarbourKind,
    cells: &[CellId],
    pips: impl Fn(CellId) -> u32,
    produces: impl Fn(CellId, Resource) -> bool,
) -> u32 {
    match kind {
        HarbourKind::Generic => cells.iter().map(|&c| pips(c)).sum(),
        HarbourKind::Special(r) => {
            3 * cells
                .iter()
                .filter(|&&c| produces(c, r))
                .map(|&c| pips(c))
                .sum::<u32>()
        }
    }
}

/// A deal read once for spot values: each cell's token pips, their worth to each piece of
/// the opening, and its resource as a bit (`LAND` alone for land without one, nothing for
/// sea), so a corner's value is a few lookups. [`spots`] and the seat-fair search's
/// [`DraftJudge`] both value corners with it.
#[derive(Default)]
struct CellTables {
    pips: Vec<u32>,
    /// Each cell's pips in quarter pips of worth to the opening's first and second piece
    /// ([`pip_worth`]).
    worth: [Vec<u32>; 2],
    bits: Vec<u8>,
    /// Fish pips of the hex (the lake's).
    fish: Vec<u32>,
}

const LAND: u8 = 1 << 5;

fn resource_bit(resource: Resource) -> u8 {
    1 << resource.index()
}

impl CellTables {
    fn of(
        layout: &Layout,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
        expansion: Expansion,
    ) -> CellTables {
        let mut tables = CellTables::default();
        tables.fill(layout, terrain, numbers, expansion);
        tables
    }

    /// Reads a deal, keeping the tables' space. A hex's pips count the tokens stacked on it.
    fn fill(
        &mut self,
        layout: &Layout,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
        expansion: Expansion,
    ) {
        self.pips.clear();
        self.pips
            .extend(numbers.iter().map(|&n| u32::from(layout.number_pips(n))));
        for (worth, piece) in self.worth.iter_mut().zip(expansion.opening()) {
            worth.clear();
            worth.extend(
                self.pips
                    .iter()
                    .zip(terrain)
                    .map(|(&p, t)| p * pip_worth(expansion, piece, t.resource())),
            );
        }
        self.bits.clear();
        self.bits.extend(terrain.iter().map(|t| match t {
            Terrain::Sea => 0,
            land => land.resource().map_or(LAND, |r| LAND | resource_bit(r)),
        }));
        self.fish.clear();
        self.fish.extend(terrain.iter().map(|&t| hex_fish_pips(t)));
    }

    /// The fish pips of the spot on `cells`, given what fishing grounds give its corner.
    fn fish(&self, cells: &[CellId], fishing: u32) -> u32 {
        fishing + cells.iter().map(|&c| self.fish[c]).sum::<u32>()
    }

    /// The value of the spot on `cells` with `harbour`, served by fishing grounds worth
    /// `fishing` fish pips, as the opening's piece number `piece` (0 or 1); `None` where it
    /// touches no land.
    fn value(
        &self,
        cells: &[CellId],
        harbour: Option<HarbourKind>,
        fishing: u32,
        piece: usize,
    ) -> Option<u32> {
        let (mut worth, mut bits) = (0, 0u8);
        for &cell in cells {
            worth += self.worth[piece][cell];
            bits |= self.bits[cell];
        }
        if bits == 0 {
            return None;
        }
        let traded = harbour.map_or(0, |kind| {
            traded(
                kind,
                cells,
                |c| self.pips[c],
                |c, r| self.bits[c] & resource_bit(r) != 0,
            )
        });
        let distinct = (bits & !LAND).count_ones() as usize;
        let pips = in_pips(worth);
        Some(spot_value(pips, distinct, harbour, traded) + fish_value(self.fish(cells, fishing)))
    }
}

/// Every corner touching land, with its pips, resources, harbour and value, in the base
/// game.
pub fn spots(board: &Board) -> Vec<Spot> {
    spots_in(board, Expansion::BaseGame)
}

/// Every corner touching land, with its pips, resources, harbour and values at a table
/// playing `expansion`.
pub fn spots_in(board: &Board, expansion: Expansion) -> Vec<Spot> {
    let layout = board.layout();
    let harbours = board.corner_harbours();
    let tables = CellTables::of(layout, &board.terrain, &board.numbers, expansion);
    let fishing = fishing_pips(layout);
    let city = expansion.opening()[1] == Piece::City;
    CornerId::all(layout.topology.corners.len())
        .filter_map(|c| {
            let cells = &layout.topology.corner_cells[c];
            let value = tables.value(cells, harbours[c], fishing[c], 0)?;
            Some(Spot {
                corner: c,
                pips: corner_pips(layout, board, c),
                fish: tables.fish(cells, fishing[c]),
                value,
                city: city
                    .then(|| tables.value(cells, harbours[c], fishing[c], 1))
                    .flatten(),
                harbour: harbours[c],
                resources: corner_resources(layout, board, c),
            })
        })
        .collect()
}

/// Corners one edge apart: a settlement forbids its neighbours (the distance rule).
pub fn corner_neighbours(layout: &Layout) -> Vec<Vec<CornerId>> {
    let mut out = vec![Vec::new(); layout.topology.corners.len()];
    for &(a, b) in &layout.topology.edges {
        out[a].push(b);
        out[b].push(a);
    }
    out
}

/// Each seat's two opening pieces and their total value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Seat {
    pub seat: usize,
    /// Where its two pieces stand, in the order placed.
    pub settlements: [CornerId; 2],
    /// What they are: two settlements, or (Cities & Knights) a settlement and a city.
    #[serde(skip_serializing_if = "two_settlements")]
    pub pieces: [Piece; 2],
    pub value: u32,
}

fn two_settlements(pieces: &[Piece; 2]) -> bool {
    *pieces == [Piece::Settlement; 2]
}

/// Spot values by corner (0 where a corner touches no land) for each piece of an opening:
/// what a seat's pieces are worth where they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningValues {
    pub pieces: [Piece; 2],
    pub values: [Vec<u32>; 2],
}

impl OpeningValues {
    /// The values of `board`'s spots to a table playing `expansion`.
    pub fn of(board: &Board, expansion: Expansion) -> OpeningValues {
        OpeningValues::from_spots(board, &spots_in(board, expansion), expansion)
    }

    /// The values of `all`, `board`'s spots to a table playing `expansion` ([`spots_in`]).
    fn from_spots(board: &Board, all: &[Spot], expansion: Expansion) -> OpeningValues {
        let first = values_by_corner(board, all.iter().map(|s| (s.corner, s.value)));
        let second = match expansion.opening()[1] {
            Piece::City => values_by_corner(
                board,
                all.iter().map(|s| (s.corner, s.city.unwrap_or(s.value))),
            ),
            Piece::Settlement => first.clone(),
        };
        OpeningValues {
            pieces: expansion.opening(),
            values: [first, second],
        }
    }

    /// The value of the pieces `placed` (in the order placed).
    pub fn of_pair(&self, placed: [CornerId; 2]) -> u32 {
        self.values[0][placed[0]] + self.values[1][placed[1]]
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Seating {
    pub seats: Vec<Seat>,
    /// Best seat's value minus worst seat's.
    pub spread: u32,
}

impl Seating {
    /// The seating of `placed` (each seat's two settlements, seat 1 first), valued by
    /// `values` (spot values by corner: [`spot_values`]), in the base game.
    pub fn of(placed: &[[CornerId; 2]], values: &[u32]) -> Seating {
        Seating::of_opening(
            placed,
            &OpeningValues {
                pieces: Expansion::BaseGame.opening(),
                values: [values.to_vec(), values.to_vec()],
            },
        )
    }

    /// The seating of `placed` (each seat's two pieces, seat 1 first), valued by `values`.
    pub fn of_opening(placed: &[[CornerId; 2]], values: &OpeningValues) -> Seating {
        Seating::new(
            placed
                .iter()
                .enumerate()
                .map(|(i, p)| Seat {
                    seat: i + 1,
                    settlements: *p,
                    pieces: values.pieces,
                    value: values.of_pair(*p),
                })
                .collect(),
        )
    }

    /// Each seat's two settlements as corner numbers, seat 1 first, in the order placed:
    /// an opening as `play::PlayTest::with_opening` takes it.
    pub fn opening(&self) -> Vec<[usize; 2]> {
        self.seats
            .iter()
            .map(|s| s.settlements.map(CornerId::index))
            .collect()
    }

    fn new(mut seats: Vec<Seat>) -> Seating {
        order::sort_by_key(&mut seats, |s| s.seat);
        let spread = seats.iter().map(|s| s.value).max().unwrap_or(0)
            - seats.iter().map(|s| s.value).min().unwrap_or(0);
        Seating { seats, spread }
    }
}

/// Whether `corner` is free and keeps the distance rule against `taken`.
pub(crate) fn allowed(corner: CornerId, taken: &[CornerId], neighbours: &[Vec<CornerId>]) -> bool {
    !taken.contains(&corner) && neighbours[corner].iter().all(|n| !taken.contains(n))
}

/// The opening snake draft (seats 1..N, then N..1), each seat taking the most valuable free
/// spot the distance rule allows (the lowest corner id among equals), in the base game.
pub fn snake_draft(board: &Board, seats: usize) -> Seating {
    snake_draft_in(board, seats, Expansion::BaseGame)
}

/// The opening snake draft at a table playing `expansion`: the first round takes spots by
/// their value to the opening's first piece, the second round (N..1) by their value to its
/// second (a city under Cities & Knights).
pub fn snake_draft_in(board: &Board, seats: usize, expansion: Expansion) -> Seating {
    let mut judge = DraftJudge::new(board.layout(), &board.harbours, expansion);
    judge.rank(&board.terrain, &board.numbers);
    judge.draft(seats);
    Seating::new(
        (0..seats)
            .filter(|&seat| judge.got[seat] == 2)
            .map(|seat| Seat {
                seat: seat + 1,
                settlements: judge.picks[seat],
                pieces: expansion.opening(),
                value: judge.pair_value(judge.picks[seat]),
            })
            .collect(),
    )
}

/// The snake draft of [`snake_draft`], run on board after board of one layout with the same
/// harbours (the seat-fair search's inner loop): the scratch space is kept, so judging a
/// board allocates nothing.
pub struct DraftJudge {
    layout: &'static Layout,
    /// The game played, which values the deal's spots.
    expansion: Expansion,
    neighbours: Vec<Vec<CornerId>>,
    /// The harbour reachable from each corner.
    harbours: Vec<Option<HarbourKind>>,
    /// The fish pips each corner's fishing grounds give.
    fishing: Vec<u32>,
    /// Corners where the layout lets players start, in corner order.
    startable: Vec<CornerId>,
    /// The deal being judged.
    tables: CellTables,
    /// Spot values by corner (of the corners in `order`), to the opening's first and second
    /// piece.
    values: [Vec<u32>; 2],
    /// The corners touching land where players may start, most valuable first (lowest
    /// corner among equals), for the first and second piece; when the two pieces are alike
    /// (the base game) only the first is ranked and serves both rounds.
    order: [Vec<CornerId>; 2],
    /// Scratch of the counting sort that makes `order`: the corners in corner order, and
    /// where each value's corners go.
    unsorted: Vec<CornerId>,
    counts: Vec<usize>,
    /// Taken, or next to a taken corner.
    blocked: Vec<bool>,
    picks: Vec<[CornerId; 2]>,
    got: Vec<u8>,
}

impl DraftJudge {
    pub fn new(
        layout: &'static Layout,
        harbours: &[crate::board::Harbour],
        expansion: Expansion,
    ) -> DraftJudge {
        let corners = layout.topology.corners.len();
        let mut by_corner = vec![None; corners];
        for h in harbours {
            for c in h.spot.corners {
                by_corner[c] = Some(h.kind);
            }
        }
        DraftJudge {
            layout,
            expansion,
            neighbours: corner_neighbours(layout),
            harbours: by_corner,
            fishing: fishing_pips(layout),
            startable: CornerId::all(corners)
                .filter(|&c| layout.may_start(c))
                .collect(),
            tables: CellTables::default(),
            values: [vec![0; corners], vec![0; corners]],
            order: [Vec::with_capacity(corners), Vec::with_capacity(corners)],
            unsorted: Vec::with_capacity(corners),
            counts: Vec::new(),
            blocked: vec![false; corners],
            picks: Vec::new(),
            got: Vec::new(),
        }
    }

    /// Which ranking serves the opening's piece number `piece`: its own, or the first's
    /// when the two pieces are alike.
    fn ranking(&self, piece: usize) -> usize {
        let [first, second] = self.expansion.opening();
        if first == second {
            0
        } else {
            piece
        }
    }

    /// What a seat's `picks` are worth, in the order placed.
    fn pair_value(&self, picks: [CornerId; 2]) -> u32 {
        self.values[0][picks[0]] + self.values[self.ranking(1)][picks[1]]
    }

    /// Values and ranks the spots of a deal: their [`CellTables`] values, ordered by a
    /// counting sort (values are small: at most 15 pips, 2 for variety and 8 for a harbour;
    /// a Cities & Knights city about 2.5 times the pips). Corners enter in ascending order
    /// and the counting sort is stable, so equal values keep the lowest corner first, as the
    /// draft requires. This is most of what a seat-fair search spends beyond the score.
    fn rank(&mut self, terrain: &[Terrain], numbers: &[Option<u8>]) {
        let layout = self.layout;
        self.tables.fill(layout, terrain, numbers, self.expansion);
        for piece in 0..=self.ranking(1) {
            self.rank_piece(piece);
        }
    }

    /// Ranks the spots by their value to the opening's piece number `piece`.
    fn rank_piece(&mut self, piece: usize) {
        let layout = self.layout;
        let values = &mut self.values[piece];
        self.unsorted.clear();
        let mut most = 0;
        for &c in &self.startable {
            let Some(value) = self.tables.value(
                &layout.topology.corner_cells[c],
                self.harbours[c],
                self.fishing[c],
                piece,
            ) else {
                continue;
            };
            values[c] = value;
            most = most.max(value);
            self.unsorted.push(c);
        }
        // Counting sort, most valuable first: `counts[v]` becomes where value `most - v`
        // starts.
        let buckets = most as usize + 1;
        self.counts.clear();
        self.counts.resize(buckets + 1, 0);
        for &c in &self.unsorted {
            self.counts[(most - values[c]) as usize + 1] += 1;
        }
        for v in 1..=buckets {
            self.counts[v] += self.counts[v - 1];
        }
        let order = &mut self.order[piece];
        order.clear();
        order.resize(self.unsorted.len(), CornerId::default());
        for &c in &self.unsorted {
            let at = &mut self.counts[(most - values[c]) as usize];
            order[*at] = c;
            *at += 1;
        }
    }

    /// Drafts the ranked spots for `seats`: in each round the best spot not blocked is
    /// always at or after the last one taken from that round's ranking, as blocking only
    /// grows.
    fn draft(&mut self, seats: usize) {
        self.blocked.fill(false);
        self.picks.clear();
        self.picks.resize(seats, [CornerId::default(); 2]);
        self.got.clear();
        self.got.resize(seats, 0);
        let mut next = [0; 2];
        for (i, seat) in (0..seats).chain((0..seats).rev()).enumerate() {
            let ranking = self.ranking(usize::from(i >= seats));
            let order = &self.order[ranking];
            let at = &mut next[ranking];
            while *at < order.len() && self.blocked[order[*at]] {
                *at += 1;
            }
            let Some(&corner) = order.get(*at) else {
                return;
            };
            self.blocked[corner] = true;
            for &n in &self.neighbours[corner] {
                self.blocked[n] = true;
            }
            self.picks[seat][usize::from(self.got[seat])] = corner;
            self.got[seat] += 1;
        }
    }

    /// The snake draft's spread (best seat's value minus worst seat's) for `seats`, of the
    /// deal last ranked.
    fn spread(&mut self, seats: usize) -> u32 {
        self.draft(seats);
        let (mut most, mut least) = (0, u32::MAX);
        for seat in 0..seats {
            if self.got[seat] == 2 {
                let value = self.pair_value(self.picks[seat]);
                most = most.max(value);
                least = least.min(value);
            }
        }
        most.saturating_sub(least)
    }

    /// The game whose openings are judged.
    pub fn expansion(&self) -> Expansion {
        self.expansion
    }

    /// How far a deal's snake drafts miss "every seat within 1 point": the spread
    /// beyond 1, summed over the seat counts `seats`.
    pub fn unfairness(
        &mut self,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
        seats: std::ops::RangeInclusive<usize>,
    ) -> u32 {
        self.rank(terrain, numbers);
        seats.map(|n| self.spread(n).saturating_sub(1)).sum()
    }
}

/// A fair start: two settlements per seat, keeping the distance rule, with the smallest
/// spread of seat values (and, among equal spreads, the most value in all). Found by
/// annealing over swaps between seats and moves to free spots, from the snake draft.
pub fn fair_start(board: &Board, seats: usize) -> Seating {
    fair_start_in(board, seats, Expansion::BaseGame)
}

/// A fair start at a table playing `expansion`: each seat's two pieces as its opening has
/// them (a settlement and a city under Cities & Knights), each valued as that piece.
pub fn fair_start_in(board: &Board, seats: usize, expansion: Expansion) -> Seating {
    let neighbours = corner_neighbours(board.layout());
    let all = spots_in(board, expansion);
    // Spot values by corner, read thousands of times in the loop below.
    let values = OpeningValues::from_spots(board, &all, expansion);
    // A spot's worth to either piece, to rank the candidates (twice the value in the base
    // game, so the same order).
    let value_of = |corner: CornerId| values.values[0][corner] + values.values[1][corner];
    let draft = snake_draft_in(board, seats, expansion);
    let mut placed: Vec<[CornerId; 2]> = draft.seats.iter().map(|s| s.settlements).collect();
    // Only the seats the draft could give two settlements take part: on a board with too
    // little land (a user's board text may be nearly all sea) that is fewer than asked, or
    // none, and then the draft is the answer.
    let seated = placed.len();
    // Candidate spots: the better half, which a fair start would draw from.
    let mut candidates: Vec<CornerId> = all
        .iter()
        .map(|s| s.corner)
        .filter(|&c| board.layout().may_start(c))
        .collect();
    order::sort_by_key(&mut candidates, |&c| std::cmp::Reverse(value_of(c)));
    candidates.truncate((all.len() / 2).max(4 * seats));
    if seated == 0 {
        return draft;
    }
    let cost = |placed: &[[CornerId; 2]]| -> i64 {
        let values: Vec<i64> = placed
            .iter()
            .map(|p| i64::from(values.of_pair(*p)))
            .collect();
        let spread = values.iter().max().unwrap_or(&0) - values.iter().min().unwrap_or(&0);
        spread * 1000 - values.iter().sum::<i64>()
    };
    let mut rng = Random::new(0xFA1E);
    let mut current = cost(&placed);
    let mut best = (current, placed.clone());
    let steps = 20_000;
    for step in 0..steps {
        let temperature = 400.0 * (1.0 - f64::from(step) / f64::from(steps)) + 1.0;
        let before = placed.clone();
        let (seat, slot) = (rng.index(seated), rng.index(2));
        if rng.below(2) == 0 {
            // Swap with another seat's settlement.
            let (other, other_slot) = (rng.index(seated), rng.index(2));
            let a = placed[seat][slot];
            placed[seat][slot] = placed[other][other_slot];
            placed[other][other_slot] = a;
        } else {
            // Move to a free spot that keeps the distance rule.
            let taken: Vec<CornerId> = placed
                .iter()
                .flatten()
                .copied()
                .filter(|&c| c != placed[seat][slot])
                .collect();
            let spot = candidates[rng.index(candidates.len())];
            if !allowed(spot, &taken, &neighbours) {
                continue;
            }
            placed[seat][slot] = spot;
        }
        let next = cost(&placed);
        if rng.accept((next - current) as f64, temperature) {
            current = next;
            if current < best.0 {
                best = (current, placed.clone());
            }
        } else {
            placed = before;
        }
    }
    Seating::of_opening(&best.1, &values)
}

/// Each corner's spot value ([`spots`]), 0 where it touches no land.
pub fn spot_values(board: &Board) -> Vec<u32> {
    values_by_corner(board, spots(board).iter().map(|s| (s.corner, s.value)))
}

/// Values by corner from (corner, value) pairs, 0 for corners not named.
fn values_by_corner(board: &Board, spots: impl Iterator<Item = (CornerId, u32)>) -> Vec<u32> {
    let mut values = vec![0u32; board.layout().topology.corners.len()];
    for (corner, value) in spots {
        values[corner] = value;
    }
    values
}

#[cfg(test)]
mod tests;
