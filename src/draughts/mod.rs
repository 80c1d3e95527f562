//! Draughts (国际跳棋 and 俄罗斯跳棋, RULES.md §11) in 3D: International
//! (10×10) and Russian (8×8) draughts on a wooden board, people or bots on
//! each side, beside Chinese checkers.
//!
//! The engine's `starhop_draughts::Game` is the match (`DraughtsSession`);
//! one rules system hands it every request (`DraughtsMoveRequest`,
//! `DraughtsTurn`) and reports how pieces moved (`DraughtsMoved`), which the
//! piece entities follow. Bots and hints think on the background pool with
//! the session's revision and a stop flag (`jobs`). Everything lives in its
//! own screen, `Screen::Draughts`: its setup panel (a preview of the start)
//! and the game.
//!
//! - [`pieces`]: disc entities on squares, kings stacked, hop and capture animation.
//! - [`jobs`]: bots and hints.
//! - [`files`]: saving and loading draughts games.
//! - `view`, `input`, `ui`: the board and its marks, picking and keys, the egui panels.

use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::kit::life::Turns;
use crate::kit::{self, Begin, GameMode, Playing};
use crate::settings::{Language, Settings};
use crate::ui::{tr, trf};
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_draughts::{
    DraughtsError, DraughtsRecord, Game, Move, Outcome, Position, Side, Variant,
};
use starhop_games::GameKind;

pub mod files;
pub mod input;
pub mod jobs;
pub mod pieces;
pub mod shots;
mod ui;
mod view;
mod watch;

pub use input::DraughtsSelection;
pub use jobs::{DraughtsHint, DraughtsJobs};
pub use pieces::{DraughtsPiece, PieceIndex};

/// Who plays a side.
pub type DraughtsSeat = crate::kit::Seat;

/// Everything a draughts game starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraughtsSetup {
    pub variant: Variant,
    /// White's and Black's seats (`Side::index`).
    pub seats: [DraughtsSeat; 2],
    /// Minutes on each clock; `None`: no clocks.
    pub minutes: Option<u32>,
}

impl Default for DraughtsSetup {
    fn default() -> DraughtsSetup {
        DraughtsSetup {
            variant: Variant::International,
            seats: [DraughtsSeat::Human, DraughtsSeat::Bot(Level::Medium)],
            minutes: None,
        }
    }
}

/// The draughts game on show.
#[derive(Resource, Clone, Debug)]
pub struct DraughtsSession {
    pub game: Game,
    pub setup: DraughtsSetup,
    /// Seconds left on White's and Black's clocks, when the game has clocks.
    pub left: Option<[f32; 2]>,
    /// Counts every change of the game: background jobs answer for one
    /// revision, and their answer is dropped when it has moved on.
    pub revision: u64,
    /// White's and Black's: played at another computer (a network table's),
    /// so neither a person nor a bot here moves for that side.
    pub elsewhere: [bool; 2],
}

impl DraughtsSession {
    pub fn new(game: Game, setup: DraughtsSetup) -> DraughtsSession {
        let left = setup.minutes.map(|m| [m as f32 * 60.0; 2]);
        DraughtsSession {
            game,
            setup,
            left,
            revision: 0,
            elsewhere: [false; 2],
        }
    }

    pub fn seat(&self, side: Side) -> DraughtsSeat {
        self.setup.seats[side.index()]
    }

    /// Whether a person here plays `side`.
    pub fn person_here(&self, side: Side) -> bool {
        self.seat(side) == DraughtsSeat::Human && !self.elsewhere[side.index()]
    }

    /// Whether a person may move now.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.person_here(self.game.side_to_move())
    }

    pub fn bots_only(&self) -> bool {
        self.setup.seats.iter().all(|s| *s != DraughtsSeat::Human)
    }

    pub fn record(&self) -> DraughtsRecord {
        let mut record = self.game.record();
        record.bots = self
            .setup
            .seats
            .iter()
            .map(|s| match s {
                DraughtsSeat::Human => None,
                DraughtsSeat::Bot(l) => Some(l.name().to_string()),
            })
            .collect();
        record
    }
}

/// What the setup panel is editing.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct DraughtsDraft(pub DraughtsSetup);

/// Whether the session is the setup panel's preview or a game in play.
pub type DraughtsPlaying = Playing<Draughts>;

