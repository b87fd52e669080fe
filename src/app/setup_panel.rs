//! The board and number-placement pickers.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::{NumberMode, Settings};

use super::board_picker::picker_groups;
use super::names::board_title;
use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct SetupPanelProps {
    pub words: Words,
    pub settings: Settings,
    pub on_layout: Callback<LayoutId>,
    pub on_numbers: Callback<NumberMode>,
}

/// The value of the `<select>` an event came from.
fn selected(event: &Event) -> String {
    event.target_unchecked_into::<HtmlSelectElement>().value()
}

fn has_spiral(layout: LayoutId) -> bool {
    Layout::get(layout).has_spiral()
}

/// Why spiral placement is greyed out on `layout`, in words.
fn why_no_spiral(words: &Words, layout: LayoutId) -> String {
    words.fill(Key::WhyNoSpiral, &[("board", &board_title(words, layout))])
}

#[component]
pub fn SetupPanel(props: &SetupPanelProps) -> Html {
    let words = &props.words;
    let on_layout = {
        let cb = props.on_layout.clone();
        Callback::from(move |e: Event| {
            if let Some(layout) = LayoutId::parse(&selected(&e)) {
                cb.emit(layout);
            }
        })
    };
    let on_numbers = {
        let cb = props.on_numbers.clone();
        Callback::from(move |e: Event| {
            if let Some(mode) = NumberMode::parse(&selected(&e)) {
                cb.emit(mode);
            }
        })
    };
    let spiral_possible = has_spiral(props.settings.layout);
    html! {
        <div class="setup">
            <label class="picker">
                <span>{ words.text(Key::Layout) }</span>
                <select name="layout" data-testid="layout" onchange={on_layout}>
                    { for picker_groups(words, props.settings.layout).into_iter().map(|group| html! {
                        <optgroup label={group.label}>
                            { for group.boards.into_iter().map(|(l, option)| html! {
                                <option value={l.name()} selected={l == props.settings.layout} title={board_title(words, l)}>{ option }</option>
                            }) }
                        </optgroup>
                    }) }
                </select>
            </label>
            <label class="picker">
                <span>{ words.text(Key::Numbers) }</span>
                <select name="numbers" data-testid="numbers" onchange={on_numbers}
                        aria-describedby={(!spiral_possible).then_some("numbers-why")}>
                    <option value="random" selected={props.settings.numbers == NumberMode::Random}>{ words.text(Key::NumbersRandom) }</option>
                    <option value="spiral" disabled={!spiral_possible} selected={props.settings.numbers == NumberMode::Spiral}>
                        { words.text(if spiral_possible { Key::NumbersSpiral } else { Key::NumbersNoSpiral }) }
                    </option>
                </select>
            </label>
            if !spiral_possible {
                <p class="why" id="numbers-why" data-testid="numbers-why">{ why_no_spiral(words, props.settings.layout) }</p>
            }
        </div>
    }
}
