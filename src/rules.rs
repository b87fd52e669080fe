//! The placement rules a table can switch on, by their stable names.
//!
//! Each rule answers two questions: does a complete board break it ([`Rule::holds`]), and
//! can a partly filled board still be completed without breaking it
//! ([`Rule::allows_partial`]); the solver asks the second after every placement.

use std::fmt;

use crate::board::{is_red, pips, token_pips, Board, Resource, Terrain};
use crate::layout::{CellId, Layout};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// 6 and 8 never touch (the official rule).
    NoAdjacentRed,
    /// 2 and 12 never touch.
    NoAdjacentExtreme,
    /// Two hexes with the same number never touch.
    NoAdjacentSameNumber,
    /// Two hexes of the same terrain never touch.
    NoAdjacentSameTerrain,
    /// No settlement spot totals more than this many pips (13 forbids 6-8-5 spots).
    MaxCornerPips(u8),
}

/// The rule kinds with their stable names; a parameterised kind is written `name=N`.
const KINDS: [(&str, Rule); 5] = [
    ("no-adjacent-red", Rule::NoAdjacentRed),
    ("no-adjacent-extreme", Rule::NoAdjacentExtreme),
    ("no-adjacent-same-number", Rule::NoAdjacentSameNumber),
    ("no-adjacent-same-terrain", Rule::NoAdjacentSameTerrain),
    ("max-corner-pips", Rule::MaxCornerPips(13)),
];

impl Rule {
    /// One of each kind, parameterised rules at their usual setting.
    pub const ALL: [Rule; 5] = [
        Rule::NoAdjacentRed,
        Rule::NoAdjacentExtreme,
        Rule::NoAdjacentSameNumber,
        Rule::NoAdjacentSameTerrain,
        Rule::MaxCornerPips(13),
    ];

    /// The stable kind name, as used on the command line and in links (without `=N`).
    pub fn kind_name(self) -> &'static str {
        match self {
            Rule::NoAdjacentRed => "no-adjacent-red",
            Rule::NoAdjacentExtreme => "no-adjacent-extreme",
            Rule::NoAdjacentSameNumber => "no-adjacent-same-number",
            Rule::NoAdjacentSameTerrain => "no-adjacent-same-terrain",
            Rule::MaxCornerPips(_) => "max-corner-pips",
        }
    }

    /// The parameter of a parameterised rule.
    pub fn parameter(self) -> Option<u8> {
        match self {
            Rule::MaxCornerPips(n) => Some(n),
            _ => None,
        }
    }

    /// The same kind of rule with another parameter (unchanged for plain rules).
    pub fn with_parameter(self, n: u8) -> Rule {
        match self {
            Rule::MaxCornerPips(_) => Rule::MaxCornerPips(n),
            plain => plain,
        }
    }

    /// Whether two rules are the same kind (whatever their parameters).
    pub fn same_kind(self, other: Rule) -> bool {
        self.kind_name() == other.kind_name()
    }

    /// The full stable name: `no-adjacent-red`, `max-corner-pips=13`.
    pub fn name(self) -> String {
        match self.parameter() {
            Some(n) => format!("{}={n}", self.kind_name()),
            None => self.kind_name().to_string(),
        }
    }

    /// The rule in plain words, for people.
    pub fn describe(self) -> String {
        match self {
            Rule::NoAdjacentRed => "6 and 8 never touch".into(),
            Rule::NoAdjacentExtreme => "2 and 12 never touch".into(),
            Rule::NoAdjacentSameNumber => "equal numbers never touch".into(),
            Rule::NoAdjacentSameTerrain => "equal terrains never touch".into(),
            Rule::MaxCornerPips(n) => format!("no settlement spot over {n} pips"),
        }
    }

    /// Reads `name` or `name=N`.
    pub fn parse(text: &str) -> Result<Rule, String> {
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (text, None),
        };
        let Some(&(_, kind)) = KINDS.iter().find(|(n, _)| *n == name) else {
            return Err(format!(
                "unknown rule '{text}'; expected one of {}",
                KINDS
                    .map(|(n, r)| if r.parameter().is_some() {
                        format!("{n}=N")
                    } else {
                        n.to_string()
                    })
                    .join(", ")
            ));
        };
        match (kind.parameter(), value) {
            (None, None) => Ok(kind),
            (None, Some(_)) => Err(format!("rule '{name}' takes no value")),
            (Some(_), None) => Err(format!("rule '{name}' needs a value, as in {name}=N")),
            (Some(_), Some(v)) => match v.parse::<u8>() {
                Ok(n) if n <= 99 => Ok(kind.with_parameter(n)),
                _ => Err(format!(
                    "rule '{name}' needs a whole number from 0 to 99, not '{v}'"
                )),
            },
        }
    }

    /// Whether the rule constrains terrain only (and so holds whatever the numbers are).
    pub fn is_terrain_only(self) -> bool {
        matches!(self, Rule::NoAdjacentSameTerrain)
    }

    /// Whether a complete board obeys the rule.
    pub fn holds(self, layout: &Layout, board: &Board) -> bool {
        let terrain: Vec<Option<Terrain>> = board.terrain.iter().map(|&t| Some(t)).collect();
        let view = PartialBoard {
            terrain: &terrain,
            numbers: &board.numbers,
            pending: &vec![false; board.numbers.len()],
        };
        (0..layout.cells.len()).all(|cell| self.allows_partial(layout, &view, cell))
    }

    /// Whether the cells placed so far around `cell` still obey the rule. Unplaced cells
    /// (`None`) never break it; the solver calls this after placing something on `cell`.
    pub fn allows_partial(self, layout: &Layout, view: &PartialBoard<'_>, cell: CellId) -> bool {
        match self {
            Rule::MaxCornerPips(limit) => layout.cell_corners[cell].iter().all(|&corner| {
                let total: u32 = layout.corner_cells[corner]
                    .iter()
                    .map(|&c| view.pips_at_least(c))
                    .sum();
                total <= u32::from(limit)
            }),
            _ => layout.cell_neighbors[cell]
                .iter()
                .all(|&n| self.pair_allowed(view, cell, n)),
        }
    }

    /// The pairwise test shared by the adjacency rules.
    fn pair_allowed(self, view: &PartialBoard<'_>, a: CellId, b: CellId) -> bool {
        match self {
            Rule::NoAdjacentSameTerrain => match (view.terrain[a], view.terrain[b]) {
                (Some(x), Some(y)) => x != y,
                _ => true,
            },
            _ => match (view.numbers[a], view.numbers[b]) {
                (Some(x), Some(y)) => !self.numbers_clash(x, y),
                _ => true,
            },
        }
    }

    fn numbers_clash(self, x: u8, y: u8) -> bool {
        match self {
            Rule::NoAdjacentRed => is_red(x) && is_red(y),
            Rule::NoAdjacentExtreme => pips(x) == 1 && pips(y) == 1,
            Rule::NoAdjacentSameNumber => x == y,
            Rule::NoAdjacentSameTerrain | Rule::MaxCornerPips(_) => false,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A board being filled in: `None` where nothing is placed yet. A cell's number is `None`
/// both when it takes no token and when its token is still to come; `pending` marks the
/// latter, so sum rules can count at least one pip for each token still to come.
pub struct PartialBoard<'a> {
    pub terrain: &'a [Option<Terrain>],
    pub numbers: &'a [Option<u8>],
    pub pending: &'a [bool],
}

impl<'a> PartialBoard<'a> {
    /// Pips a cell brings to a corner: its token's, or at least one if a token is to come.
    fn pips_at_least(&self, cell: CellId) -> u32 {
        u32::from(token_pips(self.numbers[cell])) + u32::from(self.pending[cell])
    }
}

/// The active rules, deduplicated and in a canonical order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct RuleSet {
    rules: Vec<Rule>,
}

