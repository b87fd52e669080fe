//! Which hexes, corners, edges and harbour spots a board has, and what goes in its bags.
//!
//! A layout is compiled from its board file (`boards/<family>/<board>.board`, see
//! `compile`; the page decodes the layouts build.rs compiled, see `decode`): rows of tile
//! positions in doubled-width coordinates (the notation of
//! ../shared/reference/seafarers.md), each position in a zone whose bag is shuffled within
//! it. Corners, edges and adjacency are derived from the hex geometry (`Topology`), so counts
//! such as 19 hexes, 54 corners and 72 edges on the base island are checked by tests, not
//! typed in. Each board file names its sources.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::store::{entry, every_id, find};
use super::{Constraint, PieceKind};
use crate::geometry::{Hex, Topology};
use crate::model::{CellId, CornerId, EdgeId, HarbourKind, Terrain};

/// A board of the catalogue: its place in the catalogue (never in links: links use the
/// frozen codes of `share`). The boards from before the catalogue keep their old names as
/// constants, so that code reads as it did.
///
/// Serde writes it as its name, not its place, so a board added at run time keeps its name
/// across the worker boundary, and reads a name that names no board as serde's own invalid
/// value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "&'static str")]
pub struct LayoutId(pub(crate) u16);

impl<'de> Deserialize<'de> for LayoutId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<LayoutId, D::Error> {
        let name = String::deserialize(d)?;
        LayoutId::parse(&name).ok_or_else(|| {
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(&name), &"a layout's name")
        })
    }
}

impl From<LayoutId> for &'static str {
    fn from(id: LayoutId) -> &'static str {
        id.name()
    }
}

#[allow(non_upper_case_globals)]
impl LayoutId {
    pub const Base: LayoutId = LayoutId(0);
    pub const FiveSix: LayoutId = LayoutId(1);
    /// Heading for New Shores with the harbour places from before the correction: kept for
    /// its links (`new-shores-4` is the printed board).
    pub const Seafarers: LayoutId = LayoutId(2);
    pub const SeafarersFiveSix: LayoutId = LayoutId(3);
    pub const NewWorld: LayoutId = LayoutId(4);
    pub const NewWorldFiveSix: LayoutId = LayoutId(5);
    pub const McGuire: LayoutId = LayoutId(6);

    /// The seven boards from before the catalogue, with the constants above: link codes 0
    /// to 6, the boards of the first golden tokens and determinism groups (frozen, so they
    /// keep their cases), and the boards whose score limits `balance::score::limits` writes
    /// out. Not a list of every board: [`LayoutId::every`] is the catalogue, and
    /// [`LayoutId::tables`] each board at each player count, which the heavy tests cover.
    pub const PRE_CATALOGUE: [LayoutId; 7] = [
        LayoutId::Base,
        LayoutId::FiveSix,
        LayoutId::Seafarers,
        LayoutId::SeafarersFiveSix,
        LayoutId::NewWorld,
        LayoutId::NewWorldFiveSix,
        LayoutId::McGuire,
    ];

    /// Every board of the catalogue (legacy boards included), in catalogue order.
    pub fn every() -> Vec<LayoutId> {
        every_id()
    }

    /// Every board of the catalogue (legacy boards included) at each player count it is
    /// made for: a share link carries the seats, and the draft and the fair start differ
    /// with them.
    pub fn tables() -> Vec<(LayoutId, usize)> {
        every_id()
            .into_iter()
            .flat_map(|id| id.seats().map(move |seats| (id, seats)))
            .collect()
    }

    /// Whether the board is one of the program's own (not added at run time by
    /// `add_board`): only these have link codes.
    pub fn built_in(self) -> bool {
        usize::from(self.0) < super::store::built_in_count()
    }

    /// The boards a player picks from: the catalogue less the legacy boards.
    pub fn offered() -> Vec<LayoutId> {
        every_id().into_iter().filter(|id| !id.legacy()).collect()
    }

