//! The home screen: Play, Party, Food checkers, Crossing challenge,
//! Draughts, Halma, Network game, Tournament, Profiles, History, Settings, Quit. Arrows and Enter, or the number keys, choose.

use super::ask::LeagueAsk;
use super::{LeagueStore, OpenTournament};
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::classic::PendingSetup;
use crate::settings::{Language, Settings};
use crate::ui::{Ask, Asking, Overlay, Tr, language_switch, screen_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_engine::{Preset, Rules};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        home_screen
            .run_if(in_state(Screen::Home))
            .after(crate::ui::install_fonts),
    );
}

/// The buttons that open a mode's own screen on its setup panel.
#[derive(bevy::ecs::system::SystemParam)]
struct ModeOpens<'w> {
    food: MessageWriter<'w, crate::food::OpenFood>,
    crossing: MessageWriter<'w, crate::crossing::OpenCrossing>,
    draughts: MessageWriter<'w, crate::draughts::OpenDraughts>,
    halma: MessageWriter<'w, crate::halma::OpenHalma>,
}

/// The choices of the home screen, in order (number keys 1 to 9, then 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Play,
    Party,
    Food,
    Crossing,
    Draughts,
    Halma,
    Online,
    Tournament,
    Profiles,
    History,
    Settings,
    Quit,
}

const CHOICES: [Choice; 12] = [
    Choice::Play,
    Choice::Party,
    Choice::Food,
    Choice::Crossing,
    Choice::Draughts,
    Choice::Halma,
    Choice::Online,
    Choice::Tournament,
    Choice::Profiles,
    Choice::History,
    Choice::Settings,
    Choice::Quit,
];

fn label(lang: Language, c: Choice) -> String {
    let (icon, text) = match c {
        Choice::Play => ("▶", lang.t("Play")),
        Choice::Party => ("🎁", lang.t("Party")),
        Choice::Food => ("🍴", lang.t("Food checkers")),
        Choice::Crossing => ("🏁", lang.t("Crossing challenge")),
        Choice::Draughts => ("⛃", lang.t("Draughts")),
        Choice::Halma => ("♟", lang.t("Halma")),
        Choice::Online => ("🌐", lang.t("Network game")),
        Choice::Tournament => ("🏆", lang.t("Tournament")),
        Choice::Profiles => ("👤", lang.t("Profiles")),
        Choice::History => ("📜", lang.t("History")),
        Choice::Settings => ("⚙", lang.t("Settings")),
        Choice::Quit => ("✖", lang.t("Quit")),
    };
    format!("{icon}  {text}")
}

fn tip(lang: Language, c: Choice) -> &'static str {
    match c {
        Choice::Play => lang.t("Chinese checkers for 2 to 6 players, people and bots."),
        Choice::Party => lang.t("Chinese checkers with item boxes on the board."),
        Choice::Food => lang.t("Capture by jumping: solo puzzles or a table game"),
        Choice::Crossing => {
            lang.t("Alone on the board: cross to the opposite point in the fewest moves.")
        }
        Choice::Draughts => {
            lang.t("International (10×10) or Russian (8×8) draughts, people or bots.")
        }
        Choice::Halma => lang.t("The square-board original of 1880, for 2 or 4 players."),
        Choice::Online => lang.t("Host a table or join one over the network."),
        Choice::Tournament => lang.t("A round robin: everyone plays everyone, one game at a time."),
        Choice::Profiles => lang.t("Players with rating points and levels."),
        Choice::History => lang.t("Every finished game, newest first."),
        Choice::Settings => lang.t("Language, sound and display."),
        Choice::Quit => lang.t("Leave Starhop."),
    }
}

/// Whether the keyboard is free for a screen's own keys: no window, question
/// or text field has it.
pub fn keys_free(ctx: &egui::Context, overlay: &Overlay, asking: &Asking, ask: &LeagueAsk) -> bool {
    *overlay == Overlay::None
        && asking.0.is_none()
        && ask.0.is_none()
        && !ctx.egui_wants_keyboard_input()
}

