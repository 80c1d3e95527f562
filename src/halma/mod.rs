//! Halma (RULES.md §12) in 3D: the square-board original of Chinese
//! checkers, 16×16 squares with the yards in the corners, for 2 or 4
//! players, people or bots in any seat.
//!
//! The engine's `HalmaGame` is the game (`HalmaSession`); one rules system
//! hands it every request (`HalmaMoveRequest`, `HalmaCommand`) and reports
//! how a piece moved (`HalmaMoved`), which the marbles follow. A seat left
//! without a move passes by the rules (§3), told in a notice. Bots and
//! hints think on the background pool (`jobs`). Everything lives on its own
//! screen, `Screen::Halma`: its setup panel (a preview of the start) and
//! the game. The life cycle, saves, the replay viewer's side and the panel
//! frames come from `kit`, as for every game of the box.
//!
//! - [`pieces`]: marble entities on squares, hopping along a move's route.
//! - [`jobs`]: bots and hints.
//! - [`files`]: saving and loading Halma games.
//! - `view`, `input`, `ui`: the board and its marks, picking and keys, the panels.

use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::kit::life::Turns;
use crate::kit::{self, Begin, GameMode, Playing};
use crate::settings::{Language, Settings};
use crate::ui::{colour_name, tr, trf};
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_engine::halma::{
    HalmaError, HalmaGame, HalmaMove, HalmaPosition, HalmaRecord, HalmaRules,
};
use starhop_engine::seats::Seat as SeatIndex;
use starhop_engine::{EndReason, Outcome};
use starhop_games::GameKind;

pub mod files;
pub mod input;
pub mod jobs;
pub mod pieces;
pub mod shots;
mod ui;
mod view;
mod watch;

pub use input::HalmaSelection;
pub use jobs::{HalmaHint, HalmaJobs};
pub use pieces::HalmaPiece;

/// Who plays a seat.
pub type HalmaSeat = crate::kit::Seat;

/// The most seats a Halma game has.
pub const MAX_SEATS: usize = 4;

/// Everything a Halma game starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HalmaSetup {
    /// 2 or 4.
    pub players: usize,
    /// By seat; the first `players` play.
    pub seats: [HalmaSeat; MAX_SEATS],
    /// Four players: the diagonal partners play as teams (§12).
    pub teams: bool,
}

impl Default for HalmaSetup {
    fn default() -> HalmaSetup {
        HalmaSetup {
            players: 2,
            seats: [
                HalmaSeat::Human,
                HalmaSeat::Bot(Level::Medium),
                HalmaSeat::Bot(Level::Medium),
                HalmaSeat::Bot(Level::Medium),
            ],
            teams: false,
        }
    }
}

impl HalmaSetup {
    pub fn rules(&self) -> HalmaRules {
        HalmaRules {
            teams: self.teams && self.players == 4,
            ..HalmaRules::for_players(self.players)
        }
    }

    /// A new game of this setup.
    pub fn game(&self) -> HalmaGame {
        // The players are 2 or 4 wherever a setup is made; anything else
        // becomes the two-player game rather than no game.
        HalmaGame::new(self.rules()).unwrap_or_else(|_| {
            HalmaGame::new(HalmaRules::for_players(2)).expect("two players always make a game")
        })
    }
}

/// The Halma game on show.
#[derive(Resource, Clone, Debug)]
pub struct HalmaSession {
    pub game: HalmaGame,
    pub setup: HalmaSetup,
    /// Counts every change of the game: background jobs answer for one
    /// revision, and their answer is dropped when it has moved on.
    pub revision: u64,
    /// By seat: played at another computer (a network table's), so neither
    /// a person nor a bot here moves for it.
    pub elsewhere: [bool; MAX_SEATS],
}

impl HalmaSession {
    pub fn new(game: HalmaGame, setup: HalmaSetup) -> HalmaSession {
        HalmaSession {
            game,
            setup,
            revision: 0,
            elsewhere: [false; MAX_SEATS],
        }
    }

    pub fn players(&self) -> usize {
        self.game.players()
    }

    pub fn seat(&self, seat: usize) -> HalmaSeat {
        self.setup.seats[seat.min(MAX_SEATS - 1)]
    }

    /// The seat to move.
    pub fn to_move(&self) -> usize {
        self.game.to_move() as usize
    }

