//! Draughts at game level: a headless `App` with the game's logic plugins
//! and the draughts input, driven through messages (presses on squares,
//! turns), checking the piece entities against the engine, bots on the
//! background pool, undo, clocks, and saved games on disk.

use crate::common;

use bevy::prelude::*;
use common::{Seen, temp_folders};
use starhop::Screen;
use starhop::base::Notice;
use starhop::draughts::files::{SaveDraughts, draughts_saves, is_draughts_record, open_saved};
use starhop::draughts::input::DraughtsPress;
use starhop::draughts::pieces::DraughtsAnimating;
use starhop::draughts::{
    DraughtsJobs, DraughtsMoveRequest, DraughtsPiece, DraughtsSeat, DraughtsSession, DraughtsSetup,
    DraughtsTurn, LoadDraughts, StartDraughts,
};
use starhop::league::LeagueStore;
use starhop::persist::Folders;
use starhop::settings::Language;
use starhop_ai::Level;
use starhop_draughts::{Game, Outcome, Side, Square, Variant, WinReason, from_fen};
use starhop_engine::shape::GameKind;
use starhop_games::AnyRecord;
use starhop_league::Who;

fn draughts_app(folders: Option<Folders>) -> App {
    let mut app = common::app_with(|app| {
        if let Some(f) = folders {
            app.insert_resource(f);
        }
    });
    app.add_plugins((
        starhop::stage::input::plugin,
        starhop::classic::input::plugin,
        starhop::draughts::input::plugin,
    ))
    .init_resource::<ButtonInput<KeyCode>>()
    .init_resource::<ButtonInput<MouseButton>>();
    app.update();
    app
}

fn setup(variant: Variant, white: DraughtsSeat, black: DraughtsSeat) -> DraughtsSetup {
    DraughtsSetup {
        variant,
        seats: [white, black],
        minutes: None,
    }
}

fn start(app: &mut App, setup: DraughtsSetup) {
    app.world_mut().write_message(StartDraughts(setup));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Draughts
    );
}

/// Starts a game of people from a position (through a record, as a load does).
fn start_at(app: &mut App, variant: Variant, fen: &str) {
    let mut record = Game::from_position(from_fen(variant, fen).unwrap()).record();
    record.bots = vec![None, None];
    app.world_mut().write_message(LoadDraughts(record));
    app.update();
    app.update();
}

fn game(app: &App) -> &Game {
    &app.world().resource::<DraughtsSession>().game
}

fn press(app: &mut App, squares: &[Square]) {
    for &sq in squares {
        app.world_mut().write_message(DraughtsPress(sq));
        app.update();
    }
}

/// Runs frames until no piece moves (at most `frames`).
fn settle(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
        if !app.world().resource::<DraughtsAnimating>().0 {
            return;
        }
    }
    panic!("pieces still moving after {frames} frames");
}

