//! `hexfair`: the command line on the same engine as the app.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::io::Write;

    // Arguments as the OS gave them: the parser refuses those that are not UTF-8 with a
    // message, where `std::env::args` would panic.
    let outcome = hexfair::cli::run(std::env::args_os().skip(1));
    // A closed pipe (`hexfair ... | head`) is not worth a panic.
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    std::process::exit(outcome.code);
}

#[cfg(target_arch = "wasm32")]
fn main() {
    // The browser app is `hexfair-web`; the command line is native only.
}
