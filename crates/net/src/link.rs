//! A connection as a pair of channels of text messages, whatever carries them:
//! a WebSocket over TCP, an in-process pipe (tests, a game hosting and
//! playing in one process), or either with faults injected (tests).
//!
//! When either side drops its half, the other sees the channel close.

use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Text messages queued per direction before the sender waits.
pub(crate) const LINK_QUEUE: usize = 64;

/// One end of a connection.
pub struct Link {
    pub tx: mpsc::Sender<Arc<str>>,
    pub rx: mpsc::Receiver<Arc<str>>,
}

impl Link {
    /// Two ends joined in memory.
    pub fn pair() -> (Link, Link) {
        let (a_tx, b_rx) = mpsc::channel(LINK_QUEUE);
        let (b_tx, a_rx) = mpsc::channel(LINK_QUEUE);
        (Link { tx: a_tx, rx: a_rx }, Link { tx: b_tx, rx: b_rx })
    }
}

/// A WebSocket configuration that refuses frames and messages over `max`
/// bytes before buffering them.
pub(crate) fn ws_config(max: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(max))
        .max_frame_size(Some(max))
}

/// How long a WebSocket that is being closed waits, by default, for the
/// peer's answer to its close (and for what is left to write, and the close
/// itself, to be written): then the TCP stream is dropped, answered or not.
pub(crate) const CLOSE_GRACE: Duration = Duration::from_secs(1);

/// The close code for a frame or message over the size limit (RFC 6455: 1009,
/// "message too big").
pub(crate) const CLOSE_TOO_BIG: u16 = 1009;

