//! Same board on every target: the engine, built natively and for wasm32 (run under Node by
//! wasm-bindgen-test), computes the fingerprint corpus of `corpus.rs` and must match the
//! digests checked in at `golden.txt`, so native == golden == wasm. `worker_messages.rs`
//! holds the worker's messages to the values the browser carries, on wasm32 only.
//!
//! Natively: `cargo test --release --test determinism`. On wasm32 (what the app runs):
//! `cargo test --target wasm32-unknown-unknown --test determinism` (scripts/test.sh does
//! this through `wasm_env`). After an intended change to what the engine outputs:
//! `HEXFAIR_BLESS=1 cargo test --release --test determinism` rewrites the golden file, and
//! `HEXFAIR_DETERMINISM_DUMP=FILE` writes every case's line to FILE, to compare.

mod corpus;
mod worker_messages;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test;

const GOLDEN: &str = include_str!("golden.txt");

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn boards_scores_and_tokens_match_the_golden_file() {
    let groups = corpus::run();
    #[cfg(not(target_arch = "wasm32"))]
    if native::bless_or_dump(&groups) {
        return;
    }
    if let Err(report) = corpus::compare(&groups, GOLDEN) {
        panic!("{report}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_changed_case_is_reported_by_its_group() {
    let group = |name: &str, lines: &[&str]| corpus::Group {
        name: name.to_string(),
        lines: lines.iter().map(|l| l.to_string()).collect(),
    };
    let recorded = [group("a", &["x=1"]), group("b", &["y=2", "z=3"])];
    let golden: String = recorded.iter().map(|g| g.golden_line() + "\n").collect();
    assert_eq!(
        corpus::compare(&recorded, &format!("# header\n{golden}")),
        Ok(())
    );

    let changed = [group("a", &["x=1"]), group("b", &["y=2", "z=4"])];
    let report = corpus::compare(&changed, &golden).unwrap_err();
    assert!(
        report.starts_with("1 of 2 fingerprint groups differ"),
        "{report}"
    );
    assert!(report.contains("  b: golden 2 "), "{report}");
    assert!(report.contains("The cases of b:\n  y=2\n  z=4"), "{report}");
    assert!(!report.contains("  a: "), "{report}");

    let report = corpus::compare(&recorded[..1], &golden).unwrap_err();
    assert!(
        report.contains("  b: in the golden file but not computed"),
        "{report}"
    );
    let report = corpus::compare(&recorded, &recorded[0].golden_line()).unwrap_err();
    assert!(report.contains("  b: not in the golden file"), "{report}");
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::corpus::Group;
    use std::path::Path;

    /// `HEXFAIR_DETERMINISM_DUMP=FILE`: writes every case. `HEXFAIR_BLESS=1`: rewrites the
    /// golden file from this build and returns true (nothing left to compare).
    pub fn bless_or_dump(groups: &[Group]) -> bool {
        if let Some(path) = std::env::var_os("HEXFAIR_DETERMINISM_DUMP") {
            let mut text = String::new();
            for group in groups {
                for line in &group.lines {
                    text.push_str(&format!("{}: {line}\n", group.name));
                }
            }
            std::fs::write(&path, text).expect("the dump file can be written");
            eprintln!("wrote every case to {}", Path::new(&path).display());
        }
        if std::env::var("HEXFAIR_BLESS").as_deref() != Ok("1") {
            return false;
        }
        let mut text = String::from(
            "# Fingerprints of the engine's output (tests/determinism/corpus.rs): a group's name,\n\
             # its number of cases and the FNV-1a digest of their lines. The native and the wasm32\n\
             # builds must both reproduce them. Rewrite with:\n\
             #   HEXFAIR_BLESS=1 cargo test --release --test determinism\n",
        );
        for group in groups {
            text.push_str(&group.golden_line());
            text.push('\n');
        }
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/determinism/golden.txt");
        std::fs::write(&path, text).expect("the golden file can be written");
        eprintln!("blessed {} groups into {}", groups.len(), path.display());
        true
    }
}
