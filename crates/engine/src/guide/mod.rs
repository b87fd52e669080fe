//! The build guide: how to lay a generated board out on the real table, step by step, as
//! plain data (keys, ids and counts; the words are the app's, in its language tables, and
//! the command line's English in crates/cli/src/guide_text.rs).
//!
//! From a [`Board`], the players at the table and the board's turn on screen, [`Guide::new`]
//! lists: what to take out of the box; the frame; the harbours round the board; the river
//! tiles; the terrain a row (or, on a letter-spiral board, a ring) at a time; the number
//! tokens in letter order along the spiral or row by row; the tokens stacked on another; the
//! robber; the pirate; the fog stacks; the fishing grounds; each kind of printed piece; and,
//! at a Cities & Knights table, the barbarian tile beside the board and the opening of a
//! settlement and a city a seat.
//! Each step lists exactly what is placed in it, and the whole guide places every piece of
//! the board once. Rows, rings and "round the board" are taken on the board as turned on
//! screen, so the guide matches the side of the table the phone is on. docs/guide.md has
//! the ordering rules and their sources.

mod letter;
mod spot;
mod turn;

pub use letter::token_letter;
pub use spot::Spot;
pub use turn::turned;

use crate::board::{Board, Harbour};
use crate::catalogue::{FishingGround, Layout, LayoutId, Piece, PieceKind};
use crate::generate::{lay_spiral, spiral_paths};
use crate::geometry::Hex;
use crate::model::{CellId, EdgeId, Expansion, HarbourKind, Terrain};
use crate::order;
use turn::{ring_depths, TurnedLayout};

/// The set-up of one board for one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guide {
    pub layout: LayoutId,
    pub players: usize,
    /// Sixths of a full turn clockwise, as the picture is drawn (`picture::Options::turns`,
    /// the app's Turn); the far side of the table in table mode is 3 more.
    pub turns: usize,
    /// Every cell in rows as the turned board shows them: top to bottom, left to right. A
    /// step's "row k" is `rows[k - 1]`.
    pub rows: Vec<Vec<CellId>>,
    pub steps: Vec<Step>,
}

/// One screen of the guide: what is placed, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// What to take out of the box before anything is placed.
    SortBox(Contents),
    /// The frame: the sea spaces round the board, clockwise from the top.
    Frame {
        spaces: Vec<Hex>,
    },
    /// The harbours, clockwise from the top. Straight after the frame when they all stand on
    /// it; after the terrain when some stand on sea hexes laid with the terrain.
    Harbours {
        harbours: Vec<Harbour>,
    },
    /// The Rivers of Catan's river tiles, each river's hexes from source to mouth, laid as
    /// printed before the other terrain: a river tile spans several hexes (the box holds 3
    /// river tiles for the 7 river hexes, the 3-hex river as one tile) and the rivers lie
    /// where the rules' picture puts them (../shared/reference/traders-barbarians.md, G15
    /// and G1).
    Rivers {
        rivers: Vec<River>,
    },
    /// Terrain hexes of one row or ring, in the order to lay them: rows left to right, rings
    /// clockwise from the top.
    Terrain {
        part: Part,
        tiles: Vec<Tile>,
    },
    /// Number tokens of one row (left to right) or ring (in letter order).
    Tokens {
        part: Part,
        tokens: Vec<Token>,
    },
    /// Tokens that go on a hex already holding one (the Rivers of Catan's 2 and 12).
    StackedTokens {
        tokens: Vec<Token>,
    },
    Robber {
        cell: CellId,
    },
    /// The pirate ship, on a sea cell or on a space of the frame (`cell: None`).
    Pirate {
        at: Hex,
        cell: Option<CellId>,
    },
    /// Fog hexes and their tokens shuffled into two face-down stacks beside the board; the
    /// fog `cells` stay empty until explored.
    Fog {
        cells: Vec<CellId>,
        hexes: Vec<(Terrain, usize)>,
        tokens: Vec<(u8, usize)>,
    },
    /// Fishing-ground tiles on the frame, clockwise from the top.
    FishingGrounds {
        grounds: Vec<FishingGround>,
    },
    /// One kind of printed piece, clockwise from the top.
    Pieces {
        kind: PieceKind,
        pieces: Vec<Piece>,
    },
    /// A Cities & Knights table: the barbarian tile, with the barbarian ship at the start of
    /// its track, beside the board; then each player places a settlement and, in reverse
    /// order, a city. Nothing of it goes on a hex (../shared/reference/cities-knights.md,
    /// "The board" and "Set-up").
    CitiesAndKnights,
}