    /// The board's unique name, used on the command line (`--layout`) and in links.
    pub fn name(self) -> &'static str {
        entry(self).header.name
    }

    /// A short description for people.
    pub fn title(self) -> &'static str {
        entry(self).header.title
    }

    /// The scenario this board is one player count of (`--scenario`).
    pub fn scenario(self) -> &'static str {
        entry(self).header.scenario
    }

    /// The game it comes from: base, seafarers, traders-barbarians or house-rules.
    pub fn game(self) -> &'static str {
        entry(self).header.game
    }

    /// Kept only so that old links still open: pickers and `--scenario` skip it.
    pub fn legacy(self) -> bool {
        entry(self).header.legacy.is_some()
    }

    /// For a legacy board, what a player opening its link should know.
    pub fn notice(self) -> Option<&'static str> {
        entry(self).header.legacy
    }

    /// The board's file as parsed (sources, edition, notes): the command line's; the page
    /// has no board files (it decodes build.rs's layouts).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn description(self) -> &'static super::Description {
        &entry(self).description
    }

    pub fn parse(name: &str) -> Option<LayoutId> {
        find(name)
    }

    /// The names a player may use: every board but the legacy ones.
    pub fn names() -> String {
        LayoutId::offered()
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Seats the layout is made for.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        let (low, high) = entry(self).header.players;
        low..=high
    }
}

impl fmt::Display for LayoutId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A sea hex that carries (or may carry) a harbour, and the two coastal corners it serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HarbourSpot {
    pub sea: Hex,
    /// The land cell the harbour faces.
    pub faces: CellId,
    pub corners: [CornerId; 2],
}

/// Where a layout's harbours go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HarbourPlan {
    /// Printed on the frame: fixed spots, types shuffled.
    Fixed(Vec<HarbourSpot>),
    /// New World: placed after the map is laid, on sea edges next to land.
    NextToLand,
    /// McGuire: the frame's spots, less the one facing the inland harbour, whose type moves
    /// into that harbour together with an extra 3:1.
    McGuire(Vec<HarbourSpot>),
}

/// The letter-token spiral of the official variable set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spiral {
    /// Token values for letters A, B, C, ... in order.
    pub tokens: Vec<u8>,
    /// The cells a spiral may start from (the island's corner hexes).
    pub starts: Vec<CellId>,
}

/// A group of positions whose terrain and tokens are shuffled among themselves. Printed
/// cells form zones too, one for each kind of printed cell, so their bags hold exactly what
/// is printed and shuffling changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    pub name: &'static str,
    /// The zone letter of the board file (`None`: the fixed sea, `~`).
    pub letter: Option<char>,
    pub cells: Vec<CellId>,
    pub terrain_bag: Vec<Terrain>,
    pub token_bag: Vec<u8>,
    pub spiral: Option<Spiral>,
    /// Tokens printed on the zone's cells, one a cell (parallel to `cells`), while the
    /// terrain shuffles under them (Barbarian Attack). The layout's constraints bar every
    /// other number from each of these cells, so every part that reads constraints keeps
    /// them in place; the draws lay them directly.
    pub printed_tokens: Option<Vec<u8>>,
    /// Printed cells: terrain and numbers never move.
    pub fixed: bool,
    /// Drawn face down until explored (Fog Islands).
    pub fog: bool,
    /// The robber may not enter (the Forgotten Tribe's islands).
    pub robber_free: bool,
    /// The pirate may not enter.
    pub pirate_free: bool,
}

/// Where the robber starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RobberStart {
    /// On the desert (the first in cell order if there are several).
    Desert,
    /// Off the board.
    Nowhere,
    /// On this cell.
    Cell(CellId),
}

/// A printed marker on a corner or an edge (a village and its number, a victory point, a
/// wasteland corner, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: PieceKind,
    pub corner: Option<CornerId>,
    pub edge: Option<EdgeId>,
    pub number: Option<u8>,
}

/// A fishing ground (Traders & Barbarians): on the sea beyond a land hex's side, serving the
/// corners of that side, rolled on its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FishingGround {
    pub sea: Hex,
    pub faces: CellId,
    pub corners: [CornerId; 2],
    pub number: u8,
}

