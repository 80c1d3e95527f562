//! What the game-level tests share: the headless app, rules, positions.
// Each test file uses its own part of it.
#![allow(dead_code)]

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use starhop::StarhopLogicPlugin;
use starhop::base::Notice;
use starhop::persist::Folders;
use starhop::stage::marbles::MarblesMoved;
use starhop::stage::marbles::{HopLanded, Hopping, Marble};
use starhop_engine::{FirstMoveMethod, Game, Hole, Move, Position, Rules};
use std::time::Duration;

/// What the headless app reported: notices, hop landings, marble reports.
#[derive(Resource, Default)]
pub struct Seen {
    pub notices: Vec<Notice>,
    pub landings: usize,
    pub reports: usize,
}

pub fn watch(
    mut notices: MessageReader<Notice>,
    mut landed: MessageReader<HopLanded>,
    mut moved: MessageReader<MarblesMoved>,
    mut seen: ResMut<Seen>,
) {
    seen.notices.extend(notices.read().cloned());
    seen.landings += landed.read().count();
    seen.reports += moved.read().count();
}

/// The game's logic, headless, 20 ms a frame, watched by [`Seen`].
pub fn app() -> App {
    app_with(|_| {})
}

/// [`app`] with more plugins or resources added before its first frame.
pub fn app_with(more: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StarhopLogicPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )))
        .init_resource::<Seen>()
        .add_systems(Last, watch);
    more(&mut app);
    app.update();
    app
}

/// Classic rules, seat 0 moving first.
pub fn fixed_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    }
}

/// A two-player position on the small board where each player is one step
/// from home; also each seat's finishing step (from, to).
pub fn nearly_finished_position() -> (Position, Vec<(Hole, Hole)>) {
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
    (pos, finishing)
}

/// Presses and releases a key over one frame.
pub fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

/// A legal move of seat 1 that does not end in its target (in the nearly
/// finished position: one that does not finish).
pub fn step_away(game: &Game) -> Move {
    let target = game.position().target(1);
    game.legal_moves()
        .into_iter()
        .find(|m| !target.contains(m.to))
        .unwrap()
}

/// The marble entities and where they stand, by hole.
pub fn marbles(app: &mut App) -> Vec<(Marble, Vec3)> {
    let mut q = app.world_mut().query::<(&Marble, &Transform)>();
    let mut v: Vec<(Marble, Vec3)> = q
        .iter(app.world())
        .map(|(m, t)| (*m, t.translation))
        .collect();
    v.sort_by_key(|(m, _)| m.hole);
    v
}

/// Runs frames until no marble is hopping (at most five seconds of game time).
pub fn settle(app: &mut App) {
    settle_all::<Hopping>(app);
}

/// Runs frames until no entity has a `C` (a hop, a move) any more, at most
/// five seconds of game time.
pub fn settle_all<C: Component>(app: &mut App) {
    for _ in 0..250 {
        app.update();
        let mut q = app.world_mut().query_filtered::<(), With<C>>();
        if q.iter(app.world()).next().is_none() {
            return;
        }
    }
    panic!(
        "still moving after 250 frames: {}",
        std::any::type_name::<C>()
    );
}

/// An empty data folder of its own for a test.
pub fn temp_folders(name: &str) -> Folders {
    let dir = std::env::temp_dir().join(format!("starhop-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Folders {
        config: dir.clone(),
        saves: dir.join("saves"),
    }
}
