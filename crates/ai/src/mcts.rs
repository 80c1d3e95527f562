//! Monte Carlo tree search for three or more players, as the literature on
//! multi-player Chinese checkers does it (Sturtevant 2008; Nijssen & Winands
//! 2011): every node keeps one value per player (max-n backups), the player
//! to move picks children by UCT on its own value, new children come in the
//! order of their gain (progressive widening: a node with `n` visits may have
//! `2 + √n` children, so the forward moves are searched first), and each
//! playout plays a round of epsilon-greedy moves before the evaluation of
//! `eval.rs` turns the position into every player's value.
//!
//! Without teams a player's value is how far it leads (or trails) the best of
//! the others; with team-aware bots in a team game it is its team's lead
//! over the other team (every member of a team shares one value).

use crate::eval::{Eval, STEP};
use crate::search::{Found, Limits, Setup, WIN};
use starhop_engine::{Hole, Move, Position, Rng, Seat};
use std::time::Instant;

/// Exploration constant of UCT (values are in 0..1).
const UCT_C: f32 = 0.15;
/// Cost difference that moves a value from ½ to about ¾: three steps.
const VALUE_SCALE: f32 = (3 * STEP) as f32;
/// Chance of a random move in a playout (else the most forward move).
const EPSILON: u64 = 10; // per cent
/// Playout plies, in rounds of all players.
const PLAYOUT_ROUNDS: usize = 1;
/// Iterations per unit of depth when the budget gives no time and no nodes
/// (deterministic play).
const ITERATIONS_PER_DEPTH: u64 = 400;

const NO_HOLE: Hole = u8::MAX;
const PASS: Move = Move {
    from: NO_HOLE,
    to: NO_HOLE,
};

struct Node {
    /// The move that led here (`PASS` for a pass).
    mv: Move,
    children: Vec<u32>,
    /// Moves not expanded yet, the most forward last; `None` until the node
    /// is first expanded.
    untried: Option<Vec<Move>>,
    visits: u32,
    /// Sum of every player's value (by index in `Setup::seats`).
    value: [f32; 6],
    /// The game ended with the move into this node: every player's value.
    terminal: Option<[f32; 6]>,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            mv,
            children: Vec::new(),
            untried: None,
            visits: 0,
            value: [0.0; 6],
            terminal: None,
        }
    }
}

