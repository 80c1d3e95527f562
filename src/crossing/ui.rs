//! The crossing challenge's panels (bevy_egui): the setup panel (board,
//! long jumps, player), the HUD (moves against the optimum, the player's
//! best, the hint), the buttons, the controls of the line being watched and
//! the finished window. They read state and send messages only.

use super::bests::{BestKey, CrossingBests, CrossingResult};
use super::jobs::{CrossingHint, CrossingHintRequest, CrossingJobs};
use super::watch::{Watch, WatchControl};
use super::{CrossingDraft, CrossingSession, CrossingSetup, CrossingTurn, StartCrossing};
use crate::base::Screen;
use crate::base::{RecordOnShow, ViewportInsets};
use crate::settings::{Language, Settings};
use crate::ui::screen_panel;
use crate::ui::theme::{GOLD, GOOD};
use crate::ui::{Tr, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_ai::crossing::{best_known, known_optimum, proven_lower_bound};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (setup_panel, hud, finished_window)
            .chain()
            .run_if(in_state(Screen::Crossing))
            .after(crate::ui::install_fonts),
    );
}

fn board_name(lang: Language, size: u8) -> &'static str {
    match size {
        3 => lang.t("Small (73 holes)"),
        5 => lang.t("Large (181 holes)"),
        _ => lang.t("Standard (121 holes)"),
    }
}

/// What the crossing is measured against: the proven optimum, else the
/// proven lower bound for the start and the best crossing known.
fn yardstick(lang: Language, s: &CrossingSession) -> Option<String> {
    let (size, long) = (s.setup.size, s.setup.long_jumps);
    if let Some(best) = known_optimum(size, long) {
        return Some(trf(lang, "best possible {}", &[&best]));
    }
    let bound = proven_lower_bound(size, long)?;
    let bound = trf(lang, "lower bound {}", &[&bound]);
    Some(match best_known(size, long) {
        Some((moves, _)) => format!("{bound} · {}", trf(lang, "best known {}", &[&moves])),
        None => bound,
    })
}

fn best_of(bests: &CrossingBests, s: &CrossingSession) -> Option<u32> {
    bests.moves.get(&BestKey::of(s)).copied()
}

