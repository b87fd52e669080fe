//! The engine's one sort: stable, small, and the same on every platform.
//!
//! The standard library's sorts (driftsort, ipnsort) are compiled anew for every element type
//! and comparator; in the page's wasm two dozen call sites came to 140 functions and 38 KB
//! gzip of sorting. Here the algorithm is compiled once, over positions (`Items`), and a
//! call site adds only its comparison and a swap. Nothing the engine sorts is long (at most a
//! few thousand items: the corners of the largest boards, bench timings): a few items take a
//! plain insertion sort, up to a few hundred a binary insertion sort of their positions, more
//! a merge of such runs; then the items move once. Never quadratic in comparisons, and it
//! allocates only beyond a few hundred items. It is slower than std's (a call through a
//! vtable for each comparison): a hot loop that sorts may do better with its own order, as
//! the seat draft's counting sort does (`balance::spots`).
//!
//! Every sort here is stable: items that compare equal keep their order, so a sort's result
//! is fixed by its input alone, natively and in wasm alike (boards depend on it).

use std::cmp::Ordering;

/// Sorts `v` in ascending order; equal items keep their order.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// Sorts `v` by `compare`; items it calls equal keep their order.
pub fn sort_by<T>(v: &mut [T], compare: impl FnMut(&T, &T) -> Ordering) {
    sort_items(&mut Slice { items: v, compare });
}

/// Sorts `v` by the key of each item, ascending; items with equal keys keep their order.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// What the sort asks of a slice: its length, and comparing and swapping items by position.
/// The algorithm sees only this, so it is compiled once for every element type.
trait Items {
    fn len(&self) -> usize;
    fn less(&mut self, a: usize, b: usize) -> bool;
    fn swap(&mut self, a: usize, b: usize);
}

struct Slice<'a, T, F> {
    items: &'a mut [T],
    compare: F,
}

impl<T, F: FnMut(&T, &T) -> Ordering> Items for Slice<'_, T, F> {
    fn len(&self) -> usize {
        self.items.len()
    }
    fn less(&mut self, a: usize, b: usize) -> bool {
        (self.compare)(&self.items[a], &self.items[b]) == Ordering::Less
    }
    fn swap(&mut self, a: usize, b: usize) {
        self.items.swap(a, b);
    }
}

/// Up to this many items a plain insertion sort, in place, is quickest (no bookkeeping;
/// at most n²/2 comparisons).
const SHORT: usize = 20;

/// Up to this many items the positions (as u32) sit on the stack (1 KB) and one binary
/// insertion sort orders them: n log n comparisons, and moving n²/4 positions costs little
/// at this size. Most sorts are this short, and need not allocate.
const ON_STACK: usize = 256;

// Kept out of line so every call site shares the one copy.
#[inline(never)]
fn sort_items(items: &mut dyn Items) {
    let n = items.len();
    if n <= SHORT {
        for i in 1..n {
            let mut j = i;
            while j > 0 && items.less(j, j - 1) {
                items.swap(j, j - 1);
                j -= 1;
            }
        }
    } else if n <= ON_STACK {
        let mut positions = [0u32; ON_STACK];
        insertion_sort(items, &mut positions[..n], 0);
        permute(items, &mut positions[..n]);
    } else {
        let mut positions = vec![0; n];
        for (run, start) in positions.chunks_mut(ON_STACK).zip((0..n).step_by(ON_STACK)) {
            insertion_sort(items, run, start);
        }
        let mut other = vec![0; n];
        let sorted = merge_runs(items, &mut positions, &mut other);
        permute(items, sorted);
    }
}

/// Fills `run` with the positions `first..first + run.len()` in sorted order, each put
/// after the items already placed that are not greater than it (so ties keep their order).
fn insertion_sort(items: &mut dyn Items, run: &mut [u32], first: usize) {
    for i in 0..run.len() {
        let item = first + i;
        let at = run[..i].partition_point(|&p| !items.less(item, p as usize));
        run.copy_within(at..i, at + 1);
        run[at] = item as u32;
    }
}

