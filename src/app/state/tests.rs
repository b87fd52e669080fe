use super::*;
use crate::app::build_guide::Written;
use crate::app::names;
use crate::app::protocol::play::{Tally, WrittenGuide};
use hexfair::generate::generate;
use hexfair::play::playtest::{DEFAULT_GAMES, DEFAULT_SEED};
use hexfair::rules::RuleSet;

fn fresh() -> State {
    State::from_link(Ok(None), 11, 12)
}

fn board(seed: u64) -> Board {
    generate(&Settings::default(), seed).unwrap()
}

fn pending_id(state: &State) -> u64 {
    state.pending.as_ref().expect("a search under way").id
}

impl State {
    /// Regenerate's tap for the board of `seed` (drawn for it a tap early).
    fn regenerated(&self, seed: u64) -> State {
        State {
            next_seed: seed,
            ..self.clone()
        }
        .after(Action::Regenerate(seed + 1))
    }
}

#[test]
fn regenerate_asks_for_the_request_expected_a_tap_early_with_the_settings_on_screen() {
    let ready = fresh().after(Action::Played(FromPlayer::Ready));
    // The first tap's seed came with the page (12), so the worker can search ahead for it.
    let expected = ready.expected();
    assert_eq!((expected.seed, expected.mode), (12, Mode::Balanced));
    assert_eq!(expected.settings, ready.now.settings);
    let asked = ready.after(Action::Regenerate(40));
    let request = asked.search_request().expect("the search worker is asked");
    assert!(request.same_search(&expected), "{request:?} {expected:?}");
    // The seed drawn at this tap is the next tap's.
    assert_eq!(asked.expected().seed, 40);
    let shown = answered(&asked, board(12));
    assert_eq!((shown.now.seed, shown.search_request()), (12, None));
    // The locks of the board on screen are the next search's too, and so the expected one's.
    let locked = shown.after(Action::ToggleLock(CellId::new(3)));
    assert_eq!(locked.expected().settings.locks.len(), 1);
    let again = locked
        .after(Action::Regenerate(41))
        .search_request()
        .unwrap();
    assert_eq!((again.seed, again.settings.locks.len()), (40, 1));
    // Other settings asked for change what is expected next; a typed seed does not use it.
    let random = shown.after(Action::SetMode(Mode::Random));
    assert_eq!(
        (random.expected().mode, random.expected().seed),
        (Mode::Random, 40)
    );
    let typed = shown.after(Action::TypeSeed("7".into()));
    assert_eq!(typed.search_request().map(|r| r.seed), Some(7));
    assert_eq!(typed.expected().seed, 40);
}

#[test]
fn the_newest_request_wins_and_answers_to_older_ones_are_ignored() {
    let start = fresh();
    assert_eq!(start.pending, None);
    let first = start.regenerated(5);
    // The second request builds on the first, which it replaces.
    let second = first.after(Action::SetMode(Mode::Unbalanced));
    let pending = second.pending.clone().unwrap();
    assert!(pending.id > pending_id(&first));
    assert_eq!((pending.seed, pending.mode), (5, Mode::Unbalanced));
    assert_eq!(
        second.mode(),
        Mode::Unbalanced,
        "the controls show the newest"
    );
    for stale in [Ok(board(1)), Err("too late".into())] {
        let id = pending_id(&first);
        assert_eq!(second.after(Action::Answer { id, result: stale }), second);
    }
    let done = second.after(Action::Answer {
        id: pending.id,
        result: Ok(board(2)),
    });
    assert_eq!(done.pending, None);
    assert_eq!(
        (&*done.now.board, done.now.mode, done.now.seed),
        (&board(2), Mode::Unbalanced, 5)
    );
    assert_eq!(done.earlier.len(), 1);
    assert_eq!(done.earlier[0], start.now);
    assert_eq!(
        done.query(),
        share::encode(&done.now.settings, Mode::Unbalanced, 5, &board(2))
    );
    // The same answer again changes nothing.
    let again = done.after(Action::Answer {
        id: pending.id,
        result: Ok(board(3)),
    });
    assert_eq!(again, done);
}

#[test]
fn a_failed_search_ends_with_the_reason_and_the_board_as_it_was() {
    let start = fresh();
    let asked = start.after(Action::SetRule {
        rule: Rule::MaxCornerPips(8),
        on: true,
    });
    assert!(asked
        .settings()
        .rules
        .rules()
        .contains(&Rule::MaxCornerPips(8)));
    let failed = asked.after(Action::Answer {
        id: pending_id(&asked),
        result: Err("no base board can satisfy rule max-corner-pips=8".into()),
    });
    assert_eq!(failed.pending, None);
    assert_eq!(failed.now, start.now);
    assert_eq!(
        failed.settings(),
        &start.now.settings,
        "the controls go back"
    );
    assert_eq!(
        failed.message,
        Some(Message::Refused {
            refusal: "no base board can satisfy rule max-corner-pips=8".into(),
            locked: false
        })
    );
    // Back ends a search too, and its late answer is ignored.
    let asked = failed.regenerated(7);
    let shown = asked.after(Action::Answer {
        id: pending_id(&asked),
        result: Ok(board(7)),
    });
    let asked = shown.regenerated(8);
    let backed = asked.after(Action::Back);
    assert_eq!(backed.pending, None);
    assert_eq!(backed.now, start.now);
    let late = backed.after(Action::Answer {
        id: pending_id(&asked),
        result: Ok(board(8)),
    });
    assert_eq!(late, backed);
}

