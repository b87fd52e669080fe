//! The app's state and the one reducer that changes it. Data flows one way: an action asks
//! for settings, a mode and a seed; the search worker turns them into a board (the reducer
//! only records the request, so no search runs in it); the answer arrives as an action; the
//! view draws the board and its score.
//!
//! Plain Rust apart from the `Reducible` glue, so its tests run natively (`src/lib.rs`
//! compiles this file on its own for them).

#[cfg(target_arch = "wasm32")]
use std::rc::Rc;

use crate::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::board::Board;
use crate::catalogue::LayoutId;
use crate::generate::{plays_on, Lock, NumberMode, Settings};
use crate::model::{CellId, CornerId, Expansion};
use crate::play::playtest::{DEFAULT_GAMES, DEFAULT_SEED};
use crate::play::table::Rules as PlayRules;
use crate::play_protocol::{FromPlayer, GuideRequest, PlayRequest, Tally};
use crate::rules::Rule;
use crate::share::conform::seats_problem;
use crate::share::{self, usual_seats, Link, LinkError};
use crate::worker_protocol::{Refusal, Request, Stopped};

use super::build_guide::{Asked, BuildGuide, GuideMove, Written};
use super::words::{Lang, Words};

/// Boards kept for Back ("earlier boards"; "history" is the device's list of boards shown,
/// `saved::Kept::history`).
pub const MAX_EARLIER: usize = 20;

/// What is drawn over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// Each settlement spot's pips, as a heat map.
    Heat,
    /// The proposed fair start: two settlements per seat, in seat colours.
    FairStart,
}

/// Each seat's chance to win on the board on screen at the table's seats: the play-test
/// asked of the play worker for them, and how far it is. A new board or seat count is a new
/// play-test with a new id, so figures for the board before never show on this one.
#[derive(Clone, Debug, PartialEq)]
pub struct Chances {
    /// The request's id: replies that carry another are for a board or table since left.
    pub id: u64,
    board: Board,
    pub seats: usize,
    pub progress: Progress,
}

impl Chances {
    /// The layout of the board the chances are of.
    pub fn layout(&self) -> LayoutId {
        self.board.layout
    }
}

/// How far a play-test is.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// The simulator does not know this board's game (Seafarers, Traders & Barbarians).
    NotSimulated,
    /// `done` of `total` games played (0 while the worker loads).
    Playing {
        done: u32,
        total: u32,
    },
    Done(Tally),
    /// Why there are no figures.
    Failed(Trouble),
}

/// Why the play worker gave nothing: facts, put in words by the view
/// (`chance_words::trouble`), so they follow the page's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Trouble {
    /// Its script could not be fetched.
    NotLoaded,
    /// The browser would not start it.
    NotStarted,
    /// It sent a reply that could not be read.
    Unreadable,
    /// It stopped with the browser's error, in the browser's words.
    Stopped(String),
    /// It could not play this request, in the engine's words.
    Said(String),
}

impl From<&str> for Trouble {
    fn from(why: &str) -> Trouble {
        Trouble::Said(why.to_string())
    }
}

/// The fair start of the board on screen at the table's seats, chosen by play (asked of
/// the play worker while the fair start is shown: `hexfair playtest --start play`'s), and
/// how far it is. A new board or seat count is a new request, as for [`Chances`].
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedStart {
    pub id: u64,
    board: Board,
    seats: usize,
    pub progress: StartProgress,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StartProgress {
    /// `done` of `total` games' worth of work (0 while the worker loads).
    Choosing { done: u32, total: u32 },
    /// Each seat's two settlements, seat 1 first, and the fresh games from them.
    Chosen {
        settlements: Vec<[CornerId; 2]>,
        games: Tally,
    },
    /// Why there is none.
    Failed(Trouble),
}

/// A link's QR code as the play worker drew it (SVG), or `None` if the link is too long.
#[derive(Clone, Debug, PartialEq)]
pub struct QrDrawing {
    pub url: String,
    pub svg: Option<String>,
}

/// Why the last request did not change the board: facts, put in words by the view
/// (`names::message`), so they follow the page's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// The search brought no board; `locked`: it was asked to keep locked hexes.
    Refused { refusal: Refusal, locked: bool },
    /// What was typed (trimmed) is not a seed.
    NotASeed(String),
    /// The layout is not made for this many players.
    SeatsNotFor { layout: LayoutId, seats: usize },
    /// The address's link could not be read (why, in the link reader's English).
    BadLink(String),
}

/// A passing word for the person.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Already in the page's words (the view that dispatched it made them).
    Said(String),
    /// A typed seed, and the settings it is played with.
    SeedPlayed {
        seed: u64,
        layout: LayoutId,
        mode: Mode,
        rules: usize,
        spiral: bool,
        dropped_locks: usize,
    },
    /// A board kept only for old links was opened.
    OldLink(LayoutId),
}

/// A board as it was shown, for Back.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub settings: Settings,
    pub mode: Mode,
    pub seed: u64,
    pub board: Board,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The page's words, in the language the device or the player chose. Links and seeds
    /// carry no language: a change of language changes nothing else.
    pub words: Words,
    /// Why the language chosen could not be had (its table would not load), in English.
    pub words_problem: Option<String>,
    pub now: Shown,
    /// The search under way, if any: what was asked for. The controls show it at once; the
    /// board follows when the worker answers. The one record of which request is current.
    pub pending: Option<Request>,
    next_id: u64,
    /// Earlier boards for Back, oldest first, at most [`MAX_EARLIER`].
    pub earlier: Vec<Shown>,
    /// Why the last request did not change the board (rules that conflict, a link that
    /// could not be read).
    pub message: Option<Message>,
    /// A passing word for the person (a link was copied).
    pub notice: Option<Notice>,
    /// Why searches run on the page rather than in the background; it stays, as every later
    /// search is slower for it.
    pub fallback: Option<Stopped>,
    /// The board turned by this many sixths of a turn.
    pub turns: usize,
    /// Each seat's chance on the board on screen, as far as it has been played.
    pub chances: Chances,
    /// The fair start chosen by play, once the fair start has been shown on a simulated board.
    pub start: Option<PlayedStart>,
    /// Why seat chances cannot be played here any more (the play worker failed).
    pub player_failed: Option<Trouble>,
    /// The latest QR code the play worker drew (the Saved tab shows it if it is the link's).
    pub qr: Option<QrDrawing>,
    pub overlay: Overlay,
    pub selected_corner: Option<CornerId>,
    /// The build guide of the board on screen, and its step while it is open.
    pub guide: BuildGuide,
    /// The players the table chose, for the snake draft, the fair start and the link. A
    /// table's choice, not a board's: Back keeps it, and a layout for other numbers of
    /// players seats its most until the table comes back to one this choice fits (see
    /// [`State::seats`]).
    chosen_seats: usize,
}

