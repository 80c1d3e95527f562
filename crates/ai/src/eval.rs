//! Evaluation tables and terms, precomputed per board and seat so that the
//! search reads a few bytes per marble.
//!
//! - `tip[s][h]`: hex distance from hole `h` to the far tip of seat `s`'s
//!   target camp. Summed over a seat's marbles and less the sum over the
//!   target holes, it is a fast stand-in for the assignment-based remaining
//!   distance of RULES §4 (equal to it whenever the marbles can be matched
//!   row by row, as at the start), and it also charges for marbles that
//!   drift to the sides of the board.
//! - `axis[s][h]`: progress of `h` along the line from home to target (a cube
//!   coordinate), used to see when two armies have passed each other.
//! - Back-marble pressure: the spread between a seat's rearmost marble and its
//!   front (outside the target) costs extra, as do marbles still at home late
//!   in the game (the anti-passive rule, §4).
//! - Mobility: forward hops ready to take lower the cost a little (capped).

use starhop_engine::game::{ANTI_PASSIVE_TURNS, anti_passive_required};
use starhop_engine::{Bitboard, Board, Hole, Position, Seat};

/// Cost units per step of remaining distance.
pub const STEP: i32 = 16;
/// Cost units saved per forward hop ready to take (mobility), and the most counted.
pub const MOBILITY: i32 = STEP / 4;
pub const MOBILITY_CAP: i32 = 8;

pub struct Eval {
    pub board: &'static Board,
    pub players: usize,
    pub tip: Vec<[u8; 192]>,
    pub axis: Vec<[i8; 192]>,
    /// Sum of `tip` over the target holes: the value of a filled target.
    pub base: Vec<i32>,
    pub target: Vec<Bitboard>,
    pub home: Vec<Bitboard>,
    /// `exit[s][h]`: steps from `h` to the nearest hole outside `s`'s home camp.
    pub exit: Vec<[u8; 192]>,
    pub camp_size: u32,
    /// `shallow[s]`: the `tip` values of `s`'s target holes, largest first
    /// (the holes nearest the way in come first), for the team fill measure.
    pub shallow: Vec<Vec<u8>>,
}

impl Eval {
    pub fn new(pos: &Position) -> Eval {
        let board = pos.board();
        let players = pos.players();
        let n = board.size as i8;
        let mut tip = Vec::new();
        let mut axis = Vec::new();
        let mut base = Vec::new();
        let mut target = Vec::new();
        let mut home = Vec::new();
        let mut exit = Vec::new();
        let mut shallow = Vec::new();
        for s in 0..players as Seat {
            let t = pos.target(s);
            let tcamp = (pos.home_camp(s) + 3) % 6;
            // The tip: the target hole farthest from the centre.
            let tip_hole = t
                .iter()
                .max_by_key(|&h| board.hex(h).distance(starhop_engine::Hex::new(0, 0)))
                .unwrap();
            let mut row = [0u8; 192];
            let mut ax = [0i8; 192];
            for h in 0..board.len() as Hole {
                row[h as usize] = board.distance(h, tip_hole);
                let x = board.hex(h);
                ax[h as usize] = match tcamp {
                    0 => x.r,
                    1 => -x.s(),
                    2 => x.q,
                    3 => -x.r,
                    4 => x.s(),
                    _ => -x.q,
                };
            }
            let _ = n;
            let mut sh: Vec<u8> = t.iter().map(|h| row[h as usize]).collect();
            sh.sort_unstable_by(|a, b| b.cmp(a));
            shallow.push(sh);
            base.push(t.iter().map(|h| row[h as usize] as i32).sum());
            tip.push(row);
            axis.push(ax);
            target.push(t);
            let h_camp = pos.home(s);
            let mut ex = [0u8; 192];
            for h in h_camp.iter() {
                ex[h as usize] = (0..board.len() as Hole)
                    .filter(|&x| !h_camp.contains(x))
                    .map(|x| board.distance(h, x))
                    .min()
                    .unwrap_or(0);
            }
            exit.push(ex);
            home.push(h_camp);
        }
        Eval {
            board,
            players,
            tip,
            axis,
            base,
            target,
            home,
            exit,
            camp_size: board.camp_size() as u32,
            shallow,
        }
    }

