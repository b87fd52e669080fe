//! The app's state and the one reducer that changes it. Data flows one way: an action asks
//! for settings, a mode and a seed; the search worker turns them into a board (the reducer
//! only records the request, so no search runs in it); the answer arrives as an action; the
//! view draws the board and its score.
//!
//! Its parts: the boards shown and earlier (`shown`, shared between states rather than
//! copied), what is said to the person (`said`), and what the play worker is asked for the
//! board on screen (`play`). Plain Rust apart from the `Reducible` glue, so its tests run
//! natively (`src/app/mod.rs` compiles it on every target).

mod entering;
#[cfg(test)]
mod entry_tests;
mod play;
mod said;
mod shown;
#[cfg(test)]
mod tests;

use std::num::IntErrorKind;
use std::rc::Rc;

use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::generate::{plays_on, Lock, NumberMode, Settings};
use hexfair::model::{CellId, CornerId, Expansion};
use hexfair::rules::Rule;
use hexfair::share::conform::seats_problem;
use hexfair::share::{self, usual_seats, Link, LinkError};

use super::build_guide::{BuildGuide, GuideMove};
use super::protocol::play::FromPlayer;
use super::protocol::relay::Stopped;
use super::protocol::search::{Refusal, Request};
use super::words::{Lang, Words};
pub use entering::{Entering, EntryAction};
pub use play::{Chances, PlayedStart, Progress, QrDrawing, StartProgress, Trouble};
pub use said::{Message, Notice};
pub use shown::{Earlier, Shown, MAX_EARLIER};

/// What is drawn over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// Each settlement spot's pips, as a heat map.
    Heat,
    /// The proposed fair start: two settlements per seat, in seat colours.
    FairStart,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The page's words, in the language the device or the player chose. Links and seeds
    /// carry no language: a change of language changes nothing else.
    pub words: Words,
    /// Why the language chosen could not be had (its table would not load), in English.
    pub words_problem: Option<String>,
    pub now: Rc<Shown>,
    /// The search under way, if any: what was asked for. The controls show it at once; the
    /// board follows when the worker answers. The one record of which request is current.
    pub pending: Option<Request>,
    /// What was asked and could not be met while the board on screen only stands in for a
    /// seed link's ([`Shown::stands_in`]): the controls show it (the link's settings, or
    /// those changed since), so the player can change one and try again, until a board
    /// replaces the stand-in.
    pub unmet: Option<Request>,
    next_id: u64,
    /// The seed the next Regenerate asks for, drawn a tap early so that the search worker
    /// can search for that board before the tap ([`State::expected`]).
    next_seed: u64,
    pub earlier: Earlier,
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
    /// Each seat's chance on the board on screen as far as it has been played (shown by
    /// [`State::chances`]).
    chances: Chances,
    /// The fair start chosen by play, once the fair start has been shown on a simulated board
    /// (shown by [`State::start_on_screen`]).
    start: Option<PlayedStart>,
    /// Why nothing can be asked of the play worker any more (it failed): the one record of
    /// it, which every ask still under way is shown failed by.
    pub player_failed: Option<Trouble>,
    /// The latest QR code the play worker drew (the Saved tab shows it if it is the link's);
    /// shared, as its SVG is the largest thing in the state.
    pub qr: Option<Rc<QrDrawing>>,
    pub overlay: Overlay,
    pub selected_corner: Option<CornerId>,
    /// The build guide of the board on screen, and its step while it is open (shown by
    /// [`State::guide`]).
    guide: BuildGuide,
    /// The board on the table, while the table enters it (the entry screen shows instead of
    /// the board on screen and its settings).
    pub entering: Option<Entering>,
    /// The players the table chose, for the snake draft, the fair start and the link. A
    /// table's choice, not a board's: Back keeps it, and a layout for other numbers of
    /// players seats its most until the table comes back to one this choice fits (see
    /// [`State::seats`]).
    chosen_seats: usize,
}

pub enum Action {
    /// A new board with the current settings and the seed drawn for it a tap early (the old
    /// board goes to the earlier boards); this fresh seed is the next tap's.
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
    /// The message put away: the board and the controls stay as they are.
    Dismiss,
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
    /// The board on the table: its entry begun, tapped, left or shown.
    Entering(EntryAction),
}

/// The table's defaults: the base board, balanced, 6 and 8 apart.
pub const DEFAULT_MODE: Mode = Mode::Balanced;

