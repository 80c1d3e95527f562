//! The setup screen: players and seats, board size, preset and every rule
//! option, clocks, teams and the first-move draw. The board behind it shows
//! the chosen board with the chosen colours.

use super::{Overlay, Tr, swatch};
use crate::play::{PALETTE, PendingSetup, SeatKind, StartMatch};
use crate::settings::{Language, Settings};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use starhop_ai::Level;
use starhop_engine::{FirstMoveMethod, Preset, Rules, Teams};

/// Colour names for the colour menus.
fn colour_name(lang: Language, i: usize) -> &'static str {
    let (en, zh) = [
        ("Red", "红"),
        ("Blue", "蓝"),
        ("Yellow", "黄"),
        ("Green", "绿"),
        ("Purple", "紫"),
        ("White", "白"),
    ][i % PALETTE.len()];
    if lang == Language::Chinese { zh } else { en }
}

/// "Human", or the bot's level ("Bot: Hard").
pub fn kind_name(lang: Language, kind: SeatKind) -> String {
    match kind {
        SeatKind::Human => lang.t("Human").to_string(),
        SeatKind::Bot(level) => format!("{}: {}", lang.t("Bot"), level_name(lang, level)),
    }
}

pub fn level_name(lang: Language, level: Level) -> &'static str {
    lang.t(match level {
        Level::Beginner => "Beginner",
        Level::Easy => "Easy",
        Level::Medium => "Medium",
        Level::Hard => "Hard",
        Level::Master => "Master",
    })
}

fn level_tip(level: Level) -> &'static str {
    match level {
        Level::Beginner => "Plays like someone learning the game, mistakes included.",
        Level::Easy => "Looks one move ahead.",
        Level::Medium => "Looks a few moves ahead.",
        Level::Hard => "A strong club player.",
        Level::Master => "Thinks as deep as its time allows.",
    }
}

fn preset_name(lang: Language, p: Preset) -> &'static str {
    lang.t(match p {
        Preset::Classic => "Classic",
        Preset::SuperJump => "Super jump",
        Preset::Tournament => "Tournament",
        Preset::Party => "Party",
    })
}

fn method_name(lang: Language, m: FirstMoveMethod) -> &'static str {
    lang.t(match m {
        FirstMoveMethod::CoinToss => "Coin toss",
        FirstMoveMethod::RockPaperScissors => "Rock-paper-scissors",
        FirstMoveMethod::Lots => "Drawing lots",
        FirstMoveMethod::Fixed(_) => "Fixed seat",
    })
}

/// The language switch shown on every screen.
pub fn language_switch(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.horizontal(|ui| {
        ui.label("🌐");
        let mut lang = settings.language;
        ui.selectable_value(&mut lang, Language::English, "English");
        ui.selectable_value(&mut lang, Language::Chinese, "中文");
        if lang != settings.language {
            settings.language = lang;
        }
    });
}

pub fn setup_screen(
    mut contexts: EguiContexts,
    mut pending: ResMut<PendingSetup>,
    mut settings: ResMut<Settings>,
    mut overlay: ResMut<Overlay>,
    mut starts: MessageWriter<StartMatch>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    // Edit a copy so unchanged frames do not mark the setup as changed.
    let mut setup = pending.0.clone();
    let mut start = false;
    egui::Window::new("Starhop")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .default_width(390.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading(egui::RichText::new("Starhop 跳棋").size(30.0).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    language_switch(ui, &mut settings);
                });
            });
            ui.label(
                egui::RichText::new(lang.t("Chinese checkers for the whole family")).italics(),
            );
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(ctx_height(ui) - 170.0)
                .show(ui, |ui| {
                    players_section(ui, lang, &mut setup);
                    ui.separator();
                    board_section(ui, lang, &mut setup.rules);
                    ui.separator();
                    rules_section(ui, lang, &mut setup);
                });
            ui.separator();
            ui.horizontal(|ui| {
                let go = egui::Button::new(
                    egui::RichText::new(format!("▶ {}", lang.t("Start game"))).size(20.0),
                );
                if ui.add(go).on_hover_text("Enter").clicked() {
                    start = true;
                }
                if ui.button(format!("📂 {}", lang.t("Load game"))).clicked() {
                    *overlay = Overlay::Load;
                }
                if ui.button(format!("⚙ {}", lang.t("Settings"))).clicked() {
                    *overlay = Overlay::Settings;
                }
            });
        });
    if keys.just_pressed(KeyCode::Enter)
        && !ctx.egui_wants_keyboard_input()
        && *overlay == Overlay::None
    {
        start = true;
    }
    setup.fit_seats();
    if setup != pending.0 {
        pending.0 = setup.clone();
    }
    if start {
        starts.write(StartMatch(setup));
    }
    Ok(())
}

