//! The pause menu, settings, saved games, the controls list and the Yes/No
//! questions. Every one is modal: centred, on top, over a dimmed backdrop
//! that blocks clicks to the game behind.

use crate::base::PauseReasons;
use crate::base::Screen;
use crate::classic::saves::{DeleteSave, LoadGame, RefreshSaves, SaveList, SaveState};
use crate::classic::{BackToSetup, Match, StartMatch, TurnRequest};
use crate::draughts::Draughts;
use crate::food::Food;
use crate::halma::Halma;
use crate::kit::panels::SavedList;
use crate::persist::SaveGame;
use crate::replay::OpenReplayFile;
use crate::settings::{FrameCap, Language, Quality, Settings, UiScale};
use crate::stage::input::ToggleMenu;
use crate::ui::{Ask, Asking, Overlay, Tr, ask_yes_no, modal, seat_in_list, trf};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, egui};

/// Width of the menus' buttons.
const BUTTON_WIDTH: f32 = 230.0;

/// Esc (or B / Start on a gamepad) steps back: it answers an open question
/// with No, closes a window (settings, saves and controls go back to the menu
/// in a game), or opens and closes the pause menu. The clocks stop while a
/// menu or a question is open.
///
/// In a game the input system turns Esc into `ToggleMenu`; when egui has the
/// keyboard (a focused button) the input system leaves keys alone, and on the
/// setup screen it does not run, so there Esc is read here.
pub fn escape(
    mut toggles: MessageReader<ToggleMenu>,
    keys: Res<ButtonInput<KeyCode>>,
    egui_input: Option<Res<EguiWantsInput>>,
    screen: Res<State<Screen>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    mut asking: ResMut<Asking>,
    mut reasons: ResMut<PauseReasons>,
) {
    let egui_has_keys = egui_input.is_some_and(|e| e.wants_any_keyboard_input());
    let toggled = toggles.read().count() > 0;
    // An open window or question always has Esc; elsewhere the screens'
    // own input takes it first (and only what is left comes here).
    let open = *overlay.get() != Overlay::None || asking.0.is_some();
    let esc =
        keys.just_pressed(KeyCode::Escape) && (open || screen.get().is_menu() || egui_has_keys);
    if toggled || esc {
        if asking.0.is_some() {
            asking.0 = None;
        } else {
            let in_game = *screen.get() == Screen::Playing;
            NextState::set_if_neq(&mut next, step_back(*overlay.get(), in_game));
        }
    }
    let want = *overlay.get() != Overlay::None || asking.0.is_some();
    if reasons.menu != want {
        reasons.menu = want;
    }
}

/// Where Esc leads from an overlay.
fn step_back(from: Overlay, in_game: bool) -> Overlay {
    match from {
        Overlay::None if in_game => Overlay::Pause,
        Overlay::Settings | Overlay::Load | Overlay::Help if in_game => Overlay::Pause,
        _ => Overlay::None,
    }
}

/// Leaving a game closes its menus and questions.
pub fn close_everything(mut next: ResMut<NextState<Overlay>>, mut asking: ResMut<Asking>) {
    NextState::set_if_neq(&mut next, Overlay::None);
    asking.0 = None;
}

/// Opening the saved games reads the folder afresh.
pub fn refresh_saves(mut refresh: MessageWriter<RefreshSaves>) {
    refresh.write(RefreshSaves);
}

/// A full-width menu button.
fn menu_button(ui: &mut egui::Ui, text: String) -> egui::Response {
    ui.add_sized([BUTTON_WIDTH, 32.0], egui::Button::new(text))
}

/// What the menu windows may send.
type MenuWriters<'w> = (
    MessageWriter<'w, SaveGame>,
    MessageWriter<'w, LoadGame>,
    MessageWriter<'w, BackToSetup>,
    MessageWriter<'w, StartMatch>,
    MessageWriter<'w, OpenReplayFile>,
);

