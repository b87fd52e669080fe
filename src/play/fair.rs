//! Fair in play: among boards the seat-fair search finds, the one whose play-tested seat
//! chances are closest to even.
//!
//! Why play decides: on balanced boards every seat's snake-draft value is within a point,
//! yet greedy bots win from one seat four times as often as from another (median spread of
//! seat win shares 0.33 at four seats), and neither the score nor the static value of the
//! opening spots predicts which seat (docs/play.md). So the search plays.
//!
//! How: [`CANDIDATES`] boards, the first the seat-fair search's own board for the seed (what
//! [`crate::balance::search::find`] gives), the rest handed out by a walk of legal swaps
//! from it on the search's own cost ([`Nearby`]: about as good on paper, each a stride of
//! swaps from the last, so openings differ; a fresh search a candidate found no evener
//! boards in play and cost ten times as much, docs/play.md); then a [`Race`] by successive
//! halving ([`ROUNDS`]) on the same games for every board: the evener quarter of each round
//! plays on, and the evenest board of the last round is the one.
//!
//! Deterministic: the same settings, mode, seed and seat count give the same board natively
//! and in wasm. Work is counted in games ([`FairSearch::step`]), so a page can cut it into
//! slices and show progress.

use crate::balance::search::{Found, Mode, Nearby, Search, DEFAULT_CANDIDATES};
use crate::generate::random::Random;
use crate::generate::{GenerateError, Settings};
use crate::play::playtest::{PlayReport, PlayTest};
use crate::play::race::{self, Race};
use crate::play::BotKind;

/// Boards compared.
pub const CANDIDATES: usize = 128;
/// Each round: how many candidates play, and the games each has played by its end.
const ROUNDS: [(usize, u32); 4] = [(128, 24), (32, 96), (8, 384), (2, 1_024)];
/// How far from the mode's aim a candidate's score may be, at least (else the seed's own
/// board's miss): balanced boards score about 0.005.
const SCORE_ALLOWANCE: f64 = 0.006;
/// Swaps the walk proposes for one game's worth of work (a four-player game takes about as
/// long as 150 scored swaps), and the most it proposes.
const PROPOSALS_A_GAME: u32 = 150;
const MOST_PROPOSALS: u64 = CANDIDATES as u64 * Nearby::STRIDE as u64 * 60;
/// The seed's own search, and the walk, in games' worth of work (for progress).
const SEARCH_COST: u32 = 150;
const DRAWING_COST: u32 = CANDIDATES as u32 * Nearby::STRIDE * 4 / PROPOSALS_A_GAME;

/// What the search found: the board, and the games it was chosen on.
#[derive(Clone, Debug)]
pub struct FairFound {
    pub found: Found,
    /// The games the search played on the board it chose (biased toward even: it was chosen
    /// on them); a fresh play-test tells its chances.
    pub games: PlayReport,
    /// Boards compared.
    pub compared: usize,
}

/// A fair-in-play search under way.
pub struct FairSearch<'a> {
    settings: &'a Settings,
    mode: Mode,
    seats: usize,
    rng: Random,
    games_seed: u64,
    /// The seat-fair search for the seed's own board, the first candidate.
    search: Option<Search<'a>>,
    /// The walk handing out the other candidates, from the first.
    nearby: Option<Nearby<'a>>,
    /// Swaps the walk has proposed.
    proposed: u64,
    race: Race<Found>,
    done: u64,
}

/// Whether `mode` on `settings` is searched by play: balanced and target searches on boards
/// the simulator plays (the base game's rules); everything else keeps the seat-fair search.
pub fn plays(settings: &Settings, mode: Mode) -> bool {
    matches!(mode, Mode::Balanced | Mode::Target(_))
        && crate::play::table::Rules::of(settings.layout).is_some()
}

