//! Where the pieces stand, and the legal moves of the seat to move: a step
//! to one of the eight neighbours, or a chain of jumps over adjacent pieces
//! of any colour (never landing twice on a square, never back on its
//! start). A move is a distinct (from, to) pair (§3); its route is the
//! shortest chain, for the hops to animate.

use super::board::{DIRECTIONS, Square, Squares, Yards, towards};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// One move: the piece's square, where it ends, and the squares it lands on
/// in between and at the end (`route[0] == from`, `route.last() == to`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HalmaMove {
    pub from: Square,
    pub to: Square,
    pub route: Vec<Square>,
}

/// The shared yards of 2 and 4 players.
pub fn yards(players: usize) -> Option<&'static Yards> {
    static TWO: OnceLock<Yards> = OnceLock::new();
    static FOUR: OnceLock<Yards> = OnceLock::new();
    match players {
        2 => Some(TWO.get_or_init(|| Yards::new(2).expect("two players' yards"))),
        4 => Some(FOUR.get_or_init(|| Yards::new(4).expect("four players' yards"))),
        _ => None,
    }
}

/// Each square's jumps by direction: the square jumped over and the
/// landing, two squares away (`None` off the board).
type JumpTable = [[Option<(Square, Square)>; 8]; 256];

/// `JUMPS[s][d]`, see [`JumpTable`].
fn jumps() -> &'static JumpTable {
    static JUMPS: OnceLock<JumpTable> = OnceLock::new();
    JUMPS.get_or_init(|| {
        std::array::from_fn(|s| {
            std::array::from_fn(|d| {
                let over = towards(s as Square, d, 1)?;
                Some((over, towards(s as Square, d, 2)?))
            })
        })
    })
}

/// `STEPS[s]`: the squares next to `s`.
fn steps() -> &'static [Squares; 256] {
    static STEPS: OnceLock<[Squares; 256]> = OnceLock::new();
    STEPS.get_or_init(|| {
        std::array::from_fn(|s| {
            let mut n = Squares::EMPTY;
            for d in 0..DIRECTIONS.len() {
                if let Some(t) = towards(s as Square, d, 1) {
                    n.insert(t);
                }
            }
            n
        })
    })
}

/// The pieces of a game of 2 or 4 players and the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HalmaPosition {
    pub players: u8,
    /// Each seat's pieces (seats past `players` are empty).
    pub pieces: [Squares; 4],
    pub to_move: u8,
}

impl HalmaPosition {
    /// Every seat's pieces in its home yard, seat 0 to move. `None` unless
    /// 2 or 4 players.
    pub fn start(players: usize) -> Option<HalmaPosition> {
        let y = yards(players)?;
        let mut pieces = [Squares::EMPTY; 4];
        for (seat, p) in pieces.iter_mut().enumerate().take(players) {
            *p = y.home(seat);
        }
        Some(HalmaPosition {
            players: players as u8,
            pieces,
            to_move: 0,
        })
    }

