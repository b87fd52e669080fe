//! Each seat's chance to win on the board on screen: a bar a seat with its share and 95%
//! interval, the verdict in words (what the board adds beyond the turn order), what the turn
//! order alone gives, the players in one line; a progress bar while the games are
//! played. Only draws what the state holds (`state::Chances`); the words are
//! `chance_words`'. A view function of the seats panel rather than a component of its own,
//! and the score panel's bars: each component type brings its own copy of Yew's lifecycle
//! code, and every byte here is in the first visit's download (docs/download.md).

use yew::prelude::*;

use super::board_view::SEAT_COLOURS;
use super::chance_words as said;
use super::protocol::play::Tally;
use super::score_panel::bar;
use super::state::{Chances, Progress};
use super::words::{Key, Text, Words};

fn figures(words: &Words, tally: &Tally, order: Option<&[f64]>) -> Html {
    let seats = tally.wins.len();
    // One scale for every bar: an even share fills half the track (more if a seat has more).
    let scale = (0..seats)
        .map(|s| tally.share(s))
        .fold(2.0 / seats.max(1) as f64, f64::max);
    let wins: Vec<String> = tally.wins.iter().map(u32::to_string).collect();
    html! {
        <>
            <p class="verdict" data-testid="verdict" data-games={tally.games.to_string()} data-wins={wins.join(",")}>
                { said::verdict(words, tally, order) }
            </p>
            if let Some(order) = order {
                <p class="hint" data-testid="seat-order">{ said::seat_order_line(words, order) }</p>
            }
            <div class="bars chance-bars" data-testid="chance-bars">
                { for (0..seats).map(|s| bar(said::seat(words, s), tally.share(s) / scale,
                    SEAT_COLOURS[s % SEAT_COLOURS.len()], said::seat_figure(words, tally, s))) }
            </div>
        </>
    }
}

/// The chances as far as they have been played. On a board whose game is not simulated
/// (Seafarers, Traders & Barbarians) the tab says so in one line, with no chances heading
/// and no players' line: no chances will come there.
pub fn seat_chances(words: &Words, chances: &Chances) -> Html {
    let body = match &chances.progress {
        Progress::Playing { done, total } => html! {
            <>
                <p role="status">{ said::playing(words, *done, *total) }</p>
                <progress data-testid="chances-progress" aria-label={words.text(Key::ChancesPlayingLabel)}
                          max={total.to_string()} value={done.to_string()}></progress>
            </>
        },
        Progress::Done(tally) => figures(
            words,
            tally,
            said::order(chances.layout(), tally.wins.len()),
        ),
        Progress::NotSimulated => {
            return html! {
                <p class="hint" data-testid="chances-not-simulated">{ said::not_simulated(words, chances.layout()) }</p>
            }
        }
        Progress::Failed(why) => html! {
            <p class="hint" data-testid="chances-failed">{ said::failed(words, why) }</p>
        },
    };
    html! {
        <section class="chances" data-testid="chances" aria-label={words.text(Key::ChancesHeading)}>
            <h3>{ words.text(Key::ChancesHeading) }</h3>
            <p class="hint" data-testid="chances-bots">{ words.text(Key::ChancesPlayers) }</p>
            { body }
        </section>
    }
}
