//! A board the table laid out itself, entered a piece at a time: each hex's terrain, each
//! number token, each harbour, as a player reads them off the table. Every step is checked
//! against what the box holds (the layout's bags, zone by zone, and its harbours), so an
//! entry never holds a board the box cannot make: a fifth forest, a second desert or a token
//! on the desert is refused with the reason, as data, and the entry is left as it was. What
//! is still missing is counted from the box ([`Entry::missing`]). Once every piece is in,
//! [`Entry::board`] is the board, which scores, plays and shares like any other.
//!
//! Printed hexes (the sea frame of a Seafarers map, a scenario's fixed islands) come filled
//! in; boards whose hexes lie face down at the start (the Fog Islands) and New World, whose
//! harbours have no places on the frame, cannot be entered ([`Unenterable`]).

use crate::catalogue::{HarbourPlan, Layout, LayoutId};
use crate::generate::assembly::assemble;
use crate::model::{CellId, HarbourKind, Terrain};

use super::{place, Board};

/// A board being entered: a layout and what is known of each hex and harbour place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub layout: LayoutId,
    /// Each hex's terrain, in the layout's cell order; `None` while not entered.
    pub terrain: Vec<Option<Terrain>>,
    /// Each hex's number token; `None` while not entered, and for hexes that take none.
    pub numbers: Vec<Option<u8>>,
    /// Each harbour place's kind, in the layout's harbour order (the board text's).
    pub harbours: Vec<Option<HarbourKind>>,
}

/// One step of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Lay `terrain` on `cell` (a hex that has one takes the new one).
    Terrain { cell: CellId, terrain: Terrain },
    /// Put the token `number` on `cell` (replacing the one there).
    Number { cell: CellId, number: u8 },
    /// Put a harbour of `kind` at harbour place `place` (replacing the one there).
    Harbour { place: usize, kind: HarbourKind },
    /// Take the terrain and the token off `cell`.
    ClearHex { cell: CellId },
    /// Take the token off `cell`.
    ClearNumber { cell: CellId },
    /// Take the harbour off place `place`.
    ClearHarbour { place: usize },
}

/// Why a step was refused: the entry is as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The layout has no such hex or harbour place.
    NotOnBoard,
    /// The hex is printed on the board: its terrain and token are the box's.
    Printed { cell: CellId },
    /// Every `terrain` hex the box holds for this part of the board is laid already.
    NoTerrainLeft { terrain: Terrain, in_box: usize },
    /// Every `number` token the box holds for this part of the board is on the board.
    NoTokenLeft { number: u8, in_box: usize },
    /// The hex's terrain takes no token (the desert, the sea, ...).
    TakesNoToken { cell: CellId, terrain: Terrain },
    /// Laying `terrain` here would leave the token on the hex on a terrain that takes none.
    TokenOnHex {
        cell: CellId,
        terrain: Terrain,
        number: u8,
    },
    /// Every harbour of `kind` the box holds is placed already.
    NoHarbourLeft { kind: HarbourKind, in_box: usize },
    /// The harbour at this place is printed on the frame.
    HarbourPrinted { place: usize, printed: HarbourKind },
}

/// Why a layout cannot be entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unenterable {
    /// Its hexes start face down (fog): the table does not know them.
    FaceDown,
    /// Its harbours are placed beside the land as the game goes (New World).
    HarboursBesideLand,
}

/// What the box still holds for the board: hexes of each terrain, tokens of each number,
/// harbours of each kind (each with the count the box holds, in the catalogue's order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    pub terrain: Vec<Count<Terrain>>,
    pub numbers: Vec<Count<u8>>,
    pub harbours: Vec<Count<HarbourKind>>,
}

/// A kind of piece: how many the box holds and how many are on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count<T> {
    pub piece: T,
    pub placed: usize,
    pub in_box: usize,
}

impl Missing {
    /// Whether every piece the box holds is on the board.
    pub fn none(&self) -> bool {
        let whole = |placed: usize, in_box: usize| placed == in_box;
        self.terrain.iter().all(|c| whole(c.placed, c.in_box))
            && self.numbers.iter().all(|c| whole(c.placed, c.in_box))
            && self.harbours.iter().all(|c| whole(c.placed, c.in_box))
    }
}

