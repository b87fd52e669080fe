//! Hexfair: a Catan board generator. The engine (everything but `app`) is plain data and
//! functions with no UI or browser dependency; `app` is the page: its plain-Rust parts (the
//! reducer, the words) on every target, its Yew front end for wasm32 only.

pub mod app;
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
pub mod rules;
pub mod share;
