//! The fair start chosen by play: among starts as good on paper as the fair start (two
//! settlements a seat, placed for everyone: McGuire's step 4, [`fair_start`]), the one whose
//! games, opened on it, are closest to even.
//!
//! Why play decides: the fair start evens out the static value of each seat's spots, but
//! static values do not predict who wins (docs/play.md, "The fair start chosen by play"):
//! what a seat's two settlements make together, the room they leave, the order seats play
//! in. So the start is chosen the way [`super::fair`] chooses boards.
//!
//! How: first a [`Race`] by successive halving ([`ROUNDS`]) on the same games for every
//! start, among [`CANDIDATES`] starts: the fair start itself and starts drawn by a walk from
//! it ([`Paper::draw`]) that re-assigns which seat gets which pair (seat order matters: the
//! first seat moves first, the last places its second settlement right after its first),
//! which of a seat's two is placed first (the second pays out its resources), exchanges
//! settlements between seats and moves one to another spot that keeps the distance rule,
//! staying as good on paper ([`AsGood`]). Then [`REFINEMENTS`] races, each on games of its
//! own, among the last winner and the starts one move from it toward even, read from the
//! seats' wins in its games ([`Paper::toward_even`]: the most winning seat gives a pair or a
//! settlement to the least winning one, and so on). Raced and played by identical greedy
//! players, a random pool alone stopped at a median spread of 0.123 on 10 boards at four
//! seats, the moves toward even brought the same boards to 0.069; over 50 boards it was
//! 0.084, against 0.297 for the fair start (docs/findings.md, "the fair start raced by
//! identical greedy players"). The fair start plays every round of every race, so the start
//! chosen is never less even than the fair start on the games it was chosen on.
//!
//! The races are played by varied players ([`TableModel::Varied`], the players the page and
//! `hexfair playtest` show games of): chosen by identical greedy players, a start was less
//! even for varied ones (median spread 0.107 against 0.076 at four seats; docs/play.md,
//! "The fair start chosen by play").
//!
//! Deterministic: the same board, seats and seed give the same start natively and in wasm
//! (the engine's PCG, plain arithmetic). Work is counted in games ([`StartSearch::step`]), so
//! a page can run it in slices and show progress. The games it was chosen on flatter it; a
//! fresh play-test from the start (another seed) tells its chances.

use crate::balance::spots::{allowed, corner_neighbours, fair_start, spot_values, Seating};
use crate::board::Board;
use crate::generate::random::Random;
use crate::model::CornerId;
use crate::play::playtest::{PlayReport, PlayTest};
use crate::play::race::{self, Race};
use crate::play::{BotKind, PlayError, TableModel};

/// Starts compared in the first race, the fair start included.
pub const CANDIDATES: usize = 128;
/// The first race: how many starts play each round, and the games each has played by its
/// end (the fair start plays every round beside them); its winner goes on to the races
/// toward even, which play it to 1,024 games.
const ROUNDS: [(usize, u32); 3] = [(128, 24), (32, 96), (8, 384)];
/// Races after the first, each among the last race's winner and the starts a move from it
/// toward even ([`Paper::toward_even`], about 20), on games of their own. Tried on 10 boards
/// at four seats (fresh games' median spread, time): 3 races of (24, 128), (6, 512),
/// (2, 1,024) 0.096 in 1.6 s after a first race to 1,024 games; 6 of them 0.081 in 2.7 s;
/// these 4, after a first race to 384 games, 0.069 in 1.6 s; 6 of (24, 48), (6, 192),
/// (2, 768) 0.077 in 1.3 s.
const REFINEMENTS: u32 = 4;
const REFINE_ROUNDS: [(usize, u32); 3] = [(24, 64), (6, 256), (2, 1_024)];
/// Moves the walk takes between two starts it hands out, so that consecutive ones differ
/// by more than one move.
const STRIDE: u32 = 3;
/// The most moves the walk proposes (most are taken; on a board with few good spots the
/// walk may find fewer distinct starts than [`CANDIDATES`], and the race takes those).
const MOST_PROPOSALS: u32 = CANDIDATES as u32 * STRIDE * 50;

