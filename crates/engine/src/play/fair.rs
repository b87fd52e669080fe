//! Fair in play: among boards the seat-fair search finds, the one whose play-tested seat
//! chances are closest to even.
//!
//! Why play decides: on balanced boards every seat's snake-draft value is within a point,
//! yet greedy bots win from one seat four times as often as from another (median spread of
//! seat win shares 0.33 at four seats), and neither the score nor the static value of the
//! opening spots predicts which seat (docs/play.md, "Fair in play" and "The fair start
//! chosen by play"). So the search plays.
//!
//! How: [`CANDIDATES`] boards, the first the seat-fair search's own board for the seed (what
//! [`crate::balance::search::find`] gives), the rest handed out by walks of legal swaps
//! from it on the search's own cost ([`Nearby`]: about as good on paper, each a stride of
//! swaps from the last, so openings differ; a fresh search a candidate found no evener
//! boards in play and cost ten times as much, docs/findings.md, "the race of identical
//! greedy players"); then races by successive halving ([`ROUNDS`]) on the same games for
//! every board: the evener quarter of each round plays on, and the evenest board of the
//! last round is the one.
//!
//! The work is two [`HALVES`] that share nothing but the seed's own board and the games:
//! each half walks from that board with a walk of its own and races its own half of the
//! candidates, and the evener of the two halves' winners on those same games is the board
//! ([`evener`]). So two workers can each do a half at once and take half as long
//! (docs/benchmarks.md, "In the browser"); one worker, or the command line, does both in
//! turn and gets the same board.
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

/// Boards compared, in all halves. More candidates are what made boards evener in fresh
/// games: at four seats the median spread was 0.070 with 128, 0.065 with 256, 0.052 with 512
/// and 0.047 with 1,024 (the same race, scaled), and 0.042 with 1,024 and the last rounds
/// below (seeds 0-49; 0.047 on seeds 50-99), at about eight times the work of 128
/// (docs/findings.md, "the race of identical greedy players"). Only measurements run it,
/// so no table waits for it (docs/play.md, "Fair in play").
pub const CANDIDATES: usize = 1_024;
/// The halves the search is cut into, each racing its own part of the candidates.
pub const HALVES: usize = 2;
/// Boards a half compares.
const HALF: usize = CANDIDATES / HALVES;
/// Each round of a half's race: how many candidates play, and the games each has played by
/// its end. The evenest quarter plays on until 1,024 games, where eight finalists a half
/// play; the evenest two go on to 2,048. Measured at four seats on 100 boards
/// (docs/findings.md, "the race of identical greedy players"):
/// eight finalists picked evener boards than two (0.042 and 0.047 against 0.047 and 0.053)
/// for 18% more games, and cheaper first rounds (8 or 12 games) or fewer boards in the
/// second round (an eighth) picked less even ones.
const ROUNDS: [(usize, u32); 5] = [
    (HALF, 24),
    (HALF / 4, 96),
    (HALF / 16, 384),
    (HALF / 64, 1_024),
    (2, 2_048),
];
/// How far from the mode's aim a candidate's score may be, at least (else the seed's own
/// board's miss): balanced boards score about 0.005.
const SCORE_ALLOWANCE: f64 = 0.006;
/// Swaps the walk proposes for one game's worth of work (a four-player game takes about as
/// long as 150 scored swaps), and the most it proposes.
const PROPOSALS_A_GAME: u32 = 150;
const MOST_PROPOSALS: u64 = HALF as u64 * Nearby::STRIDE as u64 * 60;
/// The seed's own search, and a half's walk, in games' worth of work (for progress).
const SEARCH_COST: u32 = 150;
const DRAWING_COST: u32 = HALF as u32 * Nearby::STRIDE * 4 / PROPOSALS_A_GAME;

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

/// Whether `a`'s games were at least as even as `b`'s: the halves' winners played the same
/// games, so the evener is the board, and a tie goes to the earlier half.
pub fn evener(a: &PlayReport, b: &PlayReport) -> bool {
    race::unevenness(a) <= race::unevenness(b)
}

/// A fair-in-play search under way.
pub struct FairSearch<'a> {
    settings: &'a Settings,
    mode: Mode,
    seats: usize,
    games_seed: u64,
    /// The walks' seeds, a half each.
    walk_seeds: [u64; HALVES],
    /// The halves still to do, the one under way first.
    halves: std::ops::Range<usize>,
    /// How many halves this search does.
    halves_in_all: usize,
    /// The evenest winner of the halves done.
    best: Option<FairFound>,
    /// The seat-fair search for the seed's own board, the first candidate and where the
    /// walks start.
    search: Option<Search<'a>>,
    /// The seat-fair search's board, kept for the next half's walk.
    first: Option<Found>,
    /// The walk handing out the other candidates, from the first.
    nearby: Option<Nearby<'a>>,
    /// Swaps the walk has proposed.
    proposed: u64,
    race: Race<Found>,
    done: u64,
    /// Work done when the half under way began.
    half_began: u64,
}

