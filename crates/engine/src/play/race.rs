//! A race by successive halving among things to be played (boards, starts), the search for
//! fair play's one way of choosing by games: every entrant plays a few games, the evener
//! part plays more, and so on, so clearly uneven entrants are dropped after a few dozen
//! games and the games go to the close calls. Every entrant plays the same games (its
//! play-test has the race's seed, so game `i` has the same dice, deck and steals for all),
//! so entrants are compared on equal luck.
//!
//! "Even" is the sum of squared gaps between each seat's win share and a fair share
//! ([`unevenness`]): smoother than the best-minus-worst spread, which hangs on two seats.

use crate::play::playtest::{PlayReport, PlayTest};

/// Each round: how many entrants play, and the games each has played by its end.
pub type Rounds = [(usize, u32)];

/// Sum of squared gaps between each seat's win share and the fair share, 1 / seats.
pub fn unevenness(report: &PlayReport) -> f64 {
    unevenness_of(report.seats.iter().map(|s| s.wins), report.games)
}

/// [`unevenness`] of `wins` a seat in `games` games (the shares worked out as the report
/// works them out, so a page weighing tallies agrees with the engine to the bit).
pub fn unevenness_of(wins: impl ExactSizeIterator<Item = u32>, games: u32) -> f64 {
    let fair = 1.0 / wins.len() as f64;
    wins.map(|w| {
        let share = if games == 0 {
            0.0
        } else {
            f64::from(w) / f64::from(games)
        };
        (share - fair) * (share - fair)
    })
    .sum()
}

/// One entrant at the end of the race.
pub struct Placed<T> {
    pub entrant: T,
    /// The games it played, all of the last round's.
    pub games: PlayReport,
    /// Whether it was the first entrant, kept in every round ([`Race::keeping_the_first`]).
    pub first: bool,
}

/// How the race ended.
pub struct Finish<T> {
    /// The last round's entrants, evenest first.
    pub ranked: Vec<Placed<T>>,
    /// Entrants in the first round.
    pub compared: usize,
}

struct Runner<T> {
    entrant: T,
    test: PlayTest,
    first: bool,
}

/// A race under way.
pub struct Race<T> {
    rounds: &'static Rounds,
    runners: Vec<Runner<T>>,
    round: usize,
    compared: usize,
    keep_first: bool,
}

impl<T> Race<T> {
    /// A race over `rounds` (the first round's count is the most entrants it takes).
    pub fn new(rounds: &'static Rounds) -> Race<T> {
        Race {
            rounds,
            runners: Vec::with_capacity(rounds[0].0),
            round: 0,
            compared: 0,
            keep_first: false,
        }
    }

    /// The first entrant plays every round, however it ranks, so the race's winner is
    /// never less even than it on the last round's games (the one to beat: a start chosen
    /// by play must beat the fair start on the same games).
    pub fn keeping_the_first(mut self) -> Race<T> {
        self.keep_first = true;
        self
    }

    /// Enters `entrant`, to be played by `test` (whose seed is the race's, for the same
    /// games); entrants beyond the first round's count are not played.
    pub fn enter(&mut self, entrant: T, test: PlayTest) {
        let first = self.runners.is_empty();
        self.runners.push(Runner {
            entrant,
            test,
            first,
        });
    }

    pub fn entrants(&self) -> usize {
        self.runners.len()
    }

    /// Plays up to `budget` games (at least one entrant must have been entered). Returns
    /// the games played, and how the race ended once its last round is over (it must not
    /// run after that).
    pub fn run(&mut self, budget: u64) -> (u64, Option<Finish<T>>) {
        if self.round == 0 {
            self.runners.truncate(self.rounds[0].0);
        }
        let mut played = 0;
        while played < budget {
            let target = self.rounds[self.round].1;
            match self.runners.iter_mut().find(|r| r.test.played() < target) {
                Some(runner) => {
                    let before = runner.test.played();
                    let slice =
                        (target - before).min(u32::try_from(budget - played).unwrap_or(u32::MAX));
                    runner.test.step(slice);
                    played += u64::from(runner.test.played() - before);
                }
                None => {
                    if let Some(finish) = self.rank() {
                        return (played, Some(finish));
                    }
                }
            }
        }
        (played, None)
    }

