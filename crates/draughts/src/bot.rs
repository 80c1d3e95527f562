//! Bots (coming).
