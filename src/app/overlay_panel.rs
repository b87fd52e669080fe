//! What to draw over the board: nothing, the pips of every settlement spot, or the fair
//! start. A tapped spot's details open beside the spot, on the board (`board_view`).

use yew::prelude::*;

use super::state::Overlay;

#[derive(Properties, PartialEq)]
pub struct OverlayPanelProps {
    pub overlay: Overlay,
    pub on_overlay: Callback<Overlay>,
}

#[component]
pub fn OverlayPanel(props: &OverlayPanelProps) -> Html {
    let choice = |overlay: Overlay, label: &'static str| {
        let on_overlay = props.on_overlay.clone();
        html! {
            <label class="choice">
                <input type="radio" name="overlay" checked={props.overlay == overlay}
                       onchange={Callback::from(move |_: Event| on_overlay.emit(overlay))} />
                <span>{ label }</span>
            </label>
        }
    };
    html! {
        <fieldset class="overlays">
            <legend>{ "Show on the board" }</legend>
            { choice(Overlay::None, "The board only") }
            { choice(Overlay::Heat, "Pips at each settlement spot (tap one)") }
            { choice(Overlay::FairStart, "A fair start: two settlements a seat") }
        </fieldset>
    }
}
