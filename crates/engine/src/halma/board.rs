//! The 16×16 board: squares numbered row by row from the corner at row 0,
//! column 0 (`row * 16 + column`), sets of squares as 256-bit bitboards, the
//! eight directions, and the corners' yards.

use serde::{Deserialize, Serialize};

/// Squares per side.
pub const SIDE: u8 = 16;

/// A square: `row * 16 + column`.
pub type Square = u8;

/// The square at `row`, `column` (both 0..16).
pub const fn square(row: u8, column: u8) -> Square {
    row * SIDE + column
}

pub const fn row(s: Square) -> u8 {
    s / SIDE
}

pub const fn column(s: Square) -> u8 {
    s % SIDE
}

/// The eight directions as (rows, columns): orthogonal and diagonal.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The square `steps` away from `s` in direction `d`, if it is on the board.
pub fn towards(s: Square, d: usize, steps: i8) -> Option<Square> {
    let (dr, dc) = DIRECTIONS[d];
    let r = row(s) as i8 + dr * steps;
    let c = column(s) as i8 + dc * steps;
    let on = |x: i8| (0..SIDE as i8).contains(&x);
    (on(r) && on(c)).then(|| square(r as u8, c as u8))
}

/// A set of squares.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Squares(pub [u64; 4]);

impl Squares {
    pub const EMPTY: Squares = Squares([0; 4]);
    pub const ALL: Squares = Squares([u64::MAX; 4]);

    #[inline]
    pub fn contains(&self, s: Square) -> bool {
        self.0[(s >> 6) as usize] >> (s & 63) & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, s: Square) {
        self.0[(s >> 6) as usize] |= 1 << (s & 63);
    }
    #[inline]
    pub fn remove(&mut self, s: Square) {
        self.0[(s >> 6) as usize] &= !(1 << (s & 63));
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// The squares in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        (0..4).flat_map(move |i| {
            let mut w = self.0[i];
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some((i as u32 * 64 + b) as Square)
            })
        })
    }
}

impl std::ops::BitOr for Squares {
    type Output = Squares;
    fn bitor(self, o: Squares) -> Squares {
        Squares(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl std::ops::BitAnd for Squares {
    type Output = Squares;
    fn bitand(self, o: Squares) -> Squares {
        Squares(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl std::ops::Not for Squares {
    type Output = Squares;
    fn not(self) -> Squares {
        Squares(self.0.map(|w| !w))
    }
}

impl std::ops::BitOrAssign for Squares {
    fn bitor_assign(&mut self, o: Squares) {
        *self = *self | o;
    }
}

impl std::fmt::Debug for Squares {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The corners, clockwise from row 0, column 0: top left, top right,
/// bottom right, bottom left (row 0 at the top).
pub const CORNERS: [(u8, u8); 4] = [(0, 0), (0, 15), (15, 15), (15, 0)];

/// The yards of a game of `players` (2 or 4): by corner, and each seat's
/// home and target corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yards {
    pub players: usize,
    /// By corner (clockwise from row 0, column 0).
    pub corners: [Squares; 4],
    /// Each seat's corner: seat 0 at row 0, column 0, the others clockwise
    /// from it (two players: the opposite corner).
    pub home_corner: Vec<usize>,
}

impl Yards {
    /// The yards of 2 players (19 squares: rows of 5, 5, 4, 3, 2 from the
    /// corner) or 4 (13: rows of 4, 4, 3, 2). `None` for other counts.
    pub fn new(players: usize) -> Option<Yards> {
        let rows: &[u8] = match players {
            2 => &[5, 5, 4, 3, 2],
            4 => &[4, 4, 3, 2],
            _ => return None,
        };
        let corners = std::array::from_fn(|k| {
            let (cr, cc) = CORNERS[k];
            let (sr, sc): (i8, i8) = (if cr == 0 { 1 } else { -1 }, if cc == 0 { 1 } else { -1 });
            let mut yard = Squares::EMPTY;
            for (i, &len) in rows.iter().enumerate() {
                for j in 0..len {
                    let r = cr as i8 + sr * i as i8;
                    let c = cc as i8 + sc * j as i8;
                    yard.insert(square(r as u8, c as u8));
                }
            }
            yard
        });
        let home_corner = match players {
            2 => vec![0, 2],
            _ => vec![0, 1, 2, 3],
        };
        Some(Yards {
            players,
            corners,
            home_corner,
        })
    }

    /// Pieces per seat.
    pub fn pieces(&self) -> u32 {
        self.corners[0].count()
    }

    pub fn home(&self, seat: usize) -> Squares {
        self.corners[self.home_corner[seat]]
    }

    /// The yard diagonally opposite the seat's home.
    pub fn target(&self, seat: usize) -> Squares {
        self.corners[(self.home_corner[seat] + 2) % 4]
    }

    /// Where `seat` may not end a move under "no stopping in other players'
    /// yards": the other seats' homes, but for its own target.
    pub fn foreign(&self, seat: usize) -> Squares {
        let mut f = Squares::EMPTY;
        for other in (0..self.players).filter(|&o| o != seat) {
            f |= self.home(other);
        }
        f & !self.target(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yards_have_the_sizes_of_section_12_and_face_their_targets() {
        let two = Yards::new(2).unwrap();
        assert_eq!(two.pieces(), 19);
        assert!(two.home(0).contains(square(0, 0)) && two.home(0).contains(square(4, 1)));
        assert!(!two.home(0).contains(square(4, 2)) && !two.home(0).contains(square(0, 5)));
        assert_eq!(two.home(1), two.target(0));
        assert!(two.home(1).contains(square(15, 15)) && two.home(1).contains(square(11, 14)));
        let four = Yards::new(4).unwrap();
        assert_eq!(four.pieces(), 13);
        assert!(four.home(1).contains(square(0, 15)) && four.home(1).contains(square(3, 14)));
        assert_eq!(four.target(1), four.home(3));
        assert!(four.home(3).contains(square(15, 0)));
        // The yards never overlap.
        for a in 0..4 {
            for b in 0..a {
                assert!((four.corners[a] & four.corners[b]).is_empty());
            }
        }
        // Two players' foreign yards: none (the other home is the target).
        assert!(two.foreign(0).is_empty());
        assert_eq!(four.foreign(0), four.home(1) | four.home(3));
        assert!(Yards::new(3).is_none());
    }

    #[test]
    fn directions_stop_at_the_edges() {
        assert_eq!(towards(square(0, 0), 7, 1), Some(square(1, 1)));
        assert_eq!(towards(square(0, 0), 0, 1), None);
        assert_eq!(towards(square(15, 15), 7, 1), None);
        assert_eq!(towards(square(5, 5), 1, 2), Some(square(3, 5)));
        let s: Squares = [3u8, 64, 200, 255]
            .into_iter()
            .fold(Squares::EMPTY, |mut s, x| {
                s.insert(x);
                s
            });
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 200, 255]);
        assert_eq!(s.count(), 4);
    }
}
