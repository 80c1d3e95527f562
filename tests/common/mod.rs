//! Positions shared by the game-level tests.

use starhop_engine::{Hole, Position};

/// A two-player position on the small board where each player is one step
/// from home; also each seat's finishing step (from, to).
pub fn nearly_finished_position() -> (Position, Vec<(Hole, Hole)>) {
    let board = starhop_engine::Board::get(3).unwrap();
    let mut pos = Position::empty(board, 2).unwrap();
    let mut finishing = Vec::new();
    for seat in 0..2 {
        let target: Vec<Hole> = pos.target(seat).iter().collect();
        let entry = target
            .iter()
            .copied()
            .find(|&t| {
                board.neighbour[t as usize]
                    .iter()
                    .any(|&x| x != u8::MAX && board.centre.contains(x))
            })
            .unwrap();
        let outside = board.neighbour[entry as usize]
            .iter()
            .copied()
            .find(|&x| x != u8::MAX && board.centre.contains(x))
            .unwrap();
        for &h in target.iter().filter(|&&h| h != entry) {
            pos.place(seat, h).unwrap();
        }
        pos.place(seat, outside).unwrap();
        finishing.push((outside, entry));
    }
    (pos, finishing)
}
