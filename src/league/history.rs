//! The history screen: every finished game, newest first (who played, the
//! date, the result, the moves, the rating points), filtered by player;
//! delete one, or watch it again ([`WatchRecord`]).

use super::ask::{LeagueAsk, LeagueQuestion};
use super::other_games::{ending_text, side_label};
use super::{LeagueStore, profiles::colour_of};
use crate::base::Notice;
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::replay::{OpenAnyReplay, OpenReplay, OpenReplayFile};
use crate::settings::{Language, Settings};
use crate::ui::{Tr, display_name, level_name, tr, trf};
use crate::ui::{screen_heading, screen_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_engine::EndReason;
use starhop_engine::shape::GameKind;
use starhop_league::{HistoryEntry, Who};
use std::path::PathBuf;

/// Watch the game in this record file again (the replay viewer answers it).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct WatchRecord(pub PathBuf);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HistoryFilter>().add_systems(
        EguiPrimaryContextPass,
        history_screen
            .run_if(in_state(Screen::History))
            .after(crate::ui::install_fonts),
    );
}

/// The player whose games the history shows (None: everyone's).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct HistoryFilter(pub Option<String>);

/// Opens the replay viewer on a game of the history (titled with its date
/// and players), or on any other record file.
pub(super) fn watch_games(
    mut watches: MessageReader<WatchRecord>,
    store: Option<Res<LeagueStore>>,
    settings: Res<Settings>,
    mut opens: MessageWriter<OpenReplay>,
    mut files: MessageWriter<OpenReplayFile>,
    mut others: MessageWriter<OpenAnyReplay>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.language;
    for WatchRecord(path) in watches.read() {
        let league = store.as_ref().map(|s| &s.league);
        let entry = league.and_then(|l| l.history.iter().find(|e| l.record_path(e) == *path));
        match (league, entry) {
            // Another game of the box: its record through the shared shape.
            (Some(league), Some(entry)) if other_game_name(lang, entry.game).is_some() => {
                match league.read_any_record(entry) {
                    Ok(record) => {
                        let players = (0..entry.names.len())
                            .map(|s| seat_label(lang, entry, s))
                            .collect::<Vec<_>>()
                            .join(" – ");
                        others.write(OpenAnyReplay {
                            record,
                            title: Some(format!("{} · {players}", entry.date)),
                            at: 0,
                        });
                    }
                    Err(p) => {
                        notices.write(Notice::Problem(super::describe_problem(lang, &p)));
                    }
                }
            }
            (Some(league), Some(entry)) => match league.read_record(entry) {
                Ok(record) => {
                    let players = (0..entry.names.len())
                        .map(|s| seat_label(lang, entry, s))
                        .collect::<Vec<_>>()
                        .join(" – ");
                    // The players' own colours, where they have profiles.
                    let colours = entry
                        .who
                        .iter()
                        .enumerate()
                        .map(|(seat, who)| match who {
                            Who::Profile(id) => league.profiles.get(id).map_or(seat as u8, |p| {
                                crate::ui::palette::nearest_palette(p.colour)
                            }),
                            _ => seat as u8,
                        })
                        .collect();
                    opens.write(OpenReplay {
                        record,
                        title: Some(format!("{} · {players}", entry.date)),
                        at: 0,
                        colours,
                    });
                }
                Err(p) => {
                    notices.write(Notice::Problem(super::describe_problem(lang, &p)));
                }
            },
            _ => {
                files.write(OpenReplayFile(path.clone()));
            }
        }
    }
}

/// What a row's buttons asked for.
pub enum RowAction {
    Watch(PathBuf),
    Delete(String, String),
}

/// A seat of a game as the history shows it: a bot with its level, default
/// names in the interface language.
pub fn seat_label(lang: Language, entry: &HistoryEntry, seat: usize) -> String {
    let name = entry.names.get(seat).cloned().unwrap_or_default();
    match entry.who.get(seat) {
        Some(Who::Bot(level)) if crate::ui::i18n::default_number(&name).is_some() => {
            trf(lang, "Bot ({})", &[&level_name(lang, *level)])
        }
        Some(Who::Bot(level)) => format!("{} ({})", name, level_name(lang, *level)),
        _ if entry.game == GameKind::Draughts => side_label(lang, &name).to_string(),
        _ if entry.game == GameKind::Halma => super::other_games::colour_label(lang, &name),
        _ => display_name(lang, &name),
    }
}

/// "+12", "−8", or nothing for 0.
fn points(p: i32) -> String {
    match p {
        p if p > 0 => format!("+{p}"),
        p if p < 0 => format!("−{}", -p),
        _ => String::new(),
    }
}

/// The name of a game of another kind than Chinese checkers, for its row.
fn other_game_name(lang: Language, game: GameKind) -> Option<&'static str> {
    let classic = matches!(game, GameKind::Classic | GameKind::Party);
    (!classic).then(|| crate::ui::game_name(lang, game))
}

pub(super) fn reason_text(lang: Language, r: EndReason) -> &'static str {
    match r {
        EndReason::Finished => lang.t("finished"),
        EndReason::Resigned => lang.t("resigned"),
        EndReason::Deadlock => lang.t("adjudicated"),
        EndReason::Blocked => lang.t("blocked"),
        EndReason::Team => lang.t("team game"),
    }
}

