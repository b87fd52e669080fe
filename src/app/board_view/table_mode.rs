//! Table mode: the board alone on the whole screen (full screen where the browser allows
//! it, else a fixed view over the page), the screen kept awake where the browser can, and a
//! turn to face the players across the table. Exit with its button or Escape.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::super::words::{Key, Text, Words};
use super::table_io::{self, TableSupport};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TableView {
    pub on: bool,
    /// Turned half a turn, for the far side of the table.
    pub facing_away: bool,
    /// What the browser gave: known once table mode has started.
    pub support: Option<TableSupport>,
}

/// Leaves table mode: the page again, the board upright, the screen free to sleep.
pub fn leave(table: &UseStateHandle<TableView>) {
    table.set(TableView::default());
    wasm_bindgen_futures::spawn_local(table_io::exit());
}

#[derive(Properties, PartialEq)]
pub struct TableControlsProps {
    pub words: Words,
    pub table: UseStateHandle<TableView>,
    /// The element shown full screen: the board's frame.
    pub frame: NodeRef,
    /// Other board buttons shown in the same bar (the zoom's reset).
    #[prop_or_default]
    pub children: Html,
}

#[component]
pub fn TableControls(props: &TableControlsProps) -> Html {
    let words = &props.words;
    // The browser's own way out of full screen calls this back; it must outlive the call.
    let on_browser_exit = use_mut_ref(|| None::<Closure<dyn Fn()>>);
    let table = props.table.clone();
    let enter = {
        let (table, frame, on_browser_exit) =
            (table.clone(), props.frame.clone(), on_browser_exit.clone());
        Callback::from(move |_: MouseEvent| {
            table.set(TableView {
                on: true,
                ..TableView::default()
            });
            let Some(element) = frame.cast::<web_sys::Element>() else {
                return;
            };
            let exit_table = table.clone();
            let closure = Closure::<dyn Fn()>::new(move || leave(&exit_table));
            let callback: js_sys::Function =
                closure.as_ref().unchecked_ref::<js_sys::Function>().clone();
            *on_browser_exit.borrow_mut() = Some(closure);
            let table = table.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let support = table_io::enter(&element, &callback).await;
                table.set(TableView {
                    on: true,
                    facing_away: false,
                    support: Some(support),
                });
            });
        })
    };
    let exit = {
        let table = table.clone();
        Callback::from(move |_: MouseEvent| leave(&table))
    };
    let turn = {
        let table = table.clone();
        Callback::from(move |_: MouseEvent| {
            table.set(TableView {
                facing_away: !table.facing_away,
                ..*table
            })
        })
    };
    html! {
        <div class="board-controls">
            { props.children.clone() }
            if table.on {
                <button type="button" class="board-button" data-testid="table-turn" aria-pressed={table.facing_away.to_string()} onclick={turn}>
                    { words.text(if table.facing_away { Key::FaceThisSide } else { Key::FaceAcross }) }
                </button>
                <button type="button" class="board-button" data-testid="table-exit" onclick={exit}>{ words.text(Key::ExitTableMode) }</button>
                if let Some(support) = table.support {
                    if !support.awake {
                        <p class="board-note" role="status">{ words.text(Key::ScreenMayDim) }</p>
                    }
                }
            } else {
                <button type="button" class="board-button" data-testid="table-mode" onclick={enter}>{ words.text(Key::TableMode) }</button>
            }
        </div>
    }
}
