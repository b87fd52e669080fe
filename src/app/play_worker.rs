//! The play worker as a hook: the browser plumbing for [`Postbox`], which decides what to
//! post. The worker is a wasm module of its own (`src/bin/hexfair-play.rs`), started once the
//! first board has been painted, so a first visit fetches it only after the board is on
//! screen (docs/download.md). It is started once and kept: a newer play-test replaces the
//! one under way inside the worker, between two slices of games (`play_protocol::Player`),
//! which costs no second start of the module and at most a slice's wait.
//!
//! A worker that fails is not replaced (there is no simulator on the page to fall back on):
//! the state says so in words and shows no chances from then on.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

use super::chance_words::{
    player_failed, PLAYER_NOT_LOADED, PLAYER_NOT_STARTED, PLAYER_UNREADABLE,
};
use super::search_worker::loader;
use crate::play_protocol::{FromPlayer, PlayRequest, Postbox, ToPlayer};
use crate::worker_protocol::{from_message, to_message};

struct Plumbing {
    postbox: RefCell<Postbox>,
    worker: RefCell<Option<Worker>>,
    /// Whether the worker has been asked to start (it starts after the next paint).
    starting: Cell<bool>,
    /// Whether it failed: then nothing more is posted or reported.
    failed: Cell<bool>,
    on_message: Closure<dyn Fn(MessageEvent)>,
    on_error: Closure<dyn Fn(Event)>,
    start_after_paint: Closure<dyn Fn()>,
    start_now: Closure<dyn Fn()>,
    on_reply: Callback<FromPlayer>,
    on_failure: Callback<String>,
}

impl Plumbing {
    fn new(on_reply: Callback<FromPlayer>, on_failure: Callback<String>) -> Rc<Plumbing> {
        Rc::new_cyclic(|weak: &Weak<Plumbing>| {
            let (message, error, paint, start) =
                (weak.clone(), weak.clone(), weak.clone(), weak.clone());
            Plumbing {
                postbox: RefCell::new(Postbox::default()),
                worker: RefCell::new(None),
                starting: Cell::new(false),
                failed: Cell::new(false),
                on_message: Closure::new(move |event: MessageEvent| {
                    if let Some(plumbing) = message.upgrade() {
                        plumbing.heard(from_message::<FromPlayer>(event.data()));
                    }
                }),
                on_error: Closure::new(move |event: Event| {
                    if let Some(plumbing) = error.upgrade() {
                        let why = match event.dyn_ref::<ErrorEvent>().map(|e| e.message()) {
                            Some(message) if !message.is_empty() => message,
                            // A worker script that cannot be fetched fails with a bare event.
                            _ => PLAYER_NOT_LOADED.to_string(),
                        };
                        plumbing.fail(&why);
                    }
                }),
                // A frame callback runs before the browser paints; a task queued from it runs
                // after the paint, with the board on screen.
                start_after_paint: Closure::new(move || {
                    if let (Some(plumbing), Some(window)) = (paint.upgrade(), web_sys::window()) {
                        let _ = window
                            .set_timeout_with_callback(plumbing.start_now.as_ref().unchecked_ref());
                    }
                }),
                start_now: Closure::new(move || {
                    if let Some(plumbing) = start.upgrade() {
                        plumbing.start();
                    }
                }),
                on_reply,
                on_failure,
            }
        })
    }

    fn want(&self, request: Option<PlayRequest>) {
        if self.failed.get() {
            return;
        }
        if request.is_some() && !self.starting.replace(true) {
            if let Some(window) = web_sys::window() {
                let _ =
                    window.request_animation_frame(self.start_after_paint.as_ref().unchecked_ref());
            }
        }
        let post = self.postbox.borrow_mut().want(request);
        self.post(post);
    }

    fn start(&self) {
        // A module worker: its loader imports the play module's wasm-bindgen glue.
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        match Worker::new_with_options(&loader("hexfair-play"), &options) {
            Ok(worker) => {
                worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
                worker.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
                *self.worker.borrow_mut() = Some(worker);
            }
            Err(_) => self.fail(PLAYER_NOT_STARTED),
        }
    }

    fn heard(&self, message: Result<FromPlayer, String>) {
        if self.failed.get() {
            return;
        }
        let Ok(message) = message else {
            return self.fail(PLAYER_UNREADABLE);
        };
        let post = self.postbox.borrow_mut().heard(&message);
        self.post(post);
        self.on_reply.emit(message);
    }

    fn post(&self, message: Option<ToPlayer>) {
        if let (Some(worker), Some(Ok(value))) = (
            self.worker.borrow().as_ref(),
            message.as_ref().map(to_message),
        ) {
            let _ = worker.post_message(&value);
        }
    }

    fn fail(&self, why: &str) {
        if self.failed.replace(true) {
            return;
        }
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.terminate();
        }
        self.on_failure.emit(player_failed(why));
    }
}

/// A handle that tells the play worker which play-test the page wants.
#[derive(Clone)]
pub struct PlayWorker(Rc<Plumbing>);

impl PlayWorker {
    /// The page now wants `request` played (`None`: nothing), replacing any earlier one.
    /// The first request starts the worker, after the next paint.
    pub fn want(&self, request: Option<PlayRequest>) {
        self.0.want(request);
    }
}

/// The play worker, started by the first request; its replies come back through
/// `on_reply`, and `on_failure` says in words when it stops working.
#[hook]
pub fn use_play_worker(on_reply: Callback<FromPlayer>, on_failure: Callback<String>) -> PlayWorker {
    let plumbing = use_memo((), move |_| Plumbing::new(on_reply, on_failure));
    PlayWorker((*plumbing).clone())
}
