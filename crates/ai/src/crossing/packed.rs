//! Packed sorted sets for the meet-in-the-middle layers.
//!
//! A crossing position is a set of `k` stopping holes, a 128-bit key. Stored
//! as sorted 16-byte keys, the layers of a 20-move search on the standard
//! board with long jumps outgrow memory. Numbered instead by their rank among
//! all `k`-subsets (the combinatorial number system: the rank keeps the keys'
//! order), neighbouring ranks in a sorted layer differ by a few thousand, so
//! each is stored as a variable-length difference from the one before, about
//! two bytes a position.

use std::ops::Range;

/// Ranks per block: the first stored whole, the rest as differences.
const BLOCK: usize = 64;

/// Numbers the `k`-subsets of 128 holes in the order of their keys.
pub(super) struct Ranks {
    /// `choose[i][n]` is C(n, i).
    choose: Vec<[u128; 129]>,
}

impl Ranks {
    pub fn new(k: usize) -> Ranks {
        let mut choose = vec![[0u128; 129]; k + 1];
        for n in 0..=128 {
            choose[0][n] = 1;
            for i in 1..=k.min(n) {
                choose[i][n] = choose[i - 1][n - 1] + if i < n { choose[i][n - 1] } else { 0 };
            }
        }
        Ranks { choose }
    }

    /// The rank of a key with `k` bits set: the sum of C(p, i) over its
    /// `i`-th lowest bit `p`, counting from 1.
    pub fn rank(&self, key: u128) -> u128 {
        debug_assert_eq!(key.count_ones() as usize, self.choose.len() - 1);
        let (mut rank, mut rest) = (0, key);
        for i in 1..self.choose.len() {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            rank += self.choose[i][p];
        }
        rank
    }

    /// The key of a rank: from the highest bit down, each the largest hole
    /// whose binomial still fits in what is left.
    pub fn key(&self, mut rank: u128) -> u128 {
        let (mut key, mut below) = (0, 128);
        for i in (1..self.choose.len()).rev() {
            let column = &self.choose[i][..below];
            let p = column.partition_point(|&c| c <= rank) - 1;
            key |= 1 << p;
            rank -= column[p];
            below = p;
        }
        key
    }
}

/// A sorted set of ranks, difference-coded in blocks.
#[derive(Default)]
pub(super) struct Packed {
    heads: Vec<u128>,
    /// Where each block's differences start in `bytes`.
    starts: Vec<usize>,
    bytes: Vec<u8>,
    len: usize,
}

impl Packed {
    pub fn len(&self) -> usize {
        self.len
    }

    /// Memory held, in bytes.
    pub fn size(&self) -> usize {
        self.bytes.capacity()
            + self.heads.capacity() * size_of::<u128>()
            + self.starts.capacity() * size_of::<usize>()
    }

    pub fn blocks(&self) -> usize {
        self.heads.len()
    }

    pub fn iter(&self) -> Iter<'_> {
        self.iter_blocks(0..self.blocks())
    }

    /// The ranks of some blocks, in order: threads take a range each.
    pub fn iter_blocks(&self, blocks: Range<usize>) -> Iter<'_> {
        Iter {
            set: self,
            next_block: blocks.start,
            end_block: blocks.end,
            at: 0,
            left: 0,
            value: 0,
        }
    }

    pub fn contains(&self, rank: u128) -> bool {
        let b = self.heads.partition_point(|&h| h <= rank);
        b > 0 && self.iter_blocks(b - 1..b).any(|r| r == rank)
    }

    fn push(&mut self, rank: u128, last: u128) {
        if self.len.is_multiple_of(BLOCK) {
            self.heads.push(rank);
            self.starts.push(self.bytes.len());
        } else {
            debug_assert!(rank > last, "ranks come sorted and distinct");
            let mut d = rank - last;
            while d >= 0x80 {
                self.bytes.push(d as u8 | 0x80);
                d >>= 7;
            }
            self.bytes.push(d as u8);
        }
        self.len += 1;
    }
}

/// Collects strictly increasing ranks.
impl FromIterator<u128> for Packed {
    fn from_iter<I: IntoIterator<Item = u128>>(ranks: I) -> Packed {
        let mut set = Packed::default();
        let mut last = 0;
        for r in ranks {
            set.push(r, last);
            last = r;
        }
        set.bytes.shrink_to_fit();
        set.heads.shrink_to_fit();
        set.starts.shrink_to_fit();
        set
    }
}

pub(super) struct Iter<'a> {
    set: &'a Packed,
    next_block: usize,
    end_block: usize,
    /// Byte of the next difference, and differences left in this block.
    at: usize,
    left: usize,
    value: u128,
}

impl Iterator for Iter<'_> {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        if self.left == 0 {
            if self.next_block >= self.end_block {
                return None;
            }
            let b = self.next_block;
            self.next_block += 1;
            self.value = self.set.heads[b];
            self.at = self.set.starts[b];
            self.left = BLOCK.min(self.set.len - b * BLOCK) - 1;
            return Some(self.value);
        }
        let (mut d, mut shift) = (0u128, 0);
        loop {
            let byte = self.set.bytes[self.at];
            self.at += 1;
            d |= u128::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                break;
            }
            shift += 7;
        }
        self.left -= 1;
        self.value += d;
        Some(self.value)
    }
}

