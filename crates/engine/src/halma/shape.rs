//! Halma behind the box's one shape ([`BoxGame`]): its turns as routes, its
//! result, its checksum.

use super::game::{HalmaAction, HalmaError, HalmaGame};
use crate::game::checksum::Fnv;
use crate::seats::Seat;
use crate::shape::{BoxGame, GameKind, GameResult, end_reason_key};
use serde::{Deserialize, Serialize};

/// A turn of Halma as players, records and network peers give it: a move
/// by its route (its start, then each landing), or a pass when no move is
/// left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HalmaTurn {
    Hop { route: Vec<u8> },
    Pass,
}

impl BoxGame for HalmaGame {
    type Move = HalmaTurn;
    type Error = HalmaError;

    fn kind(&self) -> GameKind {
        GameKind::Halma
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| HalmaGame::to_move(self))
    }

    fn legal_moves(&self) -> Vec<HalmaTurn> {
        if self.is_over() {
            return Vec::new();
        }
        let moves = HalmaGame::legal_moves(self);
        if moves.is_empty() {
            return vec![HalmaTurn::Pass];
        }
        moves
            .into_iter()
            .map(|m| HalmaTurn::Hop { route: m.route })
            .collect()
    }

    fn route(&self, mv: &HalmaTurn) -> Vec<u16> {
        match mv {
            HalmaTurn::Hop { route } => route.iter().map(|&s| u16::from(s)).collect(),
            HalmaTurn::Pass => Vec::new(),
        }
    }

    /// The legal move from the route's start to its end, played along this
    /// very route (one the piece can travel: a step, or hops over filled
    /// squares), or a pass for an empty route when no move is left.
    fn move_for_route(&self, route: &[u16]) -> Option<HalmaTurn> {
        if self.is_over() {
            return None;
        }
        match (route.first(), route.last()) {
            (Some(&from), Some(&to)) if route.len() >= 2 => {
                let squares: Vec<u8> = route
                    .iter()
                    .map(|&s| u8::try_from(s).ok())
                    .collect::<Option<_>>()?;
                self.legal_move(u8::try_from(from).ok()?, u8::try_from(to).ok()?)?;
                self.position()
                    .is_valid_route(&squares)
                    .then_some(HalmaTurn::Hop { route: squares })
            }
            (None, _) => HalmaGame::legal_moves(self)
                .is_empty()
                .then_some(HalmaTurn::Pass),
            _ => None,
        }
    }

    fn play(&mut self, mv: &HalmaTurn) -> Result<(), HalmaError> {
        match mv {
            HalmaTurn::Hop { route } => match (route.first(), route.last()) {
                (Some(&from), Some(&to)) if route.len() >= 2 => HalmaGame::play(self, from, to),
                _ => Err(HalmaError::Illegal),
            },
            HalmaTurn::Pass => HalmaGame::pass(self),
        }
    }

    fn undo(&mut self) -> Result<(), HalmaError> {
        HalmaGame::undo(self)
    }

    fn redo(&mut self) -> Result<(), HalmaError> {
        HalmaGame::redo(self)
    }

    fn can_undo(&self) -> bool {
        HalmaGame::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        HalmaGame::can_redo(self)
    }

    fn result(&self) -> Option<GameResult> {
        let o = self.outcome()?;
        Some(GameResult {
            places: o.places.clone(),
            scores: o.scores.clone(),
            reason: end_reason_key(o.reason),
        })
    }

    fn is_over(&self) -> bool {
        HalmaGame::is_over(self)
    }

    fn revision(&self) -> u64 {
        HalmaGame::revision(self)
    }

    fn position_checksum(&self) -> u64 {
        let mut h = Fnv::new();
        h.u8(GameKind::Halma as u8);
        let pos = self.position();
        h.u8(pos.players);
        for seat in &pos.pieces[..pos.players as usize] {
            for w in seat.0 {
                h.u64(w);
            }
        }
        h.u8(pos.to_move);
        h.0
    }

    /// The moves and passes played (resignations are not moves).
    fn moves_played(&self) -> Vec<HalmaTurn> {
        self.actions()
            .filter_map(|a| match a {
                HalmaAction::Move { mv } => Some(HalmaTurn::Hop {
                    route: mv.route.clone(),
                }),
                HalmaAction::Pass => Some(HalmaTurn::Pass),
                HalmaAction::Resign { .. } => None,
            })
            .collect()
    }
}
