//! Our own drawings, one a terrain: trees, a sheep, wheat ears, bricks, peaks, a dune with a
//! cactus, coins, a fish, reeds, waves, a palm, a castle, marble blocks, glass. Each (and each of the pieces' signs) is written once as path text about 0,0 and placed wherever it shows by an SVG transform, so
//! no code moves or rescales a path's points.

use super::Shape;
use crate::model::Terrain;

/// Where the icon of a hex with a token sits, above the token.
pub const ICON_RISE: f64 = 31.0;
/// An icon's drawing stays inside this half-width and half-height at scale 1.
pub const ICON_HALF: (f64, f64) = (15.0, 10.0);
/// Icons on hexes without a token (desert, sea) are drawn this much larger, centred.
pub const BIG_ICON: f64 = 2.2;

/// One stroke or fill of a drawing, in its own units: centred on 0,0 and, for a terrain's
/// icon, within `ICON_HALF`. Placed by a transform, it scales as a whole, stroke included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IconPart {
    pub d: &'static str,
    pub fill: &'static str,
    pub stroke: &'static str,
    /// The stroke's width in the drawing's own units.
    pub width: f64,
}

impl IconPart {
    pub const fn new(
        d: &'static str,
        fill: &'static str,
        stroke: &'static str,
        width: f64,
    ) -> Self {
        IconPart {
            d,
            fill,
            stroke,
            width,
        }
    }

    /// The smallest box (least and greatest corner) holding the part's path in its own
    /// units, its stroke included. A curve stays within its control points, so the box of
    /// every point the path names holds it.
    pub fn extent(&self) -> ((f64, f64), (f64, f64)) {
        let half_stroke = if self.stroke == "none" {
            0.0
        } else {
            self.width / 2.0
        };
        let (mut min, mut max) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        // Numbers alternate x and y (every command here takes whole points).
        for (n, value) in path_numbers(self.d).enumerate() {
            let axis = n % 2;
            min[axis] = min[axis].min(value - half_stroke);
            max[axis] = max[axis].max(value + half_stroke);
        }
        ((min[0], min[1]), (max[0], max[1]))
    }

    /// This part centred on `at`, `scale` times its own size.
    pub fn placed(self, at: (f64, f64), scale: f64) -> Shape {
        Shape::Icon {
            part: self,
            at,
            scale,
        }
    }
}

/// The numbers of a path ("M-10,14 Q0,-22 10,14 Z": -10, 14, 0, ...), read by hand: the
/// standard library's float parser would add some 20 KB gzip to the page's wasm for them.
fn path_numbers(d: &str) -> impl Iterator<Item = f64> + '_ {
    let mut chars = d.chars().peekable();
    std::iter::from_fn(move || {
        while chars
            .peek()
            .is_some_and(|&c| c != '-' && c != '.' && !c.is_ascii_digit())
        {
            chars.next();
        }
        chars.peek()?;
        let sign = if chars.next_if_eq(&'-').is_some() {
            -1.0
        } else {
            1.0
        };
        let (mut value, mut place) = (0.0, None::<f64>);
        while let Some(c) = chars.next_if(|&c| c == '.' || c.is_ascii_digit()) {
            match (c.to_digit(10), place) {
                (Some(d), None) => value = value * 10.0 + f64::from(d),
                (Some(d), Some(p)) => {
                    value += f64::from(d) * p;
                    place = Some(p / 10.0);
                }
                (None, _) => place = Some(0.1),
            }
        }
        Some(sign * value)
    })
}

/// A filled part without a stroke.
pub(super) const fn fill(d: &'static str, colour: &'static str) -> IconPart {
    IconPart::new(d, colour, "none", 0.0)
}

/// A stroked part without a fill.
const fn line(d: &'static str, colour: &'static str, width: f64) -> IconPart {
    IconPart::new(d, "none", colour, width)
}

const DARK: &str = "#1d1d1d";
const TREE: &str = "#e3f4d3";
const GRAIN: &str = "#7a4e00";
const BRICK: &str = "#f6d0bb";
const ROCK: &str = "#3d4150";
const CACTUS: &str = "#3f7a3a";
const COIN: &str = "#fff2a8";
const COIN_RIM: &str = "#6b4e00";
const DEEP_WATER: &str = "#0f4c6e";
const STONE: &str = "#d9d2c3";
const MARBLE: &str = "#fbfaf6";
const GLASS: &str = "#8fd3c9";

