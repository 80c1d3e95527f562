//! Test helpers: a deliberately simple, slow reference move generator on a
//! plain array of squares (row and column arithmetic, no bitboards, no
//! shared code with the crate's generator beyond square numbering), and
//! random positions.

#![allow(dead_code)]

use starhop_draughts::{Game, Move, Piece, Position, Side, Square, Variant};
use std::collections::BTreeSet;

/// A move as the reference sees it: start, end, pieces taken, crowned.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub from: Square,
    pub to: Square,
    pub taken: Vec<Square>,
    pub crown: bool,
}

pub fn of(m: &Move) -> RefMove {
    RefMove {
        from: m.from(),
        to: m.to(),
        taken: m.captured(),
        crown: m.crowns(),
    }
}

#[derive(Clone)]
pub struct RefBoard {
    pub v: Variant,
    pub n: usize,
    /// `cells[row][col]`.
    pub cells: Vec<Vec<Option<Piece>>>,
    pub side: Side,
}

const DIRS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

impl RefBoard {
    pub fn from(p: &Position) -> RefBoard {
        let v = p.variant();
        let n = v.size();
        let mut cells = vec![vec![None; n]; n];
        for sq in 1..=v.squares() as Square {
            let (r, c) = v.coords(sq).unwrap();
            cells[r][c] = p.piece(sq);
        }
        RefBoard {
            v,
            n,
            cells,
            side: p.side_to_move(),
        }
    }

    fn at(&self, r: i32, c: i32) -> Option<Option<Piece>> {
        if r < 0 || c < 0 || r >= self.n as i32 || c >= self.n as i32 {
            None
        } else {
            Some(self.cells[r as usize][c as usize])
        }
    }

    fn sq(&self, r: i32, c: i32) -> Square {
        self.v.square_at(r as usize, c as usize).unwrap()
    }

    fn far_row(&self) -> i32 {
        match self.side {
            Side::White => 0,
            Side::Black => self.n as i32 - 1,
        }
    }

    pub fn moves(&self) -> Vec<RefMove> {
        let mut caps = BTreeSet::new();
        for r in 0..self.n as i32 {
            for c in 0..self.n as i32 {
                if let Some(Some(p)) = self.at(r, c)
                    && p.side == self.side
                {
                    let mut taken = vec![];
                    self.capture((r, c), (r, c), p.king, false, &mut taken, &mut caps);
                }
            }
        }
        let mut caps: Vec<RefMove> = caps.into_iter().collect();
        if self.v == Variant::International {
            let most = caps.iter().map(|m| m.taken.len()).max().unwrap_or(0);
            caps.retain(|m| m.taken.len() == most);
        }
        if !caps.is_empty() {
            return caps;
        }
        let mut out = vec![];
        let fwd = if self.side == Side::White { -1 } else { 1 };
        for r in 0..self.n as i32 {
            for c in 0..self.n as i32 {
                let Some(Some(p)) = self.at(r, c) else {
                    continue;
                };
                if p.side != self.side {
                    continue;
                }
                for (dr, dc) in DIRS {
                    if !p.king && dr != fwd {
                        continue;
                    }
                    let mut k = 1;
                    while let Some(None) = self.at(r + k * dr, c + k * dc) {
                        let (tr, tc) = (r + k * dr, c + k * dc);
                        out.push(RefMove {
                            from: self.sq(r, c),
                            to: self.sq(tr, tc),
                            taken: vec![],
                            crown: !p.king && tr == self.far_row(),
                        });
                        if !p.king {
                            break;
                        }
                        k += 1;
                    }
                }
            }
        }
        out
    }

    /// Empty for the capture: nothing there, or the mover's own start.
    fn free(&self, start: (i32, i32), r: i32, c: i32) -> bool {
        match self.at(r, c) {
            Some(None) => true,
            Some(Some(_)) => (r, c) == start,
            None => false,
        }
    }

    fn capture(
        &self,
        start: (i32, i32),
        at: (i32, i32),
        king: bool,
        crowned: bool,
        taken: &mut Vec<(i32, i32)>,
        out: &mut BTreeSet<RefMove>,
    ) {
        let mut more = false;
        for (dr, dc) in DIRS {
            // Find the first piece along the line (next square only for a man).
            let mut k = 1;
            if king {
                while self.free(start, at.0 + k * dr, at.1 + k * dc) {
                    k += 1;
                }
            }
            let (er, ec) = (at.0 + k * dr, at.1 + k * dc);
            let Some(Some(p)) = self.at(er, ec) else {
                continue;
            };
            if (er, ec) == start || p.side == self.side || taken.contains(&(er, ec)) {
                continue;
            }
            let mut lands = vec![];
            let mut j = 1;
            while self.free(start, er + j * dr, ec + j * dc) {
                lands.push((er + j * dr, ec + j * dc));
                if !king {
                    break;
                }
                j += 1;
            }
            taken.push((er, ec));
            // A king must land where it can capture again, if such a square exists.
            if king {
                let on: Vec<(i32, i32)> = lands
                    .iter()
                    .copied()
                    .filter(|&l| self.can_king_jump(start, l, taken))
                    .collect();
                if !on.is_empty() {
                    lands = on;
                }
            }
            for land in lands {
                more = true;
                let crown_now = !king && self.v == Variant::Russian && land.0 == self.far_row();
                self.capture(
                    start,
                    land,
                    king || crown_now,
                    crowned || crown_now,
                    taken,
                    out,
                );
            }
            taken.pop();
        }
        if !more && !taken.is_empty() {
            let mut t: Vec<Square> = taken.iter().map(|&(r, c)| self.sq(r, c)).collect();
            t.sort();
            out.insert(RefMove {
                from: self.sq(start.0, start.1),
                to: self.sq(at.0, at.1),
                taken: t,
                crown: crowned || (!king && at.0 == self.far_row()),
            });
        }
    }