/// Which row or ring of how many a step lays ("row 3 of 7"), counted on the turned board:
/// rows from the top, rings from the outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub unit: Unit,
    /// From 1.
    pub index: usize,
    pub count: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    Row,
    Ring,
}

/// A terrain hex and its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub cell: CellId,
    pub terrain: Terrain,
}

/// A number token and its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub cell: CellId,
    pub number: u8,
    /// Its place in letter order on a letter-spiral board (0 is A; [`token_letter`]).
    pub letter: Option<usize>,
}

/// A river: its hexes from source to mouth and the edges it runs along.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct River {
    pub tiles: Vec<Tile>,
    pub edges: Vec<EdgeId>,
}

/// What the board needs from the box, by kind, each list in a fixed order (terrain and
/// harbours in their enums' order, tokens by number, pieces as [`Special`] orders them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    pub hexes: Vec<(Terrain, usize)>,
    pub tokens: Vec<(u8, usize)>,
    pub harbours: Vec<(HarbourKind, usize)>,
    pub pieces: Vec<(Special, usize)>,
}

/// A piece besides hexes, tokens and harbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Special {
    Robber,
    Pirate,
    FishingGround,
    /// A Cities & Knights table's barbarian tile (with its ship), beside the board.
    BarbarianTile,
    /// A printed piece by its kind.
    Printed(PieceKind),
}

/// Why no guide can be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuideError {
    /// The board is not made for this many players.
    Players { players: usize, board: LayoutId },
}

impl Guide {
    /// The guide for `board` at a base-game table of `players`, the board turned `turns`
    /// sixths clockwise on screen.
    pub fn new(board: &Board, players: usize, turns: usize) -> Result<Guide, GuideError> {
        Guide::for_table(board, players, turns, Expansion::BaseGame)
    }

    /// The guide for `board` at a table of `players` playing `expansion` (a link's, its
    /// settings'), the board turned `turns` sixths clockwise on screen: a Cities & Knights
    /// table ends with [`Step::CitiesAndKnights`].
    pub fn for_table(
        board: &Board,
        players: usize,
        turns: usize,
        expansion: Expansion,
    ) -> Result<Guide, GuideError> {
        if !board.layout.seats().contains(&players) {
            return Err(GuideError::Players {
                players,
                board: board.layout,
            });
        }
        let turns = turns % 6;
        let layout = board.layout();
        let view = TurnedLayout::new(layout, turns);
        let every: Vec<CellId> = CellId::all(layout.cells.len()).collect();
        let rows = view.rows(&every);
        let fog: Vec<CellId> = rows
            .iter()
            .flatten()
            .copied()
            .filter(|&c| layout.zones[layout.cell_zone[c]].fog)
            .collect();
        let rivers = rivers(board);
        let in_river = |c: CellId| rivers.iter().flat_map(|r| &r.tiles).any(|t| t.cell == c);
        let spiral = letter_spiral(board);

        let mut steps = vec![
            Step::SortBox(Contents::of(board, players, expansion)),
            Step::Frame {
                spaces: frame(&view),
            },
        ];
        let harbours = harbours(board, &view);
        let on_frame = board
            .harbours
            .iter()
            .all(|h| layout.cell_of(h.spot.sea).is_none());
        if on_frame && !harbours.is_empty() {
            steps.push(Step::Harbours {
                harbours: harbours.clone(),
            });
        }
        if !rivers.is_empty() {
            steps.push(Step::Rivers {
                rivers: rivers.clone(),
            });
        }
        let laid: Vec<CellId> = every
            .iter()
            .copied()
            .filter(|&c| !fog.contains(&c) && !in_river(c))
            .collect();
        let tile = |cell| Tile {
            cell,
            terrain: board.terrain[cell],
        };
        let (rings, rest) = match &spiral {
            Some(spiral) => rings(&view, spiral, &laid),
            None => (Vec::new(), laid),
        };
        for (part, cells) in rings.iter().chain(&by_rows(&rows, &rest)) {
            steps.push(Step::Terrain {
                part: *part,
                tiles: cells.iter().map(|&c| tile(c)).collect(),
            });
        }
        if !on_frame {
            steps.push(Step::Harbours { harbours });
        }
        steps.extend(tokens(board, &rows, &fog, spiral.as_ref()));
        let stacked: Vec<Token> = rows
            .iter()
            .flatten()
            .filter(|c| !fog.contains(c))
            .flat_map(|&cell| stacked_tokens(board, cell))
            .collect();
        if !stacked.is_empty() {
            steps.push(Step::StackedTokens { tokens: stacked });
        }
        if let Some(cell) = board.robber {
            steps.push(Step::Robber { cell });
        }
        if let Some(at) = board.pirate {
            steps.push(Step::Pirate {
                at,
                cell: layout.cell_of(at),
            });
        }
        if !fog.is_empty() {
            steps.push(fog_stacks(board, fog));
        }
        if !layout.fishing.is_empty() {
            let mut grounds = layout.fishing.clone();
            view.clockwise(&mut grounds, |g| places::corners_sum(layout, &g.corners));
            steps.push(Step::FishingGrounds { grounds });
        }
        steps.extend(printed_pieces(&view, players));
        if expansion == Expansion::CitiesAndKnights {
            steps.push(Step::CitiesAndKnights);
        }
        Ok(Guide {
            layout: board.layout,
            players,
            turns,
            rows,
            steps,
        })
    }

