//! The food checkers panels (bevy_egui): the setup panel with its three
//! choices (puzzles, free solo, several players), the HUD (marbles left,
//! moves, captures, whose turn, must-capture and no-solution notices, the
//! buttons) and the finish window. They read state and send messages only.

use super::jobs::{FoodAnalysis, FoodHint, FoodHintRequest, FoodJobs, solver_covers};
use super::progress::FoodProgress;
use super::{Food, FoodDraft, FoodMode, FoodSeat, FoodTab, FoodTurn, StartFood};
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::base::WatchAgain;
use crate::kit::panels::{
    self, BarSlot, InPlay, SavedList, SetupFrame, play_bar, seat_choice, seat_line,
};
use crate::settings::{Language, Settings};
use crate::ui::palette::PALETTE;
use crate::ui::{Tr, swatch, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_ai::Level;
use starhop_ai::food::puzzles;
use starhop_engine::food::{FoodEnd, FoodStatus};
use starhop_games::AnyRecord;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (setup_panel, hud, finish_window)
            .chain()
            .run_if(in_state(Screen::Food)),
    )
    .add_systems(
        Update,
        drop_stale_verdicts
            .run_if(on_message::<super::FoodMoved>)
            .in_set(crate::base::AppSystems::View),
    );
}

/// "No solution from here" speaks of one position: once a move or an undo
/// changed it, the toast that said so goes (the panel tells the new verdict).
fn drop_stale_verdicts(mut toasts: ResMut<crate::ui::Toasts>, settings: Res<Settings>) {
    let lang = settings.language;
    let stale = [
        super::jobs::NO_SOLUTION_AT_START,
        super::jobs::NO_SOLUTION_HERE,
    ]
    .map(|words| lang.t(words));
    toasts.0.retain(|t| !stale.contains(&t.text.as_str()));
}

fn stars_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

fn seat_name(lang: Language, player: usize) -> String {
    trf(lang, "Player {}", &[&(player + 1)])
}

fn board_choice(ui: &mut egui::Ui, lang: Language, holes: &mut usize) {
    ui.horizontal(|ui| {
        ui.label(lang.t("Board"));
        for (n, text) in [
            (37, "Small (37 holes)"),
            (61, "Standard (61 holes)"),
            (91, "Large (91 holes)"),
        ] {
            ui.selectable_value(holes, n, lang.t(text));
        }
    });
}

