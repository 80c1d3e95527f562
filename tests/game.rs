//! Game-level tests: a headless `App` with the game's logic plugins (no
//! window, renderer or audio), driven through messages, checking the ECS view.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use starhop::marbles::{HopLanded, Hopping, Marble, MarbleIndex, rest_position};
use starhop::play::{LoadMatch, Match, MatchSetup, MoveRequest, Notice, StartMatch, TurnRequest};
use starhop::{Screen, StarhopLogicPlugin, board::BoardLayout};
use starhop_engine::{Event, FirstMoveMethod, Game, Hole, Position, Record, Rules, Seat};
use std::time::Duration;

#[derive(Resource, Default)]
struct Seen {
    notices: Vec<Notice>,
    landings: usize,
}

fn watch(
    mut notices: MessageReader<Notice>,
    mut landed: MessageReader<HopLanded>,
    mut seen: ResMut<Seen>,
) {
    seen.notices.extend(notices.read().cloned());
    seen.landings += landed.read().count();
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StarhopLogicPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )))
        .init_resource::<Seen>()
        .add_systems(Last, watch);
    app.update();
    app
}

fn fixed_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    }
}

fn start(app: &mut App, players: usize) {
    app.world_mut()
        .write_message(StartMatch(MatchSetup::new(players, fixed_rules())));
    app.update();
    app.update();
}

fn marbles(app: &mut App) -> Vec<(Marble, Vec3)> {
    let mut q = app.world_mut().query::<(&Marble, &Transform)>();
    let mut v: Vec<(Marble, Vec3)> = q
        .iter(app.world())
        .map(|(m, t)| (*m, t.translation))
        .collect();
    v.sort_by_key(|(m, _)| m.hole);
    v
}

fn entity_on(app: &App, hole: Hole) -> Option<Entity> {
    app.world().resource::<MarbleIndex>().0[hole as usize]
}

/// Runs frames until no marble is hopping (at most five seconds of game time).
fn settle(app: &mut App) {
    for _ in 0..250 {
        app.update();
        let mut q = app.world_mut().query::<&Hopping>();
        if q.iter(app.world()).next().is_none() {
            return;
        }
    }
    panic!("marbles still hopping after 250 frames");
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
    app.world_mut().write_message(MoveRequest {
        from: mv.from,
        to: mv.to,
    });
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
    app.world_mut().write_message(MoveRequest {
        from: theirs,
        to: theirs,
    });
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
        app.world_mut().write_message(MoveRequest {
            from: mv.from,
            to: mv.to,
        });
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
    let board = starhop_engine::Board::get(3).unwrap();
    let mut pos = Position::empty(board, 2).unwrap();
    let mut finishing = Vec::new();
    for seat in 0..2 {
        let target: Vec<Hole> = pos.target(seat).iter().collect();
        let entry = target
            .iter()
            .copied()
            .find(|&t| {
                board.neighbour[t as usize]
                    .iter()
                    .any(|&x| x != u8::MAX && board.centre.contains(x))
            })
            .unwrap();
        let outside = board.neighbour[entry as usize]
            .iter()
            .copied()
            .find(|&x| x != u8::MAX && board.centre.contains(x))
            .unwrap();
        for &h in target.iter().filter(|&&h| h != entry) {
            pos.place(seat, h).unwrap();
        }
        pos.place(seat, outside).unwrap();
        finishing.push((outside, entry));
    }
    let game = Game::from_position(fixed_rules(), pos, 0).unwrap();
    let record = Record::of(&game, vec!["Ann".into(), "Bo".into()]);
    let mut app = app();
    app.world_mut().write_message(LoadMatch(record));
    app.update();
    app.update();
    assert_eq!(marbles(&mut app).len(), 12);
    let (from, to) = finishing[0];
    app.world_mut().write_message(MoveRequest { from, to });
    settle(&mut app);
    let mv = {
        let g = &app.world().resource::<Match>().game;
        let target = g.position().target(1);
        g.legal_moves()
            .into_iter()
            .find(|m| !target.contains(m.to))
            .unwrap()
    };
    app.world_mut().write_message(MoveRequest {
        from: mv.from,
        to: mv.to,
    });
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
        .write_message(MoveRequest { from: to, to: from });
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
    use starhop::play::SeatKind;
    use starhop_ai::Level;
    let mut app = app();
    let mut setup = MatchSetup::new(2, fixed_rules());
    setup.seats[1].kind = SeatKind::Bot(Level::Beginner);
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    app.update();
    // The human (seat 0) moves; then the bot must answer without any input.
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut().write_message(MoveRequest {
        from: mv.from,
        to: mv.to,
    });
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
