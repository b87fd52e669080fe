//! The page itself: the `App` component that holds the one reducer and lays out the
//! views, and `start`, which mounts it in the page's language.

use std::rc::Rc;

use yew::prelude::*;

use super::analysis::Analysis;
use super::board_view::BoardView;
use super::build_guide::Written;
use super::entry_screen::EntryScreen;
use super::game_option::game_option;
use super::guide_panel::GuidePanel;
use super::language_switch::language_switch;
use super::mode_panel::ModePanel;
use super::overlay_panel::OverlayPanel;
use super::protocol::postbox::Wanted;
use super::rule_panel::RulePanel;
use super::saved_panel::SavedPanel;
use super::score_panel::ScorePanel;
use super::seats_panel::SeatsPanel;
use super::seed_entry::SeedEntry;
use super::setup_panel::SetupPanel;
use super::state::{Action, EntryAction, State};
use super::tabs::{Tab, Tabs};
use super::theme_switch::ThemeSwitch;
use super::toolbar::Toolbar;
use super::words::{Key, Text, Words};
use super::{browser, language, names, play_worker, saved, saved_panel, search_worker};
use hexfair::picture::{draw_turned, svg_with_caption};
use super::protocol::search::Request;
use hexfair::share::{self, Link};

/// [`dispatcher`], made once: the same callback every render, so a component it is handed
/// to is not drawn again for its sake (the board's, while the chances' progress bar moves).
#[hook]
fn use_dispatcher<T: 'static>(
    state: &UseReducerHandle<State>,
    make: fn(T) -> Action,
) -> Callback<T> {
    let dispatch = state.dispatcher();
    (*use_memo((), move |_| {
        Callback::from(move |value: T| dispatch.dispatch(make(value)))
    }))
    .clone()
}

/// A callback that dispatches the action `make` builds from its argument.
fn dispatcher<T: 'static>(
    state: &UseReducerHandle<State>,
    make: impl Fn(T) -> Action + 'static,
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |value: T| state.dispatch(make(value)))
}

/// The words the page starts in, and why not the device's language, if it could not be had.
#[derive(Properties, PartialEq)]
struct AppProps {
    words: Words,
    words_problem: Option<String>,
}

