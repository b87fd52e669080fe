//! Balance: the five-factor score and its limits, the balanced search, spots and seats.

pub mod score;
pub mod search;
pub mod spots;
