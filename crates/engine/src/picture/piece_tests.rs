//! Every board of the catalogue draws every piece it has: fog face down, rivers, fishing
//! grounds and the printed corner and edge pieces, each as one group with its label.

use super::label::DataWords;
use super::*;
use crate::catalogue::{HarbourPlan, LayoutId, PieceKind};
use crate::generate::{generate, Settings};
use crate::rules::RuleSet;

/// Every board of the catalogue, legacy ones included.
fn every_board() -> Vec<LayoutId> {
    let boards = LayoutId::every();
    assert!(boards.len() >= 29, "{} boards", boards.len());
    boards
}

fn board_of(layout: LayoutId, seed: u64) -> Board {
    generate(&Settings::new(layout, RuleSet::standard()), seed)
        .unwrap_or_else(|e| panic!("{layout}: {e:?}"))
}

/// The groups of `class` anywhere in the picture.
pub(super) fn groups<'a>(picture: &'a Picture, class: &str) -> Vec<&'a Group> {
    fn walk<'a>(group: &'a Group, class: &str, out: &mut Vec<&'a Group>) {
        if group.class == class {
            out.push(group);
        }
        for child in &group.children {
            walk(child, class, out);
        }
    }
    let mut out = Vec::new();
    for group in &picture.groups {
        walk(group, class, &mut out);
    }
    out
}

fn data<'a>(group: &'a Group, key: &str) -> Option<&'a str> {
    group
        .data
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.as_str())
}

#[test]
fn every_board_draws_each_of_its_pieces() {
    let boards = every_board();
    let mut seen = std::collections::BTreeSet::new();
    for layout in boards {
        let board = board_of(layout, 1);
        let plan = board.layout();
        let picture = draw(&board);
        let fog_cells: Vec<CellId> = CellId::all(plan.cells.len())
            .filter(|&c| plan.zones[plan.cell_zone[c]].fog)
            .collect();
        let hexes = groups(&picture, "hex");
        assert_eq!(hexes.len(), plan.cells.len(), "{layout}: one group a cell");
        let down: Vec<CellId> = hexes
            .iter()
            .filter(|g| data(g, "fog") == Some("down"))
            .map(|g| g.cell.unwrap())
            .collect();
        assert_eq!(down, fog_cells, "{layout}: fog cells face down");
        assert_eq!(
            groups(&picture, "piece").len(),
            plan.pieces.len(),
            "{layout}: pieces"
        );
        assert_eq!(
            groups(&picture, "fishing").len(),
            plan.fishing.len(),
            "{layout}: fishing grounds"
        );
        assert_eq!(
            groups(&picture, "river").len(),
            plan.rivers.len(),
            "{layout}: rivers"
        );
        // Each piece where the board puts it, named in words, its number shown.
        for (group, piece) in groups(&picture, "piece").iter().zip(&plan.pieces) {
            assert_eq!(data(group, "piece"), Some(piece.kind.name()));
            assert_eq!(
                data(group, "corner").map(str::to_string),
                piece.corner.map(|c| c.to_string())
            );
            assert_eq!(
                data(group, "edge").map(str::to_string),
                piece.edge.map(|e| e.to_string())
            );
            assert_eq!(
                group.label,
                Some(Label::Piece {
                    kind: piece.kind,
                    number: piece.number
                })
            );
            if let Some(n) = piece.number {
                assert!(group
                    .shapes
                    .iter()
                    .any(|s| matches!(s, Shape::Text { text, .. } if *text == n.to_string())));
            }
            seen.insert(piece.kind);
        }
        for (group, ground) in groups(&picture, "fishing").iter().zip(&plan.fishing) {
            assert_eq!(
                data(group, "number"),
                Some(ground.number.to_string().as_str())
            );
            assert_eq!(
                group.label,
                Some(Label::FishingGround {
                    number: ground.number
                })
            );
        }
        // Every second number (Rivers of Catan) has its own token.
        let tokens = groups(&picture, "token").len();
        let face_up_numbers = CellId::all(plan.cells.len())
            .filter(|c| !fog_cells.contains(c) && board.numbers[*c].is_some())
            .count();
        assert_eq!(
            tokens,
            face_up_numbers + board.second_numbers().len(),
            "{layout}"
        );
        // The SVG document holds the same groups, closed.
        let svg = svg(&picture, &DataWords);
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
        assert_eq!(
            svg.matches(r#"<g class="piece""#).count(),
            plan.pieces.len()
        );
    }
    // The catalogue's boards bring every kind of piece the format names (when they are in).
    if LayoutId::every()
        .iter()
        .any(|l| l.name() == "pirate-islands-3-4")
    {
        for kind in PieceKind::all() {
            assert!(seen.contains(&kind), "no board drew a {}", kind.name());
        }
    }
}

#[test]
fn fog_lies_face_down_until_revealed() {
    let boards = every_board();
    let fog = boards
        .into_iter()
        .find(|l| l.name() == "fog-islands-4")
        .expect("the Fog Islands board");
    let board = board_of(fog, 3);
    let plan = board.layout();
    let down = draw(&board);
    let up = draw_with(
        &board,
        Options {
            turns: 0,
            reveal_fog: true,
        },
    );
    let fog_cells: Vec<CellId> = CellId::all(plan.cells.len())
        .filter(|&c| plan.zones[plan.cell_zone[c]].fog)
        .collect();
    assert_eq!(fog_cells.len(), 12);
    for (face_down, face_up) in groups(&down, "hex").iter().zip(groups(&up, "hex")) {
        let cell = face_down.cell.unwrap();
        let terrain = board.terrain[cell];
        if fog_cells.contains(&cell) {
            // Face down, every fog hex looks the same: the back, no token, no terrain colour.
            assert!(matches!(
                face_down.label,
                Some(Label::Hex { fog: Fog::FaceDown, ref numbers, .. }) if numbers.is_empty()
            ));
            assert!(face_down.children.is_empty(), "no token shows");
            let fills: Vec<&str> = face_down
                .shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Polygon { fill, .. } | Shape::Path { fill, .. } => Some(*fill),
                    Shape::Icon { part, .. } => Some(part.fill),
                    _ => None,
                })
                .collect();
            assert!(!fills.contains(&terrain_colour(terrain)));
            assert_eq!(data(face_up, "fog"), Some("up"));
            assert!(matches!(
                face_up.label,
                Some(Label::Hex { terrain: t, fog: Fog::FaceUp, .. }) if t == terrain
            ));
            assert_eq!(
                face_up.children.len(),
                usize::from(board.numbers[cell].is_some())
            );
        } else {
            assert_eq!(face_down, &face_up, "other hexes are drawn the same");
        }
    }
    // The backs are all alike, whatever lies under them: the same tile and the same clouds,
    // each in its own place.
    let backs: Vec<Vec<String>> = groups(&down, "hex")
        .iter()
        .filter(|g| data(g, "fog").is_some())
        .map(|g| {
            g.shapes
                .iter()
                .map(|s| match s {
                    Shape::Polygon { fill, stroke, .. } => format!("tile {fill} {stroke}"),
                    Shape::Icon { part, scale, .. } => format!("{part:?} at {scale}"),
                    other => format!("{other:?}"),
                })
                .collect()
        })
        .collect();
    assert!(backs.len() == 12 && backs.iter().all(|b| b == &backs[0]));
    // The SVG (the command line's picture) keeps them face down: no number is written on them.
    let svg = svg(&down, &DataWords);
    for hex in svg.split(r#"<g class="hex""#).skip(1) {
        if hex.contains(r#"data-fog="down""#) {
            // A face-down hex holds no group, so it ends at the first close.
            let hex = hex.split("</g>").next().unwrap();
            assert!(!hex.contains("<text"), "a face-down hex writes nothing");
        }
    }
}

