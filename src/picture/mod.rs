//! The board as a picture: a display list of plain shapes, drawn once here and then written
//! out as an SVG document (the command line's `--format svg`, PNG export) or turned into Yew
//! nodes by the app. One drawing, so every output looks the same.

mod pieces;

pub use pieces::{piece_title, PIECE_NUMERAL, SEAT_COLOURS};

use std::fmt::Write;

use crate::board::{Board, Harbour};
use crate::catalogue::{HarbourPlan, Layout};
use crate::fixed::{read_decimal, Fixed, Short};
use crate::geometry::{Hex, LatticePoint};
use crate::model::{is_red, pips, HarbourKind, Terrain};
use crate::model::{CellId, NodeId};

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
        format!(
            "{} {} {} {}",
            Fixed(x, 0),
            Fixed(y, 0),
            Fixed(w, 0),
            Fixed(h, 0)
        )
    }
}

/// A view box as an SVG attribute, to a tenth of a unit (zoomed views fall between units).
pub fn view_box_text(view: (f64, f64, f64, f64)) -> String {
    let (x, y, w, h) = view;
    format!(
        "{} {} {} {}",
        Fixed(x, 1),
        Fixed(y, 1),
        Fixed(w, 1),
        Fixed(h, 1)
    )
}

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

/// A number token: a disc below the hex's centre, leaving the top of the hex to the
/// terrain's icon. Its numeral is big enough to read across a table on a phone: 33 units
/// is 23 CSS px on a 390 px wide phone showing the base board, 12 px or more on the widest
/// layout (new-world-five-six with harbours standing off both sides).
pub const TOKEN_RADIUS: f64 = 28.0;
pub const TOKEN_DROP: f64 = 8.0;
pub const NUMERAL_SIZE: f64 = 33.0;
/// Where the icon of a hex with a token sits, above the token.
pub const ICON_RISE: f64 = 31.0;
/// An icon's drawing stays inside this half-width and half-height at scale 1.
pub const ICON_HALF: (f64, f64) = (15.0, 10.0);
/// Icons on hexes without a token (desert, sea) are drawn this much larger, centred.
pub const BIG_ICON: f64 = 2.2;
/// A harbour's badge: its disc, how far it stands off the coast, and its ratio's size.
pub const HARBOUR_RADIUS: f64 = 26.0;
pub const HARBOUR_OFFSET: f64 = 30.0;
pub const RATIO_SIZE: f64 = 26.0;
const HARBOUR_ICON_RADIUS: f64 = 14.0;
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
    let land: Vec<Group> = (0..layout.cells.len())
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
    let (x, y, w, h) = view_box;
    let sea = Group {
        class: "sea",
        data: Vec::new(),
        title: String::new(),
        cell: None,
        shapes: vec![Shape::Polygon {
            points: vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            fill: terrain_colour(Terrain::Sea),
            stroke: SEA_EDGE,
            stroke_width: 1.0,
        }],
        children: Vec::new(),
    };
    let harbours: Vec<Group> = board
        .harbours
        .iter()
        .zip(&badges)
        .map(|(h, badge)| harbour_group(board, h, badge))
        .collect();
    let mut groups = vec![sea, plain_group("land", land)];
    // Rivers run over the hexes; fishing grounds and harbours stand in the sea; printed
    // pieces sit on top of everything but the robber and the pirate.
    if !layout.rivers.is_empty() {
        groups.push(pieces::rivers(layout, turns));
    }
    if !layout.fishing.is_empty() {
        groups.push(pieces::fishing_grounds(layout, &fishing));
    }
    groups.push(plain_group("harbours", harbours));
    if !layout.pieces.is_empty() {
        groups.push(pieces::pieces(layout, turns));
    }
    if let Some(cell) = board.robber {
        groups.push(robber(layout.cells[cell], turns));
    }
    if let Some(hex) = board.pirate {
        groups.push(pirate(hex, turns));
    }
    Picture {
        view_box,
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

/// A terrain's name as a player says it, capitalised ("Fields").
pub fn terrain_title(terrain: Terrain) -> String {
    let name = terrain.name();
    name[..1].to_ascii_uppercase() + &name[1..]
}

/// Where a hex's icon goes and at what scale: above the token, or large in the middle of a
/// hex without one (unless the robber or the pirate stands there).
pub fn icon_place(centre: (f64, f64), has_token: bool, has_piece: bool) -> ((f64, f64), f64) {
    if has_token || has_piece {
        ((centre.0, centre.1 - ICON_RISE), 1.0)
    } else {
        (centre, BIG_ICON)
    }
}

fn hex_group(board: &Board, cell: CellId, options: Options) -> Group {
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
            title: "Fog, face down".to_string(),
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
    // Rivers of Catan: a second number printed beside the token (the 2 riding with the 12).
    let extra = layout
        .extra_numbers
        .iter()
        .filter(|(c, _)| *c == cell)
        .map(|&(_, n)| n);
    let children: Vec<Group> = number
        .map(|n| token(centre.0, centre.1 + TOKEN_DROP, n))
        .into_iter()
        .chain(extra.clone().map(|n| pieces::extra_token(centre, n)))
        .chain(pieces::printed_numbers(centre, terrain.printed_numbers()))
        .collect();
    let numbers: Vec<String> = number
        .into_iter()
        .chain(extra)
        .chain(terrain.printed_numbers().iter().copied())
        .map(|n| n.to_string())
        .collect();
    Group {
        class: "hex",
        data,
        title: format!(
            "{}{}{}",
            terrain_title(terrain),
            if numbers.is_empty() {
                String::new()
            } else {
                format!(", {}", numbers.join(" and "))
            },
            if fog { " (fog, shown)" } else { "" }
        ),
        cell: Some(cell),
        shapes,
        children,
    }
}

fn token(cx: f64, cy: f64, number: u8) -> Group {
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
        title: String::new(),
        cell: None,
        shapes,
        children: Vec::new(),
    }
}

