//! The padded axial grid a board is searched on: positions as `u128`,
//! captures by shifts, symmetries, pagodas, closed regions, and turning a
//! run of captures back into the engine's moves.

use starhop_engine::food::{Cell, FoodBoard, FoodMove, FoodPosition};
use std::sync::OnceLock;

/// One capture on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct J {
    pub from: u8,
    pub over: u8,
    pub to: u8,
}

impl J {
    pub(super) fn flips(self) -> u128 {
        (1u128 << self.from) | (1u128 << self.over) | (1u128 << self.to)
    }
}

/// Fibonacci numbers from F(1) = F(2) = 1.
fn fib(k: usize) -> i64 {
    let (mut a, mut b) = (0i64, 1i64);
    for _ in 0..k {
        (a, b) = (b, a + b);
    }
    a
}

/// Padded axial grid of one board size, with the tables the search needs.
pub(crate) struct Geo {
    pub(super) n: i32,
    w: i32,
    /// The board's cells on the grid.
    pub(super) cells: u128,
    /// Engine cell -> grid index, and back.
    pub(super) grid_of: Vec<u8>,
    cell_of: [u8; 128],
    /// The three positive shifts (+q, +r, +r-q) and where a capture fits.
    shift: [u32; 3],
    fits_up: [u128; 3],
    fits_down: [u128; 3],
    /// Where one step along each positive shift (or back) stays on the board.
    step_up: [u128; 3],
    step_down: [u128; 3],
    pub(super) class: [u128; 3],
    pub(super) class_of: [u8; 128],
    pub(super) corners: u128,
    /// `hops[i]`: (over, to) of every capture from grid cell `i`.
    pub(super) hops: Vec<Vec<(u8, u8)>>,
    /// Closed regions but the corners, smallest first: pairs of
    /// neighbouring edge cells, then a cell with its neighbours.
    pub(super) regions: Vec<u128>,
    /// The same regions as bits: per shift, the first cells of the pairs
    /// going on along it; the centres of the cells with their neighbours.
    pair_starts: [u128; 3],
    hex_centres: u128,
    nbr: [u128; 128],
    /// `near2[i]`: the cells within two steps of `i`, the centres of the
    /// cell-with-neighbours regions that share a cell with `i`'s.
    near2: [u128; 128],
    /// Per shift and first cell of a pair: the pairs (as `pair_starts`)
    /// sharing a cell with it, and the cells of the pair and their
    /// neighbours (the centres of the regions it meets).
    pair_clash: [[[u128; 3]; 128]; 3],
    pair_near: [[u128; 128]; 3],
    /// 12 symmetries as grid permutations (identity first) and as byte tables.
    perms: Vec<[u8; 128]>,
    bytes: Vec<Box<[[u128; 256]; 16]>>,
    /// Per finishing cell (grid index): its pagodas as weights per grid index.
    pagoda: Vec<Vec<[i64; 128]>>,
}

