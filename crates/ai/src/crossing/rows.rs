//! The row database: an admissible lower bound on the moves a crossing still
//! needs, from the rows the marbles stand on alone.
//!
//! Project every hole onto its row across the board (0 at the home tip, `4n`
//! at the target tip). A step moves a marble at most one row; a hop over a
//! marble lands two rows on (or `2k` rows with long jumps over a marble `k`
//! rows away). Forgetting where in its row a marble stands, and whether the
//! landing hole is free, gives a smaller puzzle of counts per row whose every
//! solution is at most as long as the real one's projection. Its exact
//! distances, found by one breadth-first search back from the target rows,
//! are therefore a lower bound that never overestimates (tested against
//! exhaustive search on the small board).
//!
//! Steps are counted too. Colour the holes by their coordinates modulo 2
//! (four classes): a hop moves a marble two holes on, so it keeps its class,
//! while a step always changes it. The target holds a fixed number of each
//! class, so a position with `c` marbles too many in some classes needs at
//! least `c` steps. The database therefore also holds, for each `c`, the
//! shortest solution of the row puzzle that takes at least `c` steps (a step
//! along a row, which the row puzzle cannot see, counts as a step that moves
//! nothing): a bound at least as strong, and still never above the truth.

use std::sync::{Arc, Mutex, OnceLock};

/// Most rows a board has (size 5: 21).
pub(super) const MAX_ROWS: usize = 21;
/// Largest database built: 10 marbles on 17 rows is 5.3 million entries;
/// size 5 (15 marbles on 21 rows, 3.2 billion) is out of reach.
const MAX_ENTRIES: u64 = 20_000_000;
const UNSEEN: u8 = u8::MAX;
/// Steps owed that the database tells apart; more are read as this many.
/// Measured on the standard board with long jumps: owing 2 halves the nodes
/// of ruling out 18 moves (582 million against 1.23 billion), owing up to 10
/// saves only 0.5 % more, and every layer adds to the build.
const OWED_STEPS: usize = 2;

/// Exact distances of the row puzzle for one board size and jump rule.
pub struct RowDatabase {
    rows: usize,
    marbles: usize,
    long_jumps: bool,
    /// `binom[n][k]`.
    binom: Vec<Vec<u64>>,
    /// Row multisets (the entries of one layer).
    entries: usize,
    /// Layers `0..=OWED_STEPS`: layer `c` holds the distances that take at
    /// least `c` steps.
    dist: Vec<u8>,
}

impl RowDatabase {
    /// The shared database for a board size, built on first use; `None` when
    /// it would be too large (size 5).
    pub fn get(size: u8, long_jumps: bool) -> Option<Arc<RowDatabase>> {
        type Slot = OnceLock<Option<Arc<RowDatabase>>>;
        type Slots = Vec<((u8, bool), Arc<Slot>)>;
        static CACHE: Mutex<Slots> = Mutex::new(Vec::new());
        let slot = {
            let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            match cache.iter().find(|(k, _)| *k == (size, long_jumps)) {
                Some((_, s)) => s.clone(),
                None => {
                    let s: Arc<Slot> = Arc::new(OnceLock::new());
                    cache.push(((size, long_jumps), s.clone()));
                    s
                }
            }
        };
        // Built outside the lock, so other sizes need not wait.
        slot.get_or_init(|| RowDatabase::build(size, long_jumps).map(Arc::new))
            .clone()
    }

    fn build(size: u8, long_jumps: bool) -> Option<RowDatabase> {
        let n = size as usize;
        let rows = 4 * n + 1;
        let marbles = n * (n + 1) / 2;
        let mut binom = vec![vec![0u64; marbles + 2]; rows + marbles + 1];
        for row in binom.iter_mut() {
            row[0] = 1;
        }
        for i in 1..binom.len() {
            for k in 1..binom[i].len() {
                binom[i][k] = binom[i - 1][k - 1] + binom[i - 1][k];
            }
        }
        let entries = binom[rows + marbles - 1][marbles];
        if entries > MAX_ENTRIES || rows > MAX_ROWS {
            return None;
        }
        let mut db = RowDatabase {
            rows,
            marbles,
            long_jumps,
            binom,
            entries: entries as usize,
            dist: vec![UNSEEN; entries as usize * (OWED_STEPS + 1)],
        };
        db.search_back_from_target();
        Some(db)
    }

