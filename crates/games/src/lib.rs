//! `starhop-games`: every game of the Starhop box behind one shape, the way
//! `shakmaty` puts its chess variants behind `VariantPosition`.
//!
//! - [`AnyGame`]: one enum over classic and party Chinese checkers, food
//!   checkers, the crossing challenge, draughts and Halma, implementing
//!   [`BoxGame`] by dispatch (no boxing), with its moves as [`AnyMove`].
//! - [`AnyRecord`]: one record format tagged with its game and a version
//!   (`{"format": "starhop-game-record", "game": "draughts", "version": 1,
//!   "record": {...}}`); [`read_any_record`] also reads every game's own
//!   untagged records as saved before.
//! - [`BoxBot`]: the matching bot for any game, within a level, a time and
//!   a stop flag ([`Think`]).
//!
//! No rules live here: every call goes to the game's own crate.

mod bot;
mod record;

pub use bot::{BoxBot, Think};
pub use record::{
    ANY_RECORD_FORMAT, ANY_RECORD_VERSION, AnyRecord, AnyRecordError, MAX_ANY_RECORD_BYTES,
    load_any_record, read_any_record, read_any_record_from,
};
pub use starhop_engine::shape::{BoxGame, ClassicMove, CrossingMove, GameKind, GameResult};

use serde::{Deserialize, Serialize};
use starhop_draughts::{DraughtsError, DraughtsMove};
use starhop_engine::crossing::CrossingGame;
use starhop_engine::food::{FoodError, FoodGame, FoodMove};
use starhop_engine::halma::{HalmaError, HalmaGame, HalmaTurn};
use starhop_engine::{Game, RuleError, Seat};
use thiserror::Error;

/// The draughts game (`starhop_draughts::Game`), named apart from classic's.
pub type DraughtsGame = starhop_draughts::Game;

/// Any game of the box. `Classic` holds classic and party Chinese checkers
/// (party is classic with items: [`BoxGame::kind`] tells them apart).
///
/// Unboxed on purpose: a program holds one game (or a few) at a time, and
/// dispatch stays a match on the stack, as with `shakmaty`'s enum.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Classic(Game),
    Food(FoodGame),
    Crossing(CrossingGame),
    Draughts(DraughtsGame),
    Halma(HalmaGame),
}

/// A move of any game, tagged with the game it belongs to:
/// `{"game": "draughts", "route": [32, 28]}`,
/// `{"game": "classic", "kind": "hop", "route": [3, 9]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum AnyMove {
    /// Classic and party Chinese checkers.
    Classic(ClassicMove),
    Food(FoodMove),
    Crossing(CrossingMove),
    Draughts(DraughtsMove),
    Halma(HalmaTurn),
}

impl AnyMove {
    /// The game this move is for, as its tag says (`"classic"` for party too).
    pub fn game_tag(&self) -> &'static str {
        match self {
            AnyMove::Classic(_) => "classic",
            AnyMove::Food(_) => "food",
            AnyMove::Crossing(_) => "crossing",
            AnyMove::Draughts(_) => "draughts",
            AnyMove::Halma(_) => "halma",
        }
    }
}

