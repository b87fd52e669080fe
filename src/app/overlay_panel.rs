//! What to draw over the board: nothing, the pips of every settlement spot, or the fair
//! start. A tapped spot's details open beside the spot, on the board (`board_view`).

use yew::prelude::*;

use super::state::Overlay;
use super::chance_words::fair_start_keys;
use super::words::{Key, Text, Words};
use hexfair::model::Expansion;

#[derive(Properties, PartialEq)]
pub struct OverlayPanelProps {
    pub words: Words,
    pub overlay: Overlay,
    pub on_overlay: Callback<Overlay>,
    /// The table's game: a Cities & Knights fair start is a settlement and a city a seat.
    pub game: Expansion,
}

#[component]
pub fn OverlayPanel(props: &OverlayPanelProps) -> Html {
    let words = &props.words;
    let choice = |overlay: Overlay, label: Key| {
        let on_overlay = props.on_overlay.clone();
        html! {
            <label class="choice">
                <input type="radio" name="overlay" checked={props.overlay == overlay}
                       onchange={Callback::from(move |_: Event| on_overlay.emit(overlay))} />
                <span>{ words.text(label) }</span>
            </label>
        }
    };
    html! {
        <fieldset class="overlays">
            <legend>{ words.text(Key::ShowOnBoard) }</legend>
            { choice(Overlay::None, Key::OverlayNone) }
            { choice(Overlay::Heat, Key::OverlayHeat) }
            { choice(Overlay::FairStart, fair_start_keys(props.game).0) }
        </fieldset>
    }
}
