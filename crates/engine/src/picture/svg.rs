//! The picture written out as SVG: a standalone document (the command line's `--format svg`,
//! the PNG export) and the element each shape becomes (the app builds its Yew nodes from the
//! same elements).

use std::fmt::Write;

use super::{Group, Picture, PictureWords, Shape};
use crate::fixed::{Fixed, Short};

impl Picture {
    pub fn view_box_attr(&self) -> String {
        let (x, y, w, h) = self.view_box;
        format!(
            "{} {} {} {}",
            Fixed(x, 0),
            Fixed(y, 0),
            Fixed(w, 0),
            Fixed(h, 0)
        )
    }
}

/// Writes the picture as a standalone SVG document, its titles in `words`.
pub fn svg(picture: &Picture, words: &dyn PictureWords) -> String {
    svg_with_caption(picture, None, words)
}

/// The caption's type: its size and the room between its lines (picture units, which are the
/// image's pixels before the PNG doubles them).
const CAPTION_SIZE: f64 = 20.0;
const CAPTION_LINE: f64 = 26.0;
/// Room left empty either side of the caption and below its last line.
pub const CAPTION_MARGIN: f64 = 10.0;
/// Where the caption's parts meet (the words put it between board, seed and score): a line
/// breaks there first, so a part stays whole where it can.
const CAPTION_JOIN: &str = " · ";

/// The SVG document with the caption under the board (the PNG export's board, seed and
/// score), sized in pixels so an image made from it has a definite size. The caption is
/// wrapped to the board's width: a board only a few hexes wide would otherwise cut it off.
pub fn svg_with_caption(
    picture: &Picture,
    caption: Option<&str>,
    words: &dyn PictureWords,
) -> String {
    let (x, y, w, h) = picture.view_box;
    let lines = caption.map_or_else(Vec::new, |text| {
        caption_lines(text, w - 2.0 * CAPTION_MARGIN)
    });
    let extra = if lines.is_empty() {
        0.0
    } else {
        CAPTION_LINE * lines.len() as f64 + CAPTION_MARGIN
    };
    let (width, height) = (Fixed(w, 0), Fixed(h + extra, 0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {width} {height}" width="{width}" height="{height}" role="img" aria-label="{}" font-family="system-ui, sans-serif">"#,
        Fixed(x, 0),
        Fixed(y, 0),
        escape(&words.description(picture.layout, &picture.rows))
    );
    if !lines.is_empty() {
        let _ = write!(
            out,
            r##"<rect x="{}" y="{}" width="{width}" height="{height}" fill="#f7f3e8"/>"##,
            Fixed(x, 0),
            Fixed(y, 0),
        );
        for (n, line) in lines.iter().enumerate() {
            let _ = write!(
                out,
                r##"<text class="caption" x="{}" y="{}" text-anchor="middle" font-size="{}" fill="#1d1d1d">{}</text>"##,
                Fixed(x + w / 2.0, 0),
                Fixed(y + h + CAPTION_LINE * (n as f64 + 0.8), 0),
                Fixed(CAPTION_SIZE, 0),
                escape(line)
            );
        }
        out.push('\n');
    }
    for group in &picture.groups {
        write_group(&mut out, group, words);
    }
    out.push_str("</svg>\n");
    out
}

/// How wide `text` is drawn at the caption's size, over-reckoned: every letter and digit as
/// wide as a sans-serif digit or capital (about 0.65 em; DejaVu Sans, Chromium's usual
/// system-ui on Linux, is among the widest), a space as wide as a space.
pub fn caption_width(text: &str) -> f64 {
    text.chars()
        .map(|c| if c == ' ' { 0.35 } else { 0.65 })
        .sum::<f64>()
        * CAPTION_SIZE
}

/// The caption in lines no wider than `room`: parts joined while they fit, a part too long
/// for a line of its own broken between words.
pub fn caption_lines(text: &str, room: f64) -> Vec<String> {
    let fits = |line: &str| caption_width(line) <= room;
    // Each piece with what joins it to the piece before: a part whole, or word by word.
    let pieces = text.split(CAPTION_JOIN).flat_map(|part| {
        let words: Vec<&str> = if fits(part) {
            vec![part]
        } else {
            part.split(' ').collect()
        };
        words
            .into_iter()
            .enumerate()
            .map(|(n, word)| (if n == 0 { CAPTION_JOIN } else { " " }, word))
    });
    let mut lines: Vec<String> = Vec::new();
    for (join, piece) in pieces {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line}{join}{piece}")) => {
                line.push_str(join);
                line.push_str(piece);
            }
            _ => lines.push(piece.to_string()),
        }
    }
    lines
}

