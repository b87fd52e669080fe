//! The frozen code tables: how a token names layouts, rules, number placements, optional
//! parts and harbour kinds. Codes are places in append-only lists, never positions in an
//! enum, so adding a rule or a layout changes no existing link.

use super::{LinkError, Unknown};
use crate::catalogue::LayoutId;
use crate::generate::NumberMode;
use crate::model::{HarbourKind, Resource};
use crate::rules::Rule;

/// Link codes of the boards, by the board's unique name: a board's code is its place here.
/// Append only: a code, once given, is never moved or reused (v2 and v3 share this table),
/// and never comes from the catalogue's order. A name here whose board the catalogue does not
/// hold (yet) reads as an unknown layout.
pub(super) const LAYOUT_CODES: [&str; 38] = [
    "base",
    "five-six",
    "seafarers",
    "seafarers-five-six",
    "new-world",
    "new-world-five-six",
    "mcguire",
    // Every board in the box.
    "new-shores-3",
    "new-shores-4",
    "new-shores-5-6",
    "four-islands-3",
    "four-islands-4",
    "four-islands-5-6",
    "fog-islands-3",
    "fog-islands-4",
    "fog-islands-5-6",
    "through-the-desert-3",
    "through-the-desert-4",
    "through-the-desert-5-6",
    "forgotten-tribe-3-4",
    "forgotten-tribe-5-6",
    "cloth-for-catan-3-4",
    "cloth-for-catan-5-6",
    "pirate-islands-3-4",
    "pirate-islands-5-6",
    "wonders-of-catan-3-4",
    "wonders-of-catan-5-6",
    "fishermen-3-4",
    "rivers-3-4",
    // The Traders & Barbarians boards.
    "caravans-3-4",
    "traders-and-barbarians-3-4",
    "barbarian-attack-3-4",
    "fishermen-inland-3-4",
    "rivers-stacked-3-4",
    // The official Traders & Barbarians combinations.
    "rivers-caravans-3-4",
    "barbarian-attack-traders-3-4",
    "rivers-traders-3-4",
    "caravans-traders-3-4",
];

/// Link codes of the rule kinds, by stable name: a kind's code is its place here. Append
/// only. v2 tokens hold one flag for each of the first [`V2_RULES`] kinds, in this order.
pub(super) const RULE_CODES: [&str; 11] = [
    "no-adjacent-red",
    "no-adjacent-extreme",
    "no-adjacent-same-number",
    "no-adjacent-same-terrain",
    "no-adjacent-lumber-brick",
    "red-on-distinct-resources",
    "distinct-numbers-per-resource",
    "max-corner-pips",
    "min-resource-pips",
    "desert-center",
    "max-terrain-cluster",
];
pub(super) const V2_RULES: usize = 11;
/// Parameters are written in this radix: rules take 0 to 99.
pub(super) const PARAMETER_RADIX: u64 = 100;

pub(super) fn layout_code(id: LayoutId) -> u64 {
    LAYOUT_CODES
        .iter()
        .position(|&name| name == id.name())
        .expect("every catalogue board has a link code (see share_codes_cover_everything)")
        as u64
}

/// The board of a link code.
pub(super) fn layout_of_code(code: u64) -> Option<LayoutId> {
    LayoutId::parse(LAYOUT_CODES.get(usize::try_from(code).ok()?)?)
}

pub(super) fn rule_code(rule: Rule) -> u64 {
    RULE_CODES
        .iter()
        .position(|&name| name == rule.kind_name())
        .expect("every rule kind has a link code (see share_codes_cover_everything)") as u64
}

/// The rule kind of a code (parameterised kinds at their usual setting).
pub(super) fn rule_of_code(code: u64) -> Option<Rule> {
    let name = RULE_CODES.get(usize::try_from(code).ok()?)?;
    Rule::ALL.into_iter().find(|r| r.kind_name() == *name)
}

/// The placement digit (radix 4) holds the placement in its low bit; in v3 its high bit
/// says whether optional parts ([`PART_CODES`]) follow the board. Tokens written before
/// there were parts have it clear, so they read exactly as before, and a token whose
/// parts all hold their usual values is spelt exactly as before too.
pub(super) fn numbers_code(numbers: NumberMode, has_parts: bool) -> u64 {
    let placement = match numbers {
        NumberMode::Random => 0,
        NumberMode::Spiral => 1,
    };
    placement + if has_parts { 2 } else { 0 }
}

/// The placement and whether optional parts follow (only v3 tokens have parts).
pub(super) fn numbers_of_code(
    code: u64,
    parts_allowed: bool,
) -> Result<(NumberMode, bool), LinkError> {
    let has_parts = code >= 2;
    if has_parts && !parts_allowed {
        return Err(LinkError::Unknown(Unknown::NumberCode));
    }
    let numbers = if code % 2 == 0 {
        NumberMode::Random
    } else {
        NumberMode::Spiral
    };
    Ok((numbers, has_parts))
}

/// Link codes of the optional parts of a v3 token, by name: a part's code is its place
/// here. Append only. A part is written only when it differs from its usual value, so
/// tokens that need no part keep the spelling they had before parts existed.
pub(super) const PART_CODES: [&str; 3] = ["seats", "preset", "expansion"];
/// Parts are counted, and named by their codes, in this radix: room for seven parts.
pub(super) const PART_RADIX: u64 = 8;
/// Seats are written as how many fewer than the layout's most, in this radix (the layouts
/// are for their most or one fewer; the rest of the range is refused when read).
pub(super) const FEWER_SEATS_RADIX: u64 = 4;
/// A table preset's code ([`Preset::CODES`]) in this radix: room for sixteen presets. A
/// preset is written as the balanced mode's code and this part, so links of the modes that
/// came before presets keep their spelling.
pub(super) const PRESET_RADIX: u64 = 16;
/// The game played ([`crate::model::Expansion::CODES`]) in this radix: room for eight. Only
/// a game other than the base game is written, so base-game links keep their spelling.
pub(super) const EXPANSION_RADIX: u64 = 8;

pub(super) fn part_code(name: &str) -> u64 {
    PART_CODES
        .iter()
        .position(|&n| n == name)
        .expect("every part has a link code") as u64
}

/// Harbour kinds as one list: generic first, then the five resources.
pub(super) fn harbour_kind_index(kind: HarbourKind) -> u64 {
    match kind {
        HarbourKind::Generic => 0,
        HarbourKind::Special(r) => 1 + r.index() as u64,
    }
}

pub(super) fn harbour_kind(index: u64) -> Option<HarbourKind> {
    match index {
        0 => Some(HarbourKind::Generic),
        i => Resource::ALL
            .get(i as usize - 1)
            .map(|&r| HarbourKind::Special(r)),
    }
}
