//! Network tables of draughts, food checkers and Halma in the game: two headless
//! apps in one test, a host and a player who joins it over loopback, each
//! showing the table's game in its mode and moving as a person does (presses
//! on squares, move requests), to the same record on both sides.

use crate::common;

use bevy::prelude::*;
use starhop::Screen;
use starhop::base::{MatchAuthority, Notice};
use starhop::classic::SeatKind;
use starhop::draughts::input::DraughtsPress;
use starhop::draughts::{
    DraughtsMoved, DraughtsPlaying, DraughtsRebuild, DraughtsSeat, DraughtsSession, DraughtsTurn,
};
use starhop::food::{FoodMoveRequest, FoodMoved, FoodPlaying, FoodRebuild, FoodSeat, FoodSession};
use starhop::halma::input::HalmaPress;
use starhop::halma::{HalmaCommand, HalmaMoved, HalmaPlaying, HalmaRebuild, HalmaSession};
use starhop::league::LeagueStore;
use starhop::online::{HostTable, JoinGame, LastTable, Online, TableRequest};
use starhop_ai::Level;
use starhop_draughts::bot::{self, Budget};
use starhop_draughts::shape::full_route;
use starhop_draughts::{Side, Variant};
use starhop_engine::food::FoodRules;
use starhop_games::{AnyGame, AnyRecord, GameKind};
use starhop_net::TableGame;
use std::time::{Duration, Instant};

/// How the modes showed the table's game: moves played as in play, and
/// the times the whole position was put on show at once.
#[derive(Resource, Default)]
struct Shown {
    moves: usize,
    rebuilds: usize,
}

fn count_shown(
    mut moved: MessageReader<DraughtsMoved>,
    mut rebuilt: MessageReader<DraughtsRebuild>,
    mut food_moved: MessageReader<FoodMoved>,
    mut food_rebuilt: MessageReader<FoodRebuild>,
    mut halma_moved: MessageReader<HalmaMoved>,
    mut halma_rebuilt: MessageReader<HalmaRebuild>,
    mut shown: ResMut<Shown>,
) {
    shown.moves += moved.read().count() + food_moved.read().count() + halma_moved.read().count();
    shown.rebuilds +=
        rebuilt.read().count() + food_rebuilt.read().count() + halma_rebuilt.read().count();
}

/// A headless app with the draughts presses, as a window would have them,
/// and a data folder of its own (for its history).
fn table_app() -> App {
    static APPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = APPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let folders = common::temp_folders(&format!("table-{n}"));
    let mut app = common::app_with(|app| {
        app.insert_resource(folders);
    });
    app.add_plugins((
        starhop::stage::input::plugin,
        starhop::draughts::input::plugin,
        starhop::halma::input::plugin,
    ))
    .init_resource::<ButtonInput<KeyCode>>()
    .init_resource::<ButtonInput<MouseButton>>()
    .init_resource::<Shown>()
    .add_systems(Last, count_shown);
    app.update();
    app
}

fn shown(app: &App) -> (usize, usize) {
    let s = app.world().resource::<Shown>();
    (s.moves, s.rebuilds)
}

