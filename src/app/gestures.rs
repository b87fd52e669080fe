//! What the fingers (or the mouse) do on the board: a tap, a double-tap, a pan or a pinch,
//! and the zoom they leave. The handlers in `board_view.rs` feed it pointer events.

use hexfair::model::CellId;
use hexfair::picture::{pixels_per_unit, screen_to_picture, Zoom};

type ViewBox = (f64, f64, f64, f64);

/// A press moving further than this (CSS px) is a pan, not a tap.
const TAP_SLOP: f64 = 8.0;
/// Two taps this close in time (ms) and place (CSS px) are a double-tap.
const DOUBLE_TAP_MS: f64 = 350.0;
const DOUBLE_TAP_SLOP: f64 = 30.0;
/// How far a double-tap zooms in.
const DOUBLE_TAP_ZOOM: f64 = 2.5;

/// What a lifted pointer amounted to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tap {
    None,
    Single,
    /// The second tap of a double-tap; `undo_hex` is the hex the first tap locked or freed.
    Double {
        undo_hex: Option<CellId>,
    },
}

struct Pinch {
    distance: f64,
    zoom: Zoom,
    centre: (f64, f64),
}

pub struct Gestures {
    full: ViewBox,
    pub zoom: Zoom,
    /// Pointers down: id and last place on the element.
    pointers: Vec<(i32, (f64, f64))>,
    start: (f64, f64),
    /// This press has panned or pinched: it is no tap.
    dragged: bool,
    pinch: Option<Pinch>,
    /// The click that follows a pan, a pinch or a double-tap is not a tap on a hex or spot.
    pub swallow_click: bool,
    last_tap: Option<(f64, (f64, f64))>,
    last_hex_click: Option<(f64, CellId)>,
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

impl Gestures {
    pub fn new(full: ViewBox) -> Gestures {
        Gestures {
            full,
            zoom: Zoom::whole(full),
            pointers: Vec::new(),
            start: (0.0, 0.0),
            dragged: false,
            pinch: None,
            swallow_click: false,
            last_tap: None,
            last_hex_click: None,
        }
    }

    /// The picture on screen is `full`: a new one (another layout, a turn) starts whole.
    pub fn show(&mut self, full: ViewBox) {
        if full != self.full {
            *self = Gestures::new(full);
        }
    }

    pub fn reset(&mut self) {
        self.zoom = Zoom::whole(self.full);
    }

    pub fn down(&mut self, id: i32, at: (f64, f64)) {
        if self.pointers.is_empty() {
            self.swallow_click = false;
            self.dragged = false;
            self.start = at;
        }
        self.pointers.retain(|p| p.0 != id);
        self.pointers.push((id, at));
        if self.pointers.len() > 1 {
            // Two fingers: a pinch, never a tap.
            self.dragged = true;
            self.pinch = None;
        }
    }

    /// A pointer moved; true if the zoom changed.
    pub fn moved(
        &mut self,
        id: i32,
        at: (f64, f64),
        size: (f64, f64),
        full: ViewBox,
        upside_down: bool,
    ) -> bool {
        let Some(index) = self.pointers.iter().position(|p| p.0 == id) else {
            return false;
        };
        let before = self.pointers[index].1;
        self.pointers[index].1 = at;
        if self.pointers.len() >= 2 {
            let (a, b) = (self.pointers[0].1, self.pointers[1].1);
            let spread = distance(a, b).max(1.0);
            let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            match &self.pinch {
                None => {
                    self.pinch = Some(Pinch {
                        distance: spread,
                        zoom: self.zoom,
                        centre: screen_to_picture(
                            self.zoom.view_box(full),
                            size,
                            middle,
                            upside_down,
                        ),
                    });
                    false
                }
                Some(pinch) => {
                    self.zoom =
                        pinch
                            .zoom
                            .zoomed_about(full, spread / pinch.distance, pinch.centre);
                    true
                }
            }
        } else {
            if !self.dragged && distance(at, self.start) > TAP_SLOP {
                self.dragged = true;
            }
            if !self.dragged || self.zoom.is_whole() {
                return false;
            }
            let per_unit = pixels_per_unit(self.zoom.view_box(full), size);
            let turn = if upside_down { -1.0 } else { 1.0 };
            self.zoom = self.zoom.panned(
                full,
                turn * (at.0 - before.0) / per_unit,
                turn * (at.1 - before.1) / per_unit,
            );
            true
        }
    }

    /// A pointer lifted at `at` (`now` in ms): what the press amounted to.
    pub fn up(
        &mut self,
        id: i32,
        at: (f64, f64),
        size: (f64, f64),
        full: ViewBox,
        upside_down: bool,
        now: f64,
    ) -> Tap {
        if !self.pointers.iter().any(|p| p.0 == id) {
            return Tap::None;
        }
        self.pointers.retain(|p| p.0 != id);
        self.pinch = None;
        if !self.pointers.is_empty() {
            return Tap::None;
        }
        if self.dragged {
            self.swallow_click = true;
            self.last_tap = None;
            return Tap::None;
        }
        match self.last_tap.take() {
            Some((when, place))
                if now - when < DOUBLE_TAP_MS && distance(place, at) < DOUBLE_TAP_SLOP =>
            {
                self.swallow_click = true;
                self.zoom = if self.zoom.is_whole() {
                    let point = screen_to_picture(self.zoom.view_box(full), size, at, upside_down);
                    self.zoom.zoomed_about(full, DOUBLE_TAP_ZOOM, point)
                } else {
                    Zoom::whole(full)
                };
                let undo_hex = self
                    .last_hex_click
                    .take()
                    .filter(|&(clicked, _)| clicked >= when)
                    .map(|(_, cell)| cell);
                Tap::Double { undo_hex }
            }
            _ => {
                self.last_tap = Some((now, at));
                Tap::Single
            }
        }
    }

