//! Boards kept on the device: the ones the player saved under a name, and the ones shown
//! recently (a history that outlives the page). Plain Rust, so its tests run natively
//! (`src/app/mod.rs` compiles it on every target); the page keeps the value ([`Stored`])
//! in localStorage as JSON, written and read by the browser's own `JSON` through
//! serde-wasm-bindgen, and the tests by serde_json. Format 1 is what serde_json wrote before.
//!
//! A board is kept as its share link's query (`b=...`): the token carries the board itself,
//! so opening a kept board shows exactly the board that was kept, whatever the generator does
//! later. Lists are capped and names are bounded, so the stored value stays a few kilobytes
//! (localStorage allows about 5 MB per site, shared with nothing else of ours).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use hexfair::share::{self, Link, LinkError};

/// The localStorage key. A GitHub Pages site shares its origin with the owner's other
/// project sites, hence the app's name in it.
pub const STORAGE_KEY: &str = "hexfair.kept-boards";
/// Where an unreadable value is moved, so a fresh list does not destroy it (it may be a
/// newer release's, or another app's).
pub const UNREADABLE_KEY: &str = "hexfair.kept-boards.unreadable";
/// The stored shape's version; a reader refuses any other.
pub const FORMAT_VERSION: u32 = 1;
/// Most boards saved by name.
pub const MAX_SAVED: usize = 50;
/// Most boards in the history.
pub const MAX_HISTORY: usize = 30;
/// Longest name, in characters: enough for "Friday with Ana, 5-6 players", short enough to
/// fit a phone's line.
pub const MAX_NAME_CHARS: usize = 40;

/// A board saved under a name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub name: String,
    /// The share link's query string, `b=...`.
    pub query: String,
    /// When it was saved, in milliseconds since 1970 (JavaScript's `Date.now()`).
    pub at: u64,
}

/// A board that was shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    pub query: String,
    /// When it was last shown, in milliseconds since 1970.
    pub at: u64,
}

/// Everything kept: saved boards and the history, each newest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept {
    pub saved: Vec<Saved>,
    pub history: Vec<Seen>,
}

/// The stored value, format 1: `{"version":1,"saved":[...],"history":[...]}`, fields in this
/// order; unknown fields are ignored, so a later release may add some.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stored {
    pub version: u32,
    pub saved: Vec<Saved>,
    pub history: Vec<Seen>,
}

/// The version alone, read first, so a value of another format is named as such rather than
/// as damaged.
#[derive(Deserialize)]
struct Version {
    version: u32,
}

/// A stored value parsed as JSON, readable as a serde type: the browser's `JSON.parse` in
/// the page, serde_json in the native tests. `Err` in words, for a value that is not JSON
/// or not of that type.
pub trait Parsed {
    fn read<T: DeserializeOwned>(&self) -> Result<T, String>;
}

/// JSON text, read with serde_json.
#[cfg(not(target_arch = "wasm32"))]
impl Parsed for &str {
    fn read<T: DeserializeOwned>(&self) -> Result<T, String> {
        serde_json::from_str(self).map_err(|e| e.to_string())
    }
}

/// Why a stored value was not read, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

/// Why a board was not saved or opened: facts the panel puts in the page's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The list holds [`MAX_SAVED`] boards already.
    Full,
    /// The board to rename is not in the list (another tab deleted it).
    NoLongerSaved,
    NoName,
    /// The name has this many characters, more than [`MAX_NAME_CHARS`].
    NameTooLong(usize),
    /// The kept link names no board.
    NoBoard,
    /// The kept link could not be read.
    Unreadable(LinkError),
}

