//! Measures the game's own systems: the wall time from the start of the
//! input set to the end of the view set each frame (a Bevy diagnostic), and
//! the time from process start to the first rendered frame.

use crate::base::AppSystems;
use crate::classic::{Match, MoveRequest, TurnRequest};
use crate::shell::launch::LaunchOptions;
use crate::stage::marbles::Animating;
use bevy::diagnostic::{
    Diagnostic, DiagnosticPath, Diagnostics, DiagnosticsStore, RegisterDiagnostic,
};
use bevy::prelude::*;
use std::time::Instant;

/// Milliseconds per frame spent in `AppSystems::Input` through `AppSystems::View`.
pub const GAME_SYSTEMS_MS: DiagnosticPath = DiagnosticPath::const_new("starhop/game_systems_ms");

#[derive(Resource, Default)]
struct FrameMark(Option<Instant>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FrameMark>()
        .register_diagnostic(
            Diagnostic::new(GAME_SYSTEMS_MS)
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
        app.add_plugins(bevy::diagnostic::FrameTimeDiagnosticsPlugin::default());
    }
}

fn mark_start(mut mark: ResMut<FrameMark>) {
    mark.0 = Some(Instant::now());
}

fn mark_end(mark: Res<FrameMark>, mut diagnostics: Diagnostics) {
    if let Some(start) = mark.0 {
        diagnostics.add_measurement(&GAME_SYSTEMS_MS, || start.elapsed().as_secs_f64() * 1000.0);
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
    let ours = store.get(&GAME_SYSTEMS_MS);
    let frame = store.get(&bevy::diagnostic::FrameTimeDiagnosticsPlugin::FRAME_TIME);
    if let (Some(ours), Some(frame)) = (ours, frame) {
        info!(
            "game systems: mean {:.3} ms, max {:.3} ms over {} frames; whole frame mean {:.1} ms",
            ours.average().unwrap_or(0.0),
            ours.values().copied().fold(0.0, f64::max),
            ours.history_len(),
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
