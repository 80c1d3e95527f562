//! The marbles on the board as bitboards, and move generation over them.
//!
//! A move is one marble going from one hole to another by a single step or one
//! chain of jumps (RULES §3). Generation works on sets: `destinations` returns
//! every hole a marble can end on as a bitboard; routes are only rebuilt (by a
//! breadth-first search) when a move is played or animated.

use crate::bitboard::{Bitboard, Hole};
use crate::geometry::{Board, NONE};
use crate::rules::Rules;
use crate::seats::{Seat, home_camps, target_camp};
use serde::{Deserialize, Serialize};

/// A move is identified by where the marble starts and ends; different routes
/// to the same hole are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Hole,
    pub to: Hole,
}

/// The rule options that shape move generation, copied out of `Rules` so the
/// hot loop reads a few bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveRules {
    pub long_jumps: bool,
    pub no_stopping_in_foreign_camps: bool,
    pub locked_in_target: bool,
}

impl From<&Rules> for MoveRules {
    fn from(r: &Rules) -> MoveRules {
        MoveRules {
            long_jumps: r.long_jumps,
            no_stopping_in_foreign_camps: r.no_stopping_in_foreign_camps,
            locked_in_target: r.locked_in_target,
        }
    }
}

/// Marbles, walls and virtual marbles on one board.
#[derive(Clone)]
pub struct Position {
    board: &'static Board,
    players: u8,
    homes: [u8; 6],
    marbles: [Bitboard; 6],
    /// Holes nothing may stop on or jump over (party roadblocks).
    pub walls: Bitboard,
    /// Fixed marbles that can be jumped but never moved or landed on (party road workers).
    pub virtuals: Bitboard,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        // Boards are shared per size, so the size identifies the board.
        self.board.size == o.board.size
            && self.players == o.players
            && self.homes == o.homes
            && self.marbles == o.marbles
            && self.walls == o.walls
            && self.virtuals == o.virtuals
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", self.to_text())
    }
}

impl Position {
    /// An empty board with seats for `players` players (no marbles placed).
    pub fn empty(board: &'static Board, players: usize) -> Result<Position, crate::RuleError> {
        let camps = home_camps(players)?;
        let mut homes = [0u8; 6];
        homes[..players].copy_from_slice(camps);
        Ok(Position {
            board,
            players: players as u8,
            homes,
            marbles: [Bitboard::EMPTY; 6],
            walls: Bitboard::EMPTY,
            virtuals: Bitboard::EMPTY,
        })
    }

    /// The start position: every player's home camp full of their marbles.
    pub fn start(board: &'static Board, players: usize) -> Result<Position, crate::RuleError> {
        let mut p = Position::empty(board, players)?;
        for s in 0..players {
            p.marbles[s] = p.home(s as Seat);
        }
        Ok(p)
    }

    pub fn board(&self) -> &'static Board {
        self.board
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    pub fn home_camp(&self, seat: Seat) -> u8 {
        self.homes[seat as usize]
    }

    /// The holes of a seat's home camp.
    pub fn home(&self, seat: Seat) -> Bitboard {
        self.board.camps[self.homes[seat as usize] as usize]
    }

    /// The holes of a seat's target camp (the camp opposite home).
    pub fn target(&self, seat: Seat) -> Bitboard {
        self.board.camps[target_camp(self.homes[seat as usize]) as usize]
    }

    /// A seat's marbles.
    #[inline]
    pub fn marbles(&self, seat: Seat) -> Bitboard {
        self.marbles[seat as usize]
    }

    /// Every player's marbles together.
    #[inline]
    pub fn all_marbles(&self) -> Bitboard {
        self.marbles.iter().fold(Bitboard::EMPTY, |a, &b| a | b)
    }

    /// The seat whose marble stands on `h`.
    pub fn owner(&self, h: Hole) -> Option<Seat> {
        (0..self.players).find(|&s| self.marbles[s as usize].contains(h))
    }

    /// Holes where nothing stands: no marble, wall or virtual marble.
    pub fn empty_holes(&self) -> Bitboard {
        self.board.all() & !(self.all_marbles() | self.walls | self.virtuals)
    }

    /// Put a marble of `seat` on an empty hole (for set-up positions and items).
    pub fn place(&mut self, seat: Seat, h: Hole) -> Result<(), crate::RuleError> {
        if h as usize >= self.board.len() {
            return Err(crate::RuleError::NoSuchHole(h));
        }
        if !self.empty_holes().contains(h) {
            return Err(crate::RuleError::HoleTaken(h));
        }
        if seat >= self.players {
            return Err(crate::RuleError::NotPlaying(seat));
        }
        self.marbles[seat as usize].insert(h);
        Ok(())
    }

