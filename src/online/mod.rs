//! Network games: host a table from the setup screen (seats set to "Remote
//! player" wait for people at other Starhops) or join one by address and
//! room code. The `starhop-net` host is the only authority: while a table is
//! open, requests go to it instead of the engine (`apply_requests` and the
//! local clock stand still), and every action it plays is applied to the
//! match here like a local move, so the view animates remote moves the same
//! way. A copy that disagrees with the authority's checksum is replaced by it.
//! Tables of draughts and food checkers play in those modes (`boards`).

use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::classic::{Match, MatchSetup, MoveRequest, PlaySystems, Reports, SeatKind, TurnRequest};
use crate::persist::{Folders, read_json, write_json};
use crate::settings::Settings;
use crate::stage::marbles::BoardChanged;
use crate::ui::palette::{nearest_palette, palette_rgb};
use crate::ui::{Tr, tr, trf};
use bevy::prelude::*;
use starhop_engine::{Action, Game, Move, Seat};
use starhop_games::AnyGame;
use starhop_net::{
    AnyClientEvent, AnyHostEvent, ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector,
    HostConfig, HostEvent, HostEvents, HostHandle, Lobby, Play, SeatInfo, TableGame, UndoPolicy,
    Want,
};
use std::net::SocketAddr;
use std::sync::Mutex;

mod boards;
pub mod server;
mod shots;
pub mod ui;

/// The port a table is hosted on when it is free (any free port otherwise).
pub const DEFAULT_PORT: u16 = 7878;

pub use crate::classic::HostGame;
/// The setup screen's Host game (classic's own message, read here).
pub use shots::names as shot_names;

/// Host a table of draughts or food checkers: `seat` is played here by
/// `name`, the others wait for players (the lobby may give them to bots).
#[derive(Message, Clone, Debug)]
pub struct HostTable {
    pub game: TableGame,
    pub seat: Seat,
    pub name: String,
}

/// The sides' colours of a draughts table (the discs' own), sRGB.
pub const DRAUGHTS_COLOURS: [[u8; 3]; 2] = [[238, 226, 200], [28, 22, 20]];

/// Host a saved game again, playing `seat` here.
#[derive(Message, Clone, Debug)]
pub struct HostSaved {
    pub record: starhop_engine::Record,
    pub seat: Seat,
}

/// Join the table at `addr` ("host:port") with its room code.
#[derive(Message, Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JoinGame {
    pub addr: String,
    pub code: String,
    pub name: String,
    /// As a spectator, without a seat.
    pub watch: bool,
    /// The token of a seat held at this table before, to take it back.
    pub rejoin: Option<String>,
    /// The table is on a Starhop server (it starts when every seat is taken).
    #[serde(default)]
    pub on_server: bool,
}

/// The last table joined with a seat, to come back to it after leaving or
/// losing it (within the host's time limit), also after a restart: it is
/// kept in `last-table.json` in the configuration folder.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LastTable(pub JoinGame);

/// Where the last table is kept between runs.
pub fn last_table_path(folders: &Folders) -> std::path::PathBuf {
    folders.config.join("last-table.json")
}

/// Reads the last table once the folders are known (a missing or damaged
/// file is no table: the seat is only a convenience).
fn load_last_table(
    mut commands: Commands,
    folders: Option<Res<Folders>>,
    shoot: Option<Res<crate::base::WritesNoFiles>>,
    mut done: Local<bool>,
) {
    let Some(folders) = folders.filter(|_| !*done && shoot.is_none()) else {
        return;
    };
    *done = true;
    match read_json::<JoinGame>(&last_table_path(&folders)) {
        Ok(Some(join)) if join.rejoin.is_some() => commands.insert_resource(LastTable(join)),
        Ok(_) => {}
        Err(e) => warn!("the last network table could not be read: {e:?}"),
    }
}

/// Keeps the last table's seat token on disk (not in screenshot runs).
fn save_last_table(
    last: Option<Res<LastTable>>,
    folders: Option<Res<Folders>>,
    shoot: Option<Res<crate::base::WritesNoFiles>>,
) {
    let (Some(last), Some(folders), None) = (last, folders, shoot) else {
        return;
    };
    // Whatever changed it (a join, the seat's token arriving, maybe in the
    // same frame), it is written unless the file already says the same (as
    // when it was just read from there).
    let path = last_table_path(&folders);
    if last.is_changed()
        && read_json::<JoinGame>(&path).ok().flatten().as_ref() != Some(&last.0)
        && let Err(e) = write_json(&path, &last.0)
    {
        warn!("the last network table could not be kept: {e}");
    }
}

