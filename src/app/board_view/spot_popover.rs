//! What a tapped settlement spot touches, shown beside the spot on the board: its pips, the
//! numbers and terrain around it, its resources and harbour.

use yew::prelude::*;

use std::rc::Rc;

use hexfair::fixed::Fixed;
use hexfair::model::CornerId;

use super::super::analysis::Analysis;
use super::super::picture_words::{harbour_name, resource_name, terrain_name};
use super::super::words::{Key, Text, Words};

/// Where the popover stands, in CSS px inside the board's frame: beside the spot at
/// `spot`, on whichever side has room.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anchor {
    pub spot: (f64, f64),
    pub frame: (f64, f64),
}

#[derive(Properties, PartialEq)]
pub struct SpotPopoverProps {
    pub words: Words,
    pub analysis: Rc<Analysis>,
    pub corner: CornerId,
    pub anchor: Anchor,
    pub on_close: Callback<()>,
}

/// Its width in CSS px (style.css gives it the same), to choose a side that has room.
const WIDTH: f64 = 210.0;
/// The gap between the spot's centre and the popover's near edge.
const GAP: f64 = 18.0;

#[component]
pub fn SpotPopover(props: &SpotPopoverProps) -> Html {
    let words = &props.words;
    let board = &props.analysis.board;
    let layout = board.layout();
    let Some(spot) = props.analysis.spot(props.corner) else {
        return Html::default();
    };
    let numbers: Vec<String> = layout.topology.corner_cells[props.corner]
        .iter()
        .filter_map(|&c| {
            board.numbers[c]
                .map(|n| format!("{n} ({})", terrain_name(words, board.terrain[c])))
        })
        .collect();
    let resources: Vec<String> = spot
        .resources
        .iter()
        .map(|&r| resource_name(words, r))
        .collect();
    let Anchor {
        spot: (x, y),
        frame,
    } = props.anchor;
    // Right of the spot when it fits, else left of it; level with it, kept inside the frame.
    let left = if x + GAP + WIDTH <= frame.0 {
        x + GAP
    } else {
        (x - GAP - WIDTH).max(0.0)
    };
    // Not `f64::clamp`, whose failed check formats floats (see `Zoom::kept_inside`).
    let top = (y - 40.0).min(frame.1 - 130.0).max(0.0);
    let on_close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <section class="spot-popover" data-testid="spot-detail" role="dialog" aria-label={words.fill(Key::SpotLabel, &[("pips", &spot.pips)])}
                 style={format!("left: {}px; top: {}px;", Fixed(left, 0), Fixed(top, 0))}>
            <p class="spot-pips"><strong>{ words.fill(Key::SpotPips, &[("pips", &spot.pips)]) }</strong></p>
            <p>{ if numbers.is_empty() { words.get(Key::NoNumbers).to_string() } else { numbers.join(", ") } }</p>
            <p>{ if resources.is_empty() { words.get(Key::NoResources).to_string() } else { words.fill(Key::SpotResources, &[("list", &resources.join(", "))]) } }</p>
            if spot.fish > 0 {
                <p>{ words.fill(Key::SpotFish, &[("pips", &spot.fish)]) }</p>
            }
            if let Some(harbour) = &spot.harbour {
                <p>{ words.fill(Key::SpotHarbour, &[("harbour", &harbour_name(words, *harbour))]) }</p>
            }
            <button type="button" class="spot-close" onclick={on_close}>{ words.text(Key::Close) }</button>
        </section>
    }
}
