//! What the board picker offers: the catalogue's boards grouped by game, each named by its
//! scenario and player count in the page's words ("Fog Islands — 3 players"), short enough
//! for a phone's closed select. Plain Rust, so its tests run natively.

use hexfair::catalogue::{listing, LayoutId};

use super::names::{board_option, board_title, game_title};
use super::words::{Key, Words};

/// One `<optgroup>`: a game's title and its boards, each with the words the option shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickerGroup {
    pub label: String,
    pub boards: Vec<(LayoutId, String)>,
}

/// The boards a player picks from, grouped by game in catalogue order, each scenario's
/// boards fewest players first. A legacy board is not offered; when `current` is one (a link
/// opened it), it gets a group of its own so the picker still shows what is on the table.
pub fn picker_groups(words: &Words, current: LayoutId) -> Vec<PickerGroup> {
    let mut groups: Vec<PickerGroup> = listing()
        .into_iter()
        .map(|game| PickerGroup {
            label: game_title(words, game.game),
            boards: game
                .scenarios
                .into_iter()
                .flat_map(|(_, boards)| boards)
                .map(|b| (b, board_option(words, b)))
                .collect(),
        })
        .collect();
    if current.legacy() {
        groups.push(PickerGroup {
            label: words.get(Key::OpenedFromLink).to_string(),
            boards: vec![(current, board_title(words, current))],
        });
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::catalogue;

    fn english() -> Words {
        Words::english()
    }

    #[test]
    fn every_offered_board_is_in_one_group_and_legacy_boards_are_not() {
        let groups = picker_groups(&english(), LayoutId::Base);
        let listed: Vec<LayoutId> = groups
            .iter()
            .flat_map(|g| g.boards.iter().map(|(b, _)| *b))
            .collect();
        let mut offered = LayoutId::offered();
        let mut sorted = listed.clone();
        sorted.sort();
        offered.sort();
        assert_eq!(sorted, offered, "each offered board once");
        assert!(listed.iter().all(|b| !b.legacy()));
        // One group a game, each holding only that game's boards.
        let labels: Vec<&str> = groups.iter().map(|g| g.label.as_str()).collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(labels, unique);
        assert_eq!(labels[0], "Catan");
        for group in &groups {
            let games: Vec<&str> = group.boards.iter().map(|(b, _)| b.game()).collect();
            assert!(games.iter().all(|g| *g == games[0]), "{}", group.label);
            assert_eq!(group.label, catalogue::game_title(games[0]));
        }
        // Within a game, a scenario's boards stand together, fewest players first.
        for group in &groups {
            let boards: Vec<LayoutId> = group.boards.iter().map(|(b, _)| *b).collect();
            for pair in boards.windows(2) {
                if pair[0].scenario() == pair[1].scenario() {
                    assert!(pair[0].seats().start() < pair[1].seats().start());
                }
            }
            let mut scenarios: Vec<&str> = boards.iter().map(|b| b.scenario()).collect();
            scenarios.dedup();
            let mut unique = scenarios.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(
                scenarios.len(),
                unique.len(),
                "{}: scenarios apart",
                group.label
            );
        }
        // Every option's words differ, so no two boards read alike.
        let mut words: Vec<&String> = groups
            .iter()
            .flat_map(|g| g.boards.iter().map(|(_, w)| w))
            .collect();
        let count = words.len();
        words.sort();
        words.dedup();
        assert_eq!(words.len(), count);
    }

    #[test]
    fn boards_are_named_by_scenario_and_players() {
        let words = english();
        assert_eq!(
            board_option(&words, LayoutId::Base),
            "Base game — 3-4 players"
        );
        assert_eq!(
            board_option(&words, LayoutId::FiveSix),
            "5-6 player extension"
        );
        assert_eq!(
            board_option(&words, LayoutId::NewWorld),
            "New World — 3-4 players"
        );
        assert_eq!(
            board_option(&words, LayoutId::McGuire),
            "McGuire house rules (inland harbour) — 3-4 players"
        );
        // English titles are the board files' own (the command line's).
        for layout in LayoutId::every() {
            assert_eq!(board_title(&words, layout), layout.title(), "{layout}");
        }
    }

    #[test]
    fn a_legacy_board_opened_from_a_link_is_shown_apart() {
        assert!(LayoutId::Seafarers.legacy());
        let groups = picker_groups(&english(), LayoutId::Seafarers);
        let last = groups.last().unwrap();
        assert_eq!(last.label, "Opened from a link");
        assert_eq!(
            last.boards,
            vec![(LayoutId::Seafarers, LayoutId::Seafarers.title().to_string())]
        );
        assert!(!picker_groups(&english(), LayoutId::Base)
            .iter()
            .any(|g| g.label == "Opened from a link"));
    }
}
