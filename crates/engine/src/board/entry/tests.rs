use super::*;
use crate::catalogue::Layout;
use crate::generate::{generate, Settings};
use crate::rules::RuleSet;
use crate::share::conform::{deal_problems, Problem};
use proptest::prelude::*;

/// The layouts a table can enter.
fn enterable() -> Vec<LayoutId> {
    LayoutId::every()
        .into_iter()
        .filter(|&id| Entry::new(id).is_ok())
        .collect()
}

/// The steps that enter `board`, hex by hex, then its harbours.
fn steps_of(board: &Board) -> Vec<Step> {
    let entry = Entry::new(board.layout).unwrap();
    let mut steps = Vec::new();
    for cell in CellId::all(board.terrain.len()) {
        if entry.terrain[cell].is_none() {
            steps.push(Step::Terrain {
                cell,
                terrain: board.terrain[cell],
            });
        }
        if let (Some(number), None) = (board.numbers[cell], entry.numbers[cell]) {
            steps.push(Step::Number { cell, number });
        }
    }
    // The kind at each place, as the board text writes it, where the frame prints none.
    let text = board.harbours_text().unwrap_or_default();
    for (place, written) in text.split(',').filter(|e| !e.is_empty()).enumerate() {
        if entry.harbours[place].is_none() {
            let kind = super::super::harbour_kind(written).unwrap();
            steps.push(Step::Harbour { place, kind });
        }
    }
    steps
}

#[test]
fn the_base_box_refuses_a_fifth_forest_a_second_desert_and_a_token_on_the_desert() {
    let mut entry = Entry::new(LayoutId::Base).unwrap();
    assert_eq!(entry.terrain, vec![None; 19]);
    assert_eq!(entry.harbours, vec![None; 9]);
    for cell in CellId::all(4) {
        entry = entry
            .apply(Step::Terrain {
                cell,
                terrain: Terrain::Forest,
            })
            .unwrap();
    }
    let fifth = Step::Terrain {
        cell: CellId::new(4),
        terrain: Terrain::Forest,
    };
    assert_eq!(
        entry.apply(fifth),
        Err(Refusal::NoTerrainLeft {
            terrain: Terrain::Forest,
            in_box: 4
        })
    );
    // A hex tapped again takes the new terrain, and its forest goes back to the box.
    let again = entry
        .apply(Step::Terrain {
            cell: CellId::new(0),
            terrain: Terrain::Desert,
        })
        .unwrap();
    assert!(again.apply(fifth).is_ok());
    assert_eq!(
        again.apply(Step::Terrain {
            cell: CellId::new(5),
            terrain: Terrain::Desert
        }),
        Err(Refusal::NoTerrainLeft {
            terrain: Terrain::Desert,
            in_box: 1
        })
    );
    assert_eq!(
        again.apply(Step::Number {
            cell: CellId::new(0),
            number: 6
        }),
        Err(Refusal::TakesNoToken {
            cell: CellId::new(0),
            terrain: Terrain::Desert
        })
    );
    // A token first, then the desert under it: refused, the token stays.
    let token = entry
        .apply(Step::Number {
            cell: CellId::new(1),
            number: 6,
        })
        .unwrap();
    assert_eq!(
        token.apply(Step::Terrain {
            cell: CellId::new(1),
            terrain: Terrain::Desert
        }),
        Err(Refusal::TokenOnHex {
            cell: CellId::new(1),
            terrain: Terrain::Desert,
            number: 6
        })
    );
    let twice = token
        .apply(Step::Number {
            cell: CellId::new(2),
            number: 6,
        })
        .unwrap();
    assert_eq!(
        twice.apply(Step::Number {
            cell: CellId::new(3),
            number: 6
        }),
        Err(Refusal::NoTokenLeft {
            number: 6,
            in_box: 2
        })
    );
    assert_eq!(
        entry.apply(Step::Number {
            cell: CellId::new(19),
            number: 6
        }),
        Err(Refusal::NotOnBoard)
    );
}

#[test]
fn what_is_missing_is_counted_from_the_box() {
    let entry = Entry::new(LayoutId::Base)
        .unwrap()
        .apply(Step::Terrain {
            cell: CellId::new(0),
            terrain: Terrain::Forest,
        })
        .unwrap()
        .apply(Step::Number {
            cell: CellId::new(0),
            number: 8,
        })
        .unwrap()
        .apply(Step::Harbour {
            place: 0,
            kind: HarbourKind::Generic,
        })
        .unwrap();
    let missing = entry.missing();
    let forest = missing
        .terrain
        .iter()
        .find(|c| c.piece == Terrain::Forest)
        .unwrap();
    assert_eq!((forest.placed, forest.in_box), (1, 4));
    let placed: usize = missing.numbers.iter().map(|c| c.placed).sum();
    let tokens: usize = missing.numbers.iter().map(|c| c.in_box).sum();
    assert_eq!((placed, tokens), (1, 18));
    let generic = missing
        .harbours
        .iter()
        .find(|c| c.piece == HarbourKind::Generic)
        .unwrap();
    assert_eq!((generic.placed, generic.in_box), (1, 4));
    assert!(!missing.none());
    assert_eq!(entry.board(), None);
}

