//! The client: joins a host, keeps its own copy of the game by applying
//! what the host broadcasts, checks the host's checksum after every change
//! and asks for the host's record when they disagree or a message went
//! missing. A lost connection is taken up again with the seat's token.
//!
//! It runs on a thread of its own (a small tokio runtime); the game or tool
//! reads `ClientEvents` and `ClientHandle::view`, and sends requests with
//! `ClientHandle::act`.

use crate::host::{HostError, HostHandle, any_record_of, record_of};
use crate::link::{Faults, Link, connect_websocket};
use crate::protocol::{
    ClientMsg, Lobby, MAX_HOST_MESSAGE_BYTES, PROTOCOL_VERSION, Play, Refusal, ServerMsg, Want,
    decode_server, encode,
};
use crate::table;
use starhop_engine::{Action, Event, Game, Record, Seat};
use starhop_games::{AnyGame, AnyRecord, BoxGame};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How to reach a host.
#[derive(Clone)]
pub enum Connector {
    /// A WebSocket to `host:port`.
    WebSocket(String),
    /// A host in this process (a game hosting with a local client, tests).
    InProcess(HostHandle),
    /// Another connector with faults injected (tests).
    Faulty(Box<Connector>, Faults),
}

impl Connector {
    async fn connect(&self, attempt: u64, write_timeout: Duration) -> Result<Link, String> {
        match self {
            Connector::WebSocket(addr) => {
                connect_websocket(addr, MAX_HOST_MESSAGE_BYTES, write_timeout).await
            }
            Connector::InProcess(host) => host
                .connect_in_process()
                .map_err(|e: HostError| e.to_string()),
            Connector::Faulty(inner, faults) => {
                let link = Box::pin(inner.connect(attempt, write_timeout)).await?;
                // Each connection gets faults of its own.
                let faults = Faults {
                    seed: faults.seed.wrapping_add(attempt),
                    ..*faults
                };
                Ok(faults.wrap(link))
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct ClientTimeouts {
    /// To connect and hear the welcome.
    pub connect: Duration,
    /// Between pings (the host drops clients silent for its `Timeouts::silence`).
    pub ping: Duration,
    /// Longest silence of the host before the connection is taken for lost.
    pub silence: Duration,
    /// After this long without an answer a request is sent again (it may
    /// have been lost; the host refuses a second copy of one it played).
    pub retry: Duration,
    /// How long to keep trying to come back after a lost connection.
    pub reconnect_for: Duration,
    pub write: Duration,
}

impl Default for ClientTimeouts {
    fn default() -> ClientTimeouts {
        ClientTimeouts {
            connect: Duration::from_secs(5),
            ping: Duration::from_secs(1),
            silence: Duration::from_secs(10),
            retry: Duration::from_secs(1),
            reconnect_for: Duration::from_secs(120),
            write: Duration::from_secs(5),
        }
    }
}

#[derive(Clone, Debug)]
pub struct ClientConfig {
    pub code: String,
    pub name: String,
    pub want: Want,
    /// The token of a seat held before (from `ClientView::token` of an
    /// earlier client), to take it back.
    pub rejoin: Option<String>,
    pub timeouts: ClientTimeouts,
}

impl ClientConfig {
    pub fn new(code: impl Into<String>, name: impl Into<String>, want: Want) -> ClientConfig {
        ClientConfig {
            code: code.into(),
            name: name.into(),
            want,
            rejoin: None,
            timeouts: ClientTimeouts::default(),
        }
    }
}

/// What happened, in order, for the game or tool.
#[derive(Clone, Debug)]
pub enum ClientEvent {
    /// Joined: our seat (`None`: spectator) and the token to come back with.
    Welcome {
        seat: Option<Seat>,
        token: Option<String>,
    },
    /// The host refused us or a message of ours.
    Refused {
        reason: Refusal,
        message: String,
    },
    Lobby(Lobby),
    Started {
        seq: u64,
    },
    /// The host played `action`; `events` are what it did in our copy (for
    /// animating it like a local move).
    Applied {
        seq: u64,
        action: Action,
        events: Vec<Event>,
    },
    Undone {
        seq: u64,
    },
    /// Our copy was replaced by the host's record.
    Resynced {
        seq: u64,
    },
    /// A request of ours was not played.
    Rejected {
        req: u64,
        reason: String,
    },
    Connection {
        seat: Seat,
        connected: bool,
    },
    /// The host's clock: `turn_ms` used in the turn of state `seq` (see
    /// `ClientHandle::clock`).
    Clock {
        seq: u64,
        turn_ms: u32,
    },
    UndoAsked {
        seat: Option<Seat>,
    },
    /// The game is over: our own record of it (the same as the host's).
    GameOver {
        record: Record,
    },
    /// The connection was lost; we are trying to come back.
    Disconnected,
    /// Back at the table.
    Reconnected,
    /// For good: refused, left, gave up coming back, or the host is gone.
    Closed {
        reason: String,
    },
}

/// What happened at a table of any game, for code that plays every game of
/// the box ([`ClientEvents::try_recv_any`]). A classic table's events are
/// `Event`s but for its end; another game's moves come as `Played`.
#[derive(Clone, Debug)]
pub enum AnyClientEvent {
    /// An event that reads the same for every game (never `GameOver`), or
    /// a classic action applied (`ClientEvent::Applied`).
    Event(ClientEvent),
    /// The host made `play` at a table of another game than classic, and
    /// our copy made it too.
    Played { seq: u64, play: Play },
    /// The game is over: our own record of it (any game, classic too).
    GameOver { record: AnyRecord },
}

impl AnyClientEvent {
    /// The event as classic code reads it: `None` for what only another
    /// game has (its moves and its end).
    pub fn classic(self) -> Option<ClientEvent> {
        match self {
            AnyClientEvent::Event(e) => Some(e),
            AnyClientEvent::GameOver {
                record: AnyRecord::Classic(record),
            } => Some(ClientEvent::GameOver { record }),
            AnyClientEvent::Played { .. } | AnyClientEvent::GameOver { .. } => None,
        }
    }
}

/// Our side of the table now.
#[derive(Clone, Debug, Default)]
pub struct ClientView {
    pub seat: Option<Seat>,
    pub token: Option<String>,
    pub lobby: Option<Lobby>,
    /// Our copy of the game, at a classic or party table.
    pub game: Option<Game>,
    /// Our copy of the game at a table of another game (`None` at a
    /// classic table).
    pub other_game: Option<AnyGame>,
    /// The host's change count our copy is at.
    pub seq: u64,
    /// Time used in the running turn, by the host's clock.
    pub turn_ms: u32,
    /// The host's latest clock message, and when it came.
    pub clock: Option<ClockSnapshot>,
    /// Our record once a classic or party game is over.
    pub record: Option<Record>,
    /// Our record once the game of another game's table is over.
    pub other_record: Option<AnyRecord>,
    /// Times our copy was replaced by the host's record after it started.
    pub resyncs: u64,
    pub connected: bool,
    pub closed: bool,
    /// For each of our requests that was played: the time from sending it
    /// to applying the host's broadcast of it (the first 10,000).
    pub round_trips: Vec<Duration>,
}

impl ClientView {
    /// Our copy of the table's game, whichever it is (a copy).
    pub fn any_game(&self) -> Option<AnyGame> {
        self.game
            .clone()
            .map(AnyGame::Classic)
            .or_else(|| self.other_game.clone())
    }
    /// Our record once the game is over, whichever game it is.
    pub fn any_record(&self) -> Option<AnyRecord> {
        self.record
            .clone()
            .map(AnyRecord::Classic)
            .or_else(|| self.other_record.clone())
    }
    /// The seat to move in our copy (none before the game and once it is over).
    pub fn to_move(&self) -> Option<Seat> {
        match (&self.game, &self.other_game) {
            (Some(g), _) => BoxGame::to_move(g),
            (None, Some(g)) => table::to_move(g),
            (None, None) => None,
        }
    }
}

/// The host's clock as last heard: `turn_ms` used in the turn of state
/// `seq`, heard at `at` (this machine's time). A game shows
/// [`ClockSnapshot::turn_ms_now`] ticking between the host's messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSnapshot {
    pub seq: u64,
    pub turn_ms: u32,
    pub at: Instant,
}

impl ClockSnapshot {
    /// The turn's time now: the host's figure plus the time since it came
    /// (the host's next message corrects any drift).
    pub fn turn_ms_now(&self) -> u32 {
        let since = self.at.elapsed().as_millis().min(u128::from(u32::MAX)) as u32;
        self.turn_ms.saturating_add(since)
    }
}

enum ClientCommand {
    Act { at: u64, action: Action },
    Play { at: u64, play: Play },
    Undo { at: u64 },
    Leave,
}

/// The client's events, in order. Read them as classic events (`try_recv`,
/// `recv_timeout`: at a table of another game its moves and its end are
/// left out) or as events of any game (`try_recv_any`, `recv_any_timeout`),
/// not both.
pub struct ClientEvents(std::sync::mpsc::Receiver<AnyClientEvent>);

impl ClientEvents {
    pub fn try_recv(&self) -> Option<ClientEvent> {
        loop {
            if let Some(e) = self.0.try_recv().ok()?.classic() {
                return Some(e);
            }
        }
    }
    /// The next event, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<ClientEvent> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            if let Some(e) = self.0.recv_timeout(left).ok()?.classic() {
                return Some(e);
            }
        }
    }
    pub fn try_recv_any(&self) -> Option<AnyClientEvent> {
        self.0.try_recv().ok()
    }
    /// The next event of any game, waiting at most `timeout`.
    pub fn recv_any_timeout(&self, timeout: Duration) -> Option<AnyClientEvent> {
        self.0.recv_timeout(timeout).ok()
    }
}

