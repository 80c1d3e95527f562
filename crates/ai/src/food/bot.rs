//! Bots for food checkers with several players (and a fallback hint for solo
//! games with slides, which the solver does not cover).

use crate::Level;
use starhop_engine::Rng;
use starhop_engine::food::{FoodGame, FoodMove};
use std::sync::atomic::AtomicBool;

/// The bot's move for the player to move, or `None` when the game is over.
pub fn choose(game: &FoodGame, level: Level, seed: u64, stop: &AtomicBool) -> Option<FoodMove> {
    let _ = (level, stop);
    let moves = game.legal_moves();
    let best = moves.iter().map(|m| m.captured.len()).max()?;
    let top: Vec<&FoodMove> = moves.iter().filter(|m| m.captured.len() == best).collect();
    let mut rng = Rng::new(seed);
    Some(top[rng.below(top.len() as u64) as usize].clone())
}