#[test]
fn opening_a_link_shows_its_board_at_once_and_ends_a_search() {
    let start = fresh();
    let asked = start.regenerated(5);
    let settings = Settings::default();
    let query = share::encode(&settings, Mode::Unbalanced, 42, &board(42));
    let link = share::decode(&query).unwrap().unwrap();
    let opened = asked.after(Action::Open(link));
    assert_eq!(opened.pending, None);
    assert_eq!(opened.query(), query, "exactly the board of the link");
    assert_eq!(
        opened.earlier.last(),
        Some(&start.now),
        "Back returns to it"
    );
    let late = opened.after(Action::Answer {
        id: pending_id(&asked),
        result: Ok(board(5)),
    });
    assert_eq!(late, opened);
    // A seed link names no board: it is searched for.
    let seed_link = share::decode("v=1&seed=77").unwrap().unwrap();
    let searching = opened.after(Action::Open(seed_link));
    assert_eq!(searching.pending.as_ref().map(|p| p.seed), Some(77));
    assert_eq!(searching.now, opened.now);
}

#[test]
fn a_board_kept_for_old_links_says_so_when_opened() {
    let old = Settings::new(hexfair::catalogue::LayoutId::Seafarers, RuleSet::default());
    let board = hexfair::generate::generate(&old, 3).unwrap();
    let query = share::encode(&old, Mode::Random, 3, &board);
    let link = || share::decode(&query).unwrap().unwrap();
    let opened = State::from_link(Ok(Some(link())), 1, 2);
    assert_eq!(*opened.now.board, board, "the same board as ever");
    assert!(link().notice().is_some());
    let notice = opened.notice.clone().expect("a notice");
    assert_eq!(notice, Notice::OldLink(old.layout));
    let reopened = fresh().after(Action::Open(link()));
    assert_eq!(reopened.notice, Some(notice));
    // A board of today's catalogue opens without one.
    assert_eq!(
        fresh()
            .after(Action::Open(
                share::decode(&fresh().query()).unwrap().unwrap()
            ))
            .notice,
        None
    );
}

#[test]
fn a_fall_back_is_told_while_the_search_goes_on_and_stays_after_it() {
    let asked = fresh().regenerated(9);
    let why = Stopped::NotLoaded;
    let fell = asked.after(Action::FellBack(why.clone()));
    assert_eq!(
        fell.pending, asked.pending,
        "still searching, on the page now"
    );
    assert_eq!(fell.fallback.as_ref(), Some(&why));
    let done = fell.after(Action::Answer {
        id: pending_id(&asked),
        result: Ok(board(6)),
    });
    assert_eq!(done.pending, None);
    assert_eq!(*done.now.board, board(6));
    assert_eq!(done.fallback, Some(why), "later searches are slower too");
}
/// The state after the search under way answers with `board`.
fn answered(state: &State, board: Board) -> State {
    state.after(Action::Answer {
        id: pending_id(state),
        result: Ok(board),
    })
}

fn locked_cells(settings: &Settings) -> Vec<usize> {
    settings.locks.iter().map(|l| l.cell.index()).collect()
}

#[test]
fn messages_go_at_the_next_action_and_stay_through_answers() {
    let asked = fresh().after(Action::SetRule {
        rule: Rule::MaxCornerPips(8),
        on: true,
    });
    let failed = asked.after(Action::Answer {
        id: pending_id(&asked),
        result: Err("no base board can keep “At most 8 pips at any corner”".into()),
    });
    assert!(failed.message.is_some());
    // The page's own news does not answer it...
    let noticed = failed.after(Action::Notice("Link copied.".into()));
    assert_eq!(noticed.message, failed.message);
    // ...anything the person does next does.
    for action in [
        Action::Rotate,
        Action::SetOverlay(Overlay::Heat),
        Action::SelectCorner(Some(CornerId::new(3))),
        Action::ToggleLock(CellId::new(2)),
        Action::SetSeats(3),
        Action::Back,
        Action::Regenerate(4),
        Action::SetMode(Mode::Random),
    ] {
        let after = noticed.after(action);
        assert_eq!((&after.message, &after.notice), (&None, &None));
    }
    // A bad seed says so, changes nothing else, and goes at the next tap.
    let bad = fresh().after(Action::TypeSeed(" forty ".into()));
    assert_eq!(bad.message, Some(Message::NotASeed("forty".into())));
    assert_eq!(
        State {
            message: None,
            ..bad.clone()
        },
        fresh()
    );
    assert_eq!(bad.after(Action::Rotate).message, None);
    let good = bad.after(Action::TypeSeed("4242".into()));
    assert_eq!(good.message, None);
    assert_eq!(good.pending.as_ref().map(|p| p.seed), Some(4242));
}

