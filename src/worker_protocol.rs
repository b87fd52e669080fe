//! What the app and its search worker say to each other, as serde types: the page sends
//! [`ToWorker`] (a [`Request`]: settings, mode, seed, numbered), the worker sends
//! [`FromWorker`] (that it listens, how far it is, and an [`Answer`]: the found board's share
//! token, the board itself exactly, or the reason there is none, in words). In the browser
//! they cross the worker boundary as plain JavaScript values made by serde-wasm-bindgen
//! (`to_message`): numbers as numbers, 64-bit ids and seeds as BigInts, enums tagged by
//! kebab-case names (`"ready"`, `{ search: { id, settings, mode, seed } }`). The page and its
//! worker are always the same release (one wasm module), so the shape is this module's own.
//!
//! A message that does not decode is answered in words ([`reply_to`]), never with a panic;
//! the worker is a thin shell around it, tested natively with serde_json standing in for the
//! browser's values, and under wasm-bindgen-test with serde-wasm-bindgen
//! (tests/determinism/worker_messages.rs).
//!
//! The page's side of the conversation is [`Relay`]: it decides when the worker is given up
//! on, and when the page searches by itself instead. It is plain data driven by events and
//! the clock it is handed, so all of that is tested natively; the app's hook only carries its
//! commands out. Which request is current is the app state's alone (`State::pending`): the
//! relay holds the request it was last handed only to deliver it.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::balance::search::{find, Found, Mode, DEFAULT_CANDIDATES};
use crate::board::Board;
use crate::catalogue::LayoutId;
use crate::generate::{GenerateError, Settings};
use crate::rules::Rule;
use crate::share;

/// A search the page asks for. Its id names the answer, so an answer to a request since
/// replaced is told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub settings: Settings,
    pub mode: Mode,
    pub seed: u64,
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
    /// Anything else (settings the page never sends, a message that could not be read), in
    /// the engine's English.
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
            // Settings the page never sends, in the engine's words (taken as they are, so the
            // page carries no English rule words of the engine: it says rules from its tables).
            GenerateError::Unsupported(why) => Refusal::Other(why),
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
        let layout = LayoutId::try_from(words.next().unwrap_or_default().to_string())?;
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
        let read: Result<Vec<Rule>, String> = words.map(Rule::parse).collect();
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

/// In the engine's English (the command line's words), for logs and tests.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Infeasible { layout, conflict } => GenerateError::Infeasible {
                layout: *layout,
                conflict: conflict.clone(),
            }
            .fmt(f),
            Refusal::GaveUp {
                layout,
                rules,
                locked,
                positions,
            } => GenerateError::BudgetExhausted {
                layout: *layout,
                rules: rules.clone(),
                locked: *locked,
                nodes: *positions,
            }
            .fmt(f),
            Refusal::Other(why) => f.write_str(why),
        }
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
        share::decode_token(&self.result?)
            .map_err(|e| Refusal::Other(e.0))
            .and_then(|link| link.board.ok_or_else(|| "no board".into()))
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
/// request 0, as the message's own id could not be read).
pub fn reply_to(message: Result<ToWorker, impl Display>) -> FromWorker {
    FromWorker::Answer(match message {
        Ok(ToWorker::Search(request)) => answer(&request),
        Err(why) => Answer {
            id: 0,
            result: Err(Refusal::Other(format!("unreadable request: {why}"))),
        },
    })
}

/// A message as the browser carries it: a JavaScript value, 64-bit numbers as BigInts (a
/// seed may be past 2^53).
#[cfg(target_arch = "wasm32")]
pub fn to_message(message: &impl Serialize) -> Result<wasm_bindgen::JsValue, String> {
    message
        .serialize(
            &serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true),
        )
        .map_err(|e| e.to_string())
}

