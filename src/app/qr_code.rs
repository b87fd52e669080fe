//! A QR code of a link, so the next phone at the table can scan the board. Black on white
//! whatever the page's colours (scanners expect dark modules on a light ground), with the
//! quiet zone around it that scanners need, and the link written below.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode as Code};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct QrCodeProps {
    /// The full address the code stands for.
    pub url: AttrValue,
}

/// The code as an SVG document: one unit a module, scaled by CSS.
fn code_svg(url: &str) -> Option<String> {
    // Level M survives a smudge or a glare spot (15% of the code) and keeps a link of about
    // 150 characters at a size a phone camera reads from arm's length.
    let code = Code::with_error_correction_level(url, EcLevel::M).ok()?;
    let document = code
        .render::<svg::Color>()
        .module_dimensions(1, 1)
        .quiet_zone(true)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    // The XML declaration is for a file; inside the page it would only be a stray comment.
    let start = document.find("<svg")?;
    Some(document[start..].to_string())
}

#[component]
pub fn QrCode(props: &QrCodeProps) -> Html {
    let svg = use_memo(props.url.clone(), |url| code_svg(url));
    html! {
        <figure class="qr" data-testid="qr">
            { match svg.as_ref() {
                Some(svg) => html! {
                    <div class="qr-code" role="img" aria-label="QR code of the link below">
                        { Html::from_html_unchecked(AttrValue::from(svg.clone())) }
                    </div>
                },
                None => html! { <p class="message">{ "This link is too long for a QR code." }</p> },
            } }
            <figcaption><a href={props.url.clone()} data-testid="qr-link">{ props.url.clone() }</a></figcaption>
        </figure>
    }
}
