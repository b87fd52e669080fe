//! The page's side of the search worker ([`Relay`]): it decides when the worker is given
//! up on, and when the page searches by itself instead. It is plain data driven by events
//! and the clock it is handed, so all of that is tested natively; the app's hook
//! (`app::search_worker`) only carries its commands out. Which request is current is the app
//! state's alone (`State::pending`): the relay holds the request it was last handed only to
//! deliver it.
//!
//! While the page waits for nothing, the worker searches ahead for the request the page
//! expects next (Regenerate's, whose seed the state draws a tap early: `State::expected`),
//! and the relay keeps its answer: the tap then shows a board without waiting for a search
//! (a balanced board takes about 40 ms of search in the browser, which a tap at most 50 ms
//! cannot also afford with drawing: docs/benchmarks.md, "Searched ahead of the tap"). The
//! seed decides the board, so the board searched ahead is the one a search at the tap
//! would find.

use hexfair::board::Board;

use super::search::{Answer, FromWorker, Refusal, Request, ToWorker};

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
    /// It could not read the page's request, in serde's words.
    Misread(String),
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

#[derive(Clone, Debug)]
enum WorkerState {
    /// Started, not yet listening.
    Loading,
    Idle,
    /// Searching for this request: the wanted one, or the expected one ahead of the tap.
    Busy(Request),
    /// Given up on: the page searches instead.
    Broken,
}

/// Who answers the request the page wants (see the module comment). A new request
/// always wins: a search for anything else is abandoned with the worker itself, since a
/// worker cannot be interrupted, only ended.
#[derive(Clone, Debug)]
pub struct Relay {
    state: WorkerState,
    worker: u32,
    /// The request the page last asked for, while it has no answer: what to post.
    wanted: Option<Request>,
    /// The request the page expects to ask for next, until it does.
    expected: Option<Request>,
    /// The worker's answer to the expected request, searched ahead of the tap.
    ahead: Option<Answer>,
    /// When the worker was started, or last heard from or given work (ms).
    since: f64,
    /// The request the page searches for beside the first worker as it loads, so that a
    /// worker given up on does not have it searched on the page twice.
    on_page: Option<u64>,
}

impl Relay {
    /// A relay whose first worker is starting now; the page carries out the commands.
    pub fn new(now: f64) -> (Relay, Vec<Command>) {
        let relay = Relay {
            state: WorkerState::Loading,
            worker: 1,
            wanted: None,
            expected: None,
            ahead: None,
            since: now,
            on_page: None,
        };
        (relay, vec![Command::Start(1)])
    }

    /// The page now wants this request answered (`None`: no answer at all).
    pub fn want(&mut self, request: Option<Request>, now: f64) -> Vec<Command> {
        let Some(request) = request else {
            self.wanted = None;
            // A search nobody waits for or expects only costs battery: end it, and have a
            // fresh worker ready for the next request.
            return match &self.state {
                WorkerState::Busy(posted) if !Self::same(&self.expected, posted) => {
                    self.restart(now)
                }
                _ => Vec::new(),
            };
        };
        if self.wants(request.id) {
            return Vec::new();
        }
        if Self::same(&self.expected, &request) {
            // The expectation is met: it is searched, or was.
            self.expected = None;
            if let Some(answer) = self.ahead.take() {
                // Answered at once, so nothing is wanted any more (a request this one
                // replaced, say a typed seed still searched, included).
                self.wanted = None;
                return vec![Command::Show(request.id, answer.board())];
            }
        }
        self.wanted = Some(request.clone());
        match &self.state {
            // The page's first worker is still loading while the page's module runs (on a
            // slow phone it listens about a second after the page starts: docs/download.md):
            // the page searches too, and the first answer shows. The worker, once listening,
            // is given the request as well. A restarted worker is waited for.
            WorkerState::Loading if self.worker == 1 => {
                self.on_page = Some(request.id);
                vec![Command::SearchOnPage(request)]
            }
            WorkerState::Loading => Vec::new(),
            WorkerState::Idle => self.post_next(now),
            WorkerState::Busy(posted) if posted.same_search(&request) => Vec::new(),
            WorkerState::Busy(_) => self.restart(now),
            WorkerState::Broken => vec![Command::SearchOnPage(request)],
        }
    }

