//! The board as a game reads it: built once a board from [`Board`] and its layout's
//! topology, then only read. Corners and edges are ids below 128 so that sets of them are
//! [`Bits`]; everything a turn looks up is a small array.

use crate::balance::players::CornerYield;
use crate::board::Board;
use crate::catalogue::{LayoutId, RobberStart};
use crate::model::bits::{bit, Bits};
use crate::model::{token_pips, CellId, CornerId, HarbourKind, Resource};

/// No cell, resource or owner, in the byte-sized fields below.
pub const NONE: u8 = u8::MAX;

/// The most players a game seats (the 5-6 extension's six).
pub const MAX_SEATS: usize = 6;

/// Pieces a player owns (Almanac, components: 15 roads, 5 settlements, 4 cities a colour).
/// Here, not in `state`, so that `longest_road` (which `state` uses) needs only the table.
pub const ROADS: u32 = 15;
pub const SETTLEMENTS: u32 = 5;
pub const CITIES: u32 = 4;

/// The development cards, in the order of [`Rules::deck`] and of every count by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DevCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The box a game is played from: how many cards there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Resource cards of each kind. Base game: 95 cards, 19 of each (Catan 5th edition,
    /// "Game Rules & Almanac", components). The 5-6 Player Extension adds 25, 5 of each:
    /// 24 (its components list; colonist.io/catan-rules/5-6-player: "24 of each resource").
    pub bank: u8,
    /// Development cards by [`DevCard`] kind. Base: 25 = 14 knights, 5 victory points, 2
    /// road building, 2 year of plenty, 2 monopoly (Almanac, "Development Cards"). 5-6
    /// extension: 34 = 20 knights, 5 victory points, 3 of each progress card (its
    /// components; colonist.io/catan-rules/5-6-player lists 20, 5, 3, 3, 3).
    pub deck: [u8; 5],
    /// The 5-6 extension's special building phase: after each turn, every other player in
    /// turn order may build or buy a development card, but not trade or play one
    /// (5-6 Player Extension rules, "Special Building Phase").
    pub special_building: bool,
}

impl Rules {
    /// The rules a layout is played by, if the simulator knows them: the base game's, with
    /// the 5-6 extension's cards and bank on its board.
    pub fn of(layout: LayoutId) -> Option<Rules> {
        match layout {
            LayoutId::Base | LayoutId::McGuire => Some(Rules::BASE),
            LayoutId::FiveSix => Some(Rules::FIVE_SIX),
            _ => None,
        }
    }

    pub const BASE: Rules = Rules {
        bank: 19,
        deck: [14, 5, 2, 2, 2],
        special_building: false,
    };
    pub const FIVE_SIX: Rules = Rules {
        bank: 24,
        deck: [20, 5, 3, 3, 3],
        special_building: true,
    };

    /// Development cards in all.
    pub fn deck_size(&self) -> usize {
        self.deck.iter().map(|&n| usize::from(n)).sum()
    }
}

/// Why a board, a seat count or an opening cannot be played; the faces say it in their words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A board of another game than the base game's (base, five-six and McGuire's are played).
    NotPlayed { layout: LayoutId },
    /// A board beyond the simulator's 128 corners and edges.
    TooLarge {
        layout: LayoutId,
        corners: usize,
        edges: usize,
    },
    /// A seat count the board is not played by.
    Seats { layout: LayoutId, seats: usize },
    /// A play-test of a number of games out of 1 to [`super::playtest::MAX_GAMES`].
    Games { games: u32 },
    /// An opening for another number of seats than the play-test's.
    OpeningSeats { placed: usize, seats: usize },
    /// A settlement of an opening that cannot stand: `round` 0 is the first settlement.
    Opening {
        seat: usize,
        round: usize,
        corner: usize,
        fault: OpeningFault,
    },
    /// A board with no room for two settlements a seat.
    NoRoom { layout: LayoutId, seats: usize },
}

/// What is wrong with an opening's settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFault {
    OffBoard,
    NotStart,
    /// It is taken, or next to a settlement placed before it.
    DistanceRule,
}

/// A harbour's trade as a bit of a player's harbour set: bit 0 the 3:1 harbour, bit 1 + r
/// the 2:1 harbour of resource r.
pub fn harbour_bit(kind: HarbourKind) -> u8 {
    crate::balance::players::harbour_code(Some(kind))
}

