//! The search worker: the browser app posts requests here so that searches never hold up
//! the page. Each message is a JSON request; the reply is the JSON answer.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let request = event.data().as_string().unwrap_or_default();
            let answer = hexfair::worker_protocol::answer(&request);
            let _ = reply_to.post_message(&JsValue::from_str(&answer));
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page: keep the handler.
    on_message.forget();
    // Messages that arrived while the wasm was loading found no handler; say when one is
    // there, so the page sends its requests after that.
    let _ = scope.post_message(&JsValue::from_str(hexfair::worker_protocol::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("hexfair-worker is the browser app's search worker: build it with `trunk build`");
    std::process::exit(2);
}
