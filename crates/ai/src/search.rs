//! The searches: two-player iterative-deepening alpha-beta (negamax) with a
//! Zobrist transposition table, move ordering (table move, killers, gain) and
//! a race mode once the armies have passed; and for three or more players
//! best-reply search (BRS) or paranoid search with the same machinery.
//!
//! The search runs on a `Position` with `shift` and shift-back; the `Game` is
//! only read at the root.

use crate::eval::Eval;
use starhop_engine::{Bitboard, Hole, Move, MoveRules, Position, Rng, Seat};
use std::sync::OnceLock;
use std::time::Instant;

pub const WIN: i32 = 1_000_000;
const INF: i32 = 2_000_000;

/// Multi-player search flavour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Multi {
    /// Best-reply search: the root player against the single strongest reply
    /// of any opponent, alternating.
    Brs,
    /// Paranoid: every opponent in turn order minimises the root's score.
    Paranoid,
    /// The root player's own moves only, opponents standing still (a race
    /// search; for comparison).
    Solo,
    /// Monte Carlo tree search with max-n backups (`mcts.rs`); the item
    /// comparisons of party mode still use best-reply search.
    Mcts,
}

impl Multi {
    pub fn name(self) -> &'static str {
        match self {
            Multi::Brs => "brs",
            Multi::Paranoid => "paranoid",
            Multi::Solo => "solo",
            Multi::Mcts => "mcts",
        }
    }
}

impl std::str::FromStr for Multi {
    type Err = String;
    fn from_str(s: &str) -> Result<Multi, String> {
        [Multi::Brs, Multi::Paranoid, Multi::Solo, Multi::Mcts]
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown multi-player search {s:?} (brs, paranoid, solo or mcts)")
            })
    }
}

/// Team play (RULES §6) from the root's side: the root's team (the root
/// first) and the other team, and the marbles a team must hold in its
/// targets to win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamPlay {
    pub allies: Vec<Seat>,
    pub foes: Vec<Seat>,
    pub need: u32,
}

impl TeamPlay {
    pub fn is_ally(&self, seat: Seat) -> bool {
        self.allies.contains(&seat)
    }

    /// Whether `members` have won in `pos`: one of them finished, or together
    /// they hold `need` marbles in their targets.
    pub fn done(&self, pos: &Position, members: &[Seat]) -> bool {
        members.iter().any(|&m| pos.has_finished(m))
            || members.iter().map(|&m| pos.in_target(m)).sum::<u32>() >= self.need
    }
}

struct Zobrist {
    marble: [[u64; 192]; 6],
    side: [u64; 8],
}

fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = Rng::new(0x5EED_2B0B);
        let mut z = Zobrist {
            marble: [[0; 192]; 6],
            side: [0; 8],
        };
        for s in z.marble.iter_mut() {
            for k in s.iter_mut() {
                *k = rng.next_u64();
            }
        }
        for k in z.side.iter_mut() {
            *k = rng.next_u64();
        }
        z
    })
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: i16,
    flag: u8,
    from: Hole,
    to: Hole,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
const NO_HOLE: Hole = u8::MAX;

/// Limits of one search.
#[derive(Clone, Debug)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub max_depth: u32,
    pub max_nodes: u64,
    /// Raised from outside to end the search (checked with the clock).
    pub stop: Option<crate::StopFlag>,
}

/// Everything a search needs besides the position.
pub struct Setup {
    pub rules: MoveRules,
    pub anti_passive: bool,
    /// Equal-move rule (a first mover's finish can be answered by the second).
    pub equal_moves: bool,
    /// Seats still playing, in turn order, the root's seat first.
    pub seats: Vec<Seat>,
    /// Turns taken by each seat (by seat index) at the root.
    pub turns: [u32; 6],
    /// For two players: the seat that moves first in each round.
    pub round_first: Seat,
    /// Eval noise amplitude (cost units) and its seed.
    pub noise: i32,
    pub seed: u64,
    pub multi: Multi,
    /// Two-player: search interior nodes without backward moves.
    pub prune_backward: bool,
    /// Play for the team (team games with team-aware bots): the team's
    /// evaluation, team-mates move on the root's side, the other team on
    /// the opponents' side.
    pub team: Option<TeamPlay>,
}

