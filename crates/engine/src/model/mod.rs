//! The game's vocabulary, free of any board: terrain, resources, tokens, harbour trades and
//! the ids of cells, corners and edges, and sets of them as bits.

pub mod bits;
mod expansion;
mod ids;
mod terrain;

pub use expansion::{Commodity, Expansion, Piece};
pub use ids::{CellId, CornerId, EdgeId};
pub use terrain::{is_red, pips, token_pips, HarbourKind, Resource, Terrain};