/// A message the browser delivered, or why it is not one, in words.
#[cfg(target_arch = "wasm32")]
pub fn from_message<T: serde::de::DeserializeOwned>(
    value: wasm_bindgen::JsValue,
) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// How long the worker may stay silent while it loads or works on a request before the page
/// gives up on it. The engine answers within about 2 s natively; wasm is about 1.5 times
/// slower and a phone slower again, so a worker this late has stopped, not fallen behind.
pub const PATIENCE_MS: f64 = 8_000.0;

/// Why the search worker was given up on: facts, which the page puts in its words.
#[derive(Clone, Debug, PartialEq)]
pub enum Stopped {
    /// Its script could not be fetched.
    NotLoaded,
    /// The browser would not start it.
    NotStarted,
    /// It sent a message that could not be received.
    NotReceived,
    /// It sent a reply that could not be read.
    Unreadable,
    /// It did not start within [`PATIENCE_MS`].
    DidNotStart,
    /// It did not answer within [`PATIENCE_MS`].
    DidNotAnswer,
    /// It failed, in the browser's words.
    Failed(String),
}

/// What the relay asks of the page. Workers are numbered from 1, each new one higher; a
/// worker's events are reported with its number, so those of an ended worker are ignored.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Start worker `n`, ending any earlier one.
    Start(u32),
    /// Post this message to the current worker.
    Post(ToWorker),
    /// End the current worker for good: from now on the page searches by itself.
    Stop,
    /// Search for this request on the page, a piece at a time.
    SearchOnPage(Request),
    /// Show the answer to request `id`: the board, or why there is none.
    Show(u64, Result<Board, Refusal>),
    /// Tell the person that searches now run on the page, and why.
    FellBack(Stopped),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WorkerState {
    /// Started, not yet listening.
    Loading,
    Idle,
    /// Searching for the wanted request.
    Busy,
    /// Given up on: the page searches instead.
    Broken,
}

/// Who answers the request the page wants (see the module comment). A new request
/// always wins: one the worker is still searching for is abandoned with the worker itself,
/// since a worker cannot be interrupted, only ended.
#[derive(Clone, Debug)]
pub struct Relay {
    state: WorkerState,
    worker: u32,
    /// The request the page last asked for, while it has no answer: what to post.
    wanted: Option<Request>,
    /// When the worker was started, or last heard from or given work (ms).
    since: f64,
}

impl Relay {
    /// A relay whose first worker is starting now; the page carries out the commands.
    pub fn new(now: f64) -> (Relay, Vec<Command>) {
        let relay = Relay {
            state: WorkerState::Loading,
            worker: 1,
            wanted: None,
            since: now,
        };
        (relay, vec![Command::Start(1)])
    }

    /// The page now wants this request answered (`None`: no answer at all).
    pub fn want(&mut self, request: Option<Request>, now: f64) -> Vec<Command> {
        let Some(request) = request else {
            self.wanted = None;
            // A search nobody waits for only costs battery: end it, and have a fresh worker
            // ready for the next request.
            return if self.state == WorkerState::Busy {
                self.restart(now)
            } else {
                Vec::new()
            };
        };
        if self.wants(request.id) {
            return Vec::new();
        }
        self.wanted = Some(request.clone());
        match self.state {
            WorkerState::Loading => Vec::new(),
            WorkerState::Idle => self.post(now),
            WorkerState::Busy => self.restart(now),
            WorkerState::Broken => vec![Command::SearchOnPage(request)],
        }
    }

    /// Worker `worker` said `message` (or something that is not a message).
    pub fn heard<E>(
        &mut self,
        worker: u32,
        message: Result<FromWorker, E>,
        now: f64,
    ) -> Vec<Command> {
        if worker != self.worker || self.state == WorkerState::Broken {
            return Vec::new();
        }
        let Ok(message) = message else {
            return self.failed(worker, Stopped::Unreadable);
        };
        match message {
            FromWorker::Ready if self.state == WorkerState::Loading => {
                self.since = now;
                if self.wanted.is_some() {
                    self.post(now)
                } else {
                    self.state = WorkerState::Idle;
                    Vec::new()
                }
            }
            FromWorker::Ready => Vec::new(),
            FromWorker::Progress { id, .. } => {
                // A sign of life: the deadline counts from the latest word on the request.
                if self.state == WorkerState::Busy && self.wants(id) {
                    self.since = now;
                }
                Vec::new()
            }
            FromWorker::Answer(answer) => {
                if self.state != WorkerState::Busy || !self.wants(answer.id) {
                    // Not the answer to the request posted: nothing to show.
                    return Vec::new();
                }
                self.state = WorkerState::Idle;
                self.since = now;
                self.wanted = None;
                vec![Command::Show(answer.id, answer.board())]
            }
        }
    }

