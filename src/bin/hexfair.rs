//! `hexfair`: the command line on the same engine as the app.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::io::{IsTerminal, Write};

    // Arguments as the OS gave them: the parser refuses those that are not UTF-8 with a
    // message, where `std::env::args` would panic.
    let outcome = hexfair::cli::run(std::env::args_os().skip(1));
    let mut stdout = outcome.stdout;
    let mut stderr = outcome.stderr;
    // Messages in colour on a terminal, as clap prints them, unless NO_COLOR asks otherwise.
    if let Some(coloured) = outcome.coloured {
        if std::env::var_os("NO_COLOR").is_none() {
            if !stderr.is_empty() && std::io::stderr().is_terminal() {
                stderr = coloured;
            } else if !stdout.is_empty() && std::io::stdout().is_terminal() {
                stdout = coloured;
            }
        }
    }
    // A closed pipe (`hexfair ... | head`) is not worth a panic.
    let _ = std::io::stdout().write_all(stdout.as_bytes());
    let _ = std::io::stderr().write_all(stderr.as_bytes());
    std::process::exit(outcome.code);
}

#[cfg(target_arch = "wasm32")]
fn main() {
    // The browser app is `hexfair-web`; the command line is native only.
}
