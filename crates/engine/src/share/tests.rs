use super::codes::*;
use super::radix::ALPHABET;
use super::token::token_with_parts;
use super::*;
use crate::catalogue::Layout;
use crate::generate::generate;
use crate::generate::{NumberMode, SettingsProblem};
use crate::geometry::Hex;
use crate::model::{CellId, Terrain};
use crate::rules::{Rule, RuleSet};
use proptest::prelude::*;

#[test]
fn seed_link_round_trip() {
    let settings = Settings::new(
        LayoutId::Base,
        RuleSet::new([Rule::NoAdjacentRed, Rule::MaxCornerPips(12)]),
    );
    let text = encode_seed_link(&settings, 987_654_321);
    assert_eq!(
        text,
        "v=1&layout=base&seed=987654321&rules=no-adjacent-red,max-corner-pips=12"
    );
    let link = decode(&format!("?{text}")).unwrap().unwrap();
    assert_eq!(
        (link.settings, link.seed, link.board),
        (settings, 987_654_321, None)
    );
}

#[test]
fn base_board_token_is_short_and_exact() {
    let settings = Settings::default();
    for seed in [0, 1, 999_999_999, u64::MAX] {
        let board = generate(&settings, seed).unwrap();
        let token = board_token(&settings, Mode::Balanced, seed, &board);
        assert!(token.len() < 40, "{token} is {} characters", token.len());
        let link = decode(&format!("?b={token}")).unwrap().unwrap();
        assert_eq!(link.board.as_ref(), Some(&board));
        assert_eq!((link.settings, link.seed), (settings.clone(), seed));
        assert_eq!(decode_board(&token), Ok(board));
    }
    // A reader that wants the board alone gets the token's own reason when there is none.
    for bad in ["", "9abc", "2!!"] {
        assert_eq!(decode_board(bad), decode_token(bad).map(|_| unreachable!()));
    }
}

#[test]
fn every_board_round_trips_at_each_table() {
    for (layout, seats) in LayoutId::tables() {
        let settings = Settings::new(layout, RuleSet::standard());
        let board = generate(&settings, 5).unwrap();
        let token = board_token_seated(&settings, Mode::Target(0.25), 5, &board, seats);
        let link = decode_token(&token).unwrap();
        assert_eq!(link.board, Some(board), "{layout}");
        assert_eq!(link.seats, seats, "{layout}");
    }
}

#[test]
fn empty_query_has_no_board() {
    assert_eq!(decode(""), Ok(None));
    assert_eq!(decode("?utm_source=x"), Ok(None));
}

#[test]
fn malformed_links_say_what_is_wrong() {
    let damaged = LinkError::Damaged;
    for (query, expected) in [
        ("seed=5", damaged(Damage::NoVersion)),
        (
            "v=9&seed=5",
            LinkError::Unknown(Unknown::LinkVersion("9".into())),
        ),
        ("v=1&seed=five", damaged(Damage::SeedNotWhole)),
        (
            "v=1&layout=moon&seed=5",
            LinkError::Unknown(Unknown::LayoutName("moon".into())),
        ),
        (
            "v=1&seed=5&rules=no-adjacent-blue",
            LinkError::UnknownRule("no-adjacent-blue".into()),
        ),
        ("v=1&layout=base", damaged(Damage::NoSeed)),
        ("b=7abc", LinkError::Unknown(Unknown::TokenVersion('7'))),
        ("b=3ab$c", damaged(Damage::Characters)),
        ("b=2ab$c", damaged(Damage::Characters)),
        ("b=", LinkError::NoToken),
        ("v=1&seed=", damaged(Damage::NoSeed)),
        ("v=1&seed=99999999999999999999999", LinkError::SeedTooLarge),
        ("v=1&seed=5&rules=foo", LinkError::UnknownRule("foo".into())),
    ] {
        assert_eq!(decode(query), Err(expected), "{query}");
    }
}

/// Every single-character substitution of `token`: refused, or the same board.
/// Returns how many were tried and how many were refused.
fn substitutions(token: &str, board: &Board) -> (usize, usize) {
    let mut tried = 0;
    let mut refused = 0;
    let chars: Vec<char> = token.chars().collect();
    for i in 0..chars.len() {
        for &c in ALPHABET.iter().chain(b"24") {
            if c as char == chars[i] {
                continue;
            }
            let mut changed = chars.clone();
            changed[i] = c as char;
            let changed: String = changed.into_iter().collect();
            tried += 1;
            match decode_token(&changed) {
                Err(_) => refused += 1,
                Ok(link) => assert_eq!(
                    link.board.as_ref(),
                    Some(board),
                    "{changed} (from {token}) decodes to another board"
                ),
            }
        }
    }
    (tried, refused)
}

