//! The board token: settings, seed, board and optional parts as one mixed-radix number with
//! a check, in v3 (written and read) and v2 (read).

use super::codes::*;
use super::conform;
use super::radix::{base64url, from_base64url, Digits, Reader};
use super::{usual_seats, Damage, Link, LinkError, Unknown};
use crate::balance::presets::Preset;
use crate::balance::search::Mode;
use crate::board::{Board, Harbour};
use crate::catalogue::{HarbourPlan, Layout, LayoutId};
use crate::generate::{assemble, dealt_kinds, mcguire_harbours, Settings};
use crate::geometry::Hex;
use crate::model::Terrain;
use crate::model::{CellId, Expansion};
use crate::order;
use crate::rules::{Rule, RuleSet};

/// The version written today.
const TOKEN_VERSION: char = '3';
/// The longest token read: the largest board's token is under 100 characters, so anything
/// much longer is refused before the (quadratic) big-number decoding starts.
pub const MAX_TOKEN_LEN: usize = 160;
const CHECK_RADIX_V2: u64 = 1 << 12;
const CHECK_RADIX_V3: u64 = 1 << 24;

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

/// What the optional parts say: the seat count (the usual one when the token names none),
/// the preset, if any, and the game played (the base game when it names none).
struct Parts {
    seats: usize,
    preset: Option<Preset>,
    expansion: Expansion,
}

impl Parts {
    fn usual(layout: LayoutId) -> Parts {
        Parts {
            seats: usual_seats(layout),
            preset: None,
            expansion: Expansion::BaseGame,
        }
    }
}

/// Reads the optional parts. A part holding its usual value is refused, as such a token is
/// not the one spelling of its link.
fn read_parts(reader: &mut Reader, layout: LayoutId) -> Result<Parts, LinkError> {
    let count = reader.take(PART_RADIX)?;
    if count == 0 {
        return Err(LinkError::Damaged(Damage::EmptyParts));
    }
    let mut parts = Parts::usual(layout);
    let mut last = None;
    for _ in 0..count {
        let code = reader.take(PART_RADIX)?;
        if last.is_some_and(|l| code <= l) {
            return Err(LinkError::Damaged(Damage::PartsOutOfOrder));
        }
        last = Some(code);
        match PART_CODES.get(code as usize).copied() {
            Some("seats") => {
                let fewer = reader.take(FEWER_SEATS_RADIX)? as usize;
                if fewer == 0 {
                    return Err(LinkError::Damaged(Damage::UsualSeatsSpelled));
                }
                // At most 3 fewer than 4 or 6: never below zero.
                parts.seats = usual_seats(layout) - fewer;
            }
            Some("preset") => {
                parts.preset = Some(
                    Preset::of_code(reader.take(PRESET_RADIX)?)
                        .ok_or(LinkError::Unknown(Unknown::Preset))?,
                );
            }
            Some("expansion") => {
                parts.expansion = match Expansion::of_code(reader.take(EXPANSION_RADIX)?) {
                    None => return Err(LinkError::Unknown(Unknown::Game)),
                    Some(Expansion::BaseGame) => {
                        return Err(LinkError::Damaged(Damage::BaseGameSpelled));
                    }
                    Some(game) => game,
                };
            }
            _ => return Err(LinkError::Unknown(Unknown::Setting)),
        }
    }
    Ok(parts)
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
    if settings.expansion != Expansion::BaseGame {
        parts.push((
            part_code("expansion"),
            settings.expansion.code(),
            EXPANSION_RADIX,
        ));
    }
    token_with_parts(settings, mode, seed, board, &parts, !parts.is_empty())
}