fn ctx_height(ui: &egui::Ui) -> f32 {
    ui.ctx().content_rect().height()
}

fn players_section(ui: &mut egui::Ui, lang: Language, setup: &mut crate::play::MatchSetup) {
    ui.horizontal(|ui| {
        ui.strong(lang.t("Players"));
        for n in [2usize, 3, 4, 6] {
            ui.radio_value(&mut setup.players, n, n.to_string());
        }
    });
    setup.fit_seats();
    // Teams only exist for 4 and 6 players.
    match (setup.players, setup.rules.teams) {
        (4, Teams::ThreeVsThree) | (6, Teams::TwoVsTwo) => setup.rules.teams = Teams::None,
        (2 | 3, _) => setup.rules.teams = Teams::None,
        _ => {}
    }
    if let FirstMoveMethod::Fixed(s) = setup.rules.first_move
        && s as usize >= setup.players
    {
        setup.rules.first_move = FirstMoveMethod::Fixed(0);
    }
    egui::Grid::new("seats")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for i in 0..setup.seats.len() {
                let taken: Vec<u8> = setup.seats.iter().map(|s| s.colour).collect();
                let seat = &mut setup.seats[i];
                ui.horizontal(|ui| {
                    swatch(ui, PALETTE[seat.colour as usize % PALETTE.len()].1);
                    egui::ComboBox::from_id_salt(("colour", i))
                        .width(70.0)
                        .selected_text(colour_name(lang, seat.colour as usize))
                        .show_ui(ui, |ui| {
                            for c in 0..PALETTE.len() as u8 {
                                // A colour another seat uses swaps with it.
                                let label = colour_name(lang, c as usize);
                                ui.selectable_value(&mut seat.colour, c, label);
                            }
                        });
                });
                ui.add_sized(
                    [130.0, 24.0],
                    egui::TextEdit::singleline(&mut seat.name).char_limit(20),
                )
                .on_hover_text(lang.t("Name"));
                egui::ComboBox::from_id_salt(("kind", i))
                    .width(110.0)
                    .selected_text(kind_name(lang, seat.kind))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(
                            &mut seat.kind,
                            SeatKind::Human,
                            kind_name(lang, SeatKind::Human),
                        );
                        for level in Level::ALL {
                            let kind = SeatKind::Bot(level);
                            ui.selectable_value(&mut seat.kind, kind, kind_name(lang, kind))
                                .on_hover_text(lang.t(level_tip(level)));
                        }
                    });
                ui.end_row();
                // Keep colours distinct: if this seat took a colour in use, the other seat gets this one's old colour.
                if let Some(other) =
                    (0..taken.len()).find(|&j| j != i && taken[j] == setup.seats[i].colour)
                {
                    setup.seats[other].colour = taken[i];
                }
            }
        });
}

fn board_section(ui: &mut egui::Ui, lang: Language, rules: &mut Rules) {
    ui.horizontal(|ui| {
        ui.strong(lang.t("Board"));
        ui.radio_value(&mut rules.board_size, 3, lang.t("Small (73 holes)"));
        ui.radio_value(&mut rules.board_size, 4, lang.t("Standard (121 holes)"));
        ui.radio_value(&mut rules.board_size, 5, lang.t("Large (181 holes)"));
    });
}

