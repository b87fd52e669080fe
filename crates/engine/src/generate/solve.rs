//! Turning a layout and a rule set into a legal board, or into a proof that none exists:
//! the stages in order, each used only when the one before cannot answer.
//! 1. Rejection sampling ([`crate::generate::sample`]): whole random boards until one obeys
//!    every rule, exactly uniform over legal boards; for the usual rule sets (where a few
//!    percent of random boards are legal) it is all we need.
//! 2. The exact search ([`crate::generate::search`]), bounded by the request's work, after the
//!    questions that are cheap to settle ([`crate::generate::conflict`]).
//! 3. A board found by search is mixed by random legal swaps ([`crate::generate::mix`]).
//! 4. The harbours are dealt ([`crate::generate::harbours`]) and the board assembled.
//!
//! When the rules cannot all hold, the error names a smallest set of them that cannot hold
//! together. Nothing is ever relaxed silently. A whole request shares one budget of work
//! ([`REQUEST_WORK`]); when it runs out, the request gives up in words that name the rules.
//!
//! The draw, the search and the naming of a conflict are `async` functions that never wait
//! on anything but their budget's pacer, so the page (searching without its worker) can cut
//! them into steps of counted work and go on from exactly where each stopped, with the same
//! random draws; natively they run straight through ([`crate::generate::steps`]).

use crate::board::Board;
use crate::catalogue::Layout;
use crate::generate::conflict::Prover;
use crate::generate::mix::{mix, MIXING_SWAPS};
use crate::generate::random::Random;
use crate::generate::sample::rejection_sample_within;
use crate::generate::search::{search, Opening, Outcome};
use crate::generate::steps::run_through;

use crate::generate::{assemble, obeys, place_harbours, Budget, Deal, GenerateError, Settings};

/// Rejection tries before the exact search takes over.
const REJECTION_TRIES: u32 = 3_000;

/// The work the search for a board leaves for naming a conflict, should it show that there
/// is no board.
const NAMING_RESERVE: u64 = crate::generate::REQUEST_WORK / 5;

/// Positions the search for a board may visit: they set how long it samples before the
/// exhaustive search (an eighth of them, or half when rules tie tokens to terrain).
const SEARCH_POSITIONS: u64 = 3_000_000;

/// Generates the board for `seed` under `settings`.
pub fn generate(settings: &Settings, seed: u64) -> Result<Board, GenerateError> {
    generate_within(settings, seed, &mut Budget::request())
}

/// [`generate`] drawing on `budget`, which other work of the same request may share (the
/// balance search's restarts do).
pub fn generate_within(
    settings: &Settings,
    seed: u64,
    budget: &mut Budget,
) -> Result<Board, GenerateError> {
    generate_from(settings, seed, REJECTION_TRIES, budget)
}

/// [`generate`] with a chosen number of rejection tries (0 forces the exact search; the
/// unbiasedness test uses that).
pub fn generate_with(
    settings: &Settings,
    seed: u64,
    rejection_tries: u32,
) -> Result<Board, GenerateError> {
    generate_from(settings, seed, rejection_tries, &mut Budget::request())
}

fn generate_from(
    settings: &Settings,
    seed: u64,
    rejection_tries: u32,
    budget: &mut Budget,
) -> Result<Board, GenerateError> {
    run_through(generate_paced(settings, seed, rejection_tries, budget))
}

/// [`generate_within`] as a computation that stops for now whenever `budget`'s pacer says
/// ([`Budget::paced`], [`crate::generate::steps`]): the same board, however it is cut.
pub async fn generate_in_steps(
    settings: &Settings,
    seed: u64,
    budget: &mut Budget,
) -> Result<Board, GenerateError> {
    generate_paced(settings, seed, REJECTION_TRIES, budget).await
}

async fn generate_paced(
    settings: &Settings,
    seed: u64,
    rejection_tries: u32,
    budget: &mut Budget,
) -> Result<Board, GenerateError> {
    if let Some(problem) = settings.problem() {
        return Err(GenerateError::Unsupported(problem));
    }
    let layout = Layout::get(settings.layout);
    let mut rng = Random::new(seed);
    let mut kinds = layout.harbour_bag.clone();
    rng.shuffle(&mut kinds);
    let (terrain, numbers) =
        draw_legal(layout, settings, &mut rng, rejection_tries, budget).await?;
    let harbours = place_harbours(layout, &terrain, kinds, &mut rng);
    Ok(assemble(layout, terrain, numbers, harbours))
}

