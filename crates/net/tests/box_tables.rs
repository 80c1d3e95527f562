//! Tables of the other games of the box, through the same host and client
//! as classic: draughts (Russian and International) and food checkers for
//! three, played to the end over 127.0.0.1 by bots; hostile requests at a
//! draughts table; a player coming back with their seat token; a saved
//! draughts game taken up by a new host; a client whose copy disagrees with
//! the host's checksum resyncing. Every side ends with the same record.

mod common;

use common::*;
use starhop_draughts::{DraughtsMove, Variant};
use starhop_engine::food::FoodRules;
use starhop_engine::{Action, ClassicMove};
use starhop_games::{AnyGame, AnyMove, AnyRecord, BoxGame, DraughtsGame};
use starhop_net::drive::{play_client_any, play_host_seats_any};
use starhop_net::protocol::{ClientMsg, MAX_CLIENT_MESSAGE_BYTES, decode_server, encode};
use starhop_net::{
    AnyClientEvent, AnyHostEvent, ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector,
    Faults, HostConfig, HostEvent, HostHandle, Link, PROTOCOL_VERSION, Play, Refusal, ResumeError,
    SeatInfo, SeatKind, ServerMsg, TableGame, Want, table,
};
use std::thread;
use std::time::{Duration, Instant};

type Client = (ClientHandle, ClientEvents);

