//! What the page and its play worker say to each other, as serde types carried by
//! serde-wasm-bindgen like the search worker's ([`crate::worker_protocol`]): the page sends
//! [`ToPlayer`] (a [`PlayRequest`]: the board on screen as a share token, the seats, the
//! games and the seed; or a [`FairRequest`]: a board to choose by play), the worker sends
//! [`FromPlayer`] (that it listens, how far it is, the report's [`Tally`] or the board found,
//! or why there is none, in words).
//! It also draws QR codes for the Saved tab ([`ToPlayer::QrCode`]): the encoder is 13 KB
//! gzip of wasm that the first visit need not download (docs/download.md).
//!
//! The play worker is a wasm module of its own (`src/bin/hexfair-play.rs`), the engine
//! without the app, loaded after the first board is on screen: the simulator is not in the
//! page's wasm, so the first visit does not download it (docs/download.md).
//!
//! Both sides' decisions are plain data here, tested natively: [`Player`] is the worker's
//! (a newer request replaces the one of its kind under way between two slices of games, so
//! its figures never come; a search goes before a play-test), [`Postbox`] is the page's (the
//! newest requests are posted once the worker listens). The browser shells around them
//! (`src/app/play_worker.rs`) only carry messages.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::balance::search::DEFAULT_CANDIDATES;
use crate::play::fair::FairSearch;
use crate::play::fair_start::StartSearch;
use crate::play::playtest::{wilson, MAX_GAMES};
use crate::play::race;
use crate::play::{BotKind, PlayError, PlayReport, PlayTest, TableModel};
use crate::share;
use crate::worker_protocol::{Answer, Request, PATIENCE_MS};

/// A play-test the page asks for: the board of `token` (a share token) at `seats` seats,
/// `games` games from `seed`, greedy bots in every seat (as `hexfair playtest`'s default).
/// Its id names the replies, so those to a request since replaced are told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayRequest {
    pub id: u64,
    pub token: String,
    pub seats: usize,
    pub games: u32,
    pub seed: u64,
}

/// A board the page asks to be chosen by play ([`crate::play::fair`]): the search worker's
/// request, for a table of `seats`. The board is the one `hexfair generate` gives for the
/// same settings, mode, seed and `--players`. With `half`, only that half of the search
/// ([`FairSearch::half`]): the page has another worker do the other half at the same time,
/// and weighs the two winners ([`Tally::evener`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FairRequest {
    pub search: Request,
    pub seats: usize,
    pub half: Option<u8>,
}

/// What the page says to its play worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToPlayer {
    PlayTest(PlayRequest),
    /// Choose the fair start of a board by play ([`crate::play::fair_start`]), from `seed`,
    /// then play `games` fresh games from it from `seed` (`hexfair playtest --start play`);
    /// it replaces a start under way, and goes before a play-test.
    Start(PlayRequest),
    /// Choose a board by play; it replaces a search under way and goes before a play-test.
    Search(FairRequest),
    /// The search the page will most likely ask for next (Regenerate's, with the seed it
    /// will use), its id 0: worked on when nothing else is, silently, so that when it is
    /// asked for as a [`ToPlayer::Search`] its board is ready or on its way. It replaces an
    /// earlier one.
    Ahead(FairRequest),
    /// The page no longer wants the search under way (it asked for a board another way).
    StopSearch,
    /// The QR code of a link (the Saved tab's): the encoder is this module's, not the page's.
    QrCode {
        url: String,
    },
}

/// What the play worker says to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FromPlayer {
    /// It listens: messages posted before this found no handler and were lost.
    Ready,
    /// Request `id` has played `done` games of `total` (a search: its work, counted in games).
    Progress { id: u64, done: u32, total: u32 },
    /// Request `id` is over: each seat's wins, or why it cannot be played (in words).
    Played {
        id: u64,
        result: Result<Tally, String>,
    },
    /// A search is over: the board as a share token, as the search worker answers.
    Found(Answer),
    /// The half of a search asked of this worker is over: its board, and the games that
    /// board won (the same games as the other half's winner's), for the page to weigh. Which
    /// half it was, the page knows by the worker.
    Half(Answer, Tally),
    /// A start is chosen: each seat's two settlements (corner numbers, seat 1's first and
    /// second, then seat 2's...) and the fresh games from it; or why there is none (in
    /// words, the settlements then empty). The shapes of a tally's: every type the page
    /// decodes is code in its download, and a tuple's is the least.
    StartChosen(u64, Vec<u32>, Result<Tally, String>),
    /// The QR code of `url` as SVG, or `None` if the link is too long for one.
    QrCode { url: String, svg: Option<String> },
}

impl FromPlayer {
    /// A search's answer as the answer to request `id` (a search worked on ahead is asked
    /// for under a new id).
    fn named(self, id: u64) -> FromPlayer {
        match self {
            FromPlayer::Found(answer) => FromPlayer::Found(Answer { id, ..answer }),
            FromPlayer::Half(answer, games) => FromPlayer::Half(Answer { id, ..answer }, games),
            other => other,
        }
    }
}

/// What the page shows of a [`PlayReport`]: the games, those without a winner, and each
/// seat's wins (in turn order), from which its share and interval follow as the report
/// works them out. Only what is shown crosses to the page: every type the page decodes is
/// code in the first visit's download (docs/download.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u32,
    pub no_winner: u32,
    pub wins: Vec<u32>,
}

impl Tally {
    pub fn of(report: &PlayReport) -> Tally {
        Tally {
            games: report.games,
            no_winner: report.no_winner,
            wins: report.seats.iter().map(|s| s.wins).collect(),
        }
    }

