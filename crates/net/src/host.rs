//! The host: the table's only authority. It runs on a thread of its own (with
//! a small tokio runtime), accepts WebSocket and in-process connections,
//! keeps the lobby, plays every request through its `Game` and broadcasts
//! what it played.
//!
//! The host never reads a file or runs anything because of a message: a
//! message can only join a seat, ask for an action, an undo or a resync, or
//! ping. Every connection is size-capped, rate-limited and timed out, and
//! its outgoing queue is bounded: a client that does not read is dropped
//! instead of holding up the others.

use crate::code::{RoomCode, new_token, random_u64, same_token};
use crate::discovery::{Announcer, BEACON_EVERY, Beacon, DISCOVERY_PORT};
use crate::link::{CLOSE_GRACE, LINK_QUEUE, Link, ws_config, ws_link};
use crate::protocol::{
    ClientMsg, Lobby, MAX_CLIENT_MESSAGE_BYTES, PROTOCOL_VERSION, Play, Refusal, SeatInfo,
    SeatKind, ServerMsg, TableGame, Want, clean_name, decode_client, encode,
};
use crate::table;
use starhop_ai::Level;
use starhop_draughts::Variant;
use starhop_engine::food::FoodRules;
use starhop_engine::halma::HalmaRules;
use starhop_engine::{Action, Event, Game, Record, RecordError, Rules, Seat, Status};
use starhop_games::{
    AnyGame, AnyMove, AnyRecord, AnyRecordError, BoxBot, BoxGame, GameKind, Think,
};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio::task::JoinSet;

/// How long the host waits for things.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// From connecting to the hello (the WebSocket handshake included).
    pub hello: Duration,
    /// Longest silence of a joined client (clients ping every second).
    pub silence: Duration,
    /// How long a lost player's seat waits for them; then they resign. Their
    /// clock runs meanwhile.
    pub reconnect: Duration,
    /// Longest a single write to a client may take.
    pub write: Duration,
    /// How often the host's clock and time-outs are looked at.
    pub tick: Duration,
    /// How long a connection the host closes has to answer the close (and
    /// to take what was queued for it, the write time-out at most): then its
    /// TCP stream is dropped, answered or not.
    pub close: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            hello: Duration::from_secs(5),
            silence: Duration::from_secs(15),
            reconnect: Duration::from_secs(120),
            write: Duration::from_secs(5),
            tick: Duration::from_millis(100),
            close: CLOSE_GRACE,
        }
    }
}

/// How much a connection may ask of the host.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Messages a connection may send per second, on average...
    pub messages_per_second: f64,
    /// ...and in a burst.
    pub burst: f64,
    /// Refused messages after which a connection is closed.
    pub max_strikes: u32,
    /// Connections at once, joined or not. This counts sockets: one the
    /// host has closed counts until its TCP stream is gone (at most
    /// `link::CLOSE_GRACE` after the close when the peer does not answer it,
    /// or the write time-out when it does not read: `Timeouts::close`). Past it a newcomer is
    /// closed at once, unread.
    pub max_connections: usize,
    /// Of those, connections that have not been welcomed yet (the WebSocket
    /// handshake and the hello). The rest of `max_connections` is kept for
    /// players, returning players and spectators, so idle strangers never
    /// crowd them out.
    pub max_pending: usize,
    /// Connections not welcomed yet from one address (IPv6: one /64), so
    /// one stranger cannot take all of `max_pending`. In-process links are
    /// not counted here.
    pub max_pending_per_address: usize,
    pub max_spectators: u32,
    /// Wrong room codes (and unknown seat tokens) the host takes per second
    /// over all connections, and in a burst. Past that only addresses that
    /// have not guessed wrong lately are heard; the others are refused as
    /// busy, right code or not, so the answer tells a guesser nothing. A
    /// valid seat token is never refused as busy: a reconnect is no guess.
    pub wrong_codes_per_second: f64,
    pub wrong_code_burst: f64,
    /// The same for each address (IPv6: each /64): past it that address is
    /// refused as busy, right code or not, whatever the others do.
    pub wrong_codes_per_address_per_second: f64,
    pub wrong_code_address_burst: f64,
    /// How long an address that guessed wrong counts as a guesser.
    pub guesser_memory: Duration,
    /// Shortest time between two records sent to one client on request.
    pub resync_every: Duration,
    /// Messages queued for one client; a client that falls this far behind is dropped.
    pub out_queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            messages_per_second: 20.0,
            burst: 40.0,
            max_strikes: 32,
            max_connections: 32,
            // 32 - 10 leaves room for six players and sixteen spectators.
            max_pending: 10,
            max_pending_per_address: 4,
            max_spectators: 16,
            wrong_codes_per_second: 2.0,
            wrong_code_burst: 10.0,
            wrong_codes_per_address_per_second: 0.5,
            wrong_code_address_burst: 5.0,
            guesser_memory: Duration::from_secs(60),
            resync_every: Duration::from_millis(300),
            out_queue: 512,
        }
    }
}

/// Whether players may take back moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UndoPolicy {
    /// Refused.
    #[default]
    Refuse,
    /// Granted at once.
    Accept,
    /// Passed to the host as `HostEvent::UndoAsked`; `HostHandle::undo` grants it.
    Ask,
}

#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Where to listen (port 0: any free port; see `HostHandle::addr`).
    pub bind: SocketAddr,
    pub code: RoomCode,
    /// Which game the table plays (classic by default; see
    /// [`HostConfig::draughts`] and [`HostConfig::food`]).
    pub game: TableGame,
    /// The rules of a classic or party table (unused by other games).
    pub rules: Rules,
    /// One per player: `Open` seats wait for remote players.
    pub seats: Vec<SeatInfo>,
    /// The game's seed (`None`: a random one).
    pub seed: Option<u64>,
    /// Start as soon as no seat is open.
    pub start_when_full: bool,
    pub undo: UndoPolicy,
    pub timeouts: Timeouts,
    pub limits: Limits,
    /// A saved game to take up again instead of a new one (see
    /// [`HostConfig::resume`]).
    pub resume: Option<Record>,
    /// A saved game of any game of the box (see [`HostConfig::resume_any`]);
    /// set this or `resume`, not both.
    pub resume_any: Option<AnyRecord>,
    /// Announce the table on the local network every second (see
    /// `discovery`): to 127.0.0.1, and to the broadcast address unless
    /// `bind` is a loopback address.
    pub announce: bool,
    /// The UDP port the announcements go to (`DISCOVERY_PORT`).
    pub announce_port: u16,
    /// The table's name in the announcements (the machine's name by default).
    pub table_name: String,
    /// Seats held for players who hold these tokens (by seat; `None`: as
    /// `seats` says): a server taking its tables up again after a restart
    /// keeps each player's seat, and their client's reconnect takes it
    /// back. A held seat counts as taken, and during the game waits
    /// `Timeouts::reconnect` for its player as a lost connection does.
    pub held_seats: Vec<Option<String>>,
    /// The host plays its bot seats itself, on tokio's blocking threads (a
    /// server; a game plays its own bots and leaves this off).
    pub run_bots: bool,
    /// Told the table as it stands after every change worth keeping (see
    /// [`Journal`]).
    pub journal: Option<Journal>,
}

/// What a table is, after a change worth keeping: enough to take it up
/// again after a restart ([`HostConfig::resume_any`] of `record` with
/// `held_seats` set to `tokens`, or a new table of `lobby` before the game).
#[derive(Clone, Debug)]
pub struct TableState {
    pub lobby: Lobby,
    /// Each seat's token (remote players only).
    pub tokens: Vec<Option<String>>,
    /// The game so far (`None` before it starts).
    pub record: Option<AnyRecord>,
    pub over: bool,
}

/// Called by the host, on its own task, after every change of the lobby or
/// the game: keep it short (hand it to a writer).
#[derive(Clone)]
pub struct Journal(pub Arc<dyn Fn(TableState) + Send + Sync>);

impl std::fmt::Debug for Journal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Journal")
    }
}

impl HostConfig {
    /// `players` open seats on loopback, a random code, the given rules,
    /// not announced.
    pub fn new(players: usize, rules: Rules) -> HostConfig {
        HostConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            code: RoomCode::random(),
            game: TableGame::Classic,
            rules,
            seats: (0..players).map(|_| SeatInfo::open()).collect(),
            seed: None,
            start_when_full: true,
            undo: UndoPolicy::Refuse,
            timeouts: Timeouts::default(),
            limits: Limits::default(),
            resume: None,
            resume_any: None,
            announce: false,
            announce_port: DISCOVERY_PORT,
            table_name: machine_name(),
            held_seats: Vec::new(),
            run_bots: false,
            journal: None,
        }
    }

    /// A table that takes up a saved game where it stood: its rules, seats,
    /// seed (and so its random events), names and actions, and the time used
    /// in its running turn. Seats the record gives to bots are the host's
    /// bots again; the others are open, under their saved names, for remote
    /// players (who may claim a seat with `Want::Seat`). Change `seats`
    /// before starting to seat local players instead. The game starts as it
    /// stood once the seats are taken; clients get the whole record.
    pub fn resume(record: Record) -> Result<HostConfig, ResumeError> {
        check_resumable(&record)?;
        let mut config = HostConfig::new(record.players, record.rules.clone());
        config.seed = Some(record.seed);
        for (i, seat) in config.seats.iter_mut().enumerate() {
            seat.name = record.names.get(i).cloned().unwrap_or_default();
            if let Some(Some(level)) = record.bots.get(i) {
                *seat = SeatInfo::bot(level.clone(), seat.name.clone());
            }
        }
        config.resume = Some(record);
        Ok(config)
    }

    /// A table of `game` with its seats open (classic: two seats of the
    /// classic rules; see [`HostConfig::new`] for more).
    pub fn of_game(game: TableGame) -> HostConfig {
        let seats = game.seats().unwrap_or(2);
        HostConfig {
            game,
            ..HostConfig::new(seats, Rules::classic())
        }
    }

    /// A draughts table: two open seats, White (seat 0) moves first.
    pub fn draughts(variant: Variant) -> HostConfig {
        HostConfig::of_game(TableGame::Draughts { variant })
    }

    /// A food-checkers table: `rules.players` open seats.
    pub fn food(rules: FoodRules) -> HostConfig {
        HostConfig::of_game(TableGame::Food { rules })
    }

    /// A Halma table: `rules.players` (2 or 4) open seats.
    pub fn halma(rules: HalmaRules) -> HostConfig {
        HostConfig::of_game(TableGame::Halma { rules })
    }

    /// [`HostConfig::resume`] for a saved game of any game of the box that
    /// is played at a table (not the crossing, which is played alone): its
    /// game, seats, names and bots, and its moves; a classic record is
    /// taken up exactly as `resume` takes it.
    pub fn resume_any(record: AnyRecord) -> Result<HostConfig, ResumeError> {
        let record = match record {
            AnyRecord::Classic(r) => return HostConfig::resume(r),
            other => other,
        };
        let game = TableGame::of_record(&record).ok_or(match record.kind() {
            GameKind::Crossing => ResumeError::Solo,
            other => ResumeError::NoTable(other),
        })?;
        check_resumable_any(&record)?;
        let mut config = HostConfig::of_game(game);
        config.seats = (0..record.seats()).map(|_| SeatInfo::open()).collect();
        for (i, seat) in config.seats.iter_mut().enumerate() {
            seat.name = record.names().get(i).cloned().unwrap_or_default();
            if let Some(Some(level)) = record.bots().get(i) {
                *seat = SeatInfo::bot(level.clone(), seat.name.clone());
            }
        }
        config.resume_any = Some(record);
        Ok(config)
    }

    /// The saved game to take up, whichever field holds it.
    fn saved(&self) -> Result<Option<AnyRecord>, String> {
        match (&self.resume, &self.resume_any) {
            (Some(_), Some(_)) => Err("a table takes up one saved game, not two".into()),
            (Some(r), None) => Ok(Some(AnyRecord::Classic(r.clone()))),
            (None, any) => Ok(any.clone()),
        }
    }
}

