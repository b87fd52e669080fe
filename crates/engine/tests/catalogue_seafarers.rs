//! The Seafarers scenario boards of the catalogue (`src/catalogue/boards/seafarers/`) hold what
//! the references say: zone sizes, per-zone terrain and token bags, harbour places and kinds,
//! pirate and robber starts, and the island sizes of the printed boards.
//!
//! Sources of the expected values: `../shared/reference/seafarers-scenarios.md` (bags, harbour
//! counts, island sizes), `../shared/reference/seafarers.md` (New Shores: frames, the corrected
//! harbour ring, the small-island zone with its sea), and JSettlers2 `SOCBoardAtServer.java`
//! (harbour edges, robber and pirate hexes), converted from 0xRRCC to doubled coordinates with
//! x = CC - 4, y = (RR - 1) / 2 - 4; catan-randomizer `src/data/expansions.ts` agrees with
//! JSettlers2 on every 3- and 4-player board listed here.
//!
//! Coordinates below are doubled: a hex at (x, y) has neighbours (x +- 2, y) and (x +- 1, y +- 1),
//! the middle row is y = 0.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use hexfair::catalogue::{board, HarbourPlan, Layout, RobberStart};
use hexfair::model::{CellId, HarbourKind, Resource, Terrain};

use Terrain::{
    Desert as D, Fields as W, Forest as F, Gold as G, Hills as H, Mountains as M, Pasture as P,
    Sea as S,
};

/// A zone whose terrain is dealt from a bag.
struct Dealt {
    name: &'static str,
    cells: usize,
    terrain: &'static [(Terrain, usize)],
    tokens: &'static [(u8, usize)],
}

/// Where the robber starts.
enum Robber {
    Desert,
    None,
    /// On the land cell at these doubled coordinates, of the named zone.
    At(i32, i32, &'static str),
}

/// Where players may place starting settlements.
enum Starts {
    /// Any corner touching land.
    All,
    /// Corners touching a cell of these zones, less every corner of these cells.
    Zones(&'static [&'static str], &'static [(i32, i32)]),
}

struct Expect {
    layout: &'static str,
    /// Tile spaces of the printed frame (land and sea).
    cells: usize,
    dealt: &'static [Dealt],
    /// Zones of fixed cells only (desert strip, gold corners): name and size.
    fixed: &'static [(&'static str, usize)],
    generic_harbours: usize,
    /// The 2:1 harbours, one per resource plus these extra ones.
    extra_special: &'static [Resource],
    /// Harbour places: the land cell (doubled coordinates) and the side the harbour is on.
    places: &'static [(i32, i32, &'static str)],
    /// Harbours printed with their type (empty: every type is dealt from the bag).
    printed: &'static [(i32, i32, &'static str, HarbourKind)],
    pirate: Option<(i32, i32)>,
    robber: Robber,
    starts: Starts,
    /// Sizes of the islands made of cells that are always land, largest first.
    islands: &'static [usize],
}

const SIDES: [(&str, i32, i32); 6] = [
    ("e", 2, 0),
    ("se", 1, 1),
    ("sw", -1, 1),
    ("w", -2, 0),
    ("nw", -1, -1),
    ("ne", 1, -1),
];

fn doubled(layout: &Layout, cell: CellId) -> (i32, i32) {
    let h = layout.cells[cell];
    (2 * h.q + h.r, h.r)
}

fn cell_at(layout: &Layout, x: i32, y: i32) -> Option<CellId> {
    CellId::all(layout.cells.len()).find(|&c| doubled(layout, c) == (x, y))
}

fn zone_named<'a>(layout: &'a Layout, name: &str) -> &'a hexfair::catalogue::Zone {
    layout
        .zones
        .iter()
        .find(|z| z.name == name)
        .unwrap_or_else(|| panic!("{:?}: no zone named {name}", layout.id))
}

fn counts<T: Ord + Copy>(items: &[T]) -> BTreeMap<T, usize> {
    let mut out = BTreeMap::new();
    for &t in items {
        *out.entry(t).or_insert(0) += 1;
    }
    out
}

fn expand<T: Ord + Copy>(pairs: &[(T, usize)]) -> BTreeMap<T, usize> {
    let mut out = BTreeMap::new();
    for &(t, n) in pairs {
        *out.entry(t).or_insert(0) += n;
    }
    out
}

