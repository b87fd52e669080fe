//! The table option "Cities & Knights", beside the rules: a checkbox and a line saying what it
//! changes, offered on the boards that are the base game's island (base, five-six, McGuire;
//! `generate::Settings::problem` refuses it elsewhere). A view function rather than a
//! component: each component type brings its own copy of Yew's lifecycle code into the first
//! visit's download (docs/download.md).

use yew::prelude::*;

use hexfair::catalogue::LayoutId;
use hexfair::generate::plays_on;
use hexfair::model::Expansion;

use super::words::{Key, Text, Words};

/// The option for a board of `layout` at a table playing `expansion`; nothing where the
/// board is not one Cities & Knights is played on.
pub fn game_option(
    words: &Words,
    layout: LayoutId,
    expansion: Expansion,
    on_change: &Callback<Expansion>,
) -> Html {
    if !plays_on(layout, Expansion::CitiesAndKnights) {
        return Html::default();
    }
    let on = expansion == Expansion::CitiesAndKnights;
    let onchange = on_change.reform(move |_: Event| {
        if on {
            Expansion::BaseGame
        } else {
            Expansion::CitiesAndKnights
        }
    });
    html! {
        <label class="choice game-option">
            <input type="checkbox" data-testid="cities-knights" name="cities-and-knights" checked={on} {onchange} />
            <span>{ words.text(Key::CitiesKnights) }<small>{ words.text(Key::CitiesKnightsHint) }</small></span>
        </label>
    }
}
