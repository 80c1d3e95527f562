//! The solo crossing (RULES §3 moves, one army alone): bring every marble of a
//! camp to the opposite camp in as few moves as possible. Used by the crossing
//! challenge (hints, the line to watch), by `starhop-cli cross`, and by the
//! bots' race endgames, where two armies that have passed each other each run
//! such a crossing.
//!
//! - [`rows`]: the admissible lower bound (a database over rows).
//! - [`search`]: IDA* with a transposition table and mirror symmetry for
//!   shortest crossings (and their proof), beam search for good ones fast.
//! - [`meet`]: meeting in the middle, which proves the lower bounds.
//! - [`shortcut`]: the shortest way between two positions of a line, to find
//!   where a line could be shorter.

pub mod meet;
mod packed;
pub mod rows;
pub mod search;
pub mod shortcut;

use rows::{MAX_ROWS, RowDatabase};
use starhop_engine::geometry::Board;
use starhop_engine::position::{MoveRules, Position};
use starhop_engine::seats::target_camp;
use starhop_engine::{Bitboard, Hex, Hole, Move, RuleError, Seat};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

pub use search::{Limits, Outcome, SYMMETRY_WEIGHT, Solution};

/// One army crossing the board: the geometry the search reads, shared and
/// cheap to clone.
#[derive(Clone)]
pub struct Crossing {
    inner: Arc<Geometry>,
}

struct Geometry {
    board: &'static Board,
    seat: Seat,
    home: u8,
    long_jumps: bool,
    rules: MoveRules,
    target: Bitboard,
    /// Row of each hole across the board: 0 at the home tip, `4n` at the target tip.
    row: Vec<u8>,
    /// Each hole's mirror image across the line from home to target.
    mirror: Vec<Hole>,
    /// Each hole's image under the half turn, which swaps home and target.
    turn: Vec<Hole>,
    /// Each hole's class, its coordinates modulo 2 (0..4): hops keep it,
    /// steps change it.
    class: Vec<u8>,
    /// Marbles of each class in the full target.
    target_classes: [u8; 4],
    /// The row database, built on the first bound asked for (seconds on the
    /// standard board), so a crossing that only plays never waits for it.
    rows: OnceLock<Option<Arc<RowDatabase>>>,
}

impl Crossing {
    /// The challenge: camp 0 (south) to camp 3 on a board of `size`.
    pub fn new(size: u8, long_jumps: bool) -> Result<Crossing, RuleError> {
        Crossing::for_seat(size, 0, long_jumps)
    }

    /// The crossing of `seat` (0 or 1) of a two-player game, with its rules:
    /// no stopping in foreign camps, long jumps as given.
    pub fn for_seat(size: u8, seat: Seat, long_jumps: bool) -> Result<Crossing, RuleError> {
        let board = Board::get(size)?;
        if seat > 1 {
            return Err(RuleError::NotPlaying(seat));
        }
        let n = size as i32;
        let home = Position::empty(board, 2)?.home_camp(seat);
        // Progress along the axis from `home` to its target (camps are
        // counter-clockwise from the south, RULES §1).
        let progress = |h: Hex| -> i32 {
            let (q, r, s) = (h.q as i32, h.r as i32, h.s() as i32);
            match home {
                0 => -r,
                1 => s,
                2 => -q,
                3 => r,
                4 => -s,
                _ => q,
            }
        };
        // The mirror keeps the axis coordinate and swaps the other two.
        let mirror_hex = |h: Hex| -> Hex {
            let (q, r, s) = (h.q, h.r, h.s());
            match home % 3 {
                0 => Hex::new(s, r),
                1 => Hex::new(r, q),
                _ => Hex::new(q, s),
            }
        };
        let holes = 0..board.len() as Hole;
        let row = holes
            .clone()
            .map(|h| (progress(board.hex(h)) + 2 * n) as u8)
            .collect();
        let class: Vec<u8> = holes
            .clone()
            .map(|h| {
                let x = board.hex(h);
                (x.q.rem_euclid(2) * 2 + x.r.rem_euclid(2)) as u8
            })
            .collect();
        let target = board.camps[target_camp(home) as usize];
        let mut target_classes = [0u8; 4];
        for h in target.iter() {
            target_classes[class[h as usize] as usize] += 1;
        }
        let image = |f: &dyn Fn(Hex) -> Hex| -> Vec<Hole> {
            holes
                .clone()
                .map(|h| board.hole(f(board.hex(h))).expect("the star is symmetric"))
                .collect()
        };
        let mirror = image(&mirror_hex);
        let turn = image(&|h| Hex::new(-h.q, -h.r));
        Ok(Crossing {
            inner: Arc::new(Geometry {
                board,
                seat,
                home,
                long_jumps,
                rules: MoveRules {
                    long_jumps,
                    no_stopping_in_foreign_camps: true,
                    locked_in_target: false,
                },
                target,
                row,
                mirror,
                turn,
                class,
                target_classes,
                rows: OnceLock::new(),
            }),
        })
    }