/// Cells that hold land whatever the deal: their zone's bag has no sea, or the zone is fixed land.
fn always_land(layout: &Layout, fixed: &[(&str, usize)]) -> BTreeSet<CellId> {
    CellId::all(layout.cells.len())
        .filter(|&c| {
            let zone = &layout.zones[layout.cell_zone[c]];
            let fixed_land = fixed.iter().any(|&(name, _)| name == zone.name);
            fixed_land || (!zone.terrain_bag.is_empty() && !zone.terrain_bag.contains(&S))
        })
        .collect()
}

fn check(e: &Expect) {
    let layout = board(e.layout).unwrap_or_else(|| panic!("no board {}", e.layout));
    let name = e.layout;
    assert_eq!(layout.cells.len(), e.cells, "{name}: tile spaces");

    for zone in e.dealt {
        let z = zone_named(layout, zone.name);
        assert_eq!(z.cells.len(), zone.cells, "{name}: {} size", zone.name);
        assert_eq!(
            counts(&z.terrain_bag),
            expand(zone.terrain),
            "{name}: {} terrain",
            zone.name
        );
        assert_eq!(
            counts(&z.token_bag),
            expand(zone.tokens),
            "{name}: {} tokens",
            zone.name
        );
    }
    // Printed cells form one zone per kind of printed hex, so a group may span several zones.
    for &(zone, size) in e.fixed {
        let zones: Vec<_> = layout.zones.iter().filter(|z| z.name == zone).collect();
        assert!(zones.iter().all(|z| z.fixed), "{name}: {zone} is printed");
        let cells: usize = zones.iter().map(|z| z.cells.len()).sum();
        assert_eq!(cells, size, "{name}: {zone} size");
    }

    let mut kinds = vec![HarbourKind::Generic; e.generic_harbours];
    kinds.extend(Resource::ALL.map(HarbourKind::Special));
    kinds.extend(e.extra_special.iter().map(|&r| HarbourKind::Special(r)));
    let mut all_kinds = layout.harbour_bag.clone();
    all_kinds.extend(layout.printed_harbours.iter().flatten());
    assert_eq!(counts(&all_kinds), counts(&kinds), "{name}: harbour kinds");

    let land = always_land(layout, e.fixed);
    let HarbourPlan::Fixed(spots) = &layout.harbours else {
        panic!("{name}: harbours stand at fixed places");
    };
    let mut places: Vec<(i32, i32, &str)> = spots
        .iter()
        .map(|spot| {
            let (x, y) = doubled(layout, spot.faces);
            let (sx, sy) = (2 * spot.sea.q + spot.sea.r, spot.sea.r);
            let side = SIDES
                .iter()
                .find(|&&(_, dx, dy)| (x + dx, y + dy) == (sx, sy))
                .unwrap_or_else(|| panic!("{name}: harbour sea ({sx}, {sy}) beside ({x}, {y})"))
                .0;
            assert!(
                land.contains(&spot.faces),
                "{name}: harbour at ({x}, {y}) faces a cell that may be sea"
            );
            if let Some(sea) = cell_at(layout, sx, sy) {
                assert!(
                    !land.contains(&sea),
                    "{name}: harbour at ({x}, {y}) {side} sits on land"
                );
            }
            (x, y, side)
        })
        .collect();
    let mut printed: Vec<(i32, i32, &str, HarbourKind)> = places
        .iter()
        .zip(&layout.printed_harbours)
        .filter_map(|(&(x, y, side), kind)| kind.map(|k| (x, y, side, k)))
        .collect();
    let mut expected_printed = e.printed.to_vec();
    printed.sort_unstable();
    expected_printed.sort_unstable();
    assert_eq!(printed, expected_printed, "{name}: printed harbour types");
    let mut expected = e.places.to_vec();
    places.sort_unstable();
    expected.sort_unstable();
    assert_eq!(places, expected, "{name}: harbour places");
    let corners: BTreeSet<_> = spots.iter().flat_map(|s| s.corners).collect();
    assert_eq!(
        corners.len(),
        2 * spots.len(),
        "{name}: two harbours share a corner"
    );

    assert_eq!(
        layout.pirate.map(|h| (2 * h.q + h.r, h.r)),
        e.pirate,
        "{name}: pirate start"
    );
    match e.robber {
        Robber::Desert => assert_eq!(layout.robber, RobberStart::Desert, "{name}: robber"),
        Robber::None => assert_eq!(layout.robber, RobberStart::Nowhere, "{name}: robber"),
        Robber::At(x, y, zone) => {
            let cell = cell_at(layout, x, y).unwrap_or_else(|| panic!("{name}: robber cell"));
            assert_eq!(layout.robber, RobberStart::Cell(cell), "{name}: robber");
            assert!(land.contains(&cell), "{name}: robber cell is always land");
            assert_eq!(
                layout.zones[layout.cell_zone[cell]].name, zone,
                "{name}: robber cell zone"
            );
        }
    }

    assert_eq!(
        common::island_sizes(layout, &land),
        e.islands,
        "{name}: island sizes"
    );

    let expected_starts: Vec<bool> = layout
        .topology
        .corner_cells
        .iter()
        .map(|touching| match e.starts {
            Starts::All => touching.iter().any(|&c| {
                let zone = &layout.zones[layout.cell_zone[c]];
                zone.terrain_bag.iter().any(|&t| t != S)
            }),
            Starts::Zones(zones, barred) => {
                touching
                    .iter()
                    .any(|&c| zones.contains(&layout.zones[layout.cell_zone[c]].name))
                    && !touching
                        .iter()
                        .any(|&c| barred.contains(&doubled(layout, c)))
            }
        })
        .collect();
    assert_eq!(
        layout.start_corners, expected_starts,
        "{name}: start corners"
    );
}