fn write_group(out: &mut String, group: &Group, words: &dyn PictureWords) {
    let data: String = group
        .data
        .iter()
        .map(|(k, v)| format!(r#" data-{k}="{}""#, escape(v)))
        .collect();
    let _ = write!(out, r#"<g class="{}"{data}>"#, group.class);
    if let Some(label) = &group.label {
        let _ = write!(out, "<title>{}</title>", escape(&words.label(label)));
    }
    for shape in &group.shapes {
        write_shape(out, shape);
    }
    for child in &group.children {
        write_group(out, child, words);
    }
    out.push_str("</g>\n");
}

/// An SVG element: its tag, attributes and text.
pub struct Element {
    pub tag: &'static str,
    pub attributes: Vec<(&'static str, String)>,
    pub text: Option<String>,
}

impl Shape {
    /// The SVG element that draws this shape: the one mapping both the SVG document and
    /// the app's Yew nodes use.
    pub fn element(&self) -> Element {
        let n = |v: f64| Fixed(v, 1).to_string();
        let short = |v: &f64| Short(*v).to_string();
        let (tag, attributes, text): (&'static str, Vec<(&'static str, String)>, Option<String>) =
            match self {
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                    stroke_width,
                } => (
                    "polygon",
                    [("points", points_attr(points))]
                        .into_iter()
                        .chain(paint(fill, stroke, *stroke_width))
                        .collect(),
                    None,
                ),
                Shape::Circle {
                    cx,
                    cy,
                    r,
                    fill,
                    stroke,
                    stroke_width,
                } => (
                    "circle",
                    [("cx", n(*cx)), ("cy", n(*cy)), ("r", short(r))]
                        .into_iter()
                        .chain(paint(fill, stroke, *stroke_width))
                        .collect(),
                    None,
                ),
                Shape::Ellipse {
                    cx,
                    cy,
                    rx,
                    ry,
                    fill,
                } => (
                    "ellipse",
                    vec![
                        ("cx", n(*cx)),
                        ("cy", n(*cy)),
                        ("rx", short(rx)),
                        ("ry", short(ry)),
                        ("fill", fill.to_string()),
                    ],
                    None,
                ),
                Shape::Line {
                    from,
                    to,
                    stroke,
                    width,
                } => (
                    "line",
                    vec![
                        ("x1", n(from.0)),
                        ("y1", n(from.1)),
                        ("x2", n(to.0)),
                        ("y2", n(to.1)),
                        ("stroke", stroke.to_string()),
                        ("stroke-width", short(width)),
                        ("stroke-linecap", "round".to_string()),
                    ],
                    None,
                ),
                Shape::Path {
                    d,
                    fill,
                    stroke,
                    stroke_width,
                } => (
                    "path",
                    path_attributes(vec![("d", d.clone())], fill, stroke, *stroke_width),
                    None,
                ),
                Shape::Icon { part, at, scale } => (
                    "path",
                    path_attributes(
                        vec![
                            ("d", part.d.to_string()),
                            ("transform", placement(*at, *scale)),
                        ],
                        part.fill,
                        part.stroke,
                        part.width,
                    ),
                    None,
                ),
                Shape::Text {
                    at,
                    text,
                    size,
                    bold,
                    fill,
                    class,
                } => (
                    "text",
                    vec![
                        ("class", class.to_string()),
                        ("x", n(at.0)),
                        ("y", n(at.1)),
                        ("text-anchor", "middle".to_string()),
                        ("font-size", short(size)),
                        ("font-weight", if *bold { "700" } else { "400" }.to_string()),
                        ("fill", fill.to_string()),
                    ],
                    Some(text.clone()),
                ),
            };
        Element {
            tag,
            attributes,
            text,
        }
    }
}

/// Writes `shape` as its SVG element (the entry screen's frame, which the play worker writes
/// as markup, draws its shapes with it too).
pub fn write_shape(out: &mut String, shape: &Shape) {
    let element = shape.element();
    let attributes: String = element
        .attributes
        .iter()
        .map(|(k, v)| format!(r#" {k}="{}""#, escape(v)))
        .collect();
    let _ = match element.text {
        Some(text) => write!(
            out,
            "<{}{attributes}>{}</{}>",
            element.tag,
            escape(&text),
            element.tag
        ),
        None => write!(out, "<{}{attributes}/>", element.tag),
    };
}

/// How an outline is filled and stroked.
fn paint(fill: &str, stroke: &str, width: f64) -> [(&'static str, String); 3] {
    [
        ("fill", fill.to_string()),
        ("stroke", stroke.to_string()),
        ("stroke-width", Short(width).to_string()),
    ]
}

/// A path's `shape` attributes, then its paint, with rounded joins and ends.
fn path_attributes(
    mut shape: Vec<(&'static str, String)>,
    fill: &str,
    stroke: &str,
    width: f64,
) -> Vec<(&'static str, String)> {
    shape.extend(paint(fill, stroke, width));
    shape.push(("stroke-linejoin", "round".to_string()));
    shape.push(("stroke-linecap", "round".to_string()));
    shape
}

/// The SVG transform that puts a drawing made about 0,0 at `at`, `scale` times its size.
fn placement(at: (f64, f64), scale: f64) -> String {
    let translate = format!("translate({} {})", Fixed(at.0, 1), Fixed(at.1, 1));
    if scale == 1.0 {
        translate
    } else {
        format!("{translate} scale({})", Short(scale))
    }
}

/// `x,y x,y ...` for a polygon.
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{},{}", Fixed(*x, 1), Fixed(*y, 1)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::label::DataWords;
    use crate::picture::IconPart;

    /// The caption lines written in an SVG document, in order.
    fn caption_texts(svg: &str) -> Vec<String> {
        svg.split(r#"<text class="caption""#)
            .skip(1)
            .map(|t| {
                let text = t.split('>').nth(1).unwrap().split('<').next().unwrap();
                text.replace("&amp;", "&")
            })
            .collect()
    }

    /// Each language's caption is checked by the page (src/app/names/caption_tests.rs);
    /// here, the longest caption English words make, on every board.
    #[test]
    fn the_png_caption_fits_the_image_on_every_board() {
        use crate::catalogue::LayoutId;
        use crate::generate::{generate, Settings};
        use crate::picture::draw;
        let mut wrapped = 0;
        for layout in LayoutId::every() {
            let board =
                generate(&Settings::new(layout, crate::rules::RuleSet::standard()), 1).unwrap();
            let picture = draw(&board);
            let caption = format!(
                "Hexfair · {} · seed {} · score 0.123",
                layout.title(),
                u64::MAX
            );
            let svg = svg_with_caption(&picture, Some(&caption), &DataWords);
            let lines = caption_texts(&svg);
            let width = picture.view_box.2;
            for line in &lines {
                assert!(
                    caption_width(line) <= width - 2.0 * CAPTION_MARGIN,
                    "{layout}: {line:?} is wider than the {width:.0} px image"
                );
            }
            // Nothing is lost: the lines read back as the caption.
            let rejoined = lines.join(" ").replace(CAPTION_JOIN, " ");
            assert_eq!(rejoined, caption.replace(CAPTION_JOIN, " "), "{layout}");
            // The image is as tall as the board and every line.
            let height = picture.view_box.3 + CAPTION_LINE * lines.len() as f64 + CAPTION_MARGIN;
            assert!(svg.contains(&format!(r#"height="{}""#, Fixed(height, 0))));
            wrapped += usize::from(lines.len() > 1);
        }
        // The base board's caption, cut off on both sides when it was one line, now wraps.
        assert!(wrapped > 0);
        let base = crate::generate::generate(&crate::generate::Settings::default(), 11).unwrap();
        let lines = caption_texts(&svg_with_caption(
            &crate::picture::draw(&base),
            Some("Hexfair · Base game (3-4 players) · seed 11 · score 0.312"),
            &DataWords,
        ));
        assert_eq!(
            lines,
            ["Hexfair · Base game (3-4 players)", "seed 11 · score 0.312"]
        );
    }

    #[test]
    fn an_icon_is_placed_by_its_transform_and_keeps_its_own_path() {
        let part = IconPart::new("M-15,6 L-9.5,-5 Z", "#e3f4d3", "none", 1.2);
        let element = Shape::Icon {
            part,
            at: (100.0, 10.26),
            scale: 2.2,
        }
        .element();
        let attribute = |key: &str| {
            element
                .attributes
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(element.tag, "path");
        assert_eq!(attribute("d").as_deref(), Some("M-15,6 L-9.5,-5 Z"));
        assert_eq!(
            attribute("transform").as_deref(),
            Some("translate(100.0 10.3) scale(2.2)")
        );
        // The stroke is given in the icon's own units: the transform scales it with the icon.
        assert_eq!(attribute("stroke-width").as_deref(), Some("1.2"));
        let moved = Shape::Icon {
            part,
            at: (-3.0, 4.0),
            scale: 1.0,
        }
        .element();
        assert!(moved
            .attributes
            .contains(&("transform", "translate(-3.0 4.0)".to_string())));
    }
}
