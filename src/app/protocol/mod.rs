//! What the page and its two workers say to each other, on the page's side of the wall: for
//! the search worker, the messages (`search`) and the page's relay that decides who answers
//! (`relay`); for the play worker, the messages (`play`), the worker's loop (`player`) and
//! the page's postbox (`postbox`). Plain data, no words for the player (the page says
//! everything from its language tables) and no browser glue (`app::worker` carries the
//! messages), so all of it is tested natively.

pub mod play;
pub mod player;
pub mod postbox;
pub mod relay;
pub mod search;

/// The message as JSON text and back: serde_json standing in for the browser's values.
#[cfg(test)]
fn through_json<T: serde::Serialize + serde::de::DeserializeOwned>(message: &T) -> T {
    serde_json::from_str(&serde_json::to_string(message).unwrap()).unwrap()
}