impl State {
    /// The state showing `now` at a table of `seats`, its chances (request 1) and its build
    /// guide in English (request 2) asked.
    fn showing(now: Shown, message: Option<Message>, seats: usize) -> State {
        State {
            chosen_seats: seats,
            entering: None,
            chances: play::chances_of(&now, seats, 1),
            player_failed: None,
            start: None,
            qr: None,
            guide: BuildGuide::new(2, play::guide_of(&now, seats, 0, Lang::En), None),
            now: Rc::new(now),
            pending: None,
            unmet: None,
            next_id: 3,
            next_seed: 0,
            earlier: Earlier::default(),
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
    /// `next_seed` is the first Regenerate's.
    pub fn from_link(
        link: Result<Option<Link>, LinkError>,
        fresh_seed: u64,
        next_seed: u64,
    ) -> State {
        State {
            next_seed,
            ..State::first_state(link, fresh_seed)
        }
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
                    board: Rc::new(board),
                    stands_in: false,
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
                notice: said::old_link(settings.layout),
                ..State::showing(
                    Shown {
                        settings,
                        mode,
                        seed,
                        board: Rc::new(board),
                        stands_in: false,
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
            })) => {
                // A board to show while the link's is searched for, standing in for it.
                let mut state = quick(&Settings::default(), Mode::Random, seed, None);
                Rc::make_mut(&mut state.now).stands_in = true;
                State {
                    chosen_seats: seats,
                    ..state
                }
                .request(settings, mode, seed)
            }
            Ok(None) => quick(&Settings::default(), DEFAULT_MODE, fresh_seed, None),
            Err(error) => quick(
                &Settings::default(),
                DEFAULT_MODE,
                fresh_seed,
                Some(Message::BadLink(error)),
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

    /// The settings the controls show: what was last asked for.
    pub fn settings(&self) -> &Settings {
        self.asked().0
    }

    /// The mode the controls show.
    pub fn mode(&self) -> Mode {
        self.asked().1
    }

    /// What was last asked for, which the controls show and new requests build on: the
    /// search under way, else what no board could be found for while the board on screen
    /// only stands in (so a link's rules that cannot be kept together can be changed), else
    /// the board on screen's settings, mode and seed.
    fn asked(&self) -> (&Settings, Mode, u64) {
        let asked = match (&self.pending, &self.message) {
            (Some(pending), _) => pending,
            (None, _) => match &self.unmet {
                Some(unmet) if self.now.stands_in => unmet,
                _ => return (&self.now.settings, self.now.mode, self.now.seed),
            },
        };
        (&asked.settings, asked.mode, asked.seed)
    }

    /// Asks the search worker for a board; a new request replaces one still under way.
    fn request(mut self, settings: Settings, mode: Mode, seed: u64) -> State {
        self.pending = Some(Request {
            id: self.next_id,
            settings,
            mode,
            seed,
        });
        self.next_id += 1;
        self.notice = None;
        self
    }

    /// The request the search worker is to answer, if any.
    pub fn search_request(&self) -> Option<Request> {
        self.pending.clone()
    }

    /// The request Regenerate would make now: the search worker searches for it ahead of the
    /// tap, so the tap shows its board at once.
    pub fn expected(&self) -> Request {
        Request {
            id: self.next_id,
            settings: self.settings().clone(),
            mode: self.mode(),
            seed: self.next_seed,
        }
    }

    /// The search worker answered `asked`: on success the old board goes to the earlier
    /// boards (unless it only stood in for a link's: no one chose it, so Back never shows
    /// it, as the device's history never lists it), on failure the board stays and the
    /// reason shows.
    fn finish(mut self, asked: Request, result: Result<Board, Refusal>) -> State {
        self.pending = None;
        match result {
            Ok(board) => {
                let shown = Shown {
                    settings: asked.settings,
                    mode: asked.mode,
                    seed: asked.seed,
                    board: Rc::new(board),
                    stands_in: false,
                };
                let before = std::mem::replace(&mut self.now, Rc::new(shown));
                if !before.stands_in {
                    self.earlier = self.earlier.with(before);
                }
                self.message = None;
                self.unmet = None;
                self.selected_corner = None;
            }
            // The board on screen is not one anyone asked for: the controls keep what was
            // asked, and the message says what the board on screen is.
            Err(refusal) if self.now.stands_in => {
                self.message = Some(Message::Unmet { refusal });
                self.unmet = Some(asked);
            }
            Err(refusal) => {
                self.message = Some(Message::Refused {
                    refusal,
                    locked: !asked.settings.locks.is_empty(),
                });
            }
        }
        self
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).then(action))
    }
}

impl State {
    /// The state after `action`.
    pub fn after(&self, action: Action) -> State {
        self.clone().then(action)
    }

