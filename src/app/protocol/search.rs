//! What the page and its search worker say to each other, as serde types: the page sends
//! [`ToWorker`] (a [`Request`]: settings, mode, seed, numbered), the worker sends
//! [`FromWorker`] (that it listens, how far it is, and an [`Answer`]: the found board's share
//! token, the board itself exactly, or the reason there is none, as facts). In the browser
//! they cross the worker boundary as plain JavaScript values made by serde-wasm-bindgen
//! (`app::worker::to_message`): numbers as numbers, 64-bit ids and seeds as BigInts, enums
//! tagged by kebab-case names (`"ready"`, `{ search: { id, settings, mode, seed } }`). The
//! page and its worker are always the same release (one wasm module), so the shape is this
//! module's own.
//!
//! A message that does not decode is answered with a refusal ([`reply_to`]), never with a
//! panic; the worker is a thin shell around it, tested natively with serde_json standing in
//! for the browser's values, and under wasm-bindgen-test with serde-wasm-bindgen
//! (tests/determinism/worker_messages.rs). The page's side of the conversation is
//! [`super::relay`].

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use hexfair::balance::search::{find, Found, Mode, DEFAULT_CANDIDATES};
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::generate::{GenerateError, Settings};
use hexfair::rules::Rule;
use hexfair::share;

/// A search the page asks for. Its id names the answer, so an answer to a request since
/// replaced is told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub settings: Settings,
    pub mode: Mode,
    pub seed: u64,
}

impl Request {
    /// Whether `other` asks for the same board (whatever its id): the seed decides it.
    pub fn same_search(&self, other: &Request) -> bool {
        (self.seed, self.mode, &self.settings) == (other.seed, other.mode, &other.settings)
    }
}

/// What the page says to its worker. One kind today; a play test's request joins it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToWorker {
    Search(Request),
}

/// What the worker says to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FromWorker {
    /// It listens: messages posted before this found no handler and were lost.
    Ready,
    /// Request `id` is `done` steps of `total` along (a long play test says so as it goes):
    /// the worker is working, not stuck.
    Progress { id: u64, done: u64, total: u64 },
    /// Request `id` is over.
    Answer(Answer),
}

/// The end of a request: the board as a share token, or why there is none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    pub id: u64,
    pub result: Result<String, Refusal>,
}

/// Why a request brought no board, as facts the page puts in its own words (and language):
/// the layout and the rules by their stable names, the counts as numbers.
///
/// Carried as one line of those names (`infeasible base max-corner-pips=8`, `gave-up base 1
/// 1234567 desert-center`, `other WORDS`), as `LayoutId` and `Rule` are carried
/// by name: serde's derived enum code with its fields was 2.5 KB gzip of the page's wasm,
/// the line's reader a tenth of that (docs/download.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Refusal {
    /// No board of the layout keeps these rules together (with the locks).
    Infeasible {
        layout: LayoutId,
        conflict: Vec<Rule>,
    },
    /// The request's work ran out first: positions searched and boards drawn.
    GaveUp {
        layout: LayoutId,
        rules: Vec<Rule>,
        locked: usize,
        positions: u64,
    },
    /// Anything else (settings the page never sends, a message that could not be read), as
    /// the engine's data.
    Other(String),
}

impl From<GenerateError> for Refusal {
    fn from(error: GenerateError) -> Refusal {
        match error {
            GenerateError::Infeasible { layout, conflict } => {
                Refusal::Infeasible { layout, conflict }
            }
            GenerateError::BudgetExhausted {
                layout,
                rules,
                locked,
                nodes,
            } => Refusal::GaveUp {
                layout,
                rules,
                locked,
                positions: nodes,
            },
            // Settings the page never sends, as the engine's data.
            GenerateError::Unsupported(why) => Refusal::Other(format!("{why:?}")),
        }
    }
}

impl From<Refusal> for String {
    fn from(refusal: Refusal) -> String {
        let rules = |rules: &[Rule]| {
            rules
                .iter()
                .map(|r| format!(" {}", r.name()))
                .collect::<String>()
        };
        match refusal {
            Refusal::Infeasible { layout, conflict } => {
                format!("infeasible {layout}{}", rules(&conflict))
            }
            Refusal::GaveUp {
                layout,
                rules: kept,
                locked,
                positions,
            } => format!("gave-up {layout} {locked} {positions}{}", rules(&kept)),
            Refusal::Other(why) => format!("other {why}"),
        }
    }
}

impl TryFrom<String> for Refusal {
    type Error = String;

