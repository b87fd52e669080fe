//! Property tests of the generator: over thousands of seeds and a spread of rule sets, every
//! board holds exactly its layout's bags and keeps every active rule.

use hexfair::board::Terrain;
use hexfair::layout::{Layout, LayoutId};
use hexfair::rules::{Rule, RuleSet};
use hexfair::solve::{generate, Settings};
use proptest::prelude::*;

fn sorted<T: Ord + Clone>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.into_iter().collect();
    v.sort();
    v
}

/// Any subset of the adjacency rules, plus sometimes a corner-pip limit.
fn rule_sets() -> impl Strategy<Value = RuleSet> {
    (
        prop::collection::vec(any::<bool>(), 4),
        prop::option::of(10u8..=14),
    )
        .prop_map(|(on, limit)| {
            let adjacency = [
                Rule::NoAdjacentRed,
                Rule::NoAdjacentExtreme,
                Rule::NoAdjacentSameNumber,
                Rule::NoAdjacentSameTerrain,
            ];
            RuleSet::new(
                adjacency
                    .into_iter()
                    .zip(on)
                    .filter_map(|(r, on)| on.then_some(r))
                    .chain(limit.map(Rule::MaxCornerPips)),
            )
        })
}

fn assert_standard_and_legal(settings: &Settings, seed: u64) -> Result<(), TestCaseError> {
    let layout = Layout::get(settings.layout);
    let board = generate(settings, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(sorted(board.terrain.clone()), sorted(layout.terrain_bag()));
    prop_assert_eq!(
        sorted(board.numbers.iter().flatten().copied()),
        sorted(layout.token_bag())
    );
    for (t, n) in board.terrain.iter().zip(&board.numbers) {
        prop_assert_eq!(n.is_some(), t.takes_number(), "token on {} is {:?}", t, n);
    }
    prop_assert_eq!(
        sorted(board.harbours.iter().map(|h| h.kind)),
        sorted(layout.harbour_bag.clone())
    );
    let robber = board.robber.expect("base has a desert");
    prop_assert_eq!(board.terrain[robber], Terrain::Desert);
    let broken = settings.rules.broken_by(&board);
    prop_assert!(broken.is_empty(), "seed {} breaks {:?}", seed, broken);
    prop_assert_eq!(
        &board,
        &generate(settings, seed).unwrap(),
        "same seed, same board"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn default_rules_hold_for_any_seed(seed in any::<u64>()) {
        assert_standard_and_legal(&Settings::default(), seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn any_rule_set_holds_for_any_seed(seed in any::<u64>(), rules in rule_sets()) {
        let settings = Settings::new(LayoutId::Base, rules);
        assert_standard_and_legal(&settings, seed)?;
    }
}

#[test]
fn consecutive_seeds_give_different_boards() {
    let settings = Settings::default();
    let boards: Vec<_> = (0..200).map(|s| generate(&settings, s).unwrap()).collect();
    let distinct = sorted(boards.iter().map(|b| (b.terrain_text(), b.numbers_text())));
    let mut unique = distinct.clone();
    unique.dedup();
    assert_eq!(unique.len(), 200);
}