/// Runs a WebSocket as a `Link` (on the current tokio runtime). A write that
/// takes longer than `write_timeout` (a peer that does not read) ends it.
///
/// When the link ends (either side drops it, the peer closes, or a write
/// times out) the WebSocket is closed: a close frame is sent (code 1009 after
/// a frame over the size limit), and the peer has `close_grace` (at most
/// `write_timeout`) to take what is left and answer the close before the TCP
/// stream is dropped anyway. `guard` is held until the TCP
/// stream is really gone (the host's connection slot). The tasks are
/// returned, to be stopped early (which drops the TCP stream at once).
pub(crate) fn ws_link<S, G>(
    ws: WebSocketStream<S>,
    write_timeout: Duration,
    close_grace: Duration,
    guard: G,
) -> (Link, [tokio::task::AbortHandle; 2])
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    G: Send + Sync + 'static,
{
    use futures_util::{SinkExt, StreamExt};
    use tokio::time::Instant;
    use tokio_tungstenite::tungstenite::Error;
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    let (mut sink, mut stream) = ws.split();
    let (ours, theirs) = Link::pair();
    let Link { tx, mut rx } = theirs;
    let guard = Arc::new(guard);
    let reader_guard = guard.clone();
    // The close frame to send, when not the plain one.
    let close_with: Arc<std::sync::Mutex<Option<CloseFrame>>> = Arc::default();
    let reader_close = close_with.clone();
    // Told (by being dropped) once the writer has sent its close or given up.
    let (closing_tx, mut closing_rx) = tokio::sync::oneshot::channel::<()>();
    let reader = tokio::spawn(async move {
        let _guard = reader_guard;
        let mut writer_done = false;
        loop {
            let msg = tokio::select! {
                msg = stream.next() => msg,
                _ = &mut closing_rx => { writer_done = true; break }
                // Our end was dropped: the writer closes.
                _ = tx.closed() => break,
            };
            let text: Arc<str> = match msg {
                Some(Ok(Message::Text(t))) => Arc::from(t.as_str()),
                // Not ours: passed on so the reader refuses it like any garbage.
                Some(Ok(Message::Binary(b))) => Arc::from(String::from_utf8_lossy(&b).as_ref()),
                Some(Ok(Message::Close(_))) | None => break,
                Some(Ok(_)) => continue,
                Some(Err(Error::Capacity(e))) => {
                    // The rest of the frame cannot be skipped: the link ends,
                    // and its close says why.
                    let reason: String = e.to_string().chars().take(100).collect();
                    *reader_close.lock().expect("close frame") = Some(CloseFrame {
                        code: CLOSE_TOO_BIG.into(),
                        reason: reason.into(),
                    });
                    break;
                }
                Some(Err(_)) => break,
            };
            tokio::select! {
                sent = tx.send(text) => if sent.is_err() { break },
                _ = &mut closing_rx => { writer_done = true; break }
            }
        }
        // Our end sees the link close, and drops it; the writer then closes
        // the WebSocket (within its own deadline).
        drop(tx);
        if !writer_done {
            let _ = closing_rx.await;
        }
        // What comes until the peer answers the close is dropped, for a
        // short while at most; then the read half goes, and with the
        // writer's, the TCP stream.
        let answer = async {
            while let Some(Ok(msg)) = stream.next().await {
                if msg.is_close() {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(close_grace, answer).await;
    });
    let writer = tokio::spawn(async move {
        let _guard = guard;
        let _closing = closing_tx;
        let grace = write_timeout.min(close_grace);
        // Once our end is dropped, what is left to write, and the close,
        // must go within the grace time.
        let mut deadline: Option<Instant> = None;
        loop {
            if deadline.is_none() && rx.is_closed() {
                deadline = Some(Instant::now() + grace);
            }
            let Some(text) = rx.recv().await else { break };
            let by = deadline.unwrap_or_else(|| Instant::now() + write_timeout);
            let sent = tokio::time::timeout_at(by, sink.send(Message::text(&*text))).await;
            if !matches!(sent, Ok(Ok(()))) {
                // A peer that does not read gets no close either.
                return;
            }
        }
        let by = deadline.unwrap_or_else(|| Instant::now() + grace);
        let frame = close_with.lock().expect("close frame").take();
        let close = async {
            match frame {
                Some(frame) => sink.send(Message::Close(Some(frame))).await,
                None => sink.close().await,
            }
        };
        let _ = tokio::time::timeout_at(by, close).await;
    });
    (ours, [reader.abort_handle(), writer.abort_handle()])
}

/// Faults for a link, in both directions, from a seeded generator so a
/// failing run can be repeated.
#[derive(Clone, Copy, Debug)]
pub struct Faults {
    /// Chance that a message is lost.
    pub drop: f64,
    /// Chance that a message arrives twice.
    pub duplicate: f64,
    /// Each message waits a random time up to this, so messages overtake each other.
    pub max_delay: Duration,
    pub seed: u64,
    /// The first messages each way that pass untouched (a join's hello and welcome).
    pub spare_first: usize,
}

/// A small generator for faults (no need for the game's ChaCha here).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn chance(&mut self, p: f64) -> bool {
        ((self.next() >> 11) as f64 / (1u64 << 53) as f64) < p
    }
}

impl Faults {
    /// `inner` with these faults on every message both ways (on the current
    /// tokio runtime).
    pub fn wrap(self, inner: Link) -> Link {
        let (ours, theirs) = Link::pair();
        let Link {
            tx: theirs_tx,
            rx: theirs_rx,
        } = theirs;
        let Link {
            tx: inner_tx,
            rx: inner_rx,
        } = inner;
        tokio::spawn(self.pump(inner_rx, theirs_tx, 1));
        tokio::spawn(self.pump(theirs_rx, inner_tx, 2));
        ours
    }

    async fn pump(self, mut from: mpsc::Receiver<Arc<str>>, to: mpsc::Sender<Arc<str>>, salt: u64) {
        let mut rng = SplitMix(self.seed ^ salt.wrapping_mul(0xA076_1D64_78BD_642F));
        let mut spared = 0;
        while let Some(text) = from.recv().await {
            if spared < self.spare_first {
                spared += 1;
                if to.send(text).await.is_err() {
                    return;
                }
                continue;
            }
            if rng.chance(self.drop) {
                continue;
            }
            let copies = if rng.chance(self.duplicate) { 2 } else { 1 };
            for _ in 0..copies {
                let delay = self.max_delay.mul_f64((rng.next() % 1000) as f64 / 1000.0);
                let (to, text) = (to.clone(), text.clone());
                tokio::spawn(async move {
                    tokio::time::sleep(delay).await;
                    let _ = to.send(text).await;
                });
            }
        }
        // The delayed copies hold senders: the far end sees the close once
        // they are delivered.
    }
}

/// Accepts a WebSocket on `stream` (within `hello`) and runs it as a
/// `Link`, as a host does with its own sockets: client messages capped at
/// `protocol::MAX_CLIENT_MESSAGE_BYTES`, `write` the write time-out, and a
/// close that waits `close` for the peer's answer. `guard` is held until
/// the TCP stream is gone. `None`: no WebSocket came in time.
pub async fn accept_websocket<G: Send + Sync + 'static>(
    stream: TcpStream,
    hello: Duration,
    write: Duration,
    close: Duration,
    guard: G,
) -> Option<(Link, [tokio::task::AbortHandle; 2])> {
    let config = ws_config(crate::protocol::MAX_CLIENT_MESSAGE_BYTES);
    let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(config));
    match tokio::time::timeout(hello, handshake).await {
        Ok(Ok(ws)) => Some(ws_link(ws, write, close, guard)),
        _ => None,
    }
}

