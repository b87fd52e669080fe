//! Table mode's calls into the browser (`js/table_mode.js`): full screen and a screen that
//! stays awake, each where the browser has it.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/table_mode.js")]
extern "C" {
    #[wasm_bindgen(js_name = enterTable)]
    async fn enter_table_js(element: &web_sys::Element, leave: &js_sys::Function) -> JsValue;
    #[wasm_bindgen(js_name = exitTable)]
    async fn exit_table_js();
}

/// How table mode could show the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableSupport {
    pub fullscreen: bool,
    pub awake: bool,
}

/// Shows `element` full screen and keeps the screen on where the browser can; `leave` runs
/// if the browser itself ends full screen.
pub async fn enter(element: &web_sys::Element, leave: &js_sys::Function) -> TableSupport {
    let answer = enter_table_js(element, leave)
        .await
        .as_string()
        .unwrap_or_default();
    TableSupport {
        fullscreen: answer.starts_with("fullscreen"),
        awake: answer.ends_with("awake"),
    }
}

/// Ends full screen and lets the screen sleep.
pub async fn exit() {
    exit_table_js().await;
}
