//! The entry as the worker writes it: a board entered tap by tap and shown with the rules it
//! breaks named, its link opening it; a layout that cannot be entered; the screen's targets.

use hexfair::catalogue::LayoutId;
use hexfair::generate::generate;
use hexfair::rules::Rule;

use super::*;
use crate::app::protocol::play::EntryRequest;

/// The start tag of the element of `screen` whose id is `id`.
fn start_tag<'a>(screen: &'a str, id: &str) -> &'a str {
    let at = screen.find(&format!(r#" id="{id}""#)).unwrap();
    let open = screen[..at].rfind('<').unwrap();
    &screen[open..at + screen[at..].find('>').unwrap()]
}

fn request(layout: LayoutId, taps: Vec<String>, show: bool) -> EntryRequest {
    let table = Settings::default();
    assert!(
        table.rules.contains(Rule::NoAdjacentRed),
        "the table's defaults"
    );
    EntryRequest {
        id: 7,
        kept: std::iter::once(layout.name().to_string())
            .chain(taps)
            .collect::<Vec<_>>()
            .join("\n"),
        show,
        link: share::encode_seated(
            &table,
            hexfair::balance::search::Mode::Balanced,
            5,
            &generate(&table, 5).unwrap(),
            4,
        ),
        seed: 99,
        turns: 0,
        lang: "en".into(),
        words: Words::english().joined(),
    }
}

#[test]
fn a_board_entered_is_shown_with_the_rules_it_breaks_named_and_off_and_its_token_opens_it() {
    let board = red_pair_board();
    let taps = taps_for(&board);
    let entering = replayed(
        Entry::new(board.layout).unwrap(),
        taps.iter().map(String::as_str),
    );
    assert_eq!(entering.refused, None, "every tap laid its piece");
    assert_eq!(entering.board().as_ref(), Some(&board));
    let asked = request(board.layout, taps.clone(), true);
    let Written::Shown { token, notice } = written(&asked) else {
        panic!("{:?}", written(&asked))
    };
    let link = share::decode_token(&token).unwrap();
    assert_eq!(link.board.as_ref(), Some(&board));
    assert!(!link.settings.rules.contains(Rule::NoAdjacentRed));
    assert_eq!(
        link.settings.rules,
        Settings::default().rules.without(Rule::NoAdjacentRed),
        "the other rules stay"
    );
    assert_eq!((link.seed, link.seats), (99, 4));
    assert!(
        notice.contains("It breaks “6 and 8 never side by side” at row "),
        "{notice}"
    );
    // The same taps not asked to show: the screen, Show this board enabled.
    let Written::Screen(screen) = written(&request(board.layout, taps, false)) else {
        panic!()
    };
    assert!(
        !start_tag(&screen, "entry-show").contains("disabled"),
        "Show enabled"
    );
    assert!(screen.contains("hexes 19 of 19 · tokens 18 of 18 · harbours 9 of 9"));
}

#[test]
fn half_a_board_is_not_shown_and_a_layout_that_cannot_be_entered_says_why() {
    let half = request(
        LayoutId::Base,
        vec!["pick:terrain-desert".into(), "hex:0".into()],
        true,
    );
    let Written::Screen(screen) = written(&half) else {
        panic!("half a board is not shown")
    };
    assert!(start_tag(&screen, "entry-show").contains(" disabled"));
    assert!(
        screen.contains(r#"data-cell="0" data-terrain="desert""#),
        "the desert laid"
    );
    assert!(screen.contains("hexes 1 of 19 · tokens 0 of 18 · harbours 0 of 9"));
    let fog = LayoutId::every()
        .into_iter()
        .find(|&id| Entry::new(id).is_err())
        .unwrap();
    let closed = |request: &EntryRequest| match written(request) {
        Written::Screen(screen) => screen,
        shown => panic!("{shown:?}"),
    };
    let fog = closed(&request(fog, Vec::new(), false));
    assert!(fog.contains("cannot be entered before the game"), "{fog}");
    assert!(
        fog.contains(r#"data-tap="leave""#),
        "Leave, and nothing to tap"
    );
    assert!(!fog.contains(r#"data-tap="hex:"#));
    let mut unknown = request(LayoutId::Base, Vec::new(), false);
    unknown.lang = "xx".into();
    assert!(closed(&unknown).contains("xx"));
    unknown.lang = "en".into();
    unknown.kept = "no-such-board\nhex:1".into();
    assert!(closed(&unknown).contains("“no-such-board”"));
}

#[test]
fn a_refused_tap_is_said_and_strange_taps_are_passed_over() {
    let taps = [
        "pick:terrain-desert",
        "hex:0",
        "jump:9",
        // Its one desert laid, the screen moved on to the next terrain: picked again.
        "pick:terrain-desert",
        "hex:1",
    ]
    .map(String::from)
    .to_vec();
    let Written::Screen(screen) = written(&request(LayoutId::Base, taps, false)) else {
        panic!()
    };
    assert!(
        screen.contains(
            r#"role="alert" data-testid="entry-refused">The box holds 1 × Desert, all on the board"#
        ),
        "{screen}"
    );
    let undo = start_tag(&screen, "entry-undo");
    assert!(
        !undo.contains("disabled"),
        "Undo has the desert to take back"
    );
}

#[test]
fn every_target_of_the_screen_carries_a_move_that_reads_back_and_an_id_of_its_own() {
    for layout in [LayoutId::Base, LayoutId::FiveSix] {
        let Written::Screen(screen) = written(&request(layout, Vec::new(), false)) else {
            panic!()
        };
        let taps: Vec<&str> = screen
            .split(r#"data-tap=""#)
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        let cells = Entry::new(layout).unwrap().terrain.len();
        let hexes = taps.iter().filter(|t| t.starts_with("hex:")).count();
        assert_eq!(hexes, cells, "every hex is a target");
        for tap in &taps {
            let page_only = ["leave", "show"].contains(tap);
            assert!(page_only || EntryMove::read(tap).is_some(), "{tap}");
        }
        let ids: Vec<&str> = screen
            .split(r#" id=""#)
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "ids are unique");
        assert_eq!(ids.len(), taps.len(), "every target has an id");
    }
}
