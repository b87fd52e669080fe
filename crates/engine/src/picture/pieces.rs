//! What a board holds besides terrain, tokens and harbours: fog tiles face down, rivers,
//! fishing grounds and the pieces printed on corners and edges (villages, victory points,
//! fortresses, starting pieces, ...). Each is a group with a class, its data and a title in
//! words, so a player can tell them apart by shape and a screen reader by name. The robber
//! and the pirate stand over it all.

use super::harbours::off_the_coast;
use super::icons::fill;
use super::{pixel, plain_group, Badge, Group, IconPart, Label, Shape, RED_TOKEN};
use crate::catalogue::{FishingGround, Layout, Piece, PieceKind};
use crate::fixed::Fixed;
use crate::geometry::Hex;
use crate::model::{is_red, CellId, EdgeId};

/// Seat colours: the Okabe-Ito palette, distinct under the common colour-vision deficiencies.
pub const SEAT_COLOURS: [&str; 6] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
];

const INK: &str = "#1d1d1d";
/// The back of a fog tile: a pale mist, unlike every terrain's colour and the sea's.
const FOG_BACK: &str = "#dfe4ea";
const FOG_EDGE: &str = "#7d8794";
const RIVER: &str = "#1f6fd1";
const RIVER_BANK: &str = "#dff0ff";
/// A fishing ground's disc: the shallows' pale green, with a teal rim like a net.
const FISHING_FILL: &str = "#d6f2e6";
const FISHING_RIM: &str = "#0f6b6e";
/// Numbers on printed pieces (a village's, a fishing ground's): as large as a harbour's ratio.
pub const PIECE_NUMERAL: f64 = 24.0;

/// A fog hex face down: the tile's back with a cloud, and nothing of what lies under it.
pub(super) fn fog_back(hex: Hex, turns: usize) -> Vec<Shape> {
    let centre = pixel(hex.center(), turns);
    let mut shapes = vec![Shape::Polygon {
        points: super::hex_points(hex, turns),
        fill: FOG_BACK,
        stroke: FOG_EDGE,
        stroke_width: 3.0,
    }];
    // Two clouds, one behind the other: a drawing, not a word, so it reads in any language.
    shapes.push(CLOUD.placed((centre.0 + 9.0, centre.1 - 10.0), 1.4));
    shapes.push(CLOUD.placed((centre.0 - 5.0, centre.1 + 6.0), 2.0));
    shapes
}

/// A cloud within the icon box (15 by 10 each side of its centre).
const CLOUD: IconPart = IconPart::new(
    "M-13,6 Q-15,0 -9,-1 Q-8,-8 -1,-7 Q3,-10 8,-5 Q14,-5 13,1 Q15,6 10,6 Z",
    "#ffffff",
    FOG_EDGE,
    1.0,
);

/// A fish within the icon box, facing left: the fishing grounds' sign (the lake's icon
/// holds it smaller).
pub(super) const FISH: [IconPart; 2] = [
    fill("M-13,0 Q-4,-9 6,0 Q-4,9 -13,0 Z", FISHING_RIM),
    fill("M5,0 L13,-6 L13,6 Z", FISHING_RIM),
];

/// Rivers of Catan's second number (the 2 sharing the 12's hex): a smaller token at the
/// main token's shoulder.
pub(super) fn extra_token(centre: (f64, f64), number: u8) -> Group {
    small_token("token", (centre.0 + 26.0, centre.1 - 18.0), number)
}

/// The numbers printed on a tile (the lake's 2, 3, 11 and 12), one small disc in each
/// corner of the hex round its icon.
pub(super) fn printed_numbers(centre: (f64, f64), numbers: &[u8]) -> Vec<Group> {
    const AT: [(f64, f64); 4] = [(-25.0, -22.0), (25.0, -22.0), (-25.0, 24.0), (25.0, 24.0)];
    numbers
        .iter()
        .zip(AT)
        .map(|(&n, (dx, dy))| small_token("printed-number", (centre.0 + dx, centre.1 + dy), n))
        .collect()
}

fn small_token(class: &'static str, (cx, cy): (f64, f64), number: u8) -> Group {
    Group {
        class,
        data: vec![("number", number.to_string())],
        label: None,
        cell: None,
        shapes: vec![
            Shape::Circle {
                cx,
                cy,
                r: 13.0,
                fill: "#fbf4e2",
                stroke: "#5a4a2a",
                stroke_width: 2.0,
            },
            Shape::Text {
                at: (cx, cy + 6.5),
                text: number.to_string(),
                size: 18.0,
                bold: true,
                fill: if is_red(number) { RED_TOKEN } else { INK },
                class: "number",
            },
        ],
        children: Vec::new(),
    }
}