/// A running client. Dropping it drops the connection without a word (as a
/// crash would: the seat waits for its player); `leave` says goodbye.
pub struct ClientHandle {
    commands: mpsc::UnboundedSender<ClientCommand>,
    view: Arc<Mutex<ClientView>>,
}

impl ClientHandle {
    /// Starts joining; `ClientEvent::Welcome` or `Refused` tells how it went.
    pub fn connect(
        connector: Connector,
        config: ClientConfig,
    ) -> std::io::Result<(ClientHandle, ClientEvents)> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()?;
        let (commands, command_rx) = mpsc::unbounded_channel();
        let (event_tx, event_rx) = std::sync::mpsc::channel();
        let view = Arc::new(Mutex::new(ClientView::default()));
        let core = ClientCore {
            token: config.rejoin.clone(),
            config,
            events: event_tx,
            view: view.clone(),
            game: None,
            seq: 0,
            awaiting_resync: None,
            pending: None,
            next_req: 1,
            started: false,
            over: false,
            held: Vec::new(),
        };
        std::thread::Builder::new()
            .name("starhop-client".into())
            .spawn(move || runtime.block_on(client_main(core, connector, command_rx)))?;
        Ok((ClientHandle { commands, view }, ClientEvents(event_rx)))
    }

    /// Our side of the table now.
    pub fn view(&self) -> ClientView {
        self.view.lock().expect("client view").clone()
    }

    /// The host's clock for the running turn, when the game has a clock and
    /// the host has told it for the state our copy is at (`None` before, and
    /// between a move and the host's clock for the next turn).
    pub fn clock(&self) -> Option<ClockSnapshot> {
        // Only classic and party games have clocks.
        let view = self.view.lock().expect("client view");
        let running = view.game.as_ref().is_some_and(|g| !g.is_over());
        view.clock.filter(|c| running && c.seq == view.seq)
    }

    /// Our copy of the game as a record, with the lobby's names and bots: a
    /// player can save it, and `HostConfig::resume` takes it up again (when
    /// the host is gone for good, say). `None` before the game.
    pub fn record(&self) -> Option<Record> {
        let view = self.view.lock().expect("client view");
        let game = view.game.as_ref()?;
        let seats = view.lobby.as_ref().map_or(&[][..], |l| &l.seats[..]);
        let mut record = record_of(game, seats);
        if seats.len() != game.players() {
            record.names.clear();
            record.bots.clear();
        }
        // Our copy does not run the clock: the host's last word on it.
        if let Some(c) = view.clock.filter(|c| c.seq == view.seq) {
            record.turn_ms = c.turn_ms;
        }
        Some(record)
    }

    /// [`ClientHandle::record`] for any game (`HostConfig::resume_any`
    /// takes it up again).
    pub fn any_record(&self) -> Option<AnyRecord> {
        if let Some(record) = self.record() {
            return Some(AnyRecord::Classic(record));
        }
        let view = self.view.lock().expect("client view");
        let game = view.other_game.as_ref()?;
        let seats = view.lobby.as_ref().map_or(&[][..], |l| &l.seats[..]);
        Some(match seats.len() == game.seats() {
            true => any_record_of(game, seats),
            false => AnyRecord::of(game, Vec::new()),
        })
    }

    /// Asks the host to play `action` for our seat; `at` is the `seq` of the
    /// state it was chosen in (`ClientView::seq`).
    pub fn act(&self, at: u64, action: Action) {
        let _ = self.commands.send(ClientCommand::Act { at, action });
    }

    /// Asks the host to make `play` for our seat, in any game (a classic
    /// table plays it as the matching action); `at` as for `act`.
    pub fn play(&self, at: u64, play: Play) {
        let _ = self.commands.send(ClientCommand::Play { at, play });
    }

    /// Asks the host to take back the last action.
    pub fn ask_undo(&self, at: u64) {
        let _ = self.commands.send(ClientCommand::Undo { at });
    }

    /// Leaves the table for good (the host frees the seat before the game;
    /// during it the seat waits as for a lost connection).
    pub fn leave(self) {
        let _ = self.commands.send(ClientCommand::Leave);
    }
}

