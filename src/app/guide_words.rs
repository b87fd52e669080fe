//! The play worker's tables as it reads them, the build guide's sentences
//! (`hexfair_words::guide_words`) and the entry screen's (`hexfair_words::entry_words`):
//! English is compiled in; German, Spanish and French are the words crate's files, compiled
//! into the worker and read by the browser's own JSON there, in order, as the page reads its
//! tables (`language::read_table`). The guide and the entry screen are worded in the worker
//! (`guide_text.rs`, `entry/`), not in the page: neither their sentences nor their code are
//! in the first visit's download (docs/download.md, docs/guide.md).

pub use hexfair_words::guide_words::{GuideKey, GuideWords};

use super::words::{joined_words, Words};
use hexfair_words::guide_words::guide_file;
use hexfair_words::table::Lang;
#[cfg(target_arch = "wasm32")]
use hexfair_words::table::{Table, TableKey};

/// The guide's table in `lang`, or why it could not be read (a broken build: the words
/// crate's tests read every file).
pub fn guide_words(lang: Lang) -> Result<GuideWords, String> {
    worker_table(lang, guide_file(lang))
}

/// The page's words a request to the play worker carries (its language's code and every
/// text, as `words::joined_words` reads them), with the guide's table in that language; or
/// why they cannot be read, in the guide's words (in English when the language itself is
/// unknown). The guide and the entry screen both read their requests so.
pub fn request_words(code: &str, joined: &str) -> Result<(Words, GuideWords), String> {
    let Some(lang) = Lang::parse(code) else {
        return Err(guide_words(Lang::En)?.fill(GuideKey::NoSuchLanguage, &[("code", &code)]));
    };
    let said = guide_words(lang)?;
    let words = joined_words(lang, joined).map_err(|e| {
        said.fill(
            GuideKey::WordsIncomplete,
            &[("texts", &e.texts), ("wanted", &e.wanted)],
        )
    })?;
    Ok((words, said))
}

/// A table of the play worker's in `lang` from its file (`None`: English, compiled in): in
/// the worker read by the browser's own JSON, in order, as the page reads its tables (the
/// worker carries no JSON parser of its own).
#[cfg(target_arch = "wasm32")]
pub fn worker_table<K: TableKey>(lang: Lang, file: Option<&str>) -> Result<Table<K>, String> {
    let Some(json) = file else {
        return Ok(Table::english());
    };
    let table = js_sys::JSON::parse(json).map_err(|_| "it is not JSON".to_string())?;
    super::language::read_table(lang, &table)
}

/// Natively (the tests), the words crate reads the same files with serde_json.
#[cfg(not(target_arch = "wasm32"))]
pub use hexfair_words::table::from_file as worker_table;
