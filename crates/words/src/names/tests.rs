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

/// A board's name is its own text, never cut from another; the picker's option adds the
/// players the board is for, in the language's words, except where the name says enough.
#[test]
fn every_boards_option_is_its_name_and_its_players_in_every_language() {
    use crate::table::{checks::table_file, Lang};
    let english = Words::english();
    let fog = LayoutId::parse("fog-islands-3").unwrap();
    assert_eq!(board_name(&english, fog), "Fog Islands");
    assert_eq!(board_option(&english, fog), "Fog Islands — 3 players");
    assert_eq!(
        board_option(&english, LayoutId::Base),
        "Base game — 3-4 players"
    );
    assert_eq!(
        board_option(&english, LayoutId::FiveSix),
        "5-6 player extension"
    );
    for lang in Lang::ALL {
        let words: Words = match lang {
            Lang::En => Words::english(),
            _ => table_file("crates/words/lang/{code}", lang),
        };
        for layout in LayoutId::every() {
            let name = board_name(&words, layout);
            let option = board_option(&words, layout);
            assert!(!name.is_empty() && !name.contains(" — "), "{name}");
            if layout.notice().is_some() || layout == LayoutId::FiveSix {
                assert_eq!(option, name, "{}: {layout}", lang.code());
                continue;
            }
            let seats = layout.seats();
            let players = if seats.start() == seats.end() {
                words.fill(Key::PlayersOf, &[("count", seats.start())])
            } else {
                words.fill(
                    Key::PlayersFromTo,
                    &[("low", seats.start()), ("high", seats.end())],
                )
            };
            assert!(option.starts_with(&name), "{}: {option}", lang.code());
            assert!(option.ends_with(&players), "{}: {option}", lang.code());
            assert!(option.contains(&seats.end().to_string()), "{option}");
        }
    }
}
