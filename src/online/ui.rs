//! The network game's screens: the "Network game" panel (host or join), the
//! table's lobby (code, address, seats, start), and during play a small
//! banner with the table and who has lost the connection, plus the host's
//! answer to a player who asks to take back a move.

use super::{JoinGame, LastTable, Online, TableRequest, TableState};
use crate::Screen;
use crate::league::home::{screen_heading, screen_panel};
use crate::play::{Match, PALETTE, PendingSetup, SeatKind};
use crate::settings::{Language, Settings};
use crate::ui::{SetupPanel, Tr, swatch, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_net::{Lobby, SeatKind as NetSeat};

/// What the join form holds between frames.
#[derive(Resource, Clone, Debug, Default)]
pub struct JoinForm {
    pub addr: String,
    pub code: String,
    pub name: String,
    /// Join as a spectator, without a seat.
    pub watch: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .add_plugins(super::shots::plugin)
        .add_systems(
            EguiPrimaryContextPass,
            (
                online_screen.run_if(in_state(Screen::Online)),
                table_banner.run_if(in_state(Screen::Playing)),
            )
                .after(crate::ui::install_fonts),
        );
}

fn online_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    online: Option<Res<Online>>,
    last: Option<Res<LastTable>>,
    mut form: ResMut<JoinForm>,
    mut panel: ResMut<SetupPanel>,
    mut pending: ResMut<PendingSetup>,
    mut joins: MessageWriter<JoinGame>,
    mut table: MessageWriter<TableRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    screen_panel(ctx, "online", 440.0, &mut panel, |ui| {
        if screen_heading(ui, lang, lang.t("Network game")) {
            table.write(TableRequest::Leave);
            next.set(Screen::Home);
        }
        match online.as_deref() {
            None => {
                if let Some(last) = last.as_ref().filter(|l| l.0.rejoin.is_some()) {
                    let back = trf(lang, "Take your seat back at {}", &[&last.0.addr]);
                    if ui
                        .button(format!("↩ {back}"))
                        .on_hover_text(lang.t("A seat waits two minutes for its player."))
                        .clicked()
                    {
                        joins.write(last.0.clone());
                    }
                    ui.separator();
                }
                if host_or_join(ui, lang, &mut form) {
                    joins.write(JoinGame {
                        addr: form.addr.clone(),
                        code: form.code.clone(),
                        name: form.name.clone(),
                        watch: form.watch,
                        rejoin: None,
                    });
                }
                ui.add_space(8.0);
                if ui
                    .button(format!("🌐 {}", lang.t("Set up a table to host")))
                    .on_hover_text(lang.t(
                        "Choose players and rules; seats set to Remote player wait for people at other computers.",
                    ))
                    .clicked()
                {
                    // A table needs a seat for someone elsewhere.
                    let setup = &mut pending.0;
                    if !setup.has_remote()
                        && let Some(seat) = setup.seats.last_mut()
                    {
                        seat.kind = SeatKind::Remote;
                        seat.profile = None;
                    }
                    next.set(Screen::Setup);
                }
            }
            Some(o) => lobby_panel(ui, lang, o, &mut table),
        }
    });
    Ok(())
}

/// The join form; true when Join was pressed with every field filled.
fn host_or_join(ui: &mut egui::Ui, lang: Language, form: &mut JoinForm) -> bool {
    ui.strong(lang.t("Join a table"));
    ui.label(lang.t("Ask the host for the address and the room code on their screen."));
    let mut go = false;
    egui::Grid::new("join-form")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            ui.label(lang.t("Address"));
            ui.add(egui::TextEdit::singleline(&mut form.addr).hint_text("192.168.1.20:7878"));
            ui.end_row();
            ui.label(lang.t("Room code"));
            ui.add(egui::TextEdit::singleline(&mut form.code).hint_text("·····-·····"));
            ui.end_row();
            ui.label(lang.t("Your name"));
            let name = ui.add(egui::TextEdit::singleline(&mut form.name).char_limit(24));
            go = name.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.end_row();
        });
    ui.checkbox(&mut form.watch, lang.t("Only watch"))
        .on_hover_text(lang.t("Follow the game without a seat."));
    let ready = !form.addr.trim().is_empty()
        && !form.code.trim().is_empty()
        && !form.name.trim().is_empty();
    let join = ui.add_enabled(ready, egui::Button::new(format!("➡ {}", lang.t("Join"))));
    (join.clicked() || go) && ready
}

