//! Hexfair's page: the Yew app, its search and play workers and the page's words, on the
//! engine (`hexfair`, crates/engine). Its plain-Rust parts (the reducer, the protocols, the
//! words) build and are tested on every target; its Yew front end is for wasm32 only.

pub mod app;
