//! Turning a layout and a rule set into a legal board, or into a proof that none exists.
//!
//! Three stages, each used only when the one before cannot answer:
//! 1. Plain rejection sampling: draw every zone's terrain and tokens uniformly and keep the
//!    first board that obeys every rule. Its output is exactly uniform over legal boards,
//!    so for the usual rule sets (where a few percent of random boards are legal) it is all
//!    we need.
//! 2. An exact backtracking search with forward checking, bounded by the request's work, with
//!    its value order drawn from the seeded generator. It first places the tiles that take
//!    no token (desert, sea): the number rules depend on the numbers and on that mask only,
//!    so a mask whose tokens cannot be placed is ruled out once, at the top of the tree, and
//!    an impossible rule set is proved impossible quickly. Then the rest of the terrain
//!    (most-constrained cell first), then the tokens, most probable first.
//! 3. A board found by search is mixed by random legal swaps within its zones (a symmetric
//!    Markov chain, whose stationary distribution is uniform over the legal boards it
//!    reaches), so hard rule sets do not inherit the search's bias.
//!
//! When the rules cannot all hold, the error names a smallest set of them that cannot hold
//! together ([`crate::generate::conflict`]: cheap questions first, such as each rule alone, then
//! deletion). Nothing is ever relaxed silently.
//!
//! A whole request (the draws, the search, naming a conflict) shares one budget of work
//! ([`REQUEST_WORK`]), counted rather than timed so that the answer is the same on every
//! machine and in the browser. When it runs out, the request gives up in words that name
//! the rules, rather than running on.
//!
//! The draw, the search and the naming of a conflict are `async` functions that never wait
//! on anything but their budget's pacer, so the page (searching without its worker) can cut
//! them into steps of counted work and go on from exactly where each stopped, with the same
//! random draws; natively they run straight through ([`crate::generate::steps`]).

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::sync::OnceLock;

use crate::board::{Board, Harbour};
use crate::catalogue::{HarbourPlan, HarbourSpot, Layout, LayoutId, Zone};
use crate::generate::conflict::Prover;
use crate::generate::moves::Walk;
use crate::generate::random::Random;
use crate::generate::steps::{look, run_through, Pacer, Pause};
use crate::geometry::Hex;
use crate::model::CellId;
use crate::model::{is_red, pips, HarbourKind, Terrain};
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

/// Rejection tries before the exact search takes over.
const REJECTION_TRIES: u32 = 3_000;
/// The work one request may do before it gives up, in search positions (placements tried;
/// a whole random board drawn and checked counts as [`WORK_PER_DRAW`]). Counted, not timed,
/// so a request gets the same answer on every machine and in the browser; calibrated so that
/// the slowest request found answers within 2 s natively (README, "How boards are
/// generated").
pub const REQUEST_WORK: u64 = 1_200_000_000;
/// The work the search for a board leaves for naming a conflict, should it show that there
/// is no board.
const NAMING_RESERVE: u64 = REQUEST_WORK / 5;
/// Positions the search for a board may visit: they set how long it samples before the
/// exhaustive search (an eighth of them, or half when rules tie tokens to terrain).
const SEARCH_POSITIONS: u64 = 3_000_000;
/// Work is counted in units of about a nanosecond natively: these weights and those of
/// [`check_work`] were fitted (least squares on relative error) to the CPU times of the
/// `answer_times` sweep, counting each kind of step separately; on the requests that use
/// much of the budget, times stay within 0.8 to 1.15 times the work.
/// What a search position counts for beyond its rule checks: choosing, copying and
/// shuffling its candidates.
const WORK_PER_POSITION: u64 = 30;
/// What one cell of a random board counts for, drawn and checked against the rules.
const WORK_PER_DRAWN_CELL: u64 = 70;
/// What one cell counts for in setting up a randomised attempt of the search.
const WORK_PER_ATTEMPT_CELL: u64 = 20;
/// What checking the layout's own constraints at a cell counts for.
const CHECK_WORK: u64 = 10;
/// What reading one cell counts for, in the rules that read the whole board.
const WORK_PER_SCANNED_CELL: u64 = 2;
/// What the corner-pip look-ahead counts for at each open cell (six corners read).
const CORNER_CAP_WORK: u64 = 27;
/// Random legal swaps applied to a board the exact search found.
const MIXING_SWAPS: u32 = 3_000;

