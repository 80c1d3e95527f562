//! Halma (RULES.md §12): the square-board original of Chinese checkers. A
//! 16×16 board as 256-bit bitboards, yards in the corners (19 squares each
//! for two players, 13 for four), steps and chained jumps in eight
//! directions, nothing captured.
//!
//! - [`board`]: squares, directions, yards and seats' corners.
//! - [`position`]: the pieces, and every legal move of a seat (distinct
//!   (from, to) pairs as §3 counts them, each with its route).
//! - [`perft`]: counts move sequences to a depth (the move generator's
//!   self-check; `starhop-cli halma perft`).

pub mod board;
pub mod perft;
pub mod position;

pub use board::{Square, Squares, Yards};
pub use position::{HalmaMove, HalmaPosition};
