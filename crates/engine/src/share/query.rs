//! Query strings: a link's `?b=` board token or `?v=1` seed link, written and read.

use super::token::{board_token_seated, decode_token};
use super::{usual_seats, Damage, Link, LinkError, Unknown};
use crate::balance::search::Mode;
use crate::board::Board;
use crate::catalogue::LayoutId;
use crate::generate::{NumberMode, Settings};
use crate::rules::{Rule, RuleSet};

/// The longest query string looked at.
const MAX_QUERY_LEN: usize = 2048;

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
        return Err(LinkError::Damaged(Damage::QueryTooLong));
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
            Err(LinkError::Damaged(Damage::NoVersion))
        } else {
            Ok(None)
        };
    };
    if version != "1" {
        return Err(LinkError::Unknown(Unknown::LinkVersion(
            version.to_string(),
        )));
    }
    let layout = match field("layout") {
        None => LayoutId::Base,
        Some(name) => LayoutId::parse(name)
            .ok_or_else(|| LinkError::Unknown(Unknown::LayoutName(name.to_string())))?,
    };
    let seed = match field("seed").map(|seed| (seed, seed.parse::<u64>())) {
        Some((_, Ok(seed))) => seed,
        None | Some(("", _)) => return Err(LinkError::Damaged(Damage::NoSeed)),
        Some((seed, Err(_))) if seed.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(LinkError::SeedTooLarge)
        }
        Some(_) => return Err(LinkError::Damaged(Damage::SeedNotWhole)),
    };
    let rules = match field("rules") {
        None | Some("") => RuleSet::default(),
        Some(list) => RuleSet::new(
            list.split(',')
                .map(|name| {
                    let name = name.replace("%3D", "=");
                    Rule::parse(&name).map_err(|error| {
                        // An unknown rule is named alone: the list of every rule the command
                        // line gives with it is no help to a player who opened a link.
                        let kind = name.split('=').next().unwrap_or_default();
                        if Rule::ALL.iter().any(|rule| rule.kind_name() == kind) {
                            LinkError::RuleValue {
                                rule: kind.to_string(),
                                error,
                            }
                        } else {
                            LinkError::UnknownRule(kind.to_string())
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let numbers = match field("numbers") {
        None => NumberMode::Random,
        Some(m) => NumberMode::parse(m)
            .ok_or_else(|| LinkError::Unknown(Unknown::NumberName(m.to_string())))?,
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
