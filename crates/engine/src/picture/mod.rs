//! The board as a picture: a display list of plain shapes, drawn once here and then written
//! out as an SVG document (the command line's `--format svg`, PNG export) or turned into Yew
//! nodes by the app. One drawing, so every output looks the same.

mod entry;
mod harbours;
mod icons;
mod label;
mod pieces;
mod standing;
mod svg;
mod tiles;
mod viewport;

pub use entry::draw_entry;
pub use harbours::{harbour_badge, Badge, HARBOUR_OFFSET, HARBOUR_RADIUS, RATIO_SIZE};
pub use icons::{icon_place, terrain_icon, IconPart, BIG_ICON, ICON_HALF, ICON_RISE};
pub use label::{Fog, Label, PictureWords};
pub use pieces::{PIECE_NUMERAL, SEAT_COLOURS};
pub use svg::{
    caption_lines, caption_width, points_attr, svg, svg_with_caption, write_shape, Element,
    CAPTION_MARGIN,
};
pub use tiles::{ink_on, terrain_colour, NUMERAL_SIZE, RED_TOKEN, TOKEN_DROP, TOKEN_RADIUS};
pub use viewport::{
    legible_scale, picture_to_screen, pixels_per_unit, screen_to_picture, view_box_text, Zoom,
    MAX_ZOOM, SEAT_NUMERAL, SEAT_PIECE_MOST,
};

use crate::board::Board;
use crate::catalogue::LayoutId;
use crate::geometry::{Hex, LatticePoint};
use crate::model::CellId;
use crate::model::Terrain;
use harbours::harbour_group;
use tiles::{hex_group, SEA_EDGE};

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
        stroke: &'static str,
        stroke_width: f64,
    },
    /// A drawing made about 0,0 (an icon, a piece's sign) put at `at`, `scale` times its
    /// size, by the path's transform.
    Icon {
        part: IconPart,
        at: (f64, f64),
        scale: f64,
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
    /// What the group stands for, if anything: each face words it.
    pub label: Option<Label>,
    /// The cell the group stands for, if it is one (the app makes it tappable).
    pub cell: Option<CellId>,
    pub shapes: Vec<Shape>,
    pub children: Vec<Group>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// min x, min y, width, height.
    pub view_box: (f64, f64, f64, f64),
    pub layout: LayoutId,
    /// The board's rows of terrain letters and numbers, `/` between rows: what a screen
    /// reader says of the board, beside its layout.
    pub rows: String,
    pub groups: Vec<Group>,
}

/// The sea drawn round the board reaches this far past the land and the harbours.
const SEA_MARGIN: f64 = 6.0;

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
///
/// Only the sea that carries something is drawn: the layout's own cells (Seafarers' sea is
/// played on) and a band round them as wide as the harbours standing in it. The view box
/// holds exactly that, so the land fills the width of a phone.
pub fn draw_turned(board: &Board, turns: usize) -> Picture {
    draw_with(
        board,
        Options {
            turns,
            reveal_fog: false,
        },
    )
}

/// How a board is drawn besides what it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Sixths of a turn clockwise; the labels stay upright.
    pub turns: usize,
    /// Fog hexes drawn face up (their terrain and number shown) instead of face down.
    pub reveal_fog: bool,
}

