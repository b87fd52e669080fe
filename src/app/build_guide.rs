//! The build guide as the page holds it: the guide of the board on screen, asked of the
//! play worker for the board, the table's players, the turn and the language, and the step
//! on screen while the guide is open. The worker lays the guide out and words it
//! (`app::guide_text`), so neither the guide nor its words are in the first visit's
//! download; the page only draws the steps it is sent.
//!
//! Plain Rust, so its tests run natively (`src/app/mod.rs`).

use std::rc::Rc;

use super::protocol::play::WrittenGuide;
use hexfair::board::Board;
use hexfair::model::{CellId, Expansion};

use super::state::Trouble;
use super::words::Lang;

/// What a guide is written for: a new board, table, game (a Cities & Knights table's guide
/// ends with its barbarian tile), turn or language is a new guide.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub board: Rc<Board>,
    pub players: usize,
    pub expansion: Expansion,
    pub turns: usize,
    pub lang: Lang,
}

/// How far the guide of the board on screen is.
#[derive(Clone, Debug, PartialEq)]
pub enum Written {
    /// Asked of the play worker, not yet come.
    Waiting,
    Shown(Rc<WrittenGuide>),
    /// The worker could not write it (or cannot be asked), in facts the view words.
    Failed(Trouble),
}

/// The guide's part of the page's state.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildGuide {
    /// The request's id: a reply that carries another is for a guide since replaced.
    pub id: u64,
    pub asked: Asked,
    pub written: Written,
    /// The step on screen (from 0) while the guide is open; `None` when it is closed.
    pub open: Option<usize>,
}

/// What a person does with the guide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuideMove {
    Open,
    Close,
    Next,
    Previous,
}

impl BuildGuide {
    /// The guide for `asked` under request `id`, open at step `open` (or closed).
    pub fn new(id: u64, asked: Asked, open: Option<usize>) -> BuildGuide {
        BuildGuide {
            id,
            asked,
            written: Written::Waiting,
            open,
        }
    }

    /// The worker's reply to request `id`: kept if it is this guide's.
    pub fn heard(&self, id: u64, reply: Result<WrittenGuide, String>) -> BuildGuide {
        if id != self.id || self.written != Written::Waiting {
            return self.clone();
        }
        let written = match reply {
            Ok(guide) => Written::Shown(Rc::new(guide)),
            Err(why) => Written::Failed(Trouble::Said(why)),
        };
        // A step kept from the guide before (the same board in another language) that this
        // one lacks shows its last.
        let steps = match &written {
            Written::Shown(guide) => guide.len(),
            _ => 0,
        };
        BuildGuide {
            open: self.open.map(|at| at.min(steps.saturating_sub(1))),
            written,
            ..self.clone()
        }
    }

    /// The guide as the page shows it while the play worker has failed (`failed`): one still
    /// waiting will not come. The state keeps the worker's failure once, not in each guide.
    pub fn seen(&self, failed: Option<&Trouble>) -> BuildGuide {
        match (&self.written, failed) {
            (Written::Waiting, Some(why)) => BuildGuide {
                written: Written::Failed(why.clone()),
                ..self.clone()
            },
            _ => self.clone(),
        }
    }

    /// The guide after a person's `step`: forward and back stop at the ends.
    pub fn moved(&self, step: GuideMove) -> BuildGuide {
        // While the guide is being written the step on screen stays where it is.
        let last = match &self.written {
            Written::Shown(guide) => guide.len().saturating_sub(1),
            _ => self.open.unwrap_or(0),
        };
        let open = match (step, self.open) {
            (GuideMove::Open, open) => Some(open.unwrap_or(0)),
            (GuideMove::Close, _) => None,
            (GuideMove::Next, Some(at)) => Some((at + 1).min(last)),
            (GuideMove::Previous, Some(at)) => Some(at.saturating_sub(1).min(last)),
            (_, None) => None,
        };
        BuildGuide {
            open,
            ..self.clone()
        }
    }

    /// The hexes the board lights while the guide is open: the step's (none while it is
    /// being written); `None` when it is closed. A cell the board does not have is left out.
    pub fn lit(&self) -> Option<Vec<CellId>> {
        self.open?;
        let cells = self.asked.board.layout().cells.len();
        let step = self
            .on_screen()
            .and_then(|(guide, at)| guide.step(at))
            .map(|(_, cells)| cells);
        Some(
            step.into_iter()
                .flatten()
                .map(|&c| c as usize)
                .filter(|&c| c < cells)
                .map(CellId::new)
                .collect(),
        )
    }

