//! Legal swaps on a board: the one move set behind both the sampler's mixing (a symmetric
//! random walk over legal boards) and the balance search (a walk that keeps what improves
//! the score). It keeps the board in the shapes the rule checks read, so a move allocates
//! nothing.

use crate::catalogue::Layout;
use crate::generate::legal::{constraints_are_local, holds_at, islands_ok, Deal};
use crate::generate::random::Random;
pub use crate::generate::spiral::SpiralLock;
use crate::model::CellId;
use crate::model::Terrain;
use crate::rules::{PartialBoard, RuleSet};

/// Swap two cells of one zone: their terrain (a number-less tile takes its partner's token
/// with it, so tokens stay on numbered terrain) or their tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub a: CellId,
    pub b: CellId,
    pub terrain: bool,
    pub tokens: bool,
}

pub struct Walk<'a> {
    layout: &'a Layout,
    rules: &'a RuleSet,
    pub terrain: Vec<Terrain>,
    known: Vec<Option<Terrain>>,
    pub numbers: Vec<Option<u8>>,
    spiral: Option<SpiralLock>,
    /// Every rule and constraint can be checked around the two swapped cells alone.
    local: bool,
    /// The cells a move may touch, zone by zone (locked hexes stay out).
    movable: Vec<Vec<CellId>>,
    /// All movable cells.
    all_movable: Vec<CellId>,
    /// Locked hexes and their tokens, which a relaid spiral must keep.
    fixed: Vec<(CellId, Option<u8>)>,
}

impl<'a> Walk<'a> {
    /// A walk from `deal`; the hexes in `locked` never move.
    pub fn new(
        layout: &'a Layout,
        rules: &'a RuleSet,
        deal: Deal,
        spiral: Option<SpiralLock>,
        locked: &[CellId],
    ) -> Self {
        let (terrain, numbers) = deal;
        let n = terrain.len();
        let movable = layout
            .zones
            .iter()
            .map(|z| {
                z.cells
                    .iter()
                    .copied()
                    .filter(|c| !locked.contains(c))
                    .collect()
            })
            .collect();
        Walk {
            layout,
            rules,
            known: terrain.iter().map(|&t| Some(t)).collect(),
            fixed: locked.iter().map(|&c| (c, numbers[c])).collect(),
            terrain,
            numbers,
            local: rules.rules().iter().all(|r| r.is_local()) && constraints_are_local(layout),
            spiral,
            movable,
            all_movable: CellId::all(n).filter(|c| !locked.contains(c)).collect(),
        }
    }

    pub fn deal(&self) -> Deal {
        (self.terrain.clone(), self.numbers.clone())
    }

    /// A movable cell uniformly, then a partner uniformly among its zone's movable cells (so
    /// the proposal is symmetric); terrain or tokens with even chances (terrain only under a
    /// spiral, whose letters follow the terrain).
    pub fn propose(&self, rng: &mut Random) -> Move {
        let Some(&a) = self
            .all_movable
            .get(rng.index(self.all_movable.len().max(1)))
        else {
            return Move {
                a: CellId::new(0),
                b: CellId::new(0),
                terrain: false,
                tokens: false,
            };
        };
        let zone = self.layout.cell_zone[a];
        let cells = &self.movable[zone];
        let b = cells[rng.index(cells.len())];
        let spiral_zone = self.spiral.as_ref().is_some_and(|s| s.zone == zone);
        let terrain = spiral_zone || rng.below(2) == 0;
        let tokens = !spiral_zone
            && (!terrain || self.terrain[a].takes_number() != self.terrain[b].takes_number());
        Move {
            a,
            b,
            terrain,
            tokens,
        }
    }

    /// Applies a move (a second call undoes it).
    pub fn apply(&mut self, m: Move) {
        if m.terrain {
            self.terrain.swap(m.a.index(), m.b.index());
            self.known.swap(m.a.index(), m.b.index());
        }
        if m.tokens {
            self.numbers.swap(m.a.index(), m.b.index());
        }
        if m.terrain
            && self
                .spiral
                .as_ref()
                .is_some_and(|s| s.zone == self.layout.cell_zone[m.a])
        {
            self.relay_spiral();
        }
    }

    /// Lays the spiral's letters again after its terrain moved.
    fn relay_spiral(&mut self) {
        let lock = self.spiral.as_mut().expect("a spiral");
        lock.relay(self.layout, &self.terrain, &mut self.numbers);
    }

    /// Whether the board after `m` (already applied) keeps every rule and constraint.
    pub fn legal_after(&self, m: Move) -> bool {
        let wrong_token = |c: CellId| self.numbers[c].is_some() != self.terrain[c].takes_number();
        if wrong_token(m.a) || wrong_token(m.b) {
            return false;
        }
        let view = PartialBoard {
            terrain: &self.known,
            numbers: &self.numbers,
            pending: &[],
            pending_max_pips: 0,
        };
        let fine_at = |c: CellId| holds_at(self.layout, self.rules.rules(), &view, c);
        let spiral_moved = self.spiral.is_some() && m.terrain;
        if self.local && !spiral_moved {
            return fine_at(m.a) && fine_at(m.b);
        }
        let spiral_ok = self
            .spiral
            .as_ref()
            .is_none_or(|s| s.holds(self.layout, &self.terrain, &self.numbers, &self.fixed));
        spiral_ok
            && CellId::all(self.layout.cells.len()).all(fine_at)
            && (!m.terrain || islands_ok(self.layout, &self.terrain))
    }

    /// Proposes a move and keeps it if it is legal; returns it if kept.
    pub fn step(&mut self, rng: &mut Random) -> Option<Move> {
        let m = self.propose(rng);
        self.apply(m);
        if self.legal_after(m) {
            Some(m)
        } else {
            self.apply(m);
            None
        }
    }
}
