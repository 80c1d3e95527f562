//! What every game of the box shares above the services and below the
//! modes, written once: the life cycle on its own screen ([`life`]),
//! showing a record to the replay viewer ([`watch`]), the folder of saved
//! games ([`saves`]) and the frames of its panels ([`panels`]). A mode
//! implements the traits, adds the generic systems and fills the frames; a
//! new game costs its rules, its board view and its strings.

pub mod life;
pub mod panels;
pub mod saves;
pub mod watch;

pub use life::{Begin, GameMode, Playing};
pub use panels::Seat;
pub use saves::{SaveFolder, SavedGame, SavesPlay};
pub use watch::Watched;
