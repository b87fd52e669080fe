//! Scoring a candidate allocates nothing: a counting allocator watches the balance search's
//! inner loop (a legal swap, then a score) and the scorer on its own; nor does playing games
//! (base, 5-6 and McGuire boards, bots choosing the opening or given it).

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use hexfair::balance::score::Scorer;
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::moves::Walk;
use hexfair::generate::random::Random;
use hexfair::generate::{generate, Settings};
use hexfair::rules::RuleSet;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Only the test's own thread is watched: the test harness's main thread allocates
    /// whenever it likes (it made this test fail now and then on a busy machine).
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        if WATCHING.try_with(Cell::get).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn scoring_and_swapping_do_not_allocate() {
    for id in [LayoutId::Base, LayoutId::FiveSix, LayoutId::Seafarers] {
        let settings = Settings::new(id, RuleSet::standard());
        let board = generate(&settings, 1).unwrap();
        let scorer = Scorer::new(id);
        let mut walk = Walk::new(
            Layout::get(id),
            &settings.rules,
            (board.terrain.clone(), board.numbers.clone()),
            None,
            &[],
        );
        let mut rng = Random::new(5);
        let mut total = 0.0;
        WATCHING.with(|w| w.set(true));
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        for _ in 0..10_000 {
            total += scorer.score(&board.terrain, &board.numbers);
            if walk.step(&mut rng).is_some() {
                total += scorer.score(&walk.terrain, &walk.numbers);
            }
        }
        let after = ALLOCATIONS.load(Ordering::SeqCst);
        WATCHING.with(|w| w.set(false));
        assert!(total.is_finite());
        assert_eq!(
            after - before,
            0,
            "{id}: {} allocations in 10,000 candidates",
            after - before
        );
    }
}

#[test]
fn playing_games_does_not_allocate() {
    use hexfair::balance::spots::fair_start;
    use hexfair::play::{BotKind, Game, Table};
    for (id, seats) in [
        (LayoutId::Base, 4),
        (LayoutId::FiveSix, 6),
        (LayoutId::McGuire, 4),
    ] {
        let board = generate(&Settings::new(id, RuleSet::standard()), 2).unwrap();
        let table = Table::new(&board).unwrap();
        // The fair start's opening, given to the game (built before the watch begins).
        let mut opening = [[0u8; 2]; 6];
        for (seat, s) in fair_start(&board, seats).seats.iter().enumerate() {
            opening[seat] = s.settlements.map(|c| c.index() as u8);
        }
        for (bot, given) in [
            (BotKind::Greedy, false),
            (BotKind::Weighted, false),
            (BotKind::Greedy, true),
        ] {
            let mut game = Game::new(&table, seats, [bot; 6], 0);
            if given {
                game = game.with_opening(opening).unwrap();
            }
            let mut turns = 0;
            WATCHING.with(|w| w.set(true));
            let before = ALLOCATIONS.load(Ordering::SeqCst);
            for seed in 0..50 {
                game.reset(seed);
                turns += game.play().turns;
            }
            let after = ALLOCATIONS.load(Ordering::SeqCst);
            WATCHING.with(|w| w.set(false));
            assert!(turns > 50 * 20, "{turns} turns played");
            assert_eq!(
                after - before,
                0,
                "{id} {bot:?} (opening given: {given}): {} allocations in 50 games",
                after - before
            );
        }
    }
}
