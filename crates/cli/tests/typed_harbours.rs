//! A typed board's harbours (`--harbours`): a board `generate` made, typed back with its
//! terrain, numbers and harbours, is the board of its link; harbours that cannot be read, or
//! that the box cannot make, are refused in words.

#[path = "common/binary.rs"]
mod binary;
#[path = "common/typed.rs"]
mod typed;
use binary::*;
use typed::{assert_refused, generated, run, typed};

use hexfair::catalogue::{HarbourPlan, Layout, LayoutId};
use serde_json::Value;

#[test]
fn a_generated_board_typed_back_scores_as_its_link() {
    // Every board whose harbours have places of their own; New World's have none.
    for id in LayoutId::every() {
        if Layout::get(id).harbours == HarbourPlan::NextToLand {
            continue;
        }
        let board = generated(id.name(), "17", &[]);
        assert!(board["harbours_text"].is_string(), "{id}");
        let token = board["share_token"].as_str().unwrap();
        let by_link = hexfair(&["score", "--token", token, "--format", "json"]);
        assert_eq!(by_link.code, 0, "{id}: {}", by_link.stderr);
        let by_text = run(&["score", "--format", "json"], &typed(&board));
        assert_eq!(by_text.code, 0, "{id}: {}", by_text.stderr);
        // The whole report: score, factors, every spot with its harbour, drafts and starts.
        assert_eq!(by_text.stdout, by_link.stdout, "{id}");
        let report: Value = serde_json::from_str(&by_text.stdout).unwrap();
        assert!(report["score"].as_f64().is_some(), "{id}");
        // The text report too.
        let text = run(&["score"], &typed(&board));
        assert_eq!(
            text.stdout,
            hexfair(&["score", "--token", token]).stdout,
            "{id}"
        );
        // And the board fits its layout, harbours included.
        let check = run(&["check"], &typed(&board));
        assert_eq!(check.code, 0, "{id}: {}", check.stderr);
        assert!(
            check.stdout.starts_with(&format!("ok: a {id} board")),
            "{id}: {}",
            check.stdout
        );
    }
}

#[test]
fn harbours_change_the_spots_they_serve() {
    let board = generated("base", "5", &[]);
    let mut without = typed(&board);
    without.truncate(6);
    let with: Value =
        serde_json::from_str(&run(&["score", "--format", "json"], &typed(&board)).stdout).unwrap();
    let none: Value =
        serde_json::from_str(&run(&["score", "--format", "json"], &without).stdout).unwrap();
    let harboured = |report: &Value| {
        report["spots"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| !s["harbour"].is_null())
            .count()
    };
    assert_eq!(harboured(&with), 18, "nine harbours, two corners each");
    assert_eq!(harboured(&none), 0);
    assert_ne!(with["spots"], none["spots"]);
}

#[test]
fn the_json_writes_harbours_text_as_harbours_takes_it() {
    let board = generated("base", "42", &[]);
    let text = board["harbours_text"].as_str().unwrap();
    let entries: Vec<&str> = text.split(',').collect();
    assert_eq!(entries.len(), 9);
    // Its entries are the harbours in order: 3 for 3:1, a terrain letter for 2:1.
    for (entry, harbour) in entries.iter().zip(board["harbours"].as_array().unwrap()) {
        let expected = match harbour["resource"].as_str() {
            None => "3",
            Some("lumber") => "F",
            Some("wool") => "P",
            Some("grain") => "W",
            Some("brick") => "H",
            Some("ore") => "M",
            Some(other) => panic!("{other}"),
        };
        assert_eq!(*entry, expected, "{text}");
    }
    // New World's harbours have no places to type.
    assert!(generated("new-world", "42", &[])["harbours_text"].is_null());
}

#[test]
fn bad_harbours_are_refused_naming_the_flag() {
    let board = generated("base", "3", &[]);
    let typed_with = |harbours: &str| {
        let mut args = typed(&board);
        args[7] = harbours.to_string();
        args
    };
    for (harbours, why) in [
        (
            "3,3,3",
            "--harbours: the harbours have 3 entries, but the base layout has 9 harbour places",
        ),
        (
            "",
            "--harbours: the harbours have 0 entries, but the base layout has 9 harbour places",
        ),
        (
            "3,3,3,3,F,P,W,X,M",
            "--harbours: harbour 8 is 'X'; expected 3 (3:1) or a 2:1 harbour's terrain letter: \
             F lumber, P wool, W grain, H brick, M ore",
        ),
        (
            "3,3,3,3,F,P,W,3:1,M",
            "--harbours: harbour 8 is '3:1'; expected 3 (3:1)",
        ),
    ] {
        for command in ["score", "check"] {
            assert_refused(
                &run(&[command], &typed_with(harbours)),
                why,
                &format!("{command} {harbours}"),
            );
        }
    }
    // Harbours the box cannot make: score refuses them, check reports them.
    let five_generic = typed_with("3,3,3,3,F,P,W,H,3");
    assert_refused(
        &run(&["score"], &five_generic),
        "--harbours: the harbours have 5 × 3:1, but the base box has 4",
        "five 3:1",
    );
    let check = run(&["check"], &five_generic);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(
        check
            .stdout
            .contains("not a base board: the harbours has 5 × 3:1 where the game has 4"),
        "{}",
        check.stdout
    );
    assert!(
        check
            .stdout
            .contains("not a base board: the harbours has 0 × 2:1 ore where the game has 1"),
        "{}",
        check.stdout
    );
    assert_refused(
        &run(&["score"], &typed_with("3,3,3,P,F,P,W,H,M")),
        "--harbours: the harbours have 2 × 2:1 wool, but the base box has 1",
        "two wool",
    );
    // A harbour other than the one the board prints at its place.
    let fog = generated("fog-islands-3", "3", &[]);
    let mut swapped = typed(&fog);
    let entries: Vec<&str> = fog["harbours_text"].as_str().unwrap().split(',').collect();
    assert_eq!(entries[0], "3", "the first place prints a 3:1");
    let mut changed = entries.clone();
    changed.swap(0, 1);
    swapped[7] = changed.join(",");
    assert_refused(
        &run(&["score"], &swapped),
        "--harbours: harbour 1 is 2:1 grain, but the fog-islands-3 board prints 3:1 there",
        "a printed harbour",
    );
    let check = run(&["check"], &swapped);
    assert!(
        check.stdout.contains(
            "not a fog-islands-3 board: its harbours are not the types printed on the board"
        ),
        "{}",
        check.stdout
    );
    // New World lays its harbours after the map.
    let new_world = generated("new-world", "3", &[]);
    let mut args = typed(&new_world);
    args[7] = "3".into();
    assert_refused(
        &run(&["score"], &args),
        "--harbours: the new-world layout lays its harbours next to land after the map, so \
         they have no places to type; leave --harbours out",
        "new world",
    );
    // A link carries its own harbours.
    assert_refused(
        &hexfair(&[
            "score",
            "--token",
            board["share_token"].as_str().unwrap(),
            "--harbours",
            "3",
        ]),
        "cannot be used with",
        "--token and --harbours",
    );
}

#[test]
fn without_harbours_a_typed_board_has_none_as_before() {
    let board = generated("base", "9", &[]);
    let mut args = typed(&board);
    args.truncate(6);
    let report: Value =
        serde_json::from_str(&run(&["score", "--format", "json"], &args).stdout).unwrap();
    assert!(report["spots"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["harbour"].is_null()));
    let check = run(&["check"], &args);
    assert!(
        check.stdout.starts_with("ok: a base board"),
        "{}",
        check.stdout
    );
}
