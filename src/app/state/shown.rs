//! The board on screen and the earlier boards Back walks, shared rather than copied: the
//! reducer makes a new state for every action, and the boards in it are only counted
//! references (an action that changes no board copies none).

use std::ops::Deref;
use std::rc::Rc;

use hexfair::balance::search::Mode;
use hexfair::board::Board;
use hexfair::generate::Settings;

/// Boards kept for Back ("earlier boards"; "history" is the device's list of boards shown,
/// `saved::Kept::history`).
pub const MAX_EARLIER: usize = 20;

/// A board as it was shown, for Back.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub settings: Settings,
    pub mode: Mode,
    pub seed: u64,
    /// Shared with the chances, the fair start and the guide asked for it.
    pub board: Rc<Board>,
    /// Drawn with the usual settings only so that the page has a board while a seed link's
    /// own board is searched for: no one asked for it (a refusal of the link says so).
    pub stands_in: bool,
}

/// Earlier boards for Back, oldest first, at most [`MAX_EARLIER`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Earlier(Rc<[Rc<Shown>]>);

impl Earlier {
    /// These boards, then `shown`; the oldest goes past [`MAX_EARLIER`].
    pub fn with(&self, shown: Rc<Shown>) -> Earlier {
        let over = (self.0.len() + 1).saturating_sub(MAX_EARLIER);
        Earlier(self.0.iter().skip(over).cloned().chain([shown]).collect())
    }

    /// The newest board, and the boards before it.
    pub fn popped(&self) -> Option<(Rc<Shown>, Earlier)> {
        let (newest, before) = self.0.split_last()?;
        Some((newest.clone(), Earlier(before.into())))
    }
}

impl Deref for Earlier {
    type Target = [Rc<Shown>];

    fn deref(&self) -> &[Rc<Shown>] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::generate::generate;

    #[test]
    fn back_keeps_the_newest_boards_and_shares_them_between_states() {
        let settings = Settings::default();
        let shown = |seed: u64| {
            Rc::new(Shown {
                settings: settings.clone(),
                mode: Mode::Random,
                seed,
                board: generate(&settings, seed).unwrap().into(),
                stands_in: false,
            })
        };
        let boards: Vec<Rc<Shown>> = (0..MAX_EARLIER as u64 + 5).map(shown).collect();
        let earlier = boards.iter().fold(Earlier::default(), |earlier, board| {
            earlier.with(board.clone())
        });
        assert_eq!(earlier.len(), MAX_EARLIER);
        assert_eq!(earlier[0].seed, 5, "the oldest went");
        // A board is the same one in every state that holds it, not a copy.
        assert!(Rc::ptr_eq(
            &earlier[MAX_EARLIER - 1],
            boards.last().unwrap()
        ));
        let (newest, before) = earlier.popped().unwrap();
        assert_eq!(
            (newest.seed, before.len()),
            (MAX_EARLIER as u64 + 4, MAX_EARLIER - 1)
        );
        assert!(Earlier::default().popped().is_none());
    }
}