/// Updates the apps in turn until `done` holds, failing after `limit` of
/// real time (the table runs on its own threads).
fn until(
    apps: &mut [&mut App],
    limit: Duration,
    what: &str,
    mut done: impl FnMut(&mut [&mut App]) -> bool,
) {
    let end = Instant::now() + limit;
    while !done(apps) {
        if Instant::now() > end {
            let seen: Vec<&Vec<Notice>> = apps
                .iter()
                .map(|a| &a.world().resource::<common::Seen>().notices)
                .collect();
            panic!("timed out waiting for {what}; notices: {seen:?}");
        }
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

/// Hosts `game` with Ann at `seat`; returns the app and where to join it.
fn host(game: TableGame, seat: u8) -> (App, JoinGame) {
    let mut app = table_app();
    app.world_mut().write_message(HostTable {
        game,
        seat,
        name: "Ann".into(),
    });
    until(&mut [&mut app], Duration::from_secs(10), "the table", |a| {
        a[0].world().get_resource::<Online>().is_some()
    });
    let o = online(&app);
    assert!(o.is_host());
    let port = o.addresses[0].rsplit(':').next().unwrap().to_string();
    let join = JoinGame {
        addr: format!("127.0.0.1:{port}"),
        code: o.code.clone(),
        name: "Bob".into(),
        ..JoinGame::default()
    };
    (app, join)
}

/// A new app joins the table as `join` says, and waits until the host's
/// lobby shows it at `seat`.
fn join(host: &mut App, join: JoinGame, seat: usize) -> App {
    let mut guest = table_app();
    guest.world_mut().write_message(join);
    until(
        &mut [host, &mut guest],
        Duration::from_secs(10),
        "the player to join",
        |a| {
            online(a[0])
                .lobby
                .as_ref()
                .is_some_and(|l| l.seats[seat].name == "Bob" && l.seats[seat].connected)
                && a[1]
                    .world()
                    .get_resource::<Online>()
                    .is_some_and(|o| o.lobby.is_some())
        },
    );
    guest
}

fn draughts_on_show(app: &App) -> bool {
    screen(app) == Screen::Draughts
        && app.world().resource::<DraughtsPlaying>().0
        && app.world().get_resource::<DraughtsSession>().is_some()
}

fn session(app: &App) -> &DraughtsSession {
    app.world().resource::<DraughtsSession>()
}

/// A decisive move for the side to move (a shallow bot, the same every run).
fn good_move(s: &DraughtsSession) -> starhop_draughts::Move {
    let seed = s.game.ply_count() as u64;
    bot::think(&s.game, bot::Level::Medium, &Budget::depth(2), seed)
        .map(|t| t.best)
        .unwrap_or(s.game.legal_moves()[0])
}

/// Presses the move's route square by square, as a person clicks it.
fn press_move(app: &mut App, mv: starhop_draughts::Move) {
    let route = full_route(session(app).game.position(), &mv);
    for sq in route {
        app.world_mut().write_message(DraughtsPress(sq));
        app.update();
    }
}

/// Plays the sides people here play, each app its own, until `stop` holds
/// (a side resigns once `resign_at` plies are played, so every game ends).
fn play_draughts(
    apps: &mut [&mut App],
    resign_at: usize,
    what: &str,
    mut stop: impl FnMut(&mut [&mut App]) -> bool,
) {
    // What each app pressed last: the position's revision, and when. A
    // person whose move did not take clicks again; so does this player,
    // after two seconds on the same position.
    let mut pressed: Vec<Option<(u64, Instant)>> = vec![None; apps.len()];
    until(apps, Duration::from_secs(180), what, |apps| {
        if stop(apps) {
            return true;
        }
        for (i, app) in apps.iter_mut().enumerate() {
            let s = session(app);
            let waiting = pressed[i].is_some_and(|(revision, at)| {
                revision == s.revision && at.elapsed() < Duration::from_secs(2)
            });
            if !s.human_to_move() || waiting {
                continue;
            }
            pressed[i] = Some((s.revision, Instant::now()));
            if s.game.ply_count() >= resign_at {
                app.world_mut().write_message(DraughtsTurn::Resign);
                continue;
            }
            let mv = good_move(s);
            press_move(app, mv);
        }
        false
    });
}

/// Both apps show the table's draughts game, host and guest as their seats say.
fn start_draughts(variant: Variant) -> (App, App) {
    let (mut host, join_at) = host(TableGame::Draughts { variant }, 0);
    let mut guest = join(&mut host, join_at, 1);
    assert_eq!(
        online(&guest).game(),
        TableGame::Draughts { variant },
        "the player who joins sees which game the table plays"
    );
    host.world_mut().write_message(TableRequest::Start);
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "both boards",
        |a| draughts_on_show(a[0]) && draughts_on_show(a[1]),
    );
    for app in [&host, &guest] {
        assert_eq!(
            *app.world().resource::<MatchAuthority>(),
            MatchAuthority::Remote
        );
        assert_eq!(session(app).game.variant(), variant);
        assert_eq!(session(app).setup.seats, [DraughtsSeat::Human; 2]);
    }
    assert_eq!(
        session(&host).elsewhere,
        [false, true],
        "Ann plays White here"
    );
    assert_eq!(
        session(&guest).elsewhere,
        [true, false],
        "Bob plays Black there"
    );
    (host, guest)
}

#[test]
fn a_draughts_table_is_played_to_its_end_by_presses_on_both_sides_to_one_record() {
    let (mut host, mut guest) = start_draughts(Variant::Russian);
    // White is Ann's: Bob's board does not pick a white man up.
    let white_man = session(&guest).game.legal_moves()[0].from();
    guest.world_mut().write_message(DraughtsPress(white_man));
    guest.update();
    assert_eq!(
        guest
            .world()
            .resource::<starhop::draughts::DraughtsSelection>()
            .from,
        None
    );
    assert!(
        guest
            .world()
            .resource::<common::Seen>()
            .notices
            .contains(&Notice::Problem("Wait for the other player's move.".into())),
        "told whose move it is"
    );
    play_draughts(&mut [&mut host, &mut guest], 200, "the end", |a| {
        session(a[0]).game.is_over() && session(a[1]).game.is_over()
    });
    let ours = session(&host);
    let theirs = session(&guest);
    assert!(
        ours.game.ply_count() >= 10,
        "{} plies",
        ours.game.ply_count()
    );
    assert_eq!(ours.game.outcome(), theirs.game.outcome());
    assert_eq!(ours.record().moves, theirs.record().moves);
    assert_eq!(ours.record().end, theirs.record().end);
    // Every move hopped on both boards as it was played, the other side's
    // too: never applied here first, never a copy put right afterwards.
    let plies = ours.game.ply_count();
    for app in [&host, &guest] {
        assert_eq!(
            shown(app),
            (plies, 1),
            "moves shown, and the start only rebuilt"
        );
    }
    // The table's records, the host's and the guest's own, are one.
    let host_record = online(&host).any_record().expect("the host's record");
    let guest_record = online(&guest).any_record().expect("the guest's record");
    assert_eq!(host_record, guest_record);
    let AnyRecord::Draughts(r) = &host_record else {
        panic!("a draughts record: {host_record:?}")
    };
    assert_eq!(
        r.moves,
        ours.record().moves,
        "the mode shows the table's game"
    );
    assert_eq!(r.names, ["Ann", "Bob"]);
    // Each computer at the table filed the game in its own history.
    for app in [&host, &guest] {
        let store = app.world().resource::<LeagueStore>();
        let entries = &store.league.history;
        assert_eq!(entries.len(), 1, "the finished table game is filed");
        assert_eq!(entries[0].game, GameKind::Draughts);
        match store.league.read_any_record(&entries[0]) {
            Ok(AnyRecord::Draughts(filed)) => assert_eq!(filed.moves, r.moves),
            other => panic!("the filed record is the table's game: {other:?}"),
        }
    }
    // Nothing a person here pressed was refused, by the board or the host.
    for app in [&host, &guest] {
        let notices = &app.world().resource::<common::Seen>().notices;
        let refused = |n: &&Notice| match n {
            Notice::Problem(p) => !p.starts_with("Wait for"),
            Notice::Info(t) => t.contains("refused"),
            _ => false,
        };
        assert!(!notices.iter().any(|n| refused(&n)), "{notices:?}");
    }
}

#[test]
fn a_draughts_player_asks_to_take_back_leaves_and_comes_back_to_the_game_as_it_stood() {
    let (mut host, mut guest) = start_draughts(Variant::International);
    play_draughts(&mut [&mut host, &mut guest], 1000, "four moves", |a| {
        session(a[0]).game.ply_count() == 4 && session(a[1]).game.ply_count() == 4
    });
    // Bob asks for his last move back; Ann allows it.
    guest.world_mut().write_message(DraughtsTurn::Undo);
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "the request",
        |a| online(a[0]).undo_asked == Some(Some(1)),
    );
    host.world_mut()
        .write_message(TableRequest::AnswerUndo(true));
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "the move taken back",
        |a| session(a[0]).game.ply_count() == 3 && session(a[1]).game.ply_count() == 3,
    );
    assert_eq!(session(&guest).game.side_to_move(), Side::Black);
    // Redo is the host's to refuse: nothing changes.
    guest.world_mut().write_message(DraughtsTurn::Redo);
    guest.update();
    assert_eq!(session(&guest).game.ply_count(), 3);
    // Bob leaves; the seat waits for him, and Ann is told.
    let last = guest.world().resource::<LastTable>().0.clone();
    assert!(last.rejoin.is_some(), "the seat's token is kept");
    guest.world_mut().write_message(TableRequest::Leave);
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "leaving",
        |a| a[1].world().get_resource::<Online>().is_none() && screen(a[1]) == Screen::Home,
    );
    drop(guest);
    until(
        &mut [&mut host],
        Duration::from_secs(10),
        "the notice",
        |a| {
            a[0].world()
                .resource::<common::Seen>()
                .notices
                .iter()
                .any(|n| matches!(n, Notice::Info(t) if t.contains("Bob has lost the connection")))
        },
    );
    // He comes back from another start of the game.
    let mut back = table_app();
    back.world_mut().write_message(last);
    until(
        &mut [&mut host, &mut back],
        Duration::from_secs(10),
        "the game back on screen",
        |a| draughts_on_show(a[1]),
    );
    assert_eq!(online(&back).seat, Some(1), "the same seat");
    assert_eq!(session(&back).game.ply_count(), 3, "the game as it stood");
    assert_eq!(session(&back).elsewhere, [true, false]);
    until(
        &mut [&mut host, &mut back],
        Duration::from_secs(10),
        "the news",
        |a| {
            a[0].world()
                .resource::<common::Seen>()
                .notices
                .iter()
                .any(|n| matches!(n, Notice::Info(t) if t.contains("Bob is back")))
        },
    );
    // And plays on: the copies stay one game.
    play_draughts(&mut [&mut host, &mut back], 1000, "two more moves", |a| {
        session(a[0]).game.ply_count() == 5 && session(a[1]).game.ply_count() == 5
    });
    assert_eq!(session(&host).record().moves, session(&back).record().moves);
}