/// The piece entities stand, one each, on exactly the engine's pieces, at rest.
fn assert_pieces_match(app: &mut App) {
    let variant = game(app).variant();
    let mut want: Vec<(Square, Side, bool)> = game(app)
        .position()
        .pieces()
        .into_iter()
        .map(|(sq, p)| (sq, p.side, p.king))
        .collect();
    want.sort_by_key(|w| w.0);
    let mut q = app.world_mut().query::<(&DraughtsPiece, &Transform)>();
    let mut have: Vec<(Square, Side, bool)> = q
        .iter(app.world())
        .map(|(p, t)| {
            let rest = starhop::draughts::pieces::rest(variant, p.square);
            assert!(
                t.translation.distance(rest) < 0.3,
                "piece on {} stands at {:?}, not {:?}",
                p.square,
                t.translation,
                rest
            );
            (p.square, p.side, p.king)
        })
        .collect();
    have.sort_by_key(|h| h.0);
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

const HUMANS: [DraughtsSeat; 2] = [DraughtsSeat::Human, DraughtsSeat::Human];

#[test]
fn a_piece_clicked_then_its_square_plays_the_move_and_the_discs_follow() {
    let mut app = draughts_app(None);
    start(
        &mut app,
        setup(Variant::International, HUMANS[0], HUMANS[1]),
    );
    assert_pieces_match(&mut app);
    assert_eq!(game(&app).position().pieces().len(), 40);
    press(&mut app, &[32, 28]);
    assert_eq!(game(&app).notation(), vec!["32-28"]);
    settle(&mut app, 200);
    assert_pieces_match(&mut app);
    // Black's reply.
    press(&mut app, &[19, 23]);
    assert_eq!(game(&app).notation(), vec!["32-28", "19-23"]);
    settle(&mut app, 200);
    assert_pieces_match(&mut app);
}

#[test]
fn a_capture_plays_by_its_final_square_or_hop_by_hop_and_crowns() {
    const FEN: &str = "W:W33,38,42,43,48,49,K46:B28,18,8,19,24,15,K5";
    // By the final square.
    let mut app = draughts_app(None);
    start_at(&mut app, Variant::International, FEN);
    press(&mut app, &[33, 2]);
    assert_eq!(game(&app).notation(), vec!["33x2"]);
    settle(&mut app, 300);
    assert_pieces_match(&mut app);
    let king = game(&app).position().piece(2).unwrap();
    assert!(king.king && king.side == Side::White);
    for taken in [28, 18, 8] {
        assert!(game(&app).position().piece(taken).is_none());
    }
    // Hop by hop: each landing in turn; the move is played at the last.
    let mut app = draughts_app(None);
    start_at(&mut app, Variant::International, FEN);
    press(&mut app, &[33, 22]);
    assert_eq!(game(&app).ply_count(), 0);
    press(&mut app, &[13]);
    assert_eq!(game(&app).ply_count(), 0);
    press(&mut app, &[2]);
    assert_eq!(game(&app).notation(), vec!["33x2"]);
    settle(&mut app, 300);
    assert_pieces_match(&mut app);
}

#[test]
fn a_piece_that_cannot_take_is_refused_while_a_capture_is_compulsory() {
    let mut app = draughts_app(None);
    start_at(
        &mut app,
        Variant::International,
        "W:W33,38,42,43,48,49,K46:B28,18,8,19,24,15,K5",
    );
    press(&mut app, &[38]);
    assert_eq!(game(&app).ply_count(), 0);
    assert!(
        problems(&app)
            .iter()
            .any(|p| p.contains("capture is compulsory")),
        "{:?}",
        problems(&app)
    );
    // A black piece is not White's to move.
    press(&mut app, &[19]);
    assert!(problems(&app).iter().any(|p| p.contains("not your piece")));
    // A man may not step aside while it must take.
    press(&mut app, &[33, 29]);
    assert_eq!(game(&app).ply_count(), 0);
    assert!(problems(&app).iter().any(|p| p.contains("cannot go there")));
}

/// Updates until `done`, in real time (bots and hints think on the shared
/// pool, which other tests may be using): a minute at most, then fails
/// saying what never came.
fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let began = std::time::Instant::now();
    while !done(app) {
        assert!(began.elapsed().as_secs() < 60, "{what} never came");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

#[test]
fn a_bot_answers_on_the_background_pool_and_undo_returns_to_the_person() {
    let mut app = draughts_app(None);
    start(
        &mut app,
        setup(
            Variant::Russian,
            DraughtsSeat::Human,
            DraughtsSeat::Bot(Level::Beginner),
        ),
    );
    press(&mut app, &[22, 18]);
    assert_eq!(game(&app).ply_count(), 1);
    // The bot thinks, waits for the move to land, then plays.
    wait_for(&mut app, "the bot's answer", |app| {
        game(app).ply_count() == 2
    });
    assert_eq!(game(&app).side_to_move(), Side::White);
    settle(&mut app, 300);
    assert_pieces_match(&mut app);
    // Undo takes back the bot's move and the person's: White to move again.
    app.world_mut().write_message(DraughtsTurn::Undo);
    app.update();
    app.update();
    assert_eq!(game(&app).ply_count(), 0);
    assert_pieces_match(&mut app);
    assert!(app.world().resource::<DraughtsJobs>().started >= 1);
}

#[test]
fn a_bot_search_for_a_position_taken_back_is_dropped() {
    let mut app = draughts_app(None);
    start(
        &mut app,
        setup(
            Variant::International,
            DraughtsSeat::Human,
            DraughtsSeat::Bot(Level::Master),
        ),
    );
    press(&mut app, &[32, 28]);
    app.update();
    assert!(app.world().resource::<DraughtsJobs>().bot_thinking());
    // Taken back before the Master answers: its search stops, and its move
    // never reaches the game.
    app.world_mut().write_message(DraughtsTurn::Undo);
    app.update();
    app.update();
    assert!(app.world().resource::<DraughtsJobs>().abandoned >= 1);
    for _ in 0..100 {
        app.update();
    }
    assert_eq!(game(&app).ply_count(), 0);
}

#[test]
fn a_clock_that_runs_out_loses_the_game() {
    let mut app = draughts_app(None);
    start(
        &mut app,
        DraughtsSetup {
            minutes: Some(5),
            ..setup(Variant::Russian, HUMANS[0], HUMANS[1])
        },
    );
    press(&mut app, &[22, 18]);
    {
        let mut s = app.world_mut().resource_mut::<DraughtsSession>();
        // White's clock stood still while Black thinks.
        let left = s.left.unwrap();
        assert!(left[0] < 300.0 && left[0] > 299.0, "{left:?}");
        s.left = Some([left[0], 0.05]);
    }
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        game(&app).outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Time
        })
    );
    // Nothing moves after the end.
    press(&mut app, &[11, 15]);
    assert_eq!(game(&app).ply_count(), 1);
}

