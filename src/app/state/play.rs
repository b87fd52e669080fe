//! What the page asks of the play worker for the board on screen: each seat's chances, the
//! fair start chosen by play, the build guide (and a QR code), each under a request id of its
//! own so that a reply for a board or table since left changes nothing. Whether the worker
//! has failed is kept once (`State::player_failed`): each ask still under way is shown as
//! failed from it, never copied into the asks.

use super::super::protocol::play::{FromPlayer, GuideRequest, PlayRequest, Tally};
use std::rc::Rc;

use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::model::{CornerId, Expansion};
use hexfair::play::playtest::{DEFAULT_GAMES, DEFAULT_SEED};
use hexfair::play::table::Rules as PlayRules;
use hexfair::share;

use super::super::build_guide::{Asked, BuildGuide, Written};
use super::super::words::Lang;
use super::{Overlay, Shown, State};

/// Each seat's chance to win on the board on screen at the table's seats: the play-test
/// asked of the play worker for them, and how far it is. A new board or seat count is a new
/// play-test with a new id, so figures for the board before never show on this one.
#[derive(Clone, Debug, PartialEq)]
pub struct Chances {
    /// The request's id: replies that carry another are for a board or table since left.
    pub id: u64,
    board: Rc<Board>,
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
    /// The simulator does not play this board's game (Seafarers, Traders & Barbarians, or
    /// any board at a Cities & Knights table).
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
    /// It could not play this request (a request the page never sends), as the worker said.
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
    board: Rc<Board>,
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

/// The chances of `now` at `seats`, asked as request `id`: a play-test where the simulator
/// plays the board's game, else none to play. Only the base game is simulated: a Cities &
/// Knights table has no chances (the same board may be shown for either game, so the game
/// decides too).
pub(super) fn chances_of(now: &Shown, seats: usize, id: u64) -> Chances {
    let simulated =
        PlayRules::of(now.board.layout).is_some() && now.settings.expansion == Expansion::BaseGame;
    Chances {
        id,
        board: Rc::clone(&now.board),
        seats,
        progress: if simulated {
            Progress::Playing {
                done: 0,
                total: DEFAULT_GAMES,
            }
        } else {
            Progress::NotSimulated
        },
    }
}

/// What the build guide of `now` is asked for: the table's players, the board's turn and the
/// page's language.
pub(super) fn guide_of(now: &Shown, players: usize, turns: usize, lang: Lang) -> Asked {
    Asked {
        board: Rc::clone(&now.board),
        players,
        expansion: now.settings.expansion,
        turns,
        lang,
    }
}

impl State {
    /// The chances as the page shows them: a play-test under way fails with the worker.
    pub fn chances(&self) -> Chances {
        let mut chances = self.chances.clone();
        if let (Progress::Playing { .. }, Some(why)) = (&chances.progress, &self.player_failed) {
            chances.progress = Progress::Failed(why.clone());
        }
        chances
    }

    /// The play-test the page wants played now, if any: the board on screen at the
    /// table's seats, as many games and from the same seed as `hexfair playtest`'s defaults,
    /// so the figures are the command line's.
    pub fn play_request(&self) -> Option<PlayRequest> {
        if self.player_failed.is_some()
            || !matches!(self.chances.progress, Progress::Playing { .. })
        {
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
        } = &*self.now;
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
            .start_asked()
            .filter(|_| self.overlay == Overlay::FairStart && self.player_failed.is_none())?;
        if !matches!(start.progress, StartProgress::Choosing { .. }) {
            return None;
        }
        Some(self.games_on_screen(start.id, start.seats))
    }

    /// This state with the fair start chosen by play for the board on screen, if it is
    /// shown on a simulated board: the one it has, or a new request.
    pub(super) fn with_start(mut self) -> State {
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
        self.start = Some(PlayedStart {
            id: self.next_id,
            board: Rc::clone(board),
            seats,
            progress: StartProgress::Choosing { done: 0, total: 0 },
        });
        self.next_id += 1;
        self
    }

