//! The board's balance: its score, the five factors as bars, and the pips of each resource.
//! (What each seat gets is the seats panel's.)

use yew::prelude::*;

use crate::balance::score::Scorer;
use crate::board::Board;
use crate::model::{Resource, Terrain};
use crate::picture::terrain_colour;
use crate::rules::resource_pips;

#[derive(Properties, PartialEq)]
pub struct ScorePanelProps {
    pub board: Board,
}

const FACTOR_LABELS: [&str; 5] = [
    "Resources split across the island",
    "Pips split across the island",
    "Same resources side by side",
    "Same numbers side by side",
    "Pips fair to each resource",
];

/// A labelled bar: `fraction` of the track filled, the value in words beside it.
pub fn bar(label: String, fraction: f64, colour: &'static str, value: String) -> Html {
    let width = format!(
        "width: {:.1}%; background: {colour}",
        (fraction.clamp(0.0, 1.0) * 100.0)
    );
    html! {
        <div class="bar" role="meter" aria-label={label.clone()} aria-valuemin="0" aria-valuemax="1" aria-valuenow={format!("{fraction:.3}")}>
            <span class="bar-label">{ label }</span>
            <span class="bar-track"><span class="bar-fill" style={width}></span></span>
            <span class="bar-value">{ value }</span>
        </div>
    }
}

#[component]
pub fn ScorePanel(props: &ScorePanelProps) -> Html {
    let board = &props.board;
    let scorer = Scorer::new(board.layout);
    let factors = scorer
        .factors(&board.terrain, &board.numbers)
        .normalised(scorer.limits());
    let score = factors.iter().sum::<f64>() / 5.0;
    let pips = resource_pips(board);
    let most = f64::from(pips.iter().copied().max().unwrap_or(1).max(1));
    html! {
        <section class="score" aria-label="Balance">
            <h2>{ "Score " }<span data-testid="score">{ format!("{score:.3}") }</span>
                <small>{ " 0 is even, 1 is lopsided" }</small></h2>
            <div class="bars factors">
                { for FACTOR_LABELS.iter().zip(factors).map(|(label, f)| bar(label.to_string(), f, "#2b5d8a", format!("{f:.2}"))) }
            </div>
            <h3>{ "Pips per resource" }</h3>
            <div class="bars resources">
                { for Resource::ALL.iter().map(|&r| {
                    let p = pips[r.index()];
                    bar(r.name().to_string(), f64::from(p) / most, terrain_colour(Terrain::producing(r)), p.to_string())
                }) }
            </div>
        </section>
    }
}
