//! The page's language: how a fetched table is read, and how a choice is kept. index.html's
//! first script picks the language before anything runs (the stored choice, else the first
//! of the device's languages the page has, else English), sets `<html lang>` and starts
//! fetching that table beside the wasm (`window.hexfairWords`: `lang`, and `table`, a
//! promise until the table has come, then the table itself), so the first board rarely
//! waits for it; `window.hexfairFetchWords(code)` fetches another when the player switches.
//! The words themselves are the state's (`State::words`), handed to every component.

use wasm_bindgen::{JsCast, JsValue};

use super::words::{Key, Lang, Table, TableKey, Words};

/// The localStorage key of the player's choice (index.html's script reads the same one).
const STORAGE_KEY: &str = "hexfair-language";

fn window_value(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

fn field(object: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// A table the browser's JSON gave, its texts read in order (refused whole if incomplete):
/// the page's words, or the build guide's in the play worker.
pub fn read_table<K: TableKey>(lang: Lang, table: &JsValue) -> Result<Table<K>, String> {
    let Some(object) = table.dyn_ref::<js_sys::Object>() else {
        return Err("not a table".into());
    };
    let texts = js_sys::Object::values(object);
    Table::read(lang, texts.iter().map(|text| text.as_string())).map_err(|e| e.reason())
}

/// What a promise gave, or why it gave nothing, in the browser's words.
async fn settle(promise: JsValue) -> Result<JsValue, String> {
    let promise: js_sys::Promise = promise.dyn_into().map_err(|_| "no download".to_string())?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| {
            field(&e, "message")
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "it could not be fetched".into())
        })
}

/// The table of `lang`, fetched (English needs none).
pub async fn load(lang: Lang) -> Result<Words, String> {
    if lang == Lang::En {
        return Ok(Words::english());
    }
    let promise = window_value("hexfairFetchWords")
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|fetch| {
            fetch
                .call1(&JsValue::NULL, &JsValue::from_str(lang.code()))
                .ok()
        })
        .ok_or("the page cannot fetch words")?;
    read_table(lang, &settle(promise).await?)
}

/// The language index.html picked, and its table if it has come already (else the promise
/// of it). English comes with the page.
pub fn picked() -> (Lang, Option<JsValue>) {
    let picked = window_value("hexfairWords");
    let lang = picked
        .as_ref()
        .and_then(|p| field(p, "lang"))
        .and_then(|l| l.as_string())
        .and_then(|code| Lang::parse(&code))
        .unwrap_or(Lang::En);
    let table = picked.and_then(|p| field(&p, "table"));
    (lang, table)
}

/// The words of `lang` from what index.html fetched (`table`: the table, or a promise of it
/// when it has not come yet, `None`: nothing fetched), or English and why not.
pub async fn first_words(lang: Lang, table: Option<JsValue>) -> (Words, Option<String>) {
    let result = match table {
        Some(table) if table.is_instance_of::<js_sys::Promise>() => match settle(table).await {
            Ok(table) => read_table(lang, &table),
            Err(why) => Err(why),
        },
        Some(table) => read_table(lang, &table),
        None => load(lang).await,
    };
    match result {
        Ok(words) => (words, None),
        Err(why) => failed(lang, &why),
    }
}

/// The table index.html has already read, when it has: the first board then shows in its
/// language at once, with no wait for a promise.
pub fn ready(lang: Lang, table: &Option<JsValue>) -> Option<Result<Words, String>> {
    match table {
        _ if lang == Lang::En => Some(Ok(Words::english())),
        Some(table) if !table.is_instance_of::<js_sys::Promise>() => Some(read_table(lang, table)),
        _ => None,
    }
}

/// English, and why `lang` could not be had, in English words.
pub fn failed(lang: Lang, why: &str) -> (Words, Option<String>) {
    let english = Words::english();
    let message = english.fill(
        Key::WordsFailed,
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
