//! The board as SVG: the engine's picture, turned into Yew nodes, with the app's layers on
//! top (locked hexes, the heat map of settlement spots, the fair start). Hexes are buttons:
//! tap or press Enter to lock one. The board can be pinch-zoomed and panned (double-tap
//! zooms in and back out), shown full screen in table mode and turned to face the other
//! side of the table; a tapped spot's details open beside it.

mod spot_popover;
mod table_io;
mod table_mode;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew::virtual_dom::VTag;

use hexfair::fixed::{Fixed, Short};
use hexfair::model::{CellId, CornerId, Piece};
use hexfair::picture::{
    draw_with, hex_points, legible_scale, picture_to_screen, pixel, pixels_per_unit, points_attr,
    view_box_text, Group, Options, PictureWords, Shape, SEAT_NUMERAL, SEAT_PIECE_MOST,
};

use super::analysis::Analysis;
use super::build_guide::GuideMove;
use super::gestures::{Gestures, Tap};
use super::guide_panel::OPENER;
use super::picture_words::{harbour_name, resource_name};
use super::state::Overlay;
use super::words::{Key, Text, Words};
use spot_popover::{Anchor, SpotPopover};
use table_mode::{TableControls, TableView};

#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    pub words: Words,
    /// The board on screen and what is known about it, worked out once (not while drawing).
    pub analysis: Rc<Analysis>,
    pub turns: usize,
    pub locked: Vec<CellId>,
    pub overlay: Overlay,
    /// The fair start chosen by play, once chosen: drawn instead of the one by spot values.
    pub chosen_start: Option<Vec<[CornerId; 2]>>,
    pub selected_corner: Option<CornerId>,
    pub on_hex: Callback<CellId>,
    pub on_corner: Callback<Option<CornerId>>,
    /// The build guide's step on screen lights these hexes and dims the rest (`None`: no
    /// guide open; empty: a step that places nothing on a hex).
    #[prop_or_default]
    pub lit: Option<Vec<CellId>>,
    /// The build guide opened, stepped or closed (its button is in the board's bar, in
    /// table mode too, and its keys are the board's).
    pub on_guide: Callback<GuideMove>,
    /// Shown with the board in its frame, so in table mode too: the build guide's step.
    #[prop_or_default]
    pub children: Html,
}

pub use hexfair::picture::SEAT_COLOURS;

/// Text smaller than this on screen (CSS px) is left out rather than drawn unreadably.
const SMALLEST_TEXT: f64 = 10.0;
/// A spot's tap target is at least this wide on screen (CSS px), within the room between
/// neighbouring corners (half a hex side, in picture units).
const SPOT_TARGET: f64 = 26.0;
const SPOT_TARGET_MAX: f64 = 24.0;
const SPOT_DISC: f64 = 14.0;
const SPOT_TEXT: f64 = 16.0;

/// A light-to-dark scale for the heat map (pips are also written on each spot).
fn heat_colour(pips: u32) -> &'static str {
    const SCALE: [&str; 6] = [
        "#fff5d6", "#fde0a3", "#f9b46b", "#ef7d4b", "#cc4a3d", "#8c1d3a",
    ];
    SCALE[(pips as usize / 3).min(SCALE.len() - 1)]
}

/// Where the board is on screen, measured after each drawing (CSS px): the SVG's size and
/// its offset inside the frame, and the frame's size.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measure {
    svg_at: (f64, f64),
    svg_size: (f64, f64),
    frame: (f64, f64),
}

fn measure(frame: &NodeRef, svg: &NodeRef) -> Option<Measure> {
    let frame = frame.cast::<web_sys::Element>()?.get_bounding_client_rect();
    let svg = svg.cast::<web_sys::Element>()?.get_bounding_client_rect();
    Some(Measure {
        svg_at: (svg.left() - frame.left(), svg.top() - frame.top()),
        svg_size: (svg.width(), svg.height()),
        frame: (frame.width(), frame.height()),
    })
}