pub fn overlays(
    mut contexts: EguiContexts,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut asking: ResMut<Asking>,
    mut settings: ResMut<Settings>,
    saves: Res<SaveList>,
    game: Option<Res<Match>>,
    mut writers: MenuWriters,
    // One at a time: both lists write notices.
    mut others: ParamSet<(SavedList<Food>, SavedList<Draughts>, SavedList<Halma>)>,
    mut opened: Local<Option<Overlay>>,
) -> Result {
    let overlay = *overlay.get();
    let just_opened = *opened != Some(overlay);
    *opened = Some(overlay);
    if overlay == Overlay::None {
        return Ok(());
    }
    let (saves_w, loads, back_to_setup, starts, watches) = &mut writers;
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut next = overlay;
    // Closing a window goes back to the menu in a game, or to the setup screen.
    let back = if game.is_some() {
        Overlay::Pause
    } else {
        Overlay::None
    };
    // A question on top takes the keyboard.
    let quiet = asking.0.is_some();
    match overlay {
        Overlay::None => {}
        Overlay::Pause => {
            modal(ctx, egui::Id::new("modal-pause"), lang.t("Paused"), |ui| {
                ui.vertical_centered(|ui| {
                    let resume = menu_button(ui, format!("▶ {}", lang.t("Resume")));
                    // The keyboard starts on Resume: Enter resumes, arrows and Tab move.
                    if (just_opened || ui.memory(|m| m.focused().is_none())) && !quiet {
                        resume.request_focus();
                    }
                    if resume.clicked() {
                        next = Overlay::None;
                    }
                    if let Some(m) = &game {
                        let over = m.game.is_over();
                        if menu_button(ui, format!("↻ {}", lang.t("Restart"))).clicked() {
                            if over {
                                starts.write(StartMatch(m.setup.clone()));
                                next = Overlay::None;
                            } else {
                                asking.0 = Some(Ask::Restart);
                            }
                        }
                        if menu_button(ui, format!("💾 {}", lang.t("Save game"))).clicked() {
                            saves_w.write(SaveGame);
                            next = Overlay::None;
                        }
                        if menu_button(ui, format!("📂 {}", lang.t("Load game"))).clicked() {
                            next = Overlay::Load;
                        }
                        if menu_button(ui, format!("⚙ {}", lang.t("Settings"))).clicked() {
                            next = Overlay::Settings;
                        }
                        if menu_button(ui, format!("⌨ {}", lang.t("Controls"))).clicked() {
                            next = Overlay::Help;
                        }
                        if menu_button(ui, format!("⏏ {}", lang.t("Back to setup"))).clicked() {
                            if over {
                                // Nothing to lose: a finished game just goes.
                                back_to_setup.write(BackToSetup);
                                next = Overlay::None;
                            } else {
                                asking.0 = Some(Ask::BackToSetup);
                            }
                        }
                    }
                    if menu_button(ui, format!("✖ {}", lang.t("Quit"))).clicked() {
                        asking.0 = Some(Ask::Quit);
                    }
                });
            });
        }
        Overlay::Settings => {
            modal(
                ctx,
                egui::Id::new("modal-settings"),
                lang.t("Settings"),
                |ui| {
                    ui.set_width(340.0);
                    let mut s = settings.clone();
                    // Taller than a small window at the larger interface
                    // sizes: the rows scroll, Close stays in sight.
                    let tallest = ui.ctx().content_rect().height() * 0.7;
                    egui::ScrollArea::vertical()
                        .max_height(tallest)
                        .show(ui, |ui| settings_rows(ui, &mut s, lang));
                    if s != *settings {
                        *settings = s;
                    }
                    if close_row(ui, lang, just_opened) {
                        next = back;
                    }
                },
            );
        }
        Overlay::Load => {
            modal(
                ctx,
                egui::Id::new("modal-load"),
                lang.t("Saved games"),
                |ui| {
                    ui.set_width(460.0);
                    if just_opened {
                        others.p0().relist();
                        others.p1().relist();
                    }
                    let others_empty =
                        others.p0().files().is_empty() && others.p1().files().is_empty();
                    if saves.entries.is_empty() && others_empty {
                        ui.label(lang.t("No saved games yet."));
                    }
                    egui::ScrollArea::vertical()
                        .max_height((ui.ctx().content_rect().height() - 220.0).clamp(120.0, 420.0))
                        .show(ui, |ui| {
                            for entry in saves.entries.iter().take(100) {
                                if let Some(path) = save_row(ui, lang, entry, quiet) {
                                    match path {
                                        RowAction::Load(p) => {
                                            loads.write(LoadGame(p));
                                            next = Overlay::None;
                                        }
                                        RowAction::Watch(p) => {
                                            watches.write(OpenReplayFile(p));
                                            next = Overlay::None;
                                        }
                                        RowAction::Delete(p) => asking.0 = Some(Ask::DeleteSave(p)),
                                    }
                                }
                            }
                            // The other games' saves, each under its name;
                            // loading one opens its screen.
                            let food = lang.t("Food checkers");
                            let draughts = lang.t("Draughts");
                            let halma = lang.t("Halma");
                            if other_saves(ui, lang, food, &mut others.p0(), watches, quiet)
                                | other_saves(ui, lang, draughts, &mut others.p1(), watches, quiet)
                                | other_saves(ui, lang, halma, &mut others.p2(), watches, quiet)
                            {
                                next = Overlay::None;
                            }
                        });
                    if close_row(ui, lang, just_opened) {
                        next = back;
                    }
                },
            );
        }
        Overlay::Help => {
            modal(
                ctx,
                egui::Id::new("modal-help"),
                lang.t("Keyboard and gamepad"),
                |ui| {
                    egui::Grid::new("keys")
                        .num_columns(2)
                        .striped(true)
                        .show(ui, |ui| {
                            let orbit = format!("Q E W S, {}", lang.t("right-drag"));
                            for (keys, what) in [
                                (
                                    "Enter / Space / A",
                                    lang.t("Lift a marble / move to the marked hole"),
                                ),
                                (
                                    "Esc / B / Start",
                                    lang.t("Put the marble back, or open the menu"),
                                ),
                                ("← ↑ → ↓ / D-pad", lang.t("Move the cursor")),
                                ("Tab / LT / RT", lang.t("Next marble that can move")),
                                ("U, Ctrl+Z", lang.t("Undo")),
                                ("Y, Ctrl+Shift+Z", lang.t("Redo")),
                                ("P", lang.t("Pass")),
                                ("H", lang.t("Hint")),
                                (orbit.as_str(), lang.t("Turn and tilt the board")),
                                ("T", lang.t("Top-down view")),
                                ("Home", lang.t("Face the player to move")),
                                ("F11", lang.t("Full screen, and back")),
                                ("M", lang.t("Sound off, and on again")),
                            ] {
                                ui.monospace(keys);
                                ui.label(what);
                                ui.end_row();
                            }
                        });
                    if close_row(ui, lang, just_opened) {
                        next = back;
                    }
                },
            );
        }
    }
    if next != overlay {
        next_overlay.set(next);
    }
    Ok(())
}

