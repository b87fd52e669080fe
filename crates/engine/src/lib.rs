//! Hexfair's engine: Catan boards as plain data and functions, with no UI, browser or
//! command-line dependency. The page (the workspace's root crate) and the command line
//! (crates/cli) are its two faces.

pub mod balance;
pub mod bench;
pub mod board;
pub mod catalogue;
pub mod fixed;
#[doc(hidden)]
pub mod fuzzing;
pub mod generate;
pub mod geometry;
pub mod guide;
pub mod model;
pub mod order;
pub mod picture;
pub mod play;
pub mod rules;
pub mod share;
