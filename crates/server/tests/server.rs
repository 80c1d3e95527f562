//! A server on loopback: tables by room code, the public list, health,
//! limits, a dropped player coming back, and a restart mid-game.

use starhop_engine::{FirstMoveMethod, Preset, Rules};
use starhop_games::{AnyGame, AnyMove, AnyRecord, BoxGame, Think};
use starhop_net::rooms::{create_table, list_tables};
use starhop_net::{
    ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector, Refusal, SeatInfo, TableGame,
    TableRequest, Want,
};
use starhop_server::log::Log;
use starhop_server::{LogFormat, Server, ServerConfig};
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const STEP: Duration = Duration::from_secs(20);
const GAME_LIMIT: Duration = Duration::from_secs(240);

fn quiet() -> Log {
    Log {
        format: LogFormat::Text,
        quiet: true,
    }
}

/// A fresh data folder under the target directory's temp.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("starhop-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn config(data: &Path, listen: SocketAddr) -> ServerConfig {
    ServerConfig {
        listen,
        data: data.to_path_buf(),
        threads: 2,
        ..ServerConfig::default()
    }
}

fn loopback() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 0))
}

fn party_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Preset::Party.rules()
    }
}

/// A party table of two people and the server's Beginner bot.
fn party_table(public: bool) -> TableRequest {
    TableRequest {
        game: TableGame::Classic,
        rules: party_rules(),
        seats: vec![
            SeatInfo::open(),
            SeatInfo::open(),
            SeatInfo::bot("Beginner", "Robin"),
        ],
        public,
        name: "Tuesday party".into(),
    }
}

fn join(addr: SocketAddr, config: ClientConfig) -> Result<(ClientHandle, ClientEvents), Refusal> {
    let connector = Connector::WebSocket(addr.to_string());
    let (client, events) = ClientHandle::connect(connector, config).expect("a client");
    let end = Instant::now() + STEP;
    while Instant::now() < end {
        match events.recv_timeout(Duration::from_millis(100)) {
            Some(ClientEvent::Welcome { .. }) => return Ok((client, events)),
            Some(ClientEvent::Refused { reason, .. }) => return Err(reason),
            Some(ClientEvent::Closed { reason }) => panic!("closed before a welcome: {reason}"),
            _ => {}
        }
    }
    panic!("no welcome within {STEP:?}");
}

fn bot(seed: u64) -> impl FnMut(&AnyGame) -> AnyMove {
    starhop_net::drive::bot(
        Think::new(starhop_ai::Level::Beginner)
            .within(Duration::from_millis(5))
            .seeded(seed),
    )
}

fn wait(what: &str, ready: impl Fn() -> bool) {
    let end = Instant::now() + STEP;
    while !ready() {
        assert!(Instant::now() < end, "waited {STEP:?} for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn health(addr: SocketAddr) -> serde_json::Value {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200 OK\r\n"), "{reply}");
    let body = reply.split("\r\n\r\n").nth(1).expect("a body");
    serde_json::from_str(body).expect("JSON")
}

#[test]
fn health_answers_with_the_counts_and_a_websocket_still_gets_through() {
    let data = data_dir("health");
    let server = Server::start(config(&data, loopback()), quiet()).unwrap();
    let h = health(server.addr());
    assert_eq!(h["status"], "ok");
    assert_eq!(h["tables"], 0);
    create_table(&server.addr().to_string(), party_table(false)).unwrap();
    assert_eq!(health(server.addr())["tables"], 1);
    server.shutdown();
}

#[test]
fn tables_open_by_request_are_listed_when_public_and_refuse_wrong_codes() {
    let data = data_dir("list");
    let server = Server::start(config(&data, loopback()), quiet()).unwrap();
    let addr = server.addr().to_string();
    assert_eq!(list_tables(&addr).unwrap(), vec![]);
    let public = create_table(&addr, party_table(true)).unwrap();
    let private = create_table(&addr, party_table(false)).unwrap();
    assert_ne!(public, private);
    assert_eq!(public.len(), 11, "read aloud as ABCDE-FGHJK: {public}");
    let listed = list_tables(&addr).unwrap();
    assert_eq!(listed.len(), 1, "only the public table is listed");
    assert_eq!(listed[0].code, public);
    assert_eq!(listed[0].name, "Tuesday party");
    assert_eq!(listed[0].lobby.seats.len(), 3);
    // A wrong code is refused; the private table is found by its code alone,
    // typed in lower case without its dash.
    let wrong = join(
        server.addr(),
        ClientConfig::new("ZZZZZ-ZZZZZ", "Eve", Want::Any),
    );
    assert_eq!(wrong.err(), Some(Refusal::WrongCode));
    let typed = private.replace('-', "").to_lowercase();
    let (client, _events) = join(server.addr(), ClientConfig::new(typed, "Ann", Want::Any))
        .expect("a seat at the private table");
    assert_eq!(client.view().seat, Some(0));
    server.shutdown();
}

#[test]
fn a_table_asked_for_with_a_bad_seat_or_too_many_tables_is_refused() {
    let data = data_dir("limits");
    let mut c = config(&data, loopback());
    c.max_tables_per_address = 2;
    let server = Server::start(c, quiet()).unwrap();
    let addr = server.addr().to_string();
    let mut local = party_table(false);
    local.seats[0] = SeatInfo::local("Host");
    assert!(
        create_table(&addr, local)
            .unwrap_err()
            .contains("cannot open")
    );
    let mut bots_only = party_table(false);
    bots_only.seats = vec![SeatInfo::bot("Easy", "A"), SeatInfo::bot("Easy", "B")];
    assert!(create_table(&addr, bots_only).is_err());
    let mut unknown_level = party_table(false);
    unknown_level.seats[2] = SeatInfo::bot("Grandmaster", "X");
    assert!(create_table(&addr, unknown_level).is_err());
    create_table(&addr, party_table(false)).unwrap();
    create_table(&addr, party_table(false)).unwrap();
    let third = create_table(&addr, party_table(false)).unwrap_err();
    assert!(third.contains("no more tables"), "{third}");
    assert_eq!(server.table_count(), 2);
    server.shutdown();
}

