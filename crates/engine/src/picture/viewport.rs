//! Which part of a picture is on screen and where a screen point falls on it: the pinch
//! zoom and pan of the app's board, and the `meet` fit an SVG element gives its view box.

use crate::fixed::Fixed;

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
        // a panic message the page has no use for.
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

/// The fair start's seat number on its house, at the house's own size (picture units).
pub const SEAT_NUMERAL: f64 = 15.0;
/// The most a seat's house grows to keep its number readable: two houses stand at least two
/// hex sides apart (the distance rule), and a city's 28 units at 2.5 times still leave room
/// between them.
pub const SEAT_PIECE_MOST: f64 = 2.5;

/// How many times its own size a drawing with text `size` units high is drawn so that the
/// text is at least `smallest` units (the app's smallest readable text on screen): never
/// smaller than drawn, at most `most` times.
pub fn legible_scale(size: f64, smallest: f64, most: f64) -> f64 {
    // max and min, not `f64::clamp` (see `kept_inside`).
    (smallest / size).max(1.0).min(most)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_numbers_grow_to_be_read_on_a_phone_showing_any_board() {
        use crate::catalogue::LayoutId;
        use crate::generate::{generate, Settings};
        // The app's smallest text (10 CSS px) on a 390 px phone: the board is 366 px wide
        // and up to 68% of the screen's 844 px high.
        let phone = (366.0, 0.68 * 844.0);
        for layout in LayoutId::every() {
            let board =
                generate(&Settings::new(layout, crate::rules::RuleSet::standard()), 1).unwrap();
            let view = crate::picture::draw(&board).view_box;
            let smallest = 10.0 / pixels_per_unit(view, phone);
            let scale = legible_scale(SEAT_NUMERAL, smallest, SEAT_PIECE_MOST);
            assert!(
                SEAT_NUMERAL * scale >= smallest,
                "{layout}: seat numbers {:.1} units, {smallest:.1} needed",
                SEAT_NUMERAL * scale
            );
        }
        // A board shown large keeps the houses at their own size.
        assert_eq!(legible_scale(SEAT_NUMERAL, 4.0, SEAT_PIECE_MOST), 1.0);
        assert_eq!(
            legible_scale(SEAT_NUMERAL, 100.0, SEAT_PIECE_MOST),
            SEAT_PIECE_MOST
        );
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
