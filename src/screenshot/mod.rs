//! `starhop --screenshot FILE`: set the scene up from the command line, render
//! a few frames, save the window to a PNG and exit. This is how anyone checks
//! the look without a display (`xvfb-run` with Mesa's software Vulkan).

use crate::play::{BoardChanged, Match, StartMatch};
use crate::{LaunchOptions, Screen};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use starhop_engine::Rng;

/// What the screenshot shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ShotOf {
    /// The setup screen.
    Setup,
    /// The first-move draw.
    Draw,
    /// The board after `--moves` moves.
    #[default]
    Game,
    /// The end screen of a game played out by the greedy bot.
    End,
}

/// Frames rendered after the scene is ready, so shadows, fonts and the camera settle.
const SETTLE_FRAMES: u32 = 20;
/// Frames to wait for the PNG to be written before exiting anyway.
const SAVE_TIMEOUT_FRAMES: u32 = 600;
/// Captures that came back blank (shaders still compiling) before giving up.
const MAX_BLANK_CAPTURES: u32 = 30;

#[derive(Resource, Default)]
struct ShotProgress {
    started: bool,
    played: bool,
    settled: u32,
    requested: bool,
    waited: u32,
    captured: bool,
    /// The last capture was one flat colour: nothing drawn yet, capture again.
    blank: bool,
    blank_captures: u32,
    failed: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShotProgress>()
        .add_systems(Update, run_shot.run_if(resource_exists::<Shoot>));
    let shoot = app.world().resource::<LaunchOptions>().screenshot.is_some();
    if shoot {
        app.insert_resource(Shoot);
    }
}

/// Present when the game runs for a screenshot.
#[derive(Resource)]
pub struct Shoot;

fn run_shot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    mut progress: ResMut<ShotProgress>,
    screen: Res<State<Screen>>,
    game: Option<ResMut<Match>>,
    mut starts: MessageWriter<StartMatch>,
    mut changed: MessageWriter<BoardChanged>,
    mut exit: MessageWriter<AppExit>,
) {
    let p = &mut *progress;
    if !p.started {
        p.started = true;
        if let (Some(setup), true) = (&options.quick_start, options.shot_of != ShotOf::Setup) {
            starts.write(StartMatch(setup.clone()));
            return;
        }
    }
    let wants_game = options.shot_of != ShotOf::Setup && options.quick_start.is_some();
    if wants_game && !p.played {
        let (Screen::Playing, Some(mut m)) = (screen.get(), game) else {
            return;
        };
        let moves = if options.shot_of == ShotOf::End {
            5_000
        } else {
            options.moves
        };
        play_greedy(&mut m, moves);
        p.played = true;
        changed.write(BoardChanged);
        return;
    }
    if p.settled < SETTLE_FRAMES {
        p.settled += 1;
        return;
    }
    let path = options
        .screenshot
        .clone()
        .expect("Shoot is only present with a path");
    if p.blank {
        // Nothing was drawn yet (pipelines still compiling): wait a few
        // frames and capture again.
        p.blank = false;
        p.requested = false;
        p.blank_captures += 1;
        p.settled = SETTLE_FRAMES - 5;
        if p.blank_captures > MAX_BLANK_CAPTURES {
            error!("every capture was blank; giving up");
            exit.write(AppExit::error());
        }
        return;
    }
    if !p.requested {
        p.requested = true;
        p.waited = 0;
        info!("saving screenshot to {}", path.display());
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut progress: ResMut<ShotProgress>| {
                save_unless_blank(&captured, &path, &mut progress);
            },
        );
        return;
    }
    p.waited += 1;
    // Give the file a few frames to be written, then leave.
    if ((p.captured || p.failed) && p.waited > 5) || p.waited > SAVE_TIMEOUT_FRAMES {
        exit.write(if p.captured {
            AppExit::Success
        } else {
            AppExit::error()
        });
    }
}

/// Writes the capture as a PNG, unless it is one flat colour.
fn save_unless_blank(
    captured: &ScreenshotCaptured,
    path: &std::path::Path,
    progress: &mut ShotProgress,
) {
    let rgb = match captured.image.clone().try_into_dynamic() {
        Ok(img) => img.to_rgb8(),
        Err(e) => {
            error!("cannot read the screenshot: {e}");
            progress.failed = true;
            return;
        }
    };
    let first = *rgb.get_pixel(0, 0);
    if rgb.pixels().all(|p| *p == first) {
        progress.blank = true;
        return;
    }
    match rgb.save(path) {
        Ok(()) => {
            info!("screenshot saved to {}", path.display());
            progress.captured = true;
        }
        Err(e) => {
            error!("cannot save the screenshot to {}: {e}", path.display());
            progress.failed = true;
        }
    }
}

/// Plays up to `moves` moves of the one-ply greedy bot for every seat.
pub fn play_greedy(m: &mut Match, moves: usize) {
    let mut rng = Rng::new(m.game.seed());
    for _ in 0..moves {
        if m.game.is_over() {
            break;
        }
        let result = match starhop_ai::greedy_move(&m.game, &mut rng) {
            Some(mv) => m.game.play(mv),
            None => m.game.pass(),
        };
        if result.is_err() {
            break;
        }
    }
}
