//! The app's state and the one reducer that changes it. Data flows one way: an action asks
//! for settings, a mode and a seed; the search worker turns them into a board (the reducer
//! only records the request, so no search runs in it); the answer arrives as an action; the
//! view draws the board and its score.
//!
//! Plain Rust apart from the `Reducible` glue, so its tests run natively (`src/lib.rs`
//! compiles this file on its own for them).

#[cfg(target_arch = "wasm32")]
use std::rc::Rc;

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

/// A search under way: what was asked for. The controls show it at once; the board follows
/// when the worker answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub id: u64,
    pub settings: Settings,
    pub mode: Mode,
    pub seed: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub now: Shown,
    /// The search under way, if any.
    pub pending: Option<Pending>,
    next_id: u64,
    /// Earlier boards, oldest first, at most [`HISTORY`].
    pub history: Vec<Shown>,
    /// Why the last request did not change the board, in words (rules that conflict, a
    /// link that could not be read).
    pub message: Option<String>,
    /// A passing word for the person (a link was copied).
    pub notice: Option<String>,
    /// Why searches run on the page rather than in the background, in words; it stays, as
    /// every later search is slower for it.
    pub fallback: Option<String>,
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
    /// Shows the board a link names (a kept board), as if a search had just found it; a seed
    /// link is searched for.
    Open(Link),
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
    /// The background search stopped working: searches now run on the page (why, in words).
    FellBack(String),
    /// The worker's answer to request `id`: the board, or why there is none.
    Answer {
        id: u64,
        result: Result<Board, String>,
    },
}

/// The table's defaults: the base board, balanced, 6 and 8 apart.
pub const DEFAULT_MODE: Mode = Mode::Balanced;

impl State {
    fn showing(now: Shown, message: Option<String>) -> State {
        State {
            now,
            pending: None,
            next_id: 1,
            history: Vec::new(),
            message,
            notice: None,
            fallback: None,
            turns: 0,
            overlay: Overlay::None,
            selected_corner: None,
        }
    }

