use super::*;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::rules::Rule;

#[test]
fn rules_and_refusals_are_said_in_players_words() {
    let words = Words::english();
    assert_eq!(
        rule_label(&words, Rule::MaxCornerPips(12)),
        "At most 12 pips at any corner"
    );
    assert_eq!(
        step_words(&words, Rule::MaxCornerPips(12), 11).as_deref(),
        Some("Lower the corner limit to 11")
    );
    for rule in Rule::ALL {
        let label = rule_label(&words, rule);
        assert!(
            !label.contains(rule.kind_name()) && !label.contains('{'),
            "{label}"
        );
        assert_eq!(
            step_words(&words, rule, 3).is_some(),
            rule.parameter().is_some()
        );
    }
    let conflict = Refusal::Infeasible {
        layout: LayoutId::Base,
        conflict: vec![Rule::MaxCornerPips(8)],
    };
    assert_eq!(
        refusal(&words, &conflict, false),
        "No board for Base game (3-4 players) can keep “At most 8 pips at any corner”. The board on screen is unchanged."
    );
    let gave_up = Refusal::GaveUp {
        layout: LayoutId::Base,
        rules: vec![Rule::MaxCornerPips(9), Rule::DesertCenter],
        locked: 1,
        positions: 1_234_567,
    };
    let said = refusal(&words, &gave_up, true);
    assert!(
        said.starts_with("Gave up after searching 1,234,567 positions"),
        "{said}"
    );
    assert!(
        said.contains("“At most 9 pips at any corner” and “The desert in the middle” with 1 locked hex are very hard to keep"),
        "{said}"
    );
    assert!(
        said.ends_with("with the locked hexes. The board on screen is unchanged."),
        "{said}"
    );
}

#[test]
fn kept_boards_are_described_and_refusals_said() {
    let words = Words::english();
    let settings = hexfair::generate::Settings::default();
    let board = hexfair::generate::generate(&settings, 7).unwrap();
    let query = hexfair::share::encode(&settings, Mode::Balanced, 7, &board);
    assert_eq!(
        kept_board(&words, &query),
        "Base game (3-4 players) · seed 7 · Balanced"
    );
    assert_eq!(kept_board(&words, "b=0"), "a link this version cannot read");
    assert_eq!(
        refused(&words, &Refused::NameTooLong(41)),
        "A name is at most 40 characters; this one has 41."
    );
    assert!(refused(&words, &Refused::Full).contains("delete one"));
}

#[test]
fn every_link_fault_is_said_in_the_pages_words() {
    use crate::app::words::{checks::table_file, Lang};
    use hexfair::share::decode;
    let said =
        |words: &Words, query: &str| message(words, &Message::BadLink(decode(query).unwrap_err()));
    let english = Words::english();
    for (query, why) in [
        (
            "v=2&seed=5",
            "it names something this version does not know: it may come from a newer Hexfair",
        ),
        (
            "v=1&seed=5&layout=atlantis",
            "it names something this version does not know: it may come from a newer Hexfair",
        ),
        ("v=1&seed=-5", "it was changed or damaged"),
        ("v=1&layout=base", "it was changed or damaged"),
        (
            "v=1&seed=5&rules=max-corner-pips=100",
            "it gives the rule “max-corner-pips” a value this version cannot use",
        ),
    ] {
        assert_eq!(
            said(&english, query),
            format!("This link could not be read ({why}), so here is a fresh board."),
            "{query}"
        );
    }
    for lang in [Lang::De, Lang::Es, Lang::Fr] {
        let words = table_file::<Key>("crates/words/lang/{code}", lang);
        for query in [
            "v=2&seed=5",
            "v=1&seed=-5",
            "v=1&seed=5&rules=max-corner-pips=100",
        ] {
            let text = said(&words, query);
            assert!(
                !text.contains(" it ") && !text.contains("version does"),
                "{}: {text}",
                lang.code()
            );
        }
    }
}

#[test]
fn messages_and_notices_are_sentences() {
    let words = Words::english();
    assert_eq!(
        message(&words, &Message::NotASeed("forty".into())),
        "“forty” is not a seed: a seed is a whole number, like 4242. The board on screen is unchanged."
    );
    assert_eq!(
        message(
            &words,
            &Message::SeatsNotFor {
                layout: LayoutId::Base,
                seats: 5
            }
        ),
        "Base game (3-4 players) is for 3 or 4 players, not 5."
    );
    let played = |rules, spiral, dropped_locks| {
        notice(
            &words,
            &Notice::SeedPlayed {
                seed: 4242,
                layout: LayoutId::Base,
                mode: Mode::Balanced,
                rules,
                spiral,
                dropped_locks,
            },
        )
    };
    assert_eq!(
        played(2, false, 1),
        "Seed 4242 with your settings: Base game (3-4 players), “Balanced”, 2 rules. Your \
         lock is left out, so the seed gives the board it gives on every phone; Back brings \
         the locked board back."
    );
    assert_eq!(
        played(1, true, 0),
        "Seed 4242 with your settings: Base game (3-4 players), “Balanced”, 1 rule, numbers \
         by the letter spiral."
    );
    assert!(played(0, false, 3).contains(", no rules. Your locks are left out"));
    assert_eq!(
        notice(&words, &Notice::OldLink(LayoutId::Seafarers)),
        LayoutId::Seafarers.notice().unwrap()
    );
}

#[test]
fn the_pictures_score_has_the_languages_decimal_mark() {
    use crate::app::words::{checks::table_file, Lang};
    assert_eq!(
        png_caption(&Words::english(), LayoutId::Base, 42, 0.1234),
        "Hexfair · Base game (3-4 players) · seed 42 · score 0.123"
    );
    let german = table_file::<Key>("crates/words/lang/{code}", Lang::De);
    assert_eq!(
        png_caption(&german, LayoutId::Base, 42, 0.1234),
        "Hexfair · Basisspiel (3-4 Spieler) · Startzahl 42 · Wertung 0,123"
    );
}