#[test]
fn a_saved_game_loads_again_and_a_damaged_file_gets_a_message() {
    let folders = temp_folders("draughts-save");
    let mut app = draughts_app(Some(folders.clone()));
    start(
        &mut app,
        setup(
            Variant::International,
            DraughtsSeat::Human,
            DraughtsSeat::Bot(Level::Hard),
        ),
    );
    // Two people's moves on White's side, played through the engine's notation
    // (the bot is stopped first by taking the game over for people).
    app.world_mut()
        .resource_mut::<DraughtsSession>()
        .setup
        .seats = HUMANS;
    press(&mut app, &[32, 28, 19, 23, 28, 19]);
    assert_eq!(game(&app).notation(), vec!["32-28", "19-23", "28x19"]);
    app.world_mut().write_message(SaveDraughts);
    app.update();
    let dir = draughts_saves(&folders);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(is_draughts_record(&files[0]));
    // Load it in a fresh game.
    let load = open_saved(&files[0], Language::English).unwrap();
    let mut other = draughts_app(None);
    other.world_mut().write_message(load);
    other.update();
    other.update();
    assert_eq!(game(&other).notation(), vec!["32-28", "19-23", "28x19"]);
    assert_pieces_match(&mut other);
    // A damaged file: a message, and the file stays as it was.
    let bad = dir.join("damaged.json");
    std::fs::write(
        &bad,
        b"{\"format\":\"starhop-draughts-record\",\"version\":1,",
    )
    .unwrap();
    let message = open_saved(&bad, Language::English).unwrap_err();
    assert!(message.contains("damaged.json"), "{message}");
    assert!(bad.exists());
    // A record with an illegal move names it.
    let mut record = Game::new(Variant::Russian).record();
    record.moves = vec!["22-18".into(), "22-18".into()];
    std::fs::write(&bad, serde_json::to_string(&record).unwrap()).unwrap();
    let message = open_saved(&bad, Language::English).unwrap_err();
    assert!(message.contains("move 2"), "{message}");
}

/// The list the Load window and the setup panel show: the folder's saves
/// newest first, one loaded from another screen opens the draughts screen
/// on it, and a damaged one gets a message and stays.
#[test]
fn a_listed_save_loads_from_any_screen_and_a_damaged_one_gets_a_message() {
    use bevy::ecs::system::RunSystemOnce;
    use starhop::draughts::Draughts;
    use starhop::kit::panels::SavedList;
    use std::path::PathBuf;

    let folders = temp_folders("draughts-list");
    let dir = draughts_saves(&folders);
    std::fs::create_dir_all(&dir).unwrap();
    let mut saved = Game::new(Variant::Russian);
    saved.play_text("22-18").unwrap();
    saved.play_text("11-15").unwrap();
    let good = dir.join("russian-move-2.json");
    std::fs::write(&good, serde_json::to_string(&saved.record()).unwrap()).unwrap();
    let bad = dir.join("damaged.json");
    std::fs::write(&bad, b"{\"format\":\"starhop-draughts-record\",").unwrap();
    // The damaged file is the newest.
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&bad)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let mut app = draughts_app(Some(folders));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
    let load = |app: &mut App, path: PathBuf| {
        app.world_mut()
            .run_system_once(move |mut list: SavedList<Draughts>| {
                (list.files().to_vec(), list.load(&path, Language::English))
            })
            .unwrap()
    };
    let (files, loaded) = load(&mut app, bad.clone());
    assert_eq!(files, vec![bad.clone(), good.clone()]);
    assert!(!loaded);
    app.update();
    let said = problems(&app);
    assert!(said.iter().any(|p| p.contains("damaged.json")), "{said:?}");
    assert!(bad.exists());
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
    let (_, loaded) = load(&mut app, good);
    assert!(loaded);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Draughts
    );
    assert_eq!(game(&app).notation(), vec!["22-18", "11-15"]);
    assert_pieces_match(&mut app);
}

