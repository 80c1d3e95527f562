//! Shortest crossings. Beam search finds a good crossing fast (an upper
//! bound); IDA* then tries every shorter length in turn, pruning with the
//! admissible lower bound and a transposition table of "no crossing within
//! k moves from here" facts (stored once per mirror pair). When every length
//! below the beam's is exhausted, the beam's crossing is proven shortest.

use super::meet::Meet;
use super::{Crossing, Geometry};
use rustc_hash::{FxHashMap, FxHashSet};
use starhop_engine::position::Position;
use starhop_engine::{Bitboard, Hole, Move};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Positions the beam keeps per move.
const BEAM_WIDTH: usize = 3000;
/// How much each marble off the half-turn symmetry adds to a rank in the
/// beam from the start. Measured with 3000 positions on 181 holes: 26 moves
/// with long jumps (29 with 0), 43 without (45); ranking by twice the bound
/// less the rows, 40 without long jumps (42); 3 and 4 gave the same lengths.
pub const SYMMETRY_WEIGHT: u32 = 2;
/// Entries the transposition table may hold (about 48 bytes each).
const TABLE_ENTRIES: usize = 40_000_000;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 4096;

/// Told each time a length is ruled out: no crossing has this many moves
/// (or fewer), after this many nodes.
pub type Progress = Arc<dyn Fn(u32, u64) + Send + Sync>;

/// When to give up, and whom to tell how far the proof got.
#[derive(Clone, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub stop: Option<Arc<AtomicBool>>,
    /// Positions the beam keeps per move (default 3000).
    pub beam_width: Option<usize>,
    /// How the beam ranks positions: `None` by the lower bound, then the
    /// rows gained; `Some(w)` by `w` × the bound less the rows, so a move
    /// of the bound is worth `w` rows (2 found the shortest lines on 181
    /// holes without long jumps).
    pub beam_weight: Option<u32>,
    /// From the start, each marble of a position that its half-turn image
    /// (or that image's mirror, whichever matches better) lacks adds this
    /// much to its rank (default [`SYMMETRY_WEIGHT`]; 0: not counted). Good
    /// crossings pass a middle position that is nearly its own image, where
    /// the beam meets itself (see [`beam`]).
    pub beam_symmetry: Option<u32>,
    /// Nodes the proof may visit (for answers that must not depend on time).
    pub max_nodes: Option<u64>,
    /// Lengths below this are taken as ruled out (by an earlier run) and not
    /// proven again: the proof starts here. A crossing found shorter shows
    /// the assumption wrong, and the bound falls back to its length.
    pub assume_none_below: Option<u32>,
    pub progress: Option<Progress>,
}

impl Limits {
    pub fn time(budget: Duration) -> Limits {
        Limits {
            deadline: Some(Instant::now() + budget),
            ..Limits::default()
        }
    }

    pub fn unlimited() -> Limits {
        Limits::default()
    }

    pub(super) fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// A crossing: each move the route of one marble.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub routes: Vec<Vec<Hole>>,
    /// No shorter crossing exists.
    pub proven: bool,
}

/// What a search established.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The shortest crossing found, if any.
    pub solution: Option<Solution>,
    /// Proven: no crossing has fewer moves than this.
    pub lower_bound: u32,
    /// Positions the proof visited (IDA* nodes) and the beam expanded.
    pub nodes: u64,
    pub beam_nodes: u64,
    pub seconds: f64,
}

