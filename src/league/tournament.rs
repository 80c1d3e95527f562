//! The tournament screen: the tournaments (resume, delete), a new one
//! (name, 3–16 entrants, single games or best of three, the rules), and one
//! tournament: who plays next and who moves first (Play next), the standings
//! and the round-robin table with its results.

use super::ask::{LeagueAsk, LeagueQuestion};
use super::{LeagueRequest, LeagueStore, OpenTournament, PlayNext};
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::settings::{Language, Settings};
use crate::ui::{Tr, display_name, level_name, trf};
use crate::ui::{screen_heading, screen_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_ai::Level;
use starhop_engine::Preset;
use starhop_league::tournament::{MAX_ENTRANTS, MIN_ENTRANTS, MatchState};
use starhop_league::{Entrant, Format, Pairing, Tournament, Who};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TournamentDraft>().add_systems(
        EguiPrimaryContextPass,
        tournament_screen
            .run_if(in_state(Screen::Tournament))
            .after(crate::ui::install_fonts),
    );
}

/// A tournament being made on the screen.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct TournamentDraft {
    pub open: bool,
    pub name: String,
    /// Who plays, and the name typed for a guest.
    pub entrants: Vec<(Who, String)>,
    pub format: Format,
    pub preset: Preset,
}

impl Default for TournamentDraft {
    fn default() -> TournamentDraft {
        TournamentDraft {
            open: false,
            name: String::new(),
            entrants: vec![
                (Who::Guest, String::new()),
                (Who::Guest, String::new()),
                (Who::Bot(Level::Medium), String::new()),
            ],
            format: Format::Single,
            preset: Preset::Classic,
        }
    }
}

impl TournamentDraft {
    /// The entrants as the tournament keeps them: profiles by their name,
    /// guests as typed; bots and unnamed guests by number ("Player 3", which
    /// shows in the interface language; a bot shows as its level).
    pub fn entrants(&self, store: &LeagueStore) -> Vec<Entrant> {
        self.entrants
            .iter()
            .enumerate()
            .map(|(i, (who, typed))| {
                let name = match who {
                    Who::Profile(id) => store.profile_name(id).unwrap_or(typed).to_string(),
                    Who::Bot(_) => crate::ui::i18n::default_name(i + 1),
                    Who::Guest if typed.trim().is_empty() => crate::ui::i18n::default_name(i + 1),
                    Who::Guest => typed.trim().to_string(),
                };
                Entrant {
                    name,
                    who: who.clone(),
                }
            })
            .collect()
    }
}

/// An entrant's name as shown: a bot by its level (numbered when several
/// play at one level), default names in the interface language.
pub fn entrant_label(lang: Language, t: &Tournament, number: usize) -> String {
    let e = t.entrant(number);
    match &e.who {
        Who::Bot(level) => {
            let same = t.entrants.iter().filter(|o| o.who == e.who).count();
            let nth = t.entrants[..number - 1]
                .iter()
                .filter(|o| o.who == e.who)
                .count()
                + 1;
            let name = trf(lang, "Bot ({})", &[&level_name(lang, *level)]);
            if same > 1 {
                format!("{name} {nth}")
            } else {
                name
            }
        }
        _ => display_name(lang, &e.name),
    }
}

fn format_name(lang: Language, f: Format) -> &'static str {
    match f {
        Format::Single => lang.t("Single games"),
        Format::BestOfThree => lang.t("Best of three"),
    }
}

fn preset_name(lang: Language, p: Option<Preset>) -> &'static str {
    match p {
        Some(Preset::Classic) => lang.t("Classic"),
        Some(Preset::Tournament) => lang.t("Tournament"),
        Some(Preset::SuperJump) => lang.t("Super jump"),
        Some(Preset::Party) => lang.t("Party"),
        None => lang.t("Own rules"),
    }
}

/// The rules a tournament was made with, as a preset (the first mover is
/// always fixed in a tournament, so it is left out of the comparison).
fn preset_of(t: &Tournament) -> Option<Preset> {
    Preset::ALL.into_iter().find(|p| {
        let mut rules = p.rules();
        rules.first_move = t.rules.first_move;
        rules.board_size = t.rules.board_size;
        rules == t.rules
    })
}