fn rules_section(ui: &mut egui::Ui, lang: Language, setup: &mut crate::play::MatchSetup) {
    let rules = &mut setup.rules;
    ui.horizontal(|ui| {
        ui.strong(lang.t("Rules"));
        let current = Preset::ALL.into_iter().find(|p| {
            Rules {
                board_size: 4,
                first_move: FirstMoveMethod::Lots,
                teams: Teams::None,
                ..rules.clone()
            } == p.rules()
        });
        egui::ComboBox::from_id_salt("preset")
            .selected_text(current.map_or("…", |p| preset_name(lang, p)))
            .show_ui(ui, |ui| {
                for p in Preset::ALL {
                    let enabled = p != Preset::Party;
                    let r = ui.add_enabled(
                        enabled,
                        egui::Button::selectable(current == Some(p), preset_name(lang, p)),
                    );
                    let r =
                        r.on_disabled_hover_text(lang.t("Party mode arrives in a coming update."));
                    if r.clicked() {
                        *rules = Rules {
                            board_size: rules.board_size,
                            first_move: rules.first_move,
                            teams: rules.teams,
                            ..p.rules()
                        };
                    }
                }
            })
            .response
            .on_hover_text(lang.t("Preset"));
    });
    egui::CollapsingHeader::new(lang.t("All options")).default_open(true).show(ui, |ui| {
        let opt = |ui: &mut egui::Ui, value: &mut bool, name: &'static str, tip: &'static str| {
            ui.checkbox(value, lang.t(name)).on_hover_text(lang.t(tip));
        };
        opt(ui, &mut rules.long_jumps, "Long jumps", "Jump over a distant marble with equal empty holes on both sides.");
        opt(ui, &mut rules.no_stopping_in_foreign_camps, "No stopping in foreign camps", "A marble may pass through other camps but not end its move there.");
        opt(ui, &mut rules.locked_in_target, "Locked in target", "A marble that reached its target camp stays inside it.");
        opt(ui, &mut rules.pass_allowed, "Passing allowed", "A player may pass instead of moving.");
        let mut reps = rules.repetition_limit.is_some();
        opt(ui, &mut reps, "Repetition limit", "After 3 back-and-forth moves, going back is no longer allowed.");
        rules.repetition_limit = reps.then_some(3);
        opt(ui, &mut rules.first_in_skips, "First in skips a turn", "House rule: the first player to reach their target skips their next turn.");
        opt(ui, &mut rules.equal_moves, "Equal moves", "When someone finishes, the round is completed so everyone has moved equally often.");
        opt(ui, &mut rules.play_on, "Play on for places", "With 3+ players, keep playing after the winner until every place is decided.");
        opt(ui, &mut rules.anti_passive, "Anti-passive rule", "After moves 20, 25 and 30 enough marbles must have left home, or the player loses.");
        opt(ui, &mut rules.deadlock_adjudication, "Deadlock adjudication", "Two players: after 10 rounds without progress the closer player wins 0.75-0.25.");
        if matches!(setup.players, 4 | 6) {
            ui.horizontal(|ui| {
                ui.label(lang.t("Teams"));
                ui.radio_value(&mut rules.teams, Teams::None, lang.t("None"));
                let team = if setup.players == 4 { (Teams::TwoVsTwo, "2 against 2") } else { (Teams::ThreeVsThree, "3 against 3") };
                ui.radio_value(&mut rules.teams, team.0, lang.t(team.1));
            });
        }
        clock_choice(ui, lang, "Move time limit", &mut rules.move_limit_ms, &[5, 10, 20, 30], "s", 1_000);
        clock_choice(ui, lang, "Time bank", &mut rules.time_bank_ms, &[1, 3, 5, 10], "min", 60_000);
    });
    ui.horizontal(|ui| {
        ui.strong(lang.t("Who moves first"));
        egui::ComboBox::from_id_salt("first")
            .selected_text(method_name(lang, rules.first_move))
            .show_ui(ui, |ui| {
                for m in [
                    FirstMoveMethod::CoinToss,
                    FirstMoveMethod::RockPaperScissors,
                    FirstMoveMethod::Lots,
                    FirstMoveMethod::Fixed(0),
                ] {
                    let selected =
                        std::mem::discriminant(&m) == std::mem::discriminant(&rules.first_move);
                    if ui
                        .selectable_label(selected, method_name(lang, m))
                        .clicked()
                        && !selected
                    {
                        rules.first_move = m;
                    }
                }
            });
        if let FirstMoveMethod::Fixed(seat) = &mut rules.first_move {
            egui::ComboBox::from_id_salt("fixed-seat")
                .selected_text(
                    setup
                        .seats
                        .get(*seat as usize)
                        .map_or("", |s| s.name.as_str()),
                )
                .show_ui(ui, |ui| {
                    for (i, s) in setup.seats.iter().enumerate() {
                        ui.selectable_value(seat, i as u8, &s.name);
                    }
                });
        }
    });
}

fn clock_choice(
    ui: &mut egui::Ui,
    lang: Language,
    label: &'static str,
    value: &mut Option<u32>,
    choices: &[u32],
    unit: &str,
    scale: u32,
) {
    ui.horizontal(|ui| {
        ui.label(lang.t(label));
        ui.selectable_value(value, None, lang.t("off"));
        for &c in choices {
            ui.selectable_value(value, Some(c * scale), format!("{c} {unit}"));
        }
    });
}
