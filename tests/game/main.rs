//! The game-level tests, in one test binary so that Bevy is linked once: a
//! headless `App` with the game's logic plugins (no window, renderer or
//! audio), driven through messages, one module per part of the game.

mod common;

mod classic;
mod crossing;
mod draughts;
mod food;
mod halma;
mod layers;
mod league;
mod online;
mod online_draughts;
mod online_server;
mod race;
mod replay;
mod stage;
mod translations;