/// Each client plays its seat with a bot on a thread of its own; returns
/// each client's record and its copy of the game at the end.
fn play_all(clients: Vec<Client>) -> Vec<(AnyRecord, AnyGame, u64)> {
    let threads: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(i, (client, events))| {
            thread::spawn(move || {
                let record = play_client_any(&client, &events, any_bot(i as u64), GAME_LIMIT)
                    .expect("the client's game ends");
                let view = client.view();
                (record, view.any_game().expect("a copy"), view.resyncs)
            })
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

/// Every side's record is the host's, as JSON too; every side's copy has
/// the host's result; and the record, replayed here, is the host's game.
fn assert_same_everywhere(host: &HostHandle, sides: &[(AnyRecord, AnyGame)]) -> AnyRecord {
    let view = host.view();
    let record = view.any_record().expect("the host's record");
    let game = view.any_game().expect("the host's game");
    assert!(game.is_over());
    let result = game.result().expect("a result");
    let json = serde_json::to_string(&record).unwrap();
    for (i, (r, copy)) in sides.iter().enumerate() {
        assert_eq!(serde_json::to_string(r).unwrap(), json, "side {i}'s record");
        assert_eq!(r, &record);
        assert_eq!(copy.result().as_ref(), Some(&result), "side {i}'s result");
        assert_eq!(table::checksum(copy), view.checksum, "side {i}'s copy");
    }
    let replayed = record.replay().expect("the record replays");
    assert_eq!(replayed.result(), Some(result));
    assert_eq!(replayed.moves_played(), game.moves_played());
    assert_eq!(table::checksum(&replayed), view.checksum);
    assert!(record.moves() > 0);
    record
}

fn seat(host: &HostHandle, connector: Connector, want: Want, name: &str) -> Client {
    join(
        connector,
        ClientConfig::new(host.code().to_string(), name, want),
    )
    .expect("a seat")
}

#[test]
fn russian_draughts_is_played_to_the_end_by_two_clients_and_a_spectator_sees_it() {
    let (host, _events) = HostHandle::start(HostConfig::draughts(Variant::Russian)).unwrap();
    let watcher = seat(&host, ws(&host), Want::Spectator, "Watcher");
    let a = seat(&host, ws(&host), Want::Seat(0), "Ann");
    let b = seat(&host, ws(&host), Want::Seat(1), "Bob");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let lobby = host.view().lobby;
    assert_eq!(
        lobby.game,
        TableGame::Draughts {
            variant: Variant::Russian
        }
    );
    assert_eq!(
        a.0.view().lobby.unwrap().game,
        lobby.game,
        "the client knows"
    );
    assert!(host.view().game.is_none(), "no classic game at this table");
    let watched = {
        let (client, events) = watcher;
        thread::spawn(move || {
            let r = play_client_any(&client, &events, |_| unreachable!(), GAME_LIMIT);
            (r.expect("the spectator sees the end"), client.view())
        })
    };
    let mut sides: Vec<_> = play_all(vec![a, b])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    let (watched, watcher_view) = watched.join().unwrap();
    sides.push((watched, watcher_view.any_game().unwrap()));
    let record = assert_same_everywhere(&host, &sides);
    let AnyRecord::Draughts(d) = &record else {
        panic!("not a draughts record: {record:?}")
    };
    assert_eq!(d.variant, Variant::Russian);
    assert_eq!(d.names, ["Ann", "Bob"]);
    // Classic readers of this table's events and views see no classic game.
    assert!(watcher_view.record.is_none() && watcher_view.game.is_none());
    println!("Russian draughts: {} moves", d.moves.len());
    host.shutdown();
}

#[test]
fn international_draughts_between_a_host_seat_and_a_client_ends_alike() {
    let mut config = HostConfig::draughts(Variant::International);
    config.seats[0] = SeatInfo::local("Hosta");
    let (host, events) = HostHandle::start(config).unwrap();
    let client = seat(&host, ws(&host), Want::Any, "Guest");
    assert_eq!(client.0.view().seat, Some(1));
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let host_side = {
        let host = host.clone();
        thread::spawn(move || {
            play_host_seats_any(&host, &events, &[0], any_bot(9), GAME_LIMIT)
                .expect("the host's seat finishes")
        })
    };
    let mut sides: Vec<_> = play_all(vec![client])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    let host_record = host_side.join().unwrap();
    sides.push((host_record, host.view().any_game().unwrap()));
    let record = assert_same_everywhere(&host, &sides);
    let AnyRecord::Draughts(d) = &record else {
        panic!("not a draughts record")
    };
    assert_eq!(d.variant, Variant::International);
    assert_eq!(d.names, ["Hosta", "Guest"]);
    println!("International draughts: {} moves", d.moves.len());
    host.shutdown();
}

#[test]
fn food_checkers_for_three_with_a_host_bot_ends_alike_everywhere() {
    let mut config = HostConfig::food(FoodRules::table(37, 3));
    config.seats[2] = SeatInfo::bot("Beginner", "Botty");
    let (host, events) = HostHandle::start(config).unwrap();
    let a = seat(&host, ws(&host), Want::Any, "Ann");
    let b = seat(&host, ws(&host), Want::Any, "Bob");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let host_side = {
        let host = host.clone();
        thread::spawn(move || {
            play_host_seats_any(&host, &events, &[2], any_bot(5), GAME_LIMIT)
                .expect("the host's bot finishes")
        })
    };
    let mut sides: Vec<_> = play_all(vec![a, b])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    sides.push((host_side.join().unwrap(), host.view().any_game().unwrap()));
    let record = assert_same_everywhere(&host, &sides);
    let AnyRecord::Food(f) = &record else {
        panic!("not a food record")
    };
    assert_eq!(f.rules.players, 3);
    assert_eq!(f.names, ["Ann", "Bob", "Botty"]);
    assert_eq!(f.bots, [None, None, Some("Beginner".to_string())]);
    // Every seat moved.
    let game = record.replay().unwrap();
    let food = game.as_food().unwrap();
    assert!(food.captures().iter().sum::<u32>() > 0);
    println!(
        "food checkers for three: {} moves, captures {:?}",
        f.moves.len(),
        food.captures()
    );
    host.shutdown();
}

/// A raw connection in memory, as a hostile client speaks: any text.
struct Raw {
    link: Link,
    rt: tokio::runtime::Runtime,
}

impl Raw {
    fn new(host: &HostHandle) -> Raw {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        Raw {
            link: host.connect_in_process().unwrap(),
            rt,
        }
    }
    /// Sends `text` (`false`: the host has closed the link).
    fn text(&self, text: String) -> bool {
        self.rt.block_on(self.link.tx.send(text.into())).is_ok()
    }
    fn send(&self, msg: &ClientMsg) -> bool {
        self.text(encode(msg))
    }
    /// The next message from the host (`None`: the link closed).
    fn next(&mut self) -> Option<ServerMsg> {
        let rx = &mut self.link.rx;
        let text = self
            .rt
            .block_on(async { tokio::time::timeout(STEP, rx.recv()).await })
            .expect("an answer in time")?;
        Some(decode_server(&text).unwrap())
    }
    /// Every message until the pong to `nonce` (sent now): everything sent
    /// before it has been dealt with.
    fn until_pong(&mut self, nonce: u64) -> Vec<ServerMsg> {
        self.send(&ClientMsg::Ping { nonce, seq: 0 });
        let mut seen = Vec::new();
        loop {
            match self.next().expect("the link is open") {
                ServerMsg::Pong { nonce: n, .. } if n == nonce => return seen,
                other => seen.push(other),
            }
        }
    }
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

fn play_msg(req: u64, at: u64, play: Play) -> ClientMsg {
    ClientMsg::Play { req, at, play }
}

fn draughts_move(route: Vec<u8>) -> Play {
    Play::of(AnyMove::Draughts(DraughtsMove { route }))
}

/// The reasons of the rejections among `msgs`, by request number.
fn rejections(msgs: &[ServerMsg]) -> Vec<(u64, String)> {
    msgs.iter()
        .filter_map(|m| match m {
            ServerMsg::Rejected { req, reason } => Some((*req, reason.clone())),
            _ => None,
        })
        .collect()
}

fn refusals(msgs: &[ServerMsg]) -> Vec<Refusal> {
    msgs.iter()
        .filter_map(|m| match m {
            ServerMsg::Refused { reason, .. } => Some(*reason),
            _ => None,
        })
        .collect()
}

/// Mallory holds White (seat 0) at a draughts table: illegal moves, moves
/// out of turn, another seat's resignation, classic actions, a move of
/// another game, malformed and oversized messages, stale and replayed
/// requests, and a flood. Each is refused as at a classic table (rejected
/// requests, refusals that keep the link, a close for too many errors), the
/// game never changes, and her one legal move is played and reaches Bob.
#[test]
fn hostile_requests_at_a_draughts_table_are_refused_and_change_nothing() {
    let (host, _events) = HostHandle::start(HostConfig::draughts(Variant::Russian)).unwrap();
    let code = host.code().to_string();
    let mut mallory = Raw::new(&host);
    mallory.text(hello(&code, Want::Seat(0)));
    assert!(matches!(
        mallory.next(),
        Some(ServerMsg::Welcome { seat: Some(0), .. })
    ));
    let (bob, bob_events) = seat(&host, ws(&host), Want::Seat(1), "Bob");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let before = host.view();
    let game = before.other_game.clone().unwrap();
    assert_eq!(game.to_move(), Some(0), "White moves first");
    let legal: Vec<Vec<u16>> = game.legal_moves().iter().map(|m| game.route(m)).collect();
    // A man of White's to a square no move of it reaches.
    let from = legal[0][0];
    let to = (1..=32u16)
        .find(|&t| t != from && !legal.contains(&vec![from, t]))
        .unwrap();
    let huge = format!(
        r#"{{"type":"play","req":90,"at":0,"play":{{"kind":"move","mv":{{"game":"draughts","route":[{}1]}}}}}}"#,
        "1,".repeat(MAX_CLIENT_MESSAGE_BYTES / 2)
    );
    let requests = vec![
        play_msg(1, 0, draughts_move(vec![from as u8, to as u8])),
        play_msg(2, 0, draughts_move(vec![])),
        play_msg(3, 0, draughts_move(vec![200, 201])),
        play_msg(4, 0, Play::Resign { seat: 1 }),
        ClientMsg::Act {
            req: 5,
            at: 0,
            action: Action::Pass { ms: 0 },
        },
        ClientMsg::Act {
            req: 6,
            at: 0,
            action: Action::Move {
                from: from as u8,
                to: to as u8,
                route: vec![from as u8, to as u8],
                ms: 0,
            },
        },
        play_msg(7, 0, Play::of(AnyMove::Classic(ClassicMove::Pass))),
        // A legal move, but for a state that is not the game's.
        play_msg(
            8,
            3,
            draughts_move(legal[0].iter().map(|&c| c as u8).collect()),
        ),
        // A request number already used.
        play_msg(
            8,
            0,
            draughts_move(legal[0].iter().map(|&c| c as u8).collect()),
        ),
    ];
    for r in &requests {
        mallory.send(r);
    }
    // Malformed: a route that is not one, a play of no kind, no JSON.
    mallory.text(
        r#"{"type":"play","req":20,"at":0,"play":{"kind":"move","mv":{"game":"draughts","route":"22-17"}}}"#
            .into(),
    );
    mallory.text(r#"{"type":"play","req":21,"at":0,"play":{"kind":"castle"}}"#.into());
    mallory.text("\u{0}{".into());
    mallory.text(huge);
    let answers = mallory.until_pong(1);
    let rejected = rejections(&answers);
    let reqs: Vec<u64> = rejected.iter().map(|(r, _)| *r).collect();
    assert_eq!(reqs, [1, 2, 3, 4, 5, 6, 7, 8, 8], "{rejected:?}");
    let reason = |req: usize| rejected[req].1.as_str();
    assert!(reason(3).contains("your own seat"), "{}", reason(3));
    for i in [4, 5] {
        assert!(reason(i).contains("classic action"), "{}", reason(i));
    }
    assert!(reason(6).contains("classic"), "{}", reason(6));
    assert!(reason(7).starts_with("stale"), "{}", reason(7));
    assert_eq!(reason(8), "replayed request");
    assert_eq!(
        refusals(&answers),
        [
            Refusal::Malformed,
            Refusal::Malformed,
            Refusal::Malformed,
            Refusal::TooLarge
        ]
    );
    let after = host.view();
    assert_eq!((after.seq, after.checksum), (before.seq, before.checksum));
    assert_eq!(after.other_game.unwrap().moves_played().len(), 0);

    // A spectator cannot move either.
    let mut watcher = Raw::new(&host);
    watcher.text(hello(&code, Want::Spectator));
    assert!(matches!(
        watcher.next(),
        Some(ServerMsg::Welcome { seat: None, .. })
    ));
    watcher.send(&play_msg(
        1,
        0,
        draughts_move(legal[0].iter().map(|&c| c as u8).collect()),
    ));
    let seen = watcher.until_pong(2);
    assert_eq!(rejections(&seen)[0].1, "spectators cannot play");

    // Mallory's legal move is played and reaches everyone with the checksum.
    let mv: Vec<u8> = legal[0].iter().map(|&c| c as u8).collect();
    mallory.send(&play_msg(30, 0, draughts_move(mv.clone())));
    let played = loop {
        match mallory.next().expect("open") {
            ServerMsg::Played {
                seq: 1,
                play,
                checksum,
            } => break (play, checksum),
            ServerMsg::Rejected { reason, .. } => panic!("refused: {reason}"),
            _ => {}
        }
    };
    assert_eq!(played.0, draughts_move(mv));
    assert_eq!(host.view().checksum, played.1);
    wait_client(&bob, "the move", |v| v.seq == 1);
    assert_eq!(
        table::checksum(&bob.view().any_game().unwrap()),
        played.1,
        "Bob's copy agrees"
    );

    // Now Black is to move: Black's own legal move, from White's seat.
    let game = host.view().other_game.unwrap();
    let black: Vec<u8> = game
        .route(&game.legal_moves()[0])
        .iter()
        .map(|&c| c as u8)
        .collect();
    mallory.send(&play_msg(31, 1, draughts_move(black)));
    let seen = mallory.until_pong(3);
    assert!(
        rejections(&seen)[0].1.starts_with("not your turn"),
        "{seen:?}"
    );
    assert_eq!(host.view().seq, 1);

    // A flood: past the burst the host drops messages as rate-limited, and
    // with the strikes so far the connection is closed, as for classic.
    for n in 0..80 {
        if !mallory.send(&ClientMsg::Ping {
            nonce: 100 + n,
            seq: 1,
        }) {
            break;
        }
    }
    let mut flood = Vec::new();
    while let Some(msg) = mallory.next() {
        flood.push(msg);
    }
    let refused = refusals(&flood);
    assert!(refused.contains(&Refusal::RateLimited), "{refused:?}");
    assert_eq!(refused.last(), Some(&Refusal::TooManyErrors));
    // Bob plays on (his seat is unchanged, Mallory's waits for her).
    let view = bob.view();
    bob.play(view.seq, Play::of(any_bot(1)(&view.any_game().unwrap())));
    wait_host(&host, "Bob's move", |v| v.seq == 2);
    assert!(
        host.view().lobby.seats[0].kind == SeatKind::Remote
            && !host.view().lobby.seats[0].connected
    );
    drop(bob_events);
    host.shutdown();
}

/// An oversized frame over a WebSocket closes the connection with 1009,
/// at a draughts table as at a classic one.
#[test]
fn an_oversized_move_over_a_websocket_closes_with_1009() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (host, _events) = HostHandle::start(HostConfig::draughts(Variant::Russian)).unwrap();
    let code = host.code().to_string();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let url = format!("ws://{}/", host.addr());
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        ws.send(Message::text(hello(&code, Want::Seat(0))))
            .await
            .unwrap();
        let huge = format!(
            r#"{{"type":"play","req":1,"at":0,"play":{{"kind":"move","mv":{{"game":"draughts","route":[{}1]}}}}}}"#,
            "1,".repeat(MAX_CLIENT_MESSAGE_BYTES)
        );
        ws.send(Message::text(huge)).await.unwrap();
        let mut code = None;
        while let Ok(Some(Ok(msg))) = tokio::time::timeout(STEP, ws.next()).await {
            if let Message::Close(frame) = msg {
                code = frame.map(|f| u16::from(f.code));
                break;
            }
        }
        assert_eq!(code, Some(1009));
    });
    wait_host(&host, "the seat open again", |v| {
        v.lobby.seats[0].kind == SeatKind::Open
    });
    host.shutdown();
}

/// Plays `n` plies one at a time: the clients' seats with their bots, the
/// host's `host_seats` with its bot; each is waited for on the host.
fn play_some(host: &HostHandle, clients: &[&Client], host_seats: &[u8], n: u64) {
    let target = host.view().seq + n;
    let end = Instant::now() + GAME_LIMIT;
    while host.view().seq < target {
        assert!(Instant::now() < end, "{n} plies were not played");
        let view = host.view();
        let game = view.any_game().expect("a game");
        let mover = game
            .to_move()
            .expect("the game ended too soon for this test");
        if host_seats.contains(&mover) {
            host.play(mover, Play::of(any_bot(99)(&game))).unwrap();
        } else {
            let (client, events) = clients
                .iter()
                .find(|(c, _)| c.view().seat == Some(mover))
                .expect("a client in the seat to move");
            while client.view().seq < view.seq || client.view().any_game().is_none() {
                assert!(Instant::now() < end, "the client did not catch up");
                events.recv_any_timeout(Duration::from_millis(20));
            }
            let copy = client.view().any_game().unwrap();
            client.play(view.seq, Play::of(any_bot(u64::from(mover))(&copy)));
        }
        wait_host(host, "the ply", |v| v.seq > view.seq);
    }
    for (client, _) in clients {
        wait_client(client, "the client to catch up", |v| v.seq >= target);
    }
}

#[test]
fn a_dropped_draughts_player_comes_back_to_their_seat_with_the_token() {
    let (host, host_events) = HostHandle::start(HostConfig::draughts(Variant::Russian)).unwrap();
    let a = seat(&host, ws(&host), Want::Seat(0), "Ann");
    let b = seat(&host, ws(&host), Want::Seat(1), "Bob");
    let token = b.0.view().token.expect("a seat token");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    play_some(&host, &[&a, &b], &[], 6);
    let at_loss = host.view();
    // Bob's client dies without a word.
    drop(b);
    let end = Instant::now() + STEP;
    loop {
        assert!(Instant::now() < end, "the host never saw Bob go");
        if let Some(AnyHostEvent::Event(HostEvent::Connection {
            seat: 1,
            connected: false,
        })) = host_events.recv_any_timeout(Duration::from_millis(50))
        {
            break;
        }
    }
    // A newcomer cannot take his seat: the game has started.
    let refused = join(
        ws(&host),
        ClientConfig::new(host.code().to_string(), "Eve", Want::Seat(1)),
    );
    assert_eq!(refused.err().map(|e| e.0), Some(Refusal::Started));
    let mut config = ClientConfig::new(host.code().to_string(), "Bob again", Want::Any);
    config.rejoin = Some(token);
    let (b2, b2_events) = join(ws(&host), config).expect("the seat back");
    assert_eq!(b2.view().seat, Some(1));
    wait_client(&b2, "the game so far", |v| v.seq == at_loss.seq);
    assert_eq!(
        table::checksum(&b2.view().any_game().unwrap()),
        at_loss.checksum,
        "the game as it stood"
    );
    assert_eq!(host.view().lobby.seats[1].name, "Bob", "the same seat");
    let sides: Vec<_> = play_all(vec![a, (b2, b2_events)])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    let record = assert_same_everywhere(&host, &sides);
    assert!(record.moves() as u64 > at_loss.seq, "the game went on");
    host.shutdown();
}

#[test]
fn a_half_played_draughts_game_is_taken_up_by_a_new_host_and_finished() {
    let mut config = HostConfig::draughts(Variant::Russian);
    config.seats[1] = SeatInfo::bot("Beginner", "Botty");
    let (host, _events) = HostHandle::start(config).unwrap();
    let ann = seat(&host, ws(&host), Want::Any, "Ann");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    play_some(&host, &[&ann], &[1], 10);
    let saved = host.any_record().expect("a game to save");
    assert_eq!(saved.moves(), 10);
    assert_eq!(saved.names(), ["Ann", "Botty"]);
    assert_eq!(saved.bots(), [None, Some("Beginner".to_string())]);
    assert_eq!(
        ann.0.any_record().as_ref(),
        Some(&saved),
        "Ann's copy saves alike"
    );
    assert_eq!(host.record(), None, "no classic record at this table");
    let old_token = ann.0.view().token.unwrap();
    host.shutdown();
    drop(ann);
    assert_eq!(
        host.any_record().as_ref(),
        Some(&saved),
        "saved after the end"
    );

    // A new host, from the saved file.
    let saved = AnyRecord::from_json(&saved.to_json()).unwrap();
    let config = HostConfig::resume_any(saved.clone()).expect("a game to take up");
    assert_eq!(
        config.game,
        TableGame::Draughts {
            variant: Variant::Russian
        }
    );
    assert_eq!(config.seats[0].kind, SeatKind::Open);
    assert_eq!(config.seats[0].name, "Ann");
    assert_eq!(
        config.seats[1].kind,
        SeatKind::Bot {
            level: "Beginner".into()
        }
    );
    let (host2, host2_events) = HostHandle::start(config).unwrap();
    assert!(host2.set_rules(starhop_engine::Rules::classic()).is_err());
    let code2 = host2.code().to_string();
    let mut stale = ClientConfig::new(&code2, "Ann", Want::Any);
    stale.rejoin = Some(old_token);
    assert_eq!(
        join(ws(&host2), stale).err().map(|e| e.0),
        Some(Refusal::BadToken)
    );
    let ann2 = seat(&host2, ws(&host2), Want::Any, "ann");
    assert_eq!(ann2.0.view().seat, Some(0), "her seat, by her name");
    wait_host(&host2, "the resumed start", |v| v.other_game.is_some());
    let resumed = host2.view().other_game.unwrap();
    assert_eq!(resumed.moves_played().len(), 10, "the game as it stood");
    assert_eq!(
        table::checksum(&resumed),
        table::checksum(&saved.replay().unwrap())
    );
    // A resumed game counts its changes on from its moves.
    wait_client(&ann2.0, "the resumed game", |v| {
        v.seq == 10 && v.other_game.is_some()
    });
    assert_eq!(
        ann2.0.view().other_game.unwrap().moves_played(),
        resumed.moves_played()
    );

    let host_side = {
        let host2 = host2.clone();
        thread::spawn(move || {
            play_host_seats_any(&host2, &host2_events, &[1], any_bot(99), GAME_LIMIT)
                .expect("the host's bot finishes")
        })
    };
    let mut sides: Vec<_> = play_all(vec![ann2])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    sides.push((host_side.join().unwrap(), host2.view().any_game().unwrap()));
    let record = assert_same_everywhere(&host2, &sides);
    let (AnyRecord::Draughts(done), AnyRecord::Draughts(half)) = (&record, &saved) else {
        panic!("draughts records")
    };
    assert!(done.moves.len() > 10);
    assert_eq!(done.moves[..10], half.moves[..]);
    assert_eq!(done.names, half.names);
    host2.shutdown();
}

#[test]
fn saved_games_that_cannot_be_taken_up_say_why() {
    // A finished game.
    let mut g = AnyGame::from(DraughtsGame::new(Variant::Russian));
    let mut choose = any_bot(3);
    while !g.is_over() {
        let mv = choose(&g);
        g.play(&mv).unwrap();
    }
    let over = AnyRecord::of(&g, Vec::new());
    assert_eq!(HostConfig::resume_any(over).err(), Some(ResumeError::Over));
    // A move that is not legal.
    let mut tampered = AnyRecord::of(&AnyGame::from(DraughtsGame::new(Variant::Russian)), vec![]);
    if let AnyRecord::Draughts(d) = &mut tampered {
        d.moves.push("1-32".into());
    }
    match HostConfig::resume_any(tampered.clone()) {
        Err(e @ ResumeError::AnyReplay(_)) => assert!(e.to_string().contains("does not replay")),
        other => panic!("not refused: {other:?}"),
    }
    // Slipped into a config by hand, it is checked as well.
    let config = HostConfig {
        resume_any: Some(tampered),
        ..HostConfig::draughts(Variant::Russian)
    };
    assert!(HostHandle::start(config).is_err());
    // The crossing is played alone.
    let crossing = AnyGame::from(starhop_engine::crossing::CrossingGame::new(3, false).unwrap());
    assert_eq!(
        HostConfig::resume_any(AnyRecord::of(&crossing, vec![])).err(),
        Some(ResumeError::Solo)
    );
    // A draughts record at a table of the other variant, and a table of
    // the wrong size.
    let fresh = AnyRecord::of(&AnyGame::from(DraughtsGame::new(Variant::Russian)), vec![]);
    let mut config = HostConfig::resume_any(fresh).unwrap();
    config.game = TableGame::Draughts {
        variant: Variant::International,
    };
    assert!(HostHandle::start(config).is_err());
    let mut config = HostConfig::draughts(Variant::Russian);
    config.seats.push(SeatInfo::open());
    assert!(HostHandle::start(config).is_err());
    let config = HostConfig {
        seats: vec![SeatInfo::open(), SeatInfo::open()],
        ..HostConfig::food(FoodRules::table(37, 3))
    };
    assert!(HostHandle::start(config).is_err());
}

/// A proxy between a client and the host that changes the checksum of the
/// host's `nth` `played` message (counting from 1). Returns its address.
fn tampering_proxy(host: std::net::SocketAddr, nth: u64) -> String {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    listener.set_nonblocking(true).unwrap();
    thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            let (tcp, _) = listener.accept().await.unwrap();
            let mut client = tokio_tungstenite::accept_async(tcp).await.unwrap();
            let (mut upstream, _) = tokio_tungstenite::connect_async(format!("ws://{host}/"))
                .await
                .unwrap();
            let mut played = 0;
            loop {
                tokio::select! {
                    msg = client.next() => match msg {
                        Some(Ok(m)) if !m.is_close() => {
                            if upstream.send(m).await.is_err() { return }
                        }
                        _ => return,
                    },
                    msg = upstream.next() => match msg {
                        Some(Ok(Message::Text(text))) => {
                            let mut value: serde_json::Value =
                                serde_json::from_str(text.as_str()).unwrap();
                            let mut out = text.as_str().to_string();
                            if value["type"] == "played" {
                                played += 1;
                                if played == nth {
                                    let c = value["checksum"].as_u64().unwrap();
                                    value["checksum"] = (c ^ 1).into();
                                    out = value.to_string();
                                }
                            }
                            if client.send(Message::text(out)).await.is_err() { return }
                        }
                        Some(Ok(m)) if !m.is_close() => {
                            if client.send(m).await.is_err() { return }
                        }
                        _ => return,
                    },
                }
            }
        });
    });
    addr
}

