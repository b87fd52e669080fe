//! The words of the Seats tab's chances, all in one place (so they move into a language's
//! table together): the heading, the bots in one line, the verdict, each seat's figure, and
//! what shows while games are played or when there are no figures. Plain Rust, so its tests
//! run natively (`src/lib.rs`).

use crate::catalogue::{game_title, LayoutId};
use crate::fixed::Fixed;
use crate::generate::error::thousands;
use crate::play_protocol::Tally;

pub const HEADING: &str = "Each seat's chance to win";

/// Who played, and how to read the figures: the bots in one line (the simulator's bots
/// trade only with the bank and its harbours: docs/play.md).
pub const BOTS: &str = "Greedy bots in every seat, no trades between players; seat 1 starts. \
                        In brackets: the 95% interval.";

/// The snake-draft bars' heading, now detail below the chances: they do not predict who wins
/// (issue 18 measured r = 0.05 between a seat's draft value and its win rate).
pub fn draft_heading(seats: usize) -> String {
    format!("Detail: what each seat gets in a {seats}-player snake draft (it does not predict who wins)")
}

/// A spread of win shares (best seat's minus worst's) up to this is called even: issue 18's
/// goal for a fair-in-play board ("median per-board spread at most 5 points at 4 seats").
pub const EVEN_SPREAD: f64 = 0.05;

/// A share as a whole percentage, without the sign: "24".
fn percent(share: f64) -> Fixed {
    Fixed(share * 100.0, 0)
}

/// The verdict in a sentence: "Even: every seat wins 23-27% of 2,000 simulated games.", or
/// which seat is favoured and which is not.
pub fn verdict(tally: &Tally) -> String {
    let seats = 0..tally.wins.len();
    // Ties go to the earlier seat.
    let best = seats.clone().rev().max_by_key(|&s| tally.wins[s]);
    let worst = seats.min_by_key(|&s| tally.wins[s]);
    let (Some(best), Some(worst)) = (best, worst) else {
        return "No seats were played.".to_string();
    };
    let (low, high) = (percent(tally.share(worst)), percent(tally.share(best)));
    let games = format!("{} simulated games", thousands(u64::from(tally.games)));
    let mut out = if tally.spread() <= EVEN_SPREAD {
        let (low, high) = (low.to_string(), high.to_string());
        let range = if low == high {
            low
        } else {
            format!("{low}-{high}")
        };
        format!("Even: every seat wins {range}% of {games}.")
    } else {
        format!(
            "Seat {} is favoured: it wins {high}% of {games}, seat {} only {low}%.",
            best + 1,
            worst + 1
        )
    };
    if tally.no_winner > 0 {
        out.push_str(&format!(
            " {} ended without a winner.",
            thousands(u64::from(tally.no_winner))
        ));
    }
    out
}

/// A seat's bar label (`seat` 0-based).
pub fn seat(seat: usize) -> String {
    format!("Seat {}", seat + 1)
}

/// A seat's figure beside its bar: its win share and 95% interval, "24% (22-26%)".
pub fn seat_figure(tally: &Tally, seat: usize) -> String {
    let (low, high) = tally.interval(seat);
    format!(
        "{}% ({}-{}%)",
        percent(tally.share(seat)),
        percent(low),
        percent(high)
    )
}

/// While the games are played.
pub fn playing(done: u32, total: u32) -> String {
    let (done, total) = (thousands(u64::from(done)), thousands(u64::from(total)));
    if done == "0" {
        format!("Playing {total} games…")
    } else {
        format!("Played {done} of {total} games…")
    }
}

/// The progress bar's name.
pub const PLAYING_LABEL: &str = "Games played";

/// Why a board shows no chances: the simulator plays only the base game's rules.
pub fn not_simulated(layout: LayoutId) -> String {
    format!(
        "Seat chances are played out on the base game's boards only (base, 5-6 players and \
         McGuire's); {} boards follow other rules, not simulated yet.",
        game_title(layout.game())
    )
}

/// The play-test could not be played, `why` in the engine's words.
pub fn failed(why: &str) -> String {
    format!("Seat chances could not be worked out: {why}.")
}

/// While a balanced board is chosen by play: the progress bar's name, and its line. The
/// line stays as it is while the bar moves: a status region is read out each time its
/// words change, and each new line laid the page out again beside two busy workers.
pub const CHOOSING_LABEL: &str = "Boards played";
pub const CHOOSING: &str = "Choosing the fairest board by play…";

/// While the fair start is chosen by play (the one by spot values is drawn meanwhile).
pub fn start_choosing(done: u32, total: u32) -> String {
    let percent = u64::from(done) * 100 / u64::from(total.max(1));
    format!(
        "Choosing the fair start by play… {percent}% (the start by spot values is shown meanwhile)"
    )
}

/// The fair start chosen by play, and how its seats did in fresh games from it.
pub fn start_chosen(games: &Tally) -> String {
    format!("Chosen by play. From it: {}", verdict(games))
}

/// A balanced board the simulator did not choose, and why.
pub fn on_paper(player_failed: bool) -> &'static str {
    if player_failed {
        "Balanced on paper only: the game simulator stopped working on this page."
    } else {
        "Balanced on paper only: the game simulator was still loading. Regenerate for a \
         board chosen by play."
    }
}

/// Why the play worker stopped, in words, as the page found it (the reason joins
/// [`player_failed`]).
pub const PLAYER_NOT_LOADED: &str = "could not be loaded";
pub const PLAYER_UNREADABLE: &str = "sent a reply that could not be read";
pub const PLAYER_NOT_STARTED: &str = "could not be started";

/// The play worker was choosing a board and fell silent for `seconds`.
pub fn player_silent(seconds: f64) -> String {
    format!(
        "did not answer within {} seconds",
        crate::fixed::Short(seconds)
    )
}

/// The play worker stopped: no chances on this page from now on.
pub fn player_failed(why: &str) -> String {
    format!("the game simulator {why}; reload the page to try again")
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
        let even = tally(&[460, 540, 500, 500], 2000, 0);
        assert_eq!(
            verdict(&even),
            "Even: every seat wins 23-27% of 2,000 simulated games."
        );
        let flat = tally(&[500, 500, 500, 500], 2000, 0);
        assert_eq!(
            verdict(&flat),
            "Even: every seat wins 25% of 2,000 simulated games."
        );
    }

    #[test]
    fn an_uneven_board_names_the_favoured_seat_and_the_least() {
        let uneven = tally(&[400, 700, 530, 360], 2000, 10);
        assert_eq!(
            verdict(&uneven),
            "Seat 2 is favoured: it wins 35% of 2,000 simulated games, seat 4 only 18%. 10 \
             ended without a winner."
        );
        // Just past the line: a spread of 5.5 points is not even.
        let close = tally(&[445, 555, 500, 500], 2000, 0);
        assert!(verdict(&close).starts_with("Seat 2 is favoured"));
    }

    #[test]
    fn a_seat_shows_its_share_and_interval() {
        let t = tally(&[500, 500, 500, 500], 2000, 0);
        assert_eq!(seat_figure(&t, 0), "25% (23-27%)");
        assert_eq!(seat(0), "Seat 1");
        assert_eq!(playing(0, 2000), "Playing 2,000 games…");
        assert_eq!(playing(650, 2000), "Played 650 of 2,000 games…");
    }
}
