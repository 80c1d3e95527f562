//! The race display, headless: once the armies have passed, the solver's
//! answer for the position on the board appears, and only for that position.

use crate::common;

use bevy::prelude::*;
use common::{app, fixed_rules};
use starhop::classic::race::RaceView;
use starhop::classic::{LoadMatch, Match, MoveRequest};
use starhop::settings::Settings;
use starhop_ai::race;
use starhop_engine::{Board, Game, Hex, Position, Record, Rules};
use std::time::Duration;

/// Each side has its target filled but for two marbles still in the centre
/// (seat 1's army is seat 0's turned half round).
fn race_record() -> Record {
    let rules = Rules {
        board_size: 3,
        ..fixed_rules()
    };
    let board = Board::get(3).unwrap();
    let start = Position::start(board, 2).unwrap();
    let mut pos = Position::empty(board, 2).unwrap();
    let mut army: Vec<Hex> = start.target(0).iter().map(|h| board.hex(h)).collect();
    army.retain(|h| !(h.r == -4 && h.q <= 2));
    army.extend([Hex::new(0, -1), Hex::new(1, -2)]);
    for &h in &army {
        pos.place(0, board.hole(h).unwrap()).unwrap();
        pos.place(1, board.hole(Hex::new(-h.q, -h.r)).unwrap())
            .unwrap();
    }
    let game = Game::from_position(rules, pos, 0).unwrap();
    Record::of(&game, vec!["Ann".into(), "Bo".into()])
}

/// Frames until the race view answers for the current position (the solver
/// runs on the async pool).
fn wait_for_answer(app: &mut App) -> Option<[race::Lane; 2]> {
    for _ in 0..500 {
        app.update();
        let m = app.world().resource::<Match>();
        if let Some(lanes) = app.world().resource::<RaceView>().current(m) {
            return Some(lanes);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

fn solved(m: &Match) -> [u32; 2] {
    let pos = m.game.position();
    race::race(pos, false, Duration::from_secs(30))
        .unwrap()
        .map(|l| l.moves)
}

#[test]
fn the_race_shows_each_sides_moves_for_the_position_on_the_board() {
    let mut app = app();
    app.world_mut().write_message(LoadMatch(race_record()));
    app.update();
    let lanes = wait_for_answer(&mut app).expect("the race is solved");
    assert!(lanes.iter().all(|l| l.exact));
    let expected = solved(app.world().resource::<Match>());
    assert_eq!(lanes.map(|l| l.moves), expected);
    assert!(expected.iter().all(|&d| d >= 2), "{expected:?}");

    // Seat 0 plays its shortest crossing's move: the old answer is withdrawn
    // at once, and the new one has one move less for seat 0.
    let best = lanes[0].best.unwrap();
    app.world_mut().write_message(MoveRequest::from(best));
    let mut stale = false;
    for _ in 0..50 {
        app.update();
        let m = app.world().resource::<Match>();
        if m.game.position().marbles(0).contains(best.to) {
            stale = app
                .world()
                .resource::<RaceView>()
                .current(m)
                .is_some_and(|l| l[0].moves == expected[0]);
            break;
        }
    }
    assert!(!stale, "an answer for the old position was shown");
    let after = wait_for_answer(&mut app).expect("the new position is solved");
    assert_eq!(after[0].moves + 1, expected[0]);
    assert_eq!(after[1].moves, expected[1]);
}

#[test]
fn no_race_is_shown_when_switched_off_or_before_the_armies_pass() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().show_race = false;
    app.world_mut().write_message(LoadMatch(race_record()));
    assert!(wait_for_answer(&mut app).is_none());

    let mut app = common::app();
    let game = Game::new(fixed_rules(), 2, 1).unwrap();
    app.world_mut().write_message(LoadMatch(Record::of(
        &game,
        vec!["Ann".into(), "Bo".into()],
    )));
    assert!(wait_for_answer(&mut app).is_none());
}
