//! A draw of a legal board cut into small steps of work (as the page does when it searches
//! without its worker) gives exactly what the uncut draw gives: the same board, or the same
//! refusal naming the same rules, or the same give-up, for every seed. Seed links rebuild
//! boards from seeds, so this is part of the link contract.

use hexfair::model::CellId;
use std::rc::Rc;

use hexfair::balance::search::{find, Mode, Search};
use hexfair::board::Board;
use hexfair::catalogue::LayoutId;
use hexfair::generate::steps::{Pacer, Stepped};
use hexfair::generate::{
    generate_in_steps, generate_within, Budget, GenerateError, Lock, NumberMode, Settings,
};
use hexfair::rules::{Rule, RuleSet};

/// What a draw cut into steps of `work` gave, in how many steps, and the most work any
/// step counted.
struct Cut {
    drawn: Result<Board, GenerateError>,
    steps: u64,
    most: u64,
}

fn cut(settings: &Settings, seed: u64, work: u64) -> Cut {
    let pacer = Rc::new(Pacer::default());
    let mut budget = Budget::request().paced(pacer.clone());
    let mut drawing = Stepped::new(pacer, generate_in_steps(settings, seed, &mut budget));
    let (mut steps, mut most) = (0, 0);
    loop {
        steps += 1;
        let drawn = drawing.step(work);
        most = most.max(drawing.last_step_work());
        if let Some(drawn) = drawn {
            return Cut { drawn, steps, most };
        }
    }
}

/// The uncut draw and the work it counted.
fn whole(settings: &Settings, seed: u64) -> (Result<Board, GenerateError>, u64) {
    let mut budget = Budget::request();
    let drawn = generate_within(settings, seed, &mut budget);
    (drawn, budget.tally().work())
}

fn rules(layout: LayoutId, rules: &[Rule]) -> Settings {
    Settings::new(layout, RuleSet::new(rules.iter().copied()))
}

/// The most work one look of the solver may pass its step's allowance by: one search
/// position with its rule checks and look-ahead, or one random board (under a
/// twentieth of a millisecond natively; the most seen is about 5,000).
const MOST_PAST_THE_ALLOWANCE: u64 = 50_000;

/// Cuts each draw into steps of each size and checks that nothing changes; returns how
/// many draws were cut at all.
fn same_however_cut(name: &str, settings: &Settings, seeds: &[u64], sizes: &[u64]) -> usize {
    let mut cut_at_all = 0;
    for &seed in seeds {
        let (drawn, work) = whole(settings, seed);
        for &size in sizes {
            let stepped = cut(settings, seed, size);
            assert_eq!(stepped.drawn, drawn, "{name}, seed {seed}, steps of {size}");
            assert!(
                stepped.most <= size + MOST_PAST_THE_ALLOWANCE,
                "{name}, seed {seed}: a step of {size} counted {}",
                stepped.most
            );
            // Each step but the last does at least its allowance.
            assert!(
                stepped.steps <= work / size + 2,
                "{name}, seed {seed}: {} steps of {size} for {work} work",
                stepped.steps
            );
            cut_at_all += usize::from(stepped.steps > 1);
            println!(
                "{name}, seed {seed}: {work} work in {} steps of {size}, the most {} ({})",
                stepped.steps,
                stepped.most,
                match &drawn {
                    Ok(_) => "a board".to_string(),
                    Err(e) => format!("{e:?}").chars().take(60).collect(),
                }
            );
        }
    }
    cut_at_all
}

#[test]
fn tight_corner_limits_found_by_the_exact_search_are_the_same_however_cut() {
    let base = rules(LayoutId::Base, &[Rule::MaxCornerPips(9)]);
    let cut = same_however_cut(
        "base max-corner-pips=9",
        &base,
        &[0, 1, 2, 3, 4, 5],
        &[1, 50_000, 2_000_000],
    );
    assert!(cut >= 15, "the exact search was cut ({cut} draws)");
    let seafarers = rules(
        LayoutId::Seafarers,
        &[Rule::NoAdjacentRed, Rule::MaxCornerPips(10)],
    );
    same_however_cut("seafarers", &seafarers, &[7, 8], &[30_000]);
}

