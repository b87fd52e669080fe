//! The catalogue's storage: every board file, parsed at first use; each board compiled into
//! its layout the first time something asks for it. A board's `LayoutId` is its place here;
//! links never use it (they use the frozen codes in `share`).

use std::sync::OnceLock;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::RwLock;

#[cfg(not(target_arch = "wasm32"))]
use super::compile::compile;
#[cfg(not(target_arch = "wasm32"))]
use super::description::Description;
#[cfg(not(target_arch = "wasm32"))]
use super::fault::{BoardError, BoardFault};
use super::layout::{Layout, LayoutId};
#[cfg(not(target_arch = "wasm32"))]
use super::parse::parse;

#[cfg(not(target_arch = "wasm32"))]
include!("board_list.rs");

/// Lists board files by their path under `boards/`, read into the program.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! board_files {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("boards/", $path)))),*]
    };
}

/// The board files as written (`board_list.rs`): the command line and the tests read their
/// sources and notes. The page carries none of them: build.rs compiles them and the page
/// decodes their layouts (`decode.rs`).
#[cfg(not(target_arch = "wasm32"))]
const FILES: &[(&str, &str)] = board_list!(board_files);

/// What the pickers, links and names read of a board, without its layout.
pub(crate) struct Header {
    /// The board's unique name (`layout` in its file).
    pub name: &'static str,
    /// In the page `-`: it names boards from its language tables (src/app/names.rs).
    pub title: &'static str,
    pub scenario: &'static str,
    pub game: &'static str,
    pub players: (usize, usize),
    /// A legacy board's notice (in the page `-`, for the same reason as the title).
    pub legacy: Option<&'static str>,
}

pub(crate) struct Entry {
    pub header: Header,
    /// The board's file as parsed: the command line's (the page has no parser).
    #[cfg(not(target_arch = "wasm32"))]
    pub description: Description,
    /// Where the board's layout starts in build.rs's encoding.
    #[cfg(target_arch = "wasm32")]
    at: usize,
    layout: OnceLock<Layout>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Entry {
    fn of(description: Description) -> Entry {
        Entry {
            header: Header {
                name: description.layout,
                title: description.title,
                scenario: description.scenario,
                game: description.game,
                players: description.players,
                legacy: description.legacy,
            },
            description,
            layout: OnceLock::new(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn built_in() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let entries: Vec<Entry> = FILES
            .iter()
            // A broken built-in file is a programming mistake, caught by build.rs, which
            // compiles every board for the page and words the `BoardError` it panics with.
            .map(|&(file, text)| {
                Entry::of(parse(file, text).unwrap_or_else(|e| std::panic::panic_any(e)))
            })
            .collect();
        for (i, a) in entries.iter().enumerate() {
            if let Some(b) = entries[..i].iter().find(|b| b.header.name == a.header.name) {
                std::panic::panic_any(BoardError {
                    file: a.description.file.to_string(),
                    line: 1,
                    fault: BoardFault::NameTwice {
                        name: a.header.name.to_string(),
                        first: b.description.file.to_string(),
                        second: a.description.file.to_string(),
                    },
                });
            }
        }
        entries
    })
}

/// The page's boards: decoded from build.rs's encoding, each layout at first use.
#[cfg(target_arch = "wasm32")]
fn built_in() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        super::decode::boards()
            .into_iter()
            .map(|(header, at)| Entry {
                header,
                at,
                layout: OnceLock::new(),
            })
            .collect()
    })
}

/// Boards added while the program runs (`add_board`), after the built-in ones.
#[cfg(not(target_arch = "wasm32"))]
static ADDED: RwLock<Vec<&'static Entry>> = RwLock::new(Vec::new());

/// How many boards were added at run time: none in the page, which cannot add any.
fn added_count() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    return ADDED.read().expect("never poisoned").len();
    #[cfg(target_arch = "wasm32")]
    0
}

pub(crate) fn built_in_count() -> usize {
    built_in().len()
}

pub(crate) fn entry(id: LayoutId) -> &'static Entry {
    let built_in = built_in();
    let index = usize::from(id.0);
    #[cfg(target_arch = "wasm32")]
    return &built_in[index];
    #[cfg(not(target_arch = "wasm32"))]
    built_in.get(index).unwrap_or_else(|| {
        ADDED
            .read()
            .expect("never poisoned: nothing panics while holding it")[index - built_in.len()]
    })
}

pub(crate) fn layout(id: LayoutId) -> &'static Layout {
    let entry = entry(id);
    entry.layout.get_or_init(|| {
        #[cfg(target_arch = "wasm32")]
        return super::decode::layout(id, entry.at);
        #[cfg(not(target_arch = "wasm32"))]
        compile(id, &entry.description).unwrap_or_else(|e| std::panic::panic_any(e))
    })
}

pub(crate) fn every_id() -> Vec<LayoutId> {
    let count = built_in().len() + added_count();
    (0..count).map(|i| LayoutId(i as u16)).collect()
}

pub(crate) fn find(name: &str) -> Option<LayoutId> {
    every_id()
        .into_iter()
        .find(|id| entry(*id).header.name == name)
}

/// Adds a board from its text (a board file not built into the program, e.g. one a test
/// defines), after checking that it parses, compiles and names a new board. The text is kept
/// for the rest of the program. Such a board has no link code, so it cannot be shared. The
/// command line's and the tests': the page has no parser.
#[cfg(not(target_arch = "wasm32"))]
pub fn add_board(file: &str, text: &str) -> Result<LayoutId, BoardError> {
    let file: &'static str = Box::leak(file.to_string().into_boxed_str());
    let text: &'static str = Box::leak(text.to_string().into_boxed_str());
    let description = parse(file, text)?;
    let mut added = ADDED.write().expect("never poisoned");
    let id = LayoutId((built_in().len() + added.len()) as u16);
    if built_in()
        .iter()
        .chain(added.iter().copied())
        .any(|e| e.header.name == description.layout)
    {
        return Err(BoardError {
            file: file.to_string(),
            line: 1,
            fault: BoardFault::NameTaken {
                name: description.layout.to_string(),
            },
        });
    }
    let layout = compile(id, &description)?;
    let entry = Entry::of(description);
    entry
        .layout
        .set(layout)
        .expect("a new entry has no layout yet");
    added.push(Box::leak(Box::new(entry)));
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page decodes its boards from build.rs's encoding instead of parsing and compiling
    /// their files: each must be exactly the layout `parse` and `compile` give (every field,
    /// compared through `Debug`), under the same name, scenario, game, seats and legacy mark.
    #[test]
    fn the_page_decodes_the_layouts_the_files_compile_to() {
        let boards = super::super::decode::boards();
        assert_eq!(boards.len(), FILES.len(), "build.rs encodes every board");
        for (i, ((header, at), &(file, text))) in boards.into_iter().zip(FILES).enumerate() {
            let id = LayoutId(i as u16);
            let description = parse(file, text).unwrap();
            assert_eq!(header.name, description.layout, "{file}");
            assert_eq!(header.scenario, description.scenario, "{file}");
            assert_eq!(header.game, description.game, "{file}");
            assert_eq!(header.players, description.players, "{file}");
            assert_eq!(
                header.legacy.is_some(),
                description.legacy.is_some(),
                "{file}"
            );
            let compiled = compile(id, &description).unwrap();
            let decoded = super::super::decode::layout(id, at);
            assert_eq!(
                format!("{decoded:#?}"),
                format!("{compiled:#?}"),
                "{file}: the decoded layout differs from the compiled one"
            );
        }
    }
}
