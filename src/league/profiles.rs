//! The profiles screen: create (name and colour), rename, recolour, delete;
//! each profile's rating points, level, games, wins, draws and losses,
//! average own moves to finish, and its games.

use super::ask::{LeagueAsk, LeagueQuestion};
use super::{LeagueRequest, LeagueStore};
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::settings::{Language, Settings};
use crate::ui::palette::PALETTE;
use crate::ui::palette::nearest_palette;
use crate::ui::{Tr, colour_name, swatch, trf};
use crate::ui::{screen_heading, screen_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_league::Profile;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ProfilesUi>().add_systems(
        EguiPrimaryContextPass,
        profiles_screen
            .run_if(in_state(Screen::Profiles))
            .after(crate::ui::install_fonts),
    );
}

/// What the profiles screen is editing.
#[derive(Resource, Default, Debug, Clone)]
pub struct ProfilesUi {
    pub new_name: String,
    pub new_colour: u8,
    /// The profile being renamed, and the name typed so far.
    pub renaming: Option<(String, String)>,
    /// The profile whose games show.
    pub selected: Option<String>,
}

/// A profile's colour on screen (the palette colour its marbles get).
pub fn colour_of(p: &Profile) -> Color {
    PALETTE[nearest_palette(p.colour) as usize].1
}

/// Six colour buttons; says which was clicked.
fn colour_row(ui: &mut egui::Ui, lang: Language, chosen: u8) -> Option<u8> {
    let mut clicked = None;
    ui.horizontal(|ui| {
        for c in 0..PALETTE.len() as u8 {
            let r = ui
                .add(
                    egui::Button::new("")
                        .selected(c == chosen)
                        .min_size(egui::vec2(26.0, 24.0)),
                )
                .on_hover_text(colour_name(lang, c));
            ui.painter().circle_filled(
                r.rect.center(),
                8.0,
                crate::ui::egui_colour(PALETTE[c as usize].1),
            );
            if r.clicked() {
                clicked = Some(c);
            }
        }
    });
    clicked
}

fn profiles_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    store: Option<Res<LeagueStore>>,
    mut ui_state: ResMut<ProfilesUi>,
    mut ask: ResMut<LeagueAsk>,
    mut requests: MessageWriter<LeagueRequest>,
    mut panel: ResMut<ViewportInsets>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut edit = ui_state.clone();
    let mut home = false;
    screen_panel(ctx, "profiles", 720.0, &mut panel, |ui| {
        home = screen_heading(ui, lang, lang.t("Profiles"));
        let Some(store) = &store else {
            ui.label(lang.t("The league is not available in this run."));
            return;
        };
        // A new profile.
        ui.strong(lang.t("New profile"));
        ui.horizontal(|ui| {
            let field = ui.add_sized(
                [180.0, 24.0],
                egui::TextEdit::singleline(&mut edit.new_name)
                    .char_limit(starhop_league::profiles::MAX_PROFILE_NAME)
                    .hint_text(lang.t("Name")),
            );
            if let Some(c) = colour_row(ui, lang, edit.new_colour) {
                edit.new_colour = c;
            }
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let create = ui.add_enabled(
                !edit.new_name.trim().is_empty(),
                egui::Button::new(format!("＋ {}", lang.t("Create"))),
            );
            if (create.clicked() || enter) && !edit.new_name.trim().is_empty() {
                requests.write(LeagueRequest::CreateProfile {
                    name: edit.new_name.trim().to_string(),
                    colour: edit.new_colour,
                });
                edit.new_name.clear();
                edit.new_colour = (edit.new_colour + 1) % PALETTE.len() as u8;
            }
        });
        ui.separator();
        let list = &store.league.profiles.list;
        if list.is_empty() {
            ui.label(
                lang.t("No profiles yet. A profile keeps a player's rating points and games."),
            );
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("profiles-list")
            .max_height((ui.ctx().content_rect().height() * 0.45).max(160.0))
            .show(ui, |ui| {
                egui::Grid::new("profiles")
                    .striped(true)
                    .num_columns(7)
                    .spacing([10.0, 6.0])
                    .show(ui, |ui| {
                        ui.strong(lang.t("Name"));
                        ui.strong(lang.t("Level"));
                        ui.strong(lang.t("Points"));
                        ui.strong(lang.t("Games"));
                        ui.strong(lang.t("W / D / L"))
                            .on_hover_text(lang.t("Wins, draws and losses"));
                        ui.strong(lang.t("Moves"))
                            .on_hover_text(lang.t("Average own moves in the games finished"));
                        ui.strong("");
                        ui.end_row();
                        for p in list {
                            profile_row(ui, lang, p, &mut edit, &mut ask, &mut requests);
                            ui.end_row();
                        }
                    });
            });
        ui.separator();
        if let Some(p) = edit
            .selected
            .as_ref()
            .and_then(|id| store.league.profiles.get(id))
        {
            ui.strong(trf(lang, "Games of {}", &[&p.name]));
            super::history::game_list(ui, lang, store, Some(&p.id), 30, None);
        } else {
            ui.label(
                egui::RichText::new(lang.t("Click a name to see that player's games.")).weak(),
            );
        }
    });
    if home {
        next.set(Screen::Home);
    }
    if edit.new_name != ui_state.new_name
        || edit.new_colour != ui_state.new_colour
        || edit.renaming != ui_state.renaming
        || edit.selected != ui_state.selected
    {
        *ui_state = edit;
    }
    Ok(())
}