const BASE_TOKENS: &[(u8, usize)] = &[
    (2, 1),
    (3, 2),
    (4, 2),
    (5, 2),
    (6, 2),
    (8, 2),
    (9, 2),
    (10, 2),
    (11, 2),
    (12, 1),
];
const FIVE_SIX_TOKENS: &[(u8, usize)] = &[
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
];

#[test]
fn new_shores_3() {
    check(&Expect {
        layout: "new-shores-3",
        cells: 35,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 14,
                terrain: &[(F, 3), (P, 4), (W, 3), (H, 2), (M, 2)],
                tokens: &[
                    (2, 1),
                    (3, 1),
                    (4, 1),
                    (5, 2),
                    (6, 2),
                    (8, 2),
                    (9, 1),
                    (10, 2),
                    (11, 2),
                ],
            },
            Dealt {
                name: "small islands",
                cells: 8,
                terrain: &[(P, 1), (W, 1), (H, 2), (M, 2), (G, 2)],
                tokens: &[(3, 1), (4, 2), (5, 1), (8, 1), (9, 1), (10, 1), (12, 1)],
            },
        ],
        fixed: &[],
        generic_harbours: 3,
        extra_special: &[],
        places: &[
            (1, -1, "w"),
            (3, -1, "e"),
            (5, 1, "ne"),
            (3, 3, "e"),
            (3, 3, "sw"),
            (1, 3, "w"),
            (-1, 1, "sw"),
            (-1, 1, "nw"),
        ],
        printed: &[],
        pirate: Some((10, 0)),
        robber: Robber::At(1, -3, "small islands"),
        starts: Starts::Zones(&["main island"], &[]),
        islands: &[14, 4, 2, 2],
    });
}

/// The corrected harbours: the base game ring around the main island (seafarers.md), the
/// same cells and zones as the layout `seafarers`.
#[test]
fn new_shores_4() {
    check(&Expect {
        layout: "new-shores-4",
        cells: 42,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 19,
                terrain: &[(F, 4), (P, 4), (W, 4), (H, 3), (M, 3), (D, 1)],
                tokens: BASE_TOKENS,
            },
            Dealt {
                name: "small islands",
                cells: 13,
                terrain: &[(F, 1), (P, 1), (W, 1), (H, 2), (M, 2), (G, 2), (S, 4)],
                tokens: &[
                    (2, 1),
                    (3, 1),
                    (4, 1),
                    (5, 1),
                    (6, 1),
                    (8, 1),
                    (9, 1),
                    (10, 1),
                    (11, 1),
                ],
            },
        ],
        fixed: &[],
        generic_harbours: 4,
        extra_special: &[],
        // R3 P5 north-west, R3 F6 north-east, R4 P9 north-east, R5 F5 east, R6 P8 south-east,
        // R7 F2 south-east, R7 W8 south-west, R6 M3 west, R4 W12 west.
        places: &[
            (1, -1, "nw"),
            (3, -1, "ne"),
            (6, 0, "ne"),
            (7, 1, "e"),
            (6, 2, "se"),
            (3, 3, "se"),
            (1, 3, "sw"),
            (0, 2, "w"),
            (0, 0, "w"),
        ],
        printed: &[],
        pirate: Some((12, 0)),
        robber: Robber::Desert,
        starts: Starts::Zones(&["main island"], &[]),
        islands: &[19],
    });
}