impl Kept {
    /// Reads the stored value: `None` (nothing stored yet) is an empty list. A value that is
    /// not this format (corrupt, another version, another app's) is refused with the reason.
    pub fn from_stored(stored: Option<impl Parsed>) -> Result<Kept, Unreadable> {
        let Some(value) = stored else {
            return Ok(Kept::default());
        };
        let Ok(Version { version }) = value.read() else {
            return Err(Unreadable("it is not a list of Hexfair boards".into()));
        };
        if version != FORMAT_VERSION {
            return Err(Unreadable(format!(
                "it was written in format {version}, and this version of Hexfair reads format \
                 {FORMAT_VERSION}"
            )));
        }
        let Stored { saved, history, .. } = value
            .read()
            .map_err(|why| Unreadable(format!("it is damaged: {why}")))?;
        Ok(Kept { saved, history }.bounded())
    }

    /// The value to store.
    pub fn to_stored(&self) -> Stored {
        Stored {
            version: FORMAT_VERSION,
            saved: self.saved.clone(),
            history: self.history.clone(),
        }
    }

    /// The caps applied to a value edited by hand or written by a looser release.
    fn bounded(mut self) -> Kept {
        self.saved.truncate(MAX_SAVED);
        self.history.truncate(MAX_HISTORY);
        for saved in &mut self.saved {
            saved.name = saved.name.chars().take(MAX_NAME_CHARS).collect();
        }
        self
    }

    /// Saves the board of `query` as `name`, first in the list. A board saved already is
    /// renamed and moved to the top rather than kept twice.
    pub fn save(&mut self, name: &str, query: &str, at: u64) -> Result<(), Refused> {
        let name = checked_name(name)?;
        openable(query)?;
        let earlier = self.saved.iter().position(|s| s.query == query);
        if earlier.is_none() && self.saved.len() >= MAX_SAVED {
            return Err(Refused::Full);
        }
        if let Some(at) = earlier {
            self.saved.remove(at);
        }
        self.saved.insert(
            0,
            Saved {
                name,
                query: query.to_string(),
                at,
            },
        );
        Ok(())
    }

    /// Renames the saved board of `query`; its place in the list stays.
    pub fn rename(&mut self, query: &str, name: &str) -> Result<(), Refused> {
        let name = checked_name(name)?;
        let saved = self
            .saved
            .iter_mut()
            .find(|s| s.query == query)
            .ok_or(Refused::NoLongerSaved)?;
        saved.name = name;
        Ok(())
    }

    /// Deletes the saved board of `query`; true if there was one.
    pub fn delete(&mut self, query: &str) -> bool {
        let before = self.saved.len();
        self.saved.retain(|s| s.query != query);
        self.saved.len() != before
    }

    /// Notes that the board of `query` was shown: first in the history, once, the oldest
    /// dropped past [`MAX_HISTORY`]. Returns whether anything changed.
    pub fn record(&mut self, query: &str, at: u64) -> bool {
        if openable(query).is_err() {
            return false;
        }
        if self.history.first().is_some_and(|s| s.query == query) {
            return false;
        }
        self.history.retain(|s| s.query != query);
        self.history.insert(
            0,
            Seen {
                query: query.to_string(),
                at,
            },
        );
        self.history.truncate(MAX_HISTORY);
        true
    }

    /// The saved board of `query`, if it is saved.
    pub fn saved_as(&self, query: &str) -> Option<&Saved> {
        self.saved.iter().find(|s| s.query == query)
    }
}

/// A name trimmed of surrounding spaces, or why it cannot be one.
fn checked_name(name: &str) -> Result<String, Refused> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Refused::NoName);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(Refused::NameTooLong(chars));
    }
    // Line breaks and other control characters would make the list unreadable.
    Ok(name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect())
}

/// The board a kept query shows, or why it cannot be shown (in words that suit a kept board,
/// not the address bar).
pub fn open(query: &str) -> Result<Link, Refused> {
    match share::decode(query) {
        Ok(Some(link)) => Ok(link),
        Ok(None) => Err(Refused::NoBoard),
        Err(error) => Err(Refused::Unreadable(error)),
    }
}