/// A terrain and number placement, indexed by cell.
pub type Placement = (Vec<Terrain>, Vec<Option<u8>>);

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
async fn draw_legal(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
    budget: &mut Budget,
) -> Result<Placement, GenerateError> {
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
        Outcome::Found(mut placement) => {
            if !settings.spiral() {
                mix(layout, settings, rng, &mut placement, MIXING_SWAPS);
            }
            // The search checks as it goes; this last look guarantees that no board that
            // breaks a rule or a lock ever leaves the generator.
            let (t, n) = &placement;
            if !(settings.locks_hold(t, n) && obeys(layout, &settings.rules, t, n)) {
                return Err(GenerateError::gave_up(settings, budget.tally()));
            }
            Ok(placement)
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
    let start = rng.index(spiral.starts.len());
    corner_spirals(layout, zone)[start].clone()
}

/// The spiral path from each corner start of `zone` (`None` where the walk cannot cover
/// the zone from there). They depend on the layout alone, so they are walked once.
fn corner_spirals(layout: &Layout, zone: &Zone) -> &'static [Option<Vec<CellId>>] {
    type Paths = Vec<Vec<Option<Vec<CellId>>>>;
    static WALKED: [OnceLock<Paths>; LayoutId::ALL.len()] =
        [const { OnceLock::new() }; LayoutId::ALL.len()];
    let index = LayoutId::ALL
        .iter()
        .position(|&id| id == layout.id)
        .expect("every layout is listed");
    let zone_index = layout
        .zones
        .iter()
        .position(|z| std::ptr::eq(z, zone))
        .expect("a zone of this layout");
    let paths = WALKED[index].get_or_init(|| {
        let layout = Layout::get(layout.id);
        layout
            .zones
            .iter()
            .map(|zone| {
                let starts = zone.spiral.as_ref().map_or(&[][..], |s| &s.starts[..]);
                starts
                    .iter()
                    .map(|&start| layout.spiral_path(zone, start, None))
                    .collect()
            })
            .collect()
    });
    &paths[zone_index]
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
    corner_spirals(layout, zone)
        .iter()
        .flatten()
        .cloned()
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

/// `numbers` with the spiral zone's tokens laid again along each of its spiral paths on
/// `terrain` (no variant on a layout without a spiral).
pub(crate) fn spiral_variants(
    layout: &Layout,
    terrain: &[Terrain],
    numbers: &[Option<u8>],
) -> Vec<Vec<Option<u8>>> {
    let Some(zone) = layout.zones.iter().find(|z| z.spiral.is_some()) else {
        return Vec::new();
    };
    spiral_paths(layout, zone, terrain)
        .iter()
        .map(|path| {
            let mut laid = numbers.to_vec();
            lay_spiral(zone, path, terrain, &mut laid);
            laid
        })
        .collect()
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
    run_through(rejection_sample_within(
        layout,
        settings,
        rng,
        tries,
        &mut Budget::new(u64::MAX, u64::MAX),
    ))
}

/// [`rejection_sample`], each try counted against `budget`.
async fn rejection_sample_within(
    layout: &Layout,
    settings: &Settings,
    rng: &mut Random,
    tries: u32,
    budget: &mut Budget,
) -> Option<Placement> {
    for _ in 0..tries {
        if !budget.draw(layout.cells.len()) {
            return None;
        }
        let (terrain, numbers) = random_placement(layout, settings, rng);
        let legal = settings.locks_hold(&terrain, &numbers)
            && obeys(layout, &settings.rules, &terrain, &numbers);
        if legal {
            return Some((terrain, numbers));
        }
        budget.look().await;
    }
    None
}

pub(crate) enum Outcome {
    Found(Placement),
    Exhausted,
    OutOfBudget,
}

/// What a search may still do, in two measures. Positions (placements tried) shape one
/// search: when it stops sampling masks, how long each attempt runs. Work is the request's
/// whole effort (positions, rule checks, random boards drawn), shared by all of its
/// searches, and bounds how long the request takes. Both are counted, never timed, so a
/// request stops at the same point on every machine.
#[derive(Clone, Debug)]
pub struct Budget {
    limit: u64,
    used: u64,
    work_limit: u64,
    tally: Tally,
    /// Where the work is cut into steps, if it is (see [`crate::generate::steps`]).
    pacer: Option<Rc<Pacer>>,
}

/// What a request has done, for its work and for the benchmark that calibrates it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Search positions visited.
    pub positions: u64,
    /// Rule checks at a cell, each weighted by what it reads (see [`check_work`]).
    pub checks: u64,
    /// Whole random boards drawn and checked.
    pub draws: u64,
    /// Cells of those boards.
    pub drawn_cells: u64,
    /// Randomised attempts of the search (each lays the number-less tiles at random and
    /// checks the islands before any position).
    pub attempts: u64,
    /// Cells of the boards those attempts set up.
    pub attempt_cells: u64,
}

