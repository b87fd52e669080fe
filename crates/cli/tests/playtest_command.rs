//! `hexfair playtest` as a user runs it: the real binary, its formats, its refusals in
//! words and its exit codes.

use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::share::decode_token;
use serde_json::Value;

#[path = "common/binary.rs"]
mod binary;
use binary::*;

/// The share token of a board `generate` makes.
fn token(layout: &str, seed: &str) -> String {
    let run = hexfair(&[
        "generate", "--layout", layout, "--seed", seed, "--format", "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    json["share_token"].as_str().unwrap().to_string()
}

fn playtest_json(args: &[&str]) -> Value {
    let mut all = vec!["playtest", "--format", "json"];
    all.extend_from_slice(args);
    let run = hexfair(&all);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).expect("JSON")
}

#[test]
fn json_reports_every_seat_with_an_interval_and_matches_the_engine() {
    let token = token("base", "21");
    let json = playtest_json(&["--token", &token, "--games", "400", "--seed", "5"]);
    assert_eq!(json["games"], 400);
    assert_eq!(json["trades_between_players"], false);
    let seats = json["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4, "a base link is for 4 seats");
    let mut wins = json["no_winner"].as_u64().unwrap();
    for (i, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], i + 1);
        let (rate, low, high) = (
            seat["win_rate"].as_f64().unwrap(),
            seat["low"].as_f64().unwrap(),
            seat["high"].as_f64().unwrap(),
        );
        assert!(low <= rate && rate <= high && high - low < 0.2, "{seat}");
        let points = seat["mean_points"].as_f64().unwrap();
        assert!((2.0..=13.0).contains(&points), "{seat}");
        wins += seat["wins"].as_u64().unwrap();
    }
    assert_eq!(wins, 400, "every game has one winner or none");
    assert_eq!(json["refused"], 0, "the bots choose only legal moves");
    // The command line plays what the engine plays: varied players unless told.
    assert_eq!(json["table"], "varied");
    let board = decode_token(&token).unwrap().board.unwrap();
    let report = PlayTest::new(&board, 4, BotKind::Greedy, 400, 5)
        .unwrap()
        .with_model(TableModel::Varied)
        .run();
    for (seat, ours) in seats.iter().zip(&report.seats) {
        assert_eq!(seat["wins"], ours.wins);
    }
    // The seat order whatever the board, and the board's effect beyond it.
    let order: Vec<f64> = json["seat_order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert_eq!(order.len(), 4);
    assert!((order.iter().sum::<f64>() - 1.0).abs() < 1e-3, "{order:?}");
    let effect = &json["board_effect"];
    let won = 400 - json["no_winner"].as_u64().unwrap();
    for (i, seat) in seats.iter().enumerate() {
        let share = seat["wins"].as_f64().unwrap() / won as f64;
        let said = effect["effect"][i].as_f64().unwrap();
        assert!(
            (said - (share - order[i])).abs() < 2e-4,
            "seat {}: {effect}",
            i + 1
        );
    }
    assert!(effect["chi_square"].as_f64().unwrap() >= 0.0);
    assert!(effect["beyond_chance"].is_boolean());
    // Identical greedy players, asked for, play the greedy table's games.
    let greedy = playtest_json(&[
        "--token", &token, "--games", "400", "--seed", "5", "--table", "greedy",
    ]);
    assert_eq!(greedy["table"], "greedy");
    let report = PlayTest::new(&board, 4, BotKind::Greedy, 400, 5)
        .unwrap()
        .run();
    for (seat, ours) in greedy["seats"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&report.seats)
    {
        assert_eq!(seat["wins"], ours.wins);
    }
}

#[test]
fn a_seed_plays_the_same_games_and_another_seed_others() {
    let token = token("base", "22");
    let first = playtest_json(&["--token", &token, "--games", "300", "--seed", "9"]);
    let again = playtest_json(&["--token", &token, "--games", "300", "--seed", "9"]);
    let other = playtest_json(&["--token", &token, "--games", "300", "--seed", "10"]);
    assert_eq!(first, again);
    assert_ne!(first["seats"], other["seats"]);
}

#[test]
fn players_bots_and_five_six_boards() {
    let base = token("base", "23");
    let three = playtest_json(&[
        "--token",
        &base,
        "--games",
        "50",
        "--players",
        "3",
        "--bot",
        "weighted",
    ]);
    assert_eq!(three["seats"].as_array().unwrap().len(), 3);
    assert_eq!(three["bot"], "weighted");
    let five_six = token("five-six", "23");
    let six = playtest_json(&["--token", &five_six, "--games", "50"]);
    assert_eq!(six["seats"].as_array().unwrap().len(), 6);
    let mcguire = token("mcguire", "23");
    let run = hexfair(&["playtest", "--token", &mcguire, "--games", "50"]);
    assert_eq!(
        run.code, 0,
        "McGuire's board plays as the base game: {}",
        run.stderr
    );
}

#[test]
fn text_says_there_are_no_trades_between_players() {
    let token = token("base", "24");
    let run = hexfair(&["playtest", "--token", &token, "--games", "100"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("No trades between players"),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches("  seat ").count(), 4, "{}", run.stdout);
    assert!(run.stdout.contains("95% interval"));
    assert!(
        run.stdout
            .contains("bot moves the rules refused (0 unless a bot has a bug): 0"),
        "{}",
        run.stdout
    );
}

#[test]
fn boards_of_other_games_and_bad_arguments_are_refused_in_words() {
    let base = token("base", "25");
    let seafarers = token("new-shores-4", "25");
    let cases: [(Vec<&str>, &str); 11] = [
        (vec!["--token", &seafarers], "not played"),
        (vec!["--token", &seafarers, "--start", "play"], "not played"),
        (vec!["--token", &seafarers, "--start", "fair"], "not played"),
        (vec!["--token", &base, "--start", "best"], "--start"),
        (vec!["--token", &base, "--players", "5"], "--players"),
        (vec!["--token", &base, "--games", "0"], "--games"),
        (vec!["--token", &base, "--bot", "clever"], "--bot"),
        (vec!["--token", &base, "--table", "chaotic"], "--table"),
        (vec!["--token", "not-a-token"], "cannot be read"),
        (vec!["--token", &base, "--seed", "many"], "--seed"),
        (vec![], "--token"),
    ];
    for (args, words) in cases {
        let mut all = vec!["playtest"];
        all.extend_from_slice(&args);
        let run = hexfair(&all);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

fn generate_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["generate", "--format", "json"];
    all.extend_from_slice(args);
    let run = hexfair(&all);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    // One pretty object alone, or one compact object a line with --count.
    match serde_json::from_str::<Value>(&run.stdout) {
        Ok(one) => vec![one],
        Err(_) => run
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect(),
    }
}

#[test]
fn generate_plays_balanced_boards_and_prints_what_playtest_says_of_its_link() {
    let board = &generate_json(&["--mode", "balanced", "--seed", "3", "--play-games", "300"])[0];
    let play = &board["play"];
    assert_eq!(play["games"], 300);
    assert_eq!(play["players"], 4);
    assert_eq!(play["trades_between_players"], false);
    let token = board["share_token"].as_str().unwrap();
    let again = playtest_json(&["--token", token, "--games", "300"]);
    assert_eq!(
        play, &again,
        "generate's chances are playtest's of the same link"
    );
    // A table of three on the base board's scenario is played for three.
    let three = &generate_json(&[
        "--scenario",
        "base",
        "--players",
        "3",
        "--mode",
        "balanced",
        "--seed",
        "3",
        "--play-games",
        "50",
    ])[0];
    assert_eq!(three["play"]["seats"].as_array().unwrap().len(), 3);
}

#[test]
fn generate_in_bulk_plays_each_board_and_zero_games_turns_play_off() {
    let lines = generate_json(&[
        "--target",
        "0.1",
        "--seed",
        "8",
        "--count",
        "2",
        "--play-games",
        "40",
    ]);
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert_eq!(line["play"]["games"], 40, "{line}");
    }
    let off = generate_json(&["--mode", "balanced", "--seed", "3", "--play-games", "0"]);
    assert!(off[0].get("play").is_none(), "{}", off[0]);
    let random = generate_json(&["--seed", "3"]);
    assert!(
        random[0].get("play").is_none(),
        "random boards are not chosen by play"
    );
}

#[test]
fn games_asked_of_a_board_or_mode_that_is_not_played_are_refused() {
    for args in [
        &["generate", "--seed", "1", "--play-games", "10"][..],
        &[
            "generate",
            "--layout",
            "seafarers",
            "--mode",
            "balanced",
            "--play-games",
            "10",
        ],
    ] {
        let run = hexfair(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty());
        assert!(
            run.stderr
                .contains("--play-games 10: boards are played only"),
            "{}",
            run.stderr
        );
    }
    let run = hexfair(&["generate", "--mode", "balanced", "--play-games", "many"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--play-games"), "{}", run.stderr);
}

/// Every seat has two settlements, no two on one corner or one edge apart.
fn keeps_the_distance_rule(board: &hexfair::board::Board, seats: &[Value]) -> bool {
    let neighbours = hexfair::balance::spots::corner_neighbours(board.layout());
    let corners: Vec<usize> = seats
        .iter()
        .flat_map(|s| {
            let pair = s["settlements"].as_array().unwrap();
            assert_eq!(pair.len(), 2, "{s}");
            pair.iter().map(|c| c.as_u64().unwrap() as usize)
        })
        .collect();
    corners.iter().enumerate().all(|(i, &c)| {
        corners[i + 1..]
            .iter()
            .all(|&d| c != d && !neighbours[c].iter().any(|n| n.index() == d))
    })
}

#[test]
fn games_open_on_the_start_chosen_by_play_the_same_for_the_same_seed() {
    let token = token("base", "26");
    let args = [
        "--token", &token, "--games", "200", "--seed", "4", "--start", "play",
    ];
    let json = playtest_json(&args);
    let start = &json["start"];
    assert_eq!(start["by"], "play");
    let seats = start["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let board = decode_token(&token).unwrap().board.unwrap();
    assert!(keeps_the_distance_rule(&board, seats), "{start}");
    assert_eq!(start["chosen_on"]["games"], 1024);
    assert!(start["compared"].as_u64().unwrap() > 128, "{start}");
    assert_eq!(json["games"], 200, "fresh games after the search's");
    // Games opened on a start are judged against no seat order: the measured one is that of
    // players who place their own settlements.
    assert!(
        json["seat_order"].is_null() && json["board_effect"].is_null(),
        "{json}"
    );
    assert!(start["chosen_on"]["board_effect"].is_null());
    // The fresh games are the engine's, opened on that start.
    let opening: Vec<[usize; 2]> = seats
        .iter()
        .map(|s| {
            let pair = s["settlements"].as_array().unwrap();
            [0, 1].map(|k| pair[k].as_u64().unwrap() as usize)
        })
        .collect();
    let report = PlayTest::new(&board, 4, BotKind::Greedy, 200, 4)
        .unwrap()
        .with_model(TableModel::Varied)
        .with_opening(&opening)
        .unwrap()
        .run();
    for (seat, ours) in json["seats"].as_array().unwrap().iter().zip(&report.seats) {
        assert_eq!(seat["wins"], ours.wins);
    }
    assert_eq!(
        playtest_json(&args),
        json,
        "the same seed, the same start and games"
    );
    // Three players get a start for three.
    let three = playtest_json(&[
        "--token",
        &token,
        "--games",
        "20",
        "--players",
        "3",
        "--start",
        "play",
    ]);
    let seats = three["start"]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    assert!(keeps_the_distance_rule(&board, seats));
}

#[test]
fn the_fair_start_opened_on_is_the_one_score_prints_and_bots_keep_the_output_as_it_was() {
    let token = token("base", "27");
    let fair = playtest_json(&["--token", &token, "--games", "50", "--start", "fair"]);
    assert_eq!(fair["start"]["by"], "fair");
    let run = hexfair(&["score", "--token", &token, "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let score: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(fair["start"]["seats"], score["fair_start"]["seats"]);
    assert_eq!(fair["start"]["spread"], score["fair_start"]["spread"]);
    let bots = playtest_json(&["--token", &token, "--games", "50", "--start", "bots"]);
    let plain = playtest_json(&["--token", &token, "--games", "50"]);
    assert_eq!(bots, plain);
    assert!(plain.get("start").is_none(), "{plain}");
    assert_ne!(fair["seats"], plain["seats"], "other openings, other games");
}

#[test]
fn text_names_each_seats_corners_by_their_hexes() {
    let token = token("base", "28");
    let run = hexfair(&[
        "playtest", "--token", &token, "--games", "30", "--start", "play",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("Every game opens on the fair start chosen by play"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches(": first corner ").count(),
        4,
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("No trades between players"));
    // Each corner's hexes: a terrain and, but on the desert, its number.
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("seat 1: first corner"))
        .unwrap();
    assert!(
        ["forest", "pasture", "fields", "hills", "mountains"]
            .iter()
            .any(|t| line.contains(t)),
        "{line}"
    );
}

#[test]
fn a_seed_out_of_range_is_refused_naming_the_bound() {
    // Was "number too large to fit in target type" and "invalid digit found in string".
    let token = token("base", "21");
    for seed in ["18446744073709551616", "-1", "1.5"] {
        let run = hexfair(&["playtest", "--token", &token, "--seed", seed]);
        assert_eq!(run.code, 2, "{seed}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "invalid value '{seed}' for '--seed <S>': expected a whole number from 0 to 18446744073709551615"
            )),
            "{seed}: {}",
            run.stderr
        );
    }
}
