//! What every game of the box shares above the services and below the
//! modes, written once: the life cycle on its own screen ([`life`]) and
//! showing a record to the replay viewer ([`watch`]). A mode implements the
//! traits and adds the generic systems; a new game costs its rules, its
//! board view and its strings.

pub mod life;
pub mod watch;

pub use life::{Begin, GameMode, Playing};
pub use watch::Watched;
