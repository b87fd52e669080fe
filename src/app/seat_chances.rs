//! Each seat's chance to win on the board on screen: a bar a seat with its 95% interval, the
//! verdict in words, the bots in one line; a progress bar while the games are played. Only
//! draws what the state holds (`state::Chances`); the words are `chance_words`'.

use yew::prelude::*;

use super::board_view::SEAT_COLOURS;
use super::chance_words as words;
use super::state::{Chances, Progress};
use crate::fixed::Fixed;
use crate::play::{PlayReport, SeatResult};

#[derive(Properties, PartialEq)]
pub struct SeatChancesProps {
    pub chances: Chances,
}

/// A share's place on the bars' common scale, as a CSS percentage.
fn at(share: f64, scale: f64) -> String {
    format!("{}%", Fixed((share / scale).clamp(0.0, 1.0) * 100.0, 1))
}

fn seat_bar(seat: &SeatResult, scale: f64, even: f64) -> Html {
    let colour = SEAT_COLOURS[(seat.seat - 1) % SEAT_COLOURS.len()];
    let fill = format!("width: {}; background: {colour}", at(seat.win_rate, scale));
    let interval = format!(
        "left: {}; width: {}",
        at(seat.low, scale),
        at(seat.high - seat.low, scale)
    );
    let label = words::seat(seat.seat);
    html! {
        <div class="bar chance" role="meter" aria-label={label.clone()} aria-valuemin="0" aria-valuemax="1"
             aria-valuenow={Fixed(seat.win_rate, 4).to_string()} aria-valuetext={words::seat_figure(seat)}
             data-seat={seat.seat.to_string()} data-wins={seat.wins.to_string()}
             data-low={Fixed(seat.low, 4).to_string()} data-high={Fixed(seat.high, 4).to_string()}>
            <span class="bar-label">{ label }</span>
            <span class="bar-track chance-track">
                <span class="bar-fill" style={fill}></span>
                <span class="chance-interval" style={interval}></span>
                <span class="chance-even" style={format!("left: {}", at(even, scale))}></span>
            </span>
            <span class="bar-value">{ words::seat_figure(seat) }</span>
        </div>
    }
}

fn figures(report: &PlayReport) -> Html {
    let even = 1.0 / report.seats.len().max(1) as f64;
    // One scale for every bar: twice an even share, or more if an interval reaches past it.
    let scale = report
        .seats
        .iter()
        .map(|s| s.high)
        .fold(2.0 * even, f64::max)
        .min(1.0);
    html! {
        <>
            <p class="verdict" data-testid="verdict" data-games={report.games.to_string()}>{ words::verdict(report) }</p>
            <div class="bars chance-bars" data-testid="chance-bars">
                { for report.seats.iter().map(|s| seat_bar(s, scale, even)) }
            </div>
            <p class="hint">{ words::INTERVAL }</p>
        </>
    }
}

#[component]
pub fn SeatChances(props: &SeatChancesProps) -> Html {
    let progress = &props.chances.progress;
    let playing = matches!(progress, Progress::Playing { .. });
    let body = match progress {
        Progress::Playing { done, total } => html! {
            <>
                <p role="status" data-testid="chances-playing">{ words::playing(*done, *total) }</p>
                <progress data-testid="chances-progress" aria-label={words::PLAYING_LABEL}
                          max={total.to_string()} value={done.to_string()}></progress>
            </>
        },
        Progress::Done(report) => figures(report),
        Progress::NotSimulated => html! {
            <p class="hint" data-testid="chances-not-simulated">{ words::not_simulated(props.chances.layout()) }</p>
        },
        Progress::Failed(why) => html! {
            <p class="hint" role="status" data-testid="chances-failed">{ words::failed(why) }</p>
        },
    };
    html! {
        <section class="chances" data-testid="chances" aria-label={words::HEADING} aria-busy={playing.to_string()}
                 data-seats={props.chances.seats.to_string()}>
            <h3>{ words::HEADING }</h3>
            <p class="hint" data-testid="chances-bots">{ words::BOTS }</p>
            { body }
        </section>
    }
}
