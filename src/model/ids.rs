//! Ids of a layout's cells, corners and edges.

/// Index of a tile position in board-text order (rows top to bottom, left to right).
pub type CellId = usize;
/// Index of a corner (settlement spot), sorted top to bottom, then left to right.
pub type NodeId = usize;
/// Index of an edge (road spot), sorted by its two corners.
pub type EdgeId = usize;