/// A legal terrain and number deal, drawn as uniformly as the rules allow.
async fn draw_legal(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
    budget: &mut Budget,
) -> Result<Deal, GenerateError> {
    if let Some(found) = rejection_sample_within(layout, settings, rng, tries, budget).await {
        return Ok(found);
    }
    // The rules are tight: first the questions that are cheap to settle (can each rule
    // hold alone? the terrain rules together?), then the search for a board.
    let mut prover = Prover::new(settings, budget).await;
    if let Some(conflict) = prover.cheap_conflict(budget).await {
        return Err(GenerateError::Infeasible {
            layout: layout.id,
            conflict,
        });
    }
    // The search may use all but the reserve for naming a conflict.
    let search_work = budget.work_left().saturating_sub(NAMING_RESERVE);
    let mut part = budget.share(SEARCH_POSITIONS, search_work);
    let outcome = search(layout, settings, rng, &mut part, Opening::Attempts).await;
    budget.absorb(&part, 0);
    match outcome {
        Outcome::Found(mut deal) => {
            if !settings.spiral() {
                mix(layout, settings, rng, &mut deal, MIXING_SWAPS);
            }
            // The search checks as it goes; this last look guarantees that no board that
            // breaks a rule or a lock ever leaves the generator.
            let (t, n) = &deal;
            if !(settings.locks_hold(t, n) && obeys(layout, &settings.rules, t, n)) {
                return Err(GenerateError::gave_up(settings, budget.tally()));
            }
            Ok(deal)
        }
        Outcome::Exhausted => {
            prover.all_impossible();
            let all = prover.all();
            Err(GenerateError::Infeasible {
                layout: layout.id,
                conflict: prover.smallest(all, budget).await,
            })
        }
        Outcome::OutOfBudget => Err(GenerateError::gave_up(settings, budget.tally())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::legal::obeys;
    use crate::generate::settings::{NumberMode, SettingsProblem};
    use crate::rules::{Rule, RuleSet};

    fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
        let mut v = v.to_vec();
        v.sort();
        v
    }

    fn settings(layout: LayoutId, rules: &[Rule]) -> Settings {
        Settings::new(layout, RuleSet::new(rules.iter().copied()))
    }

    #[test]
    fn same_seed_same_board_and_seeds_differ() {
        let settings = Settings::default();
        let a = generate(&settings, 7).unwrap();
        assert_eq!(a, generate(&settings, 7).unwrap());
        assert_ne!(a, generate(&settings, 8).unwrap());
    }

    #[test]
    fn search_path_obeys_strict_rules_and_keeps_the_bags() {
        let s = settings(
            LayoutId::Base,
            &[
                Rule::NoAdjacentRed,
                Rule::NoAdjacentExtreme,
                Rule::NoAdjacentSameNumber,
                Rule::NoAdjacentSameTerrain,
                Rule::NoAdjacentLumberBrick,
            ],
        );
        let layout = Layout::get(LayoutId::Base);
        for seed in 0..10 {
            let board = generate_with(&s, seed, 0).expect("satisfiable");
            assert!(obeys(layout, &s.rules, &board.terrain, &board.numbers));
            assert_eq!(sorted(&board.terrain), sorted(&layout.terrain_bag()));
            let tokens: Vec<u8> = board.numbers.iter().flatten().copied().collect();
            assert_eq!(sorted(&tokens), sorted(&layout.token_bag()));
        }
    }

    #[test]
    fn impossible_corner_limit_is_named_alone() {
        let s = settings(
            LayoutId::Base,
            &[Rule::NoAdjacentRed, Rule::MaxCornerPips(8)],
        );
        let err = generate(&s, 1).unwrap_err();
        assert_eq!(
            err,
            GenerateError::Infeasible {
                layout: LayoutId::Base,
                conflict: vec![Rule::MaxCornerPips(8)]
            }
        );
    }

    #[test]
    fn tight_corner_limit_is_met_by_search() {
        let s = settings(LayoutId::Base, &[Rule::MaxCornerPips(10)]);
        for seed in 0..3 {
            let board = generate(&s, seed).expect("10 pips a corner is possible");
            assert!(s.rules.broken_by(&board).is_empty());
        }
    }

    #[test]
    fn spiral_mode_lays_the_letters_in_order() {
        let s = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::default()
        };
        let layout = Layout::get(LayoutId::Base);
        for seed in 0..20 {
            let board = generate(&s, seed).unwrap();
            let zone = &layout.zones[0];
            let spiral = zone.spiral.as_ref().unwrap();
            let matches_a_start = spiral.starts.iter().any(|&start| {
                let path = layout.spiral_path(zone, start, None).unwrap();
                let laid: Vec<u8> = path.iter().filter_map(|&c| board.numbers[c]).collect();
                laid == spiral.tokens
            });
            assert!(
                matches_a_start,
                "seed {seed}: tokens follow the spiral from a corner"
            );
        }
    }

    #[test]
    fn spiral_on_new_world_is_refused() {
        let s = Settings {
            layout: LayoutId::NewWorld,
            numbers: NumberMode::Spiral,
            ..Settings::default()
        };
        assert_eq!(
            generate(&s, 1),
            Err(GenerateError::Unsupported(SettingsProblem::NoSpiral {
                layout: LayoutId::NewWorld
            }))
        );
    }
}

