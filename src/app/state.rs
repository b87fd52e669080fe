//! The app's state and the one reducer that changes it. Data flows one way: an action
//! changes the settings or the seed, `generate` turns them into a board, the view draws it.

use std::rc::Rc;

use yew::Reducible;

use crate::board::Board;
use crate::layout::LayoutId;
use crate::rules::Rule;
use crate::share::{self, Link, LinkError};
use crate::solve::{generate, NumberMode, Settings};

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub settings: Settings,
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
}

impl State {
    /// The state for a link from the URL, or a fresh board when there is none or it is bad.
    pub fn from_link(link: Result<Option<Link>, LinkError>, fresh_seed: u64) -> State {
        let fresh = || Link {
            settings: Settings::default(),
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
                seed: link.seed,
                board,
                message,
            };
        }
        match generate(&link.settings, link.seed) {
            Ok(board) => State {
                settings: link.settings,
                seed: link.seed,
                board,
                message,
            },
            Err(error) => {
                let settings = Settings::default();
                let board = generate(&settings, fresh_seed)
                    .expect("the default rules are always satisfiable");
                State {
                    settings,
                    seed: fresh_seed,
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
        share::encode(&self.settings, self.seed, &self.board)
    }

    /// Tries new settings and seed; on failure the board stays and the reason is shown.
    fn attempt(&self, settings: Settings, seed: u64) -> State {
        match generate(&settings, seed) {
            Ok(board) => State {
                settings,
                seed,
                board,
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
            Action::Regenerate(seed) => self.attempt(settings, seed),
            Action::SetRule { rule, on } => {
                let rules = if on {
                    settings.rules.with(rule)
                } else {
                    settings.rules.without(rule)
                };
                self.attempt(Settings { rules, ..settings }, self.seed)
            }
            Action::SetLayout(layout) => self.attempt(Settings { layout, ..settings }, self.seed),
            Action::SetNumbers(numbers) => self.attempt(
                Settings {
                    numbers,
                    ..settings
                },
                self.seed,
            ),
        };
        Rc::new(next)
    }
}