    /// The page expects to ask for `request` next: the worker searches for it while it has
    /// nothing else to do. A search ahead for an earlier expectation runs to its end (its
    /// answer is dropped), as ending a worker costs a new one's start.
    pub fn expect(&mut self, request: Request, now: f64) -> Vec<Command> {
        if Self::same(&self.expected, &request) {
            return Vec::new();
        }
        self.expected = Some(request);
        self.ahead = None;
        match self.state {
            WorkerState::Idle => self.post_next(now),
            _ => Vec::new(),
        }
    }

    /// The page already holds the board a search for `request` finds, as a board token (the
    /// release drew it ahead: index.html): it is kept as the worker's search ahead would be,
    /// so Regenerate's tap shows it at once and no worker searches for it.
    pub fn known(&mut self, request: Request, token: String) {
        if Self::same(&self.expected, &request) && self.ahead.is_some() {
            return;
        }
        self.ahead = Some(Answer {
            id: request.id,
            result: Ok(token),
        });
        self.expected = Some(request);
    }

    /// Worker `worker` said `message` (or something that is not a message).
    pub fn heard<E>(
        &mut self,
        worker: u32,
        message: Result<FromWorker, E>,
        now: f64,
    ) -> Vec<Command> {
        if worker != self.worker || matches!(self.state, WorkerState::Broken) {
            return Vec::new();
        }
        let Ok(message) = message else {
            return self.failed(worker, Stopped::Unreadable);
        };
        match message {
            FromWorker::Ready if matches!(self.state, WorkerState::Loading) => {
                self.since = now;
                self.state = WorkerState::Idle;
                self.post_next(now)
            }
            FromWorker::Ready => Vec::new(),
            FromWorker::Progress { id, .. } => {
                // A sign of life: the deadline counts from the latest word on the request.
                if self.searches(id) {
                    self.since = now;
                }
                Vec::new()
            }
            // Request 0 is the worker's answer to a message it could not read (its id with
            // it): no request is numbered 0, and a worker that cannot read the page's requests
            // will not read the next one either, so waiting out the deadline gains nothing.
            FromWorker::Answer(Answer {
                id: 0,
                result: Err(Refusal::Other(why)),
            }) => self.failed(worker, Stopped::Misread(why)),
            FromWorker::Answer(answer) => {
                let posted = match &self.state {
                    WorkerState::Busy(posted) if posted.id == answer.id => posted.clone(),
                    // Not the answer to the request posted: nothing to show.
                    _ => return Vec::new(),
                };
                self.state = WorkerState::Idle;
                self.since = now;
                let mut commands = Vec::new();
                if let Some(wanted) = self.wanted.take_if(|w| w.same_search(&posted)) {
                    commands.push(Command::Show(wanted.id, answer.board()));
                } else if Self::same(&self.expected, &posted) {
                    self.ahead = Some(answer);
                }
                commands.extend(self.post_next(now));
                commands
            }
        }
    }

    /// Worker `worker` failed, and why.
    pub fn failed(&mut self, worker: u32, why: Stopped) -> Vec<Command> {
        if worker != self.worker || matches!(self.state, WorkerState::Broken) {
            return Vec::new();
        }
        self.state = WorkerState::Broken;
        let mut commands = vec![Command::Stop, Command::FellBack(why)];
        let on_page = self.on_page;
        commands.extend(
            self.wanted
                .clone()
                .filter(|wanted| Some(wanted.id) != on_page)
                .map(Command::SearchOnPage),
        );
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
        matches!(self.state, WorkerState::Loading | WorkerState::Busy(_))
            .then_some(self.since + PATIENCE_MS)
    }

