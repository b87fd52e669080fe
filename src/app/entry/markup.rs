//! The entry screen as markup, written in the play worker and shown by the page as it is
//! (`app::entry_screen`): the layout's frame, whose hexes and harbour places are buttons
//! (tap, or Tab to one and press Enter), the pieces the box holds with their counts (a radio
//! group: the piece picked is what a tap lays), what the last tap could not lay and why, and
//! Undo, Leave and Show this board. Every target carries its move's code (`data-tap`), which
//! the page sends back when it is tapped, and an id, by which the page keeps the keyboard's
//! focus on it when the screen is written again. Measured (docs/findings.md, 2026-12-03): the
//! same screen as a Yew component was 25 KB gzip of the page's download.

use std::fmt::Write;

use hexfair::catalogue::Layout;
use hexfair::model::CellId;
use hexfair::picture::{draw_entry, view_box_text, write_shape, Group};
use hexfair_words::entry_words::{EntryKey, EntryWords};

use super::entering::{Entering, EntryMove, Tool};
use super::said::{count, hex_label, place_label, refused, row_place, title, tool_name, total};
use crate::app::guide_text::escape;
use crate::app::words::Words;

/// The whole screen for `entering`, the frame turned `turns` sixths as the board is shown.
pub fn screen(entering: &Entering, turns: usize, words: &Words, said: &EntryWords) -> String {
    let entry = entering.entry();
    let heading = escape(&title(words, said, entry.layout));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<section class="entry" data-testid="entry" aria-label="{}"><div class="entry-frame">"#,
        escape(said.get(EntryKey::EntryArea))
    );
    frame(&mut out, entering, turns, &heading, words, said);
    let _ = write!(out, r#"</div><div class="entry-panel"><h2>{heading}</h2>"#);
    let missing = entry.missing();
    let counts: Vec<String> = [
        total(said, EntryKey::EntryHexesCount, &missing.terrain),
        total(said, EntryKey::EntryTokensCount, &missing.numbers),
        total(said, EntryKey::EntryHarboursCount, &missing.harbours),
    ]
    .into_iter()
    .flatten()
    .collect();
    let _ = write!(
        out,
        r#"<p class="entry-counts" data-testid="entry-counts" aria-live="polite">{}</p><div class="entry-actions">"#,
        escape(&counts.join(" · "))
    );
    let button = |out: &mut String, tap: &str, primary: bool, enabled: bool, key: EntryKey| {
        let _ = write!(
            out,
            r#"<button type="button" id="entry-{tap}" data-testid="entry-{tap}" data-tap="{tap}"{}{}>{}</button>"#,
            if primary { r#" class="primary""# } else { "" },
            if enabled { "" } else { " disabled" },
            escape(said.get(key))
        );
    };
    button(
        &mut out,
        "undo",
        false,
        entering.can_undo(),
        EntryKey::EntryUndo,
    );
    button(&mut out, "leave", false, true, EntryKey::EntryLeave);
    let whole = entering.board().is_some();
    button(&mut out, "show", true, whole, EntryKey::EntryShow);
    out.push_str("</div>");
    if let Some(why) = &entering.refused {
        let _ = write!(
            out,
            r#"<p class="entry-refused" role="alert" data-testid="entry-refused">{}</p>"#,
            escape(&refused(words, said, why, entry, turns))
        );
    }
    let _ = write!(
        out,
        r#"<p class="hint">{}</p><div class="entry-tools" data-testid="entry-tools">"#,
        escape(said.get(EntryKey::EntryHelp))
    );
    tools(&mut out, entering, words, said);
    out.push_str("</div></div></section>");
    out
}

/// The screen for an entry that cannot be: why, and Leave.
pub fn closed(why: &str, said: &EntryWords) -> String {
    format!(
        r#"<section class="entry" data-testid="entry" aria-label="{}"><div class="entry-panel"><p class="entry-refused" role="alert" data-testid="entry-refused">{}</p><div class="entry-actions"><button type="button" id="entry-leave" data-testid="entry-leave" data-tap="leave">{}</button></div></div></section>"#,
        escape(said.get(EntryKey::EntryArea)),
        escape(why),
        escape(said.get(EntryKey::EntryLeave))
    )
}

/// The pieces, in fieldsets by kind, each a radio button with what of it is laid.
fn tools(out: &mut String, entering: &Entering, words: &Words, said: &EntryWords) {
    let entry = entering.entry();
    let missing = entry.missing();
    // `laid`: "3 of 4", and whether all of it is laid, for the pieces the box counts.
    let pick = |out: &mut String, tool: Tool, laid: Option<(String, bool)>| {
        let code = tool.code();
        let picked = entering.tool == tool;
        let done = laid.as_ref().is_some_and(|(_, done)| *done);
        let _ = write!(
            out,
            r#"<label class="tool" data-tool="{code}" data-picked="{picked}"{}><input type="radio" name="entry-tool" id="entry-tool-{code}" data-tap="{}"{}><span class="tool-name">{}</span>"#,
            if done { r#" data-done="true""# } else { "" },
            escape(&EntryMove::Pick(tool).code()),
            if picked { " checked" } else { "" },
            escape(&tool_name(words, said, tool))
        );
        if let Some((laid, _)) = laid {
            let _ = write!(out, "<small>{}</small>", escape(&laid));
        }
        out.push_str("</label>");
    };
    let legend = |out: &mut String, key: EntryKey| {
        let _ = write!(out, "<fieldset><legend>{}</legend>", escape(said.get(key)));
    };
    legend(out, EntryKey::EntryTerrain);
    for c in &missing.terrain {
        pick(
            out,
            Tool::Terrain(c.piece),
            Some((count(said, c), c.placed == c.in_box)),
        );
    }
    out.push_str("</fieldset>");
    if !missing.numbers.is_empty() {
        legend(out, EntryKey::EntryNumbers);
        if entry.letters().is_some() {
            pick(out, Tool::Spiral, None);
        }
        for c in &missing.numbers {
            pick(
                out,
                Tool::Number(c.piece),
                Some((count(said, c), c.placed == c.in_box)),
            );
        }
        out.push_str("</fieldset>");
    }
    if entering.tool == Tool::Spiral {
        let _ = write!(
            out,
            r#"<div class="spiral" data-testid="entry-spiral"><p class="hint">{}</p><label class="picker"><span>{}</span><input type="text" inputmode="numeric" autocomplete="off" id="entry-typed" data-testid="entry-spiral-typed" data-typed value="{}"></label></div>"#,
            escape(said.get(EntryKey::EntrySpiralHelp)),
            escape(said.get(EntryKey::EntrySpiralTyped)),
            escape(&entering.typed)
        );
    }
    if !missing.harbours.is_empty() {
        legend(out, EntryKey::EntryHarbours);
        for c in &missing.harbours {
            pick(
                out,
                Tool::Harbour(c.piece),
                Some((count(said, c), c.placed == c.in_box)),
            );
        }
        out.push_str("</fieldset>");
    }
    out.push_str(r#"<fieldset class="take-off">"#);
    pick(out, Tool::TakeOff, None);
    out.push_str("</fieldset>");
}

/// The layout's frame with what is laid on it; the hexes and harbour places are targets.
fn frame(
    out: &mut String,
    entering: &Entering,
    turns: usize,
    heading: &str,
    words: &Words,
    said: &EntryWords,
) {
    let entry = entering.entry();
    let picture = draw_entry(entry, turns);
    let rows = hexfair::guide::rows(Layout::get(entry.layout), turns);
    let starts = match entering.tool {
        Tool::Spiral => entry.spiral_starts(),
        _ => Vec::new(),
    };
    let _ = write!(
        out,
        r#"<svg viewBox="{}" data-testid="entry-frame" data-layout="{}" preserveAspectRatio="xMidYMid meet" role="group" aria-label="{heading}">"#,
        view_box_text(picture.view_box),
        entry.layout.name()
    );
    for group in &picture.groups {
        match group.class {
            "land" => {
                let _ = write!(out, r#"<g class="land">"#);
                for hex in &group.children {
                    let Some(cell) = hex.cell else {
                        plain(out, hex);
                        continue;
                    };
                    let label = hex_label(words, said, row_place(&rows, cell), entry, cell);
                    let start = starts.contains(&cell);
                    target(out, hex, &label, &EntryMove::TapHex(cell), start);
                }
                out.push_str("</g>");
            }
            "harbours" => {
                let _ = write!(out, r#"<g class="harbours">"#);
                for (place, group) in group.children.iter().enumerate() {
                    let label = place_label(words, said, place, entry.harbours[place]);
                    target(out, group, &label, &EntryMove::TapPlace(place), false);
                }
                out.push_str("</g>");
            }
            _ => plain(out, group),
        }
    }
    out.push_str("</svg>");
}

/// A group as it is drawn, nothing to tap.
fn plain(out: &mut String, group: &Group) {
    let _ = write!(out, r#"<g class="{}">"#, group.class);
    for shape in &group.shapes {
        write_shape(out, shape);
    }
    for child in &group.children {
        plain(out, child);
    }
    out.push_str("</g>");
}

/// A target on the frame: a button named `label` whose tap is `step`, with the group's data
/// (`data-cell`, `data-terrain`, `data-number`, `data-place`) for the page's tests and style.
fn target(out: &mut String, group: &Group, label: &str, step: &EntryMove, start: bool) {
    let code = step.code();
    let id = code.replace(':', "-");
    let value = |key: &str| {
        group
            .data
            .iter()
            .find(|(k, _)| *k == key)
            .map_or_else(String::new, |(_, v)| escape(v))
    };
    let place = match step {
        EntryMove::TapPlace(place) => format!(r#" data-place="{place}""#),
        _ => String::new(),
    };
    let cell = match step {
        EntryMove::TapHex(cell) => format!(r#" data-cell="{}""#, CellId::index(*cell)),
        _ => String::new(),
    };
    let label = escape(label);
    let _ = write!(
        out,
        r#"<g class="{}{}" role="button" tabindex="0" id="entry-{id}" aria-label="{label}" data-tap="{code}"{cell}{place} data-terrain="{}" data-number="{}"><title>{label}</title>"#,
        group.class,
        if start { " spiral-start" } else { "" },
        value("terrain"),
        value("number"),
    );
    for shape in &group.shapes {
        write_shape(out, shape);
    }
    for child in &group.children {
        plain(out, child);
    }
    out.push_str("</g>");
}
