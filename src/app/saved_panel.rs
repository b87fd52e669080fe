//! Boards kept on this device: save the board on screen under a name, open, share or delete
//! a saved one, reopen one shown earlier, and show a QR code of the board's link for the next
//! phone at the table. The lists are `saved::Kept`, kept in localStorage and owned by the app
//! (which notes each board shown); every change here reads the stored value afresh first, so
//! two tabs do not undo each other's saves, and hands the app the lists written.

use wasm_bindgen::JsValue;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::share::Link;

use super::browser;
use super::qr_code::QrCode;
use super::saved::{self, Kept, Parsed, Refused, MAX_NAME_CHARS, STORAGE_KEY, UNREADABLE_KEY};
use super::state::QrDrawing;

/// A change to the kept lists that says, in words, what it did.
type Edit = Box<dyn FnOnce(&mut Kept) -> Result<String, Refused>>;

#[derive(Properties, PartialEq)]
pub struct SavedPanelProps {
    /// The board on screen, as its share query (`b=...`).
    pub query: AttrValue,
    /// The kept boards, or why this browser keeps none, in words.
    pub kept: Result<Kept, String>,
    /// The lists after a change made here.
    pub on_kept: Callback<Kept>,
    pub on_open: Callback<Link>,
    /// A word for the whole page (kept boards that could not be read were set aside).
    pub on_notice: Callback<String>,
    /// The latest QR code the play worker drew, and why it draws none, if it failed.
    pub qr: Option<QrDrawing>,
    pub qr_failed: Option<String>,
}

/// The kept boards, and a notice if the stored value could not be read: it is then moved
/// aside (never lost) and a new list begins. `Err`: the browser keeps nothing, in words.
pub fn read() -> Result<(Kept, Option<String>), String> {
    let text = browser::stored(STORAGE_KEY)?;
    match Kept::from_stored(text.as_deref().map(BrowserJson::parse)) {
        Ok(kept) => Ok((kept, None)),
        Err(saved::Unreadable(why)) => {
            // The list is rewritten only if the unreadable value is safe elsewhere.
            browser::store(UNREADABLE_KEY, text.as_deref().unwrap_or_default())?;
            write(&Kept::default())?;
            Ok((
                Kept::default(),
                Some(format!(
                    "The boards kept on this device could not be read ({why}), so a new list \
                     begins; the old one is set aside, not deleted."
                )),
            ))
        }
    }
}

/// Applies `edit` to the stored lists and writes them back: the lists after it, what `edit`
/// returned, and a notice as [`read`] gives. A refused edit writes nothing.
fn update<T>(
    edit: impl FnOnce(&mut Kept) -> Result<T, Refused>,
) -> Result<(Kept, T, Option<String>), String> {
    let (mut kept, notice) = read()?;
    let done = edit(&mut kept).map_err(|Refused(why)| why)?;
    write(&kept)?;
    Ok((kept, done, notice))
}

/// Notes the board of `query` in the history; the lists after it, and the notice if the
/// stored lists could not be read.
pub fn remember(query: &str) -> Result<(Kept, Option<String>), String> {
    let (kept, notice) = read()?;
    let mut changed = kept.clone();
    if !changed.record(query, browser::now_ms()) {
        return Ok((kept, notice));
    }
    write(&changed)?;
    Ok((changed, notice))
}

/// A stored value as the browser's `JSON.parse` gave it (`None`: it is not JSON).
struct BrowserJson(Option<JsValue>);

impl BrowserJson {
    fn parse(text: &str) -> BrowserJson {
        BrowserJson(js_sys::JSON::parse(text).ok())
    }
}

impl Parsed for BrowserJson {
    fn read<T: serde::de::DeserializeOwned>(&self) -> Result<T, String> {
        let value = self.0.clone().ok_or("it is not JSON")?;
        serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
    }
}

/// Writes the lists to storage as JSON, by the browser's `JSON.stringify`.
fn write(kept: &Kept) -> Result<(), String> {
    let text = serde_wasm_bindgen::to_value(&kept.to_stored())
        .ok()
        .and_then(|value| js_sys::JSON::stringify(&value).ok())
        .and_then(|text| text.as_string())
        .ok_or("the boards could not be written down")?;
    browser::store(STORAGE_KEY, &text)
}