/// A v3 token with these optional parts (code, value, radix), announced or not.
pub(super) fn token_with_parts(
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
        let numbered: Vec<CellId> = zone
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
            return Err(LinkError::Damaged(Damage::RulesOutOfOrder));
        }
        last = Some(code);
        let kind = rule_of_code(code).ok_or(LinkError::Unknown(Unknown::RuleCode))?;
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
        return Err(LinkError::Damaged(Damage::TokenTooLong));
    }
    if token.is_empty() {
        return Err(LinkError::NoToken);
    }
    let mut chars = token.chars();
    let version = chars.next();
    let body = chars.as_str();
    if !matches!(version, Some('2' | '3')) {
        return Err(LinkError::Unknown(Unknown::TokenVersion(
            version.unwrap_or(' '),
        )));
    }
    let bytes = from_base64url(body).ok_or(LinkError::Damaged(Damage::Characters))?;
    // A token is read only in its one spelling. One that is not is refused whatever it
    // holds; what it holds says why: a board that reads whole behind a last byte of nothing
    // has characters added past its end, anything else was cut short or changed there.
    let padded = bytes.last() == Some(&0);
    let read = read_token(version == Some('3'), &bytes);
    if padded || base64url(&bytes) != body {
        return Err(match read {
            Ok(_) if padded => LinkError::Damaged(Damage::PastEnd),
            _ => LinkError::CutShort,
        });
    }
    match read {
        Err(_) if completes(version == Some('3'), &bytes, body.len()) => Err(LinkError::CutShort),
        read => read,
    }
}

/// Whether one character more would make a token of `chars` characters holding `bytes` a
/// board token's. A token cut where a byte ends is spelt like a whole one, so its spelling
/// cannot tell that it was cut; what it holds can. Made only for a token that does not read.
fn completes(v3: bool, bytes: &[u8], chars: usize) -> bool {
    // The bits past the last whole byte: 0, 2 or 4 in a token's one spelling, all nothing.
    // One character more completes a byte only if it leaves no bit past that byte set (so
    // one of fewer than 2^(8 - spare) characters), and the byte must not be nothing: 63
    // reads, 15, or none.
    let spare = (6 * chars) % 8;
    if spare == 0 {
        return false;
    }
    let mut longer = bytes.to_vec();
    longer.push(0);
    (1u16..1 << (8 - spare)).any(|last| {
        longer[bytes.len()] = (last << spare) as u8;
        read_token(v3, &longer).is_ok()
    })
}

/// The link a board token's bytes hold (`v3`: a v3 token's, else a v2 token's).
fn read_token(v3: bool, bytes: &[u8]) -> Result<Link, LinkError> {
    let version = Some(if v3 { '3' } else { '2' });
    let mut reader = Reader::new(bytes);
    let layout = layout_of_code(reader.take(64)?).ok_or(LinkError::Unknown(Unknown::LayoutCode))?;
    let (numbers, has_parts) = numbers_of_code(reader.take(4)?, version == Some('3'))?;
    let mut mode = read_mode(&mut reader)?;
    let rules = if version == Some('2') {
        read_rules_v2(&mut reader)?
    } else {
        read_rules_v3(&mut reader)?
    };
    let seed = read_seed(&mut reader)?;
    let board = read_pieces(&mut reader, layout)?;
    let Parts {
        seats,
        preset,
        expansion,
    } = if has_parts {
        read_parts(&mut reader, layout)?
    } else {
        Parts::usual(layout)
    };
    if let Some(preset) = preset {
        if mode != Mode::Balanced {
            return Err(LinkError::Damaged(Damage::PresetBesideMode));
        }
        mode = Mode::Preset(preset);
    }
    let (expected, radix) = if version == Some('2') {
        (checksum_v2(&reader.values), CHECK_RADIX_V2)
    } else {
        (check_v3(&reader.values), CHECK_RADIX_V3)
    };
    if reader.take(radix)? != expected {
        return Err(LinkError::Damaged(Damage::Check));
    }
    if !reader.is_spent() {
        return Err(LinkError::Damaged(Damage::LongerThanToken));
    }
    let settings = Settings {
        numbers,
        expansion,
        ..Settings::new(layout, RuleSet::new(rules))
    };
    let problems = conform::seats_problem(layout, seats)
        .map(|problem| vec![problem])
        .unwrap_or_else(|| conform::claim_problems(&settings, &board));
    if let Some(first) = problems.first() {
        return Err(LinkError::Damaged(Damage::Board {
            first: first.clone(),
            more: problems.len() > 1,
        }));
    }
    Ok(Link {
        board: Some(board),
        settings,
        mode,
        seed,
        seats,
    })
}

