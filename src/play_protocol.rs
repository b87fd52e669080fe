//! What the page and its play worker say to each other, as serde types carried by
//! serde-wasm-bindgen like the search worker's ([`crate::worker_protocol`]): the page sends
//! [`ToPlayer`] (a play-test of the board on screen: its share token, the seats, the games and
//! the seed), the worker sends [`FromPlayer`] (that it listens, how far it is, and the
//! [`PlayReport`] or why there is none, in words).
//!
//! The play worker is a wasm module of its own (`src/bin/hexfair-play.rs`), the engine
//! without the app, loaded after the first board is on screen: the simulator is not in the
//! page's wasm, so the first visit does not download it (docs/download.md).
//!
//! Both sides' decisions are plain data here, tested natively: [`Player`] is the worker's
//! (a newer request replaces the one under way between two slices of games, so its figures
//! never come), [`Postbox`] is the page's (the newest request is posted once the worker
//! listens). The browser shells around them (`src/app/play_worker.rs`) only carry messages.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::play::playtest::MAX_GAMES;
use crate::play::{BotKind, PlayReport, PlayTest};
use crate::share;

/// A play-test the page asks for: the board of `token` (a share token) at `seats` seats,
/// `games` games from `seed`, greedy bots in every seat (as `hexfair playtest`'s default).
/// Its id names the replies, so those to a request since replaced are told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayRequest {
    pub id: u64,
    pub token: String,
    pub seats: usize,
    pub games: u32,
    pub seed: u64,
}

/// What the page says to its play worker. One kind today; the fair-in-play search's request
/// joins it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToPlayer {
    PlayTest(PlayRequest),
}

/// What the play worker says to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FromPlayer {
    /// It listens: messages posted before this found no handler and were lost.
    Ready,
    /// Request `id` has played `done` games of `total`.
    Progress { id: u64, done: u32, total: u32 },
    /// Request `id` is over: each seat's results, or why it cannot be played (in words).
    Report {
        id: u64,
        result: Result<PlayReport, String>,
    },
}

/// Games the worker plays between two looks at its messages: about 10 ms of four-player
/// games in a browser (docs/play.md), so a newer request waits at most that long and the
/// progress bar moves 40 times in a default play-test.
pub const GAMES_PER_SLICE: u32 = 50;

/// The worker's side: the play-test under way, if any.
#[derive(Default)]
pub struct Player {
    under_way: Option<(u64, PlayTest)>,
}

impl Player {
    pub fn new() -> Player {
        Player::default()
    }

    /// A message arrived (or something that is not one): a newer play-test replaces the one
    /// under way. Returns the reply due at once, if any: a request that cannot be played is
    /// answered in words (and the one under way is dropped all the same: the page wants the
    /// newer); a message that cannot be read is answered as request 0 and changes nothing.
    pub fn hear(&mut self, message: Result<ToPlayer, impl Display>) -> Option<FromPlayer> {
        match message {
            Ok(ToPlayer::PlayTest(request)) => match start(&request) {
                Ok(test) => {
                    self.under_way = Some((request.id, test));
                    None
                }
                Err(why) => {
                    self.under_way = None;
                    Some(FromPlayer::Report {
                        id: request.id,
                        result: Err(why),
                    })
                }
            },
            Err(why) => Some(FromPlayer::Report {
                id: 0,
                result: Err(format!("unreadable request: {why}")),
            }),
        }
    }

    /// Whether a play-test is under way (the worker then plays another slice).
    pub fn busy(&self) -> bool {
        self.under_way.is_some()
    }

    /// Plays up to `games` more games of the play-test under way: how far it is, or its
    /// report once every game is played (then nothing is under way).
    pub fn work(&mut self, games: u32) -> Option<FromPlayer> {
        let (id, test) = self.under_way.as_mut()?;
        let id = *id;
        test.step(games);
        if !test.is_done() {
            return Some(FromPlayer::Progress {
                id,
                done: test.played(),
                total: test.games(),
            });
        }
        let report = test.report();
        self.under_way = None;
        Some(FromPlayer::Report {
            id,
            result: Ok(report),
        })
    }
}

