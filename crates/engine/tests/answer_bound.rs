//! Every request gets one of three answers within one counted budget of work: a board, the
//! rules that cannot hold together, or a give-up in words that names them. The budget is
//! counted rather than timed, so these tests assert the count; how long it takes is what
//! `cargo run --release --example answer_times` reports.

use hexfair::balance::search::{find, Mode};
use hexfair::catalogue::LayoutId;
use hexfair::generate::random::Random;
use hexfair::generate::{
    generate, generate_within, Budget, GenerateError, Lock, NumberMode, Settings, Tally,
    REQUEST_WORK,
};
use hexfair::model::{CellId, Terrain};
use hexfair::rules::{Rule, RuleSet};

/// How far a request may pass its budget: by the one step that crosses it.
const ONE_STEP: u64 = REQUEST_WORK / 100;

fn settings(layout: LayoutId, numbers: NumberMode, rules: &[Rule]) -> Settings {
    Settings {
        numbers,
        ..Settings::new(layout, RuleSet::new(rules.iter().copied()))
    }
}

fn every_rule(layout: LayoutId, numbers: NumberMode) -> Settings {
    settings(layout, numbers, &Rule::ALL)
}

/// The request's answer and what it did.
fn answer(settings: &Settings, seed: u64) -> (Result<hexfair::board::Board, GenerateError>, Tally) {
    let mut budget = Budget::request();
    let result = generate_within(settings, seed, &mut budget);
    (result, budget.tally())
}

/// Checks that the answer is one of the three, each as it should be, and that the work
/// stayed within the budget.
fn assert_answered(settings: &Settings, seed: u64) -> Result<hexfair::board::Board, GenerateError> {
    let what = format!(
        "{} {} [{}] seed {seed}",
        settings.layout,
        settings.numbers.name(),
        settings.rules.names()
    );
    let (result, done) = answer(settings, seed);
    assert!(
        done.work() <= REQUEST_WORK + ONE_STEP,
        "{what}: {} work of {REQUEST_WORK}",
        done.work()
    );
    match &result {
        Ok(board) => assert!(settings.rules.broken_by(board).is_empty(), "{what}"),
        Err(GenerateError::Infeasible { layout, conflict }) => {
            assert_eq!(*layout, settings.layout, "{what}");
            assert!(
                conflict.iter().all(|r| settings.rules.contains(*r)),
                "{what}: {conflict:?} are not all active"
            );
        }
        Err(GenerateError::BudgetExhausted { layout, rules, .. }) => {
            assert_eq!(*layout, settings.layout, "{what}");
            assert_eq!(rules, settings.rules.rules(), "{what}");
        }
        Err(other) => panic!("{what}: not one of the three answers: {other:?}"),
    }
    result
}

/// A conflict that was named really conflicts: asked alone, it yields no board.
fn assert_really_conflicts(settings: &Settings, conflict: &[Rule]) {
    let alone = Settings {
        rules: RuleSet::new(conflict.iter().copied()),
        ..settings.clone()
    };
    assert!(
        generate(&alone, 1).is_err(),
        "{} [{}] is named as a conflict, yet has a board",
        settings.layout,
        alone.rules.names()
    );
}