/// Each river as a blue stream from its spring through the sides it crosses (where its
/// bridges go) to its mouth. Between two sides of a hex it bends towards the top of the hex,
/// clear of the token below the centre.
pub(super) fn rivers(layout: &Layout, turns: usize) -> Group {
    let mid = |edge: EdgeId| {
        let (a, b) = layout.topology.edges[edge];
        let (a, b) = (
            pixel(layout.topology.corners[a], turns),
            pixel(layout.topology.corners[b], turns),
        );
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    };
    // The cells either side of an edge.
    let cells_of = |edge: EdgeId| -> Vec<CellId> {
        let (a, b) = layout.topology.edges[edge];
        layout.topology.corner_cells[a]
            .iter()
            .copied()
            .filter(|c| layout.topology.corner_cells[b].contains(c))
            .collect()
    };
    let high = |cell: CellId| {
        let (x, y) = pixel(layout.cells[cell].center(), turns);
        (x, y - 42.0)
    };
    let children = layout
        .rivers
        .iter()
        .enumerate()
        .map(|(n, edges)| {
            let mut d = String::new();
            // The spring: the first side's cell that the second side does not touch.
            let spring = edges.first().and_then(|&first| {
                let next = edges.get(1).map(|&e| cells_of(e)).unwrap_or_default();
                cells_of(first).into_iter().find(|c| !next.contains(c))
            });
            let start = match spring {
                Some(cell) => {
                    let (x, y) = pixel(layout.cells[cell].center(), turns);
                    (x, y - 30.0)
                }
                None => mid(edges[0]),
            };
            d.push_str(&format!("M{},{}", Fixed(start.0, 1), Fixed(start.1, 1)));
            let mut previous: Option<EdgeId> = None;
            for &edge in edges {
                let (x, y) = mid(edge);
                // The hex the stream crosses to reach this side: shared with the last side.
                let through = previous.and_then(|p| {
                    let before = cells_of(p);
                    cells_of(edge).into_iter().find(|c| before.contains(c))
                });
                match through.or(spring.filter(|_| previous.is_none())) {
                    Some(cell) => {
                        let (qx, qy) = high(cell);
                        d.push_str(&format!(
                            " Q{},{} {},{}",
                            Fixed(qx, 1),
                            Fixed(qy, 1),
                            Fixed(x, 1),
                            Fixed(y, 1)
                        ));
                    }
                    None => d.push_str(&format!(" L{},{}", Fixed(x, 1), Fixed(y, 1))),
                }
                previous = Some(edge);
            }
            let crossings: Vec<Shape> = edges
                .iter()
                .map(|&edge| {
                    let (x, y) = mid(edge);
                    Shape::Circle {
                        cx: x,
                        cy: y,
                        r: 5.0,
                        fill: RIVER_BANK,
                        stroke: RIVER,
                        stroke_width: 2.0,
                    }
                })
                .collect();
            let mut shapes = vec![
                Shape::Path {
                    d: d.clone(),
                    fill: "none",
                    stroke: RIVER_BANK,
                    stroke_width: 14.0,
                },
                Shape::Path {
                    d,
                    fill: "none",
                    stroke: RIVER,
                    stroke_width: 8.0,
                },
            ];
            shapes.extend(crossings);
            Group {
                class: "river",
                data: vec![("edges", edges.len().to_string())],
                label: Some(Label::River {
                    number: n + 1,
                    bridge_sites: edges.len(),
                }),
                cell: None,
                shapes,
                children: Vec::new(),
            }
        })
        .collect();
    plain_group("rivers", children)
}

/// Where each fishing ground is drawn: off its coast like a harbour, with nets to the
/// corners it serves.
pub(super) fn fishing_badges(layout: &Layout, turns: usize) -> Vec<Badge> {
    layout
        .fishing
        .iter()
        .map(|f| {
            let coast = off_the_coast(layout, f.sea, f.corners, turns);
            Badge {
                centre: coast.at,
                piers: coast.piers,
                icon: None,
            }
        })
        .collect()
}

/// The fishing grounds: a pale disc in the sea with a fish and the number it yields on,
/// and nets to the corners it serves.
pub(super) fn fishing_grounds(layout: &Layout, badges: &[Badge]) -> Group {
    let children = layout
        .fishing
        .iter()
        .zip(badges)
        .map(|(ground, badge)| fishing_ground(ground, badge))
        .collect();
    plain_group("fishing-grounds", children)
}

