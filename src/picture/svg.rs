//! The picture written out as SVG: a standalone document (the command line's `--format svg`,
//! the PNG export) and the element each shape becomes (the app builds its Yew nodes from the
//! same elements).

use std::fmt::Write;

use super::{Group, Picture, Shape};
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

/// Writes the picture as a standalone SVG document.
pub fn svg(picture: &Picture) -> String {
    svg_with_caption(picture, None)
}

/// The SVG document with a line of text under the board (the PNG export's seed and score),
/// sized in pixels so an image made from it has a definite size.
pub fn svg_with_caption(picture: &Picture, caption: Option<&str>) -> String {
    let (x, y, w, h) = picture.view_box;
    let extra = if caption.is_some() { 36.0 } else { 0.0 };
    let (width, height) = (Fixed(w, 0), Fixed(h + extra, 0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {width} {height}" width="{width}" height="{height}" role="img" aria-label="{}" font-family="system-ui, sans-serif">"#,
        Fixed(x, 0),
        Fixed(y, 0),
        escape(&picture.description)
    );
    if let Some(text) = caption {
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{width}" height="{height}" fill="#f7f3e8"/><text x="{}" y="{}" text-anchor="middle" font-size="20" fill="#1d1d1d">{}</text>"##,
            Fixed(x, 0),
            Fixed(y, 0),
            Fixed(x + w / 2.0, 0),
            Fixed(y + h + 24.0, 0),
            escape(text)
        );
    }
    for group in &picture.groups {
        write_group(&mut out, group);
    }
    out.push_str("</svg>\n");
    out
}

fn write_group(out: &mut String, group: &Group) {
    let data: String = group
        .data
        .iter()
        .map(|(k, v)| format!(r#" data-{k}="{}""#, escape(v)))
        .collect();
    let _ = write!(out, r#"<g class="{}"{data}>"#, group.class);
    if !group.title.is_empty() {
        let _ = write!(out, "<title>{}</title>", escape(&group.title));
    }
    for shape in &group.shapes {
        write_shape(out, shape);
    }
    for child in &group.children {
        write_group(out, child);
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

fn write_shape(out: &mut String, shape: &Shape) {
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
    use crate::picture::IconPart;

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
