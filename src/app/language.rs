//! The page's language: which table the components read, how a fetched one is read, and
//! how a choice is kept. index.html's first script picks the language before anything runs
//! (the stored choice, else the first of the device's languages the page has, else English),
//! sets `<html lang>` and starts fetching that table beside the wasm, so the first board
//! waits for no extra round trip (`window.hexfairWords`); `window.hexfairFetchWords(code)`
//! fetches another when the player switches.

use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::words::{Lang, Words};

/// The localStorage key of the player's choice (index.html's script reads the same one).
const STORAGE_KEY: &str = "hexfair-language";

/// What every component reads the page's words from, and how the language is changed.
#[derive(Clone, PartialEq)]
pub struct WordsContext {
    pub words: Rc<Words>,
    pub choose: Callback<Lang>,
}

/// The page's words, in its language now.
#[hook]
pub fn use_words() -> Rc<Words> {
    use_context::<WordsContext>()
        .expect("the app provides the words")
        .words
}

fn window_value(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// A table the browser's JSON gave, read key by key (refused whole if incomplete).
fn read_table(lang: Lang, table: &JsValue) -> Result<Words, String> {
    if !table.is_object() {
        return Err("not a table".into());
    }
    let count = js_sys::Object::keys(table.unchecked_ref::<js_sys::Object>()).length() as usize;
    Words::read(lang, count, |key| {
        js_sys::Reflect::get(table, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_string())
    })
    .map_err(|incomplete| match incomplete.missing.first() {
        Some(key) => format!("{} words missing, such as {key}", incomplete.missing.len()),
        None => format!("{} words too many", incomplete.extra),
    })
}

async fn settle(promise: JsValue) -> Result<JsValue, String> {
    let promise: js_sys::Promise = promise.dyn_into().map_err(|_| "no download".to_string())?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| {
            js_sys::Reflect::get(&e, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "it could not be fetched".into())
        })
}

/// The table of `lang`, fetched (English needs none).
pub async fn load(lang: Lang) -> Result<Words, String> {
    if lang == Lang::En {
        return Ok(Words::english());
    }
    let fetch = window_value("hexfairFetchWords")
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or("the page cannot fetch words")?;
    let promise = fetch
        .call1(&JsValue::NULL, &JsValue::from_str(lang.code()))
        .map_err(|_| "the page cannot fetch words".to_string())?;
    read_table(lang, &settle(promise).await?)
}

/// The words the page starts in: the language index.html picked, once its table has come.
/// If it cannot be read, English, and why in words.
pub async fn first_words() -> (Words, Option<String>) {
    let picked = window_value("hexfairWords");
    let lang = picked
        .as_ref()
        .and_then(|p| js_sys::Reflect::get(p, &JsValue::from_str("lang")).ok())
        .and_then(|l| l.as_string())
        .and_then(|code| Lang::parse(&code))
        .unwrap_or(Lang::En);
    if lang == Lang::En {
        return (Words::english(), None);
    }
    let table = picked.and_then(|p| js_sys::Reflect::get(&p, &JsValue::from_str("table")).ok());
    let result = match table {
        Some(promise) => match settle(promise).await {
            Ok(table) => read_table(lang, &table),
            Err(why) => Err(why),
        },
        None => load(lang).await,
    };
    match result {
        Ok(words) => (words, None),
        Err(why) => failed(lang, &why),
    }
}

/// English, and why `lang` could not be had, in English words.
pub fn failed(lang: Lang, why: &str) -> (Words, Option<String>) {
    let english = Words::english();
    let message = english.fill(
        super::words::Key::WordsFailed,
        &[("language", &lang.own_name()), ("why", &why)],
    );
    (english, Some(message))
}

/// Shows `lang` as the page's language (`<html lang>`).
pub fn show(lang: Lang) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// Shows `lang` and keeps the choice on the device (private browsing may refuse to keep
/// it; the page still changes).
pub fn apply(lang: Lang) {
    show(lang);
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(STORAGE_KEY, lang.code());
    }
}
