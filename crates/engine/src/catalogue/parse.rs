//! Reads a `.board` file into a [`Description`]. Every mistake is reported with the file and
//! line, in words, and nothing is guessed.

use std::fmt;

use super::description::*;
use super::PieceKind;
use crate::model::{HarbourKind, Resource, Terrain};

/// A mistake in a board file: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for BoardError {}

type Result<T> = std::result::Result<T, String>;

/// Parses one board file. `file` only names the file in messages.
pub fn parse(
    file: &'static str,
    text: &'static str,
) -> std::result::Result<Description, BoardError> {
    let fail = |line: usize, message: String| BoardError {
        file: file.to_string(),
        line,
        message,
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
                    return Err(fail(line, "a second `map` (a board has one map)".into()));
                }
                in_map = true;
                map_line = line;
            }
            Err(message) => return Err(fail(line, message)),
        }
    }
    if map_line == 0 {
        return Err(fail(1, "no `map` block".into()));
    }
    d.rows = map(&map_rows).map_err(|(line, m)| fail(line, m))?;
    for (keyword, value) in [
        ("board", d.scenario),
        ("layout", d.layout),
        ("title", d.title),
        ("game", d.game),
    ] {
        if value.is_empty() {
            return Err(fail(1, format!("the header has no `{keyword}` line")));
        }
    }
    if d.players == (0, 0) {
        return Err(fail(1, "the header has no `players` line".into()));
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
            return Err(format!("`{keyword}` belongs under a `zone` line"));
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
    let one = |what: &str| -> Result<&'static str> {
        if rest.is_empty() {
            Err(format!("`{keyword}` needs {what}"))
        } else {
            Ok(rest)
        }
    };
    match keyword {
        "board" => d.scenario = one("a scenario name")?,
        "layout" => d.layout = one("a board name")?,
        "title" => d.title = one("a title")?,
        "game" => d.game = one("a game (base, seafarers, traders-barbarians, house-rules)")?,
        "edition" => d.edition = one("an edition")?,
        "source" => d.sources.push(one("a source")?),
        "note" => d.notes.push(one("a note")?),
        "legacy" => d.legacy = Some(one("the notice shown to whoever opens an old link")?),
        "players" => d.players = players(rest)?,
        "map" => return Ok(Statement::MapStarts),
        "zone" => {
            let (letter, name) = rest
                .split_once(char::is_whitespace)
                .map_or((rest, ""), |(l, n)| (l, n.trim()));
            let letter = zone_letter(letter)?;
            if d.zones.iter().any(|z| z.letter == letter) {
                return Err(format!("zone `{letter}` is described twice"));
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
                return Err("a second `harbours` line".into());
            }
            let (plan, kinds) = words
                .split_first()
                .ok_or("`harbours` needs shuffled, fixed, next-to-land or mcguire")?;
            let plan = match *plan {
                "shuffled" => HarbourPlanDescription::Shuffled,
                "fixed" => HarbourPlanDescription::Fixed,
                "next-to-land" => HarbourPlanDescription::NextToLand,
                "mcguire" => HarbourPlanDescription::McGuire,
                other => return Err(format!("unknown harbour plan `{other}`")),
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
                return Err("`harbour` needs a cell and a side, e.g. `harbour r3c2 nw`".into());
            };
            let kind = match kind {
                [] => None,
                [kind] => Some(harbour_kind(kind)?),
                _ => return Err("`harbour` takes a cell, a side and at most one type".into()),
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
                            .map_err(|_| format!("`{place}` is not a position `x,y`"))
                    };
                    Pirate::Doubled(coordinate(x)?, coordinate(y)?)
                }
                cell => Pirate::Cell(cell_ref(cell)?),
            };
            d.pirate = At { line, value };
        }
        "starts" => {
            let value = match words {
                [] => return Err("`starts` needs zone letters or `all`".into()),
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
                return Err("`corner` needs a name, a cell and a corner".into());
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
                return Err("`edge` needs a name, a cell and a side".into());
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
                return Err("`fishing` needs a land cell, a side and a number".into());
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
                return Err("`river` needs pairs of a cell and a side".into());
            }
            let edges = words
                .chunks(2)
                .map(|pair| Ok((cell_ref(pair[0])?, side_of(pair[1])?)))
                .collect::<Result<_>>()?;
            d.rivers.push(At { line, value: edges });
        }
        other => return Err(format!("unknown statement `{other}`")),
    }
    Ok(Statement::Done)
}