#[test]
fn the_slowest_requests_found_stay_within_the_work_budget() {
    use Rule::*;
    let lock = |cell, terrain, number| Lock {
        cell: CellId::new(cell),
        terrain,
        number,
    };
    // The slowest request of each layout in the `answer_times` sweep, and the slowest with
    // locks.
    let hardest = [
        (
            settings(
                LayoutId::Base,
                NumberMode::Random,
                &[
                    NoAdjacentRed,
                    NoAdjacentExtreme,
                    RedOnDistinctResources,
                    MaxCornerPips(9),
                    DesertCenter,
                ],
            ),
            245_882,
        ),
        (
            settings(
                LayoutId::Base,
                NumberMode::Spiral,
                &[
                    NoAdjacentRed,
                    NoAdjacentSameNumber,
                    NoAdjacentSameTerrain,
                    NoAdjacentLumberBrick,
                    DistinctNumbersPerResource,
                    MaxCornerPips(15),
                    MinResourcePips(8),
                    DesertCenter,
                    MaxTerrainCluster(3),
                ],
            ),
            417_631,
        ),
        (
            settings(
                LayoutId::FiveSix,
                NumberMode::Random,
                &[NoAdjacentSameTerrain, NoAdjacentLumberBrick],
            ),
            803_901,
        ),
        (
            settings(LayoutId::Seafarers, NumberMode::Random, &[MaxCornerPips(9)]),
            110_258,
        ),
        (
            Settings {
                locks: vec![
                    lock(18, Terrain::Pasture, Some(4)),
                    lock(20, Terrain::Forest, Some(10)),
                    lock(9, Terrain::Sea, None),
                ],
                ..every_rule(LayoutId::Seafarers, NumberMode::Random)
            },
            884_357,
        ),
        (
            settings(
                LayoutId::SeafarersFiveSix,
                NumberMode::Random,
                &[
                    NoAdjacentExtreme,
                    NoAdjacentSameNumber,
                    NoAdjacentSameTerrain,
                    DistinctNumbersPerResource,
                    MaxCornerPips(8),
                ],
            ),
            873_559,
        ),
        (
            settings(
                LayoutId::NewWorld,
                NumberMode::Random,
                &[
                    NoAdjacentExtreme,
                    NoAdjacentSameNumber,
                    NoAdjacentLumberBrick,
                    DistinctNumbersPerResource,
                    MaxCornerPips(6),
                    DesertCenter,
                ],
            ),
            501_905,
        ),
        (
            settings(
                LayoutId::NewWorldFiveSix,
                NumberMode::Random,
                &[MaxCornerPips(7)],
            ),
            652_211,
        ),
    ];
    for (settings, seed) in &hardest {
        // Any of the three answers will do; assert_answered checks each is as it should be.
        let _ = assert_answered(settings, *seed);
    }
}

#[test]
fn mcguire_with_every_rule_is_refused() {
    let settings = every_rule(LayoutId::McGuire, NumberMode::Random);
    match assert_answered(&settings, 479_526) {
        Ok(board) => panic!("no McGuire board keeps every rule, yet got {board:?}"),
        Err(GenerateError::Infeasible { conflict, .. }) => {
            assert!(!conflict.is_empty());
            assert_really_conflicts(&settings, &conflict);
        }
        Err(_) => {}
    }
    // The balance search refuses it as its first fresh board does, on the same budget
    // (its restarts draw their seeds from the request's).
    let first_seed = Random::new(479_526).next_u64();
    assert_eq!(
        find(&settings, Mode::Balanced, 2000, 479_526).map(|f| f.board),
        generate(&settings, first_seed)
    );
}

#[test]
fn cheap_proofs_name_the_small_conflict_inside_every_rule() {
    // With every rule on, the terrain rules alone already cannot hold on the base island
    // (five kinds on eighteen hexes round a central desert, no two alike side by side,
    // forest never beside hills); the spiral does not change that.
    for numbers in [NumberMode::Random, NumberMode::Spiral] {
        let settings = every_rule(LayoutId::Base, numbers);
        match assert_answered(&settings, 155_563) {
            Err(GenerateError::Infeasible { conflict, .. }) => {
                assert_eq!(
                    conflict,
                    vec![
                        Rule::NoAdjacentSameTerrain,
                        Rule::NoAdjacentLumberBrick,
                        Rule::DesertCenter
                    ],
                    "{}",
                    numbers.name()
                );
                assert_really_conflicts(&settings, &conflict);
            }
            other => panic!(
                "{}: expected the terrain conflict, got {other:?}",
                numbers.name()
            ),
        }
    }
}

#[test]
fn a_request_does_the_same_work_every_time() {
    let settings = every_rule(LayoutId::Base, NumberMode::Random);
    let (first, first_done) = answer(&settings, 7);
    let (again, again_done) = answer(&settings, 7);
    assert_eq!(first, again);
    assert_eq!(first_done, again_done);
    assert!(first_done.positions > 0 && first_done.draws > 0);
}

#[test]
fn locks_that_cannot_hold_are_refused_within_the_budget() {
    // Two locked 6s side by side under the red rule, with every other rule on too.
    let locks = vec![
        Lock {
            cell: CellId::new(0),
            terrain: Terrain::Forest,
            number: Some(6),
        },
        Lock {
            cell: CellId::new(1),
            terrain: Terrain::Hills,
            number: Some(6),
        },
    ];
    for layout in [LayoutId::Base, LayoutId::FiveSix] {
        let settings = Settings {
            locks: locks.clone(),
            ..every_rule(layout, NumberMode::Random)
        };
        match assert_answered(&settings, 3) {
            Err(GenerateError::Infeasible { conflict, .. }) => {
                assert_eq!(conflict.len(), 1, "{layout}: {conflict:?}");
            }
            other => panic!("{layout}: expected a named conflict, got {other:?}"),
        }
    }
}
