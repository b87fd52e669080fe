//! The play worker's entry point: the engine without the app, built by Trunk for wasm32 as a
//! module of its own (index.html) that the page starts in a worker once the first board is
//! on screen, so the game simulator is not part of the first visit's download
//! (docs/download.md). Each message is a play-test; the worker answers with its progress and
//! its tally ([`hexfair_app::app::protocol::play`]).
//!
//! It also draws the Saved tab's QR codes, writes the build guide in the page's language and
//! the screen on which a table enters its own board: the QR encoder, the guide, the entry and
//! their words are too large for the first visit's download (docs/download.md).

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

    use hexfair_app::app::protocol::play::{FromPlayer, ToPlayer};
    use hexfair_app::app::protocol::player::{Player, GAMES_PER_SLICE};
    use hexfair_app::app::worker::{from_message, listen, reply};
    use hexfair_app::app::{entry, guide_text};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{MessageChannel, MessagePort};

    /// Plays each request a slice of games at a time; between slices the worker reads its
    /// messages, so a newer request replaces the one under way within a slice.
    pub fn serve() {
        let player = Rc::new(RefCell::new(Player::new()));
        // A message to itself through a channel runs the next slice as the next task, after
        // any message from the page and without a timer's minimum delay. A worker that cannot
        // make one fails at once, which the page reports.
        let channel = MessageChannel::new().unwrap_throw();
        let next_slice: MessagePort = channel.port2();
        let again = |port: &MessagePort| {
            let _ = port.post_message(&JsValue::NULL);
        };
        let on_slice = {
            let (player, next_slice) = (player.clone(), next_slice.clone());
            Closure::<dyn Fn()>::new(move || {
                let said = player.borrow_mut().work(GAMES_PER_SLICE);
                if let Some(said) = said {
                    reply(&said);
                }
                if player.borrow().busy() {
                    again(&next_slice);
                }
            })
        };
        channel
            .port1()
            .set_onmessage(Some(on_slice.as_ref().unchecked_ref()));
        // The worker lives as long as the page: keep the handler.
        on_slice.forget();
        let heard = move |data: JsValue| {
            // One slice is pending whenever a play-test is under way: a newer request takes
            // it over, a first one needs one.
            let was_busy = player.borrow().busy();
            let message = from_message::<ToPlayer>(data);
            // The build guide is worded by the app's tables, which the `Player` does not
            // hold: written here at once, between two slices of games.
            if let Ok(ToPlayer::Guide(request)) = &message {
                reply(&guide_text::reply(request));
                return;
            }
            // The entry is replayed from its taps at once, as the guide is written.
            if let Ok(ToPlayer::Entry(request)) = &message {
                reply(&entry::reply(request));
                return;
            }
            let said = player.borrow_mut().hear(message);
            if let Some(said) = said {
                reply(&said);
            }
            if !was_busy && player.borrow().busy() {
                again(&next_slice);
            }
        };
        listen(heard, &FromPlayer::Ready);
    }
}
