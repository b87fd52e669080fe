//! The command line's English: the page's English table (`hexfair_words`), so a board, a
//! rule, a terrain, a harbour, a piece and a refusal read as they do on the page, and the
//! words of the command line's own (the stable names a person types, what a game changes in
//! `generate`'s text). The engine knows rules by their stable names only
//! (`no-adjacent-red`, `max-corner-pips=12`).

use hexfair::generate::GenerateError;
use hexfair::model::Expansion;
use hexfair::rules::Rule;
use hexfair_words::names::{gave_up, no_board, rule_label, rules_listed};
use hexfair_words::table::Words;

use crate::refusal_words::settings_problem;

/// The page's English table, which the command line speaks (made when asked: the texts are
/// borrowed from the compiled-in English, so it costs one list of them).
pub fn english() -> Words {
    Words::english()
}

/// The rule in words, to go mid-sentence ("6 and 8 never side by side", "at most 12 pips at
/// any corner"): the page's label with a small first letter, for the command line's help
/// and errors (which add the stable name: [`words_and_name`]).
pub fn describe(rule: Rule) -> String {
    let label = label(rule);
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => label,
    }
}

/// The rule as the page's rule panel labels it: "At most 12 pips at any corner".
pub fn label(rule: Rule) -> String {
    rule_label(&english(), rule)
}

/// The words with the stable name after them, where the name is what a person types: "6 and
/// 8 never side by side (no-adjacent-red)".
pub fn words_and_name(rule: Rule) -> String {
    format!("{} ({})", describe(rule), rule.name())
}

/// Rules listed in words for a sentence: "“a”", "“a” and “b”", "“a”, “b” and “c”".
pub fn listed(rules: &[Rule]) -> String {
    rules_listed(&english(), rules)
}

/// Why a request brought no board, as the page says it; `names` adds the stable names a
/// person types, as the command line says it.
pub fn refusal(error: &GenerateError, names: bool) -> String {
    let typed = |rules: &[Rule]| -> String {
        if !names || rules.is_empty() {
            return String::new();
        }
        let names: Vec<String> = rules.iter().map(|r| r.name()).collect();
        let rule = if rules.len() == 1 { "rule" } else { "rules" };
        format!(" ({rule} {})", names.join(", "))
    };
    let words = &english();
    match error {
        GenerateError::Unsupported(why) => settings_problem(why),
        GenerateError::Infeasible { layout, conflict } => {
            format!("{}{}", no_board(words, *layout, conflict), typed(conflict))
        }
        GenerateError::BudgetExhausted {
            layout,
            rules,
            locked,
            nodes,
        } => format!(
            "{}{}",
            gave_up(words, *layout, rules, *locked, *nodes),
            typed(rules)
        ),
    }
}

/// Why a Cities & Knights table is not played by the simulator (`playtest` refuses it,
/// `generate` plays no games for it).
pub const NOT_SIMULATED: &str = "Cities & Knights games are not simulated yet";

/// What a game changes, after its name in `generate`'s text.
pub fn game_note(game: Expansion) -> &'static str {
    match game {
        Expansion::BaseGame => "the base game",
        Expansion::CitiesAndKnights => {
            "spots, the snake draft and the fair start valued for a settlement and a city a \
             seat; put the barbarian tile beside the board"
        }
    }
}

