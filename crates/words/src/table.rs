//! Every word the page and the command line show, through one table per language. English
//! is compiled in (`table/english.rs`); German, Spanish and French are `lang/LANG.json` files
//! (copied beside the page), fetched only when the device or the player picks that language, read by the
//! browser's own JSON and taken here in order (the page carries no key names), so four
//! languages cost the first visit one. A table with a text too few or too many is refused
//! whole (the page stays in English and says so): a key never shows on screen and nothing
//! falls back silently. The native tests read every JSON file against the English table, key
//! by key and in its order (`every_language_has_every_key_with_the_english_slots`).
//!
//! Words with numbers are templates with named slots, `{count}`, filled by [`Table::fill`];
//! each language's template for a key has exactly the English one's slots (tested). A word
//! that changes with a count has a key for one and a key for more
//! ([`Table::counted`]).
//!
//! The build guide's sentences are a second table of the same kind ([`Table`] over its own
//! keys, `guide_words.rs`), worded in the play worker: one table's code serves both, and the
//! page links only its own keys' English.
//!
//! How to add a word: a line in `table/english.rs` (`KeyName = "English text",`), the same key
//! in each `crates/words/lang/*.json`, and `words.get(Key::KeyName)` (or `fill`) where it is
//! said: a page's component (`words.text`), a name here, the command line. How to add a
//! language: docs/app.md#languages.

use std::borrow::Cow;
use std::fmt::Display;
use std::marker::PhantomData;
use std::rc::Rc;

use hexfair::fixed::Fixed;

mod english;

pub use english::Key;

/// Declares a table's keys, their names (the JSON keys) and the English texts, in one list
/// so they cannot drift apart: `table! { /// doc  KeyType { Name = "English", ... } }`. The
/// calling module has [`TableKey`] in scope.
macro_rules! table {
    ($(#[$doc:meta])* $keys:ident { $($key:ident = $english:expr,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $keys {
            $($key,)*
        }

        /// The keys' names, as the language files write them, in this order: the tests'
        /// only, as a table is read from a file's texts in order (so the names cost no bytes).
        #[cfg(any(test, feature = "checks"))]
        const NAMES: &[&str] = &[$(stringify!($key),)*];

        impl $keys {
            pub const ALL: &'static [$keys] = &[$($keys::$key,)*];

            /// The key as it is written in the language files.
            #[cfg(any(test, feature = "checks"))]
            pub fn name(self) -> &'static str {
                NAMES[self as usize]
            }
        }

        impl TableKey for $keys {
            const ALL: &'static [$keys] = $keys::ALL;
            // One string rather than a slice of them, as the slice's pointers and lengths
            // were 1 KB gzip of the page's wasm (docs/download.md).
            const ENGLISH: &'static str = concat!($($english, "\0",)*);

            fn index(self) -> usize {
                self as usize
            }

            #[cfg(any(test, feature = "checks"))]
            fn name(self) -> &'static str {
                NAMES[self as usize]
            }
        }
    };
}
pub(crate) use table;

/// The keys of one table: every key in order, and their English texts.
pub trait TableKey: Copy + 'static {
    /// Every key, in the order of the texts (the language files' order).
    const ALL: &'static [Self];
    /// The English texts in the keys' order, each ended by a NUL (which no text has).
    const ENGLISH: &'static str;

    /// The key's place in [`TableKey::ALL`].
    fn index(self) -> usize;

    /// The key as it is written in the language files.
    #[cfg(any(test, feature = "checks"))]
    fn name(self) -> &'static str;
}

/// The page's languages: the first is compiled in, the others are fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    De,
    Es,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::De, Lang::Es, Lang::Fr];

    /// The BCP 47 code: `<html lang>`, the stored choice, the file `lang/CODE.json`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Fr => "fr",
        }
    }

    /// The language in its own words, as a language menu names it in every language.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
            Lang::Fr => "Français",
        }
    }

    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// One language's table: a text for every key `K`, in the keys' order. Cheap to clone (the
