//! Meet in the middle: whether any crossing of at most `L` moves exists, by a
//! breadth-first search from the start alone.
//!
//! Moves are reversible (a step or a chain played backwards is legal, and no
//! marble is locked in the target), and turning the board half a turn swaps
//! the home camp and the target. So a position `M` is at most `b` moves from
//! the target exactly when its half-turn image `R(M)` is at most `b` moves
//! from the start. A crossing of at most `L = a + b` moves exists exactly when
//! some `M` within `a` moves of the start has `R(M)` within `b` moves of the
//! start: one set of positions, searched from one side, answers both halves.
//!
//! The layers are pruned with the row bound (`depth + bound <= L`: every
//! position of a crossing of `L` moves passes) and stored as packed sorted
//! sets ([`super::packed`]) of 128-bit keys over the holes a marble may stop
//! on (home, target and centre), one entry per mirror pair. A child of depth
//! `d` can only be at depth `d - 1`, `d` or `d + 1`, so two layers remove the
//! positions seen before.
//! A crossing found is read back layer by layer through neighbours.

use super::packed::{Cursor, Packed, Ranks, Runs, minus, union};
use super::search::Limits;
use super::{Crossing, Geometry, after};
use starhop_engine::position::Position;
use starhop_engine::{Bitboard, Hole, Move};

/// Memory the layers may hold together, in bytes.
const MAX_LAYER_BYTES: usize = 10 << 30;
/// Memory one worker's runs of children may hold, in bytes.
const MAX_RUN_BYTES: usize = 3 << 30;
/// Children a worker sorts at a time (16 bytes each).
const FLUSH: usize = 1 << 24;
/// Middle positions whose images are sorted at a time (16 bytes each).
const IMAGES: usize = 1 << 25;
/// Parents expanded between two looks at the clock and the stop flag.
const CHECK_EVERY: usize = 1024;

/// What one meet-in-the-middle search decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Meet {
    /// No crossing of at most the length asked.
    Refuted,
    /// A shortest crossing within the length: its moves.
    Found(Vec<Move>),
    /// Out of time, stopped, or out of memory.
    Aborted,
}

pub(super) struct MeetRun {
    pub meet: Meet,
    /// Children generated.
    pub nodes: u64,
}

/// Compact keys: bit `i` for the `i`-th hole a marble may stop on.
struct Keys {
    /// Board hole -> key bit, for holes a marble may stop on.
    bit: Vec<Option<u8>>,
    hole: Vec<Hole>,
    /// Key bit -> key bit of its mirror image and of its half-turn image.
    mirror: Vec<u8>,
    turn: Vec<u8>,
    ranks: Ranks,
}

impl Keys {
    fn new(g: &Geometry) -> Option<Keys> {
        let board = g.board;
        let home = board.camps[g.home as usize];
        let mut bit = vec![None; board.len()];
        let mut hole = Vec::new();
        for h in 0..board.len() as Hole {
            if board.camp_of[h as usize].is_none() || home.contains(h) || g.target.contains(h) {
                bit[h as usize] = Some(hole.len() as u8);
                hole.push(h);
            }
        }
        if hole.len() > 128 {
            return None;
        }
        let map = |f: &dyn Fn(Hole) -> Hole| -> Option<Vec<u8>> {
            hole.iter().map(|&h| bit[f(h) as usize]).collect()
        };
        let mirror = map(&|h| g.mirror[h as usize])?;
        let turn = map(&|h| g.turn[h as usize])?;
        Some(Keys {
            bit,
            hole,
            mirror,
            turn,
            ranks: Ranks::new(home.iter().count()),
        })
    }

    fn key(&self, marbles: Bitboard) -> u128 {
        marbles.iter().fold(0, |k, h| {
            k | 1 << self.bit[h as usize].expect("marbles stop only on home, target or centre")
        })
    }

    fn bit(&self, h: Hole) -> u32 {
        self.bit[h as usize].expect("marbles stop only on home, target or centre") as u32
    }

    fn marbles(&self, key: u128) -> Bitboard {
        bits(key).map(|i| self.hole[i as usize]).collect()
    }

    fn image(table: &[u8], key: u128) -> u128 {
        bits(key).fold(0, |k, i| k | 1 << table[i as usize])
    }

    fn canonical(&self, key: u128) -> u128 {
        key.min(Keys::image(&self.mirror, key))
    }

    /// The rank of a position's mirror pair.
    fn rank(&self, marbles: Bitboard) -> u128 {
        self.ranks.rank(self.canonical(self.key(marbles)))
    }
}