/// Two small pines either side of a tall one, each on its trunk.
const FOREST: &[IconPart] = &[
    fill("M-15,6 L-9.5,-5 L-4,6 Z", TREE),
    fill("M-10.5,6 L-8.5,6 L-8.5,9 L-10.5,9 Z", TREE),
    fill("M4,6 L9.5,-5 L15,6 Z", TREE),
    fill("M8.5,6 L10.5,6 L10.5,9 L8.5,9 Z", TREE),
    fill("M0,-10 L5,-3 L3,-3 L7,4 L-7,4 L-3,-3 L-5,-3 Z", TREE),
    fill("M-1,4 L1,4 L1,10 L-1,10 Z", TREE),
];

/// A sheep: two legs, a fleece and a dark head.
const PASTURE: &[IconPart] = &[
    fill("M-6,3 L-4,3 L-4,9 L-6,9 Z", DARK),
    fill("M3,3 L5,3 L5,9 L3,9 Z", DARK),
    IconPart::new(
        "M-9,-1 Q-10,-7 -4,-6 Q-1,-10 3,-6 Q9,-7 8,-1 Q10,5 3,4 Q0,7 -4,4 Q-11,5 -9,-1 Z",
        "#ffffff",
        DARK,
        1.2,
    ),
    fill("M7,-5 Q13,-7 14,-1 Q13,3 9,2 Z", DARK),
];

/// Three ears of wheat at x = -9, 0 and 9: a stem, a grain at the tip and three pairs of
/// grains down the stem.
const FIELDS: &[IconPart] = &[
    line("M-9,10 L-9,-6", GRAIN, 1.4),
    fill("M-9,-5 Q-11,-8 -9,-10 Q-7,-8 -9,-5 Z", GRAIN),
    fill("M-9,-4 Q-13,-6 -12.5,-9.5 Q-9.5,-7.5 -9,-4 Z", GRAIN),
    fill("M-9,-4 Q-5,-6 -5.5,-9.5 Q-8.5,-7.5 -9,-4 Z", GRAIN),
    fill("M-9,0 Q-13,-2 -12.5,-5.5 Q-9.5,-3.5 -9,0 Z", GRAIN),
    fill("M-9,0 Q-5,-2 -5.5,-5.5 Q-8.5,-3.5 -9,0 Z", GRAIN),
    fill("M-9,4 Q-13,2 -12.5,-1.5 Q-9.5,0.5 -9,4 Z", GRAIN),
    fill("M-9,4 Q-5,2 -5.5,-1.5 Q-8.5,0.5 -9,4 Z", GRAIN),
    line("M0,10 L0,-6", GRAIN, 1.4),
    fill("M0,-5 Q-2,-8 0,-10 Q2,-8 0,-5 Z", GRAIN),
    fill("M0,-4 Q-4,-6 -3.5,-9.5 Q-0.5,-7.5 0,-4 Z", GRAIN),
    fill("M0,-4 Q4,-6 3.5,-9.5 Q0.5,-7.5 0,-4 Z", GRAIN),
    fill("M0,0 Q-4,-2 -3.5,-5.5 Q-0.5,-3.5 0,0 Z", GRAIN),
    fill("M0,0 Q4,-2 3.5,-5.5 Q0.5,-3.5 0,0 Z", GRAIN),
    fill("M0,4 Q-4,2 -3.5,-1.5 Q-0.5,0.5 0,4 Z", GRAIN),
    fill("M0,4 Q4,2 3.5,-1.5 Q0.5,0.5 0,4 Z", GRAIN),
    line("M9,10 L9,-6", GRAIN, 1.4),
    fill("M9,-5 Q7,-8 9,-10 Q11,-8 9,-5 Z", GRAIN),
    fill("M9,-4 Q5,-6 5.5,-9.5 Q8.5,-7.5 9,-4 Z", GRAIN),
    fill("M9,-4 Q13,-6 12.5,-9.5 Q9.5,-7.5 9,-4 Z", GRAIN),
    fill("M9,0 Q5,-2 5.5,-5.5 Q8.5,-3.5 9,0 Z", GRAIN),
    fill("M9,0 Q13,-2 12.5,-5.5 Q9.5,-3.5 9,0 Z", GRAIN),
    fill("M9,4 Q5,2 5.5,-1.5 Q8.5,0.5 9,4 Z", GRAIN),
    fill("M9,4 Q13,2 12.5,-1.5 Q9.5,0.5 9,4 Z", GRAIN),
];

