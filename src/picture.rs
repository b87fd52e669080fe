//! The board as a picture: a display list of plain shapes, drawn once here and then written
//! out as an SVG document (the command line's `--format svg`, PNG export) or turned into Yew
//! nodes by the app. One drawing, so every output looks the same.

use std::fmt::Write;

use crate::board::{is_red, pips, Board, Harbour, HarbourKind, Terrain};
use crate::hex::{Hex, LatticePoint};
use crate::layout::CellId;

/// Hex circumradius in picture units.
pub const SIZE: f64 = 50.0;

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Polygon {
        points: Vec<(f64, f64)>,
        fill: &'static str,
        stroke: &'static str,
        stroke_width: f64,
    },
    Circle {
        cx: f64,
        cy: f64,
        r: f64,
        fill: &'static str,
        stroke: &'static str,
        stroke_width: f64,
    },
    Ellipse {
        cx: f64,
        cy: f64,
        rx: f64,
        ry: f64,
        fill: &'static str,
    },
    Line {
        from: (f64, f64),
        to: (f64, f64),
        stroke: &'static str,
        width: f64,
    },
    Path {
        d: String,
        fill: &'static str,
    },
    Text {
        at: (f64, f64),
        text: String,
        size: f64,
        bold: bool,
        fill: &'static str,
        class: &'static str,
    },
}

/// A group of shapes: one hex, token, harbour or piece, with data for tests and styling.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub class: &'static str,
    pub data: Vec<(&'static str, String)>,
    pub title: String,
    /// The cell the group stands for, if it is one (the app makes it tappable).
    pub cell: Option<CellId>,
    pub shapes: Vec<Shape>,
    pub children: Vec<Group>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// min x, min y, width, height.
    pub view_box: (f64, f64, f64, f64),
    pub description: String,
    pub groups: Vec<Group>,
}

impl Picture {
    pub fn view_box_attr(&self) -> String {
        let (x, y, w, h) = self.view_box;
        format!("{x:.0} {y:.0} {w:.0} {h:.0}")
    }
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
pub fn ink_on(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Forest | Terrain::Hills | Terrain::Sea => "#ffffff",
        _ => "#1d1d1d",
    }
}

pub const RED_TOKEN: &str = "#c0141b";
const SEA_EDGE: &str = "#2e6aa6";

/// Where a lattice point is drawn, the board turned by `turns` sixths of a full turn
/// (clockwise) about the origin.
pub fn pixel(point: LatticePoint, turns: usize) -> (f64, f64) {
    let (x, y) = point.to_pixel(SIZE);
    let h = 3f64.sqrt() / 2.0;
    let (cos, sin) = [
        (1.0, 0.0),
        (0.5, h),
        (-0.5, h),
        (-1.0, 0.0),
        (-0.5, -h),
        (0.5, -h),
    ][turns % 6];
    (x * cos - y * sin, x * sin + y * cos)
}

/// The six corners of a hex as drawn.
pub fn hex_points(hex: Hex, turns: usize) -> Vec<(f64, f64)> {
    hex.corners().iter().map(|&p| pixel(p, turns)).collect()
}

/// The picture of a board, upright.
pub fn draw(board: &Board) -> Picture {
    draw_turned(board, 0)
}

