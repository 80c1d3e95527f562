//! A position (pieces and side to move), its legal moves and how a move
//! changes it. Move generation works on bitboards (see `board.rs`).

use crate::board::{Geo, Square, Variant, bits, shift};
use crate::error::DraughtsError;
use serde::{Deserialize, Serialize};

/// A side. White moves first, from the bottom (high numbers) up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

/// A legal move. Captures are identified by their start, end and the set of
/// pieces taken (RULES §11): two routes taking the same pieces are one move.
/// `crown` is part of the identity too, so that the rare Russian capture that
/// could end on the same square as a man by one route and as a king by
/// another stays two moves with two results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Bits of the captured pieces (in the board's bit layout).
    pub(crate) captured: u64,
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// The moving piece is a man that ends the move as a king.
    pub(crate) crown: bool,
    /// The moving piece was a king before the move.
    pub(crate) king: bool,
    pub(crate) variant: Variant,
}

impl Move {
    /// Start square (standard number).
    pub fn from(&self) -> Square {
        self.variant.geo().number_of[self.from as usize]
    }

    /// End square (standard number).
    pub fn to(&self) -> Square {
        self.variant.geo().number_of[self.to as usize]
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// How many pieces the move takes.
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// The squares of the pieces taken, in increasing order.
    pub fn captured(&self) -> Vec<Square> {
        let g = self.variant.geo();
        bits(self.captured)
            .map(|b| g.number_of[b as usize])
            .collect()
    }

    /// The moving man is crowned by this move.
    pub fn crowns(&self) -> bool {
        self.crown
    }

    /// The moving piece was a king.
    pub fn by_king(&self) -> bool {
        self.king
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }
}

/// Pieces and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    /// Pieces of each side (`Side::index`).
    pub(crate) pieces: [u64; 2],
    pub(crate) kings: u64,
    pub(crate) side: Side,
}

impl Position {
    /// The standard start: Black's men on the first two-fifths of the squares
    /// (1–20 or 1–12), White's on the last (31–50 or 21–32), White to move.
    pub fn start(variant: Variant) -> Position {
        let g = variant.geo();
        let rows = if g.size == 10 { 4 } else { 3 };
        let n = rows * g.per_row;
        let mut black = 0;
        let mut white = 0;
        for s in 0..n {
            black |= 1 << g.bit_of[s];
            white |= 1 << g.bit_of[g.squares - 1 - s];
        }
        Position {
            variant,
            pieces: [white, black],
            kings: 0,
            side: Side::White,
        }
    }

    /// An empty board with `side` to move (for building positions).
    pub fn empty(variant: Variant, side: Side) -> Position {
        Position {
            variant,
            pieces: [0, 0],
            kings: 0,
            side,
        }
    }

