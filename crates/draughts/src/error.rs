//! Errors: every bad input is reported, never a panic.

use crate::board::Square;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DraughtsError {
    #[error("{0:?} is not a square of this board")]
    BadSquare(String),
    #[error("a man cannot stand on its own crowning row (square {0})")]
    ManOnCrowningRow(Square),
    #[error("square {0} is given twice in the position")]
    SquareTwice(Square),
    #[error("not a position string: {0}")]
    BadFen(String),
    #[error("not a move: {0:?} (write 32-28, 19x30 or a full route 19x30x39)")]
    BadNotation(String),
    #[error("{0} is not a legal move here")]
    Illegal(String),
    #[error("{text} could mean {count} moves: give the full route, e.g. {example}")]
    Ambiguous {
        text: String,
        count: usize,
        example: String,
    },
    #[error("the game is over")]
    GameOver,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
}
