//! Board geometry: the star of holes on a hex lattice, its camps and the
//! precomputed tables (neighbours, jumps, rays, distances) that move generation
//! and evaluation read. One `Board` per size, built once and shared.

use crate::bitboard::{Bitboard, Hole};
use crate::error::RuleError;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Axial hex coordinates; the third cube coordinate is `s = -q - r`.
/// Rows of constant `r` run left to right; `r` grows towards camp 0 (south).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

impl Hex {
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }
    pub fn s(self) -> i8 {
        -self.q - self.r
    }
    pub fn distance(self, o: Hex) -> u8 {
        let dq = (self.q - o.q).unsigned_abs();
        let dr = (self.r - o.r).unsigned_abs();
        let ds = (self.s() - o.s()).unsigned_abs();
        dq.max(dr).max(ds)
    }
    /// Position in the plane (unit spacing between neighbours), x east, y north.
    pub fn to_plane(self) -> (f32, f32) {
        let x = self.q as f32 + self.r as f32 / 2.0;
        let y = -(self.r as f32) * 3f32.sqrt() / 2.0;
        (x, y)
    }
}

/// The six lattice directions, counter-clockwise from east. `DIRS[d]` and
/// `DIRS[(d + 3) % 6]` are opposite.
pub const DIRS: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Marker for "no hole" in the tables.
pub const NONE: Hole = u8::MAX;

/// Supported star sizes (rows per point).
pub const SIZES: [u8; 3] = [3, 4, 5];

/// A star board of size `n`: the hexagon of side `n + 1` plus six triangular
/// points (camps) of `n` rows.
#[derive(Debug)]
pub struct Board {
    pub size: u8,
    hexes: Vec<Hex>,
    /// `index[(r + 2n) * w + (q + 2n)]` maps coordinates back to holes.
    index: Vec<Hole>,
    width: usize,
    /// `neighbour[h][d]`: the adjacent hole in direction `d`, or `NONE`.
    pub neighbour: Vec<[Hole; 6]>,
    /// `jump[h][d]`: the hole two steps away in direction `d` (an adjacent jump's landing), or `NONE`.
    pub jump: Vec<[Hole; 6]>,
    /// `rays[h][d]`: every hole along direction `d` from `h`, nearest first (for long jumps).
    pub rays: Vec<[Vec<Hole>; 6]>,
    /// Camp `k` as a set of holes (camps counter-clockwise from the south point).
    pub camps: [Bitboard; 6],
    /// `camp_of[h]`: the camp a hole belongs to, if any.
    pub camp_of: Vec<Option<u8>>,
    /// The central hexagon.
    pub centre: Bitboard,
    all: Bitboard,
    /// Hex distance between any two holes, row-major `len * len`.
    dist: Vec<u8>,
    /// `near[h][r]`: the holes within distance `r` of `h`, for the radii items
    /// use (`within` answers from here for `r < NEAR_RADII`).
    near: Vec<[Bitboard; NEAR_RADII]>,
}

/// Radii whose neighbourhoods every board keeps ready: 0 to 4 (the items'
/// 3 and 4 included).
const NEAR_RADII: usize = 5;

impl Board {
    /// The shared board of size `n` (3, 4 or 5).
    pub fn get(size: u8) -> Result<&'static Board, RuleError> {
        static BOARDS: [OnceLock<Board>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        if !SIZES.contains(&size) {
            return Err(RuleError::BoardSize(size));
        }
        Ok(BOARDS[(size - 3) as usize].get_or_init(|| Board::build(size)))
    }

    /// Which camp a coordinate lies in: the point beyond the hexagon it sticks out of.
    fn camp_of_hex(n: i8, h: Hex) -> Option<u8> {
        let (q, r, s) = (h.q, h.r, h.s());
        if r > n {
            Some(0)
        } else if s < -n {
            Some(1)
        } else if q > n {
            Some(2)
        } else if r < -n {
            Some(3)
        } else if s > n {
            Some(4)
        } else if q < -n {
            Some(5)
        } else {
            None
        }
    }