#[test]
fn a_client_whose_copy_disagrees_with_the_checksum_resyncs_and_ends_alike() {
    let (host, _events) = HostHandle::start(HostConfig::draughts(Variant::Russian)).unwrap();
    let proxy = tampering_proxy(host.addr(), 3);
    let a = seat(&host, ws(&host), Want::Seat(0), "Ann");
    let b = seat(&host, Connector::WebSocket(proxy), Want::Seat(1), "Bob");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let results = play_all(vec![a, b]);
    let resyncs: Vec<u64> = results.iter().map(|(_, _, n)| *n).collect();
    assert_eq!(resyncs[0], 0, "Ann's copy always agreed");
    assert!(resyncs[1] >= 1, "Bob's copy was replaced: {resyncs:?}");
    let sides: Vec<_> = results.into_iter().map(|(r, g, _)| (r, g)).collect();
    assert_same_everywhere(&host, &sides);
    host.shutdown();
}

#[test]
fn lost_late_and_doubled_messages_at_a_food_table_never_desynchronise() {
    let (host, _events) = HostHandle::start(HostConfig::food(FoodRules::table(37, 3))).unwrap();
    let faults = |seed| Faults {
        drop: 0.08,
        duplicate: 0.1,
        max_delay: Duration::from_millis(15),
        seed,
        spare_first: 1,
    };
    let clients: Vec<_> = (0..3)
        .map(|i| {
            let connector =
                Connector::Faulty(Box::new(Connector::InProcess(host.clone())), faults(i));
            let mut config = ClientConfig::new(
                host.code().to_string(),
                format!("F{i}"),
                Want::Seat(i as u8),
            );
            config.timeouts.retry = Duration::from_millis(200);
            config.timeouts.ping = Duration::from_millis(100);
            join(connector, config).expect("a seat")
        })
        .collect();
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let results = play_all(clients);
    let resyncs: u64 = results.iter().map(|(_, _, n)| n).sum();
    println!("resyncs: {resyncs}");
    assert!(resyncs > 0, "no fault ever needed a resync");
    let sides: Vec<_> = results.into_iter().map(|(r, g, _)| (r, g)).collect();
    assert_same_everywhere(&host, &sides);
    host.shutdown();
}