impl Geo {
    pub(crate) fn of(board: &'static FoodBoard) -> &'static Geo {
        static GEOS: [OnceLock<Geo>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        GEOS[(board.size - 3) as usize].get_or_init(|| Geo::build(board))
    }

    pub(super) fn idx(&self, q: i32, r: i32) -> Option<u8> {
        let n = self.n;
        (q.abs() <= n && r.abs() <= n && (q + r).abs() <= n)
            .then(|| ((r + n) * self.w + (q + n)) as u8)
    }

    fn qr(&self, i: u8) -> (i32, i32) {
        let i = i as i32;
        (i % self.w - self.n, i / self.w - self.n)
    }

    fn dist(&self, a: u8, b: u8) -> i32 {
        let ((aq, ar), (bq, br)) = (self.qr(a), self.qr(b));
        let (dq, dr) = (aq - bq, ar - br);
        dq.abs().max(dr.abs()).max((dq + dr).abs())
    }

    fn build(board: &'static FoodBoard) -> Geo {
        let n = board.size as i32;
        let w = 2 * n + 1;
        let mut g = Geo {
            n,
            w,
            cells: 0,
            grid_of: vec![],
            cell_of: [u8::MAX; 128],
            shift: [1, w as u32, (w - 1) as u32],
            fits_up: [0; 3],
            fits_down: [0; 3],
            step_up: [0; 3],
            step_down: [0; 3],
            class: [0; 3],
            class_of: [u8::MAX; 128],
            corners: 0,
            hops: vec![vec![]; 128],
            regions: vec![],
            pair_starts: [0; 3],
            hex_centres: 0,
            nbr: [0; 128],
            near2: [0; 128],
            pair_clash: [[[0; 3]; 128]; 3],
            pair_near: [[0; 128]; 3],
            perms: vec![],
            bytes: vec![],
            pagoda: vec![],
        };
        for (c, h) in board.hexes.iter().enumerate() {
            let i = g.idx(h.q as i32, h.r as i32).expect("a hexagon cell");
            g.grid_of.push(i);
            g.cell_of[i as usize] = c as u8;
            g.cells |= 1u128 << i;
            let k = board.class(c as Cell);
            g.class[k as usize] |= 1u128 << i;
            g.class_of[i as usize] = k;
        }
        let dirs = [(1, 0), (0, 1), (-1, 1)];
        for i in 0..128u8 {
            if g.cells >> i & 1 == 0 {
                continue;
            }
            let (q, r) = g.qr(i);
            for (d, (dq, dr)) in dirs.into_iter().enumerate() {
                if g.idx(q + dq, r + dr).is_some() {
                    g.step_up[d] |= 1u128 << i;
                }
                if g.idx(q - dq, r - dr).is_some() {
                    g.step_down[d] |= 1u128 << i;
                }
                if g.idx(q + 2 * dq, r + 2 * dr).is_some() {
                    g.fits_up[d] |= 1u128 << i;
                }
                if g.idx(q - 2 * dq, r - 2 * dr).is_some() {
                    g.fits_down[d] |= 1u128 << i;
                }
            }
            for (dq, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                if let (Some(o), Some(t)) = (g.idx(q + dq, r + dr), g.idx(q + 2 * dq, r + 2 * dr)) {
                    g.hops[i as usize].push((o, t));
                }
            }
            let near: Vec<u8> = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
                .iter()
                .filter_map(|(dq, dr)| g.idx(q + dq, r + dr))
                .collect();
            g.nbr[i as usize] = near.iter().fold(0, |s, &c| s | 1u128 << c);
            let neighbours = near.len();
            if neighbours == 3 {
                g.corners |= 1u128 << i;
            }
        }
        let edge = g.cells & !g.corners & !g.disc(n - 1);
        for i in 0..128u8 {
            if edge >> i & 1 == 0 {
                continue;
            }
            for d in 0..3 {
                let c = i + g.shift[d] as u8;
                let pair = 1u128 << i | 1u128 << c;
                if (c as usize) < 128
                    && edge >> c & 1 == 1
                    && g.nbr[i as usize] >> c & 1 == 1
                    && g.closed(pair)
                {
                    g.regions.push(pair);
                    g.pair_starts[d] |= 1u128 << i;
                }
            }
        }
        for i in 0..128u8 {
            let hex = g.nbr[i as usize] | 1u128 << i;
            if g.cells >> i & 1 == 1 && hex & g.corners == 0 && g.closed(hex) {
                g.regions.push(hex);
                g.hex_centres |= 1u128 << i;
            }
        }
        for i in 0..128 {
            g.near2[i] = g.around(g.around(1u128 << i));
        }
        for d in 0..3 {
            for i in 0..128 {
                if g.pair_starts[d] >> i & 1 == 1 {
                    let pair = 1u128 << i | 1u128 << (i as u32 + g.shift[d]);
                    g.pair_near[d][i] = g.around(pair);
                    g.pair_clash[d][i] = [0, 1, 2].map(|e| {
                        let s = g.shift[e];
                        g.pair_starts[e] & (pair | pair >> s)
                    });
                }
            }
        }
        for flip in [false, true] {
            for turns in 0..6 {
                let mut p = [u8::MAX; 128];
                for i in 0..128u8 {
                    if g.cells >> i & 1 == 0 {
                        continue;
                    }
                    let (q0, r0) = g.qr(i);
                    let (mut q, mut r) = if flip { (r0, q0) } else { (q0, r0) };
                    for _ in 0..turns {
                        (q, r) = (-r, q + r);
                    }
                    p[i as usize] = g.idx(q, r).expect("a symmetry keeps the hexagon");
                }
                g.perms.push(p);
            }
        }
        for p in &g.perms {
            let mut t = Box::new([[0u128; 256]; 16]);
            for (byte, row) in t.iter_mut().enumerate() {
                for (v, out) in row.iter_mut().enumerate() {
                    for b in 0..8 {
                        let i = byte * 8 + b;
                        if v >> b & 1 == 1 && p[i] != u8::MAX {
                            *out |= 1u128 << p[i];
                        }
                    }
                }
            }
            g.bytes.push(t);
        }
        g.pagoda = (0..128u8)
            .map(|f| {
                if g.cells >> f & 1 == 0 {
                    vec![]
                } else {
                    g.pagodas_for(f)
                }
            })
            .collect();
        g
    }

    /// Pagodas for a finish on grid cell `f`. Each is `F(K - d)` for a
    /// "distance" `d` that changes by at most one per step along any line
    /// (`F` Fibonacci): the worst capture, two steps straight at the finish,
    /// is `F(k) + F(k + 1) = F(k + 2)`, and any other is smaller on the right.
    /// The hex distance to the finish is one such `d`; so is the distance to
    /// any set of cells containing the finish, e.g. the finish's row.
    pub(super) fn pagodas_for(&self, f: u8) -> Vec<[i64; 128]> {
        let mut out = Vec::new();
        let (fq, fr) = self.qr(f);
        let dists: [&dyn Fn(i32, i32) -> i32; 4] = [
            &|q, r| {
                let (dq, dr) = (q - fq, r - fr);
                dq.abs().max(dr.abs()).max((dq + dr).abs())
            },
            &|q, _| (q - fq).abs(),
            &|_, r| (r - fr).abs(),
            &|q, r| (q + r - fq - fr).abs(),
        ];
        for d in dists {
            let k = 2 * self.n as usize + 2;
            let mut w = [0i64; 128];
            for i in 0..128u8 {
                if self.cells >> i & 1 == 1 {
                    let (q, r) = self.qr(i);
                    w[i as usize] = fib(k - d(q, r) as usize);
                }
            }
            out.push(w);
        }
        out
    }

    /// `Some((worth, needed))` when a pagoda proves `m` cannot end on `f`.
    pub(super) fn pagoda_cut(&self, m: u128, f: u8) -> Option<(i64, i64)> {
        for w in &self.pagoda[f as usize] {
            let mut v = 0;
            let mut s = m;
            while s != 0 {
                v += w[s.trailing_zeros() as usize];
                s &= s - 1;
            }
            if v < w[f as usize] {
                return Some((v, w[f as usize]));
            }
        }
        None
    }

    pub(super) fn to_grid(&self, s: u128) -> u128 {
        starhop_engine::food::cells(s).fold(0, |t, c| t | 1u128 << self.grid_of[c as usize])
    }

    /// Every capture open in `m`.
    pub(crate) fn jumps(&self, m: u128) -> Vec<J> {
        let mut out = Vec::with_capacity(32);
        self.jumps_into(m, &mut out);
        out
    }

    pub(super) fn jumps_into(&self, m: u128, out: &mut Vec<J>) {
        for d in 0..3 {
            let s = self.shift[d];
            let (mut up, mut down) = self.capture_froms(m, d);
            while up != 0 {
                let i = up.trailing_zeros() as u8;
                up &= up - 1;
                out.push(J {
                    from: i,
                    over: i + s as u8,
                    to: i + 2 * s as u8,
                });
            }
            while down != 0 {
                let i = down.trailing_zeros() as u8;
                down &= down - 1;
                out.push(J {
                    from: i,
                    over: i - s as u8,
                    to: i - 2 * s as u8,
                });
            }
        }
    }

    pub(super) fn image(&self, k: usize, m: u128) -> u128 {
        let t = &self.bytes[k];
        let mut out = 0;
        let mut x = m;
        let mut byte = 0;
        while x != 0 {
            let v = (x & 0xFF) as usize;
            if v != 0 {
                out |= t[byte][v];
            }
            x >>= 8;
            byte += 1;
        }
        out
    }

    /// The least of `m`'s images under the symmetries `syms` (and itself):
    /// one key for a position and all its images.
    pub(super) fn least_image(&self, syms: &[usize], m: u128) -> u128 {
        syms.iter().fold(m, |best, &k| best.min(self.image(k, m)))
    }

    /// Symmetries (indices into `perms`) fixing the finish (all without one).
    pub(super) fn stabiliser(&self, finish: Option<u8>) -> Vec<usize> {
        (1..self.perms.len())
            .filter(|&k| finish.is_none_or(|f| self.perms[k][f as usize] == f))
            .collect()
    }

    /// Whether the captures can be played in this order from `m`.
    pub(super) fn legal(mut m: u128, seq: impl Iterator<Item = J>) -> bool {
        for j in seq {
            if m >> j.from & 1 == 0 || m >> j.over & 1 == 0 || m >> j.to & 1 == 1 {
                return false;
            }
            m ^= j.flips();
        }
        true
    }

    /// Reorders a solution's captures so that the moving marble goes on
    /// capturing whenever a later capture of its own can come forward with
    /// everything still legal: the same captures (so the same end), fewer
    /// moves once runs are merged into chains.
    fn compact(m: u128, path: &[J]) -> Vec<J> {
        let mut rest: Vec<J> = path.to_vec();
        let mut out: Vec<J> = Vec::with_capacity(path.len());
        let mut at = m;
        while !rest.is_empty() {
            let pick = out
                .last()
                .and_then(|last| {
                    (0..rest.len()).find(|&k| {
                        rest[k].from == last.to && {
                            let moved = std::iter::once(rest[k])
                                .chain(rest[..k].iter().copied())
                                .chain(rest[k + 1..].iter().copied());
                            Geo::legal(at, moved)
                        }
                    })
                })
                .unwrap_or(0);
            let j = rest.remove(pick);
            at ^= j.flips();
            out.push(j);
        }
        out
    }

    /// Merges a run of single captures into chains, as engine moves, after
    /// bringing captures of the same marble together.
    pub(super) fn chains(&self, pos: FoodPosition, path: &[J]) -> Vec<FoodMove> {
        // The greedy reordering may also break a chain the search made:
        // keep whichever has fewer moves.
        let compact = Geo::compact(self.to_grid(pos.marbles), path);
        let (a, b) = (self.merge(pos, path), self.merge(pos, &compact));
        if b.len() < a.len() { b } else { a }
    }

    fn merge(&self, pos: FoodPosition, path: &[J]) -> Vec<FoodMove> {
        let mut out: Vec<FoodMove> = Vec::new();
        let mut last_to = None;
        for j in path {
            let (from, over, to) = (
                self.cell_of[j.from as usize],
                self.cell_of[j.over as usize],
                self.cell_of[j.to as usize],
            );
            match out.last_mut() {
                Some(m) if last_to == Some(j.from) => {
                    m.route.push(to);
                    m.captured.push(over);
                }
                _ => out.push(FoodMove {
                    route: vec![from, to],
                    captured: vec![over],
                }),
            }
            last_to = Some(j.to);
        }
        debug_assert!({
            let mut p = pos;
            out.iter().all(|m| {
                let ok = p.check(&m.route, false).is_ok();
                p = p.after(m);
                ok
            })
        });
        out
    }
}

impl Geo {
    /// Every chain move from `m` with its route, one per distinct position
    /// after it (`chain_ends` is the same without routes, for the searches'
    /// hot loops).
    pub(super) fn chain_routes(&self, m: u128) -> Vec<(u128, Vec<J>)> {
        let mut out: Vec<(u128, Vec<J>)> = Vec::new();
        let mut route = Vec::new();
        let mut froms = self.movers(m);
        while froms != 0 {
            let at = froms.trailing_zeros() as u8;
            froms &= froms - 1;
            let first = out.len();
            self.extend(m, at, &mut route, &mut out, first);
        }
        out
    }

    /// Chains going on from `at` (the moving marble's hole) in `m`.
    fn extend(
        &self,
        m: u128,
        at: u8,
        route: &mut Vec<J>,
        out: &mut Vec<(u128, Vec<J>)>,
        first: usize,
    ) {
        for &(over, to) in &self.hops[at as usize] {
            if m >> over & 1 == 1 && m >> to & 1 == 0 {
                let j = J { from: at, over, to };
                let after = m ^ j.flips();
                route.push(j);
                // Only chains of the same marble can reach the same position.
                if !out[first..].iter().any(|(a, _)| *a == after) {
                    out.push((after, route.clone()));
                }
                self.extend(after, to, route, out, first);
                route.pop();
            }
        }
    }

    /// The captures of a line of positions, each one chain after the last.
    pub(super) fn captures_along(&self, line: &[u128]) -> Vec<J> {
        line.windows(2)
            .flat_map(|w| self.chain_between(w[0], w[1]))
            .collect()
    }

    /// The captures of one chain from `a` to `b`.
    fn chain_between(&self, a: u128, b: u128) -> Vec<J> {
        self.chain_routes(a)
            .into_iter()
            .find_map(|(after, route)| (after == b).then_some(route))
            .expect("consecutive positions of a line differ by one chain")
    }

    /// The position after each whole chain from `m` (each once).
    pub(super) fn chain_ends(&self, m: u128, out: &mut Vec<u128>) {
        let mut froms = self.movers(m);
        while froms != 0 {
            let at = froms.trailing_zeros() as u8;
            froms &= froms - 1;
            let first = out.len();
            self.chain_ends_from(m, at, out, first);
        }
    }

    /// Chains going on from `at`, each position followed once. A jumping
    /// marble moves two holes along a line at a time, so it stands only on
    /// holes an even step from where it started, and each marble it
    /// captures lies an odd step away: it never lands where it captured.
    /// So the hole it ends on is the one hole of the position that was
    /// empty before the chain (or its start): a position reached again (by
    /// captures in another order) holds it on the same hole, and its chains
    /// on have been followed already.
    fn chain_ends_from(&self, m: u128, at: u8, out: &mut Vec<u128>, first: usize) {
        for &(over, to) in &self.hops[at as usize] {
            if m >> over & 1 == 1 && m >> to & 1 == 0 {
                let after = m ^ (1u128 << at | 1u128 << over | 1u128 << to);
                if !out[first..].contains(&after) {
                    out.push(after);
                    self.chain_ends_from(after, to, out, first);
                }
            }
        }
    }
}

pub(super) fn board_of(geo: &Geo) -> &'static FoodBoard {
    FoodBoard::get(geo.n as u8).expect("a food board size")
}

impl Geo {
    /// New moves still needed from `m` (see `MinSearch::bound`), when the
    /// marble on `cont` may go on with the current chain: regions holding
    /// it may be changed by that chain, so only the others count.
    ///
    /// A corner's marble cannot be captured, so it must move, in a move
    /// starting there; it cannot stay unmoved as the last marble either,
    /// since the last marble is the one that made the last capture. So
    /// every corner marble costs a move, wherever the last must end.
    pub(super) fn moves_needed(&self, m: u128, cont: Option<u8>) -> u32 {
        if m.count_ones() <= 1 {
            return 0;
        }
        let rest = cont.map_or(m, |c| m & !(1u128 << c));
        let n = (rest & self.corners).count_ones() + self.full_regions(rest & !self.corners);
        if cont.is_some() { n } else { n.max(1) }
    }

