//! The `hexfair` binary as a user runs it: real processes, exit codes, stdout and stderr.

use std::process::Command;

use hexfair::layout::{Layout, LayoutId};
use hexfair::share::decode_token;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn hexfair(args: &[&str]) -> Run {
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
            "--layout 'atlantis'",
        ),
        (vec!["generate", "--seed", "x"], "--seed 'x'"),
        (
            vec!["generate", "--seed", "1", "--numbers", "banana"],
            "--numbers 'banana'",
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
            "new-world layout has no spiral",
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
            "--format 'png'",
        ),
        (
            vec!["generate", "--seed", "1", "--colour", "red"],
            "unknown option '--colour'",
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
            "five-six layout has 30 hexes",
        ),
        (
            vec![
                "check",
                "--terrain",
                "MPFWHPHWFDFMFMWPHWP",
                "--numbers",
                "1,2",
            ],
            "--numbers has 2 entries",
        ),
        (vec![], "missing command"),
    ] {
        let run = hexfair(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("usage:"),
            "the usage follows the message"
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
