//! The actions beside Regenerate: back to earlier boards, turn the board, share the link,
//! save a picture.

use yew::prelude::*;

use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub words: Words,
    /// Earlier boards Back can return to.
    pub earlier: usize,
    pub on_back: Callback<()>,
    pub on_rotate: Callback<()>,
    pub on_share: Callback<()>,
    pub on_png: Callback<()>,
    /// A word for the player: why a greyed-out action did nothing.
    pub on_notice: Callback<String>,
}

#[component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let words = &props.words;
    let click = |cb: &Callback<()>| cb.reform(|_: MouseEvent| ());
    // Back with nothing behind it looks unavailable but stays a button (aria-disabled, not
    // disabled): tapping or focusing it still says why, which a disabled button cannot.
    let can_go_back = props.earlier > 0;
    let back = if can_go_back {
        click(&props.on_back)
    } else {
        let why = words.get(Key::BackNoneWhy).to_string();
        props.on_notice.reform(move |_: MouseEvent| why.clone())
    };
    let back_label = if can_go_back {
        words.fill(Key::BackTo, &[("count", &props.earlier)])
    } else {
        words.get(Key::BackNone).to_string()
    };
    html! {
        <div class="tools">
            <button type="button" onclick={back} aria-disabled={(!can_go_back).to_string()}
                    aria-label={back_label}>{ words.text(Key::Back) }</button>
            <button type="button" onclick={click(&props.on_rotate)} aria-label={words.text(Key::TurnLabel)}>{ words.text(Key::Turn) }</button>
            <button type="button" onclick={click(&props.on_share)} aria-label={words.text(Key::ShareLabel)}>{ words.text(Key::Share) }</button>
            <button type="button" onclick={click(&props.on_png)} aria-label={words.text(Key::PngLabel)}>{ words.text(Key::Png) }</button>
        </div>
    }
}