    /// `cell`'s place on the turned board: its row and its place in the row, both from 1.
    pub fn place(&self, cell: CellId) -> Option<(usize, usize)> {
        self.rows.iter().enumerate().find_map(|(r, row)| {
            row.iter()
                .position(|&c| c == cell)
                .map(|at| (r + 1, at + 1))
        })
    }
}

/// Every hex of `layout` in rows as the board turned `turns` sixths clockwise shows them:
/// top to bottom, left to right. "Row k, hex j" is `rows[k - 1][j - 1]`, as the build
/// guide and the page name a hex.
pub fn rows(layout: &Layout, turns: usize) -> Vec<Vec<CellId>> {
    let every: Vec<CellId> = CellId::all(layout.cells.len()).collect();
    TurnedLayout::new(layout, turns % 6).rows(&every)
}

impl Step {
    /// The board's cells this step places something on or beside (for the app to light up
    /// and dim the rest): none for the box, the frame and printed pieces (whose corners and
    /// edges the step holds).
    pub fn cells(&self) -> Vec<CellId> {
        match self {
            Step::SortBox(_) | Step::Frame { .. } => Vec::new(),
            Step::Harbours { harbours } => harbours.iter().map(|h| h.spot.faces).collect(),
            Step::Rivers { rivers } => rivers
                .iter()
                .flat_map(|r| r.tiles.iter().map(|t| t.cell))
                .collect(),
            Step::Terrain { tiles, .. } => tiles.iter().map(|t| t.cell).collect(),
            Step::Tokens { tokens, .. } | Step::StackedTokens { tokens } => {
                tokens.iter().map(|t| t.cell).collect()
            }
            Step::Robber { cell } => vec![*cell],
            Step::Pirate { cell, .. } => cell.iter().copied().collect(),
            Step::Fog { cells, .. } => cells.clone(),
            Step::FishingGrounds { grounds } => grounds.iter().map(|g| g.faces).collect(),
            Step::Pieces { .. } | Step::CitiesAndKnights => Vec::new(),
        }
    }
}