#[test]
fn back_restores_the_earlier_board_with_exactly_its_locks() {
    let start = fresh().after(Action::ToggleLock(CellId::new(0)));
    let second = answered(&start.regenerated(21), board(21));
    assert_eq!(locked_cells(&second.now.settings), vec![0]);
    // On the new board the player frees hex 0 and locks hex 5; Back shows the first
    // board as it was left (hex 0 locked, not 5), and the settings the controls show.
    let changed = second
        .after(Action::ToggleLock(CellId::new(0)))
        .after(Action::ToggleLock(CellId::new(5)));
    assert_eq!(locked_cells(&changed.now.settings), vec![5]);
    let back = changed.after(Action::Back);
    assert_eq!(back.now, start.now);
    assert_eq!(back.settings(), &start.now.settings);
    assert_eq!(locked_cells(back.settings()), vec![0]);
    assert_eq!(back.earlier, start.earlier);
}

#[test]
fn a_lock_changed_during_a_search_is_the_one_the_new_board_keeps() {
    // Freed while searching: the board that arrives does not bring it back.
    let locked = fresh().after(Action::ToggleLock(CellId::new(0)));
    let asked = locked.regenerated(30);
    assert_eq!(locked_cells(asked.settings()), vec![0]);
    let freed = asked.after(Action::ToggleLock(CellId::new(0)));
    assert_eq!(locked_cells(freed.settings()), Vec::<usize>::new());
    assert_eq!(freed.pending.as_ref().map(|p| p.seed), Some(30));
    let done = answered(&freed, board(30));
    assert!(done.now.settings.locks.is_empty());
    // The board left behind keeps the locks it had when it was left.
    assert!(done.earlier.last().unwrap().settings.locks.is_empty());
    // Set while searching: the new board keeps it.
    let asked = fresh().after(Action::SetMode(Mode::Random));
    let set = asked.after(Action::ToggleLock(CellId::new(7)));
    assert_eq!(locked_cells(set.settings()), vec![7]);
    assert_eq!(
        set.mode(),
        Mode::Random,
        "the request is otherwise the same"
    );
    // Another layout on its way: locks of the board on screen do not go with it, even
    // through a Regenerate, and coming back to the layout brings them back.
    let locked = fresh().after(Action::ToggleLock(CellId::new(4)));
    let moving = locked.after(Action::SetLayout(LayoutId::FiveSix));
    assert!(moving.settings().locks.is_empty());
    let again = moving
        .after(Action::ToggleLock(CellId::new(3)))
        .regenerated(2);
    assert_eq!(again.settings().layout, LayoutId::FiveSix);
    assert!(again.settings().locks.is_empty());
    let home = again.after(Action::SetLayout(LayoutId::Base));
    assert_eq!(locked_cells(home.settings()), vec![4, 3]);
}

#[test]
fn a_typed_seed_says_which_settings_it_uses_and_leaves_locks_out() {
    let start = fresh()
        .after(Action::SetRule {
            rule: Rule::DesertCenter,
            on: true,
        })
        .after(Action::ToggleLock(CellId::new(1)));
    let start = answered(&start, board(11));
    assert_eq!(start.now.settings.locks.len(), 1);
    let typed = start.after(Action::TypeSeed("4242".into()));
    assert_eq!(
        typed.notice,
        Some(Notice::SeedPlayed {
            seed: 4242,
            layout: LayoutId::Base,
            mode: DEFAULT_MODE,
            rules: 2,
            spiral: false,
            dropped_locks: 1
        })
    );
    let pending = typed.pending.clone().unwrap();
    assert_eq!(pending.seed, 4242);
    assert!(pending.settings.locks.is_empty());
    assert_eq!(pending.settings.rules, start.now.settings.rules);
    let shown = answered(&typed, board(4242));
    assert_eq!(shown.notice, typed.notice, "the answer keeps the notice");
    assert_eq!(shown.after(Action::Back).now, start.now);
    // Without locks there is nothing to leave out; the spiral and mode are named.
    let plain = fresh()
        .after(Action::SetNumbers(NumberMode::Spiral))
        .after(Action::SetMode(Mode::Target(0.3)))
        .after(Action::TypeSeed("7".into()));
    assert_eq!(
        plain.notice,
        Some(Notice::SeedPlayed {
            seed: 7,
            layout: LayoutId::Base,
            mode: Mode::Target(0.3),
            rules: 1,
            spiral: true,
            dropped_locks: 0
        })
    );
}