/// Where a harbour is drawn: its badge off the coast, the two piers to its corners, and
/// (for a 2:1 harbour) the small disc with its resource's icon beside the badge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Badge {
    pub centre: (f64, f64),
    pub piers: [(f64, f64); 2],
    pub icon: Option<(f64, f64)>,
}

impl Badge {
    /// The lines from the disc to the two corners it serves, then the disc over them: how
    /// harbours and fishing grounds stand off the coast. Strokes are (colour, width).
    pub(crate) fn disc(
        &self,
        pier: (&'static str, f64),
        fill: &'static str,
        rim: (&'static str, f64),
    ) -> Vec<Shape> {
        let (cx, cy) = self.centre;
        let mut shapes: Vec<Shape> = self
            .piers
            .iter()
            .map(|&p| Shape::Line {
                from: (cx, cy),
                to: p,
                stroke: pier.0,
                width: pier.1,
            })
            .collect();
        shapes.push(Shape::Circle {
            cx,
            cy,
            r: HARBOUR_RADIUS,
            fill,
            stroke: rim.0,
            stroke_width: rim.1,
        });
        shapes
    }

    /// Points bounding what the badge draws (its discs' boxes).
    fn extent(&self) -> Vec<(f64, f64)> {
        let discs = std::iter::once((self.centre, HARBOUR_RADIUS))
            .chain(self.icon.map(|at| (at, HARBOUR_ICON_RADIUS)));
        discs
            .flat_map(|((x, y), r)| [(x - r, y - r), (x + r, y + r)])
            .collect()
    }
}

/// The badge stands `HARBOUR_OFFSET` off the middle of the coast towards the sea hex's
/// centre; the resource disc sits beside it along the coast, so both stay in the band.
pub fn harbour_badge(board: &Board, harbour: &Harbour, turns: usize) -> Badge {
    let Coast {
        at: centre,
        piers,
        out: (nx, ny),
    } = off_the_coast(
        board.layout(),
        harbour.spot.sea,
        harbour.spot.corners,
        turns,
    );
    // Clear of the ratio written across the badge.
    let along = HARBOUR_RADIUS + HARBOUR_ICON_RADIUS - 3.0;
    let icon = harbour.kind.resource().map(|_| {
        // Along the coast, on whichever side is further right (or lower), so the pair
        // reads left to right.
        let (tx, ty) = if -ny > 0.0 || (-ny == 0.0 && nx > 0.0) {
            (-ny, nx)
        } else {
            (ny, -nx)
        };
        (centre.0 + tx * along, centre.1 + ty * along)
    });
    Badge {
        centre,
        piers,
        icon,
    }
}

/// Where something standing in the sea off a coast is drawn (a harbour, a fishing ground):
/// `HARBOUR_OFFSET` off the middle of the coast between `corners`, towards the centre of
/// `sea`.
fn off_the_coast(layout: &Layout, sea: Hex, corners: [NodeId; 2], turns: usize) -> Coast {
    let (sx, sy) = pixel(sea.center(), turns);
    let piers = corners.map(|c| pixel(layout.topology.corners[c], turns));
    let (mx, my) = (
        (piers[0].0 + piers[1].0) / 2.0,
        (piers[0].1 + piers[1].1) / 2.0,
    );
    let length = ((sx - mx).powi(2) + (sy - my).powi(2)).sqrt();
    let (nx, ny) = ((sx - mx) / length, (sy - my) / length);
    Coast {
        at: (mx + nx * HARBOUR_OFFSET, my + ny * HARBOUR_OFFSET),
        piers,
        out: (nx, ny),
    }
}

/// What stands off a coast: where it is drawn, the coast's two corners, the way out to sea.
struct Coast {
    at: (f64, f64),
    piers: [(f64, f64); 2],
    out: (f64, f64),
}

/// Whether the board file prints this harbour's type (the rest are dealt from the bag).
fn printed(layout: &Layout, harbour: &Harbour) -> bool {
    let spots = match &layout.harbours {
        HarbourPlan::Fixed(spots) | HarbourPlan::McGuire(spots) => spots,
        HarbourPlan::NextToLand => return false,
    };
    spots
        .iter()
        .position(|s| *s == harbour.spot)
        .and_then(|i| layout.printed_harbours.get(i).copied().flatten())
        .is_some()
}

fn harbour_group(board: &Board, harbour: &Harbour, badge: &Badge) -> Group {
    let printed = printed(board.layout(), harbour);
    let (cx, cy) = badge.centre;
    let fill = match harbour.kind {
        HarbourKind::Generic => "#ffffff",
        HarbourKind::Special(r) => terrain_colour(Terrain::producing(r)),
    };
    let ink = match harbour.kind {
        HarbourKind::Generic => "#1d1d1d",
        HarbourKind::Special(r) => ink_on(Terrain::producing(r)),
    };
    let mut shapes = badge.disc(("#f5e6c4", 6.0), fill, ("#5a4a2a", 2.0));
    shapes.push(Shape::Text {
        at: (cx, cy + 9.0),
        text: format!("{}:1", harbour.kind.ratio()),
        size: RATIO_SIZE,
        bold: true,
        fill: ink,
        class: "ratio",
    });
    if let (Some(at), Some(resource)) = (badge.icon, harbour.kind.resource()) {
        let terrain = Terrain::producing(resource);
        shapes.push(Shape::Circle {
            cx: at.0,
            cy: at.1,
            r: HARBOUR_ICON_RADIUS,
            fill: terrain_colour(terrain),
            stroke: "#5a4a2a",
            stroke_width: 1.5,
        });
        shapes.extend(terrain_icon(terrain, at, 0.8));
    }
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
            ("printed", printed.to_string()),
        ],
        title: format!(
            "harbour {}{}",
            harbour.kind.label(),
            if printed {
                ", printed on the board"
            } else {
                ""
            }
        ),
        cell: None,
        shapes,
        children: Vec::new(),
    }
}

