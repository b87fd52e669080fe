//! A hex as drawn: its terrain's colour and icon, its number token (and any number printed
//! beside it), or the back of a fog tile face down.

use super::{
    hex_points, icon_place, pieces, pixel, terrain_icon, Fog, Group, Label, Options, Shape,
};
use crate::board::Board;
use crate::model::{is_red, pips, CellId, Terrain};

/// Fill colours picked to stay apart for the common colour-vision deficiencies; each
/// terrain also carries its drawn icon (`terrain_icon`), so colour is never the only cue.
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
        Terrain::Lake => "#7fc4e8",
        Terrain::Swamp => "#7d8f5a",
        Terrain::Oasis => "#d6e2a0",
        Terrain::Castle | Terrain::CastleYieldingWool => "#6f6a86",
        Terrain::Quarry | Terrain::QuarryYieldingBrick => "#b7b0a4",
        Terrain::Glassworks | Terrain::GlassworksYieldingLumber => "#3f8f86",
    }
}

/// Dark text on light fills, light text on dark ones.
pub fn ink_on(terrain: Terrain) -> &'static str {
    match terrain.drawn_as() {
        Terrain::Forest | Terrain::Hills | Terrain::Sea | Terrain::Castle | Terrain::Glassworks => {
            "#ffffff"
        }
        _ => "#1d1d1d",
    }
}

pub const RED_TOKEN: &str = "#c0141b";
pub(super) const SEA_EDGE: &str = "#2e6aa6";

/// A number token: a disc below the hex's centre, leaving the top of the hex to the
/// terrain's icon. Its numeral is big enough to read across a table on a phone: 33 units
/// is 23 CSS px on a 390 px wide phone showing the base board, 12 px or more on the widest
/// layout (new-world-five-six with harbours standing off both sides).
pub const TOKEN_RADIUS: f64 = 28.0;
pub const TOKEN_DROP: f64 = 8.0;
pub const NUMERAL_SIZE: f64 = 33.0;

pub(super) fn hex_group(board: &Board, cell: CellId, options: Options) -> Group {
    let layout = board.layout();
    let turns = options.turns;
    let hex = layout.cells[cell];
    let terrain = board.terrain[cell];
    let number = board.numbers[cell];
    let centre = pixel(hex.center(), turns);
    let fog = layout.zones[layout.cell_zone[cell]].fog;
    let mut data = vec![
        ("cell", cell.to_string()),
        ("terrain", terrain.name().to_string()),
        ("letter", terrain.letter().to_string()),
        ("number", number.map(|n| n.to_string()).unwrap_or_default()),
    ];
    if fog && !options.reveal_fog {
        // Face down: the hex is dealt (its terrain stays in the board's data, so links and
        // tests still read it) but the table sees only the back of the tile.
        data.push(("fog", "down".to_string()));
        return Group {
            class: "hex",
            data,
            label: Some(Label::Hex {
                terrain,
                numbers: Vec::new(),
                fog: Fog::FaceDown,
            }),
            cell: Some(cell),
            shapes: pieces::fog_back(hex, turns),
            children: Vec::new(),
        };
    }
    if fog {
        data.push(("fog", "up".to_string()));
    }
    let mut shapes = vec![Shape::Polygon {
        points: hex_points(hex, turns),
        fill: terrain_colour(terrain),
        stroke: if terrain == Terrain::Sea {
            SEA_EDGE
        } else {
            "#f7f3e8"
        },
        stroke_width: if terrain == Terrain::Sea { 1.0 } else { 3.0 },
    }];
    // A sea cell carrying a harbour leaves the room to the harbour's badge.
    let harbour_here = board.harbours.iter().any(|h| h.spot.sea == hex);
    if !(terrain == Terrain::Sea && harbour_here) {
        let piece_here = board.robber == Some(cell) || board.pirate == Some(hex);
        let (at, scale) = icon_place(centre, number.is_some(), piece_here);
        shapes.extend(terrain_icon(terrain, at, scale));
    }
    // Rivers of Catan: a second number beside the token (the 2 riding with the 12).
    let second_numbers = board.second_numbers();
    let extra = second_numbers
        .iter()
        .filter(|(c, _)| *c == cell)
        .map(|&(_, n)| n);
    let children: Vec<Group> = number
        .map(|n| token(centre.0, centre.1 + TOKEN_DROP, n))
        .into_iter()
        .chain(extra.clone().map(|n| pieces::extra_token(centre, n)))
        .chain(pieces::printed_numbers(centre, terrain.printed_numbers()))
        .collect();
    let numbers: Vec<u8> = number
        .into_iter()
        .chain(extra)
        .chain(terrain.printed_numbers().iter().copied())
        .collect();
    Group {
        class: "hex",
        data,
        label: Some(Label::Hex {
            terrain,
            numbers,
            fog: if fog { Fog::FaceUp } else { Fog::Clear },
        }),
        cell: Some(cell),
        shapes,
        children,
    }
}

pub(super) fn token(cx: f64, cy: f64, number: u8) -> Group {
    let colour = if is_red(number) { RED_TOKEN } else { "#1d1d1d" };
    let dots = pips(number);
    let gap = 6.4;
    let first = cx - gap * f64::from(dots - 1) / 2.0;
    let mut shapes = vec![
        Shape::Circle {
            cx,
            cy,
            r: TOKEN_RADIUS,
            fill: "#fbf4e2",
            stroke: "#5a4a2a",
            stroke_width: 2.0,
        },
        Shape::Text {
            at: (cx, cy + 8.0),
            text: number.to_string(),
            size: NUMERAL_SIZE,
            bold: true,
            fill: colour,
            class: "number",
        },
    ];
    shapes.extend((0..dots).map(|i| Shape::Circle {
        cx: first + gap * f64::from(i),
        cy: cy + 16.5,
        r: 2.6,
        fill: colour,
        stroke: "none",
        stroke_width: 0.0,
    }));
    Group {
        class: "token",
        data: vec![("number", number.to_string())],
        label: None,
        cell: None,
        shapes,
        children: Vec::new(),
    }
}
