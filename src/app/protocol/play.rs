//! What the page and its play worker say to each other, as serde types carried by
//! serde-wasm-bindgen like the search worker's ([`super::search`]): the page sends
//! [`ToPlayer`] (a [`PlayRequest`]: the board on screen as a share token, the seats, the
//! games and the seed), the worker sends [`FromPlayer`] (that it listens, how far it is, the
//! report's [`Tally`] or the start chosen, or why there is none). It also draws QR codes for
//! the Saved tab ([`ToPlayer::QrCode`]): the encoder is 13 KB gzip of wasm that the first
//! visit need not download (docs/download.md).
//!
//! The play worker is a wasm module of its own (`src/bin/hexfair-play.rs`), loaded after the
//! first board is on screen: the simulator is not in the page's wasm, so the first visit does
//! not download it (docs/download.md). Its loop is [`super::player`], the page's side
//! [`super::postbox`].

use serde::{Deserialize, Serialize};

use hexfair::play::playtest::wilson;
use hexfair::play::PlayReport;

/// A play-test the page asks for: the board of `token` (a share token) at `seats` seats,
/// `games` games from `seed`, varied players ([`super::player::CHANCES_TABLE`], as `hexfair playtest`'s
/// default).
/// Its id names the replies, so those to a request since replaced are told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayRequest {
    pub id: u64,
    pub token: String,
    pub seats: usize,
    pub games: u32,
    pub seed: u64,
}

/// What the page says to its play worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToPlayer {
    PlayTest(PlayRequest),
    /// Choose the fair start of a board by play ([`hexfair::play::fair_start`]), from `seed`,
    /// then play `games` fresh games from it from `seed` (`hexfair playtest --start play`);
    /// it replaces a start under way, and goes before a play-test.
    Start(PlayRequest),
    /// The QR code of a link (the Saved tab's): the encoder is in the play worker's module,
    /// not the page's.
    QrCode {
        url: String,
    },
    /// The build guide of the board on screen, worded in the page's language.
    Guide(GuideRequest),
    /// The board on the table as the table has entered it so far.
    Entry(EntryRequest),
}

/// The build guide of a board: laid out by [`hexfair::guide`] and worded by the app's guide
/// tables here in the worker, so that neither the guide nor its words are in the first
/// visit's download (docs/download.md). The page draws the steps it is sent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GuideRequest {
    pub id: u64,
    /// The board, as a share token.
    pub token: String,
    pub players: usize,
    /// Sixths of a turn clockwise, as the board is shown (the far side of the table in
    /// table mode is 3 more): rows and "round the board" are read from that side.
    pub turns: usize,
    /// The page's language code (`Lang::code`).
    pub lang: String,
    /// The page's words in that language, every text of its table in the keys' order, each
    /// ended by a NUL (`Words::joined`: the terrain, harbour and piece names the guide
    /// shares with the page), English too: the worker does not carry the page's table.
    pub words: String,
}

/// A build guide as the page shows it: each step's markup (what it is, "Terrain, row 3 of
/// 7", and what to place, a line an item) with the board's cells it places something on
/// (cell indices, lit on the board), and the print sheet's checklist of every step. The
/// worker writes the markup, escaped, from the app's tables; the page shows it as it shows
/// the QR code's SVG. Measured (docs/download.md): the page building the steps from their
/// parts was 4.2 KB gzip of its download, and every type it decodes is code there too, a
/// tuple's the least.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WrittenGuide(pub Vec<(String, Vec<u32>)>, pub String);

impl WrittenGuide {
    /// How many steps it has.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Step `at`'s markup and cells.
    pub fn step(&self, at: usize) -> Option<(&str, &[u32])> {
        self.0
            .get(at)
            .map(|(markup, cells)| (markup.as_str(), cells.as_slice()))
    }

    /// The print sheet's checklist, as markup.
    pub fn checklist(&self) -> &str {
        &self.1
    }
}

