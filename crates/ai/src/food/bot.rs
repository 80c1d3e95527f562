//! Bots for food checkers with several players (and the hint of games the
//! solver does not cover: slides, or several players).
//!
//! Beginner plays any legal move, Easy the move that captures most. Medium and
//! up search alpha-beta to a depth, deepening while time lasts. With three or
//! more players the search is paranoid (everyone else plays against the bot)
//! in the real turn order: who moves next matters here, since the next player
//! takes whatever capture a move leaves. (Best-reply search, which lets any
//! opponent answer, scored 20 % against three Easy bots where paranoid scored
//! 41 %, over 40 games each.) The value is the bot's captures less the best
//! other player's; a finished game is worth a win or a loss.

use crate::Level;
use starhop_engine::Rng;
use starhop_engine::food::{FoodGame, FoodMove, FoodPosition, end_of};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Worth of a finished game, far above any capture count.
const WIN: i32 = 10_000;

/// The deepest each level searches (plies of the search tree).
pub fn max_depth(level: Level) -> u32 {
    match level {
        Level::Beginner => 0,
        Level::Easy => 1,
        Level::Medium => 2,
        Level::Hard => 4,
        Level::Master => 8,
    }
}

/// The bot's move for the player to move, within the level's thinking time;
/// `None` when the game is over.
pub fn choose(game: &FoodGame, level: Level, seed: u64, stop: &AtomicBool) -> Option<FoodMove> {
    let deadline = Instant::now() + Duration::from_millis(u64::from(level.think_ms()));
    choose_within(game, max_depth(level), Some(deadline), seed, stop)
}

/// The move of a fixed-depth search (0: a random legal move), for tests and
/// measurements that must not depend on the machine's speed.
pub fn choose_depth(game: &FoodGame, depth: u32, seed: u64, stop: &AtomicBool) -> Option<FoodMove> {
    choose_within(game, depth, None, seed, stop)
}

/// The move of a search to at most `depth` plies, deepening until `deadline`
/// (none: to the full depth).
pub fn choose_within(
    game: &FoodGame,
    depth: u32,
    deadline: Option<Instant>,
    seed: u64,
    stop: &AtomicBool,
) -> Option<FoodMove> {
    let mut moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut rng = Rng::new(seed);
    // A random order first, so equal moves are chosen among fairly.
    rng.shuffle(&mut moves);
    if depth == 0 || moves.len() == 1 {
        return moves.into_iter().next();
    }
    order(&mut moves);
    let rules = game.rules();
    let mut caps = [0i32; 6];
    for (c, &n) in caps.iter_mut().zip(game.captures()) {
        *c = n as i32;
    }
    let root = Node {
        position: game.position(),
        caps,
        quiet: game.quiet_slides(),
        to_move: game.to_move(),
    };
    let mut search = Search {
        me: game.to_move(),
        players: rules.players,
        slides: rules.slides,
        deadline,
        stop,
        nodes: 0,
    };
    let mut best = moves[0].clone();
    for d in 1..=depth {
        let Some((value, m)) = search.root_move(&root, &moves, d) else {
            break; // out of time: keep the last finished depth's move
        };
        best = m;
        // The best move first for the next, deeper iteration.
        if let Some(i) = moves.iter().position(|x| *x == best) {
            let m = moves.remove(i);
            moves.insert(0, m);
        }
        if value.abs() >= WIN / 2 {
            break; // the result is certain
        }
    }
    Some(best)
}

/// Captures first, longer chains before shorter.
fn order(moves: &mut [FoodMove]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.captured.len()));
}

/// What the search tracks of a game: the marbles, each player's captures,
/// the slides played in a row and who moves.
#[derive(Clone, Copy)]
struct Node {
    position: FoodPosition,
    caps: [i32; 6],
    quiet: usize,
    to_move: usize,
}

impl Node {
    fn after(&self, m: &FoodMove, players: usize) -> Node {
        let mut next = *self;
        next.position = self.position.after(m);
        next.caps[self.to_move] += m.captured.len() as i32;
        next.quiet = if m.is_slide() { self.quiet + 1 } else { 0 };
        next.to_move = (self.to_move + 1) % players;
        next
    }
}