impl RuleSet {
    /// At most one rule of each kind: a later `max-corner-pips=N` replaces an earlier one.
    pub fn new(rules: impl IntoIterator<Item = Rule>) -> RuleSet {
        let mut out: Vec<Rule> = Vec::new();
        for rule in rules {
            out.retain(|r| !r.same_kind(rule));
            out.push(rule);
        }
        out.sort_unstable();
        RuleSet { rules: out }
    }

    /// The defaults: only the official red-number rule.
    pub fn standard() -> RuleSet {
        RuleSet::new([Rule::NoAdjacentRed])
    }

    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    pub fn contains(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }

    pub fn with(&self, rule: Rule) -> RuleSet {
        RuleSet::new(self.rules.iter().copied().chain([rule]))
    }

    /// The set less any rule of `rule`'s kind.
    pub fn without(&self, rule: Rule) -> RuleSet {
        RuleSet::new(self.rules.iter().copied().filter(|r| !r.same_kind(rule)))
    }

    /// The active rules a complete board breaks, in canonical order.
    pub fn broken_by(&self, board: &Board) -> Vec<Rule> {
        let layout = board.layout();
        self.rules
            .iter()
            .copied()
            .filter(|r| !r.holds(layout, board))
            .collect()
    }

    /// Comma-separated stable names; `none` for the empty set.
    pub fn names(&self) -> String {
        if self.rules.is_empty() {
            "none".to_string()
        } else {
            self.rules
                .iter()
                .map(|r| r.name())
                .collect::<Vec<_>>()
                .join(", ")
        }
    }
}

/// Total pips on each resource.
pub fn resource_pips(board: &Board) -> [u32; 5] {
    let mut totals = [0u32; 5];
    for (t, n) in board.terrain.iter().zip(&board.numbers) {
        if let Some(r) = t.resource() {
            totals[r.index()] += u32::from(token_pips(*n));
        }
    }
    totals
}

/// Pips at a corner: the sum over the hexes touching it.
pub fn corner_pips(layout: &Layout, board: &Board, corner: usize) -> u32 {
    layout.corner_cells[corner]
        .iter()
        .map(|&c| u32::from(token_pips(board.numbers[c])))
        .sum()
}

