//! Properties every board of the catalogue has, whatever its description says: bags fill
//! their zones, printed pieces stay put, harbours sit on sea next to land, players start only
//! where the board lets them, every board generates legal boards under its constraints and
//! its links read back; and a new scenario needs nothing but its description.

use std::collections::BTreeSet;

use hexfair::balance::spots::{fair_start, snake_draft};
use hexfair::board::Board;
use hexfair::catalogue::{
    self, add_board, board, BoardFault, Constraint, HarbourPlan, Layout, LayoutId, PieceKind,
    RobberStart, StackFault, ZoneFault,
};
use hexfair::generate::{generate, Settings};
use hexfair::model::{CellId, CornerId, Terrain};
use hexfair::rules::RuleSet;
use hexfair::share::{self, conform};

// The words whoever writes a board file reads its faults in (build.rs's), held here.
#[path = "../fault_words.rs"]
mod fault_words;

fn sorted<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.into_iter().collect();
    v.sort();
    v
}

/// The program's boards (other tests of this file add boards of their own).
fn catalogue_boards() -> Vec<LayoutId> {
    LayoutId::every()
        .into_iter()
        .filter(|id| id.built_in())
        .collect()
}

/// Every scenario in the box and the Traders & Barbarians scenarios, each with the player
/// counts it is printed for.
const SCENARIOS: [(&str, &[usize]); 20] = [
    ("base", &[3, 4, 5, 6]),
    ("mcguire", &[3, 4]),
    ("new-shores", &[3, 4, 5, 6]),
    ("new-world", &[3, 4, 5, 6]),
    ("four-islands", &[3, 4, 5, 6]),
    ("fog-islands", &[3, 4, 5, 6]),
    ("through-the-desert", &[3, 4, 5, 6]),
    ("forgotten-tribe", &[3, 4, 5, 6]),
    ("cloth-for-catan", &[3, 4, 5, 6]),
    ("pirate-islands", &[3, 4, 5, 6]),
    ("wonders-of-catan", &[3, 4, 5, 6]),
    ("fishermen", &[3, 4]),
    ("rivers", &[3, 4]),
    ("caravans", &[3, 4]),
    ("traders-and-barbarians", &[3, 4]),
    ("barbarian-attack", &[3, 4]),
    ("rivers-caravans", &[3, 4]),
    ("barbarian-attack-traders", &[3, 4]),
    ("rivers-traders", &[3, 4]),
    ("caravans-traders", &[3, 4]),
];

#[test]
fn every_scenario_has_one_board_for_each_player_count() {
    for (name, counts) in SCENARIOS {
        for &players in counts {
            let id = catalogue::scenario(name, players)
                .unwrap_or_else(|| panic!("{name} for {players} players"));
            assert!(id.seats().contains(&players));
            assert!(!id.legacy());
            let others: Vec<LayoutId> = LayoutId::offered()
                .into_iter()
                .filter(|o| o.scenario() == name && o.seats().contains(&players))
                .collect();
            assert_eq!(others, vec![id], "{name}/{players}: exactly one board");
        }
    }
    assert_eq!(catalogue::scenario("base", 7), None);
    assert_eq!(catalogue::scenario("no-such-scenario", 4), None);
}

#[test]
fn legacy_boards_keep_their_names_but_leave_the_pickers() {
    for id in [LayoutId::Seafarers, LayoutId::SeafarersFiveSix] {
        assert!(id.legacy(), "{id}");
        assert_eq!(LayoutId::parse(id.name()), Some(id));
        assert!(!LayoutId::offered().contains(&id));
        assert!(id.notice().is_some());
        assert!(catalogue::listing()
            .iter()
            .flat_map(|g| &g.scenarios)
            .all(|(_, boards)| !boards.contains(&id)));
    }
    assert_eq!(
        catalogue::scenario("new-shores", 4),
        LayoutId::parse("new-shores-4")
    );
}

