//! Food checkers (食棋, RULES.md §9): the capture game on the central hexagon,
//! solo (peg solitaire) or for up to six players. A game type of its own
//! beside classic Chinese checkers, sharing the star board's geometry.
//!
//! - [`board`]: the hexagon as cells of a `u128`, capture tables, symmetries.
//! - [`position`]: captures, chains, slides, checking a route.
//! - [`game`]: turns, scoring, the end of the game, undo and redo.
//! - [`record`]: versioned records that replay exactly.

pub mod board;
pub mod error;
pub mod game;
pub mod position;
pub mod record;

pub use board::{Cell, Cells, FoodBoard, Jump, NO_CELL, bit, cells};
pub use error::FoodError;
pub use game::{FoodEnd, FoodGame, FoodReport, FoodRules, FoodStatus, cells_of, end_of};
pub use position::{FoodMove, FoodPosition};
pub use record::{
    FOOD_RECORD_FORMAT, FOOD_RECORD_VERSION, FoodRecord, FoodRecordError, read_food_record,
};