impl Setup {
    /// The score, from the root's side, of the game ended by `seat`'s move
    /// in `pos` at `ply`, if it did end it (three or more players).
    pub fn decided(&self, pos: &Position, seat: Seat, ply: i32) -> Option<i32> {
        match &self.team {
            Some(t) => {
                let (side, sign) = if t.is_ally(seat) {
                    (&t.allies, 1)
                } else {
                    (&t.foes, -1)
                };
                t.done(pos, side).then_some(sign * (WIN - ply))
            }
            None => (seat == self.seats[0] && pos.has_finished(seat)).then_some(WIN - ply),
        }
    }
}

pub struct Searcher<'a> {
    pub pos: Position,
    ev: &'a Eval,
    setup: &'a Setup,
    tt: Vec<Entry>,
    hash: u64,
    pub nodes: u64,
    limits: Limits,
    stopped: bool,
    bufs: Vec<Vec<(Seat, Move)>>,
    killers: Vec<[Move; 2]>,
    race: bool,
    /// Holes with an item box (party mode): a root move ending on one takes
    /// an item, worth `box_bonus` to the root player.
    pub boxes: Bitboard,
    pub box_bonus: i32,
    /// A root move after which the moved marble could move onto a box
    /// next turn counts this much (Easy and Medium go for boxes a move too
    /// far; Hard and Master leave it at 0, as it cost Master strength).
    pub box_near_bonus: i32,
}

/// The result of a root search.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

const NULL_MOVE: Move = Move {
    from: NO_HOLE,
    to: NO_HOLE,
};