pub enum Action {
    /// A new board with the current settings and this fresh seed (the old one goes to the
    /// earlier boards).
    Regenerate(u64),
    /// A seed a person typed (someone read it out): as Regenerate, but said aloud which
    /// settings it uses, and without this phone's locks (see the reducer).
    TypeSeed(String),
    /// The players at the table: the draft, the fair start and the link follow.
    SetSeats(usize),
    /// Back to the previous board.
    Back,
    /// Shows the board a link names (a kept board), as if a search had just found it; a seed
    /// link is searched for.
    Open(Link),
    /// Switches a rule kind on (with its parameter) or off, and regenerates.
    SetRule {
        rule: Rule,
        on: bool,
    },
    SetLayout(LayoutId),
    /// The game the table plays (Cities & Knights or the base game), and regenerates.
    SetExpansion(Expansion),
    SetNumbers(NumberMode),
    SetMode(Mode),
    /// Locks a hex as it is, or frees it.
    ToggleLock(CellId),
    Rotate,
    SetOverlay(Overlay),
    SelectCorner(Option<CornerId>),
    /// A passing word, already in the page's words.
    Notice(String),
    /// The background search stopped working: searches now run on the page (why, in words).
    FellBack(Stopped),
    /// The worker's answer to request `id`: the board, or why there is none.
    Answer {
        id: u64,
        result: Result<Board, Refusal>,
    },
    /// The play worker said this (how far a play-test is, its tally, a QR code).
    Played(FromPlayer),
    /// The play worker stopped working: no seat chances from now on.
    PlayerFailed(Trouble),
    /// The page speaks this language from now on (or stays in the one it had, `problem`
    /// saying why).
    SetWords {
        words: Words,
        problem: Option<String>,
    },
    /// The build guide opened, closed or stepped.
    Guide(GuideMove),
}

/// The table's defaults: the base board, balanced, 6 and 8 apart.
pub const DEFAULT_MODE: Mode = Mode::Balanced;

impl State {
    fn showing(now: Shown, message: Option<Message>, seats: usize) -> State {
        State {
            chosen_seats: seats,
            chances: Chances {
                id: 0,
                board: now.board.clone(),
                seats: 0,
                progress: Progress::NotSimulated,
            },
            player_failed: None,
            start: None,
            qr: None,
            guide: BuildGuide::new(
                0,
                Asked {
                    board: now.board.clone(),
                    players: seats,
                    turns: 0,
                    lang: Lang::En,
                },
                None,
                None,
            ),
            now,
            pending: None,
            next_id: 1,
            earlier: Vec::new(),
            message,
            notice: None,
            fallback: None,
            turns: 0,
            overlay: Overlay::None,
            selected_corner: None,
            words: Words::english(),
            words_problem: None,
        }
    }

    /// The state for a link from the URL, or a fresh board when there is none or it is bad.
    /// A board token needs no search. The default settings are searched here (a few
    /// milliseconds: their rules never need the exact solver); a seed link's settings may
    /// need long searches, so it shows a quick board and asks the worker for its own.
    pub fn from_link(link: Result<Option<Link>, LinkError>, fresh_seed: u64) -> State {
        State::first_state(link, fresh_seed)
            .with_chances()
            .with_guide()
    }

    fn first_state(link: Result<Option<Link>, LinkError>, fresh_seed: u64) -> State {
        let quick = |settings: &Settings, mode: Mode, seed: u64, message: Option<Message>| {
            let board = find(settings, mode, DEFAULT_CANDIDATES, seed)
                .expect("the default rules are always satisfiable")
                .board;
            State::showing(
                Shown {
                    settings: settings.clone(),
                    mode,
                    seed,
                    board,
                },
                message,
                usual_seats(settings.layout),
            )
        };
        match link {
            Ok(Some(Link {
                settings,
                mode,
                seed,
                board: Some(board),
                seats,
            })) => State {
                // A board kept only for old links (e.g. pre-correction harbours) says so.
                notice: old_link(settings.layout),
                ..State::showing(
                    Shown {
                        settings,
                        mode,
                        seed,
                        board,
                    },
                    None,
                    seats,
                )
            },
            Ok(Some(Link {
                settings,
                mode,
                seed,
                board: None,
                seats,
            })) => State {
                chosen_seats: seats,
                ..quick(&Settings::default(), Mode::Random, seed, None)
            }
            .request(settings, mode, seed),
            Ok(None) => quick(&Settings::default(), DEFAULT_MODE, fresh_seed, None),
            Err(error) => quick(
                &Settings::default(),
                DEFAULT_MODE,
                fresh_seed,
                Some(Message::BadLink(error.0)),
            ),
        }
    }

    /// The query string that reproduces exactly the board on screen, at this table.
    pub fn query(&self) -> String {
        share::encode_seated(
            &self.now.settings,
            self.now.mode,
            self.now.seed,
            &self.now.board,
            self.seats(),
        )
    }

    /// The players the board on screen is drawn for: the table's choice where the layout
    /// is made for it, else the layout's most.
    pub fn seats(&self) -> usize {
        self.seats_at(self.now.board.layout)
    }

    /// The players a board of `layout` is drawn for at this table.
    fn seats_at(&self, layout: LayoutId) -> usize {
        if seats_problem(layout, self.chosen_seats).is_none() {
            self.chosen_seats
        } else {
            usual_seats(layout)
        }
    }

    /// The play-test the page wants played now, if any: the board on screen at the
    /// table's seats, as many games and from the same seed as `hexfair playtest`'s defaults,
    /// so the figures are the command line's.
    pub fn play_request(&self) -> Option<PlayRequest> {
        if !matches!(self.chances.progress, Progress::Playing { .. }) {
            return None;
        }
        Some(self.games_on_screen(self.chances.id, self.chances.seats))
    }

    /// Request `id` to play the board on screen at `seats`, with `hexfair playtest`'s
    /// defaults (games and seed).
    fn games_on_screen(&self, id: u64, seats: usize) -> PlayRequest {
        let Shown {
            settings,
            mode,
            seed,
            board,
            ..
        } = &self.now;
        PlayRequest {
            id,
            token: share::board_token_seated(settings, *mode, *seed, board, seats),
            seats,
            games: DEFAULT_GAMES,
            seed: DEFAULT_SEED,
        }
    }

    /// The start the page wants chosen now, if any: that of the board on screen at the
    /// table's seats while the fair start is shown, as `hexfair playtest --start play`
    /// chooses it and plays from it with its defaults.
    pub fn start_request(&self) -> Option<PlayRequest> {
        let start = self
            .start_on_screen()
            .filter(|_| self.overlay == Overlay::FairStart)?;
        if !matches!(start.progress, StartProgress::Choosing { .. }) {
            return None;
        }
        Some(self.games_on_screen(start.id, start.seats))
    }

    /// This state with the fair start chosen by play for the board on screen, if it is
    /// shown on a simulated board: the one it has, or a new request.
    fn with_start(mut self) -> State {
        let seats = self.seats();
        let board = &self.now.board;
        if self.overlay != Overlay::FairStart
            || PlayRules::of(board.layout).is_none()
            || self
                .start
                .as_ref()
                .is_some_and(|s| &s.board == board && s.seats == seats)
        {
            return self;
        }
        let progress = match &self.player_failed {
            Some(why) => StartProgress::Failed(why.clone()),
            None => StartProgress::Choosing { done: 0, total: 0 },
        };
        self.start = Some(PlayedStart {
            id: self.next_id,
            board: board.clone(),
            seats,
            progress,
        });
        self.next_id += 1;
        self
    }

    /// The start chosen by play, if it is that of the board on screen at the table's seats.
    pub fn start_on_screen(&self) -> Option<&PlayedStart> {
        // Play chooses starts of the base game only (not a Cities & Knights one).
        self.start.as_ref().filter(|s| {
            s.board == self.now.board
                && s.seats == self.seats()
                && self.now.settings.expansion == Expansion::BaseGame
        })
    }

    /// The settlements of the fair start chosen by play for the board on screen, once chosen.
    pub fn chosen_start(&self) -> Option<&[[CornerId; 2]]> {
        match &self.start_on_screen()?.progress {
            StartProgress::Chosen { settlements, .. } => Some(settlements),
            _ => None,
        }
    }