    fn build(size: u8) -> Board {
        let n = size as i8;
        // The star is the union of two big triangles: all cube coords >= -n, or all <= n.
        let on_star = |q: i8, r: i8| {
            let s = -q - r;
            (q >= -n && r >= -n && s >= -n) || (q <= n && r <= n && s <= n)
        };
        let mut hexes = Vec::new();
        for r in -2 * n..=2 * n {
            for q in -2 * n..=2 * n {
                if on_star(q, r) {
                    hexes.push(Hex::new(q, r));
                }
            }
        }
        let width = (4 * n + 1) as usize;
        let mut index = vec![NONE; width * width];
        for (i, h) in hexes.iter().enumerate() {
            index[(h.r + 2 * n) as usize * width + (h.q + 2 * n) as usize] = i as Hole;
        }
        let lookup = |q: i8, r: i8| -> Hole {
            if q < -2 * n || q > 2 * n || r < -2 * n || r > 2 * n {
                return NONE;
            }
            index[(r + 2 * n) as usize * width + (q + 2 * n) as usize]
        };
        let len = hexes.len();
        let mut neighbour = vec![[NONE; 6]; len];
        let mut jump = vec![[NONE; 6]; len];
        let mut rays: Vec<[Vec<Hole>; 6]> = Vec::with_capacity(len);
        for (i, h) in hexes.iter().enumerate() {
            let mut hole_rays: [Vec<Hole>; 6] = Default::default();
            for (d, (dq, dr)) in DIRS.iter().enumerate() {
                neighbour[i][d] = lookup(h.q + dq, h.r + dr);
                jump[i][d] = lookup(h.q + 2 * dq, h.r + 2 * dr);
                let mut k = 1;
                loop {
                    let x = lookup(h.q + k * dq, h.r + k * dr);
                    if x == NONE {
                        break;
                    }
                    hole_rays[d].push(x);
                    k += 1;
                }
            }
            rays.push(hole_rays);
        }
        let mut camps = [Bitboard::EMPTY; 6];
        let mut camp_of = vec![None; len];
        let mut centre = Bitboard::EMPTY;
        for (i, h) in hexes.iter().enumerate() {
            match Board::camp_of_hex(n, *h) {
                Some(c) => {
                    camps[c as usize].insert(i as Hole);
                    camp_of[i] = Some(c);
                }
                None => centre.insert(i as Hole),
            }
        }
        let mut dist = vec![0u8; len * len];
        for a in 0..len {
            for b in 0..len {
                dist[a * len + b] = hexes[a].distance(hexes[b]);
            }
        }
        let near = (0..len)
            .map(|a| {
                let mut rings = [Bitboard::EMPTY; NEAR_RADII];
                for b in 0..len {
                    let d = dist[a * len + b] as usize;
                    for ring in rings.iter_mut().skip(d) {
                        ring.insert(b as Hole);
                    }
                }
                rings
            })
            .collect();
        Board {
            size,
            hexes,
            index,
            width,
            neighbour,
            jump,
            rays,
            camps,
            camp_of,
            centre,
            all: Bitboard::first_n(len),
            dist,
            near,
        }
    }

    /// Number of holes.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Every hole of the board.
    pub fn all(&self) -> Bitboard {
        self.all
    }

    /// Marbles per player (holes per camp): n(n+1)/2.
    pub fn camp_size(&self) -> usize {
        let n = self.size as usize;
        n * (n + 1) / 2
    }

    pub fn hex(&self, h: Hole) -> Hex {
        self.hexes[h as usize]
    }

    /// The hole at a coordinate, if it is on the board.
    pub fn hole(&self, hex: Hex) -> Option<Hole> {
        // In i16: `i8::abs(-128)` overflows, and any i8 may come from outside.
        let n = self.size as i16;
        let (q, r) = (hex.q as i16, hex.r as i16);
        if q.abs() > 2 * n || r.abs() > 2 * n {
            return None;
        }
        let h = self.index[(r + 2 * n) as usize * self.width + (q + 2 * n) as usize];
        (h != NONE).then_some(h)
    }

    /// Hex distance between two holes.
    #[inline]
    pub fn distance(&self, a: Hole, b: Hole) -> u8 {
        self.dist[a as usize * self.len() + b as usize]
    }

    /// Holes within hex distance `r` of `h`.
    pub fn within(&self, h: Hole, r: u8) -> Bitboard {
        if let Some(&near) = self.near.get(h as usize).and_then(|n| n.get(r as usize)) {
            return near;
        }
        (0..self.len() as Hole)
            .filter(|&x| self.distance(h, x) <= r)
            .collect()
    }

    /// The row of hole `h` counted from the tip of camp `camp`: 1 at the
    /// tip, `4n + 1` at the opposite tip (a notation players can read: how
    /// far a marble is from home).
    pub fn row_from_camp(&self, h: Hole, camp: u8) -> u8 {
        let n = self.size as i16;
        let hex = self.hex(h);
        let (q, r, s) = (hex.q as i16, hex.r as i16, hex.s() as i16);
        // Each camp sticks out along one cube axis (see `camp_of_hex`).
        let depth = match camp % 6 {
            0 => 2 * n - r,
            1 => s + 2 * n,
            2 => 2 * n - q,
            3 => r + 2 * n,
            4 => 2 * n - s,
            _ => q + 2 * n,
        };
        (depth + 1) as u8
    }

