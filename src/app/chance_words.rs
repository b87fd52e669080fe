//! The words of the Seats tab's chances, all in one place: the heading, the players in one
//! line, the verdict, each seat's figure, and what shows while games are played or when
//! there are no figures, each through the page's language table (`words`). Plain Rust, so
//! its tests run natively (`src/app/mod.rs`).

use super::protocol::play::Tally;
use super::protocol::player::CHANCES_TABLE;
use hexfair::catalogue::LayoutId;
use hexfair::model::Expansion;
use hexfair::play::seat_order::{seat_order, BoardEffect};
use hexfair::play::BotKind;

use super::names::{game_title, grouped};
use super::state::Trouble;
use super::words::{Key, Words};

/// A share as a whole percentage, without the sign (each language's template places its
/// own sign and space): "24". Every share the tab shows is rounded here, once, and the
/// words' differences are taken from these rounded figures (see [`verdict`]).
fn percent(share: f64) -> i64 {
    (share * 100.0).round() as i64
}

/// The seat order of the Seats tab's games at `seats` seats of `layout`: each seat's share
/// whatever the board ([`hexfair::play::seat_order`]).
pub fn order(layout: LayoutId, seats: usize) -> Option<&'static [f64]> {
    seat_order(layout, seats, CHANCES_TABLE, BotKind::Greedy)
}

/// The fair start's words for the table's game: the Balance tab's choice and the Seats
/// tab's hint (two settlements a seat, or at a Cities & Knights table a settlement and a
/// city, as the board draws them).
pub fn fair_start_keys(game: Expansion) -> (Key, Key) {
    match game {
        Expansion::BaseGame => (Key::OverlayFairStart, Key::FairStartHint),
        Expansion::CitiesAndKnights => (Key::OverlayFairStartCities, Key::FairStartHintCities),
    }
}

/// The snake-draft bars' heading, now detail below the chances: they do not predict who wins
/// (a seat's draft value and its win rate were measured to correlate at r = 0.05).
pub fn draft_heading(words: &Words, seats: usize) -> String {
    words.fill(Key::DraftTitle, &[("count", &seats)])
}

/// What the turn order alone gives, on any board: "On any board the turn order alone gives
/// seats 1 to 4: 26, 25, 25 and 24%."
pub fn seat_order_line(words: &Words, order: &[f64]) -> String {
    let shares: Vec<String> = order.iter().map(|&p| percent(p).to_string()).collect();
    words.fill(
        Key::SeatOrderLine,
        &[("count", &order.len()), ("shares", &words.listed(&shares))],
    )
}

/// The verdict in a sentence. A board is said to favour a seat only when its own effect,
/// beyond what the turn order gives (`order`), is beyond chance at the 99% level
/// ([`BoardEffect`]); otherwise the seats' range is given and said to be within seat order
/// and chance. Without a measured seat order nothing is claimed beyond the range.
///
/// The points more and less are the differences of the whole percentages on screen (the
/// seat's share here, its turn order's share in [`seat_order_line`]), not the rounded
/// effect: a seat shown winning 28% against the turn order's 25% is said to win 3 points
/// more, where the rounded effect (3.94 points) said 4. When the figures shown leave the
/// least favoured seat no point below its turn order's, it is not named; when they leave the
/// favoured one no point above, no seat is named (the range alone is said).
pub fn verdict(words: &Words, tally: &Tally, order: Option<&[f64]>) -> String {
    let Some((best, worst)) = extremes(tally) else {
        return words.get(Key::VerdictNoSeats).to_string();
    };
    let games = simulated_games(words, tally);
    // The seats' range said in `key`'s sentence.
    let ranged = |key: Key| {
        let (low, high) = (percent(tally.share(worst)), percent(tally.share(best)));
        let range = if low == high {
            low.to_string()
        } else {
            // A range never breaks across lines (the other languages' hyphen is a no-break one).
            words.fill(Key::Range, &[("low", &low), ("high", &high)])
        };
        words.fill(key, &[("range", &range), ("games", &games)])
    };
    let mut out = match order {
        Some(order) => {
            let effect = BoardEffect::new(&tally.wins, order);
            if effect.beyond_chance {
                let (most, least) = effect.extremes();
                // The seat's share on screen against its turn order's on screen.
                let shown = |seat: usize| (percent(tally.share(seat)), percent(order[seat]));
                let ((most_share, most_order), (least_share, least_order)) =
                    (shown(most), shown(least));
                let points = |count: i64| {
                    words.counted(
                        count.unsigned_abs() as usize,
                        Key::PointsOne,
                        Key::PointsMany,
                    )
                };
                let (more, less) = (most_share - most_order, least_order - least_share);
                let slots: [(&str, &dyn std::fmt::Display); 7] = [
                    ("most", &(most + 1)),
                    ("most_share", &most_share),
                    ("games", &games),
                    ("more", &points(more)),
                    ("least", &(least + 1)),
                    ("least_share", &least_share),
                    ("less", &points(less)),
                ];
                match (more > 0, less > 0) {
                    (true, true) => words.fill(Key::VerdictFavoured, &slots),
                    (true, false) => words.fill(Key::VerdictFavouredOnly, &slots[..4]),
                    (false, _) => ranged(Key::VerdictRange),
                }
            } else {
                ranged(Key::VerdictEven)
            }
        }
        None => ranged(Key::VerdictRange),
    };
    out.push_str(&no_winner(words, tally));
    out
}

