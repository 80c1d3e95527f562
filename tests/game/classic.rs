//! Game-level tests: a headless `App` with the game's logic plugins (no
//! window, renderer or audio), driven through messages, checking the ECS view.

use crate::common;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use starhop::base::{Cue, Notice};
use starhop::classic::{LoadMatch, Match, MatchSetup, MoveRequest, StartMatch, TurnRequest};
use starhop::stage::marbles::{Hopping, Marble, MarbleIndex, rest_position};
use starhop::{Screen, StarhopLogicPlugin, stage::board::BoardLayout};
use starhop_engine::{Event, FirstMoveMethod, Game, Hole, Move, Record, Rules, Seat};
use std::time::Duration;

use common::{Seen, app, fixed_rules, marbles, settle, step_away, tap, watch};

fn start(app: &mut App, players: usize) {
    app.world_mut()
        .write_message(StartMatch(MatchSetup::new(players, fixed_rules())));
    app.update();
    app.update();
}

fn entity_on(app: &App, hole: Hole) -> Option<Entity> {
    app.world().resource::<MarbleIndex>().0[hole as usize]
}

#[test]
fn a_six_player_setup_puts_sixty_marbles_on_their_home_holes() {
    let mut app = app();
    start(&mut app, 6);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let layout = app.world().resource::<BoardLayout>().clone();
    let all = marbles(&mut app);
    assert_eq!(all.len(), 60);
    let pos = app.world().resource::<Match>().game.position().clone();
    for (m, at) in &all {
        assert!(
            pos.home(m.seat).contains(m.hole),
            "seat {} on {}",
            m.seat,
            m.hole
        );
        assert!(at.distance(rest_position(&layout, m.hole)) < 1e-5);
    }
    for seat in 0..6 as Seat {
        assert_eq!(all.iter().filter(|(m, _)| m.seat == seat).count(), 10);
    }
}

#[test]
fn a_move_request_hops_the_marble_to_its_hole() {
    let mut app = app();
    start(&mut app, 2);
    let game = &app.world().resource::<Match>().game;
    // A jump over the front row: one hop of two holes.
    let mv = game
        .legal_moves()
        .into_iter()
        .find(|m| game.position().board().distance(m.from, m.to) == 2)
        .unwrap();
    let moving = entity_on(&app, mv.from).unwrap();
    app.world_mut().write_message(MoveRequest::from(mv));
    app.update();
    // Mid-flight the marble is above the board, between the holes.
    app.update();
    let layout = app.world().resource::<BoardLayout>().clone();
    let mid = app.world().get::<Transform>(moving).unwrap().translation;
    assert!(
        mid.y > rest_position(&layout, mv.to).y,
        "the marble arcs up: {mid}"
    );
    settle(&mut app);
    let end = app.world().get::<Transform>(moving).unwrap().translation;
    assert!(end.distance(rest_position(&layout, mv.to)) < 1e-5);
    assert_eq!(app.world().get::<Marble>(moving).unwrap().hole, mv.to);
    assert_eq!(entity_on(&app, mv.to), Some(moving));
    assert_eq!(entity_on(&app, mv.from), None);
    assert_eq!(app.world().resource::<Seen>().landings, 1);
    assert_eq!(app.world().resource::<Match>().game.to_move(), 1);
}

#[test]
fn an_illegal_request_changes_nothing_and_says_why() {
    let mut app = app();
    start(&mut app, 2);
    let before = marbles(&mut app);
    let theirs = app
        .world()
        .resource::<Match>()
        .game
        .position()
        .marbles(1)
        .first()
        .unwrap();
    app.world_mut().write_message(MoveRequest::from(Move {
        from: theirs,
        to: theirs,
    }));
    settle(&mut app);
    assert_eq!(marbles(&mut app), before);
    assert_eq!(app.world().resource::<Match>().game.actions().count(), 0);
    let seen = &app.world().resource::<Seen>().notices;
    assert!(
        seen.iter().any(|n| matches!(n, Notice::Refused(starhop_engine::RuleError::NotYourMarble(h)) if *h == theirs)),
        "{seen:?}"
    );
}

#[test]
fn undo_puts_the_marble_entities_back() {
    let mut app = app();
    start(&mut app, 3);
    let before = marbles(&mut app);
    for _ in 0..3 {
        let mv = app.world().resource::<Match>().game.legal_moves()[0];
        app.world_mut().write_message(MoveRequest::from(mv));
        settle(&mut app);
    }
    assert_ne!(marbles(&mut app), before);
    for _ in 0..3 {
        app.world_mut().write_message(TurnRequest::Undo);
        app.update();
    }
    settle(&mut app);
    let after: Vec<(Marble, Vec3)> = marbles(&mut app);
    assert_eq!(after.len(), before.len());
    for ((a, pa), (b, pb)) in after.iter().zip(&before) {
        assert_eq!(a, b);
        assert!(pa.distance(*pb) < 1e-5);
    }
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::Undone)
    );
    app.world_mut().write_message(TurnRequest::Redo);
    app.update();
    assert_eq!(app.world().resource::<Match>().game.actions().count(), 1);
}

#[test]
fn a_finished_game_reaches_the_end_state() {
    // Both players one step from home; seat 0 finishes, seat 1 cannot, so seat 0 wins.
    let (pos, finishing) = common::nearly_finished_position();
    let game = Game::from_position(fixed_rules(), pos, 0).unwrap();
    let record = Record::of(&game, vec!["Ann".into(), "Bo".into()]);
    let mut app = app();
    app.world_mut().write_message(LoadMatch(record));
    app.update();
    app.update();
    assert_eq!(marbles(&mut app).len(), 12);
    let (from, to) = finishing[0];
    app.world_mut()
        .write_message(MoveRequest::from(Move { from, to }));
    settle(&mut app);
    let mv = step_away(&app.world().resource::<Match>().game);
    app.world_mut().write_message(MoveRequest::from(mv));
    settle(&mut app);
    let m = app.world().resource::<Match>();
    let outcome = m.game.outcome().expect("the game is over");
    assert_eq!(outcome.places, vec![1, 2]);
    assert_eq!(m.name(0), "Ann");
    let seen = &app.world().resource::<Seen>().notices;
    assert!(seen.contains(&Notice::Rule(Event::Finished { seat: 0, turns: 1 })));
    assert!(
        seen.iter()
            .any(|n| matches!(n, Notice::Rule(Event::GameOver(o)) if o.places == vec![1, 2]))
    );
    // Nothing moves after the end.
    app.world_mut()
        .write_message(MoveRequest::from(Move { from: to, to: from }));
    app.update();
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::Refused(starhop_engine::RuleError::GameOver))
    );
}

#[test]
fn bots_move_on_their_own_through_the_same_requests() {
    use starhop::classic::SeatKind;
    use starhop_ai::Level;
    let mut app = app();
    let mut setup = MatchSetup::new(2, fixed_rules());
    setup.seats[1].kind = SeatKind::Bot(Level::Beginner);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    app.update();
    // The human (seat 0) moves; then the bot must answer without any input.
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest::from(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<Match>().game.to_move(), 1);
    // The search runs on a background task: keep frames coming until it answers
    // (a generous cap so a broken bot fails instead of hanging).
    let mut frames = 0;
    while app.world().resource::<Match>().game.actions().count() < 2 {
        assert!(frames < 2_000, "the bot never moved");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
        frames += 1;
    }
    settle(&mut app);
    let m = app.world().resource::<Match>();
    assert_eq!(
        m.game.to_move(),
        0,
        "the bot moved once and handed the turn back"
    );
    // The entities follow the bot's move like any other.
    let pos = m.game.position().clone();
    for (marble, _) in marbles(&mut app) {
        assert!(pos.marbles(marble.seat).contains(marble.hole));
    }
}

// ----- bots, pause and jobs -----

use starhop::base::PauseReasons;
use starhop::classic::{BotMind, BotSpeed, SeatKind};
use starhop_ai::Level;

fn bots_setup(players: usize, level: Level) -> MatchSetup {
    let mut setup = MatchSetup::new(players, fixed_rules());
    for seat in &mut setup.seats {
        seat.kind = SeatKind::Bot(level);
    }
    setup
}

fn actions(app: &App) -> usize {
    app.world().resource::<Match>().game.actions().count()
}

/// Runs frames (with a little real time for the background searches) until
/// `done` holds; fails after a generous number of frames.
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..3_000 {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("{what} did not happen");
}

