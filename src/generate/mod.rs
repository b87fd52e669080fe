//! Board generation: random draws, the exact search, conflict naming and mixing.

pub mod conflict;
pub mod moves;
pub mod random;
pub mod solve;
pub mod steps;
