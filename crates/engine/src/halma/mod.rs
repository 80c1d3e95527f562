//! Halma (RULES.md §12): the square-board original of Chinese checkers. A
//! 16×16 board as 256-bit bitboards, yards in the corners (19 squares each
//! for two players, 13 for four), steps and chained jumps in eight
//! directions, nothing captured.
//!
//! - [`board`]: squares, directions, yards and seats' corners.
//! - [`position`]: the pieces, and every legal move of a seat (distinct
//!   (from, to) pairs as §3 counts them, each with its route).
//! - [`game`]: a game (§3–§4 with yards for camps): turns, finishing and
//!   ranking, the equal move, passing when blocked, the repetition limit,
//!   the anti-passive rule, deadlocks, resignation, undo, redo, replay.
//! - [`perft`]: counts move sequences to a depth (the move generator's
//!   self-check; `starhop-cli halma perft`).

pub mod board;
pub mod game;
pub mod perft;
pub mod position;
pub mod record;
pub mod shape;

pub use board::{Square, Squares, Yards};
pub use game::{HalmaAction, HalmaError, HalmaGame, HalmaRules};
pub use position::{HalmaMove, HalmaPosition};
pub use record::{HALMA_RECORD_FORMAT, HalmaRecord, HalmaRecordError};
pub use shape::HalmaTurn;
