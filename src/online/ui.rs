//! The network game's screens: the "Network game" panel (host or join), the
//! table's lobby (code, address, seats, start), and during play a small
//! banner with the table and who has lost the connection, plus the host's
//! answer to a player who asks to take back a move.

use super::server::{OnlineAsk, ServerPanel, play_online};
use super::{
    DRAUGHTS_COLOURS, HostSaved, HostTable, JoinGame, LastTable, Online, TableRequest, TableState,
};
use crate::base::Notice;
use crate::base::Screen;
use crate::base::ViewportInsets;
use crate::classic::saves::{SaveEntry, SaveState, list_saves, read_save};
use crate::classic::{Match, PendingSetup, SeatKind};
use crate::persist::Folders;
use crate::settings::{Language, Settings};
use crate::ui::display_name;
use crate::ui::palette::PALETTE;
use crate::ui::{Tr, swatch, trf};
use crate::ui::{screen_heading, screen_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_draughts::{Side, Variant};
use starhop_engine::Seat;
use starhop_engine::food::FoodRules;
use starhop_engine::halma::HalmaRules;
use starhop_net::{DISCOVERY_PORT, Discovery, FoundTable, Lobby, SeatKind as NetSeat, TableGame};

/// What the join form holds between frames.
#[derive(Resource, Clone, Debug, Default)]
pub struct JoinForm {
    pub addr: String,
    pub code: String,
    pub name: String,
    /// Join as a spectator, without a seat.
    pub watch: bool,
}

/// Which game a table to host plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostChoice {
    /// Chinese checkers, set up on the setup screen.
    #[default]
    Classic,
    Draughts,
    Food,
    Halma,
}

/// What the panel's "host a table" part holds between frames.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HostForm {
    pub choice: HostChoice,
    pub variant: Variant,
    /// The draughts side played here.
    pub side: Side,
    /// Food checkers: seats, board and slides.
    pub players: usize,
    pub holes: usize,
    pub slides: bool,
    /// Halma: 2 or 4 players.
    pub halma_players: usize,
    /// The name of the person here (a seat's default name when empty).
    pub name: String,
}

impl Default for HostForm {
    fn default() -> HostForm {
        HostForm {
            choice: HostChoice::Classic,
            variant: Variant::International,
            side: Side::White,
            players: 3,
            holes: 61,
            slides: true,
            halma_players: 2,
            name: String::new(),
        }
    }
}

impl HostForm {
    /// The draughts or food-checkers table the form describes (classic is
    /// set up on the setup screen).
    pub fn table(&self) -> Option<HostTable> {
        let (game, seat) = match self.choice {
            HostChoice::Classic => return None,
            HostChoice::Draughts => (
                TableGame::Draughts {
                    variant: self.variant,
                },
                self.side.index() as Seat,
            ),
            HostChoice::Food => {
                let mut rules = FoodRules::table(self.holes, self.players.clamp(2, 6));
                rules.slides = self.slides;
                (TableGame::Food { rules }, 0)
            }
            HostChoice::Halma => (
                TableGame::Halma {
                    rules: HalmaRules::for_players(if self.halma_players == 4 { 4 } else { 2 }),
                },
                0,
            ),
        };
        Some(HostTable {
            game,
            seat,
            name: self.name.clone(),
        })
    }
}

/// Tables found on the local network while the join form is open.
#[derive(Resource, Default)]
pub struct Nearby {
    discovery: Option<Discovery>,
    pub tables: Vec<FoundTable>,
    /// Seconds since the last look.
    since: f32,
    /// Why the listener could not start (another program holds the port).
    pub failed: Option<String>,
}

/// The saved games a table can be hosted from, listed when the panel opens,
/// and the one chosen with the seat played here.
#[derive(Resource, Default)]
pub struct HostableSaves {
    entries: Vec<SaveEntry>,
    pub listed: bool,
    /// Open the list at once (a screenshot of it).
    pub open: bool,
    chosen: Option<(std::path::PathBuf, Seat)>,
}