    /// The browser took the pointer over (a page scroll) or it left the board.
    pub fn cancel(&mut self, id: i32) {
        self.pointers.retain(|p| p.0 != id);
        self.pinch = None;
    }

    pub fn clicked_hex(&mut self, cell: CellId, now: f64) {
        self.last_hex_click = Some((now, cell));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: ViewBox = (-250.0, -250.0, 500.0, 500.0);
    /// A 250 px square board: half a pixel a unit.
    const SIZE: (f64, f64) = (250.0, 250.0);

    fn tap(g: &mut Gestures, id: i32, at: (f64, f64), now: f64) -> Tap {
        g.down(id, at);
        g.up(id, at, SIZE, FULL, false, now)
    }

    #[test]
    fn a_double_tap_zooms_in_about_the_tap_and_undoes_the_first_taps_lock() {
        let mut g = Gestures::new(FULL);
        assert_eq!(tap(&mut g, 1, (50.0, 50.0), 1000.0), Tap::Single);
        assert!(!g.swallow_click, "the first tap's click locks its hex");
        g.clicked_hex(CellId::new(7), 1001.0);
        assert_eq!(
            tap(&mut g, 2, (52.0, 51.0), 1200.0),
            Tap::Double {
                undo_hex: Some(CellId::new(7))
            }
        );
        assert!(g.swallow_click, "the second tap's click locks nothing");
        assert_eq!(g.zoom.scale, DOUBLE_TAP_ZOOM);
        // The second tap's point, (52,51) px, is picture (-146,-148): it keeps its place.
        let view = g.zoom.view_box(FULL);
        let screen = hexfair::picture::picture_to_screen(view, SIZE, (-146.0, -148.0), false);
        assert!((screen.0 - 52.0).abs() < 1e-6 && (screen.1 - 51.0).abs() < 1e-6);
        // Another double-tap shows the whole board again, and undoes no lock it did not make.
        assert_eq!(tap(&mut g, 3, (100.0, 100.0), 5000.0), Tap::Single);
        assert_eq!(
            tap(&mut g, 4, (100.0, 100.0), 5100.0),
            Tap::Double { undo_hex: None }
        );
        assert!(g.zoom.is_whole());
    }

    #[test]
    fn taps_apart_in_time_or_place_are_two_taps() {
        let mut g = Gestures::new(FULL);
        assert_eq!(tap(&mut g, 1, (50.0, 50.0), 0.0), Tap::Single);
        assert_eq!(tap(&mut g, 2, (50.0, 50.0), 1000.0), Tap::Single);
        assert_eq!(tap(&mut g, 3, (150.0, 50.0), 1100.0), Tap::Single);
        assert!(g.zoom.is_whole());
        assert!(!g.swallow_click);
    }

    #[test]
    fn a_drag_pans_a_zoomed_board_and_its_click_is_swallowed() {
        let mut g = Gestures::new(FULL);
        // On the whole board a drag moves nothing (the page scrolls), but it is no tap.
        g.down(1, (100.0, 100.0));
        assert!(!g.moved(1, (130.0, 100.0), SIZE, FULL, false));
        assert_eq!(g.up(1, (130.0, 100.0), SIZE, FULL, false, 0.0), Tap::None);
        assert!(g.swallow_click);
        // Zoomed twice about the middle, a 20 px drag right shows what was 20 px to the left.
        g.zoom = g.zoom.zoomed_about(FULL, 2.0, (0.0, 0.0));
        let before = g.zoom.centre;
        g.down(2, (100.0, 100.0));
        assert!(!g.swallow_click, "a new press starts afresh");
        assert!(
            !g.moved(2, (104.0, 100.0), SIZE, FULL, false),
            "within the slop: still a tap"
        );
        assert!(g.moved(2, (124.0, 100.0), SIZE, FULL, false));
        // 20 px at one pixel a unit (half a pixel a unit, zoomed twice).
        assert_eq!(g.zoom.centre, (before.0 - 20.0, before.1));
        assert_eq!(g.up(2, (124.0, 100.0), SIZE, FULL, false, 10.0), Tap::None);
        assert!(g.swallow_click);
        // Upside down (facing across the table), the same drag moves the other way.
        let before = g.zoom.centre;
        g.down(3, (100.0, 100.0));
        g.moved(3, (120.0, 100.0), SIZE, FULL, true);
        assert_eq!(g.zoom.centre, (before.0 + 20.0, before.1));
    }

    #[test]
    fn a_pinch_zooms_by_the_spread_of_the_fingers() {
        let mut g = Gestures::new(FULL);
        g.down(1, (100.0, 125.0));
        g.down(2, (150.0, 125.0));
        // The first move sets the pinch up; spreading 50 px to 150 px zooms three times.
        assert!(!g.moved(1, (100.0, 125.0), SIZE, FULL, false));
        assert!(g.moved(1, (50.0, 125.0), SIZE, FULL, false));
        assert!(g.moved(2, (200.0, 125.0), SIZE, FULL, false));
        assert!((g.zoom.scale - 3.0).abs() < 1e-9);
        assert_eq!(g.up(1, (50.0, 125.0), SIZE, FULL, false, 0.0), Tap::None);
        assert_eq!(g.up(2, (200.0, 125.0), SIZE, FULL, false, 1.0), Tap::None);
        assert!(g.swallow_click, "a pinch locks nothing");
        // A new picture (another layout, a turn) starts whole.
        g.show((0.0, 0.0, 100.0, 100.0));
        assert!(g.zoom.is_whole());
    }
}