    /// Disjoint closed regions full in `m`, packed greedily in the order of
    /// `regions` (small first). Only the full ones are visited, found with
    /// a few shifts: the fewest-moves search asks this of every position
    /// after every chain.
    pub(super) fn full_regions(&self, m: u128) -> u32 {
        let (pairs, hexes) = self.full_region_bits(m);
        self.packed(pairs, hexes)
    }

    /// The regions full in `m` as bits (see `pair_starts`, `hex_centres`).
    pub(super) fn full_region_bits(&self, m: u128) -> ([u128; 3], u128) {
        let s = self.shift;
        let pairs = [0, 1, 2].map(|d| self.pair_starts[d] & m & m >> s[d]);
        // Centres whose neighbours on the board all hold marbles (a cell on
        // the edge has fewer).
        let mut hexes = m & self.hex_centres;
        for (d, s) in s.into_iter().enumerate() {
            hexes &= (m >> s | !self.step_up[d]) & (m << s | !self.step_down[d]);
        }
        (pairs, hexes)
    }

    /// How many of the given regions (as bits) pack disjointly, taken
    /// greedily in the order of `regions`: each region left is taken, and
    /// those sharing a cell with it are dropped at once (visiting every
    /// full region instead took most of the bound's time).
    pub(super) fn packed(&self, mut pairs: [u128; 3], mut hexes: u128) -> u32 {
        let mut n = 0;
        loop {
            let starts = pairs[0] | pairs[1] | pairs[2];
            if starts == 0 {
                break;
            }
            let i = starts.trailing_zeros() as usize;
            let d = if pairs[0] >> i & 1 == 1 {
                0
            } else if pairs[1] >> i & 1 == 1 {
                1
            } else {
                2
            };
            n += 1;
            let clash = &self.pair_clash[d][i];
            pairs = [0, 1, 2].map(|e| pairs[e] & !clash[e]);
            hexes &= !self.pair_near[d][i];
        }
        // A cell's region meets another's exactly when the two are within
        // two steps.
        while hexes != 0 {
            n += 1;
            hexes &= !self.near2[hexes.trailing_zeros() as usize];
        }
        n
    }

