//! The food-checkers board: the central hexagon of a star board (37, 61 or 91
//! holes for star sizes 3, 4, 5), numbered by its own cell index so that a
//! whole position fits one `u128` bit set. Tables for neighbours, captures and
//! the hexagon's 12 symmetries are built once per size and shared.

use crate::bitboard::Hole;
use crate::error::RuleError;
use crate::geometry::{Board, DIRS, Hex};
use std::sync::OnceLock;

/// A cell of the hexagon: an index into [`FoodBoard::hexes`].
pub type Cell = u8;

/// A set of cells, one bit per cell (at most 91 used).
pub type Cells = u128;

/// Marker for "no cell" in the tables.
pub const NO_CELL: Cell = u8::MAX;

/// One capture on the board: a marble on `from` jumps the marble on `over` into
/// the empty `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    pub from: Cell,
    pub over: Cell,
    pub to: Cell,
}

impl Jump {
    /// The bits a capture flips: `from` and `over` empty, `to` filled.
    pub fn flips(self) -> Cells {
        bit(self.from) | bit(self.over) | bit(self.to)
    }
}

/// The bit of one cell.
pub const fn bit(c: Cell) -> Cells {
    1u128 << c
}

/// Iterates the cells of a set, lowest first.
pub fn cells(mut s: Cells) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if s == 0 {
            return None;
        }
        let c = s.trailing_zeros() as Cell;
        s &= s - 1;
        Some(c)
    })
}

#[derive(Debug)]
pub struct FoodBoard {
    /// The star size this hexagon is the centre of (3, 4 or 5); its side has
    /// `size + 1` holes.
    pub size: u8,
    /// Cells in the star board's hole order (rows from north to south).
    pub hexes: Vec<Hex>,
    /// The star board's hole of each cell, for drawing on the 3D board.
    pub holes: Vec<Hole>,
    /// `neighbour[c][d]`: the adjacent cell in direction `DIRS[d]`, or `NO_CELL`.
    pub neighbour: Vec<[Cell; 6]>,
    /// Every capture the geometry allows, grouped by `from` cell in order.
    pub jumps: Vec<Jump>,
    /// `jumps[jumps_from[c]..jumps_from[c + 1]]` are the captures from cell `c`.
    jumps_from: Vec<usize>,
    /// The 12 symmetries as cell permutations; `symmetries[0]` is the identity.
    pub symmetries: Vec<Vec<Cell>>,
    pub all: Cells,
    pub centre: Cell,
}

/// One board per size: boards compare and hash by their size.
impl PartialEq for FoodBoard {
    fn eq(&self, other: &FoodBoard) -> bool {
        self.size == other.size
    }
}
impl Eq for FoodBoard {}
impl std::hash::Hash for FoodBoard {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.size.hash(h)
    }
}

impl FoodBoard {
    /// The hexagon of star size 3, 4 or 5.
    pub fn get(size: u8) -> Result<&'static FoodBoard, RuleError> {
        static BOARDS: [OnceLock<FoodBoard>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let star = Board::get(size)?;
        Ok(BOARDS[(size - 3) as usize].get_or_init(|| FoodBoard::build(star)))
    }