#[test]
fn the_listing_groups_every_offered_board_once() {
    let listing = catalogue::listing();
    let listed: Vec<LayoutId> = listing
        .iter()
        .flat_map(|g| g.scenarios.iter().flat_map(|(_, b)| b.iter().copied()))
        .collect();
    let offered: Vec<LayoutId> = LayoutId::offered()
        .into_iter()
        .filter(|id| id.built_in())
        .collect();
    let listed: Vec<LayoutId> = listed.into_iter().filter(|id| id.built_in()).collect();
    assert_eq!(sorted(listed), sorted(offered));
    for game in &listing {
        for (scenario, boards) in &game.scenarios {
            assert!(boards
                .iter()
                .all(|b| b.game() == game.game && b.scenario() == *scenario));
            assert!(boards
                .windows(2)
                .all(|w| w[0].seats().start() < w[1].seats().start()));
        }
    }
    let games: Vec<&str> = listing.iter().map(|g| g.game).collect();
    assert_eq!(
        &games[..4],
        ["base", "seafarers", "house-rules", "traders-barbarians"]
    );
}

#[test]
fn bags_fill_their_zones() {
    for id in catalogue_boards() {
        let l = Layout::get(id);
        let mut covered = vec![0; l.cells.len()];
        for (z, zone) in l.zones.iter().enumerate() {
            assert_eq!(
                zone.terrain_bag.len(),
                zone.cells.len(),
                "{id}: {}",
                zone.name
            );
            let numbered = zone.terrain_bag.iter().filter(|t| t.takes_number()).count();
            // Printed land may go without a number (the Forgotten Tribe's islands).
            if zone.fixed {
                assert!(zone.token_bag.len() == numbered || zone.token_bag.is_empty());
            } else {
                assert_eq!(zone.token_bag.len(), numbered, "{id}: {}", zone.name);
            }
            for &cell in &zone.cells {
                covered[cell] += 1;
                assert_eq!(l.cell_zone[cell], z);
            }
            if zone.fixed {
                assert!(zone.terrain_bag.windows(2).all(|w| w[0] == w[1]), "{id}");
            }
        }
        assert!(
            covered.iter().all(|&n| n == 1),
            "{id}: every cell in one zone"
        );
        assert_eq!(l.cells.len(), l.rows.iter().sum::<usize>());
    }
}

/// The harbour places of a board, for the checks below.
fn spots(l: &Layout) -> Vec<hexfair::catalogue::HarbourSpot> {
    match &l.harbours {
        HarbourPlan::Fixed(spots) | HarbourPlan::McGuire(spots) => spots.clone(),
        HarbourPlan::NextToLand => Vec::new(),
    }
}

#[test]
fn harbour_places_face_land_from_sea_and_share_no_corner() {
    for id in catalogue_boards() {
        let l = Layout::get(id);
        let spots = spots(l);
        let corners: BTreeSet<CornerId> = spots.iter().flat_map(|s| s.corners).collect();
        assert_eq!(
            corners.len(),
            2 * spots.len(),
            "{id}: no two harbours share a corner"
        );
        for spot in &spots {
            assert_eq!(l.spot(spot.sea, spot.faces), Some(*spot), "{id}");
            assert!(
                l.zones[l.cell_zone[spot.faces]]
                    .terrain_bag
                    .iter()
                    .any(|&t| t != Terrain::Sea),
                "{id}: a harbour faces a cell that can be land"
            );
            if let Some(sea) = l.cell_of(spot.sea) {
                let zone = &l.zones[l.cell_zone[sea]];
                assert!(zone.terrain_bag.iter().all(|&t| t == Terrain::Sea), "{id}");
            }
        }
        assert_eq!(l.printed_harbours.len(), spots.len(), "{id}");
        let dealt = l.printed_harbours.iter().filter(|k| k.is_none()).count();
        if !matches!(l.harbours, HarbourPlan::NextToLand) {
            assert_eq!(
                l.harbour_bag.len(),
                dealt,
                "{id}: the bag fills the places without a type"
            );
        }
    }
}

