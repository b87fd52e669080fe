//! A link as a QR code, so the next phone at the table can scan the board: an SVG document,
//! black on white whatever the page's colours (scanners expect dark modules on a light
//! ground), with the quiet zone scanners need, one unit a module (the page scales it). Drawn
//! by the play worker, not the page: the encoder is 13 KB gzip of wasm (docs/download.md).

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// The code of `url` as an SVG element, or `None` if it is too long for a QR code.
pub fn qr_svg(url: &str) -> Option<String> {
    // Level M survives a smudge or a glare spot (15% of the code) and keeps a link of about
    // 150 characters at a size a phone camera reads from arm's length.
    let code = QrCode::with_error_correction_level(url, EcLevel::M).ok()?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_an_svg_code_and_one_too_long_does_not() {
        let svg = qr_svg("https://example.org/hexfair/?b=3AUAAhvH1SIcXgMWjM").unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..20]);
        assert!(svg.contains("#000") && svg.contains("#fff"));
        assert_eq!(qr_svg(&"x".repeat(5_000)), None);
    }
}
