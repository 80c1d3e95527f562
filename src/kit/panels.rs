//! The frames of a mode's panels, written once: the setup window (title,
//! language switch, the mode's own choices, then Start and Home; Enter
//! starts), the list of saved games, who plays a seat, a seat's line in the
//! status box, and the bar of buttons in play. The mode fills in its
//! choices, its status lines and its own buttons.

use super::life::{GameMode, Playing, Turns};
use super::saves::{SaveFolder, SavedGame, save_name};
use crate::base::{Notice, RecordOnShow, ViewportInsets};
use crate::persist::Folders;
use crate::settings::{Language, Settings};
use crate::ui::{Tr, level_name, robot};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use serde::{Deserialize, Serialize};
use starhop_ai::Level;
use std::path::{Path, PathBuf};

/// Who plays a seat of a game on its own screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Human,
    Bot(Level),
}

impl Seat {
    /// "Human", or "Bot: Hard".
    pub fn text(self, lang: Language) -> String {
        match self {
            Seat::Human => lang.t("Human").to_string(),
            Seat::Bot(level) => format!("{}: {}", lang.t("Bot"), level_name(lang, level)),
        }
    }
}

/// A drop-down of who plays a seat: a person or a bot of each level.
pub fn seat_choice(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    lang: Language,
    seat: &mut Seat,
) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(seat.text(lang))
        .show_ui(ui, |ui| {
            ui.selectable_value(seat, Seat::Human, lang.t("Human"));
            for level in Level::ALL {
                let bot = Seat::Bot(level);
                ui.selectable_value(seat, bot, bot.text(lang));
            }
        });
}

/// A seat's line in the status box, in a row the caller made: the turn
/// marker, the seat's mark (its disc or colour), a robot for a bot, and
/// the text, strong on its turn. The caller may add to the row after it.
pub fn seat_line(
    ui: &mut egui::Ui,
    lang: Language,
    turn: bool,
    seat: Seat,
    mark: impl FnOnce(&mut egui::Ui),
    text: String,
) {
    ui.label(if turn { "▶" } else { "  " });
    mark(ui);
    if let Seat::Bot(level) = seat {
        robot(ui).on_hover_text(level_name(lang, level));
    }
    if turn {
        ui.strong(text);
    } else {
        ui.label(text);
    }
}

/// What a mode's setup panel edits and sends, for [`SetupFrame::window`].
#[derive(SystemParam)]
pub struct SetupFrame<'w, M: GameMode, T: Turns> {
    playing: Res<'w, Playing<M>>,
    draft: ResMut<'w, <M as GameMode>::Draft>,
    pub settings: ResMut<'w, Settings>,
    insets: ResMut<'w, ViewportInsets>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    turns: MessageWriter<'w, T>,
}

impl<M: GameMode, T: Turns> SetupFrame<'_, M, T>
where
    M::Draft: Clone + PartialEq,
{
    /// The setup window at the top left while the setup panel is up (no
    /// game in play): the mode's title with the language switch, the mode's
    /// choices, then Start and Home. `choices` edits a copy of the draft
    /// (kept when it changed) and says whether Start is offered. Enter
    /// starts too, when no text field has the keys; Home sends the mode's
    /// Leave. The window's right edge is what the camera keeps clear. The
    /// draft to start, when Start (or Enter) was pressed.
    pub fn window(
        &mut self,
        ctx: &egui::Context,
        id: &str,
        title: &str,
        (min_width, max_width): (f32, f32),
        choices: impl FnOnce(&mut egui::Ui, Language, &mut M::Draft) -> bool,
    ) -> Option<M::Draft> {
        if self.playing.0 {
            return None;
        }
        let mut d = self.draft.clone();
        let lang = self.settings.language;
        let (mut can_start, mut start) = (false, false);
        let shown = egui::Window::new("")
            .id(egui::Id::new(id))
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
            .default_width(min_width)
            .show(ctx, |ui| {
                ui.set_min_width(min_width);
                ui.set_max_width(max_width);
                ui.horizontal(|ui| {
                    ui.heading(egui::RichText::new(title).size(28.0).strong());
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        crate::ui::language_switch(ui, &mut self.settings);
                    });
                });
                can_start = choices(ui, lang, &mut d);
                ui.separator();
                ui.horizontal(|ui| {
                    if can_start && crate::ui::start_button(ui, lang) {
                        start = true;
                    }
                    if crate::ui::home_button(ui, lang) {
                        self.turns.write(T::LEAVE);
                    }
                });
            });
        if let Some(shown) = shown {
            let right = shown.response.rect.right();
            if self.insets.left != right {
                self.insets.left = right;
            }
        }
        if d != *self.draft {
            *self.draft = d.clone();
        }
        let keys_free = !ctx.egui_wants_keyboard_input();
        let entered = can_start && keys_free && self.keys.just_pressed(KeyCode::Enter);
        (start || entered).then_some(d)
    }
}

/// What the panels of a game in play read: the game (not the setup
/// panel's preview), the language, and whether the replay viewer has a
/// record on show (then its controls, move list and result stand where the
/// mode's own would).
#[derive(SystemParam)]
pub struct InPlay<'w, M: GameMode> {
    session: Option<Res<'w, <M as GameMode>::Session>>,
    playing: Res<'w, Playing<M>>,
    settings: Res<'w, Settings>,
    on_show: Option<Res<'w, RecordOnShow>>,
}

