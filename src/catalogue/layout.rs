//! Which hexes, corners, edges and harbour spots a board has, and what goes in its bags.
//!
//! A layout is built from its frame: rows of tile positions in doubled-width coordinates
//! (the notation of ../shared/reference/seafarers.md), each position belonging to a zone
//! whose bag is shuffled within it. Corners, edges and adjacency are then derived from the
//! hex geometry, so counts such as 19 hexes, 54 corners and 72 edges on the base island
//! are checked by tests, not typed in.
//!
//! Sources of every count and position:
//! - base: the 4th/5th-edition rules (19 hexes, bags); harbour spots: catanatron's
//!   `BASE_MAP_TEMPLATE`; spiral letters A-R: the rulebook's variable set-up.
//! - five-six: the 5-6 extension rules (30 hexes, bags, 28 tokens, 11 harbours); harbour
//!   spots: thisisrandy/catan-randomizer `expansions.ts` (the printed frame); spiral A-Zc:
//!   JSettlers `SOCBoard6p.java` via seafarers.md.
//! - seafarers, seafarers-five-six, new-world, new-world-five-six: seafarers.md (frames,
//!   zones, bags, tokens, harbours), itself from the Seafarers rules and JSettlers.
//! - mcguire: ../shared/reference/001 (McGuire house rules, set-up steps 1-3).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use super::Constraint;
use crate::geometry::{Hex, LatticePoint};
use crate::model::{CellId, HarbourKind, NodeId, Resource, Terrain};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LayoutId {
    Base,
    FiveSix,
    Seafarers,
    SeafarersFiveSix,
    NewWorld,
    NewWorldFiveSix,
    McGuire,
}

impl LayoutId {
    pub const ALL: [LayoutId; 7] = [
        LayoutId::Base,
        LayoutId::FiveSix,
        LayoutId::Seafarers,
        LayoutId::SeafarersFiveSix,
        LayoutId::NewWorld,
        LayoutId::NewWorldFiveSix,
        LayoutId::McGuire,
    ];

    /// The stable name used on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            LayoutId::Base => "base",
            LayoutId::FiveSix => "five-six",
            LayoutId::Seafarers => "seafarers",
            LayoutId::SeafarersFiveSix => "seafarers-five-six",
            LayoutId::NewWorld => "new-world",
            LayoutId::NewWorldFiveSix => "new-world-five-six",
            LayoutId::McGuire => "mcguire",
        }
    }

    /// A short description for people.
    pub fn title(self) -> &'static str {
        match self {
            LayoutId::Base => "Base game (3-4 players)",
            LayoutId::FiveSix => "5-6 player extension",
            LayoutId::Seafarers => "Seafarers: Heading for New Shores (4 players)",
            LayoutId::SeafarersFiveSix => "Seafarers: Heading for New Shores (5-6 players)",
            LayoutId::NewWorld => "Seafarers: New World (3-4 players)",
            LayoutId::NewWorldFiveSix => "Seafarers: New World (5-6 players)",
            LayoutId::McGuire => "McGuire house rules (inland harbour)",
        }
    }

    pub fn parse(name: &str) -> Option<LayoutId> {
        LayoutId::ALL.into_iter().find(|l| l.name() == name)
    }

    pub fn names() -> String {
        LayoutId::ALL.map(LayoutId::name).join(", ")
    }

    /// Seats the layout is made for.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            LayoutId::FiveSix | LayoutId::SeafarersFiveSix | LayoutId::NewWorldFiveSix => 5..=6,
            _ => 3..=4,
        }
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
    pub corners: [NodeId; 2],
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

/// A group of positions whose terrain and tokens are shuffled among themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    pub name: &'static str,
    pub cells: Vec<CellId>,
    pub terrain_bag: Vec<Terrain>,
    pub token_bag: Vec<u8>,
    pub spiral: Option<Spiral>,
}

