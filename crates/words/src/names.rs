//! The engine's things, which it knows by stable names only (boards, games, rules, modes,
//! refusals), in a table's words: the page's and the command line's.

use hexfair::balance::presets::Preset;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::rules::Rule;
use hexfair::share::LinkError;

use crate::table::{Key, Words};

/// Each board's keys by its stable name: its title, its name in the picker, and the
/// notice of a board kept only for old links. Every board of the catalogue is here (tested);
/// a board added at run time has none, and is named by its own file's title.
const BOARDS: &[(&str, Key, Key, Option<Key>)] = &[
    ("mcguire", Key::TitleMcguire, Key::BoardMcguire, None),
    (
        "four-islands-5-6",
        Key::TitleFourIslands56,
        Key::BoardFourIslands56,
        None,
    ),
    (
        "fog-islands-3",
        Key::TitleFogIslands3,
        Key::BoardFogIslands3,
        None,
    ),
    (
        "new-world-five-six",
        Key::TitleNewWorldFiveSix,
        Key::BoardNewWorldFiveSix,
        None,
    ),
    (
        "cloth-for-catan-5-6",
        Key::TitleClothForCatan56,
        Key::BoardClothForCatan56,
        None,
    ),
    (
        "new-shores-4",
        Key::TitleNewShores4,
        Key::BoardNewShores4,
        None,
    ),
    (
        "seafarers",
        Key::TitleSeafarers,
        Key::BoardSeafarers,
        Some(Key::LegacySeafarers),
    ),
    (
        "fog-islands-5-6",
        Key::TitleFogIslands56,
        Key::BoardFogIslands56,
        None,
    ),
    (
        "through-the-desert-4",
        Key::TitleThroughTheDesert4,
        Key::BoardThroughTheDesert4,
        None,
    ),
    (
        "forgotten-tribe-5-6",
        Key::TitleForgottenTribe56,
        Key::BoardForgottenTribe56,
        None,
    ),
    (
        "fog-islands-4",
        Key::TitleFogIslands4,
        Key::BoardFogIslands4,
        None,
    ),
    (
        "pirate-islands-3-4",
        Key::TitlePirateIslands34,
        Key::BoardPirateIslands34,
        None,
    ),
    (
        "seafarers-five-six",
        Key::TitleSeafarersFiveSix,
        Key::BoardSeafarersFiveSix,
        Some(Key::LegacySeafarersFiveSix),
    ),
    (
        "new-shores-5-6",
        Key::TitleNewShores56,
        Key::BoardNewShores56,
        None,
    ),
    (
        "four-islands-3",
        Key::TitleFourIslands3,
        Key::BoardFourIslands3,
        None,
    ),
    (
        "new-shores-3",
        Key::TitleNewShores3,
        Key::BoardNewShores3,
        None,
    ),
    (
        "through-the-desert-3",
        Key::TitleThroughTheDesert3,
        Key::BoardThroughTheDesert3,
        None,
    ),
    (
        "four-islands-4",
        Key::TitleFourIslands4,
        Key::BoardFourIslands4,
        None,
    ),
    (
        "cloth-for-catan-3-4",
        Key::TitleClothForCatan34,
        Key::BoardClothForCatan34,
        None,
    ),
    ("new-world", Key::TitleNewWorld, Key::BoardNewWorld, None),
    (
        "forgotten-tribe-3-4",
        Key::TitleForgottenTribe34,
        Key::BoardForgottenTribe34,
        None,
    ),
    (
        "pirate-islands-5-6",
        Key::TitlePirateIslands56,
        Key::BoardPirateIslands56,
        None,
    ),
    (
        "wonders-of-catan-3-4",
        Key::TitleWondersOfCatan34,
        Key::BoardWondersOfCatan34,
        None,
    ),
    (
        "through-the-desert-5-6",
        Key::TitleThroughTheDesert56,
        Key::BoardThroughTheDesert56,
        None,
    ),
    (
        "wonders-of-catan-5-6",
        Key::TitleWondersOfCatan56,
        Key::BoardWondersOfCatan56,
        None,
    ),
    ("five-six", Key::TitleFiveSix, Key::BoardFiveSix, None),
    ("base", Key::TitleBase, Key::BoardBase, None),
    (
        "fishermen-3-4",
        Key::TitleFishermen34,
        Key::BoardFishermen34,
        Some(Key::LegacyFishermen34),
    ),
    (
        "traders-and-barbarians-3-4",
        Key::TitleTradersAndBarbarians34,
        Key::BoardTradersAndBarbarians34,
        None,
    ),
    (
        "fishermen-inland-3-4",
        Key::TitleFishermenInland34,
        Key::BoardFishermenInland34,
        None,
    ),
    (
        "rivers-3-4",
        Key::TitleRivers34,
        Key::BoardRivers34,
        Some(Key::LegacyRivers34),
    ),
    (
        "rivers-caravans-3-4",
        Key::TitleRiversCaravans34,
        Key::BoardRiversCaravans34,
        None,
    ),
    (
        "rivers-stacked-3-4",
        Key::TitleRiversStacked34,
        Key::BoardRiversStacked34,
        None,
    ),
    (
        "caravans-3-4",
        Key::TitleCaravans34,
        Key::BoardCaravans34,
        None,
    ),
    (
        "rivers-traders-3-4",
        Key::TitleRiversTraders34,
        Key::BoardRiversTraders34,
        None,
    ),
    (
        "barbarian-attack-3-4",
        Key::TitleBarbarianAttack34,
        Key::BoardBarbarianAttack34,
        None,
    ),
    (
        "caravans-traders-3-4",
        Key::TitleCaravansTraders34,
        Key::BoardCaravansTraders34,
        None,
    ),
    (
        "barbarian-attack-traders-3-4",
        Key::TitleBarbarianAttackTraders34,
        Key::BoardBarbarianAttackTraders34,
        None,
    ),
];

