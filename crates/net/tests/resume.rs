//! A saved game taken up by a new host: the players come back with the new
//! room code, claim their seats, and the game goes on from where it stood.

mod common;

use common::*;
use starhop_engine::{Action, Game, Record, RecordError, Seat};
use starhop_net::drive::{play_client, play_host_seats};
use starhop_net::{
    ClientConfig, ClientEvents, ClientHandle, HostConfig, HostHandle, Refusal, ResumeError,
    SeatInfo, SeatKind, Want,
};
use std::thread;
use std::time::{Duration, Instant};

type Client = (ClientHandle, ClientEvents);

/// Plays `n` actions one at a time: the clients' seats with their bots, the
/// host's `host_seats` with its bot; each action is waited for on the host.
fn play_some(host: &HostHandle, clients: &[&Client], host_seats: &[Seat], n: u64) {
    let target = host.view().seq + n;
    let end = Instant::now() + GAME_LIMIT;
    while host.view().seq < target {
        assert!(Instant::now() < end, "{n} actions were not played");
        let view = host.view();
        let game = view.game.expect("a game");
        assert!(!game.is_over(), "the game ended too soon for this test");
        let mover = game.to_move();
        if host_seats.contains(&mover) {
            host.act(mover, bot(99)(&game)).unwrap();
        } else {
            let (client, events) = clients
                .iter()
                .find(|(c, _)| c.view().seat == Some(mover))
                .expect("a client in the seat to move");
            // The client chooses in its own copy, once it has caught up.
            let behind = |v: starhop_net::ClientView| v.game.is_none() || v.seq < view.seq;
            while behind(client.view()) {
                assert!(Instant::now() < end, "the client did not catch up");
                events.recv_timeout(Duration::from_millis(20));
            }
            let copy = client.view().game.expect("the client's copy");
            client.act(view.seq, bot(u64::from(mover))(&copy));
        }
        wait_host(host, "the action", |v| v.seq > view.seq);
    }
    // Everyone has caught up, so every copy is the host's.
    for (client, _) in clients {
        let end = Instant::now() + STEP;
        while client.view().seq < target {
            assert!(Instant::now() < end, "a client did not catch up");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

fn seat(host: &HostHandle, want: Want, name: &str) -> Client {
    join(
        ws(host),
        ClientConfig::new(host.code().to_string(), name, want),
    )
    .expect("a seat")
}

#[test]
fn a_saved_game_is_taken_up_by_a_new_host_and_ends_alike_everywhere() {
    // The first table: Ann and Bob remote, seat 2 the host's bot.
    let mut config = HostConfig {
        seed: Some(71),
        ..HostConfig::new(3, party_rules())
    };
    config.seats[2] = SeatInfo::bot("Easy", "Botty");
    let (host, _events) = HostHandle::start(config).unwrap();
    let ann = seat(&host, Want::Seat(0), "Ann");
    let bob = seat(&host, Want::Seat(1), "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    play_some(&host, &[&ann, &bob], &[2], 12);

    let saved = host.record().expect("a game to save");
    assert_eq!(saved.actions.len(), 12);
    assert_eq!(saved.names, ["Ann", "Bob", "Botty"]);
    assert_eq!(saved.bots, [None, None, Some("Easy".to_string())]);
    // A client's copy saves as the same record.
    assert_eq!(ann.0.record().as_ref(), Some(&saved));
    let old_token = bob.0.view().token.expect("Bob's token");
    // The host quits mid-game; its last state can still be saved.
    host.shutdown();
    drop((ann, bob));
    assert_eq!(host.record().as_ref(), Some(&saved));

    // A new host, from the saved file.
    let saved = Record::from_json(&saved.to_json()).unwrap();
    let config = HostConfig::resume(saved.clone()).expect("a game to take up");
    assert_eq!(config.seed, Some(saved.seed));
    assert_eq!(config.seats[0].kind, SeatKind::Open);
    assert_eq!(config.seats[1].name, "Bob");
    assert_eq!(
        config.seats[2].kind,
        SeatKind::Bot {
            level: "Easy".into()
        }
    );
    let (host2, host2_events) = HostHandle::start(config).unwrap();
    let code2 = host2.code().to_string();
    // The old host's tokens mean nothing here.
    let mut stale = ClientConfig::new(&code2, "Bob", Want::Any);
    stale.rejoin = Some(old_token);
    let refused = join(ws(&host2), stale).err().map(|e| e.0);
    assert_eq!(refused, Some(Refusal::BadToken));
    // The bot's seat is the host's.
    let refused = join(ws(&host2), ClientConfig::new(&code2, "Eve", Want::Seat(2)));
    assert_eq!(refused.err().map(|e| e.0), Some(Refusal::Full));
    // Bob comes back first, asking for any seat: his own is found by his
    // name (not the first open one), and the saved spelling stays.
    let bob2 = seat(&host2, Want::Any, "bob");
    assert_eq!(bob2.0.view().seat, Some(1));
    let lobby = host2.view().lobby;
    assert_eq!(lobby.seats[1].name, "Bob");
    assert_eq!(lobby.seats[0].name, "Ann");
    assert!(!lobby.started, "seat 0 is still open");
    let ann2 = seat(&host2, Want::Any, "Ann");
    assert_eq!(ann2.0.view().seat, Some(0));
    wait_host(&host2, "the resumed start", |v| v.game.is_some());
    let resumed = host2.view().game.unwrap();
    assert_eq!(resumed.actions().count(), 12, "the game as it stood");
    assert_eq!(resumed.checksum(), saved.replay().unwrap().checksum());

    // Everyone plays on to the end.
    let host_thread = {
        let host2 = host2.clone();
        thread::spawn(move || {
            play_host_seats(&host2, &host2_events, &[2], bot(99), GAME_LIMIT)
                .expect("the host's bot finishes")
        })
    };
    let client_threads: Vec<_> = [ann2, bob2]
        .into_iter()
        .enumerate()
        .map(|(i, (client, events))| {
            thread::spawn(move || play_client(&client, &events, bot(i as u64), GAME_LIMIT))
        })
        .collect();
    let mut records = vec![host_thread.join().unwrap()];
    for t in client_threads {
        records.push(t.join().unwrap().expect("a client finishes"));
    }
    let record = host2.view().record.expect("the host's record");
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r, &record, "side {i}'s record differs from the host's");
    }
    assert!(record.actions.len() > saved.actions.len());
    assert_eq!(record.actions[..12], saved.actions[..]);
    assert_eq!(record.names, saved.names);
    assert_eq!((record.seed, &record.draw), (saved.seed, &saved.draw));
    assert!(record.replay().unwrap().is_over());
    println!(
        "resumed after 12 actions, ended after {}",
        record.actions.len()
    );
    host2.shutdown();
}

/// A finished two-player party game, played by the engine alone.
fn finished_game() -> Game {
    let mut game = Game::new(party_rules(), 2, 5).unwrap();
    let mut choose = bot(5);
    while !game.is_over() {
        let action = choose(&game);
        game.apply(action).expect("the bot's action is legal");
    }
    game
}

#[test]
fn a_saved_game_that_does_not_replay_or_has_ended_is_refused_with_a_reason() {
    let mut game = Game::new(party_rules(), 2, 8).unwrap();
    let mut choose = bot(8);
    for _ in 0..4 {
        let action = choose(&game);
        game.apply(action).unwrap();
    }
    let good = Record::of(&game, vec!["Ann".into(), "Bob".into()]);

    // An action that is not legal: the error says which.
    let mut tampered = good.clone();
    tampered.actions.push(Action::Move {
        from: 0,
        to: 0,
        route: vec![0],
        ms: 0,
    });
    match HostConfig::resume(tampered.clone()) {
        Err(e @ ResumeError::Replay(RecordError::Action { number: 5, .. })) => {
            assert!(e.to_string().contains("does not replay"), "{e}");
        }
        other => panic!("not refused for action 5: {other:?}"),
    }
    // A record slipped into a config by hand is checked as well.
    let config = HostConfig {
        resume: Some(tampered),
        ..HostConfig::new(2, party_rules())
    };
    let err = HostHandle::start(config).err().expect("refused");
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    // A table of another size or other rules for the saved game.
    let mut config = HostConfig::resume(good.clone()).unwrap();
    config.seats.push(SeatInfo::open());
    config.rules.validate(3).unwrap();
    assert!(HostHandle::start(config).is_err());

    // A game that is over has nothing left to play.
    let over = Record::of(&finished_game(), Vec::new());
    assert_eq!(HostConfig::resume(over).err(), Some(ResumeError::Over));

    // A resumed table keeps the saved rules.
    let (host, _events) = HostHandle::start(HostConfig::resume(good).unwrap()).unwrap();
    assert!(host.set_rules(party_rules()).is_err());
    host.shutdown();
}

/// A player who comes back after their seat's time ran out (they were
/// resigned, and here the game ended) is welcomed to watch, without a seat,
/// and sees the end; nobody is told they are back.
#[test]
fn a_token_whose_seat_lapsed_opens_the_table_only_to_watch() {
    let mut config = HostConfig::new(2, starhop_engine::Rules::classic());
    config.start_when_full = true;
    config.timeouts.reconnect = Duration::from_millis(300);
    let (host, host_events) = HostHandle::start(config).unwrap();
    let a = player(&host, ws(&host), "Ann");
    let b = player(&host, ws(&host), "Bob");
    wait_host(&host, "the start", |v| v.game.is_some());
    let b_seat = b.0.view().seat.expect("Bob's seat");
    let token = b.0.view().token.expect("Bob's token");
    drop(b);
    wait_host(&host, "Bob resigned by the time limit", |v| {
        v.game.as_ref().is_some_and(Game::is_over)
    });
    while host_events.try_recv().is_some() {}
    let mut back = ClientConfig::new(host.code().to_string(), "Bob", Want::Any);
    back.rejoin = Some(token);
    let (c, c_events) = join(ws(&host), back).expect("welcomed");
    assert_eq!(c.view().seat, None, "no seat any more");
    // The end reaches the one who came back.
    let end = Instant::now() + STEP;
    while !c.view().game.as_ref().is_some_and(Game::is_over) {
        assert!(Instant::now() < end, "the game's end reached the watcher");
        c_events.recv_timeout(Duration::from_millis(20));
    }
    assert_eq!(
        c.view().game.map(|g| g.checksum()),
        Some(host.view().checksum)
    );
    thread::sleep(Duration::from_millis(200));
    while let Some(e) = host_events.try_recv() {
        assert!(
            !matches!(e, starhop_net::HostEvent::Connection { seat, connected: true } if seat == b_seat),
            "a lapsed seat is never back"
        );
    }
    drop(a);
}
