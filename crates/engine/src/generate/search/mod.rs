//! The exact search: a board that keeps every rule, or a proof that none exists.
//!
//! It works in three stages, each in its own module, on one [`state::SearchState`]:
//! 1. [`mask`]: the tiles that take no token (desert, sea). The number rules depend on the
//!    numbers and on that mask only, so a mask whose tokens cannot be placed is ruled out
//!    once, at the top of the tree, and an impossible rule set is proved impossible quickly.
//! 2. [`terrain`]: the rest of the terrain, most-constrained cell first, with forward
//!    checking on the neighbours.
//! 3. [`tokens`]: the tokens, most probable first, with look-ahead for corner pip limits
//!    and for rules that tie tokens to resources.
//!
//! [`checks`] is where every stage asks whether the rules and the layout's constraints
//! hold, and counts what asking costs; [`counting`] settles what needs no search at all. The value order is drawn from the
//! seeded generator and the search is bounded by the request's [`Budget`].

mod checks;
mod counting;
mod mask;
mod state;
mod terrain;
mod tokens;

pub(crate) use counting::impossible_by_counting_or_locks;

use crate::catalogue::Layout;
use crate::generate::budget::Budget;
use crate::generate::legal::Deal;
use crate::generate::random::Random;
use crate::generate::settings::Settings;
use crate::model::CellId;
use crate::rules::Scope;
use state::SearchState;

/// How a search ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    Found(Deal),
    Exhausted,
    OutOfBudget,
}

/// How a search opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opening {
    /// Quick randomised attempts first (half the work when rules tie tokens to terrain,
    /// an eighth otherwise): they find boards fast but prove nothing.
    Attempts,
    /// A sixteenth of the work on attempts, for questions that random boards have already
    /// failed to answer either way (naming a conflict): mostly the exhaustive search, which
    /// can show that there is no board.
    FewAttempts,
}

/// Masks of number-less tiles beyond which the search samples masks instead of
/// enumerating them (New World: about 10^11 masks on the 3-4 player frame).
const ENUMERABLE_MASKS: f64 = 200_000.0;

/// What a randomised attempt costs at least, in nodes.
const MIN_NODES_PER_ATTEMPT: u64 = 100;

/// Search nodes spent under one sampled mask before drawing another.
const NODES_PER_SAMPLED_MASK: u64 = 20_000;

/// The exact search (see the module comment). On layouts with too many masks to enumerate
/// it samples masks at random and searches under each in turn: it can then find boards but
/// never prove there are none, so it ends with the budget spent rather than a false proof.
pub(crate) async fn search(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    budget: &mut Budget,
    opening: Opening,
) -> Outcome {
    if impossible_by_counting_or_locks(layout, settings) {
        return Outcome::Exhausted;
    }
    // First, quick randomised attempts: a random mask, then a short search under it, with
    // each terrain's token search cut short. They find most boards fast but prove nothing.
    let enumerable = search_can_prove(layout);
    // Rules that tie tokens to terrain make the exhaustive search slow to finish (each
    // terrain gets a full token search), so they get more randomised attempts.
    let tied = settings
        .rules
        .rules()
        .iter()
        .any(|r| r.scope() == Scope::Both);
    // The share of the search spent sampling, of its positions and of its work.
    let sampling_share = match (enumerable, tied, opening) {
        (false, _, _) => 1,
        (true, _, Opening::FewAttempts) => 16,
        (true, true, Opening::Attempts) => 2,
        (true, false, Opening::Attempts) => 8,
    };
    let sampling_limit = budget.limit / sampling_share;
    let sampling_work = budget.work() + budget.work_left() / sampling_share;
    while budget.used < sampling_limit && budget.work() < sampling_work {
        if !budget.attempt(layout.cells.len()) {
            return Outcome::OutOfBudget;
        }
        budget.look().await;
        let mut part = budget.part(
            NODES_PER_SAMPLED_MASK.min(sampling_limit - budget.used),
            u64::MAX,
        );
        let mut state = SearchState::new(layout, settings);
        state.leaf_cap = Some(NODES_PER_SAMPLED_MASK / 4);
        let found =
            state.sample_numberless(rng) && state.mask_complete(rng, &mut part).await == Some(true);
        state.settle(&mut part);
        // An attempt whose mask fails at once still costs something, so that a rule set
        // no mask can meet moves on to the exhaustive search soon.
        budget.absorb(&part, MIN_NODES_PER_ATTEMPT);
        if found {
            return Outcome::Found(state.into_deal());
        }
    }
    if !enumerable {
        return Outcome::OutOfBudget;
    }
    // Then the exhaustive search, which finds a board or proves there is none.
    let mut state = SearchState::new(layout, settings);
    let outcome = state.place_numberless(0, CellId::new(0), rng, budget).await;
    state.settle(budget);
    match outcome {
        Some(true) => Outcome::Found(state.into_deal()),
        Some(false) => Outcome::Exhausted,
        None => Outcome::OutOfBudget,
    }
}

/// Whether the search can show that a rule set has no board on this layout (it enumerates
/// where the number-less tiles go), rather than only find boards.
pub(crate) fn search_can_prove(layout: &Layout) -> bool {
    mask_count(layout) <= ENUMERABLE_MASKS
}

/// How many ways the number-less tiles can be laid, zone by zone.
fn mask_count(layout: &Layout) -> f64 {
    layout
        .zones
        .iter()
        .map(|z| {
            let k = z.terrain_bag.iter().filter(|t| !t.takes_number()).count();
            (0..k)
                .map(|i| (z.cells.len() - i) as f64 / (i + 1) as f64)
                .product::<f64>()
        })
        .product()
}