    /// Checks a set-up start (RULES §2, §4): every hole on the board and used
    /// once, every seat with 1 to a camp's worth of marbles (puzzles and endgame
    /// studies may use fewer; more cannot all reach the target), and nobody
    /// finished before the first move (they would "finish in 0 turns").
    pub fn check_start(&self) -> Result<(), crate::RuleError> {
        use crate::RuleError;
        let mut used = self.walls & self.virtuals;
        let mut all = self.walls | self.virtuals;
        for s in 0..self.players as usize {
            used |= all & self.marbles[s];
            all |= self.marbles[s];
        }
        if let Some(h) = used.first() {
            return Err(RuleError::HoleUsedTwice(h));
        }
        if let Some(h) = (all & !self.board.all()).first() {
            return Err(RuleError::NoSuchHole(h));
        }
        let most = self.board.camp_size() as u32;
        for seat in 0..self.players {
            match self.marbles(seat).count() {
                0 => return Err(RuleError::NoMarbles(seat)),
                count if count > most => {
                    return Err(RuleError::TooManyMarbles { seat, count, most });
                }
                _ => {}
            }
        }
        if let Some(seat) = (0..self.players).find(|&s| self.has_finished(s)) {
            return Err(RuleError::AlreadyFinished(seat));
        }
        Ok(())
    }

    /// Take whatever marble stands on `h` off the board.
    pub fn clear(&mut self, h: Hole) {
        for m in &mut self.marbles {
            m.remove(h);
        }
    }

    /// Move a marble without checking legality (the caller has).
    #[inline]
    pub fn shift(&mut self, seat: Seat, from: Hole, to: Hole) {
        let m = &mut self.marbles[seat as usize];
        m.remove(from);
        m.insert(to);
    }

    /// Where a hop from `h` in direction `d` lands, or `NONE`. `jumpable` holds
    /// what may be jumped over, `blocked` everything that is not an empty hole.
    #[inline]
    fn hop(&self, h: Hole, d: usize, jumpable: Bitboard, blocked: Bitboard, long: bool) -> Hole {
        let b = self.board;
        if !long {
            let over = b.neighbour[h as usize][d];
            let land = b.jump[h as usize][d];
            if land != NONE && over != NONE && jumpable.contains(over) && !blocked.contains(land) {
                return land;
            }
            return NONE;
        }
        // Long jump: the first thing along the line is a jumpable marble k holes
        // away, with the same number of empty holes beyond it and an empty landing.
        let ray = &b.rays[h as usize][d];
        let Some(i) = ray.iter().position(|&x| blocked.contains(x)) else {
            return NONE;
        };
        let land = 2 * i + 1;
        if !jumpable.contains(ray[i]) || land >= ray.len() {
            return NONE;
        }
        if ray[i + 1..=land].iter().any(|&x| blocked.contains(x)) {
            return NONE;
        }
        ray[land]
    }

    /// Every hole the marble on `from` can end a move on, before camp rules:
    /// single steps and every landing of a jump chain. The mover is lifted off
    /// its hole first, so its start counts as empty (and is never a landing).
    pub fn reach(&self, from: Hole, long: bool) -> Bitboard {
        self.reach_among(from, self.all_marbles(), long)
    }

    /// `reach` with every marble on the board already gathered in `all` (the
    /// move generator gathers them once per position, not once per marble).
    #[inline]
    fn reach_among(&self, from: Hole, all: Bitboard, long: bool) -> Bitboard {
        let b = self.board;
        let mut lifted = all;
        lifted.remove(from);
        let jumpable = lifted | self.virtuals;
        let blocked = jumpable | self.walls;
        let mut result = Bitboard::EMPTY;
        for &n in &b.neighbour[from as usize] {
            if n != NONE && !blocked.contains(n) {
                result.insert(n);
            }
        }
        let mut seen = Bitboard::single(from);
        let mut stack = [0 as Hole; 192];
        let mut top = 1;
        stack[0] = from;
        while top > 0 {
            top -= 1;
            let h = stack[top];
            for d in 0..6 {
                let land = self.hop(h, d, jumpable, blocked, long);
                if land != NONE && !seen.contains(land) {
                    seen.insert(land);
                    result.insert(land);
                    stack[top] = land;
                    top += 1;
                }
            }
        }
        result
    }

