//! The build guide worded: [`Guide::for_table`]'s steps in a language ([`ShownGuide`]: a
//! title, and each step's heading, one line an item and the cells to light). The guide's
//! sentences come from its own table (`guide_words.rs`), the names of the board, terrain,
//! harbours and pieces from the page's, so the guide says them as the board on screen does.
//! The page's play worker words it in the page's language and sends it as markup
//! (`src/app/guide_text.rs`); `hexfair guide` prints it in English.

use std::fmt::Display;

use crate::guide_words::{GuideKey, GuideWords};
use crate::names;
use crate::picture_words;
use crate::table::{Key, Words};
use hexfair::board::Board;
use hexfair::catalogue::{LayoutId, PieceKind};
use hexfair::guide::{
    token_letter, Contents, Guide, GuideError, Part, Special, Spot, Step, Token, Unit,
};
use hexfair::model::{CellId, Expansion, HarbourKind, Terrain};

/// A build guide worded: its title and its steps.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownGuide {
    pub title: String,
    pub steps: Vec<ShownStep>,
}

/// One screen of the guide: what it is ("Terrain, row 3 of 7"), what to place, one line an
/// item, and the board's cells it places something on (cell indices, lit on the board).
#[derive(Clone, Debug, PartialEq)]
pub struct ShownStep {
    pub heading: String,
    pub lines: Vec<String>,
    pub cells: Vec<u32>,
}

/// The guide of `board` for its table, worded: the steps are [`Guide::for_table`]'s, its
/// sentences `said`'s, the names of the board, terrain, harbours and pieces `words`'s.
pub fn word_guide(
    guide: &Guide,
    board: &Board,
    expansion: Expansion,
    words: &Words,
    said: &GuideWords,
) -> ShownGuide {
    Wording {
        guide,
        board,
        expansion,
        words,
        said,
    }
    .shown()
}

/// Why a board has no guide for its table, as a sentence.
pub fn guide_refusal(words: &Words, said: &GuideWords, error: &GuideError) -> String {
    match error {
        GuideError::Players { players, board } => {
            let seats = board.seats();
            let key = if seats.start() == seats.end() {
                GuideKey::PlayersOnlyFor
            } else {
                GuideKey::PlayersNotFor
            };
            said.fill(
                key,
                &[
                    ("board", &names::board_title(words, *board)),
                    ("low", seats.start()),
                    ("high", seats.end()),
                    ("players", players),
                ],
            )
        }
    }
}

/// What words a guide: the guide, its board and the table's game, the page's words and the
/// guide's.
struct Wording<'a> {
    guide: &'a Guide,
    board: &'a Board,
    expansion: Expansion,
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
        ShownGuide {
            title: self.title(),
            steps: self.guide.steps.iter().map(|s| self.step(s)).collect(),
        }
    }

    /// "Setting up the base game for 4 players", "Setting up Fog Islands for 3 players",
    /// "... with Cities & Knights ...": the board named once, without the players its title
    /// gives ("Base game (3-4 players)"), beside the table's own.
    fn title(&self) -> String {
        let layout = self.board.layout;
        let cities = self.expansion == Expansion::CitiesAndKnights;
        let key = match (layout, cities) {
            (LayoutId::Base, false) => GuideKey::TitleBase,
            (LayoutId::Base, true) => GuideKey::TitleBaseCities,
            (LayoutId::FiveSix, false) => GuideKey::TitleFiveSix,
            (LayoutId::FiveSix, true) => GuideKey::TitleFiveSixCities,
            (_, false) => GuideKey::Title,
            (_, true) => GuideKey::TitleCities,
        };
        self.fill(
            key,
            &[
                ("board", &names::board_name(self.words, layout)),
                ("cities", &self.words.get(Key::CitiesKnights)),
                ("players", &self.guide.players),
            ],
        )
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
            Step::Pieces { kind, pieces } => {
                (
                    self.fill(GuideKey::PiecesOfKind, &[("kind", &self.kind(*kind))]),
                    pieces
                        .iter()
                        .map(|p| {
                            // A numbered piece as the board on screen names it, one without
                            // a number by its kind: the page's "no starting settlement
                            // here" is a title, not a name to place.
                            let piece = match p.number {
                                Some(n) => picture_words::piece_name(self.words, p.kind, p.number)
                                    .unwrap_or_else(|| format!("{}, {n}", self.kind(p.kind))),
                                None => self.kind(p.kind),
                            };
                            self.item_where(&piece, self.guide.piece_spot(p))
                        })
                        .collect(),
                )
            }
            Step::CitiesAndKnights => (
                self.words.get(Key::CitiesKnights).into(),
                vec![
                    self.said.get(GuideKey::BarbarianTile).into(),
                    self.said.get(GuideKey::CityStart).into(),
                ],
            ),
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
                Special::BarbarianTile => self.said.get(GuideKey::KindBarbarianTile).to_string(),
                Special::Printed(kind) => self.kind(kind),
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
        picture_words::terrain_name(self.words, terrain)
    }

    fn harbour(&self, kind: HarbourKind) -> String {
        picture_words::harbour_name(self.words, kind)
    }

    /// A kind of printed piece, as the box and a heading name it.
    fn kind(&self, kind: PieceKind) -> String {
        self.said.get(kind_key(kind)).to_string()
    }
}

/// The guide's name of a kind of printed piece.
pub fn kind_key(kind: PieceKind) -> GuideKey {
    match kind {
        PieceKind::Village => GuideKey::KindVillage,
        PieceKind::StartSettlement => GuideKey::KindStartSettlement,
        PieceKind::StartShip => GuideKey::KindStartShip,
        PieceKind::Fortress => GuideKey::KindFortress,
        PieceKind::NoStart => GuideKey::KindNoStart,
        PieceKind::VictoryPoint => GuideKey::KindVictoryPoint,
        PieceKind::DevelopmentCard => GuideKey::KindDevelopmentCard,
        PieceKind::Wasteland => GuideKey::KindWasteland,
        PieceKind::Strait => GuideKey::KindStrait,
    }
}
