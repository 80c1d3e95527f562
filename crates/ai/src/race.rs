//! Race endgames of two-player games. Once every marble of one army stands
//! ahead of every marble of the other (along the first army's way), the two
//! can no longer meet: each side runs its own solo crossing, and the side
//! that needs fewer moves wins. The crossing solver gives those numbers
//! exactly; the bots play a move of a shortest crossing, and the game can
//! show players where the race stands.
//!
//! Assumption (stated, not proven): once passed, the other army is never
//! needed as a stepping stone nor in the way, so each side's solo distance
//! is its race distance.

use crate::crossing::{Crossing, Limits};
use rustc_hash::FxHashMap;
use starhop_engine::{Bitboard, Move, Position, Seat};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Exact answers kept for later questions about the same army.
const CACHE_ENTRIES: usize = 100_000;

/// What a race needs of one side, from its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lane {
    /// Moves still needed: exact when `exact`, else a proven lower bound.
    pub moves: u32,
    pub exact: bool,
    /// The first move of a shortest crossing, when `exact`.
    pub best: Option<Move>,
}

type Key = (u8, bool, Seat, Bitboard);

fn cache() -> &'static Mutex<FxHashMap<Key, (u32, Move)>> {
    static CACHE: OnceLock<Mutex<FxHashMap<Key, (u32, Move)>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn crossing(size: u8, seat: Seat, long_jumps: bool) -> Option<Crossing> {
    type Crossings = Mutex<Vec<((u8, Seat, bool), Crossing)>>;
    static KNOWN: OnceLock<Crossings> = OnceLock::new();
    let known = KNOWN.get_or_init(Default::default);
    let mut known = known.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, c)) = known.iter().find(|(k, _)| *k == (size, seat, long_jumps)) {
        return Some(c.clone());
    }
    let c = Crossing::for_seat(size, seat, long_jumps).ok()?;
    known.push(((size, seat, long_jumps), c.clone()));
    Some(c)
}

/// Drops every cached answer (for measurements that must solve afresh).
pub fn forget() {
    cache().lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// Whether the two armies of a two-player position have passed each other.
pub fn separated(pos: &Position, long_jumps: bool) -> bool {
    if pos.players() != 2 {
        return false;
    }
    let Some(c) = crossing(pos.board().size, 0, long_jumps) else {
        return false;
    };
    let rear = pos.marbles(0).iter().map(|h| c.row(h)).min();
    let front = pos.marbles(1).iter().map(|h| c.row(h)).max();
    matches!((rear, front), (Some(r), Some(f)) if r > f)
}

/// The race distance of `seat` from `pos`, exact if the solver finishes
/// within `budget` (answers are cached), else its lower bound.
pub fn lane(pos: &Position, seat: Seat, long_jumps: bool, budget: Duration) -> Option<Lane> {
    lane_until(pos, seat, long_jumps, Limits::time(budget))
}

/// [`lane`] with any limits (a stop flag from the game, say).
pub fn lane_until(pos: &Position, seat: Seat, long_jumps: bool, limits: Limits) -> Option<Lane> {
    let size = pos.board().size;
    let c = crossing(size, seat, long_jumps)?;
    let marbles = pos.marbles(seat);
    let key = (size, long_jumps, seat, marbles);
    if let Some(&(moves, best)) = cache().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Some(Lane {
            moves,
            exact: true,
            best: Some(best),
        });
    }
    let limits = Limits {
        // Near the end the proof is quick; the beam would only cost time.
        beam_width: Some(limits.beam_width.unwrap_or(200)),
        ..limits
    };
    let out = c.solve(marbles, &limits);
    let proven = out.solution.as_ref().filter(|s| s.proven);
    let Some(solution) = proven else {
        return Some(Lane {
            moves: out.lower_bound,
            exact: false,
            best: None,
        });
    };
    let moves = solution.routes.len() as u32;
    let best = solution.routes.first().map(|r| Move {
        from: r[0],
        to: *r.last().expect("routes have two holes at least"),
    });
    if let Some(best) = best {
        let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= CACHE_ENTRIES {
            cache.clear();
        }
        cache.insert(key, (moves, best));
    }
    Some(Lane {
        moves,
        exact: true,
        best,
    })
}

/// Both sides' race distances, when the armies have passed each other.
pub fn race(pos: &Position, long_jumps: bool, budget: Duration) -> Option<[Lane; 2]> {
    if !separated(pos, long_jumps) {
        return None;
    }
    Some([
        lane(pos, 0, long_jumps, budget / 2)?,
        lane(pos, 1, long_jumps, budget / 2)?,
    ])
}