/// Runs frames for about `ms` milliseconds of real time.
fn run_for(app: &mut App, ms: u64) {
    let end = std::time::Instant::now() + Duration::from_millis(ms);
    while std::time::Instant::now() < end {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn each_bot_turn_starts_exactly_one_search() {
    let mut app = app();
    app.world_mut()
        .write_message(StartMatch(bots_setup(2, Level::Beginner)));
    app.update();
    run_until(&mut app, "eight bot moves", |app| actions(app) >= 8);
    let mind = app.world().resource::<BotMind>();
    let played = actions(&app) as u64;
    // One search per move played, plus at most the one now under way.
    assert!(
        mind.started <= played + 1,
        "{} searches for {played} moves",
        mind.started
    );
    assert!(mind.started >= played);
    assert_eq!(mind.abandoned, 0, "no search was thrown away");
}

#[test]
fn undo_stops_the_bot_search_and_its_move_is_never_played() {
    let mut app = app();
    let mut setup = MatchSetup::new(2, fixed_rules());
    // Master thinks for long enough that the undo comes while it searches.
    setup.seats[1].kind = SeatKind::Bot(Level::Master);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    app.update();
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest::from(mv));
    run_until(&mut app, "the bot starting to think", |app| {
        app.world().resource::<BotMind>().is_thinking()
    });
    let stop = app.world().resource::<BotMind>().stop_flag().unwrap();
    assert!(!stop.is_raised());
    app.world_mut().write_message(TurnRequest::Undo);
    app.update();
    assert!(stop.is_raised(), "the abandoned search was told to stop");
    let mind = app.world().resource::<BotMind>();
    assert_eq!(mind.abandoned, 1);
    assert!(!mind.is_thinking());
    // Back at the human's turn: nothing is played for them, whatever time passes.
    run_for(&mut app, 600);
    assert_eq!(actions(&app), 0);
    assert_eq!(app.world().resource::<Match>().game.to_move(), 0);
    assert_eq!(app.world().resource::<BotMind>().started, 1);
}

#[test]
fn a_paused_bots_only_game_stands_still_until_resumed() {
    let mut app = app();
    app.world_mut()
        .write_message(StartMatch(bots_setup(2, Level::Beginner)));
    app.update();
    run_until(&mut app, "a first bot move", |app| actions(app) >= 1);
    app.world_mut().resource_mut::<PauseReasons>().watcher = true;
    app.update();
    let paused_at = actions(&app);
    let marbles_then = marbles(&mut app);
    run_for(&mut app, 800);
    // A move decided just before the pause may not land; nothing more happens.
    assert_eq!(actions(&app), paused_at);
    assert_eq!(
        marbles(&mut app),
        marbles_then,
        "no marble moves in a pause"
    );
    app.world_mut().resource_mut::<PauseReasons>().watcher = false;
    run_until(&mut app, "play going on after resume", |app| {
        actions(app) > paused_at
    });
}

#[test]
fn nothing_moves_while_the_first_move_draw_is_shown() {
    let mut app = app();
    // The draw window (UI) holds the match; here the test plays that part.
    app.world_mut().resource_mut::<PauseReasons>().draw = true;
    app.world_mut()
        .write_message(StartMatch(bots_setup(2, Level::Beginner)));
    run_for(&mut app, 800);
    assert_eq!(actions(&app), 0);
    app.world_mut().resource_mut::<PauseReasons>().draw = false;
    run_until(&mut app, "the first move after the draw", |app| {
        actions(app) >= 1
    });
}

#[test]
fn the_watch_speed_and_pause_do_not_carry_into_the_next_game() {
    let mut app = app();
    start(&mut app, 2);
    app.world_mut().resource_mut::<BotSpeed>().0 = 4.0;
    app.world_mut().resource_mut::<PauseReasons>().watcher = true;
    start(&mut app, 3);
    assert_eq!(app.world().resource::<BotSpeed>().0, 1.0);
    assert!(!app.world().resource::<PauseReasons>().watcher);
}

// ----- launching and loading -----

/// An app started as `starhop ARGS` would be (without the window).
fn launched(args: &[&str]) -> App {
    use clap::Parser;
    let args = starhop::shell::launch::Args::parse_from(
        std::iter::once("starhop").chain(args.iter().copied()),
    );
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        starhop::game_plugins(args.options(std::time::Instant::now())),
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )))
    .init_resource::<Seen>()
    .add_systems(Last, watch);
    app.update();
    app.update();
    app
}

#[test]
fn the_quick_start_options_start_the_game_they_describe() {
    let app = launched(&["--players", "2", "--vs", "medium", "--first", "coin"]);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.players(), 2);
    assert_eq!(m.setup.seats[0].kind, SeatKind::Human);
    assert_eq!(m.setup.seats[1].kind, SeatKind::Bot(Level::Medium));
    assert_eq!(m.game.rules().first_move, FirstMoveMethod::CoinToss);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );

    let app = launched(&["--players", "6", "--bots", "easy"]);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.players(), 6);
    assert!(
        m.setup
            .seats
            .iter()
            .all(|s| s.kind == SeatKind::Bot(Level::Easy))
    );

    // A preset alone starts a two-player game under its rules, on the size asked.
    let app = launched(&["--preset", "party", "--size", "3"]);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.players(), 2);
    assert!(m.game.rules().items);
    assert_eq!(m.game.rules().board_size, 3);
    assert_eq!(m.game.boxes().count(), 2, "one box per player");

    // Without any of them, the home screen comes first.
    let app = launched(&[]);
    assert!(app.world().get_resource::<Match>().is_none());
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
}

