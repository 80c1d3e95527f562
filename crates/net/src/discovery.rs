//! Finding tables on the local network: a host with `HostConfig::announce`
//! sends a small JSON beacon by UDP every second, and a joining game listens
//! for them ([`Discovery`], or [`discover`] for a one-off look).
//!
//! A beacon says where to connect and what the table is like, never its room
//! code: anyone on the network hears beacons, and the code stays the secret
//! that lets a player in. Everything in a beacon is a stranger's claim, so it
//! is size-capped, checked and cleaned before it is listed; the address
//! listed is the IP the datagram came from with the port it announces, so a
//! beacon cannot point players at a third machine.

use crate::protocol::{PROTOCOL_VERSION, clean_name};
use serde::{Deserialize, Serialize};
use starhop_engine::Seat;
use starhop_engine::shape::GameKind;
use std::collections::HashMap;
use std::io;
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

/// The UDP port beacons are sent to.
pub const DISCOVERY_PORT: u16 = 7879;
/// How often a host announces itself.
pub const BEACON_EVERY: Duration = Duration::from_secs(1);
/// A table not heard from for this long is dropped from the list (three
/// beacons missed: a stopped host goes, one lost datagram does not).
pub const BEACON_LIFETIME: Duration = Duration::from_secs(3);
/// The largest beacon read; a six-seat table's is under 250 bytes.
pub const MAX_BEACON_BYTES: usize = 1024;
/// Tells our beacons from other programs' datagrams on the same port.
const BEACON_TYPE: &str = "starhop-table";
/// Tables listed at most (a flood of made-up beacons cannot grow the list).
const MAX_TABLES: usize = 64;
/// Datagrams read per look, so a flood cannot hold up a frame of the game.
const MAX_READS: usize = 256;

/// What a host announces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beacon {
    #[serde(rename = "type")]
    pub kind: String,
    /// The host's `PROTOCOL_VERSION`: tables of another version are not listed.
    pub protocol: u32,
    /// Random for each host, so one table heard at two addresses (on
    /// loopback and on the network) is listed once.
    pub id: u64,
    /// The table's name (the machine's, unless the host names it).
    pub name: String,
    /// The port the host's game listens on.
    pub port: u16,
    pub players: usize,
    /// The seats waiting for a player (0-based).
    pub open: Vec<Seat>,
    pub started: bool,
    /// The game the table plays (a host of before draughts and food tables
    /// said none: it plays classic).
    #[serde(default)]
    pub game: GameKind,
}

impl Beacon {
    pub fn new(id: u64, name: &str, port: u16, players: usize, open: Vec<Seat>) -> Beacon {
        Beacon {
            kind: BEACON_TYPE.into(),
            protocol: PROTOCOL_VERSION,
            id,
            name: name.into(),
            port,
            players,
            open,
            started: false,
            game: GameKind::Classic,
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a beacon serialises")
    }

    /// Reads a datagram: `None` for anything but a sound beacon of our
    /// protocol version (oversized, malformed, foreign, another version,
    /// impossible seats). The name comes back cleaned.
    pub fn decode(bytes: &[u8]) -> Option<Beacon> {
        if bytes.len() > MAX_BEACON_BYTES {
            return None;
        }
        let mut b: Beacon = serde_json::from_slice(bytes).ok()?;
        let sound = b.kind == BEACON_TYPE
            && b.protocol == PROTOCOL_VERSION
            && b.port != 0
            && (2..=6).contains(&b.players)
            && b.open.len() <= b.players
            && b.open.iter().all(|&s| usize::from(s) < b.players)
            // The crossing is played alone, never at a table.
            && b.game != GameKind::Crossing;
        if !sound {
            return None;
        }
        b.open.sort_unstable();
        b.open.dedup();
        b.name = clean_name(&b.name, "Starhop table");
        Some(b)
    }
}

/// A table heard on the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundTable {
    /// Where to connect: the beacon's sender with the port it announced.
    pub addr: SocketAddr,
    pub name: String,
    pub players: usize,
    /// The seats waiting for a player (0-based).
    pub open: Vec<Seat>,
    pub started: bool,
    pub game: GameKind,
    /// When its latest beacon came.
    pub seen: Instant,
}

/// Listens for beacons; [`Discovery::try_list`] never blocks, so a game can
/// call it every frame.
pub struct Discovery {
    socket: UdpSocket,
    /// By address, with the host's id.
    tables: HashMap<SocketAddr, (u64, FoundTable)>,
    lifetime: Duration,
}