/// Six bricks laid in three courses.
const HILLS: &[IconPart] = &[
    fill("M-5,-10 L5,-10 L5,-4.5 L-5,-4.5 Z", BRICK),
    fill("M-10,-3.5 L-0.5,-3.5 L-0.5,2 L-10,2 Z", BRICK),
    fill("M0.5,-3.5 L10,-3.5 L10,2 L0.5,2 Z", BRICK),
    fill("M-15,3 L-5.5,3 L-5.5,8.5 L-15,8.5 Z", BRICK),
    fill("M-4.5,3 L4.5,3 L4.5,8.5 L-4.5,8.5 Z", BRICK),
    fill("M5.5,3 L15,3 L15,8.5 L5.5,8.5 Z", BRICK),
];

/// Two peaks with snow on their tops.
const MOUNTAINS: &[IconPart] = &[
    fill("M-15,10 L-5,-5 L5,10 Z", ROCK),
    fill("M-3,10 L6,-10 L15,10 Z", ROCK),
    fill(
        "M6,-10 L9,-3.5 L7.5,-4.5 L6,-3 L4.5,-4.5 L3,-3.5 Z",
        "#ffffff",
    ),
    fill("M-5,-5 L-2.4,-1 L-5,-2 L-7.6,-1 Z", "#ffffff"),
];

/// A dune with a cactus on it.
const DESERT: &[IconPart] = &[
    fill("M-15,10 Q-7,2 2,6 Q9,3 15,7 L15,10 Z", "#c9a45c"),
    fill("M-1.5,7 L-1.5,-8 Q0,-10 1.5,-8 L1.5,7 Z", CACTUS),
    fill(
        "M-1.5,0 L-5,0 L-5,-5 L-3.5,-5 L-3.5,-1.5 L-1.5,-1.5 Z",
        CACTUS,
    ),
    fill("M1.5,-2 L5,-2 L5,-7 L3.5,-7 L3.5,-3.5 L1.5,-3.5 Z", CACTUS),
];

/// Three coins, each a rim and an inner ring; circles as four cubic curves (r 6 and 3.2).
const GOLD: &[IconPart] = &[
    IconPart::new("M-12,3 C-12,-0.3138 -9.3138,-3 -6,-3 C-2.6862,-3 0,-0.3138 0,3 C0,6.3138 -2.6862,9 -6,9 C-9.3138,9 -12,6.3138 -12,3 Z", COIN, COIN_RIM, 1.2),
    line("M-9.2,3 C-9.2,1.23264 -7.76736,-0.2 -6,-0.2 C-4.23264,-0.2 -2.8,1.23264 -2.8,3 C-2.8,4.76736 -4.23264,6.2 -6,6.2 C-7.76736,6.2 -9.2,4.76736 -9.2,3 Z", COIN_RIM, 0.9),
    IconPart::new("M0,3 C0,-0.3138 2.6862,-3 6,-3 C9.3138,-3 12,-0.3138 12,3 C12,6.3138 9.3138,9 6,9 C2.6862,9 0,6.3138 0,3 Z", COIN, COIN_RIM, 1.2),
    line("M2.8,3 C2.8,1.23264 4.23264,-0.2 6,-0.2 C7.76736,-0.2 9.2,1.23264 9.2,3 C9.2,4.76736 7.76736,6.2 6,6.2 C4.23264,6.2 2.8,4.76736 2.8,3 Z", COIN_RIM, 0.9),
    IconPart::new("M-6,-4 C-6,-7.3138 -3.3138,-10 0,-10 C3.3138,-10 6,-7.3138 6,-4 C6,-0.6862 3.3138,2 0,2 C-3.3138,2 -6,-0.6862 -6,-4 Z", COIN, COIN_RIM, 1.2),
    line("M-3.2,-4 C-3.2,-5.76736 -1.76736,-7.2 0,-7.2 C1.76736,-7.2 3.2,-5.76736 3.2,-4 C3.2,-2.23264 1.76736,-0.8 0,-0.8 C-1.76736,-0.8 -3.2,-2.23264 -3.2,-4 Z", COIN_RIM, 0.9),
];

