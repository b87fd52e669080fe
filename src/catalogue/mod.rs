//! The catalogue of boards: each board is one description file under `boards/<family>/`
//! (the `.board` format: frame, zones, bags, harbours, robber and pirate, start zones,
//! constraints and printed pieces), parsed and compiled into a [`Layout`] at first use.
//! Adding a board means adding its file to `catalogue.rs`'s list, and a link code in `share`.

mod compile;
mod constraint;
mod description;
mod layout;
mod parse;
mod store;

pub use constraint::Constraint;
pub use description::*;
pub use layout::*;
pub use parse::BoardError;
pub use store::add_board;

/// The layout of the board named `name` (its unique name, e.g. `new-shores-4`).
pub fn board(name: &str) -> Option<&'static Layout> {
    LayoutId::parse(name).map(Layout::get)
}
