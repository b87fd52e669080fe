//! What a request asks for besides its seed: the layout, the rules, how numbers are laid,
//! and the hexes the table keeps; and what the kept hexes leave in each zone's bags.

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::catalogue::{Layout, LayoutId};
use crate::generate::spiral::spiral_from_harbour;
use crate::model::{CellId, Expansion, Terrain};
use crate::rules::RuleSet;

/// How number tokens are laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NumberMode {
    /// Shuffled under the active rules.
    #[default]
    Random,
    /// The official letter spiral from a corner hex, the corner drawn by the seed.
    Spiral,
}

impl NumberMode {
    pub const ALL: [NumberMode; 2] = [NumberMode::Random, NumberMode::Spiral];

    pub fn name(self) -> &'static str {
        match self {
            NumberMode::Random => "random",
            NumberMode::Spiral => "spiral",
        }
    }

    pub fn parse(text: &str) -> Option<NumberMode> {
        NumberMode::ALL.into_iter().find(|m| m.name() == text)
    }
}

/// Everything that decides a board besides the seed. Serde reads any value of the right
/// shape; [`Settings::problem`] (which every search asks first) says what does not fit.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Settings {
    pub layout: LayoutId,
    pub rules: RuleSet,
    pub numbers: NumberMode,
    /// Hexes kept as they are while the rest is drawn around them.
    pub locks: Vec<Lock>,
    /// The game the table plays on the board: it changes what spots are worth (the seats,
    /// not the board's score). Written only for another game, so a base-game request reads
    /// as it did before the option; missing, it is the base game.
    #[serde(default, skip_serializing_if = "is_base_game")]
    pub expansion: Expansion,
}

fn is_base_game(expansion: &Expansion) -> bool {
    *expansion == Expansion::BaseGame
}

/// Settings that do not go together (not a rule conflict: a request that makes no sense).
/// The faces say each in their words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsProblem {
    /// Numbers by the spiral on a layout that has no spiral set-up.
    NoSpiral { layout: LayoutId },
    /// A game not played on the layout ([`plays_on`]).
    GameNotPlayed {
        layout: LayoutId,
        expansion: Expansion,
    },
    /// A locked hex that is not a hex of the layout, or locked twice.
    LockNotDistinct { cell: CellId, layout: LayoutId },
    /// A locked hex with a token its terrain does not take, or without one it needs.
    LockToken { cell: CellId },
    /// The locked hexes hold more of `terrain` than the zone's bag.
    LocksOverTerrain {
        terrain: Terrain,
        zone: &'static str,
    },
    /// The locked hexes hold more `number` tokens than the zone's bag.
    LocksOverNumber { number: u8, zone: &'static str },
}

/// Why `expansion` cannot be played on `layout`, if it cannot: Cities & Knights is played on
/// the base game's island and the 5-6 extension's (its rules: "Cities & Knights uses all the
/// rules from The Settlers of Catan"; see [`Expansion`]), so on base, five-six and McGuire.
pub fn expansion_problem(layout: LayoutId, expansion: Expansion) -> Option<SettingsProblem> {
    (!plays_on(layout, expansion)).then_some(SettingsProblem::GameNotPlayed { layout, expansion })
}

/// Whether `expansion` is played on `layout` (see [`expansion_problem`]).
pub fn plays_on(layout: LayoutId, expansion: Expansion) -> bool {
    let islands = [LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire];
    expansion == Expansion::BaseGame || islands.contains(&layout)
}

/// What a zone's bags hold for the hexes that are not locked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bags {
    pub terrain: Vec<Terrain>,
    pub tokens: Vec<u8>,
}

/// A hex the table keeps: its terrain and token stay, the rest regenerates around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lock {
    pub cell: CellId,
    pub terrain: Terrain,
    pub number: Option<u8>,
}

impl Lock {
    /// The lock that keeps `cell` as it is on `board`.
    pub fn of(board: &Board, cell: CellId) -> Lock {
        Lock {
            cell,
            terrain: board.terrain[cell],
            number: board.numbers[cell],
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::new(LayoutId::Base, RuleSet::standard())
    }
}

impl Settings {
    pub fn new(layout: LayoutId, rules: RuleSet) -> Self {
        Settings {
            layout,
            rules,
            numbers: NumberMode::Random,
            locks: Vec::new(),
            expansion: Expansion::BaseGame,
        }
    }

    /// Settings that make no sense together (not a rule conflict: a bad request).
    pub fn problem(&self) -> Option<SettingsProblem> {
        let layout = Layout::get(self.layout);
        if self.numbers == NumberMode::Spiral && !layout.has_spiral() {
            return Some(SettingsProblem::NoSpiral {
                layout: self.layout,
            });
        }
        if let Some(problem) = expansion_problem(self.layout, self.expansion) {
            return Some(problem);
        }
        self.lock_problem(layout)
    }

    /// Locks must name distinct cells and take no more of a zone's tiles and tokens than
    /// its bags hold.
    fn lock_problem(&self, layout: &Layout) -> Option<SettingsProblem> {
        for (i, lock) in self.locks.iter().enumerate() {
            if lock.cell.index() >= layout.cells.len()
                || self.locks[..i].iter().any(|l| l.cell == lock.cell)
            {
                return Some(SettingsProblem::LockNotDistinct {
                    cell: lock.cell,
                    layout: self.layout,
                });
            }
            // The board's own say: the Forgotten Tribe prints land without a number.
            if lock.number.is_some() != layout.takes_number(lock.cell, lock.terrain) {
                return Some(SettingsProblem::LockToken { cell: lock.cell });
            }
        }
        (0..layout.zones.len()).find_map(|zone| self.bags_left(layout, zone).err())
    }

    /// What zone `zone`'s bags hold once the locked hexes have taken their tiles and
    /// tokens (each the first of its kind, so what is left keeps the bag's order); or what
    /// the locks take more of than the bags hold.
    pub fn bags_left(&self, layout: &Layout, zone: usize) -> Result<Bags, SettingsProblem> {
        let z = &layout.zones[zone];
        let mut bags = Bags {
            terrain: z.terrain_bag.clone(),
            tokens: z.token_bag.clone(),
        };
        for lock in self
            .locks
            .iter()
            .filter(|l| layout.cell_zone[l.cell] == zone)
        {
            let Some(at) = bags.terrain.iter().position(|&t| t == lock.terrain) else {
                return Err(SettingsProblem::LocksOverTerrain {
                    terrain: lock.terrain,
                    zone: z.name,
                });
            };
            bags.terrain.remove(at);
            if let Some(n) = lock.number {
                let Some(at) = bags.tokens.iter().position(|&t| t == n) else {
                    return Err(SettingsProblem::LocksOverNumber {
                        number: n,
                        zone: z.name,
                    });
                };
                bags.tokens.remove(at);
            }
        }
        Ok(bags)
    }

    /// Whether a deal keeps every lock.
    pub fn locks_hold(&self, terrain: &[Terrain], numbers: &[Option<u8>]) -> bool {
        self.locks
            .iter()
            .all(|l| terrain[l.cell] == l.terrain && numbers[l.cell] == l.number)
    }

    pub(crate) fn locked(&self, cell: CellId) -> Option<&Lock> {
        self.locks.iter().find(|l| l.cell == cell)
    }

    /// Whether tokens follow a spiral on this layout.
    pub fn spiral(&self) -> bool {
        let layout = Layout::get(self.layout);
        spiral_from_harbour(layout) || (self.numbers == NumberMode::Spiral && layout.has_spiral())
    }
}
