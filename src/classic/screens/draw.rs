//! The first-move draw, shown step by step when a match starts: coins that
//! flip, hands that are thrown, lots that are drawn.

use super::seat_name;
use crate::base::PauseReasons;
use crate::base::shot::ShotScene;
use crate::classic::{Match, StartMatch};
use crate::settings::Settings;
use crate::ui::{Tr, egui_colour};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use starhop_engine::{DrawStep, FirstMoveMethod, Hand};

/// Seconds each step of the draw is on show before the next appears.
const STEP_SECONDS: f64 = 1.0;

/// The draw on show: when it started (None = nothing to show).
#[derive(Resource, Default)]
pub struct DrawShow {
    pub started: Option<f64>,
}

/// Every new match (not a loaded one) opens the draw.
pub fn start_draw_show(
    mut starts: MessageReader<StartMatch>,
    mut show: ResMut<DrawShow>,
    mut pause: ResMut<PauseReasons>,
    time: Res<Time>,
    shot: Option<Res<ShotScene>>,
) {
    if starts.read().count() > 0 {
        // Screenshots show the draw only when asked to.
        let wanted = shot.is_none_or(|s| s.is("draw"));
        show.started = wanted.then(|| time.elapsed_secs_f64());
        // Nothing moves and no clock runs until the draw is dismissed.
        pause.draw = wanted;
    }
}

/// Seconds a finished draw stays up in a game of bots only before play starts by itself.
const BOTS_ONLY_LINGER: f64 = 1.5;

fn hand_glyph(h: Hand) -> &'static str {
    match h {
        Hand::Rock => "✊",
        Hand::Paper => "✋",
        Hand::Scissors => "✌",
    }
}

pub fn draw_window(
    mut contexts: EguiContexts,
    mut show: ResMut<DrawShow>,
    mut pause: ResMut<PauseReasons>,
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let (Some(started), Some(m)) = (show.started, game) else {
        if pause.draw {
            pause.draw = false;
        }
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let draw = m.game.first_move_draw();
    let elapsed = time.elapsed_secs_f64() - started;
    let shown = ((elapsed / STEP_SECONDS) as usize + 1).min(draw.steps.len());
    let done = elapsed >= STEP_SECONDS * draw.steps.len() as f64;
    let mut close = false;
    egui::Window::new(lang.t("Who moves first"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        // Narrow enough that six players' throws wrap, colour and name together.
        .max_width(480.0)
        .show(ctx, |ui| {
            ui.set_min_width(380.0);
            ui.set_max_width(480.0);
            if let FirstMoveMethod::CoinToss = draw.method {
                // Two players toss best of three; more call until one is left.
                let how = if m.game.players() == 2 {
                    lang.t("Best of three tosses")
                } else {
                    lang.t("Whoever calls right stays in, until one is left")
                };
                ui.label(egui::RichText::new(how).italics());
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for (i, step) in draw.steps.iter().take(shown).enumerate() {
                        // The newest step animates during its first half second.
                        let age = elapsed - i as f64 * STEP_SECONDS;
                        let spin = (age / 0.6).clamp(0.0, 1.0) as f32;
                        show_step(ui, &m, lang, step, spin);
                    }
                });
            if done {
                ui.separator();
                let first = draw.first;
                ui.horizontal(|ui| {
                    crate::ui::swatch(ui, m.colour(first));
                    ui.heading(format!(
                        "{} {}",
                        seat_name(lang, &m, first),
                        lang.t("moves first!")
                    ));
                });
            }
            ui.horizontal(|ui| {
                let label = if done { lang.t("Play") } else { lang.t("Skip") };
                if ui.button(label).on_hover_text("Enter / Space").clicked() {
                    close = true;
                }
            });
        });
    ctx.request_repaint();
    // Nobody has to press Play in a game of bots only: it starts once the draw is over.
    let watched_out =
        m.setup.bots_only() && elapsed >= STEP_SECONDS * draw.steps.len() as f64 + BOTS_ONLY_LINGER;
    if close
        || watched_out
        || keys.just_pressed(KeyCode::Enter)
        || keys.just_pressed(KeyCode::Space)
    {
        show.started = None;
        pause.draw = false;
    }
    Ok(())
}

fn show_step(
    ui: &mut egui::Ui,
    m: &Match,
    lang: crate::settings::Language,
    step: &DrawStep,
    spin: f32,
) {
    let side = |heads: bool| {
        if heads {
            lang.t("heads")
        } else {
            lang.t("tails")
        }
    };
    match step {
        DrawStep::Toss { calls, heads } => {
            ui.horizontal_wrapped(|ui| {
                for (seat, call) in calls {
                    // Colour and name wrap together, as one piece.
                    ui.horizontal(|ui| {
                        crate::ui::swatch(ui, m.colour(*seat));
                        ui.label(format!(
                            "{} {} {}",
                            seat_name(lang, m, *seat),
                            lang.t("calls"),
                            side(*call)
                        ));
                    });
                }
            });
            ui.horizontal(|ui| {
                ui.label(lang.t("The coin shows"));
                coin(ui, lang, *heads, spin);
                if spin >= 1.0 {
                    ui.strong(side(*heads));
                }
            });
        }
        DrawStep::Throw { hands } => {
            ui.horizontal_wrapped(|ui| {
                for (seat, hand) in hands {
                    let glyph = if spin < 1.0 {
                        hand_glyph(Hand::Rock)
                    } else {
                        hand_glyph(*hand)
                    };
                    ui.horizontal(|ui| {
                        crate::ui::swatch(ui, m.colour(*seat));
                        ui.label(format!("{} {}", seat_name(lang, m, *seat), glyph));
                    });
                    ui.add_space(6.0);
                }
            });
        }
        DrawStep::Lot { seat } => {
            ui.label(lang.t("Lots are drawn"));
            ui.horizontal_wrapped(|ui| {
                // The highlight runs over the names and stops on the winner.
                let n = m.game.players();
                let cursor = if spin < 1.0 {
                    ((spin * 12.0) as usize) % n
                } else {
                    *seat as usize
                };
                for s in 0..n as u8 {
                    let text = egui::RichText::new(seat_name(lang, m, s));
                    let text = if s as usize == cursor {
                        text.strong()
                            .background_color(egui_colour(m.colour(s)).gamma_multiply(0.6))
                    } else {
                        text
                    };
                    ui.label(text);
                }
            });
        }
        DrawStep::Fixed { seat } => {
            ui.label(format!(
                "{}: {}",
                lang.t("The rules name the first player"),
                seat_name(lang, m, *seat)
            ));
        }
    }
}

/// A gold coin flipping about its vertical axis, landing on `heads`.
fn coin(ui: &mut egui::Ui, lang: crate::settings::Language, heads: bool, spin: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(34.0, 34.0), egui::Sense::hover());
    let turns = 3.0;
    let angle = spin * turns * std::f32::consts::TAU;
    let width = angle.cos().abs().max(0.08);
    let c = rect.center();
    let r = egui::vec2(15.0 * width, 15.0);
    let gold = crate::ui::theme::BRASS;
    ui.painter().rect_filled(
        egui::Rect::from_center_size(c, r * 2.0),
        egui::CornerRadius::same(15),
        gold,
    );
    if spin >= 1.0 {
        let face = if heads { lang.t("H") } else { lang.t("T") };
        ui.painter().text(
            c,
            egui::Align2::CENTER_CENTER,
            face,
            egui::FontId::proportional(16.0),
            crate::ui::theme::INK,
        );
    }
}
