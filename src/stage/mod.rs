//! The stage every game plays on: the 3D boards and their holes, the pieces
//! and their animation, and the pointer, keyboard and gamepad input that
//! picks holes.

pub mod board;
pub mod input;
pub mod marbles;
