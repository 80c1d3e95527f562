//! Fewest moves proven by meeting in the middle.
//!
//! A solution of at most `limit` moves passes a position `P` reached in `a`
//! moves that is at most `limit - a` moves from one marble. So breadth-first
//! layers over whole chains from the start, and from every one-marble
//! finish backwards (chains undone), share a position exactly when such a
//! solution exists, once their depths add up to `limit`. The forward side
//! grows while its next layer is predicted to stay under
//! `FORWARD_LAYER_MOST` positions, the backward side the rest: undone
//! chains branch far more widely (a lone marble can come back along any
//! path), so the backward layers stay few and keep only positions of at
//! most as many marbles as the forward side's last layer can have (every
//! solution passes such a position there, or ends before it).
//!
//! - Positions are kept as least images under the symmetries fixing the
//!   finish (all 12 without one), each in the first layer that reaches it.
//! - Forward, a position is kept only if the moves still needed
//!   (`Geo::moves_needed`; with a finish also the pagodas) fit within the
//!   limit; backward, only if the moves needed to come from the start
//!   (`Geo::moves_from`, the least over the start's images, since a kept
//!   position stands for all its images) fit.
//! - A meeting is read back into moves layer by layer; a test checks every
//!   answer against the iterative deepening search.
//! - On boards of at most 64 holes (37 and 61) the layers keep each
//!   position in 8 bytes instead of 16 (`Key`), so twice as many fit.

use super::geo::{Geo, J};
use rustc_hash::FxHashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// What meeting in the middle found for one limit.
pub(super) enum Meeting {
    /// Captures of a solution within the limit (chains one after another).
    Solution(Vec<J>),
    /// No solution within the limit.
    None,
    /// Stopped from outside, or the positions held outgrew `MAX_POSITIONS`.
    Stopped,
}

/// The forward side's next layer, predicted, above which the backward side
/// grows instead (the full boards' proofs of 2026-12-07 go forward alone:
/// on 61 holes the widest layer keeps 11 million positions).
const FORWARD_LAYER_MOST: f64 = 150e6;

/// Positions held at once (the layers kept, and the next one's buffers as
/// it grows or as they are gathered into one) before giving up, counted in
/// units of 16 bytes (a position packed in 8 counts half): about 10 GB.
const MAX_POSITIONS: usize = 600_000_000;

/// How a layer keeps a position: the grid's `u128` itself, or on boards of
/// at most 64 holes a `u64` with one bit per hole (`Packing`).
trait Key: Copy + Ord + Send + Sync {
    fn pack(p: &Packing, m: u128) -> Self;
    fn unpack(self, p: &Packing) -> u128;
}

impl Key for u128 {
    fn pack(_: &Packing, m: u128) -> u128 {
        m
    }
    fn unpack(self, _: &Packing) -> u128 {
        self
    }
}

impl Key for u64 {
    fn pack(p: &Packing, m: u128) -> u64 {
        (0..16).fold(0, |k, b| k | p.down[b][(m >> (8 * b)) as u8 as usize])
    }
    fn unpack(self, p: &Packing) -> u128 {
        (0..8).fold(0, |m, b| m | p.up[b][(self >> (8 * b)) as u8 as usize])
    }
}

/// `len` positions of type `K` in units of 16 bytes (`MAX_POSITIONS`).
fn units<K>(len: usize) -> usize {
    (len * std::mem::size_of::<K>()).div_ceil(16)
}

/// The grid's holes numbered in order, a byte at a time both ways: `down`
/// takes a grid byte to its holes' bits, `up` a packed byte back.
struct Packing {
    down: Box<[[u64; 256]; 16]>,
    up: Box<[[u128; 256]; 8]>,
}

impl Packing {
    /// Tables of zeros: for `u128` keys, which read none.
    fn empty() -> Packing {
        Packing {
            down: Box::new([[0; 256]; 16]),
            up: Box::new([[0; 256]; 8]),
        }
    }

    /// `None` for more than 64 holes.
    fn of(cells: u128) -> Option<Packing> {
        if cells.count_ones() > 64 {
            return None;
        }
        let mut p = Packing::empty();
        let holes: Vec<u32> = (0..128).filter(|i| cells >> i & 1 == 1).collect();
        for (n, &i) in holes.iter().enumerate() {
            let (byte, bit) = (i as usize / 8, i % 8);
            for v in 0..256 {
                if v >> bit & 1 == 1 {
                    p.down[byte][v] |= 1 << n;
                }
                if v >> (n % 8) & 1 == 1 {
                    p.up[n / 8][v] |= 1 << i;
                }
            }
        }
        Some(p)
    }
}

