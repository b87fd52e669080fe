//! The search worker as a hook: the browser plumbing for [`Relay`], which makes every
//! decision (which request is current, when a worker is ended or given up on, when the page
//! searches by itself). This file only starts and ends workers, posts to them, keeps one
//! timer for the relay's deadline, and runs the page's own search in slices.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker};
use yew::prelude::*;

use super::protocol::relay::{Command, Relay, Stopped};
use super::protocol::search::{reply_to, Answer, FromWorker, Refusal, Request, ToWorker};
use super::worker::{from_message, listen, post, reply, Ended, Handlers};
use hexfair::balance::search::{Found, Search, DEFAULT_CANDIDATES};
use hexfair::board::Board;
use hexfair::generate::GenerateError;

/// How long the page searches before it lets the browser draw and take taps: well inside
/// the 50 ms after which a browser counts a task as long, with room for a slower phone.
const SLICE_MS: f64 = 10.0;
/// Annealing steps between two looks at the clock (a step takes microseconds).
const STEPS_PER_LOOK: u32 = 50;
/// The most work of drawing a legal board between two looks at the clock: a unit is about
/// a nanosecond natively (see [`hexfair::generate::Tally::work`]), so about half a millisecond
/// natively and one or two in the browser.
const WORK_PER_LOOK: u64 = 500_000;
/// The name of a slice of the page's search in the browser's performance timeline.
const SLICE_MARK: &str = "hexfair page search slice";

/// The board for a request, or why there is none.
pub type Answered = (u64, Result<Board, Refusal>);

struct Plumbing {
    relay: RefCell<Relay>,
    /// The current worker and its number.
    worker: RefCell<Option<(u32, Worker)>>,
    // One set of handlers serves every worker, made once, so that none is dropped while it
    // runs (a handler may end its own worker). Events name their worker by their target.
    handlers: Handlers,
    on_deadline: Closure<dyn Fn()>,
    /// The browser's handle of the deadline timer.
    timer: Cell<Option<i32>>,
    on_answer: Callback<Answered>,
    on_fallback: Callback<Stopped>,
}

pub(super) fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

impl Plumbing {
    fn new(
        relay: Relay,
        on_answer: Callback<Answered>,
        on_fallback: Callback<Stopped>,
    ) -> Rc<Plumbing> {
        Rc::new_cyclic(|weak: &Weak<Plumbing>| {
            // What a worker event means to the relay; run only for the current worker.
            let to_relay = {
                let weak = weak.clone();
                move |event: &Event, then: &dyn Fn(&mut Relay, u32) -> Vec<Command>| {
                    let Some(plumbing) = weak.upgrade() else {
                        return;
                    };
                    let Some(number) = plumbing.number_of(event) else {
                        return;
                    };
                    let commands = then(&mut plumbing.relay.borrow_mut(), number);
                    plumbing.carry_out(commands);
                }
            };
            let heard = {
                let to_relay = to_relay.clone();
                move |event: &MessageEvent| {
                    to_relay(event, &|relay, number| {
                        relay.heard(number, from_message::<FromWorker>(event.data()), now())
                    })
                }
            };
            let ended = move |event: &Event, ended: Ended| {
                let why = match ended {
                    Ended::NotLoaded => Stopped::NotLoaded,
                    Ended::Failed(message) => Stopped::Failed(message),
                    Ended::NotReceived => Stopped::NotReceived,
                };
                to_relay(event, &|relay, number| relay.failed(number, why.clone()))
            };
            let deadline = weak.clone();
            Plumbing {
                relay: RefCell::new(relay),
                worker: RefCell::new(None),
                handlers: Handlers::new(heard, ended),
                on_deadline: Closure::new(move || {
                    if let Some(plumbing) = deadline.upgrade() {
                        let commands = plumbing.relay.borrow_mut().tick(now());
                        plumbing.carry_out(commands);
                    }
                }),
                timer: Cell::new(None),
                on_answer,
                on_fallback,
            }
        })
    }

    /// The number of the worker an event came from, if it is the current one.
    fn number_of(&self, event: &Event) -> Option<u32> {
        let target: JsValue = event.target()?.into();
        self.worker
            .borrow()
            .as_ref()
            .filter(|(_, worker)| AsRef::<JsValue>::as_ref(worker) == &target)
            .map(|&(number, _)| number)
    }

    fn carry_out(self: &Rc<Self>, commands: Vec<Command>) {
        for command in commands {
            match command {
                Command::Start(number) => self.start(number),
                Command::Post(message) => {
                    if let Some((_, worker)) = self.worker.borrow().as_ref() {
                        post(worker, &message);
                    }
                }
                Command::Stop => self.stop(),
                Command::SearchOnPage(request) => {
                    wasm_bindgen_futures::spawn_local(search_on_page(Rc::downgrade(self), request))
                }
                Command::Show(id, result) => self.on_answer.emit((id, result)),
                Command::FellBack(why) => self.on_fallback.emit(why),
            }
        }
        self.set_timer();
    }