    /// The cells of `r` and their neighbours.
    fn around(&self, r: u128) -> u128 {
        let (mut x, mut out) = (r, r);
        while x != 0 {
            out |= self.nbr[x.trailing_zeros() as usize];
            x &= x - 1;
        }
        out
    }

    /// Whether no capture from outside `r` can touch it while it is full:
    /// along each of the three lines through each of its cells, a
    /// neighbour is in `r` or off the board.
    pub(crate) fn closed(&self, r: u128) -> bool {
        let mut x = r;
        while x != 0 {
            let i = x.trailing_zeros() as u8;
            x &= x - 1;
            let (q, r0) = self.qr(i);
            for (dq, dr) in [(1, 0), (0, 1), (1, -1)] {
                let side = |s: i32| match self.idx(q + s * dq, r0 + s * dr) {
                    None => true,
                    Some(c) => r >> c & 1 == 1,
                };
                if !side(1) && !side(-1) {
                    return false;
                }
            }
        }
        true
    }

    /// Each cell's squared distance from the finish (the centre without
    /// one): how far a marble there is from where the last should end.
    pub(super) fn squared_distances(&self, finish: Option<u8>) -> [i32; 128] {
        let target = finish.unwrap_or(self.idx(0, 0).expect("the centre"));
        let mut far = [0; 128];
        for i in 0..128u8 {
            if self.cells >> i & 1 == 1 {
                let d = self.dist(i, target);
                far[i as usize] = d * d;
            }
        }
        far
    }

