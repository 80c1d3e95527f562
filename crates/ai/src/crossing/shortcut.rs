//! Shortcuts inside a crossing: the shortest way between the two ends of a
//! window of a line, found by a breadth-first search from both ends. A
//! crossing move played backwards is a move (chains and steps reverse, and a
//! move always starts where a marble may stand), so the search grows the far
//! end's side with ordinary moves and undoes them when it splices.
//!
//! Used by the `crossing_shortcut` example to test how far the best lines
//! found are from locally shortest (docs/rules.md §11).

use super::{Crossing, after};
use rustc_hash::FxHashMap;
use starhop_engine::{Bitboard, Move};

/// Positions reached from one end: the depth first reached, the position
/// before and the move from it.
type Side = FxHashMap<Bitboard, (u8, Bitboard, Move)>;

/// Layers out to `depth` moves from `root`, each position once, at its first
/// depth, keeping only positions that could still reach `other` within
/// `budget` moves in all: a move shifts one marble, so a position needs at
/// least as many moves as it has marbles off `other`'s holes.
fn grow(c: &Crossing, root: Bitboard, depth: u8, other: Bitboard, budget: u8) -> Side {
    let mut seen = Side::default();
    seen.insert(root, (0, root, Move { from: 0, to: 0 }));
    let mut layer = vec![root];
    for d in 1..=depth {
        let mut next = Vec::new();
        for &m in &layer {
            for mv in c.moves(m) {
                let n = after(m, mv);
                if (n & !other).count() + u32::from(d) > u32::from(budget) {
                    continue;
                }
                seen.entry(n).or_insert_with(|| {
                    next.push(n);
                    (d, m, mv)
                });
            }
        }
        layer = next;
    }
    seen
}

/// The moves from the root of `side` to `m`.
fn path_to(side: &Side, mut m: Bitboard) -> Vec<Move> {
    let mut back = Vec::new();
    while let Some(&(d, parent, mv)) = side.get(&m)
        && d > 0
    {
        back.push(mv);
        m = parent;
    }
    back.reverse();
    back
}

/// The shortest way from `a` to `b`, if there is one of fewer than `within`
/// moves.
pub fn shortcut(c: &Crossing, a: Bitboard, b: Bitboard, within: u8) -> Option<Vec<Move>> {
    let budget = within.checked_sub(1)?;
    let from_a = grow(c, a, budget.div_ceil(2), b, budget);
    let from_b = grow(c, b, budget / 2, a, budget);
    let (_, meet) = from_b
        .iter()
        .filter_map(|(&m, &(db, _, _))| from_a.get(&m).map(|&(da, _, _)| (da + db, m)))
        .min_by_key(|&(len, _)| len)?;
    let mut moves = path_to(&from_a, meet);
    // `b`'s side was grown forwards: its moves, undone in reverse order, lead on to `b`.
    moves.extend(path_to(&from_b, meet).into_iter().rev().map(|mv| Move {
        from: mv.to,
        to: mv.from,
    }));
    Some(moves)
}

/// `moves` with every window of `window` moves replaced by a shorter way
/// between its ends where there is one, trying all windows again after each
/// splice, so no window of the line returned has a shortcut. `report` hears
/// each window tried: its first move and the length of its shortcut.
pub fn shorten(
    c: &Crossing,
    mut moves: Vec<Move>,
    window: u8,
    mut report: impl FnMut(usize, Option<usize>),
) -> Vec<Move> {
    let w = usize::from(window);
    let mut i = 0;
    while i + w <= moves.len() {
        let mut at = c.start();
        for &mv in &moves[..i] {
            at = after(at, mv);
        }
        let end = moves[i..i + w].iter().fold(at, |m, &mv| after(m, mv));
        let found = shortcut(c, at, end, window);
        report(i, found.as_ref().map(Vec::len));
        match found {
            Some(short) => {
                moves.splice(i..i + w, short);
                i = 0;
            }
            None => i += 1,
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crossing::best_known_moves;

    fn line(size: u8) -> (Crossing, Vec<Move>) {
        let c = Crossing::new(size, false).unwrap();
        (c, best_known_moves(size, false).unwrap())
    }

    #[test]
    fn a_detour_is_cut_and_the_proven_line_stays_as_long() {
        let (c, proven) = line(3);
        assert!(c.crosses(&proven));
        let shortest = shorten(&c, proven.clone(), 6, |_, _| {});
        assert_eq!(shortest.len(), proven.len(), "17 is the proven optimum");

        // Two moves out and back after the fifth: the crossing is 21 moves long.
        let mut at = c.start();
        for &mv in &proven[..5] {
            at = after(at, mv);
        }
        let out = c.moves(at)[0];
        let back = *c
            .moves(after(at, out))
            .iter()
            .find(|m| m.to != out.from)
            .unwrap();
        let mut detour = proven[..5].to_vec();
        detour.extend([
            out,
            back,
            Move {
                from: back.to,
                to: back.from,
            },
        ]);
        detour.push(Move {
            from: out.to,
            to: out.from,
        });
        detour.extend(&proven[5..]);
        assert!(c.crosses(&detour));

        let mut cuts = Vec::new();
        let cut = shorten(&c, detour, 6, |i, found| cuts.extend(found.map(|n| (i, n))));
        assert!(c.crosses(&cut));
        assert_eq!(cut.len(), proven.len());
        assert!(!cuts.is_empty(), "a window with the detour was shortened");
    }

    #[test]
    fn the_shortcut_between_two_positions_is_as_long_as_the_breadth_first_distance() {
        let (c, proven) = line(3);
        let mut at = c.start();
        for &mv in &proven[..4] {
            at = after(at, mv);
        }
        // Every position within three moves of `at`, by plain breadth-first search.
        let mut dist = FxHashMap::default();
        dist.insert(at, 0u8);
        let mut layer = vec![at];
        for d in 1..=3 {
            let mut next = Vec::new();
            for &m in &layer {
                for mv in c.moves(m) {
                    let n = after(m, mv);
                    dist.entry(n).or_insert_with(|| {
                        next.push(n);
                        d
                    });
                }
            }
            layer = next;
        }
        for (&b, &d) in dist.iter().step_by(97) {
            let found = shortcut(&c, at, b, 4).expect("within three moves");
            assert_eq!(found.len(), usize::from(d));
            let end = found.iter().fold(at, |m, &mv| {
                assert!(c.moves(m).contains(&mv));
                after(m, mv)
            });
            assert_eq!(end, b);
            assert!(shortcut(&c, at, b, d).is_none(), "nothing shorter than {d}");
        }
    }
}