    fn start(self: &Rc<Self>, number: u32) {
        self.stop();
        match self.handlers.start("hexfair-worker") {
            Some(worker) => *self.worker.borrow_mut() = Some((number, worker)),
            None => {
                let commands = self.relay.borrow_mut().failed(number, Stopped::NotStarted);
                self.carry_out(commands);
            }
        }
    }

    /// Ends the current worker, mid-search or not: a worker cannot be interrupted.
    fn stop(&self) {
        if let Some((_, worker)) = self.worker.borrow_mut().take() {
            worker.terminate();
        }
    }

    /// Wakes the relay at its deadline, if it has one.
    fn set_timer(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        if let Some(handle) = self.timer.take() {
            window.clear_timeout_with_handle(handle);
        }
        if let Some(deadline) = self.relay.borrow().deadline() {
            // A millisecond late rather than early; an early wake only sets the timer again.
            let delay = (deadline - now()).max(0.0).ceil() + 1.0;
            self.timer.set(
                window
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        self.on_deadline.as_ref().unchecked_ref(),
                        delay as i32,
                    )
                    .ok(),
            );
        }
    }
}

/// Searches for `request` on the page, a slice at a time, until it is answered or a newer
/// request replaces it.
async fn search_on_page(plumbing: Weak<Plumbing>, request: Request) {
    let wanted = || {
        plumbing
            .upgrade()
            .is_some_and(|p| p.relay.borrow().wants(request.id))
    };
    let mut search = Search::new(
        &request.settings,
        request.mode,
        DEFAULT_CANDIDATES,
        request.seed,
    );
    let found = loop {
        // The page's turn first: the tap that asked is drawn before any searching.
        next_task().await;
        if !wanted() {
            return;
        }
        if let Some(found) = slice(&mut search) {
            break found;
        }
    };
    let answer = Answer::of(&request, found);
    if let Some(plumbing) = plumbing.upgrade() {
        let commands = plumbing.relay.borrow_mut().answered_on_page(answer);
        plumbing.carry_out(commands);
    }
}

/// Advances the search for about [`SLICE_MS`]: its result, if it ended. Drawing a legal
/// board (the exact solver, for hard rule sets) is cut like the rest, by its counted work.
fn slice(search: &mut Search) -> Option<Result<Found, GenerateError>> {
    let performance = web_sys::window().and_then(|w| w.performance());
    if let Some(p) = &performance {
        let _ = p.mark(SLICE_MARK);
    }
    let until = now() + SLICE_MS;
    let found = loop {
        if let Some(found) = search.advance(STEPS_PER_LOOK, WORK_PER_LOOK) {
            break Some(found);
        }
        if now() >= until {
            break None;
        }
    };
    // Each slice shows in the browser's performance timeline (and to the browser tests).
    if let Some(p) = &performance {
        let _ = p.measure_with_start_mark(SLICE_MARK, SLICE_MARK);
        p.clear_marks_with_mark_name(SLICE_MARK);
        p.clear_measures_with_measure_name(SLICE_MARK);
    }
    found
}

/// Resolves in a later task (a zero-delay timer), so the browser runs what waits between.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// A handle that tells the relay which request the page wants answered.
#[derive(Clone)]
pub struct SearchWorker(Rc<Plumbing>);

impl SearchWorker {
    /// The page now wants `request` answered (`None`: nothing), replacing any earlier one.
    pub fn want(&self, request: Option<Request>) {
        let commands = self.0.relay.borrow_mut().want(request, now());
        self.0.carry_out(commands);
    }

    /// The page already holds the board a search for `request` finds (a board token):
    /// Regenerate's tap shows it at once.
    pub fn known(&self, request: Request, token: String) {
        self.0.relay.borrow_mut().known(request, token);
    }

    /// The page expects to ask for `request` next: the worker searches for it when idle.
    pub fn expect(&self, request: Request) {
        let commands = self.0.relay.borrow_mut().expect(request, now());
        self.0.carry_out(commands);
    }
}

/// The worker's side: the loader starts this same module in a worker (one download and one
/// cache entry for page and worker), where each message is a request and the reply is its
/// answer (`protocol::search`'s messages).
pub fn serve() {
    listen(
        |message| reply(&reply_to(from_message::<ToWorker>(message))),
        &FromWorker::Ready,
    );
}

/// Starts the first worker once mounted; answers come back through `on_answer`, and
/// `on_fallback` says in words when searches move onto the page.
#[hook]
pub fn use_search_worker(
    on_answer: Callback<Answered>,
    on_fallback: Callback<Stopped>,
) -> SearchWorker {
    let made = use_memo((), move |_| {
        let (relay, start) = Relay::new(now());
        (Plumbing::new(relay, on_answer, on_fallback), start)
    });
    {
        let made = made.clone();
        use_effect_with((), move |_| made.0.carry_out(made.1.clone()));
    }
    SearchWorker(made.0.clone())
}
