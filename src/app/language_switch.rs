//! The page's language, picked from the languages it has, each named in its own words (in
//! the Board tab: the device's language is the page's unless the player picks another).

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::language::{use_words, WordsContext};
use super::words::{Key, Lang};

#[component]
pub fn LanguageSwitch() -> Html {
    let words = use_words();
    let context = use_context::<WordsContext>().expect("the app provides the words");
    let onchange = Callback::from(move |e: Event| {
        let picked = e.target_unchecked_into::<HtmlSelectElement>().value();
        if let Some(lang) = Lang::parse(&picked) {
            context.choose.emit(lang);
        }
    });
    html! {
        <label class="picker language">
            <span>{ words.get(Key::Language) }</span>
            <select name="language" data-testid="language" {onchange}>
                { for Lang::ALL.into_iter().map(|lang| html! {
                    <option value={lang.code()} lang={lang.code()} selected={lang == words.lang}>{ lang.own_name() }</option>
                }) }
            </select>
        </label>
    }
}