fn setup_panel(
    mut contexts: EguiContexts,
    playing: Res<super::CrossingPlaying>,
    mut draft: ResMut<CrossingDraft>,
    mut settings: ResMut<Settings>,
    profiles: Res<crate::base::KnownProfiles>,
    bests: Res<CrossingBests>,
    mut panel: ResMut<ViewportInsets>,
    mut starts: MessageWriter<StartCrossing>,
    mut turns: MessageWriter<CrossingTurn>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if playing.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut d: CrossingSetup = draft.0.clone();
    let mut start = false;
    screen_panel(ctx, "crossing-setup", 420.0, &mut panel, |ui| {
        ui.horizontal(|ui| {
            ui.heading(
                egui::RichText::new(lang.t("Crossing challenge"))
                    .size(28.0)
                    .strong(),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                crate::ui::language_switch(ui, &mut settings);
            });
        });
        ui.label(
            egui::RichText::new(
                lang.t("Bring all your marbles to the opposite point in as few moves as you can."),
            )
            .italics(),
        );
        ui.separator();
        ui.horizontal(|ui| {
            ui.label(lang.t("Board"));
            for size in [3, 4, 5] {
                ui.selectable_value(&mut d.size, size, board_name(lang, size));
            }
        });
        ui.checkbox(&mut d.long_jumps, lang.t("Long jumps")).on_hover_text(lang.t(
                "A hop may also go over a marble further along a line, with as many empty holes on both sides.",
            ));
        ui.horizontal(|ui| {
            ui.label(lang.t("Player"));
            let profiles = profiles.list();
            let name = d
                .profile
                .as_ref()
                .and_then(|id| profiles.iter().find(|p| &p.id == id))
                .map_or_else(|| lang.t("Guest").to_string(), |p| format!("👤 {}", p.name));
            egui::ComboBox::from_id_salt(egui::Id::new("crossing-player"))
                .selected_text(name)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut d.profile, None, lang.t("Guest"));
                    for p in profiles {
                        ui.selectable_value(
                            &mut d.profile,
                            Some(p.id.clone()),
                            format!("👤 {}", p.name),
                        );
                    }
                });
        });
        ui.separator();
        let key = BestKey {
            player: d.profile.clone(),
            size: d.size,
            long_jumps: d.long_jumps,
        };
        match (
            known_optimum(d.size, d.long_jumps),
            best_known(d.size, d.long_jumps),
        ) {
            (Some(best), _) => {
                ui.label(trf(lang, "The best possible crossing: {} moves.", &[&best]))
            }
            (None, Some((moves, _))) => ui.label(trf(
                lang,
                "The shortest crossing known: {} moves (not proven shortest).",
                &[&moves],
            )),
            (None, None) => {
                ui.label(lang.t("The shortest crossing of this board is not known yet."))
            }
        };
        match bests.moves.get(&key) {
            Some(moves) => ui.label(trf(lang, "Your best: {} moves", &[moves])),
            None => ui.weak(lang.t("Not crossed yet.")),
        };
        ui.separator();
        ui.horizontal(|ui| {
            start |= crate::ui::start_button(ui, lang);
            if crate::ui::home_button(ui, lang) {
                turns.write(CrossingTurn::Leave);
            }
        });
    });
    let free = !ctx.egui_wants_keyboard_input();
    if free && keys.just_pressed(KeyCode::Enter) {
        start = true;
    }
    if d != draft.0 {
        draft.0 = d.clone();
    }
    if start {
        starts.write(StartCrossing(d));
    }
    Ok(())
}

/// What the hint says about the move it lights: whether it still reaches
/// the optimum, or how many moves the best line found needs after it.
fn hint_words(
    lang: Language,
    s: &CrossingSession,
    hint: &starhop_ai::crossing::Hint,
) -> (String, egui::Color32) {
    let total = s.game.moves_made() + 1 + hint.remaining;
    let optimum = known_optimum(s.setup.size, s.setup.long_jumps);
    match (hint.proven, optimum) {
        // A line as long as the proven optimum is optimal, proven from here or not.
        (_, Some(best)) if total <= best => (
            trf(
                lang,
                "This move still reaches the optimum: {} moves in all.",
                &[&total],
            ),
            GOOD,
        ),
        (true, Some(best)) => (
            trf(
                lang,
                "The optimum ({}) is out of reach now; this move keeps to the fewest left: {} in all.",
                &[&best, &total],
            ),
            GOLD,
        ),
        (true, None) => (
            trf(
                lang,
                "This move keeps to the fewest moves left: {} in all.",
                &[&total],
            ),
            GOOD,
        ),
        (false, _) => (
            trf(
                lang,
                "The best line found: {} moves in all (not proven shortest).",
                &[&total],
            ),
            GOLD,
        ),
    }
}