/// The union of sorted, distinct streams, itself sorted and distinct.
pub(super) fn union<'a>(
    streams: impl IntoIterator<Item = Iter<'a>>,
) -> impl Iterator<Item = u128> + 'a {
    let mut streams: Vec<std::iter::Peekable<Iter<'a>>> =
        streams.into_iter().map(Iterator::peekable).collect();
    std::iter::from_fn(move || {
        let least = streams.iter_mut().filter_map(|s| s.peek().copied()).min()?;
        for s in &mut streams {
            s.next_if_eq(&least);
        }
        Some(least)
    })
}

/// A sorted stream without the members of sorted sets.
pub(super) fn minus<'a>(
    stream: impl Iterator<Item = u128> + 'a,
    sets: &[&'a Packed],
) -> impl Iterator<Item = u128> + 'a {
    let mut sets: Vec<Cursor<'a>> = sets.iter().map(|s| Cursor::new(s)).collect();
    stream.filter(move |&r| sets.iter_mut().all(|s| !s.holds(r)))
}

/// Membership in a sorted set for ranks asked in increasing order: one
/// pass over the set in all.
pub(super) struct Cursor<'a>(std::iter::Peekable<Iter<'a>>);

impl<'a> Cursor<'a> {
    pub fn new(set: &'a Packed) -> Cursor<'a> {
        Cursor(set.iter().peekable())
    }

    /// Whether `rank` is in the set; no rank asked may be smaller than the
    /// one asked before.
    pub fn holds(&mut self, rank: u128) -> bool {
        while self.0.next_if(|&x| x < rank).is_some() {}
        self.0.peek() == Some(&rank)
    }
}

/// Sorted runs of one worker's children, merged as they come so that their
/// number stays logarithmic and duplicates between runs go early.
#[derive(Default)]
pub(super) struct Runs {
    runs: Vec<Packed>,
}

impl Runs {
    pub fn add(&mut self, run: Packed) {
        self.runs.push(run);
        while let [.., a, b] = &self.runs[..]
            && a.len() <= 2 * b.len()
        {
            let merged: Packed = union([a.iter(), b.iter()]).collect();
            self.runs.truncate(self.runs.len() - 2);
            self.runs.push(merged);
        }
    }

    pub fn size(&self) -> usize {
        self.runs.iter().map(Packed::size).sum()
    }

    pub fn iters(&self) -> impl Iterator<Item = Iter<'_>> {
        self.runs.iter().map(Packed::iter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn keys(k: usize) -> impl Strategy<Value = BTreeSet<u128>> {
        prop::collection::btree_set(
            prop::collection::btree_set(0u32..128, k)
                .prop_map(|holes| holes.into_iter().fold(0u128, |key, h| key | 1 << h)),
            0..400,
        )
    }

    #[test]
    fn ranks_number_the_subsets_of_a_small_set_in_key_order() {
        let ranks = Ranks::new(3);
        let keys: Vec<u128> = (0u128..1 << 7).filter(|k| k.count_ones() == 3).collect();
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(ranks.rank(key), i as u128, "C(7, 3) subsets in order");
            assert_eq!(ranks.key(i as u128), key);
        }
    }

    proptest! {
        #[test]
        fn ranks_keep_the_key_order_and_give_the_key_back(set in keys(10)) {
            let ranks = Ranks::new(10);
            let ranked: Vec<u128> = set.iter().map(|&k| ranks.rank(k)).collect();
            prop_assert!(ranked.windows(2).all(|w| w[0] < w[1]));
            for (&key, &r) in set.iter().zip(&ranked) {
                prop_assert_eq!(ranks.key(r), key);
            }
        }

        #[test]
        fn a_packed_set_gives_back_its_members_and_only_them(
            set in prop::collection::btree_set(0u128..1 << 100, 0..700),
            probes in prop::collection::vec(0u128..1 << 100, 50),
        ) {
            let packed: Packed = set.iter().copied().collect();
            prop_assert_eq!(packed.len(), set.len());
            prop_assert!(packed.iter().eq(set.iter().copied()));
            for r in set.iter().copied().chain(probes.iter().copied()) {
                prop_assert_eq!(packed.contains(r), set.contains(&r));
            }
            let half = packed.blocks() / 2;
            let split: Vec<u128> = packed
                .iter_blocks(0..half)
                .chain(packed.iter_blocks(half..packed.blocks()))
                .collect();
            prop_assert!(split.iter().eq(set.iter()));
            // Asked in increasing order, a cursor answers as the set does.
            let asked: BTreeSet<u128> = set.iter().step_by(3).copied().chain(probes.iter().copied()).collect();
            let mut cursor = Cursor::new(&packed);
            for r in asked {
                prop_assert_eq!(cursor.holds(r), set.contains(&r));
            }
        }

        #[test]
        fn runs_union_and_minus_agree_with_sets(
            parts in prop::collection::vec(prop::collection::btree_set(0u128..5000, 0..300), 1..9),
            old in prop::collection::btree_set(0u128..5000, 0..500),
        ) {
            let mut runs = Runs::default();
            for p in &parts {
                runs.add(p.iter().copied().collect());
            }
            let old_packed: Packed = old.iter().copied().collect();
            let got: Vec<u128> = minus(union(runs.iters()), &[&old_packed]).collect();
            let want: BTreeSet<u128> = parts.iter().flatten().copied().filter(|r| !old.contains(r)).collect();
            prop_assert!(got.iter().eq(want.iter()));
        }
    }
}
