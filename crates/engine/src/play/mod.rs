//! The game simulator: the base game of Catan played by bots on a generated board, to see
//! whether a board that is even on paper is even in play.
//!
//! One concept a module: [`table`] is the board as a game reads it (built once a board),
//! [`state`] is everything that changes in a game, [`moves`] lists and applies the legal
//! moves, [`longest_road`] measures roads exactly, [`players`] says who sits at the table
//! (each seat's style, drawn game by game; [`producers`] an opening outside those styles),
//! [`bots`] choose moves, [`game`] runs the turn
//! loop and [`playtest`] plays many games and reports each seat's chances.
//!
//! The rules are the base game's (Catan 5th edition "Game Rules & Almanac", Kosmos /
//! Catan Studio, 2015) for 3 and 4 players, and the "Catan 5-6 Player Extension" rules for 5
//! and 6 (more cards, the special building phase). Players never trade with each other: only
//! with the bank and its harbours. docs/play.md lists what is and is not modelled.
//!
//! Plain Rust and wasm-compatible: no threads, no clock, randomness only from the engine's
//! [`Random`](crate::generate::random::Random) seeded by a u64, so a seed plays the same
//! games natively and in the browser. Nothing allocates once a game has started.

pub mod bots;
pub mod fair;
pub mod fair_start;
pub mod game;
pub mod longest_road;
mod lookahead;
pub mod moves;
pub mod playtest;
pub mod producers;
pub mod race;
pub mod seat_order;
mod spot_worth;
pub mod state;
pub mod table;
#[cfg(test)]
mod tests;

pub use crate::balance::players;
pub use crate::model::bits;
pub use bots::BotKind;
pub use game::{Game, Outcome};
pub use players::TableModel;
pub use playtest::{PlayReport, PlayTest, SeatResult};
pub use table::{OpeningFault, PlayError, Table};