fn lobby_panel(
    ui: &mut egui::Ui,
    lang: Language,
    o: &Online,
    table: &mut MessageWriter<TableRequest>,
) {
    if o.is_host() {
        ui.label(lang.t("Others join with this address and code:"));
        for addr in &o.addresses {
            ui.label(egui::RichText::new(addr).size(20.0).monospace());
        }
        ui.label(egui::RichText::new(&o.code).size(30.0).monospace().strong());
    } else {
        ui.label(trf(lang, "Table at {}", &[&o.addresses.join(", ")]));
    }
    ui.separator();
    match &o.state {
        TableState::Connecting => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(lang.t("Reaching the host…"));
            });
        }
        TableState::Reconnecting => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(lang.t("Connection lost; coming back…"));
            });
        }
        TableState::Closed(reason) => {
            ui.colored_label(
                egui::Color32::from_rgb(230, 120, 90),
                trf(lang, "Not at the table: {}", &[reason]),
            );
        }
        TableState::Lobby | TableState::Playing => {}
    }
    if let Some(lobby) = &o.lobby {
        let colours: Vec<u8> = o.setup.seats.iter().map(|s| s.colour).collect();
        seats(ui, lang, lobby, o.seat, &colours);
        let open = lobby.seats.iter().any(|s| s.kind == NetSeat::Open);
        ui.add_space(6.0);
        if o.is_host() {
            let start = ui
                .add_enabled(
                    !open,
                    egui::Button::new(
                        egui::RichText::new(format!("▶ {}", lang.t("Start game"))).size(20.0),
                    ),
                )
                .on_disabled_hover_text(lang.t("Waiting for every remote seat to be taken."));
            if start.clicked() {
                table.write(TableRequest::Start);
            }
        } else if o.state == TableState::Lobby {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(lang.t("Waiting for the host to start the game…"));
            });
        }
    }
    ui.add_space(6.0);
    let leave = if o.is_host() {
        lang.t("Close the table")
    } else {
        lang.t("Leave the table")
    };
    if ui.button(format!("✖ {leave}")).clicked() {
        table.write(TableRequest::Leave);
    }
}

/// The lobby's seats: colour, who sits there, and whether they are here.
fn seats(ui: &mut egui::Ui, lang: Language, lobby: &Lobby, me: Option<u8>, colours: &[u8]) {
    egui::Grid::new("lobby-seats")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (i, seat) in lobby.seats.iter().enumerate() {
                // The host's chosen colours; a joining player's match uses the palette's order.
                let colour = colours.get(i).map_or(i, |&c| c as usize);
                swatch(ui, PALETTE[colour % PALETTE.len()].1);
                let name = if seat.name.is_empty() {
                    lang.t("(open)").to_string()
                } else if me == Some(i as u8) {
                    trf(lang, "{} (you)", &[&seat.name])
                } else {
                    seat.name.clone()
                };
                ui.label(name);
                ui.label(match &seat.kind {
                    NetSeat::Open => format!("⏳ {}", lang.t("waiting for a player")),
                    NetSeat::Local => format!("🏠 {}", lang.t("at the host")),
                    NetSeat::Remote if seat.connected => format!("🌐 {}", lang.t("joined")),
                    NetSeat::Remote => format!("⚠ {}", lang.t("connection lost")),
                    NetSeat::Bot { level } => {
                        let level = starhop_ai::Level::ALL
                            .into_iter()
                            .find(|l| l.name() == level);
                        level.map_or_else(String::new, |l| {
                            crate::ui::kind_name(lang, SeatKind::Bot(l))
                        })
                    }
                });
                ui.end_row();
            }
        });
    if lobby.spectators > 0 {
        ui.label(trf(lang, "Watching: {}", &[&lobby.spectators]));
    }
}

/// During a network game: the table, lost connections, and the host's answer
/// to a request to take back a move.
fn table_banner(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    mut table: MessageWriter<TableRequest>,
) -> Result {
    let (Some(o), Some(m)) = (online, game) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    egui::Area::new(egui::Id::new("online-banner"))
        // Above the help line, clear of the players' list and the buttons.
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-16.0, -48.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_max_width(300.0);
                let role = if o.is_host() {
                    trf(lang, "🌐 Hosting · {}", &[&o.code])
                } else {
                    trf(lang, "🌐 Online · {}", &[&o.code])
                };
                ui.strong(role);
                match &o.state {
                    TableState::Reconnecting => {
                        ui.colored_label(
                            egui::Color32::from_rgb(230, 180, 90),
                            lang.t("Connection lost; coming back…"),
                        );
                    }
                    TableState::Closed(reason) => {
                        ui.colored_label(
                            egui::Color32::from_rgb(230, 120, 90),
                            trf(lang, "Not at the table: {}", &[reason]),
                        );
                    }
                    _ => {}
                }
                for seat in o.lost() {
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 180, 90),
                        trf(lang, "⚠ {}: connection lost", &[&m.name(seat)]),
                    );
                }
            });
        });
    if let Some(seat) = o.undo_asked {
        let who = seat.map_or_else(|| lang.t("A player").to_string(), |s| m.name(s).to_string());
        egui::Window::new(lang.t("Take back a move?"))
            .id(egui::Id::new("online-undo"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label(trf(lang, "{} asks to take back the last move.", &[&who]));
                ui.horizontal(|ui| {
                    if ui.button(lang.t("Allow")).clicked() {
                        table.write(TableRequest::AnswerUndo(true));
                    }
                    if ui.button(lang.t("Refuse")).clicked() {
                        table.write(TableRequest::AnswerUndo(false));
                    }
                });
            });
    }
    Ok(())
}
