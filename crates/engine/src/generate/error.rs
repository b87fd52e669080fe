//! Why no board came back, in the words players use.

use std::fmt;

use crate::catalogue::LayoutId;
use crate::generate::budget::Tally;
use crate::generate::settings::Settings;
use crate::rules::Rule;

/// Why no board came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The settings themselves are inconsistent (spiral on a layout without one).
    Unsupported(String),
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

/// By stable names only (`no base board can keep max-corner-pips=8`): the engine has no
/// words of its own for the rules. The command line says it in its English
/// (crates/cli/src/words.rs), the page in its languages (src/app/names.rs).
impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = |rules: &[Rule]| -> String {
            let names: Vec<String> = rules.iter().map(|r| r.name()).collect();
            names.join(", ")
        };
        match self {
            GenerateError::Unsupported(why) => f.write_str(why),
            GenerateError::Infeasible { layout, conflict } if conflict.is_empty() => {
                write!(f, "no {layout} board can be laid out with these settings")
            }
            GenerateError::Infeasible { layout, conflict } => {
                write!(f, "no {layout} board can keep {}", names(conflict))
            }
            GenerateError::BudgetExhausted {
                layout,
                rules,
                locked,
                nodes,
            } => write!(
                f,
                "gave up after searching {} positions without finding a {layout} board or \
                 proving that none exists (rules: {}; locked hexes: {locked})",
                thousands(*nodes),
                names(rules)
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// 1234567 as "1,234,567".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_layout_and_the_rules_by_their_stable_names() {
        let conflict = GenerateError::Infeasible {
            layout: LayoutId::Base,
            conflict: vec![Rule::MaxCornerPips(8), Rule::DesertCenter],
        };
        assert_eq!(
            conflict.to_string(),
            "no base board can keep max-corner-pips=8, desert-center"
        );
        let gave_up = GenerateError::BudgetExhausted {
            layout: LayoutId::Seafarers,
            rules: vec![Rule::MaxCornerPips(9)],
            locked: 1,
            nodes: 1_234_567,
        };
        assert_eq!(
            gave_up.to_string(),
            "gave up after searching 1,234,567 positions without finding a seafarers board or \
             proving that none exists (rules: max-corner-pips=9; locked hexes: 1)"
        );
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }
}