#[test]
fn new_shores_4_keeps_the_cells_and_zones_of_the_seafarers_layout() {
    use hexfair::catalogue::LayoutId;
    let new = board("new-shores-4").expect("new-shores-4");
    let old = Layout::get(LayoutId::Seafarers);
    assert_eq!(new.cells, old.cells);
    for zone in ["main island", "small islands"] {
        assert_eq!(
            zone_named(new, zone).cells,
            zone_named(old, zone).cells,
            "{zone}"
        );
    }
}

#[test]
fn new_shores_5_6() {
    check(&Expect {
        layout: "new-shores-5-6",
        cells: 56,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 30,
                terrain: &[(F, 6), (P, 6), (W, 6), (H, 5), (M, 5), (D, 2)],
                tokens: FIVE_SIX_TOKENS,
            },
            Dealt {
                name: "small islands",
                cells: 12,
                terrain: &[(F, 1), (P, 1), (W, 1), (H, 2), (M, 2), (G, 3), (S, 2)],
                tokens: &[
                    (2, 1),
                    (3, 1),
                    (4, 1),
                    (5, 1),
                    (6, 1),
                    (8, 1),
                    (9, 1),
                    (10, 1),
                    (11, 1),
                    (12, 1),
                ],
            },
        ],
        fixed: &[],
        generic_harbours: 5,
        extra_special: &[Resource::Wool],
        // The 4th/5th-edition 5-6 frame's places around the 30-hex island.
        places: &[
            (3, -1, "w"),
            (5, -3, "nw"),
            (7, -3, "ne"),
            (10, -2, "ne"),
            (12, 0, "e"),
            (11, 1, "se"),
            (9, 3, "e"),
            (7, 3, "se"),
            (5, 3, "sw"),
            (4, 2, "w"),
            (2, 0, "sw"),
        ],
        printed: &[],
        pirate: Some((16, 0)),
        robber: Robber::None,
        starts: Starts::Zones(&["main island"], &[]),
        islands: &[30],
    });
}

#[test]
fn new_shores_5_6_keeps_the_cells_and_zones_of_the_seafarers_five_six_layout() {
    use hexfair::catalogue::LayoutId;
    let new = board("new-shores-5-6").expect("new-shores-5-6");
    let old = Layout::get(LayoutId::SeafarersFiveSix);
    assert_eq!(new.cells, old.cells);
    for zone in ["main island", "small islands"] {
        assert_eq!(
            zone_named(new, zone).cells,
            zone_named(old, zone).cells,
            "{zone}"
        );
    }
}

#[test]
fn four_islands_3() {
    check(&Expect {
        layout: "four-islands-3",
        cells: 35,
        dealt: &[Dealt {
            name: "islands",
            cells: 20,
            terrain: &[(F, 4), (P, 4), (W, 4), (H, 4), (M, 4)],
            tokens: &[
                (2, 1),
                (3, 2),
                (4, 2),
                (5, 3),
                (6, 2),
                (8, 2),
                (9, 3),
                (10, 2),
                (11, 2),
                (12, 1),
            ],
        }],
        fixed: &[],
        generic_harbours: 4,
        extra_special: &[],
        places: &[
            (-1, -1, "nw"),
            (2, -2, "se"),
            (-1, 1, "ne"),
            (-1, 1, "sw"),
            (2, 2, "se"),
            (8, -2, "ne"),
            (7, -1, "sw"),
            (6, 2, "nw"),
            (9, 1, "se"),
        ],
        printed: &[],
        pirate: Some((4, 0)),
        robber: Robber::At(1, 3, "islands"),
        starts: Starts::All,
        islands: &[6, 6, 4, 4],
    });
}

