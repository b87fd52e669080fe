//! The build guide over the whole catalogue: for every board, every player count it serves
//! and several seeds, the guide places every hex, token, harbour and special piece of the
//! board exactly once and its box holds exactly that; turned, it lists the same pieces and
//! starts at the turned board's top row.

use hexfair::board::{Board, Harbour};
use hexfair::catalogue::{Layout, LayoutId, PieceKind};
use hexfair::generate::{generate, NumberMode, Settings};
use hexfair::guide::{tally, Contents, Guide, GuideError, Special, Step, Unit};
use hexfair::model::{CellId, Expansion, Terrain};
use hexfair::picture::pixel;
use hexfair::rules::RuleSet;
use proptest::prelude::*;

const SEEDS: [u64; 3] = [1, 29, 2026];

/// Every board of the program for every table it serves, with random numbers, and with the
/// letter spiral where the board has one.
fn boards() -> Vec<(Board, usize)> {
    let mut out = Vec::new();
    for id in LayoutId::every().into_iter().filter(|id| id.built_in()) {
        let layout = Layout::get(id);
        let modes: &[NumberMode] = if layout.has_spiral() {
            &NumberMode::ALL
        } else {
            &[NumberMode::Random]
        };
        for &numbers in modes {
            let mut settings = Settings::new(id, RuleSet::default());
            settings.numbers = numbers;
            for seed in SEEDS {
                let board = generate(&settings, seed).unwrap_or_else(|e| panic!("{id}: {e:?}"));
                for players in id.seats() {
                    out.push((board.clone(), players));
                }
            }
        }
    }
    out
}

/// What a guide's steps place, each list sorted.
#[derive(Debug, PartialEq, Eq)]
struct Placed {
    hexes: Vec<(CellId, Terrain)>,
    tokens: Vec<(CellId, u8)>,
    harbours: Vec<String>,
    specials: Vec<Special>,
    /// The box, if a step sorted it.
    sorted_box: Option<Contents>,
}

fn placed(board: &Board, guide: &Guide) -> Placed {
    let mut p = Placed {
        hexes: Vec::new(),
        tokens: Vec::new(),
        harbours: Vec::new(),
        specials: Vec::new(),
        sorted_box: None,
    };
    for step in &guide.steps {
        match step {
            Step::SortBox(contents) => {
                assert!(p.sorted_box.is_none(), "the box is sorted once");
                p.sorted_box = Some(contents.clone());
            }
            Step::Frame { .. } => {}
            Step::Harbours { harbours } => {
                p.harbours.extend(harbours.iter().map(harbour_key));
            }
            Step::Rivers { rivers } => {
                for river in rivers {
                    p.hexes
                        .extend(river.tiles.iter().map(|t| (t.cell, t.terrain)));
                }
            }
            Step::Terrain { tiles, .. } => {
                p.hexes.extend(tiles.iter().map(|t| (t.cell, t.terrain)));
            }
            Step::Tokens { tokens, .. } | Step::StackedTokens { tokens } => {
                p.tokens.extend(tokens.iter().map(|t| (t.cell, t.number)));
            }
            Step::Robber { .. } => p.specials.push(Special::Robber),
            Step::Pirate { .. } => p.specials.push(Special::Pirate),
            Step::Fog {
                cells,
                hexes,
                tokens,
            } => {
                // The stacks hold exactly what the fog cells hold.
                assert_eq!(*hexes, tally(cells.iter().map(|&c| board.terrain[c])));
                let numbers: Vec<u8> = cells.iter().filter_map(|&c| board.numbers[c]).collect();
                assert_eq!(*tokens, tally(numbers));
                p.hexes.extend(cells.iter().map(|&c| (c, board.terrain[c])));
                p.tokens.extend(
                    cells
                        .iter()
                        .filter_map(|&c| board.numbers[c].map(|n| (c, n))),
                );
            }
            Step::FishingGrounds { grounds } => {
                p.specials
                    .extend(grounds.iter().map(|_| Special::FishingGround));
            }
            Step::Pieces { kind, pieces } => {
                assert!(pieces.iter().all(|piece| piece.kind == *kind));
                p.specials
                    .extend(pieces.iter().map(|piece| Special::Printed(piece.kind)));
            }
            // Beside the board and the players' own pieces: nothing of the board's.
            Step::CitiesAndKnights => {}
        }
    }
    p.hexes.sort();
    p.tokens.sort();
    p.harbours.sort();
    p.specials.sort();
    p
}

