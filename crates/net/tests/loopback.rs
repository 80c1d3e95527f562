//! Whole games over 127.0.0.1 (and in-process links with faults): every side
//! ends with the same record.

mod common;

use common::*;
use starhop_engine::Record;

use starhop_net::drive::{play_client, play_host_seats};
use starhop_net::{
    ClientConfig, Connector, Faults, HostConfig, HostEvent, HostHandle, Refusal, SeatInfo,
    SeatKind, Want,
};
use std::thread;
use std::time::Duration;

/// Each client plays its seat with a bot on a thread of its own; returns the records.
fn play_all(clients: Vec<(starhop_net::ClientHandle, starhop_net::ClientEvents)>) -> Vec<Record> {
    play_all_counting(clients).0
}

/// `play_all`, with the number of resyncs each client needed.
fn play_all_counting(
    clients: Vec<(starhop_net::ClientHandle, starhop_net::ClientEvents)>,
) -> (Vec<Record>, Vec<u64>) {
    let threads: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(i, (client, events))| {
            thread::spawn(move || {
                let record = play_client(&client, &events, bot(i as u64), GAME_LIMIT);
                (record, client)
            })
        })
        .collect();
    threads
        .into_iter()
        .map(|t| {
            let (record, client) = t.join().expect("a client thread");
            (
                record.expect("the client's game ends"),
                client.view().resyncs,
            )
        })
        .unzip()
}

fn assert_same_as_host(host: &HostHandle, records: &[Record]) {
    let host_record = host.view().record.expect("the host's record");
    assert!(host.view().game.unwrap().is_over());
    assert!(!host_record.actions.is_empty());
    for (i, r) in records.iter().enumerate() {
        assert_eq!(
            r, &host_record,
            "client {i}'s record differs from the host's"
        );
    }
    // And the record is a real game: it replays to its end.
    assert!(host_record.replay().unwrap().is_over());
}