/// Forward layers up to this size are searched forward when a meeting is
/// read back (about a second), larger ones by undoing chains.
const SCAN_MOST: usize = 4_000_000;

/// Undoing chains to read a meeting back gives way to searching the layer
/// forward once it holds more positions than the layer, or than this.
const UNDO_ROOM_MIN: usize = 1 << 20;

/// One side's layers: `layers[d]` holds (sorted) the positions first reached
/// in `d` moves, as keys.
struct Side<K> {
    layers: Vec<Vec<K>>,
    backward: bool,
}

impl<K: Key> Side<K> {
    fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    /// The next layer's size if it grows as the last did.
    fn predicted(&self) -> f64 {
        let n = self.layers.len();
        let last = self.layers[n - 1].len() as f64;
        let before = if n > 1 {
            self.layers[n - 2].len().max(1) as f64
        } else {
            1.0
        };
        last * last / before
    }

    fn contains(&self, m: K) -> Option<usize> {
        self.layers.iter().position(|l| l.binary_search(&m).is_ok())
    }
}

struct Meet<'a> {
    geo: &'a Geo,
    syms: Vec<usize>,
    finish: Option<u8>,
    /// The start's images under `syms` (the backward bound's reference).
    starts: Vec<u128>,
    limit: u32,
    /// The start's marbles: no position backward holds more.
    most: u32,
    /// Forward layers up to this size are searched forward when reading
    /// back (`SCAN_MOST`; tests vary it).
    scan_most: usize,
    /// Undoing chains to read back gives way to a scan past the layer's
    /// size or this (`UNDO_ROOM_MIN`; tests vary it).
    undo_room_min: usize,
    /// Positions that may be held at once (`MAX_POSITIONS`; tests vary it).
    max_positions: usize,
    /// The forward side's next layer, predicted, above which the backward
    /// side grows (`FORWARD_LAYER_MOST`; tests vary it).
    forward_most: f64,
    /// The most positions held at once so far, as `max_positions` counts
    /// them (never more than it).
    peak: AtomicUsize,
    stop: Option<&'a AtomicBool>,
    /// Packed keys, on boards of at most 64 holes.
    packing: Option<Packing>,
}

