//! How boards and reports are written: text, JSON, CSV and SVG.

use rayon::prelude::*;
use serde_json::json;

use super::arguments::Format;
use super::playtest::{report_json, report_text};
use crate::bulk::Seeded;
use crate::words::english;
use hexfair::balance::score::{Factors, Scorer};
use hexfair::balance::search::Mode;
use hexfair::balance::spots::{fair_start_in, snake_draft_in, spots_in, Seating};
use hexfair::board::Board;
use hexfair::generate::Settings;
use hexfair::model::Expansion;
use hexfair::play::playtest::DEFAULT_SEED;
use hexfair::play::seat_order::seat_order;
use hexfair::play::{BotKind, PlayReport, TableModel};
use hexfair::rules::resource_pips;
use hexfair::{picture, share};

/// Boards of `generate --count` in `format`, rendered in parallel on the current pool.
pub(super) fn bulk_render(
    boards: &[Seeded],
    settings: &Settings,
    mode: Mode,
    format: Format,
) -> String {
    let count = boards.len();
    let entries: Vec<String> = boards
        .par_iter()
        .enumerate()
        .map(|(i, board)| match format {
            Format::Json => {
                let mut value = board_value(board, settings, mode);
                value["index"] = json!(i + 1);
                format!(
                    "{}\n",
                    serde_json::to_string(&value).expect("plain JSON values")
                )
            }
            Format::Csv => csv_row(i + 1, board, settings, mode),
            Format::Page => page_line(board, settings, mode),
            Format::Text | Format::Svg => format!(
                "board: {} of {count}\n{}",
                i + 1,
                render(board, settings, mode, format)
            ),
        })
        .collect();
    let header = if format == Format::Csv {
        CSV_HEADER
    } else {
        ""
    };
    let separator = if format == Format::Text { "\n" } else { "" };
    format!("{header}{}", entries.join(separator))
}

const CSV_HEADER: &str = "index,seed,layout,mode,score,terrain,numbers,share_token\n";

/// One board as a CSV row (RFC 4180 quoting; the numbers text holds commas).
pub(super) fn csv_row(index: usize, board: &Seeded, settings: &Settings, mode: Mode) -> String {
    let found = &board.found;
    let fields = [
        index.to_string(),
        board.seed.to_string(),
        found.board.layout.name().to_string(),
        mode.name(),
        found.score.to_string(),
        found.board.terrain_text(),
        found.board.numbers_text(),
        share::board_token(settings, mode, board.seed, &found.board),
    ];
    let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
    format!("{}\n", quoted.join(","))
}

pub(super) fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

pub(super) fn render(seeded: &Seeded, settings: &Settings, mode: Mode, format: Format) -> String {
    let (seed, board, score) = (seeded.seed, &seeded.found.board, seeded.found.score);
    match format {
        Format::Text => format!(
            "layout: {}\n{}seed: {seed}\nmode: {mode}\nplacement: {}\nrules: {}\nscore: {score:.4}\nterrain: {}\nnumbers: {}\nharbours: {}\nlink: ?{}\n\n{}{}",
            board.layout,
            game_line(settings.expansion),
            settings.numbers.name(),
            settings.rules.names(),
            board.terrain_text(),
            board.numbers_text(),
            board.harbours.iter().map(|h| h.kind.label()).collect::<Vec<_>>().join(", "),
            share::encode(settings, mode, seed, board),
            board.pretty_rows(),
            seeded.play.as_ref().map_or(String::new(), |report| format!(
                "\nthe seat-fair search's board, played at a varied table: {}",
                report_text(report, board.layout, generated_order(report, board), TableModel::Varied, BotKind::Greedy, DEFAULT_SEED)
            )),
        ),
        Format::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&board_value(seeded, settings, mode))
                .expect("plain JSON values")
        ),
        Format::Svg => picture::svg(&picture::draw(board), &english()),
        Format::Csv => format!("{CSV_HEADER}{}", csv_row(1, seeded, settings, mode)),
        Format::Page => page_line(seeded, settings, mode),
    }
}

/// A board the site shows on a first visit before the app has loaded (index.html): its seed,
/// the link the app adopts it by, and the engine's picture of it, as one line of JSON; with
/// the view box the app gives that picture (to a tenth, where the standalone picture's is
/// whole), so the board keeps its size to the pixel when the app takes over.
fn page_line(seeded: &Seeded, settings: &Settings, mode: Mode) -> String {
    let board = &seeded.found.board;
    let drawn = picture::draw(board);
    format!(
        "{}\n",
        json!({
            "seed": seeded.seed,
            "link": share::encode(settings, mode, seeded.seed, board),
            "view_box": picture::view_box_text(drawn.view_box),
            "svg": picture::svg(&drawn, &english()),
        })
    )
}

/// The text output's line naming the game, for a game other than the base game (so base-game
/// output reads as it always did).
fn game_line(expansion: Expansion) -> String {
    match expansion {
        Expansion::BaseGame => String::new(),
        game => format!("game: {game} ({})\n", super::words::game_note(game)),
    }
}

