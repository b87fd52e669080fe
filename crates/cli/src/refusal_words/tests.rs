use super::*;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::model::{CellId, Terrain};
use hexfair::rules::RuleSet;
use hexfair::share::{board_token, board_token_seated, decode, decode_token};

#[test]
fn thousands_are_grouped() {
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1000), "1,000");
    assert_eq!(thousands(12_345_678), "12,345,678");
}

/// The reasons the command line gives for links it cannot read, word for word.
#[test]
fn a_link_that_cannot_be_read_is_told_why() {
    for (query, expected) in [
        ("seed=5", "it has no version"),
        ("v=9&seed=5", "version '9' is not one this app knows"),
        ("v=1&seed=five", "its seed is not a whole number"),
        ("v=1&layout=moon&seed=5", "unknown layout 'moon'"),
        (
            "v=1&seed=5&rules=no-adjacent-blue",
            "it names a rule this version does not know, 'no-adjacent-blue'",
        ),
        ("v=1&layout=base", "it has no seed"),
        ("b=7abc", "its token version '7' is not one this app knows"),
        ("b=3ab$c", "its token has characters that do not belong"),
        ("b=", "it has no board token after 'b='"),
        (
            "v=1&seed=99999999999999999999999",
            "its seed is larger than the largest, 18446744073709551615",
        ),
        (
            "v=1&seed=5&rules=max-corner-pips=100",
            "rule 'max-corner-pips' needs a whole number from 0 to 99, not '100'",
        ),
        (
            "v=1&seed=5&numbers=sideways",
            "unknown number placement 'sideways'",
        ),
    ] {
        let error = decode(query).unwrap_err();
        assert_eq!(link_error(&error), expected, "{query}");
    }
    let query = format!("b={}", "x".repeat(10_000));
    assert_eq!(
        link_error(&decode(&query).unwrap_err()),
        "it is far longer than any Hexfair link"
    );
}

#[test]
fn a_board_a_link_carries_is_refused_with_its_first_problem() {
    let settings = Settings::default();
    let board = generate(&settings, 4).unwrap();
    // A table the layout is not for is said alone.
    let token = board_token_seated(&settings, Mode::Random, 4, &board, 2);
    assert_eq!(
        link_error(&decode_token(&token).unwrap_err()),
        "it seats 2 players, but a base board is for 3 or 4"
    );
    // A board the app would not make, with a right check: its first problem, and whether
    // there are more.
    let said = |rules: Vec<Rule>| {
        let strict = Settings::new(LayoutId::Base, RuleSet::new(rules));
        link_error(&decode_token(&board_token(&strict, Mode::Random, 4, &board)).unwrap_err())
    };
    assert_eq!(
        said(vec![Rule::MaxCornerPips(6)]),
        "its board is not one Hexfair makes: it breaks the rule max-corner-pips=6"
    );
    assert_eq!(
        said(vec![Rule::MaxCornerPips(6), Rule::MinResourcePips(40)]),
        "its board is not one Hexfair makes: it breaks the rule max-corner-pips=6, among others"
    );
}

#[test]
fn board_problems_count_hexes_and_harbours_from_one() {
    assert_eq!(
        board_problem(&Problem::GoldBeside {
            hex: CellId::new(4),
            terrain: Terrain::Gold
        }),
        "hex 5 (gold) is beside another gold hex"
    );
    assert_eq!(
        board_problem(&Problem::HarbourTouches(1)),
        "harbour 2 touches another harbour"
    );
    assert_eq!(
        board_problem(&Problem::Count {
            bag: Bag::Terrain("island"),
            piece: Piece::Terrain(Terrain::Desert),
            has: 5,
            wants: 1
        }),
        "the island has 5 × desert where the game has 1"
    );
    assert_eq!(
        board_problem(&Problem::Count {
            bag: Bag::Numbers("island"),
            piece: Piece::Number(6),
            has: 3,
            wants: 2
        }),
        "the island (numbers) has 3 × 6 where the game has 2"
    );
}