#[derive(Debug)]
pub struct Layout {
    pub id: LayoutId,
    /// Tile positions in board-text order.
    pub cells: Vec<Hex>,
    /// Cells per row, top to bottom.
    pub rows: Vec<usize>,
    /// Sea hexes drawn around the cells (the frame); harbours may sit on them.
    pub frame: Vec<Hex>,
    pub corners: Vec<LatticePoint>,
    pub edges: Vec<(NodeId, NodeId)>,
    pub cell_corners: Vec<[NodeId; 6]>,
    /// The cells touching each corner (one to three).
    pub corner_cells: Vec<Vec<CellId>>,
    pub cell_neighbors: Vec<Vec<CellId>>,
    /// Each pair of cells sharing an edge, once, smaller id first.
    pub adjacent_pairs: Vec<(CellId, CellId)>,
    pub zones: Vec<Zone>,
    pub cell_zone: Vec<usize>,
    pub harbours: HarbourPlan,
    pub harbour_bag: Vec<HarbourKind>,
    /// Where the pirate starts, if the layout has one.
    pub pirate: Option<Hex>,
    /// The robber starts on a desert (false: the layout has no robber on the board).
    pub robber_on_desert: bool,
    /// The board's own set-up constraints.
    pub constraints: Vec<Constraint>,
    /// The cells nearest the centre of the main zone (for `desert-center`).
    pub centre_cells: Vec<CellId>,
}