/// The id of each saved game's seat choice.
const SAVED_SEATS_ID: &str = "online-saved-seats";

/// Seconds between looks at the beacons heard (they come once a second).
const LOOK_EVERY: f32 = 0.5;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .init_resource::<HostForm>()
        .init_resource::<Nearby>()
        .add_plugins(super::shots::plugin)
        .add_systems(Update, look_for_tables.run_if(in_state(Screen::Online)))
        .init_resource::<HostableSaves>()
        .add_systems(
            OnExit(Screen::Online),
            |mut n: ResMut<Nearby>, mut s: ResMut<HostableSaves>| {
                *n = Nearby::default();
                *s = HostableSaves::default();
            },
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                online_screen.run_if(in_state(Screen::Online)),
                table_banner.run_if(
                    in_state(Screen::Playing)
                        .or_else(in_state(Screen::Draughts))
                        .or_else(in_state(Screen::Food))
                        .or_else(in_state(Screen::Halma)),
                ),
            )
                .after(crate::ui::install_fonts),
        );
}

/// While the join form shows (no table open), listens for tables announcing
/// themselves on the local network.
fn look_for_tables(online: Option<Res<Online>>, time: Res<Time>, mut nearby: ResMut<Nearby>) {
    if online.is_some() {
        if nearby.discovery.is_some() {
            *nearby = Nearby::default();
        }
        return;
    }
    if nearby.discovery.is_none() && nearby.failed.is_none() {
        match Discovery::start(DISCOVERY_PORT) {
            Ok(d) => nearby.discovery = Some(d),
            Err(e) => nearby.failed = Some(e.to_string()),
        }
    }
    nearby.since += time.delta_secs();
    if nearby.since < LOOK_EVERY {
        return;
    }
    nearby.since = 0.0;
    if let Some(d) = nearby.discovery.as_mut() {
        let mut tables = d.try_list();
        tables.sort_by(|a, b| a.name.cmp(&b.name).then(a.addr.cmp(&b.addr)));
        nearby.tables = tables;
    }
}

/// The tables found nearby; a click puts a table's address in the form.
fn nearby_tables(ui: &mut egui::Ui, lang: Language, nearby: &Nearby, form: &mut JoinForm) {
    ui.strong(lang.t("Tables on this network"));
    if let Some(why) = &nearby.failed {
        ui.weak(trf(lang, "Cannot look for tables here: {}", &[why]));
        return;
    }
    if nearby.tables.is_empty() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.weak(lang.t("Looking for tables… (a host's Starhop announces its table)"));
        });
        return;
    }
    for t in &nearby.tables {
        let state = if t.started {
            lang.t("playing")
        } else {
            lang.t("waiting")
        };
        let open = trf(lang, "open seats: {}", &[&t.open.len()]);
        let game = crate::ui::game_name(lang, t.game);
        let text = format!("{} · {game} · {} · {} · {}", t.name, t.addr, open, state);
        let chosen = form.addr == t.addr.to_string();
        if ui
            .selectable_label(chosen, text)
            .on_hover_text(lang.t("Use this address; the room code is on the host's screen."))
            .clicked()
        {
            form.addr = t.addr.to_string();
        }
    }
}

