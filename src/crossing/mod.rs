//! The solo crossing challenge (issue 12): bring one army from camp 0 to
//! camp 3 in as few moves as you can, on the classic star board with the
//! classic marbles.
//!
//! The engine's `CrossingGame` is the challenge (`CrossingSession`); one
//! rules system hands it every request (`CrossingMove`, `CrossingTurn`) and
//! reports moves as the classic `MarblesMoved` hops and `BoardChanged`
//! rebuilds, which the star board and marble entities follow: while a
//! session is open the crossing has taken the board over (`TakeBoard`) and
//! writes what it shows (`board`). Everything lives in `Screen::Crossing`:
//! its setup panel (a preview session) and the game.
//!
//! - [`jobs`]: the solver (made off the frame) and hints on the async pool.
//! - [`bests`]: the best result per player, board and jump option, kept on disk.
//! - `watch`: the best known crossing played back move by move.
//! - `input`, `ui`, `shots`: clicks and keys, the egui panels, screenshots.

use crate::base::Notice;
use crate::base::{AppSystems, KnownProfiles, Screen};
use crate::kit::{self, Begin, GameMode, Playing};
use crate::stage::board::{BoardSystems, TakeBoard};
use crate::stage::marbles::{BoardChanged, MarblesMoved};
use bevy::prelude::*;
use starhop_engine::crossing::{CrossingGame, SEAT};
use starhop_engine::{Hole, MarbleChange, RuleError};
use starhop_games::GameKind;

pub mod bests;
mod board;
pub mod input;
pub mod jobs;
mod shots;
mod show;
mod ui;
pub mod watch;

pub use bests::{BestKey, CrossingBests, CrossingResult};
pub use jobs::{CrossingHint, CrossingHintFound, CrossingHintRequest, CrossingJobs};
pub use shots::names as shot_names;
pub use watch::Watch;

/// Who plays: a league profile (by id), or a guest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrossingSetup {
    pub size: u8,
    pub long_jumps: bool,
    /// The profile's id; `None` for a guest.
    pub profile: Option<String>,
}

impl CrossingSetup {
    pub fn new(size: u8, long_jumps: bool) -> CrossingSetup {
        CrossingSetup {
            size,
            long_jumps,
            profile: None,
        }
    }
}

/// The crossing on show.
#[derive(Resource, Clone, Debug)]
pub struct CrossingSession {
    pub game: CrossingGame,
    pub setup: CrossingSetup,
    /// The best known crossing being watched; the player's game waits in it.
    pub watch: Option<Watch>,
}

impl CrossingSession {
    /// Whether the player may move now, in a game in play: no line is
    /// being watched and the army is not across yet.
    pub fn can_move(&self) -> bool {
        self.watch.is_none() && !self.game.is_finished()
    }
}

/// The crossing challenge as the kit's life cycle sees it.
pub struct Crossing;

/// Whether the session is a crossing in play, not the panel's preview.
pub type CrossingPlaying = Playing<Crossing>;

impl GameMode for Crossing {
    const KIND: GameKind = GameKind::Crossing;
    const SCREEN: Screen = Screen::Crossing;
    type Session = CrossingSession;
    type Draft = CrossingDraft;
    type Open = OpenCrossing;
    type Rebuild = BoardChanged;

    fn preview(draft: &CrossingDraft) -> Option<CrossingSession> {
        session_for(&draft.0).ok()
    }
}

/// What the setup panel is editing (kept between visits).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct CrossingDraft(pub CrossingSetup);

impl Default for CrossingDraft {
    fn default() -> CrossingDraft {
        CrossingDraft(CrossingSetup::new(4, false))
    }
}

// ----- requests -----

/// Open the crossing screen (its setup panel).
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenCrossing;

/// Start a crossing.
#[derive(Message, Clone, Debug)]
pub struct StartCrossing(pub CrossingSetup);

/// Move the marble on `from` to `to`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossingMove {
    pub from: Hole,
    pub to: Hole,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossingTurn {
    Undo,
    Redo,
    /// The same crossing again from the start.
    Restart,
    /// Back to the setup panel.
    Setup,
    /// Back to the home screen.
    Leave,
}

// ----- reports -----

/// The crossing was just completed (for the best results and a sound).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossingDone {
    pub moves: u32,
}

/// A crossing done in the proven fewest moves gets the small celebration.
fn cheer_the_optimum(
    session: Option<Res<CrossingSession>>,
    mut done: MessageReader<CrossingDone>,
    mut cheers: MessageWriter<crate::stage::celebrate::Celebrate>,
) {
    let (Some(s), Some(d)) = (session, done.read().last()) else {
        return;
    };
    let optimum = starhop_ai::crossing::known_optimum(s.setup.size, s.setup.long_jumps);
    if optimum.is_some_and(|best| d.moves <= best) {
        cheers.write(crate::stage::celebrate::Celebrate {
            cheer: crate::stage::celebrate::Cheer::Solved,
            seat: Some(SEAT),
        });
    }
}

