//! The first-solution search over single captures (solving, hints, and the
//! fewest-moves search's upper bounds), and the lossy table of positions.

use super::dead::{self, DeadTable};
use super::geo::{Geo, J};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A lossy table of positions: a fixed array, 4 slots per bucket. Losing an
/// entry only costs search again, never a wrong answer.
pub(super) struct Table {
    slots: Slots,
    vals: Vec<u8>,
    mask: usize,
}

/// A table's keys: mapped (see `dead::mapped_zeroed`) or, if small or
/// memory cannot be mapped, a `Vec`.
enum Slots {
    Mapped(memmap2::MmapMut),
    Owned(Vec<u128>),
}

impl Slots {
    fn zeroed(len: usize, huge: bool) -> Slots {
        dead::mapped_zeroed(len * size_of::<u128>(), huge)
            .map_or_else(|| Slots::Owned(vec![0; len]), Slots::Mapped)
    }

    fn keys(&self) -> &[u128] {
        match self {
            // A mapping starts on a page, so the cast never fails.
            Slots::Mapped(map) => bytemuck::cast_slice(map),
            Slots::Owned(v) => v,
        }
    }

    fn keys_mut(&mut self) -> &mut [u128] {
        match self {
            Slots::Mapped(map) => bytemuck::cast_slice_mut(map),
            Slots::Owned(v) => v,
        }
    }
}

impl Table {
    fn new(bits: u32) -> Table {
        // Zeroed memory is mapped lazily, so a large table costs only what the
        // search touches.
        Table::with_bits(bits, false)
    }

    /// A table for a search known to be long, on huge pages at once.
    pub(super) fn huge(bits: u32) -> Table {
        Table::with_bits(bits, true)
    }

    fn with_bits(bits: u32, huge: bool) -> Table {
        Table {
            slots: Slots::zeroed(1 << bits, huge),
            vals: vec![0; 1 << bits],
            mask: (1 << bits) - 4,
        }
    }

    pub(super) fn get(&self, k: u128) -> Option<u8> {
        let b = dead::hash(k) & self.mask;
        let keys = self.slots.keys();
        (b..b + 4).find(|&i| keys[i] == k).map(|i| self.vals[i])
    }

    pub(super) fn put(&mut self, k: u128, v: u8) {
        let h = dead::hash(k);
        let b = h & self.mask;
        let keys = self.slots.keys_mut();
        let i = (b..b + 4)
            .find(|&i| keys[i] == k || keys[i] == 0)
            .unwrap_or(b + (h >> 60) % 4);
        keys[i] = k;
        self.vals[i] = v;
    }
}

/// Table size (log2 slots) for a search from `marbles` marbles: small
/// positions (most hints) need small tables, cheap to set up.
pub(super) fn table_bits(geo: &Geo, marbles: u32) -> u32 {
    let most = match geo.n {
        3 => 20,
        4 => 23,
        _ => 24,
    };
    marbles.saturating_add(12).clamp(12, most)
}

/// Restart budgets' unit: a search restarting in the Luby sequence gives
/// its `i`-th ordering `luby(i)` times this many nodes.
const LUBY_NODES: u64 = 2_000;

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1,
/// 2, ...: restart budgets within a factor of the best fixed budget for
/// searches whose cost is luck (Luby, Sinclair and Zuckerman, 1993).
fn luby(mut i: u64) -> u64 {
    loop {
        let bits = 64 - i.leading_zeros();
        if i == (1 << bits) - 1 {
            return 1 << (bits - 1);
        }
        i -= (1 << (bits - 1)) - 1;
    }
}

/// Slots (log2) of the dead table a restarting search starts with; it
/// grows to its full size once the search is long (`HUGE_PAGES_AFTER`).
/// Most hints take a few thousand nodes, and a full table touched at
/// random costs a page fault for nearly every position stored.
const SMALL_TABLE_BITS: u32 = 16;

/// Nodes after which a search moves its dead table onto huge pages.
const HUGE_PAGES_AFTER: u64 = 1 << 16;

