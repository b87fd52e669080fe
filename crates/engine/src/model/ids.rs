//! Ids of a layout's cells, corners and edges: three types, so a corner cannot be passed
//! where a cell is meant. Each is the place of its item in its layout's list and indexes
//! any slice or `Vec` directly (`layout.cells[cell]`), costing nothing over a `usize`.
//!
//! The engine makes ids by counting its own layout's items (`new`, `all`); an index that
//! comes from outside (a board file, a link, a tap in the page) goes through `checked`
//! against the layout's count first.

use std::fmt;
use std::ops::{Index, IndexMut};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone,
            Copy,
            Default,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            serde::Serialize,
            serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(usize);

        impl $name {
            /// The id of the item at `index` of a list the engine counted itself.
            pub const fn new(index: usize) -> Self {
                Self(index)
            }

            /// The id of the item at `index` of a list of `count`, if there is one.
            pub fn checked(index: usize, count: usize) -> Option<Self> {
                (index < count).then_some(Self(index))
            }

            /// The item's place in its list.
            pub const fn index(self) -> usize {
                self.0
            }

            /// The id after this one: a bound for "from here on", which may be one past the
            /// list's end.
            pub const fn next(self) -> Self {
                Self(self.0 + 1)
            }

            /// Every id of a list of `count`, in order.
            pub fn all(count: usize) -> impl DoubleEndedIterator<Item = Self> + Clone {
                (0..count).map(Self)
            }
        }

        /// Written as its index: the form board text, pictures and JSON have always used.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        /// Also its bare index, as when ids were plain numbers: debug text ends up in
        /// fingerprints (the determinism golden) that must not move.
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl<T> Index<$name> for [T] {
            type Output = T;
            #[inline(always)]
            fn index(&self, id: $name) -> &T {
                &self[id.0]
            }
        }

        impl<T> IndexMut<$name> for [T] {
            #[inline(always)]
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self[id.0]
            }
        }

        impl<T> Index<$name> for Vec<T> {
            type Output = T;
            #[inline(always)]
            fn index(&self, id: $name) -> &T {
                &self[id.0]
            }
        }

        impl<T> IndexMut<$name> for Vec<T> {
            #[inline(always)]
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self[id.0]
            }
        }
    };
}

id! {
    /// A tile position of a layout, in board-text order (rows top to bottom, left to right).
    CellId
}

id! {
    /// A corner of a layout's hexes, where a settlement may stand, sorted top to bottom, then
    /// left to right. (A *spot*, `balance::spots::Spot`, is a corner valued for settling.)
    CornerId
}

id! {
    /// An edge between two corners, where a road or ship may go, sorted by its corners.
    EdgeId
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_index_their_lists_and_are_checked_against_them() {
        let cells = ['a', 'b', 'c'];
        let ids: Vec<CellId> = CellId::all(cells.len()).collect();
        assert_eq!(ids.iter().map(|&c| cells[c]).collect::<String>(), "abc");
        assert_eq!(CellId::checked(2, 3), Some(CellId::new(2)));
        assert_eq!(CellId::checked(3, 3), None);
        assert_eq!(CornerId::new(17).to_string(), "17");
        assert_eq!(format!("{:?}", Some(CellId::new(5))), "Some(5)");
        assert_eq!(EdgeId::new(4).index(), 4);
        let mut slice = [0u8; 4];
        slice[EdgeId::new(1)] = 9;
        assert_eq!(slice, [0, 9, 0, 0]);
    }
}