/// A score as a fraction: 1, ½, ¾, ¼, 0.
fn score(x: f32) -> String {
    let whole = x.floor();
    let frac = match ((x - whole) * 4.0).round() as i32 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    match (whole as i32, frac) {
        (0, f) if !f.is_empty() => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// Tournament points: "2", "2.5".
fn points(x: f32) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The games of a pairing, from its first-named entrant's side: "1–0, ½–½".
fn results(t: &Tournament, p: Pairing) -> String {
    t.games_between(p.first, p.second)
        .map(|g| {
            let mine = if g.first == p.first {
                g.first_score
            } else {
                1.0 - g.first_score
            };
            format!("{}–{}", score(mine), score(1.0 - mine))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn tournament_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    store: Option<Res<LeagueStore>>,
    mut open: ResMut<OpenTournament>,
    mut draft: ResMut<TournamentDraft>,
    mut ask: ResMut<LeagueAsk>,
    mut requests: MessageWriter<LeagueRequest>,
    mut plays: MessageWriter<PlayNext>,
    mut panel: ResMut<ViewportInsets>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut home = false;
    let mut shown = open.0.clone();
    let mut edit = draft.clone();
    screen_panel(ctx, "tournament", 760.0, &mut panel, |ui| {
        home = screen_heading(ui, lang, lang.t("Tournament"));
        let Some(store) = &store else {
            ui.label(lang.t("The league is not available in this run."));
            return;
        };
        if let Some(t) = shown.as_ref().and_then(|id| store.tournament(id)) {
            if ui
                .button(format!("⏴ {}", lang.t("All tournaments")))
                .clicked()
            {
                shown = None;
            }
            one_tournament(ui, lang, t, &mut plays);
        } else if edit.open {
            if let Some(request) = new_tournament(ui, lang, store, &mut edit) {
                requests.write(request);
                edit = TournamentDraft::default();
            }
        } else {
            shown = None;
            list(ui, lang, store, &mut shown, &mut edit, &mut ask);
        }
    });
    if shown != open.0 {
        open.0 = shown;
    }
    if edit != *draft {
        *draft = edit;
    }
    if home {
        next.set(Screen::Home);
    }
    Ok(())
}

fn list(
    ui: &mut egui::Ui,
    lang: Language,
    store: &LeagueStore,
    shown: &mut Option<String>,
    draft: &mut TournamentDraft,
    ask: &mut LeagueAsk,
) {
    if ui
        .button(egui::RichText::new(format!("＋ {}", lang.t("New tournament"))).size(18.0))
        .clicked()
    {
        draft.open = true;
    }
    ui.add_space(4.0);
    if store.tournaments.is_empty() {
        ui.label(
            egui::RichText::new(lang.t(
                "No tournaments yet. In a round robin everyone plays everyone once (or a best of three).",
            ))
            .weak(),
        );
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("tournaments")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for t in store.tournaments.iter().rev() {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.strong(egui::RichText::new(super::tournament_name(lang, t)).size(17.0));
                        crate::ui::trailing(ui, &t.id, |ui| {
                            let label = if t.is_over() {
                                lang.t("Open")
                            } else {
                                lang.t("Resume")
                            };
                            if ui.button(format!("▶ {label}")).clicked() {
                                *shown = Some(t.id.clone());
                            }
                            if ui.button(format!("🗑 {}", lang.t("Delete"))).clicked() {
                                ask.0 = Some(LeagueQuestion::DeleteTournament(
                                    t.id.clone(),
                                    super::tournament_name(lang, t),
                                ));
                            }
                        });
                    });
                    let state = match (t.next_game(), t.standings().first()) {
                        (None, Some(w)) => {
                            trf(lang, "Winner: {}", &[&entrant_label(lang, t, w.entrant)])
                        }
                        (Some(n), _) => {
                            trf(lang, "Round {} of {}", &[&n.round, &t.schedule().len()])
                        }
                        (None, None) => String::new(),
                    };
                    ui.label(
                        egui::RichText::new(format!(
                            "{} · {} · {} · {} · {}",
                            t.created,
                            trf(lang, "{} entrants", &[&t.entrants.len()]),
                            format_name(lang, t.games_format),
                            preset_name(lang, preset_of(t)),
                            state
                        ))
                        .weak(),
                    );
                });
            }
        });
}

