//! Reads a `.board` file into a [`Description`]. Every mistake is reported with the file and
//! line, as data (a [`BoardFault`] with the words at fault), and nothing is guessed.

use super::description::*;
use super::fault::*;
use super::PieceKind;
use crate::model::{HarbourKind, Resource, Terrain};

type Result<T> = std::result::Result<T, BoardFault>;

/// Parses one board file. `file` only names the file in messages.
pub fn parse(
    file: &'static str,
    text: &'static str,
) -> std::result::Result<Description, BoardError> {
    let fail = |line: usize, fault: BoardFault| BoardError {
        file: file.to_string(),
        line,
        fault,
    };
    let mut header = Header::default();
    let mut d = Description {
        file,
        scenario: "",
        players: (0, 0),
        layout: "",
        title: "",
        game: "",
        edition: "",
        sources: Vec::new(),
        notes: Vec::new(),
        legacy: None,
        rows: Vec::new(),
        zones: Vec::new(),
        harbours: None,
        harbour_places: Vec::new(),
        robber: At {
            line: 0,
            value: Robber::Desert,
        },
        pirate: At {
            line: 0,
            value: Pirate::Nowhere,
        },
        starts: At {
            line: 0,
            value: None,
        },
        constraints: Vec::new(),
        corner_pieces: Vec::new(),
        edge_pieces: Vec::new(),
        fishing: Vec::new(),
        rivers: Vec::new(),
        stacks: Vec::new(),
    };
    let mut in_map = false;
    let mut map_line = 0;
    let mut map_rows: Vec<(usize, &'static str)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if in_map {
            if content.is_empty() {
                in_map = false;
            } else {
                map_rows.push((line, content));
            }
            continue;
        }
        if content.is_empty() {
            continue;
        }
        let (keyword, rest) = content
            .split_once(char::is_whitespace)
            .map_or((content, ""), |(k, r)| (k, r.trim()));
        let words: Vec<&'static str> = rest.split_whitespace().collect();
        let result = statement(&mut d, &mut header, line, keyword, rest, &words);
        match result {
            Ok(Statement::Done) => {}
            Ok(Statement::MapStarts) => {
                if map_line != 0 {
                    return Err(fail(line, HeaderFault::SecondMap.into()));
                }
                in_map = true;
                map_line = line;
            }
            Err(fault) => return Err(fail(line, fault)),
        }
    }
    if map_line == 0 {
        return Err(fail(1, HeaderFault::NoMap.into()));
    }
    d.rows = map(&map_rows).map_err(|(line, m)| fail(line, m))?;
    for (keyword, value) in [
        ("board", d.scenario),
        ("layout", d.layout),
        ("title", d.title),
        ("game", d.game),
    ] {
        if value.is_empty() {
            return Err(fail(1, HeaderFault::Missing { keyword }.into()));
        }
    }
    if d.players == (0, 0) {
        return Err(fail(1, HeaderFault::Missing { keyword: "players" }.into()));
    }
    Ok(d)
}

#[derive(Default)]
struct Header {
    /// The zone the indented lines after `zone` belong to.
    zone_open: bool,
}

enum Statement {
    Done,
    MapStarts,
}

