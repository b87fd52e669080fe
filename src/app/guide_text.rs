//! The build guide in the page's language, worded in the play worker: a [`GuideRequest`]
//! (the board as a share token, the table, the turn on screen, the page's language and its
//! words) in, the guide's steps as the page shows them out ([`ShownGuide`]: a heading, one
//! line an item, the cells to light). The steps are [`Guide::new`]'s, each worded with what
//! the command line's English says of it (`src/guide/text.rs`): the guide's sentences from its
//! own table (`guide_words.rs`), the names of the board, terrain, harbours and pieces from the
//! page's, so the guide says them as the board on screen does. Plain Rust, so its tests run
//! natively (`src/lib.rs`).

use std::fmt::Display;

use super::guide_words::{guide_words, GuideKey, GuideWords};
use super::names;
use super::words::{Key, Lang, Words};
use crate::board::Board;
use crate::guide::{
    token_letter, Contents, Guide, GuideError, Part, Special, Spot, Step, Token, Unit,
};
use crate::model::{CellId, HarbourKind, Terrain};
use crate::play_protocol::{FromPlayer, GuideRequest, ShownGuide, ShownStep};
use crate::share;

/// The worker's answer to a guide request: the guide, or why there is none, in words.
pub fn reply(request: &GuideRequest) -> FromPlayer {
    FromPlayer::Guide {
        id: request.id,
        guide: shown_guide(request),
    }
}

/// The guide a request asks for, worded, or why there is none in the page's language (in
/// English when the language itself is unknown).
pub fn shown_guide(request: &GuideRequest) -> Result<ShownGuide, String> {
    // The page sends no words for English, which the worker has compiled in.
    let (lang, known) = if request.words.is_empty() {
        (Lang::En, true)
    } else {
        match Lang::parse(&request.lang) {
            Some(lang) => (lang, true),
            None => (Lang::En, false),
        }
    };
    let said = guide_words(lang)?;
    if !known {
        return Err(said.fill(GuideKey::NoSuchLanguage, &[("code", &request.lang)]));
    }
    let words = if lang == Lang::En {
        Words::english()
    } else {
        Words::read(lang, request.words.iter().cloned().map(Some)).map_err(|e| {
            said.fill(
                GuideKey::WordsIncomplete,
                &[("texts", &e.texts), ("wanted", &e.wanted)],
            )
        })?
    };
    let link = share::decode_token(&request.token)
        .map_err(|e| said.fill(GuideKey::BadLink, &[("why", &e.0)]))?;
    let board = link
        .board
        .ok_or_else(|| said.get(GuideKey::NoBoard).to_string())?;
    let guide = Guide::new(&board, request.players, request.turns).map_err(|e| match e {
        GuideError::Players { players, board } => {
            let seats = board.seats();
            said.fill(
                GuideKey::PlayersNotFor,
                &[
                    ("board", &names::board_title(&words, board)),
                    ("low", seats.start()),
                    ("high", seats.end()),
                    ("players", &players),
                ],
            )
        }
    })?;
    Ok(Wording {
        guide: &guide,
        board: &board,
        words: &words,
        said: &said,
    }
    .shown())
}

/// What words a guide: the guide, its board, the page's words and the guide's.
struct Wording<'a> {
    guide: &'a Guide,
    board: &'a Board,
    words: &'a Words,
    said: &'a GuideWords,
}

/// A hex's sides as [`Spot`] counts them: clockwise from east.
const SIDES: [GuideKey; 6] = [
    GuideKey::SideEast,
    GuideKey::SideSouthEast,
    GuideKey::SideSouthWest,
    GuideKey::SideWest,
    GuideKey::SideNorthWest,
    GuideKey::SideNorthEast,
];

/// A hex's corners as [`Spot`] counts them: clockwise from the top.
const CORNERS: [GuideKey; 6] = [
    GuideKey::CornerNorth,
    GuideKey::CornerNorthEast,
    GuideKey::CornerSouthEast,
    GuideKey::CornerSouth,
    GuideKey::CornerSouthWest,
    GuideKey::CornerNorthWest,
];