#[test]
fn rules_that_cannot_be_read_are_told_how_to_write_them() {
    let said = |text: &str| rule_error(&Rule::parse(text).unwrap_err());
    let unknown = said("no-adjacent-blue");
    assert!(unknown.starts_with("unknown rule 'no-adjacent-blue'; expected one of "));
    assert!(unknown.contains("no-adjacent-red") && unknown.contains("max-corner-pips=N"));
    assert_eq!(
        said("no-adjacent-red=3"),
        "rule 'no-adjacent-red' takes no value"
    );
    assert_eq!(
        said("max-corner-pips"),
        "rule 'max-corner-pips' needs a value, as in max-corner-pips=N"
    );
    assert_eq!(
        said("max-corner-pips=x"),
        "rule 'max-corner-pips' needs a whole number from 0 to 99, not 'x'"
    );
}

#[test]
fn settings_that_do_not_go_together_are_said() {
    use hexfair::generate::NumberMode;
    let spiral = Settings {
        numbers: NumberMode::Spiral,
        ..Settings::new(LayoutId::NewWorld, RuleSet::default())
    };
    assert_eq!(
        settings_problem(&spiral.problem().unwrap()),
        "the new-world layout has no spiral set-up; use random numbers"
    );
}

#[test]
fn a_board_text_that_cannot_be_read_says_what_and_where() {
    use hexfair::board::{parse_numbers, parse_terrain};
    use hexfair::catalogue::Layout;
    let layout = Layout::get(LayoutId::Base);
    let terrain = |text: &str| board_text_error(&parse_terrain(layout, text).unwrap_err());
    let numbers = |text: &str| board_text_error(&parse_numbers(layout, text).unwrap_err());
    assert_eq!(
        terrain("MPF"),
        "the terrain has 3 letters, but the base layout has 19 hexes"
    );
    assert_eq!(
        terrain("M"),
        "the terrain has 1 letter, but the base layout has 19 hexes"
    );
    assert!(terrain(&"X".repeat(19)).starts_with("terrain letter 1 is 'X'; expected one of F P "));
    assert_eq!(
        numbers(&["7"; 19].join(",")),
        "number 1 is '7'; expected 2-6, 8-12 or -"
    );
    assert_eq!(
        numbers(""),
        "the numbers have 0 entries, but the base layout has 19 hexes"
    );
    assert_eq!(
        numbers("8"),
        "the numbers have 1 entry, but the base layout has 19 hexes"
    );
}

#[test]
fn harbours_that_cannot_be_read_or_made_say_what_and_where() {
    use hexfair::board::{parse_harbours, ParseError};
    use hexfair::catalogue::Layout;
    use hexfair::model::{HarbourKind, Resource};
    let base = Layout::get(LayoutId::Base);
    let harbours = |text: &str| board_text_error(&parse_harbours(base, &[], text).unwrap_err());
    assert_eq!(
        harbours("3"),
        "the harbours have 1 entry, but the base layout has 9 harbour places"
    );
    assert_eq!(
        harbours("3,3,3,3,F,P,W,H,Q"),
        "harbour 9 is 'Q'; expected 3 (3:1) or a 2:1 harbour's terrain letter: \
         F lumber, P wool, W grain, H brick, M ore"
    );
    assert_eq!(
        harbours("3,3,3,3,F,P,W,H,H"),
        "the harbours have 2 × 2:1 brick, but the base box has 1"
    );
    assert_eq!(
        board_text_error(&ParseError::HarbourPrinted {
            at: 2,
            layout: LayoutId::Base,
            printed: HarbourKind::Generic,
            read: HarbourKind::Special(Resource::Ore),
        }),
        "harbour 2 is 2:1 ore, but the base board prints 3:1 there"
    );
    assert_eq!(
        board_text_error(&ParseError::HarbourPlaces {
            layout: LayoutId::NewWorld
        }),
        "the new-world layout lays its harbours next to land after the map, so they have no \
         places to type; leave --harbours out"
    );
}
