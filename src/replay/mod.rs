//! The replay viewer: any classic record (a saved game, a record file, the
//! game just finished) shown move by move on the 3D board.
//!
//! The viewer has its own screen, [`Screen::Replay`]. The record is replayed
//! into an ordinary [`Match`] (so the board, the marbles, the party pieces and
//! the toasts follow it exactly as in play), then taken back to its start
//! with the engine's undo; stepping forward is the engine's redo, whose
//! events go out as the usual `MarblesMoved` and `Notice` reports, and
//! stepping back is its undo. The rules systems, clocks, bots and board
//! input do not run on this screen, so nothing can change the record.
//! Jumps of several moves set the board afresh (`BoardChanged`) instead of
//! animating every move.
//!
//! Any screen opens the viewer with [`OpenReplay`] (a record in memory) or
//! [`OpenReplayFile`] (a file, read without moving or changing it); leaving
//! ([`ReplayControl::Leave`], Esc) goes back where it was opened: the setup
//! screen, or the match it was opened from (its end screen, or the game in
//! progress when opened from the menu's saved games), as it was.
//!
//! - `mod.rs`: the messages, the timeline and the stepping (logic, headless).
//! - `view.rs`: the egui panels and the keyboard.

use crate::base::{AppSystems, Screen};
use crate::base::{Notice, PauseReasons};
use crate::classic::{BotSpeed, Match, MatchSetup, Reports};
use crate::settings::{Language, Settings};
use crate::stage::marbles::{Animating, BoardChanged};
use crate::ui::{tr, trf};
use bevy::prelude::*;
use starhop_engine::record::describe;
use starhop_engine::{
    Action, Event as RuleEvent, Game, MAX_RECORD_BYTES, Record, RecordError, Seat, read_record,
};
use starhop_games::{AnyRecord, AnyRecordError, MAX_ANY_RECORD_BYTES, read_any_record_from};
use std::path::{Path, PathBuf};

mod other_games;
mod view;
pub use other_games::{OpenAnyReplay, OtherReplay};
pub use view::{keyboard, view_plugin};

/// Playback speeds: how much faster than normal marbles hop and moves follow.
pub const SPEEDS: [f32; 4] = [0.5, 1.0, 2.0, 4.0];
/// The width of the viewer's players and moves panel at the right (the
/// camera shows the board beside it).
const SIDE_PANEL_WIDTH: f32 = 330.0;
/// The speed a replay starts at (1×).
const NORMAL_SPEED: usize = 1;
/// Seconds between two moves while playing, at 1× (after the hops have landed).
pub const PAUSE_BETWEEN_MOVES: f32 = 0.55;

// ----- requests -----

/// Open the viewer on a classic record, at the position after `at` actions
/// (0: the start). The record is checked by replaying it; one that does not
/// replay gets a message and the viewer stays closed.
#[derive(Message, Clone, Debug)]
pub struct OpenReplay {
    pub record: Record,
    /// Shown in the viewer's title (a file name, say).
    pub title: Option<String>,
    pub at: usize,
    /// Each seat's palette colour (a history game's profiles); empty, or
    /// colours that repeat: the record's usual seat colours.
    pub colours: Vec<u8>,
}

impl OpenReplay {
    /// The viewer on this record, from its first move.
    pub fn new(record: Record) -> OpenReplay {
        OpenReplay {
            record,
            title: None,
            at: 0,
            colours: Vec::new(),
        }
    }
}

/// Open the viewer on a record file (a saved game or any record). The file is
/// only read: an unreadable one gets a message and stays as it is.
#[derive(Message, Clone, Debug)]
pub struct OpenReplayFile(pub PathBuf);

/// What the viewer's buttons and keys ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayControl {
    /// To the start position.
    First,
    /// One action back (animated back).
    Back,
    /// One action forward (animated as in play).
    Forward,
    /// To the end of the record.
    Last,
    /// To the position after this many actions (one away is animated,
    /// further is set at once).
    Jump(usize),
    Play,
    Pause,
    TogglePlay,
    Faster,
    Slower,
    /// One of [`SPEEDS`], by index.
    Speed(usize),
    /// Close the viewer and go back where it was opened.
    Leave,
}

// ----- the replay -----

/// One action of the record, with who took it and what else it did.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub seat: Seat,
    pub action: Action,
    /// The rule events of the action other than the move itself: finishes,
    /// players out, the end, boxes and items.
    pub events: Vec<RuleEvent>,
}

/// The replay on show. The position is the `Match`'s game, `at` actions in.
#[derive(Resource)]
pub struct Replay {
    pub steps: Vec<Step>,
    /// Actions played on the board.
    pub at: usize,
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    pub title: Option<String>,
    /// A number for each replay opened (views cache their texts by it).
    pub serial: u64,
    /// Seconds until the next move while playing.
    wait: f32,
    back: Return,
}

