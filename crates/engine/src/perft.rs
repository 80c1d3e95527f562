//! Perft: counts the leaf positions of every legal move sequence to a depth,
//! the standard self-check of a move generator (moves as distinct (from, to)).

use crate::game::Game;
use crate::position::Move;

/// Leaf positions at exactly `depth` plies from `game`'s current position.
/// A player with no move passes (that is their only legal action).
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 || game.is_over() {
        return u64::from(depth == 0);
    }
    let mut moves: Vec<Move> = Vec::with_capacity(128);
    game.legal_moves_into(&mut moves);
    if moves.is_empty() {
        if game.pass().is_err() {
            return 0;
        }
        let n = perft(game, depth - 1);
        game.undo().expect("undo after pass");
        return n;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        game.play(mv).expect("generated moves are legal");
        total += perft(game, depth - 1);
        game.undo().expect("undo after play");
    }
    total
}
