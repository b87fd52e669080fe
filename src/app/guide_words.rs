//! The build guide's sentences (`hexfair_words::guide_words`) as the play worker reads them:
//! English is compiled in; German, Spanish and French are the words crate's files, compiled
//! into the worker and read by the browser's own JSON there, in order, as the page reads its
//! tables (`language::read_table`). The guide is worded in the worker (`guide_text.rs`), not
//! in the page: neither its sentences nor its code are in the first visit's download
//! (docs/download.md, docs/guide.md).

pub use hexfair_words::guide_words::{GuideKey, GuideWords};

#[cfg(target_arch = "wasm32")]
use hexfair_words::guide_words::guide_file;
#[cfg(target_arch = "wasm32")]
use hexfair_words::table::Lang;

/// The guide's table in `lang`, or why it could not be read (a broken build: the words
/// crate's tests read every file). The worker carries no JSON parser of its own.
#[cfg(target_arch = "wasm32")]
pub fn guide_words(lang: Lang) -> Result<GuideWords, String> {
    let Some(json) = guide_file(lang) else {
        return Ok(GuideWords::english());
    };
    let table = js_sys::JSON::parse(json).map_err(|_| "it is not JSON".to_string())?;
    super::language::read_table(lang, &table)
}

/// Natively (the tests), the words crate reads the same files with serde_json.
#[cfg(not(target_arch = "wasm32"))]
pub use hexfair_words::guide_words::guide_words;
