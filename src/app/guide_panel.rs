//! The build guide on screen: one step at a time, under the board (beside it when the
//! screen is wide), in big type to be read at arm's length while the pieces go down. Forward
//! and back by its buttons or a swipe across it (the arrow keys and Escape are the board
//! view's, which lights the step's hexes).

use yew::prelude::*;

use super::build_guide::{BuildGuide, GuideMove, Written};
use super::chance_words::trouble;
use super::words::{Key, Text, Words};

/// The id of the board's Set up button, which has the keyboard's focus back when the guide
/// closes (it had it before).
pub const OPENER: &str = "guide-open";

/// A swipe is a sideways move of at least this many CSS px, more sideways than down.
const SWIPE: i32 = 60;

#[derive(Properties, PartialEq)]
pub struct GuidePanelProps {
    pub words: Words,
    pub guide: BuildGuide,
    pub on_move: Callback<GuideMove>,
}

#[component]
pub fn GuidePanel(props: &GuidePanelProps) -> Html {
    let words = &props.words;
    // The focus goes to the guide as it opens (its Set up button is gone from the board's
    // bar; the board view gives it back as the guide closes), so a keyboard or screen
    // reader is not left on nothing.
    let panel = use_node_ref();
    {
        let panel = panel.clone();
        use_effect_with((), move |_| {
            if let Some(panel) = panel.cast::<web_sys::HtmlElement>() {
                let _ = panel.focus();
            }
        });
    }
    let go = |step: GuideMove| props.on_move.reform(move |_: MouseEvent| step);
    // One finger's swipe: a second finger or a cancelled touch steps nothing.
    let pressed_at = use_mut_ref(|| None::<(i32, i32)>);
    let onpointerdown = {
        let pressed_at = pressed_at.clone();
        Callback::from(move |e: PointerEvent| {
            *pressed_at.borrow_mut() = e.is_primary().then(|| (e.client_x(), e.client_y()));
        })
    };
    let onpointercancel = {
        let pressed_at = pressed_at.clone();
        Callback::from(move |_: PointerEvent| *pressed_at.borrow_mut() = None)
    };
    let onpointerup = {
        let on_move = props.on_move.clone();
        Callback::from(move |e: PointerEvent| {
            let Some((x, y)) = pressed_at.borrow_mut().take() else {
                return;
            };
            let (dx, dy) = (e.client_x() - x, e.client_y() - y);
            if dx.abs() >= SWIPE && dx.abs() > dy.abs() {
                on_move.emit(if dx < 0 {
                    GuideMove::Next
                } else {
                    GuideMove::Previous
                });
            }
        })
    };
    let print = Callback::from(|_: MouseEvent| {
        if let Some(window) = web_sys::window() {
            let _ = window.print();
        }
    });
    let body = match (&props.guide.written, props.guide.on_screen()) {
        (_, Some((guide, at))) => {
            let (markup, _) = guide.step(at).unwrap_or_default();
            let last = guide.len().saturating_sub(1);
            html! {
                <>
                    // The step's words, as the play worker wrote them (`WrittenGuide`).
                    <div class="guide-step" aria-live="polite">
                        { Html::from_html_unchecked(AttrValue::from(markup.to_string())) }
                    </div>
                    <div class="guide-nav">
                        // At either end the button stays in the tab order, saying it does
                        // nothing there (`disabled` would drop the focus on it).
                        <button type="button" data-testid="guide-previous" aria-disabled={(at == 0).to_string()} onclick={go(GuideMove::Previous)}>
                            <span aria-hidden="true">{ "← " }</span>{ words.text(Key::GuidePrevious) }
                        </button>
                        <button type="button" class="guide-next" data-testid="guide-next" aria-disabled={(at == last).to_string()} onclick={go(GuideMove::Next)}>
                            { words.text(Key::GuideNext) }<span aria-hidden="true">{ " →" }</span>
                        </button>
                    </div>
                </>
            }
        }
        (Written::Failed(why), _) => html! {
            <p class="message" role="alert" data-testid="guide-failed">{ words.fill(Key::GuideFailed, &[("why", &trouble(words, why))]) }</p>
        },
        _ => {
            html! { <p class="hint" role="status" data-testid="guide-waiting">{ words.text(Key::GuideWaiting) }</p> }
        }
    };
    html! {
        <section class="guide-panel" data-testid="guide" aria-label={words.text(Key::GuideArea)}
                 ref={panel} tabindex="-1"
                 {onpointerdown} {onpointerup} {onpointercancel}>
            <div class="guide-bar">
                if matches!(props.guide.written, Written::Shown(_)) {
                    <button type="button" data-testid="guide-print" onclick={print}>{ words.text(Key::GuidePrint) }</button>
                }
                <button type="button" data-testid="guide-close" onclick={go(GuideMove::Close)}>
                    <span aria-hidden="true">{ "✕ " }</span>{ words.text(Key::GuideClose) }
                </button>
            </div>
            { body }
        </section>
    }
}