/// `--load FILE` reaches the mode whose record the file is, as the binary
/// starts it: a draughts save starts draughts and a food save food checkers,
/// each at its moves, a classic save the classic game; a file that is none of
/// them starts nothing, is said in words, and its bytes are kept.
#[test]
fn load_starts_the_mode_whose_record_the_file_is() {
    use starhop::draughts::DraughtsSession;
    use starhop::food::{FoodSession, FoodSetup};
    let dir = std::env::temp_dir().join(format!("starhop-load-route-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let load = |path: &std::path::Path| {
        let mut app = launched(&["--load", path.to_str().unwrap()]);
        for _ in 0..3 {
            app.update();
        }
        app
    };
    let screen = |app: &App| *app.world().resource::<State<Screen>>().get();

    // Draughts: a Russian game three plies in.
    let mut g = starhop_draughts::Game::new(starhop_draughts::Variant::Russian);
    for _ in 0..3 {
        let mv = g.legal_moves()[0];
        g.play(&mv).unwrap();
    }
    let path = dir.join("russian-move-2.json");
    std::fs::write(&path, g.record().to_json()).unwrap();
    let app = load(&path);
    let s = app.world().resource::<DraughtsSession>();
    assert_eq!(s.game.variant(), starhop_draughts::Variant::Russian);
    assert_eq!(s.game.ply_count(), 3);
    assert_eq!(screen(&app), Screen::Draughts);
    assert!(app.world().get_resource::<Match>().is_none());
    assert!(app.world().get_resource::<FoodSession>().is_none());

    // Food checkers: a solo game two captures in.
    let rules = FoodSetup::solo(37, None, false).rules;
    let mut f = starhop_engine::food::FoodGame::new(rules).unwrap();
    for _ in 0..2 {
        let mv = f.legal_moves()[0].route.clone();
        f.play(&mv).unwrap();
    }
    let record = starhop_engine::food::FoodRecord::of(&f, vec!["Ann".into()], vec![None]);
    let path = dir.join("food-move-2.json");
    std::fs::write(&path, record.to_json()).unwrap();
    let app = load(&path);
    let s = app.world().resource::<FoodSession>();
    assert_eq!(s.game.moves_played(), 2);
    assert_eq!(s.game.position(), f.position());
    assert_eq!(screen(&app), Screen::Food);
    assert!(app.world().get_resource::<Match>().is_none());
    assert!(app.world().get_resource::<DraughtsSession>().is_none());

    // A classic save is the classic game's.
    let mut game = Game::new(fixed_rules(), 2, 3).unwrap();
    game.play(step_away(&game)).unwrap();
    let path = dir.join("classic.json");
    std::fs::write(
        &path,
        Record::of(&game, vec!["A".into(), "B".into()]).to_json(),
    )
    .unwrap();
    let app = load(&path);
    assert_eq!(app.world().resource::<Match>().game.actions().count(), 1);
    assert_eq!(screen(&app), Screen::Playing);

    // Damaged records of each kind: a message each, no game, no byte lost.
    for (name, bytes) in [
        (
            "draughts.json",
            &b"{\"format\":\"starhop-draughts-record\",\"version\":1,"[..],
        ),
        (
            "food.json",
            &b"{\"format\":\"starhop-food-record\",\"moves\":7}"[..],
        ),
        ("other.json", &b"{ not a record"[..]),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let app = load(&path);
        let problems = app
            .world()
            .resource::<Seen>()
            .notices
            .iter()
            .filter(|n| matches!(n, Notice::Problem(_)))
            .count();
        assert_eq!(problems, 1, "{name}");
        assert!(app.world().get_resource::<Match>().is_none(), "{name}");
        assert!(
            app.world().get_resource::<FoodSession>().is_none(),
            "{name}"
        );
        assert!(
            app.world().get_resource::<DraughtsSession>().is_none(),
            "{name}"
        );
        assert_eq!(screen(&app), Screen::Home, "{name}");
        let kept = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(name))
            .any(|e| std::fs::read(e.path()).is_ok_and(|b| b == bytes));
        assert!(kept, "{name}: its bytes are kept");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A screenshot run's command line reaches the modes as the resources of
/// `base::shot` (never `LaunchOptions`): the scene by name, the setup of the
/// mode it names, that no file is written, and `--lang`.
#[test]
fn a_screenshot_run_tells_the_modes_its_scene_by_name() {
    use starhop::base::WritesNoFiles;
    use starhop::base::shot::{ShotScene, ShotSetup};
    use starhop::draughts::DraughtsSetup;
    use starhop::settings::{Language, LanguageOverride};
    let app = launched(&[
        "--screenshot",
        "out.png",
        "--shot",
        "draughts-capture",
        "--draughts",
        "russian",
        "--moves",
        "12",
        "--lang",
        "zh",
    ]);
    assert_eq!(
        app.world().resource::<ShotScene>(),
        &ShotScene {
            name: "draughts-capture".into(),
            moves: 12
        }
    );
    let setup = &app.world().resource::<ShotSetup<DraughtsSetup>>().0;
    assert_eq!(setup.variant, starhop_draughts::Variant::Russian);
    assert!(app.world().contains_resource::<WritesNoFiles>());
    assert_eq!(
        app.world().resource::<LanguageOverride>(),
        &LanguageOverride(Language::Chinese)
    );
    // A mode's shot starts no classic game.
    assert!(app.world().get_resource::<Match>().is_none());
    // A draughts picture without --draughts still shows International.
    let app = launched(&["--screenshot", "out.png", "--shot", "draughts"]);
    let setup = &app.world().resource::<ShotSetup<DraughtsSetup>>().0;
    assert_eq!(setup.variant, starhop_draughts::Variant::International);

    // Without --screenshot there is no scene, and files are written.
    let app = launched(&["--players", "2"]);
    assert!(!app.world().contains_resource::<ShotScene>());
    assert!(!app.world().contains_resource::<WritesNoFiles>());
    assert!(!app.world().contains_resource::<LanguageOverride>());
}

/// `--shot NAME` takes the shell's own shots and those a mode registered; any
/// other name is refused with the list of them all.
#[test]
fn an_unknown_shot_is_refused_with_the_names_there_are() {
    use starhop::base::shot::ShotNames;
    use starhop::shell::screenshot::{known_shots, shot_problem, unknown_shot};
    let registered = ShotNames(vec!["draughts", "draughts-capture", "food-table"]);
    for known in [
        "game",
        "draw",
        "party",
        "tournament-new",
        "draughts-capture",
    ] {
        assert_eq!(shot_problem(known, &registered), None, "{known}");
    }
    let problem = shot_problem("draughts-capturee", &registered).unwrap();
    assert!(problem.contains("'draughts-capturee'"), "{problem}");
    for name in known_shots(&registered) {
        assert!(problem.contains(&name), "{name} is listed: {problem}");
    }
    assert!(problem.contains("end-rated") && problem.contains("food-table"));
    // A mode's name that no mode registered is refused too.
    assert!(shot_problem("crossing", &registered).is_some());
    // An app built for the command line checks its own `--shot`.
    let app = launched(&["--screenshot", "out.png", "--shot", "nothing-like-it"]);
    assert!(unknown_shot(app.world()).is_some());
    let app = launched(&["--screenshot", "out.png", "--shot", "end"]);
    assert_eq!(unknown_shot(app.world()), None);
}

/// The game's manual page is made from its command line: every option
/// there, the packaging's own one not.
#[test]
fn the_version_and_the_manual_page_come_from_the_command_line() {
    use starhop::shell::launch::Args;
    let pages = starhop_about::man_pages(Args::command());
    assert_eq!(pages.len(), 1, "the game has no subcommands");
    let (name, page) = &pages[0];
    assert_eq!(name, "starhop.6");
    let page = String::from_utf8(page.clone()).unwrap();
    for option in ["screenshot", "players", "food", "draughts", "lang"] {
        assert!(
            page.contains(&format!("\\-\\-{option}")),
            "--{option} missing"
        );
    }
    assert!(
        !page.contains("man\\-pages"),
        "the packaging option is hidden"
    );
    assert!(page.contains(starhop_about::VERSION));
    let version = Args::command().render_version();
    assert_eq!(
        version.trim(),
        format!("starhop {}", starhop_about::VERSION)
    );
}

/// `--help` lists the shots `--shot` takes: the shell's own and every
/// mode's, by the names the modes register, and nothing else.
#[test]
fn the_help_lists_every_shot_there_is() {
    use starhop::base::shot::ShotNames;
    use starhop::shell::launch::Args;
    use starhop::shell::screenshot::{known_shots, shot_problem};
    let help = Args::command()
        .render_long_help()
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let list = help
        .split("What the screenshot shows: ")
        .nth(1)
        .and_then(|rest| rest.split(". An unknown name").next())
        .expect("--shot's help lists the shots");
    let listed: Vec<&str> = list.split([',', ';']).map(str::trim).collect();
    let modes: Vec<&'static str> = starhop::food::shots::names()
        .into_iter()
        .chain(starhop::crossing::shot_names())
        .chain(starhop::online::shot_names())
        .chain(starhop::draughts::shots::names())
        .chain(starhop::halma::shots::names())
        .collect();
    let registered = ShotNames(modes);
    let known = known_shots(&registered);
    assert_eq!(listed.len(), known.len(), "{listed:?}");
    for name in &known {
        assert!(listed.contains(&name.as_str()), "{name} is in the help");
    }
    for name in &listed {
        assert_eq!(shot_problem(name, &registered), None, "{name}");
    }
    assert!(listed.contains(&"draughts-end") && listed.contains(&"end-rated"));
}

#[test]
fn a_loaded_game_keeps_its_bots() {
    let mut app = app();
    let mut setup = MatchSetup::new(3, fixed_rules());
    setup.seats[1].kind = SeatKind::Bot(Level::Hard);
    setup.seats[2].kind = SeatKind::Bot(Level::Beginner);
    app.world_mut().write_message(StartMatch(setup.clone()));
    app.update();
    let record = app.world().resource::<Match>().record();
    // Through the file format, as a save would go.
    let record = Record::from_json(&record.to_json()).unwrap();
    app.world_mut().write_message(LoadMatch(record.clone()));
    app.update();
    let loaded = &app.world().resource::<Match>().setup;
    let kinds: Vec<SeatKind> = loaded.seats.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        setup.seats.iter().map(|s| s.kind).collect::<Vec<_>>()
    );
    assert!(
        !app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::SeatsUnknown)
    );

    // A save from before seats were recorded: people everywhere, and a note saying so.
    let old = Record {
        bots: Vec::new(),
        ..record
    };
    app.world_mut().write_message(LoadMatch(old));
    app.update();
    app.update();
    let loaded = &app.world().resource::<Match>().setup;
    assert!(loaded.seats.iter().all(|s| s.kind == SeatKind::Human));
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::SeatsUnknown)
    );
}

#[test]
fn the_board_turns_to_people_never_to_bots() {
    let mut app = app();
    // One person against two bots: the board keeps facing that person.
    let mut setup = MatchSetup::new(3, fixed_rules());
    setup.seats[1].kind = SeatKind::Bot(Level::Beginner);
    setup.seats[2].kind = SeatKind::Bot(Level::Beginner);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    let m = app.world_mut().resource_mut::<Match>();
    let mut m = m;
    assert_eq!(m.seat_to_face(), Some(0));
    let mv = m.game.legal_moves()[0];
    m.game.play(mv).unwrap();
    assert_eq!(m.game.to_move(), 1);
    assert_eq!(m.seat_to_face(), Some(0), "still facing the only person");
    // Two people and a bot: each person in turn, and no turn for the bot.
    m.setup.seats[2].kind = SeatKind::Human;
    assert_eq!(m.seat_to_face(), None, "a bot moves between two people");
    let mv = m.game.legal_moves()[0];
    m.game.play(mv).unwrap();
    assert_eq!(m.seat_to_face(), Some(2));
    // Bots only: the view stays where the watcher put it.
    for s in &mut m.setup.seats {
        s.kind = SeatKind::Bot(Level::Easy);
    }
    assert_eq!(m.seat_to_face(), None);
}

// ----- the view follows the engine's reports -----

/// Each marble entity with its hole, sorted by entity.
fn entities(app: &mut App) -> Vec<(Entity, Marble)> {
    let mut q = app.world_mut().query::<(Entity, &Marble)>();
    let mut v: Vec<(Entity, Marble)> = q.iter(app.world()).map(|(e, m)| (e, *m)).collect();
    v.sort_by_key(|(e, _)| *e);
    v
}

