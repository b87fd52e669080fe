//! Value parsers: the engine's names offered as clap's possible values (listed in `--help`),
//! and numbers whose messages state their bounds.

use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};

use crate::refusal_words::{link_error, rule_error, thousands};
use hexfair::balance::presets::Preset;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::generate::NumberMode;
use hexfair::model::Expansion;
use hexfair::rules::Rule;

/// A value parser that takes one of the engine's names and lists them all in `--help`.
fn named<T: Clone + Send + Sync + 'static>(
    choices: Vec<(PossibleValue, T)>,
) -> impl TypedValueParser<Value = T> {
    let values: Vec<PossibleValue> = choices.iter().map(|(v, _)| v.clone()).collect();
    PossibleValuesParser::new(values).try_map(move |name: String| {
        choices
            .iter()
            .find(|(v, _)| v.get_name() == name)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| format!("'{name}' is not one of the choices"))
    })
}

/// Every board's name; legacy boards are taken (old scripts keep working) but not offered.
pub(super) fn layout_parser() -> impl TypedValueParser<Value = LayoutId> {
    named(
        LayoutId::every()
            .into_iter()
            .map(|l| {
                let value = PossibleValue::new(l.name()).help(l.title());
                (value.hide(l.legacy()), l)
            })
            .collect(),
    )
}

pub(super) fn number_mode_parser() -> impl TypedValueParser<Value = NumberMode> {
    let help = |m: NumberMode| match m {
        NumberMode::Random => "shuffled under the active rules",
        NumberMode::Spiral => "the official letter spiral from a corner the seed picks",
    };
    named(
        NumberMode::ALL
            .map(|m| (PossibleValue::new(m.name()).help(help(m)), m))
            .to_vec(),
    )
}

pub(super) fn expansion_parser() -> impl TypedValueParser<Value = Expansion> {
    let help = |e: Expansion| match e {
        Expansion::BaseGame => "the base game (and its 5-6 extension)",
        Expansion::CitiesAndKnights => {
            "Cities & Knights on the base, five-six or mcguire board: spots, drafts and seats \
             valued for a settlement and a city a seat, a city counting its commodity"
        }
    };
    named(
        Expansion::CODES
            .map(|e| (PossibleValue::new(e.name()).help(help(e)), e))
            .to_vec(),
    )
}

pub(super) fn mode_parser() -> impl TypedValueParser<Value = Mode> {
    let help = |m: Mode| match m {
        Mode::Balanced => {
            "the lowest score found, every seat's snake draft within 1 point where it can".into()
        }
        Mode::Unbalanced => "the highest score found".into(),
        Mode::Preset(p) => format!("table preset: {}", crate::play_words::preset_words(p).1),
        _ => "any legal board, as the generator draws it".to_string(),
    };
    named(
        Mode::PLAIN
            .into_iter()
            .chain(Preset::ALL.map(Mode::Preset))
            .map(|m| (PossibleValue::new(m.name()).help(help(m)), m))
            .collect(),
    )
}

/// Any parser, with the engine's names listed as its possible values in `--help` (for
/// values such as `max-corner-pips=12` that a fixed list cannot match).
#[derive(Clone)]
struct Listed<P> {
    parser: P,
    choices: fn() -> Vec<PossibleValue>,
}

impl<P: TypedValueParser> TypedValueParser for Listed<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.parser.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.choices)().into_iter()))
    }
}

pub(super) fn rule_parser() -> impl TypedValueParser<Value = Rule> {
    Listed {
        parser: StringValueParser::new()
            .try_map(|text| Rule::parse(&text).map_err(|e| rule_error(&e))),
        choices: || {
            Rule::ALL
                .map(|r| match r.parameter() {
                    // The description of the kind's usual setting, with that setting as N.
                    Some(n) => PossibleValue::new(format!("{}=N", r.kind_name()))
                        .help(super::words::describe(r).replacen(&n.to_string(), "N", 1)),
                    None => PossibleValue::new(r.kind_name()).help(super::words::describe(r)),
                })
                .to_vec()
        },
    }
}

pub(super) fn rule_kind_parser() -> impl TypedValueParser<Value = Rule> {
    named(
        Rule::ALL
            .map(|r| {
                (
                    PossibleValue::new(r.kind_name()).help(super::words::describe(r)),
                    r,
                )
            })
            .to_vec(),
    )
}

/// A count from `least` to `most`; the message states the bounds.
pub(super) fn whole_number(least: u32, most: u32) -> impl TypedValueParser<Value = u32> {
    move |text: &str| match text.parse::<u64>() {
        Ok(n) if (u64::from(least)..=u64::from(most)).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "expected a whole number from {} to {}",
            thousands(u64::from(least)),
            thousands(u64::from(most))
        )),
    }
}

pub(super) fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

pub(super) fn parse_target(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err("expected a score from 0 to 1".into()),
    }
}

/// The board of a share link's token, the table it is laid out for (`--players` when
/// given, else the link's own) and its game. Why not, as a bad-input message naming
/// `--token` (the link error's reason alone: its sentence is the app's).
pub(super) fn linked_board(
    token: &str,
    players: Option<u32>,
) -> Result<(hexfair::board::Board, usize, Expansion), String> {
    let link = hexfair::share::decode_token(token).map_err(|e| {
        // The link's own reasons speak of a link ("no board token after 'b='", "token
        // version 'h'"): a token that is empty, or a whole address, is told what to give.
        let why = if token.is_empty() {
            "it is empty; give what follows ?b= in a share link's address".to_string()
        } else if token.contains("b=") {
            "give what follows ?b= in the link's address, not the address".to_string()
        } else {
            link_error(&e)
        };
        format!("--token: the token cannot be read: {why}")
    })?;
    let expansion = link.settings.expansion;
    let board = link.board.ok_or("--token carries no board")?;
    Ok((board, players.map_or(link.seats, |n| n as usize), expansion))
}