/// One stroke or fill of an icon, in the icon's own units (centred on 0,0, within
/// `ICON_HALF`), written with absolute M, L, Q, C and Z commands only, so every number
/// pair is a point and placing the icon is moving and scaling those points.
struct IconPart {
    d: String,
    fill: &'static str,
    stroke: &'static str,
    width: f64,
}

fn part(d: impl Into<String>, fill: &'static str, stroke: &'static str, width: f64) -> IconPart {
    IconPart {
        d: d.into(),
        fill,
        stroke,
        width,
    }
}

/// A circle as four cubic curves (icons use paths only).
fn circle_d(cx: f64, cy: f64, r: f64) -> String {
    let k = 0.5523 * r;
    format!(
        "M{},{} C{},{} {},{} {},{} C{},{} {},{} {},{} C{},{} {},{} {},{} C{},{} {},{} {},{} Z",
        Short(cx - r),
        Short(cy),
        Short(cx - r),
        Short(cy - k),
        Short(cx - k),
        Short(cy - r),
        Short(cx),
        Short(cy - r),
        Short(cx + k),
        Short(cy - r),
        Short(cx + r),
        Short(cy - k),
        Short(cx + r),
        Short(cy),
        Short(cx + r),
        Short(cy + k),
        Short(cx + k),
        Short(cy + r),
        Short(cx),
        Short(cy + r),
        Short(cx - k),
        Short(cy + r),
        Short(cx - r),
        Short(cy + k),
        Short(cx - r),
        Short(cy)
    )
}

