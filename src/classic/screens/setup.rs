//! The setup screen: players and seats, board size, preset and every rule
//! option, clocks, teams and the first-move draw. The board behind it shows
//! the chosen board with the chosen colours.

use super::kind_name;
use crate::base::{KnownProfiles, OpenGame, ViewportInsets};
use crate::classic::{PendingSetup, SeatKind, StartMatch};
use crate::settings::{Language, Settings};
use crate::ui::i18n::{item_name, item_tip};
use crate::ui::palette::PALETTE;
use crate::ui::{Asking, Overlay, Tr, display_name, swatch, trf};
use crate::ui::{colour_name, language_switch, start_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use starhop_ai::Level;
use starhop_engine::items::MAX_BOX_EVERY;
use starhop_engine::seats::team_of_seats;
use starhop_engine::{FirstMoveMethod, Item, Preset, RuleError, Rules, Teams};
use starhop_games::GameKind;

fn level_tip(lang: Language, level: Level) -> &'static str {
    match level {
        Level::Beginner => lang.t("Plays like someone learning the game, mistakes included."),
        Level::Easy => lang.t("Looks one move ahead."),
        Level::Medium => lang.t("Looks a few moves ahead."),
        Level::Hard => lang.t("A strong club player."),
        Level::Master => lang.t("Thinks as deep as its time allows."),
    }
}

fn preset_name(lang: Language, p: Preset) -> &'static str {
    match p {
        Preset::Classic => lang.t("Classic"),
        Preset::SuperJump => lang.t("Super jump"),
        Preset::Tournament => lang.t("Tournament"),
        Preset::Party => lang.t("Party"),
    }
}

fn method_name(lang: Language, m: FirstMoveMethod) -> &'static str {
    match m {
        FirstMoveMethod::CoinToss => lang.t("Coin toss"),
        FirstMoveMethod::RockPaperScissors => lang.t("Rock-paper-scissors"),
        FirstMoveMethod::Lots => lang.t("Drawing lots"),
        FirstMoveMethod::Fixed(_) => lang.t("Fixed seat"),
    }
}

pub fn setup_screen(
    mut contexts: EguiContexts,
    mut pending: ResMut<PendingSetup>,
    mut settings: ResMut<Settings>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    asking: Res<Asking>,
    mut panel: ResMut<ViewportInsets>,
    mut starts: MessageWriter<StartMatch>,
    mut hosts: MessageWriter<crate::classic::HostGame>,
    keys: Res<ButtonInput<KeyCode>>,
    mut open_game: MessageWriter<OpenGame>,
    profiles: Res<KnownProfiles>,
    mut screen: ResMut<NextState<crate::base::Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    // Edit a copy so unchanged frames do not mark the setup as changed.
    let mut setup = pending.0.clone();
    let mut start = false;
    let shown = egui::Window::new("Starhop")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .default_width(430.0)
        .show(ctx, |ui| {
            // Wide enough for a row of clock choices; longer rows wrap.
            ui.set_min_width(430.0);
            ui.set_max_width(460.0);
            ui.horizontal(|ui| {
                ui.heading(
                    egui::RichText::new(lang.t("Starhop 跳棋"))
                        .size(30.0)
                        .strong(),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    language_switch(ui, &mut settings);
                });
            });
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new(lang.t("Chinese checkers for the whole family")).italics(),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button(format!("🍴 {}", lang.t("Food checkers")))
                        .on_hover_text(lang.t("Capture by jumping: solo puzzles or a table game"))
                        .clicked()
                    {
                        open_game.write(OpenGame(GameKind::Food));
                    }
                });
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(ctx_height(ui) - 170.0)
                .show(ui, |ui| {
                    players_section(ui, lang, &mut setup, profiles.list());
                    ui.separator();
                    board_section(ui, lang, &mut setup.rules);
                    ui.separator();
                    rules_section(ui, lang, &mut setup);
                });
            ui.separator();
            ui.horizontal(|ui| {
                if setup.has_remote() {
                    let host = egui::Button::new(
                        egui::RichText::new(format!("🌐 {}", lang.t("Host game"))).size(20.0),
                    );
                    start |=
                        ui.add(host)
                            .on_hover_text(lang.t(
                                "Open a network table: others join with its address and room code.",
                            ))
                            .clicked();
                } else {
                    start |= start_button(ui, lang);
                }
                if ui.button(format!("📂 {}", lang.t("Load game"))).clicked() {
                    next_overlay.set(Overlay::Load);
                }
                if ui.button(format!("⚙ {}", lang.t("Settings"))).clicked() {
                    next_overlay.set(Overlay::Settings);
                }
                if crate::ui::home_button(ui, lang) {
                    screen.set(crate::base::Screen::Home);
                }
            });
        });
    if let Some(shown) = shown {
        let right = shown.response.rect.right();
        if panel.left != right {
            panel.left = right;
        }
    }
    if keys.just_pressed(KeyCode::Enter)
        && !ctx.egui_wants_keyboard_input()
        && *overlay.get() == Overlay::None
        && asking.0.is_none()
    {
        start = true;
    }
    setup.fit_seats();
    if setup != pending.0 {
        pending.0 = setup.clone();
    }
    if start && setup.has_remote() {
        hosts.write(crate::classic::HostGame(setup));
    } else if start {
        starts.write(StartMatch(setup));
    }
    Ok(())
}

