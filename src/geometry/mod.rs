//! Hex geometry: cube coordinates, the lattice of corners, rings and directions.

mod hex;

pub use hex::*;