#[component]
pub fn SavedPanel(props: &SavedPanelProps) -> Html {
    // A failure (refused name, storage blocked or full) and a passing word, in the panel
    // where the player acted.
    let problem = use_state(|| None::<String>);
    let status = use_state(|| None::<String>);
    let show_qr = use_state(|| false);
    let name_input = use_node_ref();
    // The saved board being renamed (by its query), if any.
    let renaming = use_state(|| None::<String>);
    let rename_input = use_node_ref();
    let (kept, unavailable) = match &props.kept {
        Ok(kept) => (kept.clone(), None),
        Err(why) => (Kept::default(), Some(why.clone())),
    };

    // Runs a change to the lists and reports it (the edit says what was done in words);
    // true if it was made.
    let apply = {
        let on_kept = props.on_kept.clone();
        let problem = problem.clone();
        let status = status.clone();
        let on_notice = props.on_notice.clone();
        move |edit: Edit| match update(edit) {
            Ok((lists, words, notice)) => {
                on_kept.emit(lists);
                problem.set(None);
                status.set(Some(words));
                if let Some(notice) = notice {
                    on_notice.emit(notice);
                }
                true
            }
            Err(why) => {
                status.set(None);
                problem.set(Some(why));
                false
            }
        }
    };

    let on_save = {
        let apply = apply.clone();
        let name_input = name_input.clone();
        let query = props.query.to_string();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(input) = name_input.cast::<HtmlInputElement>() else {
                return;
            };
            let name = input.value();
            let query = query.clone();
            let saved = apply(Box::new(move |kept: &mut Kept| {
                kept.save(&name, &query, browser::now_ms())?;
                Ok(format!("Saved as “{}”.", kept.saved[0].name))
            }));
            // A refused name stays, to be corrected.
            if saved {
                input.set_value("");
            }
        })
    };

    let open = {
        let on_open = props.on_open.clone();
        let problem = problem.clone();
        let status = status.clone();
        move |query: String| {
            let on_open = on_open.clone();
            let problem = problem.clone();
            let status = status.clone();
            Callback::from(move |_: MouseEvent| match saved::open(&query) {
                Ok(link) => {
                    problem.set(None);
                    status.set(None);
                    on_open.emit(link);
                }
                Err(Refused(why)) => problem.set(Some(why)),
            })
        }
    };
    let share = {
        let status = status.clone();
        move |query: &str| {
            let url = browser::url_with_query(query);
            let status = status.clone();
            Callback::from(move |_: MouseEvent| {
                let url = url.clone();
                let status = status.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    status.set(Some(browser::share_in_words(&url).await.to_string()));
                });
            })
        }
    };
    let delete = {
        let apply = apply.clone();
        move |query: String, name: String| {
            let apply = apply.clone();
            Callback::from(move |_: MouseEvent| {
                let query = query.clone();
                let name = name.clone();
                apply(Box::new(move |kept: &mut Kept| {
                    kept.delete(&query);
                    Ok(format!("Deleted “{name}”."))
                }));
            })
        }
    };
    // The rename field starts with the board's name, set once when it opens: bound as its
    // value, every later render (a play worker's reply, say) would put the old name back
    // over what the player is typing.
    {
        let rename_input = rename_input.clone();
        let name = (*renaming).as_ref().and_then(|query| {
            kept.saved
                .iter()
                .find(|s| &s.query == query)
                .map(|s| s.name.clone())
        });
        use_effect_with(name, move |name| {
            if let (Some(name), Some(input)) = (name, rename_input.cast::<HtmlInputElement>()) {
                input.set_value(name);
            }
        });
    }
    let start_rename = {
        let renaming = renaming.clone();
        move |query: String| {
            let renaming = renaming.clone();
            Callback::from(move |_: MouseEvent| renaming.set(Some(query.clone())))
        }
    };
    let cancel_rename = {
        let renaming = renaming.clone();
        Callback::from(move |_: MouseEvent| renaming.set(None))
    };
    let on_rename = {
        let apply = apply.clone();
        let renaming = renaming.clone();
        let rename_input = rename_input.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let (Some(query), Some(input)) =
                ((*renaming).clone(), rename_input.cast::<HtmlInputElement>())
            else {
                return;
            };
            let name = input.value();
            if apply(Box::new(move |kept: &mut Kept| {
                kept.rename(&query, &name)?;
                Ok(format!("Renamed “{}”.", name.trim()))
            })) {
                renaming.set(None);
            }
        })
    };
    let toggle_qr = {
        let show_qr = show_qr.clone();
        Callback::from(move |_: MouseEvent| show_qr.set(!*show_qr))
    };

    let on_screen = props.query.as_str();
    let saved_as = kept.saved_as(on_screen).map(|s| s.name.clone());
    html! {
        <section class="saved-panel" aria-labelledby="saved-title" data-testid="saved-panel">
            <h2 id="saved-title">{ "Saved boards" }</h2>
            <form class="save-form" onsubmit={on_save}>
                <label for="save-name">{ "Name" }</label>
                <input id="save-name" ref={name_input} maxlength={MAX_NAME_CHARS.to_string()}
                       autocomplete="off" placeholder="e.g. Friday game" data-testid="save-name" />
                <button type="submit" data-testid="save">{ "Save this board" }</button>
            </form>
            if let Some(name) = &saved_as {
                <p class="hint">{ format!("This board is saved as “{name}”; saving it again renames it.") }</p>
            }
            if let Some(why) = problem.as_ref().or(unavailable.as_ref()) {
                <p class="message" role="alert" data-testid="saved-problem">{ why }</p>
            }
            if let Some(words) = &*status {
                <p class="notice" role="status" data-testid="saved-status">{ words }</p>
            }
            <button type="button" class="qr-toggle" data-testid="qr-button" aria-expanded={show_qr.to_string()}
                    onclick={toggle_qr}>
                { if *show_qr { "Hide the QR code" } else { "QR code of this board" } }
            </button>
            if *show_qr {
                <QrCode url={AttrValue::from(browser::url_with_query(on_screen))} drawn={props.qr.clone()} failed={props.qr_failed.clone()} />
            }
            if kept.saved.is_empty() {
                <p class="hint">{ "No boards saved on this device yet." }</p>
            } else {
                <ul class="kept-list" data-testid="saved-list">
                    { for kept.saved.iter().map(|s| html! {
                        <li key={s.query.clone()} data-testid="saved-item" data-query={s.query.clone()}>
                            if renaming.as_deref() == Some(s.query.as_str()) {
                                <form class="rename-form" onsubmit={on_rename.clone()}>
                                    <input aria-label={format!("New name for “{}”", s.name)} ref={rename_input.clone()}
                                           maxlength={MAX_NAME_CHARS.to_string()} autocomplete="off" data-testid="rename-name" />
                                    <button type="submit">{ "Rename" }</button>
                                    <button type="button" onclick={cancel_rename.clone()}>{ "Cancel" }</button>
                                </form>
                            } else {
                                <span class="kept-name">{ &s.name }</span>
                            }
                            <span class="kept-about">{ format!("{} · {}", saved::describe(&s.query), browser::day_and_time(s.at)) }</span>
                            <span class="kept-actions">
                                <button type="button" onclick={open(s.query.clone())} disabled={s.query == on_screen}
                                        aria-label={format!("Open “{}”", s.name)}>{ "Open" }</button>
                                <button type="button" onclick={share(&s.query)}
                                        aria-label={format!("Share “{}”", s.name)}>{ "Share" }</button>
                                <button type="button" onclick={start_rename(s.query.clone())}
                                        aria-label={format!("Rename “{}”", s.name)}>{ "Rename" }</button>
                                <button type="button" onclick={delete(s.query.clone(), s.name.clone())}
                                        aria-label={format!("Delete “{}”", s.name)}>{ "Delete" }</button>
                            </span>
                        </li>
                    }) }
                </ul>
            }
            <h3>{ "Shown recently" }</h3>
            <ol class="kept-list history" data-testid="history-list">
                { for kept.history.iter().map(|s| {
                    let about = saved::describe(&s.query);
                    html! {
                        <li data-testid="history-item" data-query={s.query.clone()}>
                            <span class="kept-about">{ format!("{about} · {}", browser::day_and_time(s.at)) }</span>
                            <span class="kept-actions">
                                if s.query == on_screen {
                                    <span class="kept-here">{ "On screen" }</span>
                                } else {
                                    <button type="button" onclick={open(s.query.clone())}
                                            aria-label={format!("Open {about}")}>{ "Open" }</button>
                                }
                            </span>
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}