/// What the table's owner or a player does at the lobby.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableRequest {
    /// The host starts the game (every seat taken).
    Start,
    /// The host grants or refuses a player's request to take back a move.
    AnswerUndo(bool),
    /// Leave the table (a host closes it).
    Leave,
    /// The host, before the game: a bot takes this seat (`SeatKind::Bot`),
    /// or it waits for a remote player again (`SeatKind::Remote`).
    SetSeat(Seat, SeatKind),
}

/// Our end of the link: the host itself, or a client of one.
enum Link {
    Host {
        handle: HostHandle,
        events: Mutex<HostEvents>,
    },
    Client {
        /// `None` once it has left.
        handle: Option<ClientHandle>,
        events: Mutex<ClientEvents>,
    },
}

/// Where the table stands, for the screens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableState {
    /// Reaching the host.
    Connecting,
    /// At the table, before the game.
    Lobby,
    Playing,
    /// Lost the host for a moment; coming back.
    Reconnecting,
    /// For good, with the reason in words.
    Closed(String),
}

/// An open network table. Removing it closes the host or leaves the table.
#[derive(Resource)]
pub struct Online {
    link: Link,
    pub state: TableState,
    /// The room code, as players type it.
    pub code: String,
    /// Where others reach a hosted table ("192.168.1.20:7878").
    pub addresses: Vec<String>,
    pub lobby: Option<Lobby>,
    /// Our seat (`None`: the host, or a spectator).
    pub seat: Option<Seat>,
    /// The setup the match is played with (a host's own; a client's from the lobby).
    setup: MatchSetup,
    /// A player asked the host to take back a move (their seat, when known).
    pub undo_asked: Option<Option<Seat>>,
    /// A host: when the running turn began here (its clock is the host
    /// crate's; the HUD counts from this between actions).
    turn_began: Option<std::time::Instant>,
    /// We came back with a seat's token (to take the seat back).
    rejoining: bool,
    /// A table of another game than classic: its game is on show in its
    /// mode (`boards`), and the table's change count that copy is at.
    on_board: bool,
    copy_at: u64,
    /// That copy missed changes while it went on show (taken next frame).
    stale: bool,
    /// The table is on a Starhop server, not a player's game.
    pub on_server: bool,
}

impl Online {
    pub fn is_host(&self) -> bool {
        matches!(self.link, Link::Host { .. })
    }

    /// Seats whose player has lost the connection (during the game).
    pub fn lost(&self) -> Vec<Seat> {
        let Some(lobby) = &self.lobby else {
            return Vec::new();
        };
        (0..lobby.seats.len() as Seat)
            .filter(|&s| {
                let seat = &lobby.seats[s as usize];
                seat.kind == starhop_net::SeatKind::Remote && !seat.connected
            })
            .collect()
    }

    /// The authority's game and change count now (the host's, or our client's copy).
    fn authority(&self) -> Option<(Game, u64)> {
        match &self.link {
            Link::Host { handle, .. } => {
                let v = handle.view();
                v.game.map(|g| (g, v.seq))
            }
            Link::Client { handle, .. } => {
                let v = handle.as_ref()?.view();
                v.game.map(|g| (g, v.seq))
            }
        }
    }