    /// The hexagon with this many holes (37, 61 or 91).
    pub fn with_holes(holes: usize) -> Result<&'static FoodBoard, RuleError> {
        match holes {
            37 => FoodBoard::get(3),
            61 => FoodBoard::get(4),
            91 => FoodBoard::get(5),
            _ => Err(RuleError::BoardSize(holes as u8)),
        }
    }

    fn build(star: &Board) -> FoodBoard {
        let holes: Vec<Hole> = star.centre.iter().collect();
        let hexes: Vec<Hex> = holes.iter().map(|&h| star.hex(h)).collect();
        let n = star.size as i8;
        let find = |q: i8, r: i8| -> Cell {
            hexes
                .iter()
                .position(|x| *x == Hex::new(q, r))
                .map_or(NO_CELL, |i| i as Cell)
        };
        let neighbour: Vec<[Cell; 6]> = hexes
            .iter()
            .map(|h| DIRS.map(|(dq, dr)| find(h.q + dq, h.r + dr)))
            .collect();
        let mut jumps = Vec::new();
        let mut jumps_from = vec![0];
        for (c, h) in hexes.iter().enumerate() {
            for (dq, dr) in DIRS {
                let (over, to) = (find(h.q + dq, h.r + dr), find(h.q + 2 * dq, h.r + 2 * dr));
                if over != NO_CELL && to != NO_CELL {
                    jumps.push(Jump {
                        from: c as Cell,
                        over,
                        to,
                    });
                }
            }
            jumps_from.push(jumps.len());
        }
        // Six rotations by 60° ((q, r) -> (-r, q + r)), each with and without
        // the reflection (q, r) -> (r, q).
        let mut symmetries = Vec::with_capacity(12);
        for flip in [false, true] {
            for turns in 0..6 {
                symmetries.push(
                    hexes
                        .iter()
                        .map(|h| {
                            let (mut q, mut r) = if flip { (h.r, h.q) } else { (h.q, h.r) };
                            for _ in 0..turns {
                                (q, r) = (-r, q + r);
                            }
                            debug_assert!(q.abs() <= n && r.abs() <= n);
                            find(q, r)
                        })
                        .collect(),
                );
            }
        }
        let all = if hexes.len() == 128 {
            u128::MAX
        } else {
            (1u128 << hexes.len()) - 1
        };
        let centre = find(0, 0);
        FoodBoard {
            size: star.size,
            hexes,
            holes,
            neighbour,
            jumps,
            jumps_from,
            symmetries,
            all,
            centre,
        }
    }

    /// Number of holes (37, 61 or 91).
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// The cell at these axial coordinates, if it is on the hexagon.
    pub fn cell(&self, hex: Hex) -> Option<Cell> {
        self.hexes.iter().position(|&h| h == hex).map(|i| i as Cell)
    }

    /// The cell of a star-board hole, if it is on the hexagon.
    pub fn cell_of_hole(&self, hole: Hole) -> Option<Cell> {
        self.holes
            .iter()
            .position(|&h| h == hole)
            .map(|i| i as Cell)
    }

    pub fn hex(&self, c: Cell) -> Hex {
        self.hexes[c as usize]
    }

    /// The captures the geometry allows from cell `c` (whatever is on the board).
    pub fn jumps_from(&self, c: Cell) -> &[Jump] {
        &self.jumps[self.jumps_from[c as usize]..self.jumps_from[c as usize + 1]]
    }

    /// The position class of a cell: `(q - r) mod 3`. Every capture changes the
    /// count of marbles on each of the three classes by one, so the parities of
    /// the three counts all flip together.
    pub fn class(&self, c: Cell) -> u8 {
        let h = self.hex(c);
        (h.q - h.r).rem_euclid(3) as u8
    }

    /// The cells of each position class.
    pub fn class_cells(&self) -> [Cells; 3] {
        let mut out = [0; 3];
        for c in 0..self.len() as Cell {
            out[self.class(c) as usize] |= bit(c);
        }
        out
    }

    /// Applies symmetry `k` to a set of cells.
    pub fn transform(&self, k: usize, s: Cells) -> Cells {
        let p = &self.symmetries[k];
        cells(s).fold(0, |t, c| t | bit(p[c as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagons_have_37_61_91_cells_with_the_centre_at_the_origin() {
        for (size, n) in [(3, 37), (4, 61), (5, 91)] {
            let b = FoodBoard::get(size).unwrap();
            assert_eq!(b.len(), n);
            assert_eq!(b.hex(b.centre), Hex::new(0, 0));
            assert_eq!(b.all.count_ones() as usize, n);
            assert!(std::ptr::eq(b, FoodBoard::with_holes(n).unwrap()));
        }
        assert!(FoodBoard::with_holes(60).is_err());
    }

    #[test]
    fn every_jump_is_two_steps_in_a_line_and_each_is_listed_once_by_its_start() {
        let b = FoodBoard::get(4).unwrap();
        let mut seen = std::collections::HashSet::new();
        for c in 0..b.len() as Cell {
            for j in b.jumps_from(c) {
                assert_eq!(j.from, c);
                let (f, o, t) = (b.hex(j.from), b.hex(j.over), b.hex(j.to));
                assert_eq!((o.q - f.q, o.r - f.r), (t.q - o.q, t.r - o.r));
                assert_eq!(f.distance(o), 1);
                assert!(seen.insert(*j));
            }
        }
        assert_eq!(seen.len(), b.jumps.len());
        // A corner of the hexagon has 3 jumps, the centre 6.
        assert_eq!(b.jumps_from(b.centre).len(), 6);
    }

    #[test]
    fn the_twelve_symmetries_are_distinct_permutations_that_keep_adjacency() {
        let b = FoodBoard::get(5).unwrap();
        let mut distinct = std::collections::HashSet::new();
        for p in &b.symmetries {
            let mut sorted = p.clone();
            sorted.sort();
            assert_eq!(sorted, (0..b.len() as Cell).collect::<Vec<_>>());
            assert_eq!(p[b.centre as usize], b.centre);
            for j in &b.jumps {
                let (f, o, t) = (p[j.from as usize], p[j.over as usize], p[j.to as usize]);
                assert!(b.jumps_from(f).contains(&Jump {
                    from: f,
                    over: o,
                    to: t
                }));
            }
            distinct.insert(p.clone());
        }
        assert_eq!(distinct.len(), 12);
        assert_eq!(b.symmetries[0], (0..b.len() as Cell).collect::<Vec<_>>());
    }

    #[test]
    fn a_capture_flips_the_parity_of_all_three_class_counts() {
        let b = FoodBoard::get(4).unwrap();
        for j in &b.jumps {
            let classes = [b.class(j.from), b.class(j.over), b.class(j.to)];
            let mut sorted = classes;
            sorted.sort();
            assert_eq!(
                sorted,
                [0, 1, 2],
                "a line of three holes covers every class"
            );
        }
    }
}