/// texts are shared), so every component takes it as a prop.
#[derive(Clone, Debug)]
pub struct Table<K> {
    pub lang: Lang,
    texts: Rc<[Cow<'static, str>]>,
    keys: PhantomData<K>,
}

/// The page's words.
pub type Words = Table<Key>;

/// A language has one table of a kind once loaded: the language says whether two are the
/// same, so a component's props compare in one step.
impl<K> PartialEq for Table<K> {
    fn eq(&self, other: &Table<K>) -> bool {
        self.lang == other.lang
    }
}

/// Why a language's table was refused: how many texts it has, of how many, and how many of
/// them are not texts.
#[derive(Clone, Debug, PartialEq)]
pub struct Incomplete {
    pub texts: usize,
    pub wanted: usize,
    pub not_texts: usize,
}

impl Incomplete {
    /// In English, as a reason inside the page's "could not be loaded (...)" sentence.
    pub fn reason(&self) -> String {
        format!("it has {} of the {} words", self.texts, self.wanted)
    }
}

impl<K: TableKey> Table<K> {
    pub fn english() -> Table<K> {
        Table {
            lang: Lang::En,
            texts: K::ENGLISH
                .split_terminator('\0')
                .map(Cow::Borrowed)
                .collect(),
            keys: PhantomData,
        }
    }

    /// A table from a language file's texts in the file's order, which is the keys' order
    /// (the tests hold every file to it, and JSON objects keep their keys' order): refused
    /// whole if it has more or fewer than the page's keys, or something that is not a text.
    /// The page reads no key names: the names would be 1.7 KB gzip of its download.
    pub fn read(
        lang: Lang,
        texts: impl IntoIterator<Item = Option<String>>,
    ) -> Result<Table<K>, Incomplete> {
        let mut read = Vec::with_capacity(K::ALL.len());
        let mut not_texts = 0;
        for text in texts {
            match text {
                Some(text) => read.push(Cow::Owned(text)),
                None => not_texts += 1,
            }
        }
        if read.len() != K::ALL.len() || not_texts > 0 {
            return Err(Incomplete {
                texts: read.len(),
                wanted: K::ALL.len(),
                not_texts,
            });
        }
        Ok(Table {
            lang,
            texts: read.into(),
            keys: PhantomData,
        })
    }

    /// Every text in the keys' order, each ended by a NUL, as the English table is compiled
    /// in: how the page hands its words to the play worker (one string crosses as one value).
    pub fn joined(&self) -> String {
        let mut out = String::new();
        for text in self.texts.iter() {
            out.push_str(text);
            out.push('\0');
        }
        out
    }

    /// The text of `key`.
    pub fn get(&self, key: K) -> &str {
        &self.texts[key.index()]
    }

    /// The text of `key` as it is kept: borrowed from the compiled-in English, or a
    /// language file's own. The page's views take it as theirs without a copy of the English.
    pub fn kept(&self, key: K) -> &Cow<'static, str> {
        &self.texts[key.index()]
    }

    /// The text of `key` with each `{slot}` replaced by its value.
    pub fn fill(&self, key: K, slots: &[(&str, &dyn Display)]) -> String {
        filled(self.get(key), slots)
    }

    /// `one` when `count` is 1, else `many`, with `{count}` filled in.
    pub fn counted(&self, count: usize, one: K, many: K) -> String {
        let key = if count == 1 { one } else { many };
        self.fill(key, &[("count", &count)])
    }
}