fn piece_kind(word: &str) -> Result<PieceKind> {
    PieceKind::parse(word).ok_or_else(|| {
        let known: Vec<&str> = PieceKind::all().map(PieceKind::name).collect();
        format!("`{word}` is not a printed piece ({})", known.join(" "))
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
            .ok_or_else(|| format!("`{n}` is not a number from 1 to 12")),
        _ => Err("a piece takes at most one number".into()),
    }
}

fn players(text: &str) -> Result<(usize, usize)> {
    let seats = |s: &str| match s.parse::<usize>() {
        Ok(n @ 2..=8) => Ok(n),
        _ => Err(format!("`{text}` is not a player count (3, 4, 3-4 or 5-6)")),
    };
    let (low, high) = match text.split_once('-') {
        Some((a, b)) => (seats(a)?, seats(b)?),
        None => (seats(text)?, seats(text)?),
    };
    if low > high {
        return Err(format!("`{text}`: the smaller count comes first"));
    }
    Ok((low, high))
}

fn zone_letter(word: &str) -> Result<char> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Ok(c),
        _ => Err(format!("`{word}` is not a zone letter (a to z)")),
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
                (Some(c), None) if c.is_ascii_uppercase() && c != 'S' => Terrain::from_letter(c)
                    .ok_or_else(|| {
                        format!(
                            "`{letter}` is not a terrain (F P W H M D G L Z O C Q V K B T or ~)"
                        )
                    }),
                _ => Err(format!(
                    "`{letter}` is not a terrain (F P W H M D G L Z O C Q V K B T or ~)"
                )),
            }
        }
    }
}

/// `F4` or `~19`.
fn terrain_count(word: &str) -> Result<(Terrain, usize)> {
    let split = word
        .find(|c: char| c.is_ascii_digit())
        .ok_or_else(|| format!("`{word}` needs a count, e.g. F4"))?;
    let (letter, count) = word.split_at(split);
    let count = count
        .parse()
        .map_err(|_| format!("`{word}`: `{count}` is not a count"))?;
    Ok((terrain_of(letter)?, count))
}

fn number_token(word: &str) -> Result<u8> {
    match word.parse::<u8>() {
        Ok(n @ (2..=6 | 8..=12)) => Ok(n),
        _ => Err(format!("`{word}` is not a number token (2-6, 8-12)")),
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
        _ => Err("`tokens` needs shuffled, path, printed or none, then the numbers".into()),
    }
}

fn harbour_kind(word: &str) -> Result<HarbourKind> {
    if word == "3:1" {
        return Ok(HarbourKind::Generic);
    }
    Resource::parse(word)
        .map(HarbourKind::Special)
        .ok_or_else(|| format!("`{word}` is not a harbour type (3:1 wool ore grain brick lumber)"))
}

fn cell_ref(word: &str) -> Result<CellRef> {
    let bad = || format!("`{word}` is not a cell (r<row>c<position>, e.g. r3c2)");
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
    SIDES
        .iter()
        .position(|s| *s == word)
        .ok_or_else(|| format!("`{word}` is not a side (e se sw w nw ne)"))
}

fn corner_of(word: &str) -> Result<usize> {
    CORNERS
        .iter()
        .position(|s| *s == word)
        .ok_or_else(|| format!("`{word}` is not a corner (n ne se s sw nw)"))
}