#[component]
fn App(props: &AppProps) -> Html {
    // Without a link, the board the page drew ahead (if it shows one) is the first, and the
    // board drawn ahead with it the first Regenerate's: that tap needs no search.
    let drawn_ahead = use_memo((), |_| DrawnAhead::read());
    let state = use_reducer(|| {
        let link = share::decode(&browser::query())
            .map(|link| link.or_else(|| drawn_ahead.first.clone()));
        let next_seed = drawn_ahead
            .next
            .as_ref()
            .map_or_else(browser::fresh_seed, |(request, _)| request.seed);
        let state = State::from_link(
            link,
            browser::fresh_seed(),
            next_seed,
        )
        .after(
            Action::SetWords {
                words: props.words.clone(),
                problem: props.words_problem.clone(),
            },
        );
        // A reload mid-entry comes back to the entry as it was.
        match browser::stored(&props.words, ENTRY_KEY).ok().flatten() {
            Some(kept) => state.after(Action::Entering(EntryAction::Resume(kept))),
            None => state,
        }
    });
    let words = state.words.clone();
    let on_language = {
        let dispatch = state.dispatcher();
        Callback::from(move |lang| {
            let dispatch = dispatch.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let (words, problem) = match language::load(lang).await {
                    Ok(table) => (table, None),
                    Err(why) => language::failed(lang, &why),
                };
                language::apply(words.lang);
                dispatch.dispatch(Action::SetWords { words, problem });
            });
        })
    };

    // The address bar always carries the board on screen, so a reload or a shared link
    // shows the same board.
    use_effect_with(state.query(), |query| browser::replace_query(query));
    // The boards kept on the device, read from storage (or why the browser keeps none). Boards
    // shown join their history, whether the Saved panel is open or not; a placeholder shown
    // while a link's board is searched for does not.
    let kept = use_state(|| Ok(saved::Kept::default()));
    {
        let (kept, notice) = (kept.clone(), dispatcher(&state, Action::Notice));
        let words = words.clone();
        use_effect_with(
            // A board standing in for a link's is no one's choice: it joins no history.
            (
                state.query(),
                state.pending.is_none() && !state.now.stands_in,
            ),
            move |(query, settled)| {
                let result = if *settled {
                    saved_panel::remember(&words, query)
                } else {
                    saved_panel::read(&words)
                };
                kept.set(result.map(|(lists, word)| {
                    if let Some(word) = word {
                        notice.emit(word);
                    }
                    lists
                }));
            },
        );
    }
    // What the views show about the board, worked out once per board and seat count, not
    // while drawing.
    let analysis = use_memo(
        (
            Rc::clone(&state.now.board),
            state.seats(),
            state.now.settings.expansion,
        ),
        |(board, seats, game)| Analysis::new(Rc::clone(board), *seats, *game),
    );
    let on_hex = use_dispatcher(&state, Action::ToggleLock);
    let on_corner = use_dispatcher(&state, Action::SelectCorner);

    // Searches run in the worker (or on the page, if it stops working); answers come back as
    // actions. Only the newest request is wanted.
    let worker = search_worker::use_search_worker(
        dispatcher(&state, |(id, result)| Action::Answer { id, result }),
        dispatcher(&state, Action::FellBack),
    );
    // Seat chances are played in a second worker, started once the first board is on
    // screen; only the newest play-test is wanted. One effect tells both workers what is
    // wanted (each ignores a request it already has): each hook type is code in the page.
    let player = play_worker::use_play_worker(
        dispatcher(&state, Action::Played),
        dispatcher(&state, Action::PlayerFailed),
    );
    // The play worker also draws the link's QR code for the Saved tab.
    let words_for_storage = state.words.clone();
    use_effect_with(
        (
            state.search_request(),
            state.expected(),
            state.start_request(),
            state.play_request(),
            browser::url_with_query(&state.query()),
            state.guide_request(),
            state.entry_request(),
        ),
        move |(search, expected, start, test, url, guide, entry)| {
            // The entry under way is kept on the device at every tap, and dropped with it
            // (here, not in an effect of its own: each hook type is code in the page).
            // Storage refused (full, blocked): the entry still works, it only will not
            // outlive the page.
            match entry {
                Some(entry) => {
                    let _ = browser::store(&words_for_storage, ENTRY_KEY, &entry.kept);
                }
                None => browser::forget(ENTRY_KEY),
            }
            if let Some((request, token)) = &drawn_ahead.next {
                if request.same_search(expected) {
                    worker.known(expected.clone(), token.clone());
                }
            }
            // Wanted first: a board searched ahead answers the tap that asked for it.
            worker.want(search.clone());
            worker.expect(expected.clone());
            player.want(Wanted {
                start: start.clone(),
                test: test.clone(),
                qr: Some(url.clone()),
                guide: guide.clone(),
                entry: entry.clone(),
            });
        },
    );

    let now = &state.now;
    let regenerate_button = use_node_ref();
    let regenerate = dispatcher(&state, |_: MouseEvent| {
        Action::Regenerate(browser::fresh_seed())
    });
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
    let on_share = {
        let (state, words) = (state.clone(), words.clone());
        Callback::from(move |()| {
            let (state, words) = (state.clone(), words.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let word = browser::share_in_words(&words, &browser::page_url()).await;
                state.dispatch(Action::Notice(word.to_string()));
            });
        })
    };
    let on_png = {
        let (state, analysis, words) = (state.clone(), analysis.clone(), words.clone());
        Callback::from(move |()| {
            let now = &state.now;
            let score = analysis.balance().score;
            let caption = names::png_caption(&words, now.board.layout, now.seed, score);
            let svg = svg_with_caption(&draw_turned(&now.board, state.turns), Some(&caption), &words);
            let name = format!("hexfair-{}-{}.png", now.board.layout, now.seed);
            let (state, words) = (state.clone(), words.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let bytes = browser::download_png(&svg, &name).await;
                let word = if bytes > 0.0 {
                    words.fill(Key::PngSaved, &[("file", &name)])
                } else {
                    words.get(Key::PngFailed).to_string()
                };
                state.dispatch(Action::Notice(word));
            });
        })
    };

    let on_guide = use_dispatcher(&state, Action::Guide);
    let lock_hint = if now.settings.locks.is_empty() {
        words.get(Key::LockHint).to_string()
    } else {
        words.counted(now.settings.locks.len(), Key::LockedOne, Key::LockedMany)
    };
    // The settings, a tab a group; a panel joins a tab here. No tab is shown empty.
    let tabs = vec![
        Tab::new(
            "board",
            words.get(Key::TabBoard),
            html! {
                <>
                    <SetupPanel words={words.clone()} settings={state.settings().clone()} on_layout={dispatcher(&state, Action::SetLayout)}
                        on_numbers={dispatcher(&state, Action::SetNumbers)} />
                    <SeedEntry words={words.clone()} on_seed={dispatcher(&state, Action::TypeSeed)} />
                    // Pressed, it waits (busy) until the play worker has written the screen.
                    <div class="enter-board">
                        <button type="button" data-testid="enter-board" disabled={state.player_failed.is_some() || state.entering.is_some()}
                            aria-busy={state.entering.is_some().to_string()}
                            onclick={let layout = state.settings().layout; dispatcher(&state, move |_: MouseEvent| Action::Entering(EntryAction::Begin(layout)))}>
                            { words.text(Key::EnterBoard) }
                        </button>
                        <p class="hint">{ words.text(Key::EnterBoardHint) }</p>
                    </div>
                    <p class="hint">{ lock_hint.clone() }</p>
                    { language_switch(&words, &on_language) }
                </>
            },
        ),
        Tab::new(
            "balance",
            words.get(Key::TabBalance),
            html! {
                <>
                    <ModePanel words={words.clone()} mode={state.mode()} on_mode={dispatcher(&state, Action::SetMode)} />
                    <OverlayPanel words={words.clone()} overlay={state.overlay} on_overlay={dispatcher(&state, Action::SetOverlay)} game={analysis.game} />
                    <ScorePanel words={words.clone()} analysis={analysis.clone()} />
                </>
            },
        ),
        Tab::new(
            "rules",
            words.get(Key::TabRules),
            html! {
                <>
                { game_option(&words, state.settings().layout, state.settings().expansion, &dispatcher(&state, Action::SetExpansion)) }
                <RulePanel words={words.clone()} rules={state.settings().rules.clone()}
                    on_change={dispatcher(&state, |(rule, on)| Action::SetRule { rule, on })} />
                </>
            },
        ),
        Tab::new(
            "seats",
            words.get(Key::TabSeats),
            html! {
                <SeatsPanel words={words.clone()} analysis={analysis.clone()} chances={state.chances()} start={state.start_on_screen()} overlay={state.overlay}
                    on_seats={dispatcher(&state, Action::SetSeats)} on_overlay={dispatcher(&state, Action::SetOverlay)} />
            },
        ),
        Tab::new(
            "saved",
            words.get(Key::TabSaved),
            html! {
                <SavedPanel words={words.clone()} query={state.query()} kept={(*kept).clone()} qr={state.qr.clone()} qr_failed={state.player_failed.clone()}
                    on_kept={let kept = kept.clone(); Callback::from(move |lists| kept.set(Ok(lists)))}
                    on_open={dispatcher(&state, Action::Open)} on_notice={dispatcher(&state, Action::Notice)} />
            },
        ),
    ];

    let guide = state.guide();
    // The entry screen, once the worker has written it, takes the place of the board, its
    // actions and the settings.
    let entry_screen = state
        .entering
        .as_ref()
        .and_then(|e| Some((e.screen.clone()?, e.waiting(), e.asked())));
    html! {
        <main class="app" data-entering={entry_screen.is_some().to_string()} data-guide={guide.open.is_some().to_string()} data-searching={state.pending.is_some().to_string()} aria-busy={state.pending.is_some().to_string()}>
            <a class="skip-link" href="#regenerate" data-testid="skip-link" onclick={skip_to_regenerate}>{ words.text(Key::SkipToRegenerate) }</a>
            <header class="top">
                <h1>{ "Hexfair" }</h1>
                <p class="seed">{ words.text(Key::SeedIs) }<span data-testid="seed">{ now.seed }</span></p>
                <ThemeSwitch words={words.clone()} />
            </header>
            if let Some((screen, waiting, asked)) = entry_screen {
                <EntryScreen screen={AttrValue::from(screen)} {waiting} {asked}
                    on_entry={dispatcher(&state, Action::Entering)} />
            } else {
            // Before the board in the page, so Regenerate is an early Tab stop; the layout
            // shows it below (or beside) the board.
            <section class="actions" aria-label={words.text(Key::BoardActions)}>
                <button id="regenerate" class="regenerate" data-testid="regenerate" ref={regenerate_button} onclick={regenerate}>
                    { words.text(if state.pending.is_some() { Key::Searching } else { Key::Regenerate }) }
                </button>
                <Toolbar words={words.clone()} earlier={state.earlier.len()}
                    on_back={dispatcher(&state, |()| Action::Back)}
                    on_rotate={dispatcher(&state, |()| Action::Rotate)}
                    {on_share} {on_png}
                    on_notice={dispatcher(&state, Action::Notice)} />
                // Said once, here, right above the tabs on every layout; the player can put it
                // away (the board stays).
                if let Some(message) = &state.message {
                    <div class="message" role="alert" data-testid="message">
                        // Focusable: on a short screen it scrolls (style.css).
                        <p tabindex="0">{ names::message(&words, message) }</p>
                        <button type="button" class="dismiss" data-testid="dismiss" aria-label={words.text(Key::Dismiss)}
                            onclick={dispatcher(&state, |_: MouseEvent| Action::Dismiss)}>{ "×" }</button>
                    </div>
                }
                if let Some(why) = &state.fallback {
                    <p class="notice" role="status" data-testid="fallback">{ names::fell_back(&words, why) }</p>
                }
                if let Some(why) = &state.words_problem {
                    <p class="notice" role="status" data-testid="words-problem">{ why }</p>
                }
                if let Some(notice) = &state.notice {
                    <p class="notice" role="status" data-testid="notice">{ names::notice(&words, notice) }</p>
                }
                if !now.settings.locks.is_empty() {
                    <p class="hint lock-count">{ lock_hint }</p>
                }
            </section>
            <section class="board-area" aria-label={words.text(Key::BoardArea)}>
                <BoardView words={words.clone()} analysis={analysis.clone()} turns={state.turns}
                    locked={now.settings.locks.iter().map(|l| l.cell).collect::<Vec<_>>()}
                    overlay={state.overlay} selected_corner={state.selected_corner}
                    chosen_start={state.chosen_start().map(<[_]>::to_vec)}
                    {on_hex} {on_corner} lit={guide.lit()} on_guide={on_guide.clone()}>
                    if guide.open.is_some() {
                        <GuidePanel words={words.clone()} guide={guide.clone()} on_move={on_guide} />
                    }
                </BoardView>
            </section>
            <Tabs label={words.text(Key::Settings)} {tabs} />
            }
            // The print sheet's checklist: hidden on screen, under the board on paper.
            if let Written::Shown(written) = &guide.written {
                <section class="print-checklist" data-testid="print-checklist">
                    { Html::from_html_unchecked(AttrValue::from(written.checklist().to_string())) }
                </section>
            }
        </main>
    }
}