fn statement(
    d: &mut Description,
    header: &mut Header,
    line: usize,
    keyword: &'static str,
    rest: &'static str,
    words: &[&'static str],
) -> Result<Statement> {
    let zone_statement = matches!(
        keyword,
        "terrain" | "tokens" | "fog" | "no-robber" | "no-pirate" | "fixed"
    );
    if zone_statement {
        if !header.zone_open {
            return Err(HeaderFault::OutsideZone { keyword }.into());
        }
        let zone = d.zones.last_mut().expect("a zone is open");
        match keyword {
            "terrain" => {
                zone.terrain = words
                    .iter()
                    .map(|w| terrain_count(w))
                    .collect::<Result<_>>()?
            }
            "tokens" => zone.tokens = tokens(words)?,
            "fog" => zone.fog = true,
            "no-robber" => zone.no_robber = true,
            "no-pirate" => zone.no_pirate = true,
            _ => zone.fixed = true,
        }
        return Ok(Statement::Done);
    }
    header.zone_open = false;
    let one = || -> Result<&'static str> {
        if rest.is_empty() {
            Err(HeaderFault::Empty { keyword }.into())
        } else {
            Ok(rest)
        }
    };
    match keyword {
        "board" => d.scenario = one()?,
        "layout" => d.layout = one()?,
        "title" => d.title = one()?,
        "game" => d.game = one()?,
        "edition" => d.edition = one()?,
        "source" => d.sources.push(one()?),
        "note" => d.notes.push(one()?),
        "legacy" => d.legacy = Some(one()?),
        "players" => d.players = players(rest)?,
        "map" => return Ok(Statement::MapStarts),
        "zone" => {
            let (letter, name) = rest
                .split_once(char::is_whitespace)
                .map_or((rest, ""), |(l, n)| (l, n.trim()));
            let letter = zone_letter(letter)?;
            if d.zones.iter().any(|z| z.letter == letter) {
                return Err(ZoneFault::DescribedTwice { zone: letter }.into());
            }
            d.zones.push(ZoneDescription {
                line,
                letter,
                name: if name.is_empty() { "zone" } else { name },
                terrain: Vec::new(),
                tokens: Tokens::None,
                fixed: false,
                fog: false,
                no_robber: false,
                no_pirate: false,
            });
            header.zone_open = true;
        }
        "harbours" => {
            if d.harbours.is_some() {
                return Err(HarbourFault::SecondLine.into());
            }
            let (plan, kinds) = words.split_first().ok_or(HarbourFault::NoPlan)?;
            let plan = match *plan {
                "shuffled" => HarbourPlanDescription::Shuffled,
                "fixed" => HarbourPlanDescription::Fixed,
                "next-to-land" => HarbourPlanDescription::NextToLand,
                "mcguire" => HarbourPlanDescription::McGuire,
                other => {
                    return Err(HarbourFault::UnknownPlan {
                        word: other.to_string(),
                    }
                    .into())
                }
            };
            d.harbours = Some(Harbours {
                line,
                plan,
                bag: kinds
                    .iter()
                    .map(|k| harbour_kind(k))
                    .collect::<Result<_>>()?,
            });
        }
        "harbour" => {
            let [cell, side, kind @ ..] = words else {
                return Err(HarbourFault::NoPlace.into());
            };
            let kind = match kind {
                [] => None,
                [kind] => Some(harbour_kind(kind)?),
                _ => return Err(HarbourFault::TooManyWords.into()),
            };
            d.harbour_places.push(HarbourPlace {
                line,
                cell: cell_ref(cell)?,
                side: side_of(side)?,
                kind,
            });
        }
        "robber" => {
            let value = match rest {
                "desert" => Robber::Desert,
                "none" => Robber::Nowhere,
                cell => Robber::Cell(cell_ref(cell)?),
            };
            d.robber = At { line, value };
        }
        "pirate" => {
            let value = match rest {
                "none" => Pirate::Nowhere,
                place if place.contains(',') => {
                    let (x, y) = place.split_once(',').expect("has a comma");
                    let coordinate = |v: &str| {
                        v.trim()
                            .parse::<i32>()
                            .map_err(|_| WordFault::NotAPosition {
                                word: place.to_string(),
                            })
                    };
                    Pirate::Doubled(coordinate(x)?, coordinate(y)?)
                }
                cell => Pirate::Cell(cell_ref(cell)?),
            };
            d.pirate = At { line, value };
        }
        "starts" => {
            let value = match words {
                [] => return Err(ZoneFault::NoStarts.into()),
                ["all"] => None,
                letters => Some(
                    letters
                        .iter()
                        .map(|l| zone_letter(l))
                        .collect::<Result<_>>()?,
                ),
            };
            d.starts = At { line, value };
        }
        "stack" => d.stacks.push(At {
            line,
            value: stack(words)?,
        }),
        "constraint" => d.constraints.push(At {
            line,
            value: constraint(words)?,
        }),
        "corner" => {
            let [kind, cell, corner, number @ ..] = words else {
                return Err(PieceFault::CornerWords.into());
            };
            d.corner_pieces.push(At {
                line,
                value: CornerPiece {
                    kind: piece_kind(kind)?,
                    cell: cell_ref(cell)?,
                    corner: corner_of(corner)?,
                    number: piece_number(number)?,
                },
            });
        }
        "edge" => {
            let [kind, cell, side, number @ ..] = words else {
                return Err(PieceFault::EdgeWords.into());
            };
            d.edge_pieces.push(At {
                line,
                value: EdgePiece {
                    kind: piece_kind(kind)?,
                    cell: cell_ref(cell)?,
                    side: side_of(side)?,
                    number: piece_number(number)?,
                },
            });
        }
        "fishing" => {
            let [cell, side, number] = words else {
                return Err(PieceFault::FishingWords.into());
            };
            d.fishing.push(At {
                line,
                value: Fishing {
                    cell: cell_ref(cell)?,
                    side: side_of(side)?,
                    number: number_token(number)?,
                },
            });
        }
        "river" => {
            if words.is_empty() || words.len() % 2 != 0 {
                return Err(PieceFault::RiverWords.into());
            }
            let edges = words
                .chunks(2)
                .map(|pair| Ok((cell_ref(pair[0])?, side_of(pair[1])?)))
                .collect::<Result<_>>()?;
            d.rivers.push(At { line, value: edges });
        }
        other => {
            return Err(HeaderFault::UnknownStatement {
                keyword: other.to_string(),
            }
            .into())
        }
    }
    Ok(Statement::Done)
}

