//! Food checkers at game level: a headless `App` with the game's logic
//! plugins, driven through messages, checking the marble entities, the
//! trays, bots, the finish and the progress file.

use crate::common;

use bevy::prelude::*;
use common::{Seen, temp_folders};
use starhop::Screen;
use starhop::base::Notice;
use starhop::food::marbles::{FoodIndex, cell_rest};
use starhop::food::{
    FoodHop, FoodJobs, FoodMarble, FoodMoveRequest, FoodProgress, FoodSeat, FoodSession, FoodSetup,
    FoodTurn, StartFood, TrayMarble,
};
use starhop::league::LeagueStore;
use starhop::persist::Folders;
use starhop_ai::Level;
use starhop_ai::food::puzzles::Puzzle;
use starhop_engine::Hex;
use starhop_engine::food::{Cell, cells};
use starhop_engine::shape::{BoxGame, GameKind};
use starhop_games::AnyRecord;
use std::path::PathBuf;
use std::time::Duration;

fn app_with(folders: Option<Folders>) -> App {
    common::app_with(|app| {
        if let Some(f) = folders {
            app.insert_resource(f);
        }
    })
}

fn app() -> App {
    app_with(None)
}

fn start(app: &mut App, setup: FoodSetup) {
    app.world_mut().write_message(StartFood(setup));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Food);
}

fn session(app: &App) -> &FoodSession {
    app.world().resource::<FoodSession>()
}

/// Board marbles: (entity, cell), by cell.
fn on_board(app: &mut App) -> Vec<(Entity, Cell)> {
    let mut q = app.world_mut().query::<(Entity, &FoodMarble)>();
    let mut v: Vec<(Entity, Cell)> = q.iter(app.world()).map(|(e, m)| (e, m.cell)).collect();
    v.sort_by_key(|&(_, c)| c);
    v
}

fn in_trays(app: &mut App) -> Vec<(Entity, TrayMarble)> {
    let mut q = app.world_mut().query::<(Entity, &TrayMarble)>();
    q.iter(app.world()).map(|(e, t)| (e, *t)).collect()
}

/// Runs frames until nothing moves (at most five seconds of game time).
fn settle(app: &mut App) {
    common::settle_all::<FoodHop>(app);
}

/// The board marbles agree with the engine's position, each at rest on its cell.
fn assert_view_matches_engine(app: &mut App) {
    let game = session(app).game.clone();
    let board = game.board();
    let cells_now: Vec<Cell> = on_board(app).iter().map(|&(_, c)| c).collect();
    let expected: Vec<Cell> = cells(game.position().marbles).collect();
    assert_eq!(cells_now, expected);
    let mut q = app.world_mut().query::<(&FoodMarble, &Transform)>();
    for (m, t) in q.iter(app.world()) {
        assert!(t.translation.distance(cell_rest(board, m.cell)) < 1e-4);
    }
    let captured: u32 = game.captures().iter().sum();
    assert_eq!(in_trays(app).len() as u32, captured);
}

fn hex_cell(app: &App, q: i8, r: i8) -> Cell {
    session(app).game.board().cell(Hex::new(q, r)).unwrap()
}

/// A made-up puzzle of `holes` with marbles on `marbles`, to finish anywhere.
fn puzzle(id: &str, holes: usize, marbles: &[(i8, i8)]) -> Puzzle {
    Puzzle {
        id: id.into(),
        holes,
        marbles: marbles.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
        finish: None,
        min_moves: None,
        difficulty: 1,
        solution: None,
    }
}

/// A made-up puzzle: one chain of two captures leaves one marble on (2, 0).
fn line_puzzle() -> Puzzle {
    Puzzle {
        finish: Some(Hex::new(2, 0)),
        min_moves: Some(1),
        ..puzzle("test-line", 37, &[(-2, 0), (-1, 0), (1, 0)])
    }
}

