//! Where the robber and the pirate stand on their hex. Each is drawn about the hex's centre,
//! where it would hide the number token (the robber) or a harbour's badge standing in the sea
//! (the pirate); so it is moved, and made smaller only as far as it must be, to the place
//! nearest the centre where it stays inside its hex and clear of what must be read there: a
//! numeral, a ratio, pips, an icon. It may stand on the rim of the disc they are written on
//! (a hex is mostly its token; a harbour's badge takes much of its sea), beside the number,
//! as the wooden robber stands on the token at the table.

use super::{Group, Shape, SIZE};

/// A box a piece must leave uncovered (least and greatest corner, picture units): what a
/// numeral, a ratio, a pip or an icon takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Covered {
    min: (f64, f64),
    max: (f64, f64),
}

/// Room kept between a piece and what it stands beside, and between it and its hex's edge.
const GAP: f64 = 2.0;
/// The sizes a piece is tried at, largest first: smaller than half its size it would no longer
/// read as the piece.
const SCALES: [f64; 6] = [1.0, 0.9, 0.8, 0.7, 0.6, 0.5];
/// The places a piece is tried at: a grid this fine over its hex.
const STEP: f64 = 2.0;

/// A numeral's advance as a share of its size: bold digits in DejaVu Sans (Chromium's usual
/// sans-serif on Linux, among the widest) are 0.7 em; its height, the digits' 0.73 em.
const DIGIT_WIDTH: f64 = 0.7;
const DIGIT_HEIGHT: f64 = 0.75;

/// The box a shape covers, if it is one a piece must leave uncovered. A line (a harbour's
/// pier) and a free path (a river) may pass under a piece.
pub(super) fn covered(shape: &Shape) -> Option<Covered> {
    let (centre, half) = match *shape {
        Shape::Circle {
            cx,
            cy,
            r,
            stroke_width,
            ..
        } => ((cx, cy), (r + stroke_width / 2.0, r + stroke_width / 2.0)),
        Shape::Ellipse { cx, cy, rx, ry, .. } => ((cx, cy), (rx, ry)),
        Shape::Icon { part, at, scale } => {
            let (min, max) = part.extent();
            return Some(Covered {
                min: (at.0 + min.0 * scale, at.1 + min.1 * scale),
                max: (at.0 + max.0 * scale, at.1 + max.1 * scale),
            });
        }
        // Written centred on `at`, standing on it as on a line.
        Shape::Text {
            at, ref text, size, ..
        } => {
            let half = DIGIT_WIDTH * size * text.len() as f64 / 2.0;
            return Some(Covered {
                min: (at.0 - half, at.1 - DIGIT_HEIGHT * size),
                max: (at.0 + half, at.1),
            });
        }
        Shape::Polygon { .. } | Shape::Line { .. } | Shape::Path { .. } => return None,
    };
    Some(Covered {
        min: (centre.0 - half.0, centre.1 - half.1),
        max: (centre.0 + half.0, centre.1 + half.1),
    })
}

/// What is read on a hex (its outline, the first shape, aside): its icon, the numerals and
/// pips of its token and of any numbers beside it.
pub(super) fn read_on(hex: &Group) -> Vec<Covered> {
    let mut read = read_in(hex.shapes.get(1..).unwrap_or_default());
    for child in &hex.children {
        read.extend(read_in(&child.shapes));
    }
    read
}

/// What is read in these shapes: all but the discs things are written on (a token's, a
/// badge's), whose rims a piece may stand on.
pub(super) fn read_in(shapes: &[Shape]) -> Vec<Covered> {
    let mut read = Vec::new();
    for shape in shapes {
        if !is_backing(shape) {
            read.extend(covered(shape));
        }
    }
    read
}

/// Whether a shape is a disc something is written on (outlined), not a mark of its own (a
/// pip, filled only).
fn is_backing(shape: &Shape) -> bool {
    matches!(shape, Shape::Circle { stroke, .. } if *stroke != "none")
}

