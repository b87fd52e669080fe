//! A QR code of a link, so the next phone at the table can scan the board, with the link
//! written below. The play worker draws it (`crate::share::qr`: black on white, its quiet
//! zone around it) and the state keeps the latest; this shows it once it is this link's.

use std::rc::Rc;

use yew::prelude::*;

use super::chance_words::trouble;
use super::state::{QrDrawing, Trouble};
use super::words::{Key, Words};

#[derive(Properties, PartialEq)]
pub struct QrCodeProps {
    pub words: Words,
    /// The full address the code stands for.
    pub url: AttrValue,
    /// The latest code drawn, for whatever link.
    pub drawn: Option<Rc<QrDrawing>>,
    /// Why no code is drawn here (the play worker failed).
    pub failed: Option<Trouble>,
}

#[component]
pub fn QrCode(props: &QrCodeProps) -> Html {
    let words = &props.words;
    let drawn = props
        .drawn
        .as_ref()
        .filter(|d| d.url == props.url.as_str())
        .map(|d| d.svg.clone());
    html! {
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
    }
}