#[derive(Clone, Debug)]
pub struct Layout {
    pub id: LayoutId,
    /// Tile positions in board-text order.
    pub cells: Vec<Hex>,
    /// Cells per row, top to bottom.
    pub rows: Vec<usize>,
    /// What the cells imply: corners, edges, adjacency, and the frame of sea hexes drawn
    /// around them (harbours may sit on those).
    pub topology: Topology,
    pub zones: Vec<Zone>,
    pub cell_zone: Vec<usize>,
    pub harbours: HarbourPlan,
    pub harbour_bag: Vec<HarbourKind>,
    /// Where the pirate starts, if the layout has one.
    pub pirate: Option<Hex>,
    /// The board's own set-up constraints.
    pub constraints: Vec<Constraint>,
    /// The cells nearest the centre of the main zone (for `desert-center`).
    pub centre_cells: Vec<CellId>,
    /// Where the robber starts.
    pub robber: RobberStart,
    /// For each harbour spot of a `Fixed` or `McGuire` plan, its printed type; `None`: dealt
    /// from `harbour_bag`, which holds only the dealt ones.
    pub printed_harbours: Vec<Option<HarbourKind>>,
    /// Whether players may place a starting settlement on each corner (see `may_start`).
    pub start_corners: Vec<bool>,
    pub pieces: Vec<Piece>,
    pub fishing: Vec<FishingGround>,
    /// Each river as its edges, in flow order.
    pub rivers: Vec<Vec<EdgeId>>,
    /// Second numbers printed on a hex beside its token (Rivers of Catan).
    pub extra_numbers: Vec<(CellId, u8)>,
    /// Tokens that ride on the hexes of another number, wherever it falls (`stack`).
    pub stacks: Vec<Stack>,
    /// The pips a hex yields by the number of its token: the token's own and those of the
    /// tokens stacked on that number (a 12 carrying the 2 yields on two rolls of 36).
    pub(crate) pips_by_number: [u8; 13],
    /// For each zone, the spiral from each of its starts, walked on first use.
    pub(crate) walked_spirals: std::sync::OnceLock<Vec<Vec<Option<Vec<CellId>>>>>,
}

/// Tokens set aside while the others are laid, then put on the hexes that got `on`, one a
/// hex in cell order: the Rivers of Catan lays its 2 on the 12's hex, which then yields on
/// 2 or 12. They are not in any bag and a board does not store them: where they go follows
/// from its numbers, so links, draws and swaps know nothing of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    pub tokens: Vec<u8>,
    pub on: u8,
}