    /// This state, changed by `action`.
    pub fn then(mut self, action: Action) -> State {
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
        // New requests build on what was last asked for, so quick taps add up. The locks in
        // it are always the board on screen's (see ToggleLock), or none for another layout.
        let (settings, mode, seed) = self.asked();
        let asked = (settings.clone(), mode, seed);
        if !answered {
            self.message = None;
            self.notice = None;
        }
        // Whatever changed the board on screen or the table asks for its chances (and its
        // fair start, if shown).
        self.reduce(action, asked)
            .with_chances()
            .with_start()
            .with_guide()
    }

    fn reduce(mut self, action: Action, (settings, mode, seed): (Settings, Mode, u64)) -> State {
        match action {
            Action::Regenerate(fresh) => {
                let seed = std::mem::replace(&mut self.next_seed, fresh);
                self.request(settings, mode, seed)
            }
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
                Err(error) => {
                    let text = text.trim().to_string();
                    let said = match error.kind() {
                        IntErrorKind::Empty => Message::NoSeedTyped,
                        IntErrorKind::PosOverflow => Message::SeedTooLarge(text),
                        _ => Message::NotASeed(text),
                    };
                    State {
                        message: Some(said),
                        ..self
                    }
                }
            },
            Action::SetSeats(seats) => {
                let layout = self.now.board.layout;
                match seats_problem(layout, seats) {
                    None => self.chosen_seats = seats,
                    Some(_) => self.message = Some(Message::SeatsNotFor { layout, seats }),
                }
                self
            }
            Action::Back => {
                // The earlier board exactly as it was left: its settings, locks included,
                // and its mode and seed; the table's seats stay.
                if let Some((previous, before)) = self.earlier.popped() {
                    self.now = previous;
                    self.earlier = before;
                    self.pending = None;
                    self.selected_corner = None;
                }
                self
            }
            Action::Open(link) => {
                let asked = Request {
                    id: self.next_id,
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                };
                match link.board {
                    // A kept board's link says how many played it; a seed link says
                    // nothing, so the table's choice stays.
                    Some(board) => {
                        let notice = said::old_link(asked.settings.layout);
                        State {
                            chosen_seats: link.seats,
                            notice,
                            ..self.finish(asked, Ok(board))
                        }
                    }
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
                let numbers = if hexfair::catalogue::Layout::get(layout).has_spiral() {
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
                let now = Rc::make_mut(&mut self.now);
                let locks = &mut now.settings.locks;
                match locks.iter().position(|l| l.cell == cell) {
                    Some(at) => {
                        locks.remove(at);
                    }
                    None => locks.push(Lock::of(&now.board, cell)),
                }
                // A search under way for this layout was asked with the old locks: ask again
                // with these, or its board would bring back a lock just freed (or drop one
                // just set).
                match self.pending.take() {
                    Some(pending) if pending.settings.layout == self.now.board.layout => {
                        let settings = Settings {
                            locks: self.now.settings.locks.clone(),
                            ..pending.settings
                        };
                        self.request(settings, pending.mode, pending.seed)
                    }
                    pending => State { pending, ..self },
                }
            }
            Action::Guide(step) => {
                self.guide = self.guide.moved(step);
                self
            }
            Action::Rotate => {
                self.turns = (self.turns + 1) % 6;
                self
            }
            Action::SetOverlay(overlay) => {
                self.overlay = overlay;
                self.selected_corner = None;
                self
            }
            Action::SelectCorner(corner) => {
                self.selected_corner = corner;
                self
            }
            // `then` took the message away; what was asked stays asked.
            Action::Dismiss => self,
            Action::Notice(text) => {
                self.notice = Some(Notice::Said(text));
                self
            }
            Action::FellBack(why) => {
                self.fallback = Some(why);
                self
            }
            Action::Played(FromPlayer::Entry(id, text, token)) => {
                self.entry_written(id, text, token)
            }
            Action::Played(message) => self.played(message),
            Action::Entering(action) => self.entered(action),
            Action::SetWords { words, problem } => {
                self.words = words;
                self.words_problem = problem;
                self
            }
            Action::PlayerFailed(why) => {
                // The first failure is the one the page tells: the worker says nothing after.
                self.player_failed.get_or_insert(why);
                // The entry is the worker's to write: without it, the board on screen again.
                self.entering = None;
                self
            }
            Action::Answer { id, result } => match self.pending.take() {
                Some(pending) if pending.id == id => self.finish(pending, result),
                // An answer to a request since replaced: ignore it.
                pending => State { pending, ..self },
            },
        }
    }
}
