//! The link codec: a board and its settings <-> a short token in the URL.
//!
//! Two link formats, each named by its version so old links keep working:
//! - v1, seed links: `?v=1&layout=base&seed=123&rules=no-adjacent-red`. They name the
//!   settings and the seed; the generator rebuilds the board from them.
//! - v2 and v3, board tokens: `?b=3...`. The token carries the board itself (every cell's
//!   terrain and token, every harbour) plus the settings and seed, so a shared link shows
//!   exactly that board even after the generator changes. The payload is one mixed-radix
//!   number (each choice written in the radix of what was left to choose from), sent as
//!   base64url, ending in a check so a tampered token is refused rather than misread.
//!   v3, written today, names its rules by frozen codes and ends in a 24-bit check; v2
//!   (rules as flags in a frozen order, a 12-bit checksum) is still read.
//!
//! Layouts, rules, placements and modes are written as codes from the frozen tables below,
//! never as positions in an enum, so adding a rule or a layout changes no existing link.
//!
//! Decoding never panics and costs little whatever it is given (the token's length is
//! capped first). A token is read only in its one canonical spelling, and the board it
//! carries must fit its layout and the settings it claims ([`conform`]): a token whose check
//! is right but whose board could not have come from this app is refused too.

pub mod conform;

use std::fmt;

use crate::balance::presets::Preset;
use crate::balance::search::Mode;
use crate::board::{Board, Harbour};
use crate::catalogue::{HarbourPlan, Layout, LayoutId};
use crate::generate::{assemble, dealt_kinds, mcguire_harbours, NumberMode, Settings};
use crate::geometry::Hex;
use crate::model::{HarbourKind, Resource, Terrain};
use crate::order;
use crate::rules::{Rule, RuleSet};

/// A board as a link names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub settings: Settings,
    /// What Regenerate searches for next (seed links predate modes: random).
    pub mode: Mode,
    pub seed: u64,
    /// The board itself (v2 tokens); `None` for a seed link, which the generator rebuilds.
    pub board: Option<Board>,
    /// The players at the table, for the snake draft and the fair start: the layout's most
    /// (4, or 6) unless the token says otherwise (tokens before seats mean the most).
    pub seats: usize,
}

impl Link {
    /// What a player opening this link should know about its board: a legacy board says
    /// that it is kept as it was (e.g. New Shores with the harbours from before the
    /// correction) and which board to pick for the printed one.
    pub fn notice(&self) -> Option<&'static str> {
        self.settings.layout.notice()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError(pub String);

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "This link could not be read ({}), so here is a fresh board.",
            self.0
        )
    }
}

impl std::error::Error for LinkError {}

fn bad(why: impl Into<String>) -> LinkError {
    LinkError(why.into())
}

/// The query string (without `?`) for a board: a board token (for the layout's most seats).
pub fn encode(settings: &Settings, mode: Mode, seed: u64, board: &Board) -> String {
    encode_seated(settings, mode, seed, board, usual_seats(board.layout))
}

/// The query string for a board at a table of `seats` players.
pub fn encode_seated(
    settings: &Settings,
    mode: Mode,
    seed: u64,
    board: &Board,
    seats: usize,
) -> String {
    format!(
        "b={}",
        board_token_seated(settings, mode, seed, board, seats)
    )
}

/// The seat count a link means when it names none: the layout's most.
pub fn usual_seats(layout: LayoutId) -> usize {
    *layout.seats().end()
}

/// A v1 seed link's query string (the generator rebuilds the board).
pub fn encode_seed_link(settings: &Settings, seed: u64) -> String {
    let rules: Vec<String> = settings.rules.rules().iter().map(|r| r.name()).collect();
    let mut out = format!(
        "v=1&layout={}&seed={seed}&rules={}",
        settings.layout,
        rules.join(",")
    );
    if settings.numbers != NumberMode::Random {
        out.push_str(&format!("&numbers={}", settings.numbers.name()));
    }
    out
}

