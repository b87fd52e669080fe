//! Boards kept on this device: save the board on screen under a name, open, share or delete
//! a saved one, reopen one shown earlier, and show a QR code of the board's link for the next
//! phone at the table. The lists are `saved::Kept`, kept in localStorage and owned by the app
//! (which notes each board shown); every change here reads the stored value afresh first, so
//! two tabs do not undo each other's saves, and hands the app the lists written.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use hexfair::share::Link;

use super::browser;
use super::names;
use super::qr_code::QrCode;
use super::saved::{self, Kept, Parsed, Refused, MAX_NAME_CHARS, STORAGE_KEY, UNREADABLE_KEY};
use super::state::QrDrawing;
use super::words::{Key, Text, Words};

/// A change to the kept lists that says, in words, what it did.
type Edit = Box<dyn FnOnce(&mut Kept) -> Result<String, Refused>>;

#[derive(Properties, PartialEq)]
pub struct SavedPanelProps {
    pub words: Words,
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
    pub qr: Option<Rc<QrDrawing>>,
    pub qr_failed: Option<super::state::Trouble>,
}

/// The kept boards, and a notice if the stored value could not be read: it is then moved
/// aside (never lost) and a new list begins. `Err`: the browser keeps nothing, in words.
pub fn read(words: &Words) -> Result<(Kept, Option<String>), String> {
    let text = browser::stored(words, STORAGE_KEY)?;
    match Kept::from_stored(text.as_deref().map(BrowserJson::parse)) {
        Ok(kept) => Ok((kept, None)),
        Err(saved::Unreadable(why)) => {
            // The list is rewritten only if the unreadable value is safe elsewhere.
            browser::store(words, UNREADABLE_KEY, text.as_deref().unwrap_or_default())?;
            write(words, &Kept::default())?;
            Ok((
                Kept::default(),
                Some(words.fill(Key::KeptUnreadable, &[("why", &why)])),
            ))
        }
    }
}

/// Applies `edit` to the stored lists and writes them back: the lists after it, what `edit`
/// returned, and a notice as [`read`] gives. A refused edit writes nothing.
fn update<T>(
    words: &Words,
    edit: impl FnOnce(&mut Kept) -> Result<T, Refused>,
) -> Result<(Kept, T, Option<String>), String> {
    let (mut kept, notice) = read(words)?;
    let done = edit(&mut kept).map_err(|why| names::refused(words, &why))?;
    write(words, &kept)?;
    Ok((kept, done, notice))
}

