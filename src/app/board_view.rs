//! The board as SVG: the engine's picture of the board, turned into Yew nodes.

use yew::prelude::*;

use crate::board::Board;
use crate::picture::{draw, points_attr, Group, Shape};

#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    pub board: Board,
}

#[component]
pub fn BoardView(props: &BoardViewProps) -> Html {
    let picture = draw(&props.board);
    html! {
        <svg class="board" data-testid="board" viewBox={picture.view_box_attr()} role="img"
             aria-label={picture.description.clone()} preserveAspectRatio="xMidYMid meet">
            { for picture.groups.iter().map(group) }
        </svg>
    }
}

fn group(group: &Group) -> Html {
    let mut tag = yew::virtual_dom::VTag::new("g");
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
        tag.add_child(self::group(child));
    }
    tag.into()
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
    let f = |v: f64| format!("{v:.1}");
    match shape {
        Shape::Polygon {
            points,
            fill,
            stroke,
            stroke_width,
        } => html! {
            <polygon points={points_attr(points)} fill={*fill} stroke={*stroke} stroke-width={stroke_width.to_string()} />
        },
        Shape::Circle {
            cx,
            cy,
            r,
            fill,
            stroke,
            stroke_width,
        } => html! {
            <circle cx={f(*cx)} cy={f(*cy)} r={r.to_string()} fill={*fill} stroke={*stroke} stroke-width={stroke_width.to_string()} />
        },
        Shape::Ellipse {
            cx,
            cy,
            rx,
            ry,
            fill,
        } => html! {
            <ellipse cx={f(*cx)} cy={f(*cy)} rx={rx.to_string()} ry={ry.to_string()} fill={*fill} />
        },
        Shape::Line {
            from,
            to,
            stroke,
            width,
        } => html! {
            <line x1={f(from.0)} y1={f(from.1)} x2={f(to.0)} y2={f(to.1)} stroke={*stroke} stroke-width={width.to_string()} stroke-linecap="round" />
        },
        Shape::Path { d, fill } => html! { <path d={d.clone()} fill={*fill} /> },
        Shape::Text {
            at,
            text,
            size,
            bold,
            fill,
            class,
        } => html! {
            <text class={*class} x={f(at.0)} y={f(at.1)} text-anchor="middle" font-size={size.to_string()}
                  font-weight={if *bold { "700" } else { "400" }} fill={*fill}>{ text.clone() }</text>
        },
    }
}