/// Our own drawings, one a terrain: trees, a sheep, wheat ears, bricks, peaks, a dune with
/// a cactus, coins, waves.
fn icon_parts(terrain: Terrain) -> Vec<IconPart> {
    const DARK: &str = "#1d1d1d";
    match terrain {
        Terrain::Forest => {
            let tree = "#e3f4d3";
            vec![
                part("M-15,6 L-9.5,-5 L-4,6 Z", tree, "none", 0.0),
                part("M-10.5,6 L-8.5,6 L-8.5,9 L-10.5,9 Z", tree, "none", 0.0),
                part("M4,6 L9.5,-5 L15,6 Z", tree, "none", 0.0),
                part("M8.5,6 L10.5,6 L10.5,9 L8.5,9 Z", tree, "none", 0.0),
                part(
                    "M0,-10 L5,-3 L3,-3 L7,4 L-7,4 L-3,-3 L-5,-3 Z",
                    tree,
                    "none",
                    0.0,
                ),
                part("M-1,4 L1,4 L1,10 L-1,10 Z", tree, "none", 0.0),
            ]
        }
        Terrain::Pasture => vec![
            part("M-6,3 L-4,3 L-4,9 L-6,9 Z", DARK, "none", 0.0),
            part("M3,3 L5,3 L5,9 L3,9 Z", DARK, "none", 0.0),
            part(
                "M-9,-1 Q-10,-7 -4,-6 Q-1,-10 3,-6 Q9,-7 8,-1 Q10,5 3,4 Q0,7 -4,4 Q-11,5 -9,-1 Z",
                "#ffffff",
                DARK,
                1.2,
            ),
            part("M7,-5 Q13,-7 14,-1 Q13,3 9,2 Z", DARK, "none", 0.0),
        ],
        Terrain::Fields => {
            let grain = "#7a4e00";
            let mut parts = Vec::new();
            for x in [-9.0, 0.0, 9.0] {
                parts.push(part(format!("M{0},10 L{0},-6", Short(x)), "none", grain, 1.4));
                parts.push(part(
                    format!(
                        "M{0},-5 Q{1},-8 {0},-10 Q{2},-8 {0},-5 Z",
                        Short(x),
                        Short(x - 2.0),
                        Short(x + 2.0)
                    ),
                    grain,
                    "none",
                    0.0,
                ));
                for y in [-6.0, -2.0, 2.0] {
                    for side in [-1.0, 1.0] {
                        parts.push(part(
                            format!(
                                "M{},{} Q{},{} {},{} Q{},{} {},{} Z",
                                Short(x),
                                Short(y + 2.0),
                                Short(x + side * 4.0),
                                Short(y),
                                Short(x + side * 3.5),
                                Short(y - 3.5),
                                Short(x + side * 0.5),
                                Short(y - 1.5),
                                Short(x),
                                Short(y + 2.0)
                            ),
                            grain,
                            "none",
                            0.0,
                        ));
                    }
                }
            }
            parts
        }
        Terrain::Hills => {
            let brick = "#f6d0bb";
            [
                (-5.0, 5.0, -10.0),
                (-10.0, -0.5, -3.5),
                (0.5, 10.0, -3.5),
                (-15.0, -5.5, 3.0),
                (-4.5, 4.5, 3.0),
                (5.5, 15.0, 3.0),
            ]
            .iter()
            .map(|&(left, right, top)| {
                part(
                    format!(
                        "M{0},{1} L{2},{1} L{2},{3} L{0},{3} Z",
                        Short(left),
                        Short(top),
                        Short(right),
                        Short(top + 5.5)
                    ),
                    brick,
                    "none",
                    0.0,
                )
            })
            .collect()
        }
        Terrain::Mountains => {
            let rock = "#3d4150";
            vec![
                part("M-15,10 L-5,-5 L5,10 Z", rock, "none", 0.0),
                part("M-3,10 L6,-10 L15,10 Z", rock, "none", 0.0),
                part(
                    "M6,-10 L9,-3.5 L7.5,-4.5 L6,-3 L4.5,-4.5 L3,-3.5 Z",
                    "#ffffff",
                    "none",
                    0.0,
                ),
                part("M-5,-5 L-2.4,-1 L-5,-2 L-7.6,-1 Z", "#ffffff", "none", 0.0),
            ]
        }
        Terrain::Desert => {
            let cactus = "#3f7a3a";
            vec![
                part(
                    "M-15,10 Q-7,2 2,6 Q9,3 15,7 L15,10 Z",
                    "#c9a45c",
                    "none",
                    0.0,
                ),
                part(
                    "M-1.5,7 L-1.5,-8 Q0,-10 1.5,-8 L1.5,7 Z",
                    cactus,
                    "none",
                    0.0,
                ),
                part(
                    "M-1.5,0 L-5,0 L-5,-5 L-3.5,-5 L-3.5,-1.5 L-1.5,-1.5 Z",
                    cactus,
                    "none",
                    0.0,
                ),
                part(
                    "M1.5,-2 L5,-2 L5,-7 L3.5,-7 L3.5,-3.5 L1.5,-3.5 Z",
                    cactus,
                    "none",
                    0.0,
                ),
            ]
        }
        Terrain::Gold => {
            let coin = "#fff2a8";
            let rim = "#6b4e00";
            [(-6.0, 3.0), (6.0, 3.0), (0.0, -4.0)]
                .iter()
                .flat_map(|&(x, y)| {
                    [
                        part(circle_d(x, y, 6.0), coin, rim, 1.2),
                        part(circle_d(x, y, 3.2), "none", rim, 0.9),
                    ]
                })
                .collect()
        }
        Terrain::Swamp => {
            // Reeds over still water.
            let mut parts: Vec<IconPart> = [-8.0, 0.0, 8.0]
                .iter()
                .map(|&x| part(format!("M{},4 L{},-9", Short(x), Short(x + 2.0)), "none", "#2f3d1c", 2.0))
                .collect();
            parts.push(part("M-14,6 Q-7,2 0,6 Q7,10 14,6", "none", "#d8e6f0", 1.6));
            parts
        }
        Terrain::Lake => {
            // A fish over one wave: still water that is fished, unlike the sea's two waves.
            let mut parts: Vec<IconPart> = pieces::FISH
                .iter()
                .map(|d| part(place_path(d, (0.0, -2.0), 0.8), "#0f4c6e", "none", 0.0))
                .collect();
            parts.push(part(
                "M-14,6 Q-10.5,2 -7,6 Q-3.5,10 0,6 Q3.5,2 7,6 Q10.5,10 14,6",
                "none",
                "#0f4c6e",
                1.6,
            ));
            parts
        }
        Terrain::Sea => [-3.0, 4.0]
            .iter()
            .map(|&y| {
                part(
                    format!(
                        "M-14,{0} Q-10.5,{1} -7,{0} Q-3.5,{2} 0,{0} Q3.5,{1} 7,{0} Q10.5,{2} 14,{0}",
                        Short(y),
                        Short(y - 4.0),
                        Short(y + 4.0)
                    ),
                    "none",
                    "#e6f0fa",
                    2.0,
                )
            })
            .collect(),
    }
}

