//! The build guide's sentences in every language: a table of the same kind as the page's
//! words ([`Table`], `table.rs`) over its own keys, [`GuideKey`]. English is compiled in
//! (`guide_words/english.rs`); German, Spanish and French are `crates/words/guide/LANG.json`,
//! beside the page's tables (`crates/words/lang/`) but not among them: no page fetches them. The page's play worker carries
//! them and reads them with the browser's JSON (`src/app/guide_words.rs`); the command line
//! words the guide in English. The names of the board, terrain, harbours and pieces are the
//! page's table's, so the guide names them as the board on screen does.
//!
//! How to add a sentence: a line in `guide_words/english.rs` and the same key, at the same
//! place, in each `guide/*.json` (the tests hold every file to the English table's keys,
//! order and slots).

mod english;

pub use english::GuideKey;

use crate::table::{from_file, Lang, Table};

/// The guide's sentences in one language.
pub type GuideWords = Table<GuideKey>;

/// The text of `lang`'s guide file, or `None` for English, which is compiled in.
pub fn guide_file(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::De => Some(include_str!("../guide/de.json")),
        Lang::Es => Some(include_str!("../guide/es.json")),
        Lang::Fr => Some(include_str!("../guide/fr.json")),
    }
}

/// The table in `lang`, its file read by serde_json (the play worker reads the same file with
/// the browser's JSON).
pub fn guide_words(lang: Lang) -> Result<GuideWords, String> {
    from_file(lang, guide_file(lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::checks::{english_is_whole, every_language_has_every_key};

    #[test]
    fn every_language_has_every_guide_key_with_the_english_slots() {
        english_is_whole::<GuideKey>();
        every_language_has_every_key::<GuideKey>("crates/words/guide/{code}");
    }

    #[test]
    fn every_language_reads_as_the_worker_reads_it() {
        for lang in Lang::ALL {
            let words = guide_words(lang).unwrap_or_else(|e| panic!("{}: {e}", lang.code()));
            assert_eq!(words.lang, lang);
            assert!(words.fill(GuideKey::Title, &[]).contains("{board}"));
        }
        assert_eq!(
            guide_words(Lang::En).unwrap().get(GuideKey::SideNorthWest),
            "north-west"
        );
        assert_eq!(
            guide_words(Lang::De).unwrap().get(GuideKey::Fog),
            "Nebel",
            "German's own table, not English"
        );
    }
}