#[test]
fn resigning_ends_the_game_for_the_person_to_move() {
    let mut app = draughts_app(None);
    start(&mut app, setup(Variant::Russian, HUMANS[0], HUMANS[1]));
    press(&mut app, &[22, 18]);
    app.world_mut().write_message(DraughtsTurn::Resign);
    app.update();
    assert_eq!(
        game(&app).outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Resignation
        })
    );
    // Undo takes the resignation back.
    app.world_mut().write_message(DraughtsTurn::Undo);
    app.update();
    assert_eq!(game(&app).outcome(), None);
}

#[test]
fn a_capture_that_comes_back_to_its_start_is_played_by_its_landings() {
    // Russian: the man on 31 goes round four black men and lands where it began.
    let mut app = draughts_app(None);
    start_at(&mut app, Variant::Russian, "W:W31:B26,18,27,19,1");
    press(&mut app, &[31, 22]);
    assert_eq!(game(&app).ply_count(), 0, "a landing on the way");
    press(&mut app, &[31]);
    assert_eq!(game(&app).ply_count(), 1);
    settle(&mut app, 400);
    assert_pieces_match(&mut app);
    for taken in [26, 18, 27, 19] {
        assert!(game(&app).position().piece(taken).is_none());
    }
    assert!(game(&app).position().piece(31).is_some());
}

#[test]
fn the_keyboard_cursor_picks_a_piece_and_plays_its_move() {
    use starhop::draughts::DraughtsSelection;
    use starhop::draughts::input::step;
    let mut app = draughts_app(None);
    start(&mut app, setup(Variant::Russian, HUMANS[0], HUMANS[1]));
    let first = game(&app).legal_moves()[0];
    // The first arrow shows the cursor on a piece that can move.
    common::tap(&mut app, KeyCode::ArrowUp);
    let cursor = |app: &App| app.world().resource::<DraughtsSelection>().cursor;
    assert_eq!(cursor(&app), Some(first.from()));
    common::tap(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<DraughtsSelection>().from,
        Some(first.from())
    );
    // Up goes to the next row (left first); right then to the other square.
    common::tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        cursor(&app),
        Some(step(Variant::Russian, first.from(), 0, -1))
    );
    if cursor(&app) != Some(first.to()) {
        common::tap(&mut app, KeyCode::ArrowRight);
    }
    assert_eq!(cursor(&app), Some(first.to()));
    common::tap(&mut app, KeyCode::Space);
    assert_eq!(game(&app).moves().next(), Some(&first));
}

#[test]
fn a_hint_is_a_legal_move_of_the_person_to_move_and_picks_its_piece_up() {
    use starhop::draughts::DraughtsHint;
    use starhop::draughts::jobs::DraughtsHintRequest;
    let mut app = draughts_app(None);
    start(
        &mut app,
        setup(Variant::International, HUMANS[0], HUMANS[1]),
    );
    app.world_mut().write_message(DraughtsHintRequest);
    wait_for(&mut app, "a hint", |app| {
        app.world().resource::<DraughtsHint>().0.is_some()
    });
    let (revision, mv) = app
        .world()
        .resource::<DraughtsHint>()
        .0
        .expect("a hint came");
    assert_eq!(revision, app.world().resource::<DraughtsSession>().revision);
    assert!(game(&app).legal_moves().contains(&mv));
    app.update();
    let selection = app
        .world()
        .resource::<starhop::draughts::DraughtsSelection>();
    assert_eq!(selection.from, Some(mv.from()));
}

