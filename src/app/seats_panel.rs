//! The players at the table: how many (3 or 4, or 5 or 6, as the layout is made for), each
//! seat's chance to win in simulated games, and as detail below what each seat gets in an
//! opening snake draft; and the fair start on the board.

use yew::prelude::*;

use std::rc::Rc;

use super::analysis::Analysis;
use super::board_view::SEAT_COLOURS;
use super::chance_words::{self as said, draft_heading, fair_start_keys};
use super::score_panel::bar;
use super::seat_chances::seat_chances;
use super::state::{Chances, Overlay, PlayedStart, StartProgress};
use super::words::{Key, Text, Words};
use hexfair::model::Expansion;

#[derive(Properties, PartialEq)]
pub struct SeatsPanelProps {
    pub words: Words,
    /// The board on screen (its layout says which seat counts there are) and the seats
    /// chosen, with what they get.
    pub analysis: Rc<Analysis>,
    /// Each seat's chance to win, as far as it has been played.
    pub chances: Chances,
    /// The fair start chosen by play for this board and table, as far as it is.
    pub start: Option<PlayedStart>,
    pub overlay: Overlay,
    pub on_seats: Callback<usize>,
    pub on_overlay: Callback<Overlay>,
}

#[component]
pub fn SeatsPanel(props: &SeatsPanelProps) -> Html {
    let words = &props.words;
    let draft = props.analysis.draft();
    let seats = props.analysis.seats;
    let best = f64::from(
        draft
            .seats
            .iter()
            .map(|s| s.value)
            .max()
            .unwrap_or(1)
            .max(1),
    );
    let choice = |n: usize| {
        let on_seats = props.on_seats.clone();
        html! {
            <label class="choice seat-count">
                <input type="radio" name="seats" value={n.to_string()} checked={seats == n}
                       onchange={Callback::from(move |_: Event| on_seats.emit(n))} />
                <span>{ words.fill(Key::PlayersCount, &[("count", &n)]) }</span>
            </label>
        }
    };
    let showing_fair_start = props.overlay == Overlay::FairStart;
    let on_fair_start = {
        let on_overlay = props.on_overlay.clone();
        Callback::from(move |_: Event| {
            on_overlay.emit(if showing_fair_start {
                Overlay::None
            } else {
                Overlay::FairStart
            })
        })
    };
    html! {
        <fieldset class="seats-panel" data-testid="seats-panel">
            <legend>{ words.text(Key::Players) }</legend>
            <div class="seat-counts" role="radiogroup" aria-label={words.text(Key::PlayersAtTable)}>
                { for props.analysis.board.layout.seats().map(choice) }
            </div>
            <label class="choice">
                <input type="checkbox" data-testid="fair-start-toggle" checked={showing_fair_start} onchange={on_fair_start} />
                <span>{ words.text(Key::FairStartToggle) }<small>{ words.fill(fair_start_keys(props.analysis.game).1, &[("count", &seats)]) }</small></span>
            </label>
            if showing_fair_start {
                if let Some(start) = &props.start {
                    { start_status(words, start) }
                }
            }
            if props.analysis.game == Expansion::BaseGame {
                { seat_chances(words, &props.chances) }
            } else {
                <p class="hint" data-testid="chances-not-simulated">{ words.text(Key::NotSimulated) }</p>
            }
            <h3>{ draft_heading(words, seats) }</h3>
            <div class="bars seats" data-testid="seats">
                { for draft.seats.iter().map(|s| {
                    let colour = SEAT_COLOURS[(s.seat - 1) % SEAT_COLOURS.len()];
                    bar(words.fill(Key::SeatNumber, &[("n", &s.seat)]), f64::from(s.value) / best, colour, s.value.to_string())
                }) }
            </div>
            <p class="spread">{ words.fill(Key::Spread, &[("spread", &draft.spread)]) }</p>
        </fieldset>
    }
}

/// How far the fair start chosen by play is, in a line under its toggle.
fn start_status(words: &Words, start: &PlayedStart) -> Html {
    match &start.progress {
        StartProgress::Choosing { done, total } => html! {
            <p class="hint" role="status" data-testid="start-choosing">{ said::start_choosing(words, *done, *total) }</p>
        },
        StartProgress::Chosen { games, .. } => html! {
            <p class="hint" data-testid="start-chosen" data-wins={games.wins.iter().map(u32::to_string).collect::<Vec<_>>().join(",")}>
                { said::start_chosen(words, games) }
            </p>
        },
        StartProgress::Failed(why) => html! {
            <p class="hint" data-testid="start-failed">{ said::trouble(words, why) }</p>
        },
    }
}
