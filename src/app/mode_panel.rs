//! Balance mode: any legal board, the most even, the most lopsided, a target score, or a
//! table preset with a character of its own.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use hexfair::balance::presets::Preset;
use hexfair::balance::search::Mode;
use hexfair::fixed::Fixed;

use super::names::mode_words;
use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct ModePanelProps {
    pub words: Words,
    pub mode: Mode,
    pub on_mode: Callback<Mode>,
}

/// The target the dial shows (the last one set, or a lively middle).
fn dial_value(mode: Mode) -> f64 {
    match mode {
        Mode::Target(t) => t,
        _ => 0.25,
    }
}

#[component]
pub fn ModePanel(props: &ModePanelProps) -> Html {
    let words = &props.words;
    let choice = |mode: Mode| {
        let on_mode = props.on_mode.clone();
        // Any target is the dial's choice; every other mode is its own.
        let checked = match (props.mode, mode) {
            (Mode::Target(_), Mode::Target(_)) => true,
            (shown, offered) => shown == offered,
        };
        let (label, hint) = mode_words(words, mode);
        html! {
            <label class="choice">
                <input type="radio" name="mode" value={mode.name()} {checked}
                       onchange={Callback::from(move |_: Event| on_mode.emit(mode))} />
                <span>{ label }<small>{ hint }</small></span>
            </label>
        }
    };
    let on_dial = {
        let on_mode = props.on_mode.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            // The dial moves in whole hundredths (step 1), as share links store a target.
            if let Ok(v) = input.value().parse::<u8>() {
                on_mode.emit(Mode::Target(f64::from(v) / 100.0));
            }
        })
    };
    let target = dial_value(props.mode);
    html! {
        <fieldset class="modes">
            <legend>{ words.text(Key::ModesLegend) }</legend>
            { choice(Mode::Balanced) }
            { choice(Mode::Random) }
            { choice(Mode::Unbalanced) }
            { choice(Mode::Target(target)) }
            <label class="dial">
                <span>{ words.fill(Key::TargetScore, &[("score", &words.decimal(target, 2))]) }<small>{ words.text(Key::TargetScoreHint) }</small></span>
                <input type="range" min="0" max="60" step="1" value={Fixed(target * 100.0, 0).to_string()}
                       aria-label={words.text(Key::TargetScoreLabel)} aria-valuetext={words.fill(Key::TargetScoreValue, &[("score", &words.decimal(target, 2))])} onchange={on_dial} />
            </label>
            <fieldset class="presets">
                <legend>{ words.text(Key::TablePresets) }</legend>
                { for Preset::ALL.map(|p| choice(Mode::Preset(p))) }
            </fieldset>
        </fieldset>
    }
}
