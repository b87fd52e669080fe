//! The catalogue's storage: every board file, parsed at first use; each board compiled into
//! its layout the first time something asks for it. A board's `LayoutId` is its place here;
//! links never use it (they use the frozen codes in `share`).

use std::sync::{OnceLock, RwLock};

use super::compile::compile;
use super::description::Description;
use super::layout::{Layout, LayoutId};
use super::parse::{parse, BoardError};

/// Lists board files by their path under `boards/`, read into the program.
macro_rules! board_files {
    ($($path:literal),* $(,)?) => {
        &[$(($path, board_text!($path))),*]
    };
}

/// A board file as written: the command line and the tests read its sources and notes.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! board_text {
    ($path:literal) => {
        include_str!(concat!("boards/", $path))
    };
}

/// A board file without its comments, sources, notes and edition, and its title and notice
/// without their English, line for line (build.rs): the page shows none of them (it names
/// boards from its language tables), and they were most of the board text it downloaded.
#[cfg(target_arch = "wasm32")]
macro_rules! board_text {
    ($path:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/boards/", $path))
    };
}

/// The boards, the seven from before the catalogue first and in their old order (their
/// `LayoutId` constants point here), then every other board. Appending is free; a board's
/// place may change, its name and link code may not.
const FILES: &[(&str, &str)] = board_files![
    "base/base-3-4.board",
    "base/base-5-6.board",
    "seafarers/seafarers.board",
    "seafarers/seafarers-five-six.board",
    "seafarers/new-world-3-4.board",
    "seafarers/new-world-5-6.board",
    "house-rules/mcguire-3-4.board",
    "seafarers/new-shores-3.board",
    "seafarers/new-shores-4.board",
    "seafarers/new-shores-5-6.board",
    "seafarers/four-islands-3.board",
    "seafarers/four-islands-4.board",
    "seafarers/four-islands-5-6.board",
    "seafarers/fog-islands-3.board",
    "seafarers/fog-islands-4.board",
    "seafarers/fog-islands-5-6.board",
    "seafarers/through-the-desert-3.board",
    "seafarers/through-the-desert-4.board",
    "seafarers/through-the-desert-5-6.board",
    "seafarers/forgotten-tribe-3-4.board",
    "seafarers/forgotten-tribe-5-6.board",
    "seafarers/cloth-for-catan-3-4.board",
    "seafarers/cloth-for-catan-5-6.board",
    "seafarers/pirate-islands-3-4.board",
    "seafarers/pirate-islands-5-6.board",
    "seafarers/wonders-of-catan-3-4.board",
    "seafarers/wonders-of-catan-5-6.board",
    "traders-barbarians/fishermen-3-4.board",
    "traders-barbarians/rivers-3-4.board",
    "traders-barbarians/caravans-3-4.board",
    "traders-barbarians/traders-and-barbarians-3-4.board",
    "traders-barbarians/barbarian-attack-3-4.board",
    "traders-barbarians/fishermen-inland-3-4.board",
    "traders-barbarians/rivers-stacked-3-4.board",
    "traders-barbarians/rivers-caravans-3-4.board",
    "traders-barbarians/barbarian-attack-traders-3-4.board",
    "traders-barbarians/rivers-traders-3-4.board",
    "traders-barbarians/caravans-traders-3-4.board",
];

pub(crate) struct Entry {
    pub description: Description,
    layout: OnceLock<Layout>,
}

fn built_in() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let entries: Vec<Entry> = FILES
            .iter()
            .map(|&(file, text)| Entry {
                // A broken built-in file is a programming mistake, caught by every test.
                description: parse(file, text).unwrap_or_else(|e| panic!("{e}")),
                layout: OnceLock::new(),
            })
            .collect();
        for (i, a) in entries.iter().enumerate() {
            if let Some(b) = entries[..i]
                .iter()
                .find(|b| b.description.layout == a.description.layout)
            {
                panic!(
                    "{} and {} both name the board `{}`",
                    b.description.file, a.description.file, a.description.layout
                );
            }
        }
        entries
    })
}

/// Boards added while the program runs (`add_board`), after the built-in ones.
static ADDED: RwLock<Vec<&'static Entry>> = RwLock::new(Vec::new());

pub(crate) fn built_in_count() -> usize {
    built_in().len()
}

pub(crate) fn entry(id: LayoutId) -> &'static Entry {
    let built_in = built_in();
    let index = usize::from(id.0);
    built_in.get(index).unwrap_or_else(|| {
        ADDED
            .read()
            .expect("never poisoned: nothing panics while holding it")[index - built_in.len()]
    })
}

pub(crate) fn layout(id: LayoutId) -> &'static Layout {
    let entry = entry(id);
    entry
        .layout
        .get_or_init(|| compile(id, &entry.description).unwrap_or_else(|e| panic!("{e}")))
}

pub(crate) fn every_id() -> Vec<LayoutId> {
    let count = built_in().len() + ADDED.read().expect("never poisoned").len();
    (0..count).map(|i| LayoutId(i as u16)).collect()
}

pub(crate) fn find(name: &str) -> Option<LayoutId> {
    every_id()
        .into_iter()
        .find(|id| entry(*id).description.layout == name)
}

/// Adds a board from its text (a board file not built into the program, e.g. one a test
/// defines), after checking that it parses, compiles and names a new board. The text is kept
/// for the rest of the program. Such a board has no link code, so it cannot be shared.
pub fn add_board(file: &str, text: &str) -> Result<LayoutId, BoardError> {
    let file: &'static str = Box::leak(file.to_string().into_boxed_str());
    let text: &'static str = Box::leak(text.to_string().into_boxed_str());
    let description = parse(file, text)?;
    let mut added = ADDED.write().expect("never poisoned");
    let id = LayoutId((built_in().len() + added.len()) as u16);
    if built_in()
        .iter()
        .chain(added.iter().copied())
        .any(|e| e.description.layout == description.layout)
    {
        return Err(BoardError {
            file: file.to_string(),
            line: 1,
            message: format!("the catalogue already has a board `{}`", description.layout),
        });
    }
    let layout = compile(id, &description)?;
    added.push(Box::leak(Box::new(Entry {
        description,
        layout: OnceLock::from(layout),
    })));
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page builds its boards from build.rs's stripped copies: each must state exactly
    /// the board its file does, less the sources, notes and edition, with every line where it
    /// was.
    #[test]
    fn the_browser_copies_state_the_same_boards() {
        for &(file, text) in FILES {
            let copy = std::fs::read_to_string(format!("{}/boards/{file}", env!("OUT_DIR")))
                .unwrap_or_else(|e| panic!("build.rs wrote no copy of {file}: {e}"));
            assert_eq!(
                copy.lines().count(),
                text.lines().count(),
                "{file}: lines moved"
            );
            assert!(
                copy.len() < text.len() * 3 / 4,
                "{file}: hardly anything stripped"
            );
            assert!(
                !copy.contains('#') && !copy.contains("\nnote "),
                "{file}: left a comment"
            );
            let copy: &'static str = Box::leak(copy.into_boxed_str());
            let mut stated = parse(file, text).unwrap();
            assert!(!stated.sources.is_empty(), "{file} names no source");
            stated.sources.clear();
            stated.notes.clear();
            stated.edition = "";
            // The page's words for these are its language tables' (src/app/names.rs).
            stated.title = "-";
            stated.legacy = stated.legacy.map(|_| "-");
            assert_eq!(parse(file, copy).unwrap(), stated, "{file}");
        }
    }
}
