//! The board on the table while the table enters it, on the page's side: the taps so far
//! and the screen the play worker last wrote for them (`app::entry` replays the taps and
//! writes the screen; the page only keeps and sends them, so neither the entry's rules nor
//! its words are in the first visit's download). The taps are kept on the device too
//! ([`Entering::kept`]), so a reload comes back to the entry.

use std::rc::Rc;

use hexfair::catalogue::LayoutId;
use hexfair::share;

use super::{Action, Message, Notice, State};
use crate::app::protocol::play::{EntryRequest, TYPED_TAP};

/// What the table does with the board it enters.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryAction {
    /// An empty frame of this layout to enter.
    Begin(LayoutId),
    /// The entry kept on the device, as [`Entering::kept`] gave it (a reload came
    /// mid-entry).
    Resume(String),
    /// A target of the screen tapped: its code (`data-tap`), and the numbers typed for the
    /// spiral as the screen holds them, if it shows the box for them.
    Tap { tap: String, typed: Option<String> },
    /// Back to the board on screen; the entry is dropped.
    Leave,
    /// The whole board entered becomes the board on screen.
    Show,
}

/// The board on the table, being entered.
#[derive(Clone, Debug, PartialEq)]
pub struct Entering {
    /// The entry as the device keeps it: the layout's name, then each tap's code, a line
    /// each, oldest first (what the worker replays).
    kept: String,
    /// The numbers typed for the spiral as last sent.
    typed: String,
    /// The request for these taps, and whether it asks to show the board.
    asked: u64,
    show: bool,
    /// The screen the worker last wrote, and the request it answered.
    pub screen: Option<Rc<str>>,
    answered: Option<u64>,
}

impl Entering {
    /// An entry kept on the device (or an empty one, a layout's name alone), as it is: the
    /// worker reads it, passes over taps that name no move, and says so if its first line
    /// names no board (the page has no need to know).
    fn new(kept: String, asked: u64) -> Entering {
        Entering {
            kept,
            typed: String::new(),
            asked,
            show: false,
            screen: None,
            answered: None,
        }
    }

    /// Whether the screen shown is older than the last tap (the worker has not answered it
    /// yet).
    pub fn waiting(&self) -> bool {
        self.answered != Some(self.asked)
    }

    /// The request for the newest taps.
    pub fn asked(&self) -> u64 {
        self.asked
    }

    /// The entry as the device keeps it.
    pub fn kept(&self) -> &str {
        &self.kept
    }

    /// This entry with `tap`, and before it the numbers typed if they changed since they
    /// were last sent.
    fn tapped(mut self, tap: &str, typed: Option<String>) -> Entering {
        if let Some(typed) = typed.filter(|t| *t != self.typed) {
            self.kept.push('\n');
            self.kept.push_str(TYPED_TAP);
            self.kept.push_str(&typed);
            self.typed = typed;
        }
        self.kept.push('\n');
        self.kept.push_str(tap);
        self
    }
}

impl State {
    /// The board on the table: its entry begun, resumed, tapped, shown or left. Each change
    /// is a new request to the play worker, which answers with the screen (or the board).
    pub(super) fn entered(mut self, action: EntryAction) -> State {
        let asked = self.next_id;
        self.next_id += 1;
        self.entering = match (action, self.entering.take()) {
            (EntryAction::Begin(layout), _) => {
                Some(Entering::new(layout.name().to_string(), asked))
            }
            (EntryAction::Resume(kept), _) if !kept.is_empty() => Some(Entering::new(kept, asked)),
            (EntryAction::Resume(_) | EntryAction::Leave, _) | (_, None) => None,
            (EntryAction::Tap { tap, typed }, Some(entering)) => Some(Entering {
                asked,
                show: false,
                ..entering.tapped(&tap, typed)
            }),
            (EntryAction::Show, Some(entering)) => Some(Entering {
                asked,
                show: true,
                ..entering
            }),
        };
        self
    }

    /// The entry the page wants written now, if one is under way and the worker works: every
    /// tap, with what the worker needs to word the screen and to link the board shown.
    pub fn entry_request(&self) -> Option<EntryRequest> {
        let entering = self.entering.as_ref()?;
        if self.player_failed.is_some() {
            return None;
        }
        Some(EntryRequest {
            id: entering.asked,
            kept: entering.kept.clone(),
            show: entering.show,
            link: self.query(),
            seed: self.next_seed,
            turns: self.turns,
            lang: self.words.lang.code().to_string(),
            words: self.words.joined(),
        })
    }

    /// The worker wrote entry `id`: the screen for the newest taps, or, with a token, the
    /// board shown (it is then the board on screen, as a link to it would show it, with the
    /// notice naming the rules it breaks). Answers to older taps change nothing.
    pub(super) fn entry_written(self, id: u64, text: String, token: Option<String>) -> State {
        let Some(entering) = self.entering.clone().filter(|e| e.asked == id) else {
            return self;
        };
        let Some(token) = token else {
            return State {
                entering: Some(Entering {
                    screen: Some(text.into()),
                    answered: Some(id),
                    show: false,
                    ..entering
                }),
                ..self
            };
        };
        let left = State {
            entering: None,
            ..self
        };
        match share::decode_token(&token) {
            Ok(link) => State {
                notice: Some(Notice::Said(text)),
                ..left.then(Action::Open(link))
            },
            Err(error) => State {
                message: Some(Message::BadLink(error)),
                ..left
            },
        }
    }
}
