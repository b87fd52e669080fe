//! The page's side of the play worker ([`Postbox`]): what it wants of the worker is posted
//! once the worker listens, and only once. Plain data, tested natively; the app's hook
//! (`app::play_worker`) only carries the messages.

use super::play::{EntryRequest, FromPlayer, GuideRequest, PlayRequest, ToPlayer};

/// The page's side: the newest start, play-test and QR code, each posted once the worker
/// listens and only once. An older request still under way needs no word when a newer one
/// of its kind replaces it.
#[derive(Clone, Debug, Default)]
pub struct Postbox {
    listening: bool,
    wanted: Wanted,
    posted_start: Option<u64>,
    posted_test: Option<u64>,
    posted_qr: Option<String>,
    posted_guide: Option<u64>,
    posted_entry: Option<u64>,
}

/// `wanted` unless it is the one last posted (named by `key`), which it then is.
fn unposted<T: Clone, K: PartialEq>(
    wanted: &Option<T>,
    key: impl Fn(&T) -> K,
    posted: &mut Option<K>,
) -> Option<T> {
    let wanted = wanted.as_ref()?;
    let named = key(wanted);
    if posted.as_ref() == Some(&named) {
        return None;
    }
    *posted = Some(named);
    Some(wanted.clone())
}

/// What the page wants of its play worker now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wanted {
    /// The fair start of the board on screen, chosen by play.
    pub start: Option<PlayRequest>,
    /// The chances of the board on screen.
    pub test: Option<PlayRequest>,
    /// The QR code of this link.
    pub qr: Option<String>,
    /// The build guide on screen.
    pub guide: Option<GuideRequest>,
    /// The board on the table, as entered so far.
    pub entry: Option<EntryRequest>,
}

impl Postbox {
    /// The page now wants this; what to post, if anything.
    pub fn want(&mut self, wanted: Wanted) -> Vec<ToPlayer> {
        self.wanted = wanted;
        self.post()
    }

    /// Whether the worker listens (it said [`FromPlayer::Ready`]).
    pub fn listening(&self) -> bool {
        self.listening
    }

    /// The worker said `message`; what to post in return, if anything.
    pub fn heard(&mut self, message: &FromPlayer) -> Vec<ToPlayer> {
        match message {
            FromPlayer::Ready => {
                self.listening = true;
                self.post()
            }
            _ => Vec::new(),
        }
    }

    fn post(&mut self) -> Vec<ToPlayer> {
        let mut out = Vec::new();
        if !self.listening {
            return out;
        }
        let Wanted {
            start,
            test,
            qr,
            guide,
            entry,
        } = &self.wanted;
        out.extend(unposted(start, |r| r.id, &mut self.posted_start).map(ToPlayer::Start));
        out.extend(unposted(test, |r| r.id, &mut self.posted_test).map(ToPlayer::PlayTest));
        out.extend(
            unposted(qr, String::clone, &mut self.posted_qr).map(|url| ToPlayer::QrCode { url }),
        );
        out.extend(unposted(guide, |r| r.id, &mut self.posted_guide).map(ToPlayer::Guide));
        out.extend(unposted(entry, |r| r.id, &mut self.posted_entry).map(ToPlayer::Entry));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Request `id`; its board does not matter to the postbox.
    fn request(id: u64, seats: usize) -> PlayRequest {
        PlayRequest {
            id,
            token: format!("T{id}"),
            seats,
            games: 10,
            seed: 1,
        }
    }

    fn wanted(test: Option<&PlayRequest>, qr: Option<&str>) -> Wanted {
        Wanted {
            start: None,
            test: test.cloned(),
            qr: qr.map(str::to_string),
            guide: None,
            entry: None,
        }
    }

    #[test]
    fn the_page_posts_the_newest_requests_once_the_worker_listens() {
        let mut postbox = Postbox::default();
        let (first, second) = (request(1, 4), request(2, 3));
        let qr = |url: &str| ToPlayer::QrCode { url: url.into() };
        assert_eq!(
            postbox.want(wanted(Some(&first), None)),
            [],
            "not listening yet"
        );
        assert_eq!(postbox.want(wanted(Some(&second), Some("a"))), []);
        assert_eq!(
            postbox.heard(&FromPlayer::Progress {
                id: 1,
                done: 1,
                total: 2
            }),
            []
        );
        assert_eq!(
            postbox.heard(&FromPlayer::Ready),
            [ToPlayer::PlayTest(second.clone()), qr("a")],
            "only the newest"
        );
        assert!(postbox.listening());
        assert_eq!(
            postbox.want(wanted(Some(&second), Some("a"))),
            [],
            "posted once"
        );
        assert_eq!(postbox.heard(&FromPlayer::Ready), []);
        let third = request(3, 4);
        assert_eq!(
            postbox.want(wanted(Some(&third), Some("a"))),
            [ToPlayer::PlayTest(third.clone())]
        );
        assert_eq!(postbox.want(wanted(Some(&third), Some("b"))), [qr("b")]);
        assert_eq!(postbox.want(Wanted::default()), []);
    }
}
