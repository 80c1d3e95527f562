//! Draughts bots: negamax alpha-beta with a transposition table, quiescence
//! over captures, iterative deepening and a material-and-structure
//! evaluation. The game's draw counts (25-move, 16-move and 5-move rules,
//! Russian 30 moves and three kings against one) run along every line. [`think`] is synchronous; the game runs it on its background
//! pool and stops it with [`Budget::stop`]. With a node or depth budget and no
//! time, the answer depends only on the position, the level and the seed.

use crate::Variant;
use crate::board::{Geo, bits};
use crate::game::{DrawClocks, Game, KING_PLIES_LIMIT, NO_CAPTURE_PLIES_LIMIT};
use crate::position::{Move, Position, Side};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How strong a bot plays: the Chinese-checkers bots' levels, one scale for
/// every game of the box.
pub use starhop_ai::Level;

/// The deepest a level searches (plies, before quiescence), whatever the time.
pub fn depth_cap(level: Level) -> u32 {
    match level {
        Level::Beginner => 1,
        Level::Easy => 2,
        Level::Medium => 4,
        Level::Hard => 8,
        Level::Master => MAX_DEPTH,
    }
}

/// Random spread added to root scores (a man is 100): weaker levels
/// choose among nearly-as-good moves, so they err like people do.
fn noise(level: Level) -> i32 {
    match level {
        Level::Beginner => 120,
        Level::Easy => 50,
        Level::Medium => 12,
        Level::Hard | Level::Master => 0,
    }
}

/// How long or how far a bot may think. All `None`: the level's own time.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    pub time: Option<Duration>,
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    /// Set from outside to end the search early; the best move of the last
    /// finished iteration is returned.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// Deterministic: at most `nodes` nodes, no clock.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            max_nodes: Some(nodes),
            ..Budget::default()
        }
    }

    /// Deterministic: a fixed depth, no clock.
    pub fn depth(depth: u32) -> Budget {
        Budget {
            max_depth: Some(depth),
            ..Budget::default()
        }
    }

    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..Budget::default()
        }
    }
}

/// A bot's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    pub best: Move,
    /// From the mover's side, a man = 100; beyond ±(MATE - 1000) a won or
    /// lost game in `MATE - |score|` plies.
    pub score: i32,
    /// Deepest finished iteration (0 for a forced move).
    pub depth: u32,
    pub nodes: u64,
    /// The only legal move, played without searching.
    pub forced: bool,
}

pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = 128;
/// Transposition table entries (16 bytes each: 4 MiB).
const TT_SIZE: usize = 1 << 18;
/// Plies a line may run past its depth while a count goes on (see
/// `count_in_reach`), with room to spare.
const CLOCK_SLACK: i32 = 4;

/// The move a bot of `level` plays in `game` (None if the game is over).
pub fn think(game: &Game, level: Level, budget: &Budget, seed: u64) -> Option<Thought> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if moves.len() == 1 {
        return Some(Thought {
            best: moves[0],
            score: 0,
            depth: 0,
            nodes: 0,
            forced: true,
        });
    }
    let history = game.repetition_history();
    search(
        game.position(),
        &history,
        game.clocks(),
        level,
        budget,
        seed,
    )
}

