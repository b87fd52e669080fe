//! The browser app's entry point (Trunk builds this binary for wasm32).

#[cfg(target_arch = "wasm32")]
fn main() {
    hexfair::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("hexfair-web is the browser app: build it with `trunk build`; the command line is `hexfair`");
    std::process::exit(2);
}
