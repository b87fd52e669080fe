//! The app's state and the one reducer that changes it. Data flows one way: an action
//! changes the settings, the mode or the seed; the search turns them into a board; the view
//! draws the board and its score.

use std::rc::Rc;

use yew::Reducible;

use crate::board::Board;
use crate::layout::LayoutId;
use crate::rules::Rule;
use crate::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::share::{self, Link, LinkError};
use crate::solve::{NumberMode, Settings};

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub settings: Settings,
    pub mode: Mode,
    pub seed: u64,
    /// The board on screen; it stays when new settings cannot be met.
    pub board: Board,
    /// Why the last request did not change the board, in words (rules that conflict, a
    /// link that could not be read).
    pub message: Option<String>,
}

pub enum Action {
    /// A new board with this seed and the current settings.
    Regenerate(u64),
    /// Switches a rule kind on (with its parameter) or off, and regenerates.
    SetRule {
        rule: Rule,
        on: bool,
    },
    SetLayout(LayoutId),
    SetNumbers(NumberMode),
    SetMode(Mode),
}

/// The table's defaults: the base board, balanced, 6 and 8 apart.
pub const DEFAULT_MODE: Mode = Mode::Balanced;

impl State {
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
            return State {
                settings: link.settings,
                mode: link.mode,
                seed: link.seed,
                board,
                message,
            };
        }
        match find(&link.settings, link.mode, DEFAULT_CANDIDATES, link.seed) {
            Ok(found) => State {
                settings: link.settings,
                mode: link.mode,
                seed: link.seed,
                board: found.board,
                message,
            },
            Err(error) => {
                let link = fresh();
                let board = find(&link.settings, link.mode, DEFAULT_CANDIDATES, link.seed)
                    .expect("the default rules are always satisfiable")
                    .board;
                State {
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                    board,
                    message: Some(format!(
                        "This link's rules cannot be met: {error}. Here is a fresh board."
                    )),
                }
            }
        }
    }

    /// The query string that reproduces exactly this board.
    pub fn query(&self) -> String {
        share::encode(&self.settings, self.mode, self.seed, &self.board)
    }

    /// Tries new settings, mode and seed; on failure the board stays and the reason shows.
    fn attempt(&self, settings: Settings, mode: Mode, seed: u64) -> State {
        match find(&settings, mode, DEFAULT_CANDIDATES, seed) {
            Ok(found) => State {
                settings,
                mode,
                seed,
                board: found.board,
                message: None,
            },
            Err(error) => State {
                message: Some(format!("{error}. The board on screen is unchanged.")),
                ..self.clone()
            },
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let settings = self.settings.clone();
        let next = match action {
            Action::Regenerate(seed) => self.attempt(settings, self.mode, seed),
            Action::SetRule { rule, on } => {
                let rules = if on {
                    settings.rules.with(rule)
                } else {
                    settings.rules.without(rule)
                };
                self.attempt(Settings { rules, ..settings }, self.mode, self.seed)
            }
            Action::SetLayout(layout) => {
                // Spiral placement only where the layout has a spiral.
                let numbers = if crate::layout::Layout::get(layout).has_spiral() {
                    settings.numbers
                } else {
                    NumberMode::Random
                };
                self.attempt(
                    Settings {
                        layout,
                        numbers,
                        ..settings
                    },
                    self.mode,
                    self.seed,
                )
            }
            Action::SetNumbers(numbers) => self.attempt(
                Settings {
                    numbers,
                    ..settings
                },
                self.mode,
                self.seed,
            ),
            Action::SetMode(mode) => self.attempt(settings, mode, self.seed),
        };
        Rc::new(next)
    }
}
