//! Network games in the game: a headless app hosts a table or joins one over
//! loopback WebSockets, and its match stays the authority's game move for move.

use crate::common;

use bevy::prelude::*;
use starhop::Screen;
use starhop::classic::{Match, MatchSetup, MoveRequest, SeatKind};
use starhop::online::{HostGame, JoinGame, LastTable, Online, TableRequest, TableState};
use starhop_engine::{Action, Game, Move};
use starhop_net::{
    ClientConfig, ClientHandle, Connector, HostConfig, HostHandle, SeatInfo, Want, drive,
};
use std::time::{Duration, Instant};

/// Updates the app until `done` holds, failing after `limit` (of real time:
/// the other side runs on its own threads).
fn update_until(
    app: &mut App,
    limit: Duration,
    what: &str,
    mut done: impl FnMut(&mut App) -> bool,
) {
    let end = Instant::now() + limit;
    while !done(app) {
        if Instant::now() > end {
            let seen = &app.world().resource::<common::Seen>().notices;
            panic!("timed out waiting for {what}; notices: {seen:?}");
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A headless app that has joined `host` as "Guesty", its game on screen.
fn joined_app(host: &HostHandle) -> App {
    joined_app_in(host, None)
}

/// The same, with its own data folders.
fn joined_app_in(host: &HostHandle, folders: Option<starhop::persist::Folders>) -> App {
    let mut app = common::app();
    if let Some(f) = folders {
        app.insert_resource(f);
    }
    app.world_mut().write_message(JoinGame {
        addr: host.addr().to_string(),
        code: host.code().to_string(),
        name: "Guesty".into(),
        ..JoinGame::default()
    });
    update_until(
        &mut app,
        Duration::from_secs(10),
        "the game on screen",
        |app| *app.world().resource::<State<Screen>>().get() == Screen::Playing,
    );
    app
}

fn small_rules() -> starhop_engine::Rules {
    starhop_engine::Rules {
        board_size: 3,
        ..common::fixed_rules()
    }
}

/// The first legal move, as a network action.
fn first_move(game: &Game) -> Action {
    let mv: Move = game.legal_moves()[0];
    drive::move_action(game, mv).expect("a legal move has a route")
}

#[test]
fn a_hosted_table_plays_a_remote_player_like_a_local_one() {
    let mut app = common::app();
    let mut setup = MatchSetup::new(2, small_rules());
    setup.seats[0].kind = SeatKind::Bot(starhop_ai::Level::Beginner);
    setup.seats[1].kind = SeatKind::Remote;
    app.world_mut().write_message(HostGame(setup));
    update_until(&mut app, Duration::from_secs(10), "the table", |app| {
        app.world().get_resource::<Online>().is_some()
    });
    let (code, port) = {
        let online = app.world().resource::<Online>();
        assert!(online.is_host());
        let port = online.addresses[0].rsplit(':').next().unwrap().to_string();
        (online.code.clone(), port)
    };
    let (client, events) = ClientHandle::connect(
        Connector::WebSocket(format!("127.0.0.1:{port}")),
        ClientConfig::new(code, "Remy", Want::Any),
    )
    .unwrap();
    update_until(
        &mut app,
        Duration::from_secs(10),
        "the player to join",
        |app| {
            let online = app.world().resource::<Online>();
            online
                .lobby
                .as_ref()
                .is_some_and(|l| l.seats[1].name == "Remy" && l.seats[1].connected)
        },
    );
    app.world_mut().write_message(TableRequest::Start);
    update_until(&mut app, Duration::from_secs(10), "the game", |app| {
        app.world().get_resource::<Match>().is_some()
    });
    assert_eq!(
        app.world().resource::<Match>().setup.seats[1].name,
        "Remy",
        "the joined player's name is on their seat"
    );
    // The remote player makes four moves, then resigns.
    let remote = std::thread::spawn(move || {
        let mut turns = 0;
        drive::play_client(
            &client,
            &events,
            move |g| {
                turns += 1;
                if turns > 4 {
                    Action::Resign {
                        seat: g.to_move(),
                        ms: 0,
                    }
                } else {
                    first_move(g)
                }
            },
            Duration::from_secs(60),
        )
    });
    update_until(&mut app, Duration::from_secs(60), "the end", |app| {
        app.world().resource::<Match>().game.is_over()
    });
    let record = remote.join().unwrap().expect("the remote player's record");
    let m = app.world().resource::<Match>();
    let ours: Vec<&Action> = m.game.actions().collect();
    let theirs = record.replay().expect("the remote record replays");
    assert_eq!(ours.len(), theirs.actions().count());
    assert!(
        ours.iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .count()
            >= 8
    );
    assert_eq!(m.game.checksum(), theirs.checksum());
    // Every move was shown as a marble report, the remote ones too.
    let seen = app.world().resource::<common::Seen>();
    assert!(seen.reports >= 8, "{} marble reports", seen.reports);
}

#[test]
fn joining_a_table_plays_our_seat_through_the_host() {
    let mut config = HostConfig::new(2, small_rules());
    config.seats = vec![
        SeatInfo {
            kind: starhop_net::SeatKind::Local,
            name: "Hosta".into(),
            connected: true,
            colour: None,
        },
        SeatInfo {
            kind: starhop_net::SeatKind::Open,
            name: String::new(),
            connected: false,
            colour: None,
        },
    ];
    config.start_when_full = true;
    let (host, host_events) = HostHandle::start(config).unwrap();
    let mut app = joined_app(&host);
    assert!(app.world().get_resource::<Match>().is_some());
    {
        let m = app.world().resource::<Match>();
        assert_eq!(m.setup.seats[1].kind, SeatKind::Human, "our seat");
        assert_eq!(m.setup.seats[0].kind, SeatKind::Remote, "the host's seat");
        assert_eq!(m.setup.seats[0].name, "Hosta");
    }
    // The host's own seat: three moves, then it resigns.
    let h = host.clone();
    let local = std::thread::spawn(move || {
        let mut turns = 0;
        drive::play_host_seats(
            &h,
            &host_events,
            &[0],
            move |g| {
                turns += 1;
                if turns > 3 {
                    Action::Resign { seat: 0, ms: 0 }
                } else {
                    first_move(g)
                }
            },
            Duration::from_secs(60),
        )
    });
    // Our seat moves as a person would: a request to the match.
    let mut asked_at = None;
    update_until(&mut app, Duration::from_secs(60), "the end", |app| {
        let m = app.world().resource::<Match>();
        if m.game.is_over() {
            return true;
        }
        if m.game.to_move() == 1 && asked_at != Some(m.game.actions().count()) {
            asked_at = Some(m.game.actions().count());
            let mv = m.game.legal_moves()[0];
            app.world_mut().write_message(MoveRequest::from(mv));
        }
        false
    });
    local.join().unwrap().expect("the host's record");
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.checksum(), host.view().checksum);
    assert!(
        m.game
            .actions()
            .filter(|a| matches!(a, Action::Move { .. }))
            .count()
            >= 6
    );
}

#[test]
fn a_wrong_room_code_is_refused_with_words() {
    let (host, _events) = HostHandle::start(HostConfig::new(2, small_rules())).unwrap();
    let mut app = common::app();
    app.world_mut().write_message(JoinGame {
        addr: host.addr().to_string(),
        code: "WRONG-CODE0".into(),
        name: "Guesty".into(),
        ..JoinGame::default()
    });
    update_until(&mut app, Duration::from_secs(10), "the refusal", |app| {
        app.world()
            .get_resource::<Online>()
            .is_some_and(|o| matches!(o.state, TableState::Closed(_)))
    });
    let online = app.world().resource::<Online>();
    let TableState::Closed(reason) = &online.state else {
        unreachable!()
    };
    assert!(reason.contains("code"), "{reason}");
    assert!(app.world().get_resource::<Match>().is_none());
    // Leaving goes back to the form, to put the code right.
    app.world_mut().write_message(TableRequest::Leave);
    update_until(&mut app, Duration::from_secs(10), "the form", |app| {
        app.world().get_resource::<Online>().is_none()
            && *app.world().resource::<State<Screen>>().get() == Screen::Online
    });
}

/// A two-seat table under way: Otto (seat 0) has moved, and the app, at
/// seat 1, has left the table and was closed; its folders keep the table's
/// address and the seat's token.
struct LeftTable {
    host: HostHandle,
    _host_events: starhop_net::HostEvents,
    other: ClientHandle,
    _other_events: starhop_net::ClientEvents,
    folders: starhop::persist::Folders,
    last: JoinGame,
    seat: starhop_engine::Seat,
}

fn leave_after_ottos_move(config: HostConfig, folder: &str) -> LeftTable {
    let (host, host_events) = HostHandle::start(config).unwrap();
    // Another person takes seat 0, then the app joins (seat 1).
    let (other, other_events) = ClientHandle::connect(
        Connector::InProcess(host.clone()),
        ClientConfig::new(host.code().to_string(), "Otto", Want::Any),
    )
    .unwrap();
    let folders = common::temp_folders(folder);
    let mut app = joined_app_in(&host, Some(folders.clone()));
    let seat = app.world().resource::<Online>().seat.expect("a seat");
    // Otto moves, so the game is under way when the app comes back.
    let view = other.view();
    let game = view.game.clone().unwrap();
    assert_eq!(game.to_move(), view.seat.unwrap(), "seat 0 moves first");
    other.act(view.seq, first_move(&game));
    update_until(&mut app, Duration::from_secs(10), "Otto's move", |app| {
        app.world().resource::<Match>().game.actions().count() == 1
    });
    app.world_mut().write_message(TableRequest::Leave);
    update_until(&mut app, Duration::from_secs(10), "leaving", |app| {
        app.world().get_resource::<Online>().is_none()
    });
    let last = app.world().resource::<LastTable>().0.clone();
    assert!(last.rejoin.is_some(), "the seat's token is kept");
    LeftTable {
        host,
        _host_events: host_events,
        other,
        _other_events: other_events,
        folders,
        last,
        seat,
    }
}

#[test]
fn a_player_who_left_takes_their_seat_back_even_after_a_restart() {
    let mut config = HostConfig::new(2, small_rules());
    config.start_when_full = true;
    let LeftTable {
        host,
        other,
        folders,
        last,
        seat,
        ..
    } = leave_after_ottos_move(config, "online-rejoin");
    // The game is started again: the seat's token was kept on disk.
    let mut app = common::app();
    app.insert_resource(folders.clone());
    app.update();
    app.update();
    let kept = app.world().get_resource::<LastTable>().map(|l| l.0.clone());
    assert_eq!(kept.as_ref(), Some(&last), "the last table after a restart");
    app.world_mut().write_message(last);
    update_until(
        &mut app,
        Duration::from_secs(10),
        "the game back on screen",
        |app| {
            *app.world().resource::<State<Screen>>().get() == Screen::Playing
                && app.world().get_resource::<Match>().is_some()
        },
    );
    let online = app.world().resource::<Online>();
    assert_eq!(online.seat, Some(seat), "the same seat");
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.actions().count(), 1, "the game as it stood");
    assert_eq!(m.game.checksum(), host.view().checksum);
    assert_eq!(m.setup.seats[seat as usize].kind, SeatKind::Human);
    drop(other);
}

/// A player who comes back after their seat's time to come back ran out
/// (the host gave the seat up and the game ended) is told so plainly and
/// sees the game's end, never "back" at a seat that is gone.
#[test]
fn a_seat_that_timed_out_is_not_taken_back_and_the_player_is_told_why() {
    let mut config = HostConfig::new(2, small_rules());
    config.start_when_full = true;
    config.timeouts.reconnect = Duration::from_millis(600);
    let LeftTable {
        host,
        other,
        folders,
        last,
        ..
    } = leave_after_ottos_move(config, "online-lapsed");
    // The seat waits 0.6 s, then its player resigns: Otto wins.
    let end = Instant::now() + Duration::from_secs(10);
    while !host.view().game.as_ref().is_some_and(Game::is_over) {
        assert!(Instant::now() < end, "the host gives the seat up");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut app = common::app();
    app.insert_resource(folders.clone());
    app.update();
    app.world_mut().write_message(last);
    update_until(
        &mut app,
        Duration::from_secs(10),
        "the game's end on screen",
        |app| {
            *app.world().resource::<State<Screen>>().get() == Screen::Playing
                && app
                    .world()
                    .get_resource::<Match>()
                    .is_some_and(|m| m.game.is_over())
        },
    );
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.checksum(), host.view().checksum, "the host's game");
    assert_eq!(
        app.world().resource::<Online>().seat,
        None,
        "no seat any more"
    );
    let notices: Vec<String> = app
        .world()
        .resource::<common::Seen>()
        .notices
        .iter()
        .map(|n| format!("{n:?}"))
        .collect();
    assert!(
        notices.iter().any(|n| n.contains("away too long")),
        "told why: {notices:?}"
    );
    assert!(
        !notices.iter().any(|n| n.contains("is back")),
        "a seat that is gone is never back: {notices:?}"
    );
    // The token is forgotten: the table is not offered again.
    assert_eq!(
        app.world().resource::<LastTable>().0.rejoin,
        None,
        "the token is dropped"
    );
    drop(other);
}

#[test]
fn a_joining_player_sees_the_hosts_colours_and_its_clock_running() {
    use starhop::ui::palette::palette_rgb;
    let rules = starhop_engine::Rules {
        move_limit_ms: Some(60_000),
        ..small_rules()
    };
    let mut config = HostConfig::new(2, rules);
    config.seats = vec![
        SeatInfo::local("Hosta").with_colour(palette_rgb(4)),
        SeatInfo::open().with_colour(palette_rgb(2)),
    ];
    config.start_when_full = true;
    let (host, _host_events) = HostHandle::start(config).unwrap();
    let mut app = joined_app(&host);
    {
        let m = app.world().resource::<Match>();
        assert_eq!(m.setup.seats[0].colour, 4, "the host's colour for its seat");
        assert_eq!(m.setup.seats[1].colour, 2, "the host's colour for ours");
        assert_eq!(m.game.to_move(), 0);
    }
    // The host's player thinks: the clock on our screen runs meanwhile
    // (between the host's clock messages too), and the copy stays in step.
    update_until(
        &mut app,
        Duration::from_secs(20),
        "the clock to run",
        |app| {
            let m = app.world().resource::<Match>();
            m.game.move_time_left().is_some_and(|left| left < 58_500)
        },
    );
    let m = app.world().resource::<Match>();
    assert!(!m.game.is_over());
    assert_eq!(m.game.checksum(), host.view().checksum);
}

#[test]
fn a_saved_game_is_hosted_again_and_its_player_finds_their_seat_by_name() {
    // A game of Ann and Bob, three moves in, saved.
    let mut game = Game::new(small_rules(), 2, 5).unwrap();
    for _ in 0..3 {
        let mv = game.legal_moves()[0];
        game.apply(drive::move_action(&game, mv).unwrap()).unwrap();
    }
    let record = starhop_engine::Record::of(&game, vec!["Ann".into(), "Bob".into()]);
    let mut app = common::app();
    // Bob is to move in the saved game; Ann hosts it and plays here.
    app.world_mut()
        .write_message(starhop::online::HostSaved { record, seat: 0 });
    update_until(&mut app, Duration::from_secs(10), "the table", |app| {
        app.world().get_resource::<Online>().is_some()
    });
    let (code, port) = {
        let online = app.world().resource::<Online>();
        let lobby = online.lobby.as_ref().unwrap();
        assert_eq!(lobby.seats[0].kind, starhop_net::SeatKind::Local);
        assert_eq!(lobby.seats[1].kind, starhop_net::SeatKind::Open);
        let port = online.addresses[0].rsplit(':').next().unwrap().to_string();
        (online.code.clone(), port)
    };
    // Bob asks for any seat and gets his own, by his name.
    let (client, _events) = ClientHandle::connect(
        Connector::WebSocket(format!("127.0.0.1:{port}")),
        ClientConfig::new(code, "Bob", Want::Any),
    )
    .unwrap();
    update_until(&mut app, Duration::from_secs(10), "Bob to join", |app| {
        let online = app.world().resource::<Online>();
        online.lobby.as_ref().is_some_and(|l| l.seats[1].connected)
    });
    assert_eq!(client.view().seat, Some(1));
    app.world_mut().write_message(TableRequest::Start);
    update_until(&mut app, Duration::from_secs(10), "the game", |app| {
        app.world().get_resource::<Match>().is_some()
    });
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.actions().count(), 3, "the game as it stood");
    assert_eq!(m.game.checksum(), game.checksum());
    assert_eq!(m.setup.seats[0].kind, SeatKind::Human);
    assert_eq!(m.setup.seats[1].kind, SeatKind::Remote);
    assert_eq!(m.setup.seats[1].name, "Bob");
    // Bob's copy is the same game.
    update_until(&mut app, Duration::from_secs(10), "Bob's copy", |_| {
        client.view().game.is_some()
    });
    assert_eq!(client.view().game.unwrap().checksum(), game.checksum());
}