/// Why a saved game cannot be taken up.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ResumeError {
    #[error("the saved game does not replay: {0}")]
    Replay(#[from] RecordError),
    #[error("the saved game is over")]
    Over,
    #[error("the saved game does not replay: {0}")]
    AnyReplay(AnyRecordError),
    #[error("the saved game is one player's (the crossing): it has no table")]
    Solo,
    #[error("the saved game is of {0}, which has no network table")]
    NoTable(GameKind),
}

/// The saved game, replayed: it must replay and not be over.
fn check_resumable(record: &Record) -> Result<Game, ResumeError> {
    let game = record.replay()?;
    if game.is_over() {
        return Err(ResumeError::Over);
    }
    Ok(game)
}

/// The saved game of any kind, replayed: it must replay and not be over.
fn check_resumable_any(record: &AnyRecord) -> Result<AnyGame, ResumeError> {
    if let AnyRecord::Classic(r) = record {
        return check_resumable(r).map(AnyGame::Classic);
    }
    let game = record.replay().map_err(ResumeError::AnyReplay)?;
    if game.is_over() {
        return Err(ResumeError::Over);
    }
    Ok(game)
}

/// Checks a configuration before a host starts; returns its saved game,
/// replayed.
fn check_config(config: &HostConfig) -> std::io::Result<Option<AnyGame>> {
    let invalid = |m: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, m);
    if config.seats.len() < 2 {
        return Err(invalid("a table needs at least two seats".into()));
    }
    table::validate(&config.game, &config.rules, config.seats.len()).map_err(invalid)?;
    let Some(record) = config.saved().map_err(invalid)? else {
        return Ok(None);
    };
    let game = check_resumable_any(&record).map_err(|e| invalid(e.to_string()))?;
    if !table::fits(&config.game, &config.rules, config.seats.len(), &record) {
        return Err(invalid(format!(
            "a saved game keeps its {} seats, its game and its rules",
            record.seats()
        )));
    }
    Ok(Some(game))
}

/// This machine's name, for naming its tables ("Starhop" when unknown).
fn machine_name() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    clean_name(&name, "Starhop")
}

/// The record of `game` with the seats' names and bots.
pub(crate) fn record_of(game: &Game, seats: &[SeatInfo]) -> Record {
    let mut record = Record::of(game, seats.iter().map(|s| s.name.clone()).collect());
    record.bots = seats
        .iter()
        .map(|s| match &s.kind {
            SeatKind::Bot { level } => Some(level.clone()),
            _ => None,
        })
        .collect();
    record
}

/// The record of a game of any kind with the seats' names and bots.
pub(crate) fn any_record_of(game: &AnyGame, seats: &[SeatInfo]) -> AnyRecord {
    match game {
        AnyGame::Classic(g) => AnyRecord::Classic(record_of(g, seats)),
        other => {
            let names = seats.iter().map(|s| s.name.clone()).collect();
            let bots = seats
                .iter()
                .map(|s| match &s.kind {
                    SeatKind::Bot { level } => Some(level.clone()),
                    _ => None,
                })
                .collect();
            AnyRecord::of(other, names).with_bots(bots)
        }
    }
}

/// What happened at a table of any game, for code that plays every game of
/// the box ([`HostEvents::try_recv_any`]). A classic table's events are
/// `Event`s but for its end; another game's moves come as `Played`.
#[derive(Clone, Debug)]
pub enum AnyHostEvent {
    /// An event that reads the same for every game (never `GameOver`), or
    /// a classic action played (`HostEvent::Applied`).
    Event(HostEvent),
    /// `seat`'s turn made `play`, at a table of another game than classic.
    Played { seq: u64, seat: Seat, play: Play },
    /// The game is over: its record (any game, classic too).
    GameOver { record: AnyRecord },
}

impl AnyHostEvent {
    /// The event as classic code reads it: `None` for what only another
    /// game has (its moves and its end).
    pub fn classic(self) -> Option<HostEvent> {
        match self {
            AnyHostEvent::Event(e) => Some(e),
            AnyHostEvent::GameOver {
                record: AnyRecord::Classic(record),
            } => Some(HostEvent::GameOver { record }),
            AnyHostEvent::Played { .. } | AnyHostEvent::GameOver { .. } => None,
        }
    }
}

/// What happened at the table, for the host's own game or tool.
#[derive(Clone, Debug)]
pub enum HostEvent {
    Lobby(Lobby),
    Started {
        seq: u64,
    },
    /// `seat` is the seat that was to move when `action` was played.
    Applied {
        seq: u64,
        seat: Seat,
        action: Action,
        events: Vec<Event>,
    },
    Undone {
        seq: u64,
    },
    /// An action of a local or bot seat (`HostHandle::act`) was not played.
    Rejected {
        seat: Seat,
        reason: String,
    },
    Connection {
        seat: Seat,
        connected: bool,
    },
    /// A player asked for an undo (`UndoPolicy::Ask`); `HostHandle::undo` grants it.
    UndoAsked {
        seat: Option<Seat>,
    },
    GameOver {
        record: Record,
    },
}

/// The table now, for reading at any time (`HostHandle::view`).
#[derive(Clone, Debug)]
pub struct HostView {
    pub lobby: Lobby,
    /// Changes of the game so far (actions and undos).
    pub seq: u64,
    /// `table::checksum` of the game now.
    pub checksum: u64,
    /// The game of a classic or party table.
    pub game: Option<Game>,
    /// The game of a table of another game (`None` at a classic table).
    pub other_game: Option<AnyGame>,
    /// The record, once a classic or party game is over.
    pub record: Option<Record>,
    /// The record, once the game of another game's table is over.
    pub other_record: Option<AnyRecord>,
    /// Open connections (joined or not).
    pub connections: usize,
    /// Messages and connections refused so far.
    pub refused: u64,
}

impl HostView {
    /// The table's game, whichever it is (a copy).
    pub fn any_game(&self) -> Option<AnyGame> {
        self.game
            .clone()
            .map(AnyGame::Classic)
            .or_else(|| self.other_game.clone())
    }
    /// The record once the game is over, whichever game it is.
    pub fn any_record(&self) -> Option<AnyRecord> {
        self.record
            .clone()
            .map(AnyRecord::Classic)
            .or_else(|| self.other_record.clone())
    }
    /// The seat to move (none before the game and once it is over).
    pub fn to_move(&self) -> Option<Seat> {
        match (&self.game, &self.other_game) {
            (Some(g), _) => BoxGame::to_move(g),
            (None, Some(g)) => table::to_move(g),
            (None, None) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    #[error("the host has stopped")]
    Gone,
    #[error("{0}")]
    Refused(String),
}

enum Command {
    SetSeat(
        Seat,
        SeatInfo,
        std::sync::mpsc::Sender<Result<(), HostError>>,
    ),
    SetRules(Rules, std::sync::mpsc::Sender<Result<(), HostError>>),
    Start(std::sync::mpsc::Sender<Result<(), HostError>>),
    Act(Seat, Action),
    Play(Seat, Play),
    Undo,
    Record(std::sync::mpsc::Sender<Option<AnyRecord>>),
    Shutdown,
}

/// The host's events, in order. Read them as classic events (`try_recv`,
/// `recv_timeout`: at a table of another game its moves and its end are
/// left out) or as events of any game (`try_recv_any`, `recv_any_timeout`),
/// not both.
pub struct HostEvents(std::sync::mpsc::Receiver<AnyHostEvent>);

impl HostEvents {
    pub fn try_recv(&self) -> Option<HostEvent> {
        loop {
            match self.0.try_recv().ok()?.classic() {
                Some(e) => return Some(e),
                None => continue,
            }
        }
    }
    /// The next event, waiting at most `timeout` (`None`: none came, or the host stopped).
    pub fn recv_timeout(&self, timeout: Duration) -> Option<HostEvent> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            if let Some(e) = self.0.recv_timeout(left).ok()?.classic() {
                return Some(e);
            }
        }
    }
    pub fn try_recv_any(&self) -> Option<AnyHostEvent> {
        self.0.try_recv().ok()
    }
    /// The next event of any game, waiting at most `timeout`.
    pub fn recv_any_timeout(&self, timeout: Duration) -> Option<AnyHostEvent> {
        self.0.recv_timeout(timeout).ok()
    }
}

