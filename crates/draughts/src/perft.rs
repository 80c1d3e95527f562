//! Perft: the number of move sequences of a given length, counting a capture
//! once per set of pieces taken (the published counts do the same).

use crate::position::{Move, Position};

/// Leaf count at `depth` plies from `pos` (draw rules do not apply: perft
/// checks move generation only).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    walk(pos, depth, &mut bufs)
}

fn walk(pos: &Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    pos.generate(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for m in buf.iter() {
        let mut p = *pos;
        p.play(m);
        n += walk(&p, depth - 1, rest);
    }
    n
}

/// Perft split by first move: (move, leaf count), for finding a difference.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut p = *pos;
            p.play(&m);
            (m, perft(&p, depth.saturating_sub(1)))
        })
        .collect()
}