    /// The holes of every camp together.
    pub fn any_camp(&self) -> Bitboard {
        self.all & !self.centre
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_count_from_each_camps_tip_to_the_far_tip() {
        for size in SIZES {
            let b = Board::get(size).unwrap();
            let last = 4 * size + 1;
            for camp in 0..6u8 {
                let rows: Vec<u8> = (0..b.len() as Hole)
                    .map(|h| b.row_from_camp(h, camp))
                    .collect();
                assert_eq!(rows.iter().min(), Some(&1), "size {size} camp {camp}");
                assert_eq!(rows.iter().max(), Some(&last), "size {size} camp {camp}");
                // The tip row is one hole of the camp; the far tip one hole of the opposite camp.
                let tip: Vec<Hole> = (0..b.len() as Hole)
                    .filter(|&h| rows[h as usize] == 1)
                    .collect();
                assert_eq!(tip.len(), 1);
                assert_eq!(b.camp_of[tip[0] as usize], Some(camp));
                let far: Vec<Hole> = (0..b.len() as Hole)
                    .filter(|&h| rows[h as usize] == last)
                    .collect();
                assert_eq!(far.len(), 1);
                assert_eq!(b.camp_of[far[0] as usize], Some((camp + 3) % 6));
                // The camp is exactly its first `size` rows.
                for h in 0..b.len() as Hole {
                    let in_camp = b.camps[camp as usize].contains(h);
                    assert_eq!(in_camp, rows[h as usize] <= size, "hole {h}");
                }
            }
        }
    }

    #[test]
    fn within_is_every_hole_at_most_that_far() {
        for n in [3, 4, 5] {
            let b = Board::get(n).unwrap();
            for h in 0..b.len() as Hole {
                for r in 0..8u8 {
                    let by_distance: Bitboard = (0..b.len() as Hole)
                        .filter(|&x| b.distance(h, x) <= r)
                        .collect();
                    assert_eq!(
                        b.within(h, r),
                        by_distance,
                        "size {n}, hole {h}, radius {r}"
                    );
                }
            }
        }
    }

    #[test]
    fn rule_1_board_sizes_have_73_121_181_holes() {
        for (n, holes, centre, camp) in [(3, 73, 37, 6), (4, 121, 61, 10), (5, 181, 91, 15)] {
            let b = Board::get(n).unwrap();
            assert_eq!(b.len(), holes);
            assert_eq!(b.centre.count(), centre);
            assert_eq!(b.camp_size(), camp);
            for c in 0..6 {
                assert_eq!(b.camps[c].count() as usize, camp, "camp {c} on size {n}");
            }
        }
    }

    #[test]
    fn coordinates_far_off_the_board_are_not_holes() {
        let b = Board::get(4).unwrap();
        for (q, r) in [(-128, 0), (0, -128), (-128, -128), (127, 127), (127, -128)] {
            assert_eq!(b.hole(Hex::new(q, r)), None, "({q},{r})");
        }
    }

    #[test]
    fn rule_1_other_board_sizes_are_refused() {
        assert!(Board::get(2).is_err());
        assert!(Board::get(6).is_err());
    }

    #[test]
    fn rule_1_opposite_camps_face_each_other() {
        let b = Board::get(4).unwrap();
        for k in 0..6 {
            // Mirroring through the centre maps camp k onto camp k+3.
            let mirrored: Bitboard = b.camps[k]
                .iter()
                .map(|h| {
                    let x = b.hex(h);
                    b.hole(Hex::new(-x.q, -x.r)).unwrap()
                })
                .collect();
            assert_eq!(mirrored, b.camps[(k + 3) % 6]);
        }
    }

    #[test]
    fn rule_1_camps_run_counter_clockwise_from_the_south() {
        let b = Board::get(4).unwrap();
        let angle = |c: usize| {
            let (mut x, mut y) = (0.0, 0.0);
            for h in b.camps[c].iter() {
                let (px, py) = b.hex(h).to_plane();
                x += px;
                y += py;
            }
            y.atan2(x).to_degrees().rem_euclid(360.0)
        };
        let expected = [270.0, 330.0, 30.0, 90.0, 150.0, 210.0];
        for (c, e) in expected.iter().enumerate() {
            assert!((angle(c) - e).abs() < 0.01, "camp {c} at {}", angle(c));
        }
    }

    #[test]
    fn rule_1_each_hole_has_up_to_six_neighbours_symmetrically() {
        for n in SIZES {
            let b = Board::get(n).unwrap();
            for h in 0..b.len() as Hole {
                let count = b.neighbour[h as usize]
                    .iter()
                    .filter(|&&x| x != NONE)
                    .count();
                assert!((2..=6).contains(&count));
                for d in 0..6 {
                    let x = b.neighbour[h as usize][d];
                    if x != NONE {
                        assert_eq!(b.neighbour[x as usize][(d + 3) % 6], h);
                        assert_eq!(b.distance(h, x), 1);
                    }
                }
            }
        }
    }
}