/// Moves and scales every point of an icon's path.
fn place_path(d: &str, at: (f64, f64), scale: f64) -> String {
    let mut out = String::with_capacity(d.len() + 16);
    let mut numbers = 0usize;
    for token in d.split([' ', ',']).filter(|t| !t.is_empty()) {
        let (command, number) = match token.find(|c: char| c.is_ascii_digit() || c == '-') {
            Some(0) => ("", token),
            Some(i) => token.split_at(i),
            None => (token, ""),
        };
        if !out.is_empty() {
            out.push(if command.is_empty() && numbers % 2 == 1 {
                ','
            } else {
                ' '
            });
        }
        out.push_str(command);
        if let Some(value) = read_decimal(number) {
            let placed = if numbers % 2 == 0 {
                at.0 + value * scale
            } else {
                at.1 + value * scale
            };
            let _ = write!(out, "{}", Fixed(placed, 1));
            numbers += 1;
        }
    }
    out
}

/// A terrain's icon as shapes, centred on `at`, `scale` times its own size.
pub fn terrain_icon(terrain: Terrain, at: (f64, f64), scale: f64) -> Vec<Shape> {
    icon_parts(terrain)
        .into_iter()
        .map(|p| Shape::Path {
            d: place_path(&p.d, at, scale),
            fill: p.fill,
            stroke: p.stroke,
            stroke_width: p.width * scale,
        })
        .collect()
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
                    "M{},{} Q{},{} {},{} Z",
                    Fixed(cx - 10.0, 1),
                    Fixed(cy + 14.0, 1),
                    Fixed(cx, 1),
                    Fixed(cy - 22.0, 1),
                    Fixed(cx + 10.0, 1),
                    Fixed(cy + 14.0, 1)
                ),
                fill: "#3a3a3a",
                stroke: "none",
                stroke_width: 0.0,
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
                    "M{},{} L{},{} L{},{} L{},{} Z",
                    Fixed(cx - 20.0, 1),
                    Fixed(cy + 4.0, 1),
                    Fixed(cx + 20.0, 1),
                    Fixed(cy + 4.0, 1),
                    Fixed(cx + 13.0, 1),
                    Fixed(cy + 15.0, 1),
                    Fixed(cx - 13.0, 1),
                    Fixed(cy + 15.0, 1)
                ),
                fill: "#2b2b2b",
                stroke: "none",
                stroke_width: 0.0,
            },
            Shape::Path {
                d: format!(
                    "M{},{} L{},{} L{},{} Z",
                    Fixed(cx, 1),
                    Fixed(cy - 22.0, 1),
                    Fixed(cx, 1),
                    Fixed(cy + 2.0, 1),
                    Fixed(cx + 15.0, 1),
                    Fixed(cy + 2.0, 1)
                ),
                fill: "#f7f3e8",
                stroke: "#2b2b2b",
                stroke_width: 1.5,
            },
        ],
        children: Vec::new(),
    }
}