    /// Put a piece on a square (or replace what is there). Men on their own
    /// crowning row are refused: they could never have got there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Result<(), DraughtsError> {
        let g = self.variant.geo();
        if sq == 0 || sq as usize > g.squares {
            return Err(DraughtsError::BadSquare(sq.to_string()));
        }
        let b = 1u64 << g.bit(sq);
        if !piece.king && crown_row(g, piece.side) & b != 0 {
            return Err(DraughtsError::ManOnCrowningRow(sq));
        }
        self.clear(sq);
        self.pieces[piece.side.index()] |= b;
        if piece.king {
            self.kings |= b;
        }
        Ok(())
    }

    /// Empty a square.
    pub fn clear(&mut self, sq: Square) {
        let g = self.variant.geo();
        if sq == 0 || sq as usize > g.squares {
            return;
        }
        let b = !(1u64 << g.bit(sq));
        self.pieces[0] &= b;
        self.pieces[1] &= b;
        self.kings &= b;
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        self.side = side;
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The piece on a square, if any.
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        let g = self.variant.geo();
        if sq == 0 || sq as usize > g.squares {
            return None;
        }
        let b = 1u64 << g.bit(sq);
        let king = self.kings & b != 0;
        if self.pieces[0] & b != 0 {
            Some(Piece {
                side: Side::White,
                king,
            })
        } else if self.pieces[1] & b != 0 {
            Some(Piece {
                side: Side::Black,
                king,
            })
        } else {
            None
        }
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        (1..=self.variant.squares() as Square)
            .filter_map(|sq| self.piece(sq).map(|p| (sq, p)))
            .collect()
    }

    /// Men and kings of a side.
    pub fn count(&self, side: Side) -> (u32, u32) {
        let p = self.pieces[side.index()];
        (
            (p & !self.kings).count_ones(),
            (p & self.kings).count_ones(),
        )
    }

    /// A 64-bit hash of the pieces and the side to move (for repetitions and
    /// the bots' table). A strong mix of the words, so no tables are needed.
    pub fn hash(&self) -> u64 {
        let mut h = mix(self.pieces[0] ^ 0x9e37_79b9_7f4a_7c15);
        h = mix(h ^ self.pieces[1]);
        h = mix(h ^ self.kings.rotate_left(17));
        h ^ (self.side as u64).wrapping_mul(0xd6e8_feb8_6659_fd93) ^ self.variant as u64
    }

    /// All legal moves: the compulsory captures if there are any (only the
    /// longest in International), else the plain moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.generate(&mut out);
        out
    }

    /// `legal_moves` into a buffer (cleared first), for searches and perft.
    pub fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate_captures(out);
        if out.is_empty() {
            self.generate_quiet(out);
        }
    }

    /// Whether the side to move has a capture (cheaper than generating them).
    pub fn has_capture(&self) -> bool {
        let g = self.variant.geo();
        let us = self.pieces[self.side.index()];
        let them = self.pieces[self.side.other().index()];
        let empty = g.board & !(us | them);
        let men = us & !self.kings;
        for &d in &g.dirs {
            if shift(shift(men, d) & them, d) & empty != 0 {
                return true;
            }
        }
        for k in bits(us & self.kings) {
            for &d in &g.dirs {
                let mut t = k as i32 + d;
                while (0..64).contains(&t) && empty >> t & 1 == 1 {
                    t += d;
                }
                if (0..64).contains(&t) && them >> t & 1 == 1 {
                    let l = t + d;
                    if (0..64).contains(&l) && empty >> l & 1 == 1 {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn generate_quiet(&self, out: &mut Vec<Move>) {
        let g = self.variant.geo();
        let us = self.pieces[self.side.index()];
        let empty = g.board & !(us | self.pieces[self.side.other().index()]);
        let men = us & !self.kings;
        let crown = crown_row(g, self.side);
        let forward = match self.side {
            Side::White => [g.dirs[0], g.dirs[1]],
            Side::Black => [g.dirs[2], g.dirs[3]],
        };
        for d in forward {
            for to in bits(shift(men, d) & empty) {
                out.push(Move {
                    captured: 0,
                    from: (to as i32 - d) as u8,
                    to,
                    crown: crown >> to & 1 == 1,
                    king: false,
                    variant: self.variant,
                });
            }
        }
        for k in bits(us & self.kings) {
            for &d in &g.dirs {
                let mut t = k as i32 + d;
                while (0..64).contains(&t) && empty >> t & 1 == 1 {
                    out.push(Move {
                        captured: 0,
                        from: k,
                        to: t as u8,
                        crown: false,
                        king: true,
                        variant: self.variant,
                    });
                    t += d;
                }
            }
        }
    }

    fn generate_captures(&self, out: &mut Vec<Move>) {
        let g = self.variant.geo();
        let us = self.pieces[self.side.index()];
        let them = self.pieces[self.side.other().index()];
        let occ = us | them;
        let mut ctx = Capture {
            g,
            variant: self.variant,
            enemy: them,
            empty: 0,
            crown: crown_row(g, self.side),
            russian: self.variant == Variant::Russian,
            from: 0,
            best: 1,
            out,
        };
        // Men first, by bitboard: only men with a jump at all are searched.
        let men = us & !self.kings;
        let empty = g.board & !occ;
        let mut jumpers = 0;
        for &d in &g.dirs {
            jumpers |= shift(shift(empty, -d) & them, -d) & men;
        }
        for m in bits(jumpers) {
            ctx.from = m;
            ctx.empty = empty | 1 << m;
            ctx.man(m, 0);
        }
        for k in bits(us & self.kings) {
            ctx.from = k;
            ctx.empty = empty | 1 << k;
            ctx.king(k, 0, 4, false);
        }
    }

    /// Play a move (which must be legal here; `Game::play` checks that).
    pub fn play(&mut self, m: &Move) {
        let me = self.side.index();
        let from = 1u64 << m.from;
        let to = 1u64 << m.to;
        self.pieces[me] = (self.pieces[me] & !from) | to;
        self.pieces[1 - me] &= !m.captured;
        let king = self.kings & from != 0 || m.crown;
        self.kings &= !(from | m.captured);
        if king {
            self.kings |= to;
        }
        self.side = self.side.other();
    }

    /// Every route of a move: the landing squares after the start, in order
    /// (one square for a plain move). Several routes may take the same pieces;
    /// the game may animate any of them. Empty if the move is not legal here.
    pub fn routes(&self, m: &Move) -> Vec<Vec<Square>> {
        let g = self.variant.geo();
        if !m.is_capture() {
            return if self.legal_moves().contains(m) {
                vec![vec![m.to()]]
            } else {
                vec![]
            };
        }
        let us = self.pieces[self.side.index()];
        let them = self.pieces[self.side.other().index()];
        let mut r = Routes {
            g,
            enemy: them,
            empty: (g.board & !(us | them)) | 1 << m.from,
            crown: crown_row(g, self.side),
            russian: self.variant == Variant::Russian,
            target: *m,
            path: vec![],
            found: vec![],
        };
        let king = self.kings >> m.from & 1 == 1;
        r.walk(m.from, 0, king, 4, false);
        r.found.sort();
        r.found.dedup();
        r.found
            .into_iter()
            .map(|p| p.into_iter().map(|b| g.number_of[b as usize]).collect())
            .collect()
    }

    /// The squares of every piece some legal capture takes, for showing what
    /// the side to move must capture. Empty when there is no capture.
    pub fn must_take(&self) -> Vec<Square> {
        let g = self.variant.geo();
        let all = self.legal_moves().iter().fold(0, |a, m| a | m.captured);
        bits(all).map(|b| g.number_of[b as usize]).collect()
    }
}

/// The row where a side's men are crowned.
pub(crate) fn crown_row(g: &Geo, side: Side) -> u64 {
    match side {
        Side::White => g.top,
        Side::Black => g.bottom,
    }
}

#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline]
fn on(board: u64, t: i32) -> bool {
    (0..64).contains(&t) && board >> t & 1 == 1
}

/// The enemy piece a king on `sq` can jump in direction `d` (the first
/// piece along the line, if it is a target with a free square behind it).
#[inline]
fn king_target(empty: u64, targets: u64, sq: u8, d: i32) -> Option<i32> {
    let mut t = sq as i32 + d;
    while on(empty, t) {
        t += d;
    }
    (on(targets, t) && on(empty, t + d)).then_some(t)
}

/// Whether a king on `sq`, having come in direction `came`, can jump again.
fn king_can_jump(g: &Geo, empty: u64, targets: u64, sq: u8, came: usize) -> bool {
    g.dirs
        .iter()
        .enumerate()
        .any(|(j, &d)| j != 3 - came && king_target(empty, targets, sq, d).is_some())
}

/// The depth-first search of one piece's captures. Captured pieces stay on
/// the board until the end (they block and cannot be jumped again); the
/// mover's start square counts as empty.
struct Capture<'a> {
    g: &'static Geo,
    variant: Variant,
    enemy: u64,
    empty: u64,
    crown: u64,
    russian: bool,
    from: u8,
    /// International: the longest capture found so far (pieces).
    best: u32,
    out: &'a mut Vec<Move>,
}

impl Capture<'_> {
    fn man(&mut self, sq: u8, taken: u64) {
        let mut more = false;
        for d in self.g.dirs {
            let over = sq as i32 + d;
            let land = over + d;
            if !on(self.empty, land) || !on(self.enemy & !taken, over) {
                continue;
            }
            more = true;
            let taken = taken | 1 << over;
            if self.russian && self.crown >> land & 1 == 1 {
                // Russian: crowned on reaching the far row, goes on as a king.
                let j = self.g.dirs.iter().position(|&x| x == d).unwrap_or(4);
                self.king(land as u8, taken, j, true);
            } else {
                self.man(land as u8, taken);
            }
        }
        if !more && taken != 0 {
            let crown = self.crown >> sq & 1 == 1;
            self.push(sq, taken, crown, false);
        }
    }

    /// `came`: the direction of the last jump (4 for none); turning back is
    /// pointless, the piece just taken blocks that way. A king that can land
    /// on several squares beyond a piece must pick one from which it can go
    /// on capturing, if there is one (the capture goes on while it can).
    fn king(&mut self, sq: u8, taken: u64, came: usize, crowned: bool) {
        let mut more = false;
        for (j, &d) in self.g.dirs.iter().enumerate() {
            if came < 4 && j == 3 - came {
                continue;
            }
            let Some(over) = king_target(self.empty, self.enemy & !taken, sq, d) else {
                continue;
            };
            more = true;
            let taken = taken | 1 << over;
            let mut lands = [0u8; 10];
            let mut n = 0;
            let mut goes_on = 0u16;
            let mut land = over + d;
            while on(self.empty, land) {
                if king_can_jump(self.g, self.empty, self.enemy & !taken, land as u8, j) {
                    goes_on |= 1 << n;
                }
                lands[n] = land as u8;
                n += 1;
                land += d;
            }
            for (k, &l) in lands[..n].iter().enumerate() {
                if goes_on == 0 || goes_on >> k & 1 == 1 {
                    self.king(l, taken, j, crowned);
                }
            }
        }
        if !more && taken != 0 {
            self.push(sq, taken, crowned, !crowned);
        }
    }

    fn push(&mut self, to: u8, taken: u64, crown: bool, king: bool) {
        let n = taken.count_ones();
        if self.variant == Variant::International {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.out.clear();
            }
        }
        let m = Move {
            captured: taken,
            from: self.from,
            to,
            crown,
            king,
            variant: self.variant,
        };
        if !self.out.contains(&m) {
            self.out.push(m);
        }
    }
}

/// Route finder: the same search as `Capture`, keeping the landing squares
/// of routes that end in the target move.
struct Routes {
    g: &'static Geo,
    enemy: u64,
    empty: u64,
    crown: u64,
    russian: bool,
    target: Move,
    path: Vec<u8>,
    found: Vec<Vec<u8>>,
}

impl Routes {
    fn walk(&mut self, sq: u8, taken: u64, king: bool, came: usize, crowned: bool) {
        // Only routes inside the target's capture set can lead to it.
        if taken & !self.target.captured != 0 {
            return;
        }
        let mut more = false;
        for (j, &d) in self.g.dirs.iter().enumerate() {
            if came < 4 && j == 3 - came {
                continue;
            }
            let mut t = sq as i32 + d;
            if king {
                while on(self.empty, t) {
                    t += d;
                }
            }
            if !on(self.enemy & !taken, t) {
                continue;
            }
            let over = t;
            let after = taken | 1 << over;
            // Kings land only where they can go on capturing, if anywhere.
            let mut ok = vec![];
            let mut land = over + d;
            while on(self.empty, land) {
                ok.push(land as u8);
                if !king {
                    break;
                }
                land += d;
            }
            if king {
                let goes_on: Vec<u8> = ok
                    .iter()
                    .copied()
                    .filter(|&l| king_can_jump(self.g, self.empty, self.enemy & !after, l, j))
                    .collect();
                if !goes_on.is_empty() {
                    ok = goes_on;
                }
            }
            for land in ok {
                more = true;
                self.path.push(land);
                let now_king = king || (self.russian && self.crown >> land & 1 == 1);
                self.walk(land, after, now_king, j, crowned || now_king && !king);
                self.path.pop();
            }
        }
        if !more
            && taken == self.target.captured
            && sq == self.target.to
            && (crowned || !king && self.crown >> sq & 1 == 1) == self.target.crown
        {
            self.found.push(self.path.clone());
        }
    }
}
