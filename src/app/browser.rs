//! The few browser facts and services the app needs: the address, a fresh seed, sharing and
//! saving pictures (the last two through `js/browser_io.js`).

use wasm_bindgen::prelude::*;

use super::words::{Key, Lang, Words};

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

/// The link of the board index.html drew ahead and shows in the app's place (a first visit
/// without a link of its own), for the app to adopt: the same board, seed and score.
pub fn first_board_link() -> Option<String> {
    window_text("hexfairFirstLink")
}

/// The link of the board drawn ahead for the first Regenerate after that board: the tap
/// shows it without a search.
pub fn first_board_next_link() -> Option<String> {
    window_text("hexfairFirstNext")
}

/// A text index.html's scripts left on `window`.
fn window_text(name: &str) -> Option<String> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &JsValue::from_str(name))
        .ok()?
        .as_string()
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
pub async fn share_in_words(words: &Words, url: &str) -> String {
    let outcome = match share(url, words.get(Key::ShareTitle)).await.as_str() {
        "shared" => Key::Shared,
        "copied" => Key::LinkCopied,
        "cancelled" => Key::NotShared,
        _ => Key::ShareFailed,
    };
    words.get(outcome).to_string()
}

/// Milliseconds since 1970, by the device's clock.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A time as the player reads it, in the page's language (the browser's `Intl` names the
/// month): day, month, hours and minutes, in the device's time zone.
pub fn day_and_time(lang: Lang, ms: u64) -> String {
    let date = js_sys::Date::new(&JsValue::from_f64(ms as f64));
    let options = js_sys::Object::new();
    for (name, value) in [
        ("day", "numeric"),
        ("month", "short"),
        ("hour", "2-digit"),
        ("minute", "2-digit"),
    ] {
        let _ = js_sys::Reflect::set(
            &options,
            &JsValue::from_str(name),
            &JsValue::from_str(value),
        );
    }
    date.to_locale_string(lang.code(), &options).into()
}

/// The page's localStorage, or why there is none, in words. Private modes and blocked site
/// data make it missing or make touching it throw.
fn local_storage(words: &Words) -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| storage_refused(words, &JsValue::NULL))
}

/// A storage failure in words: full, blocked, or something else by its name.
fn storage_refused(words: &Words, error: &JsValue) -> String {
    let name = js_sys::Reflect::get(error, &JsValue::from_str("name"))
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    match name.as_str() {
        "QuotaExceededError" => words.get(Key::StorageFull).to_string(),
        "" | "SecurityError" => words.get(Key::StorageBlocked).to_string(),
        other => words.fill(Key::StorageRefused, &[("why", &other)]),
    }
}

/// The stored text under `key`, `None` if there is none.
pub fn stored(words: &Words, key: &str) -> Result<Option<String>, String> {
    local_storage(words)?
        .get_item(key)
        .map_err(|e| storage_refused(words, &e))
}

/// Stores `value` under `key`.
pub fn store(words: &Words, key: &str, value: &str) -> Result<(), String> {
    local_storage(words)?
        .set_item(key, value)
        .map_err(|e| storage_refused(words, &e))
}

/// Removes what is stored under `key`, if anything (a failure leaves it: nothing depends on
/// its going).
pub fn forget(key: &str) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.remove_item(key);
    }
}

/// Moves the keyboard's focus to the element with `id`, if it is on the page.
pub fn focus(id: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id));
    if let Some(element) =
        element.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    {
        let _ = element.focus();
    }
}