#[test]
fn seats_follow_the_table_and_ride_in_the_link() {
    let start = fresh();
    assert_eq!(start.seats(), 4);
    // The usual seats: the link is exactly the one it was before seats existed.
    assert_eq!(
        start.query(),
        share::encode(
            &start.now.settings,
            start.now.mode,
            start.now.seed,
            &start.now.board
        )
    );
    let three = start.after(Action::SetSeats(3));
    assert_eq!(three.seats(), 3);
    assert_eq!(
        (three.now.clone(), three.pending.clone()),
        (start.now.clone(), None)
    );
    let link = share::decode(&three.query()).unwrap().unwrap();
    assert_eq!(
        (link.seats, link.board.as_ref()),
        (3, Some(&*start.now.board))
    );
    let reloaded = State::from_link(Ok(Some(link)), 99, 100);
    // The same board, given by its link now.
    assert_eq!((reloaded.seats(), &reloaded.now), (3, &start.now));
    // A count the layout is not for is refused in words and changes nothing.
    let five = three.after(Action::SetSeats(5));
    assert_eq!(
        five.message,
        Some(Message::SeatsNotFor {
            layout: LayoutId::Base,
            seats: 5
        })
    );
    assert_eq!(
        State {
            message: None,
            ..five
        },
        three
    );
    // A 5-6 board seats its most until the table picks; the choice of 3 comes back
    // with a 3-4 board; Back keeps the table's choice.
    let big_settings = Settings::new(LayoutId::FiveSix, RuleSet::standard());
    let big = answered(
        &three.after(Action::SetLayout(LayoutId::FiveSix)),
        generate(&big_settings, 3).unwrap(),
    );
    assert_eq!(big.seats(), 6);
    let five = big.after(Action::SetSeats(5));
    assert_eq!(five.seats(), 5);
    assert_eq!(share::decode(&five.query()).unwrap().unwrap().seats, 5);
    assert_eq!(five.after(Action::Back).seats(), 4);
    assert_eq!(three.regenerated(1).seats(), 3);
    // A kept board opens at the table it was kept for.
    let kept = share::decode(&three.query()).unwrap().unwrap();
    assert_eq!(five.after(Action::Open(kept)).seats(), 3);
}

/// A tally of `games` games at `seats` seats, every game won by seat 1.
fn report(seats: usize, games: u32) -> Tally {
    let mut wins = vec![0; seats];
    wins[0] = games;
    Tally {
        games,
        no_winner: 0,
        wins,
    }
}

fn progress(id: u64, done: u32) -> Action {
    Action::Played(FromPlayer::Progress {
        id,
        done,
        total: DEFAULT_GAMES,
    })
}

fn reported(id: u64, result: Result<Tally, String>) -> Action {
    Action::Played(FromPlayer::Played { id, result })
}

#[test]
fn the_board_on_screen_is_play_tested_as_the_command_line_does() {
    let start = fresh();
    let request = start
        .play_request()
        .expect("a play-test of the first board");
    assert_eq!(request.id, start.chances.id);
    assert_eq!(
        (request.games, request.seed),
        (2_000, 1),
        "hexfair playtest's defaults"
    );
    assert_eq!(request.seats, 4);
    // The token is the board on screen at the table: the address bar's.
    assert_eq!(format!("b={}", request.token), start.query());
    assert_eq!(
        start.chances.progress,
        Progress::Playing {
            done: 0,
            total: 2_000
        }
    );
    let going = start.after(progress(request.id, 600));
    assert_eq!(
        going.chances.progress,
        Progress::Playing {
            done: 600,
            total: 2_000
        }
    );
    assert_eq!(
        going.play_request(),
        Some(request.clone()),
        "the same play-test"
    );
    let done = going.after(reported(request.id, Ok(report(4, 2_000))));
    assert_eq!(done.chances.progress, Progress::Done(report(4, 2_000)));
    assert_eq!(done.play_request(), None, "nothing left to play");
    // Late or repeated words about it change nothing.
    assert_eq!(done.after(progress(request.id, 1_900)), done);
    // A tap that changes neither the board nor the table keeps the figures.
    let turned = done
        .after(Action::Rotate)
        .after(Action::SetOverlay(Overlay::Heat));
    assert_eq!(turned.chances, done.chances);
    // Failure comes in words.
    let failed = going.after(reported(request.id, Err("the board is too large".into())));
    assert_eq!(
        failed.chances().progress,
        Progress::Failed("the board is too large".into())
    );
}

#[test]
fn a_new_board_or_table_is_a_new_play_test_and_old_figures_never_land_on_it() {
    let start = fresh();
    let first = start.chances.id;
    // Another seat count: a new play-test at 3 seats.
    let three = start.after(progress(first, 300)).after(Action::SetSeats(3));
    let second = three.play_request().unwrap();
    assert!(second.id > first);
    assert_eq!(second.seats, 3);
    assert_eq!(format!("b={}", second.token), three.query());
    for late in [progress(first, 900), reported(first, Ok(report(4, 2_000)))] {
        assert_eq!(three.after(late), three, "the 4-seat figures stay away");
    }
    // A search under way keeps the board on screen, and its chances.
    let asked = three.regenerated(40);
    assert_eq!(asked.chances, three.chances);
    // Its board comes: a new play-test, and the one before is not wanted.
    let shown = answered(&asked, board(40));
    let third = shown.play_request().unwrap();
    assert!(third.id > second.id);
    assert_eq!(third.seats, 3);
    assert_eq!(
        shown.after(reported(second.id, Ok(report(3, 2_000)))),
        shown
    );
    // Back to the board before: played again (a new id; the figures come anew).
    let back = shown.after(Action::Back);
    assert!(back.chances.id > third.id);
    assert_eq!(back.play_request().unwrap().token, second.token);
    // A linked board is play-tested at the link's table.
    let link = share::decode(&shown.query()).unwrap().unwrap();
    let opened = State::from_link(Ok(Some(link)), 1, 2);
    assert_eq!(opened.play_request().unwrap().token, third.token);
}

