//! The engine's things, which it knows by stable names only (rules, modes, boards, games,
//! refusals), in the page's words. Plain Rust, so its tests run natively (`src/lib.rs`).

use crate::balance::presets::Preset;
use crate::balance::search::Mode;
use crate::catalogue::LayoutId;
use crate::rules::Rule;
use crate::worker_protocol::Refusal;

use super::words::{Key, Words};

/// The key named `prefix` and `stable` in CamelCase: ("Board", "fog-islands-3") is
/// `BoardFogIslands3`. Every board and game has its keys (tested), so `None` is never met.
fn named(prefix: &str, stable: &str) -> Option<Key> {
    let mut name = prefix.to_string();
    for part in stable.split('-') {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
    Key::ALL.iter().copied().find(|k| k.name() == name)
}

/// A board's full title: "Seafarers: The Fog Islands (3 players)".
pub fn board_title(words: &Words, layout: LayoutId) -> String {
    named("Title", layout.name()).map_or_else(|| layout.name().to_string(), |k| words.get(k).into())
}

/// A board as the picker offers it, within its game's group: "Fog Islands — 3 players".
pub fn board_option(words: &Words, layout: LayoutId) -> String {
    named("Board", layout.name()).map_or_else(|| layout.name().to_string(), |k| words.get(k).into())
}

/// What a player opening a board kept only for old links should know.
pub fn legacy_notice(words: &Words, layout: LayoutId) -> Option<String> {
    layout.notice()?;
    named("Legacy", layout.name()).map(|k| words.get(k).to_string())
}

/// A game's title, as the picker groups boards by it.
pub fn game_title(words: &Words, game: &str) -> String {
    words.get(named("Game", game).unwrap_or(Key::GameOther)).to_string()
}

/// A rule as its label reads: "At most 12 pips at any corner".
pub fn rule_label(words: &Words, rule: Rule) -> String {
    let key = match rule {
        Rule::NoAdjacentRed => Key::RuleNoAdjacentRed,
        Rule::NoAdjacentExtreme => Key::RuleNoAdjacentExtreme,
        Rule::NoAdjacentSameNumber => Key::RuleNoAdjacentSameNumber,
        Rule::NoAdjacentSameTerrain => Key::RuleNoAdjacentSameTerrain,
        Rule::NoAdjacentLumberBrick => Key::RuleNoAdjacentLumberBrick,
        Rule::RedOnDistinctResources => Key::RuleRedOnDistinctResources,
        Rule::DistinctNumbersPerResource => Key::RuleDistinctNumbersPerResource,
        Rule::MaxCornerPips(_) => Key::RuleMaxCornerPips,
        Rule::MinResourcePips(_) => Key::RuleMinResourcePips,
        Rule::DesertCenter => Key::RuleDesertCenter,
        Rule::MaxTerrainCluster(_) => Key::RuleMaxTerrainCluster,
    };
    match rule.parameter() {
        Some(n) => words.fill(key, &[("n", &n)]),
        None => words.get(key).to_string(),
    }
}

/// Rules named in a sentence, each in the language's quotation marks: "“a”, “b” and “c”".
pub fn rules_listed(words: &Words, rules: &[Rule]) -> String {
    let quoted: Vec<String> = rules
        .iter()
        .map(|&r| words.fill(Key::Quoted, &[("text", &rule_label(words, r))]))
        .collect();
    words.listed(&quoted)
}

/// The stepper keys of a numbered rule: lower to N, raise to N, lower, raise, its range.
fn step_keys(rule: Rule) -> Option<[Key; 5]> {
    match rule {
        Rule::MaxCornerPips(_) => Some([
            Key::CornerLimitLowerTo,
            Key::CornerLimitRaiseTo,
            Key::CornerLimitLower,
            Key::CornerLimitRaise,
            Key::CornerLimitRange,
        ]),
        Rule::MinResourcePips(_) => Some([
            Key::ResourcePipsLowerTo,
            Key::ResourcePipsRaiseTo,
            Key::ResourcePipsLower,
            Key::ResourcePipsRaise,
            Key::ResourcePipsRange,
        ]),
        Rule::MaxTerrainCluster(_) => Some([
            Key::GroupLimitLowerTo,
            Key::GroupLimitRaiseTo,
            Key::GroupLimitLower,
            Key::GroupLimitRaise,
            Key::GroupLimitRange,
        ]),
        _ => None,
    }
}

/// What a stepper button does, said in full for a screen reader: "Lower the corner limit to
/// 11". `None` for a rule without a number.
pub fn step_words(words: &Words, rule: Rule, to: u8) -> Option<String> {
    let [lower, raise, ..] = step_keys(rule)?;
    let key = if Some(to) < rule.parameter() {
        lower
    } else {
        raise
    };
    Some(words.fill(key, &[("n", &to)]))
}

/// A stepper button at the end of its range: what it would do, and why it cannot.
pub fn step_end(words: &Words, rule: Rule, up: bool, range: (u8, u8)) -> Option<(String, String)> {
    let [_, _, lower, raise, limits] = step_keys(rule)?;
    let at = if up { range.1 } else { range.0 };
    let why = words.fill(limits, &[("low", &range.0), ("high", &range.1), ("at", &at)]);
    Some((words.get(if up { raise } else { lower }).to_string(), why))
}

/// A balance mode's name and what it gives the table.
pub fn mode_words(words: &Words, mode: Mode) -> (String, String) {
    let (name, hint) = match mode {
        Mode::Balanced => (Key::ModeBalanced, Key::ModeBalancedHint),
        Mode::Random => (Key::ModeRandom, Key::ModeRandomHint),
        Mode::Unbalanced => (Key::ModeUnbalanced, Key::ModeUnbalancedHint),
        Mode::Target(_) => (Key::ModeTarget, Key::ModeTargetHint),
        Mode::Preset(Preset::ScarceOre) => (Key::PresetScarceOre, Key::PresetScarceOreHint),
        Mode::Preset(Preset::BoomOrBust) => (Key::PresetBoomOrBust, Key::PresetBoomOrBustHint),
        Mode::Preset(Preset::RichAndPoor) => (Key::PresetRichAndPoor, Key::PresetRichAndPoorHint),
        Mode::Preset(Preset::HotSpot) => (Key::PresetHotSpot, Key::PresetHotSpotHint),
    };
    (words.get(name).to_string(), words.get(hint).to_string())
}

/// 1234567 with the language's digit groups: "1,234,567", "1.234.567".
pub fn grouped(words: &Words, n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str(words.get(Key::DigitGroup));
        }
        out.push(d);
    }
    out
}