/// Plays `client`'s seat with `choose` until the table's game has had `seq`
/// changes (the game waits for this seat after that: it is never over
/// before the test says).
fn play_to(
    client: &ClientHandle,
    events: &ClientEvents,
    choose: &mut impl FnMut(&AnyGame) -> AnyMove,
    seq: u64,
) {
    let end = Instant::now() + STEP;
    let mut asked = None;
    while client.view().seq < seq {
        assert!(Instant::now() < end, "waited {STEP:?} for change {seq}");
        let view = client.view();
        if view.seat.is_some()
            && view.to_move() == view.seat
            && asked != Some(view.seq)
            && let Some(game) = view.any_game()
        {
            client.play(view.seq, starhop_net::Play::of(choose(&game)));
            asked = Some(view.seq);
        }
        while events.try_recv_any().is_some() {}
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn two_players_play_a_party_game_by_code_through_a_drop_and_a_server_restart() {
    let data = data_dir("restart");
    let server = Server::start(config(&data, loopback()), quiet()).unwrap();
    let addr = server.addr();
    let code = create_table(&addr.to_string(), party_table(true)).unwrap();
    let (ann, ann_events) = join(addr, ClientConfig::new(code.clone(), "Ann", Want::Any)).unwrap();
    let (ben, ben_events) = join(addr, ClientConfig::new(code.clone(), "Ben", Want::Any)).unwrap();
    let ann_token = ann.view().token.expect("a seat token");
    // Ben plays to the end in the background, through everything below.
    let ben_thread = std::thread::spawn(move || {
        let record = starhop_net::drive::play_client_any(&ben, &ben_events, bot(2), GAME_LIMIT);
        (record, ben)
    });
    // Ann plays a few moves, then her connection goes...
    let mut ann_bot = bot(1);
    play_to(&ann, &ann_events, &mut ann_bot, 9);
    let seq_before_drop = ann.view().seq;
    drop(ann);
    drop(ann_events);
    // ...and she comes back with her seat's token.
    let mut back = ClientConfig::new(code.clone(), "Ann", Want::Any);
    back.rejoin = Some(ann_token.clone());
    let (ann, ann_events) = join(addr, back).expect("Ann's seat back");
    assert_eq!(ann.view().seat, Some(0));
    play_to(&ann, &ann_events, &mut ann_bot, 18);
    let seq_before_restart = ann.view().seq;
    assert!(
        seq_before_restart > seq_before_drop,
        "the game went on after Ann came back"
    );
    // The server stops mid-game and starts again on the same address: the
    // table is taken up from the data folder and both clients reconnect.
    server.shutdown();
    let server = Server::start(config(&data, addr), quiet()).unwrap();
    assert_eq!(server.table_count(), 1, "the unfinished table is taken up");
    let ann_record = starhop_net::drive::play_client_any(&ann, &ann_events, ann_bot, GAME_LIMIT)
        .expect("the game ends");
    let (ben_record, _ben) = ben_thread.join().unwrap();
    let ben_record = ben_record.expect("Ben's game ends");
    assert!(ann_record.moves() as u64 > seq_before_restart);
    // Everyone's record is the same game, and the server wrote it.
    assert_eq!(ann_record, ben_record);
    let file = data
        .join("records")
        .join(format!("{}.json", code.replace('-', "")));
    wait("the finished record", || file.exists());
    let saved: AnyRecord = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved, ann_record);
    assert!(saved.replay().expect("the record replays").is_over());
    assert!(
        !data
            .join("tables")
            .join(format!("{}.json", code.replace('-', "")))
            .exists()
    );
    server.shutdown();
}

#[test]
fn a_corrupt_saved_table_is_set_aside_and_the_others_are_taken_up() {
    let data = data_dir("corrupt");
    let server = Server::start(config(&data, loopback()), quiet()).unwrap();
    let addr = server.addr();
    let code = create_table(&addr.to_string(), party_table(false)).unwrap();
    let (ann, _e) = join(addr, ClientConfig::new(code.clone(), "Ann", Want::Any)).unwrap();
    let saved = data
        .join("tables")
        .join(format!("{}.json", code.replace('-', "")));
    wait("the table saved", || {
        std::fs::read_to_string(&saved).is_ok_and(|t| t.contains(&ann.view().token.unwrap()))
    });
    server.shutdown();
    std::fs::write(data.join("tables").join("BROKEN.json"), "{ not json").unwrap();
    let server = Server::start(config(&data, addr), quiet()).unwrap();
    assert_eq!(server.table_count(), 1);
    assert!(
        data.join("tables")
            .join("unreadable")
            .join("BROKEN.json")
            .exists()
    );
    // Ann's seat is held for her: a stranger takes the other open seat, and
    // her token takes hers back.
    let mut back = ClientConfig::new(code.clone(), "Ann", Want::Any);
    back.rejoin = ann.view().token;
    let (again, _e2) = join(addr, back).expect("her seat");
    assert_eq!(again.view().seat, Some(0));
    server.shutdown();
}