fn percent(word: &str) -> Result<usize> {
    word.strip_suffix('%')
        .and_then(|n| n.parse().ok())
        .filter(|&n| n <= 100)
        .ok_or_else(|| format!("`{word}` is not a share such as 30%"))
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
                .ok_or("`no-numbers` needs `on <cells>` or `next-to <terrain>`")?;
            let barred = numbers(&rest[..split])?;
            if barred.is_empty() {
                return Err("`no-numbers` names no numbers".into());
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
                _ => return Err("`no-numbers` needs `on <cells>` or `next-to <terrain>`".into()),
            }
        }
        _ => {
            return Err(format!(
                "unknown constraint `{}` (red-not-on-gold, gold-apart, no-numbers, \
                 largest-island, sea-on-border, spiral-from-harbour, inland-only)",
                words.join(" ")
            ));
        }
    })
}

fn map(rows: &[(usize, &'static str)]) -> std::result::Result<Vec<MapRow>, (usize, String)> {
    if rows.len() % 2 == 0 {
        let line = rows.first().map_or(0, |r| r.0);
        return Err((
            line,
            format!(
                "the map has {} rows; it needs an odd number (the middle row is y = 0)",
                rows.len()
            ),
        ));
    }
    let middle = (rows.len() / 2) as i32;
    rows.iter()
        .enumerate()
        .map(|(index, &(line, text))| {
            let y = index as i32 - middle;
            let (start, codes) = text
                .split_once(':')
                .ok_or((line, "a map row starts with `<x>:`".to_string()))?;
            let x0: i32 = start
                .trim()
                .parse()
                .map_err(|_| (line, format!("`{start}` is not a row start")))?;
            if (x0 - y).rem_euclid(2) != 0 {
                return Err((
                    line,
                    format!("row start {x0} is off the hex grid for row y = {y} (x and y need the same parity)"),
                ));
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
        _ => Err("`stack` needs the tokens set aside, `on`, and the number they join".into()),
    }
}

fn cell_code(word: &str) -> Result<Option<CellCode>> {
    match word {
        "." => return Ok(None),
        "~" => return Ok(Some(CellCode::Sea)),
        _ => {}
    }
    if let Some((zone, terrain)) = word.split_once(':') {
        let terrain = terrain_of(terrain).map_err(|_| format!("`{word}` is not a map code"))?;
        if !terrain.takes_number() {
            return Err(format!(
                "`{word}`: a {terrain} hex takes no token, so it is printed (`{zone}={}`)",
                terrain.letter()
            ));
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
    let terrain = terrain_of(letter).map_err(|_| format!("`{word}` is not a map code"))?;
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
        assert_eq!(error.line, 13);
        assert!(error
            .to_string()
            .starts_with("small.board:13: `7` is not a number token"));
        let off_grid: &'static str =
            Box::leak(SMALL.replace("0: a F4 ~", "1: a F4 ~").into_boxed_str());
        let error = parse("small.board", off_grid).unwrap_err();
        assert_eq!(error.line, 8, "{error}");
        assert!(error.message.contains("off the hex grid"));
    }

    #[test]
    fn an_unknown_piece_names_its_line_and_the_known_pieces() {
        let pieces: &'static str = Box::leak(
            format!("{SMALL}corner village r1c1 n 3\nedge fortres r1c1 e\n").into_boxed_str(),
        );
        let error = parse("small.board", pieces).unwrap_err();
        assert_eq!(
            error.to_string(),
            "small.board:23: `fortres` is not a printed piece (village start-settlement \
             start-ship fortress no-start victory-point development-card wasteland strait)"
        );
        let known: &'static str = Box::leak(pieces.replace("fortres", "fortress").into_boxed_str());
        let d = parse("small.board", known).unwrap();
        assert_eq!(d.corner_pieces[0].value.kind, PieceKind::Village);
        assert_eq!(d.edge_pieces[0].value.kind, PieceKind::Fortress);
    }
}