fn harbour_key(h: &Harbour) -> String {
    format!("{:?}", (h.spot, h.kind))
}

/// What the board holds, counted from the board and its layout alone.
fn expected(board: &Board, players: usize) -> Placed {
    let layout = board.layout();
    let mut hexes: Vec<(CellId, Terrain)> = board
        .terrain
        .iter()
        .copied()
        .enumerate()
        .map(|(c, t)| (CellId::new(c), t))
        .collect();
    hexes.sort();
    let mut tokens: Vec<(CellId, u8)> = board
        .numbers
        .iter()
        .enumerate()
        .filter_map(|(c, n)| n.map(|n| (CellId::new(c), n)))
        .chain(board.second_numbers())
        .collect();
    tokens.sort();
    let mut harbours: Vec<String> = board.harbours.iter().map(harbour_key).collect();
    harbours.sort();
    let seat_free = |kind: PieceKind, number: Option<u8>| {
        !kind.is_seat_piece() || number.is_none_or(|seat| usize::from(seat) <= players)
    };
    let mut specials = Vec::new();
    if board.robber.is_some() {
        specials.push(Special::Robber);
    }
    if board.pirate.is_some() {
        specials.push(Special::Pirate);
    }
    specials.extend(std::iter::repeat_n(
        Special::FishingGround,
        layout.fishing.len(),
    ));
    for piece in &layout.pieces {
        if seat_free(piece.kind, piece.number) {
            specials.push(Special::Printed(piece.kind));
        }
    }
    specials.sort();
    let sorted_box = Some(Contents {
        hexes: tally(hexes.iter().map(|&(_, t)| t)),
        tokens: tally(tokens.iter().map(|&(_, n)| n)),
        harbours: tally(board.harbours.iter().map(|h| h.kind)),
        pieces: tally(specials.iter().copied()),
    });
    Placed {
        hexes,
        tokens,
        harbours,
        specials,
        sorted_box,
    }
}

#[test]
fn every_guide_places_every_piece_of_its_board_exactly_once() {
    let mut guides = 0;
    for (board, players) in boards() {
        let guide = Guide::new(&board, players, 0).unwrap();
        assert_eq!(
            placed(&board, &guide),
            expected(&board, players),
            "{} for {players} players",
            board.layout
        );
        assert!(
            matches!(guide.steps[0], Step::SortBox(_)),
            "{}: the box first",
            board.layout
        );
        for step in &guide.steps {
            if let Step::Terrain { tiles, .. } = step {
                assert!(!tiles.is_empty(), "{}: no empty step", board.layout);
            }
            if let Step::Tokens { tokens, .. } = step {
                assert!(!tokens.is_empty(), "{}: no empty step", board.layout);
            }
        }
        guides += 1;
    }
    // 27 boards of the catalogue for 2 player counts (the 3-player boards for 1), random
    // numbers and the spiral where there is one: a floor, so that a shrinking loop fails.
    assert!(guides > 150, "{guides} guides");
}

/// A Cities & Knights table's guide is the base game's with the barbarian tile taken out of
/// the box and one step more, at the end: the barbarian tile and the opening, on no hex; at
/// every table of the boards C&K is played on.
#[test]
fn a_cities_and_knights_guide_is_the_base_games_and_the_barbarian_step() {
    for (board, players) in boards() {
        if ![LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire].contains(&board.layout) {
            continue;
        }
        let base = Guide::new(&board, players, 1).unwrap();
        let ck = Guide::for_table(&board, players, 1, Expansion::CitiesAndKnights).unwrap();
        let (Step::SortBox(base_box), Step::SortBox(ck_box)) = (&base.steps[0], &ck.steps[0])
        else {
            panic!("the guide starts with the box");
        };
        let mut with_tile = base_box.pieces.clone();
        with_tile.push((Special::BarbarianTile, 1));
        with_tile.sort();
        assert_eq!(ck_box.pieces, with_tile, "{}", board.layout);
        assert_eq!(
            (&ck_box.hexes, &ck_box.tokens, &ck_box.harbours),
            (&base_box.hexes, &base_box.tokens, &base_box.harbours)
        );
        assert_eq!(ck.steps[1..base.steps.len()], base.steps[1..]);
        assert_eq!(ck.steps[base.steps.len()..], [Step::CitiesAndKnights]);
        assert!(Step::CitiesAndKnights.cells().is_empty());
        assert_eq!(
            Guide::for_table(&board, players, 1, Expansion::BaseGame).unwrap(),
            base
        );
    }
}

