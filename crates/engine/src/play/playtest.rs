//! Play-testing a board: N games with one kind of bot in every seat, its players drawn from a
//! table model ([`TableModel`]), each game from its own seed derived from the play-test's, reported as each seat's win share (seat = place in
//! the turn order, 1-based) with a 95% Wilson interval, mean points, and games without a
//! winner. Runs in slices ([`PlayTest::step`]) so a worker can show progress and cancel.

use serde::Serialize;

use super::bots::BotKind;
use super::game::Game;
use super::table::{OpeningFault, PlayError, Table, MAX_SEATS};
use crate::balance::players::TableModel;
use crate::board::Board;

/// Games a play-test plays unless asked otherwise (`hexfair playtest` and the app's Seats
/// tab alike, so their figures for a board are the same).
pub const DEFAULT_GAMES: u32 = 2_000;
/// The play-test's seed unless asked otherwise (`hexfair playtest` and the app alike).
pub const DEFAULT_SEED: u64 = 1;

/// The most games one play-test plays (the command line's limit, and the play worker's).
pub const MAX_GAMES: u32 = 1_000_000;

/// Whether a play-test of `games` games can be asked for: 1 to [`MAX_GAMES`].
pub fn check_games(games: u32) -> Result<(), PlayError> {
    if (1..=MAX_GAMES).contains(&games) {
        Ok(())
    } else {
        Err(PlayError::Games { games })
    }
}

/// One seat's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatResult {
    /// Place in the turn order, 1-based.
    pub seat: usize,
    pub wins: u32,
    pub win_rate: f64,
    /// The 95% Wilson score interval of the win rate.
    pub low: f64,
    pub high: f64,
    pub mean_points: f64,
}

/// A play-test's results: plain data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayReport {
    pub games: u32,
    pub no_winner: u32,
    /// Given opening settlements the rules refused (each replaced by a legal one); a bot's
    /// own moves are checked in debug builds only (see [`super::game::Outcome::refused`]).
    pub refused: u32,
    pub seats: Vec<SeatResult>,
}

impl PlayReport {
    /// The best seat's win share minus the worst's.
    pub fn spread(&self) -> f64 {
        let rates = self.seats.iter().map(|s| s.win_rate);
        rates.clone().fold(0.0, f64::max) - rates.fold(1.0, f64::min)
    }
}