/// Each seat's two settlements, in the order placed (the first in the snake's first round).
type Opening = Vec<[CornerId; 2]>;

/// What the search chose, and the games it chose on.
#[derive(Clone, Debug)]
pub struct StartFound {
    /// The start chosen: each seat's two settlements in the order placed, with their spot
    /// values.
    pub start: Seating,
    /// The games the start was chosen on, its last race's (biased toward even: it won on
    /// them).
    pub games: PlayReport,
    /// The fair start by spot values ([`fair_start`]), which plays every race.
    pub fair_start: Seating,
    /// The fair start's results on the same games.
    pub fair_start_games: PlayReport,
    /// The seed of those games' play-test (a fresh play-test takes another).
    pub games_seed: u64,
    /// Starts compared, in all races (each once).
    pub compared: usize,
}

/// A start is as good on paper as the fair start when no seat's value is more than a point
/// below the fair start's worst seat or above its best, and the spread of seat values (best
/// minus worst) is at most a point wider than the fair start's.
struct AsGood {
    least: u32,
    most: u32,
    spread: u32,
}

impl AsGood {
    fn new(fair: &[u32]) -> AsGood {
        let least = fair.iter().copied().min().unwrap_or(0);
        let most = fair.iter().copied().max().unwrap_or(0);
        AsGood {
            least: least.saturating_sub(1),
            most: most + 1,
            spread: most - least + 1,
        }
    }

    fn holds(&self, seat_values: impl Iterator<Item = u32> + Clone) -> bool {
        let least = seat_values.clone().min().unwrap_or(0);
        let most = seat_values.max().unwrap_or(0);
        least >= self.least && most <= self.most && most - least <= self.spread
    }
}

/// What the board's spots say about starts: each corner's value, the distance rule, the
/// corners a start may use, and what is as good on paper as the fair start.
struct Paper {
    values: Vec<u32>,
    neighbours: Vec<Vec<CornerId>>,
    startable: Vec<CornerId>,
    as_good: AsGood,
}

impl Paper {
    fn new(board: &Board, fair: &Seating) -> Paper {
        let layout = board.layout();
        let values = spot_values(board);
        let startable = CornerId::all(values.len())
            .filter(|&c| layout.may_start(c) && values[c] > 0)
            .collect();
        let fair_values: Vec<u32> = fair.seats.iter().map(|s| s.value).collect();
        Paper {
            values,
            neighbours: corner_neighbours(layout),
            startable,
            as_good: AsGood::new(&fair_values),
        }
    }

    fn seating(&self, start: &Opening) -> Seating {
        Seating::of(start, &self.values)
    }

    fn as_good(&self, start: &Opening) -> bool {
        self.as_good
            .holds(start.iter().map(|p| self.values[p[0]] + self.values[p[1]]))
    }

    /// Whether `spot` may take the place of seat `seat`'s settlement `slot` by the distance
    /// rule.
    fn may_move(&self, start: &Opening, seat: usize, slot: usize, spot: CornerId) -> bool {
        let others: Vec<CornerId> = start
            .iter()
            .enumerate()
            .flat_map(|(s, p)| {
                p.iter()
                    .enumerate()
                    .filter(move |&(k, _)| (s, k) != (seat, slot))
                    .map(|(_, &c)| c)
            })
            .collect();
        allowed(spot, &others, &self.neighbours)
    }