/// `piece`, drawn about `centre` (its hex's centre), moved to stand clear of `keep`: the
/// largest of `SCALES` at which it fits in its hex beside them, at the place nearest the
/// centre. A piece that fits nowhere stays as drawn.
pub(super) fn stand_clear(piece: Group, centre: (f64, f64), keep: &[Covered]) -> Group {
    let Some(drawn) = piece_box(&piece) else {
        return piece;
    };
    let reach = (SIZE / STEP) as i32;
    for scale in SCALES {
        // The nearest the centre; of places as near, the grid's first, so a board is drawn
        // the same way every time.
        let mut nearest: Option<(f64, (f64, f64))> = None;
        for i in -reach..=reach {
            for j in -reach..=reach {
                let offset = (f64::from(i) * STEP, f64::from(j) * STEP);
                let distance = offset.0 * offset.0 + offset.1 * offset.1;
                if nearest.is_some_and(|(best, _)| best <= distance) {
                    continue;
                }
                let at = shrunk_and_moved(centre, offset, scale);
                let placed = Covered {
                    min: at(drawn.min),
                    max: at(drawn.max),
                };
                let (low, high) = (placed.min, placed.max);
                let corners = [low, (high.0, low.1), (low.0, high.1), high];
                if corners.iter().all(|&p| inside_hex(p, centre, GAP))
                    && keep.iter().all(|k| placed.apart(k))
                {
                    nearest = Some((distance, offset));
                }
            }
        }
        if let Some((_, offset)) = nearest {
            return moved(piece, centre, offset, scale);
        }
    }
    piece
}

/// The box holding every shape of a piece, or nothing if it has none.
fn piece_box(piece: &Group) -> Option<Covered> {
    let mut all: Option<Covered> = None;
    for part in piece.shapes.iter().filter_map(covered) {
        all = Some(match all {
            None => part,
            Some(so_far) => Covered {
                min: (so_far.min.0.min(part.min.0), so_far.min.1.min(part.min.1)),
                max: (so_far.max.0.max(part.max.0), so_far.max.1.max(part.max.1)),
            },
        });
    }
    all
}

impl Covered {
    /// Whether the two boxes are `GAP` apart.
    pub(super) fn apart(&self, other: &Covered) -> bool {
        self.min.0 > other.max.0 + GAP
            || self.max.0 < other.min.0 - GAP
            || self.min.1 > other.max.1 + GAP
            || self.max.1 < other.min.1 - GAP
    }
}

/// Whether `point` lies inside the hex about `centre`, `margin` in from its sides. Hexes are
/// drawn pointy-top however the board is turned (a sixth of a turn maps a hex onto itself).
fn inside_hex(point: (f64, f64), centre: (f64, f64), margin: f64) -> bool {
    let (dx, dy) = ((point.0 - centre.0).abs(), (point.1 - centre.1).abs());
    let apothem = SIZE * 3f64.sqrt() / 2.0 - margin;
    dx <= apothem && 0.5 * dx + 3f64.sqrt() / 2.0 * dy <= apothem
}

/// Where a point goes when a drawing is shrunk `scale` times about `centre` and moved by
/// `offset`.
fn shrunk_and_moved(
    centre: (f64, f64),
    offset: (f64, f64),
    scale: f64,
) -> impl Fn((f64, f64)) -> (f64, f64) {
    move |(x, y)| {
        (
            centre.0 + offset.0 + (x - centre.0) * scale,
            centre.1 + offset.1 + (y - centre.1) * scale,
        )
    }
}