    /// Whether a person here plays `seat`.
    pub fn person_here(&self, seat: usize) -> bool {
        self.seat(seat) == HalmaSeat::Human && !self.elsewhere[seat.min(MAX_SEATS - 1)]
    }

    /// Whether a person may move now.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.person_here(self.to_move())
    }

    pub fn bots_only(&self) -> bool {
        (0..self.players()).all(|s| self.seat(s) != HalmaSeat::Human)
    }

    /// The people here (for whom undo stops and whose corner the camera faces).
    pub fn people(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players()).filter(|&s| self.person_here(s))
    }

    pub fn record(&self) -> HalmaRecord {
        let mut record = HalmaRecord::of(&self.game, Vec::new());
        record.bots = (0..self.players())
            .map(|s| match self.seat(s) {
                HalmaSeat::Human => None,
                HalmaSeat::Bot(l) => Some(l.name().to_string()),
            })
            .collect();
        record
    }
}

/// What the setup panel is editing.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct HalmaDraft(pub HalmaSetup);

/// Whether the session is the setup panel's preview or a game in play.
pub type HalmaPlaying = Playing<Halma>;

/// Halma as the shared life cycle and the replay viewer see it.
pub struct Halma;

impl GameMode for Halma {
    const KIND: GameKind = GameKind::Halma;
    const SCREEN: Screen = Screen::Halma;
    type Session = HalmaSession;
    type Draft = HalmaDraft;
    type Open = OpenHalma;
    type Rebuild = HalmaRebuild;

    fn preview(draft: &HalmaDraft) -> Option<HalmaSession> {
        let setup = draft.0.clone();
        Some(HalmaSession::new(setup.game(), setup))
    }
}

// ----- requests -----

/// Open the Halma screen (its setup panel).
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenHalma;

/// Start a Halma game.
#[derive(Message, Clone, Debug)]
pub struct StartHalma(pub HalmaSetup);

/// Continue a saved Halma game (replayed by the engine when applied).
#[derive(Message, Clone, Debug)]
pub struct LoadHalma(pub HalmaRecord);

/// Move the piece on `from` to `to` (for the seat to move).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalmaMoveRequest {
    pub from: u8,
    pub to: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HalmaCommand {
    /// Take back the last move (against bots, back to a person's turn).
    Undo,
    Redo,
    /// The person to move (or the only person) leaves the game (§4).
    Resign,
    /// The same game again from the start.
    Retry,
    /// Back to the setup panel.
    Setup,
    /// Back to the home screen.
    Leave,
    /// Save the game to a file.
    Save,
}

impl Turns for HalmaCommand {
    const LEAVE: HalmaCommand = HalmaCommand::Leave;
    const UNDO: HalmaCommand = HalmaCommand::Undo;
    const REDO: HalmaCommand = HalmaCommand::Redo;
    const SAVE: HalmaCommand = HalmaCommand::Save;
    const SETUP: HalmaCommand = HalmaCommand::Setup;

    fn for_the_table(self) -> bool {
        matches!(
            self,
            HalmaCommand::Undo | HalmaCommand::Redo | HalmaCommand::Resign | HalmaCommand::Retry
        )
    }
}

// ----- reports -----

/// A move was played: `before` is the position it was played in.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct HalmaMoved {
    pub before: HalmaPosition,
    pub mv: HalmaMove,
}

/// Another position is on show (a new game, an undo): the pieces are rebuilt.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HalmaRebuild;

/// The game ended (for a sound, the end window and the history).
#[derive(Message, Clone, Copy, Debug)]
pub struct HalmaOver;

/// The Halma rules systems, for ordering others after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HalmaRulesSet;

pub(super) fn plugin(app: &mut App) {
    kit::life::plugin_for::<Halma>(app);
    app.init_resource::<HalmaDraft>()
        .add_message::<OpenHalma>()
        .add_message::<StartHalma>()
        .add_message::<LoadHalma>()
        .add_message::<HalmaMoveRequest>()
        .add_message::<HalmaCommand>()
        .add_message::<HalmaMoved>()
        .add_message::<HalmaRebuild>()
        .add_message::<HalmaOver>()
        .add_plugins((pieces::plugin, jobs::plugin, files::plugin, watch::plugin))
        .add_systems(
            Update,
            (
                kit::life::open::<Halma>,
                kit::life::preview::<Halma>,
                start_halma,
                load_halma,
                // A record on show for the viewer takes no moves.
                apply_requests.run_if(crate::base::not_replaying),
            )
                .chain()
                .in_set(HalmaRulesSet)
                .in_set(AppSystems::Rules),
        )
        .add_systems(Update, cue_the_end.in_set(AppSystems::View));
}