    /// Starts as good on paper as `fair`, `fair` first, the rest handed out by a walk from
    /// it every [`STRIDE`] moves taken, each new: up to [`CANDIDATES`] in all.
    fn draw(&self, fair: &Opening, rng: &mut Random) -> Vec<Opening> {
        let seats = fair.len();
        let mut drawn = vec![fair.clone()];
        let mut current = fair.clone();
        let mut taken_moves = 0;
        for _ in 0..MOST_PROPOSALS {
            if drawn.len() == CANDIDATES || seats == 0 || self.startable.is_empty() {
                break;
            }
            let mut next = current.clone();
            let seat = rng.index(seats);
            match rng.below(4) {
                // Another seat takes this seat's pair, and this seat that one's.
                0 => next.swap(seat, rng.index(seats)),
                // The pair placed the other way round.
                1 => next[seat].swap(0, 1),
                // One settlement each exchanged between two seats.
                2 => {
                    let (other, slot, other_slot) = (rng.index(seats), rng.index(2), rng.index(2));
                    let mine = next[seat][slot];
                    next[seat][slot] = next[other][other_slot];
                    next[other][other_slot] = mine;
                }
                // One settlement moved to another spot that keeps the distance rule.
                _ => {
                    let slot = rng.index(2);
                    let spot = self.startable[rng.index(self.startable.len())];
                    if !self.may_move(&next, seat, slot, spot) {
                        continue;
                    }
                    next[seat][slot] = spot;
                }
            }
            if next == current || !self.as_good(&next) {
                continue;
            }
            current = next;
            taken_moves += 1;
            if taken_moves % STRIDE == 0 && !drawn.contains(&current) {
                drawn.push(current.clone());
            }
        }
        drawn
    }

    /// The starts one move from `start` that may even out what `games` showed, as good on
    /// paper: between a seat that won more and one that won less (the most and the least,
    /// and each with the runner-up on the other side), their pairs swapped or one settlement
    /// each exchanged; the most and the least winning seat's pairs placed the other way
    /// round; a settlement of the most winning seat moved to the best free spot worth less,
    /// one of the least winning seat's to the worst free spot worth more.
    fn toward_even(&self, start: &Opening, games: &PlayReport) -> Vec<Opening> {
        let mut by_wins: Vec<usize> = (0..start.len()).collect();
        crate::order::sort_by_key(&mut by_wins, |&s| std::cmp::Reverse(games.seats[s].wins));
        let (most, least) = (by_wins[0], by_wins[by_wins.len() - 1]);
        let (second, second_least) = (by_wins[1], by_wins[by_wins.len() - 2]);
        let mut near = Vec::new();
        for (strong, weak) in [(most, least), (most, second_least), (second, least)] {
            if strong == weak {
                continue;
            }
            let mut swapped = start.clone();
            swapped.swap(strong, weak);
            near.push(swapped);
            for slot in 0..2 {
                for weak_slot in 0..2 {
                    let mut exchanged = start.clone();
                    exchanged[strong][slot] = start[weak][weak_slot];
                    exchanged[weak][weak_slot] = start[strong][slot];
                    near.push(exchanged);
                }
            }
        }
        for seat in [most, least] {
            let mut flipped = start.clone();
            flipped[seat].swap(0, 1);
            near.push(flipped);
        }
        for slot in 0..2 {
            for (seat, weaker) in [(most, true), (least, false)] {
                let now = self.values[start[seat][slot]];
                let better = |a: u32, b: u32| if weaker { a > b } else { a < b };
                let spot = self
                    .startable
                    .iter()
                    .copied()
                    .filter(|&c| better(now, self.values[c]))
                    .filter(|&c| self.may_move(start, seat, slot, c))
                    .fold(None, |best: Option<CornerId>, c| match best {
                        Some(b) if !better(self.values[c], self.values[b]) => Some(b),
                        _ => Some(c),
                    });
                if let Some(spot) = spot {
                    let mut moved = start.clone();
                    moved[seat][slot] = spot;
                    near.push(moved);
                }
            }
        }
        let mut kept: Vec<Opening> = Vec::new();
        for candidate in near {
            if candidate != *start && self.as_good(&candidate) && !kept.contains(&candidate) {
                kept.push(candidate);
            }
        }
        kept
    }
}

/// A search for the start chosen by play, under way.
pub struct StartSearch {
    board: Board,
    seats: usize,
    paper: Paper,
    fair_start: Seating,
    rng: Random,
    race: Race<Opening>,
    games_seed: u64,
    refinements_left: u32,
    /// Every start raced, once.
    compared: Vec<Opening>,
    total: u64,
    done: u64,
}