impl Layout {
    pub fn get(id: LayoutId) -> &'static Layout {
        super::store::layout(id)
    }

    /// The pips a hex with token `number` yields on this layout, stacked tokens included.
    /// Read without an index check, which would put a panic at every caller.
    #[inline]
    pub fn number_pips(&self, number: Option<u8>) -> u8 {
        number
            .and_then(|n| self.pips_by_number.get(usize::from(n)))
            .copied()
            .unwrap_or(0)
    }

    /// The cells whose terrain is printed over a drawn token, with that terrain (`r:P`).
    pub fn pinned_terrain(&self) -> impl Iterator<Item = (CellId, Terrain)> + '_ {
        self.constraints.iter().filter_map(|c| match *c {
            Constraint::TerrainAt { cell, terrain } => Some((cell, terrain)),
            _ => None,
        })
    }

    /// Every second number of a board with these `numbers`: those printed beside a token
    /// (`extra_numbers`), then each stack's tokens on the hexes that got its number.
    pub fn second_numbers(&self, numbers: &[Option<u8>]) -> Vec<(CellId, u8)> {
        let mut out = self.extra_numbers.clone();
        for stack in &self.stacks {
            let under = CellId::all(numbers.len()).filter(|&c| numbers[c] == Some(stack.on));
            out.extend(under.zip(stack.tokens.iter().copied()));
        }
        out
    }

    /// The spiral path from each start of zone `zone` (`None` where the walk cannot cover
    /// the zone from there). They depend on the layout alone, so they are walked once.
    pub fn corner_spirals(&self, zone: usize) -> &[Option<Vec<CellId>>] {
        &self.walked_spirals.get_or_init(|| {
            self.zones
                .iter()
                .map(|zone| {
                    let starts = zone.spiral.as_ref().map_or(&[][..], |s| &s.starts[..]);
                    starts
                        .iter()
                        .map(|&start| self.spiral_path(zone, start, None))
                        .collect()
                })
                .collect()
        })[zone]
    }

    /// Every harbour of the board: the printed kinds, then the bag dealt over the other places.
    pub fn harbour_kinds(&self) -> Vec<HarbourKind> {
        self.printed_harbours
            .iter()
            .flatten()
            .chain(&self.harbour_bag)
            .copied()
            .collect()
    }

    /// The kind of each harbour place in order: the printed kind where the board prints one,
    /// the next of `dealt` (the shuffled `harbour_bag`) elsewhere.
    pub fn deal_harbours(&self, dealt: Vec<HarbourKind>) -> Vec<HarbourKind> {
        let mut dealt = dealt.into_iter();
        self.printed_harbours
            .iter()
            .map_while(|printed| printed.or_else(|| dealt.next()))
            .collect()
    }

    /// Of the kinds at the harbour places, in order, those dealt from the bag (the places
    /// without a printed kind).
    pub fn dealt_harbours(&self, kinds: impl Iterator<Item = HarbourKind>) -> Vec<HarbourKind> {
        kinds
            .zip(&self.printed_harbours)
            .filter(|(_, printed)| printed.is_none())
            .map(|(kind, _)| kind)
            .collect()
    }

    /// Whether every hex is printed, so every seed lays the same terrain and numbers (the
    /// Pirate Islands).
    pub fn all_printed(&self) -> bool {
        self.zones.iter().all(|zone| zone.fixed)
    }

    /// The printed pieces of one kind, in the layout's order.
    pub fn pieces_of(&self, kind: PieceKind) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |p| p.kind == kind)
    }

    /// Every cell of the board file's zone `letter`, shuffled and printed alike, in cell
    /// order (`zones` keeps the printed cells in zones of their own).
    pub fn zone_cells(&self, letter: char) -> Vec<CellId> {
        CellId::all(self.cells.len())
            .filter(|&c| self.zones[self.cell_zone[c]].letter == Some(letter))
            .collect()
    }

    /// The numbers printed on `cells` (tokens of printed cells and second numbers).
    pub fn fixed_numbers(&self, cells: &[CellId]) -> Vec<u8> {
        let printed = cells.iter().filter_map(|&c| {
            let zone = &self.zones[self.cell_zone[c]];
            zone.fixed
                .then(|| zone.token_bag.first().copied())
                .flatten()
        });
        let extra = self
            .extra_numbers
            .iter()
            .filter(|(c, _)| cells.contains(c))
            .map(|&(_, n)| n);
        printed.chain(extra).collect()
    }

    /// Whether `cell`, holding `terrain`, carries a number: land other than desert and lake
    /// does, unless the board prints it without one (the Forgotten Tribe's islands).
    pub fn takes_number(&self, cell: CellId, terrain: Terrain) -> bool {
        let zone = &self.zones[self.cell_zone[cell]];
        terrain.takes_number() && !(zone.fixed && zone.token_bag.is_empty())
    }

    /// Whether a player may place a starting settlement on `corner` (the board's start
    /// zones; whether the corner touches land on a given board is the board's business).
    pub fn may_start(&self, corner: CornerId) -> bool {
        self.start_corners[corner]
    }

    /// The cell the robber starts on, given the board's terrain.
    pub fn robber_start(&self, terrain: &[Terrain]) -> Option<CellId> {
        match self.robber {
            RobberStart::Desert => terrain
                .iter()
                .position(|&t| t == Terrain::Desert)
                .map(CellId::new),
            RobberStart::Nowhere => None,
            RobberStart::Cell(cell) => Some(cell),
        }
    }

    pub fn cell_of(&self, hex: Hex) -> Option<CellId> {
        self.cells
            .binary_search_by_key(&(hex.r, hex.q), |h| (h.r, h.q))
            .ok()
            .map(CellId::new)
    }

    /// Every terrain tile of the layout, all zones together.
    pub fn terrain_bag(&self) -> Vec<Terrain> {
        self.zones
            .iter()
            .flat_map(|z| z.terrain_bag.iter().copied())
            .collect()
    }

    /// Every number token of the layout, all zones together.
    pub fn token_bag(&self) -> Vec<u8> {
        self.zones
            .iter()
            .flat_map(|z| z.token_bag.iter().copied())
            .collect()
    }

    /// The spot between sea hex `sea` and land cell `faces`: their two shared corners.
    pub fn spot(&self, sea: Hex, faces: CellId) -> Option<HarbourSpot> {
        let corners: Vec<CornerId> = self.topology.cell_corners[faces]
            .iter()
            .copied()
            .filter(|&c| sea.corners().contains(&self.topology.corners[c]))
            .collect();
        (corners.len() == 2 && sea.distance(self.cells[faces]) == 1).then(|| HarbourSpot {
            sea,
            faces,
            corners: [corners[0], corners[1]],
        })
    }

    /// Whether the spiral is a fixed part of the layout's set-up.
    pub fn has_spiral(&self) -> bool {
        self.zones.iter().any(|z| z.spiral.is_some())
    }

    /// The cells of `zone` in spiral order from `start`: counter-clockwise round the outside,
    /// then inwards, keeping the outside (or what is already visited) on the right. `skip`
    /// marks cells that are not part of the island (the McGuire harbour). `None` if the walk
    /// cannot cover every cell from there.
    pub fn spiral_path(
        &self,
        zone: &Zone,
        start: CellId,
        skip: Option<CellId>,
    ) -> Option<Vec<CellId>> {
        let inside = |cell: Option<CellId>, visited: &[CellId]| {
            cell.is_some_and(|c| {
                zone.cells.contains(&c) && Some(c) != skip && !visited.contains(&c)
            })
        };
        let step = |cell: CellId, dir: usize| self.cell_of(self.cells[cell].neighbor(dir));
        let wanted = zone.cells.len() - usize::from(skip.is_some_and(|s| zone.cells.contains(&s)));
        let mut path = vec![start];
        // First move: the first inside direction met turning counter-clockwise from outside.
        let mut heading = (0..6)
            .find(|&d| !inside(step(start, d), &path) && inside(step(start, (d + 5) % 6), &path))?
            + 5;
        while path.len() < wanted {
            let here = *path.last().expect("non-empty");
            // Right turn first, then straight on, then ever sharper left turns.
            let dir = [1, 0, 5, 4, 3]
                .into_iter()
                .map(|turn| (heading + turn) % 6)
                .find(|&d| inside(step(here, d), &path))?;
            path.push(step(here, dir).expect("inside means on the board"));
            heading = dir;
        }
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{pips, Resource};

    #[test]
    fn base_topology_is_19_54_72() {
        let l = Layout::get(LayoutId::Base);
        assert_eq!(l.cells.len(), 19);
        assert_eq!(l.topology.corners.len(), 54);
        assert_eq!(l.topology.edges.len(), 72);
        assert_eq!(l.rows, vec![3, 4, 5, 4, 3]);
        assert_eq!(l.topology.adjacent_pairs.len(), 42);
        assert_eq!(l.topology.frame.len(), 18);
        assert_eq!(l.centre_cells, vec![CellId::new(9)]);
    }

    #[test]
    fn five_six_topology() {
        let l = Layout::get(LayoutId::FiveSix);
        assert_eq!(l.cells.len(), 30);
        assert_eq!(l.rows, vec![3, 4, 5, 6, 5, 4, 3]);
        // Euler on the plane graph of hexes: V - E + F = 2 with F = 30 hexes + outside.
        assert_eq!(
            l.topology.corners.len() as i64 - l.topology.edges.len() as i64 + 31,
            2
        );
        assert_eq!(l.topology.corners.len(), 80);
        assert_eq!(
            l.centre_cells.len(),
            2,
            "the centre falls between the two middle hexes"
        );
        let HarbourPlan::Fixed(spots) = &l.harbours else {
            panic!()
        };
        assert_eq!(spots.len(), 11);
        assert_eq!(l.harbour_bag.len(), 11);
        assert_eq!(
            l.harbour_bag
                .iter()
                .filter(|h| **h == HarbourKind::Special(Resource::Wool))
                .count(),
            2
        );
    }

    #[test]
    fn every_layout_has_consistent_bags() {
        // The boards from before the catalogue, whose every numbered hex takes a token from
        // its bag; tests/catalogue.rs holds every board to its zones' bags.
        for id in LayoutId::PRE_CATALOGUE {
            let l = Layout::get(id);
            assert_eq!(l.terrain_bag().len(), l.cells.len(), "{id}");
            let numbered = l.terrain_bag().iter().filter(|t| t.takes_number()).count();
            assert_eq!(l.token_bag().len(), numbered, "{id}");
            assert!(l.token_bag().iter().all(|&t| pips(t) > 0), "{id}");
            assert_eq!(l.cell_zone.len(), l.cells.len());
            for zone in &l.zones {
                if let Some(spiral) = &zone.spiral {
                    let mut a = spiral.tokens.clone();
                    let mut b = zone.token_bag.clone();
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(a, b, "{id}: the spiral uses the zone's tokens");
                    assert_eq!(spiral.starts.len(), 6, "{id}: six corner hexes");
                    for &start in &spiral.starts {
                        let path = l
                            .spiral_path(zone, start, None)
                            .expect("a spiral covers the island");
                        let mut sorted = path.clone();
                        sorted.sort_unstable();
                        assert_eq!(sorted, zone.cells, "{id}");
                        for pair in path.windows(2) {
                            assert!(
                                l.topology.cell_neighbors[pair[0]].contains(&pair[1]),
                                "{id}: spiral steps are adjacent"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn seafarers_frames_match_the_source() {
        let l = Layout::get(LayoutId::Seafarers);
        assert_eq!(l.cells.len(), 42);
        assert_eq!(l.rows, vec![5, 6, 7, 6, 7, 6, 5]);
        let sizes: Vec<usize> = l.zones.iter().map(|z| z.cells.len()).collect();
        assert_eq!(sizes, vec![19, 13, 10]);
        let sea: usize = l
            .terrain_bag()
            .iter()
            .filter(|&&t| t == Terrain::Sea)
            .count();
        assert_eq!(sea, 14);
        let l6 = Layout::get(LayoutId::SeafarersFiveSix);
        assert_eq!(l6.cells.len(), 56);
        assert_eq!(
            l6.zones.iter().map(|z| z.cells.len()).collect::<Vec<_>>(),
            vec![30, 12, 14]
        );
        assert_eq!(Layout::get(LayoutId::NewWorld).cells.len(), 42);
        assert_eq!(Layout::get(LayoutId::NewWorldFiveSix).cells.len(), 63);
        assert!(Layout::get(LayoutId::NewWorld)
            .constraints
            .contains(&Constraint::LargestIsland { least: 7, most: 17 }));
        assert!(Layout::get(LayoutId::NewWorldFiveSix).constraints.contains(
            &Constraint::LargestIsland {
                least: 13,
                most: 31
            }
        ));
        // The main islands are the base and 5-6 islands: same shape, same hex count.
        for (sea, plain) in [(l, LayoutId::Base), (l6, LayoutId::FiveSix)] {
            let main = &sea.zones[0];
            let plain = Layout::get(plain);
            let internal = main
                .cells
                .iter()
                .map(|c| {
                    sea.topology.cell_neighbors[*c]
                        .iter()
                        .filter(|n| main.cells.contains(n))
                        .count()
                })
                .sum::<usize>()
                / 2;
            assert_eq!(internal, plain.topology.adjacent_pairs.len());
        }
    }

    #[test]
    fn fixed_harbours_face_land_and_share_no_corner() {
        // The boards from before the catalogue, one island each; tests/catalogue.rs holds
        // every board's harbours to the land they face.
        for id in LayoutId::PRE_CATALOGUE {
            let l = Layout::get(id);
            let (HarbourPlan::Fixed(spots) | HarbourPlan::McGuire(spots)) = &l.harbours else {
                continue;
            };
            let mut corners: Vec<CornerId> = spots.iter().flat_map(|h| h.corners).collect();
            corners.sort_unstable();
            corners.dedup();
            assert_eq!(
                corners.len(),
                2 * spots.len(),
                "{id}: no two harbours share a corner"
            );
            for spot in spots {
                assert_eq!(
                    l.cell_zone[spot.faces], 0,
                    "{id}: harbours face the main island"
                );
                assert!(
                    l.cell_of(spot.sea).is_none_or(|c| l.zones[l.cell_zone[c]]
                        .terrain_bag
                        .iter()
                        .all(|&t| t == Terrain::Sea)),
                    "{id}: a harbour sits on sea that stays sea"
                );
            }
        }
    }

    #[test]
    fn base_harbours_are_the_even_ring_positions() {
        let l = Layout::get(LayoutId::Base);
        let HarbourPlan::Fixed(spots) = &l.harbours else {
            panic!()
        };
        let ring = Hex::ORIGIN.ring(3);
        let mut seas: Vec<Hex> = spots.iter().map(|h| h.sea).collect();
        let mut expected: Vec<Hex> = ring.iter().step_by(2).copied().collect();
        seas.sort();
        expected.sort();
        assert_eq!(seas, expected);
        for spot in spots {
            assert_eq!(l.cells[spot.faces].distance(Hex::ORIGIN), 2);
        }
    }

    #[test]
    fn corner_degrees_match_the_island() {
        let l = Layout::get(LayoutId::Base);
        let by_degree = |d: usize| {
            l.topology
                .corner_cells
                .iter()
                .filter(|c| c.len() == d)
                .count()
        };
        assert_eq!(by_degree(3), 24);
        assert_eq!(by_degree(2), 12);
        assert_eq!(by_degree(1), 18);
    }

    #[test]
    fn base_spiral_from_the_top_left_corner_is_counter_clockwise() {
        let l = Layout::get(LayoutId::Base);
        let path = l.spiral_path(&l.zones[0], CellId::new(0), None).unwrap();
        // Down the west side first, round the outside, then the inner ring, centre last.
        assert_eq!(&path[..3], &[0, 3, 7].map(CellId::new));
        assert_eq!(path[11], CellId::new(1));
        assert_eq!(path[18], CellId::new(9));
    }
}