    /// The target camp's rows: `i + 1` marbles on row `4n - i`.
    fn target_counts(&self) -> [u8; MAX_ROWS] {
        let mut counts = [0u8; MAX_ROWS];
        let n = (self.rows - 1) / 4;
        for i in 0..n {
            counts[self.rows - 1 - i] = (i + 1) as u8;
        }
        counts
    }

    /// Breadth-first over the row puzzle with its step count, from the
    /// target. Moves of the row puzzle can be undone by a move of the same
    /// kind (a step by a step, a hop by a hop), so distances back from the
    /// target are distances to it. A state is a row multiset `s` and the
    /// steps `c` still owed: a step from `(s, c)` leads to `(s', c - 1)` (or
    /// `(s', 0)`), a hop to `(s', c)`, a step along a row to `(s, c - 1)`; so
    /// back from `(s', c)` lie `(s, c + 1)` by a step (and `(s, 0)` when `c`
    /// is 0), `(s, c)` by a hop and `(s', c + 1)` along a row.
    fn search_back_from_target(&mut self) {
        let n = self.entries;
        let all = (1u16 << (OWED_STEPS + 1)) - 1;
        // Per multiset, a bit per steps owed: the states at this distance,
        // at the next, and settled. One pass per distance lists each
        // multiset's neighbours once for all its owed counts.
        let mut frontier = vec![0u16; n];
        let mut next = vec![0u16; n];
        let mut settled = vec![0u16; n];
        let start = self.rank(&self.target_counts());
        frontier[start] = 1;
        settled[start] = 1;
        self.dist[start] = 0;
        let mut depth = 0u8;
        loop {
            for s in 0..n {
                let owed = frontier[s];
                if owed == 0 {
                    continue;
                }
                next[s] |= (owed << 1) & all;
                let by_step = ((owed << 1) | (owed & 1)) & all;
                let counts = self.unrank(s);
                self.for_each_neighbour(&counts, |to, step| {
                    next[to] |= if step { by_step } else { owed };
                });
            }
            depth += 1;
            let mut any = false;
            for s in 0..n {
                let new = next[s] & !settled[s];
                next[s] = 0;
                frontier[s] = new;
                if new == 0 {
                    continue;
                }
                any = true;
                settled[s] |= new;
                let mut bits = new;
                while bits != 0 {
                    let owed = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.dist[owed * n + s] = depth;
                }
            }
            if !any {
                break;
            }
        }
    }

    /// Every move of the row puzzle from `counts`: the multiset after it,
    /// and whether it was a step (one row) rather than a hop (an even number).
    fn for_each_neighbour(&self, counts: &[u8; MAX_ROWS], mut visit: impl FnMut(usize, bool)) {
        let rows = self.rows;
        for y in 0..rows {
            if counts[y] == 0 {
                continue;
            }
            let mut lifted = *counts;
            lifted[y] -= 1;
            let mut ends = 0u32;
            if y > 0 {
                ends |= 1 << (y - 1);
            }
            if y + 1 < rows {
                ends |= 1 << (y + 1);
            }
            ends |= self.hop_reach(&lifted, y);
            ends &= !(1 << y);
            while ends != 0 {
                let e = ends.trailing_zeros() as usize;
                ends &= ends - 1;
                let mut moved = lifted;
                moved[e] += 1;
                let to = self.rank(&moved);
                visit(to, e.abs_diff(y) == 1);
            }
        }
    }