fn fishing_ground(ground: &FishingGround, badge: &Badge) -> Group {
    let (cx, cy) = badge.centre;
    let mut shapes = badge.disc((FISHING_RIM, 3.0), FISHING_FILL, (FISHING_RIM, 3.0));
    shapes.extend(FISH.iter().map(|part| part.placed((cx, cy - 13.0), 0.7)));
    shapes.push(Shape::Text {
        at: (cx, cy + 16.0),
        text: ground.number.to_string(),
        size: PIECE_NUMERAL,
        bold: true,
        fill: if is_red(ground.number) {
            RED_TOKEN
        } else {
            INK
        },
        class: "number",
    });
    Group {
        class: "fishing",
        data: vec![
            ("number", ground.number.to_string()),
            (
                "corners",
                format!("{} {}", ground.corners[0], ground.corners[1]),
            ),
        ],
        label: Some(Label::FishingGround {
            number: ground.number,
        }),
        cell: None,
        shapes,
        children: Vec::new(),
    }
}

/// The pieces printed on corners and edges, each a small sign of its own.
pub(super) fn pieces(layout: &Layout, turns: usize) -> Group {
    let children = layout
        .pieces
        .iter()
        .map(|piece| piece_group(layout, piece, turns))
        .collect();
    plain_group("pieces", children)
}

fn piece_group(layout: &Layout, piece: &Piece, turns: usize) -> Group {
    let at = match (piece.corner, piece.edge) {
        (Some(corner), _) => pixel(layout.topology.corners[corner], turns),
        (None, Some(edge)) => {
            let (a, b) = layout.topology.edges[edge];
            let (a, b) = (
                pixel(layout.topology.corners[a], turns),
                pixel(layout.topology.corners[b], turns),
            );
            ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
        }
        (None, None) => (0.0, 0.0),
    };
    let mut data = vec![("piece", piece.kind.name().to_string())];
    if let Some(corner) = piece.corner {
        data.push(("corner", corner.to_string()));
    }
    if let Some(edge) = piece.edge {
        data.push(("edge", edge.to_string()));
    }
    if let Some(n) = piece.number {
        data.push(("number", n.to_string()));
    }
    Group {
        class: "piece",
        data,
        label: Some(Label::Piece {
            kind: piece.kind,
            number: piece.number,
        }),
        cell: None,
        shapes: piece_sign(piece, at),
        children: Vec::new(),
    }
}

/// The small signs (all but the village, which carries a numeral) drawn this much larger
/// than their paths, so a phone showing a whole Seafarers board still tells them apart.
const SIGN_SCALE: f64 = 1.3;

/// A sign drawn about 0,0, placed at `at` at the signs' scale; `width` is its stroke on
/// screen, which the signs' scale does not thicken.
fn sign(
    d: &'static str,
    at: (f64, f64),
    fill: &'static str,
    stroke: &'static str,
    width: f64,
) -> Shape {
    IconPart::new(d, fill, stroke, width / SIGN_SCALE).placed(at, SIGN_SCALE)
}

fn numeral(at: (f64, f64), number: u8, size: f64, fill: &'static str) -> Shape {
    Shape::Text {
        at,
        text: number.to_string(),
        size,
        bold: true,
        fill,
        class: "number",
    }
}

