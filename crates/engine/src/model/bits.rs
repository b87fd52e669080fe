//! Sets of corners or edges as the bits of a `u128`: a board the simulator plays has at most
//! 128 of each (the 5-6 board has 80 corners and 109 edges), so a set is one register pair
//! and union, difference and "is any set" are single instructions.

/// A set of corner or edge ids.
pub type Bits = u128;

// `bit` and `has` shift one 64-bit half by `id`: wasm has no 128-bit shift, and shifting
// 128 bits by a variable amount is a call to a helper there, while the simulator asks
// these at every step (a constant shift by 64 only moves a half).

/// The set holding only `id`.
#[inline(always)]
pub fn bit(id: usize) -> Bits {
    debug_assert!(id < 128, "{id} is not below 128");
    let one = Bits::from(1u64 << (id & 63));
    if id < 64 {
        one
    } else {
        one << 64
    }
}

/// Whether `id` is in `set`.
#[inline(always)]
pub fn has(set: Bits, id: usize) -> bool {
    debug_assert!(id < 128, "{id} is not below 128");
    let half = if id < 64 {
        set as u64
    } else {
        (set >> 64) as u64
    };
    half >> (id & 63) & 1 != 0
}

/// The ids in `set`, smallest first, without allocating. Walked as two 64-bit halves:
/// a step is then a couple of instructions where one on 128 bits takes several (the
/// simulator walks sets at every decision; a base board's corners all lie in the low half).
#[inline]
pub fn ids(set: Bits) -> Ids {
    Ids {
        low: set as u64,
        high: (set >> 64) as u64,
    }
}

/// The iterator of [`ids`]: its step always inlined, as the page's build for size (opt-level
/// "z") otherwise calls it for every id of every set (docs/download.md, "What keeps the module small").
pub struct Ids {
    low: u64,
    high: u64,
}

impl Iterator for Ids {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.low != 0 {
            let id = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(id)
        } else if self.high != 0 {
            let id = 64 + self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(id)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_lists_the_set_smallest_first() {
        let set = bit(0) | bit(5) | bit(63) | bit(64) | bit(127);
        assert_eq!(ids(set).collect::<Vec<_>>(), vec![0, 5, 63, 64, 127]);
        assert!(has(set, 127) && !has(set, 126));
        assert_eq!(ids(0).count(), 0);
    }

    #[test]
    fn halves_give_what_128_bit_shifts_give() {
        let sets = [
            0,
            u128::MAX,
            0x8000_0000_0000_0001_8000_0000_0000_0001,
            0xF0F0 << 60,
        ];
        for id in 0..128 {
            assert_eq!(bit(id), 1u128 << id, "bit {id}");
            for set in sets {
                assert_eq!(has(set, id), set >> id & 1 == 1, "{set:x} has {id}");
            }
        }
    }
}
