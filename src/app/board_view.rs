//! The board as SVG: sea frame, harbours, terrain hexes with letters, number tokens with
//! pip dots, and the robber.

use yew::prelude::*;

use crate::board::{is_red, pips, Board, HarbourKind, Terrain};
use crate::hex::{Hex, LatticePoint};
use crate::layout::Layout;

/// Hex circumradius in SVG units.
const SIZE: f64 = 50.0;

#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    pub board: Board,
}

/// Fill colours picked to stay apart for the common colour-vision deficiencies; each
/// terrain also carries its letter and name, so colour is never the only cue.
pub fn terrain_colour(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Forest => "#1b7a3d",
        Terrain::Pasture => "#9ed36a",
        Terrain::Fields => "#f2c94c",
        Terrain::Hills => "#c7522a",
        Terrain::Mountains => "#8b8fa3",
        Terrain::Desert => "#e9d8a6",
        Terrain::Sea => "#3b7fc4",
        Terrain::Gold => "#e0a800",
    }
}

/// Dark text on light fills, light text on dark ones.
fn ink_on(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Forest | Terrain::Hills | Terrain::Sea => "#ffffff",
        _ => "#1d1d1d",
    }
}

fn pixel(point: LatticePoint) -> (f64, f64) {
    point.to_pixel(SIZE)
}