/// The 95% Wilson score interval of `wins` in `games` (Wilson 1927): unlike the normal
/// approximation it stays within [0, 1] and is sound near 0 and 1.
pub fn wilson(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The seed of game `index` of a play-test seeded `seed`.
fn game_seed(seed: u64, index: u32) -> u64 {
    seed ^ u64::from(index).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A play-test under way.
pub struct PlayTest {
    table: Table,
    seats: usize,
    bot: BotKind,
    model: TableModel,
    seed: u64,
    games: u32,
    played: u32,
    wins: [u32; MAX_SEATS],
    points: [u64; MAX_SEATS],
    no_winner: u32,
    refused: u32,
    opening: Option<[[u8; 2]; MAX_SEATS]>,
}

impl PlayTest {
    /// A play-test of `games` games of `board` at `seats` seats, `bot` in every seat, at a
    /// table of identical greedy players ([`PlayTest::with_model`] for others); or why the
    /// board or seat count cannot be played.
    pub fn new(
        board: &Board,
        seats: usize,
        bot: BotKind,
        games: u32,
        seed: u64,
    ) -> Result<PlayTest, PlayError> {
        let table = Table::new(board)?;
        if !table.seats().contains(&seats) {
            return Err(PlayError::Seats {
                layout: board.layout,
                seats,
            });
        }
        Ok(PlayTest {
            table,
            seats,
            bot,
            model: TableModel::Greedy,
            seed,
            games,
            played: 0,
            wins: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            no_winner: 0,
            refused: 0,
            opening: None,
        })
    }

    /// Games at a table of `model`'s players.
    pub fn with_model(mut self, model: TableModel) -> PlayTest {
        self.model = model;
        self
    }

    pub fn model(&self) -> TableModel {
        self.model
    }

    /// Every game opens with these settlements (`opening[seat]`, corner ids, in the order
    /// placed: a fair start's), the bots placing only the roads; or why not: a corner off
    /// the board, not a start corner or breaking the distance rule, or a seat without two.
    pub fn with_opening(mut self, opening: &[[usize; 2]]) -> Result<PlayTest, PlayError> {
        if opening.len() != self.seats {
            return Err(PlayError::OpeningSeats {
                placed: opening.len(),
                seats: self.seats,
            });
        }
        let mut corners = [[0u8; 2]; MAX_SEATS];
        for (seat, pair) in opening.iter().enumerate() {
            for (slot, &corner) in pair.iter().enumerate() {
                if corner >= self.table.corners {
                    return Err(PlayError::Opening {
                        seat,
                        round: slot,
                        corner,
                        fault: OpeningFault::OffBoard,
                    });
                }
                corners[seat][slot] = corner as u8;
            }
        }
        super::game::check_opening(&self.table, self.seats, &corners)?;
        self.opening = Some(corners);
        Ok(self)
    }

    /// Plays up to `games` more games; returns how many have been played in all.
    pub fn step(&mut self, games: u32) -> u32 {
        let end = self.games.min(self.played.saturating_add(games));
        if self.played >= end {
            return self.played;
        }
        let mut game =
            Game::new(&self.table, self.seats, [self.bot; MAX_SEATS], 0).with_model(self.model);
        if let Some(opening) = self.opening {
            game = game
                .with_opening(opening)
                .expect("the opening was checked by with_opening");
        }
        while self.played < end {
            game.reset(game_seed(self.seed, self.played));
            let outcome = game.play();
            match outcome.winner {
                Some(w) => self.wins[w] += 1,
                None => self.no_winner += 1,
            }
            for seat in 0..self.seats {
                self.points[seat] += u64::from(outcome.points[seat]);
            }
            self.refused += outcome.refused;
            self.played += 1;
        }
        self.played
    }

    /// Plays every game left.
    pub fn run(mut self) -> PlayReport {
        self.step(self.games);
        self.report()
    }

    /// Plays every game left `slice` games at a time, telling `progress` the games played
    /// after each slice: the same games and report as [`PlayTest::run`], for long runs that
    /// show how far they are.
    pub fn run_in_slices(mut self, slice: u32, progress: &mut dyn FnMut(u32)) -> PlayReport {
        while !self.is_done() {
            let played = self.step(slice);
            progress(played);
        }
        self.report()
    }

    pub fn played(&self) -> u32 {
        self.played
    }

    pub fn games(&self) -> u32 {
        self.games
    }

    pub fn is_done(&self) -> bool {
        self.played >= self.games
    }

    /// Given opening settlements the rules refused, over the games played (the tests hold
    /// the bots' own moves to the rules).
    pub fn refused(&self) -> u32 {
        self.refused
    }

    /// The results of the games played so far.
    pub fn report(&self) -> PlayReport {
        let n = self.played;
        let seats = (0..self.seats)
            .map(|s| {
                let (low, high) = wilson(self.wins[s], n);
                SeatResult {
                    seat: s + 1,
                    wins: self.wins[s],
                    win_rate: if n == 0 {
                        0.0
                    } else {
                        f64::from(self.wins[s]) / f64::from(n)
                    },
                    low,
                    high,
                    mean_points: if n == 0 {
                        0.0
                    } else {
                        self.points[s] as f64 / f64::from(n)
                    },
                }
            })
            .collect();
        PlayReport {
            games: n,
            no_winner: self.no_winner,
            refused: self.refused,
            seats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::spots::fair_start;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::model::CornerId;
    use crate::rules::RuleSet;

    #[test]
    fn wilson_interval_holds_the_rate_and_stays_in_bounds() {
        let (low, high) = wilson(25, 100);
        assert!(low < 0.25 && 0.25 < high);
        assert!(
            (low - 0.1754).abs() < 1e-3 && (high - 0.3430).abs() < 1e-3,
            "{low} {high}"
        );
        assert_eq!(wilson(0, 10).0, 0.0);
        assert!(wilson(10, 10).1 > 0.999_999 && wilson(10, 10).1 <= 1.0);
    }

    #[test]
    fn slices_add_up_to_the_whole_play_test_at_every_table() {
        let board = generate(&Settings::new(LayoutId::Base, RuleSet::standard()), 8).unwrap();
        let mut reports = Vec::new();
        for model in TableModel::ALL {
            let whole = PlayTest::new(&board, 4, BotKind::Greedy, 90, 3)
                .unwrap()
                .with_model(model)
                .run();
            let mut sliced = PlayTest::new(&board, 4, BotKind::Greedy, 90, 3)
                .unwrap()
                .with_model(model);
            while !sliced.is_done() {
                sliced.step(25);
            }
            assert_eq!(sliced.played(), 90);
            assert_eq!(sliced.report(), whole, "{model:?}");
            reports.push(whole);
        }
        // The models play different games.
        assert_ne!(reports[0], reports[2]);
        assert_ne!(reports[0], reports[1]);
    }

    #[test]
    fn games_open_on_a_given_fair_start() {
        let board = generate(&Settings::new(LayoutId::Base, RuleSet::standard()), 8).unwrap();
        let start = fair_start(&board, 4);
        let opening: Vec<[usize; 2]> = start
            .seats
            .iter()
            .map(|s| s.settlements.map(CornerId::index))
            .collect();
        let table = Table::new(&board).unwrap();
        let mut corners = [[0u8; 2]; MAX_SEATS];
        for (seat, pair) in opening.iter().enumerate() {
            corners[seat] = pair.map(|c| c as u8);
        }
        let mut game = Game::new(&table, 4, [BotKind::Greedy; MAX_SEATS], 1)
            .with_opening(corners)
            .unwrap();
        while game.state.setup_step < 8 {
            game.step();
        }
        for (seat, pair) in opening.iter().enumerate() {
            for &c in pair {
                assert!(
                    game.state.players[seat].settlements >> c & 1 == 1,
                    "seat {seat} at {c}"
                );
            }
        }
        let report = PlayTest::new(&board, 4, BotKind::Greedy, 50, 1)
            .unwrap()
            .with_opening(&opening)
            .unwrap();
        assert_eq!(report.run().games, 50);
        let refused = PlayTest::new(&board, 4, BotKind::Greedy, 50, 1)
            .unwrap()
            .with_opening(&opening[..3]);
        assert!(refused.is_err());
        // Seat 2's first settlement next to seat 1's: refused up front, in words.
        let mut crowded = opening.clone();
        crowded[1][0] = table.across(
            crate::model::bits::ids(table.corner_edges[opening[0][0]])
                .next()
                .unwrap(),
            opening[0][0],
        );
        let err = PlayTest::new(&board, 4, BotKind::Greedy, 5, 1)
            .unwrap()
            .with_opening(&crowded)
            .err()
            .expect("the distance rule refuses it");
        assert_eq!(
            err,
            PlayError::Opening {
                seat: 1,
                round: 0,
                corner: crowded[1][0],
                fault: OpeningFault::DistanceRule
            }
        );
    }

    #[test]
    fn an_opening_off_the_start_corners_is_refused() {
        let board = generate(&Settings::new(LayoutId::McGuire, RuleSet::standard()), 8).unwrap();
        let table = Table::new(&board).unwrap();
        let off = (0..table.corners)
            .find(|&c| table.start >> c & 1 == 0)
            .expect("corners only at the sea hex are no start");
        let start = fair_start(&board, 4);
        let mut opening: Vec<[usize; 2]> = start
            .seats
            .iter()
            .map(|s| s.settlements.map(CornerId::index))
            .collect();
        opening[3][1] = off;
        let err = PlayTest::new(&board, 4, BotKind::Greedy, 5, 1)
            .unwrap()
            .with_opening(&opening)
            .err()
            .expect("not a start corner");
        assert_eq!(
            err,
            PlayError::Opening {
                seat: 3,
                round: 1,
                corner: off,
                fault: OpeningFault::NotStart
            }
        );
        let mut corners = [[0u8; 2]; MAX_SEATS];
        for (seat, pair) in opening.iter().enumerate() {
            corners[seat] = pair.map(|c| c as u8);
        }
        assert!(Game::new(&table, 4, [BotKind::Greedy; MAX_SEATS], 1)
            .with_opening(corners)
            .is_err());
    }
}