/// The form of a new tournament; the request when Create is pressed.
fn new_tournament(
    ui: &mut egui::Ui,
    lang: Language,
    store: &LeagueStore,
    draft: &mut TournamentDraft,
) -> Option<LeagueRequest> {
    let mut request = None;
    ui.strong(egui::RichText::new(lang.t("New tournament")).size(18.0));
    egui::Grid::new("tournament-options")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            ui.label(lang.t("Name"));
            ui.add_sized(
                [260.0, 24.0],
                egui::TextEdit::singleline(&mut draft.name)
                    .char_limit(40)
                    .hint_text(lang.t("Family cup")),
            );
            ui.end_row();
            ui.label(lang.t("Games"));
            ui.horizontal(|ui| {
                for f in [Format::Single, Format::BestOfThree] {
                    ui.radio_value(&mut draft.format, f, format_name(lang, f));
                }
            })
            .response
            .on_hover_text(lang.t(
                "Best of three: a match won scores 2, a match lost 1; a drawn match gets an extra game.",
            ));
            ui.end_row();
            ui.label(lang.t("Rules"));
            ui.horizontal(|ui| {
                for p in [Preset::Classic, Preset::Tournament, Preset::SuperJump] {
                    ui.radio_value(&mut draft.preset, p, preset_name(lang, Some(p)));
                }
            });
            ui.end_row();
        });
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong(trf(lang, "Entrants ({})", &[&draft.entrants.len()]));
        ui.label(egui::RichText::new(lang.t("3 to 16")).weak());
    });
    let profiles = &store.league.profiles.list;
    let max_height = (ui.ctx().content_rect().height() - 420.0).max(150.0);
    let mut remove = None;
    let can_remove = draft.entrants.len() > MIN_ENTRANTS;
    egui::ScrollArea::vertical()
        .id_salt("entrants")
        .max_height(max_height)
        .show(ui, |ui| {
            egui::Grid::new("entrants")
                .num_columns(4)
                .spacing([8.0, 4.0])
                .show(ui, |ui| {
                    for i in 0..draft.entrants.len() {
                        let used: Vec<Who> = draft
                            .entrants
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != i)
                            .map(|(_, e)| e.0.clone())
                            .collect();
                        let (who, typed) = &mut draft.entrants[i];
                        ui.label(format!("{}.", i + 1));
                        let current = match &*who {
                            Who::Guest => lang.t("Guest").to_string(),
                            Who::Profile(id) => store
                                .profile_name(id)
                                .unwrap_or(lang.t("Guest"))
                                .to_string(),
                            Who::Bot(l) => trf(lang, "Bot ({})", &[&level_name(lang, *l)]),
                        };
                        egui::ComboBox::from_id_salt(("entrant", i))
                            .width(170.0)
                            .selected_text(current)
                            .show_ui(ui, |ui| {
                                ui.selectable_value(who, Who::Guest, lang.t("Guest"));
                                for p in profiles {
                                    let w = Who::Profile(p.id.clone());
                                    if !used.contains(&w) {
                                        ui.selectable_value(who, w, &p.name);
                                    }
                                }
                                for l in Level::ALL {
                                    let text = trf(lang, "Bot ({})", &[&level_name(lang, l)]);
                                    ui.selectable_value(who, Who::Bot(l), text);
                                }
                            });
                        if *who == Who::Guest {
                            ui.add_sized(
                                [160.0, 24.0],
                                egui::TextEdit::singleline(typed)
                                    .char_limit(20)
                                    .hint_text(trf(lang, "Player {}", &[&(i + 1)])),
                            );
                        } else {
                            ui.label("");
                        }
                        if ui
                            .add_enabled(can_remove, egui::Button::new("✖").small())
                            .on_hover_text(lang.t("Remove"))
                            .clicked()
                        {
                            remove = Some(i);
                        }
                        ui.end_row();
                    }
                });
        });
    if let Some(i) = remove.filter(|_| draft.entrants.len() > MIN_ENTRANTS) {
        draft.entrants.remove(i);
    }
    ui.horizontal(|ui| {
        let room = draft.entrants.len() < MAX_ENTRANTS;
        if ui
            .add_enabled(
                room,
                egui::Button::new(format!("＋ {}", lang.t("Add entrant"))),
            )
            .clicked()
        {
            draft.entrants.push((Who::Guest, String::new()));
        }
        let missing: Vec<Who> = profiles
            .iter()
            .map(|p| Who::Profile(p.id.clone()))
            .filter(|w| !draft.entrants.iter().any(|e| &e.0 == w))
            .collect();
        if ui
            .add_enabled(
                room && !missing.is_empty(),
                egui::Button::new(format!("👤 {}", lang.t("Add every profile"))),
            )
            .clicked()
        {
            // Profiles take the place of unnamed guests first.
            for w in missing {
                if let Some(slot) = draft
                    .entrants
                    .iter_mut()
                    .find(|e| e.0 == Who::Guest && e.1.trim().is_empty())
                {
                    *slot = (w, String::new());
                } else if draft.entrants.len() < MAX_ENTRANTS {
                    draft.entrants.push((w, String::new()));
                }
            }
        }
    });
    ui.separator();
    ui.horizontal(|ui| {
        let n = draft.entrants.len();
        let ok = (MIN_ENTRANTS..=MAX_ENTRANTS).contains(&n);
        let create = egui::Button::new(
            egui::RichText::new(format!("🏆 {}", lang.t("Create tournament"))).size(18.0),
        );
        if ui.add_enabled(ok, create).clicked() {
            request = Some(LeagueRequest::CreateTournament {
                name: draft.name.clone(),
                entrants: draft.entrants(store),
                format: draft.format,
                preset: draft.preset,
            });
        }
        if ui.button(lang.t("Cancel")).clicked() {
            draft.open = false;
        }
    });
    request
}