/// The entities stand exactly where the engine's marbles are, and the index agrees.
fn assert_view_matches_engine(app: &mut App) {
    let layout = app.world().resource::<BoardLayout>().clone();
    let pos = app.world().resource::<Match>().game.position().clone();
    let mut count = 0;
    for (m, at) in marbles(app) {
        assert_eq!(
            pos.owner(m.hole),
            Some(m.seat),
            "entity of seat {} on {}",
            m.seat,
            m.hole
        );
        assert!(at.distance(rest_position(&layout, m.hole)) < 1e-4);
        assert_eq!(
            app.world().get::<Marble>(entity_on(app, m.hole).unwrap()),
            Some(&m)
        );
        count += 1;
    }
    let on_board: u32 = (0..pos.players() as Seat)
        .map(|s| pos.marbles(s).count())
        .sum();
    assert_eq!(count, on_board as usize);
}

#[test]
fn moves_undo_and_redo_move_the_same_entities_without_a_rebuild() {
    let mut app = app();
    start(&mut app, 3);
    let first = entities(&mut app);
    let ids: Vec<Entity> = first.iter().map(|(e, _)| *e).collect();
    // Moves, single undos, redos and an undo of several at once, in a fixed pattern.
    for step in 0..24 {
        match step % 6 {
            0 | 1 | 3 => {
                let mv = {
                    let g = &app.world().resource::<Match>().game;
                    let moves = g.legal_moves();
                    moves[(step * 7) % moves.len()]
                };
                app.world_mut().write_message(MoveRequest::from(mv));
            }
            2 => {
                app.world_mut().write_message(TurnRequest::Undo);
            }
            4 => {
                app.world_mut().write_message(TurnRequest::Redo);
            }
            _ => {
                for _ in 0..3 {
                    app.world_mut().write_message(TurnRequest::Undo);
                }
            }
        }
        settle(&mut app);
        assert_view_matches_engine(&mut app);
        let now: Vec<Entity> = entities(&mut app).iter().map(|(e, _)| *e).collect();
        assert_eq!(
            now, ids,
            "step {step}: the same marble entities, none respawned"
        );
    }
}

#[test]
fn undo_against_a_bot_flies_each_marble_home_in_one_report() {
    let mut app = app();
    let mut setup = MatchSetup::new(2, fixed_rules());
    setup.seats[1].kind = SeatKind::Bot(Level::Beginner);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    let start_marbles = entities(&mut app);
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest::from(mv));
    run_until(&mut app, "the bot's answer", |app| actions(app) >= 2);
    settle(&mut app);
    app.world_mut().write_message(TurnRequest::Undo);
    settle(&mut app);
    assert_eq!(actions(&app), 0, "back to the person's first turn");
    assert_view_matches_engine(&mut app);
    assert_eq!(entities(&mut app), start_marbles);
}

#[test]
fn a_move_request_with_a_route_hops_along_exactly_that_route() {
    let mut app = app();
    start(&mut app, 2);
    // Play on until the player to move has a chain of two jumps (a route of
    // three holes); then play it hop by hop.
    let route = (0..60)
        .find_map(|i| {
            let g = &app.world().resource::<Match>().game;
            let pos = g.position();
            let moves = g.legal_moves();
            let chain = moves
                .iter()
                .filter_map(|m| pos.route(m.from, m.to, false))
                .find(|r| r.len() == 3);
            if chain.is_none() {
                let mv = moves[(i * 5) % moves.len()];
                app.world_mut().write_message(MoveRequest::from(mv));
                settle(&mut app);
            }
            chain
        })
        .expect("a two-jump chain within 60 moves");
    let landed_before = app.world().resource::<Seen>().landings;
    let moving = entity_on(&app, route[0]).unwrap();
    app.world_mut().write_message(MoveRequest {
        from: route[0],
        to: route[2],
        route: Some(route.clone()),
    });
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Seen>().landings - landed_before,
        2,
        "one landing per hop"
    );
    assert_eq!(entity_on(&app, route[2]), Some(moving));
    match app.world().resource::<Match>().game.actions().last() {
        Some(starhop_engine::Action::Move { route: played, .. }) => assert_eq!(played, &route),
        other => panic!("{other:?}"),
    }
    // A route that does not follow the rules is refused, and nothing moves.
    let before = marbles(&mut app);
    let g = &app.world().resource::<Match>().game;
    let from = g.position().marbles(g.to_move()).first().unwrap();
    let far = g.position().board().centre.iter().last().unwrap();
    app.world_mut().write_message(MoveRequest {
        from,
        to: far,
        route: Some(vec![from, far]),
    });
    settle(&mut app);
    assert_eq!(marbles(&mut app), before);
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .iter()
            .any(|n| matches!(n, Notice::Refused(_)))
    );
}

#[test]
fn a_record_that_breaks_the_rules_is_refused_in_words_and_changes_nothing() {
    let mut app = app();
    start(&mut app, 2);
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest::from(mv));
    settle(&mut app);
    let mut record = app.world().resource::<Match>().record();
    // The same move again: the marble is no longer there.
    record.actions.push(record.actions[0].clone());
    app.world_mut().write_message(LoadMatch(record));
    app.update();
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::Unloadable)
    );
    assert_eq!(actions(&app), 1, "the game on the table is untouched");
}

// ----- party: the 3D view -----

use starhop::classic::ItemRequest;
use starhop::classic::party::{Funnel, Growing, ItemBox, Leaving, ObstacleMark, Powered, demo};
use starhop::stage::marbles::Animating;
use starhop::stage::marbles::{Motion, RADIUS};
use starhop_engine::{Item, ItemUse, Preset, Rng};

/// Party rules with a box every round, so items come quickly.
fn party_rules() -> Rules {
    Rules {
        items: true,
        box_every: 1,
        first_move: FirstMoveMethod::Fixed(0),
        ..Preset::Party.rules()
    }
}

/// What the party did on screen, and bot requests that came while something
/// still moved.
#[derive(Resource, Default)]
struct PartySeen {
    cues: Vec<Cue>,
    animating_before: bool,
    actions_before: usize,
    overlapped: usize,
}

fn watch_party(mut cues: MessageReader<Cue>, mut seen: ResMut<PartySeen>) {
    seen.cues.extend(cues.read().copied());
}

fn before_frame(animating: Res<Animating>, game: Option<Res<Match>>, mut seen: ResMut<PartySeen>) {
    seen.animating_before = animating.0;
    seen.actions_before = game.map_or(0, |m| m.game.actions().count());
}

fn after_frame(game: Option<Res<Match>>, mut seen: ResMut<PartySeen>) {
    let now = game.map_or(0, |m| m.game.actions().count());
    if now > seen.actions_before && seen.animating_before {
        seen.overlapped += 1;
    }
}

fn party_app(players: usize, seed: u64) -> App {
    let mut app = app();
    app.init_resource::<PartySeen>()
        .add_systems(First, before_frame)
        .add_systems(Last, (watch_party, after_frame));
    let mut setup = MatchSetup::new(players, party_rules());
    setup.seed = Some(seed);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    app.update();
    app
}

fn game(app: &App) -> &Game {
    &app.world().resource::<Match>().game
}

/// Runs frames until nothing moves: no hop, no item effect, no box or
/// obstacle coming or going (at most ten seconds of game time).
fn settle_party(app: &mut App) {
    for _ in 0..500 {
        app.update();
        if !app.world().resource::<Animating>().0 {
            return;
        }
    }
    panic!("still animating after 500 frames");
}

/// Sends the script's next step as a request and lets it play out.
fn play_script(app: &mut App, rng: &mut Rng, keep: &[Item]) {
    match demo::next_step(game(app), rng, keep) {
        demo::Step::Item(u) => {
            app.world_mut().write_message(ItemRequest(u));
        }
        demo::Step::Move(mv) => {
            app.world_mut().write_message(MoveRequest::from(mv));
        }
        demo::Step::Pass => {
            app.world_mut().write_message(TurnRequest::Pass);
        }
    }
    settle_party(app);
}

/// Plays the script (keeping `item`) until the player to move may use it.
fn hold(app: &mut App, rng: &mut Rng, item: Item) -> ItemUse {
    for _ in 0..600 {
        if demo::can_use(game(app), item) {
            return demo::central_use(game(app), item).unwrap();
        }
        assert!(!game(app).is_over(), "the game ended before a {item} came");
        play_script(app, rng, &[item]);
    }
    panic!("nobody came to hold a {item}");
}

/// Sends an item request and runs frames until the first marble moved by it
/// is `share` of the way there.
fn use_until(app: &mut App, u: ItemUse, share: f32) {
    app.world_mut().write_message(ItemRequest(u));
    for _ in 0..200 {
        app.update();
        let mut q = app.world_mut().query::<&Hopping>();
        if q.iter(app.world()).any(|h| h.t >= share) {
            return;
        }
    }
    panic!("the effect of {u} never got {share} of the way");
}

