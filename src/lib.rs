//! Starhop, the game: Chinese checkers on a 3D star board, built on Bevy.
//!
//! The rules live in `starhop-engine`; this crate is the view and the input.
//! Each feature is one plugin in its own folder, and the plugin tree follows
//! the folder tree. The split that matters for tests:
//!
//! - [`StarhopLogicPlugin`]: the match (the engine's `Game`, driven by two
//!   systems), the pause, bot jobs, marble entities and their animation.
//!   Runs headless (no window, renderer or audio), so
//!   game-level tests drive it with messages.
//! - [`StarhopPlugin`]: everything a player sees and hears on top of that.

// Bevy systems take everything they touch as parameters; splitting them to
// please this lint would only scatter one piece of logic over several systems.
#![allow(clippy::too_many_arguments)]

use bevy::prelude::*;

pub use base::{AppSystems, Screen};

pub mod audio;
pub mod base;
pub mod board;
pub mod camera;
pub mod crossing;
pub mod draughts;
pub mod food;
pub mod input;
pub mod launch;
pub mod league;
pub mod marbles;
pub mod online;
pub mod party;
pub mod perf;
pub mod persist;
pub mod play;
pub mod race;
pub mod replay;
pub mod screenshot;
pub mod settings;
pub mod ui;

/// Everything that runs without a window: states, the match and the marbles.
pub struct StarhopLogicPlugin;

impl Plugin for StarhopLogicPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
            app.add_plugins(bevy::state::app::StatesPlugin);
        }
        app.init_state::<Screen>()
            .configure_sets(
                Update,
                (
                    AppSystems::Input,
                    AppSystems::Rules,
                    AppSystems::Jobs,
                    AppSystems::View,
                )
                    .chain(),
            )
            .add_plugins((
                base::plugin,
                settings::plugin,
                board::plugin,
                play::plugin,
                marbles::plugin,
                party::plugin,
                food::plugin,
                crossing::plugin,
                league::plugin,
                replay::plugin,
                race::plugin,
                online::plugin,
                draughts::plugin,
            ));
    }
}

/// How the game was started from the command line.
#[derive(Resource, Clone, Debug, Default)]
pub struct LaunchOptions {
    /// Render, save a screenshot here, and exit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Start straight into a game with this setup (for screenshots and quick play).
    pub quick_start: Option<play::MatchSetup>,
    /// Play this many moves of the greedy bot first (for screenshots).
    pub moves: usize,
    /// Which screen the screenshot shows.
    pub shot_of: screenshot::ShotOf,
    /// Load this record at start.
    pub load: Option<std::path::PathBuf>,
    /// Override the settings' language.
    pub language: Option<settings::Language>,
    /// Log frame times of the game's own systems.
    pub diagnostics: bool,
    /// When the process started, for the time to the first frame.
    pub started: Option<std::time::Instant>,
    /// Let the greedy bot play every seat (a demo, and load for measurements).
    pub autoplay: bool,
    /// Exit after this many seconds.
    pub quit_after: Option<f32>,
    /// Start straight into this food checkers game (`--food`).
    pub food: Option<food::FoodSetup>,
    /// Open the replay viewer on this record file (`--replay`).
    pub replay: Option<std::path::PathBuf>,
    /// Start straight into this crossing challenge (`--crossing`).
    pub crossing: Option<crossing::CrossingSetup>,
    /// Start straight into this draughts game (`--draughts`).
    pub draughts: Option<draughts::DraughtsSetup>,
}

/// Where the sounds are: `STARHOP_ASSETS`, else the source tree's `assets`
/// (so the binary runs from anywhere in a checkout), else `assets` beside the executable.
fn asset_folder() -> String {
    if let Ok(dir) = std::env::var("STARHOP_ASSETS") {
        return dir;
    }
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    if std::path::Path::new(source).is_dir() {
        source.to_string()
    } else {
        "assets".to_string()
    }
}

/// Bots think on the async compute pool, where Bevy also compiles shaders. On
/// a 2-core machine that pool has one thread by default, so a bot's search
/// would hold up the first pictures; two threads at least keep them apart.
fn bot_friendly_task_pools() -> bevy::app::TaskPoolOptions {
    let mut options = bevy::app::TaskPoolOptions::default();
    options.async_compute.min_threads = options.async_compute.min_threads.max(2);
    options
}

/// The whole game: window, renderer, picking, egui, audio and every feature.
pub struct StarhopPlugin {
    pub options: LaunchOptions,
}

impl Plugin for StarhopPlugin {
    fn build(&self, app: &mut App) {
        let title = "Starhop — 跳棋".to_string();
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title,
                        resolution: (1280, 800).into(),
                        ..default()
                    }),
                    ..default()
                })
                .set(TaskPoolPlugin {
                    task_pool_options: bot_friendly_task_pools(),
                })
                .set(AssetPlugin {
                    file_path: asset_folder(),
                    ..default()
                })
                .set(bevy::log::LogPlugin {
                    filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_kira_audio=warn".into(),
                    ..default()
                }),
        )
        .add_plugins(MeshPickingPlugin)
        .add_plugins(bevy_egui::EguiPlugin::default())
        .insert_resource(self.options.clone())
        .add_plugins(StarhopLogicPlugin)
        .add_plugins((
            persist::plugin,
            board::view_plugin,
            marbles::view_plugin,
            party::view_plugin,
            camera::plugin,
            input::plugin,
            ui::plugin,
            audio::plugin,
            screenshot::plugin,
            perf::plugin,
            food::view_plugin,
            crossing::view_plugin,
            league::view_plugin,
            replay::view_plugin,
            online::ui::plugin,
        ))
        .add_plugins((draughts::view_plugin, draughts::input::plugin));
    }
}
