//! The entry screen: the board on the table entered a piece at a time. The layout's frame
//! (hexes and harbour places are buttons: tap, or Tab to one and press Enter), the pieces the
//! box holds with their counts (a radio group: the piece picked is what a tap lays), what
//! the last tap could not lay and why, and Undo, Leave and Show this board.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use hexfair::board::entry::Entry;
use hexfair::model::CellId;
use hexfair::picture::{draw_entry, view_box_text, Group};

use super::board_view::{data, shape};
use super::entry_words::{
    count, hex_label, place_label, refused, row_place, title, tool_name, total,
};
use super::picture_words::{harbour_name, terrain_name};
use super::state::{Entering, EntryMove, Tool};
use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct EntryScreenProps {
    pub words: Words,
    pub entering: Entering,
    pub turns: usize,
    pub on_move: Callback<EntryMove>,
    pub on_leave: Callback<()>,
    pub on_show: Callback<()>,
}

#[component]
pub fn EntryScreen(props: &EntryScreenProps) -> Html {
    let words = &props.words;
    let entering = &props.entering;
    let entry = entering.entry();
    let picture = use_memo((entry.clone(), props.turns), |(entry, turns)| {
        draw_entry(entry, *turns)
    });
    let rows = use_memo((entry.layout, props.turns), |(layout, turns)| {
        hexfair::guide::rows(hexfair::catalogue::Layout::get(*layout), *turns)
    });
    let at = |cell: CellId| row_place(&rows, cell);
    let starts = match entering.tool {
        Tool::Spiral => entry.spiral_starts(),
        _ => Vec::new(),
    };
    let missing = entry.missing();
    let counts: Vec<String> = [
        total(words, Key::EntryHexesCount, &missing.terrain),
        total(words, Key::EntryTokensCount, &missing.numbers),
        total(words, Key::EntryHarboursCount, &missing.harbours),
    ]
    .into_iter()
    .flatten()
    .collect();

    let groups = picture.groups.iter().map(|g| match g.class {
        "land" => g
            .children
            .iter()
            .map(|hex| {
                let cell = hex.cell.expect("a hex of the entry");
                let label = hex_label(words, at(cell), entry, cell);
                hex_button(hex, cell, label, starts.contains(&cell), &props.on_move)
            })
            .collect::<Html>(),
        "harbours" => g
            .children
            .iter()
            .enumerate()
            .map(|(place, group)| {
                let label = place_label(words, place, entry.harbours[place]);
                place_button(group, place, label, &props.on_move)
            })
            .collect::<Html>(),
        _ => plain(g),
    });

    // `left`: how many the box still holds, where the tool lays a piece of it.
    let pick = |tool: Tool, text: String, hint: Option<String>, left: Option<usize>| {
        let on_move = props.on_move.clone();
        let onchange = Callback::from(move |_: Event| on_move.emit(EntryMove::Pick(tool)));
        let picked = entering.tool == tool;
        html! {
            <label class="tool" data-tool={tool_key(tool)} data-picked={picked.to_string()} data-done={(left == Some(0)).then_some("true")}>
                <input type="radio" name="entry-tool" checked={picked} {onchange} />
                <span class="tool-name">{ text }</span>
                if let Some(hint) = hint { <small>{ hint }</small> }
            </label>
        }
    };
    let terrain_tools = missing.terrain.iter().map(|c| {
        pick(Tool::Terrain(c.piece), terrain_name(words, c.piece), Some(count(words, c)), Some(c.in_box - c.placed))
    });
    let number_tools = missing.numbers.iter().map(|c| {
        pick(Tool::Number(c.piece), c.piece.to_string(), Some(count(words, c)), Some(c.in_box - c.placed))
    });
    let harbour_tools = missing.harbours.iter().map(|c| {
        pick(Tool::Harbour(c.piece), harbour_name(words, c.piece), Some(count(words, c)), Some(c.in_box - c.placed))
    });
    let on_typed = {
        let on_move = props.on_move.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            on_move.emit(EntryMove::TypeSpiral(input.value()));
        })
    };
    let undo = {
        let on_move = props.on_move.clone();
        Callback::from(move |_: MouseEvent| on_move.emit(EntryMove::Undo))
    };
    let leave = props.on_leave.reform(|_: MouseEvent| ());
    let show = props.on_show.reform(|_: MouseEvent| ());
    let whole = entering.board().is_some();
    html! {
        <section class="entry" data-testid="entry" aria-label={words.text(Key::EntryArea)}>
            <div class="entry-frame">
                <svg viewBox={view_box_text(picture.view_box)} data-testid="entry-frame" data-layout={entry.layout.name()}
                     preserveAspectRatio="xMidYMid meet" role="group" aria-label={title(words, entry.layout)}>
                    { for groups }
                </svg>
            </div>
            <div class="entry-panel">
                <h2>{ title(words, entry.layout) }</h2>
                <p class="entry-counts" data-testid="entry-counts" aria-live="polite">{ counts.join(" · ") }</p>
                <div class="entry-actions">
                    <button type="button" data-testid="entry-undo" disabled={!entering.can_undo()} onclick={undo}>{ words.text(Key::EntryUndo) }</button>
                    <button type="button" data-testid="entry-leave" onclick={leave}>{ words.text(Key::EntryLeave) }</button>
                    <button type="button" class="primary" data-testid="entry-show" disabled={!whole} onclick={show}>{ words.text(Key::EntryShow) }</button>
                </div>
                if let Some(why) = &entering.refused {
                    <p class="entry-refused" role="alert" data-testid="entry-refused">{ refused(words, why, entry, props.turns) }</p>
                }
                <p class="hint">{ words.text(Key::EntryHelp) }</p>
                <div class="entry-tools" data-testid="entry-tools">
                    <fieldset>
                        <legend>{ words.text(Key::EntryTerrain) }</legend>
                        { for terrain_tools }
                    </fieldset>
                    if !missing.numbers.is_empty() {
                        <fieldset>
                            <legend>{ words.text(Key::EntryNumbers) }</legend>
                            if entry.letters().is_some() {
                                { pick(Tool::Spiral, tool_name(words, Tool::Spiral), None, None) }
                            }
                            { for number_tools }
                        </fieldset>
                    }
                    if entering.tool == Tool::Spiral {
                        <div class="spiral" data-testid="entry-spiral">
                            <p class="hint">{ words.text(Key::EntrySpiralHelp) }</p>
                            <label class="picker">
                                <span>{ words.text(Key::EntrySpiralTyped) }</span>
                                <input type="text" inputmode="numeric" autocomplete="off" data-testid="entry-spiral-typed"
                                       value={entering.typed.clone()} oninput={on_typed} />
                            </label>
                        </div>
                    }
                    if !missing.harbours.is_empty() {
                        <fieldset>
                            <legend>{ words.text(Key::EntryHarbours) }</legend>
                            { for harbour_tools }
                        </fieldset>
                    }
                    <fieldset class="take-off">
                        { pick(Tool::TakeOff, tool_name(words, Tool::TakeOff), None, None) }
                    </fieldset>
                </div>
            </div>
        </section>
    }
}

