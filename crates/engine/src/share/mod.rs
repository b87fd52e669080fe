//! The link codec: a board and its settings <-> a short token in the URL.
//!
//! Two link formats, each named by its version so old links keep working:
//! - v1, seed links: `?v=1&layout=base&seed=123&rules=no-adjacent-red`. They name the
//!   settings and the seed; the generator rebuilds the board from them.
//! - v2 and v3, board tokens: `?b=3...`. The token carries the board itself (every cell's
//!   terrain and token, every harbour) plus the settings and seed, so a shared link shows
//!   exactly that board even after the generator changes. The payload is one mixed-radix
//!   number (each choice written in the radix of what was left to choose from), sent as
//!   base64url, ending in a check so a tampered token is refused rather than misread.
//!   v3, written today, names its rules by frozen codes and ends in a 24-bit check; v2
//!   (rules as flags in a frozen order, a 12-bit checksum) is still read.
//!
//! Layouts, rules, placements and modes are written as codes from the frozen tables (`codes`),
//! never as positions in an enum, so adding a rule or a layout changes no existing link.
//!
//! Decoding never panics and costs little whatever it is given (the token's length is
//! capped first). A token is read only in its one canonical spelling, and the board it
//! carries must fit its layout and the settings it claims ([`conform`]): a token whose check
//! is right but whose board could not have come from this app is refused too.

mod codes;
pub mod conform;
pub mod qr;
mod query;
mod radix;
mod token;

use crate::balance::search::Mode;
use crate::board::Board;
use crate::catalogue::LayoutId;
use crate::generate::Settings;
use crate::rules::RuleError;
pub use conform::{Bag, Piece, Problem};

pub use query::{decode, encode, encode_seated, encode_seed_link};
use token::kinds;
pub use token::{board_token, board_token_seated, decode_board, decode_token, MAX_TOKEN_LEN};

/// A board as a link names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub settings: Settings,
    /// What Regenerate searches for next (seed links predate modes: random).
    pub mode: Mode,
    pub seed: u64,
    /// The board itself (v2 tokens); `None` for a seed link, which the generator rebuilds.
    pub board: Option<Board>,
    /// The players at the table, for the snake draft and the fair start: the layout's most
    /// (4, or 6) unless the token says otherwise (tokens before seats mean the most).
    pub seats: usize,
}

impl Link {
    /// What a player opening this link should know about its board: a legacy board says
    /// that it is kept as it was (e.g. New Shores with the harbours from before the
    /// correction) and which board to pick for the printed one.
    pub fn notice(&self) -> Option<&'static str> {
        self.settings.layout.notice()
    }
}

/// Why a link could not be read: data the faces put in their own words (the command line's
/// English, the page's languages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// `?b=` with no token after it.
    NoToken,
    /// The token's last character holds more than its board (the token is cut short, or
    /// was changed, at its end).
    CutShort,
    /// The seed is larger than the largest there is, [`u64::MAX`].
    SeedTooLarge,
    /// A rule this version does not know, named as the link names it.
    UnknownRule(String),
    /// A rule this version knows, named as the link names it, with a value it cannot take.
    RuleValue { rule: String, error: RuleError },
    /// Something this version does not know: the link may come from a newer Hexfair (or be
    /// damaged where that code stands).
    Unknown(Unknown),
    /// Anything else: the link was changed, cut or damaged.
    Damaged(Damage),
}

/// What a link names that this version does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// A board token's version (its first character).
    TokenVersion(char),
    /// A seed link's version (`v=`).
    LinkVersion(String),
    /// A layout code in a board token.
    LayoutCode,
    /// A layout named in a seed link.
    LayoutName(String),
    /// A number placement code in a board token.
    NumberCode,
    /// A number placement named in a seed link.
    NumberName(String),
    /// A rule code in a board token.
    RuleCode,
    /// A table preset code.
    Preset,
    /// A game code.
    Game,
    /// A setting code among a token's extra settings.
    Setting,
}

/// Where a link is damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// The query is far longer than any link.
    QueryTooLong,
    /// The token is longer than any board token.
    TokenTooLong,
    /// Characters that are not base64url.
    Characters,
    /// Characters past the end of its board.
    PastEnd,
    /// Its check does not match: changed or cut short.
    Check,
    /// More than a board token holds after its check.
    LongerThanToken,
    /// A value out of its range where the token is read.
    Value,
    /// A seed link without a version.
    NoVersion,
    /// A seed link without a seed.
    NoSeed,
    /// A seed that is not a whole number.
    SeedNotWhole,
    /// Extra settings announced but none held.
    EmptyParts,
    /// Extra settings out of order.
    PartsOutOfOrder,
    /// The usual number of seats spelt out (one board, one spelling).
    UsualSeatsSpelled,
    /// The base game spelt out.
    BaseGameSpelled,
    /// Rules out of order.
    RulesOutOfOrder,
    /// A table preset beside another mode.
    PresetBesideMode,
    /// More harbours than the layout.
    TooManyHarbours,
    /// A harbour kind out of range.
    HarbourKind,
    /// A harbour that faces nothing.
    HarbourFacesNothing,
    /// A harbour off the coast.
    HarbourOffCoast,
    /// A reader asked for a board of a link that carries none.
    NoBoard,
    /// A board Hexfair would not make: the first problem, and whether there are more.
    Board { first: Problem, more: bool },
}

/// The seat count a link means when it names none: the layout's most.
pub fn usual_seats(layout: LayoutId) -> usize {
    *layout.seats().end()
}

#[cfg(test)]
mod tests;