#[test]
fn printed_harbours_say_so_and_dealt_ones_do_not() {
    let boards = every_board();
    let fog = boards
        .iter()
        .copied()
        .find(|l| l.name() == "fog-islands-4")
        .unwrap();
    // Fog Islands prints every harbour's type.
    let board = board_of(fog, 1);
    let plan = board.layout();
    assert!(matches!(&plan.harbours, HarbourPlan::Fixed(_)));
    assert!(plan.printed_harbours.iter().all(Option::is_some));
    let picture = draw(&board);
    let harbours = groups(&picture, "harbour");
    assert_eq!(harbours.len(), 9);
    assert!(harbours.iter().all(|h| data(h, "printed") == Some("true")
        && matches!(h.label, Some(Label::Harbour { printed: true, .. }))));
    let base = draw(&board_of(LayoutId::Base, 1));
    assert!(groups(&base, "harbour")
        .iter()
        .all(|h| data(h, "printed") == Some("false")));
}

/// A phone 390 CSS px wide shows the board 366 px wide and at most 68% of 844 px tall.
const PHONE: (f64, f64) = (366.0, 0.68 * 844.0);

#[test]
fn every_board_reads_on_a_phone() {
    for layout in every_board() {
        let picture = draw(&board_of(layout, 1));
        let per_unit = pixels_per_unit(picture.view_box, PHONE);
        let tokens = NUMERAL_SIZE * per_unit;
        assert!(tokens >= 12.0, "{layout}: token numerals {tokens:.1} px");
        // The numbers a village or a fishing ground is rolled on stay above the 10 px
        // under which the app leaves text out.
        let pieces = PIECE_NUMERAL * per_unit;
        let numbered = !board_of(layout, 1).layout().fishing.is_empty()
            || board_of(layout, 1)
                .layout()
                .pieces
                .iter()
                .any(|p| p.kind == PieceKind::Village);
        if numbered {
            assert!(pieces >= 10.0, "{layout}: piece numerals {pieces:.1} px");
        }
    }
}

#[test]
fn the_lake_shows_the_numbers_printed_on_it() {
    for layout in every_board() {
        let board = board_of(layout, 1);
        let picture = draw(&board);
        for hex in groups(&picture, "hex") {
            let cell = hex.cell.expect("a hex group names its cell");
            let printed: Vec<&str> = hex
                .children
                .iter()
                .filter(|g| g.class == "printed-number")
                .filter_map(|g| data(g, "number"))
                .collect();
            if board.terrain[cell] == Terrain::Lake {
                assert_eq!(
                    printed,
                    ["2", "3", "11", "12"],
                    "{layout}: the lake's numbers"
                );
                assert!(
                    matches!(&hex.label, Some(Label::Hex { numbers, .. }) if numbers == &[2, 3, 11, 12]),
                    "{:?}",
                    hex.label
                );
            } else {
                assert!(
                    printed.is_empty(),
                    "{layout}: only the lake has printed numbers"
                );
            }
        }
    }
    let fishermen = board_of(LayoutId::parse("fishermen-3-4").expect("listed"), 1);
    assert!(fishermen.terrain.contains(&Terrain::Lake));
}