/// Merges the sorted runs of `ON_STACK` positions in `from`, doubling their length each
/// pass (`to` is the other buffer); returns the buffer that ends up sorted.
fn merge_runs<'a>(
    items: &mut dyn Items,
    mut from: &'a mut [u32],
    mut to: &'a mut [u32],
) -> &'a mut [u32] {
    let n = from.len();
    let mut width = ON_STACK;
    while width < n {
        for start in (0..n).step_by(2 * width) {
            let middle = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut left, mut right) = (start, middle);
            for slot in &mut to[start..end] {
                // The right run's item goes first only if strictly less: ties keep their order.
                if right < end
                    && (left == middle || items.less(from[right] as usize, from[left] as usize))
                {
                    *slot = from[right];
                    right += 1;
                } else {
                    *slot = from[left];
                    left += 1;
                }
            }
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    from
}

/// Moves the items so that position `k` holds the item that was at `order[k]`, by swaps
/// along each cycle of the permutation (each item moves once; `order` marks what is done).
fn permute(items: &mut dyn Items, order: &mut [u32]) {
    for start in 0..order.len() {
        let mut at = start;
        loop {
            let from = order[at] as usize;
            order[at] = at as u32;
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Items whose keys repeat (few distinct) and whose tags tell equal keys apart, so any
    /// unstable step shows.
    fn tagged(keys: &[u8]) -> Vec<(u8, usize)> {
        keys.iter().enumerate().map(|(i, &k)| (k, i)).collect()
    }

    fn check_against_std(keys: &[u8]) {
        let mut ours = tagged(keys);
        let mut std = ours.clone();
        sort_by_key(&mut ours, |&(k, _)| k);
        std.sort_by_key(|&(k, _)| k);
        assert_eq!(ours, std);
        let mut ours = tagged(keys);
        let mut std = ours.clone();
        sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
        std.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        assert_eq!(ours, std, "descending");
    }

    #[test]
    fn edge_cases_match_std() {
        let long: Vec<u8> = (0..=255).collect();
        let reversed: Vec<u8> = long.iter().rev().copied().collect();
        let cases: [&[u8]; 9] = [
            &[],
            &[7],
            &[2, 1],
            &[1, 2, 3, 4, 5],
            &[5, 4, 3, 2, 1],
            &[3; 50],
            &long,
            &reversed,
            &[
                1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0,
            ],
        ];
        for keys in cases {
            check_against_std(keys);
        }
    }

    #[test]
    fn sorts_strings_like_std() {
        let words = "the quick brown fox jumps over the lazy dog and the quick cat naps";
        let mut ours: Vec<String> = words.split(' ').map(String::from).collect();
        let mut std = ours.clone();
        sort(&mut ours);
        std.sort();
        assert_eq!(ours, std);
        let mut by_length: Vec<String> = words.split(' ').map(String::from).collect();
        let mut std = by_length.clone();
        sort_by_key(&mut by_length, String::len);
        std.sort_by_key(String::len);
        assert_eq!(by_length, std, "equal lengths keep their order");
    }

    /// Thousands of items take O(n log n) comparisons (counted, not timed), in every order.
    #[test]
    fn long_slices_are_not_quadratic() {
        let n = 5000usize;
        let shuffled: Vec<usize> = (0..n).map(|i| i * 7919 % n).collect();
        let sorted: Vec<usize> = (0..n).collect();
        let reversed: Vec<usize> = (0..n).rev().collect();
        for mut v in [shuffled, sorted.clone(), reversed] {
            let mut comparisons = 0usize;
            sort_by(&mut v, |a, b| {
                comparisons += 1;
                a.cmp(b)
            });
            assert_eq!(v, sorted);
            // Per item: at most log2(256) = 8 in the binary insertions, one a merge pass (5).
            assert!(comparisons <= n * 13, "{comparisons}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn matches_std_stable_sort_with_many_ties(keys in proptest::collection::vec(0u8..4, 0..300)) {
            check_against_std(&keys);
        }

        #[test]
        fn matches_std_stable_sort_on_any_keys(keys in proptest::collection::vec(any::<u8>(), 0..1200)) {
            check_against_std(&keys);
        }

        #[test]
        fn sort_matches_std(mut v in proptest::collection::vec(any::<(u16, i8)>(), 0..600)) {
            let mut std = v.clone();
            sort(&mut v);
            std.sort();
            prop_assert_eq!(v, std);
        }
    }
}
