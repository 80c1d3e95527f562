//! The replay viewer in a headless `App` (the game's logic plugins, no
//! window), driven through its messages: after every step, jump and
//! leave, every marble entity stands on the hole the engine says, checked
//! against the record replayed independently to that point.

use crate::common;

use bevy::prelude::*;
use starhop::Screen;
use starhop::base::Notice;
use starhop::classic::party::{ItemBox, Leaving, demo};
use starhop::classic::{BotMind, BotSpeed, Match, MatchSetup, SeatKind, StartMatch, TurnRequest};
use starhop::replay::{OpenReplay, OpenReplayFile, Replay, ReplayControl, SPEEDS};
use starhop::stage::marbles::{Hopping, Marble, MarbleIndex};
use starhop_engine::{Action, FirstMoveMethod, Game, Hole, Preset, Record, Rng, Rules, Seat};
use std::collections::{BTreeMap, BTreeSet};

use common::{Seen, app, fixed_rules, tap};

/// A record of `moves` greedy moves (or passes) from the start.
fn greedy_record(rules: Rules, players: usize, moves: usize, seed: u64) -> Record {
    let mut game = Game::new(rules, players, seed).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        match starhop_ai::greedy_move(&game, &mut rng) {
            Some(mv) => game.play(mv).unwrap(),
            None => game.pass().unwrap(),
        };
    }
    let names = (1..=players).map(|n| format!("Player {n}")).collect();
    Record::of(&game, names)
}

/// A party record: the script uses every item it gets, and takes boxes.
fn party_record(actions: usize) -> Record {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        box_every: 1,
        ..Preset::Party.rules()
    };
    let mut game = Game::new(rules, 3, 5).unwrap();
    let mut rng = Rng::new(5);
    while game.actions().count() < actions && !game.is_over() {
        let step = demo::next_step(&game, &mut rng, &[]);
        assert!(demo::play_step(&mut game, step), "the script plays legally");
    }
    Record::of(&game, Vec::new())
}