    pub fn board(&self) -> &'static Board {
        self.inner.board
    }

    pub fn long_jumps(&self) -> bool {
        self.inner.long_jumps
    }

    /// The marbles at the start: the full home camp.
    pub fn start(&self) -> Bitboard {
        Crossing::start_of(&self.inner)
    }

    pub fn target(&self) -> Bitboard {
        self.inner.target
    }

    /// The move rules a crossing is played by.
    pub fn rules(&self) -> MoveRules {
        self.inner.rules
    }

    /// A position holding only these marbles, for the seat crossing.
    pub fn position(&self, marbles: Bitboard) -> Position {
        Crossing::position_of(&self.inner, marbles)
    }

    /// Whether `moves`, played from the start, are legal and end in the target.
    pub fn crosses(&self, moves: &[Move]) -> bool {
        Crossing::is_crossing(&self.inner, moves)
    }

    fn start_of(g: &Geometry) -> Bitboard {
        g.board.camps[g.home as usize]
    }

    /// Whether `moves`, played from the start, are legal and end in the target.
    fn is_crossing(g: &Geometry, moves: &[Move]) -> bool {
        let mut pos = Crossing::position_of(g, Crossing::start_of(g));
        let mut legal = Vec::new();
        for m in moves {
            legal.clear();
            pos.legal_moves(g.seat, g.rules, &mut legal);
            if !legal.contains(m) {
                return false;
            }
            pos.shift(g.seat, m.from, m.to);
        }
        pos.marbles(g.seat) == g.target
    }

    fn position_of(g: &Geometry, marbles: Bitboard) -> Position {
        let mut pos = Position::empty(g.board, 2).expect("two players are allowed");
        for h in marbles.iter() {
            pos.place(g.seat, h)
                .expect("marbles are on distinct holes of the board");
        }
        pos
    }

    /// Every legal move of the crossing army.
    pub fn moves(&self, marbles: Bitboard) -> Vec<Move> {
        let mut out = Vec::new();
        self.position(marbles)
            .legal_moves(self.inner.seat, self.inner.rules, &mut out);
        out
    }

    /// A lower bound on the moves still needed, never above the truth: the
    /// row database where it exists, else the farthest marble's rows to go
    /// (a step or a hop over the front marble gains the front at most one row).
    pub fn lower_bound(&self, marbles: Bitboard) -> u32 {
        self.inner.lower_bound(marbles)
    }

    /// At least how many moves are still needed from `marbles`, reached by
    /// `made` moves from the start: the lower bound, and for the challenge
    /// (seat 0) never less than the proven bound from the start less `made`,
    /// since a shorter way on would make a crossing shorter than that bound.
    pub fn moves_left_at_least(&self, marbles: Bitboard, made: u32) -> u32 {
        let ruled_out = proven_lower_bound(self.board().size, self.long_jumps())
            .filter(|_| self.inner.seat == 0)
            .map_or(0, |bound| bound.saturating_sub(made));
        self.lower_bound(marbles).max(ruled_out)
    }

    /// A hole's row across the board: 0 at the home tip, `4n` at the target tip.
    pub fn row(&self, h: Hole) -> u8 {
        self.inner.row[h as usize]
    }

    /// Whether every marble stands in the target camp.
    pub fn is_done(&self, marbles: Bitboard) -> bool {
        (marbles & !self.inner.target).is_empty()
    }
}

impl Geometry {
    /// The half-turn image of a set of marbles.
    fn turned(&self, marbles: Bitboard) -> Bitboard {
        marbles.iter().map(|h| self.turn[h as usize]).collect()
    }

    /// The mirror image of a set of marbles.
    fn mirrored(&self, marbles: Bitboard) -> Bitboard {
        marbles.iter().map(|h| self.mirror[h as usize]).collect()
    }

    /// Marbles that the half-turn image of `marbles`, or its mirror image,
    /// whichever has more in common with it, does not hold: 0 for a position
    /// that is its own image up to the mirror.
    fn off_symmetry(&self, marbles: Bitboard) -> u32 {
        let turned = self.turned(marbles);
        let mirrored = self.mirrored(turned);
        (marbles & !turned)
            .count()
            .min((marbles & !mirrored).count())
    }

    fn rows(&self) -> Option<&RowDatabase> {
        self.rows
            .get_or_init(|| RowDatabase::get(self.board.size, self.long_jumps))
            .as_deref()
    }

