//! Food checkers (食棋) for the computer: the peg-solitaire solver behind
//! solo hints and the puzzle collection, and the bots for games of several
//! players.

pub mod bot;
pub mod puzzles;
pub mod solver;
