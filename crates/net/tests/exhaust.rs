//! A stranger cannot exhaust a table, and players always get back in
//! (issue #23): sockets the host has closed are really closed and count
//! against its cap, guessing codes locks out neither the right code from
//! elsewhere nor a seat token, idle connections from one address leave room
//! for players, and an oversized frame is answered with close code 1009.
//!
//! Other addresses are 127.0.0.2, 127.0.0.3 ...: Linux routes all of
//! 127.0.0.0/8 to loopback. Every loop is bounded in count and time.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use starhop_net::protocol::{ClientMsg, decode_server, encode};
use starhop_net::{HostConfig, HostHandle, PROTOCOL_VERSION, Refusal, ServerMsg, Timeouts, Want};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn local(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

/// A TCP connection to the host from `from` (None: the host refused it or
/// was too slow).
async fn tcp_from(from: Ipv4Addr, host: SocketAddr) -> Option<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::from((from, 0))).ok()?;
    tokio::time::timeout(Duration::from_secs(2), socket.connect(host))
        .await
        .ok()?
        .ok()
}

/// A WebSocket to the host from `from` (None: refused).
async fn ws_from(from: Ipv4Addr, host: SocketAddr) -> Option<Ws> {
    let tcp = tcp_from(from, host).await?;
    let url = format!("ws://{host}/");
    let handshake = tokio_tungstenite::client_async(url, tcp);
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
        name: "Tester".into(),
        want,
        rejoin: rejoin.map(str::to_string),
    }))
}

/// The host's first answer that is a welcome or a refusal.
async fn answer(ws: &mut Ws) -> Result<Option<String>, Refusal> {
    loop {
        let next = tokio::time::timeout(STEP, ws.next())
            .await
            .expect("an answer");
        let text = match next {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => panic!("closed unanswered"),
            Some(Ok(_)) => continue,
        };
        match decode_server(&text).unwrap() {
            ServerMsg::Welcome { token, .. } => return Ok(token),
            ServerMsg::Refused { reason, .. } => return Err(reason),
            _ => {}
        }
    }
}

/// Says hello from `from`; the welcome's token, or the refusal.
async fn hello_from(
    from: Ipv4Addr,
    host: SocketAddr,
    hello: Message,
) -> (Ws, Result<Option<String>, Refusal>) {
    let mut ws = ws_from(from, host).await.expect("a connection");
    ws.send(hello).await.unwrap();
    let answer = answer(&mut ws).await;
    (ws, answer)
}

/// The host's own sockets (on its address and port) that are not closed:
/// established, or closed by the peer but not yet by the host. A socket
/// waiting in the listen queue also counts (it is bounded by the kernel).
/// The table lists every socket of the machine's network: an attacker's
/// socket bound to another loopback address may have been given the host's
/// port number, so the address is compared too, not only the port.
fn host_sockets(host: SocketAddr) -> usize {
    let SocketAddr::V4(host) = host else {
        panic!("the tests host on IPv4");
    };
    // /proc/net/tcp writes the address as the bytes' little-endian u32.
    let local = format!(
        "{:08X}:{:04X}",
        u32::from_le_bytes(host.ip().octets()),
        host.port()
    );
    let tcp = std::fs::read_to_string("/proc/self/net/tcp").unwrap();
    tcp.lines()
        .skip(1)
        .filter(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let state = fields[3];
            fields[1] == local && (state == "01" || state == "08")
        })
        .count()
}

