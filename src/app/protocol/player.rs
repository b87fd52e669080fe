//! The play worker's loop as plain data, tested natively: [`Player`] holds the start and the
//! play-test under way and works on them a slice at a time (a newer request replaces the one
//! of its kind under way between two slices of games, so its figures never come; the fair
//! start goes before a play-test). The worker's browser shell (`src/bin/hexfair-play.rs`)
//! only carries messages to it and its replies back.

use std::fmt::Display;

use hexfair::play::fair_start::StartSearch;
use hexfair::play::playtest::check_games;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::share;

use super::play::{FromPlayer, PlayRequest, Tally, ToPlayer};

/// Games the worker plays between two looks at its messages: about 3 ms of four-player
/// games in a browser (docs/play.md, "In the app": 2,000 take about 110 ms), so a newer
/// request waits at most that long and the progress bar moves 40 times in a default
/// play-test.
pub const GAMES_PER_SLICE: u32 = 50;

/// A fair start being chosen by play, then the fresh games from it.
enum Starting {
    Choosing(StartSearch, PlayRequest),
    Playing(PlayTest, Vec<u32>),
}

/// The worker's side: the start and the play-test under way, if any, worked on in that
/// order.
#[derive(Default)]
pub struct Player {
    start: Option<(u64, Starting)>,
    start_told: Told,
    test: Option<(u64, PlayTest)>,
}

/// A long job's progress last told, in [`STEPS`]ths: told only as it moves, so its hundreds
/// of slices make at most [`STEPS`] messages for the page to draw.
#[derive(Default)]
struct Told(u32);

/// How finely a long job's progress is told. Each message draws the page again, and the
/// page's thread shares the phone's cores with the workers: told in hundredths, the two
/// halves of a search by play, which the page once ran (two hundred messages), took 570 ms
/// from a tap to the board against 400 in 25ths, and 390 untold (medians of six taps,
/// 2-core machine; docs/benchmarks.md, "In the browser").
const STEPS: u64 = 25;

impl Told {
    /// `done` and `total` as a message's figures, if their step moved since last told.
    fn moved(&mut self, done: u64, total: u64) -> Option<(u32, u32)> {
        let step = (done * STEPS / total.max(1)) as u32;
        if step == self.0 {
            return None;
        }
        self.0 = step;
        let games = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        Some((games(done), games(total)))
    }
}

impl Player {
    pub fn new() -> Player {
        Player::default()
    }

    /// A message arrived (or something that is not one): a newer request replaces the one of
    /// its kind under way. Returns the reply due at once, if any: a request that cannot be
    /// served is answered with why (and the one under way is dropped all the same: the page
    /// wants the newer); a message that cannot be read is answered as request 0 and changes
    /// nothing.
    pub fn hear(&mut self, message: Result<ToPlayer, impl Display>) -> Option<FromPlayer> {
        match message {
            Ok(ToPlayer::PlayTest(request)) => match begin_test(&request) {
                Ok(test) => {
                    self.test = Some((request.id, test));
                    None
                }
                Err(why) => {
                    self.test = None;
                    Some(FromPlayer::Played {
                        id: request.id,
                        result: Err(why),
                    })
                }
            },
            Ok(ToPlayer::Start(request)) => {
                self.start_told = Told::default();
                match begin_start(&request) {
                    Ok(search) => {
                        self.start = Some((request.id, Starting::Choosing(search, request)));
                        None
                    }
                    Err(why) => {
                        self.start = None;
                        Some(FromPlayer::StartChosen(request.id, Vec::new(), Err(why)))
                    }
                }
            }
            // Drawn at once: a QR code takes a millisecond, the work under way goes on.
            Ok(ToPlayer::QrCode { url }) => Some(FromPlayer::QrCode {
                svg: share::qr::qr_svg(&url),
                url,
            }),
            // Worded by the app's tables, which the engine does not hold: the worker's shell
            // answers them (`app::guide_text::reply`, `app::entry::reply`) and never hands
            // them here.
            Ok(ToPlayer::Guide(_) | ToPlayer::Entry(_)) => None,
            Err(why) => Some(FromPlayer::Played {
                id: 0,
                // Serde's words alone: the page knows request 0 for one it could not read.
                result: Err(why.to_string()),
            }),
        }
    }

    /// Whether work is under way (the worker then does another slice).
    pub fn busy(&self) -> bool {
        self.start.is_some() || self.test.is_some()
    }

