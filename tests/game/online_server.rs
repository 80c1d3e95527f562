//! Play online: two headless apps play a party game through a
//! `starhop-server` on loopback, by room code alone; one drops and takes
//! its seat back, and the server restarts mid-game.

use crate::common;

use bevy::prelude::*;
use starhop::Screen;
use starhop::classic::{Match, MoveRequest, TurnRequest};
use starhop::online::server::{OpenOnServer, ServerGame, TableForm};
use starhop::online::{JoinGame, LastTable, Online, TableRequest, TableState};
use starhop::settings::Language;
use starhop_ai::{BotAction, Budget, Level};
use starhop_games::{AnyRecord, BoxGame};
use starhop_server::log::Log;
use starhop_server::{LogFormat, Server, ServerConfig};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(30);

fn server(data: &Path, listen: SocketAddr) -> Server {
    let config = ServerConfig {
        listen,
        data: data.to_path_buf(),
        threads: 1,
        ..ServerConfig::default()
    };
    let log = Log {
        format: LogFormat::Text,
        quiet: true,
    };
    Server::start(config, log).expect("a server on loopback")
}

/// Updates both apps until `done` holds (real time: the server and the
/// clients run on their own threads).
fn update_both(apps: &mut [App; 2], what: &str, mut done: impl FnMut(&mut [App; 2]) -> bool) {
    let end = Instant::now() + LIMIT;
    while !done(apps) {
        if Instant::now() > end {
            let seen: Vec<_> = apps
                .iter()
                .map(|a| a.world().resource::<common::Seen>().notices.clone())
                .collect();
            panic!("timed out waiting for {what}; notices: {seen:?}");
        }
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn actions(app: &App) -> usize {
    app.world()
        .get_resource::<Match>()
        .map_or(0, |m| m.game.actions().count())
}

fn playing(app: &App) -> bool {
    app.world()
        .get_resource::<Online>()
        .is_some_and(|o| o.state == TableState::Playing)
        && *app.world().resource::<State<Screen>>().get() == Screen::Playing
}

/// The move a person at this app would ask for now (a one-ply bot
/// chooses), when it is their turn.
fn our_move(app: &App) -> Option<(usize, Result<MoveRequest, TurnRequest>)> {
    let m = app.world().get_resource::<Match>()?;
    let o = app.world().get_resource::<Online>()?;
    let n = m.game.actions().count();
    if m.game.is_over() || o.state != TableState::Playing || o.seat != Some(m.game.to_move()) {
        return None;
    }
    let request = match starhop_ai::choose(&m.game, Level::Easy, Budget::depth(1), n as u64).action
    {
        BotAction::Move(mv) => Ok(MoveRequest::from(mv)),
        // Items are another test's business: a plain move instead.
        BotAction::Item(_) => match m.game.legal_moves().first() {
            Some(&mv) => Ok(MoveRequest::from(mv)),
            None => Err(TurnRequest::Pass),
        },
        BotAction::Pass => Err(TurnRequest::Pass),
    };
    Some((n, request))
}

/// Plays both seats as people would (requests to each app's match) until
/// both apps have seen `target` actions.
fn play_until(apps: &mut [App; 2], target: usize) {
    let mut asked = [None, None];
    update_both(apps, &format!("{target} actions on both sides"), |apps| {
        if apps.iter().all(|a| actions(a) >= target) {
            return true;
        }
        for (i, app) in apps.iter_mut().enumerate() {
            if let Some((n, request)) = our_move(app)
                && asked[i] != Some(n)
                && n < target
            {
                asked[i] = Some(n);
                match request {
                    Ok(mv) => {
                        app.world_mut().write_message(mv);
                    }
                    Err(turn) => {
                        app.world_mut().write_message(turn);
                    }
                }
            }
        }
        false
    });
}

fn checksum(app: &App) -> u64 {
    app.world().resource::<Match>().game.checksum()
}

#[test]
fn two_apps_play_a_party_game_by_room_code_through_a_drop_and_a_server_restart() {
    let data = std::env::temp_dir().join(format!("starhop-game-server-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let first = server(&data, SocketAddr::from(([127, 0, 0, 1], 0)));
    let addr = first.addr();

    // Ann opens a party table on the server; her app sits at it with the code.
    let mut ann = common::app();
    let table = TableForm {
        game: ServerGame::Party,
        players: 2,
        bots: 0,
        public: true,
        ..TableForm::default()
    }
    .request(Language::English, "Ann");
    assert!(table.rules.items);
    ann.world_mut().write_message(OpenOnServer {
        server: addr.to_string(),
        table,
        name: "Ann".into(),
    });
    let bob = common::app();
    let mut apps = [ann, bob];
    update_both(&mut apps, "Ann at her table", |apps| {
        apps[0]
            .world()
            .get_resource::<Online>()
            .is_some_and(|o| o.on_server && o.seat == Some(0) && o.state == TableState::Lobby)
    });
    let code = apps[0].world().resource::<Online>().code.clone();

    // Bob joins by the code alone; the game starts as the table is full.
    apps[1].world_mut().write_message(JoinGame {
        addr: addr.to_string(),
        code: code.clone(),
        name: "Bob".into(),
        on_server: true,
        ..JoinGame::default()
    });
    update_both(&mut apps, "the game on both screens", |apps| {
        apps.iter().all(playing)
    });
    assert_eq!(apps[1].world().resource::<Online>().seat, Some(1));
    play_until(&mut apps, 6);

    // Bob's connection goes; he takes his seat back with its token.
    apps[1].world_mut().write_message(TableRequest::Leave);
    update_both(&mut apps, "Bob away", |apps| {
        apps[1].world().get_resource::<Online>().is_none()
    });
    let back = apps[1].world().resource::<LastTable>().0.clone();
    assert!(back.rejoin.is_some() && back.on_server);
    apps[1].world_mut().write_message(back);
    update_both(&mut apps, "Bob back at the table", |apps| {
        playing(&apps[1]) && apps[1].world().resource::<Online>().seat == Some(1)
    });
    play_until(&mut apps, 12);

    // The server stops mid-game and starts again on the same address: both
    // apps come back to the table by themselves and the game goes on.
    first.shutdown();
    let second = server(&data, addr);
    assert_eq!(second.table_count(), 1);
    play_until(&mut apps, 20);
    assert_eq!(
        checksum(&apps[0]),
        checksum(&apps[1]),
        "one game on both screens"
    );

    // The server's saved table is the same game, move for move.
    let saved = data
        .join("tables")
        .join(format!("{}.json", code.replace('-', "")));
    let end = Instant::now() + LIMIT;
    let record = loop {
        let read = std::fs::read_to_string(&saved).ok().and_then(|t| {
            let v: serde_json::Value = serde_json::from_str(&t).ok()?;
            serde_json::from_value::<AnyRecord>(v["record"].clone()).ok()
        });
        if let Some(r) = read.filter(|r| r.moves() == actions(&apps[0])) {
            break r;
        }
        assert!(Instant::now() < end, "the server's saved table");
        std::thread::sleep(Duration::from_millis(20));
    };
    let AnyRecord::Classic(record) = record else {
        panic!("a classic record");
    };
    let game = record.replay().expect("the saved game replays");
    assert_eq!(game.checksum(), checksum(&apps[0]));
    assert!(!BoxGame::is_over(&game));
    second.shutdown();
    let _ = std::fs::remove_dir_all(&data);
}
