//! `--screenshot FILE --shot online-join|online-host|online-game`: sets a
//! network table up in the first frames. The host's lobby and game need a
//! player who really joins (over loopback), so the picture is held until the
//! table shows what the shot is of. With `--draughts [VARIANT]` or `--food
//! table` the table plays that game (the join panel has it chosen to host).

use super::ui::{HostChoice, HostForm, JoinForm};
use super::{HostGame, HostTable, Online, TableRequest};
use crate::base::Screen;
use crate::base::shot::{HoldShot, ShotScene, ShotSetup, add_shots};
use crate::classic::{Match, MatchSetup, SeatKind};
use crate::draughts::DraughtsSetup;
use crate::food::FoodSetup;
use bevy::prelude::*;
use starhop_net::{
    ClientConfig, ClientEvents, ClientHandle, Connector, HostConfig, HostHandle, Want,
};
use std::sync::Mutex;

/// The network table scenes, by their `--shot` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shot {
    /// The network game panel with the join form filled in.
    Join,
    /// A hosted table's lobby: its code, a player joined, a seat open.
    Host,
    /// A hosted game under way, one remote player's connection lost.
    Game,
}

const SHOTS: [(&str, Shot); 3] = [
    ("online-join", Shot::Join),
    ("online-host", Shot::Host),
    ("online-game", Shot::Game),
];

/// The scenes' names, as `--shot` takes them.
pub fn names() -> [&'static str; 3] {
    SHOTS.map(|(name, _)| name)
}

pub(super) fn plugin(app: &mut App) {
    add_shots(app, &names(), arrange);
}

