//! Finding tables by their UDP beacons, on loopback only: hosts that listen
//! on 127.0.0.1 announce to 127.0.0.1 alone. Each test listens on a port of
//! its own (port 0: a free one).

mod common;

use common::*;
use starhop_engine::shape::GameKind;
use starhop_net::discovery::Beacon;
use starhop_net::{
    ClientConfig, Discovery, FoundTable, HostConfig, HostHandle, PROTOCOL_VERSION, SeatInfo, Want,
};
use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

/// Looks until `ready` holds for the list (bounded by `STEP`); returns it.
fn wait_list(
    discovery: &mut Discovery,
    what: &str,
    ready: impl Fn(&[FoundTable]) -> bool,
) -> Vec<FoundTable> {
    let end = Instant::now() + STEP;
    loop {
        let list = discovery.try_list();
        if ready(&list) {
            return list;
        }
        assert!(Instant::now() < end, "waited {STEP:?} for {what}: {list:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn announcing_host(port: u16, players: usize) -> (HostHandle, starhop_net::HostEvents) {
    let mut config = HostConfig {
        announce: true,
        announce_port: port,
        table_name: "Test table".into(),
        ..HostConfig::new(players, party_rules())
    };
    config.seats[players - 1] = SeatInfo::bot("Easy", "Botty");
    HostHandle::start(config).unwrap()
}

#[test]
fn an_announcing_host_is_found_with_its_open_seats() {
    let mut discovery = Discovery::start(0).unwrap();
    let (host, _events) = announcing_host(discovery.port(), 3);
    let here = |l: &[FoundTable]| l.iter().find(|t| t.addr == host.addr()).cloned();
    let list = wait_list(&mut discovery, "the table", |l| here(l).is_some());
    assert_eq!(list.len(), 1, "one table: {list:?}");
    let table = &list[0];
    assert_eq!(table.name, "Test table");
    assert_eq!(table.players, 3);
    assert_eq!(table.open, [0, 1]);
    assert!(!table.started);
    assert_eq!(table.game, GameKind::Party, "party rules: a party table");

    // A player takes a seat: the next beacons say so.
    let code = host.code().to_string();
    let _ann = join(ws(&host), ClientConfig::new(&code, "Ann", Want::Seat(1))).unwrap();
    wait_list(&mut discovery, "seat 1 taken", |l| {
        here(l).is_some_and(|t| t.open == [0])
    });
    let _bob = join(ws(&host), ClientConfig::new(&code, "Bob", Want::Any)).unwrap();
    let list = wait_list(&mut discovery, "the start", |l| {
        here(l).is_some_and(|t| t.started)
    });
    assert!(list[0].open.is_empty());
    host.shutdown();
}

/// A draughts table says so, so a family sees which game it would join.
#[test]
fn a_table_names_its_game() {
    let mut discovery = Discovery::start(0).unwrap();
    let config = HostConfig {
        announce: true,
        announce_port: discovery.port(),
        ..HostConfig::draughts(starhop_draughts::Variant::Russian)
    };
    let (host, _events) = HostHandle::start(config).unwrap();
    let list = wait_list(&mut discovery, "the table", |l| {
        l.iter().any(|t| t.addr == host.addr())
    });
    assert_eq!(list[0].game, GameKind::Draughts);
    assert_eq!(list[0].players, 2);
    host.shutdown();
}

#[test]
fn a_beacon_says_where_to_connect_but_not_the_room_code() {
    let listener = UdpSocket::bind("127.0.0.1:0").unwrap();
    listener.set_read_timeout(Some(STEP)).unwrap();
    let (host, _events) = announcing_host(listener.local_addr().unwrap().port(), 2);
    let mut buf = [0u8; 2048];
    let (n, from) = listener.recv_from(&mut buf).expect("a beacon");
    let beacon = Beacon::decode(&buf[..n]).expect("a sound beacon");
    assert_eq!(from.ip(), host.addr().ip());
    assert_eq!(beacon.port, host.addr().port());
    assert_eq!((beacon.players, &beacon.open[..]), (2, &[0][..]));
    let text = String::from_utf8_lossy(&buf[..n]).to_uppercase();
    let code = host.code();
    assert!(!text.contains(code.as_str()), "{text}");
    assert!(!text.contains(&code.to_string()), "{text}");
    host.shutdown();
}

#[test]
fn garbage_other_versions_and_oversized_beacons_are_ignored() {
    let mut discovery = Discovery::start(0).unwrap();
    // The port is shared: a second game on this machine can listen too.
    let second = Discovery::start(discovery.port()).expect("a shared port");
    assert_eq!(second.port(), discovery.port());
    drop(second);
    let to = SocketAddr::from(([127, 0, 0, 1], discovery.port()));
    let sender = UdpSocket::bind("127.0.0.1:0").unwrap();
    let send = |bytes: &[u8]| {
        sender.send_to(bytes, to).unwrap();
    };
    let beacon = |id, name: &str, port| Beacon::new(id, name, port, 2, vec![1]);
    send(b"\x00\xffnot json at all");
    send(b"{\"type\":\"starhop-table\"}");
    send(br#"[1,2,3]"#);
    let mut other_version = beacon(3, "Old", 7001);
    other_version.protocol = PROTOCOL_VERSION + 1;
    send(&other_version.encode());
    let mut foreign = beacon(4, "Foreign", 7002);
    foreign.kind = "another-game".into();
    send(&foreign.encode());
    let mut impossible = beacon(5, "Seven seats", 7003);
    impossible.players = 7;
    send(&impossible.encode());
    // Sound JSON, but larger than a beacon may be.
    let mut oversized = beacon(6, "Big", 7004).encode();
    oversized.pop();
    oversized.extend_from_slice(format!(",\"pad\":\"{}\"}}", "x".repeat(2000)).as_bytes());
    send(&oversized);
    // Two beacons from one address: listed once, as last heard.
    send(&beacon(1, "First name", 5555).encode());
    send(&beacon(1, "Real", 5555).encode());
    // The last one sent, so once it is listed every earlier one was read.
    send(&beacon(2, "Marker", 6666).encode());

    let list = wait_list(&mut discovery, "the marker", |l| {
        l.iter().any(|t| t.addr.port() == 6666)
    });
    let ports: Vec<u16> = list.iter().map(|t| t.addr.port()).collect();
    assert_eq!(ports, [6666, 5555], "only the sound beacons, by name");
    assert_eq!(list[1].name, "Real");
    assert_eq!(list[1].addr, SocketAddr::from(([127, 0, 0, 1], 5555)));
    assert_eq!(list[1].open, [1]);
}

#[test]
fn a_stopped_host_is_forgotten_once_its_beacon_expires() {
    let mut discovery = Discovery::start(0).unwrap();
    let (host, _events) = announcing_host(discovery.port(), 2);
    let addr = host.addr();
    wait_list(&mut discovery, "the table", |l| {
        l.iter().any(|t| t.addr == addr)
    });
    host.shutdown();
    // A host still announcing (every second, well within the three-second
    // lifetime) would stay listed and fail this wait.
    wait_list(&mut discovery, "the table to go", |l| {
        l.iter().all(|t| t.addr != addr)
    });
}