fn ids(app: &mut App) -> Vec<Entity> {
    entities(app).iter().map(|(e, _)| *e).collect()
}

/// Boxes, obstacles and the power marble's mark stand where the engine has
/// them, at rest (and the marbles too).
fn assert_party_matches_engine(app: &mut App) {
    assert_view_matches_engine(app);
    let layout = app.world().resource::<BoardLayout>().clone();
    let g = game(app).clone();
    let mut q = app.world_mut().query::<(&ItemBox, &Transform)>();
    let mut boxes: Vec<Hole> = q
        .iter(app.world())
        .map(|(b, t)| {
            assert!(t.translation.distance(layout.hole(b.hole)) < 1e-5);
            assert!(
                t.scale.distance(Vec3::ONE) < 1e-5,
                "box on {} at rest",
                b.hole
            );
            b.hole
        })
        .collect();
    boxes.sort_unstable();
    assert_eq!(boxes, g.boxes().iter().collect::<Vec<_>>(), "boxes");
    let mut q = app.world_mut().query::<(&ObstacleMark, &Transform)>();
    let mut obstacles: Vec<_> = q
        .iter(app.world())
        .map(|(o, t)| {
            assert!(t.translation.distance(layout.hole(o.0.hole)) < 1e-5);
            assert!(t.scale.distance(Vec3::ONE) < 1e-5);
            o.0
        })
        .collect();
    let mut want = g.obstacles().to_vec();
    obstacles.sort_by_key(|o| (o.hole, o.item));
    want.sort_by_key(|o| (o.hole, o.item));
    assert_eq!(obstacles, want, "obstacles and their countdowns");
    let mut q = app
        .world_mut()
        .query_filtered::<Entity, Or<(With<Leaving>, With<Growing>, With<Funnel>)>>();
    assert_eq!(q.iter(app.world()).count(), 0, "no effect left over");
    let mut q = app.world_mut().query_filtered::<Entity, With<Powered>>();
    let powered: Vec<Entity> = q.iter(app.world()).collect();
    let want: Vec<Entity> = g
        .power_marble()
        .map(|h| entity_on(app, h).unwrap())
        .into_iter()
        .collect();
    assert_eq!(powered, want, "the power marble's mark");
}

fn notices_of(app: &App, keep: impl Fn(&Event) -> bool) -> usize {
    app.world()
        .resource::<Seen>()
        .notices
        .iter()
        .filter(|n| matches!(n, Notice::Rule(e) if keep(e)))
        .count()
}

#[test]
fn party_boxes_and_obstacles_follow_pickups_expiry_undo_and_redo() {
    let mut app = party_app(3, 5);
    let marbles_then = ids(&mut app);
    assert_party_matches_engine(&mut app);
    assert_eq!(
        game(&app).boxes().count(),
        3,
        "one box per player at the start"
    );
    let mut rng = Rng::new(5);
    for step in 0..120 {
        if step % 15 == 14 {
            // Back two actions and forward one: boxes come back and go again,
            // obstacles rise again and countdowns go up.
            for request in [TurnRequest::Undo, TurnRequest::Undo, TurnRequest::Redo] {
                app.world_mut().write_message(request);
                settle_party(&mut app);
                assert_party_matches_engine(&mut app);
            }
        } else {
            play_script(&mut app, &mut rng, &[]);
        }
        assert_party_matches_engine(&mut app);
        assert_eq!(
            ids(&mut app),
            marbles_then,
            "step {step}: no marble respawned"
        );
        if game(&app).is_over() {
            break;
        }
    }
    assert!(notices_of(&app, |e| matches!(e, Event::ItemTaken { .. })) > 0);
    assert!(notices_of(&app, |e| matches!(e, Event::ObstacleGone { .. })) > 0);
    let cues = &app.world().resource::<PartySeen>().cues;
    for cue in [Cue::BoxAppeared, Cue::BoxTaken, Cue::Expired] {
        assert!(cues.contains(&cue), "{cue:?} in {cues:?}");
    }
}

#[test]
fn a_saved_or_restarted_party_game_shows_its_boxes_obstacles_and_hands() {
    let mut app = party_app(2, 6);
    let mut rng = Rng::new(6);
    let u = hold(&mut app, &mut rng, Item::Roadblock);
    app.world_mut().write_message(ItemRequest(u));
    settle_party(&mut app);
    assert!(!game(&app).obstacles().is_empty());
    let saved = game(&app).clone();
    let record = Record::of(&saved, vec![]);
    // Another game in between, so the load has to rebuild everything.
    let mut other = party_app(2, 9);
    play_script(&mut other, &mut Rng::new(9), &[]);
    other.world_mut().write_message(LoadMatch(record));
    other.update();
    settle_party(&mut other);
    assert_eq!(game(&other).state(), saved.state(), "the same game again");
    assert_party_matches_engine(&mut other);
    for seat in 0..2 {
        assert_eq!(game(&other).held(seat), saved.held(seat));
    }
    // A restart re-enters the playing screen the same way.
    let mut setup = MatchSetup::new(2, party_rules());
    setup.seed = Some(3);
    other.world_mut().write_message(StartMatch(setup));
    other.update();
    settle_party(&mut other);
    assert_eq!(game(&other).boxes().count(), 2);
    assert_party_matches_engine(&mut other);
}

#[test]
fn a_flying_wing_flies_the_same_marble_high_to_its_hole() {
    let mut app = party_app(2, 11);
    let mut rng = Rng::new(11);
    let u = hold(&mut app, &mut rng, Item::FlyingWing);
    let ItemUse::FlyingWing { marble, to } = u else {
        unreachable!()
    };
    let before = ids(&mut app);
    let flier = entity_on(&app, marble).unwrap();
    use_until(&mut app, u, 0.5);
    let hop = app.world().get::<Hopping>(flier).unwrap();
    assert_eq!(hop.motion, Motion::Wing);
    let y = app.world().get::<Transform>(flier).unwrap().translation.y;
    assert!(y > 2.0, "a flying wing flies high: {y}");
    assert!(app.world().resource::<Animating>().0, "the clock waits");
    settle_party(&mut app);
    assert_eq!(entity_on(&app, to), Some(flier));
    assert_eq!(ids(&mut app), before);
    assert_party_matches_engine(&mut app);
    let cues = &app.world().resource::<PartySeen>().cues;
    assert!(cues.contains(&Cue::Used(Item::FlyingWing)));
}

#[test]
fn swapped_marbles_pass_each_other_and_trade_holes() {
    let mut app = party_app(2, 3);
    let mut rng = Rng::new(3);
    let u = hold(&mut app, &mut rng, Item::Swap);
    let ItemUse::Swap { marble, other } = u else {
        unreachable!()
    };
    let before = ids(&mut app);
    let (a, b) = (
        entity_on(&app, marble).unwrap(),
        entity_on(&app, other).unwrap(),
    );
    app.world_mut().write_message(ItemRequest(u));
    let mut closest = f32::MAX;
    for _ in 0..200 {
        app.update();
        let at = |e| app.world().get::<Transform>(e).unwrap().translation;
        closest = closest.min(at(a).distance(at(b)));
        if !app.world().resource::<Animating>().0 {
            break;
        }
    }
    assert!(
        closest >= 2.0 * RADIUS,
        "the marbles never run into each other: {closest}"
    );
    assert_eq!(entity_on(&app, other), Some(a));
    assert_eq!(entity_on(&app, marble), Some(b));
    assert_eq!(ids(&mut app), before);
    assert_party_matches_engine(&mut app);
    // Undone, they cross back.
    app.world_mut().write_message(TurnRequest::Undo);
    settle_party(&mut app);
    assert_eq!(entity_on(&app, marble), Some(a));
    assert_eq!(entity_on(&app, other), Some(b));
    assert_party_matches_engine(&mut app);
}

#[test]
fn a_tornado_lifts_spins_and_drops_the_marbles_on_their_new_holes() {
    let mut app = party_app(2, 4);
    let mut rng = Rng::new(4);
    let u = hold(&mut app, &mut rng, Item::Tornado);
    let before = ids(&mut app);
    use_until(&mut app, u, 0.5);
    let mut q = app.world_mut().query::<&Funnel>();
    assert_eq!(q.iter(app.world()).count(), 1, "a funnel over the centre");
    let mut q = app.world_mut().query::<(&Hopping, &Transform)>();
    let lifted: Vec<f32> = q
        .iter(app.world())
        .filter(|(h, _)| matches!(h.motion, Motion::Whirl { .. }))
        .map(|(_, t)| t.translation.y)
        .collect();
    assert!(!lifted.is_empty());
    assert!(
        lifted.iter().all(|&y| y > 1.0),
        "lifted up high: {lifted:?}"
    );
    settle_party(&mut app);
    assert_eq!(ids(&mut app), before);
    assert_party_matches_engine(&mut app);
    // Undone, the tornado puts every marble back where it was, still the
    // same entities.
    let entities_then = entities(&mut app);
    app.world_mut().write_message(TurnRequest::Undo);
    settle_party(&mut app);
    assert_eq!(ids(&mut app), before);
    assert_party_matches_engine(&mut app);
    assert_ne!(entities(&mut app), entities_then);
}

