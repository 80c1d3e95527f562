//! Widgets every screen shares: the button bar, the status box, undo and
//! redo, save, back to setup, start, the language switch, and the names of
//! colours and bot levels.

use crate::settings::{Language, Settings};
use crate::ui::Tr;
use crate::ui::palette::PALETTE;
use bevy_egui::egui;
use starhop_ai::Level;

/// The row of buttons at the bottom middle of the screen (their keys in
/// the tooltips); on a narrow window the row wraps.
pub fn button_bar<R>(
    ctx: &egui::Context,
    id: &str,
    content: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::InnerResponse<R> {
    let screen = ctx.content_rect();
    egui::Area::new(egui::Id::new(id))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -14.0))
        .show(ctx, |ui| {
            ui.set_max_width(screen.width() - 32.0);
            egui::Frame::window(ui.style())
                .show(ui, |ui| ui.horizontal_wrapped(content).inner)
                .inner
        })
}

/// A status box at the top left, at most `width` wide.
pub fn status_box(ctx: &egui::Context, id: &str, width: f32, content: impl FnOnce(&mut egui::Ui)) {
    egui::Area::new(egui::Id::new(id))
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_max_width(width);
                content(ui);
            });
        });
}

/// The undo and redo buttons of a button bar (classic and food checkers),
/// their keys in the tooltips; says which was pressed.
pub fn undo_redo_buttons(
    ui: &mut egui::Ui,
    lang: Language,
    can_undo: bool,
    can_redo: bool,
) -> (bool, bool) {
    let undo = ui
        .add_enabled(can_undo, egui::Button::new(format!("⟲ {}", lang.t("Undo"))))
        .on_hover_text("U / Ctrl+Z")
        .clicked();
    let redo = ui
        .add_enabled(can_redo, egui::Button::new(format!("⟳ {}", lang.t("Redo"))))
        .on_hover_text("Y / Ctrl+Y / Ctrl+Shift+Z")
        .clicked();
    (undo, redo)
}

/// A "Hint" button (H in its tooltip); true when pressed.
pub fn hint_button(ui: &mut egui::Ui, lang: Language, enabled: bool) -> bool {
    ui.add_enabled(enabled, egui::Button::new(format!("💡 {}", lang.t("Hint"))))
        .on_hover_text("H")
        .clicked()
}

/// A "Save" button (Ctrl+S in its tooltip); true when pressed.
pub fn save_button(ui: &mut egui::Ui, lang: Language) -> bool {
    ui.button(format!("💾 {}", lang.t("Save")))
        .on_hover_text("Ctrl+S")
        .clicked()
}

/// The end window's "Watch again" button; true when pressed.
pub fn watch_again_button(ui: &mut egui::Ui, lang: Language) -> bool {
    ui.button(format!("🎬 {}", lang.t("Watch again")))
        .on_hover_text(lang.t("Watch this game again, move by move."))
        .clicked()
}

/// A "Back to setup" button of a mode with its own setup panel; true when pressed.
pub fn back_to_setup_button(ui: &mut egui::Ui, lang: Language) -> bool {
    ui.button(format!("☰ {}", lang.t("Back to setup")))
        .clicked()
}

/// The big "Start game" button of a setup panel (Enter does the same).
pub fn start_button(ui: &mut egui::Ui, lang: Language) -> bool {
    let go =
        egui::Button::new(egui::RichText::new(format!("▶ {}", lang.t("Start game"))).size(20.0));
    ui.add(go).on_hover_text("Enter").clicked()
}

/// A palette colour's name, for menus and tooltips.
pub fn colour_name(lang: Language, c: u8) -> &'static str {
    match c as usize % PALETTE.len() {
        0 => lang.t("Red"),
        1 => lang.t("Blue"),
        2 => lang.t("Yellow"),
        3 => lang.t("Green"),
        4 => lang.t("Purple"),
        _ => lang.t("White"),
    }
}

pub fn level_name(lang: Language, level: Level) -> &'static str {
    match level {
        Level::Beginner => lang.t("Beginner"),
        Level::Easy => lang.t("Easy"),
        Level::Medium => lang.t("Medium"),
        Level::Hard => lang.t("Hard"),
        Level::Master => lang.t("Master"),
    }
}

/// The name of a game of the box (the modes register the words of their own).
pub fn game_name(lang: Language, game: starhop_games::GameKind) -> &'static str {
    use starhop_games::GameKind;
    match game {
        GameKind::Classic => lang.t("Chinese checkers"),
        GameKind::Party => lang.t("Party"),
        GameKind::Food => lang.t("Food checkers"),
        GameKind::Crossing => lang.t("Crossing challenge"),
        GameKind::Draughts => lang.t("Draughts"),
        GameKind::Halma => lang.t("Halma"),
    }
}

/// The language menu shown on every screen: each language named in itself.
pub fn language_switch(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.horizontal(|ui| {
        ui.label("🌐");
        let mut lang = settings.language;
        egui::ComboBox::from_id_salt("language")
            .selected_text(lang.native_name())
            .show_ui(ui, |ui| {
                for choice in Language::ALL {
                    ui.selectable_value(&mut lang, choice, choice.native_name());
                }
            });
        if lang != settings.language {
            settings.language = lang;
        }
    });
}

/// A menu screen's panel (home, league, network, a mode's setup): on the left like the setup panel, as tall as
/// the window, `width` wide; the board shows beside it.
pub fn screen_panel<R>(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    panel: &mut crate::base::ViewportInsets,
    content: impl FnOnce(&mut egui::Ui) -> R,
) -> Option<R> {
    let screen = ctx.content_rect();
    let width = width.min(screen.width() - 32.0).max(280.0);
    let shown = egui::Window::new(id)
        .id(egui::Id::new(id))
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .fixed_size([width, (screen.height() - 56.0).max(200.0)])
        .show(ctx, |ui| {
            ui.set_width(width);
            // A panel taller than the window (a large interface size, a
            // small window) scrolls rather than running off the screen.
            egui::ScrollArea::vertical()
                .id_salt(("scroll", id))
                .auto_shrink([false, true])
                .show(ui, content)
                .inner
        })?;
    let right = shown.response.rect.right();
    if panel.left != right {
        panel.left = right;
    }
    shown.inner
}

/// The heading of a menu screen, with the way home on the right.
pub fn screen_heading(ui: &mut egui::Ui, lang: Language, title: &str) -> bool {
    let mut home = false;
    ui.horizontal(|ui| {
        ui.heading(egui::RichText::new(title).size(26.0).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            home = super::home_button(ui, lang);
        });
    });
    ui.separator();
    home
}
