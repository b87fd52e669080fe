//! The PNG's caption in every language fits the image of every board: the engine wraps it
//! (`picture::svg::caption_lines`), and no part of it may be wider than a line.

use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::picture::draw;
use hexfair::picture::{caption_lines, caption_width, CAPTION_MARGIN};
use hexfair::rules::RuleSet;

use super::png_caption;
use crate::table::checks::table_file;
use crate::table::{Lang, Words};

#[test]
fn the_png_caption_fits_the_image_in_every_language_and_on_every_board() {
    for lang in Lang::ALL {
        let words: Words = match lang {
            Lang::En => Words::english(),
            _ => table_file("crates/words/lang/{code}", lang),
        };
        for layout in LayoutId::every() {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 1).unwrap();
            let room = draw(&board).view_box.2 - 2.0 * CAPTION_MARGIN;
            // The longest seed a link can carry and a score with all its digits.
            let caption = png_caption(&words, layout, u64::MAX, 0.123);
            let lines = caption_lines(&caption, room);
            assert!(!lines.is_empty());
            for line in &lines {
                assert!(
                    caption_width(line) <= room,
                    "{lang:?} {layout}: {line:?} is wider than the {room:.0} px line"
                );
            }
        }
    }
}