    /// This state with chances of the board on screen at the table's seats: those it has,
    /// or a new play-test.
    fn with_chances(mut self) -> State {
        let seats = self.seats();
        // Only the base game is simulated: a Cities & Knights table has no chances (the same
        // board may be shown for either game, so the game decides too).
        let simulated = PlayRules::of(self.now.board.layout).is_some()
            && self.now.settings.expansion == Expansion::BaseGame;
        let not_simulated = self.chances.progress == Progress::NotSimulated;
        if self.chances.board == self.now.board
            && self.chances.seats == seats
            && not_simulated != simulated
        {
            return self;
        }
        let progress = match &self.player_failed {
            _ if !simulated => Progress::NotSimulated,
            Some(why) => Progress::Failed(why.clone()),
            None => Progress::Playing {
                done: 0,
                total: DEFAULT_GAMES,
            },
        };
        self.chances = Chances {
            id: self.next_id,
            board: self.now.board.clone(),
            seats,
            progress,
        };
        self.next_id += 1;
        self
    }

    /// This state with the build guide of the board on screen, for the table's players, the
    /// turn and the language: the one it has, or a new request (open on its first step if
    /// the guide was open).
    fn with_guide(mut self) -> State {
        let asked = Asked {
            board: self.now.board.clone(),
            players: self.seats(),
            turns: self.turns,
            lang: self.words.lang,
        };
        if self.guide.asked == asked {
            return self;
        }
        // Another language keeps the step on screen; another board, table or turn starts
        // again from the first.
        let same_board = Asked {
            lang: asked.lang,
            ..self.guide.asked.clone()
        } == asked;
        let open = self.guide.open.map(|at| if same_board { at } else { 0 });
        self.guide = BuildGuide::new(self.next_id, asked, open, self.player_failed.as_ref());
        self.next_id += 1;
        self
    }

    /// The build guide the page wants written now, if any: the board on screen's, with the
    /// page's words (the worker carries none of the page's tables).
    pub fn guide_request(&self) -> Option<GuideRequest> {
        if self.guide.written != Written::Waiting {
            return None;
        }
        let Asked {
            board,
            players,
            turns,
            lang,
        } = &self.guide.asked;
        let Shown {
            settings,
            mode,
            seed,
            ..
        } = &self.now;
        Some(GuideRequest {
            id: self.guide.id,
            token: share::board_token_seated(settings, *mode, *seed, board, *players),
            players: *players,
            turns: *turns,
            lang: lang.code().to_string(),
            words: self.words.joined(),
        })
    }

    /// The play worker said `message`: figures for the play-test under way (others are for
    /// a board or table since left, and change nothing), the fair start, or a QR code.
    fn played(&self, message: FromPlayer) -> State {
        let progress = match message {
            FromPlayer::QrCode { url, svg } => {
                return State {
                    qr: Some(QrDrawing { url, svg }),
                    ..self.clone()
                }
            }
            FromPlayer::Guide(id, guide) => {
                return State {
                    guide: self.guide.heard(id, guide),
                    ..self.clone()
                }
            }
            FromPlayer::Progress { id, done, total }
                if self.start.as_ref().is_some_and(|s| s.id == id) =>
            {
                return self.started(StartProgress::Choosing { done, total });
            }
            FromPlayer::StartChosen(id, settlements, result)
                if self.start.as_ref().is_some_and(|s| s.id == id) =>
            {
                let corner = |c: u32| CornerId::new(c as usize);
                return self.started(match result {
                    Ok(games) => StartProgress::Chosen {
                        settlements: settlements
                            .chunks_exact(2)
                            .map(|pair| [corner(pair[0]), corner(pair[1])])
                            .collect(),
                        games,
                    },
                    Err(why) => StartProgress::Failed(Trouble::Said(why)),
                });
            }
            FromPlayer::Progress { id, done, total } if id == self.chances.id => {
                Progress::Playing { done, total }
            }
            FromPlayer::Played { id, result } if id == self.chances.id => match result {
                Ok(report) => Progress::Done(report),
                Err(why) => Progress::Failed(Trouble::Said(why)),
            },
            _ => return self.clone(),
        };
        if !matches!(self.chances.progress, Progress::Playing { .. }) {
            return self.clone();
        }
        let mut state = self.clone();
        state.chances.progress = progress;
        state
    }

    /// The start under way has come this far (a start already chosen or failed stays).
    fn started(&self, progress: StartProgress) -> State {
        let mut state = self.clone();
        if let Some(start) = state.start.as_mut() {
            if matches!(start.progress, StartProgress::Choosing { .. }) {
                start.progress = progress;
            }
        }
        state
    }

    /// The settings the controls show: what was last asked for.
    pub fn settings(&self) -> &Settings {
        self.pending
            .as_ref()
            .map_or(&self.now.settings, |p| &p.settings)
    }

    /// The mode the controls show.
    pub fn mode(&self) -> Mode {
        self.pending.as_ref().map_or(self.now.mode, |p| p.mode)
    }

    /// Asks the search worker for a board; a new request replaces one still under way.
    fn request(&self, settings: Settings, mode: Mode, seed: u64) -> State {
        State {
            pending: Some(Request {
                id: self.next_id,
                settings,
                mode,
                seed,
            }),
            next_id: self.next_id + 1,
            notice: None,
            ..self.clone()
        }
    }

    /// The request the search worker is to answer, if any.
    pub fn search_request(&self) -> Option<Request> {
        self.pending.clone()
    }

    /// The search worker answered `pending`: on success the old board goes to the earlier
    /// boards, on failure the board stays and the reason shows.
    fn finish(&self, pending: &Request, result: Result<Board, Refusal>) -> State {
        match result {
            Ok(board) => {
                let mut earlier = self.earlier.clone();
                earlier.push(self.now.clone());
                if earlier.len() > MAX_EARLIER {
                    earlier.remove(0);
                }
                State {
                    now: Shown {
                        settings: pending.settings.clone(),
                        mode: pending.mode,
                        seed: pending.seed,
                        board,
                    },
                    pending: None,
                    earlier,
                    message: None,
                    selected_corner: None,
                    ..self.clone()
                }
            }
            Err(refusal) => State {
                pending: None,
                message: Some(Message::Refused {
                    refusal,
                    locked: !pending.settings.locks.is_empty(),
                }),
                ..self.clone()
            },
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.after(action))
    }
}

impl State {
    /// The state after `action`.
    pub fn after(&self, action: Action) -> State {
        // What the person does next answers any message: it goes (a conflict or a bad seed
        // must not stay on screen through later taps). Answers and the page's own news keep
        // what is shown.
        let answered = matches!(
            action,
            Action::Answer { .. }
                | Action::Notice(_)
                | Action::FellBack(_)
                | Action::Played(_)
                | Action::PlayerFailed(_)
                | Action::SetWords { .. }
        );
        let quiet = if answered {
            self.clone()
        } else {
            State {
                message: None,
                notice: None,
                ..self.clone()
            }
        };
        // Whatever changed the board on screen or the table asks for its chances (and its
        // fair start, if shown).
        quiet
            .reduce(action)
            .with_chances()
            .with_start()
            .with_guide()
    }

