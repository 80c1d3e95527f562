//! The board behind the home screen plays itself: three greedy bots, one
//! move every couple of seconds, on a game of its own that nothing records.
//! It stops when the home screen goes (the setup's board comes back) and
//! starts afresh when it returns.

use super::PendingSetup;
use crate::base::Screen;
use crate::stage::board::{BoardOnShow, BoardSystems, BoardTaken};
use crate::stage::marbles::{Animating, BoardChanged, MarblesMoved};
use bevy::prelude::*;
use starhop_engine::game::marble_changes;
use starhop_engine::{Game, Rng, Rules};

/// Seconds between the demo's moves (after the last hop has landed).
pub const DEMO_PAUSE: f32 = 1.6;
/// Moves after which the demo starts again (a game of greedy bots can
/// stall far from its end).
const DEMO_MOVES: usize = 240;

/// The game behind the home screen, while the home screen is on show.
#[derive(Resource)]
pub struct HomeDemo {
    pub game: Game,
    rng: Rng,
    wait: f32,
    /// A new game to put on the board.
    fresh: bool,
}

impl HomeDemo {
    fn new(seed: u64) -> HomeDemo {
        let game =
            Game::new(Rules::classic(), 3, seed).expect("three players fit the classic board");
        HomeDemo {
            game,
            rng: Rng::new(seed ^ 0x5EED),
            wait: DEMO_PAUSE,
            fresh: true,
        }
    }
}

/// On the windowed game's side only: headless games and tests keep the
/// setup's board on the home screen unless they add it.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Home), start_demo)
        .add_systems(OnExit(Screen::Home), end_demo)
        .add_systems(
            Update,
            play_demo
                .run_if(in_state(Screen::Home).and_then(resource_exists::<HomeDemo>))
                .in_set(BoardSystems::Show),
        );
}

fn start_demo(mut commands: Commands, time: Res<Time<Real>>) {
    commands.insert_resource(HomeDemo::new(time.elapsed().as_micros() as u64));
}

/// The setup's board comes back: the setup counts as edited, so the star
/// shows it (and rebuilds its marbles) in the next frame.
fn end_demo(mut commands: Commands, mut pending: ResMut<PendingSetup>) {
    commands.remove_resource::<HomeDemo>();
    pending.set_changed();
}

/// One greedy move when the pause is over and no marble is still hopping;
/// the board on show follows, and the marbles hop as in a game.
fn play_demo(
    mut demo: ResMut<HomeDemo>,
    time: Res<Time>,
    animating: Option<Res<Animating>>,
    taken: Res<BoardTaken>,
    mut shown: ResMut<BoardOnShow>,
    mut moved: MessageWriter<MarblesMoved>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if taken.0 {
        return;
    }
    let d = &mut *demo;
    if d.fresh {
        d.fresh = false;
        *shown = BoardOnShow {
            position: d.game.position().clone(),
            size: d.game.rules().board_size,
            seats: d.game.players(),
            palettes: [0, 2, 1, 3, 4, 5],
            last_move: None,
        };
        changed.write(BoardChanged);
        return;
    }
    if animating.is_some_and(|a| a.0) {
        return;
    }
    d.wait -= time.delta_secs();
    if d.wait > 0.0 {
        return;
    }
    d.wait = DEMO_PAUSE;
    let over = d.game.is_over() || d.game.actions().count() >= DEMO_MOVES;
    let events = match starhop_ai::greedy_move(&d.game, &mut d.rng) {
        Some(mv) if !over => d.game.play(mv),
        _ => {
            let seed = d.game.seed().wrapping_add(1);
            *d = HomeDemo::new(seed);
            return;
        }
    };
    match events {
        Ok(events) => {
            shown.position = d.game.position().clone();
            shown.last_move = super::last_move(&d.game);
            moved.write(MarblesMoved(marble_changes(&events)));
        }
        // A greedy move is legal by construction; if the rules say no, the
        // demo starts again rather than stand still.
        Err(_) => d.fresh = true,
    }
}
