//! The fewest-moves search: an upper bound from first solutions, shortened
//! from above, then proven from below by iterative deepening over chains
//! or by meeting in the middle (`meet.rs`).

use super::geo::{Geo, J, board_of};
use super::search::{Search, Table, table_bits};
use super::{Verdict, meet, refusal};
use starhop_engine::food::{FoodMove, FoodPosition};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// First solutions tried for the fewest-moves search's upper bound.
const UPPER_TRIES: usize = 8;

/// Nodes for each try to shorten the best solution from above.
pub(super) const IMPROVE_NODES: u64 = 2_000_000;

/// The fewest-moves search: iterative deepening over chains.
pub(super) struct MinSearch<'a> {
    geo: &'static Geo,
    finish: Option<u8>,
    stop: Option<&'a AtomicBool>,
    syms: Vec<usize>,
    /// Position -> most moves it is known not to finish in (plus one).
    fails: Table,
    /// The positions after each move of the line being searched.
    path: Vec<u128>,
    /// Per moves left: the positions after each move of the node on the
    /// path, ranked (no allocation per node).
    lists: Vec<Vec<(u64, u128)>>,
    /// The chain ends of the node being expanded, before ranking.
    ends: Vec<u128>,
    t0: Instant,
    pub(super) nodes: u64,
    budget: u64,
    /// Nodes for each attempt to shorten from above.
    pub(super) improve: u64,
    /// Positions the beam keeps per move, if it runs.
    pub(super) beam: Option<usize>,
    /// Prove from below by meeting in the middle.
    pub(super) meet: bool,
    pub(super) stopped: bool,
    /// No solution has fewer moves (the bound, then each length ruled out).
    pub(super) lower: u8,
}