/// The board on the table, being entered: every tap so far, which the worker replays from
/// the layout's empty frame (`app::entry`), so that a newer request replaces any before it
/// and the worker keeps nothing between requests. The page keeps the taps (on the device
/// too, so a reload comes back to the entry) and shows the screen the worker writes; neither
/// the screen, its words nor the entry's rules are in the first visit's download
/// (docs/download.md). Strings and numbers only: every type the page encodes or decodes is
/// code in its download (docs/findings.md, 2026-12-03).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryRequest {
    pub id: u64,
    /// The entry as the device keeps it: the layout's name, then each tap's code (as the
    /// screen's markup gave it, `data-tap`), a line each, oldest first.
    pub kept: String,
    /// Whether the last tap was Show this board.
    pub show: bool,
    /// The board on screen's link (its query): the table's rules, which a board shown is
    /// held to (those it breaks are named, and off for it), mode and players, which it is
    /// linked with.
    pub link: String,
    /// The seed the board shown is linked with: the one Regenerate draws next (the board's
    /// own is its link).
    pub seed: u64,
    /// Sixths of a turn clockwise, as the board is shown.
    pub turns: usize,
    /// The page's language code and its words, as a guide request carries them.
    pub lang: String,
    pub words: String,
}

/// How a tap's code starts when it carries the numbers typed for the spiral (the rest is
/// the text as typed): the page sends the text box's value so, and the worker reads it.
pub const TYPED_TAP: &str = "typed:";

/// What the play worker says to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FromPlayer {
    /// It listens: messages posted before this found no handler and were lost.
    Ready,
    /// Request `id` has played `done` games of `total` (a start: its work, counted in games).
    Progress { id: u64, done: u32, total: u32 },
    /// Request `id` is over: each seat's wins, or why it cannot be played (the engine's
    /// refusal as data: the page never sends such a request).
    Played {
        id: u64,
        result: Result<Tally, String>,
    },
    /// A start is chosen: each seat's two settlements (corner numbers, seat 1's first and
    /// second, then seat 2's...) and the fresh games from it; or why there is none (in
    /// words, the settlements then empty). The shapes of a tally's: every type the page
    /// decodes is code in its download, and a tuple's is the least.
    StartChosen(u64, Vec<u32>, Result<Tally, String>),
    /// The QR code of `url` as SVG, or `None` if the link is too long for one.
    QrCode { url: String, svg: Option<String> },
    /// The guide of request `id`, or why there is none (in the page's words).
    Guide(u64, Result<WrittenGuide, String>),
    /// The entry of request `id`: the screen's markup; or, with the board's share token,
    /// the notice of the board shown (the table's settings less the rules it breaks, which
    /// the notice names with the hexes where).
    Entry(u64, String, Option<String>),
}

/// What the page shows of a [`PlayReport`]: the games, those without a winner, and each
/// seat's wins (in turn order), from which its share and interval follow as the report
/// works them out. Only what is shown crosses to the page: every type the page decodes is
/// code in the first visit's download (docs/download.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u32,
    pub no_winner: u32,
    pub wins: Vec<u32>,
}

impl Tally {
    pub fn of(report: &PlayReport) -> Tally {
        Tally {
            games: report.games,
            no_winner: report.no_winner,
            wins: report.seats.iter().map(|s| s.wins).collect(),
        }
    }

    /// Seat `seat`'s (0-based) share of the games.
    pub fn share(&self, seat: usize) -> f64 {
        f64::from(self.wins[seat]) / f64::from(self.games.max(1))
    }

    /// The 95% Wilson interval of seat `seat`'s share, as the report has it.
    pub fn interval(&self, seat: usize) -> (f64, f64) {
        wilson(self.wins[seat], self.games)
    }
}

#[cfg(test)]
mod tests {
    use super::super::through_json;
    use super::*;

    #[test]
    fn messages_keep_their_shape() {
        // The shapes the browser test and the benchmark post by hand.
        let value = serde_json::to_value(ToPlayer::PlayTest(PlayRequest {
            id: 1,
            token: "T".into(),
            seats: 4,
            games: 2000,
            seed: 1,
        }))
        .unwrap();
        assert_eq!(
            value,
            serde_json::json!({"play-test": {"id": 1, "token": "T", "seats": 4, "games": 2000, "seed": 1}})
        );
        assert_eq!(
            serde_json::to_value(FromPlayer::Ready).unwrap(),
            serde_json::json!("ready")
        );
        let played = FromPlayer::Played {
            id: 3,
            result: Ok(Tally {
                games: 10,
                no_winner: 1,
                wins: vec![5, 4],
            }),
        };
        assert_eq!(
            serde_json::to_value(&played).unwrap(),
            serde_json::json!({"played": {"id": 3, "result": {"Ok": {"games": 10, "no_winner": 1, "wins": [5, 4]}}}})
        );
        assert_eq!(through_json(&played), played);
    }
}