    /// Ends a round: the runners evenest first (a stable sort: ties keep the earlier
    /// entrant), the next round's count of them kept (and the first, when kept); after the
    /// last round, the finish.
    fn rank(&mut self) -> Option<Finish<T>> {
        if self.round == 0 {
            self.compared = self.runners.len();
        }
        let mut ranked: Vec<(f64, Runner<T>)> = self
            .runners
            .drain(..)
            .map(|r| (unevenness(&r.test.report()), r))
            .collect();
        crate::order::sort_by(&mut ranked, |a, b| a.0.total_cmp(&b.0));
        self.round += 1;
        let Some(&(next, _)) = self.rounds.get(self.round) else {
            return Some(Finish {
                ranked: ranked
                    .into_iter()
                    .map(|(_, r)| Placed {
                        games: r.test.report(),
                        entrant: r.entrant,
                        first: r.first,
                    })
                    .collect(),
                compared: self.compared,
            });
        };
        let mut next = next.min(ranked.len());
        if self.keep_first {
            if let Some(at) = ranked.iter().position(|(_, r)| r.first) {
                if at >= next {
                    let first = ranked.remove(at);
                    ranked.insert(next, first);
                    next += 1;
                }
            }
        }
        ranked.truncate(next);
        self.runners = ranked.into_iter().map(|(_, r)| r).collect();
        None
    }
}

/// The whole race's work in games for `entrants` (at most: with the first kept, it may rank
/// among the players of a round anyway).
pub fn work(rounds: &Rounds, entrants: usize, keeping_the_first: bool) -> u64 {
    let mut total = 0;
    let mut before = 0;
    for (i, &(playing, games)) in rounds.iter().enumerate() {
        let mut playing = playing.min(entrants);
        if keeping_the_first && i > 0 && playing < entrants {
            playing += 1;
        }
        total += playing as u64 * u64::from(games - before);
        before = games;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::play::BotKind;
    use crate::rules::RuleSet;

    const SMALL: [(usize, u32); 3] = [(6, 8), (3, 24), (1, 40)];

    fn board(seed: u64) -> crate::board::Board {
        generate(&Settings::new(LayoutId::Base, RuleSet::standard()), seed).unwrap()
    }

    fn race(keep_first: bool, boards: &[crate::board::Board]) -> Race<usize> {
        let mut race = Race::new(&SMALL);
        if keep_first {
            race = race.keeping_the_first();
        }
        for (i, b) in boards.iter().enumerate() {
            race.enter(
                i,
                PlayTest::new(b, 4, BotKind::Greedy, u32::MAX, 77).unwrap(),
            );
        }
        race
    }

    #[test]
    fn a_race_plays_its_rounds_and_ranks_its_finalists_evenest_first() {
        let boards: Vec<_> = (0..6).map(board).collect();
        let mut whole = race(false, &boards);
        let (played, finish) = whole.run(u64::MAX);
        let finish = finish.expect("an unbounded budget finishes the race");
        assert_eq!(played, work(&SMALL, 6, false));
        assert_eq!(finish.compared, 6);
        assert_eq!(finish.ranked.len(), 1);
        assert_eq!(finish.ranked[0].games.games, 40);
        // The same race in slices of 7 games ends the same way.
        let mut sliced = race(false, &boards);
        let mut total = 0;
        let finish_sliced = loop {
            let (played, finish) = sliced.run(7);
            assert!(played <= 7);
            total += played;
            if let Some(f) = finish {
                break f;
            }
        };
        assert_eq!(total, work(&SMALL, 6, false));
        assert_eq!(finish_sliced.ranked[0].entrant, finish.ranked[0].entrant);
        assert_eq!(finish_sliced.ranked[0].games, finish.ranked[0].games);
    }

    #[test]
    fn the_first_entrant_kept_reaches_the_last_round_and_loses_only_to_an_evener_one() {
        let boards: Vec<_> = (10..16).map(board).collect();
        let (played, finish) = race(true, &boards).run(u64::MAX);
        let finish = finish.unwrap();
        assert!(played <= work(&SMALL, 6, true));
        let first = finish
            .ranked
            .iter()
            .find(|p| p.first)
            .expect("the first is kept");
        assert_eq!(first.entrant, 0);
        assert_eq!(first.games.games, 40);
        assert!(unevenness(&finish.ranked[0].games) <= unevenness(&first.games));
        for pair in finish.ranked.windows(2) {
            assert!(unevenness(&pair[0].games) <= unevenness(&pair[1].games));
        }
    }

    #[test]
    fn unevenness_is_zero_for_equal_shares_and_grows_with_the_gaps() {
        let report = |wins: &[u32]| {
            let games: u32 = wins.iter().sum();
            PlayReport {
                games,
                no_winner: 0,
                refused: 0,
                seats: wins
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| crate::play::SeatResult {
                        seat: i + 1,
                        wins: w,
                        win_rate: f64::from(w) / f64::from(games),
                        low: 0.0,
                        high: 1.0,
                        mean_points: 0.0,
                    })
                    .collect(),
            }
        };
        assert_eq!(unevenness(&report(&[25, 25, 25, 25])), 0.0);
        let small = unevenness(&report(&[30, 20, 25, 25]));
        assert!((small - 0.005).abs() < 1e-12, "{small}");
        assert!(unevenness(&report(&[40, 10, 25, 25])) > small);
    }
}
