//! Background work for draughts, on the async compute pool like the other
//! bots: bot sides' moves and hints. Every job carries the session's
//! revision and a stop flag; when the game changes under it, the job is
//! stopped and its answer never used.

use super::pieces::DraughtsAnimating;
use super::{DraughtsMoveRequest, DraughtsPlaying, DraughtsSeat, DraughtsSession};
use crate::base::AppSystems;
use crate::base::job::{Job, JobSlot};
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_draughts::bot::{self, Budget};
use starhop_draughts::{Game, Move};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Seconds a bot's move waits at least, so people can follow the game.
pub const BOT_DELAY: f32 = 0.6;
/// The level and time a hint thinks with.
pub const HINT_LEVEL: Level = Level::Hard;
const HINT_TIME: Duration = Duration::from_millis(1500);

/// The job under way (one at a time: a bot's move or a hint).
pub type DraughtsJobs = JobSlot<Option<bot::Thought>>;

/// The hinted move, for the session at this revision.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct DraughtsHint(pub Option<(u64, Move)>);

/// Ask for a hint for the person to move.
#[derive(Message, Clone, Copy, Debug)]
pub struct DraughtsHintRequest;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DraughtsJobs>()
        .init_resource::<DraughtsHint>()
        .add_message::<DraughtsHintRequest>()
        .add_systems(
            Update,
            (
                collect.in_set(AppSystems::Input),
                forget_the_last_game
                    .run_if(on_message::<super::DraughtsRebuild>)
                    .in_set(AppSystems::Rules)
                    .after(super::DraughtsRules),
                (abandon_stale, start_jobs.run_if(crate::base::not_replaying))
                    .chain()
                    .in_set(AppSystems::Jobs),
            ),
        );
}

/// Another game is on show: nothing of the last one may be taken for it
/// (revisions of a new session start again from 0).
fn forget_the_last_game(mut jobs: ResMut<DraughtsJobs>, mut hint: ResMut<DraughtsHint>) {
    jobs.abandon();
    hint.0 = None;
}

/// How long a bot may think: its level's own time (as the Chinese-checkers
/// bots), less when its clock runs low.
fn budget(level: Level, seconds_left: Option<f32>, stop: Arc<AtomicBool>) -> Budget {
    let own = Duration::from_millis(u64::from(level.think_ms()));
    let time = seconds_left.map_or(own, |s| {
        own.min(Duration::from_secs_f32((s / 30.0).clamp(0.05, 3.0)))
    });
    Budget {
        time: Some(time),
        stop: Some(stop),
        ..Budget::default()
    }
}

fn spawn(
    game: &Game,
    level: Level,
    budget: Budget,
    revision: u64,
    hint: bool,
) -> Job<Option<bot::Thought>> {
    let game = game.clone();
    let stop = budget.stop.clone().unwrap_or_default();
    let seed = revision.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.ply_count() as u64;
    Job::spawn_with(stop, revision, hint, move |_| {
        bot::think(&game, level, &budget, seed)
    })
}

/// Stops a job whose game changed or went.
fn abandon_stale(
    session: Option<Res<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
    mut jobs: ResMut<DraughtsJobs>,
) {
    jobs.abandon_unless(session.filter(|_| playing.0).map(|s| s.revision));
}

/// Starts what the position needs: a bot's search, or a hint asked for.
fn start_jobs(
    session: Option<Res<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
    mut jobs: ResMut<DraughtsJobs>,
    mut hint: ResMut<DraughtsHint>,
    mut asks: MessageReader<DraughtsHintRequest>,
) {
    let asked = asks.read().count() > 0;
    let Some(s) = session.filter(|_| playing.0) else {
        return;
    };
    if s.game.is_over() || jobs.busy() {
        return;
    }
    let side = s.game.side_to_move();
    let left = s.left.map(|l| l[side.index()]);
    // A side played at another computer is thought for there.
    let here = !s.elsewhere[side.index()];
    match s.seat(side) {
        DraughtsSeat::Bot(level) if here => {
            let stop = Arc::new(AtomicBool::new(false));
            jobs.start(spawn(
                &s.game,
                level,
                budget(level, left, stop),
                s.revision,
                false,
            ));
        }
        DraughtsSeat::Human if asked && here => {
            if hint.0.as_ref().is_some_and(|(r, _)| *r == s.revision) {
                // Already found: show it again.
                hint.set_changed();
            } else {
                let budget = Budget {
                    time: Some(HINT_TIME),
                    stop: Some(Arc::new(AtomicBool::new(false))),
                    ..Budget::default()
                };
                jobs.start(spawn(&s.game, HINT_LEVEL, budget, s.revision, true));
            }
        }
        _ => {}
    }
}

/// Turns a finished job into a move request or a hint. A bot's move waits
/// for the last move to land and for a short pause.
fn collect(
    session: Option<Res<DraughtsSession>>,
    animating: Res<DraughtsAnimating>,
    time: Res<Time>,
    mut jobs: ResMut<DraughtsJobs>,
    mut hint: ResMut<DraughtsHint>,
    mut moves: MessageWriter<DraughtsMoveRequest>,
) {
    let Some(s) = session else { return };
    let done = jobs.collect(time.delta_secs(), !animating.0, BOT_DELAY, Some(s.revision));
    let Some((answer, is_hint)) = done else {
        return;
    };
    match (answer, is_hint) {
        (Some(t), true) => hint.0 = Some((s.revision, t.best)),
        (Some(t), false) => {
            moves.write(DraughtsMoveRequest(t.best));
        }
        (None, _) => {}
    }
}