/// The immutable data a game needs.
#[derive(Clone, Debug)]
pub struct Table {
    pub layout: LayoutId,
    pub rules: Rules,
    pub corners: usize,
    pub edges: usize,
    /// Each corner's neighbours one edge away (the distance rule forbids them).
    pub corner_neighbours: Vec<Bits>,
    /// Each corner's edges.
    pub corner_edges: Vec<Bits>,
    /// Each edge's two corners.
    pub edge_corners: Vec<[u8; 2]>,
    /// Each edge's two corners as a set.
    pub edge_ends: Vec<Bits>,
    /// Each cell's six corners.
    pub cell_corners: Vec<[u8; 6]>,
    /// Each cell's six corners as a set: with the corners built on, the buildings a cell
    /// pays or the robber there hurts, without looking at the free corners.
    pub cell_corner_set: Vec<Bits>,
    /// Each cell's resource index, [`NONE`] for desert and sea.
    pub cell_resource: Vec<u8>,
    /// Each cell's pips (its token's chance in 36 rolls), 0 without a token.
    pub cell_pips: Vec<u8>,
    /// The producing cells (a resource and a token) of each dice total 0..=12.
    pub producing: Vec<Vec<u8>>,
    /// The land cells, where the robber may go.
    pub land: Vec<u8>,
    /// Each corner's land cells (up to three), [`NONE`] after the last.
    pub corner_cells: Vec<[u8; 3]>,
    /// The pips of each resource at each corner: what a settlement there produces in 36
    /// rolls.
    pub corner_yields: Vec<[u8; 5]>,
    /// Each corner's harbour as a [`harbour_bit`], 0 for none.
    pub corner_harbour: Vec<u8>,
    /// Each corner's yields and harbour as spot worths read them.
    pub corner_spots: Vec<CornerYield>,
    /// Corners touching land where the layout lets a starting settlement go.
    pub start: Bits,
    /// Corners touching land: where any settlement may go.
    pub buildable: Bits,
    /// Edges with land on either side: where roads go (a road runs along a land hex's side,
    /// Almanac, "Roads"; McGuire's sea hex on the island's border has edges with sea on both
    /// sides, or sea and nothing).
    pub land_edges: Bits,
    /// Where the robber starts, [`NONE`] off the board.
    pub robber_start: u8,
    /// Whether the game has a robber. The McGuire board has none ("robber none": its house
    /// rules remove attack moves, ../shared/reference/001): a 7 and a knight move nothing.
    pub robber: bool,
}

impl Table {
    /// The table of `board`, or why it cannot be played: only boards with the base game's
    /// rules are simulated (base 3-4, base 5-6, and McGuire's, which plays as the base game).
    pub fn new(board: &Board) -> Result<Table, PlayError> {
        let Some(rules) = Rules::of(board.layout) else {
            return Err(PlayError::NotPlayed {
                layout: board.layout,
            });
        };
        let layout = board.layout();
        let topology = &layout.topology;
        let (corners, edges, cells) = (
            topology.corners.len(),
            topology.edges.len(),
            layout.cells.len(),
        );
        if corners > 128 || edges > 128 || cells >= usize::from(NONE) {
            return Err(PlayError::TooLarge {
                layout: layout.id,
                corners,
                edges,
            });
        }
        let cell_resource: Vec<u8> = board
            .terrain
            .iter()
            .map(|t| t.resource().map_or(NONE, |r| r.index() as u8))
            .collect();
        let is_land: Vec<bool> = CellId::all(cells).map(|c| board.is_land(c)).collect();
        let mut corner_neighbours = vec![0; corners];
        let mut corner_edges = vec![0; corners];
        let mut edge_corners = Vec::with_capacity(edges);
        for (e, &(a, b)) in topology.edges.iter().enumerate() {
            corner_neighbours[a] |= bit(b.index());
            corner_neighbours[b] |= bit(a.index());
            corner_edges[a] |= bit(e);
            corner_edges[b] |= bit(e);
            edge_corners.push([a.index() as u8, b.index() as u8]);
        }
        let mut corner_cells = vec![[NONE; 3]; corners];
        let (mut start, mut buildable) = (0, 0);
        for (corner, touching) in topology.corner_cells.iter().enumerate() {
            let land = touching.iter().filter(|&&c| is_land[c]);
            for (slot, &cell) in corner_cells[corner].iter_mut().zip(land) {
                *slot = cell.index() as u8;
            }
            if corner_cells[corner][0] != NONE {
                buildable |= bit(corner);
                if layout.may_start(CornerId::new(corner)) {
                    start |= bit(corner);
                }
            }
        }
        let mut land_edges = 0;
        for (e, &(a, b)) in topology.edges.iter().enumerate() {
            let at_a = &corner_cells[a.index()];
            if corner_cells[b.index()]
                .iter()
                .any(|&c| c != NONE && at_a.contains(&c))
            {
                land_edges |= bit(e);
            }
        }
        let mut corner_harbour = vec![0; corners];
        for harbour in &board.harbours {
            for c in harbour.spot.corners {
                corner_harbour[c] = harbour_bit(harbour.kind);
            }
        }
        let cell_pips: Vec<u8> = board.numbers.iter().map(|&n| token_pips(n)).collect();
        let mut producing = vec![Vec::new(); 13];
        for (cell, (&number, &resource)) in board.numbers.iter().zip(&cell_resource).enumerate() {
            if let (Some(n), false) = (number, resource == NONE) {
                producing[usize::from(n)].push(cell as u8);
            }
        }
        let corner_yields: Vec<[u8; 5]> = corner_cells
            .iter()
            .map(|cells| {
                let mut out = [0; 5];
                for &c in cells.iter().take_while(|&&c| c != NONE) {
                    let r = cell_resource[usize::from(c)];
                    if r != NONE {
                        out[usize::from(r)] += cell_pips[usize::from(c)];
                    }
                }
                out
            })
            .collect();
        let corner_spots = corner_yields
            .iter()
            .zip(&corner_harbour)
            .map(|(&yields, &harbour)| CornerYield::new(yields, harbour))
            .collect();
        Ok(Table {
            layout: layout.id,
            corner_yields,
            corner_spots,
            rules,
            corners,
            edges,
            corner_neighbours,
            corner_edges,
            edge_ends: edge_corners
                .iter()
                .map(|&[a, b]| bit(usize::from(a)) | bit(usize::from(b)))
                .collect(),
            edge_corners,
            cell_corners: topology
                .cell_corners
                .iter()
                .map(|cs| cs.map(|c| c.index() as u8))
                .collect(),
            cell_corner_set: topology
                .cell_corners
                .iter()
                .map(|cs| cs.iter().fold(0, |set, c| set | bit(c.index())))
                .collect(),
            cell_resource,
            cell_pips,
            producing,
            land: (0..cells)
                .filter(|&c| is_land[c])
                .map(|c| c as u8)
                .collect(),
            corner_cells,
            corner_harbour,
            start,
            buildable,
            land_edges,
            robber_start: board.robber.map_or(NONE, |c| c.index() as u8),
            robber: layout.robber != RobberStart::Nowhere,
        })
    }