    fn try_from(line: String) -> Result<Refusal, String> {
        let unreadable = || format!("unreadable refusal: {line}");
        let mut words = line.split(' ');
        let kind = words.next().unwrap_or_default();
        if kind == "other" {
            return Ok(Refusal::Other(
                line["other ".len().min(line.len())..].to_string(),
            ));
        }
        let layout = LayoutId::parse(words.next().unwrap_or_default()).ok_or_else(unreadable)?;
        let mut number = || words.next().and_then(|n| n.parse::<u64>().ok());
        let refusal = match kind {
            "infeasible" => Refusal::Infeasible {
                layout,
                conflict: Vec::new(),
            },
            "gave-up" => Refusal::GaveUp {
                layout,
                locked: number().ok_or_else(unreadable)? as usize,
                positions: number().ok_or_else(unreadable)?,
                rules: Vec::new(),
            },
            _ => return Err(unreadable()),
        };
        let read: Result<Vec<Rule>, String> = words
            .map(|word| Rule::parse(word).map_err(|_| unreadable()))
            .collect();
        Ok(match (refusal, read?) {
            (Refusal::Infeasible { layout, .. }, conflict) => {
                Refusal::Infeasible { layout, conflict }
            }
            (
                Refusal::GaveUp {
                    layout,
                    locked,
                    positions,
                    ..
                },
                rules,
            ) => Refusal::GaveUp {
                layout,
                rules,
                locked,
                positions,
            },
            (other, _) => other,
        })
    }
}

impl From<&str> for Refusal {
    fn from(why: &str) -> Refusal {
        Refusal::Other(why.to_string())
    }
}

impl Answer {
    /// The answer to `request` once the search is over.
    pub fn of(request: &Request, found: Result<Found, GenerateError>) -> Answer {
        let Request {
            id,
            settings,
            mode,
            seed,
        } = request;
        Answer {
            id: *id,
            result: found
                .map(|found| share::board_token(settings, *mode, *seed, &found.board))
                .map_err(Refusal::from),
        }
    }

    /// The board the answer carries, or why there is none.
    pub fn board(self) -> Result<Board, Refusal> {
        share::decode_board(&self.result?).map_err(|e| Refusal::Other(format!("{e:?}")))
    }
}

/// Searches for `request` (what the worker does with it).
pub fn answer(request: &Request) -> Answer {
    let Request {
        settings,
        mode,
        seed,
        ..
    } = request;
    Answer::of(request, find(settings, *mode, DEFAULT_CANDIDATES, *seed))
}