/// Search a position; `history` holds the hashes of earlier positions a
/// repetition may come from (see `Game::repetition_history`), current last;
/// `clocks` the game's draw counters now (`Game::clocks`, or
/// `DrawClocks::initial` for a bare position). The search runs them along
/// every line with the game's own rules, so a line that reaches the 25-move,
/// 30-move, 16-move, 5-move or three-kings limit scores exactly as a draw.
/// None when the side to move has no legal move.
pub fn search(
    pos: &Position,
    history: &[u64],
    clocks: DrawClocks,
    level: Level,
    budget: &Budget,
    seed: u64,
) -> Option<Thought> {
    let no_limit =
        budget.time.is_none() && budget.max_depth.is_none() && budget.max_nodes.is_none();
    let time = if no_limit {
        Some(Duration::from_millis(u64::from(level.think_ms())))
    } else {
        budget.time
    };
    let mut s = Search {
        tt: vec![TtEntry::default(); TT_SIZE],
        nodes: 0,
        max_nodes: budget.max_nodes.unwrap_or(u64::MAX),
        deadline: time.map(|t| Instant::now() + t),
        stop: budget.stop.clone(),
        aborted: false,
        path: history.to_vec(),
        bufs: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(48)).collect(),
        hist: vec![[0; 64]; 128],
        eval: Eval::new(pos.variant()),
        variant: pos.variant(),
    };
    let cap = budget
        .max_depth
        .unwrap_or(MAX_DEPTH)
        .min(depth_cap(level))
        .max(1);
    let mut root = pos.legal_moves();
    if root.is_empty() {
        return None;
    }
    let noise = noise(level);
    let mut rng = seed ^ 0x5851_f42d_4c95_7f2d;
    let jitter: Vec<i32> = root
        .iter()
        .map(|_| {
            if noise == 0 {
                0
            } else {
                (splitmix(&mut rng) % noise as u64) as i32
            }
        })
        .collect();
    let mut best = Thought {
        best: root[0],
        score: 0,
        depth: 0,
        nodes: 0,
        forced: false,
    };
    // Root order: the previous iteration's best first (moves and their noise
    // travel together).
    let mut order: Vec<usize> = (0..root.len()).collect();
    for depth in 1..=cap {
        let mut alpha = -INF;
        let mut it_best = None;
        for (k, &i) in order.iter().enumerate() {
            let mut p = *pos;
            p.play(&root[i]);
            s.path.push(p.hash());
            let c = clocks.after(pos.side_to_move(), &root[i], &p);
            // Noisy levels need every root score exactly, so no window there.
            let a = if noise > 0 { -INF } else { alpha };
            let score = if k == 0 || noise > 0 {
                -s.negamax(&p, depth as i32 - 1, -INF, -a, 1, c)
            } else {
                let z = -s.negamax(&p, depth as i32 - 1, -alpha - 1, -alpha, 1, c);
                if z > alpha && !s.aborted {
                    -s.negamax(&p, depth as i32 - 1, -INF, -alpha, 1, c)
                } else {
                    z
                }
            };
            s.path.pop();
            if s.aborted {
                break;
            }
            let noisy = score + jitter[i];
            if noisy > alpha || it_best.is_none() {
                alpha = noisy;
                it_best = Some((i, score));
            }
        }
        if s.aborted {
            break;
        }
        let (i, score) = it_best.expect("at least one root move");
        best = Thought {
            best: root[i],
            score,
            depth,
            nodes: s.nodes,
            forced: false,
        };
        if let Some(k) = order.iter().position(|&x| x == i) {
            order.remove(k);
            order.insert(0, i);
        }
        // A won or lost game found: deeper search will not change the move.
        if score.abs() > MATE - 1000 {
            break;
        }
    }
    root.clear();
    best.nodes = s.nodes;
    Some(best)
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower bound, 3 upper bound.
    flag: u8,
    best: u8,
}

struct Search {
    tt: Vec<TtEntry>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    path: Vec<u64>,
    bufs: Vec<Vec<Move>>,
    /// History heuristic for quiet moves, by (side, from) and to.
    hist: Vec<[i32; 64]>,
    eval: Eval,
    variant: Variant,
}

impl Search {
    fn check(&mut self) {
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        }
        // The clock and the flag are read every 1024 nodes: cheap enough,
        // and a stop is seen within a fraction of a millisecond.
        if self.nodes.is_multiple_of(1024)
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        clocks: DrawClocks,
    ) -> i32 {
        self.nodes += 1;
        self.check();
        if self.aborted {
            return 0;
        }
        let h = pos.hash();
        // A repetition inside the search or with the game so far is scored
        // as a draw (the third time would be one).
        let n = self.path.len();
        if n >= 2
            && self.path[..n - 1]
                .iter()
                .rev()
                .skip(1)
                .step_by(2)
                .any(|&x| x == h)
        {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        pos.generate(&mut moves);
        // The game's order: a side without a move has lost, even on the ply
        // that completes a count; only then do the counts draw.
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return -MATE + ply as i32;
        }
        if clocks.draw(self.variant).is_some() {
            self.bufs[ply] = moves;
            return 0;
        }
        let captures = moves[0].is_capture();
        if ply >= MAX_PLY - 1 || (depth <= 0 && !captures) {
            self.bufs[ply] = moves;
            return self.eval.score(pos);
        }
        // Quiescence: at the horizon only the (compulsory) captures go on.
        let depth = depth.max(0);
        let near = count_in_reach(self.variant, &clocks, depth);
        let key = if near {
            h ^ clock_key(self.variant, &clocks)
        } else {
            h
        };
        let slot = (key as usize) & (TT_SIZE - 1);
        let e = self.tt[slot];
        let mut tt_best = None;
        if e.flag != 0 && e.key == key {
            tt_best = Some(e.best as usize);
            if i32::from(e.depth) >= depth {
                let sc = from_tt(i32::from(e.score), ply);
                let cut = match e.flag {
                    1 => true,
                    2 => sc >= beta,
                    _ => sc <= alpha,
                };
                if cut {
                    self.bufs[ply] = moves;
                    return sc;
                }
            }
        }
        let side = pos.side_to_move().index();
        let mut keys: Vec<(i32, usize)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let k = if Some(i) == tt_best {
                    1 << 30
                } else if m.is_capture() {
                    (m.capture_count() as i32) << 20
                } else {
                    (i32::from(m.crowns()) << 19)
                        + self.hist[side * 64 + m.from as usize][m.to as usize]
                };
                (-k, i)
            })
            .collect();
        keys.sort_unstable();
        let forced = moves.len() == 1;
        let old_alpha = alpha;
        let mut best = -INF;
        let mut best_i = keys[0].1;
        for (k, &(_, i)) in keys.iter().enumerate() {
            let m = moves[i];
            let mut p = *pos;
            p.play(&m);
            self.path.push(p.hash());
            let c = clocks.after(pos.side_to_move(), &m, &p);
            // A forced move does not use up depth: forced sequences are cheap
            // and often decide the game. Except where that would bring a
            // count within reach below a node keyed as out of its reach.
            let next = if forced && (near || !count_in_reach(self.variant, &c, depth)) {
                depth
            } else {
                depth - 1
            };
            let score = if k == 0 {
                -self.negamax(&p, next, -beta, -alpha, ply + 1, c)
            } else {
                let z = -self.negamax(&p, next, -alpha - 1, -alpha, ply + 1, c);
                if z > alpha && z < beta && !self.aborted {
                    -self.negamax(&p, next, -beta, -alpha, ply + 1, c)
                } else {
                    z
                }
            };
            self.path.pop();
            if self.aborted {
                self.bufs[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_i = i;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture() {
                    let cell = &mut self.hist[side * 64 + m.from as usize][m.to as usize];
                    *cell = (*cell + depth * depth).min(1 << 18);
                }
                break;
            }
        }
        let flag = if best <= old_alpha {
            3
        } else if best >= beta {
            2
        } else {
            1
        };
        self.tt[slot] = TtEntry {
            key,
            score: to_tt(best, ply) as i16,
            depth: depth.min(127) as i8,
            flag,
            best: best_i.min(255) as u8,
        };
        self.bufs[ply] = moves;
        best
    }
}