/// Every single-character substitution of a link of each table whose index is `shard`
/// modulo [`SHARDS`]: refused, or the same board. Returns how many were tried.
fn substitutions_of_shard(shard: usize) -> usize {
    let mut tried = 0;
    // Seeds split across the boards and their tables: the first seven boards took six
    // seeds each; each table now takes one, a seed of its own.
    for (seed, (layout, seats)) in (0..).zip(LayoutId::tables()) {
        if seed as usize % SHARDS != shard {
            continue;
        }
        let settings = Settings::new(layout, RuleSet::standard());
        let board = generate(&settings, seed).unwrap();
        let token = board_token_seated(&settings, Mode::Balanced, seed, &board, seats);
        let (n, refused) = substitutions(&token, &board);
        tried += n;
        // Only the spare bits of the version character could be harmless, and
        // there are none: every other change is refused.
        assert_eq!(refused, n, "{layout} seed {seed}");
    }
    tried
}

/// The tables' substitutions in shards, each a test of its own, so the test harness runs
/// them side by side: one test of all of them was most of the engine's unit tests' time,
/// on one core.
const SHARDS: usize = 4;

#[test]
fn every_substitution_is_refused_or_harmless_on_every_board_shard_0() {
    assert!(substitutions_of_shard(0) > 12_000);
}

#[test]
fn every_substitution_is_refused_or_harmless_on_every_board_shard_1() {
    assert!(substitutions_of_shard(1) > 12_000);
}

#[test]
fn every_substitution_is_refused_or_harmless_on_every_board_shard_2() {
    assert!(substitutions_of_shard(2) > 12_000);
}

#[test]
fn every_substitution_is_refused_or_harmless_on_every_board_shard_3() {
    assert!(substitutions_of_shard(3) > 12_000);
}

#[test]
fn cut_extended_and_padded_tokens_are_refused() {
    let board = generate(&Settings::default(), 3).unwrap();
    let token = board_token(&Settings::default(), Mode::Unbalanced, 3, &board);
    for cut in 1..token.len() {
        assert!(decode_token(&token[..cut]).is_err(), "cut at {cut}");
    }
    for padding in ["A", "AA", "AAAA", "B", "-"] {
        let err = decode_token(&format!("{token}{padding}")).unwrap_err();
        assert!(
            matches!(
                err,
                LinkError::Damaged(Damage::PastEnd | Damage::Check) | LinkError::CutShort
            ),
            "{err:?}"
        );
    }
    let long = format!("3{}", "B".repeat(1_000_000));
    assert_eq!(
        decode_token(&long),
        Err(LinkError::Damaged(Damage::TokenTooLong))
    );
    let query = format!("b={}", "x".repeat(10_000));
    assert_eq!(
        decode(&query),
        Err(LinkError::Damaged(Damage::QueryTooLong))
    );
}

#[test]
fn seats_ride_in_the_token_and_the_usual_count_changes_nothing() {
    for layout in LayoutId::every() {
        let settings = Settings::new(layout, RuleSet::standard());
        let board = generate(&settings, 8).unwrap();
        let usual = board_token(&settings, Mode::Balanced, 8, &board);
        assert_eq!(decode_token(&usual).unwrap().seats, *layout.seats().end());
        for seats in layout.seats() {
            let token = board_token_seated(&settings, Mode::Balanced, 8, &board, seats);
            if seats == *layout.seats().end() {
                assert_eq!(token, usual, "{layout}: the usual count is left out");
            } else {
                assert!(token.len() <= usual.len() + 3, "{token} against {usual}");
            }
            let link = decode_token(&token).unwrap();
            assert_eq!(
                (link.seats, link.board.as_ref(), &link.settings),
                (seats, Some(&board), &settings),
                "{layout} {seats}"
            );
            assert_eq!(
                encode_seated(&settings, Mode::Balanced, 8, &board, seats),
                format!("b={token}")
            );
        }
    }
}

