//! The layout and number-placement pickers.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::catalogue::{Layout, LayoutId};
use crate::generate::solve::{NumberMode, Settings};

#[derive(Properties, PartialEq)]
pub struct SetupPanelProps {
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

/// The layout picker's words and groups. The layouts' full titles are too long for a phone's
/// closed select (it cut "Seafarers: Heading for New Shores (5-6 players)" before the
/// players); grouped, the open list still says which game each comes from.
fn picker_words(layout: LayoutId) -> (&'static str, &'static str) {
    match layout {
        LayoutId::Base => ("Catan", "Base game (3-4 players)"),
        LayoutId::FiveSix => ("Catan", "5-6 player extension"),
        LayoutId::Seafarers => ("Seafarers", "New Shores (4 players)"),
        LayoutId::SeafarersFiveSix => ("Seafarers", "New Shores (5-6 players)"),
        LayoutId::NewWorld => ("Seafarers", "New World (3-4 players)"),
        LayoutId::NewWorldFiveSix => ("Seafarers", "New World (5-6 players)"),
        LayoutId::McGuire => ("House rules", "McGuire (inland harbour)"),
    }
}

/// Why spiral placement is greyed out on `layout`, in words.
fn why_no_spiral(layout: LayoutId) -> String {
    format!(
        "Spiral is greyed out: {} has no official letter spiral to follow.",
        layout.title()
    )
}

#[component]
pub fn SetupPanel(props: &SetupPanelProps) -> Html {
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
                <span>{ "Layout" }</span>
                <select name="layout" data-testid="layout" onchange={on_layout}>
                    { for LayoutId::ALL.chunk_by(|a, b| picker_words(*a).0 == picker_words(*b).0).map(|group| html! {
                        <optgroup label={picker_words(group[0]).0}>
                            { for group.iter().map(|&l| html! {
                                <option value={l.name()} selected={l == props.settings.layout} title={l.title()}>{ picker_words(l).1 }</option>
                            }) }
                        </optgroup>
                    }) }
                </select>
            </label>
            <label class="picker">
                <span>{ "Numbers" }</span>
                <select name="numbers" data-testid="numbers" onchange={on_numbers}
                        aria-describedby={(!spiral_possible).then_some("numbers-why")}>
                    <option value="random" selected={props.settings.numbers == NumberMode::Random}>{ "Random (under the rules)" }</option>
                    <option value="spiral" disabled={!spiral_possible} selected={props.settings.numbers == NumberMode::Spiral}>
                        { if spiral_possible { "Spiral (official letters)" } else { "Spiral (not on this board)" } }
                    </option>
                </select>
            </label>
            if !spiral_possible {
                <p class="why" id="numbers-why" data-testid="numbers-why">{ why_no_spiral(props.settings.layout) }</p>
            }
        </div>
    }
}
