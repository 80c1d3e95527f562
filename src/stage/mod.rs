//! The stage every game plays on: the room and its table, the 3D boards and their holes, the pieces
//! and their animation, and the pointer, keyboard and gamepad input that
//! picks holes.

pub mod board;
pub mod celebrate;
pub mod input;
pub mod marbles;
pub mod room;