    /// Where a seat may end a move, by the camp rules: not in a foreign camp,
    /// and (when locked) not outside the target once there.
    pub fn allowed_ends(&self, seat: Seat, from: Hole, rules: MoveRules) -> Bitboard {
        let target = self.target(seat);
        if rules.locked_in_target && target.contains(from) {
            return target;
        }
        if rules.no_stopping_in_foreign_camps {
            self.board.centre | self.home(seat) | target
        } else {
            self.board.all()
        }
    }

    /// Legal destinations of the marble on `from` for `seat` (repetition limits
    /// are a game-history rule and are applied by `Game`).
    pub fn destinations(&self, seat: Seat, from: Hole, rules: MoveRules) -> Bitboard {
        if !self.marbles(seat).contains(from) {
            return Bitboard::EMPTY;
        }
        self.reach(from, rules.long_jumps) & self.allowed_ends(seat, from, rules)
    }

    /// Appends every legal move of `seat` to `out`.
    pub fn legal_moves(&self, seat: Seat, rules: MoveRules, out: &mut Vec<Move>) {
        let all = self.all_marbles();
        for from in self.marbles(seat).iter() {
            let ends = self.reach_among(from, all, rules.long_jumps)
                & self.allowed_ends(seat, from, rules);
            for to in ends.iter() {
                out.push(Move { from, to });
            }
        }
    }

    /// Whether `seat` has any legal move at all.
    pub fn has_move(&self, seat: Seat, rules: MoveRules) -> bool {
        let all = self.all_marbles();
        self.marbles(seat).iter().any(|from| {
            !(self.reach_among(from, all, rules.long_jumps) & self.allowed_ends(seat, from, rules))
                .is_empty()
        })
    }

    /// One shortest route of hops from `from` to `to` (both ends included), or
    /// `None` if the marble cannot get there. A step is the route `[from, to]`.
    pub fn route(&self, from: Hole, to: Hole, long: bool) -> Option<Vec<Hole>> {
        let b = self.board;
        let mut lifted = self.all_marbles();
        lifted.remove(from);
        let jumpable = lifted | self.virtuals;
        let blocked = jumpable | self.walls;
        if b.neighbour[from as usize].contains(&to) && !blocked.contains(to) {
            return Some(vec![from, to]);
        }
        let mut parent = [NONE; 192];
        let mut seen = Bitboard::single(from);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(h) = queue.pop_front() {
            for d in 0..6 {
                let land = self.hop(h, d, jumpable, blocked, long);
                if land == NONE || seen.contains(land) {
                    continue;
                }
                seen.insert(land);
                parent[land as usize] = h;
                if land == to {
                    let mut route = vec![to];
                    let mut x = to;
                    while x != from {
                        x = parent[x as usize];
                        route.push(x);
                    }
                    route.reverse();
                    return Some(route);
                }
                queue.push_back(land);
            }
        }
        None
    }

    /// Whether `route` is a legal way for the marble on its first hole to reach
    /// its last: one step, or hops that each jump legally, never landing twice
    /// on a hole and never returning to the start.
    pub fn is_valid_route(&self, route: &[Hole], long: bool) -> bool {
        let b = self.board;
        if route.len() < 2 || route.iter().any(|&h| h as usize >= b.len()) {
            return false;
        }
        let from = route[0];
        let mut lifted = self.all_marbles();
        lifted.remove(from);
        let jumpable = lifted | self.virtuals;
        let blocked = jumpable | self.walls;
        if route.len() == 2 && b.neighbour[from as usize].contains(&route[1]) {
            return !blocked.contains(route[1]);
        }
        let mut seen = Bitboard::single(from);
        for pair in route.windows(2) {
            let (h, next) = (pair[0], pair[1]);
            if seen.contains(next)
                || !(0..6).any(|d| self.hop(h, d, jumpable, blocked, long) == next)
            {
                return false;
            }
            seen.insert(next);
        }
        true
    }

    /// Marbles of `seat` outside its home camp.
    pub fn out_of_home(&self, seat: Seat) -> u32 {
        (self.marbles(seat) & !self.home(seat)).count()
    }

    /// Marbles of `seat` inside its target camp.
    pub fn in_target(&self, seat: Seat) -> u32 {
        (self.marbles(seat) & self.target(seat)).count()
    }

    /// RULES §4: every target hole is occupied and at least one of them by the seat itself.
    pub fn has_finished(&self, seat: Seat) -> bool {
        let target = self.target(seat);
        (self.all_marbles() & target) == target && !(self.marbles(seat) & target).is_empty()
    }

