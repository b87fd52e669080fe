//! The board on the table while the table enters it, on the page's side: the taps so far
//! and the screen the play worker last wrote for them (`app::entry` replays the taps and
//! writes the screen; the page only keeps and sends them, so neither the entry's rules nor
//! its words are in the first visit's download). The taps are kept on the device too
//! ([`Entering::kept`]), so a reload comes back to the entry.

use std::rc::Rc;

use hexfair::catalogue::LayoutId;
use hexfair::share;

use super::{Action, Message, Notice, Settings, State};
use crate::app::protocol::play::{EntryRequest, WrittenEntry, TYPED_TAP};

/// What the table does with the board it enters.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryAction {
    /// An empty frame of this layout to enter.
    Begin(LayoutId),
    /// The entry kept on the device, as [`Entering::kept`] wrote it (a reload came
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
    pub layout: LayoutId,
    /// Each tap's code, oldest first.
    taps: Vec<String>,
    /// The request for these taps, and whether it asks to show the board.
    asked: u64,
    show: bool,
    /// The screen the worker last wrote, and the request it answered.
    pub screen: Option<Rc<str>>,
    answered: Option<u64>,
}

impl Entering {
    fn new(layout: LayoutId, taps: Vec<String>, asked: u64) -> Entering {
        Entering {
            layout,
            taps,
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

    /// The entry as the device keeps it: the layout's name, then each tap, a line each.
    pub fn kept(&self) -> String {
        std::iter::once(self.layout.name())
            .chain(self.taps.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// An entry kept on the device, read back: `None` if its first line names no layout.
    /// Taps that name no move are the worker's to pass over.
    fn read(kept: &str) -> Option<(LayoutId, Vec<String>)> {
        let mut lines = kept.lines();
        let layout = LayoutId::parse(lines.next()?)?;
        Some((layout, lines.map(str::to_string).collect()))
    }

    /// This entry with `tap`, and before it the numbers typed if they changed since they
    /// were last sent.
    fn tapped(mut self, tap: String, typed: Option<String>) -> Entering {
        if let Some(typed) = typed {
            let last = self
                .taps
                .iter()
                .rev()
                .find_map(|t| t.strip_prefix(TYPED_TAP))
                .unwrap_or("");
            if typed != last {
                self.taps.push(format!("{TYPED_TAP}{typed}"));
            }
        }
        self.taps.push(tap);
        self
    }
}

impl State {
    /// The board on the table: its entry begun, resumed, tapped, shown or left. Each change
    /// is a new request to the play worker, which answers with the screen (or the board).
    pub(super) fn entered(mut self, action: EntryAction) -> State {
        let asked = self.next_id;
        let next = match (action, self.entering.take()) {
            (EntryAction::Begin(layout), _) => Some(Entering::new(layout, Vec::new(), asked)),
            (EntryAction::Resume(kept), _) => {
                Entering::read(&kept).map(|(layout, taps)| Entering::new(layout, taps, asked))
            }
            (EntryAction::Leave, _) | (_, None) => None,
            (EntryAction::Tap { tap, typed }, Some(entering)) => Some(Entering {
                asked,
                show: false,
                ..entering.tapped(tap, typed)
            }),
            (EntryAction::Show, Some(entering)) => Some(Entering {
                asked,
                show: true,
                ..entering
            }),
        };
        self.next_id += 1;
        self.entering = next;
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
            settings: Settings {
                layout: entering.layout,
                ..self.settings().clone()
            },
            mode: self.now.mode,
            seed: self.next_seed,
            players: self.seats(),
            taps: entering.taps.clone(),
            show: entering.show,
            turns: self.turns,
            lang: self.words.lang.code().to_string(),
            words: self.words.joined(),
        })
    }

    /// The worker wrote entry `id`: the screen for the newest taps, or the board shown (it is
    /// then the board on screen, as a link to it would show it, with the notice naming the
    /// rules it breaks), or why there is no entry. Answers to older taps change nothing.
    pub(super) fn entry_written(self, id: u64, written: WrittenEntry) -> State {
        let Some(entering) = self.entering.clone().filter(|e| e.asked == id) else {
            return self;
        };
        match written {
            WrittenEntry::Screen(screen) => State {
                entering: Some(Entering {
                    screen: Some(screen.into()),
                    answered: Some(id),
                    show: false,
                    ..entering
                }),
                ..self
            },
            WrittenEntry::Shown(token, notice) => match share::decode_token(&token) {
                Ok(link) => {
                    let mut shown = State {
                        entering: None,
                        ..self
                    }
                    .then(Action::Open(link));
                    shown.notice = Some(Notice::Said(notice));
                    shown
                }
                Err(error) => State {
                    entering: None,
                    message: Some(Message::BadLink(error)),
                    ..self
                },
            },
            WrittenEntry::Closed(why) => State {
                entering: None,
                notice: Some(Notice::Said(why)),
                ..self
            },
        }
    }
}
