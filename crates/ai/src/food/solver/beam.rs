//! A first solution by beam search over single captures: from each layer of
//! positions the `width` most promising children are kept, the rest
//! dropped. It proves nothing (what it drops may finish), but on large
//! positions of play that a depth-first search only decides in seconds or
//! not at all, one of a few scorings often finds one marble within a
//! fraction of a second: of 35 positions of 91 holes that a hint left
//! undecided after a second, 22 were solved by one of the three scorings
//! keeping 256 positions (0.02 to 0.35 s each), 5 of them still undecided
//! by a hint given 20 s.

use super::geo::{Geo, J};
use rustc_hash::FxHashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a child is scored (lower is kept first); every scoring puts marbles
/// with no neighbour (each needs another to come to it) first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scoring {
    /// Then the marbles' squared distances from the finish (the centre
    /// without one): gather them in.
    Gathered,
    /// Gathered, and many captures open.
    GatheredOpen,
    /// Few marbles on the rim (cleared only along it) and in the corners
    /// (only by leaving them), and many captures open.
    OffTheRim,
}

/// The scorings a hint tries in turn (each found solutions the others did
/// not).
pub(super) const SCORINGS: [Scoring; 3] =
    [Scoring::GatheredOpen, Scoring::Gathered, Scoring::OffTheRim];

/// One kept position: its marbles, its squared distances summed, the index
/// of its parent in the layer before, and the capture from there.
#[derive(Clone, Copy)]
struct Kept {
    m: u128,
    spread: i64,
    parent: u32,
    capture: J,
}

/// Searches for the captures that take `m` to one marble (on `finish`),
/// keeping `width` positions a layer; `None` when the beam runs dry or a
/// stop flag is raised (checked once a layer).
pub(super) fn first_solution(
    geo: &Geo,
    m: u128,
    finish: Option<u8>,
    width: usize,
    scoring: Scoring,
    stops: [Option<&AtomicBool>; 2],
) -> Option<Vec<J>> {
    let far = geo.squared_distances(finish).map(i64::from);
    let rim = geo.cells & !geo.disc(geo.n - 1);
    // The grid index's bits, read as the engine reads cells' bits.
    let spread = starhop_engine::food::cells(m)
        .map(|i| far[i as usize])
        .sum();
    let none = J {
        from: 0,
        over: 0,
        to: 0,
    };
    let mut layers = vec![vec![Kept {
        m,
        spread,
        parent: 0,
        capture: none,
    }]];
    let mut captures = Vec::with_capacity(64);
    let mut seen = FxHashSet::default();
    let mut next: Vec<(i64, Kept)> = Vec::new();
    for _ in 1..m.count_ones() {
        if stops
            .iter()
            .any(|s| s.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            return None;
        }
        seen.clear();
        next.clear();
        let layer = layers.last().expect("the start");
        for (parent, kept) in layer.iter().enumerate() {
            captures.clear();
            geo.jumps_into(kept.m, &mut captures);
            for &j in &captures {
                let c = kept.m ^ j.flips();
                let left = c.count_ones();
                let open = geo.jump_count(c) as i64;
                // A dead end, or (with a finish) cut by a pagoda.
                if left > 1 && open == 0
                    || left == 1 && finish.is_some_and(|f| c != 1u128 << f)
                    || finish.is_some_and(|f| geo.pagoda_cut(c, f).is_some())
                    || !seen.insert(c)
                {
                    continue;
                }
                let spread =
                    kept.spread - far[j.from as usize] - far[j.over as usize] + far[j.to as usize];
                let score = 100 * geo.isolated(c) as i64
                    + match scoring {
                        Scoring::Gathered => spread,
                        Scoring::GatheredOpen => spread - 4 * open,
                        Scoring::OffTheRim => {
                            30 * (c & rim).count_ones() as i64
                                + 50 * (c & geo.corners).count_ones() as i64
                                - open
                        }
                    };
                next.push((
                    score,
                    Kept {
                        m: c,
                        spread,
                        parent: parent as u32,
                        capture: j,
                    },
                ));
            }
        }
        if next.is_empty() {
            return None;
        }
        // Ties broken by a hash of the position, not by the order found.
        let rank = |&(score, ref k): &(i64, Kept)| {
            (
                score,
                k.m.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835),
            )
        };
        if next.len() > width {
            next.select_nth_unstable_by_key(width, rank);
            next.truncate(width);
        }
        layers.push(next.iter().map(|&(_, k)| k).collect());
    }
    // The last layer holds one marble (on the finish): read the captures
    // back from its first position.
    let mut path = Vec::with_capacity(layers.len() - 1);
    let mut at = 0usize;
    for layer in layers[1..].iter().rev() {
        path.push(layer[at].capture);
        at = layer[at].parent as usize;
    }
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::food::FoodBoard;

    /// Every solution the beam returns is a run of legal captures ending
    /// in one marble (on the finish when there is one); on 61 holes from
    /// the centre each scoring finds one.
    #[test]
    fn beam_solutions_are_legal_and_finish() {
        let board = FoodBoard::with_holes(61).unwrap();
        let geo = Geo::of(board);
        let centre = geo.idx(0, 0).unwrap();
        let start = geo.cells & !(1u128 << centre);
        for scoring in SCORINGS {
            for finish in [None, Some(centre)] {
                let path = first_solution(geo, start, finish, 256, scoring, [None, None])
                    .unwrap_or_else(|| panic!("{scoring:?} {finish:?}: no solution"));
                assert_eq!(path.len(), 59);
                assert!(Geo::legal(start, path.iter().copied()));
                let end = path.iter().fold(start, |m, j| m ^ j.flips());
                assert_eq!(end.count_ones(), 1);
                if let Some(f) = finish {
                    assert_eq!(end, 1u128 << f);
                }
            }
        }
    }
}