/// The record's first `k` actions replayed by the engine alone.
fn engine_at(record: &Record, k: usize) -> Game {
    Record {
        actions: record.actions[..k].to_vec(),
        turn_ms: 0,
        ..record.clone()
    }
    .replay()
    .unwrap()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn at(app: &App) -> usize {
    app.world().resource::<Replay>().at
}

/// Every marble entity as hole → seat; no two on one hole.
fn marble_map(app: &mut App) -> BTreeMap<Hole, Seat> {
    let mut q = app.world_mut().query::<&Marble>();
    let all: Vec<Marble> = q.iter(app.world()).copied().collect();
    let map: BTreeMap<Hole, Seat> = all.iter().map(|m| (m.hole, m.seat)).collect();
    assert_eq!(map.len(), all.len(), "two marble entities on one hole");
    map
}

/// The marble entities, the marble index and the viewer's match all show
/// the record after exactly `k` actions.
fn assert_board_at(app: &mut App, record: &Record, k: usize) {
    assert_eq!(at(app), k);
    let expected = engine_at(record, k);
    let want = expected.position().marble_map();
    assert_eq!(marble_map(app), want, "marbles after {k} actions");
    let index = app.world().resource::<MarbleIndex>();
    for (hole, slot) in index.0.iter().enumerate() {
        assert_eq!(
            slot.is_some(),
            want.contains_key(&(hole as Hole)),
            "index at hole {hole} after {k} actions"
        );
    }
    let shown = &app.world().resource::<Match>().game;
    assert_eq!(shown.position(), expected.position());
    assert_eq!(shown.to_move(), expected.to_move());
    assert_eq!(shown.actions().count(), k);
}

fn open(app: &mut App, record: &Record) {
    app.world_mut()
        .write_message(OpenReplay::new(record.clone()));
    app.update();
    app.update();
}

fn send(app: &mut App, control: ReplayControl) {
    app.world_mut().write_message(control);
    app.update();
}

fn hopping(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&Hopping>();
    q.iter(app.world()).count()
}

#[test]
fn stepping_forward_and_back_puts_every_marble_on_the_engine_hole() {
    let record = greedy_record(fixed_rules(), 3, 24, 3);
    assert_eq!(record.actions.len(), 24);
    let mut app = app();
    open(&mut app, &record);
    assert_eq!(screen(&app), Screen::Replay);
    assert_eq!(app.world().resource::<Replay>().len(), 24);
    assert_board_at(&mut app, &record, 0);
    for k in 1..=10 {
        send(&mut app, ReplayControl::Forward);
        assert_board_at(&mut app, &record, k);
    }
    // A step forward hops the marble as in play.
    assert!(hopping(&mut app) > 0, "the last step is animated");
    for k in (4..10).rev() {
        send(&mut app, ReplayControl::Back);
        assert_board_at(&mut app, &record, k);
    }
    // Stepping forward again after stepping back replays the same moves.
    for k in 5..=7 {
        send(&mut app, ReplayControl::Forward);
        assert_board_at(&mut app, &record, k);
    }
}

#[test]
fn stepping_past_the_end_or_before_the_start_does_nothing() {
    let record = greedy_record(fixed_rules(), 2, 12, 9);
    let mut app = app();
    open(&mut app, &record);
    let reports = app.world().resource::<Seen>().reports;
    send(&mut app, ReplayControl::Back);
    send(&mut app, ReplayControl::First);
    assert_board_at(&mut app, &record, 0);
    assert_eq!(app.world().resource::<Seen>().reports, reports);
    send(&mut app, ReplayControl::Last);
    assert_board_at(&mut app, &record, 12);
    let reports = app.world().resource::<Seen>().reports;
    send(&mut app, ReplayControl::Forward);
    send(&mut app, ReplayControl::Jump(99));
    assert_board_at(&mut app, &record, 12);
    assert_eq!(app.world().resource::<Seen>().reports, reports);
    assert_eq!(screen(&app), Screen::Replay);
}

#[test]
fn a_jump_sets_the_board_at_once_and_a_jump_of_one_animates() {
    let record = greedy_record(fixed_rules(), 4, 30, 4);
    let mut app = app();
    open(&mut app, &record);
    for k in [17, 3, 29, 27, 0] {
        send(&mut app, ReplayControl::Jump(k));
        app.update();
        assert_board_at(&mut app, &record, k);
        assert_eq!(hopping(&mut app), 0, "a jump to {k} does not animate");
    }
    send(&mut app, ReplayControl::Jump(1));
    assert_board_at(&mut app, &record, 1);
    assert!(hopping(&mut app) > 0, "a jump of one move hops");
}

#[test]
fn a_replay_opens_at_the_asked_move() {
    let record = greedy_record(fixed_rules(), 2, 20, 1);
    let mut app = app();
    app.world_mut().write_message(OpenReplay {
        record: record.clone(),
        title: Some("a game".into()),
        at: 13,
        colours: Vec::new(),
    });
    app.update();
    app.update();
    assert_board_at(&mut app, &record, 13);
    send(&mut app, ReplayControl::Back);
    assert_board_at(&mut app, &record, 12);
}

#[test]
fn a_party_record_replays_with_its_items_and_boxes() {
    let record = party_record(70);
    let uses = record
        .actions
        .iter()
        .filter(|a| matches!(a, Action::UseItem { .. }))
        .count();
    assert!(uses >= 2, "the record uses items ({uses})");
    let n = record.actions.len();
    let mut app = app();
    open(&mut app, &record);
    let boxes = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<&ItemBox, Without<Leaving>>();
        q.iter(app.world()).map(|b| b.hole).collect::<BTreeSet<_>>()
    };
    for k in 1..=n {
        send(&mut app, ReplayControl::Forward);
        assert_board_at(&mut app, &record, k);
        let want: BTreeSet<Hole> = engine_at(&record, k).boxes().iter().collect();
        assert_eq!(boxes(&mut app), want, "boxes after {k} actions");
    }
    for k in (0..n).rev() {
        send(&mut app, ReplayControl::Back);
        assert_board_at(&mut app, &record, k);
        let want: BTreeSet<Hole> = engine_at(&record, k).boxes().iter().collect();
        assert_eq!(boxes(&mut app), want, "boxes back at {k} actions");
    }
    // The item uses were told as they happened.
    let told = app
        .world()
        .resource::<Seen>()
        .notices
        .iter()
        .filter(|n| matches!(n, Notice::Rule(starhop_engine::Event::ItemUsed { .. })))
        .count();
    assert_eq!(told, uses);
}

