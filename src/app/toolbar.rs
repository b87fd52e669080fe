//! The actions beside Regenerate: back to earlier boards, turn the board, share the link,
//! save a picture.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
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
    let click = |cb: &Callback<()>| cb.reform(|_: MouseEvent| ());
    // Back with nothing behind it looks unavailable but stays a button (aria-disabled, not
    // disabled): tapping or focusing it still says why, which a disabled button cannot.
    let can_go_back = props.earlier > 0;
    let back = if can_go_back {
        click(&props.on_back)
    } else {
        props.on_notice.reform(|_: MouseEvent| {
            "No earlier board yet: Back returns to the boards shown before this one.".to_string()
        })
    };
    let back_label = if can_go_back {
        format!("Back to the previous board ({} kept)", props.earlier)
    } else {
        "Back: no earlier board yet".to_string()
    };
    html! {
        <div class="tools">
            <button type="button" onclick={back} aria-disabled={(!can_go_back).to_string()}
                    aria-label={back_label}>{ "⟲ Back" }</button>
            <button type="button" onclick={click(&props.on_rotate)} aria-label="Turn the board">{ "↻ Turn" }</button>
            <button type="button" onclick={click(&props.on_share)} aria-label="Share this board">{ "Share" }</button>
            <button type="button" onclick={click(&props.on_png)} aria-label="Download the board as a PNG picture">{ "PNG" }</button>
        </div>
    }
}