impl Contents {
    /// Everything `board` needs at a table of `players` playing `game`, counted from the
    /// board and its layout (and the barbarian tile of a Cities & Knights table).
    pub fn of(board: &Board, players: usize, game: Expansion) -> Contents {
        let layout = board.layout();
        let cells: Vec<CellId> = CellId::all(layout.cells.len()).collect();
        let numbers = cells.iter().flat_map(|&c| {
            board.numbers[c]
                .into_iter()
                .chain(stacked_tokens(board, c).map(|t| t.number))
        });
        let specials = board
            .robber
            .map(|_| Special::Robber)
            .into_iter()
            .chain(board.pirate.map(|_| Special::Pirate))
            .chain(layout.fishing.iter().map(|_| Special::FishingGround))
            .chain((game == Expansion::CitiesAndKnights).then_some(Special::BarbarianTile))
            .chain(
                layout
                    .pieces
                    .iter()
                    .filter(|p| serves(p, players))
                    .map(|p| Special::Printed(p.kind)),
            );
        Contents {
            hexes: tally(cells.iter().map(|&c| board.terrain[c])),
            tokens: tally(numbers),
            harbours: tally(board.harbours.iter().map(|h| h.kind)),
            pieces: tally(specials),
        }
    }
}

/// How many of each item, in the items' order.
pub fn tally<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<(T, usize)> {
    let mut sorted: Vec<T> = items.into_iter().collect();
    order::sort(&mut sorted);
    let mut counts: Vec<(T, usize)> = Vec::new();
    for item in sorted {
        match counts.last_mut() {
            Some((last, n)) if *last == item => *n += 1,
            _ => counts.push((item, 1)),
        }
    }
    counts
}

/// Whether a printed piece is on the table for `players`: seat pieces of empty seats stay in
/// the box. Pirate Islands: "Three players use this board and take the first three seats'
/// pieces" (its board file, after JSettlers2 `PIR_ISL_INIT_PIECES`, dealt to the seated
/// players in order).
fn serves(piece: &Piece, players: usize) -> bool {
    !piece.kind.is_seat_piece() || piece.number.is_none_or(|seat| usize::from(seat) <= players)
}

/// The frame's sea spaces, clockwise from the top.
fn frame(view: &TurnedLayout) -> Vec<Hex> {
    let mut spaces = view.layout.topology.frame.clone();
    view.clockwise(&mut spaces, |h| (h.center(), 1));
    spaces
}

/// The board's harbours clockwise from the top, each at the middle of the coast it serves.
fn harbours(board: &Board, view: &TurnedLayout) -> Vec<Harbour> {
    let mut harbours = board.harbours.clone();
    view.clockwise(&mut harbours, |h| {
        places::corners_sum(view.layout, &h.spot.corners)
    });
    harbours
}

/// The letter spiral the board's tokens were laid along, if they were: its path, and the
/// island it covers (every cell of its zone's letter in the board file, printed ones such as
/// the Fishermen's lake included) with each cell's ring, 1 the outermost.
struct LetterSpiral {
    path: Vec<CellId>,
    island: Vec<CellId>,
    depths: Vec<(CellId, usize)>,
    rings: usize,
}

/// Finds the spiral, if any, whose letters give exactly the board's tokens on its zone.
fn letter_spiral(board: &Board) -> Option<LetterSpiral> {
    let layout = board.layout();
    let zone = layout.zones.iter().find(|z| z.spiral.is_some())?;
    let path = spiral_paths(layout, zone, &board.terrain)
        .into_iter()
        .find(|path| {
            let mut laid = board.numbers.clone();
            lay_spiral(zone, path, &board.terrain, &mut laid);
            laid == board.numbers
        })?;
    let island = match zone.letter {
        Some(letter) => layout.zone_cells(letter),
        None => zone.cells.clone(),
    };
    let depths = ring_depths(layout, &island);
    let rings = depths.iter().map(|&(_, d)| d).max().unwrap_or(0);
    Some(LetterSpiral {
        path,
        island,
        depths,
        rings,
    })
}

impl LetterSpiral {
    fn ring(&self, depth: usize) -> Part {
        Part {
            unit: Unit::Ring,
            index: depth,
            count: self.rings,
        }
    }
}