fn online_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    online: Option<Res<Online>>,
    last: Option<Res<LastTable>>,
    mut form: ResMut<JoinForm>,
    mut host: ResMut<HostForm>,
    (nearby, mut online_panel): (Res<Nearby>, ServerPanel),
    mut saves: ResMut<HostableSaves>,
    folders: Option<Res<Folders>>,
    mut hosting: (MessageWriter<HostSaved>, MessageWriter<HostTable>),
    mut notices: MessageWriter<Notice>,
    mut panel: ResMut<ViewportInsets>,
    mut pending: ResMut<PendingSetup>,
    mut joins: MessageWriter<JoinGame>,
    mut table: MessageWriter<TableRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let (hosts, tables) = &mut hosting;
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
                let mut server = settings.server.clone();
                egui::CollapsingHeader::new(format!("🌐 {}", lang.t("Play online")))
                    .id_salt("online-server")
                    .default_open(true)
                    .show(ui, |ui| {
                        let lobby = &mut online_panel.lobby;
                        match play_online(ui, lang, &mut server, lobby, &mut form) {
                            Some(OnlineAsk::Join(join)) => {
                                joins.write(join);
                            }
                            Some(OnlineAsk::Open(open)) => {
                                online_panel.opens.write(open);
                            }
                            Some(OnlineAsk::List(list)) => {
                                online_panel.lists.write(list);
                            }
                            None => {}
                        }
                    });
                // Written only when edited: the settings file is saved on change.
                if server != settings.server {
                    settings.server = server;
                }
                ui.separator();
                nearby_tables(ui, lang, &nearby, &mut form);
                ui.add_space(6.0);
                if host_or_join(ui, lang, &mut form) {
                    joins.write(JoinGame {
                        addr: form.addr.clone(),
                        code: form.code.clone(),
                        name: form.name.clone(),
                        watch: form.watch,
                        rejoin: None,
                        on_server: false,
                    });
                }
                ui.add_space(8.0);
                let mut choice = host.choice;
                ui.horizontal(|ui| {
                    ui.label(lang.t("Host a table:"));
                    ui.selectable_value(
                        &mut choice,
                        HostChoice::Classic,
                        lang.t("Chinese checkers"),
                    );
                    ui.selectable_value(&mut choice, HostChoice::Draughts, lang.t("Draughts"));
                    ui.selectable_value(&mut choice, HostChoice::Food, lang.t("Food checkers"));
                    ui.selectable_value(&mut choice, HostChoice::Halma, lang.t("Halma"));
                });
                if choice != host.choice {
                    host.choice = choice;
                }
                if host.choice != HostChoice::Classic {
                    if let Some(table) = other_game_form(ui, lang, &mut host) {
                        tables.write(table);
                    }
                } else if ui
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
                if !saves.listed {
                    saves.listed = true;
                    saves.entries = folders
                        .as_ref()
                        .map_or_else(Vec::new, |f| list_saves(&f.saves));
                    let readable = |e: &&SaveEntry| matches!(e.state, SaveState::Readable { .. });
                    if saves.open
                        && let Some(first) = saves.entries.iter().find(readable)
                    {
                        saves.chosen = Some((first.path.clone(), 0));
                    }
                }
                if let Some(problem) = hostable_saves(ui, lang, &mut saves, hosts) {
                    notices.write(Notice::Problem(problem));
                }
            }
            Some(o) => lobby_panel(ui, lang, o, &mut table),
        }
    });
    Ok(())
}

