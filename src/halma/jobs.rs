//! Background work for Halma, on the async compute pool like the other
//! bots: bot seats' moves and hints (`starhop_ai::halma`). Every job
//! carries the session's revision and a stop flag; when the game changes
//! under it, the job is stopped and its answer never used.

use super::pieces::HalmaAnimating;
use super::{HalmaMoveRequest, HalmaPlaying, HalmaRebuild, HalmaSeat, HalmaSession};
use crate::base::AppSystems;
use crate::base::job::{Job, JobSlot};
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_engine::halma::{HalmaGame, HalmaMove};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Seconds a bot's move waits at least, so people can follow the game.
pub const BOT_DELAY: f32 = 0.5;
/// The level and time a hint thinks with.
pub const HINT_LEVEL: Level = Level::Hard;
const HINT_TIME: Duration = Duration::from_millis(1200);

/// The job under way (one at a time: a bot's move or a hint).
pub type HalmaJobs = JobSlot<Option<HalmaMove>>;

/// The hinted move, for the session at this revision.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct HalmaHint(pub Option<(u64, HalmaMove)>);

/// Ask for a hint for the person to move.
#[derive(Message, Clone, Copy, Debug)]
pub struct HalmaHintRequest;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HalmaJobs>()
        .init_resource::<HalmaHint>()
        .add_message::<HalmaHintRequest>()
        .add_systems(
            Update,
            (
                collect.in_set(AppSystems::Input),
                forget_the_last_game
                    .run_if(on_message::<HalmaRebuild>)
                    .in_set(AppSystems::Rules)
                    .after(super::HalmaRulesSet),
                (abandon_stale, start_jobs.run_if(crate::base::not_replaying))
                    .chain()
                    .in_set(AppSystems::Jobs),
            ),
        );
}

/// Another game is on show: nothing of the last one may be taken for it
/// (revisions of a new session start again from 0).
fn forget_the_last_game(mut jobs: ResMut<HalmaJobs>, mut hint: ResMut<HalmaHint>) {
    jobs.abandon();
    hint.0 = None;
}

fn spawn(
    game: &HalmaGame,
    level: Level,
    time: Duration,
    revision: u64,
    hint: bool,
) -> Job<Option<HalmaMove>> {
    let game = game.clone();
    let seed = revision.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.actions().count() as u64;
    Job::spawn_with(
        Arc::new(AtomicBool::new(false)),
        revision,
        hint,
        move |stop| starhop_ai::halma::choose(&game, level, Instant::now() + time, &stop, seed),
    )
}

/// Stops a job whose game changed or went.
fn abandon_stale(
    session: Option<Res<HalmaSession>>,
    playing: Res<HalmaPlaying>,
    mut jobs: ResMut<HalmaJobs>,
) {
    jobs.abandon_unless(session.filter(|_| playing.0).map(|s| s.revision));
}

/// Starts what the position needs: a bot's search, or a hint asked for.
fn start_jobs(
    session: Option<Res<HalmaSession>>,
    playing: Res<HalmaPlaying>,
    mut jobs: ResMut<HalmaJobs>,
    mut hint: ResMut<HalmaHint>,
    mut asks: MessageReader<HalmaHintRequest>,
) {
    let asked = asks.read().count() > 0;
    let Some(s) = session.filter(|_| playing.0) else {
        return;
    };
    if s.game.is_over() || jobs.busy() {
        return;
    }
    // A seat played at another computer is thought for there.
    if s.elsewhere[s.to_move().min(super::MAX_SEATS - 1)] {
        return;
    }
    match s.seat(s.to_move()) {
        HalmaSeat::Bot(level) => {
            let time = Duration::from_millis(u64::from(level.think_ms()));
            jobs.start(spawn(&s.game, level, time, s.revision, false));
        }
        HalmaSeat::Human if asked => {
            if hint.0.as_ref().is_some_and(|(r, _)| *r == s.revision) {
                // Already found: show it again.
                hint.set_changed();
            } else {
                jobs.start(spawn(&s.game, HINT_LEVEL, HINT_TIME, s.revision, true));
            }
        }
        HalmaSeat::Human => {}
    }
}

/// Turns a finished job into a move request or a hint. A bot's move waits
/// for the last move to land and for a short pause.
fn collect(
    session: Option<Res<HalmaSession>>,
    animating: Res<HalmaAnimating>,
    time: Res<Time>,
    mut jobs: ResMut<HalmaJobs>,
    mut hint: ResMut<HalmaHint>,
    mut moves: MessageWriter<HalmaMoveRequest>,
) {
    let Some(s) = session else { return };
    let done = jobs.collect(time.delta_secs(), !animating.0, BOT_DELAY, Some(s.revision));
    let Some((answer, is_hint)) = done else {
        return;
    };
    match (answer, is_hint) {
        (Some(mv), true) => hint.0 = Some((s.revision, mv)),
        (Some(mv), false) => {
            moves.write(HalmaMoveRequest {
                from: mv.from,
                to: mv.to,
            });
        }
        (None, _) => {}
    }
}
