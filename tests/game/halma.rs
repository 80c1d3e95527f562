//! Halma at game level: a headless `App` with the game's logic plugins and
//! the Halma input, driven through messages (presses on squares, commands),
//! checking the marble entities against the engine, bots on the background
//! pool, undo, hints, saved games on disk, the history and the viewer.

use crate::common;

use bevy::prelude::*;
use common::{Seen, temp_folders};
use starhop::Screen;
use starhop::base::Notice;
use starhop::halma::files::{SaveHalma, halma_saves, is_halma_record, open_saved};
use starhop::halma::input::HalmaPress;
use starhop::halma::pieces::HalmaAnimating;
use starhop::halma::{
    HalmaCommand, HalmaJobs, HalmaMoveRequest, HalmaPiece, HalmaSeat, HalmaSession, HalmaSetup,
    StartHalma,
};
use starhop::league::LeagueStore;
use starhop::persist::Folders;
use starhop::settings::Language;
use starhop_ai::Level;
use starhop_engine::halma::HalmaGame;
use starhop_engine::halma::board::square;
use starhop_engine::shape::GameKind;
use starhop_games::AnyRecord;
use starhop_league::Who;

fn halma_app(folders: Option<Folders>) -> App {
    let mut app = common::app_with(|app| {
        if let Some(f) = folders {
            app.insert_resource(f);
        }
    });
    app.add_plugins((
        starhop::stage::input::plugin,
        starhop::classic::input::plugin,
        starhop::halma::input::plugin,
    ))
    .init_resource::<ButtonInput<KeyCode>>()
    .init_resource::<ButtonInput<MouseButton>>();
    app.update();
    app
}

fn setup(players: usize, seats: &[HalmaSeat]) -> HalmaSetup {
    let mut setup = HalmaSetup {
        players,
        seats: [HalmaSeat::Human; 4],
        teams: false,
    };
    setup.seats[..seats.len()].copy_from_slice(seats);
    setup
}

fn start(app: &mut App, setup: HalmaSetup) {
    app.world_mut().write_message(StartHalma(setup));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Halma
    );
}

fn game(app: &App) -> &HalmaGame {
    &app.world().resource::<HalmaSession>().game
}

fn press(app: &mut App, squares: &[u8]) {
    for &sq in squares {
        app.world_mut().write_message(HalmaPress(sq));
        app.update();
    }
}

/// Runs frames until no marble moves (at most `frames`).
fn settle(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
        if !app.world().resource::<HalmaAnimating>().0 {
            return;
        }
    }
    panic!("marbles still moving after {frames} frames");
}

/// The marble entities stand, one each, on exactly the engine's pieces, at rest.
fn assert_pieces_match(app: &mut App) {
    let pos = *game(app).position();
    let mut want: Vec<(u8, usize)> = (0..pos.players as usize)
        .flat_map(|seat| pos.pieces[seat].iter().map(move |sq| (sq, seat)))
        .collect();
    want.sort();
    let mut q = app.world_mut().query::<(&HalmaPiece, &Transform)>();
    let mut have: Vec<(u8, usize)> = q
        .iter(app.world())
        .map(|(p, t)| {
            let rest = starhop::halma::pieces::rest(p.square);
            assert!(
                t.translation.distance(rest) < 0.35,
                "marble on {} stands at {:?}, not {:?}",
                p.square,
                t.translation,
                rest
            );
            (p.square, p.seat)
        })
        .collect();
    have.sort();
    assert_eq!(have, want);
}

fn problems(app: &App) -> Vec<String> {
    app.world()
        .resource::<Seen>()
        .notices
        .iter()
        .filter_map(|n| match n {
            Notice::Problem(p) => Some(p.clone()),
            _ => None,
        })
        .collect()
}