impl Tally {
    /// The work these come to, in units of about a nanosecond natively.
    pub fn work(&self) -> u64 {
        self.positions * WORK_PER_POSITION
            + self.checks
            + self.drawn_cells * WORK_PER_DRAWN_CELL
            + self.attempt_cells * WORK_PER_ATTEMPT_CELL
    }
}

impl Budget {
    /// A whole request's budget: [`REQUEST_WORK`], positions unbounded.
    pub fn request() -> Self {
        Budget::new(u64::MAX, REQUEST_WORK)
    }

    /// A budget of `positions` and `work`.
    pub fn new(positions: u64, work: u64) -> Self {
        Budget {
            limit: positions,
            used: 0,
            work_limit: work,
            tally: Tally::default(),
            pacer: None,
        }
    }

    /// This budget, its work cut into steps by `pacer`: the computation it is spent on
    /// stops for now whenever `pacer` says (the same board however it is cut).
    pub fn paced(self, pacer: Rc<Pacer>) -> Self {
        Budget {
            pacer: Some(pacer),
            ..self
        }
    }

    /// Where the computation may stop for now, if its work is cut into steps.
    pub(crate) fn look(&self) -> Pause {
        look(self.pacer.as_deref(), || self.work())
    }

    /// What the request has done so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The work done so far (it may pass the limit by the step that crossed it).
    pub fn work(&self) -> u64 {
        self.tally.work()
    }

    /// Whether work is left (not yet past the limit).
    fn has_work(&self) -> bool {
        self.work() <= self.work_limit
    }

    /// The work still allowed.
    pub fn work_left(&self) -> u64 {
        self.work_limit.saturating_sub(self.work())
    }

    /// Counts one position and the rule checks that led to it; false once either measure
    /// is spent.
    fn spend(&mut self, checks: u64) -> bool {
        self.used += 1;
        self.tally.positions += 1;
        self.tally.checks += checks;
        self.used <= self.limit && self.has_work()
    }

    /// Counts one random board of `cells` cells drawn and checked; false once work is spent.
    pub(crate) fn draw(&mut self, cells: usize) -> bool {
        self.tally.draws += 1;
        self.tally.drawn_cells += cells as u64;
        self.has_work()
    }

    /// Counts one randomised attempt of the search on `cells` cells; false once work is
    /// spent.
    fn attempt(&mut self, cells: usize) -> bool {
        self.tally.attempts += 1;
        self.tally.attempt_cells += cells as u64;
        self.has_work()
    }

    /// A budget for part of this one's work: at most `positions` of its own (as many as
    /// asked, even past this one's limit, which the caller checks) and at most `work` more
    /// work.
    fn part(&self, positions: u64, work: u64) -> Budget {
        Budget {
            limit: positions,
            used: 0,
            work_limit: self.work_limit.min(self.work().saturating_add(work)),
            tally: self.tally,
            pacer: self.pacer.clone(),
        }
    }