    fn can_king_jump(&self, start: (i32, i32), at: (i32, i32), taken: &[(i32, i32)]) -> bool {
        DIRS.iter().any(|&(dr, dc)| {
            let mut k = 1;
            while self.free(start, at.0 + k * dr, at.1 + k * dc) {
                k += 1;
            }
            let (er, ec) = (at.0 + k * dr, at.1 + k * dc);
            matches!(self.at(er, ec), Some(Some(p)) if p.side != self.side && (er, ec) != start && !taken.contains(&(er, ec)))
                && self.free(start, er + dr, ec + dc)
        })
    }

    pub fn play(&mut self, m: &RefMove) {
        let (fr, fc) = self.v.coords(m.from).unwrap();
        let (tr, tc) = self.v.coords(m.to).unwrap();
        let mut p = self.cells[fr][fc].take().unwrap();
        for &s in &m.taken {
            let (r, c) = self.v.coords(s).unwrap();
            self.cells[r][c] = None;
        }
        if m.crown {
            p.king = true;
        }
        self.cells[tr][tc] = Some(p);
        self.side = self.side.other();
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ms = self.moves();
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.iter()
            .map(|m| {
                let mut b = self.clone();
                b.play(m);
                b.perft(depth - 1)
            })
            .sum()
    }
}

/// SplitMix64: a tiny seeded generator for test positions.
pub fn next(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A random position: each square empty, a man or a king of either side,
/// with `fill` percent occupied and `kings` percent of pieces kings.
pub fn random_position(v: Variant, seed: u64, fill: u64, kings: u64) -> Position {
    let mut rng = seed;
    let side = if next(&mut rng).is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    let mut p = Position::empty(v, side);
    for sq in 1..=v.squares() as Square {
        if next(&mut rng) % 100 >= fill {
            continue;
        }
        let side = if next(&mut rng).is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        let king = next(&mut rng) % 100 < kings;
        // A man on its own crowning row is refused; make it a king.
        if p.put(sq, Piece { side, king }).is_err() {
            p.put(sq, Piece { side, king: true }).unwrap();
        }
    }
    p
}

/// The bitboard moves in reference form, sorted; panics on duplicates.
pub fn fast_moves(p: &Position) -> Vec<RefMove> {
    let mut v: Vec<RefMove> = p.legal_moves().iter().map(of).collect();
    v.sort();
    let n = v.len();
    v.dedup();
    assert_eq!(
        v.len(),
        n,
        "duplicate moves in {}",
        starhop_draughts::to_fen(p)
    );
    v
}

pub fn ref_moves(p: &Position) -> Vec<RefMove> {
    let mut v = RefBoard::from(p).moves();
    v.sort();
    v
}

/// Play `plies` quiet moves that keep the draw rules' clocks running: no
/// capture, no position seen before in the game, and no capture offered to
/// the other side. Men move only if `men` is set (kings are tried first).
/// Backtracks when stuck; panics if no such sequence exists.
pub fn quiet_walk(game: &mut Game, plies: usize, men: bool) {
    let mut budget = 200_000;
    assert!(
        walk(game, plies, men, &mut budget),
        "no quiet sequence of {plies} plies"
    );
}

fn walk(game: &mut Game, plies: usize, men: bool, budget: &mut u32) -> bool {
    if plies == 0 {
        return true;
    }
    if game.is_over() || *budget == 0 {
        return false;
    }
    *budget -= 1;
    let seen: Vec<Position> = (0..=game.ply_count())
        .map(|k| *game.position_before(k).unwrap())
        .collect();
    let mut moves: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| {
            if m.is_capture() || (!men && !m.by_king()) {
                return false;
            }
            let mut p = *game.position();
            p.play(m);
            !seen.contains(&p) && !p.has_capture() && !p.legal_moves().is_empty()
        })
        .collect();
    moves.sort_by_key(|m| !m.by_king());
    for m in moves {
        game.play(&m).unwrap();
        // The last ply may end the game (that is what the tests look for).
        if (plies == 1 || !game.is_over()) && walk(game, plies - 1, men, budget) {
            return true;
        }
        game.undo();
    }
    false
}
