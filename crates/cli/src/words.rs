//! The command line's English: the rules, a request that brings no board, and the picture's
//! titles. The engine knows rules by their stable names only (`no-adjacent-red`,
//! `max-corner-pips=12`) and the picture's groups by their [`Label`]s; the page says them
//! from its own language tables (`src/app/words/`), whose English begins with these words (a
//! test holds the two alike).

use std::fmt::{self, Write};

use hexfair::catalogue::{LayoutId, PieceKind};
use hexfair::generate::GenerateError;
use hexfair::model::{Expansion, HarbourKind, Terrain};
use hexfair::picture::{Fog, Label, PictureWords};
use hexfair::rules::Rule;

use crate::refusal_words::{settings_problem, thousands};

/// The rule in words, to go mid-sentence ("6 and 8 never side by side", "at most 12 pips at
/// any corner"): the command line's help and errors (which add the stable name:
/// [`words_and_name`]).
pub fn describe(rule: Rule) -> String {
    match rule {
        Rule::NoAdjacentRed => "6 and 8 never side by side".into(),
        Rule::NoAdjacentExtreme => "2 and 12 never side by side".into(),
        Rule::NoAdjacentSameNumber => "the same number never side by side".into(),
        Rule::NoAdjacentSameTerrain => "the same terrain never side by side".into(),
        Rule::NoAdjacentLumberBrick => "forest never beside hills".into(),
        Rule::RedOnDistinctResources => "6s and 8s on different resources".into(),
        Rule::DistinctNumbersPerResource => "no resource gets the same number twice".into(),
        Rule::MaxCornerPips(n) => format!("at most {n} pips at any corner"),
        Rule::MinResourcePips(n) => format!("at least {n} pips for every resource"),
        Rule::DesertCenter => "the desert in the middle".into(),
        Rule::MaxTerrainCluster(n) => format!("at most {n} hexes of one terrain in a group"),
    }
}

/// The rule's words as a label: [`describe`] starting with a capital.
pub fn label(rule: Rule) -> String {
    let text = describe(rule);
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| {
            std::iter::once(c.to_ascii_uppercase())
                .chain(chars)
                .collect()
        })
        .unwrap_or_default()
}

/// The words with the stable name after them, where the name is what a person types: "6 and
/// 8 never side by side (no-adjacent-red)".
pub fn words_and_name(rule: Rule) -> String {
    format!("{} ({})", describe(rule), rule.name())
}

