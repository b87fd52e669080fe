//! What the views show about the board on screen, worked out once per board and seat count:
//! its settlement spots, the seats' snake draft, the fair start and the balance. The app
//! makes one [`Analysis`] when the board or the seats change (one `use_memo`) and hands it to
//! every view, which only draws from it: a pinch redraws the board every frame, and the fair
//! start alone is a 20,000-step anneal.
//!
//! Each part is worked out the first time a view asks for it, so a hidden tab or an overlay
//! not shown costs nothing. Plain Rust, so its tests run natively (`src/app/mod.rs`).

use std::cell::OnceCell;
use std::rc::Rc;

use hexfair::balance::score::{Scorer, FACTORS};
use hexfair::balance::spots::{fair_start_in, snake_draft_in, spots_in, Seating, Spot};
use hexfair::board::Board;
use hexfair::model::{CornerId, Expansion, Piece};
use hexfair::rules::resource_pips;

/// The board's balance as the score panel shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    pub score: f64,
    /// Each factor from 0 (even) to 1 (lopsided).
    pub factors: [f64; FACTORS],
    /// Pips of each resource, in `Resource::ALL` order.
    pub resource_pips: [u32; 5],
}

/// The name each part's working-out carries in the browser's performance timeline, so the
/// browser tests can count them (tests/browser/board.test.mjs).
pub const MARK: &str = "hexfair analysis";

pub struct Analysis {
    pub board: Rc<Board>,
    pub seats: usize,
    /// The game the table plays, which values the spots.
    pub game: Expansion,
    spots: OnceCell<Vec<Spot>>,
    draft: OnceCell<Seating>,
    fair_start: OnceCell<Seating>,
    balance: OnceCell<Balance>,
}

impl PartialEq for Analysis {
    /// One analysis per board, seat count and game: the parts follow from those.
    fn eq(&self, other: &Analysis) -> bool {
        (&self.board, self.seats, self.game) == (&other.board, other.seats, other.game)
    }
}

impl Analysis {
    /// `board` shared with the state (the board on screen), or a board of its own.
    pub fn new(board: impl Into<Rc<Board>>, seats: usize, game: Expansion) -> Analysis {
        Analysis {
            board: board.into(),
            seats,
            game,
            spots: OnceCell::new(),
            draft: OnceCell::new(),
            fair_start: OnceCell::new(),
            balance: OnceCell::new(),
        }
    }

    /// Every settlement spot.
    pub fn spots(&self) -> &[Spot] {
        self.spots
            .get_or_init(|| worked_out(|| spots_in(&self.board, self.game)))
    }

    /// The spot at `corner`, if it is one.
    pub fn spot(&self, corner: CornerId) -> Option<&Spot> {
        self.spots().iter().find(|s| s.corner == corner)
    }

    /// What each seat gets in an opening snake draft.
    pub fn draft(&self) -> &Seating {
        self.draft
            .get_or_init(|| worked_out(|| snake_draft_in(&self.board, self.seats, self.game)))
    }

    /// Two settlements for each seat, placed for everyone (McGuire's house rule).
    pub fn fair_start(&self) -> &Seating {
        self.fair_start
            .get_or_init(|| worked_out(|| fair_start_in(&self.board, self.seats, self.game)))
    }

    /// The fair start as the board draws it: every seat's two pieces, seat 1 first, each
    /// with its seat (from 1), its corner and what it is (a settlement, and at a Cities &
    /// Knights table a city second): the start chosen by play once there is one, else the
    /// one by spot values.
    pub fn fair_start_pieces(
        &self,
        chosen: Option<&[[CornerId; 2]]>,
    ) -> Vec<(usize, CornerId, Piece)> {
        let by_values: Vec<[CornerId; 2]>;
        let placed = match chosen {
            Some(chosen) => chosen,
            None => {
                by_values = self
                    .fair_start()
                    .seats
                    .iter()
                    .map(|s| s.settlements)
                    .collect();
                &by_values
            }
        };
        let opening = self.game.opening();
        placed
            .iter()
            .enumerate()
            .flat_map(|(at, pair)| {
                pair.iter()
                    .zip(opening)
                    .map(move |(&corner, piece)| (at + 1, corner, piece))
            })
            .collect()
    }

