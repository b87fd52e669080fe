//! The build guide's sentences in every language: a table of the same kind as the page's
//! words ([`Table`], `words.rs`) over its own keys, [`GuideKey`]. English is compiled in
//! (`guide_words/english.rs`); German, Spanish and French are `guide_words/LANG.json`
//! (beside the English, not in `lang/`: no page fetches them), compiled into the play worker and read by the browser's own JSON there, in order, as the
//! page reads its tables (`language::read_table`). The guide is worded in the worker
//! (`guide_text.rs`), not in the page: neither its sentences nor its code are in the first
//! visit's download (docs/download.md, docs/guide.md). The page's own names of the board,
//! terrain, harbours and pieces come with each request, so the guide names them as the page
//! does.
//!
//! How to add a sentence: a line in `guide_words/english.rs` and the same key, at the same
//! place, in each `guide_words/*.json` (the tests hold every file to the English table's keys,
//! order and slots).

mod english;

pub use english::GuideKey;

use super::words::{Lang, Table};

/// The guide's sentences in one language.
pub type GuideWords = Table<GuideKey>;

/// The guide's table in `lang`, or why it could not be read (a broken build: the tests read
/// every file).
pub fn guide_words(lang: Lang) -> Result<GuideWords, String> {
    let json = match lang {
        Lang::En => return Ok(GuideWords::english()),
        Lang::De => include_str!("guide_words/de.json"),
        Lang::Es => include_str!("guide_words/es.json"),
        Lang::Fr => include_str!("guide_words/fr.json"),
    };
    read_json(lang, json)
}

/// A table from a language file's text, by the browser's JSON: the worker carries no JSON
/// parser of its own.
#[cfg(target_arch = "wasm32")]
fn read_json(lang: Lang, json: &str) -> Result<GuideWords, String> {
    let table = js_sys::JSON::parse(json).map_err(|_| "it is not JSON".to_string())?;
    super::language::read_table(lang, &table)
}

/// A table from a language file's text, natively (the tests), in the file's order as the
/// browser keeps it.
#[cfg(not(target_arch = "wasm32"))]
fn read_json(lang: Lang, json: &str) -> Result<GuideWords, String> {
    let entries = super::words::json_entries(json)?;
    GuideWords::read(lang, entries.into_iter().map(|(_, text)| text)).map_err(|e| e.reason())
}

#[cfg(test)]
mod tests {
    use super::super::words::checks::{english_is_whole, every_language_has_every_key};
    use super::*;

    #[test]
    fn every_language_has_every_guide_key_with_the_english_slots() {
        english_is_whole::<GuideKey>();
        every_language_has_every_key::<GuideKey>("src/app/guide_words/{code}");
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
