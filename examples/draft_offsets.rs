//! The turn order's offsets of the board choice's drafts (`OFFSETS` and `PRODUCER_OFFSETS`
//! in `src/balance/draft.rs`): each seat's mean opening strength less the seats' mean, over
//! random boards of standard rules, in hundredths of a worth unit, printed as the table's
//! rows; or, with `typical`, how uneven each kind of drafts finds random boards (`TYPICAL`:
//! the median over the boards of `VariedDraft::parts`, style drafts then producers').
//!
//! `cargo run --release --example draft_offsets [BOARDS] [DRAFTS] [styles|producers|typical]`
//! (defaults 400, 2,000, styles; board seeds 0 to BOARDS - 1, each board's drafts from a
//! seed of its own; `typical` with DRAFTS the choice's final round's, 160).

use hexfair::balance::draft::{Drafters, VariedDraft};
use hexfair::balance::search::{find, Mode};
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::Settings;
use hexfair::rules::RuleSet;
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(400);
    let drafts: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let what = args.get(2).map_or("styles", String::as_str);
    let drafters = match what {
        "styles" => Drafters::Styles,
        "producers" => Drafters::Producers,
        "typical" => return typical(boards, drafts),
        other => panic!("styles, producers or typical, not {other}"),
    };
    for (layout, name) in [
        (LayoutId::Base, "Base"),
        (LayoutId::McGuire, "McGuire"),
        (LayoutId::FiveSix, "FiveSix"),
    ] {
        let settings = Settings::new(layout, RuleSet::standard());
        for seats in layout.seats() {
            let sums: Vec<Vec<f64>> = (0..boards)
                .into_par_iter()
                .map(|seed| {
                    let board = find(&settings, Mode::Random, 1, seed)
                        .expect("standard rules")
                        .board;
                    let mut draft = VariedDraft::new(Layout::get(layout)).expect("a judged layout");
                    draft.mean_strengths(drafters, &board, seats, drafts, 0xD4AF_0000 + seed)
                })
                .collect();
            let mean: Vec<i64> = (0..seats)
                .map(|s| {
                    (100.0 * sums.iter().map(|v| v[s]).sum::<f64>() / boards as f64).round() as i64
                })
                .collect();
            let mut row = [0i64; 6];
            row[..seats].copy_from_slice(&mean);
            println!("    (LayoutId::{name}, {seats}, {row:?}),");
        }
    }
}

/// The `TYPICAL` rows: each layout's median of `VariedDraft::parts` over random boards.
fn typical(boards: u64, drafts: u32) {
    for (layout, name) in [
        (LayoutId::Base, "Base"),
        (LayoutId::McGuire, "McGuire"),
        (LayoutId::FiveSix, "FiveSix"),
    ] {
        let settings = Settings::new(layout, RuleSet::standard());
        let parts: Vec<[i64; 2]> = (0..boards)
            .into_par_iter()
            .map(|seed| {
                let board = find(&settings, Mode::Random, 1, seed)
                    .expect("standard rules")
                    .board;
                let mut draft = VariedDraft::new(Layout::get(layout)).expect("a judged layout");
                draft.parts(&board, drafts, 0x7E1C_0000 + seed)
            })
            .collect();
        let median = |k: usize| {
            let mut values: Vec<i64> = parts.iter().map(|p| p[k]).collect();
            values.sort_unstable();
            values[values.len() / 2]
        };
        println!("    (LayoutId::{name}, [{}, {}]),", median(0), median(1));
    }
}
