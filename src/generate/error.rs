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

/// In the words players use (the rule panel's own labels), so the app shows it as it is.
/// The alternate form (`{:#}`, the command line's) adds the stable names a person types.
impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alternate = f.alternate();
        let names = |rules: &[Rule]| -> String {
            if !alternate || rules.is_empty() {
                return String::new();
            }
            let names: Vec<String> = rules.iter().map(|r| r.name()).collect();
            let rule = if rules.len() == 1 { "rule" } else { "rules" };
            format!(" ({rule} {})", names.join(", "))
        };
        match self {
            GenerateError::Unsupported(why) => f.write_str(why),
            GenerateError::Infeasible { layout, conflict } if conflict.is_empty() => {
                write!(f, "no {layout} board can be laid out with these settings")
            }
            GenerateError::Infeasible { layout, conflict } => {
                let together = if conflict.len() == 1 { "" } else { " together" };
                write!(
                    f,
                    "no {layout} board can keep {}{together}{}",
                    crate::rules::listed(conflict),
                    names(conflict)
                )
            }
            GenerateError::BudgetExhausted {
                layout,
                rules,
                locked,
                nodes,
            } => {
                write!(
                    f,
                    "gave up after searching {} positions without finding a {layout} board or \
                     proving that none exists: ",
                    thousands(*nodes)
                )?;
                let hexes = if *locked == 1 { "hex" } else { "hexes" };
                let listed = crate::rules::listed(rules);
                let names = names(rules);
                match (rules.len(), *locked) {
                    (0, _) => write!(
                        f,
                        "the {locked} locked {hexes} leave too little room; unlock a hex"
                    ),
                    (1, 0) => write!(
                        f,
                        "{listed}{names} is very hard to keep on this layout; loosen it"
                    ),
                    (_, 0) => write!(
                        f,
                        "{listed}{names} are very hard to keep together on this layout; \
                         loosen or switch off one of them"
                    ),
                    _ => write!(
                        f,
                        "{listed}{names} with {locked} locked {hexes} {} very hard to keep on \
                         this layout; loosen a rule or unlock a hex",
                        if rules.len() == 1 { "is" } else { "are" },
                    ),
                }
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// 1234567 as "1,234,567".
pub(crate) fn thousands(n: u64) -> String {
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
    fn giving_up_names_the_layout_the_rules_and_the_locks_in_words() {
        let gave_up = |rules: &[Rule], locked: usize| {
            GenerateError::BudgetExhausted {
                layout: LayoutId::Seafarers,
                rules: rules.to_vec(),
                locked,
                nodes: 1_234_567,
            }
            .to_string()
        };
        let two = gave_up(&[Rule::MaxCornerPips(9), Rule::DesertCenter], 0);
        assert!(
            two.starts_with(
                "gave up after searching 1,234,567 positions without finding a seafarers board"
            ),
            "{two}"
        );
        assert!(
            two.contains("“At most 9 pips at any corner” and “The desert in the middle” are very hard to keep together"),
            "{two}"
        );
        assert!(two.ends_with("loosen or switch off one of them"), "{two}");
        let one = gave_up(&[Rule::MaxCornerPips(9)], 1);
        assert!(
            one.contains("“At most 9 pips at any corner” with 1 locked hex is very hard to keep"),
            "{one}"
        );
        assert!(one.ends_with("loosen a rule or unlock a hex"), "{one}");
        let locks_only = gave_up(&[], 3);
        assert!(
            locks_only.contains("the 3 locked hexes leave too little room; unlock a hex"),
            "{locks_only}"
        );
        for words in [&two, &one] {
            assert!(
                !words.contains("--") && !words.contains("max-corner-pips"),
                "no command-line names in a player's message: {words}"
            );
        }
        // The command line's form names the rules as a person types them.
        let cli = format!(
            "{:#}",
            GenerateError::BudgetExhausted {
                layout: LayoutId::Seafarers,
                rules: vec![Rule::MaxCornerPips(9), Rule::DesertCenter],
                locked: 0,
                nodes: 5,
            }
        );
        assert!(
            cli.contains("“The desert in the middle” (rules max-corner-pips=9, desert-center) are"),
            "{cli}"
        );
        let conflict = GenerateError::Infeasible {
            layout: LayoutId::Base,
            conflict: vec![Rule::MaxCornerPips(8)],
        };
        assert_eq!(
            conflict.to_string(),
            "no base board can keep “At most 8 pips at any corner”"
        );
        assert_eq!(
            format!("{conflict:#}"),
            "no base board can keep “At most 8 pips at any corner” (rule max-corner-pips=8)"
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
