//! The fair-in-play search (`hexfair::play::fair`): it picks, among seat-fair boards, one
//! whose seats win about as often as each other in games it did not choose it on; how its
//! work is cut changes nothing; it keeps the rules and the score; it leaves alone what it
//! does not play. docs/play.md's figures come from `cargo run --release --example
//! play_fairness`; fewer seeds and games here.

use hexfair::balance::score::Scorer;
use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Lock, Settings};
use hexfair::model::CellId;
use hexfair::play::fair::FairFound;
use hexfair::play::fair::{evener, find_fair, plays, FairSearch, HALVES};
use hexfair::play::{BotKind, PlayTest};
use hexfair::rules::{Rule, RuleSet};
use hexfair::share::conform::claim_problems;
use std::sync::OnceLock;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The spread of seat win shares in 600 games the search never saw.
fn fresh_spread(board: &hexfair::board::Board, seats: usize, seed: u64) -> f64 {
    PlayTest::new(board, seats, BotKind::Greedy, 600, 0xF00D ^ seed)
        .unwrap()
        .run()
        .spread()
}

/// The race for four seats on the default board and rules, run once for every test that
/// weighs it: the evenness test plays seeds 0 to 8 and the halves test splits seed 7.
fn default_race(seed: u64) -> &'static FairFound {
    static RACES: [OnceLock<FairFound>; 12] = [const { OnceLock::new() }; 12];
    RACES[seed as usize].get_or_init(|| {
        find_fair(&Settings::default(), Mode::Balanced, seed, 4)
            .unwrap()
            .unwrap()
    })
}

#[test]
fn boards_chosen_by_play_are_evener_in_fresh_games_than_boards_fair_on_paper() {
    let settings = Settings::default();
    let (mut paper, mut play) = (Vec::new(), Vec::new());
    for seed in 0..9 {
        let seat_fair = find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed).unwrap();
        let fair = default_race(seed);
        paper.push(fresh_spread(&seat_fair.board, 4, seed));
        play.push(fresh_spread(&fair.found.board, 4, seed));
    }
    let (paper, play) = (median(paper), median(play));
    // Measured here: 0.052 against 0.333 (9 boards, 600 games each, where chance alone gives
    // about 0.04); docs/play.md: 0.042 against 0.331 at 2,000 games. Both among the identical
    // greedy players the race plays, the only players it is even for (docs/play.md, "Fair at
    // a real table").
    assert!(
        play < paper / 4.0,
        "fair in play {play}, fair on paper {paper}"
    );
    assert!(play < 0.08, "fair in play {play}");
}

#[test]
fn cutting_the_work_into_slices_changes_nothing() {
    let settings = Settings::default();
    let whole = find_fair(&settings, Mode::Balanced, 7, 3).unwrap().unwrap();
    for slice in [1, 97] {
        let mut search =
            FairSearch::new(&settings, Mode::Balanced, DEFAULT_CANDIDATES, 7, 3).unwrap();
        let mut last = (0, 0);
        let found = loop {
            let progress = search.progress();
            assert!(
                progress.0 >= last.0 && progress.0 < progress.1,
                "{progress:?} after {last:?}"
            );
            last = progress;
            if let Some(found) = search.step(slice) {
                break found.unwrap();
            }
        };
        assert_eq!(found.found.board, whole.found.board, "slices of {slice}");
        assert_eq!(found.games, whole.games, "slices of {slice}");
    }
}

#[test]
fn the_halves_done_apart_and_weighed_give_the_whole_searchs_board() {
    let settings = Settings::default();
    // Two seeds: each is a whole race and its two halves (a third seed would add a third of
    // this file's time).
    for seed in [7, 11] {
        let whole = default_race(seed);
        let halves: Vec<_> = (0..HALVES)
            .map(|half| {
                let mut search =
                    FairSearch::half(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed, 4, half)
                        .unwrap();
                loop {
                    if let Some(found) = search.step(500) {
                        break found.unwrap();
                    }
                }
            })
            .collect();
        assert_ne!(halves[0].found.board, halves[1].found.board);
        // Both halves' winners played the same games.
        assert_eq!(halves[0].games.games, halves[1].games.games);
        let pick = if evener(&halves[0].games, &halves[1].games) {
            &halves[0]
        } else {
            &halves[1]
        };
        assert_eq!(pick.found.board, whole.found.board, "seed {seed}");
        assert_eq!(pick.games, whole.games, "seed {seed}");
        assert_eq!(whole.compared, halves[0].compared + halves[1].compared);
    }
    assert!(
        FairSearch::half(&settings, Mode::Balanced, DEFAULT_CANDIDATES, 7, 4, HALVES).is_none()
    );
}

