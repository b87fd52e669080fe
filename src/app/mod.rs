//! The page. Its plain-Rust parts are compiled on every target, so their tests run natively
//! and dead code in them shows: the reducer (`state`), what the views are handed about the
//! board (`analysis`), what the board picker offers, what the fingers do on the board
//! (`gestures`), the kept boards' model (`saved`), the page's words in every language and the
//! build guide worded in them, and what the page and its workers say to each other
//! (`protocol`). The Yew front end (function components, one a file, and the
//! workers' browser plumbing) is built for wasm32 only; no game logic lives there, it all
//! comes from the engine.

pub mod analysis;
pub mod board_picker;
pub mod build_guide;
pub mod chance_words;
pub mod gestures;
pub mod guide_text;
pub mod guide_words;
pub mod names;
pub mod protocol;
pub mod saved;
pub mod state;
pub mod words;

#[cfg(target_arch = "wasm32")]
mod board_view;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod guide_panel;
#[cfg(target_arch = "wasm32")]
mod language;
#[cfg(target_arch = "wasm32")]
mod language_switch;
#[cfg(target_arch = "wasm32")]
mod mode_panel;
#[cfg(target_arch = "wasm32")]
mod overlay_panel;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod play_worker;
#[cfg(target_arch = "wasm32")]
mod qr_code;
#[cfg(target_arch = "wasm32")]
mod rule_panel;
#[cfg(target_arch = "wasm32")]
mod saved_panel;
#[cfg(target_arch = "wasm32")]
mod score_panel;
#[cfg(target_arch = "wasm32")]
mod search_worker;
#[cfg(target_arch = "wasm32")]
mod seat_chances;
#[cfg(target_arch = "wasm32")]
mod seats_panel;
#[cfg(target_arch = "wasm32")]
mod seed_entry;
#[cfg(target_arch = "wasm32")]
mod setup_panel;
#[cfg(target_arch = "wasm32")]
mod tabs;
#[cfg(target_arch = "wasm32")]
mod theme_switch;
#[cfg(target_arch = "wasm32")]
mod toolbar;
#[cfg(target_arch = "wasm32")]
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub use page::start;