#[test]
fn a_qr_code_drawn_by_the_play_worker_is_kept_whatever_the_play_test() {
    let start = fresh();
    let drawn = start.after(Action::Played(FromPlayer::QrCode {
        url: "https://x/?b=1".into(),
        svg: Some("<svg/>".into()),
    }));
    assert_eq!(
        drawn.qr,
        Some(Rc::new(QrDrawing {
            url: "https://x/?b=1".into(),
            svg: Some("<svg/>".into())
        }))
    );
    assert_eq!(drawn.chances, start.chances);
    assert_eq!(drawn.now, start.now);
}

/// The guide the worker would write: as many steps as `steps`, one cell each.
fn written_guide(steps: usize) -> WrittenGuide {
    WrittenGuide(
        (0..steps)
            .map(|i| (format!("step {i}"), vec![i as u32]))
            .collect(),
        String::new(),
    )
}

#[test]
fn the_guide_is_asked_for_the_board_table_turn_and_language_on_screen() {
    let start = fresh();
    let first = start
        .guide_request()
        .expect("the first board's guide is asked for");
    assert_eq!(
        (first.players, first.turns, first.lang.as_str()),
        (start.seats(), 0, "en")
    );
    assert_eq!(
        first.words,
        Words::english().joined(),
        "the page's words, English too"
    );
    let link = share::decode_token(&first.token).unwrap();
    assert_eq!(link.board.as_ref(), Some(&*start.now.board));
    // Written: no more asking, until the turn, the table or the board changes.
    let written = start.after(Action::Played(FromPlayer::Guide(
        first.id,
        Ok(written_guide(3)),
    )));
    assert_eq!(written.guide_request(), None);
    let turned = written.after(Action::Rotate).guide_request().unwrap();
    assert_eq!(turned.turns, 1);
    assert!(turned.id > first.id);
    let three = written.after(Action::SetSeats(3)).guide_request().unwrap();
    assert_eq!(three.players, 3);
    // A Cities & Knights table on the same board: a new guide, whose link says so (its
    // last step is the barbarian tile's).
    let ck = written.after(Action::SetExpansion(Expansion::CitiesAndKnights));
    let ck = answered(&ck, (*start.now.board).clone())
        .guide_request()
        .unwrap();
    assert!(ck.id > first.id);
    let link = share::decode_token(&ck.token).unwrap();
    assert_eq!(link.settings.expansion, Expansion::CitiesAndKnights);
    assert_eq!(link.board.as_ref(), Some(&*start.now.board));
    let next = answered(&written.regenerated(9), board(9));
    let asked = next.guide_request().unwrap();
    assert_eq!(
        share::decode_token(&asked.token).unwrap().board,
        Some(board(9))
    );
    // The reply to the guide before is for a board since left.
    let late = next.after(Action::Played(FromPlayer::Guide(
        first.id,
        Ok(written_guide(3)),
    )));
    assert_eq!(late.guide, next.guide);
}

#[test]
fn another_language_sends_the_pages_words_with_the_guide_it_asks_for() {
    use super::super::words::Key;
    let english = Words::english();
    let texts = Key::ALL
        .iter()
        .map(|&k| Some(format!("x{}", english.get(k))));
    let other = Words::read(Lang::De, texts).unwrap();
    let german = fresh().after(Action::SetWords {
        words: other.clone(),
        problem: None,
    });
    let request = german
        .guide_request()
        .expect("a new guide in the new language");
    assert_eq!(request.lang, "de");
    let texts: Vec<&str> = request.words.split_terminator('\0').collect();
    assert_eq!(texts.len(), Key::ALL.len());
    assert_eq!(texts[Key::Regenerate as usize], other.get(Key::Regenerate));
}