/// How a session with the host ended.
enum End {
    /// The connection was lost (worth coming back).
    Lost,
    /// For good, with the reason.
    Closed(String),
}

struct Pending {
    req: u64,
    at: u64,
    msg: PendingMsg,
    sent: Instant,
}

#[derive(Clone)]
enum PendingMsg {
    Act(Action),
    Play(Play),
    Undo,
}

struct ClientCore {
    config: ClientConfig,
    token: Option<String>,
    events: std::sync::mpsc::Sender<AnyClientEvent>,
    view: Arc<Mutex<ClientView>>,
    game: Option<AnyGame>,
    seq: u64,
    /// When we last asked for the host's record, while we wait for it.
    awaiting_resync: Option<Instant>,
    pending: Option<Pending>,
    next_req: u64,
    started: bool,
    /// The end was told (a record sent again after it is not news).
    over: bool,
    /// Requests made while the connection was down.
    held: Vec<ClientCommand>,
}

async fn client_main(
    mut core: ClientCore,
    connector: Connector,
    mut commands: mpsc::UnboundedReceiver<ClientCommand>,
) {
    let t = core.config.timeouts;
    let mut attempt = 0;
    let mut lost_since: Option<Instant> = None;
    loop {
        let link = tokio::time::timeout(t.connect, connector.connect(attempt, t.write)).await;
        attempt += 1;
        let reason = match link {
            Ok(Ok(link)) => {
                let (end, welcomed) = core
                    .session(link, &mut commands, lost_since.is_some())
                    .await;
                if welcomed {
                    // Back at the table: a later loss gets its own time to come back.
                    lost_since = None;
                }
                match end {
                    End::Closed(reason) => Some(reason),
                    End::Lost => None,
                }
            }
            Ok(Err(e)) if core.token.is_none() => Some(e),
            Err(_) if core.token.is_none() => Some("no answer from the host".into()),
            _ => None,
        };
        core.set(|v| v.connected = false);
        if let Some(reason) = reason {
            core.close(reason);
            return;
        }
        if core.token.is_none() {
            core.close("the connection was lost before we had a seat".into());
            return;
        }
        let since = *lost_since.get_or_insert_with(|| {
            core.emit(ClientEvent::Disconnected);
            Instant::now()
        });
        if since.elapsed() > t.reconnect_for {
            core.close("could not get back to the host in time".into());
            return;
        }
        // Wait a little before trying again; a leave still ends us at once.
        let backoff = Duration::from_millis(100 * (1 << attempt.min(4)));
        tokio::select! {
            _ = tokio::time::sleep(backoff) => {}
            command = commands.recv() => match command {
                None | Some(ClientCommand::Leave) => {
                    core.close("left".into());
                    return;
                }
                // Sent once we are back (the host refuses it if the game moved on).
                Some(c) => core.held.push(c),
            }
        }
    }
}

