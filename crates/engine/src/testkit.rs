//! Random games for tests and benchmarks (cargo feature `test-kit`).
//!
//! Uniformly random moves wander for ever: armies never meet and games never
//! end. These walks lean forward instead, so a few dozen plies give a
//! crowded mid-game and a few hundred usually reach the end. One builder,
//! shared by the engine's and the bots' tests and benchmarks; crates enable it
//! in their `[dev-dependencies]`:
//!
//! ```toml
//! starhop-engine = { workspace = true, features = ["test-kit"] }
//! ```

use crate::bitboard::Hole;
use crate::error::RuleError;
use crate::game::Game;
use crate::items::Item;
use crate::position::Move;
use crate::rng::Rng;
use crate::rules::{FirstMoveMethod, Preset, Rules};
use crate::seats::Seat;

/// What "forward" means for a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lean {
    /// Moves that bring the marble nearer the tip of its target camp. Cheap;
    /// armies meet in the middle, but crowded games may not finish.
    Tip,
    /// Moves that lower the mover's remaining distance the most (at least
    /// one step when any move does): random games under it reach their end.
    Progress,
}

/// A forward-leaning random walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    pub lean: Lean,
    /// Play any legal move, forward or not, one time in this many (`None`: never).
    pub wander_one_in: Option<u64>,
}

impl Default for Walk {
    /// Towards the tip, wandering one move in four.
    fn default() -> Walk {
        Walk {
            lean: Lean::Tip,
            wander_one_in: Some(4),
        }
    }
}

impl Walk {
    /// Always towards the tip, never wandering (the benchmarks' crowded mid-games).
    pub const STRAIGHT: Walk = Walk {
        lean: Lean::Tip,
        wander_one_in: None,
    };

    /// Always the most progress (random games that end).
    pub const PROGRESS: Walk = Walk {
        lean: Lean::Progress,
        wander_one_in: None,
    };

    /// The forward moves among `moves` (legal moves of the player to move).
    pub fn forward(&self, game: &Game, moves: &[Move]) -> Vec<Move> {
        let seat = game.to_move();
        let pos = game.position();
        match self.lean {
            Lean::Tip => {
                let Some(tip) = pos.target(seat).first() else {
                    return Vec::new();
                };
                let b = pos.board();
                moves
                    .iter()
                    .copied()
                    .filter(|m| b.distance(m.to, tip) < b.distance(m.from, tip))
                    .collect()
            }
            Lean::Progress => {
                let now = pos.remaining_distance(seat) as i32;
                let mut after = pos.clone();
                let gains: Vec<i32> = moves
                    .iter()
                    .map(|m| {
                        after.shift(seat, m.from, m.to);
                        let d = after.remaining_distance(seat) as i32;
                        after.shift(seat, m.to, m.from);
                        now - d
                    })
                    .collect();
                let Some(&best) = gains.iter().max() else {
                    return Vec::new();
                };
                moves
                    .iter()
                    .zip(&gains)
                    .filter(|&(_, &g)| g >= best.min(1))
                    .map(|(&m, _)| m)
                    .collect()
            }
        }
    }

    /// A move for the player to move, or `None` when they have no legal move.
    pub fn choose(&self, game: &Game, rng: &mut Rng) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let forward = self.forward(game, &moves);
        let pool = if forward.is_empty() || self.wander_one_in.is_some_and(|n| rng.below(n) == 0) {
            &moves
        } else {
            &forward
        };
        Some(pool[rng.below(pool.len() as u64) as usize])
    }

    /// Plays up to `plies` turns (a move, or a pass when there is none) and
    /// stops early when the game ends. Returns the number of turns played.
    pub fn play(&self, game: &mut Game, plies: usize, rng: &mut Rng) -> usize {
        for played in 0..plies {
            if game.is_over() {
                return played;
            }
            let result = match self.choose(game, rng) {
                Some(m) => game.play(m),
                None => game.pass(),
            };
            result.expect("a legal move, or a pass with no move left, is always accepted");
        }
        plies
    }
}

/// A new game after `plies` turns of the default walk, all drawn from `seed`
/// (the game's seed and the walk's).
pub fn forward_game(rules: Rules, players: usize, seed: u64, plies: usize) -> Game {
    let mut game = Game::new(rules, players, seed).expect("valid rules and player count");
    Walk::default().play(&mut game, plies, &mut Rng::new(seed));
    game
}

/// Hands `seat` an item outside the rules (a full hand stays as it is), so a
/// test can use any item at once. Undo keeps it: the history takes a snapshot.
pub fn give_item(game: &mut Game, seat: Seat, item: Item) -> Result<(), RuleError> {
    game.grant_item(seat, item)
}

/// Puts an item box on an empty hole outside the rules, for tests.
pub fn put_box(game: &mut Game, hole: Hole) -> Result<(), RuleError> {
    game.grant_box(hole)
}

/// A party game (a box every round, seat 0 first, no anti-passive rule)
/// advanced `plies` straight plies without using items, then on until the
/// player to move holds a full hand: the benchmarks' crowded party position.
pub fn party_midgame(players: usize, seed: u64, walk_seed: u64, plies: usize) -> Game {
    let rules = Rules {
        box_every: 1,
        anti_passive: false,
        first_move: FirstMoveMethod::Fixed(0),
        ..Preset::Party.rules()
    };
    let mut game = Game::new(rules, players, seed).expect("valid party rules");
    let mut rng = Rng::new(walk_seed);
    Walk::STRAIGHT.play(&mut game, plies, &mut rng);
    while game.held(game.to_move()).len() < crate::items::MAX_HELD {
        assert_eq!(
            Walk::STRAIGHT.play(&mut game, 1, &mut rng),
            1,
            "the game ended"
        );
    }
    game
}