/// Draughts as the shared life cycle and the replay viewer see it.
pub struct Draughts;

impl GameMode for Draughts {
    const KIND: GameKind = GameKind::Draughts;
    const SCREEN: Screen = Screen::Draughts;
    type Session = DraughtsSession;
    type Draft = DraughtsDraft;
    type Open = OpenDraughts;
    type Rebuild = DraughtsRebuild;

    fn preview(draft: &DraughtsDraft) -> Option<DraughtsSession> {
        let setup = draft.0.clone();
        Some(DraughtsSession::new(Game::new(setup.variant), setup))
    }
}

// ----- requests -----

/// Open the draughts screen (its setup panel).
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenDraughts;

/// Start a draughts game.
#[derive(Message, Clone, Debug)]
pub struct StartDraughts(pub DraughtsSetup);

/// Continue a saved draughts game (replayed by the engine when applied).
#[derive(Message, Clone, Debug)]
pub struct LoadDraughts(pub DraughtsRecord);

/// Play this move (for the side to move).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraughtsMoveRequest(pub Move);

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraughtsTurn {
    /// Take back the last move (against a bot, back to the person's turn).
    Undo,
    Redo,
    /// The person to move resigns.
    Resign,
    /// Both players agree to a draw (offered between people).
    Draw,
    /// The same game again from the start.
    Retry,
    /// Back to the setup panel.
    Setup,
    /// Back to the home screen.
    Leave,
    /// Save the game to a file.
    Save,
}

impl Turns for DraughtsTurn {
    const LEAVE: DraughtsTurn = DraughtsTurn::Leave;
    const UNDO: DraughtsTurn = DraughtsTurn::Undo;
    const REDO: DraughtsTurn = DraughtsTurn::Redo;
    const SAVE: DraughtsTurn = DraughtsTurn::Save;
    const SETUP: DraughtsTurn = DraughtsTurn::Setup;

    fn for_the_table(self) -> bool {
        matches!(
            self,
            DraughtsTurn::Undo
                | DraughtsTurn::Redo
                | DraughtsTurn::Resign
                | DraughtsTurn::Draw
                | DraughtsTurn::Retry
        )
    }
}

// ----- reports -----

/// A move was played: `before` is the position it was played in (its
/// routes and captured pieces are read there).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraughtsMoved {
    pub before: Position,
    pub mv: Move,
}

/// Another position is on show (a new game, an undo): the pieces are rebuilt.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct DraughtsRebuild;

/// The game ended (for a sound and the end window).
#[derive(Message, Clone, Copy, Debug)]
pub struct DraughtsOver;

/// The draughts rules systems, for ordering others after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DraughtsRules;

pub(super) fn plugin(app: &mut App) {
    kit::life::plugin_for::<Draughts>(app);
    app.init_resource::<DraughtsDraft>()
        .add_message::<OpenDraughts>()
        .add_message::<StartDraughts>()
        .add_message::<LoadDraughts>()
        .add_message::<DraughtsMoveRequest>()
        .add_message::<DraughtsTurn>()
        .add_message::<DraughtsMoved>()
        .add_message::<DraughtsRebuild>()
        .add_message::<DraughtsOver>()
        .add_plugins((pieces::plugin, jobs::plugin, files::plugin, watch::plugin))
        .add_systems(
            Update,
            (
                kit::life::open::<Draughts>,
                kit::life::preview::<Draughts>,
                start_draughts,
                load_draughts,
                // A record on show for the viewer takes no moves and has no clocks.
                (apply_requests, run_clocks).run_if(crate::base::not_replaying),
            )
                .chain()
                .in_set(DraughtsRules)
                .in_set(AppSystems::Rules),
        )
        .add_systems(Update, cue_the_end.in_set(AppSystems::View));
}

/// The game's end is celebrated (confetti and the fanfare).
fn cue_the_end(
    mut over: MessageReader<DraughtsOver>,
    mut cheers: MessageWriter<crate::stage::celebrate::Celebrate>,
) {
    if over.read().count() > 0 {
        cheers.write(crate::stage::celebrate::Celebrate {
            cheer: crate::stage::celebrate::Cheer::Won,
            seat: None,
        });
    }
}

/// Everything a player sees of draughts: board, marks, panels, screenshots.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, ui::plugin, shots::plugin));
}