/// The picture of a board turned by `turns` sixths of a turn; the labels stay upright.
pub fn draw_turned(board: &Board, turns: usize) -> Picture {
    let layout = board.layout();
    let all: Vec<(f64, f64)> = layout
        .frame
        .iter()
        .chain(&layout.cells)
        .flat_map(|&h| hex_points(h, turns))
        .collect();
    let min_x = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - 4.0;
    let max_x = all.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + 4.0;
    let min_y = all.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - 4.0;
    let max_y = all.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + 4.0;

    let sea = Group {
        class: "sea",
        data: Vec::new(),
        title: String::new(),
        cell: None,
        shapes: layout
            .frame
            .iter()
            .map(|&h| Shape::Polygon {
                points: hex_points(h, turns),
                fill: terrain_colour(Terrain::Sea),
                stroke: SEA_EDGE,
                stroke_width: 1.0,
            })
            .collect(),
        children: Vec::new(),
    };
    let land: Vec<Group> = (0..layout.cells.len())
        .map(|cell| hex_group(board, cell, turns))
        .collect();
    let harbours: Vec<Group> = board
        .harbours
        .iter()
        .map(|h| harbour_group(board, h, turns))
        .collect();
    let mut groups = vec![
        sea,
        plain_group("land", land),
        plain_group("harbours", harbours),
    ];
    if let Some(cell) = board.robber {
        groups.push(robber(layout.cells[cell], turns));
    }
    if let Some(hex) = board.pirate {
        groups.push(pirate(hex, turns));
    }
    Picture {
        view_box: (min_x, min_y, max_x - min_x, max_y - min_y),
        description: format!(
            "Catan board, {} layout. Rows: {}",
            board.layout,
            board
                .pretty_rows()
                .lines()
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" / ")
        ),
        groups,
    }
}

fn plain_group(class: &'static str, children: Vec<Group>) -> Group {
    Group {
        class,
        data: Vec::new(),
        title: String::new(),
        cell: None,
        shapes: Vec::new(),
        children,
    }
}

fn hex_group(board: &Board, cell: CellId, turns: usize) -> Group {
    let layout = board.layout();
    let hex = layout.cells[cell];
    let terrain = board.terrain[cell];
    let number = board.numbers[cell];
    let (cx, cy) = pixel(hex.center(), turns);
    let ink = ink_on(terrain);
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
    if terrain != Terrain::Sea {
        shapes.push(Shape::Text {
            at: (cx, cy - 26.0),
            text: terrain.letter().to_string(),
            size: 15.0,
            bold: true,
            fill: ink,
            class: "terrain-letter",
        });
        shapes.push(Shape::Text {
            at: (cx, cy + 36.0),
            text: terrain.name().to_string(),
            size: 8.5,
            bold: false,
            fill: ink,
            class: "terrain-name",
        });
    }
    let children = number.map(|n| vec![token(cx, cy, n)]).unwrap_or_default();
    Group {
        class: "hex",
        data: vec![
            ("cell", cell.to_string()),
            ("terrain", terrain.name().to_string()),
            ("letter", terrain.letter().to_string()),
            ("number", number.map(|n| n.to_string()).unwrap_or_default()),
        ],
        title: format!(
            "{}{}",
            terrain.name(),
            number.map(|n| format!(" {n}")).unwrap_or_default()
        ),
        cell: Some(cell),
        shapes,
        children,
    }
}

fn token(cx: f64, cy: f64, number: u8) -> Group {
    let colour = if is_red(number) { RED_TOKEN } else { "#1d1d1d" };
    let dots = pips(number);
    let gap = 4.2;
    let first = cx - gap * f64::from(dots - 1) / 2.0;
    let mut shapes = vec![
        Shape::Circle {
            cx,
            cy,
            r: 19.0,
            fill: "#fbf4e2",
            stroke: "#5a4a2a",
            stroke_width: 1.5,
        },
        Shape::Text {
            at: (cx, cy + 5.0),
            text: number.to_string(),
            size: if number >= 10 { 17.0 } else { 19.0 },
            bold: true,
            fill: colour,
            class: "number",
        },
    ];
    shapes.extend((0..dots).map(|i| Shape::Circle {
        cx: first + gap * f64::from(i),
        cy: cy + 12.0,
        r: 1.6,
        fill: colour,
        stroke: "none",
        stroke_width: 0.0,
    }));
    Group {
        class: "token",
        data: vec![("number", number.to_string())],
        title: String::new(),
        cell: None,
        shapes,
        children: Vec::new(),
    }
}

