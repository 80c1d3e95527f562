//! Measures a `starhop-cli serve` on this machine under the attacks of
//! issue #23, for before/after figures:
//!
//! ```text
//! starhop-cli serve --players 3 --bind 127.0.0.1 &   # prints ADDR and CODE
//! cargo run -p starhop-net --example attack -- ADDR CODE PID
//! ```
//!
//! Loopback only (the address must be 127.x.x.x), every attack bounded in
//! count and time (about 8 s each). For each attack it prints the host's
//! open files (/proc/PID/fd), RSS (VmRSS) and CPU (utime + stime of
//! /proc/PID/stat) before, at the worst during, and after it, and the time a
//! legitimate join and a token reconnect (both from 127.0.0.1) take during
//! it, with their refusals. The attackers come from 127.0.0.2 and up.

use futures_util::{SinkExt, StreamExt};
use starhop_net::protocol::{ClientMsg, decode_server, encode};
use starhop_net::{PROTOCOL_VERSION, ServerMsg, Want};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

const ATTACK_FOR: Duration = Duration::from_secs(8);

#[derive(Clone, Copy, Debug)]
struct Stats {
    fds: usize,
    rss_kb: u64,
    cpu_ticks: u64,
}

fn stats(pid: u32) -> Stats {
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss_kb = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = stat.rfind(')').map_or("", |i| &stat[i + 2..]);
    let fields: Vec<&str> = rest.split(' ').collect();
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Stats {
        fds,
        rss_kb,
        cpu_ticks: tick(11) + tick(12),
    }
}

fn local(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

async fn tcp_from(from: Ipv4Addr, host: SocketAddr) -> Option<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::from((from, 0))).ok()?;
    tokio::time::timeout(Duration::from_secs(2), socket.connect(host))
        .await
        .ok()?
        .ok()
}

async fn ws_from(from: Ipv4Addr, host: SocketAddr) -> Option<Ws> {
    let tcp = tcp_from(from, host).await?;
    let handshake = tokio_tungstenite::client_async(format!("ws://{host}/"), tcp);
    let (ws, _) = tokio::time::timeout(Duration::from_secs(2), handshake)
        .await
        .ok()?
        .ok()?;
    Some(ws)
}

fn hello(code: &str, want: Want, rejoin: Option<&str>) -> Message {
    Message::text(encode(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        code: code.into(),
        name: "Measure".into(),
        want,
        rejoin: rejoin.map(str::to_string),
    }))
}

/// One hello from 127.0.0.1: Ok((ws, token)) on a welcome, or why not.
async fn try_hello(host: SocketAddr, msg: Message) -> Result<(Ws, Option<String>), String> {
    let mut ws = ws_from(local(1), host).await.ok_or("no connection")?;
    ws.send(msg).await.map_err(|e| e.to_string())?;
    let end = Instant::now() + Duration::from_secs(3);
    loop {
        let left = end.saturating_duration_since(Instant::now());
        let next = tokio::time::timeout(left, ws.next()).await;
        let Ok(Some(Ok(Message::Text(text)))) = next else {
            return Err("closed or no answer".into());
        };
        match decode_server(&text) {
            Ok(ServerMsg::Welcome { token, .. }) => return Ok((ws, token)),
            Ok(ServerMsg::Refused { reason, .. }) => return Err(format!("{reason:?}")),
            _ => {}
        }
    }
}