#[test]
fn two_players_play_a_party_game_over_websockets_and_agree() {
    let (host, _events) = host(2, party_rules(), 11);
    let a = player(&host, ws(&host), "Ann");
    let b = player(&host, ws(&host), "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    let records = play_all(vec![a, b]);
    assert_same_as_host(&host, &records);
    let record = host.view().record.unwrap();
    assert_eq!(record.names, ["Ann", "Bob"]);
    // Party mode really ran: items were used or boxes taken along the way.
    let items_used = record
        .actions
        .iter()
        .filter(|a| matches!(a, starhop_engine::Action::UseItem { .. }))
        .count();
    assert!(record.rules.items);
    println!(
        "2-player party game: {} actions, {items_used} item uses",
        record.actions.len()
    );
    host.shutdown();
}

#[test]
fn six_players_with_host_bots_and_a_spectator_agree() {
    let mut config = HostConfig {
        seed: Some(6),
        ..HostConfig::new(6, party_rules())
    };
    // Seats 1 and 4 are the host's bots; four remote players take the rest.
    for s in [1, 4] {
        config.seats[s] = SeatInfo::bot("Easy", format!("Bot {s}"));
    }
    let (host, host_events) = HostHandle::start(config).unwrap();
    let code = host.code().to_string();
    let (spectator, spectator_events) = common::join(
        ws(&host),
        ClientConfig::new(code, "Watcher", Want::Spectator),
    )
    .unwrap();
    let players: Vec<_> = ["P0", "P2", "P3", "P5"]
        .iter()
        .map(|n| player(&host, ws(&host), n))
        .collect();
    wait_host(&host, "the start", |v| v.game.is_some());
    let host_thread = {
        let host = host.clone();
        thread::spawn(move || {
            play_host_seats(&host, &host_events, &[1, 4], bot(99), GAME_LIMIT)
                .expect("the host's bots finish")
        })
    };
    let mut records = play_all(players);
    records.push(host_thread.join().unwrap());
    let watched = play_client(
        &spectator,
        &spectator_events,
        |_| unreachable!(),
        GAME_LIMIT,
    )
    .expect("the spectator sees the end");
    records.push(watched);
    assert_same_as_host(&host, &records);
    let record = host.view().record.unwrap();
    assert_eq!(record.players, 6);
    assert_eq!(record.bots[1].as_deref(), Some("Easy"));
    assert_eq!(record.bots[0], None);
    println!("6-player party game: {} actions", record.actions.len());
    host.shutdown();
}

#[test]
fn a_killed_client_comes_back_to_its_seat_and_finishes() {
    let (host, host_events) = host(2, party_rules(), 21);
    let a = player(&host, ws(&host), "Ann");
    let (b, b_events) = player(&host, ws(&host), "Bob");
    let b_seat = b.view().seat.unwrap();
    let token = b.view().token.expect("a seat token");
    wait_host(&host, "the start", |v| v.game.is_some());
    let a_thread = thread::spawn(move || {
        let (client, events) = a;
        play_client(&client, &events, bot(1), GAME_LIMIT)
    });
    // Bob plays a few turns, then his client dies without a word.
    let mut my_bot = bot(2);
    let mut acted = None;
    while b.view().seq < 8 {
        let view = b.view();
        if let Some(game) = &view.game
            && game.to_move() == b_seat
            && acted != Some(view.seq)
        {
            b.act(view.seq, my_bot(game));
            acted = Some(view.seq);
        }
        b_events.recv_timeout(Duration::from_millis(50));
    }
    drop(b);
    drop(b_events);
    // The host sees the seat's connection go.
    let mut lost = false;
    while !lost {
        match host_events.recv_timeout(STEP) {
            Some(HostEvent::Connection { seat, connected }) => {
                lost = seat == b_seat && !connected;
            }
            Some(_) => {}
            None => panic!("the host never saw the connection go"),
        }
    }
    let at_loss = host.view().seq;
    let mut config = ClientConfig::new(host.code().to_string(), "Bob again", Want::Any);
    config.rejoin = Some(token);
    let (b2, b2_events) = common::join(ws(&host), config).expect("the seat back");
    assert_eq!(b2.view().seat, Some(b_seat));
    assert_eq!(
        host.view().lobby.seats[b_seat as usize].name,
        "Bob",
        "the same seat"
    );
    let b_record = play_client(&b2, &b2_events, bot(2), GAME_LIMIT).expect("Bob finishes");
    let a_record = a_thread.join().unwrap().expect("Ann finishes");
    assert_same_as_host(&host, &[a_record, b_record]);
    assert!(
        host.view().seq > at_loss,
        "the game went on after the return"
    );
    host.shutdown();
}

#[test]
fn delayed_duplicated_and_dropped_messages_never_desynchronise() {
    let (host, _events) = host(3, party_rules(), 31);
    let faults = |seed| Faults {
        drop: 0.08,
        duplicate: 0.1,
        max_delay: Duration::from_millis(15),
        seed,
        // The hello and the welcome get through: a welcome lost would lose
        // the seat's token with it (TCP does not lose messages; only this does).
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
            common::join(connector, config).expect("a seat")
        })
        .collect();
    wait_host(&host, "the start", |v| v.game.is_some());
    let (records, resyncs) = play_all_counting(clients);
    assert_same_as_host(&host, &records);
    // The faults bit: copies were replaced by the host's record on the way.
    println!("resyncs per client: {resyncs:?}");
    assert!(
        resyncs.iter().sum::<u64>() > 0,
        "no fault ever needed a resync"
    );
    host.shutdown();
}