/// The most a board can be magnified: a corner of the widest layout then fills a phone.
pub const MAX_ZOOM: f64 = 4.0;

/// Which part of a picture is on screen: `scale` times magnified (1 is the whole picture),
/// around `centre` in picture units. The app shows it by narrowing the SVG's view box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub scale: f64,
    pub centre: (f64, f64),
}

impl Zoom {
    /// The whole picture.
    pub fn whole(full: (f64, f64, f64, f64)) -> Zoom {
        let (x, y, w, h) = full;
        Zoom {
            scale: 1.0,
            centre: (x + w / 2.0, y + h / 2.0),
        }
    }

    pub fn is_whole(&self) -> bool {
        self.scale <= 1.0 + 1e-9
    }

    /// The view box showing this part of `full`.
    pub fn view_box(&self, full: (f64, f64, f64, f64)) -> (f64, f64, f64, f64) {
        let (w, h) = (full.2 / self.scale, full.3 / self.scale);
        (self.centre.0 - w / 2.0, self.centre.1 - h / 2.0, w, h)
    }

    /// Magnified `factor` times more about `point` (picture units), which stays where it is
    /// on screen; the scale stays between 1 and `MAX_ZOOM`, and the view inside the picture.
    pub fn zoomed_about(&self, full: (f64, f64, f64, f64), factor: f64, point: (f64, f64)) -> Zoom {
        let scale = (self.scale * factor).clamp(1.0, MAX_ZOOM);
        let (vx, vy, vw, vh) = self.view_box(full);
        let (u, v) = ((point.0 - vx) / vw, (point.1 - vy) / vh);
        let (w, h) = (full.2 / scale, full.3 / scale);
        let (x, y) = (point.0 - u * w, point.1 - v * h);
        Zoom {
            scale,
            centre: (x + w / 2.0, y + h / 2.0),
        }
        .kept_inside(full)
    }

    /// Moved by (dx, dy) picture units (the picture follows a finger: the view moves the
    /// other way), kept inside the picture.
    pub fn panned(&self, full: (f64, f64, f64, f64), dx: f64, dy: f64) -> Zoom {
        Zoom {
            scale: self.scale,
            centre: (self.centre.0 - dx, self.centre.1 - dy),
        }
        .kept_inside(full)
    }

    fn kept_inside(self, full: (f64, f64, f64, f64)) -> Zoom {
        let (x, y, w, h) = full;
        let (half_w, half_h) = (w / self.scale / 2.0, h / self.scale / 2.0);
        // max and min, not `f64::clamp`: its check of the bounds formats them when it fails,
        // which would keep core's float formatting in the page for nothing.
        Zoom {
            scale: self.scale,
            centre: (
                self.centre.0.max(x + half_w).min(x + w - half_w),
                self.centre.1.max(y + half_h).min(y + h - half_h),
            ),
        }
    }
}

/// Picture units per CSS pixel and the picture point under a screen point, for an SVG
/// element `size` CSS px large showing `view` with `preserveAspectRatio="xMidYMid meet"`.
/// `upside_down`: the element is turned half a turn (the table's far side).
pub fn screen_to_picture(
    view: (f64, f64, f64, f64),
    size: (f64, f64),
    point: (f64, f64),
    upside_down: bool,
) -> (f64, f64) {
    let (fit, (ox, oy)) = meet_fit(view, size);
    let (px, py) = if upside_down {
        (size.0 - point.0, size.1 - point.1)
    } else {
        point
    };
    (view.0 + (px - ox) / fit, view.1 + (py - oy) / fit)
}

/// The `meet` fit of `view` in an element `size` CSS px large: CSS px per picture unit, and
/// where the picture's top left corner lands (it is centred along the roomier side).
fn meet_fit(view: (f64, f64, f64, f64), size: (f64, f64)) -> (f64, (f64, f64)) {
    let fit = pixels_per_unit(view, size);
    (
        fit,
        ((size.0 - view.2 * fit) / 2.0, (size.1 - view.3 * fit) / 2.0),
    )
}

