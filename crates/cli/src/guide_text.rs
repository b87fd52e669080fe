//! The build guide as `hexfair guide` prints it: the page's guide (`hexfair_words::guide_text`)
//! in its English, a numbered paragraph a step, one line an item.

use std::fmt::Write;

use hexfair::board::Board;
use hexfair::guide::Guide;
use hexfair::model::Expansion;
use hexfair_words::guide_text::word_guide;
use hexfair_words::guide_words::GuideWords;

use crate::words::english;

/// The guide as numbered English steps: the title, the turn the rows are read from, then each
/// step's heading and its lines.
pub fn write_text(board: &Board, guide: &Guide, expansion: Expansion) -> String {
    let shown = word_guide(guide, board, expansion, &english(), &GuideWords::english());
    let mut out = format!("{}\n", shown.title);
    if guide.turns > 0 {
        let sixths = if guide.turns == 1 { "sixth" } else { "sixths" };
        let _ = writeln!(
            out,
            "The board turned {} {sixths} clockwise: rows are read from that side.",
            guide.turns
        );
    }
    let total = shown.steps.len();
    for (at, step) in shown.steps.iter().enumerate() {
        let _ = writeln!(out, "\n{}/{total}. {}", at + 1, step.heading);
        for line in &step.lines {
            let _ = writeln!(out, "   {line}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::catalogue::{Layout, LayoutId, PieceKind};
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
        let text = write_text(&board, &guide, Expansion::BaseGame);
        let total = guide.steps.len();
        for n in 1..=total {
            assert!(
                text.contains(&format!("\n{n}/{total}. ")),
                "step {n}:\n{text}"
            );
        }
        assert!(
            text.starts_with(
                "Setting up the base game for 4 players\n\
                 The board turned 2 sixths clockwise: rows are read from that side.\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("Take out of the box\n   4 × Forest\n   4 × Pasture\n"),
            "{text}"
        );
        assert!(text.contains("   Build the frame round the board: 18 sea spaces.\n"));
        assert!(
            text.contains(". Terrain, ring 3 of 3 from the outside, clockwise from the top\n"),
            "{text}"
        );
        assert!(
            text.contains(
                ". Number tokens, ring 1 of 3 from the outside, in letter order\n   A: 5 (row "
            ),
            "{text}"
        );
    }

    #[test]
    fn the_text_places_printed_pieces_on_their_corners() {
        let id = LayoutId::parse("cloth-for-catan-3-4").unwrap();
        let board = generated(id, NumberMode::Random, 4);
        let guide = Guide::new(&board, 4, 0).unwrap();
        let text = write_text(&board, &guide, Expansion::BaseGame);
        // The village numbered 10 is printed at a corner of r4c2 (its board file): the line
        // that places it names that hex's row and place.
        let layout = Layout::get(id);
        let village = layout
            .pieces_of(PieceKind::Village)
            .find(|p| p.number == Some(10))
            .unwrap();
        let cell = layout.topology.corner_cells[village.corner.unwrap()][0];
        let (row, at) = guide.place(cell).unwrap();
        let line = text
            .lines()
            .find(|l| l.contains("village, 10"))
            .unwrap_or_else(|| panic!("no village 10:\n{text}"));
        assert!(
            line.contains(&format!("row {row}, hex {at}")),
            "{line}\n{text}"
        );
    }
}
