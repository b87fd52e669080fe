//! A typed board played and laid out (`playtest` and `guide` with `--layout`, `--terrain`,
//! `--numbers` and `--harbours`): a board `generate` made, typed back, plays the same games
//! and has the same guide as its link; a board given both ways, neither way or badly is
//! refused in words naming the flag, with exit 2 and nothing on stdout.

#[path = "common/binary.rs"]
mod binary;
#[path = "common/typed.rs"]
mod typed;
use typed::{assert_refused, generated, run, typed};

use hexfair::catalogue::{HarbourPlan, Layout, LayoutId};
use serde_json::Value;

/// Few games: the same games either way, quickly.
const GAMES: &str = "200";

/// The arguments that give `board` by its share token.
fn linked(board: &Value) -> Vec<String> {
    vec![
        "--token".into(),
        board["share_token"].as_str().unwrap().into(),
    ]
}

/// `command` of the board typed and of its link print the same, and succeed.
fn assert_same(command: &[&str], board: &Value, what: &str) -> String {
    let by_link = run(command, &linked(board));
    assert_eq!(by_link.code, 0, "{what}: {}", by_link.stderr);
    let by_text = run(command, &typed(board));
    assert_eq!(by_text.code, 0, "{what}: {}", by_text.stderr);
    assert_eq!(by_text.stdout, by_link.stdout, "{what}");
    by_text.stdout
}

#[test]
fn a_generated_board_typed_back_plays_as_its_link() {
    let games = ["playtest", "--games", GAMES, "--seed", "7"];
    for layout in ["base", "five-six", "mcguire"] {
        let board = generated(layout, "42", &[]);
        let text = assert_same(&games, &board, layout);
        // The link's table is the layout's most seats; so is a typed board's.
        let seats = *LayoutId::every()
            .into_iter()
            .find(|id| id.name() == layout)
            .unwrap()
            .seats()
            .end();
        assert!(
            text.starts_with(&format!(
                "{GAMES} games of the {layout} board at {seats} seats"
            )),
            "{layout}: {text}"
        );
    }
    let board = generated("base", "42", &[]);
    let json = assert_same(
        &[&games[..], &["--format", "json"]].concat(),
        &board,
        "json",
    );
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["games"], 200);
    // Another table, and games that open on the fair start.
    assert_same(
        &[&games[..], &["--players", "3"]].concat(),
        &board,
        "3 seats",
    );
    assert_same(&[&games[..], &["--start", "fair"]].concat(), &board, "fair");
}

#[test]
fn a_generated_board_typed_back_has_its_links_guide() {
    // Every board whose harbours have places of their own; New World's have none.
    for id in LayoutId::every() {
        if Layout::get(id).harbours == HarbourPlan::NextToLand {
            continue;
        }
        let board = generated(id.name(), "17", &[]);
        let guide = assert_same(&["guide"], &board, id.name());
        assert!(guide.contains("1/"), "{id}: {guide}");
    }
    let board = generated("base", "17", &[]);
    assert_same(
        &["guide", "--turn", "3", "--players", "3"],
        &board,
        "turned",
    );
}

#[test]
fn a_typed_board_is_laid_out_for_the_game_asked() {
    // A Cities & Knights link carries its game; a typed board is told it by --expansion.
    let board = generated("base", "11", &["--expansion", "cities-and-knights"]);
    let by_link = run(&["guide"], &linked(&board));
    let by_text = run(
        &["guide", "--expansion", "cities-and-knights"],
        &typed(&board),
    );
    assert_eq!(by_text.code, 0, "{}", by_text.stderr);
    assert_eq!(by_text.stdout, by_link.stdout);
    assert!(by_text.stdout.contains("barbarian"), "{}", by_text.stdout);
    // Without it, the base game: no barbarians.
    let base = run(&["guide"], &typed(&board));
    assert_eq!(base.code, 0, "{}", base.stderr);
    assert!(!base.stdout.contains("barbarian"), "{}", base.stdout);
}

#[test]
fn a_board_given_both_ways_neither_way_or_badly_is_refused_naming_the_flag() {
    let board = generated("base", "42", &[]);
    let token = board["share_token"].as_str().unwrap().to_string();
    let typed_board = typed(&board);
    let seafarers = typed(&generated("new-shores-4", "3", &[]));
    let with = |extra: &[&str]| -> Vec<String> {
        let mut args = typed_board.clone();
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let mut bad_terrain = typed_board.clone();
    bad_terrain[3] = "MMHPHPPPWMDFWFWFFW".into();
    let mut bad_letter = typed_board.clone();
    bad_letter[3].replace_range(0..1, "X");
    let mut bad_harbours = typed_board.clone();
    bad_harbours[7] = "3,3".into();
    let mut bad_layout = typed_board.clone();
    bad_layout[1] = "nowhere".into();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![],
            "give the board as --terrain T and --numbers CSV, or as --token TOKEN",
        ),
        (
            vec!["--layout".into(), "base".into()],
            "give the board as --terrain T and --numbers CSV, or as --token TOKEN",
        ),
        (
            with(&["--token", &token]),
            "cannot be used with '--token <TOKEN>'",
        ),
        (typed_board[..4].to_vec(), "--numbers <CSV>"),
        (
            bad_terrain,
            "--terrain: the terrain has 18 letters, but the base layout has 19 hexes",
        ),
        (bad_letter, "--terrain: "),
        (
            bad_harbours,
            "--harbours: the harbours have 2 entries, but the base layout has 9 harbour places",
        ),
        (bad_layout, "'--layout <L>'"),
        // Read as text, but not a board the base box deals: nothing is played or laid out.
        (
            vec![
                "--terrain".into(),
                "FFFFFFFFFFFFFFFFFFF".into(),
                "--numbers".into(),
                "2,3,3,4,4,5,5,6,6,8,8,9,9,10,10,11,11,12,12".into(),
            ],
            "--terrain: not a base board: the island has 19 × forest where the game has 4",
        ),
    ];
    // Each command says why a table does not fit in its own words.
    assert_refused(
        &run(&["playtest"], &with(&["--players", "5"])),
        "--players: the base board is played by 3 to 4 players, not 5",
        "playtest players",
    );
    assert_refused(
        &run(&["guide"], &with(&["--players", "5"])),
        "--players: Base game (3-4 players) is for 3 to 4 players, not 5.",
        "guide players",
    );
    for command in ["playtest", "guide"] {
        for (args, why) in &cases {
            assert_refused(&run(&[command], args), why, &format!("{command} {args:?}"));
        }
    }
    // A board the simulator does not play names the flag that gave it.
    assert_refused(
        &run(&["playtest"], &seafarers),
        "--layout: the new-shores-4 board is not played",
        "seafarers",
    );
    // Cities & Knights is not simulated, typed or linked.
    assert_refused(
        &run(
            &["playtest", "--expansion", "cities-and-knights"],
            &typed_board,
        ),
        "--expansion cities-and-knights",
        "cities and knights",
    );
    // Nor laid out on a board it is not played on.
    assert_refused(
        &run(&["guide", "--expansion", "cities-and-knights"], &seafarers),
        "--expansion cities-and-knights: Cities & Knights is played on",
        "seafarers guide",
    );
}
