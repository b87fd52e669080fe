//! The Yew front end: function components and one reducer; no game logic lives here.

mod board_view;
mod browser;
mod rule_panel;
mod state;

use yew::prelude::*;

use crate::share;
use board_view::BoardView;
use rule_panel::RulePanel;
use state::{Action, State};

#[component]
fn App() -> Html {
    let state =
        use_reducer(|| State::from_link(share::decode(&browser::query()), browser::fresh_seed()));

    {
        // The address bar always carries the board on screen, so a reload or a shared link
        // shows the same board.
        use_effect_with(state.query(), |query| browser::replace_query(query));
    }

    let regenerate = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Regenerate(browser::fresh_seed()))
        })
    };
    let on_rule = {
        let state = state.clone();
        Callback::from(move |(rule, on)| state.dispatch(Action::SetRule { rule, on }))
    };

    html! {
        <main class="app">
            <header class="top">
                <h1>{ "Hexfair" }</h1>
                <p class="seed">{ "Seed " }<span data-testid="seed">{ state.seed }</span></p>
            </header>
            <section class="board-area">
                <BoardView board={state.board.clone()} />
            </section>
            <button class="regenerate" data-testid="regenerate" onclick={regenerate}>{ "Regenerate" }</button>
            if let Some(message) = &state.message {
                <p class="message" role="alert" data-testid="message">{ message }</p>
            }
            <RulePanel rules={state.settings.rules.clone()} on_change={on_rule} />
        </main>
    }
}

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
