//! The Seafarers scenario boards (Forgotten Tribe, Cloth for Catan, Pirate Islands, Wonders of
//! Catan) and the Traders & Barbarians board variants (Fishermen, Rivers), pinned to what the
//! reference says: ../shared/reference/seafarers-scenarios.md for the Seafarers counts, the T&B
//! rules (as cited in each .board file) for the variants. Each check could fail if a
//! description or the catalogue that compiles it drifted from the printed board.
//!
//! Off until the catalogue compiles descriptions: it needs `hexfair::catalogue::board(name)`
//! and, on `Layout`, the board's pieces by name (`pieces_named`, each with its `number`) and
//! the fixed cells' numbers (`fixed_numbers`). Remove the `cfg` line when those land and
//! rename the two helpers to the catalogue's own names.
#![cfg(any())]

use std::collections::BTreeMap;

use hexfair::catalogue::{board, HarbourPlan, Layout, Zone};
use hexfair::model::{HarbourKind, Resource, Terrain};

fn layout(name: &str) -> &'static Layout {
    board(name).unwrap_or_else(|| panic!("{name} is in the catalogue"))
}

/// The zone declared `index`-th in the description (main island first).
fn zone<'a>(layout: &'a Layout, index: usize) -> &'a Zone {
    &layout.zones[index]
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