    /// A seat's player by the name the lobby knows ("Player 2" when none).
    pub fn lobby_name(&self, lang: crate::settings::Language, seat: Seat) -> String {
        self.lobby
            .as_ref()
            .and_then(|l| l.seats.get(seat as usize))
            .map(|s| crate::ui::display_name(lang, &s.name))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| trf(lang, "Player {}", &[&(seat + 1)]))
    }

    /// The authority's game of any kind now, and its change count.
    fn any_authority(&self) -> Option<(AnyGame, u64)> {
        match &self.link {
            Link::Host { handle, .. } => {
                let v = handle.view();
                v.any_game().map(|g| (g, v.seq))
            }
            Link::Client { handle, .. } => {
                let v = handle.as_ref()?.view();
                v.any_game().map(|g| (g, v.seq))
            }
        }
    }

    /// Which game the table plays (classic until its lobby says).
    pub fn game(&self) -> TableGame {
        self.lobby
            .as_ref()
            .map(|l| l.game.clone())
            .unwrap_or_default()
    }

    /// Whether a seat is played at another computer: for a host, a remote
    /// player's (not its people's or bots'); for a client, every seat but ours.
    fn elsewhere(&self, seat: Seat) -> bool {
        match &self.link {
            Link::Host { .. } => !self.lobby.as_ref().is_some_and(|l| {
                l.seats.get(seat as usize).is_some_and(|s| {
                    matches!(
                        s.kind,
                        starhop_net::SeatKind::Local | starhop_net::SeatKind::Bot { .. }
                    )
                })
            }),
            Link::Client { .. } => self.seat != Some(seat),
        }
    }

    /// The game so far as a record, whichever game the table plays (`None`
    /// before the game): the host's, or a client's own copy.
    pub fn any_record(&self) -> Option<starhop_games::AnyRecord> {
        match &self.link {
            Link::Host { handle, .. } => handle.any_record(),
            Link::Client { handle, .. } => handle.as_ref()?.any_record(),
        }
    }

    /// The colour a seat is shown in, sRGB: a draughts side's, else the
    /// seat's palette colour.
    fn seat_colour(&self, seat: Seat) -> [u8; 3] {
        match self.game() {
            TableGame::Draughts { .. } => DRAUGHTS_COLOURS[seat as usize % 2],
            // Halma's seats are the palette's colours in order, as its board shows them.
            TableGame::Halma { .. } => palette_rgb(seat),
            _ => {
                let colour = self
                    .setup
                    .seats
                    .get(seat as usize)
                    .map_or(seat, |s| s.colour);
                palette_rgb(colour)
            }
        }
    }

    /// Takes back the last move: the host at once, a client asks the host.
    fn take_back(&self, lang: crate::settings::Language, notices: &mut MessageWriter<Notice>) {
        match &self.link {
            Link::Host { handle, .. } => {
                if let Err(e) = handle.undo() {
                    notices.write(Notice::Problem(e.to_string()));
                }
            }
            // Nobody hosts a server's table to allow it.
            Link::Client { .. } if self.on_server => {
                let text = lang.t("Moves are not taken back at a server's table.");
                notices.write(Notice::Info(text.into()));
            }
            Link::Client { handle, .. } => {
                if let Some(h) = handle {
                    h.ask_undo(self.seq_of_copy());
                    let text = lang.t("Asked the host to take back the last move.");
                    notices.write(Notice::Info(text.into()));
                }
            }
        }
    }

    /// The change count of the game on show: the copy's at a table of
    /// another game, else the client's.
    fn seq_of_copy(&self) -> u64 {
        if self.on_board {
            self.copy_at
        } else {
            self.seq()
        }
    }

    fn seq(&self) -> u64 {
        match &self.link {
            Link::Host { handle, .. } => handle.view().seq,
            Link::Client { handle, .. } => handle.as_ref().map_or(0, |h| h.view().seq),
        }
    }
}

