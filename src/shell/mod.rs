//! The shell around the games: the command line, the pause menu and the
//! windows over every screen (settings, saved games, controls, questions),
//! the screenshot harness and the frame timing.

use crate::base::{AppSystems, Screen};
use crate::ui::{Overlay, UiPass};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub mod crash;
pub mod desktop;
pub mod launch;
mod menus;
pub mod perf;
pub mod screenshot;

/// The shell's rules: the command line's start, and Esc stepping back on
/// the menu screens.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(launch::plugin).add_systems(
        Update,
        menus::step_back_from_menu_screens.in_set(AppSystems::Input),
    );
}

/// The pause menu and the windows over every screen.
pub(crate) fn menus_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (menus::overlays, menus::confirm)
            .chain()
            .in_set(UiPass::Menus),
    )
    .add_systems(OnEnter(Overlay::Load), menus::refresh_saves)
    .add_systems(OnExit(Screen::Playing), menus::close_everything)
    .add_systems(Update, menus::escape.after(AppSystems::Input));
}