/// The table of draughts or food checkers to host: the variant and the
/// side played here, or the board, players and slides; the request when
/// "Open the table" is pressed. Changes only what the player changed.
fn other_game_form(ui: &mut egui::Ui, lang: Language, host: &mut HostForm) -> Option<HostTable> {
    let mut f = host.clone();
    match f.choice {
        HostChoice::Draughts => {
            ui.horizontal(|ui| {
                for v in [Variant::International, Variant::Russian] {
                    ui.selectable_value(&mut f.variant, v, crate::draughts::variant_name(lang, v));
                }
            });
            ui.horizontal(|ui| {
                ui.label(lang.t("You play"));
                for side in [Side::White, Side::Black] {
                    ui.selectable_value(&mut f.side, side, crate::draughts::side_name(lang, side));
                }
            });
        }
        HostChoice::Food => {
            ui.horizontal(|ui| {
                ui.label(lang.t("Board"));
                ui.selectable_value(&mut f.holes, 37, lang.t("Small (37 holes)"));
                ui.selectable_value(&mut f.holes, 61, lang.t("Standard (61 holes)"));
                ui.selectable_value(&mut f.holes, 91, lang.t("Large (91 holes)"));
            });
            ui.horizontal(|ui| {
                ui.label(lang.t("Players"));
                for n in 2..=6 {
                    ui.selectable_value(&mut f.players, n, n.to_string());
                }
            });
            ui.checkbox(&mut f.slides, lang.t("Slides")).on_hover_text(
                lang.t(
                    "While no capture exists anywhere, a marble may slide to a neighbouring hole.",
                ),
            );
        }
        HostChoice::Halma => {
            ui.horizontal(|ui| {
                ui.label(lang.t("Players"));
                for n in [2, 4] {
                    ui.selectable_value(&mut f.halma_players, n, n.to_string());
                }
            });
        }
        HostChoice::Classic => return None,
    }
    ui.horizontal(|ui| {
        ui.label(lang.t("Your name"));
        ui.add(egui::TextEdit::singleline(&mut f.name).char_limit(24));
    });
    let open = ui
        .button(format!("🌐 {}", lang.t("Open the table")))
        .on_hover_text(lang.t(
            "Others join with its address and room code; in the lobby a bot can take a seat nobody came for.",
        ))
        .clicked();
    if f != *host {
        *host = f;
    }
    if open { host.table() } else { None }
}

