//! Menus and HUD with bevy_egui: the setup screen, the first-move draw, the
//! in-game HUD, the pause menu, settings, saved games and the end screen.
//! UI systems only read state and send messages.

use crate::base::ViewportInsets;
use crate::base::{AppSystems, Screen};
use crate::settings::Language;
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_engine::Seat;
use std::path::PathBuf;

mod dialogs;
pub mod i18n;
pub mod palette;
pub mod podium;
pub mod theme;
pub(crate) use dialogs::{ask_yes_no, modal, seat_in_list};
mod widgets;

pub use i18n::{Tr, display_name, tr, trf};
pub use widgets::{
    back_to_setup_button, button_bar, colour_name, game_name, hint_button, language_switch,
    level_name, save_button, screen_heading, screen_panel, start_button, status_box,
    undo_redo_buttons, watch_again_button,
};

/// The order egui draws in each frame: a screen's own panels and HUD
/// first, then the menus and questions, then the toasts over them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiPass {
    Screens,
    Menus,
    Toasts,
}

/// Which menu window is open over the game: a state, so systems elsewhere
/// can run only while no menu is open (`run_if(in_state(Overlay::None))`).
/// Every overlay is modal: a dimmed backdrop blocks clicks to what is behind.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    Pause,
    Settings,
    Load,
    Help,
}

/// A question that waits for Yes or No before something cannot be undone.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    Resign(Seat),
    Restart,
    BackToSetup,
    Quit,
    DeleteSave(PathBuf),
}

/// Whether a screen's own Yes/No question (not an [`Ask`]) is on show: the
/// screen notes it once a frame, and the keys of the board and of Esc are
/// the question's meanwhile.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenQuestion(pub bool);

/// The question on show, drawn over everything else.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Asking(pub Option<Ask>);

/// A notice on show: text, colour, and when and how often it has been drawn.
#[derive(Clone, Debug)]
pub struct Toast {
    pub text: String,
    pub colour: egui::Color32,
    /// The time of the first frame that drew it (its clock starts there, not
    /// when the notice was written: a slow first frame must not eat it).
    pub first_drawn: Option<f64>,
    /// Frames it has been drawn in.
    pub frames: u32,
}

impl Toast {
    /// Whether it has been on show long enough to go.
    fn expired(&self, now: f64) -> bool {
        self.first_drawn
            .is_some_and(|at| now - at >= TOAST_SECONDS && self.frames >= TOAST_MIN_FRAMES)
    }
}

/// Recent notices shown as toasts.
#[derive(Resource, Default)]
pub struct Toasts(pub Vec<Toast>);

/// Seconds a toast stays on screen after it is first drawn.
const TOAST_SECONDS: f64 = 6.0;
/// Frames a toast is drawn in at least (when frames are slow, seconds are not enough).
const TOAST_MIN_FRAMES: u32 = 20;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Overlay>()
        .init_resource::<Asking>()
        .init_resource::<ScreenQuestion>()
        .init_resource::<Toasts>()
        .add_systems(
            EguiPrimaryContextPass,
            install_fonts.run_if(|f: Option<Res<FontsInstalled>>| f.is_none_or(|f| !f.styled)),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (UiPass::Screens, UiPass::Menus, UiPass::Toasts)
                .chain()
                .after(install_fonts),
        )
        .add_systems(
            EguiPrimaryContextPass,
            apply_ui_scale.after(install_fonts).before(UiPass::Screens),
        )
        .add_systems(EguiPrimaryContextPass, toasts.in_set(UiPass::Toasts))
        .add_systems(
            EguiPrimaryContextPass,
            note_key_focus.after(toasts).after(install_fonts),
        )
        .add_systems(Update, (expire_toasts.in_set(AppSystems::View),));
}

/// The egui pass the theme's fonts were set in, and whether its style followed.
#[derive(Resource)]
pub(crate) struct FontsInstalled {
    at_pass: u64,
    styled: bool,
}

/// The settings' UI scale as egui's zoom, set when it changes. Egui's own
/// Ctrl +/- zoom is off: the setting is the one way to change it, and the
/// camera reads it to keep the board clear of the panels.
fn apply_ui_scale(
    mut contexts: EguiContexts,
    settings: Res<crate::settings::Settings>,
    mut applied: Local<Option<crate::settings::UiScale>>,
) -> Result {
    if *applied == Some(settings.ui_scale) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.options_mut(|o| o.zoom_with_keyboard = false);
    ctx.set_zoom_factor(settings.ui_scale.factor());
    *applied = Some(settings.ui_scale);
    Ok(())
}

/// Whether the part of a screen called `id` is drawn for the first time
/// after not being on show (a form that opens takes the keyboard then).
pub fn just_shown(ctx: &egui::Context, id: egui::Id) -> bool {
    let now = ctx.cumulative_pass_nr();
    let last = ctx.data(|d| d.get_temp::<u64>(id));
    ctx.data_mut(|d| d.insert_temp(id, now));
    last.is_none_or(|at| at + 1 < now)
}