impl<'a> Searcher<'a> {
    pub fn new(pos: Position, ev: &'a Eval, setup: &'a Setup, limits: Limits) -> Searcher<'a> {
        let tt_bits = if limits.max_depth <= 2 { 12 } else { 18 };
        Searcher::with_table(pos, ev, setup, limits, tt_bits)
    }

    /// A searcher with a transposition table of `2^tt_bits` entries (the
    /// item comparisons run several searches side by side: smaller tables).
    pub fn with_table(
        pos: Position,
        ev: &'a Eval,
        setup: &'a Setup,
        limits: Limits,
        tt_bits: u32,
    ) -> Searcher<'a> {
        let z = zobrist();
        let mut hash = 0;
        for s in 0..pos.players() {
            for h in pos.marbles(s as Seat).iter() {
                hash ^= z.marble[s][h as usize];
            }
        }
        Searcher {
            pos,
            ev,
            setup,
            tt: vec![Entry::default(); 1 << tt_bits],
            hash,
            nodes: 0,
            limits,
            stopped: false,
            bufs: (0..128).map(|_| Vec::with_capacity(256)).collect(),
            killers: vec![[NULL_MOVE; 2]; 128],
            race: false,
            boxes: Bitboard::EMPTY,
            box_bonus: 0,
            box_near_bonus: 0,
        }
    }

    /// New limits for the next `search_root` (its table is kept): the item
    /// comparisons deepen several searches in step.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.stopped = false;
    }

    /// Whether the last search ran out of its limits before finishing.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    #[inline]
    fn shift(&mut self, seat: Seat, from: Hole, to: Hole) {
        let z = &zobrist().marble[seat as usize];
        self.hash ^= z[from as usize] ^ z[to as usize];
        self.pos.shift(seat, from, to);
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        // The clock and the stop flag are looked at every 512 nodes.
        let checkpoint = self.nodes & 511 == 0;
        if self.nodes >= self.limits.max_nodes
            || (checkpoint
                && (self.limits.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.limits.stop.as_ref().is_some_and(|s| s.is_raised())))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn noise(&self) -> i32 {
        if self.setup.noise == 0 {
            return 0;
        }
        let mut x = self.hash ^ self.setup.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 29;
        (x % (2 * self.setup.noise as u64 + 1)) as i32 - self.setup.noise
    }

    fn turns_at(&self, seat: Seat, ply: i32) -> u32 {
        self.setup.turns[seat as usize] + (ply as u32) / self.setup.seats.len() as u32
    }

    fn cost(&self, seat: Seat, ply: i32) -> i32 {
        self.ev.cost(
            &self.pos,
            seat,
            self.turns_at(seat, ply),
            self.setup.anti_passive,
        )
    }

    fn tt_probe(&self, key: u64) -> Option<Entry> {
        let e = self.tt[key as usize & (self.tt.len() - 1)];
        (e.key == key && e.flag != 0).then_some(e)
    }

    /// The table's word on a node searched to `depth` in the window
    /// (`alpha`, `beta`): its best move, to try first (`NULL_MOVE` when the
    /// table has none), and its score when an entry at least as deep already
    /// decides the node (an exact score, or a bound outside the window).
    fn tt_lookup(&self, key: u64, depth: i32, alpha: i32, beta: i32) -> (Move, Option<i32>) {
        let Some(e) = self.tt_probe(key) else {
            return (NULL_MOVE, None);
        };
        let mv = Move {
            from: e.from,
            to: e.to,
        };
        let decides = e.depth as i32 >= depth
            && match e.flag {
                EXACT => true,
                LOWER => e.score >= beta,
                UPPER => e.score <= alpha,
                _ => false,
            };
        (mv, decides.then_some(e.score))
    }

    /// Stores a search result with the bound it is relative to the window it was searched in.
    fn store_bounded(&mut self, key: u64, depth: i32, best: i32, alpha: i32, beta: i32, mv: Move) {
        let flag = if best <= alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.tt_store(key, depth, best, flag, mv);
    }

    /// A move that caused a cut-off at ply `p` becomes its first killer.
    fn remember_killer(&mut self, p: usize, m: Move) {
        let k = &mut self.killers[p];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    fn tt_store(&mut self, key: u64, depth: i32, score: i32, flag: u8, mv: Move) {
        let i = key as usize & (self.tt.len() - 1);
        self.tt[i] = Entry {
            key,
            score,
            depth: depth as i16,
            flag,
            from: mv.from,
            to: mv.to,
        };
    }

    /// Generates `seat`'s moves into buffer `ply` (as (seat, move) pairs).
    fn generate(&mut self, ply: usize, seat: Seat, append: bool) {
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        if !append {
            buf.clear();
        }
        let mut tmp = Vec::with_capacity(128);
        self.pos.legal_moves(seat, self.setup.rules, &mut tmp);
        buf.extend(tmp.into_iter().map(|m| (seat, m)));
        self.bufs[ply] = buf;
    }

    /// Orders buffer `ply`: table move, killers, then by gain; optionally drops
    /// backward moves (keeping at least one move).
    fn order(&mut self, ply: usize, tt_move: Move, prune: bool) {
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let killers = self.killers[ply];
        let ev = self.ev;
        let key = |&(s, m): &(Seat, Move)| -> i32 {
            if m == tt_move {
                1 << 20
            } else if m == killers[0] {
                1 << 18
            } else if m == killers[1] {
                1 << 17
            } else {
                // Prefer forward moves; among equal gains, moves of rear marbles.
                ev.gain(s, m.from, m.to) * 64 + ev.tip[s as usize][m.from as usize] as i32
            }
        };
        buf.sort_by_cached_key(|x| -key(x));
        if prune && buf.len() > 1 {
            let keep = buf
                .iter()
                .position(|&(s, m)| m != tt_move && ev.gain(s, m.from, m.to) < 0)
                .unwrap_or(buf.len())
                .max(1);
            buf.truncate(keep);
        }
        self.bufs[ply] = buf;
    }

    /// Whether `seat` can finish with one move now (equal-move answer).
    fn can_finish_in_one(&self, seat: Seat) -> bool {
        let target = self.ev.target[seat as usize];
        let all = self.pos.all_marbles();
        let empty = target & !all;
        let mine = self.pos.marbles(seat);
        let outside = mine & !target;
        if empty.count() != 1 || outside.count() != 1 {
            return false;
        }
        let hole = empty.first().unwrap();
        let from = outside.first().unwrap();
        self.pos
            .destinations(seat, from, self.setup.rules)
            .contains(hole)
    }

    // ---------------------------------------------------------------- two players

    fn eval2(&self, me: Seat, opp: Seat, ply: i32) -> i32 {
        self.cost(opp, ply) - self.cost(me, ply) + self.noise()
    }

    fn negamax(&mut self, depth: i32, ply: i32, mut alpha: i32, beta: i32, side: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        let me = self.setup.seats[side];
        let opp = self.setup.seats[1 - side];
        if depth <= 0 || ply as usize >= self.bufs.len() - 1 {
            return self.eval2(me, opp, ply);
        }
        if self.race && side == 1 {
            // The armies have passed: the opponent cannot help or hinder; its
            // turns are skipped so the root plays a pure race.
            self.hash ^= zobrist().side[7];
            let v = -self.negamax(depth - 1, ply + 1, -beta, -alpha, 0);
            self.hash ^= zobrist().side[7];
            return v;
        }
        let key = self.hash ^ zobrist().side[side];
        let (tt_move, cutoff) = self.tt_lookup(key, depth, alpha, beta);
        if let Some(score) = cutoff {
            return score;
        }
        let p = ply as usize;
        self.generate(p, me, false);
        if self.bufs[p].is_empty() {
            // No move: the turn passes.
            let v = -self.negamax(depth - 1, ply + 1, -beta, -alpha, 1 - side);
            return v;
        }
        self.order(p, tt_move, self.setup.prune_backward);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = NULL_MOVE;
        let n = self.bufs[p].len();
        for i in 0..n {
            let (_, m) = self.bufs[p][i];
            self.shift(me, m.from, m.to);
            let v = if self.pos.has_finished(me) {
                self.finish_score(me, opp, ply)
            } else {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha, 1 - side)
            };
            self.shift(me, m.to, m.from);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.remember_killer(p, m);
                        break;
                    }
                }
            }
        }
        self.store_bounded(key, depth, best, alpha0, beta, best_move);
        best
    }

    /// The score for `me` just after `me` finished (two players).
    fn finish_score(&self, me: Seat, opp: Seat, ply: i32) -> i32 {
        if self.setup.equal_moves && me == self.setup.round_first && self.can_finish_in_one(opp) {
            0
        } else {
            WIN - ply
        }
    }

    // ------------------------------------------------------------ three or more

    /// Evaluation from the root's side: its own cost against the leading opponent.
    fn eval_multi(&self, ply: i32) -> i32 {
        if let Some(t) = &self.setup.team {
            // Two teams: a zero-sum race between them, as with two players.
            let mut turns = [0u32; 6];
            for &s in &self.setup.seats {
                turns[s as usize] = self.turns_at(s, ply);
            }
            let ap = self.setup.anti_passive;
            let ours = self.ev.team_cost(&self.pos, &t.allies, t.need, &turns, ap);
            let theirs = self.ev.team_cost(&self.pos, &t.foes, t.need, &turns, ap);
            return theirs - ours + self.noise();
        }
        let root = self.setup.seats[0];
        let mine = self.cost(root, ply);
        let best_opp = self.setup.seats[1..]
            .iter()
            .map(|&s| self.cost(s, ply))
            .min()
            .unwrap_or(0);
        best_opp / 2 - mine + self.noise()
    }

    /// Alpha-beta from the root's point of view: `node` 0 is the root player to
    /// move (max); otherwise opponents (min): BRS merges all opponents' moves
    /// into one node, paranoid lets opponent `node` move.
    fn multi(&mut self, depth: i32, ply: i32, mut alpha: i32, mut beta: i32, node: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        if depth <= 0 || ply as usize >= self.bufs.len() - 1 {
            return self.eval_multi(ply);
        }
        let seats = &self.setup.seats;
        let k = seats.len();
        let next = match self.setup.multi {
            Multi::Brs | Multi::Mcts => 1 - node.min(1),
            Multi::Paranoid => (node + 1) % k,
            Multi::Solo => 0,
        };
        let key = self.hash ^ zobrist().side[node.min(6)];
        let (tt_move, cutoff) = self.tt_lookup(key, depth, alpha, beta);
        if let Some(score) = cutoff {
            return score;
        }
        let p = ply as usize;
        // The set-up outlives the searcher's borrows: its seat lists can be
        // read while moves are generated.
        let setup: &'a Setup = self.setup;
        let team = setup.team.as_ref();
        let paranoid = setup.multi == Multi::Paranoid;
        let maxing = node == 0 || (paranoid && team.is_some_and(|t| t.is_ally(setup.seats[node])));
        // With a team, the root's side is its team's best mover and the
        // opponents' side the other team's (team-mates never reply against).
        let movers: &[Seat] = if paranoid && node > 0 {
            &setup.seats[node..=node]
        } else if let Some(t) = team {
            if maxing { &t.allies } else { &t.foes }
        } else if maxing {
            &setup.seats[..1]
        } else {
            &setup.seats[1..]
        };
        self.bufs[p].clear();
        for &s in movers {
            self.generate(p, s, true);
        }
        if self.bufs[p].is_empty() {
            return self.multi(depth - 1, ply + 1, alpha, beta, next);
        }
        self.order(p, tt_move, true);
        // Opponents' replies: their most forward ones, at most a dozen
        // (and as many for a team's moves beyond the root).
        if (!maxing || self.setup.multi == Multi::Solo || team.is_some()) && self.bufs[p].len() > 12
        {
            self.bufs[p].truncate(12);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maxing { -INF } else { INF };
        let mut best_move = NULL_MOVE;
        let n = self.bufs[p].len();
        for i in 0..n {
            let (s, m) = self.bufs[p][i];
            self.shift(s, m.from, m.to);
            let v = match self.setup.decided(&self.pos, s, ply) {
                Some(v) => v,
                None => self.multi(depth - 1, ply + 1, alpha, beta, next),
            };
            self.shift(s, m.to, m.from);
            if self.stopped {
                return 0;
            }
            if maxing {
                if v > best {
                    best = v;
                    best_move = m;
                    alpha = alpha.max(v);
                }
            } else if v < best {
                best = v;
                best_move = m;
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.remember_killer(p, m);
                break;
            }
        }
        self.store_bounded(key, depth, best, alpha0, beta0, best_move);
        best
    }

    // ------------------------------------------------------------------- root

    /// What a root move is worth for the boxes (party mode): `box_bonus`
    /// when it ends on a box, `box_near_bonus` when the moved marble could
    /// move onto a box next turn (the opponents may take it first), else
    /// nothing.
    fn root_bonus(&self, m: Move) -> i32 {
        if self.box_bonus == 0 || self.boxes.is_empty() {
            return 0;
        }
        if self.boxes.contains(m.to) {
            return self.box_bonus;
        }
        if self.box_near_bonus == 0 {
            return 0;
        }
        let me = self.setup.seats[0];
        let mut pos = self.pos.clone();
        pos.shift(me, m.from, m.to);
        let next = pos.destinations(me, m.to, self.setup.rules);
        if (next & self.boxes).is_empty() {
            0
        } else {
            self.box_near_bonus
        }
    }

    /// Iterative deepening over the given root moves (legal for the root seat).
    /// Returns the best move of the deepest completed iteration.
    pub fn search_root(&mut self, root_moves: &[Move]) -> Found {
        let me = self.setup.seats[0];
        let two = self.setup.seats.len() == 2;
        if two {
            self.race = self.ev.passed(&self.pos, me, self.setup.seats[1]);
        }
        // Order by a one-ply look first.
        let mut scored: Vec<(i32, Move)> = root_moves
            .iter()
            .map(|&m| (self.ev.gain(me, m.from, m.to), m))
            .collect();
        scored.sort_by_key(|x| -x.0);
        let mut result = Found {
            mv: scored.first().map(|x| x.1),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if scored.is_empty() {
            return result;
        }
        let bonuses: Vec<(Move, i32)> = scored
            .iter()
            .map(|&(_, m)| (m, self.root_bonus(m)))
            .collect();
        let bonus_of = |m: Move| bonuses.iter().find(|b| b.0 == m).map_or(0, |b| b.1);
        for depth in 1..=self.limits.max_depth as i32 {
            let mut alpha = -INF;
            let mut best_move = None;
            let mut new_scores = Vec::with_capacity(scored.len());
            for (i, &(_, m)) in scored.iter().enumerate() {
                // A box's item counts for the root move that takes it; the
                // windows shift by the bonus so the null-window tests stay exact.
                let bonus = bonus_of(m);
                let a = alpha.saturating_sub(bonus);
                self.shift(me, m.from, m.to);
                let v = if two && self.pos.has_finished(me) {
                    self.finish_score(me, self.setup.seats[1], 0)
                } else if let Some(v) = (!two)
                    .then(|| self.setup.decided(&self.pos, me, 0))
                    .flatten()
                {
                    v
                } else if two {
                    // Principal variation search at the root: null window after the first.
                    bonus
                        + if i == 0 {
                            -self.negamax(depth - 1, 1, -INF, INF, 1)
                        } else {
                            let v = -self.negamax(depth - 1, 1, -a - 1, -a, 1);
                            if v > a && !self.stopped {
                                -self.negamax(depth - 1, 1, -INF, -a, 1)
                            } else {
                                v
                            }
                        }
                } else {
                    let next = if self.setup.multi == Multi::Solo {
                        0
                    } else {
                        1 % self.setup.seats.len()
                    };
                    bonus
                        + if i == 0 {
                            self.multi(depth - 1, 1, -INF, INF, next)
                        } else {
                            let v = self.multi(depth - 1, 1, a, a + 1, next);
                            if v > a && !self.stopped {
                                self.multi(depth - 1, 1, a, INF, next)
                            } else {
                                v
                            }
                        }
                };
                self.shift(me, m.to, m.from);
                if self.stopped {
                    break;
                }
                new_scores.push((v, m));
                if v > alpha {
                    alpha = v;
                    best_move = Some(m);
                }
            }
            if self.stopped {
                // A partial iteration still counts if its first (previous best)
                // move was searched and something beat it.
                if let Some(m) = best_move
                    && !new_scores.is_empty()
                {
                    result.mv = Some(m);
                    result.score = alpha;
                }
                break;
            }
            result = Found {
                mv: best_move,
                score: alpha,
                depth: depth as u32,
                nodes: self.nodes,
            };
            // Unsearched-but-cut moves keep their order behind the best.
            new_scores.sort_by_key(|x| -x.0);
            let searched: Vec<Move> = new_scores.iter().map(|x| x.1).collect();
            let rest: Vec<(i32, Move)> = scored
                .iter()
                .filter(|x| !searched.contains(&x.1))
                .copied()
                .collect();
            scored = new_scores;
            scored.extend(rest);
            if alpha.abs() >= WIN - 200 {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }
}
