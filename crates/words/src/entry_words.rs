//! The entry screen's sentences in every language (the screen on which a table enters the
//! board it laid out itself): a table of the same kind as the page's words ([`Table`],
//! `table.rs`) over its own keys, [`EntryKey`]. English is compiled in
//! (`entry_words/english.rs`); German, Spanish and French are `crates/words/entry/LANG.json`,
//! which no page fetches: the play worker carries them and words the screen, as it words the
//! build guide (`guide_words.rs`), so neither the sentences nor the code that says them are
//! in the first visit's download (docs/download.md).
//!
//! How to add a sentence: a line in `entry_words/english.rs` and the same key, at the same
//! place, in each `entry/*.json` (the tests hold every file to the English table's keys, order
//! and slots).

mod english;

pub use english::EntryKey;

use crate::table::{from_file, Lang, Table};

/// The entry screen's sentences in one language.
pub type EntryWords = Table<EntryKey>;

/// The text of `lang`'s entry file, or `None` for English, which is compiled in.
pub fn entry_file(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::De => Some(include_str!("../entry/de.json")),
        Lang::Es => Some(include_str!("../entry/es.json")),
        Lang::Fr => Some(include_str!("../entry/fr.json")),
    }
}

/// The table in `lang`, its file read by serde_json (the play worker reads the same file with
/// the browser's JSON).
pub fn entry_words(lang: Lang) -> Result<EntryWords, String> {
    from_file(lang, entry_file(lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::checks::{english_is_whole, every_language_has_every_key};

    #[test]
    fn every_language_has_every_entry_key_with_the_english_slots() {
        english_is_whole::<EntryKey>();
        every_language_has_every_key::<EntryKey>("crates/words/entry/{code}");
    }

    #[test]
    fn every_language_reads_as_the_worker_reads_it() {
        for lang in Lang::ALL {
            let words = entry_words(lang).unwrap_or_else(|e| panic!("{}: {e}", lang.code()));
            assert_eq!(words.lang, lang);
            assert!(words.fill(EntryKey::EntryTitle, &[]).contains("{board}"));
        }
        assert_eq!(
            entry_words(Lang::En).unwrap().get(EntryKey::EntryUndo),
            "Undo"
        );
        assert_ne!(
            entry_words(Lang::De).unwrap().get(EntryKey::EntryUndo),
            "Undo",
            "German's own table, not English"
        );
    }
}
