//! The stage shows what the mode on show tells it: the board on show and its
//! marks, the seats the camera faces, and a board another mode takes over.

use crate::common;

use bevy::prelude::*;
use starhop::Screen;
use starhop::camera::SeatsToFace;
use starhop::classic::{Match, MatchSetup, MoveRequest, SeatKind, StartMatch, last_move};
use starhop::crossing::{CrossingSession, CrossingSetup, CrossingTurn, StartCrossing};
use starhop::stage::board::{BoardMarks, BoardOnShow, BoardTaken};
use starhop::stage::input::{HolePressed, Selection};
use starhop_ai::Level;
use starhop_engine::{Board, Position, Rules};

use common::{fixed_rules, marbles, settle};

/// Frames in which the board on show was written.
#[derive(Resource, Default)]
struct Writes(usize);

fn count_writes(shown: Res<BoardOnShow>, mut writes: ResMut<Writes>) {
    if shown.is_changed() {
        writes.0 += 1;
    }
}

fn app() -> App {
    common::app_with(|app| {
        app.init_resource::<Writes>()
            .add_systems(Last, count_writes);
    })
}

fn start(app: &mut App, setup: MatchSetup) {
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}

fn shown(app: &App) -> &BoardOnShow {
    app.world().resource::<BoardOnShow>()
}

fn writes(app: &App) -> usize {
    app.world().resource::<Writes>().0
}

#[test]
fn the_board_on_show_follows_the_match_and_is_written_only_when_it_changes() {
    let mut app = app();
    // A move clock: the match changes every frame as its time runs.
    let rules = Rules {
        move_limit_ms: Some(60_000),
        ..fixed_rules()
    };
    let mut setup = MatchSetup::new(2, rules);
    setup.seats[1].colour = 4;
    start(&mut app, setup);
    {
        let m = app.world().resource::<Match>();
        let s = shown(&app);
        assert_eq!(s.position, *m.game.position());
        assert_eq!((s.size, s.seats), (4, 2));
        assert_eq!(s.palette(1), 4);
        assert_eq!(s.last_move, None);
    }
    let time_at_start = app.world().resource::<Match>().game.move_time_left();
    let before = writes(&app);
    for _ in 0..30 {
        app.update();
    }
    let time_now = app.world().resource::<Match>().game.move_time_left();
    assert!(time_now < time_at_start, "the clock ran: {time_now:?}");
    assert_eq!(writes(&app), before, "a running clock shows nothing new");
    // A move is shown with its route, in one write.
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest::from(mv));
    app.update();
    assert_eq!(writes(&app), before + 1);
    let m = app.world().resource::<Match>();
    assert_eq!(shown(&app).position, *m.game.position());
    assert_eq!(shown(&app).last_move, last_move(&m.game));
    assert!(shown(&app).last_move.is_some());
}

#[test]
fn marbles_set_without_reports_are_rebuilt_from_the_board_on_show() {
    let mut app = app();
    start(&mut app, MatchSetup::new(2, fixed_rules()));
    // Moves played on the game itself, as a screenshot's script does: no
    // reports tell the marbles.
    {
        let mut m = app.world_mut().resource_mut::<Match>();
        for _ in 0..6 {
            let mv = m.game.legal_moves()[0];
            m.game.play(mv).unwrap();
        }
    }
    for _ in 0..3 {
        app.update();
    }
    let pos = app.world().resource::<Match>().game.position().clone();
    let on_board = marbles(&mut app);
    assert_eq!(on_board.len(), 20);
    for (m, _) in &on_board {
        assert_eq!(pos.owner(m.hole), Some(m.seat), "hole {}", m.hole);
    }
}

