//! What the fairness examples (play_fairness, start_fairness) share: the median, and the
//! spread that chance alone gives.

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