impl Discovery {
    /// Listens on UDP `port` of every interface (`DISCOVERY_PORT`; 0 picks a
    /// free port, see [`Discovery::port`]). The port is shared
    /// (`SO_REUSEADDR`), so two games on one machine can both listen; beacons
    /// sent to the network reach both, those sent to 127.0.0.1 only one.
    pub fn start(port: u16) -> io::Result<Discovery> {
        use socket2::{Domain, Protocol, Socket, Type};
        let socket = Socket::new(Domain::IPV4, Type::DGRAM, Some(Protocol::UDP))?;
        socket.set_reuse_address(true)?;
        socket.bind(&SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)).into())?;
        socket.set_nonblocking(true)?;
        Ok(Discovery {
            socket: socket.into(),
            tables: HashMap::new(),
            lifetime: BEACON_LIFETIME,
        })
    }

    /// The UDP port listened on.
    pub fn port(&self) -> u16 {
        self.socket.local_addr().map_or(0, |a| a.port())
    }

    /// How long a table stays listed after its latest beacon (`BEACON_LIFETIME`).
    pub fn set_lifetime(&mut self, lifetime: Duration) {
        self.lifetime = lifetime;
    }

    /// Reads the beacons that came, forgets tables not heard from within
    /// the lifetime, and lists the rest by name, then address.
    pub fn try_list(&mut self) -> Vec<FoundTable> {
        self.receive();
        let now = Instant::now();
        let lifetime = self.lifetime;
        self.tables
            .retain(|_, (_, t)| now.saturating_duration_since(t.seen) <= lifetime);
        self.list()
    }

    fn receive(&mut self) {
        let mut buf = [0u8; MAX_BEACON_BYTES + 1];
        for _ in 0..MAX_READS {
            // Would block: nothing more has come. Other errors (an ICMP
            // answer to someone's datagram on some systems) end this look too.
            let Ok((n, from)) = self.socket.recv_from(&mut buf) else {
                return;
            };
            // A datagram larger than the buffer is cut to it: too large either way.
            let Some(beacon) = Beacon::decode(&buf[..n]) else {
                continue;
            };
            let addr = SocketAddr::new(from.ip(), beacon.port);
            if !self.tables.contains_key(&addr) && self.tables.len() >= MAX_TABLES {
                continue;
            }
            let table = FoundTable {
                addr,
                name: beacon.name,
                players: beacon.players,
                open: beacon.open,
                started: beacon.started,
                game: beacon.game,
                seen: Instant::now(),
            };
            self.tables.insert(addr, (beacon.id, table));
        }
    }

    /// One entry per host: of the addresses a host was heard at, the
    /// network's rather than loopback (it reaches the host from here too).
    fn list(&self) -> Vec<FoundTable> {
        let mut best: HashMap<u64, &FoundTable> = HashMap::new();
        for (id, table) in self.tables.values() {
            let rank = |t: &FoundTable| (!t.addr.ip().is_loopback(), t.addr);
            match best.get(id) {
                Some(b) if rank(b) >= rank(table) => {}
                _ => {
                    best.insert(*id, table);
                }
            }
        }
        let mut list: Vec<FoundTable> = best.into_values().cloned().collect();
        list.sort_by(|a, b| (&a.name, a.addr).cmp(&(&b.name, b.addr)));
        list
    }
}

/// Listens on `port` for `wait` and lists the tables heard (blocking; a game
/// uses [`Discovery`] instead).
pub fn discover(port: u16, wait: Duration) -> io::Result<Vec<FoundTable>> {
    let mut discovery = Discovery::start(port)?;
    let end = Instant::now() + wait;
    while Instant::now() < end {
        discovery.receive();
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(discovery.try_list())
}

/// The host's side: sends beacons to 127.0.0.1 (players on this machine)
/// and, unless the host listens on loopback only, to the local network's
/// broadcast address.
pub(crate) struct Announcer {
    socket: UdpSocket,
    targets: Vec<SocketAddr>,
    pub(crate) id: u64,
}

impl Announcer {
    pub(crate) fn new(listen: SocketAddr, port: u16, id: u64) -> io::Result<Announcer> {
        let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        // A host only this machine can reach tells only this machine.
        let (from, targets) = if listen.ip().is_loopback() {
            (Ipv4Addr::LOCALHOST, vec![loopback])
        } else {
            let broadcast = SocketAddr::from((Ipv4Addr::BROADCAST, port));
            (Ipv4Addr::UNSPECIFIED, vec![broadcast, loopback])
        };
        let socket = UdpSocket::bind((from, 0))?;
        socket.set_broadcast(!listen.ip().is_loopback())?;
        socket.set_nonblocking(true)?;
        Ok(Announcer {
            socket,
            targets,
            id,
        })
    }

    /// Sends one beacon; a network that is down or has no broadcast is no
    /// reason to stop hosting, so errors are ignored.
    pub(crate) fn send(&self, beacon: &Beacon) {
        let bytes = beacon.encode();
        for target in &self.targets {
            let _ = self.socket.send_to(&bytes, target);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sound_beacons_of_our_version_are_read() {
        let good = Beacon::new(7, "Ann\u{202E}'s table", 7878, 3, vec![2, 0, 2]);
        let read = Beacon::decode(&good.encode()).expect("a sound beacon");
        assert_eq!(read.open, [0, 2]);
        assert_eq!(read.name, "Ann's table");
        let bad = |change: fn(&mut Beacon)| {
            let mut b = good.clone();
            change(&mut b);
            Beacon::decode(&b.encode())
        };
        assert_eq!(bad(|b| b.protocol += 1), None);
        assert_eq!(bad(|b| b.kind = "other".into()), None);
        assert_eq!(bad(|b| b.port = 0), None);
        assert_eq!(bad(|b| b.players = 7), None);
        assert_eq!(bad(|b| b.open = vec![3]), None);
        assert_eq!(bad(|b| b.game = GameKind::Crossing), None);
        // A beacon that names no game is a classic table's.
        let mut old: serde_json::Value = serde_json::from_slice(&good.encode()).unwrap();
        old.as_object_mut().unwrap().remove("game");
        let old = Beacon::decode(&serde_json::to_vec(&old).unwrap()).expect("sound");
        assert_eq!(old.game, GameKind::Classic);
        let draughts = Beacon {
            game: GameKind::Draughts,
            ..good.clone()
        };
        assert_eq!(
            Beacon::decode(&draughts.encode()).unwrap().game,
            GameKind::Draughts
        );
        assert_eq!(bad(|b| b.name = "x".repeat(MAX_BEACON_BYTES)), None);
        assert_eq!(Beacon::decode(b"\xff\x00garbage"), None);
        assert_eq!(Beacon::decode(b"{}"), None);
    }
}
