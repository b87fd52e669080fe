//! What the page and its play worker say to each other, as serde types carried by
//! serde-wasm-bindgen like the search worker's ([`crate::worker_protocol`]): the page sends
//! [`ToPlayer`] (a [`PlayRequest`]: the board on screen as a share token, the seats, the
//! games and the seed), the worker sends [`FromPlayer`] (that it listens, how far it is, the
//! report's [`Tally`] or the start chosen, or why there is none, in words).
//! It also draws QR codes for the Saved tab ([`ToPlayer::QrCode`]): the encoder is 13 KB
//! gzip of wasm that the first visit need not download (docs/download.md).
//!
//! The play worker is a wasm module of its own (`src/bin/hexfair-play.rs`), the engine
//! without the app, loaded after the first board is on screen: the simulator is not in the
//! page's wasm, so the first visit does not download it (docs/download.md).
//!
//! Both sides' decisions are plain data here, tested natively: [`Player`] is the worker's
//! (a newer request replaces the one of its kind under way between two slices of games, so
//! its figures never come; the fair start goes before a play-test), [`Postbox`] is the
//! page's (the newest requests are posted once the worker listens). The browser shells around them
//! (`src/app/play_worker.rs`) only carry messages.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::play::fair_start::StartSearch;
use crate::play::playtest::{wilson, MAX_GAMES};
use crate::play::{BotKind, PlayError, PlayReport, PlayTest, TableModel};
use crate::share;

/// A play-test the page asks for: the board of `token` (a share token) at `seats` seats,
/// `games` games from `seed`, varied players ([`CHANCES_TABLE`], as `hexfair playtest`'s
/// default).
/// Its id names the replies, so those to a request since replaced are told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayRequest {
    pub id: u64,
    pub token: String,
    pub seats: usize,
    pub games: u32,
    pub seed: u64,
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
    /// The QR code of a link (the Saved tab's): the encoder is this module's, not the page's.
    QrCode {
        url: String,
    },
    /// The build guide of the board on screen, worded in the page's language.
    Guide(GuideRequest),
}

/// The build guide of a board (issue 28): laid out by [`crate::guide`] and worded by the
/// app's guide tables here in the worker, so that neither the guide nor its words are in the
/// first visit's download (docs/download.md). The page draws the steps it is sent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GuideRequest {
    pub id: u64,
    /// The board, as a share token.
    pub token: String,
    pub players: usize,
    /// Sixths of a turn clockwise, as the board is shown (the far side of the table in
    /// table mode is 3 more): rows and "round the board" are read from that side.
    pub turns: usize,
    /// The page's language code (`Lang::code`).
    pub lang: String,
    /// The page's words in that language, every text of its table in the keys' order, each
    /// ended by a NUL (`Words::joined`: the terrain, harbour and piece names the guide
    /// shares with the page), English too: the worker does not carry the page's table.
    pub words: String,
}

/// A build guide as the page shows it: each step's markup (what it is, "Terrain, row 3 of
/// 7", and what to place, a line an item) with the board's cells it places something on
/// (cell indices, lit on the board), and the print sheet's checklist of every step. The
/// worker writes the markup, escaped, from the app's tables; the page shows it as it shows
/// the QR code's SVG. Measured (docs/download.md): the page building the steps from their
/// parts was 4.2 KB gzip of its download, and every type it decodes is code there too, a
/// tuple's the least.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WrittenGuide(pub Vec<(String, Vec<u32>)>, pub String);

impl WrittenGuide {
    /// How many steps it has.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Step `at`'s markup and cells.
    pub fn step(&self, at: usize) -> Option<(&str, &[u32])> {
        self.0
            .get(at)
            .map(|(markup, cells)| (markup.as_str(), cells.as_slice()))
    }

    /// The print sheet's checklist, as markup.
    pub fn checklist(&self) -> &str {
        &self.1
    }
}

/// What the play worker says to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FromPlayer {
    /// It listens: messages posted before this found no handler and were lost.
    Ready,
    /// Request `id` has played `done` games of `total` (a start: its work, counted in games).
    Progress { id: u64, done: u32, total: u32 },
    /// Request `id` is over: each seat's wins, or why it cannot be played (in words).
    Played {
        id: u64,
        result: Result<Tally, String>,
    },
    /// A start is chosen: each seat's two settlements (corner numbers, seat 1's first and
    /// second, then seat 2's...) and the fresh games from it; or why there is none (in
    /// words, the settlements then empty). The shapes of a tally's: every type the page
    /// decodes is code in its download, and a tuple's is the least.
    StartChosen(u64, Vec<u32>, Result<Tally, String>),
    /// The QR code of `url` as SVG, or `None` if the link is too long for one.
    QrCode { url: String, svg: Option<String> },
    /// The guide of request `id`, or why there is none (in the page's words).
    Guide(u64, Result<WrittenGuide, String>),
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
}

/// Games the worker plays between two looks at its messages: about 10 ms of four-player
/// games in a browser (docs/play.md), so a newer request waits at most that long and the
/// progress bar moves 40 times in a default play-test.
pub const GAMES_PER_SLICE: u32 = 50;

