//! What the seat order gives and what a board adds (../shared/fairness-measure.md).
//!
//! A play-test's spread mixes chance (the games played), the seat order (the same on every
//! board of a game and table size) and the board. The seat order is measured once, pooled
//! over many random boards ([`SEAT_ORDER`]); a board's own effect is its seats' shares less
//! those, and it is called beyond chance only when a chi-square test of its win counts
//! against them says so at the 99% level ([`BoardEffect`]): chance alone flags about one
//! board in a hundred.

use super::bots::BotKind;
use crate::balance::players::TableModel;
use crate::catalogue::LayoutId;

/// The chi-square distribution's 99th percentile by degrees of freedom (1 to 5: 2 to 6
/// seats less one), from the standard tables (e.g. NIST/SEMATECH e-Handbook of Statistical
/// Methods, 1.3.6.7.4, "Critical Values of the Chi-Square Distribution").
const CHI_SQUARE_99: [f64; 6] = [f64::INFINITY, 6.635, 9.210, 11.345, 13.277, 15.086];

/// One row of the seat order: each seat's win share, pooled over many random boards, of a
/// game at a table size, played by a table model and a bot.
pub struct SeatOrder {
    pub layout: LayoutId,
    pub model: TableModel,
    pub bot: BotKind,
    pub shares: &'static [f64],
}

const fn row(
    layout: LayoutId,
    model: TableModel,
    bot: BotKind,
    shares: &'static [f64],
) -> SeatOrder {
    SeatOrder {
        layout,
        model,
        bot,
        shares,
    }
}