/// `group` shrunk `scale` times about `centre` and moved by `offset`. Its shapes are placed
/// drawings, discs and ellipses (the robber's and the pirate's are); a free path, written in
/// the picture's own coordinates, would stay where it is.
fn moved(group: Group, centre: (f64, f64), offset: (f64, f64), scale: f64) -> Group {
    let at = shrunk_and_moved(centre, offset, scale);
    let shapes = group
        .shapes
        .into_iter()
        .map(|shape| match shape {
            Shape::Circle {
                cx,
                cy,
                r,
                fill,
                stroke,
                stroke_width,
            } => {
                let (cx, cy) = at((cx, cy));
                Shape::Circle {
                    cx,
                    cy,
                    r: r * scale,
                    fill,
                    stroke,
                    stroke_width: stroke_width * scale,
                }
            }
            Shape::Ellipse {
                cx,
                cy,
                rx,
                ry,
                fill,
            } => {
                let (cx, cy) = at((cx, cy));
                Shape::Ellipse {
                    cx,
                    cy,
                    rx: rx * scale,
                    ry: ry * scale,
                    fill,
                }
            }
            Shape::Icon {
                part,
                at: place,
                scale: size,
            } => Shape::Icon {
                part,
                at: at(place),
                scale: size * scale,
            },
            other => other,
        })
        .collect();
    Group { shapes, ..group }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::picture::draw_turned;
    use crate::picture::piece_tests::groups;

    /// Whether a drawn piece keeps clear of `kept`, shape by shape.
    fn clear_of(piece: &Group, kept: &[Covered]) -> bool {
        piece
            .shapes
            .iter()
            .filter_map(covered)
            .all(|part| kept.iter().all(|k| part.apart(k)))
    }

    #[test]
    fn the_robber_leaves_its_number_readable_and_the_pirate_every_harbour() {
        let (mut robbers, mut pirates, mut shrunk) = (0, 0, 0);
        for layout in LayoutId::every() {
            for seed in 0..4 {
                let board = generate(
                    &Settings::new(layout, crate::rules::RuleSet::standard()),
                    seed,
                )
                .unwrap();
                for turns in [0, 1, 3] {
                    let picture = draw_turned(&board, turns);
                    // Every numeral and pip on a token (the discs' rims may be stood on).
                    let numbers: Vec<Covered> = ["token", "printed-number"]
                        .iter()
                        .flat_map(|class| groups(&picture, class))
                        .flat_map(|token| &token.shapes)
                        .filter(|shape| !is_backing(shape))
                        .filter_map(covered)
                        .collect();
                    for robber in groups(&picture, "robber") {
                        robbers += 1;
                        assert!(
                            clear_of(robber, &numbers),
                            "{layout} seed {seed} turned {turns}: the robber covers a number"
                        );
                        // The robber's own shapes are ones `moved` can move.
                        assert!(robber.shapes.iter().all(|s| matches!(
                            s,
                            Shape::Circle { .. } | Shape::Ellipse { .. } | Shape::Icon { .. }
                        )));
                        let Some(Shape::Icon { scale, .. }) = robber
                            .shapes
                            .iter()
                            .find(|s| matches!(s, Shape::Icon { .. }))
                        else {
                            panic!("the robber's body is a placed drawing")
                        };
                        assert!(*scale >= SCALES[SCALES.len() - 1], "{layout}: {scale}");
                        shrunk += usize::from(*scale < 1.0);
                    }
                    // What a badge says: its ratio or number, a 2:1 harbour's icon, a fish.
                    let badges: Vec<Covered> = ["harbour", "fishing"]
                        .iter()
                        .flat_map(|class| groups(&picture, class))
                        .flat_map(|badge| &badge.shapes)
                        .filter(|shape| !is_backing(shape))
                        .filter_map(covered)
                        .collect();
                    for pirate in groups(&picture, "pirate") {
                        pirates += 1;
                        assert!(
                            clear_of(pirate, &badges),
                            "{layout} seed {seed} turned {turns}: the pirate covers a harbour"
                        );
                    }
                }
            }
        }
        assert!(
            robbers > 100 && pirates > 50,
            "{robbers} robbers, {pirates} pirates"
        );
        // Most robbers stand on a token's hex (the desert's keeps its full size).
        assert!(shrunk > 0);
    }

    #[test]
    fn a_piece_on_a_hex_with_nothing_drawn_stays_whole_at_the_centre() {
        let board = generate(&Settings::default(), 1).unwrap();
        let hex = board.layout().cells[0];
        let centre = crate::picture::pixel(hex.center(), 0);
        let robber = super::super::pieces::robber(hex, 0);
        assert_eq!(stand_clear(robber.clone(), centre, &[]), robber);
    }
}
