//! A board from its parts: terrain, tokens and harbours, with the robber and the pirate
//! where the layout starts them. Not solving: links and the command line rebuild boards
//! with it too.

use crate::board::{Board, Harbour};
use crate::catalogue::Layout;
use crate::model::Terrain;

/// Puts the pieces together: the robber and the pirate where the layout starts them.
pub fn assemble(
    layout: &Layout,
    terrain: Vec<Terrain>,
    numbers: Vec<Option<u8>>,
    harbours: Vec<Harbour>,
) -> Board {
    let robber = layout.robber_start(&terrain);
    Board {
        layout: layout.id,
        terrain,
        numbers,
        harbours,
        robber,
        pirate: layout.pirate,
    }
}
