//! Boards in bulk for organisers (`hexfair generate --count N`): N distinct boards from one
//! seed, generated on every core. Native only, like the command line: the engine itself
//! stays single-threaded, so the wasm build has no threads to agree with.
//!
//! The output must not depend on the number of cores or on thread timing, so the boards are
//! defined sequentially and only computed in parallel: candidate `k` (0, 1, 2, ...) is the
//! board of seed [`board_seed`]`(seed, k)`, and the result is the first N candidates, in
//! order, whose terrain, numbers and harbours no earlier candidate had. Candidates are made
//! in batches in index order (rayon's indexed iterators keep that order) and kept or skipped
//! one by one afterwards, so batch sizes and thread counts change only the speed.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use hexfair::balance::search::{find_with_progress, Found, Mode};
use hexfair::board::Board;
use hexfair::generate::random::splitmix64;
use hexfair::generate::{GenerateError, Settings};
use hexfair::geometry::Hex;
use hexfair::model::{CellId, CornerId};
use hexfair::model::{HarbourKind, Terrain};
use hexfair::play::playtest::DEFAULT_SEED;
use hexfair::play::{BotKind, PlayReport, PlayTest, TableModel};

/// The most boards one run writes: a season of weekly tournaments many times over, and
/// still seconds of work for random boards.
pub const MAX_COUNT: u32 = 100_000;

/// SplitMix64's increment (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): the golden ratio in 64 bits.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The seed of candidate `k` of a bulk run from `seed`: the k-th output (from 0) of the
/// SplitMix64 sequence started at `seed`, that is mix(seed + (k + 1) * 0x9E3779B97F4A7C15).
/// Consecutive candidates get unrelated seeds, and each board's own seed is printed, so any
/// one board can be made again alone with `hexfair generate --seed`.
pub fn board_seed(seed: u64, k: u64) -> u64 {
    let mut state = seed.wrapping_add(k.wrapping_mul(GOLDEN_GAMMA));
    splitmix64(&mut state)
}

/// How many candidates a run of `count` boards may try before it gives up: duplicates are
/// rare on every layout, so running out means the settings allow fewer boards than asked.
pub fn most_tries(count: u32) -> u64 {
    2 * u64::from(count) + 1000
}

/// One board of a bulk run, with the seed that makes it, and its seats' chances when it
/// was played.
#[derive(Clone, Debug)]
pub struct Seeded {
    pub seed: u64,
    pub found: Found,
    pub play: Option<PlayReport>,
}

/// How boards are played: for `seats` players, `games` fresh games on varied tables
/// ([`TableModel::Varied`]: the check after the search, docs/play.md "Fair at a real table")
/// from `hexfair playtest`'s seed ([`DEFAULT_SEED`]), so that command with the board's token
/// gives the same figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Play {
    pub seats: usize,
    pub games: u32,
}

/// Games played between progress reports of [`seeded`]'s play-test.
const PLAY_SLICE: u32 = 1_000;

/// The board of `seed`, searched for `mode` over `candidates`, and when `play` is given,
/// play-tested. `progress` is told (work done, work in all): the search's candidates, then
/// the games (up to a million, half a minute).
pub fn seeded(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    play: Option<Play>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Seeded, GenerateError> {
    let games = play.map_or(0, |play| u64::from(play.games));
    let mut searched = 0;
    let found = find_with_progress(settings, mode, candidates, seed, &mut |done, total| {
        searched = total;
        progress(done, total + games);
    })?;
    let report = play.map(|play| {
        PlayTest::new(
            &found.board,
            play.seats,
            BotKind::Greedy,
            play.games,
            DEFAULT_SEED,
        )
        .expect("the command line plays only boards the simulator plays")
        .with_model(TableModel::Varied)
        .run_in_slices(PLAY_SLICE, &mut |played| {
            progress(searched + u64::from(played), searched + games)
        })
    });
    Ok(Seeded {
        seed,
        found,
        play: report,
    })
}

#[derive(Clone, Debug, PartialEq)]
pub enum BulkError {
    /// A candidate could not be generated (the first such in candidate order).
    Generate(GenerateError),
    /// The settings gave fewer distinct boards than asked within [`most_tries`] candidates.
    TooFew { distinct: u32, tried: u64 },
    /// The machine would not start the threads.
    Threads(String),
}

/// A thread pool of `jobs` threads, or one a core when `jobs` is `None`.
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, BulkError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| BulkError::Threads(e.to_string()))
}

