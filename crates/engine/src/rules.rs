//! The placement rules a table can switch on, by their stable names only: the words crate
//! says them (`crates/words/src/names.rs`), for the page in its languages and the command
//! line in the page's English.
//!
//! Each rule answers two questions: does a complete board break it ([`Rule::holds`]), and
//! can a partly filled board still be completed without breaking it
//! ([`Rule::allows_partial`]); the solver asks the second after every placement.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::catalogue::Layout;
use crate::model::{is_red, pips, token_pips, Resource, Terrain};
use crate::model::{CellId, CornerId};
use crate::order;

/// Serde writes a rule as its stable name ([`Rule::name`]) and reads it with [`Rule::parse`],
/// so a parameter out of range is refused as the command line refuses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Rule {
    /// 6 and 8 never touch (the official rule).
    NoAdjacentRed,
    /// 2 and 12 never touch.
    NoAdjacentExtreme,
    /// Two hexes with the same number never touch.
    NoAdjacentSameNumber,
    /// Two hexes of the same terrain never touch (sea excepted: the ocean is one body).
    NoAdjacentSameTerrain,
    /// Forest never touches hills, so roads are harder to build (000).
    NoAdjacentLumberBrick,
    /// No resource holds two of the 6s and 8s (000).
    RedOnDistinctResources,
    /// No resource holds the same number twice (000).
    DistinctNumbersPerResource,
    /// No settlement spot totals more than N pips (13 forbids the 6-8-5 spots).
    MaxCornerPips(u8),
    /// Every resource totals at least N pips.
    MinResourcePips(u8),
    /// The desert sits in the centre.
    DesertCenter,
    /// No connected group of one terrain is larger than N hexes.
    MaxTerrainCluster(u8),
}

/// Every rule kind; a parameterised kind carries its usual setting.
const KINDS: [Rule; 11] = [
    Rule::NoAdjacentRed,
    Rule::NoAdjacentExtreme,
    Rule::NoAdjacentSameNumber,
    Rule::NoAdjacentSameTerrain,
    Rule::NoAdjacentLumberBrick,
    Rule::RedOnDistinctResources,
    Rule::DistinctNumbersPerResource,
    Rule::MaxCornerPips(12),
    Rule::MinResourcePips(8),
    Rule::DesertCenter,
    Rule::MaxTerrainCluster(2),
];

/// Which part of the board a rule constrains; the solver orders its work by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Terrain alone.
    Terrain,
    /// Numbers, given which cells take none.
    Numbers,
    /// Numbers together with the terrain under them.
    Both,
}

impl Rule {
    /// One of each kind, parameterised rules at their usual setting.
    pub const ALL: [Rule; 11] = KINDS;

