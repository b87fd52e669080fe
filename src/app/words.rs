//! Every word the page shows, through one table per language. English is compiled in
//! (`words/english.rs`); German, Spanish and French are `lang/LANG.json` files beside the
//! page, fetched only when the device or the player picks that language, read by the
//! browser's own JSON and looked up key by key here, so four languages cost the first visit
//! one. A table that lacks a key or has one too many is refused whole (the page stays in
//! English and says so): a key never shows on screen and nothing falls back silently. The
//! native tests read every JSON file against the English table (`every_language_has_every_key`).
//!
//! Words with numbers are templates with named slots, `{count}`, filled by [`Words::fill`];
//! each language's template for a key has exactly the English one's slots (tested). A word
//! that changes with a count has a key for one and a key for more
//! ([`Words::counted`]). Plain Rust, so its tests run natively (`src/lib.rs`).
//!
//! How to add a word: a line in `words/english.rs` (`KeyName = "English text",`), the same key
//! in each `lang/*.json`, and `words.get(Key::KeyName)` (or `fill`) in the component, which
//! has the table from [`super::use_words`]. How to add a language: docs/languages.md.

use std::borrow::Cow;
use std::fmt::Display;

#[path = "words/english.rs"]
mod english;

pub use english::Key;

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

/// One language's table: a text for every [`Key`], in the key's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Words {
    pub lang: Lang,
    texts: Vec<Cow<'static, str>>,
}

/// Why a language's table was refused: the keys it lacks and the count of keys it has.
#[derive(Clone, Debug, PartialEq)]
pub struct Incomplete {
    pub missing: Vec<&'static str>,
    pub extra: usize,
}

impl Words {
    pub fn english() -> Words {
        Words {
            lang: Lang::En,
            texts: english::ENGLISH.iter().map(|&t| Cow::Borrowed(t)).collect(),
        }
    }

    /// A table read key by key through `look` (the browser's parsed JSON, or serde_json in
    /// the tests), which holds `count` keys in all: refused if any key is missing or any
    /// other key is there.
    pub fn read(
        lang: Lang,
        count: usize,
        look: impl Fn(&str) -> Option<String>,
    ) -> Result<Words, Incomplete> {
        let mut texts = Vec::with_capacity(Key::ALL.len());
        let mut missing = Vec::new();
        for key in Key::ALL {
            match look(key.name()) {
                Some(text) => texts.push(Cow::Owned(text)),
                None => missing.push(key.name()),
            }
        }
        let extra = count.saturating_sub(texts.len());
        if missing.is_empty() && extra == 0 {
            Ok(Words { lang, texts })
        } else {
            Err(Incomplete { missing, extra })
        }
    }

    /// The text of `key`.
    pub fn get(&self, key: Key) -> &str {
        &self.texts[key as usize]
    }

    /// The text of `key` with each `{slot}` replaced by its value.
    pub fn fill(&self, key: Key, slots: &[(&str, &dyn Display)]) -> String {
        let mut out = self.get(key).to_string();
        for (name, value) in slots {
            out = out.replace(&format!("{{{name}}}"), &value.to_string());
        }
        out
    }

    /// `one` when `count` is 1, else `many`, with `{count}` filled in.
    pub fn counted(&self, count: usize, one: Key, many: Key) -> String {
        let key = if count == 1 { one } else { many };
        self.fill(key, &[("count", &count)])
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{slot}` names in a template, in order.
    fn slots(template: &str) -> Vec<&str> {
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

    fn table(lang: Lang) -> Words {
        let path = format!("{}/lang/{}.json", env!("CARGO_MANIFEST_DIR"), lang.code());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let json: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (key, value) in &json {
            assert!(value.is_string(), "{path}: {key} is not a text");
        }
        Words::read(lang, json.len(), |key| {
            json.get(key).and_then(|v| v.as_str()).map(str::to_string)
        })
        .unwrap_or_else(|e| panic!("{path}: {e:?}"))
    }

    #[test]
    fn every_language_has_every_key_with_the_english_slots() {
        let english = Words::english();
        for lang in Lang::ALL.into_iter().skip(1) {
            let words = table(lang);
            for &key in Key::ALL {
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

    #[test]
    fn the_loading_view_says_in_english_what_the_english_table_says() {
        let page = include_str!("../../index.html");
        let english = Words::english();
        for key in [Key::LoadingBoard, Key::LoadingSlow, Key::NewVersion] {
            assert!(page.contains(english.get(key)), "{}", key.name());
        }
    }

    #[test]
    fn a_table_missing_a_key_or_holding_another_is_refused() {
        let english = Words::english();
        let look = |key: &str| {
            Key::ALL
                .iter()
                .find(|k| k.name() == key)
                .map(|&k| english.get(k).to_string())
        };
        assert_eq!(
            Words::read(Lang::De, Key::ALL.len(), look).unwrap().lang,
            Lang::De
        );
        let lacking = Words::read(Lang::De, Key::ALL.len() - 1, |key| {
            (key != Key::ALL[3].name()).then(|| look(key)).flatten()
        });
        assert_eq!(lacking.unwrap_err().missing, vec![Key::ALL[3].name()]);
        let more = Words::read(Lang::De, Key::ALL.len() + 1, look);
        assert_eq!(more.unwrap_err().extra, 1);
    }

    #[test]
    fn slots_are_filled_and_counted() {
        let words = Words::english();
        assert_eq!(slots("{count} of {all}"), ["count", "all"]);
        // Every English template's slots are names, never a stray brace.
        for &key in Key::ALL {
            let text = words.get(key);
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
        // Key names are unique (JSON objects would silently keep the last of two).
        let mut names: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Key::ALL.len());
    }
}
