//! The actions around the board: back through history, turn the board, share the link,
//! save a picture, and play a seed someone read out.

use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub history: usize,
    pub on_back: Callback<()>,
    pub on_rotate: Callback<()>,
    pub on_share: Callback<()>,
    pub on_png: Callback<()>,
    pub on_seed: Callback<u64>,
}

#[component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let seed_input = use_node_ref();
    let invalid = use_state(|| false);
    let onsubmit = {
        let seed_input = seed_input.clone();
        let invalid = invalid.clone();
        let on_seed = props.on_seed.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(input) = seed_input.cast::<HtmlInputElement>() else {
                return;
            };
            match input.value().trim().parse::<u64>() {
                Ok(seed) => {
                    invalid.set(false);
                    on_seed.emit(seed);
                }
                Err(_) => invalid.set(true),
            }
        })
    };
    let click = |cb: &Callback<()>| cb.reform(|_: MouseEvent| ());
    html! {
        <div class="toolbar">
            <div class="tools">
                <button type="button" onclick={click(&props.on_back)} disabled={props.history == 0}
                        aria-label={format!("Back to the previous board ({} kept)", props.history)}>{ "⟲ Back" }</button>
                <button type="button" onclick={click(&props.on_rotate)} aria-label="Turn the board">{ "↻ Turn" }</button>
                <button type="button" onclick={click(&props.on_share)} aria-label="Share this board">{ "Share" }</button>
                <button type="button" onclick={click(&props.on_png)} aria-label="Download the board as a PNG picture">{ "PNG" }</button>
            </div>
            <form class="seed-entry" {onsubmit}>
                <label for="seed-input">{ "Seed" }</label>
                <input id="seed-input" ref={seed_input} inputmode="numeric" autocomplete="off" placeholder="e.g. 4242"
                       aria-invalid={invalid.to_string()} />
                <button type="submit">{ "Go" }</button>
            </form>
            if *invalid {
                <p class="message" role="alert">{ "A seed is a whole number, like 4242." }</p>
            }
        </div>
    }
}