    /// The least total number of single steps that would bring all of a seat's
    /// marbles into its target, ignoring other marbles: a minimum-cost
    /// assignment of marbles to target holes by hex distance.
    pub fn remaining_distance(&self, seat: Seat) -> u32 {
        let marbles: Vec<Hole> = self.marbles(seat).iter().collect();
        let targets: Vec<Hole> = self.target(seat).iter().collect();
        crate::distance::min_assignment(&marbles, &targets, |a, b| self.board.distance(a, b) as u32)
    }

    /// The board as text, one row per line: `.` empty, `1`-`6` a seat's marble,
    /// `#` a wall, `*` a virtual marble.
    pub fn to_text(&self) -> String {
        let b = self.board;
        let n = b.size as i32;
        let mut out = String::new();
        let mut row = i32::MIN;
        let mut col = 0;
        for h in 0..b.len() as Hole {
            let hex = b.hex(h);
            if hex.r as i32 != row {
                if row != i32::MIN {
                    out.push('\n');
                }
                row = hex.r as i32;
                col = 0;
            }
            // Doubled coordinates put each row's holes between the row above's.
            let x = (2 * hex.q as i32 + hex.r as i32 + 4 * n) as usize;
            while col < x {
                out.push(' ');
                col += 1;
            }
            let c = if self.walls.contains(h) {
                '#'
            } else if self.virtuals.contains(h) {
                '*'
            } else {
                match self.owner(h) {
                    Some(s) => (b'1' + s) as char,
                    None => '.',
                }
            };
            out.push(c);
            col += 1;
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Hex;

    fn board() -> &'static Board {
        Board::get(4).unwrap()
    }

    fn at(q: i8, r: i8) -> Hole {
        board().hole(Hex::new(q, r)).unwrap()
    }

    fn free() -> MoveRules {
        MoveRules::default()
    }

    #[test]
    fn rule_3_two_player_start_has_14_moves() {
        let p = Position::start(board(), 2).unwrap();
        let mut moves = Vec::new();
        p.legal_moves(0, MoveRules::from(&Rules::classic()), &mut moves);
        assert_eq!(moves.len(), 14);
    }

    #[test]
    fn rule_3_step_goes_to_any_adjacent_empty_hole() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        p.place(1, at(1, 0)).unwrap();
        let d = p.destinations(0, at(0, 0), free());
        // Five empty neighbours plus the jump over (1,0) to (2,0).
        assert_eq!(d.count(), 6);
        assert!(d.contains(at(2, 0)));
        assert!(!d.contains(at(1, 0)));
    }

