//! The pause menu, settings, saved games and the controls list.

use super::{Overlay, Tr};
use crate::input::ToggleMenu;
use crate::persist::{Folders, LoadGame, SaveGame, list_saves};
use crate::play::{BackToSetup, Match, PauseReasons, StartMatch};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Esc (or Start) opens and closes the pause menu; the clocks stop while it is open.
pub fn toggle_menu(
    mut toggles: MessageReader<ToggleMenu>,
    mut overlay: ResMut<Overlay>,
    mut reasons: ResMut<PauseReasons>,
) {
    for _ in toggles.read() {
        *overlay = if *overlay == Overlay::None {
            Overlay::Pause
        } else {
            Overlay::None
        };
    }
    let want = *overlay != Overlay::None;
    if reasons.menu != want {
        reasons.menu = want;
    }
}

pub fn overlays(
    mut contexts: EguiContexts,
    mut overlay: ResMut<Overlay>,
    mut settings: ResMut<Settings>,
    folders: Res<Folders>,
    game: Option<Res<Match>>,
    mut starts: MessageWriter<StartMatch>,
    mut back: MessageWriter<BackToSetup>,
    mut saves: MessageWriter<SaveGame>,
    mut loads: MessageWriter<LoadGame>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    if *overlay == Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let window = |title: &str| {
        egui::Window::new(title.to_string())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
    };
    let mut next = *overlay;
    match *overlay {
        Overlay::None => {}
        Overlay::Pause => {
            window(lang.t("Paused")).show(ctx, |ui| {
                ui.set_min_width(240.0);
                let wide = |ui: &mut egui::Ui, text: String| {
                    ui.add_sized([220.0, 30.0], egui::Button::new(text))
                        .clicked()
                };
                if wide(ui, format!("▶ {}", lang.t("Resume"))) {
                    next = Overlay::None;
                }
                if let Some(m) = &game {
                    if wide(ui, format!("↻ {}", lang.t("Restart"))) {
                        starts.write(StartMatch(m.setup.clone()));
                        next = Overlay::None;
                    }
                    if wide(ui, format!("💾 {}", lang.t("Save game"))) {
                        saves.write(SaveGame);
                        next = Overlay::None;
                    }
                }
                if wide(ui, format!("📂 {}", lang.t("Load game"))) {
                    next = Overlay::Load;
                }
                if wide(ui, format!("⚙ {}", lang.t("Settings"))) {
                    next = Overlay::Settings;
                }
                if wide(ui, format!("⌨ {}", lang.t("Controls"))) {
                    next = Overlay::Help;
                }
                if wide(ui, lang.t("Back to setup").to_string()) {
                    back.write(BackToSetup);
                    next = Overlay::None;
                }
                if wide(ui, lang.t("Quit").to_string()) {
                    exit.write(AppExit::Success);
                }
            });
        }
        Overlay::Settings => {
            window(lang.t("Settings")).show(ctx, |ui| {
                let mut s = settings.clone();
                super::setup::language_switch(ui, &mut s);
                ui.checkbox(&mut s.sound, lang.t("Sound"));
                ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).text(lang.t("Volume")));
                ui.checkbox(&mut s.show_destinations, lang.t("Show legal moves"))
                    .on_hover_text(lang.t("Mark each legal destination of the lifted marble."));
                ui.checkbox(&mut s.shape_marks, lang.t("Shapes on marbles"))
                    .on_hover_text(lang.t("A shape per colour, for colour-blind players."));
                ui.checkbox(&mut s.face_player, lang.t("Turn the board to the player"));
                ui.add(
                    egui::Slider::new(&mut s.animation_speed, 0.25..=3.0)
                        .text(lang.t("Animation speed")),
                );
                if s != *settings {
                    *settings = s;
                }
                if ui.button(lang.t("Close")).clicked() {
                    next = if game.is_some() {
                        Overlay::Pause
                    } else {
                        Overlay::None
                    };
                }
            });
        }
        Overlay::Load => {
            window(lang.t("Saved games")).show(ctx, |ui| {
                let files = list_saves(&folders.saves);
                if files.is_empty() {
                    ui.label(lang.t("No saved games yet."));
                }
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        for path in files.iter().take(50) {
                            let name = path
                                .file_stem()
                                .map(|s| s.to_string_lossy().to_string())
                                .unwrap_or_default();
                            if ui
                                .button(name)
                                .on_hover_text(path.display().to_string())
                                .clicked()
                            {
                                loads.write(LoadGame(path.clone()));
                                next = Overlay::None;
                            }
                        }
                    });
                if ui.button(lang.t("Close")).clicked() {
                    next = if game.is_some() {
                        Overlay::Pause
                    } else {
                        Overlay::None
                    };
                }
            });
        }
        Overlay::Help => {
            window(lang.t("Keyboard and gamepad")).show(ctx, |ui| {
                egui::Grid::new("keys")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (keys, what) in [
                            (
                                "Enter / Space / A",
                                lang.t("Lift a marble / move to the marked hole"),
                            ),
                            (
                                "Esc / B / Start",
                                lang.t("Put the marble back, or open the menu"),
                            ),
                            ("← ↑ → ↓ / D-pad", lang.t("Move the cursor")),
                            ("Tab / LT / RT", lang.t("Next marble that can move")),
                            ("U, Ctrl+Z", lang.t("Undo")),
                            ("Y, Ctrl+Shift+Z", lang.t("Redo")),
                            ("P", lang.t("Pass")),
                            ("Q E W S, right-drag", lang.t("Turn and tilt the board")),
                            ("T", lang.t("Top-down view")),
                            ("Home", lang.t("Face the player to move")),
                        ] {
                            ui.monospace(keys);
                            ui.label(what);
                            ui.end_row();
                        }
                    });
                if ui.button(lang.t("Close")).clicked() {
                    next = Overlay::Pause;
                }
            });
        }
    }
    if next != *overlay {
        *overlay = next;
    }
    Ok(())
}