    /// A slice of the start under way: how far it is, or its end.
    fn work_on_start(&mut self, games: u32) -> Option<FromPlayer> {
        let (id, starting) = self.start.as_mut()?;
        let id = *id;
        let over = match starting {
            Starting::Choosing(search, request) => match search.step(games) {
                None => {
                    let (done, total) = search.progress();
                    // The fresh games come after: the choosing is most of the work.
                    let total = total + u64::from(request.games);
                    let (done, total) = self.start_told.moved(done, total)?;
                    return Some(FromPlayer::Progress { id, done, total });
                }
                Some(found) => {
                    let opening = found.start.opening();
                    let games = begin_test(request)
                        .and_then(|test| test.with_opening(&opening).map_err(|e| format!("{e:?}")));
                    let corners = found
                        .start
                        .seats
                        .iter()
                        .flat_map(|s| s.settlements.map(|c| c.index() as u32))
                        .collect();
                    match games {
                        Ok(test) => {
                            *starting = Starting::Playing(test, corners);
                            return None;
                        }
                        Err(why) => (Vec::new(), Err(why)),
                    }
                }
            },
            Starting::Playing(test, corners) => {
                test.step(games);
                if !test.is_done() {
                    return None;
                }
                (std::mem::take(corners), Ok(Tally::of(&test.report())))
            }
        };
        self.start = None;
        let (settlements, result) = over;
        Some(FromPlayer::StartChosen(id, settlements, result))
    }

    /// Does up to `games` games' worth of the work under way, the start first: how far it
    /// is (`None` while a start's progress has not moved a step), or its end.
    pub fn work(&mut self, games: u32) -> Option<FromPlayer> {
        if self.start.is_some() {
            return self.work_on_start(games);
        }
        let (id, test) = self.test.as_mut()?;
        let id = *id;
        test.step(games);
        if !test.is_done() {
            return Some(FromPlayer::Progress {
                id,
                done: test.played(),
                total: test.games(),
            });
        }
        let tally = Tally::of(&test.report());
        self.test = None;
        Some(FromPlayer::Played {
            id,
            result: Ok(tally),
        })
    }
}

/// The board of a request's token, after checking the games it asks for; or why it cannot
/// be played, as the engine's data (the page never sends such a request).
fn found_board(request: &PlayRequest) -> Result<hexfair::board::Board, String> {
    check_games(request.games).map_err(|e| format!("{e:?}"))?;
    share::decode_board(&request.token).map_err(|e| format!("{e:?}"))
}

/// The start search a request asks for, or why it cannot be made.
fn begin_start(request: &PlayRequest) -> Result<StartSearch, String> {
    let board = found_board(request)?;
    StartSearch::new(&board, request.seats, request.seed).map_err(|e| format!("{e:?}"))
}

/// The play-test a request asks for, or why it cannot be played.
fn begin_test(request: &PlayRequest) -> Result<PlayTest, String> {
    let board = found_board(request)?;
    PlayTest::new(
        &board,
        request.seats,
        BotKind::Greedy,
        request.games,
        request.seed,
    )
    .map(|test| test.with_model(CHANCES_TABLE))
    .map_err(|e| format!("{e:?}"))
}

/// Who plays the Seats tab's games: varied players, as `hexfair playtest` by default, so a
/// link's figures are the command line's (one fixed bot's openings say more than is known:
/// docs/play.md, "Fair at a real table").
pub const CHANCES_TABLE: TableModel = TableModel::Varied;

