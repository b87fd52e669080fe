//! The Seafarers scenario boards (Forgotten Tribe, Cloth for Catan, Pirate Islands, Wonders of
//! Catan) and the Traders & Barbarians board variants (Fishermen, Rivers), pinned to what the
//! reference says: ../shared/reference/seafarers-scenarios.md for the Seafarers counts and
//! island sizes, the T&B rules (as cited in each .board file) for the variants. Each check
//! could fail if a description, or the catalogue that compiles it, drifted from the printed
//! board.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use hexfair::balance::search::{find, Mode};
use hexfair::balance::spots::spots;
use hexfair::catalogue::{board, Constraint, HarbourPlan, Layout, PieceKind, RobberStart};
use hexfair::generate::Settings;
use hexfair::geometry::Hex;
use hexfair::model::{pips, CellId, CornerId, HarbourKind, Resource, Terrain};
use hexfair::rules::RuleSet;

fn layout(name: &str) -> &'static Layout {
    board(name).unwrap_or_else(|| panic!("{name} is in the catalogue"))
}

/// Everything the description's zone `letter` holds: its cells (printed ones included, which
/// the catalogue keeps in zones of their own under the same letter), terrain and tokens.
struct Group {
    cells: Vec<CellId>,
    terrain: BTreeMap<Terrain, usize>,
    tokens: Vec<u8>,
    robber_free: bool,
}

fn group(layout: &Layout, letter: char) -> Group {
    let zones: Vec<_> = layout
        .zones
        .iter()
        .filter(|z| z.letter == Some(letter))
        .collect();
    assert!(!zones.is_empty(), "{}: zone {letter}", layout.id);
    let mut cells: Vec<CellId> = zones.iter().flat_map(|z| z.cells.clone()).collect();
    cells.sort_unstable();
    let mut tokens: Vec<u8> = zones.iter().flat_map(|z| z.token_bag.clone()).collect();
    tokens.sort_unstable();
    Group {
        cells,
        terrain: counted(zones.iter().flat_map(|z| z.terrain_bag.iter().copied())),
        tokens,
        robber_free: zones.iter().all(|z| z.robber_free),
    }
}

fn counted(bag: impl IntoIterator<Item = Terrain>) -> BTreeMap<Terrain, usize> {
    let mut out = BTreeMap::new();
    for t in bag {
        *out.entry(t).or_insert(0) += 1;
    }
    out
}

/// "F4 P4 W4 H3 M3" as a multiset of terrain.
fn terrain(spec: &str) -> BTreeMap<Terrain, usize> {
    spec.split_whitespace()
        .map(|word| {
            let (letter, count) = word.split_at(1);
            let t = Terrain::from_letter(letter.chars().next().expect("a letter"))
                .unwrap_or_else(|| panic!("terrain letter {letter}"));
            (t, count.parse::<usize>().expect("a count"))
        })
        .collect()
}

/// "2 3x2 4" as a sorted token list.
fn tokens(spec: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for word in spec.split_whitespace() {
        let (n, times) = word.split_once('x').unwrap_or((word, "1"));
        let n: u8 = n.parse().expect("a number");
        out.extend(std::iter::repeat_n(n, times.parse().expect("a count")));
    }
    out.sort_unstable();
    out
}

/// The land cells: every cell but the printed sea (none of these boards shuffles sea).
fn land(layout: &Layout) -> BTreeSet<CellId> {
    layout
        .zones
        .iter()
        .filter(|z| !(z.fixed && z.terrain_bag.first() == Some(&Terrain::Sea)))
        .flat_map(|z| z.cells.iter().copied())
        .collect()
}

/// Island sizes, largest first (the reference's "Islands (hexes)" column).
fn islands(layout: &Layout) -> Vec<usize> {
    common::island_sizes(layout, &land(layout))
}

/// (three-for-one, two-for-one, of which wool) in the bag, checked against the places.
fn harbours(layout: &Layout) -> (usize, usize, usize) {
    let generic = layout
        .harbour_bag
        .iter()
        .filter(|k| **k == HarbourKind::Generic)
        .count();
    let wool = layout
        .harbour_bag
        .iter()
        .filter(|k| **k == HarbourKind::Special(Resource::Wool))
        .count();
    match &layout.harbours {
        HarbourPlan::Fixed(spots) => assert_eq!(
            spots.len(),
            layout.harbour_bag.len(),
            "{}: one place per harbour",
            layout.id
        ),
        other => panic!("{}: harbours at fixed places, not {other:?}", layout.id),
    }
    (generic, layout.harbour_bag.len() - generic, wool)
}

fn pieces(layout: &Layout, kind: PieceKind) -> impl Iterator<Item = Option<u8>> + '_ {
    layout.pieces_of(kind).map(|p| p.number)
}