fn food_on_show(app: &App) -> bool {
    screen(app) == Screen::Food
        && app.world().resource::<FoodPlaying>().0
        && app.world().get_resource::<FoodSession>().is_some()
}

fn food(app: &App) -> &FoodSession {
    app.world().resource::<FoodSession>()
}

#[test]
fn a_food_table_for_three_starts_shows_on_the_player_who_joined_and_plays_through_the_host() {
    let rules = FoodRules::table(37, 3);
    let (mut host, join_at) = host(
        TableGame::Food {
            rules: rules.clone(),
        },
        0,
    );
    let mut guest = join(&mut host, join_at, 1);
    assert_eq!(
        online(&guest).game(),
        TableGame::Food {
            rules: rules.clone()
        }
    );
    // Nobody comes for the third seat: a bot of the host's takes it.
    host.world_mut()
        .write_message(TableRequest::SetSeat(2, SeatKind::Bot(Level::Beginner)));
    host.world_mut().write_message(TableRequest::Start);
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "both boards",
        |a| food_on_show(a[0]) && food_on_show(a[1]),
    );
    let seats = vec![
        FoodSeat::Human,
        FoodSeat::Human,
        FoodSeat::Bot(Level::Beginner),
    ];
    for app in [&host, &guest] {
        assert_eq!(food(app).setup.seats, seats);
        assert_eq!(food(app).game.rules(), &rules);
    }
    assert_eq!(
        food(&host).elsewhere,
        [false, true, false],
        "the host plays its bot"
    );
    assert_eq!(food(&guest).elsewhere, [true, false, true]);
    // It is Ann's turn: Bob's board takes no move for her.
    let route = food(&guest).game.legal_moves()[0].route.clone();
    guest.world_mut().write_message(FoodMoveRequest(route));
    for _ in 0..20 {
        guest.update();
        host.update();
    }
    assert_eq!(food(&host).game.moves_played(), 0);
    // Two rounds: Ann and Bob move as people do, the host's bot answers.
    let mut asked: Vec<Option<u64>> = vec![None, None];
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(60),
        "two rounds",
        |a| {
            let done = |app: &App| {
                let g = &food(app).game;
                g.is_over() || g.moves_played() >= 6
            };
            let level = food(a[0]).game.moves_played() == food(a[1]).game.moves_played();
            if done(a[0]) && done(a[1]) && level {
                return true;
            }
            for (i, app) in a.iter_mut().enumerate() {
                let s = food(app);
                if s.human_to_move() && asked[i] != Some(s.game.revision()) {
                    asked[i] = Some(s.game.revision());
                    let route = s.game.legal_moves()[0].route.clone();
                    app.world_mut().write_message(FoodMoveRequest(route));
                }
            }
            false
        },
    );
    let checksum = |app: &App| starhop_net::table::checksum(&AnyGame::Food(food(app).game.clone()));
    // A move the host's bot has just sent is in the table's record a frame
    // before it is on the boards: wait until all of them agree.
    let moves_of = |app: &App| match online(app).any_record() {
        Some(AnyRecord::Food(r)) => Some(r.moves),
        _ => None,
    };
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "the records and the boards to agree",
        |a| {
            let board = Some(food(a[0]).record().moves);
            moves_of(a[0]) == board && moves_of(a[1]) == board && checksum(a[0]) == checksum(a[1])
        },
    );
    assert_eq!(checksum(&host), checksum(&guest), "one game on both boards");
    let host_record = online(&host).any_record().expect("the host's record");
    let guest_record = online(&guest).any_record().expect("the guest's record");
    assert_eq!(host_record, guest_record);
    let AnyRecord::Food(r) = &host_record else {
        panic!("a food record")
    };
    assert_eq!(r.moves, food(&host).record().moves);
    assert_eq!(r.bots, [None, None, Some("Beginner".to_string())]);
}

