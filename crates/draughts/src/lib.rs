//! `starhop-draughts`: International (10×10, FMJD) and Russian (8×8) draughts
//! as RULES §11 states them, without Bevy.
//!
//! What a front end calls:
//! - [`Game`]: [`Game::new`] / [`Game::from_position`], [`Game::legal_moves`],
//!   [`Game::play`] / [`Game::play_text`], [`Game::undo`] / [`Game::redo`],
//!   [`Game::outcome`] (win, loss, every draw rule), [`Game::clocks`] (how far
//!   each draw rule has run), [`Game::must_take`] (the pieces a capture must
//!   take, for marking), [`Game::routes`] (the hops of a capture, for
//!   animation), [`Game::moves_along`] (hop-by-hop input),
//!   [`Game::notation`] (the move list),
//!   [`Game::record`] / [`read_record`] (versioned JSON).
//! - [`shape`]: the game behind the box's one game shape
//!   (`starhop_engine::shape::BoxGame`), its moves as routes ([`DraughtsMove`]).
//! - [`Position`] and [`Move`]: pieces, side to move, bitboard move
//!   generation; [`to_fen`] / [`from_fen`], [`move_text`] / [`parse_move`].
//! - [`bot::think`]: a bot's move for a [`Game`] at a [`bot::Level`] within a
//!   [`bot::Budget`] (time, depth, nodes, stop flag); synchronous, so the game
//!   runs it on its background pool.

pub mod board;
pub mod bot;
mod error;
mod game;
mod notation;
pub mod perft;
mod position;
mod record;
pub mod shape;

pub use board::{Square, Variant};
pub use error::DraughtsError;
pub use game::{
    DrawClocks, DrawRule, Ending, EndingClock, Game, KING_PLIES_LIMIT, NO_CAPTURE_PLIES_LIMIT,
    Outcome, WinReason,
};
pub use notation::{from_fen, move_text, parse_move, route_text, to_fen};
pub use position::{Move, Piece, Position, Side};
pub use record::{
    DRAUGHTS_RECORD_FORMAT, DRAUGHTS_RECORD_VERSION, DraughtsRecord, MAX_DRAUGHTS_RECORD_BYTES,
    RecordError, parse_record, read_record,
};
pub use shape::DraughtsMove;