#[test]
fn the_power_marble_glows_through_its_two_moves_and_then_goes_out() {
    let mut app = party_app(2, 4);
    let mut rng = Rng::new(4);
    let u = hold(&mut app, &mut rng, Item::PowerMarble);
    let ItemUse::PowerMarble { marble } = u else {
        unreachable!()
    };
    let powered = entity_on(&app, marble).unwrap();
    app.world_mut().write_message(ItemRequest(u));
    settle_party(&mut app);
    assert!(app.world().get::<Powered>(powered).is_some());
    assert_party_matches_engine(&mut app);
    // The first move carries the mark along with the marble.
    let first = |app: &App| {
        let g = game(app);
        g.legal_moves()
            .into_iter()
            .find(|m| Some(m.from) == g.power_marble())
    };
    let mv = first(&app).expect("the power marble can move");
    app.world_mut().write_message(MoveRequest::from(mv));
    settle_party(&mut app);
    assert_eq!(entity_on(&app, mv.to), Some(powered));
    if game(&app).power_marble().is_some() {
        assert!(app.world().get::<Powered>(powered).is_some());
        let mv = first(&app).expect("a second move");
        app.world_mut().write_message(MoveRequest::from(mv));
        settle_party(&mut app);
    }
    assert!(game(&app).power_marble().is_none());
    assert!(
        app.world().get::<Powered>(powered).is_none(),
        "out after the turn"
    );
    assert_party_matches_engine(&mut app);
}

#[test]
fn an_obstacle_counts_down_goes_and_comes_back_on_undo() {
    for item in [Item::Roadblock, Item::RoadWorker] {
        let mut app = party_app(2, 6);
        let mut rng = Rng::new(6);
        let u = hold(&mut app, &mut rng, item);
        app.world_mut().write_message(ItemRequest(u));
        app.update();
        let mut q = app.world_mut().query::<(&ObstacleMark, Has<Growing>)>();
        let rising: Vec<_> = q
            .iter(app.world())
            .filter(|(o, _)| o.0.item == item)
            .collect();
        assert!(
            rising
                .iter()
                .any(|(o, growing)| *growing && o.0.turns_left == 3),
            "{item} rises"
        );
        settle_party(&mut app);
        assert_party_matches_engine(&mut app);
        // Play on (using no items) until it is gone, checking the countdown.
        let hole = u.first_pick();
        let stands = |app: &App| game(app).obstacles().iter().any(|o| o.hole == hole);
        let expired = app.world().resource::<PartySeen>().cues.len();
        for _ in 0..20 {
            if !stands(&app) {
                break;
            }
            play_script(&mut app, &mut rng, &Item::ALL);
            assert_party_matches_engine(&mut app);
        }
        assert!(!stands(&app), "{item} expired");
        assert!(app.world().resource::<PartySeen>().cues[expired..].contains(&Cue::Expired));
        // Undo the turn that ended it: it stands again with one turn left.
        app.world_mut().write_message(TurnRequest::Undo);
        settle_party(&mut app);
        assert_party_matches_engine(&mut app);
        assert!(stands(&app));
    }
}

#[test]
fn bots_play_a_party_game_and_wait_for_every_effect() {
    let mut app = party_app(3, 21);
    {
        let mut m = app.world_mut().resource_mut::<Match>();
        for seat in &mut m.setup.seats {
            seat.kind = SeatKind::Bot(Level::Beginner);
        }
    }
    run_until(&mut app, "forty bot actions", |app| actions(app) >= 40);
    // People take the seats over; a search already under way may still land
    // one more action, then everything comes to rest.
    {
        let mut m = app.world_mut().resource_mut::<Match>();
        for seat in &mut m.setup.seats {
            seat.kind = SeatKind::Human;
        }
    }
    run_for(&mut app, 300);
    settle_party(&mut app);
    assert_party_matches_engine(&mut app);
    let seen = app.world().resource::<PartySeen>();
    assert_eq!(seen.overlapped, 0, "no bot request while something moved");
}

#[test]
fn the_party_shots_start_a_party_game() {
    use clap::Parser;
    for shot in ["party", "wing", "swap", "tornado", "pickup", "roadblock"] {
        let args = starhop::shell::launch::Args::parse_from([
            "starhop",
            "--screenshot",
            "out.png",
            "--shot",
            shot,
        ]);
        let setup = args.quick_start().unwrap();
        assert!(setup.rules.items, "{shot}");
        assert_eq!(setup.players, 4);
    }
    let args = starhop::shell::launch::Args::parse_from(["starhop", "--screenshot", "out.png"]);
    assert!(!args.quick_start().unwrap().rules.items);
}
// ----- party: play and HUD -----

use bevy::input::ButtonInput;
use starhop::stage::input::{Aim, ItemChoice, ItemTargeting, Selection};
use starhop_engine::RuleError;
use starhop_engine::items::MAX_HELD;

/// Whether the player to move is at the start of a turn (nothing used or moved yet).
fn fresh_turn(game: &Game) -> bool {
    let turn = game.state().turn;
    turn.moved.is_none() && turn.items_used == 0
}

/// A two-player party game, played by the greedy bot (taking boxes when it
/// can, using an item when its hand is full so new ones keep coming), up to
/// the first fresh turn whose player holds what `want` asks for. Fixed
/// seeds: the same game every run.
fn party_game_where(want: impl Fn(&[Item]) -> bool) -> Game {
    for seed in 1..60 {
        let mut game = Game::new(party_rules(), 2, seed).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..300 {
            if game.is_over() {
                break;
            }
            if fresh_turn(&game) && want(game.held(game.to_move())) {
                return game;
            }
            if game.held(game.to_move()).len() == MAX_HELD
                && let Some(&u) = game.item_uses().first()
            {
                game.use_item(u).unwrap();
            }
            let boxes = game.boxes();
            let moves = game.legal_moves();
            let mv = moves
                .iter()
                .copied()
                .find(|m| boxes.contains(m.to))
                .or_else(|| starhop_ai::greedy_move(&game, &mut rng));
            match mv {
                Some(mv) => game.play(mv).map(drop).unwrap(),
                None => game.pass().map(drop).unwrap(),
            }
        }
    }
    panic!("no seed gave the wanted hand");
}