/// Where leaving the viewer goes, and what it puts back. (The default is
/// only ever a placeholder while the real one is moved out.)
#[derive(Default)]
struct Return {
    screen: Screen,
    /// The match the viewer was opened from, as it was.
    game: Option<Match>,
    speed: BotSpeed,
    reasons: PauseReasons,
}

impl Replay {
    /// Actions in the record.
    pub fn len(&self) -> usize {
        self.steps.len()
    }
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
    pub fn at_end(&self) -> bool {
        self.at >= self.steps.len()
    }
    pub fn speed_factor(&self) -> f32 {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }
}

/// The record's game at its start, ready to step through (every action is on
/// the engine's redo list), and its actions with who took them and what they
/// did. Checks the whole record the way loading it does.
pub fn timeline(record: &Record) -> Result<(Game, Vec<Step>), RecordError> {
    let start = Record {
        actions: Vec::new(),
        turn_ms: 0,
        ..record.clone()
    };
    let mut game = start.replay()?;
    let mut steps = Vec::with_capacity(record.actions.len());
    for (i, action) in record.actions.iter().enumerate() {
        let to_move = game.to_move();
        let seat = match action {
            Action::Resign { seat, .. } => *seat,
            _ => to_move,
        };
        let bad = |error| RecordError::Action {
            number: i + 1,
            what: describe(action, to_move),
            error,
        };
        let events = game.apply(action.clone()).map_err(bad)?;
        steps.push(Step {
            seat,
            action: action.clone(),
            events: events
                .into_iter()
                .filter(|e| !matches!(e, RuleEvent::Moved { .. }))
                .collect(),
        });
    }
    for (i, step) in steps.iter().enumerate().rev() {
        game.undo().map_err(|error| RecordError::Action {
            number: i + 1,
            what: describe(&step.action, step.seat),
            error,
        })?;
    }
    Ok((game, steps))
}

/// Reads a record file without changing it: at most the engine's size limit.
pub fn read_record_file(path: &Path) -> Result<Record, RecordError> {
    let file = std::fs::File::open(path).map_err(|e| RecordError::Io(e.to_string()))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(RecordError::Io("a folder".into()));
    }
    read_record(file, MAX_RECORD_BYTES)
}

/// Reads a record of any game from a file without changing it (at most the
/// records' size limit).
pub fn read_any_record_file(path: &Path) -> Result<AnyRecord, AnyRecordError> {
    let file = std::fs::File::open(path).map_err(|e| AnyRecordError::Io(e.to_string()))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(AnyRecordError::Io("a folder".into()));
    }
    read_any_record_from(file, MAX_ANY_RECORD_BYTES)
}

/// Why a record cannot be watched, in words for the player.
pub fn problem_words(lang: Language, error: &RecordError, file: Option<&Path>) -> String {
    let name = file
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().to_string());
    match (error, name) {
        (RecordError::Io(_), Some(name)) => {
            trf(lang, "The file «{}» could not be opened.", &[&name])
        }
        (RecordError::Version(_), _) => {
            tr(lang, "This save is from a newer version of Starhop.").into()
        }
        (RecordError::Action { number, .. }, _) => trf(
            lang,
            "This game cannot be replayed: its action {} breaks the rules (the record may be damaged).",
            &[number],
        ),
        (
            RecordError::Io(_)
            | RecordError::TooLarge(_)
            | RecordError::Json(_)
            | RecordError::Format(_)
            | RecordError::NoVersion
            | RecordError::BadVersion(_),
            _,
        ) => tr(
            lang,
            "This file is not a readable Starhop game record (it may be damaged or from another program).",
        )
        .into(),
        _ => tr(
            lang,
            "This game cannot be replayed: its set-up is not valid (the record may be damaged).",
        )
        .into(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenReplay>()
        .add_message::<OpenReplayFile>()
        .add_message::<ReplayControl>()
        .add_plugins(other_games::plugin)
        .add_systems(
            Update,
            (
                open_replays,
                (control, autoplay, leave)
                    .chain()
                    .run_if(in_state(Screen::Replay)),
            )
                .chain()
                .in_set(AppSystems::Rules)
                .before(crate::classic::PlaySystems),
        );
}

/// What the viewer tells the board and the HUD: what play reports, and
/// that the board was set at once after a jump.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ReplayReports<'w> {
    play: Reports<'w>,
    changed: MessageWriter<'w, BoardChanged>,
}