#[test]
fn the_host_seats_a_bot_where_nobody_came_and_it_plays_through_the_table() {
    let mut app = common::app();
    let mut setup = MatchSetup::new(2, small_rules());
    setup.seats[1].kind = SeatKind::Remote;
    app.world_mut().write_message(HostGame(setup));
    update_until(&mut app, Duration::from_secs(10), "the table", |app| {
        app.world().get_resource::<Online>().is_some()
    });
    let bot = SeatKind::Bot(starhop_ai::Level::Beginner);
    app.world_mut().write_message(TableRequest::SetSeat(1, bot));
    update_until(&mut app, Duration::from_secs(10), "the bot seated", |app| {
        let online = app.world().resource::<Online>();
        online
            .lobby
            .as_ref()
            .is_some_and(|l| matches!(l.seats[1].kind, starhop_net::SeatKind::Bot { .. }))
    });
    // Every seat is taken now: the game starts, the bot's seat the app's bot's.
    app.world_mut().write_message(TableRequest::Start);
    update_until(&mut app, Duration::from_secs(10), "the game", |app| {
        app.world().get_resource::<Match>().is_some()
    });
    assert_eq!(app.world().resource::<Match>().setup.seats[1].kind, bot);
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest::from(mv));
    update_until(
        &mut app,
        Duration::from_secs(30),
        "the bot's answer",
        |app| app.world().resource::<Match>().game.actions().count() >= 2,
    );
    // (With a table open the match changes only by what the host plays, so
    // both moves went through it.)
}