/// The picture of a board as `options` say.
pub fn draw_with(board: &Board, options: Options) -> Picture {
    let turns = options.turns;
    let layout = board.layout();
    let land: Vec<Group> = CellId::all(layout.cells.len())
        .map(|cell| hex_group(board, cell, options))
        .collect();
    let badges: Vec<Badge> = board
        .harbours
        .iter()
        .map(|h| harbour_badge(board, h, turns))
        .collect();
    let fishing = pieces::fishing_badges(layout, turns);
    // The pirate may sail a hex of the frame.
    let extents = layout
        .cells
        .iter()
        .chain(&board.pirate)
        .flat_map(|&h| hex_points(h, turns))
        .chain(badges.iter().chain(&fishing).flat_map(Badge::extent));
    let view_box = bounding_box(extents, SEA_MARGIN);
    let sea = sea_group(view_box);
    let harbours: Vec<Group> = board
        .harbours
        .iter()
        .zip(&badges)
        .map(|(h, badge)| harbour_group(board, h, badge))
        .collect();
    let fishing_grounds =
        (!layout.fishing.is_empty()).then(|| pieces::fishing_grounds(layout, &fishing));
    // The robber and the pirate stand clear of what is drawn where they stand: the robber of
    // its hex's numbers and icon, the pirate of what any harbour or fishing ground in its sea
    // says.
    let robber = board.robber.map(|cell| {
        let hex = layout.cells[cell];
        standing::stand_clear(
            pieces::robber(hex, turns),
            pixel(hex.center(), turns),
            &standing::read_on(&land[cell]),
        )
    });
    let pirate = board.pirate.map(|hex| {
        let own_hex = land
            .iter()
            .find(|g| g.cell.is_some_and(|c| layout.cells[c] == hex));
        let in_the_sea = harbours
            .iter()
            .chain(fishing_grounds.iter().flat_map(|g| &g.children));
        let mut keep = own_hex.map(standing::read_on).unwrap_or_default();
        for badge in in_the_sea {
            keep.extend(standing::read_in(&badge.shapes));
        }
        standing::stand_clear(
            pieces::pirate(hex, turns),
            pixel(hex.center(), turns),
            &keep,
        )
    });
    let mut groups = vec![sea, plain_group("land", land)];
    // Rivers run over the hexes; fishing grounds and harbours stand in the sea; printed
    // pieces sit on top of everything but the robber and the pirate.
    if !layout.rivers.is_empty() {
        groups.push(pieces::rivers(layout, turns));
    }
    groups.extend(fishing_grounds);
    groups.push(plain_group("harbours", harbours));
    if !layout.pieces.is_empty() {
        groups.push(pieces::pieces(layout, turns));
    }
    groups.extend(robber);
    groups.extend(pirate);
    Picture {
        view_box,
        layout: board.layout,
        rows: board
            .pretty_rows()
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" / "),
        groups,
    }
}

