//! The Halma panels (bevy_egui): the setup panel (players, seats, saved
//! games), the status box (whose turn, how far each seat has come), the
//! buttons and the end window with the places. They read state and send
//! messages only.

use super::jobs::{HalmaHintRequest, HalmaJobs};
use super::{
    Halma, HalmaCommand, HalmaDraft, HalmaSession, MAX_SEATS, StartHalma, outcome_text,
    seat_colour, seat_name,
};
use crate::base::{Screen, ViewportInsets, WatchAgain};
use crate::kit::panels::{
    self, BarSlot, InPlay, SavedList, SetupFrame, end_buttons, play_bar, seat_choice, seat_line,
};
use crate::settings::Language;
use crate::ui::{Tr, swatch, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_engine::halma::game::has_finished;
use starhop_engine::{OutReason, Status};
use starhop_games::AnyRecord;

/// Width of the status box (the camera leaves room on both sides).
pub const SIDE_WIDTH: f32 = 300.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (setup_panel, hud, move_list, end_window)
            .chain()
            .run_if(in_state(Screen::Halma)),
    );
}

fn setup_panel(
    mut contexts: EguiContexts,
    mut frame: SetupFrame<Halma, HalmaCommand>,
    mut starts: MessageWriter<StartHalma>,
    mut saved: SavedList<Halma>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let title = frame.settings.language.t("Halma");
    let start = frame.window(
        ctx,
        "halma-setup",
        title,
        (400.0, 440.0),
        |ui, lang, HalmaDraft(d)| {
            ui.label(
                egui::RichText::new(lang.t(
                    "Race your pieces into the opposite corner: step to any of the eight squares around, or jump over a piece, jump after jump in one move. Nothing is captured.",
                ))
                .italics(),
            );
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(lang.t("Players"));
                ui.radio_value(&mut d.players, 2, lang.t("2 players, 19 pieces each"));
                ui.radio_value(&mut d.players, 4, lang.t("4 players, 13 pieces each"));
            });
            for seat in 0..d.players.min(MAX_SEATS) {
                ui.horizontal(|ui| {
                    swatch(ui, seat_colour(seat));
                    ui.label(seat_name(lang, seat));
                    seat_choice(ui, ("halma-seat", seat), lang, &mut d.seats[seat]);
                });
            }
            if d.players == 4 {
                ui.checkbox(&mut d.teams, lang.t("Teams: Red and Yellow against Blue and Green"))
                    .on_hover_text(lang.t(
                        "Diagonal partners win together: when one of them finishes, or when they hold three quarters of their pieces across; a partner who leaves loses for both.",
                    ));
            }
            ui.label(
                egui::RichText::new(trf(lang, "{} moves first.", &[&seat_name(lang, 0)])).weak(),
            );
            ui.separator();
            egui::CollapsingHeader::new(lang.t("Saved games"))
                .id_salt("halma-saved")
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(180.0)
                        .show(ui, |ui| {
                            saved.show(
                                ui,
                                lang,
                                lang.t("No saved Halma games yet (Ctrl+S saves one)."),
                            );
                        });
                });
            true
        },
    );
    if let Some(HalmaDraft(d)) = start {
        starts.write(StartHalma(d));
    }
    Ok(())
}

/// A seat's line: how many of its pieces have reached the far corner, or
/// how it left the game.
fn progress(lang: Language, s: &HalmaSession, seat: usize) -> String {
    let pos = s.game.position();
    let name = seat_name(lang, seat);
    match s.game.player(seat as u8).status {
        Status::Finished { turns } => trf(lang, "{}: home in {} moves", &[&name, &turns]),
        Status::Out { reason, .. } => {
            let why = match reason {
                OutReason::Resigned => lang.t("resigned"),
                OutReason::AntiPassive => lang.t("broke the anti-passive rule"),
                OutReason::TimeOuts => lang.t("timed out three times"),
                OutReason::OutOfTime => lang.t("ran out of time"),
            };
            trf(lang, "{}: out, {}", &[&name, &why])
        }
        Status::Playing => {
            let target = pos.yards().target(seat);
            let arrived = (pos.pieces[seat] & target).count();
            let all = pos.yards().pieces();
            trf(lang, "{}: {} of {} across", &[&name, &arrived, &all])
        }
    }
}