impl<M: GameMode> InPlay<'_, M> {
    /// The game in play, if any.
    pub fn game(&self) -> Option<&M::Session> {
        self.session.as_deref().filter(|_| self.playing.0)
    }

    /// The game in play when no record is on show.
    pub fn played(&self) -> Option<&M::Session> {
        self.game().filter(|_| !self.watching())
    }

    pub fn watching(&self) -> bool {
        self.on_show.is_some()
    }

    pub fn lang(&self) -> Language {
        self.settings.language
    }
}

/// The status box of a game in play at the top left, filled by `add` (the
/// setup panel's inset gone); the game when the bar of play belongs below
/// it, that is when no record is on show (the viewer's controls stand there).
pub fn status_box<'a, M: GameMode>(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    (in_play, insets): (&'a InPlay<M>, &mut ViewportInsets),
    add: impl FnOnce(&mut egui::Ui, &M::Session, Language),
) -> Option<&'a M::Session> {
    let s = in_play.game()?;
    if insets.left != 0.0 {
        insets.left = 0.0;
    }
    let lang = in_play.lang();
    crate::ui::status_box(ctx, id, width, |ui| add(ui, s, lang));
    in_play.played()
}

/// The list of a mode's saved games in its setup panel: a button each,
/// newest first; a click loads it, or says why it cannot.
#[derive(SystemParam)]
pub struct SavedList<'w, G: SavedGame> {
    saves: ResMut<'w, SaveFolder<G>>,
    folders: Option<Res<'w, Folders>>,
    loads: MessageWriter<'w, <G as SavedGame>::Load>,
    notices: MessageWriter<'w, Notice>,
}

impl<G: SavedGame> SavedList<'_, G> {
    /// Read the folder again the next time the list shows.
    pub fn relist(&mut self) {
        self.saves.listed = false;
    }

    /// The saved games, newest first (the folder read if needed).
    pub fn files(&mut self) -> &[PathBuf] {
        if let Some(f) = &self.folders {
            self.saves.refresh(f);
        }
        &self.saves.files
    }

    /// Loads the saved game at `path`, or says why it cannot; whether it
    /// loaded.
    pub fn load(&mut self, path: &Path, lang: Language) -> bool {
        match SaveFolder::<G>::open(path, lang) {
            Ok(record) => {
                self.loads.write(G::load(record));
                true
            }
            Err(message) => {
                self.notices.write(Notice::Problem(message));
                false
            }
        }
    }

    /// The list, or `empty` when there is none: a button each.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Language, empty: &str) {
        if self.files().is_empty() {
            ui.label(empty);
        }
        let mut picked = None;
        for path in self.files() {
            let name = save_name(path);
            if ui
                .button(format!("📂 {name}"))
                .on_hover_text(path.display().to_string())
                .clicked()
            {
                picked = Some(path.clone());
            }
        }
        if let Some(path) = picked {
            self.load(&path, lang);
        }
    }
}

/// Where a mode's own buttons go in the bar of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarSlot {
    /// After Undo, Redo and Hint.
    AfterHint,
    /// After Save, before Back to setup.
    BeforeSetup,
}

/// The bar of buttons in play: Undo, Redo, Hint, the mode's own, Save, the
/// mode's own, Back to setup. The shared ones send the mode's turns; the
/// answer is whether Hint was pressed.
pub fn play_bar<T: Turns>(
    ctx: &egui::Context,
    id: &str,
    lang: Language,
    (can_undo, can_redo, can_hint): (bool, bool, bool),
    turns: &mut MessageWriter<T>,
    mut own: impl FnMut(&mut egui::Ui, BarSlot, &mut MessageWriter<T>),
) -> bool {
    crate::ui::button_bar(ctx, id, |ui| {
        let (undo, redo) = crate::ui::undo_redo_buttons(ui, lang, can_undo, can_redo);
        if undo {
            turns.write(T::UNDO);
        }
        if redo {
            turns.write(T::REDO);
        }
        let hint = crate::ui::hint_button(ui, lang, can_hint);
        own(ui, BarSlot::AfterHint, turns);
        if crate::ui::save_button(ui, lang) {
            turns.write(T::SAVE);
        }
        own(ui, BarSlot::BeforeSetup, turns);
        if crate::ui::back_to_setup_button(ui, lang) {
            turns.write(T::SETUP);
        }
        hint
    })
    .inner
}

/// The end window's row of a game played again from its start: Play again
/// (the mode's `again`), Undo, Save, Watch again (the game's `record`, made
/// only when pressed) and Back to setup.
pub fn end_buttons<T: Turns>(
    ui: &mut egui::Ui,
    lang: Language,
    again: T,
    turns: &mut MessageWriter<T>,
    watches: &mut MessageWriter<crate::base::WatchAgain>,
    record: impl FnOnce() -> starhop_games::AnyRecord,
) {
    ui.horizontal(|ui| {
        if crate::ui::podium::main_button(ui, format!("↺ {}", lang.t("Play again"))).clicked() {
            turns.write(again);
        }
        if ui.button(format!("⟲ {}", lang.t("Undo"))).clicked() {
            turns.write(T::UNDO);
        }
        if crate::ui::save_button(ui, lang) {
            turns.write(T::SAVE);
        }
        if crate::ui::watch_again_button(ui, lang) {
            watches.write(crate::base::WatchAgain(record()));
        }
        if crate::ui::back_to_setup_button(ui, lang) {
            turns.write(T::SETUP);
        }
    });
}