#[component]
pub fn BoardView(props: &BoardViewProps) -> Html {
    let words = &props.words;
    // Fog hexes lie face down; the table may turn them up to check the deal.
    let reveal_fog = use_state(|| false);
    let board = &props.analysis.board;
    let has_fog = board.layout().zones.iter().any(|z| z.fog);
    // Drawn once a board and turn, not on every frame of a pinch.
    let picture = use_memo(
        (Rc::clone(board), props.turns, *reveal_fog),
        |(board, turns, reveal_fog)| {
            draw_with(
                board,
                Options {
                    turns: *turns,
                    reveal_fog: *reveal_fog,
                },
            )
        },
    );
    let full = picture.view_box;
    let frame_ref = use_node_ref();
    let svg_ref = use_node_ref();
    let redraw = use_force_update();
    // The zoom belongs to one picture: a new layout or a turn shows the whole board again.
    let gestures = use_mut_ref(|| Gestures::new(full));
    gestures.borrow_mut().show(full);
    let zoom = gestures.borrow().zoom;
    let table = use_state(TableView::default);
    let measured = use_state(|| None::<Measure>);

    // Measure after every drawing and whenever the window changes size (turning a phone,
    // entering full screen), so text too small to read is left out and the popover sits
    // beside its spot.
    {
        let (frame_ref, svg_ref, measured) = (frame_ref.clone(), svg_ref.clone(), measured.clone());
        use_effect(move || {
            let now = measure(&frame_ref, &svg_ref);
            if now != *measured {
                measured.set(now);
            }
        });
    }
    {
        let (frame_ref, svg_ref, measured) = (frame_ref.clone(), svg_ref.clone(), measured.clone());
        use_effect_with((), move |()| {
            let on_resize =
                Closure::<dyn Fn()>::new(move || measured.set(measure(&frame_ref, &svg_ref)));
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w
                    .add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback(
                        "resize",
                        on_resize.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }

    let upside_down = table.facing_away;
    let view = zoom.view_box(full);
    let shown = measured
        .map(|m| pixels_per_unit(view, m.svg_size))
        .filter(|p| *p > 0.0);
    let smallest_text = shown.map_or(0.0, |p| SMALLEST_TEXT / p);
    let spot_target = shown.map_or(18.0, |p| {
        (SPOT_TARGET / 2.0 / p).clamp(SPOT_DISC, SPOT_TARGET_MAX)
    });

    // The guide's panel takes the focus as it opens (its Set up button leaves the bar); as
    // it closes the focus comes back to Set up, once the button is drawn again.
    {
        let was_open = use_mut_ref(|| false);
        use_effect_with(props.lit.is_some(), move |&open| {
            if std::mem::replace(&mut *was_open.borrow_mut(), open) && !open {
                super::browser::focus(OPENER);
            }
        });
    }

    // Keys wherever the focus is: Escape closes the spot's details, then the build guide,
    // then leaves table mode; the arrow keys walk the guide's steps.
    {
        let popover_open = props.selected_corner.is_some() && props.overlay == Overlay::Heat;
        let guide_open = props.lit.is_some();
        let (on_corner, on_guide) = (props.on_corner.clone(), props.on_guide.clone());
        let table = table.clone();
        use_effect_with(
            (popover_open, guide_open, table.on),
            move |&(popover_open, guide_open, table_on)| {
                let listener = (popover_open || guide_open || table_on).then(|| {
                    Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                        // The arrows stay a menu's or a field's, and Alt+Left the browser's.
                        let in_field = e.target().is_some_and(|t| {
                            let tag = t.unchecked_into::<web_sys::Element>().tag_name();
                            matches!(tag.as_str(), "SELECT" | "INPUT" | "TEXTAREA")
                        });
                        let own_keys = !(e.alt_key() || e.ctrl_key() || e.meta_key() || in_field);
                        let step = match e.key().as_str() {
                            "Escape" if popover_open => return on_corner.emit(None),
                            "Escape" if guide_open => GuideMove::Close,
                            "Escape" if table_on => return table_mode::leave(&table),
                            "ArrowRight" | "PageDown" if guide_open && own_keys => GuideMove::Next,
                            "ArrowLeft" | "PageUp" if guide_open && own_keys => GuideMove::Previous,
                            _ => return,
                        };
                        e.prevent_default();
                        on_guide.emit(step);
                    })
                });
                let document = web_sys::window().and_then(|w| w.document());
                if let (Some(d), Some(l)) = (&document, &listener) {
                    let _ =
                        d.add_event_listener_with_callback("keydown", l.as_ref().unchecked_ref());
                }
                move || {
                    if let (Some(d), Some(l)) = (document, listener) {
                        let _ = d.remove_event_listener_with_callback(
                            "keydown",
                            l.as_ref().unchecked_ref(),
                        );
                    }
                }
            },
        );
    }

    let handlers = gesture_handlers(
        &gestures,
        &svg_ref,
        full,
        upside_down,
        &redraw,
        &props.on_hex,
    );
    let layout = board.layout();
    let at = |corner: CornerId| pixel(layout.topology.corners[corner], props.turns);
    let context = Context {
        props,
        words,
        gestures: gestures.clone(),
        smallest_text,
    };
    let popover = match (props.overlay, props.selected_corner, *measured) {
        (Overlay::Heat, Some(corner), Some(m)) => {
            let (x, y) = picture_to_screen(view, m.svg_size, at(corner), upside_down);
            let anchor = Anchor {
                spot: (m.svg_at.0 + x, m.svg_at.1 + y),
                frame: m.frame,
            };
            html! { <SpotPopover words={words.clone()} analysis={props.analysis.clone()} {corner} {anchor}
            on_close={props.on_corner.reform(|()| None)} /> }
        }
        _ => Html::default(),
    };
    let reset = {
        let (gestures, redraw) = (gestures.clone(), redraw.clone());
        Callback::from(move |_: MouseEvent| {
            gestures.borrow_mut().reset();
            redraw.force_update();
        })
    };
    let lit = props.lit.as_deref().filter(|cells| !cells.is_empty());
    let class = classes!(
        "board",
        (!zoom.is_whole()).then_some("zoomed"),
        upside_down.then_some("facing-away"),
        lit.is_some().then_some("dimming")
    );
    html! {
        <div class="board-frame" ref={frame_ref.clone()} data-table={table.on.to_string()}
             data-zoom={Fixed(zoom.scale, 2).to_string()}>
            <TableControls words={words.clone()} table={table.clone()} frame={frame_ref.clone()}>
                if props.lit.is_none() {
                    <button type="button" class="board-button" id={OPENER} data-testid="guide-open" aria-label={words.text(Key::GuideOpenLabel)}
                            onclick={props.on_guide.reform(|_: MouseEvent| GuideMove::Open)}>{ words.text(Key::GuideOpen) }</button>
                }
                if has_fog {
                    <button type="button" class="board-button" data-testid="reveal-fog" aria-pressed={reveal_fog.to_string()}
                            onclick={let reveal_fog = reveal_fog.clone(); Callback::from(move |_: MouseEvent| reveal_fog.set(!*reveal_fog))}>
                        { words.text(if *reveal_fog { Key::HideFog } else { Key::ShowFog }) }
                    </button>
                }
                if !zoom.is_whole() {
                    <button type="button" class="board-button" data-testid="zoom-reset" onclick={reset}>{ words.text(Key::WholeBoard) }</button>
                }
            </TableControls>
            <svg {class} ref={svg_ref} data-testid="board" viewBox={view_box_text(view)} role="group"
                 aria-label={words.description(picture.layout, &picture.rows)} preserveAspectRatio="xMidYMid meet"
                 onpointerdown={handlers.down} onpointermove={handlers.moved} onpointerup={handlers.up}
                 onpointercancel={handlers.cancel.clone()} onpointerleave={handlers.cancel}>
                { for picture.groups.iter().map(|g| group(g, &context)) }
                // Lock rings on top, so no neighbouring hex hides part of one.
                <g class="locks">
                    { for props.locked.iter().map(|&cell| html! {
                        <polygon class="lock-ring" points={points_attr(&hex_points(layout.cells[cell], props.turns))}
                                 fill="none" stroke="#1d1d1d" stroke-width="5" stroke-dasharray="10 6" pointer-events="none" />
                    }) }
                </g>
                { match props.overlay {
                    Overlay::None => Html::default(),
                    Overlay::Heat => heat_map(&context, &at, spot_target),
                    Overlay::FairStart => fair_start_layer(&context, &at),
                } }
                // The guide's hexes ringed on top, as the locks are.
                <g class="lit">
                    { for lit.unwrap_or_default().iter().map(|&cell| html! {
                        <polygon class="lit-ring" points={points_attr(&hex_points(layout.cells[cell], props.turns))}
                                 fill="none" stroke-width="7" pointer-events="none" />
                    }) }
                </g>
            </svg>
            { popover }
            { props.children.clone() }
        </div>
    }
}

/// What drawing a group needs besides the group.
struct Context<'a> {
    props: &'a BoardViewProps,
    words: &'a Words,
    gestures: Rc<RefCell<Gestures>>,
    /// Text below this size (picture units) would be under 10 CSS px: left out.
    smallest_text: f64,
}