/// Each kind of piece drawn so it reads at a glance and apart from the others: a village a
/// hut with its number, a victory point a star, a development card a card, a wasteland a
/// cracked brown disc, a strait waves, a corner where no one may start a barred circle, a
/// fortress a tower, starting pieces a house or a ship in the seat's colour with its number.
fn piece_sign(piece: &Piece, (x, y): (f64, f64)) -> Vec<Shape> {
    let at = (x, y);
    let seat_colour = piece
        .number
        .map_or("#ffffff", |n| SEAT_COLOURS[(usize::from(n).max(1) - 1) % 6]);
    match piece.kind {
        PieceKind::Village => {
            let mut shapes = vec![
                IconPart::new("M-15,-9 L0,-24 L15,-9 Z", "#8a4b1c", INK, 1.5).placed(at, 1.0),
                Shape::Circle {
                    cx: x,
                    cy: y + 2.0,
                    r: 18.0,
                    fill: "#fbf4e2",
                    stroke: "#8a4b1c",
                    stroke_width: 3.0,
                },
            ];
            if let Some(n) = piece.number {
                let ink = if is_red(n) { RED_TOKEN } else { INK };
                shapes.push(numeral((x, y + 10.5), n, PIECE_NUMERAL, ink));
            }
            shapes
        }
        PieceKind::VictoryPoint => vec![sign(
            "M0,-13 L3.8,-4.2 L12.4,-4 L5.6,1.6 L7.6,10.5 L0,5.6 L-7.6,10.5 L-5.6,1.6 L-12.4,-4 L-3.8,-4.2 Z",
            at,
            "#f2c200",
            INK,
            1.5,
        )],
        PieceKind::DevelopmentCard => vec![
            sign("M-8,-11 L8,-11 L8,11 L-8,11 Z", at, "#5b3a8e", "#ffffff", 2.0),
            sign("M-4,-6 L4,-6 L4,6 L-4,6 Z", at, "none", "#ffffff", 1.5),
        ],
        PieceKind::Wasteland => vec![
            Shape::Circle {
                cx: x,
                cy: y,
                r: 10.0 * SIGN_SCALE,
                fill: "#6b4a2b",
                stroke: INK,
                stroke_width: 1.5,
            },
            sign("M-6,-5 L-1,0 L-4,5 M2,-7 L1,0 L6,4", at, "none", "#e9d8a6", 2.0),
        ],
        PieceKind::Strait => vec![
            Shape::Circle {
                cx: x,
                cy: y,
                r: 10.0 * SIGN_SCALE,
                fill: "#3b7fc4",
                stroke: "#ffffff",
                stroke_width: 2.0,
            },
            sign(
                "M-7,-2 Q-3.5,-6 0,-2 Q3.5,2 7,-2 M-7,4 Q-3.5,0 0,4 Q3.5,8 7,4",
                at,
                "none",
                "#ffffff",
                1.8,
            ),
        ],
        PieceKind::NoStart => vec![
            Shape::Circle {
                cx: x,
                cy: y,
                r: 7.0 * SIGN_SCALE,
                fill: "#ffffff",
                stroke: RED_TOKEN,
                stroke_width: 2.5,
            },
            sign("M-5,-5 L5,5", at, "none", RED_TOKEN, 2.5),
        ],
        PieceKind::Fortress => {
            // A dark tower; a seat's fortress wears the seat's colour and number.
            let fill = if piece.number.is_some() {
                seat_colour
            } else {
                "#4a4a4a"
            };
            let mut shapes = vec![sign(
                "M-11,12 L-11,-12 L-6.5,-12 L-6.5,-7 L-2,-7 L-2,-12 L2,-12 L2,-7 L6.5,-7 L6.5,-12 L11,-12 L11,12 Z",
                at,
                fill,
                INK,
                2.0,
            )];
            if let Some(n) = piece.number {
                shapes.push(numeral((x, y + 11.0), n, 17.0, INK));
            }
            shapes
        }
        PieceKind::StartSettlement => {
            let mut shapes = vec![sign(
                "M-12,-2 L0,-14 L12,-2 L12,12 L-12,12 Z",
                at,
                seat_colour,
                INK,
                2.0,
            )];
            if let Some(n) = piece.number {
                shapes.push(numeral((x, y + 13.0), n, 18.0, INK));
            }
            shapes
        }
        PieceKind::StartShip => {
            let mut shapes = vec![
                sign("M-14,2 L14,2 L9,11 L-9,11 Z", at, seat_colour, INK, 2.0),
                sign("M0,-14 L0,2 L11,2 Z", at, "#ffffff", INK, 1.5),
            ];
            if let Some(n) = piece.number {
                shapes.push(numeral((x - 7.0, y - 1.0), n, 16.0, INK));
            }
            shapes
        }
    }
}

pub(super) fn robber(hex: Hex, turns: usize) -> Group {
    let (cx, cy) = pixel(hex.center(), turns);
    Group {
        class: "robber",
        data: Vec::new(),
        label: Some(Label::Robber),
        cell: None,
        shapes: vec![
            Shape::Ellipse {
                cx,
                cy: cy + 14.0,
                rx: 13.0,
                ry: 5.0,
                fill: "#2b2b2b",
            },
            IconPart::new("M-10,14 Q0,-22 10,14 Z", "#3a3a3a", "none", 0.0).placed((cx, cy), 1.0),
            Shape::Circle {
                cx,
                cy: cy - 10.0,
                r: 7.0,
                fill: "#3a3a3a",
                stroke: "none",
                stroke_width: 0.0,
            },
        ],
        children: Vec::new(),
    }
}

pub(super) fn pirate(hex: Hex, turns: usize) -> Group {
    let (cx, cy) = pixel(hex.center(), turns);
    Group {
        class: "pirate",
        data: Vec::new(),
        label: Some(Label::PirateShip),
        cell: None,
        shapes: vec![
            IconPart::new("M-20,4 L20,4 L13,15 L-13,15 Z", "#2b2b2b", "none", 0.0)
                .placed((cx, cy), 1.0),
            IconPart::new("M0,-22 L0,2 L15,2 Z", "#f7f3e8", "#2b2b2b", 1.5).placed((cx, cy), 1.0),
        ],
        children: Vec::new(),
    }
}
