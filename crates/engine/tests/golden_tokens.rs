//! Share links are a contract: a link that decodes today shows the same board after any
//! change. Each golden file holds tokens made by a released encoder, one a line, with what
//! they decode to; every token must keep decoding to exactly that.
//!
//! `tests/golden/tokens-v2.txt` was written by the v2 encoder and is frozen for good: nothing
//! writes it again. `tests/golden/tokens-v3.txt` is the current encoder's; its test also
//! checks that encoding the same board gives the same token, so the format cannot drift.
//! Set `HEXFAIR_BLESS=1` to write the current encoder's file afresh (only for a new format
//! version: a changed line means links in the wild changed meaning).

use std::fmt::Write as _;

use hexfair::balance::presets::Preset;
use hexfair::balance::search::Mode;
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::{generate, NumberMode, Settings};
use hexfair::model::Expansion;
use hexfair::rules::{Rule, RuleSet};
use hexfair::share::{board_token_seated, decode, usual_seats, Link};

/// Everything a link shows, in one line of text.
fn describe(link: &Link) -> String {
    let mut out = format!(
        "{} rules={} numbers={} mode={} seed={}",
        link.settings.layout,
        link.settings.rules.names(),
        link.settings.numbers.name(),
        link.mode,
        link.seed
    );
    // Written only for a table other than the layout's most, so lines from before seats
    // read as they always did.
    if link.seats != usual_seats(link.settings.layout) {
        write!(out, " seats={}", link.seats).unwrap();
    }
    // Written only for a game other than the base game (added with Cities & Knights).
    if link.settings.expansion != Expansion::BaseGame {
        write!(out, " game={}", link.settings.expansion).unwrap();
    }
    if let Some(board) = &link.board {
        write!(
            out,
            " terrain={} tokens={} robber={:?} pirate={:?} harbours=",
            board.terrain_text(),
            board.numbers_text(),
            board.robber,
            board.pirate.map(|h| (h.q, h.r)),
        )
        .unwrap();
        for h in &board.harbours {
            write!(
                out,
                "[{},{}>{}:{}]",
                h.spot.sea.q,
                h.spot.sea.r,
                h.spot.faces,
                h.kind.label()
            )
            .unwrap();
        }
    }
    out
}

/// The boards a golden file covers: the boards from before the catalogue with each mode and
/// placement, and every rule kind (at a few parameters) on the layouts where it can hold;
/// then (added with seats, after every earlier case) tables of fewer players than the
/// layout's most; then (added with the catalogue) every other board at each player count.
fn golden_cases() -> Vec<(Settings, Mode, u64, usize)> {
    let mut cases: Vec<(Settings, Mode, u64, usize)> = board_cases()
        .into_iter()
        .map(|(settings, mode, seed)| {
            let seats = usual_seats(settings.layout);
            (settings, mode, seed, seats)
        })
        .collect();
    for (layout, seats, seed) in [
        (LayoutId::Base, 3, 3),
        (LayoutId::Seafarers, 3, 33),
        (LayoutId::NewWorld, 3, 333),
        (LayoutId::McGuire, 3, 3_333),
        (LayoutId::FiveSix, 5, 5),
        (LayoutId::SeafarersFiveSix, 5, 55),
        (LayoutId::NewWorldFiveSix, 5, 555),
    ] {
        let settings = Settings::new(layout, RuleSet::standard());
        cases.push((settings, Mode::Balanced, seed, seats));
    }
    let spiral = Settings {
        numbers: NumberMode::Spiral,
        ..Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(11)]))
    };
    cases.push((spiral, Mode::Target(0.3), 1 << 40, 3));
    cases.extend(catalogue_cases());
    // Added with Cities & Knights, after every earlier case: a C&K table on each board it is
    // played on, at both player counts and with a preset.
    for (layout, mode, seed, seats) in [
        (LayoutId::Base, Mode::Balanced, 30, 4),
        (LayoutId::Base, Mode::Random, 31, 3),
        (LayoutId::McGuire, Mode::Target(0.2), 32, 4),
        (LayoutId::FiveSix, Mode::Balanced, 33, 6),
        (LayoutId::FiveSix, Mode::Preset(Preset::CODES[0]), 34, 5),
    ] {
        let settings = Settings {
            expansion: Expansion::CitiesAndKnights,
            ..Settings::new(layout, RuleSet::standard())
        };
        cases.push((settings, mode, seed, seats));
    }
    cases
}

/// Added with the catalogue, after every earlier case: each other board at each player
/// count, the modes taken in turn, and the letter spiral where the board offers it.
fn catalogue_cases() -> Vec<(Settings, Mode, u64, usize)> {
    let modes = [
        Mode::Random,
        Mode::Balanced,
        Mode::Unbalanced,
        Mode::Target(0.37),
    ];
    let mut cases = Vec::new();
    let tables = LayoutId::tables()
        .into_iter()
        .filter(|(layout, _)| !LayoutId::PRE_CATALOGUE.contains(layout));
    for (i, (layout, seats)) in tables.enumerate() {
        let seed = 1_000 + i as u64;
        let settings = Settings::new(layout, RuleSet::standard());
        cases.push((settings.clone(), modes[i % modes.len()], seed, seats));
        let spiral = Settings {
            numbers: NumberMode::Spiral,
            ..settings
        };
        if spiral.problem().is_none() && seats == usual_seats(layout) {
            cases.push((spiral, Mode::Balanced, seed, seats));
        }
    }
    cases
}