#[test]
fn the_chosen_board_keeps_the_rules_the_score_and_the_seats() {
    let rules = RuleSet::new([
        Rule::NoAdjacentRed,
        Rule::NoAdjacentSameNumber,
        Rule::DesertCenter,
    ]);
    for (layout, seats) in [
        (LayoutId::Base, 3),
        (LayoutId::FiveSix, 6),
        (LayoutId::McGuire, 4),
    ] {
        let settings = Settings::new(layout, rules.clone());
        let scorer = Scorer::new(layout);
        // One board a layout and table: each of these races is a search and its games, and
        // what is checked holds of every board alike.
        let seed = 0;
        let paper = find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed).unwrap();
        let fair = find_fair(&settings, Mode::Balanced, seed, seats)
            .unwrap()
            .unwrap();
        let board = &fair.found.board;
        assert_eq!(
            claim_problems(&settings, board),
            vec![],
            "{layout} seed {seed}"
        );
        assert_eq!(scorer.score_board(board), fair.found.score);
        assert!(
            fair.found.score <= paper.score.max(0.006),
            "{layout} seed {seed}: {}",
            fair.found.score
        );
        assert_eq!(fair.games.seats.len(), seats);
        assert!(
            fair.compared > 1,
            "{layout} seed {seed}: {} compared",
            fair.compared
        );
    }
}

#[test]
fn a_target_search_stays_near_its_target() {
    let settings = Settings::default();
    for seed in 0..2 {
        let paper = find(&settings, Mode::Target(0.2), DEFAULT_CANDIDATES, seed).unwrap();
        let fair = find_fair(&settings, Mode::Target(0.2), seed, 4)
            .unwrap()
            .unwrap();
        let miss = (fair.found.score - 0.2).abs();
        assert!(
            miss <= (paper.score - 0.2).abs().max(0.006),
            "seed {seed}: {}",
            fair.found.score
        );
    }
}

#[test]
fn only_balanced_and_target_searches_of_played_boards_at_their_seat_counts_play() {
    let base = Settings::default();
    assert!(plays(&base, Mode::Balanced) && plays(&base, Mode::Target(0.1)));
    for mode in [Mode::Random, Mode::Unbalanced] {
        assert!(!plays(&base, mode), "{mode}");
        assert!(
            FairSearch::new(&base, mode, DEFAULT_CANDIDATES, 1, 4).is_none(),
            "{mode}"
        );
    }
    assert!(
        FairSearch::new(&base, Mode::Balanced, DEFAULT_CANDIDATES, 1, 5).is_none(),
        "5 at a base board"
    );
    let seafarers = Settings::new(LayoutId::Seafarers, RuleSet::standard());
    assert!(!plays(&seafarers, Mode::Balanced));
    assert!(FairSearch::new(&seafarers, Mode::Balanced, DEFAULT_CANDIDATES, 1, 4).is_none());
}

/// The page asks with the hexes a player locked: every board the race weighs keeps them.
#[test]
fn locked_hexes_stay_on_the_board_chosen_by_play() {
    let free = Settings::new(LayoutId::Base, RuleSet::standard());
    let first = generate(&free, 21).unwrap();
    let locks: Vec<Lock> = [0, 7, 12]
        .into_iter()
        .map(|cell| Lock::of(&first, CellId::new(cell)))
        .collect();
    let settings = Settings {
        locks: locks.clone(),
        ..free
    };
    for seed in 0..2 {
        let fair = find_fair(&settings, Mode::Balanced, seed, 4)
            .unwrap()
            .unwrap();
        let board = &fair.found.board;
        for lock in &locks {
            assert_eq!(
                (board.terrain[lock.cell], board.numbers[lock.cell]),
                (lock.terrain, lock.number),
                "seed {seed}, cell {:?}",
                lock.cell
            );
        }
        assert_eq!(claim_problems(&settings, board), vec![]);
    }
}
