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

use super::search_worker::loader;
use super::state::Trouble;
use crate::play_protocol::{FromPlayer, Postbox, ToPlayer, Wanted};
use crate::worker_protocol::{from_message, to_message};

struct Plumbing {
    postbox: RefCell<Postbox>,
    worker: RefCell<Option<Worker>>,
    /// How far the start is: 0 not asked, 1 waiting for a frame, 2 for the task after its
    /// paint, 3 started.
    starting: Cell<u8>,
    /// Whether it failed: then nothing more is posted or reported.
    failed: Cell<bool>,
    on_message: Closure<dyn Fn(MessageEvent)>,
    on_error: Closure<dyn Fn(Event)>,
    /// Called by the frame that draws the first board, then by a task after its paint.
    start_step: Closure<dyn Fn()>,
    on_reply: Callback<FromPlayer>,
    on_failure: Callback<Trouble>,
}

impl Plumbing {
    fn new(on_reply: Callback<FromPlayer>, on_failure: Callback<Trouble>) -> Rc<Plumbing> {
        Rc::new_cyclic(|weak: &Weak<Plumbing>| {
            let (message, error, step) = (weak.clone(), weak.clone(), weak.clone());
            Plumbing {
                postbox: RefCell::new(Postbox::default()),
                worker: RefCell::new(None),
                starting: Cell::new(0),
                failed: Cell::new(false),
                on_message: Closure::new(move |event: MessageEvent| {
                    if let Some(plumbing) = message.upgrade() {
                        plumbing.heard(from_message::<FromPlayer>(event.data()));
                    }
                }),
                on_error: Closure::new(move |event: Event| {
                    if let Some(plumbing) = error.upgrade() {
                        let why = match event.dyn_ref::<ErrorEvent>().map(|e| e.message()) {
                            Some(message) if !message.is_empty() => Trouble::Stopped(message),
                            // A worker script that cannot be fetched fails with a bare event.
                            _ => Trouble::NotLoaded,
                        };
                        plumbing.fail(why);
                    }
                }),
                start_step: Closure::new(move || {
                    if let Some(plumbing) = step.upgrade() {
                        plumbing.start_step();
                    }
                }),
                on_reply,
                on_failure,
            }
        })
    }

    fn want(&self, wanted: Wanted) {
        if self.failed.get() {
            return;
        }
        if self.starting.get() == 0 {
            self.start_step();
        }
        let post = self.postbox.borrow_mut().want(wanted);
        self.post(post);
    }

    /// The next step of the start. A frame callback runs before the browser paints; a task
    /// queued from it runs after the paint, with the board on screen: then the worker starts.
    fn start_step(&self) {
        let step = self.starting.get();
        self.starting.set(step + 1);
        let Some(window) = web_sys::window() else {
            return;
        };
        let callback = self.start_step.as_ref().unchecked_ref();
        let _ = match step {
            0 => window.request_animation_frame(callback),
            1 => window.set_timeout_with_callback(callback),
            _ => {
                self.start();
                Ok(0)
            }
        };
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
            Err(_) => self.fail(Trouble::NotStarted),
        }
    }

    fn heard(&self, message: Result<FromPlayer, String>) {
        if self.failed.get() {
            return;
        }
        let Ok(message) = message else {
            return self.fail(Trouble::Unreadable);
        };
        let post = self.postbox.borrow_mut().heard(&message);
        self.post(post);
        self.on_reply.emit(message);
    }

    fn post(&self, messages: Vec<ToPlayer>) {
        let worker = self.worker.borrow();
        let Some(worker) = worker.as_ref() else {
            return;
        };
        for message in messages {
            if let Ok(value) = to_message(&message) {
                // Plain values always post.
                let _ = worker.post_message(&value);
            }
        }
    }

    fn fail(&self, why: Trouble) {
        if self.failed.replace(true) {
            return;
        }
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.terminate();
        }
        self.on_failure.emit(why);
    }
}

/// A handle that tells the play worker which play-test the page wants.
#[derive(Clone)]
pub struct PlayWorker(Rc<Plumbing>);

impl PlayWorker {
    /// The page now wants this (a fair start, a play-test, a QR code), each
    /// replacing any earlier one. The first call starts the worker, after the next paint.
    pub fn want(&self, wanted: Wanted) {
        self.0.want(wanted);
    }
}

/// The play worker, started by the first request; its replies come back through
/// `on_reply`, and `on_failure` says in words when it stops working.
#[hook]
pub fn use_play_worker(
    on_reply: Callback<FromPlayer>,
    on_failure: Callback<Trouble>,
) -> PlayWorker {
    let plumbing = use_memo((), move |_| Plumbing::new(on_reply, on_failure));
    PlayWorker((*plumbing).clone())
}