fn piece_kind(word: &str) -> Result<PieceKind> {
    PieceKind::parse(word).ok_or_else(|| {
        WordFault::NotAPiece {
            word: word.to_string(),
        }
        .into()
    })
}

/// A piece's optional number: a village's token or a seat (1 to 12).
fn piece_number(words: &[&str]) -> Result<Option<u8>> {
    match words {
        [] => Ok(None),
        [n] => n
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=12).contains(n))
            .map(Some)
            .ok_or_else(|| {
                WordFault::NotAPieceNumber {
                    word: n.to_string(),
                }
                .into()
            }),
        _ => Err(PieceFault::Numbers.into()),
    }
}

fn players(text: &str) -> Result<(usize, usize)> {
    let seats = |s: &str| match s.parse::<usize>() {
        Ok(n @ 2..=8) => Ok(n),
        _ => Err(HeaderFault::NotPlayers {
            text: text.to_string(),
        }),
    };
    let (low, high) = match text.split_once('-') {
        Some((a, b)) => (seats(a)?, seats(b)?),
        None => (seats(text)?, seats(text)?),
    };
    if low > high {
        return Err(HeaderFault::PlayersBackwards {
            text: text.to_string(),
        }
        .into());
    }
    Ok((low, high))
}

fn zone_letter(word: &str) -> Result<char> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Ok(c),
        _ => Err(WordFault::NotAZoneLetter {
            word: word.to_string(),
        }
        .into()),
    }
}

fn terrain_of(letter: &str) -> Result<Terrain> {
    match letter {
        "~" => Ok(Terrain::Sea),
        "L" => Ok(Terrain::Lake),
        "Z" => Ok(Terrain::Swamp),
        _ => {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() && c != 'S' => {
                    Terrain::from_letter(c).ok_or_else(|| not_a_terrain(letter))
                }
                _ => Err(not_a_terrain(letter)),
            }
        }
    }
}

fn not_a_terrain(word: &str) -> BoardFault {
    WordFault::NotATerrain {
        word: word.to_string(),
    }
    .into()
}

fn not_a_map_code(word: &str) -> BoardFault {
    MapFault::NotAMapCode {
        word: word.to_string(),
    }
    .into()
}

/// `F4` or `~19`.
fn terrain_count(word: &str) -> Result<(Terrain, usize)> {
    let split = word
        .find(|c: char| c.is_ascii_digit())
        .ok_or_else(|| WordFault::NoCount {
            word: word.to_string(),
        })?;
    let (letter, count) = word.split_at(split);
    let count = count.parse().map_err(|_| WordFault::NotACount {
        word: word.to_string(),
        count: count.to_string(),
    })?;
    Ok((terrain_of(letter)?, count))
}

fn number_token(word: &str) -> Result<u8> {
    match word.parse::<u8>() {
        Ok(n @ (2..=6 | 8..=12)) => Ok(n),
        _ => Err(WordFault::NotANumberToken {
            word: word.to_string(),
        }
        .into()),
    }
}

fn numbers(words: &[&str]) -> Result<Vec<u8>> {
    words.iter().map(|w| number_token(w)).collect()
}

fn tokens(words: &[&str]) -> Result<Tokens> {
    match words.split_first() {
        Some((&"shuffled", rest)) => Ok(Tokens::Shuffled(numbers(rest)?)),
        Some((&"path", rest)) => Ok(Tokens::Path(numbers(rest)?)),
        Some((&"printed", rest)) => Ok(Tokens::Printed(numbers(rest)?)),
        Some((&"none", [])) => Ok(Tokens::None),
        _ => Err(ZoneFault::NoTokenPlan.into()),
    }
}

fn harbour_kind(word: &str) -> Result<HarbourKind> {
    if word == "3:1" {
        return Ok(HarbourKind::Generic);
    }
    Resource::parse(word)
        .map(HarbourKind::Special)
        .ok_or_else(|| {
            WordFault::NotAHarbourKind {
                word: word.to_string(),
            }
            .into()
        })
}

