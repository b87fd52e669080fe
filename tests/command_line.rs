//! The `hexfair` binary as a user runs it: real processes, exit codes, stdout and stderr.

use std::ffi::OsStr;
use std::process::Command;

use hexfair::layout::{Layout, LayoutId};
use hexfair::share::decode_token;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn hexfair(args: &[&str]) -> Run {
    hexfair_os(args.iter().map(OsStr::new))
}

/// The binary run on arguments as the OS passes them (not necessarily UTF-8).
fn hexfair_os<'a>(args: impl IntoIterator<Item = &'a OsStr>) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_hexfair"))
        .args(args)
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("utf-8"),
        stderr: String::from_utf8(out.stderr).expect("utf-8"),
    }
}

#[test]
fn generate_json_for_every_layout_carries_a_token_of_the_same_board() {
    for layout in LayoutId::ALL {
        let run = hexfair(&[
            "generate",
            "--layout",
            layout.name(),
            "--seed",
            "77",
            "--format",
            "json",
        ]);
        assert_eq!(run.code, 0, "{layout}: {}", run.stderr);
        let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
        let cells = Layout::get(layout).cells.len();
        assert_eq!(json["layout"], layout.name());
        assert_eq!(json["terrain"].as_str().unwrap().len(), cells);
        assert_eq!(json["numbers"].as_str().unwrap().split(',').count(), cells);
        let link = decode_token(json["share_token"].as_str().unwrap()).expect("the token decodes");
        let board = link.board.expect("a board token");
        assert_eq!(board.terrain_text(), json["terrain"]);
        assert_eq!(board.numbers_text(), json["numbers"]);
        assert_eq!(
            board.harbours.len(),
            json["harbours"].as_array().unwrap().len()
        );
        assert_eq!(link.seed, 77);
    }
}

#[test]
fn text_and_svg_formats() {
    let text = hexfair(&["generate", "--seed", "5", "--numbers", "spiral"]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("placement: spiral"));
    assert!(text.stdout.contains("link: ?b=3"));
    let svg = hexfair(&[
        "generate",
        "--layout",
        "seafarers",
        "--seed",
        "5",
        "--format",
        "svg",
    ]);
    assert_eq!(svg.code, 0);
    assert!(svg
        .stdout
        .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.stdout.matches("<g class=\"hex\"").count(), 42);
}

#[test]
fn same_seed_same_output() {
    let args = [
        "generate",
        "--layout",
        "new-world",
        "--seed",
        "123",
        "--rule",
        "no-adjacent-same-number",
    ];
    assert_eq!(hexfair(&args).stdout, hexfair(&args).stdout);
    assert_ne!(
        hexfair(&args).stdout,
        hexfair(&["generate", "--layout", "new-world", "--seed", "124"]).stdout
    );
}

