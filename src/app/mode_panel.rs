//! Balance mode: any legal board, the most even, the most lopsided, or a target score.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::balance::search::Mode;
use crate::rules::mode_words;

#[derive(Properties, PartialEq)]
pub struct ModePanelProps {
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
    let choice = |mode: Mode| {
        let on_mode = props.on_mode.clone();
        let checked = std::mem::discriminant(&props.mode) == std::mem::discriminant(&mode);
        let (label, hint) = mode_words(mode);
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
            if let Ok(v) = input.value().parse::<f64>() {
                on_mode.emit(Mode::Target(v / 100.0));
            }
        })
    };
    let target = dial_value(props.mode);
    html! {
        <fieldset class="modes">
            <legend>{ "Balance" }</legend>
            { choice(Mode::Balanced) }
            { choice(Mode::Random) }
            { choice(Mode::Unbalanced) }
            { choice(Mode::Target(target)) }
            <label class="dial">
                <span>{ format!("Target score {:.2}", target) }<small>{ " (0 is even; higher is more uneven)" }</small></span>
                <input type="range" min="0" max="60" step="1" value={format!("{:.0}", target * 100.0)}
                       aria-label="Target score" aria-valuetext={format!("{target:.2}, where 0 is even")} onchange={on_dial} />
            </label>
        </fieldset>
    }
}
