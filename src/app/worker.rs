//! The browser plumbing both workers share: how a message crosses the wall (a JavaScript
//! value made by serde-wasm-bindgen, no JSON text), how the page starts a worker of its own
//! release with a handler for each of its events, and how a worker listens and replies. The
//! decisions are elsewhere, plain data tested natively (`protocol`); this only carries them.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, Event, MessageEvent, Worker};
use web_sys::{WorkerOptions, WorkerType};

/// A message as the browser carries it: a JavaScript value, 64-bit numbers as BigInts (a
/// seed may be past 2^53).
pub fn to_message(message: &impl Serialize) -> Result<JsValue, String> {
    message
        .serialize(
            &serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true),
        )
        .map_err(|e| e.to_string())
}

/// A message the browser delivered, or why it is not one (serde's words, for the tests).
pub fn from_message<T: serde::de::DeserializeOwned>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// How a worker ended, as its events tell it; each worker's plumbing names it in its own
/// facts for the state.
pub enum Ended {
    /// Its script could not be fetched (a bare error event).
    NotLoaded,
    /// It failed, in the browser's words.
    Failed(String),
    /// It sent a message that could not be received (`messageerror`).
    NotReceived,
}

/// The handlers of a worker's events, made once and kept as long as the page: a handler
/// may end its own worker, so none may be dropped while it runs.
pub struct Handlers {
    on_message: Closure<dyn Fn(MessageEvent)>,
    on_error: Closure<dyn Fn(Event)>,
    on_message_error: Closure<dyn Fn(Event)>,
}

impl Handlers {
    /// `heard` gets each message's event (`data` is the message), `ended` each event that
    /// ends the worker, with the event (its target names the worker).
    pub fn new(
        heard: impl Fn(&MessageEvent) + 'static,
        ended: impl Fn(&Event, Ended) + Clone + 'static,
    ) -> Handlers {
        let not_received = ended.clone();
        Handlers {
            on_message: Closure::new(move |event: MessageEvent| heard(&event)),
            on_error: Closure::new(move |event: Event| {
                let why = match event.dyn_ref::<ErrorEvent>().map(|e| e.message()) {
                    Some(message) if !message.is_empty() => Ended::Failed(message),
                    _ => Ended::NotLoaded,
                };
                ended(&event, why);
            }),
            on_message_error: Closure::new(move |event: Event| {
                not_received(&event, Ended::NotReceived)
            }),
        }
    }

    /// Starts the module worker named `name` (`hexfair-worker`, `hexfair-play`) of this
    /// page's release, its events sent to these handlers; `None` if the browser would not.
    pub fn start(&self, name: &str) -> Option<Worker> {
        // A module worker: its loader imports the wasm-bindgen module it runs.
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(&loader(name), &options).ok()?;
        worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(self.on_message_error.as_ref().unchecked_ref()));
        Some(worker)
    }
}

/// Posts `message` to `worker`. Plain values always post; were one lost, the page's own
/// deadlines would still come.
pub fn post(worker: &Worker, message: &impl Serialize) {
    if let Ok(value) = to_message(message) {
        let _ = worker.post_message(&value);
    }
}

/// The loader of the worker named `name`, next to the page. The build names the workers'
/// files after the release (`scripts/stamp-release.mjs`), which the page's `hexfair-release`
/// meta tag names, so a page always starts the workers of its own release, never those of
/// another deploy.
fn loader(name: &str) -> String {
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

/// The worker's side: replies to the page.
pub fn reply(message: &impl Serialize) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    if let Ok(value) = to_message(message) {
        let _ = scope.post_message(&value);
    }
}

/// The worker's side: hands each message from the page to `heard`, as long as the worker
/// lives. Messages that arrived while the wasm was loading found no handler: the worker then
/// says it is ready (`ready`), so the page sends its requests after that.
pub fn listen(heard: impl Fn(JsValue) + 'static, ready: &impl Serialize) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        heard(event.data());
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    reply(ready);
}