/// Each seat's pooled win share, measured by `cargo run --release --example seat_order 300
/// 400` (300 random boards of standard rules, seeds 0 to 299, 400 games each from seed
/// 0x5EA7 + board: 120,000 games a row; games with a winner only), the look-ahead bot's rows
/// by `... seat_order 300 400 lookahead`. Their 95% margin is about 0.0025 a share.
/// docs/play.md has the table.
#[rustfmt::skip]
pub const SEAT_ORDER: &[SeatOrder] = &[
    row(LayoutId::Base, TableModel::Varied, BotKind::Greedy, &[0.3278, 0.3336, 0.3386]),
    row(LayoutId::Base, TableModel::Varied, BotKind::Weighted, &[0.3346, 0.3363, 0.3292]),
    row(LayoutId::Base, TableModel::Alike, BotKind::Greedy, &[0.3437, 0.3321, 0.3242]),
    row(LayoutId::Base, TableModel::Alike, BotKind::Weighted, &[0.3517, 0.3342, 0.3141]),
    row(LayoutId::Base, TableModel::Greedy, BotKind::Greedy, &[0.3518, 0.3286, 0.3196]),
    row(LayoutId::Base, TableModel::Greedy, BotKind::Weighted, &[0.3546, 0.3394, 0.3060]),
    row(LayoutId::Base, TableModel::Varied, BotKind::Greedy, &[0.2434, 0.2482, 0.2533, 0.2551]),
    row(LayoutId::Base, TableModel::Varied, BotKind::Weighted, &[0.2520, 0.2530, 0.2505, 0.2444]),
    row(LayoutId::Base, TableModel::Alike, BotKind::Greedy, &[0.2532, 0.2524, 0.2459, 0.2485]),
    row(LayoutId::Base, TableModel::Alike, BotKind::Weighted, &[0.2662, 0.2575, 0.2421, 0.2342]),
    row(LayoutId::Base, TableModel::Greedy, BotKind::Greedy, &[0.2649, 0.2482, 0.2392, 0.2478]),
    row(LayoutId::Base, TableModel::Greedy, BotKind::Weighted, &[0.2763, 0.2644, 0.2266, 0.2327]),
    row(LayoutId::McGuire, TableModel::Varied, BotKind::Greedy, &[0.3385, 0.3342, 0.3273]),
    row(LayoutId::McGuire, TableModel::Varied, BotKind::Weighted, &[0.3350, 0.3331, 0.3320]),
    row(LayoutId::McGuire, TableModel::Alike, BotKind::Greedy, &[0.3566, 0.3283, 0.3151]),
    row(LayoutId::McGuire, TableModel::Alike, BotKind::Weighted, &[0.3425, 0.3323, 0.3252]),
    row(LayoutId::McGuire, TableModel::Greedy, BotKind::Greedy, &[0.3701, 0.3167, 0.3131]),
    row(LayoutId::McGuire, TableModel::Greedy, BotKind::Weighted, &[0.3434, 0.3375, 0.3191]),
    row(LayoutId::McGuire, TableModel::Varied, BotKind::Greedy, &[0.2537, 0.2494, 0.2496, 0.2473]),
    row(LayoutId::McGuire, TableModel::Varied, BotKind::Weighted, &[0.2491, 0.2505, 0.2503, 0.2502]),
    row(LayoutId::McGuire, TableModel::Alike, BotKind::Greedy, &[0.2753, 0.2551, 0.2416, 0.2280]),
    row(LayoutId::McGuire, TableModel::Alike, BotKind::Weighted, &[0.2638, 0.2537, 0.2434, 0.2392]),
    row(LayoutId::McGuire, TableModel::Greedy, BotKind::Greedy, &[0.2937, 0.2447, 0.2384, 0.2233]),
    row(LayoutId::McGuire, TableModel::Greedy, BotKind::Weighted, &[0.2643, 0.2537, 0.2481, 0.2339]),
    row(LayoutId::FiveSix, TableModel::Varied, BotKind::Greedy, &[0.1997, 0.1981, 0.1992, 0.2008, 0.2022]),
    row(LayoutId::FiveSix, TableModel::Varied, BotKind::Weighted, &[0.2055, 0.2047, 0.2003, 0.1979, 0.1915]),
    row(LayoutId::FiveSix, TableModel::Alike, BotKind::Greedy, &[0.2167, 0.2044, 0.1958, 0.1901, 0.1930]),
    row(LayoutId::FiveSix, TableModel::Alike, BotKind::Weighted, &[0.2238, 0.2094, 0.1950, 0.1898, 0.1820]),
    row(LayoutId::FiveSix, TableModel::Greedy, BotKind::Greedy, &[0.2216, 0.2134, 0.1957, 0.1849, 0.1844]),
    row(LayoutId::FiveSix, TableModel::Greedy, BotKind::Weighted, &[0.2299, 0.2236, 0.1962, 0.1845, 0.1657]),
    row(LayoutId::FiveSix, TableModel::Varied, BotKind::Greedy, &[0.1660, 0.1659, 0.1664, 0.1677, 0.1665, 0.1675]),
    row(LayoutId::FiveSix, TableModel::Varied, BotKind::Weighted, &[0.1735, 0.1708, 0.1677, 0.1655, 0.1624, 0.1601]),
    row(LayoutId::FiveSix, TableModel::Alike, BotKind::Greedy, &[0.1835, 0.1729, 0.1636, 0.1619, 0.1597, 0.1585]),
    row(LayoutId::FiveSix, TableModel::Alike, BotKind::Weighted, &[0.1900, 0.1776, 0.1683, 0.1603, 0.1551, 0.1486]),
    row(LayoutId::FiveSix, TableModel::Greedy, BotKind::Greedy, &[0.1872, 0.1760, 0.1747, 0.1593, 0.1464, 0.1564]),
    row(LayoutId::FiveSix, TableModel::Greedy, BotKind::Weighted, &[0.1967, 0.1904, 0.1675, 0.1620, 0.1362, 0.1472]),
    row(LayoutId::Base, TableModel::Varied, BotKind::Lookahead, &[0.3304, 0.3332, 0.3364]),
    row(LayoutId::Base, TableModel::Alike, BotKind::Lookahead, &[0.3410, 0.3329, 0.3261]),
    row(LayoutId::Base, TableModel::Greedy, BotKind::Lookahead, &[0.3535, 0.3250, 0.3215]),
    row(LayoutId::Base, TableModel::Varied, BotKind::Lookahead, &[0.2433, 0.2514, 0.2516, 0.2537]),
    row(LayoutId::Base, TableModel::Alike, BotKind::Lookahead, &[0.2578, 0.2522, 0.2451, 0.2449]),
    row(LayoutId::Base, TableModel::Greedy, BotKind::Lookahead, &[0.2675, 0.2488, 0.2387, 0.2449]),
    row(LayoutId::McGuire, TableModel::Varied, BotKind::Lookahead, &[0.3372, 0.3330, 0.3298]),
    row(LayoutId::McGuire, TableModel::Alike, BotKind::Lookahead, &[0.3483, 0.3360, 0.3157]),
    row(LayoutId::McGuire, TableModel::Greedy, BotKind::Lookahead, &[0.3580, 0.3211, 0.3210]),
    row(LayoutId::McGuire, TableModel::Varied, BotKind::Lookahead, &[0.2537, 0.2490, 0.2499, 0.2473]),
    row(LayoutId::McGuire, TableModel::Alike, BotKind::Lookahead, &[0.2695, 0.2517, 0.2439, 0.2349]),
    row(LayoutId::McGuire, TableModel::Greedy, BotKind::Lookahead, &[0.2813, 0.2476, 0.2434, 0.2276]),
    row(LayoutId::FiveSix, TableModel::Varied, BotKind::Lookahead, &[0.2020, 0.2006, 0.1998, 0.1995, 0.1981]),
    row(LayoutId::FiveSix, TableModel::Alike, BotKind::Lookahead, &[0.2206, 0.2058, 0.1974, 0.1901, 0.1861]),
    row(LayoutId::FiveSix, TableModel::Greedy, BotKind::Lookahead, &[0.2251, 0.2165, 0.1930, 0.1868, 0.1787]),
    row(LayoutId::FiveSix, TableModel::Varied, BotKind::Lookahead, &[0.1704, 0.1670, 0.1680, 0.1667, 0.1632, 0.1647]),
    row(LayoutId::FiveSix, TableModel::Alike, BotKind::Lookahead, &[0.1877, 0.1737, 0.1656, 0.1611, 0.1579, 0.1540]),
    row(LayoutId::FiveSix, TableModel::Greedy, BotKind::Lookahead, &[0.1970, 0.1759, 0.1685, 0.1642, 0.1463, 0.1481]),
];

