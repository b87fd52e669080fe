//! The search worker as a hook: it starts the worker once, sends it requests, and turns its
//! answers into a callback. Where the browser cannot start the worker, the same answer is
//! computed on the page instead (slower to respond, but never wrong).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

use crate::board::Board;
use crate::share::decode_token;
use crate::worker_protocol::{answer, Answer, Request, READY};

/// Where Trunk puts the worker's loader, next to the page.
const LOADER: &str = "./hexfair-worker_loader.js";

/// The worker and what waits for it: requests asked before it listens are held until it
/// says it is ready.
struct Channel {
    worker: Worker,
    ready: Cell<bool>,
    waiting: RefCell<Vec<String>>,
}

impl Channel {
    fn send(&self, json: String) -> bool {
        if !self.ready.get() {
            self.waiting.borrow_mut().push(json);
            return true;
        }
        self.worker.post_message(&JsValue::from_str(&json)).is_ok()
    }

    fn listening(&self) {
        self.ready.set(true);
        for json in self.waiting.take() {
            let _ = self.worker.post_message(&JsValue::from_str(&json));
        }
    }
}

/// A handle that sends requests to the worker.
#[derive(Clone)]
pub struct SearchWorker {
    channel: Option<Rc<Channel>>,
    on_answer: Callback<(u64, Result<Board, String>)>,
}

impl SearchWorker {
    pub fn ask(&self, request: &Request) {
        let json = serde_json::to_string(request).expect("plain JSON");
        let sent = self.channel.as_ref().is_some_and(|c| c.send(json.clone()));
        if !sent {
            deliver(&answer(&json), &self.on_answer);
        }
    }
}

/// Reads an answer and hands the board (or the reason) to `on_answer`.
fn deliver(json: &str, on_answer: &Callback<(u64, Result<Board, String>)>) {
    let Ok(reply) = serde_json::from_str::<Answer>(json) else {
        return;
    };
    let result = match (reply.token, reply.error) {
        (Some(token), _) => decode_token(&token)
            .map_err(|e| e.0)
            .and_then(|link| link.board.ok_or_else(|| "no board".into())),
        (None, error) => Err(error.unwrap_or_else(|| "no answer".into())),
    };
    on_answer.emit((reply.id, result));
}

#[hook]
pub fn use_search_worker(on_answer: Callback<(u64, Result<Board, String>)>) -> SearchWorker {
    let channel = use_memo((), |_| {
        Worker::new(LOADER).ok().map(|worker| {
            Rc::new(Channel {
                worker,
                ready: Cell::new(false),
                waiting: RefCell::new(Vec::new()),
            })
        })
    });
    let handler = use_mut_ref(|| None::<Closure<dyn Fn(MessageEvent)>>);
    {
        let channel = channel.clone();
        let on_answer = on_answer.clone();
        use_effect_with((), move |_| {
            if let Some(channel) = channel.as_ref().clone() {
                let worker = channel.worker.clone();
                let closure = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                    match event.data().as_string() {
                        Some(text) if text == READY => channel.listening(),
                        Some(json) => deliver(&json, &on_answer),
                        None => {}
                    }
                });
                worker.set_onmessage(Some(closure.as_ref().unchecked_ref()));
                *handler.borrow_mut() = Some(closure);
            }
        });
    }
    SearchWorker {
        channel: (*channel).clone(),
        on_answer,
    }
}