impl Drop for Online {
    fn drop(&mut self) {
        match &mut self.link {
            Link::Host { handle, .. } => handle.shutdown(),
            Link::Client { handle, .. } => {
                if let Some(h) = handle.take() {
                    h.leave();
                }
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(server::plugin)
        .add_message::<HostGame>()
        .add_message::<HostTable>()
        .add_message::<HostSaved>()
        .add_message::<JoinGame>()
        .add_message::<TableRequest>()
        .add_systems(
            Update,
            (
                (
                    host_game,
                    host_table,
                    host_saved,
                    join_game,
                    table_requests,
                    send_requests,
                    boards::send_board_requests,
                )
                    .chain(),
                follow_table,
                show_clock,
                close_when_left,
                load_last_table,
                save_last_table,
            )
                .chain()
                .before(PlaySystems)
                .in_set(AppSystems::Rules),
        );
}

/// The seats of a setup as the host's lobby shows them.
fn seat_infos(setup: &MatchSetup) -> Vec<SeatInfo> {
    use starhop_net::SeatKind as Net;
    setup
        .seats
        .iter()
        .map(|s| SeatInfo {
            kind: match s.kind {
                SeatKind::Human => Net::Local,
                SeatKind::Bot(level) => Net::Bot {
                    level: level.name().to_string(),
                },
                SeatKind::Remote => Net::Open,
            },
            name: if s.kind == SeatKind::Remote {
                String::new()
            } else {
                s.name.clone()
            },
            connected: s.kind != SeatKind::Remote,
            colour: Some(palette_rgb(s.colour)),
        })
        .collect()
}

/// A table is open: its host plays the game, the local rules stand still.
fn sit_at_table(commands: &mut Commands, online: Online) {
    commands.insert_resource(online);
    commands.insert_resource(crate::base::MatchAuthority::Remote);
}

/// The table is gone: the local rules own the match again.
fn leave_table(commands: &mut Commands) {
    commands.remove_resource::<Online>();
    commands.insert_resource(crate::base::MatchAuthority::Local);
}

/// The addresses others on the network can reach this machine at: the one
/// the machine would send from (no packet leaves), else every interface.
fn local_addresses(port: u16) -> Vec<String> {
    let routed = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|_| s))
        .and_then(|s| s.local_addr())
        .ok()
        .map(|a| a.ip())
        .filter(|ip| !ip.is_unspecified());
    match routed {
        Some(ip) => vec![format!("{ip}:{port}")],
        None => vec![format!("127.0.0.1:{port}")],
    }
}

fn host_game(
    mut commands: Commands,
    settings: Res<Settings>,
    mut requests: MessageReader<HostGame>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(HostGame(setup)) = requests.read().last() else {
        return;
    };
    let mut config = HostConfig::new(setup.players, setup.rules.clone());
    config.seats = seat_infos(setup);
    config.seed = Some(setup.seed.unwrap_or_else(crate::classic::fresh_seed));
    let lang = settings.language;
    let opened = open_table(config, setup);
    put_up(opened, &mut commands, &mut next, &mut notices, lang);
}

/// Hosts a draughts or food-checkers table: our seat is a person here, the
/// others open, each in its colour.
fn host_table(
    mut commands: Commands,
    settings: Res<Settings>,
    mut requests: MessageReader<HostTable>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(request) = requests.read().last() else {
        return;
    };
    let mut config = HostConfig::of_game(request.game.clone());
    let players = config.seats.len();
    // The seats' names and kinds, kept as a classic setup's (the lobby's
    // bots are set there as at a classic table).
    let mut setup = MatchSetup::new(players, starhop_engine::Rules::classic());
    for (i, s) in setup.seats.iter_mut().enumerate() {
        if i == request.seat as usize {
            let name = request.name.trim();
            if !name.is_empty() {
                s.name = name.to_string();
            }
        } else {
            s.kind = SeatKind::Remote;
        }
    }
    for (i, info) in config.seats.iter_mut().enumerate() {
        if i == request.seat as usize {
            *info = SeatInfo::local(setup.seats[i].name.clone());
        }
        let colour = match request.game {
            TableGame::Draughts { .. } => DRAUGHTS_COLOURS[i % 2],
            TableGame::Halma { .. } => palette_rgb(i as u8),
            _ => palette_rgb(setup.seats[i].colour),
        };
        info.colour = Some(colour);
    }
    let lang = settings.language;
    let opened = open_table(config, &setup);
    put_up(opened, &mut commands, &mut next, &mut notices, lang);
}

/// Hosts a saved game again: `seat` is played here, bots stay bots, and
/// every other seat waits for its player, who finds it by their name.
fn host_saved(
    mut commands: Commands,
    settings: Res<Settings>,
    mut requests: MessageReader<HostSaved>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(HostSaved { record, seat }) = requests.read().last() else {
        return;
    };
    let lang = settings.language;
    let mut config = match HostConfig::resume(record.clone()) {
        Ok(config) => config,
        Err(e) => {
            let text = trf(lang, "This game cannot be hosted: {}", &[&e]);
            notices.write(Notice::Problem(text));
            return;
        }
    };
    let (mut setup, _) = MatchSetup::from_record(record);
    for (i, s) in setup.seats.iter_mut().enumerate() {
        if i == *seat as usize {
            s.kind = SeatKind::Human;
        } else if !matches!(s.kind, SeatKind::Bot(_)) {
            s.kind = SeatKind::Remote;
        }
    }
    if let Some(me) = config.seats.get_mut(*seat as usize) {
        *me = SeatInfo::local(setup.seats[*seat as usize].name.clone());
    }
    for (info, s) in config.seats.iter_mut().zip(&setup.seats) {
        info.colour = Some(palette_rgb(s.colour));
    }
    let opened = open_table(config, &setup);
    put_up(opened, &mut commands, &mut next, &mut notices, lang);
}

/// A table opened shows its lobby; one that could not be says why.
fn put_up(
    opened: Result<Online, String>,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
    notices: &mut MessageWriter<Notice>,
    lang: crate::settings::Language,
) {
    match opened {
        Ok(online) => {
            sit_at_table(commands, online);
            next.set(Screen::Online);
        }
        Err(e) => {
            let text = trf(lang, "The table could not be opened: {}", &[&e]);
            notices.write(Notice::Problem(text));
        }
    }
}

/// Opens a table on the usual port (any free one when it is taken), which
/// announces itself on the local network and asks the host about undos.
fn open_table(mut config: HostConfig, setup: &MatchSetup) -> Result<Online, String> {
    config.start_when_full = false;
    config.undo = UndoPolicy::Ask;
    // Players on the same network find the table in their list (its code
    // stays on this screen only).
    config.announce = true;
    if let Some(me) = setup.seats.iter().find(|s| s.kind == SeatKind::Human) {
        config.table_name = me.name.clone();
    }
    // The usual port when it is free, so players can remember it.
    config.bind = SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT));
    let (handle, events) = HostHandle::start(config.clone())
        .or_else(|_| {
            config.bind.set_port(0);
            HostHandle::start(config)
        })
        .map_err(|e| e.to_string())?;
    let port = handle.addr().port();
    let lobby = handle.view().lobby;
    Ok(Online {
        code: handle.code().to_string(),
        addresses: local_addresses(port),
        link: Link::Host {
            handle,
            events: Mutex::new(events),
        },
        state: TableState::Lobby,
        lobby: Some(lobby),
        seat: None,
        setup: setup.clone(),
        undo_asked: None,
        turn_began: None,
        rejoining: false,
        on_board: false,
        copy_at: 0,
        stale: false,
        on_server: false,
    })
}

