//! Why a food-checkers request or set-up was refused, in words for the player.

use crate::geometry::Hex;
use thiserror::Error;

fn at(h: &Hex) -> String {
    format!("({}, {})", h.q, h.r)
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FoodError {
    #[error("food checkers is played on a hexagon of 37, 61 or 91 holes, not {0}")]
    Holes(usize),
    #[error("food checkers is for 1 to 6 players, not {0}")]
    Players(usize),
    #[error("hole {} is not on the hexagon", at(.0))]
    NotOnBoard(Hex),
    #[error("hole {} is listed twice", at(.0))]
    Twice(Hex),
    #[error("the start position needs at least one marble and one empty hole")]
    EmptyOrFull,
    #[error("cell {0} is not on this board")]
    OffBoard(u8),
    #[error("a move needs at least two holes: where the marble starts and where it ends")]
    ShortRoute,
    #[error("there is no marble on {}", at(.0))]
    NoMarble(Hex),
    #[error("hole {} is taken", at(.0))]
    Taken(Hex),
    #[error("a capture is possible, and while one is, every move must capture")]
    MustCapture,
    #[error("slides are off in this game: every move captures")]
    SlidesOff,
    #[error("the marble on {} cannot capture into {}", at(from), at(to))]
    NotACapture { from: Hex, to: Hex },
    #[error("the game is over")]
    Over,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
}