fn hud(
    mut contexts: EguiContexts,
    session: Option<Res<CrossingSession>>,
    playing: Res<super::CrossingPlaying>,
    settings: Res<Settings>,
    jobs: Res<CrossingJobs>,
    hint: Res<CrossingHint>,
    bests: Res<CrossingBests>,
    mut panel: ResMut<ViewportInsets>,
    mut turns: MessageWriter<CrossingTurn>,
    mut hints: MessageWriter<CrossingHintRequest>,
    mut watch: MessageWriter<WatchControl>,
    on_show: Option<Res<RecordOnShow>>,
) -> Result {
    let Some(s) = session.filter(|_| playing.0) else {
        return Ok(());
    };
    if panel.left != 0.0 {
        panel.left = 0.0;
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let g = &s.game;
    crate::ui::status_box(ctx, "crossing-status", 440.0, |ui| {
        ui.heading(lang.t("Crossing challenge"));
        let mut rules = board_name(lang, s.setup.size).to_string();
        if s.setup.long_jumps {
            rules = format!("{rules} · {}", lang.t("Long jumps"));
        }
        ui.weak(rules);
        let moves = match yardstick(lang, &s) {
            Some(y) => format!("{} · {y}", trf(lang, "Moves {}", &[&g.moves_made()])),
            None => trf(lang, "Moves {}", &[&g.moves_made()]),
        };
        ui.label(egui::RichText::new(moves).size(20.0).strong());
        if s.watch.is_some() {
            return;
        }
        if let Some(best) = best_of(&bests, &s) {
            ui.label(trf(lang, "Your best: {} moves", &[&best]));
        }
        if let Some(c) = jobs.solver(s.setup.size, s.setup.long_jumps)
            && !g.is_finished()
        {
            let left = c.moves_left_at_least(g.marbles(), g.moves_made());
            ui.weak(trf(lang, "At least {} more moves from here.", &[&left]));
        }
        if jobs.hinting() {
            ui.weak(lang.t("Looking for a hint…"));
        } else if let Some(h) = hint.for_revision(g.revision()) {
            let (text, colour) = hint_words(lang, &s, h);
            ui.colored_label(colour, format!("💡 {text}"));
        }
    });
    // A record on show is stepped with the viewer's own controls.
    if on_show.is_some() {
        return Ok(());
    }
    let proven = known_optimum(s.setup.size, s.setup.long_jumps).is_some();
    crate::ui::button_bar(ctx, "crossing-buttons", |ui| match &s.watch {
        Some(w) => watch_bar(ui, lang, &s, w, &mut watch),
        None => {
            let (undo, redo) = crate::ui::undo_redo_buttons(ui, lang, g.can_undo(), g.can_redo());
            if undo {
                turns.write(CrossingTurn::Undo);
            }
            if redo {
                turns.write(CrossingTurn::Redo);
            }
            let hint_button = egui::Button::new(format!("💡 {}", lang.t("Hint")));
            if ui
                .add_enabled(s.can_move(), hint_button)
                .on_hover_text("H")
                .clicked()
            {
                hints.write(CrossingHintRequest);
            }
            watch_button(ui, lang, proven, &mut watch);
            if ui.button(format!("↺ {}", lang.t("Restart"))).clicked() {
                turns.write(CrossingTurn::Restart);
            }
            if ui
                .button(format!("☰ {}", lang.t("Back to setup")))
                .on_hover_text("Esc")
                .clicked()
            {
                turns.write(CrossingTurn::Setup);
            }
        }
    });
    Ok(())
}

/// "Watch": a shortest crossing where one is proven, else the shortest known.
fn watch_button(
    ui: &mut egui::Ui,
    lang: Language,
    proven: bool,
    watch: &mut MessageWriter<WatchControl>,
) {
    let (label, tip) = if proven {
        (
            lang.t("Watch a shortest crossing"),
            lang.t("A crossing in the fewest moves possible, move by move."),
        )
    } else {
        (
            lang.t("Watch the shortest known crossing"),
            lang.t("The shortest crossing known, move by move."),
        )
    };
    if ui
        .button(format!("🎬 {label}"))
        .on_hover_text(tip)
        .clicked()
    {
        watch.write(WatchControl::Start);
    }
}

/// The controls of the line being watched.
fn watch_bar(
    ui: &mut egui::Ui,
    lang: Language,
    s: &CrossingSession,
    w: &Watch,
    watch: &mut MessageWriter<WatchControl>,
) {
    let at = Watch::at(s);
    ui.label(trf(
        lang,
        "Shortest crossing: move {} of {}",
        &[&at, &w.line.len()],
    ));
    let controls = [
        ("⏮", at > 0, WatchControl::Back, "←"),
        (
            if w.running { "⏸" } else { "▶" },
            true,
            WatchControl::PlayPause,
            "Space",
        ),
        ("⏭", at < w.line.len(), WatchControl::Forward, "→"),
    ];
    for (icon, enabled, control, key) in controls {
        if ui
            .add_enabled(enabled, egui::Button::new(icon))
            .on_hover_text(key)
            .clicked()
        {
            watch.write(control);
        }
    }
    if ui
        .button(format!("✖ {}", lang.t("Stop watching")))
        .on_hover_text("Esc")
        .clicked()
    {
        watch.write(WatchControl::Stop);
    }
}

/// Once every marble is across: the count, the optimum and the best.
fn finished_window(
    mut contexts: EguiContexts,
    session: Option<Res<CrossingSession>>,
    playing: Res<super::CrossingPlaying>,
    settings: Res<Settings>,
    result: Res<CrossingResult>,
    mut turns: MessageWriter<CrossingTurn>,
    mut watch: MessageWriter<WatchControl>,
) -> Result {
    let Some(s) = session.filter(|s| playing.0 && s.watch.is_none() && s.game.is_finished()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let moves = s.game.moves_made();
    let optimum = known_optimum(s.setup.size, s.setup.long_jumps);
    egui::Window::new(lang.t("Across!"))
        .id(egui::Id::new("crossing-done"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_CENTER, egui::vec2(16.0, 30.0))
        .show(ctx, |ui| {
            ui.set_min_width(340.0);
            ui.heading(format!("🏁 {}", trf(lang, "Across in {} moves", &[&moves])));
            let known = best_known(s.setup.size, s.setup.long_jumps).map(|(m, _)| m);
            match (optimum, known) {
                (Some(best), _) if moves <= best => {
                    let text = lang.t("That is the best possible crossing!");
                    ui.colored_label(GOLD, format!("🏆 {text}"));
                }
                (Some(best), _) => {
                    let more = moves - best;
                    ui.label(trf(
                        lang,
                        "The best possible: {} moves ({} more).",
                        &[&best, &more],
                    ));
                }
                (None, Some(known)) if moves <= known => {
                    let text = trf(
                        lang,
                        "As short as the shortest crossing known ({} moves)!",
                        &[&known],
                    );
                    ui.colored_label(GOLD, format!("🏆 {text}"));
                }
                (None, Some(known)) => {
                    let more = moves - known;
                    ui.label(trf(
                        lang,
                        "The shortest crossing known: {} moves ({} more).",
                        &[&known, &more],
                    ));
                }
                (None, None) => {
                    ui.label(lang.t("The shortest crossing of this board is not known yet."));
                }
            }
            let key = BestKey::of(&s);
            if let Some(done) = result
                .0
                .as_ref()
                .filter(|d| d.key == key && d.moves == moves)
            {
                match (done.new_best(), done.before) {
                    (true, Some(was)) => {
                        let text = trf(lang, "New best! (was {})", &[&was]);
                        ui.colored_label(GOOD, format!("⭐ {text}"));
                    }
                    (true, None) => {
                        let text = lang.t("Your first crossing of this board!");
                        ui.colored_label(GOOD, format!("⭐ {text}"));
                    }
                    (false, best) => {
                        let best = best.unwrap_or(moves);
                        ui.label(trf(lang, "Your best: {} moves", &[&best]));
                    }
                }
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if crate::ui::podium::main_button(ui, format!("↺ {}", lang.t("Play again")))
                    .clicked()
                {
                    turns.write(CrossingTurn::Restart);
                }
                watch_button(ui, lang, optimum.is_some(), &mut watch);
                if ui.button(format!("⟲ {}", lang.t("Undo"))).clicked() {
                    turns.write(CrossingTurn::Undo);
                }
                if crate::ui::back_to_setup_button(ui, lang) {
                    turns.write(CrossingTurn::Setup);
                }
            });
        });
    Ok(())
}
