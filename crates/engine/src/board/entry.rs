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

use serde::{Deserialize, Serialize};

use crate::catalogue::{HarbourPlan, Layout, LayoutId, Zone};
use crate::generate::assembly::assemble;
use crate::generate::spiral::spiral_paths;
use crate::model::{CellId, HarbourKind, Terrain};

use super::{place, Board};

/// A board being entered: a layout and what is known of each hex and harbour place.
///
/// Serde writes it as it is, so a half-entered board can be kept (the page keeps it through
/// a reload); one read back is trusted only after [`Entry::checked`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The board's tokens follow no letter spiral (its box prints no letters, or the
    /// spiral's hexes are printed).
    NoSpiral,
    /// The letter spiral is laid over the hexes: `missing` of its hexes have no terrain yet.
    TerrainFirst { missing: usize },
    /// The letter spiral does not start at this hex (it starts at a corner of the island).
    NotASpiralStart { cell: CellId },
    /// More numbers than the spiral has hexes that take a token.
    TooManyNumbers { given: usize, room: usize },
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
                let (laid, in_box) = over_bag(zone, &zone.terrain_bag, &next.terrain, terrain);
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
                let (laid, in_box) = over_bag(zone, &zone.token_bag, &next.numbers, number);
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

    /// The letter tokens in the box's order (A, B, C, ...), for a board whose tokens may lie
    /// along the letter spiral; `None` for a board without one.
    pub fn letters(&self) -> Option<&'static [u8]> {
        let zone = self.spiral_zone()?;
        Some(&zone.spiral.as_ref()?.tokens)
    }

    /// The hexes the letter spiral may start from (the island's corner hexes; McGuire's
    /// spiral starts beside the inland harbour, once the terrain says where that is).
    pub fn spiral_starts(&self) -> Vec<CellId> {
        let Some(zone) = self.spiral_zone() else {
            return Vec::new();
        };
        match self.laid_terrain(zone) {
            Ok(terrain) => spiral_paths(self.layout_data(), zone, &terrain)
                .iter()
                .filter_map(|path| path.first().copied())
                .collect(),
            Err(_) => zone
                .spiral
                .as_ref()
                .map_or(Vec::new(), |s| s.starts.clone()),
        }
    }

    /// The entry with `numbers` laid in turn along the letter spiral from `start`, skipping
    /// the hexes that take no token (the desert), as the table lays tokens by the book: the
    /// box's letters in order ([`Entry::letters`]), or the numbers the table reads off its
    /// board in spiral order. The hexes the numbers reach lose the tokens they had; the rest
    /// keep theirs. The terrain of the spiral's hexes comes first, as the desert is skipped.
    pub fn lay_spiral(&self, start: CellId, numbers: &[u8]) -> Result<Entry, Refusal> {
        let zone = self.spiral_zone().ok_or(Refusal::NoSpiral)?;
        let terrain = self.laid_terrain(zone)?;
        let layout = self.layout_data();
        let path = spiral_paths(layout, zone, &terrain)
            .into_iter()
            .find(|path| path.first() == Some(&start))
            .ok_or(Refusal::NotASpiralStart { cell: start })?;
        let takers: Vec<CellId> = path
            .into_iter()
            .filter(|&cell| layout.takes_number(cell, terrain[cell]))
            .collect();
        if numbers.len() > takers.len() {
            return Err(Refusal::TooManyNumbers {
                given: numbers.len(),
                room: takers.len(),
            });
        }
        let reached = &takers[..numbers.len()];
        let cleared = reached.iter().try_fold(self.clone(), |entry, &cell| {
            entry.apply(Step::ClearNumber { cell })
        })?;
        reached
            .iter()
            .zip(numbers)
            .try_fold(cleared, |entry, (&cell, &number)| {
                entry.apply(Step::Number { cell, number })
            })
    }

    /// The zone whose tokens the table lays along a letter spiral, if any.
    fn spiral_zone(&self) -> Option<&'static Zone> {
        self.layout_data()
            .zones
            .iter()
            .find(|zone| zone.spiral.is_some() && !zone.fixed)
    }

    /// The whole board's terrain, the sea standing in for hexes outside `zone` not yet
    /// laid; refused while any hex of `zone` has none.
    fn laid_terrain(&self, zone: &Zone) -> Result<Vec<Terrain>, Refusal> {
        let missing = zone
            .cells
            .iter()
            .filter(|&&c| self.terrain[c].is_none())
            .count();
        if missing > 0 {
            return Err(Refusal::TerrainFirst { missing });
        }
        Ok(self
            .terrain
            .iter()
            .map(|t| t.unwrap_or(Terrain::Sea))
            .collect())
    }

    /// This entry if the box can make it, as [`Entry::apply`] would have built it piece by
    /// piece; `None` for one that could not have been entered (read back from storage that
    /// was changed, or kept by another version).
    pub fn checked(self) -> Option<Entry> {
        let empty = Entry::new(self.layout).ok()?;
        let sizes = |e: &Entry| (e.terrain.len(), e.numbers.len(), e.harbours.len());
        if sizes(&self) != sizes(&empty) {
            return None;
        }
        let steps = CellId::all(self.terrain.len())
            .filter(|&c| empty.open_hex(c).is_ok())
            .filter_map(|cell| {
                Some(Step::Terrain {
                    cell,
                    terrain: self.terrain[cell]?,
                })
            })
            .chain(
                CellId::all(self.numbers.len())
                    .filter(|&c| empty.open_token(c).is_ok())
                    .filter_map(|cell| {
                        Some(Step::Number {
                            cell,
                            number: self.numbers[cell]?,
                        })
                    }),
            )
            .chain(
                (0..self.harbours.len())
                    .filter(|&p| empty.open_place(p).is_ok())
                    .filter_map(|place| {
                        Some(Step::Harbour {
                            place,
                            kind: self.harbours[place]?,
                        })
                    }),
            );
        let steps: Vec<Step> = steps.collect();
        let rebuilt = steps
            .into_iter()
            .try_fold(empty, |entry, step| entry.apply(step).ok())?;
        // Printed hexes and harbours are the empty entry's: one changed differs here.
        (rebuilt == self).then_some(rebuilt)
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

/// How many `piece`s lie on `zone`'s hexes in `laid`, and how many its `bag` holds.
fn over_bag<T: Copy + PartialEq>(
    zone: &Zone,
    bag: &[T],
    laid: &[Option<T>],
    piece: T,
) -> (usize, usize) {
    let on_board = zone
        .cells
        .iter()
        .filter(|&&c| laid[c] == Some(piece))
        .count();
    (on_board, bag.iter().filter(|&&p| p == piece).count())
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
