//! The catalogue's boards as the page carries them: build.rs parses and compiles every board
//! file with the catalogue's own code and writes each [`Layout`] here, in a compact byte
//! format that `decode.rs` reads back at first use. The page then needs neither the parser
//! nor the compiler (nor the board text); see docs/download.md for what that saves.
//!
//! Compiled only into build.rs. The format is this file and `decode.rs` together, one the
//! mirror of the other, field by field: change both or neither. `store.rs`'s test holds the
//! decoded layouts to those `parse` and `compile` give.
//!
//! Numbers are unsigned LEB128 (`u`), signed ones zigzagged first (`i`); a list is its
//! length, then its items; an option is 0 for none, else 1 and the value, or for a number
//! the number plus one (`option`). A text is its place in the table of texts written first
//! (each text once: zone names repeat), and a printed piece's kind its place in
//! `PieceKind`'s list, whose words the page has anyway. What follows from other fields is
//! not written: the topology (from the cells), a zone's cells (from `cell_zone`), a harbour's
//! or fishing ground's sea hex and corners (from its cell and side).
//!
//! Measured (`gzip -9`): the 38 boards' encoding is 12.5 KB raw and 4.3 KB gzip, against
//! 30.9 KB raw and 4.4 KB gzip of the stripped board text the page carried before; written
//! naively (every text in place, a place as its sea hex and corner ids) it was 17.3 KB raw and
//! 5.0 KB gzip. Pieces' kinds as places rather than texts: 12.4 KB raw, 4.2 KB gzip.

use crate::catalogue::{Constraint, HarbourPlan, Layout, LayoutId, RobberStart};
use crate::geometry::Hex;
use crate::model::{CellId, CornerId, HarbourKind};

#[derive(Default)]
pub struct Writer {
    pub bytes: Vec<u8>,
    /// Every text written, each once: a text is written as its place here.
    texts: Vec<&'static str>,
}