/// Why a search brought no board, as a sentence; `locked`: it kept locked hexes.
pub fn refusal(words: &Words, refusal: &Refusal, locked: bool) -> String {
    let said = match refusal {
        Refusal::Infeasible { layout, conflict } => {
            let board = board_title(words, *layout);
            match conflict.len() {
                0 => words.fill(Key::NoBoardAtAll, &[("board", &board)]),
                1 => words.fill(
                    Key::NoBoardKeeps,
                    &[("board", &board), ("rules", &rules_listed(words, conflict))],
                ),
                _ => words.fill(
                    Key::NoBoardKeepsTogether,
                    &[("board", &board), ("rules", &rules_listed(words, conflict))],
                ),
            }
        }
        Refusal::GaveUp {
            layout,
            rules,
            locked: hexes,
            positions,
        } => {
            let start = words.fill(
                Key::GaveUp,
                &[
                    ("positions", &grouped(words, *positions)),
                    ("board", &board_title(words, *layout)),
                ],
            );
            let listed = rules_listed(words, rules);
            let hexes_word = words.counted(*hexes, Key::LockedHexOne, Key::LockedHexMany);
            let why = match (rules.len(), *hexes) {
                (0, _) => words.fill(Key::GaveUpLocks, &[("hexes", &hexes_word)]),
                (1, 0) => words.fill(Key::GaveUpRule, &[("rules", &listed)]),
                (_, 0) => words.fill(Key::GaveUpRules, &[("rules", &listed)]),
                (1, _) => words.fill(
                    Key::GaveUpRuleLocks,
                    &[("rules", &listed), ("hexes", &hexes_word)],
                ),
                _ => words.fill(
                    Key::GaveUpRulesLocks,
                    &[("rules", &listed), ("hexes", &hexes_word)],
                ),
            };
            format!("{start} {why}")
        }
        Refusal::Other(why) => words.fill(Key::SearchFailed, &[("why", why)]),
    };
    let key = if locked {
        Key::UnchangedLocked
    } else {
        Key::Unchanged
    };
    words.fill(key, &[("why", &said)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_and_game_has_its_words() {
        for layout in LayoutId::every() {
            assert!(named("Title", layout.name()).is_some(), "{layout}");
            assert!(named("Board", layout.name()).is_some(), "{layout}");
            assert_eq!(
                layout.notice().is_some(),
                named("Legacy", layout.name()).is_some(),
                "{layout}"
            );
            assert!(named("Game", layout.game()).is_some(), "{layout}");
        }
        let words = Words::english();
        assert_eq!(
            board_option(&words, LayoutId::parse("fog-islands-3").unwrap()),
            "Fog Islands — 3 players"
        );
        assert_eq!(board_title(&words, LayoutId::Base), "Base game (3-4 players)");
        assert_eq!(game_title(&words, "seafarers"), "Seafarers");
    }

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
            assert!(!label.contains(rule.kind_name()) && !label.contains('{'), "{label}");
            assert_eq!(step_words(&words, rule, 3).is_some(), rule.parameter().is_some());
        }
        let conflict = Refusal::Infeasible {
            layout: LayoutId::Base,
            conflict: vec![Rule::MaxCornerPips(8)],
        };
        assert_eq!(
            refusal(&words, &conflict, false),
            "No base board can keep “At most 8 pips at any corner”. The board on screen is unchanged."
        );
        let gave_up = Refusal::GaveUp {
            layout: LayoutId::Base,
            rules: vec![Rule::MaxCornerPips(9), Rule::DesertCenter],
            locked: 1,
            positions: 1_234_567,
        };
        let said = refusal(&words, &gave_up, true);
        assert!(said.starts_with("Gave up after searching 1,234,567 positions"), "{said}");
        assert!(
            said.contains("“At most 9 pips at any corner” and “The desert in the middle” with 1 locked hex are very hard to keep"),
            "{said}"
        );
        assert!(said.ends_with("with the locked hexes. The board on screen is unchanged."), "{said}");
    }
}