    /// The state for a link from the URL, or a fresh board when there is none or it is bad.
    /// A board token needs no search. The default settings are searched here (a few
    /// milliseconds: their rules never need the exact solver); a seed link's settings may
    /// need long searches, so it shows a quick board and asks the worker for its own.
    pub fn from_link(link: Result<Option<Link>, LinkError>, fresh_seed: u64) -> State {
        let quick = |settings: &Settings, mode: Mode, seed: u64, message: Option<String>| {
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
            )
        };
        match link {
            Ok(Some(Link {
                settings,
                mode,
                seed,
                board: Some(board),
            })) => State::showing(
                Shown {
                    settings,
                    mode,
                    seed,
                    board,
                },
                None,
            ),
            Ok(Some(Link {
                settings,
                mode,
                seed,
                board: None,
            })) => {
                quick(&Settings::default(), Mode::Random, seed, None).request(settings, mode, seed)
            }
            Ok(None) => quick(&Settings::default(), DEFAULT_MODE, fresh_seed, None),
            Err(error) => quick(
                &Settings::default(),
                DEFAULT_MODE,
                fresh_seed,
                Some(error.to_string()),
            ),
        }
    }

    /// The query string that reproduces exactly the board on screen.
    pub fn query(&self) -> String {
        share::encode(
            &self.now.settings,
            self.now.mode,
            self.now.seed,
            &self.now.board,
        )
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

    /// Asks for a board; a new request replaces one still under way.
    fn request(&self, settings: Settings, mode: Mode, seed: u64) -> State {
        State {
            pending: Some(Pending {
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

    /// The worker answered `pending`: on success the old board goes to history, on failure
    /// the board stays and the reason shows.
    fn finish(&self, pending: &Pending, result: Result<Board, String>) -> State {
        match result {
            Ok(board) => {
                let mut history = self.history.clone();
                history.push(self.now.clone());
                if history.len() > HISTORY {
                    history.remove(0);
                }
                State {
                    now: Shown {
                        settings: pending.settings.clone(),
                        mode: pending.mode,
                        seed: pending.seed,
                        board,
                    },
                    pending: None,
                    history,
                    message: None,
                    selected_corner: None,
                    ..self.clone()
                }
            }
            Err(error) => {
                let locked = if pending.settings.locks.is_empty() {
                    ""
                } else {
                    " with the locked hexes"
                };
                State {
                    pending: None,
                    message: Some(format!(
                        "{error}{locked}. The board on screen is unchanged."
                    )),
                    ..self.clone()
                }
            }
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
        // New requests build on what was last asked for, so quick taps add up.
        let settings = self.settings().clone();
        let mode = self.mode();
        let seed = self.pending.as_ref().map_or(self.now.seed, |p| p.seed);
        match action {
            Action::Regenerate(seed) => {
                // Locks belong to the board on screen.
                let settings = Settings {
                    locks: self.now.settings.locks.clone(),
                    ..settings
                };
                self.request(settings, mode, seed)
            }
            Action::Back => {
                let mut state = self.clone();
                if let Some(previous) = state.history.pop() {
                    state.now = previous;
                    state.pending = None;
                    state.message = None;
                    state.selected_corner = None;
                }
                state
            }
            Action::Open(link) => {
                let asked = Pending {
                    id: self.next_id,
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                };
                match link.board {
                    Some(board) => self.finish(&asked, Ok(board)),
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
                let numbers = if crate::layout::Layout::get(layout).has_spiral() {
                    settings.numbers
                } else {
                    NumberMode::Random
                };
                self.request(
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
                state
            }
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
                notice: Some(text),
                ..self.clone()
            },
            Action::FellBack(why) => State {
                fallback: Some(why),
                ..self.clone()
            },
            Action::Answer { id, result } => match &self.pending {
                Some(pending) if pending.id == id => self.finish(pending, result),
                // An answer to a request since replaced: ignore it.
                _ => self.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::generate;

    fn fresh() -> State {
        State::from_link(Ok(None), 11)
    }

    fn board(seed: u64) -> Board {
        generate(&Settings::default(), seed).unwrap()
    }

    fn pending_id(state: &State) -> u64 {
        state.pending.as_ref().expect("a search under way").id
    }

    #[test]
    fn the_newest_request_wins_and_answers_to_older_ones_are_ignored() {
        let start = fresh();
        assert_eq!(start.pending, None);
        let first = start.after(Action::Regenerate(5));
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
        for stale in [Ok(board(1)), Err("too late".to_string())] {
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
        assert_eq!(done.history.len(), 1);
        assert_eq!(done.history[0], start.now);
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
            failed.message.as_deref(),
            Some("no base board can satisfy rule max-corner-pips=8. The board on screen is unchanged.")
        );
        // Back ends a search too, and its late answer is ignored.
        let asked = failed.after(Action::Regenerate(7));
        let shown = asked.after(Action::Answer {
            id: pending_id(&asked),
            result: Ok(board(7)),
        });
        let asked = shown.after(Action::Regenerate(8));
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
        let asked = start.after(Action::Regenerate(5));
        let settings = Settings::default();
        let query = share::encode(&settings, Mode::Unbalanced, 42, &board(42));
        let link = share::decode(&query).unwrap().unwrap();
        let opened = asked.after(Action::Open(link));
        assert_eq!(opened.pending, None);
        assert_eq!(opened.query(), query, "exactly the board of the link");
        assert_eq!(
            opened.history.last(),
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
    fn a_fall_back_is_told_while_the_search_goes_on_and_stays_after_it() {
        let asked = fresh().after(Action::Regenerate(9));
        let why = "The background search stopped working (it could not be loaded); searching on \
                   this page instead.";
        let fell = asked.after(Action::FellBack(why.into()));
        assert_eq!(
            fell.pending, asked.pending,
            "still searching, on the page now"
        );
        assert_eq!(fell.fallback.as_deref(), Some(why));
        let done = fell.after(Action::Answer {
            id: pending_id(&asked),
            result: Ok(board(6)),
        });
        assert_eq!(done.pending, None);
        assert_eq!(done.now.board, board(6));
        assert_eq!(
            done.fallback.as_deref(),
            Some(why),
            "later searches are slower too"
        );
    }
}