fn ctx_height(ui: &egui::Ui) -> f32 {
    ui.ctx().content_rect().height()
}

fn players_section(
    ui: &mut egui::Ui,
    lang: Language,
    setup: &mut crate::classic::MatchSetup,
    profiles: &[starhop_league::Profile],
) {
    ui.horizontal(|ui| {
        ui.strong(lang.t("Players"));
        for n in [2usize, 3, 4, 6] {
            ui.radio_value(&mut setup.players, n, n.to_string());
        }
    });
    setup.fit_seats();
    // Keep the rules playable for the new player count (the engine says what
    // fits): teams that do not fit and a fixed first mover not at the table fall back.
    if team_of_seats(setup.players, setup.rules.teams).is_err() {
        setup.rules.teams = Teams::None;
    }
    if let Err(RuleError::FirstSeat(_)) = setup.rules.validate(setup.players) {
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
                        .selected_text(colour_name(lang, seat.colour))
                        .show_ui(ui, |ui| {
                            for c in 0..PALETTE.len() as u8 {
                                // A colour another seat uses swaps with it.
                                let label = colour_name(lang, c);
                                ui.selectable_value(&mut seat.colour, c, label);
                            }
                        });
                });
                if seat.profile.is_some() {
                    ui.add_sized(
                        [130.0, 24.0],
                        egui::Label::new(egui::RichText::new(&seat.name).strong()).truncate(),
                    )
                    .on_hover_text(lang.t("A profile plays with its own name and colour."));
                } else {
                    name_field(ui, lang, &mut seat.name, i + 1);
                }
                // Who plays: a guest (any name), a profile, or a bot.
                let was = (seat.kind, seat.profile.clone());
                let mut choice = was.clone();
                let shown = match (&seat.kind, &seat.profile) {
                    (SeatKind::Human, Some(_)) => format!("👤 {}", seat.name),
                    (SeatKind::Human, None) => lang.t("Guest").to_string(),
                    (kind, _) => kind_name(lang, *kind),
                };
                egui::ComboBox::from_id_salt(("kind", i))
                    .width(130.0)
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut choice, (SeatKind::Human, None), lang.t("Guest"))
                            .on_hover_text(lang.t("A person without a profile: not rated."));
                        for p in profiles {
                            let id = Some(p.id.clone());
                            ui.selectable_value(
                                &mut choice,
                                (SeatKind::Human, id),
                                format!("👤 {}", p.name),
                            )
                            .on_hover_text(trf(
                                lang,
                                "Level {}",
                                &[&p.level()],
                            ));
                        }
                        for level in Level::ALL {
                            let kind = SeatKind::Bot(level);
                            ui.selectable_value(&mut choice, (kind, None), kind_name(lang, kind))
                                .on_hover_text(level_tip(lang, level));
                        }
                        let remote = SeatKind::Remote;
                        ui.selectable_value(&mut choice, (remote, None), kind_name(lang, remote))
                            .on_hover_text(lang.t(
                                "A person at another computer joins this seat over the network.",
                            ));
                    });
                if choice != was {
                    seat.kind = choice.0;
                    match choice
                        .1
                        .as_ref()
                        .and_then(|id| profiles.iter().find(|p| &p.id == id))
                    {
                        Some(p) => {
                            seat.name = p.name.clone();
                            seat.colour = crate::ui::palette::nearest_palette(p.colour);
                        }
                        None if seat.profile.is_some() => {
                            seat.name = crate::ui::i18n::default_name(i + 1);
                        }
                        None => {}
                    }
                    seat.profile = choice.1.clone();
                    // One profile sits at one seat: another seat it was at becomes a guest.
                    if choice.1.is_some() {
                        for (j, other) in setup.seats.iter_mut().enumerate() {
                            if j != i && other.profile == choice.1 {
                                other.profile = None;
                                other.name = crate::ui::i18n::default_name(j + 1);
                            }
                        }
                    }
                }
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
    // Wraps as a whole row of choices when the panel is narrow.
    ui.horizontal_wrapped(|ui| {
        ui.strong(lang.t("Board"));
        ui.radio_value(&mut rules.board_size, 3, lang.t("Small (73 holes)"));
        ui.radio_value(&mut rules.board_size, 4, lang.t("Standard (121 holes)"));
        ui.radio_value(&mut rules.board_size, 5, lang.t("Large (181 holes)"));
    });
}