struct Handlers {
    down: Callback<PointerEvent>,
    moved: Callback<PointerEvent>,
    up: Callback<PointerEvent>,
    cancel: Callback<PointerEvent>,
}

/// The board's pointer handlers: they feed `Gestures`, which tells what the pointers did.
fn gesture_handlers(
    gestures: &Rc<RefCell<Gestures>>,
    svg_ref: &NodeRef,
    full: (f64, f64, f64, f64),
    upside_down: bool,
    redraw: &UseForceUpdateHandle,
    on_hex: &Callback<CellId>,
) -> Handlers {
    // The pointer's place on the SVG element (CSS px) and the element's size.
    let locate = {
        let svg_ref = svg_ref.clone();
        move |e: &PointerEvent| {
            let rect = svg_ref
                .cast::<web_sys::Element>()?
                .get_bounding_client_rect();
            Some((
                (
                    f64::from(e.client_x()) - rect.left(),
                    f64::from(e.client_y()) - rect.top(),
                ),
                (rect.width(), rect.height()),
            ))
        }
    };
    let now = || js_sys::Date::now();
    let down = {
        let (gestures, locate) = (gestures.clone(), locate.clone());
        Callback::from(move |e: PointerEvent| {
            if let Some((at, _)) = locate(&e) {
                gestures.borrow_mut().down(e.pointer_id(), at);
            }
        })
    };
    let moved = {
        let (gestures, locate, redraw) = (gestures.clone(), locate.clone(), redraw.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((at, size)) = locate(&e) else { return };
            let changed = gestures
                .borrow_mut()
                .moved(e.pointer_id(), at, size, full, upside_down);
            if changed {
                e.prevent_default();
                redraw.force_update();
            }
        })
    };
    let up = {
        let (gestures, redraw, on_hex) = (gestures.clone(), redraw.clone(), on_hex.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((at, size)) = locate(&e) else { return };
            let tap = gestures
                .borrow_mut()
                .up(e.pointer_id(), at, size, full, upside_down, now());
            match tap {
                Tap::Single | Tap::None => {}
                Tap::Double { undo_hex } => {
                    // The first tap of a double-tap locked (or freed) a hex: put it back.
                    if let Some(cell) = undo_hex {
                        on_hex.emit(cell);
                    }
                    redraw.force_update();
                }
            }
        })
    };
    let cancel = {
        let gestures = gestures.clone();
        Callback::from(move |e: PointerEvent| gestures.borrow_mut().cancel(e.pointer_id()))
    };
    Handlers {
        down,
        moved,
        up,
        cancel,
    }
}