    /// Seat `seat`'s (0-based) share of the games.
    pub fn share(&self, seat: usize) -> f64 {
        f64::from(self.wins[seat]) / f64::from(self.games.max(1))
    }

    /// The 95% Wilson interval of seat `seat`'s share, as the report has it.
    pub fn interval(&self, seat: usize) -> (f64, f64) {
        wilson(self.wins[seat], self.games)
    }

    /// Whether these games were at least as even as `other`'s, as the fair-in-play search
    /// weighs its halves' winners ([`crate::play::fair::evener`]).
    pub fn evener(&self, other: &Tally) -> bool {
        let unevenness = |t: &Tally| race::unevenness_of(t.wins.iter().copied(), t.games);
        unevenness(self) <= unevenness(other)
    }

    /// The best seat's share minus the worst's, as [`PlayReport::spread`].
    pub fn spread(&self) -> f64 {
        let (most, least) = (self.wins.iter().max(), self.wins.iter().min());
        let (Some(&most), Some(&least)) = (most, least) else {
            return 0.0;
        };
        f64::from(most - least) / f64::from(self.games.max(1))
    }
}

/// Games the worker plays between two looks at its messages: about 10 ms of four-player
/// games in a browser (docs/play.md), so a newer request waits at most that long and the
/// progress bar moves 40 times in a default play-test.
pub const GAMES_PER_SLICE: u32 = 50;

self_cell::self_cell!(
    /// A fair-in-play search beside the request whose settings it borrows.
    struct Choosing {
        owner: FairRequest,
        #[not_covariant]
        dependent: FairSearch,
    }
);

/// A fair start being chosen by play, then the fresh games from it.
enum Starting {
    Choosing(StartSearch, PlayRequest),
    Playing(PlayTest, Vec<u32>),
}

/// A search worked on ahead of its asking ([`ToPlayer::Ahead`]).
enum Ahead {
    Working(Choosing),
    /// Over: the request, and its answer (the id is the asking's, once asked).
    Over(FairRequest, FromPlayer),
}

impl Ahead {
    fn request(&self) -> &FairRequest {
        match self {
            Ahead::Working(choosing) => choosing.borrow_owner(),
            Ahead::Over(request, _) => request,
        }
    }
}

/// Whether two requests ask for the same search (their ids aside).
fn same_search(a: &FairRequest, b: &FairRequest) -> bool {
    let unnamed = |r: &FairRequest| Request {
        id: 0,
        ..r.search.clone()
    };
    (a.seats, a.half) == (b.seats, b.half) && unnamed(a) == unnamed(b)
}

/// The worker's side: the search, the start, the play-test and the search ahead under way,
/// if any, each worked on in that order.
#[derive(Default)]
pub struct Player {
    /// The search under way and the id its replies carry (a search begun ahead keeps its
    /// request's id 0 inside).
    search: Option<(u64, Choosing)>,
    ahead: Option<Ahead>,
    search_told: Told,
    start: Option<(u64, Starting)>,
    start_told: Told,
    test: Option<(u64, PlayTest)>,
}

/// A long job's progress last told, in [`STEPS`]ths: told only as it moves, so its hundreds
/// of slices make at most [`STEPS`] messages for the page to draw.
#[derive(Default)]
struct Told(u32);

/// How finely a long job's progress is told. Each message draws the page again, and the
/// page's thread shares the phone's cores with the workers: told in hundredths, the two
/// halves of a search by play (two hundred messages) took 570 ms from a tap to the board
/// against 400 in 25ths, and 390 untold (medians of six taps, `bench-download.mjs`'s way,
/// Seats tab open, 2-core machine; docs/play.md).
const STEPS: u64 = 25;

impl Told {
    /// `done` and `total` as a message's figures, if their step moved since last told.
    fn moved(&mut self, done: u64, total: u64) -> Option<(u32, u32)> {
        let step = (done * STEPS / total.max(1)) as u32;
        if step == self.0 {
            return None;
        }
        self.0 = step;
        let games = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        Some((games(done), games(total)))
    }
}

impl Player {
    pub fn new() -> Player {
        Player::default()
    }

    /// A message arrived (or something that is not one): a newer request replaces the one of
    /// its kind under way. Returns the reply due at once, if any: a request that cannot be
    /// served is answered in words (and the one under way is dropped all the same: the page
    /// wants the newer); a message that cannot be read is answered as request 0 and changes
    /// nothing.
    pub fn hear(&mut self, message: Result<ToPlayer, impl Display>) -> Option<FromPlayer> {
        match message {
            Ok(ToPlayer::PlayTest(request)) => match begin_test(&request) {
                Ok(test) => {
                    self.test = Some((request.id, test));
                    None
                }
                Err(why) => {
                    self.test = None;
                    Some(FromPlayer::Played {
                        id: request.id,
                        result: Err(why),
                    })
                }
            },
            Ok(ToPlayer::Search(request)) => {
                let id = request.search.id;
                self.search_told = Told::default();
                let ahead = self.ahead.take_if(|a| same_search(a.request(), &request));
                match ahead {
                    Some(Ahead::Working(choosing)) => {
                        self.search = Some((id, choosing));
                        return None;
                    }
                    Some(Ahead::Over(_, reply)) => {
                        self.search = None;
                        return Some(reply.named(id));
                    }
                    None => {}
                }
                let choosing = begin_search(request);
                self.search = choosing.map(|c| (id, c));
                match self.search {
                    Some(_) => None,
                    None => Some(FromPlayer::Found(Answer {
                        id,
                        result: Err("this board is not chosen by play".to_string()),
                    })),
                }
            }
            Ok(ToPlayer::Ahead(request)) => {
                let current = self.ahead.as_ref().map(Ahead::request);
                if !current.is_some_and(|c| same_search(c, &request)) {
                    self.ahead = begin_search(request).map(Ahead::Working);
                }
                None
            }
            Ok(ToPlayer::Start(request)) => {
                self.start_told = Told::default();
                match begin_start(&request) {
                    Ok(search) => {
                        self.start = Some((request.id, Starting::Choosing(search, request)));
                        None
                    }
                    Err(why) => {
                        self.start = None;
                        Some(FromPlayer::StartChosen(request.id, Vec::new(), Err(why)))
                    }
                }
            }
            Ok(ToPlayer::StopSearch) => {
                self.search = None;
                None
            }
            // Drawn at once: a QR code takes a millisecond, the work under way goes on.
            Ok(ToPlayer::QrCode { url }) => Some(FromPlayer::QrCode {
                svg: share::qr::qr_svg(&url),
                url,
            }),
            Err(why) => Some(FromPlayer::Played {
                id: 0,
                result: Err(format!("unreadable request: {why}")),
            }),
        }
    }