impl Crossing {
    /// The shortest crossing from `marbles` that the limits allow: proven
    /// shortest when the search finishes.
    pub fn solve(&self, marbles: Bitboard, limits: &Limits) -> Outcome {
        let started = Instant::now();
        let g = &*self.inner;
        let (beam, beam_nodes) = beam(g, marbles, limits);
        let mut lower = g
            .lower_bound(marbles)
            .max(limits.assume_none_below.unwrap_or(0))
            .min(beam.as_ref().map_or(u32::MAX, |b| b.len() as u32));
        let mut best: Option<Vec<Move>> = beam;
        let mut ida = Ida {
            g,
            limits,
            table: FxHashMap::default(),
            nodes: 0,
            path: Vec::new(),
            aborted: false,
            moves: Vec::new(),
            kids: Vec::new(),
        };
        // From the start, meeting in the middle decides each length far
        // faster than IDA* (the two halves are one search, by symmetry).
        if marbles == self.start() && limits.max_nodes.is_none() {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let mut nodes = 0;
            while best.as_ref().is_none_or(|b| b.len() as u32 > lower) {
                let Some(run) = self.meet(lower, threads, limits) else {
                    break;
                };
                nodes += run.nodes;
                match run.meet {
                    Meet::Refuted => {
                        if let Some(tell) = &limits.progress {
                            tell(lower, nodes);
                        }
                        lower += 1;
                    }
                    Meet::Found(moves) => {
                        lower = moves.len() as u32;
                        best = Some(moves);
                    }
                    Meet::Aborted => break,
                }
            }
            ida.nodes = nodes;
        }
        let mut pos = self.position(marbles);
        loop {
            if best.as_ref().is_some_and(|b| b.len() as u32 <= lower) {
                break;
            }
            ida.path.clear();
            if ida.dfs(&mut pos, lower) {
                best = Some(ida.path.clone());
                break;
            }
            if ida.aborted {
                break;
            }
            if let Some(tell) = &limits.progress {
                tell(lower, ida.nodes);
            }
            lower += 1;
        }
        let solution = best.map(|moves| Solution {
            proven: moves.len() as u32 <= lower,
            routes: routes(self, marbles, &moves),
        });
        Outcome {
            solution,
            lower_bound: lower,
            nodes: ida.nodes,
            beam_nodes,
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// The hop-by-hop routes of a list of moves played from `marbles`.
fn routes(c: &Crossing, marbles: Bitboard, moves: &[Move]) -> Vec<Vec<Hole>> {
    let mut pos = c.position(marbles);
    let seat = c.inner.seat;
    moves
        .iter()
        .map(|m| {
            let route = pos
                .route(m.from, m.to, c.inner.long_jumps)
                .expect("the search plays legal moves");
            pos.shift(seat, m.from, m.to);
            route
        })
        .collect()
}

/// Children of a position with their lower bounds, most promising first.
fn children(g: &Geometry, marbles: Bitboard, out: &mut Vec<(u32, Move, Bitboard)>) {
    let mut moves = Vec::new();
    let mut pos = Crossing::position_of(g, marbles);
    pos.legal_moves(g.seat, g.rules, &mut moves);
    out.clear();
    for m in moves {
        pos.shift(g.seat, m.from, m.to);
        let next = pos.marbles(g.seat);
        pos.shift(g.seat, m.to, m.from);
        out.push((g.lower_bound(next), m, next));
    }
    out.sort_by_key(|c| c.0);
}

struct Ida<'a> {
    g: &'a Geometry,
    limits: &'a Limits,
    /// Canonical position -> moves proven not to suffice from it.
    table: FxHashMap<Bitboard, u8>,
    nodes: u64,
    path: Vec<Move>,
    aborted: bool,
    /// Move lists, one per depth, reused so the search allocates nothing.
    moves: Vec<Vec<Move>>,
    kids: Vec<Vec<(u32, Move)>>,
}

impl Ida<'_> {
    /// Whether the marbles of `pos` can cross within `budget` moves (the moves
    /// are left in `path`). `pos` is restored before returning.
    fn dfs(&mut self, pos: &mut Position, budget: u32) -> bool {
        let seat = self.g.seat;
        let marbles = pos.marbles(seat);
        if (marbles & !self.g.target).is_empty() {
            return true;
        }
        // Callers pass only positions whose bound fits the budget.
        if budget == 0 {
            return false;
        }
        self.nodes += 1;
        if self.limits.max_nodes.is_some_and(|n| self.nodes > n)
            || self.nodes.is_multiple_of(CHECK_EVERY) && self.limits.expired()
        {
            self.aborted = true;
        }
        if self.aborted {
            return false;
        }
        let key = self.g.canonical(marbles);
        if self.table.get(&key).is_some_and(|&b| b as u32 >= budget) {
            return false;
        }
        let depth = self.path.len();
        if self.kids.len() <= depth {
            self.kids.push(Vec::new());
            self.moves.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        let mut kids = std::mem::take(&mut self.kids[depth]);
        moves.clear();
        kids.clear();
        pos.legal_moves(seat, self.g.rules, &mut moves);
        let g = self.g;
        match g
            .rows()
            .filter(|_| marbles.count() as usize == g.board.camp_size())
        {
            Some(db) => {
                let mut tally = g.tally(marbles);
                for &m in &moves {
                    let bound = g.bound_after(db, &mut tally, m);
                    if bound < budget {
                        kids.push((bound, m));
                    }
                }
            }
            None => {
                for &m in &moves {
                    pos.shift(seat, m.from, m.to);
                    let bound = g.lower_bound(pos.marbles(seat));
                    pos.shift(seat, m.to, m.from);
                    if bound < budget {
                        kids.push((bound, m));
                    }
                }
            }
        }
        kids.sort_unstable_by_key(|k| k.0);
        let mut found = false;
        for &(_, m) in &kids {
            pos.shift(seat, m.from, m.to);
            self.path.push(m);
            found = self.dfs(pos, budget - 1);
            pos.shift(seat, m.to, m.from);
            if found {
                break;
            }
            self.path.pop();
            if self.aborted {
                break;
            }
        }
        self.moves[depth] = moves;
        self.kids[depth] = kids;
        if !found
            && !self.aborted
            && (self.table.len() < TABLE_ENTRIES || self.table.contains_key(&key))
        {
            let e = self.table.entry(key).or_insert(0);
            *e = (*e).max(budget as u8);
        }
        found
    }
}

/// Beam search: keep the most promising positions after each move (fewest
/// moves still needed by the bound, then most rows already covered).
///
/// From the start it also meets itself in the middle: turning the board half
/// a turn swaps home and target and moves play backwards, so when a kept
/// position at depth `d` is (up to the mirror) the half-turn image of one
/// kept at depth `e`, the first's line followed by the second's, turned and
/// played backwards, is a crossing of `d + e` moves (see [`super::meet`]).
/// Good lines pass a middle position that is nearly its own image, and the
/// beam, which ranks by progress, keeps such positions from both sides.
fn beam(g: &Geometry, marbles: Bitboard, limits: &Limits) -> (Option<Vec<Move>>, u64) {
    let width = limits.beam_width.unwrap_or(BEAM_WIDTH);
    if width == 0 {
        return (None, 0);
    }
    // Every layer's positions with the index of their parent and their move.
    let mut layers: Vec<Vec<(Bitboard, u32, Move)>> =
        vec![vec![(marbles, 0, Move { from: 0, to: 0 })]];
    let started = Instant::now();
    // Every position generated, as a 64-bit fingerprint: a third of the
    // memory of the sets themselves (wide beams generate billions), and a
    // rare collision only drops a child.
    let mut seen = FxHashSet::default();
    seen.insert(fingerprint(g.canonical(marbles)));
    // Kept positions (canonical) -> their layer and index, for the meeting.
    let from_start = marbles == Crossing::start_of(g);
    let mut kept: FxHashMap<Bitboard, (u32, u32)> = FxHashMap::default();
    kept.insert(g.canonical(marbles), (0, 0));
    let mut met: Option<Vec<Move>> = None;
    let mut nodes = 0u64;
    let mut kids = Vec::new();
    let depth_limit = 8 * g.board.len();
    let symmetry = if from_start {
        i64::from(limits.beam_symmetry.unwrap_or(SYMMETRY_WEIGHT))
    } else {
        0
    };
    while layers.len() < depth_limit {
        let layer = layers.last().expect("never empty");
        if let Some(i) = layer
            .iter()
            .position(|(m, _, _)| (*m & !g.target).is_empty())
        {
            let direct = unwind(&layers, i);
            if std::env::var_os("STARHOP_DEBUG").is_some() {
                eprintln!(
                    "beam: a crossing of {} moves ({:.1?})",
                    direct.len(),
                    started.elapsed()
                );
            }
            return match met {
                Some(m) if m.len() < direct.len() => (Some(m), nodes),
                _ => (Some(direct), nodes),
            };
        }
        if met.as_ref().is_some_and(|m| m.len() <= layers.len()) {
            // Nothing the beam finds from here on is shorter.
            return (met, nodes);
        }
        let mut next: Vec<((i64, i32), Bitboard, u32, Move)> = Vec::new();
        for (i, (m, _, _)) in layer.iter().enumerate() {
            nodes += 1;
            if nodes.is_multiple_of(256) && limits.expired() {
                return (None, nodes);
            }
            children(g, *m, &mut kids);
            for &(bound, mv, child) in &kids {
                if seen.insert(fingerprint(g.canonical(child))) {
                    let rows: i32 = child.iter().map(|h| g.row[h as usize] as i32).sum();
                    let mut rank = match limits.beam_weight {
                        Some(w) => (i64::from(bound) * i64::from(w) - i64::from(rows), 0),
                        None => (i64::from(bound), -rows),
                    };
                    if symmetry > 0 {
                        rank.0 += symmetry * i64::from(g.off_symmetry(child));
                    }
                    next.push((rank, child, i as u32, mv));
                }
            }
        }
        if next.is_empty() {
            return (None, nodes);
        }
        if next.len() > width {
            next.select_nth_unstable_by_key(width, |c| c.0);
            next.truncate(width);
        }
        layers.push(next.into_iter().map(|(_, b, p, m)| (b, p, m)).collect());
        if from_start {
            meet(g, &layers, &mut kept, &mut met, started);
        }
    }
    (met, nodes)
}

/// Records the newest layer's positions and keeps in `met` the shortest
/// crossing made of a line to one of them and the turned line of a kept
/// position that is its half-turn image.
fn meet(
    g: &Geometry,
    layers: &[Vec<(Bitboard, u32, Move)>],
    kept: &mut FxHashMap<Bitboard, (u32, u32)>,
    met: &mut Option<Vec<Move>>,
    started: Instant,
) {
    let d = layers.len() - 1;
    for (i, &(m, _, _)) in layers[d].iter().enumerate() {
        kept.entry(g.canonical(m)).or_insert((d as u32, i as u32));
    }
    for (i, &(m, _, _)) in layers[d].iter().enumerate() {
        let Some(&(e, j)) = kept.get(&g.canonical(g.turned(m))) else {
            continue;
        };
        if met
            .as_ref()
            .is_some_and(|best| best.len() <= d + e as usize)
        {
            continue;
        }
        let mut line = unwind(&layers[..=d], i);
        let other = unwind(&layers[..=e as usize], j as usize);
        let there = layers[e as usize][j as usize].0;
        // The map taking `there` onto `m` and the start onto the target:
        // the half turn, after the mirror if the match was through it.
        let mirrored = g.turned(there) != m;
        let map = |h: Hole| {
            let h = if mirrored { g.mirror[h as usize] } else { h };
            g.turn[h as usize]
        };
        line.extend(other.iter().rev().map(|mv| Move {
            from: map(mv.to),
            to: map(mv.from),
        }));
        if Crossing::is_crossing(g, &line) {
            if std::env::var_os("STARHOP_DEBUG").is_some() {
                eprintln!(
                    "beam: a crossing of {} moves meets at depth {d} ({:.1?})",
                    line.len(),
                    started.elapsed()
                );
            }
            *met = Some(line);
        }
    }
}

/// A well-mixed 64-bit fingerprint of a set of holes.
fn fingerprint(m: Bitboard) -> u64 {
    let mix = |x: u64| {
        let x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    };
    let [a, b, c] = m.0;
    mix(a ^ mix(b ^ mix(c)))
}

fn unwind(layers: &[Vec<(Bitboard, u32, Move)>], mut i: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    for layer in layers.iter().skip(1).rev() {
        let (_, parent, mv) = layer[i];
        moves.push(mv);
        i = parent as usize;
    }
    moves.reverse();
    moves
}