    /// Rows a marble on row `y` can reach by hops, as a bit set of rows.
    fn hop_reach(&self, lifted: &[u8; MAX_ROWS], y: usize) -> u32 {
        let rows = self.rows as i32;
        let mut seen = 1u32 << y;
        let mut stack = [0usize; MAX_ROWS];
        let mut top = 1;
        stack[0] = y;
        while top > 0 {
            top -= 1;
            let h = stack[top] as i32;
            for dir in [-1i32, 1] {
                let reach = if self.long_jumps { rows } else { 1 };
                for k in 1..=reach {
                    let (over, land) = (h + dir * k, h + dir * 2 * k);
                    if land < 0 || land >= rows {
                        break;
                    }
                    if lifted[over as usize] > 0 && seen & (1 << land) == 0 {
                        seen |= 1 << land;
                        stack[top] = land as usize;
                        top += 1;
                    }
                }
            }
        }
        seen
    }

    /// The index of a multiset of rows (combinatorial number system: the
    /// `i`-th marble in row order on row `y` becomes the distinct number `y + i`).
    fn rank(&self, counts: &[u8; MAX_ROWS]) -> usize {
        let mut r = 0u64;
        let mut i = 0usize;
        for (y, &c) in counts.iter().enumerate().take(self.rows) {
            for _ in 0..c {
                r += self.binom[y + i][i + 1];
                i += 1;
            }
        }
        r as usize
    }

    fn unrank(&self, mut r: usize) -> [u8; MAX_ROWS] {
        let mut counts = [0u8; MAX_ROWS];
        let mut p = self.rows + self.marbles - 2;
        for i in (1..=self.marbles).rev() {
            while self.binom[p][i] as usize > r {
                p -= 1;
            }
            r -= self.binom[p][i] as usize;
            counts[p + 1 - i] += 1;
        }
        counts
    }

    /// The lower bound for marbles counted per row, `steps` of them owing a
    /// step to change class (the search keeps the counts and changes two of
    /// them per move rather than recount).
    pub(super) fn bound_of_counts(&self, counts: &[u8; MAX_ROWS], steps: u32) -> u32 {
        let layer = (steps as usize).min(OWED_STEPS);
        self.dist[layer * self.entries + self.rank(counts)] as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        let db = RowDatabase::get(3, false).unwrap();
        for r in 0..db.entries {
            assert_eq!(db.rank(&db.unrank(r)), r);
        }
        assert!(
            db.dist.iter().all(|&d| d != UNSEEN),
            "every multiset reachable"
        );
    }

    #[test]
    fn the_target_needs_nothing_and_one_row_short_needs_one() {
        let db = RowDatabase::get(3, false).unwrap();
        let target = db.target_counts();
        assert_eq!(db.dist[db.rank(&target)], 0);
        let mut short = target;
        short[db.rows - 3] -= 1;
        short[db.rows - 4] += 1;
        assert_eq!(db.dist[db.rank(&short)], 1);
    }

    #[test]
    fn owing_a_step_costs_a_move_the_rows_cannot_see() {
        let db = RowDatabase::get(3, false).unwrap();
        let target = db.target_counts();
        let mut short = target;
        short[db.rows - 3] -= 1;
        short[db.rows - 4] += 1;
        for owed in 0..=OWED_STEPS as u32 {
            // At the target only steps along a row can pay what is owed.
            assert_eq!(db.bound_of_counts(&target, owed), owed);
            // One row short: its step home pays one.
            assert_eq!(db.bound_of_counts(&short, owed), owed.max(1));
        }
        assert_eq!(
            db.bound_of_counts(&target, 9),
            OWED_STEPS as u32,
            "more owed reads as the most told apart"
        );
    }

    #[test]
    fn each_step_owed_adds_at_most_one_move_and_sometimes_one() {
        for long_jumps in [false, true] {
            let db = RowDatabase::get(3, long_jumps).unwrap();
            let layer = |owed: usize| &db.dist[owed * db.entries..(owed + 1) * db.entries];
            let mut stronger = 0;
            for owed in 1..=OWED_STEPS {
                for (less, more) in layer(owed - 1).iter().zip(layer(owed)) {
                    assert!(less <= more && *more <= less + 1, "{less} then {more}");
                    stronger += usize::from(more > less);
                }
            }
            assert!(stronger > 0, "owing steps never mattered");
        }
    }

    #[test]
    fn size_five_is_too_large() {
        assert!(RowDatabase::get(5, false).is_none());
    }
}
