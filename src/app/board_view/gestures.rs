//! What the fingers (or the mouse) do on the board: a tap, a double-tap, a pan or a pinch,
//! and the zoom they leave. The handlers in `board_view.rs` feed it pointer events.

use crate::picture::{pixels_per_unit, screen_to_picture, Zoom};

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
        undo_hex: Option<usize>,
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
    last_hex_click: Option<(f64, usize)>,
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

    pub fn clicked_hex(&mut self, cell: usize, now: f64) {
        self.last_hex_click = Some((now, cell));
    }
}
