//! The catalogue of boards: each board's frame, zones, bags, harbours and constraints.

mod constraint;
mod layout;

pub use constraint::Constraint;
pub use layout::*;