fn setup_panel(
    mut contexts: EguiContexts,
    mut frame: SetupFrame<Food, FoodTurn>,
    progress: Res<FoodProgress>,
    mut starts: MessageWriter<StartFood>,
    mut saved: SavedList<Food>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let title = frame.settings.language.t("Food checkers");
    let start = frame.window(
        ctx,
        "food-setup",
        title,
        (430.0, 460.0),
        |ui, lang, d| {
            ui.label(
                egui::RichText::new(
                    lang.t("Capture by jumping: the jumped marble is taken. Any marble may move."),
                )
                .italics(),
            );
            ui.separator();
            ui.horizontal(|ui| {
                ui.selectable_value(&mut d.tab, FoodTab::Puzzles, lang.t("Solo puzzle"));
                ui.selectable_value(&mut d.tab, FoodTab::Solo, lang.t("Free solo"));
                ui.selectable_value(&mut d.tab, FoodTab::Table, lang.t("Several players"));
                if ui
                    .selectable_value(&mut d.tab, FoodTab::Saved, lang.t("Saved games"))
                    .clicked()
                {
                    saved.relist();
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height((ui.ctx().content_rect().height() - 260.0).max(120.0))
                .show(ui, |ui| match d.tab {
                    FoodTab::Puzzles => puzzle_list(ui, lang, d, &progress),
                    FoodTab::Solo => {
                        board_choice(ui, lang, &mut d.holes);
                        ui.checkbox(&mut d.solo_slides, lang.t("Slides"))
                            .on_hover_text(lang.t(
                                "While no capture exists anywhere, a marble may slide to a neighbouring hole.",
                            ));
                        ui.label(lang.t(
                            "Click a hole on the board to leave it empty at the start (by default the centre on 61 holes, the hole beside it on 37 and 91, where a centre start cannot end with one marble).",
                        ));
                        if d.vacant.is_some() && ui.button(lang.t("Centre")).clicked() {
                            d.vacant = None;
                        }
                    }
                    FoodTab::Table => {
                        board_choice(ui, lang, &mut d.holes);
                        ui.checkbox(&mut d.table_slides, lang.t("Slides"))
                            .on_hover_text(lang.t(
                                "While no capture exists anywhere, a marble may slide to a neighbouring hole.",
                            ));
                        ui.horizontal(|ui| {
                            ui.label(lang.t("Players"));
                            for n in 2..=6 {
                                if ui.selectable_label(d.seats.len() == n, n.to_string()).clicked() {
                                    d.seats.resize(n, FoodSeat::Bot(Level::Medium));
                                }
                            }
                        });
                        for (i, seat) in d.seats.iter_mut().enumerate() {
                            ui.horizontal(|ui| {
                                swatch(ui, PALETTE[i % PALETTE.len()].1);
                                ui.label(seat_name(lang, i));
                                seat_choice(ui, ("food-seat", i), lang, seat);
                            });
                        }
                        ui.label(lang.t(
                            "Players take turns; everyone keeps what they capture. Most captures wins.",
                        ));
                    }
                    FoodTab::Saved => {
                        saved.show(
                            ui,
                            lang,
                            lang.t("No saved food checkers games yet (Ctrl+S saves one)."),
                        );
                    }
                });
            d.tab != FoodTab::Saved
        },
    );
    if let Some(d) = start {
        starts.write(StartFood(d.setup()));
    }
    Ok(())
}

fn puzzle_list(ui: &mut egui::Ui, lang: Language, d: &mut FoodDraft, progress: &FoodProgress) {
    let all = puzzles::all();
    if all.is_empty() {
        ui.label(lang.t("No puzzles yet."));
        return;
    }
    for difficulty in 1..=5u8 {
        let group: Vec<(usize, &puzzles::Puzzle)> = all
            .iter()
            .enumerate()
            .filter(|(_, p)| p.difficulty == difficulty)
            .collect();
        if group.is_empty() {
            continue;
        }
        let title = match difficulty {
            1 => lang.t("Easy"),
            2 => lang.t("Fair"),
            3 => lang.t("Tricky"),
            4 => lang.t("Hard"),
            _ => lang.t("Very hard"),
        };
        ui.label(egui::RichText::new(title).strong());
        for (i, p) in group {
            let stars = progress.stars(&p.id);
            let text = format!(
                "{}  {}.  {}",
                stars_text(stars),
                i + 1,
                trf(lang, "{} holes · {} marbles", &[&p.holes, &p.marbles.len()])
            );
            if ui
                .selectable_label(d.puzzle == i, text)
                .on_hover_text(&p.id)
                .clicked()
            {
                d.puzzle = i;
            }
        }
    }
    if let Some(p) = all.get(d.puzzle) {
        ui.separator();
        let finish = if p.finish.is_some() {
            lang.t("The last marble should end on the golden ring.")
        } else {
            lang.t("The last marble may end anywhere.")
        };
        ui.label(format!(
            "{} {}",
            trf(lang, "{} holes.", &[&p.holes]),
            finish
        ));
        if let Some(min) = p.min_moves {
            ui.label(trf(lang, "Solvable in {} moves.", &[&min]));
        }
    }
}

fn hud(
    mut contexts: EguiContexts,
    in_play: InPlay<Food>,
    jobs: Res<FoodJobs>,
    analysis: Res<FoodAnalysis>,
    hint: Res<FoodHint>,
    mut insets: ResMut<ViewportInsets>,
    mut turns: MessageWriter<FoodTurn>,
    mut hints: MessageWriter<FoodHintRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let shown = panels::status_box(
        ctx,
        "food-status",
        330.0,
        (&in_play, &mut insets),
        |ui, s, lang| {
            let g = &s.game;
            let title = match &s.setup.mode {
                FoodMode::Puzzle(p) => format!(
                    "{} {}",
                    lang.t("Solo puzzle"),
                    puzzles::all()
                        .iter()
                        .position(|x| x.id == p.id)
                        .map_or(0, |i| i + 1)
                ),
                FoodMode::Solo => lang.t("Free solo").to_string(),
                FoodMode::Table => lang.t("Several players").to_string(),
            };
            ui.heading(title);
            ui.label(trf(lang, "Marbles left: {}", &[&g.marbles_left()]));
            ui.label(trf(lang, "Moves: {}", &[&g.moves_played()]));
            if g.rules().slides && s.setup.is_solo() {
                ui.label(trf(lang, "Slides: {}", &[&g.slides()[0]]));
            }
            if !s.setup.is_solo() {
                ui.separator();
                for p in 0..g.rules().players {
                    ui.horizontal(|ui| {
                        let turn = !g.is_over() && g.to_move() == p;
                        let name = seat_name(lang, p);
                        let text = trf(lang, "{}: {} captured", &[&name, &g.captures()[p]]);
                        let mark = |ui: &mut egui::Ui| {
                            swatch(ui, PALETTE[p % PALETTE.len()].1);
                        };
                        seat_line(ui, lang, turn, s.seat(p), mark, text);
                        if turn && jobs.bot_thinking() {
                            ui.weak(lang.t("thinking"));
                        }
                    });
                }
            }
            if !g.is_over() && g.moves_played() == 0 {
                // The colours are only for the eye: nobody owns a marble here.
                ui.weak(lang.t("Any marble may be moved: the colours only tell them apart."));
            }
            if !g.is_over() {
                if g.must_capture() {
                    ui.colored_label(
                        crate::ui::theme::WARN,
                        lang.t("A capture is possible: every move must capture."),
                    );
                } else if g.rules().slides {
                    ui.colored_label(
                        crate::ui::theme::INFO,
                        lang.t("No capture anywhere: slide a marble to a neighbouring hole."),
                    );
                }
                if analysis.no_solution(g.revision()) {
                    ui.colored_label(
                        crate::ui::theme::BAD,
                        lang.t(super::jobs::no_solution_words(g)),
                    );
                } else if solver_covers(g) && jobs.watching() {
                    ui.weak(lang.t("Checking whether one marble can still be reached…"));
                }
                if jobs.hinting() {
                    ui.weak(lang.t("Looking for a hint…"));
                } else if solver_covers(g)
                    && hint.0.as_ref().is_some_and(|(r, mv)| {
                        *r == g.revision() && analysis.proven_move(*r) != Some(mv)
                    })
                {
                    ui.weak(lang.t("Hint from the Hard bot: not proven to leave one marble."));
                }
            }
        },
    );
    let Some(s) = shown else {
        return Ok(());
    };
    let (lang, g) = (in_play.lang(), &s.game);
    let can = (g.can_undo(), g.can_redo(), s.human_to_move());
    let hint = play_bar(
        ctx,
        "food-buttons",
        lang,
        can,
        &mut turns,
        |ui, slot, turns| {
            if slot == BarSlot::BeforeSetup
                && ui.button(format!("↺ {}", lang.t("Restart"))).clicked()
            {
                turns.write(FoodTurn::Retry);
            }
        },
    );
    if hint {
        hints.write(FoodHintRequest);
    }
    Ok(())
}

/// The result, once the game is over: solo, the marbles left and the stars;
/// several players, everyone's captures and the winners.
fn finish_window(
    mut contexts: EguiContexts,
    in_play: InPlay<Food>,
    progress: Res<FoodProgress>,
    mut turns: MessageWriter<FoodTurn>,
    mut watches: MessageWriter<WatchAgain>,
) -> Result {
    // A record on show tells its result in the viewer's panel.
    let Some(s) = in_play.played() else {
        return Ok(());
    };
    let FoodStatus::Over { end, winners } = s.game.status() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = in_play.lang();
    let g = &s.game;
    egui::Window::new(lang.t("Game over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_CENTER, egui::vec2(16.0, 30.0))
        .show(ctx, |ui| {
            ui.set_min_width(340.0);
            if s.setup.is_solo() {
                let left = g.marbles_left();
                if left == 1 {
                    ui.heading(format!("🏆 {}", lang.t("One marble left!")));
                } else {
                    ui.heading(trf(lang, "{} marbles left", &[&left]));
                    ui.label(lang.t("No capture is possible any more."));
                }
                if let Some(p) = s.puzzle() {
                    ui.label(
                        egui::RichText::new(stars_text(s.stars()))
                            .size(40.0)
                            .color(crate::ui::theme::GOLD),
                    );
                    let finish = if p.finish.is_some() {
                        lang.t("on the golden ring")
                    } else {
                        lang.t("anywhere")
                    };
                    ui.label(format!("★ {}", lang.t("one marble left")));
                    ui.label(format!(
                        "★ {} ({finish})",
                        lang.t("the last marble placed right")
                    ));
                    match p.min_moves {
                        Some(min) => ui.label(trf(lang, "★ the fewest moves: {}", &[&min])),
                        None => ui.label(format!("☆ {}", lang.t("fewest moves not known yet"))),
                    };
                    let best = progress.stars(&p.id).max(s.stars());
                    ui.label(trf(lang, "Best: {}", &[&stars_text(best)]));
                }
                ui.label(trf(lang, "Moves: {}", &[&g.moves_played()]));
                if g.rules().slides {
                    ui.label(trf(lang, "Slides: {}", &[&g.slides()[0]]));
                }
            } else {
                let names: Vec<String> = winners.iter().map(|&w| seat_name(lang, w)).collect();
                ui.heading(format!("🏆 {} {}", names.join(" & "), lang.t("wins")));
                let why = match end {
                    FoodEnd::OneMarble => lang.t("One marble is left."),
                    FoodEnd::Stuck => lang.t("No move is possible."),
                    FoodEnd::NoCaptures => {
                        lang.t("A full round of slides went by without a capture.")
                    }
                };
                ui.label(why);
                ui.separator();
                let mut order: Vec<usize> = (0..g.rules().players).collect();
                order.sort_by_key(|&p| std::cmp::Reverse(g.captures()[p]));
                for p in order {
                    ui.horizontal(|ui| {
                        swatch(ui, PALETTE[p % PALETTE.len()].1);
                        ui.label(trf(
                            lang,
                            "{}: {} captured",
                            &[&seat_name(lang, p), &g.captures()[p]],
                        ));
                        if winners.contains(&p) {
                            ui.label("🏆");
                        }
                    });
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                // A puzzle solved leads on to the next; else the same again.
                let solved = s.stars() > 0;
                let next = s.puzzle().is_some();
                if next && solved {
                    let text = format!("▶ {}", lang.t("Next puzzle"));
                    if crate::ui::podium::main_button(ui, text).clicked() {
                        turns.write(FoodTurn::NextPuzzle);
                    }
                }
                let retry = format!("↺ {}", lang.t("Retry"));
                let retried = if next && solved {
                    ui.button(retry).clicked()
                } else {
                    crate::ui::podium::main_button(ui, retry).clicked()
                };
                if retried {
                    turns.write(FoodTurn::Retry);
                }
                if next && !solved && ui.button(format!("▶ {}", lang.t("Next puzzle"))).clicked()
                {
                    turns.write(FoodTurn::NextPuzzle);
                }
                if g.can_undo() && ui.button(format!("⟲ {}", lang.t("Undo"))).clicked() {
                    turns.write(FoodTurn::Undo);
                }
                if crate::ui::watch_again_button(ui, lang) {
                    watches.write(WatchAgain(AnyRecord::Food(s.record())));
                }
                if crate::ui::back_to_setup_button(ui, lang) {
                    turns.write(FoodTurn::Setup);
                }
            });
        });
    Ok(())
}