/// The play-test a request asks for, or why it cannot be played.
fn start(request: &PlayRequest) -> Result<PlayTest, String> {
    if !(1..=MAX_GAMES).contains(&request.games) {
        return Err(format!(
            "a play-test plays 1 to {MAX_GAMES} games, not {}",
            request.games
        ));
    }
    let link = share::decode_token(&request.token).map_err(|e| e.0)?;
    let board = link.board.ok_or("the link carries no board")?;
    PlayTest::new(
        &board,
        request.seats,
        BotKind::Greedy,
        request.games,
        request.seed,
    )
    .map_err(|e| e.0)
}

/// The page's side: the newest request, posted once the worker listens and only once. An
/// older request still playing needs no word: the worker drops it when the newer arrives.
#[derive(Clone, Debug, Default)]
pub struct Postbox {
    listening: bool,
    wanted: Option<PlayRequest>,
    posted: Option<u64>,
}

impl Postbox {
    /// The page now wants `request` played (`None`: nothing); what to post, if anything.
    pub fn want(&mut self, request: Option<PlayRequest>) -> Option<ToPlayer> {
        self.wanted = request;
        self.post()
    }

    /// The worker said `message`; what to post in return, if anything.
    pub fn heard(&mut self, message: &FromPlayer) -> Option<ToPlayer> {
        if *message == FromPlayer::Ready {
            self.listening = true;
            return self.post();
        }
        None
    }

