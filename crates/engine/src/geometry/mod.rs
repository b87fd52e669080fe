//! Hex geometry: cube coordinates, the lattice of corners, rings and directions, and the
//! topology (corners, edges, adjacency, frame) a set of hexes implies.

mod hex;
mod topology;

pub use hex::*;
pub use topology::Topology;
