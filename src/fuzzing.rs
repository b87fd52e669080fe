//! The harnesses of the fuzz targets in `fuzz/` (run with cargo-fuzz), shared with
//! `tests/fuzz_corpus.rs`, which replays the checked-in corpus through them on every test
//! run. Each takes arbitrary bytes, feeds them to a reader of outside input the way the app
//! or the command line would, then uses what was accepted the way they would: any panic is a
//! finding. They also assert what must hold of whatever is accepted.

use crate::board::{parse_numbers, parse_terrain, Board};
use crate::layout::{Layout, LayoutId};
use crate::rules::{Rule, RuleSet};
use crate::score::Scorer;
use crate::share::{self, Link};
use crate::solve::assemble;
use crate::spots::{fair_start, snake_draft, spots};

/// Whether the input was taken or turned away (with a message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    Refused,
}

/// A share link: the bytes as a query string (`b=TOKEN`, `v=1&...`) and as a bare token.
/// What decodes must re-encode to the same link, and its board must check and score.
pub fn link(data: &[u8]) -> Verdict {
    let text = String::from_utf8_lossy(data);
    let as_query = share::decode(&text);
    let as_token = share::decode_token(&text).map(Some);
    let mut verdict = Verdict::Refused;
    for decoded in [as_query, as_token] {
        match decoded {
            Ok(Some(link)) => {
                check_link(&link);
                verdict = Verdict::Accepted;
            }
            Ok(None) => {}
            Err(error) => assert!(!error.0.is_empty(), "a refusal says why"),
        }
    }
    verdict
}

fn check_link(link: &Link) {
    let again = match &link.board {
        Some(board) => {
            use_board(board, &link.settings.rules);
            share::decode_token(&share::board_token(
                &link.settings,
                link.mode,
                link.seed,
                board,
            ))
            .map(Some)
        }
        None => share::decode(&share::encode_seed_link(&link.settings, link.seed)),
    };
    match again {
        Ok(Some(again)) => assert_eq!(&again, link, "a decoded link re-encodes to itself"),
        other => panic!("a decoded link {link:?} re-encodes to {other:?}"),
    }
}

/// A board in the text format, as `hexfair check` and `hexfair score` take it: three lines,
/// the layout's name, the terrain letters and the numbers CSV.
pub fn board_text(data: &[u8]) -> Verdict {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.splitn(3, '\n');
    let (Some(name), Some(terrain), Some(numbers)) = (lines.next(), lines.next(), lines.next())
    else {
        return Verdict::Refused;
    };
    let Some(id) = LayoutId::parse(name.trim()) else {
        return Verdict::Refused;
    };
    let layout = Layout::get(id);
    let (terrain, numbers) = match (
        parse_terrain(layout, terrain),
        parse_numbers(layout, numbers),
    ) {
        (Ok(t), Ok(n)) => (t, n),
        (Err(e), _) | (_, Err(e)) => {
            assert!(!e.0.is_empty(), "a refusal says why");
            return Verdict::Refused;
        }
    };
    let board = assemble(layout, terrain, numbers, Vec::new());
    assert_eq!(
        parse_terrain(layout, &board.terrain_text()).as_ref(),
        Ok(&board.terrain),
        "the terrain text reads back"
    );
    assert_eq!(
        parse_numbers(layout, &board.numbers_text()).as_ref(),
        Ok(&board.numbers),
        "the numbers text reads back"
    );
    use_board(&board, &RuleSet::standard());
    Verdict::Accepted
}

/// What the check and score commands and the app's panels do with a board.
fn use_board(board: &Board, rules: &RuleSet) {
    rules.broken_by(board);
    RuleSet::new(Rule::ALL).broken_by(board);
    let score = Scorer::new(board.layout).score_board(board);
    assert!(score.is_finite() && score >= 0.0, "score {score}");
    spots(board);
    for seats in board.layout.seats() {
        snake_draft(board, seats);
        fair_start(board, seats);
    }
}
