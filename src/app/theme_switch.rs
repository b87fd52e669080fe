//! Light, dark, or whatever the device is set to. The page's colours come from style.css,
//! which follows the device unless `<html data-theme>` names a choice; the choice is kept on
//! the device, and index.html's script applies it before the app starts, so the loading
//! view already has the player's colours.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::words::{Key, Text, Words};

/// The localStorage key (index.html's script reads the same one).
const STORAGE_KEY: &str = "hexfair-theme";

/// The choices, as stored and as `data-theme` values; "device" is stored as nothing.
/// The signs say "colours" where the word itself is left out for room (style.css).
const CHOICES: [(&str, Key); 3] = [
    ("device", Key::ColoursDevice),
    ("light", Key::ColoursLight),
    ("dark", Key::ColoursDark),
];

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn stored_choice() -> &'static str {
    let stored = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    CHOICES
        .iter()
        .map(|(value, _)| *value)
        .find(|value| stored.as_deref() == Some(*value))
        .unwrap_or("device")
}

/// Shows `choice` now and keeps it for the next visit (private browsing may refuse to keep
/// it; the page still changes).
fn apply(choice: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = if choice == "device" {
            root.remove_attribute("data-theme")
        } else {
            root.set_attribute("data-theme", choice)
        };
    }
    if let Some(storage) = storage() {
        let _ = if choice == "device" {
            storage.remove_item(STORAGE_KEY)
        } else {
            storage.set_item(STORAGE_KEY, choice)
        };
    }
}

#[derive(Properties, PartialEq)]
pub struct ThemeSwitchProps {
    pub words: Words,
}

#[component]
pub fn ThemeSwitch(props: &ThemeSwitchProps) -> Html {
    let words = &props.words;
    let choice = use_state(stored_choice);
    use_effect_with(*choice, |choice| apply(choice));
    let onchange = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let picked = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some((value, _)) = CHOICES.iter().find(|(value, _)| *value == picked) {
                choice.set(value);
            }
        })
    };
    html! {
        <label class="theme">
            <span class="theme-word">{ words.text(Key::Colours) }</span>
            <select name="theme" data-testid="theme" {onchange}>
                { for CHOICES.iter().map(|(value, key)| html! {
                    <option value={*value} selected={*value == *choice}>{ words.text(*key) }</option>
                }) }
            </select>
        </label>
    }
}