/// Another game's saved games in the Load window, under its name (nothing
/// when it has none): each by its file's name, to watch or load. Whether
/// one was opened.
fn other_saves<G: crate::kit::SavedGame>(
    ui: &mut egui::Ui,
    lang: Language,
    title: &str,
    list: &mut SavedList<G>,
    watches: &mut MessageWriter<OpenReplayFile>,
    quiet: bool,
) -> bool {
    if list.files().is_empty() {
        return false;
    }
    ui.add_space(4.0);
    ui.strong(title);
    let mut picked = None;
    for path in list.files() {
        let name = crate::kit::saves::save_name(path);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(egui::RichText::new(name).strong()).wrap())
                .on_hover_text(path.display().to_string());
            ui.horizontal(|ui| {
                crate::ui::trailing(ui, path, |ui| {
                    if let Some(a) = watch_or_load(ui, lang, path, quiet) {
                        picked = Some(a);
                    }
                });
            });
        });
    }
    match picked {
        Some(RowAction::Load(path)) => list.load(&path, lang),
        Some(RowAction::Watch(path)) => {
            watches.write(OpenReplayFile(path));
            true
        }
        _ => false,
    }
}

/// A saved game's Watch and Load buttons; the one clicked.
fn watch_or_load(
    ui: &mut egui::Ui,
    lang: Language,
    path: &std::path::Path,
    quiet: bool,
) -> Option<RowAction> {
    let watch = egui::Button::new(format!("🎬 {}", lang.t("Watch")));
    let watch = ui
        .add_enabled(!quiet, watch)
        .on_hover_text(lang.t("Watch this game move by move."))
        .clicked();
    let open = egui::Button::new(format!("📂 {}", lang.t("Load game")));
    let load = ui.add_enabled(!quiet, open).clicked();
    if watch {
        Some(RowAction::Watch(path.to_path_buf()))
    } else {
        load.then(|| RowAction::Load(path.to_path_buf()))
    }
}