impl StartSearch {
    /// A search for `seats` players on `board` from `seed`; or why not, in words: a board
    /// the simulator does not play (not the base game's rules), a seat count the board is
    /// not played by, or a board too small for every seat to have two settlements.
    pub fn new(board: &Board, seats: usize, seed: u64) -> Result<StartSearch, PlayError> {
        // Refuses boards the simulator does not play, and seat counts, before anything else.
        PlayTest::new(board, seats, BotKind::Greedy, 0, 0)?;
        let fair = fair_start(board, seats);
        if fair.seats.len() < seats {
            return Err(PlayError::NoRoom {
                layout: board.layout,
                seats,
            });
        }
        let paper = Paper::new(board, &fair);
        let mut rng = Random::new(seed ^ 0x5_7A27);
        let opening: Opening = fair.seats.iter().map(|s| s.settlements).collect();
        let drawn = paper.draw(&opening, &mut rng);
        let mut search = StartSearch {
            board: board.clone(),
            seats,
            paper,
            fair_start: fair,
            rng,
            race: Race::new(&ROUNDS),
            games_seed: 0,
            refinements_left: REFINEMENTS,
            compared: Vec::new(),
            total: 0,
            done: 0,
        };
        search.start_race(&ROUNDS, drawn)?;
        search.total = race::work(&ROUNDS, search.race.entrants(), true)
            + u64::from(REFINEMENTS) * race::work(&REFINE_ROUNDS, REFINE_ROUNDS[0].0, true);
        Ok(search)
    }

    /// A race on games of its own among `starts` after the fair start, which plays every
    /// round of it.
    fn start_race(
        &mut self,
        rounds: &'static race::Rounds,
        starts: Vec<Opening>,
    ) -> Result<(), PlayError> {
        self.games_seed = self.rng.next_u64();
        self.race = Race::new(rounds).keeping_the_first();
        let fair: Opening = self
            .fair_start
            .seats
            .iter()
            .map(|s| s.settlements)
            .collect();
        let others = starts.into_iter().filter(|s| *s != fair);
        for opening in std::iter::once(fair.clone()).chain(others) {
            let corners: Vec<[usize; 2]> = opening.iter().map(|p| p.map(CornerId::index)).collect();
            // Raced by varied players, who play the games shown from it (chosen by
            // identical greedy players, a start was less even for varied ones).
            let test = PlayTest::new(
                &self.board,
                self.seats,
                BotKind::Greedy,
                u32::MAX,
                self.games_seed,
            )?
            .with_model(TableModel::Varied);
            // Every start drawn keeps the distance rule on start corners; the fair start's
            // refusal, should it come, is the search's.
            match test.with_opening(&corners) {
                Ok(test) => {
                    if !self.compared.contains(&opening) {
                        self.compared.push(opening.clone());
                    }
                    self.race.enter(opening, test)
                }
                Err(e) if self.race.entrants() == 0 => return Err(e),
                Err(_) => {}
            }
        }
        Ok(())
    }

    /// Work done and in all, in games.
    pub fn progress(&self) -> (u64, u64) {
        (self.done.min(self.total - 1), self.total)
    }

    /// Plays about `games` games; the result once the search is over (it must not be
    /// stepped after that).
    pub fn step(&mut self, games: u32) -> Option<StartFound> {
        let mut left = u64::from(games.max(1));
        loop {
            let (played, finish) = self.race.run(left);
            self.done += played;
            left -= played;
            let finish = finish?;
            let fair_start_games = finish
                .ranked
                .iter()
                .find(|p| p.first)
                .expect("the fair start plays every round")
                .games
                .clone();
            let best = finish
                .ranked
                .into_iter()
                .next()
                .expect("a race ends with an entrant");
            if self.refinements_left == 0 {
                return Some(StartFound {
                    start: self.paper.seating(&best.entrant),
                    games: best.games,
                    fair_start: self.fair_start.clone(),
                    fair_start_games,
                    games_seed: self.games_seed,
                    compared: self.compared.len(),
                });
            }
            self.refinements_left -= 1;
            let mut starts = vec![best.entrant.clone()];
            starts.extend(self.paper.toward_even(&best.entrant, &best.games));
            self.start_race(&REFINE_ROUNDS, starts)
                .expect("the fair start opened the first race");
            if left == 0 {
                return None;
            }
        }
    }
}

