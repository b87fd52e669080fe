use super::*;
use crate::table::Key;

#[test]
fn every_board_and_game_has_its_words() {
    for layout in LayoutId::every() {
        let keys = board_keys(layout).unwrap_or_else(|| panic!("{layout} has no words"));
        // The keys are the board's own, by the name the tables give them.
        let camel: String = layout
            .name()
            .split('-')
            .map(|p| p[..1].to_ascii_uppercase() + &p[1..])
            .collect();
        assert_eq!(keys.1.name(), format!("Title{camel}"));
        assert_eq!(keys.2.name(), format!("Board{camel}"));
        assert_eq!(layout.notice().is_some(), keys.3.is_some(), "{layout}");
        if let Some(legacy) = keys.3 {
            assert_eq!(legacy.name(), format!("Legacy{camel}"));
        }
        assert_ne!(
            game_title(&Words::english(), layout.game()),
            Words::english().get(Key::GameOther),
            "{layout}"
        );
    }
    assert_eq!(BOARDS.len(), LayoutId::every().len());
    let words = Words::english();
    assert_eq!(
        board_option(&words, LayoutId::parse("fog-islands-3").unwrap()),
        "Fog Islands — 3 players"
    );
    assert_eq!(
        board_title(&words, LayoutId::Base),
        "Base game (3-4 players)"
    );
    assert_eq!(game_title(&words, "seafarers"), "Seafarers");
}