/// Resources reachable from a corner, without repeats.
pub fn corner_resources(layout: &Layout, board: &Board, corner: usize) -> Vec<Resource> {
    let mut out: Vec<Resource> = layout.corner_cells[corner]
        .iter()
        .filter_map(|&c| board.terrain[c].resource())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_numbers, parse_terrain};
    use crate::layout::LayoutId;

    fn board(terrain: &str, numbers: &str) -> Board {
        let layout = Layout::get(LayoutId::Base);
        Board {
            layout: LayoutId::Base,
            terrain: parse_terrain(layout, terrain).unwrap(),
            numbers: parse_numbers(layout, numbers).unwrap(),
            harbours: layout.harbour_bag.clone(),
            robber: None,
        }
    }

    // The rulebook's beginner board (4th edition), read row by row: it obeys the red rule.
    const BEGINNER_TERRAIN: &str = "MPFWHPHWFDFMFMWPHWP";
    const BEGINNER_NUMBERS: &str = "10,2,9,12,6,4,10,9,11,-,3,8,8,3,4,5,5,6,11";

    #[test]
    fn names_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(Rule::parse(&rule.name()), Ok(rule));
        }
        let err = Rule::parse("no-adjacent-blue").unwrap_err();
        assert!(err.contains("unknown rule 'no-adjacent-blue'") && err.contains("no-adjacent-red"));
        assert!(err.contains("max-corner-pips=N"));
    }

    #[test]
    fn beginner_board_obeys_red_rule() {
        let b = board(BEGINNER_TERRAIN, BEGINNER_NUMBERS);
        assert!(Rule::NoAdjacentRed.holds(b.layout(), &b));
    }

    #[test]
    fn each_adjacency_rule_catches_its_own_clash() {
        // Cells 0 and 1 are neighbours on the top row.
        let cases = [
            (Rule::NoAdjacentRed, "6,8"),
            (Rule::NoAdjacentExtreme, "2,12"),
            (Rule::NoAdjacentSameNumber, "5,5"),
        ];
        for (rule, first_two) in cases {
            let numbers = format!("{first_two},{}", ["-"; 17].join(","));
            let b = board(BEGINNER_TERRAIN, &numbers);
            assert!(
                !rule.holds(b.layout(), &b),
                "{rule} should catch {first_two}"
            );
            for (other, _) in cases.iter().filter(|(r, _)| *r != rule) {
                assert!(
                    other.holds(b.layout(), &b),
                    "{other} should allow {first_two}"
                );
            }
        }
        let same_terrain = board("MMFWHPHWFDFPFMWPHWP", BEGINNER_NUMBERS);
        assert!(!Rule::NoAdjacentSameTerrain.holds(same_terrain.layout(), &same_terrain));
    }

    #[test]
    fn rule_set_is_canonical() {
        let a = RuleSet::new([
            Rule::NoAdjacentSameTerrain,
            Rule::NoAdjacentRed,
            Rule::NoAdjacentRed,
        ]);
        assert_eq!(
            a.rules(),
            &[Rule::NoAdjacentRed, Rule::NoAdjacentSameTerrain]
        );
        assert_eq!(a.names(), "no-adjacent-red, no-adjacent-same-terrain");
        assert_eq!(RuleSet::default().names(), "none");
        let replaced = RuleSet::new([Rule::MaxCornerPips(12), Rule::MaxCornerPips(10)]);
        assert_eq!(replaced.rules(), &[Rule::MaxCornerPips(10)]);
    }

    #[test]
    fn parameterised_rules_parse_and_explain_errors() {
        assert_eq!(
            Rule::parse("max-corner-pips=11"),
            Ok(Rule::MaxCornerPips(11))
        );
        assert_eq!(Rule::MaxCornerPips(11).name(), "max-corner-pips=11");
        assert!(Rule::parse("max-corner-pips")
            .unwrap_err()
            .contains("needs a value"));
        assert!(Rule::parse("max-corner-pips=x")
            .unwrap_err()
            .contains("not 'x'"));
        assert!(Rule::parse("no-adjacent-red=3")
            .unwrap_err()
            .contains("takes no value"));
    }

    #[test]
    fn max_corner_pips_checks_every_corner() {
        let b = board(BEGINNER_TERRAIN, BEGINNER_NUMBERS);
        let layout = b.layout();
        let worst = (0..layout.corners.len())
            .map(|c| corner_pips(layout, &b, c))
            .max()
            .unwrap();
        assert!(Rule::MaxCornerPips(worst as u8).holds(layout, &b));
        assert!(!Rule::MaxCornerPips(worst as u8 - 1).holds(layout, &b));
    }

    #[test]
    fn corner_and_resource_pips() {
        let b = board(BEGINNER_TERRAIN, BEGINNER_NUMBERS);
        let layout = b.layout();
        let total: u32 = resource_pips(&b).iter().sum();
        assert_eq!(total, 58);
        // Every hex's pips are counted once per corner: 6 corners a hex.
        let corner_total: u32 = (0..layout.corners.len())
            .map(|c| corner_pips(layout, &b, c))
            .sum();
        assert_eq!(corner_total, 58 * 6);
    }
}
