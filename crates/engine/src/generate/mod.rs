//! Board generation, stage by stage: what a request asks for ([`settings`]), random boards
//! and rejection sampling ([`sample`]), the exact search ([`search`]), naming the rules
//! that conflict ([`conflict`]), mixing a found board by legal swaps ([`mix`], [`moves`]),
//! the letter spiral ([`spiral`]), dealing the harbours ([`harbours`]) and assembling the
//! board ([`assembly`]); [`solve`] runs them in order. Whether the layout's constraints and
//! the rules hold is asked in one place ([`legal`]); the request's work is counted in one
//! ([`budget`]); [`steps`] cuts it into slices for the page, [`random`] draws the same
//! numbers on every platform.
//!
//! The modules depend only on those before them in this order: `random`, `steps`,
//! `budget`, `spiral`, `settings`, `error`, `legal`, `sample`, `harbours`, `assembly`,
//! `moves`, `mix`, `search`, `conflict`, `solve`.

pub mod assembly;
pub mod budget;
pub mod conflict;
pub mod error;
pub mod harbours;
pub mod legal;
pub mod mix;
pub mod moves;
pub mod random;
pub mod sample;
pub mod search;
pub mod settings;
pub mod solve;
pub mod spiral;
pub mod steps;

pub use assembly::assemble;
pub use budget::{Budget, Tally, REQUEST_WORK};
pub use error::GenerateError;
pub use harbours::{dealt_kinds, mcguire_harbours, place_harbours};
pub use legal::{largest_island, obeys, Deal};
pub use sample::{random_deal, rejection_sample};
pub use settings::{
    expansion_problem, plays_on, Bags, Lock, NumberMode, Settings, SettingsProblem,
};
pub use solve::{generate, generate_in_steps, generate_with, generate_within};
pub use spiral::{lay_spiral, spiral_paths};