/// Opens the viewer on the last record asked for (a file or one in memory).
fn open_replays(
    mut commands: Commands,
    mut opens: MessageReader<OpenReplay>,
    mut files: MessageReader<OpenReplayFile>,
    game: Option<Res<Match>>,
    mut replay: Option<ResMut<Replay>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    settings: Res<Settings>,
    mut speed: ResMut<BotSpeed>,
    mut reasons: ResMut<PauseReasons>,
    mut notices: MessageWriter<Notice>,
    mut changed: MessageWriter<BoardChanged>,
    mut others: MessageWriter<OpenAnyReplay>,
    mut serial: Local<u64>,
) {
    let lang = settings.language;
    let mut from_file = None;
    if let Some(OpenReplayFile(path)) = files.read().last() {
        let title = path.file_stem().map(|s| s.to_string_lossy().to_string());
        match read_any_record_file(path) {
            // Another game's record: its own viewer.
            Ok(record) if !matches!(record, AnyRecord::Classic(_)) => {
                others.write(OpenAnyReplay {
                    record,
                    title,
                    at: 0,
                });
            }
            Ok(AnyRecord::Classic(record)) => from_file = Some((Ok(record), title, path.clone())),
            // Read as classic for the words of what is wrong.
            _ => from_file = Some((read_record_file(path), title, path.clone())),
        }
    }
    let asked = opens.read().last().cloned();
    let (record, title, at, path, colours) = match (asked, from_file) {
        (Some(o), _) => (o.record, o.title, o.at, None, o.colours),
        (None, Some((Ok(record), title, path))) => (record, title, 0, Some(path), Vec::new()),
        (None, Some((Err(e), _, path))) => {
            warn!("{} cannot be watched: {e}", path.display());
            notices.write(Notice::Problem(problem_words(lang, &e, Some(&path))));
            return;
        }
        (None, None) => return,
    };
    let (mut shown, steps) = match timeline(&record) {
        Ok(t) => t,
        Err(e) => {
            warn!("a record cannot be watched: {e}");
            notices.write(Notice::Problem(problem_words(lang, &e, path.as_deref())));
            return;
        }
    };
    let at = at.min(steps.len());
    for _ in 0..at {
        if let Err(e) = shown.redo() {
            warn!("a replay stopped early: {e}");
            break;
        }
    }
    // Where leaving goes: back to the match on show (its state kept), or to
    // the screen the viewer was opened from. A replay opened from a replay
    // keeps the first one's way back.
    let back = match replay.as_deref_mut() {
        Some(r) => std::mem::take(&mut r.back),
        None => Return {
            screen: *screen.get(),
            game: game
                .as_deref()
                .filter(|_| *screen.get() == Screen::Playing)
                .map(|m| Match {
                    game: m.game.clone(),
                    setup: m.setup.clone(),
                }),
            speed: *speed,
            reasons: *reasons,
        },
    };
    // The seats of the game it was opened from (its colours) when the
    // record is that game's, else what the record says.
    let setup = match &back.game {
        Some(m)
            if m.game.seed() == record.seed
                && m.game.players() == record.players
                && m.setup
                    .seats
                    .iter()
                    .map(|s| &s.name)
                    .eq(record.names.iter()) =>
        {
            m.setup.clone()
        }
        _ => {
            let mut setup = MatchSetup::from_record(&record).0;
            let distinct = colours
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len();
            if colours.len() == setup.seats.len() && distinct == colours.len() {
                for (seat, &c) in setup.seats.iter_mut().zip(&colours) {
                    seat.colour = c;
                }
            }
            setup
        }
    };
    commands.insert_resource(Match { game: shown, setup });
    *serial += 1;
    let steps_at = steps.len().min(at);
    commands.insert_resource(crate::base::MatchAuthority::Replay);
    commands.insert_resource(Replay {
        steps,
        at: steps_at,
        playing: false,
        speed: NORMAL_SPEED,
        title,
        serial: *serial,
        wait: 0.0,
        back,
    });
    // Nothing holds the replay: no menu, no draw, no watcher's pause.
    *reasons = PauseReasons::default();
    *speed = BotSpeed(SPEEDS[NORMAL_SPEED]);
    next.set(Screen::Replay);
    changed.write(BoardChanged);
}

/// One action forward; false at the end.
fn forward(r: &mut Replay, game: &mut Game, out: &mut ReplayReports) -> bool {
    if r.at_end() {
        return false;
    }
    match game.redo() {
        Ok(events) => {
            r.at += 1;
            out.play.events(events);
            true
        }
        Err(e) => {
            warn!("the replay cannot go on: {e}");
            r.playing = false;
            false
        }
    }
}

/// One action back; false at the start.
fn back(r: &mut Replay, game: &mut Game, out: &mut ReplayReports) -> bool {
    if r.at == 0 {
        return false;
    }
    match game.undo() {
        Ok(changes) => {
            r.at -= 1;
            out.play.marbles(changes);
            true
        }
        Err(e) => {
            warn!("the replay cannot go back: {e}");
            false
        }
    }
}