/// The cases from before seats, in their order.
fn board_cases() -> Vec<(Settings, Mode, u64)> {
    let mut cases = Vec::new();
    let modes = [
        Mode::Random,
        Mode::Balanced,
        Mode::Unbalanced,
        Mode::Target(0.0),
        Mode::Target(0.37),
        Mode::Target(1.0),
    ];
    for layout in LayoutId::PRE_CATALOGUE {
        for (i, mode) in modes.into_iter().enumerate() {
            let seed = [0, 1, 42, 999_999_999, 1 << 40, u64::MAX][i];
            cases.push((Settings::new(layout, RuleSet::standard()), mode, seed));
        }
        cases.push((Settings::new(layout, RuleSet::default()), Mode::Balanced, 7));
        if Layout::get(layout).has_spiral() && layout != LayoutId::McGuire {
            let settings = Settings {
                numbers: NumberMode::Spiral,
                ..Settings::new(layout, RuleSet::standard())
            };
            cases.push((settings, Mode::Random, 11));
        }
    }
    let rules = [
        Rule::NoAdjacentRed,
        Rule::NoAdjacentExtreme,
        Rule::NoAdjacentSameNumber,
        Rule::NoAdjacentSameTerrain,
        Rule::NoAdjacentLumberBrick,
        Rule::RedOnDistinctResources,
        Rule::DistinctNumbersPerResource,
        Rule::MaxCornerPips(11),
        Rule::MaxCornerPips(13),
        Rule::MinResourcePips(8),
        Rule::DesertCenter,
        Rule::MaxTerrainCluster(2),
        Rule::MaxTerrainCluster(3),
    ];
    for (i, rule) in rules.into_iter().enumerate() {
        for layout in [LayoutId::Base, LayoutId::Seafarers] {
            let settings = Settings::new(layout, RuleSet::new([rule]));
            cases.push((settings, Mode::Balanced, 100 + i as u64));
        }
    }
    cases.push((
        Settings::new(
            LayoutId::Base,
            RuleSet::new([
                Rule::NoAdjacentRed,
                Rule::NoAdjacentExtreme,
                Rule::NoAdjacentSameTerrain,
                Rule::MaxCornerPips(12),
                Rule::MinResourcePips(7),
            ]),
        ),
        Mode::Target(0.5),
        2024,
    ));
    cases
}

/// Token and description lines for the golden cases whose board can be generated.
fn current_lines() -> String {
    let mut out = String::new();
    for (settings, mode, seed, seats) in golden_cases() {
        let Ok(board) = generate(&settings, seed) else {
            continue;
        };
        let token = board_token_seated(&settings, mode, seed, &board, seats);
        let link = decode(&format!("b={token}"))
            .expect("a fresh token decodes")
            .expect("it holds a board");
        writeln!(out, "{token}\t{}", describe(&link)).unwrap();
    }
    out
}

/// Checks every line of a golden file; returns how many tokens it held.
fn check_golden(text: &str, encode_again: bool) -> usize {
    let mut count = 0;
    for (line_no, line) in text.lines().enumerate() {
        let (token, expected) = line.split_once('\t').expect("token, tab, description");
        let link = decode(&format!("?b={token}"))
            .unwrap_or_else(|e| panic!("line {}: {token} no longer decodes: {e:?}", line_no + 1))
            .expect("a board token");
        assert_eq!(
            describe(&link),
            expected,
            "line {}: {token} decodes to another board",
            line_no + 1
        );
        if encode_again {
            let board = link.board.as_ref().expect("a board");
            assert_eq!(
                board_token_seated(&link.settings, link.mode, link.seed, board, link.seats),
                token,
                "line {}: the same board encodes to another token",
                line_no + 1
            );
        }
        count += 1;
    }
    count
}

#[test]
fn v2_tokens_keep_their_boards() {
    let text = include_str!("golden/tokens-v2.txt");
    assert!(check_golden(text, false) >= 80);
}

#[test]
fn v3_tokens_keep_their_boards_and_spelling() {
    if std::env::var_os("HEXFAIR_BLESS").is_some() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/tokens-v3.txt"),
            current_lines(),
        )
        .unwrap();
    }
    let text = include_str!("golden/tokens-v3.txt");
    assert!(check_golden(text, true) >= 127);
    // Tables of fewer players: 3 on every 3-4 layout, 5 on every 5-6 one.
    for seats in [" seats=3 ", " seats=5 "] {
        assert!(text.matches(seats).count() >= 3, "{seats}");
    }
    // Cities & Knights tables (added with them).
    assert!(text.matches(" game=cities-and-knights ").count() >= 5);
    // Every board of the catalogue at each player count.
    for (layout, seats) in LayoutId::tables() {
        let table = format!(" seats={seats} ");
        assert!(
            text.lines().any(|line| {
                let board = line.split_once('\t').map_or("", |(_, board)| board);
                board.starts_with(&format!("{layout} "))
                    && (seats == usual_seats(layout) || board.contains(&table))
            }),
            "no golden token for {layout} at {seats} seats"
        );
    }
}

/// Base links stay short enough to read out or type: the token under 40 characters
/// whatever the seed and rules, and the whole query under 40 for the app's seeds (below a
/// billion) with the default rules.
#[test]
fn a_base_link_stays_short() {
    for line in include_str!("golden/tokens-v3.txt").lines() {
        let (token, board) = line.split_once('\t').unwrap();
        if !board.starts_with("base ") {
            continue;
        }
        assert!(token.len() < 40, "{token}");
        let seed: u64 = board
            .split(" seed=")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if seed < 1_000_000_000 && board.contains(" rules=no-adjacent-red ") {
            assert!(format!("?b={token}").len() < 40, "{token}");
        }
    }
}