/// Tries like a patient client (every 250 ms, for 5 s): the time to the
/// welcome and the refusals before it.
async fn timed(
    host: SocketAddr,
    msg: impl Fn() -> Message,
) -> (Option<(Ws, Option<String>)>, String) {
    let start = Instant::now();
    let mut refusals = Vec::new();
    while start.elapsed() < Duration::from_secs(5) {
        match try_hello(host, msg()).await {
            Ok(got) => {
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                let line = format!("{ms:.1} ms, refused first {refusals:?}");
                return (Some(got), line);
            }
            Err(e) => refusals.push(e),
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    (None, format!("FAILED for 5 s: {refusals:?}"))
}

/// Runs `attack` on a thread of its own for `ATTACK_FOR`.
fn run_attack(name: &'static str, host: SocketAddr) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let start = Instant::now();
            let mut kept_ws: Vec<Ws> = Vec::new();
            let mut kept_tcp = Vec::new();
            let mut made = 0u32;
            let mut answered = 0u32;
            while start.elapsed() < ATTACK_FOR {
                match name {
                    // Waves of 28: a hello of protocol 2 (or none), never
                    // reading, never answering the close; at most 600 kept.
                    "close" => {
                        for i in 0..28u32 {
                            if kept_ws.len() >= 600 {
                                break;
                            }
                            let from = local(2 + ((made + i) % 50) as u8);
                            if let Some(mut ws) = ws_from(from, host).await {
                                if i % 4 != 3 {
                                    let v2 = r#"{"type":"hello","protocol":2,"code":"X","name":"M","want":"any"}"#;
                                    let _ = ws.send(Message::text(v2)).await;
                                }
                                kept_ws.push(ws);
                            }
                        }
                        made += 28;
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                    // Wrong codes from 127.0.0.2, about 16 a second.
                    "guess" => {
                        if let Some(mut ws) = ws_from(local(2), host).await {
                            let _ = ws.send(hello(&format!("WRONG{made:04}X"), Want::Any, None)).await;
                            if let Ok(Some(Ok(_))) =
                                tokio::time::timeout(Duration::from_secs(1), ws.next()).await
                            {
                                answered += 1;
                            }
                        }
                        made += 1;
                        tokio::time::sleep(Duration::from_millis(62)).await;
                    }
                    // 200 idle TCP connections from 127.0.0.2, held.
                    _ => {
                        if made < 200 {
                            if let Some(tcp) = tcp_from(local(2), host).await {
                                kept_tcp.push(tcp);
                            }
                            made += 1;
                        } else {
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                    }
                }
            }
            format!(
                "{made} attempts, {} WebSockets and {} TCP connections held, {answered} guesses answered",
                kept_ws.len(),
                kept_tcp.len()
            )
        })
    })
}

fn show(s: Stats) -> String {
    format!("{} fds, {:.1} MB RSS", s.fds, s.rss_kb as f64 / 1024.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, addr, code, pid] = &args[..] else {
        eprintln!("usage: attack ADDR CODE PID (a starhop-cli serve on 127.0.0.1)");
        std::process::exit(2);
    };
    let host: SocketAddr = addr.parse().expect("ADDR as 127.0.0.1:PORT");
    assert!(
        matches!(host.ip(), std::net::IpAddr::V4(v4) if v4.octets()[0] == 127),
        "loopback only"
    );
    let pid: u32 = pid.parse().expect("PID");
    let ticks_per_s = 100.0;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        // A seated player whose token the reconnects use.
        let (mut holder, token) = try_hello(host, hello(code, Want::Any, None))
            .await
            .expect("a seat for the token holder");
        let token = token.expect("a token");
        for name in ["close", "guess", "idle"] {
            let before = stats(pid);
            let t0 = Instant::now();
            let attack = run_attack(name, host);
            let mut worst = before;
            let mut lines = Vec::new();
            for round in 0..2 {
                tokio::time::sleep(Duration::from_millis(2000)).await;
                let s = stats(pid);
                worst.fds = worst.fds.max(s.fds);
                worst.rss_kb = worst.rss_kb.max(s.rss_kb);
                // A join (the seat is left again at once) ...
                let (joined, line) = timed(host, || hello(code, Want::Any, None)).await;
                lines.push(format!("  join {round}: {line}"));
                if let Some((mut ws, _)) = joined {
                    let _ = ws.send(Message::text(encode(&ClientMsg::Leave))).await;
                }
                // ... and the token holder coming back.
                let (back, line) = timed(host, || hello(code, Want::Any, Some(&token))).await;
                lines.push(format!("  token reconnect {round}: {line}"));
                if let Some((ws, _)) = back {
                    holder = ws;
                }
            }
            while !attack.is_finished() {
                let s = stats(pid);
                worst.fds = worst.fds.max(s.fds);
                worst.rss_kb = worst.rss_kb.max(s.rss_kb);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let during = stats(pid);
            let wall = t0.elapsed().as_secs_f64();
            let cpu = (during.cpu_ticks - before.cpu_ticks) as f64 / ticks_per_s / wall * 100.0;
            let summary = attack.join().unwrap();
            // The attacker has let go; the host settles.
            tokio::time::sleep(Duration::from_secs(3)).await;
            let after = stats(pid);
            println!("attack {name}: {summary}");
            println!(
                "  host before: {}; worst during: {}; CPU during {cpu:.0} %; 3 s after: {}",
                show(before),
                show(worst),
                show(after)
            );
            for l in lines {
                println!("{l}");
            }
            // Keep the holder's connection alive across attacks.
            let _ = holder
                .send(Message::text(encode(&ClientMsg::Ping { nonce: 1, seq: 0 })))
                .await;
        }
    });
}
