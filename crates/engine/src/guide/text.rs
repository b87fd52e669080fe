//! The guide in plain English, for the command line and the print sheet. The app shows the
//! guide in its own words (its language tables); this is the only English rendering.

use std::fmt::Write;

use super::{Contents, Guide, Part, Special, Spot, Step, Token, Unit};
use crate::catalogue::LayoutId;
use crate::model::CellId;
use crate::picture::piece_title;

/// Side names of a hex, clockwise from east (`Hex::neighbor` order).
const SIDES: [&str; 6] = [
    "east",
    "south-east",
    "south-west",
    "west",
    "north-west",
    "north-east",
];
/// Corner names of a hex, clockwise from the top (`Hex::corners` order).
const CORNERS: [&str; 6] = [
    "north",
    "north-east",
    "south-east",
    "south",
    "south-west",
    "north-west",
];

/// The letter printed on the token at `position` in letter order (0 is A): A to Y, then
/// Za, Zb, Zc on the 5-6 island (seafarers.md: "5-6 players, letters A-Y then Za, Zb, Zc",
/// after JSettlers `SOCBoard6p.java`).
pub fn token_letter(position: usize) -> String {
    match u8::try_from(position) {
        Ok(p) if p < 25 => char::from(b'A' + p).to_string(),
        _ => {
            let after = position.saturating_sub(25);
            match u8::try_from(after) {
                Ok(a) if a < 26 => format!("Z{}", char::from(b'a' + a)),
                _ => format!("#{}", position + 1),
            }
        }
    }
}

/// The guide as numbered English steps, one paragraph a step.
pub fn write_text(guide: &Guide) -> String {
    let mut out = format!(
        "Setting up {} for {} players{}\n",
        board_name(guide.layout),
        guide.players,
        match guide.turns {
            0 => String::new(),
            t => format!(", the board turned {t} sixth{} clockwise", plural(t)),
        }
    );
    let total = guide.steps.len();
    for (at, step) in guide.steps.iter().enumerate() {
        let _ = write!(out, "\n{}/{total}. ", at + 1);
        out.push_str(&step_text(guide, step));
        out.push('\n');
    }
    out
}

/// The board named once, without the players its title gives ("Base game (3-4 players)"),
/// beside the table's own: "the base game", "Seafarers: The Fog Islands".
pub(super) fn board_name(layout: LayoutId) -> String {
    match layout {
        LayoutId::Base => "the base game".into(),
        LayoutId::FiveSix => "the 5-6 player extension".into(),
        _ => {
            let title = layout.title();
            let players = title.find(" (").and_then(|open| {
                let close = open + title[open..].find(')')?;
                title[..close].ends_with(" players").then_some(open..=close)
            });
            match players {
                Some(span) => format!("{}{}", &title[..*span.start()], &title[span.end() + 1..]),
                None => title.to_string(),
            }
        }
    }
}

fn step_text(guide: &Guide, step: &Step) -> String {
    let at = |cell: CellId| place(guide, cell);
    match step {
        Step::SortBox(contents) => sort_box(contents),
        Step::Frame { spaces } => format!(
            "Build the frame round the board: {} sea space{}.",
            spaces.len(),
            plural(spaces.len())
        ),
        Step::Harbours { harbours } => {
            let items: Vec<String> = harbours
                .iter()
                .map(|h| {
                    format!(
                        "{} {}",
                        h.kind.label(),
                        spot_text(guide, guide.beyond(h.spot.faces, h.spot.sea))
                    )
                })
                .collect();
            format!(
                "Harbours, clockwise from the top:\n   {}",
                items.join(";\n   ")
            )
        }
        Step::Rivers { rivers } => {
            let items: Vec<String> = rivers
                .iter()
                .map(|river| {
                    let tiles: Vec<String> = river
                        .tiles
                        .iter()
                        .map(|t| format!("{} ({})", t.terrain, at(t.cell)))
                        .collect();
                    tiles.join(", ")
                })
                .collect();
            format!(
                "Lay the river tiles as printed, each from its source to the sea:\n   {}",
                items.join(";\n   ")
            )
        }
        Step::Terrain { part, tiles } => {
            let items: Vec<String> = tiles
                .iter()
                .map(|t| match part.unit {
                    Unit::Row => t.terrain.to_string(),
                    Unit::Ring => format!("{} ({})", t.terrain, at(t.cell)),
                })
                .collect();
            format!(
                "Terrain, {}: {}.",
                part_text(part, "clockwise from the top"),
                items.join(", ")
            )
        }
        Step::Tokens { part, tokens } => {
            format!(
                "Number tokens, {}: {}.",
                part_text(part, "in letter order"),
                tokens_text(guide, tokens)
            )
        }
        Step::StackedTokens { tokens } => format!(
            "Put these tokens on the hex already holding a token: {}.",
            tokens_text(guide, tokens)
        ),
        Step::Robber { cell } => format!("Put the robber on {}.", at(*cell)),
        Step::Pirate { at: hex, cell } => match cell {
            Some(cell) => format!("Put the pirate ship on the sea at {}.", at(*cell)),
            None => format!(
                "Put the pirate ship on the frame {}.",
                spot_text(guide, guide.off_board(*hex))
            ),
        },
        Step::Fog {
            cells,
            hexes,
            tokens,
        } => {
            let count: usize = hexes.iter().map(|(_, n)| n).sum();
            let hexes: Vec<String> = hexes.iter().map(|(t, n)| format!("{t} {n}")).collect();
            let tokens: Vec<String> = tokens.iter().map(|(t, n)| counted(*t, *n)).collect();
            format!(
                "Fog: leave the {} fog space{} empty. Shuffle these {count} hexes face down into \
                 a stack beside the board: {}; and their tokens face down into another: {}.",
                cells.len(),
                plural(cells.len()),
                hexes.join(", "),
                tokens.join(", ")
            )
        }
        Step::FishingGrounds { grounds } => {
            let items: Vec<String> = grounds
                .iter()
                .map(|g| {
                    format!(
                        "{} {}",
                        g.number,
                        spot_text(guide, guide.beyond(g.faces, g.sea))
                    )
                })
                .collect();
            format!(
                "Fishing grounds, clockwise from the top:\n   {}",
                items.join(";\n   ")
            )
        }
        Step::Pieces { pieces, .. } => {
            let items: Vec<String> = pieces
                .iter()
                .map(|p| {
                    format!(
                        "{} {}",
                        piece_title(p),
                        spot_text(guide, guide.piece_spot(p))
                    )
                })
                .collect();
            format!("Printed pieces:\n   {}", items.join(";\n   "))
        }
        Step::CitiesAndKnights => "Cities & Knights: the barbarian tile beside the board, the \
             barbarian ship at the start of its track. Each player places a settlement, then, \
             in reverse order, a city."
            .to_string(),
    }
}

