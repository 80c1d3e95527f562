//! The in-game HUD (whose turn, round, progress, clocks, buttons, warnings,
//! and in party mode the items: see `items`) and the end screen.

use super::seat_name;
use crate::base::{PauseReasons, WatchAgain};
use crate::classic::race::RaceView;
use crate::classic::{
    BackToSetup, BackToTournament, BotMind, BotSpeed, EndScreenLeague, HintRequest, Match,
    RatingLine, SeatKind, StartMatch, TurnRequest,
};
use crate::persist::SaveGame;
use crate::settings::{Language, Settings};
use crate::stage::input::{ItemChoice, ItemTargeting};
use crate::ui::palette::PALETTE;
use crate::ui::{Ask, Asking, Overlay, Tr, swatch, trf};
use crate::ui::{button_bar, undo_redo_buttons};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use starhop_engine::{EndReason, Seat, Status};
use starhop_games::AnyRecord;

/// How many turns ahead of an anti-passive check the HUD warns.
const ANTI_PASSIVE_WARNING_TURNS: u32 = 5;

/// A seat's state: finished (in how many turns, unless `with_turns` is off
/// because the turns are shown beside it) or out.
fn status_text(lang: Language, m: &Match, seat: Seat, with_turns: bool) -> String {
    match m.game.player(seat).status {
        Status::Playing => String::new(),
        Status::Finished { turns } if with_turns => format!("✔ {} ({turns})", lang.t("finished")),
        Status::Finished { .. } => format!("✔ {}", lang.t("finished")),
        Status::Out { .. } => format!("✖ {}", lang.t("out")),
    }
}

/// A seat's colour: the shape mark on it when shape marks are on (so the
/// scoreboard links shapes to players), and a robot after it for a bot.
fn seat_badge(ui: &mut egui::Ui, lang: Language, m: &Match, seat: Seat, shapes: bool) {
    let s = &m.setup.seats[seat as usize];
    if shapes {
        crate::ui::swatch_with_shape(ui, s.colour as usize);
    } else {
        swatch(ui, m.colour(seat));
    }
    if let SeatKind::Bot(_) = s.kind {
        crate::ui::robot(ui).on_hover_text(super::kind_name(lang, s.kind));
    }
}