/// Where a picture point shows on the same element: the inverse of `screen_to_picture`.
pub fn picture_to_screen(
    view: (f64, f64, f64, f64),
    size: (f64, f64),
    point: (f64, f64),
    upside_down: bool,
) -> (f64, f64) {
    let (fit, (ox, oy)) = meet_fit(view, size);
    let (px, py) = (ox + (point.0 - view.0) * fit, oy + (point.1 - view.1) * fit);
    if upside_down {
        (size.0 - px, size.1 - py)
    } else {
        (px, py)
    }
}

/// CSS pixels a picture unit takes on screen (the same `meet` fit).
pub fn pixels_per_unit(view: (f64, f64, f64, f64), size: (f64, f64)) -> f64 {
    (size.0 / view.2).min(size.1 / view.3)
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
    let (width, height) = (Fixed(w, 0), Fixed(h + extra, 0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {width} {height}" width="{width}" height="{height}" role="img" aria-label="{}" font-family="system-ui, sans-serif">"#,
        Fixed(x, 0),
        Fixed(y, 0),
        escape(&picture.description)
    );
    if let Some(text) = caption {
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{width}" height="{height}" fill="#f7f3e8"/><text x="{}" y="{}" text-anchor="middle" font-size="20" fill="#1d1d1d">{}</text>"##,
            Fixed(x, 0),
            Fixed(y, 0),
            Fixed(x + w / 2.0, 0),
            Fixed(y + h + 24.0, 0),
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
        let n = |v: f64| Fixed(v, 1).to_string();
        let short = |v: &f64| Short(*v).to_string();
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
                        ("stroke-width", short(stroke_width)),
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
                        ("r", short(r)),
                        ("fill", fill.to_string()),
                        ("stroke", stroke.to_string()),
                        ("stroke-width", short(stroke_width)),
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
                        ("rx", short(rx)),
                        ("ry", short(ry)),
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
                        ("stroke-width", short(width)),
                        ("stroke-linecap", "round".to_string()),
                    ],
                    None,
                ),
                Shape::Path {
                    d,
                    fill,
                    stroke,
                    stroke_width,
                } => (
                    "path",
                    vec![
                        ("d", d.clone()),
                        ("fill", fill.to_string()),
                        ("stroke", stroke.to_string()),
                        ("stroke-width", short(stroke_width)),
                        ("stroke-linejoin", "round".to_string()),
                        ("stroke-linecap", "round".to_string()),
                    ],
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
                        ("font-size", short(size)),
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
        .map(|(x, y)| format!("{},{}", Fixed(*x, 1), Fixed(*y, 1)))
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
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};

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
        let svg = svg(&picture);
        assert_eq!(count(&svg, r#"data-terrain="sea""#), 14);
        assert_eq!(count(&svg, r#"<g class="pirate""#), 1);
        assert_eq!(count(&svg, r#"<g class="hex""#), 42);
    }

    /// Every number pair of a path (icons use absolute pair commands only).
    fn path_points(d: &str) -> Vec<(f64, f64)> {
        let numbers: Vec<f64> = d
            .split(|c: char| c == ' ' || c == ',' || c.is_ascii_alphabetic())
            .filter_map(|t| t.parse().ok())
            .collect();
        numbers.chunks(2).map(|p| (p[0], p[1])).collect()
    }

    fn inside_hex(point: (f64, f64), centre: (f64, f64)) -> bool {
        // A pointy-top hex: within the apothem of the vertical sides and of the four slanted ones.
        let (dx, dy) = ((point.0 - centre.0).abs(), (point.1 - centre.1).abs());
        let apothem = SIZE * 3f64.sqrt() / 2.0;
        dx <= apothem + 1e-9 && 0.5 * dx + 3f64.sqrt() / 2.0 * dy <= apothem + 1e-9
    }

    #[test]
    fn icons_stay_in_their_box_and_clear_of_the_token_inside_the_hex() {
        let (half_w, half_h) = ICON_HALF;
        for terrain in Terrain::ALL {
            let parts = icon_parts(terrain);
            assert!(!parts.is_empty(), "{terrain} has an icon");
            for part in &parts {
                for (x, y) in path_points(&part.d) {
                    assert!(
                        x.abs() <= half_w && y.abs() <= half_h,
                        "{terrain}: point {x},{y} outside the icon box"
                    );
                }
            }
            // Placed on a hex with a token, and large on a hex without one.
            for (has_token, piece) in [(true, false), (false, true), (false, false)] {
                let centre = (0.0, 0.0);
                let (at, scale) = icon_place(centre, has_token, piece);
                for shape in terrain_icon(terrain, at, scale) {
                    let Shape::Path { d, .. } = shape else {
                        panic!("icons are paths")
                    };
                    for p in path_points(&d) {
                        assert!(inside_hex(p, centre), "{terrain}: {p:?} outside the hex");
                        if has_token {
                            let token = (centre.0, centre.1 + TOKEN_DROP);
                            let gap = ((p.0 - token.0).powi(2) + (p.1 - token.1).powi(2)).sqrt();
                            assert!(gap > TOKEN_RADIUS, "{terrain}: {p:?} under the token");
                        }
                    }
                }
            }
        }
        // The icon's whole box, not only its points, stays clear of the token and inside the hex.
        let ((ix, iy), _) = icon_place((0.0, 0.0), true, false);
        let corners = [
            (-half_w, -half_h),
            (half_w, -half_h),
            (-half_w, half_h),
            (half_w, half_h),
        ];
        for (dx, dy) in corners {
            assert!(inside_hex((ix + dx, iy + dy), (0.0, 0.0)));
        }
        assert!(
            iy + half_h < TOKEN_DROP - TOKEN_RADIUS,
            "the icon box ends above the token disc"
        );
        // The token disc itself stays inside its hex.
        for angle in (0..36).map(|k| f64::from(k) * 10f64.to_radians()) {
            let p = (
                TOKEN_RADIUS * angle.cos(),
                TOKEN_DROP + TOKEN_RADIUS * angle.sin(),
            );
            assert!(inside_hex(p, (0.0, 0.0)), "token edge {p:?}");
        }
    }

    #[test]
    fn placing_an_icon_moves_and_scales_every_point() {
        assert_eq!(
            place_path("M-15,6 L-9.5,-5 Z", (100.0, 10.0), 2.0),
            "M70.0,22.0 L81.0,0.0 Z"
        );
        assert_eq!(
            place_path("M0,10 L0,-6", (1.0, 1.0), 1.0),
            "M1.0,11.0 L1.0,-5.0"
        );
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
            let svg = svg(&draw(&board));
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

    #[test]
    fn zoom_keeps_the_pinched_point_still_and_the_view_inside() {
        let full = (-200.0, -100.0, 400.0, 200.0);
        let whole = Zoom::whole(full);
        assert!(whole.is_whole());
        assert_eq!(whole.view_box(full), full);
        let point = (100.0, 50.0);
        let zoomed = whole.zoomed_about(full, 2.0, point);
        assert_eq!(zoomed.scale, 2.0);
        let view = zoomed.view_box(full);
        assert_eq!((view.2, view.3), (200.0, 100.0));
        // The point keeps its place within the view: three quarters across, three quarters down.
        assert!(((point.0 - view.0) / view.2 - 0.75).abs() < 1e-9);
        assert!(((point.1 - view.1) / view.3 - 0.75).abs() < 1e-9);
        // Never more than MAX_ZOOM, never less than the whole picture.
        assert_eq!(zoomed.zoomed_about(full, 100.0, point).scale, MAX_ZOOM);
        assert!(zoomed.zoomed_about(full, 0.01, point).is_whole());
        assert_eq!(zoomed.zoomed_about(full, 0.01, point).view_box(full), full);
        // Panning follows the finger and stops at the picture's edge.
        let panned = zoomed.panned(full, 10.0, -5.0);
        assert_eq!(
            panned.centre,
            (zoomed.centre.0 - 10.0, zoomed.centre.1 + 5.0)
        );
        let far = zoomed.panned(full, -10_000.0, -10_000.0).view_box(full);
        assert_eq!(
            (far.0 + far.2, far.1 + far.3),
            (full.0 + full.2, full.1 + full.3)
        );
        // The whole picture cannot be panned.
        assert_eq!(whole.panned(full, 50.0, 50.0), whole);
    }

    #[test]
    fn screen_points_map_to_the_picture_upright_and_upside_down() {
        let view = (-200.0, -100.0, 400.0, 200.0);
        // 200 x 200 px: fitted to the width, 50 px bands above and below.
        assert_eq!(pixels_per_unit(view, (200.0, 200.0)), 0.5);
        assert_eq!(
            screen_to_picture(view, (200.0, 200.0), (0.0, 50.0), false),
            (-200.0, -100.0)
        );
        assert_eq!(
            screen_to_picture(view, (200.0, 200.0), (200.0, 150.0), false),
            (200.0, 100.0)
        );
        assert_eq!(
            screen_to_picture(view, (200.0, 200.0), (150.0, 100.0), false),
            (100.0, 0.0)
        );
        // Turned half a turn, the same screen point shows the opposite side.
        assert_eq!(
            screen_to_picture(view, (200.0, 200.0), (150.0, 100.0), true),
            (-100.0, 0.0)
        );
    }
}

#[cfg(test)]
mod piece_tests;