/// The player who joins the pictured table (leaving to show a lost
/// connection); its events are kept so its client can send them.
#[derive(Resource)]
struct Guest(ClientHandle, #[allow(dead_code)] Mutex<ClientEvents>);

/// The table the join shot finds nearby.
#[derive(Resource)]
struct ShotHost(#[allow(dead_code)] HostHandle);

/// Frames a shot waits for its table before it is taken anyway.
const PATIENCE: u32 = 600;

/// The draughts or food-checkers table the command line asks for, as the
/// host's form would open it (Ann plays the first seat).
fn other_game(
    draughts: Option<&ShotSetup<DraughtsSetup>>,
    food: Option<&ShotSetup<FoodSetup>>,
) -> Option<HostForm> {
    let mut form = HostForm {
        name: "Ann".into(),
        ..HostForm::default()
    };
    if let Some(ShotSetup(d)) = draughts {
        form.choice = HostChoice::Draughts;
        form.variant = d.variant;
    } else if let Some(ShotSetup(f)) = food.filter(|f| f.0.setup_is_table()) {
        form.choice = HostChoice::Food;
        form.holes = f.rules.holes;
        form.players = f.rules.players.max(3);
        form.slides = f.rules.slides;
    } else {
        return None;
    }
    Some(form)
}

/// A family table: a person at the host, one from elsewhere, a bot, one seat open.
fn sample_setup() -> MatchSetup {
    let mut setup = MatchSetup::new(4, starhop_engine::Rules::classic());
    let seats = [
        ("Ann", SeatKind::Human),
        ("", SeatKind::Remote),
        ("", SeatKind::Bot(starhop_ai::Level::Medium)),
        ("", SeatKind::Remote),
    ];
    for (seat, (name, kind)) in setup.seats.iter_mut().zip(seats) {
        if !name.is_empty() {
            seat.name = name.to_string();
        }
        seat.kind = kind;
    }
    setup
}

/// The command line's draughts and food-checkers setups, if any.
type OtherSetups<'w> = (
    Option<Res<'w, ShotSetup<DraughtsSetup>>>,
    Option<Res<'w, ShotSetup<FoodSetup>>>,
);

fn arrange(
    mut commands: Commands,
    scene: Res<ShotScene>,
    (draughts, food): OtherSetups,
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    guest: Option<Res<Guest>>,
    (mut step, mut frames): (Local<u32>, Local<u32>),
    mut pending: ResMut<crate::classic::PendingSetup>,
    mut form: ResMut<JoinForm>,
    mut host_form: ResMut<HostForm>,
    nearby: Res<super::ui::Nearby>,
    mut saves: ResMut<super::ui::HostableSaves>,
    folders: Option<Res<crate::persist::Folders>>,
    mut next: ResMut<NextState<Screen>>,
    (mut hosts, mut tables): (MessageWriter<HostGame>, MessageWriter<HostTable>),
    mut table: MessageWriter<TableRequest>,
) {
    let Some(&(_, shot)) = SHOTS.iter().find(|(name, _)| scene.is(name)) else {
        return;
    };
    let other = other_game(draughts.as_deref(), food.as_deref());
    *frames += 1;
    if *frames > PATIENCE && *step < 99 {
        warn!("the pictured table did not get ready; taking it as it is");
        commands.remove_resource::<HoldShot>();
        *step = 99;
    }
    match (*step, shot) {
        (0, Shot::Join) => {
            *form = JoinForm {
                addr: String::new(),
                code: "4QH2M-X8ZKD".into(),
                name: "Grandpa".into(),
                watch: false,
            };
            // A table announcing itself on this machine, for the list of
            // tables found nearby (on loopback only: nothing leaves it).
            let mut config = HostConfig::new(4, starhop_engine::Rules::classic());
            config.announce = true;
            config.table_name = "Ann".into();
            if let Ok((host, _events)) = HostHandle::start(config) {
                commands.insert_resource(ShotHost(host));
                commands.insert_resource(HoldShot);
            }
            // The other game to host, chosen (its saved games stay shut).
            if let Some(other) = other.clone() {
                *host_form = HostForm {
                    name: String::new(),
                    ..other
                };
            } else if let Some(f) = folders {
                // Saved games to host, the list open.
                crate::classic::saves::make_sample_saves(&f);
                saves.open = true;
                saves.listed = false;
            }
            next.set(Screen::Online);
            *step = 10;
        }
        (10, _) => {
            if let Some(t) = nearby.tables.first() {
                form.addr = t.addr.to_string();
                commands.remove_resource::<HoldShot>();
                *step = 99;
            }
        }
        (0, _) if other.is_some() => {
            commands.insert_resource(HoldShot);
            if let Some(table) = other.as_ref().and_then(|f| f.table()) {
                tables.write(table);
            }
            *step = 1;
        }
        (0, _) => {
            commands.insert_resource(HoldShot);
            let mut setup = sample_setup();
            if shot == Shot::Game {
                // Everyone is seated, so the game can start.
                setup.seats[3].kind = SeatKind::Bot(starhop_ai::Level::Easy);
            }
            // The board behind the lobby shows the table's setup.
            pending.0 = setup.clone();
            hosts.write(HostGame(setup));
            *step = 1;
        }
        (1, _) => {
            let Some(o) = online else { return };
            let port = o.addresses[0].rsplit(':').next().unwrap_or_default();
            let config = ClientConfig::new(o.code.clone(), "Grandpa", Want::Any);
            match ClientHandle::connect(Connector::WebSocket(format!("127.0.0.1:{port}")), config) {
                Ok((client, events)) => {
                    commands.insert_resource(Guest(client, Mutex::new(events)));
                    *step = 2;
                }
                Err(e) => {
                    warn!("the pictured player could not join: {e}");
                    commands.remove_resource::<HoldShot>();
                    *step = 99;
                }
            }
        }
        (2, _) => {
            let joined = online
                .as_ref()
                .and_then(|o| o.lobby.as_ref())
                .is_some_and(|l| l.seats[1].connected);
            if !joined {
                return;
            }
            if shot == Shot::Host {
                commands.remove_resource::<HoldShot>();
                *step = 99;
            } else {
                // A bot on every other seat still open, so the game can start.
                let open = online.as_ref().and_then(|o| o.lobby.as_ref()).map(|l| {
                    (0..l.seats.len() as u8)
                        .filter(|&i| l.seats[i as usize].kind == starhop_net::SeatKind::Open)
                        .collect::<Vec<_>>()
                });
                for seat in open.unwrap_or_default() {
                    let bot = SeatKind::Bot(starhop_ai::Level::Easy);
                    table.write(TableRequest::SetSeat(seat, bot));
                }
                table.write(TableRequest::Start);
                *step = 3;
            }
        }
        (3, _) => {
            if game.is_none() && !online.as_ref().is_some_and(|o| o.on_board) {
                return;
            }
            // The joined player leaves mid-game: the seat waits for them.
            if guest.is_some() {
                commands.queue(|world: &mut World| {
                    if let Some(guest) = world.remove_resource::<Guest>() {
                        guest.0.leave();
                    }
                });
            }
            if online.is_some_and(|o| !o.lost().is_empty()) {
                commands.remove_resource::<HoldShot>();
                *step = 99;
            }
        }
        _ => {}
    }
}