#[test]
fn a_capture_takes_exactly_one_marble_to_the_tray_and_lands_the_capturer() {
    let mut app = app();
    start(&mut app, FoodSetup::solo(37, None, false));
    let before = on_board(&mut app);
    assert_eq!(before.len(), 36);
    let mv = session(&app).game.legal_moves()[0].clone();
    assert_eq!(mv.captured.len(), 1);
    let mover = app.world().resource::<FoodIndex>().cells[mv.from() as usize].unwrap();
    let victim = app.world().resource::<FoodIndex>().cells[mv.captured[0] as usize].unwrap();
    app.world_mut()
        .write_message(FoodMoveRequest(mv.route.clone()));
    settle(&mut app);
    let after = on_board(&mut app);
    assert_eq!(after.len(), 35, "exactly one marble left the board");
    assert!(after.contains(&(mover, mv.to())), "the capturer landed");
    assert!(!after.iter().any(|&(e, _)| e == victim));
    let trays = in_trays(&mut app);
    assert_eq!(trays.len(), 1);
    assert_eq!(trays[0].0, victim);
    assert_eq!(trays[0].1, TrayMarble { player: 0, slot: 0 });
    assert_eq!(
        app.world().resource::<FoodIndex>().cells[mv.to() as usize],
        Some(mover)
    );
    assert_view_matches_engine(&mut app);
}

#[test]
fn an_illegal_request_changes_nothing_and_says_why() {
    let mut app = app();
    start(&mut app, FoodSetup::solo(37, None, false));
    let revision = session(&app).game.revision();
    let board_before = on_board(&mut app);
    // A slide in a game without slides (a capture exists anyway).
    let from = hex_cell(&app, 0, 2);
    let to = hex_cell(&app, 0, 1);
    app.world_mut()
        .write_message(FoodMoveRequest(vec![from, to]));
    settle(&mut app);
    assert_eq!(session(&app).game.revision(), revision);
    assert_eq!(on_board(&mut app), board_before);
    let seen = &app.world().resource::<Seen>().notices;
    assert!(
        seen.iter()
            .any(|n| matches!(n, Notice::Problem(t) if t.contains("capture"))),
        "{seen:?}"
    );
}

#[test]
fn undo_and_redo_move_the_same_entities_back_and_forth() {
    let mut app = app();
    start(&mut app, FoodSetup::solo(37, None, false));
    let start_view = on_board(&mut app);
    let mv = session(&app).game.legal_moves()[0].clone();
    app.world_mut()
        .write_message(FoodMoveRequest(mv.route.clone()));
    settle(&mut app);
    let after_move = on_board(&mut app);
    app.world_mut().write_message(FoodTurn::Undo);
    settle(&mut app);
    assert_eq!(
        on_board(&mut app),
        start_view,
        "the same entities on the same cells"
    );
    assert!(in_trays(&mut app).is_empty());
    assert_view_matches_engine(&mut app);
    app.world_mut().write_message(FoodTurn::Redo);
    settle(&mut app);
    assert_eq!(on_board(&mut app), after_move);
    assert_eq!(in_trays(&mut app).len(), 1);
    assert_view_matches_engine(&mut app);
}

