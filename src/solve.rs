//! Turning a layout and a rule set into a legal board, or into a proof that none exists.
//!
//! Three stages, each used only when the one before cannot answer:
//! 1. Plain rejection sampling: draw every zone's terrain and tokens uniformly and keep the
//!    first board that obeys every rule. Its output is exactly uniform over legal boards,
//!    so for the usual rule sets (where a few percent of random boards are legal) it is all
//!    we need.
//! 2. An exact backtracking search with forward checking, bounded by a node budget, with
//!    its value order drawn from the seeded generator. It first places the tiles that take
//!    no token (desert, sea): the number rules depend on the numbers and on that mask only,
//!    so a mask whose tokens cannot be placed is ruled out once, at the top of the tree, and
//!    an impossible rule set is proved impossible quickly. Then the rest of the terrain
//!    (most-constrained cell first), then the tokens, most probable first.
//! 3. A board found by search is mixed by random legal swaps within its zones (a symmetric
//!    Markov chain, whose stationary distribution is uniform over the legal boards it
//!    reaches), so hard rule sets do not inherit the search's bias.
//!
//! When the space is exhausted, the error names a smallest set of the active rules that
//! cannot hold together (deletion-based: drop each rule whose removal keeps the set
//! infeasible). Nothing is ever relaxed silently.

use std::collections::HashMap;
use std::fmt;

use crate::board::{is_red, pips, Board, Harbour, HarbourKind, Terrain};
use crate::hex::Hex;
use crate::layout::{CellId, HarbourPlan, HarbourSpot, Layout, LayoutId, Zone};
use crate::moves::Walk;
use crate::random::Random;
use crate::rules::{PartialBoard, Rule, RuleSet, Scope};

/// How number tokens are laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NumberMode {
    /// Shuffled under the active rules.
    #[default]
    Random,
    /// The official letter spiral from a corner hex, the corner drawn by the seed.
    Spiral,
}

impl NumberMode {
    pub const ALL: [NumberMode; 2] = [NumberMode::Random, NumberMode::Spiral];

    pub fn name(self) -> &'static str {
        match self {
            NumberMode::Random => "random",
            NumberMode::Spiral => "spiral",
        }
    }

    pub fn parse(text: &str) -> Option<NumberMode> {
        NumberMode::ALL.into_iter().find(|m| m.name() == text)
    }
}

/// Everything that decides a board besides the seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    pub layout: LayoutId,
    pub rules: RuleSet,
    pub numbers: NumberMode,
    /// Hexes kept as they are while the rest is drawn around them.
    pub locks: Vec<Lock>,
}

/// A hex the table keeps: its terrain and token stay, the rest regenerates around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lock {
    pub cell: CellId,
    pub terrain: Terrain,
    pub number: Option<u8>,
}

impl Lock {
    /// The lock that keeps `cell` as it is on `board`.
    pub fn of(board: &Board, cell: CellId) -> Lock {
        Lock {
            cell,
            terrain: board.terrain[cell],
            number: board.numbers[cell],
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::new(LayoutId::Base, RuleSet::standard())
    }
}

impl Settings {
    pub fn new(layout: LayoutId, rules: RuleSet) -> Self {
        Settings {
            layout,
            rules,
            numbers: NumberMode::Random,
            locks: Vec::new(),
        }
    }

    /// Settings that make no sense together, in words (not a rule conflict: a bad request).
    pub fn problem(&self) -> Option<String> {
        let layout = Layout::get(self.layout);
        if self.numbers == NumberMode::Spiral && !layout.has_spiral() {
            return Some(format!(
                "the {} layout has no spiral set-up; use random numbers",
                self.layout
            ));
        }
        self.lock_problem(layout)
    }

    /// Locks must name distinct cells and take no more of a zone's tiles and tokens than
    /// its bags hold.
    fn lock_problem(&self, layout: &Layout) -> Option<String> {
        for (i, lock) in self.locks.iter().enumerate() {
            if lock.cell >= layout.cells.len()
                || self.locks[..i].iter().any(|l| l.cell == lock.cell)
            {
                return Some(format!(
                    "locked hex {} is not a distinct hex of the {} layout",
                    lock.cell, self.layout
                ));
            }
            if lock.number.is_some() != lock.terrain.takes_number() {
                return Some(format!(
                    "locked hex {} has a token that does not fit its terrain",
                    lock.cell
                ));
            }
        }
        for (z, zone) in layout.zones.iter().enumerate() {
            let in_zone: Vec<&Lock> = self
                .locks
                .iter()
                .filter(|l| layout.cell_zone[l.cell] == z)
                .collect();
            let mut tiles = zone.terrain_bag.clone();
            let mut tokens = zone.token_bag.clone();
            for lock in in_zone {
                let Some(at) = tiles.iter().position(|&t| t == lock.terrain) else {
                    return Some(format!(
                        "the locked hexes hold more {} than the {} has",
                        lock.terrain, zone.name
                    ));
                };
                tiles.swap_remove(at);
                if let Some(n) = lock.number {
                    let Some(at) = tokens.iter().position(|&t| t == n) else {
                        return Some(format!(
                            "the locked hexes hold more {n}s than the {} has",
                            zone.name
                        ));
                    };
                    tokens.swap_remove(at);
                }
            }
        }
        None
    }

    /// Whether a placement keeps every lock.
    pub fn locks_hold(&self, terrain: &[Terrain], numbers: &[Option<u8>]) -> bool {
        self.locks
            .iter()
            .all(|l| terrain[l.cell] == l.terrain && numbers[l.cell] == l.number)
    }

    fn locked(&self, cell: CellId) -> Option<&Lock> {
        self.locks.iter().find(|l| l.cell == cell)
    }

