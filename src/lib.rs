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
// The app's reducer is plain Rust: its tests run natively (what only the view builds, such
// as most actions, is unused here).
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app/state.rs"]
#[allow(dead_code)]
mod app_state;
// So is what the views are handed about the board (spots, draft, fair start, balance).
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app/analysis.rs"]
#[allow(dead_code)]
mod app_analysis;
// So are the words of the Seats tab's chances.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app/chance_words.rs"]
#[allow(dead_code)]
mod app_chance_words;
// So is what the board picker offers.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app/board_picker.rs"]
#[allow(dead_code)]
mod app_board_picker;
// So is what the fingers do on the board (tap, double-tap, pan, pinch).
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app/board_view/gestures.rs"]
#[allow(dead_code)]
mod app_gestures;
// The kept boards' model (saved boards, history) is plain Rust too.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "app/saved.rs"]
#[allow(dead_code)]
mod app_saved;