impl Layout {
    pub fn get(id: LayoutId) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; 7] = [const { OnceLock::new() }; 7];
        let index = LayoutId::ALL.iter().position(|&l| l == id).expect("listed");
        LAYOUTS[index].get_or_init(|| spec(id).build())
    }

    pub fn cell_of(&self, hex: Hex) -> Option<CellId> {
        self.cells
            .binary_search_by_key(&(hex.r, hex.q), |h| (h.r, h.q))
            .ok()
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
        let corners: Vec<NodeId> = self.cell_corners[faces]
            .iter()
            .copied()
            .filter(|&c| sea.corners().contains(&self.corners[c]))
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

/// How a frame is described before its geometry is derived.
struct Spec {
    id: LayoutId,
    /// (doubled-x of the first position, positions) for each row, top to bottom; the middle
    /// row is y = 0.
    rows: Vec<(i32, usize)>,
    /// One letter a position, row by row, naming its zone (see `zones`).
    zone_map: Vec<&'static str>,
    zones: Vec<ZoneSpec>,
    harbours: HarbourSpec,
    harbour_bag: Vec<HarbourKind>,
    pirate: Option<(i32, i32)>,
    largest_island: Option<(usize, usize)>,
    red_never_on_gold: bool,
    sea_on_border_only: bool,
    spiral_from_harbour: bool,
    robber_on_desert: bool,
}

struct ZoneSpec {
    letter: char,
    name: &'static str,
    terrain: Vec<(Terrain, usize)>,
    tokens: Vec<u8>,
    spiral: Option<&'static [u8]>,
}

enum HarbourSpec {
    /// (sea position in doubled coordinates, direction from the sea towards the land).
    Fixed(Vec<((i32, i32), usize)>),
    /// The base frame: every second hex of the sea ring, derived below.
    BaseRing,
    NextToLand,
    McGuire,
}

impl Spec {
    fn build(self) -> Layout {
        let middle = (self.rows.len() / 2) as i32;
        let mut cells = Vec::new();
        let mut letters = Vec::new();
        for (row, &(x0, width)) in self.rows.iter().enumerate() {
            let y = row as i32 - middle;
            assert_eq!(
                (x0 - y).rem_euclid(2),
                0,
                "{}: row {row} is off the hex grid",
                self.id
            );
            let map_row: Vec<char> = self.zone_map[row]
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            assert_eq!(map_row.len(), width, "{}: zone map row {row}", self.id);
            for (i, letter) in map_row.into_iter().enumerate() {
                cells.push(Hex::from_doubled(x0 + 2 * i as i32, y));
                letters.push(letter);
            }
        }
        let index: BTreeMap<Hex, CellId> = cells.iter().enumerate().map(|(i, &h)| (h, i)).collect();

        let mut corners: Vec<LatticePoint> = cells.iter().flat_map(|h| h.corners()).collect();
        corners.sort_by_key(|p| (p.y, p.x));
        corners.dedup();
        let corner_id: BTreeMap<LatticePoint, NodeId> =
            corners.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let cell_corners: Vec<[NodeId; 6]> = cells
            .iter()
            .map(|h| h.corners().map(|p| corner_id[&p]))
            .collect();
        let mut corner_cells = vec![Vec::new(); corners.len()];
        for (cell, cs) in cell_corners.iter().enumerate() {
            for &c in cs {
                corner_cells[c].push(cell);
            }
        }
        let mut edges: Vec<(NodeId, NodeId)> = cell_corners
            .iter()
            .flat_map(|c| (0..6).map(move |i| (c[i].min(c[(i + 1) % 6]), c[i].max(c[(i + 1) % 6]))))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        let cell_neighbors: Vec<Vec<CellId>> = cells
            .iter()
            .map(|h| {
                h.neighbors()
                    .iter()
                    .filter_map(|n| index.get(n).copied())
                    .collect()
            })
            .collect();
        let adjacent_pairs = cell_neighbors
            .iter()
            .enumerate()
            .flat_map(|(a, ns)| ns.iter().filter(move |&&b| a < b).map(move |&b| (a, b)))
            .collect();
        let mut frame: Vec<Hex> = cells
            .iter()
            .flat_map(|h| h.neighbors())
            .filter(|n| !index.contains_key(n))
            .collect();
        frame.sort_by_key(|h| (h.r, h.q));
        frame.dedup();

        let cell_zone: Vec<usize> = letters
            .iter()
            .map(|l| {
                self.zones
                    .iter()
                    .position(|z| z.letter == *l)
                    .expect("zone letter has a zone")
            })
            .collect();

        let mut layout = Layout {
            id: self.id,
            rows: self.rows.iter().map(|r| r.1).collect(),
            cells,
            frame,
            corners,
            edges,
            cell_corners,
            corner_cells,
            cell_neighbors,
            adjacent_pairs,
            zones: Vec::new(),
            cell_zone,
            harbours: HarbourPlan::NextToLand,
            harbour_bag: self.harbour_bag,
            pirate: self.pirate.map(|(x, y)| Hex::from_doubled(x, y)),
            robber_on_desert: self.robber_on_desert,
            constraints: [
                (self.red_never_on_gold, Some(Constraint::RedNotOnGold)),
                (self.sea_on_border_only, Some(Constraint::SeaOnBorder)),
                (
                    self.spiral_from_harbour,
                    Some(Constraint::SpiralFromHarbour),
                ),
                (
                    self.largest_island.is_some(),
                    self.largest_island
                        .map(|(least, most)| Constraint::LargestIsland { least, most }),
                ),
            ]
            .into_iter()
            .filter_map(|(on, c)| c.filter(|_| on))
            .collect(),
            centre_cells: Vec::new(),
        };
        layout.zones = self
            .zones
            .iter()
            .enumerate()
            .map(|(z, spec)| {
                let zone_cells: Vec<CellId> = (0..layout.cells.len())
                    .filter(|&c| layout.cell_zone[c] == z)
                    .collect();
                let terrain_bag: Vec<Terrain> = spec
                    .terrain
                    .iter()
                    .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
                    .collect();
                assert_eq!(
                    terrain_bag.len(),
                    zone_cells.len(),
                    "{}: zone {} bag",
                    self.id,
                    spec.name
                );
                let numbered = terrain_bag.iter().filter(|t| t.takes_number()).count();
                assert_eq!(
                    spec.tokens.len(),
                    numbered,
                    "{}: zone {} tokens",
                    self.id,
                    spec.name
                );
                let spiral = spec.spiral.map(|tokens| Spiral {
                    tokens: tokens.to_vec(),
                    starts: zone_cells
                        .iter()
                        .copied()
                        .filter(|&c| {
                            layout.cell_neighbors[c]
                                .iter()
                                .filter(|n| zone_cells.contains(n))
                                .count()
                                == 3
                        })
                        .collect(),
                });
                Zone {
                    name: spec.name,
                    cells: zone_cells,
                    terrain_bag,
                    token_bag: spec.tokens.clone(),
                    spiral,
                }
            })
            .collect();
        layout.centre_cells = centre_cells(&layout);
        layout.harbours = match self.harbours {
            HarbourSpec::Fixed(spots) => HarbourPlan::Fixed(
                spots
                    .into_iter()
                    .map(|((x, y), dir)| {
                        let sea = Hex::from_doubled(x, y);
                        let land = layout
                            .cell_of(sea.neighbor(dir))
                            .expect("a harbour faces a cell");
                        layout
                            .spot(sea, land)
                            .expect("harbour spots touch their land")
                    })
                    .collect(),
            ),
            HarbourSpec::BaseRing => HarbourPlan::Fixed(base_ring_spots(&layout)),
            HarbourSpec::NextToLand => HarbourPlan::NextToLand,
            HarbourSpec::McGuire => HarbourPlan::McGuire(base_ring_spots(&layout)),
        };
        layout
    }
}

/// The cells nearest the centre of the first zone's cells (one, or two when the centre
/// falls between hexes, as on the 5-6 island).
fn centre_cells(layout: &Layout) -> Vec<CellId> {
    let zone = &layout.zones[0].cells;
    let pixel = |c: CellId| layout.cells[c].center().to_pixel(1.0);
    let n = zone.len() as f64;
    let (cx, cy) = zone.iter().fold((0.0, 0.0), |(x, y), &c| {
        (x + pixel(c).0 / n, y + pixel(c).1 / n)
    });
    let distance = |c: CellId| (pixel(c).0 - cx).hypot(pixel(c).1 - cy);
    let best = zone
        .iter()
        .map(|&c| distance(c))
        .fold(f64::INFINITY, f64::min);
    zone.iter()
        .copied()
        .filter(|&c| distance(c) < best + 1e-6)
        .collect()
}

/// The base frame's harbours: every second hex of the sea ring round the island, starting at
/// the ring's first hex, as in catanatron's `BASE_MAP_TEMPLATE`. The frame has 3-fold
/// symmetry: one third is (ring index, direction towards the land it faces), the rest are
/// turned by 120 degrees (6 ring steps, 2 directions).
fn base_ring_spots(layout: &Layout) -> Vec<HarbourSpot> {
    const THIRD: [(usize, usize); 3] = [(0, 1), (2, 2), (4, 2)];
    let ring = Hex::ORIGIN.ring(3);
    (0..3)
        .flat_map(|turn| {
            THIRD
                .iter()
                .map(move |&(at, dir)| (at + 6 * turn, dir + 2 * turn))
        })
        .map(|(at, dir)| {
            let sea = ring[at];
            let land = layout
                .cell_of(sea.neighbor(dir))
                .expect("the ring faces the island");
            layout.spot(sea, land).expect("adjacent")
        })
        .collect()
}

/// Five 2:1 harbours, one a resource, `extra_wool` more 2:1 wool, and `generic` 3:1 ones.
fn harbour_bag(generic: usize, extra_wool: usize) -> Vec<HarbourKind> {
    let mut out: Vec<HarbourKind> = Resource::ALL.map(HarbourKind::Special).to_vec();
    out.extend(std::iter::repeat_n(
        HarbourKind::Special(Resource::Wool),
        extra_wool,
    ));
    out.extend(std::iter::repeat_n(HarbourKind::Generic, generic));
    out
}

fn tokens(counts: &[(u8, usize)]) -> Vec<u8> {
    counts
        .iter()
        .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
        .collect()
}

use Terrain::{
    Desert as D, Fields as W, Forest as F, Gold as G, Hills as H, Mountains as M, Pasture as P,
    Sea as S,
};

const BASE_TERRAIN: [(Terrain, usize); 6] = [(F, 4), (P, 4), (W, 4), (H, 3), (M, 3), (D, 1)];
const BASE_TOKENS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];
/// Letters A-R of the base game's variable set-up.
pub const BASE_SPIRAL: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];
const FIVE_SIX_TERRAIN: [(Terrain, usize); 6] = [(F, 6), (P, 6), (W, 6), (H, 5), (M, 5), (D, 2)];
/// Letters A-Y, Za, Zb, Zc of the 5-6 extension (JSettlers `SOCBoard6p.java`).
pub const FIVE_SIX_SPIRAL: [u8; 28] = [
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
];
const FIVE_SIX_ROWS: [(i32, usize); 7] = [
    (-3, 3),
    (-4, 4),
    (-5, 5),
    (-6, 6),
    (-5, 5),
    (-4, 4),
    (-3, 3),
];
/// The 5-6 frame's harbours in doubled coordinates (island centred on x = -1), with the
/// direction from the sea to the land (0 east, clockwise): the printed frame as
/// catan-randomizer's `expansions.ts` encodes it.
const FIVE_SIX_HARBOURS: [((i32, i32), usize); 11] = [
    ((-4, -4), 1),
    ((0, -4), 2),
    ((3, -3), 2),
    ((-7, -1), 0),
    ((6, 0), 3),
    ((-7, 1), 5),
    ((-6, 2), 0),
    ((4, 2), 4),
    ((3, 3), 3),
    ((-4, 4), 5),
    ((0, 4), 4),
];