    fn lower_bound(&self, marbles: Bitboard) -> u32 {
        let outside = (marbles & !self.target).count();
        if outside == 0 {
            return 0;
        }
        if let Some(db) = self.rows()
            && marbles.count() as usize == self.board.camp_size()
        {
            let tally = self.tally(marbles);
            return db
                .bound_of_counts(&tally.rows, self.steps_owed(&tally.classes))
                .max(outside);
        }
        if self.long_jumps {
            return outside;
        }
        // Without long jumps the front marble gains at most one row a move,
        // and the target tip (row 4n) must be filled.
        let top = 4 * self.board.size as u32;
        let front = marbles
            .iter()
            .map(|h| self.row[h as usize] as u32)
            .max()
            .unwrap_or(top);
        outside.max(top - front.min(top))
    }

    /// What the row database reads of a position, counted once so that each
    /// child's bound is two updates rather than a recount.
    fn tally(&self, marbles: Bitboard) -> Tally {
        let mut tally = Tally {
            rows: [0; MAX_ROWS],
            classes: [0; 4],
            outside: (marbles & !self.target).count(),
        };
        for h in marbles.iter() {
            tally.rows[self.row[h as usize] as usize] += 1;
            tally.classes[self.class[h as usize] as usize] += 1;
        }
        tally
    }

    /// The row database's bound after `m` from the tallied position (which
    /// is the same again on return).
    fn bound_after(&self, db: &RowDatabase, tally: &mut Tally, m: Move) -> u32 {
        let out = tally.outside + u32::from(!self.target.contains(m.to))
            - u32::from(!self.target.contains(m.from));
        if out == 0 {
            return 0;
        }
        let (a, b) = (self.row[m.from as usize], self.row[m.to as usize]);
        let (ca, cb) = (self.class[m.from as usize], self.class[m.to as usize]);
        tally.shift(a, b, ca, cb);
        let bound = db
            .bound_of_counts(&tally.rows, self.steps_owed(&tally.classes))
            .max(out);
        tally.shift(b, a, cb, ca);
        bound
    }

    /// Steps the marbles still owe: how many stand in a class beyond what
    /// the target holds of it (only a step changes a marble's class).
    fn steps_owed(&self, classes: &[u8; 4]) -> u32 {
        (0..4)
            .map(|c| classes[c].saturating_sub(self.target_classes[c]) as u32)
            .sum()
    }

    /// The smaller of a set and its mirror image: one entry per symmetric pair.
    fn canonical(&self, marbles: Bitboard) -> Bitboard {
        let mirrored = self.mirrored(marbles);
        if mirrored.0 < marbles.0 {
            mirrored
        } else {
            marbles
        }
    }
}

/// Marbles per row and per class, and how many stand outside the target.
struct Tally {
    rows: [u8; MAX_ROWS],
    classes: [u8; 4],
    outside: u32,
}

impl Tally {
    /// One marble moved from row `a`, class `ca` to row `b`, class `cb`.
    fn shift(&mut self, a: u8, b: u8, ca: u8, cb: u8) {
        self.rows[a as usize] -= 1;
        self.rows[b as usize] += 1;
        self.classes[ca as usize] -= 1;
        self.classes[cb as usize] += 1;
    }
}

/// A suggested move for the player of the challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    /// The hops of the move, both ends included.
    pub route: Vec<Hole>,
    /// Moves still needed after this one along the best line found.
    pub remaining: u32,
    /// Whether that line is proven shortest.
    pub proven: bool,
}

impl Hint {
    /// The move of `route`, with what the line it starts still needs.
    fn along(route: Vec<Hole>, remaining: u32, proven: bool) -> Option<Hint> {
        Some(Hint {
            mv: move_of(&route)?,
            route,
            remaining,
            proven,
        })
    }
}

impl Crossing {
    /// The next move of a shortest crossing from `marbles` if one is proven
    /// within `budget`, else of the best crossing found (`proven: false`).
    /// `None` when the marbles are home or cannot move.
    pub fn hint(&self, marbles: Bitboard, budget: Duration) -> Option<Hint> {
        self.hint_until(marbles, &Limits::time(budget))
    }

    /// [`Crossing::hint`] within any limits (a stop flag raised when the
    /// player has left the position, say). A hint never comes back empty
    /// while a move is left: on the stored best line from the start (or its
    /// mirror image) it is the line's next move, at once; elsewhere the
    /// best line the search finds in time, or else a quick narrow search's.
    pub fn hint_until(&self, marbles: Bitboard, limits: &Limits) -> Option<Hint> {
        if let Some(hint) = self.hint_from_known_line(marbles) {
            return Some(hint);
        }
        let solution = match self.solve(marbles, limits).solution {
            Some(s) => s,
            None => self.quick_line(marbles)?,
        };
        let route = solution.routes.first()?.clone();
        Hint::along(route, solution.routes.len() as u32 - 1, solution.proven)
    }