/// [`StartSearch`] to the end.
pub fn find_start(board: &Board, seats: usize, seed: u64) -> Result<StartFound, PlayError> {
    let mut search = StartSearch::new(board, seats, seed)?;
    loop {
        if let Some(found) = search.step(u32::MAX) {
            return Ok(found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::play::race::unevenness;
    use crate::rules::RuleSet;

    fn board(layout: LayoutId, seed: u64) -> Board {
        generate(&Settings::new(layout, RuleSet::standard()), seed).unwrap()
    }

    /// Every seat has two settlements, each on a start corner touching land, no two on the
    /// same corner or one edge apart.
    fn assert_a_legal_start(board: &Board, start: &Seating, seats: usize) {
        let layout = board.layout();
        let neighbours = corner_neighbours(layout);
        assert_eq!(start.seats.len(), seats);
        let corners: Vec<CornerId> = start.seats.iter().flat_map(|s| s.settlements).collect();
        assert_eq!(corners.len(), 2 * seats);
        for (i, &c) in corners.iter().enumerate() {
            assert!(layout.may_start(c), "corner {c} is no start corner");
            assert!(
                layout.topology.corner_cells[c]
                    .iter()
                    .any(|&h| board.is_land(h)),
                "corner {c} touches no land"
            );
            for &d in &corners[i + 1..] {
                assert!(c != d && !neighbours[c].contains(&d), "{c} and {d}");
            }
        }
    }

    #[test]
    fn the_chosen_start_keeps_the_distance_rule_on_land_start_corners() {
        for (layout, seats, seed) in [
            (LayoutId::Base, 4, 3),
            (LayoutId::Base, 3, 4),
            (LayoutId::McGuire, 4, 5),
        ] {
            let board = board(layout, seed);
            let found = find_start(&board, seats, seed).unwrap();
            assert_a_legal_start(&board, &found.start, seats);
            assert_eq!(
                found.start,
                Seating::of(
                    &found
                        .start
                        .seats
                        .iter()
                        .map(|s| s.settlements)
                        .collect::<Vec<_>>(),
                    &spot_values(&board)
                )
            );
            assert_eq!(found.fair_start, fair_start(&board, seats));
            assert_eq!(found.games.games, REFINE_ROUNDS[REFINE_ROUNDS.len() - 1].1);
            assert_eq!(found.fair_start_games.games, found.games.games);
            assert!(
                found.compared > CANDIDATES,
                "{layout}: the first race's starts and those after it, {}",
                found.compared
            );
        }
    }

    #[test]
    fn the_chosen_start_is_no_less_even_than_the_fair_start_on_the_same_games() {
        for seed in 0..3 {
            let board = board(LayoutId::Base, 20 + seed);
            let found = find_start(&board, 4, seed).unwrap();
            assert!(
                unevenness(&found.games) <= unevenness(&found.fair_start_games),
                "seed {seed}: {:?} against the fair start's {:?}",
                found.games,
                found.fair_start_games
            );
            // The fair start's figures are its own games, the chosen start's games: played
            // again here from the seed the search derives.
            let games_seed = found.games_seed;
            let opening = found.fair_start.opening();
            let again = PlayTest::new(&board, 4, BotKind::Greedy, found.games.games, games_seed)
                .unwrap()
                .with_model(TableModel::Varied)
                .with_opening(&opening)
                .unwrap()
                .run();
            assert_eq!(again, found.fair_start_games);
        }
    }

    #[test]
    fn the_same_board_seats_and_seed_give_the_same_start_however_the_work_is_cut() {
        let board = board(LayoutId::Base, 9);
        let whole = find_start(&board, 4, 7).unwrap();
        let mut search = StartSearch::new(&board, 4, 7).unwrap();
        let (mut last, total) = search.progress();
        assert_eq!(last, 0);
        let sliced = loop {
            if let Some(found) = search.step(137) {
                break found;
            }
            let (done, all) = search.progress();
            assert!(done > last && done < all && all == total, "{done} of {all}");
            last = done;
        };
        assert_eq!(sliced.start, whole.start);
        assert_eq!(sliced.games, whole.games);
        assert_eq!(sliced.fair_start_games, whole.fair_start_games);
        // Another seed races other games (and may choose another start), still legal.
        let other = find_start(&board, 4, 8).unwrap();
        assert_ne!(other.games, whole.games);
        assert_a_legal_start(&board, &other.start, 4);
    }

    #[test]
    fn the_starts_drawn_are_distinct_and_as_good_on_paper_as_the_fair_start() {
        for (layout, seats) in [
            (LayoutId::Base, 4),
            (LayoutId::Base, 3),
            (LayoutId::FiveSix, 6),
        ] {
            let board = board(layout, 2);
            let fair = fair_start(&board, seats);
            let values = spot_values(&board);
            let opening: Opening = fair.seats.iter().map(|s| s.settlements).collect();
            let paper = Paper::new(&board, &fair);
            let drawn = paper.draw(&opening, &mut Random::new(1));
            assert_eq!(drawn[0], opening);
            assert_eq!(drawn.len(), CANDIDATES, "{layout} at {seats}");
            let fair_values: Vec<u32> = fair.seats.iter().map(|s| s.value).collect();
            let as_good = AsGood::new(&fair_values);
            for (i, start) in drawn.iter().enumerate() {
                assert!(!drawn[..i].contains(start), "start {i} drawn twice");
                let seating = Seating::of(start, &values);
                assert_a_legal_start(&board, &seating, seats);
                assert!(as_good.holds(seating.seats.iter().map(|s| s.value)));
                assert!(seating.spread <= fair.spread + 1);
            }
            // Not only the fair start's own spots re-assigned: other spots too.
            let fair_spots: Vec<CornerId> = opening.iter().flatten().copied().collect();
            assert!(drawn
                .iter()
                .any(|s| s.iter().flatten().any(|c| !fair_spots.contains(c))));
        }
    }

    #[test]
    fn the_starts_toward_even_are_one_move_from_the_start_and_as_good_on_paper() {
        let board = board(LayoutId::Base, 5);
        let fair = fair_start(&board, 4);
        let paper = Paper::new(&board, &fair);
        let start: Opening = fair.seats.iter().map(|s| s.settlements).collect();
        let games = PlayTest::new(&board, 4, BotKind::Greedy, 200, 3)
            .unwrap()
            .with_opening(
                &start
                    .iter()
                    .map(|p| p.map(CornerId::index))
                    .collect::<Vec<_>>(),
            )
            .unwrap()
            .run();
        let wins: Vec<u32> = games.seats.iter().map(|s| s.wins).collect();
        let most = (0..4)
            .max_by_key(|&s| (wins[s], std::cmp::Reverse(s)))
            .unwrap();
        let least = (0..4).min_by_key(|&s| (wins[s], s)).unwrap();
        let near = paper.toward_even(&start, &games);
        assert!(!near.is_empty());
        let mut swapped = start.clone();
        swapped.swap(most, least);
        if paper.as_good(&swapped) {
            assert!(
                near.contains(&swapped),
                "the most and least winning seats' pairs swapped"
            );
        }
        for (i, other) in near.iter().enumerate() {
            assert!(other != &start && !near[..i].contains(other));
            assert!(paper.as_good(other));
            assert_a_legal_start(&board, &paper.seating(other), 4);
            // One move: at most two seats differ from the start.
            let changed = (0..4).filter(|&s| other[s] != start[s]).count();
            assert!((1..=2).contains(&changed), "{changed} seats changed");
        }
    }

    #[test]
    fn boards_not_simulated_and_seat_counts_not_played_are_refused() {
        let seafarers = LayoutId::parse("new-shores-4").unwrap();
        assert_eq!(
            StartSearch::new(&board(seafarers, 1), 4, 1).err(),
            Some(PlayError::NotPlayed { layout: seafarers })
        );
        assert_eq!(
            StartSearch::new(&board(LayoutId::Base, 1), 5, 1).err(),
            Some(PlayError::Seats {
                layout: LayoutId::Base,
                seats: 5
            })
        );
    }
}