enum RowAction {
    Load(std::path::PathBuf),
    /// Open it in the replay viewer.
    Watch(std::path::PathBuf),
    Delete(std::path::PathBuf),
}

/// One saved game: who played on the first line; when, how far, and the
/// buttons on the second. A click on the names loads it too. An unreadable
/// file is marked so and can only be deleted.
fn save_row(
    ui: &mut egui::Ui,
    lang: Language,
    entry: &crate::classic::saves::SaveEntry,
    quiet: bool,
) -> Option<RowAction> {
    let mut action = None;
    let delete = |ui: &mut egui::Ui, action: &mut Option<RowAction>| {
        let button = egui::Button::new(format!("🗑 {}", lang.t("Delete")));
        if ui.add_enabled(!quiet, button).clicked() {
            *action = Some(RowAction::Delete(entry.path.clone()));
        }
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        match &entry.state {
            SaveState::Readable { seats, moves } => {
                let who = players_text(lang, seats);
                let names = egui::Button::new(egui::RichText::new(who).strong())
                    .frame(false)
                    .wrap();
                if ui
                    .add_enabled(!quiet, names)
                    .on_hover_text(&entry.file_name)
                    .clicked()
                {
                    action = Some(RowAction::Load(entry.path.clone()));
                }
                // The date on a line of its own, the buttons under it on the
                // right: they never cover each other, however narrow the window.
                let when = format!("{} · {}", entry.when, trf(lang, "move {}", &[moves]));
                ui.label(egui::RichText::new(when).weak());
                ui.horizontal(|ui| {
                    crate::ui::trailing(ui, &entry.path, |ui| {
                        if let Some(a) = watch_or_load(ui, lang, &entry.path, quiet) {
                            action = Some(a);
                        }
                        delete(ui, &mut action);
                    });
                });
            }
            SaveState::Unreadable | SaveState::Newer => {
                let (why, tip) = if entry.state == SaveState::Newer {
                    (
                        lang.t("From a newer version"),
                        lang.t("This save is from a newer version of Starhop."),
                    )
                } else {
                    (
                        lang.t("Unreadable"),
                        lang.t(
                            "This file is not a readable Starhop save (it may be damaged or from another program).",
                        ),
                    )
                };
                ui.add(egui::Label::new(egui::RichText::new(&entry.file_name).weak()).wrap());
                ui.horizontal(|ui| {
                    ui.colored_label(
                        crate::ui::theme::WARN,
                        format!("⚠ {why} · {}", entry.when),
                    )
                    .on_hover_text(tip);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        delete(ui, &mut action);
                    });
                });
            }
        }
    });
    action
}

/// A save's players: "Anna vs Bot (Hard)".
fn players_text(lang: Language, seats: &[(String, Option<starhop_ai::Level>)]) -> String {
    seats
        .iter()
        .map(|(name, bot)| seat_in_list(lang, name, *bot))
        .reduce(|a, b| trf(lang, "{} vs {}", &[&a, &b]))
        .unwrap_or_default()
}