#[test]
fn four_islands_4() {
    check(&Expect {
        layout: "four-islands-4",
        cells: 35,
        dealt: &[Dealt {
            name: "islands",
            cells: 23,
            terrain: &[(F, 5), (P, 5), (W, 5), (H, 4), (M, 4)],
            tokens: &[
                (2, 1),
                (3, 2),
                (4, 3),
                (5, 3),
                (6, 2),
                (8, 2),
                (9, 3),
                (10, 3),
                (11, 3),
                (12, 1),
            ],
        }],
        fixed: &[],
        generic_harbours: 4,
        extra_special: &[],
        places: &[
            (0, -2, "w"),
            (-1, -1, "se"),
            (-1, 1, "sw"),
            (2, 2, "ne"),
            (1, 3, "w"),
            (4, 0, "nw"),
            (8, -2, "se"),
            (9, 1, "nw"),
            (9, 1, "se"),
        ],
        printed: &[],
        pirate: Some((10, 0)),
        robber: Robber::At(6, -2, "islands"),
        starts: Starts::All,
        islands: &[8, 7, 4, 4],
    });
}

#[test]
fn six_islands_5_6() {
    check(&Expect {
        layout: "four-islands-5-6",
        cells: 56,
        dealt: &[Dealt {
            name: "islands",
            cells: 32,
            terrain: &[(F, 7), (P, 7), (W, 6), (H, 6), (M, 6)],
            tokens: &[
                (2, 2),
                (3, 3),
                (4, 4),
                (5, 4),
                (6, 4),
                (8, 3),
                (9, 4),
                (10, 4),
                (11, 2),
                (12, 2),
            ],
        }],
        fixed: &[],
        generic_harbours: 5,
        extra_special: &[Resource::Wool],
        places: &[
            (3, -3, "nw"),
            (2, -2, "se"),
            (1, -1, "sw"),
            (7, -3, "ne"),
            (13, -3, "ne"),
            (12, -2, "sw"),
            (0, 2, "w"),
            (3, 3, "ne"),
            (6, 2, "sw"),
            (14, 2, "e"),
            (11, 3, "sw"),
        ],
        printed: &[],
        pirate: Some((-2, 0)),
        robber: Robber::None,
        starts: Starts::All,
        islands: &[6, 6, 5, 5, 5, 5],
    });
}

const FOG_TERRAIN_3_4: &[(Terrain, usize)] =
    &[(F, 1), (P, 1), (W, 2), (H, 2), (M, 2), (G, 2), (S, 2)];

#[test]
fn fog_islands_3() {
    check(&Expect {
        layout: "fog-islands-3",
        cells: 42,
        dealt: &[
            Dealt {
                name: "main islands",
                cells: 14,
                terrain: &[(F, 4), (P, 4), (W, 2), (H, 2), (M, 2)],
                tokens: &[
                    (3, 1),
                    (4, 1),
                    (5, 2),
                    (6, 2),
                    (8, 2),
                    (9, 2),
                    (10, 1),
                    (11, 2),
                    (12, 1),
                ],
            },
            Dealt {
                name: "fog",
                cells: 12,
                terrain: FOG_TERRAIN_3_4,
                tokens: &[
                    (3, 2),
                    (4, 1),
                    (5, 1),
                    (6, 1),
                    (8, 1),
                    (9, 1),
                    (10, 1),
                    (11, 1),
                    (12, 1),
                ],
            },
        ],
        fixed: &[],
        generic_harbours: 3,
        extra_special: &[],
        places: &[
            (0, 0, "w"),
            (-1, 1, "sw"),
            (1, 3, "w"),
            (3, 3, "sw"),
            (10, 0, "ne"),
            (9, -1, "ne"),
            (7, -3, "e"),
            (6, -2, "nw"),
        ],
        printed: &[
            (0, 0, "w", HarbourKind::Generic),
            (-1, 1, "sw", HarbourKind::Special(Resource::Grain)),
            (1, 3, "w", HarbourKind::Special(Resource::Wool)),
            (3, 3, "sw", HarbourKind::Generic),
            (10, 0, "ne", HarbourKind::Special(Resource::Ore)),
            (9, -1, "ne", HarbourKind::Special(Resource::Lumber)),
            (7, -3, "e", HarbourKind::Generic),
            (6, -2, "nw", HarbourKind::Special(Resource::Brick)),
        ],
        pirate: Some((12, 0)),
        robber: Robber::At(7, -3, "main islands"),
        starts: Starts::Zones(&["main islands"], &[]),
        islands: &[7, 7],
    });
}