pub fn hud(
    mut contexts: EguiContexts,
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    mind: Res<BotMind>,
    time: Res<Time>,
    mut overlay: ResMut<NextState<Overlay>>,
    mut asking: ResMut<Asking>,
    mut pause: ResMut<PauseReasons>,
    mut speed: ResMut<BotSpeed>,
    mut turns: MessageWriter<TurnRequest>,
    mut hints: MessageWriter<HintRequest>,
    targeting: Res<ItemTargeting>,
    mut choices: MessageWriter<ItemChoice>,
    race: Res<RaceView>,
) -> Result {
    let Some(m) = game else { return Ok(()) };
    let party = m.game.rules().items;
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let g = &m.game;
    let seat = g.to_move();
    let camp = g.position().board().camp_size() as u32;

    // Whose turn, round and move count, the move clock.
    egui::Area::new("turn".into())
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                if !g.is_over() {
                    ui.horizontal(|ui| {
                        seat_badge(ui, lang, &m, seat, settings.shape_marks);
                        ui.heading(format!(
                            "{} {}",
                            seat_name(lang, &m, seat),
                            lang.t("to move")
                        ));
                    });
                    if pause.any() {
                        // Bots and clocks stand still meanwhile.
                        ui.label(lang.t("paused"));
                    } else if mind.is_thinking() {
                        // Three dots that fill up while the bot thinks.
                        let dots = ".".repeat(1 + (time.elapsed_secs() * 3.0) as usize % 3);
                        ui.label(format!("{}{dots}", lang.t("thinking")));
                    }
                }
                ui.label(format!(
                    "{} {} · {} {}",
                    lang.t("Round"),
                    g.rounds() + 1,
                    lang.t("Move"),
                    crate::classic::move_number(g)
                ));
                if let Some(left) = g.move_time_left().filter(|_| !g.is_over()) {
                    let colour = if left < 3_000 {
                        crate::ui::theme::BAD
                    } else {
                        crate::ui::theme::MUTED
                    };
                    ui.colored_label(
                        colour,
                        format!("⏱ {} {}", lang.t("move time"), crate::ui::clock_text(left)),
                    );
                }
                // The race, once the armies have passed (see `race`).
                if let Some(lanes) = race.current(&m).filter(|_| !g.is_over()) {
                    ui.label(lang.t("Race"));
                    for (s, lane) in (0..).zip(lanes) {
                        let args: [&dyn std::fmt::Display; 2] =
                            [&seat_name(lang, &m, s), &lane.moves];
                        // Each template at its call, so the table check sees it.
                        let text = if lane.exact {
                            trf(lang, "{}: {} moves to go", &args)
                        } else {
                            trf(lang, "{}: at least {} moves to go", &args)
                        };
                        ui.horizontal(|ui| {
                            swatch(ui, m.colour(s));
                            ui.label(text);
                        });
                    }
                }
                // The anti-passive warning, a few turns before a check the
                // player would fail as things stand (the engine knows the rule).
                if let Some(check) = g.next_anti_passive_check(seat)
                    && check.turn - g.player(seat).turns <= ANTI_PASSIVE_WARNING_TURNS
                    && check.out_now < check.needed
                {
                    let text = trf(
                        lang,
                        "Anti-passive rule: after move {}, {} marbles must be out of home; now {}",
                        &[&check.turn, &check.needed, &check.out_now],
                    );
                    ui.colored_label(crate::ui::theme::WARN, format!("⚠ {text}"));
                }
                if party {
                    super::items::hand_section(ui, lang, &m, &targeting, &mut choices);
                }
            });
        });

    // Every player: colour, name, progress into the target, bank time.
    egui::Area::new("players".into())
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                // Room for three item slots in party mode.
                ui.set_width(if party { 310.0 } else { 250.0 });
                for s in 0..g.players() as Seat {
                    ui.horizontal(|ui| {
                        seat_badge(ui, lang, &m, s, settings.shape_marks);
                        let name = egui::RichText::new(seat_name(lang, &m, s));
                        ui.label(if s == seat && !g.is_over() {
                            name.strong()
                        } else {
                            name
                        });
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if party {
                                super::items::held_row(ui, lang, &m, s);
                            }
                            if let Some(bank) = g.bank_left(s) {
                                ui.monospace(crate::ui::clock_text(bank));
                            }
                            ui.small(status_text(lang, &m, s, true));
                        });
                    });
                    let inside = g.position().in_target(s);
                    ui.add(
                        egui::ProgressBar::new(inside as f32 / camp as f32)
                            .desired_height(6.0)
                            .fill(crate::ui::egui_colour(m.colour(s))),
                    )
                    .on_hover_text(format!("{inside}/{camp} {}", lang.t("in target")));
                }
            });
        });

    // Buttons, with their keys in the tooltips; on a narrow window the row wraps.
    let screen = ctx.content_rect();
    let bar = button_bar(ctx, "buttons", |ui| {
        // Bots playing bots are watched, not taken back.
        let watched = m.setup.bots_only();
        let (undo, redo) =
            undo_redo_buttons(ui, lang, g.can_undo() && !watched, g.can_redo() && !watched);
        if undo {
            turns.write(TurnRequest::Undo);
        }
        if redo {
            turns.write(TurnRequest::Redo);
        }
        let human = m.setup.seats[seat as usize].kind == SeatKind::Human && !g.is_over();
        let pass = egui::Button::new(lang.t("Pass"));
        if ui
            .add_enabled(g.can_pass() && human, pass)
            .on_hover_text("P")
            .clicked()
        {
            turns.write(TurnRequest::Pass);
        }
        let resign = egui::Button::new(format!("⚐ {}", lang.t("Resign")));
        if ui.add_enabled(human, resign).clicked() {
            asking.0 = Some(Ask::Resign(seat));
        }
        // Always in its place (the buttons never shift): on a bot's turn it
        // is only greyed.
        let hint = egui::Button::new(format!("💡 {}", lang.t("Hint")));
        let tip = format!("H · {}", lang.t("Show the move the Hard bot would play."));
        if ui
            .add_enabled(human && !mind.is_hinting(), hint)
            .on_hover_text(tip.clone())
            .on_disabled_hover_text(tip)
            .clicked()
        {
            hints.write(HintRequest);
        }
        // Watching bots: pause and speed.
        if m.setup.bots_only() && !g.is_over() {
            let label = if pause.watcher {
                format!("▶ {}", lang.t("Resume"))
            } else {
                format!("⏸ {}", lang.t("Pause"))
            };
            if ui.button(label).clicked() {
                pause.watcher = !pause.watcher;
            }
            ui.label(lang.t("Speed"));
            for x in [1.0, 2.0, 4.0] {
                ui.selectable_value(&mut speed.0, x, format!("{x}×"));
            }
        }
        if ui
            .button(format!("☰ {}", lang.t("Menu")))
            .on_hover_text("Esc")
            .clicked()
        {
            overlay.set(Overlay::Pause);
        }
    });
    // The help line sits right of the buttons when there is room for it,
    // else above them at the right, never under them.
    let bar = bar.response.rect;
    let beside = screen.right() - 16.0 - (bar.right() + 16.0);
    let (width, lift) = if beside >= 200.0 {
        (beside.min(330.0), 16.0)
    } else {
        (
            (screen.width() - 32.0).min(330.0),
            screen.bottom() - bar.top() + 8.0,
        )
    };
    egui::Area::new("help".into())
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-16.0, -lift))
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(width);
            ui.add(
                egui::Label::new(
                    egui::RichText::new(lang.t("Click a marble, then a glowing hole. Right-drag turns the board, wheel zooms, T: top view.")).small(),
                )
                .wrap(),
            );
        });
    Ok(())
}

