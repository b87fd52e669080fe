//! The board on the table in the page's state: begun, refused, shown with the rules it
//! breaks named, and its link.

use super::*;
use hexfair::generate::generate;
use hexfair::model::{HarbourKind, Terrain};
use hexfair::rules::RuleSet;

fn fresh() -> State {
    State::from_link(Ok(None), 11, 12)
}

/// `state` with `board` entered piece by piece, as taps would.
fn entered(state: State, board: &Board) -> State {
    let begun = state.after(Action::Entering(EntryAction::Begin(board.layout)));
    let entry = begun.entering.as_ref().unwrap().entry().clone();
    let hexes = CellId::all(board.terrain.len()).filter(|&c| entry.terrain[c].is_none());
    let mut state = begun;
    for cell in hexes {
        let mut tap = |tool: Tool| {
            let moved = [EntryMove::Pick(tool), EntryMove::TapHex(cell)];
            for step in moved {
                state = state.after(Action::Entering(EntryAction::Move(step)));
            }
        };
        tap(Tool::Terrain(board.terrain[cell]));
        if let Some(number) = board.numbers[cell] {
            tap(Tool::Number(number));
        }
    }
    let text = board.harbours_text().unwrap();
    for (place, written) in text.split(',').enumerate() {
        let kind = match written {
            "3" => HarbourKind::Generic,
            letter => {
                let terrain = Terrain::from_letter(letter.chars().next().unwrap()).unwrap();
                HarbourKind::Special(terrain.resource().unwrap())
            }
        };
        for step in [
            EntryMove::Pick(Tool::Harbour(kind)),
            EntryMove::TapPlace(place),
        ] {
            state = state.after(Action::Entering(EntryAction::Move(step)));
        }
    }
    assert_eq!(
        state.entering.as_ref().unwrap().refused,
        None,
        "every tap laid its piece"
    );
    state
}

#[test]
fn a_board_entered_is_shown_with_the_rules_it_breaks_named_and_off_and_its_link_opens_it() {
    // A random board that puts a 6 beside an 8: the table's red rule is on by default.
    let random = Settings {
        rules: RuleSet::new([]),
        ..Settings::default()
    };
    let board = (0..)
        .map(|seed| generate(&random, seed).unwrap())
        .find(|b| !Rule::NoAdjacentRed.holds(b.layout(), b))
        .unwrap();
    let before = fresh();
    assert!(before.settings().rules.contains(Rule::NoAdjacentRed));
    let ready = entered(before.clone(), &board);
    assert!(ready.entering.as_ref().unwrap().board().is_some());
    let shown = ready.after(Action::Entering(EntryAction::Show));
    assert_eq!(shown.entering, None);
    assert_eq!(*shown.now.board, board);
    assert!(!shown.now.settings.rules.contains(Rule::NoAdjacentRed));
    assert_eq!(shown.earlier.len(), 1, "Back goes to the board before");
    let Some(Notice::Entered { broken }) = &shown.notice else {
        panic!("{:?}", shown.notice)
    };
    let (rule, hexes) = &broken[0];
    assert_eq!(*rule, Rule::NoAdjacentRed);
    assert!(hexes.len() >= 2, "each hex of a pair: {hexes:?}");
    assert!(hexes.iter().all(|h| matches!(h.number, Some(6 | 8))));
    // Its link opens exactly this board, under the settings it was shown with.
    let link = share::decode(&shown.query()).unwrap().unwrap();
    assert_eq!(link.board.as_ref(), Some(&board));
    assert_eq!(link.settings, shown.now.settings);
}

#[test]
fn a_board_that_cannot_be_entered_says_why_and_leave_drops_the_entry() {
    let fog = LayoutId::every()
        .into_iter()
        .find(|&id| Entry::new(id).is_err())
        .unwrap();
    let refused = fresh().after(Action::Entering(EntryAction::Begin(fog)));
    assert_eq!(refused.entering, None);
    assert!(matches!(
        refused.message,
        Some(Message::CannotEnter { layout, .. }) if layout == fog
    ));
    let begun = fresh().after(Action::Entering(EntryAction::Begin(LayoutId::Base)));
    let shown_too_soon = begun.after(Action::Entering(EntryAction::Show));
    assert!(
        shown_too_soon.entering.is_some(),
        "half a board is not shown"
    );
    assert_eq!(shown_too_soon.now, begun.now);
    let left = begun.after(Action::Entering(EntryAction::Leave));
    assert_eq!((left.entering.as_ref(), &left.now), (None, &begun.now));
}