/// Everything a player sees of Halma: board, marks, panels, screenshots.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, ui::plugin, shots::plugin));
}

/// The game's end is celebrated (confetti and the fanfare).
fn cue_the_end(
    mut over: MessageReader<HalmaOver>,
    mut cheers: MessageWriter<crate::stage::celebrate::Celebrate>,
) {
    if over.read().count() > 0 {
        cheers.write(crate::stage::celebrate::Celebrate {
            cheer: crate::stage::celebrate::Cheer::Won,
            seat: None,
        });
    }
}

fn start_halma(
    mut starts: MessageReader<StartHalma>,
    mut draft: ResMut<HalmaDraft>,
    mut begin: Begin<Halma>,
) {
    let Some(StartHalma(setup)) = starts.read().last() else {
        return;
    };
    // The panel shows this game's set-up when the player comes back to it.
    draft.bypass_change_detection().0 = setup.clone();
    begin.begin(HalmaSession::new(setup.game(), setup.clone()));
}

/// The setup a record names: its players, a bot's level by its name, else a person.
pub fn setup_of(record: &HalmaRecord) -> HalmaSetup {
    let mut setup = HalmaSetup {
        players: record.rules.players,
        seats: [HalmaSeat::Human; MAX_SEATS],
        teams: record.rules.teams,
    };
    for (seat, bot) in setup.seats.iter_mut().zip(&record.bots) {
        if let Some(level) = bot.as_ref().and_then(|l| l.parse().ok()) {
            *seat = HalmaSeat::Bot(level);
        }
    }
    setup
}

fn load_halma(
    mut loads: MessageReader<LoadHalma>,
    mut begin: Begin<Halma>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let Some(LoadHalma(record)) = loads.read().last() else {
        return;
    };
    match record.replay() {
        Ok(game) => begin.begin(HalmaSession::new(game, setup_of(record))),
        Err(e) => {
            warn!("a Halma game could not be loaded: {e}");
            let message = trf(
                settings.language,
                "This Halma game could not be replayed: {}",
                &[&e],
            );
            notices.write(Notice::Problem(message));
        }
    }
}

/// What the rules systems send.
#[derive(bevy::ecs::system::SystemParam)]
struct Reports<'w> {
    moved: MessageWriter<'w, HalmaMoved>,
    over: MessageWriter<'w, HalmaOver>,
    rebuild: MessageWriter<'w, HalmaRebuild>,
    notices: MessageWriter<'w, Notice>,
}

impl Reports<'_> {
    /// After a change of the game: a seat left without a move passes (§3),
    /// each pass told; the end is reported.
    fn after_change(&mut self, s: &mut HalmaSession, lang: Language) {
        while !s.game.is_over() && s.game.legal_moves().is_empty() {
            let seat = s.to_move();
            if s.game.pass().is_err() {
                break;
            }
            s.revision += 1;
            self.notices.write(Notice::Info(trf(
                lang,
                "{} has no move and passes.",
                &[&seat_name(lang, seat)],
            )));
        }
        if s.game.is_over() {
            self.over.write(HalmaOver);
        }
    }
}

