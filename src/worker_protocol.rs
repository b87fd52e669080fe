//! What the app and its search worker say to each other: a request names the settings, the
//! mode and the seed; the answer is the found board's share token (the board itself, exactly)
//! or the reason there is none. Messages are plain text, so the worker is a thin shell around
//! [`answer`], which is tested natively.
//!
//! The page and its worker are always the same release (one wasm module), so the wire format
//! is this module's own, kept small so the page carries no JSON or float parser. A message is
//! lines: first a header naming what it is ([`REQUEST_HEADER`] or [`ANSWER_HEADER`]), then one
//! `key=value` field a line, split at the first `=`. A value escapes `\` as `\\`, a line
//! break as `\n` and a carriage return as `\r`. Numbers are decimal integers; the target
//! score is its `f64::to_bits` in hexadecimal, so it arrives exactly and without float
//! parsing. A request:
//!
//! ```text
//! hexfair-request
//! id=7
//! layout=base
//! rule=max-corner-pips=9      (one line a rule, in order; none for no rules)
//! numbers=random
//! mode=target
//! target=3fc999999999999a     (only with mode=target)
//! seed=99
//! lock=4 W 6                  (one line a locked hex: cell, terrain letter, token or -)
//! ```
//!
//! An answer is `hexfair-answer`, `id=`, then `token=` (the board) or `error=` (why not).
//! Anything else (a missing, repeated or unknown field, a bad number) is refused in words,
//! never with a panic.
//!
//! The page's side of the conversation is [`Relay`]: it decides which request is current,
//! when the worker is given up on, and when the page searches by itself instead. It is plain
//! data driven by events and the clock it is handed, so all of that is tested natively; the
//! app's hook only carries its commands out.

use crate::balance::search::{find, Found, Mode, DEFAULT_CANDIDATES};
use crate::board::Board;
use crate::catalogue::LayoutId;
use crate::fixed::Short;
use crate::generate::{GenerateError, Lock, NumberMode, Settings};
use crate::model::CellId;
use crate::model::Terrain;
use crate::rules::{Rule, RuleSet};
use crate::share;

/// What the worker says once it listens.
pub const READY: &str = "ready";
/// The first line of a request.
pub const REQUEST_HEADER: &str = "hexfair-request";
/// The first line of an answer.
pub const ANSWER_HEADER: &str = "hexfair-answer";

#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub id: u64,
    pub layout: String,
    pub rules: Vec<String>,
    pub numbers: String,
    pub mode: String,
    pub target: Option<f64>,
    pub seed: u64,
    /// (cell, terrain letter, token) of each locked hex.
    pub locks: Vec<(usize, char, Option<u8>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub id: u64,
    /// The found board as a share token.
    pub token: Option<String>,
    /// Why there is no board, in words.
    pub error: Option<String>,
}

impl Request {
    pub fn new(id: u64, settings: &Settings, mode: Mode, seed: u64) -> Request {
        let (mode_name, target) = match mode {
            Mode::Target(t) => ("target".to_string(), Some(t)),
            other => (other.name(), None),
        };
        Request {
            id,
            layout: settings.layout.name().to_string(),
            rules: settings.rules.rules().iter().map(|r| r.name()).collect(),
            numbers: settings.numbers.name().to_string(),
            mode: mode_name,
            target,
            seed,
            locks: settings
                .locks
                .iter()
                .map(|l| (l.cell.index(), l.terrain.letter(), l.number))
                .collect(),
        }
    }

    /// The request as a message (see the module comment).
    pub fn to_text(&self) -> String {
        let mut out = Message::new(REQUEST_HEADER);
        out.field("id", &self.id.to_string());
        out.field("layout", &self.layout);
        for rule in &self.rules {
            out.field("rule", rule);
        }
        out.field("numbers", &self.numbers);
        out.field("mode", &self.mode);
        if let Some(target) = self.target {
            out.field("target", &format!("{:x}", target.to_bits()));
        }
        out.field("seed", &self.seed.to_string());
        for &(cell, letter, number) in &self.locks {
            let number = number.map_or_else(|| "-".to_string(), |n| n.to_string());
            out.field("lock", &format!("{cell} {letter} {number}"));
        }
        out.text
    }