    /// Cells within distance `d` of the centre.
    pub(super) fn disc(&self, d: i32) -> u128 {
        let mut out = 0;
        for i in 0..128u8 {
            if self.cells >> i & 1 == 1 {
                let (q, r) = self.qr(i);
                if q.abs().max(r.abs()).max((q + r).abs()) <= d {
                    out |= 1u128 << i;
                }
            }
        }
        out
    }

    /// How many captures are open in `m` (`jumps(m).len()` without the list).
    pub(super) fn jump_count(&self, m: u128) -> u32 {
        (0..3)
            .map(|d| {
                let (up, down) = self.capture_froms(m, d);
                up.count_ones() + down.count_ones()
            })
            .sum()
    }

    /// The marbles of `m` that can capture.
    pub(super) fn movers(&self, m: u128) -> u128 {
        (0..3).fold(0, |f, d| {
            let (up, down) = self.capture_froms(m, d);
            f | up | down
        })
    }

    /// The marbles of `m` that can capture along line `d`: towards the
    /// higher grid indices (`+shift[d]`) and towards the lower.
    pub(super) fn capture_froms(&self, m: u128, d: usize) -> (u128, u128) {
        let (s, e) = (self.shift[d], self.cells & !m);
        (
            m & (m >> s) & (e >> (2 * s)) & self.fits_up[d],
            m & (m << s) & (e << (2 * s)) & self.fits_down[d],
        )
    }