#[test]
fn playing_runs_to_the_end_and_stops() {
    let record = greedy_record(fixed_rules(), 2, 8, 2);
    let mut app = app();
    open(&mut app, &record);
    send(&mut app, ReplayControl::Faster);
    assert_eq!(app.world().resource::<Replay>().speed_factor(), SPEEDS[2]);
    assert_eq!(app.world().resource::<BotSpeed>().0, SPEEDS[2]);
    send(&mut app, ReplayControl::Play);
    for _ in 0..2_000 {
        if !app.world().resource::<Replay>().playing {
            break;
        }
        app.update();
    }
    assert!(!app.world().resource::<Replay>().playing, "playing stopped");
    assert_board_at(&mut app, &record, 8);
    // Play from the end starts over.
    send(&mut app, ReplayControl::Play);
    assert!(app.world().resource::<Replay>().playing);
    assert!(at(&app) <= 1);
    send(&mut app, ReplayControl::Pause);
    let k = at(&app);
    for _ in 0..50 {
        app.update();
    }
    assert_board_at(&mut app, &record, k);
}

#[test]
fn speeds_stay_within_the_choices() {
    let record = greedy_record(fixed_rules(), 2, 4, 2);
    let mut app = app();
    open(&mut app, &record);
    for _ in 0..6 {
        send(&mut app, ReplayControl::Slower);
    }
    assert_eq!(app.world().resource::<Replay>().speed, 0);
    for _ in 0..6 {
        send(&mut app, ReplayControl::Faster);
    }
    assert_eq!(app.world().resource::<Replay>().speed, SPEEDS.len() - 1);
    send(&mut app, ReplayControl::Speed(1));
    assert_eq!(app.world().resource::<BotSpeed>().0, 1.0);
}

#[test]
fn no_bot_thinks_and_no_clock_runs_in_a_replay() {
    let rules = Rules {
        move_limit_ms: Some(30_000),
        ..fixed_rules()
    };
    let mut record = greedy_record(rules, 2, 6, 8);
    record.bots = vec![Some("Hard".into()), Some("Hard".into())];
    let mut app = app();
    open(&mut app, &record);
    let seats = &app.world().resource::<Match>().setup.seats;
    assert!(
        seats.iter().all(|s| matches!(s.kind, SeatKind::Bot(_))),
        "the record's seats are bots"
    );
    send(&mut app, ReplayControl::Forward);
    let revision = app.world().resource::<Match>().game.revision();
    let turn_ms = app.world().resource::<Match>().game.state().turn_ms;
    for _ in 0..100 {
        app.update();
    }
    assert_eq!(app.world().resource::<BotMind>().started, 0);
    let game = &app.world().resource::<Match>().game;
    assert_eq!(game.revision(), revision);
    assert_eq!(game.state().turn_ms, turn_ms);
    assert_board_at(&mut app, &record, 1);
}

#[test]
fn leaving_goes_back_to_the_setup_screen() {
    let record = greedy_record(fixed_rules(), 2, 6, 8);
    let mut app = app();
    // Opened from the setup screen's saved games.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Setup);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    open(&mut app, &record);
    send(&mut app, ReplayControl::Leave);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    assert!(app.world().get_resource::<Match>().is_none());
    assert!(app.world().get_resource::<Replay>().is_none());
    // The setup's start position is back on the board.
    let pending = app
        .world()
        .resource::<starhop::classic::PendingSetup>()
        .clone();
    let board = starhop_engine::Board::get(pending.0.rules.board_size).unwrap();
    let start = starhop_engine::Position::start(board, pending.0.players).unwrap();
    assert_eq!(marble_map(&mut app), start.marble_map());
}

/// After the viewer closes, the local rules own the match again: a new
/// game's first move is played.
#[test]
fn after_leaving_a_new_game_plays_its_moves() {
    let record = greedy_record(fixed_rules(), 2, 6, 8);
    let mut app = app();
    open(&mut app, &record);
    send(&mut app, ReplayControl::Leave);
    app.update();
    app.world_mut()
        .write_message(StartMatch(starhop::classic::MatchSetup::new(
            2,
            fixed_rules(),
        )));
    app.update();
    app.update();
    let game = &app.world().resource::<Match>().game;
    assert_eq!(game.actions().count(), 0, "a new game");
    let mv = game.legal_moves()[0];
    app.world_mut()
        .write_message(starhop::classic::MoveRequest::from(mv));
    app.update();
    assert_eq!(
        app.world().resource::<Match>().game.actions().count(),
        1,
        "the move is played"
    );
}