fn polygon_points(hex: Hex) -> String {
    hex.corners()
        .iter()
        .map(|&p| {
            let (x, y) = pixel(p);
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The SVG viewBox that holds the frame with a small margin.
fn view_box(layout: &Layout) -> String {
    let points: Vec<(f64, f64)> = layout
        .frame
        .iter()
        .chain(&layout.cells)
        .flat_map(|h| h.corners())
        .map(pixel)
        .collect();
    let min_x = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - 4.0;
    let max_x = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + 4.0;
    let min_y = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - 4.0;
    let max_y = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + 4.0;
    format!(
        "{min_x:.0} {min_y:.0} {:.0} {:.0}",
        max_x - min_x,
        max_y - min_y
    )
}

#[component]
pub fn BoardView(props: &BoardViewProps) -> Html {
    let board = &props.board;
    let layout = board.layout();
    let description = format!(
        "Catan board, {} layout. Rows: {}",
        layout.id,
        board
            .pretty_rows()
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" / ")
    );
    html! {
        <svg class="board" data-testid="board" viewBox={view_box(layout)} role="img"
             aria-label={description} preserveAspectRatio="xMidYMid meet">
            <g class="sea">
                { for layout.frame.iter().map(|&hex| html! {
                    <polygon points={polygon_points(hex)} fill={terrain_colour(Terrain::Sea)} stroke="#2e6aa6" stroke-width="1" />
                }) }
            </g>
            <g class="harbours">
                { for layout.harbour_spots.iter().zip(&board.harbours).map(|(spot, &kind)| harbour(layout, spot.sea, spot.corners, kind)) }
            </g>
            <g class="land">
                { for layout.cells.iter().enumerate().map(|(cell, &hex)| land_hex(board, cell, hex)) }
            </g>
            { board.robber.map(|cell| robber(layout.cells[cell])).unwrap_or_default() }
        </svg>
    }
}

fn land_hex(board: &Board, cell: usize, hex: Hex) -> Html {
    let terrain = board.terrain[cell];
    let number = board.numbers[cell];
    let (cx, cy) = pixel(hex.center());
    let ink = ink_on(terrain);
    html! {
        <g class="hex" data-cell={cell.to_string()} data-terrain={terrain.name()} data-letter={terrain.letter().to_string()}
           data-number={number.map(|n| n.to_string()).unwrap_or_default()}>
            <title>{ format!("{}{}", terrain.name(), number.map(|n| format!(" {n}")).unwrap_or_default()) }</title>
            <polygon points={polygon_points(hex)} fill={terrain_colour(terrain)} stroke="#f7f3e8" stroke-width="3" />
            <text class="terrain-letter" x={format!("{cx:.1}")} y={format!("{:.1}", cy - 26.0)} fill={ink}
                  text-anchor="middle" font-size="15" font-weight="700">{ terrain.letter() }</text>
            <text class="terrain-name" x={format!("{cx:.1}")} y={format!("{:.1}", cy + 36.0)} fill={ink}
                  text-anchor="middle" font-size="8.5" letter-spacing="0.2">{ terrain.name() }</text>
            { number.map(|n| token(cx, cy, n)).unwrap_or_default() }
        </g>
    }
}

fn token(cx: f64, cy: f64, number: u8) -> Html {
    let colour = if is_red(number) { "#c0141b" } else { "#1d1d1d" };
    let dots = pips(number);
    let dot_gap = 4.2;
    let first = cx - dot_gap * f64::from(dots - 1) / 2.0;
    html! {
        <g class="token" data-number={number.to_string()}>
            <circle cx={format!("{cx:.1}")} cy={format!("{cy:.1}")} r="19" fill="#fbf4e2" stroke="#5a4a2a" stroke-width="1.5" />
            <text x={format!("{cx:.1}")} y={format!("{:.1}", cy + 5.0)} text-anchor="middle"
                  font-size={if number >= 10 { "17" } else { "19" }} font-weight="700" fill={colour}>{ number }</text>
            { for (0..dots).map(|i| html! {
                <circle class="pip" cx={format!("{:.1}", first + dot_gap * f64::from(i))} cy={format!("{:.1}", cy + 12.0)} r="1.6" fill={colour} />
            }) }
        </g>
    }
}

fn harbour(layout: &Layout, sea: Hex, corners: [usize; 2], kind: HarbourKind) -> Html {
    let (cx, cy) = pixel(sea.center());
    let piers = corners.map(|c| pixel(layout.corners[c]));
    let (label, fill, ink) = match kind {
        HarbourKind::Generic => ("any", "#ffffff", "#1d1d1d"),
        HarbourKind::Special(r) => {
            let terrain = Terrain::producing(r);
            (r.name(), terrain_colour(terrain), ink_on(terrain))
        }
    };
    html! {
        <g class="harbour" data-ratio={format!("{}:1", kind.ratio())} data-resource={kind.resource().map(|r| r.name()).unwrap_or("any")}>
            <title>{ format!("harbour {}", kind.label()) }</title>
            { for piers.iter().map(|&(px, py)| html! {
                <line x1={format!("{cx:.1}")} y1={format!("{cy:.1}")} x2={format!("{px:.1}")} y2={format!("{py:.1}")}
                      stroke="#f5e6c4" stroke-width="5" stroke-linecap="round" />
            }) }
            <circle cx={format!("{cx:.1}")} cy={format!("{cy:.1}")} r="21" fill={fill} stroke="#5a4a2a" stroke-width="1.5" />
            <text x={format!("{cx:.1}")} y={format!("{:.1}", cy - 1.0)} text-anchor="middle" font-size="13" font-weight="700" fill={ink}>
                { format!("{}:1", kind.ratio()) }
            </text>
            <text x={format!("{cx:.1}")} y={format!("{:.1}", cy + 12.0)} text-anchor="middle" font-size="9" fill={ink}>{ label }</text>
        </g>
    }
}

fn robber(hex: Hex) -> Html {
    let (cx, cy) = pixel(hex.center());
    html! {
        <g class="robber" aria-label="robber">
            <title>{ "robber" }</title>
            <ellipse cx={format!("{cx:.1}")} cy={format!("{:.1}", cy + 14.0)} rx="13" ry="5" fill="#2b2b2b" />
            <path d={format!("M{:.1},{:.1} Q{cx:.1},{:.1} {:.1},{:.1} Z", cx - 10.0, cy + 14.0, cy - 22.0, cx + 10.0, cy + 14.0)} fill="#3a3a3a" />
            <circle cx={format!("{cx:.1}")} cy={format!("{:.1}", cy - 10.0)} r="7" fill="#3a3a3a" />
        </g>
    }
}
