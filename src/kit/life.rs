//! The life cycle every game of the box shares on its own screen, written
//! once: the screen opens on its setup panel with the board previewing the
//! draft, a game begins (from a setup, a save or a record to watch), the
//! player goes back to the panel, the screen is left and the game goes.
//! A mode describes itself with [`GameMode`], chains [`open`] and
//! [`preview`] before its own start and load systems, and begins games
//! through [`Begin`]; [`plugin_for`] adds the rest.

use crate::base::{MatchAuthority, OpenGame, Screen};
use bevy::ecs::component::Mutable;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use starhop_games::GameKind;
use std::marker::PhantomData;

/// A game of the box on its own screen, as the shared life cycle sees it.
pub trait GameMode: Send + Sync + 'static {
    const KIND: GameKind;
    const SCREEN: Screen;
    /// The game on show: one in play, or the setup panel's preview.
    type Session: Resource<Mutability = Mutable>;
    /// What the setup panel edits (kept between visits).
    type Draft: Resource<Mutability = Mutable>;
    /// The mode's own "open my screen" button.
    type Open: Message;
    /// Another position is on show: the pieces are built again.
    type Rebuild: Message + Default;

    /// The game the panel shows for this draft; `None` when the draft
    /// describes none (the board keeps what it shows).
    fn preview(draft: &Self::Draft) -> Option<Self::Session>;
}

/// Whether the mode's session is a game in play, or the setup panel's
/// preview (false also when there is no session).
#[derive(Resource, Debug)]
pub struct Playing<M>(pub bool, PhantomData<fn() -> M>);

impl<M> Default for Playing<M> {
    fn default() -> Self {
        Playing(false, PhantomData)
    }
}

/// The life cycle's systems that need no place in the mode's chain.
pub fn plugin_for<M: GameMode>(app: &mut App) {
    app.init_resource::<Playing<M>>()
        .add_systems(OnExit(M::SCREEN), leave::<M>);
}

/// What beginning a game changes: the session, the flag, the screen and the
/// pieces on show.
#[derive(SystemParam)]
pub struct Begin<'w, 's, M: GameMode> {
    pub commands: Commands<'w, 's>,
    playing: ResMut<'w, Playing<M>>,
    next: ResMut<'w, NextState<Screen>>,
    rebuild: MessageWriter<'w, <M as GameMode>::Rebuild>,
}

impl<M: GameMode> Begin<'_, '_, M> {
    /// Puts `session` in play on the mode's screen.
    pub fn begin(&mut self, session: M::Session) {
        self.commands.insert_resource(session);
        self.playing.0 = true;
        NextState::set_if_neq(&mut self.next, M::SCREEN);
        self.rebuild.write(M::Rebuild::default());
    }
}

/// Opens the mode's screen on its setup panel (its own button, or another
/// screen's `OpenGame`).
pub fn open<M: GameMode>(
    mut opens: MessageReader<M::Open>,
    mut games: MessageReader<OpenGame>,
    mut next: ResMut<NextState<Screen>>,
    mut playing: ResMut<Playing<M>>,
    mut draft: ResMut<M::Draft>,
) {
    let asked = games.read().filter(|g| g.0 == M::KIND).count() > 0;
    if opens.read().count() > 0 || asked {
        NextState::set_if_neq(&mut next, M::SCREEN);
        playing.0 = false;
        draft.set_changed();
    }
}

/// On the setup panel the board shows the draft's start, from the frame
/// the screen is asked for.
pub fn preview<M: GameMode>(
    mut commands: Commands,
    draft: Res<M::Draft>,
    playing: Res<Playing<M>>,
    screen: Res<State<Screen>>,
    next: Res<NextState<Screen>>,
    mut rebuild: MessageWriter<M::Rebuild>,
) {
    let entering = matches!(
        *next,
        NextState::Pending(s) | NextState::PendingIfNeq(s) if s == M::SCREEN
    );
    if playing.0 || !(*screen.get() == M::SCREEN || entering) || !draft.is_changed() {
        return;
    }
    if let Some(session) = M::preview(&draft) {
        commands.insert_resource(session);
        rebuild.write(M::Rebuild::default());
    }
}

/// Leaving the screen: the session goes, and the panel's draft is kept.
fn leave<M: GameMode>(mut commands: Commands, mut playing: ResMut<Playing<M>>) {
    commands.remove_resource::<M::Session>();
    playing.0 = false;
}

/// A mode's turn requests (undo, resign, leave, …) as the life cycle sees them.
pub trait Turns: Message + Copy + PartialEq {
    /// Back to the home screen.
    const LEAVE: Self;
    const UNDO: Self;
    const REDO: Self;
    /// Save the game to a file.
    const SAVE: Self;
    /// Back to the setup panel.
    const SETUP: Self;
    /// Whether it changes the game (or starts another): at a network table
    /// the host answers it, not this mode.
    fn for_the_table(self) -> bool;
}

/// The game this frame's requests may change, and whether a network
/// table's host plays it: then its moves and the turns that change it go
/// to the host (`online` reads these same messages), so the moves are left
/// unapplied here. With no game in play the requests find nothing, and only
/// Leave still goes home.
pub fn game_in_play<'a, M: GameMode, Move: Message, T: Turns>(
    session: Option<ResMut<'a, M::Session>>,
    playing: &Playing<M>,
    authority: MatchAuthority,
    moves: &mut MessageReader<Move>,
    turns: &mut MessageReader<T>,
    next: &mut NextState<Screen>,
) -> Option<(ResMut<'a, M::Session>, bool)> {
    let remote = authority == MatchAuthority::Remote;
    if remote {
        moves.clear();
    }
    let Some(s) = session.filter(|_| playing.0) else {
        moves.clear();
        if turns.read().filter(|t| **t == T::LEAVE).count() > 0 {
            next.set(Screen::Home);
        }
        return None;
    };
    Some((s, remote))
}

/// What the shortcuts every game shares asked for this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// H.
    pub hint: bool,
    /// Undo or redo was sent (the mode lets go of what it picked up).
    pub took_back: bool,
}

/// The shortcuts of a game in play, sent as the mode's turns: Ctrl+S saves,
/// U or Ctrl+Z undoes, Y, Ctrl+Y or Ctrl+Shift+Z redoes; H asks for a hint.
pub fn play_shortcuts<T: Turns>(
    keys: &ButtonInput<KeyCode>,
    turns: &mut MessageWriter<T>,
) -> Asked {
    use crate::stage::input::{ctrl_held, modifier_held};
    let ctrl = ctrl_held(keys);
    let plain = |k: KeyCode| keys.just_pressed(k) && !modifier_held(keys);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        turns.write(T::SAVE);
    }
    let mut asked = Asked {
        hint: plain(KeyCode::KeyH),
        took_back: false,
    };
    if plain(KeyCode::KeyY)
        || (ctrl && keys.just_pressed(KeyCode::KeyY))
        || (ctrl && shift && keys.just_pressed(KeyCode::KeyZ))
    {
        turns.write(T::REDO);
        asked.took_back = true;
    } else if (ctrl && !shift && keys.just_pressed(KeyCode::KeyZ)) || plain(KeyCode::KeyU) {
        turns.write(T::UNDO);
        asked.took_back = true;
    }
    asked
}