fn profile_row(
    ui: &mut egui::Ui,
    lang: Language,
    p: &Profile,
    edit: &mut ProfilesUi,
    ask: &mut LeagueAsk,
    requests: &mut MessageWriter<LeagueRequest>,
) {
    ui.horizontal(|ui| {
        swatch(ui, colour_of(p));
        match &mut edit.renaming {
            Some((id, name)) if *id == p.id => {
                let field = ui.add_sized(
                    [140.0, 24.0],
                    egui::TextEdit::singleline(name)
                        .char_limit(starhop_league::profiles::MAX_PROFILE_NAME),
                );
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("✔").on_hover_text(lang.t("Rename")).clicked() || enter {
                    requests.write(LeagueRequest::RenameProfile {
                        id: p.id.clone(),
                        name: name.trim().to_string(),
                    });
                    edit.renaming = None;
                } else if ui.button("✖").on_hover_text(lang.t("Cancel")).clicked() {
                    edit.renaming = None;
                }
            }
            _ => {
                let selected = edit.selected.as_deref() == Some(p.id.as_str());
                let name = egui::RichText::new(&p.name).strong();
                if ui
                    .add(egui::Button::selectable(selected, name))
                    .on_hover_text(trf(lang, "Since {}", &[&p.created]))
                    .clicked()
                {
                    edit.selected = if selected { None } else { Some(p.id.clone()) };
                }
            }
        }
    });
    ui.label(p.level().to_string());
    ui.label(p.points.to_string());
    ui.label(p.games.to_string());
    ui.label(format!("{} / {} / {}", p.wins, p.draws, p.losses));
    ui.label(
        p.average_moves()
            .map_or_else(|| "–".to_string(), |m| format!("{m:.1}")),
    );
    ui.horizontal(|ui| {
        if ui
            .small_button("✏")
            .on_hover_text(lang.t("Rename"))
            .clicked()
        {
            edit.renaming = Some((p.id.clone(), p.name.clone()));
        }
        ui.menu_button("🎨", |ui| {
            if let Some(c) = colour_row(ui, lang, nearest_palette(p.colour)) {
                requests.write(LeagueRequest::RecolourProfile {
                    id: p.id.clone(),
                    colour: c,
                });
                ui.close();
            }
        })
        .response
        .on_hover_text(lang.t("Colour"));
        if ui
            .small_button("🗑")
            .on_hover_text(lang.t("Delete"))
            .clicked()
        {
            ask.0 = Some(LeagueQuestion::DeleteProfile(p.id.clone(), p.name.clone()));
        }
    });
}
