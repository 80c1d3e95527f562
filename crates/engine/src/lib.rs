//! `starhop-engine`: the rules of Chinese checkers (跳棋) as a pure library.
//!
//! - [`geometry`]: the star board of size 3, 4 or 5, camps and lookup tables.
//! - [`bitboard`]: sets of holes as 192-bit bitsets.
//! - [`position`]: marbles on the board and move generation.
//! - [`game`]: a match with turn order, every end-of-turn rule, clocks, ranking, undo/redo.
//! - [`rules`]: every rule option as one serde value, with presets.
//! - [`draw`]: who moves first. [`record`]: saving and replaying games.
//! - [`crossing`]: the solo crossing challenge (one army, fewest moves) and its record.
//! - [`change`]: how marbles moved, reported to the view for every change.
//! - [`items`]: party mode's items and boxes (the rules are in `game`).
//! - [`shape`]: the one shape every game of the box sits behind ([`BoxGame`]).
//! - `testkit` (feature `test-kit`): forward-leaning random games for tests and benchmarks.
//!
//! The engine knows nothing of Bevy; the game and the bots build on it.

pub mod bitboard;
pub mod change;
pub mod crossing;
pub mod distance;
pub mod draw;
pub mod error;
mod explain;
pub mod food;
pub mod game;
pub mod geometry;
pub mod halma;
pub mod items;
pub mod perft;
pub mod position;
pub mod record;
pub mod rng;
pub mod rules;
pub mod seats;
pub mod shape;
#[cfg(feature = "test-kit")]
pub mod testkit;

pub use bitboard::{Bitboard, Hole};
pub use change::MarbleChange;
pub use draw::{DrawStep, FirstMoveDraw, Hand};
pub use error::RuleError;
pub use game::{
    ANTI_PASSIVE_TURNS, Action, AntiPassiveCheck, EndReason, Event, Game, OutReason, Outcome,
    PlayerState, Status, TurnProgress,
};
pub use geometry::{Board, Hex};
pub use items::{Item, ItemSet, ItemUse, Obstacle, TargetProblem};
pub use position::{Move, MoveRules, Position};
pub use record::{MAX_RECORD_BYTES, Record, RecordError, read_record};
pub use rng::Rng;
pub use rules::{FirstMoveMethod, Preset, Rules, Teams};
pub use seats::Seat;
pub use shape::{BoxGame, ClassicMove, CrossingMove, GameKind, GameResult};
