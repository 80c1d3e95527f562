//! The league: what Starhop remembers between games (RULES.md §7).
//!
//! - [`rating`]: rating points and levels for one finished game.
//! - [`berger`]: the round-robin schedule and its meeting-round and
//!   first-move formulas.
//! - [`tournament`]: a round robin of single games or best-of-three matches,
//!   played one game at a time, with standings.
//! - [`profiles`] and [`history`]: players and their finished games.
//! - [`store`]: the files, written atomically; a damaged file is kept aside.
//!
//! No Bevy: the game and the command line share all of it.

pub mod berger;
pub mod history;
pub mod profiles;
pub mod rating;
pub mod store;
pub mod tournament;

pub use berger::{Pairing, Round, first_mover, meeting_round, schedule};
pub use history::{GameFiled, HistoryEntry, Who};
pub use profiles::{Profile, ProfileId, Profiles};
pub use rating::{Leave, RatedGame, SeatResult, bot_level, level_of, rating_changes};
pub use store::{League, StoreProblem};
pub use tournament::{Entrant, Format, NextGame, Standing, Tournament};
