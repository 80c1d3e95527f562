//! Background work for draughts, on the async compute pool like the other
//! bots: bot sides' moves and hints. Every job carries the session's
//! revision and a stop flag; when the game changes under it, the job is
//! stopped and its answer never used.

use super::pieces::DraughtsAnimating;
use super::{DraughtsMoveRequest, DraughtsPlaying, DraughtsSeat, DraughtsSession};
use crate::base::AppSystems;
use crate::base::job::{Job, let_go};
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
#[derive(Resource, Default)]
pub struct DraughtsJobs {
    job: Option<Job<Option<bot::Thought>>>,
    /// Searches started, and jobs stopped before they answered (for tests).
    pub started: u64,
    pub abandoned: u64,
}

impl DraughtsJobs {
    pub fn bot_thinking(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.hint)
    }
    pub fn hinting(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.hint)
    }
    fn abandon(&mut self) {
        if let_go(&mut self.job) {
            self.abandoned += 1;
        }
    }
}

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
    let current = session.filter(|_| playing.0).map(|s| s.revision);
    if jobs
        .job
        .as_ref()
        .is_some_and(|j| Some(j.revision) != current)
    {
        jobs.abandon();
    }
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
    if s.game.is_over() || jobs.job.is_some() {
        return;
    }
    let side = s.game.side_to_move();
    let left = s.left.map(|l| l[side.index()]);
    // A side played at another computer is thought for there.
    let here = !s.elsewhere[side.index()];
    match s.seat(side) {
        DraughtsSeat::Bot(level) if here => {
            let stop = Arc::new(AtomicBool::new(false));
            jobs.job = Some(spawn(
                &s.game,
                level,
                budget(level, left, stop),
                s.revision,
                false,
            ));
            jobs.started += 1;
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
                jobs.job = Some(spawn(&s.game, HINT_LEVEL, budget, s.revision, true));
                jobs.started += 1;
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
    let revision = session.as_ref().map(|s| s.revision);
    let Some(j) = &mut jobs.job else { return };
    j.waited += time.delta_secs();
    if !j.hint && (animating.0 || j.waited < BOT_DELAY) {
        return;
    }
    let Some(answer) = j.poll() else {
        return;
    };
    let (r, is_hint) = (j.revision, j.hint);
    jobs.job = None;
    if Some(r) != revision {
        return;
    }
    match (answer, is_hint) {
        (Some(t), true) => hint.0 = Some((r, t.best)),
        (Some(t), false) => {
            moves.write(DraughtsMoveRequest(t.best));
        }
        (None, _) => {}
    }
}
