//! Perft for Halma: leaf positions of every legal move sequence to a depth,
//! moves counted as distinct (from, to) pairs; a seat with no move passes
//! (its only action). The move generator's self-check.

use super::position::{HalmaMove, HalmaPosition};

/// Leaf positions at exactly `depth` plies from `pos`.
pub fn perft(pos: &HalmaPosition, depth: u32, no_foreign_stop: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let seat = pos.to_move as usize;
    let mut moves: Vec<HalmaMove> = Vec::with_capacity(256);
    pos.moves_into(seat, no_foreign_stop, &mut moves);
    if moves.is_empty() {
        let mut next = *pos;
        next.pass();
        return perft(&next, depth - 1, no_foreign_stop);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = *pos;
            next.apply(seat, mv);
            perft(&next, depth - 1, no_foreign_stop)
        })
        .sum()
}
