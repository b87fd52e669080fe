//! The Yew front end: function components (one a file) and one reducer; no game logic
//! lives here, it all comes from the engine.

mod board_view;
mod browser;
mod mode_panel;
mod overlay_panel;
mod qr_code;
mod rule_panel;
mod saved;
mod saved_panel;
mod score_panel;
mod search_worker;
mod seed_entry;
mod setup_panel;
mod state;
mod tabs;
mod theme_switch;
mod toolbar;

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::picture::{draw_turned, svg_with_caption};
use crate::score::Scorer;
use crate::share;
use crate::worker_protocol::Request;
use board_view::BoardView;
use mode_panel::ModePanel;
use overlay_panel::OverlayPanel;
use rule_panel::RulePanel;
use saved_panel::SavedPanel;
use score_panel::ScorePanel;
use seed_entry::SeedEntry;
use setup_panel::SetupPanel;
use state::{Action, State};
use tabs::{Tab, Tabs};
use theme_switch::ThemeSwitch;
use toolbar::Toolbar;

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
    // Boards shown join the history kept on the device, whether the Saved panel is open or not.
    let notice = dispatcher(&state, Action::Notice);
    use_effect_with(
        (state.query(), state.pending.is_none()),
        move |(query, settled)| {
            if let (true, Ok((_, Some(word)))) = (*settled, saved_panel::remember(query)) {
                notice.emit(word);
            }
        },
    );

    // Searches run in the worker (or on the page, if it stops working); answers come back as
    // actions. Only the newest request is wanted.
    let worker = search_worker::use_search_worker(
        dispatcher(&state, |(id, result)| Action::Answer { id, result }),
        dispatcher(&state, Action::FellBack),
    );
    {
        let request = state
            .pending
            .as_ref()
            .map(|p| Request::new(p.id, &p.settings, p.mode, p.seed));
        use_effect_with(request, move |request| worker.want(request.clone()));
    }

    // A bad seed's word is about what was typed: it goes with the player's next action.
    let seed_error = use_state(|| false);
    let player = Player {
        state: state.clone(),
        seed_error: seed_error.clone(),
    };

    let now = &state.now;
    let regenerate_button = use_node_ref();
    let regenerate = {
        let on = player.act(Action::Regenerate);
        Callback::from(move |_: MouseEvent| on.emit(browser::fresh_seed()))
    };
    let skip_to_regenerate = {
        let button = regenerate_button.clone();
        Callback::from(move |e: MouseEvent| {
            // Focus, not a #fragment: the address bar carries the board's link alone.
            e.prevent_default();
            if let Some(button) = button.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        })
    };
    let on_seed = {
        let seed_error = seed_error.clone();
        let play = player.act(Action::Regenerate);
        Callback::from(move |seed: Option<u64>| match seed {
            Some(seed) => play.emit(seed),
            None => seed_error.set(true),
        })
    };
    let on_share = {
        let state = state.clone();
        let seed_error = seed_error.clone();
        Callback::from(move |()| {
            seed_error.set(false);
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let word = browser::share_in_words(&browser::page_url()).await;
                state.dispatch(Action::Notice(word.to_string()));
            });
        })
    };
    let on_png = {
        let state = state.clone();
        let seed_error = seed_error.clone();
        Callback::from(move |()| {
            seed_error.set(false);
            let now = &state.now;
            let score = Scorer::new(now.board.layout).score_board(&now.board);
            let caption = format!(
                "Hexfair · {} · seed {} · score {score:.3}",
                now.board.layout, now.seed
            );
            let svg = svg_with_caption(&draw_turned(&now.board, state.turns), Some(&caption));
            let name = format!("hexfair-{}-{}.png", now.board.layout, now.seed);
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let bytes = browser::download_png(&svg, &name).await;
                let word = if bytes > 0.0 {
                    format!("Saved {name}.")
                } else {
                    "Could not draw the picture here.".to_string()
                };
                state.dispatch(Action::Notice(word));
            });
        })
    };

    let lock_hint = if now.settings.locks.is_empty() {
        "Tap a hex to lock it while the rest regenerates.".to_string()
    } else {
        format!(
            "{} locked; Regenerate keeps them. Tap a hex again to free it.",
            now.settings.locks.len()
        )
    };
    // The settings, a tab a group; a panel joins a tab here. No tab is shown empty.
    let tabs = vec![
        Tab::new(
            "board",
            "Board",
            html! {
                <>
                    <SetupPanel settings={state.settings().clone()} on_layout={player.act(Action::SetLayout)}
                        on_numbers={player.act(Action::SetNumbers)} />
                    <SeedEntry settings={state.settings().clone()} mode={state.mode()} invalid={*seed_error}
                        {on_seed} on_edit={player.forget_bad_seed()} />
                    <p class="hint">{ lock_hint.clone() }</p>
                </>
            },
        ),
        Tab::new(
            "balance",
            "Balance",
            html! {
                <>
                    <ModePanel mode={state.mode()} on_mode={player.act(Action::SetMode)} />
                    <OverlayPanel board={now.board.clone()} overlay={state.overlay} selected_corner={state.selected_corner}
                        on_overlay={player.act(Action::SetOverlay)} />
                    <ScorePanel board={now.board.clone()} />
                </>
            },
        ),
        Tab::new(
            "rules",
            "Rules",
            html! {
                <RulePanel rules={state.settings().rules.clone()} message={state.message.clone()}
                    on_change={player.act(|(rule, on)| Action::SetRule { rule, on })} />
            },
        ),
        Tab::new(
            "saved",
            "Saved",
            html! {
                <SavedPanel query={state.query()} settled={state.pending.is_none()}
                    on_open={player.act(Action::Open)} on_notice={player.act(Action::Notice)} />
            },
        ),
    ];

    html! {
        <main class="app" data-searching={state.pending.is_some().to_string()} aria-busy={state.pending.is_some().to_string()}>
            <a class="skip-link" href="#regenerate" data-testid="skip-link" onclick={skip_to_regenerate}>{ "Skip to Regenerate" }</a>
            <header class="top">
                <h1>{ "Hexfair" }</h1>
                <p class="seed">{ "Seed " }<span data-testid="seed">{ now.seed }</span></p>
                <ThemeSwitch />
            </header>
            // Before the board in the page, so Regenerate is an early Tab stop; the layout
            // shows it below (or beside) the board.
            <section class="actions" aria-label="Board actions">
                <button id="regenerate" class="regenerate" data-testid="regenerate" ref={regenerate_button} onclick={regenerate}>
                    { if state.pending.is_some() { "Searching…" } else { "Regenerate" } }
                </button>
                <Toolbar history={state.history.len()}
                    on_back={player.act(|()| Action::Back)}
                    on_rotate={player.act(|()| Action::Rotate)}
                    {on_share} {on_png}
                    on_notice={player.act(Action::Notice)} />
                if let Some(message) = &state.message {
                    <p class="message" role="alert" data-testid="message">{ message }</p>
                }
                if let Some(why) = &state.fallback {
                    <p class="notice" role="status" data-testid="fallback">{ why }</p>
                }
                if let Some(notice) = &state.notice {
                    <p class="notice" role="status" data-testid="notice">{ notice }</p>
                }
                if !now.settings.locks.is_empty() {
                    <p class="hint lock-count">{ lock_hint }</p>
                }
            </section>
            <section class="board-area" aria-label="Board">
                <BoardView board={now.board.clone()} turns={state.turns}
                    locked={now.settings.locks.iter().map(|l| l.cell).collect::<Vec<_>>()}
                    overlay={state.overlay} selected_corner={state.selected_corner}
                    on_hex={player.act(Action::ToggleLock)}
                    on_corner={player.act(Action::SelectCorner)} />
            </section>
            <Tabs label="Settings" {tabs} />
        </main>
    }
}

/// What the player's own actions go through.
struct Player {
    state: UseReducerHandle<State>,
    /// The word about a bad seed: it belongs to the action before, so any action drops it.
    seed_error: UseStateHandle<bool>,
}

impl Player {
    /// A callback that dispatches the action `make` builds, after dropping the bad-seed word.
    fn act<T: 'static>(&self, make: impl Fn(T) -> Action + 'static) -> Callback<T> {
        let dispatch = dispatcher(&self.state, make);
        let seed_error = self.seed_error.clone();
        Callback::from(move |value: T| {
            seed_error.set(false);
            dispatch.emit(value);
        })
    }

    /// A callback that only drops the bad-seed word.
    fn forget_bad_seed(&self) -> Callback<()> {
        let seed_error = self.seed_error.clone();
        Callback::from(move |()| seed_error.set(false))
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
