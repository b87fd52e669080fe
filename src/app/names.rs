//! The engine's things, which it knows by stable names only (rules, modes, boards, games,
//! refusals), in the page's words. Plain Rust, so its tests run natively (`src/lib.rs`).

use crate::balance::presets::Preset;
use crate::balance::search::Mode;
use crate::catalogue::LayoutId;
use crate::rules::Rule;
use crate::worker_protocol::Refusal;

use super::saved::{self, Refused};
use super::state::{Message, Notice};
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
    words
        .get(named("Game", game).unwrap_or(Key::GameOther))
        .to_string()
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
    let why = words.fill(
        limits,
        &[("low", &range.0), ("high", &range.1), ("at", &at)],
    );
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

/// A terrain by its stable name ("fields"), as a player says it ("Fields").
pub fn terrain_name(words: &Words, terrain: &str) -> String {
    named("Terrain", terrain).map_or_else(|| terrain.to_string(), |k| words.get(k).into())
}

/// A resource, as a player says it.
pub fn resource_name(words: &Words, resource: crate::model::Resource) -> String {
    named("Resource", resource.name())
        .map_or_else(|| resource.name().to_string(), |k| words.get(k).into())
}

/// A harbour as the engine labels it ("3:1", "2:1 ore"), in the page's words.
pub fn harbour_name(words: &Words, label: &str) -> String {
    match label.strip_prefix("2:1 ") {
        Some(resource) => {
            let resource = named("Resource", resource)
                .map_or_else(|| resource.to_string(), |k| words.get(k).into());
            words.fill(Key::HarbourSpecial, &[("resource", &resource)])
        }
        None => words.get(Key::HarbourGeneric).to_string(),
    }
}

/// Why the saved boards' panel did not save or open a board, as a sentence.
pub fn refused(words: &Words, refused: &Refused) -> String {
    match refused {
        Refused::Full => words.fill(Key::SavedFull, &[("most", &saved::MAX_SAVED)]),
        Refused::NoLongerSaved => words.get(Key::NoLongerSaved).to_string(),
        Refused::NoName => words.get(Key::NameMissing).to_string(),
        Refused::NameTooLong(count) => words.fill(
            Key::NameTooLong,
            &[("most", &saved::MAX_NAME_CHARS), ("count", count)],
        ),
        Refused::NoBoard => words.get(Key::KeptNoBoard).to_string(),
        Refused::Unreadable(why) => words.fill(Key::KeptBroken, &[("why", why)]),
    }
}

/// A kept board in a few words for its line in a list: board, seed and balance mode.
pub fn kept_board(words: &Words, query: &str) -> String {
    match saved::open(query) {
        Ok(link) => words.fill(
            Key::KeptAbout,
            &[
                ("board", &board_title(words, link.settings.layout)),
                ("seed", &link.seed),
                ("mode", &mode_words(words, link.mode).0),
            ],
        ),
        Err(_) => words.get(Key::KeptUnknown).to_string(),
    }
}

/// Why the last request did not change the board, as a sentence.
pub fn message(words: &Words, message: &Message) -> String {
    match message {
        Message::Refused {
            refusal: why,
            locked,
        } => refusal(words, why, *locked),
        Message::NotASeed(text) => words.fill(Key::NotASeed, &[("text", text)]),
        Message::SeatsNotFor { layout, seats } => {
            let range = layout.seats();
            words.fill(
                Key::SeatsNotFor,
                &[
                    ("board", &board_title(words, *layout)),
                    ("low", range.start()),
                    ("high", range.end()),
                    ("seats", seats),
                ],
            )
        }
        Message::BadLink(why) => words.fill(Key::BadLink, &[("why", why)]),
    }
}

/// A passing word for the person, as a sentence.
pub fn notice(words: &Words, notice: &Notice) -> String {
    match notice {
        Notice::Said(text) => text.clone(),
        Notice::OldLink(layout) => legacy_notice(words, *layout).unwrap_or_default(),
        Notice::SeedPlayed {
            seed,
            layout,
            mode,
            rules,
            spiral,
            dropped_locks,
        } => {
            let rules = match rules {
                0 => words.get(Key::RulesNone).to_string(),
                n => words.counted(*n, Key::RulesOne, Key::RulesMany),
            };
            let mode = words.fill(Key::Quoted, &[("text", &mode_words(words, *mode).0)]);
            let key = if *spiral {
                Key::SeedPlayedSpiral
            } else {
                Key::SeedPlayed
            };
            let played = words.fill(
                key,
                &[
                    ("seed", seed),
                    ("board", &board_title(words, *layout)),
                    ("mode", &mode),
                    ("rules", &rules),
                ],
            );
            match dropped_locks {
                0 => played,
                1 => format!("{played} {}", words.get(Key::LocksLeftOutOne)),
                _ => format!("{played} {}", words.get(Key::LocksLeftOutMany)),
            }
        }
    }
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
        assert_eq!(
            board_title(&words, LayoutId::Base),
            "Base game (3-4 players)"
        );
        assert_eq!(game_title(&words, "seafarers"), "Seafarers");
        for terrain in crate::model::Terrain::ALL {
            assert!(
                named("Terrain", terrain.name()).is_some(),
                "{}",
                terrain.name()
            );
        }
        for resource in crate::model::Resource::ALL {
            assert!(
                named("Resource", resource.name()).is_some(),
                "{}",
                resource.name()
            );
        }
        assert_eq!(harbour_name(&words, "2:1 ore"), "2:1 Ore");
        assert_eq!(harbour_name(&words, "3:1"), "3:1");
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
            // The page's English and the command line's say a rule alike.
            assert_eq!(label, rule.label());
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
        let settings = crate::generate::Settings::default();
        let board = crate::generate::generate(&settings, 7).unwrap();
        let query = crate::share::encode(&settings, Mode::Balanced, 7, &board);
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
}
