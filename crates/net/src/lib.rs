//! `starhop-net`: network play for Starhop, without Bevy.
//!
//! One machine hosts ([`HostHandle::start`]): its `Game` is the only
//! authority. Others join ([`ClientHandle::connect`]) by address and room
//! code, over WebSockets (tokio + tokio-tungstenite). Clients send requests
//! (the engine's `Action`s); the host checks each with the engine, plays it
//! and broadcasts it with a sequence number and `Game::checksum`; every
//! client applies it to its own copy and compares. A gap or a mismatch makes
//! the client ask for the host's record (a resync). Clocks run on the host.
//!
//! - [`protocol`]: the versioned, size-capped messages.
//! - [`table`]: the game at a table, whichever game of the box it is (its
//!   checksum, how a move of it is made).
//! - [`code`]: room codes and seat tokens from the OS's randomness.
//! - [`host`]: the host, its lobby, limits and time-outs; [`HostHandle`] to
//!   drive it from a game or a tool, [`HostEvents`] to follow it.
//! - [`client`]: the client, its copy of the game, reconnects;
//!   [`ClientHandle`] and [`ClientEvents`].
//! - [`link`]: connections as channels (WebSocket, in-process, with faults).
//! - [`drive`]: loops that play seats with a chooser (bots) to the end.
//! - [`rooms`]: asking a Starhop server to open a table, or for its public
//!   tables (a server hosts many tables, each a host as above, reached by
//!   room code through one address).
//! - [`discovery`]: tables announced on the local network by UDP beacons
//!   (never with their room code), and [`Discovery`] to list them.
//!
//! A game screen would: start a host with `HostConfig` (seats `Open`,
//! `Local` or `Bot`, each with an optional sRGB `colour` the clients see in
//! the lobby; `announce` to be found on the network), show
//! `HostHandle::view().lobby` and the code, call
//! `set_seat`/`set_rules`/`start_game`, play local and bot seats with
//! `HostHandle::act`, and animate `HostEvent::Applied`'s events. A joining
//! game lists found tables with `Discovery::try_list` (or takes an address),
//! reads `ClientEvent`s each frame (`try_recv`), animates
//! `ClientEvent::Applied`'s events, shows `ClientHandle::clock` ticking in
//! clocked games, and sends moves with `ClientHandle::act`.
//!
//! A game saved mid-way (`HostHandle::record`, or a player's
//! `ClientHandle::record`) is taken up by a new host with
//! `HostConfig::resume`: same rules, seed, names and actions; the players
//! join again with the new code and claim their seats with `Want::Seat`.
//!
//! Tables of the other games of the box (draughts, food checkers) run
//! through the same host and client, by the game shape (`BoxGame` over
//! `starhop_games::AnyGame`): `HostConfig::draughts` / `food` (or
//! `of_game` with a [`TableGame`]; the lobby's `game` says which), moves
//! as [`Play`]s of `AnyMove`s (`HostHandle::play`, `ClientHandle::play`),
//! which the host checks with the game's rules and broadcasts as `played`
//! with its sequence number and [`table::checksum`]; records are
//! `AnyRecord`s (`HostHandle::any_record`, `HostConfig::resume_any`), and
//! `HostEvents::try_recv_any` / `ClientEvents::try_recv_any` give the events
//! of any game. Clocks and items are classic's alone. A new game on the
//! shape needs no network code beyond its `TableGame` entry (how a table
//! starts it, in `table`).

pub mod client;
pub mod code;
pub mod discovery;
pub mod drive;
pub mod host;
pub mod link;
pub mod protocol;
pub mod rooms;
pub mod table;

pub use client::{
    AnyClientEvent, ClientConfig, ClientEvent, ClientEvents, ClientHandle, ClientTimeouts,
    ClientView, ClockSnapshot, Connector,
};
pub use code::RoomCode;
pub use discovery::{DISCOVERY_PORT, Discovery, FoundTable, discover};
pub use host::{
    AnyHostEvent, Guesses, HostConfig, HostError, HostEvent, HostEvents, HostHandle, HostView,
    Journal, Limits, ResumeError, TableState, Timeouts, UndoPolicy,
};
pub use link::{Faults, Link, accept_websocket};
pub use protocol::{
    ClientMsg, Lobby, PROTOCOL_VERSION, Play, PublicTable, Refusal, SeatInfo, SeatKind, ServerMsg,
    TableGame, TableRequest, Want,
};
