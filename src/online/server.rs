//! "Play online": tables on a Starhop server (`starhop-server`), reached by
//! its address (remembered in Settings) and a room code, for families
//! whose home router lets nobody in. Open a table there, join one by its
//! code, or pick a public one. The requests to the server run on a thread
//! of their own, so a slow server never holds up a frame; sitting at the
//! table is then the same `JoinGame` as joining a host directly.

use super::JoinGame;
use super::ui::JoinForm;
use crate::settings::{DEFAULT_SERVER, Language};
use crate::ui::{Tr, trf};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use starhop_ai::Level;
use starhop_draughts::Variant;
use starhop_engine::food::FoodRules;
use starhop_engine::halma::HalmaRules;
use starhop_engine::{Preset, Rules};
use starhop_net::rooms::{create_table, list_tables};
use starhop_net::{PublicTable, SeatInfo, SeatKind, TableGame, TableRequest as ServerTable};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError};

/// Which game a table opened on a server plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ServerGame {
    #[default]
    Classic,
    Party,
    Draughts,
    Food,
    Halma,
}

/// The "open a table" form.
#[derive(Clone, Debug, PartialEq)]
pub struct TableForm {
    pub game: ServerGame,
    /// The draughts played when `game` is draughts.
    pub variant: Variant,
    pub players: usize,
    /// Seats the server's bots take (the last ones).
    pub bots: usize,
    pub public: bool,
}

impl Default for TableForm {
    fn default() -> TableForm {
        TableForm {
            game: ServerGame::Classic,
            variant: Variant::International,
            players: 2,
            bots: 0,
            public: false,
        }
    }
}

impl TableForm {
    /// The table to ask the server for: the first seat is ours, the last
    /// `bots` seats the server's Medium bots, the others wait for people.
    pub fn request(&self, lang: Language, name: &str) -> ServerTable {
        let players = match self.game {
            ServerGame::Draughts => 2,
            _ => self.players.clamp(2, 6),
        };
        let (game, rules) = match self.game {
            ServerGame::Classic => (TableGame::Classic, Rules::classic()),
            ServerGame::Party => (TableGame::Classic, Preset::Party.rules()),
            ServerGame::Draughts => (
                TableGame::Draughts {
                    variant: self.variant,
                },
                Rules::classic(),
            ),
            ServerGame::Food => (
                TableGame::Food {
                    rules: FoodRules::table(61, players),
                },
                Rules::classic(),
            ),
            ServerGame::Halma => (
                TableGame::Halma {
                    rules: HalmaRules::for_players(if players == 4 { 4 } else { 2 }),
                },
                Rules::classic(),
            ),
        };
        let bots = self.bots.min(players - 1);
        let seats = (0..players)
            .map(|i| match i >= players - bots {
                // The server names its bots.
                true => SeatInfo::bot(Level::Medium.name(), String::new()),
                false => SeatInfo::open(),
            })
            .collect();
        let owner = name.trim();
        ServerTable {
            game,
            rules,
            seats,
            public: self.public,
            name: match owner.is_empty() {
                true => lang.t("Starhop table").to_string(),
                false => trf(lang, "{}'s table", &[&owner]),
            },
        }
    }

    /// Player counts the game takes.
    fn counts(&self) -> &'static [usize] {
        match self.game {
            ServerGame::Classic | ServerGame::Party => &[2, 3, 4, 6],
            ServerGame::Draughts => &[2],
            ServerGame::Food => &[2, 3, 4, 5, 6],
            ServerGame::Halma => &[2, 4],
        }
    }
}

/// Open a table on the server at `server` ("host:port") and sit at it as
/// `name` (the first seat) once the server gives its code.
#[derive(Message, Clone, Debug)]
pub struct OpenOnServer {
    pub server: String,
    pub table: ServerTable,
    pub name: String,
}

/// Ask the server at this address for its public tables.
#[derive(Message, Clone, Debug)]
pub struct ListServerTables(pub String);

/// The thread that asks the server.
const REQUEST_THREAD_ID: &str = "starhop-server-request";

