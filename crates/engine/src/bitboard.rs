//! A set of holes as a fixed 192-bit bitset: big enough for the largest board
//! (181 holes), small enough to copy freely. Every board size uses the same type
//! so positions and move generation need no generics.

use serde::{Deserialize, Serialize};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// Index of a hole on a board (0..board.len()), row by row from the top point.
pub type Hole = u8;

#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bitboard(pub [u64; 3]);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard([0; 3]);

    /// The set of holes `0..n`.
    pub fn first_n(n: usize) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for h in 0..n {
            b.insert(h as Hole);
        }
        b
    }

    pub fn single(h: Hole) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.insert(h);
        b
    }

    #[inline]
    pub fn contains(&self, h: Hole) -> bool {
        self.0[(h >> 6) as usize] >> (h & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, h: Hole) {
        self.0[(h >> 6) as usize] |= 1 << (h & 63);
    }

    #[inline]
    pub fn remove(&mut self, h: Hole) {
        self.0[(h >> 6) as usize] &= !(1 << (h & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Lowest hole in the set, if any.
    #[inline]
    pub fn first(&self) -> Option<Hole> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| (i as u32 * 64 + w.trailing_zeros()) as Hole)
    }

    pub fn iter(&self) -> BitIter {
        BitIter {
            words: self.0,
            word: 0,
        }
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterates the holes of a bitboard in increasing order.
pub struct BitIter {
    words: [u64; 3],
    word: usize,
}

impl Iterator for BitIter {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        while self.word < 3 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as Hole);
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<Hole> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Hole>>(iter: I) -> Self {
        let mut b = Bitboard::EMPTY;
        for h in iter {
            b.insert(h);
        }
        b
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Bitboard) -> Bitboard {
                Bitboard([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2]])
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Bitboard) {
                *self = *self $op o;
            }
        }
    };
}
bit_op!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bit_op!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2]])
    }
}

/// Complement over all 192 bits; intersect with a board's `all()` mask to stay on the board.
impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_across_words() {
        let mut b = Bitboard::EMPTY;
        for h in [0u8, 63, 64, 127, 128, 180] {
            b.insert(h);
        }
        assert_eq!(b.count(), 6);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 127, 128, 180]);
        assert_eq!(b.first(), Some(0));
        b.remove(0);
        assert!(!b.contains(0));
        assert_eq!(b.first(), Some(63));
        assert_eq!(Bitboard::first_n(181).count(), 181);
        assert_eq!((!Bitboard::EMPTY & Bitboard::first_n(70)).count(), 70);
    }
}