    /// The guide's steps and the one on screen, when it is open and written.
    pub fn on_screen(&self) -> Option<(&WrittenGuide, usize)> {
        match (&self.written, self.open) {
            (Written::Shown(guide), Some(at)) => Some((guide, at)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::catalogue::LayoutId;
    use hexfair::generate::{generate, Settings};
    use hexfair::rules::RuleSet;

    fn asked() -> Asked {
        let settings = Settings::new(LayoutId::Base, RuleSet::standard());
        Asked {
            board: generate(&settings, 7).unwrap().into(),
            players: 4,
            expansion: Expansion::BaseGame,
            turns: 0,
            lang: Lang::En,
        }
    }

    fn written(steps: usize) -> WrittenGuide {
        WrittenGuide(
            (0..steps)
                .map(|i| (format!("<h2>step {i}</h2>"), vec![i as u32]))
                .collect(),
            "<ol></ol>".into(),
        )
    }

    #[test]
    fn a_reply_is_kept_only_for_its_own_request() {
        let guide = BuildGuide::new(5, asked(), None);
        assert_eq!(guide.heard(4, Ok(written(3))).written, Written::Waiting);
        let kept = guide.heard(5, Ok(written(3)));
        assert_eq!(kept.written, Written::Shown(Rc::new(written(3))));
        // A second reply to the same request changes nothing.
        assert_eq!(kept.heard(5, Ok(written(9))), kept);
    }

    #[test]
    fn steps_stop_at_both_ends_and_closing_forgets_nothing_written() {
        let guide = BuildGuide::new(1, asked(), None).heard(1, Ok(written(3)));
        assert_eq!(guide.on_screen(), None, "closed until opened");
        let open = guide.moved(GuideMove::Open);
        assert_eq!(open.on_screen().map(|(_, at)| at), Some(0));
        assert_eq!(open.moved(GuideMove::Previous).open, Some(0));
        let end = open
            .moved(GuideMove::Next)
            .moved(GuideMove::Next)
            .moved(GuideMove::Next)
            .moved(GuideMove::Next);
        assert_eq!(end.open, Some(2), "three steps: the last is step 2");
        assert_eq!(end.moved(GuideMove::Previous).open, Some(1));
        let closed = end.moved(GuideMove::Close);
        assert_eq!(closed.open, None);
        assert_eq!(closed.written, end.written);
        // Moving a closed guide leaves it closed.
        assert_eq!(closed.moved(GuideMove::Next).open, None);
    }

    #[test]
    fn an_open_guide_waiting_for_its_words_shows_nothing_until_they_come() {
        let open = BuildGuide::new(2, asked(), Some(0));
        assert_eq!(open.open, Some(0));
        assert_eq!(open.on_screen(), None);
        // Next before the guide came stays on the first step.
        assert_eq!(open.moved(GuideMove::Next).open, Some(0));
        let came = open.heard(2, Ok(written(4)));
        assert_eq!(came.on_screen().map(|(g, at)| (g.len(), at)), Some((4, 0)));
    }

    #[test]
    fn the_board_lights_the_open_steps_hexes_and_none_it_lacks() {
        let mut written = written(2);
        written.0[1].1 = vec![4, 18, 500];
        let guide = BuildGuide::new(1, asked(), None).heard(1, Ok(written));
        assert_eq!(guide.lit(), None, "closed: nothing lit or dimmed");
        let open = guide.moved(GuideMove::Open);
        assert_eq!(open.lit(), Some(vec![CellId::new(0)]));
        let cells = open.asked.board.layout().cells.len();
        assert!(cells < 500);
        assert_eq!(
            open.moved(GuideMove::Next).lit(),
            Some(vec![CellId::new(4), CellId::new(18)])
        );
        let waiting = BuildGuide::new(2, asked(), Some(0));
        assert_eq!(waiting.lit(), Some(Vec::new()));
    }

    #[test]
    fn a_worker_that_failed_fails_the_guide_waiting_and_keeps_one_written() {
        let why = Trouble::NotLoaded;
        let waiting = BuildGuide::new(3, asked(), Some(0));
        assert_eq!(
            waiting.seen(Some(&why)).written,
            Written::Failed(why.clone())
        );
        let shown = waiting.heard(3, Ok(written(2)));
        assert_eq!(shown.seen(Some(&why)), shown);
        assert_eq!(
            BuildGuide::new(4, asked(), None).seen(Some(&why)).written,
            Written::Failed(why)
        );
        let refused = BuildGuide::new(6, asked(), None).heard(6, Err("no".into()));
        assert_eq!(refused.written, Written::Failed(Trouble::Said("no".into())));
    }
}