#[test]
fn an_open_guide_stays_open_on_a_new_board_from_its_first_step() {
    let start = fresh();
    let id = start.guide.id;
    let open = start
        .after(Action::Played(FromPlayer::Guide(id, Ok(written_guide(4)))))
        .after(Action::Guide(GuideMove::Open))
        .after(Action::Guide(GuideMove::Next))
        .after(Action::Guide(GuideMove::Next));
    assert_eq!(open.guide.on_screen().map(|(_, at)| at), Some(2));
    // Another language: the same step, once the guide in it has come (or its last).
    let english = Words::english();
    let texts = super::super::words::Key::ALL
        .iter()
        .map(|&k| Some(format!("x{}", english.get(k))));
    let german = open.after(Action::SetWords {
        words: Words::read(Lang::De, texts).unwrap(),
        problem: None,
    });
    assert_eq!(german.guide.open, Some(2));
    assert_eq!(german.guide.written, Written::Waiting);
    assert_eq!(
        german.after(Action::Guide(GuideMove::Next)).guide.open,
        Some(2)
    );
    let shorter = german.after(Action::Played(FromPlayer::Guide(
        german.guide.id,
        Ok(written_guide(2)),
    )));
    assert_eq!(shorter.guide.on_screen().map(|(_, at)| at), Some(1));
    let turned = open.after(Action::Rotate);
    assert_eq!(turned.guide.open, Some(0));
    assert_eq!(turned.guide.written, Written::Waiting);
    let closed = turned.after(Action::Guide(GuideMove::Close));
    assert_eq!(closed.guide.open, None);
    assert!(closed.guide_request().is_some(), "still written for print");
}

#[test]
fn a_failed_play_worker_fails_the_guide_and_every_later_one() {
    let failed = fresh().after(Action::PlayerFailed(Trouble::NotLoaded));
    assert_eq!(failed.guide().written, Written::Failed(Trouble::NotLoaded));
    assert_eq!(failed.guide_request(), None);
    let later = answered(&failed.regenerated(3), board(3));
    assert_eq!(later.guide().written, Written::Failed(Trouble::NotLoaded));
    assert_eq!(later.guide_request(), None);
}

#[test]
fn a_request_the_play_worker_could_not_read_fails_what_waits_for_it() {
    let start = fresh().after(Action::Played(FromPlayer::Ready));
    let guided = start.after(Action::Guide(GuideMove::Open));
    assert_eq!(guided.guide().written, Written::Waiting);
    assert!(matches!(guided.chances.progress, Progress::Playing { .. }));
    // What the worker says to a message it could not read (protocol::player).
    let unread = guided.after(reported(0, Err("missing field `id`".into())));
    assert_eq!(unread.player_failed, Some(Trouble::Unreadable));
    assert_eq!(unread.guide().written, Written::Failed(Trouble::Unreadable));
    assert_eq!(
        unread.chances().progress,
        Progress::Failed(Trouble::Unreadable)
    );
    assert_eq!(
        (unread.guide_request(), unread.play_request()),
        (None, None)
    );
}

/// A Cities & Knights table: asked for with the board's settings, carried by the link, not
/// played (even on the same board), and dropped for a board it is not played on.
#[test]
fn a_cities_and_knights_table_is_remembered_and_not_played() {
    let base = answered(&fresh().regenerated(3), board(3));
    assert!(base.play_request().is_some());
    let asked = base.after(Action::SetExpansion(Expansion::CitiesAndKnights));
    assert_eq!(asked.settings().expansion, Expansion::CitiesAndKnights);
    let ck = answered(&asked, board(3));
    assert_eq!(ck.now.settings.expansion, Expansion::CitiesAndKnights);
    assert_eq!(
        ck.chances.progress,
        Progress::NotSimulated,
        "the same board"
    );
    assert_eq!((ck.play_request(), ck.start_on_screen()), (None, None));
    let link = share::decode(&ck.query()).unwrap().unwrap();
    assert_eq!(link.settings.expansion, Expansion::CitiesAndKnights);
    let back = answered(
        &ck.after(Action::SetExpansion(Expansion::BaseGame)),
        board(3),
    );
    assert!(back.play_request().is_some(), "played again");
    let seafarers = ck.after(Action::SetLayout(LayoutId::Seafarers));
    assert_eq!(seafarers.settings().expansion, Expansion::BaseGame);
}

#[test]
fn boards_of_other_games_are_not_played_and_a_failed_worker_is_told() {
    let settings = Settings::new(LayoutId::Seafarers, RuleSet::default());
    let seafarers = answered(
        &fresh().after(Action::SetLayout(LayoutId::Seafarers)),
        generate(&settings, 3).unwrap(),
    );
    assert_eq!(seafarers.chances.progress, Progress::NotSimulated);
    assert_eq!(seafarers.play_request(), None);
    assert_eq!(seafarers.chances.layout(), LayoutId::Seafarers);
    // McGuire's board plays as the base game.
    let mcguire = answered(
        &fresh().after(Action::SetLayout(LayoutId::McGuire)),
        generate(&Settings::new(LayoutId::McGuire, RuleSet::default()), 3).unwrap(),
    );
    assert!(mcguire.play_request().is_some());
    // The worker fails: the play-test under way says why, and so does every board after.
    let failed = fresh().after(Action::PlayerFailed(Trouble::NotLoaded));
    assert_eq!(
        failed.chances().progress,
        Progress::Failed(Trouble::NotLoaded)
    );
    assert_eq!(failed.player_failed, Some(Trouble::NotLoaded));
    assert_eq!(failed.play_request(), None);
    let later = answered(&failed.regenerated(5), board(5));
    assert_eq!(
        later.chances().progress,
        Progress::Failed(Trouble::NotLoaded)
    );
    assert_eq!(later.message, None, "the board itself came");
}