    #[test]
    fn rule_3_jumps_chain_in_any_direction_and_may_stop_after_any_hop() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        p.place(1, at(1, 0)).unwrap(); // jump east to (2,0)
        p.place(1, at(2, -1)).unwrap(); // then north-ish to (2,-2)
        p.place(0, at(1, -2)).unwrap(); // then west to (0,-2)
        let d = p.destinations(0, at(0, 0), free());
        for hex in [(2, 0), (2, -2), (0, -2)] {
            assert!(d.contains(at(hex.0, hex.1)), "{hex:?}");
        }
        assert_eq!(
            p.route(at(0, 0), at(0, -2), false).unwrap(),
            vec![at(0, 0), at(2, 0), at(2, -2), at(0, -2)]
        );
    }

    #[test]
    fn rule_3_different_routes_to_one_hole_are_one_move() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        // Two ways to (2,-2): over (1,0) then (2,-1), or over (0,-1) then (1,-2).
        for (q, r) in [(1, 0), (2, -1), (0, -1), (1, -2)] {
            p.place(1, at(q, r)).unwrap();
        }
        let mut moves = Vec::new();
        p.legal_moves(0, free(), &mut moves);
        let to_corner = moves.iter().filter(|m| m.to == at(2, -2)).count();
        assert_eq!(to_corner, 1);
        let route = p.route(at(0, 0), at(2, -2), false).unwrap();
        assert_eq!(route.len(), 3, "one shortest route of two hops: {route:?}");
        assert!(p.is_valid_route(&[at(0, 0), at(2, 0), at(2, -2)], false));
        assert!(p.is_valid_route(&[at(0, 0), at(0, -2), at(2, -2)], false));
    }

    #[test]
    fn rule_3_a_turn_is_a_step_or_jumps_never_both() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        p.place(1, at(2, 0)).unwrap();
        // Stepping to (1,0) and then jumping (2,0) to (3,0) is not one move.
        assert!(!p.destinations(0, at(0, 0), free()).contains(at(3, 0)));
    }

    #[test]
    fn rule_3_a_chain_never_returns_to_its_start() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        p.place(1, at(1, 0)).unwrap();
        let d = p.destinations(0, at(0, 0), free());
        assert!(!d.contains(at(0, 0)));
        assert!(!p.is_valid_route(&[at(0, 0), at(2, 0), at(0, 0)], false));
        assert!(!p.is_valid_route(&[at(0, 0), at(2, 0), at(0, 0), at(2, 0)], false));
    }

    #[test]
    fn rule_3_jumps_go_over_any_colour_and_virtual_marbles_but_not_walls() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        p.place(0, at(1, 0)).unwrap();
        p.virtuals.insert(at(-1, 0));
        p.walls.insert(at(0, 1));
        let d = p.destinations(0, at(0, 0), free());
        assert!(d.contains(at(2, 0)), "over own marble");
        assert!(d.contains(at(-2, 0)), "over a virtual marble");
        assert!(
            !d.contains(at(-1, 0)) && !d.contains(at(0, 1)),
            "nothing lands on them"
        );
        assert!(!d.contains(at(0, 2)), "no jumping a wall");
    }

    #[test]
    fn rule_3_long_jump_needs_equal_empty_holes_on_both_sides() {
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(-3, 0)).unwrap();
        p.place(1, at(0, 0)).unwrap(); // three holes away, two empty before it
        let long = MoveRules {
            long_jumps: true,
            ..free()
        };
        assert!(p.destinations(0, at(-3, 0), long).contains(at(3, 0)));
        assert!(!p.destinations(0, at(-3, 0), free()).contains(at(3, 0)));
        // A marble in the far half spoils the symmetry.
        p.place(1, at(2, 0)).unwrap();
        assert!(!p.destinations(0, at(-3, 0), long).contains(at(3, 0)));
    }

    #[test]
    fn rule_3_a_chain_may_mix_long_and_short_hops() {
        // (3,-2) can only be reached by a long hop over (0,0) to (3,0), then a
        // short hop over (3,-1): nothing else stands near either line.
        let mut p = Position::empty(board(), 2).unwrap();
        p.place(0, at(-3, 0)).unwrap();
        p.place(1, at(0, 0)).unwrap();
        p.place(1, at(3, -1)).unwrap();
        let long = MoveRules {
            long_jumps: true,
            ..free()
        };
        let goal = at(3, -2);
        assert!(p.destinations(0, at(-3, 0), long).contains(goal));
        assert!(!p.destinations(0, at(-3, 0), free()).contains(goal));
        let route = p.route(at(-3, 0), goal, true).unwrap();
        assert_eq!(route, vec![at(-3, 0), at(3, 0), goal]);
        let hops: Vec<u8> = route
            .windows(2)
            .map(|w| board().distance(w[0], w[1]))
            .collect();
        assert_eq!(hops, vec![6, 2], "a long hop (k = 3), then a short one");
        assert!(p.is_valid_route(&route, true));
        assert!(!p.is_valid_route(&route, false));
    }

    #[test]
    fn a_start_is_checked_hole_by_hole_and_seat_by_seat() {
        use crate::RuleError;
        let b = board();
        assert_eq!(Position::start(b, 3).unwrap().check_start(), Ok(()));
        let mut p = Position::start(b, 2).unwrap();
        let h = p.marbles(0).first().unwrap();
        p.walls.insert(h);
        assert_eq!(p.check_start(), Err(RuleError::HoleUsedTwice(h)));
        let mut p = Position::start(b, 2).unwrap();
        p.virtuals.insert(150);
        assert_eq!(p.check_start(), Err(RuleError::NoSuchHole(150)));
        let mut p = Position::start(b, 2).unwrap();
        p.place(1, at(0, 0)).unwrap();
        assert_eq!(
            p.check_start(),
            Err(RuleError::TooManyMarbles {
                seat: 1,
                count: 11,
                most: 10
            })
        );
        let mut p = Position::empty(b, 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        assert_eq!(p.check_start(), Err(RuleError::NoMarbles(1)));
        p.place(1, at(1, 0)).unwrap();
        assert_eq!(
            p.check_start(),
            Ok(()),
            "one marble each is a puzzle, not an error"
        );
        assert_eq!(p.place(1, at(1, 0)), Err(RuleError::HoleTaken(at(1, 0))));
    }

    #[test]
    fn rule_3_long_jump_landing_must_exist() {
        let b = board();
        // Eastwards from the centre the line has only 4 holes: (1,0)..(4,0).
        assert_eq!(b.rays[at(0, 0) as usize][0].len(), 4);
        let east: Bitboard = b.rays[at(0, 0) as usize][0].iter().copied().collect();
        let mut p = Position::empty(b, 2).unwrap();
        p.place(0, at(0, 0)).unwrap();
        p.place(1, at(2, 0)).unwrap(); // k = 2: lands on (4,0), which exists
        assert!(p.reach(at(0, 0), true).contains(at(4, 0)));
        p.clear(at(2, 0));
        p.place(1, at(3, 0)).unwrap(); // k = 3: the landing (6,0) is off the board
        assert_eq!(p.reach(at(0, 0), true) & east, Bitboard::single(at(1, 0)));
    }

    #[test]
    fn rule_3_no_stopping_in_foreign_camps_but_passing_through() {
        let b = board();
        let mut p = Position::empty(b, 2).unwrap();
        // Seat 0 lives in camp 0, targets camp 3; camp 1 is foreign.
        let camp1: Vec<Hole> = b.camps[1].iter().collect();
        let h = camp1
            .iter()
            .copied()
            .find(|&h| {
                b.neighbour[h as usize]
                    .iter()
                    .any(|&x| x != NONE && b.centre.contains(x))
            })
            .unwrap();
        let outside = b.neighbour[h as usize]
            .iter()
            .copied()
            .find(|&x| x != NONE && b.centre.contains(x))
            .unwrap();
        p.place(0, outside).unwrap();
        let rules = MoveRules::from(&Rules::classic());
        assert!(!p.destinations(0, outside, rules).contains(h));
        assert!(p.destinations(0, outside, free()).contains(h));
    }

    #[test]
    fn rule_3_locked_in_target_keeps_arrived_marbles_inside() {
        let b = board();
        let mut p = Position::empty(b, 2).unwrap();
        let tip = b.hole(Hex::new(4, -8)).unwrap(); // tip of camp 3
        assert!(p.target(0).contains(tip));
        p.place(0, tip).unwrap();
        let locked = MoveRules {
            locked_in_target: true,
            ..MoveRules::from(&Rules::classic())
        };
        let d = p.destinations(0, tip, locked);
        assert!(!d.is_empty());
        assert_eq!(d & !p.target(0), Bitboard::EMPTY);
        // Unlocked, the same marble may walk back out along a longer line.
        let mut q = Position::empty(b, 2).unwrap();
        let front = b.hole(Hex::new(2, -5)).unwrap();
        q.place(0, front).unwrap();
        assert!(
            !(q.destinations(0, front, MoveRules::from(&Rules::classic())) & b.centre).is_empty()
        );
        assert_eq!(q.destinations(0, front, locked) & b.centre, Bitboard::EMPTY);
    }

    #[test]
    fn rule_4_finishing_needs_a_full_target_with_an_own_marble() {
        let b = board();
        let mut p = Position::empty(b, 2).unwrap();
        for h in p.target(0).iter() {
            p.place(1, h).unwrap();
        }
        assert!(
            !p.has_finished(0),
            "a target full of spoilers only is not a finish"
        );
        let first = p.target(0).first().unwrap();
        p.clear(first);
        p.place(0, first).unwrap();
        assert!(p.has_finished(0));
        p.clear(first);
        assert!(!p.has_finished(0));
    }

    #[test]
    fn rule_4_remaining_distance_is_zero_only_at_home_in_target() {
        let b = board();
        let p = Position::start(b, 2).unwrap();
        // Every path from row r to row r' takes at least |r - r'| steps, and the
        // mirror assignment achieves it: 2 × (4·5 + 3·6 + 2·7 + 1·8) = 120.
        assert_eq!(p.remaining_distance(0), 120);
        assert_eq!(p.remaining_distance(1), 120);
        let mut q = Position::empty(b, 2).unwrap();
        for h in q.target(0).iter() {
            q.place(0, h).unwrap();
        }
        assert_eq!(q.remaining_distance(0), 0);
    }

    #[test]
    fn text_view_shows_every_hole_once() {
        for n in [3, 4, 5] {
            let p = Position::start(Board::get(n).unwrap(), 6).unwrap();
            let t = p.to_text();
            let marks = t.chars().filter(|c| !c.is_whitespace()).count();
            assert_eq!(marks, p.board().len());
            assert_eq!(t.lines().count(), 4 * n as usize + 1);
        }
    }
}