/// To the position after `to` actions: one away animated, further set at once.
fn jump(r: &mut Replay, game: &mut Game, to: usize, out: &mut ReplayReports) {
    let to = to.min(r.len());
    if to == r.at + 1 {
        forward(r, game, out);
    } else if to + 1 == r.at {
        back(r, game, out);
    } else if to != r.at {
        while r.at > to && game.undo().is_ok() {
            r.at -= 1;
        }
        while r.at < to && game.redo().is_ok() {
            r.at += 1;
        }
        out.changed.write(BoardChanged);
    }
}

fn control(
    mut controls: MessageReader<ReplayControl>,
    replay: Option<ResMut<Replay>>,
    game: Option<ResMut<Match>>,
    mut speed: ResMut<BotSpeed>,
    mut out: ReplayReports,
) {
    let (Some(mut r), Some(mut m)) = (replay, game) else {
        controls.clear();
        return;
    };
    let (r, game) = (&mut *r, &mut m.game);
    for c in controls.read() {
        match *c {
            ReplayControl::First => {
                r.playing = false;
                jump(r, game, 0, &mut out);
            }
            ReplayControl::Back => {
                r.playing = false;
                back(r, game, &mut out);
            }
            ReplayControl::Forward => {
                r.playing = false;
                forward(r, game, &mut out);
            }
            ReplayControl::Last => {
                r.playing = false;
                let end = r.len();
                jump(r, game, end, &mut out);
            }
            ReplayControl::Jump(to) => {
                r.playing = false;
                jump(r, game, to, &mut out);
            }
            ReplayControl::Play => play(r, game, &mut out),
            ReplayControl::Pause => r.playing = false,
            ReplayControl::TogglePlay => {
                if r.playing {
                    r.playing = false;
                } else {
                    play(r, game, &mut out);
                }
            }
            ReplayControl::Faster => r.speed = (r.speed + 1).min(SPEEDS.len() - 1),
            ReplayControl::Slower => r.speed = r.speed.saturating_sub(1),
            ReplayControl::Speed(i) => r.speed = i.min(SPEEDS.len() - 1),
            ReplayControl::Leave => {}
        }
    }
    // Hops and effects run at the replay's speed.
    let factor = r.speed_factor();
    if speed.0 != factor {
        speed.0 = factor;
    }
}

/// Playing from the end starts again from the beginning.
fn play(r: &mut Replay, game: &mut Game, out: &mut ReplayReports) {
    if r.is_empty() {
        return;
    }
    if r.at_end() {
        jump(r, game, 0, out);
    }
    r.playing = true;
    r.wait = 0.0;
}

/// While playing: the next move once the last one has landed and a short
/// pause has passed (both at the replay's speed); stops at the end.
fn autoplay(
    time: Res<Time>,
    animating: Res<Animating>,
    replay: Option<ResMut<Replay>>,
    game: Option<ResMut<Match>>,
    mut out: ReplayReports,
) {
    let (Some(mut r), Some(mut m)) = (replay, game) else {
        return;
    };
    if !r.playing {
        return;
    }
    if r.at_end() {
        r.playing = false;
        return;
    }
    if animating.0 {
        return;
    }
    r.wait -= time.delta_secs() * r.speed_factor();
    if r.wait <= 0.0 {
        r.wait = PAUSE_BETWEEN_MOVES;
        forward(&mut r, &mut m.game, &mut out);
    }
}

/// Closes the viewer: back to the match it was opened from, as it was, or
/// to the screen it was opened on.
fn leave(
    mut commands: Commands,
    mut controls: MessageReader<ReplayControl>,
    replay: Option<ResMut<Replay>>,
    mut next: ResMut<NextState<Screen>>,
    mut speed: ResMut<BotSpeed>,
    mut reasons: ResMut<PauseReasons>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if !controls.read().any(|c| *c == ReplayControl::Leave) {
        return;
    }
    let Some(mut r) = replay else { return };
    let back = std::mem::take(&mut r.back);
    commands.remove_resource::<Replay>();
    commands.insert_resource(crate::base::MatchAuthority::Local);
    *speed = back.speed;
    match back.game {
        Some(m) => {
            commands.insert_resource(m);
            *reasons = back.reasons;
            next.set(Screen::Playing);
        }
        None => {
            commands.remove_resource::<Match>();
            *reasons = PauseReasons::default();
            let to = match back.screen {
                Screen::Playing | Screen::Replay => Screen::Setup,
                other => other,
            };
            next.set(to);
        }
    }
    changed.write(BoardChanged);
}