/// The worker's reply to a message as it arrived: decoded, or why not (then the reply names
/// request 0, as the message's own id could not be read, and says serde's words: no request
/// of the page's is numbered 0, and the relay gives the worker up at once).
pub fn reply_to(message: Result<ToWorker, impl Display>) -> FromWorker {
    FromWorker::Answer(match message {
        Ok(ToWorker::Search(request)) => answer(&request),
        Err(why) => Answer {
            id: 0,
            result: Err(Refusal::Other(why.to_string())),
        },
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::through_json;
    use super::*;

    #[test]
    fn a_refusal_crosses_as_one_line_of_stable_names() {
        for refusal in [
            Refusal::Infeasible {
                layout: LayoutId::Base,
                conflict: vec![Rule::MaxCornerPips(8), Rule::DesertCenter],
            },
            Refusal::Infeasible {
                layout: LayoutId::McGuire,
                conflict: Vec::new(),
            },
            Refusal::GaveUp {
                layout: LayoutId::FiveSix,
                rules: vec![Rule::NoAdjacentRed],
                locked: 2,
                positions: u64::MAX,
            },
            Refusal::Other("missing field `id`".into()),
            Refusal::Other(String::new()),
        ] {
            let line = String::from(refusal.clone());
            assert_eq!(Refusal::try_from(line.clone()), Ok(refusal), "{line}");
        }
        assert_eq!(
            String::from(Refusal::Infeasible {
                layout: LayoutId::Base,
                conflict: vec![Rule::MaxCornerPips(8)],
            }),
            "infeasible base max-corner-pips=8"
        );
        for bad in [
            "",
            "infeasible",
            "infeasible nowhere",
            "gave-up base x 1",
            "infeasible base no-such-rule",
            "maybe base",
        ] {
            assert!(Refusal::try_from(bad.to_string()).is_err(), "{bad}");
        }
    }
    use hexfair::catalogue::LayoutId;
    use hexfair::generate::{generate, Lock, SettingsProblem};
    use hexfair::model::{CellId, Terrain};
    use hexfair::rules::{Rule, RuleSet};
    use hexfair::share::decode_token;

    fn answer_of(reply: FromWorker) -> Answer {
        match reply {
            FromWorker::Answer(answer) => answer,
            other => panic!("not an answer: {other:?}"),
        }
    }

    /// The worker's reply to a message written as JSON text.
    fn reply_to_json(text: &str) -> Answer {
        answer_of(reply_to(serde_json::from_str::<ToWorker>(text)))
    }

    fn locked_settings() -> Settings {
        Settings {
            locks: vec![
                Lock {
                    cell: CellId::new(4),
                    terrain: Terrain::Fields,
                    number: Some(6),
                },
                Lock {
                    cell: CellId::new(9),
                    terrain: Terrain::Desert,
                    number: None,
                },
            ],
            ..Settings::new(
                LayoutId::Base,
                RuleSet::new([Rule::MaxCornerPips(9), Rule::NoAdjacentRed]),
            )
        }
    }

    #[test]
    fn a_request_comes_back_as_the_board_the_search_finds() {
        let settings = Settings::default();
        let board = generate(&settings, 3).unwrap();
        let locked = Settings {
            locks: vec![Lock::of(&board, CellId::new(4))],
            ..settings
        };
        let request = Request {
            id: 7,
            settings: locked.clone(),
            mode: Mode::Target(0.2),
            seed: 99,
        };
        let reply = answer_of(through_json(&reply_to(Ok::<_, String>(through_json(
            &ToWorker::Search(request),
        )))));
        assert_eq!(reply.id, 7);
        let link = decode_token(reply.result.as_deref().unwrap()).unwrap();
        let expected = find(&locked, Mode::Target(0.2), DEFAULT_CANDIDATES, 99)
            .unwrap()
            .board;
        assert_eq!(link.board, Some(expected.clone()));
        assert_eq!(reply.board(), Ok(expected));
    }

    #[test]
    fn failures_are_answered_in_words() {
        let impossible = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(8)]));
        let reply = answer(&Request {
            id: 2,
            settings: impossible,
            mode: Mode::Balanced,
            seed: 1,
        });
        assert_eq!(reply.id, 2);
        assert_eq!(
            reply.result,
            Err(Refusal::Infeasible {
                layout: LayoutId::Base,
                conflict: vec![Rule::MaxCornerPips(8)]
            })
        );
        // Settings of the right shape that do not fit the board are the engine's to refuse.
        let outside = Settings {
            locks: vec![Lock {
                cell: CellId::new(99),
                terrain: Terrain::Fields,
                number: Some(6),
            }],
            ..Settings::default()
        };
        let reply = answer(&Request {
            id: 3,
            settings: outside,
            mode: Mode::Balanced,
            seed: 1,
        });
        // Settings the page never sends come back as the engine's data.
        assert_eq!(
            reply.result,
            Err(Refusal::Other(format!(
                "{:?}",
                SettingsProblem::LockNotDistinct {
                    cell: CellId::new(99),
                    layout: LayoutId::Base
                }
            )))
        );
    }

    #[test]
    fn messages_round_trip_exactly() {
        for mode in [
            Mode::Balanced,
            Mode::Random,
            Mode::Unbalanced,
            Mode::Target(0.1 + 0.2),
            Mode::Target(0.0),
            Mode::Preset(hexfair::balance::presets::Preset::HotSpot),
        ] {
            let request = ToWorker::Search(Request {
                id: u64::MAX,
                settings: locked_settings(),
                mode,
                seed: 1 << 60,
            });
            assert_eq!(through_json(&request), request);
        }
        for message in [
            FromWorker::Ready,
            FromWorker::Progress {
                id: 4,
                done: 10,
                total: 1000,
            },
            FromWorker::Answer(Answer {
                id: 3,
                result: Err(Refusal::Other(
                    "two\nlines \\n and a \\ and\r\n= signs = fine".into(),
                )),
            }),
            FromWorker::Answer(Answer {
                id: u64::MAX,
                result: Ok("AbC-_9".into()),
            }),
        ] {
            assert_eq!(through_json(&message), message);
        }
        // The shape the browser sees (and the browser tests and benchmark write by hand).
        let text = serde_json::to_string(&ToWorker::Search(Request {
            id: 7,
            settings: locked_settings(),
            mode: Mode::Target(0.3),
            seed: 99,
        }))
        .unwrap();
        assert_eq!(
            text,
            r#"{"search":{"id":7,"settings":{"layout":"base","rules":["no-adjacent-red","max-corner-pips=9"],"numbers":"random","locks":[{"cell":4,"terrain":"fields","number":6},{"cell":9,"terrain":"desert","number":null}]},"mode":{"target":0.3},"seed":99}}"#
        );
        assert_eq!(
            serde_json::to_string(&FromWorker::Ready).unwrap(),
            r#""ready""#
        );
    }

    #[test]
    fn malformed_messages_are_refused_in_words() {
        let good = serde_json::to_string(&message(&request(5))).unwrap();
        for (text, why) in [
            ("", "EOF while parsing"),
            ("{not json", "key must be a string"),
            (r#""ready""#, "unknown variant `ready`, expected `search`"),
            (r#"{"search":{"id":1}}"#, "missing field `settings`"),
            (
                &good.replace(r#""seed":5"#, r#""seed":-5"#),
                "invalid value: integer `-5`, expected u64",
            ),
            (
                &good.replace(r#""layout":"base""#, r#""layout":"moon""#),
                r#"invalid value: string "moon", expected a layout's name"#,
            ),
            (
                &good.replace(r#""balanced""#, r#""sideways""#),
                "unknown variant `sideways`",
            ),
            (
                &good.replace(r#""no-adjacent-red""#, r#""fly""#),
                r#""fly" at line 1"#,
            ),
            (
                &good.replace(r#""no-adjacent-red""#, r#""max-corner-pips=many""#),
                "max-corner-pips",
            ),
            (
                &good.replace(
                    r#""locks":[]"#,
                    r#""locks":[{"cell":4,"terrain":"lava","number":6}]"#,
                ),
                "unknown variant `lava`",
            ),
            (
                &good.replace(
                    r#""locks":[]"#,
                    r#""locks":[{"cell":4,"terrain":"fields","number":600}]"#,
                ),
                "invalid value: integer `600`, expected u8",
            ),
        ] {
            let reply = reply_to_json(text);
            assert_eq!(reply.id, 0, "{text}");
            let Err(Refusal::Other(error)) = reply.result else {
                panic!("{text:?}: not refused as unreadable");
            };
            assert!(error.contains(why), "{text:?}: {error}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod any_message {
        use super::*;
        use proptest::prelude::*;

        fn any_settings() -> impl Strategy<Value = Settings> {
            let layouts = LayoutId::every();
            let lock = (any::<usize>(), 0..Terrain::ALL.len(), any::<Option<u8>>()).prop_map(
                |(cell, terrain, number)| Lock {
                    cell: CellId::new(cell),
                    terrain: Terrain::ALL[terrain],
                    number,
                },
            );
            (
                prop::sample::select(layouts),
                prop::collection::vec(prop::sample::select(Rule::ALL.to_vec()), 0..4),
                any::<bool>(),
                prop::collection::vec(lock, 0..4),
            )
                .prop_map(|(layout, rules, spiral, locks)| Settings {
                    layout,
                    rules: RuleSet::new(rules),
                    numbers: if spiral {
                        hexfair::generate::NumberMode::Spiral
                    } else {
                        hexfair::generate::NumberMode::Random
                    },
                    locks,
                    expansion: Default::default(),
                })
        }

        proptest! {
            #[test]
            fn any_request_round_trips(
                id in any::<u64>(),
                seed in any::<u64>(),
                settings in any_settings(),
                target in prop::option::of(0.0..=1.0f64),
            ) {
                let mode = target.map_or(Mode::Balanced, Mode::Target);
                let request = ToWorker::Search(Request { id, settings, mode, seed });
                prop_assert_eq!(through_json(&request), request);
            }

            #[test]
            fn any_answer_round_trips(
                id in any::<u64>(),
                result in any::<Result<String, String>>().prop_map(|r| r.map_err(Refusal::Other)),
            ) {
                let answer = FromWorker::Answer(Answer { id, result });
                prop_assert_eq!(through_json(&answer), answer);
            }

            #[test]
            fn any_text_is_answered_in_words_without_a_panic(text in ".*") {
                prop_assert!(reply_to_json(&text).result.is_err());
            }
        }
    }

    /// Request `id` of the default settings, balanced, from seed `id`.
    pub(in super::super) fn request(id: u64) -> Request {
        Request {
            id,
            settings: Settings::default(),
            mode: Mode::Balanced,
            seed: id,
        }
    }

    pub(in super::super) fn message(request: &Request) -> ToWorker {
        ToWorker::Search(request.clone())
    }
}