/// The board a board token carries (every one does), or why the token cannot be read; for
/// readers that need nothing else of the link.
pub fn decode_board(token: &str) -> Result<Board, LinkError> {
    decode_token(token)?
        .board
        .ok_or(LinkError::Damaged(Damage::NoBoard))
}

/// Distinct items of a bag, in order.
pub(super) fn kinds<T: Copy + Ord>(bag: &[T]) -> Vec<T> {
    let mut k = bag.to_vec();
    order::sort(&mut k);
    k.dedup();
    k
}

/// Writes a sequence drawn from `bag` as, at each step, the index of the item among the
/// kinds still left.
fn write_multiset<T: Copy + Ord>(digits: &mut Digits, bag: &[T], items: impl Iterator<Item = T>) {
    let mut left = Left::of(bag);
    for item in items {
        let index = left.index_of(item).expect("the board holds its bag");
        digits.push(index as u64, left.kinds() as u64);
        left.take(index);
    }
}

fn read_multiset<T: Copy + Ord>(reader: &mut Reader, bag: &[T]) -> Result<Vec<T>, LinkError> {
    let mut left = Left::of(bag);
    let mut out = Vec::with_capacity(bag.len());
    while left.kinds() > 0 {
        let index = reader.take(left.kinds() as u64)? as usize;
        out.push(left.take(index));
    }
    Ok(out)
}

/// What is left of a bag: each kind in order with how many of it are left, a kind gone
/// when its last is taken. Counting once and taking by index keeps a token's read free of a
/// sort or an allocation a piece, which was most of the time a token took to read (and a
/// token that does not read is read up to 63 times more, to tell whether it was cut short).
struct Left<T>(Vec<(T, u32)>);

impl<T: Copy + Ord> Left<T> {
    fn of(bag: &[T]) -> Left<T> {
        // A bag has a few kinds (a dozen at most): each item finds its kind among those
        // met so far, rather than the whole bag being sorted first.
        let mut left: Vec<(T, u32)> = Vec::new();
        for &item in bag {
            match left.binary_search_by(|&(kind, _)| kind.cmp(&item)) {
                Ok(at) => left[at].1 += 1,
                Err(at) => left.insert(at, (item, 1)),
            }
        }
        Left(left)
    }

    /// How many kinds are left: the radix of the next piece's digit.
    fn kinds(&self) -> usize {
        self.0.len()
    }

    fn index_of(&self, item: T) -> Option<usize> {
        self.0.iter().position(|&(kind, _)| kind == item)
    }

    /// Takes one of the kind at `index` out, and says which kind it was.
    fn take(&mut self, index: usize) -> T {
        let (kind, count) = &mut self.0[index];
        let kind = *kind;
        *count -= 1;
        if *count == 0 {
            self.0.remove(index);
        }
        kind
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
                return Err(LinkError::Damaged(Damage::TooManyHarbours));
            }
            (0..count)
                .map(|_| {
                    let sea = places[reader.take(places.len() as u64)? as usize];
                    let dir = reader.take(6)? as usize;
                    let kind = harbour_kind(reader.take(6)?)
                        .ok_or(LinkError::Damaged(Damage::HarbourKind))?;
                    let faces = layout
                        .cell_of(sea.neighbor(dir))
                        .ok_or(LinkError::Damaged(Damage::HarbourFacesNothing))?;
                    let spot = layout
                        .spot(sea, faces)
                        .ok_or(LinkError::Damaged(Damage::HarbourOffCoast))?;
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