fn openable(query: &str) -> Result<(), Refused> {
    open(query).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::balance::search::Mode;
    use hexfair::generate::{generate, Settings};

    fn query(seed: u64) -> String {
        let settings = Settings::default();
        let board = generate(&settings, seed).unwrap();
        share::encode(&settings, Mode::Balanced, seed, &board)
    }

    fn names(kept: &Kept) -> Vec<&str> {
        kept.saved.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn saved_boards_are_newest_first_and_a_board_is_saved_once() {
        let mut kept = Kept::default();
        kept.save("Friday", &query(1), 10).unwrap();
        kept.save("  Sunday  ", &query(2), 20).unwrap();
        assert_eq!(names(&kept), ["Sunday", "Friday"], "names are trimmed");
        // Saving the same board again renames it and brings it to the top.
        kept.save("Friday, again", &query(1), 30).unwrap();
        assert_eq!(names(&kept), ["Friday, again", "Sunday"]);
        assert_eq!(kept.saved[0].at, 30);
        assert_eq!(kept.saved_as(&query(2)).unwrap().name, "Sunday");
        assert_eq!(kept.saved_as(&query(3)), None);
    }

    #[test]
    fn rename_keeps_the_place_and_delete_removes_only_that_board() {
        let mut kept = Kept::default();
        for seed in 1..=3 {
            kept.save(&format!("game {seed}"), &query(seed), seed)
                .unwrap();
        }
        kept.rename(&query(2), "the close one").unwrap();
        assert_eq!(names(&kept), ["game 3", "the close one", "game 1"]);
        assert!(kept.rename(&query(9), "x").is_err());
        assert!(kept.delete(&query(2)));
        assert!(!kept.delete(&query(2)), "deleted already");
        assert_eq!(names(&kept), ["game 3", "game 1"]);
    }

    #[test]
    fn a_bad_name_or_link_is_refused_and_changes_nothing() {
        let mut kept = Kept::default();
        kept.save("first", &query(1), 1).unwrap();
        let before = kept.clone();
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        for (name, link) in [
            ("   ", query(2)),
            (long.as_str(), query(2)),
            ("fine", "b=not-a-token".to_string()),
            ("fine", String::new()),
        ] {
            assert!(kept.save(name, &link, 2).is_err());
            assert_eq!(kept, before, "{name:?} {link:?}");
        }
        assert_eq!(
            kept.save(&long, &query(2), 2),
            Err(Refused::NameTooLong(MAX_NAME_CHARS + 1))
        );
        assert!(kept.rename(&query(1), "").is_err());
        assert_eq!(kept, before);
        // The longest name is fine, counted in characters, not bytes.
        let longest = "é".repeat(MAX_NAME_CHARS);
        kept.save(&longest, &query(2), 2).unwrap();
        assert_eq!(kept.saved[0].name, longest);
        kept.rename(&query(2), "two\nlines").unwrap();
        assert_eq!(kept.saved[0].name, "two lines");
    }

    #[test]
    fn saving_stops_at_the_cap_but_a_saved_board_can_still_be_renamed_by_saving() {
        let mut kept = Kept::default();
        for seed in 0..MAX_SAVED as u64 {
            kept.save(&format!("b{seed}"), &query(seed), seed).unwrap();
        }
        let full = kept.clone();
        assert_eq!(kept.save("one more", &query(999), 999), Err(Refused::Full));
        assert_eq!(kept, full);
        kept.save("renamed", &query(0), 1000).unwrap();
        assert_eq!(kept.saved.len(), MAX_SAVED);
        assert_eq!(kept.saved[0].name, "renamed");
    }

    #[test]
    fn history_is_newest_first_once_each_and_capped() {
        let mut kept = Kept::default();
        for seed in 0..(MAX_HISTORY as u64 + 5) {
            assert!(kept.record(&query(seed), seed));
        }
        assert_eq!(kept.history.len(), MAX_HISTORY);
        assert_eq!(kept.history[0].query, query(MAX_HISTORY as u64 + 4));
        assert_eq!(
            kept.history.last().unwrap().query,
            query(5),
            "the oldest went"
        );
        // Showing an earlier board again moves it to the top instead of keeping it twice.
        assert!(kept.record(&query(20), 100));
        assert_eq!(kept.history.len(), MAX_HISTORY);
        assert_eq!(
            (kept.history[0].query.as_str(), kept.history[0].at),
            (query(20).as_str(), 100)
        );
        assert_eq!(
            kept.history.iter().filter(|s| s.query == query(20)).count(),
            1
        );
        // The board already on top, or a link that shows no board, changes nothing.
        let before = kept.clone();
        assert!(!kept.record(&query(20), 200));
        assert!(!kept.record("v=1&seed=", 200));
        assert_eq!(kept, before);
    }

    /// The value as JSON text, as the page stores it.
    fn stored_text(kept: &Kept) -> String {
        serde_json::to_string(&kept.to_stored()).unwrap()
    }

    fn read_text(text: &str) -> Result<Kept, Unreadable> {
        Kept::from_stored(Some(text))
    }

    #[test]
    fn the_stored_json_round_trips_and_opens_the_same_board() {
        let mut kept = Kept::default();
        kept.save("Friday \"quoted\" ☺", &query(7), 1_700_000_000_000)
            .unwrap();
        kept.record(&query(7), 1_700_000_000_001);
        kept.record(&query(8), 1_700_000_000_002);
        let json = stored_text(&kept);
        assert!(
            json.starts_with(r#"{"version":1,"saved":[{"name":"#),
            "{json}"
        );
        assert_eq!(read_text(&json), Ok(kept.clone()));
        let opened = open(&kept.saved[0].query).unwrap();
        let settings = Settings::default();
        assert_eq!(opened.board, Some(generate(&settings, 7).unwrap()));
        assert_eq!((opened.seed, opened.mode), (7, Mode::Balanced));
        assert_eq!(Kept::from_stored(None::<&str>), Ok(Kept::default()));
    }

    #[test]
    fn an_unreadable_value_is_refused_with_its_reason() {
        for (value, reason) in [
            ("", "it is not a list of Hexfair boards"),
            ("null", "it is not a list of Hexfair boards"),
            ("{not json", "it is not a list of Hexfair boards"),
            ("[1,2,3]", "it is not a list of Hexfair boards"),
            (r#""hello""#, "it is not a list of Hexfair boards"),
            (r#"{"theme":"dark"}"#, "it is not a list of Hexfair boards"),
            (r#"{"version":"1"}"#, "it is not a list of Hexfair boards"),
            (r#"{"version":1.5}"#, "it is not a list of Hexfair boards"),
            (
                r#"{"version":2,"saved":[],"history":[]}"#,
                "it was written in format 2, and this version of Hexfair reads format 1",
            ),
            (r#"{"version":1}"#, "it is damaged: missing field `saved`"),
            (
                r#"{"version":1,"saved":[{"name":3}],"history":[]}"#,
                "it is damaged: invalid type: integer `3`, expected a string",
            ),
            (
                r#"{"version":1,"saved":"x"}"#,
                "it is damaged: invalid type: string",
            ),
            (
                r#"{"version":1,"saved":[],"history":[{"query":"b=1","at":-2}]}"#,
                "it is damaged: invalid value: integer `-2`, expected u64",
            ),
        ] {
            let Unreadable(why) = read_text(value).unwrap_err();
            assert!(why.starts_with(reason), "{value}: {why}");
        }
    }

    /// What the release before serde-wasm-bindgen wrote (format 1, by serde_json, then by
    /// its own writer byte for byte the same): names with quotes, backslashes, control
    /// characters, accents and emoji.
    const WRITTEN_BEFORE: &str = concat!(
        r#"{"version":1,"saved":[{"name":"Ana's \"big\" game \\ 5-6","query":"b=AAA","at":1700000000000},"#,
        r#"{"name":"tab\there\u0001 é ☺ 😀 ÆØÅ 日本","query":"b=B\"C","at":0}],"#,
        r#""history":[{"query":"b=AAA","at":9007199254740991},{"query":"","at":1}]}"#
    );

    #[test]
    fn what_earlier_releases_wrote_reads_as_it_did_and_is_written_again_byte_for_byte() {
        let kept = Kept {
            saved: vec![
                Saved {
                    name: "Ana's \"big\" game \\ 5-6".into(),
                    query: "b=AAA".into(),
                    at: 1_700_000_000_000,
                },
                Saved {
                    name: "tab\there\u{1} é ☺ 😀 ÆØÅ 日本".into(),
                    query: "b=B\"C".into(),
                    at: 0,
                },
            ],
            history: vec![
                Seen {
                    query: "b=AAA".into(),
                    // The latest time a JavaScript number holds exactly.
                    at: (1 << 53) - 1,
                },
                Seen {
                    query: String::new(),
                    at: 1,
                },
            ],
        };
        assert_eq!(read_text(WRITTEN_BEFORE), Ok(kept.clone()));
        assert_eq!(stored_text(&kept), WRITTEN_BEFORE);
    }

    #[test]
    fn unknown_fields_spacing_and_any_escapes_are_read() {
        let value = r#"
            {
              "theme": {"dark": true, "sizes": [1.5, -2e10, null, false, "x"]},
              "version": 1,
              "saved": [
                { "at": 42, "extra": [[{}]], "query": "b\u003dAAA", "name": "\ud83d\ude00 \u00e9\/\b\f\n\r\t" }
              ],
              "history": [ ],
              "written": "by hand"
            }
        "#;
        let kept = read_text(value).unwrap();
        assert_eq!(kept.saved[0].name, "😀 é/\u{8}\u{c}\n\r\t");
        assert_eq!(kept.saved[0].query, "b=AAA");
        assert_eq!(kept.saved[0].at, 42);
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod any_value {
        use super::*;
        use proptest::prelude::*;

        fn any_kept() -> impl Strategy<Value = Kept> {
            let saved = (any::<String>(), any::<String>(), any::<u64>())
                .prop_map(|(name, query, at)| Saved { name, query, at });
            let seen = (any::<String>(), any::<u64>()).prop_map(|(query, at)| Seen { query, at });
            (
                prop::collection::vec(saved, 0..5),
                prop::collection::vec(seen, 0..5),
            )
                .prop_map(|(saved, history)| Kept { saved, history })
        }

        proptest! {
            #[test]
            fn any_kept_value_reads_back_within_the_caps(kept in any_kept()) {
                prop_assert_eq!(read_text(&stored_text(&kept)), Ok(kept.clone().bounded()));
            }

            #[test]
            fn any_text_is_read_or_refused_in_words_without_a_panic(text in ".*") {
                if let Err(Unreadable(why)) = read_text(&text) {
                    prop_assert!(why.starts_with("it "), "{}", why);
                }
            }
        }
    }

    #[test]
    fn a_value_past_the_caps_is_cut_to_them() {
        let long_name = "n".repeat(100);
        let stored = Kept {
            saved: (0..MAX_SAVED as u64 + 3)
                .map(|seed| Saved {
                    name: long_name.clone(),
                    query: format!("b={seed}"),
                    at: seed,
                })
                .collect(),
            history: (0..MAX_HISTORY as u64 + 3)
                .map(|seed| Seen {
                    query: format!("b={seed}"),
                    at: seed,
                })
                .collect(),
        };
        let kept = read_text(&stored_text(&stored)).unwrap();
        assert_eq!(
            (kept.saved.len(), kept.history.len()),
            (MAX_SAVED, MAX_HISTORY)
        );
        assert!(kept
            .saved
            .iter()
            .all(|s| s.name.chars().count() == MAX_NAME_CHARS));
        // A kept link that no longer reads says so instead of failing the list.
        assert!(matches!(
            open(&kept.saved[0].query),
            Err(Refused::Unreadable(_))
        ));
    }
}