#[cfg(test)]
mod tests {
    use super::super::through_json;
    use super::*;
    use hexfair::balance::search::Mode;
    use hexfair::catalogue::LayoutId;
    use hexfair::generate::{generate, Settings};
    use hexfair::play::PlayError;
    use hexfair::rules::RuleSet;

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
            .with_model(CHANCES_TABLE)
            .run();
        assert_eq!(
            replies[2],
            FromPlayer::Played {
                id: 7,
                result: Ok(Tally::of(&expected))
            }
        );
        assert_eq!(replies.len(), 3);
        // The tally's figures are the report's.
        let tally = Tally::of(&expected);
        assert_eq!(tally.wins.len(), 3);
        for (i, seat) in expected.seats.iter().enumerate() {
            assert_eq!(tally.share(i), seat.win_rate);
            assert_eq!(tally.interval(i), (seat.low, seat.high));
        }
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
                FromPlayer::Progress { id, .. } | FromPlayer::Played { id, .. } => *id == 2,
                _ => false,
            }),
            "nothing more of the first: {replies:?}"
        );
        let Some(FromPlayer::Played {
            result: Ok(tally), ..
        }) = replies.last()
        else {
            panic!("no report: {replies:?}");
        };
        assert_eq!((tally.games, tally.wins.len()), (60, 5));
    }

    #[test]
    fn what_cannot_be_played_is_answered_and_nothing_plays() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            200,
        ))));
        // Requests the page never sends: answered with the engine's refusal as data.
        let refusal = |id, why: PlayError| FromPlayer::Played {
            id,
            result: Err(format!("{why:?}")),
        };
        let seafarers = request(2, LayoutId::Seafarers, 3, 4, 10);
        let heard = player.hear(Ok::<_, String>(ToPlayer::PlayTest(seafarers)));
        let Some(FromPlayer::Played {
            id: 2,
            result: Err(why),
        }) = heard
        else {
            panic!("not a refusal: {heard:?}");
        };
        assert_eq!(
            why,
            format!(
                "{:?}",
                PlayError::NotPlayed {
                    layout: LayoutId::Seafarers
                }
            )
        );
        assert!(!player.busy(), "the older request is dropped too");
        let bad_token = PlayRequest {
            token: "not a token".into(),
            ..request(3, LayoutId::Base, 3, 4, 10)
        };
        assert!(matches!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(bad_token))),
            Some(FromPlayer::Played {
                id: 3,
                result: Err(_)
            })
        ));
        let too_many = request(4, LayoutId::Base, 3, 5, 10);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(too_many))),
            Some(refusal(
                4,
                PlayError::Seats {
                    layout: LayoutId::Base,
                    seats: 5
                }
            ))
        );
        let no_games = request(5, LayoutId::Base, 3, 4, 0);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::PlayTest(no_games))),
            Some(refusal(5, PlayError::Games { games: 0 }))
        );
        let unreadable = serde_json::from_str::<ToPlayer>(r#"{"play-test":{"id":1}}"#);
        let Some(FromPlayer::Played {
            id: 0,
            result: Err(why),
        }) = player.hear(unreadable.map_err(|e| e.to_string()))
        else {
            panic!("not answered");
        };
        // Request 0 is the page's sign of a request not read; the words are serde's.
        assert!(why.starts_with("missing field"), "{why}");
        assert_eq!(player.work(50), None);
    }

    /// Every reply until the worker is idle, through JSON as the page would read them.
    fn replies_until_idle(player: &mut Player) -> Vec<FromPlayer> {
        let mut replies = Vec::new();
        while player.busy() {
            replies.extend(player.work(GAMES_PER_SLICE).map(|r| through_json(&r)));
        }
        replies
    }

    #[test]
    fn a_start_is_chosen_as_the_command_line_chooses_it_then_played_from() {
        let asked = request(4, LayoutId::Base, 3, 3, 200);
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            5,
            4,
            100,
        ))));
        assert_eq!(
            player.hear(Ok::<_, String>(through_json(&ToPlayer::Start(
                asked.clone()
            )))),
            None
        );
        let replies = replies_until_idle(&mut player);
        let chosen = replies
            .iter()
            .position(|r| matches!(r, FromPlayer::StartChosen(..)))
            .expect("a start");
        assert!(replies[..chosen]
            .iter()
            .all(|r| matches!(r, FromPlayer::Progress { id: 4, .. })));
        let board = share::decode_token(&asked.token).unwrap().board.unwrap();
        let found = hexfair::play::fair_start::find_start(&board, 3, 1).unwrap();
        let opening = found.start.opening();
        let games = PlayTest::new(&board, 3, BotKind::Greedy, 200, 1)
            .unwrap()
            .with_model(CHANCES_TABLE)
            .with_opening(&opening)
            .unwrap()
            .run();
        let settlements = opening.iter().flatten().map(|&c| c as u32).collect();
        assert_eq!(
            replies[chosen],
            FromPlayer::StartChosen(4, settlements, Ok(Tally::of(&games)))
        );
        assert!(
            matches!(
                replies.last(),
                Some(FromPlayer::Played {
                    id: 1,
                    result: Ok(_)
                })
            ),
            "the play-test left off goes on"
        );
        let seafarers = request(5, LayoutId::Seafarers, 3, 4, 10);
        assert!(matches!(
            player.hear(Ok::<_, String>(ToPlayer::Start(seafarers))),
            Some(FromPlayer::StartChosen(5, _, Err(_)))
        ));
    }

    #[test]
    fn a_qr_code_is_drawn_at_once_and_the_play_test_goes_on() {
        let mut player = Player::new();
        player.hear(Ok::<_, String>(ToPlayer::PlayTest(request(
            1,
            LayoutId::Base,
            3,
            4,
            100,
        ))));
        // Each link's own drawing, answered at once, under the link it was asked for.
        let mut drawn =
            |url: &str| match player.hear(Ok::<_, String>(through_json(&ToPlayer::QrCode {
                url: url.into(),
            }))) {
                Some(FromPlayer::QrCode { url: said, svg }) => {
                    assert_eq!(said, url);
                    svg.expect("a link this short has a code")
                }
                other => panic!("{other:?}"),
            };
        let one = drawn("https://example.org/hexfair/?b=abc");
        let other = drawn("https://example.org/hexfair/?b=abd");
        assert!(one.starts_with("<svg") && one.contains("<path"), "{one}");
        assert_ne!(one, other, "another link, another code");
        assert!(player.busy(), "the play-test under way goes on");
        let too_long = "x".repeat(5_000);
        assert_eq!(
            player.hear(Ok::<_, String>(ToPlayer::QrCode {
                url: too_long.clone()
            })),
            Some(FromPlayer::QrCode {
                url: too_long,
                svg: None
            })
        );
    }
}