    fn post(&mut self) -> Option<ToPlayer> {
        let wanted = self.wanted.as_ref().filter(|_| self.listening)?;
        if self.posted == Some(wanted.id) {
            return None;
        }
        self.posted = Some(wanted.id);
        Some(ToPlayer::PlayTest(wanted.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::search::Mode;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;

    /// The message as JSON text and back: serde_json standing in for the browser's values.
    fn through_json<T: Serialize + serde::de::DeserializeOwned>(message: &T) -> T {
        serde_json::from_str(&serde_json::to_string(message).unwrap()).unwrap()
    }

    fn request(id: u64, layout: LayoutId, seed: u64, seats: usize, games: u32) -> PlayRequest {
        let settings = Settings::new(layout, RuleSet::standard());
        let board = generate(&settings, seed).unwrap();
        PlayRequest {
            id,
            token: share::board_token_seated(&settings, Mode::Random, seed, &board, seats),
            seats,
            games,
            seed: 1,
        }
    }

    /// Every reply of `player` until its play-test is over.
    fn play_out(player: &mut Player, games: u32) -> Vec<FromPlayer> {
        std::iter::from_fn(|| player.work(games)).collect()
    }

    #[test]
    fn a_play_test_comes_back_in_slices_as_the_engine_plays_it() {
        let asked = request(7, LayoutId::Base, 3, 3, 120);
        let mut player = Player::new();
        let heard = player.hear(Ok::<_, String>(through_json(&ToPlayer::PlayTest(
            asked.clone(),
        ))));
        assert_eq!(heard, None);
        assert!(player.busy());
        let replies: Vec<FromPlayer> = play_out(&mut player, 50).iter().map(through_json).collect();
        assert!(!player.busy());
        let progress = |done| FromPlayer::Progress {
            id: 7,
            done,
            total: 120,
        };
        assert_eq!(replies[..2], [progress(50), progress(100)]);
        let board = share::decode_token(&asked.token).unwrap().board.unwrap();
        let expected = PlayTest::new(&board, 3, BotKind::Greedy, 120, 1)
            .unwrap()
            .run();
        assert_eq!(
            replies[2],
            FromPlayer::Report {
                id: 7,
                result: Ok(expected)
            }
        );
        assert_eq!(replies.len(), 3);
    }

    #[test]
    fn a_newer_request_replaces_the_one_under_way() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            200,
        ))));
        assert!(matches!(
            player.work(50),
            Some(FromPlayer::Progress { id: 1, .. })
        ));
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            2,
            LayoutId::FiveSix,
            4,
            5,
            60,
        ))));
        let replies = play_out(&mut player, 50);
        assert!(
            replies.iter().all(|r| match r {
                FromPlayer::Progress { id, .. } | FromPlayer::Report { id, .. } => *id == 2,
                FromPlayer::Ready => false,
            }),
            "nothing more of the first: {replies:?}"
        );
        let Some(FromPlayer::Report {
            result: Ok(report), ..
        }) = replies.last()
        else {
            panic!("no report: {replies:?}");
        };
        assert_eq!((report.games, report.seats.len()), (60, 5));
    }

    #[test]
    fn what_cannot_be_played_is_answered_in_words_and_nothing_plays() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            200,
        ))));
        let refusal = |id, why: &str| FromPlayer::Report {
            id,
            result: Err(why.to_string()),
        };
        let seafarers = request(2, LayoutId::Seafarers, 3, 4, 10);
        let heard = player.hear(Ok::<_, String>(ToPlayer::PlayTest(seafarers)));
        let Some(FromPlayer::Report {
            id: 2,
            result: Err(why),
        }) = heard
        else {
            panic!("not a refusal: {heard:?}");
        };
        assert!(why.contains("not played"), "{why}");
        assert!(!player.busy(), "the older request is dropped too");
        let bad_token = PlayRequest {
            token: "not a token".into(),
            ..request(3, LayoutId::Base, 3, 4, 10)
        };
        assert!(matches!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(bad_token))),
            Some(FromPlayer::Report {
                id: 3,
                result: Err(_)
            })
        ));
        let too_many = request(4, LayoutId::Base, 3, 5, 10);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(too_many))),
            Some(refusal(
                4,
                "the base board is played by 3 to 4 players, not 5"
            ))
        );
        let no_games = request(5, LayoutId::Base, 3, 4, 0);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(no_games))),
            Some(refusal(5, "a play-test plays 1 to 1000000 games, not 0"))
        );
        let unreadable = serde_json::from_str::<ToPlayer>(r#"{"play-test":{"id":1}}"#);
        let Some(FromPlayer::Report {
            id: 0,
            result: Err(why),
        }) = player.hear(unreadable.map_err(|e| e.to_string()))
        else {
            panic!("not answered");
        };
        assert!(
            why.starts_with("unreadable request: missing field"),
            "{why}"
        );
        assert_eq!(player.work(50), None);
    }

    #[test]
    fn the_page_posts_the_newest_request_once_the_worker_listens() {
        let mut postbox = Postbox::default();
        let (first, second) = (
            request(1, LayoutId::Base, 3, 4, 10),
            request(2, LayoutId::Base, 3, 3, 10),
        );
        assert_eq!(postbox.want(Some(first)), None, "not listening yet");
        assert_eq!(postbox.want(Some(second.clone())), None);
        assert_eq!(
            postbox.heard(&FromPlayer::Progress {
                id: 1,
                done: 1,
                total: 2
            }),
            None
        );
        assert_eq!(
            postbox.heard(&FromPlayer::Ready),
            Some(ToPlayer::PlayTest(second.clone())),
            "only the newest"
        );
        assert_eq!(postbox.want(Some(second.clone())), None, "posted once");
        assert_eq!(postbox.heard(&FromPlayer::Ready), None);
        let third = request(3, LayoutId::Base, 4, 4, 10);
        assert_eq!(
            postbox.want(Some(third.clone())),
            Some(ToPlayer::PlayTest(third))
        );
        assert_eq!(postbox.want(None), None);
    }

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
    }
}
