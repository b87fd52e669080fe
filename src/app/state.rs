//! The app's state and the one reducer that changes it. Data flows one way: an action
//! changes the settings, the mode or the seed; the search turns them into a board; the view
//! draws the board and its score.

use std::rc::Rc;

use yew::Reducible;

use crate::board::Board;
use crate::layout::{LayoutId, NodeId};
use crate::rules::Rule;
use crate::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::share::{self, Link, LinkError};
use crate::solve::{Lock, NumberMode, Settings};

/// Boards kept for Back.
pub const HISTORY: usize = 20;

/// What is drawn over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// Each settlement spot's pips, as a heat map.
    Heat,
    /// The proposed fair start: two settlements per seat, in seat colours.
    FairStart,
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
    pub now: Shown,
    /// Earlier boards, oldest first, at most [`HISTORY`].
    pub history: Vec<Shown>,
    /// Why the last request did not change the board, in words (rules that conflict, a
    /// link that could not be read).
    pub message: Option<String>,
    /// A passing word for the person (a link was copied).
    pub notice: Option<String>,
    /// The board turned by this many sixths of a turn.
    pub turns: usize,
    pub overlay: Overlay,
    pub selected_corner: Option<NodeId>,
}

pub enum Action {
    /// A new board with this seed and the current settings (the old one goes to history).
    Regenerate(u64),
    /// Back to the previous board.
    Back,
    /// Switches a rule kind on (with its parameter) or off, and regenerates.
    SetRule {
        rule: Rule,
        on: bool,
    },
    SetLayout(LayoutId),
    SetNumbers(NumberMode),
    SetMode(Mode),
    /// Locks a hex as it is, or frees it.
    ToggleLock(usize),
    Rotate,
    SetOverlay(Overlay),
    SelectCorner(Option<NodeId>),
    Notice(String),
}

/// The table's defaults: the base board, balanced, 6 and 8 apart.
pub const DEFAULT_MODE: Mode = Mode::Balanced;

impl State {
    fn showing(now: Shown, message: Option<String>) -> State {
        State {
            now,
            history: Vec::new(),
            message,
            notice: None,
            turns: 0,
            overlay: Overlay::None,
            selected_corner: None,
        }
    }

    /// The state for a link from the URL, or a fresh board when there is none or it is bad.
    pub fn from_link(link: Result<Option<Link>, LinkError>, fresh_seed: u64) -> State {
        let fresh = || Link {
            settings: Settings::default(),
            mode: DEFAULT_MODE,
            seed: fresh_seed,
            board: None,
        };
        let (link, message) = match link {
            Ok(Some(link)) => (link, None),
            Ok(None) => (fresh(), None),
            Err(error) => (fresh(), Some(error.to_string())),
        };
        if let Some(board) = link.board {
            // A board token shows exactly the board it carries.
            return State::showing(
                Shown {
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                    board,
                },
                message,
            );
        }
        match find(&link.settings, link.mode, DEFAULT_CANDIDATES, link.seed) {
            Ok(found) => State::showing(
                Shown {
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                    board: found.board,
                },
                message,
            ),
            Err(error) => {
                let link = fresh();
                let board = find(&link.settings, link.mode, DEFAULT_CANDIDATES, link.seed)
                    .expect("the default rules are always satisfiable")
                    .board;
                State::showing(
                    Shown {
                        settings: link.settings,
                        mode: link.mode,
                        seed: link.seed,
                        board,
                    },
                    Some(format!(
                        "This link's rules cannot be met: {error}. Here is a fresh board."
                    )),
                )
            }
        }
    }

    /// The query string that reproduces exactly this board.
    pub fn query(&self) -> String {
        share::encode(
            &self.now.settings,
            self.now.mode,
            self.now.seed,
            &self.now.board,
        )
    }

    /// Tries new settings, mode and seed; on success the old board goes to history, on
    /// failure the board stays and the reason shows.
    fn attempt(&self, settings: Settings, mode: Mode, seed: u64) -> State {
        match find(&settings, mode, DEFAULT_CANDIDATES, seed) {
            Ok(found) => {
                let mut history = self.history.clone();
                history.push(self.now.clone());
                if history.len() > HISTORY {
                    history.remove(0);
                }
                State {
                    now: Shown {
                        settings,
                        mode,
                        seed,
                        board: found.board,
                    },
                    history,
                    message: None,
                    notice: None,
                    selected_corner: None,
                    ..self.clone()
                }
            }
            Err(error) => {
                let locked = if settings.locks.is_empty() {
                    ""
                } else {
                    " with the locked hexes"
                };
                State {
                    message: Some(format!(
                        "{error}{locked}. The board on screen is unchanged."
                    )),
                    notice: None,
                    ..self.clone()
                }
            }
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let settings = self.now.settings.clone();
        let (mode, seed) = (self.now.mode, self.now.seed);
        let next = match action {
            Action::Regenerate(seed) => self.attempt(settings, mode, seed),
            Action::Back => {
                let mut state = (*self).clone();
                if let Some(previous) = state.history.pop() {
                    state.now = previous;
                    state.message = None;
                    state.selected_corner = None;
                }
                state
            }
            Action::SetRule { rule, on } => {
                let rules = if on {
                    settings.rules.with(rule)
                } else {
                    settings.rules.without(rule)
                };
                self.attempt(Settings { rules, ..settings }, mode, seed)
            }
            Action::SetLayout(layout) => {
                // Spiral placement only where the layout has a spiral; locks belong to a layout.
                let numbers = if crate::layout::Layout::get(layout).has_spiral() {
                    settings.numbers
                } else {
                    NumberMode::Random
                };
                self.attempt(
                    Settings {
                        layout,
                        numbers,
                        locks: Vec::new(),
                        ..settings
                    },
                    mode,
                    seed,
                )
            }
            Action::SetNumbers(numbers) => self.attempt(
                Settings {
                    numbers,
                    ..settings
                },
                mode,
                seed,
            ),
            Action::SetMode(mode) => self.attempt(settings, mode, seed),
            Action::ToggleLock(cell) => {
                let mut state = (*self).clone();
                let locks = &mut state.now.settings.locks;
                match locks.iter().position(|l| l.cell == cell) {
                    Some(at) => {
                        locks.remove(at);
                    }
                    None => locks.push(Lock::of(&self.now.board, cell)),
                }
                state
            }
            Action::Rotate => State {
                turns: (self.turns + 1) % 6,
                ..(*self).clone()
            },
            Action::SetOverlay(overlay) => State {
                overlay,
                selected_corner: None,
                ..(*self).clone()
            },
            Action::SelectCorner(corner) => State {
                selected_corner: corner,
                ..(*self).clone()
            },
            Action::Notice(text) => State {
                notice: Some(text),
                ..(*self).clone()
            },
        };
        Rc::new(next)
    }
}
