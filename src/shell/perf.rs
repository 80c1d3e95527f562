//! Measures the game's own systems: the time from the start of the input
//! set to the end of the view set each frame (two Bevy diagnostics: wall
//! time, and the CPU time the systems spent), and the time from process
//! start to the first rendered frame.
//!
//! With `--diagnostics` the `Update` schedule runs on one thread, so the CPU
//! time between the two marks is the game's systems' alone. A software
//! renderer busy on every core stretches the wall time of a frame without
//! the game doing more work; the CPU figure is the one to hold to a budget.

use crate::base::AppSystems;
use crate::classic::{Match, MoveRequest, TurnRequest};
use crate::shell::launch::LaunchOptions;
use crate::stage::marbles::Animating;
use bevy::diagnostic::{
    Diagnostic, DiagnosticPath, Diagnostics, DiagnosticsStore, RegisterDiagnostic,
};
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// Milliseconds per frame spent in `AppSystems::Input` through `AppSystems::View`.
pub const GAME_SYSTEMS_MS: DiagnosticPath = DiagnosticPath::const_new("starhop/game_systems_ms");
/// CPU milliseconds per frame of the same systems (`--diagnostics` only).
pub const GAME_SYSTEMS_CPU_MS: DiagnosticPath =
    DiagnosticPath::const_new("starhop/game_systems_cpu_ms");

/// Where the frame's game systems started: the wall clock and the thread's CPU clock.
#[derive(Resource, Default)]
struct FrameMark(Option<(Instant, Duration)>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FrameMark>()
        .register_diagnostic(
            Diagnostic::new(GAME_SYSTEMS_MS)
                .with_suffix(" ms")
                .with_max_history_length(600),
        )
        .register_diagnostic(
            Diagnostic::new(GAME_SYSTEMS_CPU_MS)
                .with_suffix(" ms")
                .with_max_history_length(600),
        )
        .add_systems(Update, mark_start.before(AppSystems::Input))
        .add_systems(Update, mark_end.after(AppSystems::View))
        .add_systems(Last, (first_frame, report, quit_after).chain());
    if app.world().resource::<LaunchOptions>().autoplay {
        app.add_systems(Update, autoplay.in_set(AppSystems::Input));
    }
    if app.world().resource::<LaunchOptions>().diagnostics {
        app.add_plugins(bevy::diagnostic::FrameTimeDiagnosticsPlugin::default())
            .edit_schedule(Update, |schedule| {
                schedule.set_executor(SingleThreadedExecutor::new());
            });
    }
}

/// The CPU time the calling thread has spent so far.
#[cfg(unix)]
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is handed.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } == 0;
    if ok {
        Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
    } else {
        Duration::ZERO
    }
}

/// Without a thread clock the CPU figure stays at zero (`report` says so).
#[cfg(not(unix))]
fn thread_cpu_time() -> Duration {
    Duration::ZERO
}

fn mark_start(mut mark: ResMut<FrameMark>) {
    mark.0 = Some((Instant::now(), thread_cpu_time()));
}

fn mark_end(mark: Res<FrameMark>, mut diagnostics: Diagnostics) {
    if let Some((wall, cpu)) = mark.0 {
        diagnostics.add_measurement(&GAME_SYSTEMS_MS, || wall.elapsed().as_secs_f64() * 1000.0);
        diagnostics.add_measurement(&GAME_SYSTEMS_CPU_MS, || {
            thread_cpu_time().saturating_sub(cpu).as_secs_f64() * 1000.0
        });
    }
}

fn first_frame(options: Res<LaunchOptions>, mut done: Local<bool>) {
    if !*done {
        *done = true;
        if let Some(t) = options.started {
            info!(
                "first frame {:.0} ms after start",
                t.elapsed().as_secs_f64() * 1000.0
            );
        }
    }
}

/// With `--diagnostics`, logs the figures every five seconds.
fn report(
    options: Res<LaunchOptions>,
    store: Res<DiagnosticsStore>,
    time: Res<Time<Real>>,
    mut next: Local<f64>,
) {
    if !options.diagnostics || time.elapsed_secs_f64() < *next {
        return;
    }
    *next = time.elapsed_secs_f64() + 5.0;
    let wall = store.get(&GAME_SYSTEMS_MS);
    let cpu = store.get(&GAME_SYSTEMS_CPU_MS);
    let frame = store.get(&bevy::diagnostic::FrameTimeDiagnosticsPlugin::FRAME_TIME);
    if let (Some(wall), Some(cpu), Some(frame)) = (wall, cpu, frame) {
        let max = |d: &Diagnostic| d.values().copied().fold(0.0, f64::max);
        info!(
            "game systems over {} frames: CPU mean {:.3} ms, max {:.3} ms; \
             wall mean {:.3} ms, max {:.3} ms; whole frame mean {:.1} ms",
            wall.history_len(),
            cpu.average().unwrap_or(0.0),
            max(cpu),
            wall.average().unwrap_or(0.0),
            max(wall),
            frame.average().unwrap_or(0.0)
        );
    }
}

/// `--autoplay`: the greedy bot moves for whoever is to move, once the last
/// move has landed and a short pause has passed.
fn autoplay(
    game: Option<Res<Match>>,
    animating: Res<Animating>,
    time: Res<Time>,
    mut wait: Local<f32>,
    mut rng: Local<Option<starhop_engine::Rng>>,
    mut moves: MessageWriter<MoveRequest>,
    mut turns: MessageWriter<TurnRequest>,
) {
    let Some(m) = game else { return };
    if m.game.is_over() || animating.0 {
        *wait = 0.0;
        return;
    }
    *wait += time.delta_secs();
    if *wait < 0.35 {
        return;
    }
    *wait = 0.0;
    let rng = rng.get_or_insert_with(|| starhop_engine::Rng::new(m.game.seed()));
    match starhop_ai::greedy_move(&m.game, rng) {
        Some(mv) => {
            moves.write(MoveRequest::from(mv));
        }
        None => {
            turns.write(TurnRequest::Pass);
        }
    }
}

fn quit_after(
    options: Res<LaunchOptions>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
) {
    if options.quit_after.is_some_and(|s| time.elapsed_secs() >= s) {
        exit.write(AppExit::Success);
    }
}
