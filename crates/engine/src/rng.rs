//! The game's seeded random numbers: the first-move draw now, item boxes and
//! the tornado later. A record stores only the seed, so the numbers must be the
//! same on every machine and with every future version of the crates we use.
//!
//! The generator is ChaCha8 from `rand_chacha`, one of the Rand project's
//! "named portable generators" (rand 0.10 `rngs` docs: "These are similar to
//! the standard generators, but with the additional guarantees of
//! reproducibility"; `rand_chacha` docs: "These generators are all
//! deterministic and portable ... with testing against reference vectors";
//! `rand_core::SeedableRng::from_seed`: "Any 'value-breaking' changes to the
//! generator should require bumping at least the minor version"). Everything
//! between the generator's raw `u64`s and the game is ours: how a seed becomes
//! a key, how a `u64` becomes a number below `n`, and the shuffle. Rand's own
//! distributions and `seed_from_u64` are not promised to stay value-stable, so
//! they are not used.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

#[derive(Clone, PartialEq, Eq)]
pub struct Rng {
    inner: ChaCha8Rng,
}

impl std::fmt::Debug for Rng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The generator's buffer is noise in a state dump; its position is what matters.
        write!(f, "Rng {{ word_pos: {} }}", self.inner.get_word_pos())
    }
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // Our own key layout: the seed's little-endian bytes, then zeros.
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Rng {
            inner: ChaCha8Rng::from_seed(key),
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform number in `0..n`, without modulo bias (rejection sampling);
    /// 0 when `n` is 0, so no caller can make it fail.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // The largest multiple of n that fits: values from there up are redrawn.
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Fisher-Yates: every order equally likely, driven by `below` only.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // These values pin the generator: a record made on one machine must replay
    // on every other one, with any later version of the crates. If one of them
    // changes, old records no longer replay: that needs a new record version.
    #[test]
    fn seed_42_gives_these_numbers_on_every_machine() {
        let mut r = Rng::new(42);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, FIRST_U64S);
        let mut r = Rng::new(42);
        let dice: Vec<u64> = (0..12).map(|_| r.below(6)).collect();
        assert_eq!(dice, DICE);
        let mut r = Rng::new(42);
        let mut items: Vec<u8> = (0..10).collect();
        r.shuffle(&mut items);
        assert_eq!(items, SHUFFLED);
    }

    const FIRST_U64S: [u64; 3] = [
        6424161053832095879,
        5270208426312333099,
        9102960255288774902,
    ];
    const DICE: [u64; 12] = [5, 3, 2, 0, 0, 3, 5, 3, 1, 0, 4, 5];
    const SHUFFLED: [u8; 10] = [2, 1, 4, 3, 7, 0, 5, 8, 6, 9];

    #[test]
    fn below_is_roughly_uniform_and_never_out_of_range() {
        let mut r = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            counts[r.below(6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
        assert!((0..1000).all(|_| r.below(3) < 3));
    }

    #[test]
    fn a_shuffle_keeps_every_item() {
        let mut r = Rng::new(3);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
