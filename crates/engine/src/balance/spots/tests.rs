use super::*;
use crate::catalogue::LayoutId;
use crate::generate::{generate, Settings};
use crate::model::token_pips;
use crate::rules::RuleSet;

fn keeps_distance_rule(board: &Board, seating: &Seating) -> bool {
    let neighbours = corner_neighbours(board.layout());
    let all: Vec<CornerId> = seating.seats.iter().flat_map(|s| s.settlements).collect();
    all.iter().enumerate().all(|(i, &c)| {
        all.iter()
            .enumerate()
            .all(|(j, &d)| i == j || (c != d && !neighbours[c].contains(&d)))
    })
}

/// The draft ranks the spots [`spots`] lists where players may start, with their
/// values, in the order of a full sort by (value descending, corner), on every board of
/// the catalogue (harbours included).
#[test]
fn the_draft_ranks_as_a_full_sort_of_spot_values_would() {
    let mut judged = 0;
    for layout in LayoutId::every() {
        for seed in 0..6 {
            let settings = Settings {
                layout,
                ..Settings::default()
            };
            let Ok(board) = generate(&settings, seed) else {
                continue;
            };
            let l = board.layout();
            let mut judge = DraftJudge::new(l, &board.harbours, Expansion::BaseGame);
            judge.rank(&board.terrain, &board.numbers);
            let listed = spots(&board);
            let value = |c| listed.iter().find(|s| s.corner == c).unwrap().value;
            let mut expected: Vec<CornerId> = listed
                .iter()
                .map(|s| s.corner)
                .filter(|&c| l.may_start(c))
                .collect();
            expected.sort_by_key(|&c| (std::cmp::Reverse(value(c)), c));
            assert_eq!(judge.order[0], expected, "{} seed {seed}", layout.name());
            for &c in &expected {
                assert_eq!(judge.values[0][c], value(c), "{} corner {c}", layout.name());
            }
            judged += 1;
        }
    }
    assert!(
        judged >= 5 * LayoutId::every().len(),
        "only {judged} boards judged"
    );
}

#[test]
fn spot_values_add_up() {
    assert_eq!(spot_value(12, 3, None, 0), 14);
    // A 3:1 harbour on 5 pips: 1, and nothing for 5 < 6 traded pips.
    assert_eq!(spot_value(5, 1, Some(HarbourKind::Generic), 5), 6);
    // A 2:1 ore harbour beside a 6 on ore (5 pips, traded 3 x 5 = 15): 1 + 2.
    assert_eq!(
        spot_value(5, 2, Some(HarbourKind::Special(Resource::Ore)), 15),
        9
    );
    let board = generate(&Settings::default(), 2).unwrap();
    let spots = spots(&board);
    assert_eq!(spots.len(), 54, "every base corner touches land");
    assert_eq!(spots.iter().map(|s| s.pips).sum::<u32>(), 58 * 6);
    assert_eq!(spots.iter().filter(|s| s.harbour.is_some()).count(), 18);
}

/// A spot's value as its parts say: its resource pips, variety and harbour, and its fish.
fn value_from_parts(board: &Board, spot: &Spot) -> u32 {
    let layout = board.layout();
    let kind = board.corner_harbours()[spot.corner];
    let traded = kind.map_or(0, |k| {
        traded_pips(layout, &board.terrain, &board.numbers, k, spot.corner)
    });
    spot_value(spot.pips, spot.resources.len(), kind, traded) + fish_value(spot.fish)
}

#[test]
fn fish_count_as_fish_not_as_a_resource() {
    // 4 fish buy a resource and a token holds 55/29 fish: 116 fish pips are 55 pips.
    assert_eq!(fish_value(116), 55);
    assert_eq!(fish_value(6), 2, "a corner on the lake's 2, 3, 11 and 12");
    assert_eq!(fish_value(2), 0);
    let fishermen = LayoutId::parse("fishermen-3-4").unwrap();
    let board = generate(&Settings::new(fishermen, RuleSet::standard()), 4).unwrap();
    let layout = board.layout();
    let lake = board
        .terrain
        .iter()
        .position(|&t| t == Terrain::Lake)
        .map(CellId::new)
        .unwrap();
    let spots = spots(&board);
    for spot in &spots {
        let cells = &layout.topology.corner_cells[spot.corner];
        let grounds: u32 = layout
            .fishing
            .iter()
            .filter(|g| g.corners.contains(&spot.corner))
            .map(|g| u32::from(pips(g.number)))
            .sum();
        let lake_fish = if cells.contains(&lake) { 6 } else { 0 };
        assert_eq!(spot.fish, grounds + lake_fish, "corner {}", spot.corner);
        assert_eq!(spot.value, value_from_parts(&board, spot));
        assert!(!cells
            .iter()
            .any(|&c| c == lake && spot.resources.len() == cells.len()));
    }
    // Every ground's 4 5 6 8 9 10 serves two corners, and the lake its six.
    let all: u32 = spots.iter().map(|s| s.fish).sum();
    assert_eq!(all, 2 * (3 + 4 + 5 + 5 + 4 + 3) + 6 * 6);
}