    /// Worker `worker` failed, and why.
    pub fn failed(&mut self, worker: u32, why: Stopped) -> Vec<Command> {
        if worker != self.worker || self.state == WorkerState::Broken {
            return Vec::new();
        }
        self.state = WorkerState::Broken;
        let mut commands = vec![Command::Stop, Command::FellBack(why)];
        commands.extend(self.wanted.clone().map(Command::SearchOnPage));
        commands
    }

    /// The clock reached `now`: a worker silent past its deadline is given up on.
    pub fn tick(&mut self, now: f64) -> Vec<Command> {
        match self.deadline() {
            Some(deadline) if now >= deadline => {
                let why = match self.state {
                    WorkerState::Loading => Stopped::DidNotStart,
                    _ => Stopped::DidNotAnswer,
                };
                self.failed(self.worker, why)
            }
            _ => Vec::new(),
        }
    }

    /// The page finished searching for a request by itself.
    pub fn answered_on_page(&mut self, answer: Answer) -> Vec<Command> {
        if !self.wants(answer.id) {
            return Vec::new();
        }
        self.wanted = None;
        vec![Command::Show(answer.id, answer.board())]
    }

    /// When [`Relay::tick`] next has something to decide, if ever.
    pub fn deadline(&self) -> Option<f64> {
        matches!(self.state, WorkerState::Loading | WorkerState::Busy)
            .then_some(self.since + PATIENCE_MS)
    }

    /// Whether request `id` is the current one, still unanswered (a page search stops once
    /// its request is not).
    pub fn wants(&self, id: u64) -> bool {
        self.wanted.as_ref().is_some_and(|r| r.id == id)
    }

    fn post(&mut self, now: f64) -> Vec<Command> {
        let request = self.wanted.as_ref().expect("a request to post");
        self.state = WorkerState::Busy;
        self.since = now;
        vec![Command::Post(ToWorker::Search(request.clone()))]
    }

    /// A fresh worker for the wanted request: the old one is searching for something else.
    fn restart(&mut self, now: f64) -> Vec<Command> {
        self.worker += 1;
        self.state = WorkerState::Loading;
        self.since = now;
        vec![Command::Start(self.worker)]
    }
}

