//! The board on the table in the page's state: begun, tapped, kept and read back, answered
//! by the worker (the screen, the board shown with the rules it breaks named, or why not),
//! and left.

use super::*;
use crate::app::entry;

fn fresh() -> State {
    State::from_link(Ok(None), 11, 12)
}

fn tap(state: State, code: &str) -> State {
    state.after(Action::Entering(EntryAction::Tap {
        tap: code.to_string(),
        typed: None,
    }))
}

/// The worker's answer to what `state` asks, as the play worker gives it.
fn answered(state: State) -> State {
    let asked = state.entry_request().expect("an entry under way asks");
    state.after(Action::Played(entry::reply(&asked)))
}

#[test]
fn each_tap_asks_the_worker_anew_and_only_the_newest_answer_is_shown() {
    let begun = fresh().after(Action::Entering(EntryAction::Begin(LayoutId::Base)));
    let first = begun.entry_request().unwrap();
    assert_eq!((first.kept.as_str(), first.show), ("base", false));
    assert!(begun.entering.as_ref().unwrap().waiting());
    let tapped = tap(tap(begun.clone(), "pick:terrain-desert"), "hex:4");
    let asked = tapped.entry_request().unwrap();
    assert!(asked.id > first.id, "a new request replaces the one before");
    assert_eq!(asked.kept, "base\npick:terrain-desert\nhex:4");
    // The answer to the first request comes late: it is not the screen for these taps.
    let late = tapped.after(Action::Played(entry::reply(&first)));
    assert_eq!(late.entering.as_ref().unwrap().screen, None);
    let shown = answered(tapped);
    let entering = shown.entering.as_ref().unwrap();
    assert!(!entering.waiting());
    assert!(entering
        .screen
        .as_deref()
        .unwrap()
        .contains(r#"data-cell="4" data-terrain="desert""#));
    // The numbers typed go before the tap that uses them, once while they stay the same.
    let typed = |state: State, text: &str| {
        state.after(Action::Entering(EntryAction::Tap {
            tap: "hex:0".into(),
            typed: Some(text.into()),
        }))
    };
    let twice = typed(typed(shown, "6 3"), "6 3");
    assert!(twice
        .entry_request()
        .unwrap()
        .kept
        .ends_with("hex:4\ntyped:6 3\nhex:0\nhex:0"));
}

#[test]
fn the_entry_is_kept_on_the_device_and_read_back_whole() {
    let tapped = tap(
        fresh().after(Action::Entering(EntryAction::Begin(LayoutId::FiveSix))),
        "pick:terrain-desert",
    );
    let kept = tapped.entering.as_ref().unwrap().kept().to_string();
    assert_eq!(kept, "five-six\npick:terrain-desert");
    let resumed = fresh().after(Action::Entering(EntryAction::Resume(kept.clone())));
    assert_eq!(resumed.entry_request().unwrap().kept, kept);
    let nothing = fresh().after(Action::Entering(EntryAction::Resume(String::new())));
    assert_eq!((nothing.entering, nothing.now), (None, fresh().now));
    // A kept entry of a board this page does not know: the worker's screen says so.
    let unknown = fresh().after(Action::Entering(EntryAction::Resume(
        "no-such-board".into(),
    )));
    let screen = answered(unknown).entering.unwrap().screen.unwrap();
    assert!(screen.contains("“no-such-board”"), "{screen}");
}

#[test]
fn a_board_shown_is_the_board_on_screen_with_the_rules_it_breaks_off_and_named() {
    let board = entry::red_pair_board();
    let before = fresh();
    assert!(before.settings().rules.contains(Rule::NoAdjacentRed));
    let begun = before.after(Action::Entering(EntryAction::Begin(LayoutId::Base)));
    let entered = entry::taps_for(&board)
        .iter()
        .fold(begun, |state, code| tap(state, code));
    let shown = answered(entered.after(Action::Entering(EntryAction::Show)));
    assert_eq!(shown.entering, None);
    assert_eq!(*shown.now.board, board);
    assert!(!shown.now.settings.rules.contains(Rule::NoAdjacentRed));
    assert_eq!(shown.earlier.len(), 1, "Back goes to the board before");
    let Some(Notice::Said(notice)) = &shown.notice else {
        panic!("{:?}", shown.notice)
    };
    assert!(notice.contains("6 and 8 never side by side"), "{notice}");
    let link = share::decode(&shown.query()).unwrap().unwrap();
    assert_eq!(link.board.as_ref(), Some(&board));
    // Locks work on it as on any board: a hex locked, Regenerate draws around it.
    let cell = CellId::new(9);
    let again = shown
        .after(Action::ToggleLock(cell))
        .after(Action::Regenerate(77));
    let asked = again.search_request().expect("Regenerate searches");
    assert_eq!(asked.settings.layout, board.layout);
    assert_eq!(
        asked.settings.locks,
        [hexfair::generate::Lock {
            cell,
            terrain: board.terrain[cell],
            number: board.numbers[cell],
        }]
    );
    assert!(
        !asked.settings.rules.contains(Rule::NoAdjacentRed),
        "the rule stays off"
    );
}

#[test]
fn half_a_board_is_not_shown_an_unenterable_one_says_why_and_leave_or_a_failed_worker_end_it() {
    let begun = fresh().after(Action::Entering(EntryAction::Begin(LayoutId::Base)));
    let too_soon = answered(begun.after(Action::Entering(EntryAction::Show)));
    assert!(too_soon.entering.as_ref().unwrap().screen.is_some());
    assert_eq!(too_soon.now, begun.now);
    let left = too_soon.after(Action::Entering(EntryAction::Leave));
    assert_eq!((left.entering.as_ref(), &left.now), (None, &begun.now));
    assert_eq!(left.entry_request(), None);
    let fog = LayoutId::every()
        .into_iter()
        .find(|&id| hexfair::board::entry::Entry::new(id).is_err())
        .unwrap();
    let closed = answered(fresh().after(Action::Entering(EntryAction::Begin(fog))));
    let screen = closed.entering.as_ref().unwrap().screen.clone().unwrap();
    assert!(
        screen.contains("cannot be entered before the game"),
        "the screen says why, with Leave"
    );
    let failed = begun.after(Action::PlayerFailed(Trouble::Said("gone".into())));
    assert_eq!((failed.entry_request(), failed.entering), (None, None));
}