/// The first-solution search over single captures.
pub(super) struct Search<'a> {
    geo: &'static Geo,
    finish: Option<u8>,
    stop: Option<&'a AtomicBool>,
    /// A second stop flag (the workers' own, beside the caller's).
    pub(super) also: Option<&'a AtomicBool>,
    syms: Vec<usize>,
    /// Shared with other searches of a hint (see `DeadTable`).
    pub(super) dead: Arc<DeadTable>,
    /// Ordering weight of each grid cell: how far it is from where the last
    /// marble should end.
    far: [i32; 128],
    pub(super) path: Vec<J>,
    pub(super) nodes: u64,
    /// Where the current round gives up.
    budget: u64,
    /// Where the whole search gives up (`run` returns `None`).
    pub(super) cap: u64,
    /// Prefer going on with the marble that moved last.
    pub(super) chains_first: bool,
    /// At most this many moves (chains), if set; `used` so far on the path.
    pub(super) move_limit: Option<u32>,
    used: u32,
    /// (position, moving marble) -> moves left + 1 known not to be enough.
    pub(super) limited: Table,
    /// Where in the cycle of orderings the rounds start.
    pub(super) offset: usize,
    style: Style,
    pub(super) stopped: bool,
    /// The captures of the node being expanded, before ordering.
    raw: Vec<J>,
    /// Per marbles left: the ordered captures of the node on the path.
    lists: Vec<Vec<(u64, J)>>,
    /// Per marbles left: the captures asleep at the node on the path (see
    /// `dfs`), then those tried there.
    sleeps: Vec<Vec<J>>,
    /// Whether `dfs` skips captures asleep (always, but in a test).
    sleep_sets: bool,
    /// The dead table's size (log2 slots) once the search is long (0: the
    /// size it has).
    grow_to: u32,
    /// How `run` restarts.
    restarts: Restarts,
    /// Every position `dfs` entered, when a test asks.
    #[cfg(test)]
    entered: Option<std::collections::HashSet<u128>>,
}

#[derive(Clone, Copy, Debug)]
enum Style {
    Isolated,
    Sweep,
    Mobility,
    /// Fewest isolated, then inward with a seeded random nudge: restarts
    /// that differ from each other.
    Noisy(u64),
}

const STYLES: [Style; 4] = [
    Style::Isolated,
    Style::Sweep,
    Style::Mobility,
    Style::Noisy(0),
];

/// How a search restarts (see `Search::run`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Restarts {
    /// The four `STYLES` in turn from the `offset`-th, the budget doubling
    /// after each four: the fewest-moves search's first solutions, whose
    /// orderings (chains first) give its upper bounds.
    Styles,
    /// A new seeded nudge each time, budgets of `LUBY_NODES` times the Luby
    /// sequence: a first solution or a proof, as soon as may be (solving
    /// and hints). On 100 positions of play on 91 holes, one core, 84 were
    /// solved within 3 s against 70 with `Styles`, the median in 13 ms
    /// against 465 ms (with `SMALL_TABLE_BITS`).
    Luby,
}

