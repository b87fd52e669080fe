//! The search worker as a hook: the browser plumbing for [`Relay`], which makes every
//! decision (which request is current, when a worker is ended or given up on, when the page
//! searches by itself). This file only starts and ends workers, posts to them, keeps one
//! timer for the relay's deadline, and runs the page's own search in slices.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

use crate::balance::search::{Found, Search, DEFAULT_CANDIDATES};
use crate::board::Board;
use crate::generate::GenerateError;
use crate::worker_protocol::{
    from_message, reply_to, to_message, Answer, Command, FromWorker, Refusal, Relay, Request,
    Stopped, ToWorker,
};

/// How long the page searches before it lets the browser draw and take taps: well inside
/// the 50 ms after which a browser counts a task as long, with room for a slower phone.
const SLICE_MS: f64 = 10.0;
/// Annealing steps between two looks at the clock (a step takes microseconds).
const STEPS_PER_LOOK: u32 = 50;
/// The most work of drawing a legal board between two looks at the clock: a unit is about
/// a nanosecond natively (see [`crate::generate::Tally::work`]), so about half a millisecond
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
    on_message: Closure<dyn Fn(MessageEvent)>,
    on_error: Closure<dyn Fn(Event)>,
    on_message_error: Closure<dyn Fn(Event)>,
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
            let from_worker = |then: fn(&mut Relay, u32, &Event) -> Vec<Command>| {
                let weak = weak.clone();
                move |event: &Event| {
                    let Some(plumbing) = weak.upgrade() else {
                        return;
                    };
                    let Some(number) = plumbing.number_of(event) else {
                        return;
                    };
                    let commands = then(&mut plumbing.relay.borrow_mut(), number, event);
                    plumbing.carry_out(commands);
                }
            };
            let message = from_worker(|relay, number, event| {
                let data = event
                    .dyn_ref::<MessageEvent>()
                    .map_or(JsValue::UNDEFINED, |e| e.data());
                relay.heard(number, from_message::<FromWorker>(data), now())
            });
            let error = from_worker(|relay, number, event| {
                let why = match event.dyn_ref::<ErrorEvent>().map(|e| e.message()) {
                    Some(message) if !message.is_empty() => Stopped::Failed(message),
                    // A worker script that cannot be fetched fails with a bare event.
                    _ => Stopped::NotLoaded,
                };
                relay.failed(number, why)
            });
            let message_error =
                from_worker(|relay, number, _| relay.failed(number, Stopped::NotReceived));
            let deadline = weak.clone();
            Plumbing {
                relay: RefCell::new(relay),
                worker: RefCell::new(None),
                on_message: Closure::new(move |e: MessageEvent| message(&e)),
                on_error: Closure::new(move |e: Event| error(&e)),
                on_message_error: Closure::new(move |e: Event| message_error(&e)),
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
                    if let (Some((_, worker)), Ok(value)) =
                        (self.worker.borrow().as_ref(), to_message(&message))
                    {
                        // Plain values always post; were one lost, the deadline would still
                        // come.
                        let _ = worker.post_message(&value);
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
        // A module worker: its loader imports the page's own wasm-bindgen module.
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        match Worker::new_with_options(&loader("hexfair-worker"), &options) {
            Ok(worker) => {
                worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
                worker.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
                worker.set_onmessageerror(Some(self.on_message_error.as_ref().unchecked_ref()));
                *self.worker.borrow_mut() = Some((number, worker));
            }
            Err(_) => {
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
}

/// The loader of the worker named `name` (`hexfair-worker`, `hexfair-play`), next to the
/// page. The build names the workers' files after the release (`scripts/stamp-release.mjs`),
/// which the page's `hexfair-release` meta tag names, so a page always starts the workers of
/// its own release, never those of another deploy.
pub fn loader(name: &str) -> String {
    let release = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("meta[name=hexfair-release]")
                .ok()
                .flatten()
        })
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_default();
    format!("./{name}-{release}_loader.js")
}

/// The worker's side: the loader starts this same module in a worker (one download and one
/// cache entry for page and worker), where each message is a request and the reply is its
/// answer (`worker_protocol`'s messages).
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to_page = scope.clone();
    let say = move |message: &FromWorker| {
        if let Ok(value) = to_message(message) {
            let _ = reply_to_page.post_message(&value);
        }
    };
    let on_message = {
        let say = say.clone();
        Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            say(&reply_to(from_message::<ToWorker>(event.data())));
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page: keep the handler.
    on_message.forget();
    // Messages that arrived while the wasm was loading found no handler; say when one is
    // there, so the page sends its requests after that.
    say(&FromWorker::Ready);
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
