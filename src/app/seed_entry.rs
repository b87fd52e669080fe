//! Play a seed someone read out. What was typed goes to the reducer as it is: it says, in
//! the page's message, when that is not a seed, and in a notice which settings a seed used.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct SeedEntryProps {
    pub words: Words,
    /// What the player typed.
    pub on_seed: Callback<String>,
}

#[component]
pub fn SeedEntry(props: &SeedEntryProps) -> Html {
    let words = &props.words;
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
            <label for="seed-input">{ words.text(Key::SeedLabel) }</label>
            <div class="seed-row">
                <input id="seed-input" ref={seed_input} inputmode="numeric" autocomplete="off" placeholder={words.text(Key::SeedPlaceholder)}
                       aria-describedby="seed-uses" />
                <button type="submit">{ words.text(Key::SeedGo) }</button>
            </div>
            <p class="hint" id="seed-uses">
                { words.text(Key::SeedHint) }
            </p>
        </form>
    }
}