#[test]
fn new_shores_has_the_base_games_harbour_ring() {
    // seafarers.md CORRECTION: the nine places are the base game's ring round the main island.
    let shape = |l: &Layout| -> BTreeSet<(i32, i32, i32, i32)> {
        let centre = l.cells[l.centre_cells[0]];
        spots(l)
            .iter()
            .map(|s| {
                let faces = l.cells[s.faces];
                (
                    faces.q - centre.q,
                    faces.r - centre.r,
                    s.sea.q - centre.q,
                    s.sea.r - centre.r,
                )
            })
            .collect()
    };
    let base = shape(Layout::get(LayoutId::Base));
    assert_eq!(base.len(), 9);
    assert_eq!(shape(board("new-shores-4").unwrap()), base);
    assert_ne!(
        shape(Layout::get(LayoutId::Seafarers)),
        base,
        "the legacy board keeps its places"
    );
}

#[test]
fn players_start_only_where_the_board_lets_them() {
    for id in catalogue_boards() {
        let l = Layout::get(id);
        let starts = |cell: CellId| {
            let zone = &l.zones[l.cell_zone[cell]];
            match &id.description().starts.value {
                None => zone.terrain_bag.iter().any(|&t| t != Terrain::Sea),
                Some(letters) => zone.letter.is_some_and(|z| letters.contains(&z)),
            }
        };
        assert_eq!(l.start_corners.len(), l.topology.corners.len());
        assert!(
            l.start_corners.iter().any(|&s| s),
            "{id}: somewhere to start"
        );
        for corner in CornerId::all(l.topology.corners.len()) {
            if l.may_start(corner) {
                assert!(
                    l.topology.corner_cells[corner].iter().any(|&c| starts(c)),
                    "{id}: corner {corner} touches no start zone"
                );
            }
        }
        for piece in l.pieces_of(PieceKind::NoStart) {
            assert!(!l.may_start(piece.corner.unwrap()), "{id}");
        }
    }
}

