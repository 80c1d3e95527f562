//! Menus and HUD with bevy_egui: the setup screen, the first-move draw, the
//! in-game HUD, the pause menu, settings, saved games and the end screen.
//! UI systems only read state and send messages.

use crate::Screen;
use crate::play::{Match, Notice};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_engine::{Event, Status};

mod draw;
mod hud;
pub mod i18n;
mod menus;
mod setup;

pub use i18n::{Tr, tr};

/// Which window is open over the game.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    Pause,
    Settings,
    Load,
    Help,
}

/// Recent notices shown as toasts: text, colour and the time they appeared.
#[derive(Resource, Default)]
pub struct Toasts(pub Vec<(String, egui::Color32, f64)>);

/// Seconds a toast stays on screen.
const TOAST_SECONDS: f64 = 6.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Overlay>()
        .init_resource::<Toasts>()
        .init_resource::<draw::DrawShow>()
        .add_systems(
            EguiPrimaryContextPass,
            install_fonts.run_if(not(resource_exists::<FontsInstalled>)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                setup::setup_screen.run_if(in_state(Screen::Setup)),
                (draw::draw_window, hud::hud, hud::end_screen).run_if(in_state(Screen::Playing)),
                menus::overlays,
                toasts,
            )
                .chain()
                .after(install_fonts),
        )
        .add_systems(
            Update,
            (collect_notices, menus::toggle_menu, draw::start_draw_show),
        );
}

#[derive(Resource)]
struct FontsInstalled;

/// The subset of Noto Sans CJK SC (see assets/fonts/README.md), compiled in so
/// Chinese text works even when the assets folder is missing.
const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Subset.otf");

fn install_fonts(mut commands: Commands, mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "noto-sc".into(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    // After the default Latin font, before the emoji fallbacks.
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        list.insert(1.min(list.len()), "noto-sc".into());
    }
    ctx.set_fonts(fonts);
    let mut style = (*ctx.global_style()).clone();
    style
        .text_styles
        .iter_mut()
        .for_each(|(_, f)| f.size *= 1.15);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    style.visuals.window_corner_radius = egui::CornerRadius::same(10);
    ctx.set_global_style(style);
    commands.insert_resource(FontsInstalled);
    Ok(())
}

/// Turns rule notices into toasts in the player's language.
fn collect_notices(
    mut notices: MessageReader<Notice>,
    mut toasts: ResMut<Toasts>,
    settings: Res<Settings>,
    game: Option<Res<Match>>,
    time: Res<Time>,
) {
    let lang = settings.language;
    let now = time.elapsed_secs_f64();
    for n in notices.read() {
        let name = |s: u8| {
            game.as_ref()
                .map_or_else(|| format!("{}", s + 1), |m| m.name(s).to_string())
        };
        let (mut text, colour) = i18n::describe_notice(lang, n, &name);
        // A finisher's place so far: one more than those who needed fewer turns.
        if let (Notice::Rule(Event::Finished { turns, .. }), Some(m)) = (n, &game) {
            let ahead = (0..m.game.players() as u8)
                .filter(|&s| matches!(m.game.player(s).status, Status::Finished { turns: t } if t < *turns))
                .count();
            text += &format!(" · {} {}", tr(lang, "Place"), ahead + 1);
        }
        if !text.is_empty() {
            toasts.0.push((text, colour, now));
        }
    }
    toasts.0.retain(|t| now - t.2 < TOAST_SECONDS);
    let excess = toasts.0.len().saturating_sub(6);
    toasts.0.drain(..excess);
}

fn toasts(mut contexts: EguiContexts, toasts: Res<Toasts>, time: Res<Time>) -> Result {
    if toasts.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed_secs_f64();
    egui::Area::new("toasts".into())
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(16.0, -70.0))
        .interactable(false)
        .show(ctx, |ui| {
            for (text, colour, at) in &toasts.0 {
                let fade = (1.0 - ((now - at) / TOAST_SECONDS).powi(4)).clamp(0.0, 1.0) as f32;
                egui::Frame::popup(ui.style())
                    .fill(egui::Color32::from_black_alpha((200.0 * fade) as u8))
                    .show(ui, |ui| {
                        ui.colored_label(colour.gamma_multiply(fade), text);
                    });
            }
        });
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