/// The smallest box holding every point, grown by `margin` on each side.
fn bounding_box(points: impl Iterator<Item = (f64, f64)>, margin: f64) -> (f64, f64, f64, f64) {
    let (mut min_x, mut min_y) = (f64::INFINITY, f64::INFINITY);
    let (mut max_x, mut max_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for (x, y) in points {
        min_x = min_x.min(x);
        min_y = min_y.min(y);
        max_x = max_x.max(x);
        max_y = max_y.max(y);
    }
    (
        min_x - margin,
        min_y - margin,
        max_x - min_x + 2.0 * margin,
        max_y - min_y + 2.0 * margin,
    )
}

/// The sea under the whole picture, `view_box` filled.
fn sea_group((x, y, w, h): (f64, f64, f64, f64)) -> Group {
    Group {
        class: "sea",
        data: Vec::new(),
        label: None,
        cell: None,
        shapes: vec![Shape::Polygon {
            points: vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            fill: terrain_colour(Terrain::Sea),
            stroke: SEA_EDGE,
            stroke_width: 1.0,
        }],
        children: Vec::new(),
    }
}

fn plain_group(class: &'static str, children: Vec<Group>) -> Group {
    Group {
        class,
        data: Vec::new(),
        label: None,
        cell: None,
        shapes: Vec::new(),
        children,
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::model::is_red;
    use crate::picture::label::DataWords;

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn base_svg_holds_every_piece() {
        let board = generate(&Settings::default(), 11).unwrap();
        let svg = svg(&draw(&board), &DataWords);
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
        assert_eq!(
            svg(&turned, &DataWords).matches("<g class=\"hex\"").count(),
            19
        );
        assert_eq!(
            svg(&upright, &DataWords),
            svg(&draw_turned(&board, 6), &DataWords)
        );
        // A turn moves the top-left hex's centre by 60 degrees about the origin.
        let (x, y) = pixel(crate::geometry::Hex::new(0, -2).center(), 0);
        let (tx, ty) = pixel(crate::geometry::Hex::new(0, -2).center(), 1);
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
        let svg = svg(&picture, &DataWords);
        assert_eq!(count(&svg, r#"data-terrain="sea""#), 14);
        assert_eq!(count(&svg, r#"<g class="pirate""#), 1);
        assert_eq!(count(&svg, r#"<g class="hex""#), 42);
    }

    #[test]
    fn the_board_is_drawn_without_letters_or_words() {
        for layout in [
            LayoutId::Base,
            LayoutId::Seafarers,
            LayoutId::NewWorldFiveSix,
        ] {
            let board =
                generate(&Settings::new(layout, crate::rules::RuleSet::standard()), 3).unwrap();
            let svg = svg(&draw(&board), &DataWords);
            let texts: Vec<&str> = svg
                .split("<text ")
                .skip(1)
                .map(|t| t.split('>').nth(1).unwrap().split('<').next().unwrap())
                .collect();
            assert!(!texts.is_empty());
            for text in texts {
                assert!(
                    text.chars().all(|c| c.is_ascii_digit() || c == ':'),
                    "{layout}: only numerals and ratios are written, not {text:?}"
                );
            }
            assert_eq!(count(&svg, "terrain-letter"), 0);
            // Every land hex draws its icon (sea ones give way to a harbour's badge).
            let hexes: Vec<&str> = svg.split(r#"<g class="hex""#).skip(1).collect();
            assert!(hexes
                .iter()
                .filter(|hex| !hex.contains(r#"data-terrain="sea""#))
                .all(|hex| hex.contains("<path")));
            assert!(
                hexes
                    .iter()
                    .any(|hex| hex.contains(r#"data-terrain="sea""#))
                    == (layout != LayoutId::Base)
            );
        }
    }

    /// The base board's phone: 390 CSS px less the page's 12 px either side.
    const PHONE_BOARD_WIDTH: f64 = 366.0;

    #[test]
    fn numerals_are_readable_on_a_phone_and_sea_is_trimmed() {
        let mut widest: f64 = 0.0;
        // Harbours vary with the seed, and with them the band of sea: try many.
        // Seeds split across the catalogue: the first seven boards took 25 each.
        for (layout, seed) in LayoutId::every()
            .into_iter()
            .flat_map(|l| (0..6).map(move |s| (l, s)))
        {
            let board = generate(
                &Settings::new(layout, crate::rules::RuleSet::standard()),
                seed,
            )
            .unwrap();
            let picture = draw(&board);
            let (x, y, w, h) = picture.view_box;
            let shown =
                NUMERAL_SIZE * pixels_per_unit(picture.view_box, (PHONE_BOARD_WIDTH, 0.68 * 844.0));
            let needed = if layout == LayoutId::Base { 18.0 } else { 12.0 };
            assert!(
                shown >= needed,
                "{layout} seed {seed}: numerals {shown:.1} px"
            );
            // The drawn sea reaches no further than the harbours need.
            let cells = bounding_box(
                board
                    .layout()
                    .cells
                    .iter()
                    .flat_map(|&hx| hex_points(hx, 0)),
                0.0,
            );
            let reach = HARBOUR_OFFSET + HARBOUR_RADIUS + SEA_MARGIN + 1.0;
            assert!(x >= cells.0 - reach && y >= cells.1 - reach, "{layout}");
            assert!(
                x + w <= cells.0 + cells.2 + reach && y + h <= cells.1 + cells.3 + reach,
                "{layout}"
            );
            // Every harbour is inside the view.
            for harbour in &board.harbours {
                for (px, py) in harbour_badge(&board, harbour, 0).extent() {
                    assert!(
                        px >= x && px <= x + w && py >= y && py <= y + h,
                        "{layout}: a harbour is cut off"
                    );
                }
            }
            widest = widest.max(w);
        }
        // Before trimming, the base board's frame alone made it 614 units wide.
        let base = draw(&generate(&Settings::default(), 1).unwrap());
        assert!(
            base.view_box.2 < 530.0,
            "base board {} wide",
            base.view_box.2
        );
        // new-world-five-six was 1,047 wide with its whole frame.
        assert!(widest < 1000.0, "widest {widest}");
    }
}

#[cfg(test)]
mod piece_tests;