    pub fn yards(&self) -> &'static Yards {
        yards(self.players as usize).expect("2 or 4 players")
    }

    pub fn occupied(&self) -> Squares {
        self.pieces.iter().fold(Squares::EMPTY, |a, &b| a | b)
    }

    /// Every legal move of `seat`, in square order of `from`, then `to`.
    /// `no_foreign_stop`: a move may not end in another player's home yard
    /// (but for the seat's own target).
    pub fn moves(&self, seat: usize, no_foreign_stop: bool) -> Vec<HalmaMove> {
        let mut out = Vec::new();
        self.moves_into(seat, no_foreign_stop, &mut out);
        out
    }

    /// [`HalmaPosition::moves`] into a vector (cleared first).
    pub fn moves_into(&self, seat: usize, no_foreign_stop: bool, out: &mut Vec<HalmaMove>) {
        out.clear();
        let mut parent = [0u8; 256];
        for from in self.pieces[seat].iter() {
            let (reached, ends) = self.ends(seat, from, no_foreign_stop, &mut parent);
            for to in ends.iter() {
                let route = match reached.contains(to) {
                    true => {
                        let mut r = vec![to];
                        while *r.last().expect("a square") != from {
                            r.push(parent[*r.last().expect("a square") as usize]);
                        }
                        r.reverse();
                        r
                    }
                    false => vec![from, to],
                };
                out.push(HalmaMove { from, to, route });
            }
        }
    }

    /// Every legal (from, to) of `seat` without routes (the bots' search),
    /// in the order of [`HalmaPosition::moves`].
    pub fn pairs_into(&self, seat: usize, no_foreign_stop: bool, out: &mut Vec<(Square, Square)>) {
        out.clear();
        let mut parent = [0u8; 256];
        for from in self.pieces[seat].iter() {
            let (_, ends) = self.ends(seat, from, no_foreign_stop, &mut parent);
            out.extend(ends.iter().map(|to| (from, to)));
        }
    }

    /// Where the piece on `from` may end its move: the squares its chains
    /// reach (with each one's previous landing in `parent`, breadth first so
    /// the routes are shortest), and those and its steps less the barred.
    fn ends(
        &self,
        seat: usize,
        from: Square,
        no_foreign_stop: bool,
        parent: &mut [u8; 256],
    ) -> (Squares, Squares) {
        let occupied = self.occupied();
        let (steps, jumps) = (steps(), jumps());
        // The piece has left its start, which it may not land on again.
        let mut reached = Squares::EMPTY;
        reached.insert(from);
        let mut queue = [0u8; 256];
        let (mut head, mut tail) = (0, 0);
        queue[tail] = from;
        tail += 1;
        while head < tail {
            let at = queue[head];
            head += 1;
            for &(over, land) in jumps[at as usize].iter().flatten() {
                let filled = occupied.contains(over) && over != from;
                if filled && !occupied.contains(land) && !reached.contains(land) {
                    reached.insert(land);
                    parent[land as usize] = at;
                    queue[tail] = land;
                    tail += 1;
                }
            }
        }
        reached.remove(from);
        let mut ends = reached | (steps[from as usize] & !occupied);
        if no_foreign_stop {
            ends = ends & !self.yards().foreign(seat);
        }
        (reached, ends)
    }

    /// Moves `seat`'s piece (the move is not checked) and gives the turn on.
    pub fn apply(&mut self, seat: usize, mv: &HalmaMove) {
        self.apply_pair(seat, mv.from, mv.to);
    }

    /// [`HalmaPosition::apply`] by the move's squares alone.
    pub fn apply_pair(&mut self, seat: usize, from: Square, to: Square) {
        self.pieces[seat].remove(from);
        self.pieces[seat].insert(to);
        self.pass();
    }

    /// Gives the turn to the next seat.
    pub fn pass(&mut self) {
        self.to_move = (self.to_move + 1) % self.players;
    }

    /// Whether the piece on the route's first square can travel exactly
    /// this route now (legality of the move aside): one step onto an empty
    /// square, or hops each over a filled square onto an empty one it has
    /// not landed on before, its start included.
    pub fn is_valid_route(&self, route: &[Square]) -> bool {
        let (Some(&from), Some(&to)) = (route.first(), route.last()) else {
            return false;
        };
        let occupied = self.occupied();
        if route.len() == 2 && steps()[from as usize].contains(to) && !occupied.contains(to) {
            return true;
        }
        let mut landed = Squares::EMPTY;
        landed.insert(from);
        route.len() >= 2
            && route.windows(2).all(|leg| {
                let (at, land) = (leg[0], leg[1]);
                let hop = jumps()[at as usize]
                    .iter()
                    .flatten()
                    .any(|&(over, to)| to == land && occupied.contains(over) && over != from);
                let fresh = !occupied.contains(land) && !landed.contains(land);
                landed.insert(land);
                hop && fresh
            })
    }

    /// The seat whose piece stands on `s`.
    pub fn owner(&self, s: Square) -> Option<usize> {
        (0..self.players as usize).find(|&p| self.pieces[p].contains(s))
    }
}
