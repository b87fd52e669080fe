//! Hexfair's words: the engine's data (boards, terrain, pieces, rules, refusals, the build
//! guide) worded in each of the page's languages from one table a language. The page
//! (`src/app`) and the command line (`crates/cli`) both word with it, so the command line's
//! English is the page's, and the guide is worded once. Plain data and functions: no Yew, no
//! browser, no command line.
//!
//! - [`table`]: the tables' machinery ([`table::Table`], [`table::Lang`]) and the page's keys
//!   with their English ([`table::Key`]); German, Spanish and French are `lang/LANG.json`
//!   beside this crate's sources, which Trunk copies beside the page and the page fetches.
//! - [`guide_words`]: the build guide's sentences, a table of the same kind over its own keys,
//!   with its translations in `guide/LANG.json` (compiled into the play worker, never fetched).
//! - [`names`], [`picture_words`], [`guide_text`]: the engine's data in those words.
//!
//! Every table is here, in one format: English in a `table!` list, each other language a
//! JSON object of the English table's keys in its order.

pub mod entry_words;
pub mod guide_text;
pub mod guide_words;
pub mod names;
pub mod picture_words;
pub mod table;