    /// Steps gained by a move of `seat` (positive = towards the target).
    #[inline]
    pub fn gain(&self, seat: Seat, from: Hole, to: Hole) -> i32 {
        let t = &self.tip[seat as usize];
        t[from as usize] as i32 - t[to as usize] as i32
    }

    /// Sum of tip distances less the filled-target value (>= 0).
    #[inline]
    pub fn distance(&self, pos: &Position, seat: Seat) -> i32 {
        let t = &self.tip[seat as usize];
        let sum: i32 = pos.marbles(seat).iter().map(|h| t[h as usize] as i32).sum();
        sum - self.base[seat as usize]
    }

    /// The cost of a seat's position (lower is better): distance, the spread
    /// of the army, marbles left at home when the anti-passive rule bites,
    /// and (two players) mobility.
    pub fn cost(&self, pos: &Position, seat: Seat, turns: u32, anti_passive: bool) -> i32 {
        let s = seat as usize;
        let t = &self.tip[s];
        let target = self.target[s];
        let mut sum = 0i32;
        let mut back = 0i32;
        let mut front = i32::MAX;
        let mut outside = 0;
        for h in pos.marbles(seat).iter() {
            let d = t[h as usize] as i32;
            sum += d;
            if !target.contains(h) {
                outside += 1;
                back = back.max(d);
                front = front.min(d);
            }
        }
        let dist = sum - self.base[s];
        let mut cost = dist * STEP;
        if outside > 1 {
            // Back-marble pressure: a straggler far behind the front costs
            // more than its steps (it will lack marbles to hop over).
            let spread = back - front;
            cost += (spread - 5).max(0) * STEP / 2;
            cost += back * STEP / 4;
        }
        if anti_passive {
            cost += self.anti_passive_cost(pos, seat, turns);
        }
        // Mobility, two players only: armies that keep ladders open move
        // faster. With more players the crowded centre makes such hops as
        // useful to the opponents, and it measured weaker there (Master vs
        // Medium, 100 games at 50 ms: 4 players 85.5% with it against 93.0%
        // without, 6 players 51.0% against 65.5%), so it is left out.
        if self.players == 2 {
            cost -= self.mobility(pos, seat) * MOBILITY;
        }
        cost
    }

    /// The anti-passive term of [`Eval::cost`] (RULES §4): marbles still at
    /// home as a checkpoint nears each cost their steps to get out, heavily,
    /// while the count falls short.
    pub fn anti_passive_cost(&self, pos: &Position, seat: Seat, turns: u32) -> i32 {
        let s = seat as usize;
        let mut cost = 0;
        let at_home = pos.marbles(seat) & self.home[s];
        let out = self.camp_size - at_home.count();
        for checkpoint in ANTI_PASSIVE_TURNS {
            if turns + 14 >= checkpoint
                && turns < checkpoint
                && let Some(need) = anti_passive_required(checkpoint, self.camp_size)
                && out < need
            {
                let ex = &self.exit[s];
                let steps: i32 = at_home.iter().map(|h| ex[h as usize] as i32).sum();
                cost += (need - out) as i32 * STEP * 4 + steps * STEP * 2;
                // Little slack left before the checkpoint: urgent.
                let slack = (checkpoint - turns) as i32 - steps;
                if slack <= 6 {
                    cost += (7 - slack) * STEP * 16;
                }
                break;
            }
        }
        cost
    }