/// Plies before a draw count can run out at the soonest: the variant's
/// no-progress rule, and the ending rule if one is in force (a lower
/// bound in Russian, which counts only the stronger side's moves).
fn plies_to_count_draw(variant: Variant, c: &DrawClocks) -> i32 {
    let progress = match variant {
        Variant::International => KING_PLIES_LIMIT - c.king_plies.min(KING_PLIES_LIMIT),
        Variant::Russian => {
            NO_CAPTURE_PLIES_LIMIT - c.plies_without_capture.min(NO_CAPTURE_PLIES_LIMIT)
        }
    };
    let ending = c
        .ending
        .map_or(u16::MAX, |e| e.limit - e.count.min(e.limit));
    i32::from(progress.min(ending))
}

/// Whether a search of `depth` from a node with clocks `c` may meet a
/// count's draw. Lines go beyond `depth` by quiescence, where captures
/// reset every count but the International 5-move one (its lone king
/// may take one of two pieces and stay in the same ending, after which
/// the next capture ends the game), so by a ply or two: `CLOCK_SLACK`
/// covers them. Forced moves do not use depth either: `Search::negamax`
/// keeps them from carrying a line out of reach into reach. So below a
/// node out of reach no count runs out, and its score holds for any
/// counts as far from their limits.
fn count_in_reach(variant: Variant, c: &DrawClocks, depth: i32) -> bool {
    plies_to_count_draw(variant, c) <= depth + CLOCK_SLACK
}

/// The clocks' part of the transposition-table key, for a node where a
/// count is in reach. A score depends on the counts only if one can run
/// out within the node's search: far from every limit (most of a game)
/// the key is the position's alone, so positions reached with different
/// counts share their entries; near a limit this part is mixed in, so a
/// score found with one ply left (a draw) never answers for the same
/// position with ten left, nor the reverse. (Not storing near a limit
/// would be correct too, but would leave king endings, where the counts
/// matter most, without the table.) The counts and the position fix all
/// that follows: the ending rule in force and its limit follow from the
/// pieces.
fn clock_key(variant: Variant, c: &DrawClocks) -> u64 {
    let progress = match variant {
        Variant::International => c.king_plies,
        Variant::Russian => c.plies_without_capture,
    };
    let ending = c.ending.map_or(u16::MAX, |e| e.count);
    let mut x = (u64::from(progress) << 16) | u64::from(ending);
    splitmix(&mut x) | 1
}

/// Mate scores are stored relative to the node, so they stay right when the
/// same position is met at another ply.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - 1000 {
        score + ply as i32
    } else if score < -MATE + 1000 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - 1000 {
        score - ply as i32
    } else if score < -MATE + 1000 {
        score + ply as i32
    } else {
        score
    }
}