fn apply_requests(
    session: Option<ResMut<HalmaSession>>,
    mut playing: ResMut<HalmaPlaying>,
    mut moves: MessageReader<HalmaMoveRequest>,
    mut turns: MessageReader<HalmaCommand>,
    mut reports: Reports,
    mut starts: MessageWriter<StartHalma>,
    mut next: ResMut<NextState<Screen>>,
    mut draft: ResMut<HalmaDraft>,
    mut saves: MessageWriter<files::SaveHalma>,
    settings: Res<Settings>,
    authority: Res<crate::base::MatchAuthority>,
) {
    let lang = settings.language;
    let Some((mut s, remote)) = kit::life::game_in_play::<Halma, _, _>(
        session, &*playing, *authority, &mut moves, &mut turns, &mut next,
    ) else {
        return;
    };
    for &HalmaMoveRequest { from, to } in moves.read() {
        let before = *s.game.position();
        match s.game.play(from, to) {
            Ok(()) => {
                s.revision += 1;
                if let Some(mv) = s.game.last_move().cloned() {
                    reports.moved.write(HalmaMoved { before, mv });
                }
                reports.after_change(&mut s, lang);
            }
            Err(e) => {
                reports.notices.write(Notice::Problem(refusal(lang, &e)));
            }
        }
    }
    let mut back_to_panel = false;
    for turn in turns.read().filter(|t| !(remote && t.for_the_table())) {
        match turn {
            HalmaCommand::Undo => {
                if undo(&mut s) {
                    reports.rebuild.write(HalmaRebuild);
                } else {
                    let nothing = tr(lang, "Nothing to undo.").into();
                    reports.notices.write(Notice::Problem(nothing));
                }
            }
            HalmaCommand::Redo => {
                if s.game.redo().is_ok() {
                    s.revision += 1;
                    reports.rebuild.write(HalmaRebuild);
                    reports.after_change(&mut s, lang);
                } else {
                    let nothing = tr(lang, "Nothing to redo.").into();
                    reports.notices.write(Notice::Problem(nothing));
                }
            }
            HalmaCommand::Resign => {
                if let Some(seat) = resigning_seat(&s)
                    && s.game.resign(seat as SeatIndex).is_ok()
                {
                    s.revision += 1;
                    reports.after_change(&mut s, lang);
                }
            }
            HalmaCommand::Retry => {
                starts.write(StartHalma(s.setup.clone()));
            }
            HalmaCommand::Setup => {
                // The panel's preview replaces the game (see `kit::life::preview`).
                draft.set_changed();
                back_to_panel = true;
            }
            HalmaCommand::Leave => {
                next.set(Screen::Home);
            }
            HalmaCommand::Save => {
                saves.write(files::SaveHalma);
            }
        }
    }
    if back_to_panel {
        playing.0 = false;
    }
}

/// Who resigns: the person to move, else (a bot to move) the only person
/// still playing; `None` when that is not one seat.
fn resigning_seat(s: &HalmaSession) -> Option<usize> {
    let playing =
        |seat: usize| s.game.player(seat as SeatIndex).status == starhop_engine::Status::Playing;
    if s.human_to_move() {
        return Some(s.to_move());
    }
    let people: Vec<usize> = s.people().filter(|&p| playing(p)).collect();
    (people.len() == 1).then(|| people[0])
}

/// Takes back the last move; against bots, on back to a person's turn (or
/// the bot would play again at once). False when nothing was taken back.
fn undo(s: &mut HalmaSession) -> bool {
    if s.game.undo().is_err() {
        return false;
    }
    s.revision += 1;
    while !s.bots_only() && s.seat(s.to_move()) != HalmaSeat::Human && s.game.can_undo() {
        if s.game.undo().is_err() {
            break;
        }
        s.revision += 1;
    }
    true
}

/// What a refused move is told as.
pub fn refusal(lang: Language, e: &HalmaError) -> String {
    match e {
        HalmaError::Over => tr(lang, "The game is over.").into(),
        other => trf(lang, "Not possible: {}", &[other]),
    }
}

/// A seat's name: its marble colour (seat `k` plays palette colour `k`).
pub fn seat_name(lang: Language, seat: usize) -> &'static str {
    colour_name(lang, seat as u8)
}

/// The palette colour of a seat.
pub fn seat_colour(seat: usize) -> Color {
    crate::ui::palette::PALETTE[seat % crate::ui::palette::PALETTE.len()].1
}

/// How the game ended, in words: who won, and why when not by finishing.
pub fn outcome_text(lang: Language, players: usize, outcome: &Outcome) -> String {
    let winners: Vec<&str> = (0..players)
        .filter(|&s| outcome.places.get(s) == Some(&1))
        .map(|s| seat_name(lang, s))
        .collect();
    let headline = if winners.len() > 1 && players == 2 {
        lang_draw(lang)
    } else {
        format!("{} {}", winners.join(" & "), tr(lang, "wins"))
    };
    match outcome.reason {
        EndReason::Deadlock => format!("{headline} ({})", tr(lang, "Deadlock adjudication")),
        _ => headline,
    }
}

fn lang_draw(lang: Language) -> String {
    tr(lang, "Draw").to_string()
}