#[test]
fn seat_parts_are_checked_and_spelt_one_way() {
    let settings = Settings::default();
    let board = generate(&settings, 4).unwrap();
    // A right check on a table the layout is not for: refused in words.
    for (seats, written) in [(2, 2), (1, 1), (0, 1)] {
        let token = board_token_seated(&settings, Mode::Random, 4, &board, seats);
        assert_eq!(
            decode_token(&token),
            Err(LinkError::Damaged(Damage::Board {
                first: Problem::Seats {
                    seats: written,
                    layout: LayoutId::Base
                },
                more: false
            }))
        );
    }
    assert_eq!(
        board_token_seated(&settings, Mode::Random, 4, &board, 7),
        board_token(&settings, Mode::Random, 4, &board),
        "more than the most cannot be written"
    );
    let five_six = Settings::new(LayoutId::FiveSix, RuleSet::default());
    let big = generate(&five_six, 4).unwrap();
    let err = decode_token(&board_token_seated(&five_six, Mode::Random, 4, &big, 3));
    assert!(matches!(
        err,
        Err(LinkError::Damaged(Damage::Board {
            first: Problem::Seats { seats: 3, .. },
            ..
        }))
    ));
    // The usual count spelt out, an empty list of parts, parts out of order, a part
    // this version does not know: each a second spelling or a stranger, refused.
    let seats = part_code("seats");
    for (parts, why) in [
        (
            vec![(seats, 0, FEWER_SEATS_RADIX)],
            LinkError::Damaged(Damage::UsualSeatsSpelled),
        ),
        (vec![], LinkError::Damaged(Damage::EmptyParts)),
        (
            vec![(seats, 1, FEWER_SEATS_RADIX), (seats, 1, FEWER_SEATS_RADIX)],
            LinkError::Damaged(Damage::PartsOutOfOrder),
        ),
        (
            vec![(PART_CODES.len() as u64, 1, 2)],
            LinkError::Unknown(Unknown::Setting),
        ),
    ] {
        let token = token_with_parts(&settings, Mode::Random, 4, &board, &parts, true);
        assert_eq!(decode_token(&token), Err(why), "{parts:?}");
    }
    // v2 tokens have no parts: the flag is an unknown placement there.
    assert_eq!(
        numbers_of_code(2, false),
        Err(LinkError::Unknown(Unknown::NumberCode))
    );
}

/// A Cities & Knights table rides as the `expansion` part: its links open the same board
/// and game, base-game links keep their spelling, and a part naming the base game, a game
/// this version does not know, or C&K on a board that is not the base game's island is
/// refused.
#[test]
fn a_cities_and_knights_link_keeps_its_game() {
    use crate::model::Expansion;
    for (layout, seats) in [
        (LayoutId::Base, 3),
        (LayoutId::FiveSix, 6),
        (LayoutId::McGuire, 4),
    ] {
        let base = Settings::new(layout, RuleSet::default());
        let ck = Settings {
            expansion: Expansion::CitiesAndKnights,
            ..base.clone()
        };
        let board = generate(&ck, 9).unwrap();
        let token = board_token_seated(&ck, Mode::Balanced, 9, &board, seats);
        let plain = board_token_seated(&base, Mode::Balanced, 9, &board, seats);
        assert_ne!(token, plain);
        let link = decode_token(&token).unwrap();
        assert_eq!(link.settings, ck);
        assert_eq!((link.seats, link.board.as_ref()), (seats, Some(&board)));
        assert_eq!(decode_token(&plain).unwrap().settings, base);
    }
    let settings = Settings::default();
    let board = generate(&settings, 4).unwrap();
    let expansion = part_code("expansion");
    for (code, why) in [
        (0, LinkError::Damaged(Damage::BaseGameSpelled)),
        (5, LinkError::Unknown(Unknown::Game)),
    ] {
        let parts = [(expansion, code, EXPANSION_RADIX)];
        let token = token_with_parts(&settings, Mode::Random, 4, &board, &parts, true);
        assert_eq!(decode_token(&token), Err(why), "{code}");
    }
    let seafarers = Settings {
        expansion: Expansion::CitiesAndKnights,
        ..Settings::new(LayoutId::Seafarers, RuleSet::default())
    };
    let plain = Settings::new(LayoutId::Seafarers, RuleSet::default());
    let board = generate(&plain, 4).unwrap();
    let err = decode_token(&board_token(&seafarers, Mode::Random, 4, &board)).unwrap_err();
    assert!(
        matches!(
            &err,
            LinkError::Damaged(Damage::Board {
                first: Problem::Settings(SettingsProblem::GameNotPlayed { .. }),
                ..
            })
        ),
        "{err:?}"
    );
}

