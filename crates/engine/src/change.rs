//! How marbles moved, for the view: every change of the game reports its
//! marble changes, so the view animates exactly that and never needs to
//! rebuild itself to stay in step with the engine.

use crate::bitboard::Hole;
use crate::position::Position;
use crate::seats::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MarbleChange {
    /// A marble went hop by hop along `route` (a step is a route of two holes).
    Hop { seat: Seat, route: Vec<Hole> },
    /// A marble went straight from one hole to another: a flying wing, or
    /// the net effect of several actions (undo across many, a jump in a replay).
    Fly { seat: Seat, from: Hole, to: Hole },
    /// Two marbles traded holes (the swap item).
    Swap { a: Hole, b: Hole },
    /// A marble left the board (a capture in food checkers).
    Removed { seat: Seat, hole: Hole },
    /// A marble appeared on the board.
    Placed { seat: Seat, hole: Hole },
    /// Marbles moved at the same moment (a tornado): each `(from, to)` at once,
    /// so a marble may land where another one just left.
    Shuffle { moves: Vec<(Hole, Hole)> },
}

impl MarbleChange {
    /// Applies the change to a plain model of the board (hole → seat), the
    /// way a view applies it to its marbles.
    pub fn apply_to(&self, board: &mut BTreeMap<Hole, Seat>) {
        // A marble only leaves a hole it still holds: with several changes at
        // once, another marble may already have arrived there.
        let leave = |board: &mut BTreeMap<Hole, Seat>, seat: Seat, hole: Hole| {
            if board.get(&hole) == Some(&seat) {
                board.remove(&hole);
            }
        };
        match self {
            MarbleChange::Hop { seat, route } => {
                if let (Some(&from), Some(&to)) = (route.first(), route.last()) {
                    leave(board, *seat, from);
                    board.insert(to, *seat);
                }
            }
            MarbleChange::Fly { seat, from, to } => {
                leave(board, *seat, *from);
                board.insert(*to, *seat);
            }
            MarbleChange::Swap { a, b } => {
                let (sa, sb) = (board.remove(a), board.remove(b));
                if let Some(s) = sa {
                    board.insert(*b, s);
                }
                if let Some(s) = sb {
                    board.insert(*a, s);
                }
            }
            MarbleChange::Removed { seat, hole } => leave(board, *seat, *hole),
            MarbleChange::Placed { seat, hole } => {
                board.insert(*hole, *seat);
            }
            MarbleChange::Shuffle { moves } => {
                let lifted: Vec<(Option<Seat>, Hole)> = moves
                    .iter()
                    .map(|&(from, to)| (board.remove(&from), to))
                    .collect();
                for (seat, to) in lifted {
                    if let Some(s) = seat {
                        board.insert(to, s);
                    }
                }
            }
        }
    }
}

impl Position {
    /// The marble changes that turn this position into `other`: per seat, each
    /// vacated hole is paired with a filled one as a flight, in hole order;
    /// what is left over was removed or placed. Walls and virtual marbles are
    /// not marbles and are not reported.
    pub fn changes_to(&self, other: &Position) -> Vec<MarbleChange> {
        let mut out = Vec::new();
        let seats = self.players().max(other.players()) as Seat;
        for seat in 0..seats {
            let (mine, theirs) = (self.marbles(seat), other.marbles(seat));
            let mut vacated = (mine & !theirs).iter();
            let mut filled = (theirs & !mine).iter();
            loop {
                match (vacated.next(), filled.next()) {
                    (Some(from), Some(to)) => out.push(MarbleChange::Fly { seat, from, to }),
                    (Some(hole), None) => out.push(MarbleChange::Removed { seat, hole }),
                    (None, Some(hole)) => out.push(MarbleChange::Placed { seat, hole }),
                    (None, None) => break,
                }
            }
        }
        out
    }

    /// This position as a plain hole → seat map (what a view holds).
    pub fn marble_map(&self) -> BTreeMap<Hole, Seat> {
        (0..self.players() as Seat)
            .flat_map(|s| self.marbles(s).iter().map(move |h| (h, s)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Board;

    #[test]
    fn changes_to_turns_one_position_into_the_other() {
        let b = Board::get(3).unwrap();
        let a = Position::start(b, 3).unwrap();
        let mut z = a.clone();
        let holes: Vec<Hole> = b.centre.iter().collect();
        // Seat 0 moves two marbles, seat 1 loses one, seat 2 gains one.
        let m0: Vec<Hole> = a.marbles(0).iter().take(2).collect();
        z.shift(0, m0[0], holes[0]);
        z.shift(0, m0[1], holes[1]);
        z.clear(a.marbles(1).first().unwrap());
        z.place(2, holes[5]).unwrap();
        let changes = a.changes_to(&z);
        assert_eq!(changes.len(), 4, "{changes:?}");
        let mut map = a.marble_map();
        for c in &changes {
            c.apply_to(&mut map);
        }
        assert_eq!(map, z.marble_map());
        assert!(a.changes_to(&a).is_empty());
    }

    #[test]
    fn simultaneous_changes_do_not_lose_a_marble_that_arrived_first() {
        let mut map = BTreeMap::from([(1, 0), (2, 1)]);
        // Seat 0 flies onto hole 2 before seat 1 leaves it for hole 3.
        MarbleChange::Fly {
            seat: 0,
            from: 1,
            to: 2,
        }
        .apply_to(&mut map);
        MarbleChange::Fly {
            seat: 1,
            from: 2,
            to: 3,
        }
        .apply_to(&mut map);
        assert_eq!(map, BTreeMap::from([(2, 0), (3, 1)]));
        // A tornado rotates three marbles in one go.
        let mut map = BTreeMap::from([(1, 0), (2, 1), (3, 2)]);
        MarbleChange::Shuffle {
            moves: vec![(1, 2), (2, 3), (3, 1)],
        }
        .apply_to(&mut map);
        assert_eq!(map, BTreeMap::from([(2, 0), (3, 1), (1, 2)]));
        MarbleChange::Swap { a: 1, b: 3 }.apply_to(&mut map);
        assert_eq!(map, BTreeMap::from([(2, 0), (1, 1), (3, 2)]));
    }
}