/// What the server answered.
enum Answer {
    Created(String),
    Tables(Vec<PublicTable>),
}

/// Play online's state between frames.
#[derive(Resource, Default)]
pub struct ServerLobby {
    pub form: TableForm,
    /// The room code typed to join by code.
    pub code: String,
    /// The server's public tables, as last listed, and from which server.
    pub tables: Vec<PublicTable>,
    pub listed: Option<String>,
    /// What went wrong with the last request.
    pub problem: Option<String>,
    /// The request under way: to which server, for whom, and its answer to come.
    asking: Option<Asking>,
}

struct Asking {
    server: String,
    name: String,
    /// In a mutex only so the resource may be shared between systems' threads.
    answer: Mutex<Receiver<Result<Answer, String>>>,
}

impl ServerLobby {
    pub fn busy(&self) -> bool {
        self.asking.is_some()
    }

    /// Sends a request to the server on a thread of its own (one at a time).
    fn ask(
        &mut self,
        server: &str,
        name: &str,
        request: impl FnOnce(&str) -> Result<Answer, String> + Send + 'static,
    ) {
        if self.busy() {
            return;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let addr = server.trim().to_string();
        let asked = addr.clone();
        let spawned = std::thread::Builder::new()
            .name(REQUEST_THREAD_ID.into())
            .spawn(move || {
                let _ = tx.send(request(&addr));
            });
        match spawned {
            Ok(_) => {
                self.problem = None;
                self.asking = Some(Asking {
                    server: asked,
                    name: name.to_string(),
                    answer: Mutex::new(rx),
                });
            }
            Err(e) => self.problem = Some(e.to_string()),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ServerLobby>()
        .add_message::<OpenOnServer>()
        .add_message::<ListServerTables>()
        .add_systems(Update, (ask_server, take_answers).chain());
}

/// Sends the requests to the server.
fn ask_server(
    mut lobby: ResMut<ServerLobby>,
    mut opens: MessageReader<OpenOnServer>,
    mut lists: MessageReader<ListServerTables>,
) {
    for open in opens.read() {
        let table = open.table.clone();
        let ask = move |addr: &str| create_table(addr, table).map(Answer::Created);
        lobby.ask(&open.server, &open.name, ask);
    }
    for list in lists.read() {
        let ask = |addr: &str| list_tables(addr).map(Answer::Tables);
        lobby.ask(&list.0, "", ask);
    }
}

/// Takes the server's answer when it has come: a table opened is joined at
/// once, with its code; a list is shown.
fn take_answers(mut lobby: ResMut<ServerLobby>, mut joins: MessageWriter<JoinGame>) {
    let Some(asking) = &lobby.asking else {
        return;
    };
    let received = match asking.answer.lock() {
        Ok(rx) => rx.try_recv(),
        Err(_) => Err(TryRecvError::Disconnected),
    };
    let answer = match received {
        Ok(answer) => answer,
        Err(TryRecvError::Empty) => return,
        // The request's thread is gone without a word.
        Err(TryRecvError::Disconnected) => Err(String::new()),
    };
    let Some(Asking { server, name, .. }) = lobby.asking.take() else {
        return;
    };
    match answer {
        Ok(Answer::Created(code)) => {
            joins.write(JoinGame {
                addr: server,
                code,
                name,
                watch: false,
                rejoin: None,
                on_server: true,
            });
        }
        Ok(Answer::Tables(tables)) => {
            lobby.tables = tables;
            lobby.listed = Some(server);
        }
        Err(e) => lobby.problem = Some(e),
    }
}

/// What the Play online section works with.
#[derive(SystemParam)]
pub struct ServerPanel<'w> {
    pub lobby: ResMut<'w, ServerLobby>,
    pub opens: MessageWriter<'w, OpenOnServer>,
    pub lists: MessageWriter<'w, ListServerTables>,
}

/// What the Play online section asks for.
pub enum OnlineAsk {
    Join(JoinGame),
    Open(OpenOnServer),
    List(ListServerTables),
}

/// The Play online section over the server address `server` (changed in
/// place when the player edits it); what was asked for.
pub fn play_online(
    ui: &mut egui::Ui,
    lang: Language,
    server: &mut String,
    lobby: &mut ServerLobby,
    form: &mut JoinForm,
) -> Option<OnlineAsk> {
    let mut join = None;
    ui.label(lang.t("Everyone connects to a Starhop server: nobody's router needs opening."));
    ui.horizontal(|ui| {
        ui.label(lang.t("Server"));
        ui.add(egui::TextEdit::singleline(server).hint_text(DEFAULT_SERVER))
            .on_hover_text(
                lang.t("The server's address and port; kept for next time (also in Settings)."),
            );
    });
    let server = server.trim().to_string();
    ui.horizontal(|ui| {
        ui.label(lang.t("Your name"));
        ui.add(egui::TextEdit::singleline(&mut form.name).char_limit(24));
    });
    let named = !form.name.trim().is_empty() && !server.is_empty();
    // Join by code alone.
    ui.horizontal(|ui| {
        ui.label(lang.t("Room code"));
        ui.add(
            egui::TextEdit::singleline(&mut lobby.code)
                .hint_text("·····-·····")
                .desired_width(120.0),
        );
        let ready = named && !lobby.code.trim().is_empty();
        for (watch, label) in [(false, lang.t("Join")), (true, lang.t("Watch"))] {
            if ui
                .add_enabled(ready, egui::Button::new(label))
                .on_disabled_hover_text(lang.t("Fill in the server, your name and the code."))
                .clicked()
            {
                join = Some(OnlineAsk::Join(JoinGame {
                    addr: server.clone(),
                    code: lobby.code.trim().to_string(),
                    name: form.name.clone(),
                    watch,
                    rejoin: None,
                    on_server: true,
                }));
            }
        }
    });
    ui.add_space(4.0);
    if let Some(open) = table_form(ui, lang, lobby, &server, &form.name, named) {
        join = Some(OnlineAsk::Open(open));
    }
    ui.add_space(4.0);
    if let Some(ask) = public_tables(ui, lang, lobby, &server, form) {
        join = Some(ask);
    }
    if lobby.busy() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(trf(lang, "Asking {}…", &[&server]));
        });
    }
    if let Some(problem) = &lobby.problem {
        let text = match problem.is_empty() {
            true => lang.t("The server did not answer.").to_string(),
            false => trf(lang, "The server did not answer: {}", &[problem]),
        };
        ui.colored_label(crate::ui::theme::BAD, text);
    }
    join
}