#[test]
fn the_crossing_takes_the_board_over_and_gives_it_back() {
    let mut app = app();
    let mut setup = MatchSetup::new(3, fixed_rules());
    setup.seats[0].colour = 2;
    start(&mut app, setup);
    assert!(!app.world().resource::<BoardTaken>().0);
    app.world_mut()
        .write_message(StartCrossing(CrossingSetup::new(3, false)));
    app.update();
    app.update();
    assert!(
        app.world().get_resource::<Match>().is_none(),
        "the match let go of the board"
    );
    assert!(app.world().resource::<BoardTaken>().0);
    let game = app.world().resource::<CrossingSession>().game.clone();
    assert_eq!(shown(&app).position, *game.position());
    assert_eq!((shown(&app).size, shown(&app).seats), (3, 2));
    // A move shows with its route.
    let mv = game.legal_moves()[0];
    app.world_mut()
        .write_message(starhop::crossing::CrossingMove {
            from: mv.from,
            to: mv.to,
        });
    app.update();
    let game = app.world().resource::<CrossingSession>().game.clone();
    assert_eq!(shown(&app).position, *game.position());
    assert_eq!(
        shown(&app).last_move,
        game.played().last().map(|r| (0, r.clone()))
    );
    // Leaving: the star shows the setup being edited again.
    app.world_mut().write_message(CrossingTurn::Leave);
    app.update();
    app.update();
    assert!(!app.world().resource::<BoardTaken>().0);
    let pending = app
        .world()
        .resource::<starhop::classic::PendingSetup>()
        .0
        .clone();
    let start = Position::start(Board::get(pending.rules.board_size).unwrap(), 3).unwrap();
    assert_eq!(shown(&app).position, start);
    assert_eq!(shown(&app).palette(0), 2);
    assert_eq!(shown(&app).last_move, None);
}

#[test]
fn a_pressed_hole_lifts_a_marble_marks_its_moves_and_moves_it() {
    let mut app = common::app_with(|app| {
        app.add_plugins((
            starhop::stage::input::plugin,
            starhop::classic::input::plugin,
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>();
    });
    start(&mut app, MatchSetup::new(2, fixed_rules()));
    let game = app.world().resource::<Match>().game.clone();
    let mv = game.legal_moves()[0];
    app.world_mut().write_message(HolePressed(mv.from));
    app.update();
    assert_eq!(app.world().resource::<Selection>().lifted, Some(mv.from));
    let marks = app.world().resource::<BoardMarks>().clone();
    assert_eq!(marks.targets, game.destinations(mv.from));
    assert!(marks.reach.is_empty());
    app.world_mut().write_message(HolePressed(mv.to));
    app.update();
    settle(&mut app);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.actions().count(), 1, "the press moved the marble");
    assert_eq!(app.world().resource::<Selection>().lifted, None);
    assert_eq!(*app.world().resource::<BoardMarks>(), BoardMarks::default());
}

#[test]
fn the_camera_is_told_whom_to_face() {
    let mut app = app();
    let mut setup = MatchSetup::new(3, fixed_rules());
    setup.seats[1].kind = SeatKind::Bot(Level::Beginner);
    setup.seats[2].kind = SeatKind::Bot(Level::Beginner);
    start(&mut app, setup);
    let facing = app.world().resource::<SeatsToFace>().0.expect("a match");
    let pos = app.world().resource::<Match>().game.position().clone();
    assert_eq!(facing.face, Some((0, pos.home_camp(0))), "the only person");
    assert_eq!(facing.to_move, pos.home_camp(0));
    assert!(!facing.over);
    app.world_mut().write_message(starhop::classic::BackToSetup);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<SeatsToFace>().0, None);
}

#[test]
fn the_home_screen_plays_itself_and_gives_the_board_back_to_the_setup() {
    use starhop::classic::home_demo::{DEMO_PAUSE, HomeDemo};
    let mut app = common::app_with(|app| {
        app.add_plugins(starhop::classic::home_demo::plugin);
    });
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
    // The demo's own game is on the board: three seats, no move yet.
    assert_eq!(shown(&app).seats, 3);
    let start = shown(&app).position.clone();
    // 20 ms a frame: time for four pauses (each move waits one).
    let frames = (4.5 * DEMO_PAUSE / 0.02) as usize;
    for _ in 0..frames {
        app.update();
    }
    let played = app.world().resource::<HomeDemo>().game.actions().count();
    assert!(played >= 3, "only {played} moves in {frames} frames");
    assert_ne!(shown(&app).position, start);
    assert_eq!(
        shown(&app).position,
        *app.world().resource::<HomeDemo>().game.position()
    );
    assert!(shown(&app).last_move.is_some());

    // The setup screen: the demo stops and the setup's board comes back.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Setup);
    settle(&mut app);
    assert!(app.world().get_resource::<HomeDemo>().is_none());
    let setup = app
        .world()
        .resource::<starhop::classic::PendingSetup>()
        .0
        .clone();
    assert_eq!(shown(&app).seats, setup.players);
    assert_eq!(shown(&app).last_move, None);
    let board = Board::get(setup.rules.board_size).unwrap();
    assert_eq!(
        shown(&app).position,
        Position::start(board, setup.players).unwrap()
    );

    // Home again: a new demo from its start.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Home);
    settle(&mut app);
    assert_eq!(app.world().resource::<HomeDemo>().game.actions().count(), 0);
    assert_eq!(shown(&app).seats, 3);
}