    fn reduce(&self, action: Action) -> State {
        // New requests build on what was last asked for, so quick taps add up. The locks in
        // it are always the board on screen's (see ToggleLock), or none for another layout.
        let settings = self.settings().clone();
        let mode = self.mode();
        let seed = self.pending.as_ref().map_or(self.now.seed, |p| p.seed);
        match action {
            Action::Regenerate(fresh) => self.request(settings, mode, fresh),
            Action::TypeSeed(text) => match text.trim().parse::<u64>() {
                Ok(seed) => {
                    // A typed seed drops this phone's locks: a seed is read out so another
                    // phone shows the same board, and with locks it would show a board no
                    // one else has for that seed. Back brings the locked board back.
                    let dropped = settings.locks.len();
                    let settings = Settings {
                        locks: Vec::new(),
                        ..settings
                    };
                    let notice = Notice::SeedPlayed {
                        seed,
                        layout: settings.layout,
                        mode,
                        rules: settings.rules.rules().len(),
                        spiral: settings.numbers == NumberMode::Spiral,
                        dropped_locks: dropped,
                    };
                    State {
                        notice: Some(notice),
                        ..self.request(settings, mode, seed)
                    }
                }
                Err(_) => State {
                    message: Some(Message::NotASeed(text.trim().to_string())),
                    ..self.clone()
                },
            },
            Action::SetSeats(seats) => match seats_problem(self.now.board.layout, seats) {
                None => State {
                    chosen_seats: seats,
                    ..self.clone()
                },
                Some(_) => State {
                    message: Some(Message::SeatsNotFor {
                        layout: self.now.board.layout,
                        seats,
                    }),
                    ..self.clone()
                },
            },
            Action::Back => {
                // The earlier board exactly as it was left: its settings, locks included,
                // and its mode and seed; the table's seats stay.
                let mut state = self.clone();
                if let Some(previous) = state.earlier.pop() {
                    state.now = previous;
                    state.pending = None;
                    state.selected_corner = None;
                }
                state
            }
            Action::Open(link) => {
                // A kept board's link says how many played it; a seed link says nothing, so
                // the table's choice stays.
                let seats = if link.board.is_some() {
                    link.seats
                } else {
                    self.chosen_seats
                };
                let asked = Request {
                    id: self.next_id,
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                };
                match link.board {
                    Some(board) => State {
                        chosen_seats: seats,
                        notice: old_link(asked.settings.layout),
                        ..self.finish(&asked, Ok(board))
                    },
                    None => self.request(asked.settings, asked.mode, asked.seed),
                }
            }
            Action::SetRule { rule, on } => {
                let rules = if on {
                    settings.rules.with(rule)
                } else {
                    settings.rules.without(rule)
                };
                self.request(Settings { rules, ..settings }, mode, seed)
            }
            Action::SetLayout(layout) => {
                // Spiral placement only where the layout has a spiral; locks belong to a layout.
                let numbers = if crate::catalogue::Layout::get(layout).has_spiral() {
                    settings.numbers
                } else {
                    NumberMode::Random
                };
                let locks = if layout == self.now.board.layout {
                    self.now.settings.locks.clone()
                } else {
                    Vec::new()
                };
                // Cities & Knights only where it is played (the base game's islands).
                let expansion = match plays_on(layout, settings.expansion) {
                    true => settings.expansion,
                    false => Expansion::BaseGame,
                };
                self.request(
                    Settings {
                        layout,
                        numbers,
                        locks,
                        expansion,
                        ..settings
                    },
                    mode,
                    seed,
                )
            }
            Action::SetExpansion(expansion) => self.request(
                Settings {
                    expansion,
                    ..settings
                },
                mode,
                seed,
            ),
            Action::SetNumbers(numbers) => self.request(
                Settings {
                    numbers,
                    ..settings
                },
                mode,
                seed,
            ),
            Action::SetMode(mode) => self.request(settings, mode, seed),
            Action::ToggleLock(cell) => {
                let mut state = self.clone();
                let locks = &mut state.now.settings.locks;
                match locks.iter().position(|l| l.cell == cell) {
                    Some(at) => {
                        locks.remove(at);
                    }
                    None => locks.push(Lock::of(&self.now.board, cell)),
                }
                // A search under way for this layout was asked with the old locks: ask again
                // with these, or its board would bring back a lock just freed (or drop one
                // just set).
                match &self.pending {
                    Some(pending) if pending.settings.layout == self.now.board.layout => {
                        let settings = Settings {
                            locks: state.now.settings.locks.clone(),
                            ..pending.settings.clone()
                        };
                        state.request(settings, pending.mode, pending.seed)
                    }
                    _ => state,
                }
            }
            Action::Guide(step) => State {
                guide: self.guide.moved(step),
                ..self.clone()
            },
            Action::Rotate => State {
                turns: (self.turns + 1) % 6,
                ..self.clone()
            },
            Action::SetOverlay(overlay) => State {
                overlay,
                selected_corner: None,
                ..self.clone()
            },
            Action::SelectCorner(corner) => State {
                selected_corner: corner,
                ..self.clone()
            },
            Action::Notice(text) => State {
                notice: Some(Notice::Said(text)),
                ..self.clone()
            },
            Action::FellBack(why) => State {
                fallback: Some(why),
                ..self.clone()
            },
            Action::Played(message) => self.played(message),
            Action::SetWords { words, problem } => State {
                words,
                words_problem: problem,
                ..self.clone()
            },
            Action::PlayerFailed(why) => {
                let mut state = State {
                    player_failed: Some(why.clone()),
                    ..self.clone()
                };
                if matches!(state.chances.progress, Progress::Playing { .. }) {
                    state.chances.progress = Progress::Failed(why.clone());
                }
                state.guide = state.guide.failed(&why);
                state.started(StartProgress::Failed(why))
            }
            Action::Answer { id, result } => match &self.pending {
                Some(pending) if pending.id == id => self.finish(pending, result),
                // An answer to a request since replaced: ignore it.
                _ => self.clone(),
            },
        }
    }
}