/// Waits until `ready` holds (bounded by `STEP`); false if it never did.
fn eventually(mut ready: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + STEP;
    while Instant::now() < end {
        if ready() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    ready()
}

/// Peers that never answer the host's close (nor read anything) after a
/// hello of another protocol version, or no hello at all, a few hundred of
/// them in waves from many addresses: the host drops each socket soon after
/// its close, never holds more than its cap, and a player still gets in
/// during the attack (sockets being closed make room for newcomers) and
/// after it.
#[test]
fn sockets_the_host_gave_up_on_are_dropped_and_stay_within_the_cap() {
    let mut config = HostConfig::new(2, party_rules());
    config.timeouts = Timeouts {
        hello: Duration::from_millis(300),
        close: Duration::from_millis(200), // (new API)
        ..Timeouts::default()
    };
    config.limits.max_pending = 30; // (new API)
    config.limits.max_pending_per_address = 30; // (new API)
    let cap = config.limits.max_connections;
    let (host, _events) = HostHandle::start(config).unwrap();
    let addr = host.addr();
    let code = host.code().to_string();
    let rt = runtime();
    let old_hello = r#"{"type":"hello","protocol":2,"code":"X","name":"M","want":"any"}"#;
    // Our ends are kept open, never read: nobody answers a close.
    let mut kept: Vec<Ws> = Vec::new();
    let mut most = 0;
    let mut joins = 0;
    let start = Instant::now();
    for wave in 0..40u32 {
        if kept.len() >= 300 || start.elapsed() > Duration::from_secs(15) {
            break;
        }
        rt.block_on(async {
            for i in 0..28u32 {
                let from = local(2 + ((wave * 28 + i) % 50) as u8);
                if i % 4 == 3 {
                    // A WebSocket that never says hello (closed on time-out).
                    if let Some(ws) = ws_from(from, addr).await {
                        kept.push(ws);
                    }
                } else if let Some(mut ws) = ws_from(from, addr).await
                    && ws.send(Message::text(old_hello)).await.is_ok()
                {
                    kept.push(ws);
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        });
        assert!(host.open_connections() <= cap); // (new API)
        most = most.max(host_sockets(addr));
        if wave % 4 == 2 {
            // A real player gets in during the attack (and leaves again).
            let (mut ws, welcome) =
                rt.block_on(hello_from(local(1), addr, hello(&code, Want::Any, None)));
            assert!(matches!(welcome, Ok(Some(_))), "wave {wave}: {welcome:?}");
            rt.block_on(async {
                let _ = ws.send(Message::text(encode(&ClientMsg::Leave))).await;
            });
            joins += 1;
        }
    }
    assert!(joins > 0);
    let attackers = kept.len();
    assert!(attackers >= 200, "only {attackers} connections were made");
    // All of them still open on our side; on the host's, gone.
    assert!(
        eventually(|| host_sockets(addr) == 0),
        "the host still holds {} of {attackers} sockets it gave up on",
        host_sockets(addr)
    );
    assert!(eventually(|| host.open_connections() == 0)); // (new API)
    assert!(
        most <= cap + 28,
        "at most the cap (and a wave waiting to be accepted) at once: {most}"
    );
    // A real player gets in, attackers still connected.
    let (mut ws, welcome) = rt.block_on(hello_from(local(1), addr, hello(&code, Want::Any, None)));
    assert!(matches!(welcome, Ok(Some(_))), "{welcome:?}");
    rt.block_on(async {
        let _ = ws.close(None).await;
    });
    drop(kept);
    host.shutdown();
}

/// Someone guesses codes from 127.0.0.2 to 127.0.0.5 (about 16 a second,
/// past the host-wide budget) while the right code comes from 127.0.0.1 and
/// a seated player comes back with their token, from a guesser's address:
/// both always get in; the guesser's own address is refused as busy, right
/// code or not.
#[test]
fn guessing_codes_locks_out_neither_the_right_code_nor_a_seat_token() {
    let (host, _events) = HostHandle::start(HostConfig::new(3, party_rules())).unwrap();
    let addr = host.addr();
    let code = host.code().to_string();
    let rt = runtime();
    // Ann takes a seat before the guessing starts.
    // (Her connection stays: before the game a seat whose player is gone opens again.)
    let (mut ann, token) = rt.block_on(hello_from(local(1), addr, hello(&code, Want::Any, None)));
    let token = token.unwrap().expect("a token");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let (guessing, count) = (stop.clone(), answered.clone());
    let guesser = std::thread::spawn(move || {
        let rt = runtime();
        for n in 0..600u32 {
            if guessing.load(std::sync::atomic::Ordering::SeqCst) {
                break;
            }
            let wrong = format!("WRONG{n:04}X");
            rt.block_on(async {
                // From four addresses: more than the host-wide budget.
                if let Some(mut ws) = ws_from(local(2 + (n % 4) as u8), addr).await {
                    let _ = ws.send(hello(&wrong, Want::Any, None)).await;
                    if let Ok(Some(Ok(_))) =
                        tokio::time::timeout(Duration::from_secs(2), ws.next()).await
                    {
                        count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                }
                tokio::time::sleep(Duration::from_millis(60)).await;
            });
        }
    });
    // The guessing is under way: forty wrong codes are well past the
    // host-wide budget (a burst of ten, two a second).
    let guessed = || answered.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        eventually(|| guessed() >= 40),
        "the guesser was not answered"
    );
    rt.block_on(async {
        // A guesser's address is refused as busy, right code or not.
        let end = Instant::now() + STEP;
        loop {
            let (_ws, own) = hello_from(local(2), addr, hello(&code, Want::Spectator, None)).await;
            if own == Err(Refusal::Busy) {
                break;
            }
            assert!(
                Instant::now() < end,
                "the guesser's address was never refused"
            );
        }
        for round in 0..8 {
            let (mut watcher, welcome) =
                hello_from(local(1), addr, hello(&code, Want::Spectator, None)).await;
            assert!(
                matches!(welcome, Ok(None)),
                "the right code, round {round}: {welcome:?}"
            );
            let _ = watcher.close(None).await;
            let back = hello(&code, Want::Any, Some(&token));
            let (back, welcome) = hello_from(local(2), addr, back).await;
            assert!(
                matches!(welcome, Ok(Some(ref t)) if *t == token),
                "the token, round {round}: {welcome:?}"
            );
            // Her old connection was a ghost: the host has let it go.
            ann = back;
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    });
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    drop(ann);
    guesser.join().unwrap();
    host.shutdown();
}

/// 200 idle TCP connections from 127.0.0.2 (the host keeps the most one
/// address may hold, and closes the rest): meanwhile a player joins, the
/// game starts, a seated player comes back with their token and a
/// spectator comes in.
#[test]
fn idle_connections_from_one_address_leave_room_for_players() {
    let mut config = HostConfig::new(2, party_rules());
    config.timeouts.hello = Duration::from_secs(30);
    let (host, _events) = HostHandle::start(config).unwrap();
    let addr = host.addr();
    let code = host.code().to_string();
    let rt = runtime();
    rt.block_on(async {
        let (_ann, token) = hello_from(local(1), addr, hello(&code, Want::Any, None)).await;
        let token = token.unwrap().expect("a token");
        let mut idle = Vec::new();
        for _ in 0..200 {
            if let Some(tcp) = tcp_from(local(2), addr).await {
                idle.push(tcp);
            }
        }
        // The most one address may hold are held (the rest are closed).
        assert!(eventually(|| host.pending_connections() == 4)); // (new API)
        let (_bob, welcome) = hello_from(local(1), addr, hello(&code, Want::Any, None)).await;
        assert!(matches!(welcome, Ok(Some(_))), "Bob joins: {welcome:?}");
        wait_host(&host, "the start", |v| v.game.is_some());
        let back = hello(&code, Want::Any, Some(&token));
        let (_ann, welcome) = hello_from(local(1), addr, back).await;
        assert!(matches!(welcome, Ok(Some(_))), "Ann is back: {welcome:?}");
        let (_watcher, welcome) =
            hello_from(local(3), addr, hello(&code, Want::Spectator, None)).await;
        assert!(matches!(welcome, Ok(None)), "a spectator: {welcome:?}");
        drop(idle);
    });
    host.shutdown();
}

/// A frame over 4 KiB ends the connection with close code 1009, as the
/// protocol says.
#[test]
fn an_oversized_frame_is_closed_with_code_1009() {
    let (host, _events) = HostHandle::start(HostConfig::new(2, party_rules())).unwrap();
    let rt = runtime();
    rt.block_on(async {
        let mut ws = ws_from(local(1), host.addr()).await.expect("a connection");
        ws.send(Message::text("x".repeat(5000))).await.unwrap();
        let close = loop {
            match tokio::time::timeout(STEP, ws.next())
                .await
                .expect("a close")
            {
                Some(Ok(Message::Close(frame))) => break frame,
                Some(Ok(_)) => {}
                other => panic!("no close frame: {other:?}"),
            }
        };
        let frame = close.expect("a close code");
        assert_eq!(frame.code, CloseCode::Size);
    });
    host.shutdown();
}