/// The seat order of a game played by `model` and `bot` at `seats` seats of `layout`, if it
/// was measured.
pub fn seat_order(
    layout: LayoutId,
    seats: usize,
    model: TableModel,
    bot: BotKind,
) -> Option<&'static [f64]> {
    SEAT_ORDER
        .iter()
        .find(|row| {
            row.layout == layout
                && row.model == model
                && row.bot == bot
                && row.shares.len() == seats
        })
        .map(|row| row.shares)
}

/// Pearson's chi-square statistic of `wins` (a seat's wins) against `shares` (the seats'
/// expected shares of the games won).
pub fn chi_square(wins: &[u32], shares: &[f64]) -> f64 {
    let won: f64 = wins.iter().map(|&w| f64::from(w)).sum();
    wins.iter()
        .zip(shares)
        .map(|(&w, &p)| {
            let expected = won * p;
            let gap = f64::from(w) - expected;
            gap * gap / expected.max(f64::MIN_POSITIVE)
        })
        .sum()
}

/// What a board adds to the seat order, from one play-test.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardEffect {
    /// Each seat's share of the games won less its seat-order share.
    pub effect: Vec<f64>,
    /// [`chi_square`] of the wins against the seat order.
    pub chi_square: f64,
    /// Whether the board's effect is beyond chance at the 99% level.
    pub beyond_chance: bool,
}