fn single_zone(
    terrain: &[(Terrain, usize)],
    tokens: Vec<u8>,
    spiral: Option<&'static [u8]>,
) -> Vec<ZoneSpec> {
    vec![ZoneSpec {
        letter: 'm',
        name: "island",
        terrain: terrain.to_vec(),
        tokens,
        spiral,
    }]
}

fn all_in_zone_m(rows: &[(i32, usize)]) -> Vec<&'static str> {
    const MS: &str = "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm";
    rows.iter().map(|&(_, w)| &MS[..w]).collect()
}

fn spec(id: LayoutId) -> Spec {
    let base_rows = vec![(-2, 3), (-3, 4), (-4, 5), (-3, 4), (-2, 3)];
    let plain = |rows: Vec<(i32, usize)>, zones, harbours, harbour_bag| Spec {
        id,
        zone_map: all_in_zone_m(&rows),
        rows,
        zones,
        harbours,
        harbour_bag,
        pirate: None,
        largest_island: None,
        red_never_on_gold: false,
        sea_on_border_only: false,
        spiral_from_harbour: false,
        robber_on_desert: true,
    };
    match id {
        LayoutId::Base => plain(
            base_rows,
            single_zone(&BASE_TERRAIN, BASE_TOKENS.to_vec(), Some(&BASE_SPIRAL)),
            HarbourSpec::BaseRing,
            harbour_bag(4, 0),
        ),
        LayoutId::FiveSix => plain(
            FIVE_SIX_ROWS.to_vec(),
            single_zone(&FIVE_SIX_TERRAIN, five_six_tokens(), Some(&FIVE_SIX_SPIRAL)),
            HarbourSpec::Fixed(FIVE_SIX_HARBOURS.to_vec()),
            harbour_bag(5, 1),
        ),
        LayoutId::McGuire => Spec {
            sea_on_border_only: true,
            spiral_from_harbour: true,
            // McGuire plays without the robber (the house rules remove attack moves).
            robber_on_desert: false,
            ..plain(
                base_rows,
                single_zone(
                    &[(F, 4), (P, 4), (W, 4), (H, 3), (M, 3), (S, 1)],
                    BASE_TOKENS.to_vec(),
                    Some(&BASE_SPIRAL),
                ),
                HarbourSpec::McGuire,
                harbour_bag(4, 0),
            )
        },
        LayoutId::Seafarers => Spec {
            id,
            rows: vec![(1, 5), (0, 6), (-1, 7), (0, 6), (-1, 7), (0, 6), (1, 5)],
            // m: main island, z: small-island zone (shuffled with its sea), s: fixed sea.
            zone_map: vec![
                "zzzzz", "sssszz", "smmmszz", "mmmmsz", "mmmmmsz", "mmmmsz", "mmmsz",
            ],
            zones: vec![
                ZoneSpec {
                    letter: 'm',
                    name: "main island",
                    terrain: BASE_TERRAIN.to_vec(),
                    tokens: BASE_TOKENS.to_vec(),
                    spiral: Some(&BASE_SPIRAL),
                },
                ZoneSpec {
                    letter: 'z',
                    name: "small islands",
                    terrain: vec![(M, 2), (H, 2), (G, 2), (P, 1), (F, 1), (W, 1), (S, 4)],
                    tokens: vec![2, 3, 4, 5, 6, 8, 9, 10, 11],
                    spiral: None,
                },
                fixed_sea(10),
            ],
            // As drawn: P5 west, M4 north-west, P9 north-east, F5 south-east, M10 east,
            // F2 south-west, W8 west, H6 south-west, H6 north-west.
            harbours: HarbourSpec::Fixed(vec![
                ((-1, -1), 0),
                ((4, -2), 1),
                ((7, -1), 2),
                ((8, 2), 4),
                ((7, 3), 3),
                ((2, 4), 5),
                ((-1, 3), 0),
                ((-2, 2), 5),
                ((-2, 0), 1),
            ]),
            harbour_bag: harbour_bag(4, 0),
            pirate: Some((12, 0)),
            largest_island: None,
            red_never_on_gold: false,
            sea_on_border_only: false,
            spiral_from_harbour: false,
            robber_on_desert: true,
        },
        LayoutId::SeafarersFiveSix => Spec {
            id,
            rows: vec![(1, 7), (0, 8), (-1, 9), (0, 8), (-1, 9), (0, 8), (1, 7)],
            // The source gives the zone's two sea tiles without positions; we take the outer
            // east sea of rows 2 and 6, mirroring the 4-player frame (assumption).
            zone_map: vec![
                "zsmmmsz",
                "zsmmmmsz",
                "zsmmmmmsz",
                "smmmmmms",
                "zsmmmmmsz",
                "zsmmmmsz",
                "zsmmmsz",
            ],
            zones: vec![
                ZoneSpec {
                    letter: 'm',
                    name: "main island",
                    terrain: FIVE_SIX_TERRAIN.to_vec(),
                    tokens: five_six_tokens(),
                    spiral: Some(&FIVE_SIX_SPIRAL),
                },
                ZoneSpec {
                    letter: 'z',
                    name: "small islands",
                    terrain: vec![(G, 3), (H, 2), (M, 2), (P, 1), (F, 1), (W, 1), (S, 2)],
                    tokens: vec![2, 3, 4, 5, 6, 8, 9, 10, 11, 12],
                    spiral: None,
                },
                fixed_sea(14),
            ],
            // The main island is the 5-6 island, so its frame's harbour spots are used,
            // moved 8 half-hexes east (the drawn positions are not in the source).
            harbours: HarbourSpec::Fixed(
                FIVE_SIX_HARBOURS
                    .iter()
                    .map(|&((x, y), d)| ((x + 8, y), d))
                    .collect(),
            ),
            harbour_bag: harbour_bag(5, 1),
            pirate: Some((16, 0)),
            largest_island: None,
            red_never_on_gold: false,
            sea_on_border_only: false,
            spiral_from_harbour: false,
            robber_on_desert: true,
        },
        LayoutId::NewWorld => new_world(
            id,
            vec![(1, 5), (0, 6), (-1, 7), (0, 6), (-1, 7), (0, 6), (1, 5)],
            vec![(S, 19), (W, 5), (H, 4), (M, 4), (P, 5), (F, 5)],
            tokens(&[
                (2, 1),
                (3, 3),
                (4, 3),
                (5, 3),
                (6, 2),
                (8, 2),
                (9, 3),
                (10, 3),
                (11, 2),
                (12, 1),
            ]),
            harbour_bag(4, 0),
            12,
        ),
        LayoutId::NewWorldFiveSix => new_world(
            id,
            vec![(1, 8), (0, 9), (-1, 10), (0, 9), (-1, 10), (0, 9), (1, 8)],
            vec![
                (S, 21),
                (D, 3),
                (G, 4),
                (W, 7),
                (H, 7),
                (M, 7),
                (P, 7),
                (F, 7),
            ],
            tokens(&[
                (2, 2),
                (3, 3),
                (4, 4),
                (5, 5),
                (6, 5),
                (8, 5),
                (9, 5),
                (10, 4),
                (11, 4),
                (12, 2),
            ]),
            harbour_bag(5, 1),
            18,
        ),
    }
}

