//! What every game of the box shares above the services and below the
//! modes, written once: the life cycle on its own screen ([`life`]),
//! showing a record to the replay viewer ([`watch`]) and the folder of saved
//! games ([`saves`]). A mode implements the
//! traits and adds the generic systems; a new game costs its rules, its
//! board view and its strings.

pub mod life;
pub mod saves;
pub mod watch;

pub use life::{Begin, GameMode, Playing};
pub use saves::{SaveFolder, SavedGame};
pub use watch::Watched;
