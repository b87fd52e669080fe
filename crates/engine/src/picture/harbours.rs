//! Harbours as drawn: a badge standing off the coast with piers to its two corners, its
//! ratio written across it and, for a 2:1 harbour, its resource's icon beside it. Fishing
//! grounds stand off the coast the same way (`off_the_coast`).

use super::{ink_on, pixel, terrain_colour, terrain_icon, Group, Label, Shape};
use crate::board::{Board, Harbour};
use crate::catalogue::{HarbourPlan, HarbourSpot, Layout};
use crate::geometry::Hex;
use crate::model::{CornerId, HarbourKind, Terrain};

/// A harbour's badge: its disc, how far it stands off the coast, and its ratio's size.
pub const HARBOUR_RADIUS: f64 = 26.0;
pub const HARBOUR_OFFSET: f64 = 30.0;
pub const RATIO_SIZE: f64 = 26.0;
const HARBOUR_ICON_RADIUS: f64 = 14.0;

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
    pub(super) fn extent(&self) -> Vec<(f64, f64)> {
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
    spot_badge(board.layout(), &harbour.spot, Some(harbour.kind), turns)
}

/// The badge of a harbour of `kind` at `spot` (`None`: a place whose harbour is not known
/// yet, drawn as a 3:1 would be, with no resource disc).
pub(super) fn spot_badge(
    layout: &Layout,
    spot: &HarbourSpot,
    kind: Option<HarbourKind>,
    turns: usize,
) -> Badge {
    let Coast {
        at: centre,
        piers,
        out: (nx, ny),
    } = off_the_coast(layout, spot.sea, spot.corners, turns);
    // Clear of the ratio written across the badge.
    let along = HARBOUR_RADIUS + HARBOUR_ICON_RADIUS - 3.0;
    let icon = kind.and_then(HarbourKind::resource).map(|_| {
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
pub(super) fn off_the_coast(
    layout: &Layout,
    sea: Hex,
    corners: [CornerId; 2],
    turns: usize,
) -> Coast {
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
pub(super) struct Coast {
    pub(super) at: (f64, f64),
    pub(super) piers: [(f64, f64); 2],
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

pub(super) fn harbour_group(board: &Board, harbour: &Harbour, badge: &Badge) -> Group {
    kind_group(harbour.kind, printed(board.layout(), harbour), badge)
}

/// A harbour of `kind` drawn at `badge`.
pub(super) fn kind_group(kind: HarbourKind, printed: bool, badge: &Badge) -> Group {
    let (cx, cy) = badge.centre;
    let fill = match kind {
        HarbourKind::Generic => "#ffffff",
        HarbourKind::Special(r) => terrain_colour(Terrain::producing(r)),
    };
    let ink = match kind {
        HarbourKind::Generic => "#1d1d1d",
        HarbourKind::Special(r) => ink_on(Terrain::producing(r)),
    };
    let mut shapes = badge.disc(("#f5e6c4", 6.0), fill, ("#5a4a2a", 2.0));
    shapes.push(Shape::Text {
        at: (cx, cy + 9.0),
        text: format!("{}:1", kind.ratio()),
        size: RATIO_SIZE,
        bold: true,
        fill: ink,
        class: "ratio",
    });
    if let (Some(at), Some(resource)) = (badge.icon, kind.resource()) {
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
            ("ratio", format!("{}:1", kind.ratio())),
            (
                "resource",
                kind.resource().map_or("any", |r| r.name()).to_string(),
            ),
            ("printed", printed.to_string()),
        ],
        label: Some(Label::Harbour { kind, printed }),
        cell: None,
        shapes,
        children: Vec::new(),
    }
}
