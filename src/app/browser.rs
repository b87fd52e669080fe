//! The few browser facts the app needs: the query string, replacing it, a fresh seed.

/// The page's query string, `?...` or empty.
pub fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// Puts the board's link in the address bar without a reload or a history entry.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}?{query}")),
        );
    }
}

/// A fresh seed from the browser's cryptographic source, short enough to read out.
pub fn fresh_seed() -> u64 {
    // Below a billion: nine digits at most, easy to say across the table.
    getrandom::u64().map_or(0, |v| v % 1_000_000_000)
}