#[test]
fn rule_hexes_yield_nothing() {
    for (name, seed) in [("caravans-3-4", 1), ("traders-and-barbarians-3-4", 2)] {
        let id = LayoutId::parse(name).unwrap();
        let board = generate(&Settings::new(id, RuleSet::standard()), seed).unwrap();
        let layout = board.layout();
        let mut seen = 0;
        for spot in spots(&board) {
            let cells = &layout.topology.corner_cells[spot.corner];
            let rule_hexes = cells
                .iter()
                .filter(|&&c| board.terrain[c].rule_hex())
                .count();
            seen += rule_hexes;
            let producing: Vec<CellId> = cells
                .iter()
                .copied()
                .filter(|&c| !board.terrain[c].rule_hex())
                .collect();
            // What the corner's other hexes give, no more.
            let pips: u32 = producing
                .iter()
                .map(|&c| u32::from(token_pips(board.numbers[c])))
                .sum();
            assert_eq!(spot.pips, pips, "{name}: corner {}", spot.corner);
            assert!(spot.resources.len() <= producing.len());
            assert_eq!(spot.fish, 0);
            assert_eq!(spot.value, value_from_parts(&board, &spot));
        }
        assert!(seen > 0, "{name} has rule hexes");
    }
}

#[test]
fn a_harbour_is_worth_more_on_the_corner_that_feeds_it() {
    let board = generate(&Settings::default(), 6).unwrap();
    let layout = board.layout();
    let harbours = board.corner_harbours();
    for spot in spots(&board) {
        let c = spot.corner;
        let plain = spot.pips + spot.resources.len().saturating_sub(1) as u32;
        let Some(kind) = harbours[c] else {
            assert_eq!(spot.value, plain);
            continue;
        };
        let feeding: u32 = layout.topology.corner_cells[c]
            .iter()
            .filter(|&&cell| {
                kind.resource().is_none() || board.terrain[cell].resource() == kind.resource()
            })
            .map(|&cell| u32::from(token_pips(board.numbers[cell])))
            .sum();
        let rate = if kind.resource().is_none() { 1 } else { 3 };
        assert_eq!(spot.value, plain + 1 + rate * feeding / 6, "corner {c}");
    }
    // The same corner is worth more with a 2:1 harbour of what it produces most of
    // than with one of a resource it does not touch.
    let (corner, resource) = CornerId::all(layout.topology.corners.len())
        .find_map(|c| {
            layout.topology.corner_cells[c].iter().find_map(|&cell| {
                (token_pips(board.numbers[cell]) >= 4)
                    .then_some(board.terrain[cell].resource())
                    .flatten()
                    .map(|r| (c, r))
            })
        })
        .unwrap();
    let absent = Resource::ALL
        .into_iter()
        .find(|&r| {
            layout.topology.corner_cells[corner]
                .iter()
                .all(|&cell| board.terrain[cell].resource() != Some(r))
        })
        .unwrap();
    let tables = CellTables::of(layout, &board.terrain, &board.numbers, Expansion::BaseGame);
    let value = |kind| {
        tables
            .value(&layout.topology.corner_cells[corner], Some(kind), 0, 0)
            .unwrap()
    };
    assert!(value(HarbourKind::Special(resource)) > value(HarbourKind::Special(absent)));
}

#[test]
fn snake_draft_takes_the_best_first_and_keeps_distance() {
    for seats in 3..=4 {
        let board = generate(&Settings::default(), 8).unwrap();
        let draft = snake_draft(&board, seats);
        assert_eq!(draft.seats.len(), seats);
        assert!(keeps_distance_rule(&board, &draft));
        let best = spots(&board).iter().map(|s| s.value).max().unwrap();
        let first = draft.seats[0].settlements[0];
        assert_eq!(
            spots(&board)
                .iter()
                .find(|s| s.corner == first)
                .unwrap()
                .value,
            best
        );
    }
    let five_six = generate(
        &Settings::new(LayoutId::FiveSix, crate::rules::RuleSet::standard()),
        1,
    )
    .unwrap();
    let draft = snake_draft(&five_six, 6);
    assert!(keeps_distance_rule(&five_six, &draft));
}

/// A board written in the text format, read back the way `hexfair score` reads it: no
/// harbours, the robber on the first desert.
fn from_text(id: LayoutId, terrain: &str, numbers: &str) -> Board {
    let layout = Layout::get(id);
    crate::generate::assemble(
        layout,
        crate::board::parse_terrain(layout, terrain).unwrap(),
        crate::board::parse_numbers(layout, numbers).unwrap(),
        Vec::new(),
    )
}