#[test]
fn fog_islands_4() {
    check(&Expect {
        layout: "fog-islands-4",
        cells: 42,
        dealt: &[
            Dealt {
                name: "main islands",
                cells: 17,
                terrain: &[(F, 4), (P, 4), (W, 3), (H, 3), (M, 3)],
                tokens: &[
                    (2, 1),
                    (3, 2),
                    (4, 2),
                    (5, 2),
                    (6, 2),
                    (8, 2),
                    (9, 2),
                    (10, 2),
                    (11, 1),
                    (12, 1),
                ],
            },
            Dealt {
                name: "fog",
                cells: 12,
                terrain: FOG_TERRAIN_3_4,
                tokens: &[
                    (3, 1),
                    (4, 1),
                    (5, 1),
                    (6, 1),
                    (8, 1),
                    (9, 1),
                    (10, 1),
                    (11, 2),
                    (12, 1),
                ],
            },
        ],
        fixed: &[],
        generic_harbours: 4,
        extra_special: &[],
        places: &[
            (-1, -1, "sw"),
            (-1, 1, "sw"),
            (1, 3, "w"),
            (1, 3, "se"),
            (5, 3, "sw"),
            (10, 0, "e"),
            (11, -1, "ne"),
            (9, -3, "e"),
            (9, -3, "nw"),
        ],
        printed: &[
            (-1, -1, "sw", HarbourKind::Generic),
            (-1, 1, "sw", HarbourKind::Special(Resource::Brick)),
            (1, 3, "w", HarbourKind::Generic),
            (1, 3, "se", HarbourKind::Special(Resource::Grain)),
            (5, 3, "sw", HarbourKind::Special(Resource::Wool)),
            (10, 0, "e", HarbourKind::Special(Resource::Lumber)),
            (11, -1, "ne", HarbourKind::Special(Resource::Ore)),
            (9, -3, "e", HarbourKind::Generic),
            (9, -3, "nw", HarbourKind::Generic),
        ],
        pirate: Some((12, 0)),
        robber: Robber::At(-1, 1, "main islands"),
        starts: Starts::Zones(&["main islands"], &[]),
        islands: &[10, 7],
    });
}

#[test]
fn fog_islands_5_6() {
    check(&Expect {
        layout: "fog-islands-5-6",
        cells: 63,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 24,
                terrain: &[(F, 4), (P, 4), (W, 5), (H, 5), (M, 5), (D, 1)],
                tokens: &[
                    (2, 1),
                    (3, 3),
                    (4, 2),
                    (5, 2),
                    (6, 3),
                    (8, 3),
                    (9, 2),
                    (10, 2),
                    (11, 3),
                    (12, 2),
                ],
            },
            Dealt {
                name: "fog",
                cells: 25,
                terrain: &[(F, 3), (P, 3), (W, 2), (H, 2), (M, 2), (G, 1), (S, 12)],
                tokens: &[
                    (2, 2),
                    (3, 1),
                    (4, 1),
                    (5, 2),
                    (6, 1),
                    (8, 1),
                    (9, 2),
                    (10, 1),
                    (11, 1),
                    (12, 1),
                ],
            },
        ],
        fixed: &[("gold corners", 2)],
        generic_harbours: 4,
        extra_special: &[],
        places: &[
            (2, -2, "w"),
            (5, -1, "sw"),
            (8, 0, "se"),
            (11, -1, "se"),
            (14, -2, "e"),
            (15, -3, "nw"),
            (9, -3, "ne"),
            (5, -3, "nw"),
            (1, -3, "ne"),
        ],
        printed: &[],
        pirate: Some((14, 0)),
        robber: Robber::Desert,
        starts: Starts::Zones(&["main island"], &[]),
        islands: &[24, 1, 1],
    });
}

/// The strip beyond the desert: part of the main island's deal, but no one starts there
/// (JSettlers2 starting land area 1).
const BEYOND_THE_DESERT_3_4: &[(i32, i32)] = &[(1, -3), (0, -2), (-1, -1)];
const BEYOND_THE_DESERT_5_6: &[(i32, i32)] = &[
    (2, -2),
    (0, -2),
    (1, -3),
    (3, -3),
    (5, -3),
    (9, -3),
    (11, -3),
    (13, -3),
    (15, -3),
];