#[test]
fn a_wrong_code_and_another_protocol_version_are_refused() {
    let (host, _events) = host(2, party_rules(), 41);
    let wrong = if host.code().as_str().starts_with('A') {
        "BBBBBBBBBB"
    } else {
        "AAAAAAAAAA"
    };
    let refused = common::join(ws(&host), ClientConfig::new(wrong, "Eve", Want::Any));
    assert_eq!(refused.err().map(|e| e.0), Some(Refusal::WrongCode));
    assert!(
        host.view()
            .lobby
            .seats
            .iter()
            .all(|s| s.kind == SeatKind::Open)
    );

    // A client of another version hears which versions differ.
    use futures_util::{SinkExt, StreamExt};
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let answer = rt.block_on(async {
        let url = format!("ws://{}/", host.addr());
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let hello = format!(
            r#"{{"type":"hello","protocol":99,"code":"{}","name":"Old","want":"any","extra":[1]}}"#,
            host.code()
        );
        ws.send(tokio_tungstenite::tungstenite::Message::text(hello))
            .await
            .unwrap();
        tokio::time::timeout(STEP, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap()
    });
    let text = answer.into_text().unwrap();
    let msg = starhop_net::protocol::decode_server(&text).unwrap();
    match msg {
        starhop_net::ServerMsg::Refused { reason, message } => {
            assert_eq!(
                reason,
                Refusal::Version {
                    host: starhop_net::PROTOCOL_VERSION,
                    client: 99
                }
            );
            assert!(message.contains("version 99"), "{message}");
        }
        other => panic!("not a refusal: {other:?}"),
    }
    // The right code still gets in afterwards.
    let _ok = player(&host, ws(&host), "Ann");
    host.shutdown();
}

#[test]
fn undo_by_agreement_keeps_everyone_in_step() {
    let config = HostConfig {
        seed: Some(51),
        undo: starhop_net::UndoPolicy::Accept,
        ..HostConfig::new(2, party_rules())
    };
    let (host, _events) = HostHandle::start(config).unwrap();
    let (a, a_events) = player(&host, ws(&host), "Ann");
    let (b, b_events) = player(&host, ws(&host), "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    let clients = [(&a, &a_events), (&b, &b_events)];
    let mut bots = [bot(1), bot(2)];
    // Four actions, then an undo, then everyone agrees on the state.
    let end = std::time::Instant::now() + STEP;
    while host.view().seq < 4 {
        assert!(
            std::time::Instant::now() < end,
            "four actions were not played"
        );
        for (i, (c, e)) in clients.iter().enumerate() {
            let v = c.view();
            if let (Some(g), Some(s)) = (&v.game, v.seat)
                && g.to_move() == s
                && v.seq == host.view().seq
            {
                c.act(v.seq, bots[i](g));
                while c.view().seq == v.seq {
                    assert!(std::time::Instant::now() < end, "a move was not played");
                    e.recv_timeout(Duration::from_millis(50));
                }
            }
        }
        thread::sleep(Duration::from_millis(5));
    }
    let before = host.view();
    a.ask_undo(before.seq);
    wait_host(&host, "the undo", |v| v.seq == before.seq + 1);
    let after = host.view();
    assert_eq!(
        after.game.as_ref().unwrap().actions().count() + 1,
        before.game.as_ref().unwrap().actions().count()
    );
    for (c, _) in clients {
        let end = std::time::Instant::now() + STEP;
        while c.view().seq != after.seq {
            assert!(std::time::Instant::now() < end);
            thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(c.view().game.unwrap().checksum(), after.checksum);
    }
    host.shutdown();
}

#[test]
fn the_hosts_seat_colours_reach_the_clients() {
    const RED: [u8; 3] = [219, 31, 36];
    const BLUE: [u8; 3] = [31, 97, 230];
    const GREEN: [u8; 3] = [26, 158, 71];
    let mut config = HostConfig {
        start_when_full: false,
        ..HostConfig::new(3, party_rules())
    };
    config.seats[0] = SeatInfo::open().with_colour(RED);
    config.seats[1] = SeatInfo::bot("Easy", "Botty").with_colour(BLUE);
    let (host, _events) = HostHandle::start(config).unwrap();
    let (ann, _ann_events) = player(&host, ws(&host), "Ann");
    assert_eq!(ann.view().seat, Some(0));
    let colours = |lobby: &starhop_net::Lobby| -> Vec<Option<[u8; 3]>> {
        lobby.seats.iter().map(|s| s.colour).collect()
    };
    // The welcome's lobby has them, and the seat Ann took keeps its colour.
    let lobby = ann.view().lobby.expect("the welcome's lobby");
    assert_eq!(lobby.seats[0].kind, SeatKind::Remote);
    assert_eq!(colours(&lobby), [Some(RED), Some(BLUE), None]);
    // A seat the host changes carries its new colour to everyone.
    host.set_seat(2, SeatInfo::local("Host").with_colour(GREEN))
        .unwrap();
    let end = std::time::Instant::now() + STEP;
    while colours(&ann.view().lobby.unwrap())[2] != Some(GREEN) {
        assert!(std::time::Instant::now() < end, "the new colour never came");
        thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(
        colours(&host.view().lobby),
        [Some(RED), Some(BLUE), Some(GREEN)]
    );
    host.shutdown();
}

/// Party rules with a move limit (a minute: no one runs out in these tests).
fn clocked_rules() -> starhop_engine::Rules {
    starhop_engine::Rules {
        move_limit_ms: Some(60_000),
        ..party_rules()
    }
}

/// The next clock message a client hears (bounded by `STEP`).
fn next_clock(events: &starhop_net::ClientEvents) -> (u64, u32) {
    let end = std::time::Instant::now() + STEP;
    while std::time::Instant::now() < end {
        if let Some(starhop_net::ClientEvent::Clock { seq, turn_ms }) =
            events.recv_timeout(Duration::from_millis(50))
        {
            return (seq, turn_ms);
        }
    }
    panic!("no clock message within {STEP:?}");
}

#[test]
fn a_client_of_a_clocked_game_sees_its_clock_grow() {
    let (host, _events) = host(2, clocked_rules(), 61);
    let (a, a_events) = player(&host, ws(&host), "Ann");
    let _b = player(&host, ws(&host), "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    // Nobody moves: the host's clock messages, each a second apart, grow.
    let (seq, first) = next_clock(&a_events);
    assert_eq!(seq, 0);
    let mut later = first;
    while later <= first {
        let (seq, turn_ms) = next_clock(&a_events);
        assert_eq!(seq, 0, "nobody moved");
        later = turn_ms;
    }
    let clock = a.clock().expect("the clock of the running turn");
    assert_eq!(clock.seq, 0);
    assert!(clock.turn_ms >= later);
    assert!(clock.turn_ms_now() >= clock.turn_ms);
    assert!(a.view().turn_ms >= later);
    host.shutdown();
}

#[test]
fn the_host_tells_the_clock_when_each_turn_starts() {
    // The host's periodic work never comes round again in this test, so every
    // clock message heard is one sent because a turn started.
    let mut config = HostConfig {
        seed: Some(62),
        ..HostConfig::new(2, clocked_rules())
    };
    config.timeouts.tick = Duration::from_secs(3600);
    let (host, _events) = HostHandle::start(config).unwrap();
    let (a, a_events) = player(&host, ws(&host), "Ann");
    let (b, b_events) = player(&host, ws(&host), "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    assert_eq!(next_clock(&a_events).0, 0, "the first turn's clock");
    // Two moves; each starts a turn with its clock.
    let mut bots = [bot(1), bot(2)];
    for expected in 1..=2u64 {
        let game = host.view().game.unwrap();
        let mover = game.to_move();
        let (c, e) = if a.view().seat == Some(mover) {
            (&a, &a_events)
        } else {
            (&b, &b_events)
        };
        let end = std::time::Instant::now() + STEP;
        while c.view().game.is_none() || c.view().seq < expected - 1 {
            assert!(
                std::time::Instant::now() < end,
                "the client did not catch up"
            );
            e.recv_timeout(Duration::from_millis(20));
        }
        c.act(expected - 1, bots[mover as usize](&game));
        wait_host(&host, "the move", |v| v.seq == expected);
        let mut heard = next_clock(&a_events);
        while heard.0 < expected {
            heard = next_clock(&a_events);
        }
        assert_eq!(heard.0, expected);
    }
    let clock = a.clock().expect("the clock of the new turn");
    assert_eq!(clock.seq, 2);
    host.shutdown();
}