fn start_draughts(
    mut starts: MessageReader<StartDraughts>,
    mut draft: ResMut<DraughtsDraft>,
    mut begin: Begin<Draughts>,
) {
    let Some(StartDraughts(setup)) = starts.read().last() else {
        return;
    };
    // The panel shows this game's set-up when the player comes back to it.
    draft.bypass_change_detection().0 = setup.clone();
    begin.begin(DraughtsSession::new(
        Game::new(setup.variant),
        setup.clone(),
    ));
}

/// The seats a record names: a bot's level by its name, else a person.
pub fn seats_of(record: &DraughtsRecord) -> [DraughtsSeat; 2] {
    let seat = |i: usize| match record
        .bots
        .get(i)
        .cloned()
        .flatten()
        .and_then(|l| l.parse().ok())
    {
        Some(level) => DraughtsSeat::Bot(level),
        None => DraughtsSeat::Human,
    };
    [seat(0), seat(1)]
}

fn load_draughts(
    mut loads: MessageReader<LoadDraughts>,
    mut begin: Begin<Draughts>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let Some(LoadDraughts(record)) = loads.read().last() else {
        return;
    };
    match Game::from_record(record) {
        Ok(game) => {
            let setup = DraughtsSetup {
                variant: record.variant,
                seats: seats_of(record),
                // A saved game goes on without clocks: the time used was not saved.
                minutes: None,
            };
            begin.begin(DraughtsSession::new(game, setup));
        }
        Err(e) => {
            warn!("a draughts game could not be loaded: {e}");
            let lang = settings.language;
            let message = trf(lang, "This draughts game could not be replayed: {}", &[&e]);
            notices.write(Notice::Problem(message));
        }
    }
}

fn apply_requests(
    session: Option<ResMut<DraughtsSession>>,
    mut playing: ResMut<DraughtsPlaying>,
    mut moves: MessageReader<DraughtsMoveRequest>,
    mut turns: MessageReader<DraughtsTurn>,
    mut moved: MessageWriter<DraughtsMoved>,
    mut over: MessageWriter<DraughtsOver>,
    mut rebuild: MessageWriter<DraughtsRebuild>,
    mut notices: MessageWriter<Notice>,
    mut starts: MessageWriter<StartDraughts>,
    mut next: ResMut<NextState<Screen>>,
    mut draft: ResMut<DraughtsDraft>,
    mut saves: MessageWriter<files::SaveDraughts>,
    settings: Res<Settings>,
    authority: Res<crate::base::MatchAuthority>,
) {
    let lang = settings.language;
    let Some((mut s, remote)) = kit::life::game_in_play::<Draughts, _, _>(
        session, &*playing, *authority, &mut moves, &mut turns, &mut next,
    ) else {
        return;
    };
    for DraughtsMoveRequest(mv) in moves.read() {
        let before = *s.game.position();
        match s.game.play(mv) {
            Ok(()) => {
                s.revision += 1;
                moved.write(DraughtsMoved { before, mv: *mv });
                if s.game.is_over() {
                    over.write(DraughtsOver);
                }
            }
            Err(e) => {
                notices.write(Notice::Problem(refusal(lang, &e)));
            }
        }
    }
    let mut back_to_panel = false;
    for turn in turns.read().filter(|t| !(remote && t.for_the_table())) {
        match turn {
            DraughtsTurn::Undo => {
                if undo(&mut s) {
                    rebuild.write(DraughtsRebuild);
                } else {
                    notices.write(Notice::Problem(tr(lang, "Nothing to undo.").into()));
                }
            }
            DraughtsTurn::Redo => {
                let before = *s.game.position();
                if s.game.redo() {
                    s.revision += 1;
                    if let Some(mv) = s.game.moves().last().copied() {
                        moved.write(DraughtsMoved { before, mv });
                    }
                    if s.game.is_over() {
                        over.write(DraughtsOver);
                    }
                } else {
                    notices.write(Notice::Problem(tr(lang, "Nothing to redo.").into()));
                }
            }
            DraughtsTurn::Resign => {
                let side = resigning_side(&s);
                if s.game.resign(side).is_ok() {
                    s.revision += 1;
                    over.write(DraughtsOver);
                }
            }
            DraughtsTurn::Draw => {
                if s.game.agree_draw().is_ok() {
                    s.revision += 1;
                    over.write(DraughtsOver);
                }
            }
            DraughtsTurn::Retry => {
                starts.write(StartDraughts(s.setup.clone()));
            }
            DraughtsTurn::Setup => {
                // The panel's preview replaces the game (see `kit::life::preview`).
                draft.set_changed();
                back_to_panel = true;
            }
            DraughtsTurn::Leave => {
                next.set(Screen::Home);
            }
            DraughtsTurn::Save => {
                saves.write(files::SaveDraughts);
            }
        }
    }
    if back_to_panel {
        playing.0 = false;
    }
}

