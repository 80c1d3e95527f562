//! Draughts behind the box's one game shape (`starhop_engine::shape`):
//! White is seat 0, Black seat 1; routes are square numbers (the start, then
//! every landing), so a capture's route names exactly one move.

use crate::board::Square;
use crate::error::DraughtsError;
use crate::game::{DrawRule, Game, Outcome, WinReason};
use crate::position::{Move, Position, Side};
use serde::{Deserialize, Serialize};
use starhop_engine::Seat;
use starhop_engine::shape::{BoxGame, GameKind, GameResult};

/// A draughts move as a route: the piece's square, then every landing
/// square. Two routes that take the same pieces are one move (RULES §11);
/// the route is the one shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraughtsMove {
    pub route: Vec<Square>,
}

/// The first route of a legal move in `pos`, its start included.
pub fn full_route(pos: &Position, m: &Move) -> Vec<Square> {
    let mut route = vec![m.from()];
    match pos.routes(m).into_iter().next() {
        Some(hops) => route.extend(hops),
        None => route.push(m.to()),
    }
    route
}

/// The legal move of `pos` with exactly this route (start included).
pub fn move_of_route(pos: &Position, route: &[Square]) -> Option<Move> {
    let (&from, hops) = route.split_first()?;
    let &to = hops.last()?;
    pos.legal_moves()
        .into_iter()
        .find(|m| m.from() == from && m.to() == to && pos.routes(m).iter().any(|r| r == hops))
}

fn win_key(reason: WinReason) -> &'static str {
    match reason {
        WinReason::NoPieces => "no_pieces",
        WinReason::NoMoves => "no_moves",
        WinReason::Resignation => "resignation",
        WinReason::Time => "time",
    }
}

fn draw_key(rule: DrawRule) -> &'static str {
    match rule {
        DrawRule::ThreefoldRepetition => "threefold_repetition",
        DrawRule::TwentyFiveKingMoves => "twenty_five_king_moves",
        DrawRule::SixteenMoveEnding => "sixteen_move_ending",
        DrawRule::FiveMoveEnding => "five_move_ending",
        DrawRule::ThirtyMovesWithoutCapture => "thirty_moves_without_capture",
        DrawRule::ThreeKingsAgainstOne => "three_kings_against_one",
        DrawRule::Agreement => "agreement",
    }
}

impl BoxGame for Game {
    type Move = DraughtsMove;
    type Error = DraughtsError;

    fn kind(&self) -> GameKind {
        GameKind::Draughts
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        (!Game::is_over(self)).then(|| self.side_to_move().index() as Seat)
    }

    fn legal_moves(&self) -> Vec<DraughtsMove> {
        let pos = self.position();
        Game::legal_moves(self)
            .iter()
            .map(|m| DraughtsMove {
                route: full_route(pos, m),
            })
            .collect()
    }

    fn route(&self, mv: &DraughtsMove) -> Vec<u16> {
        mv.route.iter().map(|&s| u16::from(s)).collect()
    }

    fn move_for_route(&self, route: &[u16]) -> Option<DraughtsMove> {
        if Game::is_over(self) {
            return None;
        }
        let squares: Vec<Square> = route
            .iter()
            .map(|&c| Square::try_from(c).ok())
            .collect::<Option<_>>()?;
        move_of_route(self.position(), &squares)?;
        Some(DraughtsMove { route: squares })
    }

    fn play(&mut self, mv: &DraughtsMove) -> Result<(), DraughtsError> {
        if Game::is_over(self) {
            return Err(DraughtsError::GameOver);
        }
        let pos = *self.position();
        let m = move_of_route(&pos, &mv.route).ok_or_else(|| {
            let text: Vec<String> = mv.route.iter().map(|s| s.to_string()).collect();
            DraughtsError::Illegal(text.join("x"))
        })?;
        Game::play(self, &m)
    }

    fn undo(&mut self) -> Result<(), DraughtsError> {
        Game::undo(self)
            .then_some(())
            .ok_or(DraughtsError::NothingToUndo)
    }

    fn redo(&mut self) -> Result<(), DraughtsError> {
        Game::redo(self)
            .then_some(())
            .ok_or(DraughtsError::NothingToRedo)
    }

    fn can_undo(&self) -> bool {
        Game::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn result(&self) -> Option<GameResult> {
        Some(match self.outcome()? {
            Outcome::Win { winner, reason } => {
                let won = |s: Side| s == winner;
                GameResult {
                    places: [Side::White, Side::Black]
                        .map(|s| if won(s) { 1 } else { 2 })
                        .to_vec(),
                    scores: Some(
                        [Side::White, Side::Black]
                            .map(|s| if won(s) { 1.0 } else { 0.0 })
                            .to_vec(),
                    ),
                    reason: win_key(reason),
                }
            }
            Outcome::Draw(rule) => GameResult {
                places: vec![1, 1],
                scores: Some(vec![0.5, 0.5]),
                reason: draw_key(rule),
            },
        })
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn revision(&self) -> u64 {
        Game::revision(self)
    }

    /// The position's own hash (pieces and side to move), which the draw
    /// rules and the bots already use for repetitions.
    fn position_checksum(&self) -> u64 {
        self.position().hash()
    }

    fn moves_played(&self) -> Vec<DraughtsMove> {
        self.moves()
            .enumerate()
            .filter_map(|(i, m)| {
                let before = self.position_before(i)?;
                Some(DraughtsMove {
                    route: full_route(before, m),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Variant;

    #[test]
    fn a_route_finds_its_move_and_plays_it() {
        let mut g = Game::new(Variant::International);
        let m = DraughtsMove {
            route: vec![32, 28],
        };
        assert_eq!(g.move_for_route(&[32, 28]), Some(m.clone()));
        assert_eq!(g.move_for_route(&[32, 27, 21]), None);
        assert_eq!(g.move_for_route(&[32]), None);
        assert_eq!(g.move_for_route(&[300, 28]), None);
        let r = g.revision();
        BoxGame::play(&mut g, &m).unwrap();
        assert_ne!(g.revision(), r);
        assert_eq!(BoxGame::to_move(&g), Some(1));
        assert_eq!(g.moves_played(), vec![m.clone()]);
        assert!(matches!(
            BoxGame::play(&mut g, &m),
            Err(DraughtsError::Illegal(_))
        ));
        BoxGame::undo(&mut g).unwrap();
        assert_eq!(BoxGame::undo(&mut g), Err(DraughtsError::NothingToUndo));
        BoxGame::redo(&mut g).unwrap();
        assert_eq!(BoxGame::redo(&mut g), Err(DraughtsError::NothingToRedo));
    }

    #[test]
    fn a_resignation_ends_with_a_result_and_undo_takes_it_back() {
        let mut g = Game::new(Variant::Russian);
        g.resign(Side::White).unwrap();
        let r = g.result().unwrap();
        assert_eq!(r.places, vec![2, 1]);
        assert_eq!(r.scores, Some(vec![0.0, 1.0]));
        assert_eq!(r.reason, "resignation");
        assert_eq!(BoxGame::to_move(&g), None);
        assert!(BoxGame::legal_moves(&g).is_empty());
        assert!(BoxGame::can_undo(&g));
        BoxGame::undo(&mut g).unwrap();
        assert_eq!(g.result(), None);
        g.agree_draw().unwrap();
        assert_eq!(g.result().unwrap().reason, "agreement");
    }
}