fn join_game(
    mut commands: Commands,
    settings: Res<Settings>,
    mut requests: MessageReader<JoinGame>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(join) = requests.read().last() else {
        return;
    };
    let want = if join.watch {
        Want::Spectator
    } else {
        Want::Any
    };
    let mut config = ClientConfig::new(join.code.trim(), join.name.trim(), want);
    config.rejoin = join.rejoin.clone();
    match ClientHandle::connect(Connector::WebSocket(join.addr.trim().to_string()), config) {
        Ok((handle, events)) => {
            sit_at_table(
                &mut commands,
                Online {
                    link: Link::Client {
                        handle: Some(handle),
                        events: Mutex::new(events),
                    },
                    state: TableState::Connecting,
                    code: join.code.trim().to_string(),
                    addresses: vec![join.addr.trim().to_string()],
                    lobby: None,
                    seat: None,
                    setup: MatchSetup::default(),
                    undo_asked: None,
                    turn_began: None,
                    rejoining: join.rejoin.is_some() && !join.watch,
                    on_board: false,
                    copy_at: 0,
                    stale: false,
                    on_server: join.on_server,
                },
            );
            commands.insert_resource(LastTable(join.clone()));
            next.set(Screen::Online);
        }
        Err(e) => {
            let lang = settings.language;
            notices.write(Notice::Problem(trf(lang, "Could not join: {}", &[&e])));
        }
    }
}

fn table_requests(
    mut commands: Commands,
    online: Option<ResMut<Online>>,
    mut requests: MessageReader<TableRequest>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(mut online) = online else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        match (request, &online.link) {
            (TableRequest::Start, Link::Host { handle, .. }) => {
                if let Err(e) = handle.start_game() {
                    notices.write(Notice::Problem(e.to_string()));
                }
            }
            (TableRequest::SetSeat(seat, kind), Link::Host { handle, .. }) => {
                let handle = handle.clone();
                let colour = online.seat_colour(*seat);
                let Some(s) = online.setup.seats.get_mut(*seat as usize) else {
                    continue;
                };
                let info = match kind {
                    SeatKind::Bot(level) => SeatInfo::bot(level.name(), s.name.clone()),
                    SeatKind::Remote => SeatInfo::open(),
                    _ => continue,
                };
                match handle.set_seat(*seat, info.with_colour(colour)) {
                    Ok(()) => {
                        s.kind = *kind;
                        s.profile = None;
                    }
                    Err(e) => {
                        notices.write(Notice::Problem(e.to_string()));
                    }
                }
            }
            (TableRequest::AnswerUndo(grant), Link::Host { handle, .. }) => {
                if *grant && let Err(e) = handle.undo() {
                    notices.write(Notice::Problem(e.to_string()));
                }
                online.undo_asked = None;
            }
            (TableRequest::Leave, _) => {
                // Refused at the door (a wrong code, say): back to the form to
                // put it right; otherwise home.
                let refused = !online.is_host() && matches!(online.state, TableState::Closed(_));
                leave_table(&mut commands);
                commands.remove_resource::<Match>();
                next.set(if refused {
                    Screen::Online
                } else {
                    Screen::Home
                });
                return;
            }
            _ => {}
        }
    }
}