#[test]
fn a_bot_seat_moves_by_itself_and_waits_for_the_person() {
    let mut app = app();
    start(
        &mut app,
        FoodSetup::table(
            37,
            vec![FoodSeat::Bot(Level::Beginner), FoodSeat::Human],
            true,
        ),
    );
    // The search runs on the shared pool: wait in real time, not frames.
    let began = std::time::Instant::now();
    while session(&app).game.moves_played() == 0 && began.elapsed().as_secs() < 30 {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let jobs = app.world().resource::<FoodJobs>();
    let (started, abandoned) = (jobs.started, jobs.abandoned);
    assert_eq!(
        session(&app).game.moves_played(),
        1,
        "the bot played ({started} searches started, {abandoned} stopped)"
    );
    assert!(app.world().resource::<FoodJobs>().started >= 1);
    // Now the person is to move: nothing more happens.
    for _ in 0..100 {
        app.update();
    }
    settle(&mut app);
    assert_eq!(session(&app).game.moves_played(), 1);
    assert_eq!(session(&app).game.to_move(), 1);
    assert_view_matches_engine(&mut app);
}

#[test]
fn a_solved_puzzle_ends_with_its_stars_and_the_progress_is_kept() {
    let folders = temp_folders("stars");
    let mut app = app_with(Some(folders.clone()));
    // Two single captures: one marble on the finish, but not in the fewest moves.
    start(&mut app, FoodSetup::puzzle(&line_puzzle()));
    let (a, b, c) = (
        hex_cell(&app, -2, 0),
        hex_cell(&app, 0, 0),
        hex_cell(&app, 2, 0),
    );
    app.world_mut().write_message(FoodMoveRequest(vec![a, b]));
    app.update();
    app.world_mut().write_message(FoodMoveRequest(vec![b, c]));
    settle(&mut app);
    assert!(session(&app).game.is_over());
    assert_eq!(session(&app).stars(), 2);
    assert_eq!(app.world().resource::<FoodProgress>().stars("test-line"), 2);
    // Again as one chain: three stars, and the better result is kept.
    app.world_mut().write_message(FoodTurn::Retry);
    app.update();
    app.update();
    assert_eq!(session(&app).game.moves_played(), 0);
    app.world_mut()
        .write_message(FoodMoveRequest(vec![a, b, c]));
    settle(&mut app);
    assert_eq!(session(&app).stars(), 3);
    assert_eq!(on_board(&mut app).len(), 1);
    assert_eq!(in_trays(&mut app).len(), 2);
    assert_eq!(app.world().resource::<FoodProgress>().stars("test-line"), 3);
    // A new run reads it back.
    let mut again = app_with(Some(folders.clone()));
    again.update();
    let progress = again.world().resource::<FoodProgress>();
    assert!(progress.loaded);
    assert_eq!(progress.stars("test-line"), 3);
    assert_eq!(progress.puzzles["test-line"].moves, 1);
}

#[test]
fn a_puzzle_left_with_several_marbles_earns_no_star() {
    let mut app = app();
    // Two marbles side by side at the edge and one far away: one capture, then stuck.
    let puzzle = puzzle("test-stuck", 37, &[(-2, 0), (-1, 0), (3, -3)]);
    start(&mut app, FoodSetup::puzzle(&puzzle));
    let (a, b) = (hex_cell(&app, -2, 0), hex_cell(&app, 0, 0));
    app.world_mut().write_message(FoodMoveRequest(vec![a, b]));
    settle(&mut app);
    assert!(session(&app).game.is_over());
    assert_eq!(session(&app).game.marbles_left(), 2);
    assert_eq!(session(&app).stars(), 0);
}

#[test]
fn a_corrupt_progress_file_is_kept_aside_with_a_message() {
    let folders = temp_folders("corrupt");
    let path: PathBuf = folders.config.join("food-progress.json");
    std::fs::write(&path, b"{ not json").unwrap();
    let mut app = app_with(Some(folders.clone()));
    app.update();
    let progress = app.world().resource::<FoodProgress>();
    assert!(progress.loaded);
    assert!(progress.puzzles.is_empty());
    assert!(!path.exists(), "the damaged file is no longer in the way");
    let aside: Vec<_> = std::fs::read_dir(&folders.config)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("food-progress.json.corrupt-")
        })
        .collect();
    assert_eq!(aside.len(), 1, "kept aside, not deleted");
    assert_eq!(
        std::fs::read(aside[0].path()).unwrap(),
        b"{ not json",
        "kept as it was"
    );
    let seen = &app.world().resource::<Seen>().notices;
    assert!(
        seen.iter()
            .any(|n| matches!(n, Notice::Problem(t) if t.contains("progress"))),
        "{seen:?}"
    );
}