/// Whether `mode` on `settings` is searched by play: balanced and target searches on boards
/// the simulator plays (the base game's rules); everything else keeps the seat-fair search.
pub fn plays(settings: &Settings, mode: Mode) -> bool {
    matches!(mode, Mode::Balanced | Mode::Target(_))
        && crate::play::table::Rules::of(settings.layout).is_some()
}

impl<'a> FairSearch<'a> {
    /// The whole search for `seats` players, both halves in turn, whose first candidate is
    /// the seat-fair search's over `candidates` ([`DEFAULT_CANDIDATES`] as the app and
    /// `hexfair generate` search); `None` when the mode or board is not searched by play
    /// ([`plays`]) or the board is not played by that many.
    pub fn new(
        settings: &'a Settings,
        mode: Mode,
        candidates: u32,
        seed: u64,
        seats: usize,
    ) -> Option<Self> {
        Self::of_halves(settings, mode, candidates, seed, seats, 0..HALVES)
    }

    /// Half `half` (below [`HALVES`]) of [`FairSearch::new`]'s search alone: its winner, to
    /// be weighed against the other halves' by [`evener`].
    pub fn half(
        settings: &'a Settings,
        mode: Mode,
        candidates: u32,
        seed: u64,
        seats: usize,
        half: usize,
    ) -> Option<Self> {
        if half >= HALVES {
            return None;
        }
        Self::of_halves(settings, mode, candidates, seed, seats, half..half + 1)
    }

    fn of_halves(
        settings: &'a Settings,
        mode: Mode,
        candidates: u32,
        seed: u64,
        seats: usize,
        halves: std::ops::Range<usize>,
    ) -> Option<Self> {
        let layout = crate::catalogue::Layout::get(settings.layout);
        if !plays(settings, mode) || !layout.id.seats().contains(&seats) {
            return None;
        }
        let mut rng = Random::new(seed ^ 0xFA12_9A7E);
        let games_seed = rng.next_u64();
        let walk_seeds = std::array::from_fn(|_| rng.next_u64());
        Some(FairSearch {
            settings,
            mode,
            seats,
            games_seed,
            walk_seeds,
            halves_in_all: halves.len(),
            halves,
            best: None,
            search: Some(Search::new(settings, mode, candidates, seed)),
            first: None,
            nearby: None,
            proposed: 0,
            race: Race::new(&ROUNDS),
            done: 0,
            half_began: 0,
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

    /// Work done and in all, in games (the drawing of candidates counted as [`SEARCH_COST`]
    /// and [`DRAWING_COST`] a half).
    pub fn progress(&self) -> (u64, u64) {
        let total = u64::from(SEARCH_COST) + self.halves_in_all as u64 * half_work();
        (self.done.min(total - 1), total)
    }

    /// Starts the next half's walk from the seat-fair search's board (the first half enters
    /// that board too).
    fn begin_half(&mut self) {
        let Some(first) = &self.first else { return };
        let half = self.halves.start;
        let allowed = self.mode.miss(first.score).max(SCORE_ALLOWANCE);
        self.nearby = Some(Nearby::new(
            self.settings,
            self.mode,
            &first.board,
            allowed,
            self.walk_seeds[half],
        ));
        self.proposed = 0;
        self.race = Race::new(&ROUNDS);
        self.half_began = self.done;
        if half == 0 {
            self.enter(first.clone());
        }
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
                self.first = Some(found);
                self.done += u64::from(SEARCH_COST);
                left = left.saturating_sub(u64::from(SEARCH_COST));
                self.begin_half();
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
                if self.race.entrants() == HALF || self.proposed >= MOST_PROPOSALS {
                    self.nearby = None;
                    self.done = self.done.max(self.half_began + u64::from(DRAWING_COST));
                }
                continue;
            }
            let (played, finish) = self.race.run(left);
            self.done += played;
            left -= played;
            let Some(finish) = finish else { continue };
            let winner = finish
                .ranked
                .into_iter()
                .next()
                .expect("a race ends with an entrant");
            let compared = finish.compared + self.best.as_ref().map_or(0, |b| b.compared);
            let (found, games) = match self.best.take() {
                Some(best) if evener(&best.games, &winner.games) => (best.found, best.games),
                _ => (winner.entrant, winner.games),
            };
            self.best = Some(FairFound {
                found,
                games,
                compared,
            });
            self.halves.start += 1;
            if self.halves.is_empty() {
                return self.best.take().map(Ok);
            }
            self.begin_half();
        }
        None
    }
}

/// A half's work in games: its walk and its race.
fn half_work() -> u64 {
    u64::from(DRAWING_COST) + race::work(&ROUNDS, HALF, false)
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
