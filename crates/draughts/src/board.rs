//! Board geometry: the two variants, square numbers and the bit layout.
//!
//! Squares carry their standard numbers (1–50 on 10×10, 1–32 on 8×8), counted
//! from the top left (Black's side) row by row. Inside a bitboard, square `s`
//! (0-based) sits at bit `s + s / (2 × per_row)`: one ghost bit after every
//! two rows. With that gap the four diagonal steps are the same shift on every
//! square (±per_row and ±(per_row + 1)), and a step off the left or right edge
//! lands on a ghost bit, which is never a square. 10×10 uses 54 bits, 8×8 uses
//! 35, so both fit one `u64`.

use serde::{Deserialize, Serialize};

/// A square's standard number: 1..=50 (International) or 1..=32 (Russian).
pub type Square = u8;

/// Which draughts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// FMJD rules on 10×10: longest capture compulsory, crowning only at the end of a move.
    International,
    /// Russian draughts on 8×8: free choice of capture, crowning during a capture.
    Russian,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::International, Variant::Russian];

    pub fn name(self) -> &'static str {
        match self {
            Variant::International => "international",
            Variant::Russian => "russian",
        }
    }

    /// Squares per side of the board (10 or 8).
    pub fn size(self) -> usize {
        self.geo().size
    }

    /// Number of dark squares (50 or 32).
    pub fn squares(self) -> usize {
        self.geo().squares
    }

    /// Row (0 = top, Black's back row) and column (0 = left) of a square.
    /// `None` when the number is not a square of this board.
    pub fn coords(self, sq: Square) -> Option<(usize, usize)> {
        let g = self.geo();
        if sq == 0 || sq as usize > g.squares {
            return None;
        }
        let s = sq as usize - 1;
        let row = s / g.per_row;
        let i = s % g.per_row;
        // Even rows (from the top) start with a light square.
        let col = 2 * i + usize::from(row.is_multiple_of(2));
        Some((row, col))
    }

    /// The square at a row and column, if that is a dark square.
    pub fn square_at(self, row: usize, col: usize) -> Option<Square> {
        let g = self.geo();
        if row >= g.size || col >= g.size || (row + col).is_multiple_of(2) {
            return None;
        }
        Some((row * g.per_row + col / 2 + 1) as Square)
    }

    /// Algebraic name of a square (`a1` bottom left, White's side), as Russian
    /// draughts writes moves.
    pub fn algebraic(self, sq: Square) -> Option<String> {
        let (row, col) = self.coords(sq)?;
        Some(format!(
            "{}{}",
            (b'a' + col as u8) as char,
            self.size() - row
        ))
    }

    /// The square named `a1`..`h8` (or up to `j10`), if it is a dark square.
    pub fn parse_algebraic(self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: usize = chars.as_str().parse().ok()?;
        let col = (file as u8 - b'a') as usize;
        if rank == 0 || rank > self.size() {
            return None;
        }
        self.square_at(self.size() - rank, col)
    }

    pub(crate) fn geo(self) -> &'static Geo {
        match self {
            Variant::International => &INTERNATIONAL,
            Variant::Russian => &RUSSIAN,
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "international" | "intl" | "10x10" => Ok(Variant::International),
            "russian" | "8x8" => Ok(Variant::Russian),
            _ => Err(format!(
                "unknown variant {s:?} (expected international or russian)"
            )),
        }
    }
}

/// Precomputed geometry of one board.
pub(crate) struct Geo {
    pub size: usize,
    pub per_row: usize,
    pub squares: usize,
    /// Bit steps: up-left, up-right, down-left, down-right. "Up" is towards
    /// square 1 (White's forward direction); direction `3 - j` reverses `j`.
    pub dirs: [i32; 4],
    /// Every real square.
    pub board: u64,
    /// Row 0 (White crowns here) and the last row (Black crowns here).
    pub top: u64,
    pub bottom: u64,
    /// Bit of each square, by 0-based square index.
    pub bit_of: [u8; 64],
    /// Standard number of each bit (0 for ghosts and unused bits).
    pub number_of: [u8; 64],
    /// Row of each bit, from the top.
    pub row_of: [u8; 64],
    /// Column of each bit.
    pub col_of: [u8; 64],
}

