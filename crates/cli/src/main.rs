//! `hexfair`: the command line on the same engine as the app.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::io::{IsTerminal, Write};

    // Arguments as the OS gave them: the parser refuses those that are not UTF-8 with a
    // message, where `std::env::args` would panic.
    let outcome = hexfair_cli::run(std::env::args_os().skip(1));
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
    // A closed pipe (`hexfair ... | head`) is not worth a panic, nor a message: the reader
    // had what it wanted. Output that could not be written otherwise (a full disk) is not a
    // success: the system refused what the run needs (exit status 1).
    let written = std::io::stdout()
        .write_all(stdout.as_bytes())
        .and_then(|()| std::io::stdout().flush());
    let _ = std::io::stderr().write_all(stderr.as_bytes());
    match written {
        Err(why) if why.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(
                std::io::stderr(),
                "error: the output could not be written: {why}"
            );
            std::process::exit(1);
        }
        _ => std::process::exit(outcome.code),
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    // The browser app is `hexfair-web`; the command line is native only.
}