/// Why a game of the box refused a request.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnyError {
    /// Classic, party and the crossing.
    #[error(transparent)]
    Rules(#[from] RuleError),
    #[error(transparent)]
    Food(#[from] FoodError),
    #[error(transparent)]
    Draughts(#[from] DraughtsError),
    #[error(transparent)]
    Halma(#[from] HalmaError),
    #[error("that is a move of {found}, and this game is {game}")]
    WrongGame { game: GameKind, found: &'static str },
    #[error("no legal move follows that route")]
    NoMoveForRoute,
}

impl From<Game> for AnyGame {
    fn from(g: Game) -> AnyGame {
        AnyGame::Classic(g)
    }
}
impl From<FoodGame> for AnyGame {
    fn from(g: FoodGame) -> AnyGame {
        AnyGame::Food(g)
    }
}
impl From<CrossingGame> for AnyGame {
    fn from(g: CrossingGame) -> AnyGame {
        AnyGame::Crossing(g)
    }
}
impl From<DraughtsGame> for AnyGame {
    fn from(g: DraughtsGame) -> AnyGame {
        AnyGame::Draughts(g)
    }
}
impl From<HalmaGame> for AnyGame {
    fn from(g: HalmaGame) -> AnyGame {
        AnyGame::Halma(g)
    }
}

/// Runs `$body` with `$g` bound to the game inside, whatever it is.
macro_rules! each {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Classic($g) => $body,
            AnyGame::Food($g) => $body,
            AnyGame::Crossing($g) => $body,
            AnyGame::Draughts($g) => $body,
            AnyGame::Halma($g) => $body,
        }
    };
}

impl AnyGame {
    pub fn as_classic(&self) -> Option<&Game> {
        match self {
            AnyGame::Classic(g) => Some(g),
            _ => None,
        }
    }
    pub fn as_food(&self) -> Option<&FoodGame> {
        match self {
            AnyGame::Food(g) => Some(g),
            _ => None,
        }
    }
    pub fn as_crossing(&self) -> Option<&CrossingGame> {
        match self {
            AnyGame::Crossing(g) => Some(g),
            _ => None,
        }
    }
    pub fn as_draughts(&self) -> Option<&DraughtsGame> {
        match self {
            AnyGame::Draughts(g) => Some(g),
            _ => None,
        }
    }
    pub fn as_halma(&self) -> Option<&HalmaGame> {
        match self {
            AnyGame::Halma(g) => Some(g),
            _ => None,
        }
    }

    /// Finds the legal move this route makes and plays it (what a UI or a
    /// network peer that sends routes calls); returns the move played.
    pub fn play_route(&mut self, route: &[u16]) -> Result<AnyMove, AnyError> {
        let mv = self.move_for_route(route).ok_or(AnyError::NoMoveForRoute)?;
        self.play(&mv)?;
        Ok(mv)
    }

    fn wrong(&self, mv: &AnyMove) -> AnyError {
        AnyError::WrongGame {
            game: self.kind(),
            found: mv.game_tag(),
        }
    }
}

impl BoxGame for AnyGame {
    type Move = AnyMove;
    type Error = AnyError;

    fn kind(&self) -> GameKind {
        each!(self, g => g.kind())
    }

    fn seats(&self) -> usize {
        each!(self, g => BoxGame::seats(g))
    }

    fn to_move(&self) -> Option<Seat> {
        each!(self, g => BoxGame::to_move(g))
    }

    fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Classic(g) => wrap(BoxGame::legal_moves(g), AnyMove::Classic),
            AnyGame::Food(g) => wrap(BoxGame::legal_moves(g), AnyMove::Food),
            AnyGame::Crossing(g) => wrap(BoxGame::legal_moves(g), AnyMove::Crossing),
            AnyGame::Draughts(g) => wrap(BoxGame::legal_moves(g), AnyMove::Draughts),
            AnyGame::Halma(g) => wrap(BoxGame::legal_moves(g), AnyMove::Halma),
        }
    }

    /// The route of a move of this game; empty for another game's move.
    fn route(&self, mv: &AnyMove) -> Vec<u16> {
        match (self, mv) {
            (AnyGame::Classic(g), AnyMove::Classic(m)) => g.route(m),
            (AnyGame::Food(g), AnyMove::Food(m)) => g.route(m),
            (AnyGame::Crossing(g), AnyMove::Crossing(m)) => g.route(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.route(m),
            (AnyGame::Halma(g), AnyMove::Halma(m)) => g.route(m),
            _ => Vec::new(),
        }
    }

    fn move_for_route(&self, route: &[u16]) -> Option<AnyMove> {
        match self {
            AnyGame::Classic(g) => g.move_for_route(route).map(AnyMove::Classic),
            AnyGame::Food(g) => g.move_for_route(route).map(AnyMove::Food),
            AnyGame::Crossing(g) => g.move_for_route(route).map(AnyMove::Crossing),
            AnyGame::Draughts(g) => g.move_for_route(route).map(AnyMove::Draughts),
            AnyGame::Halma(g) => g.move_for_route(route).map(AnyMove::Halma),
        }
    }

    fn play(&mut self, mv: &AnyMove) -> Result<(), AnyError> {
        match (&mut *self, mv) {
            (AnyGame::Classic(g), AnyMove::Classic(m)) => Ok(BoxGame::play(g, m)?),
            (AnyGame::Food(g), AnyMove::Food(m)) => Ok(BoxGame::play(g, m)?),
            (AnyGame::Crossing(g), AnyMove::Crossing(m)) => Ok(BoxGame::play(g, m)?),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => Ok(BoxGame::play(g, m)?),
            (AnyGame::Halma(g), AnyMove::Halma(m)) => Ok(BoxGame::play(g, m)?),
            _ => Err(self.wrong(mv)),
        }
    }

    fn undo(&mut self) -> Result<(), AnyError> {
        each!(self, g => Ok(BoxGame::undo(g)?))
    }

    fn redo(&mut self) -> Result<(), AnyError> {
        each!(self, g => Ok(BoxGame::redo(g)?))
    }

    fn can_undo(&self) -> bool {
        each!(self, g => BoxGame::can_undo(g))
    }

    fn can_redo(&self) -> bool {
        each!(self, g => BoxGame::can_redo(g))
    }

    fn result(&self) -> Option<GameResult> {
        each!(self, g => g.result())
    }

    fn is_over(&self) -> bool {
        each!(self, g => BoxGame::is_over(g))
    }

    fn revision(&self) -> u64 {
        each!(self, g => BoxGame::revision(g))
    }

    fn position_checksum(&self) -> u64 {
        each!(self, g => BoxGame::position_checksum(g))
    }

    fn moves_played(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Classic(g) => wrap(BoxGame::moves_played(g), AnyMove::Classic),
            AnyGame::Food(g) => wrap(BoxGame::moves_played(g), AnyMove::Food),
            AnyGame::Crossing(g) => wrap(BoxGame::moves_played(g), AnyMove::Crossing),
            AnyGame::Draughts(g) => wrap(BoxGame::moves_played(g), AnyMove::Draughts),
            AnyGame::Halma(g) => wrap(BoxGame::moves_played(g), AnyMove::Halma),
        }
    }
}

