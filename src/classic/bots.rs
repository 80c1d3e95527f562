//! Bot seats: when a bot is to move, its search runs on the async compute
//! pool with a copy of the game, so frames never wait for it; the answer comes
//! back as an ordinary `MoveRequest`. Also the hint for humans (what the Hard
//! bot would play) and watching bots-only games.
//!
//! A search starts after the rules have run in a frame, so it always sees the
//! position the rules left. It carries the game's revision and a stop flag:
//! when the game changes under it (undo, load, a new match), the search is
//! stopped and its answer never played.

use super::{
    Animating, BotSpeed, ItemRequest, Match, MoveRequest, PausableSystems, SeatKind, TurnRequest,
};
use crate::base::AppSystems;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use starhop_ai::{BotAction, Budget, Decision, Level, StopFlag, choose};
use starhop_engine::{Game, Move};
use std::time::Duration;

/// A search under way: for which state of the game, and whether it is a hint.
struct Thinking {
    task: Task<Decision>,
    revision: u64,
    stop: StopFlag,
    hint: bool,
}

/// The bot search in progress, if any.
#[derive(Resource, Default)]
pub struct BotMind {
    thinking: Option<Thinking>,
    /// Searches started and searches stopped before they answered, since the
    /// program started (for tests and diagnostics).
    pub started: u64,
    pub abandoned: u64,
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
    /// The stop flag of the running search (tests check it is raised).
    pub fn stop_flag(&self) -> Option<StopFlag> {
        self.thinking.as_ref().map(|t| t.stop.clone())
    }
    /// Stops the running search, if any; its answer will never be used.
    fn abandon(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.raise();
            self.abandoned += 1;
        }
    }
}

/// Ask for a hint for the human to move.
#[derive(Message, Clone, Copy, Debug)]
pub struct HintRequest;

/// The hinted move, for the game at this revision.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint(pub Option<(u64, Move)>);

/// The level that gives hints.
pub const HINT_LEVEL: Level = Level::Hard;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BotMind>()
        .init_resource::<Hint>()
        .init_resource::<BotSpeed>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (
                collect_decisions
                    .in_set(AppSystems::Input)
                    .in_set(PausableSystems),
                (
                    abandon_stale,
                    // Bots never play in a replay (its seats may be bots).
                    start_thinking.run_if(crate::base::not_replaying),
                )
                    .chain()
                    .in_set(AppSystems::Jobs),
            ),
        );
}

fn spawn_search(game: &Game, level: Level, speed: f32, hint: bool) -> Thinking {
    let game = game.clone();
    let time = Duration::from_millis((level.think_ms() as f32 / speed.max(0.1)) as u64);
    let revision = game.revision();
    let seed = game.seed() ^ (game.actions().count() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let stop = StopFlag::default();
    let budget = Budget {
        time: Some(time),
        stop: Some(stop.clone()),
        ..Budget::default()
    };
    let task = AsyncComputeTaskPool::get().spawn(async move { choose(&game, level, budget, seed) });
    Thinking {
        task,
        revision,
        stop,
        hint,
    }
}

/// Stops a search whose game has changed or gone (undo, load, back to setup).
/// Searches start only in games that are not over, so a game that ended
/// since has a new revision too.
fn abandon_stale(game: Option<Res<Match>>, mut mind: ResMut<BotMind>) {
    let current = game.map(|m| m.game.revision());
    let stale = mind
        .thinking
        .as_ref()
        .is_some_and(|t| Some(t.revision) != current);
    if stale {
        mind.abandon();
    }
}

/// Starts a search when a bot is to move, or a hint was asked for. Runs
/// after the rules, so the position is the one this frame's requests left,
/// and not in a pause (the menu, the watcher's pause, the first-move draw).
fn start_thinking(
    game: Option<Res<Match>>,
    state: Res<State<super::Pause>>,
    speed: Res<BotSpeed>,
    mut mind: ResMut<BotMind>,
    mut hints: MessageReader<HintRequest>,
) {
    let asked = hints.read().count() > 0;
    let Some(m) = game else { return };
    if m.game.is_over() || mind.thinking.is_some() || *state.get() == super::Pause::Paused {
        return;
    }
    let thinking = match m.setup.seats[m.game.to_move() as usize].kind {
        SeatKind::Bot(level) => spawn_search(&m.game, level, speed.0, false),
        SeatKind::Human if asked => spawn_search(&m.game, HINT_LEVEL, 1.0, true),
        SeatKind::Human | SeatKind::Remote => return,
    };
    mind.thinking = Some(thinking);
    mind.started += 1;
}

/// Turns a finished search into a request. A bot's move waits until the last
/// move has landed, so moves never overlap on screen.
fn collect_decisions(
    game: Option<Res<Match>>,
    animating: Res<Animating>,
    mut mind: ResMut<BotMind>,
    mut hint: ResMut<Hint>,
    mut moves: MessageWriter<MoveRequest>,
    mut turns: MessageWriter<TurnRequest>,
    mut items: MessageWriter<ItemRequest>,
) {
    let Some(thinking) = &mut mind.thinking else {
        return;
    };
    if animating.0 && !thinking.hint {
        return;
    }
    let Some(decision) = check_ready(&mut thinking.task) else {
        return;
    };
    let (revision, is_hint) = (thinking.revision, thinking.hint);
    mind.thinking = None;
    let Some(m) = game else { return };
    if m.game.revision() != revision {
        return;
    }
    match (decision.action, is_hint) {
        (BotAction::Move(mv), true) => hint.0 = Some((revision, mv)),
        (BotAction::Pass | BotAction::Item(_), true) => {}
        (BotAction::Item(u), false) => {
            items.write(ItemRequest(u));
        }
        (BotAction::Move(mv), false) => {
            moves.write(MoveRequest::from(mv));
        }
        (BotAction::Pass, false) => {
            turns.write(TurnRequest::Pass);
        }
    }
}
