//! The classic API the game and its tools are built on, written out as they
//! use it (exhaustive matches on the events, a `SeatInfo` built field by
//! field, the drive loops' signatures, the handles held in resources): a
//! change that would break them fails to build here first.

use starhop_engine::{Action, Game, Record, Rules, Seat};
use starhop_net::drive::{move_action, moved_on, play_client, play_host_seats};
use starhop_net::{
    ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector, DISCOVERY_PORT, Discovery,
    FoundTable, HostConfig, HostEvent, HostEvents, HostHandle, Lobby, Refusal, RoomCode, SeatInfo,
    SeatKind, UndoPolicy, Want, discover,
};
use std::sync::Mutex;
use std::time::Duration;

#[allow(dead_code)]
enum News {
    Lobby(Lobby),
    Welcome(Option<Seat>),
    Started,
    Applied(u64, Action),
    Replaced,
    Connection(Seat, bool),
    UndoAsked(Option<Seat>),
    Rejected(String),
    Refused(String),
    Disconnected,
    Reconnected,
    Closed(String),
}

#[allow(dead_code)]
fn host_news(e: HostEvent) -> Option<News> {
    Some(match e {
        HostEvent::Lobby(l) => News::Lobby(l),
        HostEvent::Started { .. } => News::Started,
        HostEvent::Applied { seq, action, .. } => News::Applied(seq, action),
        HostEvent::Undone { .. } => News::Replaced,
        HostEvent::Rejected { reason, .. } => News::Rejected(reason),
        HostEvent::Connection { seat, connected } => News::Connection(seat, connected),
        HostEvent::UndoAsked { seat } => News::UndoAsked(seat),
        HostEvent::GameOver { .. } => return None,
    })
}

#[allow(dead_code)]
fn client_news(e: ClientEvent) -> Option<News> {
    Some(match e {
        ClientEvent::Welcome { seat, .. } => News::Welcome(seat),
        ClientEvent::Refused { message, .. } => News::Refused(message),
        ClientEvent::Lobby(l) => News::Lobby(l),
        ClientEvent::Started { .. } => News::Started,
        ClientEvent::Applied { seq, action, .. } => News::Applied(seq, action),
        ClientEvent::Undone { .. } | ClientEvent::Resynced { .. } => News::Replaced,
        ClientEvent::Rejected { reason, .. } => News::Rejected(reason),
        ClientEvent::Connection { seat, connected } => News::Connection(seat, connected),
        ClientEvent::GameOver { .. } => News::Replaced,
        ClientEvent::UndoAsked { .. } | ClientEvent::Clock { .. } => return None,
        ClientEvent::Disconnected => News::Disconnected,
        ClientEvent::Reconnected => News::Reconnected,
        ClientEvent::Closed { reason } => News::Closed(reason),
    })
}

/// Everything else the game, its benchmark and the command line call, with
/// the types they expect.
#[allow(dead_code)]
fn uses(record: Record, host: HostHandle, client: ClientHandle, events: ClientEvents) {
    let seat = SeatInfo {
        kind: SeatKind::Bot {
            level: "Easy".into(),
        },
        name: String::new(),
        connected: true,
        colour: Some([1, 2, 3]),
    };
    let mut config: HostConfig = HostConfig::new(2, Rules::classic());
    config.seats = vec![seat.with_colour([4, 5, 6]), SeatInfo::open()];
    config.seed = Some(1);
    config.start_when_full = false;
    config.undo = UndoPolicy::Ask;
    config.announce = true;
    config.table_name = String::new();
    config.bind.set_port(0);
    let _: Result<HostConfig, _> = HostConfig::resume(record);
    let started: std::io::Result<(HostHandle, HostEvents)> = HostHandle::start(config);
    drop(started);
    let view = host.view();
    let _: Option<(Game, u64)> = view.game.map(|g| (g, view.seq));
    let lobby: Lobby = view.lobby;
    let _: (Rules, usize, u32, bool) = (
        lobby.rules,
        lobby.seats.len(),
        lobby.spectators,
        lobby.started,
    );
    let _: u16 = host.addr().port();
    let _: String = host.code().to_string();
    let _: Result<(), _> = host.start_game();
    let _: Result<(), _> = host.set_seat(1, SeatInfo::local("Ann"));
    let _: Result<(), _> = host.undo();
    let _: Result<(), _> = host.act(0, Action::Pass { ms: 0 });
    let _: Option<Record> = host.record();
    let _: HostHandle = host.clone();
    host.shutdown();
    let mut join = ClientConfig::new("CODE", "Ann", Want::Any);
    join.rejoin = None;
    let _ = ClientHandle::connect(Connector::WebSocket(String::new()), join);
    let v = client.view();
    let _: (Option<Game>, u64, Option<String>) = (v.game, v.seq, v.token);
    let _: Option<Record> = client.record();
    client.ask_undo(0);
    client.act(0, Action::Pass { ms: 0 });
    let _: Result<Record, String> = play_client(
        &client,
        &events,
        |_: &Game| Action::Pass { ms: 0 },
        Duration::ZERO,
    );
    client.leave();
    let _: Option<ClientEvent> = events.try_recv();
    let _: Option<ClientEvent> = events.recv_timeout(Duration::ZERO);
    let _: bool = moved_on("stale");
    let _: Option<Action> = move_action(
        &Game::new(Rules::classic(), 2, 1).unwrap(),
        starhop_engine::Move { from: 0, to: 1 },
    );
    let _: u16 = DISCOVERY_PORT;
    let _: std::io::Result<Vec<FoundTable>> = discover(0, Duration::ZERO);
    if let Ok(mut d) = Discovery::start(DISCOVERY_PORT) {
        let _: Vec<FoundTable> = d.try_list();
    }
    let _: Option<RoomCode> = RoomCode::parse("x");
    let _: bool = Refusal::Busy.closes();
}

#[allow(dead_code)]
fn host_seats(host: &HostHandle, events: &HostEvents) -> Result<Record, String> {
    play_host_seats(
        host,
        events,
        &[0],
        |_: &Game| Action::Pass { ms: 0 },
        Duration::ZERO,
    )
}

fn send_sync<T: Send + Sync>() {}

#[test]
fn the_handles_can_live_in_the_games_resources() {
    send_sync::<HostHandle>();
    send_sync::<ClientHandle>();
    send_sync::<Mutex<HostEvents>>();
    send_sync::<Mutex<ClientEvents>>();
    send_sync::<Mutex<Discovery>>();
    send_sync::<Lobby>();
}
