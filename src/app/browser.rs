//! The few browser facts and services the app needs: the address, a fresh seed, sharing and
//! saving pictures (the last two through `js/browser_io.js`).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/browser_io.js")]
extern "C" {
    #[wasm_bindgen(js_name = shareLink)]
    async fn share_link(url: &str, title: &str) -> JsValue;
    #[wasm_bindgen(js_name = downloadPng)]
    async fn download_png_js(svg: &str, file_name: &str) -> JsValue;
}

/// The page's query string, `?...` or empty.
pub fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The page's full address.
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Puts the board's link in the address bar without a reload or a history entry.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ =
            history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}?{query}")));
    }
}

/// A fresh seed from the browser's cryptographic source, short enough to read out.
pub fn fresh_seed() -> u64 {
    // Below a billion: nine digits at most, easy to say across the table.
    getrandom::u64().map_or(0, |v| v % 1_000_000_000)
}

/// Shares a link (share sheet, else clipboard): "shared", "copied", "cancelled" or "failed".
pub async fn share(url: &str, title: &str) -> String {
    share_link(url, title)
        .await
        .as_string()
        .unwrap_or_else(|| "failed".into())
}

/// Saves an SVG document as a PNG download; the PNG's size in bytes, 0 on failure.
pub async fn download_png(svg: &str, file_name: &str) -> f64 {
    download_png_js(svg, file_name)
        .await
        .as_f64()
        .unwrap_or(0.0)
}