/// `template` with each `{slot}` replaced by its value: one copy for every kind of table.
fn filled(template: &str, slots: &[(&str, &dyn Display)]) -> String {
    let mut out = template.to_string();
    for (name, value) in slots {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

impl Words {
    /// `value` with `places` decimals and the language's decimal mark: "0.125" in English,
    /// "0,125" in German, Spanish and French. Every number with decimals that the page shows
    /// a player is written here (the score and its factors, the target dial, the PNG's
    /// caption), as every count's digit groups are by `names::grouped` (`DigitGroup`).
    ///
    /// Why the mark is a text of the table (`DecimalMark`) and not the browser's
    /// `Intl.NumberFormat`: the words are tested natively, where there is no `Intl`, and the
    /// first visit's download is near its limit (docs/download.md). The table's mark is one
    /// more text in each language's file and a `replace`; `Intl` would add the binding and a
    /// call into JS for every number, and leave the words it writes untested natively.
    pub fn decimal(&self, value: f64, places: u8) -> String {
        Fixed(value, places)
            .to_string()
            .replace('.', self.get(Key::DecimalMark))
    }

    /// Texts in a sentence: "a", "a and b", "a, b and c" (the language's "and").
    pub fn listed(&self, items: &[String]) -> String {
        match items.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => {
                self.fill(Key::ListAnd, &[("first", &rest.join(", ")), ("last", last)])
            }
        }
    }
}

/// A table of the play worker's (the guide's, the entry's) in `lang` from its file, read by
/// serde_json: `None` is English, which is compiled in. A broken file is a broken build, and
/// the tests read every one; the worker reads the same file with the browser's JSON.
pub fn from_file<K: TableKey>(lang: Lang, file: Option<&str>) -> Result<Table<K>, String> {
    let Some(json) = file else {
        return Ok(Table::english());
    };
    let entries = json_entries(json)?;
    Table::read(lang, entries.into_iter().map(|(_, text)| text)).map_err(|e| e.reason())
}

/// A language file's texts in the file's order, natively, as the browser's `JSON.parse` and
/// `Object.values` give them in the page: for the tests, and the play worker's guide words
/// natively. serde_json's own map sorts the keys, so the entries are read one by
/// one. `None` for a value that is not a text.
pub fn json_entries(text: &str) -> Result<Vec<(String, Option<String>)>, String> {
    struct Entries(Vec<(String, serde_json::Value)>);

    impl<'de> serde::Deserialize<'de> for Entries {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
            struct Visit;
            impl<'de> serde::de::Visitor<'de> for Visit {
                type Value = Entries;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("an object of texts")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut map: A,
                ) -> Result<Entries, A::Error> {
                    let mut entries = Vec::new();
                    while let Some(entry) = map.next_entry()? {
                        entries.push(entry);
                    }
                    Ok(Entries(entries))
                }
            }
            d.deserialize_map(Visit)
        }
    }

    let Entries(entries) = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Ok(entries
        .into_iter()
        .map(|(key, value)| (key, value.as_str().map(str::to_string)))
        .collect())
}

/// The checks every table's language files pass, for this table's tests and the guide's.
#[cfg(any(test, feature = "checks"))]
pub mod checks {
    use super::*;

    /// The `{slot}` names in a template, in order.
    pub fn slots(template: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) => {
                    out.push(&after[..close]);
                    rest = &after[close + 1..];
                }
                None => break,
            }
        }
        out
    }

    /// The table of `lang` in `lang/STEM.json` (`STEM` with `{code}` for the language's
    /// code), holding the file to the English table's keys, once each, in their order.
    pub fn table_file<K: TableKey>(stem: &str, lang: Lang) -> Table<K> {
        let file = stem.replace("{code}", lang.code());
        let path = format!("{}/../../{file}.json", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let json = json_entries(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (key, value) in &json {
            assert!(value.is_some(), "{path}: {key} is not a text");
        }
        let names: Vec<&str> = K::ALL.iter().map(|k| k.name()).collect();
        let theirs: Vec<&str> = json.iter().map(|(k, _)| k.as_str()).collect();
        let missing: Vec<&&str> = names.iter().filter(|n| !theirs.contains(n)).collect();
        let extra: Vec<&&str> = theirs.iter().filter(|k| !names.contains(k)).collect();
        assert!(missing.is_empty(), "{path}: missing {missing:?}");
        assert!(extra.is_empty(), "{path}: not the table's {extra:?}");
        // A table is read from the texts in order: the file's keys are the English table's,
        // once each, in its order.
        assert_eq!(theirs.len(), names.len(), "{path}: a key twice");
        for (i, (theirs, ours)) in theirs.iter().zip(&names).enumerate() {
            assert_eq!(
                theirs, ours,
                "{path}: key {i} out of the English table's order"
            );
        }
        Table::read(lang, json.into_iter().map(|(_, v)| v))
            .unwrap_or_else(|e| panic!("{path}: {e:?}"))
    }

    /// Every language but English has every key of `lang/STEM.json`, none empty, each with
    /// exactly the English text's slots.
    pub fn every_language_has_every_key<K: TableKey>(stem: &str) {
        let english = Table::<K>::english();
        for lang in Lang::ALL.into_iter().skip(1) {
            let words = table_file::<K>(stem, lang);
            for &key in K::ALL {
                let mut theirs = slots(words.get(key));
                let mut ours = slots(english.get(key));
                theirs.sort();
                ours.sort();
                assert_eq!(
                    theirs,
                    ours,
                    "{}: {} has other slots",
                    lang.code(),
                    key.name()
                );
                assert!(
                    !words.get(key).is_empty(),
                    "{}: {} is empty",
                    lang.code(),
                    key.name()
                );
            }
        }
    }

    /// The English table has a text for every key, its slots are names (never a stray
    /// brace), and its key names are unique (JSON objects would silently keep the last of two).
    pub fn english_is_whole<K: TableKey>() {
        let english = Table::<K>::english();
        assert_eq!(english.texts.len(), K::ALL.len());
        for &key in K::ALL {
            let text = english.get(key);
            assert_eq!(
                text.matches('{').count(),
                text.matches('}').count(),
                "{}",
                key.name()
            );
            for slot in slots(text) {
                assert!(
                    !slot.is_empty() && slot.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                    "{}: {{{slot}}}",
                    key.name()
                );
            }
        }
        let mut names: Vec<&str> = K::ALL.iter().map(|k| k.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), K::ALL.len());
    }
}