#[test]
fn share_codes_cover_everything() {
    for layout in LayoutId::every() {
        assert_eq!(
            layout_of_code(layout_code(layout)),
            Some(layout),
            "{layout}"
        );
    }
    let mut boards = LAYOUT_CODES.to_vec();
    boards.sort_unstable();
    boards.dedup();
    assert_eq!(boards.len(), LAYOUT_CODES.len(), "board codes are unique");
    for rule in Rule::ALL {
        assert_eq!(rule_of_code(rule_code(rule)), Some(rule), "{}", rule.name());
    }
    let mut names = RULE_CODES.to_vec();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), RULE_CODES.len(), "rule codes are unique");
    assert!(
        RULE_CODES.len() <= 64 && LAYOUT_CODES.len() <= 64,
        "codes fit their radix"
    );
}

/// A token for a board the app would never make, with a right check.
fn forged(settings: &Settings, board: &Board) -> LinkError {
    decode_token(&board_token(settings, Mode::Random, 1, board)).unwrap_err()
}

#[test]
fn forged_boards_with_a_right_check_are_refused() {
    let not_ours = |e: LinkError| {
        assert!(
            matches!(e, LinkError::Damaged(Damage::Board { .. })),
            "{e:?}"
        )
    };

    // 6 on gold, New World 5-6.
    let settings = Settings::new(LayoutId::NewWorldFiveSix, RuleSet::default());
    let mut board = generate(&settings, 2).unwrap();
    let gold = board
        .terrain
        .iter()
        .position(|&t| t == Terrain::Gold)
        .unwrap();
    let six = board.numbers.iter().position(|&n| n == Some(6)).unwrap();
    board.numbers.swap(gold, six);
    not_ours(forged(&settings, &board));

    // New World harbours on one spot, or on land.
    let settings = Settings::new(LayoutId::NewWorld, RuleSet::default());
    let board = generate(&settings, 2).unwrap();
    let mut overlapping = board.clone();
    overlapping.harbours[1].spot = overlapping.harbours[0].spot;
    not_ours(forged(&settings, &overlapping));
    let layout = Layout::get(LayoutId::NewWorld);
    let (a, b) = *layout
        .topology
        .adjacent_pairs
        .iter()
        .find(|&&(a, b)| board.is_land(a) && board.is_land(b))
        .unwrap();
    let mut on_land = board.clone();
    on_land.harbours[0].spot = layout.spot(layout.cells[a], b).unwrap();
    not_ours(forged(&settings, &on_land));

    // New World: one continent.
    let mut continent = board.clone();
    let mut sea: Vec<CellId> = CellId::all(layout.cells.len())
        .filter(|&c| !board.is_land(c))
        .collect();
    let mut land: Vec<CellId> = CellId::all(layout.cells.len())
        .filter(|&c| board.is_land(c))
        .collect();
    sea.sort_by_key(|&c| std::cmp::Reverse(layout.cells[c].distance(Hex::ORIGIN)));
    land.sort_by_key(|&c| layout.cells[c].distance(Hex::ORIGIN));
    // Move the outermost land inwards: every land hex ends up in one central lump.
    for (&s, &l) in sea.iter().rev().zip(land.iter().rev()) {
        if layout.cells[s].distance(Hex::ORIGIN) < layout.cells[l].distance(Hex::ORIGIN) {
            continent.terrain.swap(s.index(), l.index());
            continent.numbers.swap(s.index(), l.index());
        }
    }
    continent.harbours = Vec::new();
    not_ours(forged(&settings, &continent));

    // The rules it claims, and a spiral it does not follow.
    let board = generate(&Settings::default(), 5).unwrap();
    let strict = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(9)]));
    not_ours(forged(&strict, &board));
    let spiral = Settings {
        numbers: NumberMode::Spiral,
        ..Settings::default()
    };
    not_ours(forged(&spiral, &board));
    let no_spiral = Settings {
        numbers: NumberMode::Spiral,
        ..Settings::new(LayoutId::NewWorld, RuleSet::default())
    };
    not_ours(forged(&no_spiral, &generate(&settings, 3).unwrap()));

    // McGuire: the inland harbour away from where the set-up puts it.
    let settings = Settings::new(LayoutId::McGuire, RuleSet::default());
    let board = generate(&settings, 4).unwrap();
    let mut moved = board.clone();
    let sea = board
        .terrain
        .iter()
        .position(|&t| t == Terrain::Sea)
        .unwrap();
    let inner = layout_inner_cell(LayoutId::McGuire);
    moved.terrain.swap(sea, inner.index());
    moved.numbers.swap(sea, inner.index());
    assert!(decode_token(&board_token(&settings, Mode::Random, 1, &moved)).is_err());
}

/// A cell with six neighbours on the layout.
fn layout_inner_cell(id: LayoutId) -> CellId {
    let layout = Layout::get(id);
    CellId::all(layout.cells.len())
        .find(|&c| layout.topology.cell_neighbors[c].len() == 6)
        .unwrap()
}