/// Notes the board of `query` in the history; the lists after it, and the notice if the
/// stored lists could not be read.
pub fn remember(words: &Words, query: &str) -> Result<(Kept, Option<String>), String> {
    let (kept, notice) = read(words)?;
    let mut changed = kept.clone();
    if !changed.record(query, browser::now_ms()) {
        return Ok((kept, notice));
    }
    write(words, &changed)?;
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
fn write(words: &Words, kept: &Kept) -> Result<(), String> {
    let text = serde_wasm_bindgen::to_value(&kept.to_stored())
        .ok()
        .and_then(|value| js_sys::JSON::stringify(&value).ok())
        .and_then(|text| text.as_string())
        .ok_or_else(|| words.get(Key::KeptNotWritten).to_string())?;
    browser::store(words, STORAGE_KEY, &text)
}

#[component]
pub fn SavedPanel(props: &SavedPanelProps) -> Html {
    let words = &props.words;
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
        let words = words.clone();
        move |edit: Edit| match update(&words, edit) {
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
        let words = words.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(input) = name_input.cast::<HtmlInputElement>() else {
                return;
            };
            let name = input.value();
            let query = query.clone();
            let words = words.clone();
            let saved = apply(Box::new(move |kept: &mut Kept| {
                kept.save(&name, &query, browser::now_ms())?;
                Ok(words.fill(Key::SavedAs, &[("name", &kept.saved[0].name)]))
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
        let words = words.clone();
        move |query: String| {
            let on_open = on_open.clone();
            let problem = problem.clone();
            let status = status.clone();
            let words = words.clone();
            Callback::from(move |_: MouseEvent| match saved::open(&query) {
                Ok(link) => {
                    problem.set(None);
                    status.set(None);
                    on_open.emit(link);
                }
                Err(why) => problem.set(Some(names::refused(&words, &why))),
            })
        }
    };
    let share = {
        let (status, words) = (status.clone(), words.clone());
        move |query: &str| {
            let url = browser::url_with_query(query);
            let (status, words) = (status.clone(), words.clone());
            Callback::from(move |_: MouseEvent| {
                let url = url.clone();
                let (status, words) = (status.clone(), words.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    status.set(Some(browser::share_in_words(&words, &url).await));
                });
            })
        }
    };
    let delete = {
        let apply = apply.clone();
        let words = words.clone();
        move |query: String, name: String| {
            let apply = apply.clone();
            let words = words.clone();
            Callback::from(move |_: MouseEvent| {
                let query = query.clone();
                let name = name.clone();
                let words = words.clone();
                apply(Box::new(move |kept: &mut Kept| {
                    kept.delete(&query);
                    Ok(words.fill(Key::Deleted, &[("name", &name)]))
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
        let words = words.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let (Some(query), Some(input)) =
                ((*renaming).clone(), rename_input.cast::<HtmlInputElement>())
            else {
                return;
            };
            let name = input.value();
            let words = words.clone();
            if apply(Box::new(move |kept: &mut Kept| {
                kept.rename(&query, &name)?;
                Ok(words.fill(Key::Renamed, &[("name", &name.trim())]))
            })) {
                renaming.set(None);
            }
        })
    };
    let qr_button = use_node_ref();
    let open_qr = {
        let show_qr = show_qr.clone();
        Callback::from(move |_: MouseEvent| show_qr.set(true))
    };
    // Put away, the focus goes back to the button that showed it.
    let close_qr = {
        let (show_qr, qr_button) = (show_qr.clone(), qr_button.clone());
        Callback::from(move |()| {
            show_qr.set(false);
            if let Some(button) = qr_button.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        })
    };

    let on_screen = props.query.as_str();
    let saved_as = kept.saved_as(on_screen).map(|s| s.name.clone());
    html! {
        <section class="saved-panel" aria-labelledby="saved-title" data-testid="saved-panel">
            <h2 id="saved-title">{ words.text(Key::SavedTitle) }</h2>
            <form class="save-form" onsubmit={on_save}>
                <label for="save-name">{ words.text(Key::SaveName) }</label>
                <input id="save-name" ref={name_input} maxlength={MAX_NAME_CHARS.to_string()}
                       autocomplete="off" placeholder={words.text(Key::SaveNamePlaceholder)} data-testid="save-name" />
                <button type="submit" data-testid="save">{ words.text(Key::SaveBoard) }</button>
            </form>
            if let Some(name) = &saved_as {
                <p class="hint">{ words.fill(Key::SavedAsHint, &[("name", name)]) }</p>
            }
            if let Some(why) = problem.as_ref().or(unavailable.as_ref()) {
                <p class="message" role="alert" data-testid="saved-problem">{ why }</p>
            }
            if let Some(words) = &*status {
                <p class="notice" role="status" data-testid="saved-status">{ words }</p>
            }
            <button type="button" class="qr-toggle" data-testid="qr-button" ref={qr_button} aria-haspopup="dialog"
                    aria-expanded={show_qr.to_string()} onclick={open_qr}>
                { words.text(Key::QrShow) }
            </button>
            if *show_qr {
                <QrCode words={words.clone()} url={AttrValue::from(browser::url_with_query(on_screen))} drawn={props.qr.clone()}
                    failed={props.qr_failed.clone()} on_close={close_qr} />
            }
            if kept.saved.is_empty() {
                <p class="hint">{ words.text(Key::NoneSaved) }</p>
            } else {
                <ul class="kept-list" data-testid="saved-list">
                    { for kept.saved.iter().map(|s| html! {
                        <li key={s.query.clone()} data-testid="saved-item" data-query={s.query.clone()}>
                            if renaming.as_deref() == Some(s.query.as_str()) {
                                <form class="rename-form" onsubmit={on_rename.clone()}>
                                    <input aria-label={words.fill(Key::NewNameFor, &[("name", &s.name)])} ref={rename_input.clone()}
                                           maxlength={MAX_NAME_CHARS.to_string()} autocomplete="off" data-testid="rename-name" />
                                    <button type="submit">{ words.text(Key::Rename) }</button>
                                    <button type="button" onclick={cancel_rename.clone()}>{ words.text(Key::Cancel) }</button>
                                </form>
                            } else {
                                <span class="kept-name">{ &s.name }</span>
                            }
                            <span class="kept-about">{ format!("{} · {}", names::kept_board(words, &s.query), browser::day_and_time(words.lang, s.at)) }</span>
                            <span class="kept-actions">
                                <button type="button" onclick={open(s.query.clone())} disabled={s.query == on_screen}
                                        aria-label={words.fill(Key::OpenNamed, &[("name", &s.name)])}>{ words.text(Key::Open) }</button>
                                <button type="button" onclick={share(&s.query)}
                                        aria-label={words.fill(Key::ShareNamed, &[("name", &s.name)])}>{ words.text(Key::Share) }</button>
                                <button type="button" onclick={start_rename(s.query.clone())}
                                        aria-label={words.fill(Key::RenameNamed, &[("name", &s.name)])}>{ words.text(Key::Rename) }</button>
                                <button type="button" onclick={delete(s.query.clone(), s.name.clone())}
                                        aria-label={words.fill(Key::DeleteNamed, &[("name", &s.name)])}>{ words.text(Key::Delete) }</button>
                            </span>
                        </li>
                    }) }
                </ul>
            }
            <h3>{ words.text(Key::ShownRecently) }</h3>
            <ol class="kept-list history" data-testid="history-list">
                { for kept.history.iter().map(|s| {
                    let about = names::kept_board(words, &s.query);
                    html! {
                        <li data-testid="history-item" data-query={s.query.clone()}>
                            <span class="kept-about">{ format!("{about} · {}", browser::day_and_time(words.lang, s.at)) }</span>
                            <span class="kept-actions">
                                if s.query == on_screen {
                                    <span class="kept-here">{ words.text(Key::OnScreen) }</span>
                                } else {
                                    <button type="button" onclick={open(s.query.clone())}
                                            aria-label={words.fill(Key::OpenAbout, &[("about", &about)])}>{ words.text(Key::Open) }</button>
                                }
                            </span>
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}