/// A clock's time as minutes and seconds, a started second counted whole:
/// 61 001 ms shows "1:02".
pub fn clock_text(ms: u32) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// The way home that every panel has, in the same words (Esc does the same).
pub fn home_button(ui: &mut egui::Ui, lang: Language) -> bool {
    ui.button(format!("🏠 {}", lang.t("Home")))
        .on_hover_text(lang.t("Back to the home screen (Esc)"))
        .clicked()
}

/// Widgets at the right end of the row, laid out left to right so that Tab
/// visits them in the order they are read (a right-to-left layout would
/// put the first one added at the far right and Tab would seem to skip
/// it). The row's width is the one measured on the frame before; on the
/// first frame the row starts at the left.
pub fn trailing<R>(
    ui: &mut egui::Ui,
    id_salt: impl std::hash::Hash + std::fmt::Debug,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let id = ui.id().with(("trailing", id_salt));
    // Not known yet: start at the left rather than past the edge (an
    // auto-sized window would grow to hold the overflow).
    let known = ui.data(|d| d.get_temp::<f32>(id));
    if let Some(width) = known {
        let free = ui.available_width() - width;
        if free > 0.0 {
            ui.add_space(free);
        }
    }
    let shown = ui.horizontal(add);
    let measured = shown.response.rect.width();
    if known.is_none_or(|width| (measured - width).abs() > 0.5) {
        ui.data_mut(|d| d.insert_temp(id, measured));
        ui.ctx().request_repaint();
    }
    shown.inner
}

/// Notes who has the keyboard for the screens' own keys ([`crate::base::KeyFocus`]),
/// after every window of the frame was drawn. A button clicked with the
/// mouse gives the keyboard back to the screen at once (egui would keep it
/// focused, and then Enter would press it again and the screen's keys would
/// stop); a button reached with Tab keeps it.
fn note_key_focus(mut contexts: EguiContexts, mut focus: ResMut<crate::base::KeyFocus>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let typing = ctx.text_edit_focused() || ctx.any_popup_open();
    if !typing && ctx.input(|i| i.pointer.any_released()) {
        ctx.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
        });
    }
    let now = crate::base::KeyFocus {
        typing,
        widget: !typing && ctx.memory(|m| m.focused().is_some()),
    };
    if *focus != now {
        *focus = now;
    }
    Ok(())
}

/// Puts the theme's fonts in place, then its style: egui takes new fonts
/// at the start of its next pass, and the style names the title font, so
/// the style waits for a pass after the fonts.
pub(crate) fn install_fonts(
    mut commands: Commands,
    mut contexts: EguiContexts,
    installed: Option<ResMut<FontsInstalled>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pass = ctx.cumulative_pass_nr();
    match installed {
        None => {
            ctx.set_fonts(theme::fonts());
            commands.insert_resource(FontsInstalled {
                at_pass: pass,
                styled: false,
            });
        }
        Some(mut f) if pass > f.at_pass && !f.styled => {
            ctx.set_global_style(theme::style(&ctx.global_style()));
            f.styled = true;
            // Said once in the log, where the packaging check looks for it.
            let body = egui::FontId::proportional(14.0);
            let (latin, chinese) = ctx.fonts_mut(|fonts| {
                (
                    fonts.has_glyphs(&body, "Starhop"),
                    fonts.has_glyphs(&body, "跳棋波子棋"),
                )
            });
            info!("fonts: Latin {latin}, Chinese {chinese}");
        }
        Some(_) => {}
    }
    Ok(())
}

/// Toasts go once they have been on show long enough; at most six stay.
fn expire_toasts(mut toasts: ResMut<Toasts>, time: Res<Time>) {
    let now = time.elapsed_secs_f64();
    if toasts.0.iter().any(|t| t.expired(now)) {
        toasts.0.retain(|t| !t.expired(now));
    }
    let excess = toasts.0.len().saturating_sub(6);
    if excess > 0 {
        toasts.0.drain(..excess);
    }
}

/// Toasts, bottom left above the buttons: each wraps its text at a readable width.
fn toasts(
    mut contexts: EguiContexts,
    mut toasts: ResMut<Toasts>,
    time: Res<Time>,
    panel: Res<ViewportInsets>,
    on: Res<State<Screen>>,
) -> Result {
    if toasts.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed_secs_f64();
    let screen = ctx.content_rect();
    // Beside a menu screen's panel, never over it (its lists reach the foot
    // of the screen), when there is room there.
    let left = if on.get().is_menu() && screen.right() - panel.left > 260.0 {
        panel.left + 16.0
    } else {
        16.0
    };
    // Never wider than the screen allows, never a thin column.
    let max_width = (screen.right() - left - 16.0).clamp(160.0, 460.0);
    egui::Area::new("toasts".into())
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(left, -76.0))
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(max_width);
            for toast in &mut toasts.0 {
                let at = *toast.first_drawn.get_or_insert(now);
                toast.frames = toast.frames.saturating_add(1);
                let age = ((now - at) / TOAST_SECONDS).min(1.0);
                let fade = (1.0 - age.powi(4)).clamp(0.0, 1.0) as f32;
                egui::Frame::popup(ui.style())
                    .fill(theme::toast_fill(fade))
                    .show(ui, |ui| {
                        ui.set_min_width(200.0f32.min(max_width - 20.0));
                        ui.set_max_width(max_width - 20.0);
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new(&toast.text)
                                    .color(toast.colour.gamma_multiply(fade.max(0.3))),
                            )
                            .wrap(),
                        );
                    });
            }
        });
    ctx.request_repaint();
    Ok(())
}

