//! The page's words: the tables of `hexfair_words` (one a language, the command line's
//! English the page's), and how a view takes a text as its own. How to add a word or a
//! language: docs/app.md#languages.

pub use hexfair_words::table::*;

/// The page's words as a request to the play worker carries them (`Words::joined`: every
/// text in the keys' order, each ended by a NUL): the worker does not carry the page's
/// English table (20 KB of its wasm, 7 KB gzip).
pub fn joined_words(lang: Lang, joined: &str) -> Result<Words, Incomplete> {
    Words::read(
        lang,
        joined.split_terminator('\0').map(|t| Some(t.to_string())),
    )
}

/// A text as a Yew view takes it.
#[cfg(target_arch = "wasm32")]
pub trait Text<K> {
    /// The text of `key` as an attribute or a node: the compiled-in English borrowed, a
    /// language file's shared. One function for every place a word shows, so each place is a
    /// call rather than its own copy of the conversion.
    fn text(&self, key: K) -> yew::AttrValue;
}

#[cfg(target_arch = "wasm32")]
impl<K: TableKey> Text<K> for Table<K> {
    #[inline(never)]
    fn text(&self, key: K) -> yew::AttrValue {
        match self.kept(key) {
            std::borrow::Cow::Borrowed(text) => yew::AttrValue::Static(text),
            std::borrow::Cow::Owned(text) => yew::AttrValue::from(text.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loading_view_says_in_english_what_the_english_table_says() {
        let page = include_str!("../../index.html");
        let english = Words::english();
        for key in [
            Key::LoadingBoard,
            Key::LoadingSlow,
            Key::LoadingApp,
            Key::NewVersion,
        ] {
            assert!(page.contains(english.get(key)), "{}", key.name());
        }
    }
}
