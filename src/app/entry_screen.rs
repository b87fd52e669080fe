//! The entry screen as the page shows it: the markup the play worker wrote (`app::entry`),
//! with one listener for every target in it. A tap, a click, or Enter or Space on a focused
//! hex sends the target's code (`data-tap`); a radio button sends its code when it is
//! picked. The keyboard's focus stays on the target it was on when the screen is written
//! again.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};
use yew::prelude::*;

use super::state::EntryAction;

#[derive(Properties, PartialEq)]
pub struct EntryScreenProps {
    /// The screen's markup, as the worker wrote it.
    pub screen: AttrValue,
    /// Whether the screen is older than the last tap.
    pub waiting: bool,
    /// The request the screen waits for (`data-asked`: a test waits for the answer to its
    /// tap, as a person waits to see it).
    pub asked: u64,
    pub on_entry: Callback<EntryAction>,
}

/// The target an event reached: the element with a move's code, and the code.
fn target(event: &Event) -> Option<(Element, String)> {
    let reached: Element = event.target()?.dyn_into().ok()?;
    let target = reached.closest("[data-tap]").ok()??;
    let code = target.get_attribute("data-tap")?;
    Some((target, code))
}

#[component]
pub fn EntryScreen(props: &EntryScreenProps) -> Html {
    let host = use_node_ref();
    // The id of the target last tapped: focused again once the screen is rewritten.
    let focused = use_mut_ref(|| None::<String>);
    {
        let (host, focused) = (host.clone(), focused.clone());
        use_effect_with(props.screen.clone(), move |_| {
            let id = focused.borrow().clone();
            let element = id.and_then(|id| {
                host.cast::<Element>()?
                    .query_selector(&format!("#{id}"))
                    .ok()?
            });
            // Hexes are SVG elements: `focus` is called on the element as it is (wasm-bindgen
            // calls methods structurally), which SVG and HTML elements both have.
            if let Some(element) = element {
                let _ = element.unchecked_into::<web_sys::HtmlElement>().focus();
            }
        });
    }
    let send = {
        let (host, on_entry) = (host.clone(), props.on_entry.clone());
        move |target: Element, code: String| {
            *focused.borrow_mut() = Some(target.id()).filter(|id| !id.is_empty());
            let action = match code.as_str() {
                "leave" => EntryAction::Leave,
                "show" => EntryAction::Show,
                _ => {
                    // The numbers typed for the spiral go with every tap while their box shows.
                    let typed = host
                        .cast::<Element>()
                        .and_then(|h| h.query_selector("input[data-typed]").ok().flatten())
                        .and_then(|i| i.dyn_into::<HtmlInputElement>().ok())
                        .map(|input| input.value());
                    EntryAction::Tap { tap: code, typed }
                }
            };
            on_entry.emit(action);
        }
    };
    let onclick = {
        let send = send.clone();
        Callback::from(move |e: MouseEvent| {
            // A radio button speaks by its change, once; a click on its label reaches it too.
            match target(&e) {
                Some((t, code)) if t.tag_name() != "INPUT" => send(t, code),
                _ => {}
            }
        })
    };
    let onchange = {
        let send = send.clone();
        Callback::from(move |e: Event| {
            if let Some((t, code)) = target(&e).filter(|(t, _)| t.tag_name() == "INPUT") {
                send(t, code);
            }
        })
    };
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() != "Enter" && e.key() != " " {
            return;
        }
        // A hex or harbour place (a button by its role); real buttons click by themselves.
        if let Some((t, code)) = target(&e).filter(|(t, _)| t.get_attribute("role").is_some()) {
            e.prevent_default();
            send(t, code);
        }
    });
    html! {
        <div class="entry-host" data-testid="entry-host" ref={host} aria-busy={props.waiting.to_string()} data-asked={props.asked.to_string()}
             {onclick} {onchange} {onkeydown}>
            { Html::from_html_unchecked(props.screen.clone()) }
        </div>
    }
}
