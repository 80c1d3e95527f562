//! Bot seats: when a bot is to move, its search runs on the async compute
//! pool with a copy of the game, so frames never wait for it; the answer comes
//! back as an ordinary `MoveRequest`. Also the hint for humans (what the Hard
//! bot would play) and watching bots-only games.

use super::{Animating, Match, MoveRequest, Paused, SeatKind, TurnRequest};
use crate::AppSystems;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use starhop_ai::{BotAction, Budget, Decision, Level, choose};
use starhop_engine::{Game, Move};
use std::time::Duration;

/// A search under way: for whom, and for which position (actions played so far).
struct Thinking {
    task: Task<Decision>,
    actions: usize,
    hint: bool,
}

/// The bot search in progress, if any.
#[derive(Resource, Default)]
pub struct BotMind {
    thinking: Option<Thinking>,
}

impl BotMind {
    /// Whether a bot (not a hint) is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| !t.hint)
    }
    /// Whether a hint is being worked out.
    pub fn is_hinting(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| t.hint)
    }
}

/// Ask for a hint for the human to move.
#[derive(Message, Clone, Copy, Debug)]
pub struct HintRequest;

/// The hinted move, for the position with this many actions played.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint(pub Option<(usize, Move)>);

/// How fast bots-only games run: bots think for `think / speed`.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BotSpeed(pub f32);

impl Default for BotSpeed {
    fn default() -> BotSpeed {
        BotSpeed(1.0)
    }
}

/// The level that gives hints.
pub const HINT_LEVEL: Level = Level::Hard;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BotMind>()
        .init_resource::<Hint>()
        .init_resource::<BotSpeed>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (collect_decisions, start_thinking)
                .chain()
                .in_set(AppSystems::Input),
        );
}

fn spawn_search(game: &Game, level: Level, speed: f32, hint: bool) -> Thinking {
    let game = game.clone();
    let time = Duration::from_millis((level.think_ms() as f32 / speed.max(0.1)) as u64);
    let seed = game.seed() ^ (game.actions().count() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let actions = game.actions().count();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let budget = Budget {
            time: Some(time),
            ..Budget::default()
        };
        choose(&game, level, budget, seed)
    });
    Thinking {
        task,
        actions,
        hint,
    }
}

/// Starts a search when a bot is to move (after the last move has landed).
fn start_thinking(
    game: Option<Res<Match>>,
    animating: Res<Animating>,
    paused: Res<Paused>,
    speed: Res<BotSpeed>,
    mut mind: ResMut<BotMind>,
    mut hints: MessageReader<HintRequest>,
) {
    let Some(m) = game else {
        mind.thinking = None;
        hints.clear();
        return;
    };
    if m.game.is_over() || mind.thinking.is_some() {
        hints.clear();
        return;
    }
    let seat = m.game.to_move();
    match m.setup.seats[seat as usize].kind {
        SeatKind::Bot(level) => {
            hints.clear();
            if !animating.0 && !paused.0 {
                mind.thinking = Some(spawn_search(&m.game, level, speed.0, false));
            }
        }
        SeatKind::Human => {
            if hints.read().count() > 0 {
                mind.thinking = Some(spawn_search(&m.game, HINT_LEVEL, 1.0, true));
            }
        }
    }
}

/// Turns a finished search into a request, unless the game moved on meanwhile (undo, load).
fn collect_decisions(
    game: Option<Res<Match>>,
    mut mind: ResMut<BotMind>,
    mut hint: ResMut<Hint>,
    mut moves: MessageWriter<MoveRequest>,
    mut turns: MessageWriter<TurnRequest>,
) {
    let Some(thinking) = &mut mind.thinking else {
        return;
    };
    let Some(decision) = check_ready(&mut thinking.task) else {
        return;
    };
    let (actions, is_hint) = (thinking.actions, thinking.hint);
    mind.thinking = None;
    let Some(m) = game else { return };
    if m.game.actions().count() != actions || m.game.is_over() {
        return;
    }
    match (decision.action, is_hint) {
        (BotAction::Move(mv), true) => hint.0 = Some((actions, mv)),
        (BotAction::Pass, true) => {}
        (BotAction::Move(mv), false) => {
            moves.write(MoveRequest {
                from: mv.from,
                to: mv.to,
            });
        }
        (BotAction::Pass, false) => {
            turns.write(TurnRequest::Pass);
        }
    }
}
