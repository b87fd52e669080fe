//! The board's balance: its score, the five factors as bars with harbour access beside them,
//! and the pips of each resource.
//! (What each seat gets is the seats panel's.)

use yew::prelude::*;

use std::rc::Rc;

use hexfair::balance::score::{FACTORS, SCORED};
use hexfair::fixed::Fixed;
use hexfair::model::{Resource, Terrain};
use hexfair::picture::terrain_colour;

use super::analysis::{Analysis, Balance};
use super::picture_words::resource_name;
use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct ScorePanelProps {
    pub words: Words,
    pub analysis: Rc<Analysis>,
}

const FACTOR_LABELS: [Key; FACTORS] = [
    Key::FactorResourcesSpread,
    Key::FactorPipsSpread,
    Key::FactorSameResources,
    Key::FactorSameNumbers,
    Key::FactorPipsPerResource,
    Key::FactorHarbours,
];

/// A labelled bar: `fraction` of the track filled, the value in words beside it.
pub fn bar(label: String, fraction: f64, colour: &'static str, value: String) -> Html {
    let width = format!(
        "width: {}%; background: {colour}",
        Fixed(fraction.clamp(0.0, 1.0) * 100.0, 1)
    );
    html! {
        <div class="bar" role="meter" aria-label={label.clone()} aria-valuemin="0" aria-valuemax="1" aria-valuenow={Fixed(fraction, 3).to_string()}>
            <span class="bar-label">{ label }</span>
            <span class="bar-track"><span class="bar-fill" style={width}></span></span>
            <span class="bar-value">{ value }</span>
        </div>
    }
}

#[component]
pub fn ScorePanel(props: &ScorePanelProps) -> Html {
    let words = &props.words;
    let Balance {
        score,
        factors,
        resource_pips: pips,
    } = props.analysis.balance();
    let most = f64::from(pips.iter().copied().max().unwrap_or(1).max(1));
    // A board printed whole (the Pirate Islands) is its own score limits: every factor would
    // read 1, "lopsided", measured against itself.
    let scored = if props.analysis.board.layout().all_printed() {
        html! { <p data-testid="score-printed">{ words.text(Key::ScorePrinted) }</p> }
    } else {
        html! {
            <>
            <h2>{ words.text(Key::Score) }<span data-testid="score">{ words.decimal(*score, 3) }</span>
                <small>{ words.text(Key::ScoreHint) }</small></h2>
            <div class="bars factors">
                { for FACTOR_LABELS.iter().zip(factors.iter().copied()).enumerate().map(|(i, (label, f))| {
                    // Harbour access is shown in its own colour: it is not averaged in.
                    let colour = if i < SCORED { "#2b5d8a" } else { "#6b7f8e" };
                    bar(words.get(*label).to_string(), f, colour, words.decimal(f, 2))
                }) }
            </div>
            </>
        }
    };
    html! {
        <section class="score" aria-label={words.text(Key::ScoreArea)}>
            { scored }
            <h3>{ words.text(Key::PipsPerResource) }</h3>
            <div class="bars resources">
                { for Resource::ALL.iter().map(|&r| {
                    let p = pips[r.index()];
                    bar(resource_name(words, r), f64::from(p) / most, terrain_colour(Terrain::producing(r)), p.to_string())
                }) }
            </div>
        </section>
    }
}