/// Requests of local people and bots go to the table instead of the engine.
fn send_requests(
    settings: Res<Settings>,
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    mut moves: MessageReader<MoveRequest>,
    mut items: MessageReader<crate::classic::ItemRequest>,
    mut turns: MessageReader<TurnRequest>,
    mut notices: MessageWriter<Notice>,
) {
    // A stale match of an earlier game is not the table's.
    let (Some(online), Some(m)) = (online.filter(|o| o.game() == TableGame::Classic), game) else {
        return;
    };
    let g = &m.game;
    let mut actions: Vec<Action> = items
        .read()
        .map(|u| Action::UseItem {
            item_use: u.0,
            ms: 0,
        })
        .collect();
    for req in moves.read() {
        let route = req
            .route
            .clone()
            .or_else(|| g.position().route(req.from, req.to, g.rules().long_jumps));
        match route {
            Some(route)
                if g.is_legal(Move {
                    from: req.from,
                    to: req.to,
                }) || req.route.is_some() =>
            {
                actions.push(Action::Move {
                    from: req.from,
                    to: req.to,
                    route,
                    ms: 0,
                })
            }
            _ => {
                notices.write(Notice::Refused(starhop_engine::RuleError::IllegalMove {
                    from: req.from,
                    to: req.to,
                }));
            }
        }
    }
    for req in turns.read() {
        match *req {
            TurnRequest::Pass => actions.push(Action::Pass { ms: 0 }),
            TurnRequest::Resign(seat) => actions.push(Action::Resign { seat, ms: 0 }),
            TurnRequest::Undo => online.take_back(settings.language, &mut notices),
            TurnRequest::Redo => {
                let text = settings
                    .language
                    .t("Redo is not available in network games.");
                notices.write(Notice::Info(text.into()));
            }
        }
    }
    for action in actions {
        match &online.link {
            Link::Host { handle, .. } => {
                // Resigning names its seat; everything else is the mover's.
                let seat = match &action {
                    Action::Resign { seat, .. } => *seat,
                    _ => g.to_move(),
                };
                if let Err(e) = handle.act(seat, action) {
                    notices.write(Notice::Problem(e.to_string()));
                }
            }
            Link::Client { handle, .. } => {
                if let Some(h) = handle {
                    h.act(online.seq(), action);
                }
            }
        }
    }
}

/// What happened at the table since the last frame, in order.
enum News {
    Lobby(Lobby),
    Welcome(Option<Seat>),
    Started,
    Applied(u64, Action),
    /// A move of a table of another game than classic (`boards`).
    Played(u64, Play),
    /// The authority's game changed otherwise (an undo, a resync).
    Replaced,
    Connection(Seat, bool),
    UndoAsked(Option<Seat>),
    Rejected(String),
    Refused(String),
    Disconnected,
    Reconnected,
    Closed(String),
}

fn news(online: &Online) -> Vec<News> {
    let mut out = Vec::new();
    match &online.link {
        Link::Host { events, .. } => {
            let events = events.lock().unwrap_or_else(|e| e.into_inner());
            while let Some(e) = events.try_recv_any() {
                let e = match e {
                    AnyHostEvent::Event(e) => e,
                    AnyHostEvent::Played { seq, play, .. } => {
                        out.push(News::Played(seq, play));
                        continue;
                    }
                    AnyHostEvent::GameOver { .. } => continue,
                };
                out.push(match e {
                    HostEvent::Lobby(l) => News::Lobby(l),
                    HostEvent::Started { .. } => News::Started,
                    HostEvent::Applied { seq, action, .. } => News::Applied(seq, action),
                    HostEvent::Undone { .. } => News::Replaced,
                    HostEvent::Rejected { reason, .. } => News::Rejected(reason),
                    HostEvent::Connection { seat, connected } => News::Connection(seat, connected),
                    HostEvent::UndoAsked { seat } => News::UndoAsked(seat),
                    HostEvent::GameOver { .. } => continue,
                });
            }
        }
        Link::Client { events, .. } => {
            let events = events.lock().unwrap_or_else(|e| e.into_inner());
            while let Some(e) = events.try_recv_any() {
                let e = match e {
                    AnyClientEvent::Event(e) => e,
                    AnyClientEvent::Played { seq, play } => {
                        out.push(News::Played(seq, play));
                        continue;
                    }
                    // The end as the host tells it: also how a player who
                    // comes back to a finished game sees it.
                    AnyClientEvent::GameOver { .. } => {
                        out.push(News::Replaced);
                        continue;
                    }
                };
                out.push(match e {
                    ClientEvent::Welcome { seat, .. } => News::Welcome(seat),
                    ClientEvent::Refused { message, .. } => News::Refused(message),
                    ClientEvent::Lobby(l) => News::Lobby(l),
                    ClientEvent::Started { .. } => News::Started,
                    ClientEvent::Applied { seq, action, .. } => News::Applied(seq, action),
                    ClientEvent::Undone { .. } | ClientEvent::Resynced { .. } => News::Replaced,
                    ClientEvent::Rejected { reason, .. } => News::Rejected(reason),
                    ClientEvent::Connection { seat, connected } => {
                        News::Connection(seat, connected)
                    }
                    // The end as the host tells it: also how a player who
                    // comes back to a finished game sees it.
                    ClientEvent::GameOver { .. } => News::Replaced,
                    ClientEvent::UndoAsked { .. } | ClientEvent::Clock { .. } => continue,
                    ClientEvent::Disconnected => News::Disconnected,
                    ClientEvent::Reconnected => News::Reconnected,
                    ClientEvent::Closed { reason } => News::Closed(reason),
                });
            }
        }
    }
    out
}