    /// Builds what the searches read (the row database: seconds on the
    /// standard board), so a search's time is spent searching.
    pub fn prepare(&self) {
        self.inner.rows();
    }

    /// The next move of the stored best line from the start, where
    /// `marbles` stand on it or on its mirror image (the lines were found
    /// for seat 0); proven if the line is, since every rest of a shortest
    /// line is shortest from where it starts.
    pub fn hint_from_known_line(&self, marbles: Bitboard) -> Option<Hint> {
        let line = lines::best(self.board().size, self.long_jumps())?;
        if self.inner.seat != 0 {
            return None;
        }
        let g = &*self.inner;
        let mut pos = self.start();
        for (done, route) in line.routes.iter().enumerate() {
            let route = if pos == marbles {
                route.clone()
            } else if g.canonical(pos) == g.canonical(marbles) {
                route.iter().map(|&h| g.mirror[h as usize]).collect()
            } else {
                pos = after(pos, move_of(route)?);
                continue;
            };
            let remaining = (line.routes.len() - done - 1) as u32;
            return Hint::along(route, remaining, line.proven);
        }
        None
    }

    /// A crossing found by a narrow beam, however long it takes (a few
    /// milliseconds): the answer when the full search ran out of time.
    fn quick_line(&self, marbles: Bitboard) -> Option<Solution> {
        let limits = Limits {
            beam_width: Some(QUICK_BEAM),
            max_nodes: Some(0),
            ..Limits::unlimited()
        };
        self.solve(marbles, &limits).solution
    }
}

/// The beam of [`Crossing::quick_line`]: narrow enough to answer at once.
const QUICK_BEAM: usize = 48;

/// The move a route makes: from its first hole to its last.
fn move_of(route: &[Hole]) -> Option<Move> {
    Some(Move {
        from: *route.first()?,
        to: *route.last()?,
    })
}

/// `marbles` after `mv`.
fn after(marbles: Bitboard, mv: Move) -> Bitboard {
    let mut next = marbles;
    next.remove(mv.from);
    next.insert(mv.to);
    next
}

/// The proven shortest crossing from the start, where one is known: `(size,
/// long jumps) -> moves`, as `starhop-cli cross` proved them (the figures
/// and the time each took are in docs/rules.md).
pub fn known_optimum(size: u8, long_jumps: bool) -> Option<u32> {
    lines::best(size, long_jumps)
        .filter(|l| l.proven)
        .map(|l| l.routes.len() as u32)
}

/// No crossing from the start is shorter than this: the optimum where one
/// is proven, else one more than the longest length ruled out by
/// `starhop-cli cross` (docs/rules.md §11).
pub fn proven_lower_bound(size: u8, long_jumps: bool) -> Option<u32> {
    lines::best(size, long_jumps).map(|l| l.lower_bound)
}

/// The shortest crossing from the start found so far (proven or not), as
/// routes of hole indices, for the player to watch.
pub fn best_known_line(size: u8, long_jumps: bool) -> Option<Vec<Vec<Hole>>> {
    lines::best(size, long_jumps).map(|l| l.routes)
}

/// [`best_known_line`] as moves.
pub fn best_known_moves(size: u8, long_jumps: bool) -> Option<Vec<Move>> {
    lines::best(size, long_jumps)?
        .routes
        .iter()
        .map(|r| move_of(r))
        .collect()
}

/// How long the best known crossing is, and whether it is proven shortest.
pub fn best_known(size: u8, long_jumps: bool) -> Option<(u32, bool)> {
    lines::best(size, long_jumps).map(|l| (l.routes.len() as u32, l.proven))
}

mod lines;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_half_turn_swaps_home_and_target_and_counts_what_breaks_symmetry() {
        for size in [3, 4, 5] {
            let c = Crossing::new(size, false).unwrap();
            let g = &*c.inner;
            assert_eq!(g.turned(c.start()), c.target());
            assert_eq!(g.turned(g.turned(c.start())), c.start());
            // Home alone shares nothing with its image; home and target
            // together are their own image.
            assert_eq!(g.off_symmetry(c.start()), c.start().count());
            assert_eq!(g.off_symmetry(c.start() | c.target()), 0);
            // One marble moved off a symmetric set breaks it by one.
            let mut m = c.start() | c.target();
            let tip = c.start().iter().next().unwrap();
            m.remove(tip);
            assert_eq!(g.off_symmetry(m), 1);
        }
    }
}
