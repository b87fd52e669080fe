//! What the page says to the person about the last request: facts, put in words by the
//! view (`names::message`, `names::notice`), so they follow the page's language.

use crate::app::protocol::search::Refusal;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::share::LinkError;

/// Why the last request did not change the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// The search brought no board; `locked`: it was asked to keep locked hexes.
    Refused { refusal: Refusal, locked: bool },
    /// No board fits what was asked while the board on screen only stands in for a seed
    /// link's ([`super::Shown::stands_in`]); what was asked is [`super::State::unmet`].
    Unmet { refusal: Refusal },
    /// What was typed (trimmed) is not a seed.
    NotASeed(String),
    /// Nothing was typed in the seed box.
    NoSeedTyped,
    /// What was typed (trimmed) is a whole number larger than the largest seed.
    SeedTooLarge(String),
    /// The layout is not made for this many players.
    SeatsNotFor { layout: LayoutId, seats: usize },
    /// The address's link could not be read.
    BadLink(LinkError),
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

/// The notice a board kept only for old links brings.
pub(super) fn old_link(layout: LayoutId) -> Option<Notice> {
    layout.legacy().then_some(Notice::OldLink(layout))
}
