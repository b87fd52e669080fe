//! The build guide in the page's language, worded in the play worker: a [`GuideRequest`]
//! (the board as a share token, the table, the turn on screen, the page's language and its
//! words) in, the guide's steps as the page shows them out ([`ShownGuide`]: a heading, one
//! line an item, the cells to light), sent as the markup the page shows ([`WrittenGuide`]:
//! each step's, and the print sheet's checklist). The steps are [`Guide::new`]'s, each worded with what
//! the command line's English says of it (`crates/engine/src/guide/text.rs`): the guide's sentences from its
//! own table (`guide_words.rs`), the names of the board, terrain, harbours and pieces from the
//! page's, so the guide says them as the board on screen does. Plain Rust, so its tests run
//! natively (`src/app/mod.rs`).

use std::fmt::Display;

use super::guide_words::{guide_words, GuideKey, GuideWords};
use super::names;
use super::picture_words;
use super::protocol::play::{FromPlayer, GuideRequest, WrittenGuide};
use super::words::{Key, Lang, Words};
use hexfair::board::Board;
use hexfair::catalogue::{LayoutId, PieceKind};
use hexfair::guide::{
    token_letter, Contents, Guide, GuideError, Part, Special, Spot, Step, Token, Unit,
};
use hexfair::model::{CellId, Expansion, HarbourKind, Terrain};
use hexfair::share;

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

/// The worker's answer to a guide request: the guide as the page shows it, or why there is
/// none, in words.
pub fn reply(request: &GuideRequest) -> FromPlayer {
    let written = worded(request).map(|(shown, said)| markup(&shown, &said));
    FromPlayer::Guide(request.id, written)
}

/// The guide a request asks for, worded, or why there is none in the page's language (in
/// English when the language itself is unknown).
pub fn shown_guide(request: &GuideRequest) -> Result<ShownGuide, String> {
    worded(request).map(|(shown, _)| shown)
}

/// The guide as the page shows it: each step's title, "Step 3 of 12", heading and lines, and
/// the checklist of every step for the print sheet, every text escaped.
pub fn markup(shown: &ShownGuide, said: &GuideWords) -> WrittenGuide {
    let title = escape(&shown.title);
    let count = shown.steps.len();
    let steps = shown
        .steps
        .iter()
        .enumerate()
        .map(|(at, step)| {
            let place = said.fill(GuideKey::StepOf, &[("step", &(at + 1)), ("count", &count)]);
            let lines: String = step
                .lines
                .iter()
                .map(|line| format!("<li>{}</li>", escape(line)))
                .collect();
            // The title on the first step only: later steps give the room to their lines.
            let title = match at {
                0 => format!("<p class=\"guide-title\">{title}</p>"),
                _ => String::new(),
            };
            let markup = format!(
                "{title}<p class=\"guide-count\" data-testid=\"guide-count\">{}</p>\
                 <h2 data-testid=\"guide-heading\">{}</h2>\
                 <ul class=\"guide-lines\" data-testid=\"guide-lines\">{lines}</ul>",
                escape(&place),
                escape(&step.heading)
            );
            (markup, step.cells.clone())
        })
        .collect();
    let checklist: String = shown
        .steps
        .iter()
        .map(|step| {
            let what = match step.lines.as_slice() {
                [] => step.heading.clone(),
                lines => format!("{}: {}", step.heading, lines.join("; ")),
            };
            format!("<li>{}</li>", escape(&what))
        })
        .collect();
    WrittenGuide(
        steps,
        format!(
            "<h2>{} · {title}</h2><ol>{checklist}</ol>",
            escape(said.get(GuideKey::Checklist))
        ),
    )
}