/// `laid` split into the spiral island's rings (outside in, each clockwise from the top,
/// round the island's own middle) and what is left.
fn rings(
    view: &TurnedLayout,
    spiral: &LetterSpiral,
    laid: &[CellId],
) -> (Vec<(Part, Vec<CellId>)>, Vec<CellId>) {
    let island = view.centred_on(&spiral.island);
    let rings = (1..=spiral.rings)
        .map(|depth| {
            let mut cells: Vec<CellId> = spiral
                .depths
                .iter()
                .filter(|&&(c, d)| d == depth && laid.contains(&c))
                .map(|&(c, _)| c)
                .collect();
            island.clockwise(&mut cells, |&c| (view.layout.cells[c].center(), 1));
            (spiral.ring(depth), cells)
        })
        .filter(|(_, cells)| !cells.is_empty())
        .collect();
    let rest = laid
        .iter()
        .copied()
        .filter(|c| !spiral.island.contains(c))
        .collect();
    (rings, rest)
}

/// The rows holding any of `cells`, with only those, numbered among all the board's rows.
fn by_rows(rows: &[Vec<CellId>], cells: &[CellId]) -> Vec<(Part, Vec<CellId>)> {
    rows.iter()
        .enumerate()
        .map(|(at, row)| {
            (
                Part {
                    unit: Unit::Row,
                    index: at + 1,
                    count: rows.len(),
                },
                row.iter().copied().filter(|c| cells.contains(c)).collect(),
            )
        })
        .filter(|(_, cells): &(Part, Vec<CellId>)| !cells.is_empty())
        .collect()
}

/// The token steps: along the spiral ring by ring in letter order, then the other tokens
/// (or all, without a spiral) row by row; fog tokens wait in their stack.
fn tokens(
    board: &Board,
    rows: &[Vec<CellId>],
    fog: &[CellId],
    spiral: Option<&LetterSpiral>,
) -> Vec<Step> {
    let token = |cell: CellId, letter: Option<usize>| {
        board.numbers[cell].map(|number| Token {
            cell,
            number,
            letter,
        })
    };
    let mut steps = Vec::new();
    let mut on_spiral: Vec<CellId> = Vec::new();
    if let Some(spiral) = spiral {
        let lettered: Vec<Token> = spiral
            .path
            .iter()
            .filter_map(|&c| token(c, None))
            .enumerate()
            .map(|(letter, t)| Token {
                letter: Some(letter),
                ..t
            })
            .collect();
        on_spiral = spiral.path.clone();
        for depth in 1..=spiral.rings {
            let ring: Vec<Token> = lettered
                .iter()
                .copied()
                .filter(|t| spiral.depths.contains(&(t.cell, depth)))
                .collect();
            if !ring.is_empty() {
                steps.push(Step::Tokens {
                    part: spiral.ring(depth),
                    tokens: ring,
                });
            }
        }
    }
    let rest: Vec<CellId> = rows
        .iter()
        .flatten()
        .copied()
        .filter(|c| !fog.contains(c) && !on_spiral.contains(c))
        .filter(|&c| board.numbers[c].is_some())
        .collect();
    for (part, cells) in by_rows(rows, &rest) {
        steps.push(Step::Tokens {
            part,
            tokens: cells.iter().filter_map(|&c| token(c, None)).collect(),
        });
    }
    steps
}

/// The tokens stacked on `cell`'s own (the Rivers of Catan's: traders-barbarians.md, "set
/// the 2 aside, place the rest normally, then put the 2 on the same hex as the 12").
fn stacked_tokens(board: &Board, cell: CellId) -> impl Iterator<Item = Token> + '_ {
    board
        .second_numbers()
        .into_iter()
        .filter(move |&(c, _)| c == cell)
        .map(|(cell, number)| Token {
            cell,
            number,
            letter: None,
        })
}

/// The fog stacks. The Fog Islands' fog hexes are not laid out: they are shuffled face down
/// into a stack beside the board, their tokens into another, and a hex is drawn when a road
/// or ship reaches an empty fog space (seafarers-scenarios.md: "fog hexes stay face down
/// until reached"; the Seafarers rules' set-up lists the face-up and the face-down hexes
/// and tokens apart, as a player's report of the printed set-up shows:
/// settlers-of-catan.blogspot.com, December 2014, "Seafarers: Fog Island, different layout").
fn fog_stacks(board: &Board, cells: Vec<CellId>) -> Step {
    let hexes = tally(cells.iter().map(|&c| board.terrain[c]));
    let tokens = tally(cells.iter().flat_map(|&c| {
        board.numbers[c]
            .into_iter()
            .chain(stacked_tokens(board, c).map(|t| t.number))
    }));
    Step::Fog {
        cells,
        hexes,
        tokens,
    }
}