/// Where a game or tool connects: `host:port` or `ws://host:port` for a
/// plain WebSocket, `wss://host[:port]` for one over TLS (port 443 unless
/// given; a server behind a reverse proxy that holds its certificate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub tls: bool,
    /// `host:port`, to connect to.
    pub host_port: String,
    /// The host alone (the name TLS checks the certificate against).
    pub host: String,
}

impl Address {
    pub fn parse(typed: &str) -> Result<Address, String> {
        let typed = typed.trim();
        let (tls, rest) = match typed.split_once("://") {
            Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
                "wss" => (true, rest),
                "ws" => (false, rest),
                other => {
                    return Err(format!(
                        "{other}:// is not a Starhop address: use ws:// or wss://"
                    ));
                }
            },
            None => (false, typed),
        };
        // A path after the host is not used (a table is found by its code).
        let authority = rest.split('/').next().unwrap_or("");
        if authority.is_empty() {
            return Err(format!("no host in {typed:?}"));
        }
        let has_port = match authority.rsplit_once(':') {
            // An IPv6 address in brackets has colons of its own.
            Some((h, p)) => {
                !h.ends_with(':')
                    && (!h.contains(':') || h.ends_with(']'))
                    && p.parse::<u16>().is_ok()
            }
            None => false,
        };
        let host_port = match (has_port, tls) {
            (true, _) => authority.to_string(),
            (false, true) => format!("{authority}:443"),
            (false, false) => return Err(format!("{typed:?} needs a port, as in host:7880")),
        };
        let host = match has_port {
            true => authority.rsplit_once(':').map_or(authority, |(h, _)| h),
            false => authority,
        };
        Ok(Address {
            tls,
            host_port,
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
        })
    }
}

/// Connects a WebSocket to `typed` (see [`Address`]; over TLS with the
/// web's root certificates for `wss://`) and runs it as a `Link`; messages
/// from the peer are capped at `max` bytes.
pub async fn connect_websocket(typed: &str, max: usize, write: Duration) -> Result<Link, String> {
    let address = Address::parse(typed)?;
    let stream = TcpStream::connect(address.host_port.as_str())
        .await
        .map_err(|e| format!("cannot reach {typed}: {e}"))?;
    let _ = stream.set_nodelay(true);
    let scheme = if address.tls { "wss" } else { "ws" };
    let url = format!("{scheme}://{}/", address.host_port);
    let config = ws_config(max);
    let (ws, _) = tokio_tungstenite::client_async_tls_with_config(url, stream, Some(config), None)
        .await
        .map_err(|e| format!("no Starhop host at {typed}: {e}"))?;
    Ok(ws_link(ws, write, CLOSE_GRACE, ()).0)
}

#[cfg(test)]
mod address_tests {
    use super::Address;

    #[test]
    fn addresses_say_whether_tls_and_where() {
        let a = Address::parse("192.168.1.20:7878").unwrap();
        assert_eq!(
            (a.tls, a.host_port.as_str(), a.host.as_str()),
            (false, "192.168.1.20:7878", "192.168.1.20")
        );
        let a = Address::parse("ws://localhost:7880/").unwrap();
        assert_eq!((a.tls, a.host_port.as_str()), (false, "localhost:7880"));
        let a = Address::parse(" WSS://games.example.org ").unwrap();
        assert_eq!(
            (a.tls, a.host_port.as_str(), a.host.as_str()),
            (true, "games.example.org:443", "games.example.org")
        );
        let a = Address::parse("wss://games.example.org:8443/starhop").unwrap();
        assert_eq!(a.host_port, "games.example.org:8443");
        let a = Address::parse("[::1]:7880").unwrap();
        assert_eq!(
            (a.host_port.as_str(), a.host.as_str()),
            ("[::1]:7880", "::1")
        );
        assert!(
            Address::parse("games.example.org")
                .unwrap_err()
                .contains("port")
        );
        assert!(Address::parse("http://x:1").unwrap_err().contains("ws://"));
        assert!(Address::parse("wss://").is_err());
    }
}