/// The robber's start cell, which must exist.
fn robber_cell(layout: &Layout) -> CellId {
    match layout.robber {
        RobberStart::Cell(cell) => cell,
        other => panic!("{}: robber on a named cell, not {other:?}", layout.id),
    }
}

/// Printed desert cells of a group.
fn is_printed_desert(layout: &Layout, cell: CellId) -> bool {
    let zone = &layout.zones[layout.cell_zone[cell]];
    zone.fixed && zone.terrain_bag[0] == Terrain::Desert
}

/// Every start corner touches a cell of one of `letters`, and some corner of each does.
fn assert_starts_only_on(layout: &Layout, letters: &[char]) {
    let allowed: BTreeSet<CellId> = letters
        .iter()
        .flat_map(|&l| group(layout, l).cells)
        .collect();
    let starts: Vec<CornerId> = CornerId::all(layout.topology.corners.len())
        .filter(|&c| layout.start_corners[c])
        .collect();
    assert!(!starts.is_empty(), "{}: somewhere to start", layout.id);
    for c in starts {
        assert!(
            layout.topology.corner_cells[c]
                .iter()
                .any(|n| allowed.contains(n)),
            "{}: start corner {c} touches none of {letters:?}",
            layout.id
        );
    }
}

fn barred(layout: &Layout) -> Vec<(Vec<u8>, Vec<CellId>)> {
    layout
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::NumbersBarred { numbers, cells } => Some((numbers.clone(), cells.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn forgotten_tribe_matches_the_reference() {
    for (name, main, bag, toks, tribe, islands_expected, kinds, vp, cards) in [
        (
            "forgotten-tribe-3-4",
            18,
            "F4 P4 W4 H3 M3",
            "2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12",
            "F1 P1 W1 H2 M2 G2 D3",
            vec![18, 3, 3, 2, 2, 1, 1],
            (1, 5, 1),
            8,
            4,
        ),
        (
            "forgotten-tribe-5-6",
            29,
            "F7 P5 W6 H6 M5",
            "2 3x4 4x4 5x4 6x3 8x3 9x3 10x3 11x3 12",
            "P2 W1 H1 M1 G3 D4",
            vec![29, 2, 2, 2, 2, 2, 2],
            (3, 5, 1),
            10,
            6,
        ),
    ] {
        let l = layout(name);
        let m = group(l, 'm');
        assert_eq!(m.cells.len(), main, "{name}: main island");
        assert_eq!(m.terrain, terrain(bag), "{name}: main terrain");
        assert_eq!(m.tokens, tokens(toks), "{name}: main tokens");
        let t = group(l, 't');
        assert_eq!(
            t.terrain,
            terrain(tribe),
            "{name}: the tribe's printed hexes"
        );
        assert!(t.tokens.is_empty(), "{name}: the tribe takes no tokens");
        assert!(
            t.robber_free,
            "{name}: the robber stays off the tribe islands"
        );
        assert_eq!(islands(l), islands_expected, "{name}: islands");
        assert_eq!(harbours(l), kinds, "{name}: harbour kinds");
        let robber = robber_cell(l);
        assert!(
            t.cells.contains(&robber) && is_printed_desert(l, robber),
            "{name}: the robber starts on a tribe desert"
        );
        assert!(l.pirate.is_some(), "{name}: the pirate starts on the board");
        assert_eq!(pieces(l, PieceKind::VictoryPoint).count(), vp, "{name}");
        assert_eq!(
            pieces(l, PieceKind::DevelopmentCard).count(),
            cards,
            "{name}"
        );
        let far = barred(l);
        assert_eq!(far.len(), 1, "{name}: one barred-numbers constraint");
        assert_eq!(far[0].0, vec![5, 6, 8, 9], "{name}");
        assert_eq!(far[0].1.len(), 3, "{name}: three far-coast hexes");
        assert!(far[0].1.iter().all(|c| m.cells.contains(c)), "{name}");
        assert_starts_only_on(l, &['m']);
    }
}

#[test]
fn cloth_for_catan_villages_carry_the_printed_numbers() {
    for (name, main, bag, toks, villages, islands_expected, kinds, numbers) in [
        (
            "cloth-for-catan-3-4",
            20,
            "F4 P4 W5 H3 M4",
            "2x2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12x2",
            "G2 D2",
            vec![10, 10, 1, 1, 1, 1],
            (4, 5, 1),
            vec![10, 9, 11, 8, 6, 3, 4, 5],
        ),
        (
            "cloth-for-catan-5-6",
            26,
            "F6 P5 W6 H4 M5",
            "2x2 3x4 4x2 5x2 6x3 8x3 9x2 10x2 11x4 12x2",
            "G2 D4",
            vec![13, 13, 1, 1, 1, 1, 1, 1],
            (5, 6, 2),
            vec![4, 9, 2, 5, 6, 12, 10, 8, 9, 10, 4, 5],
        ),
    ] {
        let l = layout(name);
        let m = group(l, 'm');
        assert_eq!(m.cells.len(), main, "{name}: main islands");
        assert_eq!(m.terrain, terrain(bag), "{name}: main terrain");
        assert_eq!(m.tokens, tokens(toks), "{name}: main tokens");
        let v = group(l, 'v');
        assert_eq!(v.terrain, terrain(villages), "{name}: village islands");
        assert!(
            v.tokens.is_empty() && v.robber_free,
            "{name}: village islands"
        );
        assert_eq!(islands(l), islands_expected, "{name}: islands");
        assert_eq!(harbours(l), kinds, "{name}: harbour kinds");
        assert!(
            m.cells.contains(&robber_cell(l)),
            "{name}: robber on a main island"
        );
        assert!(l.pirate.is_some(), "{name}: the pirate on the east bulge");
        let village_numbers: Vec<u8> = pieces(l, PieceKind::Village)
            .map(|n| n.expect("each village has its number"))
            .collect();
        assert_eq!(village_numbers, numbers, "{name}: villages in source order");
        assert_starts_only_on(l, &['m']);
    }
}

#[test]
fn pirate_islands_are_fixed_with_a_fortress_per_seat() {
    for (name, main, main_toks, islands_terrain, island_toks, islands_expected, kinds, seats) in [
        (
            "pirate-islands-3-4",
            "F5 P4 W3 H3 M2",
            "2 3 4x2 5x3 6 8x2 9x3 10x2 11 12",
            "P1 W2 H2 M3 G2 D3",
            "3 4 6x2 8 10 11",
            vec![17, 4, 4, 2, 2, 1],
            (3, 5, 1),
            4,
        ),
        (
            "pirate-islands-5-6",
            "F6 P6 W5 H4 M3",
            "2 3x2 4x4 5x4 6x2 8x2 9x3 10x3 11x2 12",
            "M4 G4 D5",
            "3x2 6x2 8x2 11x2",
            vec![24, 3, 3, 1, 1, 1, 1, 1, 1, 1],
            (4, 5, 1),
            6,
        ),
    ] {
        let l = layout(name);
        assert!(
            l.zones.iter().all(|z| z.fixed),
            "{name}: everything is printed"
        );
        let m = group(l, 'm');
        assert_eq!(m.terrain, terrain(main), "{name}: main island");
        assert_eq!(m.tokens, tokens(main_toks), "{name}: main numbers");
        let p = group(l, 'p');
        assert_eq!(
            p.terrain,
            terrain(islands_terrain),
            "{name}: pirate islands"
        );
        assert_eq!(
            p.tokens,
            tokens(island_toks),
            "{name}: pirate islands' numbers"
        );
        assert_eq!(islands(l), islands_expected, "{name}: islands");
        assert_eq!(harbours(l), kinds, "{name}: harbour kinds");
        assert_eq!(l.robber, RobberStart::Nowhere, "{name}: no robber");
        assert!(
            l.pirate.is_some(),
            "{name}: the pirate fleet starts on the board"
        );
        let by_seat = (1..=seats).map(Some).collect::<Vec<_>>();
        for kind in [
            PieceKind::StartSettlement,
            PieceKind::StartShip,
            PieceKind::Fortress,
        ] {
            assert_eq!(
                pieces(l, kind).collect::<Vec<_>>(),
                by_seat,
                "{name}: one {} per seat",
                kind.name()
            );
        }
        assert_starts_only_on(l, &['m']);
    }
}

#[test]
fn wonders_of_catan_bars_red_numbers_next_to_the_desert() {
    for (
        name,
        main,
        bag,
        toks,
        deserts,
        small,
        small_toks,
        islands_expected,
        kinds,
        straits,
        no_start,
    ) in [
        (
            "wonders-of-catan-3-4",
            22,
            "F4 P5 W4 H4 M5",
            "2 3x3 4x2 5x2 6x2 8x2 9x3 10x3 11x3 12",
            3,
            "F1 W1 H1 G2",
            "2 4 5 6 8",
            vec![25, 3, 2],
            (4, 5, 1),
            2,
            4,
        ),
        (
            "wonders-of-catan-5-6",
            31,
            "F6 P7 W6 H6 M6",
            "2x2 3x3 4x3 5x4 6x2 8x3 9x4 10x4 11x4 12x2",
            4,
            "F1 G3",
            "4 6x2 8",
            vec![35, 2, 1, 1],
            (5, 6, 2),
            4,
            8,
        ),
    ] {
        let l = layout(name);
        let m = group(l, 'm');
        assert_eq!(m.cells.len(), main, "{name}: main island");
        assert_eq!(m.terrain, terrain(bag), "{name}: main terrain");
        assert_eq!(m.tokens, tokens(toks), "{name}: main tokens");
        let d = group(l, 'd');
        assert_eq!(d.terrain, terrain(&format!("D{deserts}")), "{name}: desert");
        let i = group(l, 'i');
        assert_eq!(i.terrain, terrain(small), "{name}: small islands");
        assert_eq!(
            i.tokens,
            tokens(small_toks),
            "{name}: small islands' numbers"
        );
        assert_eq!(islands(l), islands_expected, "{name}: islands");
        assert_eq!(harbours(l), kinds, "{name}: harbour kinds");
        let robber = robber_cell(l);
        assert_eq!(
            Some(&robber),
            d.cells.last(),
            "{name}: the robber on the last desert"
        );
        assert_eq!(l.pirate, None, "{name}: no pirate");
        let near = barred(l);
        assert_eq!(near.len(), 1, "{name}: one barred-numbers constraint");
        assert_eq!(near[0].0, vec![6, 8], "{name}");
        let near_land: Vec<CellId> = near[0]
            .1
            .iter()
            .copied()
            .filter(|c| m.cells.contains(c))
            .collect();
        assert_eq!(
            near_land.len(),
            2,
            "{name}: two main-island hexes touch the desert"
        );
        for (kind, count) in [
            (PieceKind::Wasteland, 5),
            (PieceKind::Strait, straits),
            (PieceKind::NoStart, no_start),
        ] {
            assert_eq!(
                pieces(l, kind).count(),
                count,
                "{name}: {} corners",
                kind.name()
            );
        }
        assert_starts_only_on(l, &['m', 'd']);
    }
}

/// The printed rules: "no settlements may be placed on the small islands, nor on the
/// intersections marked with colored squares (brown and purple), nor on the intersections with
/// red exclamation points" (wasteland, strait and no-start corners).
#[test]
fn wonders_of_catan_marked_corners_are_no_start_places() {
    for name in ["wonders-of-catan-3-4", "wonders-of-catan-5-6"] {
        let l = layout(name);
        for piece in l.pieces.iter().filter(|p| {
            [PieceKind::Wasteland, PieceKind::Strait, PieceKind::NoStart].contains(&p.kind)
        }) {
            let corner = piece.corner.expect("a corner piece");
            assert!(
                !l.start_corners[corner],
                "{name}: nobody starts on a {} corner",
                piece.kind.name()
            );
        }
    }
}

#[test]
fn fishermen_is_the_base_island_with_the_lake_and_six_fishing_grounds() {
    let l = layout("fishermen-3-4");
    let m = group(l, 'm');
    assert_eq!(m.cells.len(), 19, "the base game's 19 hexes");
    assert_eq!(
        m.terrain,
        terrain("F4 P4 W4 H3 M3 L1"),
        "the lake replaces the desert"
    );
    assert_eq!(m.tokens, tokens("2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12"));
    assert_eq!(harbours(l), (4, 5, 1), "the base game's harbours");
    assert_eq!(
        l.robber,
        RobberStart::Nowhere,
        "the robber starts beside the board"
    );
    let mut grounds: Vec<u8> = l.fishing.iter().map(|f| f.number).collect();
    grounds.sort_unstable();
    assert_eq!(grounds, vec![4, 5, 6, 8, 9, 10]);
    let land = land(l);
    for ground in &l.fishing {
        assert!(
            l.cell_of(ground.sea).is_none_or(|c| !land.contains(&c)),
            "fishing grounds lie on the sea"
        );
    }
}

#[test]
fn rivers_keeps_the_base_tokens_with_two_riding_on_twelve() {
    let l = layout("rivers-3-4");
    assert_eq!(land(l).len(), 19, "the base game's 19 hexes");
    let island = group(l, 'm');
    assert_eq!(island.terrain, terrain("F3 P2 W4 H1 M1"), "shuffled hexes");
    let rivers = group(l, 'r');
    assert_eq!(
        rivers.terrain,
        terrain("P1 H2 M2 Z2"),
        "river hexes and swamps"
    );
    let mut all: Vec<u8> = l.zones.iter().flat_map(|z| z.token_bag.clone()).collect();
    all.extend(l.extra_numbers.iter().map(|&(_, n)| n));
    all.sort_unstable();
    assert_eq!(
        all,
        tokens("2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12"),
        "the base game's 18 tokens"
    );
    assert_eq!(l.extra_numbers.len(), 1, "one hex carries two numbers");
    let (two_and_twelve, extra) = l.extra_numbers[0];
    assert_eq!(extra, 12);
    assert_eq!(l.zones[l.cell_zone[two_and_twelve]].token_bag, vec![2]);
    assert_eq!(harbours(l), (4, 5, 1), "the base game's harbours");
    let robber = robber_cell(l);
    assert!(
        rivers.cells.contains(&robber)
            && l.zones[l.cell_zone[robber]]
                .terrain_bag
                .iter()
                .all(|&t| t == Terrain::Swamp),
        "the robber starts on a swamp"
    );
    let mut lengths: Vec<usize> = l.rivers.iter().map(Vec::len).collect();
    lengths.sort_unstable();
    assert_eq!(lengths, vec![3, 4], "the 3-hex and the 4-hex river");
}

#[test]
fn rivers_draws_every_token_and_stacks_the_two_on_the_twelve() {
    let l = layout("rivers-stacked-3-4");
    assert!(!l.id.legacy());
    assert_eq!(land(l).len(), 19, "the base game's 19 hexes");
    let island = group(l, 'm');
    assert_eq!(island.cells.len(), 17, "every producing hex");
    assert_eq!(island.terrain, terrain("F4 P3 W4 H3 M3"));
    assert_eq!(
        island.tokens,
        tokens("3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12"),
        "the base game's tokens but the 2"
    );
    assert_eq!(l.stacks.len(), 1);
    assert_eq!((l.stacks[0].tokens.clone(), l.stacks[0].on), (vec![2], 12));
    // The river hexes as printed, the swamps at the two river mouths.
    let rivers = RIVER_HEXES.map(|(row, col, t)| (reference_cell(l, row, col), t));
    for (row, col) in [(2, 3), (4, 3)] {
        assert_eq!(printed(l, reference_cell(l, row, col)), Terrain::Swamp);
    }
    for &(cell, t) in &rivers {
        assert!(l
            .constraints
            .contains(&Constraint::TerrainAt { cell, terrain: t }));
    }
    let mut river_numbers = BTreeSet::new();
    let mut twelves = BTreeSet::new();
    for seed in 0..40 {
        let mode = [Mode::Random, Mode::Balanced][seed as usize % 2];
        let settings = Settings::new(l.id, RuleSet::standard());
        let board = find(&settings, mode, 20, seed).expect("a board").board;
        for &(cell, t) in &rivers {
            assert_eq!(board.terrain[cell], t, "seed {seed}: river hex {cell}");
            river_numbers.insert(board.numbers[cell]);
        }
        let twelve = CellId::all(l.cells.len())
            .find(|&c| board.numbers[c] == Some(12))
            .expect("a 12");
        assert_eq!(board.second_numbers(), vec![(twelve, 2)], "seed {seed}");
        twelves.insert(twelve);
        // A corner on the 12's hex counts its pips twice: once for the 12, once for the 2.
        let spots = spots(&board);
        for spot in spots
            .iter()
            .filter(|s| l.topology.corner_cells[s.corner].contains(&twelve))
        {
            let tokens = own_token_pips(&board, &l.topology.corner_cells[spot.corner]);
            assert_eq!(spot.pips, tokens + 1, "seed {seed}: corner {}", spot.corner);
        }
    }
    assert!(river_numbers.len() > 5, "the river hexes draw their tokens");
    assert!(twelves.len() > 5, "the 12, and the 2 with it, go anywhere");
    // The board with the river numbers as drawn stays for its links.
    let old = layout("rivers-3-4");
    assert!(old.id.legacy() && old.id.notice().is_some());
}

/// The river hexes of The Rivers of Catan as printed (traders-barbarians.md 3.2,
/// catan-randomizer's table), by the reference's row and column.
const RIVER_HEXES: [(i32, i32, Terrain); 5] = [
    (2, 5, Terrain::Pasture),
    (2, 7, Terrain::Hills),
    (2, 9, Terrain::Mountains),
    (4, 5, Terrain::Hills),
    (4, 7, Terrain::Mountains),
];

#[test]
fn rivers_with_caravans_stacks_the_two_and_twelve_on_the_threes() {
    let l = layout("rivers-caravans-3-4");
    assert_eq!(land(l).len(), 19, "the base game's 19 hexes");
    let island = group(l, 'm');
    assert_eq!(island.cells.len(), 16, "every producing hex");
    assert_eq!(island.terrain, terrain("F4 P3 W3 H3 M3"));
    assert_eq!(
        island.tokens,
        tokens("3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2"),
        "the base game's tokens but the 2 and 12"
    );
    assert_eq!(printed(l, reference_cell(l, 3, 6)), Terrain::Oasis);
    for (row, col) in [(2, 3), (4, 3)] {
        assert_eq!(printed(l, reference_cell(l, row, col)), Terrain::Swamp);
    }
    let rivers = RIVER_HEXES.map(|(row, col, t)| (reference_cell(l, row, col), t));
    for seed in 0..40 {
        let mode = [Mode::Random, Mode::Balanced][seed as usize % 2];
        let settings = Settings::new(l.id, RuleSet::standard());
        let board = find(&settings, mode, 20, seed).expect("a board").board;
        for &(cell, t) in &rivers {
            assert_eq!(board.terrain[cell], t, "seed {seed}: river hex {cell}");
        }
        let threes: Vec<CellId> = CellId::all(l.cells.len())
            .filter(|&c| board.numbers[c] == Some(3))
            .collect();
        assert_eq!(
            board.second_numbers(),
            vec![(threes[0], 2), (threes[1], 12)],
            "seed {seed}"
        );
        // Each 3 yields on three rolls in 36: its own two and its stacked token's one.
        for spot in spots(&board) {
            let cells = &l.topology.corner_cells[spot.corner];
            let tokens = own_token_pips(&board, cells);
            let on_threes = cells.iter().filter(|c| threes.contains(c)).count() as u32;
            assert_eq!(spot.pips, tokens + on_threes, "seed {seed}");
        }
    }
}

/// The pips of the tokens on `cells` of `board`, each token's own (not those stacked on it).
fn own_token_pips(board: &hexfair::board::Board, cells: &[CellId]) -> u32 {
    cells
        .iter()
        .map(|&c| board.numbers[c].map_or(0, |n| u32::from(pips(n))))
        .sum()
}

/// The cell at a position of the reference's T&B tables (traders-barbarians.md 1.1: `row` 0-6
/// from the top, `col` in half hexes), whose centre is row 3, column 6.
fn reference_cell(layout: &Layout, row: i32, col: i32) -> CellId {
    layout
        .cell_of(Hex::from_doubled(col - 6, row - 3))
        .unwrap_or_else(|| panic!("{}: a cell at row {row}, column {col}", layout.id))
}

/// The terrain printed on `cell`, which must be a printed cell.
fn printed(layout: &Layout, cell: CellId) -> Terrain {
    let zone = &layout.zones[layout.cell_zone[cell]];
    assert!(zone.fixed, "{}: cell {cell} is printed", layout.id);
    zone.terrain_bag[0]
}

#[test]
fn caravans_is_the_base_island_with_the_oasis_at_the_centre() {
    let l = layout("caravans-3-4");
    let m = group(l, 'm');
    assert_eq!(m.cells.len(), 19, "the base game's 19 hexes");
    assert_eq!(
        m.terrain,
        terrain("F4 P4 W4 H3 M3 O1"),
        "the oasis replaces the desert"
    );
    assert_eq!(m.tokens, tokens("2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12"));
    let centre = reference_cell(l, 3, 6);
    assert_eq!(
        printed(l, centre),
        Terrain::Oasis,
        "the oasis at the centre"
    );
    assert!(
        l.fixed_numbers(&[centre]).is_empty(),
        "no token on the oasis"
    );
    assert_eq!(harbours(l), (4, 5, 1), "the base game's harbours");
    assert_eq!(l.robber, RobberStart::Nowhere);
    assert!(l.has_spiral(), "tokens may follow the A-R spiral");
}

#[test]
fn traders_and_barbarians_prints_its_three_trade_hexes_on_the_coast() {
    let l = layout("traders-and-barbarians-3-4");
    assert_eq!(land(l).len(), 19, "the base game's 19 hexes");
    let m = group(l, 'm');
    assert_eq!(m.terrain, terrain("F4 P3 W3 H3 M3"), "shuffled hexes");
    assert_eq!(
        m.tokens,
        tokens("3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2"),
        "the 2 and the 12 are taken out"
    );
    let t = group(l, 't');
    assert!(t.tokens.is_empty(), "trade hexes take no token");
    for (row, col, hex) in [
        (1, 8, Terrain::Quarry),
        (3, 2, Terrain::Castle),
        (5, 8, Terrain::Glassworks),
    ] {
        let cell = reference_cell(l, row, col);
        assert_eq!(printed(l, cell), hex, "row {row}, column {col}");
        assert!(t.cells.contains(&cell));
        assert!(
            l.topology.cell_neighbors[cell].len() < 6,
            "{hex} lies on the coast"
        );
        // Settlements go on a trade hex's land corners, never on its sea side.
        for &corner in &l.topology.cell_corners[cell] {
            let on_land = l.topology.corner_cells[corner].len() > 1;
            assert_eq!(l.may_start(corner), on_land, "{hex}: corner {corner}");
        }
    }
    assert_eq!(harbours(l), (4, 5, 1), "the base game's harbours");
    assert_eq!(l.robber, RobberStart::Nowhere, "no robber in this scenario");
}

/// Barbarian Attack's tokens by reference position (traders-barbarians.md 3.4, catan-randomizer's
/// recommended layout): the coast clockwise from the top left, then the inner ring.
const BARBARIAN_ATTACK_TOKENS: [(i32, i32, u8); 17] = [
    (1, 4, 3),
    (1, 6, 8),
    (2, 9, 10),
    (3, 10, 11),
    (4, 9, 5),
    (5, 8, 2),
    (5, 6, 6),
    (4, 3, 4),
    (3, 2, 12),
    (2, 3, 9),
    (2, 5, 4),
    (2, 7, 5),
    (3, 4, 6),
    (3, 6, 10),
    (3, 8, 8),
    (4, 5, 9),
    (4, 7, 3),
];

#[test]
fn barbarian_attack_prints_its_tokens_and_shuffles_coast_and_inner_ring_apart() {
    let l = layout("barbarian-attack-3-4");
    let coast = group(l, 'c');
    let inner = group(l, 'i');
    assert_eq!(coast.cells.len(), 12, "the island's coastal ring");
    assert_eq!(inner.cells.len(), 7, "the inner ring and the centre");
    for &cell in &coast.cells {
        assert!(
            l.topology.cell_neighbors[cell].len() < 6,
            "{cell} is coastal"
        );
    }
    assert_eq!(coast.terrain, terrain("F2 H2 P3 M1 W2 C1 D1"));
    assert_eq!(inner.terrain, terrain("F1 P1 H1 M2 W2"));
    assert_eq!(
        coast.tokens,
        tokens("2 3 4 5 6 8 9 10 11 12"),
        "every number once on the coast"
    );
    assert_eq!(inner.tokens, tokens("3 4 5 6 8 9 10"));
    assert_eq!(
        printed(l, reference_cell(l, 5, 4)),
        Terrain::Castle,
        "castle lower left"
    );
    assert_eq!(
        printed(l, reference_cell(l, 1, 8)),
        Terrain::Desert,
        "desert upper right"
    );
    assert_eq!(harbours(l), (4, 5, 1), "the base game's harbours");
    assert_eq!(l.robber, RobberStart::Nowhere, "no robber in this scenario");
    // Every generated board keeps the printed tokens, whatever the terrain under them.
    let expected: Vec<(CellId, u8)> = BARBARIAN_ATTACK_TOKENS
        .iter()
        .map(|&(row, col, n)| (reference_cell(l, row, col), n))
        .collect();
    let mut terrains = BTreeSet::new();
    for seed in 0..40 {
        let mode = [Mode::Random, Mode::Balanced][seed as usize % 2];
        let settings = Settings::new(l.id, RuleSet::standard());
        let board = find(&settings, mode, 20, seed).expect("a board").board;
        for &(cell, n) in &expected {
            assert_eq!(board.numbers[cell], Some(n), "seed {seed}: cell {cell}");
        }
        for (group, letter) in [(&coast, 'c'), (&inner, 'i')] {
            let dealt = counted(group.cells.iter().map(|&c| board.terrain[c]));
            assert_eq!(
                dealt, group.terrain,
                "seed {seed}: zone {letter} keeps its bag"
            );
        }
        terrains.insert(board.terrain.clone());
    }
    assert!(
        terrains.len() > 30,
        "the terrain shuffles: {} boards",
        terrains.len()
    );
}

#[test]
fn the_fishermens_lake_goes_on_any_inland_hex() {
    let l = layout("fishermen-inland-3-4");
    assert!(!l.id.legacy());
    let m = group(l, 'm');
    assert_eq!(
        m.terrain,
        terrain("F4 P4 W4 H3 M3 L1"),
        "the lake is shuffled"
    );
    assert!(l
        .constraints
        .contains(&Constraint::InlandOnly(Terrain::Lake)));
    let mut lake_cells = BTreeSet::new();
    for seed in 0..60 {
        let settings = Settings::new(l.id, RuleSet::standard());
        let board = find(&settings, Mode::Random, 1, seed)
            .expect("a board")
            .board;
        let lake = CellId::all(l.cells.len())
            .find(|&c| board.terrain[c] == Terrain::Lake)
            .expect("a lake");
        assert_eq!(
            l.topology.cell_neighbors[lake].len(),
            6,
            "seed {seed}: inland"
        );
        assert_eq!(board.numbers[lake], None, "no token on the lake");
        lake_cells.insert(lake);
    }
    assert_eq!(
        lake_cells.len(),
        7,
        "every inland hex takes the lake in time"
    );
    // The board with the lake at the centre stays for its links.
    let old = layout("fishermen-3-4");
    assert!(old.id.legacy() && old.id.notice().is_some());
    assert_eq!(printed(old, reference_cell(old, 3, 6)), Terrain::Lake);
}

/// The three trade hexes' spaces of the Traders & Barbarians set-up (traders-barbarians.md
/// 3.5, catan-randomizer): quarry upper right, castle west, glassworks lower right.
const TRADE_SPACES: [(i32, i32); 3] = [(1, 8), (3, 2), (5, 8)];

/// Whether a board's `cell` holds `terrain` on every board (printed, or pinned over a drawn
/// token).
fn always(l: &Layout, cell: CellId, terrain: Terrain) -> bool {
    l.constraints
        .contains(&Constraint::TerrainAt { cell, terrain })
        || printed(l, cell) == terrain
}

#[test]
fn the_combinations_with_traders_and_barbarians_let_the_trade_hexes_yield() {
    use Terrain::{CastleYieldingWool as Castle, GlassworksYieldingLumber as Glassworks};
    let quarry_yielding = [Terrain::Quarry, Castle, Glassworks];
    let all_yielding = [Terrain::QuarryYieldingBrick, Castle, Glassworks];
    let main = layout("traders-and-barbarians-3-4");
    let main_starts: Vec<bool> = CornerId::all(main.topology.corners.len())
        .map(|c| main.may_start(c))
        .collect();
    for (name, trade, others) in [
        (
            "barbarian-attack-traders-3-4",
            quarry_yielding,
            "F2 P3 W4 H3 M3",
        ),
        ("rivers-traders-3-4", all_yielding, "F3 P2 W3 H3 M3"),
        ("caravans-traders-3-4", all_yielding, "F3 P3 W4 H2 M3"),
    ] {
        let l = layout(name);
        assert_eq!(land(l).len(), 19, "{name}: the base game's 19 hexes");
        let cells = TRADE_SPACES.map(|(row, col)| reference_cell(l, row, col));
        for (&cell, &t) in cells.iter().zip(&trade) {
            assert!(always(l, cell, t), "{name}: {t} on its printed space");
        }
        assert_eq!(l.robber, RobberStart::Nowhere, "{name}: no robber");
        // Players start where the main scenario lets them: never on a trade hex's sea side.
        let starts: Vec<bool> = CornerId::all(l.topology.corners.len())
            .map(|c| l.may_start(c))
            .collect();
        assert_eq!(starts, main_starts, "{name}: start places");
        let mut yielded = 0;
        for seed in 0..30 {
            let mode = [Mode::Random, Mode::Balanced][seed as usize % 2];
            let settings = Settings::new(l.id, RuleSet::standard());
            let board = find(&settings, mode, 20, seed).expect("a board").board;
            let dealt = terrain(others);
            let resources = counted(board.terrain.iter().copied().filter(|t| {
                matches!(
                    t,
                    Terrain::Forest
                        | Terrain::Pasture
                        | Terrain::Fields
                        | Terrain::Hills
                        | Terrain::Mountains
                        | Terrain::Desert
                )
            }));
            assert_eq!(resources, dealt, "{name}, seed {seed}: the other hexes");
            for (&cell, &t) in cells.iter().zip(&trade) {
                assert_eq!(board.terrain[cell], t, "{name}, seed {seed}");
                assert_eq!(
                    board.numbers[cell].is_some(),
                    t.resource().is_some(),
                    "{name}, seed {seed}: a yielding trade hex and only it takes a token"
                );
            }
            // A corner on a yielding trade hex gets its resource and its token's pips.
            for spot in spots(&board) {
                let on = l.topology.corner_cells[spot.corner].iter().copied();
                for cell in on.filter(|c| cells.contains(c)) {
                    if let Some(r) = board.terrain[cell].resource() {
                        assert!(
                            spot.resources.contains(&r),
                            "{name}: {r} at {}",
                            spot.corner
                        );
                        assert!(spot.pips >= u32::from(pips(board.numbers[cell].unwrap())));
                        yielded += 1;
                    }
                }
            }
        }
        assert!(yielded > 0, "{name}: corners on yielding trade hexes");
    }
    // Barbarian Attack's printed tokens stay, the castle keeping the 12 and the glassworks
    // the 2 of the spaces they take (catan.com); its castle hex stays opposite the quarry.
    let l = layout("barbarian-attack-traders-3-4");
    assert_eq!(printed(l, reference_cell(l, 5, 4)), Terrain::Castle);
    let settings = Settings::new(l.id, RuleSet::standard());
    for seed in 0..20 {
        let board = find(&settings, Mode::Random, 1, seed)
            .expect("a board")
            .board;
        for &(row, col, n) in &BARBARIAN_ATTACK_TOKENS {
            let cell = reference_cell(l, row, col);
            assert_eq!(board.numbers[cell], Some(n), "seed {seed}: ({row}, {col})");
        }
    }
}