    /// Whether request `id` is the current one, still unanswered (a page search stops once
    /// its request is not).
    pub fn wants(&self, id: u64) -> bool {
        self.wanted.as_ref().is_some_and(|r| r.id == id)
    }

    /// Whether `request` asks for the same board as `asked` (ids are not compared: the
    /// expected request's is only the one Regenerate's would take, if nothing came first).
    fn same(asked: &Option<Request>, request: &Request) -> bool {
        asked.as_ref().is_some_and(|a| a.same_search(request))
    }

    /// Whether the worker is searching for request `id`.
    fn searches(&self, id: u64) -> bool {
        matches!(&self.state, WorkerState::Busy(posted) if posted.id == id)
    }

    /// Gives an idle worker the wanted request, else the expected one if its answer is not
    /// kept yet.
    fn post_next(&mut self, now: f64) -> Vec<Command> {
        let next = match (&self.wanted, &self.expected) {
            (Some(wanted), _) => wanted,
            (None, Some(expected)) if self.ahead.is_none() => expected,
            _ => return Vec::new(),
        };
        let request = next.clone();
        self.state = WorkerState::Busy(request.clone());
        self.since = now;
        vec![Command::Post(ToWorker::Search(request))]
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
    use super::super::search::tests::{message, request};
    use super::super::search::{answer, reply_to};
    use super::*;
    use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};

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
        // Requests made while the first worker loads are searched on the page meanwhile and
        // replace each other: only the newest is sent.
        assert_eq!(
            relay.want(Some(request(1)), 10.0),
            [Command::SearchOnPage(request(1))]
        );
        assert_eq!(
            relay.want(Some(request(2)), 20.0),
            [Command::SearchOnPage(request(2))]
        );
        assert!(!relay.wants(1), "the page's search for 1 stops");
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
    fn a_tap_while_the_first_worker_loads_is_answered_by_whichever_searches_first() {
        // The page answers first: its board shows, and the worker's later one does not.
        let (mut relay, _) = Relay::new(0.0);
        assert_eq!(
            relay.want(Some(request(1)), 10.0),
            [Command::SearchOnPage(request(1))]
        );
        let board = board_for(&request(1));
        assert_eq!(
            relay.answered_on_page(answer(&request(1))),
            [Command::Show(1, Ok(board.clone()))]
        );
        assert_eq!(
            relay.heard(1, Ok::<_, String>(FromWorker::Ready), 30.0),
            [],
            "nothing left to post"
        );
        // The worker answers first: its board shows, and the page's search stops.
        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(1)), 10.0);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(FromWorker::Ready), 20.0),
            [Command::Post(message(&request(1)))]
        );
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&request(1))), 30.0),
            [Command::Show(1, Ok(board))]
        );
        assert!(!relay.wants(1), "the page's search stops");
        assert_eq!(relay.answered_on_page(answer(&request(1))), []);
        // A restarted worker is waited for: the page does not search beside it.
        relay.want(Some(request(2)), 40.0);
        assert_eq!(relay.want(Some(request(3)), 50.0), [Command::Start(2)]);
        assert_eq!(relay.want(Some(request(4)), 60.0), []);
        // A first worker given up on while the page searches leaves the page's search alone.
        let (mut relay, _) = Relay::new(0.0);
        relay.want(Some(request(5)), 10.0);
        assert_eq!(
            relay.tick(PATIENCE_MS),
            [Command::Stop, Command::FellBack(Stopped::DidNotStart)]
        );
        assert!(relay.wants(5), "still searched on the page");
    }

    #[test]
    fn a_board_known_ahead_answers_the_tap_at_once_and_is_never_searched() {
        let (mut relay, _) = Relay::new(0.0);
        let token = answer(&request(2)).result.unwrap();
        relay.known(request(2), token);
        relay.expect(request(2), 1.0);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(FromWorker::Ready), 2.0),
            [],
            "the worker is not asked for it"
        );
        assert_eq!(
            relay.want(Some(request(2)), 3.0),
            [Command::Show(2, Ok(board_for(&request(2))))]
        );
        // Another expectation replaces it.
        let (mut relay, _) = Relay::new(0.0);
        relay.known(request(2), answer(&request(2)).result.unwrap());
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        assert_eq!(
            relay.expect(request(3), 2.0),
            [Command::Post(message(&request(3)))]
        );
    }

    #[test]
    fn answers_to_anything_but_the_current_request_are_ignored() {
        let (mut relay, _) = Relay::new(0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 0.0);
        relay.want(Some(request(1)), 1.0);
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
        // Loading counts from the start; saying it listens resets the clock.
        assert_eq!(relay.deadline(), Some(PATIENCE_MS));
        assert_eq!(relay.tick(PATIENCE_MS - 1.0), []);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(FromWorker::Ready), 5000.0),
            []
        );
        assert_eq!(
            relay.want(Some(request(1)), 5000.0),
            [Command::Post(message(&request(1)))]
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
    fn a_worker_that_cannot_read_the_page_s_request_is_given_up_at_once() {
        let (mut relay, _) = Relay::new(0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 0.0);
        relay.want(Some(request(1)), 1.0);
        // What the worker sends back for a message it cannot decode (a page and worker of
        // different versions, say): request 0 and serde's words.
        let garbled = serde_json::from_str::<ToWorker>(r#"{"search":{"id":1}}"#);
        let why = garbled.as_ref().map(|_| ()).unwrap_err().to_string();
        let given_up = relay.heard(1, Ok::<_, String>(reply_to(garbled)), 2.0);
        assert_eq!(
            given_up,
            [
                Command::Stop,
                Command::FellBack(Stopped::Misread(why)),
                Command::SearchOnPage(request(1)),
            ],
            "not left to the deadline"
        );
        assert_eq!(relay.deadline(), None);
        // A refusal of a request the page made is an answer, not a failure.
        let (mut relay, _) = Relay::new(0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 0.0);
        relay.want(Some(request(1)), 1.0);
        let refused = FromWorker::Answer(Answer {
            id: 1,
            result: Err(Refusal::Other("no".into())),
        });
        assert_eq!(
            relay.heard(1, Ok::<_, String>(refused), 2.0),
            [Command::Show(1, Err(Refusal::Other("no".into())))]
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
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 0.0);
        relay.want(Some(request(1)), 1.0);
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

    /// Request `id` for the board of seed `seed` (default settings, balanced).
    fn seeded(id: u64, seed: u64) -> Request {
        Request {
            seed,
            ..request(id)
        }
    }

    #[test]
    fn an_idle_worker_searches_ahead_and_the_tap_shows_that_board_at_once() {
        let (mut relay, _) = Relay::new(0.0);
        // Expected while loading: searched once the worker listens, as nothing is wanted.
        assert_eq!(relay.expect(seeded(1, 50), 1.0), []);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(FromWorker::Ready), 2.0),
            [Command::Post(message(&seeded(1, 50)))]
        );
        assert_eq!(relay.deadline(), Some(2.0 + PATIENCE_MS), "busy ahead");
        // The same expectation again (its id moved on) changes nothing.
        assert_eq!(relay.expect(seeded(3, 50), 3.0), []);
        // The answer is kept, not shown: nobody asked yet.
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&seeded(1, 50))), 4.0),
            []
        );
        assert_eq!(relay.deadline(), None, "idle again");
        // The tap asks for that board under its own id: shown at once, nothing posted.
        assert_eq!(
            relay.want(Some(seeded(4, 50)), 5.0),
            [Command::Show(4, Ok(board_for(&seeded(4, 50))))]
        );
        assert!(!relay.wants(4));
        assert_eq!(relay.want(None, 6.0), []);
        // The next expectation is searched for straight away.
        assert_eq!(
            relay.expect(seeded(5, 51), 7.0),
            [Command::Post(message(&seeded(5, 51)))]
        );
    }

    #[test]
    fn a_tap_answered_from_the_search_ahead_replaces_a_request_still_searched() {
        let (mut relay, _) = Relay::new(0.0);
        relay.expect(seeded(1, 50), 0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        relay.heard(1, Ok::<_, String>(reply(&seeded(1, 50))), 2.0);
        // A typed seed with the same settings leaves the expectation and its board as they
        // were; the worker searches the typed one.
        assert_eq!(
            relay.want(Some(seeded(2, 7)), 3.0),
            [Command::Post(message(&seeded(2, 7)))]
        );
        // Regenerate then: shown at once, and the typed seed is wanted no more.
        assert_eq!(
            relay.want(Some(seeded(3, 50)), 4.0),
            [Command::Show(3, Ok(board_for(&seeded(3, 50))))]
        );
        assert!(!relay.wants(2));
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&seeded(2, 7))), 5.0),
            [],
            "its late answer shows nothing"
        );
    }

    #[test]
    fn a_tap_during_the_search_ahead_waits_for_it_and_anything_else_ends_it() {
        let (mut relay, _) = Relay::new(0.0);
        relay.expect(seeded(1, 50), 0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        assert_eq!(relay.want(None, 1.5), [], "a search ahead is not ended");
        // The tap for the board being searched ahead: no new worker, no new post.
        assert_eq!(relay.want(Some(seeded(2, 50)), 2.0), []);
        assert!(relay.wants(2));
        assert_eq!(relay.want(Some(seeded(2, 50)), 3.0), []);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&seeded(1, 50))), 4.0),
            [Command::Show(2, Ok(board_for(&seeded(2, 50))))]
        );
        // Another request while searching ahead ends the search; the answer comes first
        // and the expected board is searched after it.
        relay.expect(seeded(3, 60), 5.0);
        let other = Request {
            mode: Mode::Random,
            ..seeded(4, 60)
        };
        assert_eq!(relay.want(Some(other.clone()), 6.0), [Command::Start(2)]);
        assert_eq!(
            relay.heard(2, Ok::<_, String>(FromWorker::Ready), 7.0),
            [Command::Post(message(&other))]
        );
        assert_eq!(
            relay.heard(2, Ok::<_, String>(reply(&other)), 8.0),
            [
                Command::Show(4, Ok(board_for(&other))),
                Command::Post(message(&seeded(3, 60)))
            ]
        );
    }

    #[test]
    fn a_changed_expectation_drops_the_board_searched_for_the_old_one() {
        let (mut relay, _) = Relay::new(0.0);
        relay.expect(seeded(1, 50), 0.0);
        relay.heard(1, Ok::<_, String>(FromWorker::Ready), 1.0);
        // Changed while the old search runs: it runs out, its answer is dropped, and the new
        // expectation is searched next.
        assert_eq!(relay.expect(seeded(1, 70), 2.0), []);
        assert_eq!(
            relay.heard(1, Ok::<_, String>(reply(&seeded(1, 50))), 3.0),
            [Command::Post(message(&seeded(1, 70)))]
        );
        relay.heard(1, Ok::<_, String>(reply(&seeded(1, 70))), 4.0);
        // Changed once answered: the kept board goes, and a tap for it is searched afresh.
        assert_eq!(
            relay.expect(seeded(2, 80), 5.0),
            [Command::Post(message(&seeded(2, 80)))]
        );
        relay.heard(1, Ok::<_, String>(reply(&seeded(2, 80))), 6.0);
        assert_eq!(
            relay.want(Some(seeded(3, 70)), 7.0),
            [Command::Post(message(&seeded(3, 70)))]
        );
        // A worker given up on searches nothing ahead; the page searches only what is wanted.
        relay.tick(7.0 + PATIENCE_MS);
        assert_eq!(relay.expect(seeded(4, 90), 1e6), []);
        assert_eq!(
            relay.want(Some(seeded(5, 91)), 1e6),
            [Command::SearchOnPage(seeded(5, 91))]
        );
    }
}