fn cell_ref(word: &str) -> Result<CellRef> {
    let bad = || -> BoardFault {
        WordFault::NotACell {
            word: word.to_string(),
        }
        .into()
    };
    let (row, position) = word
        .strip_prefix('r')
        .and_then(|w| w.split_once('c'))
        .ok_or_else(bad)?;
    let row: usize = row.parse().map_err(|_| bad())?;
    let position: usize = position.parse().map_err(|_| bad())?;
    if row == 0 || position == 0 {
        return Err(bad());
    }
    Ok(CellRef { row, position })
}

fn side_of(word: &str) -> Result<usize> {
    SIDES.iter().position(|s| *s == word).ok_or_else(|| {
        WordFault::NotASide {
            word: word.to_string(),
        }
        .into()
    })
}

fn corner_of(word: &str) -> Result<usize> {
    CORNERS.iter().position(|s| *s == word).ok_or_else(|| {
        WordFault::NotACorner {
            word: word.to_string(),
        }
        .into()
    })
}

fn percent(word: &str) -> Result<usize> {
    word.strip_suffix('%')
        .and_then(|n| n.parse().ok())
        .filter(|&n| n <= 100)
        .ok_or_else(|| {
            WordFault::NotAShare {
                word: word.to_string(),
            }
            .into()
        })
}

fn constraint(words: &[&str]) -> Result<ConstraintDescription> {
    Ok(match words {
        ["red-not-on-gold"] => ConstraintDescription::RedNotOnGold,
        ["gold-apart"] => ConstraintDescription::GoldApart,
        ["sea-on-border"] => ConstraintDescription::SeaOnBorder,
        ["spiral-from-harbour"] => ConstraintDescription::SpiralFromHarbour,
        ["inland-only", terrain] => ConstraintDescription::InlandOnly(terrain_of(terrain)?),
        ["largest-island", least, most] => ConstraintDescription::LargestIsland {
            least: percent(least)?,
            most: percent(most)?,
        },
        ["no-numbers", rest @ ..] => {
            let split = rest
                .iter()
                .position(|w| *w == "on" || *w == "next-to")
                .ok_or(ConstraintFault::NoNumbersWhere)?;
            let barred = numbers(&rest[..split])?;
            if barred.is_empty() {
                return Err(ConstraintFault::NoNumbersNone.into());
            }
            match (rest[split], &rest[split + 1..]) {
                ("on", cells) if !cells.is_empty() => ConstraintDescription::NumbersOn {
                    numbers: barred,
                    cells: cells.iter().map(|c| cell_ref(c)).collect::<Result<_>>()?,
                },
                ("next-to", [terrain]) => ConstraintDescription::NumbersNextTo {
                    numbers: barred,
                    terrain: terrain_of(terrain)?,
                },
                _ => return Err(ConstraintFault::NoNumbersWhere.into()),
            }
        }
        _ => {
            return Err(ConstraintFault::Unknown {
                words: words.join(" "),
            }
            .into());
        }
    })
}

