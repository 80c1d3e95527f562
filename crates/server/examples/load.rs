//! The server under load, on loopback: `N` party tables, each played to
//! its end by two bot clients, while a hostile client guesses codes, sends
//! garbage and holds idle connections. Reports the server's CPU per
//! table-minute, memory per table, the time from a move's request to its
//! broadcast, and whether every table's records agree on every side.
//!
//! ```text
//! cargo build --release -p starhop-server --bin starhop-server --example load
//! target/release/examples/load 100
//! ```
//! The server runs as its own process (`starhop-server` beside this
//! example, or `--server PATH`), so its CPU and memory are its own.

use starhop_ai::{BotAction, Budget, Level};
use starhop_engine::{Action, FirstMoveMethod, Preset, Rules};
use starhop_games::AnyRecord;
use starhop_net::rooms::create_table;
use starhop_net::{
    AnyClientEvent, ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector, Refusal,
    SeatInfo, TableGame, TableRequest, Want,
};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

struct Player {
    client: ClientHandle,
    events: ClientEvents,
    table: usize,
    seed: u64,
    /// The state we asked a move in, and when.
    asked: Option<(u64, Instant)>,
    record: Option<AnyRecord>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let mut server_path = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("starhop-server")))
        .unwrap_or_else(|| PathBuf::from("starhop-server"));
    while let Some(a) = args.next() {
        if a == "--server" {
            server_path = PathBuf::from(args.next().expect("--server PATH"));
        }
    }
    let data = std::env::temp_dir().join(format!("starhop-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let port = free_port();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut server = start_server(&server_path, addr, &data, n);
    wait_up(addr);
    let pid = server.id();
    let (cpu0, rss0) = (cpu_seconds(pid), rss_kib(pid));
    println!("server pid {pid}, {rss0} KiB resident before any table");

    // The hostile client, from another loopback address (127.0.0.2), so its
    // guessing does not lock the players' address out.
    let stop = Arc::new(AtomicBool::new(false));
    let hostile = {
        let stop = stop.clone();
        std::thread::spawn(move || attack(addr, &stop))
    };

    let opened = Instant::now();
    let mut codes = Vec::new();
    for i in 0..n {
        let request = TableRequest {
            game: TableGame::Classic,
            rules: Rules {
                first_move: FirstMoveMethod::Fixed(0),
                ..Preset::Party.rules()
            },
            seats: vec![SeatInfo::open(), SeatInfo::open()],
            public: i % 10 == 0,
            name: format!("load {i}"),
        };
        codes.push(create_table(&addr.to_string(), request).expect("a table"));
    }
    let mut players = Vec::new();
    for (t, code) in codes.iter().enumerate() {
        for s in 0..2 {
            let config = ClientConfig::new(code.clone(), format!("bot {t}.{s}"), Want::Any);
            let (client, events) =
                ClientHandle::connect(Connector::WebSocket(addr.to_string()), config)
                    .expect("a client");
            players.push(Player {
                client,
                events,
                table: t,
                seed: (t * 2 + s) as u64,
                asked: None,
                record: None,
            });
        }
    }
    println!(
        "{n} tables opened and {} clients connecting in {:.1} s",
        players.len(),
        opened.elapsed().as_secs_f64()
    );

    let mut latencies: Vec<f64> = Vec::new();
    // The slowest move: its latency, table and the state it was asked in.
    let mut slowest = (0.0, 0, 0);
    let mut rate_limited = 0u64;
    let mut peak_rss = rss0;
    let mut last_sample = Instant::now();
    let mut finished_at = vec![None; n];
    let limit = Duration::from_secs(1800);
    while players.iter().any(|p| p.record.is_none()) {
        assert!(
            opened.elapsed() < limit,
            "the games did not end in {limit:?}"
        );
        let mut idle = true;
        for p in players.iter_mut().filter(|p| p.record.is_none()) {
            while let Some(event) = p.events.try_recv_any() {
                match event {
                    AnyClientEvent::GameOver { record } => {
                        p.record = Some(record);
                        finished_at[p.table].get_or_insert(opened.elapsed());
                    }
                    AnyClientEvent::Event(ClientEvent::Rejected { reason, .. }) => {
                        eprintln!("table {} refused a move: {reason}", p.table);
                    }
                    // A bot faster than the per-connection rate limit.
                    AnyClientEvent::Event(ClientEvent::Refused {
                        reason: Refusal::RateLimited,
                        ..
                    }) => rate_limited += 1,
                    AnyClientEvent::Event(ClientEvent::Closed { reason }) => {
                        panic!("table {} lost a player: {reason}", p.table)
                    }
                    _ => {}
                }
            }
            let view = p.client.view();
            if let Some((at, when)) = p.asked
                && view.seq > at
            {
                let ms = when.elapsed().as_secs_f64() * 1000.0;
                if ms > slowest.0 {
                    slowest = (ms, p.table, at);
                }
                latencies.push(ms);
                p.asked = None;
            }
            let Some(game) = view.game.as_ref().filter(|g| !g.is_over()) else {
                continue;
            };
            if view.seat == Some(game.to_move()) && p.asked.is_none() {
                let d = starhop_ai::choose(game, Level::Easy, Budget::depth(1), p.seed);
                let action = match d.action {
                    BotAction::Move(m) => starhop_net::drive::move_action(game, m).expect("legal"),
                    BotAction::Pass => Action::Pass { ms: 0 },
                    BotAction::Item(item_use) => Action::UseItem { item_use, ms: 0 },
                };
                p.asked = Some((view.seq, Instant::now()));
                p.client.act(view.seq, action);
                idle = false;
            }
        }
        if last_sample.elapsed() > Duration::from_millis(500) {
            peak_rss = peak_rss.max(rss_kib(pid));
            last_sample = Instant::now();
        }
        if idle {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let wall = opened.elapsed();
    peak_rss = peak_rss.max(rss_kib(pid));
    let cpu = cpu_seconds(pid) - cpu0;
    stop.store(true, Ordering::Relaxed);
    let attacks = hostile.join().expect("the hostile client");

    // Every side's record of every table: both players' and the server's.
    let mut agree = 0;
    for (t, code) in codes.iter().enumerate() {
        let ours: Vec<&AnyRecord> = players
            .iter()
            .filter(|p| p.table == t)
            .filter_map(|p| p.record.as_ref())
            .collect();
        let file = data
            .join("records")
            .join(format!("{}.json", code.replace('-', "")));
        let mut saved = None;
        for _ in 0..100 {
            if let Ok(text) = std::fs::read_to_string(&file) {
                saved = serde_json::from_str::<AnyRecord>(&text).ok();
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let saved = saved.unwrap_or_else(|| panic!("no record for table {t}"));
        assert_eq!(ours.len(), 2);
        assert!(
            ours.iter().all(|r| **r == saved),
            "table {t}: records differ"
        );
        assert!(matches!(saved.replay(), Ok(ref g) if starhop_games::BoxGame::is_over(g)));
        agree += 1;
    }
    let table_minutes: f64 = finished_at
        .iter()
        .map(|f| f.expect("every table finished").as_secs_f64() / 60.0)
        .sum();
    let moves: usize = players
        .iter()
        .step_by(2)
        .filter_map(|p| p.record.as_ref())
        .map(AnyRecord::moves)
        .sum();
    latencies.sort_by(f64::total_cmp);
    let pct = |p: f64| latencies[((latencies.len() - 1) as f64 * p) as usize];
    println!("tables                {n}");
    println!(
        "moves played          {moves} in {:.1} s",
        wall.as_secs_f64()
    );
    println!(
        "server CPU            {cpu:.2} s ({:.3} s per table-minute, {:.1} µs per move)",
        cpu / table_minutes,
        cpu * 1e6 / moves as f64
    );
    println!(
        "server memory         peak {} KiB, {:.1} KiB per table over the {rss0} KiB at rest",
        peak_rss,
        (peak_rss - rss0) as f64 / n as f64
    );
    println!(
        "request to broadcast  p50 {:.2} ms, p99 {:.2} ms, worst {:.2} ms ({} moves)",
        pct(0.5),
        pct(0.99),
        pct(1.0),
        latencies.len()
    );
    println!(
        "records               {agree} of {n} tables agree on both clients and the server's file"
    );
    println!(
        "slowest move          {:.2} ms, table {} at change {}",
        slowest.0, slowest.1, slowest.2
    );
    let resyncs: u64 = players.iter().map(|p| p.client.view().resyncs).sum();
    println!("resyncs               {resyncs} (a client's copy replaced by the server's)");
    println!("rate limited          {rate_limited} messages (sent again a second later)");
    println!("hostile client        {attacks}");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&data);
    drop(players);
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    l.local_addr().expect("its address").port()
}

fn start_server(path: &PathBuf, addr: SocketAddr, data: &std::path::Path, n: usize) -> Child {
    Command::new(path)
        .args(["--listen", &addr.to_string(), "--data"])
        .arg(data)
        .args([
            "--max-tables",
            &(n + 10).to_string(),
            "--max-tables-per-address",
            &(n + 10).to_string(),
            "--max-connections",
            &(4 * n + 200).to_string(),
            "--max-connections-per-address",
            &(4 * n + 100).to_string(),
            "--log",
            "text",
        ])
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()))
}

fn wait_up(addr: SocketAddr) {
    let end = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(addr).is_err() {
        assert!(Instant::now() < end, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// User plus system CPU of a process, in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 here).
    (ticks(11) + ticks(12)) / 100.0
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Guesses codes, sends garbage and holds idle sockets until told to stop;
/// says what it did and what came back.
fn attack(addr: SocketAddr, stop: &AtomicBool) -> String {
    use std::net::{IpAddr, Ipv4Addr};
    let from = SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)), 0);
    let connect = || {
        let socket =
            socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
        socket.bind(&from.into()).ok()?;
        socket
            .connect_timeout(&addr.into(), Duration::from_secs(2))
            .ok()?;
        let s: TcpStream = socket.into();
        s.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
        Some(s)
    };
    let (mut guesses, mut busy, mut garbage, mut idle) = (0u64, 0u64, 0u64, Vec::new());
    let mut i = 0u64;
    while !stop.load(Ordering::Relaxed) {
        i += 1;
        // Idle sockets that never say anything (kept, up to 50).
        if idle.len() < 50
            && let Some(s) = connect()
        {
            idle.push(s);
        }
        // A WebSocket hello with a made-up code, or garbage.
        let Some(mut s) = connect() else { continue };
        let key = "dGhlIHNhbXBsZSBub25jZQ==";
        let handshake = format!(
            "GET / HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        if s.write_all(handshake.as_bytes()).is_err() {
            continue;
        }
        let mut buf = [0u8; 1024];
        let _ = s.read(&mut buf);
        let text = match i % 3 {
            0 => "\u{1}garbage\u{0}{{{".to_string(),
            _ => starhop_net::protocol::encode(&starhop_net::ClientMsg::Hello {
                protocol: starhop_net::PROTOCOL_VERSION,
                code: format!("{:010X}", i * 7919),
                name: "eve".into(),
                want: Want::Any,
                rejoin: None,
            }),
        };
        if i.is_multiple_of(3) {
            garbage += 1;
        } else {
            guesses += 1;
        }
        let _ = s.write_all(&masked_frame(text.as_bytes()));
        let n = s.read(&mut buf).unwrap_or(0);
        if String::from_utf8_lossy(&buf[..n]).contains("busy") {
            busy += 1;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    format!(
        "{guesses} code guesses ({busy} answered busy), {garbage} garbage messages, {} idle sockets held",
        idle.len()
    )
}

/// A client's text frame (clients must mask).
fn masked_frame(payload: &[u8]) -> Vec<u8> {
    let mask = [0x12, 0x34, 0x56, 0x78];
    let mut f = vec![0x81];
    match payload.len() {
        n if n < 126 => f.push(0x80 | n as u8),
        n => {
            f.push(0x80 | 126);
            f.extend_from_slice(&(n as u16).to_be_bytes());
        }
    }
    f.extend_from_slice(&mask);
    f.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    f
}