/// The seat order `generate`'s games are judged against: varied players, greedy bots after
/// the opening, at the report's seats of the board.
fn generated_order(report: &PlayReport, board: &Board) -> Option<&'static [f64]> {
    seat_order(
        board.layout,
        report.seats.len(),
        TableModel::Varied,
        BotKind::Greedy,
    )
}

/// `generate`'s JSON: [`board_json`] with the mode and the score.
pub(super) fn board_value(seeded: &Seeded, settings: &Settings, mode: Mode) -> serde_json::Value {
    let mut value = board_json(&seeded.found.board, settings, mode, seeded.seed);
    value["mode"] = json!(mode.name());
    value["score"] = json!(seeded.found.score);
    if let Some(report) = &seeded.play {
        value["play"] = report_json(
            report,
            generated_order(report, &seeded.found.board),
            TableModel::Varied,
            BotKind::Greedy,
            DEFAULT_SEED,
        );
    }
    value
}

/// The board as JSON: the board text, harbours with position, ratio and resource, the robber
/// and pirate, and the board's share token; `harbours_text` is the harbours as `--harbours`
/// takes them (null on a board whose harbours have no places to type: New World).
pub fn board_json(board: &Board, settings: &Settings, mode: Mode, seed: u64) -> serde_json::Value {
    let harbours: Vec<_> = board
        .harbours
        .iter()
        .map(|h| {
            json!({
                "position": {"q": h.spot.sea.q, "r": h.spot.sea.r},
                "faces_hex": h.spot.faces,
                "corners": h.spot.corners,
                "ratio": format!("{}:1", h.kind.ratio()),
                "resource": h.kind.resource().map(|r| r.name()),
            })
        })
        .collect();
    let mut value = json!({
        "layout": board.layout.name(),
        "seed": seed,
        "number_placement": settings.numbers.name(),
        "rules": settings.rules.rules().iter().map(|r| r.name()).collect::<Vec<_>>(),
        "terrain": board.terrain_text(),
        "numbers": board.numbers_text(),
        "harbours": harbours,
        "harbours_text": board.harbours_text(),
        "robber": board.robber,
        "pirate": board.pirate.map(|h| json!({"q": h.q, "r": h.r})),
        "share_token": share::board_token(settings, mode, seed, board),
    });
    // Named only for a game other than the base game, so base-game JSON reads as before.
    if settings.expansion != Expansion::BaseGame {
        value["game"] = json!(settings.expansion.name());
    }
    value
}

/// The balance report of a board: factors, score, spots, and for each number of seats a
/// snake draft and a fair start (the last seat count is also reported at the top level).
/// Any board the text format can express has a report, even one with no land.
pub fn score_report(board: &Board, seat_counts: &[usize], game: Expansion) -> serde_json::Value {
    let seats = seat_counts.last().copied().unwrap_or(0);
    let scorer = Scorer::new(board.layout);
    let factors = scorer.factors_of(board);
    let normalised = factors.normalised(scorer.limits());
    let mut all = spots_in(board, game);
    let corner_pips: Vec<f64> = all.iter().map(|s| f64::from(s.pips)).collect();
    // A board without land has no spots: its spread is reported as all zeros (folded from
    // +0.0, as an empty float `sum` is -0.0).
    let count = corner_pips.len().max(1) as f64;
    let mean = corner_pips.iter().fold(0.0, |a, p| a + p) / count;
    let deviation = (corner_pips.iter().fold(0.0, |a, p| a + (p - mean).powi(2)) / count).sqrt();
    all.sort_by(|a, b| b.value.cmp(&a.value).then(a.corner.cmp(&b.corner)));
    let pips = resource_pips(board);
    let seating = |s: Seating| json!({"seats": s.seats, "spread": s.spread});
    json!({
        "layout": board.layout.name(),
        "terrain": board.terrain_text(),
        "numbers": board.numbers_text(),
        "factors": factors,
        "normalised": Factors::from_array(normalised),
        "limits": scorer.limits(),
        "score": scorer.score_board(board),
        "resource_pips": hexfair::model::Resource::ALL.iter().map(|r| (r.name().to_string(), json!(pips[r.index()]))).collect::<serde_json::Map<_, _>>(),
        "corner_pips_spread": {
            "min": corner_pips.iter().copied().reduce(f64::min).unwrap_or(0.0),
            "max": corner_pips.iter().copied().reduce(f64::max).unwrap_or(0.0),
            "mean": mean,
            "standard_deviation": deviation,
        },
        "strongest_spots": &all[..3.min(all.len())],
        "weakest_spots": &all[all.len().saturating_sub(3)..],
        "spot_value": super::words::spot_value_words(game),
        "snake_draft": seating(snake_draft_in(board, seats, game)),
        "fair_start": seating(fair_start_in(board, seats, game)),
        "by_seats": seat_counts
            .iter()
            .map(|&n| (n.to_string(), json!({"snake_draft": seating(snake_draft_in(board, n, game)), "fair_start": seating(fair_start_in(board, n, game))})))
            .collect::<serde_json::Map<_, _>>(),
        "spots": all,
    })
}