    /// Whether work is under way (the worker then does another slice).
    pub fn busy(&self) -> bool {
        let ahead = matches!(self.ahead, Some(Ahead::Working(_)));
        self.search.is_some() || self.start.is_some() || self.test.is_some() || ahead
    }

    /// A slice of the start under way: how far it is, or its end.
    fn work_on_start(&mut self, games: u32) -> Option<FromPlayer> {
        let (id, starting) = self.start.as_mut()?;
        let id = *id;
        let over = match starting {
            Starting::Choosing(search, request) => match search.step(games) {
                None => {
                    let (done, total) = search.progress();
                    // The fresh games come after: the choosing is most of the work.
                    let total = total + u64::from(request.games);
                    let (done, total) = self.start_told.moved(done, total)?;
                    return Some(FromPlayer::Progress { id, done, total });
                }
                Some(found) => {
                    let opening = found.start.opening();
                    let games = begin_test(request)
                        .and_then(|test| test.with_opening(&opening).map_err(|e| e.0));
                    let corners = found
                        .start
                        .seats
                        .iter()
                        .flat_map(|s| s.settlements.map(|c| c.index() as u32))
                        .collect();
                    match games {
                        Ok(test) => {
                            *starting = Starting::Playing(test, corners);
                            return None;
                        }
                        Err(why) => (Vec::new(), Err(why)),
                    }
                }
            },
            Starting::Playing(test, corners) => {
                test.step(games);
                if !test.is_done() {
                    return None;
                }
                (std::mem::take(corners), Ok(Tally::of(&test.report())))
            }
        };
        self.start = None;
        let (settlements, result) = over;
        Some(FromPlayer::StartChosen(id, settlements, result))
    }

    /// Does up to `games` games' worth of the work under way, the search first: how far it
    /// is (`None` while a search's progress has not moved a step), or its end.
    pub fn work(&mut self, games: u32) -> Option<FromPlayer> {
        if let Some((id, choosing)) = &mut self.search {
            let id = *id;
            return match search_step(choosing, games) {
                Err((done, total)) => {
                    let (done, total) = self.search_told.moved(done, total)?;
                    Some(FromPlayer::Progress { id, done, total })
                }
                Ok(reply) => {
                    self.search = None;
                    Some(reply.named(id))
                }
            };
        }
        if self.start.is_some() {
            return self.work_on_start(games);
        }
        let Some((id, test)) = self.test.as_mut() else {
            // Nothing asked for: the search ahead, silently.
            if let Some(Ahead::Working(choosing)) = &mut self.ahead {
                if let Ok(reply) = search_step(choosing, games) {
                    let request = choosing.borrow_owner().clone();
                    self.ahead = Some(Ahead::Over(request, reply));
                }
            }
            return None;
        };
        let id = *id;
        test.step(games);
        if !test.is_done() {
            return Some(FromPlayer::Progress {
                id,
                done: test.played(),
                total: test.games(),
            });
        }
        let tally = Tally::of(&test.report());
        self.test = None;
        Some(FromPlayer::Played {
            id,
            result: Ok(tally),
        })
    }
}

/// A slice of a search: how far it is (work done, in all), or its reply, named by its
/// request's id.
fn search_step(choosing: &mut Choosing, games: u32) -> Result<FromPlayer, (u64, u64)> {
    let found = choosing.with_dependent_mut(|_, search| {
        let found = search.step(games);
        found.ok_or_else(|| search.progress())
    })?;
    let request = choosing.borrow_owner();
    let games = found.as_ref().map(|f| Tally::of(&f.games)).map_err(|_| ());
    let answer = Answer::of(&request.search, found.map(|f| f.found));
    Ok(match (request.half, games) {
        (Some(_), Ok(games)) => FromPlayer::Half(answer, games),
        _ => FromPlayer::Found(answer),
    })
}

/// The search a request asks for, or `None` if its board is not chosen by play.
fn begin_search(request: FairRequest) -> Option<Choosing> {
    Choosing::try_new(request, |r| {
        let Request {
            settings,
            mode,
            seed,
            ..
        } = &r.search;
        let (c, seats) = (DEFAULT_CANDIDATES, r.seats);
        match r.half {
            None => FairSearch::new(settings, *mode, c, *seed, seats),
            Some(h) => FairSearch::half(settings, *mode, c, *seed, seats, h.into()),
        }
        .ok_or(())
    })
    .ok()
}

/// The board of a request's token, or why there is none.
fn found_board(request: &PlayRequest) -> Result<crate::board::Board, PlayError> {
    let link = share::decode_token(&request.token).map_err(|e| PlayError(e.0))?;
    link.board
        .ok_or_else(|| PlayError("the link carries no board".into()))
}