fn rules_section(ui: &mut egui::Ui, lang: Language, setup: &mut crate::classic::MatchSetup) {
    let rules = &mut setup.rules;
    ui.horizontal(|ui| {
        ui.strong(lang.t("Rules"));
        let current = Preset::of(rules);
        egui::ComboBox::from_id_salt("preset")
            .selected_text(current.map_or("…", |p| preset_name(lang, p)))
            .show_ui(ui, |ui| {
                for p in Preset::ALL {
                    let r = ui.add(egui::Button::selectable(
                        current == Some(p),
                        preset_name(lang, p),
                    ));
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
        let t = |s| lang.t(s);
        let opt = |ui: &mut egui::Ui, value: &mut bool, name: &'static str, tip: &'static str| {
            ui.checkbox(value, name).on_hover_text(tip);
        };
        opt(ui, &mut rules.long_jumps, t("Long jumps"), t("Jump over a distant marble with equal empty holes on both sides."));
        opt(ui, &mut rules.no_stopping_in_foreign_camps, t("No stopping in foreign camps"), t("A marble may pass through other camps but not end its move there."));
        opt(ui, &mut rules.locked_in_target, t("Locked in target"), t("A marble that reached its target camp stays inside it."));
        opt(ui, &mut rules.pass_allowed, t("Passing allowed"), t("A player may pass instead of moving."));
        let mut reps = rules.repetition_limit.is_some();
        opt(ui, &mut reps, t("Repetition limit"), t("After 3 back-and-forth moves, going back is no longer allowed."));
        rules.repetition_limit = reps.then_some(3);
        opt(ui, &mut rules.first_in_skips, t("First in skips a turn"), t("House rule: the first player to reach their target skips their next turn."));
        opt(ui, &mut rules.equal_moves, t("Equal moves"), t("When someone finishes, the round is completed so everyone has moved equally often."));
        opt(ui, &mut rules.play_on, t("Play on for places"), t("With 3+ players, keep playing after the winner until every place is decided."));
        opt(ui, &mut rules.anti_passive, t("Anti-passive rule"), t("After moves 20, 25 and 30 enough marbles must have left home, or the player loses."));
        opt(ui, &mut rules.deadlock_adjudication, t("Deadlock adjudication"), t("Two players: after 10 rounds without progress the closer player wins 0.75-0.25."));
        // The team split this player count allows, if any.
        let teams = [(Teams::TwoVsTwo, t("2 against 2")), (Teams::ThreeVsThree, t("3 against 3"))]
            .into_iter()
            .find(|&(teams, _)| team_of_seats(setup.players, teams).is_ok());
        if let Some((teams, name)) = teams {
            ui.horizontal(|ui| {
                ui.label(t("Teams"));
                ui.radio_value(&mut rules.teams, Teams::None, t("None"));
                ui.radio_value(&mut rules.teams, teams, name);
            });
        }
        clock_choice(ui, lang, t("Move time limit"), &mut rules.move_limit_ms, &[5, 10, 20, 30], t("s"), 1_000);
        clock_choice(ui, lang, t("Time bank"), &mut rules.time_bank_ms, &[1, 3, 5, 10], t("min"), 60_000);
        party_options(ui, lang, rules);
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
                        .map_or(String::new(), |s| display_name(lang, &s.name)),
                )
                .show_ui(ui, |ui| {
                    for (i, s) in setup.seats.iter().enumerate() {
                        ui.selectable_value(seat, i as u8, display_name(lang, &s.name));
                    }
                });
        }
    });
}

/// Party mode (RULES §8): items on or off, how often boxes come, and which
/// items they hold (at least one, or the rules would not validate).
fn party_options(ui: &mut egui::Ui, lang: Language, rules: &mut Rules) {
    ui.checkbox(&mut rules.items, lang.t("Items (party mode)")).on_hover_text(lang.t(
        "Item boxes appear in the middle of the board; a marble that stops on one takes a random item.",
    ));
    if !rules.items {
        return;
    }
    ui.indent(egui::Id::new("party"), |ui| {
        let tip = lang.t("Rounds between new boxes (never more than one per player on the board). 0 = only the starting boxes.");
        ui.horizontal(|ui| {
            ui.label(lang.t("New box every")).on_hover_text(tip);
            ui.add(egui::Slider::new(&mut rules.box_every, 0..=MAX_BOX_EVERY))
                .on_hover_text(tip);
            ui.label(lang.t("rounds"));
        });
        ui.label(lang.t("Items in play"));
        ui.horizontal_wrapped(|ui| {
            for item in Item::ALL {
                let mut on = rules.item_set.contains(item);
                let last = on && rules.item_set.len() == 1;
                let r = ui
                    .add_enabled(!last, egui::Checkbox::new(&mut on, item_name(lang, item)))
                    .on_hover_text(item_tip(lang, item))
                    .on_disabled_hover_text(lang.t("At least one item stays in play."));
                if r.changed() {
                    rules.item_set = if on {
                        rules.item_set.with(item)
                    } else {
                        rules.item_set.without(item)
                    };
                }
            }
        });
    });
}

/// The name of a seat. A default name ("Player 2") shows as a grey hint in
/// the interface language, so typing replaces it; emptied, it comes back.
fn name_field(ui: &mut egui::Ui, lang: Language, name: &mut String, number: usize) {
    let default = crate::ui::i18n::default_number(name).is_some();
    let mut text = if default { String::new() } else { name.clone() };
    let hint = if default {
        display_name(lang, name)
    } else {
        trf(lang, "Player {}", &[&number])
    };
    ui.add_sized(
        [130.0, 24.0],
        egui::TextEdit::singleline(&mut text)
            .char_limit(20)
            .hint_text(hint),
    )
    .on_hover_text(lang.t("Name"));
    let edited = if text.trim().is_empty() {
        if default {
            name.clone()
        } else {
            crate::ui::i18n::default_name(number)
        }
    } else {
        text
    };
    if edited != *name {
        *name = edited;
    }
}

fn clock_choice(
    ui: &mut egui::Ui,
    lang: Language,
    label: &str,
    value: &mut Option<u32>,
    choices: &[u32],
    unit: &str,
    scale: u32,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        ui.selectable_value(value, None, lang.t("off"));
        for &c in choices {
            ui.selectable_value(value, Some(c * scale), format!("{c} {unit}"));
        }
    });
}