/// Whether the end window was closed to look at the board.
#[derive(Default)]
pub struct EndClosed(Option<usize>);

pub fn end_screen(
    mut contexts: EguiContexts,
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    mut closed: Local<EndClosed>,
    mut starts: MessageWriter<StartMatch>,
    mut back: MessageWriter<BackToSetup>,
    mut saves: MessageWriter<SaveGame>,
    league: Res<EndScreenLeague>,
    mut to_tournament: MessageWriter<BackToTournament>,
    mut replays: MessageWriter<WatchAgain>,
) -> Result {
    let Some(m) = game else { return Ok(()) };
    let Some(outcome) = m.game.outcome() else {
        closed.0 = None;
        return Ok(());
    };
    let actions = m.game.actions().count();
    if closed.0 == Some(actions) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut order: Vec<Seat> = (0..m.game.players() as Seat).collect();
    order.sort_by_key(|&s| outcome.places[s as usize]);
    // Each profile's rating change (bots and guests have none), as the league filed it.
    let rating = |s: Seat| league.rating.get(s as usize).copied().flatten();
    let rated = league.rating.iter().any(Option::is_some);
    let held_back = &league.held_back;
    let tournament = league.tournament;
    egui::Window::new(lang.t("Game over"))
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -20.0))
        .show(ctx, |ui| {
            ui.set_min_width(420.0);
            ui.vertical_centered(|ui| result_heading(ui, lang, &m, outcome));
            let steps: Vec<crate::ui::podium::Step> = order
                .iter()
                .map(|&s| crate::ui::podium::Step {
                    place: outcome.places[s as usize],
                    colour: crate::ui::egui_colour(
                        PALETTE[m.setup.seats[s as usize].colour as usize % PALETTE.len()].1,
                    ),
                    name: seat_name(lang, &m, s),
                    note: rating(s).map(|line| {
                        let colour = if line.points < 0 {
                            crate::ui::theme::BAD
                        } else {
                            crate::ui::theme::GOOD
                        };
                        egui::RichText::new(line.points_text())
                            .strong()
                            .color(colour)
                    }),
                })
                .collect();
            crate::ui::podium::podium(ui, &steps);
            ui.separator();
            egui::Grid::new("ranking")
                .striped(true)
                .num_columns(if rated { 6 } else { 5 })
                .show(ui, |ui| {
                    ui.strong(lang.t("Place"));
                    ui.strong("");
                    ui.strong(lang.t("Name"));
                    ui.strong(lang.t("Turns"));
                    ui.strong(if outcome.scores.is_some() {
                        lang.t("Score")
                    } else {
                        ""
                    });
                    if rated {
                        ui.strong(lang.t("Rating"));
                    }
                    ui.end_row();
                    for &s in &order {
                        ui.label(outcome.places[s as usize].to_string());
                        ui.horizontal(|ui| seat_badge(ui, lang, &m, s, settings.shape_marks));
                        ui.label(format!(
                            "{} {}",
                            seat_name(lang, &m, s),
                            status_text(lang, &m, s, false)
                        ));
                        ui.label(m.game.player(s).turns.to_string());
                        ui.label(
                            outcome
                                .scores
                                .as_ref()
                                .map_or(String::new(), |sc| format!("{}", sc[s as usize])),
                        );
                        if rated {
                            let would = held_back.as_ref().and_then(|h| h.would_have[s as usize]);
                            rating_cell(ui, lang, rating(s), would);
                        }
                        ui.end_row();
                    }
                });
            if let Some(h) = &held_back {
                ui.add(egui::Label::new(egui::RichText::new(h.reason(lang)).weak()).wrap());
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if tournament {
                    let text = format!("🏆 {}", lang.t("Back to the tournament"));
                    if crate::ui::podium::main_button(ui, text).clicked() {
                        to_tournament.write(BackToTournament);
                    }
                } else {
                    let again =
                        crate::ui::podium::main_button(ui, format!("↻ {}", lang.t("Play again")));
                    if again.clicked() {
                        starts.write(StartMatch(m.setup.clone()));
                    }
                    if ui.button(lang.t("New game")).clicked() {
                        back.write(BackToSetup);
                    }
                }
                if ui.button(format!("💾 {}", lang.t("Save game"))).clicked() {
                    saves.write(SaveGame);
                }
                if crate::ui::watch_again_button(ui, lang) {
                    replays.write(WatchAgain(AnyRecord::Classic(m.record())));
                }
                if ui.button(lang.t("Look at the board")).clicked() {
                    closed.0 = Some(actions);
                }
            });
        });
    Ok(())
}

