//! Fits `Opening::WEIGHTS` (`src/balance/draft.rs`): on random base boards, each seat's mean
//! opening features over DRAFTS varied drafts (`VariedDraft::mean_features`) against its share
//! of GAMES fresh varied-table games, both with the seats' board mean and each seat's mean
//! over the boards taken out (what the board adds beyond the seat order); least squares, the
//! weights scaled so that a lumber pip is 12. Prints the fitted weights, the fit's r and that
//! of `Opening::strength` as it is, on the random boards and on balanced boards (seeds 5,000
//! on, a third as many: boards whose drafts the choice has already evened).
//!
//! `cargo run --release --example strength_fit [BOARDS] [GAMES] [DRAFTS]` (defaults 400,
//! 8,000, 600; 4 seats). A fourth argument names a table model (`alike`): the games are that
//! table's and the drafts its players' only.

use hexfair::balance::draft::{Opening, VariedDraft};
use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::Settings;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::RuleSet;
use rayon::prelude::*;

#[path = "common/correlation.rs"]
mod correlation;
use correlation::pearson;

const SEATS: usize = 4;
const K: usize = Opening::FEATURES;

/// One board: each seat's win share and mean features.
struct Row {
    wins: [f64; SEATS],
    features: [[f64; K]; SEATS],
}

fn rows(
    mode: Mode,
    (from, count): (u64, u64),
    (games, drafts): (u32, u32),
    table: Option<TableModel>,
) -> Vec<Row> {
    let settings = Settings::new(LayoutId::Base, RuleSet::standard());
    (from..from + count)
        .into_par_iter()
        .map(|seed| {
            let board = find(&settings, mode, DEFAULT_CANDIDATES, seed)
                .expect("standard rules hold")
                .board;
            let shares = PlayTest::new(&board, SEATS, BotKind::Greedy, games, 0xF00D + seed)
                .expect("a base board")
                .with_model(table.unwrap_or(TableModel::Varied))
                .run();
            let mut draft = VariedDraft::new(Layout::get(LayoutId::Base)).expect("judged");
            if let Some(model) = table {
                draft = draft.drawn_from(model);
            }
            let mean = draft.mean_features(&board, SEATS, drafts, 0xABC0 + seed);
            Row {
                wins: std::array::from_fn(|s| shares.seats[s].win_rate),
                features: std::array::from_fn(|s| mean[s]),
            }
        })
        .collect()
}

/// Every board-seat's win share and features, each less its board's mean over the seats and
/// then less the seat's mean over the boards.
fn centred(rows: &[Row]) -> (Vec<f64>, Vec<[f64; K]>) {
    let n = rows.len() as f64;
    let within: Vec<([f64; SEATS], [[f64; K]; SEATS])> = rows
        .iter()
        .map(|r| {
            let w_mean = r.wins.iter().sum::<f64>() / SEATS as f64;
            let f_mean: [f64; K] = std::array::from_fn(|k| {
                r.features.iter().map(|f| f[k]).sum::<f64>() / SEATS as f64
            });
            (
                r.wins.map(|w| w - w_mean),
                r.features
                    .map(|f| std::array::from_fn(|k| f[k] - f_mean[k])),
            )
        })
        .collect();
    let mut wins = Vec::new();
    let mut features = Vec::new();
    for s in 0..SEATS {
        let w_seat = within.iter().map(|(w, _)| w[s]).sum::<f64>() / n;
        let f_seat: [f64; K] =
            std::array::from_fn(|k| within.iter().map(|(_, f)| f[s][k]).sum::<f64>() / n);
        for (w, f) in &within {
            wins.push(w[s] - w_seat);
            features.push(std::array::from_fn(|k| f[s][k] - f_seat[k]));
        }
    }
    (wins, features)
}

/// Least squares by the normal equations (K unknowns), Gaussian elimination with pivoting.
fn least_squares(y: &[f64], x: &[[f64; K]]) -> [f64; K] {
    let mut a = [[0.0; K + 1]; K];
    for (row, &target) in x.iter().zip(y) {
        for i in 0..K {
            for j in 0..K {
                a[i][j] += row[i] * row[j];
            }
            a[i][K] += row[i] * target;
        }
    }
    for col in 0..K {
        let pivot = (col..K)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .expect("rows");
        a.swap(col, pivot);
        let pivot_row = a[col];
        if pivot_row[col] == 0.0 {
            continue;
        }
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let factor = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *x -= factor * p;
                }
            }
        }
    }
    std::array::from_fn(|i| {
        if a[i][i] == 0.0 {
            0.0
        } else {
            a[i][K] / a[i][i]
        }
    })
}

fn weighed(x: &[[f64; K]], weights: &[f64; K]) -> Vec<f64> {
    x.iter()
        .map(|f| f.iter().zip(weights).map(|(v, w)| v * w).sum())
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(400);
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8_000);
    let drafts: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(600);
    // A table model's name: its games, and drafts of its players only.
    let table: Option<TableModel> = args.get(3).map(|a| TableModel::parse(a).expect("a table"));
    let (y, x) = centred(&rows(Mode::Random, (0, boards), (games, drafts), table));
    let beta = least_squares(&y, &x);
    let scale = 12.0 / beta[0];
    println!("weights fitted on {boards} random base boards, 4 seats (twelfths of a pip):");
    for (name, b) in Opening::NAMES.iter().zip(beta) {
        println!("  {name}: {:.1}", b * scale);
    }
    let current = Opening::WEIGHTS.map(f64::from);
    println!(
        "random boards: fit r = {:.3}, Opening::WEIGHTS r = {:.3}",
        pearson(&y, &weighed(&x, &beta)),
        pearson(&y, &weighed(&x, &current))
    );
    let (y, x) = centred(&rows(
        Mode::Balanced,
        (5_000, boards.div_ceil(3)),
        (games, drafts),
        table,
    ));
    println!(
        "balanced boards ({}): the random boards' fit r = {:.3}, Opening::WEIGHTS r = {:.3}",
        boards.div_ceil(3),
        pearson(&y, &weighed(&x, &beta)),
        pearson(&y, &weighed(&x, &current))
    );
}