fn home_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut asking: ResMut<Asking>,
    ask: Res<LeagueAsk>,
    mut panel: ResMut<ViewportInsets>,
    mut pending: ResMut<PendingSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut opens: ModeOpens,
    mut open: ResMut<OpenTournament>,
    store: Option<Res<LeagueStore>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut selected: Local<usize>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut chosen = None;
    if keys_free(ctx, overlay.get(), &asking, &ask) {
        if keys.just_pressed(KeyCode::ArrowDown) {
            *selected = (*selected + 1) % CHOICES.len();
        }
        if keys.just_pressed(KeyCode::ArrowUp) {
            *selected = (*selected + CHOICES.len() - 1) % CHOICES.len();
        }
        if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
            chosen = Some(CHOICES[*selected]);
        }
        let digits = [
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
            KeyCode::Digit4,
            KeyCode::Digit5,
            KeyCode::Digit6,
            KeyCode::Digit7,
            KeyCode::Digit8,
            KeyCode::Digit9,
            KeyCode::Digit0,
        ];
        if let Some(i) = digits.iter().position(|&k| keys.just_pressed(k)) {
            *selected = i;
            chosen = Some(CHOICES[i]);
        }
    }
    screen_panel(ctx, "home", 360.0, &mut panel, |ui| {
        ui.horizontal(|ui| {
            ui.heading(
                egui::RichText::new(lang.t("Starhop 跳棋"))
                    .size(30.0)
                    .strong(),
            );
        });
        ui.label(egui::RichText::new(lang.t("Chinese checkers for the whole family")).italics());
        language_switch(ui, &mut settings);
        ui.separator();
        ui.add_space(4.0);
        for (i, &c) in CHOICES.iter().enumerate() {
            let text = egui::RichText::new(label(lang, c)).size(19.0);
            let button = egui::Button::new(text)
                .selected(*selected == i)
                .min_size(egui::vec2(ui.available_width() - 34.0, 34.0));
            ui.horizontal(|ui| {
                // The tenth choice is on the 0 key; the eleventh has none.
                let key = if i < 10 {
                    ((i + 1) % 10).to_string()
                } else {
                    " ".to_string()
                };
                ui.label(egui::RichText::new(key).weak().monospace());
                let r = ui.add(button).on_hover_text(tip(lang, c));
                if r.hovered() {
                    *selected = i;
                }
                if r.clicked() {
                    chosen = Some(c);
                }
            });
        }
        ui.add_space(4.0);
        ui.label(egui::RichText::new(lang.t("↑ ↓ and Enter, or the number keys.")).weak());
        if let Some(store) = &store {
            leaders(ui, lang, store);
        }
    });
    let Some(c) = chosen else { return Ok(()) };
    match c {
        Choice::Play | Choice::Party => {
            let rules = &pending.0.rules;
            let want = if c == Choice::Party {
                Preset::Party
            } else {
                Preset::Classic
            };
            // Party turns items on; Play leaves the chosen rules unless they are a party's.
            if c == Choice::Party || rules.items {
                let kept = Rules {
                    board_size: rules.board_size,
                    first_move: rules.first_move,
                    teams: rules.teams,
                    ..want.rules()
                };
                pending.0.rules = kept;
            }
            next.set(Screen::Setup);
        }
        Choice::Food => {
            opens.food.write(crate::food::OpenFood);
        }
        Choice::Draughts => {
            opens.draughts.write(crate::draughts::OpenDraughts);
        }
        Choice::Halma => {
            opens.halma.write(crate::halma::OpenHalma);
        }
        Choice::Crossing => {
            opens.crossing.write(crate::crossing::OpenCrossing);
        }
        Choice::Online => next.set(Screen::Online),
        Choice::Tournament => {
            open.0 = None;
            next.set(Screen::Tournament);
        }
        Choice::Profiles => next.set(Screen::Profiles),
        Choice::History => next.set(Screen::History),
        Choice::Settings => next_overlay.set(Overlay::Settings),
        Choice::Quit => asking.0 = Some(Ask::Quit),
    }
    Ok(())
}

/// The best five profiles, as a small table under the menu.
fn leaders(ui: &mut egui::Ui, lang: Language, store: &LeagueStore) {
    let mut list: Vec<_> = store.league.profiles.list.iter().collect();
    if list.is_empty() {
        return;
    }
    list.sort_by(|a, b| b.points.cmp(&a.points).then(a.name.cmp(&b.name)));
    ui.separator();
    ui.strong(lang.t("Best players"));
    egui::Grid::new("home-leaders")
        .num_columns(3)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            for p in list.into_iter().take(5) {
                ui.horizontal(|ui| {
                    crate::ui::swatch(ui, super::profiles::colour_of(p));
                    ui.label(&p.name);
                });
                ui.label(crate::ui::trf(lang, "Level {}", &[&p.level()]));
                ui.label(crate::ui::trf(lang, "{} points", &[&p.points]));
                ui.end_row();
            }
        });
}