fn one_tournament(
    ui: &mut egui::Ui,
    lang: Language,
    t: &Tournament,
    plays: &mut MessageWriter<PlayNext>,
) {
    ui.horizontal(|ui| {
        ui.heading(egui::RichText::new(super::tournament_name(lang, t)).strong());
    });
    ui.label(
        egui::RichText::new(format!(
            "{} · {} · {} · {}",
            trf(lang, "{} entrants", &[&t.entrants.len()]),
            format_name(lang, t.games_format),
            preset_name(lang, preset_of(t)),
            t.created
        ))
        .weak(),
    );
    ui.add_space(4.0);
    let next = t.next_game();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        match next {
            Some(n) => {
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.label(
                            egui::RichText::new(trf(
                                lang,
                                "Next: round {}, {} against {}",
                                &[
                                    &n.round,
                                    &entrant_label(lang, t, n.first),
                                    &entrant_label(lang, t, n.second),
                                ],
                            ))
                            .strong()
                            .size(17.0),
                        );
                        let mut line =
                            trf(lang, "{} moves first.", &[&entrant_label(lang, t, n.first)]);
                        if t.games_format == Format::BestOfThree {
                            line += " ";
                            line += &trf(lang, "Game {} of the match.", &[&n.game_in_match]);
                        }
                        ui.label(line);
                    });
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let play = egui::Button::new(
                            egui::RichText::new(format!("▶ {}", lang.t("Play next"))).size(19.0),
                        );
                        if ui.add(play).clicked() {
                            plays.write(PlayNext(t.id.clone()));
                        }
                    });
                });
            }
            None => {
                if let Some(w) = t.standings().first() {
                    ui.label(
                        egui::RichText::new(format!(
                            "🏆 {}",
                            trf(
                                lang,
                                "{} wins the tournament!",
                                &[&entrant_label(lang, t, w.entrant)]
                            )
                        ))
                        .size(20.0)
                        .strong()
                        .color(crate::ui::theme::GOLD),
                    );
                }
            }
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("tournament-view")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.strong(lang.t("Standings"));
            egui::Grid::new("standings")
                .striped(true)
                .num_columns(8)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for head in ["#", lang.t("Name"), lang.t("Points"), lang.t("Played")] {
                        ui.strong(head);
                    }
                    ui.strong(lang.t("W")).on_hover_text(lang.t("Won"));
                    ui.strong(lang.t("D")).on_hover_text(lang.t("Drawn"));
                    ui.strong(lang.t("L")).on_hover_text(lang.t("Lost"));
                    ui.strong(lang.t("SB")).on_hover_text(lang.t(
                        "Sonneborn–Berger: the points of each opponent beaten, half of each drawn; it breaks ties.",
                    ));
                    ui.end_row();
                    for s in t.standings() {
                        ui.label(s.place.to_string());
                        ui.label(entrant_label(lang, t, s.entrant));
                        ui.strong(points(s.points));
                        ui.label(s.played.to_string());
                        ui.label(s.wins.to_string());
                        ui.label(s.draws.to_string());
                        ui.label(s.losses.to_string());
                        ui.label(points(s.sonneborn_berger));
                        ui.end_row();
                    }
                });
            ui.add_space(6.0);
            egui::CollapsingHeader::new(lang.t("Rounds"))
                .default_open(true)
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(lang.t("⚑ moves first in the first game."))
                            .weak(),
                    );
                    egui::Grid::new("rounds")
                        .num_columns(4)
                        .spacing([12.0, 3.0])
                        .show(ui, |ui| {
                            for round in t.schedule() {
                                for (i, p) in round.pairings.iter().enumerate() {
                                    if i == 0 {
                                        ui.strong(trf(lang, "Round {}", &[&round.number]));
                                    } else {
                                        ui.label("");
                                    }
                                    pairing_row(ui, lang, t, *p, next.map(|n| n.pairing));
                                    ui.end_row();
                                }
                                if let Some(bye) = round.bye {
                                    ui.label("");
                                    ui.label(
                                        egui::RichText::new(trf(
                                            lang,
                                            "{} has a free round",
                                            &[&entrant_label(lang, t, bye)],
                                        ))
                                        .weak(),
                                    );
                                    ui.label("");
                                    ui.label("");
                                    ui.end_row();
                                }
                            }
                        });
                });
        });
}

