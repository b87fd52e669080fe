use super::super::picture_words;
use super::super::words::checks::table_file;
use super::super::words::Key;
use super::*;
use crate::app::guide_words::guide_words;
use crate::app::words::{Lang, Words};
use hexfair::balance::search::Mode;
use hexfair::board::Board;
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::{generate, NumberMode, Settings};
use hexfair::guide::{token_letter, Step};
use hexfair::model::Terrain;
use hexfair::rules::RuleSet;
use hexfair_words::guide_text::kind_key;

/// The page's words in `lang` as the page sends them: every text in the keys' order,
/// each ended by a NUL.
fn page_words(lang: Lang) -> String {
    if lang == Lang::En {
        return Words::english().joined();
    }
    let words: Words = table_file("crates/words/lang/{code}", lang);
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
                let shown = shown_guide(&asked).unwrap_or_else(|e| panic!("{}: {e}", board.layout));
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
                    let cells: Vec<u32> = step.cells().iter().map(|c| c.index() as u32).collect();
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
                _ => table_file("crates/words/lang/{code}", lang),
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
            let FromPlayer::Guide(_, Ok(written)) = reply(&request(&token, seats, 0, lang)) else {
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
                                Some(_) => picture_words::piece_name(&english, p.kind, p.number)
                                    .unwrap_or(kind),
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
    let (_, token) =
        boards()
            .into_iter()
            .find(|(b, _)| {
                b.layout == LayoutId::Base
                    && Guide::new(b, 4, 0).unwrap().steps.iter().any(
                        |s| matches!(s, Step::Tokens { tokens, .. } if tokens[0].letter.is_some()),
                    )
            })
            .unwrap();
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
        // Why the link cannot be read, in the page's words too.
        let why = names::link_fault(&words, &share::decode_token("zz").unwrap_err());
        let bad = failed(request("zz", 4, 0, lang));
        assert_eq!(bad, said.fill(GuideKey::BadLink, &[("why", &why)]));
        if lang != Lang::En {
            assert_no_english(lang, &[&too_many, &bad], &pairs);
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