/// One key map for every mode: a hint leaves the keyboard cursor on its
/// move's next landing, so Enter plays the hinted move (hop by hop in a
/// capture), and Ctrl+S saves.
#[test]
fn enter_plays_the_hinted_move_and_ctrl_s_saves() {
    use starhop::draughts::DraughtsHint;
    use starhop::draughts::jobs::DraughtsHintRequest;
    let folders = temp_folders("draughts-keys");
    let mut app = draughts_app(Some(folders.clone()));
    // White's only move is a capture of four pieces, landing by landing.
    start_at(&mut app, Variant::Russian, "W:W31:B26,18,27,19,1");
    for round in 0..2 {
        app.world_mut().write_message(DraughtsHintRequest);
        let for_this_position = |app: &App| {
            let revision = app.world().resource::<DraughtsSession>().revision;
            app.world()
                .resource::<DraughtsHint>()
                .0
                .filter(|(r, _)| *r == revision)
        };
        wait_for(&mut app, "a hint", |app| for_this_position(app).is_some());
        let (_, mv) = for_this_position(&app).expect("a hint came");
        let plies = game(&app).ply_count();
        let hops = game(&app).routes(&mv)[0].len();
        for _ in 0..hops {
            app.update();
            common::tap(&mut app, KeyCode::Enter);
        }
        app.update();
        assert_eq!(
            game(&app).ply_count(),
            plies + 1,
            "round {round}: Enter played the hint"
        );
        assert_eq!(game(&app).moves().last(), Some(&mv), "round {round}");
        settle(&mut app, 400);
        if game(&app).is_over() {
            break;
        }
    }
    // Ctrl+S: a save in the folder.
    let saves = draughts_saves(&folders);
    let before = std::fs::read_dir(&saves).map_or(0, |d| d.count());
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
    }
    common::tap(&mut app, KeyCode::KeyS);
    app.update();
    app.update();
    let after = std::fs::read_dir(&saves).map_or(0, |d| d.count());
    assert_eq!(after, before + 1, "Ctrl+S saved the game");
}

#[test]
fn a_finished_draughts_game_is_filed_in_the_history_unrated_and_once() {
    let folders = temp_folders("draughts-history");
    let mut app = draughts_app(Some(folders));
    start(&mut app, setup(Variant::Russian, HUMANS[0], HUMANS[1]));
    press(&mut app, &[22, 18]);
    assert!(history(&app).is_empty(), "a game in play is not filed");
    app.world_mut().write_message(DraughtsTurn::Resign);
    app.update();
    app.update();
    let entries = history(&app);
    assert_eq!(entries.len(), 1, "the finished game is filed");
    let entry = &entries[0];
    assert_eq!(entry.game, GameKind::Draughts);
    assert_eq!(entry.names, ["White", "Black"]);
    assert_eq!(entry.who, [Who::Guest, Who::Guest]);
    assert_eq!(entry.rating, [0, 0], "draughts is not rated");
    assert_eq!(entry.ending.as_deref(), Some("resignation"));
    let store = app.world().resource::<LeagueStore>();
    match store.league.read_any_record(entry) {
        Ok(AnyRecord::Draughts(r)) => assert_eq!(r.moves, ["22-18"]),
        other => panic!("the filed record is the draughts game: {other:?}"),
    }
    // Taken back and resigned again: the same game, filed once.
    app.world_mut().write_message(DraughtsTurn::Undo);
    app.update();
    app.world_mut().write_message(DraughtsTurn::Resign);
    app.update();
    app.update();
    assert_eq!(history(&app).len(), 1);
}

fn history(app: &App) -> Vec<starhop_league::HistoryEntry> {
    app.world().resource::<LeagueStore>().league.history.clone()
}