fn pairing_row(
    ui: &mut egui::Ui,
    lang: Language,
    t: &Tournament,
    p: Pairing,
    next: Option<Pairing>,
) {
    let is_next = next == Some(p);
    let names = format!(
        "⚑ {} – {}",
        entrant_label(lang, t, p.first),
        entrant_label(lang, t, p.second)
    );
    if is_next {
        ui.label(egui::RichText::new(format!("▶ {names}")).strong());
    } else {
        ui.label(names);
    }
    ui.label(results(t, p));
    match t.match_state(p) {
        MatchState::Open => ui.label(""),
        MatchState::Drawn => ui.label(lang.t("Draw")),
        MatchState::Won {
            winner,
            by_lot,
            forfeit,
            ..
        } => {
            let mut text = format!("✔ {}", entrant_label(lang, t, winner));
            if by_lot {
                text += &format!(" ({})", lang.t("by lot"));
            }
            if forfeit {
                text += &format!(" ({})", lang.t("forfeit"));
            }
            ui.label(egui::RichText::new(text).color(crate::ui::theme::GOOD))
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_with_one_tournament(dir: &std::path::Path) -> LeagueStore {
        let (league, _) = starhop_league::League::open(dir);
        let entrants = (1..=3)
            .map(|i| Entrant {
                name: format!("Player {i}"),
                who: Who::Guest,
            })
            .collect();
        let t = Tournament::new(
            "t1".into(),
            "Family cup".into(),
            "2026-12-02".into(),
            entrants,
            Format::Single,
            Preset::Classic.rules(),
            7,
        )
        .unwrap();
        LeagueStore {
            league,
            tournaments: vec![t],
        }
    }

    /// The labels of the buttons that Tab visits, in order, from the
    /// start of the tournaments' list.
    fn tab_order(store: &LeagueStore) -> Vec<String> {
        let ctx = egui::Context::default();
        let mut shown = None;
        let mut draft = TournamentDraft::default();
        let mut ask = LeagueAsk::default();
        let mut visited = Vec::new();
        for frame in 0..12 {
            let events = if frame >= 3 {
                vec![egui::Event::Key {
                    key: egui::Key::Tab,
                    physical_key: None,
                    pressed: true,
                    repeat: false,
                    modifiers: egui::Modifiers::NONE,
                }]
            } else {
                vec![]
            };
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(800.0, 600.0),
                )),
                events,
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                list(
                    ui,
                    Language::English,
                    store,
                    &mut shown,
                    &mut draft,
                    &mut ask,
                );
            });
            // Nothing is painted here: the font atlas's updates are dropped.
            output.textures_delta.clear();
            for event in output.platform_output.events {
                if let egui::output::OutputEvent::FocusGained(info) = event
                    && let Some(label) = info.label
                    && visited.last() != Some(&label)
                {
                    visited.push(label);
                }
            }
        }
        visited
    }

    #[test]
    fn tab_visits_a_tournaments_buttons_in_reading_order() {
        let dir = std::env::temp_dir().join(format!("starhop-tab-{}", std::process::id()));
        let store = store_with_one_tournament(&dir);
        let order = tab_order(&store);
        let at = |label: &str| {
            order
                .iter()
                .position(|l| l.contains(label))
                .unwrap_or_else(|| panic!("Tab never reaches {label}: {order:?}"))
        };
        assert!(
            at("New tournament") < at("Resume") && at("Resume") < at("Delete"),
            "Tab goes New tournament, Resume, Delete as they read: {order:?}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