/// Who resigns: the person to move, else (a bot to move) the only person.
fn resigning_side(s: &DraughtsSession) -> Side {
    let to_move = s.game.side_to_move();
    if s.seat(to_move) == DraughtsSeat::Human {
        return to_move;
    }
    let other = to_move.other();
    if s.seat(other) == DraughtsSeat::Human {
        other
    } else {
        to_move
    }
}

/// Takes back the last move; against a bot, on back to the person's turn
/// (or the bot would play again at once). False when nothing was taken back.
fn undo(s: &mut DraughtsSession) -> bool {
    if !s.game.undo() {
        return false;
    }
    s.revision += 1;
    while !s.bots_only()
        && s.seat(s.game.side_to_move()) != DraughtsSeat::Human
        && s.game.ply_count() > 0
    {
        s.game.undo();
        s.revision += 1;
    }
    true
}

/// The side to move's clock runs while the game is on; at zero it loses.
fn run_clocks(
    session: Option<ResMut<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
    time: Res<Time>,
    mut over: MessageWriter<DraughtsOver>,
) {
    let Some(mut s) = session.filter(|s| playing.0 && s.left.is_some() && !s.game.is_over()) else {
        return;
    };
    let side = s.game.side_to_move();
    let dt = time.delta_secs();
    let Some(left) = s.left.as_mut() else { return };
    left[side.index()] = (left[side.index()] - dt).max(0.0);
    if left[side.index()] <= 0.0 && s.game.lose_on_time(side).is_ok() {
        s.revision += 1;
        over.write(DraughtsOver);
    }
}

/// What a refused move is told as.
pub fn refusal(lang: Language, e: &DraughtsError) -> String {
    match e {
        DraughtsError::GameOver => tr(lang, "The game is over.").into(),
        other => trf(lang, "Not possible: {}", &[other]),
    }
}

/// The variant's name as shown.
pub fn variant_name(lang: Language, v: Variant) -> &'static str {
    match v {
        Variant::International => tr(lang, "International draughts (10×10)"),
        Variant::Russian => tr(lang, "Russian draughts (8×8)"),
    }
}

pub fn side_name(lang: Language, side: Side) -> &'static str {
    match side {
        Side::White => tr(lang, "White"),
        Side::Black => tr(lang, "Black"),
    }
}

/// How the game ended, in words.
pub fn outcome_text(lang: Language, outcome: Outcome) -> String {
    use starhop_draughts::{DrawRule, WinReason};
    match outcome {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::NoPieces => tr(lang, "the other side has no pieces left"),
                WinReason::NoMoves => tr(lang, "the other side cannot move"),
                WinReason::Resignation => tr(lang, "the other side resigned"),
                WinReason::Time => tr(lang, "the other side ran out of time"),
            };
            trf(lang, "{} wins: {}.", &[&side_name(lang, winner), &why])
        }
        Outcome::Draw(rule) => {
            let why = match rule {
                DrawRule::ThreefoldRepetition => tr(lang, "the same position three times"),
                DrawRule::TwentyFiveKingMoves => {
                    tr(lang, "25 moves each with only kings moved and no capture")
                }
                DrawRule::SixteenMoveEnding => {
                    tr(lang, "16 moves each in a three-against-a-lone-king ending")
                }
                DrawRule::FiveMoveEnding => {
                    tr(lang, "5 moves each in a two-against-a-lone-king ending")
                }
                DrawRule::ThirtyMovesWithoutCapture => tr(lang, "30 moves each without a capture"),
                DrawRule::ThreeKingsAgainstOne => {
                    tr(lang, "three kings did not take the lone king in 18 moves")
                }
                DrawRule::Agreement => tr(lang, "agreed by the players"),
            };
            trf(lang, "Draw: {}.", &[&why])
        }
    }
}