    /// Takes back a part's tally, counting at least `least_positions` for it.
    pub(crate) fn absorb(&mut self, part: &Budget, least_positions: u64) {
        self.used += part.used.max(least_positions);
        self.tally = part.tally;
    }

    /// A part of at most `positions` of what is left and at most `work` more work, for a
    /// task whose work [`Budget::absorb`] then counts here.
    pub(crate) fn share(&self, positions: u64, work: u64) -> Budget {
        self.part(positions.min(self.limit.saturating_sub(self.used)), work)
    }
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
            return Outcome::Found(state.into_placement());
        }
    }
    if !enumerable {
        return Outcome::OutOfBudget;
    }
    // Then the exhaustive search, which finds a board or proves there is none.
    let mut state = SearchState::new(layout, settings);
    let outcome = state.place_numberless(0, 0, rng, budget).await;
    state.settle(budget);
    match outcome {
        Some(true) => Outcome::Found(state.into_placement()),
        Some(false) => Outcome::Exhausted,
        None => Outcome::OutOfBudget,
    }
}

/// Whether counting alone, or the locked hexes among themselves, show that no board keeps
/// the settings: no search needed.
pub(crate) fn impossible_by_counting_or_locks(layout: &Layout, settings: &Settings) -> bool {
    settings
        .rules
        .rules()
        .iter()
        .any(|&r| impossible_by_counting(layout, r))
        || !locks_agree(layout, settings)
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
/// cluster limit of nothing, a corner limit below one token's pips.
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
            let resources: Vec<usize> = crate::model::Resource::ALL
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
        // Every corner of a token's hex counts that token's pips.
        Rule::MaxCornerPips(limit) => layout.token_bag().iter().any(|&t| pips(t) > limit),
        Rule::RedOnDistinctResources => {
            // Each resource holds at most one red token; gold may hold any (unless the layout
            // forbids reds on gold). Reds stay in their zone.
            let gold_takes_red = !layout.red_never_on_gold;
            let count = |zone: &crate::catalogue::Zone| {
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
                || reds > crate::model::Resource::ALL.len() + gold
        }
        _ => false,
    }
}