/// The games of `profile` (or everyone), newest first, at most `limit`;
/// with `buttons`, each has Watch and Delete. Says which was pressed.
pub fn game_list(
    ui: &mut egui::Ui,
    lang: Language,
    store: &LeagueStore,
    profile: Option<&str>,
    limit: usize,
    buttons: Option<bool>,
) -> Option<RowAction> {
    let mut action = None;
    let mut any = false;
    egui::ScrollArea::vertical()
        .id_salt(("games", profile))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for entry in store.league.history_of(profile).take(limit) {
                any = true;
                if let Some(a) = game_row(ui, lang, store, entry, buttons) {
                    action = Some(a);
                }
            }
        });
    if !any {
        ui.label(egui::RichText::new(lang.t("No finished games yet.")).weak());
    }
    action
}

fn game_row(
    ui: &mut egui::Ui,
    lang: Language,
    store: &LeagueStore,
    entry: &HistoryEntry,
    buttons: Option<bool>,
) -> Option<RowAction> {
    let mut action = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let mut order: Vec<usize> = (0..entry.names.len()).collect();
        order.sort_by_key(|&s| entry.places.get(s).copied().unwrap_or(u8::MAX));
        ui.horizontal_wrapped(|ui| {
            for (i, &s) in order.iter().enumerate() {
                if i > 0 {
                    ui.label(egui::RichText::new("·").weak());
                }
                let place = entry.places.get(s).copied().unwrap_or(0);
                let medal = match place {
                    1 => "🏆 ",
                    _ => "",
                };
                if let Some(Who::Profile(id)) = entry.who.get(s)
                    && let Some(p) = store.league.profiles.get(id)
                {
                    crate::ui::swatch(ui, colour_of(p));
                }
                let text = format!("{medal}{place}. {}", seat_label(lang, entry, s));
                if place == 1 {
                    ui.label(egui::RichText::new(text).strong());
                } else {
                    ui.label(text);
                }
                let delta = entry.rating.get(s).copied().unwrap_or(0);
                if matches!(entry.who.get(s), Some(Who::Profile(_))) && delta != 0 {
                    let colour = if delta > 0 {
                        crate::ui::theme::GOOD
                    } else {
                        crate::ui::theme::BAD
                    };
                    ui.colored_label(colour, points(delta));
                }
            }
        });
        ui.horizontal(|ui| {
            let mut when = format!(
                "{} · {} · {}",
                entry.date,
                trf(lang, "{} moves", &[&entry.moves]),
                ending_text(lang, entry)
            );
            if let Some(game) = other_game_name(lang, entry.game) {
                when = format!("{game} · {when}");
            }
            if let Some(t) = entry
                .tournament
                .as_ref()
                .and_then(|id| store.tournament(id))
            {
                when += &format!(" · 🏆 {}", super::tournament_name(lang, t));
            }
            ui.label(egui::RichText::new(when).weak());
            if buttons.is_some() {
                crate::ui::trailing(ui, &entry.id, |ui| {
                    let quiet = buttons == Some(false);
                    let watch = egui::Button::new(format!("▶ {}", lang.t("Watch")));
                    if ui
                        .add_enabled(!quiet, watch)
                        .on_hover_text(lang.t("Watch this game again"))
                        .clicked()
                    {
                        action = Some(RowAction::Watch(store.league.record_path(entry)));
                    }
                    let delete = egui::Button::new(format!("🗑 {}", lang.t("Delete")));
                    if ui.add_enabled(!quiet, delete).clicked() {
                        let who = (0..entry.names.len())
                            .map(|s| seat_label(lang, entry, s))
                            .collect::<Vec<_>>()
                            .join(", ");
                        action = Some(RowAction::Delete(
                            entry.id.clone(),
                            format!("{who} · {}", entry.date),
                        ));
                    }
                });
            }
        });
    });
    action
}

fn history_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    store: Option<Res<LeagueStore>>,
    mut filter: ResMut<HistoryFilter>,
    mut ask: ResMut<LeagueAsk>,
    mut watches: MessageWriter<WatchRecord>,
    mut panel: ResMut<ViewportInsets>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut home = false;
    let mut chosen = filter.0.clone();
    let mut action = None;
    screen_panel(ctx, "history", 720.0, &mut panel, |ui| {
        home = screen_heading(ui, lang, lang.t("History"));
        let Some(store) = &store else {
            ui.label(lang.t("The league is not available in this run."));
            return;
        };
        let profiles = &store.league.profiles;
        if chosen.as_ref().is_some_and(|id| profiles.get(id).is_none()) {
            chosen = None;
        }
        ui.horizontal(|ui| {
            ui.label(lang.t("Player"));
            let shown = chosen
                .as_ref()
                .and_then(|id| store.profile_name(id))
                .map_or_else(|| lang.t("Everyone").to_string(), str::to_string);
            egui::ComboBox::from_id_salt("history-filter")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut chosen, None, lang.t("Everyone"));
                    for p in &profiles.list {
                        ui.selectable_value(&mut chosen, Some(p.id.clone()), &p.name);
                    }
                });
            let count = store.league.history_of(chosen.as_deref()).count();
            ui.label(
                egui::RichText::new(if count == 1 {
                    tr(lang, "1 game").to_string()
                } else {
                    trf(lang, "{} games", &[&count])
                })
                .weak(),
            );
        });
        ui.separator();
        action = game_list(
            ui,
            lang,
            store,
            chosen.as_deref(),
            500,
            Some(ask.0.is_none()),
        );
    });
    if chosen != filter.0 {
        filter.0 = chosen;
    }
    match action {
        Some(RowAction::Watch(path)) => {
            watches.write(WatchRecord(path));
        }
        Some(RowAction::Delete(id, who)) => ask.0 = Some(LeagueQuestion::DeleteGame(id, who)),
        None => {}
    }
    if home {
        next.set(Screen::Home);
    }
    Ok(())
}
