//! The English table: every key the page uses, with its English text. Each language's
//! `lang/LANG.json` has exactly these keys (tested). Slots in braces (`{count}`) are filled
//! by `Words::fill`; a language may move them but keeps every one.
//!
//! Terms of the game follow the printed English rules (Catan Studio); the other languages'
//! terms and their sources: docs/languages.md.

/// Declares the keys, their names (the JSON keys) and the English texts, in one list so
/// they cannot drift apart.
macro_rules! table {
    ($($key:ident = $english:expr,)*) => {
        /// A word the page shows; `Words::get` gives its text in the page's language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Key {
            $($key,)*
        }

        const NAMES: &[&str] = &[$(stringify!($key),)*];

        pub const ENGLISH: &[&str] = &[$($english,)*];

        impl Key {
            pub const ALL: &'static [Key] = &[$(Key::$key,)*];

            /// The key as it is written in the language files.
            pub fn name(self) -> &'static str {
                NAMES[self as usize]
            }
        }
    };
}

table! {
    // Sentences.
    ListAnd = "{first} and {last}",

    // The header and the actions beside Regenerate.
    SkipToRegenerate = "Skip to Regenerate",
    SeedIs = "Seed ",
    Colours = "Colours",
    ColoursDevice = "◐ Device",
    ColoursLight = "☀ Light",
    ColoursDark = "☾ Dark",
    Language = "Language",
    BoardActions = "Board actions",
    Regenerate = "Regenerate",
    Searching = "Searching…",
    BoardArea = "Board",
    Settings = "Settings",
    TabBoard = "Board",
    TabBalance = "Balance",
    TabRules = "Rules",
    TabSeats = "Seats",
    TabSaved = "Saved",
    LockHint = "Tap a hex to lock it while the rest regenerates.",
    LockedOne = "{count} locked; Regenerate keeps it. Tap the hex again to free it.",
    LockedMany = "{count} locked; Regenerate keeps them. Tap a hex again to free it.",
    Back = "⟲ Back",
    BackTo = "Back to the previous board ({count} kept)",
    BackNone = "Back: no earlier board yet",
    BackNoneWhy = "No earlier board yet: Back returns to the boards shown before this one.",
    Turn = "↻ Turn",
    TurnLabel = "Turn the board",
    Share = "Share",
    ShareLabel = "Share this board",
    Png = "PNG",
    PngLabel = "Download the board as a PNG picture",
    PngCaption = "Hexfair · {board} · seed {seed} · score {score}",
    PngSaved = "Saved {file}.",
    PngFailed = "Could not draw the picture here.",
    ShareTitle = "A Catan board from Hexfair",
    Shared = "Shared.",
    LinkCopied = "Link copied.",
    NotShared = "Not shared.",
    ShareFailed = "Could not share here; copy the address bar instead.",
    WordsFailed = "The {language} words could not be loaded ({why}); the page stays in English.",

    // Typing a seed.
    SeedLabel = "Seed",
    SeedPlaceholder = "e.g. 4242",
    SeedGo = "Go",
    SeedHint = "A seed gives the same board on every phone with the same settings: yours, from these tabs, without locks.",
}
