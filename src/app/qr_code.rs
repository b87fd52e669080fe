//! A QR code of a link, so the next phone at the table can scan the board, with the link
//! written below. The play worker draws it (`crate::share::qr`: black on white, its quiet
//! zone around it) and the state keeps the latest; this shows it once it is this link's.

use yew::prelude::*;

use super::state::QrDrawing;

#[derive(Properties, PartialEq)]
pub struct QrCodeProps {
    /// The full address the code stands for.
    pub url: AttrValue,
    /// The latest code drawn, for whatever link.
    pub drawn: Option<QrDrawing>,
    /// Why no code is drawn here (the play worker failed), in words.
    pub failed: Option<String>,
}

#[component]
pub fn QrCode(props: &QrCodeProps) -> Html {
    let drawn = props
        .drawn
        .as_ref()
        .filter(|d| d.url == props.url.as_str())
        .map(|d| d.svg.clone());
    html! {
        <figure class="qr" data-testid="qr">
            { match (drawn, &props.failed) {
                (Some(Some(svg)), _) => html! {
                    <div class="qr-code" role="img" aria-label="QR code of the link below">
                        { Html::from_html_unchecked(AttrValue::from(svg)) }
                    </div>
                },
                (Some(None), _) => html! { <p class="message">{ "This link is too long for a QR code." }</p> },
                (None, Some(why)) => html! { <p class="message">{ format!("No QR code here: {why}.") }</p> },
                (None, None) => html! { <p class="hint" role="status">{ "Drawing the QR code…" }</p> },
            } }
            <figcaption><a href={props.url.clone()} data-testid="qr-link">{ props.url.clone() }</a></figcaption>
        </figure>
    }
}