/// The seats that won most and least (the first of equals), if any seat played.
fn extremes(tally: &Tally) -> Option<(usize, usize)> {
    let seats = 0..tally.wins.len();
    let most = seats.clone().rev().max_by_key(|&s| tally.wins[s])?;
    let least = seats.min_by_key(|&s| tally.wins[s])?;
    Some((most, least))
}

/// "2,000 simulated games".
fn simulated_games(words: &Words, tally: &Tally) -> String {
    words.fill(
        Key::SimulatedGames,
        &[("count", &grouped(words, u64::from(tally.games)))],
    )
}

/// " 3 ended without a winner." when games did, else nothing.
fn no_winner(words: &Words, tally: &Tally) -> String {
    match tally.no_winner {
        0 => String::new(),
        count => format!(
            " {}",
            words.fill(
                Key::NoWinner,
                &[("count", &grouped(words, u64::from(count)))]
            )
        ),
    }
}

/// A seat's bar label (`seat` 0-based).
pub fn seat(words: &Words, seat: usize) -> String {
    words.fill(Key::SeatNumber, &[("n", &(seat + 1))])
}

/// A seat's figure beside its bar: its win share and 95% interval, "24% (22-26%)".
pub fn seat_figure(words: &Words, tally: &Tally, seat: usize) -> String {
    let (low, high) = tally.interval(seat);
    words.fill(
        Key::SeatFigure,
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
    words.fill(
        Key::ChancesNotSimulated,
        &[("game", &game_title(words, layout.game()))],
    )
}

/// Why the play worker gave nothing, in words: what the page saw, or what the browser or
/// the engine said (their own words, which no table holds).
pub fn trouble(words: &Words, trouble: &Trouble) -> String {
    let said = |key| words.get(key).to_string();
    let stopped = |key| words.fill(Key::SimulatorStopped, &[("why", &said(key))]);
    match trouble {
        Trouble::NotLoaded => stopped(Key::SimulatorNotLoaded),
        Trouble::NotStarted => stopped(Key::SimulatorNotStarted),
        Trouble::Unreadable => stopped(Key::SimulatorUnreadable),
        Trouble::Stopped(why) => words.fill(Key::SimulatorError, &[("why", why)]),
        Trouble::Said(why) => why.clone(),
    }
}

/// The play-test could not be played.
pub fn failed(words: &Words, why: &Trouble) -> String {
    words.fill(Key::ChancesFailed, &[("why", &trouble(words, why))])
}

/// While the fair start is chosen by play (the one by spot values is drawn meanwhile).
pub fn start_choosing(words: &Words, done: u32, total: u32) -> String {
    let percent = u64::from(done) * 100 / u64::from(total.max(1));
    words.fill(Key::StartChoosing, &[("percent", &percent)])
}

/// The fair start chosen by play, and how its seats did in fresh games from it: the seats
/// that won most and least, named with their shares. Games that open on a given start have
/// no seat order of their own measured, so nothing is said of chance; a start placed for
/// everyone is less even in play than a table's own draft (docs/play.md, "The fair start
/// chosen by play"), and the words must not call it even when one seat won a third.
pub fn start_chosen(words: &Words, tally: &Tally) -> String {
    let Some((most, least)) = extremes(tally) else {
        return words.get(Key::VerdictNoSeats).to_string();
    };
    let games = simulated_games(words, tally);
    let (most_share, least_share) = (percent(tally.share(most)), percent(tally.share(least)));
    let mut out = if most_share == least_share {
        words.fill(
            Key::StartChosenEven,
            &[("games", &games), ("range", &most_share)],
        )
    } else {
        words.fill(
            Key::StartChosen,
            &[
                ("games", &games),
                ("most", &(most + 1)),
                ("most_share", &most_share),
                ("least", &(least + 1)),
                ("least_share", &least_share),
            ],
        )
    };
    out.push_str(&no_winner(words, tally));
    out
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
    fn a_cities_and_knights_fair_start_is_worded_a_settlement_and_a_city() {
        let words = Words::english();
        let said = |game| {
            let (overlay, hint) = fair_start_keys(game);
            (
                words.get(overlay).to_string(),
                words.fill(hint, &[("count", &4)]),
            )
        };
        assert_eq!(
            said(Expansion::BaseGame),
            (
                "A fair start: two settlements a seat".to_string(),
                "two settlements for each of the 4 seats, placed for everyone: a house rule, \
                 usually less even in play than seats choosing their own"
                    .to_string()
            )
        );
        assert_eq!(
            said(Expansion::CitiesAndKnights),
            (
                "A fair start: a settlement and a city a seat".to_string(),
                // Measured in play for the base game only: C&K is not simulated.
                "a settlement and a city for each of the 4 seats, placed for everyone: a house \
                 rule"
                    .to_string()
            )
        );
    }

    #[test]
    fn a_board_within_chance_claims_no_favoured_seat() {
        let words = Words::english();
        // 19-31%: far from even, yet exactly the seat order's shape at 200 games.
        let few = tally(&[62, 38, 55, 45], 200, 0);
        assert_eq!(
            verdict(&words, &few, Some(&ORDER)),
            "No seat favoured by this board beyond turn order and chance: seats win 19-31% of \
             200 simulated games."
        );
        let flat = tally(&[520, 500, 500, 480], 2000, 0);
        assert_eq!(
            verdict(&words, &flat, Some(&ORDER)),
            "No seat favoured by this board beyond turn order and chance: seats win 24-26% of \
             2,000 simulated games."
        );
        assert_eq!(
            verdict(&words, &flat, None),
            "Seats win 24-26% of 2,000 simulated games."
        );
    }

    #[test]
    fn a_board_beyond_chance_names_the_seat_it_favours_over_the_turn_order() {
        let uneven = tally(&[400, 700, 530, 360], 2000, 10);
        // Seat 2: 700 of 1,990 won, 35%, 10 points over its 25%; seat 4: 18%, 6 under 24%.
        assert_eq!(
            verdict(&Words::english(), &uneven, Some(&ORDER)),
            "This board favours seat 2: it wins 35% of 2,000 simulated games, 10 points more \
             than its place in the turn order gives; seat 4 wins 18%, 6 points less. 10 ended \
             without a winner."
        );
    }

    #[test]
    fn the_points_said_are_the_differences_of_the_figures_shown() {
        let words = Words::english();
        // Seat 1 wins 569 of 2,000 (28.45%, shown 28%) where the turn order gives 24.51%
        // (shown 25%): 3 points on screen, though its effect, 3.94 points, rounds to 4. Seat
        // 2 wins 23.55% (shown 24%) against 25.49% (shown 25%): 1 point, not 2.
        let order = [0.2451, 0.2549, 0.25, 0.25];
        let named = tally(&[569, 471, 480, 480], 2000, 0);
        let effect = BoardEffect::new(&named.wins, &order);
        assert!(effect.beyond_chance);
        assert_eq!(percent(effect.effect[0]), 4, "the effect alone said 4");
        assert_eq!(
            verdict(&words, &named, Some(&order)),
            "This board favours seat 1: it wins 28% of 2,000 simulated games, 3 points more \
             than its place in the turn order gives; seat 2 wins 24%, 1 point less."
        );
        assert_eq!(
            seat_order_line(&words, &order),
            "On any board the turn order alone gives seats 1 to 4: 25, 25, 25 and 25%."
        );
        assert_eq!(seat_figure(&words, &named, 0), "28% (27-30%)");
        // The least favoured seat shown at its turn order's figure is not said to win less.
        // Seat 2 wins 24.55% (shown 25%) where the turn order gives 25.49% (shown 25%).
        let order = [0.2451, 0.2549, 0.2451, 0.2549];
        let level = tally(&[5450, 4910, 4720, 4920], 20_000, 0);
        let effect = BoardEffect::new(&level.wins, &order);
        assert!(effect.beyond_chance);
        assert_eq!(effect.extremes(), (0, 1));
        assert_eq!(
            verdict(&words, &level, Some(&order)),
            "This board favours seat 1: it wins 27% of 20,000 simulated games, 2 points more \
             than its place in the turn order gives."
        );
    }

    #[test]
    fn a_chosen_start_names_the_seats_that_won_most_and_least_and_claims_no_evenness() {
        let words = Words::english();
        // Seat 3 won a third: said as it is, not as "about equally good".
        let uneven = tally(&[340, 420, 640, 600], 2000, 0);
        assert_eq!(
            start_chosen(&words, &uneven),
            "Chosen by play. In 2,000 simulated games from this start, seat 3 won most (32%) \
             and seat 1 least (17%)."
        );
        let even = tally(&[500, 500, 500, 499], 2000, 1);
        assert_eq!(
            start_chosen(&words, &even),
            "Chosen by play. In 2,000 simulated games from this start, seats won 25% each. 1 \
             ended without a winner."
        );
        assert_eq!(
            start_chosen(&words, &tally(&[], 0, 0)),
            "No seats were played."
        );
    }

    #[test]
    fn the_turn_order_is_said_whatever_the_board() {
        assert_eq!(
            seat_order_line(&Words::english(), &ORDER),
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
        let words = Words::english();
        let t = tally(&[500, 500, 500, 500], 2000, 0);
        assert_eq!(seat_figure(&words, &t, 0), "25% (23-27%)");
        assert_eq!(seat(&words, 0), "Seat 1");
        assert_eq!(playing(&words, 0, 2000), "Playing 2,000 games…");
        assert_eq!(playing(&words, 650, 2000), "Played 650 of 2,000 games…");
        assert_eq!(
            failed(&words, &Trouble::NotLoaded),
            "Seat chances could not be worked out: the game simulator could not be loaded; \
             reload the page to try again."
        );
    }
}
