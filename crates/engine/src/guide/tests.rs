use super::*;
use crate::catalogue::Layout;
use crate::generate::{generate, NumberMode, Settings};
use crate::rules::RuleSet;

fn generated(id: LayoutId, numbers: NumberMode, seed: u64) -> Board {
    let mut settings = Settings::new(id, RuleSet::default());
    settings.numbers = numbers;
    generate(&settings, seed).expect("a board")
}

fn steps_of(guide: &Guide, wanted: fn(&Step) -> bool) -> Vec<&Step> {
    guide.steps.iter().filter(|s| wanted(s)).collect()
}

#[test]
fn a_spiral_base_board_goes_ring_by_ring_in_letter_order() {
    let board = generated(LayoutId::Base, NumberMode::Spiral, 7);
    let guide = Guide::new(&board, 4, 0).unwrap();
    let terrain = steps_of(&guide, |s| matches!(s, Step::Terrain { .. }));
    let sizes: Vec<(usize, usize)> = terrain
        .iter()
        .map(|s| match s {
            Step::Terrain { part, tiles } => {
                assert_eq!((part.unit, part.count), (Unit::Ring, 3));
                (part.index, tiles.len())
            }
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(sizes, vec![(1, 12), (2, 6), (3, 1)]);
    // The letters A to R, in order, on the official tokens (seafarers.md: 5 2 6 3 8 ...).
    let tokens: Vec<Token> = guide
        .steps
        .iter()
        .flat_map(|s| match s {
            Step::Tokens { tokens, .. } => tokens.clone(),
            _ => Vec::new(),
        })
        .collect();
    let letters: Vec<usize> = tokens.iter().map(|t| t.letter.unwrap()).collect();
    assert_eq!(letters, (0..18).collect::<Vec<_>>());
    let numbers: Vec<u8> = tokens.iter().map(|t| t.number).collect();
    assert_eq!(
        numbers,
        vec![5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]
    );
    for token in &tokens {
        assert_eq!(board.numbers[token.cell], Some(token.number));
    }
}

#[test]
fn random_numbers_go_row_by_row_without_letters() {
    let board = generated(LayoutId::Base, NumberMode::Random, 7);
    let guide = Guide::new(&board, 3, 0).unwrap();
    let parts: Vec<Part> = guide
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Terrain { part, .. } => Some(*part),
            _ => None,
        })
        .collect();
    assert_eq!(parts.len(), 5);
    assert!(parts
        .iter()
        .enumerate()
        .all(|(i, p)| p.unit == Unit::Row && p.index == i + 1 && p.count == 5));
    for step in &guide.steps {
        if let Step::Tokens { tokens, part } = step {
            assert_eq!(part.unit, Unit::Row);
            assert!(tokens.iter().all(|t| t.letter.is_none()));
            let cells: Vec<CellId> = tokens.iter().map(|t| t.cell).collect();
            let row: Vec<CellId> = guide.rows[part.index - 1]
                .iter()
                .copied()
                .filter(|&c| board.numbers[c].is_some())
                .collect();
            assert_eq!(cells, row, "a row's tokens, left to right");
        }
    }
}