/// Checks the games a request asks for.
fn games_problem(request: &PlayRequest) -> Result<(), String> {
    if (1..=MAX_GAMES).contains(&request.games) {
        return Ok(());
    }
    Err(format!(
        "a play-test plays 1 to {MAX_GAMES} games, not {}",
        request.games
    ))
}

/// The start search a request asks for, or why it cannot be made.
fn begin_start(request: &PlayRequest) -> Result<StartSearch, String> {
    games_problem(request)?;
    let board = found_board(request).map_err(|e| e.0)?;
    StartSearch::new(&board, request.seats, request.seed).map_err(|e| e.0)
}

/// The play-test a request asks for, or why it cannot be played.
fn begin_test(request: &PlayRequest) -> Result<PlayTest, String> {
    games_problem(request)?;
    let board = found_board(request).map_err(|e| e.0)?;
    PlayTest::new(
        &board,
        request.seats,
        BotKind::Greedy,
        request.games,
        request.seed,
    )
    .map(|test| test.with_model(CHANCES_TABLE))
    .map_err(|e| e.0)
}

/// Who plays the Seats tab's games: varied players, as `hexfair playtest` by default, so a
/// link's figures are the command line's (issue 27: one fixed bot's openings say more than
/// is known).
pub const CHANCES_TABLE: TableModel = TableModel::Varied;

/// The page's side: the newest search, play-test and QR code, each posted once the worker
/// listens and only once. An older request still under way needs no word when a newer one
/// of its kind replaces it; a search no longer wanted at all is stopped.
#[derive(Clone, Debug, Default)]
pub struct Postbox {
    listening: bool,
    wanted: Wanted,
    /// The search posted: its request's id and half.
    posted_search: Option<(u64, Option<u8>)>,
    posted_start: Option<u64>,
    posted_test: Option<u64>,
    posted_qr: Option<String>,
    posted_ahead: Option<FairRequest>,
    /// When the worker was last heard from, or handed a search (ms).
    since: f64,
}

/// `wanted` unless it is the one last posted (named by `key`), which it then is.
fn unposted<T: Clone, K: PartialEq>(
    wanted: &Option<T>,
    key: impl Fn(&T) -> K,
    posted: &mut Option<K>,
) -> Option<T> {
    let wanted = wanted.as_ref()?;
    let named = key(wanted);
    if posted.as_ref() == Some(&named) {
        return None;
    }
    *posted = Some(named);
    Some(wanted.clone())
}

/// What the page wants of its play worker now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wanted {
    /// A board chosen by play.
    pub search: Option<FairRequest>,
    /// The search Regenerate would ask for next, to be worked on ahead of it, id 0.
    pub ahead: Option<FairRequest>,
    /// The fair start of the board on screen, chosen by play.
    pub start: Option<PlayRequest>,
    /// The chances of the board on screen.
    pub test: Option<PlayRequest>,
    /// The QR code of this link.
    pub qr: Option<String>,
}

impl Postbox {
    /// The page now wants this, at `now` (ms); what to post, if anything.
    pub fn want(&mut self, wanted: Wanted, now: f64) -> Vec<ToPlayer> {
        self.wanted = wanted;
        let out = self.post();
        if out.iter().any(|m| matches!(m, ToPlayer::Search(_))) {
            self.since = now;
        }
        out
    }

    /// When the page gives up on the worker if it stays silent, if ever: while a board is
    /// waited for, [`PATIENCE_MS`] after it was last heard from (a search reports every
    /// 25th of its work, tens of milliseconds apart) or handed the search. A play-test
    /// alone has no deadline: its progress bar shows it waits, and nothing else does.
    pub fn deadline(&self) -> Option<f64> {
        self.posted_search.map(|_| self.since + PATIENCE_MS)
    }

    /// Whether the worker listens (it said [`FromPlayer::Ready`]).
    pub fn listening(&self) -> bool {
        self.listening
    }