impl Writer {
    fn u(&mut self, mut value: usize) {
        loop {
            let low = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                self.bytes.push(low);
                return;
            }
            self.bytes.push(low | 0x80);
        }
    }

    fn i(&mut self, value: i32) {
        self.u(((value << 1) ^ (value >> 31)) as u32 as usize);
    }

    fn text(&mut self, text: &'static str) {
        let at = match self.texts.iter().position(|&t| t == text) {
            Some(at) => at,
            None => {
                self.texts.push(text);
                self.texts.len() - 1
            }
        };
        self.u(at);
    }

    /// The texts, each as its length and bytes, then the boards.
    pub fn finish(self) -> Vec<u8> {
        let mut out = Writer::default();
        out.u(self.texts.len());
        for text in &self.texts {
            out.u(text.len());
            out.bytes.extend_from_slice(text.as_bytes());
        }
        out.bytes.extend(self.bytes);
        out.bytes
    }

    /// A harbour place or fishing ground: its land cell and the side of it towards `sea`
    /// (its two corners follow from these, as `compile` finds them).
    fn place(&mut self, l: &Layout, sea: Hex, faces: CellId, corners: [CornerId; 2]) {
        let side = (0..6)
            .find(|&side| l.cells[faces].neighbor(side) == sea)
            .expect("a place's sea is next to its cell");
        assert_eq!(
            corners,
            l.topology.side_corners(faces, side),
            "a place's corners are its side's"
        );
        self.u(faces.index());
        self.u(side);
    }

    fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Self, &T)) {
        self.u(items.len());
        for item in items {
            each(self, item);
        }
    }

    /// Ids, counts and small numbers, as a list.
    fn numbers<T: Copy + Into<usize>>(&mut self, items: &[T]) {
        self.list(items, |w, &n| w.u(n.into()));
    }

    fn ids(&mut self, ids: impl ExactSizeIterator<Item = usize>) {
        self.u(ids.len());
        for id in ids {
            self.u(id);
        }
    }

    fn hex(&mut self, hex: Hex) {
        self.i(hex.q);
        self.i(hex.r);
    }

    /// 0 for none, else the value plus one.
    fn option(&mut self, value: Option<usize>) {
        self.u(value.map_or(0, |v| v + 1));
    }

    fn harbour(&mut self, kind: HarbourKind) {
        self.u(match kind {
            HarbourKind::Generic => 0,
            HarbourKind::Special(resource) => 1 + resource.index(),
        });
    }

    /// One board: what the pickers and links read of it (its name, scenario, game, seats,
    /// whether it is legacy), then its layout's length and its layout, so that the page can
    /// list every board and decode a layout only when it is asked for.
    pub fn board(&mut self, id: LayoutId) {
        self.text(id.name());
        self.text(id.scenario());
        self.text(id.game());
        self.u(*id.seats().start());
        self.u(*id.seats().end());
        self.u(usize::from(id.legacy()));
        let mut layout = Writer {
            texts: std::mem::take(&mut self.texts),
            ..Writer::default()
        };
        layout.layout(Layout::get(id));
        self.texts = std::mem::take(&mut layout.texts);
        self.u(layout.bytes.len());
        self.bytes.extend(layout.bytes);
    }

    fn layout(&mut self, l: &Layout) {
        // The cells row by row (rows centred on y = 0, as `compile` places them): each row's
        // count, then its first cell's doubled x and each further cell's gap after the last
        // (0 for the next position). The topology follows from the cells.
        self.u(l.rows.len());
        let middle = (l.rows.len() / 2) as i32;
        let mut cells = l.cells.iter();
        for (row, &count) in l.rows.iter().enumerate() {
            self.u(count);
            let mut last = None;
            for hex in cells.by_ref().take(count) {
                assert_eq!(hex.r, row as i32 - middle, "cells are in rows");
                let x = 2 * hex.q + hex.r;
                match last {
                    None => self.i(x),
                    Some(last) => {
                        assert!(x > last && (x - last) % 2 == 0, "cells run along their row");
                        self.u(((x - last) / 2 - 1) as usize);
                    }
                }
                last = Some(x);
            }
        }
        assert!(cells.next().is_none(), "every cell is in a row");

        // The zones; each one's cells follow from `cell_zone`.
        self.numbers(&l.cell_zone);
        self.list(&l.zones, |w, zone| {
            w.text(zone.name);
            w.option(zone.letter.map(|letter| {
                assert!(letter.is_ascii(), "zone letters are ASCII");
                letter as usize
            }));
            // The terrain bag in runs of one terrain: (terrain, count).
            let mut runs: Vec<(usize, usize)> = Vec::new();
            for terrain in &zone.terrain_bag {
                match runs.last_mut() {
                    Some((t, n)) if *t == terrain.index() => *n += 1,
                    _ => runs.push((terrain.index(), 1)),
                }
            }
            w.list(&runs, |w, &(terrain, count)| {
                w.u(terrain);
                w.u(count);
            });
            w.numbers(&zone.token_bag);
            w.u(usize::from(zone.spiral.is_some()));
            if let Some(spiral) = &zone.spiral {
                w.numbers(&spiral.tokens);
                w.ids(spiral.starts.iter().map(|c| c.index()));
            }
            w.u(usize::from(zone.printed_tokens.is_some()));
            if let Some(tokens) = &zone.printed_tokens {
                w.numbers(tokens);
            }
            w.u(usize::from(zone.fixed)
                | usize::from(zone.fog) << 1
                | usize::from(zone.robber_free) << 2
                | usize::from(zone.pirate_free) << 3);
        });

        let spots = match &l.harbours {
            HarbourPlan::Fixed(spots) => {
                self.u(0);
                &spots[..]
            }
            HarbourPlan::NextToLand => {
                self.u(1);
                &[]
            }
            HarbourPlan::McGuire(spots) => {
                self.u(2);
                &spots[..]
            }
        };
        self.list(spots, |w, spot| {
            w.place(l, spot.sea, spot.faces, spot.corners)
        });
        self.list(&l.harbour_bag, |w, &kind| w.harbour(kind));
        // Printed harbours: 0 for a dealt one, else the kind plus one.
        self.list(&l.printed_harbours, |w, kind| match kind {
            None => w.u(0),
            Some(kind) => {
                w.u(1);
                w.harbour(*kind);
            }
        });
        self.u(usize::from(l.pirate.is_some()));
        if let Some(pirate) = l.pirate {
            self.hex(pirate);
        }
        self.u(match l.robber {
            RobberStart::Desert => 0,
            RobberStart::Nowhere => 1,
            RobberStart::Cell(cell) => 2 + cell.index(),
        });
        self.list(&l.constraints, |w, constraint| match constraint {
            Constraint::RedNotOnGold => w.u(0),
            Constraint::GoldApart => w.u(1),
            Constraint::NumbersBarred { numbers, cells } => {
                w.u(2);
                w.numbers(numbers);
                w.ids(cells.iter().map(|c| c.index()));
            }
            Constraint::LargestIsland { least, most } => {
                w.u(3);
                w.u(*least);
                w.u(*most);
            }
            Constraint::SeaOnBorder => w.u(4),
            Constraint::SpiralFromHarbour => w.u(5),
            Constraint::InlandOnly(terrain) => {
                w.u(6);
                w.u(terrain.index());
            }
            Constraint::TerrainAt { cell, terrain } => {
                w.u(7);
                w.u(cell.index());
                w.u(terrain.index());
            }
        });
        self.ids(l.centre_cells.iter().map(|c| c.index()));
        // One bit a corner, eight a byte, first corner in the lowest bit.
        assert_eq!(l.start_corners.len(), l.topology.corners.len());
        for byte in l.start_corners.chunks(8) {
            let bits = byte
                .iter()
                .enumerate()
                .map(|(i, &start)| u8::from(start) << i)
                .sum();
            self.bytes.push(bits);
        }
        self.list(&l.pieces, |w, piece| {
            w.u(piece.kind.index());
            w.option(piece.corner.map(|c| c.index()));
            w.option(piece.edge.map(|e| e.index()));
            w.option(piece.number.map(usize::from));
        });
        self.list(&l.fishing, |w, ground| {
            w.place(l, ground.sea, ground.faces, ground.corners);
            w.u(ground.number.into());
        });
        self.list(&l.rivers, |w, river| w.ids(river.iter().map(|e| e.index())));
        self.list(&l.extra_numbers, |w, &(cell, number)| {
            w.u(cell.index());
            w.u(number.into());
        });
        self.list(&l.stacks, |w, stack| {
            w.numbers(&stack.tokens);
            w.u(stack.on.into());
        });
        self.bytes.extend_from_slice(&l.pips_by_number);
    }
}