/// The work of checking `rule` at one cell, about its time in nanoseconds natively (fitted
/// with the other weights, see [`WORK_PER_POSITION`]).
fn check_work(rule: Rule) -> u64 {
    match rule {
        Rule::NoAdjacentSameTerrain | Rule::NoAdjacentLumberBrick | Rule::DesertCenter => 5,
        Rule::NoAdjacentRed | Rule::NoAdjacentExtreme | Rule::NoAdjacentSameNumber => 4,
        Rule::MaxTerrainCluster(_) => 12,
        // When they read the whole board, WORK_PER_SCANNED_CELL for each cell instead.
        Rule::RedOnDistinctResources
        | Rule::DistinctNumbersPerResource
        | Rule::MinResourcePips(_) => 2,
        Rule::MaxCornerPips(_) => 32,
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
    /// Whether every cell's terrain is down (stage 3), when the rules over whole resources
    /// read the whole board.
    terrain_complete: bool,
    /// Work of the rule checks since the last position was counted.
    checks: Cell<u64>,
    /// The active rules of each scope (indexed by [`scope_index`]), cheapest check first,
    /// with the work of checking each at one cell.
    scoped_rules: [Vec<(Rule, u64)>; 3],
}

/// Whether another active rule already enforces `rule` wherever it is checked, so the
/// search need not check it: equal terrains never touching leaves every group of one
/// terrain a single hex (both rules set the sea aside).
fn implied(rule: &Rule, rules: &RuleSet) -> bool {
    matches!(rule, Rule::MaxTerrainCluster(n) if *n >= 1)
        && rules.contains(Rule::NoAdjacentSameTerrain)
}

fn scope_index(scope: Scope) -> usize {
    match scope {
        Scope::Terrain => 0,
        Scope::Numbers => 1,
        Scope::Both => 2,
    }
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
            terrain_complete: false,
            checks: Cell::new(0),
            scoped_rules: [Scope::Terrain, Scope::Numbers, Scope::Both].map(|scope| {
                let mut rules: Vec<(Rule, u64)> = settings
                    .rules
                    .rules()
                    .iter()
                    .filter(|r| r.scope() == scope && !implied(r, &settings.rules))
                    .map(|&r| (r, check_work(r)))
                    .collect();
                rules.sort_by_key(|&(_, work)| work);
                rules
            }),
        }
    }

    /// Counts a position and the checks that led to it; false once the budget is spent.
    /// The search may stop for now here (see [`crate::generate::steps`]).
    async fn spend(&mut self, budget: &mut Budget) -> bool {
        let more = budget.spend(self.checks.take());
        budget.look().await;
        more
    }

    /// Counts the checks made since the last position.
    fn settle(&mut self, budget: &mut Budget) {
        budget.tally.checks += self.checks.take();
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
        self.checks.set(self.checks.get() + CHECK_WORK);
        layout_allows(self.layout, &view, cell)
            && scopes.iter().all(|&scope| {
                self.scoped_rules[scope_index(scope)]
                    .iter()
                    .all(|&(rule, work)| {
                        let work = if self.reads_whole_board(rule, cell) {
                            WORK_PER_SCANNED_CELL * self.layout.cells.len() as u64
                        } else {
                            work
                        };
                        self.checks.set(self.checks.get() + work);
                        rule.allows_partial(self.layout, &view, cell)
                    })
            })
    }

    /// Whether checking `rule` at `cell` now reads every cell of the board: the rules over
    /// whole resources do once the cell's resource and token are known (and, for the pips
    /// of each resource, once all terrain is down).
    fn reads_whole_board(&self, rule: Rule, cell: CellId) -> bool {
        match rule {
            Rule::RedOnDistinctResources | Rule::DistinctNumbersPerResource => {
                self.numbers[cell].is_some()
                    && self.terrain[cell].is_some_and(|t| t.resource().is_some())
            }
            Rule::MinResourcePips(_) => self.terrain_complete,
            _ => false,
        }
    }

    /// Stage 1: the tiles that take no token, each on a cell of its zone (equal tiles on
    /// increasing cells, so no arrangement is visited twice).
    async fn place_numberless(
        &mut self,
        k: usize,
        after: CellId,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        let Some(&(zone, tile)) = self.numberless.get(k) else {
            return self.mask_complete(rng, budget).await;
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
            if !self.spend(budget).await {
                return None;
            }
            self.terrain[cell] = Some(tile);
            match Box::pin(self.place_numberless(k + 1, cell + 1, rng, budget)).await {
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
    async fn mask_complete(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
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
            return self.spiral_then_terrain(rng, budget).await;
        }
        if number_rules && !self.settings.spiral() {
            let known = self.mask_memo.get(&mask).cloned();
            let tokens = match known {
                Some(tokens) => tokens,
                None => {
                    let found = self.place_tokens(&[Scope::Numbers], rng, budget).await?;
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
        let mut bag = self.remaining_numbered_terrain();
        self.place_terrain(&mut bag, rng, budget).await
    }

    /// Spiral mode, once the number-less tiles are down: each start fixes the spiral's
    /// letters, so try the starts (in random order) that keep the number rules, and lay the
    /// terrain under those letters, checking the rules that tie tokens to resources as it goes.
    async fn spiral_then_terrain(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
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
            if !self.spend(budget).await {
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
                let mut bag = self.remaining_numbered_terrain();
                match self.place_terrain(&mut bag, rng, budget).await {
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

    /// How many terrain kinds of `bag` the open `cell` may take now, counting no further
    /// than `enough` (the scans only ask whether a cell has none, or fewer than another).
    fn legal_terrain_count(
        &mut self,
        cell: CellId,
        bag: &[(usize, Terrain, u32)],
        enough: usize,
    ) -> usize {
        let zone = self.layout.cell_zone[cell];
        let mut count = 0;
        for &(z, tile, left) in bag {
            if count >= enough {
                break;
            }
            if z == zone && left > 0 && self.terrain_fits(cell, tile) {
                count += 1;
            }
        }
        count
    }

    /// Stage 2: the rest of the terrain, most-constrained cell first, with forward checking
    /// on the neighbours; then the tokens.
    async fn place_terrain(
        &mut self,
        bag: &mut [(usize, Terrain, u32)],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        // The first open cell with the fewest legal kinds.
        let mut best: Option<(CellId, usize)> = None;
        for cell in 0..self.layout.cells.len() {
            if self.terrain[cell].is_some() {
                continue;
            }
            let to_beat = best.map_or(usize::MAX, |(_, fewest)| fewest);
            let legal = self.legal_terrain_count(cell, bag, to_beat);
            if legal == 0 {
                return Some(false);
            }
            if legal < to_beat {
                best = Some((cell, legal));
            }
        }
        let Some((cell, _)) = best else {
            return self.numbers_for_terrain(rng, budget).await;
        };
        let mut values = self.legal_terrain(cell, bag);
        rng.shuffle(&mut values);
        let layout = self.layout;
        for v in values {
            if !self.spend(budget).await {
                return None;
            }
            self.terrain[cell] = Some(bag[v].1);
            bag[v].2 -= 1;
            let neighbours_ok = layout.cell_neighbors[cell]
                .iter()
                .all(|&n| self.terrain[n].is_some() || self.legal_terrain_count(n, bag, 1) > 0);
            if neighbours_ok {
                match Box::pin(self.place_terrain(bag, rng, budget)).await {
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
    async fn numbers_for_terrain(&mut self, rng: &mut Random, budget: &mut Budget) -> Option<bool> {
        self.terrain_complete = true;
        let found = self.numbers_for_complete_terrain(rng, budget).await;
        self.terrain_complete = false;
        found
    }

    async fn numbers_for_complete_terrain(
        &mut self,
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        if let Some(spiral_zone) = self.spiral_zone {
            // The spiral's tokens are down; the other zones' go at random under the rules.
            return self
                .place_tokens_in(
                    &[Scope::Numbers, Scope::Both],
                    Some(spiral_zone),
                    rng,
                    budget,
                )
                .await;
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
            None => {
                self.place_tokens(&[Scope::Numbers, Scope::Both], rng, budget)
                    .await?
            }
            Some(cap) => {
                // Randomised attempts give each terrain only a short token search.
                let mut leaf = budget.part(cap, u64::MAX);
                let found = self
                    .place_tokens(&[Scope::Numbers, Scope::Both], rng, &mut leaf)
                    .await;
                budget.absorb(&leaf, 0);
                if budget.used > budget.limit || !budget.has_work() {
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
    async fn place_tokens(
        &mut self,
        scopes: &[Scope],
        rng: &mut Random,
        budget: &mut Budget,
    ) -> Option<bool> {
        self.place_tokens_in(scopes, None, rng, budget).await
    }

    /// Places the tokens of every zone but `except`, most probable first (they are the
    /// hardest to fit), each on a cell chosen in random order; equal tokens go on increasing
    /// cells so no arrangement is visited twice.
    async fn place_tokens_in(
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
        self.place_token(&tokens, 0, 0, scopes, rng, budget).await
    }

    async fn place_token(
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
            if !self.spend(budget).await {
                return None;
            }
            self.put_token(cell, Some(token));
            // At the end of a run of equal tokens, look ahead: every later run must still
            // have as many open cells as tokens.
            let run_ends = tokens.get(k + 1) != Some(&(zone, token));
            let runs_ok =
                !run_ends || !self.look_ahead || self.later_runs_fit(&tokens[k + 1..], scopes);
            if runs_ok && self.corner_caps_admit(&tokens[k + 1..]) {
                match Box::pin(self.place_token(tokens, k + 1, cell + 1, scopes, rng, budget)).await
                {
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
            let open = zone.cells.iter().filter(|&&c| self.pending[c]).count() as u64;
            self.checks.set(self.checks.get() + CORNER_CAP_WORK * open);
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
        assert!(
            err.to_string().contains("At most 8 pips at any corner"),
            "{err}"
        );
        assert!(format!("{err:#}").contains("max-corner-pips=8"), "{err:#}");
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
