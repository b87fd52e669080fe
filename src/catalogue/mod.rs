//! The catalogue of boards: each board's frame, zones, bags, harbours and constraints.

mod layout;

pub use layout::*;