/// The rivers with their hexes (those with a side on the river), source first: by the last
/// of the river's edges, in flow order, each touches. A hex on two rivers goes with the first.
fn rivers(board: &Board) -> Vec<River> {
    let layout = board.layout();
    let mut placed: Vec<CellId> = Vec::new();
    layout
        .rivers
        .iter()
        .map(|edges| {
            let mut last_edge: Vec<(CellId, usize)> = Vec::new();
            for (at, &edge) in edges.iter().enumerate() {
                for cell in places::edge_cells(layout, edge) {
                    match last_edge.iter_mut().find(|(c, _)| *c == cell) {
                        Some(seen) => seen.1 = at,
                        None if !placed.contains(&cell) => last_edge.push((cell, at)),
                        None => {}
                    }
                }
            }
            order::sort_by_key(&mut last_edge, |&(_, at)| at);
            placed.extend(last_edge.iter().map(|&(c, _)| c));
            River {
                tiles: last_edge
                    .iter()
                    .map(|&(cell, _)| Tile {
                        cell,
                        terrain: board.terrain[cell],
                    })
                    .collect(),
                edges: edges.clone(),
            }
        })
        .collect()
}

/// One step for each kind of printed piece on the table, kinds in the order the layout
/// lists them (corner pieces, then edge pieces, each as the board file writes them), pieces
/// clockwise from the top.
fn printed_pieces(view: &TurnedLayout, players: usize) -> Vec<Step> {
    let layout = view.layout;
    let mut kinds: Vec<PieceKind> = Vec::new();
    for piece in &layout.pieces {
        if !kinds.contains(&piece.kind) {
            kinds.push(piece.kind);
        }
    }
    kinds
        .into_iter()
        .filter_map(|kind| {
            let mut pieces: Vec<Piece> = layout
                .pieces_of(kind)
                .filter(|p| serves(p, players))
                .cloned()
                .collect();
            view.clockwise(&mut pieces, |p| places::piece_point(layout, p));
            (!pieces.is_empty()).then_some(Step::Pieces { kind, pieces })
        })
        .collect()
}

/// Places on the board that the guide needs and the layout does not list: an edge's cells,
/// the middle of a set of corners or of a printed piece.
mod places {
    use crate::catalogue::{Layout, Piece};
    use crate::geometry::LatticePoint;
    use crate::model::{CellId, CornerId, EdgeId};

    pub fn edge_corners(layout: &Layout, edge: EdgeId) -> [CornerId; 2] {
        let (a, b) = layout.topology.edges[edge];
        [a, b]
    }

    /// The cells with `edge` as a side (one or two).
    pub fn edge_cells(layout: &Layout, edge: EdgeId) -> Vec<CellId> {
        let [a, b] = edge_corners(layout, edge);
        layout.topology.corner_cells[a]
            .iter()
            .copied()
            .filter(|c| layout.topology.corner_cells[b].contains(c))
            .collect()
    }

    /// The sum of `corners`' points and how many: a place for `TurnedLayout::clockwise`.
    pub fn corners_sum(layout: &Layout, corners: &[CornerId]) -> (LatticePoint, i64) {
        let sum = corners.iter().map(|&c| layout.topology.corners[c]).fold(
            LatticePoint { x: 0, y: 0 },
            |s, p| LatticePoint {
                x: s.x + p.x,
                y: s.y + p.y,
            },
        );
        (sum, corners.len() as i64)
    }

    /// Where a printed piece stands: its corner, or the middle of its edge.
    pub fn piece_point(layout: &Layout, piece: &Piece) -> (LatticePoint, i64) {
        match (piece.corner, piece.edge) {
            (Some(c), _) => corners_sum(layout, &[c]),
            (None, Some(e)) => corners_sum(layout, &edge_corners(layout, e)),
            (None, None) => (LatticePoint { x: 0, y: 0 }, 1),
        }
    }
}

#[cfg(test)]
mod tests;
