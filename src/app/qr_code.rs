//! A QR code of a link, so the next phone at the table can scan the board, with the link
//! written below. The play worker draws it (`hexfair::share::qr`: black on white, its quiet
//! zone around it) and the state keeps the latest; this shows it once it is this link's.
//!
//! It shows over the page, in a modal dialog: the code whole and large on any screen, while
//! the board and the tabs underneath keep their sizes. Close, Escape or a tap beside it put
//! it away, each by the dialog's close event.

use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlDialogElement;
use yew::prelude::*;

use super::chance_words::trouble;
use super::state::{QrDrawing, Trouble};
use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct QrCodeProps {
    pub words: Words,
    /// The full address the code stands for.
    pub url: AttrValue,
    /// The latest code drawn, for whatever link.
    pub drawn: Option<Rc<QrDrawing>>,
    /// Why no code is drawn here (the play worker failed).
    pub failed: Option<Trouble>,
    /// The dialog closed, whichever way.
    pub on_close: Callback<()>,
}

/// The dialog `node` holds (it is the one this component renders).
fn dialog(node: &NodeRef) -> Option<HtmlDialogElement> {
    node.get().map(JsCast::unchecked_into)
}

#[component]
pub fn QrCode(props: &QrCodeProps) -> Html {
    let words = &props.words;
    let node = use_node_ref();
    {
        // Shown as it mounts: the browser keeps the focus in it and the page inert.
        let node = node.clone();
        use_effect_with((), move |_| {
            if let Some(dialog) = dialog(&node) {
                let _ = dialog.show_modal();
            }
        });
    }
    let close = {
        let node = node.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(dialog) = dialog(&node) {
                dialog.close();
            }
        })
    };
    // A tap on the backdrop lands on the dialog itself (the sheet inside fills it).
    let onclick = {
        let (node, close) = (node.clone(), close.clone());
        Callback::from(move |e: MouseEvent| {
            let target = e.target().map(JsValue::from);
            if target.is_some() && target == node.get().map(JsValue::from) {
                close.emit(e);
            }
        })
    };
    let onclose = props.on_close.reform(|_: Event| ());
    let drawn = props
        .drawn
        .as_ref()
        .filter(|d| d.url == props.url.as_str())
        .map(|d| d.svg.clone());
    html! {
        <dialog class="qr-dialog" ref={node} data-testid="qr-dialog" aria-label={words.text(Key::QrShow)} {onclick} {onclose}>
            <div class="qr-sheet">
                <figure class="qr" data-testid="qr">
                    { match (drawn, &props.failed) {
                        (Some(Some(svg)), _) => html! {
                            <div class="qr-code" role="img" aria-label={words.text(Key::QrLabel)}>
                                { Html::from_html_unchecked(AttrValue::from(svg)) }
                            </div>
                        },
                        (Some(None), _) => html! { <p class="message">{ words.text(Key::QrTooLong) }</p> },
                        (None, Some(why)) => html! { <p class="message">{ words.fill(Key::QrFailed, &[("why", &trouble(words, why))]) }</p> },
                        (None, None) => html! { <p class="hint" role="status">{ words.text(Key::QrDrawing) }</p> },
                    } }
                    <figcaption><a href={props.url.clone()} data-testid="qr-link">{ props.url.clone() }</a></figcaption>
                </figure>
                <button type="button" data-testid="qr-close" autofocus=true onclick={close}>{ words.text(Key::QrHide) }</button>
            </div>
        </dialog>
    }
}