impl<'a> MinSearch<'a> {
    pub(super) fn new(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        marbles: u32,
    ) -> MinSearch<'a> {
        MinSearch {
            geo,
            finish,
            stop,
            syms: geo.stabiliser(finish),
            fails: Table::huge((12 + marbles).clamp(12, 24)),
            path: Vec::new(),
            lists: Vec::new(),
            ends: Vec::new(),
            t0: Instant::now(),
            nodes: 0,
            budget: u64::MAX,
            improve: IMPROVE_NODES,
            beam: None,
            meet: false,
            stopped: false,
            lower: 0,
        }
    }

    /// Any solution first (an upper bound), shortened from above while that
    /// is quick, then iterative deepening from the lower bound up to it: the
    /// first depth that succeeds is the minimum.
    pub(super) fn run(&mut self, m: u128) -> Verdict {
        let start = FoodPosition {
            board: board_of(self.geo),
            marbles: self.geo.cells_of_grid(m),
        };
        // Several first solutions, each search ordered differently (sharing
        // the dead table), keeping the one with the fewest moves.
        let mut first = Search::new(self.geo, self.finish, self.stop, m.count_ones());
        first.chains_first = true;
        let mut best: Option<Vec<FoodMove>> = None;
        for attempt in 0..UPPER_TRIES {
            first.offset = attempt;
            match first.run(m) {
                None => break,
                Some(false) => {
                    return Verdict::Impossible(
                        "the search tried every sequence of captures: none leaves one marble"
                            .into(),
                    );
                }
                Some(true) => {
                    let moves = self.geo.chains(start, &first.path);
                    if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
                        best = Some(moves);
                    }
                }
            }
        }
        self.nodes += first.nodes;
        drop(first);
        let Some(mut best) = best else {
            return Verdict::Stopped;
        };
        if let Some(width) = self.beam
            && let Some(short) = self.beam(m, start, width, best.len())
        {
            best = short;
        }
        let lower = self.bound(m).max(1);
        self.lower = lower;
        let done = |moves: Vec<FoodMove>, minimal| Verdict::Solved { moves, minimal };
        if self.meet {
            return self.meet_from_below(m, start, lower, best);
        }
        // Shorter from above with the single-capture search held to fewer
        // moves: its ordering (and the finish's) finds solutions far sooner
        // than the search over whole chains.
        let mut first = Search::new(self.geo, self.finish, self.stop, m.count_ones());
        first.chains_first = true;
        first.limited = Table::huge(table_bits(self.geo, m.count_ones()));
        while best.len() > lower as usize {
            first.move_limit = Some(best.len() as u32 - 1);
            first.cap = first.nodes.saturating_add(self.improve);
            match first.run(m) {
                Some(true) => {
                    let moves = self.geo.chains(start, &first.path);
                    if moves.len() >= best.len() {
                        // Not shorter once merged (cannot happen if the
                        // count in the search is right): stop improving.
                        break;
                    }
                    best = moves;
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!(
                            "{} moves after {} nodes, {:?}",
                            best.len(),
                            self.nodes + first.nodes,
                            self.t0.elapsed()
                        );
                    }
                }
                Some(false) => {
                    self.nodes += first.nodes;
                    return done(best, true);
                }
                None if first.stopped => {
                    self.nodes += first.nodes;
                    return done(best, false);
                }
                None => break,
            }
        }
        self.nodes += first.nodes;
        drop(first);
        loop {
            if best.len() <= lower as usize {
                return done(best, true);
            }
            self.budget = self.nodes.saturating_add(self.improve);
            self.path.clear();
            match self.dfs(m, best.len() as u8 - 1) {
                Some(true) => {
                    best = self.solution(start, m);
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!("{} moves after {} nodes", best.len(), self.nodes);
                    }
                }
                Some(false) => return done(best, true),
                None if self.stopped => return done(best, false),
                None => break,
            }
        }
        self.budget = u64::MAX;
        for limit in lower..best.len() as u8 {
            self.path.clear();
            match self.dfs(m, limit) {
                Some(true) => return done(self.solution(start, m), true),
                Some(false) => {
                    self.lower = limit + 1;
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!(
                            "no solution in {limit} moves: {} nodes, {:?}",
                            self.nodes,
                            self.t0.elapsed()
                        );
                    }
                }
                None => return done(best, false),
            }
        }
        done(best, true)
    }

    /// Each length from `lower` up, decided by meeting in the middle: the
    /// first with a solution is the fewest moves.
    fn meet_from_below(
        &mut self,
        m: u128,
        start: FoodPosition,
        lower: u8,
        best: Vec<FoodMove>,
    ) -> Verdict {
        for limit in lower..best.len() as u8 {
            match meet::meet(self.geo, m, self.finish, limit, self.stop) {
                meet::Meeting::Solution(path) => {
                    return Verdict::Solved {
                        moves: self.geo.chains(start, &path),
                        minimal: true,
                    };
                }
                meet::Meeting::None => {
                    self.lower = limit + 1;
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!("no solution in {limit} moves, {:?}", self.t0.elapsed());
                    }
                }
                meet::Meeting::Stopped => {
                    self.stopped = true;
                    return Verdict::Solved {
                        moves: best,
                        minimal: false,
                    };
                }
            }
        }
        Verdict::Solved {
            moves: best,
            minimal: true,
        }
    }

    /// A solution shorter than `shortest` moves, if the beam finds one. The
    /// beam goes a whole chain at a time and keeps the `width` positions
    /// with the fewest moves still needed (the bound), then the fewest
    /// marbles, that a capped search does not prove dead. Where that search
    /// finds a solution, it follows the chains that led to its position as
    /// a whole solution, and the shortest is kept.
    pub(super) fn beam(
        &mut self,
        m: u128,
        start: FoodPosition,
        width: usize,
        mut shortest: usize,
    ) -> Option<Vec<FoodMove>> {
        /// Nodes a check of one position may take.
        const CHECK: u64 = 100_000;
        struct Kept {
            m: u128,
            parent: usize,
            chain: Vec<J>,
        }
        let mut check = Search::new(self.geo, self.finish, self.stop, m.count_ones());
        check.chains_first = true;
        let mut layers: Vec<Vec<Kept>> = vec![vec![Kept {
            m,
            parent: 0,
            chain: Vec::new(),
        }]];
        let captures = |layers: &[Vec<Kept>], mut at: usize, upto: usize| {
            let mut chains: Vec<&[J]> = Vec::new();
            for layer in layers[1..=upto].iter().rev() {
                chains.push(&layer[at].chain);
                at = layer[at].parent;
            }
            chains
                .into_iter()
                .rev()
                .flatten()
                .copied()
                .collect::<Vec<J>>()
        };
        let mut found = None;
        while let Some(layer) = layers.last()
            && !layer.is_empty()
            && layers.len() < shortest
        {
            let mut seen = rustc_hash::FxHashSet::default();
            let mut next: Vec<(u32, u32, u128, usize, Vec<J>)> = Vec::new();
            for (i, kept) in layer.iter().enumerate() {
                for (after, chain) in self.geo.chain_routes(kept.m) {
                    if seen.insert(self.key(after))
                        && refusal(self.geo, after, self.finish).is_none()
                    {
                        next.push((self.rank(after), after.count_ones(), after, i, chain));
                    }
                }
            }
            next.sort_unstable_by_key(|&(bound, marbles, after, ..)| (bound, marbles, after));
            let depth = layers.len();
            let mut kept = Vec::new();
            for (_, _, after, parent, chain) in next {
                if kept.len() == width {
                    break;
                }
                self.nodes += 1;
                check.cap = check.nodes.saturating_add(CHECK);
                let verdict = check.run(after);
                if check.stopped {
                    self.stopped = true;
                    break;
                }
                if verdict == Some(false) {
                    continue;
                }
                // Kept also when not decided in time: it may still finish.
                kept.push(Kept {
                    m: after,
                    parent,
                    chain,
                });
                if verdict.is_none() {
                    continue;
                }
                let mut flat = captures(&layers, parent, depth - 1);
                flat.extend(&kept.last().expect("just kept").chain);
                flat.extend(&check.path);
                let moves = self.geo.chains(start, &flat);
                if moves.len() < shortest {
                    shortest = moves.len();
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!(
                            "beam: {shortest} moves (from move {depth}), {:?}",
                            self.t0.elapsed()
                        );
                    }
                    found = Some(moves);
                }
            }
            self.nodes += check.nodes;
            check.nodes = 0;
            if self.stopped {
                break;
            }
            layers.push(kept);
        }
        found
    }

    /// The moves of the line on the path, from `m` (the `start`).
    fn solution(&self, start: FoodPosition, m: u128) -> Vec<FoodMove> {
        let line: Vec<u128> = std::iter::once(m)
            .chain(self.path.iter().copied())
            .collect();
        self.geo.chains(start, &self.geo.captures_along(&line))
    }

    /// Moves still needed: each occupied corner needs a move from it (a corner
    /// marble cannot be jumped, and the last marble made the last capture);
    /// so does each full "closed" region (see `Geo::regions`): nothing from
    /// outside can land in it or jump over one of its cells, so the first
    /// change to it must be a move starting inside it. The regions counted
    /// are disjoint, so are the moves.
    fn bound(&self, m: u128) -> u8 {
        self.geo.moves_needed(m, None) as u8
    }

    /// How the beam ranks a position (lower first): the bound as it stood
    /// before every corner marble counted, one corner free (the finish, if
    /// it is a full corner; without a finish, any full corner). Ranked by
    /// the bound itself, the beam kept longer lines (2026-12-07: 61 holes
    /// keeping 1,024 positions a move, 22 moves against 21; 37 holes keeping
    /// 16, 17 against 16).
    fn rank(&self, m: u128) -> u32 {
        let bound = u32::from(self.bound(m));
        let free = match self.finish {
            Some(f) => 1u128 << f,
            None => self.geo.corners,
        };
        let corner = u32::from(m & self.geo.corners & free != 0);
        if bound == 0 {
            0
        } else {
            (bound - corner).max(1)
        }
    }

    fn key(&self, m: u128) -> u128 {
        self.geo.least_image(&self.syms, m)
    }

    /// Whether `m` finishes within `limit` moves (path in `self.path`).
    fn dfs(&mut self, m: u128, limit: u8) -> Option<bool> {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 && self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = true;
        }
        if self.stopped || self.nodes >= self.budget {
            return None;
        }
        if m.count_ones() == 1 {
            return Some(self.finish.is_none_or(|f| m == 1u128 << f));
        }
        // Only positions whose bound fits the moves left come here: the
        // children are filtered below, and `run` starts from the bound up.
        debug_assert!(limit > 0 && self.bound(m) <= limit, "{m:#x} in {limit}");
        if let Some(f) = self.finish
            && self.geo.pagoda_cut(m, f).is_some()
        {
            return Some(false);
        }
        let key = self.key(m);
        if self.fails.get(key).is_some_and(|v| v >= limit) {
            return Some(false);
        }
        // Every chain move, one per distinct position after it, ranked once
        // each: those that lower the bound most first (they clear the
        // regions every solution must spend a move on), then the longest,
        // ties in the order generated. A position after it that needs more
        // moves than are left is not entered at all.
        let depth = limit as usize;
        if self.lists.len() <= depth {
            self.lists.resize_with(depth + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[depth]);
        list.clear();
        self.ends.clear();
        self.geo.chain_ends(m, &mut self.ends);
        for (i, &after) in self.ends.iter().enumerate() {
            let bound = self.bound(after);
            if bound < limit {
                let rank = u64::from(bound) << 40 | u64::from(after.count_ones()) << 32;
                list.push((rank | i as u64, after));
            }
        }
        list.sort_unstable_by_key(|&(rank, _)| rank);
        let mut found = Some(false);
        for &(_, after) in &list {
            self.path.push(after);
            match self.dfs(after, limit - 1) {
                Some(false) => {
                    self.path.pop();
                }
                other => {
                    found = other;
                    break;
                }
            }
        }
        self.lists[depth] = list;
        if found == Some(false) {
            self.fails.put(key, limit);
        }
        found
    }
}