#[test]
fn leaving_goes_back_to_the_finished_game_as_it_was() {
    let mut app = app();
    let mut setup = MatchSetup::new(2, fixed_rules());
    setup.seats[0].colour = 4;
    app.world_mut().write_message(StartMatch(setup));
    app.update();
    app.update();
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    app.world_mut()
        .write_message(starhop::classic::MoveRequest::from(mv));
    app.update();
    app.world_mut().write_message(TurnRequest::Resign(1));
    app.update();
    let (record, position) = {
        let m = app.world().resource::<Match>();
        assert!(m.game.is_over());
        (m.record(), m.game.position().clone())
    };
    open(&mut app, &record);
    assert_board_at(&mut app, &record, 0);
    // The game's own colours, which its record does not keep.
    let seats = &app.world().resource::<Match>().setup.seats;
    assert_eq!(seats[0].colour, 4);
    send(&mut app, ReplayControl::Leave);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let m = app.world().resource::<Match>();
    assert!(m.game.is_over());
    assert_eq!(m.game.actions().count(), 2);
    assert_eq!(m.game.position(), &position);
    assert_eq!(marble_map(&mut app), position.marble_map());
}

#[test]
fn a_record_that_does_not_replay_gets_a_message_and_no_viewer() {
    let mut record = greedy_record(fixed_rules(), 2, 10, 6);
    // Action 5 moves a marble onto the hole it stands on.
    match &mut record.actions[4] {
        Action::Move {
            from, to, route, ..
        } => {
            *to = *from;
            *route = vec![*from, *from];
        }
        other => panic!("action 5 is a move, not {other:?}"),
    }
    let mut app = app();
    open(&mut app, &record);
    assert_eq!(screen(&app), Screen::Home);
    assert!(app.world().get_resource::<Replay>().is_none());
    assert!(app.world().get_resource::<Match>().is_none());
    let problems: Vec<String> = app
        .world()
        .resource::<Seen>()
        .notices
        .iter()
        .filter_map(|n| match n {
            Notice::Problem(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("action 5"), "{}", problems[0]);
}

#[test]
fn an_unreadable_file_gets_a_message_and_stays_as_it_is() {
    let dir = std::env::temp_dir().join(format!("starhop-replay-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.json");
    let text = "{ \"format\": \"starhop-rec";
    std::fs::write(&path, text).unwrap();
    let mut app = app();
    app.world_mut().write_message(OpenReplayFile(path.clone()));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Home);
    assert!(app.world().get_resource::<Replay>().is_none());
    let problem = app
        .world()
        .resource::<Seen>()
        .notices
        .iter()
        .any(|n| matches!(n, Notice::Problem(t) if t.contains("not a readable")));
    assert!(problem);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // A good file opens.
    let record = greedy_record(fixed_rules(), 3, 9, 12);
    let good = dir.join("good.json");
    std::fs::write(&good, record.to_json()).unwrap();
    app.world_mut().write_message(OpenReplayFile(good));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Replay);
    assert_eq!(
        app.world().resource::<Replay>().title.as_deref(),
        Some("good")
    );
    assert_board_at(&mut app, &record, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_keys_step_play_and_leave() {
    let record = greedy_record(fixed_rules(), 2, 10, 21);
    let mut app = app();
    app.init_resource::<ButtonInput<KeyCode>>().add_systems(
        Update,
        starhop::replay::keyboard
            .run_if(in_state(Screen::Replay))
            .in_set(starhop::AppSystems::Input),
    );
    open(&mut app, &record);
    tap(&mut app, KeyCode::ArrowRight);
    tap(&mut app, KeyCode::ArrowRight);
    assert_board_at(&mut app, &record, 2);
    tap(&mut app, KeyCode::ArrowLeft);
    assert_board_at(&mut app, &record, 1);
    tap(&mut app, KeyCode::End);
    assert_board_at(&mut app, &record, 10);
    tap(&mut app, KeyCode::Home);
    assert_board_at(&mut app, &record, 0);
    tap(&mut app, KeyCode::Equal);
    assert_eq!(app.world().resource::<Replay>().speed, 2);
    tap(&mut app, KeyCode::Minus);
    tap(&mut app, KeyCode::Minus);
    assert_eq!(app.world().resource::<Replay>().speed, 0);
    tap(&mut app, KeyCode::Space);
    assert!(app.world().resource::<Replay>().playing);
    tap(&mut app, KeyCode::Space);
    assert!(!app.world().resource::<Replay>().playing);
    tap(&mut app, KeyCode::Escape);
    // Back where it was opened: the home screen this app starts on.
    app.update();
    assert_eq!(screen(&app), Screen::Home);
}

#[test]
fn the_command_line_opens_a_replay_file() {
    use clap::Parser;
    let args = starhop::shell::launch::Args::parse_from(["starhop", "--replay", "game.json"]);
    let options = args.options(std::time::Instant::now());
    assert_eq!(
        options.replay.as_deref(),
        Some(std::path::Path::new("game.json"))
    );
    assert!(options.quick_start.is_none());
}