    /// Reads a message [`Request::to_text`] wrote, or says why it is not one.
    pub fn from_text(text: &str) -> Result<Request, String> {
        let mut fields = Fields::read(text, REQUEST_HEADER)?;
        let request = Request {
            id: number(&fields.one("id")?, "id")?,
            layout: fields.one("layout")?,
            rules: fields.all("rule"),
            numbers: fields.one("numbers")?,
            mode: fields.one("mode")?,
            target: fields
                .optional("target")?
                .map(|bits| {
                    u64::from_str_radix(&bits, 16)
                        .map(f64::from_bits)
                        .map_err(|_| {
                            format!("the target '{bits}' is not a float's bits in hexadecimal")
                        })
                })
                .transpose()?,
            seed: number(&fields.one("seed")?, "seed")?,
            locks: fields
                .all("lock")
                .iter()
                .map(|lock| read_lock(lock))
                .collect::<Result<_, _>>()?,
        };
        fields.finished()?;
        Ok(request)
    }

    /// The settings, mode and seed the request names.
    pub fn read(&self) -> Result<(Settings, Mode, u64), String> {
        let layout = LayoutId::parse(&self.layout)
            .ok_or_else(|| format!("unknown layout '{}'", self.layout))?;
        let rules = self
            .rules
            .iter()
            .map(|r| Rule::parse(r))
            .collect::<Result<Vec<_>, _>>()?;
        let numbers = NumberMode::parse(&self.numbers)
            .ok_or_else(|| format!("unknown placement '{}'", self.numbers))?;
        let mode = match (self.mode.as_str(), self.target) {
            ("target", Some(t)) => Mode::Target(t),
            (other, _) => Mode::parse(other).ok_or_else(|| format!("unknown mode '{other}'"))?,
        };
        let locks = self
            .locks
            .iter()
            .map(|&(cell, letter, number)| {
                let terrain = Terrain::from_letter(letter)
                    .ok_or_else(|| format!("unknown terrain '{letter}'"))?;
                Ok(Lock {
                    cell: CellId::new(cell),
                    terrain,
                    number,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let settings = Settings {
            numbers,
            locks,
            ..Settings::new(layout, RuleSet::new(rules))
        };
        Ok((settings, mode, self.seed))
    }
}

impl Answer {
    /// The answer to request `id` once the search is over.
    pub fn of(
        id: u64,
        settings: &Settings,
        mode: Mode,
        seed: u64,
        found: Result<Found, GenerateError>,
    ) -> Answer {
        match found {
            Ok(found) => Answer {
                id,
                token: Some(share::board_token(settings, mode, seed, &found.board)),
                error: None,
            },
            Err(e) => Answer::refused(id, e.to_string()),
        }
    }

    /// No board for request `id`, and why.
    pub fn refused(id: u64, why: String) -> Answer {
        Answer {
            id,
            token: None,
            error: Some(why),
        }
    }

    /// The answer as a message (see the module comment).
    pub fn to_text(&self) -> String {
        let mut out = Message::new(ANSWER_HEADER);
        out.field("id", &self.id.to_string());
        if let Some(token) = &self.token {
            out.field("token", token);
        }
        if let Some(error) = &self.error {
            out.field("error", error);
        }
        out.text
    }

    /// Reads a message [`Answer::to_text`] wrote, or says why it is not one.
    pub fn from_text(text: &str) -> Result<Answer, String> {
        let mut fields = Fields::read(text, ANSWER_HEADER)?;
        let answer = Answer {
            id: number(&fields.one("id")?, "id")?,
            token: fields.optional("token")?,
            error: fields.optional("error")?,
        };
        fields.finished()?;
        Ok(answer)
    }

    /// The board the answer carries, or why there is none.
    pub fn board(self) -> Result<Board, String> {
        match (self.token, self.error) {
            (Some(token), _) => share::decode_token(&token)
                .map_err(|e| e.0)
                .and_then(|link| link.board.ok_or_else(|| "no board".into())),
            (None, error) => Err(error.unwrap_or_else(|| "no answer".into())),
        }
    }
}

/// Answers one request (a message in, a message out); never panics on bad input.
pub fn answer(request: &str) -> String {
    let reply = match Request::from_text(request) {
        Err(e) => Answer::refused(0, format!("unreadable request: {e}")),
        Ok(request) => match request.read() {
            Err(why) => Answer::refused(request.id, why),
            Ok((settings, mode, seed)) => Answer::of(
                request.id,
                &settings,
                mode,
                seed,
                find(&settings, mode, DEFAULT_CANDIDATES, seed),
            ),
        },
    };
    reply.to_text()
}

/// A message being written: the header, then a line a field.
struct Message {
    text: String,
}

impl Message {
    fn new(header: &str) -> Message {
        Message {
            text: header.to_string(),
        }
    }

    fn field(&mut self, key: &str, value: &str) {
        self.text.push('\n');
        self.text.push_str(key);
        self.text.push('=');
        for c in value.chars() {
            match c {
                '\\' => self.text.push_str("\\\\"),
                '\n' => self.text.push_str("\\n"),
                '\r' => self.text.push_str("\\r"),
                c => self.text.push(c),
            }
        }
    }
}

/// A message's fields, taken one key at a time; what is left over is refused.
struct Fields {
    fields: Vec<(String, String)>,
}

impl Fields {
    fn read(text: &str, header: &str) -> Result<Fields, String> {
        let mut lines = text.split('\n');
        if lines.next() != Some(header) {
            return Err(format!("it does not start with '{header}'"));
        }
        let fields = lines
            .enumerate()
            .map(|(i, line)| {
                let (key, value) = line
                    .split_once('=')
                    .ok_or_else(|| format!("line {} is not key=value", i + 2))?;
                Ok((key.to_string(), unescape(value)?))
            })
            .collect::<Result<_, String>>()?;
        Ok(Fields { fields })
    }

    /// Every value of `key`, in order.
    fn all(&mut self, key: &str) -> Vec<String> {
        let (taken, rest) = std::mem::take(&mut self.fields)
            .into_iter()
            .partition::<Vec<_>, _>(|(k, _)| k == key);
        self.fields = rest;
        taken.into_iter().map(|(_, v)| v).collect()
    }

    /// The value of `key`, if it has one; more than one is refused.
    fn optional(&mut self, key: &str) -> Result<Option<String>, String> {
        let mut values = self.all(key);
        match values.len() {
            0 | 1 => Ok(values.pop()),
            _ => Err(format!("'{key}' is given more than once")),
        }
    }

    fn one(&mut self, key: &str) -> Result<String, String> {
        self.optional(key)?
            .ok_or_else(|| format!("'{key}' is missing"))
    }

    /// Refuses fields no one took.
    fn finished(self) -> Result<(), String> {
        match self.fields.first() {
            Some((key, _)) => Err(format!("'{key}' is not a field of this message")),
            None => Ok(()),
        }
    }
}

fn unescape(value: &str) -> Result<String, String> {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        out.push(match (c, c == '\\') {
            (_, false) => c,
            (_, true) => match chars.next() {
                Some('\\') => '\\',
                Some('n') => '\n',
                Some('r') => '\r',
                other => {
                    let after = other.map(String::from).unwrap_or_default();
                    return Err(format!("'\\{after}' is not an escape"));
                }
            },
        });
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("the {what} '{text}' is not a whole number in range"))
}

/// A locked hex, `cell letter token` with `-` for no token.
fn read_lock(text: &str) -> Result<(usize, char, Option<u8>), String> {
    let bad = || format!("the lock '{text}' is not 'cell terrain-letter token-or-dash'");
    let mut parts = text.split(' ');
    let (Some(cell), Some(letter), Some(token), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let mut letters = letter.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return Err(bad());
    };
    let token = match token {
        "-" => None,
        n => Some(number(n, "token")?),
    };
    Ok((number(cell, "cell")?, letter, token))
}

/// How long the worker may stay silent while it loads or works on a request before the page
/// gives up on it. The engine answers within about 2 s natively; wasm is about 1.5 times
/// slower and a phone slower again, so a worker this late has stopped, not fallen behind.
pub const PATIENCE_MS: f64 = 8_000.0;

/// What the relay asks of the page. Workers are numbered from 1, each new one higher; a
/// worker's events are reported with its number, so those of an ended worker are ignored.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Start worker `n`, ending any earlier one.
    Start(u32),
    /// Post this request (a message) to the current worker.
    Post(String),
    /// End the current worker for good: from now on the page searches by itself.
    Stop,
    /// Search for this request on the page, a piece at a time.
    SearchOnPage(Request),
    /// Show the answer to request `id`: the board, or why there is none.
    Show(u64, Result<Board, String>),
    /// Tell the person, in words, that searches now run on the page.
    FellBack(String),
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

/// Which request is current and who answers it (see the module comment). A new request
/// always wins: one the worker is still searching for is abandoned with the worker itself,
/// since a worker cannot be interrupted, only ended.
#[derive(Clone, Debug)]
pub struct Relay {
    state: WorkerState,
    worker: u32,
    /// The newest request, while it has no answer.
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

    /// Worker `worker` said `message`: that it listens, or an answer.
    pub fn heard(&mut self, worker: u32, message: &str, now: f64) -> Vec<Command> {
        if worker != self.worker || self.state == WorkerState::Broken {
            return Vec::new();
        }
        if message == READY {
            if self.state != WorkerState::Loading {
                return Vec::new();
            }
            self.since = now;
            return if self.wanted.is_some() {
                self.post(now)
            } else {
                self.state = WorkerState::Idle;
                Vec::new()
            };
        }
        let Ok(answer) = Answer::from_text(message) else {
            return self.failed(worker, "sent a reply that could not be read");
        };
        if self.state != WorkerState::Busy || !self.wants(answer.id) {
            // Not the answer to the current request: nothing to show.
            return Vec::new();
        }
        self.state = WorkerState::Idle;
        self.since = now;
        self.wanted = None;
        vec![Command::Show(answer.id, answer.board())]
    }

    /// Worker `worker` failed, `why` in words ("could not be loaded").
    pub fn failed(&mut self, worker: u32, why: &str) -> Vec<Command> {
        if worker != self.worker || self.state == WorkerState::Broken {
            return Vec::new();
        }
        self.state = WorkerState::Broken;
        let mut commands = vec![
            Command::Stop,
            Command::FellBack(format!(
                "The background search stopped working (it {why}); searching on this page \
                 instead."
            )),
        ];
        commands.extend(self.wanted.clone().map(Command::SearchOnPage));
        commands
    }

    /// The clock reached `now`: a worker silent past its deadline is given up on.
    pub fn tick(&mut self, now: f64) -> Vec<Command> {
        match self.deadline() {
            Some(deadline) if now >= deadline => {
                let why = match self.state {
                    WorkerState::Loading => "did not start",
                    _ => "did not answer",
                };
                let seconds = Short(PATIENCE_MS / 1000.0);
                self.failed(self.worker, &format!("{why} within {seconds} seconds"))
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
        vec![Command::Post(request.to_text())]
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
    use crate::generate::generate;
    use crate::share::decode_token;

    #[test]
    fn a_request_comes_back_as_the_board_the_search_finds() {
        let settings = Settings::default();
        let board = generate(&settings, 3).unwrap();
        let locked = Settings {
            locks: vec![Lock::of(&board, CellId::new(4))],
            ..settings
        };
        let request = Request::new(7, &locked, Mode::Target(0.2), 99);
        let reply = Answer::from_text(&answer(&request.to_text())).unwrap();
        assert_eq!(reply.id, 7);
        let link = decode_token(reply.token.as_deref().unwrap()).unwrap();
        let expected = find(&locked, Mode::Target(0.2), DEFAULT_CANDIDATES, 99)
            .unwrap()
            .board;
        assert_eq!(link.board, Some(expected));
        assert_eq!(request.read().unwrap().0, locked);
    }

    #[test]
    fn failures_and_garbage_are_answered_in_words() {
        let impossible = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(8)]));
        let reply = Answer::from_text(&answer(
            &Request::new(2, &impossible, Mode::Balanced, 1).to_text(),
        ))
        .unwrap();
        assert_eq!(reply.id, 2);
        assert!(reply
            .error
            .unwrap()
            .contains("“At most 8 pips at any corner”"));
        let reply = Answer::from_text(&answer("{not json")).unwrap();
        assert_eq!(
            reply.error.unwrap(),
            "unreadable request: it does not start with 'hexfair-request'"
        );
    }

    #[test]
    fn messages_round_trip_exactly() {
        let settings = Settings {
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
        };
        for mode in [Mode::Balanced, Mode::Target(0.1 + 0.2), Mode::Target(0.0)] {
            let request = Request::new(u64::MAX, &settings, mode, 1 << 60);
            let text = request.to_text();
            assert_eq!(Request::from_text(&text), Ok(request.clone()), "{text}");
            assert_eq!(request.read().unwrap(), (settings.clone(), mode, 1 << 60));
        }
        let text = Request::new(7, &settings, Mode::Target(0.3), 99).to_text();
        assert_eq!(
            text,
            "hexfair-request\nid=7\nlayout=base\nrule=no-adjacent-red\nrule=max-corner-pips=9\n\
             numbers=random\nmode=target\ntarget=3fd3333333333333\nseed=99\nlock=4 W 6\nlock=9 D -"
        );
        // Values with line breaks and backslashes come back as they went.
        let odd = Answer {
            id: 3,
            token: None,
            error: Some("two\nlines \\n and a \\ and\r\n= signs = fine".into()),
        };
        assert_eq!(Answer::from_text(&odd.to_text()), Ok(odd.clone()));
        assert_eq!(odd.to_text().lines().count(), 3);
    }

    #[test]
    fn malformed_messages_are_refused_in_words() {
        let good = request(5).to_text();
        for (text, why) in [
            ("", "it does not start with 'hexfair-request'"),
            ("{\"id\":1}", "it does not start with 'hexfair-request'"),
            (
                "hexfair-answer\nid=1",
                "it does not start with 'hexfair-request'",
            ),
            ("hexfair-request", "'id' is missing"),
            (&good.replace("\nseed=5", ""), "'seed' is missing"),
            (&format!("{good}\nseed=6"), "'seed' is given more than once"),
            (
                &format!("{good}\ncolour=red"),
                "'colour' is not a field of this message",
            ),
            (
                &format!("{good}\nno equals sign"),
                "line 8 is not key=value",
            ),
            (
                &good.replace("id=5", "id=-5"),
                "the id '-5' is not a whole number in range",
            ),
            (
                &good.replace("seed=5", "seed=99999999999999999999"),
                "the seed '99999999999999999999' is not a whole number in range",
            ),
            (
                &format!("{good}\ntarget=0.3"),
                "the target '0.3' is not a float's bits in hexadecimal",
            ),
            (
                &format!("{good}\nlock=4 W"),
                "the lock '4 W' is not 'cell terrain-letter token-or-dash'",
            ),
            (
                &format!("{good}\nlock=4 WW 6"),
                "the lock '4 WW 6' is not 'cell terrain-letter token-or-dash'",
            ),
            (
                &format!("{good}\nlock=4 W 600"),
                "the token '600' is not a whole number in range",
            ),
            (&format!("{good}\nlock=4 Q 6"), "unknown terrain 'Q'"),
            (
                &good.replace("layout=base", "layout=moon"),
                "unknown layout 'moon'",
            ),
            (
                &good.replace("mode=balanced", "mode=target"),
                "unknown mode 'target'",
            ),
            (&format!("{good}\nrule=fly"), "fly"),
            (
                &good.replace("layout=base", "layout=ba\\se"),
                "'\\s' is not an escape",
            ),
            (
                &good.replace("layout=base", "layout=base\\"),
                "'\\' is not an escape",
            ),
        ] {
            let reply = Answer::from_text(&answer(text)).unwrap();
            let error = reply.error.unwrap();
            assert!(error.contains(why), "{text:?}: {error}");
            assert!(reply.token.is_none());
        }
        // A readable request that names no board gets its own id back.
        let reply = Answer::from_text(&answer(&good.replace("layout=base", "layout=moon")));
        assert_eq!(reply.unwrap().id, 5);
        for text in [
            "",
            "hexfair-answer",
            "hexfair-answer\nid=x",
            "hexfair-request\nid=1",
        ] {
            assert!(Answer::from_text(text).is_err(), "{text:?}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod any_message {
        use super::*;
        use proptest::prelude::*;

        fn lock() -> impl Strategy<Value = (usize, char, Option<u8>)> {
            let letter = any::<char>().prop_filter("one word", |c| !c.is_whitespace());
            (any::<usize>(), letter, any::<Option<u8>>())
        }

        proptest! {
            #[test]
            fn any_request_round_trips(
                id in any::<u64>(),
                seed in any::<u64>(),
                layout in ".*",
                rules in prop::collection::vec(".*", 0..4),
                numbers in ".*",
                mode in ".*",
                target in any::<Option<u64>>(),
                locks in prop::collection::vec(lock(), 0..4),
            ) {
                let request = Request {
                    id,
                    layout,
                    rules,
                    numbers,
                    mode,
                    target: target.map(f64::from_bits),
                    seed,
                    locks,
                };
                let back = Request::from_text(&request.to_text()).unwrap();
                // Compared as bits: a NaN target must come back as the same NaN.
                prop_assert_eq!(back.target.map(f64::to_bits), target);
                prop_assert_eq!(
                    Request { target: None, ..back },
                    Request { target: None, ..request }
                );
            }

            #[test]
            fn any_answer_round_trips(
                id in any::<u64>(),
                token in any::<Option<String>>(),
                error in any::<Option<String>>(),
            ) {
                let answer = Answer { id, token, error };
                prop_assert_eq!(Answer::from_text(&answer.to_text()), Ok(answer));
            }

            #[test]
            fn any_text_is_answered_in_words_without_a_panic(text in ".*") {
                let reply = Answer::from_text(&answer(&text)).unwrap();
                prop_assert!(reply.error.is_some());
            }
        }
    }

    fn request(id: u64) -> Request {
        Request::new(id, &Settings::default(), Mode::Balanced, id)
    }

    fn message(request: &Request) -> String {
        request.to_text()
    }

    /// What a working worker replies to `request`.
    fn reply(request: &Request) -> String {
        answer(&message(request))
    }

    fn board_for(request: &Request) -> Board {
        let (settings, mode, seed) = request.read().unwrap();
        find(&settings, mode, DEFAULT_CANDIDATES, seed)
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
            relay.heard(1, READY, 30.0),
            [Command::Post(message(&request(2)))]
        );
        // A request while the worker searches ends that worker; the fresh one must say it
        // listens before it gets the newest request.
        assert_eq!(relay.want(Some(request(3)), 40.0), [Command::Start(2)]);
        assert_eq!(relay.heard(1, &reply(&request(2)), 50.0), []);
        assert_eq!(relay.want(Some(request(4)), 55.0), []);
        assert_eq!(
            relay.heard(2, READY, 60.0),
            [Command::Post(message(&request(4)))]
        );
        assert_eq!(
            relay.heard(2, &reply(&request(4)), 70.0),
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
        relay.heard(1, READY, 1.0);
        assert_eq!(relay.heard(1, &reply(&request(7)), 2.0), []);
        assert!(relay.wants(1));
        assert_eq!(relay.deadline(), Some(1.0 + PATIENCE_MS));
        let shown = relay.heard(1, &reply(&request(1)), 3.0);
        assert_eq!(shown, [Command::Show(1, Ok(board_for(&request(1))))]);
        // A second copy of the same answer shows nothing more.
        assert_eq!(relay.heard(1, &reply(&request(1)), 4.0), []);
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
        assert_eq!(relay.heard(1, READY, 5000.0).len(), 1);
        assert_eq!(relay.tick(5000.0 + PATIENCE_MS - 1.0), []);
        let given_up = relay.tick(5000.0 + PATIENCE_MS);
        assert_eq!(given_up.len(), 3, "{given_up:?}");
        assert_eq!(given_up[0], Command::Stop);
        let Command::FellBack(words) = &given_up[1] else {
            panic!("{given_up:?}")
        };
        assert_eq!(
            words,
            "The background search stopped working (it did not answer within 8 seconds); \
             searching on this page instead."
        );
        assert_eq!(given_up[2], Command::SearchOnPage(request(1)));
        assert_eq!(relay.deadline(), None);
        // The stopped worker's late answer is not shown; the page's is.
        assert_eq!(relay.heard(1, &reply(&request(1)), 20_000.0), []);
        let page = |r: &Request| Answer::from_text(&reply(r)).unwrap();
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
    fn a_worker_that_fails_or_garbles_its_reply_falls_back_once() {
        let (mut relay, _) = Relay::new(0.0);
        // A worker that never starts is given up on even before anything is asked.
        let given_up = relay.tick(PATIENCE_MS);
        assert!(
            matches!(&given_up[..], [Command::Stop, Command::FellBack(w)] if w.contains("did not start within 8 seconds")),
            "{given_up:?}"
        );

        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(1)), 0.0);
        relay.heard(1, READY, 1.0);
        // An earlier worker's failure is not this one's.
        assert_eq!(relay.failed(0, "could not be loaded"), []);
        let given_up = relay.heard(1, "{not an answer", 2.0);
        assert_eq!(given_up[0], Command::Stop);
        assert!(
            matches!(&given_up[1], Command::FellBack(w) if w.contains("sent a reply that could not be read")),
            "{given_up:?}"
        );
        assert_eq!(given_up[2], Command::SearchOnPage(request(1)));
        // Reported once, however it fails next.
        assert_eq!(relay.failed(1, "could not be loaded"), []);
        assert_eq!(relay.tick(1e9), []);

        let (mut relay, _) = Relay::new(0.0);
        assert_eq!(
            relay.failed(1, "could not be loaded").len(),
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
        relay.heard(1, READY, 1.0);
        assert_eq!(relay.deadline(), None, "an idle worker has no deadline");
        relay.want(Some(request(1)), 2.0);
        assert_eq!(relay.want(None, 3.0), [Command::Start(2)]);
        assert_eq!(relay.heard(2, READY, 4.0), [], "nothing to send");
        assert_eq!(relay.want(None, 5.0), []);
        assert_eq!(
            relay.want(Some(request(2)), 6.0),
            [Command::Post(message(&request(2)))]
        );
    }
}