#[test]
fn refusals_that_name_a_conflict_are_the_same_however_cut() {
    // Shown by counting, before any search.
    let counted = rules(
        LayoutId::Base,
        &[Rule::NoAdjacentRed, Rule::MaxCornerPips(8)],
    );
    same_however_cut("counted", &counted, &[1, 2], &[1, 10_000]);
    // Every rule on McGuire: the search proves that no board exists, then the conflict is
    // narrowed by deletion (most of the request's work).
    let every = Settings::new(LayoutId::McGuire, RuleSet::new(Rule::ALL));
    let (drawn, _) = whole(&every, 3);
    assert!(
        matches!(drawn, Err(GenerateError::Infeasible { .. })),
        "{drawn:?}"
    );
    same_however_cut("mcguire every rule", &every, &[3], &[3_000_000]);
}

#[test]
fn give_ups_are_the_same_however_cut() {
    // The request's work runs out before a board is found or shown impossible.
    let five_six = rules(LayoutId::FiveSix, &[Rule::MaxCornerPips(9)]);
    let (drawn, _) = whole(&five_six, 161_736);
    assert!(
        matches!(drawn, Err(GenerateError::BudgetExhausted { .. })),
        "{drawn:?}"
    );
    same_however_cut("five-six give-up", &five_six, &[161_736], &[5_000_000]);
}

#[test]
fn spiral_placement_and_locks_are_the_same_however_cut() {
    let spiral = Settings {
        numbers: NumberMode::Spiral,
        ..rules(
            LayoutId::Base,
            &[
                Rule::NoAdjacentSameTerrain,
                Rule::NoAdjacentLumberBrick,
                Rule::MaxCornerPips(11),
            ],
        )
    };
    same_however_cut("base spiral", &spiral, &[1, 2, 3], &[1, 40_000]);
    let board = hexfair::generate::generate(&Settings::default(), 11).unwrap();
    let locked = Settings {
        locks: vec![
            Lock::of(&board, CellId::new(0)),
            Lock::of(&board, CellId::new(9)),
            Lock::of(&board, CellId::new(14)),
        ],
        ..rules(
            LayoutId::Base,
            &[Rule::NoAdjacentRed, Rule::MaxCornerPips(10)],
        )
    };
    same_however_cut("base locked", &locked, &[1, 2, 3], &[1, 40_000]);
    // New World cannot enumerate its masks: the search samples them.
    let new_world = rules(
        LayoutId::NewWorld,
        &[Rule::MaxCornerPips(9), Rule::NoAdjacentSameTerrain],
    );
    same_however_cut("new world", &new_world, &[1, 2], &[40_000]);
}

#[test]
fn a_balanced_search_whose_draws_are_cut_finds_the_same_board() {
    let tight = rules(
        LayoutId::Base,
        &[Rule::NoAdjacentRed, Rule::MaxCornerPips(9)],
    );
    for mode in [Mode::Balanced, Mode::Random] {
        let uncut = find(&tight, mode, 3000, 5);
        let mut search = Search::new(&tight, mode, 3000, 5);
        let mut pieces = 0;
        let found = loop {
            pieces += 1;
            if let Some(found) = search.advance(50, 20_000) {
                break found;
            }
        };
        let (found, uncut) = (found.unwrap(), uncut.unwrap());
        assert_eq!(found.board, uncut.board, "{mode}");
        assert_eq!(found.score, uncut.score);
        assert!(pieces > 100, "{mode}: {pieces} pieces");
    }
}

#[test]
fn a_spread_of_requests_over_every_board_is_the_same_however_cut() {
    // The requests of `hexfair bench --answers` (each rule alone over its parameters, pairs,
    // every rule, random sets; both number placements; with and without locks) over every
    // board of the catalogue, an even spread of 136 of them (one in twelve when the sweep
    // held the first seven boards only): boards, conflicts and give-ups.
    let requests = hexfair::bench::answer_requests(40);
    let step = requests.len().div_ceil(136);
    let mut answers = [0; 3];
    for request in requests.iter().step_by(step) {
        let (settings, seed) = (&request.settings, request.seed);
        let (drawn, _) = whole(settings, seed);
        let stepped = cut(settings, seed, 100_000);
        assert_eq!(stepped.drawn, drawn, "{}", request.describe());
        answers[match &drawn {
            Ok(_) => 0,
            Err(GenerateError::BudgetExhausted { .. }) => 2,
            Err(_) => 1,
        }] += 1;
    }
    println!("boards/conflicts/gave-up: {answers:?}");
    assert!(answers.iter().all(|&n| n > 0), "{answers:?}");
}
