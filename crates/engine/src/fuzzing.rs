//! The harnesses of the fuzz targets in `fuzz/` (run with cargo-fuzz), shared with
//! `tests/fuzz_corpus.rs`, which replays the checked-in corpus through them on every test
//! run. Each takes arbitrary bytes, feeds them to a reader of outside input the way the app
//! or the command line would, then uses what was accepted the way they would: any panic is a
//! finding. They also assert what must hold of whatever is accepted.

use crate::balance::score::Scorer;
use crate::balance::spots::{fair_start, snake_draft, spots};
use crate::board::{parse_numbers, parse_terrain, Board};
use crate::catalogue::{Layout, LayoutId};
use crate::generate::assemble;
use crate::rules::{Rule, RuleSet};
use crate::share::{self, Link};

/// Whether the input was taken or turned away.
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
        if let Ok(Some(link)) = decoded {
            check_link(&link);
            verdict = Verdict::Accepted;
        }
    }
    verdict
}

fn check_link(link: &Link) {
    let again = match &link.board {
        Some(board) => {
            use_board(board, &link.settings.rules);
            share::decode_token(&share::board_token_seated(
                &link.settings,
                link.mode,
                link.seed,
                board,
                link.seats,
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
        _ => return Verdict::Refused,
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

/// Letters and tokens of the board text, in the order `board_cells` reads bytes into them.
const LETTERS: &[u8; 8] = b"FPWHMDSG";
const TOKENS: [Option<u8>; 11] = [
    None,
    Some(2),
    Some(3),
    Some(4),
    Some(5),
    Some(6),
    Some(8),
    Some(9),
    Some(10),
    Some(11),
    Some(12),
];

/// Any board the text format can say, built from bytes rather than parsed from them, so the
/// fuzzer explores boards (sparse islands, numbers on sea, land without numbers) instead of
/// syntax: the first byte picks the board ([`boards`]), then a byte a cell (missing ones are
/// sea) picks the terrain (low 3 bits) and the token (the rest, modulo 11). The board is
/// written in the text format and goes through [`board_text`].
pub fn board_cells(data: &[u8]) -> Verdict {
    let Some((&first, cells)) = data.split_first() else {
        return Verdict::Refused;
    };
    let boards = boards();
    let id = boards[usize::from(first) % boards.len()];
    let count = Layout::get(id).cells.len();
    let byte = |i: usize| cells.get(i).copied().unwrap_or(6);
    let terrain: String = (0..count)
        .map(|i| char::from(LETTERS[usize::from(byte(i) & 7)]))
        .collect();
    let numbers: Vec<String> = (0..count)
        .map(|i| match TOKENS[usize::from(byte(i) >> 3) % TOKENS.len()] {
            Some(n) => n.to_string(),
            None => "-".to_string(),
        })
        .collect();
    let text = format!("{id}\n{terrain}\n{}\n", numbers.join(","));
    let verdict = board_text(text.as_bytes());
    assert_eq!(
        verdict,
        Verdict::Accepted,
        "every built board reads: {text}"
    );
    verdict
}

/// The boards `board_cells` picks from with its first byte: the program's own, in catalogue
/// order, which starts with the seven from before the catalogue in their old order, so the
/// corpus files written when those were the only boards still pick the same board.
fn boards() -> Vec<LayoutId> {
    LayoutId::every()
        .into_iter()
        .filter(|id| id.built_in())
        .collect()
}

/// The bytes `board_cells` reads as `board` (for seeding its corpus), if it can say the
/// board: its eight letters leave out the rarer terrain (the Fishermen's lake).
pub fn board_cells_input(board: &Board) -> Option<Vec<u8>> {
    let layout = boards().iter().position(|&l| l == board.layout)?;
    let mut out = vec![u8::try_from(layout).ok()?];
    for (t, n) in board.terrain.iter().zip(&board.numbers) {
        let letter = LETTERS.iter().position(|&l| char::from(l) == t.letter())?;
        let token = TOKENS.iter().position(|&k| k == *n)?;
        out.push((letter | token << 3) as u8);
    }
    Some(out)
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
    }
    // The fair start anneals for milliseconds, most of a run: only for the most seats, where
    // spots run short first.
    fair_start(board, *board.layout.seats().end());
}
