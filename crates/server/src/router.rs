//! Every connection to the server: `GET /health` answered in plain HTTP;
//! otherwise a WebSocket whose first message says what it wants (a hello
//! for a table, `Create`, `ListTables`).

use crate::tables::Shared;
use serde_json::json;
use starhop_net::protocol::{decode_client, encode};
use starhop_net::{ClientMsg, Link, Refusal, ServerMsg, Timeouts, accept_websocket};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Accepts connections until stopped.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>, stop: Arc<tokio::sync::Notify>) {
    let mut backoff = Duration::from_millis(10);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stop.notified() => return,
        };
        let (stream, peer) = match accepted {
            Ok(a) => {
                backoff = Duration::from_millis(10);
                a
            }
            Err(_) => {
                // Out of file descriptors or the like: not at once again.
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(1));
                continue;
            }
        };
        tokio::spawn(connection(stream, peer, shared.clone()));
    }
}

/// What one connection wants.
async fn connection(stream: TcpStream, peer: SocketAddr, shared: Arc<Shared>) {
    let ip = peer.ip().to_canonical();
    // Past the limits a newcomer is closed at once, unread.
    let Some(slot) = shared.admit(ip) else {
        return;
    };
    let _ = stream.set_nodelay(true);
    let t = Timeouts::default();
    if is_health_check(&stream, t.hello).await {
        return health(stream, &shared).await;
    }
    let Some((mut link, tasks)) = accept_websocket(stream, t.hello, t.write, t.close, slot).await
    else {
        return;
    };
    let first = match tokio::time::timeout(t.hello, link.rx.recv()).await {
        Ok(Some(text)) => text,
        _ => return,
    };
    match decode_client(&first) {
        Ok(ClientMsg::Hello { code, rejoin, .. }) => {
            route(&shared, link, ip, first, tasks.to_vec(), &code, rejoin).await
        }
        Ok(ClientMsg::Create { table, .. }) => {
            let reply = match shared.create(table, ip) {
                Ok(code) => ServerMsg::Created { code },
                Err(reason) => refused(reason),
            };
            answer(link, &reply).await;
        }
        Ok(ClientMsg::ListTables { .. }) => {
            let tables = shared.public_tables();
            answer(link, &ServerMsg::Tables { tables }).await;
        }
        Ok(_) => answer(link, &refused(Refusal::NotJoined)).await,
        Err(reason) => answer(link, &refused(reason)).await,
    }
}

fn refused(reason: Refusal) -> ServerMsg {
    ServerMsg::Refused {
        reason,
        message: reason.message(),
    }
}

/// Sends one message; the link then closes (after it is written).
async fn answer(link: Link, msg: &ServerMsg) {
    let _ = link.tx.send(encode(msg).into()).await;
}

/// A hello goes to its table. Wrong codes are counted as guesses, for the
/// whole server and by address, as a host counts them: while an address
/// may not guess, its hellos are refused as busy, right code or not, unless
/// they bring a seat token the table holds (a player coming back).
async fn route(
    shared: &Shared,
    link: Link,
    ip: IpAddr,
    first: Arc<str>,
    tasks: Vec<tokio::task::AbortHandle>,
    code: &str,
    rejoin: Option<String>,
) {
    let now = Instant::now();
    let found = shared.find(code, rejoin.as_deref());
    let coming_back = found.as_ref().is_some_and(|(_, holds)| *holds);
    let key = Some(crate::tables::address_key(ip));
    let may_try = coming_back || {
        let mut guesses = shared.guesses.lock().unwrap_or_else(|e| e.into_inner());
        let may = guesses.may_try(key, now);
        if may && found.is_none() {
            guesses.failed(key, now);
        }
        may
    };
    if !may_try {
        return answer(link, &refused(Refusal::Busy)).await;
    }
    let Some((host, _)) = found else {
        return answer(link, &refused(Refusal::WrongCode)).await;
    };
    if host.hand_over(link, ip, first, tasks).is_err() {
        shared.log.warn("table_busy", json!({"code": code}));
    }
}

/// Whether the connection is a plain HTTP `GET /health` (looked at without
/// reading it, so a WebSocket handshake is left whole).
async fn is_health_check(stream: &TcpStream, wait: Duration) -> bool {
    const ASK: &[u8] = b"GET /health";
    let mut buf = [0u8; 12];
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let peeked = tokio::time::timeout_at(deadline, stream.peek(&mut buf)).await;
        let n = match peeked {
            Ok(Ok(n)) if n > 0 => n,
            _ => return false,
        };
        if !ASK.starts_with(&buf[..n.min(ASK.len())]) {
            return false;
        }
        if n > ASK.len() {
            // "/health" then a space or a query, not "/healthy".
            return matches!(buf[ASK.len()], b' ' | b'?');
        }
        // Only part of the request line is here yet.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Answers a health check: the server is up, with its counts.
async fn health(mut stream: TcpStream, shared: &Shared) {
    // The request is read to its end first: closing a socket with unread
    // bytes resets it, and the answer could be lost.
    let mut request = Vec::with_capacity(256);
    let mut buf = [0u8; 512];
    let read_all = async {
        while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 4096 {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => request.extend_from_slice(&buf[..n]),
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), read_all).await;
    let body = json!({
        "status": "ok",
        "version": starhop_about::VERSION,
        "tables": shared.table_count(),
        "connections": shared.connection_count(),
        "uptime_s": shared.started.elapsed().as_secs(),
    })
    .to_string();
    let reply = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), stream.write_all(reply.as_bytes())).await;
    let _ = stream.shutdown().await;
}
