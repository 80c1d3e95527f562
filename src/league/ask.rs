//! The league screens' Yes/No questions before something cannot be undone
//! (deleting a profile, a game or a tournament), drawn like the game's own.

use super::LeagueRequest;
use crate::settings::Settings;
use crate::ui::{ScreenQuestion, Tr, ask_yes_no, trf};
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
    app.init_resource::<LeagueAsk>()
        .add_systems(PreUpdate, note_question)
        .add_systems(
            EguiPrimaryContextPass,
            confirm.after(crate::ui::install_fonts),
        );
}

/// Tells the board's and Esc's keys that a question is on show.
fn note_question(ask: Res<LeagueAsk>, question: Option<ResMut<ScreenQuestion>>) {
    if let Some(mut question) = question {
        question.set_if_neq(ScreenQuestion(ask.0.is_some()));
    }
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
    let answer = ask_yes_no(
        ctx,
        egui::Id::new("modal-league-confirm"),
        &question,
        &detail,
        just_opened,
        lang,
    );
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
