//! What the fairness examples (play_fairness, start_fairness, table_fairness, table_gap)
//! share: the median and other quantiles, and the spread that chance alone gives.

// Each example includes this file as a module of its own and uses part of it.
#![allow(dead_code)]

use hexfair::generate::random::Random;

pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// The value at quantile `q` (0 to 1) of `values`, the nearest rank.
pub fn quantile(mut values: Vec<f64>, q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let at = (q * (values.len() - 1) as f64).round() as usize;
    values[at]
}

/// The median spread of `games` games whose winner is any of `seats` seats alike.
pub fn noise(seats: usize, games: u32) -> f64 {
    let mut rng = Random::new(0x0015E);
    let spreads = (0..2_000)
        .map(|_| {
            let mut wins = [0u32; 6];
            for _ in 0..games {
                wins[rng.index(seats)] += 1;
            }
            let wins = &wins[..seats];
            f64::from(wins.iter().max().unwrap() - wins.iter().min().unwrap()) / f64::from(games)
        })
        .collect();
    median(spreads)
}

/// Seat order alone: the spread of the seats' win shares pooled over every board (`wins`
/// a seat, summed), and the shares.
pub fn pooled(wins: &[u64], games: f64) -> (f64, Vec<f64>) {
    let shares: Vec<f64> = wins.iter().map(|&w| w as f64 / games).collect();
    let spread =
        shares.iter().copied().fold(0.0, f64::max) - shares.iter().copied().fold(1.0, f64::min);
    (spread, shares)
}