/// A save as the list names it: its players, date and move.
fn save_title(lang: Language, entry: &crate::classic::saves::SaveEntry) -> String {
    match &entry.state {
        SaveState::Readable { seats, moves } => {
            let who = players_text(lang, seats);
            format!(
                "{who} · {} · {}",
                entry.when,
                trf(lang, "move {}", &[moves])
            )
        }
        _ => entry.file_name.clone(),
    }
}

/// What a Yes may send.
type AnswerWriters<'w> = (
    MessageWriter<'w, TurnRequest>,
    MessageWriter<'w, StartMatch>,
    MessageWriter<'w, BackToSetup>,
    MessageWriter<'w, AppExit>,
    MessageWriter<'w, DeleteSave>,
);

/// The question on show, over everything: Yes (Enter) does it, No (Esc) does not.
pub fn confirm(
    mut contexts: EguiContexts,
    mut asking: ResMut<Asking>,
    settings: Res<Settings>,
    game: Option<Res<Match>>,
    saves: Res<SaveList>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut writers: AnswerWriters,
    mut shown: Local<Option<Ask>>,
) -> Result {
    let Some(ask) = asking.0.clone() else {
        *shown = None;
        return Ok(());
    };
    let just_opened = shown.as_ref() != Some(&ask);
    *shown = Some(ask.clone());
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let (turns, starts, back, exit, delete) = &mut writers;
    let name = |s| {
        game.as_ref().map_or_else(String::new, |m| {
            crate::classic::screens::seat_name(lang, m, s)
        })
    };
    let (question, detail) = match &ask {
        Ask::Resign(seat) => (
            lang.t("Resign?"),
            trf(lang, "{} gives up this game.", &[&name(*seat)]),
        ),
        Ask::Restart => (
            lang.t("Restart?"),
            lang.t("The game in progress is lost unless you save it first.")
                .to_string(),
        ),
        Ask::BackToSetup => (
            lang.t("Leave this game for the setup screen?"),
            lang.t("The game in progress is lost unless you save it first.")
                .to_string(),
        ),
        Ask::Quit => (
            lang.t("Quit Starhop?"),
            if game.as_ref().is_some_and(|m| !m.game.is_over()) {
                lang.t("The game in progress is lost unless you save it first.")
                    .to_string()
            } else {
                String::new()
            },
        ),
        Ask::DeleteSave(path) => (
            lang.t("Delete this save?"),
            // Its players and date as the list shows them, in the interface language.
            saves
                .entries
                .iter()
                .find(|e| &e.path == path)
                .map(|e| save_title(lang, e))
                .unwrap_or_else(|| {
                    path.file_stem()
                        .map(|s| s.to_string_lossy().to_string())
                        .unwrap_or_default()
                }),
        ),
    };
    let answer = ask_yes_no(
        ctx,
        egui::Id::new("modal-confirm"),
        question,
        &detail,
        just_opened,
        lang,
    );
    match answer {
        Some(true) => {
            match ask {
                Ask::Resign(seat) => {
                    turns.write(TurnRequest::Resign(seat));
                }
                Ask::Restart => {
                    if let Some(m) = &game {
                        starts.write(StartMatch(m.setup.clone()));
                    }
                    next_overlay.set(Overlay::None);
                }
                Ask::BackToSetup => {
                    back.write(BackToSetup);
                    next_overlay.set(Overlay::None);
                }
                Ask::Quit => {
                    exit.write(AppExit::Success);
                }
                Ask::DeleteSave(path) => {
                    delete.write(DeleteSave(path));
                }
            }
            asking.0 = None;
        }
        Some(false) => asking.0 = None,
        None => {}
    }
    Ok(())
}

/// A setting's name and its choices in a row, the one in force lit.
fn choice_row<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut T,
    choices: &[(T, &str)],
) -> egui::Response {
    ui.horizontal(|ui| {
        ui.label(name);
        for &(choice, text) in choices {
            ui.selectable_value(value, choice, text);
        }
    })
    .response
}

