//! Play a seed someone read out. What was typed goes to the reducer as it is: it says, in
//! the page's message, when that is not a seed, and in a notice which settings a seed used.

use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SeedEntryProps {
    /// What the player typed.
    pub on_seed: Callback<String>,
}

#[component]
pub fn SeedEntry(props: &SeedEntryProps) -> Html {
    let seed_input = use_node_ref();
    let onsubmit = {
        let seed_input = seed_input.clone();
        let on_seed = props.on_seed.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(input) = seed_input.cast::<HtmlInputElement>() {
                on_seed.emit(input.value());
            }
        })
    };
    html! {
        <form class="seed-entry" {onsubmit}>
            <label for="seed-input">{ "Seed" }</label>
            <div class="seed-row">
                <input id="seed-input" ref={seed_input} inputmode="numeric" autocomplete="off" placeholder="e.g. 4242"
                       aria-describedby="seed-uses" />
                <button type="submit">{ "Go" }</button>
            </div>
            <p class="hint" id="seed-uses">
                { "A seed gives the same board on every phone with the same settings: yours, from these tabs, without locks." }
            </p>
        </form>
    }
}