fn group(group: &Group, context: &Context) -> Html {
    if let Some(cell) = group.cell {
        return hex_button(group, cell, context);
    }
    let mut tag = VTag::new("g");
    tag.add_attribute("class", group.class);
    for (key, value) in &group.data {
        tag.add_attribute(data_attribute(key), value.clone());
    }
    if let Some(label) = &group.label {
        tag.add_child(html! { <title>{ context.words.label(label) }</title> });
    }
    for s in &group.shapes {
        tag.add_child(shape(s, context.smallest_text));
    }
    for child in &group.children {
        tag.add_child(self::group(child, context));
    }
    tag.into()
}

/// A piece's data attribute `key`, or nothing.
fn data(group: &Group, key: &str) -> String {
    group
        .data
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

/// A hex is a toggle button: tap, Enter or Space locks it (a dashed ring shows the lock).
/// Its name says what is drawn on it ("Fields, 6, locked").
fn hex_button(group: &Group, cell: CellId, context: &Context) -> Html {
    let props = context.props;
    let data = |key: &str| data(group, key);
    let locked = props.locked.contains(&cell);
    let lit = props
        .lit
        .as_ref()
        .is_some_and(|cells| cells.contains(&cell));
    let words = context.words;
    // Named from what is drawn, in the page's words: "Fields, 6".
    let name = group
        .label
        .as_ref()
        .map(|label| words.label(label))
        .unwrap_or_default();
    let label = words.fill(
        if locked {
            Key::HexLocked
        } else {
            Key::HexToLock
        },
        &[("hex", &name)],
    );
    let onclick = {
        let (gestures, on_hex) = (context.gestures.clone(), props.on_hex.clone());
        Callback::from(move |_: MouseEvent| {
            // A click that ends a pan, a pinch or a double-tap locks nothing.
            if !gestures.borrow().swallow_click {
                gestures.borrow_mut().clicked_hex(cell, js_sys::Date::now());
                on_hex.emit(cell);
            }
        })
    };
    let on_hex = props.on_hex.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            on_hex.emit(cell);
        }
    });
    html! {
        <g class={group.class} data-cell={data("cell")} data-terrain={data("terrain")} data-letter={data("letter")}
           data-number={data("number")} data-fog={data("fog")} data-locked={locked.to_string()} data-lit={lit.then_some("true")} role="button" tabindex="0"
           aria-pressed={locked.to_string()} aria-label={label}
           {onclick} {onkeydown}>
            <title>{ name }</title>
            { for group.shapes.iter().map(|s| shape(s, context.smallest_text)) }
            { for group.children.iter().map(|c| self::group(c, context)) }
        </g>
    }
}

