//! The settings as tabs (the ARIA tabs pattern): one row of tabs, one panel shown, so the
//! settings fit below or beside the board and the board stays in sight while they change.
//! The app hands in the tabs and their contents; the component only picks which one shows.

use yew::prelude::*;

/// One tab: `id` names it in the page (`tab-ID`, `panel-ID`), `label` is what the player reads.
#[derive(Clone, PartialEq)]
pub struct Tab {
    pub id: &'static str,
    pub label: String,
    pub content: Html,
}

impl Tab {
    pub fn new(id: &'static str, label: &str, content: Html) -> Tab {
        Tab {
            id,
            label: label.to_string(),
            content,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct TabsProps {
    pub tabs: Vec<Tab>,
    /// What the tabs are about, for screen readers.
    pub label: AttrValue,
}

/// The tab an arrow, Home or End key moves to from `from`, among `count` tabs (wrapping).
fn tab_after_key(key: &str, from: usize, count: usize) -> Option<usize> {
    match key {
        "ArrowRight" | "ArrowDown" => Some((from + 1) % count),
        "ArrowLeft" | "ArrowUp" => Some((from + count - 1) % count),
        "Home" => Some(0),
        "End" => Some(count - 1),
        _ => None,
    }
}

/// Which tab is open lives here, not in the app's reducer: it changes no board, link or
/// earlier board, nothing else reads it, and the reducer stays the game's state alone.
#[component]
pub fn Tabs(props: &TabsProps) -> Html {
    let chosen = use_state(|| props.tabs.first().map(|t| t.id));
    // A tab that has gone (the app no longer offers it) gives way to the first.
    let open = props
        .tabs
        .iter()
        .position(|t| Some(t.id) == *chosen)
        .unwrap_or(0);
    let onkeydown = {
        let chosen = chosen.clone();
        let ids: Vec<&'static str> = props.tabs.iter().map(|t| t.id).collect();
        Callback::from(move |e: KeyboardEvent| {
            // From the tab the key was pressed on (the focused one, as the pattern says), not
            // the open one this handler was made with: keys pressed faster than the tabs are
            // drawn again would move from a stale tab.
            let from = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|tab| {
                    let id = tab.id();
                    let id = id.strip_prefix("tab-")?;
                    ids.iter().position(|&i| i == id)
                })
                .unwrap_or(open);
            if let Some(next) = tab_after_key(&e.key(), from, ids.len()) {
                e.prevent_default();
                chosen.set(Some(ids[next]));
                super::browser::focus(&format!("tab-{}", ids[next]));
            }
        })
    };
    html! {
        <section class="settings" aria-label={props.label.clone()}>
            <div class="tab-list" role="tablist" aria-label={props.label.clone()} {onkeydown}>
                { for props.tabs.iter().enumerate().map(|(i, tab)| {
                    let chosen = chosen.clone();
                    let id = tab.id;
                    html! {
                        <button type="button" role="tab" id={format!("tab-{id}")} class="tab"
                                aria-selected={(i == open).to_string()} aria-controls={format!("panel-{id}")}
                                tabindex={if i == open { "0" } else { "-1" }} data-testid={format!("tab-{id}")}
                                onclick={Callback::from(move |_: MouseEvent| chosen.set(Some(id)))}>
                            { tab.label.clone() }
                        </button>
                    }
                }) }
            </div>
            <div class="tab-panels">
                // Every panel stays in the page (hidden when closed), so the tabs'
                // aria-controls always point somewhere; only the open one has its content, so
                // a hidden panel works nothing out. What must outlive a closed tab (the kept
                // boards, the game's state) lives in the app.
                { for props.tabs.iter().enumerate().map(|(i, tab)| html! {
                    <div role="tabpanel" class="tab-panel" id={format!("panel-{}", tab.id)}
                         aria-labelledby={format!("tab-{}", tab.id)} hidden={i != open}>
                        if i == open {
                            { tab.content.clone() }
                        }
                    </div>
                }) }
            </div>
        </section>
    }
}