/// The notice a board kept only for old links brings.
fn old_link(layout: LayoutId) -> Option<Notice> {
    layout.legacy().then_some(Notice::OldLink(layout))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;
    use crate::rules::RuleSet;

    fn fresh() -> State {
        State::from_link(Ok(None), 11)
    }

    fn board(seed: u64) -> Board {
        generate(&Settings::default(), seed).unwrap()
    }

    fn pending_id(state: &State) -> u64 {
        state.pending.as_ref().expect("a search under way").id
    }

    impl State {
        /// Regenerate's tap with `seed` drawn for it.
        fn regenerated(&self, seed: u64) -> State {
            self.after(Action::Regenerate(seed))
        }
    }

    #[test]
    fn regenerate_asks_the_search_worker_for_its_seed_with_the_settings_on_screen() {
        let ready = fresh().after(Action::Played(FromPlayer::Ready));
        let asked = ready.after(Action::Regenerate(40));
        let request = asked.search_request().expect("the search worker is asked");
        assert_eq!((request.seed, request.mode), (40, Mode::Balanced));
        assert_eq!(request.settings, ready.now.settings);
        let shown = answered(&asked, board(40));
        assert_eq!((shown.now.seed, shown.search_request()), (40, None));
        // The locks of the board on screen are the next search's too.
        let locked = shown.after(Action::ToggleLock(CellId::new(3)));
        let again = locked
            .after(Action::Regenerate(41))
            .search_request()
            .unwrap();
        assert_eq!((again.seed, again.settings.locks.len()), (41, 1));
    }

    #[test]
    fn the_newest_request_wins_and_answers_to_older_ones_are_ignored() {
        let start = fresh();
        assert_eq!(start.pending, None);
        let first = start.regenerated(5);
        // The second request builds on the first, which it replaces.
        let second = first.after(Action::SetMode(Mode::Unbalanced));
        let pending = second.pending.clone().unwrap();
        assert!(pending.id > pending_id(&first));
        assert_eq!((pending.seed, pending.mode), (5, Mode::Unbalanced));
        assert_eq!(
            second.mode(),
            Mode::Unbalanced,
            "the controls show the newest"
        );
        for stale in [Ok(board(1)), Err("too late".into())] {
            let id = pending_id(&first);
            assert_eq!(second.after(Action::Answer { id, result: stale }), second);
        }
        let done = second.after(Action::Answer {
            id: pending.id,
            result: Ok(board(2)),
        });
        assert_eq!(done.pending, None);
        assert_eq!(
            (&done.now.board, done.now.mode, done.now.seed),
            (&board(2), Mode::Unbalanced, 5)
        );
        assert_eq!(done.earlier.len(), 1);
        assert_eq!(done.earlier[0], start.now);
        assert_eq!(
            done.query(),
            share::encode(&done.now.settings, Mode::Unbalanced, 5, &board(2))
        );
        // The same answer again changes nothing.
        let again = done.after(Action::Answer {
            id: pending.id,
            result: Ok(board(3)),
        });
        assert_eq!(again, done);
    }

    #[test]
    fn a_failed_search_ends_with_the_reason_and_the_board_as_it_was() {
        let start = fresh();
        let asked = start.after(Action::SetRule {
            rule: Rule::MaxCornerPips(8),
            on: true,
        });
        assert!(asked
            .settings()
            .rules
            .rules()
            .contains(&Rule::MaxCornerPips(8)));
        let failed = asked.after(Action::Answer {
            id: pending_id(&asked),
            result: Err("no base board can satisfy rule max-corner-pips=8".into()),
        });
        assert_eq!(failed.pending, None);
        assert_eq!(failed.now, start.now);
        assert_eq!(
            failed.settings(),
            &start.now.settings,
            "the controls go back"
        );
        assert_eq!(
            failed.message,
            Some(Message::Refused {
                refusal: "no base board can satisfy rule max-corner-pips=8".into(),
                locked: false
            })
        );
        // Back ends a search too, and its late answer is ignored.
        let asked = failed.regenerated(7);
        let shown = asked.after(Action::Answer {
            id: pending_id(&asked),
            result: Ok(board(7)),
        });
        let asked = shown.regenerated(8);
        let backed = asked.after(Action::Back);
        assert_eq!(backed.pending, None);
        assert_eq!(backed.now, start.now);
        let late = backed.after(Action::Answer {
            id: pending_id(&asked),
            result: Ok(board(8)),
        });
        assert_eq!(late, backed);
    }

    #[test]
    fn opening_a_link_shows_its_board_at_once_and_ends_a_search() {
        let start = fresh();
        let asked = start.regenerated(5);
        let settings = Settings::default();
        let query = share::encode(&settings, Mode::Unbalanced, 42, &board(42));
        let link = share::decode(&query).unwrap().unwrap();
        let opened = asked.after(Action::Open(link));
        assert_eq!(opened.pending, None);
        assert_eq!(opened.query(), query, "exactly the board of the link");
        assert_eq!(
            opened.earlier.last(),
            Some(&start.now),
            "Back returns to it"
        );
        let late = opened.after(Action::Answer {
            id: pending_id(&asked),
            result: Ok(board(5)),
        });
        assert_eq!(late, opened);
        // A seed link names no board: it is searched for.
        let seed_link = share::decode("v=1&seed=77").unwrap().unwrap();
        let searching = opened.after(Action::Open(seed_link));
        assert_eq!(searching.pending.as_ref().map(|p| p.seed), Some(77));
        assert_eq!(searching.now, opened.now);
    }

    #[test]
    fn a_board_kept_for_old_links_says_so_when_opened() {
        let old = Settings::new(crate::catalogue::LayoutId::Seafarers, RuleSet::default());
        let board = crate::generate::generate(&old, 3).unwrap();
        let query = share::encode(&old, Mode::Random, 3, &board);
        let link = || share::decode(&query).unwrap().unwrap();
        let opened = State::from_link(Ok(Some(link())), 1);
        assert_eq!(opened.now.board, board, "the same board as ever");
        assert!(link().notice().is_some());
        let notice = opened.notice.clone().expect("a notice");
        assert_eq!(notice, Notice::OldLink(old.layout));
        let reopened = fresh().after(Action::Open(link()));
        assert_eq!(reopened.notice, Some(notice));
        // A board of today's catalogue opens without one.
        assert_eq!(
            fresh()
                .after(Action::Open(
                    share::decode(&fresh().query()).unwrap().unwrap()
                ))
                .notice,
            None
        );
    }

    #[test]
    fn a_fall_back_is_told_while_the_search_goes_on_and_stays_after_it() {
        let asked = fresh().regenerated(9);
        let why = Stopped::NotLoaded;
        let fell = asked.after(Action::FellBack(why.clone()));
        assert_eq!(
            fell.pending, asked.pending,
            "still searching, on the page now"
        );
        assert_eq!(fell.fallback.as_ref(), Some(&why));
        let done = fell.after(Action::Answer {
            id: pending_id(&asked),
            result: Ok(board(6)),
        });
        assert_eq!(done.pending, None);
        assert_eq!(done.now.board, board(6));
        assert_eq!(done.fallback, Some(why), "later searches are slower too");
    }
    /// The state after the search under way answers with `board`.
    fn answered(state: &State, board: Board) -> State {
        state.after(Action::Answer {
            id: pending_id(state),
            result: Ok(board),
        })
    }

    fn locked_cells(settings: &Settings) -> Vec<usize> {
        settings.locks.iter().map(|l| l.cell.index()).collect()
    }

    #[test]
    fn messages_go_at_the_next_action_and_stay_through_answers() {
        let asked = fresh().after(Action::SetRule {
            rule: Rule::MaxCornerPips(8),
            on: true,
        });
        let failed = asked.after(Action::Answer {
            id: pending_id(&asked),
            result: Err("no base board can keep “At most 8 pips at any corner”".into()),
        });
        assert!(failed.message.is_some());
        // The page's own news does not answer it...
        let noticed = failed.after(Action::Notice("Link copied.".into()));
        assert_eq!(noticed.message, failed.message);
        // ...anything the person does next does.
        for action in [
            Action::Rotate,
            Action::SetOverlay(Overlay::Heat),
            Action::SelectCorner(Some(CornerId::new(3))),
            Action::ToggleLock(CellId::new(2)),
            Action::SetSeats(3),
            Action::Back,
            Action::Regenerate(4),
            Action::SetMode(Mode::Random),
        ] {
            let after = noticed.after(action);
            assert_eq!((&after.message, &after.notice), (&None, &None));
        }
        // A bad seed says so, changes nothing else, and goes at the next tap.
        let bad = fresh().after(Action::TypeSeed(" forty ".into()));
        assert_eq!(bad.message, Some(Message::NotASeed("forty".into())));
        assert_eq!(
            State {
                message: None,
                ..bad.clone()
            },
            fresh()
        );
        assert_eq!(bad.after(Action::Rotate).message, None);
        let good = bad.after(Action::TypeSeed("4242".into()));
        assert_eq!(good.message, None);
        assert_eq!(good.pending.as_ref().map(|p| p.seed), Some(4242));
    }

    #[test]
    fn back_restores_the_earlier_board_with_exactly_its_locks() {
        let start = fresh().after(Action::ToggleLock(CellId::new(0)));
        let second = answered(&start.regenerated(21), board(21));
        assert_eq!(locked_cells(&second.now.settings), vec![0]);
        // On the new board the player frees hex 0 and locks hex 5; Back shows the first
        // board as it was left (hex 0 locked, not 5), and the settings the controls show.
        let changed = second
            .after(Action::ToggleLock(CellId::new(0)))
            .after(Action::ToggleLock(CellId::new(5)));
        assert_eq!(locked_cells(&changed.now.settings), vec![5]);
        let back = changed.after(Action::Back);
        assert_eq!(back.now, start.now);
        assert_eq!(back.settings(), &start.now.settings);
        assert_eq!(locked_cells(back.settings()), vec![0]);
        assert_eq!(back.earlier, start.earlier);
    }

    #[test]
    fn a_lock_changed_during_a_search_is_the_one_the_new_board_keeps() {
        // Freed while searching: the board that arrives does not bring it back.
        let locked = fresh().after(Action::ToggleLock(CellId::new(0)));
        let asked = locked.regenerated(30);
        assert_eq!(locked_cells(asked.settings()), vec![0]);
        let freed = asked.after(Action::ToggleLock(CellId::new(0)));
        assert_eq!(locked_cells(freed.settings()), Vec::<usize>::new());
        assert_eq!(freed.pending.as_ref().map(|p| p.seed), Some(30));
        let done = answered(&freed, board(30));
        assert!(done.now.settings.locks.is_empty());
        // The board left behind keeps the locks it had when it was left.
        assert!(done.earlier.last().unwrap().settings.locks.is_empty());
        // Set while searching: the new board keeps it.
        let asked = fresh().after(Action::SetMode(Mode::Random));
        let set = asked.after(Action::ToggleLock(CellId::new(7)));
        assert_eq!(locked_cells(set.settings()), vec![7]);
        assert_eq!(
            set.mode(),
            Mode::Random,
            "the request is otherwise the same"
        );
        // Another layout on its way: locks of the board on screen do not go with it, even
        // through a Regenerate, and coming back to the layout brings them back.
        let locked = fresh().after(Action::ToggleLock(CellId::new(4)));
        let moving = locked.after(Action::SetLayout(LayoutId::FiveSix));
        assert!(moving.settings().locks.is_empty());
        let again = moving
            .after(Action::ToggleLock(CellId::new(3)))
            .regenerated(2);
        assert_eq!(again.settings().layout, LayoutId::FiveSix);
        assert!(again.settings().locks.is_empty());
        let home = again.after(Action::SetLayout(LayoutId::Base));
        assert_eq!(locked_cells(home.settings()), vec![4, 3]);
    }

    #[test]
    fn a_typed_seed_says_which_settings_it_uses_and_leaves_locks_out() {
        let start = fresh()
            .after(Action::SetRule {
                rule: Rule::DesertCenter,
                on: true,
            })
            .after(Action::ToggleLock(CellId::new(1)));
        let start = answered(&start, board(11));
        assert_eq!(start.now.settings.locks.len(), 1);
        let typed = start.after(Action::TypeSeed("4242".into()));
        assert_eq!(
            typed.notice,
            Some(Notice::SeedPlayed {
                seed: 4242,
                layout: LayoutId::Base,
                mode: DEFAULT_MODE,
                rules: 2,
                spiral: false,
                dropped_locks: 1
            })
        );
        let pending = typed.pending.clone().unwrap();
        assert_eq!(pending.seed, 4242);
        assert!(pending.settings.locks.is_empty());
        assert_eq!(pending.settings.rules, start.now.settings.rules);
        let shown = answered(&typed, board(4242));
        assert_eq!(shown.notice, typed.notice, "the answer keeps the notice");
        assert_eq!(shown.after(Action::Back).now, start.now);
        // Without locks there is nothing to leave out; the spiral and mode are named.
        let plain = fresh()
            .after(Action::SetNumbers(NumberMode::Spiral))
            .after(Action::SetMode(Mode::Target(0.3)))
            .after(Action::TypeSeed("7".into()));
        assert_eq!(
            plain.notice,
            Some(Notice::SeedPlayed {
                seed: 7,
                layout: LayoutId::Base,
                mode: Mode::Target(0.3),
                rules: 1,
                spiral: true,
                dropped_locks: 0
            })
        );
    }

    #[test]
    fn seats_follow_the_table_and_ride_in_the_link() {
        let start = fresh();
        assert_eq!(start.seats(), 4);
        // The usual seats: the link is exactly the one it was before seats existed.
        assert_eq!(
            start.query(),
            share::encode(
                &start.now.settings,
                start.now.mode,
                start.now.seed,
                &start.now.board
            )
        );
        let three = start.after(Action::SetSeats(3));
        assert_eq!(three.seats(), 3);
        assert_eq!(
            (three.now.clone(), three.pending.clone()),
            (start.now.clone(), None)
        );
        let link = share::decode(&three.query()).unwrap().unwrap();
        assert_eq!(
            (link.seats, link.board.as_ref()),
            (3, Some(&start.now.board))
        );
        let reloaded = State::from_link(Ok(Some(link)), 99);
        // The same board, given by its link now.
        assert_eq!((reloaded.seats(), &reloaded.now), (3, &start.now));
        // A count the layout is not for is refused in words and changes nothing.
        let five = three.after(Action::SetSeats(5));
        assert_eq!(
            five.message,
            Some(Message::SeatsNotFor {
                layout: LayoutId::Base,
                seats: 5
            })
        );
        assert_eq!(
            State {
                message: None,
                ..five
            },
            three
        );
        // A 5-6 board seats its most until the table picks; the choice of 3 comes back
        // with a 3-4 board; Back keeps the table's choice.
        let big_settings = Settings::new(LayoutId::FiveSix, RuleSet::standard());
        let big = answered(
            &three.after(Action::SetLayout(LayoutId::FiveSix)),
            generate(&big_settings, 3).unwrap(),
        );
        assert_eq!(big.seats(), 6);
        let five = big.after(Action::SetSeats(5));
        assert_eq!(five.seats(), 5);
        assert_eq!(share::decode(&five.query()).unwrap().unwrap().seats, 5);
        assert_eq!(five.after(Action::Back).seats(), 4);
        assert_eq!(three.regenerated(1).seats(), 3);
        // A kept board opens at the table it was kept for.
        let kept = share::decode(&three.query()).unwrap().unwrap();
        assert_eq!(five.after(Action::Open(kept)).seats(), 3);
    }

    /// A tally of `games` games at `seats` seats, every game won by seat 1.
    fn report(seats: usize, games: u32) -> Tally {
        let mut wins = vec![0; seats];
        wins[0] = games;
        Tally {
            games,
            no_winner: 0,
            wins,
        }
    }

    fn progress(id: u64, done: u32) -> Action {
        Action::Played(FromPlayer::Progress {
            id,
            done,
            total: DEFAULT_GAMES,
        })
    }

    fn reported(id: u64, result: Result<Tally, String>) -> Action {
        Action::Played(FromPlayer::Played { id, result })
    }

    #[test]
    fn the_board_on_screen_is_play_tested_as_the_command_line_does() {
        let start = fresh();
        let request = start
            .play_request()
            .expect("a play-test of the first board");
        assert_eq!(request.id, start.chances.id);
        assert_eq!(
            (request.games, request.seed),
            (2_000, 1),
            "hexfair playtest's defaults"
        );
        assert_eq!(request.seats, 4);
        // The token is the board on screen at the table: the address bar's.
        assert_eq!(format!("b={}", request.token), start.query());
        assert_eq!(
            start.chances.progress,
            Progress::Playing {
                done: 0,
                total: 2_000
            }
        );
        let going = start.after(progress(request.id, 600));
        assert_eq!(
            going.chances.progress,
            Progress::Playing {
                done: 600,
                total: 2_000
            }
        );
        assert_eq!(
            going.play_request(),
            Some(request.clone()),
            "the same play-test"
        );
        let done = going.after(reported(request.id, Ok(report(4, 2_000))));
        assert_eq!(done.chances.progress, Progress::Done(report(4, 2_000)));
        assert_eq!(done.play_request(), None, "nothing left to play");
        // Late or repeated words about it change nothing.
        assert_eq!(done.after(progress(request.id, 1_900)), done);
        // A tap that changes neither the board nor the table keeps the figures.
        let turned = done
            .after(Action::Rotate)
            .after(Action::SetOverlay(Overlay::Heat));
        assert_eq!(turned.chances, done.chances);
        // Failure comes in words.
        let failed = going.after(reported(request.id, Err("the board is too large".into())));
        assert_eq!(
            failed.chances.progress,
            Progress::Failed("the board is too large".into())
        );
    }

    #[test]
    fn a_new_board_or_table_is_a_new_play_test_and_old_figures_never_land_on_it() {
        let start = fresh();
        let first = start.chances.id;
        // Another seat count: a new play-test at 3 seats.
        let three = start.after(progress(first, 300)).after(Action::SetSeats(3));
        let second = three.play_request().unwrap();
        assert!(second.id > first);
        assert_eq!(second.seats, 3);
        assert_eq!(format!("b={}", second.token), three.query());
        for late in [progress(first, 900), reported(first, Ok(report(4, 2_000)))] {
            assert_eq!(three.after(late), three, "the 4-seat figures stay away");
        }
        // A search under way keeps the board on screen, and its chances.
        let asked = three.regenerated(40);
        assert_eq!(asked.chances, three.chances);
        // Its board comes: a new play-test, and the one before is not wanted.
        let shown = answered(&asked, board(40));
        let third = shown.play_request().unwrap();
        assert!(third.id > second.id);
        assert_eq!(third.seats, 3);
        assert_eq!(
            shown.after(reported(second.id, Ok(report(3, 2_000)))),
            shown
        );
        // Back to the board before: played again (a new id; the figures come anew).
        let back = shown.after(Action::Back);
        assert!(back.chances.id > third.id);
        assert_eq!(back.play_request().unwrap().token, second.token);
        // A linked board is play-tested at the link's table.
        let link = share::decode(&shown.query()).unwrap().unwrap();
        let opened = State::from_link(Ok(Some(link)), 1);
        assert_eq!(opened.play_request().unwrap().token, third.token);
    }

    #[test]
    fn a_qr_code_drawn_by_the_play_worker_is_kept_whatever_the_play_test() {
        let start = fresh();
        let drawn = start.after(Action::Played(FromPlayer::QrCode {
            url: "https://x/?b=1".into(),
            svg: Some("<svg/>".into()),
        }));
        assert_eq!(
            drawn.qr,
            Some(QrDrawing {
                url: "https://x/?b=1".into(),
                svg: Some("<svg/>".into())
            })
        );
        assert_eq!(drawn.chances, start.chances);
        assert_eq!(drawn.now, start.now);
    }

    /// The guide the worker would write: as many steps as `steps`, one cell each.
    fn written_guide(steps: usize) -> crate::play_protocol::WrittenGuide {
        crate::play_protocol::WrittenGuide(
            (0..steps)
                .map(|i| (format!("step {i}"), vec![i as u32]))
                .collect(),
            String::new(),
        )
    }

    #[test]
    fn the_guide_is_asked_for_the_board_table_turn_and_language_on_screen() {
        let start = fresh();
        let first = start
            .guide_request()
            .expect("the first board's guide is asked for");
        assert_eq!(
            (first.players, first.turns, first.lang.as_str()),
            (start.seats(), 0, "en")
        );
        assert_eq!(
            first.words,
            Words::english().joined(),
            "the page's words, English too"
        );
        let link = share::decode_token(&first.token).unwrap();
        assert_eq!(link.board.as_ref(), Some(&start.now.board));
        // Written: no more asking, until the turn, the table or the board changes.
        let written = start.after(Action::Played(FromPlayer::Guide(
            first.id,
            Ok(written_guide(3)),
        )));
        assert_eq!(written.guide_request(), None);
        let turned = written.after(Action::Rotate).guide_request().unwrap();
        assert_eq!(turned.turns, 1);
        assert!(turned.id > first.id);
        let three = written.after(Action::SetSeats(3)).guide_request().unwrap();
        assert_eq!(three.players, 3);
        let next = answered(&written.regenerated(9), board(9));
        let asked = next.guide_request().unwrap();
        assert_eq!(
            share::decode_token(&asked.token).unwrap().board,
            Some(board(9))
        );
        // The reply to the guide before is for a board since left.
        let late = next.after(Action::Played(FromPlayer::Guide(
            first.id,
            Ok(written_guide(3)),
        )));
        assert_eq!(late.guide, next.guide);
    }

    #[test]
    fn another_language_sends_the_pages_words_with_the_guide_it_asks_for() {
        use super::super::words::Key;
        let english = Words::english();
        let texts = Key::ALL
            .iter()
            .map(|&k| Some(format!("x{}", english.get(k))));
        let other = Words::read(Lang::De, texts).unwrap();
        let german = fresh().after(Action::SetWords {
            words: other.clone(),
            problem: None,
        });
        let request = german
            .guide_request()
            .expect("a new guide in the new language");
        assert_eq!(request.lang, "de");
        let texts: Vec<&str> = request.words.split_terminator('\0').collect();
        assert_eq!(texts.len(), Key::ALL.len());
        assert_eq!(texts[Key::Regenerate as usize], other.get(Key::Regenerate));
    }

    #[test]
    fn an_open_guide_stays_open_on_a_new_board_from_its_first_step() {
        let start = fresh();
        let id = start.guide.id;
        let open = start
            .after(Action::Played(FromPlayer::Guide(id, Ok(written_guide(4)))))
            .after(Action::Guide(GuideMove::Open))
            .after(Action::Guide(GuideMove::Next))
            .after(Action::Guide(GuideMove::Next));
        assert_eq!(open.guide.on_screen().map(|(_, at)| at), Some(2));
        // Another language: the same step, once the guide in it has come (or its last).
        let english = Words::english();
        let texts = super::super::words::Key::ALL
            .iter()
            .map(|&k| Some(format!("x{}", english.get(k))));
        let german = open.after(Action::SetWords {
            words: Words::read(Lang::De, texts).unwrap(),
            problem: None,
        });
        assert_eq!(german.guide.open, Some(2));
        assert_eq!(german.guide.written, Written::Waiting);
        assert_eq!(
            german.after(Action::Guide(GuideMove::Next)).guide.open,
            Some(2)
        );
        let shorter = german.after(Action::Played(FromPlayer::Guide(
            german.guide.id,
            Ok(written_guide(2)),
        )));
        assert_eq!(shorter.guide.on_screen().map(|(_, at)| at), Some(1));
        let turned = open.after(Action::Rotate);
        assert_eq!(turned.guide.open, Some(0));
        assert_eq!(turned.guide.written, Written::Waiting);
        let closed = turned.after(Action::Guide(GuideMove::Close));
        assert_eq!(closed.guide.open, None);
        assert!(closed.guide_request().is_some(), "still written for print");
    }

    #[test]
    fn a_failed_play_worker_fails_the_guide_and_every_later_one() {
        let failed = fresh().after(Action::PlayerFailed(Trouble::NotLoaded));
        assert_eq!(failed.guide.written, Written::Failed(Trouble::NotLoaded));
        assert_eq!(failed.guide_request(), None);
        let later = answered(&failed.regenerated(3), board(3));
        assert_eq!(later.guide.written, Written::Failed(Trouble::NotLoaded));
        assert_eq!(later.guide_request(), None);
    }

    /// A Cities & Knights table (issue 30): asked for with the board's settings, carried by
    /// the link, not played (even on the same board), and dropped for a board it is not
    /// played on.
    #[test]
    fn a_cities_and_knights_table_is_remembered_and_not_played() {
        let base = answered(&fresh().regenerated(3), board(3));
        assert!(base.play_request().is_some());
        let asked = base.after(Action::SetExpansion(Expansion::CitiesAndKnights));
        assert_eq!(asked.settings().expansion, Expansion::CitiesAndKnights);
        let ck = answered(&asked, board(3));
        assert_eq!(ck.now.settings.expansion, Expansion::CitiesAndKnights);
        assert_eq!(
            ck.chances.progress,
            Progress::NotSimulated,
            "the same board"
        );
        assert_eq!((ck.play_request(), ck.start_on_screen()), (None, None));
        let link = share::decode(&ck.query()).unwrap().unwrap();
        assert_eq!(link.settings.expansion, Expansion::CitiesAndKnights);
        let back = answered(
            &ck.after(Action::SetExpansion(Expansion::BaseGame)),
            board(3),
        );
        assert!(back.play_request().is_some(), "played again");
        let seafarers = ck.after(Action::SetLayout(LayoutId::Seafarers));
        assert_eq!(seafarers.settings().expansion, Expansion::BaseGame);
    }

    #[test]
    fn boards_of_other_games_are_not_played_and_a_failed_worker_is_told() {
        let settings = Settings::new(LayoutId::Seafarers, RuleSet::default());
        let seafarers = answered(
            &fresh().after(Action::SetLayout(LayoutId::Seafarers)),
            generate(&settings, 3).unwrap(),
        );
        assert_eq!(seafarers.chances.progress, Progress::NotSimulated);
        assert_eq!(seafarers.play_request(), None);
        assert_eq!(seafarers.chances.layout(), LayoutId::Seafarers);
        // McGuire's board plays as the base game.
        let mcguire = answered(
            &fresh().after(Action::SetLayout(LayoutId::McGuire)),
            generate(&Settings::new(LayoutId::McGuire, RuleSet::default()), 3).unwrap(),
        );
        assert!(mcguire.play_request().is_some());
        // The worker fails: the play-test under way says why, and so does every board after.
        let failed = fresh().after(Action::PlayerFailed(Trouble::NotLoaded));
        assert_eq!(
            failed.chances.progress,
            Progress::Failed(Trouble::NotLoaded)
        );
        assert_eq!(failed.player_failed, Some(Trouble::NotLoaded));
        assert_eq!(failed.play_request(), None);
        let later = answered(&failed.regenerated(5), board(5));
        assert_eq!(later.chances.progress, Progress::Failed(Trouble::NotLoaded));
        assert_eq!(later.message, None, "the board itself came");
    }

    #[test]
    fn the_fair_start_shown_is_chosen_by_play_for_the_board_and_table() {
        let start = fresh().after(Action::SetSeats(3));
        assert_eq!(start.start_request(), None, "not shown: not asked");
        let shown = start.after(Action::SetOverlay(Overlay::FairStart));
        let asked = shown.start_request().expect("asked once shown");
        assert_eq!(
            (asked.seats, asked.games, asked.seed),
            (3, DEFAULT_GAMES, DEFAULT_SEED)
        );
        assert_eq!(
            share::decode_token(&asked.token).unwrap().board,
            Some(shown.now.board.clone())
        );
        assert_eq!(shown.chosen_start(), None);
        let going = shown.after(Action::Played(FromPlayer::Progress {
            id: asked.id,
            done: 10,
            total: 100,
        }));
        assert_eq!(
            going.start.as_ref().unwrap().progress,
            StartProgress::Choosing {
                done: 10,
                total: 100
            }
        );
        assert_eq!(going.chances, shown.chances, "not the chances' progress");
        let games = Tally {
            games: 4,
            no_winner: 0,
            wins: vec![1, 2, 1],
        };
        let chosen = going.after(Action::Played(FromPlayer::StartChosen(
            asked.id,
            vec![1, 2, 3, 4, 5, 6],
            Ok(games.clone()),
        )));
        let corner = CornerId::new;
        assert_eq!(
            chosen.chosen_start(),
            Some(
                &[
                    [corner(1), corner(2)],
                    [corner(3), corner(4)],
                    [corner(5), corner(6)]
                ][..]
            )
        );
        assert_eq!(chosen.start_request(), None, "chosen: nothing more to ask");
        // Hidden and shown again: the same start, not asked again.
        let again = chosen
            .after(Action::SetOverlay(Overlay::None))
            .after(Action::SetOverlay(Overlay::FairStart));
        assert_eq!(again.chosen_start(), chosen.chosen_start());
        // A new board is a new request, and the old start never lands on it.
        let next = answered(&again.regenerated(9), board(9));
        assert_eq!(next.chosen_start(), None);
        let second = next.start_request().expect("asked for the new board");
        assert!(second.id > asked.id);
        let late = next.after(Action::Played(FromPlayer::StartChosen(
            asked.id,
            vec![1, 2, 3, 4, 5, 6],
            Ok(games),
        )));
        assert_eq!(late.chosen_start(), None);
        // A failed worker says why.
        let failed = next.after(Action::PlayerFailed("stopped".into()));
        assert_eq!(
            failed.start.unwrap().progress,
            StartProgress::Failed("stopped".into())
        );
        // Boards the simulator does not play have no start chosen by play.
        let seafarers = answered(
            &shown.after(Action::SetLayout(LayoutId::Seafarers)),
            generate(&Settings::new(LayoutId::Seafarers, RuleSet::default()), 3).unwrap(),
        );
        assert_eq!(seafarers.start_request(), None);
    }

    #[test]
    fn a_change_of_language_changes_the_words_only() {
        let start = fresh().after(Action::SetRule {
            rule: Rule::MaxCornerPips(8),
            on: true,
        });
        let german = super::super::words::Words::read(
            super::super::words::Lang::De,
            super::super::words::Key::ALL
                .iter()
                .map(|&k| Some(Words::english().get(k).to_string())),
        )
        .expect("every key");
        let spoken = start.after(Action::SetWords {
            words: german.clone(),
            problem: None,
        });
        assert_eq!(spoken.words.lang, super::super::words::Lang::De);
        // The board, the request under way, the message and the link stay as they were:
        // links and seeds carry no language.
        assert_eq!(spoken.now, start.now);
        assert_eq!(spoken.pending, start.pending);
        assert_eq!(spoken.message, start.message);
        assert_eq!(spoken.query(), start.query());
        let failed = spoken.after(Action::SetWords {
            words: Words::english(),
            problem: Some("no table".into()),
        });
        assert_eq!(failed.words.lang, super::super::words::Lang::En);
        assert_eq!(failed.words_problem.as_deref(), Some("no table"));
        assert_eq!(failed.query(), start.query());
    }
}