#[test]
fn base_harbours_follow_the_frame_clockwise_from_the_top() {
    let board = generated(LayoutId::Base, NumberMode::Random, 3);
    let guide = Guide::new(&board, 4, 0).unwrap();
    let kinds: Vec<&Step> = guide.steps.iter().take(3).collect();
    assert!(matches!(kinds[0], Step::SortBox(_)));
    let Step::Frame { spaces } = kinds[1] else {
        panic!("the frame second")
    };
    assert_eq!(spaces.len(), 18);
    // The base frame is the ring of radius 3; clockwise from the top it starts at a top
    // hex and its neighbours follow one another round the ring.
    for pair in spaces.windows(2) {
        assert_eq!(pair[0].distance(pair[1]), 1, "{spaces:?}");
    }
    let Step::Harbours { harbours } = kinds[2] else {
        panic!("the harbours straight after the frame on the base board")
    };
    assert_eq!(harbours.len(), 9);
    // The first harbour stands at the top: its sea space is in the frame's top row.
    assert_eq!(harbours[0].spot.sea.r, -3);
    let order: Vec<usize> = harbours
        .iter()
        .map(|h| spaces.iter().position(|&s| s == h.spot.sea).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

#[test]
fn a_table_of_three_leaves_the_fourth_seats_pieces_in_the_box() {
    let id = LayoutId::parse("pirate-islands-3-4").unwrap();
    let board = generated(id, NumberMode::Random, 1);
    let seats = |players: usize| -> Vec<u8> {
        let guide = Guide::new(&board, players, 0).unwrap();
        guide
            .steps
            .iter()
            .flat_map(|s| match s {
                Step::Pieces { pieces, kind } if kind.is_seat_piece() => {
                    pieces.iter().filter_map(|p| p.number).collect()
                }
                _ => Vec::new(),
            })
            .collect()
    };
    let three = seats(3);
    let four = seats(4);
    assert_eq!(
        three.len(),
        9,
        "settlement, ship and fortress for three seats"
    );
    assert!(three.iter().all(|&s| s <= 3));
    assert_eq!(four.len(), 12);
}

#[test]
fn a_table_the_board_is_not_for_is_refused() {
    let board = generated(LayoutId::Base, NumberMode::Random, 1);
    assert_eq!(
        Guide::new(&board, 6, 0).err(),
        Some(GuideError::Players {
            players: 6,
            board: LayoutId::Base
        })
    );
}

#[test]
fn fog_goes_into_face_down_stacks_and_rows_skip_it() {
    let id = LayoutId::parse("fog-islands-4").unwrap();
    let board = generated(id, NumberMode::Random, 11);
    let layout = Layout::get(id);
    let guide = Guide::new(&board, 4, 0).unwrap();
    let fog_cells = layout.zone_cells('f');
    let Some(Step::Fog {
        cells,
        hexes,
        tokens,
    }) = guide.steps.iter().find(|s| matches!(s, Step::Fog { .. }))
    else {
        panic!("a fog step")
    };
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, fog_cells);
    assert_eq!(hexes.iter().map(|(_, n)| n).sum::<usize>(), 12);
    assert_eq!(tokens.iter().map(|(_, n)| n).sum::<usize>(), 10);
    for step in &guide.steps {
        if matches!(step, Step::Terrain { .. } | Step::Tokens { .. }) {
            assert!(step.cells().iter().all(|c| !fog_cells.contains(c)));
        }
    }
}

#[test]
fn river_tiles_come_before_the_terrain_source_first() {
    let id = LayoutId::parse("rivers-3-4").unwrap();
    let board = generated(id, NumberMode::Random, 2);
    let guide = Guide::new(&board, 4, 0).unwrap();
    let at = |s: fn(&Step) -> bool| guide.steps.iter().position(s).unwrap();
    assert!(at(|s| matches!(s, Step::Rivers { .. })) < at(|s| matches!(s, Step::Terrain { .. })));
    let Some(Step::Rivers { rivers }) = guide
        .steps
        .iter()
        .find(|s| matches!(s, Step::Rivers { .. }))
    else {
        unreachable!()
    };
    let sizes: Vec<usize> = rivers.iter().map(|r| r.tiles.len()).collect();
    assert_eq!(sizes, vec![4, 3], "the 4-hex river and the 3-hex river");
    for river in rivers {
        // Each river ends in a swamp at the sea (traders-barbarians.md).
        assert_eq!(river.tiles.last().unwrap().terrain, Terrain::Swamp);
        assert!(river.tiles[..river.tiles.len() - 1]
            .iter()
            .all(|t| t.terrain != Terrain::Swamp));
    }
    let stacked: Vec<u8> = guide
        .steps
        .iter()
        .flat_map(|s| match s {
            Step::StackedTokens { tokens } => tokens.iter().map(|t| t.number).collect(),
            _ => Vec::new(),
        })
        .collect();
    assert_eq!(stacked, vec![12], "the 12 goes with the 2");
}

#[test]
fn letters_run_a_to_y_then_za_zb_zc() {
    assert_eq!(token_letter(0), "A");
    assert_eq!(token_letter(17), "R");
    assert_eq!(token_letter(24), "Y");
    assert_eq!(token_letter(25), "Za");
    assert_eq!(token_letter(27), "Zc");
}
