//! The play worker as a hook: the browser plumbing for [`Postbox`], which decides what to
//! post. The worker is a wasm module of its own (`src/bin/hexfair-play.rs`), started once the
//! first board has been painted, so a first visit fetches it only after the board is on
//! screen (docs/download.md). It is started once and kept: a newer play-test replaces the
//! one under way inside the worker, between two slices of games (`protocol::player::Player`),
//! which costs no second start of the module and at most a slice's wait.
//!
//! A worker that fails is not replaced (there is no simulator on the page to fall back on):
//! the state says so in words and shows no chances from then on.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Worker;
use yew::prelude::*;

use super::protocol::play::{FromPlayer, ToPlayer};
use super::protocol::postbox::{Postbox, Wanted};
use super::state::Trouble;
use super::worker::{from_message, post, Ended, Handlers};

/// Where the play worker is in its life: the one record of it on the page's side (whether it
/// listens yet is the postbox's).
enum Life {
    /// Nothing asked of it yet.
    NotAsked,
    /// Asked: waiting for the frame that draws the first board.
    WaitingForFrame,
    /// Waiting for the task after that frame's paint.
    WaitingForPaint,
    Started(Worker),
    /// It failed: nothing more is posted or reported.
    Failed,
}

struct Plumbing {
    postbox: RefCell<Postbox>,
    life: RefCell<Life>,
    handlers: Handlers,
    /// Called by the frame that draws the first board, then by a task after its paint.
    start_step: Closure<dyn Fn()>,
    on_reply: Callback<FromPlayer>,
    on_failure: Callback<Trouble>,
}

impl Plumbing {
    fn new(on_reply: Callback<FromPlayer>, on_failure: Callback<Trouble>) -> Rc<Plumbing> {
        Rc::new_cyclic(|weak: &Weak<Plumbing>| {
            let (message, error, step) = (weak.clone(), weak.clone(), weak.clone());
            let heard = move |event: &web_sys::MessageEvent| {
                if let Some(plumbing) = message.upgrade() {
                    plumbing.heard(from_message::<FromPlayer>(event.data()));
                }
            };
            let ended = move |_: &web_sys::Event, ended: Ended| {
                if let Some(plumbing) = error.upgrade() {
                    plumbing.fail(match ended {
                        Ended::NotLoaded => Trouble::NotLoaded,
                        Ended::Failed(message) => Trouble::Stopped(message),
                        // A reply that could not be received is one that could not be read.
                        Ended::NotReceived => Trouble::Unreadable,
                    });
                }
            };
            Plumbing {
                postbox: RefCell::new(Postbox::default()),
                life: RefCell::new(Life::NotAsked),
                handlers: Handlers::new(heard, ended),
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
        let (failed, first) = match *self.life.borrow() {
            Life::Failed => (true, false),
            Life::NotAsked => (false, true),
            _ => (false, false),
        };
        if failed {
            return;
        }
        if first {
            self.start_step();
        }
        let post = self.postbox.borrow_mut().want(wanted);
        self.post(post);
    }

    /// The next step of the start. A frame callback runs before the browser paints; a task
    /// queued from it runs after the paint, with the board on screen: then the worker starts.
    fn start_step(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let callback = self.start_step.as_ref().unchecked_ref();
        // Read, then let go of, the life before changing it.
        let life = match *self.life.borrow() {
            Life::NotAsked => Life::WaitingForFrame,
            Life::WaitingForFrame => Life::WaitingForPaint,
            Life::WaitingForPaint => match self.handlers.start("hexfair-play") {
                Some(worker) => Life::Started(worker),
                None => Life::Failed,
            },
            Life::Started(_) | Life::Failed => return,
        };
        let _ = match life {
            Life::WaitingForFrame => window.request_animation_frame(callback),
            Life::WaitingForPaint => window.set_timeout_with_callback(callback),
            Life::Failed => return self.fail(Trouble::NotStarted),
            _ => Ok(0),
        };
        *self.life.borrow_mut() = life;
    }

    fn heard(&self, message: Result<FromPlayer, String>) {
        if matches!(*self.life.borrow(), Life::Failed) {
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
        if let Life::Started(worker) = &*self.life.borrow() {
            for message in messages {
                post(worker, &message);
            }
        }
    }

    fn fail(&self, why: Trouble) {
        let before = std::mem::replace(&mut *self.life.borrow_mut(), Life::Failed);
        match before {
            Life::Failed => return,
            Life::Started(worker) => worker.terminate(),
            _ => {}
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