/// The history's Watch opens a draughts game in the viewer on the draughts
/// board: it steps forward as in play, back, to the end with its
/// resignation, takes no moves meanwhile, files nothing, and leaving goes
/// back to the history.
#[test]
fn a_filed_draughts_game_is_watched_again_move_by_move() {
    use starhop::base::{MatchAuthority, RecordOnShow};
    use starhop::league::WatchRecord;
    use starhop::replay::{OtherReplay, ReplayControl};
    let folders = temp_folders("draughts-watch");
    let mut app = draughts_app(Some(folders));
    start(&mut app, setup(Variant::Russian, HUMANS[0], HUMANS[1]));
    let mut played = Vec::new();
    for _ in 0..4 {
        let mv = game(&app).legal_moves()[0];
        app.world_mut().write_message(DraughtsMoveRequest(mv));
        app.update();
        settle(&mut app, 400);
        played.push(mv);
    }
    app.world_mut().write_message(DraughtsTurn::Resign);
    app.update();
    app.update();
    let entry = history(&app)[0].clone();
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
    // The history asks the viewer, the viewer asks the mode, the screen changes.
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Draughts
    );
    assert_eq!(
        *app.world().resource::<MatchAuthority>(),
        MatchAuthority::Replay
    );
    let r = app.world().resource::<OtherReplay>();
    assert_eq!((r.kind, r.len, r.at), (GameKind::Draughts, 4, 0));
    assert_eq!(game(&app).ply_count(), 0, "the viewer opens on the start");
    let shown = app.world().resource::<RecordOnShow>();
    assert_eq!(shown.lines.len(), 4);
    assert!(shown.lines[0].starts_with("1. White "), "{:?}", shown.lines);
    assert_pieces_match(&mut app);

    app.world_mut().write_message(ReplayControl::Forward);
    app.update();
    assert_eq!(game(&app).moves().copied().collect::<Vec<_>>(), played[..1]);
    assert!(
        app.world().resource::<DraughtsAnimating>().0,
        "the piece hops"
    );
    settle(&mut app, 400);
    assert_pieces_match(&mut app);

    // A move asked for while watching changes nothing.
    let mv = game(&app).legal_moves()[0];
    app.world_mut().write_message(DraughtsMoveRequest(mv));
    app.update();
    assert_eq!(game(&app).ply_count(), 1);

    app.world_mut().write_message(ReplayControl::Last);
    app.update();
    app.update();
    assert_eq!(game(&app).ply_count(), 4);
    assert!(game(&app).is_over(), "the end shows the resignation");
    assert!(app.world().resource::<RecordOnShow>().result.is_some());
    assert_pieces_match(&mut app);
    app.world_mut().write_message(ReplayControl::Back);
    app.update();
    app.update();
    assert_eq!(game(&app).ply_count(), 3);
    assert!(!game(&app).is_over());
    assert_pieces_match(&mut app);

    // Played through to the end: still one game in the history.
    app.world_mut().write_message(ReplayControl::TogglePlay);
    for _ in 0..600 {
        app.update();
        if !app.world().resource::<OtherReplay>().playing {
            break;
        }
    }
    assert_eq!(app.world().resource::<OtherReplay>().at, 4);
    assert_eq!(history(&app).len(), 1, "watching files nothing");

    app.world_mut().write_message(ReplayControl::Leave);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::History
    );
    assert!(app.world().get_resource::<OtherReplay>().is_none());
    assert!(app.world().get_resource::<DraughtsSession>().is_none());
    assert_eq!(
        *app.world().resource::<MatchAuthority>(),
        MatchAuthority::Local
    );
}

/// `--replay FILE` (the viewer on a file) takes a draughts record too.
#[test]
fn a_draughts_record_file_opens_in_the_viewer() {
    use starhop::replay::{OpenReplayFile, OtherReplay};
    let mut app = draughts_app(None);
    let mut g = Game::new(Variant::International);
    for _ in 0..3 {
        let mv = g.legal_moves()[0];
        g.play(&mv).unwrap();
    }
    let dir = std::env::temp_dir().join(format!("starhop-draughts-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("three-moves.json");
    std::fs::write(&path, AnyRecord::Draughts(g.record()).to_json()).unwrap();
    app.world_mut().write_message(OpenReplayFile(path.clone()));
    app.update();
    app.update();
    let r = app.world().resource::<OtherReplay>();
    assert_eq!(r.len, 3);
    assert_eq!(r.title.as_deref(), Some("three-moves"));
    assert_eq!(game(&app).variant(), Variant::International);
    assert_eq!(game(&app).ply_count(), 0);
    // The file is only read.
    assert!(path.exists());
}