fn sort_box(contents: &Contents) -> String {
    let hexes: Vec<String> = contents
        .hexes
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    let tokens: Vec<String> = contents
        .tokens
        .iter()
        .map(|(t, n)| counted(*t, *n))
        .collect();
    let harbours: Vec<String> = contents
        .harbours
        .iter()
        .map(|(h, n)| format!("{} {n}", h.label()))
        .collect();
    let pieces: Vec<String> = contents
        .pieces
        .iter()
        .map(|(p, n)| {
            let name = match p {
                Special::Robber => "robber".to_string(),
                Special::Pirate => "pirate ship".to_string(),
                Special::BarbarianTile => "barbarian tile".to_string(),
                Special::FishingGround => "fishing ground".to_string(),
                Special::Printed(kind) => kind.name().replace('-', " "),
            };
            format!("{name} {n}")
        })
        .collect();
    let mut out = "Take out of the box:".to_string();
    for (what, items) in [
        ("Hexes", hexes),
        ("Number tokens", tokens),
        ("Harbours", harbours),
        ("Other pieces", pieces),
    ] {
        if !items.is_empty() {
            let _ = write!(out, "\n   {what}: {}", items.join(", "));
        }
    }
    out
}

/// "row 2 of 5, left to right", or for a ring "ring 1 of 3 from the outside, " and the
/// order its items go in.
fn part_text(part: &Part, ring_order: &str) -> String {
    match part.unit {
        Unit::Row => format!("row {} of {}, left to right", part.index, part.count),
        Unit::Ring => format!(
            "ring {} of {} from the outside, {ring_order}",
            part.index, part.count
        ),
    }
}

fn tokens_text(guide: &Guide, tokens: &[Token]) -> String {
    let items: Vec<String> = tokens
        .iter()
        .map(|t| {
            let letter = t
                .letter
                .map(|l| format!("{} ", token_letter(l)))
                .unwrap_or_default();
            format!("{letter}{} ({})", t.number, place(guide, t.cell))
        })
        .collect();
    items.join(", ")
}

/// `2` once, `3 x2` twice.
fn counted(number: u8, count: usize) -> String {
    if count == 1 {
        number.to_string()
    } else {
        format!("{number} x{count}")
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// "row 2, hex 3" on the turned board.
fn place(guide: &Guide, cell: CellId) -> String {
    match guide.place(cell) {
        Some((row, at)) => format!("row {row}, hex {at}"),
        None => format!("hex {cell}"),
    }
}

/// "beyond the north-west side of row 1, hex 1", "at the north corner of row 4, hex 2" or
/// "on the east side of row 1, hex 5".
fn spot_text(guide: &Guide, spot: Spot) -> String {
    match spot {
        Spot::Beyond { side, cell } => {
            format!("beyond the {} side of {}", SIDES[side], place(guide, cell))
        }
        Spot::By { cell } => format!("by {}", place(guide, cell)),
        Spot::Corner { corner, cell } => {
            format!(
                "at the {} corner of {}",
                CORNERS[corner],
                place(guide, cell)
            )
        }
        Spot::Side { side, cell } => {
            format!("on the {} side of {}", SIDES[side], place(guide, cell))
        }
        Spot::Away => "beside the board".to_string(),
    }
}