fn harbour_group(board: &Board, harbour: &Harbour, turns: usize) -> Group {
    let layout = board.layout();
    // Drawn between the sea hex's centre and the coast, so two harbours on one inland
    // harbour hex stay apart.
    let (sx, sy) = pixel(harbour.spot.sea.center(), turns);
    let piers = harbour
        .spot
        .corners
        .map(|c| pixel(layout.corners[c], turns));
    let (mx, my) = (
        (piers[0].0 + piers[1].0) / 2.0,
        (piers[0].1 + piers[1].1) / 2.0,
    );
    let (cx, cy) = (sx + (mx - sx) * 0.3, sy + (my - sy) * 0.3);
    let (label, fill, ink) = match harbour.kind {
        HarbourKind::Generic => ("any", "#ffffff", "#1d1d1d"),
        HarbourKind::Special(r) => {
            let terrain = Terrain::producing(r);
            (r.name(), terrain_colour(terrain), ink_on(terrain))
        }
    };
    let mut shapes: Vec<Shape> = piers
        .iter()
        .map(|&p| Shape::Line {
            from: (cx, cy),
            to: p,
            stroke: "#f5e6c4",
            width: 5.0,
        })
        .collect();
    shapes.push(Shape::Circle {
        cx,
        cy,
        r: 20.0,
        fill,
        stroke: "#5a4a2a",
        stroke_width: 1.5,
    });
    shapes.push(Shape::Text {
        at: (cx, cy - 1.0),
        text: format!("{}:1", harbour.kind.ratio()),
        size: 13.0,
        bold: true,
        fill: ink,
        class: "ratio",
    });
    shapes.push(Shape::Text {
        at: (cx, cy + 12.0),
        text: label.to_string(),
        size: 9.0,
        bold: false,
        fill: ink,
        class: "resource",
    });
    Group {
        class: "harbour",
        data: vec![
            ("ratio", format!("{}:1", harbour.kind.ratio())),
            (
                "resource",
                harbour
                    .kind
                    .resource()
                    .map_or("any", |r| r.name())
                    .to_string(),
            ),
        ],
        title: format!("harbour {}", harbour.kind.label()),
        cell: None,
        shapes,
        children: Vec::new(),
    }
}

