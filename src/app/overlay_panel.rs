//! What to draw over the board: nothing, the pips of every settlement spot, or the fair
//! start; and, for a tapped spot, what it touches.

use yew::prelude::*;

use crate::board::Board;
use crate::layout::NodeId;
use crate::spots::spots;

use super::state::Overlay;

#[derive(Properties, PartialEq)]
pub struct OverlayPanelProps {
    pub board: Board,
    pub overlay: Overlay,
    pub selected_corner: Option<NodeId>,
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
    let detail = props.selected_corner.and_then(|corner| {
        let layout = props.board.layout();
        let spot = spots(&props.board)
            .into_iter()
            .find(|s| s.corner == corner)?;
        let numbers: Vec<String> = layout.corner_cells[corner]
            .iter()
            .filter_map(|&c| {
                props.board.numbers[c].map(|n| format!("{n} ({})", props.board.terrain[c]))
            })
            .collect();
        Some(html! {
            <p class="spot-detail" data-testid="spot-detail">
                { format!(
                    "This spot: {} pips from {}; resources {}{}.",
                    spot.pips,
                    if numbers.is_empty() { "no numbers".to_string() } else { numbers.join(", ") },
                    spot.resources.iter().map(|r| r.name()).collect::<Vec<_>>().join(", "),
                    spot.harbour.map(|h| format!("; harbour {h}")).unwrap_or_default(),
                ) }
            </p>
        })
    });
    html! {
        <fieldset class="overlays">
            <legend>{ "Show on the board" }</legend>
            { choice(Overlay::None, "The board only") }
            { choice(Overlay::Heat, "Pips at each settlement spot (tap one)") }
            { choice(Overlay::FairStart, "A fair start: two settlements a seat") }
            { detail.unwrap_or_default() }
        </fieldset>
    }
}