/// A fair start being chosen by play, then the fresh games from it.
enum Starting {
    Choosing(StartSearch, PlayRequest),
    Playing(PlayTest, Vec<u32>),
}

/// The worker's side: the start and the play-test under way, if any, worked on in that
/// order.
#[derive(Default)]
pub struct Player {
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
/// halves of a search by play (two hundred messages, until issue 27) took 570 ms from a tap
/// to the board against 400 in 25ths, and 390 untold (medians of six taps, 2-core machine).
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
            // Drawn at once: a QR code takes a millisecond, the work under way goes on.
            Ok(ToPlayer::QrCode { url }) => Some(FromPlayer::QrCode {
                svg: share::qr::qr_svg(&url),
                url,
            }),
            // Worded by the app's tables, which the engine does not hold: the worker's shell
            // answers it (`app::guide_text::reply`) and never hands it here.
            Ok(ToPlayer::Guide(_)) => None,
            Err(why) => Some(FromPlayer::Played {
                id: 0,
                result: Err(format!("unreadable request: {why}")),
            }),
        }
    }

    /// Whether work is under way (the worker then does another slice).
    pub fn busy(&self) -> bool {
        self.start.is_some() || self.test.is_some()
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

    /// Does up to `games` games' worth of the work under way, the start first: how far it
    /// is (`None` while a start's progress has not moved a step), or its end.
    pub fn work(&mut self, games: u32) -> Option<FromPlayer> {
        if self.start.is_some() {
            return self.work_on_start(games);
        }
        let (id, test) = self.test.as_mut()?;
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

/// The page's side: the newest start, play-test and QR code, each posted once the worker
/// listens and only once. An older request still under way needs no word when a newer one
/// of its kind replaces it.
#[derive(Clone, Debug, Default)]
pub struct Postbox {
    listening: bool,
    wanted: Wanted,
    posted_start: Option<u64>,
    posted_test: Option<u64>,
    posted_qr: Option<String>,
    posted_guide: Option<u64>,
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
    /// The fair start of the board on screen, chosen by play.
    pub start: Option<PlayRequest>,
    /// The chances of the board on screen.
    pub test: Option<PlayRequest>,
    /// The QR code of this link.
    pub qr: Option<String>,
    /// The build guide on screen.
    pub guide: Option<GuideRequest>,
}

impl Postbox {
    /// The page now wants this; what to post, if anything.
    pub fn want(&mut self, wanted: Wanted) -> Vec<ToPlayer> {
        self.wanted = wanted;
        self.post()
    }

    /// Whether the worker listens (it said [`FromPlayer::Ready`]).
    pub fn listening(&self) -> bool {
        self.listening
    }

    /// The worker said `message`; what to post in return, if anything.
    pub fn heard(&mut self, message: &FromPlayer) -> Vec<ToPlayer> {
        match message {
            FromPlayer::Ready => {
                self.listening = true;
                self.post()
            }
            _ => Vec::new(),
        }
    }

    fn post(&mut self) -> Vec<ToPlayer> {
        let mut out = Vec::new();
        if !self.listening {
            return out;
        }
        let Wanted {
            start,
            test,
            qr,
            guide,
        } = &self.wanted;
        out.extend(unposted(start, |r| r.id, &mut self.posted_start).map(ToPlayer::Start));
        out.extend(unposted(test, |r| r.id, &mut self.posted_test).map(ToPlayer::PlayTest));
        out.extend(
            unposted(qr, String::clone, &mut self.posted_qr).map(|url| ToPlayer::QrCode { url }),
        );
        out.extend(unposted(guide, |r| r.id, &mut self.posted_guide).map(ToPlayer::Guide));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::search::Mode;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
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
            start: None,
            test: test.cloned(),
            qr: qr.map(str::to_string),
            guide: None,
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
    fn the_page_posts_the_newest_requests_once_the_worker_listens() {
        let mut postbox = Postbox::default();
        let (first, second) = (
            request(1, LayoutId::Base, 3, 4, 10),
            request(2, LayoutId::Base, 3, 3, 10),
        );
        let qr = |url: &str| ToPlayer::QrCode { url: url.into() };
        assert_eq!(
            postbox.want(wanted(Some(&first), None)),
            [],
            "not listening yet"
        );
        assert_eq!(postbox.want(wanted(Some(&second), Some("a"))), []);
        assert_eq!(
            postbox.heard(&FromPlayer::Progress {
                id: 1,
                done: 1,
                total: 2
            }),
            []
        );
        assert_eq!(
            postbox.heard(&FromPlayer::Ready),
            [ToPlayer::PlayTest(second.clone()), qr("a")],
            "only the newest"
        );
        assert!(postbox.listening());
        assert_eq!(
            postbox.want(wanted(Some(&second), Some("a"))),
            [],
            "posted once"
        );
        assert_eq!(postbox.heard(&FromPlayer::Ready), []);
        let third = request(3, LayoutId::Base, 4, 4, 10);
        assert_eq!(
            postbox.want(wanted(Some(&third), Some("a"))),
            [ToPlayer::PlayTest(third.clone())]
        );
        assert_eq!(postbox.want(wanted(Some(&third), Some("b"))), [qr("b")]);
        assert_eq!(postbox.want(Wanted::default()), []);
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