    /// The worker said `message` at `now` (ms); what to post in return, if anything.
    pub fn heard(&mut self, message: &FromPlayer, now: f64) -> Vec<ToPlayer> {
        self.since = now;
        match message {
            FromPlayer::Ready => {
                self.listening = true;
                self.post()
            }
            FromPlayer::Found(Answer { id, .. }) | FromPlayer::Half(Answer { id, .. }, _)
                if self.posted_search.is_some_and(|(posted, _)| posted == *id) =>
            {
                // Over: nothing to stop.
                self.posted_search = None;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn post(&mut self) -> Vec<ToPlayer> {
        let mut out = Vec::new();
        if !self.listening {
            return out;
        }
        match &self.wanted.search {
            Some(wanted) if self.posted_search != Some((wanted.search.id, wanted.half)) => {
                self.posted_search = Some((wanted.search.id, wanted.half));
                out.push(ToPlayer::Search(wanted.clone()));
            }
            None if self.posted_search.is_some() => {
                self.posted_search = None;
                out.push(ToPlayer::StopSearch);
            }
            _ => {}
        }
        let Wanted {
            start,
            test,
            qr,
            ahead,
            ..
        } = &self.wanted;
        out.extend(unposted(start, |r| r.id, &mut self.posted_start).map(ToPlayer::Start));
        out.extend(unposted(test, |r| r.id, &mut self.posted_test).map(ToPlayer::PlayTest));
        out.extend(
            unposted(qr, String::clone, &mut self.posted_qr).map(|url| ToPlayer::QrCode { url }),
        );
        out.extend(
            unposted(ahead, FairRequest::clone, &mut self.posted_ahead).map(ToPlayer::Ahead),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::search::Mode;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::play::fair::find_fair;
    use crate::rules::RuleSet;

    /// The message as JSON text and back: serde_json standing in for the browser's values.
    fn through_json<T: Serialize + serde::de::DeserializeOwned>(message: &T) -> T {
        serde_json::from_str(&serde_json::to_string(message).unwrap()).unwrap()
    }

    fn request(id: u64, layout: LayoutId, seed: u64, seats: usize, games: u32) -> PlayRequest {
        let settings = Settings::new(layout, RuleSet::standard());
        let board = generate(&settings, seed).unwrap();
        PlayRequest {
            id,
            token: share::board_token_seated(&settings, Mode::Random, seed, &board, seats),
            seats,
            games,
            seed: 1,
        }
    }

    /// Every reply of `player` until its play-test is over.
    fn play_out(player: &mut Player, games: u32) -> Vec<FromPlayer> {
        std::iter::from_fn(|| player.work(games)).collect()
    }

    #[test]
    fn a_play_test_comes_back_in_slices_as_the_engine_plays_it() {
        let asked = request(7, LayoutId::Base, 3, 3, 120);
        let mut player = Player::new();
        let heard = player.hear(Ok::<_, String>(through_json(&ToPlayer::PlayTest(
            asked.clone(),
        ))));
        assert_eq!(heard, None);
        assert!(player.busy());
        let replies: Vec<FromPlayer> = play_out(&mut player, 50).iter().map(through_json).collect();
        assert!(!player.busy());
        let progress = |done| FromPlayer::Progress {
            id: 7,
            done,
            total: 120,
        };
        assert_eq!(replies[..2], [progress(50), progress(100)]);
        let board = share::decode_token(&asked.token).unwrap().board.unwrap();
        let expected = PlayTest::new(&board, 3, BotKind::Greedy, 120, 1)
            .unwrap()
            .with_model(CHANCES_TABLE)
            .run();
        assert_eq!(
            replies[2],
            FromPlayer::Played {
                id: 7,
                result: Ok(Tally::of(&expected))
            }
        );
        assert_eq!(replies.len(), 3);
        // The tally's figures are the report's.
        let tally = Tally::of(&expected);
        assert_eq!(tally.wins.len(), 3);
        assert_eq!(tally.spread(), expected.spread());
        for (i, seat) in expected.seats.iter().enumerate() {
            assert_eq!(tally.share(i), seat.win_rate);
            assert_eq!(tally.interval(i), (seat.low, seat.high));
        }
    }

    #[test]
    fn a_newer_request_replaces_the_one_under_way() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            200,
        ))));
        assert!(matches!(
            player.work(50),
            Some(FromPlayer::Progress { id: 1, .. })
        ));
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            2,
            LayoutId::FiveSix,
            4,
            5,
            60,
        ))));
        let replies = play_out(&mut player, 50);
        assert!(
            replies.iter().all(|r| match r {
                FromPlayer::Progress { id, .. } | FromPlayer::Played { id, .. } => *id == 2,
                _ => false,
            }),
            "nothing more of the first: {replies:?}"
        );
        let Some(FromPlayer::Played {
            result: Ok(tally), ..
        }) = replies.last()
        else {
            panic!("no report: {replies:?}");
        };
        assert_eq!((tally.games, tally.wins.len()), (60, 5));
    }

    #[test]
    fn what_cannot_be_played_is_answered_in_words_and_nothing_plays() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            200,
        ))));
        let refusal = |id, why: &str| FromPlayer::Played {
            id,
            result: Err(why.to_string()),
        };
        let seafarers = request(2, LayoutId::Seafarers, 3, 4, 10);
        let heard = player.hear(Ok::<_, String>(ToPlayer::PlayTest(seafarers)));
        let Some(FromPlayer::Played {
            id: 2,
            result: Err(why),
        }) = heard
        else {
            panic!("not a refusal: {heard:?}");
        };
        assert!(why.contains("not played"), "{why}");
        assert!(!player.busy(), "the older request is dropped too");
        let bad_token = PlayRequest {
            token: "not a token".into(),
            ..request(3, LayoutId::Base, 3, 4, 10)
        };
        assert!(matches!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(bad_token))),
            Some(FromPlayer::Played {
                id: 3,
                result: Err(_)
            })
        ));
        let too_many = request(4, LayoutId::Base, 3, 5, 10);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(too_many))),
            Some(refusal(
                4,
                "the base board is played by 3 to 4 players, not 5"
            ))
        );
        let no_games = request(5, LayoutId::Base, 3, 4, 0);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(no_games))),
            Some(refusal(5, "a play-test plays 1 to 1000000 games, not 0"))
        );
        let unreadable = serde_json::from_str::<ToPlayer>(r#"{"play-test":{"id":1}}"#);
        let Some(FromPlayer::Played {
            id: 0,
            result: Err(why),
        }) = player.hear(unreadable.map_err(|e| e.to_string()))
        else {
            panic!("not answered");
        };
        assert!(
            why.starts_with("unreadable request: missing field"),
            "{why}"
        );
        assert_eq!(player.work(50), None);
    }

    fn wanted(test: Option<&PlayRequest>, qr: Option<&str>) -> Wanted {
        Wanted {
            test: test.cloned(),
            qr: qr.map(str::to_string),
            ..Wanted::default()
        }
    }

    /// Every reply until the worker is idle, through JSON as the page would read them.
    fn replies_until_idle(player: &mut Player) -> Vec<FromPlayer> {
        let mut replies = Vec::new();
        while player.busy() {
            replies.extend(player.work(GAMES_PER_SLICE).map(|r| through_json(&r)));
        }
        replies
    }

    #[test]
    fn a_search_ahead_is_worked_on_silently_after_the_play_test_and_answers_its_asking_at_once() {
        let mut player = Player::new();
        let test = request(1, LayoutId::Base, 3, 4, 100);
        let ahead = fair_request(0, 8, 3);
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(test)));
        player.hear(Ok::<_, String>(through_json(&ToPlayer::Ahead(
            ahead.clone(),
        ))));
        // The play-test's figures come first and last: the search ahead says nothing.
        let replies = replies_until_idle(&mut player);
        assert!(matches!(
            replies.last(),
            Some(FromPlayer::Played {
                id: 1,
                result: Ok(_)
            })
        ));
        assert!(replies.iter().all(|r| matches!(
            r,
            FromPlayer::Progress { id: 1, .. } | FromPlayer::Played { id: 1, .. }
        )));
        // Asked again ahead, it is not begun again; asked for, it answers at once, named.
        assert_eq!(player.hear(Ok::<_, String>(ToPlayer::Ahead(ahead))), None);
        assert!(!player.busy(), "already over");
        let asked = fair_request(7, 8, 3);
        let reply = player.hear(Ok::<_, String>(ToPlayer::Search(asked)));
        let Some(FromPlayer::Found(answer)) = reply else {
            panic!("not answered at once: {reply:?}");
        };
        let expected = find_fair(&Settings::default(), Mode::Balanced, 8, 3)
            .unwrap()
            .unwrap();
        assert_eq!(answer.id, 7);
        assert_eq!(answer.board(), Ok(expected.found.board));
        assert!(!player.busy());
    }

    #[test]
    fn a_search_ahead_asked_for_midway_goes_on_with_progress_to_the_same_board() {
        let half = |id, half| FairRequest {
            half: Some(half),
            ..fair_request(id, 5, 4)
        };
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::Ahead(half(0, 1))));
        for _ in 0..20 {
            assert_eq!(player.work(GAMES_PER_SLICE), None, "silent ahead");
        }
        // Another search asked for first leaves it waiting; the one ahead is then asked for.
        player.hear(Ok::<_, String>(ToPlayer::Search(half(3, 0))));
        loop {
            match player.work(GAMES_PER_SLICE) {
                Some(FromPlayer::Half(answer, _)) if answer.id == 3 => break,
                Some(FromPlayer::Progress { id: 3, .. }) | None => {}
                other => panic!("not the search asked for: {other:?}"),
            }
        }
        player.hear(Ok::<_, String>(ToPlayer::Ahead(half(0, 1))));
        assert!(player.busy(), "still the same search ahead, not over");
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::Search(half(9, 1)))),
            None
        );
        let replies = replies_until_idle(&mut player);
        let (last, progress) = replies.split_last().expect("replies");
        assert!(!progress.is_empty(), "the bar moves for the rest");
        assert!(progress
            .iter()
            .all(|r| matches!(r, FromPlayer::Progress { id: 9, .. })));
        let Some(FromPlayer::Half(answer, games)) = Some(last) else {
            unreachable!()
        };
        // The same half as one asked for from the start.
        let mut fresh = Player::new();
        fresh.hear(Ok::<_, String>(ToPlayer::Search(half(9, 1))));
        let whole = replies_until_idle(&mut fresh);
        assert_eq!(
            whole.last(),
            Some(&FromPlayer::Half(answer.clone(), games.clone()))
        );
        assert_eq!(answer.id, 9);
    }

    #[test]
    fn the_page_posts_a_search_ahead_once_and_a_new_one_when_it_changes() {
        let mut postbox = Postbox::default();
        postbox.heard(&FromPlayer::Ready, 0.0);
        let ahead = |seed| Wanted {
            ahead: Some(fair_request(0, seed, 4)),
            ..Wanted::default()
        };
        assert_eq!(
            postbox.want(ahead(5), 1.0),
            [ToPlayer::Ahead(fair_request(0, 5, 4))]
        );
        assert_eq!(postbox.want(ahead(5), 2.0), []);
        assert_eq!(postbox.deadline(), None, "nothing waits for a search ahead");
        assert_eq!(
            postbox.want(ahead(6), 3.0),
            [ToPlayer::Ahead(fair_request(0, 6, 4))]
        );
    }

    #[test]
    fn the_page_posts_the_newest_requests_once_the_worker_listens() {
        let mut postbox = Postbox::default();
        let (first, second) = (
            request(1, LayoutId::Base, 3, 4, 10),
            request(2, LayoutId::Base, 3, 3, 10),
        );
        let qr = |url: &str| ToPlayer::QrCode { url: url.into() };
        assert_eq!(
            postbox.want(wanted(Some(&first), None), 0.0),
            [],
            "not listening yet"
        );
        assert_eq!(postbox.want(wanted(Some(&second), Some("a")), 0.0), []);
        assert_eq!(
            postbox.heard(
                &FromPlayer::Progress {
                    id: 1,
                    done: 1,
                    total: 2
                },
                0.0
            ),
            []
        );
        assert_eq!(
            postbox.heard(&FromPlayer::Ready, 0.0),
            [ToPlayer::PlayTest(second.clone()), qr("a")],
            "only the newest"
        );
        assert!(postbox.listening());
        assert_eq!(
            postbox.want(wanted(Some(&second), Some("a")), 0.0),
            [],
            "posted once"
        );
        assert_eq!(postbox.heard(&FromPlayer::Ready, 0.0), []);
        let third = request(3, LayoutId::Base, 4, 4, 10);
        assert_eq!(
            postbox.want(wanted(Some(&third), Some("a")), 0.0),
            [ToPlayer::PlayTest(third.clone())]
        );
        assert_eq!(
            postbox.want(wanted(Some(&third), Some("b")), 0.0),
            [qr("b")]
        );
        assert_eq!(postbox.want(Wanted::default(), 0.0), []);
    }

    fn fair_request(id: u64, seed: u64, seats: usize) -> FairRequest {
        FairRequest {
            search: Request {
                id,
                settings: Settings::default(),
                mode: Mode::Balanced,
                seed,
            },
            seats,
            half: None,
        }
    }

    #[test]
    fn a_search_no_longer_wanted_is_stopped_and_one_over_is_not() {
        let mut postbox = Postbox::default();
        postbox.heard(&FromPlayer::Ready, 0.0);
        let search = |id| Wanted {
            search: Some(fair_request(id, 5, 4)),
            ..Wanted::default()
        };
        assert_eq!(
            postbox.want(search(1), 0.0),
            [ToPlayer::Search(fair_request(1, 5, 4))]
        );
        assert_eq!(postbox.want(search(1), 0.0), [], "posted once");
        assert_eq!(
            postbox.want(search(2), 0.0),
            [ToPlayer::Search(fair_request(2, 5, 4))],
            "a newer replaces it in the worker: no stop"
        );
        assert_eq!(postbox.want(Wanted::default(), 0.0), [ToPlayer::StopSearch]);
        assert_eq!(postbox.want(Wanted::default(), 0.0), [], "stopped once");
        postbox.want(search(3), 0.0);
        let found = FromPlayer::Found(Answer {
            id: 3,
            result: Err("no".into()),
        });
        assert_eq!(postbox.heard(&found, 0.0), []);
        assert_eq!(
            postbox.want(Wanted::default(), 0.0),
            [],
            "over: nothing to stop"
        );
    }

    #[test]
    fn a_silent_worker_is_given_up_on_only_while_a_board_waits_for_it() {
        let mut postbox = Postbox::default();
        postbox.heard(&FromPlayer::Ready, 100.0);
        let test = request(1, LayoutId::Base, 3, 4, 10);
        postbox.want(wanted(Some(&test), None), 200.0);
        assert_eq!(postbox.deadline(), None, "a play-test may take its time");
        let searching = Wanted {
            search: Some(fair_request(2, 5, 4)),
            ..wanted(Some(&test), None)
        };
        postbox.want(searching.clone(), 1_000.0);
        assert_eq!(postbox.deadline(), Some(1_000.0 + PATIENCE_MS));
        postbox.want(searching, 1_500.0);
        assert_eq!(
            postbox.deadline(),
            Some(1_000.0 + PATIENCE_MS),
            "nothing posted"
        );
        let progress = FromPlayer::Progress {
            id: 2,
            done: 5,
            total: 100,
        };
        postbox.heard(&progress, 4_000.0);
        assert_eq!(postbox.deadline(), Some(4_000.0 + PATIENCE_MS));
        let found = FromPlayer::Found(Answer {
            id: 2,
            result: Err("no".into()),
        });
        postbox.heard(&found, 5_000.0);
        assert_eq!(postbox.deadline(), None);
    }

    #[test]
    fn a_search_finds_the_command_lines_board_before_the_play_test_goes_on() {
        let mut player = Player::new();
        let test = request(1, LayoutId::Base, 3, 4, 100);
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(test)));
        player.work(50);
        let asked = fair_request(2, 8, 3);
        assert_eq!(
            player.hear(Ok::<_, String>(through_json(&ToPlayer::Search(
                asked.clone()
            )))),
            None
        );
        let replies = replies_until_idle(&mut player);
        let found = replies
            .iter()
            .position(|r| matches!(r, FromPlayer::Found(_)))
            .expect("a board");
        let progress: Vec<(u32, u32)> = replies[..found]
            .iter()
            .map(|r| match r {
                FromPlayer::Progress { id: 2, done, total } => (*done, *total),
                other => panic!("not the search's progress: {other:?}"),
            })
            .collect();
        assert!(
            progress.len() >= 20 && progress.len() <= STEPS as usize,
            "{}",
            progress.len()
        );
        assert!(progress.windows(2).all(|w| w[0].0 < w[1].0));
        let FromPlayer::Found(answer) = replies[found].clone() else {
            unreachable!()
        };
        assert_eq!(answer.id, 2);
        let expected = find_fair(&Settings::default(), Mode::Balanced, 8, 3)
            .unwrap()
            .unwrap();
        assert_eq!(answer.board(), Ok(expected.found.board));
        // Then the play-test left off goes on, to its end.
        assert!(matches!(
            replies[found + 1],
            FromPlayer::Progress {
                id: 1,
                done: 100,
                ..
            } | FromPlayer::Played { id: 1, .. }
        ));
        assert!(matches!(
            replies.last(),
            Some(FromPlayer::Played {
                id: 1,
                result: Ok(_)
            })
        ));
    }

    #[test]
    fn two_workers_each_doing_a_half_and_the_page_weighing_them_find_the_command_lines_board() {
        let halves: Vec<(u8, Answer, Tally)> = (0..2u8)
            .map(|half| {
                let mut player = Player::new();
                let asked = FairRequest {
                    half: Some(half),
                    ..fair_request(4, 8, 4)
                };
                player.hear(Ok::<_, String>(through_json(&ToPlayer::Search(asked))));
                match replies_until_idle(&mut player).pop() {
                    Some(FromPlayer::Half(answer, games)) => (half, answer, games),
                    other => panic!("not a half's answer: {other:?}"),
                }
            })
            .collect();
        let expected = find_fair(&Settings::default(), Mode::Balanced, 8, 4)
            .unwrap()
            .unwrap();
        let [(0, first, first_games), (1, second, second_games)] = &halves[..] else {
            panic!("halves 0 and 1: {halves:?}");
        };
        assert_eq!(first.id, 4);
        let chosen = if first_games.evener(second_games) {
            (first, first_games)
        } else {
            (second, second_games)
        };
        assert_eq!(chosen.0.clone().board(), Ok(expected.found.board));
        assert_eq!(*chosen.1, Tally::of(&expected.games));
    }

    #[test]
    fn a_postbox_posts_a_half_search_again_as_the_whole_one() {
        let mut postbox = Postbox::default();
        postbox.heard(&FromPlayer::Ready, 0.0);
        let half = FairRequest {
            half: Some(0),
            ..fair_request(3, 5, 4)
        };
        let wanted = |search: &FairRequest| Wanted {
            search: Some(search.clone()),
            ..Wanted::default()
        };
        assert_eq!(
            postbox.want(wanted(&half), 0.0),
            [ToPlayer::Search(half.clone())]
        );
        assert_eq!(postbox.want(wanted(&half), 1.0), []);
        // The other worker failed: this one does the whole search, under the same id.
        let whole = fair_request(3, 5, 4);
        assert_eq!(postbox.want(wanted(&whole), 2.0), [ToPlayer::Search(whole)]);
        let done = FromPlayer::Half(
            Answer {
                id: 3,
                result: Err("x".into()),
            },
            Tally {
                games: 0,
                no_winner: 0,
                wins: vec![],
            },
        );
        postbox.heard(&done, 3.0);
        assert_eq!(postbox.deadline(), None);
    }

    #[test]
    fn a_start_is_chosen_as_the_command_line_chooses_it_then_played_from() {
        let asked = request(4, LayoutId::Base, 3, 3, 200);
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            5,
            4,
            100,
        ))));
        assert_eq!(
            player.hear(Ok::<_, String>(through_json(&ToPlayer::Start(
                asked.clone()
            )))),
            None
        );
        let replies = replies_until_idle(&mut player);
        let chosen = replies
            .iter()
            .position(|r| matches!(r, FromPlayer::StartChosen(..)))
            .expect("a start");
        assert!(replies[..chosen]
            .iter()
            .all(|r| matches!(r, FromPlayer::Progress { id: 4, .. })));
        let board = share::decode_token(&asked.token).unwrap().board.unwrap();
        let found = crate::play::fair_start::find_start(&board, 3, 1).unwrap();
        let opening = found.start.opening();
        let games = PlayTest::new(&board, 3, BotKind::Greedy, 200, 1)
            .unwrap()
            .with_model(CHANCES_TABLE)
            .with_opening(&opening)
            .unwrap()
            .run();
        let settlements = opening.iter().flatten().map(|&c| c as u32).collect();
        assert_eq!(
            replies[chosen],
            FromPlayer::StartChosen(4, settlements, Ok(Tally::of(&games)))
        );
        assert!(
            matches!(
                replies.last(),
                Some(FromPlayer::Played {
                    id: 1,
                    result: Ok(_)
                })
            ),
            "the play-test left off goes on"
        );
        let seafarers = request(5, LayoutId::Seafarers, 3, 4, 10);
        assert!(matches!(
            player.hear(Ok::<_, String>(ToPlayer::Start(seafarers))),
            Some(FromPlayer::StartChosen(5, _, Err(_)))
        ));
    }

    #[test]
    fn a_search_is_replaced_stopped_or_refused_in_words() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::Search(fair_request(1, 5, 4))));
        player.work(GAMES_PER_SLICE);
        player.hear(Ok::<_, String>(ToPlayer::StopSearch));
        assert!(!player.busy());
        let random = FairRequest {
            search: Request {
                mode: Mode::Random,
                ..fair_request(2, 5, 4).search
            },
            ..fair_request(2, 5, 4)
        };
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::Search(random))),
            Some(FromPlayer::Found(Answer {
                id: 2,
                result: Err("this board is not chosen by play".into())
            }))
        );
        assert!(!player.busy());
    }

    #[test]
    fn a_qr_code_is_drawn_at_once_and_the_play_test_goes_on() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            100,
        ))));
        let url = "https://example.org/hexfair/?b=abc";
        let reply = player.hear(Ok::<_, String>(through_json(&ToPlayer::QrCode {
            url: url.into(),
        })));
        assert_eq!(
            reply.map(|r| through_json(&r)),
            Some(FromPlayer::QrCode {
                url: url.into(),
                svg: share::qr::qr_svg(url)
            })
        );
        assert!(player.busy(), "the play-test under way goes on");
        let too_long = "x".repeat(5_000);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::QrCode {
                url: too_long.clone()
            })),
            Some(FromPlayer::QrCode {
                url: too_long,
                svg: None
            })
        );
    }

    #[test]
    fn messages_keep_their_shape() {
        // The shapes the browser test and the benchmark post by hand.
        let value = serde_json::to_value(ToPlayer::PlayTest(PlayRequest {
            id: 1,
            token: "T".into(),
            seats: 4,
            games: 2000,
            seed: 1,
        }))
        .unwrap();
        assert_eq!(
            value,
            serde_json::json!({"play-test": {"id": 1, "token": "T", "seats": 4, "games": 2000, "seed": 1}})
        );
        assert_eq!(
            serde_json::to_value(FromPlayer::Ready).unwrap(),
            serde_json::json!("ready")
        );
        let played = FromPlayer::Played {
            id: 3,
            result: Ok(Tally {
                games: 10,
                no_winner: 1,
                wins: vec![5, 4],
            }),
        };
        assert_eq!(
            serde_json::to_value(&played).unwrap(),
            serde_json::json!({"played": {"id": 3, "result": {"Ok": {"games": 10, "no_winner": 1, "wins": [5, 4]}}}})
        );
        assert_eq!(through_json(&played), played);
    }
}
