//! Long computations that can stop after a given amount of work and go on later from
//! exactly where they stopped: the exact solver, for the page that searches without its
//! worker and must hand the browser back its thread every few milliseconds.
//!
//! The solver is written as `async` functions, so the compiler keeps each level of its
//! recursion (the shuffled candidates, how far the loop over them has come) in the state
//! of a future rather than on the call stack. At its looks (each search position, each
//! random board, each randomised attempt) the solver asks its [`Pacer`] whether the work
//! allowed for now is spent; if so it returns `Pending`, and the next poll resumes right
//! there. Nothing else ever returns `Pending`, and the random generator lives inside the
//! future, so the same draws happen in the same order however the work is cut.
//! Natively the future is polled once with no limit and runs straight through.

use std::cell::Cell;
use std::future::Future;
use std::pin::{pin, Pin};
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// How much more work a stepped computation may do before it stops for now. Work is the
/// solver's own count ([`crate::generate::budget::Tally::work`]), never time, so where a computation
/// stops depends only on the allowance.
#[derive(Debug, Default)]
pub struct Pacer {
    /// Work still allowed in this step (`None`: no limit).
    left: Cell<Option<u64>>,
    /// The work count at the last look (`None` before the first).
    seen: Cell<Option<u64>>,
    /// The work counted in this step so far.
    stepped: Cell<u64>,
}

impl Pacer {
    /// Counts the work done since the last look, `work` being a count that only grows
    /// within one computation; the pause that follows stops the computation for now if
    /// the allowance is spent.
    pub(crate) fn look(&self, work: u64) -> Pause {
        let since = self
            .seen
            .replace(Some(work))
            .map_or(0, |seen| work.saturating_sub(seen));
        self.stepped.set(self.stepped.get().saturating_add(since));
        match self.left.get() {
            None => Pause(false),
            Some(left) => {
                let left = left.saturating_sub(since);
                self.left.set(Some(left));
                Pause(left == 0)
            }
        }
    }
}

/// The pause after a look at `pacer`, if there is one (without, a computation never stops);
/// `work` is read only when there is.
pub(crate) fn look(pacer: Option<&Pacer>, work: impl FnOnce() -> u64) -> Pause {
    pacer.map_or(Pause(false), |p| p.look(work()))
}

/// Where a stepped computation stops for now, if its allowance is spent: pending once,
/// then ready.
#[must_use = "a pause does nothing unless awaited"]
pub(crate) struct Pause(bool);

impl Future for Pause {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
        if std::mem::take(&mut self.0) {
            Poll::Pending
        } else {
            Poll::Ready(())
        }
    }
}

/// A computation run a step at a time, each step at most about a given amount of work.
pub struct Stepped<'a, T> {
    task: Option<Pin<Box<dyn Future<Output = T> + 'a>>>,
    pacer: Rc<Pacer>,
}

impl<'a, T> Stepped<'a, T> {
    /// `task`, whose looks go to `pacer`.
    pub fn new(pacer: Rc<Pacer>, task: impl Future<Output = T> + 'a) -> Self {
        Stepped {
            task: Some(Box::pin(task)),
            pacer,
        }
    }

    /// Runs on for about `work` more work (past it by at most the step between two looks);
    /// the result once the computation is over. It must not be stepped after that.
    pub fn step(&mut self, work: u64) -> Option<T> {
        // No limit at all rather than a huge one: then the looks count nothing.
        self.pacer
            .left
            .set((work != u64::MAX).then_some(work.max(1)));
        self.pacer.stepped.set(0);
        let task = self.task.as_mut().expect("stepped after it ended");
        let done = poll_once(task.as_mut());
        if done.is_some() {
            self.task = None;
        }
        done
    }
}

impl<T> Stepped<'_, T> {
    /// The work counted in the last step, from its first look to its last (what runs
    /// before the first look and after the last is not counted).
    pub fn last_step_work(&self) -> u64 {
        self.pacer.stepped.get()
    }
}

/// Runs a computation whose looks have no pacer (or an unlimited one) to its end.
pub fn run_through<T>(task: impl Future<Output = T>) -> T {
    let mut task = pin!(task);
    loop {
        if let Some(done) = poll_once(task.as_mut()) {
            return done;
        }
    }
}

fn poll_once<T>(task: Pin<&mut (impl Future<Output = T> + ?Sized)>) -> Option<T> {
    match task.poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(done) => Some(done),
        Poll::Pending => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts to `to`, looking after each unit of work.
    async fn count(pacer: &Pacer, to: u64) -> u64 {
        let mut done = 0;
        while done < to {
            done += 1;
            pacer.look(done).await;
        }
        done
    }

    #[test]
    fn a_step_stops_when_its_work_is_spent_and_the_next_goes_on() {
        let pacer = Rc::new(Pacer::default());
        let inner = pacer.clone();
        let mut stepped = Stepped::new(pacer, async move { count(&inner, 10).await });
        // The first look only notes where the count stands: the first step counts 1 to 5.
        assert_eq!(stepped.step(4), None);
        assert_eq!(stepped.last_step_work(), 4);
        assert_eq!(stepped.step(4), None);
        assert_eq!(stepped.last_step_work(), 4);
        assert_eq!(stepped.step(100), Some(10));
        assert_eq!(stepped.last_step_work(), 1);
    }

    #[test]
    fn without_a_limit_it_runs_straight_through() {
        let pacer = Pacer::default();
        assert_eq!(run_through(count(&pacer, 1000)), 1000);
    }
}