/// The match setup of a table: the host's own; a client's from the lobby,
/// where only its own seat is played here.
fn client_setup(lobby: &Lobby, me: Option<Seat>) -> MatchSetup {
    let mut setup = MatchSetup::new(lobby.seats.len(), lobby.rules.clone());
    for (i, (seat, info)) in setup.seats.iter_mut().zip(&lobby.seats).enumerate() {
        seat.kind = if me == Some(i as Seat) {
            SeatKind::Human
        } else {
            SeatKind::Remote
        };
        if !info.name.is_empty() {
            seat.name = info.name.clone();
        }
        // The host's colours, so everyone sees the same board.
        if let Some(rgb) = info.colour {
            seat.colour = nearest_palette(rgb);
        }
    }
    setup
}

fn follow_table(
    mut commands: Commands,
    settings: Res<Settings>,
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut reports: Reports,
    mut changed: MessageWriter<BoardChanged>,
    mut next: ResMut<NextState<Screen>>,
    mut last: Option<ResMut<LastTable>>,
    mut boards: boards::Boards,
) {
    let Some(mut online) = online else { return };
    let lang = settings.language;
    // A stale match of an earlier game is not a table's of another game.
    let classic = online.game() == TableGame::Classic;
    let mut game = game.filter(|_| classic);
    boards.catch_up(&mut online);
    for item in news(&online) {
        if matches!(item, News::Started | News::Applied(..) | News::Replaced) {
            online.turn_began = Some(std::time::Instant::now());
        }
        match item {
            News::Lobby(lobby) => {
                if let Some(m) = game.as_mut() {
                    take_names(&mut m.setup, &lobby);
                }
                if online.is_host() {
                    take_names(&mut online.setup, &lobby);
                }
                online.lobby = Some(lobby);
            }
            News::Welcome(seat) => {
                online.seat = seat;
                online.state = TableState::Lobby;
                // The table as it is when we come in (a game under way
                // starts at once, before any other lobby news).
                let lobby = match &online.link {
                    Link::Client {
                        handle: Some(h), ..
                    } => h.view().lobby,
                    _ => None,
                };
                if lobby.is_some() {
                    online.lobby = lobby;
                }
                // Back with a token but no seat: the seat waited its time
                // and was given up. Say so plainly; the game is watched.
                if online.rejoining && seat.is_none() {
                    online.rejoining = false;
                    reports.info(
                        tr(
                            lang,
                            "Your seat waited for you, but you were away too long: the game went on without you. You are watching it.",
                        )
                        .into(),
                    );
                    if let Some(last) = last.as_mut() {
                        last.0.rejoin = None;
                    }
                }
                // Keep the seat's token: the seat can be taken back later.
                if let (
                    Link::Client {
                        handle: Some(h), ..
                    },
                    Some(last),
                ) = (&online.link, last.as_mut())
                    && seat.is_some()
                {
                    last.0.rejoin = h.view().token;
                }
            }
            News::Started if online.on_board => boards.changed(&mut online),
            News::Started => {
                if boards.begin(&mut commands, &mut online, &mut next) {
                    continue;
                }
                if begin(&mut commands, &mut online) {
                    next.set(Screen::Playing);
                    changed.write(BoardChanged);
                    // The match is inserted at the end of this system: the
                    // actions that follow are in the authority's copy already.
                    return;
                }
            }
            News::Played(seq, play) => {
                if online.on_board {
                    boards.played(&mut online, seq, &play);
                }
            }
            News::Applied(seq, action) => {
                let Some(m) = game.as_mut() else { continue };
                let applied = m.game.apply(action);
                let in_step = applied.is_ok()
                    && online
                        .authority()
                        .is_none_or(|(g, at)| at != seq || g.checksum() == m.game.checksum());
                match applied {
                    Ok(events) if in_step => reports.events(events),
                    _ => replace(m, &online, &mut reports),
                }
            }
            News::Replaced if online.on_board => boards.changed(&mut online),
            News::Replaced => match game.as_mut() {
                Some(m) => replace(m, &online, &mut reports),
                // Back at a game under way (a seat taken back): it is on at once.
                None => {
                    if boards.begin(&mut commands, &mut online, &mut next) {
                        continue;
                    }
                    if begin(&mut commands, &mut online) {
                        next.set(Screen::Playing);
                        changed.write(BoardChanged);
                        return;
                    }
                }
            },
            News::Connection(seat, connected) => {
                if let Some(info) = online
                    .lobby
                    .as_mut()
                    .and_then(|l| l.seats.get_mut(seat as usize))
                {
                    info.connected = connected;
                }
                // By name, as the lobby knows it before the game is on screen.
                let name = match &game {
                    Some(m) if (seat as usize) < m.setup.seats.len() => {
                        crate::classic::screens::seat_name(lang, m, seat)
                    }
                    _ => online.lobby_name(lang, seat),
                };
                reports.info(if connected {
                    trf(lang, "{} is back.", &[&name])
                } else {
                    trf(
                        lang,
                        "{} has lost the connection; the seat waits for them.",
                        &[&name],
                    )
                });
            }
            News::UndoAsked(seat) => online.undo_asked = Some(seat),
            News::Rejected(reason) => {
                // A request that crossed a change is simply out of date.
                if !starhop_net::drive::moved_on(&reason) {
                    reports.info(trf(lang, "The host refused: {}", &[&reason]));
                }
            }
            News::Refused(message) => {
                if online.state == TableState::Connecting {
                    online.state = TableState::Closed(message);
                } else {
                    reports.info(message);
                }
            }
            News::Disconnected => online.state = TableState::Reconnecting,
            News::Reconnected => {
                online.state = if game.is_some() || online.on_board {
                    TableState::Playing
                } else {
                    TableState::Lobby
                }
            }
            News::Closed(reason) => {
                if game.is_some() || online.on_board {
                    reports.info(trf(
                        lang,
                        "The table has closed ({}). The game stays on screen: save it from the menu.",
                        &[&reason],
                    ));
                }
                online.state = TableState::Closed(reason);
            }
        }
    }
}