    /// The stable kind name, as used on the command line and in links (without `=N`).
    pub fn kind_name(self) -> &'static str {
        match self {
            Rule::NoAdjacentRed => "no-adjacent-red",
            Rule::NoAdjacentExtreme => "no-adjacent-extreme",
            Rule::NoAdjacentSameNumber => "no-adjacent-same-number",
            Rule::NoAdjacentSameTerrain => "no-adjacent-same-terrain",
            Rule::NoAdjacentLumberBrick => "no-adjacent-lumber-brick",
            Rule::RedOnDistinctResources => "red-on-distinct-resources",
            Rule::DistinctNumbersPerResource => "distinct-numbers-per-resource",
            Rule::MaxCornerPips(_) => "max-corner-pips",
            Rule::MinResourcePips(_) => "min-resource-pips",
            Rule::DesertCenter => "desert-center",
            Rule::MaxTerrainCluster(_) => "max-terrain-cluster",
        }
    }

    /// The parameter of a parameterised rule.
    pub fn parameter(self) -> Option<u8> {
        match self {
            Rule::MaxCornerPips(n) | Rule::MinResourcePips(n) | Rule::MaxTerrainCluster(n) => {
                Some(n)
            }
            _ => None,
        }
    }

    /// The same kind of rule with another parameter (unchanged for plain rules).
    pub fn with_parameter(self, n: u8) -> Rule {
        match self {
            Rule::MaxCornerPips(_) => Rule::MaxCornerPips(n),
            Rule::MinResourcePips(_) => Rule::MinResourcePips(n),
            Rule::MaxTerrainCluster(_) => Rule::MaxTerrainCluster(n),
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

    pub fn scope(self) -> Scope {
        match self {
            Rule::NoAdjacentSameTerrain
            | Rule::NoAdjacentLumberBrick
            | Rule::DesertCenter
            | Rule::MaxTerrainCluster(_) => Scope::Terrain,
            Rule::NoAdjacentRed
            | Rule::NoAdjacentExtreme
            | Rule::NoAdjacentSameNumber
            | Rule::MaxCornerPips(_) => Scope::Numbers,
            Rule::RedOnDistinctResources
            | Rule::DistinctNumbersPerResource
            | Rule::MinResourcePips(_) => Scope::Both,
        }
    }

    /// Whether the rule is checked at every cell it touches (true) or over the whole
    /// board (false), so that a swap of two cells need only look around them.
    pub fn is_local(self) -> bool {
        !matches!(
            self,
            Rule::MinResourcePips(_)
                | Rule::MaxTerrainCluster(_)
                | Rule::RedOnDistinctResources
                | Rule::DistinctNumbersPerResource
        )
    }

    /// Reads `name` or `name=N`.
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (text, None),
        };
        let Some(&kind) = KINDS.iter().find(|r| r.kind_name() == name) else {
            return Err(RuleError::Unknown(text.to_string()));
        };
        match (kind.parameter(), value) {
            (None, None) => Ok(kind),
            (None, Some(_)) => Err(RuleError::TakesNoValue(kind)),
            (Some(_), None) => Err(RuleError::NeedsValue(kind)),
            (Some(_), Some(v)) => match v.parse::<u8>() {
                Ok(n) if n <= MAX_PARAMETER => Ok(kind.with_parameter(n)),
                _ => Err(RuleError::Value {
                    kind,
                    value: v.to_string(),
                }),
            },
        }
    }

    /// Every kind as written on the command line: `no-adjacent-red, ..., max-corner-pips=N`.
    pub fn usage_names() -> String {
        KINDS
            .map(|r| {
                if r.parameter().is_some() {
                    format!("{}=N", r.kind_name())
                } else {
                    r.kind_name().to_string()
                }
            })
            .join(", ")
    }

    /// Whether a complete board obeys the rule.
    pub fn holds(self, layout: &Layout, board: &Board) -> bool {
        let terrain: Vec<Option<Terrain>> = board.terrain.iter().map(|&t| Some(t)).collect();
        let view = PartialBoard::complete(&terrain, &board.numbers);
        CellId::all(layout.cells.len()).all(|cell| self.allows_partial(layout, &view, cell))
    }

    /// The hexes where the rule breaks on `board`: for a rule about neighbours, each hex of
    /// a pair that breaks it; for a rule about a corner or a cluster, the hexes about it.
    pub fn broken_at(self, layout: &Layout, board: &Board) -> Vec<CellId> {
        let terrain: Vec<Option<Terrain>> = board.terrain.iter().map(|&t| Some(t)).collect();
        let view = PartialBoard::complete(&terrain, &board.numbers);
        CellId::all(layout.cells.len())
            .filter(|&cell| !self.allows_partial(layout, &view, cell))
            .collect()
    }

    /// Whether what is placed so far around `cell` still lets the rule hold. Unplaced cells
    /// never break it (their `pending` token counts at least one pip, and at most
    /// `pending_max_pips`); the solver calls this after placing something on `cell`.
    pub fn allows_partial(self, layout: &Layout, view: &PartialBoard<'_>, cell: CellId) -> bool {
        // Plain loops over slices rather than iterator adapters and closures: the exact
        // solver spends most of its time here, and the size-optimised browser build keeps
        // adapters and closures as calls.
        let neighbours: &[CellId] = &layout.topology.cell_neighbors[cell];
        match self {
            Rule::NoAdjacentRed | Rule::NoAdjacentExtreme | Rule::NoAdjacentSameNumber => {
                let Some(x) = view.numbers[cell] else {
                    return true;
                };
                for &n in neighbours {
                    if let Some(y) = view.numbers[n] {
                        if self.numbers_clash(x, y) {
                            return false;
                        }
                    }
                }
                true
            }
            Rule::NoAdjacentSameTerrain => match view.terrain[cell] {
                None | Some(Terrain::Sea) => true,
                Some(t) => !neighbours.iter().any(|&n| view.terrain[n] == Some(t)),
            },
            Rule::NoAdjacentLumberBrick => {
                let partner = match view.terrain[cell] {
                    Some(Terrain::Forest) => Terrain::Hills,
                    Some(Terrain::Hills) => Terrain::Forest,
                    _ => return true,
                };
                !neighbours.iter().any(|&n| view.terrain[n] == Some(partner))
            }
            Rule::DesertCenter => {
                view.terrain[cell] != Some(Terrain::Desert) || layout.centre_cells.contains(&cell)
            }
            Rule::MaxCornerPips(limit) => {
                for &corner in &layout.topology.cell_corners[cell] {
                    let mut total = 0;
                    for &c in &layout.topology.corner_cells[corner] {
                        total += view.pips_at_least(c);
                    }
                    if total > u32::from(limit) {
                        return false;
                    }
                }
                true
            }
            Rule::MaxTerrainCluster(limit) => match view.terrain[cell] {
                None | Some(Terrain::Sea) => true,
                Some(t) => {
                    cluster_size(layout, view.terrain, cell, t, usize::from(limit) + 1)
                        <= usize::from(limit)
                }
            },
            Rule::RedOnDistinctResources | Rule::DistinctNumbersPerResource => {
                let (Some(x), Some(r)) = (view.numbers[cell], view.resource(cell)) else {
                    return true;
                };
                let red_only = matches!(self, Rule::RedOnDistinctResources);
                if red_only && !is_red(x) {
                    return true;
                }
                for c in CellId::all(layout.cells.len()) {
                    if c == cell || view.resource(c) != Some(r) {
                        continue;
                    }
                    if let Some(y) = view.numbers[c] {
                        if if red_only { is_red(y) } else { x == y } {
                            return false;
                        }
                    }
                }
                true
            }
            Rule::MinResourcePips(least) => {
                // While terrain is still open, any resource may yet gain hexes.
                if view.terrain.iter().any(Option::is_none) {
                    return true;
                }
                // Best case per resource: placed pips plus the most each pending token could add.
                let mut best = [0u32; 5];
                let mut seen = [false; 5];
                for c in CellId::all(layout.cells.len()) {
                    if let Some(r) = view.resource(c) {
                        seen[r.index()] = true;
                        best[r.index()] += u32::from(token_pips(view.numbers[c]))
                            + if view.is_pending(c) {
                                u32::from(view.pending_max_pips)
                            } else {
                                0
                            };
                    }
                }
                (0..5).all(|r| !seen[r] || best[r] >= u32::from(least))
            }
        }
    }

    #[inline(always)]
    fn numbers_clash(self, x: u8, y: u8) -> bool {
        match self {
            Rule::NoAdjacentRed => is_red(x) && is_red(y),
            Rule::NoAdjacentExtreme => pips(x) == 1 && pips(y) == 1,
            Rule::NoAdjacentSameNumber => x == y,
            _ => false,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The size of the group of `terrain` hexes connected to `start`, counting no further
/// than `cap`.
pub fn cluster_size(
    layout: &Layout,
    terrain: &[Option<Terrain>],
    start: CellId,
    kind: Terrain,
    cap: usize,
) -> usize {
    let mut seen = vec![start];
    let mut i = 0;
    while i < seen.len() && seen.len() < cap {
        for &n in &layout.topology.cell_neighbors[seen[i]] {
            if terrain[n] == Some(kind) && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen.len()
}

/// A board being filled in: `None` where nothing is placed yet. A cell's number is `None`
/// both when it takes no token and when its token is still to come; `pending` marks the
/// latter, so sum rules can count at least one pip for each token still to come.
pub struct PartialBoard<'a> {
    pub terrain: &'a [Option<Terrain>],
    pub numbers: &'a [Option<u8>],
    /// Which cells await a token; shorter than the board (empty on a finished board) where
    /// no cell past its end does.
    pub pending: &'a [bool],
    /// The most pips any token still to come has.
    pub pending_max_pips: u8,
}

impl<'a> PartialBoard<'a> {
    /// A view of a finished board: nothing pending.
    pub fn complete(terrain: &'a [Option<Terrain>], numbers: &'a [Option<u8>]) -> Self {
        PartialBoard {
            terrain,
            numbers,
            pending: &[],
            pending_max_pips: 0,
        }
    }

    /// Whether `cell` awaits a token.
    #[inline(always)]
    pub fn is_pending(&self, cell: CellId) -> bool {
        self.pending.get(cell.index()).copied().unwrap_or(false)
    }

    /// The resource of `cell`'s terrain, once placed. Always inlined: the exact solver asks
    /// it for every cell of the board, and the size-optimised browser build would otherwise
    /// make it (and `Option::and_then`) a call each time.
    #[inline(always)]
    fn resource(&self, cell: CellId) -> Option<Resource> {
        match self.terrain[cell] {
            Some(t) => t.resource(),
            None => None,
        }
    }

    /// Pips a cell brings to a corner: its token's, or at least one if a token is to come.
    #[inline(always)]
    fn pips_at_least(&self, cell: CellId) -> u32 {
        u32::from(token_pips(self.numbers[cell])) + u32::from(self.is_pending(cell))
    }
}

/// The active rules, deduplicated and in a canonical order (also when read by serde, as a
/// list of rules).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Rule>", from = "Vec<Rule>")]
pub struct RuleSet {
    rules: Vec<Rule>,
}

impl From<Rule> for String {
    fn from(rule: Rule) -> String {
        rule.name()
    }
}

impl TryFrom<String> for Rule {
    type Error = String;

    /// Serde's reading: a name that is no rule is refused by that name.
    fn try_from(name: String) -> Result<Rule, String> {
        Rule::parse(&name).map_err(|_| format!("{name:?}"))
    }
}

/// The largest value a rule with a value takes.
pub const MAX_PARAMETER: u8 = 99;

/// Why a text is not a rule; the faces say it in their words. A kind is named by a rule of
/// that kind (its value, if it has one, is the kind's usual).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// No rule has this name (the whole text).
    Unknown(String),
    /// A rule without a value was given one.
    TakesNoValue(Rule),
    /// A rule with a value was given none.
    NeedsValue(Rule),
    /// A rule's value is not a whole number from 0 to [`MAX_PARAMETER`].
    Value { kind: Rule, value: String },
}

impl From<RuleSet> for Vec<Rule> {
    fn from(rules: RuleSet) -> Vec<Rule> {
        rules.rules
    }
}

impl From<Vec<Rule>> for RuleSet {
    fn from(rules: Vec<Rule>) -> RuleSet {
        RuleSet::new(rules)
    }
}

impl RuleSet {
    /// At most one rule of each kind: a later `max-corner-pips=N` replaces an earlier one.
    pub fn new(rules: impl IntoIterator<Item = Rule>) -> RuleSet {
        let mut out: Vec<Rule> = Vec::new();
        for rule in rules {
            out.retain(|r| !r.same_kind(rule));
            out.push(rule);
        }
        order::sort(&mut out);
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
    let layout = board.layout();
    let mut totals = [0u32; 5];
    for (t, n) in board.terrain.iter().zip(&board.numbers) {
        if let Some(r) = t.resource() {
            totals[r.index()] += u32::from(layout.number_pips(*n));
        }
    }
    totals
}

/// Pips at a corner: the sum over the hexes touching it, stacked tokens included.
pub fn corner_pips(layout: &Layout, board: &Board, corner: CornerId) -> u32 {
    layout.topology.corner_cells[corner]
        .iter()
        .map(|&c| u32::from(layout.number_pips(board.numbers[c])))
        .sum()
}

/// Resources reachable from a corner, without repeats.
pub fn corner_resources(layout: &Layout, board: &Board, corner: CornerId) -> Vec<Resource> {
    let mut out: Vec<Resource> = layout.topology.corner_cells[corner]
        .iter()
        .filter_map(|&c| board.terrain[c].resource())
        .collect();
    order::sort(&mut out);
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::{parse_numbers, parse_terrain};
    use crate::catalogue::LayoutId;

    fn board(terrain: &str, numbers: &str) -> Board {
        let layout = Layout::get(LayoutId::Base);
        Board {
            layout: LayoutId::Base,
            terrain: parse_terrain(layout, terrain).unwrap(),
            numbers: parse_numbers(layout, numbers).unwrap(),
            harbours: Vec::new(),
            robber: None,
            pirate: None,
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
        assert_eq!(
            Rule::parse("no-adjacent-blue"),
            Err(RuleError::Unknown("no-adjacent-blue".into()))
        );
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
        let corner = Rule::MaxCornerPips(12);
        assert_eq!(
            Rule::parse("max-corner-pips"),
            Err(RuleError::NeedsValue(corner))
        );
        for value in ["x", "100", "-1"] {
            assert_eq!(
                Rule::parse(&format!("max-corner-pips={value}")),
                Err(RuleError::Value {
                    kind: corner,
                    value: value.into()
                })
            );
        }
        assert_eq!(
            Rule::parse("no-adjacent-red=3"),
            Err(RuleError::TakesNoValue(Rule::NoAdjacentRed))
        );
    }

    #[test]
    fn max_corner_pips_checks_every_corner() {
        let b = board(BEGINNER_TERRAIN, BEGINNER_NUMBERS);
        let layout = b.layout();
        let worst = CornerId::all(layout.topology.corners.len())
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
        let corner_total: u32 = CornerId::all(layout.topology.corners.len())
            .map(|c| corner_pips(layout, &b, c))
            .sum();
        assert_eq!(corner_total, 58 * 6);
    }

    #[test]
    fn a_finished_board_of_any_size_has_nothing_pending() {
        // Boards once had at most 64 cells; new Seafarers frames have more.
        let terrain = vec![Some(Terrain::Forest); 200];
        let numbers = vec![Some(6); 200];
        let view = PartialBoard::complete(&terrain, &numbers);
        assert!(CellId::all(200).all(|c| !view.is_pending(c)));
        assert_eq!(view.pips_at_least(CellId::new(199)), 5);
    }
}