/// A headless app with the game's input plugins too (keys through
/// `ButtonInput`, as the window would feed them).
fn app_with_input() -> App {
    common::app_with(|app| {
        app.add_plugins((
            starhop::stage::input::plugin,
            starhop::classic::input::plugin,
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>();
    })
}

/// Loads `game` with people in every seat.
fn load_people(app: &mut App, game: &Game) {
    let record = Record {
        bots: vec![None; game.players()],
        ..Record::of(game, vec!["Ann".into(), "Bo".into()])
    };
    app.world_mut().write_message(LoadMatch(record));
    app.update();
    settle(app);
}

/// An app with people in every seat of a party game whose player to move
/// holds `item`, and the slot it is in.
fn holding_in_app(item: Item) -> (App, Game, usize) {
    let game = party_game_where(|held| held.contains(&item));
    let mut app = app_with_input();
    load_people(&mut app, &game);
    let slot = game
        .held(game.to_move())
        .iter()
        .position(|&i| i == item)
        .unwrap();
    (app, game, slot)
}

/// Puts the keyboard cursor on `hole` and confirms it (Enter), as a click would.
fn press_hole(app: &mut App, hole: Hole) {
    app.world_mut().resource_mut::<Selection>().cursor = Some(hole);
    tap(app, KeyCode::Enter);
}

fn aim(app: &App) -> Option<Aim> {
    app.world().resource::<ItemTargeting>().0
}

fn game_of(app: &App) -> &Game {
    &app.world().resource::<Match>().game
}

const SLOT_KEYS: [KeyCode; 3] = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3];

#[test]
fn each_item_is_aimed_with_its_key_and_used_by_picking_its_targets() {
    for item in Item::ALL {
        let (mut app, game, slot) = holding_in_app(item);
        let seat = game.to_move();
        tap(&mut app, SLOT_KEYS[slot]);
        assert_eq!(
            aim(&app),
            Some(Aim {
                slot,
                item,
                first: None
            }),
            "{item}: the key aims the item in its slot"
        );
        // The board highlights exactly the engine's first picks.
        let uses = game.item_uses_of(item);
        let firsts = uses.iter().fold(starhop_engine::Bitboard::EMPTY, |b, u| {
            b | starhop_engine::Bitboard::single(u.first_pick())
        });
        assert_eq!(
            starhop::classic::party::targets(game_of(&app), aim(&app).unwrap()),
            firsts
        );
        let u = uses[uses.len() / 2];
        press_hole(&mut app, u.first_pick());
        if let Some(second) = u.second_pick() {
            // Two steps: the marble is picked (and shown lifted), then its target.
            let now = aim(&app).expect("still aiming after the first pick");
            assert_eq!(now.first, Some(u.first_pick()), "{item}");
            assert_eq!(
                app.world().resource::<Selection>().lifted,
                Some(u.first_pick())
            );
            let seconds = starhop::classic::party::targets(game_of(&app), now);
            assert!(seconds.contains(second), "{item}: {u} is offered");
            press_hole(&mut app, second);
        }
        settle(&mut app);
        let g = game_of(&app);
        assert_eq!(g.last_item_use(), Some((seat, u)), "{item} was used");
        let mut expected = game.clone();
        expected.use_item(u).unwrap();
        assert_eq!(g.held(seat), expected.held(seat));
        assert_eq!(g.position(), expected.position());
        assert_eq!(aim(&app), None, "aiming ends with the use");
        let seen = &app.world().resource::<Seen>().notices;
        assert!(
            seen.iter().any(|n| matches!(
                n,
                Notice::Rule(Event::ItemUsed { item_use, .. }) if *item_use == u
            )),
            "{item}: {seen:?}"
        );
        // The view follows the engine (flying, swapped, shuffled marbles).
        assert_view_matches_engine(&mut app);
    }
}

#[test]
fn an_illegal_item_pick_or_request_is_refused_with_its_reason() {
    let (mut app, game, slot) = holding_in_app(Item::Roadblock);
    tap(&mut app, SLOT_KEYS[slot]);
    // One's own marble is no place for a roadblock.
    let own = game.position().marbles(game.to_move()).first().unwrap();
    let why = game.item_error(ItemUse::Roadblock { hole: own }).unwrap();
    press_hole(&mut app, own);
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::Refused(why.clone()))
    );
    assert!(aim(&app).is_some(), "a wrong pick keeps the item aimed");
    // The same through a request straight to the rules.
    app.world_mut()
        .write_message(ItemRequest(ItemUse::Roadblock { hole: own }));
    app.update();
    let refusals = app
        .world()
        .resource::<Seen>()
        .notices
        .iter()
        .filter(|n| **n == Notice::Refused(why.clone()))
        .count();
    assert_eq!(refusals, 2);
    assert_eq!(game_of(&app).actions().count(), game.actions().count());
    // An item not held is refused too.
    let missing = Item::ALL
        .into_iter()
        .find(|i| !game.held(game.to_move()).contains(i))
        .unwrap();
    let hole = game.position().board().centre.first().unwrap();
    let u = match missing {
        Item::Roadblock => ItemUse::Roadblock { hole },
        Item::RoadWorker => ItemUse::RoadWorker { hole },
        Item::PowerMarble => ItemUse::PowerMarble { marble: own },
        Item::FlyingWing => ItemUse::FlyingWing {
            marble: own,
            to: hole,
        },
        Item::Swap => ItemUse::Swap {
            marble: own,
            other: hole,
        },
        Item::Tornado => ItemUse::Tornado { centre: hole },
    };
    app.world_mut().write_message(ItemRequest(u));
    app.update();
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .iter()
            .any(|n| matches!(n, Notice::Refused(RuleError::ItemNotHeld(i)) if *i == missing))
    );
}

#[test]
fn esc_right_click_and_the_same_key_put_the_item_away() {
    let (mut app, game, slot) = holding_in_app(Item::FlyingWing);
    let marble = game.item_uses_of(Item::FlyingWing)[0].first_pick();
    // Esc, also after the marble was picked (which put it back down).
    tap(&mut app, SLOT_KEYS[slot]);
    press_hole(&mut app, marble);
    assert_eq!(aim(&app).and_then(|a| a.first), Some(marble));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(aim(&app), None);
    assert_eq!(app.world().resource::<Selection>().lifted, None);
    // A right-click.
    tap(&mut app, SLOT_KEYS[slot]);
    assert!(aim(&app).is_some());
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Right);
    app.update();
    {
        let mut mouse = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
        mouse.clear();
        mouse.release(MouseButton::Right);
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .clear();
    assert_eq!(aim(&app), None);
    // The same key again, and the message the HUD sends.
    tap(&mut app, SLOT_KEYS[slot]);
    tap(&mut app, SLOT_KEYS[slot]);
    assert_eq!(aim(&app), None);
    app.world_mut().write_message(ItemChoice::Slot(slot));
    app.update();
    assert!(aim(&app).is_some());
    app.world_mut().write_message(ItemChoice::Cancel);
    app.update();
    assert_eq!(aim(&app), None);
    // Nothing was used, and a press after cancelling lifts the marble as usual.
    assert_eq!(game_of(&app).actions().count(), game.actions().count());
    press_hole(&mut app, marble);
    assert_eq!(app.world().resource::<Selection>().lifted, Some(marble));
}

#[test]
fn nobody_aims_an_item_for_a_bot_or_after_the_move() {
    // The power marble and another item: after the power marble's first
    // move, no other item may be used; Space then ends the turn.
    let game = party_game_where(|held| held.contains(&Item::PowerMarble) && held.len() >= 2);
    let seat = game.to_move();
    let mut app = app_with_input();
    load_people(&mut app, &game);
    let held = game.held(seat).to_vec();
    let power_slot = held.iter().position(|&i| i == Item::PowerMarble).unwrap();
    let marble = game
        .legal_moves()
        .iter()
        .map(|m| m.from)
        .next()
        .expect("a marble that can move");
    tap(&mut app, SLOT_KEYS[power_slot]);
    press_hole(&mut app, marble);
    settle(&mut app);
    assert_eq!(game_of(&app).power_marble(), Some(marble));
    let to = game_of(&app).destinations(marble).first().unwrap();
    app.world_mut()
        .write_message(MoveRequest::from(Move { from: marble, to }));
    settle(&mut app);
    assert_eq!(game_of(&app).to_move(), seat, "a second move waits");
    let other = game_of(&app).held(seat).to_vec();
    assert!(!other.is_empty());
    tap(&mut app, SLOT_KEYS[0]);
    assert_eq!(aim(&app), None);
    assert!(
        app.world()
            .resource::<Seen>()
            .notices
            .contains(&Notice::Refused(RuleError::ItemAfterMove))
    );
    app.world_mut().resource_mut::<Selection>().cursor = None;
    tap(&mut app, KeyCode::Space);
    settle(&mut app);
    assert_ne!(game_of(&app).to_move(), seat, "Space ended the turn");

    // A bot's turn: the keys aim nothing.
    let game = party_game_where(|held| !held.is_empty());
    let mut app = app_with_input();
    let record = Record {
        bots: (0..2)
            .map(|s| (s == game.to_move()).then(|| Level::Master.name().to_string()))
            .collect(),
        ..Record::of(&game, vec!["Ann".into(), "Bo".into()])
    };
    app.world_mut().write_message(LoadMatch(record));
    app.update();
    app.world_mut().resource_mut::<PauseReasons>().watcher = true;
    app.update();
    assert_eq!(game_of(&app).actions().count(), game.actions().count());
    tap(&mut app, SLOT_KEYS[0]);
    assert_eq!(aim(&app), None);
}

#[test]
fn a_bots_only_party_game_goes_on_and_items_go_through_requests() {
    #[derive(Resource, Default)]
    struct Requests(usize);
    let mut app = app();
    app.init_resource::<Requests>().add_systems(
        Last,
        |mut r: MessageReader<ItemRequest>, mut n: ResMut<Requests>| n.0 += r.read().count(),
    );
    let mut setup = bots_setup(2, Level::Beginner);
    setup.rules = party_rules();
    setup.seed = Some(5);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    run_until(&mut app, "eight rounds of a bots' party game", |app| {
        let g = game_of(app);
        g.rounds() >= 8 || g.is_over()
    });
    let g = game_of(&app);
    let used = g
        .actions()
        .filter(|a| matches!(a, starhop_engine::Action::UseItem { .. }))
        .count();
    // Every item a bot used went through an `ItemRequest`.
    assert!(app.world().resource::<Requests>().0 >= used);
    settle(&mut app);
    assert_view_matches_engine(&mut app);
}

/// Every file the game reads, damaged in each way a disk or a stray program
/// can damage it: the game starts, says so where it reads the file at start,
/// and never loses the bytes, even when it later writes settings, a setup, a
/// save and the league.
mod damaged_files {
    use super::*;
    use starhop::LaunchOptions;
    use starhop::classic::saves::RefreshSaves;
    use starhop::persist::{Folders, SaveGame};
    use starhop::settings::Settings;
    use std::path::Path;

