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
pub mod entry;
pub mod gestures;
pub mod guide_text;
pub mod guide_words;
pub mod names;
pub mod protocol;
pub mod saved;
pub mod state;
pub mod words;

/// The board's things in the page's words (the words crate's, shared with the command line).
pub use hexfair_words::picture_words;

/// Declares each module for wasm32 only (what `cfg_if` would, without the crate).
macro_rules! wasm32_only {
    ($($item:item)*) => { $( #[cfg(target_arch = "wasm32")] $item )* };
}

wasm32_only! {
    mod board_view;
    mod browser;
    mod entry_screen;
    mod game_option;
    mod guide_panel;
    mod language;
    mod language_switch;
    mod mode_panel;
    mod overlay_panel;
    mod page;
    mod play_worker;
    mod qr_code;
    mod rule_panel;
    mod saved_panel;
    mod score_panel;
    mod search_worker;
    mod seat_chances;
    mod seats_panel;
    mod seed_entry;
    mod setup_panel;
    mod tabs;
    mod theme_switch;
    mod toolbar;
    pub mod worker;

    pub use page::start;
}
