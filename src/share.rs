//! The link codec: settings and seed <-> the URL's query string.
//!
//! Version 1 links are seed links, `?v=1&layout=base&seed=123&rules=no-adjacent-red`: they
//! name the settings and the seed, and the generator rebuilds the board from them. Every
//! link carries `v`, so later formats can be added beside this one and old links keep
//! working. Decoding never panics: anything malformed is an error in words.

use std::fmt;

use crate::layout::LayoutId;
use crate::rules::{Rule, RuleSet};
use crate::solve::Settings;

pub const VERSION: u32 = 1;

/// A board as a link names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub settings: Settings,
    pub seed: u64,
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

/// The query string (without `?`) for a board.
pub fn encode(link: &Link) -> String {
    let rules: Vec<String> = link
        .settings
        .rules
        .rules()
        .iter()
        .map(|r| r.name())
        .collect();
    format!(
        "v={VERSION}&layout={}&seed={}&rules={}",
        link.settings.layout,
        link.seed,
        rules.join(",")
    )
}

/// Reads a query string (with or without the leading `?`). `Ok(None)`: no board in it.
pub fn decode(query: &str) -> Result<Option<Link>, LinkError> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut version = None;
    let mut layout = None;
    let mut seed = None;
    let mut rules = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "v" => version = Some(value),
            "layout" => layout = Some(value),
            "seed" => seed = Some(value),
            "rules" => rules = Some(value),
            _ => {} // unknown keys (analytics tags and the like) are not ours to refuse
        }
    }
    let Some(version) = version else {
        return if seed.is_some() || layout.is_some() || rules.is_some() {
            Err(LinkError("it has no version".into()))
        } else {
            Ok(None)
        };
    };
    if version != "1" {
        return Err(LinkError(format!(
            "version '{version}' is not one this app knows"
        )));
    }
    let layout = match layout {
        None => LayoutId::Base,
        Some(name) => {
            LayoutId::parse(name).ok_or_else(|| LinkError(format!("unknown layout '{name}'")))?
        }
    };
    let seed = seed
        .ok_or_else(|| LinkError("it has no seed".into()))?
        .parse::<u64>()
        .map_err(|_| LinkError("its seed is not a whole number".into()))?;
    let rules = match rules {
        None | Some("") => RuleSet::default(),
        Some(list) => RuleSet::new(
            list.split(',')
                .map(|name| Rule::parse(&name.replace("%3D", "=")).map_err(LinkError))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    Ok(Some(Link {
        settings: Settings { layout, rules },
        seed,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trip() {
        let link = Link {
            settings: Settings {
                layout: LayoutId::Base,
                rules: RuleSet::new([Rule::NoAdjacentRed, Rule::MaxCornerPips(12)]),
            },
            seed: 987_654_321,
        };
        let text = encode(&link);
        assert_eq!(
            text,
            "v=1&layout=base&seed=987654321&rules=no-adjacent-red,max-corner-pips=12"
        );
        assert_eq!(decode(&format!("?{text}")), Ok(Some(link)));
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
        ] {
            let err = decode(query).unwrap_err();
            assert!(err.0.contains(expected), "{query}: {err}");
            assert!(err.to_string().contains("fresh board"));
        }
    }

    proptest! {
        #[test]
        fn decoding_garbage_never_panics(query in ".{0,80}") {
            let _ = decode(&query);
        }

        #[test]
        fn any_seed_round_trips(seed in any::<u64>(), red in any::<bool>(), limit in proptest::option::of(0u8..=99)) {
            let rules = RuleSet::new(red.then_some(Rule::NoAdjacentRed).into_iter().chain(limit.map(Rule::MaxCornerPips)));
            let link = Link { settings: Settings { layout: LayoutId::Base, rules }, seed };
            prop_assert_eq!(decode(&encode(&link)), Ok(Some(link)));
        }
    }
}