/// Everything `hexfair score` and `check` compute from a board, for boards a user may
/// type but no layout deals.
fn report_on(board: &Board, seats: usize) -> (Vec<Spot>, Seating, Seating) {
    let scorer = crate::balance::score::Scorer::new(board.layout);
    let score = scorer.score_board(board);
    assert!(score.is_finite() && score >= 0.0, "score {score}");
    let _ = crate::rules::resource_pips(board);
    let _ = crate::rules::RuleSet::new(crate::rules::Rule::ALL).broken_by(board);
    let draft = snake_draft(board, seats);
    let fair = fair_start(board, seats);
    assert!(keeps_distance_rule(board, &draft));
    assert!(keeps_distance_rule(board, &fair));
    (spots(board), draft, fair)
}

#[test]
fn boards_with_little_or_no_land_have_few_or_no_seats() {
    let sea = |land: char, at: usize| -> String {
        (0..19).map(|i| if i == at { land } else { 'S' }).collect()
    };
    let no_numbers = ["-"; 19].join(",");
    let mut one_six = ["-"; 19];
    one_six[9] = "6";
    // All sea: no spot, so no seat.
    let (all, draft, fair) = report_on(&from_text(LayoutId::Base, &sea('S', 0), &no_numbers), 4);
    assert!(all.is_empty());
    assert!(draft.seats.is_empty() && fair.seats.is_empty());
    assert_eq!(fair.spread, 0);
    // One forest hex: six spots, of which no more than three keep the distance rule.
    // Four seats take one each in the first round and none gets a second; one seat
    // alone gets two, and the fair start works with that one.
    let island = from_text(LayoutId::Base, &sea('F', 9), &one_six.join(","));
    let (all, draft, fair) = report_on(&island, 4);
    assert_eq!(all.len(), 6);
    assert!(draft.seats.is_empty() && fair.seats.is_empty());
    let (_, draft, fair) = report_on(&island, 1);
    assert_eq!(draft.seats.len(), 1);
    assert_eq!(fair.seats.len(), 1);
    assert_eq!(fair.seats[0].value, 10, "two spots of 5 pips each");
    // All desert: every corner is a spot worth nothing.
    let (all, _, fair) = report_on(&from_text(LayoutId::Base, &"D".repeat(19), &no_numbers), 4);
    assert_eq!(all.len(), 54);
    assert!(all.iter().all(|s| s.value == 0));
    assert_eq!(fair.seats.len(), 4);
    assert_eq!(fair.spread, 0);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// Any board the text format can express: any board of the catalogue, any letter on any hex
    /// (`sea_share` tenths of them sea, so nearly empty boards come up too), any
    /// token or none on any hex, any seat count the command line takes and more.
    #[test]
    fn any_text_board_scores_and_seats_without_panicking(
        layout in proptest::sample::select(LayoutId::every()),
        sea_share in 0u8..=10,
        letters in proptest::collection::vec((0u8..10, 0usize..8), 63),
        tokens in proptest::collection::vec(0usize..11, 63),
        seats in 0usize..=8,
    ) {
        let id = layout;
        let cells = Layout::get(id).cells.len();
        let terrain: String = letters[..cells]
            .iter()
            .map(|&(roll, t)| if roll < sea_share { 'S' } else { crate::model::Terrain::ALL[t].letter() })
            .collect();
        let numbers = tokens[..cells]
            .iter()
            .map(|&t| [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].get(t).map_or("-".to_string(), u8::to_string))
            .collect::<Vec<_>>()
            .join(",");
        let board = from_text(id, &terrain, &numbers);
        let (all, draft, fair) = report_on(&board, seats);
        proptest::prop_assert!(draft.seats.len() <= seats && fair.seats.len() == draft.seats.len());
        let land_corners = (0..Layout::get(id).topology.corners.len())
            .filter(|&c| Layout::get(id).topology.corner_cells[c].iter().any(|&h| board.is_land(h)))
            .count();
        proptest::prop_assert_eq!(all.len(), land_corners);
        // The draft's ranking (a counting sort) is the ranking by value, best first,
        // lowest corner among equals.
        let mut judge = DraftJudge::new(board.layout(), &board.harbours, Expansion::BaseGame);
        judge.rank(&board.terrain, &board.numbers);
        let mut expected = judge.order[0].clone();
        expected.sort_by_key(|&c| (std::cmp::Reverse(judge.values[0][c]), c));
        proptest::prop_assert_eq!(&judge.order[0], &expected);
    }
}

#[test]
fn fair_start_is_fairer_than_the_draft() {
    for seed in 0..5 {
        let board = generate(&Settings::default(), seed).unwrap();
        let draft = snake_draft(&board, 4);
        let fair = fair_start(&board, 4);
        assert!(keeps_distance_rule(&board, &fair));
        assert!(
            fair.spread <= draft.spread,
            "seed {seed}: fair {} vs draft {}",
            fair.spread,
            draft.spread
        );
        assert!(fair.spread <= 1, "seed {seed}: spread {}", fair.spread);
    }
}
