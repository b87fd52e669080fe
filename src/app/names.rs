//! What the page says of its own state (refused searches, a worker stopped, kept boards,
//! messages and notices) in its words, with the engine's things named as the words crate
//! names them for the page and the command line alike (`hexfair_words::names`, re-exported).

pub use hexfair_words::names::*;

use super::protocol::relay::{Stopped, PATIENCE_MS};
use super::protocol::search::Refusal;
use super::saved::{self, Refused};
use super::state::{Message, Notice};
use super::words::{Key, Words};

/// Why a search brought no board, as a sentence; `locked`: it kept locked hexes.
pub fn refusal(words: &Words, refusal: &Refusal, locked: bool) -> String {
    let said = refusal_reason(words, refusal);
    let key = if locked {
        Key::UnchangedLocked
    } else {
        Key::Unchanged
    };
    words.fill(key, &[("why", &said)])
}

/// Why a search brought no board, without what that leaves on screen.
fn refusal_reason(words: &Words, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Infeasible { layout, conflict } => no_board(words, *layout, conflict),
        Refusal::GaveUp {
            layout,
            rules,
            locked,
            positions,
        } => gave_up(words, *layout, rules, *locked, *positions),
        Refusal::Other(why) => words.fill(Key::SearchFailed, &[("why", why)]),
    }
}

/// Why searches now run on the page: "The background search stopped working (it could not
/// be loaded); searching on this page instead."
pub fn fell_back(words: &Words, why: &Stopped) -> String {
    let seconds = (PATIENCE_MS / 1000.0) as u32;
    let why = match why {
        Stopped::NotLoaded => words.get(Key::StoppedNotLoaded).to_string(),
        Stopped::NotStarted => words.get(Key::StoppedNotStarted).to_string(),
        Stopped::NotReceived => words.get(Key::StoppedNotReceived).to_string(),
        Stopped::Unreadable => words.get(Key::StoppedUnreadable).to_string(),
        Stopped::DidNotStart => words.fill(Key::StoppedDidNotStart, &[("seconds", &seconds)]),
        Stopped::DidNotAnswer => words.fill(Key::StoppedDidNotAnswer, &[("seconds", &seconds)]),
        Stopped::Misread(said) => words.fill(Key::StoppedMisread, &[("why", said)]),
        Stopped::Failed(said) => words.fill(Key::StoppedFailed, &[("why", said)]),
    };
    words.fill(Key::FellBack, &[("why", &why)])
}

/// Why the saved boards' panel did not save or open a board, as a sentence.
pub fn refused(words: &Words, refused: &Refused) -> String {
    match refused {
        Refused::Full => words.fill(Key::SavedFull, &[("most", &saved::MAX_SAVED)]),
        Refused::NoLongerSaved => words.get(Key::NoLongerSaved).to_string(),
        Refused::NoName => words.get(Key::NameMissing).to_string(),
        Refused::NameTooLong(count) => words.fill(
            Key::NameTooLong,
            &[("most", &saved::MAX_NAME_CHARS), ("count", count)],
        ),
        Refused::NoBoard => words.get(Key::KeptNoBoard).to_string(),
        Refused::Unreadable(why) => {
            words.fill(Key::KeptBroken, &[("why", &link_fault(words, why))])
        }
    }
}

/// A kept board in a few words for its line in a list: board, seed and balance mode.
pub fn kept_board(words: &Words, query: &str) -> String {
    match saved::open(query) {
        Ok(link) => words.fill(
            Key::KeptAbout,
            &[
                ("board", &board_title(words, link.settings.layout)),
                ("seed", &link.seed),
                ("mode", &mode_words(words, link.mode).0),
            ],
        ),
        Err(_) => words.get(Key::KeptUnknown).to_string(),
    }
}

/// Why the last request did not change the board, as a sentence.
pub fn message(words: &Words, message: &Message) -> String {
    match message {
        Message::Refused {
            refusal: why,
            locked,
        } => refusal(words, why, *locked),
        Message::Unmet { refusal, .. } => {
            words.fill(Key::StandsIn, &[("why", &refusal_reason(words, refusal))])
        }
        Message::NotASeed(text) => words.fill(Key::NotASeed, &[("text", text)]),
        Message::NoSeedTyped => words.get(Key::NoSeedTyped).to_string(),
        Message::SeedTooLarge(text) => words.fill(
            Key::SeedTooLarge,
            &[("text", text), ("largest", &grouped(words, u64::MAX))],
        ),
        Message::SeatsNotFor { layout, seats } => {
            let range = layout.seats();
            words.fill(
                Key::SeatsNotFor,
                &[
                    ("board", &board_title(words, *layout)),
                    ("low", range.start()),
                    ("high", range.end()),
                    ("seats", seats),
                ],
            )
        }
        Message::BadLink(error) => words.fill(Key::BadLink, &[("why", &link_fault(words, error))]),
    }
}

/// A passing word for the person, as a sentence.
pub fn notice(words: &Words, notice: &Notice) -> String {
    match notice {
        Notice::Said(text) => text.clone(),
        Notice::OldLink(layout) => legacy_notice(words, *layout).unwrap_or_default(),
        Notice::SeedPlayed {
            seed,
            layout,
            mode,
            rules,
            spiral,
            dropped_locks,
        } => {
            let rules = match rules {
                0 => words.get(Key::RulesNone).to_string(),
                n => words.counted(*n, Key::RulesOne, Key::RulesMany),
            };
            let mode = words.fill(Key::Quoted, &[("text", &mode_words(words, *mode).0)]);
            let key = if *spiral {
                Key::SeedPlayedSpiral
            } else {
                Key::SeedPlayed
            };
            let played = words.fill(
                key,
                &[
                    ("seed", seed),
                    ("board", &board_title(words, *layout)),
                    ("mode", &mode),
                    ("rules", &rules),
                ],
            );
            match dropped_locks {
                0 => played,
                1 => format!("{played} {}", words.get(Key::LocksLeftOutOne)),
                _ => format!("{played} {}", words.get(Key::LocksLeftOutMany)),
            }
        }
    }
}

#[cfg(test)]
mod tests;
