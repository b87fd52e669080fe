//! The Yew front end: function components and one reducer; no game logic lives here.

mod board_view;
mod browser;
mod rule_panel;
mod setup_panel;
mod state;

use yew::prelude::*;

use crate::share;
use board_view::BoardView;
use rule_panel::RulePanel;
use setup_panel::SetupPanel;
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
    let on_layout = {
        let state = state.clone();
        Callback::from(move |layout| state.dispatch(Action::SetLayout(layout)))
    };
    let on_numbers = {
        let state = state.clone();
        Callback::from(move |mode| state.dispatch(Action::SetNumbers(mode)))
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
            <SetupPanel settings={state.settings.clone()} {on_layout} {on_numbers} />
            <RulePanel rules={state.settings.rules.clone()} on_change={on_rule} />
        </main>
    }
}

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