/// "Host a saved game": the saved games, and for the one chosen, which
/// seat is played here (the others wait for their players; bots stay
/// bots). Says what went wrong when the file cannot be read.
fn hostable_saves(
    ui: &mut egui::Ui,
    lang: Language,
    saves: &mut HostableSaves,
    hosts: &mut MessageWriter<HostSaved>,
) -> Option<String> {
    let mut problem = None;
    egui::CollapsingHeader::new(format!("💾 {}", lang.t("Host a saved game")))
        .id_salt("online-saved")
        .default_open(saves.open)
        .show(ui, |ui| {
            ui.weak(
                lang.t("Everyone who played it joins again; each finds their seat by their name."),
            );
            if saves.entries.is_empty() {
                ui.label(lang.t("No saved games yet."));
            }
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| {
                    for entry in &saves.entries {
                        let SaveState::Readable { seats, moves } = &entry.state else {
                            continue;
                        };
                        let names: Vec<String> =
                            seats.iter().map(|(n, _)| display_name(lang, n)).collect();
                        let text = format!(
                            "{} · {} · {}",
                            entry.when,
                            names.join(", "),
                            trf(lang, "move {}", &[moves])
                        );
                        let chosen = saves.chosen.as_ref().is_some_and(|(p, _)| *p == entry.path);
                        if ui.selectable_label(chosen, text).clicked() && !chosen {
                            // The first person's seat is played here, unless changed.
                            let seat = seats.iter().position(|(_, bot)| bot.is_none()).unwrap_or(0);
                            saves.chosen = Some((entry.path.clone(), seat as Seat));
                        }
                        let Some((path, seat)) =
                            saves.chosen.as_mut().filter(|(p, _)| *p == entry.path)
                        else {
                            continue;
                        };
                        ui.indent(egui::Id::new((SAVED_SEATS_ID, &entry.file_name)), |ui| {
                            ui.label(lang.t("Who plays at this computer?"));
                            for (i, (name, bot)) in seats.iter().enumerate() {
                                if bot.is_none() {
                                    ui.radio_value(seat, i as Seat, display_name(lang, name));
                                }
                            }
                            if ui
                                .button(format!("🌐 {}", lang.t("Host this game")))
                                .clicked()
                            {
                                match read_save(path) {
                                    Ok(record) => {
                                        hosts.write(HostSaved {
                                            record,
                                            seat: *seat,
                                        });
                                    }
                                    Err(p) => problem = Some(p.describe_save(lang)),
                                }
                            }
                        });
                    }
                });
        });
    problem
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
            // The form takes the keyboard when it opens, on its first empty
            // field: what is typed goes there, never to the screens' keys.
            let opened = crate::ui::just_shown(ui.ctx(), egui::Id::new("join-form-shown"));
            let empty = [
                form.addr.is_empty(),
                form.code.is_empty(),
                form.name.is_empty(),
            ];
            let first_empty = empty.iter().position(|&e| e);
            ui.label(lang.t("Address"));
            let addr =
                ui.add(egui::TextEdit::singleline(&mut form.addr).hint_text("192.168.1.20:7878"));
            ui.end_row();
            ui.label(lang.t("Room code"));
            let code = ui.add(egui::TextEdit::singleline(&mut form.code).hint_text("·····-·····"));
            ui.end_row();
            ui.label(lang.t("Your name"));
            let name = ui.add(egui::TextEdit::singleline(&mut form.name).char_limit(24));
            if opened && let Some(i) = first_empty {
                [&addr, &code, &name][i].request_focus();
            }
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
    } else if o.on_server {
        ui.label(trf(
            lang,
            "Others join on the server {} with this code:",
            &[&o.addresses.join(", ")],
        ));
        ui.label(egui::RichText::new(&o.code).size(30.0).monospace().strong());
    } else {
        ui.label(trf(lang, "Table at {}", &[&o.addresses.join(", ")]));
    }
    if let Some(game) = game_line(lang, &o.game()) {
        ui.strong(game);
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
                crate::ui::theme::BAD,
                trf(lang, "Not at the table: {}", &[reason]),
            );
        }
        TableState::Lobby | TableState::Playing => {}
    }
    if let Some(lobby) = &o.lobby {
        let colours = seat_colours(o, lobby);
        let editable = o.is_host() && o.state == TableState::Lobby;
        seats(ui, lang, lobby, o.seat, &colours, editable.then_some(table));
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
                ui.label(match o.on_server {
                    true => lang.t("The game starts when every seat is taken…"),
                    false => lang.t("Waiting for the host to start the game…"),
                });
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

/// Which game the table plays, in words (nothing for classic, whose
/// lobby has always been its own).
fn game_line(lang: Language, game: &TableGame) -> Option<String> {
    let what = match game {
        TableGame::Classic => return None,
        TableGame::Draughts { variant } => {
            crate::draughts::variant_name(lang, *variant).to_string()
        }
        TableGame::Food { rules } => trf(
            lang,
            "Food checkers · {} players · {} holes",
            &[&rules.players, &rules.holes],
        ),
        TableGame::Halma { rules } => trf(lang, "Halma · {} players", &[&rules.players]),
    };
    Some(trf(lang, "Game: {}", &[&what]))
}

/// The seats' colours as the table's game shows them: a draughts side's,
/// a food-checkers player's, or the host's colours for classic, as its
/// lobby says (else our setup's).
fn seat_colours(o: &Online, lobby: &Lobby) -> Vec<Color> {
    let rgb = |c: [u8; 3]| Color::srgb_u8(c[0], c[1], c[2]);
    (0..lobby.seats.len())
        .map(|i| match o.game() {
            TableGame::Draughts { .. } => rgb(DRAUGHTS_COLOURS[i % 2]),
            TableGame::Food { .. } | TableGame::Halma { .. } => PALETTE[i % PALETTE.len()].1,
            TableGame::Classic => {
                let palette = match lobby.seats[i].colour {
                    Some(c) => crate::ui::palette::nearest_palette(c),
                    None => o.setup.seats.get(i).map_or(i as u8, |s| s.colour),
                };
                PALETTE[palette as usize % PALETTE.len()].1
            }
        })
        .collect()
}

/// The lobby's seats: colour, who sits there, and whether they are here.
/// The host (`edit`) may put a bot on a seat nobody has taken yet, or open
/// a bot's seat to a remote player again.
fn seats(
    ui: &mut egui::Ui,
    lang: Language,
    lobby: &Lobby,
    me: Option<u8>,
    colours: &[Color],
    mut edit: Option<&mut MessageWriter<TableRequest>>,
) {
    egui::Grid::new("lobby-seats")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (i, seat) in lobby.seats.iter().enumerate() {
                let colour = colours.get(i).copied();
                swatch(ui, colour.unwrap_or(PALETTE[i % PALETTE.len()].1));
                let name = if seat.name.is_empty() {
                    lang.t("(open)").to_string()
                } else if me == Some(i as u8) {
                    trf(lang, "{} (you)", &[&display_name(lang, &seat.name)])
                } else {
                    display_name(lang, &seat.name)
                };
                ui.label(name);
                let bot = match &seat.kind {
                    NetSeat::Bot { level } => starhop_ai::Level::ALL
                        .into_iter()
                        .find(|l| l.name() == level),
                    _ => None,
                };
                let state = match &seat.kind {
                    NetSeat::Open => format!("⏳ {}", lang.t("waiting for a player")),
                    NetSeat::Local => format!("🏠 {}", lang.t("at the host")),
                    NetSeat::Remote if seat.connected => format!("🌐 {}", lang.t("joined")),
                    NetSeat::Remote => format!("⚠ {}", lang.t("connection lost")),
                    NetSeat::Bot { .. } => bot.map_or_else(String::new, |l| {
                        crate::classic::screens::kind_name(lang, SeatKind::Bot(l))
                    }),
                };
                let changeable = matches!(seat.kind, NetSeat::Open | NetSeat::Bot { .. });
                match edit.as_deref_mut().filter(|_| changeable) {
                    Some(table) => {
                        egui::ComboBox::from_id_salt(("lobby-seat", i))
                            .selected_text(state)
                            .show_ui(ui, |ui| {
                                let waiting = format!("⏳ {}", lang.t("waiting for a player"));
                                if ui.selectable_label(bot.is_none(), waiting).clicked() {
                                    table.write(TableRequest::SetSeat(i as u8, SeatKind::Remote));
                                }
                                for level in starhop_ai::Level::ALL {
                                    let text = crate::classic::screens::kind_name(
                                        lang,
                                        SeatKind::Bot(level),
                                    );
                                    if ui.selectable_label(bot == Some(level), text).clicked() {
                                        let kind = SeatKind::Bot(level);
                                        table.write(TableRequest::SetSeat(i as u8, kind));
                                    }
                                }
                            })
                            .response
                            .on_hover_text(lang.t(
                                "Nobody coming? A bot can take the seat until the game starts.",
                            ));
                    }
                    None => {
                        ui.label(state);
                    }
                }
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
    let Some(o) = online else {
        return Ok(());
    };
    // A classic table's match, or the game of another table on show in its mode.
    let m = game.filter(|_| !o.on_board);
    if m.is_none() && !o.on_board {
        return Ok(());
    }
    let lang = settings.language;
    let name = |seat: Seat| match &m {
        Some(m) => m.name(seat).to_string(),
        None => o.lobby_name(lang, seat),
    };
    let ctx = contexts.ctx_mut()?;
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
                            crate::ui::theme::WARN,
                            lang.t("Connection lost; coming back…"),
                        );
                    }
                    TableState::Closed(reason) => {
                        ui.colored_label(
                            crate::ui::theme::BAD,
                            trf(lang, "Not at the table: {}", &[reason]),
                        );
                    }
                    _ => {}
                }
                for seat in o.lost() {
                    ui.colored_label(
                        crate::ui::theme::WARN,
                        trf(lang, "⚠ {}: connection lost", &[&name(seat)]),
                    );
                }
            });
        });
    if let Some(seat) = o.undo_asked {
        let who = seat.map_or_else(|| lang.t("A player").to_string(), name);
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
