//! Balance: the score and its limits, the balanced search, table presets, spots and seats,
//! and the players a table seats (their styles, and how they draft an opening).

pub mod draft;
pub mod players;
pub mod presets;
pub mod score;
pub mod search;
pub mod spots;
pub mod worth;
