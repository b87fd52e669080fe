//! The linked board's module: a shared link's board (`?b=`) drawn before the app has loaded.
//! A board token carries the board itself, so reading it and drawing it needs the engine's
//! link codec and picture, not the search, the app or Yew: this module is under a third of the
//! page's (docs/download.md), and index.html fetches it, on a visit to a board's address
//! only, ahead of the page's module (the service worker keeps it with the release, for
//! reloads offline). The app, once started, reads the same link and shows the same board in
//! its place.

#[cfg(target_arch = "wasm32")]
mod drawing {
    use hexfair::picture;
    use hexfair::share::{self, Link};
    use hexfair_app::app::words::Words;
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    /// The board as index.html places it: the engine's picture, with the view box the app
    /// gives it, so the board keeps its size when the app takes over.
    #[derive(Serialize)]
    struct Drawn {
        view_box: String,
        svg: String,
    }

    /// The board a page address's query (`?b=...`) carries, drawn; `undefined` when the query
    /// holds no board token or one that cannot be read (the app, when it starts, says why).
    #[wasm_bindgen]
    pub fn draw_link(query: &str) -> JsValue {
        let Ok(Some(Link {
            board: Some(board), ..
        })) = share::decode(query)
        else {
            return JsValue::UNDEFINED;
        };
        let drawn = picture::draw(&board);
        let board = Drawn {
            view_box: picture::view_box_text(drawn.view_box),
            // The picture stands in for the app's for a moment and is hidden from screen
            // readers (the status line speaks): its titles are the page's English.
            svg: picture::svg(&drawn, &Words::english()),
        };
        serde_wasm_bindgen::to_value(&board).unwrap_or(JsValue::UNDEFINED)
    }
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("hexfair-link draws a shared link's board in the browser: build it with `trunk build`; the command line reads a link with `hexfair score --token TOKEN`");
        std::process::exit(2);
    }
}