    /// Steps a team still needs to hold `need` marbles in its members'
    /// targets (RULES §6): each member's marbles, nearest first, go to its
    /// target holes nearest the way in first; a marble costs the steps it
    /// lacks to reach its hole's depth (0 once there). These increments grow
    /// along a member's marbles, so the `need` smallest over the team are a
    /// best split of the goal between the members.
    pub fn team_fill(&self, pos: &Position, members: &[Seat], need: u32) -> i32 {
        let mut inc = [0u8; 6 * 15];
        let mut n = 0;
        for &m in members {
            let t = &self.tip[m as usize];
            let mut d = [0u8; 15];
            let mut k = 0;
            for h in pos.marbles(m).iter().take(15) {
                d[k] = t[h as usize];
                k += 1;
            }
            d[..k].sort_unstable();
            for (di, &si) in d[..k].iter().zip(&self.shallow[m as usize]) {
                inc[n] = di.saturating_sub(si);
                n += 1;
            }
        }
        let inc = &mut inc[..n];
        inc.sort_unstable();
        inc.iter().take(need as usize).map(|&x| x as i32).sum()
    }

    /// The cost of a team's position (lower is better): the steps it lacks
    /// to fill its targets far enough to win, the members' whole distance at
    /// a quarter weight (marbles inside move deeper to let others in), and
    /// every member's anti-passive term (a member out loses the team).
    pub fn team_cost(
        &self,
        pos: &Position,
        members: &[Seat],
        need: u32,
        turns: &[u32; 6],
        anti_passive: bool,
    ) -> i32 {
        let mut cost = self.team_fill(pos, members, need) * STEP;
        for &m in members {
            cost += self.distance(pos, m) * STEP / 4;
            if anti_passive {
                cost += self.anti_passive_cost(pos, m, turns[m as usize]);
            }
        }
        cost
    }

    /// Forward hops of `seat` ready to take (a marble next to a marble with
    /// an empty hole behind it, towards the target), at most `MOBILITY_CAP`.
    pub fn mobility(&self, pos: &Position, seat: Seat) -> i32 {
        let t = &self.tip[seat as usize];
        let occupied = pos.all_marbles() | pos.virtuals;
        let blocked = occupied | pos.walls;
        let mut ready = 0;
        for h in pos.marbles(seat).iter() {
            for d in 0..6 {
                let over = self.board.neighbour[h as usize][d];
                let land = self.board.jump[h as usize][d];
                if land != starhop_engine::geometry::NONE
                    && over != starhop_engine::geometry::NONE
                    && occupied.contains(over)
                    && !blocked.contains(land)
                    && t[land as usize] < t[h as usize]
                {
                    ready += 1;
                }
            }
        }
        ready.min(MOBILITY_CAP)
    }

    /// Whether two players' armies no longer meet: every marble of `a` is
    /// ahead (along `a`'s axis) of every marble of `b`. Only meaningful for
    /// seats with opposite camps (two players).
    pub fn passed(&self, pos: &Position, a: Seat, b: Seat) -> bool {
        let ax = &self.axis[a as usize];
        let a_min = pos
            .marbles(a)
            .iter()
            .map(|h| ax[h as usize])
            .min()
            .unwrap_or(i8::MAX);
        let b_max = pos
            .marbles(b)
            .iter()
            .map(|h| ax[h as usize])
            .max()
            .unwrap_or(i8::MIN);
        a_min > b_max
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::{Board, Hex};

    #[test]
    fn a_forward_hop_ready_to_take_lowers_the_cost_by_the_mobility_bonus() {
        let board = Board::get(4).unwrap();
        let at = |q, r| board.hole(Hex::new(q, r)).unwrap();
        let mut pos = Position::empty(board, 2).unwrap();
        // Seat 0 heads north (towards smaller r); one marble in the centre.
        pos.place(0, at(0, 2)).unwrap();
        let ev = Eval::new(&pos);
        let alone = ev.cost(&pos, 0, 0, false);
        // A marble of the other player right in front, empty hole behind it: one hop ready.
        pos.place(1, at(0, 1)).unwrap();
        assert_eq!(ev.cost(&pos, 0, 0, false), alone - MOBILITY);
        // With the landing hole taken the hop is gone again.
        pos.place(1, at(0, 0)).unwrap();
        assert_eq!(ev.cost(&pos, 0, 0, false), alone);
    }
}