fn robber(hex: Hex, turns: usize) -> Group {
    let (cx, cy) = pixel(hex.center(), turns);
    Group {
        class: "robber",
        data: Vec::new(),
        title: "robber".into(),
        cell: None,
        shapes: vec![
            Shape::Ellipse {
                cx,
                cy: cy + 14.0,
                rx: 13.0,
                ry: 5.0,
                fill: "#2b2b2b",
            },
            Shape::Path {
                d: format!(
                    "M{:.1},{:.1} Q{cx:.1},{:.1} {:.1},{:.1} Z",
                    cx - 10.0,
                    cy + 14.0,
                    cy - 22.0,
                    cx + 10.0,
                    cy + 14.0
                ),
                fill: "#3a3a3a",
            },
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

fn pirate(hex: Hex, turns: usize) -> Group {
    let (cx, cy) = pixel(hex.center(), turns);
    Group {
        class: "pirate",
        data: Vec::new(),
        title: "pirate ship".into(),
        cell: None,
        shapes: vec![
            Shape::Path {
                d: format!(
                    "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z",
                    cx - 20.0,
                    cy + 4.0,
                    cx + 20.0,
                    cy + 4.0,
                    cx + 13.0,
                    cy + 15.0,
                    cx - 13.0,
                    cy + 15.0
                ),
                fill: "#2b2b2b",
            },
            Shape::Path {
                d: format!(
                    "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z",
                    cx,
                    cy - 22.0,
                    cx,
                    cy + 2.0,
                    cx + 15.0,
                    cy + 2.0
                ),
                fill: "#f7f3e8",
            },
            Shape::Text {
                at: (cx, cy + 30.0),
                text: "pirate".into(),
                size: 9.0,
                bold: false,
                fill: "#ffffff",
                class: "piece-name",
            },
        ],
        children: Vec::new(),
    }
}

/// Writes the picture as a standalone SVG document.
pub fn svg(picture: &Picture) -> String {
    svg_with_caption(picture, None)
}

/// The SVG document with a line of text under the board (the PNG export's seed and score),
/// sized in pixels so an image made from it has a definite size.
pub fn svg_with_caption(picture: &Picture, caption: Option<&str>) -> String {
    let (x, y, w, h) = picture.view_box;
    let extra = if caption.is_some() { 36.0 } else { 0.0 };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:.0} {y:.0} {w:.0} {:.0}" width="{w:.0}" height="{:.0}" role="img" aria-label="{}" font-family="system-ui, sans-serif">"#,
        h + extra,
        h + extra,
        escape(&picture.description)
    );
    if let Some(text) = caption {
        let _ = writeln!(
            out,
            r##"<rect x="{x:.0}" y="{y:.0}" width="{w:.0}" height="{:.0}" fill="#f7f3e8"/><text x="{:.0}" y="{:.0}" text-anchor="middle" font-size="20" fill="#1d1d1d">{}</text>"##,
            h + extra,
            x + w / 2.0,
            y + h + 24.0,
            escape(text)
        );
    }
    for group in &picture.groups {
        write_group(&mut out, group);
    }
    out.push_str("</svg>\n");
    out
}

fn write_group(out: &mut String, group: &Group) {
    let data: String = group
        .data
        .iter()
        .map(|(k, v)| format!(r#" data-{k}="{}""#, escape(v)))
        .collect();
    let _ = write!(out, r#"<g class="{}"{data}>"#, group.class);
    if !group.title.is_empty() {
        let _ = write!(out, "<title>{}</title>", escape(&group.title));
    }
    for shape in &group.shapes {
        write_shape(out, shape);
    }
    for child in &group.children {
        write_group(out, child);
    }
    out.push_str("</g>\n");
}

/// An SVG element: its tag, attributes and text.
pub struct Element {
    pub tag: &'static str,
    pub attributes: Vec<(&'static str, String)>,
    pub text: Option<String>,
}

impl Shape {
    /// The SVG element that draws this shape: the one mapping both the SVG document and
    /// the app's Yew nodes use.
    pub fn element(&self) -> Element {
        let n = |v: f64| format!("{v:.1}");
        let (tag, attributes, text): (&'static str, Vec<(&'static str, String)>, Option<String>) =
            match self {
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                    stroke_width,
                } => (
                    "polygon",
                    vec![
                        ("points", points_attr(points)),
                        ("fill", fill.to_string()),
                        ("stroke", stroke.to_string()),
                        ("stroke-width", stroke_width.to_string()),
                    ],
                    None,
                ),
                Shape::Circle {
                    cx,
                    cy,
                    r,
                    fill,
                    stroke,
                    stroke_width,
                } => (
                    "circle",
                    vec![
                        ("cx", n(*cx)),
                        ("cy", n(*cy)),
                        ("r", r.to_string()),
                        ("fill", fill.to_string()),
                        ("stroke", stroke.to_string()),
                        ("stroke-width", stroke_width.to_string()),
                    ],
                    None,
                ),
                Shape::Ellipse {
                    cx,
                    cy,
                    rx,
                    ry,
                    fill,
                } => (
                    "ellipse",
                    vec![
                        ("cx", n(*cx)),
                        ("cy", n(*cy)),
                        ("rx", rx.to_string()),
                        ("ry", ry.to_string()),
                        ("fill", fill.to_string()),
                    ],
                    None,
                ),
                Shape::Line {
                    from,
                    to,
                    stroke,
                    width,
                } => (
                    "line",
                    vec![
                        ("x1", n(from.0)),
                        ("y1", n(from.1)),
                        ("x2", n(to.0)),
                        ("y2", n(to.1)),
                        ("stroke", stroke.to_string()),
                        ("stroke-width", width.to_string()),
                        ("stroke-linecap", "round".to_string()),
                    ],
                    None,
                ),
                Shape::Path { d, fill } => (
                    "path",
                    vec![("d", d.clone()), ("fill", fill.to_string())],
                    None,
                ),
                Shape::Text {
                    at,
                    text,
                    size,
                    bold,
                    fill,
                    class,
                } => (
                    "text",
                    vec![
                        ("class", class.to_string()),
                        ("x", n(at.0)),
                        ("y", n(at.1)),
                        ("text-anchor", "middle".to_string()),
                        ("font-size", size.to_string()),
                        ("font-weight", if *bold { "700" } else { "400" }.to_string()),
                        ("fill", fill.to_string()),
                    ],
                    Some(text.clone()),
                ),
            };
        Element {
            tag,
            attributes,
            text,
        }
    }
}

fn write_shape(out: &mut String, shape: &Shape) {
    let element = shape.element();
    let attributes: String = element
        .attributes
        .iter()
        .map(|(k, v)| format!(r#" {k}="{}""#, escape(v)))
        .collect();
    let _ = match element.text {
        Some(text) => write!(
            out,
            "<{}{attributes}>{}</{}>",
            element.tag,
            escape(&text),
            element.tag
        ),
        None => write!(out, "<{}{attributes}/>", element.tag),
    };
}

/// `x,y x,y ...` for a polygon.
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::LayoutId;
    use crate::solve::{generate, Settings};

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn base_svg_holds_every_piece() {
        let board = generate(&Settings::default(), 11).unwrap();
        let svg = svg(&draw(&board));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(count(&svg, r#"<g class="hex""#), 19);
        assert_eq!(count(&svg, r#"<g class="token""#), 18);
        assert_eq!(count(&svg, r#"<g class="harbour""#), 9);
        assert_eq!(count(&svg, r#"<g class="robber""#), 1);
        assert_eq!(count(&svg, "<g"), count(&svg, "</g>"), "groups are closed");
        let reds = board
            .numbers
            .iter()
            .flatten()
            .filter(|&&n| is_red(n))
            .count();
        let red_numbers = count(&svg, &format!(r#"fill="{RED_TOKEN}">6<"#))
            + count(&svg, &format!(r#"fill="{RED_TOKEN}">8<"#));
        assert_eq!(red_numbers, reds);
        assert_eq!(count(&svg, r#"class="number""#), 18);
    }

    #[test]
    fn turning_keeps_every_piece_and_six_turns_come_back() {
        let board = generate(&Settings::default(), 4).unwrap();
        let upright = draw(&board);
        let turned = draw_turned(&board, 1);
        assert_ne!(upright, turned);
        assert_eq!(svg(&turned).matches("<g class=\"hex\"").count(), 19);
        assert_eq!(svg(&upright), svg(&draw_turned(&board, 6)));
        // A turn moves the top-left hex's centre by 60 degrees about the origin.
        let (x, y) = pixel(crate::hex::Hex::new(0, -2).center(), 0);
        let (tx, ty) = pixel(crate::hex::Hex::new(0, -2).center(), 1);
        assert!(((x * x + y * y) - (tx * tx + ty * ty)).abs() < 1e-9);
        assert!(
            (x * tx + y * ty - 0.5 * (x * x + y * y)).abs() < 1e-6,
            "cos 60 degrees"
        );
    }

    #[test]
    fn seafarers_draws_sea_cells_and_the_pirate() {
        let board = generate(
            &Settings::new(LayoutId::Seafarers, crate::rules::RuleSet::standard()),
            2,
        )
        .unwrap();
        let picture = draw(&board);
        let svg = svg(&picture);
        assert_eq!(count(&svg, r#"data-terrain="sea""#), 14);
        assert_eq!(count(&svg, r#"<g class="pirate""#), 1);
        assert_eq!(count(&svg, r#"<g class="hex""#), 42);
    }
}