/// `data-` attribute names are static strings in Yew; the picture uses a handful of keys.
fn data_attribute(key: &str) -> &'static str {
    match key {
        "cell" => "data-cell",
        "terrain" => "data-terrain",
        "letter" => "data-letter",
        "number" => "data-number",
        "ratio" => "data-ratio",
        "resource" => "data-resource",
        "fog" => "data-fog",
        "printed" => "data-printed",
        "piece" => "data-piece",
        "corner" => "data-corner",
        "edge" => "data-edge",
        "edges" => "data-edges",
        "corners" => "data-corners",
        _ => "data-other",
    }
}

/// A shape as a Yew node; text smaller than `smallest_text` units is left out.
fn shape(shape: &Shape, smallest_text: f64) -> Html {
    if let Shape::Text { size, .. } = shape {
        if *size < smallest_text {
            return Html::default();
        }
    }
    let element = shape.element();
    let mut tag = VTag::new(element.tag);
    for (key, value) in element.attributes {
        tag.add_attribute(key, value);
    }
    if let Some(text) = element.text {
        tag.add_child(Html::from(text));
    }
    tag.into()
}

/// Every settlement spot's pips on a coloured disc; tap one (or Tab to it and press Enter)
/// for its numbers and resources beside it. Each has a tap target of about 26 CSS px.
fn heat_map(context: &Context, at: &dyn Fn(CornerId) -> (f64, f64), target: f64) -> Html {
    let props = context.props;
    let pips_legible = SPOT_TEXT >= context.smallest_text;
    html! {
        <g class="heat" aria-label={context.words.text(Key::HeatLabel)}>
            { for props.analysis.spots().iter().map(|spot| {
                let (x, y) = at(spot.corner);
                let corner = spot.corner;
                let selected = props.selected_corner == Some(corner);
                let choose = props.on_corner.reform(move |()| if selected { None } else { Some(corner) });
                let onclick = {
                    let (choose, gestures) = (choose.clone(), context.gestures.clone());
                    Callback::from(move |e: MouseEvent| {
                        e.stop_propagation();
                        if !gestures.borrow().swallow_click {
                            choose.emit(());
                        }
                    })
                };
                let onkeydown = Callback::from(move |e: KeyboardEvent| {
                    if e.key() == "Enter" || e.key() == " " {
                        e.prevent_default();
                        choose.emit(());
                    }
                });
                let words = context.words;
                let resources: Vec<String> = spot.resources.iter().map(|&r| resource_name(words, r)).collect();
                let mut label = words.fill(Key::SpotLabel, &[("pips", &spot.pips)]);
                if !resources.is_empty() {
                    label = format!("{label}: {}", resources.join(", "));
                }
                if let Some(harbour) = &spot.harbour {
                    let harbour = words.fill(Key::SpotHarbour, &[("harbour", &harbour_name(words, *harbour))]);
                    label = format!("{label}, {harbour}");
                }
                html! {
                    <g class="spot" data-corner={corner.to_string()} data-pips={spot.pips.to_string()} {onclick} {onkeydown}
                       role="button" tabindex="0" aria-label={label} aria-expanded={selected.to_string()}>
                        <circle class="spot-target" cx={Fixed(x, 1).to_string()} cy={Fixed(y, 1).to_string()} r={Fixed(target, 1).to_string()} fill="transparent" />
                        <circle cx={Fixed(x, 1).to_string()} cy={Fixed(y, 1).to_string()} r={Short(SPOT_DISC).to_string()} fill={heat_colour(spot.pips)}
                                stroke={if selected { "#000" } else { "#5a4a2a" }} stroke-width={if selected { "4" } else { "1.5" }} />
                        if pips_legible {
                            <text class="spot-pips" x={Fixed(x, 1).to_string()} y={Fixed(y + 5.5, 1).to_string()} text-anchor="middle" font-size={Short(SPOT_TEXT).to_string()}
                                  font-weight="700" fill={if spot.pips >= 12 { "#fff" } else { "#1d1d1d" }}>{ spot.pips }</text>
                        }
                    </g>
                }
            }) }
        </g>
    }
}