impl<'a> FairSearch<'a> {
    /// A search for `seats` players whose first candidate is the seat-fair search's over
    /// `candidates` ([`DEFAULT_CANDIDATES`] as the app and `hexfair generate` search); `None`
    /// when the mode or board is not searched by play ([`plays`]) or the board is not played
    /// by that many.
    pub fn new(
        settings: &'a Settings,
        mode: Mode,
        candidates: u32,
        seed: u64,
        seats: usize,
    ) -> Option<Self> {
        let layout = crate::catalogue::Layout::get(settings.layout);
        if !plays(settings, mode) || !layout.id.seats().contains(&seats) {
            return None;
        }
        let mut rng = Random::new(seed ^ 0xFA12_9A7E);
        let games_seed = rng.next_u64();
        Some(FairSearch {
            settings,
            mode,
            seats,
            rng,
            games_seed,
            search: Some(Search::new(settings, mode, candidates, seed)),
            nearby: None,
            proposed: 0,
            race: Race::new(&ROUNDS),
            done: 0,
        })
    }

    /// Enters a board in the race.
    fn enter(&mut self, found: Found) {
        let test = PlayTest::new(
            &found.board,
            self.seats,
            BotKind::Greedy,
            u32::MAX,
            self.games_seed,
        )
        .expect("a simulated board at a seat count it is played by");
        self.race.enter(found, test);
    }

    /// Work done and in all, in games (the drawing of candidates counted as [`SEARCH_COST`] and [`DRAWING_COST`]).
    pub fn progress(&self) -> (u64, u64) {
        let total = total_work();
        (self.done.min(total - 1), total)
    }

    /// Does about `games` games' worth of work; the result once the search is over (it must
    /// not be stepped after that).
    pub fn step(&mut self, games: u32) -> Option<Result<FairFound, GenerateError>> {
        let mut left = u64::from(games.max(1));
        while left > 0 {
            if let Some(search) = &mut self.search {
                let found = match search.advance(u32::MAX, u64::MAX)? {
                    Ok(found) => found,
                    Err(e) => return Some(Err(e)),
                };
                self.search = None;
                let allowed = self.mode.miss(found.score).max(SCORE_ALLOWANCE);
                let seed = self.rng.next_u64();
                self.nearby = Some(Nearby::new(
                    self.settings,
                    self.mode,
                    &found.board,
                    allowed,
                    seed,
                ));
                self.enter(found);
                self.done += u64::from(SEARCH_COST);
                left = left.saturating_sub(u64::from(SEARCH_COST));
                continue;
            }
            if let Some(nearby) = &mut self.nearby {
                let found = nearby.next(PROPOSALS_A_GAME);
                self.proposed += u64::from(PROPOSALS_A_GAME);
                self.done += 1;
                left -= 1;
                if let Some(found) = found {
                    self.enter(found);
                }
                if self.race.entrants() == CANDIDATES || self.proposed >= MOST_PROPOSALS {
                    self.nearby = None;
                    self.done = self.done.max(u64::from(SEARCH_COST + DRAWING_COST));
                }
                continue;
            }
            let (played, finish) = self.race.run(left);
            self.done += played;
            left -= played;
            if let Some(finish) = finish {
                let best = finish
                    .ranked
                    .into_iter()
                    .next()
                    .expect("a race ends with an entrant");
                return Some(Ok(FairFound {
                    found: best.entrant,
                    games: best.games,
                    compared: finish.compared,
                }));
            }
        }
        None
    }
}

/// The whole search's work in games.
fn total_work() -> u64 {
    u64::from(SEARCH_COST + DRAWING_COST) + race::work(&ROUNDS, CANDIDATES, false)
}

/// [`FairSearch`] to the end, from the seat-fair search of [`DEFAULT_CANDIDATES`].
pub fn find_fair(
    settings: &Settings,
    mode: Mode,
    seed: u64,
    seats: usize,
) -> Option<Result<FairFound, GenerateError>> {
    find_fair_with_progress(
        settings,
        mode,
        DEFAULT_CANDIDATES,
        seed,
        seats,
        &mut |_, _| {},
    )
}

/// [`FairSearch`] to the end, telling `progress` (work done, work in all, in games) between
/// slices; `None` as [`FairSearch::new`]. The board is the same however the work is cut.
pub fn find_fair_with_progress(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    seats: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Option<Result<FairFound, GenerateError>> {
    let mut search = FairSearch::new(settings, mode, candidates, seed, seats)?;
    loop {
        if let Some(found) = search.step(PROGRESS_SLICE) {
            return Some(found);
        }
        let (done, total) = search.progress();
        progress(done, total);
    }
}

/// Games' worth of work between two reports of progress.
const PROGRESS_SLICE: u32 = 500;