fn halma_on_show(app: &App) -> bool {
    screen(app) == Screen::Halma
        && app.world().resource::<HalmaPlaying>().0
        && app.world().get_resource::<HalmaSession>().is_some()
}

fn halma(app: &App) -> &HalmaSession {
    app.world().resource::<HalmaSession>()
}

/// A Halma table of two: each app presses its own seat's moves (the one
/// that gains most by the bots' evaluation, as a person would click it,
/// from the marble to the square); Ann resigns after 24 moves. Both boards
/// show every move as it is played, and the records are one.
#[test]
fn a_halma_table_is_played_by_presses_on_both_sides_to_one_record() {
    let rules = starhop_engine::halma::HalmaRules::for_players(2);
    let (mut host, join_at) = host(
        TableGame::Halma {
            rules: rules.clone(),
        },
        0,
    );
    let mut guest = join(&mut host, join_at, 1);
    assert_eq!(online(&guest).game(), TableGame::Halma { rules });
    host.world_mut().write_message(TableRequest::Start);
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(10),
        "both boards",
        |a| halma_on_show(a[0]) && halma_on_show(a[1]),
    );
    assert_eq!(
        halma(&host).elsewhere[..2],
        [false, true],
        "Ann plays Red here"
    );
    assert_eq!(
        halma(&guest).elsewhere[..2],
        [true, false],
        "Bob plays Blue there"
    );
    let mut pressed: Vec<Option<(u64, Instant)>> = vec![None; 2];
    until(
        &mut [&mut host, &mut guest],
        Duration::from_secs(120),
        "the end",
        |apps| {
            if apps.iter().all(|a| halma(a).game.is_over()) {
                return true;
            }
            for (i, app) in apps.iter_mut().enumerate() {
                let s = halma(app);
                let waiting = pressed[i].is_some_and(|(revision, at)| {
                    revision == s.revision && at.elapsed() < Duration::from_secs(2)
                });
                if !s.human_to_move() || waiting {
                    continue;
                }
                pressed[i] = Some((s.revision, Instant::now()));
                if s.game.actions().count() >= 24 {
                    app.world_mut().write_message(HalmaCommand::Resign);
                    continue;
                }
                let seat = s.to_move();
                let pos = *s.game.position();
                let best = s
                    .game
                    .legal_moves()
                    .into_iter()
                    .max_by_key(|m| {
                        let mut after = pos;
                        after.apply_pair(seat, m.from, m.to);
                        starhop_ai::halma::evaluate(&after, seat)
                    })
                    .expect("a move at the start of a game");
                for sq in [best.from, best.to] {
                    app.world_mut().write_message(HalmaPress(sq));
                    app.update();
                }
            }
            false
        },
    );
    let (ours, theirs) = (halma(&host), halma(&guest));
    assert_eq!(
        ours.game.actions().count(),
        25,
        "24 moves and the resignation"
    );
    assert_eq!(ours.game.outcome(), theirs.game.outcome());
    assert_eq!(
        ours.game.outcome().map(|o| o.places.clone()),
        Some(vec![2, 1])
    );
    assert_eq!(ours.record().actions, theirs.record().actions);
    // Every move hopped on both boards as it was played: never a copy put right.
    for app in [&host, &guest] {
        assert_eq!(
            shown(app),
            (24, 1),
            "moves shown, and the start only rebuilt"
        );
    }
    let host_record = online(&host).any_record().expect("the host's record");
    let guest_record = online(&guest).any_record().expect("the guest's record");
    assert_eq!(host_record, guest_record);
    assert!(matches!(host_record, AnyRecord::Halma(_)));
}