/// `count` distinct boards from `seed` under `settings`, each searched for `mode` over
/// `candidates` candidates, on the current rayon pool (see [`pool`]). `progress` is told
/// (candidates made, candidates planned) from whichever thread made one.
pub fn distinct_boards(
    settings: &Settings,
    mode: Mode,
    candidates: u32,
    seed: u64,
    count: u32,
    play: Option<Play>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Seeded>, BulkError> {
    let make = |k: u64| {
        let seed = board_seed(seed, k);
        seeded(settings, mode, candidates, seed, play, &mut |_, _| {})
    };
    first_distinct(
        count,
        most_tries(count),
        make,
        |b: &Seeded| identity(&b.found.board),
        progress,
    )
    .map_err(|shortfall| match shortfall {
        Shortfall::Failed(error) => BulkError::Generate(error),
        Shortfall::TooFew { distinct, tried } => BulkError::TooFew { distinct, tried },
    })
}

type HarbourIdentity = (Hex, CellId, [CornerId; 2], HarbourKind);

/// What makes two boards the same for a table: terrain, numbers and harbours. Harbours are
/// compared as a set (the robber and pirate follow from the terrain and layout).
fn identity(board: &Board) -> (Vec<Terrain>, Vec<Option<u8>>, Vec<HarbourIdentity>) {
    let mut harbours: Vec<HarbourIdentity> = board
        .harbours
        .iter()
        .map(|h| (h.spot.sea, h.spot.faces, h.spot.corners, h.kind))
        .collect();
    harbours.sort_unstable();
    (board.terrain.clone(), board.numbers.clone(), harbours)
}

#[derive(Debug, PartialEq)]
enum Shortfall<E> {
    Failed(E),
    TooFew { distinct: u32, tried: u64 },
}

/// The first `count` items of `make(0), make(1), ...` whose `key` no earlier kept item had,
/// trying at most `max_tries` indices; the first error in index order ends the run. Items
/// are made in parallel on the current rayon pool, in batches; the result is the same
/// whatever the batch sizes and the number of threads.
fn first_distinct<T: Send, K: std::hash::Hash + Eq, E: Send>(
    count: u32,
    max_tries: u64,
    make: impl Fn(u64) -> Result<T, E> + Sync,
    key: impl Fn(&T) -> K,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<T>, Shortfall<E>> {
    let count = count as usize;
    let mut kept = Vec::with_capacity(count);
    let mut seen = HashSet::with_capacity(count);
    let made = AtomicU64::new(0);
    let mut next = 0u64;
    while kept.len() < count {
        // The first candidate alone: rules no board can meet fail on every seed, and one
        // proof of that (a second or so) is enough before anything is written.
        let wanted = if next == 0 {
            1
        } else {
            (count - kept.len()).max(rayon::current_num_threads()) as u64
        };
        let batch = wanted.min(max_tries - next);
        if batch == 0 {
            return Err(Shortfall::TooFew {
                distinct: kept.len() as u32,
                tried: next,
            });
        }
        let planned = (next + batch).max(count as u64);
        let results: Vec<Result<T, E>> = (next as usize..(next + batch) as usize)
            .into_par_iter()
            .map(|k| {
                let result = make(k as u64);
                progress(made.fetch_add(1, Ordering::Relaxed) + 1, planned);
                result
            })
            .collect();
        next += batch;
        for result in results {
            if kept.len() == count {
                break;
            }
            let item = result.map_err(Shortfall::Failed)?;
            if seen.insert(key(&item)) {
                kept.push(item);
            }
        }
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::balance::search::find;
    use hexfair::catalogue::LayoutId;
    use hexfair::rules::{Rule, RuleSet};

    #[test]
    fn a_played_board_reports_progress_through_its_games() {
        let settings = Settings::default();
        let play = Play {
            seats: 4,
            games: 2_500,
        };
        let mut told = Vec::new();
        let seeded = seeded(
            &settings,
            Mode::Balanced,
            300,
            5,
            Some(play),
            &mut |done, all| told.push((done, all)),
        )
        .unwrap();
        // The search's candidates, then the games a slice at a time, out of both.
        assert_eq!(told.first().map(|&(_, all)| all), Some(300 + 2_500));
        assert_eq!(
            told[told.len() - 3..],
            [(1_300, 2_800), (2_300, 2_800), (2_800, 2_800)]
        );
        let alone = PlayTest::new(&seeded.found.board, 4, BotKind::Greedy, 2_500, DEFAULT_SEED)
            .unwrap()
            .with_model(TableModel::Varied)
            .run();
        assert_eq!(seeded.play, Some(alone));
    }

    fn quiet(_: u64, _: u64) {}

    /// `first_distinct` on a thread pool of `jobs` threads.
    fn on_threads<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> T {
        pool(Some(jobs)).unwrap().install(work)
    }

    #[test]
    fn board_seeds_are_splitmix64_outputs() {
        // SplitMix64 from state 0: its published first outputs (the reference C code by
        // Vigna, prng.di.unimi.it/splitmix64.c, seeded with 0).
        assert_eq!(board_seed(0, 0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(board_seed(0, 1), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(board_seed(0, 2), 0x06C4_5D18_8009_454F);
        assert_ne!(board_seed(1, 0), board_seed(0, 0));
    }

    #[test]
    fn repeats_are_skipped_in_index_order_whatever_the_threads() {
        // Items 0..7 with repeats: keys 0,1,0,2,1,3,3,4,... The first five distinct are at
        // indices 0, 1, 3, 5 and 7.
        let keys = [0u32, 1, 0, 2, 1, 3, 3, 4, 5, 6];
        let make = |k: u64| Ok::<(u64, u32), ()>((k, keys[k as usize]));
        for jobs in [1, 2, 3, 8] {
            let kept = on_threads(jobs, || {
                first_distinct(5, 10, make, |item: &(u64, u32)| item.1, &quiet)
            });
            let indices: Vec<u64> = kept.unwrap().iter().map(|item| item.0).collect();
            assert_eq!(indices, [0, 1, 3, 5, 7], "{jobs} threads");
        }
    }

    #[test]
    fn too_few_distinct_items_end_the_run_with_a_count() {
        let make = |k: u64| Ok::<u64, ()>(k % 3);
        let result = on_threads(2, || {
            first_distinct(5, 40, make, |item: &u64| *item, &quiet)
        });
        assert_eq!(
            result,
            Err(Shortfall::TooFew {
                distinct: 3,
                tried: 40
            })
        );
    }

    #[test]
    fn the_first_error_in_index_order_wins_and_errors_past_the_end_do_not_count() {
        let make = |k: u64| if k == 4 || k == 6 { Err(k) } else { Ok(k) };
        let failed = on_threads(2, || {
            first_distinct(6, 100, make, |item: &u64| *item, &quiet)
        });
        assert_eq!(failed, Err(Shortfall::Failed(4)));
        // Four items are found before index 4 fails: the failure lies beyond what is needed.
        let enough = on_threads(2, || {
            first_distinct(4, 100, make, |item: &u64| *item, &quiet)
        });
        assert_eq!(enough, Ok(vec![0, 1, 2, 3]));
    }

    #[test]
    fn the_first_candidate_is_tried_alone_so_impossible_rules_fail_once() {
        let tried = AtomicU64::new(0);
        let make = |_: u64| {
            tried.fetch_add(1, Ordering::Relaxed);
            Err::<u64, &str>("impossible")
        };
        let result = on_threads(2, || {
            first_distinct(40, 1000, make, |item: &u64| *item, &quiet)
        });
        assert_eq!(result, Err(Shortfall::Failed("impossible")));
        assert_eq!(tried.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn bulk_boards_are_the_boards_of_their_seeds_and_distinct() {
        let settings = Settings::new(
            LayoutId::Seafarers,
            RuleSet::standard().with(Rule::NoAdjacentSameNumber),
        );
        let boards = on_threads(2, || {
            distinct_boards(&settings, Mode::Balanced, 500, 9, 12, None, &quiet).unwrap()
        });
        assert_eq!(boards.len(), 12);
        let identities: HashSet<_> = boards.iter().map(|b| identity(&b.found.board)).collect();
        assert_eq!(identities.len(), 12);
        for (k, b) in boards.iter().enumerate() {
            assert_eq!(b.seed, board_seed(9, k as u64), "no repeats, so no skips");
            let alone = find(&settings, Mode::Balanced, 500, b.seed).unwrap();
            assert_eq!(alone.board, b.found.board);
        }
    }

    #[test]
    fn harbours_in_another_order_are_the_same_board() {
        let board = hexfair::generate::generate(&Settings::default(), 3).unwrap();
        let mut turned = board.clone();
        turned.harbours.reverse();
        assert_ne!(board, turned);
        assert_eq!(identity(&board), identity(&turned));
    }
}