/// A running host. Clones talk to the same host; it stops on `shutdown` or
/// when the last handle is dropped.
#[derive(Clone)]
pub struct HostHandle {
    commands: mpsc::UnboundedSender<Command>,
    in_process: mpsc::Sender<Incoming>,
    view: Arc<Mutex<HostView>>,
    addr: SocketAddr,
    code: RoomCode,
    gate: Arc<Gate>,
    thread: Arc<Mutex<Option<std::thread::JoinHandle<()>>>>,
}

impl HostHandle {
    /// Binds, then runs the host on a thread of its own.
    pub fn start(config: HostConfig) -> std::io::Result<(HostHandle, HostEvents)> {
        let resumed = check_config(&config)?;
        let listener = std::net::TcpListener::bind(config.bind)?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let announcer = match config.announce {
            true => Some(Announcer::new(addr, config.announce_port, random_u64())?),
            false => None,
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()?;
        let (mut handle, events, parts) = HostHandle::assemble(config, resumed, addr);
        let thread = std::thread::Builder::new()
            .name("starhop-host".into())
            .spawn(move || {
                runtime.block_on(async move {
                    match tokio::net::TcpListener::from_std(listener) {
                        Ok(listener) => host_main(parts, Some(listener), announcer).await,
                        Err(e) => eprintln!("starhop host: cannot listen: {e}"),
                    }
                })
            })?;
        handle.thread = Arc::new(Mutex::new(Some(thread)));
        Ok((handle, events))
    }

    /// Runs a table as a task on `runtime`, without a listener of its own:
    /// its connections come from whoever calls [`HostHandle::hand_over`] (a
    /// server's router, by room code). `addr` is what the view reports.
    /// `shutdown` then does not wait for the table to stop.
    pub fn start_on(
        config: HostConfig,
        runtime: &tokio::runtime::Handle,
        addr: SocketAddr,
    ) -> std::io::Result<(HostHandle, HostEvents)> {
        let resumed = check_config(&config)?;
        let (handle, events, parts) = HostHandle::assemble(config, resumed, addr);
        runtime.spawn(host_main(parts, None, None));
        Ok((handle, events))
    }

    /// The handle, the events and what the host's task runs on.
    fn assemble(
        config: HostConfig,
        resumed: Option<AnyGame>,
        addr: SocketAddr,
    ) -> (HostHandle, HostEvents, HostParts) {
        let (commands, command_rx) = mpsc::unbounded_channel();
        let (in_process, in_process_rx) = mpsc::channel(8);
        let (event_tx, event_rx) = std::sync::mpsc::channel();
        let (bot_tx, bot_rx) = mpsc::unbounded_channel();
        let mut core = HostCore::new(config.clone(), event_tx, bot_tx);
        core.resumed = resumed;
        core.port = addr.port();
        let view = core.view.clone();
        let gate = Arc::new(Gate::new(config.limits));
        let handle = HostHandle {
            commands,
            in_process,
            view,
            addr,
            code: config.code,
            gate: gate.clone(),
            thread: Arc::default(),
        };
        let parts = HostParts {
            core,
            gate,
            commands: command_rx,
            incoming: in_process_rx,
            bots: bot_rx,
        };
        (handle, HostEvents(event_rx), parts)
    }

    /// Where the host listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
    pub fn code(&self) -> &RoomCode {
        &self.code
    }
    /// Connections the host holds now: sockets (from accepting them until
    /// their TCP stream is dropped) and in-process links. Never more than
    /// `Limits::max_connections`.
    pub fn open_connections(&self) -> usize {
        self.gate.lock().open
    }
    /// Of those, the ones not welcomed yet.
    pub fn pending_connections(&self) -> usize {
        self.gate.lock().pending
    }
    /// The table now.
    pub fn view(&self) -> HostView {
        self.view.lock().expect("host view").clone()
    }

    fn ask(
        &self,
        make: impl FnOnce(std::sync::mpsc::Sender<Result<(), HostError>>) -> Command,
    ) -> Result<(), HostError> {
        let (tx, rx) = std::sync::mpsc::channel();
        self.commands.send(make(tx)).map_err(|_| HostError::Gone)?;
        rx.recv().map_err(|_| HostError::Gone)?
    }

    /// Seats a local player or a bot, or opens a seat again (a remote player
    /// in it is sent away). Before the game only.
    pub fn set_seat(&self, seat: Seat, info: SeatInfo) -> Result<(), HostError> {
        self.ask(|tx| Command::SetSeat(seat, info, tx))
    }
    /// Before the game only.
    pub fn set_rules(&self, rules: Rules) -> Result<(), HostError> {
        self.ask(|tx| Command::SetRules(rules, tx))
    }
    /// Starts the game; every seat must be taken.
    pub fn start_game(&self) -> Result<(), HostError> {
        self.ask(Command::Start)
    }
    /// Plays `action` for a local or bot seat (the host fills in the time).
    /// The answer comes as `HostEvent::Applied` or `HostEvent::Rejected`.
    pub fn act(&self, seat: Seat, action: Action) -> Result<(), HostError> {
        self.commands
            .send(Command::Act(seat, action))
            .map_err(|_| HostError::Gone)
    }
    /// Makes `play` for a local or bot seat, in any game (at a classic
    /// table as the matching action). The answer comes as
    /// `AnyHostEvent::Played` (classic: `HostEvent::Applied`) or
    /// `HostEvent::Rejected`.
    pub fn play(&self, seat: Seat, play: Play) -> Result<(), HostError> {
        self.commands
            .send(Command::Play(seat, play))
            .map_err(|_| HostError::Gone)
    }
    /// The game so far as a record (names and bots included): save it, and
    /// `HostConfig::resume` takes it up again. After the host has stopped,
    /// the game as it last stood. `None` before the game, and at a table of
    /// another game (see [`HostHandle::any_record`]).
    pub fn record(&self) -> Option<Record> {
        match self.any_record()? {
            AnyRecord::Classic(r) => Some(r),
            _ => None,
        }
    }
    /// [`HostHandle::record`] for any game (`HostConfig::resume_any` takes
    /// it up again).
    pub fn any_record(&self) -> Option<AnyRecord> {
        let (tx, rx) = std::sync::mpsc::channel();
        if self.commands.send(Command::Record(tx)).is_ok()
            && let Ok(record) = rx.recv()
        {
            return record;
        }
        let view = self.view();
        view.any_game()
            .map(|g| any_record_of(&g, &view.lobby.seats))
    }
    /// Takes back the last action (grants an asked undo, or the host's own).
    pub fn undo(&self) -> Result<(), HostError> {
        self.commands
            .send(Command::Undo)
            .map_err(|_| HostError::Gone)
    }
    /// A connection in memory, as if a client had connected over the network.
    pub fn connect_in_process(&self) -> Result<Link, HostError> {
        let (ours, theirs) = Link::pair();
        let incoming = Incoming {
            link: theirs,
            from: None,
            first: None,
            tasks: Vec::new(),
        };
        self.in_process
            .try_send(incoming)
            .map_err(|_| HostError::Gone)?;
        Ok(ours)
    }
    /// Gives the host a connection that someone else accepted (a server's
    /// router): its link, the address it came from, the first message the
    /// router read to route it (read by the host as if it came now), and the
    /// tasks that run its socket (stopped if the host drops it to make
    /// room). Counted by the host's limits like its own sockets.
    pub fn hand_over(
        &self,
        link: Link,
        from: IpAddr,
        first: Arc<str>,
        tasks: Vec<tokio::task::AbortHandle>,
    ) -> Result<(), HostError> {
        let incoming = Incoming {
            link,
            from: Some(from),
            first: Some(first),
            tasks,
        };
        self.in_process
            .try_send(incoming)
            .map_err(|_| HostError::Gone)
    }
    /// Whether the host's task has stopped.
    pub fn is_stopped(&self) -> bool {
        self.commands.is_closed()
    }
    /// Stops the host: queued messages are flushed (for up to two seconds),
    /// connections closed, and the thread joined.
    pub fn shutdown(&self) {
        let _ = self.commands.send(Command::Shutdown);
        let thread = self.thread.lock().expect("host thread").take();
        if let Some(t) = thread {
            let _ = t.join();
        }
    }
}

/// What a connection's reader tells the host.
enum Inbound {
    Msg(ConnId, ClientMsg),
    Bad(ConnId, Refusal),
    Closed(ConnId),
}

type ConnId = u64;

/// A connection the host did not accept itself: in-process, or handed over
/// by a router (see [`HostHandle::hand_over`]).
struct Incoming {
    link: Link,
    /// Where it came from (`None`: in-process).
    from: Option<IpAddr>,
    /// The message the router read first.
    first: Option<Arc<str>>,
    /// The tasks that run its socket.
    tasks: Vec<tokio::task::AbortHandle>,
}

/// A new connection for the host: its link, its slot (to mark it welcomed),
/// the address it came from (`None`: in-process), the slot itself when the
/// connection's task is what holds it, and a first message already read.
struct NewConn {
    link: Link,
    slot: Weak<Slot>,
    from: Option<IpAddr>,
    held: Option<Arc<Slot>>,
    first: Option<Arc<str>>,
}

/// A bot's answer: the state it was asked in, its seat and its move.
type BotAnswer = (u64, Seat, Option<AnyMove>);

/// What the host's task runs on.
struct HostParts {
    core: HostCore,
    gate: Arc<Gate>,
    commands: mpsc::UnboundedReceiver<Command>,
    incoming: mpsc::Receiver<Incoming>,
    bots: mpsc::UnboundedReceiver<BotAnswer>,
}

/// The longest the accept loop waits after an error (out of file
/// descriptors, say) before it tries again; it starts at 10 ms.
const ACCEPT_BACKOFF_MAX: Duration = Duration::from_secs(1);

/// Accepts WebSocket connections for the host, within its gate's limits.
async fn accept_loop(
    listener: tokio::net::TcpListener,
    gate: Arc<Gate>,
    timeouts: Timeouts,
    new_tx: mpsc::Sender<NewConn>,
) {
    let mut backoff = Duration::from_millis(10);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => {
                backoff = Duration::from_millis(10);
                accepted
            }
            Err(_) => {
                // Out of file descriptors or the like: trying again at
                // once would only spin.
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(ACCEPT_BACKOFF_MAX);
                continue;
            }
        };
        let ip = peer.ip().to_canonical();
        // Past the limits a newcomer is closed at once, unread.
        let Some(slot) = gate.admit(Some(ip)) else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let new_tx = new_tx.clone();
        let held = slot.clone();
        let handshake = tokio::spawn(async move {
            let config = ws_config(MAX_CLIENT_MESSAGE_BYTES);
            let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(config));
            if let Ok(Ok(ws)) = tokio::time::timeout(timeouts.hello, handshake).await {
                let weak = Arc::downgrade(&slot);
                // The slot goes with the socket: it is free once the
                // TCP stream is dropped, not before.
                let (link, tasks) = ws_link(ws, timeouts.write, timeouts.close, slot.clone());
                slot.held_by(tasks);
                drop(slot);
                let conn = NewConn {
                    link,
                    slot: weak,
                    from: Some(ip),
                    held: None,
                    first: None,
                };
                let _ = new_tx.send(conn).await;
            }
        });
        held.held_by([handshake.abort_handle()]);
        drop(held);
    }
}