/// A fish over one wave: still water that is fished, unlike the sea's two waves. The fish
/// is the fishing grounds' at four fifths of its size, two units up.
const LAKE: &[IconPart] = &[
    fill(
        "M-10.4,-2 Q-3.2,-9.2 4.8,-2 Q-3.2,5.2 -10.4,-2 Z",
        DEEP_WATER,
    ),
    fill("M4,-2 L10.4,-6.8 L10.4,2.8 Z", DEEP_WATER),
    line(
        "M-14,6 Q-10.5,2 -7,6 Q-3.5,10 0,6 Q3.5,2 7,6 Q10.5,10 14,6",
        DEEP_WATER,
        1.6,
    ),
];

/// Reeds over still water.
const SWAMP: &[IconPart] = &[
    line("M-8,4 L-6,-9", "#2f3d1c", 2.0),
    line("M0,4 L2,-9", "#2f3d1c", 2.0),
    line("M8,4 L10,-9", "#2f3d1c", 2.0),
    line("M-14,6 Q-7,2 0,6 Q7,10 14,6", "#d8e6f0", 1.6),
];

/// A palm over a pool: the Caravans' oasis.
const OASIS: &[IconPart] = &[
    fill("M-13,8 Q-6,4 0,6 Q6,4 13,8 Q0,10 -13,8 Z", "#3b7fc4"),
    line("M1,6 Q-1,0 2,-5", "#6b4423", 2.2),
    fill("M2,-5 Q-5,-9 -11,-3 Q-4,-6 2,-5 Z", CACTUS),
    fill("M2,-5 Q9,-9 13,-3 Q8,-6 2,-5 Z", CACTUS),
    fill("M2,-5 Q-1,-10 -7,-9 Q-1,-8 2,-5 Z", CACTUS),
    fill("M2,-5 Q6,-10 11,-8 Q5,-8 2,-5 Z", CACTUS),
];

/// A keep between two towers, battlements on each, and a gate: Barbarian Attack's castle
/// and the trade castle.
const CASTLE: &[IconPart] = &[
    IconPart::new(
        "M-12,9 L-12,-6 L-9,-6 L-9,-4 L-7,-4 L-7,-6 L-4,-6 L-4,-1 L4,-1 L4,-6 L7,-6 L7,-4 L9,-4 L9,-6 L12,-6 L12,9 Z",
        STONE,
        DARK,
        1.0,
    ),
    IconPart::new(
        "M-3,-1 L-3,-9 L-1.5,-9 L-1.5,-7 L1.5,-7 L1.5,-9 L3,-9 L3,-1 Z",
        STONE,
        DARK,
        1.0,
    ),
    fill("M-2.5,9 L-2.5,4 Q0,1.5 2.5,4 L2.5,9 Z", DARK),
];

/// Three cut blocks of marble and a pick: the marble quarry.
const QUARRY: &[IconPart] = &[
    IconPart::new("M-13,9 L-13,3 L-2,3 L-2,9 Z", MARBLE, DARK, 1.0),
    IconPart::new("M0,9 L0,3 L11,3 L11,9 Z", MARBLE, DARK, 1.0),
    IconPart::new("M-8,2 L-8,-4 L3,-4 L3,2 Z", MARBLE, DARK, 1.0),
    line("M7,-1 L12,-8", "#6b4423", 1.8),
    fill("M8,-9 Q12,-10 15,-6 Q12,-8 8,-9 Z", DARK),
];

/// A bottle and a goblet: the glassworks.
const GLASSWORKS: &[IconPart] = &[
    IconPart::new(
        "M-10,9 L-10,0 Q-10,-3 -6.5,-4 L-6.5,-9 L-3.5,-9 L-3.5,-4 Q0,-3 0,0 L0,9 Z",
        GLASS,
        DARK,
        1.0,
    ),
    IconPart::new("M3,-7 L13,-7 Q13,1 8,1 Q3,1 3,-7 Z", GLASS, DARK, 1.0),
    line("M8,1 L8,8", DARK, 1.4),
    line("M4.5,9 L11.5,9", DARK, 1.6),
];

