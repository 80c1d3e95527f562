//! Nothing a stranger sends can break the host or change the game: random
//! bytes, oversized, malformed, replayed, out-of-turn and hostile messages,
//! silent and slow connections.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use starhop_engine::{Action, FirstMoveMethod, ItemUse, Rules};
use starhop_net::protocol::{ClientMsg, decode_server, encode};
use starhop_net::{
    ClientConfig, HostConfig, HostEvent, HostHandle, Link, PROTOCOL_VERSION, Refusal, ServerMsg,
    Timeouts, Want,
};
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use tokio_tungstenite::tungstenite::Message;

/// A seeded generator for the fuzzer, so a failure can be repeated.
struct Fuzz(u64);

impl Fuzz {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn classic() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn raw_ws(host: &HostHandle) -> Ws {
    let url = format!("ws://{}/", host.addr());
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

fn hello(code: &str, want: Want) -> String {
    encode(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        code: code.into(),
        name: "Mallory".into(),
        want,
        rejoin: None,
    })
}

/// Requests that no seat may have played, whoever is to move: wrong
/// states, clock actions, other seats' resignations, holes that do not
/// exist, items nobody holds (classic rules), routes that go nowhere.
fn hostile_request(f: &mut Fuzz, req: u64, seq: u64, not_mine: u8) -> ClientMsg {
    let hole = |f: &mut Fuzz| f.below(256) as u8;
    let action = match f.below(8) {
        0 => Action::Timeout {
            ms: f.next() as u32,
        },
        1 => Action::OutOfTime {
            ms: f.next() as u32,
        },
        2 => Action::Resign {
            seat: not_mine,
            ms: 0,
        },
        3 => Action::Move {
            from: hole(f),
            to: hole(f),
            route: (0..f.below(40)).map(|_| hole(f)).collect(),
            ms: f.next() as u32,
        },
        4 => Action::UseItem {
            item_use: ItemUse::Tornado { centre: hole(f) },
            ms: 0,
        },
        5 => Action::Move {
            from: 200,
            to: 201,
            route: vec![200, 201],
            ms: 0,
        },
        6 => Action::Pass { ms: 0 },
        _ => Action::Resign { seat: 200, ms: 0 },
    };
    // Stale or future states: a request for the state as it is could be legal.
    let at = match f.below(3) {
        0 => seq.wrapping_sub(1 + f.below(3)),
        1 => seq + 1 + f.below(5),
        _ => f.next(),
    };
    match f.below(4) {
        0 => ClientMsg::Undo { req, at },
        _ => ClientMsg::Act { req, at, action },
    }
}

/// One hostile message of many kinds.
/// With `closing` false, only frames the host refuses without closing the
/// connection (so one connection can send many).
fn hostile_frame(f: &mut Fuzz, code: &str, seq: u64, closing: bool) -> Message {
    let n = f.below(300) as usize;
    let kind = match closing {
        true => f.below(10),
        false => [0, 1, 6, 7, 8, 9][f.below(6) as usize],
    };
    match kind {
        0 => Message::binary(f.bytes(n)),
        1 => Message::text(String::from_utf8_lossy(&f.bytes(n)).into_owned()),
        2 => Message::text("x".repeat(5000 + f.below(3000) as usize)),
        3 => Message::text(hello("WRONGCODE1", Want::Any)),
        4 => Message::text(hello(code, Want::Seat(f.below(8) as u8))),
        5 => Message::text(format!(
            r#"{{"type":"hello","protocol":{PROTOCOL_VERSION},"code":"X","name":"M","want":"any","rejoin":"00"}}"#
        )),
        6 => Message::text("[".repeat(2000)),
        7 => Message::text(encode(&ClientMsg::Resync { have: f.next() })),
        _ => Message::text(encode(&hostile_request(f, n as u64 % 4, seq, 1))),
    }
}

/// Three seats: Ann and Bob are well-behaved; seat 2 is a hostile raw
/// WebSocket player. Strangers hammer the host meanwhile. Nothing they send
/// is played, the host keeps serving, and Ann's next move still goes through.
#[test]
fn a_fuzzer_and_a_hostile_player_change_nothing_and_the_host_keeps_serving() {
    let mut config = HostConfig {
        seed: Some(61),
        ..HostConfig::new(3, classic())
    };
    config.limits.wrong_code_burst = 5.0;
    // The strangers come one after another from 127.0.0.1, faster than the
    // host closes the ones before (this test is about what they send).
    config.limits.max_pending = 28;
    config.limits.max_pending_per_address = 28;
    let (host, _events) = HostHandle::start(config).unwrap();
    let code = host.code().to_string();
    let (ann, ann_events) = player(&host, ws(&host), "Ann");
    let (bob, bob_events) = player(&host, ws(&host), "Bob");
    let rt = runtime();
    let mut mallory = rt.block_on(async {
        let mut ws = raw_ws(&host).await;
        ws.send(Message::text(hello(&code, Want::Any)))
            .await
            .unwrap();
        ws
    });
    wait_host(&host, "the start", |v| v.game.is_some());
    assert_eq!(host.view().lobby.seats[2].name, "Mallory");
    // Ann (seat 0) moves first: one move each for Ann and Bob, then it is
    // Mallory's turn, and she only ever sends requests no rule allows.
    for (i, (c, e)) in [(&ann, &ann_events), (&bob, &bob_events)]
        .into_iter()
        .enumerate()
    {
        // Each moves once its copy has the move before it.
        let end = Instant::now() + STEP;
        while c.view().seq != i as u64 || c.view().game.is_none() {
            assert!(Instant::now() < end, "the previous move did not arrive");
            e.recv_timeout(Duration::from_millis(50));
        }
        let v = c.view();
        let game = v.game.unwrap();
        assert_eq!(Some(game.to_move()), v.seat);
        c.act(v.seq, bot(i as u64)(&game));
        wait_host(&host, "the move", |h| h.seq == i as u64 + 1);
    }
    let before = host.view();
    assert_eq!(before.game.as_ref().unwrap().to_move(), 2);

    let mut f = Fuzz(0x5eed);
    rt.block_on(async {
        // Mallory, seated, sends requests no rule allows (fewer than the
        // strikes that would close her connection), replays, then a ping:
        // its answer comes after all of them have been dealt with.
        for req in 1..=20u64 {
            let msg = hostile_request(&mut f, req, before.seq, 0);
            mallory.send(Message::text(encode(&msg))).await.unwrap();
        }
        for req in [3, 20] {
            let replay = ClientMsg::Undo {
                req,
                at: before.seq,
            };
            mallory.send(Message::text(encode(&replay))).await.unwrap();
        }
        let ping = ClientMsg::Ping { nonce: 77, seq: 0 };
        mallory.send(Message::text(encode(&ping))).await.unwrap();
        let mut rejected = 0;
        loop {
            let next = tokio::time::timeout(STEP, mallory.next()).await.unwrap();
            let text = next.unwrap().unwrap().into_text().unwrap();
            match decode_server(&text).unwrap() {
                ServerMsg::Rejected { .. } => rejected += 1,
                ServerMsg::Pong { nonce: 77, .. } => break,
                _ => {}
            }
        }
        assert_eq!(
            rejected, 22,
            "every hostile request of Mallory's was refused"
        );
        // Strangers: forty connections, up to a hundred frames each,
        // flooding past the rate limit; every fourth also sends frames that
        // end its connection (wrong codes, oversized frames, second hellos).
        for i in 0..40 {
            let mut ws = raw_ws(&host).await;
            for _ in 0..100 {
                let frame = hostile_frame(&mut f, &code, before.seq, i % 4 == 0);
                if ws.send(frame).await.is_err() {
                    break; // the host closed it: fine
                }
            }
        }
        // Raw bytes that are not even a WebSocket.
        for _ in 0..4 {
            let mut tcp = tokio::net::TcpStream::connect(host.addr()).await.unwrap();
            let junk = f.bytes(2000);
            let _ = tokio::io::AsyncWriteExt::write_all(&mut tcp, &junk).await;
        }
    });
    // A connection's messages are dealt with before its end, so once only
    // the three players are left, everything the strangers sent has been.
    wait_host(&host, "the strangers gone", |v| v.connections == 3);
    let after = host.view();
    assert_eq!(after.seq, before.seq, "nothing was played");
    assert_eq!(after.checksum, before.checksum, "the game is unchanged");
    assert!(
        after.refused > 500,
        "the host refused {} messages",
        after.refused
    );

    // The host still serves: a newcomer gets in once the guessing has
    // stopped (wrong codes make everyone wait a little)...
    let end = Instant::now() + STEP;
    let (watcher, _watcher_events) = loop {
        match common::join(ws(&host), ClientConfig::new(&code, "Late", Want::Spectator)) {
            Ok(c) => break c,
            Err((Refusal::Busy, _)) if Instant::now() < end => {
                std::thread::sleep(Duration::from_millis(250))
            }
            Err(e) => panic!("refused: {e:?}"),
        }
    };
    // ...and Mallory's legal move is played and reaches everyone.
    let game = after.game.unwrap();
    let legal = ClientMsg::Act {
        req: 1000,
        at: after.seq,
        action: bot(3)(&game),
    };
    rt.block_on(mallory.send(Message::text(encode(&legal))))
        .unwrap();
    wait_host(&host, "Mallory's move", |v| v.seq == after.seq + 1);
    let checksum = host.view().checksum;
    for c in [&ann, &bob, &watcher] {
        let end = Instant::now() + STEP;
        while c.view().seq != after.seq + 1 {
            assert!(Instant::now() < end, "the move did not arrive");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(c.view().game.unwrap().checksum(), checksum);
    }
    host.shutdown();
}

/// A silent TCP connection and a WebSocket that never says hello are closed
/// after the hello time-out; a joined player who falls silent loses the
/// connection (the seat waits); none of it holds up the host.
#[test]
fn silent_connections_time_out() {
    let config = HostConfig {
        timeouts: Timeouts {
            hello: Duration::from_millis(300),
            silence: Duration::from_millis(600),
            ..Timeouts::default()
        },
        ..HostConfig::new(2, classic())
    };
    let (host, events) = HostHandle::start(config).unwrap();
    let code = host.code().to_string();
    let rt = runtime();
    rt.block_on(async {
        let mut tcp = tokio::net::TcpStream::connect(host.addr()).await.unwrap();
        let mut buf = [0u8; 64];
        let read = tokio::time::timeout(STEP, tcp.read(&mut buf)).await;
        assert!(
            matches!(read, Ok(Ok(0)) | Ok(Err(_))),
            "a silent TCP connection is closed: {read:?}"
        );

        let mut ws = raw_ws(&host).await;
        let first = tokio::time::timeout(STEP, ws.next()).await.unwrap();
        let text = first.unwrap().unwrap().into_text().unwrap();
        assert!(
            matches!(
                decode_server(&text),
                Ok(ServerMsg::Refused {
                    reason: Refusal::Timeout,
                    ..
                })
            ),
            "{text}"
        );
    });
    // A player who joins and then never pings.
    let mut silent = rt.block_on(async {
        let mut ws = raw_ws(&host).await;
        ws.send(Message::text(hello(&code, Want::Seat(1))))
            .await
            .unwrap();
        ws
    });
    let mut config = ClientConfig::new(&code, "Ann", Want::Any);
    config.timeouts.ping = Duration::from_millis(100);
    let (ann, _ann_events) = common::join(ws(&host), config).unwrap();
    wait_host(&host, "the start", |v| v.game.is_some());
    let end = Instant::now() + STEP;
    loop {
        match events.recv_timeout(Duration::from_millis(100)) {
            Some(HostEvent::Connection {
                seat: 1,
                connected: false,
            }) => break,
            _ => assert!(Instant::now() < end, "the silent player was never dropped"),
        }
    }
    // Ann, who pings, is still served: her move is played.
    let end = Instant::now() + STEP;
    while ann.view().game.is_none() {
        assert!(Instant::now() < end, "Ann never got the game");
        std::thread::sleep(Duration::from_millis(10));
    }
    let v = ann.view();
    ann.act(v.seq, bot(1)(v.game.as_ref().unwrap()));
    wait_host(&host, "Ann's move", |v| v.seq == 1);
    rt.block_on(async {
        let _ = silent.close(None).await;
    });
    host.shutdown();
}

/// A spectator that never reads is dropped once its queue is full; the
/// players' game goes on to its end.
#[test]
fn a_client_that_does_not_read_cannot_stall_the_game() {
    let mut config = HostConfig {
        seed: Some(71),
        ..HostConfig::new(2, party_rules())
    };
    config.limits.out_queue = 8;
    let (host, _events) = HostHandle::start(config).unwrap();
    let code = host.code().to_string();
    // An in-process link whose far end is never read: its channel fills.
    let Link {
        tx,
        rx: _never_read,
    } = host.connect_in_process().unwrap();
    tx.try_send(hello(&code, Want::Spectator).into()).unwrap();
    wait_host(&host, "the spectator", |v| v.lobby.spectators == 1);
    let a = player(&host, ws(&host), "Ann");
    let b = player(&host, ws(&host), "Bob");
    let records: Vec<_> = [a, b]
        .into_iter()
        .enumerate()
        .map(|(i, (c, e))| {
            std::thread::spawn(move || {
                starhop_net::drive::play_client(&c, &e, bot(i as u64), GAME_LIMIT)
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().unwrap().expect("the game ends"))
        .collect();
    assert_eq!(records[0], records[1]);
    assert_eq!(
        host.view().lobby.spectators,
        0,
        "the non-reader was dropped"
    );
    host.shutdown();
}