/// The localStorage key of the board on the table while it is entered.
const ENTRY_KEY: &str = "hexfair.entry";

/// The boards index.html drew ahead: the one it shows, as a link to adopt, and the first
/// Regenerate's, as the search it answers and its board token.
struct DrawnAhead {
    first: Option<Link>,
    next: Option<(Request, String)>,
}

impl DrawnAhead {
    /// What index.html left: the next board only with a first one, and as the search it
    /// answers and the token the worker would send for it.
    fn read() -> DrawnAhead {
        let decode = |link: String| share::decode(&link).ok().flatten();
        let first = browser::first_board_link().and_then(decode);
        let next = browser::first_board_next_link()
            .filter(|_| first.is_some())
            .and_then(decode)
            .and_then(|link| {
                let board = link.board?;
                let token = share::board_token(&link.settings, link.mode, link.seed, &board);
                let request = Request {
                    id: 0,
                    settings: link.settings,
                    mode: link.mode,
                    seed: link.seed,
                };
                Some((request, token))
            });
        DrawnAhead { first, next }
    }
}

/// Mounts the app on the page's body; in the search worker, which runs this same module
/// (there is no window there), answers searches instead.
pub fn start() {
    if web_sys::window().is_none() {
        search_worker::serve();
        return;
    }
    // The device's words come first (fetched beside the wasm, so rarely waited for): the
    // first board shows in its language, never in English and then another.
    let (lang, table) = language::picked();
    match language::ready(lang, &table) {
        Some(Ok(words)) => render(words, None),
        Some(Err(why)) => {
            let (words, problem) = language::failed(lang, &why);
            render(words, problem);
        }
        None => wasm_bindgen_futures::spawn_local(async move {
            let (words, problem) = language::first_words(lang, table).await;
            render(words, problem);
        }),
    }
}

fn render(words: Words, words_problem: Option<String>) {
    language::show(words.lang);
    yew::Renderer::<App>::with_props(AppProps {
        words,
        words_problem,
    })
    .render();
}
