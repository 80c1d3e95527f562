//! The draughts panels (bevy_egui): the setup panel (game, sides, clocks,
//! saved games), the status box (whose turn, clocks, what must be taken,
//! the draw rules' counts), the move list, the buttons and the end window.
//! They read state and send messages only.

use super::jobs::{DraughtsHintRequest, DraughtsJobs};
use super::{
    Draughts, DraughtsDraft, DraughtsSession, DraughtsTurn, StartDraughts, outcome_text, side_name,
    variant_name,
};
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::base::WatchAgain;
use crate::kit::panels::{
    self, BarSlot, InPlay, SavedList, SetupFrame, end_buttons, play_bar, seat_choice, seat_line,
};
use crate::settings::Language;
use crate::ui::{Tr, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_draughts::{DrawRule, Outcome, Side, Variant};
use starhop_games::AnyRecord;

/// Width of the status box and of the move list (the camera leaves room).
pub const SIDE_WIDTH: f32 = 300.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (setup_panel, hud, move_list, end_window)
            .chain()
            .run_if(in_state(Screen::Draughts)),
    );
}

/// A disc in the side's colour, as a label.
fn side_disc(ui: &mut egui::Ui, side: Side) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    let (fill, stroke) = match side {
        Side::White => (
            egui::Color32::from_rgb(238, 226, 200),
            egui::Color32::from_gray(90),
        ),
        Side::Black => (
            egui::Color32::from_rgb(28, 22, 20),
            egui::Color32::from_gray(170),
        ),
    };
    ui.painter().circle(rect.center(), 7.0, fill, (1.0, stroke));
}

/// A clock's seconds as whole milliseconds, rounded up (as shown).
fn seconds_to_ms(seconds: f32) -> u32 {
    (seconds.max(0.0) * 1000.0).ceil() as u32
}

fn setup_panel(
    mut contexts: EguiContexts,
    mut frame: SetupFrame<Draughts, DraughtsTurn>,
    mut starts: MessageWriter<StartDraughts>,
    mut saved: SavedList<Draughts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let title = frame.settings.language.t("Draughts");
    let start = frame.window(
        ctx,
        "draughts-setup",
        title,
        (420.0, 440.0),
        |ui, lang, DraughtsDraft(d)| {
            ui.separator();
            for v in Variant::ALL {
                ui.radio_value(&mut d.variant, v, variant_name(lang, v));
            }
            ui.label(
                egui::RichText::new(match d.variant {
                    Variant::International => lang.t(
                        "Men move forwards and capture both ways; kings fly. The capture that takes the most pieces is compulsory; a man is crowned only when its move ends on the far row.",
                    ),
                    Variant::Russian => lang.t(
                        "Men move forwards and capture both ways; kings fly. Any capture may be chosen, but a capture must be taken to its end; a man reaching the far row during a capture goes on as a king.",
                    ),
                })
                .italics(),
            );
            ui.separator();
            for side in [Side::White, Side::Black] {
                ui.horizontal(|ui| {
                    side_disc(ui, side);
                    ui.label(side_name(lang, side));
                    let seat = &mut d.seats[side.index()];
                    seat_choice(ui, ("draughts-seat", side.index()), lang, seat);
                });
            }
            ui.label(egui::RichText::new(lang.t("White moves first.")).weak());
            ui.horizontal(|ui| {
                ui.label(lang.t("Clocks"));
                ui.selectable_value(&mut d.minutes, None, lang.t("None"));
                for m in [5, 10, 20, 30] {
                    ui.selectable_value(&mut d.minutes, Some(m), trf(lang, "{} min", &[&m]));
                }
            })
            .response
            .on_hover_text(
                lang.t("Minutes on each side's clock; a side whose time runs out loses."),
            );
            ui.separator();
            egui::CollapsingHeader::new(lang.t("Saved games"))
                .id_salt("draughts-saved")
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(180.0)
                        .show(ui, |ui| {
                            saved.show(
                                ui,
                                lang,
                                lang.t("No saved draughts games yet (Ctrl+S saves one)."),
                            );
                        });
                });
            true
        },
    );
    if let Some(DraughtsDraft(d)) = start {
        starts.write(StartDraughts(d));
    }
    Ok(())
}

/// The draw rule that is counting, as "name: count / limit" (in moves each).
fn draw_count(lang: Language, s: &DraughtsSession) -> Option<String> {
    let clocks = s.game.clocks();
    if let Some(e) = clocks.ending {
        let name = match e.rule {
            DrawRule::SixteenMoveEnding => lang.t("16-move ending"),
            DrawRule::FiveMoveEnding => lang.t("5-move ending"),
            _ => lang.t("Three kings against one"),
        };
        return Some(trf(lang, "{}: {} of {}", &[&name, &e.count, &e.limit]));
    }
    let (name, plies, limit) = match s.game.variant() {
        Variant::International => (
            lang.t("Kings only, no capture"),
            clocks.king_plies,
            starhop_draughts::KING_PLIES_LIMIT,
        ),
        Variant::Russian => (
            lang.t("Moves without a capture"),
            clocks.plies_without_capture,
            starhop_draughts::NO_CAPTURE_PLIES_LIMIT,
        ),
    };
    // Shown once it starts to matter (ten moves each).
    (plies >= 20).then(|| trf(lang, "{}: {} of {}", &[&name, &(plies / 2), &(limit / 2)]))
}