    /// Whether tokens follow a spiral on this layout.
    pub fn spiral(&self) -> bool {
        let layout = Layout::get(self.layout);
        layout.spiral_from_harbour || (self.numbers == NumberMode::Spiral && layout.has_spiral())
    }
}

/// Why no board came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The settings themselves are inconsistent (spiral on a layout without one).
    Unsupported(String),
    /// No board of the layout obeys all of these rules together (a smallest such set).
    Infeasible {
        layout: LayoutId,
        conflict: Vec<Rule>,
    },
    /// The search gave up before finding a board or proving there is none.
    BudgetExhausted { nodes: u64 },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Unsupported(why) => f.write_str(why),
            GenerateError::Infeasible { layout, conflict } if conflict.is_empty() => {
                write!(f, "no {layout} board can be laid out with these settings")
            }
            GenerateError::Infeasible { layout, conflict } => {
                let names: Vec<String> = conflict.iter().map(|r| r.name()).collect();
                let words: Vec<String> = conflict.iter().map(|r| r.describe()).collect();
                if conflict.len() == 1 {
                    write!(
                        f,
                        "no {layout} board can satisfy rule {} ({})",
                        names[0], words[0]
                    )
                } else {
                    write!(
                        f,
                        "no {layout} board can satisfy these rules together: {} ({})",
                        names.join(", "),
                        words.join("; ")
                    )
                }
            }
            GenerateError::BudgetExhausted { nodes } => write!(
                f,
                "gave up after searching {nodes} positions without finding a board or proving \
                 that none exists; try fewer or looser rules"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// Rejection tries before the exact search takes over.
const REJECTION_TRIES: u32 = 3_000;
/// Search nodes (placements tried) for one exact search.
pub const NODE_BUDGET: u64 = 3_000_000;
/// Random legal swaps applied to a board the exact search found.
const MIXING_SWAPS: u32 = 3_000;

/// A terrain and number placement, indexed by cell.
pub type Placement = (Vec<Terrain>, Vec<Option<u8>>);

/// Generates the board for `seed` under `settings`.
pub fn generate(settings: &Settings, seed: u64) -> Result<Board, GenerateError> {
    generate_with(settings, seed, REJECTION_TRIES)
}

/// [`generate`] with a chosen number of rejection tries (0 forces the exact search; the
/// unbiasedness test uses that).
pub fn generate_with(
    settings: &Settings,
    seed: u64,
    rejection_tries: u32,
) -> Result<Board, GenerateError> {
    if let Some(problem) = settings.problem() {
        return Err(GenerateError::Unsupported(problem));
    }
    let layout = Layout::get(settings.layout);
    let mut rng = Random::new(seed);
    let mut kinds = layout.harbour_bag.clone();
    rng.shuffle(&mut kinds);
    let (terrain, numbers) = draw_legal(layout, settings, &mut rng, rejection_tries)?;
    let harbours = place_harbours(layout, &terrain, kinds, &mut rng);
    Ok(assemble(layout, terrain, numbers, harbours))
}

/// Puts the pieces together: the robber on the first desert, the pirate where the layout
/// puts it.
pub fn assemble(
    layout: &Layout,
    terrain: Vec<Terrain>,
    numbers: Vec<Option<u8>>,
    harbours: Vec<Harbour>,
) -> Board {
    let robber = if layout.robber_on_desert {
        terrain.iter().position(|&t| t == Terrain::Desert)
    } else {
        None
    };
    Board {
        layout: layout.id,
        terrain,
        numbers,
        harbours,
        robber,
        pirate: layout.pirate,
    }
}

/// A legal terrain and number placement, drawn as uniformly as the rules allow.
fn draw_legal(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
) -> Result<Placement, GenerateError> {
    if let Some(found) = rejection_sample(layout, settings, rng, tries) {
        return Ok(found);
    }
    let mut budget = Budget::new(NODE_BUDGET);
    match search(layout, settings, rng, &mut budget) {
        Outcome::Found(mut placement) => {
            if !settings.spiral() {
                mix(layout, settings, rng, &mut placement, MIXING_SWAPS);
            }
            // The search checks as it goes; this last look guarantees that no board that
            // breaks a rule or a lock ever leaves the generator.
            let (t, n) = &placement;
            if !(settings.locks_hold(t, n) && obeys(layout, &settings.rules, t, n)) {
                return Err(GenerateError::BudgetExhausted { nodes: budget.used });
            }
            Ok(placement)
        }
        Outcome::Exhausted => Err(GenerateError::Infeasible {
            layout: layout.id,
            conflict: smallest_conflict(settings),
        }),
        Outcome::OutOfBudget => Err(GenerateError::BudgetExhausted { nodes: budget.used }),
    }
}

/// One uniformly random board for the settings' number mode, legal or not.
pub fn random_placement(layout: &Layout, settings: &Settings, rng: &mut Random) -> Placement {
    let mut terrain = vec![Terrain::Sea; layout.cells.len()];
    for zone in &layout.zones {
        let mut bag = zone.terrain_bag.clone();
        let mut open = Vec::with_capacity(zone.cells.len());
        for &cell in &zone.cells {
            match settings.locked(cell) {
                Some(lock) => {
                    terrain[cell] = lock.terrain;
                    let at = bag
                        .iter()
                        .position(|&t| t == lock.terrain)
                        .expect("checked by lock_problem");
                    bag.remove(at);
                }
                None => open.push(cell),
            }
        }
        rng.shuffle(&mut bag);
        for (&cell, t) in open.iter().zip(bag) {
            terrain[cell] = t;
        }
    }
    let mut numbers = vec![None; layout.cells.len()];
    for zone in &layout.zones {
        let spiral_start = if settings.spiral() {
            spiral_start(layout, zone, &terrain, rng)
        } else {
            None
        };
        match spiral_start {
            Some(path) => lay_spiral(zone, &path, &terrain, &mut numbers),
            None => {
                let mut tokens = zone.token_bag.clone();
                for lock in settings
                    .locks
                    .iter()
                    .filter(|l| zone.cells.contains(&l.cell))
                {
                    numbers[lock.cell] = lock.number;
                    if let Some(at) = lock
                        .number
                        .and_then(|n| tokens.iter().position(|&t| t == n))
                    {
                        tokens.remove(at);
                    }
                }
                rng.shuffle(&mut tokens);
                let mut next = tokens.into_iter();
                for &cell in &zone.cells {
                    if terrain[cell].takes_number() && settings.locked(cell).is_none() {
                        numbers[cell] = next.next();
                    }
                }
            }
        }
    }
    (terrain, numbers)
}

/// The spiral path for a zone with a spiral: from the cell beside the McGuire harbour, or
/// from a corner drawn by `rng`. `None` for zones without a spiral.
fn spiral_start(
    layout: &Layout,
    zone: &Zone,
    terrain: &[Terrain],
    rng: &mut Random,
) -> Option<Vec<CellId>> {
    let spiral = zone.spiral.as_ref()?;
    if layout.spiral_from_harbour {
        return Some(harbour_spiral(layout, zone, terrain).unwrap_or_default());
    }
    let start = spiral.starts[rng.index(spiral.starts.len())];
    layout.spiral_path(zone, start, None)
}

/// McGuire: the spiral from the outer hex beside the inland harbour, walking away from it.
pub(crate) fn harbour_spiral(
    layout: &Layout,
    zone: &Zone,
    terrain: &[Terrain],
) -> Option<Vec<CellId>> {
    let harbour = zone
        .cells
        .iter()
        .copied()
        .find(|&c| terrain[c] == Terrain::Sea)?;
    let beside: Vec<CellId> = layout.cell_neighbors[harbour]
        .iter()
        .copied()
        .filter(|&c| layout.cell_neighbors[c].len() < 6)
        .collect();
    let paths: Vec<Vec<CellId>> = beside
        .iter()
        .filter_map(|&c| layout.spiral_path(zone, c, Some(harbour)))
        .collect();
    paths
        .iter()
        .find(|p| p.len() > 1 && !layout.cell_neighbors[harbour].contains(&p[1]))
        .or(paths.first())
        .cloned()
}

/// Every path a zone's spiral may take on this terrain: from each corner hex, or (McGuire)
/// the one from the inland harbour.
pub(crate) fn spiral_paths(layout: &Layout, zone: &Zone, terrain: &[Terrain]) -> Vec<Vec<CellId>> {
    if layout.spiral_from_harbour {
        return harbour_spiral(layout, zone, terrain).into_iter().collect();
    }
    let starts = zone.spiral.as_ref().map_or(&[][..], |s| &s.starts[..]);
    starts
        .iter()
        .filter_map(|&s| layout.spiral_path(zone, s, None))
        .collect()
}

/// Lays a zone's letter tokens along `path`, skipping cells that take no token.
pub(crate) fn lay_spiral(
    zone: &Zone,
    path: &[CellId],
    terrain: &[Terrain],
    numbers: &mut [Option<u8>],
) {
    let tokens = &zone.spiral.as_ref().expect("spiral zone").tokens;
    let mut next = tokens.iter().copied();
    for &cell in path {
        numbers[cell] = if terrain[cell].takes_number() {
            next.next()
        } else {
            None
        };
    }
}

/// Whether a complete placement obeys every rule and the layout's own constraints.
pub fn obeys(
    layout: &Layout,
    rules: &RuleSet,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> bool {
    let terrain_view: Vec<Option<Terrain>> = terrain.iter().map(|&t| Some(t)).collect();
    let view = PartialBoard::complete(&terrain_view, numbers);
    (0..layout.cells.len()).all(|cell| {
        layout_allows(layout, &view, cell)
            && rules
                .rules()
                .iter()
                .all(|r| r.allows_partial(layout, &view, cell))
    }) && islands_ok(layout, terrain)
        && (!layout.spiral_from_harbour || tokens_follow_harbour_spiral(layout, terrain, numbers))
}

/// McGuire boards are only legal with their tokens on the harbour spiral.
pub(crate) fn tokens_follow_harbour_spiral(
    layout: &Layout,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> bool {
    let zone = &layout.zones[0];
    let Some(path) = harbour_spiral(layout, zone, terrain) else {
        return false;
    };
    let mut expected = vec![None; numbers.len()];
    lay_spiral(zone, &path, terrain, &mut expected);
    path.len() + 1 == zone.cells.len() && expected == numbers
}

/// The layout's local constraints at `cell`: where sea may go, what gold may carry.
pub(crate) fn layout_allows(layout: &Layout, view: &PartialBoard<'_>, cell: CellId) -> bool {
    let sea_ok = !layout.sea_on_border_only
        || view.terrain[cell] != Some(Terrain::Sea)
        || layout.cell_neighbors[cell].len() < 6;
    let red_on_gold = layout.red_never_on_gold
        && view.terrain[cell] == Some(Terrain::Gold)
        && view.numbers[cell].is_some_and(is_red);
    sea_ok && !red_on_gold
}

/// New World: the largest island is neither tiny nor the whole map.
pub(crate) fn islands_ok(layout: &Layout, terrain: &[Terrain]) -> bool {
    let Some((least, most)) = layout.largest_island else {
        return true;
    };
    let largest = largest_island(layout, terrain);
    (least..=most).contains(&largest)
}

/// Land hexes in the largest connected island.
pub fn largest_island(layout: &Layout, terrain: &[Terrain]) -> usize {
    let mut seen = vec![false; terrain.len()];
    let mut largest = 0;
    for start in 0..terrain.len() {
        if seen[start] || terrain[start] == Terrain::Sea {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            for &n in &layout.cell_neighbors[cell] {
                if !seen[n] && terrain[n] != Terrain::Sea {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        largest = largest.max(size);
    }
    largest
}

/// Draws whole random boards until one is legal; exactly uniform over legal boards.
pub fn rejection_sample(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
) -> Option<Placement> {
    (0..tries).find_map(|_| {
        let (terrain, numbers) = random_placement(layout, settings, rng);
        let legal = settings.locks_hold(&terrain, &numbers)
            && obeys(layout, &settings.rules, &terrain, &numbers);
        legal.then_some((terrain, numbers))
    })
}

enum Outcome {
    Found(Placement),
    Exhausted,
    OutOfBudget,
}

struct Budget {
    limit: u64,
    used: u64,
}

impl Budget {
    fn new(limit: u64) -> Self {
        Budget { limit, used: 0 }
    }

    /// Counts one node; false once the budget is spent.
    fn spend(&mut self) -> bool {
        self.used += 1;
        self.used <= self.limit
    }
}

/// Whether some legal board exists (`None`: the budget ran out before an answer).
fn feasible(settings: &Settings, rng: &mut Random) -> Option<bool> {
    let layout = Layout::get(settings.layout);
    if rejection_sample(layout, settings, rng, REJECTION_TRIES).is_some() {
        return Some(true);
    }
    match search(layout, settings, rng, &mut Budget::new(NODE_BUDGET)) {
        Outcome::Found(_) => Some(true),
        Outcome::Exhausted => Some(false),
        Outcome::OutOfBudget => None,
    }
}

/// A smallest infeasible subset of the settings' rules (irreducible: drop any rule and it is
/// feasible), by deletion. A rule whose removal cannot be decided within the budget is kept,
/// so the answer is always a set that really conflicts.
pub fn smallest_conflict(settings: &Settings) -> Vec<Rule> {
    let mut rng = Random::new(0x5EED);
    let with = |rules: RuleSet| Settings {
        rules,
        ..settings.clone()
    };
    let rules = settings.rules.rules();
    // A single rule that is impossible on its own is the clearest answer.
    if let Some(&alone) = rules
        .iter()
        .find(|&&r| feasible(&with(RuleSet::new([r])), &mut rng) == Some(false))
    {
        return vec![alone];
    }
    let mut kept = settings.rules.clone();
    for &rule in rules {
        let without = kept.without(rule);
        if feasible(&with(without.clone()), &mut rng) == Some(false) {
            kept = without;
        }
    }
    kept.rules().to_vec()
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
fn search(layout: &Layout, settings: &Settings, rng: &mut Random, budget: &mut Budget) -> Outcome {
    if settings
        .rules
        .rules()
        .iter()
        .any(|&r| impossible_by_counting(layout, r))
        || !locks_agree(layout, settings)
    {
        return Outcome::Exhausted;
    }
    // First, quick randomised attempts: a random mask, then a short search under it, with
    // each terrain's token search cut short. They find most boards fast but prove nothing.
    let enumerable = mask_count(layout) <= ENUMERABLE_MASKS;
    // Rules that tie tokens to terrain make the exhaustive search slow to finish (each
    // terrain gets a full token search), so they get more randomised attempts.
    let tied = settings
        .rules
        .rules()
        .iter()
        .any(|r| r.scope() == Scope::Both);
    let sampling_limit = match (enumerable, tied) {
        (false, _) => budget.limit,
        (true, true) => budget.limit / 2,
        (true, false) => budget.limit / 8,
    };
    while budget.used < sampling_limit {
        let mut part = Budget::new(NODES_PER_SAMPLED_MASK.min(sampling_limit - budget.used));
        let mut state = SearchState::new(layout, settings);
        state.leaf_cap = Some(NODES_PER_SAMPLED_MASK / 4);
        let found =
            state.sample_numberless(rng) && state.mask_complete(rng, &mut part) == Some(true);
        // An attempt whose mask fails at once still costs something, so that a rule set
        // no mask can meet moves on to the exhaustive search soon.
        budget.used += part.used.max(MIN_NODES_PER_ATTEMPT);
        if found {
            return Outcome::Found(state.into_placement());
        }
    }
    if !enumerable {
        return Outcome::OutOfBudget;
    }
    // Then the exhaustive search, which finds a board or proves there is none.
    let mut state = SearchState::new(layout, settings);
    match state.place_numberless(0, 0, rng, budget) {
        Some(true) => Outcome::Found(state.into_placement()),
        Some(false) => Outcome::Exhausted,
        None => Outcome::OutOfBudget,
    }
}

/// Whether the locked hexes already break a rule among themselves (two locked 6s side by
/// side, say); the search only checks around what it places.
fn locks_agree(layout: &Layout, settings: &Settings) -> bool {
    let mut terrain = vec![None; layout.cells.len()];
    let mut numbers = vec![None; layout.cells.len()];
    for lock in &settings.locks {
        terrain[lock.cell] = Some(lock.terrain);
        numbers[lock.cell] = lock.number;
    }
    let view = PartialBoard::complete(&terrain, &numbers);
    settings.locks.iter().all(|lock| {
        settings
            .rules
            .rules()
            .iter()
            .filter(|r| r.is_local())
            .all(|r| r.allows_partial(layout, &view, lock.cell))
    })
}

/// Rules that no board of the layout can meet, shown by counting alone (no search): more
/// pips asked of every resource than its hexes can carry, more deserts than centre cells, a
/// cluster limit of nothing.
fn impossible_by_counting(layout: &Layout, rule: Rule) -> bool {
    match rule {
        Rule::MinResourcePips(least) => {
            let mut tokens: Vec<u32> = layout
                .token_bag()
                .iter()
                .map(|&t| u32::from(pips(t)))
                .collect();
            tokens.sort_unstable_by(|a, b| b.cmp(a));
            let bag = layout.terrain_bag();
            let resources: Vec<usize> = crate::board::Resource::ALL
                .iter()
                .map(|&r| bag.iter().filter(|t| t.resource() == Some(r)).count())
                .filter(|&hexes| hexes > 0)
                .collect();
            let total: u32 = tokens.iter().sum();
            let best_for = |hexes: usize| tokens.iter().take(hexes).sum::<u32>();
            resources.len() as u32 * u32::from(least) > total
                || resources
                    .iter()
                    .any(|&hexes| best_for(hexes) < u32::from(least))
        }
        Rule::DesertCenter => {
            layout
                .terrain_bag()
                .iter()
                .filter(|&&t| t == Terrain::Desert)
                .count()
                > layout.centre_cells.len()
        }
        Rule::MaxTerrainCluster(0) => layout.terrain_bag().iter().any(|&t| t != Terrain::Sea),
        Rule::RedOnDistinctResources => {
            // Each resource holds at most one red token; gold may hold any (unless the layout
            // forbids reds on gold). Reds stay in their zone.
            let gold_takes_red = !layout.red_never_on_gold;
            let count = |zone: &crate::layout::Zone| {
                let reds = zone.token_bag.iter().filter(|&&t| is_red(t)).count();
                let mut resources: Vec<_> = zone
                    .terrain_bag
                    .iter()
                    .filter_map(|t| t.resource())
                    .collect();
                resources.sort_unstable();
                resources.dedup();
                let gold = if gold_takes_red {
                    zone.terrain_bag
                        .iter()
                        .filter(|&&t| t == Terrain::Gold)
                        .count()
                } else {
                    0
                };
                (reds, resources.len(), gold)
            };
            let zones: Vec<(usize, usize, usize)> = layout.zones.iter().map(count).collect();
            let reds: usize = zones.iter().map(|z| z.0).sum();
            let gold: usize = zones.iter().map(|z| z.2).sum();
            zones.iter().any(|&(r, kinds, g)| r > kinds + g)
                || reds > crate::board::Resource::ALL.len() + gold
        }
        _ => false,
    }
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

struct SearchState<'a> {
    layout: &'a Layout,
    settings: &'a Settings,
    terrain: Vec<Option<Terrain>>,
    numbers: Vec<Option<u8>>,
    /// Numbered cells whose token is still to be placed.
    pending: Vec<bool>,
    /// The tokens of locked hexes (`None` elsewhere).
    locked_numbers: Vec<Option<u8>>,
    pending_max_pips: u8,
    /// The number-less tiles (desert, sea) of every zone, zone by zone, for stage 1.
    numberless: Vec<(usize, Terrain)>,
    /// Token placements found for masks of number-less cells under the number rules
    /// (`None`: the mask leaves no legal placement).
    mask_memo: HashMap<Vec<bool>, Option<Vec<Option<u8>>>>,
    /// In randomised attempts, the most nodes one terrain's token search may use.
    leaf_cap: Option<u64>,
    /// Whether to look ahead at the end of each run of equal tokens: worth it when rules
    /// tie tokens to resources (each run then competes for few cells), not otherwise.
    look_ahead: bool,
    /// The active `max-corner-pips` limit, for its look-ahead.
    corner_limit: Option<u32>,
    /// Spiral mode: the zone whose tokens the spiral has laid.
    spiral_zone: Option<usize>,
}

impl<'a> SearchState<'a> {
    fn new(layout: &'a Layout, settings: &'a Settings) -> Self {
        let n = layout.cells.len();
        // Zones of one number-less kind (the fixed sea) have nothing to decide: fill them.
        let fixed = |zone: &Zone| {
            zone.terrain_bag
                .iter()
                .all(|&t| t == zone.terrain_bag[0] && !t.takes_number())
        };
        let mut terrain = vec![None; n];
        for zone in layout.zones.iter().filter(|z| fixed(z)) {
            for &c in &zone.cells {
                terrain[c] = Some(zone.terrain_bag[0]);
            }
        }
        let mut locked_numbers = vec![None; n];
        for lock in &settings.locks {
            terrain[lock.cell] = Some(lock.terrain);
            locked_numbers[lock.cell] = lock.number;
        }
        let mut numberless: Vec<(usize, Terrain)> = layout
            .zones
            .iter()
            .enumerate()
            .filter(|(_, zone)| !fixed(zone))
            .flat_map(|(z, zone)| {
                zone.terrain_bag
                    .iter()
                    .filter(|t| !t.takes_number())
                    .map(move |&t| (z, t))
            })
            .collect();
        numberless.sort_unstable();
        // Locked tiles are already down.
        for lock in settings.locks.iter().filter(|l| !l.terrain.takes_number()) {
            let tile = (layout.cell_zone[lock.cell], lock.terrain);
            if let Some(at) = numberless.iter().position(|&t| t == tile) {
                numberless.remove(at);
            }
        }
        SearchState {
            layout,
            settings,
            terrain,
            numbers: locked_numbers.clone(),
            locked_numbers,
            pending: vec![false; n],
            pending_max_pips: 5,
            numberless,
            mask_memo: HashMap::new(),
            leaf_cap: None,
            look_ahead: settings
                .rules
                .rules()
                .iter()
                .any(|r| r.scope() == Scope::Both),
            spiral_zone: None,
            corner_limit: settings.rules.rules().iter().find_map(|r| match r {
                Rule::MaxCornerPips(n) => Some(u32::from(*n)),
                _ => None,
            }),
        }
    }

    fn view(&self) -> PartialBoard<'_> {
        PartialBoard {
            terrain: &self.terrain,
            numbers: &self.numbers,
            pending: &self.pending,
            pending_max_pips: self.pending_max_pips,
        }
    }

    /// Whether the rules of `scopes` and the layout's constraints hold around `cell`.
    fn allows_at(&self, cell: CellId, scopes: &[Scope]) -> bool {
        let view = self.view();
        layout_allows(self.layout, &view, cell)
            && self
                .settings
                .rules
                .rules()
                .iter()
                .filter(|r| scopes.contains(&r.scope()))
                .all(|r| r.allows_partial(self.layout, &view, cell))
    }

    /// Stage 1: the tiles that take no token, each on a cell of its zone (equal tiles on
    /// increasing cells, so no arrangement is visited twice).
    fn place_numberless(
        &mut self,
        k: usize,
        after: CellId,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let Some(&(zone, tile)) = self.numberless.get(k) else {
            return self.mask_complete(rng, budget);
        };
        let run_continues = k > 0 && self.numberless[k - 1] == (zone, tile);
        let open = self.zone_cells_from(zone, if run_continues { after } else { 0 }, |s, c| {
            s.terrain[c].is_none()
        });
        // Equal tiles go on increasing cells, so leave room for the rest of the run.
        let run_left = self.numberless[k + 1..]
            .iter()
            .take_while(|&&t| t == (zone, tile))
            .count();
        let mut cells: Vec<CellId> = open[..open.len().saturating_sub(run_left)]
            .iter()
            .copied()
            .filter(|&c| self.terrain_fits(c, tile))
            .collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            if !budget.spend() {
                return None;
            }
            self.terrain[cell] = Some(tile);
            match self.place_numberless(k + 1, cell + 1, rng, budget) {
                Some(false) => {}
                other => return other,
            }
            self.terrain[cell] = None;
        }
        Some(false)
    }

    /// Lays the number-less tiles on random cells of their zones; false if that breaks a
    /// terrain rule.
    fn sample_numberless(&mut self, rng: &mut Random) -> bool {
        for (z, zone) in self.layout.zones.iter().enumerate() {
            let mut cells: Vec<CellId> = zone
                .cells
                .iter()
                .copied()
                .filter(|&c| self.terrain[c].is_none())
                .collect();
            rng.shuffle(&mut cells);
            let tiles: Vec<Terrain> = self
                .numberless
                .iter()
                .filter(|(tz, _)| *tz == z)
                .map(|&(_, t)| t)
                .collect();
            for (cell, tile) in cells.into_iter().zip(tiles) {
                if !self.terrain_fits(cell, tile) {
                    return false;
                }
                self.terrain[cell] = Some(tile);
            }
        }
        true
    }

    /// The mask is known: check what depends on it alone, then fill the rest of the terrain.
    fn mask_complete(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
        if self.layout.largest_island.is_some() {
            let land: Vec<Terrain> = self
                .terrain
                .iter()
                .map(|t| {
                    if *t == Some(Terrain::Sea) {
                        Terrain::Sea
                    } else {
                        Terrain::Forest
                    }
                })
                .collect();
            if !islands_ok(self.layout, &land) {
                return Some(false);
            }
        }
        let mask: Vec<bool> = self
            .terrain
            .iter()
            .map(|t| t.is_some_and(|t| !t.takes_number()))
            .collect();
        let number_rules = self
            .settings
            .rules
            .rules()
            .iter()
            .any(|r| r.scope() == Scope::Numbers);
        if self.settings.spiral() {
            return self.spiral_then_terrain(rng, budget);
        }
        if number_rules && !self.settings.spiral() {
            let known = self.mask_memo.get(&mask).cloned();
            let tokens = match known {
                Some(tokens) => tokens,
                None => {
                    let found = self.place_tokens(&[Scope::Numbers], rng, budget)?;
                    let tokens = found.then(|| self.numbers.clone());
                    self.clear_tokens();
                    self.mask_memo.insert(mask.clone(), tokens.clone());
                    tokens
                }
            };
            if tokens.is_none() {
                return Some(false);
            }
        }
        let bag = self.remaining_numbered_terrain();
        self.place_terrain(bag, rng, budget)
    }

    /// Spiral mode, once the number-less tiles are down: each start fixes the spiral's
    /// letters, so try the starts (in random order) that keep the number rules, and lay the
    /// terrain under those letters, checking the rules that tie tokens to resources as it goes.
    fn spiral_then_terrain(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
        let layout = self.layout;
        let zone_index = layout
            .zones
            .iter()
            .position(|z| z.spiral.is_some())
            .expect("spiral layouts have a spiral zone");
        let zone = &layout.zones[zone_index];
        // Any numbered tile stands in for the open cells: only the mask matters here.
        let stub: Vec<Terrain> = self
            .terrain
            .iter()
            .map(|t| t.unwrap_or(Terrain::Forest))
            .collect();
        let mut paths = spiral_paths(layout, zone, &stub);
        rng.shuffle(&mut paths);
        for path in paths {
            if !budget.spend() {
                return None;
            }
            let mut numbers = vec![None; layout.cells.len()];
            lay_spiral(zone, &path, &stub, &mut numbers);
            // The spiral must give locked hexes their tokens; elsewhere locks stand as they are.
            let spiral_keeps_locks = zone.cells.iter().all(|&c| {
                self.settings
                    .locked(c)
                    .is_none_or(|l| numbers[c] == l.number)
            });
            if !spiral_keeps_locks {
                continue;
            }
            for (c, n) in self.locked_numbers.iter().enumerate() {
                if n.is_some() && layout.cell_zone[c] != zone_index {
                    numbers[c] = *n;
                }
            }
            self.numbers = numbers;
            self.pending = (0..layout.cells.len())
                .map(|c| layout.cell_zone[c] != zone_index && stub[c].takes_number())
                .collect();
            self.spiral_zone = Some(zone_index);
            if path.iter().all(|&c| self.allows_at(c, &[Scope::Numbers])) {
                let bag = self.remaining_numbered_terrain();
                match self.place_terrain(bag, rng, budget) {
                    Some(false) => {}
                    other => return other,
                }
            }
            self.spiral_zone = None;
            self.clear_tokens();
        }
        Some(false)
    }

    /// Counts of the numbered terrain still to place, per zone and kind.
    fn remaining_numbered_terrain(&self) -> Vec<(usize, Terrain, u32)> {
        let mut out: Vec<(usize, Terrain, u32)> = Vec::new();
        for (z, zone) in self.layout.zones.iter().enumerate() {
            for &t in zone.terrain_bag.iter().filter(|t| t.takes_number()) {
                match out.iter_mut().find(|(oz, ot, _)| *oz == z && *ot == t) {
                    Some(entry) => entry.2 += 1,
                    None => out.push((z, t, 1)),
                }
            }
        }
        for lock in self
            .settings
            .locks
            .iter()
            .filter(|l| l.terrain.takes_number())
        {
            let zone = self.layout.cell_zone[lock.cell];
            if let Some(entry) = out
                .iter_mut()
                .find(|(z, t, _)| *z == zone && *t == lock.terrain)
            {
                entry.2 -= 1;
            }
        }
        out
    }

    /// The cells of `zone` from index `from` on that `keep` accepts. Equal tiles and tokens
    /// go on increasing cells, so a run continues after its last cell.
    fn zone_cells_from(
        &self,
        zone: usize,
        from: CellId,
        keep: impl Fn(&Self, CellId) -> bool,
    ) -> Vec<CellId> {
        self.layout.zones[zone]
            .cells
            .iter()
            .copied()
            .filter(|&c| c >= from && keep(self, c))
            .collect()
    }

    /// Whether `tile` may go on the open `cell` now.
    fn terrain_fits(&mut self, cell: CellId, tile: Terrain) -> bool {
        self.terrain[cell] = Some(tile);
        // Under a laid spiral the tokens are known, so the rules tying them to terrain
        // already apply.
        let ok = if self.spiral_zone.is_some() {
            self.allows_at(cell, &[Scope::Terrain, Scope::Both])
        } else {
            self.allows_at(cell, &[Scope::Terrain])
        };
        self.terrain[cell] = None;
        ok
    }

    /// Terrain kinds (indices into `bag`) that `cell` may take now.
    fn legal_terrain(&mut self, cell: CellId, bag: &[(usize, Terrain, u32)]) -> Vec<usize> {
        let zone = self.layout.cell_zone[cell];
        (0..bag.len())
            .filter(|&i| bag[i].0 == zone && bag[i].2 > 0 && self.terrain_fits(cell, bag[i].1))
            .collect()
    }

    /// Stage 2: the rest of the terrain, most-constrained cell first, with forward checking
    /// on the neighbours; then the tokens.
    fn place_terrain(
        &mut self,
        mut bag: Vec<(usize, Terrain, u32)>,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let mut best: Option<(CellId, Vec<usize>)> = None;
        for cell in 0..self.layout.cells.len() {
            if self.terrain[cell].is_some() {
                continue;
            }
            let legal = self.legal_terrain(cell, &bag);
            if legal.is_empty() {
                return Some(false);
            }
            if best.as_ref().is_none_or(|(_, b)| legal.len() < b.len()) {
                best = Some((cell, legal));
            }
        }
        let Some((cell, mut values)) = best else {
            return self.numbers_for_terrain(rng, budget);
        };
        rng.shuffle(&mut values);
        for v in values {
            if !budget.spend() {
                return None;
            }
            self.terrain[cell] = Some(bag[v].1);
            bag[v].2 -= 1;
            let neighbours_ok = self.layout.cell_neighbors[cell]
                .clone()
                .into_iter()
                .all(|n| self.terrain[n].is_some() || !self.legal_terrain(n, &bag).is_empty());
            if neighbours_ok {
                match self.place_terrain(bag.clone(), rng, budget) {
                    Some(false) => {}
                    other => return other,
                }
            }
            bag[v].2 += 1;
            self.terrain[cell] = None;
        }
        Some(false)
    }

    /// Stage 3: tokens for a complete terrain, under every rule.
    fn numbers_for_terrain(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
        if let Some(spiral_zone) = self.spiral_zone {
            // The spiral's tokens are down; the other zones' go at random under the rules.
            return self.place_tokens_in(
                &[Scope::Numbers, Scope::Both],
                Some(spiral_zone),
                rng,
                budget,
            );
        }
        // With no rule tying tokens to terrain, the tokens found for this mask fit any
        // terrain on it.
        let terrain_free = !self.layout.red_never_on_gold
            && self
                .settings
                .rules
                .rules()
                .iter()
                .all(|r| r.scope() != Scope::Both);
        if terrain_free {
            let mask: Vec<bool> = self
                .terrain
                .iter()
                .map(|t| t.is_some_and(|t| !t.takes_number()))
                .collect();
            if let Some(Some(tokens)) = self.mask_memo.get(&mask) {
                self.numbers = tokens.clone();
                return Some(true);
            }
        }
        let found = match self.leaf_cap {
            None => self.place_tokens(&[Scope::Numbers, Scope::Both], rng, budget)?,
            Some(cap) => {
                // Randomised attempts give each terrain only a short token search.
                let mut leaf = Budget::new(cap);
                let found = self.place_tokens(&[Scope::Numbers, Scope::Both], rng, &mut leaf);
                budget.used += leaf.used;
                if budget.used > budget.limit {
                    return None;
                }
                found == Some(true)
            }
        };
        if !found {
            self.clear_tokens();
        }
        Some(found)
    }

    /// Back to no tokens but the locked ones.
    fn clear_tokens(&mut self) {
        self.numbers.clone_from(&self.locked_numbers);
        self.pending.iter_mut().for_each(|p| *p = false);
    }

    /// Places every zone's tokens on its numbered cells under the rules of `scopes`.
    fn place_tokens(
        &mut self,
        scopes: &[Scope],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        self.place_tokens_in(scopes, None, rng, budget)
    }

    /// Places the tokens of every zone but `except`, most probable first (they are the
    /// hardest to fit), each on a cell chosen in random order; equal tokens go on increasing
    /// cells so no arrangement is visited twice.
    fn place_tokens_in(
        &mut self,
        scopes: &[Scope],
        except: Option<usize>,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let layout = self.layout;
        let mut tokens: Vec<(usize, u8)> = Vec::new();
        for (z, zone) in layout.zones.iter().enumerate() {
            if Some(z) == except {
                continue;
            }
            let mut bag = zone.token_bag.clone();
            for &c in &zone.cells {
                if let Some(n) = self.locked_numbers[c] {
                    // A locked token stays where it is.
                    self.numbers[c] = Some(n);
                    self.pending[c] = false;
                    if let Some(at) = bag.iter().position(|&t| t == n) {
                        bag.remove(at);
                    }
                    continue;
                }
                // A cell takes a token unless its (known) terrain or the mask says not.
                let numberless = match self.terrain[c] {
                    Some(t) => !t.takes_number(),
                    None => false,
                };
                self.pending[c] = !numberless;
                self.numbers[c] = None;
            }
            tokens.extend(bag.into_iter().map(|t| (z, t)));
        }
        // In stage 1 the mask alone says which cells take none: every cell of a zone that is
        // still open takes a token, every placed (number-less) tile does not.
        tokens.sort_unstable_by_key(|&(z, t)| (std::cmp::Reverse(pips(t)), t, z));
        self.place_token(&tokens, 0, 0, scopes, rng, budget)
    }

    fn place_token(
        &mut self,
        tokens: &[(usize, u8)],
        k: usize,
        after: CellId,
        scopes: &[Scope],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let Some(&(zone, token)) = tokens.get(k) else {
            return Some(true);
        };
        self.pending_max_pips = pips(token);
        let run_continues = k > 0 && tokens[k - 1] == (zone, token);
        let open = self.zone_cells_from(zone, if run_continues { after } else { 0 }, |s, c| {
            s.pending[c]
        });
        let mut cells: Vec<CellId> = open
            .into_iter()
            .filter(|&c| self.token_fits(c, token, scopes))
            .collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            if !budget.spend() {
                return None;
            }
            self.put_token(cell, Some(token));
            // At the end of a run of equal tokens, look ahead: every later run must still
            // have as many open cells as tokens.
            let run_ends = tokens.get(k + 1) != Some(&(zone, token));
            let runs_ok =
                !run_ends || !self.look_ahead || self.later_runs_fit(&tokens[k + 1..], scopes);
            if runs_ok && self.corner_caps_admit(&tokens[k + 1..]) {
                match self.place_token(tokens, k + 1, cell + 1, scopes, rng, budget) {
                    Some(false) => {}
                    other => return other,
                }
            }
            self.put_token(cell, None);
        }
        Some(false)
    }

    /// Forward checking for `max-corner-pips`: each open cell can take at most as many pips
    /// as its tightest corner leaves (counting one pip for every other open cell there).
    /// The tokens still to place, most pips first, must fit under those caps sorted the
    /// same way (for thresholds like these, the greedy pairing is a perfect matching test).
    fn corner_caps_admit(&self, rest: &[(usize, u8)]) -> bool {
        let Some(limit) = self.corner_limit else {
            return true;
        };
        let layout = self.layout;
        for (z, zone) in layout.zones.iter().enumerate() {
            let mut caps: Vec<u32> = zone
                .cells
                .iter()
                .filter(|&&c| self.pending[c])
                .map(|&c| {
                    layout.cell_corners[c]
                        .iter()
                        .map(|&corner| {
                            let others: u32 = layout.corner_cells[corner]
                                .iter()
                                .filter(|&&d| d != c)
                                .map(|&d| {
                                    u32::from(self.numbers[d].map_or(0, pips))
                                        + u32::from(self.pending[d])
                                })
                                .sum();
                            limit.saturating_sub(others)
                        })
                        .min()
                        .unwrap_or(limit)
                })
                .collect();
            caps.sort_unstable_by(|a, b| b.cmp(a));
            // `rest` is already sorted by pips, most first.
            let wanted = rest
                .iter()
                .filter(|(tz, _)| *tz == z)
                .map(|&(_, t)| u32::from(pips(t)));
            if wanted.zip(&caps).any(|(p, &cap)| p > cap) {
                return false;
            }
        }
        true
    }

    /// Forward checking by value: each run of equal tokens still to place has at least as
    /// many cells it could go on as tokens.
    fn later_runs_fit(&mut self, rest: &[(usize, u8)], scopes: &[Scope]) -> bool {
        let mut i = 0;
        while i < rest.len() {
            let (zone, token) = rest[i];
            let count = rest[i..]
                .iter()
                .take_while(|&&t| t == (zone, token))
                .count();
            let cells = self.layout.zones[zone].cells.clone();
            let open = cells
                .into_iter()
                .filter(|&c| self.pending[c] && self.token_fits(c, token, scopes))
                .take(count)
                .count();
            if open < count {
                return false;
            }
            i += count;
        }
        true
    }

    fn put_token(&mut self, cell: CellId, token: Option<u8>) {
        self.numbers[cell] = token;
        self.pending[cell] = token.is_none();
    }

    /// Whether `token` may go on the open `cell` now.
    fn token_fits(&mut self, cell: CellId, token: u8, scopes: &[Scope]) -> bool {
        self.put_token(cell, Some(token));
        let ok = self.allows_at(cell, scopes);
        self.put_token(cell, None);
        ok
    }

    fn into_placement(self) -> Placement {
        (
            self.terrain
                .into_iter()
                .map(|t| t.expect("search placed every cell"))
                .collect(),
            self.numbers,
        )
    }
}

/// Random legal swaps within zones (see [`Walk`]): each move is its own inverse and is
/// proposed with the same chance both ways, so the chain is symmetric and its stationary
/// distribution uniform over the legal boards it reaches.
fn mix(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    placement: &mut Placement,
    swaps: u32,
) {
    let locked: Vec<CellId> = settings.locks.iter().map(|l| l.cell).collect();
    let mut walk = Walk::new(
        layout,
        &settings.rules,
        std::mem::take(placement),
        None,
        &locked,
    );
    for _ in 0..swaps {
        walk.step(rng);
    }
    *placement = walk.placement();
}

/// The harbour kinds as they were dealt from the bag: in spot order on a printed frame and
/// in placing order next to land; on McGuire boards, as dealt to the frame's spots before
/// the one facing the inland harbour moved there (that harbour also holds one extra 3:1).
/// [`place_harbours`] given these kinds and the board's terrain places the same harbours.
pub(crate) fn dealt_kinds(layout: &Layout, board: &Board) -> Vec<HarbourKind> {
    let HarbourPlan::McGuire(spots) = &layout.harbours else {
        return board.harbours.iter().map(|h| h.kind).collect();
    };
    let mut inland: Vec<HarbourKind> = board
        .harbours
        .iter()
        .filter(|h| !spots.contains(&h.spot))
        .map(|h| h.kind)
        .collect();
    if let Some(extra) = inland.iter().position(|&k| k == HarbourKind::Generic) {
        inland.remove(extra);
    }
    spots
        .iter()
        .map(
            |spot| match board.harbours.iter().find(|h| h.spot == *spot) {
                Some(h) => h.kind,
                None => inland.pop().unwrap_or(HarbourKind::Generic),
            },
        )
        .collect()
}

/// Where each harbour goes and what it trades.
pub(crate) fn place_harbours(
    layout: &Layout,
    terrain: &[Terrain],
    kinds: Vec<HarbourKind>,
    rng: &mut Random,
) -> Vec<Harbour> {
    match &layout.harbours {
        HarbourPlan::Fixed(spots) => spots
            .iter()
            .zip(kinds)
            .map(|(&spot, kind)| Harbour { spot, kind })
            .collect(),
        HarbourPlan::McGuire(spots) => mcguire_harbours(layout, terrain, spots, kinds),
        HarbourPlan::NextToLand => harbours_next_to_land(layout, terrain, kinds, rng),
    }
}

/// McGuire step 2: the frame harbour facing the inland harbour moves into it, with an extra
/// 3:1, on two of its inner edges that share no corner.
pub(crate) fn mcguire_harbours(
    layout: &Layout,
    terrain: &[Terrain],
    spots: &[HarbourSpot],
    kinds: Vec<HarbourKind>,
) -> Vec<Harbour> {
    let Some(harbour_cell) = terrain.iter().position(|&t| t == Terrain::Sea) else {
        return spots
            .iter()
            .zip(kinds)
            .map(|(&spot, kind)| Harbour { spot, kind })
            .collect();
    };
    let mut out = Vec::new();
    let mut moved = Vec::new();
    for (&spot, kind) in spots.iter().zip(kinds) {
        if spot.faces == harbour_cell {
            moved.push(kind);
        } else {
            out.push(Harbour { spot, kind });
        }
    }
    moved.push(HarbourKind::Generic);
    let hex = layout.cells[harbour_cell];
    let mut inner: Vec<HarbourSpot> = layout.cell_neighbors[harbour_cell]
        .iter()
        .filter_map(|&land| layout.spot(hex, land))
        .collect();
    // Innermost first: the edges facing hexes nearest the centre.
    let depth = |s: &HarbourSpot| layout.cells[s.faces].distance(Hex::ORIGIN);
    inner.sort_by_key(|s| (depth(s), s.faces));
    let apart = |a: &HarbourSpot, b: &HarbourSpot| a.corners.iter().all(|x| !b.corners.contains(x));
    // Two harbours: the innermost pair of edges that share no corner.
    let chosen: Vec<HarbourSpot> = if moved.len() >= 2 {
        let mut pairs: Vec<(HarbourSpot, HarbourSpot)> = Vec::new();
        for (i, a) in inner.iter().enumerate() {
            pairs.extend(
                inner[i + 1..]
                    .iter()
                    .filter(|b| apart(a, b))
                    .map(|b| (*a, *b)),
            );
        }
        pairs
            .into_iter()
            .min_by_key(|(a, b)| (depth(a) + depth(b), a.faces, b.faces))
            .map(|(a, b)| vec![a, b])
            .unwrap_or_default()
    } else {
        inner.into_iter().take(1).collect()
    };
    out.extend(
        chosen
            .into_iter()
            .zip(moved)
            .map(|(spot, kind)| Harbour { spot, kind }),
    );
    out
}

/// Every spot between a sea hex (a sea cell or the frame) and a land cell.
pub(crate) fn coastal_spots(layout: &Layout, terrain: &[Terrain]) -> Vec<HarbourSpot> {
    let sea_cells = (0..terrain.len())
        .filter(|&c| terrain[c] == Terrain::Sea)
        .map(|c| layout.cells[c]);
    sea_cells
        .chain(layout.frame.iter().copied())
        .flat_map(|sea| {
            sea.neighbors()
                .into_iter()
                .filter_map(|n| layout.cell_of(n))
                .filter(|&c| terrain[c] != Terrain::Sea)
                .filter_map(move |land| layout.spot(sea, land))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// New World: harbours on random sea edges next to land, no two sharing a corner.
fn harbours_next_to_land(
    layout: &Layout,
    terrain: &[Terrain],
    kinds: Vec<HarbourKind>,
    rng: &mut Random,
) -> Vec<Harbour> {
    let mut candidates = coastal_spots(layout, terrain);
    rng.shuffle(&mut candidates);
    let mut chosen: Vec<HarbourSpot> = Vec::new();
    for spot in candidates {
        if chosen.len() == kinds.len() {
            break;
        }
        let clear = chosen
            .iter()
            .all(|c| c.sea != spot.sea && c.corners.iter().all(|x| !spot.corners.contains(x)));
        if clear {
            chosen.push(spot);
        }
    }
    chosen
        .into_iter()
        .zip(kinds)
        .map(|(spot, kind)| Harbour { spot, kind })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(err.to_string().contains("max-corner-pips=8"), "{err}");
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
    fn dealt_kinds_place_the_same_harbours_again() {
        for layout in LayoutId::ALL {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 21).unwrap();
            let kinds = dealt_kinds(Layout::get(layout), &board);
            let mut rng = Random::new(0);
            let again = place_harbours(Layout::get(layout), &board.terrain, kinds, &mut rng);
            // New World draws fresh spots, so only the kinds carry over there.
            if layout == LayoutId::NewWorld || layout == LayoutId::NewWorldFiveSix {
                let sorted = |h: &[Harbour]| {
                    let mut k: Vec<HarbourKind> = h.iter().map(|h| h.kind).collect();
                    k.sort();
                    k
                };
                assert_eq!(sorted(&again), sorted(&board.harbours), "{layout}");
            } else {
                assert_eq!(again, board.harbours, "{layout}");
            }
        }
    }

    #[test]
    fn spiral_on_new_world_is_refused() {
        let s = Settings {
            layout: LayoutId::NewWorld,
            numbers: NumberMode::Spiral,
            ..Settings::default()
        };
        assert!(
            matches!(generate(&s, 1), Err(GenerateError::Unsupported(m)) if m.contains("new-world"))
        );
    }
}