/// The rows of the Settings window, over a copy of the settings.
fn settings_rows(ui: &mut egui::Ui, s: &mut Settings, lang: Language) {
    crate::ui::language_switch(ui, s);
    ui.checkbox(&mut s.sound, lang.t("Sound"))
        .on_hover_text(lang.t("M turns the sound off and on in any screen."));
    volume_slider(ui, s.sound, &mut s.master_volume, lang.t("Master volume"));
    volume_slider(ui, s.sound, &mut s.volume, lang.t("Effects volume"));
    volume_slider(ui, s.sound, &mut s.music_volume, lang.t("Music volume"))
        .on_hover_text(lang.t("A quiet tune while you play; all the way down is off."));
    ui.checkbox(&mut s.show_destinations, lang.t("Show legal moves"))
        .on_hover_text(lang.t("Mark each legal destination of the lifted marble."));
    ui.checkbox(&mut s.shape_marks, lang.t("Shapes on marbles"))
        .on_hover_text(lang.t("A shape per colour, for colour-blind players."));
    ui.checkbox(&mut s.face_player, lang.t("Turn the board to the player"));
    ui.checkbox(&mut s.show_race, lang.t("Show the race"))
        .on_hover_text(
            lang.t("Once two armies have passed each other, show the moves each still needs."),
        );
    ui.add(egui::Slider::new(&mut s.animation_speed, 0.25..=3.0).text(lang.t("Animation speed")));
    choice_row(
        ui,
        lang.t("Interface size"),
        &mut s.ui_scale,
        &[
            (UiScale::Small, lang.t("Small")),
            (UiScale::Normal, lang.t("Normal")),
            (UiScale::Large, lang.t("Large")),
            (UiScale::Tv, lang.t("TV")),
        ],
    )
    .on_hover_text(lang.t("How large the menus and their text are: TV reads from a couch."));
    choice_row(
        ui,
        lang.t("Picture quality"),
        &mut s.quality,
        &[
            (Quality::Auto, lang.t("Automatic")),
            (Quality::Low, lang.t("Low")),
            (Quality::High, lang.t("High")),
        ],
    )
    .on_hover_text(lang.t(
        "High adds soft shadows and ambient occlusion; Low suits old laptops. Automatic picks Low on a software renderer.",
    ));
    ui.checkbox(&mut s.fullscreen, lang.t("Full screen (F11)"));
    ui.checkbox(&mut s.vsync, lang.t("Vertical sync"))
        .on_hover_text(
            lang.t("Show each picture when the screen is ready for it, with no tearing."),
        );
    choice_row(
        ui,
        lang.t("Frame rate cap"),
        &mut s.frame_cap,
        &[
            (FrameCap::Off, lang.t("Off")),
            (FrameCap::Fps30, "30"),
            (FrameCap::Fps60, "60"),
            (FrameCap::Fps120, "120"),
        ],
    )
    .on_hover_text(lang.t("At most this many pictures a second: a laptop runs cooler and longer."));
    ui.horizontal(|ui| {
        ui.label(lang.t("Online server"));
        ui.add(
            egui::TextEdit::singleline(&mut s.server).hint_text(crate::settings::DEFAULT_SERVER),
        )
        .on_hover_text(lang.t("The Starhop server that Play online connects to (address:port)."));
    });
    about(ui, lang);
}

/// A volume from 0 to 1, usable while the sound is on.
fn volume_slider(ui: &mut egui::Ui, sound: bool, volume: &mut f32, name: &str) -> egui::Response {
    let slider = egui::Slider::new(volume, 0.0..=1.0)
        .fixed_decimals(2)
        .text(name);
    ui.add_enabled(sound, slider)
}