impl<'a> Search<'a> {
    /// A search with a fresh dead table sized for `marbles` marbles.
    pub(super) fn new(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        marbles: u32,
    ) -> Search<'a> {
        let dead = DeadTable::new(table_bits(geo, marbles));
        Search::with_table(geo, finish, stop, Arc::new(dead))
    }

    /// A search restarting in the Luby sequence (`Restarts::Luby`) with the
    /// dead table of earlier searches, or a small new one, grown to
    /// `2^bits` slots once the search is long.
    pub(super) fn restarting(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        dead: Option<Arc<DeadTable>>,
        bits: u32,
    ) -> Search<'a> {
        let dead = dead.unwrap_or_else(|| Arc::new(DeadTable::new(SMALL_TABLE_BITS.min(bits))));
        let mut s = Search::with_table(geo, finish, stop, dead);
        s.restarts = Restarts::Luby;
        s.grow_to = bits;
        s
    }

    /// A search that goes on with a dead table of earlier searches (same
    /// board and finish).
    fn with_table(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        dead: Arc<DeadTable>,
    ) -> Search<'a> {
        let far = geo.squared_distances(finish);
        Search {
            geo,
            finish,
            stop,
            also: None,
            syms: geo.stabiliser(finish),
            dead,
            far,
            path: Vec::new(),
            nodes: 0,
            budget: u64::MAX,
            cap: u64::MAX,
            chains_first: false,
            move_limit: None,
            used: 0,
            // Only the fewest-moves search sets a move limit (and a real table).
            limited: Table::new(2),
            offset: 0,
            style: Style::Isolated,
            stopped: false,
            raw: Vec::with_capacity(64),
            lists: Vec::new(),
            sleeps: Vec::new(),
            sleep_sets: true,
            grow_to: 0,
            restarts: Restarts::Styles,
            #[cfg(test)]
            entered: None,
        }
    }

    fn key(&self, m: u128) -> u128 {
        self.geo.least_image(&self.syms, m)
    }

    fn halted(&mut self) -> bool {
        // A table shared with other searches has grown already.
        if self.nodes == HUGE_PAGES_AFTER
            && let Some(dead) = Arc::get_mut(&mut self.dead)
        {
            dead.move_to_huge_pages(self.grow_to);
        }
        if self.nodes & 0x3FF == 0
            && [self.stop, self.also]
                .iter()
                .any(|s| s.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped || self.nodes >= self.budget.min(self.cap)
    }

    /// Runs the search with restarts (`Restarts`): each ordering gets a node
    /// budget, and the dead table carries over (a dead position is dead
    /// whatever the order), so a proof that none exists goes on where the
    /// last restart left it. No single ordering is good on every start: one
    /// that is stuck in a huge dead subtree is often rescued by another.
    pub(super) fn run(&mut self, m: u128) -> Option<bool> {
        // From a start no symmetry fixes, two positions of the search are
        // rarely images of each other: keying the dead table by the position
        // itself saves most of the time a node takes. (Any dead position is a
        // sound key, so both kinds of key share one table.)
        if !self.syms.iter().any(|&k| self.geo.image(k, m) == m) {
            self.syms.clear();
        }
        // One list of captures and one sleep set per depth, down from here.
        let depth = m.count_ones() as usize;
        let lists = self.lists.len().max(depth + 1);
        self.lists.resize_with(lists, Vec::new);
        self.sleeps.resize_with(lists, Vec::new);
        let mut budget = 20_000u64;
        for round in 0.. {
            match self.restarts {
                Restarts::Luby => {
                    let i = round as u64 + 1;
                    self.style = Style::Noisy(i);
                    self.budget = self
                        .nodes
                        .saturating_add(LUBY_NODES.saturating_mul(luby(i)));
                }
                Restarts::Styles => {
                    self.style = match STYLES[(round + self.offset) % STYLES.len()] {
                        Style::Noisy(_) => Style::Noisy((round + 1000 * self.offset) as u64),
                        s => s,
                    };
                    self.budget = self.nodes.saturating_add(budget);
                    if round % STYLES.len() == STYLES.len() - 1 {
                        budget = budget.saturating_mul(2);
                    }
                }
            }
            self.path.clear();
            // Nothing is asleep at the start.
            self.sleeps[depth].clear();
            match self.dfs(m, m.count_ones()) {
                Some(found) => return Some(found),
                None if self.stopped || self.nodes >= self.cap => return None,
                None => {}
            }
        }
        unreachable!("the budget grows until the search completes")
    }

    /// Sorts the captures in `self.raw` into `out`, most promising first,
    /// each with its rank. Ranks are computed once per capture and end in
    /// the capture's place in `raw`, so ties keep the generated order.
    fn order(&self, m: u128, cont: Option<u8>, out: &mut Vec<(u64, J)>) {
        let (geo, far) = (self.geo, &self.far);
        // How much a capture moves the marbles in: the outer marbles leave.
        let inward = |j: &J| far[j.from as usize] + far[j.over as usize] - far[j.to as usize];
        // Two keys, the first before the second (the second may be negative).
        let pair = |a: i32, b: i32| (a as u64) << 32 | (b + (1 << 30)) as u64;
        out.clear();
        out.extend(self.raw.iter().enumerate().map(|(i, &j)| {
            let after = m ^ j.flips();
            let rank = match self.style {
                // Fewest marbles left alone (an isolated marble needs another
                // to come to it), then inward.
                Style::Isolated => pair(geo.isolated(after), -inward(&j)),
                // Fewest isolated, then sweep the outermost marble, cells in order.
                Style::Sweep => pair(
                    geo.isolated(after),
                    -far[j.over as usize] * 256 + j.over as i32,
                ),
                // Most captures open afterwards.
                Style::Mobility => pair(0, -(geo.jump_count(after) as i32)),
                Style::Noisy(seed) => {
                    let x = after.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
                    let nudge = ((x >> 64) as u64 ^ seed.wrapping_mul(0xD6E8_FEB8_6659_FD93)) % 7;
                    pair(geo.isolated(after), -inward(&j) + nudge as i32)
                }
            };
            // Going on with the marble that just moved makes one move of
            // two: solutions with fewer moves, an upper bound for the
            // fewest-moves search.
            let other_marble = self.chains_first && cont.is_some_and(|c| j.from != c);
            ((other_marble as u64) << 63 | rank << 10 | i as u64, j)
        }));
        out.sort_unstable_by_key(|&(rank, _)| rank);
    }

    /// `Some(true)`: solved, the captures are in `path`; `None`: stopped.
    fn dfs(&mut self, m: u128, left: u32) -> Option<bool> {
        self.nodes += 1;
        #[cfg(test)]
        if let Some(entered) = &mut self.entered {
            entered.insert(m);
        }
        if self.halted() {
            return None;
        }
        if left == 1 {
            return Some(
                self.finish.is_none_or(|f| m == 1u128 << f)
                    && self.move_limit.is_none_or(|l| self.used <= l),
            );
        }
        if let Some(f) = self.finish
            && left <= 12
            && self.geo.pagoda_cut(m, f).is_some()
        {
            return Some(false);
        }
        let key = self.key(m);
        if self.dead.contains(key) {
            return Some(false);
        }
        // With a move limit: cut when the moves used and the moves still
        // needed exceed it; a failure may be the limit's, so it goes to the
        // table of (position, marble moving, moves left) instead.
        let cont = self.path.last().map(|l| l.to);
        let limited = self.move_limit.map(|limit| {
            let left = limit.saturating_sub(self.used);
            // The grid has at most 121 cells: the moving marble's cell + 1
            // fits the top 7 bits, so the key is exact.
            let key = m | (cont.map_or(0, |c| c as u128 + 1) << 121);
            (left, key)
        });
        if let Some((left, lkey)) = limited
            && (self.used + self.geo.moves_needed(m, cont) > self.move_limit.unwrap_or(0)
                || self.limited.get(lkey).is_some_and(|v| v as u32 > left))
        {
            return Some(false);
        }
        // Outer marbles first: the capture that removes the farthest marbles
        // and lands nearest the finish. Each depth keeps its list between
        // nodes: no allocation per node.
        // `run` sized the lists for the start's marbles, the deepest node.
        let depth = left as usize;
        let mut js = std::mem::take(&mut self.lists[depth]);
        self.raw.clear();
        self.geo.jumps_into(m, &mut self.raw);
        self.order(m, cont, &mut js);
        // Sleep sets: a capture tried before at this node or asleep here,
        // and sharing no cell with `j`, is asleep below `j`: playing it
        // there reaches only positions below the node it was tried from,
        // already searched (captures on disjoint cells commute). Every
        // position is still reached, through fewer moves. Not with a move
        // limit, where the order of captures changes how many moves count.
        let sleeping = self.sleep_sets && self.move_limit.is_none();
        let mut outcome = Some(false);
        for &(_, j) in &js {
            if sleeping {
                if self.sleeps[depth].contains(&j) {
                    continue;
                }
                let (below, here) = self.sleeps.split_at_mut(depth);
                let child = &mut below[depth - 1];
                child.clear();
                child.extend(here[0].iter().filter(|t| t.flips() & j.flips() == 0));
            }
            let new_move = cont != Some(j.from);
            self.used += new_move as u32;
            self.path.push(j);
            let found = self.dfs(m ^ j.flips(), left - 1);
            self.used -= new_move as u32;
            if found != Some(false) {
                outcome = found;
                break;
            }
            self.path.pop();
            if sleeping {
                self.sleeps[depth].push(j);
            }
        }
        self.lists[depth] = js;
        if outcome != Some(false) {
            return outcome;
        }
        match limited {
            Some((left, lkey)) => self.limited.put(lkey, (left + 1).min(255) as u8),
            None => self.dead.put(key),
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::food::FoodBoard;

    /// Sleep sets skip only captures whose positions are searched below an
    /// earlier capture: with and without them the search comes to the same
    /// verdict, on positions large enough for many captures to commute,
    /// solvable (built backwards from one marble) or mostly not (one marble
    /// moved, or scattered); where none is solvable, both enter exactly
    /// the same positions (every one reachable); and far fewer nodes.
    #[test]
    fn sleep_sets_keep_every_verdict_and_save_nodes() {
        let board = FoodBoard::with_holes(37).unwrap();
        let geo = Geo::of(board);
        let mut rng = starhop_engine::Rng::new(41);
        let pick = |rng: &mut starhop_engine::Rng| {
            let c = board.hexes[rng.below(board.len() as u64) as usize];
            geo.idx(c.q as i32, c.r as i32).unwrap()
        };
        let (mut with, mut without, mut solvable, mut dead) = (0, 0, 0, 0);
        for i in 0..80 {
            let k = 10 + rng.below(6) as u32;
            let mut m = 1u128 << pick(&mut rng);
            if i % 4 != 2 {
                // Undo captures: a marble on `to` goes back to `from` and `over`.
                while m.count_ones() < k {
                    let from = pick(&mut rng);
                    let undo = geo.hops[from as usize]
                        .iter()
                        .find(|&&(over, to)| m >> to & 1 == 1 && (m >> over | m >> from) & 1 == 0);
                    if let Some(&(over, to)) = undo {
                        m ^= 1u128 << from | 1u128 << over | 1u128 << to;
                    }
                }
                if i % 2 == 1 {
                    // One marble moved elsewhere (below): mostly no longer
                    // solvable.
                    m &= !(1u128 << m.trailing_zeros());
                }
            }
            // Scattered (or the moved marble's new hole).
            while m.count_ones() < k {
                m |= 1u128 << pick(&mut rng);
            }
            let search = |sleep_sets: bool| {
                let mut s = Search::new(geo, None, None, k);
                s.sleep_sets = sleep_sets;
                s.entered = Some(Default::default());
                (s.run(m), s.nodes, s.entered.unwrap_or_default())
            };
            let (asleep, nodes_asleep, entered_asleep) = search(true);
            let (awake, nodes_awake, entered_awake) = search(false);
            assert_eq!(asleep, awake, "{m:#x}: verdicts differ");
            if awake == Some(false) {
                assert_eq!(
                    entered_asleep.len(),
                    entered_awake.len(),
                    "{m:#x}: positions entered"
                );
                assert_eq!(entered_asleep, entered_awake, "{m:#x}: positions entered");
            }
            match awake {
                Some(true) => solvable += 1,
                Some(false) => dead += 1,
                None => unreachable!("no stop flag, no cap"),
            }
            with += nodes_asleep;
            without += nodes_awake;
        }
        assert!(
            solvable >= 20 && dead >= 20,
            "{solvable} solvable, {dead} dead"
        );
        assert!(
            with * 3 < without * 2,
            "sleep sets visited {with} nodes, against {without} without"
        );
    }

    #[test]
    fn restart_budgets_follow_the_luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(255), 128);
        assert_eq!(luby(256), 1);
    }
}