/// The crossing rules systems, for ordering others after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CrossingRules;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrossingDraft>()
        // The classic selection (its lifted marble, its cursor) serves here
        // too; it is the input plugin's, absent from headless apps without it.
        .init_resource::<crate::stage::input::Selection>()
        .add_message::<OpenCrossing>()
        .add_message::<StartCrossing>()
        .add_message::<CrossingMove>()
        .add_message::<CrossingTurn>()
        .add_message::<CrossingDone>()
        .add_systems(
            Update,
            cheer_the_optimum
                .after(CrossingRules)
                .in_set(AppSystems::Rules),
        )
        .add_plugins((
            jobs::plugin,
            bests::plugin,
            watch::plugin,
            show::plugin,
            board::plugin,
        ))
        .add_systems(
            Update,
            (
                kit::life::open::<Crossing>,
                take_board_on_open,
                kit::life::preview::<Crossing>,
                start_crossing,
                apply_requests,
            )
                .chain()
                .in_set(CrossingRules)
                .in_set(AppSystems::Rules)
                .in_set(BoardSystems::Take),
        )
        .add_systems(OnExit(Screen::Crossing), leave_crossing);
    kit::life::plugin_for::<Crossing>(app);
}

/// Everything a player sees of the challenge: input, panels, screenshots.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((input::plugin, ui::plugin, shots::plugin));
}

/// The palette colour of a player: the profile's, else red.
pub(crate) fn colour_of(profiles: &KnownProfiles, profile: Option<&str>) -> u8 {
    profile
        .and_then(|id| profiles.get(id))
        .map_or(0, |p| crate::ui::palette::nearest_palette(p.colour))
}

/// A new session for `setup`, or why not.
fn session_for(setup: &CrossingSetup) -> Result<CrossingSession, RuleError> {
    Ok(CrossingSession {
        game: CrossingGame::new(setup.size, setup.long_jumps)?,
        setup: setup.clone(),
        watch: None,
    })
}

/// Opening the screen, the crossing takes the star board over from classic.
fn take_board_on_open(
    mut opens: MessageReader<OpenCrossing>,
    mut games: MessageReader<crate::base::OpenGame>,
    mut takes: MessageWriter<TakeBoard>,
) {
    let asked = games.read().filter(|g| g.0 == GameKind::Crossing).count() > 0;
    if opens.read().count() > 0 || asked {
        takes.write(TakeBoard);
    }
}

fn start_crossing(
    mut starts: MessageReader<StartCrossing>,
    mut begin: Begin<Crossing>,
    mut notices: MessageWriter<Notice>,
    mut takes: MessageWriter<TakeBoard>,
) {
    let Some(StartCrossing(setup)) = starts.read().last() else {
        return;
    };
    match session_for(setup) {
        Ok(s) => {
            takes.write(TakeBoard);
            begin.commands.insert_resource(CrossingDraft(setup.clone()));
            begin.begin(s);
        }
        Err(e) => {
            notices.write(Notice::Refused(e));
        }
    }
}

/// A hop of seat 0's marble along `route` (backwards for an undo).
pub fn hop(route: &[Hole], undone: bool) -> MarblesMoved {
    let mut route = route.to_vec();
    if undone {
        route.reverse();
    }
    MarblesMoved(vec![MarbleChange::Hop { seat: SEAT, route }])
}

fn apply_requests(
    session: Option<ResMut<CrossingSession>>,
    mut playing: ResMut<CrossingPlaying>,
    mut moves: MessageReader<CrossingMove>,
    mut turns: MessageReader<CrossingTurn>,
    mut moved: MessageWriter<MarblesMoved>,
    mut done: MessageWriter<CrossingDone>,
    mut notices: MessageWriter<Notice>,
    mut starts: MessageWriter<StartCrossing>,
    mut next: ResMut<NextState<Screen>>,
    mut draft: ResMut<CrossingDraft>,
) {
    let Some(mut s) = session.filter(|_| playing.0) else {
        moves.clear();
        if turns.read().any(|t| *t == CrossingTurn::Leave) {
            next.set(Screen::Home);
        }
        return;
    };
    for mv in moves.read() {
        if s.watch.is_some() {
            continue;
        }
        match s.game.play(mv.from, mv.to) {
            Ok(route) => {
                moved.write(hop(&route, false));
                if s.game.is_finished() {
                    done.write(CrossingDone {
                        moves: s.game.moves_made(),
                    });
                }
            }
            Err(e) => {
                notices.write(Notice::Refused(e));
            }
        }
    }
    for turn in turns.read() {
        let watching = s.watch.is_some();
        let result = match turn {
            CrossingTurn::Undo if !watching => s.game.undo().map(|r| hop(&r, true)),
            CrossingTurn::Redo if !watching => s.game.redo().map(|r| hop(&r, false)),
            CrossingTurn::Undo | CrossingTurn::Redo => continue,
            CrossingTurn::Restart => {
                starts.write(StartCrossing(s.setup.clone()));
                continue;
            }
            CrossingTurn::Setup => {
                // The panel's preview replaces the game (`kit::life::preview`).
                playing.0 = false;
                draft.set_changed();
                continue;
            }
            CrossingTurn::Leave => {
                next.set(Screen::Home);
                continue;
            }
        };
        match result {
            Ok(report) => {
                moved.write(report);
                if *turn == CrossingTurn::Redo && s.game.is_finished() {
                    done.write(CrossingDone {
                        moves: s.game.moves_made(),
                    });
                }
            }
            Err(e) => {
                notices.write(Notice::Refused(e));
            }
        }
    }
}

/// Leaving the screen: the session goes (`kit::life`) and the star shows
/// what it did before.
fn leave_crossing(
    mut selection: ResMut<crate::stage::input::Selection>,
    mut changed: MessageWriter<BoardChanged>,
) {
    *selection = default();
    changed.write(BoardChanged);
}
