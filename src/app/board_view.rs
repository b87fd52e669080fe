//! The board as SVG: the engine's picture, turned into Yew nodes, with the app's layers on
//! top (locked hexes, the heat map of settlement spots, the fair start). Hexes are buttons:
//! tap or press Enter to lock one.

use yew::prelude::*;
use yew::virtual_dom::VTag;

use crate::board::Board;
use crate::layout::NodeId;
use crate::picture::{draw_turned, hex_points, pixel, points_attr, Group, Shape};
use crate::spots::{fair_start, spots};

use super::state::Overlay;

#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    pub board: Board,
    pub turns: usize,
    pub locked: Vec<usize>,
    pub overlay: Overlay,
    pub selected_corner: Option<NodeId>,
    pub on_hex: Callback<usize>,
    pub on_corner: Callback<Option<NodeId>>,
    /// Players at the table, for the fair start (the layout's most when not given).
    #[prop_or_default]
    pub seats: Option<usize>,
}

/// Seat colours: the Okabe-Ito palette, distinct under the common colour-vision deficiencies.
pub const SEAT_COLOURS: [&str; 6] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
];

/// A light-to-dark scale for the heat map (pips are also written on each spot).
fn heat_colour(pips: u32) -> &'static str {
    const SCALE: [&str; 6] = [
        "#fff5d6", "#fde0a3", "#f9b46b", "#ef7d4b", "#cc4a3d", "#8c1d3a",
    ];
    SCALE[(pips as usize / 3).min(SCALE.len() - 1)]
}

#[component]
pub fn BoardView(props: &BoardViewProps) -> Html {
    let picture = draw_turned(&props.board, props.turns);
    let layout = props.board.layout();
    let at = |corner: NodeId| pixel(layout.corners[corner], props.turns);
    html! {
        <svg class="board" data-testid="board" viewBox={picture.view_box_attr()} role="group"
             aria-label={picture.description.clone()} preserveAspectRatio="xMidYMid meet">
            { for picture.groups.iter().map(|g| group(g, props)) }
            // Lock rings on top, so no neighbouring hex hides part of one.
            <g class="locks">
                { for props.locked.iter().map(|&cell| html! {
                    <polygon class="lock-ring" points={points_attr(&hex_points(layout.cells[cell], props.turns))}
                             fill="none" stroke="#1d1d1d" stroke-width="5" stroke-dasharray="10 6" pointer-events="none" />
                }) }
            </g>
            { match props.overlay {
                Overlay::None => Html::default(),
                Overlay::Heat => heat_map(props, &at),
                Overlay::FairStart => fair_start_layer(props, &at),
            } }
        </svg>
    }
}

fn group(group: &Group, props: &BoardViewProps) -> Html {
    if let Some(cell) = group.cell {
        return hex_button(group, cell, props);
    }
    let mut tag = VTag::new("g");
    tag.add_attribute("class", group.class);
    for (key, value) in &group.data {
        tag.add_attribute(data_attribute(key), value.clone());
    }
    if !group.title.is_empty() {
        tag.add_child(html! { <title>{ group.title.clone() }</title> });
    }
    for s in &group.shapes {
        tag.add_child(shape(s));
    }
    for child in &group.children {
        tag.add_child(self::group(child, props));
    }
    tag.into()
}

/// A hex is a toggle button: tap, Enter or Space locks it (a dashed ring shows the lock).
fn hex_button(group: &Group, cell: usize, props: &BoardViewProps) -> Html {
    let data = |key: &str| {
        group
            .data
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let locked = props.locked.contains(&cell);
    let onclick = props.on_hex.reform(move |_: MouseEvent| cell);
    let on_hex = props.on_hex.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            on_hex.emit(cell);
        }
    });
    html! {
        <g class={group.class} data-cell={data("cell")} data-terrain={data("terrain")} data-letter={data("letter")}
           data-number={data("number")} data-locked={locked.to_string()} role="button" tabindex="0"
           aria-pressed={locked.to_string()} aria-label={format!("{}, {}", group.title, if locked { "locked" } else { "tap to lock" })}
           {onclick} {onkeydown}>
            <title>{ group.title.clone() }</title>
            { for group.shapes.iter().map(shape) }
            { for group.children.iter().map(|c| self::group(c, props)) }
        </g>
    }
}

/// `data-` attribute names are static strings in Yew; the picture uses a handful of keys.
fn data_attribute(key: &str) -> &'static str {
    match key {
        "cell" => "data-cell",
        "terrain" => "data-terrain",
        "letter" => "data-letter",
        "number" => "data-number",
        "ratio" => "data-ratio",
        "resource" => "data-resource",
        _ => "data-other",
    }
}

fn shape(shape: &Shape) -> Html {
    let element = shape.element();
    let mut tag = VTag::new(element.tag);
    for (key, value) in element.attributes {
        tag.add_attribute(key, value);
    }
    if let Some(text) = element.text {
        tag.add_child(Html::from(text));
    }
    tag.into()
}

/// Every settlement spot's pips on a coloured disc; tap one for its numbers and resources.
fn heat_map(props: &BoardViewProps, at: &dyn Fn(NodeId) -> (f64, f64)) -> Html {
    html! {
        <g class="heat" aria-label="Pips at each settlement spot">
            { for spots(&props.board).into_iter().map(|spot| {
                let (x, y) = at(spot.corner);
                let corner = spot.corner;
                let selected = props.selected_corner == Some(corner);
                let on_corner = props.on_corner.clone();
                let onclick = Callback::from(move |e: MouseEvent| {
                    e.stop_propagation();
                    on_corner.emit(if selected { None } else { Some(corner) });
                });
                html! {
                    <g class="spot" data-corner={corner.to_string()} data-pips={spot.pips.to_string()} {onclick}
                       role="button" tabindex="0" aria-label={format!("spot with {} pips", spot.pips)}>
                        <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="11" fill={heat_colour(spot.pips)}
                                stroke={if selected { "#000" } else { "#5a4a2a" }} stroke-width={if selected { "3" } else { "1" }} />
                        <text x={format!("{x:.1}")} y={format!("{:.1}", y + 4.0)} text-anchor="middle" font-size="11"
                              font-weight="700" fill={if spot.pips >= 12 { "#fff" } else { "#1d1d1d" }}>{ spot.pips }</text>
                    </g>
                }
            }) }
        </g>
    }
}

/// The fair start's settlements, a house in each seat's colour with its number.
fn fair_start_layer(props: &BoardViewProps, at: &dyn Fn(NodeId) -> (f64, f64)) -> Html {
    let seats = props
        .seats
        .unwrap_or_else(|| *props.board.layout.seats().end());
    let seating = fair_start(&props.board, seats);
    html! {
        <g class="fair-start" aria-label="Fair start">
            { for seating.seats.iter().flat_map(|seat| seat.settlements.iter().map(move |&c| (seat.seat, c))).map(|(seat, corner)| {
                let (x, y) = at(corner);
                let colour = SEAT_COLOURS[(seat - 1) % SEAT_COLOURS.len()];
                let house = format!("M{:.1},{:.1} l9,-9 l9,9 v11 h-18 Z", x - 9.0, y - 2.0);
                html! {
                    <g class="settlement" data-seat={seat.to_string()} data-corner={corner.to_string()}>
                        <path d={house} fill={colour} stroke="#1d1d1d" stroke-width="2" />
                        <text x={format!("{x:.1}")} y={format!("{:.1}", y + 7.0)} text-anchor="middle" font-size="11" font-weight="700" fill="#1d1d1d">{ seat }</text>
                    </g>
                }
            }) }
        </g>
    }
}
