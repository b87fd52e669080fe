//! `hexfair guide` as a user runs it: the real binary lays a linked board out step by step,
//! and refuses a bad token or table in words.

#[path = "common/binary.rs"]
mod binary;
use binary::*;

use serde_json::Value;

/// A base board `generate` makes: its share token and its numbers in board order (the JSON
/// writes them as the board text does, `-` for a hex without one).
fn base_board(seed: &str) -> (String, Vec<Option<u64>>) {
    let run = hexfair(&["generate", "--seed", seed, "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    let numbers = json["numbers"]
        .as_str()
        .unwrap()
        .split(',')
        .map(|n| n.parse().ok())
        .collect();
    (json["share_token"].as_str().unwrap().to_string(), numbers)
}

/// Every number token the guide's token steps place, in the order they are placed: a step
/// whose heading says number tokens, then a line a token ("6 (hex 1)").
fn placed_tokens(text: &str) -> Vec<u64> {
    let mut placed = Vec::new();
    let mut in_tokens = false;
    for line in text.lines() {
        if let Some(item) = line.strip_prefix("   ") {
            if in_tokens {
                placed.push(item.split(' ').next().unwrap().parse::<u64>().unwrap());
            }
        } else if !line.is_empty() {
            in_tokens = line.contains(". Number tokens, row");
        }
    }
    placed
}

/// The numbered steps' headings.
fn steps(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.split_once(". ").is_some_and(|(n, _)| n.contains('/')))
        .collect()
}

#[test]
fn the_guide_numbers_its_steps_and_places_every_token_once() {
    for seed in ["3", "11", "2026"] {
        let (token, numbers) = base_board(seed);
        let run = hexfair(&["guide", "--token", &token]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let steps = steps(&run.stdout);
        let total = steps.len();
        for (i, step) in steps.iter().enumerate() {
            assert!(step.starts_with(&format!("{}/{total}. ", i + 1)), "{step}");
        }
        // Unturned, rows run top to bottom, left to right: the board's own order.
        let expected: Vec<u64> = numbers.iter().flatten().copied().collect();
        assert_eq!(placed_tokens(&run.stdout), expected, "seed {seed}");
    }
}

#[test]
fn a_half_turn_places_the_same_tokens_from_the_other_side() {
    let (token, numbers) = base_board("7");
    let turned = hexfair(&["guide", "--token", &token, "--turn", "3"]);
    assert_eq!(turned.code, 0, "{}", turned.stderr);
    assert!(turned.stdout.contains("turned 3 sixths clockwise"));
    // From across the table the last hex is read first.
    let mut expected: Vec<u64> = numbers.iter().flatten().copied().collect();
    expected.reverse();
    assert_eq!(placed_tokens(&turned.stdout), expected);
}

#[test]
fn a_bad_token_table_or_turn_is_refused_in_words() {
    let (token, _) = base_board("5");
    let cases: [(&[&str], &str); 3] = [
        (&["guide", "--token", "garbage"], "cannot be read"),
        (
            &["guide", "--token", &token, "--players", "6"],
            "for 3 to 4 players, not 6",
        ),
        (&["guide", "--token", &token, "--turn", "6"], "--turn"),
    ];
    for (args, why) in cases {
        let run = hexfair(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.contains(why), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_board_for_one_table_size_names_that_size() {
    // The fog-islands-3 board is printed for three players alone: "for 3 players", not
    // "for 3 to 3 players".
    let run = hexfair(&[
        "generate",
        "--layout",
        "fog-islands-3",
        "--seed",
        "4",
        "--format",
        "json",
    ]);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    let token = json["share_token"].as_str().unwrap();
    let run = hexfair(&["guide", "--token", token, "--players", "4"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "--players: Seafarers: The Fog Islands (3 players) is for 3 players only, not 4."
        ),
        "{}",
        run.stderr
    );
}

/// A Cities & Knights link's guide (`generate --expansion cities-and-knights`) ends with the
/// barbarian tile beside the board and the opening of a settlement and a city; the same
/// board's base-game link has no such step.
#[test]
fn a_cities_and_knights_link_ends_with_the_barbarian_tile() {
    let token_of = |expansion: &str| {
        let run = hexfair(&[
            "generate",
            "--seed",
            "11",
            "--format",
            "json",
            "--expansion",
            expansion,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let json: Value = serde_json::from_str(&run.stdout).unwrap();
        json["share_token"].as_str().unwrap().to_string()
    };
    let guide = |token: &str| {
        let run = hexfair(&["guide", "--token", token]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let ck = guide(&token_of("cities-and-knights"));
    let base = guide(&token_of("base-game"));
    let last = ck.trim_end().lines().last().unwrap();
    assert!(
        last.ends_with(", a city.") && ck.contains("   Put the barbarian tile beside the board"),
        "{ck}"
    );
    assert!(!base.contains("barbarian"), "{base}");
    // The tile is taken out of the box with the other pieces.
    assert!(
        ck.contains("   1 × Robber\n   1 × Barbarian tile\n"),
        "{ck}"
    );
    assert_eq!(steps(&ck).len(), steps(&base).len() + 1, "one more step");
}