#[test]
fn the_fair_start_shown_is_chosen_by_play_for_the_board_and_table() {
    let start = fresh().after(Action::SetSeats(3));
    assert_eq!(start.start_request(), None, "not shown: not asked");
    let shown = start.after(Action::SetOverlay(Overlay::FairStart));
    let asked = shown.start_request().expect("asked once shown");
    assert_eq!(
        (asked.seats, asked.games, asked.seed),
        (3, DEFAULT_GAMES, DEFAULT_SEED)
    );
    assert_eq!(
        share::decode_token(&asked.token).unwrap().board,
        Some((*shown.now.board).clone())
    );
    assert_eq!(shown.chosen_start(), None);
    let going = shown.after(Action::Played(FromPlayer::Progress {
        id: asked.id,
        done: 10,
        total: 100,
    }));
    assert_eq!(
        going.start.as_ref().unwrap().progress,
        StartProgress::Choosing {
            done: 10,
            total: 100
        }
    );
    assert_eq!(going.chances, shown.chances, "not the chances' progress");
    let games = Tally {
        games: 4,
        no_winner: 0,
        wins: vec![1, 2, 1],
    };
    let chosen = going.after(Action::Played(FromPlayer::StartChosen(
        asked.id,
        vec![1, 2, 3, 4, 5, 6],
        Ok(games.clone()),
    )));
    let corner = CornerId::new;
    assert_eq!(
        chosen.chosen_start(),
        Some(
            &[
                [corner(1), corner(2)],
                [corner(3), corner(4)],
                [corner(5), corner(6)]
            ][..]
        )
    );
    assert_eq!(chosen.start_request(), None, "chosen: nothing more to ask");
    // Hidden and shown again: the same start, not asked again.
    let again = chosen
        .after(Action::SetOverlay(Overlay::None))
        .after(Action::SetOverlay(Overlay::FairStart));
    assert_eq!(again.chosen_start(), chosen.chosen_start());
    // A new board is a new request, and the old start never lands on it.
    let next = answered(&again.regenerated(9), board(9));
    assert_eq!(next.chosen_start(), None);
    let second = next.start_request().expect("asked for the new board");
    assert!(second.id > asked.id);
    let late = next.after(Action::Played(FromPlayer::StartChosen(
        asked.id,
        vec![1, 2, 3, 4, 5, 6],
        Ok(games),
    )));
    assert_eq!(late.chosen_start(), None);
    // A failed worker says why.
    let failed = next.after(Action::PlayerFailed("stopped".into()));
    assert_eq!(
        failed.start_on_screen().unwrap().progress,
        StartProgress::Failed("stopped".into())
    );
    // Boards the simulator does not play have no start chosen by play.
    let seafarers = answered(
        &shown.after(Action::SetLayout(LayoutId::Seafarers)),
        generate(&Settings::new(LayoutId::Seafarers, RuleSet::default()), 3).unwrap(),
    );
    assert_eq!(seafarers.start_request(), None);
}

#[test]
fn a_change_of_language_changes_the_words_only() {
    let start = fresh().after(Action::SetRule {
        rule: Rule::MaxCornerPips(8),
        on: true,
    });
    let german = super::super::words::Words::read(
        super::super::words::Lang::De,
        super::super::words::Key::ALL
            .iter()
            .map(|&k| Some(Words::english().get(k).to_string())),
    )
    .expect("every key");
    let spoken = start.after(Action::SetWords {
        words: german.clone(),
        problem: None,
    });
    assert_eq!(spoken.words.lang, super::super::words::Lang::De);
    // The board, the request under way, the message and the link stay as they were:
    // links and seeds carry no language.
    assert_eq!(spoken.now, start.now);
    assert_eq!(spoken.pending, start.pending);
    assert_eq!(spoken.message, start.message);
    assert_eq!(spoken.query(), start.query());
    let failed = spoken.after(Action::SetWords {
        words: Words::english(),
        problem: Some("no table".into()),
    });
    assert_eq!(failed.words.lang, super::super::words::Lang::En);
    assert_eq!(failed.words_problem.as_deref(), Some("no table"));
    assert_eq!(failed.query(), start.query());
}