impl BoardEffect {
    /// The effect of a board whose seats won `wins` at a table whose seat order is `shares`.
    pub fn new(wins: &[u32], shares: &[f64]) -> BoardEffect {
        let won: f64 = wins.iter().map(|&w| f64::from(w)).sum();
        let effect = wins
            .iter()
            .zip(shares)
            .map(|(&w, &p)| {
                if won > 0.0 {
                    f64::from(w) / won - p
                } else {
                    0.0
                }
            })
            .collect();
        let chi_square = chi_square(wins, shares);
        let critical = CHI_SQUARE_99
            .get(wins.len().saturating_sub(1))
            .copied()
            .unwrap_or(f64::INFINITY);
        BoardEffect {
            effect,
            chi_square,
            beyond_chance: won > 0.0 && chi_square > critical,
        }
    }

    /// The seat the board favours most and the one it favours least (0-based; ties to the
    /// earlier seat).
    pub fn extremes(&self) -> (usize, usize) {
        let seats = 0..self.effect.len();
        let most = seats
            .clone()
            .rev()
            .max_by(|&a, &b| self.effect[a].total_cmp(&self.effect[b]))
            .unwrap_or(0);
        let least = seats
            .min_by(|&a, &b| self.effect[a].total_cmp(&self.effect[b]))
            .unwrap_or(0);
        (most, least)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random::Random;

    #[test]
    fn every_table_the_simulator_plays_has_its_seat_order() {
        for (layout, seats) in [
            (LayoutId::Base, 3),
            (LayoutId::Base, 4),
            (LayoutId::McGuire, 3),
            (LayoutId::McGuire, 4),
            (LayoutId::FiveSix, 5),
            (LayoutId::FiveSix, 6),
        ] {
            for model in TableModel::ALL {
                for bot in [BotKind::Greedy, BotKind::Weighted, BotKind::Lookahead] {
                    let shares = seat_order(layout, seats, model, bot)
                        .unwrap_or_else(|| panic!("{layout} {seats} {model:?} {bot:?}"));
                    assert_eq!(shares.len(), seats);
                    assert!(
                        (shares.iter().sum::<f64>() - 1.0).abs() < 1e-3,
                        "{shares:?}"
                    );
                }
            }
        }
        assert_eq!(SEAT_ORDER.len(), 6 * 3 * 3, "one row each, no more");
    }

    #[test]
    fn wins_at_the_seat_order_are_not_beyond_chance() {
        let shares = [0.28, 0.25, 0.24, 0.23];
        let flat = BoardEffect::new(&[560, 500, 480, 460], &shares);
        assert!(flat.chi_square < 1e-9);
        assert!(!flat.beyond_chance);
        assert!(flat.effect.iter().all(|e| e.abs() < 1e-12));
    }

    #[test]
    fn a_clear_seat_effect_is_beyond_chance_and_named() {
        let shares = [0.25; 4];
        let uneven = BoardEffect::new(&[400, 700, 530, 370], &shares);
        assert!(uneven.beyond_chance, "{uneven:?}");
        assert_eq!(uneven.extremes(), (1, 3));
        assert!((uneven.effect[1] - 0.10).abs() < 1e-12);
        // The same shares in 100 games: within chance.
        let few = BoardEffect::new(&[20, 35, 27, 18], &shares);
        assert!(!few.beyond_chance, "{few:?}");
        assert!(!BoardEffect::new(&[0, 0, 0], &[1.0 / 3.0; 3]).beyond_chance);
    }

    #[test]
    fn chance_alone_flags_about_one_board_in_a_hundred() {
        // Boards with no effect at all: 2,000 games drawn from the seat order itself.
        let shares = [0.27, 0.26, 0.24, 0.23];
        let mut rng = Random::new(11);
        let boards = 3_000;
        let flagged = (0..boards)
            .filter(|_| {
                let mut wins = [0u32; 4];
                for _ in 0..2_000 {
                    let mut u = rng.unit();
                    let seat = shares
                        .iter()
                        .position(|&p| {
                            u -= p;
                            u < 0.0
                        })
                        .unwrap_or(3);
                    wins[seat] += 1;
                }
                BoardEffect::new(&wins, &shares).beyond_chance
            })
            .count();
        // 1% of 3,000 is 30; binomial 95% range about 19 to 41.
        assert!(
            (15..=45).contains(&flagged),
            "{flagged} of {boards} flagged"
        );
    }
}