impl<'a> Meet<'a> {
    fn new(
        geo: &'a Geo,
        m: u128,
        finish: Option<u8>,
        limit: u8,
        stop: Option<&'a AtomicBool>,
    ) -> Meet<'a> {
        let syms = geo.stabiliser(finish);
        let mut starts: Vec<u128> = syms.iter().map(|&k| geo.image(k, m)).collect();
        starts.push(m);
        starts.sort_unstable();
        starts.dedup();
        Meet {
            geo,
            syms,
            finish,
            starts,
            limit: limit as u32,
            most: m.count_ones(),
            scan_most: SCAN_MOST,
            undo_room_min: UNDO_ROOM_MIN,
            max_positions: MAX_POSITIONS,
            forward_most: FORWARD_LAYER_MOST,
            peak: AtomicUsize::new(0),
            stop,
            packing: Packing::of(geo.cells),
        }
    }

    fn canon(&self, m: u128) -> u128 {
        self.geo.least_image(&self.syms, m)
    }

    /// Moves still needed from `m`: forward to one marble, backward from
    /// the start.
    fn bound(&self, m: u128, backward: bool) -> u32 {
        if backward {
            let from = |s: &u128| self.geo.moves_from(*s, m);
            self.starts.iter().map(from).min().unwrap_or(0)
        } else if self
            .finish
            .is_some_and(|f| self.geo.pagoda_cut(m, f).is_some())
        {
            u32::MAX / 2
        } else {
            self.geo.moves_needed(m, None)
        }
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Adds the side's next layer (both cores, each deduplicating as it
    /// goes), backward of at most `most` marbles, with `kept` (in units of
    /// 16 bytes, `units`) of both sides already held; `false` if stopped, or
    /// before what is held would pass `max_positions`.
    fn grow<K: Key>(&self, side: &mut Side<K>, most: u32, kept: usize, p: &Packing) -> bool {
        let depth = side.depth() as u32 + 1;
        let backward = side.backward;
        let last = &side.layers[side.depth()];
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let part = last.len().div_ceil(threads).max(1);
        // The threads' buffers (their capacity), counted before they grow;
        // once one thread finds no room, all give up.
        let held = AtomicUsize::new(0);
        let full = AtomicBool::new(false);
        let room = |buffers: usize| {
            let total = kept.saturating_add(buffers);
            let fits = total <= self.max_positions && !full.load(Ordering::Relaxed);
            if fits {
                self.peak.fetch_max(total, Ordering::Relaxed);
            } else {
                full.store(true, Ordering::Relaxed);
            }
            fits
        };
        let parts: Vec<Option<Vec<K>>> = std::thread::scope(|s| {
            let handles: Vec<_> = last
                .chunks(part)
                .map(|chunk| {
                    let (held, full, room) = (&held, &full, &room);
                    s.spawn(move || {
                        let mut out: Vec<K> = Vec::new();
                        let mut ends = Vec::new();
                        let mut seen = FxHashSet::default();
                        let mut sorted = 0;
                        // What the undoing buffers hold (their capacity only grows).
                        let mut undone = 0;
                        for (k, &key) in chunk.iter().enumerate() {
                            if k % 4096 == 0 && self.stopped() || full.load(Ordering::Relaxed) {
                                return None;
                            }
                            let m = key.unpack(p);
                            ends.clear();
                            if backward {
                                // This thread's share of the room left for
                                // undoing buffers (counted as held): the
                                // others' may grow meanwhile.
                                let others = kept + held.load(Ordering::Relaxed) - undone;
                                let free = self.max_positions.saturating_sub(others) / threads;
                                let fits = |h: usize| h <= free && !full.load(Ordering::Relaxed);
                                if !self.geo.unchain_ends(m, most, &mut ends, &mut seen, &fits) {
                                    full.store(true, Ordering::Relaxed);
                                    return None;
                                }
                                let now = undone_held(&ends, &seen);
                                held.fetch_add(now - undone, Ordering::Relaxed);
                                undone = now;
                                // Within its share, unless the others grew
                                // meanwhile: then all give up, as below.
                                if !room(held.load(Ordering::Relaxed)) {
                                    return None;
                                }
                            } else {
                                self.geo.chain_ends(m, &mut ends);
                            }
                            if out.len() + ends.len() > out.capacity() {
                                // What `reserve` grows to, checked first.
                                let (had, grown) = (
                                    units::<K>(out.capacity()),
                                    units::<K>(
                                        (2 * out.capacity()).max(out.len() + ends.len()).max(4),
                                    ),
                                );
                                if !room(held.load(Ordering::Relaxed) - had + grown) {
                                    return None;
                                }
                                out.reserve(ends.len());
                                held.fetch_add(units::<K>(out.capacity()) - had, Ordering::Relaxed);
                            }
                            for &e in &ends {
                                if depth + self.bound(e, backward) <= self.limit {
                                    out.push(K::pack(p, self.canon(e)));
                                }
                            }
                            if out.len() > 2 * sorted + (1 << 22) {
                                out.sort_unstable();
                                out.dedup();
                                sorted = out.len();
                            }
                        }
                        out.sort_unstable();
                        out.dedup();
                        let had = units::<K>(out.capacity());
                        out.shrink_to_fit();
                        held.fetch_sub(had - units::<K>(out.capacity()), Ordering::Relaxed);
                        Some(out)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a layer thread"))
                .collect()
        });
        let Some(parts) = parts.into_iter().collect::<Option<Vec<_>>>() else {
            return false;
        };
        // Gathered into one, the buffers are held twice for a moment.
        let gathered: usize = parts.iter().map(Vec::len).sum();
        if !room(units::<K>(gathered).saturating_mul(2)) {
            return false;
        }
        let mut next = Vec::with_capacity(gathered);
        for p in parts {
            next.extend(p);
        }
        next.sort_unstable();
        next.dedup();
        next.retain(|&m| side.contains(m).is_none());
        next.shrink_to_fit();
        side.layers.push(next);
        true
    }

    /// A position on both sides, with its layer on each.
    fn meeting<K: Key>(
        &self,
        fwd: &Side<K>,
        back: &Side<K>,
        p: &Packing,
    ) -> Option<(u128, usize, usize)> {
        for (d, layer) in fwd.layers.iter().enumerate() {
            for &m in layer {
                if let Some(e) = back.contains(m) {
                    return Some((m.unpack(p), d, e));
                }
            }
        }
        None
    }

    /// Walks from `m` (in `side`'s layer `depth`) to the side's layer 0, a
    /// move at a time (undone moves for the forward side): the positions
    /// passed, `m` first, each in the orientation of the one before.
    fn walk<K: Key>(&self, side: &Side<K>, mut m: u128, depth: usize, p: &Packing) -> Vec<u128> {
        let mut out = vec![m];
        let mut ends = Vec::new();
        let mut seen = FxHashSet::default();
        for d in (0..depth).rev() {
            let layer = &side.layers[d];
            // Undoing chains from a nearly empty board branches without end
            // (a lone marble comes back along any path), so small forward
            // layers are searched forward instead.
            if !side.backward && layer.len() <= self.scan_most {
                m = self.before_by_scan(layer, m, p);
                out.push(m);
                continue;
            }
            ends.clear();
            if side.backward {
                self.geo.chain_ends(m, &mut ends);
            } else {
                // Each move takes a marble: layer `d` holds no more than
                // the start less `d`. From a nearly empty board the routes
                // back are countless (a lone marble's took minutes and
                // gigabytes): past the layer's own size, scan it instead.
                let most = self.most - d as u32;
                let room = layer.len().max(self.undo_room_min);
                self.geo
                    .unchain_ends(m, most, &mut ends, &mut seen, &|held| held <= room);
            }
            let before = ends
                .iter()
                .find(|&&e| layer.binary_search(&K::pack(p, self.canon(e))).is_ok());
            m = match before {
                Some(&e) => e,
                None if !side.backward => self.before_by_scan(layer, m, p),
                None => unreachable!("a layer's position comes from the layer before"),
            };
            out.push(m);
        }
        out
    }

    /// A position one whole chain before `m`, found among the images of
    /// `layer`'s positions, oriented so that its chain ends exactly in `m`.
    fn before_by_scan<K: Key>(&self, layer: &[K], m: u128, p: &Packing) -> u128 {
        let target = self.canon(m);
        let mut ends = Vec::new();
        for x in layer.iter().map(|k| k.unpack(p)) {
            ends.clear();
            self.geo.chain_ends(x, &mut ends);
            for &e in &ends {
                if self.canon(e) != target {
                    continue;
                }
                // The symmetry turning `e` into `m` turns `x` into the
                // position before `m`.
                if let Some(k) = std::iter::once(0)
                    .chain(self.syms.iter().copied())
                    .find(|&k| self.geo.image(k, e) == m)
                {
                    return self.geo.image(k, x);
                }
            }
        }
        unreachable!("a layer's position comes from the layer before")
    }

    /// The solution through a meeting `at` (the position, its forward layer
    /// and its backward layer) as captures from the start `m`.
    fn read_back<K: Key>(
        &self,
        m: u128,
        at: (u128, usize, usize),
        sides: [&Side<K>; 2],
        p: &Packing,
    ) -> Vec<J> {
        let (meeting, d, e) = at;
        let [fwd, back] = sides;
        // Back to an image of the start, then turn everything onto the start.
        let mut way = self.walk(fwd, meeting, d, p);
        way.reverse();
        // Only a symmetry fixing the finish keeps the backward layers valid.
        let k = std::iter::once(0)
            .chain(self.syms.iter().copied())
            .find(|&k| self.geo.image(k, way[0]) == m)
            .expect("the walk ends on an image of the start");
        let mut way: Vec<u128> = way.iter().map(|&x| self.geo.image(k, x)).collect();
        let middle = *way.last().expect("the walk holds the meeting");
        way.extend(self.walk(back, middle, e, p).into_iter().skip(1));
        self.geo.captures_along(&way)
    }
}

/// Whether `m` (on the grid) comes down to one marble (on `finish`) within
/// `limit` whole-chain moves, by meeting in the middle.
pub(super) fn meet(
    geo: &Geo,
    m: u128,
    finish: Option<u8>,
    limit: u8,
    stop: Option<&AtomicBool>,
) -> Meeting {
    meet_reading(&Meet::new(geo, m, finish, limit, stop), m)
}

/// `meet` with its settings made, the layers packed where they fit in 8 bytes.
fn meet_reading(meet: &Meet, m: u128) -> Meeting {
    match &meet.packing {
        Some(p) => meet_with::<u64>(meet, m, p),
        None => meet_with::<u128>(meet, m, &Packing::empty()),
    }
}

/// `meet_reading` with the layers' keys of type `K`.
fn meet_with<K: Key>(meet: &Meet, m: u128, p: &Packing) -> Meeting {
    let (geo, finish, limit) = (meet.geo, meet.finish, meet.limit);
    // Backwards from every one-marble finish the class argument leaves.
    let ends = match finish {
        Some(f) => 1u128 << f,
        None => {
            let counts = geo.class.map(|c| (c & m).count_ones());
            match super::class_of_parities(counts) {
                Some(class) => geo.class[class as usize],
                None => 0,
            }
        }
    };
    let mut finishes: Vec<K> = (0..128)
        .filter(|i| ends >> i & 1 == 1)
        .map(|i| K::pack(p, meet.canon(1u128 << i)))
        .collect();
    finishes.sort_unstable();
    finishes.dedup();
    let mut fwd = Side {
        layers: vec![vec![K::pack(p, meet.canon(m))]],
        backward: false,
    };
    let mut back = Side {
        layers: vec![finishes],
        backward: true,
    };
    let t = Instant::now();
    let debug = std::env::var_os("STARHOP_DEBUG").is_some();
    let mut kept = units::<K>(1 + back.layers[0].len());
    while fwd.depth() + back.depth() < limit as usize {
        // The forward side's last layer holds positions of at most this
        // many marbles.
        let most = meet.most.saturating_sub(fwd.depth() as u32);
        let side = if fwd.predicted() <= meet.forward_most {
            &mut fwd
        } else {
            &mut back
        };
        if !meet.grow(side, most, kept, p) {
            if debug && !meet.stopped() {
                let most = meet.max_positions;
                eprintln!("meeting for {limit}: over {most} positions of 16 bytes held, given up");
            }
            return Meeting::Stopped;
        }
        let (way, depth, grown) = (side.backward, side.depth(), side.layers[side.depth()].len());
        kept += units::<K>(grown);
        if debug {
            eprintln!(
                "meeting for {limit}: {} layer {depth} keeps {grown}, {} MiB in all, \
                 {} MiB held at most, {:.1?}",
                if way { "backward" } else { "forward" },
                (kept * 16) >> 20,
                (meet.peak.load(Ordering::Relaxed) * 16) >> 20,
                t.elapsed()
            );
        }
    }
    match meet.meeting(&fwd, &back, p) {
        Some(at) => Meeting::Solution(meet.read_back(m, at, [&fwd, &back], p)),
        None => Meeting::None,
    }
}

/// What `unchain_ends`' buffers hold, in positions (16 bytes): a slot of
/// `seen` takes 32 bytes and a control byte, with some slots always free,
/// and as a buffer grows its old copy is held beside the new for a moment.
fn undone_held(out: &Vec<u128>, seen: &FxHashSet<(u128, u8)>) -> usize {
    2 * out.capacity() + 4 * seen.capacity()
}

impl Geo {
    /// The position before each whole chain that ends in `m`, of at most
    /// `most` marbles: a marble goes back along its route, each capture
    /// undone. Routes are followed once per (position, hole of the marble)
    /// in `seen`: on an emptying board undone chains branch widely, and
    /// many orders of the same captures meet again. `false` (the ends left
    /// incomplete) once `fits` refuses what `out` and `seen` hold, in
    /// positions (`undone_held`): from a lone marble on an empty board,
    /// with many marbles allowed, the routes back are countless.
    pub(super) fn unchain_ends(
        &self,
        m: u128,
        most: u32,
        out: &mut Vec<u128>,
        seen: &mut FxHashSet<(u128, u8)>,
        fits: &dyn Fn(usize) -> bool,
    ) -> bool {
        let mut x = m;
        while x != 0 {
            let at = x.trailing_zeros() as u8;
            x &= x - 1;
            seen.clear();
            if !self.unchain_ends_from(m, at, most, out, seen, fits) {
                return false;
            }
        }
        true
    }

    fn unchain_ends_from(
        &self,
        m: u128,
        at: u8,
        most: u32,
        out: &mut Vec<u128>,
        seen: &mut FxHashSet<(u128, u8)>,
        fits: &dyn Fn(usize) -> bool,
    ) -> bool {
        if m.count_ones() >= most {
            return true;
        }
        for &(over, to) in &self.hops[at as usize] {
            if m >> over & 1 == 0 && m >> to & 1 == 0 {
                let before = m ^ (1u128 << at | 1u128 << over | 1u128 << to);
                if seen.insert((before, to)) {
                    out.push(before);
                    if !fits(undone_held(out, seen))
                        || !self.unchain_ends_from(before, to, most, out, seen, fits)
                    {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Moves needed to come from `start` to `m`: a corner marble cannot be
    /// captured, so each corner full in `start` and empty in `m` needs a
    /// move of its own; so does each of the disjoint closed regions full in
    /// `start` and not in `m` (its first change is a move starting in it).
    pub(super) fn moves_from(&self, start: u128, m: u128) -> u32 {
        let (was, is) = (self.full_region_bits(start), self.full_region_bits(m));
        let pairs = [0, 1, 2].map(|d| was.0[d] & !is.0[d]);
        (start & self.corners & !m).count_ones() + self.packed(pairs, was.1 & !is.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::Rng;
    use starhop_engine::food::{FoodBoard, FoodPosition, bit};

    fn holes_of(geo: &Geo) -> Vec<u8> {
        (0..128).filter(|i| geo.cells >> i & 1 == 1).collect()
    }

    /// Both bounds hold for every image of a position a side keeps.
    /// Backward: along random play from a full board less one hole, the
    /// moves needed to come from the start never exceed the moves made.
    #[test]
    fn the_moves_from_the_start_never_exceed_the_moves_made() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for holes in [37, 61] {
            let geo = Geo::of(FoodBoard::with_holes(holes).unwrap());
            let cells = holes_of(geo);
            let mut ends = Vec::new();
            for _ in 0..30 {
                let pick = |rng: &mut Rng| cells[rng.below(cells.len() as u64) as usize];
                let start = geo.cells & !(1u128 << pick(&mut rng));
                for finish in [None, Some(pick(&mut rng))] {
                    let meet = Meet::new(geo, start, finish, 0, None);
                    let mut x = start;
                    for k in 0..16 {
                        for &g in std::iter::once(&0).chain(&meet.syms) {
                            assert!(meet.bound(geo.image(g, x), true) <= k);
                            checked += 1;
                        }
                        ends.clear();
                        geo.chain_ends(x, &mut ends);
                        if ends.is_empty() {
                            break;
                        }
                        x = ends[rng.below(ends.len() as u64) as usize];
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Forward: along lines built backward from one marble (so the moves
    /// left are known), the moves still needed never exceed them. Every
    /// third line ends on a corner, whose marble may never move.
    #[test]
    fn the_moves_still_needed_never_exceed_the_moves_left() {
        let mut rng = Rng::new(6);
        let mut checked = 0;
        for holes in [37, 61, 91] {
            let geo = Geo::of(FoodBoard::with_holes(holes).unwrap());
            let cells = holes_of(geo);
            let corners: Vec<u8> = cells
                .iter()
                .copied()
                .filter(|&c| geo.corners >> c & 1 == 1)
                .collect();
            let (mut ends, mut seen) = (Vec::new(), FxHashSet::default());
            for k in 0..40 {
                let from = if k % 3 == 0 { &corners } else { &cells };
                let f = from[rng.below(from.len() as u64) as usize];
                let mut line = vec![1u128 << f];
                for _ in 0..rng.below(10) + 2 {
                    ends.clear();
                    // Undone chains of at most three captures keep the
                    // enumeration small on the emptier boards.
                    let at = *line.last().unwrap();
                    geo.unchain_ends(at, at.count_ones() + 3, &mut ends, &mut seen, &|_| true);
                    if ends.is_empty() {
                        break;
                    }
                    line.push(ends[rng.below(ends.len() as u64) as usize]);
                }
                line.reverse();
                for finish in [None, Some(f)] {
                    let meet = Meet::new(geo, line[0], finish, 0, None);
                    for (k, &x) in line.iter().enumerate() {
                        for &g in std::iter::once(&0).chain(&meet.syms) {
                            let left = (line.len() - 1 - k) as u32;
                            assert!(meet.bound(geo.image(g, x), false) <= left);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Every corner marble costs a move, even where the last marble may
    /// end on its corner: the last marble is the one that made the last
    /// capture, so it moved. From the centre of 61 holes the start needs a
    /// move per corner and per full region packed; two marbles, one on a
    /// corner, need one move (the corner's marble must make it).
    #[test]
    fn every_corner_marble_costs_a_move() {
        let geo = Geo::of(FoodBoard::with_holes(61).unwrap());
        let start = geo.cells & !(1u128 << geo.idx(0, 0).unwrap());
        let regions = geo.full_regions(start & !geo.corners);
        assert!(regions > 0);
        assert_eq!(geo.moves_needed(start, None), 6 + regions);
        let corner = geo.idx(4, 0).unwrap();
        let two = 1u128 << corner | 1u128 << geo.idx(3, 0).unwrap();
        assert_eq!(geo.moves_needed(two, None), 1);
        // Mid-chain, the marble going on does not count; the corner's does.
        assert_eq!(geo.moves_needed(two, Some(geo.idx(3, 0).unwrap())), 1);
        assert_eq!(geo.moves_needed(two, Some(corner)), 0);
    }

    /// The positions after every whole chain, each once, are those after
    /// the engine's moves (every route of every marble, each prefix a move
    /// of its own), on random positions of the three boards.
    #[test]
    fn chain_ends_are_the_positions_after_the_engines_moves() {
        let mut rng = Rng::new(9);
        let mut ends = Vec::new();
        let mut positions = 0;
        for holes in [37, 61, 91] {
            let board = FoodBoard::with_holes(holes).unwrap();
            let geo = Geo::of(board);
            for k in 0..400u64 {
                // From two fifths full to nine tenths.
                let keep = 4 + k % 6;
                let marbles = (0..board.len() as u8)
                    .filter(|_| rng.below(10) < keep)
                    .fold(0u128, |m, c| m | bit(c));
                let pos = FoodPosition { board, marbles };
                let mut theirs: Vec<u128> = pos
                    .moves(false)
                    .iter()
                    .map(|mv| geo.to_grid(pos.after(mv).marbles))
                    .collect();
                theirs.sort_unstable();
                theirs.dedup();
                ends.clear();
                geo.chain_ends(geo.to_grid(marbles), &mut ends);
                ends.sort_unstable();
                ends.dedup();
                assert_eq!(ends, theirs, "{holes} holes, {marbles:#x}");
                positions += theirs.len();
            }
        }
        assert!(positions > 10_000, "{positions}");
    }

    /// The full regions found by shifts are those of the region list packed
    /// in its order, on random positions of every board and density (and
    /// the start, whose regions are all full); so are those full at the
    /// start and not in the position (the moves from the start).
    #[test]
    fn full_regions_by_shifts_match_the_region_list() {
        let mut rng = Rng::new(8);
        for holes in [37, 61, 91] {
            let geo = Geo::of(FoodBoard::with_holes(holes).unwrap());
            // The regions `keep` picks, packed greedily in the list's order.
            let packed_where = |keep: &dyn Fn(u128) -> bool| {
                let mut used = 0u128;
                let mut n = 0;
                for &r in geo.regions.iter().filter(|&&r| keep(r)) {
                    if used & r == 0 {
                        used |= r;
                        n += 1;
                    }
                }
                n
            };
            let packed = |m: u128| packed_where(&|r| m & r == r);
            let full = geo.cells & !geo.corners;
            assert!(packed(full) > 6);
            assert_eq!(geo.full_regions(full), packed(full));
            let mut counts = std::collections::BTreeSet::new();
            for k in 0..3000u64 {
                // From nearly empty to nearly full.
                let keep = 1 + k % 9;
                let m = holes_of(geo)
                    .into_iter()
                    .filter(|_| rng.below(10) < keep)
                    .fold(0u128, |m, i| m | 1u128 << i);
                let m = m & !geo.corners;
                assert_eq!(geo.full_regions(m), packed(m), "{holes} holes, {m:#x}");
                counts.insert(packed(m));
                // From the start: the regions full there and not in `m`.
                let from = packed_where(&|r| full & r == r && m & r != r);
                assert_eq!(
                    geo.moves_from(geo.cells, m),
                    6 + from,
                    "{holes} holes, {m:#x}"
                );
            }
            // Positions with none, one and several full regions were met.
            assert!(counts.len() > 4, "{counts:?}");
        }
    }

    /// A meeting read back forward (small layers) and by undoing chains
    /// (large ones) gives a legal solution within the limit either way, and
    /// one move fewer finds none.
    #[test]
    fn meetings_read_back_both_ways_are_solutions_within_the_limit() {
        let mut rng = Rng::new(7);
        let geo = Geo::of(FoodBoard::with_holes(37).unwrap());
        let cells = holes_of(geo);
        let (mut ends, mut seen) = (Vec::new(), FxHashSet::default());
        let mut read = 0;
        for _ in 0..12 {
            let f = cells[rng.below(cells.len() as u64) as usize];
            let mut m = 1u128 << f;
            for _ in 0..rng.below(4) + 3 {
                ends.clear();
                geo.unchain_ends(m, m.count_ones() + 3, &mut ends, &mut seen, &|_| true);
                if ends.is_empty() {
                    break;
                }
                m = ends[rng.below(ends.len() as u64) as usize];
            }
            // Layers of packed keys, and of the grid's own (as on 91 holes).
            for (finish, packed) in [
                (None, true),
                (Some(f), true),
                (None, false),
                (Some(f), false),
            ] {
                let with = |limit: u8, scan_most: usize, undo_room_min: usize| {
                    let mut meet = Meet::new(geo, m, finish, limit, None);
                    meet.scan_most = scan_most;
                    meet.undo_room_min = undo_room_min;
                    if !packed {
                        meet.packing = None;
                    }
                    meet_reading(&meet, m)
                };
                let limit = (1..=20)
                    .find(|&l| matches!(with(l, usize::MAX, 0), Meeting::Solution(_)))
                    .expect("built backward from one marble");
                assert!(matches!(with(limit - 1, 0, 0), Meeting::None));
                // Read back by scanning each layer, by undoing chains alone,
                // and by undoing chains that give way to a scan past each
                // layer's size.
                for (scan_most, room) in [(usize::MAX, 0), (0, usize::MAX), (0, 0)] {
                    let Meeting::Solution(path) = with(limit, scan_most, room) else {
                        panic!("{m:#x}: no solution read back")
                    };
                    assert!(Geo::legal(m, path.iter().copied()), "{m:#x}");
                    let last = path.iter().fold(m, |x, j| x ^ j.flips());
                    assert_eq!(last.count_ones(), 1);
                    assert!(finish.is_none_or(|f| last == 1u128 << f));
                    let chains = 1 + path.windows(2).filter(|w| w[1].from != w[0].to).count();
                    assert!(chains <= limit as usize, "{chains} > {limit}");
                    read += 1;
                }
            }
        }
        assert_eq!(read, 144);
    }

    /// Packed keys give back the grid's positions, in the grid's order of
    /// holes; boards of more than 64 holes keep the grid's keys.
    #[test]
    fn packed_keys_give_back_their_positions() {
        let mut rng = Rng::new(9);
        for holes in [37, 61] {
            let geo = Geo::of(FoodBoard::with_holes(holes).unwrap());
            let p = Packing::of(geo.cells).expect("at most 64 holes");
            let cells = holes_of(geo);
            for (n, &c) in cells.iter().enumerate() {
                assert_eq!(u64::pack(&p, 1u128 << c), 1 << n);
            }
            for _ in 0..1000 {
                let m = cells
                    .iter()
                    .filter(|_| rng.below(2) == 0)
                    .fold(0u128, |m, &c| m | 1u128 << c);
                let k = u64::pack(&p, m);
                assert_eq!(k.count_ones(), m.count_ones());
                assert_eq!(k.unpack(&p), m);
            }
        }
        let geo = Geo::of(FoodBoard::with_holes(91).unwrap());
        assert!(Packing::of(geo.cells).is_none());
    }

    /// A layer too large to hold is given up while it grows, before the
    /// positions held (the layers kept and the growing buffers) pass the
    /// limit, not once it is built.
    #[test]
    fn a_meeting_gives_up_before_holding_more_than_its_limit() {
        let geo = Geo::of(FoodBoard::with_holes(37).unwrap());
        // Four chains in from vacant (1,0): no solution in 11 moves, found
        // forward with some hundred thousand positions held at most; none
        // in 10 backward only, with as many (11 would outgrow a test).
        let mut start = geo.cells & !(1u128 << geo.idx(1, 0).unwrap());
        let (mut rng, mut ends) = (Rng::new(8), Vec::new());
        for _ in 0..4 {
            ends.clear();
            geo.chain_ends(start, &mut ends);
            start = ends[rng.below(ends.len() as u64) as usize];
        }
        let run = |max_positions: usize, forward_most: f64, limit: u8| {
            let mut meet = Meet::new(geo, start, None, limit, None);
            meet.max_positions = max_positions;
            meet.forward_most = forward_most;
            let met = meet_reading(&meet, start);
            (met, meet.peak.load(Ordering::Relaxed))
        };
        // Forward as the proofs grow, and backward only.
        for (forward_most, limit) in [(FORWARD_LAYER_MOST, 11), (0.0, 10)] {
            let (met, peak) = run(usize::MAX, forward_most, limit);
            assert!(matches!(met, Meeting::None));
            assert!(peak > 100_000, "{peak}");
            for max in [peak / 4, peak / 2] {
                let (met, held) = run(max, forward_most, limit);
                assert!(matches!(met, Meeting::Stopped), "{max}");
                assert!(held <= max, "{held} held, limit {max}");
            }
        }
    }

    /// Undoing chains from a lone marble on an empty board branches without
    /// end as more marbles are allowed. Given room for fewer positions than
    /// all the routes back, it stops (`false`) with its buffers within twice
    /// that room (one growth of a buffer past it), instead of running on.
    #[test]
    fn undoing_chains_stops_at_its_room() {
        let geo = Geo::of(FoodBoard::with_holes(61).unwrap());
        let lone = 1u128 << geo.idx(0, 0).unwrap();
        let (mut out, mut seen) = (Vec::new(), FxHashSet::default());
        assert!(geo.unchain_ends(lone, 10, &mut out, &mut seen, &|_| true));
        let all = undone_held(&out, &seen);
        assert!(all > 100_000, "{all}");
        for room in [all / 8, all / 3] {
            let (mut out, mut seen) = (Vec::new(), FxHashSet::default());
            assert!(!geo.unchain_ends(lone, 10, &mut out, &mut seen, &|h| h <= room));
            let held = undone_held(&out, &seen);
            assert!(held <= 2 * room, "{held} held, room {room}");
        }
    }
}