fn board_keys(layout: LayoutId) -> Option<&'static (&'static str, Key, Key, Option<Key>)> {
    BOARDS.iter().find(|(name, ..)| *name == layout.name())
}

/// A board's full title: "Seafarers: The Fog Islands (3 players)".
pub fn board_title(words: &Words, layout: LayoutId) -> String {
    board_keys(layout).map_or_else(|| layout.title().to_string(), |b| words.get(b.1).into())
}

/// A board as the picker offers it, within its game's group: "Fog Islands — 3 players". A
/// board kept for old links says its name alone (the name says how it differs), as does one
/// whose name says its players ("5-6 player extension").
pub fn board_option(words: &Words, layout: LayoutId) -> String {
    let Some(&(_, _, name, legacy)) = board_keys(layout) else {
        return layout.title().to_string();
    };
    let name = words.get(name);
    if legacy.is_some() || layout == LayoutId::FiveSix {
        return name.to_string();
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
    words.fill(Key::BoardOption, &[("board", &name), ("players", &players)])
}

/// A board's name without its players, for a sentence that says the table's own: "Fog
/// Islands", "5-6 player extension".
pub fn board_name(words: &Words, layout: LayoutId) -> String {
    board_keys(layout).map_or_else(|| layout.title().to_string(), |b| words.get(b.2).into())
}

/// The PNG's caption: "Hexfair · Base game (3-4 players) · seed 42 · score 0.123", the
/// score with the language's decimal mark.
pub fn png_caption(words: &Words, layout: LayoutId, seed: u64, score: f64) -> String {
    words.fill(
        Key::PngCaption,
        &[
            ("board", &board_title(words, layout)),
            ("seed", &seed),
            ("score", &words.decimal(score, 3)),
        ],
    )
}

/// What a player opening a board kept only for old links should know.
pub fn legacy_notice(words: &Words, layout: LayoutId) -> Option<String> {
    match board_keys(layout) {
        Some((.., Some(key))) => Some(words.get(*key).to_string()),
        _ => layout.notice().map(str::to_string),
    }
}

/// A game's title, as the picker groups boards by it.
pub fn game_title(words: &Words, game: &str) -> String {
    let key = match game {
        "base" => Key::GameBase,
        "seafarers" => Key::GameSeafarers,
        "traders-barbarians" => Key::GameTradersBarbarians,
        "house-rules" => Key::GameHouseRules,
        _ => Key::GameOther,
    };
    words.get(key).to_string()
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

/// Why no board of `layout` keeps the `conflict`ing rules (with the locks): "No board for
/// Base game (3-4 players) can keep ...".
pub fn no_board(words: &Words, layout: LayoutId, conflict: &[Rule]) -> String {
    let board = board_title(words, layout);
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

/// Why a search of `layout` stopped before it found a board: the positions it searched, and
/// what it kept (the rules, the `locked` hexes).
pub fn gave_up(
    words: &Words,
    layout: LayoutId,
    rules: &[Rule],
    locked: usize,
    positions: u64,
) -> String {
    let start = words.fill(
        Key::GaveUp,
        &[
            ("positions", &grouped(words, positions)),
            ("board", &board_title(words, layout)),
        ],
    );
    let listed = rules_listed(words, rules);
    let hexes_word = words.counted(locked, Key::LockedHexOne, Key::LockedHexMany);
    let why = match (rules.len(), locked) {
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

/// Why a link could not be read, in the page's words (where a link is damaged is told only
/// by the command line).
pub fn link_fault(words: &Words, error: &LinkError) -> String {
    match error {
        LinkError::NoToken => words.get(Key::LinkNoToken).to_string(),
        LinkError::CutShort => words.get(Key::LinkCutShort).to_string(),
        LinkError::SeedTooLarge => words.fill(
            Key::LinkSeedTooLarge,
            &[("largest", &grouped(words, u64::MAX))],
        ),
        LinkError::UnknownRule(name) => words.fill(Key::LinkUnknownRule, &[("name", &cut(name))]),
        LinkError::RuleValue { rule, .. } => {
            words.fill(Key::LinkRuleValue, &[("name", &cut(rule))])
        }
        LinkError::Unknown(_) => words.get(Key::LinkUnknown).to_string(),
        LinkError::Damaged(_) => words.get(Key::LinkDamaged).to_string(),
    }
}

/// A name a link gives, cut short: a link can hold anything.
fn cut(name: &str) -> String {
    match name.char_indices().nth(32) {
        Some((end, _)) => format!("{}…", &name[..end]),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod caption_tests;

#[cfg(test)]
mod tests;