fn bits(mut key: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (key != 0).then(|| {
            let i = key.trailing_zeros();
            key &= key - 1;
            i
        })
    })
}

/// Neighbours of a position: the marbles after each legal move.
fn neighbours(g: &Geometry, marbles: Bitboard, moves: &mut Vec<Move>) -> Position {
    let pos = Crossing::position_of(g, marbles);
    moves.clear();
    pos.legal_moves(g.seat, g.rules, moves);
    pos
}

/// The ranks of the children within the bound of some parents, in sorted
/// runs, with the number generated; `None` when the limits expired or the
/// runs outgrew their memory.
fn expand(
    g: &Geometry,
    keys: &Keys,
    parents: impl Iterator<Item = u128>,
    depth: u32,
    length: u32,
    limits: &Limits,
) -> Option<(Runs, u64)> {
    let db = g.rows();
    let mut runs = Runs::default();
    let mut buffer: Vec<u128> = Vec::new();
    let mut moves = Vec::new();
    let mut nodes = 0;
    let flush = |buffer: &mut Vec<u128>, runs: &mut Runs| {
        buffer.sort_unstable();
        buffer.dedup();
        runs.add(buffer.drain(..).map(|k| keys.ranks.rank(k)).collect());
    };
    for (i, parent) in parents.enumerate() {
        if i % CHECK_EVERY == 0 && limits.expired() {
            return None;
        }
        let parent = keys.ranks.key(parent);
        let marbles = keys.marbles(parent);
        neighbours(g, marbles, &mut moves);
        let mut tally = g.tally(marbles);
        for &m in &moves {
            nodes += 1;
            let bound = match db {
                Some(db) => g.bound_after(db, &mut tally, m),
                None => g.lower_bound(after(marbles, m)),
            };
            if depth + bound <= length {
                let key = parent & !(1 << keys.bit(m.from)) | 1 << keys.bit(m.to);
                buffer.push(keys.canonical(key));
            }
        }
        if buffer.len() >= FLUSH {
            flush(&mut buffer, &mut runs);
            if runs.size() > MAX_RUN_BYTES {
                return None;
            }
        }
    }
    flush(&mut buffer, &mut runs);
    Some((runs, nodes))
}

/// The positions from the start to `marbles`, which is at `depth`: each step
/// back a neighbour one layer nearer the start.
fn path_back(
    g: &Geometry,
    keys: &Keys,
    layers: &[Packed],
    marbles: Bitboard,
    depth: usize,
) -> Vec<Bitboard> {
    let mut path = vec![marbles];
    let mut moves = Vec::new();
    for d in (0..depth).rev() {
        let here = *path.last().expect("never empty");
        neighbours(g, here, &mut moves);
        let back = moves
            .iter()
            .map(|&m| after(here, m))
            .find(|b| layers[d].contains(keys.rank(*b)))
            .expect("every kept position has a parent one layer back");
        path.push(back);
    }
    path.reverse();
    path
}

/// The move between two positions one move apart.
fn move_between(a: Bitboard, b: Bitboard) -> Move {
    let from = (a & !b).first().expect("one marble left");
    let to = (b & !a).first().expect("one marble arrived");
    Move { from, to }
}