/// Updates the app until `done`, in real time: the jobs run on the shared
/// pool, which other tests' searches may hold for a while.
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let began = std::time::Instant::now();
    while !done(app) {
        assert!(
            began.elapsed().as_secs() < 90,
            "timed out waiting for {what}"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn the_solver_watch_says_when_no_solution_is_left_and_hints_otherwise() {
    use starhop::food::jobs::{FoodAnalysis, FoodHint, FoodHintRequest};
    let mut app = app();
    // Two pairs far apart: each can capture once, never down to one marble.
    let puzzle = puzzle("test-apart", 37, &[(-3, 0), (-2, 0), (3, -1), (3, -2)]);
    start(&mut app, FoodSetup::puzzle(&puzzle));
    run_until(&mut app, "the verdict", |app| {
        let r = session(app).game.revision();
        app.world().resource::<FoodAnalysis>().no_solution(r)
    });
    // The line puzzle has a way: the hint shows its first capture.
    start(&mut app, FoodSetup::puzzle(&line_puzzle()));
    assert!(app.world().resource::<FoodHint>().0.is_none());
    app.world_mut().write_message(FoodHintRequest);
    run_until(&mut app, "the hint", |app| {
        app.world().resource::<FoodHint>().0.is_some()
    });
    let (revision, mv) = app.world().resource::<FoodHint>().0.clone().unwrap();
    assert_eq!(revision, session(&app).game.revision());
    assert_eq!(mv.from(), hex_cell(&app, -2, 0));
    assert!(!app.world().resource::<FoodAnalysis>().no_solution(revision));
}

/// A 28-marble position of 61 holes (after random captures from the
/// centre-vacant start) that the solver leaves undecided for more than 30 s.
const UNDECIDED: [(i8, i8); 28] = [
    (0, -4),
    (2, -4),
    (-1, -3),
    (0, -3),
    (-2, -2),
    (-1, -2),
    (2, -2),
    (3, -2),
    (4, -2),
    (-3, -1),
    (-2, -1),
    (-1, -1),
    (2, -1),
    (-4, 0),
    (-1, 0),
    (2, 0),
    (4, 0),
    (-4, 1),
    (-3, 1),
    (3, 1),
    (-4, 2),
    (-4, 3),
    (1, 3),
    (-4, 4),
    (-3, 4),
    (-2, 4),
    (-1, 4),
    (0, 4),
];

/// Where the solver takes long, a hint does not wait for it: after the
/// patience the Hard bot's capture is shown, marked as not proven, while
/// the solver goes on deciding; a solver that gives up leaves it too.
#[test]
fn a_hint_shows_the_bots_capture_while_the_solver_is_still_deciding() {
    use starhop::food::jobs::{FoodAnalysis, FoodHint, FoodHintRequest};
    let mut app = app();
    let puzzle = puzzle("test-undecided", 61, &UNDECIDED);
    start(&mut app, FoodSetup::puzzle(&puzzle));
    app.world_mut().write_message(FoodHintRequest);
    app.update();
    assert!(app.world().resource::<FoodJobs>().hinting());
    run_until(&mut app, "the hint", |app| {
        app.world().resource::<FoodHint>().0.is_some()
    });
    let (revision, mv) = app.world().resource::<FoodHint>().0.clone().unwrap();
    let game = session(&app).game.clone();
    assert_eq!(revision, game.revision());
    assert!(game.legal_moves().contains(&mv), "{:?}", mv.route);
    // Not the solver's: it has proven nothing (it is still deciding, or it
    // gave up first when other tests held the shared pool; before the bot's
    // capture stood in, neither case ever showed a hint).
    assert!(!app.world().resource::<FoodJobs>().hinting());
    let analysis = app.world().resource::<FoodAnalysis>();
    assert_eq!(analysis.proven_move(revision), None);
    assert!(!analysis.no_solution(revision));
}

/// After the watch, the game ponders every move the player might make: once
/// it has, the position after any move is answered from memory, and the
/// watch there says the same at once.
#[test]
fn the_game_ponders_the_positions_after_every_move() {
    use starhop::food::jobs::FoodAnalysis;
    use starhop_ai::food::solver::{self, Hint};
    let mut app = app();
    start(&mut app, FoodSetup::solo(37, None, false));
    let revision = session(&app).game.revision();
    run_until(&mut app, "pondering", |app| {
        app.world().resource::<FoodJobs>().pondered(revision)
    });
    let game = session(&app).game.clone();
    let pos = game.position();
    for mv in game.legal_moves() {
        assert!(
            solver::recall(pos.after(&mv), game.finish()).is_some(),
            "decided after {:?}",
            mv.route
        );
    }
    let mv = game.legal_moves()[0].clone();
    let known = solver::recall(pos.after(&mv), game.finish());
    app.world_mut().write_message(FoodMoveRequest(mv.route));
    run_until(&mut app, "the watch after the move", |app| {
        let r = session(app).game.revision();
        app.world().resource::<FoodAnalysis>().revision == Some(r)
    });
    // The same kind of answer (another test's game may have remembered a
    // different first move of a solution since).
    let verdict = app.world().resource::<FoodAnalysis>().verdict.clone();
    let kind = |h: &Option<Hint>| h.as_ref().map(std::mem::discriminant);
    assert_eq!(kind(&verdict), kind(&known));
    assert_ne!(verdict, Some(Hint::Unknown));
}

#[test]
fn a_saved_food_game_is_a_record_that_loads_back_to_the_same_position() {
    use starhop::food::LoadFood;
    use starhop::food::progress::food_saves;
    let folders = temp_folders("save");
    let mut app = app_with(Some(folders.clone()));
    start(&mut app, FoodSetup::solo(37, None, false));
    for _ in 0..3 {
        let mv = session(&app).game.legal_moves()[0].clone();
        app.world_mut().write_message(FoodMoveRequest(mv.route));
        settle(&mut app);
    }
    app.world_mut().write_message(FoodTurn::Save);
    app.update();
    app.update();
    let saved: Vec<PathBuf> = std::fs::read_dir(food_saves(&folders))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1);
    assert!(starhop::food::is_food_record(&saved[0]));
    let (record, game) =
        starhop_engine::food::read_food_record(std::fs::File::open(&saved[0]).unwrap()).unwrap();
    assert_eq!(game.position(), session(&app).game.position());
    // Loaded in a fresh run: the same marbles, the captures in the tray.
    let mut other = app_with(None);
    other.world_mut().write_message(LoadFood(record));
    other.update();
    other.update();
    assert_eq!(session(&other).game.moves_played(), 3);
    assert_eq!(session(&other).game.position(), game.position());
    assert_view_matches_engine(&mut other);
    // A classic save is not taken for a food record.
    let classic = folders.config.join("classic.json");
    std::fs::write(&classic, br#"{"format":"starhop-record","version":1}"#).unwrap();
    assert!(!starhop::food::is_food_record(&classic));
}

#[test]
fn the_saved_games_list_shows_new_saves_and_a_damaged_one_is_refused_and_kept() {
    use starhop::food::progress::{FoodSaves, food_saves, open_saved};
    use starhop::settings::Language;
    let folders = temp_folders("saved-list");
    let mut app = app_with(Some(folders.clone()));
    start(&mut app, FoodSetup::solo(37, None, false));
    let mv = session(&app).game.legal_moves()[0].clone();
    app.world_mut().write_message(FoodMoveRequest(mv.route));
    settle(&mut app);
    // Listed before any save: nothing.
    app.world_mut()
        .resource_mut::<FoodSaves>()
        .refresh(&folders);
    assert!(app.world().resource::<FoodSaves>().files.is_empty());
    app.world_mut().write_message(FoodTurn::Save);
    app.update();
    app.update();
    // A save makes the list stale; listing again finds it.
    assert!(!app.world().resource::<FoodSaves>().listed);
    app.world_mut()
        .resource_mut::<FoodSaves>()
        .refresh(&folders);
    let files = app.world().resource::<FoodSaves>().files.clone();
    assert_eq!(files.len(), 1);
    let load = open_saved(&files[0], Language::English).unwrap();
    assert_eq!(load.0.moves.len(), 1);
    // A damaged file: a message naming it, and the file left as it was.
    let bad = food_saves(&folders).join("food-broken.json");
    std::fs::write(&bad, b"{ not json").unwrap();
    let err = open_saved(&bad, Language::English).unwrap_err();
    assert!(
        err.contains("food-broken.json") && err.contains("could not be loaded"),
        "{err}"
    );
    assert_eq!(std::fs::read(&bad).unwrap(), b"{ not json");
}

#[test]
fn the_command_line_starts_the_food_game_it_describes() {
    use clap::Parser;
    use starhop::food::FoodMode;
    use starhop::shell::launch::Args;
    let args = Args::parse_from([
        "starhop",
        "--food",
        "table",
        "--players",
        "3",
        "--vs",
        "easy",
        "--holes",
        "37",
    ]);
    assert!(args.quick_start().is_none(), "no classic game as well");
    let setup = args.food_setup().unwrap();
    assert_eq!(setup.mode, FoodMode::Table);
    assert_eq!(setup.rules.holes, 37);
    assert!(setup.rules.slides);
    assert_eq!(
        setup.seats,
        vec![
            FoodSeat::Human,
            FoodSeat::Bot(Level::Easy),
            FoodSeat::Bot(Level::Easy)
        ]
    );
    let solo = Args::parse_from(["starhop", "--food", "solo", "--slides", "on"])
        .food_setup()
        .unwrap();
    assert_eq!(
        (solo.rules.players, solo.rules.holes, solo.rules.slides),
        (1, 61, true)
    );
    let puzzle = Args::parse_from(["starhop", "--food", "puzzle"])
        .food_setup()
        .unwrap();
    assert!(matches!(puzzle.mode, FoodMode::Puzzle(_)));
    assert!(Args::parse_from(["starhop"]).food_setup().is_none());
}

#[test]
fn a_chain_is_built_hop_by_hop_and_may_stop_or_be_played_whole() {
    use starhop::food::{FoodSelection, press};
    use starhop::settings::Language;
    let mut app = app();
    start(&mut app, FoodSetup::puzzle(&line_puzzle()));
    let s = session(&app).clone();
    let (a, b, c) = (
        hex_cell(&app, -2, 0),
        hex_cell(&app, 0, 0),
        hex_cell(&app, 2, 0),
    );
    let lang = Language::English;
    let mut sel = FoodSelection::default();
    // An empty hole selects nothing; a marble that cannot capture says so.
    assert_eq!(press(c, &s, &mut sel, lang), Ok(None));
    assert!(sel.chain.is_empty());
    assert!(press(hex_cell(&app, 1, 0), &s, &mut sel, lang).is_err());
    // Select, hop once (the chain could go on), then stop by pressing the marble.
    assert_eq!(press(a, &s, &mut sel, lang), Ok(None));
    assert_eq!(sel.chain, vec![a]);
    assert_eq!(press(b, &s, &mut sel, lang), Ok(None));
    assert_eq!(sel.chain, vec![a, b]);
    assert_eq!(press(a, &s, &mut sel, lang), Ok(Some(vec![a, b])));
    assert!(sel.chain.is_empty());
    // The end of the longer chain plays all of it.
    press(a, &s, &mut sel, lang).unwrap();
    assert_eq!(press(c, &s, &mut sel, lang), Ok(Some(vec![a, b, c])));
    // Pressing the selected marble before any hop puts it back.
    press(a, &s, &mut sel, lang).unwrap();
    assert_eq!(press(a, &s, &mut sel, lang), Ok(None));
    assert!(sel.chain.is_empty());
}

#[test]
fn free_solo_starts_where_one_marble_can_be_reached() {
    use starhop_ai::food::solver::last_marble_class;
    for holes in [37, 61, 91] {
        let setup = FoodSetup::solo(holes, None, false);
        let pos = setup.rules.start_position().unwrap();
        assert_eq!(pos.count() as usize, holes - 1);
        assert!(
            last_marble_class(pos.board, pos.marbles).is_some(),
            "the default {holes}-hole start can end with one marble"
        );
        // 61 holes keep the rule book's centre start.
        assert_eq!(pos.has(pos.board.centre), holes != 61);
    }
    // A chosen hole is kept, even one that cannot be solved.
    let centre = FoodSetup::solo(37, Some(Hex::new(0, 0)), false);
    let pos = centre.rules.start_position().unwrap();
    assert!(!pos.has(pos.board.centre));
}

/// A hinted chain that comes back round to its own start is played by a
/// press on its end, the marble's own hole (before, that press only put the
/// marble back).
#[test]
fn a_hinted_chain_back_to_its_start_is_played_by_pressing_its_end() {
    use starhop::food::{FoodSelection, press};
    use starhop::settings::Language;
    let mut app = app();
    // Round a triangle: (0,0) takes (1,0), (1,1) and (0,1), landing on
    // (2,0), (0,2) and its own start.
    let puzzle = Puzzle {
        finish: Some(Hex::new(0, 0)),
        min_moves: Some(1),
        ..puzzle("test-loop", 37, &[(0, 0), (1, 0), (1, 1), (0, 1)])
    };
    start(&mut app, FoodSetup::puzzle(&puzzle));
    let s = session(&app).clone();
    let start_cell = hex_cell(&app, 0, 0);
    let route = vec![
        start_cell,
        hex_cell(&app, 2, 0),
        hex_cell(&app, 0, 2),
        start_cell,
    ];
    assert!(
        s.game
            .moves_from(start_cell)
            .iter()
            .any(|m| m.route == route),
        "the loop is a legal chain here"
    );
    let lang = Language::English;
    // As a hint leaves it: the marble picked up, the hint's route kept.
    let mut sel = FoodSelection {
        chain: vec![start_cell],
        hinted: Some(route.clone()),
        ..FoodSelection::default()
    };
    assert_eq!(press(start_cell, &s, &mut sel, lang), Ok(Some(route)));
    // Without a hint the same press still puts the marble back.
    let mut sel = FoodSelection::default();
    press(start_cell, &s, &mut sel, lang).unwrap();
    assert_eq!(press(start_cell, &s, &mut sel, lang), Ok(None));
    assert!(sel.chain.is_empty());
}

#[test]
fn a_finished_food_game_is_filed_in_the_history_unrated() {
    let folders = temp_folders("food-history");
    let mut app = app_with(Some(folders));
    start(&mut app, FoodSetup::puzzle(&line_puzzle()));
    let (a, b, c) = (
        hex_cell(&app, -2, 0),
        hex_cell(&app, 0, 0),
        hex_cell(&app, 2, 0),
    );
    app.world_mut()
        .write_message(FoodMoveRequest(vec![a, b, c]));
    settle(&mut app);
    assert!(session(&app).game.is_over());
    let store = app.world().resource::<LeagueStore>();
    let entries = &store.league.history;
    assert_eq!(entries.len(), 1, "the finished game is filed");
    let entry = &entries[0];
    assert_eq!(entry.game, GameKind::Food);
    assert_eq!(entry.rating, [0], "food checkers is not rated");
    assert_eq!(entry.places, [1]);
    assert_eq!(entry.ending.as_deref(), Some("one_marble"));
    match store.league.read_any_record(entry) {
        Ok(AnyRecord::Food(r)) => {
            let replayed = AnyRecord::Food(r)
                .replay()
                .expect("the filed record replays");
            assert!(replayed.is_over());
            assert_eq!(replayed.as_food().map(|g| g.marbles_left()), Some(1));
        }
        other => panic!("the filed record is the food game: {other:?}"),
    }
}

/// The history's Watch opens a food game of two players in the viewer on
/// the food board: a move forward hops and sends the captures to the
/// mover's tray as in play, back brings them out again, a jump sets the
/// board at once; nothing is played or filed meanwhile; leaving goes back.
#[test]
fn a_filed_food_game_is_watched_again_move_by_move() {
    use starhop::base::{MatchAuthority, RecordOnShow};
    use starhop::league::WatchRecord;
    use starhop::replay::{OtherReplay, ReplayControl};
    let folders = temp_folders("food-watch");
    let mut app = app_with(Some(folders));
    start(
        &mut app,
        FoodSetup::table(37, vec![FoodSeat::Human, FoodSeat::Human], false),
    );
    let mut played = Vec::new();
    while !session(&app).game.is_over() {
        let mv = session(&app).game.legal_moves()[0].clone();
        app.world_mut()
            .write_message(FoodMoveRequest(mv.route.clone()));
        settle(&mut app);
        played.push(mv);
    }
    let store = app.world().resource::<LeagueStore>();
    assert_eq!(store.league.history.len(), 1, "the finished game is filed");
    let path = store.league.record_path(&store.league.history[0]);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::History);
    app.update();

    app.world_mut().write_message(WatchRecord(path));
    // The history asks the viewer, the viewer asks the mode, the screen changes.
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Food);
    assert_eq!(
        *app.world().resource::<MatchAuthority>(),
        MatchAuthority::Replay
    );
    let r = app.world().resource::<OtherReplay>();
    assert_eq!((r.kind, r.len, r.at), (GameKind::Food, played.len(), 0));
    assert_eq!(session(&app).game.moves_played(), 0);
    let lines = &app.world().resource::<RecordOnShow>().lines;
    assert_eq!(lines.len(), played.len());
    assert_eq!(
        lines[0],
        format!("1. Player 1 · takes {}", played[0].captured.len())
    );
    assert_view_matches_engine(&mut app);

    app.world_mut().write_message(ReplayControl::Forward);
    app.update();
    assert_eq!(session(&app).game.played(), &played[..1]);
    settle(&mut app);
    assert_view_matches_engine(&mut app);
    let in_trays = |app: &mut App| {
        let mut q = app.world_mut().query::<&TrayMarble>();
        q.iter(app.world()).count()
    };
    assert_eq!(in_trays(&mut app), played[0].captured.len());

    // A move asked for while watching changes nothing.
    let mv = session(&app).game.legal_moves()[0].clone();
    app.world_mut().write_message(FoodMoveRequest(mv.route));
    app.update();
    assert_eq!(session(&app).game.moves_played(), 1);

    app.world_mut().write_message(ReplayControl::Back);
    app.update();
    settle(&mut app);
    assert_eq!(session(&app).game.moves_played(), 0);
    assert_eq!(in_trays(&mut app), 0, "the captures came back out");
    assert_view_matches_engine(&mut app);

    app.world_mut().write_message(ReplayControl::Last);
    app.update();
    app.update();
    assert!(session(&app).game.is_over());
    assert_eq!(session(&app).game.played(), &played[..]);
    assert!(app.world().resource::<RecordOnShow>().result.is_some());
    assert_view_matches_engine(&mut app);
    assert_eq!(
        app.world().resource::<LeagueStore>().league.history.len(),
        1,
        "watching files nothing"
    );

    app.world_mut().write_message(ReplayControl::Leave);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::History
    );
    assert!(app.world().get_resource::<FoodSession>().is_none());
    assert_eq!(
        *app.world().resource::<MatchAuthority>(),
        MatchAuthority::Local
    );
}