#[test]
fn a_turned_guide_lists_the_same_pieces_and_starts_at_the_turned_top_row() {
    for (board, players) in boards().into_iter().step_by(2) {
        let upright = Guide::new(&board, players, 0).unwrap();
        let layout = board.layout();
        for turns in 1..6 {
            let guide = Guide::new(&board, players, turns).unwrap();
            let what = format!("{} turned {turns}", board.layout);
            assert_eq!(placed(&board, &guide), placed(&board, &upright), "{what}");
            // Letters are printed on the tokens: turning never moves them.
            let letters = |g: &Guide| {
                let mut l: Vec<(CellId, usize)> = g
                    .steps
                    .iter()
                    .flat_map(|s| match s {
                        Step::Tokens { tokens, .. } => tokens
                            .iter()
                            .filter_map(|t| t.letter.map(|l| (t.cell, l)))
                            .collect(),
                        _ => Vec::new(),
                    })
                    .collect();
                l.sort();
                l
            };
            assert_eq!(letters(&guide), letters(&upright), "{what}");
            // The top row as the picture draws it turned.
            let y = |c: CellId| pixel(layout.cells[c].center(), turns).1;
            let x = |c: CellId| pixel(layout.cells[c].center(), turns).0;
            let top = CellId::all(layout.cells.len())
                .map(y)
                .fold(f64::INFINITY, f64::min);
            let mut top_row: Vec<CellId> = CellId::all(layout.cells.len())
                .filter(|&c| (y(c) - top).abs() < 1e-6)
                .collect();
            top_row.sort_by(|&a, &b| x(a).total_cmp(&x(b)));
            assert_eq!(guide.rows[0], top_row, "{what}");
            let first = guide
                .steps
                .iter()
                .find_map(|s| match s {
                    Step::Terrain { part, tiles } => Some((*part, tiles.clone())),
                    _ => None,
                })
                .expect("a terrain step");
            if first.0.unit == Unit::Row {
                let laid: Vec<CellId> = first.1.iter().map(|t| t.cell).collect();
                let step_cells: Vec<CellId> = top_row
                    .iter()
                    .copied()
                    .filter(|c| laid.contains(c))
                    .collect();
                assert_eq!(laid, step_cells, "{what}: left to right");
                // The top row goes first unless all of it waits elsewhere (fog, rivers).
                if first.0.index != 1 {
                    let elsewhere = guide.steps.iter().any(|s| {
                        matches!(s, Step::Fog { .. } | Step::Rivers { .. })
                            && top_row.iter().all(|c| s.cells().contains(c))
                    });
                    assert!(elsewhere, "{what}: the first row is the top row");
                }
            } else {
                // A ring's first hex is on the island's edge, at the top.
                let cell = first.1[0].cell;
                let island_top = first
                    .1
                    .iter()
                    .map(|t| y(t.cell))
                    .fold(f64::INFINITY, f64::min);
                assert!(
                    (y(cell) - island_top).abs() < 1e-6,
                    "{what}: ring starts at the top"
                );
            }
        }
    }
}

#[test]
fn every_table_count_outside_the_board_is_refused() {
    for id in LayoutId::offered() {
        let board = generate(&Settings::new(id, RuleSet::default()), 1).unwrap();
        for players in [0, 1, 2, 7] {
            let err = Guide::new(&board, players, 0).expect_err("no such table");
            assert_eq!(err, GuideError::Players { players, board: id });
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any seed, number mode, table and turn: still every piece once, the box holding it.
    #[test]
    fn any_board_at_any_turn_places_every_piece_once(
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        spiral in any::<bool>(),
        seat in any::<prop::sample::Index>(),
        turns in 0usize..12,
    ) {
        let ids: Vec<LayoutId> = LayoutId::every().into_iter().filter(|id| id.built_in()).collect();
        let id = *pick.get(&ids);
        let numbers = if spiral && Layout::get(id).has_spiral() { NumberMode::Spiral } else { NumberMode::Random };
        let settings = Settings { numbers, ..Settings::new(id, RuleSet::default()) };
        let board = generate(&settings, seed).map_err(|e| TestCaseError::fail(format!("{id}: {e:?}")))?;
        let seats: Vec<usize> = id.seats().collect();
        let players = *seat.get(&seats);
        let guide = Guide::new(&board, players, turns).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(guide.turns, turns % 6);
        prop_assert_eq!(placed(&board, &guide), expected(&board, players), "{} turned {}", id, turns);
    }
}