impl Crossing {
    /// Whether a crossing of at most `length` moves exists from the start,
    /// decided by meeting in the middle on `threads` threads. `None` when the
    /// board's stopping holes do not fit a 128-bit key.
    pub(super) fn meet(&self, length: u32, threads: usize, limits: &Limits) -> Option<MeetRun> {
        let g = &*self.inner;
        let keys = Keys::new(g)?;
        let a = length / 2;
        let b = length - a;
        let mut layers: Vec<Packed> = vec![std::iter::once(keys.rank(self.start())).collect()];
        let mut nodes = 0;
        let run = |meet: Meet, nodes: u64| MeetRun { meet, nodes };
        for depth in 1..=b {
            let parents = &layers[depth as usize - 1];
            let threads = threads.max(1);
            let chunk = parents.blocks().div_ceil(threads);
            let parts: Vec<Option<(Runs, u64)>> = std::thread::scope(|s| {
                let jobs: Vec<_> = (0..threads)
                    .map(|t| {
                        let blocks = (t * chunk).min(parents.blocks())
                            ..((t + 1) * chunk).min(parents.blocks());
                        let keys = &keys;
                        s.spawn(move || {
                            expand(g, keys, parents.iter_blocks(blocks), depth, length, limits)
                        })
                    })
                    .collect();
                jobs.into_iter()
                    .map(|j| j.join().expect("a layer worker never panics"))
                    .collect()
            });
            let Some(parts) = parts.into_iter().collect::<Option<Vec<_>>>() else {
                return Some(run(Meet::Aborted, nodes));
            };
            nodes += parts.iter().map(|(_, n)| n).sum::<u64>();
            let d = depth as usize;
            let seen: Vec<&Packed> = layers[d.saturating_sub(2)..d].iter().collect();
            let next: Packed =
                minus(union(parts.iter().flat_map(|(r, _)| r.iters())), &seen).collect();
            drop(parts);
            if std::env::var_os("STARHOP_DEBUG").is_some() {
                eprintln!(
                    "length {length}: layer {depth} keeps {} positions in {} MB ({nodes} generated)",
                    next.len(),
                    next.size() >> 20
                );
            }
            layers.push(next);
            if layers.iter().map(Packed::size).sum::<usize>() > MAX_LAYER_BYTES {
                return Some(run(Meet::Aborted, nodes));
            }
        }
        // A middle position M within `a` moves whose half-turn image is within
        // `b` moves; the nearest such M gives the shortest crossing. The
        // images are sorted a slice at a time and walked against each layer.
        let mut best: Option<(usize, usize, u128)> = None;
        for (i, layer) in layers[..=a as usize].iter().enumerate() {
            let mut middles = layer.iter().peekable();
            while middles.peek().is_some() {
                let mut images: Vec<u128> = middles
                    .by_ref()
                    .take(IMAGES)
                    .filter_map(|r| {
                        let m = keys.ranks.key(r);
                        (g.lower_bound(keys.marbles(m)) <= b)
                            .then(|| keys.ranks.rank(keys.canonical(Keys::image(&keys.turn, m))))
                    })
                    .collect();
                images.sort_unstable();
                images.dedup();
                for (j, other) in layers.iter().enumerate() {
                    if best.is_some_and(|(bi, bj, _)| i + j >= bi + bj) {
                        break;
                    }
                    let mut members = Cursor::new(other);
                    if let Some(&image) = images.iter().find(|&&x| members.holds(x)) {
                        // M is the canonical form of the image's half-turn
                        // (mirror and half-turn commute).
                        let image = keys.ranks.key(image);
                        best = Some((i, j, keys.canonical(Keys::image(&keys.turn, image))));
                    }
                }
            }
        }
        let Some((i, j, m)) = best else {
            return Some(run(Meet::Refuted, nodes));
        };
        // Start .. M, then the half-turn of the path start .. R(M), backwards.
        let middle = keys.marbles(m);
        let mut path = path_back(g, &keys, &layers, middle, i);
        let turned = path_back(
            g,
            &keys,
            &layers,
            keys.marbles(Keys::image(&keys.turn, m)),
            j,
        );
        path.extend(
            turned
                .iter()
                .rev()
                .skip(1)
                .map(|&p| keys.marbles(Keys::image(&keys.turn, keys.key(p)))),
        );
        let moves = path.windows(2).map(|w| move_between(w[0], w[1])).collect();
        Some(run(Meet::Found(moves), nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meet(c: &Crossing, length: u32) -> Meet {
        c.meet(length, 2, &Limits::unlimited())
            .expect("the small board fits a key")
            .meet
    }

    #[test]
    fn the_small_board_needs_17_moves_and_meeting_finds_them() {
        let c = Crossing::new(3, false).unwrap();
        assert_eq!(meet(&c, 16), Meet::Refuted);
        let Meet::Found(moves) = meet(&c, 19) else {
            panic!("a 17-move crossing exists");
        };
        assert_eq!(moves.len(), 17, "the shortest within the length");
        assert!(c.crosses(&moves));
    }

    #[test]
    fn long_jumps_cross_the_small_board_in_13() {
        let c = Crossing::new(3, true).unwrap();
        assert_eq!(meet(&c, 12), Meet::Refuted);
        let Meet::Found(moves) = meet(&c, 13) else {
            panic!("a 13-move crossing exists");
        };
        assert_eq!(moves.len(), 13);
        assert!(c.crosses(&moves));
    }

    #[test]
    fn a_stopped_search_decides_nothing() {
        let c = Crossing::new(3, false).unwrap();
        let limits = Limits {
            stop: Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
                true,
            ))),
            ..Limits::default()
        };
        let run = c.meet(17, 1, &limits).unwrap();
        assert_eq!(run.meet, Meet::Aborted);
    }
}
