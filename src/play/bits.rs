//! Sets of corners or edges as the bits of a `u128`: a board the simulator plays has at most
//! 128 of each (the 5-6 board has 80 corners and 109 edges), so a set is one register pair
//! and union, difference and "is any set" are single instructions.

/// A set of corner or edge ids.
pub type Bits = u128;

/// The set holding only `id`.
#[inline(always)]
pub fn bit(id: usize) -> Bits {
    1u128 << id
}

/// Whether `id` is in `set`.
#[inline(always)]
pub fn has(set: Bits, id: usize) -> bool {
    set >> id & 1 != 0
}

/// The ids in `set`, smallest first, without allocating.
#[inline]
pub fn ids(mut set: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let id = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_lists_the_set_smallest_first() {
        let set = bit(0) | bit(5) | bit(127);
        assert_eq!(ids(set).collect::<Vec<_>>(), vec![0, 5, 127]);
        assert!(has(set, 127) && !has(set, 126));
        assert_eq!(ids(0).count(), 0);
    }
}