/// Two waves.
const SEA: &[IconPart] = &[
    line(
        "M-14,-3 Q-10.5,-7 -7,-3 Q-3.5,1 0,-3 Q3.5,-7 7,-3 Q10.5,1 14,-3",
        "#e6f0fa",
        2.0,
    ),
    line(
        "M-14,4 Q-10.5,0 -7,4 Q-3.5,8 0,4 Q3.5,0 7,4 Q10.5,8 14,4",
        "#e6f0fa",
        2.0,
    ),
];

/// A terrain's drawing, so colour is never the only cue.
fn icon_parts(terrain: Terrain) -> &'static [IconPart] {
    match terrain {
        Terrain::Forest => FOREST,
        Terrain::Pasture => PASTURE,
        Terrain::Fields => FIELDS,
        Terrain::Hills => HILLS,
        Terrain::Mountains => MOUNTAINS,
        Terrain::Desert => DESERT,
        Terrain::Gold => GOLD,
        Terrain::Lake => LAKE,
        Terrain::Swamp => SWAMP,
        Terrain::Sea => SEA,
        Terrain::Oasis => OASIS,
        // A trade hex that yields is drawn as its building.
        Terrain::Castle | Terrain::CastleYieldingWool => CASTLE,
        Terrain::Quarry | Terrain::QuarryYieldingBrick => QUARRY,
        Terrain::Glassworks | Terrain::GlassworksYieldingLumber => GLASSWORKS,
    }
}

/// A terrain's icon as shapes, centred on `at`, `scale` times its own size.
pub fn terrain_icon(terrain: Terrain, at: (f64, f64), scale: f64) -> Vec<Shape> {
    icon_parts(terrain)
        .iter()
        .map(|part| part.placed(at, scale))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::{SIZE, TOKEN_DROP, TOKEN_RADIUS};

    /// Every number pair of a path (icons use absolute pair commands only).
    fn path_points(d: &str) -> Vec<(f64, f64)> {
        let numbers: Vec<f64> = d
            .split(|c: char| c == ' ' || c == ',' || c.is_ascii_alphabetic())
            .filter_map(|t| t.parse().ok())
            .collect();
        assert!(numbers.len() % 2 == 0, "{d}: points come in pairs");
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
            for part in parts {
                for (x, y) in path_points(part.d) {
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
                    let Shape::Icon { part, at, scale } = shape else {
                        panic!("icons are placed drawings")
                    };
                    for (x, y) in path_points(part.d) {
                        let p = (at.0 + x * scale, at.1 + y * scale);
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
    fn a_parts_extent_holds_every_point_of_its_path_and_its_stroke() {
        let read: Vec<f64> = path_numbers("M-9.5,14 Q0.25,-22 L3 4.5Z").collect();
        assert_eq!(read, [-9.5, 14.0, 0.25, -22.0, 3.0, 4.5]);
        let body = IconPart::new("M-10,14 Q0,-22 10,14 Z", "#3a3a3a", "none", 0.0);
        assert_eq!(body.extent(), ((-10.0, -22.0), (10.0, 14.0)));
        let sail = IconPart::new("M0,-22 L0,2 L15,2 Z", "#f7f3e8", "#2b2b2b", 1.5);
        assert_eq!(sail.extent(), ((-0.75, -22.75), (15.75, 2.75)));
        for terrain in Terrain::ALL {
            for part in icon_parts(terrain) {
                let ((x0, y0), (x1, y1)) = part.extent();
                for (x, y) in path_points(part.d) {
                    assert!(x0 <= x && x <= x1 && y0 <= y && y <= y1, "{terrain}");
                }
            }
        }
    }

    #[test]
    fn the_lakes_fish_is_the_fishing_grounds_fish_made_smaller() {
        for (small, fish) in LAKE.iter().zip(crate::picture::pieces::FISH) {
            let scaled: Vec<(f64, f64)> = path_points(fish.d)
                .into_iter()
                .map(|(x, y)| (x * 0.8, y * 0.8 - 2.0))
                .collect();
            let drawn = path_points(small.d);
            assert_eq!(drawn.len(), scaled.len());
            for (a, b) in drawn.iter().zip(&scaled) {
                assert!(
                    (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9,
                    "{a:?} {b:?}"
                );
            }
        }
    }
}
