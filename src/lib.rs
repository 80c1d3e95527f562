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
//! - [`game_plugins`]: the same, started as the command line asks (the
//!   binary and the tests that launch it both add this).
//! - [`StarhopPlugin`]: everything a player sees and hears on top of that.

// Bevy systems take everything they touch as parameters; splitting them to
// please this lint would only scatter one piece of logic over several systems.
#![allow(clippy::too_many_arguments)]

use bevy::prelude::*;

pub use base::{AppSystems, Screen};
pub use shell::launch::LaunchOptions;

pub mod audio;
pub mod base;
pub mod camera;
pub mod classic;
pub mod crossing;
pub mod draughts;
pub mod food;
pub mod halma;
pub mod kit;
pub mod league;
pub mod online;
pub mod persist;
pub mod replay;
pub mod settings;
pub mod shell;
pub mod stage;
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
                stage::board::plugin,
                classic::plugin,
                stage::marbles::plugin,
                stage::celebrate::plugin,
                classic::party::plugin,
                food::plugin,
                crossing::plugin,
                league::plugin,
                replay::plugin,
                classic::race::plugin,
                online::plugin,
                (draughts::plugin, halma::plugin),
                shell::plugin,
            ));
    }
}

/// The headless game as `starhop ARGS` starts it: the options go in first,
/// because the shell turns them into the resources the other layers read
/// (a screenshot's scene, the language, that the run writes no files) while
/// it is built, then every plugin of [`StarhopLogicPlugin`]. The binary adds
/// this under its window; tests add it to start as the binary does.
pub fn game_plugins(options: LaunchOptions) -> impl Plugin {
    move |app: &mut App| {
        app.insert_resource(options.clone())
            .add_plugins(StarhopLogicPlugin);
    }
}

/// The asset folder: `STARHOP_ASSETS` when set (sounds to try without a
/// rebuild), else `assets` beside the executable. The game's own sounds
/// and fonts are built into the binary, so nothing depends on the folder
/// a player starts it from.
fn asset_folder() -> String {
    if let Ok(dir) = std::env::var("STARHOP_ASSETS") {
        return dir;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("assets")))
        .map_or_else(|| "assets".to_string(), |p| p.display().to_string())
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
        // A screenshot is always the usual window; a game opens as it was left.
        let saved = match self.options.screenshot {
            Some(_) => settings::Settings::default(),
            None => persist::peek_settings(&persist::Folders::from_env()).unwrap_or_default(),
        };
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(shell::desktop::primary_window(&saved)),
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
                    // The log file in the data folder, and crash reports.
                    custom_layer: shell::crash::log_layer,
                    ..default()
                }),
        )
        .add_plugins(MeshPickingPlugin)
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(game_plugins(self.options.clone()))
        .add_plugins((
            persist::plugin,
            stage::board::view_plugin,
            stage::marbles::view_plugin,
            classic::party::view_plugin,
            camera::plugin,
            stage::input::plugin,
            ui::plugin,
            audio::plugin,
            shell::screenshot::plugin,
            shell::perf::plugin,
            food::view_plugin,
            crossing::view_plugin,
            league::view_plugin,
            replay::view_plugin,
            online::ui::plugin,
        ))
        .add_plugins((
            classic::saves::plugin,
            classic::screens::plugin,
            classic::input::plugin,
            shell::menus_plugin,
            draughts::view_plugin,
            draughts::input::plugin,
            halma::view_plugin,
            halma::input::plugin,
            stage::room::view_plugin,
            stage::celebrate::view_plugin,
            classic::home_demo::plugin,
            shell::desktop::plugin,
            shell::crash::plugin,
        ));
    }
}
