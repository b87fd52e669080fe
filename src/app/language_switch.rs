//! The page's language, picked from the languages it has, each named in its own words (in
//! the Board tab: the device's language is the page's unless the player picks another). A
//! view function of the app rather than a component of its own: each component type brings
//! its own copy of Yew's lifecycle code, and every byte here is in the first visit's
//! download (docs/download.md).

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::words::{Key, Lang, Text, Words};

pub fn language_switch(words: &Words, on_language: &Callback<Lang>) -> Html {
    let on_language = on_language.clone();
    let onchange = Callback::from(move |e: Event| {
        let picked = e.target_unchecked_into::<HtmlSelectElement>().value();
        if let Some(lang) = Lang::parse(&picked) {
            on_language.emit(lang);
        }
    });
    html! {
        <label class="picker language">
            <span>{ words.text(Key::Language) }</span>
            <select name="language" data-testid="language" {onchange}>
                { for Lang::ALL.into_iter().map(|lang| html! {
                    <option value={lang.code()} lang={lang.code()} selected={lang == words.lang}>{ lang.own_name() }</option>
                }) }
            </select>
        </label>
    }
}
