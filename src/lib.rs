//! Hexfair: a Catan board generator. The engine (everything but `app`) is plain data and
//! functions with no UI or browser dependency; `app` is the Yew front end, built for wasm32.

pub mod balance;
pub mod bench;
pub mod board;
pub mod catalogue;
pub mod fixed;
// Boards in bulk on every core (rayon), for the command line: native only.
#[cfg(not(target_arch = "wasm32"))]
pub mod bulk;
// The command line is native only: clap and indicatif stay out of the wasm build.
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[doc(hidden)]
pub mod fuzzing;
pub mod generate;
pub mod geometry;
pub mod guide;
pub mod model;
pub mod order;
pub mod picture;
pub mod play;
pub mod play_protocol;
pub mod rules;
pub mod share;
pub mod worker_protocol;

#[cfg(target_arch = "wasm32")]
pub mod app;
// The app's plain-Rust files, compiled natively for their tests (what only the views use is
// unused here): the reducer, what the views are handed about the board (spots, draft, fair
// start, balance), what the board picker offers, what the fingers do on the board, the kept
// boards' model, the page's words in every language, and the build guide worded in them.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app"]
#[allow(dead_code)]
mod app_native {
    mod analysis;
    mod board_picker;
    mod build_guide;
    mod chance_words;
    #[path = "board_view/gestures.rs"]
    mod gestures;
    mod guide_text;
    mod guide_words;
    mod names;
    mod saved;
    mod state;
    mod words;
}
