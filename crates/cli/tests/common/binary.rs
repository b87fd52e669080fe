//! The `hexfair` binary run as a user runs it, for the command-line tests (each file that
//! needs it says `#[path = "common/binary.rs"] mod binary;`).

use std::ffi::OsStr;
use std::process::Command;

/// What a run printed and how it ended.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

pub fn hexfair(args: &[&str]) -> Run {
    hexfair_os(args.iter().map(OsStr::new))
}

/// The binary run on arguments as the OS passes them (not necessarily UTF-8).
pub fn hexfair_os<'a>(args: impl IntoIterator<Item = &'a OsStr>) -> Run {
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