fn hud(
    mut contexts: EguiContexts,
    in_play: InPlay<Draughts>,
    jobs: Res<DraughtsJobs>,
    mut insets: ResMut<ViewportInsets>,
    mut turns: MessageWriter<DraughtsTurn>,
    mut hints: MessageWriter<DraughtsHintRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let shown = panels::status_box(
        ctx,
        "draughts-status",
        SIDE_WIDTH,
        (&in_play, &mut insets),
        |ui, s, lang| {
            let g = &s.game;
            ui.heading(variant_name(lang, g.variant()));
            for side in [Side::White, Side::Black] {
                ui.horizontal(|ui| {
                    let turn = !g.is_over() && g.side_to_move() == side;
                    let (men, kings) = g.position().count(side);
                    let text = trf(
                        lang,
                        "{}: men {}, kings {}",
                        &[&side_name(lang, side), &men, &kings],
                    );
                    seat_line(ui, lang, turn, s.seat(side), |ui| side_disc(ui, side), text);
                    if let Some(left) = s.left {
                        let t = crate::ui::clock_text(seconds_to_ms(left[side.index()]));
                        if turn && left[side.index()] < 30.0 {
                            ui.colored_label(crate::ui::theme::BAD, t);
                        } else {
                            ui.monospace(t);
                        }
                    }
                });
            }
            if g.is_over() {
                return;
            }
            if jobs.bot_thinking() {
                ui.weak(lang.t("thinking"));
            }
            if !g.must_take().is_empty() {
                ui.colored_label(
                crate::ui::theme::WARN,
                match g.variant() {
                    Variant::International => lang.t(
                        "Capture is compulsory, and the capture taking the most pieces: the pieces marked red must be taken.",
                    ),
                    Variant::Russian => lang.t(
                        "Capture is compulsory: take one of the pieces marked red.",
                    ),
                },
            );
            }
            if let Some(count) = draw_count(lang, s) {
                ui.label(count)
                    .on_hover_text(lang.t("The game is drawn when the count is reached."));
            }
            if jobs.hinting() {
                ui.weak(lang.t("Looking for a hint…"));
            }
        },
    );
    let Some(s) = shown else {
        return Ok(());
    };
    let (lang, g) = (in_play.lang(), &s.game);
    let people = [Side::White, Side::Black]
        .into_iter()
        .filter(|&side| s.person_here(side))
        .count();
    let can = (
        g.ply_count() > 0 || g.is_over(),
        g.can_redo(),
        s.human_to_move(),
    );
    let hint = play_bar(
        ctx,
        "draughts-buttons",
        lang,
        can,
        &mut turns,
        |ui, slot, turns| {
            if slot != BarSlot::AfterHint {
                return;
            }
            if people == 2
                && ui
                    .add_enabled(
                        !g.is_over(),
                        egui::Button::new(format!("½ {}", lang.t("Agree a draw"))),
                    )
                    .clicked()
            {
                turns.write(DraughtsTurn::Draw);
            }
            if people > 0
                && ui
                    .add_enabled(
                        !g.is_over(),
                        egui::Button::new(format!("⚐ {}", lang.t("Resign"))),
                    )
                    .clicked()
            {
                turns.write(DraughtsTurn::Resign);
            }
        },
    );
    if hint {
        hints.write(DraughtsHintRequest);
    }
    Ok(())
}

/// The moves so far in the usual notation, two a line (White's, Black's).
fn move_list(mut contexts: EguiContexts, in_play: InPlay<Draughts>) -> Result {
    // A record on show has the viewer's move list instead.
    let Some(s) = in_play.played() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = in_play.lang();
    let moves = s.game.notation();
    egui::Area::new(egui::Id::new("draughts-moves"))
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_width(SIDE_WIDTH - 40.0);
                ui.strong(lang.t("Move list"));
                if moves.is_empty() {
                    ui.weak(lang.t("None yet."));
                }
                egui::ScrollArea::vertical()
                    .max_height((ctx.content_rect().height() - 160.0).max(120.0))
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        egui::Grid::new("draughts-move-grid")
                            .num_columns(3)
                            .striped(true)
                            .show(ui, |ui| {
                                for (i, pair) in moves.chunks(2).enumerate() {
                                    ui.monospace(format!("{}.", i + 1));
                                    for m in pair {
                                        ui.monospace(m);
                                    }
                                    ui.end_row();
                                }
                            });
                    });
            });
        });
    Ok(())
}

fn end_window(
    mut contexts: EguiContexts,
    in_play: InPlay<Draughts>,
    mut turns: MessageWriter<DraughtsTurn>,
    mut watches: MessageWriter<WatchAgain>,
) -> Result {
    // A record on show tells its result in the viewer's panel.
    let Some(s) = in_play.played() else {
        return Ok(());
    };
    let Some(outcome) = s.game.outcome() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = in_play.lang();
    egui::Window::new(lang.t("Game over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -40.0))
        .show(ctx, |ui| {
            ui.set_min_width(320.0);
            let icon = match outcome {
                Outcome::Win { .. } => "🏆",
                Outcome::Draw(_) => "½",
            };
            ui.heading(format!("{icon} {}", outcome_text(lang, outcome)));
            ui.label(trf(lang, "Moves: {}", &[&s.game.ply_count().div_ceil(2)]));
            ui.separator();
            let record = || AnyRecord::Draughts(s.record());
            end_buttons(
                ui,
                lang,
                DraughtsTurn::Retry,
                &mut turns,
                &mut watches,
                record,
            );
        });
    Ok(())
}