#[test]
fn through_the_desert_3() {
    check(&Expect {
        layout: "through-the-desert-3",
        cells: 35,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 17,
                terrain: &[(F, 5), (P, 3), (W, 3), (H, 3), (M, 2), (G, 1)],
                tokens: &[
                    (2, 1),
                    (3, 2),
                    (4, 3),
                    (5, 1),
                    (6, 3),
                    (8, 2),
                    (9, 2),
                    (10, 2),
                    (11, 1),
                ],
            },
            Dealt {
                name: "small islands",
                cells: 5,
                terrain: &[(P, 1), (W, 1), (M, 2), (G, 1)],
                tokens: &[(5, 2), (8, 1), (9, 1), (11, 1)],
            },
        ],
        fixed: &[("desert strip", 3)],
        generic_harbours: 3,
        extra_special: &[],
        places: &[
            (4, -2, "ne"),
            (5, 1, "ne"),
            (5, 1, "se"),
            (3, 3, "e"),
            (1, 3, "se"),
            (1, 3, "w"),
            (-1, 1, "sw"),
            (1, 1, "nw"),
        ],
        printed: &[],
        pirate: Some((10, 0)),
        robber: Robber::At(1, -1, "desert strip"),
        starts: Starts::Zones(&["main island"], BEYOND_THE_DESERT_3_4),
        islands: &[20, 2, 2, 1],
    });
}

#[test]
fn through_the_desert_4() {
    check(&Expect {
        layout: "through-the-desert-4",
        cells: 42,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 20,
                terrain: &[(F, 5), (P, 4), (W, 3), (H, 4), (M, 3), (G, 1)],
                tokens: &[
                    (3, 2),
                    (4, 2),
                    (5, 2),
                    (6, 2),
                    (8, 3),
                    (9, 2),
                    (10, 3),
                    (11, 3),
                    (12, 1),
                ],
            },
            Dealt {
                name: "small islands",
                cells: 7,
                terrain: &[(P, 1), (W, 2), (H, 1), (M, 2), (G, 1)],
                tokens: &[(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (9, 1), (12, 1)],
            },
        ],
        fixed: &[("desert strip", 3)],
        generic_harbours: 4,
        extra_special: &[],
        places: &[
            (5, -3, "e"),
            (7, -1, "ne"),
            (7, -1, "se"),
            (5, 1, "se"),
            (3, 3, "e"),
            (3, 3, "sw"),
            (0, 2, "se"),
            (0, 2, "w"),
            (2, 0, "w"),
        ],
        printed: &[],
        pirate: Some((12, 0)),
        robber: Robber::At(1, -1, "desert strip"),
        starts: Starts::Zones(&["main island"], BEYOND_THE_DESERT_3_4),
        islands: &[23, 3, 2, 2],
    });
}

#[test]
fn through_the_desert_5_6() {
    check(&Expect {
        layout: "through-the-desert-5-6",
        cells: 63,
        dealt: &[
            Dealt {
                name: "main island",
                cells: 30,
                terrain: &[(F, 6), (P, 5), (W, 5), (H, 7), (M, 6), (G, 1)],
                tokens: &[
                    (2, 2),
                    (3, 3),
                    (4, 3),
                    (5, 4),
                    (6, 4),
                    (8, 2),
                    (9, 3),
                    (10, 3),
                    (11, 3),
                    (12, 3),
                ],
            },
            Dealt {
                name: "small islands",
                cells: 8,
                terrain: &[(F, 1), (P, 2), (W, 2), (M, 1), (G, 2)],
                tokens: &[(2, 1), (3, 1), (4, 1), (8, 2), (9, 1), (10, 1), (11, 1)],
            },
        ],
        fixed: &[("desert strip", 5)],
        generic_harbours: 5,
        extra_special: &[Resource::Wool],
        places: &[
            (0, 2, "w"),
            (-1, 1, "nw"),
            (0, 0, "nw"),
            (4, 0, "nw"),
            (11, -1, "e"),
            (12, 0, "se"),
            (11, 1, "sw"),
            (7, 1, "sw"),
            (3, 1, "se"),
            (2, 2, "se"),
            (1, 3, "sw"),
        ],
        printed: &[],
        pirate: Some((13, 3)),
        robber: Robber::At(12, -2, "desert strip"),
        starts: Starts::Zones(&["main island"], BEYOND_THE_DESERT_5_6),
        islands: &[35, 4, 2, 1, 1],
    });
}
