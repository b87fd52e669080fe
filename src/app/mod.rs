//! The Yew front end: function components (one a file) and one reducer; no game logic
//! lives here, it all comes from the engine.

mod board_view;
mod browser;
mod mode_panel;
mod rule_panel;
mod score_panel;
mod setup_panel;
mod state;

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::share;
use board_view::BoardView;
use mode_panel::ModePanel;
use rule_panel::RulePanel;
use score_panel::ScorePanel;
use setup_panel::SetupPanel;
use state::{Action, State};

/// A callback that dispatches the action `make` builds from its argument.
fn dispatcher<T: 'static>(
    state: &UseReducerHandle<State>,
    make: impl Fn(T) -> Action + 'static,
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |value: T| state.dispatch(make(value)))
}

#[component]
fn App() -> Html {
    let state =
        use_reducer(|| State::from_link(share::decode(&browser::query()), browser::fresh_seed()));

    // The address bar always carries the board on screen, so a reload or a shared link
    // shows the same board.
    use_effect_with(state.query(), |query| browser::replace_query(query));

    let regenerate = dispatcher(&state, |_: MouseEvent| {
        Action::Regenerate(browser::fresh_seed())
    });
    let on_rule = dispatcher(&state, |(rule, on)| Action::SetRule { rule, on });
    let on_layout = dispatcher(&state, Action::SetLayout);
    let on_numbers = dispatcher(&state, Action::SetNumbers);
    let on_mode = dispatcher(&state, Action::SetMode);

    html! {
        <main class="app">
            <header class="top">
                <h1>{ "Hexfair" }</h1>
                <p class="seed">{ "Seed " }<span data-testid="seed">{ state.seed }</span></p>
            </header>
            <section class="board-area">
                <BoardView board={state.board.clone()} />
            </section>
            <div class="actions">
                <button class="regenerate" data-testid="regenerate" onclick={regenerate}>{ "Regenerate" }</button>
                if let Some(message) = &state.message {
                    <p class="message" role="alert" data-testid="message">{ message }</p>
                }
            </div>
            <div class="panels">
                <ModePanel mode={state.mode} {on_mode} />
                <SetupPanel settings={state.settings.clone()} {on_layout} {on_numbers} />
                <RulePanel rules={state.settings.rules.clone()} on_change={on_rule} />
                <ScorePanel board={state.board.clone()} />
            </div>
        </main>
    }
}

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}

/// The engine's benchmark, run in this browser (the browser test calls it through
/// `window.wasmBindings.bench`). Times come from `performance.now()`.
#[wasm_bindgen]
pub fn bench(quick: bool) -> Result<JsValue, JsValue> {
    let performance = web_sys::window().and_then(|w| w.performance());
    let now = move || performance.as_ref().map_or(0.0, |p| p.now());
    serde_wasm_bindgen::to_value(&crate::bench::run(&now, quick))
        .map_err(|e| JsValue::from_str(&e.to_string()))
}
