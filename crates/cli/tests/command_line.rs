//! The `hexfair` binary as a user runs it: real processes, exit codes, stdout and stderr.

use hexfair::model::CornerId;
use std::ffi::OsStr;

use hexfair::catalogue::{Layout, LayoutId};
use hexfair::share::decode_token;

#[path = "common/binary.rs"]
mod binary;
use binary::*;

#[test]
fn generate_page_is_the_sites_first_board_a_line_of_its_seed_link_and_picture() {
    // scripts/build-site.sh draws the first visit's boards with it (index.html shows one
    // before the app loads, and the app adopts it by its link).
    let args = [
        "generate",
        "--mode",
        "balanced",
        "--seed",
        "31",
        "--play-games",
        "0",
    ];
    let page = hexfair(&[&args[..], &["--format", "page"]].concat());
    assert_eq!(page.code, 0, "{}", page.stderr);
    assert_eq!(page.stdout.lines().count(), 1, "one line a board");
    let line: serde_json::Value = serde_json::from_str(&page.stdout).expect("JSON");
    assert_eq!(line["seed"], 31);
    let json: serde_json::Value =
        serde_json::from_str(&hexfair(&[&args[..], &["--format", "json"]].concat()).stdout)
            .unwrap();
    assert_eq!(
        line["link"].as_str().unwrap(),
        format!("b={}", json["share_token"].as_str().unwrap())
    );
    let svg = hexfair(&[&args[..], &["--format", "svg"]].concat()).stdout;
    assert_eq!(line["svg"].as_str().unwrap(), svg);
    // The app's view box of the same picture: to a tenth, the whole one's numbers rounded.
    let whole = svg
        .split("viewBox=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let tenths = line["view_box"].as_str().unwrap();
    for (a, b) in whole.split(' ').zip(tenths.split(' ')) {
        let (a, b): (f64, f64) = (a.parse().unwrap(), b.parse().unwrap());
        assert!((a - b).abs() <= 0.5, "{whole} against {tenths}");
    }
    assert!(tenths.contains('.'), "{tenths}");
    // Not for players: the help does not offer it.
    assert!(!hexfair(&["generate", "--help"]).stdout.contains("page"));
}

#[test]
fn generate_json_for_every_board_carries_a_token_of_the_same_board() {
    for layout in LayoutId::every() {
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
fn a_conflict_of_the_letter_spiral_says_so() {
    // A shuffle keeps at most 10 pips a corner on a base board; the spiral cannot. The
    // refusal said "no base board can keep" the rule, as if no placement could.
    let shuffled = hexfair(&["generate", "--seed", "1", "--rule", "max-corner-pips=10"]);
    assert_eq!(shuffled.code, 0, "{}", shuffled.stderr);
    for count in [None, Some("3")] {
        let mut args = vec![
            "generate",
            "--seed",
            "1",
            "--rule",
            "max-corner-pips=10",
            "--numbers",
            "spiral",
        ];
        args.extend(count.iter().flat_map(|n| ["--count", n]));
        let run = hexfair(&args);
        assert_eq!(run.code, 3, "{}", run.stderr);
        assert_eq!(
            run.stderr,
            "error: No board for Base game (3-4 players) can keep “At most 10 pips at any corner” (rule \
             max-corner-pips=10) with its numbers on the letter spiral (--numbers spiral)\n"
        );
    }
    // Rules on terrain alone are the same whatever lays the numbers.
    let run = hexfair(&[
        "generate",
        "--seed",
        "1",
        "--numbers",
        "spiral",
        "--rule",
        "desert-center",
        "--rule",
        "no-adjacent-lumber-brick",
        "--rule",
        "no-adjacent-same-terrain",
    ]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(!run.stderr.contains("spiral"), "{}", run.stderr);
}

#[test]
fn check_lists_the_rules_a_board_breaks() {
    // The rulebook's beginner board: its 6s and 8s never touch, but forest touches hills.
    let terrain = "MPFWHPHWFDFMFMWPHWP";
    let numbers = "10,2,9,12,6,4,10,9,11,-,3,8,8,3,4,5,5,6,11";
    let layout = Layout::get(LayoutId::Base);
    let board = hexfair::generate::assemble(
        layout,
        hexfair::board::parse_terrain(layout, terrain).unwrap(),
        hexfair::board::parse_numbers(layout, numbers).unwrap(),
        Vec::new(),
    );
    let richest = CornerId::all(layout.topology.corners.len())
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
fn output_that_cannot_be_written_is_not_a_success() {
    // Written to a full device, the board was lost and the run still exited 0 in silence.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexfair"))
        .args(["generate", "--seed", "1"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: the output could not be written: "),
        "{stderr}"
    );
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
fn an_argument_that_is_not_utf8_is_named() {
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"M\xffF");
    for (args, named) in [
        (
            vec![OsStr::new("check"), OsStr::new("--terrain"), bad],
            "invalid UTF-8 in the value of --terrain",
        ),
        (
            vec![OsStr::new("score"), OsStr::from_bytes(b"--token=3\xff")],
            "invalid UTF-8 in the value of --token",
        ),
        (
            vec![OsStr::new("playtest"), OsStr::new("--token"), bad],
            "invalid UTF-8 in the value of --token",
        ),
    ] {
        let run = hexfair_os(args);
        assert_refused(&run, &[named], named);
    }
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
    // The choices come from the engine's own tables (legacy boards are taken, not offered).
    let generate = hexfair(&["generate", "--help"]).stdout;
    for layout in LayoutId::offered() {
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
fn a_negative_number_is_refused_by_its_option_naming_the_bound() {
    // Read as short flags, these were "unexpected argument '-0' found": no option, no bound.
    for (args, expected) in [
        (
            &["generate", "--target", "-0.5"][..],
            "invalid value '-0.5' for '--target <S>': expected a score from 0 to 1",
        ),
        (
            &["generate", "--seed", "-1"][..],
            "'--seed <N>': expected a whole number from 0 to 18446744073709551615",
        ),
        (
            &["generate", "--count", "-1"][..],
            "'--count <N>': expected a whole number from 1 to 100,000",
        ),
        (
            &["limits", "--boards", "-3"][..],
            "'--boards <N>': expected a whole number from 1 to 10,000,000",
        ),
        (
            &["score", "--token", "x", "--seats", "-2"][..],
            "'--seats <N>': expected a whole number from 2 to 8",
        ),
        (
            &["playtest", "--token", "x", "--games", "-5"][..],
            "invalid value '-5' for '--games <N>'",
        ),
        (
            &["guide", "--token", "x", "--turn", "-1"][..],
            "invalid value '-1' for '--turn <N>'",
        ),
    ] {
        assert_refused(&hexfair(args), &[expected], &args.join(" "));
    }
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
fn a_bad_terrain_letter_is_told_every_letter_the_format_has() {
    // A Traders & Barbarians board needs its oasis (O), castle (C) and the rest; the message
    // listed only the eight letters of the base and Seafarers boards.
    let run = hexfair(&[
        "check",
        "--layout",
        "caravans-3-4",
        "--terrain",
        "XFFMPFFHMOHPMWPWHPW",
        "--numbers",
        &["-"; 19].join(","),
    ]);
    assert_refused(
        &run,
        &["--terrain: terrain letter 1 is 'X'; expected one of F P W H M D S G L Z O C Q V K B T"],
        "a bad letter on a caravans board",
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
fn an_empty_token_or_a_whole_address_is_told_what_to_give() {
    // Told before "it has no board token after 'b='" and "its token version 'h' is not one
    // this app knows": the app's reasons for a link, not for what was typed.
    let token = "3AQAw0AAHFAR3QkKXN8bHJXIDyT9D";
    let address = format!("https://example.org/hexfair/?b={token}");
    let query = format!("?b={token}");
    for (args, why) in [
        (
            vec!["score", "--token", ""],
            "--token: the token cannot be read: it is empty; give what follows ?b= in a share link's address",
        ),
        (
            vec!["playtest", "--token", &address],
            "--token: the token cannot be read: give what follows ?b= in the link's address, not the address",
        ),
        (
            vec!["guide", "--token", &query],
            "--token: the token cannot be read: give what follows ?b= in the link's address, not the address",
        ),
    ] {
        assert_refused(&hexfair(&args), &[why], &args.join(" "));
    }
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
    // Every board's own boards fit it.
    for layout in LayoutId::every() {
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

/// The JSON lines of `generate --count`, each parsed.
fn json_lines(run: &Run) -> Vec<serde_json::Value> {
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

/// The board a bulk line describes, as its share token gives it back, in the line's own
/// JSON form (without the line's index, mode and score).
fn board_of_token(line: &serde_json::Value) -> serde_json::Value {
    let token = line["share_token"].as_str().expect("a share token");
    let link = decode_token(token).expect("the token decodes");
    let board = link.board.expect("a board token");
    hexfair_cli::board_json(&board, &link.settings, link.mode, link.seed)
}

/// What makes boards the same for a table: terrain, numbers and harbours.
fn identity(line: &serde_json::Value) -> String {
    format!(
        "{} {} {}",
        line["terrain"], line["numbers"], line["harbours"]
    )
}

#[test]
fn count_writes_distinct_boards_as_json_lines_whose_tokens_decode_to_them() {
    let run = hexfair(&[
        "generate",
        "--seed",
        "2024",
        "--mode",
        "balanced",
        "--candidates",
        "2000",
        "--rule",
        "no-adjacent-same-number",
        "--count",
        "40",
        "--play-games",
        "0",
        "--format",
        "json",
    ]);
    assert!(run.stderr.is_empty(), "{:?}", run.stderr);
    let lines = json_lines(&run);
    assert_eq!(lines.len(), 40);
    let mut seen = std::collections::HashSet::new();
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["index"], i + 1);
        assert_eq!(line["mode"], "balanced");
        assert!(line["score"].as_f64().is_some());
        let mut fields = line.clone();
        for extra in ["index", "mode", "score"] {
            fields.as_object_mut().unwrap().remove(extra);
        }
        assert_eq!(board_of_token(line), fields, "line {}", i + 1);
        assert!(
            seen.insert(identity(line)),
            "line {} repeats a board",
            i + 1
        );
    }
    // Each board is the one `generate` makes alone for that line's seed.
    for line in [&lines[0], &lines[39]] {
        let seed = line["seed"].to_string();
        let alone = hexfair(&[
            "generate",
            "--seed",
            &seed,
            "--mode",
            "balanced",
            "--candidates",
            "2000",
            "--rule",
            "no-adjacent-same-number",
            "--play-games",
            "0",
            "--format",
            "json",
        ]);
        let mut alone: serde_json::Value = serde_json::from_str(&alone.stdout).unwrap();
        alone["index"] = line["index"].clone();
        assert_eq!(&alone, line);
    }
}

/// Fields of RFC 4180 CSV (quoted fields may hold commas and doubled quotes), one row a
/// line; independent of the writer in `src/cli/output.rs`.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for line in text.lines() {
        let mut fields = vec![String::new()];
        let mut quoted = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, quoted) {
                ('"', true) if chars.peek() == Some(&'"') => {
                    chars.next();
                    fields.last_mut().unwrap().push('"');
                }
                ('"', _) => quoted = !quoted,
                (',', false) => fields.push(String::new()),
                (c, _) => fields.last_mut().unwrap().push(c),
            }
        }
        assert!(!quoted, "unterminated quote in {line}");
        rows.push(fields);
    }
    rows
}

#[test]
fn count_writes_csv_with_a_header_and_a_row_a_board() {
    let run = hexfair(&[
        "generate",
        "--layout",
        "seafarers",
        "--numbers",
        "spiral",
        "--seed",
        "8",
        "--target",
        "0.3",
        "--candidates",
        "1000",
        "--count",
        "25",
        "--format",
        "csv",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows = csv_rows(&run.stdout);
    assert_eq!(
        rows[0],
        [
            "index",
            "seed",
            "layout",
            "mode",
            "score",
            "terrain",
            "numbers",
            "share_token"
        ]
    );
    assert_eq!(rows.len(), 26);
    let cells = Layout::get(LayoutId::Seafarers).cells.len();
    let mut seen = std::collections::HashSet::new();
    for (i, row) in rows[1..].iter().enumerate() {
        assert_eq!(row.len(), 8, "row {}: {row:?}", i + 1);
        assert_eq!(row[0], (i + 1).to_string());
        assert_eq!(row[2], "seafarers");
        assert_eq!(row[3], "target=0.3");
        let score: f64 = row[4].parse().expect("a number");
        assert!((0.0..=1.0).contains(&score), "{score}");
        assert_eq!(row[5].len(), cells);
        assert_eq!(row[6].split(',').count(), cells);
        let link = decode_token(&row[7]).expect("the token decodes");
        let board = link.board.expect("a board token");
        assert_eq!(board.terrain_text(), row[5]);
        assert_eq!(board.numbers_text(), row[6]);
        assert_eq!(link.seed.to_string(), row[1]);
        assert!(seen.insert(row[7].clone()));
        assert!(seen.insert(format!("{} {}", row[5], row[6])));
    }
}

#[test]
fn count_output_is_the_same_on_one_thread_two_or_every_core() {
    for (layout, mode, format) in [
        ("base", "balanced", "json"),
        ("new-world", "random", "csv"),
        ("mcguire", "unbalanced", "text"),
    ] {
        let run = |jobs: Option<&str>| {
            let mut args = vec![
                "generate", "--layout", layout, "--seed", "31", "--mode", mode, "--count", "30",
                "--format", format,
            ];
            if mode != "random" {
                args.extend(["--candidates", "800"]);
            }
            if let Some(jobs) = jobs {
                args.extend(["--jobs", jobs]);
            }
            let run = hexfair(&args);
            assert_eq!(run.code, 0, "{layout} {mode}: {}", run.stderr);
            run.stdout
        };
        let one = run(Some("1"));
        assert!(!one.is_empty());
        assert_eq!(one, run(Some("2")), "{layout} {mode} {format}");
        assert_eq!(one, run(None), "{layout} {mode} {format}");
        assert_eq!(one, run(Some("7")), "{layout} {mode} {format}");
    }
}

#[test]
fn count_works_for_every_board_and_mode() {
    let modes = [
        &["--mode", "random"][..],
        &["--mode", "balanced", "--candidates", "300"],
        &["--mode", "unbalanced", "--candidates", "300"],
        &["--target", "0.2", "--candidates", "300"],
    ];
    // The modes taken in turn: every board, every mode, not every pair of them.
    for (i, layout) in LayoutId::every().into_iter().enumerate() {
        let mode = modes[i % modes.len()];
        let mut args = vec![
            "generate",
            "--layout",
            layout.name(),
            "--seed",
            "5",
            "--count",
            "4",
            "--format",
            "json",
        ];
        args.extend(mode);
        let lines = json_lines(&hexfair(&args));
        assert_eq!(lines.len(), 4, "{layout} {mode:?}");
        let identities: std::collections::HashSet<String> = lines.iter().map(identity).collect();
        assert_eq!(identities.len(), 4, "{layout} {mode:?}");
        for line in &lines {
            assert_eq!(line["layout"], layout.name());
            assert_eq!(line["terrain"], board_of_token(line)["terrain"]);
            assert_eq!(line["harbours"], board_of_token(line)["harbours"]);
        }
    }
}

#[test]
fn count_in_text_separates_boards_by_a_blank_line() {
    let run = hexfair(&[
        "generate",
        "--seed",
        "3",
        "--count",
        "3",
        "--rule",
        "desert-center",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let boards: Vec<&str> = run.stdout.split("\n\nboard: ").collect();
    assert_eq!(boards.len(), 3, "{}", run.stdout);
    assert!(boards[0].starts_with("board: 1 of 3\n"));
    assert!(boards[2].starts_with("3 of 3\n"));
    let csv = hexfair(&[
        "generate",
        "--seed",
        "3",
        "--count",
        "3",
        "--rule",
        "desert-center",
        "--format",
        "csv",
    ]);
    for (board, row) in boards.iter().zip(&csv_rows(&csv.stdout)[1..]) {
        assert!(board.contains(&format!("\nseed: {}\n", row[1])), "{board}");
        assert!(
            board.contains(&format!("\nlink: ?b={}\n", row[7])),
            "{board}"
        );
        assert!(
            board.contains("rules: no-adjacent-red, desert-center"),
            "{board}"
        );
    }
}

#[test]
fn count_out_of_bounds_or_without_a_list_format_is_refused() {
    let generate = |extra: &[&str]| {
        let mut args = vec!["generate", "--seed", "1"];
        args.extend(extra);
        hexfair(&args)
    };
    assert_refused(
        &generate(&["--count", "0"]),
        &["'--count <N>'", "from 1 to 100,000"],
        "no boards",
    );
    assert_refused(
        &generate(&["--count", "100001"]),
        &["'--count <N>'", "from 1 to 100,000"],
        "one board too many",
    );
    assert_refused(
        &generate(&["--count", "3", "--jobs", "0"]),
        &["'--jobs <N>'", "from 1 to 256"],
        "no threads",
    );
    assert_refused(
        &generate(&["--jobs", "2"]),
        &["--count <N>"],
        "threads for a single board",
    );
    assert_refused(
        &generate(&["--count", "3", "--format", "svg"]),
        &["--format svg draws one board"],
        "pictures in bulk",
    );
}

#[test]
fn count_with_impossible_rules_exits_3_and_writes_nothing() {
    for format in ["json", "csv", "text"] {
        let run = hexfair(&[
            "generate",
            "--seed",
            "1",
            "--count",
            "40",
            "--rule",
            "max-corner-pips=9",
            "--rule",
            "desert-center",
            "--format",
            format,
        ]);
        assert_eq!(run.code, 3, "{format}: {}", run.stderr);
        assert!(
            run.stderr.contains("max-corner-pips=9, desert-center"),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{format}: {}", run.stdout);
    }
}

#[test]
fn csv_of_one_board_without_count() {
    let run = hexfair(&["generate", "--seed", "12", "--format", "csv"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows = csv_rows(&run.stdout);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1][0], "1");
    assert_eq!(rows[1][1], "12");
    let json = hexfair(&["generate", "--seed", "12", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["share_token"], rows[1][7].as_str());
}

#[test]
fn bench_answers_reports_every_board_within_the_work_budget() {
    let run = hexfair(&["bench", "--answers", "--quick"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for layout in LayoutId::every() {
        assert!(
            run.stdout.lines().any(|l| l.starts_with(layout.name())),
            "{layout}: {}",
            run.stdout
        );
    }
    let most = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("most work of any request: "))
        .expect("the most work is reported");
    let (most, budget) = most
        .split_once(" of the budget of ")
        .expect("work and budget");
    let (most, budget): (u64, u64) = (most.parse().unwrap(), budget.parse().unwrap());
    assert_eq!(budget, hexfair::generate::REQUEST_WORK);
    // Past the budget by at most the one step that crossed it.
    assert!(most <= budget + budget / 100, "{most} of {budget}");
    assert_refused(
        &hexfair(&["bench", "--answers", "--bulk"]),
        &["cannot be used with"],
        "two benchmarks at once",
    );
}

#[test]
fn bench_answers_refuses_a_game_it_does_not_time() {
    // The answers are timed for the base game: a Cities & Knights table asked for was left
    // out of the report without a word.
    let run = hexfair(&[
        "bench",
        "--answers",
        "--quick",
        "--expansion",
        "cities-and-knights",
    ]);
    assert_refused(
        &run,
        &["--expansion cities-and-knights: bench --answers times the base game's requests"],
        "bench --answers for Cities & Knights",
    );
}

#[test]
fn generate_by_scenario_and_players_takes_the_board_printed_for_that_table() {
    for id in LayoutId::offered() {
        for players in id.seats() {
            let players = players.to_string();
            let run = hexfair(&[
                "generate",
                "--scenario",
                id.scenario(),
                "--players",
                &players,
                "--seed",
                "5",
                "--format",
                "json",
            ]);
            assert_eq!(run.code, 0, "{id}/{players}: {}", run.stderr);
            let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
            assert_eq!(json["layout"], id.name(), "{} for {players}", id.scenario());
            let link = decode_token(json["share_token"].as_str().unwrap()).expect("decodes");
            assert_eq!(link.board.expect("a board").terrain_text(), json["terrain"]);
        }
    }
    // Without --players, a table of four.
    let run = hexfair(&["generate", "--scenario", "new-shores", "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("layout: new-shores-4\n"),
        "{}",
        run.stdout
    );
    // Three players take the 3-4 board where there is no 3-player one.
    let run = hexfair(&[
        "generate",
        "--scenario",
        "base",
        "--players",
        "3",
        "--seed",
        "1",
    ]);
    assert!(run.stdout.starts_with("layout: base\n"), "{}", run.stdout);
    let run = hexfair(&[
        "generate",
        "--scenario",
        "base",
        "--players",
        "6",
        "--seed",
        "1",
    ]);
    assert!(
        run.stdout.starts_with("layout: five-six\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_scenario_or_player_count_that_does_not_exist_is_named() {
    let run = hexfair(&["generate", "--scenario", "atlantis", "--seed", "1"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--scenario atlantis: there is no such scenario"),
        "{}",
        run.stderr
    );
    for scenario in ["base", "new-shores", "fog-islands", "rivers"] {
        assert!(run.stderr.contains(scenario), "{}", run.stderr);
    }
    assert!(
        !run.stderr.contains("seafarers-five-six"),
        "legacy boards are no scenario"
    );
    let run = hexfair(&[
        "generate",
        "--scenario",
        "rivers",
        "--players",
        "5",
        "--seed",
        "1",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("rivers has no board for 5 players; it has boards for 3-4 players"),
        "{}",
        run.stderr
    );
    let run = hexfair(&[
        "generate",
        "--scenario",
        "base",
        "--players",
        "7",
        "--seed",
        "1",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("from 3 to 6"), "{}", run.stderr);
    let run = hexfair(&[
        "generate",
        "--scenario",
        "base",
        "--layout",
        "base",
        "--seed",
        "1",
    ]);
    assert_eq!(run.code, 2, "one way to name the board");
    let run = hexfair(&["generate", "--players", "4", "--seed", "1"]);
    assert_eq!(run.code, 2, "--players goes with --scenario");
}

#[test]
fn boards_lists_the_catalogue_by_game() {
    let run = hexfair(&["boards"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (offered, legacy) = run
        .stdout
        .split_once("Kept for old links")
        .expect("two parts");
    for id in LayoutId::offered() {
        assert!(offered.contains(&format!(" {} ", id.name())), "{id}");
        assert!(offered.contains(id.title()), "{id}");
    }
    for game in [
        "Catan\n",
        "Seafarers\n",
        "Traders & Barbarians\n",
        "House rules\n",
    ] {
        assert!(offered.contains(game), "{game}");
    }
    assert!(legacy.contains(" seafarers ") && legacy.contains(" seafarers-five-six "));
    assert!(!offered.contains(" seafarers "));
    // Old names still work on --layout.
    let run = hexfair(&["generate", "--layout", "seafarers", "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The seed a run without `--seed` says it drew, on stderr.
fn drawn_seed(run: &Run) -> u64 {
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (seed, rest) = run
        .stderr
        .strip_prefix("seed: ")
        .and_then(|line| line.split_once(' '))
        .unwrap_or_else(|| panic!("no drawn seed in {:?}", run.stderr));
    assert!(rest.starts_with("(drawn; --seed "), "{}", run.stderr);
    seed.parse().expect("a whole number")
}

#[test]
fn generate_without_a_seed_draws_one_that_makes_the_board_again() {
    let first = hexfair(&["generate", "--format", "json"]);
    let second = hexfair(&["generate", "--format", "json"]);
    let board = |run: &Run| -> serde_json::Value { serde_json::from_str(&run.stdout).unwrap() };
    let (a, b) = (board(&first), board(&second));
    assert_ne!(drawn_seed(&first), drawn_seed(&second));
    assert_ne!(
        (&a["terrain"], &a["numbers"]),
        (&b["terrain"], &b["numbers"]),
        "two draws, two boards"
    );
    for (run, json) in [(&first, &a), (&second, &b)] {
        let seed = drawn_seed(run);
        // Below a billion, as the app draws them, and printed with the board.
        assert!(seed < 1_000_000_000, "{seed}");
        assert_eq!(json["seed"], seed);
        let again = hexfair(&["generate", "--seed", &seed.to_string(), "--format", "json"]);
        assert_eq!(again.code, 0, "{}", again.stderr);
        assert!(
            again.stderr.is_empty(),
            "a given seed is not repeated: {}",
            again.stderr
        );
        assert_eq!(board(&again), *json, "--seed {seed} makes the same board");
    }
    // The text format prints the seed among the settings.
    let text = hexfair(&["generate"]);
    let seed = drawn_seed(&text);
    assert!(
        text.stdout.contains(&format!("\nseed: {seed}\n")),
        "{}",
        text.stdout
    );
}

#[test]
fn generate_count_without_a_seed_draws_one_that_makes_the_boards_again() {
    let args = ["generate", "--count", "3", "--format", "json"];
    let drawn = hexfair(&args);
    let other = hexfair(&args);
    assert_ne!(drawn.stdout, other.stdout, "two draws, two sets of boards");
    let seed = drawn_seed(&drawn).to_string();
    let again = hexfair(&[&args[..], &["--seed", &seed]].concat());
    assert_eq!(
        again.stdout, drawn.stdout,
        "--seed {seed} makes the same boards"
    );
    // Each board's own seed makes that board alone.
    for line in json_lines(&drawn) {
        let own = line["seed"].to_string();
        let alone = hexfair(&["generate", "--seed", &own, "--format", "json"]);
        let alone: serde_json::Value = serde_json::from_str(&alone.stdout).unwrap();
        assert_eq!(identity(&alone), identity(&line), "board of seed {own}");
    }
}

/// Cities & Knights tables: `generate` and `score` value spots for them and the link
/// carries the game; boards other than the base game's island, and play-tests of them, are
/// refused in words.
#[test]
fn cities_and_knights_tables_are_generated_scored_and_not_played() {
    let ck = ["--expansion", "cities-and-knights"];
    let run = hexfair(
        &[
            &[
                "generate", "--seed", "5", "--mode", "balanced", "--format", "json",
            ][..],
            &ck,
        ]
        .concat(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["game"], "cities-and-knights");
    let token = json["share_token"].as_str().unwrap().to_string();
    let link = decode_token(&token).unwrap();
    assert_eq!(
        link.settings.expansion,
        hexfair::model::Expansion::CitiesAndKnights
    );
    let score = hexfair(&["score", "--token", &token, "--format", "json"]);
    assert_eq!(score.code, 0, "{}", score.stderr);
    let report: serde_json::Value = serde_json::from_str(&score.stdout).unwrap();
    for seat in report["snake_draft"]["seats"].as_array().unwrap() {
        assert_eq!(seat["pieces"], serde_json::json!(["settlement", "city"]));
    }
    assert!(report["spots"][0]["city"].as_u64().unwrap() > 0);
    let limits = hexfair(&[&["limits", "--boards", "10"][..], &ck].concat());
    assert_eq!(limits.code, 0, "{}", limits.stderr);
    let base = hexfair(&["generate", "--seed", "5", "--format", "json"]);
    let base: serde_json::Value = serde_json::from_str(&base.stdout).unwrap();
    let base_token = base["share_token"].as_str().unwrap();
    for (args, expected) in [
        (
            vec!["generate", "--layout", "seafarers"],
            vec!["--expansion", "not on seafarers"],
        ),
        (
            vec!["limits", "--layout", "seafarers"],
            vec!["--expansion", "not on seafarers"],
        ),
        (
            vec!["generate", "--mode", "balanced", "--play-games", "10"],
            vec!["--play-games", "not simulated yet"],
        ),
        (
            vec!["playtest", "--token", base_token],
            vec!["--expansion", "not simulated yet"],
        ),
    ] {
        let run = hexfair(&[&args[..], &ck].concat());
        assert_refused(&run, &expected, &args.join(" "));
    }
    let run = hexfair(&["playtest", "--token", &token]);
    assert_refused(
        &run,
        &["--token", "Cities & Knights games are not simulated yet"],
        "playtest",
    );
}