struct Mcts<'a> {
    pos: Position,
    ev: &'a Eval,
    setup: &'a Setup,
    nodes: Vec<Node>,
    rng: Rng,
    /// Plies played in the tree and in playouts (the node count of budgets).
    plies: u64,
    buf: Vec<Move>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Mcts<'_> {
    fn seat(&self, who: usize) -> Seat {
        self.setup.seats[who]
    }

    fn apply(&mut self, who: usize, m: Move) {
        if m != PASS {
            let s = self.seat(who);
            self.pos.shift(s, m.from, m.to);
        }
    }

    fn undo(&mut self, who: usize, m: Move) {
        if m != PASS {
            let s = self.seat(who);
            self.pos.shift(s, m.to, m.from);
        }
    }

    /// `who`'s legal moves, most forward last (rear marbles first among equals).
    fn moves(&mut self, who: usize) -> Vec<Move> {
        let s = self.seat(who);
        let mut v = Vec::with_capacity(96);
        self.pos.legal_moves(s, self.setup.rules, &mut v);
        if v.is_empty() {
            v.push(PASS);
            return v;
        }
        let ev = self.ev;
        v.sort_by_cached_key(|m| {
            ev.gain(s, m.from, m.to) * 64 + ev.tip[s as usize][m.from as usize] as i32
        });
        v
    }

    /// Every player's value when `who`'s move has just ended the game, if it
    /// did: with teams the mover's team wins when it meets its goal; without,
    /// any player who finishes takes first place.
    fn terminal_after(&self, who: usize) -> Option<[f32; 6]> {
        let mut out = [0.0; 6];
        let k = self.setup.seats.len();
        match &self.setup.team {
            Some(t) => {
                let mover = self.seat(who);
                let side = if t.is_ally(mover) { &t.allies } else { &t.foes };
                if !t.done(&self.pos, side) {
                    return None;
                }
                for (i, o) in out.iter_mut().enumerate().take(k) {
                    *o = f32::from(t.is_ally(self.seat(i)) == t.is_ally(mover));
                }
            }
            None => {
                if !self.pos.has_finished(self.seat(who)) {
                    return None;
                }
                out[who] = 1.0;
            }
        }
        Some(out)
    }

    /// Every player's value of the current position, `ply` plies below the root.
    fn evaluate(&self, ply: usize) -> [f32; 6] {
        let k = self.setup.seats.len();
        let mut turns = [0u32; 6];
        for (i, &s) in self.setup.seats.iter().enumerate() {
            // Seats after the root in this round have moved one turn fewer.
            turns[s as usize] = self.setup.turns[s as usize] + ((ply + k - 1 - i) / k) as u32;
        }
        let ap = self.setup.anti_passive;
        let mut out = [0.0; 6];
        if let Some(t) = &self.setup.team {
            let ours = self.ev.team_cost(&self.pos, &t.allies, t.need, &turns, ap);
            let theirs = self.ev.team_cost(&self.pos, &t.foes, t.need, &turns, ap);
            let v = sigmoid((theirs - ours) as f32 / VALUE_SCALE);
            for (i, o) in out.iter_mut().enumerate().take(k) {
                *o = if t.is_ally(self.seat(i)) { v } else { 1.0 - v };
            }
            return out;
        }
        let mut cost = [0i32; 6];
        for (i, &s) in self.setup.seats.iter().enumerate() {
            cost[i] = self.ev.cost(&self.pos, s, turns[s as usize], ap);
        }
        for i in 0..k {
            let best_other = (0..k)
                .filter(|&j| j != i)
                .map(|j| cost[j])
                .min()
                .unwrap_or(0);
            out[i] = sigmoid((best_other - cost[i]) as f32 / VALUE_SCALE);
        }
        out
    }

    /// Epsilon-greedy play from `who` to move, then the evaluation; undoes
    /// its moves.
    fn playout(&mut self, mut who: usize, ply: usize) -> [f32; 6] {
        let k = self.setup.seats.len();
        let mut played: Vec<(usize, Move)> = Vec::with_capacity(k * PLAYOUT_ROUNDS);
        let mut result = None;
        for _ in 0..k * PLAYOUT_ROUNDS {
            let s = self.seat(who);
            let mut buf = std::mem::take(&mut self.buf);
            buf.clear();
            self.pos.legal_moves(s, self.setup.rules, &mut buf);
            let pick = if buf.is_empty() {
                PASS
            } else if self.rng.below(100) < EPSILON {
                buf[self.rng.below(buf.len() as u64) as usize]
            } else {
                let ev = self.ev;
                let best = buf.iter().map(|m| ev.gain(s, m.from, m.to)).max().unwrap();
                let top = buf
                    .iter()
                    .filter(|m| ev.gain(s, m.from, m.to) == best)
                    .count();
                let nth = self.rng.below(top as u64) as usize;
                *buf.iter()
                    .filter(|m| ev.gain(s, m.from, m.to) == best)
                    .nth(nth)
                    .unwrap()
            };
            self.buf = buf;
            self.apply(who, pick);
            self.plies += 1;
            played.push((who, pick));
            if pick != PASS
                && let Some(t) = self.terminal_after(who)
            {
                result = Some(t);
                break;
            }
            who = (who + 1) % k;
        }
        let value = result.unwrap_or_else(|| self.evaluate(ply + played.len()));
        for &(w, m) in played.iter().rev() {
            self.undo(w, m);
        }
        value
    }

    /// One iteration: select, expand, play out, back up. Returns the depth reached.
    fn iterate(&mut self) -> usize {
        let k = self.setup.seats.len();
        let mut path: Vec<u32> = vec![0];
        let mut node = 0usize;
        let mut who = 0usize;
        let value;
        loop {
            if let Some(t) = self.nodes[node].terminal {
                value = t;
                break;
            }
            if self.nodes[node].untried.is_none() {
                let moves = self.moves(who);
                self.nodes[node].untried = Some(moves);
            }
            let n = &self.nodes[node];
            let room = 2 + (n.visits as f32).sqrt() as usize;
            let can_expand = n.untried.as_ref().is_some_and(|u| !u.is_empty());
            if can_expand && (n.children.len() < room || n.children.is_empty()) {
                let m = self.nodes[node].untried.as_mut().unwrap().pop().unwrap();
                self.apply(who, m);
                self.plies += 1;
                let mut child = Node::new(m);
                child.terminal = if m == PASS {
                    None
                } else {
                    self.terminal_after(who)
                };
                let id = self.nodes.len() as u32;
                self.nodes.push(child);
                self.nodes[node].children.push(id);
                path.push(id);
                value = match self.nodes[id as usize].terminal {
                    Some(t) => t,
                    None => self.playout((who + 1) % k, path.len() - 1),
                };
                break;
            }
            // UCT on the mover's own value (max-n).
            let ln = (n.visits.max(1) as f32).ln();
            let mut best = (f32::MIN, 0u32);
            for &c in &n.children {
                let ch = &self.nodes[c as usize];
                let score = if ch.visits == 0 {
                    f32::MAX
                } else {
                    ch.value[who] / ch.visits as f32 + UCT_C * (ln / ch.visits as f32).sqrt()
                };
                if score > best.0 {
                    best = (score, c);
                }
            }
            let c = best.1 as usize;
            let m = self.nodes[c].mv;
            self.apply(who, m);
            self.plies += 1;
            path.push(c as u32);
            node = c;
            who = (who + 1) % k;
        }
        for &id in &path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            for (a, b) in n.value.iter_mut().zip(value) {
                *a += b;
            }
        }
        // Undo the tree moves: each node's mover is the one before its depth.
        for (d, &id) in path.iter().enumerate().skip(1).rev() {
            let m = self.nodes[id as usize].mv;
            self.undo((d - 1) % k, m);
        }
        path.len() - 1
    }
}