/// The running turn's clock between actions: the host's own count since the
/// turn began, or what the host last told a client, counted on. Only shown:
/// the host plays the time-outs.
fn show_clock(online: Option<Res<Online>>, game: Option<ResMut<Match>>) {
    let (Some(online), Some(mut m)) = (online.filter(|o| !o.on_board), game) else {
        return;
    };
    let rules = m.game.rules();
    let timed = rules.move_limit_ms.is_some() || rules.time_bank_ms.is_some();
    if !timed || m.game.is_over() {
        return;
    }
    let ms = match &online.link {
        Link::Host { .. } => online
            .turn_began
            .map(|t| t.elapsed().as_millis().min(u32::MAX as u128) as u32),
        Link::Client { handle, .. } => handle
            .as_ref()
            .and_then(|h| h.clock())
            .map(|c| c.turn_ms_now()),
    };
    if let Some(ms) = ms {
        // The time on show changes every frame; nothing else of the match does.
        m.bypass_change_detection().game.show_turn_ms(ms);
    }
}

/// Names of people who joined, on their remote seats.
fn take_names(setup: &mut MatchSetup, lobby: &Lobby) {
    for (seat, info) in setup.seats.iter_mut().zip(&lobby.seats) {
        if !info.name.is_empty() && seat.kind == SeatKind::Remote {
            seat.name = info.name.clone();
        }
    }
}

/// Puts the authority's game on as the match; false when it has none yet.
fn begin(commands: &mut Commands, online: &mut Online) -> bool {
    let Some((game, _)) = online.authority() else {
        return false;
    };
    let setup = match (&online.lobby, online.is_host()) {
        (Some(lobby), false) => client_setup(lobby, online.seat),
        _ => online.setup.clone(),
    };
    commands.insert_resource(Match { game, setup });
    online.state = TableState::Playing;
    true
}

/// Takes the authority's game, moving the marbles straight to where they are.
fn replace(m: &mut Match, online: &Online, reports: &mut Reports) {
    let Some((g, _)) = online.authority() else {
        return;
    };
    let changes = m.game.position().changes_to(g.position());
    m.game = g;
    reports.marbles(changes);
}

/// Leaving the table's screens closes it, and so does a draughts or
/// food-checkers game of the table giving way to its mode's setup panel.
fn close_when_left(
    mut commands: Commands,
    online: Option<Res<Online>>,
    screen: Res<State<Screen>>,
    next: Res<NextState<Screen>>,
    draughts: Res<crate::draughts::DraughtsPlaying>,
    food: Res<crate::food::FoodPlaying>,
    halma: Res<crate::halma::HalmaPlaying>,
) {
    let table = |s: &Screen| {
        matches!(
            s,
            Screen::Online | Screen::Playing | Screen::Draughts | Screen::Food | Screen::Halma
        )
    };
    // A table just opened is on its way to its screen.
    let going = matches!(&*next, NextState::Pending(s) if table(s));
    let Some(online) = online else { return };
    let gave_way = online.on_board && !draughts.0 && !food.0 && !halma.0;
    if (!table(screen.get()) && !going) || gave_way {
        leave_table(&mut commands);
    }
}