/// Classic readers of a draughts table's events see what reads the same
/// for every game, and the moves only through `try_recv_any`.
#[test]
fn classic_readers_of_another_games_events_skip_its_moves() {
    let mut config = HostConfig::draughts(Variant::Russian);
    config.seats[0] = SeatInfo::local("Hosta");
    let (host, events) = HostHandle::start(config).unwrap();
    let (c, c_events) = seat(&host, ws(&host), Want::Any, "Guest");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    let game = host.view().other_game.unwrap();
    let mv = game.legal_moves()[0].clone();
    host.play(0, Play::of(mv.clone())).unwrap();
    wait_client(&c, "the move", |v| v.seq == 1);
    // The host's classic reading: the start, no move.
    let mut classic = Vec::new();
    while let Some(e) = events.try_recv() {
        classic.push(e);
    }
    assert!(
        classic
            .iter()
            .any(|e| matches!(e, HostEvent::Started { .. }))
    );
    assert!(
        !classic
            .iter()
            .any(|e| matches!(e, HostEvent::Applied { .. }))
    );
    // The client's reading of any game: the move, as played.
    let mut played = None;
    while let Some(e) = c_events.try_recv_any() {
        match e {
            AnyClientEvent::Played { seq, play } => played = Some((seq, play)),
            AnyClientEvent::Event(ClientEvent::Applied { .. }) => {
                panic!("no classic action at this table")
            }
            _ => {}
        }
    }
    assert_eq!(played, Some((1, Play::of(mv))));
    host.shutdown();
}