    /// Relative to the test's home folder (config and data folder alike).
    const FILES: [&str; 12] = [
        "settings.json",
        "last-setup.json",
        "last-table.json",
        "league/league.json",
        "league/tournaments/t000001.json",
        "league/history/0123456789abcdef.json",
        "league/history/0123456789abcdef.meta.json",
        "saves/2026-12-01 10.00 Ann vs Bo, move 3.json",
        "food-progress.json",
        "crossing-bests.json",
        "food-saves/food-2026-12-01-move-3.json",
        "draughts-saves/international-2026-12-01-move-3.json",
    ];

    fn damages() -> [(&'static str, Vec<u8>); 4] {
        [
            ("truncated", b"{\"format\": \"starhop-lea".to_vec()),
            ("empty", Vec::new()),
            (
                "binary",
                vec![0xff, 0xfe, 0x00, 0x9c, 0x80, 0xc3, 0x28, 0x0a],
            ),
            ("wrong-json", b"[1, {\"profiles\": null}, \"x\"]".to_vec()),
        ]
    }

    /// The bytes are still in the folder: in their file, or kept aside
    /// beside it as `NAME.corrupt-N`.
    fn kept(path: &Path, bytes: &[u8]) -> bool {
        if std::fs::read(path).is_ok_and(|b| b == bytes) {
            return true;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(&format!("{name}.corrupt-"))
                    && std::fs::read(e.path()).is_ok_and(|b| b == bytes)
            })
    }

    /// The game's logic and its files, in `home`.
    fn files_app(home: &Path) -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            StarhopLogicPlugin,
            starhop::persist::plugin,
            starhop::classic::saves::plugin,
        ))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )))
        .insert_resource(LaunchOptions::default())
        .insert_resource(Folders {
            config: home.to_path_buf(),
            saves: home.join("saves"),
        })
        .init_resource::<Seen>()
        .add_systems(Last, watch);
        app
    }

    /// Only a game started from the setup screen is remembered as the last
    /// setup: a game started from elsewhere (a tournament's, a quick start)
    /// leaves it alone.
    #[test]
    fn the_remembered_setup_is_the_one_started_from_the_setup_screen() {
        let home = std::env::temp_dir().join(format!("starhop-last-setup-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(&home).unwrap();
        let mut app = files_app(&home);
        app.update();
        let go = |app: &mut App, to: Screen| {
            app.world_mut().resource_mut::<NextState<Screen>>().set(to);
            app.update();
            app.update();
        };
        let remembered = || {
            let text = std::fs::read_to_string(home.join("last-setup.json")).unwrap();
            serde_json::from_str::<MatchSetup>(&text).unwrap().players
        };
        go(&mut app, Screen::Setup);
        app.world_mut()
            .write_message(StartMatch(MatchSetup::new(3, fixed_rules())));
        app.update();
        app.update();
        assert_eq!(remembered(), 3, "started from the setup screen");
        for from in [Screen::Tournament, Screen::Home] {
            go(&mut app, from);
            app.world_mut()
                .write_message(StartMatch(MatchSetup::new(2, fixed_rules())));
            app.update();
            app.update();
            assert_eq!(
                remembered(),
                3,
                "a game started from {from:?} is not remembered"
            );
        }
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn no_damaged_file_is_ever_lost_whatever_the_damage() {
        for (kind, bytes) in damages() {
            let home =
                std::env::temp_dir().join(format!("starhop-damaged-{kind}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&home);
            for f in FILES {
                let path = home.join(f);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &bytes).unwrap();
            }
            let mut app = files_app(&home);
            for _ in 0..5 {
                app.update();
            }
            // Settings, the league and the files read at start say so.
            let problems = app
                .world()
                .resource::<Seen>()
                .notices
                .iter()
                .filter(|n| matches!(n, Notice::Problem(_)))
                .count();
            assert!(problems >= 5, "{kind}: {problems} problems told");
            // Everything the game writes afterwards.
            app.world_mut().resource_mut::<Settings>().sound ^= true;
            app.world_mut()
                .write_message(StartMatch(MatchSetup::new(2, fixed_rules())));
            for _ in 0..3 {
                app.update();
            }
            app.world_mut().write_message(SaveGame);
            app.world_mut().write_message(RefreshSaves);
            for _ in 0..3 {
                app.update();
            }
            for f in FILES {
                assert!(kept(&home.join(f), &bytes), "{kind}: {f} was lost");
            }
            let _ = std::fs::remove_dir_all(&home);
        }
    }
}

/// One rule for every screen, as a player presses it: Esc steps back one
/// level (a game to its panel, a panel or menu screen to the home screen),
/// and one press is one step, never two.
mod escape {
    use super::*;
    use starhop::crossing::{CrossingSession, CrossingSetup, StartCrossing};
    use starhop::draughts::{DraughtsPlaying, DraughtsSeat, DraughtsSetup, StartDraughts};
    use starhop::food::{FoodPlaying, FoodSetup, OpenFood, StartFood};
    use starhop::league::OpenTournament;
    use starhop::stage::input::ToggleMenu;

    fn esc_app() -> App {
        let mut app = common::app();
        app.add_plugins((
            starhop::stage::input::plugin,
            starhop::classic::input::plugin,
            starhop::food::input::plugin,
            starhop::draughts::input::plugin,
            starhop::crossing::input::plugin,
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>();
        app.update();
        app
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    fn frames(app: &mut App, n: usize) {
        for _ in 0..n {
            app.update();
        }
    }

    fn go(app: &mut App, to: Screen) {
        app.world_mut().resource_mut::<NextState<Screen>>().set(to);
        frames(app, 2);
        assert_eq!(screen(app), to);
    }

    fn esc(app: &mut App) {
        tap(app, KeyCode::Escape);
        frames(app, 2);
    }

    #[test]
    fn esc_on_a_menu_screen_goes_home() {
        let mut app = esc_app();
        for s in [
            Screen::Setup,
            Screen::Profiles,
            Screen::History,
            Screen::Tournament,
            Screen::Online,
        ] {
            go(&mut app, s);
            esc(&mut app);
            assert_eq!(screen(&app), Screen::Home, "Esc on {s:?}");
        }
        // On the home screen there is nothing behind: it stays.
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Home);
    }

    #[test]
    fn esc_in_an_open_tournament_goes_to_the_list_first() {
        let mut app = esc_app();
        go(&mut app, Screen::Tournament);
        app.world_mut().resource_mut::<OpenTournament>().0 = Some("t000001".into());
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Tournament);
        assert_eq!(app.world().resource::<OpenTournament>().0, None);
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Home);
    }

    #[test]
    fn esc_in_a_food_game_goes_to_its_panel_then_home() {
        let mut app = esc_app();
        app.world_mut().write_message(OpenFood);
        frames(&mut app, 3);
        assert_eq!(screen(&app), Screen::Food);
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Home, "Esc on the food panel");
        app.world_mut()
            .write_message(StartFood(FoodSetup::solo(37, None, false)));
        frames(&mut app, 3);
        assert!(app.world().resource::<FoodPlaying>().0, "a game on");
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Food, "one step: to the panel");
        assert!(!app.world().resource::<FoodPlaying>().0);
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Home);
    }

    #[test]
    fn esc_in_a_draughts_game_goes_to_its_panel_then_home() {
        let mut app = esc_app();
        app.world_mut().write_message(StartDraughts(DraughtsSetup {
            variant: starhop_draughts::Variant::Russian,
            seats: [DraughtsSeat::Human, DraughtsSeat::Human],
            minutes: None,
        }));
        frames(&mut app, 3);
        assert_eq!(screen(&app), Screen::Draughts);
        assert!(app.world().resource::<DraughtsPlaying>().0);
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Draughts, "one step: to the panel");
        assert!(!app.world().resource::<DraughtsPlaying>().0);
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Home);
    }

    #[test]
    fn esc_in_a_crossing_goes_to_its_panel_then_home() {
        let mut app = esc_app();
        app.world_mut()
            .write_message(StartCrossing(CrossingSetup::new(4, false)));
        frames(&mut app, 3);
        assert_eq!(screen(&app), Screen::Crossing);
        let playing = |app: &App| {
            app.world()
                .resource::<starhop::crossing::CrossingPlaying>()
                .0
        };
        assert!(app.world().contains_resource::<CrossingSession>() && playing(&app));
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Crossing, "one step: to the panel");
        assert!(app.world().contains_resource::<CrossingSession>() && !playing(&app));
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Home);
    }

    #[test]
    fn esc_in_a_game_of_chinese_checkers_opens_the_menu_once() {
        #[derive(Resource, Default)]
        struct Toggles(usize);
        let mut app = esc_app();
        app.init_resource::<Toggles>().add_systems(
            Last,
            |mut r: MessageReader<ToggleMenu>, mut t: ResMut<Toggles>| t.0 += r.read().count(),
        );
        start(&mut app, 2);
        esc(&mut app);
        assert_eq!(screen(&app), Screen::Playing);
        assert_eq!(
            app.world().resource::<Toggles>().0,
            1,
            "one press, one step"
        );
    }
}
