//! Play a seed someone read out. A seed alone is not a board: it gives the same board only
//! with the same layout, balance and rules, so the form says which ones it will use.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::search::Mode;
use crate::solve::Settings;

#[derive(Properties, PartialEq)]
pub struct SeedEntryProps {
    /// The settings a typed seed is played with: what the tabs show.
    pub settings: Settings,
    pub mode: Mode,
    /// The last seed typed was not a number (the app clears this on the player's next action).
    pub invalid: bool,
    /// A seed, or `None` for something that is not one.
    pub on_seed: Callback<Option<u64>>,
    /// The player is changing what they typed.
    pub on_edit: Callback<()>,
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The settings a typed seed is played with, in a sentence.
fn played_with(settings: &Settings, mode: Mode) -> String {
    let mode = match mode {
        Mode::Target(t) => format!("target score {t:.2}"),
        other => other.name(),
    };
    let locks = match settings.locks.len() {
        0 => String::new(),
        n => format!(", {} kept", plural(n, "locked hex", "locked hexes")),
    };
    format!(
        "Played with the settings here: {}, {mode}, {}{locks}. A shared link carries its own.",
        settings.layout.title(),
        plural(settings.rules.rules().len(), "rule", "rules"),
    )
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
                on_seed.emit(input.value().trim().parse::<u64>().ok());
            }
        })
    };
    let oninput = props.on_edit.reform(|_: InputEvent| ());
    // The settings panel scrolls: bring the message into sight under the field.
    let error = use_node_ref();
    use_effect_with(props.invalid, {
        let error = error.clone();
        move |_| {
            if let Some(error) = error.cast::<web_sys::Element>() {
                error.scroll_into_view_with_bool(false);
            }
        }
    });
    html! {
        <form class="seed-entry" {onsubmit}>
            <label for="seed-input">{ "Seed" }</label>
            <div class="seed-row">
                <input id="seed-input" ref={seed_input} inputmode="numeric" autocomplete="off" placeholder="e.g. 4242"
                       aria-invalid={props.invalid.to_string()} {oninput}
                       aria-describedby={if props.invalid { "seed-error seed-uses" } else { "seed-uses" }} />
                <button type="submit">{ "Go" }</button>
            </div>
            if props.invalid {
                <p class="message" id="seed-error" role="alert" ref={error} data-testid="seed-error">{ "A seed is a whole number, like 4242." }</p>
            }
            <p class="hint" id="seed-uses">{ played_with(&props.settings, props.mode) }</p>
        </form>
    }
}