#[test]
fn bad_input_exits_2_and_names_the_argument() {
    for (args, expected) in [
        (
            vec!["generate", "--layout", "atlantis", "--seed", "1"],
            "invalid value 'atlantis' for '--layout <L>'",
        ),
        (
            vec!["generate", "--seed", "x"],
            "invalid value 'x' for '--seed <N>'",
        ),
        (
            vec!["generate", "--seed", "1", "--numbers", "banana"],
            "invalid value 'banana' for '--numbers <PLACEMENT>'",
        ),
        (
            vec![
                "generate",
                "--seed",
                "1",
                "--layout",
                "new-world",
                "--numbers",
                "spiral",
            ],
            "--numbers spiral: the new-world layout has no spiral",
        ),
        (
            vec!["generate", "--seed", "1", "--rule", "max-corner-pips"],
            "needs a value",
        ),
        (
            vec!["generate", "--seed", "1", "--rule", "max-corner-pips=x"],
            "not 'x'",
        ),
        (
            vec!["generate", "--seed", "1", "--format", "png"],
            "invalid value 'png' for '--format <FORMAT>'",
        ),
        (
            vec!["generate", "--seed", "1", "--colour", "red"],
            "unexpected argument '--colour' found",
        ),
        (
            vec![
                "check",
                "--layout",
                "five-six",
                "--terrain",
                "FFF",
                "--numbers",
                "2",
            ],
            "--terrain: the terrain has 3 letters, but the five-six layout has 30 hexes",
        ),
        (
            vec![
                "check",
                "--terrain",
                "MPFWHPHWFDFMFMWPHWP",
                "--numbers",
                "1,2",
            ],
            "--numbers: the numbers have 2 entries",
        ),
        (vec![], "Usage: hexfair <COMMAND>"),
    ] {
        let run = hexfair(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("--help"),
            "the message points to --help: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn impossible_rules_exit_3_naming_a_smallest_conflict() {
    let run = hexfair(&[
        "generate",
        "--seed",
        "1",
        "--rule",
        "max-corner-pips=9",
        "--rule",
        "desert-center",
        "--rule",
        "no-adjacent-extreme",
    ]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("max-corner-pips=9, desert-center"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("no-adjacent-extreme"),
        "only the conflicting rules: {}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
    let alone = hexfair(&[
        "generate",
        "--layout",
        "five-six",
        "--seed",
        "1",
        "--rule",
        "red-on-distinct-resources",
    ]);
    assert_eq!(alone.code, 3);
    assert!(
        alone.stderr.contains("rule red-on-distinct-resources"),
        "{}",
        alone.stderr
    );
}

#[test]
fn check_lists_the_rules_a_board_breaks() {
    // The rulebook's beginner board: its 6s and 8s never touch, but forest touches hills.
    let terrain = "MPFWHPHWFDFMFMWPHWP";
    let numbers = "10,2,9,12,6,4,10,9,11,-,3,8,8,3,4,5,5,6,11";
    let layout = Layout::get(LayoutId::Base);
    let board = hexfair::solve::assemble(
        layout,
        hexfair::board::parse_terrain(layout, terrain).unwrap(),
        hexfair::board::parse_numbers(layout, numbers).unwrap(),
        Vec::new(),
    );
    let richest = (0..layout.corners.len())
        .map(|c| hexfair::rules::corner_pips(layout, &board, c))
        .max()
        .unwrap();
    let check = |extra: &[&str]| {
        hexfair(
            &[
                &["check", "--terrain", terrain, "--numbers", numbers][..],
                extra,
            ]
            .concat(),
        )
    };
    let ok = check(&["--rule", &format!("max-corner-pips={richest}")]);
    assert_eq!(ok.code, 0);
    assert!(ok.stdout.starts_with("ok"), "{}", ok.stdout);
    let broken = check(&[
        "--rule",
        "no-adjacent-lumber-brick",
        "--rule",
        &format!("max-corner-pips={}", richest - 1),
    ]);
    assert_eq!(broken.code, 0);
    assert!(
        broken.stdout.contains("breaks no-adjacent-lumber-brick"),
        "{}",
        broken.stdout
    );
    assert!(
        broken
            .stdout
            .contains(&format!("breaks max-corner-pips={}", richest - 1)),
        "{}",
        broken.stdout
    );
    assert!(!broken.stdout.contains("no-adjacent-red"));
}

/// The beginner board of the rulebook, in the board text format.
const BEGINNER_TERRAIN: &str = "MPFWHPHWFDFMFMWPHWP";
const BEGINNER_NUMBERS: &str = "10,2,9,12,6,4,10,9,11,-,3,8,8,3,4,5,5,6,11";

fn assert_refused(run: &Run, expected: &[&str], what: &str) {
    assert_eq!(run.code, 2, "{what}: {}", run.stderr);
    for text in expected {
        assert!(
            run.stderr.contains(text),
            "{what}: want {text:?} in {}",
            run.stderr
        );
    }
    assert!(run.stdout.is_empty(), "{what}: {}", run.stdout);
}

#[test]
fn an_argument_that_is_not_utf8_is_refused_with_a_message() {
    use std::os::unix::ffi::OsStrExt;
    let run = hexfair_os([
        OsStr::new("generate"),
        OsStr::new("--seed"),
        OsStr::from_bytes(b"\xff"),
    ]);
    assert_refused(&run, &["invalid UTF-8"], "--seed 0xff");
}

#[test]
fn score_takes_any_board_the_text_format_can_express() {
    let lone_six: Vec<&str> = (0..19).map(|i| if i == 9 { "6" } else { "-" }).collect();
    let none = ["-"; 19].join(",");
    let all_sixes = ["6"; 19].join(",");
    for (terrain, numbers, what) in [
        (
            "SSSSSSSSSFSSSSSSSSS",
            lone_six.join(","),
            "one forest in the sea",
        ),
        ("SSSSSSSSSSSSSSSSSSS", none.clone(), "all sea"),
        ("DDDDDDDDDDDDDDDDDDD", none.clone(), "all desert"),
        (
            "GGGGGGGGGGGGGGGGGGG",
            all_sixes.clone(),
            "all gold, every token a 6",
        ),
        ("SSSSSSSSSSSSSSSSSSS", all_sixes, "tokens on the sea"),
        ("FFFFFFFFFFFFFFFFFFF", none, "forest without tokens"),
    ] {
        for format in ["text", "json"] {
            let run = hexfair(&[
                "score",
                "--terrain",
                terrain,
                "--numbers",
                &numbers,
                "--format",
                format,
            ]);
            assert_eq!(run.code, 0, "{what}: {}", run.stderr);
            assert!(run
                .stdout
                .starts_with(if format == "json" { "{" } else { "score: " }));
            if format == "json" {
                let report: serde_json::Value =
                    serde_json::from_str(&run.stdout).expect("valid JSON");
                assert!(report["score"].as_f64().unwrap().is_finite(), "{what}");
                assert!(report["fair_start"]["spread"].is_u64(), "{what}");
            }
        }
    }
    // Larger layouts too: a 5-6 board of nothing but sea, seated for six.
    let run = hexfair(&[
        "score",
        "--layout",
        "five-six",
        "--terrain",
        &"S".repeat(30),
        "--numbers",
        &["-"; 30].join(","),
        "--seats",
        "6",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn every_command_has_help_and_the_program_a_version() {
    let version = hexfair(&["--version"]);
    assert_eq!(version.code, 0, "{}", version.stderr);
    assert_eq!(
        version.stdout.trim(),
        format!("hexfair {}", env!("CARGO_PKG_VERSION"))
    );
    let top = hexfair(&["--help"]);
    assert_eq!(top.code, 0);
    for command in ["generate", "check", "score", "limits", "bench"] {
        assert!(top.stdout.contains(command), "{command} in {}", top.stdout);
        for help in [
            vec![command, "--help"],
            vec![command, "-h"],
            vec!["help", command],
        ] {
            let run = hexfair(&help);
            assert_eq!(run.code, 0, "{help:?}: {}", run.stderr);
            assert!(
                run.stdout.contains(&format!("Usage: hexfair {command}")),
                "{help:?}: {}",
                run.stdout
            );
            assert!(run.stderr.is_empty());
        }
    }
    // The choices come from the engine's own tables.
    let generate = hexfair(&["generate", "--help"]).stdout;
    for layout in LayoutId::ALL {
        assert!(
            generate.contains(layout.name()),
            "{layout} in generate --help"
        );
    }
    for rule in hexfair::rules::Rule::ALL {
        assert!(
            generate.contains(rule.kind_name()),
            "{rule} in generate --help"
        );
    }
    assert!(
        generate.contains("spiral") && generate.contains("unbalanced") && generate.contains("svg")
    );
    // The bounds are in the help.
    assert!(generate.contains("at most 10,000,000"), "{generate}");
    assert!(hexfair(&["limits", "--help"])
        .stdout
        .contains("1 to 10,000,000"));
}

#[test]
fn unknown_and_misplaced_options_are_refused_with_a_tip() {
    assert_refused(
        &hexfair(&["generate", "--seeds", "1"]),
        &[
            "unexpected argument '--seeds'",
            "tip: a similar argument exists: '--seed'",
        ],
        "a misspelt option",
    );
    assert_refused(
        &hexfair(&["score", "--token", "x", "--candidates", "5"]),
        &[
            "unexpected argument '--candidates'",
            "tip: '--candidates' is an option of 'hexfair generate'",
        ],
        "an option of another command",
    );
    assert_refused(
        &hexfair(&["limits", "--rule", "desert-center"]),
        &["tip: '--rule' is an option of 'hexfair generate' and 'hexfair check'"],
        "rules mean nothing to limits",
    );
    assert_refused(
        &hexfair(&["bench", "--layout", "five-six"]),
        &["unexpected argument '--layout'"],
        "bench runs on the base board only",
    );
    assert_refused(
        &hexfair(&["generat", "--seed", "1"]),
        &["tip: a similar subcommand exists: 'generate'"],
        "a misspelt command",
    );
    assert_refused(
        &hexfair(&["generate", "--seed", "1", "--layout", "five"]),
        &["tip: a similar value exists: 'five-six'"],
        "a misspelt layout",
    );
    // Options that mean nothing in a combination are refused too, not ignored.
    assert_refused(
        &hexfair(&["generate", "--seed", "1", "--candidates", "500"]),
        &["--candidates sets the budget of a search"],
        "candidates without a search",
    );
    assert_refused(
        &hexfair(&[
            "generate", "--seed", "1", "--mode", "balanced", "--target", "0.2",
        ]),
        &["'--mode <MODE>' cannot be used with '--target <S>'"],
        "a mode and a target",
    );
    assert_refused(
        &hexfair(&["score", "--token", "x", "--layout", "base"]),
        &["cannot be used with"],
        "a token carries its own layout",
    );
}

#[test]
fn an_option_given_twice_is_refused() {
    for args in [
        vec!["generate", "--seed", "1", "--seed", "2"],
        vec![
            "generate", "--seed", "1", "--format", "json", "--format", "text",
        ],
        vec![
            "generate", "--seed", "1", "--layout", "base", "--layout", "mcguire",
        ],
        vec!["limits", "--boards", "10", "--boards", "20"],
        vec!["bench", "--quick", "--quick"],
    ] {
        assert_refused(
            &hexfair(&args),
            &["cannot be used multiple times"],
            &args.join(" "),
        );
    }
    assert_refused(
        &hexfair(&[
            "generate",
            "--seed",
            "1",
            "--rule",
            "max-corner-pips=12",
            "--rule",
            "max-corner-pips=11",
        ]),
        &["ask for one rule twice"],
        "one rule at two settings",
    );
    // Rules are many-valued: different rules repeat --rule.
    let run = hexfair(&[
        "generate",
        "--seed",
        "1",
        "--rule",
        "no-adjacent-extreme",
        "--rule",
        "desert-center",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .contains("rules: no-adjacent-red, no-adjacent-extreme, desert-center"));
}

#[test]
fn a_stray_word_is_refused_with_a_message() {
    assert_refused(
        &hexfair(&["generate", "--seed", "1", "42"]),
        &[
            "unexpected argument '42' found",
            "every value follows its option",
        ],
        "a bare number",
    );
    assert_refused(
        &hexfair(&["check", BEGINNER_TERRAIN, BEGINNER_NUMBERS]),
        &["unexpected argument 'MPFWHPHWFDFMFMWPHWP' found"],
        "a board without its options",
    );
}

#[test]
fn absurd_sizes_are_refused_naming_the_bound() {
    assert_refused(
        &hexfair(&["limits", "--boards", "4294967295"]),
        &["'--boards <N>'", "from 1 to 10,000,000"],
        "four billion boards",
    );
    assert_refused(
        &hexfair(&["limits", "--boards", "0"]),
        &["from 1 to 10,000,000"],
        "no boards",
    );
    assert_refused(
        &hexfair(&[
            "generate",
            "--seed",
            "1",
            "--mode",
            "balanced",
            "--candidates",
            "10000001",
        ]),
        &["'--candidates <K>'", "from 1 to 10,000,000"],
        "one more than the most candidates",
    );
}

#[test]
fn long_commands_draw_no_progress_when_stderr_is_not_a_terminal() {
    // Enough boards for several progress reports from the engine; piped, stderr stays empty.
    let run = hexfair(&[
        "limits",
        "--layout",
        "seafarers",
        "--boards",
        "20000",
        "--seed",
        "3",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{:?}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(json["boards"], 20000);
    let search = hexfair(&[
        "generate",
        "--seed",
        "1",
        "--mode",
        "balanced",
        "--candidates",
        "20000",
    ]);
    assert_eq!(search.code, 0);
    assert!(search.stderr.is_empty(), "{:?}", search.stderr);
}

#[test]
fn board_text_errors_name_the_flag_once() {
    let run = hexfair(&[
        "score",
        "--terrain",
        "MPFWHPHWFDFMFMWPHWX",
        "--numbers",
        BEGINNER_NUMBERS,
    ]);
    assert_refused(
        &run,
        &["--terrain: terrain letter 19 is 'X'; expected one of F P W H M D S G"],
        "a bad letter",
    );
    let message = run.stderr.lines().next().unwrap_or("");
    assert_eq!(message.matches("--terrain").count(), 1, "{message}");
    assert_refused(
        &hexfair(&[
            "check",
            "--terrain",
            BEGINNER_TERRAIN,
            "--numbers",
            &BEGINNER_NUMBERS.replace("12", "7"),
        ]),
        &["--numbers: number 4 is '7'; expected 2-6, 8-12 or -"],
        "a 7",
    );
}

#[test]
fn score_reads_a_share_token_and_says_why_a_bad_one_cannot_be() {
    let generated = hexfair(&[
        "generate",
        "--layout",
        "seafarers",
        "--seed",
        "8",
        "--format",
        "json",
    ]);
    let board: serde_json::Value = serde_json::from_str(&generated.stdout).unwrap();
    let token = board["share_token"].as_str().unwrap();
    let run = hexfair(&["score", "--token", token, "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["layout"], "seafarers");
    assert_eq!(report["terrain"], board["terrain"]);
    assert_eq!(report["numbers"], board["numbers"]);
    let bad = hexfair(&["score", "--token", "2abc"]);
    assert_refused(
        &bad,
        &["--token: the token cannot be read: "],
        "a damaged token",
    );
    assert!(
        !bad.stderr.contains("fresh board"),
        "the app's wording: {}",
        bad.stderr
    );
}

#[test]
fn check_holds_a_board_to_its_layout_as_well_as_to_the_rules() {
    let check = |terrain: &str, numbers: &str| {
        let run = hexfair(&["check", "--terrain", terrain, "--numbers", numbers]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            !run.stdout.starts_with("ok"),
            "{terrain} {numbers}: {}",
            run.stdout
        );
        run.stdout
    };
    // Five deserts in place of the top row and two pasture.
    let five_deserts = check(
        "DDDDDPHWFDFMFMWPHWP",
        "-,-,-,-,-,4,10,9,11,-,3,8,8,3,4,5,5,6,11",
    );
    assert!(
        five_deserts.contains("not a base board: the island has 6 × desert where the game has 1"),
        "{five_deserts}"
    );
    // Sea where the beginner board has its desert.
    let sea = check(&BEGINNER_TERRAIN.replace('D', "S"), BEGINNER_NUMBERS);
    assert!(
        sea.contains("the island has 1 × sea where the game has 0"),
        "{sea}"
    );
    // A token on the desert (the 6 from hex 18, which is left without one).
    let numbers: Vec<&str> = BEGINNER_NUMBERS.split(',').collect();
    let mut moved = numbers.clone();
    moved[9] = numbers[17];
    moved[17] = "-";
    let token_on_desert = check(BEGINNER_TERRAIN, &moved.join(","));
    assert!(
        token_on_desert.contains("hex 10 (desert) carries a 6, but takes none"),
        "{token_on_desert}"
    );
    assert!(
        token_on_desert.contains("hex 18 (fields) has no number"),
        "{token_on_desert}"
    );
    // Every layout's own boards fit it.
    for layout in LayoutId::ALL {
        let generated = hexfair(&[
            "generate",
            "--layout",
            layout.name(),
            "--seed",
            "31",
            "--format",
            "json",
        ]);
        let board: serde_json::Value = serde_json::from_str(&generated.stdout).unwrap();
        let run = hexfair(&[
            "check",
            "--layout",
            layout.name(),
            "--terrain",
            board["terrain"].as_str().unwrap(),
            "--numbers",
            board["numbers"].as_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{layout}: {}", run.stderr);
        assert!(
            run.stdout.starts_with(&format!("ok: a {layout} board")),
            "{layout}: {}",
            run.stdout
        );
    }
}
