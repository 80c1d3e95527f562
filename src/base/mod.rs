//! The bottom layer of the game: its screens, the order of its systems in a
//! frame, who changes the match on show, and what the panels on show cover
//! of the window. Every other module may use these; this one uses none of
//! them.

use bevy::prelude::*;
use starhop_engine::{Event as RuleEvent, Item, RuleError};
use starhop_games::GameKind;
use starhop_league::{Profile, Profiles};

pub mod job;
mod pause;
pub mod shot;
mod watch;
pub use pause::{PausableSystems, Pause, PauseReasons};
pub use watch::{
    PiecesMoving, RecordOnShow, ShowMoves, ShowRecord, StopShowing, WatchAgain, report_moving,
};

/// The screens of the game.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The first screen: play, party, food checkers, tournaments, profiles,
    /// history, settings, quit (see `league::home`).
    #[default]
    Home,
    /// Choosing players, board and rules; the board behind shows the choice.
    Setup,
    /// A match in progress (or just over: the end screen sits on top).
    Playing,
    /// Food checkers: its setup panel and its games (see `food`).
    Food,
    /// The player profiles (see `league::profiles`).
    Profiles,
    /// The finished games (see `league::history`).
    History,
    /// Round-robin tournaments (see `league::tournament`).
    Tournament,
    /// The solo crossing challenge: its setup panel and its game (see `crossing`).
    Crossing,
    /// A network table: host or join, and the lobby before the game (see `online`).
    Online,
    /// Draughts, International or Russian: its setup panel and its game (see `draughts`).
    Draughts,
    /// Halma for 2 or 4 players: its setup panel and its game (see `halma`).
    Halma,
    /// The replay viewer: a recorded game shown move by move (see `replay`).
    /// The record is the `Match` on show; the rules systems, clocks, bots and
    /// board input stand still, so nothing can change it.
    Replay,
}

impl Screen {
    /// A menu screen with the setup's board behind a panel on the left.
    pub fn is_menu(self) -> bool {
        matches!(
            self,
            Screen::Home
                | Screen::Setup
                | Screen::Profiles
                | Screen::History
                | Screen::Tournament
                | Screen::Online
        )
    }
}

/// Frame order of the game's own systems in `Update`: input produces
/// messages, the rules apply them, background jobs (bots, hints) start on the
/// position the rules left, then the view follows the match.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    Input,
    Rules,
    Jobs,
    View,
}

/// What the panels on show cover of the window, in egui points (window
/// pixels at the Normal `UiScale`; the camera scales them): `left` is
/// the right edge of a panel along the left side (a setup or menu screen's
/// panel), `right` the width covered along the right side, margin included
/// (the replay's players and moves). The camera frames the board in the space
/// between. Whoever draws a panel writes its edge while it is on show and
/// clears it when the panel goes.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ViewportInsets {
    pub left: f32,
    pub right: f32,
}

/// What the interface holds of the keyboard, noted from egui once a frame
/// (`ui::note_key_focus`); headless, nothing holds it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyFocus {
    /// A text field has the keyboard, or a list is open: every key is the
    /// interface's.
    pub typing: bool,
    /// A button or another widget has the keyboard focus (reached with
    /// Tab): Enter, Space, the arrows and Tab are its.
    pub widget: bool,
}

impl KeyFocus {
    /// Letters, digits, Esc and Ctrl shortcuts are the screen's.
    pub fn shortcuts_free(focus: Option<&KeyFocus>) -> bool {
        !focus.is_some_and(|f| f.typing)
    }

    /// Enter, Space, the arrows and Tab are the screen's too.
    pub fn navigation_free(focus: Option<&KeyFocus>) -> bool {
        !focus.is_some_and(|f| f.typing || f.widget)
    }
}

/// A sound to play: what any mode's rules or the party did (the audio
/// plays each; a run without it ignores them). Lifting, landing and refusals
/// at the board come from the stage's own messages.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The turn went to another player.
    TurnPassed,
    /// An item box appeared.
    BoxAppeared,
    /// A box popped as its marble landed on it.
    BoxTaken,
    /// A roadblock or road worker rose on its hole.
    Placed(Item),
    /// An obstacle sank away.
    Expired,
    /// An item was used (the power marble, flying wing, swap or tornado).
    Used(Item),
}

/// Present when this run writes no files (a screenshot run): progress,
/// best results, the last network table and the league stay as they are.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct WritesNoFiles;

/// Who changes the match on show: the local rules (with their clocks and
/// bots), the replay viewer stepping through a record, or the host of a
/// network table (whose own thread plays the game). The viewer and the
/// table set it when they open and close; the rules and clocks run only
/// while it is `Local`.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchAuthority {
    #[default]
    Local,
    Replay,
    Remote,
}

/// A run condition: the local rules own the match.
pub fn local_authority(authority: Res<MatchAuthority>) -> bool {
    *authority == MatchAuthority::Local
}

/// A run condition: no record is being watched (the bots of a network
/// table's host still think for their seats).
pub fn not_replaying(authority: Res<MatchAuthority>) -> bool {
    *authority != MatchAuthority::Replay
}

/// Something the players should be told.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Notice {
    /// What the rules did: time-outs, skipped turns, finishes, players out,
    /// passes, the end, boxes, items taken and used, obstacles gone (never
    /// `Moved`: moves go out as `MarblesMoved`; an item use goes out both
    /// ways, its marble change first, so its effect can be drawn).
    Rule(RuleEvent),
    Refused(RuleError),
    Undone,
    Redone,
    /// A loaded record did not say which seats were bots (saved by an older
    /// version): every seat is played by a person.
    SeatsUnknown,
    /// A record did not replay (the details go to the log).
    Unloadable,
    /// A problem outside the rules (files, settings), already in words.
    Problem(String),
    Info(String),
}

/// Open the setup of this game of the box on its own screen (a button of
/// one mode's screen that leads to another's: the modes never call each other).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenGame(pub GameKind);

/// The league's profiles, for the modes' seat choices and colours (the
/// league fills it whenever its store changes; empty without a league).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct KnownProfiles(pub Profiles);

impl KnownProfiles {
    pub fn list(&self) -> &[Profile] {
        &self.0.list
    }

    pub fn get(&self, id: &str) -> Option<&Profile> {
        self.0.get(id)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((pause::plugin, watch::plugin))
        .add_message::<Notice>()
        .add_message::<Cue>()
        .add_message::<OpenGame>()
        .init_resource::<ViewportInsets>()
        .init_resource::<KnownProfiles>()
        .init_resource::<shot::ShotNames>()
        .init_resource::<MatchAuthority>();
}