async fn host_main(
    parts: HostParts,
    listener: Option<tokio::net::TcpListener>,
    announcer: Option<Announcer>,
) {
    let HostParts {
        mut core,
        gate,
        mut commands,
        mut incoming,
        mut bots,
    } = parts;
    let limits = core.config.limits;
    let timeouts = core.config.timeouts;
    let (new_tx, mut new_rx) = mpsc::channel::<NewConn>(8);
    let mut tasks = JoinSet::new();
    if let Some(listener) = listener {
        tasks.spawn(accept_loop(listener, gate.clone(), timeouts, new_tx));
    }
    let (inbound_tx, mut inbound_rx) = mpsc::channel::<Inbound>(256);
    let mut tick = tokio::time::interval(timeouts.tick);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut beacon_tick = tokio::time::interval(BEACON_EVERY);
    beacon_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // A table taken up after a restart may have every seat taken already.
    if core.config.held_seats.iter().any(Option::is_some) {
        core.maybe_start();
    }
    loop {
        let mut new_conn = None;
        tokio::select! {
            Some(conn) = new_rx.recv() => new_conn = Some(conn),
            Some(i) = incoming.recv() => {
                if let Some(slot) = gate.admit(i.from) {
                    slot.held_by(i.tasks);
                    new_conn = Some(NewConn {
                        link: i.link,
                        slot: Arc::downgrade(&slot),
                        from: i.from,
                        held: Some(slot),
                        first: i.first,
                    });
                }
            }
            Some(event) = inbound_rx.recv() => core.inbound(event),
            Some(answer) = bots.recv() => core.bot_answer(answer),
            command = commands.recv() => match command {
                None | Some(Command::Shutdown) => break,
                Some(c) => core.command(c),
            },
            _ = tick.tick() => core.tick(Instant::now()),
            _ = beacon_tick.tick(), if announcer.is_some() => {
                if let Some(a) = &announcer {
                    a.send(&core.beacon(a.id));
                }
            }
            Some(_) = tasks.join_next(), if tasks.len() > 1 => {}
        }
        if let Some(conn) = new_conn {
            let (id, out_rx) = core.add_conn(conn.slot.clone(), conn.from);
            let inbound = inbound_tx.clone();
            let write = timeouts.write;
            tasks.spawn(run_conn(id, conn, out_rx, inbound, limits, write));
        }
    }
    core.stop_bot();
    // Closing every outgoing queue lets each connection flush what is queued and end.
    core.conns.clear();
    drop(inbound_tx);
    let flush = async {
        while let Some(event) = inbound_rx.recv().await {
            drop(event);
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), flush).await;
    tasks.abort_all();
}

/// The key an address is counted under: an IPv4 address, or an IPv6 /64
/// (one machine usually holds a whole /64).
fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        v4 => v4,
    }
}

/// The host's connection slots: connections at once, those not welcomed
/// yet, and those by address.
///
/// When a newcomer finds no room, a socket the host has already given up on
/// (closing, waiting for the peer's answer) is dropped at once to make room;
/// failing that, when the connections not yet welcomed are all taken, the
/// oldest of the address that holds the most of them goes, if that address
/// holds more than the newcomer's. So neither sockets that do not answer a
/// close nor idle strangers spread over many addresses shut players out.
struct Gate {
    limits: Limits,
    state: Mutex<GateState>,
}

#[derive(Default)]
struct GateState {
    open: usize,
    pending: usize,
    pending_by_address: HashMap<IpAddr, usize>,
    /// Every slot of a socket, to choose one to drop when there is no room.
    sockets: Vec<Weak<Slot>>,
}

impl GateState {
    fn pending_of(&self, key: IpAddr) -> usize {
        self.pending_by_address.get(&key).copied().unwrap_or(0)
    }
}

