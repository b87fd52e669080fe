//! Reads the layouts build.rs compiled (`encode.rs` writes them; the format is described
//! there, and this file mirrors it field by field). The page's catalogue: the browser build
//! links this instead of the board parser and compiler and carries no board text, which made
//! the page's wasm 17.3 KB gzip smaller (299.6 to 282.3 KB, `gzip -9` after `trunk build
//! --release`) and the play worker's 22.5 KB (190.6 to 168.1 KB): docs/download.md.

use std::sync::OnceLock;

use super::layout::{
    FishingGround, HarbourPlan, HarbourSpot, Layout, LayoutId, Piece, RobberStart, Spiral, Stack,
    Zone,
};
use super::store::Header;
use super::Constraint;
use super::PieceKind;
use crate::geometry::{Hex, Topology};
use crate::model::{CellId, CornerId, EdgeId, HarbourKind, Resource, Terrain};

/// Every built-in board, written by build.rs in the order of `board_list.rs`.
static BOARDS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/catalogue.bin"));

/// The texts every board names (boards, scenarios, games, zones), each once, and
/// where the boards start after them.
fn texts() -> &'static (Vec<&'static str>, usize) {
    static TEXTS: OnceLock<(Vec<&'static str>, usize)> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let mut r = Reader { at: 0 };
        let texts = r.list(|r| {
            let len = r.u();
            r.at += len;
            std::str::from_utf8(&BOARDS[r.at - len..r.at]).expect("build.rs writes UTF-8")
        });
        (texts, r.at)
    })
}

struct Reader {
    at: usize,
}

impl Reader {
    fn byte(&mut self) -> u8 {
        self.at += 1;
        BOARDS[self.at - 1]
    }

    fn u(&mut self) -> usize {
        let mut value = 0;
        let mut shift = 0;
        loop {
            let byte = self.byte();
            value |= usize::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return value;
            }
            shift += 7;
        }
    }

    fn i(&mut self) -> i32 {
        let z = self.u() as u32;
        (z >> 1) as i32 ^ -((z & 1) as i32)
    }

    fn small(&mut self) -> u8 {
        self.u() as u8
    }

    fn text(&mut self) -> &'static str {
        texts().0[self.u()]
    }

    fn list<T>(&mut self, mut each: impl FnMut(&mut Self) -> T) -> Vec<T> {
        (0..self.u()).map(|_| each(self)).collect()
    }

    fn numbers(&mut self) -> Vec<u8> {
        self.list(Self::small)
    }

    fn cells(&mut self) -> Vec<CellId> {
        self.list(|r| CellId::new(r.u()))
    }

    fn hex(&mut self) -> Hex {
        Hex::new(self.i(), self.i())
    }

    fn option(&mut self) -> Option<usize> {
        self.u().checked_sub(1)
    }

    fn terrain(&mut self) -> Terrain {
        Terrain::ALL[self.u()]
    }

    fn harbour(&mut self) -> HarbourKind {
        match self.u() {
            0 => HarbourKind::Generic,
            n => HarbourKind::Special(Resource::ALL[n - 1]),
        }
    }

    /// A harbour place or fishing ground, written as its land cell and the side towards the
    /// sea: the sea hex and the side's two corners, in the cell's corner order.
    fn place(&mut self, cells: &[Hex], topology: &Topology) -> (Hex, CellId, [CornerId; 2]) {
        let faces = CellId::new(self.u());
        let side = self.u();
        (
            cells[faces].neighbor(side),
            faces,
            topology.side_corners(faces, side),
        )
    }
}

/// Every board's header (what the pickers and links read) and where its layout starts.
pub(crate) fn boards() -> Vec<(Header, usize)> {
    let mut r = Reader { at: texts().1 };
    let mut boards = Vec::new();
    while r.at < BOARDS.len() {
        let header = Header {
            name: r.text(),
            scenario: r.text(),
            game: r.text(),
            players: (r.u(), r.u()),
            // The page says its boards' titles and notices from its language tables
            // (src/app/names.rs), so it carries neither.
            title: "-",
            legacy: (r.u() == 1).then_some("-"),
        };
        let length = r.u();
        boards.push((header, r.at));
        r.at += length;
    }
    boards
}