/// The board constraints no catalogue board has yet, on copies of catalogue layouts, through
/// every stage that makes boards.
#[cfg(test)]
mod constraint_tests {
    use crate::catalogue::{Constraint, Layout};
    use crate::generate::legal::{layout_with, obeys, Deal};
    use crate::model::{CellId, Terrain};
    use crate::rules::RuleSet;

    use crate::catalogue::LayoutId;
    use crate::generate::budget::Budget;
    use crate::generate::mix::{mix, MIXING_SWAPS};
    use crate::generate::random::Random;
    use crate::generate::sample::rejection_sample;
    use crate::generate::search::{search, Opening, Outcome};
    use crate::generate::settings::Settings;
    use crate::generate::steps::run_through;

    /// The exact search's board, mixed by legal swaps as the generator mixes it (`None`
    /// when the search shows there is none).
    fn searched(layout: &Layout, settings: &Settings, seed: u64) -> Option<Deal> {
        let mut rng = Random::new(seed);
        let mut budget = Budget::request();
        let outcome = run_through(search(
            layout,
            settings,
            &mut rng,
            &mut budget,
            Opening::Attempts,
        ));
        match outcome {
            Outcome::Found(mut deal) => {
                mix(layout, settings, &mut rng, &mut deal, MIXING_SWAPS);
                Some(deal)
            }
            Outcome::Exhausted => None,
            Outcome::OutOfBudget => panic!("a small question runs out of work"),
        }
    }

    /// Every board the generator's stages make: random draws kept by rejection, and the
    /// exact search's boards after mixing.
    fn boards(layout: &Layout, settings: &Settings) -> Vec<Deal> {
        let mut out = Vec::new();
        for seed in 0..20 {
            let mut rng = Random::new(seed);
            out.extend(rejection_sample(layout, settings, &mut rng, 100_000));
            out.extend(searched(layout, settings, seed));
        }
        assert_eq!(out.len(), 40, "every stage finds a board");
        out
    }

    fn gold_side_by_side(layout: &Layout, terrain: &[Terrain]) -> bool {
        layout
            .topology
            .adjacent_pairs
            .iter()
            .any(|&(a, b)| terrain[a] == Terrain::Gold && terrain[b] == Terrain::Gold)
    }

    #[test]
    fn gold_apart_keeps_gold_hexes_from_touching() {
        let settings = Settings::new(LayoutId::Seafarers, RuleSet::standard());
        let free = layout_with(LayoutId::Seafarers, Vec::new());
        // Without the constraint random boards do put gold side by side, so the test can fail.
        let mut rng = Random::new(1);
        let touching = (0..500)
            .filter(|_| {
                rejection_sample(&free, &settings, &mut rng, 1)
                    .is_some_and(|(terrain, _)| gold_side_by_side(&free, &terrain))
            })
            .count();
        assert!(touching > 0, "random boards put gold side by side");
        let apart = layout_with(LayoutId::Seafarers, vec![Constraint::GoldApart]);
        for (terrain, numbers) in boards(&apart, &settings) {
            assert!(!gold_side_by_side(&apart, &terrain));
            assert!(obeys(&apart, &settings.rules, &terrain, &numbers));
        }
    }

    #[test]
    fn barred_numbers_stay_off_their_cells() {
        let settings = Settings::new(LayoutId::Base, RuleSet::standard());
        let cells: Vec<CellId> = CellId::all(6).collect();
        let layout = layout_with(
            LayoutId::Base,
            vec![Constraint::NumbersBarred {
                numbers: vec![6, 8],
                cells: cells.clone(),
            }],
        );
        for (_, numbers) in boards(&layout, &settings) {
            for &c in &cells {
                assert!(!matches!(numbers[c], Some(6 | 8)), "{numbers:?}");
            }
        }
    }

    #[test]
    fn the_search_honours_barred_numbers_to_the_point_of_proof() {
        let settings = Settings::new(LayoutId::Base, RuleSet::standard());
        let every_number: Vec<u8> = (2..=12).collect();
        let barred = |cells: Vec<CellId>| {
            layout_with(
                LayoutId::Base,
                vec![Constraint::NumbersBarred {
                    numbers: every_number.clone(),
                    cells,
                }],
            )
        };
        // One hex that may take no number: the desert must go there.
        let one = barred(vec![CellId::new(7)]);
        for seed in 0..5 {
            let (terrain, _) = searched(&one, &settings, seed).expect("the desert fits");
            assert_eq!(terrain[7], Terrain::Desert);
        }
        // Two such hexes and one desert: the search proves there is no board.
        assert_eq!(
            searched(&barred(vec![CellId::new(7), CellId::new(11)]), &settings, 1),
            None
        );
    }
}