    /// The seat counts the board is printed for (3-4, or 5-6).
    pub fn seats(&self) -> std::ops::RangeInclusive<usize> {
        self.layout.seats()
    }

    /// The land cells at `corner`.
    #[inline]
    pub fn cells_at(&self, corner: usize) -> impl Iterator<Item = usize> + '_ {
        self.corner_cells[corner]
            .iter()
            .take_while(|&&c| c != NONE)
            .map(|&c| usize::from(c))
    }

    /// The pips at `corner`: what a settlement there produces in 36 rolls.
    pub fn corner_pips(&self, corner: usize) -> u32 {
        self.cells_at(corner)
            .map(|c| u32::from(self.cell_pips[c]))
            .sum()
    }

    /// The pips of each resource at `corner`.
    #[inline]
    pub fn corner_yield(&self, corner: usize) -> [u8; 5] {
        self.corner_yields[corner]
    }

    /// The other corner of `edge`.
    #[inline]
    pub fn across(&self, edge: usize, corner: usize) -> usize {
        let [a, b] = self.edge_corners[edge];
        usize::from(if usize::from(a) == corner { b } else { a })
    }
}

/// The resource of index `i`.
pub fn resource(i: usize) -> Resource {
    Resource::ALL[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;

    #[test]
    fn decks_hold_the_printed_cards() {
        assert_eq!(Rules::BASE.deck_size(), 25);
        assert_eq!(Rules::BASE.deck[DevCard::Knight.index()], 14);
        assert_eq!(Rules::BASE.deck[DevCard::VictoryPoint.index()], 5);
        assert_eq!(Rules::FIVE_SIX.deck_size(), 34);
        assert_eq!(Rules::FIVE_SIX.deck[DevCard::Knight.index()], 20);
        assert_eq!(Rules::BASE.bank, 19);
        assert_eq!(Rules::FIVE_SIX.bank, 24);
    }

    #[test]
    fn base_board_has_54_corners_72_edges_and_18_producing_cells() {
        let board = generate(&Settings::new(LayoutId::Base, RuleSet::standard()), 3).unwrap();
        let table = Table::new(&board).unwrap();
        assert_eq!((table.corners, table.edges), (54, 72));
        assert_eq!(table.producing.iter().map(Vec::len).sum::<usize>(), 18);
        assert_eq!(table.land.len(), 19);
        assert_eq!(table.buildable.count_ones(), 54);
        assert_eq!(table.land_edges.count_ones(), 72);
        assert_eq!(table.corner_harbour.iter().filter(|&&h| h != 0).count(), 18);
    }

    #[test]
    fn five_six_board_fits_in_128_bit_sets() {
        let board = generate(&Settings::new(LayoutId::FiveSix, RuleSet::standard()), 3).unwrap();
        let table = Table::new(&board).unwrap();
        assert_eq!((table.corners, table.edges), (80, 109));
        assert_eq!(table.land.len(), 30);
        assert_eq!(table.land_edges.count_ones(), 109);
        assert_eq!(table.rules, Rules::FIVE_SIX);
    }

    #[test]
    fn seafarers_boards_are_refused() {
        let board = generate(&Settings::new(LayoutId::Seafarers, RuleSet::standard()), 3).unwrap();
        assert_eq!(
            Table::new(&board).err(),
            Some(PlayError::NotPlayed {
                layout: LayoutId::Seafarers
            })
        );
    }
}
