//! One pause for the whole match: while the menu is open, the watcher has
//! paused a bots-only game, or the first-move draw is on show, the clocks,
//! the bots and the hop animation all stand still.

use bevy::prelude::*;

/// Whether the match runs. Systems that must stand still in a pause go in
/// [`PausableSystems`].
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// Systems that run only while the match is not paused (clocks, bots, animation).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Everything that can hold the match; it runs when none of them does.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PauseReasons {
    /// A menu or dialog is open over the game.
    pub menu: bool,
    /// The watcher of a bots-only game pressed Pause.
    pub watcher: bool,
    /// The first-move draw is being shown.
    pub draw: bool,
}

impl PauseReasons {
    pub fn any(&self) -> bool {
        self.menu || self.watcher || self.draw
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Pause>()
        .init_resource::<PauseReasons>()
        .configure_sets(Update, PausableSystems.run_if(in_state(Pause::Running)))
        .add_systems(PreUpdate, follow_reasons);
}

/// Enters or leaves the pause as the reasons change (before `Update`, so the
/// frame a reason appears already stands still).
fn follow_reasons(
    reasons: Res<PauseReasons>,
    state: Res<State<Pause>>,
    mut next: ResMut<NextState<Pause>>,
) {
    let want = if reasons.any() {
        Pause::Paused
    } else {
        Pause::Running
    };
    if *state.get() != want {
        next.set(want);
    }
}