/// A profile's rating change on the end screen: "+12", "−8", and a new
/// level ("Level 3!").
fn rating_cell(
    ui: &mut egui::Ui,
    lang: Language,
    line: Option<RatingLine>,
    would_have: Option<i32>,
) {
    let Some(line) = line else {
        ui.label("");
        return;
    };
    ui.horizontal(|ui| {
        let colour = match line.points {
            p if p > 0 => crate::ui::theme::GOOD,
            p if p < 0 => crate::ui::theme::BAD,
            _ => ui.visuals().text_color(),
        };
        ui.label(
            egui::RichText::new(line.points_text())
                .strong()
                .color(colour),
        );
        // What the early-game rule held back (explained under the table).
        if let Some(w) = would_have {
            ui.label(egui::RichText::new(trf(lang, "(would have been +{})", &[&w])).weak());
        }
        if let Some(level) = line.new_level {
            let text = if line.points > 0 {
                trf(lang, "Level {}!", &[&level])
            } else {
                trf(lang, "Level {}", &[&level])
            };
            ui.label(
                egui::RichText::new(text)
                    .strong()
                    .color(crate::ui::theme::GOLD),
            );
        }
    });
}

/// The winners (or "Draw") as a heading, and the adjudication when there was one.
pub(crate) fn result_heading(
    ui: &mut egui::Ui,
    lang: Language,
    m: &Match,
    outcome: &starhop_engine::Outcome,
) {
    let winners: Vec<String> = (0..m.game.players() as Seat)
        .filter(|&s| outcome.places[s as usize] == 1)
        .map(|s| seat_name(lang, m, s))
        .collect();
    let headline = if winners.len() > 1 && m.game.players() == 2 {
        lang.t("Draw").to_string()
    } else {
        format!("🏆 {} {}", winners.join(" & "), lang.t("wins"))
    };
    ui.heading(headline);
    if outcome.reason == EndReason::Deadlock {
        ui.label(lang.t("Deadlock adjudication"));
    }
}
