//! Balance: the score and its limits, the balanced search, table presets, spots and seats.

pub mod presets;
pub mod score;
pub mod search;
pub mod spots;
