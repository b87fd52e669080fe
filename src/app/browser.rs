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

/// The address of this page showing the board of `query` (a share query, without `?`).
pub fn url_with_query(query: &str) -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}?{query}")
}

/// Shares a link and says how it went, in words for the player.
pub async fn share_in_words(url: &str) -> &'static str {
    match share(url, "A Catan board from Hexfair").await.as_str() {
        "shared" => "Shared.",
        "copied" => "Link copied.",
        "cancelled" => "Not shared.",
        _ => "Could not share here; copy the address bar instead.",
    }
}

/// Milliseconds since 1970, by the device's clock.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A time as the player reads it: day, month, hours and minutes, in the device's time zone.
pub fn day_and_time(ms: u64) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let date = js_sys::Date::new(&JsValue::from_f64(ms as f64));
    format!(
        "{} {} {:02}:{:02}",
        date.get_date(),
        MONTHS[date.get_month() as usize % 12],
        date.get_hours(),
        date.get_minutes()
    )
}

/// The page's localStorage, or why there is none, in words. Private modes and blocked site
/// data make it missing or make touching it throw.
fn local_storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| storage_refused(&JsValue::NULL))
}

/// A storage failure in words: full, blocked, or something else by its name.
fn storage_refused(error: &JsValue) -> String {
    let name = js_sys::Reflect::get(error, &JsValue::from_str("name"))
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    match name.as_str() {
        "QuotaExceededError" => "This device's storage for the page is full, so nothing more \
                                 can be kept: delete some saved boards, or free space."
            .to_string(),
        "" | "SecurityError" => "This browser keeps nothing for this page (private browsing, or \
                                 site data blocked), so boards cannot be saved here."
            .to_string(),
        other => format!("The browser would not keep boards for this page ({other})."),
    }
}

/// The stored text under `key`, `None` if there is none.
pub fn stored(key: &str) -> Result<Option<String>, String> {
    local_storage()?
        .get_item(key)
        .map_err(|e| storage_refused(&e))
}

/// Stores `value` under `key`.
pub fn store(key: &str, value: &str) -> Result<(), String> {
    local_storage()?
        .set_item(key, value)
        .map_err(|e| storage_refused(&e))
}