const fn geo(size: usize) -> Geo {
    let per_row = size / 2;
    let squares = size * per_row;
    let pair = 2 * per_row;
    let mut g = Geo {
        size,
        per_row,
        squares,
        dirs: [
            -(per_row as i32 + 1),
            -(per_row as i32),
            per_row as i32,
            per_row as i32 + 1,
        ],
        board: 0,
        top: 0,
        bottom: 0,
        bit_of: [0; 64],
        number_of: [0; 64],
        row_of: [0; 64],
        col_of: [0; 64],
    };
    let mut s = 0;
    while s < squares {
        let bit = s + s / pair;
        let row = s / per_row;
        let col = 2 * (s % per_row) + if row.is_multiple_of(2) { 1 } else { 0 };
        g.board |= 1 << bit;
        if row == 0 {
            g.top |= 1 << bit;
        }
        if row == size - 1 {
            g.bottom |= 1 << bit;
        }
        g.bit_of[s] = bit as u8;
        g.number_of[bit] = (s + 1) as u8;
        g.row_of[bit] = row as u8;
        g.col_of[bit] = col as u8;
        s += 1;
    }
    g
}

static INTERNATIONAL: Geo = geo(10);
static RUSSIAN: Geo = geo(8);

impl Geo {
    /// Bit of a standard square number (which must be valid).
    #[inline]
    pub fn bit(&self, sq: Square) -> u8 {
        self.bit_of[sq as usize - 1]
    }
}

/// Iterate the set bits of a word, lowest first.
#[inline]
pub(crate) fn bits(mut b: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(i)
        }
    })
}

/// Shift by a signed bit step.
#[inline]
pub(crate) fn shift(b: u64, d: i32) -> u64 {
    if d > 0 { b << d } else { b >> -d }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_the_fmjd_board() {
        let v = Variant::International;
        // Seed 002: the left edge is 6-16-26-36-46, the right edge 5-15-25-35-45,
        // and the long diagonal runs from 46 to 5.
        for sq in [6, 16, 26, 36, 46] {
            assert_eq!(v.coords(sq).unwrap().1, 0);
        }
        for sq in [5, 15, 25, 35, 45] {
            assert_eq!(v.coords(sq).unwrap().1, 9);
        }
        assert_eq!(v.coords(46), Some((9, 0)));
        assert_eq!(v.coords(5), Some((0, 9)));
        assert_eq!(v.algebraic(46).unwrap(), "a1");
        assert_eq!(Variant::Russian.algebraic(29).unwrap(), "a1");
        assert_eq!(Variant::Russian.algebraic(4).unwrap(), "h8");
        assert_eq!(Variant::Russian.parse_algebraic("c3"), Some(22));
    }

    #[test]
    fn diagonal_steps_stay_on_the_board_or_hit_a_ghost() {
        for v in Variant::ALL {
            let g = v.geo();
            for b in bits(g.board) {
                let (r, c) = (g.row_of[b as usize] as i32, g.col_of[b as usize] as i32);
                for (j, d) in g.dirs.iter().enumerate() {
                    let (dr, dc) = [(-1, -1), (-1, 1), (1, -1), (1, 1)][j];
                    let (nr, nc) = (r + dr, c + dc);
                    let t = b as i32 + d;
                    let on = (0..g.size as i32).contains(&nr) && (0..g.size as i32).contains(&nc);
                    let hit = (0..64).contains(&t) && g.board >> t & 1 == 1;
                    assert_eq!(on, hit, "{v} bit {b} dir {j}");
                    if on {
                        assert_eq!(
                            (g.row_of[t as usize] as i32, g.col_of[t as usize] as i32),
                            (nr, nc)
                        );
                    }
                }
            }
        }
    }
}