/// A tool's name for tests and styling.
fn tool_key(tool: Tool) -> String {
    match tool {
        Tool::Terrain(t) => format!("terrain-{}", t.name()),
        Tool::Number(n) => format!("number-{n}"),
        Tool::Harbour(k) => format!("harbour-{}", k.resource().map_or("any", |r| r.name())),
        Tool::Spiral => "spiral".to_string(),
        Tool::TakeOff => "take-off".to_string(),
    }
}

fn plain(group: &Group) -> Html {
    html! {
        <g class={group.class}>
            { for group.shapes.iter().map(|s| shape(s, 0.0)) }
            { for group.children.iter().map(plain) }
        </g>
    }
}

/// A target on the frame: tap, or Enter or Space once focused, emits `step`.
fn target(
    group: &Group,
    label: String,
    step: EntryMove,
    on_move: &Callback<EntryMove>,
    id: (&'static str, String),
    start: bool,
) -> Html {
    let onclick = {
        let (on_move, step) = (on_move.clone(), step.clone());
        Callback::from(move |_: MouseEvent| on_move.emit(step.clone()))
    };
    let onkeydown = {
        let on_move = on_move.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" || e.key() == " " {
                e.prevent_default();
                on_move.emit(step.clone());
            }
        })
    };
    let value = |key: &str| data(group, key);
    html! {
        <g class={classes!(group.class, start.then_some("spiral-start"))} role="button" tabindex="0" aria-label={label.clone()}
           data-cell={(id.0 == "cell").then(|| id.1.clone())} data-place={(id.0 == "place").then(|| id.1.clone())}
           data-terrain={value("terrain")} data-number={value("number")}
           {onclick} {onkeydown}>
            <title>{ label }</title>
            { for group.shapes.iter().map(|s| shape(s, 0.0)) }
            { for group.children.iter().map(plain) }
        </g>
    }
}

fn hex_button(group: &Group, cell: CellId, label: String, start: bool, on_move: &Callback<EntryMove>) -> Html {
    target(group, label, EntryMove::TapHex(cell), on_move, ("cell", cell.index().to_string()), start)
}

fn place_button(group: &Group, place: usize, label: String, on_move: &Callback<EntryMove>) -> Html {
    target(group, label, EntryMove::TapPlace(place), on_move, ("place", place.to_string()), false)
}

/// The entry kept on the device between visits, oldest first: read back only if the box
/// can make each step, all of one board.
pub fn kept(text: &str) -> Option<Vec<Entry>> {
    use super::saved::Parsed;
    let history: Vec<Entry> = super::saved_panel::BrowserJson::parse(text).read().ok()?;
    let layout = history.first()?.layout;
    history
        .into_iter()
        .map(|entry| entry.checked().filter(|e| e.layout == layout))
        .collect()
}