fn map(rows: &[(usize, &'static str)]) -> std::result::Result<Vec<MapRow>, (usize, BoardFault)> {
    if rows.len() % 2 == 0 {
        let line = rows.first().map_or(0, |r| r.0);
        return Err((line, MapFault::EvenRows { rows: rows.len() }.into()));
    }
    let middle = (rows.len() / 2) as i32;
    rows.iter()
        .enumerate()
        .map(|(index, &(line, text))| {
            let y = index as i32 - middle;
            let (start, codes) = text
                .split_once(':')
                .ok_or((line, MapFault::NoRowStart.into()))?;
            let x0: i32 = start.trim().parse().map_err(|_| {
                (
                    line,
                    MapFault::NotARowStart {
                        word: start.to_string(),
                    }
                    .into(),
                )
            })?;
            if (x0 - y).rem_euclid(2) != 0 {
                return Err((line, MapFault::RowOffGrid { x0, y }.into()));
            }
            let codes = codes
                .split_whitespace()
                .map(cell_code)
                .collect::<Result<Vec<_>>>()
                .map_err(|m| (line, m))?;
            Ok(MapRow { line, x0, codes })
        })
        .collect()
}

/// `stack 2 on 12`, `stack 2 12 on 3`.
fn stack(words: &[&str]) -> Result<StackDescription> {
    match words {
        [tokens @ .., "on", on] if !tokens.is_empty() => Ok(StackDescription {
            tokens: numbers(tokens)?,
            on: number_token(on)?,
        }),
        _ => Err(StackFault::Words.into()),
    }
}

fn cell_code(word: &str) -> Result<Option<CellCode>> {
    match word {
        "." => return Ok(None),
        "~" => return Ok(Some(CellCode::Sea)),
        _ => {}
    }
    if let Some((zone, terrain)) = word.split_once(':') {
        let terrain = terrain_of(terrain).map_err(|_| not_a_map_code(word))?;
        if !terrain.takes_number() {
            return Err(MapFault::PinnedTakesNoToken {
                word: word.to_string(),
                zone: zone.to_string(),
                terrain,
            }
            .into());
        }
        return Ok(Some(CellCode::Pinned {
            zone: zone_letter(zone)?,
            terrain,
        }));
    }
    let (zone, fixed) = match word.split_once('=') {
        Some((zone, fixed)) => (Some(zone_letter(zone)?), fixed),
        None => match zone_letter(word) {
            Ok(letter) => return Ok(Some(CellCode::Zone(letter))),
            Err(_) => (None, word),
        },
    };
    let split = fixed
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(fixed.len());
    let (letter, numbers_text) = fixed.split_at(split);
    let terrain = terrain_of(letter).map_err(|_| not_a_map_code(word))?;
    let numbers = if numbers_text.is_empty() {
        Vec::new()
    } else {
        numbers_text
            .split('+')
            .map(number_token)
            .collect::<Result<_>>()?
    };
    Ok(Some(CellCode::Fixed {
        zone,
        terrain,
        numbers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "board test\nplayers 3-4\nlayout test-3-4\ntitle Test\ngame house-rules\n\
        map\n-1: a a\n0: a F4 ~\n-1: t=G5 .\n\nzone a things\n  terrain F1 P1 W1 ~1\n  \
        tokens shuffled 2 3 4\nzone t tribe\n  fixed\n  fog\nrobber none\npirate 3,-1\nstarts a\n\
        constraint no-numbers 6 8 on r1c1 r2c2\nconstraint largest-island 30% 75%\n";

    #[test]
    fn reads_every_kind_of_statement() {
        let d = parse("small", SMALL).unwrap();
        assert_eq!(
            (d.scenario, d.layout, d.players),
            ("test", "test-3-4", (3, 4))
        );
        assert_eq!(d.rows.len(), 3);
        assert_eq!(d.rows[1].x0, 0);
        assert_eq!(
            d.rows[1].codes[1],
            Some(CellCode::Fixed {
                zone: None,
                terrain: Terrain::Forest,
                numbers: vec![4]
            })
        );
        assert_eq!(d.rows[2].codes[1], None, "a dot is a gap");
        assert_eq!(d.zones[0].terrain.len(), 4);
        assert!(d.zones[1].fixed && d.zones[1].fog);
        assert_eq!(d.pirate.value, Pirate::Doubled(3, -1));
        assert_eq!(d.starts.value, Some(vec!['a']));
        assert_eq!(d.constraints.len(), 2);
    }

    #[test]
    fn a_mistake_names_its_file_and_line() {
        let broken = SMALL.replace("tokens shuffled 2 3 4", "tokens shuffled 2 3 7");
        let broken: &'static str = Box::leak(broken.into_boxed_str());
        let error = parse("small.board", broken).unwrap_err();
        assert_eq!(
            (error.file.as_str(), error.line, error.fault),
            (
                "small.board",
                13,
                WordFault::NotANumberToken { word: "7".into() }.into()
            )
        );
        let off_grid: &'static str =
            Box::leak(SMALL.replace("0: a F4 ~", "1: a F4 ~").into_boxed_str());
        let error = parse("small.board", off_grid).unwrap_err();
        assert_eq!(error.line, 8, "{error:?}");
        assert_eq!(error.fault, MapFault::RowOffGrid { x0: 1, y: 0 }.into());
    }

    #[test]
    fn an_unknown_piece_names_its_line_and_the_known_pieces() {
        let pieces: &'static str = Box::leak(
            format!("{SMALL}corner village r1c1 n 3\nedge fortres r1c1 e\n").into_boxed_str(),
        );
        let error = parse("small.board", pieces).unwrap_err();
        assert_eq!(
            (error.line, error.fault),
            (
                23,
                WordFault::NotAPiece {
                    word: "fortres".into()
                }
                .into()
            )
        );
        let known: &'static str = Box::leak(pieces.replace("fortres", "fortress").into_boxed_str());
        let d = parse("small.board", known).unwrap();
        assert_eq!(d.corner_pieces[0].value.kind, PieceKind::Village);
        assert_eq!(d.edge_pieces[0].value.kind, PieceKind::Fortress);
    }
}
