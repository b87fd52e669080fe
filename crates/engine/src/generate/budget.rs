//! The work a request may do, counted rather than timed, so that a request stops at the
//! same point on every machine and in the browser.

use std::rc::Rc;

use crate::generate::steps::{look, Pacer, Pause};

/// The work one request may do before it gives up, in search positions (placements tried;
/// a whole random board drawn and checked counts as [`WORK_PER_DRAWN_CELL`] a cell). Counted, not timed,
/// so a request gets the same answer on every machine and in the browser; calibrated so that
/// the slowest request found answers within 2 s natively (docs/rules.md, "Answer time").
pub const REQUEST_WORK: u64 = 1_200_000_000;

/// Work is counted in units of about a nanosecond natively: these weights and those of
/// the search's rule checks were fitted (least squares on relative error) to the CPU times of the
/// `answer_times` sweep, counting each kind of step separately; on the requests that use
/// much of the budget, times stay within 0.8 to 1.15 times the work.
/// What a search position counts for beyond its rule checks: choosing, copying and
/// shuffling its candidates.
const WORK_PER_POSITION: u64 = 30;

/// What one cell of a random board counts for, drawn and checked against the rules.
const WORK_PER_DRAWN_CELL: u64 = 70;

/// What one cell counts for in setting up a randomised attempt of the search.
const WORK_PER_ATTEMPT_CELL: u64 = 20;

/// What a search may still do, in two measures. Positions (placements tried) shape one
/// search: when it stops sampling masks, how long each attempt runs. Work is the request's
/// whole effort (positions, rule checks, random boards drawn), shared by all of its
/// searches, and bounds how long the request takes. Both are counted, never timed, so a
/// request stops at the same point on every machine.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The positions this budget allows, and those used.
    pub(crate) limit: u64,
    pub(crate) used: u64,
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
    /// Rule checks at a cell, each weighted by what it reads (see the search's rule checks).
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
    pub(crate) fn has_work(&self) -> bool {
        self.work() <= self.work_limit
    }

    /// The work still allowed.
    pub fn work_left(&self) -> u64 {
        self.work_limit.saturating_sub(self.work())
    }

    /// Counts one position and the rule checks that led to it; false once either measure
    /// is spent.
    pub(crate) fn spend(&mut self, checks: u64) -> bool {
        self.used += 1;
        self.tally.positions += 1;
        self.tally.checks += checks;
        self.used <= self.limit && self.has_work()
    }

    /// Counts rule checks made outside any position.
    pub(crate) fn count_checks(&mut self, checks: u64) {
        self.tally.checks += checks;
    }

    /// Counts one random board of `cells` cells drawn and checked; false once work is spent.
    pub(crate) fn draw(&mut self, cells: usize) -> bool {
        self.tally.draws += 1;
        self.tally.drawn_cells += cells as u64;
        self.has_work()
    }

    /// Counts one randomised attempt of the search on `cells` cells; false once work is
    /// spent.
    pub(crate) fn attempt(&mut self, cells: usize) -> bool {
        self.tally.attempts += 1;
        self.tally.attempt_cells += cells as u64;
        self.has_work()
    }

    /// A budget for part of this one's work: at most `positions` of its own (as many as
    /// asked, even past this one's limit, which the caller checks) and at most `work` more
    /// work.
    pub(crate) fn part(&self, positions: u64, work: u64) -> Budget {
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