#[test]
fn boards_that_start_face_down_or_place_harbours_in_play_cannot_be_entered() {
    let fog = LayoutId::parse("fog-islands-3").unwrap();
    assert_eq!(Entry::new(fog), Err(Unenterable::FaceDown));
    assert_eq!(
        Entry::new(LayoutId::NewWorld),
        Err(Unenterable::HarboursBesideLand)
    );
    for id in [LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire] {
        assert!(Entry::new(id).is_ok(), "{id}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A board the generator made, entered piece by piece in any order, is that board.
    #[test]
    fn a_board_entered_in_any_order_is_the_board(pick in any::<prop::sample::Index>(), seed in any::<u64>(), order in any::<prop::sample::Index>()) {
        let layouts = enterable();
        let id = layouts[pick.index(layouts.len())];
        let board = generate(&Settings::new(id, RuleSet::standard()), seed).expect("a board");
        let mut steps = steps_of(&board);
        // A rotation of the steps: tokens may come before their hex's terrain.
        let at = order.index(steps.len().max(1));
        steps.rotate_left(at);
        let mut entry = Entry::new(id).unwrap();
        for step in steps {
            entry = entry.apply(step).unwrap_or_else(|why| panic!("{id}: {step:?}: {why:?}"));
        }
        prop_assert!(entry.missing().none(), "{}: {:?}", id, entry.missing());
        let entered = entry.board().expect("a whole board");
        prop_assert_eq!(&entered.terrain, &board.terrain);
        prop_assert_eq!(&entered.numbers, &board.numbers);
        prop_assert_eq!(&entered.harbours, &board.harbours);
        prop_assert_eq!(entered.robber, board.robber);
    }

    /// Any taps at all leave an entry the box can make: no zone holds more of a terrain or a
    /// token than its bag, no token lies on a hex that takes none, what is counted on the
    /// board is never more than the box holds,
    /// nothing, and a whole entry is a board whose pieces are the box's.
    #[test]
    fn any_taps_leave_an_entry_the_box_can_make(
        pick in any::<prop::sample::Index>(),
        taps in prop::collection::vec((0u8..6, any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..300),
    ) {
        let layouts = enterable();
        let id = layouts[pick.index(layouts.len())];
        let layout = Layout::get(id);
        let mut entry = Entry::new(id).unwrap();
        let cells = layout.cells.len();
        let places = entry.harbours.len();
        let kinds = layout.harbour_kinds();
        for (kind, a, b) in taps {
            let step = match kind {
                0 => Step::Terrain { cell: CellId::new(a.index(cells)), terrain: Terrain::ALL[b.index(Terrain::ALL.len())] },
                1 => Step::Number { cell: CellId::new(a.index(cells)), number: 2 + b.index(11) as u8 },
                2 if places > 0 => Step::Harbour { place: a.index(places), kind: kinds[b.index(kinds.len())] },
                3 => Step::ClearHex { cell: CellId::new(a.index(cells)) },
                4 => Step::ClearNumber { cell: CellId::new(a.index(cells)) },
                _ if places > 0 => Step::ClearHarbour { place: a.index(places) },
                _ => Step::ClearHex { cell: CellId::new(a.index(cells)) },
            };
            // A refused step gives no entry: the one held is as it was.
            if let Ok(next) = entry.apply(step) {
                entry = next;
            }
            for zone in &layout.zones {
                for &t in &Terrain::ALL {
                    let laid = zone.cells.iter().filter(|&&c| entry.terrain[c] == Some(t)).count();
                    prop_assert!(laid <= zone.terrain_bag.iter().filter(|&&x| x == t).count(), "{} {:?}", id, t);
                }
                for n in 2..=12u8 {
                    let laid = zone.cells.iter().filter(|&&c| entry.numbers[c] == Some(n)).count();
                    prop_assert!(laid <= zone.token_bag.iter().filter(|&&x| x == n).count(), "{} {}", id, n);
                }
            }
            for cell in CellId::all(cells) {
                if let (Some(t), Some(_)) = (entry.terrain[cell], entry.numbers[cell]) {
                    prop_assert!(layout.takes_number(cell, t), "{} {}", id, cell);
                }
            }
            let missing = entry.missing();
            prop_assert!(missing.terrain.iter().all(|c| c.placed <= c.in_box));
            prop_assert!(missing.numbers.iter().all(|c| c.placed <= c.in_box));
            prop_assert!(missing.harbours.iter().all(|c| c.placed <= c.in_box));
            if let Some(board) = entry.board() {
                prop_assert!(deal_problems(layout, &board.terrain, &board.numbers)
                    .iter()
                    .all(|p| !matches!(p, Problem::HexCount { .. } | Problem::NoNumber { .. } | Problem::NumberNotTaken { .. } | Problem::Count { .. })), "{}", id);
            }
        }
    }
}

/// The base box's beginner terrain (the rulebook's starting set-up), hex by hex.
fn beginner_terrain() -> Entry {
    let terrain = crate::board::parse_terrain(Layout::get(LayoutId::Base), BEGINNER).unwrap();
    CellId::all(terrain.len()).fold(Entry::new(LayoutId::Base).unwrap(), |entry, cell| {
        entry
            .apply(Step::Terrain {
                cell,
                terrain: terrain[cell],
            })
            .unwrap()
    })
}

/// The base game's starting set-up, in the board text's row order (the rulebook's
/// "Starting Set-up for Beginners", 4th edition).
const BEGINNER: &str = "MPFWHPHWFDFMFMWPHWP";

#[test]
fn the_letter_spiral_lays_the_box_tokens_in_order_and_skips_the_desert() {
    let entry = Entry::new(LayoutId::Base).unwrap();
    assert_eq!(
        entry.letters(),
        Some(&[5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11][..])
    );
    let start = entry.spiral_starts()[0];
    // The spiral goes over the terrain: it skips the desert, so the terrain comes first.
    assert_eq!(
        entry.lay_spiral(start, &[5]),
        Err(Refusal::TerrainFirst { missing: 19 })
    );
    let laid = beginner_terrain();
    let starts = laid.spiral_starts();
    assert_eq!(starts.len(), 6, "a spiral from each corner hex");
    let inner = CellId::new(9);
    assert!(!starts.contains(&inner));
    assert_eq!(
        laid.lay_spiral(inner, &[5]),
        Err(Refusal::NotASpiralStart { cell: inner })
    );
    let layout = Layout::get(LayoutId::Base);
    for &start in &starts {
        let whole = laid.lay_spiral(start, laid.letters().unwrap()).unwrap();
        assert!(whole.missing().numbers.iter().all(|c| c.placed == c.in_box));
        let desert = CellId::new(BEGINNER.find('D').unwrap());
        assert_eq!(whole.numbers[desert], None);
        // Exactly the spiral the generator lays from that corner.
        let terrain: Vec<Terrain> = whole.terrain.iter().map(|t| t.unwrap()).collect();
        let mut numbers = vec![None; terrain.len()];
        let path = crate::generate::spiral::spiral_paths(layout, &layout.zones[0], &terrain)
            .into_iter()
            .find(|p| p[0] == start)
            .unwrap();
        crate::generate::spiral::lay_spiral(&layout.zones[0], &path, &terrain, &mut numbers);
        assert_eq!(whole.numbers, numbers, "from {start:?}");
    }
    // Numbers read off the table in spiral order, part of the way: the rest stay as they
    // were; numbers the box runs out of, or more than the spiral holds, are refused.
    let tokens = laid.lay_spiral(starts[0], &[6, 6]).unwrap();
    assert_eq!(tokens.numbers.iter().flatten().count(), 2);
    assert_eq!(
        tokens.lay_spiral(starts[0], &[6, 6, 6]),
        Err(Refusal::NoTokenLeft {
            number: 6,
            in_box: 2
        })
    );
    // Laid part way from another corner, the sixes laid before stay where they are, so the
    // box has none left; the whole spiral laid again replaces every token.
    assert_eq!(
        tokens.lay_spiral(starts[1], &[6, 6]),
        Err(Refusal::NoTokenLeft {
            number: 6,
            in_box: 2
        })
    );
    let again = tokens
        .lay_spiral(starts[1], laid.letters().unwrap())
        .unwrap();
    assert_eq!(
        again,
        laid.lay_spiral(starts[1], laid.letters().unwrap()).unwrap()
    );
    assert_eq!(
        laid.lay_spiral(starts[0], &[5; 19]),
        Err(Refusal::TooManyNumbers {
            given: 19,
            room: 18
        })
    );
    let no_letters = enterable()
        .into_iter()
        .map(|id| Entry::new(id).unwrap())
        .find(|entry| entry.letters().is_none())
        .expect("a board whose tokens are dealt by no letters");
    assert!(no_letters.spiral_starts().is_empty());
    assert_eq!(
        no_letters.lay_spiral(CellId::new(0), &[5]),
        Err(Refusal::NoSpiral)
    );
}

#[test]
fn an_entry_read_back_is_trusted_only_if_the_box_can_make_it() {
    let half = beginner_terrain()
        .apply(Step::Number {
            cell: CellId::new(0),
            number: 10,
        })
        .unwrap();
    assert_eq!(half.clone().checked(), Some(half.clone()));
    let mut two_deserts = half.clone();
    two_deserts.terrain[0] = Some(Terrain::Desert);
    assert_eq!(two_deserts.checked(), None);
    let mut short = half.clone();
    short.terrain.pop();
    assert_eq!(short.checked(), None);
    let mut desert_token = half;
    let desert = BEGINNER.find('D').unwrap();
    desert_token.numbers[desert] = Some(4);
    assert_eq!(desert_token.checked(), None);
}