/// Rules listed in words for a sentence: "“a”", "“a” and “b”", "“a”, “b” and “c”".
pub fn listed(rules: &[Rule]) -> String {
    let quoted: Vec<String> = rules.iter().map(|&r| format!("“{}”", label(r))).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Why a request brought no board, in the words players use (the rule panel's own labels);
/// `names` adds the stable names a person types, as the command line says it.
pub fn refusal(error: &GenerateError, names: bool) -> String {
    let mut out = String::new();
    let _ = write_refusal(&mut out, error, names);
    out
}

fn write_refusal(f: &mut String, error: &GenerateError, alternate: bool) -> fmt::Result {
    let names = |rules: &[Rule]| -> String {
        if !alternate || rules.is_empty() {
            return String::new();
        }
        let names: Vec<String> = rules.iter().map(|r| r.name()).collect();
        let rule = if rules.len() == 1 { "rule" } else { "rules" };
        format!(" ({rule} {})", names.join(", "))
    };
    match error {
        GenerateError::Unsupported(why) => f.write_str(&settings_problem(why)),
        GenerateError::Infeasible { layout, conflict } if conflict.is_empty() => {
            write!(f, "no {layout} board can be laid out with these settings")
        }
        GenerateError::Infeasible { layout, conflict } => {
            let together = if conflict.len() == 1 { "" } else { " together" };
            write!(
                f,
                "no {layout} board can keep {}{together}{}",
                listed(conflict),
                names(conflict)
            )
        }
        GenerateError::BudgetExhausted {
            layout,
            rules,
            locked,
            nodes,
        } => {
            write!(
                f,
                "gave up after searching {} positions without finding a {layout} board or \
             proving that none exists: ",
                thousands(*nodes)
            )?;
            let hexes = if *locked == 1 { "hex" } else { "hexes" };
            let listed = listed(rules);
            let names = names(rules);
            match (rules.len(), *locked) {
                (0, _) => write!(
                    f,
                    "the {locked} locked {hexes} leave too little room; unlock a hex"
                ),
                (1, 0) => write!(
                    f,
                    "{listed}{names} is very hard to keep on this layout; loosen it"
                ),
                (_, 0) => write!(
                    f,
                    "{listed}{names} are very hard to keep together on this layout; \
             loosen or switch off one of them"
                ),
                _ => write!(
                    f,
                    "{listed}{names} with {locked} locked {hexes} {} very hard to keep on \
             this layout; loosen a rule or unlock a hex",
                    if rules.len() == 1 { "is" } else { "are" },
                ),
            }
        }
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

/// A terrain's name as a player says it, capitalised ("Fields"); a yielding trade hex says
/// what it yields ("Castle, yields wool").
pub fn terrain_words(terrain: Terrain) -> String {
    let name = terrain.drawn_as().name();
    let title = name[..1].to_ascii_uppercase() + &name[1..];
    match terrain.resource() {
        Some(resource) if terrain.drawn_as() != terrain => format!("{title}, yields {resource}"),
        _ => title,
    }
}

/// A harbour by its trade: `3:1` or `2:1 ore`.
pub fn harbour_words(kind: HarbourKind) -> String {
    kind.label()
}

/// A printed piece as a player says it, with its number or seat.
pub fn piece_words(kind: PieceKind, number: Option<u8>) -> String {
    let word = || kind.name().replace('-', " ");
    match (kind, number) {
        (PieceKind::NoStart, _) => "no starting settlement here".to_string(),
        (PieceKind::Village, Some(n)) => format!("village, {n}"),
        (PieceKind::StartSettlement, Some(n)) => format!("starting settlement, seat {n}"),
        (PieceKind::StartShip, Some(n)) => format!("starting ship, seat {n}"),
        (PieceKind::Fortress, Some(n)) => format!("pirate fortress, seat {n}"),
        (
            PieceKind::VictoryPoint
            | PieceKind::DevelopmentCard
            | PieceKind::Wasteland
            | PieceKind::Strait,
            Some(n),
        ) => format!("{}, {n}", word()),
        (_, None) => word(),
    }
}

/// The picture's titles in the command line's English (`--format svg`).
pub struct English;

impl PictureWords for English {
    fn label(&self, label: &Label) -> String {
        match label {
            Label::Hex {
                fog: Fog::FaceDown, ..
            } => "Fog, face down".to_string(),
            Label::Hex {
                terrain,
                numbers,
                fog,
            } => {
                let numbers: Vec<String> = numbers.iter().map(u8::to_string).collect();
                format!(
                    "{}{}{}",
                    terrain_words(*terrain),
                    if numbers.is_empty() {
                        String::new()
                    } else {
                        format!(", {}", numbers.join(" and "))
                    },
                    if *fog == Fog::FaceUp {
                        " (fog, shown)"
                    } else {
                        ""
                    }
                )
            }
            Label::Harbour { kind, printed } => format!(
                "harbour {}{}",
                harbour_words(*kind),
                if *printed {
                    ", printed on the board"
                } else {
                    ""
                }
            ),
            Label::River {
                number,
                bridge_sites,
            } => format!("river {number}, {bridge_sites} bridge sites"),
            Label::FishingGround { number } => format!("fishing ground, {number}"),
            Label::Piece { kind, number } => piece_words(*kind, *number),
            Label::Robber => "robber".to_string(),
            Label::PirateShip => "pirate ship".to_string(),
        }
    }

    fn description(&self, layout: LayoutId, rows: &str) -> String {
        format!("Catan board, {layout} layout. Rows: {rows}")
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
                "gave up after searching 1,234,567 positions without finding a seafarers board"
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
            cli.contains("“The desert in the middle” (rules max-corner-pips=9, desert-center) are"),
            "{cli}"
        );
        let conflict = GenerateError::Infeasible {
            layout: LayoutId::Base,
            conflict: vec![Rule::MaxCornerPips(8)],
        };
        assert_eq!(
            refusal(&conflict, false),
            "no base board can keep “At most 8 pips at any corner”"
        );
        assert_eq!(
            refusal(&conflict, true),
            "no base board can keep “At most 8 pips at any corner” (rule max-corner-pips=8)"
        );
    }
}