/// Updates until `done`, in real time (bots and hints think on the shared
/// pool): a minute at most, then fails saying what never came.
fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let began = std::time::Instant::now();
    while !done(app) {
        assert!(began.elapsed().as_secs() < 60, "{what} never came");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

const PEOPLE: [HalmaSeat; 4] = [HalmaSeat::Human; 4];

#[test]
fn a_marble_clicked_then_a_square_plays_the_move_and_the_marbles_follow() {
    let mut app = halma_app(None);
    start(&mut app, setup(2, &PEOPLE[..2]));
    assert_pieces_match(&mut app);
    // Red's corner piece on (4, 1) steps diagonally to (5, 2).
    let (from, to) = (square(4, 1), square(5, 2));
    assert!(game(&app).legal_move(from, to).is_some());
    press(&mut app, &[from, to]);
    assert_eq!(game(&app).actions().count(), 1);
    assert_eq!(game(&app).to_move(), 1, "Blue's turn");
    assert!(
        app.world().resource::<HalmaAnimating>().0,
        "the marble hops"
    );
    settle(&mut app, 300);
    assert_pieces_match(&mut app);
    // A press on Red's marble now is refused: it is Blue's turn.
    press(&mut app, &[square(0, 0)]);
    let said = problems(&app);
    assert!(
        said.iter().any(|p| p.contains("not your piece")),
        "{said:?}"
    );
    assert_eq!(game(&app).actions().count(), 1);
    // A square the picked-up marble cannot reach is refused, and nothing moves.
    let blue = square(11, 14);
    press(&mut app, &[blue, square(8, 8)]);
    assert!(
        problems(&app).iter().any(|p| p.contains("cannot go there")),
        "{:?}",
        problems(&app)
    );
    assert_eq!(game(&app).actions().count(), 1);
}

#[test]
fn a_jump_chain_hops_along_its_route() {
    let mut app = halma_app(None);
    start(&mut app, setup(2, &PEOPLE[..2]));
    // Any legal move of more than one hop (a chain of jumps) from the start.
    let mv = {
        let mut g = game(&app).clone();
        // Red and Blue each take a step first, so chains open up.
        let first = g.legal_moves()[0].clone();
        app.world_mut().write_message(HalmaMoveRequest {
            from: first.from,
            to: first.to,
        });
        g.play(first.from, first.to).unwrap();
        let second = g.legal_moves()[0].clone();
        app.world_mut().write_message(HalmaMoveRequest {
            from: second.from,
            to: second.to,
        });
        g.play(second.from, second.to).unwrap();
        g.legal_moves()
            .into_iter()
            .max_by_key(|m| m.route.len())
            .unwrap()
    };
    app.update();
    settle(&mut app, 400);
    assert_eq!(game(&app).actions().count(), 2);
    assert!(mv.route.len() >= 2);
    let mut landed = app.world().resource::<Seen>().landings;
    app.world_mut().write_message(HalmaMoveRequest {
        from: mv.from,
        to: mv.to,
    });
    app.update();
    settle(&mut app, 600);
    assert_pieces_match(&mut app);
    landed = app.world().resource::<Seen>().landings - landed;
    assert_eq!(landed, mv.route.len() - 1, "a click on each landing");
}

#[test]
fn a_bot_answers_on_the_background_pool_and_undo_returns_to_the_person() {
    let mut app = halma_app(None);
    start(
        &mut app,
        setup(2, &[HalmaSeat::Human, HalmaSeat::Bot(Level::Beginner)]),
    );
    press(&mut app, &[square(4, 1), square(5, 2)]);
    assert_eq!(game(&app).actions().count(), 1);
    wait_for(&mut app, "the bot's answer", |app| {
        game(app).actions().count() == 2
    });
    assert_eq!(game(&app).to_move(), 0);
    settle(&mut app, 300);
    assert_pieces_match(&mut app);
    app.world_mut().write_message(HalmaCommand::Undo);
    app.update();
    app.update();
    assert_eq!(game(&app).actions().count(), 0, "back to Red's turn");
    assert_pieces_match(&mut app);
    assert!(app.world().resource::<HalmaJobs>().started >= 1);
}

#[test]
fn four_bots_play_a_game_of_four_moves_each_in_turn() {
    let mut app = halma_app(None);
    start(&mut app, setup(4, &[HalmaSeat::Bot(Level::Beginner); 4]));
    wait_for(&mut app, "a round of four bots", |app| {
        game(app).actions().count() >= 8
    });
    settle(&mut app, 400);
    assert_pieces_match(&mut app);
    // Each seat moved in turn, its own marble.
    let record = app.world().resource::<HalmaSession>().record();
    let replayed = record.replay().expect("the game so far replays");
    assert_eq!(replayed.position(), game(&app).position());
    assert_eq!(record.bots.len(), 4);
}

#[test]
fn enter_plays_the_hinted_move() {
    use starhop::halma::HalmaHint;
    use starhop::halma::jobs::HalmaHintRequest;
    let mut app = halma_app(None);
    start(&mut app, setup(2, &PEOPLE[..2]));
    app.world_mut().write_message(HalmaHintRequest);
    let for_this_position = |app: &App| {
        let revision = app.world().resource::<HalmaSession>().revision;
        app.world()
            .resource::<HalmaHint>()
            .0
            .clone()
            .filter(|(r, _)| *r == revision)
    };
    wait_for(&mut app, "a hint", |app| for_this_position(app).is_some());
    let (_, mv) = for_this_position(&app).expect("a hint came");
    assert!(game(&app).legal_move(mv.from, mv.to).is_some());
    app.update();
    common::tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(game(&app).actions().count(), 1, "Enter played the hint");
    match game(&app).actions().last() {
        Some(starhop_engine::halma::HalmaAction::Move { mv: played }) => {
            assert_eq!((played.from, played.to), (mv.from, mv.to));
        }
        other => panic!("a move was played: {other:?}"),
    }
}

#[test]
fn a_saved_game_loads_again_and_a_damaged_file_gets_a_message() {
    let folders = temp_folders("halma-save");
    let mut app = halma_app(Some(folders.clone()));
    // Four players as two teams of diagonal partners (§12).
    start(
        &mut app,
        HalmaSetup {
            teams: true,
            ..setup(4, &PEOPLE)
        },
    );
    assert!(game(&app).rules().teams);
    let mut moves = Vec::new();
    for _ in 0..5 {
        let mv = game(&app).legal_moves()[0].clone();
        app.world_mut().write_message(HalmaMoveRequest {
            from: mv.from,
            to: mv.to,
        });
        app.update();
        moves.push((mv.from, mv.to));
    }
    app.world_mut().write_message(SaveHalma);
    app.update();
    let dir = halma_saves(&folders);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(is_halma_record(&files[0]));
    let load = open_saved(&files[0], Language::English).unwrap();
    let mut other = halma_app(None);
    other.world_mut().write_message(load);
    other.update();
    other.update();
    assert_eq!(game(&other).players(), 4);
    assert!(
        game(&other).rules().teams,
        "the teams come back with the save"
    );
    assert!(other.world().resource::<HalmaSession>().setup.teams);
    assert_eq!(game(&other).position(), game(&app).position());
    assert_pieces_match(&mut other);
    // A damaged file: a message, and the file stays as it was.
    let bad = dir.join("damaged.json");
    std::fs::write(&bad, b"{\"format\":\"starhop-halma-record\",\"version\":1,").unwrap();
    let message = open_saved(&bad, Language::English).unwrap_err();
    assert!(message.contains("damaged.json"), "{message}");
    assert!(bad.exists());
    // A record with an illegal move names it.
    let mut record = app.world().resource::<HalmaSession>().record();
    // Red's first move played again as Blue's.
    record.actions[1] = record.actions[0].clone();
    std::fs::write(&bad, serde_json::to_string(&record).unwrap()).unwrap();
    let message = open_saved(&bad, Language::English).unwrap_err();
    assert!(message.contains("action 2"), "{message}");
}

fn history(app: &App) -> Vec<starhop_league::HistoryEntry> {
    app.world().resource::<LeagueStore>().league.history.clone()
}

/// A finished game goes into the history unrated, once; the history's
/// Watch shows it on the Halma board, forward hopping as in play, to the
/// end with its resignation.
#[test]
fn a_finished_game_is_filed_once_and_watched_again() {
    use starhop::base::{MatchAuthority, RecordOnShow};
    use starhop::league::WatchRecord;
    use starhop::replay::{OtherReplay, ReplayControl};
    let folders = temp_folders("halma-history");
    let mut app = halma_app(Some(folders));
    start(&mut app, setup(2, &PEOPLE[..2]));
    for _ in 0..4 {
        let mv = game(&app).legal_moves()[0].clone();
        app.world_mut().write_message(HalmaMoveRequest {
            from: mv.from,
            to: mv.to,
        });
        app.update();
        settle(&mut app, 400);
    }
    assert!(history(&app).is_empty(), "a game in play is not filed");
    app.world_mut().write_message(HalmaCommand::Resign);
    app.update();
    app.update();
    assert!(game(&app).is_over());
    let entries = history(&app);
    assert_eq!(entries.len(), 1, "the finished game is filed");
    let entry = entries[0].clone();
    assert_eq!(entry.game, GameKind::Halma);
    assert_eq!(entry.names, ["Red", "Blue"]);
    assert_eq!(entry.who, [Who::Guest, Who::Guest]);
    assert_eq!(entry.rating, [0, 0], "Halma is not rated");
    assert_eq!(entry.places, [2, 1], "Red resigned on its turn");
    let store = app.world().resource::<LeagueStore>();
    match store.league.read_any_record(&entry) {
        Ok(AnyRecord::Halma(r)) => assert_eq!(r.actions.len(), 5),
        other => panic!("the filed record is the Halma game: {other:?}"),
    }
    // Taken back and resigned again: the same game, filed once.
    app.world_mut().write_message(HalmaCommand::Undo);
    app.update();
    app.world_mut().write_message(HalmaCommand::Resign);
    app.update();
    app.update();
    assert_eq!(history(&app).len(), 1);

    let path = app
        .world()
        .resource::<LeagueStore>()
        .league
        .record_path(&entry);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::History);
    app.update();
    app.world_mut().write_message(WatchRecord(path));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Halma
    );
    assert_eq!(
        *app.world().resource::<MatchAuthority>(),
        MatchAuthority::Replay
    );
    let r = app.world().resource::<OtherReplay>();
    assert_eq!((r.kind, r.len, r.at), (GameKind::Halma, 4, 0), "four moves");
    assert_eq!(
        game(&app).actions().count(),
        0,
        "the viewer opens on the start"
    );
    let shown = app.world().resource::<RecordOnShow>();
    assert_eq!(shown.lines.len(), 4);
    assert!(shown.lines[0].starts_with("1. Red "), "{:?}", shown.lines);
    assert_pieces_match(&mut app);
    app.world_mut().write_message(ReplayControl::Forward);
    app.update();
    assert_eq!(game(&app).actions().count(), 1);
    assert!(
        app.world().resource::<HalmaAnimating>().0,
        "the marble hops"
    );
    settle(&mut app, 400);
    assert_pieces_match(&mut app);
    // A move asked for while watching changes nothing.
    let mv = game(&app).legal_moves()[0].clone();
    app.world_mut().write_message(HalmaMoveRequest {
        from: mv.from,
        to: mv.to,
    });
    app.update();
    assert_eq!(game(&app).actions().count(), 1);
    app.world_mut().write_message(ReplayControl::Last);
    app.update();
    app.update();
    assert!(game(&app).is_over(), "the end shows the resignation");
    assert!(app.world().resource::<RecordOnShow>().result.is_some());
    assert_pieces_match(&mut app);
    assert_eq!(history(&app).len(), 1, "watching files nothing");
}