impl ClientCore {
    fn emit(&self, event: ClientEvent) {
        self.emit_any(AnyClientEvent::Event(event));
    }

    fn emit_any(&self, event: AnyClientEvent) {
        let _ = self.events.send(event);
    }

    fn set(&self, change: impl FnOnce(&mut ClientView)) {
        change(&mut self.view.lock().expect("client view"));
    }

    fn close(&self, reason: String) {
        self.set(|v| v.closed = true);
        self.emit(ClientEvent::Closed { reason });
    }

    /// Our copy changed: the view gets a fresh copy of it.
    fn publish_game(&self) {
        let ((game, other), seq) = (table::split(self.game.as_ref()), self.seq);
        self.set(|v| {
            v.game = game;
            v.other_game = other;
            v.seq = seq;
        });
    }

    async fn session(
        &mut self,
        mut link: Link,
        commands: &mut mpsc::UnboundedReceiver<ClientCommand>,
        coming_back: bool,
    ) -> (End, bool) {
        let t = self.config.timeouts;
        let hello = ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            code: self.config.code.clone(),
            name: self.config.name.clone(),
            want: self.config.want,
            rejoin: self.token.clone(),
        };
        let mut welcomed = false;
        let opened = Instant::now();
        if link.tx.send(encode(&hello).into()).await.is_err() {
            return (End::Lost, welcomed);
        }
        let mut last_heard = Instant::now();
        let mut ping = tokio::time::interval(t.ping);
        let mut nonce = 0;
        loop {
            let mut out: Vec<ClientMsg> = Vec::new();
            tokio::select! {
                text = link.rx.recv() => {
                    let Some(text) = text else { return (End::Lost, welcomed) };
                    last_heard = Instant::now();
                    // A host that sends garbage is not ours to trust: ask for its record.
                    let Ok(msg) = decode_server(&text) else {
                        self.ask_resync(&mut out);
                        continue;
                    };
                    let welcome = matches!(msg, ServerMsg::Welcome { .. });
                    if let Some(end) = self.on_message(msg, &mut out) {
                        return (end, welcomed);
                    }
                    if welcome {
                        welcomed = true;
                        self.set(|v| v.connected = true);
                        if coming_back {
                            self.emit(ClientEvent::Reconnected);
                        }
                        for command in std::mem::take(&mut self.held) {
                            match command {
                                ClientCommand::Act { at, action } => {
                                    self.request(at, PendingMsg::Act(action), &mut out)
                                }
                                ClientCommand::Play { at, play } => {
                                    self.request(at, PendingMsg::Play(play), &mut out)
                                }
                                ClientCommand::Undo { at } => {
                                    self.request(at, PendingMsg::Undo, &mut out)
                                }
                                ClientCommand::Leave => {}
                            }
                        }
                    }
                }
                command = commands.recv() => match command {
                    // The handle was dropped: go without a word.
                    None => return (End::Closed("the client was closed".into()), welcomed),
                    Some(ClientCommand::Leave) => {
                        let _ = link.tx.send(encode(&ClientMsg::Leave).into()).await;
                        return (End::Closed("left".into()), welcomed);
                    }
                    // Before the welcome the host would refuse it: kept for then.
                    Some(command) if !welcomed => self.held.push(command),
                    Some(ClientCommand::Act { at, action }) => {
                        self.request(at, PendingMsg::Act(action), &mut out)
                    }
                    Some(ClientCommand::Play { at, play }) => {
                        self.request(at, PendingMsg::Play(play), &mut out)
                    }
                    Some(ClientCommand::Undo { at }) => self.request(at, PendingMsg::Undo, &mut out),
                },
                _ = ping.tick() => {
                    if !welcomed {
                        // No pings before the welcome: the host would refuse them.
                        if opened.elapsed() > t.connect {
                            return (End::Lost, welcomed);
                        }
                        continue;
                    }
                    if last_heard.elapsed() > t.silence {
                        return (End::Lost, welcomed);
                    }
                    nonce += 1;
                    out.push(ClientMsg::Ping { nonce, seq: self.seq });
                    self.retry(&mut out);
                }
            }
            for msg in out {
                if link.tx.send(encode(&msg).into()).await.is_err() {
                    return (End::Lost, welcomed);
                }
            }
        }
    }

    fn request(&mut self, at: u64, msg: PendingMsg, out: &mut Vec<ClientMsg>) {
        let req = self.next_req;
        self.next_req += 1;
        out.push(match &msg {
            PendingMsg::Act(action) => ClientMsg::Act {
                req,
                at,
                action: action.clone(),
            },
            PendingMsg::Play(play) => ClientMsg::Play {
                req,
                at,
                play: play.clone(),
            },
            PendingMsg::Undo => ClientMsg::Undo { req, at },
        });
        self.pending = Some(Pending {
            req,
            at,
            msg,
            sent: Instant::now(),
        });
    }

    /// Sends a request again when no answer came and the game has not moved
    /// on, and asks for the record again when it did not come.
    fn retry(&mut self, out: &mut Vec<ClientMsg>) {
        let t = self.config.timeouts;
        if let Some(p) = &self.pending
            && p.sent.elapsed() > t.retry
        {
            if p.at == self.seq && self.awaiting_resync.is_none() {
                let (at, msg) = (p.at, p.msg.clone());
                self.request(at, msg, out);
            } else {
                self.pending = None;
            }
        }
        if self
            .awaiting_resync
            .is_some_and(|at| at.elapsed() > t.retry)
        {
            self.awaiting_resync = None;
            self.ask_resync(out);
        }
    }

    fn ask_resync(&mut self, out: &mut Vec<ClientMsg>) {
        if self.awaiting_resync.is_none() {
            self.awaiting_resync = Some(Instant::now());
            out.push(ClientMsg::Resync { have: self.seq });
        }
    }

    /// Our copy moved to `seq`: check it against the host's checksum.
    fn check(&mut self, seq: u64, checksum: u64, out: &mut Vec<ClientMsg>) -> bool {
        self.seq = seq;
        if self.pending.as_ref().is_some_and(|p| p.at < seq) {
            self.pending = None;
        }
        let ok = self
            .game
            .as_ref()
            .is_some_and(|g| table::checksum(g) == checksum);
        if !ok {
            self.ask_resync(out);
        }
        ok
    }

    /// The host applied our request (made in the state before `seq`): its
    /// round trip is counted.
    fn round_trip(&self, seq: u64) {
        if let Some(p) = &self.pending
            && p.at + 1 == seq
        {
            let took = p.sent.elapsed();
            self.set(|v| {
                if v.round_trips.len() < 10_000 {
                    v.round_trips.push(took);
                }
            });
        }
    }

    /// Takes the host's record as our copy (a start, a resync, the end).
    fn load(&mut self, record: &AnyRecord, seq: u64, checksum: u64) -> bool {
        let Ok(game) = record.replay() else {
            return false;
        };
        if table::checksum(&game) != checksum {
            return false;
        }
        self.game = Some(game);
        self.seq = seq;
        self.awaiting_resync = None;
        if self.pending.as_ref().is_some_and(|p| p.at < seq) {
            self.pending = None;
        }
        self.publish_game();
        true
    }

    /// Whether a record at `seq` should replace our copy: we asked for it,
    /// have none, or it is newer (a late one, overtaken, is not).
    fn wants_record(&self, seq: u64) -> bool {
        self.awaiting_resync.is_some() || self.game.is_none() || seq > self.seq
    }

    fn on_message(&mut self, msg: ServerMsg, out: &mut Vec<ClientMsg>) -> Option<End> {
        match msg {
            ServerMsg::Welcome {
                seat, token, lobby, ..
            } => {
                if token.is_some() {
                    self.token = token.clone();
                }
                let kept = self.token.clone();
                self.set(|v| {
                    v.seat = seat;
                    v.token = kept;
                    v.lobby = Some(lobby);
                });
                self.emit(ClientEvent::Welcome { seat, token });
            }
            ServerMsg::Refused { reason, message } => {
                self.emit(ClientEvent::Refused {
                    reason,
                    message: message.clone(),
                });
                if reason.closes() {
                    return Some(match reason {
                        // Dropped for silence or as too slow, or the host is
                        // busy: worth coming back.
                        Refusal::Timeout | Refusal::Busy if self.token.is_some() => End::Lost,
                        _ => End::Closed(reason.message()),
                    });
                }
            }
            ServerMsg::Lobby { lobby } => {
                self.set(|v| v.lobby = Some(lobby.clone()));
                self.emit(ClientEvent::Lobby(lobby));
            }
            ServerMsg::Start {
                record,
                seq,
                checksum,
            } => {
                if self.wants_record(seq) && self.load(&record, seq, checksum) {
                    self.started = true;
                    self.emit(ClientEvent::Started { seq });
                }
            }
            ServerMsg::Resync {
                record,
                seq,
                checksum,
            } => {
                if self.wants_record(seq) && self.load(&record, seq, checksum) {
                    if self.started {
                        self.set(|v| v.resyncs += 1);
                    }
                    self.started = true;
                    self.emit(ClientEvent::Resynced { seq });
                }
            }
            ServerMsg::Applied {
                seq,
                action,
                checksum,
            } => {
                if self.awaiting_resync.is_some() || seq <= self.seq || self.game.is_none() {
                    // Waiting for the record, or a copy we already have.
                    return None;
                }
                if seq != self.seq + 1 {
                    self.ask_resync(out);
                    return None;
                }
                // A classic action is only for a classic copy.
                let applied = match self.game.as_mut().expect("a game") {
                    AnyGame::Classic(game) => game.apply(action.clone()).ok(),
                    _ => None,
                };
                match applied {
                    Some(events) => {
                        self.round_trip(seq);
                        if self.check(seq, checksum, out) {
                            self.publish_game();
                            self.emit(ClientEvent::Applied {
                                seq,
                                action,
                                events,
                            });
                        }
                    }
                    None => self.ask_resync(out),
                }
            }
            ServerMsg::Played {
                seq,
                play,
                checksum,
            } => {
                if self.awaiting_resync.is_some() || seq <= self.seq || self.game.is_none() {
                    return None;
                }
                if seq != self.seq + 1 {
                    self.ask_resync(out);
                    return None;
                }
                // A classic copy follows `Applied` only (its actions carry the clock).
                let game = self.game.as_mut().expect("a game");
                let made =
                    !matches!(game, AnyGame::Classic(_)) && table::apply(game, &play).is_ok();
                if !made {
                    self.ask_resync(out);
                    return None;
                }
                self.round_trip(seq);
                if self.check(seq, checksum, out) {
                    self.publish_game();
                    self.emit_any(AnyClientEvent::Played { seq, play });
                }
            }
            ServerMsg::Undone { seq, checksum } => {
                if self.awaiting_resync.is_some() || seq <= self.seq || self.game.is_none() {
                    return None;
                }
                if seq != self.seq + 1 {
                    self.ask_resync(out);
                    return None;
                }
                let undone = BoxGame::undo(self.game.as_mut().expect("a game")).is_ok();
                if undone && self.check(seq, checksum, out) {
                    self.publish_game();
                    self.emit(ClientEvent::Undone { seq });
                } else if !undone {
                    self.ask_resync(out);
                }
            }
            ServerMsg::Rejected { req, reason } => {
                if self.pending.as_ref().is_some_and(|p| p.req == req) {
                    self.pending = None;
                }
                self.emit(ClientEvent::Rejected { req, reason });
            }
            ServerMsg::Connection { seat, connected } => {
                self.emit(ClientEvent::Connection { seat, connected });
            }
            ServerMsg::Clock { seq, turn_ms } => {
                if seq == self.seq {
                    let at = Instant::now();
                    self.set(|v| {
                        v.turn_ms = turn_ms;
                        v.clock = Some(ClockSnapshot { seq, turn_ms, at });
                    });
                    self.emit(ClientEvent::Clock { seq, turn_ms });
                }
            }
            ServerMsg::UndoAsked { seat } => self.emit(ClientEvent::UndoAsked { seat }),
            ServerMsg::GameOver {
                record,
                seq,
                checksum,
            } => {
                let agrees = self.seq == seq
                    && self
                        .game
                        .as_ref()
                        .is_some_and(|g| table::checksum(g) == checksum);
                if self.over {
                    return None;
                }
                if !agrees && !self.load(&record, seq, checksum) {
                    self.ask_resync(out);
                    return None;
                }
                self.awaiting_resync = None;
                let game = self.game.as_ref().expect("a game");
                // Our own record, from our own copy: the names, the bots and
                // the running turn's time are the host's to say.
                let own = match (game, &record) {
                    (AnyGame::Classic(game), AnyRecord::Classic(theirs)) => {
                        let mut own = Record::of(game, theirs.names.clone());
                        own.bots = theirs.bots.clone();
                        own.turn_ms = theirs.turn_ms;
                        AnyRecord::Classic(own)
                    }
                    (game, theirs) => AnyRecord::of(game, theirs.names().to_vec())
                        .with_bots(theirs.bots().to_vec()),
                };
                self.over = true;
                let (classic, other) = table::split_record(Some(&own));
                self.set(|v| {
                    v.record = classic;
                    v.other_record = other;
                });
                self.emit_any(AnyClientEvent::GameOver { record: own });
            }
            ServerMsg::Pong { seq, started, .. } => {
                // The host is further than us, and what it sent before this
                // answer has come: a broadcast (or the start) was lost. Or our
                // copy has ended but the game-over message was lost: asking
                // again brings it (a resync of an ended game is its end).
                let end_unheard = !self.over && self.game.as_ref().is_some_and(|g| g.is_over());
                if started && (seq > self.seq || self.game.is_none() || end_unheard) {
                    self.ask_resync(out);
                }
            }
            // A server's answers to requests a table's client never makes.
            ServerMsg::Created { .. } | ServerMsg::Tables { .. } => {}
        }
        None
    }
}