/// "Open a table": the game, the players and bots, public or not.
fn table_form(
    ui: &mut egui::Ui,
    lang: Language,
    lobby: &mut ServerLobby,
    server: &str,
    name: &str,
    named: bool,
) -> Option<OpenOnServer> {
    let mut f = lobby.form.clone();
    ui.strong(lang.t("Open a table on the server"));
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut f.game, ServerGame::Classic, lang.t("Chinese checkers"));
        ui.selectable_value(&mut f.game, ServerGame::Party, lang.t("Party"));
        ui.selectable_value(&mut f.game, ServerGame::Draughts, lang.t("Draughts"));
        ui.selectable_value(&mut f.game, ServerGame::Food, lang.t("Food checkers"));
        ui.selectable_value(&mut f.game, ServerGame::Halma, lang.t("Halma"));
    });
    if f.game == ServerGame::Draughts {
        ui.horizontal(|ui| {
            for v in [Variant::International, Variant::Russian] {
                ui.selectable_value(&mut f.variant, v, crate::draughts::variant_name(lang, v));
            }
        });
    }
    if !f.counts().contains(&f.players) {
        f.players = f.counts()[0];
    }
    ui.horizontal(|ui| {
        ui.label(lang.t("Players"));
        for &n in f.counts() {
            ui.selectable_value(&mut f.players, n, n.to_string());
        }
    });
    ui.horizontal(|ui| {
        ui.label(lang.t("Bots"));
        for n in 0..f.players {
            ui.selectable_value(&mut f.bots, n, n.to_string());
        }
    })
    .response
    .on_hover_text(lang.t("The server's bots take the last seats; the others wait for people."));
    f.bots = f.bots.min(f.players - 1);
    ui.checkbox(
        &mut f.public,
        lang.t("Public: listed for everyone on this server"),
    );
    if f != lobby.form {
        lobby.form = f;
    }
    let open = ui
        .add_enabled(
            named && !lobby.busy(),
            egui::Button::new(format!("🌐 {}", lang.t("Open the table"))),
        )
        .on_hover_text(
            lang.t(
                "You get a room code to give the others; the game starts when every seat is taken.",
            ),
        )
        .on_disabled_hover_text(lang.t("Fill in the server and your name."))
        .clicked();
    open.then(|| OpenOnServer {
        server: server.to_string(),
        table: lobby.form.request(lang, name),
        name: name.to_string(),
    })
}

