//! Why no board came back, as data: the words crate says it (crates/words/src/names.rs), for
//! the page in its languages and the command line in the page's English.

use crate::catalogue::LayoutId;
use crate::generate::budget::Tally;
use crate::generate::settings::{Settings, SettingsProblem};
use crate::rules::Rule;

/// Why no board came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The settings themselves are inconsistent (spiral on a layout without one).
    Unsupported(SettingsProblem),
    /// No board of the layout obeys all of these rules together (with the locks): a smallest
    /// such set, as far as the request's work allowed (every rule of it is needed when each
    /// question could be settled; at worst it is every active rule).
    Infeasible {
        layout: LayoutId,
        conflict: Vec<Rule>,
    },
    /// The request's work ran out (see [`REQUEST_WORK`]) before a board was found or shown
    /// impossible: the rules and locks are very tight, not necessarily impossible.
    BudgetExhausted {
        layout: LayoutId,
        /// The active rules.
        rules: Vec<Rule>,
        /// How many hexes were locked.
        locked: usize,
        /// Positions searched and random boards drawn.
        nodes: u64,
    },
}

impl GenerateError {
    /// The give-up answer for `settings` after what `done` counts.
    pub fn gave_up(settings: &Settings, done: Tally) -> GenerateError {
        GenerateError::BudgetExhausted {
            layout: settings.layout,
            rules: settings.rules.rules().to_vec(),
            locked: settings.locks.len(),
            nodes: done.positions + done.draws,
        }
    }
}