/// An egui colour for a Bevy colour.
pub fn egui_colour(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgb(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
    )
}

/// A round colour swatch the size of a line of text.
pub fn swatch(ui: &mut egui::Ui, colour: Color) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 8.0, egui_colour(colour));
    ui.painter().circle_stroke(
        rect.center(),
        8.0,
        egui::Stroke::new(1.0, egui::Color32::from_white_alpha(90)),
    );
    response
}

/// A swatch with the palette colour's shape mark drawn on it, as on the
/// marbles when shape marks are on (see `marbles::view`): ring, triangle,
/// square, diamond, bar, pentagon; dark ink on yellow and white.
pub fn swatch_with_shape(ui: &mut egui::Ui, palette: usize) -> egui::Response {
    let palette = palette % PALETTE.len();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
    let c = rect.center();
    let p = ui.painter();
    p.circle_filled(c, 10.5, egui_colour(PALETTE[palette].1));
    p.circle_stroke(
        c,
        10.5,
        egui::Stroke::new(1.0, egui::Color32::from_white_alpha(90)),
    );
    let ink = if palette == 2 || palette == 5 {
        egui::Color32::from_rgb(20, 20, 26)
    } else {
        egui::Color32::from_rgb(247, 247, 242)
    };
    let s = 5.5;
    let poly =
        |points: Vec<egui::Pos2>| egui::Shape::convex_polygon(points, ink, egui::Stroke::NONE);
    let regular = |n: usize, r: f32| {
        (0..n)
            .map(|i| {
                let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::TAU / n as f32;
                c + egui::vec2(a.cos(), a.sin()) * r
            })
            .collect::<Vec<_>>()
    };
    match palette {
        0 => {
            p.circle_stroke(c, s * 0.78, egui::Stroke::new(s * 0.45, ink));
        }
        1 => {
            p.add(poly(vec![
                c + egui::vec2(0.0, -s * 1.1),
                c + egui::vec2(s, s * 0.7),
                c + egui::vec2(-s, s * 0.7),
            ]));
        }
        2 => {
            p.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(s * 1.5, s * 1.5)),
                0.0,
                ink,
            );
        }
        3 => {
            p.add(poly(regular(4, s * 1.1)));
        }
        4 => {
            p.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(s * 2.0, s * 0.55)),
                0.0,
                ink,
            );
        }
        _ => {
            p.add(poly(regular(5, s * 1.05)));
        }
    }
    response
}

/// A small robot head: marks a seat a bot plays.
pub fn robot(ui: &mut egui::Ui) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let p = ui.painter();
    let ink = egui::Color32::from_rgb(170, 200, 230);
    let c = rect.center() + egui::vec2(0.0, 2.0);
    let head = egui::Rect::from_center_size(c, egui::vec2(13.0, 10.0));
    p.rect_filled(head, 3.0, ink);
    let eye = egui::Color32::from_rgb(30, 40, 60);
    p.circle_filled(c + egui::vec2(-3.0, -0.5), 1.6, eye);
    p.circle_filled(c + egui::vec2(3.0, -0.5), 1.6, eye);
    p.line_segment(
        [c + egui::vec2(-2.5, 3.0), c + egui::vec2(2.5, 3.0)],
        egui::Stroke::new(1.2, eye),
    );
    p.line_segment(
        [c + egui::vec2(0.0, -5.0), c + egui::vec2(0.0, -8.0)],
        egui::Stroke::new(1.2, ink),
    );
    p.circle_filled(c + egui::vec2(0.0, -8.5), 1.6, ink);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_counts_a_started_second_whole() {
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(1), "0:01");
        assert_eq!(clock_text(60_000), "1:00");
        assert_eq!(clock_text(61_001), "1:02");
        assert_eq!(clock_text(600_000), "10:00");
    }

    #[test]
    fn a_toast_goes_only_after_it_was_seen_long_enough() {
        let mut toast = Toast {
            text: "hello".into(),
            colour: egui::Color32::WHITE,
            first_drawn: None,
            frames: 0,
        };
        // Never drawn (a slow first frame): it waits, however late it is.
        assert!(!toast.expired(1_000.0));
        toast.first_drawn = Some(1_000.0);
        toast.frames = 1;
        assert!(!toast.expired(1_000.0 + TOAST_SECONDS - 0.1));
        // Time is up, but it was drawn in too few frames to be read.
        assert!(!toast.expired(1_000.0 + TOAST_SECONDS + 5.0));
        toast.frames = TOAST_MIN_FRAMES;
        assert!(toast.expired(1_000.0 + TOAST_SECONDS));
    }
}