/// The server's public tables, with Join and Watch.
fn public_tables(
    ui: &mut egui::Ui,
    lang: Language,
    lobby: &mut ServerLobby,
    server: &str,
    form: &JoinForm,
) -> Option<OnlineAsk> {
    let mut join = None;
    ui.horizontal(|ui| {
        ui.strong(lang.t("Public tables"));
        let refresh = egui::Button::new(format!("⟳ {}", lang.t("Refresh")));
        if ui
            .add_enabled(!server.is_empty() && !lobby.busy(), refresh)
            .clicked()
        {
            join = Some(OnlineAsk::List(ListServerTables(server.to_string())));
        }
    });
    if lobby.listed.as_deref() != Some(server) {
        ui.weak(lang.t("Refresh to see this server's public tables."));
        return None;
    }
    if lobby.tables.is_empty() {
        ui.weak(lang.t("No public tables on this server now."));
    }
    for t in &lobby.tables {
        let open = t
            .lobby
            .seats
            .iter()
            .filter(|s| s.kind == SeatKind::Open)
            .count();
        let state = match t.lobby.started {
            true => lang.t("playing"),
            false => lang.t("waiting"),
        };
        let game = crate::ui::game_name(lang, t.lobby.game.kind(&t.lobby.rules));
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} · {game} · {} · {state}",
                t.name,
                trf(lang, "open seats: {}", &[&open])
            ));
            let named = !form.name.trim().is_empty();
            let seat = open > 0 && !t.lobby.started && named;
            for (watch, label, enabled) in [
                (false, lang.t("Join"), seat),
                (true, lang.t("Watch"), named),
            ] {
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    join = Some(OnlineAsk::Join(JoinGame {
                        addr: server.to_string(),
                        code: t.code.clone(),
                        name: form.name.clone(),
                        watch,
                        rejoin: None,
                        on_server: true,
                    }));
                }
            }
        });
    }
    join
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_form_asks_for_our_seat_first_and_bots_last() {
        let form = TableForm {
            game: ServerGame::Party,
            players: 4,
            bots: 2,
            public: true,
            ..TableForm::default()
        };
        let t = form.request(Language::English, "Ann");
        assert_eq!(t.seats.len(), 4);
        assert_eq!(t.seats[0].kind, SeatKind::Open);
        assert_eq!(t.seats[1].kind, SeatKind::Open);
        assert!(matches!(t.seats[3].kind, SeatKind::Bot { .. }));
        assert!(t.rules.items, "a party table plays with items");
        assert!(t.public);
        assert_eq!(t.name, "Ann's table");
        // Never a table of bots alone; draughts has two seats whatever the form says.
        let all_bots = TableForm {
            bots: 9,
            ..form.clone()
        }
        .request(Language::English, "");
        assert_eq!(all_bots.seats[0].kind, SeatKind::Open);
        let draughts = TableForm {
            game: ServerGame::Draughts,
            ..form
        }
        .request(Language::English, "Ann");
        assert_eq!(draughts.seats.len(), 2);
    }
}
