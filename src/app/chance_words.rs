//! The Seats tab's chances in words, from the language tables (`words`, keys `Chances…`):
//! the verdict, each seat's figure, what shows while games are played or when there are no
//! figures. Every sentence of the panel is made here, so the rules of the wording (what is
//! called even, who is named) are in one place. Plain Rust, so its tests run natively
//! (`src/lib.rs`).

use super::names::{game_title, grouped};
use super::words::{Key, Words};
use crate::catalogue::LayoutId;
use crate::fixed::Fixed;
use crate::play_protocol::Tally;

/// A spread of win shares (best seat's minus worst's) up to this is called even: issue 18's
/// goal for a fair-in-play board ("median per-board spread at most 5 points at 4 seats").
pub const EVEN_SPREAD: f64 = 0.05;

/// A share as a whole percentage, without the sign: "24".
fn percent(share: f64) -> String {
    Fixed(share * 100.0, 0).to_string()
}

/// The verdict in a sentence: "Even: every seat wins 23-27% of 2,000 simulated games.", or
/// which seat is favoured and which is not.
pub fn verdict(words: &Words, tally: &Tally) -> String {
    let seats = 0..tally.wins.len();
    // Ties go to the earlier seat.
    let best = seats
        .clone()
        .rev()
        .max_by_key(|&s| tally.wins[s])
        .unwrap_or(0);
    let worst = seats.min_by_key(|&s| tally.wins[s]).unwrap_or(0);
    let (low, high) = (percent(tally.share(worst)), percent(tally.share(best)));
    let games = grouped(words, u64::from(tally.games));
    let mut out = if tally.spread() <= EVEN_SPREAD {
        let range = if low == high {
            low
        } else {
            format!("{low}-{high}")
        };
        words.fill(Key::ChancesEven, &[("range", &range), ("games", &games)])
    } else {
        words.fill(
            Key::ChancesFavoured,
            &[
                ("best", &(best + 1)),
                ("worst", &(worst + 1)),
                ("high", &high),
                ("low", &low),
                ("games", &games),
            ],
        )
    };
    if tally.no_winner > 0 {
        let count = grouped(words, u64::from(tally.no_winner));
        out.push(' ');
        out.push_str(&words.fill(Key::ChancesNoWinner, &[("count", &count)]));
    }
    out
}

/// A seat's figure beside its bar (`seat` 0-based): its win share and 95% interval,
/// "24% (22-26%)".
pub fn seat_figure(words: &Words, tally: &Tally, seat: usize) -> String {
    let (low, high) = tally.interval(seat);
    words.fill(
        Key::ChancesFigure,
        &[
            ("share", &percent(tally.share(seat))),
            ("low", &percent(low)),
            ("high", &percent(high)),
        ],
    )
}

/// While the games are played.
pub fn playing(words: &Words, done: u32, total: u32) -> String {
    let total = grouped(words, u64::from(total));
    if done == 0 {
        words.fill(Key::ChancesStarting, &[("total", &total)])
    } else {
        let done = grouped(words, u64::from(done));
        words.fill(Key::ChancesPlaying, &[("done", &done), ("total", &total)])
    }
}

/// Why a board shows no chances: the simulator plays only the base game's rules.
pub fn not_simulated(words: &Words, layout: LayoutId) -> String {
    let game = game_title(words, layout.game());
    words.fill(Key::ChancesNotSimulated, &[("game", &game)])
}

/// The play worker stopped working: `why` is the browser's word for it, empty if the worker
/// could not be loaded at all.
pub fn simulator_failed(words: &Words, why: &str) -> String {
    if why.is_empty() {
        words.get(Key::SimulatorNotLoaded).to_string()
    } else {
        words.fill(Key::SimulatorFailed, &[("why", &why)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: &[u32], games: u32, no_winner: u32) -> Tally {
        Tally {
            games,
            no_winner,
            wins: wins.to_vec(),
        }
    }

    #[test]
    fn an_even_board_says_the_range_every_seat_wins() {
        let words = Words::english();
        let even = tally(&[460, 540, 500, 500], 2000, 0);
        assert_eq!(
            verdict(&words, &even),
            "Even: every seat wins 23-27% of 2,000 simulated games."
        );
        let flat = tally(&[500, 500, 500, 500], 2000, 0);
        assert_eq!(
            verdict(&words, &flat),
            "Even: every seat wins 25% of 2,000 simulated games."
        );
    }

    #[test]
    fn an_uneven_board_names_the_favoured_seat_and_the_least() {
        let words = Words::english();
        let uneven = tally(&[400, 700, 530, 360], 2000, 10);
        assert_eq!(
            verdict(&words, &uneven),
            "Seat 2 is favoured: it wins 35% of 2,000 simulated games, seat 4 only 18%. 10 \
             ended without a winner."
        );
        // Just past the line: a spread of 5.5 points is not even.
        let close = tally(&[445, 555, 500, 500], 2000, 0);
        assert!(verdict(&words, &close).starts_with("Seat 2 is favoured"));
    }

    #[test]
    fn a_seat_shows_its_share_and_interval_and_progress_counts_games() {
        let words = Words::english();
        let t = tally(&[500, 500, 500, 500], 2000, 0);
        assert_eq!(seat_figure(&words, &t, 0), "25% (23-27%)");
        assert_eq!(playing(&words, 0, 2000), "Playing 2,000 games…");
        assert_eq!(playing(&words, 650, 2000), "Played 650 of 2,000 games…");
        assert_eq!(
            simulator_failed(&words, ""),
            "The game simulator could not be loaded; reload the page to try again."
        );
    }
}