fn hud(
    mut contexts: EguiContexts,
    in_play: InPlay<Halma>,
    jobs: Res<HalmaJobs>,
    mut insets: ResMut<ViewportInsets>,
    mut turns: MessageWriter<HalmaCommand>,
    mut hints: MessageWriter<HalmaHintRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let shown = panels::status_box(
        ctx,
        "halma-status",
        SIDE_WIDTH,
        (&in_play, &mut insets),
        |ui, s, lang| {
            ui.heading(lang.t("Halma"));
            for seat in 0..s.players() {
                ui.horizontal(|ui| {
                    let turn = !s.game.is_over() && s.to_move() == seat;
                    let mark = |ui: &mut egui::Ui| {
                        swatch(ui, seat_colour(seat));
                    };
                    seat_line(ui, lang, turn, s.seat(seat), mark, progress(lang, s, seat));
                });
            }
            if s.game.is_over() {
                return;
            }
            let moves = s.game.actions().count();
            ui.label(trf(lang, "Moves: {}", &[&moves]));
            if jobs.bot_thinking() {
                ui.weak(lang.t("thinking"));
            }
            if jobs.hinting() {
                ui.weak(lang.t("Looking for a hint…"));
            }
        },
    );
    let Some(s) = shown else {
        return Ok(());
    };
    let lang = in_play.lang();
    let people = s.people().count();
    let can = (s.game.can_undo(), s.game.can_redo(), s.human_to_move());
    let over = s.game.is_over();
    let hint = play_bar(
        ctx,
        "halma-buttons",
        lang,
        can,
        &mut turns,
        |ui, slot, turns| {
            if slot == BarSlot::AfterHint
                && people > 0
                && ui
                    .add_enabled(!over, egui::Button::new(format!("⚐ {}", lang.t("Resign"))))
                    .clicked()
            {
                turns.write(HalmaCommand::Resign);
            }
        },
    );
    if hint {
        hints.write(HalmaHintRequest);
    }
    Ok(())
}

/// The moves so far, numbered, each with its seat and route (the viewer
/// shows its own list for a record on show). Made again only when the game
/// or the language changes.
fn move_list(
    mut contexts: EguiContexts,
    in_play: InPlay<Halma>,
    session: Option<Res<HalmaSession>>,
    mut lines: Local<(Option<Language>, Vec<String>)>,
) -> Result {
    let Some(s) = in_play.played() else {
        return Ok(());
    };
    let lang = in_play.lang();
    if lines.0 != Some(lang) || session.is_some_and(|s| s.is_changed()) {
        *lines = (Some(lang), super::watch::lines(lang, &s.game));
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("halma-moves"))
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_width(SIDE_WIDTH - 40.0);
                ui.strong(lang.t("Move list"));
                if lines.1.is_empty() {
                    ui.weak(lang.t("None yet."));
                }
                egui::ScrollArea::vertical()
                    .max_height((ctx.content_rect().height() - 160.0).max(120.0))
                    .min_scrolled_height(240.0)
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        for line in &lines.1 {
                            ui.monospace(line);
                        }
                    });
            });
        });
    Ok(())
}

fn end_window(
    mut contexts: EguiContexts,
    in_play: InPlay<Halma>,
    mut turns: MessageWriter<HalmaCommand>,
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
            ui.heading(format!("🏆 {}", outcome_text(lang, s.players(), outcome)));
            let mut order: Vec<usize> = (0..s.players()).collect();
            order.sort_by_key(|&seat| outcome.places.get(seat).copied().unwrap_or(u8::MAX));
            egui::Grid::new("halma-places")
                .striped(true)
                .show(ui, |ui| {
                    for seat in order {
                        let place = outcome.places.get(seat).copied().unwrap_or(0);
                        ui.monospace(place.to_string());
                        ui.horizontal(|ui| {
                            swatch(ui, seat_colour(seat));
                            ui.label(progress(lang, s, seat));
                            if has_finished(s.game.position(), seat) {
                                ui.label("✔");
                            }
                        });
                        ui.end_row();
                    }
                });
            ui.label(trf(lang, "Moves: {}", &[&s.game.actions().count()]));
            ui.separator();
            let record = || AnyRecord::Halma(s.record());
            end_buttons(
                ui,
                lang,
                HalmaCommand::Retry,
                &mut turns,
                &mut watches,
                record,
            );
        });
    Ok(())
}
