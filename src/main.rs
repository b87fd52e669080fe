//! The browser app's entry point (Trunk builds this binary for wasm32), and the page's bench
//! hook. The hook lives here, not in the library, so that only the page's module exports it:
//! the play worker's module (src/bin/hexfair-play.rs) links the same library and would carry
//! the search benchmark along with it.

#[cfg(target_arch = "wasm32")]
fn main() {
    hexfair_app::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("hexfair-web is the browser app: build it with `trunk build`; the command line is `hexfair`");
    std::process::exit(2);
}

/// The engine's benchmark, run in this browser (the browser test calls it through
/// `window.wasmBindings.bench`). Times come from `performance.now()`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench(quick: bool) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
    use wasm_bindgen::JsValue;

    let performance = web_sys::window().and_then(|w| w.performance());
    let now = move || performance.as_ref().map_or(0.0, |p| p.now());
    // Built as a JavaScript object, field by field, so the page carries no serialiser: the
    // same names and values `JSON.parse` of serde_json's text gave (a number that is not
    // finite was null there, and is here).
    let hexfair::bench::Report {
        search_candidates_per_second,
        random_candidates_per_second,
        balanced_board_ms,
        balanced_seat_fair_share,
        balanced_runs,
        candidates_timed,
    } = hexfair::bench::run(&now, quick);
    let report = js_sys::Object::new();
    for (name, value) in [
        ("search_candidates_per_second", search_candidates_per_second),
        ("random_candidates_per_second", random_candidates_per_second),
        ("balanced_board_ms", balanced_board_ms),
        ("balanced_seat_fair_share", balanced_seat_fair_share),
        ("balanced_runs", f64::from(balanced_runs)),
        // Exact: a count of candidates stays far below 2^53.
        ("candidates_timed", candidates_timed as f64),
    ] {
        let value = if value.is_finite() {
            JsValue::from_f64(value)
        } else {
            JsValue::NULL
        };
        js_sys::Reflect::set(&report, &JsValue::from_str(name), &value)?;
    }
    Ok(report.into())
}