proptest! {
    #[test]
    fn decoding_garbage_never_panics(query in ".{0,80}", token in "2[A-Za-z0-9_-]{0,60}") {
        let _ = decode(&query);
        let _ = decode_token(&token);
    }

    #[test]
    fn any_settings_round_trip(seed in any::<u64>(), red in any::<bool>(), limit in proptest::option::of(11u8..=14), spiral in any::<bool>()) {
        let rules = RuleSet::new(red.then_some(Rule::NoAdjacentRed).into_iter().chain(limit.map(Rule::MaxCornerPips)));
        let numbers = if spiral { NumberMode::Spiral } else { NumberMode::Random };
        let settings = Settings { numbers, ..Settings::new(LayoutId::Base, rules) };
        let board = generate(&settings, seed).unwrap();
        let link = decode_token(&board_token(&settings, Mode::Balanced, seed, &board)).unwrap();
        prop_assert_eq!(link.board, Some(board));
        prop_assert_eq!(&link.settings, &settings);
        prop_assert_eq!(link.seed, seed);
        let seed_link = decode(&encode_seed_link(&link.settings, seed)).unwrap().unwrap();
        prop_assert_eq!(seed_link.seed, seed);
    }
}

#[test]
fn a_link_says_what_is_wrong_with_it_as_a_fact_the_page_can_word() {
    let board = generate(&Settings::default(), 3).unwrap();
    let token = board_token(&Settings::default(), Mode::Unbalanced, 3, &board);
    let fault = |query: &str| decode(query).unwrap_err();
    // A token cut short is never said to have characters past its end.
    for cut in 1..token.len() - 1 {
        let err = decode_token(&token[..token.len() - cut]).unwrap_err();
        assert_ne!(err, LinkError::Damaged(Damage::PastEnd), "cut {cut}");
    }
    assert_eq!(
        decode_token(&token[..token.len() - 1]).unwrap_err(),
        LinkError::CutShort
    );
    // Characters of nothing added past its end are said to be just that.
    let padded = decode_token(&format!("{token}AAAA")).unwrap_err();
    assert_eq!(padded, LinkError::Damaged(Damage::PastEnd));
    assert_eq!(fault("b="), LinkError::NoToken);
    assert_eq!(fault("b"), LinkError::NoToken);
    assert_eq!(
        fault("v=1&seed=18446744073709551616"),
        LinkError::SeedTooLarge
    );
    assert_eq!(
        decode("v=1&seed=18446744073709551615")
            .unwrap()
            .unwrap()
            .seed,
        u64::MAX
    );
    assert_eq!(
        fault("v=1&seed=-5"),
        LinkError::Damaged(Damage::SeedNotWhole)
    );
    // What this version does not know may come from a newer one: said apart from damage.
    assert!(matches!(fault("v=2&seed=5"), LinkError::Unknown(_)));
    assert!(matches!(
        fault("v=1&seed=5&layout=atlantis"),
        LinkError::Unknown(_)
    ));
    assert!(matches!(
        fault("v=1&seed=5&numbers=sideways"),
        LinkError::Unknown(_)
    ));
    assert!(matches!(
        fault(&format!("b=9{}", &token[1..])),
        LinkError::Unknown(_)
    ));
    // An unknown rule is named alone, not beside the list of every rule.
    let err = decode("v=1&seed=5&rules=no-adjacent-red,foo=3").unwrap_err();
    assert_eq!(err, LinkError::UnknownRule("foo".into()));
    // A known rule with a bad value says which rule and why.
    assert_eq!(
        decode("v=1&seed=5&rules=max-corner-pips=100"),
        Err(LinkError::RuleValue {
            rule: "max-corner-pips".into(),
            error: crate::rules::RuleError::Value {
                kind: Rule::MaxCornerPips(12),
                value: "100".into()
            }
        })
    );
}

#[test]
fn a_token_cut_short_is_said_to_be_cut_short_wherever_the_cut_falls() {
    // A cut where a byte ends leaves a token spelt like a whole one (about one in eleven);
    // it is still told apart from a changed one. (A longer cut there is told by the check:
    // "changed or cut short".)
    for layout in LayoutId::every() {
        for seed in 0..6 {
            let settings = Settings::new(layout, RuleSet::standard());
            let Ok(board) = generate(&settings, seed) else {
                continue;
            };
            let token = board_token(&settings, Mode::Balanced, seed, &board);
            assert_eq!(
                decode_token(&token[..token.len() - 1]),
                Err(LinkError::CutShort),
                "{layout} seed {seed}"
            );
        }
    }
}