/// Searches the root player's move among `root_moves` (legal for
/// `setup.seats[0]`) within the limits; the most visited move wins. The
/// node budget counts plies played in the tree and in playouts; without a
/// deadline or a node budget, `ITERATIONS_PER_DEPTH` iterations per unit
/// of `max_depth` are run (deterministic for a given seed).
pub fn search(
    pos: Position,
    ev: &Eval,
    setup: &Setup,
    limits: &Limits,
    root_moves: &[Move],
) -> Found {
    let me = setup.seats[0];
    let mut root = Node::new(PASS);
    let mut ordered = root_moves.to_vec();
    ordered.sort_by_cached_key(|m| {
        ev.gain(me, m.from, m.to) * 64 + ev.tip[me as usize][m.from as usize] as i32
    });
    root.untried = Some(ordered);
    let mut t = Mcts {
        pos,
        ev,
        setup,
        nodes: vec![root],
        rng: Rng::new(setup.seed ^ 0x4D43_5453),
        plies: 0,
        buf: Vec::with_capacity(128),
    };
    let max_iters = if limits.deadline.is_none() && limits.max_nodes == u64::MAX {
        ITERATIONS_PER_DEPTH * limits.max_depth.max(1) as u64
    } else {
        u64::MAX
    };
    let mut depth = 0;
    let mut iters = 0u64;
    while iters < max_iters && t.plies < limits.max_nodes {
        if iters & 7 == 0
            && (limits.deadline.is_some_and(|d| Instant::now() >= d)
                || limits.stop.as_ref().is_some_and(|s| s.is_raised()))
        {
            break;
        }
        depth = depth.max(t.iterate());
        iters += 1;
        // A root move that ends the game for the root's side settles it.
        if t.nodes[0]
            .children
            .iter()
            .any(|&c| t.nodes[c as usize].terminal.is_some_and(|v| v[0] == 1.0))
        {
            break;
        }
    }
    let root = &t.nodes[0];
    let win = root
        .children
        .iter()
        .copied()
        .find(|&c| t.nodes[c as usize].terminal.is_some_and(|v| v[0] == 1.0));
    let best = win.or_else(|| {
        root.children
            .iter()
            .copied()
            .max_by_key(|&c| t.nodes[c as usize].visits)
    });
    let (mv, score) = match best {
        Some(c) => {
            let n = &t.nodes[c as usize];
            let v = if n.terminal.is_some() {
                WIN
            } else {
                // The root's value as a cost-like score (0 = even).
                let p = (n.value[0] / n.visits.max(1) as f32).clamp(1e-4, 1.0 - 1e-4);
                ((p / (1.0 - p)).ln() * VALUE_SCALE) as i32
            };
            (Some(n.mv), v)
        }
        None => (root_moves.first().copied(), 0),
    };
    Found {
        mv,
        score,
        depth: depth as u32,
        nodes: t.plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Multi;
    use starhop_engine::{Board, FirstMoveMethod, Game, Rules};

    fn setup_for(game: &Game, seed: u64) -> Setup {
        let n = game.players() as Seat;
        let me = game.to_move();
        let mut turns = [0; 6];
        for s in 0..n {
            turns[s as usize] = game.player(s).turns;
        }
        Setup {
            rules: game.move_rules(),
            anti_passive: game.rules().anti_passive,
            equal_moves: game.rules().equal_moves,
            seats: (0..n).map(|i| (me + i) % n).collect(),
            turns,
            round_first: 0,
            noise: 0,
            seed,
            multi: Multi::Mcts,
            prune_backward: true,
            team: None,
        }
    }

    fn limits(max_nodes: u64, max_depth: u32) -> Limits {
        Limits {
            deadline: None,
            max_depth,
            max_nodes,
            stop: None,
        }
    }

    /// Three players; seat 0's target is full but for one hole on its edge,
    /// with seat 0's last marble outside two holes away and a marble to hop
    /// over in between: the jump finishes. The other seats are still at home.
    fn finish_by_a_jump() -> (Game, Move) {
        let b = Board::get(4).unwrap();
        let mut pos = Position::empty(b, 3).unwrap();
        let target = pos.target(0);
        let (gap, over, from) = target
            .iter()
            .flat_map(|g| (0..6).map(move |d| (g, d)))
            .map(|(g, d)| (g, b.neighbour[g as usize][d], b.jump[g as usize][d]))
            .find(|&(_, o, f)| {
                o != NO_HOLE && f != NO_HOLE && b.centre.contains(o) && b.centre.contains(f)
            })
            .unwrap();
        for h in target.iter().filter(|&h| h != gap) {
            pos.place(0, h).unwrap();
        }
        pos.place(0, from).unwrap();
        pos.place(1, over).unwrap();
        // The others barely started: their whole armies at home but one.
        for (s, n) in [(1, 9), (2, 10)] {
            let home: Vec<Hole> = pos.home(s).iter().take(n).collect();
            for h in home {
                pos.place(s, h).unwrap();
            }
        }
        let rules = Rules {
            anti_passive: false,
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        (
            Game::from_position(rules, pos, 0).unwrap(),
            Move { from, to: gap },
        )
    }

    #[test]
    fn mcts_finds_a_finishing_jump() {
        let (game, win) = finish_by_a_jump();
        assert!(game.is_legal(win));
        let ev = Eval::new(game.position());
        let moves = game.legal_moves();
        assert!(moves.len() > 5, "a real choice: {} moves", moves.len());
        for seed in 0..4 {
            let setup = setup_for(&game, seed);
            let found = search(
                game.position().clone(),
                &ev,
                &setup,
                &limits(u64::MAX, 4),
                &moves,
            );
            assert_eq!(found.mv, Some(win), "seed {seed}");
            assert_eq!(found.score, WIN);
        }
    }

    #[test]
    fn mcts_returns_a_legal_move_within_its_node_budget_and_repeats_itself() {
        for players in [3, 4, 6] {
            for seed in 0..4u64 {
                let rules = Rules {
                    first_move: FirstMoveMethod::Fixed(0),
                    ..Rules::classic()
                };
                let game = starhop_engine::testkit::forward_game(
                    rules,
                    players,
                    seed,
                    12 + 9 * seed as usize,
                );
                if game.is_over() {
                    continue;
                }
                let ev = Eval::new(game.position());
                let moves = game.legal_moves();
                let setup = setup_for(&game, seed);
                let budget = 5_000;
                let found = search(
                    game.position().clone(),
                    &ev,
                    &setup,
                    &limits(budget, 64),
                    &moves,
                );
                let mv = found.mv.expect("a move");
                assert!(game.is_legal(mv), "{players} players: {mv:?}");
                // The last iteration may run over by its own plies: one tree
                // path and one playout round.
                assert!(
                    found.nodes >= budget && found.nodes < budget + 64 + 6,
                    "{}",
                    found.nodes
                );
                assert!(found.depth >= 2, "the tree grows below the root");
                let again = search(
                    game.position().clone(),
                    &ev,
                    &setup,
                    &limits(budget, 64),
                    &moves,
                );
                assert_eq!(again.mv, found.mv, "same seed, same budget, same move");
            }
        }
    }

    #[test]
    fn mcts_values_favour_the_player_ahead() {
        // Seat 0 one step from finishing, the others barely started.
        let (game, _) = finish_by_a_jump();
        let ev = Eval::new(game.position());
        let setup = setup_for(&game, 0);
        let t = Mcts {
            pos: game.position().clone(),
            ev: &ev,
            setup: &setup,
            nodes: Vec::new(),
            rng: Rng::new(1),
            plies: 0,
            buf: Vec::new(),
        };
        let v = t.evaluate(0);
        assert!(v[0] > 0.9 && v[1] < 0.1 && v[2] < 0.1, "{v:?}");
    }
}
