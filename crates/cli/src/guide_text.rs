//! The build guide in plain English, for `hexfair guide`. The engine lays the guide out as
//! data (`hexfair::guide`); the page words it in its languages (src/app/guide_text.rs).

use std::fmt::Write;

use hexfair::catalogue::LayoutId;
use hexfair::guide::{token_letter, Contents, Guide, Part, Special, Spot, Step, Token, Unit};
use hexfair::model::CellId;

use crate::words::{harbour_words, piece_words};

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
pub(crate) fn board_name(layout: LayoutId) -> String {
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
                        harbour_words(h.kind),
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
                        piece_words(p.kind, p.number),
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
        .map(|(h, n)| format!("{} {n}", harbour_words(*h)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::board::Board;
    use hexfair::catalogue::{Layout, PieceKind};
    use hexfair::generate::{generate, NumberMode, Settings};
    use hexfair::rules::RuleSet;

    fn generated(id: LayoutId, numbers: NumberMode, seed: u64) -> Board {
        let mut settings = Settings::new(id, RuleSet::default());
        settings.numbers = numbers;
        generate(&settings, seed).expect("a board")
    }

    #[test]
    fn the_text_names_every_step_in_order() {
        let board = generated(LayoutId::Base, NumberMode::Spiral, 5);
        let guide = Guide::new(&board, 4, 2).unwrap();
        let text = write_text(&guide);
        let total = guide.steps.len();
        for n in 1..=total {
            assert!(
                text.contains(&format!("\n{n}/{total}. ")),
                "step {n}:\n{text}"
            );
        }
        assert!(text.starts_with(
            "Setting up the base game for 4 players, the board turned 2 sixths clockwise\n"
        ));
        assert!(text.contains("Take out of the box:\n   Hexes: forest 4, pasture 4, fields 4, hills 3, mountains 3, desert 1\n   Number tokens: 2, 3 x2, 4 x2, 5 x2, 6 x2, 8 x2, 9 x2, 10 x2, 11 x2, 12\n"), "{text}");
        assert!(text.contains("Build the frame round the board: 18 sea spaces."));
        assert!(text.contains("Terrain, ring 3 of 3 from the outside, clockwise from the top: "));
        assert!(
            text.contains("Number tokens, ring 1 of 3 from the outside, in letter order: A 5 (")
        );
        assert!(text.contains("A 5 (row "), "{text}");
        let desert = board.robber.unwrap();
        let (row, at) = guide.place(desert).unwrap();
        assert!(text.contains(&format!("Put the robber on row {row}, hex {at}.")));
    }

    #[test]
    fn the_title_names_each_board_once_beside_the_tables_players() {
        for layout in LayoutId::every() {
            let name = board_name(layout);
            assert!(!name.contains("players)"), "{layout:?}: {name}");
            assert!(!name.is_empty(), "{layout:?}");
        }
        assert_eq!(
            board_name(LayoutId::parse("fog-islands-3").unwrap()),
            "Seafarers: The Fog Islands"
        );
        // A title whose parenthesis is not its players keeps it.
        assert_eq!(
            board_name(LayoutId::McGuire),
            "McGuire house rules (inland harbour)"
        );
    }

    #[test]
    fn the_text_places_printed_pieces_on_their_corners_and_sides() {
        let id = LayoutId::parse("cloth-for-catan-3-4").unwrap();
        let board = generated(id, NumberMode::Random, 4);
        let text = write_text(&Guide::new(&board, 4, 0).unwrap());
        // The village numbered 10 is printed at the north corner of r4c2 (its board file): the
        // row's first hex is a sea hex, so r4c2 is hex 2 of row 4 upright.
        assert!(text.contains("village, 10 at the "), "{text}");
        let guide = Guide::new(&board, 4, 0).unwrap();
        let layout = Layout::get(id);
        let village = layout
            .pieces_of(PieceKind::Village)
            .find(|p| p.number == Some(10))
            .unwrap();
        let corner = village.corner.unwrap();
        let cell = layout.topology.corner_cells[corner][0];
        let (row, at) = guide.place(cell).unwrap();
        let i = layout.topology.cell_corners[cell]
            .iter()
            .position(|&c| c == corner)
            .unwrap();
        let name = [
            "north",
            "north-east",
            "south-east",
            "south",
            "south-west",
            "north-west",
        ][i];
        assert!(
            text.contains(&format!(
                "village, 10 at the {name} corner of row {row}, hex {at}"
            )),
            "{text}"
        );
        let fishing = Guide::new(
            &generated(
                LayoutId::parse("fishermen-3-4").unwrap(),
                NumberMode::Random,
                4,
            ),
            3,
            0,
        )
        .unwrap();
        let text = write_text(&fishing);
        assert!(
            text.contains("Fishing grounds, clockwise from the top:\n   "),
            "{text}"
        );
        assert!(text.contains(" beyond the "), "{text}");
    }
}