/// The layout of board `id`, whose encoding starts at `at`.
pub(crate) fn layout(id: LayoutId, at: usize) -> Layout {
    let mut r = Reader { at };
    let row_count = r.u();
    let middle = (row_count / 2) as i32;
    let mut cells = Vec::new();
    let mut rows = Vec::new();
    for row in 0..row_count {
        let y = row as i32 - middle;
        let count = r.u();
        let mut x = 0;
        for position in 0..count {
            x = match position {
                0 => r.i(),
                _ => x + 2 + 2 * r.u() as i32,
            };
            cells.push(Hex::from_doubled(x, y));
        }
        rows.push(count);
    }
    let topology = Topology::of(&cells);
    let cell_zone = r.list(Reader::u);
    let mut index = 0;
    let zones = r.list(|r| {
        let name = r.text();
        let letter = r.option().map(|l| char::from(l as u8));
        let mut terrain_bag = Vec::new();
        for _ in 0..r.u() {
            let terrain = r.terrain();
            terrain_bag.extend(std::iter::repeat_n(terrain, r.u()));
        }
        let token_bag = r.numbers();
        let spiral = (r.u() == 1).then(|| Spiral {
            tokens: r.numbers(),
            starts: r.cells(),
        });
        let printed_tokens = (r.u() == 1).then(|| r.numbers());
        let flags = r.u();
        index += 1;
        Zone {
            name,
            letter,
            cells: CellId::all(cells.len())
                .filter(|&c| cell_zone[c] == index - 1)
                .collect(),
            terrain_bag,
            token_bag,
            spiral,
            printed_tokens,
            fixed: flags & 1 != 0,
            fog: flags & 2 != 0,
            robber_free: flags & 4 != 0,
            pirate_free: flags & 8 != 0,
        }
    });
    let plan = r.u();
    let spots = r.list(|r| {
        let (sea, faces, corners) = r.place(&cells, &topology);
        HarbourSpot {
            sea,
            faces,
            corners,
        }
    });
    let harbours = match plan {
        0 => HarbourPlan::Fixed(spots),
        1 => HarbourPlan::NextToLand,
        _ => HarbourPlan::McGuire(spots),
    };
    let harbour_bag = r.list(Reader::harbour);
    let printed_harbours = r.list(|r| (r.u() == 1).then(|| r.harbour()));
    let pirate = (r.u() == 1).then(|| r.hex());
    let robber = match r.u() {
        0 => RobberStart::Desert,
        1 => RobberStart::Nowhere,
        n => RobberStart::Cell(CellId::new(n - 2)),
    };
    let constraints = r.list(|r| match r.u() {
        0 => Constraint::RedNotOnGold,
        1 => Constraint::GoldApart,
        2 => Constraint::NumbersBarred {
            numbers: r.numbers(),
            cells: r.cells(),
        },
        3 => Constraint::LargestIsland {
            least: r.u(),
            most: r.u(),
        },
        4 => Constraint::SeaOnBorder,
        5 => Constraint::SpiralFromHarbour,
        6 => Constraint::InlandOnly(r.terrain()),
        _ => Constraint::TerrainAt {
            cell: CellId::new(r.u()),
            terrain: r.terrain(),
        },
    });
    let centre_cells = r.cells();
    let start_corners = (0..topology.corners.len())
        .map(|corner| BOARDS[r.at + corner / 8] >> (corner % 8) & 1 == 1)
        .collect();
    r.at += topology.corners.len().div_ceil(8);
    let pieces = r.list(|r| Piece {
        kind: PieceKind::of_index(r.u()),
        corner: r.option().map(CornerId::new),
        edge: r.option().map(EdgeId::new),
        number: r.option().map(|n| n as u8),
    });
    let fishing = r.list(|r| {
        let (sea, faces, corners) = r.place(&cells, &topology);
        FishingGround {
            sea,
            faces,
            corners,
            number: r.small(),
        }
    });
    let rivers = r.list(|r| r.list(|r| EdgeId::new(r.u())));
    let extra_numbers = r.list(|r| (CellId::new(r.u()), r.small()));
    let stacks = r.list(|r| Stack {
        tokens: r.numbers(),
        on: r.small(),
    });
    let mut pips_by_number = [0; 13];
    for pips in &mut pips_by_number {
        *pips = r.byte();
    }
    Layout {
        id,
        cells,
        rows,
        topology,
        zones,
        cell_zone,
        harbours,
        harbour_bag,
        pirate,
        constraints,
        centre_cells,
        robber,
        printed_harbours,
        start_corners,
        pieces,
        fishing,
        rivers,
        extra_numbers,
        stacks,
        pips_by_number,
        walked_spirals: OnceLock::new(),
    }
}