struct Search<'a> {
    me: usize,
    players: usize,
    slides: bool,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    nodes: u64,
}

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        self.stop.load(Ordering::Relaxed)
            || (self.nodes.is_multiple_of(256)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    fn root_move(
        &mut self,
        root: &Node,
        moves: &[FoodMove],
        depth: u32,
    ) -> Option<(i32, FoodMove)> {
        let mut best: Option<(i32, FoodMove)> = None;
        let mut alpha = -WIN * 2;
        for m in moves {
            let v = self.value(&root.after(m, self.players), depth - 1, alpha, WIN * 2)?;
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, m.clone()));
                alpha = alpha.max(v);
            }
        }
        best
    }

    /// The node's worth to the bot; `None` when time ran out.
    fn value(&mut self, node: &Node, depth: u32, mut alpha: i32, mut beta: i32) -> Option<i32> {
        if self.out_of_time() {
            return None;
        }
        // The slides in a row that end the game are counted per full round.
        if end_of(&node.position, self.slides, self.players, node.quiet).is_some() {
            return Some(self.finished(node));
        }
        if depth == 0 {
            return Some(self.margin(node));
        }
        let mut moves = node.position.moves(self.slides);
        order(&mut moves);
        let mine = node.to_move == self.me;
        let mut best = if mine { -WIN * 2 } else { WIN * 2 };
        for m in &moves {
            let v = self.value(&node.after(m, self.players), depth - 1, alpha, beta)?;
            if mine {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    /// A finished game: a win (shared by those level on captures) or a loss.
    fn finished(&self, node: &Node) -> i32 {
        let margin = self.margin(node);
        let best = node.caps[..self.players].iter().max().copied().unwrap_or(0);
        let sharing = node.caps[..self.players]
            .iter()
            .filter(|&&c| c == best)
            .count() as i32;
        if node.caps[self.me] == best {
            WIN / sharing + margin
        } else {
            -WIN + margin
        }
    }

    /// The bot's captures less the best other player's.
    fn margin(&self, node: &Node) -> i32 {
        let other = (0..self.players)
            .filter(|&i| i != self.me)
            .map(|i| node.caps[i])
            .max()
            .unwrap_or(0);
        node.caps[self.me] - other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::Hex;
    use starhop_engine::food::{FoodRules, FoodStatus};

    fn game(players: usize, marbles: &[(i8, i8)]) -> FoodGame {
        FoodGame::new(FoodRules {
            holes: 37,
            players,
            slides: true,
            start: Some(marbles.iter().map(|&(q, r)| Hex::new(q, r)).collect()),
            finish: None,
        })
        .unwrap()
    }

    #[test]
    fn every_level_plays_a_legal_move_and_none_when_the_game_is_over() {
        let stop = AtomicBool::new(false);
        let mut g = FoodGame::new(FoodRules::table(37, 3)).unwrap();
        for (i, level) in Level::ALL.into_iter().enumerate() {
            let m = choose_depth(&g, max_depth(level).min(3), i as u64, &stop).unwrap();
            assert!(g.legal_moves().contains(&m));
            g.play(&m.route).unwrap();
        }
        let over = game(2, &[(0, 0), (1, 0)]);
        let mut over = over;
        over.play_hexes(&[Hex::new(0, 0), Hex::new(2, 0)]).unwrap();
        assert!(choose_depth(&over, 3, 1, &stop).is_none());
    }

    #[test]
    fn easy_takes_the_longest_chain() {
        // (0,0) can take one marble, or two in a chain.
        let g = game(2, &[(0, 0), (1, 0), (2, -1), (-3, 3), (-3, 2)]);
        let m = choose_depth(&g, 1, 9, &AtomicBool::new(false)).unwrap();
        assert_eq!(m.captured.len(), 2);
    }

    /// Plain minimax without pruning, written apart from the search.
    fn minimax(game: &mut FoodGame, root: usize, depth: u32) -> i32 {
        let caps = game.captures().to_vec();
        let other = (0..caps.len())
            .filter(|&i| i != root)
            .map(|i| caps[i])
            .max()
            .unwrap_or(0);
        let margin = caps[root] as i32 - other as i32;
        if let FoodStatus::Over { winners, .. } = game.status() {
            return if winners.contains(&root) {
                WIN / winners.len() as i32 + margin
            } else {
                -WIN + margin
            };
        }
        if depth == 0 {
            return margin;
        }
        let maximising = game.to_move() == root;
        let values = game.legal_moves().into_iter().map(|m| {
            game.play(&m.route).unwrap();
            let v = minimax(game, root, depth - 1);
            game.undo().unwrap();
            v
        });
        if maximising {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn the_searched_move_has_the_best_minimax_value_on_positions_from_random_games() {
        let stop = AtomicBool::new(false);
        for seed in 0..12u64 {
            let players = 2 + seed as usize % 3;
            let mut g = FoodGame::new(FoodRules::table(37, players)).unwrap();
            let mut rng = Rng::new(seed);
            for _ in 0..(4 + seed % 9) {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play(&moves[rng.below(moves.len() as u64) as usize].route)
                    .unwrap();
            }
            if g.is_over() {
                continue;
            }
            for depth in [2, 3] {
                let root = g.to_move();
                let chosen = choose_depth(&g, depth, seed, &stop).unwrap();
                let mut after = g.clone();
                after.play(&chosen.route).unwrap();
                let got = minimax(&mut after, root, depth - 1);
                let best = g
                    .legal_moves()
                    .into_iter()
                    .map(|m| {
                        let mut a = g.clone();
                        a.play(&m.route).unwrap();
                        minimax(&mut a, root, depth - 1)
                    })
                    .max()
                    .unwrap();
                assert_eq!(got, best, "seed {seed}, depth {depth}: {chosen:?}");
            }
        }
    }

    #[test]
    fn a_raised_stop_flag_still_returns_a_legal_move() {
        let g = FoodGame::new(FoodRules::table(61, 2)).unwrap();
        let m = choose(&g, Level::Master, 3, &AtomicBool::new(true)).unwrap();
        assert!(g.legal_moves().contains(&m));
    }
}