/// `text` as markup shows it: the five characters markup reads escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The guide a request asks for, worded, with the guide's words in its language; or why
/// there is none.
fn worded(request: &GuideRequest) -> Result<(ShownGuide, GuideWords), String> {
    let Some(lang) = Lang::parse(&request.lang) else {
        let said = guide_words(Lang::En)?;
        return Err(said.fill(GuideKey::NoSuchLanguage, &[("code", &request.lang)]));
    };
    let said = guide_words(lang)?;
    // The page's words come with every request, English too: the worker does not carry the
    // page's English table (20 KB of its wasm, 7 KB gzip).
    let texts = request
        .words
        .split_terminator('\0')
        .map(|t| Some(t.to_string()));
    let words = Words::read(lang, texts).map_err(|e| {
        said.fill(
            GuideKey::WordsIncomplete,
            &[("texts", &e.texts), ("wanted", &e.wanted)],
        )
    })?;
    let link = share::decode_token(&request.token)
        .map_err(|e| said.fill(GuideKey::BadLink, &[("why", &e.english())]))?;
    // Board tokens always carry their board (`share::decode_token`); a seed link's board
    // would be the generator's to rebuild, which the guide does not do.
    let board = link
        .board
        .ok_or_else(|| said.fill(GuideKey::BadLink, &[("why", &"no board")]))?;
    let expansion = link.settings.expansion;
    let guide = Guide::for_table(&board, request.players, request.turns, expansion).map_err(
        |e| match e {
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
                        ("board", &names::board_title(&words, board)),
                        ("low", seats.start()),
                        ("high", seats.end()),
                        ("players", &players),
                    ],
                )
            }
        },
    )?;
    let shown = Wording {
        guide: &guide,
        board: &board,
        expansion,
        words: &words,
        said: &said,
    }
    .shown();
    Ok((shown, said))
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
fn kind_key(kind: PieceKind) -> GuideKey {
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

#[cfg(test)]
mod tests {
    use super::super::words::checks::table_file;
    use super::*;
    use hexfair::balance::search::Mode;
    use hexfair::catalogue::{Layout, LayoutId};
    use hexfair::generate::{generate, NumberMode, Settings};
    use hexfair::rules::RuleSet;

    /// The page's words in `lang` as the page sends them: every text in the keys' order,
    /// each ended by a NUL.
    fn page_words(lang: Lang) -> String {
        if lang == Lang::En {
            return Words::english().joined();
        }
        let words: Words = table_file("lang/{code}", lang);
        words.joined()
    }

    fn request(token: &str, players: usize, turns: usize, lang: Lang) -> GuideRequest {
        GuideRequest {
            id: 9,
            token: token.to_string(),
            players,
            turns,
            lang: lang.code().to_string(),
            words: page_words(lang),
        }
    }

    /// Each board of the catalogue, generated with random numbers and, where it has one,
    /// on its letter spiral, with its token.
    fn boards() -> Vec<(Board, String)> {
        let mut out = Vec::new();
        for layout in LayoutId::every() {
            let mut modes = vec![NumberMode::Random];
            if Layout::get(layout).has_spiral() {
                modes.push(NumberMode::Spiral);
            }
            for numbers in modes {
                let mut settings = Settings::new(layout, RuleSet::default());
                settings.numbers = numbers;
                let board = generate(&settings, 11).expect("a board");
                let seats = *layout.seats().end();
                let token = share::board_token_seated(&settings, Mode::Random, 11, &board, seats);
                out.push((board, token));
            }
        }
        out
    }

    /// Every text a guide shows.
    fn all_text(shown: &ShownGuide) -> Vec<&str> {
        let mut out = vec![shown.title.as_str()];
        for step in &shown.steps {
            out.push(&step.heading);
            out.extend(step.lines.iter().map(String::as_str));
        }
        out
    }

    /// A text's words, lower case, split at everything but letters.
    fn words_of(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    }

    /// Two words running in the English guide table, between its slots: a sentence left
    /// untranslated shows at least one of them.
    fn english_pairs() -> Vec<(String, String)> {
        let english = GuideWords::english();
        let mut pairs = Vec::new();
        for &key in GuideKey::ALL {
            for piece in english.get(key).split(['{', '}']) {
                let words = words_of(piece);
                pairs.extend(words.windows(2).map(|w| (w[0].clone(), w[1].clone())));
            }
        }
        pairs
    }

    /// English words of the guide that are no word in German, Spanish or French.
    const ENGLISH_ONLY: &[&str] = &[
        "the",
        "clockwise",
        "row",
        "tokens",
        "token",
        "harbour",
        "harbours",
        "frame",
        "put",
        "box",
        "beyond",
        "side",
        "corner",
        "hex",
        "hexes",
        "shuffle",
        "leave",
        "sea",
        "take",
        "stack",
        "river",
        "fishing",
        "ground",
        "grounds",
        "setting",
        "players",
        "left",
        "right",
        "outside",
        "letter",
        "ship",
        "starting",
        "wasteland",
        "strait",
        "build",
    ];

    fn assert_no_english(lang: Lang, texts: &[&str], pairs: &[(String, String)]) {
        for text in texts {
            let words = words_of(text);
            for word in &words {
                assert!(
                    !ENGLISH_ONLY.contains(&word.as_str()),
                    "{}: English {word:?} in {text:?}",
                    lang.code()
                );
            }
            for pair in words.windows(2) {
                assert!(
                    !pairs.contains(&(pair[0].clone(), pair[1].clone())),
                    "{}: English {:?} in {text:?}",
                    lang.code(),
                    pair
                );
            }
        }
    }

    #[test]
    fn every_board_at_every_table_is_worded_in_every_language() {
        let pairs = english_pairs();
        for (board, token) in boards() {
            for players in board.layout.seats() {
                for (lang, turns) in Lang::ALL.into_iter().zip([0, 1, 3, 5]) {
                    let guide = Guide::new(&board, players, turns).unwrap();
                    let asked = request(&token, players, turns, lang);
                    let shown =
                        shown_guide(&asked).unwrap_or_else(|e| panic!("{}: {e}", board.layout));
                    let texts = asked.words.split_terminator('\0');
                    let words = Words::read(lang, texts.map(|t| Some(t.to_string())))
                        .unwrap_or_else(|_| Words::english());
                    // The board named once, its players the table's: no "(3-4 players)".
                    let name = names::board_name(&words, board.layout);
                    let count = |text: &str| text.matches(&players.to_string()).count();
                    let (named, in_name) = match board.layout {
                        LayoutId::Base => (true, 0),
                        // "5-6 player extension"
                        LayoutId::FiveSix => (true, 1),
                        _ => (shown.title.contains(&name), count(&name)),
                    };
                    assert!(named, "{}", shown.title);
                    assert_eq!(count(&shown.title), 1 + in_name, "{}", shown.title);
                    assert_eq!(shown.steps.len(), guide.steps.len(), "{}", board.layout);
                    for (step, shown_step) in guide.steps.iter().zip(&shown.steps) {
                        assert!(!shown_step.heading.is_empty(), "{step:?}");
                        assert!(!shown_step.lines.is_empty(), "{step:?}");
                        assert!(shown_step.lines.iter().all(|l| !l.is_empty()), "{step:?}");
                        let cells: Vec<u32> =
                            step.cells().iter().map(|c| c.index() as u32).collect();
                        assert_eq!(shown_step.cells, cells, "{step:?}");
                    }
                    let text = all_text(&shown);
                    assert!(text.iter().all(|t| !t.contains(['{', '}'])), "{text:?}");
                    if lang != Lang::En {
                        assert_no_english(lang, &text, &pairs);
                    }
                }
            }
        }
    }

    /// A Cities & Knights link's guide ends with the barbarian tile and the opening of a
    /// settlement and a city, in every language (no English left), on screen and on the
    /// print sheet's checklist; the same board's base-game link has neither.
    #[test]
    fn a_cities_and_knights_guide_ends_with_the_barbarian_tile_and_the_city_start() {
        let pairs = english_pairs();
        for layout in [LayoutId::Base, LayoutId::FiveSix] {
            let mut settings = Settings::new(layout, RuleSet::default());
            let base_board = generate(&settings, 11).expect("a board");
            let seats = *layout.seats().end();
            let base = share::board_token_seated(&settings, Mode::Random, 11, &base_board, seats);
            settings.expansion = hexfair::model::Expansion::CitiesAndKnights;
            let board = generate(&settings, 11).expect("a board");
            assert_eq!(board, base_board, "the same board under C&K");
            let token = share::board_token_seated(&settings, Mode::Random, 11, &board, seats);
            for lang in Lang::ALL {
                let words: Words = match lang {
                    Lang::En => Words::english(),
                    _ => table_file("lang/{code}", lang),
                };
                let said = guide_words(lang).unwrap();
                let shown = shown_guide(&request(&token, seats, 0, lang)).unwrap();
                let without = shown_guide(&request(&base, seats, 0, lang)).unwrap();
                assert_eq!(shown.steps.len(), without.steps.len() + 1);
                // The title says the table plays Cities & Knights; the base game's does not.
                let cities = words.get(Key::CitiesKnights);
                assert!(shown.title.contains(cities), "{}", shown.title);
                assert!(!without.title.contains(cities), "{}", without.title);
                let last = shown.steps.last().unwrap();
                assert_eq!(last.heading, words.get(Key::CitiesKnights));
                assert_eq!(
                    last.lines,
                    [
                        said.get(GuideKey::BarbarianTile),
                        said.get(GuideKey::CityStart)
                    ]
                );
                assert!(last.cells.is_empty(), "beside the board");
                assert!(without.steps.iter().all(|s| s.heading != last.heading));
                if lang != Lang::En {
                    assert_no_english(lang, &all_text(&shown), &pairs);
                }
                let FromPlayer::Guide(_, Ok(written)) = reply(&request(&token, seats, 0, lang))
                else {
                    panic!("{}: no guide", lang.code());
                };
                assert!(
                    written
                        .checklist()
                        .contains(&escape(said.get(GuideKey::BarbarianTile))),
                    "the print sheet: {}",
                    written.checklist()
                );
            }
        }
    }

    #[test]
    fn the_reply_is_each_step_as_markup_with_its_cells_and_the_checklist_of_them_all() {
        let (board, token) = boards().remove(0);
        let players = *board.layout.seats().start();
        for lang in Lang::ALL {
            let asked = request(&token, players, 0, lang);
            let shown = shown_guide(&asked).unwrap();
            let FromPlayer::Guide(id, Ok(written)) = reply(&asked) else {
                panic!("{}: no guide", lang.code());
            };
            assert_eq!(id, asked.id);
            assert_eq!(written.len(), shown.steps.len());
            let said = guide_words(lang).unwrap();
            for (at, step) in shown.steps.iter().enumerate() {
                let (markup, cells) = written.step(at).unwrap();
                assert_eq!(cells, step.cells.as_slice());
                let count = said.fill(
                    GuideKey::StepOf,
                    &[("step", &(at + 1)), ("count", &shown.steps.len())],
                );
                assert!(markup.contains(&escape(&count)), "{markup}");
                assert!(markup.contains(&escape(&step.heading)), "{markup}");
                assert_eq!(markup.matches("<li>").count(), step.lines.len());
            }
            assert_eq!(
                written.checklist().matches("<li>").count(),
                shown.steps.len()
            );
        }
        // What markup would read as markup is escaped.
        assert_eq!(
            escape("<b>\"A & B's\"</b>"),
            "&lt;b&gt;&quot;A &amp; B&#39;s&quot;&lt;/b&gt;"
        );
        let refused = reply(&request(&token, 9, 0, Lang::De));
        assert!(matches!(refused, FromPlayer::Guide(9, Err(_))));
    }

    #[test]
    fn each_line_names_one_placed_piece() {
        let english = Words::english();
        let said = GuideWords::english();
        for (board, token) in boards() {
            let players = *board.layout.seats().start();
            let guide = Guide::new(&board, players, 0).unwrap();
            let shown = shown_guide(&request(&token, players, 0, Lang::En)).unwrap();
            let terrain = |t: Terrain| picture_words::terrain_name(&english, t);
            for (step, shown) in guide.steps.iter().zip(&shown.steps) {
                let lines = &shown.lines;
                let named = |items: Vec<String>| {
                    assert_eq!(lines.len(), items.len(), "{step:?}\n{lines:?}");
                    for (line, item) in lines.iter().zip(&items) {
                        assert!(line.starts_with(item.as_str()), "{line:?}: {item:?}");
                    }
                };
                match step {
                    Step::SortBox(contents) => {
                        let tokens = usize::from(!contents.tokens.is_empty());
                        assert_eq!(
                            lines.len(),
                            contents.hexes.len()
                                + tokens
                                + contents.harbours.len()
                                + contents.pieces.len()
                        );
                        for (t, n) in &contents.hexes {
                            assert!(lines.contains(&format!("{n} × {}", terrain(*t))));
                        }
                    }
                    Step::Terrain { tiles, .. } => {
                        named(tiles.iter().map(|t| terrain(t.terrain)).collect())
                    }
                    Step::Tokens { tokens, .. } | Step::StackedTokens { tokens } => named(
                        tokens
                            .iter()
                            .map(|t| match t.letter {
                                Some(l) => format!("{}: {}", token_letter(l), t.number),
                                None => format!("{} (", t.number),
                            })
                            .collect(),
                    ),
                    Step::Harbours { harbours } => named(
                        harbours
                            .iter()
                            .map(|h| {
                                let harbour = picture_words::harbour_name(&english, h.kind);
                                format!("{harbour} beyond the ")
                            })
                            .collect(),
                    ),
                    Step::Rivers { rivers } => {
                        named((1..=rivers.len()).map(|n| format!("River {n}: ")).collect());
                        for (line, river) in lines.iter().zip(rivers) {
                            assert_eq!(line.matches("(row ").count(), river.tiles.len());
                        }
                    }
                    Step::FishingGrounds { grounds } => named(
                        grounds
                            .iter()
                            .map(|g| format!("{} beyond the ", g.number))
                            .collect(),
                    ),
                    Step::Pieces { pieces, .. } => named(
                        pieces
                            .iter()
                            .map(|p| {
                                let kind = said.get(kind_key(p.kind)).to_string();
                                match p.number {
                                    Some(_) => {
                                        picture_words::piece_name(&english, p.kind, p.number)
                                            .unwrap_or(kind)
                                    }
                                    None => kind,
                                }
                            })
                            .collect(),
                    ),
                    Step::Robber { cell } => {
                        let (row, at) = guide.place(*cell).unwrap();
                        assert_eq!(lines, &[format!("Put the robber on row {row}, hex {at}.")]);
                    }
                    Step::Frame { .. }
                    | Step::Pirate { .. }
                    | Step::Fog { .. }
                    | Step::CitiesAndKnights => assert!(!lines.is_empty()),
                }
            }
        }
    }

    #[test]
    fn a_spiral_base_board_reads_as_the_command_line_says_it() {
        let (board, token) = boards()
            .into_iter()
            .find(|(b, _)| {
                b.layout == LayoutId::Base
                    && Guide::new(b, 4, 0).unwrap().steps.iter().any(
                        |s| matches!(s, Step::Tokens { tokens, .. } if tokens[0].letter.is_some()),
                    )
            })
            .unwrap();
        let guide = Guide::new(&board, 4, 0).unwrap();
        let shown = shown_guide(&request(&token, 4, 0, Lang::En)).unwrap();
        assert_eq!(shown.title, "Setting up the base game for 4 players");
        let sort_box = &shown.steps[0];
        assert_eq!(sort_box.heading, "Take out of the box");
        assert_eq!(
            sort_box.lines,
            [
                "4 × Forest",
                "4 × Pasture",
                "4 × Fields",
                "3 × Hills",
                "3 × Mountains",
                "1 × Desert",
                "Number tokens: 2, 3 ×2, 4 ×2, 5 ×2, 6 ×2, 8 ×2, 9 ×2, 10 ×2, 11 ×2, 12",
                "4 × Harbour 3:1",
                "1 × Harbour 2:1 Lumber",
                "1 × Harbour 2:1 Wool",
                "1 × Harbour 2:1 Grain",
                "1 × Harbour 2:1 Brick",
                "1 × Harbour 2:1 Ore",
                "1 × Robber",
            ]
        );
        assert_eq!(
            shown.steps[1].lines,
            ["Build the frame round the board: 18 sea spaces."]
        );
        let headings: Vec<&str> = shown.steps.iter().map(|s| s.heading.as_str()).collect();
        assert!(headings.contains(&"Harbours, clockwise from the top"));
        assert!(headings.contains(&"Terrain, ring 1 of 3 from the outside, clockwise from the top"));
        let tokens = headings
            .iter()
            .position(|h| *h == "Number tokens, ring 1 of 3 from the outside, in letter order")
            .unwrap();
        let first = &shown.steps[tokens].lines[0];
        assert!(first.starts_with("A: 5 (row "), "{first}");
        // Every line of the command line's text is in the shown guide's words: the same
        // places, worded alike.
        let text = hexfair_cli::guide_text::write_text(&guide);
        for step in &shown.steps {
            for line in &step.lines {
                if let Some((_, place)) = line.split_once(" beyond the ") {
                    assert!(text.contains(&format!("beyond the {place}")), "{line}");
                }
            }
        }
    }

    /// The title names the board once, without the players its title in the picker gives,
    /// and the table's game: "Setting up the base game for 4 players", not "Setting up Base
    /// game (3-4 players) for 4 players".
    #[test]
    fn the_title_reads_as_a_player_says_it_in_every_language() {
        let title = |layout: LayoutId, cities: bool, players: usize, lang: Lang| {
            let mut settings = Settings::new(layout, RuleSet::default());
            if cities {
                settings.expansion = hexfair::model::Expansion::CitiesAndKnights;
            }
            let board = generate(&settings, 5).expect("a board");
            let token = share::board_token_seated(&settings, Mode::Random, 5, &board, players);
            shown_guide(&request(&token, players, 0, lang))
                .unwrap()
                .title
        };
        let fog = LayoutId::parse("fog-islands-3").unwrap();
        let mcguire = LayoutId::McGuire;
        let expected = [
            (Lang::En, "Setting up the base game for 4 players", "Setting up the base game with Cities & Knights for 3 players", "Setting up the 5-6 player extension with Cities & Knights for 6 players", "Setting up Fog Islands for 3 players", "Setting up McGuire house rules (inland harbour) with Cities & Knights for 4 players"),
            (Lang::De, "Aufbau des Basisspiels für 4 Spieler", "Aufbau des Basisspiels mit Städte & Ritter für 3 Spieler", "Aufbau der Ergänzung 5-6 Spieler mit Städte & Ritter für 6 Spieler", "Aufbau für 3 Spieler: Ozeanien", "Aufbau für 4 Spieler: McGuires Hausregeln (Binnenhafen) mit Städte & Ritter"),
            (Lang::Es, "Montaje del juego básico para 4 jugadores", "Montaje del juego básico con Ciudades y Caballeros para 3 jugadores", "Montaje para 6 jugadores: ampliación para 5-6 jugadores con Ciudades y Caballeros", "Montaje para 3 jugadores: Oceanía", "Montaje para 4 jugadores: Reglas caseras de McGuire (puerto interior) con Ciudades y Caballeros"),
            (Lang::Fr, "Mise en place du jeu de base pour 4 joueurs", "Mise en place du jeu de base avec Villes & Chevaliers pour 3 joueurs", "Mise en place de l’extension 5-6 joueurs avec Villes & Chevaliers pour 6 joueurs", "Mise en place pour 3 joueurs\u{a0}: Les îles brumeuses", "Mise en place pour 4 joueurs\u{a0}: Règles maison de McGuire (port intérieur) avec Villes & Chevaliers"),
        ];
        for (lang, base, base_cities, five_six_cities, fog_islands, mcguire_cities) in expected {
            assert_eq!(title(LayoutId::Base, false, 4, lang), base);
            assert_eq!(title(LayoutId::Base, true, 3, lang), base_cities);
            assert_eq!(title(LayoutId::FiveSix, true, 6, lang), five_six_cities);
            assert_eq!(title(fog, false, 3, lang), fog_islands);
            assert_eq!(title(mcguire, true, 4, lang), mcguire_cities);
        }
    }

    #[test]
    fn german_says_the_same_in_the_printed_games_terms() {
        let (board, token) = boards()
            .into_iter()
            .find(|(b, _)| b.layout == LayoutId::Base)
            .unwrap();
        let shown = shown_guide(&request(&token, 3, 0, Lang::De)).unwrap();
        assert_eq!(shown.title, "Aufbau des Basisspiels für 3 Spieler");
        assert_eq!(shown.steps[0].heading, "Aus der Schachtel nehmen");
        assert!(shown.steps[0].lines.contains(&"4 × Wald".to_string()));
        assert!(shown.steps[0].lines.contains(&"1 × Räuber".to_string()));
        assert!(shown.steps[0]
            .lines
            .iter()
            .any(|l| l.starts_with("Zahlenchips: 2, 3 ×2")));
        let robber = shown.steps.iter().find(|s| s.heading == "Räuber").unwrap();
        assert!(robber.lines[0].starts_with("Stell den Räuber auf Reihe "));
        let guide = Guide::new(&board, 3, 0).unwrap();
        assert_eq!(shown.steps.len(), guide.steps.len());
    }

    #[test]
    fn no_guide_is_said_in_the_page_language() {
        let settings = Settings::new(LayoutId::Base, RuleSet::default());
        let board = generate(&settings, 3).unwrap();
        let token = share::board_token_seated(&settings, Mode::Random, 3, &board, 4);
        let pairs = english_pairs();
        for lang in Lang::ALL {
            let said = guide_words(lang).unwrap();
            let sent = page_words(lang);
            let words = Words::read(lang, sent.split_terminator('\0').map(|t| Some(t.into())))
                .unwrap_or_else(|_| Words::english());
            let failed = |asked: GuideRequest| shown_guide(&asked).unwrap_err();

            let too_many = failed(request(&token, 5, 0, lang));
            assert_eq!(
                too_many,
                said.fill(
                    GuideKey::PlayersNotFor,
                    &[
                        ("board", &names::board_title(&words, LayoutId::Base)),
                        ("low", &3),
                        ("high", &4),
                        ("players", &5)
                    ]
                )
            );
            let why = share::decode_token("zz").unwrap_err().english();
            let bad = failed(request("zz", 4, 0, lang));
            assert_eq!(bad, said.fill(GuideKey::BadLink, &[("why", &why)]));
            if lang != Lang::En {
                // The link reader's reason stays English, inside the page's sentence.
                let around = bad.replace(&why, "");
                assert_no_english(lang, &[&too_many, &around], &pairs);
                let mut short = request(&token, 4, 0, lang);
                // The last text left off: cut after the NUL that ends the one before.
                let before_last = short.words.trim_end_matches('\0').rfind('\0');
                short.words.truncate(before_last.map_or(0, |at| at + 1));
                let wanted = Key::ALL.len();
                assert_eq!(
                    failed(short),
                    said.fill(
                        GuideKey::WordsIncomplete,
                        &[("texts", &(wanted - 1)), ("wanted", &wanted)]
                    )
                );
            }
        }
        let mut unknown = request(&token, 4, 0, Lang::De);
        unknown.lang = "xx".into();
        assert_eq!(
            shown_guide(&unknown).unwrap_err(),
            "The guide has no words in “xx”."
        );
    }
}