#[test]
fn a_seed_link_no_board_fits_keeps_its_settings_in_the_controls_and_says_what_is_on_screen() {
    let rules = RuleSet::new(vec![
        Rule::NoAdjacentSameTerrain,
        Rule::NoAdjacentLumberBrick,
        Rule::DesertCenter,
    ]);
    let link = share::decode(
        "?v=1&layout=base&seed=11&rules=no-adjacent-same-terrain,no-adjacent-lumber-brick,desert-center",
    )
    .unwrap()
    .unwrap();
    let opened = State::from_link(Ok(Some(link)), 1, 2);
    assert!(
        opened.now.stands_in,
        "a board shown while the link's is searched for"
    );
    assert_eq!(
        opened.settings().rules,
        rules,
        "the controls show the link's rules"
    );
    let refusal: Refusal = "no board keeps them".into();
    let refused = opened.after(Action::Answer {
        id: pending_id(&opened),
        result: Err(refusal.clone()),
    });
    assert_eq!(refused.pending, None);
    assert_eq!(refused.now, opened.now, "the stand-in stays");
    assert!(matches!(
        &refused.message,
        Some(Message::Unmet { refusal: said, .. }) if *said == refusal
    ));
    // The controls still show what the link asked for, so one of its rules can be switched
    // off; the page's words say no board was drawn for the link, not that one is unchanged.
    assert_eq!(refused.settings().rules, rules);
    assert_eq!(refused.mode(), Mode::Random);
    let said = names::message(&refused.words, refused.message.as_ref().unwrap());
    assert!(said.contains("no board was drawn for this link"), "{said}");
    assert!(!said.contains("unchanged"), "{said}");
    // Switching one off asks for the link's other rules and seed; the message goes.
    let changed = refused.after(Action::SetRule {
        rule: Rule::DesertCenter,
        on: false,
    });
    assert_eq!(changed.message, None);
    let asked = changed.pending.clone().unwrap();
    assert_eq!(
        asked.settings.rules,
        RuleSet::new(vec![
            Rule::NoAdjacentSameTerrain,
            Rule::NoAdjacentLumberBrick
        ])
    );
    assert_eq!((asked.seed, asked.mode), (11, Mode::Random));
    // Refused again: still a stand-in, still the rules asked for in the controls.
    let again = changed.after(Action::Answer {
        id: asked.id,
        result: Err(refusal.clone()),
    });
    assert_eq!(again.settings().rules, asked.settings.rules);
    // Found: the link's board replaces the stand-in, which is no longer one.
    let found = changed.after(Action::Answer {
        id: asked.id,
        result: Ok(board(11)),
    });
    assert!(!found.now.stands_in);
    assert_eq!(found.settings().rules, asked.settings.rules);
    // Put away, the message goes and nothing else changes: the stand-in stays, and the
    // controls still show what the link asked for, through any tap that asks for nothing
    // (a turn of the board).
    let dismissed = refused.after(Action::Dismiss);
    assert_eq!(
        (dismissed.message.as_ref(), &dismissed.now),
        (None, &refused.now)
    );
    assert_eq!(dismissed.settings().rules, rules);
    assert_ne!(dismissed.settings(), &refused.now.settings);
    let turned = refused.after(Action::Rotate);
    assert_eq!(
        (turned.message.as_ref(), turned.settings()),
        (None, refused.settings())
    );
    // Once a board is found, what was asked is the board on screen's.
    assert_eq!(found.unmet, None);
}

#[test]
fn back_after_a_seed_link_returns_to_its_board_never_to_the_one_that_stood_in() {
    let link = share::decode("?v=1&layout=five-six&seed=11")
        .unwrap()
        .unwrap();
    let opened = State::from_link(Ok(Some(link)), 1, 2);
    assert!(opened.now.stands_in);
    let linked = opened.after(Action::Answer {
        id: pending_id(&opened),
        result: Ok(generate(&opened.settings().clone(), 11).unwrap()),
    });
    assert_eq!(linked.now.board.layout, LayoutId::FiveSix);
    // As after a board link: nothing earlier, so Back is greyed out and changes nothing.
    assert!(
        linked.earlier.is_empty(),
        "the stand-in is no earlier board"
    );
    assert_eq!(linked.after(Action::Back).now, linked.now);
    // Regenerate, then Back: the linked board, and nothing before it.
    let next = answered(
        &linked.regenerated(30),
        generate(&linked.now.settings, 30).unwrap(),
    );
    assert_eq!(next.earlier.len(), 1);
    let back = next.after(Action::Back);
    assert_eq!(back.now, linked.now);
    assert_eq!(
        back.query(),
        linked.query(),
        "the address bar carries its link again"
    );
    assert!(back.earlier.is_empty());
    // A stand-in refused its link's board stays no one's choice: the board the player asks
    // for next has nothing earlier either.
    let refused = opened.after(Action::Answer {
        id: pending_id(&opened),
        result: Err("none".into()),
    });
    let asked = refused.after(Action::SetLayout(LayoutId::Base));
    let found = asked.after(Action::Answer {
        id: pending_id(&asked),
        result: Ok(board(11)),
    });
    assert!(found.earlier.is_empty());
}

#[test]
fn a_refusal_of_a_board_someone_asked_for_still_says_the_board_is_unchanged() {
    let asked = fresh().after(Action::SetRule {
        rule: Rule::MaxCornerPips(8),
        on: true,
    });
    let failed = asked.after(Action::Answer {
        id: pending_id(&asked),
        result: Err("none".into()),
    });
    let said = names::message(&failed.words, failed.message.as_ref().unwrap());
    assert!(
        said.ends_with("The board on screen is unchanged."),
        "{said}"
    );
    let dismissed = failed.after(Action::Dismiss);
    assert_eq!(dismissed.message, None);
    assert_eq!(dismissed.now, failed.now);
}
