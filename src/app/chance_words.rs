//! The words of the Seats tab's chances, all in one place (so they move into a language's
//! table together): the heading, the bots in one line, the verdict, each seat's figure, and
//! what shows while games are played or when there are no figures. Plain Rust, so its tests
//! run natively (`src/lib.rs`).

use crate::catalogue::{game_title, LayoutId};
use crate::fixed::Fixed;
use crate::generate::error::thousands;
use crate::play::seat_order::{seat_order, BoardEffect};
use crate::play::BotKind;
use crate::play_protocol::{Tally, CHANCES_TABLE};

pub const HEADING: &str = "Each seat's chance to win";

/// Who played, and how to read the figures: the players in one line (the simulator's bots
/// trade only with the bank and its harbours: docs/play.md).
pub const BOTS: &str = "Varied players: in every game each seat plays a style of its own and \
                        opens among its near-best spots; no trades between players; seat 1 \
                        starts. In brackets: the 95% interval.";

/// The snake-draft bars' heading, now detail below the chances: they do not predict who wins
/// (issue 18 measured r = 0.05 between a seat's draft value and its win rate).
pub fn draft_heading(seats: usize) -> String {
    format!("Detail: what each seat gets in a {seats}-player snake draft (it does not predict who wins)")
}

/// A share as a whole percentage, without the sign: "24".
fn percent(share: f64) -> Fixed {
    Fixed(share * 100.0, 0)
}

/// The seat order of the Seats tab's games at `seats` seats of `layout`: each seat's share
/// whatever the board ([`crate::play::seat_order`]).
pub fn order(layout: LayoutId, seats: usize) -> Option<&'static [f64]> {
    seat_order(layout, seats, CHANCES_TABLE, BotKind::Greedy)
}

/// What the turn order alone gives, on any board: "On any board the turn order alone gives
/// seats 1 to 4: 26, 25, 25 and 24%."
pub fn seat_order_line(order: &[f64]) -> String {
    let shares: Vec<String> = order.iter().map(|&p| percent(p).to_string()).collect();
    let (last, rest) = shares.split_last().expect("a table has seats");
    format!(
        "On any board the turn order alone gives seats 1 to {}: {} and {last}%.",
        shares.len(),
        rest.join(", ")
    )
}

/// The verdict in a sentence. A board is said to favour a seat only when its own effect,
/// beyond what the turn order gives (`order`), is beyond chance at the 99% level
/// ([`BoardEffect`]); otherwise the seats' range is given and said to be within seat order
/// and chance. Without a measured seat order nothing is claimed beyond the range.
pub fn verdict(tally: &Tally, order: Option<&[f64]>) -> String {
    let seats = 0..tally.wins.len();
    let best = seats.clone().rev().max_by_key(|&s| tally.wins[s]);
    let worst = seats.min_by_key(|&s| tally.wins[s]);
    let (Some(best), Some(worst)) = (best, worst) else {
        return "No seats were played.".to_string();
    };
    let games = format!("{} simulated games", thousands(u64::from(tally.games)));
    let range = || {
        let (low, high) = (
            percent(tally.share(worst)).to_string(),
            percent(tally.share(best)).to_string(),
        );
        if low == high {
            low
        } else {
            format!("{low}-{high}")
        }
    };
    let effect = order.map(|order| BoardEffect::new(&tally.wins, order));
    let mut out = match effect {
        Some(effect) if effect.beyond_chance => {
            let (most, least) = effect.extremes();
            let points = |x: f64| percent(x.abs());
            format!(
                "This board favours seat {}: it wins {}% of {games}, {} points more than its \
                 place in the turn order gives; seat {} wins {}%, {} points less.",
                most + 1,
                percent(tally.share(most)),
                points(effect.effect[most]),
                least + 1,
                percent(tally.share(least)),
                points(effect.effect[least])
            )
        }
        Some(_) => format!(
            "No seat favoured by this board beyond turn order and chance: seats win {}% of \
             {games}.",
            range()
        ),
        None => format!("Seats win {}% of {games}.", range()),
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

/// While the fair start is chosen by play (the one by spot values is drawn meanwhile).
pub fn start_choosing(done: u32, total: u32) -> String {
    let percent = u64::from(done) * 100 / u64::from(total.max(1));
    format!(
        "Choosing the fair start by play… {percent}% (the start by spot values is shown meanwhile)"
    )
}

/// The fair start chosen by play, and how its seats did in fresh games from it. Games that
/// open on a given start have no seat order of their own measured: the range alone.
pub fn start_chosen(games: &Tally) -> String {
    format!("Chosen by play. From it: {}", verdict(games, None))
}

/// Why the play worker stopped, in words, as the page found it (the reason joins
/// [`player_failed`]).
pub const PLAYER_NOT_LOADED: &str = "could not be loaded";
pub const PLAYER_UNREADABLE: &str = "sent a reply that could not be read";
pub const PLAYER_NOT_STARTED: &str = "could not be started";

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

    const ORDER: [f64; 4] = [0.26, 0.25, 0.25, 0.24];

    #[test]
    fn a_board_within_chance_claims_no_favoured_seat() {
        // 19-31%: far from even, yet exactly the seat order's shape at 200 games.
        let few = tally(&[62, 38, 55, 45], 200, 0);
        assert_eq!(
            verdict(&few, Some(&ORDER)),
            "No seat favoured by this board beyond turn order and chance: seats win 19-31% of \
             200 simulated games."
        );
        let flat = tally(&[520, 500, 500, 480], 2000, 0);
        assert_eq!(
            verdict(&flat, Some(&ORDER)),
            "No seat favoured by this board beyond turn order and chance: seats win 24-26% of \
             2,000 simulated games."
        );
        assert_eq!(
            verdict(&flat, None),
            "Seats win 24-26% of 2,000 simulated games."
        );
    }

    #[test]
    fn a_board_beyond_chance_names_the_seat_it_favours_over_the_turn_order() {
        let uneven = tally(&[400, 700, 530, 360], 2000, 10);
        // Seat 2: 700 of 1,990 won, 35%, 10 points over its 25%; seat 4: 18%, 6 under 24%.
        assert_eq!(
            verdict(&uneven, Some(&ORDER)),
            "This board favours seat 2: it wins 35% of 2,000 simulated games, 10 points more \
             than its place in the turn order gives; seat 4 wins 18%, 6 points less. 10 ended \
             without a winner."
        );
    }

    #[test]
    fn the_turn_order_is_said_whatever_the_board() {
        assert_eq!(
            seat_order_line(&ORDER),
            "On any board the turn order alone gives seats 1 to 4: 26, 25, 25 and 24%."
        );
        // The page's games have a measured seat order at each table the simulator plays.
        for (layout, seats) in [
            (LayoutId::Base, 3),
            (LayoutId::Base, 4),
            (LayoutId::McGuire, 4),
            (LayoutId::FiveSix, 5),
            (LayoutId::FiveSix, 6),
        ] {
            let shares = order(layout, seats).expect("measured");
            assert_eq!(shares.len(), seats);
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-3);
        }
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