impl Gate {
    fn new(limits: Limits) -> Gate {
        Gate {
            limits,
            state: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        // The counts stay right even if a holder panicked.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A slot for a new connection from `ip` (`None`: in-process), if the
    /// limits leave one (making room as `Gate` says).
    fn admit(self: &Arc<Gate>, ip: Option<IpAddr>) -> Option<Arc<Slot>> {
        let l = self.limits;
        let key = ip.map(address_key);
        let max_pending = l.max_pending.min(l.max_connections);
        // Dropped (and their tasks stopped) once the lock is let go.
        let mut evicted: Vec<Arc<Slot>> = Vec::new();
        // Let go after the lock (a slot's drop takes it).
        let live: Vec<Arc<Slot>>;
        let admitted = {
            let mut g = self.lock();
            g.sockets.retain(|w| w.strong_count() > 0);
            live = g.sockets.iter().filter_map(Weak::upgrade).collect();
            let own_full =
                |g: &GateState| key.is_some_and(|k| g.pending_of(k) >= l.max_pending_per_address);
            let full = |g: &GateState| g.open >= l.max_connections || g.pending >= max_pending;
            // A socket the host has given up on, oldest first: of this
            // address when its own limit is the one reached, one not
            // welcomed when that limit is.
            if own_full(&g) || full(&g) {
                let (own, pending) = (own_full(&g), g.pending >= max_pending);
                let victim = live
                    .iter()
                    .filter(|s| s.counted() && s.closing.load(Ordering::SeqCst))
                    .filter(|s| !own || (s.key == key && s.is_pending()))
                    .filter(|s| !pending || s.is_pending())
                    .min_by_key(|s| s.opened);
                if let Some(v) = victim {
                    v.uncount(self, &mut g);
                    evicted.push(v.clone());
                }
            }
            // The oldest not welcomed of the addresses holding the most.
            if !own_full(&g) && full(&g) && g.pending >= max_pending {
                let mine = key.map_or(0, |k| g.pending_of(k));
                let most = g.pending_by_address.values().copied().max().unwrap_or(0);
                if most > mine {
                    let victim = live
                        .iter()
                        .filter(|s| s.counted() && s.is_pending())
                        .filter(|s| s.key.is_some_and(|k| g.pending_of(k) == most))
                        .min_by_key(|s| s.opened);
                    if let Some(v) = victim {
                        v.uncount(self, &mut g);
                        evicted.push(v.clone());
                    }
                }
            }
            if own_full(&g) || full(&g) {
                None
            } else {
                if let Some(key) = key {
                    *g.pending_by_address.entry(key).or_insert(0) += 1;
                }
                g.open += 1;
                g.pending += 1;
                let slot = Arc::new(Slot {
                    gate: self.clone(),
                    key,
                    opened: Instant::now(),
                    counted: AtomicBool::new(true),
                    pending: AtomicBool::new(true),
                    closing: AtomicBool::new(false),
                    tasks: Mutex::default(),
                });
                if key.is_some() {
                    g.sockets.push(Arc::downgrade(&slot));
                }
                Some(slot)
            }
        };
        for slot in evicted {
            slot.stop();
        }
        drop(live);
        admitted
    }

    /// Counts a connection as no longer pending.
    fn release_pending(&self, g: &mut GateState, key: Option<IpAddr>) {
        g.pending -= 1;
        if let Some(key) = key
            && let Some(n) = g.pending_by_address.get_mut(&key)
        {
            *n -= 1;
            if *n == 0 {
                g.pending_by_address.remove(&key);
            }
        }
    }
}

/// One connection's place at the host, held by whatever holds its socket
/// (or its in-process link): free when that is dropped, or when the gate
/// drops the socket to make room.
struct Slot {
    gate: Arc<Gate>,
    key: Option<IpAddr>,
    opened: Instant,
    /// Still counted by the gate (until dropped or evicted). These flags
    /// change under the gate's lock.
    counted: AtomicBool,
    /// Not welcomed yet.
    pending: AtomicBool,
    /// The host has given up on it (it is being closed).
    closing: AtomicBool,
    /// The tasks that hold its socket, to stop when it is evicted.
    tasks: Mutex<Vec<tokio::task::AbortHandle>>,
}

impl Slot {
    fn counted(&self) -> bool {
        self.counted.load(Ordering::SeqCst)
    }
    fn is_pending(&self) -> bool {
        self.pending.load(Ordering::SeqCst)
    }

    /// The connection was welcomed: it no longer counts as pending.
    fn welcomed(&self) {
        let mut g = self.gate.lock();
        if self.counted() && self.pending.swap(false, Ordering::SeqCst) {
            self.gate.release_pending(&mut g, self.key);
        }
    }

    /// The host has given up on the connection: its socket may be dropped
    /// before its close is answered, to make room.
    fn closing(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    /// Holds the tasks that run its socket (stopped when evicted).
    fn held_by(&self, tasks: impl IntoIterator<Item = tokio::task::AbortHandle>) {
        let mut held = self.tasks.lock().unwrap_or_else(|e| e.into_inner());
        held.extend(tasks);
    }

    /// No longer counted (under the gate's lock).
    fn uncount(&self, gate: &Gate, g: &mut GateState) {
        if self.counted.swap(false, Ordering::SeqCst) {
            g.open -= 1;
            if self.pending.swap(false, Ordering::SeqCst) {
                gate.release_pending(g, self.key);
            }
        }
    }

    /// Stops the tasks holding the socket: it is dropped.
    fn stop(&self) {
        let held = std::mem::take(&mut *self.tasks.lock().unwrap_or_else(|e| e.into_inner()));
        for task in held {
            task.abort();
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let gate = self.gate.clone();
        let mut g = gate.lock();
        self.uncount(&gate, &mut g);
    }
}

/// Failed guesses (wrong room codes, unknown seat tokens), host-wide and by
/// address (see `Limits::wrong_codes_per_second`). A server's router keeps
/// one for the codes of all its tables.
pub struct Guesses {
    host: Bucket,
    rate: f64,
    burst: f64,
    memory: Duration,
    /// Each guessing address's bucket and its latest failure.
    by_address: HashMap<Option<IpAddr>, (Bucket, Instant)>,
}

/// Addresses remembered as guessers at most; past that, unknown addresses
/// are treated as guessers too.
const MAX_GUESSERS: usize = 4096;

impl Guesses {
    pub fn new(l: &Limits) -> Guesses {
        Guesses {
            host: Bucket::new(l.wrong_codes_per_second, l.wrong_code_burst),
            rate: l.wrong_codes_per_address_per_second,
            burst: l.wrong_code_address_burst,
            memory: l.guesser_memory,
            by_address: HashMap::new(),
        }
    }

    /// Whether a hello from `key` is heard now (nothing is spent).
    pub fn may_try(&mut self, key: Option<IpAddr>, now: Instant) -> bool {
        let memory = self.memory;
        self.by_address
            .retain(|_, (_, at)| now.saturating_duration_since(*at) < memory);
        let guesser = match self.by_address.get_mut(&key) {
            Some((bucket, _)) => {
                if !bucket.has_room(now) {
                    return false;
                }
                true
            }
            None => false,
        };
        // Guessing elsewhere does not lock out an address that has not guessed.
        self.host.has_room(now) || (!guesser && self.by_address.len() < MAX_GUESSERS)
    }

    pub fn failed(&mut self, key: Option<IpAddr>, now: Instant) {
        self.host.take(now);
        if let Some((bucket, at)) = self.by_address.get_mut(&key) {
            bucket.take(now);
            *at = now;
        } else if self.by_address.len() < MAX_GUESSERS {
            let mut bucket = Bucket::new(self.rate, self.burst);
            bucket.take(now);
            self.by_address.insert(key, (bucket, now));
        }
    }
}

/// A token bucket: `rate` a second, up to `burst` at once.
struct Bucket {
    rate: f64,
    burst: f64,
    level: f64,
    at: Instant,
}

impl Bucket {
    fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            rate,
            burst,
            level: burst,
            at: Instant::now(),
        }
    }
    /// Whether one can be taken now (nothing is taken).
    fn has_room(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.level = (self.level + dt * self.rate).min(self.burst);
        self.at = now;
        self.level >= 1.0
    }
    fn take(&mut self, now: Instant) -> bool {
        if self.has_room(now) {
            self.level -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One connection: reads, limits and parses what comes in (so hostile input
/// costs the host's own task nothing), and writes what the host queues.
async fn run_conn(
    id: ConnId,
    conn: NewConn,
    mut out: mpsc::Receiver<Arc<str>>,
    inbound: mpsc::Sender<Inbound>,
    limits: Limits,
    write_timeout: Duration,
) {
    // `held` keeps the connection's slot while this runs.
    let NewConn {
        mut link,
        first,
        held: _held,
        ..
    } = conn;
    let mut bucket = Bucket::new(limits.messages_per_second, limits.burst);
    let read = |bucket: &mut Bucket, text: &str| {
        if !bucket.take(Instant::now()) {
            return Inbound::Bad(id, Refusal::RateLimited);
        }
        match decode_client(text) {
            Ok(msg) => Inbound::Msg(id, msg),
            Err(refusal) => Inbound::Bad(id, refusal),
        }
    };
    if let Some(text) = first
        && inbound.send(read(&mut bucket, &text)).await.is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            text = link.rx.recv() => {
                let Some(text) = text else { break };
                if inbound.send(read(&mut bucket, &text)).await.is_err() {
                    break;
                }
            }
            text = out.recv() => {
                // `None`: the host closed this connection (after what was queued).
                let Some(text) = text else { break };
                // A reader that does not take it in time is given up.
                let sent = tokio::time::timeout(write_timeout, link.tx.send(text)).await;
                if !matches!(sent, Ok(Ok(()))) {
                    break;
                }
            }
        }
    }
    let _ = inbound.send(Inbound::Closed(id)).await;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Pending,
    Player(Seat),
    Spectator,
}

struct Conn {
    out: mpsc::Sender<Arc<str>>,
    /// The socket's slot (see `Gate`), to mark it welcomed.
    slot: Weak<Slot>,
    /// Where it came from (`None`: in-process), counted under `address_key`.
    from: Option<IpAddr>,
    role: Role,
    opened: Instant,
    last_heard: Instant,
    last_req: u64,
    strikes: u32,
    last_resync: Option<Instant>,
}

struct SeatState {
    info: SeatInfo,
    conn: Option<ConnId>,
    token: Option<String>,
    /// When a remote player's connection was lost (cleared when they are back or out).
    lost_at: Option<Instant>,
    /// A resumed game's open seat keeps the saved player's name, whoever
    /// joins it, so the record goes on as it was.
    saved_name: Option<String>,
    /// Its player did not come back in time and was resigned: their token
    /// still opens the table, but only to watch.
    lapsed: bool,
}

struct HostCore {
    config: HostConfig,
    seats: Vec<SeatState>,
    conns: HashMap<ConnId, Conn>,
    next_id: ConnId,
    game: Option<AnyGame>,
    seq: u64,
    record: Option<AnyRecord>,
    events: std::sync::mpsc::Sender<AnyHostEvent>,
    view: Arc<Mutex<HostView>>,
    guesses: Guesses,
    last_tick: Instant,
    /// Clock time not yet given to the game (it takes whole milliseconds).
    clock_carry: Duration,
    last_clock_sent: Instant,
    refused: u64,
    /// The saved game a resumed table starts from (replayed when started).
    resumed: Option<AnyGame>,
    /// The port the game listens on (announced).
    port: u16,
    /// Where the bots' answers go (`HostConfig::run_bots`).
    bot_tx: mpsc::UnboundedSender<BotAnswer>,
    /// The bot thinking now: the state it was asked in, and its stop flag.
    thinking: Option<(u64, Arc<AtomicBool>)>,
}

impl HostCore {
    fn new(
        config: HostConfig,
        events: std::sync::mpsc::Sender<AnyHostEvent>,
        bot_tx: mpsc::UnboundedSender<BotAnswer>,
    ) -> HostCore {
        let resumed = config.resume.is_some() || config.resume_any.is_some();
        let seats: Vec<SeatState> = config
            .seats
            .iter()
            .enumerate()
            .map(|(i, info)| {
                let held = config.held_seats.get(i).cloned().flatten();
                let kind = match info.kind {
                    // A held seat is its player's, who is away for now.
                    _ if held.is_some() => SeatKind::Remote,
                    // Remote seats are taken by joining, not by configuration.
                    SeatKind::Remote => SeatKind::Open,
                    ref k => k.clone(),
                };
                SeatState {
                    lapsed: false,
                    saved_name: saved_name(resumed, &kind, &info.name),
                    info: SeatInfo {
                        name: clean_name(&info.name, &format!("Player {}", i + 1)),
                        connected: !matches!(kind, SeatKind::Open | SeatKind::Remote),
                        kind,
                        colour: info.colour,
                    },
                    conn: None,
                    token: held,
                    lost_at: None,
                }
            })
            .collect();
        let limits = config.limits;
        let lobby = Lobby {
            rules: config.rules.clone(),
            seats: seats.iter().map(|s| s.info.clone()).collect(),
            spectators: 0,
            started: false,
            game: config.game.clone(),
        };
        let view = Arc::new(Mutex::new(HostView {
            lobby,
            seq: 0,
            checksum: 0,
            game: None,
            other_game: None,
            record: None,
            other_record: None,
            connections: 0,
            refused: 0,
        }));
        HostCore {
            config,
            seats,
            conns: HashMap::new(),
            next_id: 1,
            game: None,
            seq: 0,
            record: None,
            events,
            view,
            guesses: Guesses::new(&limits),
            last_tick: Instant::now(),
            clock_carry: Duration::ZERO,
            last_clock_sent: Instant::now(),
            refused: 0,
            resumed: None,
            port: 0,
            bot_tx,
            thinking: None,
        }
    }

    /// Tells the journal how the table stands.
    fn journal(&self) {
        let Some(journal) = &self.config.journal else {
            return;
        };
        (journal.0)(TableState {
            lobby: self.lobby(),
            tokens: self.seats.iter().map(|s| s.token.clone()).collect(),
            record: self.record(),
            over: self.game.as_ref().is_some_and(|g| g.is_over()),
        });
    }

    /// Asks the bot of the seat to move for its move, when the host plays
    /// its bots and one is to move (and is not already thinking).
    fn bot_turn(&mut self) {
        if !self.config.run_bots {
            return;
        }
        let Some(game) = self.game.as_ref().filter(|g| !g.is_over()) else {
            return;
        };
        let Some(seat) = table::to_move(game) else {
            return;
        };
        let SeatKind::Bot { level } = &self.seats[seat as usize].info.kind else {
            return;
        };
        if self
            .thinking
            .as_ref()
            .is_some_and(|(at, _)| *at == self.seq)
        {
            return;
        }
        // A level the host does not know plays as Medium.
        let level = Level::ALL
            .into_iter()
            .find(|l| l.name() == level)
            .unwrap_or(Level::Medium);
        let seq = self.seq;
        let think = Think::new(level).seeded(self.config.seed.unwrap_or(0) ^ seq);
        let (game, tx) = (game.clone(), self.bot_tx.clone());
        self.stop_bot();
        self.thinking = Some((seq, think.stop.clone()));
        tokio::task::spawn_blocking(move || {
            let _ = tx.send((seq, seat, game.bot_move(&think)));
        });
    }

    /// Stops the bot thinking, if one is.
    fn stop_bot(&mut self) {
        if let Some((_, stop)) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// A bot answered: its move is played if the game is still where it was asked.
    fn bot_answer(&mut self, (seq, seat, mv): BotAnswer) {
        if self.thinking.as_ref().is_some_and(|(at, _)| *at == seq) {
            self.thinking = None;
        }
        if seq != self.seq {
            return;
        }
        let result = match mv {
            Some(mv) => self.play(seat, Play::of(mv)),
            None => Err("the bot found no move".into()),
        };
        if let Err(reason) = result {
            self.emit(HostEvent::Rejected { seat, reason });
        }
    }

    /// What the host announces on the network now.
    fn beacon(&self, id: u64) -> Beacon {
        let open = (0..self.seats.len())
            .filter(|&i| self.seats[i].info.kind == SeatKind::Open)
            .map(|i| i as Seat)
            .collect();
        Beacon {
            started: self.game.is_some(),
            game: self.config.game.kind(&self.config.rules),
            ..Beacon::new(
                id,
                &self.config.table_name,
                self.port,
                self.seats.len(),
                open,
            )
        }
    }

    /// The running game when it is classic or party (clocks, actions).
    fn classic(&self) -> Option<&Game> {
        self.game.as_ref().and_then(AnyGame::as_classic)
    }

    /// Whether the running game has a clock (its time is the host's to keep).
    fn clocked(&self) -> bool {
        self.classic().is_some_and(|g| {
            !g.is_over() && (g.rules().move_limit_ms.is_some() || g.rules().time_bank_ms.is_some())
        })
    }

    /// Tells everyone the running turn's time now (at the start of a turn,
    /// then every second), so clients can show a clock ticking from it.
    fn broadcast_clock(&mut self, now: Instant) {
        if !self.clocked() {
            return;
        }
        self.last_clock_sent = now;
        let turn_ms = self.classic().map_or(0, |g| g.state().turn_ms);
        let seq = self.seq;
        self.broadcast(&ServerMsg::Clock { seq, turn_ms });
    }

    fn lobby(&self) -> Lobby {
        Lobby {
            rules: self.config.rules.clone(),
            seats: self.seats.iter().map(|s| s.info.clone()).collect(),
            spectators: self
                .conns
                .values()
                .filter(|c| c.role == Role::Spectator)
                .count() as u32,
            started: self.game.is_some(),
            game: self.config.game.clone(),
        }
    }

    fn running(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.is_over())
    }

    fn emit(&self, event: HostEvent) {
        self.emit_any(AnyHostEvent::Event(event));
    }

    fn emit_any(&self, event: AnyHostEvent) {
        // The host goes on even when nobody listens.
        let _ = self.events.send(event);
    }

    /// Brings the shared view up to date (`game_changed`: clone the game too).
    fn update_view(&self, game_changed: bool) {
        let mut view = self.view.lock().expect("host view");
        view.lobby = self.lobby();
        view.seq = self.seq;
        view.checksum = self.game.as_ref().map_or(0, table::checksum);
        if game_changed {
            (view.game, view.other_game) = table::split(self.game.as_ref());
        }
        (view.record, view.other_record) = table::split_record(self.record.as_ref());
        view.connections = self.conns.len();
        view.refused = self.refused;
    }

    fn add_conn(
        &mut self,
        slot: Weak<Slot>,
        from: Option<IpAddr>,
    ) -> (ConnId, mpsc::Receiver<Arc<str>>) {
        let id = self.next_id;
        self.next_id += 1;
        let (out, out_rx) = mpsc::channel(self.config.limits.out_queue.max(LINK_QUEUE));
        let now = Instant::now();
        self.conns.insert(
            id,
            Conn {
                out,
                slot,
                from: from.map(address_key),
                role: Role::Pending,
                opened: now,
                last_heard: now,
                last_req: 0,
                strikes: 0,
                last_resync: None,
            },
        );
        self.update_view(false);
        (id, out_rx)
    }

    /// Queues a message for one connection; one that cannot take it (it
    /// reads too slowly) is dropped.
    fn send(&mut self, id: ConnId, msg: &ServerMsg) {
        let text: Arc<str> = Arc::from(encode(msg));
        self.send_text(id, text);
    }

    fn send_text(&mut self, id: ConnId, text: Arc<str>) {
        let full = match self.conns.get(&id) {
            Some(c) => c.out.try_send(text).is_err(),
            None => false,
        };
        if full {
            self.drop_conn(id);
        }
    }

    /// Sends to every joined connection (encoded once).
    fn broadcast(&mut self, msg: &ServerMsg) {
        let text: Arc<str> = Arc::from(encode(msg));
        let ids: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.role != Role::Pending)
            .map(|(&id, _)| id)
            .collect();
        for id in ids {
            self.send_text(id, text.clone());
        }
    }

    fn broadcast_lobby(&mut self) {
        let lobby = self.lobby();
        self.broadcast(&ServerMsg::Lobby {
            lobby: lobby.clone(),
        });
        self.emit(HostEvent::Lobby(lobby));
        self.update_view(false);
        self.journal();
    }

    /// Closes a connection (after what is queued for it). A player's seat
    /// waits for them during the game, and opens again before it.
    fn drop_conn(&mut self, id: ConnId) {
        let Some(conn) = self.conns.remove(&id) else {
            return;
        };
        if let Some(slot) = conn.slot.upgrade() {
            slot.closing();
        }
        match conn.role {
            Role::Player(seat) if self.seats[seat as usize].conn == Some(id) => {
                let s = &mut self.seats[seat as usize];
                s.conn = None;
                s.info.connected = false;
                if self.game.is_some() {
                    s.lost_at = Some(Instant::now());
                    self.broadcast(&ServerMsg::Connection {
                        seat,
                        connected: false,
                    });
                    self.emit(HostEvent::Connection {
                        seat,
                        connected: false,
                    });
                    self.update_view(false);
                } else {
                    s.info.kind = SeatKind::Open;
                    s.info.name = s
                        .saved_name
                        .clone()
                        .unwrap_or_else(|| format!("Player {}", seat + 1));
                    s.token = None;
                    self.broadcast_lobby();
                }
            }
            Role::Spectator => self.broadcast_lobby(),
            _ => self.update_view(false),
        }
    }

    fn refuse(&mut self, id: ConnId, reason: Refusal) {
        self.refused += 1;
        self.send(
            id,
            &ServerMsg::Refused {
                reason,
                message: reason.message(),
            },
        );
        if reason.closes() {
            self.drop_conn(id);
            return;
        }
        let max = self.config.limits.max_strikes;
        if let Some(c) = self.conns.get_mut(&id) {
            c.strikes += 1;
            if c.strikes >= max {
                self.refuse(id, Refusal::TooManyErrors);
            }
        }
        self.update_view(false);
    }

    fn reject(&mut self, id: ConnId, req: u64, reason: impl Into<String>) {
        self.refused += 1;
        self.send(
            id,
            &ServerMsg::Rejected {
                req,
                reason: reason.into(),
            },
        );
        let max = self.config.limits.max_strikes;
        if let Some(c) = self.conns.get_mut(&id) {
            c.strikes += 1;
            if c.strikes >= max {
                self.refuse(id, Refusal::TooManyErrors);
            }
        }
    }

    fn inbound(&mut self, event: Inbound) {
        match event {
            Inbound::Closed(id) => self.drop_conn(id),
            Inbound::Bad(id, reason) => {
                if self.conns.contains_key(&id) {
                    self.refuse(id, reason);
                }
            }
            Inbound::Msg(id, msg) => {
                let Some(conn) = self.conns.get_mut(&id) else {
                    return;
                };
                conn.last_heard = Instant::now();
                let role = conn.role;
                match (role, msg) {
                    (
                        Role::Pending,
                        ClientMsg::Hello {
                            code,
                            name,
                            want,
                            rejoin,
                            ..
                        },
                    ) => self.hello(id, &code, &name, want, rejoin.as_deref()),
                    (_, ClientMsg::Create { .. } | ClientMsg::ListTables { .. }) => {
                        self.refuse(id, Refusal::NotServer)
                    }
                    (Role::Pending, _) | (_, ClientMsg::Hello { .. }) => {
                        self.refuse(id, Refusal::NotJoined)
                    }
                    (_, ClientMsg::Ping { nonce, .. }) => {
                        let (seq, started) = (self.seq, self.game.is_some());
                        self.send(
                            id,
                            &ServerMsg::Pong {
                                nonce,
                                seq,
                                started,
                            },
                        );
                    }
                    (_, ClientMsg::Resync { .. }) => self.resync(id),
                    (_, ClientMsg::Leave) => self.drop_conn(id),
                    (role, ClientMsg::Act { req, at, action }) => {
                        if let Some(seat) = self.check_request(id, role, req, at)
                            && let Err(reason) = self.act(seat, action)
                        {
                            self.reject(id, req, reason);
                        }
                    }
                    (role, ClientMsg::Play { req, at, play }) => {
                        if let Some(seat) = self.check_request(id, role, req, at)
                            && let Err(reason) = self.play(seat, play)
                        {
                            self.reject(id, req, reason);
                        }
                    }
                    (role, ClientMsg::Undo { req, at }) => {
                        if let Some(seat) = self.check_request(id, role, req, at) {
                            match self.config.undo {
                                UndoPolicy::Refuse => {
                                    self.reject(id, req, "the host does not allow undo")
                                }
                                UndoPolicy::Accept => {
                                    if let Err(reason) = self.undo() {
                                        self.reject(id, req, reason);
                                    }
                                }
                                UndoPolicy::Ask => {
                                    let asked = ServerMsg::UndoAsked { seat: Some(seat) };
                                    self.broadcast(&asked);
                                    self.emit(HostEvent::UndoAsked { seat: Some(seat) });
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The checks every request passes: not a replay, from a player, for
    /// the state as it is now. Returns the requester's seat.
    fn check_request(&mut self, id: ConnId, role: Role, req: u64, at: u64) -> Option<Seat> {
        let conn = self.conns.get_mut(&id)?;
        if req <= conn.last_req {
            self.reject(id, req, "replayed request");
            return None;
        }
        conn.last_req = req;
        let Role::Player(seat) = role else {
            self.reject(id, req, "spectators cannot play");
            return None;
        };
        if !self.running() {
            self.reject(id, req, "no game is running");
            return None;
        }
        if at != self.seq {
            self.reject(
                id,
                req,
                format!("stale: made for state {at}, the game is at {}", self.seq),
            );
            return None;
        }
        Some(seat)
    }

    /// Gives connection `id` its role and sends the welcome (with the
    /// seat's token for a player).
    fn welcome(&mut self, id: ConnId, role: Role, token: Option<String>) {
        if let Some(c) = self.conns.get_mut(&id) {
            c.role = role;
            if let Some(slot) = c.slot.upgrade() {
                slot.welcomed();
            }
        }
        let seat = match role {
            Role::Player(seat) => Some(seat),
            _ => None,
        };
        let lobby = self.lobby();
        self.send(
            id,
            &ServerMsg::Welcome {
                protocol: PROTOCOL_VERSION,
                seat,
                token,
                lobby,
            },
        );
    }

    /// Welcomes connection `id` to watch (a player whose seat lapsed comes
    /// in so too, beyond the spectators' limit: they had a seat here).
    fn welcome_spectator(&mut self, id: ConnId, lapsed: bool) {
        let spectators = self.lobby().spectators;
        if !lapsed && spectators >= self.config.limits.max_spectators {
            return self.refuse(id, Refusal::Full);
        }
        self.welcome(id, Role::Spectator, None);
        self.broadcast_lobby();
        if self.game.is_some() {
            self.resync(id);
        }
    }

    fn hello(&mut self, id: ConnId, code: &str, name: &str, want: Want, rejoin: Option<&str>) {
        let now = Instant::now();
        let from = self.conns.get(&id).and_then(|c| c.from);
        // A seat's token is 128 random bits: one that matches is no guess,
        // and its player comes back whatever the guessing.
        let seat = rejoin
            .filter(|_| self.config.code.matches(code))
            .and_then(|token| {
                self.seats
                    .iter()
                    .position(|s| s.token.as_deref().is_some_and(|t| same_token(t, token)))
            });
        if let Some(seat) = seat {
            if self.seats[seat].lapsed {
                // The seat waited its time and was given up: its player
                // comes in to watch, welcomed without a seat (which tells
                // them why), and nobody is told they are back.
                return self.welcome_spectator(id, true);
            }
            if let Some(old) = self.seats[seat].conn.take() {
                // The old connection is a ghost of this player's.
                if let Some(c) = self.conns.get_mut(&old) {
                    c.role = Role::Pending;
                }
                self.drop_conn(old);
            }
            return self.seat_player(id, seat as Seat, None);
        }
        // Every wrong code spends from a bucket for the whole host and one
        // for its address. While an address's is empty, or the host's is and
        // the address has guessed lately, its hellos are refused alike,
        // right code or not, so the answer tells a guesser nothing.
        if !self.guesses.may_try(from, now) {
            return self.refuse(id, Refusal::Busy);
        }
        if !self.config.code.matches(code) {
            self.guesses.failed(from, now);
            return self.refuse(id, Refusal::WrongCode);
        }
        if rejoin.is_some() {
            self.guesses.failed(from, now);
            return self.refuse(id, Refusal::BadToken);
        }
        match want {
            Want::Spectator => self.welcome_spectator(id, false),
            Want::Any | Want::Seat(_) => {
                if self.game.is_some() {
                    return self.refuse(id, Refusal::Started);
                }
                let open = |s: &SeatState| s.info.kind == SeatKind::Open;
                let seat = match want {
                    Want::Seat(s) => self.seats.get(s as usize).filter(|x| open(x)).map(|_| s),
                    // A resumed game's player finds their own seat by name.
                    _ => {
                        let own = |s: &SeatState| {
                            s.saved_name
                                .as_ref()
                                .is_some_and(|n| n.trim().eq_ignore_ascii_case(name.trim()))
                        };
                        self.seats
                            .iter()
                            .position(|s| open(s) && own(s))
                            .or_else(|| self.seats.iter().position(open))
                            .map(|s| s as Seat)
                    }
                };
                let Some(seat) = seat else {
                    return self.refuse(id, Refusal::Full);
                };
                let name = match &self.seats[seat as usize].saved_name {
                    Some(saved) => saved.clone(),
                    None => clean_name(name, &format!("Player {}", seat + 1)),
                };
                self.seat_player(id, seat, Some(name));
            }
        }
    }

    /// Puts connection `id` in `seat` (a newcomer when `name` is given, else
    /// a player coming back) and welcomes it.
    fn seat_player(&mut self, id: ConnId, seat: Seat, name: Option<String>) {
        let s = &mut self.seats[seat as usize];
        s.conn = Some(id);
        s.lost_at = None;
        s.info.connected = true;
        if let Some(name) = name {
            s.info.kind = SeatKind::Remote;
            s.info.name = name;
            s.token = Some(new_token());
        }
        let token = s.token.clone();
        self.welcome(id, Role::Player(seat), token);
        if self.game.is_some() {
            self.broadcast(&ServerMsg::Connection {
                seat,
                connected: true,
            });
            self.emit(HostEvent::Connection {
                seat,
                connected: true,
            });
            self.resync(id);
            self.update_view(false);
        } else {
            self.broadcast_lobby();
            self.maybe_start();
        }
    }

    fn maybe_start(&mut self) {
        let full = self.seats.iter().all(|s| s.info.kind != SeatKind::Open);
        if self.config.start_when_full && full && self.game.is_none() {
            let _ = self.start();
        }
    }

    fn record(&self) -> Option<AnyRecord> {
        let infos: Vec<SeatInfo> = self.seats.iter().map(|s| s.info.clone()).collect();
        Some(any_record_of(self.game.as_ref()?, &infos))
    }

    fn start(&mut self) -> Result<(), HostError> {
        if self.game.is_some() {
            return Err(HostError::Refused("the game has started".into()));
        }
        if let Some(i) = self
            .seats
            .iter()
            .position(|s| s.info.kind == SeatKind::Open)
        {
            return Err(HostError::Refused(format!("seat {} is open", i + 1)));
        }
        let game = match &self.resumed {
            // Checked when the host started: it replays and is not over.
            Some(saved) => saved.clone(),
            None => {
                let seed = self.config.seed.unwrap_or_else(random_u64);
                let c = &self.config;
                table::new_game(&c.game, &c.rules, self.seats.len(), seed)
                    .map_err(HostError::Refused)?
            }
        };
        let checksum = table::checksum(&game);
        self.game = Some(game);
        // A resumed game counts on from its moves, so a client that saw them
        // (a server's player coming back after a restart) is not ahead of it.
        let saved = self.config.saved().ok().flatten();
        self.seq = saved.map_or(0, |r| r.moves() as u64);
        let now = Instant::now();
        // Held seats wait for their players as lost connections do.
        for s in &mut self.seats {
            if s.info.kind == SeatKind::Remote && s.conn.is_none() {
                s.lost_at = Some(now);
            }
        }
        self.last_tick = now;
        self.clock_carry = Duration::ZERO;
        let record = self.record().expect("a game");
        let seq = self.seq;
        self.broadcast(&ServerMsg::Start {
            record,
            seq,
            checksum,
        });
        self.emit(HostEvent::Started { seq });
        self.broadcast_lobby();
        // A resumed turn may already have used some of its time.
        self.broadcast_clock(now);
        self.update_view(true);
        self.bot_turn();
        Ok(())
    }

    /// Plays an action for `seat`, with the host's clock: only the player to
    /// move moves, passes or uses items, a player resigns only for
    /// themselves, and clock actions come from the host's clock alone.
    fn act(&mut self, seat: Seat, action: Action) -> Result<(), String> {
        let game = match self.game.as_mut().ok_or("no game is running")? {
            AnyGame::Classic(game) => game,
            other => {
                return Err(format!(
                    "this table plays {}: a classic action is not one of its moves",
                    other.kind()
                ));
            }
        };
        if game.is_over() {
            return Err("the game is over".into());
        }
        let to_move = game.to_move();
        let ms = game.state().turn_ms;
        let mover_only = || match seat == to_move {
            true => Ok(()),
            false => Err(format!(
                "not your turn: player {} is to move",
                u32::from(to_move) + 1
            )),
        };
        let result = match action {
            Action::Move {
                from, to, route, ..
            } => {
                mover_only()?;
                game.apply(Action::Move {
                    from,
                    to,
                    route,
                    ms,
                })
            }
            Action::Pass { .. } => {
                mover_only()?;
                game.apply(Action::Pass { ms })
            }
            Action::UseItem { item_use, .. } => {
                mover_only()?;
                game.apply(Action::UseItem { item_use, ms })
            }
            Action::Resign { seat: who, .. } if who == seat => game.resign(seat),
            Action::Resign { .. } => return Err("you can only resign your own seat".into()),
            Action::Timeout { .. } | Action::OutOfTime { .. } => {
                return Err("clock actions are the host's".into());
            }
        };
        let events = result.map_err(|e| e.to_string())?;
        self.applied(to_move, events);
        Ok(())
    }

    /// Makes `play` for `seat`, in any game: a classic table plays it as
    /// its action (with the same checks); another game checks it by its
    /// rules, and only the player to move moves, a player resigns only for
    /// themselves.
    fn play(&mut self, seat: Seat, play: Play) -> Result<(), String> {
        let game = self.game.as_mut().ok_or("no game is running")?;
        if let AnyGame::Classic(_) = game {
            return self.act(seat, table::classic_action(&play)?);
        }
        let Some(to_move) = table::to_move(game) else {
            return Err("the game is over".into());
        };
        match &play {
            Play::Move { .. } if seat != to_move => {
                return Err(format!(
                    "not your turn: player {} is to move",
                    u32::from(to_move) + 1
                ));
            }
            Play::Resign { seat: who } if *who != seat => {
                return Err("you can only resign your own seat".into());
            }
            _ => table::apply(game, &play)?,
        }
        self.played(to_move, play);
        Ok(())
    }

    /// Broadcasts the game's last action (just played by `seat`'s turn).
    fn applied(&mut self, seat: Seat, events: Vec<Event>) {
        let game = self.classic().expect("a classic game");
        let action = game.actions().last().cloned().expect("an action");
        let checksum = game.checksum();
        self.seq += 1;
        let seq = self.seq;
        self.broadcast(&ServerMsg::Applied {
            seq,
            action: action.clone(),
            checksum,
        });
        self.emit(HostEvent::Applied {
            seq,
            seat,
            action,
            events,
        });
        self.changed(seq, checksum);
    }

    /// Broadcasts `play`, just made by `seat`'s turn at a table of another
    /// game than classic.
    fn played(&mut self, seat: Seat, play: Play) {
        let checksum = table::checksum(self.game.as_ref().expect("a game"));
        self.seq += 1;
        let seq = self.seq;
        self.broadcast(&ServerMsg::Played {
            seq,
            play: play.clone(),
            checksum,
        });
        self.emit_any(AnyHostEvent::Played { seq, seat, play });
        self.changed(seq, checksum);
    }

    /// After a move of any game, broadcast: the end when it came, and the
    /// new turn's clock.
    fn changed(&mut self, seq: u64, checksum: u64) {
        if self.game.as_ref().is_some_and(|g| g.is_over()) {
            let record = self.record().expect("a game");
            self.record = Some(record.clone());
            self.broadcast(&ServerMsg::GameOver {
                record: record.clone(),
                seq,
                checksum,
            });
            self.emit_any(AnyHostEvent::GameOver { record });
        }
        // A new turn: its clock starts.
        self.broadcast_clock(Instant::now());
        self.update_view(true);
        self.journal();
        self.bot_turn();
    }

    fn undo(&mut self) -> Result<(), String> {
        let game = self.game.as_mut().ok_or("no game is running")?;
        if game.is_over() {
            return Err("the game is over".into());
        }
        game.undo().map_err(|e| e.to_string())?;
        let checksum = table::checksum(game);
        self.seq += 1;
        let seq = self.seq;
        self.broadcast(&ServerMsg::Undone { seq, checksum });
        self.emit(HostEvent::Undone { seq });
        self.broadcast_clock(Instant::now());
        self.update_view(true);
        self.journal();
        self.bot_turn();
        Ok(())
    }

    /// Sends the whole game to one client (at most every `resync_every`).
    fn resync(&mut self, id: ConnId) {
        let now = Instant::now();
        let every = self.config.limits.resync_every;
        let Some(conn) = self.conns.get_mut(&id) else {
            return;
        };
        if conn
            .last_resync
            .is_some_and(|t| now.duration_since(t) < every)
        {
            return;
        }
        conn.last_resync = Some(now);
        let Some(record) = self.record() else {
            return;
        };
        let checksum = self.game.as_ref().map_or(0, table::checksum);
        let seq = self.seq;
        let msg = if self.game.as_ref().is_some_and(|g| g.is_over()) {
            ServerMsg::GameOver {
                record,
                seq,
                checksum,
            }
        } else {
            ServerMsg::Resync {
                record,
                seq,
                checksum,
            }
        };
        self.send(id, &msg);
        // The record's turn time is as of now; the clock goes on from it.
        if self.clocked() {
            let turn_ms = self.classic().map_or(0, |g| g.state().turn_ms);
            self.send(id, &ServerMsg::Clock { seq, turn_ms });
        }
    }

    fn command(&mut self, command: Command) {
        match command {
            Command::SetSeat(seat, info, reply) => {
                let _ = reply.send(self.set_seat(seat, info));
            }
            Command::SetRules(rules, reply) => {
                let result = if self.game.is_some() {
                    Err(HostError::Refused("the game has started".into()))
                } else if self.config.game != TableGame::Classic {
                    Err(HostError::Refused(format!(
                        "this table plays {}: it has no classic rules",
                        self.config.game.name()
                    )))
                } else if self.resumed.is_some() {
                    Err(HostError::Refused("a saved game keeps its rules".into()))
                } else {
                    rules
                        .validate(self.seats.len())
                        .map_err(|e| HostError::Refused(e.to_string()))
                        .map(|()| {
                            self.config.rules = rules;
                            self.broadcast_lobby();
                        })
                };
                let _ = reply.send(result);
            }
            Command::Start(reply) => {
                let _ = reply.send(self.start());
            }
            Command::Act(seat, action) => {
                let result = match self.hosts_seat(seat) {
                    true => self.act(seat, action),
                    false => Err(format!("seat {} is not the host's to play", seat + 1)),
                };
                if let Err(reason) = result {
                    self.emit(HostEvent::Rejected { seat, reason });
                }
            }
            Command::Play(seat, play) => {
                let result = match self.hosts_seat(seat) {
                    true => self.play(seat, play),
                    false => Err(format!("seat {} is not the host's to play", seat + 1)),
                };
                if let Err(reason) = result {
                    self.emit(HostEvent::Rejected { seat, reason });
                }
            }
            Command::Undo => {
                let _ = self.undo();
            }
            Command::Record(reply) => {
                let _ = reply.send(self.record());
            }
            Command::Shutdown => {}
        }
    }

    /// Whether the host plays `seat` (a local player or a bot).
    fn hosts_seat(&self, seat: Seat) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| matches!(s.info.kind, SeatKind::Local | SeatKind::Bot { .. }))
    }

    fn set_seat(&mut self, seat: Seat, info: SeatInfo) -> Result<(), HostError> {
        if self.game.is_some() {
            return Err(HostError::Refused("the game has started".into()));
        }
        if info.kind == SeatKind::Remote {
            return Err(HostError::Refused(
                "remote players take seats by joining".into(),
            ));
        }
        let s = self
            .seats
            .get_mut(seat as usize)
            .ok_or_else(|| HostError::Refused(format!("no seat {}", seat + 1)))?;
        let sent_away = s.conn.take();
        s.token = None;
        s.saved_name = saved_name(self.resumed.is_some(), &info.kind, &info.name);
        s.info = SeatInfo {
            name: clean_name(&info.name, &format!("Player {}", seat + 1)),
            connected: info.kind != SeatKind::Open,
            kind: info.kind,
            colour: info.colour,
        };
        if let Some(id) = sent_away {
            if let Some(c) = self.conns.get_mut(&id) {
                c.role = Role::Pending;
            }
            self.refuse(id, Refusal::Full);
        }
        self.broadcast_lobby();
        self.maybe_start();
        Ok(())
    }

    /// Time passes: hellos and silences time out, lost seats run out of
    /// time to come back, and the host's clock runs.
    fn tick(&mut self, now: Instant) {
        let t = self.config.timeouts;
        let late: Vec<(ConnId, Refusal)> = self
            .conns
            .iter()
            .filter(|(_, c)| match c.role {
                Role::Pending => now.duration_since(c.opened) > t.hello,
                _ => now.duration_since(c.last_heard) > t.silence,
            })
            .map(|(&id, _)| (id, Refusal::Timeout))
            .collect();
        for (id, reason) in late {
            self.refuse(id, reason);
        }
        let elapsed = now.saturating_duration_since(self.last_tick) + self.clock_carry;
        self.last_tick = now;
        if !self.running() {
            return;
        }
        // A seat whose player did not come back in time resigns (in a game
        // without resignation, food checkers, the seat goes on waiting).
        for seat in 0..self.seats.len() {
            let gone = self.seats[seat]
                .lost_at
                .is_some_and(|at| now.duration_since(at) > t.reconnect);
            if gone && self.running() {
                self.seats[seat].lost_at = None;
                let game = self.game.as_mut().expect("a game");
                if !table::resigns(game) {
                    continue;
                }
                self.seats[seat].lapsed = true;
                match game {
                    AnyGame::Classic(game) => {
                        let to_move = game.to_move();
                        if game.player(seat as Seat).status == Status::Playing
                            && let Ok(events) = game.resign(seat as Seat)
                        {
                            self.applied(to_move, events);
                        }
                    }
                    other => {
                        let to_move = table::to_move(other).expect("a running game");
                        let play = Play::Resign { seat: seat as Seat };
                        if table::apply(other, &play).is_ok() {
                            self.played(to_move, play);
                        }
                    }
                }
            }
        }
        let Some(AnyGame::Classic(game)) = self.game.as_mut().filter(|g| !g.is_over()) else {
            return;
        };
        let rules = game.rules();
        if rules.move_limit_ms.is_none() && rules.time_bank_ms.is_none() {
            return;
        }
        let ms = elapsed.as_millis().min(u128::from(u32::MAX)) as u32;
        self.clock_carry = elapsed - Duration::from_millis(u64::from(ms));
        let before = game.actions().count();
        let to_move = game.to_move();
        let events = game.tick(ms);
        if game.actions().count() != before {
            self.applied(to_move, events);
        } else if now.duration_since(self.last_clock_sent) >= Duration::from_secs(1) {
            self.broadcast_clock(now);
        }
    }
}

/// The name an open seat of a resumed game keeps for its saved player.
fn saved_name(resumed: bool, kind: &SeatKind, name: &str) -> Option<String> {
    let keep = resumed && *kind == SeatKind::Open && !name.trim().is_empty();
    keep.then(|| clean_name(name, "")).filter(|n| !n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut b = Bucket::new(2.0, 3.0);
        b.at = start;
        assert!((0..3).all(|_| b.take(start)), "the burst");
        assert!(!b.take(start), "then nothing at once");
        assert!(!b.has_room(start + Duration::from_millis(400)));
        assert!(
            b.take(start + Duration::from_millis(500)),
            "one every half second"
        );
        assert!(!b.take(start + Duration::from_millis(500)));
        // A long wait refills only up to the burst.
        let later = start + Duration::from_secs(60);
        assert_eq!((0..10).filter(|_| b.take(later)).count(), 3);
    }
}
