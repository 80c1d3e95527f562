//! The league screens' Yes/No questions before something cannot be undone
//! (deleting a profile, a game or a tournament), drawn like the game's own.

use super::LeagueRequest;
use crate::settings::Settings;
use crate::ui::{Tr, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What a Yes deletes.
#[derive(Clone, Debug, PartialEq)]
pub enum LeagueQuestion {
    /// A profile (id, name).
    DeleteProfile(String, String),
    /// A game of the history (id, who played).
    DeleteGame(String, String),
    /// A tournament (id, name).
    DeleteTournament(String, String),
}

/// The question on show.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct LeagueAsk(pub Option<LeagueQuestion>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LeagueAsk>().add_systems(
        EguiPrimaryContextPass,
        confirm.after(crate::ui::install_fonts),
    );
}

fn confirm(
    mut contexts: EguiContexts,
    mut ask: ResMut<LeagueAsk>,
    settings: Res<Settings>,
    mut requests: MessageWriter<LeagueRequest>,
    mut shown: Local<Option<LeagueQuestion>>,
) -> Result {
    let Some(q) = ask.0.clone() else {
        *shown = None;
        return Ok(());
    };
    let just_opened = shown.as_ref() != Some(&q);
    *shown = Some(q.clone());
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let (question, detail) = match &q {
        LeagueQuestion::DeleteProfile(_, name) => (
            trf(lang, "Delete the profile {}?", &[name]),
            lang.t("Its rating points go; its games stay in the history.")
                .to_string(),
        ),
        LeagueQuestion::DeleteGame(_, who) => (
            lang.t("Delete this game from the history?").to_string(),
            format!(
                "{who}{}{}",
                '\n',
                lang.t("The rating points it gave or took stay.")
            ),
        ),
        LeagueQuestion::DeleteTournament(_, name) => (
            trf(lang, "Delete the tournament {}?", &[name]),
            lang.t("Its games stay in the history.").to_string(),
        ),
    };
    let response = egui::Modal::new(egui::Id::new("modal-league-confirm"))
        .backdrop_color(egui::Color32::from_black_alpha(140))
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(16.0))
        .show(ctx, |ui| {
            ui.set_max_width(400.0);
            ui.vertical_centered(|ui| ui.heading(&question));
            ui.separator();
            ui.add(egui::Label::new(detail.as_str()).wrap());
            ui.add_space(8.0);
            let mut said = None;
            ui.vertical_centered(|ui| {
                ui.horizontal(|ui| {
                    let yes = ui.add_sized([110.0, 32.0], egui::Button::new(lang.t("Yes")));
                    let no = ui.add_sized([110.0, 32.0], egui::Button::new(lang.t("No")));
                    if just_opened || ui.memory(|m| m.focused().is_none()) {
                        yes.request_focus();
                    }
                    if yes.clicked() {
                        said = Some(true);
                    }
                    if no.clicked() {
                        said = Some(false);
                    }
                });
            });
            said
        });
    let answer = if response.backdrop_response.clicked()
        || ctx.input(|i| i.key_pressed(egui::Key::Escape))
    {
        Some(false)
    } else {
        response.inner
    };
    match answer {
        Some(true) => {
            requests.write(match q {
                LeagueQuestion::DeleteProfile(id, _) => LeagueRequest::DeleteProfile(id),
                LeagueQuestion::DeleteGame(id, _) => LeagueRequest::DeleteGame(id),
                LeagueQuestion::DeleteTournament(id, _) => LeagueRequest::DeleteTournament(id),
            });
            ask.0 = None;
        }
        Some(false) => ask.0 = None,
        None => {}
    }
    Ok(())
}