fn five_six_tokens() -> Vec<u8> {
    tokens(&[
        (2, 2),
        (3, 3),
        (4, 3),
        (5, 3),
        (6, 3),
        (8, 3),
        (9, 3),
        (10, 3),
        (11, 3),
        (12, 2),
    ])
}

fn fixed_sea(n: usize) -> ZoneSpec {
    ZoneSpec {
        letter: 's',
        name: "sea",
        terrain: vec![(S, n)],
        tokens: Vec::new(),
        spiral: None,
    }
}

/// New World: every position shuffled, sea included. The map is redrawn unless its largest
/// island holds between 30% and 75% of the land hexes (rounded inwards): below, the islands
/// are all tiny; above, one main island swallows the map and ships hardly matter. Measured
/// over 200,000 random maps (`examples/island_sizes.rs`), the largest island is above 75%
/// of the land on 64% of 3-4 player maps and on 94% of 5-6 player maps, so without the cap
/// New World would nearly always be one continent. The bounds: 3-4 players 7 to 17 of 23
/// land hexes (about 36% of random maps pass); 5-6 players 13 to 31 of 42 (about 5.5%).
fn new_world(
    id: LayoutId,
    rows: Vec<(i32, usize)>,
    terrain: Vec<(Terrain, usize)>,
    token_bag: Vec<u8>,
    harbour_bag: Vec<HarbourKind>,
    pirate_x: i32,
) -> Spec {
    let land: usize = terrain
        .iter()
        .filter(|(t, _)| *t != S)
        .map(|(_, n)| n)
        .sum();
    let smallest = (land * 3).div_ceil(10);
    let largest = land * 3 / 4;
    Spec {
        id,
        zone_map: all_in_zone_m(&rows),
        rows,
        zones: single_zone(&terrain, token_bag, None),
        harbours: HarbourSpec::NextToLand,
        harbour_bag,
        pirate: Some((pirate_x, 0)),
        largest_island: Some((smallest, largest)),
        red_never_on_gold: true,
        sea_on_border_only: false,
        spiral_from_harbour: false,
        robber_on_desert: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pips;

    #[test]
    fn base_topology_is_19_54_72() {
        let l = Layout::get(LayoutId::Base);
        assert_eq!(l.cells.len(), 19);
        assert_eq!(l.corners.len(), 54);
        assert_eq!(l.edges.len(), 72);
        assert_eq!(l.rows, vec![3, 4, 5, 4, 3]);
        assert_eq!(l.adjacent_pairs.len(), 42);
        assert_eq!(l.frame.len(), 18);
        assert_eq!(l.centre_cells, vec![9]);
    }

    #[test]
    fn five_six_topology() {
        let l = Layout::get(LayoutId::FiveSix);
        assert_eq!(l.cells.len(), 30);
        assert_eq!(l.rows, vec![3, 4, 5, 6, 5, 4, 3]);
        // Euler on the plane graph of hexes: V - E + F = 2 with F = 30 hexes + outside.
        assert_eq!(l.corners.len() as i64 - l.edges.len() as i64 + 31, 2);
        assert_eq!(l.corners.len(), 80);
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
        for id in LayoutId::ALL {
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
                                l.cell_neighbors[pair[0]].contains(&pair[1]),
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
                    sea.cell_neighbors[*c]
                        .iter()
                        .filter(|n| main.cells.contains(n))
                        .count()
                })
                .sum::<usize>()
                / 2;
            assert_eq!(internal, plain.adjacent_pairs.len());
        }
    }

    #[test]
    fn fixed_harbours_face_land_and_share_no_corner() {
        for id in LayoutId::ALL {
            let l = Layout::get(id);
            let (HarbourPlan::Fixed(spots) | HarbourPlan::McGuire(spots)) = &l.harbours else {
                continue;
            };
            let mut corners: Vec<NodeId> = spots.iter().flat_map(|h| h.corners).collect();
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
        let by_degree = |d: usize| l.corner_cells.iter().filter(|c| c.len() == d).count();
        assert_eq!(by_degree(3), 24);
        assert_eq!(by_degree(2), 12);
        assert_eq!(by_degree(1), 18);
    }

    #[test]
    fn base_spiral_from_the_top_left_corner_is_counter_clockwise() {
        let l = Layout::get(LayoutId::Base);
        let path = l.spiral_path(&l.zones[0], 0, None).unwrap();
        // Down the west side first, round the outside, then the inner ring, centre last.
        assert_eq!(&path[..3], &[0, 3, 7]);
        assert_eq!(path[11], 1);
        assert_eq!(path[18], 9);
    }
}
