//! The play worker's tables as it reads them, the build guide's sentences
//! (`hexfair_words::guide_words`) and the entry screen's (`hexfair_words::entry_words`):
//! English is compiled in; German, Spanish and French are the words crate's files, compiled
//! into the worker and read by the browser's own JSON there, in order, as the page reads its
//! tables (`language::read_table`). The guide and the entry screen are worded in the worker
//! (`guide_text.rs`, `entry/`), not in the page: neither their sentences nor their code are
//! in the first visit's download (docs/download.md, docs/guide.md).

pub use hexfair_words::guide_words::{GuideKey, GuideWords};

use hexfair_words::guide_words::guide_file;
use hexfair_words::table::Lang;
#[cfg(target_arch = "wasm32")]
use hexfair_words::table::{Table, TableKey};

/// The guide's table in `lang`, or why it could not be read (a broken build: the words
/// crate's tests read every file).
pub fn guide_words(lang: Lang) -> Result<GuideWords, String> {
    worker_table(lang, guide_file(lang))
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