fn counted(bag: &[Terrain]) -> BTreeMap<Terrain, usize> {
    let mut out = BTreeMap::new();
    for &t in bag {
        *out.entry(t).or_insert(0) += 1;
    }
    out
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

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

/// Generic and special harbours in the bag, and the places they go.
fn harbours(layout: &Layout) -> (usize, usize, usize) {
    let generic = layout
        .harbour_bag
        .iter()
        .filter(|k| **k == HarbourKind::Generic)
        .count();
    let places = match &layout.harbours {
        HarbourPlan::Fixed(spots) => spots.len(),
        other => panic!("scenario harbours stand at fixed places, not {other:?}"),
    };
    (generic, layout.harbour_bag.len() - generic, places)
}

fn wool_harbours(layout: &Layout) -> usize {
    layout
        .harbour_bag
        .iter()
        .filter(|k| **k == HarbourKind::Special(Resource::Wool))
        .count()
}

/// A shuffled zone: its size, its terrain bag and its token bag.
fn assert_shuffled(layout: &Layout, index: usize, cells: usize, bag: &str, toks: &str) {
    let z = zone(layout, index);
    assert_eq!(z.cells.len(), cells, "zone {} size", z.name);
    assert_eq!(
        counted(&z.terrain_bag),
        terrain(bag),
        "zone {} terrain",
        z.name
    );
    assert_eq!(
        sorted(z.token_bag.clone()),
        tokens(toks),
        "zone {} tokens",
        z.name
    );
}

#[test]
fn forgotten_tribe_matches_the_reference() {
    for (name, main, bag, toks, harbours_1_5, vp, cards) in [
        (
            "forgotten-tribe-3-4",
            18,
            "F4 P4 W4 H3 M3",
            "2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12",
            (1, 5),
            8,
            4,
        ),
        (
            "forgotten-tribe-5-6",
            29,
            "F7 P5 W6 H6 M5",
            "2 3x4 4x4 5x4 6x3 8x3 9x3 10x3 11x3 12",
            (3, 5),
            10,
            6,
        ),
    ] {
        let l = layout(name);
        assert_shuffled(l, 0, main, bag, toks);
        assert_eq!(zone(l, 1).cells.len(), 12, "{name}: twelve tribe hexes");
        assert!(
            zone(l, 1).token_bag.is_empty(),
            "{name}: the tribe takes no tokens"
        );
        let (g, s, places) = harbours(l);
        assert_eq!((g, s), harbours_1_5, "{name}: harbour kinds");
        assert_eq!(places, g + s, "{name}: one place per harbour");
        assert!(l.pirate.is_some(), "{name}: the pirate starts on the board");
        assert_eq!(l.pieces_named("victory-point").count(), vp, "{name}");
        assert_eq!(l.pieces_named("development-card").count(), cards, "{name}");
    }
}

#[test]
fn cloth_for_catan_villages_carry_the_printed_numbers() {
    for (name, main, bag, toks, villages, harbours_3_2, wool, numbers) in [
        (
            "cloth-for-catan-3-4",
            20,
            "F4 P4 W5 H3 M4",
            "2x2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12x2",
            4,
            (4, 5),
            1,
            vec![10, 9, 11, 8, 6, 3, 4, 5],
        ),
        (
            "cloth-for-catan-5-6",
            26,
            "F6 P5 W6 H4 M5",
            "2x2 3x4 4x2 5x2 6x3 8x3 9x2 10x2 11x4 12x2",
            6,
            (5, 6),
            2,
            vec![4, 9, 2, 5, 6, 12, 10, 8, 9, 10, 4, 5],
        ),
    ] {
        let l = layout(name);
        assert_shuffled(l, 0, main, bag, toks);
        assert_eq!(zone(l, 1).cells.len(), villages, "{name}: village islands");
        let (g, s, places) = harbours(l);
        assert_eq!((g, s), harbours_3_2, "{name}: harbour kinds");
        assert_eq!(places, g + s, "{name}");
        assert_eq!(wool_harbours(l), wool, "{name}: wool harbours");
        assert!(
            l.pirate.is_some(),
            "{name}: the pirate starts on the east bulge"
        );
        let village_numbers: Vec<u8> = l
            .pieces_named("village")
            .map(|p| p.number.expect("each village has its number"))
            .collect();
        assert_eq!(village_numbers, numbers, "{name}: villages in source order");
    }
}

#[test]
fn pirate_islands_are_fixed_with_a_fortress_per_seat() {
    for (name, main, island, main_toks, island_toks, harbours_3_2, seats) in [
        (
            "pirate-islands-3-4",
            17,
            13,
            "2 3 4x2 5x3 6 8x2 9x3 10x2 11 12",
            "3 4 6x2 8 10 11",
            (3, 5),
            4,
        ),
        (
            "pirate-islands-5-6",
            24,
            13,
            "2 3x2 4x4 5x4 6x2 8x2 9x3 10x3 11x2 12",
            "3x2 6x2 8x2 11x2",
            (4, 5),
            6,
        ),
    ] {
        let l = layout(name);
        assert_eq!(zone(l, 0).cells.len(), main, "{name}: main island");
        assert_eq!(zone(l, 1).cells.len(), island, "{name}: pirate islands");
        for (index, toks) in [(0, main_toks), (1, island_toks)] {
            let z = zone(l, index);
            assert!(z.terrain_bag.is_empty(), "{name}: nothing shuffled");
            assert_eq!(
                sorted(l.fixed_numbers(&z.cells)),
                tokens(toks),
                "{name}: zone {} numbers",
                z.name
            );
        }
        let (g, s, places) = harbours(l);
        assert_eq!((g, s), harbours_3_2, "{name}: harbour kinds");
        assert_eq!(places, g + s, "{name}");
        assert!(!l.robber_on_desert, "{name}: no robber");
        assert!(
            l.pirate.is_some(),
            "{name}: the pirate fleet starts on the board"
        );
        for piece in ["start-settlement", "start-ship", "fortress"] {
            let seats_numbered: Vec<u8> = l.pieces_named(piece).filter_map(|p| p.number).collect();
            assert_eq!(
                seats_numbered,
                (1..=seats as u8).collect::<Vec<_>>(),
                "{name}: one {piece} per seat"
            );
        }
    }
}

#[test]
fn wonders_of_catan_bars_red_numbers_next_to_the_desert() {
    for (name, main, bag, toks, deserts, islands, island_toks, harbours_3_2, wool) in [
        (
            "wonders-of-catan-3-4",
            22,
            "F4 P5 W4 H4 M5",
            "2 3x3 4x2 5x2 6x2 8x2 9x3 10x3 11x3 12",
            3,
            5,
            "2 4 5 6 8",
            (4, 5),
            1,
        ),
        (
            "wonders-of-catan-5-6",
            31,
            "F6 P7 W6 H6 M6",
            "2x2 3x3 4x3 5x4 6x2 8x3 9x4 10x4 11x4 12x2",
            4,
            4,
            "4 6x2 8",
            (5, 6),
            2,
        ),
    ] {
        let l = layout(name);
        assert_shuffled(l, 0, main, bag, toks);
        assert_eq!(zone(l, 1).cells.len(), deserts, "{name}: desert");
        assert_eq!(zone(l, 2).cells.len(), islands, "{name}: small islands");
        assert_eq!(
            sorted(l.fixed_numbers(&zone(l, 2).cells)),
            tokens(island_toks),
            "{name}: island numbers"
        );
        let (g, s, places) = harbours(l);
        assert_eq!((g, s), harbours_3_2, "{name}: harbour kinds");
        assert_eq!(places, g + s, "{name}");
        assert_eq!(wool_harbours(l), wool, "{name}: wool harbours");
        assert_eq!(l.pirate, None, "{name}: no pirate");
        for piece in ["wasteland", "strait", "no-start"] {
            assert!(l.pieces_named(piece).count() > 0, "{name}: {piece} corners");
        }
    }
}

#[test]
fn fishermen_is_the_base_island_with_the_lake_and_six_fishing_grounds() {
    let l = layout("fishermen-3-4");
    let z = zone(l, 0);
    assert_eq!(z.cells.len(), 19, "the base game's 19 hexes");
    assert_eq!(counted(&z.terrain_bag), terrain("F4 P4 W4 H3 M3"));
    assert_eq!(
        sorted(z.token_bag.clone()),
        tokens("2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12")
    );
    assert_eq!(harbours(l), (4, 5, 9), "the base game's harbours");
    assert!(!l.robber_on_desert, "the robber starts beside the board");
    let mut grounds: Vec<u8> = l.pieces_named("fishing").filter_map(|p| p.number).collect();
    grounds.sort_unstable();
    assert_eq!(grounds, vec![4, 5, 6, 8, 9, 10]);
}

#[test]
fn rivers_keeps_the_base_tokens_with_two_riding_on_twelve() {
    let l = layout("rivers-3-4");
    let island = zone(l, 0);
    let rivers = zone(l, 1);
    assert_eq!(island.cells.len() + rivers.cells.len() + 1, 19, "19 hexes");
    assert_eq!(counted(&island.terrain_bag), terrain("F3 P2 W4 H1 M1"));
    // All 18 base tokens: the shuffled ones, the rivers' and the forest's 2 and 12.
    let all: Vec<u8> = island
        .token_bag
        .iter()
        .copied()
        .chain(l.fixed_numbers(&(0..l.cells.len()).collect::<Vec<_>>()))
        .collect();
    assert_eq!(
        sorted(all),
        tokens("2 3x2 4x2 5x2 6x2 8x2 9x2 10x2 11x2 12")
    );
    assert_eq!(harbours(l), (4, 5, 9), "the base game's harbours");
    assert_eq!(l.pieces_named("river").count(), 2, "two rivers");
}
