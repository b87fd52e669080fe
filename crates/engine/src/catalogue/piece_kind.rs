//! The kinds of printed piece (a [`Piece`](super::Piece)'s kind), each with the word a board
//! file writes for it (`corner village r2c3 n 10`). Everything that treats kinds differently
//! (the picture's signs and titles, the guide's seat pieces, the compiler's no-start marks,
//! the page's words) matches on the kind, so a new kind is a compile error wherever it needs
//! handling.

use std::cmp::Ordering;

/// Declares the kinds and their board-file words in one list, so that they cannot drift
/// apart: each kind's pair sits at the kind's own place (`kind as usize`) in `WORDS`.
macro_rules! piece_kinds {
    ($($(#[$doc:meta])* $kind:ident = $word:literal,)*) => {
        /// A kind of printed piece.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum PieceKind {
            $($(#[$doc])* $kind,)*
        }

        impl PieceKind {
            /// Every kind and its board-file word, in the kinds' order.
            const WORDS: &'static [(PieceKind, &'static str)] = &[$((PieceKind::$kind, $word),)*];
        }
    };
}

piece_kinds! {
    /// A village with its number token (Cloth for Catan).
    Village = "village",
    /// A seat's starting settlement (the Pirate Islands).
    StartSettlement = "start-settlement",
    /// A seat's starting ship (the Pirate Islands).
    StartShip = "start-ship",
    /// A pirate fortress, a seat's when numbered (the Pirate Islands).
    Fortress = "fortress",
    /// A corner where no starting settlement may go.
    NoStart = "no-start",
    /// A victory point (the Forgotten Tribe).
    VictoryPoint = "victory-point",
    /// A development card (the Forgotten Tribe).
    DevelopmentCard = "development-card",
    /// A wasteland corner (the Wonders of Catan).
    Wasteland = "wasteland",
    /// A strait corner (the Wonders of Catan).
    Strait = "strait",
}

impl PieceKind {
    /// The word a board file writes for the kind.
    pub fn name(self) -> &'static str {
        Self::WORDS[self.index()].1
    }

    pub fn parse(word: &str) -> Option<PieceKind> {
        Self::WORDS
            .iter()
            .find(|&&(_, w)| w == word)
            .map(|&(kind, _)| kind)
    }

    /// Every kind, in the kinds' order.
    pub fn all() -> impl Iterator<Item = PieceKind> {
        Self::WORDS.iter().map(|&(kind, _)| kind)
    }

    /// The kind's place in the kinds' order (the page's encoded layouts write it).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind at `index` in the kinds' order.
    pub fn of_index(index: usize) -> PieceKind {
        Self::WORDS[index].0
    }

    /// Whether a piece of this kind belongs to the seat its number names, so that a table of
    /// fewer players leaves the higher seats' pieces in the box.
    pub fn is_seat_piece(self) -> bool {
        match self {
            PieceKind::StartSettlement | PieceKind::StartShip | PieceKind::Fortress => true,
            PieceKind::Village
            | PieceKind::NoStart
            | PieceKind::VictoryPoint
            | PieceKind::DevelopmentCard
            | PieceKind::Wasteland
            | PieceKind::Strait => false,
        }
    }

    /// Whether the kind marks a corner where no starting settlement may go (the Wonders of
    /// Catan's wasteland and strait corners bar one as the no-start mark does).
    pub fn is_no_start_mark(self) -> bool {
        match self {
            PieceKind::NoStart | PieceKind::Wasteland | PieceKind::Strait => true,
            PieceKind::Village
            | PieceKind::StartSettlement
            | PieceKind::StartShip
            | PieceKind::Fortress
            | PieceKind::VictoryPoint
            | PieceKind::DevelopmentCard => false,
        }
    }
}

/// Kinds sort by their words: the guide's list of what to take out of the box has always
/// named printed pieces in that order.
impl Ord for PieceKind {
    fn cmp(&self, other: &Self) -> Ordering {
        self.name().cmp(other.name())
    }
}

impl PartialOrd for PieceKind {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_read_back_from_its_word() {
        for (index, &(kind, word)) in PieceKind::WORDS.iter().enumerate() {
            assert_eq!(kind.index(), index);
            assert_eq!(PieceKind::of_index(index), kind);
            assert_eq!(kind.name(), word);
            assert_eq!(PieceKind::parse(word), Some(kind));
        }
        assert!(PieceKind::all().eq(PieceKind::WORDS.iter().map(|&(kind, _)| kind)));
        assert_eq!(PieceKind::parse("villages"), None);
    }
}