#[cfg(test)]
mod tests {
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
            Refusal::Other("unreadable request: what is this".into()),
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
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Lock};
    use crate::model::{CellId, Terrain};
    use crate::rules::{Rule, RuleSet};
    use crate::share::decode_token;

    /// The message as JSON text and back: serde_json standing in for the browser's values.
    fn through_json<T: Serialize + serde::de::DeserializeOwned>(message: &T) -> T {
        serde_json::from_str(&serde_json::to_string(message).unwrap()).unwrap()
    }

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
        assert_eq!(
            reply.result,
            Err("locked hex 99 is not a distinct hex of the base layout".into())
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
            Mode::Preset(crate::balance::presets::Preset::HotSpot),
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
                "unknown layout 'moon'",
            ),
            (
                &good.replace(r#""balanced""#, r#""sideways""#),
                "unknown variant `sideways`",
            ),
            (
                &good.replace(r#""no-adjacent-red""#, r#""fly""#),
                "unknown rule 'fly'",
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
            let error = reply.result.unwrap_err().to_string();
            assert!(error.starts_with("unreadable request: "), "{text}: {error}");
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
                        crate::generate::NumberMode::Spiral
                    } else {
                        crate::generate::NumberMode::Random
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

    fn request(id: u64) -> Request {
        Request {
            id,
            settings: Settings::default(),
            mode: Mode::Balanced,
            seed: id,
        }
    }

    fn message(request: &Request) -> ToWorker {
        ToWorker::Search(request.clone())
    }

    /// What a working worker replies to `request`.
    fn reply(request: &Request) -> FromWorker {
        reply_to(Ok::<_, String>(message(request)))
    }

    fn board_for(request: &Request) -> Board {
        find(
            &request.settings,
            request.mode,
            DEFAULT_CANDIDATES,
            request.seed,
        )
        .unwrap()
        .board
    }

    #[test]
    fn the_newest_request_wins_and_a_busy_worker_is_replaced_not_queued_behind() {
        let (mut relay, start) = Relay::new(0.0);
        assert_eq!(start, [Command::Start(1)]);
        // Requests made while the worker loads replace each other: only the newest is sent.
        assert_eq!(relay.want(Some(request(1)), 10.0), []);
        assert_eq!(relay.want(Some(request(2)), 20.0), []);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(FromWorker::Ready), 30.0),
            [Command::Post(message(&request(2)))]
        );
        // A request while the worker searches ends that worker; the fresh one must say it
        // listens before it gets the newest request.
        assert_eq!(relay.want(Some(request(3)), 40.0), [Command::Start(2)]);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&request(2))), 50.0),
            []
        );
        assert_eq!(relay.want(Some(request(4)), 55.0), []);
        assert_eq!(
            relay.heard(2, Ok::<_, String>(FromWorker::Ready), 60.0),
            [Command::Post(message(&request(4)))]
        );
        assert_eq!(
            relay.heard(2, Ok::<_, String>(reply(&request(4))), 70.0),
            [Command::Show(4, Ok(board_for(&request(4))))]
        );
        // The answered worker takes the next request at once.
        assert_eq!(
            relay.want(Some(request(5)), 80.0),
            [Command::Post(message(&request(5)))]
        );
        // Asking again for the request under way changes nothing.
        assert_eq!(relay.want(Some(request(5)), 90.0), []);
    }

    #[test]
    fn answers_to_anything_but_the_current_request_are_ignored() {
        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(1)), 0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        assert_eq!(relay.heard(1, Ok::<_, String>(reply(&request(7))), 2.0), []);
        assert!(relay.wants(1));
        assert_eq!(relay.deadline(), Some(1.0 + PATIENCE_MS));
        let shown = relay.heard(1, Ok::<_, String>(reply(&request(1))), 3.0);
        assert_eq!(shown, [Command::Show(1, Ok(board_for(&request(1))))]);
        // A second copy of the same answer shows nothing more.
        assert_eq!(relay.heard(1, Ok::<_, String>(reply(&request(1))), 4.0), []);
        assert!(!relay.wants(1));
        assert_eq!(relay.deadline(), None, "an idle worker has no deadline");
    }

    #[test]
    fn a_worker_silent_past_its_deadline_gives_way_to_the_page() {
        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(1)), 100.0);
        // Loading counts from the start; saying it listens resets the clock.
        assert_eq!(relay.deadline(), Some(PATIENCE_MS));
        assert_eq!(relay.tick(PATIENCE_MS - 1.0), []);
        assert_eq!(
            relay
                .heard(1, Ok::<_, String>(FromWorker::Ready), 5000.0)
                .len(),
            1
        );
        assert_eq!(relay.tick(5000.0 + PATIENCE_MS - 1.0), []);
        let given_up = relay.tick(5000.0 + PATIENCE_MS);
        assert_eq!(given_up.len(), 3, "{given_up:?}");
        assert_eq!(given_up[0], Command::Stop);
        assert_eq!(given_up[1], Command::FellBack(Stopped::DidNotAnswer));
        assert_eq!(given_up[2], Command::SearchOnPage(request(1)));
        assert_eq!(relay.deadline(), None);
        // The stopped worker's late answer is not shown; the page's is.
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&request(1))), 20_000.0),
            []
        );
        let page = answer;
        assert_eq!(
            relay.answered_on_page(page(&request(1))),
            [Command::Show(1, Ok(board_for(&request(1))))]
        );
        // From now on every request is searched on the page, and the newest still wins.
        assert_eq!(
            relay.want(Some(request(2)), 21_000.0),
            [Command::SearchOnPage(request(2))]
        );
        assert_eq!(
            relay.want(Some(request(3)), 21_001.0),
            [Command::SearchOnPage(request(3))]
        );
        assert!(!relay.wants(2), "the page search for 2 stops");
        assert_eq!(relay.answered_on_page(page(&request(2))), []);
        assert_eq!(relay.tick(1e9), [], "the page has no deadline");
    }

    #[test]
    fn progress_on_the_wanted_request_keeps_a_long_worker_from_being_given_up_on() {
        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(1)), 0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 10.0);
        assert_eq!(relay.deadline(), Some(10.0 + PATIENCE_MS));
        let progress = |id| {
            Ok::<_, String>(FromWorker::Progress {
                id,
                done: 1,
                total: 2,
            })
        };
        // Word on another request is no sign that this one moves.
        assert_eq!(relay.heard(1, progress(9), 5_000.0), []);
        assert_eq!(relay.deadline(), Some(10.0 + PATIENCE_MS));
        assert_eq!(relay.heard(1, progress(1), 7_000.0), []);
        assert_eq!(relay.deadline(), Some(7_000.0 + PATIENCE_MS));
        assert_eq!(relay.tick(10.0 + PATIENCE_MS), [], "not given up on");
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&request(1))), 9_000.0),
            [Command::Show(1, Ok(board_for(&request(1))))]
        );
    }

    #[test]
    fn a_worker_that_fails_or_garbles_its_reply_falls_back_once() {
        let (mut relay, _) = Relay::new(0.0);
        // A worker that never starts is given up on even before anything is asked.
        let given_up = relay.tick(PATIENCE_MS);
        assert!(
            matches!(
                &given_up[..],
                [Command::Stop, Command::FellBack(Stopped::DidNotStart)]
            ),
            "{given_up:?}"
        );

        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(1)), 0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        // An earlier worker's failure is not this one's.
        assert_eq!(relay.failed(0, Stopped::NotLoaded), []);
        let given_up = relay.heard(1, Err("not a message of ours"), 2.0);
        assert_eq!(given_up[0], Command::Stop);
        assert!(
            matches!(&given_up[1], Command::FellBack(Stopped::Unreadable)),
            "{given_up:?}"
        );
        assert_eq!(given_up[2], Command::SearchOnPage(request(1)));
        // Reported once, however it fails next.
        assert_eq!(relay.failed(1, Stopped::NotLoaded), []);
        assert_eq!(relay.tick(1e9), []);

        let (mut relay, _) = Relay::new(0.0);
        assert_eq!(
            relay.failed(1, Stopped::NotLoaded).len(),
            2,
            "nothing to search yet"
        );
        assert_eq!(
            relay.want(Some(request(1)), 5.0),
            [Command::SearchOnPage(request(1))]
        );
    }

    #[test]
    fn a_search_nobody_waits_for_is_ended() {
        let (mut relay, _) = Relay::new(0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        assert_eq!(relay.deadline(), None, "an idle worker has no deadline");
        relay.want(Some(request(1)), 2.0);
        assert_eq!(relay.want(None, 3.0), [Command::Start(2)]);
        assert_eq!(
            relay.heard(2, Ok::<_, String>(FromWorker::Ready), 4.0),
            [],
            "nothing to send"
        );
        assert_eq!(relay.want(None, 5.0), []);
        assert_eq!(
            relay.want(Some(request(2)), 6.0),
            [Command::Post(message(&request(2)))]
        );
    }
}