    /// The start asked of the worker, if it is that of the board on screen at the table's
    /// seats.
    fn start_asked(&self) -> Option<&PlayedStart> {
        // Play chooses starts of the base game only (not a Cities & Knights one).
        self.start.as_ref().filter(|s| {
            s.board == self.now.board
                && s.seats == self.seats()
                && self.now.settings.expansion == Expansion::BaseGame
        })
    }

    /// The start chosen by play as the page shows it, if it is that of the board on screen
    /// at the table's seats: one being chosen fails with the worker.
    pub fn start_on_screen(&self) -> Option<PlayedStart> {
        let mut start = self.start_asked()?.clone();
        if let (StartProgress::Choosing { .. }, Some(why)) = (&start.progress, &self.player_failed)
        {
            start.progress = StartProgress::Failed(why.clone());
        }
        Some(start)
    }

    /// The settlements of the fair start chosen by play for the board on screen, once chosen.
    pub fn chosen_start(&self) -> Option<&[[CornerId; 2]]> {
        match &self.start_asked()?.progress {
            StartProgress::Chosen { settlements, .. } => Some(settlements),
            _ => None,
        }
    }

    /// This state with chances of the board on screen at the table's seats: those it has,
    /// or a new play-test.
    pub(super) fn with_chances(mut self) -> State {
        let wanted = chances_of(&self.now, self.seats(), self.next_id);
        let simulated = wanted.progress != Progress::NotSimulated;
        let held = self.chances.progress != Progress::NotSimulated;
        if self.chances.board == wanted.board
            && self.chances.seats == wanted.seats
            && held == simulated
        {
            return self;
        }
        self.chances = wanted;
        self.next_id += 1;
        self
    }

    /// The build guide as the page shows it: one still waiting fails with the worker.
    pub fn guide(&self) -> BuildGuide {
        self.guide.seen(self.player_failed.as_ref())
    }

    /// This state with the build guide of the board on screen, for the table's players, the
    /// turn and the language: the one it has, or a new request (open on its first step if
    /// the guide was open).
    pub(super) fn with_guide(mut self) -> State {
        let asked = guide_of(&self.now, self.seats(), self.turns, self.words.lang);
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
        self.guide = BuildGuide::new(self.next_id, asked, open);
        self.next_id += 1;
        self
    }

    /// The build guide the page wants written now, if any: the board on screen's, with the
    /// page's words (the worker carries none of the page's tables).
    pub fn guide_request(&self) -> Option<GuideRequest> {
        if self.guide.written != Written::Waiting || self.player_failed.is_some() {
            return None;
        }
        let Asked {
            board,
            players,
            turns,
            lang,
            ..
        } = &self.guide.asked;
        let Shown {
            settings,
            mode,
            seed,
            ..
        } = &*self.now;
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
    /// a board or table since left, and change nothing), the fair start, or a QR code. A
    /// worker that has failed says nothing more that counts but its QR codes.
    pub(super) fn played(mut self, message: FromPlayer) -> State {
        if self.player_failed.is_some() && !matches!(message, FromPlayer::QrCode { .. }) {
            return self;
        }
        let progress = match message {
            // Request 0 is none of the page's (ids start at 1): the worker could not read a
            // request, so it could not say which. The page and its worker disagree on the
            // messages, so nothing asked of it would be answered; every ask waiting (the
            // guide's too) is shown failed rather than left waiting.
            FromPlayer::Played {
                id: 0,
                result: Err(_),
            } => {
                self.player_failed.get_or_insert(Trouble::Unreadable);
                return self;
            }
            FromPlayer::QrCode { url, svg } => {
                self.qr = Some(Rc::new(QrDrawing { url, svg }));
                return self;
            }
            FromPlayer::Guide(id, guide) => {
                self.guide = self.guide.heard(id, guide);
                return self;
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
            _ => return self,
        };
        if matches!(self.chances.progress, Progress::Playing { .. }) {
            self.chances.progress = progress;
        }
        self
    }

    /// The start under way has come this far (a start already chosen or failed stays).
    fn started(mut self, progress: StartProgress) -> State {
        if let Some(start) = self.start.as_mut() {
            if matches!(start.progress, StartProgress::Choosing { .. }) {
                start.progress = progress;
            }
        }
        self
    }
}