/// The game's version and commit, and the licences of its code, fonts and
/// sounds (folded away until asked for).
fn about(ui: &mut egui::Ui, lang: Language) {
    ui.separator();
    egui::CollapsingHeader::new(lang.t("About Starhop"))
        .id_salt("settings-about")
        .show(ui, |ui| {
            ui.label(trf(lang, "Version {}", &[&starhop_about::VERSION]));
            ui.label(lang.t("Code: MIT or Apache-2.0, at your choice."));
            ui.label(
                lang.t("Fonts: Quicksand and Noto Sans CJK, under the SIL Open Font License 1.1."),
            );
            ui.label(
                lang.t("Sounds and music: made for Starhop by a script, public domain (CC0 1.0)."),
            );
        });
}

/// The Close button at the foot of a window, centred under a separator; it
/// takes the keyboard focus when the window has just opened.
fn close_row(ui: &mut egui::Ui, lang: Language, just_opened: bool) -> bool {
    ui.separator();
    ui.vertical_centered(|ui| {
        let close = ui.button(lang.t("Close"));
        if just_opened {
            close.request_focus();
        }
        close.clicked()
    })
    .inner
}

/// Esc on a menu screen steps back one level (when no window, question or
/// text field has it): an open tournament to the list of tournaments, every
/// other menu screen to the home screen. The modes' screens do the same
/// from their own input (their game, then their panel); in a game of
/// Chinese checkers Esc opens the menu.
pub(super) fn step_back_from_menu_screens(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    focus: Option<Res<crate::base::KeyFocus>>,
    menus: crate::stage::input::MenusOpen,
    screen: Res<State<Screen>>,
    online: Option<Res<crate::online::Online>>,
    mut open: ResMut<crate::league::OpenTournament>,
    mut next: ResMut<NextState<Screen>>,
) {
    let here = match screen.get() {
        Screen::Setup | Screen::Profiles | Screen::History | Screen::Tournament => true,
        // At a table, leaving is the table's own button.
        Screen::Online => online.is_none(),
        _ => false,
    };
    // Headless runs without a keyboard have no keys.
    let Some(mut keys) = keys else { return };
    if !here
        || menus.any()
        || !crate::base::KeyFocus::shortcuts_free(focus.as_deref())
        || !crate::stage::input::take_escape(&mut keys)
    {
        return;
    }
    if *screen.get() == Screen::Tournament && open.0.is_some() {
        open.0 = None;
    } else {
        next.set(Screen::Home);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: egui::Rect = egui::Rect {
        min: egui::Pos2::ZERO,
        max: egui::pos2(1280.0, 800.0),
    };

    /// One egui frame of a menu with a Quit button that asks Yes or No, as
    /// the pause menu does: the Quit button's place, and the answer if any.
    fn menu_frame(
        ctx: &egui::Context,
        events: Vec<egui::Event>,
        asking: &mut bool,
    ) -> (egui::Rect, Option<bool>) {
        let input = egui::RawInput {
            screen_rect: Some(SCREEN),
            events,
            ..Default::default()
        };
        let mut quit = egui::Rect::NOTHING;
        let mut answer = None;
        let mut output = ctx.run_ui(input, |ui| {
            let ctx = ui.ctx().clone();
            modal(&ctx, egui::Id::new("modal-pause"), "Paused", |ui| {
                let _ = menu_button(ui, "Resume".into());
                let q = menu_button(ui, "Quit".into());
                quit = q.rect;
                if q.clicked() {
                    *asking = true;
                }
            });
            // As `confirm` does: the question knows the frame it opens in.
            let shown_id = egui::Id::new("test-question-shown");
            let was_shown = ctx.data(|d| d.get_temp::<bool>(shown_id)).unwrap_or(false);
            ctx.data_mut(|d| d.insert_temp(shown_id, *asking));
            if *asking {
                answer = ask_yes_no(
                    &ctx,
                    egui::Id::new("modal-confirm"),
                    "Quit Starhop?",
                    "",
                    !was_shown,
                    Language::English,
                );
                if answer.is_some() {
                    *asking = false;
                }
            }
        });
        // Nothing is painted here: the font atlas's updates are dropped.
        output.textures_delta.clear();
        (quit, answer)
    }

    fn press(at: egui::Pos2, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// Where the Yes button of the question on show is: the left one of the
    /// two buttons at the foot of its window.
    fn yes_button(ctx: &egui::Context) -> egui::Pos2 {
        let rect = ctx
            .memory(|m| m.area_rect(egui::Id::new("modal-confirm")))
            .expect("the question is on show");
        egui::pos2(rect.center().x - 60.0, rect.bottom() - 16.0 - 16.0)
    }

    #[test]
    fn a_question_opens_above_the_menu_that_asked_it() {
        // A click by mouse with press and release in one frame or in two,
        // the first time the question opens and again after it was answered.
        for same_frame in [false, true] {
            let ctx = egui::Context::default();
            let mut asking = false;
            // A few frames for the windows to find their places.
            let mut quit = egui::Rect::NOTHING;
            for _ in 0..3 {
                quit = menu_frame(&ctx, vec![], &mut asking).0;
            }
            for round in 0..3 {
                let at = quit.center();
                let mut events = vec![egui::Event::PointerMoved(at), press(at, true)];
                if same_frame {
                    events.push(press(at, false));
                    menu_frame(&ctx, events, &mut asking);
                } else {
                    menu_frame(&ctx, events, &mut asking);
                    menu_frame(&ctx, vec![press(at, false)], &mut asking);
                }
                assert!(asking, "round {round}: Quit asks");
                for _ in 0..3 {
                    menu_frame(&ctx, vec![egui::Event::PointerMoved(at)], &mut asking);
                }
                let yes = yes_button(&ctx);
                let top = ctx.layer_id_at(yes).expect("a layer under the pointer");
                assert_eq!(
                    top.id,
                    egui::Id::new("modal-confirm"),
                    "round {round}, same frame {same_frame}: the question is on top"
                );
                menu_frame(
                    &ctx,
                    vec![egui::Event::PointerMoved(yes), press(yes, true)],
                    &mut asking,
                );
                let (_, answer) = menu_frame(&ctx, vec![press(yes, false)], &mut asking);
                assert_eq!(answer, Some(true), "round {round}: Yes can be clicked");
                for _ in 0..3 {
                    menu_frame(
                        &ctx,
                        vec![egui::Event::PointerMoved(quit.center())],
                        &mut asking,
                    );
                }
            }
        }
    }

    #[test]
    fn a_question_takes_the_keyboard_from_the_menu() {
        let ctx = egui::Context::default();
        let mut asking = false;
        let mut quit = egui::Rect::NOTHING;
        for _ in 0..3 {
            quit = menu_frame(&ctx, vec![], &mut asking).0;
        }
        let at = quit.center();
        menu_frame(
            &ctx,
            vec![egui::Event::PointerMoved(at), press(at, true)],
            &mut asking,
        );
        menu_frame(&ctx, vec![press(at, false)], &mut asking);
        menu_frame(&ctx, vec![], &mut asking);
        let key = |pressed| egui::Event::Key {
            key: egui::Key::Enter,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        let (_, pressed) = menu_frame(&ctx, vec![key(true)], &mut asking);
        let (_, released) = menu_frame(&ctx, vec![key(false)], &mut asking);
        assert_eq!(pressed.or(released), Some(true), "Enter answers Yes");
    }

    #[test]
    fn esc_steps_back_one_level() {
        // In a game: nothing open opens the menu, a window goes back to the
        // menu, the menu closes.
        assert_eq!(step_back(Overlay::None, true), Overlay::Pause);
        assert_eq!(step_back(Overlay::Pause, true), Overlay::None);
        for window in [Overlay::Settings, Overlay::Load, Overlay::Help] {
            assert_eq!(step_back(window, true), Overlay::Pause);
            // On the setup screen there is no menu: a window just closes.
            assert_eq!(step_back(window, false), Overlay::None);
        }
        assert_eq!(step_back(Overlay::None, false), Overlay::None);
    }
}
