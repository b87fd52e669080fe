//! The turn order's offsets of varied drafts (`OFFSETS` in `src/balance/draft.rs`): each
//! seat's mean opening strength less the seats' mean, over random boards of standard rules,
//! in hundredths of a worth unit, printed as the table's rows.
//!
//! `cargo run --release --example draft_offsets [BOARDS] [DRAFTS]` (defaults 400, 2,000;
//! board seeds 0 to BOARDS - 1, each board's drafts from a seed of its own).
//! A third argument names a table model (`varied`, `alike`): drafts of its players only.

use hexfair::balance::draft::VariedDraft;
use hexfair::balance::search::{find, Mode};
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::Settings;
use hexfair::play::TableModel;
use hexfair::rules::RuleSet;
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(400);
    let drafts: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    // A table model's name: drafts of its players only.
    let table: Option<TableModel> = args.get(2).map(|a| TableModel::parse(a).expect("a table"));
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
                    if let Some(model) = table {
                        draft = draft.drawn_from(model);
                    }
                    draft.mean_strengths(&board, seats, drafts, 0xD4AF_0000 + seed)
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
