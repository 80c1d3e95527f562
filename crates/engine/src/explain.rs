//! Why a move is refused, in a player's words: the game shows this when a
//! player picks a hole the lifted marble cannot go to.

use crate::error::RuleError;
use crate::game::Game;
use crate::position::Move;

impl Game {
    /// The reason the player to move may not play `mv`, or `None` when it is
    /// legal. The most specific reason wins: a full hole before a camp rule,
    /// a camp rule before "out of reach".
    pub fn why_not(&self, mv: Move) -> Option<RuleError> {
        let pos = self.position();
        let board = pos.board();
        let seat = self.to_move();
        if self.is_over() {
            return Some(RuleError::GameOver);
        }
        for h in [mv.from, mv.to] {
            if h as usize >= board.len() {
                return Some(RuleError::NoSuchHole(h));
            }
        }
        if !pos.marbles(seat).contains(mv.from) {
            return Some(RuleError::NotYourMarble(mv.from));
        }
        if let Some(power) = self.power_marble().filter(|&p| p != mv.from) {
            return Some(RuleError::PowerMarbleOnly(power));
        }
        if self.is_legal(mv) {
            return None;
        }
        if pos.all_marbles().contains(mv.to) {
            return Some(RuleError::Occupied(mv.to));
        }
        let rules = self.move_rules();
        if !pos.reach(mv.from, rules.long_jumps).contains(mv.to) {
            return Some(RuleError::IllegalMove {
                from: mv.from,
                to: mv.to,
            });
        }
        if !pos.allowed_ends(seat, mv.from, rules).contains(mv.to) {
            return Some(
                if rules.locked_in_target && pos.target(seat).contains(mv.from) {
                    RuleError::LockedInTarget(mv.from)
                } else {
                    RuleError::ForeignCamp(mv.to)
                },
            );
        }
        // Reachable and allowed by the camp rules: only the repetition limit is left.
        Some(RuleError::RepetitionLimit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Hole;
    use crate::geometry::Board;
    use crate::position::Position;
    use crate::rules::{FirstMoveMethod, Rules};

    fn rules() -> Rules {
        Rules {
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        }
    }

    /// A lone marble of seat 0 on `at`, and one of seat 1 far away.
    fn lone(at: Hole, other: Hole, rules: Rules) -> Game {
        let board = Board::get(4).unwrap();
        let mut pos = Position::empty(board, 2).unwrap();
        pos.place(0, at).unwrap();
        pos.place(1, other).unwrap();
        Game::from_position(rules, pos, 0).unwrap()
    }

    #[test]
    fn a_legal_move_has_no_reason_against_it() {
        let game = Game::new(rules(), 2, 0).unwrap();
        for mv in game.legal_moves() {
            assert_eq!(game.why_not(mv), None);
        }
    }

    #[test]
    fn each_refusal_names_its_rule() {
        let board = Board::get(4).unwrap();
        let game = Game::new(rules(), 2, 0).unwrap();
        let own = game.position().marbles(0).first().unwrap();
        let theirs = game.position().marbles(1).first().unwrap();
        assert_eq!(
            game.why_not(Move {
                from: theirs,
                to: own
            }),
            Some(RuleError::NotYourMarble(theirs))
        );
        // A back marble onto a neighbour that is taken.
        let crowded = game
            .position()
            .marbles(0)
            .iter()
            .find_map(|h| {
                board.neighbour[h as usize]
                    .iter()
                    .copied()
                    .find(|&n| n != crate::geometry::NONE && game.position().marbles(0).contains(n))
                    .map(|n| Move { from: h, to: n })
            })
            .unwrap();
        assert_eq!(game.why_not(crowded), Some(RuleError::Occupied(crowded.to)));
        // Far across the board: out of reach.
        let far = board
            .centre
            .iter()
            .max_by_key(|&h| board.distance(own, h))
            .unwrap();
        assert!(matches!(
            game.why_not(Move { from: own, to: far }),
            Some(RuleError::IllegalMove { .. })
        ));

        // A step into a neighbouring camp that is neither home nor target.
        let side_camp = game.position().board().camps[1];
        let (from, to) = board
            .centre
            .iter()
            .find_map(|h| {
                board.neighbour[h as usize]
                    .iter()
                    .copied()
                    .find(|&n| n != crate::geometry::NONE && side_camp.contains(n))
                    .map(|n| (h, n))
            })
            .unwrap();
        let far_away = game.position().home(1).first().unwrap();
        let g = lone(from, far_away, rules());
        assert_eq!(
            g.why_not(Move { from, to }),
            Some(RuleError::ForeignCamp(to))
        );

        // Locked in the target: a marble there may not step out.
        let target = g.position().target(0);
        let (inside, outside) = target
            .iter()
            .find_map(|h| {
                board.neighbour[h as usize]
                    .iter()
                    .copied()
                    .find(|&n| n != crate::geometry::NONE && board.centre.contains(n))
                    .map(|n| (h, n))
            })
            .unwrap();
        let locked = Rules {
            locked_in_target: true,
            ..rules()
        };
        let g = lone(inside, far_away, locked);
        assert_eq!(
            g.why_not(Move {
                from: inside,
                to: outside
            }),
            Some(RuleError::LockedInTarget(inside))
        );
    }

    #[test]
    fn a_banned_return_is_the_repetition_limit() {
        let board = Board::get(4).unwrap();
        // Four holes of the centre in a row-ish chain a-b-c-d, a and d apart.
        let a = board
            .centre
            .iter()
            .nth(board.centre.count() as usize / 2)
            .unwrap();
        let b = board.neighbour[a as usize]
            .iter()
            .copied()
            .find(|&n| n != crate::geometry::NONE && board.centre.contains(n))
            .unwrap();
        let c = board.neighbour[b as usize]
            .iter()
            .copied()
            .find(|&n| n != crate::geometry::NONE && n != a && board.centre.contains(n))
            .unwrap();
        let d = board.neighbour[c as usize]
            .iter()
            .copied()
            .find(|&n| {
                n != crate::geometry::NONE
                    && n != b
                    && board.centre.contains(n)
                    && board.distance(n, a) > 1
            })
            .unwrap();
        let mut game = lone(a, d, rules());
        let limit = game
            .rules()
            .repetition_limit
            .expect("classic has a repetition limit");
        // Shuttle a <-> b while seat 1 shuttles d <-> c, until a's return is banned.
        let (mut here, mut there) = (a, b);
        let (mut o_here, mut o_there) = (d, c);
        let mut returns = 0;
        while returns <= limit {
            game.play(Move {
                from: here,
                to: there,
            })
            .unwrap();
            std::mem::swap(&mut here, &mut there);
            game.play(Move {
                from: o_here,
                to: o_there,
            })
            .unwrap();
            std::mem::swap(&mut o_here, &mut o_there);
            returns += 1;
            if game.why_not(Move {
                from: here,
                to: there,
            }) == Some(RuleError::RepetitionLimit)
            {
                return;
            }
        }
        panic!("the return move was never banned");
    }
}