/// The fair start's pieces in each seat's colour with its number: a settlement a house, a
/// Cities & Knights city a house with a wing (`Analysis::fair_start_pieces`: the start
/// chosen by play once it is, the one by spot values until then). Where the board is shown
/// small (a 5-6 board on a phone) the houses grow so their numbers can still be read: six
/// seats' colours are too alike to go by alone.
fn fair_start_layer(context: &Context, at: &dyn Fn(CornerId) -> (f64, f64)) -> Html {
    let (props, smallest_text) = (context.props, context.smallest_text);
    let grow = legible_scale(SEAT_NUMERAL, smallest_text, SEAT_PIECE_MOST);
    let numeral = SEAT_NUMERAL * grow;
    let pieces = props
        .analysis
        .fair_start_pieces(props.chosen_start.as_deref());
    // The outlines are drawn about the corner, at the house's own size, then grown.
    let outline = |moves: &[(char, &[f64])]| -> String {
        moves
            .iter()
            .map(|(command, numbers)| {
                let numbers: Vec<String> =
                    numbers.iter().map(|n| Fixed(n * grow, 1).to_string()).collect();
                format!("{command}{}", numbers.join(","))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    html! {
        <g class="fair-start" aria-label={context.words.text(Key::FairStartLabel)} data-by={if props.chosen_start.is_some() { "play" } else { "spot-values" }}>
            { for pieces.into_iter().map(|(seat, corner, piece)| {
                let (x, y) = at(corner);
                let colour = SEAT_COLOURS[(seat - 1) % SEAT_COLOURS.len()];
                let (class, shape) = match piece {
                    Piece::Settlement => ("settlement", format!(
                        "M{},{} {} Z",
                        Fixed(x - 12.0 * grow, 1),
                        Fixed(y - 2.0 * grow, 1),
                        outline(&[('l', &[12.0, -12.0]), ('l', &[12.0, 12.0]), ('v', &[14.0]), ('h', &[-24.0])])
                    )),
                    Piece::City => ("city", format!(
                        "M{},{} {} Z",
                        Fixed(x - 14.0 * grow, 1),
                        Fixed(y + 12.0 * grow, 1),
                        outline(&[('v', &[-14.0]), ('l', &[7.0, -8.0]), ('l', &[7.0, 8.0]), ('h', &[14.0]), ('v', &[14.0])])
                    )),
                };
                html! {
                    <g class={class} data-seat={seat.to_string()} data-corner={corner.to_string()}>
                        <path d={shape} fill={colour} stroke="#1d1d1d" stroke-width="2" />
                        if numeral >= smallest_text {
                            <text class="seat-number" x={Fixed(x, 1).to_string()} y={Fixed(y + 10.0 * grow, 1).to_string()} text-anchor="middle" font-size={Fixed(numeral, 1).to_string()} font-weight="700" fill="#1d1d1d">{ seat }</text>
                        }
                    </g>
                }
            }) }
        </g>
    }
}