impl Entry {
    /// An empty entry of `layout`: its printed hexes and harbours filled in, the rest to
    /// enter.
    pub fn new(id: LayoutId) -> Result<Entry, Unenterable> {
        let layout = Layout::get(id);
        if layout.zones.iter().any(|z| z.fog) {
            return Err(Unenterable::FaceDown);
        }
        if matches!(layout.harbours, HarbourPlan::NextToLand) {
            return Err(Unenterable::HarboursBesideLand);
        }
        let cells = layout.cells.len();
        let mut terrain = vec![None; cells];
        let mut numbers = vec![None; cells];
        for zone in layout.zones.iter().filter(|z| z.fixed) {
            // A printed zone holds one kind of hex (`Zone`), its tokens printed a hex each
            // where it has any.
            for (i, &cell) in zone.cells.iter().enumerate() {
                terrain[cell] = zone.terrain_bag.get(i).copied();
                numbers[cell] = zone.printed_tokens.as_ref().and_then(|t| t.get(i).copied());
            }
        }
        let harbours = layout.printed_harbours.clone();
        Ok(Entry {
            layout: id,
            terrain,
            numbers,
            harbours,
        })
    }

    fn layout_data(&self) -> &'static Layout {
        Layout::get(self.layout)
    }

    /// The entry after `step`, or why the box cannot make it (the entry unchanged).
    pub fn apply(&self, step: Step) -> Result<Entry, Refusal> {
        let layout = self.layout_data();
        let mut next = self.clone();
        match step {
            Step::Terrain { cell, terrain } => {
                self.open_hex(cell)?;
                if let Some(number) = self.numbers[cell] {
                    if !layout.takes_number(cell, terrain) {
                        return Err(Refusal::TokenOnHex {
                            cell,
                            terrain,
                            number,
                        });
                    }
                }
                next.terrain[cell] = Some(terrain);
                let zone = &layout.zones[layout.cell_zone[cell]];
                let in_box = zone.terrain_bag.iter().filter(|&&t| t == terrain).count();
                let laid = zone
                    .cells
                    .iter()
                    .filter(|&&c| next.terrain[c] == Some(terrain))
                    .count();
                if laid > in_box {
                    return Err(Refusal::NoTerrainLeft { terrain, in_box });
                }
            }
            Step::Number { cell, number } => {
                self.open_token(cell)?;
                if let Some(terrain) = self.terrain[cell] {
                    if !layout.takes_number(cell, terrain) {
                        return Err(Refusal::TakesNoToken { cell, terrain });
                    }
                }
                next.numbers[cell] = Some(number);
                let zone = &layout.zones[layout.cell_zone[cell]];
                let in_box = zone.token_bag.iter().filter(|&&n| n == number).count();
                let laid = zone
                    .cells
                    .iter()
                    .filter(|&&c| next.numbers[c] == Some(number))
                    .count();
                if laid > in_box {
                    return Err(Refusal::NoTokenLeft { number, in_box });
                }
            }
            Step::Harbour { place, kind } => {
                self.open_place(place)?;
                next.harbours[place] = Some(kind);
                let in_box = layout
                    .harbour_kinds()
                    .iter()
                    .filter(|&&k| k == kind)
                    .count();
                let placed = next.harbours.iter().filter(|&&k| k == Some(kind)).count();
                if placed > in_box {
                    return Err(Refusal::NoHarbourLeft { kind, in_box });
                }
            }
            Step::ClearHex { cell } => {
                self.open_hex(cell)?;
                next.terrain[cell] = None;
                next.numbers[cell] = None;
            }
            Step::ClearNumber { cell } => {
                self.open_token(cell)?;
                next.numbers[cell] = None;
            }
            Step::ClearHarbour { place } => {
                self.open_place(place)?;
                next.harbours[place] = None;
            }
        }
        Ok(next)
    }

    /// Whether `cell` is a hex of the board that the table lays (not a printed one).
    fn open_hex(&self, cell: CellId) -> Result<(), Refusal> {
        let layout = self.layout_data();
        if cell.index() >= layout.cells.len() {
            return Err(Refusal::NotOnBoard);
        }
        if layout.zones[layout.cell_zone[cell]].fixed {
            return Err(Refusal::Printed { cell });
        }
        Ok(())
    }

    /// Whether `cell` takes a token the table lays: any hex it lays, and a printed hex whose
    /// zone's tokens are shuffled among its hexes (the printed maps of the Pirate Islands and
    /// the Wonders of Catan) rather than printed a hex each.
    fn open_token(&self, cell: CellId) -> Result<(), Refusal> {
        match self.open_hex(cell) {
            Err(Refusal::Printed { cell }) => {
                let layout = self.layout_data();
                let zone = &layout.zones[layout.cell_zone[cell]];
                if zone.token_bag.is_empty() || zone.printed_tokens.is_some() {
                    Err(Refusal::Printed { cell })
                } else {
                    Ok(())
                }
            }
            open => open,
        }
    }

    /// Whether `place` is a harbour place whose harbour the table lays.
    fn open_place(&self, place: usize) -> Result<(), Refusal> {
        let layout = self.layout_data();
        match layout.printed_harbours.get(place) {
            None => Err(Refusal::NotOnBoard),
            Some(Some(printed)) => Err(Refusal::HarbourPrinted {
                place,
                printed: *printed,
            }),
            Some(None) => Ok(()),
        }
    }

    /// What is on the board of what the box holds, kind by kind: "Forest 3 of 4".
    pub fn missing(&self) -> Missing {
        let layout = self.layout_data();
        let open: Vec<_> = layout.zones.iter().filter(|z| !z.fixed).collect();
        let terrain = counts(
            open.iter().flat_map(|z| z.terrain_bag.iter().copied()),
            open.iter()
                .flat_map(|z| z.cells.iter().filter_map(|&c| self.terrain[c])),
        );
        let laid_tokens: Vec<_> = layout
            .zones
            .iter()
            .filter(|z| !z.fixed || z.printed_tokens.is_none())
            .collect();
        let numbers = counts(
            laid_tokens.iter().flat_map(|z| z.token_bag.iter().copied()),
            laid_tokens
                .iter()
                .flat_map(|z| z.cells.iter().filter_map(|&c| self.numbers[c])),
        );
        let printed = |place: usize| layout.printed_harbours[place].is_some();
        let harbours = counts(
            layout.harbour_bag.iter().copied(),
            (0..self.harbours.len())
                .filter(|&p| !printed(p))
                .filter_map(|p| self.harbours[p]),
        );
        Missing {
            terrain,
            numbers,
            harbours,
        }
    }

    /// The board, once every hex, token and harbour is in; `None` while any is missing.
    pub fn board(&self) -> Option<Board> {
        let layout = self.layout_data();
        let terrain: Vec<Terrain> = self.terrain.iter().copied().collect::<Option<_>>()?;
        let harbours: Vec<HarbourKind> = self.harbours.iter().copied().collect::<Option<_>>()?;
        let numbered = CellId::all(terrain.len())
            .all(|cell| layout.takes_number(cell, terrain[cell]) == self.numbers[cell].is_some());
        if !numbered {
            return None;
        }
        let harbours = place(layout, &terrain, harbours);
        Some(assemble(layout, terrain, self.numbers.clone(), harbours))
    }
}

/// How many of each piece the box holds and how many are placed, in the box's order.
fn counts<T: Copy + PartialEq>(
    in_box: impl Iterator<Item = T>,
    placed: impl Iterator<Item = T>,
) -> Vec<Count<T>> {
    let mut out: Vec<Count<T>> = Vec::new();
    for piece in in_box {
        match out.iter_mut().find(|c| c.piece == piece) {
            Some(c) => c.in_box += 1,
            None => out.push(Count {
                piece,
                placed: 0,
                in_box: 1,
            }),
        }
    }
    for piece in placed {
        if let Some(c) = out.iter_mut().find(|c| c.piece == piece) {
            c.placed += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests;