/// Reads a query string (with or without the leading `?`). `Ok(None)`: no board in it.
pub fn decode(query: &str) -> Result<Option<Link>, LinkError> {
    let query = query.strip_prefix('?').unwrap_or(query);
    if query.len() > MAX_QUERY_LEN {
        return Err(bad("it is far longer than any Hexfair link"));
    }
    let field = |key: &str| {
        query
            .split('&')
            .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    };
    if let Some(token) = field("b") {
        return decode_token(token).map(Some);
    }
    let Some(version) = field("v") else {
        return if ["seed", "layout", "rules"]
            .iter()
            .any(|k| field(k).is_some())
        {
            Err(bad("it has no version"))
        } else {
            Ok(None)
        };
    };
    if version != "1" {
        return Err(bad(format!(
            "version '{version}' is not one this app knows"
        )));
    }
    let layout = match field("layout") {
        None => LayoutId::Base,
        Some(name) => {
            LayoutId::parse(name).ok_or_else(|| bad(format!("unknown layout '{name}'")))?
        }
    };
    let seed = field("seed")
        .ok_or_else(|| bad("it has no seed"))?
        .parse::<u64>()
        .map_err(|_| bad("its seed is not a whole number"))?;
    let rules = match field("rules") {
        None | Some("") => RuleSet::default(),
        Some(list) => RuleSet::new(
            list.split(',')
                .map(|name| Rule::parse(&name.replace("%3D", "=")).map_err(LinkError))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let numbers = match field("numbers") {
        None => NumberMode::Random,
        Some(m) => {
            NumberMode::parse(m).ok_or_else(|| bad(format!("unknown number placement '{m}'")))?
        }
    };
    Ok(Some(Link {
        settings: Settings {
            numbers,
            ..Settings::new(layout, rules)
        },
        mode: Mode::Random,
        seed,
        board: None,
        seats: usual_seats(layout),
    }))
}

/// The version written today.
const TOKEN_VERSION: char = '3';
/// The longest token read: the largest board's token is under 100 characters, so anything
/// much longer is refused before the (quadratic) big-number decoding starts.
pub const MAX_TOKEN_LEN: usize = 160;
/// The longest query string looked at.
const MAX_QUERY_LEN: usize = 2048;
const CHECK_RADIX_V2: u64 = 1 << 12;
const CHECK_RADIX_V3: u64 = 1 << 24;

/// Link codes of the boards, by the board's unique name: a board's code is its place here.
/// Append only: a code, once given, is never moved or reused (v2 and v3 share this table),
/// and never comes from the catalogue's order. A name here whose board the catalogue does not
/// hold (yet) reads as an unknown layout.
const LAYOUT_CODES: [&str; 29] = [
    "base",
    "five-six",
    "seafarers",
    "seafarers-five-six",
    "new-world",
    "new-world-five-six",
    "mcguire",
    // Issue 10: every board in the box.
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
];

/// Link codes of the rule kinds, by stable name: a kind's code is its place here. Append
/// only. v2 tokens hold one flag for each of the first [`V2_RULES`] kinds, in this order.
const RULE_CODES: [&str; 11] = [
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
const V2_RULES: usize = 11;
/// Parameters are written in this radix: rules take 0 to 99.
const PARAMETER_RADIX: u64 = 100;

fn layout_code(id: LayoutId) -> u64 {
    LAYOUT_CODES
        .iter()
        .position(|&name| name == id.name())
        .expect("every catalogue board has a link code (see share_codes_cover_everything)")
        as u64
}

/// The board of a link code.
fn layout_of_code(code: u64) -> Option<LayoutId> {
    LayoutId::parse(LAYOUT_CODES.get(usize::try_from(code).ok()?)?)
}

fn rule_code(rule: Rule) -> u64 {
    RULE_CODES
        .iter()
        .position(|&name| name == rule.kind_name())
        .expect("every rule kind has a link code (see share_codes_cover_everything)") as u64
}

/// The rule kind of a code (parameterised kinds at their usual setting).
fn rule_of_code(code: u64) -> Option<Rule> {
    let name = RULE_CODES.get(usize::try_from(code).ok()?)?;
    Rule::ALL.into_iter().find(|r| r.kind_name() == *name)
}

/// The placement digit (radix 4) holds the placement in its low bit; in v3 its high bit
/// says whether optional parts ([`PART_CODES`]) follow the board. Tokens written before
/// there were parts have it clear, so they read exactly as before, and a token whose
/// parts all hold their usual values is spelt exactly as before too.
fn numbers_code(numbers: NumberMode, has_parts: bool) -> u64 {
    let placement = match numbers {
        NumberMode::Random => 0,
        NumberMode::Spiral => 1,
    };
    placement + if has_parts { 2 } else { 0 }
}

/// The placement and whether optional parts follow (only v3 tokens have parts).
fn numbers_of_code(code: u64, parts_allowed: bool) -> Result<(NumberMode, bool), LinkError> {
    let has_parts = code >= 2;
    if has_parts && !parts_allowed {
        return Err(bad("its number placement is unknown"));
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
const PART_CODES: [&str; 2] = ["seats", "preset"];
/// Parts are counted, and named by their codes, in this radix: room for seven parts.
const PART_RADIX: u64 = 8;
/// Seats are written as how many fewer than the layout's most, in this radix (the layouts
/// are for their most or one fewer; the rest of the range is refused when read).
const FEWER_SEATS_RADIX: u64 = 4;
/// A table preset's code ([`Preset::CODES`]) in this radix: room for sixteen presets. A
/// preset is written as the balanced mode's code and this part, so links of the modes that
/// came before presets keep their spelling.
const PRESET_RADIX: u64 = 16;

fn part_code(name: &str) -> u64 {
    PART_CODES
        .iter()
        .position(|&n| n == name)
        .expect("every part has a link code") as u64
}

/// The optional parts, after the board and before the check (so the check covers them):
/// how many (at least one), then each part's code (rising) and value. A handful of bits:
/// a table of 3 adds one or two characters to a token.
fn write_parts(digits: &mut Digits, parts: &[(u64, u64, u64)]) {
    digits.push(parts.len() as u64, PART_RADIX);
    for &(code, value, radix) in parts {
        digits.push(code, PART_RADIX);
        digits.push(value, radix);
    }
}

/// Reads the optional parts; returns the seat count (the usual one when the token names
/// none) and the preset, if any. A part holding its usual value is refused, as such a token
/// is not the one spelling of its link.
fn read_parts(reader: &mut Reader, layout: LayoutId) -> Result<(usize, Option<Preset>), LinkError> {
    let count = reader.take(PART_RADIX)?;
    if count == 0 {
        return Err(bad("it announces extra settings but holds none"));
    }
    let mut seats = usual_seats(layout);
    let mut preset = None;
    let mut last = None;
    for _ in 0..count {
        let code = reader.take(PART_RADIX)?;
        if last.is_some_and(|l| code <= l) {
            return Err(bad("its extra settings are out of order"));
        }
        last = Some(code);
        match PART_CODES.get(code as usize).copied() {
            Some("seats") => {
                let fewer = reader.take(FEWER_SEATS_RADIX)? as usize;
                if fewer == 0 {
                    return Err(bad("it spells out the usual number of seats"));
                }
                // At most 3 fewer than 4 or 6: never below zero.
                seats = usual_seats(layout) - fewer;
            }
            Some("preset") => {
                preset =
                    Some(Preset::of_code(reader.take(PRESET_RADIX)?).ok_or_else(|| {
                        bad("it names a table preset this version does not know")
                    })?);
            }
            _ => return Err(bad("it holds a setting this version does not know")),
        }
    }
    Ok((seats, preset))
}

/// The search mode as its code, then (for a target) the target in hundredths.
fn write_mode(digits: &mut Digits, mode: Mode) {
    match mode {
        Mode::Random => digits.push(0, 4),
        // A preset's own code follows as a part (see `PRESET_RADIX`).
        Mode::Balanced | Mode::Preset(_) => digits.push(1, 4),
        Mode::Unbalanced => digits.push(2, 4),
        Mode::Target(t) => {
            digits.push(3, 4);
            digits.push((t.clamp(0.0, 1.0) * 100.0).round() as u64, 101);
        }
    }
}

fn read_mode(reader: &mut Reader) -> Result<Mode, LinkError> {
    Ok(match reader.take(4)? {
        0 => Mode::Random,
        1 => Mode::Balanced,
        2 => Mode::Unbalanced,
        _ => Mode::Target(reader.take(101)? as f64 / 100.0),
    })
}

/// The v3 token of a board, for the layout's most seats: `3` then base64url.
pub fn board_token(settings: &Settings, mode: Mode, seed: u64, board: &Board) -> String {
    board_token_seated(settings, mode, seed, board, usual_seats(board.layout))
}

/// The v3 token of a board at a table of `seats` players (3 or 4, 5 or 6: see
/// [`conform::seats_problem`]). For the layout's most seats it is [`board_token`]'s, so
/// links of the usual table are spelt as before seats existed.
pub fn board_token_seated(
    settings: &Settings,
    mode: Mode,
    seed: u64,
    board: &Board,
    seats: usize,
) -> String {
    let mut parts = Vec::new();
    // Tables of more than the layout's most, or far fewer, cannot be written (the app
    // offers neither: see [`conform::seats_problem`]); they are written as the nearest
    // count that can, which the reader then refuses unless the layout is made for it.
    let fewer = usual_seats(board.layout)
        .saturating_sub(seats)
        .min(FEWER_SEATS_RADIX as usize - 1);
    if fewer > 0 {
        parts.push((part_code("seats"), fewer as u64, FEWER_SEATS_RADIX));
    }
    if let Mode::Preset(preset) = mode {
        parts.push((part_code("preset"), preset.code(), PRESET_RADIX));
    }
    token_with_parts(settings, mode, seed, board, &parts, !parts.is_empty())
}

/// A v3 token with these optional parts (code, value, radix), announced or not.
fn token_with_parts(
    settings: &Settings,
    mode: Mode,
    seed: u64,
    board: &Board,
    parts: &[(u64, u64, u64)],
    announced: bool,
) -> String {
    let mut digits = Digits::default();
    digits.push(layout_code(board.layout), 64);
    digits.push(numbers_code(settings.numbers, announced), 4);
    write_mode(&mut digits, mode);
    let mut rules: Vec<(u64, Rule)> = settings
        .rules
        .rules()
        .iter()
        .map(|&r| (rule_code(r), r))
        .collect();
    order::sort_by_key(&mut rules, |&(code, _)| code);
    digits.push(rules.len() as u64, 64);
    for (code, rule) in rules {
        digits.push(code, 64);
        if let Some(n) = rule.parameter() {
            digits.push(u64::from(n), PARAMETER_RADIX);
        }
    }
    write_seed(&mut digits, seed);
    write_pieces(&mut digits, board);
    if announced {
        write_parts(&mut digits, parts);
    }
    let check = check_v3(&digits.values);
    digits.push(check, CHECK_RADIX_V3);
    format!("{TOKEN_VERSION}{}", base64url(&digits.to_bytes()))
}

/// The seed in as few 16-bit chunks as it needs (app seeds are below a billion: two).
fn write_seed(digits: &mut Digits, seed: u64) {
    let chunks = (64 - seed.leading_zeros()).div_ceil(16);
    digits.push(u64::from(chunks), 5);
    for i in 0..chunks {
        digits.push((seed >> (16 * i)) & 0xFFFF, 1 << 16);
    }
}

fn read_seed(reader: &mut Reader) -> Result<u64, LinkError> {
    let chunks = reader.take(5)?;
    let mut seed = 0u64;
    for i in 0..chunks {
        seed |= reader.take(1 << 16)? << (16 * i);
    }
    Ok(seed)
}

/// Every zone's terrain and tokens, then the harbours.
fn write_pieces(digits: &mut Digits, board: &Board) {
    let layout = board.layout();
    for zone in &layout.zones {
        write_multiset(
            digits,
            &zone.terrain_bag,
            zone.cells.iter().map(|&c| board.terrain[c]),
        );
        write_multiset(
            digits,
            &zone.token_bag,
            zone.cells.iter().filter_map(|&c| board.numbers[c]),
        );
    }
    write_harbours(digits, layout, board);
}

fn read_pieces(reader: &mut Reader, layout: LayoutId) -> Result<Board, LinkError> {
    let l = Layout::get(layout);
    let mut terrain = vec![Terrain::Sea; l.cells.len()];
    let mut tokens = vec![None; l.cells.len()];
    for zone in &l.zones {
        let zone_terrain = read_multiset(reader, &zone.terrain_bag)?;
        for (&c, t) in zone.cells.iter().zip(zone_terrain) {
            terrain[c] = t;
        }
        let numbered: Vec<usize> = zone
            .cells
            .iter()
            .copied()
            .filter(|&c| terrain[c].takes_number())
            .collect();
        let zone_tokens = read_multiset(reader, &zone.token_bag)?;
        for (&c, n) in numbered.iter().zip(zone_tokens) {
            tokens[c] = Some(n);
        }
    }
    let harbours = read_harbours(reader, l, &terrain)?;
    Ok(assemble(l, terrain, tokens, harbours))
}

/// v3 rules: how many, then each kind's code (rising) and parameter.
fn read_rules_v3(reader: &mut Reader) -> Result<Vec<Rule>, LinkError> {
    let count = reader.take(64)?;
    let mut rules = Vec::new();
    let mut last = None;
    for _ in 0..count {
        let code = reader.take(64)?;
        if last.is_some_and(|l| code <= l) {
            return Err(bad("its rules are out of order"));
        }
        last = Some(code);
        let kind =
            rule_of_code(code).ok_or_else(|| bad("it names a rule this version does not know"))?;
        rules.push(read_parameter(reader, kind)?);
    }
    Ok(rules)
}

/// v2 rules: one flag for each kind in the frozen order, a parameter after a set flag.
fn read_rules_v2(reader: &mut Reader) -> Result<Vec<Rule>, LinkError> {
    let mut rules = Vec::new();
    for code in 0..V2_RULES as u64 {
        if reader.take(2)? == 1 {
            let kind = rule_of_code(code).expect("v2 codes are all known");
            rules.push(read_parameter(reader, kind)?);
        }
    }
    Ok(rules)
}

fn read_parameter(reader: &mut Reader, kind: Rule) -> Result<Rule, LinkError> {
    Ok(match kind.parameter() {
        Some(_) => kind.with_parameter(reader.take(PARAMETER_RADIX)? as u8),
        None => kind,
    })
}

/// Reads a board token (v2 or v3) back into settings, seed and board.
pub fn decode_token(token: &str) -> Result<Link, LinkError> {
    if token.len() > MAX_TOKEN_LEN {
        return Err(bad("it is longer than any board token"));
    }
    let mut chars = token.chars();
    let version = chars.next();
    let body = chars.as_str();
    if !matches!(version, Some('2' | '3')) {
        return Err(bad(format!(
            "its token version '{}' is not one this app knows",
            version.unwrap_or(' ')
        )));
    }
    let bytes =
        from_base64url(body).ok_or_else(|| bad("its token has characters that do not belong"))?;
    if bytes.last() == Some(&0) || base64url(&bytes) != body {
        return Err(bad("it has characters past the end of its board"));
    }
    let mut reader = Reader::new(&bytes);
    let layout = layout_of_code(reader.take(64)?).ok_or_else(|| bad("its layout is unknown"))?;
    let (numbers, has_parts) = numbers_of_code(reader.take(4)?, version == Some('3'))?;
    let mut mode = read_mode(&mut reader)?;
    let rules = if version == Some('2') {
        read_rules_v2(&mut reader)?
    } else {
        read_rules_v3(&mut reader)?
    };
    let seed = read_seed(&mut reader)?;
    let board = read_pieces(&mut reader, layout)?;
    let (seats, preset) = if has_parts {
        read_parts(&mut reader, layout)?
    } else {
        (usual_seats(layout), None)
    };
    if let Some(preset) = preset {
        if mode != Mode::Balanced {
            return Err(bad("it names a table preset beside another mode"));
        }
        mode = Mode::Preset(preset);
    }
    let (expected, radix) = if version == Some('2') {
        (checksum_v2(&reader.values), CHECK_RADIX_V2)
    } else {
        (check_v3(&reader.values), CHECK_RADIX_V3)
    };
    if reader.take(radix)? != expected {
        return Err(bad(
            "its check does not match, so it was changed or cut short",
        ));
    }
    if !reader.is_spent() {
        return Err(bad("it is longer than a board token"));
    }
    let settings = Settings {
        numbers,
        ..Settings::new(layout, RuleSet::new(rules))
    };
    if let Some(problem) = conform::seats_problem(layout, seats) {
        return Err(bad(problem));
    }
    let problems = conform::claim_problems(&settings, &board);
    if let Some(first) = problems.first() {
        return Err(bad(format!(
            "its board is not one Hexfair makes: {first}{}",
            if problems.len() > 1 {
                ", among others"
            } else {
                ""
            }
        )));
    }
    Ok(Link {
        board: Some(board),
        settings,
        mode,
        seed,
        seats,
    })
}

/// Distinct items of a bag, in order.
fn kinds<T: Copy + Ord>(bag: &[T]) -> Vec<T> {
    let mut k = bag.to_vec();
    order::sort(&mut k);
    k.dedup();
    k
}

/// Writes a sequence drawn from `bag` as, at each step, the index of the item among the
/// kinds still left.
fn write_multiset<T: Copy + Ord>(digits: &mut Digits, bag: &[T], items: impl Iterator<Item = T>) {
    let mut left = bag.to_vec();
    for item in items {
        let available = kinds(&left);
        let index = available
            .iter()
            .position(|&k| k == item)
            .expect("the board holds its bag");
        digits.push(index as u64, available.len() as u64);
        let at = left.iter().position(|&k| k == item).expect("present");
        left.swap_remove(at);
    }
}

fn read_multiset<T: Copy + Ord>(reader: &mut Reader, bag: &[T]) -> Result<Vec<T>, LinkError> {
    let mut left = bag.to_vec();
    let mut out = Vec::with_capacity(bag.len());
    while !left.is_empty() {
        let available = kinds(&left);
        let item = available[reader.take(available.len() as u64)? as usize];
        out.push(item);
        let at = left.iter().position(|&k| k == item).expect("present");
        left.swap_remove(at);
    }
    Ok(out)
}

/// Harbour kinds as one list: generic first, then the five resources.
fn harbour_kind_index(kind: HarbourKind) -> u64 {
    match kind {
        HarbourKind::Generic => 0,
        HarbourKind::Special(r) => 1 + r.index() as u64,
    }
}

fn harbour_kind(index: u64) -> Option<HarbourKind> {
    match index {
        0 => Some(HarbourKind::Generic),
        i => Resource::ALL
            .get(i as usize - 1)
            .map(|&r| HarbourKind::Special(r)),
    }
}

/// Harbours, by the layout's plan: on fixed spots only the kinds (in spot order) are
/// written; McGuire's are the frame's kinds in spot order (the inland ones follow from the
/// terrain); New World's are written with their positions.
fn write_harbours(digits: &mut Digits, layout: &Layout, board: &Board) {
    match &layout.harbours {
        HarbourPlan::Fixed(_) => {
            let dealt = layout.dealt_harbours(board.harbours.iter().map(|h| h.kind));
            write_multiset(digits, &layout.harbour_bag, dealt.into_iter());
        }
        HarbourPlan::McGuire(_) => {
            write_multiset(
                digits,
                &layout.harbour_bag,
                dealt_kinds(layout, board).into_iter(),
            );
        }
        HarbourPlan::NextToLand => {
            let places = harbour_places(layout);
            digits.push(board.harbours.len() as u64, 64);
            for h in &board.harbours {
                let sea = places
                    .iter()
                    .position(|&p| p == h.spot.sea)
                    .expect("harbours sit on the frame or a cell");
                let dir = h
                    .spot
                    .sea
                    .neighbors()
                    .iter()
                    .position(|&n| n == layout.cells[h.spot.faces])
                    .expect("adjacent");
                digits.push(sea as u64, places.len() as u64);
                digits.push(dir as u64, 6);
                digits.push(harbour_kind_index(h.kind), 6);
            }
        }
    }
}

fn read_harbours(
    reader: &mut Reader,
    layout: &Layout,
    terrain: &[Terrain],
) -> Result<Vec<Harbour>, LinkError> {
    match &layout.harbours {
        HarbourPlan::Fixed(spots) => {
            let kinds = read_multiset(reader, &layout.harbour_bag)?;
            Ok(spots
                .iter()
                .zip(layout.deal_harbours(kinds))
                .map(|(&spot, kind)| Harbour { spot, kind })
                .collect())
        }
        HarbourPlan::McGuire(spots) => {
            let kinds = read_multiset(reader, &layout.harbour_bag)?;
            Ok(mcguire_harbours(layout, terrain, spots, kinds))
        }
        HarbourPlan::NextToLand => {
            let places = harbour_places(layout);
            let count = reader.take(64)? as usize;
            if count > layout.harbour_bag.len() {
                return Err(bad("it has more harbours than the layout"));
            }
            (0..count)
                .map(|_| {
                    let sea = places[reader.take(places.len() as u64)? as usize];
                    let dir = reader.take(6)? as usize;
                    let kind = harbour_kind(reader.take(6)?)
                        .ok_or_else(|| bad("a harbour's kind is unknown"))?;
                    let faces = layout
                        .cell_of(sea.neighbor(dir))
                        .ok_or_else(|| bad("a harbour faces nothing"))?;
                    let spot = layout
                        .spot(sea, faces)
                        .ok_or_else(|| bad("a harbour is not on a coast"))?;
                    Ok(Harbour { spot, kind })
                })
                .collect()
        }
    }
}

/// Every hex a harbour may sit on: the cells, then the frame.
fn harbour_places(layout: &Layout) -> Vec<Hex> {
    layout
        .cells
        .iter()
        .chain(&layout.topology.frame)
        .copied()
        .collect()
}

/// v2: FNV-1a over the digits, folded to 12 bits.
fn checksum_v2(values: &[(u64, u64)]) -> u64 {
    let mut hash: u32 = 0x811C_9DC5;
    for &(digit, radix) in values {
        for byte in digit.to_le_bytes().into_iter().chain(radix.to_le_bytes()) {
            hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
    }
    u64::from(hash ^ (hash >> 12) ^ (hash >> 24)) % CHECK_RADIX_V2
}

/// v3: 64-bit FNV-1a over the digits, every bit then mixed into the rest (the MurmurHash3
/// finaliser), kept to 24 bits. A changed character changes some digit, and so leaves the
/// check right about once in 16 million.
fn check_v3(values: &[(u64, u64)]) -> u64 {
    let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
    for &(digit, radix) in values {
        for byte in digit.to_le_bytes().into_iter().chain(radix.to_le_bytes()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    hash ^= hash >> 33;
    hash % CHECK_RADIX_V3
}

/// A mixed-radix number being written: (digit, radix) pairs, least significant first.
#[derive(Default)]
struct Digits {
    values: Vec<(u64, u64)>,
}

impl Digits {
    /// Appends a digit; radices go up to 2^32.
    fn push(&mut self, digit: u64, radix: u64) {
        debug_assert!(digit < radix.max(1));
        self.values.push((digit, radix));
    }

    /// The number as little-endian bytes, without trailing zero bytes.
    fn to_bytes(&self) -> Vec<u8> {
        // Horner from the most significant digit: n = n * radix + digit.
        let mut n: Vec<u32> = Vec::new();
        for &(digit, radix) in self.values.iter().rev() {
            let mut carry = u128::from(digit);
            for limb in n.iter_mut() {
                let v = u128::from(*limb) * u128::from(radix) + carry;
                *limb = v as u32;
                carry = v >> 32;
            }
            while carry > 0 {
                n.push(carry as u32);
                carry >>= 32;
            }
        }
        let mut bytes: Vec<u8> = n.iter().flat_map(|l| l.to_le_bytes()).collect();
        while bytes.last() == Some(&0) {
            bytes.pop();
        }
        bytes
    }
}

/// Reads digits back off a number, least significant first.
struct Reader {
    limbs: Vec<u32>,
    values: Vec<(u64, u64)>,
}

impl Reader {
    fn new(bytes: &[u8]) -> Reader {
        let limbs = bytes
            .chunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect();
        Reader {
            limbs,
            values: Vec::new(),
        }
    }

    /// The next digit in `radix` (divides the number by the radix).
    fn take(&mut self, radix: u64) -> Result<u64, LinkError> {
        if radix == 0 {
            return Err(bad("its token is damaged"));
        }
        let radix = u128::from(radix);
        let mut remainder = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let v = (remainder << 32) | u128::from(*limb);
            *limb = (v / radix) as u32;
            remainder = v % radix;
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        self.values.push((remainder as u64, radix as u64));
        Ok(remainder as u64)
    }

    fn is_spent(&self) -> bool {
        self.limbs.is_empty()
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    // Six bits a character, little-endian, no padding.
    let mut out = String::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for &b in bytes {
        acc |= u32::from(b) << bits;
        bits += 8;
        while bits >= 6 {
            out.push(ALPHABET[(acc & 63) as usize] as char);
            acc >>= 6;
            bits -= 6;
        }
    }
    if bits > 0 {
        out.push(ALPHABET[(acc & 63) as usize] as char);
    }
    out
}

fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc |= v << bits;
        bits += 6;
        if bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;
    use proptest::prelude::*;

    #[test]
    fn seed_link_round_trip() {
        let settings = Settings::new(
            LayoutId::Base,
            RuleSet::new([Rule::NoAdjacentRed, Rule::MaxCornerPips(12)]),
        );
        let text = encode_seed_link(&settings, 987_654_321);
        assert_eq!(
            text,
            "v=1&layout=base&seed=987654321&rules=no-adjacent-red,max-corner-pips=12"
        );
        let link = decode(&format!("?{text}")).unwrap().unwrap();
        assert_eq!(
            (link.settings, link.seed, link.board),
            (settings, 987_654_321, None)
        );
    }

    #[test]
    fn base_board_token_is_short_and_exact() {
        let settings = Settings::default();
        for seed in [0, 1, 999_999_999, u64::MAX] {
            let board = generate(&settings, seed).unwrap();
            let token = board_token(&settings, Mode::Balanced, seed, &board);
            assert!(token.len() < 40, "{token} is {} characters", token.len());
            let link = decode(&format!("?b={token}")).unwrap().unwrap();
            assert_eq!(link.board.as_ref(), Some(&board));
            assert_eq!((link.settings, link.seed), (settings.clone(), seed));
        }
    }

    #[test]
    fn every_board_round_trips_at_each_table() {
        for (layout, seats) in LayoutId::tables() {
            let settings = Settings::new(layout, RuleSet::standard());
            let board = generate(&settings, 5).unwrap();
            let token = board_token_seated(&settings, Mode::Target(0.25), 5, &board, seats);
            let link = decode_token(&token).unwrap();
            assert_eq!(link.board, Some(board), "{layout}");
            assert_eq!(link.seats, seats, "{layout}");
        }
    }

    #[test]
    fn empty_query_has_no_board() {
        assert_eq!(decode(""), Ok(None));
        assert_eq!(decode("?utm_source=x"), Ok(None));
    }

    #[test]
    fn malformed_links_say_what_is_wrong() {
        for (query, expected) in [
            ("seed=5", "no version"),
            ("v=9&seed=5", "version '9'"),
            ("v=1&seed=five", "seed is not a whole number"),
            ("v=1&layout=moon&seed=5", "unknown layout 'moon'"),
            ("v=1&seed=5&rules=no-adjacent-blue", "unknown rule"),
            ("v=1&layout=base", "no seed"),
            ("b=7abc", "token version '7'"),
            ("b=3ab$c", "characters that do not belong"),
            ("b=2ab$c", "characters that do not belong"),
            ("b=", "token version"),
        ] {
            let err = decode(query).unwrap_err();
            assert!(err.0.contains(expected), "{query}: {err}");
            assert!(err.to_string().contains("fresh board"));
        }
    }

    /// Every single-character substitution of `token`: refused, or the same board.
    /// Returns how many were tried and how many were refused.
    fn substitutions(token: &str, board: &Board) -> (usize, usize) {
        let mut tried = 0;
        let mut refused = 0;
        let chars: Vec<char> = token.chars().collect();
        for i in 0..chars.len() {
            for &c in ALPHABET.iter().chain(b"24") {
                if c as char == chars[i] {
                    continue;
                }
                let mut changed = chars.clone();
                changed[i] = c as char;
                let changed: String = changed.into_iter().collect();
                tried += 1;
                match decode_token(&changed) {
                    Err(_) => refused += 1,
                    Ok(link) => assert_eq!(
                        link.board.as_ref(),
                        Some(board),
                        "{changed} (from {token}) decodes to another board"
                    ),
                }
            }
        }
        (tried, refused)
    }

    #[test]
    fn every_substitution_is_refused_or_harmless_on_every_board() {
        let mut tried = 0;
        // Seeds split across the boards and their tables: the first seven boards took six
        // seeds each; each table now takes one, a seed of its own.
        for (seed, (layout, seats)) in (0..).zip(LayoutId::tables()) {
            let settings = Settings::new(layout, RuleSet::standard());
            let board = generate(&settings, seed).unwrap();
            let token = board_token_seated(&settings, Mode::Balanced, seed, &board, seats);
            let (n, refused) = substitutions(&token, &board);
            tried += n;
            // Only the spare bits of the version character could be harmless, and
            // there are none: every other change is refused.
            assert_eq!(refused, n, "{layout} seed {seed}");
        }
        assert!(tried > 50_000, "{tried}");
    }

    #[test]
    fn cut_extended_and_padded_tokens_are_refused() {
        let board = generate(&Settings::default(), 3).unwrap();
        let token = board_token(&Settings::default(), Mode::Unbalanced, 3, &board);
        for cut in 1..token.len() {
            assert!(decode_token(&token[..cut]).is_err(), "cut at {cut}");
        }
        for padding in ["A", "AA", "AAAA", "B", "-"] {
            let err = decode_token(&format!("{token}{padding}")).unwrap_err();
            assert!(
                err.0.contains("past the end") || err.0.contains("check"),
                "{err}"
            );
        }
        let long = format!("3{}", "B".repeat(1_000_000));
        assert!(decode_token(&long)
            .unwrap_err()
            .0
            .contains("longer than any"));
        let query = format!("b={}", "x".repeat(10_000));
        assert!(decode(&query).unwrap_err().0.contains("far longer"));
    }

    #[test]
    fn seats_ride_in_the_token_and_the_usual_count_changes_nothing() {
        for layout in LayoutId::every() {
            let settings = Settings::new(layout, RuleSet::standard());
            let board = generate(&settings, 8).unwrap();
            let usual = board_token(&settings, Mode::Balanced, 8, &board);
            assert_eq!(decode_token(&usual).unwrap().seats, *layout.seats().end());
            for seats in layout.seats() {
                let token = board_token_seated(&settings, Mode::Balanced, 8, &board, seats);
                if seats == *layout.seats().end() {
                    assert_eq!(token, usual, "{layout}: the usual count is left out");
                } else {
                    assert!(token.len() <= usual.len() + 3, "{token} against {usual}");
                }
                let link = decode_token(&token).unwrap();
                assert_eq!(
                    (link.seats, link.board.as_ref(), &link.settings),
                    (seats, Some(&board), &settings),
                    "{layout} {seats}"
                );
                assert_eq!(
                    encode_seated(&settings, Mode::Balanced, 8, &board, seats),
                    format!("b={token}")
                );
            }
        }
    }

    #[test]
    fn seat_parts_are_checked_and_spelt_one_way() {
        let settings = Settings::default();
        let board = generate(&settings, 4).unwrap();
        // A right check on a table the layout is not for: refused in words.
        for (seats, written) in [(2, 2), (1, 1), (0, 1)] {
            let token = board_token_seated(&settings, Mode::Random, 4, &board, seats);
            let err = decode_token(&token).unwrap_err();
            assert!(
                err.0.contains(&format!(
                    "seats {written} players, but a base board is for 3 or 4"
                )),
                "{err}"
            );
        }
        assert_eq!(
            board_token_seated(&settings, Mode::Random, 4, &board, 7),
            board_token(&settings, Mode::Random, 4, &board),
            "more than the most cannot be written"
        );
        let five_six = Settings::new(LayoutId::FiveSix, RuleSet::default());
        let big = generate(&five_six, 4).unwrap();
        let err = decode_token(&board_token_seated(&five_six, Mode::Random, 4, &big, 3));
        assert!(err.unwrap_err().0.contains("is for 5 or 6"));
        // The usual count spelt out, an empty list of parts, parts out of order, a part
        // this version does not know: each a second spelling or a stranger, refused.
        let seats = part_code("seats");
        for (parts, why) in [
            (vec![(seats, 0, FEWER_SEATS_RADIX)], "usual number of seats"),
            (vec![], "holds none"),
            (
                vec![(seats, 1, FEWER_SEATS_RADIX), (seats, 1, FEWER_SEATS_RADIX)],
                "out of order",
            ),
            (vec![(PART_CODES.len() as u64, 1, 2)], "does not know"),
        ] {
            let token = token_with_parts(&settings, Mode::Random, 4, &board, &parts, true);
            let err = decode_token(&token).unwrap_err();
            assert!(err.0.contains(why), "{parts:?}: {err}");
        }
        // v2 tokens have no parts: the flag is an unknown placement there.
        assert!(matches!(
            numbers_of_code(2, false),
            Err(LinkError(why)) if why.contains("placement")
        ));
    }

    #[test]
    fn share_codes_cover_everything() {
        for layout in LayoutId::every() {
            assert_eq!(
                layout_of_code(layout_code(layout)),
                Some(layout),
                "{layout}"
            );
        }
        let mut boards = LAYOUT_CODES.to_vec();
        boards.sort_unstable();
        boards.dedup();
        assert_eq!(boards.len(), LAYOUT_CODES.len(), "board codes are unique");
        for rule in Rule::ALL {
            assert_eq!(rule_of_code(rule_code(rule)), Some(rule), "{}", rule.name());
        }
        let mut names = RULE_CODES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), RULE_CODES.len(), "rule codes are unique");
        assert!(
            RULE_CODES.len() <= 64 && LAYOUT_CODES.len() <= 64,
            "codes fit their radix"
        );
    }

    /// A token for a board the app would never make, with a right check.
    fn forged(settings: &Settings, board: &Board) -> LinkError {
        decode_token(&board_token(settings, Mode::Random, 1, board)).unwrap_err()
    }

    #[test]
    fn forged_boards_with_a_right_check_are_refused() {
        let not_ours = |e: LinkError| assert!(e.0.contains("not one Hexfair makes"), "{e}");

        // 6 on gold, New World 5-6.
        let settings = Settings::new(LayoutId::NewWorldFiveSix, RuleSet::default());
        let mut board = generate(&settings, 2).unwrap();
        let gold = board
            .terrain
            .iter()
            .position(|&t| t == Terrain::Gold)
            .unwrap();
        let six = board.numbers.iter().position(|&n| n == Some(6)).unwrap();
        board.numbers.swap(gold, six);
        not_ours(forged(&settings, &board));

        // New World harbours on one spot, or on land.
        let settings = Settings::new(LayoutId::NewWorld, RuleSet::default());
        let board = generate(&settings, 2).unwrap();
        let mut overlapping = board.clone();
        overlapping.harbours[1].spot = overlapping.harbours[0].spot;
        not_ours(forged(&settings, &overlapping));
        let layout = Layout::get(LayoutId::NewWorld);
        let (a, b) = *layout
            .topology
            .adjacent_pairs
            .iter()
            .find(|&&(a, b)| board.is_land(a) && board.is_land(b))
            .unwrap();
        let mut on_land = board.clone();
        on_land.harbours[0].spot = layout.spot(layout.cells[a], b).unwrap();
        not_ours(forged(&settings, &on_land));

        // New World: one continent.
        let mut continent = board.clone();
        let mut sea: Vec<usize> = (0..layout.cells.len())
            .filter(|&c| !board.is_land(c))
            .collect();
        let mut land: Vec<usize> = (0..layout.cells.len())
            .filter(|&c| board.is_land(c))
            .collect();
        sea.sort_by_key(|&c| std::cmp::Reverse(layout.cells[c].distance(Hex::ORIGIN)));
        land.sort_by_key(|&c| layout.cells[c].distance(Hex::ORIGIN));
        // Move the outermost land inwards: every land hex ends up in one central lump.
        for (&s, &l) in sea.iter().rev().zip(land.iter().rev()) {
            if layout.cells[s].distance(Hex::ORIGIN) < layout.cells[l].distance(Hex::ORIGIN) {
                continent.terrain.swap(s, l);
                continent.numbers.swap(s, l);
            }
        }
        continent.harbours = Vec::new();
        not_ours(forged(&settings, &continent));

        // The rules it claims, and a spiral it does not follow.
        let board = generate(&Settings::default(), 5).unwrap();
        let strict = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(9)]));
        not_ours(forged(&strict, &board));
        let spiral = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::default()
        };
        not_ours(forged(&spiral, &board));
        let no_spiral = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::new(LayoutId::NewWorld, RuleSet::default())
        };
        not_ours(forged(&no_spiral, &generate(&settings, 3).unwrap()));

        // McGuire: the inland harbour away from where the set-up puts it.
        let settings = Settings::new(LayoutId::McGuire, RuleSet::default());
        let board = generate(&settings, 4).unwrap();
        let mut moved = board.clone();
        let sea = board
            .terrain
            .iter()
            .position(|&t| t == Terrain::Sea)
            .unwrap();
        let inner = layout_inner_cell(LayoutId::McGuire);
        moved.terrain.swap(sea, inner);
        moved.numbers.swap(sea, inner);
        assert!(decode_token(&board_token(&settings, Mode::Random, 1, &moved)).is_err());
    }

    /// A cell with six neighbours on the layout.
    fn layout_inner_cell(id: LayoutId) -> usize {
        let layout = Layout::get(id);
        (0..layout.cells.len())
            .find(|&c| layout.topology.cell_neighbors[c].len() == 6)
            .unwrap()
    }

    proptest! {
        #[test]
        fn decoding_garbage_never_panics(query in ".{0,80}", token in "2[A-Za-z0-9_-]{0,60}") {
            let _ = decode(&query);
            let _ = decode_token(&token);
        }

        #[test]
        fn any_settings_round_trip(seed in any::<u64>(), red in any::<bool>(), limit in proptest::option::of(11u8..=14), spiral in any::<bool>()) {
            let rules = RuleSet::new(red.then_some(Rule::NoAdjacentRed).into_iter().chain(limit.map(Rule::MaxCornerPips)));
            let numbers = if spiral { NumberMode::Spiral } else { NumberMode::Random };
            let settings = Settings { numbers, ..Settings::new(LayoutId::Base, rules) };
            let board = generate(&settings, seed).unwrap();
            let link = decode_token(&board_token(&settings, Mode::Balanced, seed, &board)).unwrap();
            prop_assert_eq!(link.board, Some(board));
            prop_assert_eq!(&link.settings, &settings);
            prop_assert_eq!(link.seed, seed);
            let seed_link = decode(&encode_seed_link(&link.settings, seed)).unwrap().unwrap();
            prop_assert_eq!(seed_link.seed, seed);
        }
    }
}