#[test]
fn seats_are_drafted_only_where_players_may_start() {
    let mut restricted = 0;
    for id in catalogue_boards() {
        let l = Layout::get(id);
        restricted += usize::from(l.start_corners.iter().any(|&s| !s));
        for seed in 1..=2 {
            let board = generate(&Settings::new(id, RuleSet::default()), seed).expect("a board");
            for seats in id.seats() {
                for seating in [snake_draft(&board, seats), fair_start(&board, seats)] {
                    for seat in &seating.seats {
                        for corner in seat.settlements {
                            assert!(
                                l.may_start(corner),
                                "{id} seed {seed}, {seats} seats: seat {} starts on corner \
                                 {corner}, where nobody may start",
                                seat.seat
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(
        restricted > 10,
        "most scenario boards limit where players start"
    );
}

/// A board is legal for its layout: bags per zone, printed cells in place, robber and pirate
/// where the board puts them, and the link checker agrees.
fn assert_legal(id: LayoutId, board: &Board, settings: &Settings) {
    let l = Layout::get(id);
    for zone in &l.zones {
        assert_eq!(
            sorted(zone.cells.iter().map(|&c| board.terrain[c])),
            sorted(zone.terrain_bag.clone()),
            "{id}: {}",
            zone.name
        );
        if zone.fixed {
            for &c in &zone.cells {
                assert_eq!(
                    board.terrain[c], zone.terrain_bag[0],
                    "{id}: printed cell {c}"
                );
                assert_eq!(
                    board.numbers[c],
                    zone.token_bag.first().copied(),
                    "{id}: printed cell {c}"
                );
            }
        }
    }
    assert_eq!(board.pirate, l.pirate, "{id}");
    assert_eq!(board.robber, l.robber_start(&board.terrain), "{id}");
    if let RobberStart::Cell(cell) = l.robber {
        assert_eq!(board.robber, Some(cell));
    }
    let problems = conform::claim_problems(settings, board);
    assert!(problems.is_empty(), "{id}: {problems:?}");
}

/// The board keeps every constraint of its layout.
fn assert_constraints(id: LayoutId, board: &Board) {
    let l = Layout::get(id);
    for constraint in &l.constraints {
        match constraint {
            Constraint::RedNotOnGold => {
                for (c, t) in board.terrain.iter().enumerate() {
                    if *t == Terrain::Gold {
                        assert!(
                            !matches!(board.numbers[c], Some(6 | 8)),
                            "{id}: red on gold"
                        );
                    }
                }
            }
            Constraint::GoldApart => {
                for &(a, b) in &l.topology.adjacent_pairs {
                    assert!(
                        !(board.terrain[a] == Terrain::Gold && board.terrain[b] == Terrain::Gold),
                        "{id}: gold side by side"
                    );
                }
            }
            Constraint::NumbersBarred { numbers, cells } => {
                for &c in cells {
                    assert!(
                        board.numbers[c].is_none_or(|n| !numbers.contains(&n)),
                        "{id}: barred number on cell {c}"
                    );
                }
            }
            Constraint::TerrainAt { cell, terrain } => {
                assert_eq!(
                    board.terrain[*cell], *terrain,
                    "{id}: printed terrain on {cell}"
                );
            }
            _ => {}
        }
    }
    // Stacked tokens ride on the hexes of their number, one a hex, and nowhere else.
    let second = board.second_numbers();
    for stack in &l.stacks {
        let under: Vec<CellId> = CellId::all(l.cells.len())
            .filter(|&c| board.numbers[c] == Some(stack.on))
            .collect();
        assert_eq!(
            under.len(),
            stack.tokens.len(),
            "{id}: a {} for each",
            stack.on
        );
        for (&cell, &token) in under.iter().zip(&stack.tokens) {
            assert!(second.contains(&(cell, token)), "{id}: {token} on {cell}");
        }
    }
    let stacked: usize = l.stacks.iter().map(|s| s.tokens.len()).sum();
    assert_eq!(second.len(), l.extra_numbers.len() + stacked, "{id}");
}

#[test]
fn every_board_keeps_its_constraints() {
    for id in catalogue_boards() {
        let settings = Settings::new(id, RuleSet::default());
        for seed in [1, 2, 3] {
            assert_constraints(id, &generate(&settings, seed).unwrap());
        }
    }
}

#[test]
fn every_board_generates_legal_boards_and_its_links_read_back() {
    for id in catalogue_boards() {
        let settings = Settings::new(id, RuleSet::default());
        for seed in [1, 2, 3] {
            let board = generate(&settings, seed).unwrap_or_else(|e| panic!("{id}: {e:?}"));
            assert_legal(id, &board, &settings);
            for seats in id.seats() {
                let query = share::encode_seated(
                    &settings,
                    hexfair::balance::search::Mode::Random,
                    seed,
                    &board,
                    seats,
                );
                let link = share::decode(&query).unwrap().unwrap();
                assert_eq!(link.board.as_ref(), Some(&board), "{id}");
                assert_eq!(link.seats, seats);
                assert_eq!(link.notice(), id.notice());
            }
        }
    }
}

#[test]
fn an_old_new_shores_link_says_its_harbours_are_the_old_ones() {
    let settings = Settings::new(LayoutId::Seafarers, RuleSet::default());
    let board = generate(&settings, 5).unwrap();
    let query = share::encode(&settings, hexfair::balance::search::Mode::Random, 5, &board);
    let link = share::decode(&query).unwrap().unwrap();
    assert_eq!(link.board, Some(board));
    let notice = link.notice().expect("a legacy board explains itself");
    assert!(notice.contains("before they were corrected"), "{notice}");
    let printed = catalogue::scenario("new-shores", 4).unwrap();
    let settings = Settings::new(printed, RuleSet::default());
    let board = generate(&settings, 5).unwrap();
    let query = share::encode(&settings, hexfair::balance::search::Mode::Random, 5, &board);
    assert_eq!(share::decode(&query).unwrap().unwrap().notice(), None);
}

/// A scenario nobody has printed: a ring of six shuffled hexes round a printed gold 4, a
/// fixed sea, two harbours and a rule of its own.
const TEST_BOARD: &str = "\
board test-ring
players 3-4
layout test-ring-3-4
title A ring of six round a gold hex
game house-rules

map
-1: m m ~
0: m G4 m
-1: m m .

zone m the ring
  terrain F2 H2 P1 M1
  tokens shuffled 3 5 6 8 9 11

harbours shuffled 3:1 ore
harbour r1c1 nw
harbour r3c2 se

robber none
pirate r1c3
starts m
constraint no-numbers 6 8 on r2c1
";

/// The test board, added once for the whole test binary.
fn test_ring() -> LayoutId {
    static ID: std::sync::OnceLock<LayoutId> = std::sync::OnceLock::new();
    *ID.get_or_init(|| {
        add_board("test-ring-3-4.board", TEST_BOARD).expect("the test board compiles")
    })
}

#[test]
fn a_new_scenario_needs_only_its_description() {
    let id = test_ring();
    assert_eq!(LayoutId::parse("test-ring-3-4"), Some(id));
    assert_eq!(catalogue::scenario("test-ring", 3), Some(id));
    let l = Layout::get(id);
    assert_eq!(l.cells.len(), 8);
    assert_eq!(l.zones.len(), 3, "the ring, the printed gold, the sea");
    let settings = Settings::new(id, RuleSet::default());
    for seed in 0..20 {
        let board = generate(&settings, seed).unwrap();
        let gold = l
            .cell_of(hexfair::geometry::Hex::from_doubled(2, 0))
            .unwrap();
        assert_eq!(
            (board.terrain[gold], board.numbers[gold]),
            (Terrain::Gold, Some(4))
        );
        assert_eq!(board.harbours.len(), 2);
        assert_legal(id, &board, &settings);
    }
}

#[test]
fn a_new_scenarios_constraints_hold() {
    let id = test_ring();
    let settings = Settings::new(id, RuleSet::default());
    for seed in 0..20 {
        let board = generate(&settings, seed).unwrap();
        assert!(
            !matches!(board.numbers[3], Some(6 | 8)),
            "r2c1 is barred from 6 and 8"
        );
        assert_constraints(id, &board);
    }
    let again = add_board("again.board", TEST_BOARD).unwrap_err();
    assert_eq!(
        (again.line, again.fault),
        (
            1,
            BoardFault::NameTaken {
                name: "test-ring-3-4".into()
            }
        )
    );
}

#[test]
fn a_broken_description_is_refused_with_its_line() {
    let broken = TEST_BOARD
        .replace("layout test-ring-3-4", "layout broken-ring")
        .replace("terrain F2 H2 P1 M1", "terrain F2 H2 P1");
    let error = add_board("broken.board", &broken).unwrap_err();
    assert_eq!(
        (error.line, &error.fault),
        (
            12,
            &ZoneFault::TerrainCount {
                zone: 'm',
                cells: 6,
                terrain: 5
            }
            .into()
        )
    );
    assert_eq!(LayoutId::parse("broken-ring"), None, "nothing was added");
}

#[test]
fn printed_tokens_stay_on_their_cells_and_need_numbered_terrain() {
    let printed = renamed(TEST_BOARD, "test-ring", "printed-ring")
        .replace(
            "tokens shuffled 3 5 6 8 9 11",
            "tokens printed 3 5 6 8 9 11",
        )
        .replace("constraint no-numbers 6 8 on r2c1\n", "");
    let id = add_board("printed-ring-3-4.board", &printed).expect("printed tokens compile");
    let l = Layout::get(id);
    let ring = l.zone_cells('m');
    let ring: Vec<CellId> = ring
        .into_iter()
        .filter(|&c| !l.zones[l.cell_zone[c]].fixed)
        .collect();
    // Each ring cell bars every number but its own: six constraints, one a cell.
    assert_eq!(l.constraints.len(), 6);
    let settings = Settings::new(id, RuleSet::default());
    let mut terrains = BTreeSet::new();
    for seed in 0..30 {
        let board = generate(&settings, seed).unwrap();
        let numbers: Vec<Option<u8>> = ring.iter().map(|&c| board.numbers[c]).collect();
        assert_eq!(numbers, [3, 5, 6, 8, 9, 11].map(Some), "seed {seed}");
        assert_constraints(id, &board);
        terrains.insert(ring.iter().map(|&c| board.terrain[c]).collect::<Vec<_>>());
    }
    assert!(terrains.len() > 10, "the terrain shuffles under the tokens");
    let desert = renamed(&printed, "printed-ring", "printed-desert")
        .replace("terrain F2 H2 P1 M1", "terrain F2 H2 P1 D1")
        .replace("tokens printed 3 5 6 8 9 11", "tokens printed 3 5 6 8 9");
    let error = add_board("printed-desert.board", &desert).unwrap_err();
    assert_eq!(
        error.fault,
        ZoneFault::PrintedTokensUnnumbered { zone: 'm' }.into()
    );
}

/// `text` with its layout and board named `to` instead of `from` (a variant of a test board
/// must not clash with the board it is made from).
fn renamed(text: &str, from: &str, to: &str) -> String {
    text.replace(&format!("layout {from}-3-4"), &format!("layout {to}-3-4"))
        .replace(&format!("board {from}"), &format!("board {to}"))
}

#[test]
fn pinned_terrain_keeps_its_cell_and_draws_its_token() {
    // r1c1 prints hills, r3c1 a forest; their tokens come from the ring's bag; the 12 is
    // added to the ring and the 2 rides on it.
    let pinned = renamed(TEST_BOARD, "test-ring", "pinned-ring")
        .replace("-1: m m ~", "-1: m:H m ~")
        .replace("-1: m m .", "-1: m:F m .")
        .replace(
            "tokens shuffled 3 5 6 8 9 11",
            "tokens shuffled 3 5 6 8 12 11",
        )
        .replace("constraint no-numbers 6 8 on r2c1\n", "stack 2 on 12\n");
    let id = add_board("pinned-ring-3-4.board", &pinned).expect("pinned terrain compiles");
    let l = Layout::get(id);
    let (hills, forest) = (CellId::new(0), CellId::new(6));
    let mut numbers_on_hills = BTreeSet::new();
    let mut terrains = BTreeSet::new();
    for seed in 0..40 {
        let settings = Settings::new(id, RuleSet::default());
        let board = generate(&settings, seed).unwrap();
        assert_eq!(board.terrain[hills], Terrain::Hills, "seed {seed}");
        assert_eq!(board.terrain[forest], Terrain::Forest, "seed {seed}");
        numbers_on_hills.insert(board.numbers[hills]);
        terrains.insert(board.terrain.clone());
        assert_constraints(id, &board);
        assert_legal(id, &board, &settings);
        // The 12's hex carries the 2 and yields on both: two pips.
        let twelve = CellId::all(l.cells.len())
            .find(|&c| board.numbers[c] == Some(12))
            .unwrap();
        assert_eq!(board.second_numbers(), vec![(twelve, 2)]);
        assert_eq!(l.number_pips(Some(12)), 2);
        // A board whose printed cell lost its terrain is not one of this layout's.
        let mut moved = board.clone();
        let other = CellId::all(l.cells.len())
            .find(|&c| l.cell_zone[c] == l.cell_zone[hills] && board.terrain[c] != Terrain::Hills)
            .unwrap();
        moved.terrain.swap(hills.index(), other.index());
        moved.numbers.swap(hills.index(), other.index());
        let problems = conform::deal_problems(l, &moved.terrain, &moved.numbers);
        assert!(
            problems.iter().any(|p| matches!(
                p,
                conform::Problem::NotPrinted {
                    printed: Terrain::Hills,
                    ..
                }
            )),
            "{problems:?}"
        );
    }
    assert!(
        numbers_on_hills.len() > 3,
        "the printed hex's token is drawn"
    );
    assert!(terrains.len() > 3, "the other hexes shuffle");

    let too_many =
        renamed(&pinned, "pinned-ring", "pinned-too-many").replace("0: m G4 m", "0: m:P G4 m:P");
    let error = add_board("too-many.board", &too_many).unwrap_err();
    assert_eq!(
        error.fault,
        ZoneFault::PinnedOverBag {
            terrain: Terrain::Pasture,
            pinned: 2,
            in_bag: 1
        }
        .into()
    );
    let unmatched = renamed(&pinned, "pinned-ring", "stack-unmatched")
        .replace("stack 2 on 12", "stack 2 on 10");
    let error = add_board("unmatched.board", &unmatched).unwrap_err();
    assert_eq!(
        error.fault,
        StackFault::Unmatched {
            stacked: 1,
            on: 10,
            under: 0
        }
        .into()
    );
    let uneven = renamed(&pinned, "pinned-ring", "stack-uneven")
        .replace(
            "tokens shuffled 3 5 6 8 12 11",
            "tokens shuffled 3 5 6 8 9 9",
        )
        .replace("stack 2 on 12", "stack 2 3 on 9");
    let error = add_board("uneven.board", &uneven).unwrap_err();
    assert_eq!(error.fault, StackFault::Uneven.into());
}

#[test]
fn printed_numbers_and_pieces_are_found_by_zone_and_name() {
    let rivers = board("rivers-3-4").unwrap();
    let river_cells = rivers.zone_cells('r');
    assert_eq!(river_cells.len(), 7, "two rivers of 4 and 3 hexes");
    let mut numbers = rivers.fixed_numbers(&CellId::all(rivers.cells.len()).collect::<Vec<_>>());
    numbers.sort_unstable();
    // The rivers' 6 4 10 3 4 and the forest's 2 and 12 (facts-more's rivers-3-4.board).
    assert_eq!(numbers, vec![2, 3, 4, 4, 6, 10, 12]);
    assert_eq!(rivers.rivers.len(), 2);
    assert_eq!(rivers.extra_numbers.len(), 1);
    let tribe = board("forgotten-tribe-3-4").unwrap();
    assert_eq!(tribe.pieces_of(PieceKind::VictoryPoint).count(), 8);
    assert_eq!(tribe.pieces_of(PieceKind::DevelopmentCard).count(), 4);
    let fishermen = board("fishermen-3-4").unwrap();
    let mut grounds: Vec<u8> = fishermen.fishing.iter().map(|f| f.number).collect();
    grounds.sort_unstable();
    assert_eq!(grounds, vec![4, 5, 6, 8, 9, 10]);
    assert_eq!(
        fishermen.zone_cells('m').len(),
        19,
        "the lake is a cell of the island"
    );
    let fog = board("fog-islands-3").unwrap();
    assert!(fog.harbour_bag.is_empty(), "every harbour type is printed");
    assert_eq!(fog.harbour_kinds().len(), 8);
    let generic = fog
        .harbour_kinds()
        .iter()
        .filter(|k| k.resource().is_none())
        .count();
    assert_eq!(generic, 3);
}

/// Whoever writes a board file reads its faults as `file:line: message`, in the words they
/// always had (`fault_words.rs`, build.rs's).
#[test]
fn a_board_files_faults_read_in_words() {
    test_ring();
    let words =
        |file: &str, text: &str| fault_words::error_words(&add_board(file, text).unwrap_err());
    assert_eq!(
        words("again.board", TEST_BOARD),
        "again.board:1: the catalogue already has a board `test-ring-3-4`"
    );
    let fresh = renamed(TEST_BOARD, "test-ring", "worded-ring");
    assert_eq!(
        words(
            "broken.board",
            &fresh.replace("terrain F2 H2 P1 M1", "terrain F2 H2 P1")
        ),
        "broken.board:12: zone `m` has 6 cells but its terrain counts add up to 5"
    );
    assert_eq!(
        words("piece.board", &format!("{fresh}edge fortres r1c1 e\n")),
        "piece.board:24: `fortres` is not a printed piece (village start-settlement start-ship \
         fortress no-start victory-point development-card wasteland strait)"
    );
    assert_eq!(
        words("grid.board", &fresh.replace("0: m G4 m", "1: m G4 m")),
        "grid.board:9: row start 1 is off the hex grid for row y = 0 (x and y need the same \
         parity)"
    );
    assert_eq!(
        words(
            "harbour.board",
            &fresh.replace("harbour r1c1 nw", "harbour r1c1 e")
        ),
        "harbour.board:17: the e side of this cell is not sea that stays sea"
    );
    assert_eq!(
        words(
            "tokens.board",
            &fresh.replace(
                "tokens shuffled 3 5 6 8 9 11",
                "tokens shuffled 3 5 6 8 9 7"
            )
        ),
        "tokens.board:14: `7` is not a number token (2-6, 8-12)"
    );
}