fn wrap<M>(moves: Vec<M>, f: impl Fn(M) -> AnyMove) -> Vec<AnyMove> {
    moves.into_iter().map(f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_draughts::Variant;
    use starhop_engine::Rules;
    use starhop_engine::food::FoodRules;

    #[test]
    fn moves_are_tagged_with_their_game_and_read_back() {
        let moves = [
            (
                AnyMove::Classic(ClassicMove::Hop { route: vec![3, 9] }),
                r#"{"game":"classic","kind":"hop","route":[3,9]}"#,
            ),
            (
                AnyMove::Classic(ClassicMove::Pass),
                r#"{"game":"classic","kind":"pass"}"#,
            ),
            (
                AnyMove::Draughts(DraughtsMove {
                    route: vec![32, 28],
                }),
                r#"{"game":"draughts","route":[32,28]}"#,
            ),
            (
                AnyMove::Crossing(CrossingMove { route: vec![1, 2] }),
                r#"{"game":"crossing","route":[1,2]}"#,
            ),
            (
                AnyMove::Food(FoodMove {
                    route: vec![4, 12],
                    captured: vec![8],
                }),
                r#"{"game":"food","route":[4,12],"captured":[8]}"#,
            ),
        ];
        for (m, json) in moves {
            assert_eq!(serde_json::to_string(&m).unwrap(), json);
            assert_eq!(serde_json::from_str::<AnyMove>(json).unwrap(), m);
        }
        assert!(serde_json::from_str::<AnyMove>(r#"{"game":"halma","route":[1]}"#).is_err());
    }

    #[test]
    fn a_move_of_another_game_is_refused_by_name() {
        let mut g = AnyGame::from(DraughtsGame::new(Variant::Russian));
        let before = g.revision();
        let err = g.play(&AnyMove::Classic(ClassicMove::Pass)).unwrap_err();
        assert_eq!(
            err,
            AnyError::WrongGame {
                game: GameKind::Draughts,
                found: "classic"
            }
        );
        assert!(err.to_string().contains("classic"), "{err}");
        assert_eq!(g.revision(), before);
        assert!(g.route(&AnyMove::Classic(ClassicMove::Pass)).is_empty());
        let mut food = AnyGame::from(FoodGame::new(FoodRules::solo(37)).unwrap());
        assert_eq!(food.play_route(&[0, 0]), Err(AnyError::NoMoveForRoute));
        let classic = AnyGame::from(Game::new(Rules::classic(), 2, 1).unwrap());
        assert_eq!(classic.kind(), GameKind::Classic);
        assert!(classic.as_classic().is_some() && classic.as_food().is_none());
    }
}
