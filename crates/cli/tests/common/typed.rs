//! A board `generate` made, and the arguments that type it back: shared by the tests of
//! typed boards (`#[path]` beside `binary.rs`).

use super::binary::{hexfair, Run};
use serde_json::Value;

/// `generate --format json` of a board, with `more` settings.
pub fn generated(layout: &str, seed: &str, more: &[&str]) -> Value {
    let mut args = vec![
        "generate", "--layout", layout, "--seed", seed, "--format", "json",
    ];
    args.extend_from_slice(more);
    let run = hexfair(&args);
    assert_eq!(run.code, 0, "{layout}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

/// The arguments that type `board` back: its layout, terrain, numbers and harbours (empty
/// where it has no harbours text).
pub fn typed(board: &Value) -> Vec<String> {
    let text = |field: &str| board[field].as_str().unwrap_or_default().to_string();
    vec![
        "--layout".into(),
        text("layout"),
        "--terrain".into(),
        text("terrain"),
        "--numbers".into(),
        text("numbers"),
        "--harbours".into(),
        text("harbours_text"),
    ]
}

/// `command` run with `more` arguments after it.
pub fn run(command: &[&str], more: &[String]) -> Run {
    let args: Vec<&str> = command
        .iter()
        .copied()
        .chain(more.iter().map(String::as_str))
        .collect();
    hexfair(&args)
}

/// A refusal of bad input: exit 2, `expected` in its message, nothing on stdout.
pub fn assert_refused(run: &Run, expected: &str, what: &str) {
    assert_eq!(run.code, 2, "{what}: {}", run.stderr);
    assert!(
        run.stderr.contains(expected),
        "{what}: want {expected:?} in {}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{what}: {}", run.stdout);
}