/// How a spot's value is made, for `score`'s JSON.
pub fn spot_value_words(game: Expansion) -> &'static str {
    match game {
        Expansion::BaseGame => "pips + 1 per resource beyond the first + harbour (1, and 1 per 6 traded pips: all the pips there for 3:1, 3 x its resource's pips there for 2:1) + fish pips x 55/116 (a fish token holds 55/29 fish on average, 4 fish buy a resource)",
        Expansion::CitiesAndKnights => "Cities & Knights: pips weighted by what they buy (ore, grain, wool 5/4; lumber 1; brick 3/4), a city's (value: settlement; city: city) taking a commodity worth 5/4 beside lumber, wool and ore and a second card on fields and hills, rounded to whole pips + 1 per resource beyond the first + harbour, as in the base game",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::catalogue::LayoutId;

    #[test]
    fn rules_are_said_in_players_words_and_named_for_the_command_line() {
        assert_eq!(label(Rule::NoAdjacentRed), "6 and 8 never side by side");
        assert_eq!(
            label(Rule::MaxCornerPips(12)),
            "At most 12 pips at any corner"
        );
        assert_eq!(
            words_and_name(Rule::NoAdjacentRed),
            "6 and 8 never side by side (no-adjacent-red)"
        );
        for rule in Rule::ALL {
            let label = label(rule);
            // No link names, no flags, no "=": a label reads as a sentence.
            assert!(
                !label.contains(rule.kind_name()) && !label.contains('=') && !label.contains('-'),
                "{label}"
            );
            assert!(!label.starts_with(char::is_lowercase), "{label}");
            // Numbered rules say their number.
            if let Some(n) = rule.parameter() {
                assert!(label.contains(&n.to_string()), "{label}");
            }
        }
        assert_eq!(
            listed(&[Rule::MaxCornerPips(9), Rule::DesertCenter, Rule::NoAdjacentRed]),
            "“At most 9 pips at any corner”, “The desert in the middle” and “6 and 8 never side by side”"
        );
    }

    #[test]
    fn a_conflict_is_said_in_players_words_and_named_for_the_command_line() {
        use hexfair::generate::{generate, Settings};
        use hexfair::rules::RuleSet;
        let err = generate(
            &Settings::new(
                LayoutId::Base,
                RuleSet::new([Rule::MaxCornerPips(9), Rule::DesertCenter]),
            ),
            3,
        )
        .unwrap_err();
        // A player reads the rule panel's own words; the command line adds the names typed.
        let text = refusal(&err, false);
        assert!(
            text.contains("“At most 9 pips at any corner” and “The desert in the middle” together"),
            "{text}"
        );
        assert!(!text.contains("max-corner-pips"), "{text}");
        let for_the_command_line = refusal(&err, true);
        assert!(
            for_the_command_line.contains("(rules max-corner-pips=9, desert-center)"),
            "{for_the_command_line}"
        );
    }

    #[test]
    fn giving_up_names_the_layout_the_rules_and_the_locks_in_words() {
        let gave_up = |rules: &[Rule], locked: usize| GenerateError::BudgetExhausted {
            layout: LayoutId::Seafarers,
            rules: rules.to_vec(),
            locked,
            nodes: 1_234_567,
        };
        let gave_up = |rules: &[Rule], locked: usize| refusal(&gave_up(rules, locked), false);
        let two = gave_up(&[Rule::MaxCornerPips(9), Rule::DesertCenter], 0);
        assert!(
            two.starts_with(
                "Gave up after searching 1,234,567 positions without finding a board for Seafarers"
            ),
            "{two}"
        );
        assert!(
            two.contains("“At most 9 pips at any corner” and “The desert in the middle” are very hard to keep together"),
            "{two}"
        );
        assert!(two.ends_with("loosen or switch off one of them"), "{two}");
        let one = gave_up(&[Rule::MaxCornerPips(9)], 1);
        assert!(
            one.contains("“At most 9 pips at any corner” with 1 locked hex is very hard to keep"),
            "{one}"
        );
        assert!(one.ends_with("loosen a rule or unlock a hex"), "{one}");
        let locks_only = gave_up(&[], 3);
        assert!(
            locks_only.contains("the 3 locked hexes leave too little room; unlock a hex"),
            "{locks_only}"
        );
        for words in [&two, &one] {
            assert!(
                !words.contains("--") && !words.contains("max-corner-pips"),
                "no command-line names in a player's message: {words}"
            );
        }
        // The command line's form names the rules as a person types them.
        let cli = refusal(
            &GenerateError::BudgetExhausted {
                layout: LayoutId::Seafarers,
                rules: vec![Rule::MaxCornerPips(9), Rule::DesertCenter],
                locked: 0,
                nodes: 5,
            },
            true,
        );
        assert!(
            cli.ends_with("one of them (rules max-corner-pips=9, desert-center)"),
            "{cli}"
        );
        let conflict = GenerateError::Infeasible {
            layout: LayoutId::Base,
            conflict: vec![Rule::MaxCornerPips(8)],
        };
        assert_eq!(
            refusal(&conflict, false),
            "No board for Base game (3-4 players) can keep “At most 8 pips at any corner”"
        );
        assert_eq!(
            refusal(&conflict, true),
            "No board for Base game (3-4 players) can keep “At most 8 pips at any corner” \
             (rule max-corner-pips=8)"
        );
    }
}