impl Wording<'_> {
    fn shown(&self) -> ShownGuide {
        let title = self.said.fill(
            GuideKey::Title,
            &[
                ("board", &names::board_title(self.words, self.board.layout)),
                ("players", &self.guide.players),
            ],
        );
        ShownGuide {
            title,
            steps: self.guide.steps.iter().map(|s| self.step(s)).collect(),
        }
    }

    fn fill(&self, key: GuideKey, slots: &[(&str, &dyn Display)]) -> String {
        self.said.fill(key, slots)
    }

    fn step(&self, step: &Step) -> ShownStep {
        let (heading, lines) = match step {
            Step::SortBox(contents) => (
                self.said.get(GuideKey::SortBox).into(),
                self.sort_box(contents),
            ),
            Step::Frame { spaces } => (
                self.said.get(GuideKey::Frame).into(),
                vec![self.fill(GuideKey::FrameSpaces, &[("count", &spaces.len())])],
            ),
            Step::Harbours { harbours } => (
                self.said.get(GuideKey::Harbours).into(),
                harbours
                    .iter()
                    .map(|h| {
                        self.item_where(
                            &self.harbour(h.kind),
                            self.guide.beyond(h.spot.faces, h.spot.sea),
                        )
                    })
                    .collect(),
            ),
            Step::Rivers { rivers } => (
                self.said.get(GuideKey::Rivers).into(),
                rivers
                    .iter()
                    .enumerate()
                    .map(|(at, river)| {
                        let tiles: Vec<String> = river
                            .tiles
                            .iter()
                            .map(|t| self.item_at(&self.terrain(t.terrain), &self.place(t.cell)))
                            .collect();
                        self.fill(
                            GuideKey::RiverTiles,
                            &[("n", &(at + 1)), ("tiles", &tiles.join(", "))],
                        )
                    })
                    .collect(),
            ),
            Step::Terrain { part, tiles } => (
                self.part(part, GuideKey::TerrainRow, GuideKey::TerrainRing),
                tiles
                    .iter()
                    .map(|t| self.item_at(&self.terrain(t.terrain), &self.within(part, t.cell)))
                    .collect(),
            ),
            Step::Tokens { part, tokens } => (
                self.part(part, GuideKey::TokensRow, GuideKey::TokensRing),
                tokens
                    .iter()
                    .map(|t| self.item_at(&self.token(t), &self.within(part, t.cell)))
                    .collect(),
            ),
            Step::StackedTokens { tokens } => (
                self.said.get(GuideKey::StackedTokens).into(),
                tokens
                    .iter()
                    .map(|t| self.item_at(&self.token(t), &self.place(t.cell)))
                    .collect(),
            ),
            Step::Robber { cell } => (
                self.words.get(Key::Robber).into(),
                vec![self.fill(GuideKey::RobberOn, &[("place", &self.place(*cell))])],
            ),
            Step::Pirate { at, cell } => {
                let line = match cell {
                    Some(cell) => {
                        self.fill(GuideKey::PirateOnSea, &[("place", &self.place(*cell))])
                    }
                    None => self.fill(
                        GuideKey::PirateOnFrame,
                        &[("where", &self.spot(self.guide.off_board(*at)))],
                    ),
                };
                (self.words.get(Key::PirateShip).into(), vec![line])
            }
            Step::Fog {
                cells,
                hexes,
                tokens,
            } => {
                let count: usize = hexes.iter().map(|(_, n)| n).sum();
                let hexes: Vec<String> = hexes
                    .iter()
                    .map(|&(t, n)| self.box_count(n, &self.terrain(t)))
                    .collect();
                let lines = vec![
                    self.said
                        .counted(cells.len(), GuideKey::FogSpacesOne, GuideKey::FogSpacesMany),
                    self.fill(
                        GuideKey::FogHexes,
                        &[("count", &count), ("list", &hexes.join(", "))],
                    ),
                    self.fill(GuideKey::FogTokens, &[("list", &self.token_counts(tokens))]),
                ];
                (self.said.get(GuideKey::Fog).into(), lines)
            }
            Step::FishingGrounds { grounds } => (
                self.said.get(GuideKey::FishingGrounds).into(),
                grounds
                    .iter()
                    .map(|g| {
                        self.item_where(&g.number.to_string(), self.guide.beyond(g.faces, g.sea))
                    })
                    .collect(),
            ),
            Step::Pieces { name, pieces } => {
                (
                    self.fill(GuideKey::PiecesOfKind, &[("kind", &self.kind(name))]),
                    pieces
                        .iter()
                        .map(|p| {
                            let piece = names::piece_name(self.words, p.name, p.number)
                                .unwrap_or_else(|| match p.number {
                                    Some(n) => format!("{}, {n}", self.kind(p.name)),
                                    None => self.kind(p.name),
                                });
                            self.item_where(&piece, self.guide.piece_spot(p))
                        })
                        .collect(),
                )
            }
        };
        ShownStep {
            heading,
            lines,
            cells: step.cells().iter().map(|c| c.index() as u32).collect(),
        }
    }

    /// One line for each kind of hex, the tokens on one line, one for each kind of harbour
    /// and of other piece.
    fn sort_box(&self, contents: &Contents) -> Vec<String> {
        let hexes = contents
            .hexes
            .iter()
            .map(|&(t, n)| self.box_count(n, &self.terrain(t)));
        let tokens = (!contents.tokens.is_empty()).then(|| {
            self.fill(
                GuideKey::BoxTokens,
                &[("list", &self.token_counts(&contents.tokens))],
            )
        });
        let harbours = contents.harbours.iter().map(|&(h, n)| {
            let harbour = self
                .words
                .fill(Key::SpotHarbour, &[("harbour", &self.harbour(h))]);
            self.box_count(n, &harbour)
        });
        let pieces = contents.pieces.iter().map(|&(p, n)| {
            let name = match p {
                Special::Robber => self.words.get(Key::Robber).to_string(),
                Special::Pirate => self.words.get(Key::PirateShip).to_string(),
                Special::FishingGround => self.said.get(GuideKey::KindFishingGround).to_string(),
                Special::Printed(name) => self.kind(name),
            };
            self.box_count(n, &name)
        });
        hexes.chain(tokens).chain(harbours).chain(pieces).collect()
    }

    /// "Terrain, row 3 of 7, left to right" or its ring.
    fn part(&self, part: &Part, row: GuideKey, ring: GuideKey) -> String {
        let key = match part.unit {
            Unit::Row => row,
            Unit::Ring => ring,
        };
        self.fill(key, &[("index", &part.index), ("count", &part.count)])
    }

    /// Where a cell is: its place in the row a row step lays, else its row and place.
    fn within(&self, part: &Part, cell: CellId) -> String {
        match (part.unit, self.guide.place(cell)) {
            (Unit::Row, Some((row, at))) if row == part.index => {
                self.fill(GuideKey::PlaceInRow, &[("place", &at)])
            }
            _ => self.place(cell),
        }
    }

    /// "row 2, hex 3" on the turned board.
    fn place(&self, cell: CellId) -> String {
        match self.guide.place(cell) {
            Some((row, at)) => self.fill(GuideKey::Place, &[("row", &row), ("place", &at)]),
            None => cell.to_string(),
        }
    }

    fn spot(&self, spot: Spot) -> String {
        match spot {
            Spot::Beyond { side, cell } => self.fill(
                GuideKey::Beyond,
                &[
                    ("side", &self.said.get(SIDES[side])),
                    ("place", &self.place(cell)),
                ],
            ),
            Spot::By { cell } => self.fill(GuideKey::By, &[("place", &self.place(cell))]),
            Spot::Corner { corner, cell } => self.fill(
                GuideKey::AtCorner,
                &[
                    ("corner", &self.said.get(CORNERS[corner])),
                    ("place", &self.place(cell)),
                ],
            ),
            Spot::Side { side, cell } => self.fill(
                GuideKey::OnSide,
                &[
                    ("side", &self.said.get(SIDES[side])),
                    ("place", &self.place(cell)),
                ],
            ),
            Spot::Away => self.said.get(GuideKey::BesideBoard).to_string(),
        }
    }

    fn item_at(&self, item: &str, place: &str) -> String {
        self.fill(GuideKey::ItemAt, &[("item", &item), ("place", &place)])
    }

    fn item_where(&self, item: &str, spot: Spot) -> String {
        self.fill(
            GuideKey::ItemWhere,
            &[("item", &item), ("where", &self.spot(spot))],
        )
    }

    fn box_count(&self, count: usize, item: &str) -> String {
        self.fill(GuideKey::BoxCount, &[("count", &count), ("item", &item)])
    }

    /// "5", or "A: 5" with its letter on a letter-spiral board.
    fn token(&self, token: &Token) -> String {
        match token.letter {
            Some(letter) => self.fill(
                GuideKey::Lettered,
                &[("letter", &token_letter(letter)), ("number", &token.number)],
            ),
            None => token.number.to_string(),
        }
    }

    /// "2, 3 ×2, 4 ×2".
    fn token_counts(&self, tokens: &[(u8, usize)]) -> String {
        let items: Vec<String> = tokens
            .iter()
            .map(|&(number, count)| match count {
                1 => number.to_string(),
                _ => self.fill(
                    GuideKey::TokenCount,
                    &[("number", &number), ("count", &count)],
                ),
            })
            .collect();
        items.join(", ")
    }

    fn terrain(&self, terrain: Terrain) -> String {
        names::terrain_name(self.words, terrain.name())
    }

    fn harbour(&self, kind: HarbourKind) -> String {
        names::harbour_name(self.words, &kind.label())
    }

    /// A kind of printed piece (its board-file name), as the box and a heading name it.
    fn kind(&self, name: &str) -> String {
        let key = match name {
            "village" => GuideKey::KindVillage,
            "start-settlement" => GuideKey::KindStartSettlement,
            "start-ship" => GuideKey::KindStartShip,
            "fortress" => GuideKey::KindFortress,
            "no-start" => GuideKey::KindNoStart,
            "victory-point" => GuideKey::KindVictoryPoint,
            "development-card" => GuideKey::KindDevelopmentCard,
            "wasteland" => GuideKey::KindWasteland,
            "strait" => GuideKey::KindStrait,
            // A kind a board file may name that the guide has no words for yet.
            _ => return name.replace('-', " "),
        };
        self.said.get(key).to_string()
    }
}
