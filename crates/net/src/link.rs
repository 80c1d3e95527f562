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

/// Runs a WebSocket as a `Link` (on the current tokio runtime). A write that
/// takes longer than `write_timeout` (a peer that does not read) ends it.
pub(crate) fn ws_link(ws: WebSocketStream<TcpStream>, write_timeout: Duration) -> Link {
    use futures_util::{SinkExt, StreamExt};
    let (mut sink, mut stream) = ws.split();
    let (ours, theirs) = Link::pair();
    let Link { tx, mut rx } = theirs;
    tokio::spawn(async move {
        while let Some(Ok(msg)) = stream.next().await {
            let text: Arc<str> = match msg {
                Message::Text(t) => Arc::from(t.as_str()),
                // Not ours: passed on so the reader refuses it like any garbage.
                Message::Binary(b) => Arc::from(String::from_utf8_lossy(&b).as_ref()),
                Message::Close(_) => break,
                _ => continue,
            };
            if tx.send(text).await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            let sent = tokio::time::timeout(write_timeout, sink.send(Message::text(&*text))).await;
            if !matches!(sent, Ok(Ok(()))) {
                return;
            }
        }
        let _ = tokio::time::timeout(write_timeout, sink.close()).await;
    });
    ours
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