/// Material and structure, from the side to move's point of view.
struct Eval {
    g: &'static Geo,
    king: i32,
    /// Bonus of a white man by bit (Black's is the mirror).
    man: [i32; 64],
    start_pieces: i32,
}

impl Eval {
    fn new(variant: Variant) -> Eval {
        let g = variant.geo();
        let size = g.size as i32;
        let mut man = [0; 64];
        for b in bits(g.board) {
            let row = i32::from(g.row_of[b as usize]);
            let col = i32::from(g.col_of[b as usize]);
            // Rows advanced from White's back row.
            let adv = size - 1 - row;
            let mut v = adv * adv / 2;
            // The centre holds better than the edges.
            if (2..size - 2).contains(&col) {
                v += 3;
            }
            if col == 0 || col == size - 1 {
                v -= 2;
            }
            // Back-row men guard the crowning squares.
            if adv == 0 {
                v += 6;
            }
            man[b as usize] = v;
        }
        Eval {
            g,
            king: match variant {
                Variant::International => 300,
                Variant::Russian => 250,
            },
            man,
            start_pieces: 2 * (g.squares as i32 * 2 / 5),
        }
    }

    fn side_score(&self, pos: &Position, side: Side) -> (i32, i32) {
        let own = pos.pieces[side.index()];
        let men = own & !pos.kings;
        let kings = (own & pos.kings).count_ones() as i32;
        let mut structure = 0;
        for b in bits(men) {
            let b = match side {
                Side::White => b as usize,
                // Mirror through the centre: square s <-> squares + 1 - s.
                Side::Black => {
                    let sq = self.g.number_of[b as usize] as usize;
                    self.g.bit_of[self.g.squares - sq] as usize
                }
            };
            structure += self.man[b];
        }
        let material = 100 * men.count_ones() as i32 + self.king * kings;
        (material, structure)
    }

    fn score(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let (m1, s1) = self.side_score(pos, me);
        let (m2, s2) = self.side_score(pos, me.other());
        let diff = m1 - m2;
        // Trading down when ahead brings a win nearer: the same lead counts
        // for more with fewer pieces on the board.
        let left = (pos.pieces[0] | pos.pieces[1]).count_ones() as i32;
        let trade = diff * (self.start_pieces - left) / (2 * self.start_pieces);
        // A lone king holds against small forces (the 16- and 5-move
        // rules, three kings in Russian): such leads are worth little. The
        // search sees those counts run out exactly; this is the prior
        // beyond its horizon, that most such endings are drawn.
        let drawish = |a: &Position, s: Side| {
            let (men, kings) = a.count(s.other());
            let (om, ok) = a.count(s);
            (men, kings) == (0, 1) && om + ok <= 3 && ok >= 1
        };
        let total = diff + trade + (s1 - s2);
        if drawish(pos, me) || drawish(pos, me.other()) {
            total / 8
        } else {
            total
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::from_fen;

    /// Far from every limit a node's table key is its position's alone;
    /// within reach of one, two different counts never share a key.
    #[test]
    fn table_keys_carry_the_counts_only_near_a_limit() {
        let v = Variant::International;
        let p = from_fen(v, "W:WK19,K23,K43:BK5").unwrap();
        let at = |king_plies: u16, count: u16| {
            let mut c = DrawClocks::initial(&p);
            c.king_plies = king_plies;
            c.ending.as_mut().unwrap().count = count;
            c
        };
        // 16-move ending: 32 plies. 10 counted, depth 6: 22 left, out of reach.
        assert!(!count_in_reach(v, &at(0, 10), 6));
        // 25 counted: 7 left, within 6 plies and the slack.
        assert!(count_in_reach(v, &at(0, 25), 6));
        // The 25-move count alone brings a node within reach too.
        assert!(count_in_reach(v, &at(45, 0), 6));
        let keys: Vec<u64> = [(0, 25), (0, 26), (1, 25), (45, 0), (46, 0)]
            .iter()
            .map(|&(k, n)| clock_key(v, &at(k, n)))
            .collect();
        for (i, a) in keys.iter().enumerate() {
            assert_ne!(*a, 0);
            assert!(keys[i + 1..].iter().all(|b| b != a), "{keys:?}");
        }
        // Russian: only the counts the rules use (the 30-move plies and
        // the three-kings count) enter the key.
        let r = Variant::Russian;
        let q = from_fen(r, "W:WKa1,Kc1,Ke1:BKd8").unwrap();
        let mut c = DrawClocks::initial(&q);
        c.ending.as_mut().unwrap().count = 15;
        let mut d = c;
        d.king_plies = 7;
        assert_eq!(clock_key(r, &c), clock_key(r, &d));
        d.plies_without_capture = 7;
        assert_ne!(clock_key(r, &c), clock_key(r, &d));
    }
}