/// The loops and plays of any game drive a classic table too: its moves
/// go as the matching actions, and everyone ends with the classic record.
#[test]
fn a_classic_table_is_played_to_the_end_through_the_any_game_path() {
    let rules = starhop_engine::Rules {
        board_size: 3,
        first_move: starhop_engine::FirstMoveMethod::Fixed(0),
        ..starhop_engine::Rules::classic()
    };
    let (host, _events) = host(2, rules, 17);
    let a = seat(&host, ws(&host), Want::Any, "Ann");
    let b = seat(&host, ws(&host), Want::Any, "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    let sides: Vec<_> = play_all(vec![a, b])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    let record = assert_same_everywhere(&host, &sides);
    let AnyRecord::Classic(classic) = &record else {
        panic!("not a classic record")
    };
    assert_eq!(Some(classic), host.view().record.as_ref());
    assert!(
        classic
            .actions
            .iter()
            .all(|a| !matches!(a, Action::Timeout { .. } | Action::OutOfTime { .. }))
    );
    host.shutdown();
}

/// An undo granted at a draughts table takes the move back everywhere.
#[test]
fn undo_by_agreement_at_a_draughts_table_keeps_everyone_in_step() {
    let config = HostConfig {
        undo: starhop_net::UndoPolicy::Accept,
        ..HostConfig::draughts(Variant::Russian)
    };
    let (host, _events) = HostHandle::start(config).unwrap();
    let a = seat(&host, ws(&host), Want::Seat(0), "Ann");
    let b = seat(&host, ws(&host), Want::Seat(1), "Bob");
    wait_host(&host, "the start", |v| v.other_game.is_some());
    play_some(&host, &[&a, &b], &[], 4);
    let before = host.view();
    a.0.ask_undo(before.seq);
    wait_host(&host, "the undo", |v| v.seq == before.seq + 1);
    let after = host.view();
    let moves = |v: &starhop_net::HostView| v.other_game.as_ref().unwrap().moves_played();
    assert_eq!(moves(&after), moves(&before)[..3]);
    assert_ne!(after.checksum, before.checksum);
    for (c, _) in [&a, &b] {
        wait_client(c, "the undo", |v| v.seq == after.seq);
        let copy = c.view().any_game().unwrap();
        assert_eq!(table::checksum(&copy), after.checksum);
        assert_eq!(copy.moves_played(), moves(&after));
    }
    // And the game goes on from there to its end, alike everywhere.
    let sides: Vec<_> = play_all(vec![a, b])
        .into_iter()
        .map(|(r, g, _)| (r, g))
        .collect();
    assert_same_everywhere(&host, &sides);
    host.shutdown();
}