    /// Marbles with no marble beside them.
    pub(super) fn isolated(&self, m: u128) -> i32 {
        let mut near = 0u128;
        for d in 0..3 {
            let s = self.shift[d];
            near |= (m >> s) & self.step_up[d] | (m << s) & self.step_down[d];
        }
        (m & !near).count_ones() as i32
    }

    pub(super) fn cells_of_grid(&self, s: u128) -> u128 {
        let mut out = 0;
        let mut x = s;
        while x != 0 {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            out |= 1u128 << self.cell_of[i];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_captures_match_the_engine() {
        for size in 3..=5 {
            let b = FoodBoard::get(size).unwrap();
            let geo = Geo::of(b);
            let mut x: u64 = 7;
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let marbles = (x as u128 | (x.rotate_left(31) as u128) << 64) & b.all;
                let pos = FoodPosition { board: b, marbles };
                let mut ours: Vec<(u8, u8, u8)> = geo
                    .jumps(geo.to_grid(marbles))
                    .iter()
                    .map(|j| {
                        (
                            geo.cell_of[j.from as usize],
                            geo.cell_of[j.over as usize],
                            geo.cell_of[j.to as usize],
                        )
                    })
                    .collect();
                let mut theirs: Vec<(u8, u8, u8)> = starhop_engine::food::cells(marbles)
                    .flat_map(|c| pos.jumps_of(c).collect::<Vec<_>>())
                    .map(|j| (j.from, j.over, j.to))
                    .collect();
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs);
            }
        }
    }
}
