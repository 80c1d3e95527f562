//! The race display: once the two armies of a two-player game have passed
//! each other, how many moves each side still needs ("Red: 9 moves to go,
//! Blue: 8"). The exact crossing solver runs on the async compute pool; a
//! job carries the position it was asked about and is stopped as soon as the
//! board changes, so an answer is never shown for another position.

use crate::base::AppSystems;
use crate::classic::Match;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use starhop_ai::crossing::Limits;
use starhop_ai::race::{Lane, lane_until, separated};
use starhop_engine::Bitboard;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Seconds the solver may take per side before the display settles for a
/// lower bound ("at least N").
const SOLVE_SECONDS: u64 = 5;

/// Both armies' marbles: the position a race answer belongs to.
type Armies = [Bitboard; 2];

struct RaceJob {
    armies: Armies,
    task: Task<Option<[Lane; 2]>>,
    stop: Arc<AtomicBool>,
}

/// The race as last solved, for the HUD.
#[derive(Resource, Default)]
pub struct RaceView {
    /// Each seat's lane, for the position in `armies`.
    pub lanes: Option<[Lane; 2]>,
    armies: Option<Armies>,
    job: Option<RaceJob>,
}

impl RaceView {
    /// The lanes when they belong to the match's current position.
    pub fn current(&self, m: &Match) -> Option<[Lane; 2]> {
        let pos = m.game.position();
        (self.armies == Some([pos.marbles(0), pos.marbles(1)]))
            .then_some(self.lanes)
            .flatten()
    }

    fn stop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RaceView>()
        .add_systems(Update, watch_race.in_set(AppSystems::Jobs));
}

fn watch_race(settings: Res<Settings>, game: Option<Res<Match>>, mut view: ResMut<RaceView>) {
    let Some(m) = game.filter(|m| settings.show_race && m.game.players() == 2) else {
        view.stop_job();
        view.lanes = None;
        view.armies = None;
        return;
    };
    let pos = m.game.position();
    let armies = [pos.marbles(0), pos.marbles(1)];
    if let Some(job) = view.job.as_mut()
        && job.armies == armies
        && let Some(lanes) = check_ready(&mut job.task)
    {
        view.job = None;
        view.lanes = lanes;
        view.armies = Some(armies);
        return;
    }
    let asked = view.job.as_ref().map(|j| j.armies).or(view.armies);
    if asked == Some(armies) {
        return;
    }
    view.stop_job();
    view.lanes = None;
    view.armies = Some(armies);
    let long = m.game.move_rules().long_jumps;
    if m.game.is_over() || !separated(pos, long) {
        return;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (pos, flag) = (pos.clone(), stop.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let lane = |seat| {
            let limits = Limits {
                deadline: Some(std::time::Instant::now() + Duration::from_secs(SOLVE_SECONDS)),
                stop: Some(flag.clone()),
                ..Limits::default()
            };
            lane_until(&pos, seat, long, limits)
        };
        Some([lane(0)?, lane(1)?])
    });
    view.armies = None;
    view.job = Some(RaceJob { armies, task, stop });
}
