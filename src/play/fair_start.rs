//! The fair start chosen by play: among starts as good on paper as the fair start (two
//! settlements a seat, placed for everyone: McGuire's step 4, [`fair_start`]), the one whose
//! games, opened on it, are closest to even (issue 18).
//!
//! Why play decides: the fair start evens out the static value of each seat's spots, but
//! static values do not predict who wins (docs/play.md): what a seat's two settlements make
//! together, the room they leave, the order seats play in. So the start is chosen the way
//! [`super::fair`] chooses boards.
//!
//! How: [`CANDIDATES`] starts, the first the fair start itself, the rest drawn by a walk from
//! it ([`draw`]) that re-assigns which seat gets which pair (seat order matters: the first seat
//! moves first, the last places its second settlement right after its first), which of a
//! seat's two is placed first (the second pays out its resources), exchanges settlements
//! between seats and moves one to another spot that keeps the distance rule, staying as good
//! on paper ([`AsGood`]). Then a [`Race`] by successive halving on the same games for every
//! start ([`ROUNDS`]), in which the fair start plays every round: the start chosen is never
//! less even than the fair start on the games it was chosen on.
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
use crate::play::{BotKind, PlayError};

/// Starts compared, the fair start included.
pub const CANDIDATES: usize = 128;
/// Each round: how many starts play, and the games each has played by its end (the fair
/// start plays every round beside them). As [`super::fair`]'s race of boards.
const ROUNDS: [(usize, u32); 4] = [(128, 24), (32, 96), (8, 384), (2, 1_024)];
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
    /// The games the start was chosen on (biased toward even: it won on them).
    pub games: PlayReport,
    /// The fair start by spot values ([`fair_start`]), the first candidate.
    pub fair_start: Seating,
    /// The fair start's results on the same games.
    pub fair_start_games: PlayReport,
    /// Starts compared.
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

/// Starts as good on paper as `fair` ([`AsGood`]), `fair` first, the rest handed out by a
/// walk from it every [`STRIDE`] moves taken, each new: up to [`CANDIDATES`] in all.
fn draw(board: &Board, fair: &Opening, values: &[u32], rng: &mut Random) -> Vec<Opening> {
    let layout = board.layout();
    let neighbours = corner_neighbours(layout);
    let seats = fair.len();
    let startable: Vec<CornerId> = CornerId::all(values.len())
        .filter(|&c| layout.may_start(c) && values[c] > 0)
        .collect();
    let seat_values = |o: &Opening| o.iter().map(|p| values[p[0]] + values[p[1]]).collect();
    let fair_values: Vec<u32> = seat_values(fair);
    let as_good = AsGood::new(&fair_values);
    let mut drawn = vec![fair.clone()];
    let mut current = fair.clone();
    let mut taken_moves = 0;
    for _ in 0..MOST_PROPOSALS {
        if drawn.len() == CANDIDATES || seats == 0 || startable.is_empty() {
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
                let spot = startable[rng.index(startable.len())];
                let others: Vec<CornerId> = next
                    .iter()
                    .enumerate()
                    .flat_map(|(s, p)| {
                        p.iter()
                            .enumerate()
                            .filter(move |&(k, _)| (s, k) != (seat, slot))
                            .map(|(_, &c)| c)
                    })
                    .collect();
                if !allowed(spot, &others, &neighbours) {
                    continue;
                }
                next[seat][slot] = spot;
            }
        }
        if next == current || !as_good.holds(seat_values(&next).into_iter()) {
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

/// A search for the start chosen by play, under way.
pub struct StartSearch {
    fair_start: Seating,
    values: Vec<u32>,
    race: Race<Opening>,
    total: u64,
    done: u64,
}

impl StartSearch {
    /// A search for `seats` players on `board` from `seed`; or why not, in words: a board
    /// the simulator does not play (not the base game's rules), a seat count the board is
    /// not played by, or a board too small for every seat to have two settlements.
    pub fn new(board: &Board, seats: usize, seed: u64) -> Result<StartSearch, PlayError> {
        let mut rng = Random::new(seed ^ 0x5_7A27);
        let games_seed = rng.next_u64();
        let test = || PlayTest::new(board, seats, BotKind::Greedy, u32::MAX, games_seed);
        // Refuses boards the simulator does not play, and seat counts, before anything else.
        test()?;
        let fair = fair_start(board, seats);
        if fair.seats.len() < seats {
            return Err(PlayError(format!(
                "the {} board has no room for {seats} seats with two settlements each",
                board.layout
            )));
        }
        let values = spot_values(board);
        let opening: Opening = fair.seats.iter().map(|s| s.settlements).collect();
        let mut race = Race::new(&ROUNDS).keeping_the_first();
        for opening in draw(board, &opening, &values, &mut rng) {
            let corners: Vec<[usize; 2]> = opening.iter().map(|p| p.map(CornerId::index)).collect();
            // Every start drawn keeps the distance rule on start corners; the fair start's
            // refusal, should it come, is the search's.
            match test()?.with_opening(&corners) {
                Ok(test) => race.enter(opening, test),
                Err(e) if race.entrants() == 0 => return Err(e),
                Err(_) => {}
            }
        }
        let total = race::work(&ROUNDS, race.entrants(), true);
        Ok(StartSearch {
            fair_start: fair,
            values,
            race,
            total,
            done: 0,
        })
    }

    /// Work done and in all, in games.
    pub fn progress(&self) -> (u64, u64) {
        (self.done.min(self.total - 1), self.total)
    }

    /// Plays about `games` games; the result once the search is over (it must not be
    /// stepped after that).
    pub fn step(&mut self, games: u32) -> Option<StartFound> {
        let (played, finish) = self.race.run(u64::from(games.max(1)));
        self.done += played;
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
        Some(StartFound {
            start: Seating::of(&best.entrant, &self.values),
            games: best.games,
            fair_start: self.fair_start.clone(),
            fair_start_games,
            compared: finish.compared,
        })
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
            assert_eq!(found.games.games, ROUNDS[ROUNDS.len() - 1].1);
            assert_eq!(
                found.compared, CANDIDATES,
                "{layout}: as many starts as asked"
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
            let games_seed = Random::new(seed ^ 0x5_7A27).next_u64();
            let opening: Vec<[usize; 2]> = found
                .fair_start
                .seats
                .iter()
                .map(|s| s.settlements.map(CornerId::index))
                .collect();
            let again = PlayTest::new(&board, 4, BotKind::Greedy, found.games.games, games_seed)
                .unwrap()
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
            let drawn = draw(&board, &opening, &values, &mut Random::new(1));
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
    fn boards_not_simulated_and_seat_counts_not_played_are_refused_in_words() {
        let seafarers = LayoutId::parse("new-shores-4").unwrap();
        let err = StartSearch::new(&board(seafarers, 1), 4, 1).err().unwrap();
        assert!(err.0.contains("is not played"), "{err}");
        let err = StartSearch::new(&board(LayoutId::Base, 1), 5, 1)
            .err()
            .unwrap();
        assert!(err.0.contains("3 to 4 players, not 5"), "{err}");
    }
}
