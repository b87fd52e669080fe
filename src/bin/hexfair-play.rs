//! The play worker's entry point: the engine without the app, built by Trunk for wasm32 as a
//! module of its own (index.html) that the page starts in a worker once the first board is
//! on screen, so the game simulator is not part of the first visit's download
//! (docs/download.md). Each message is a play-test; the worker answers with its progress and
//! its tally ([`hexfair::play_protocol`]).
//!
//! It also draws the Saved tab's QR codes and writes the build guide in the page's language:
//! the QR encoder, the guide and its words are too large for the first visit's download
//! (docs/download.md).

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("hexfair-play is the browser app's play worker: build it with `trunk build`; the command line's play-test is `hexfair playtest`");
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;
    use std::rc::Rc;

    use hexfair::play_protocol::{FromPlayer, Player, ToPlayer, GAMES_PER_SLICE};
    use hexfair::worker_protocol::{from_message, to_message};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent, MessagePort};

    /// Plays each request a slice of games at a time; between slices the worker reads its
    /// messages, so a newer request replaces the one under way within a slice.
    pub fn serve() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let player = Rc::new(RefCell::new(Player::new()));
        let say = {
            let scope = scope.clone();
            move |message: &FromPlayer| {
                if let Ok(value) = to_message(message) {
                    let _ = scope.post_message(&value);
                }
            }
        };
        // A message to itself through a channel runs the next slice as the next task, after
        // any message from the page and without a timer's minimum delay. A worker that cannot
        // make one fails at once, which the page reports.
        let channel = MessageChannel::new().unwrap_throw();
        let next_slice: MessagePort = channel.port2();
        let again = |port: &MessagePort| {
            let _ = port.post_message(&JsValue::NULL);
        };
        let on_slice = {
            let (player, say, next_slice) = (player.clone(), say.clone(), next_slice.clone());
            Closure::<dyn Fn()>::new(move || {
                let reply = player.borrow_mut().work(GAMES_PER_SLICE);
                if let Some(reply) = reply {
                    say(&reply);
                }
                if player.borrow().busy() {
                    again(&next_slice);
                }
            })
        };
        channel
            .port1()
            .set_onmessage(Some(on_slice.as_ref().unchecked_ref()));
        let on_message = {
            let say = say.clone();
            Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                // One slice is pending whenever a play-test is under way: a newer request
                // takes it over, a first one needs one.
                let was_busy = player.borrow().busy();
                let message = from_message::<ToPlayer>(event.data());
                // The build guide is worded by the app's tables, which the engine's `Player`
                // does not hold: written here at once, between two slices of games.
                if let Ok(ToPlayer::Guide(request)) = &message {
                    say(&hexfair::app::guide_text::reply(request));
                    return;
                }
                let reply = player.borrow_mut().hear(message);
                if let Some(reply) = reply {
                    say(&reply);
                }
                if !was_busy && player.borrow().busy() {
                    again(&next_slice);
                }
            })
        };
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The worker lives as long as the page: keep the handlers.
        on_slice.forget();
        on_message.forget();
        // Messages that arrived while the wasm was loading found no handler; say when one is
        // there, so the page sends its request after that.
        say(&FromPlayer::Ready);
    }
}