#[cfg(test)]
mod tests {
    use super::checks::*;
    use super::*;

    #[test]
    fn every_language_has_every_key_with_the_english_slots() {
        every_language_has_every_key::<Key>("crates/words/lang/{code}");
    }

    #[test]
    fn a_table_with_a_text_too_few_or_too_many_is_refused() {
        let english = Words::english();
        let texts = |count: usize| {
            (0..count)
                .map(|i| Some(english.get(Key::ALL[i % Key::ALL.len()]).to_string()))
                .collect::<Vec<_>>()
        };
        let all = Key::ALL.len();
        let whole = Words::read(Lang::De, texts(all)).unwrap();
        assert_eq!(whole.lang, Lang::De);
        assert_eq!(whole.get(Key::Regenerate), "Regenerate");
        let lacking = Words::read(Lang::De, texts(all - 1));
        assert_eq!(
            lacking.unwrap_err(),
            Incomplete {
                texts: all - 1,
                wanted: all,
                not_texts: 0
            }
        );
        assert!(Words::read(Lang::De, texts(all + 1)).is_err());
        let mut not_text = texts(all);
        not_text[5] = None;
        assert_eq!(Words::read(Lang::De, not_text).unwrap_err().not_texts, 1);
    }

    #[test]
    fn the_english_string_has_a_text_for_every_key() {
        english_is_whole::<Key>();
        let english = Words::english();
        assert_eq!(english.get(Key::ListAnd), "{first} and {last}");
        assert_eq!(english.get(Key::Regenerate), "Regenerate");
    }

    #[test]
    fn decimals_have_the_languages_mark() {
        let english = Words::english();
        assert_eq!(english.decimal(0.1234, 3), "0.123");
        assert_eq!(english.decimal(0.5, 2), "0.50");
        assert_eq!(english.decimal(3.0, 0), "3");
        for lang in [Lang::De, Lang::Es, Lang::Fr] {
            let words = table_file::<Key>("crates/words/lang/{code}", lang);
            assert_eq!(words.decimal(0.1234, 3), "0,123", "{}", lang.code());
            assert_eq!(words.decimal(0.5, 2), "0,50", "{}", lang.code());
            assert_eq!(words.decimal(3.0, 0), "3", "{}", lang.code());
        }
    }

    #[test]
    fn slots_are_filled_and_counted() {
        let words = Words::english();
        assert_eq!(slots("{count} of {all}"), ["count", "all"]);
        assert_eq!(
            words.fill(Key::ListAnd, &[("first", &"a, b"), ("last", &3)]),
            "a, b and 3"
        );
        assert_eq!(words.counted(1, Key::RulesOne, Key::RulesMany), "1 rule");
        assert_eq!(words.counted(2, Key::RulesOne, Key::RulesMany), "2 rules");
        assert_eq!(
            words.listed(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