    pub fn balance(&self) -> &Balance {
        self.balance.get_or_init(|| {
            worked_out(|| {
                let scorer = Scorer::new(self.board.layout);
                let raw = scorer.factors_of(&self.board);
                Balance {
                    score: raw.score(scorer.limits()),
                    factors: raw.normalised(scorer.limits()),
                    resource_pips: resource_pips(&self.board),
                }
            })
        })
    }
}

/// Works a part out, marked in the browser's performance timeline (a mark is a few bytes,
/// once per part and board).
fn worked_out<T>(work: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "wasm32")]
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(MARK);
    }
    work()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::balance::score::Scorer;
    use hexfair::balance::spots::{fair_start, snake_draft, spots};
    use hexfair::generate::{generate, Settings};

    #[test]
    fn each_part_is_the_engines_and_is_worked_out_once() {
        let board = generate(&Settings::default(), 12).unwrap();
        let analysis = Analysis::new(board.clone(), 3, Expansion::BaseGame);
        assert_eq!(analysis.spots(), spots(&board));
        assert!(std::ptr::eq(analysis.spots(), analysis.spots()));
        assert_eq!(analysis.draft(), &snake_draft(&board, 3));
        assert!(std::ptr::eq(analysis.draft(), analysis.draft()));
        assert_eq!(analysis.fair_start(), &fair_start(&board, 3));
        assert!(std::ptr::eq(analysis.fair_start(), analysis.fair_start()));
        let balance = analysis.balance();
        assert_eq!(balance.score, Scorer::new(board.layout).score_board(&board));
        assert_eq!(balance.resource_pips, resource_pips(&board));
        assert!(std::ptr::eq(balance, analysis.balance()));
        let corner = spots(&board)[5].corner;
        assert_eq!(analysis.spot(corner), Some(&spots(&board)[5]));
        // Another seat count is another analysis; the same board and seats are the same one.
        assert!(analysis != Analysis::new(board.clone(), 4, Expansion::BaseGame));
        // A Cities & Knights table is another analysis too, its spots valued for it.
        let ck = Analysis::new(board.clone(), 3, Expansion::CitiesAndKnights);
        assert!(analysis != ck);
        assert_eq!(ck.spots(), spots_in(&board, Expansion::CitiesAndKnights));
        assert_eq!(
            ck.draft(),
            &snake_draft_in(&board, 3, Expansion::CitiesAndKnights)
        );
        assert!(analysis == Analysis::new(board, 3, Expansion::BaseGame));
    }

    /// What the board's fair start is handed: two settlements a seat, or at a Cities &
    /// Knights table a settlement and then a city, on the seating's corners (the one by spot
    /// values, or the one chosen by play once there is one).
    #[test]
    fn the_fair_start_draws_a_settlement_and_a_city_a_seat_at_a_cities_and_knights_table() {
        let board = generate(&Settings::default(), 12).unwrap();
        for (game, second) in [
            (Expansion::BaseGame, Piece::Settlement),
            (Expansion::CitiesAndKnights, Piece::City),
        ] {
            let analysis = Analysis::new(board.clone(), 4, game);
            let drawn = analysis.fair_start_pieces(None);
            let seats = &analysis.fair_start().seats;
            assert_eq!(drawn.len(), 2 * seats.len());
            for (seat, pair) in drawn.chunks(2).zip(seats) {
                assert_eq!(seat[0], (pair.seat, pair.settlements[0], Piece::Settlement));
                assert_eq!(seat[1], (pair.seat, pair.settlements[1], second));
                assert_eq!(
                    [seat[0].2, seat[1].2],
                    pair.pieces,
                    "the seating's own pieces"
                );
            }
            let chosen = [[CornerId::new(1), CornerId::new(9)]];
            assert_eq!(
                analysis.fair_start_pieces(Some(&chosen)),
                [
                    (1, CornerId::new(1), Piece::Settlement),
                    (1, CornerId::new(9), second)
                ]
            );
        }
    }
}
