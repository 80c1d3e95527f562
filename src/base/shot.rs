//! What a screenshot run asks of the modes: the scene by name, the setup the
//! command line gave for a mode, and the names each mode can set up. The
//! shell fills these from the command line and takes the picture; a mode
//! only sets its own scenes up, and never reads the command line.

use bevy::prelude::*;

/// Present when the run takes a screenshot: the shot's name (as `--shot`
/// gives it) and the moves to play first (`--moves`, 0 when not given).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ShotScene {
    pub name: String,
    pub moves: usize,
}

impl ShotScene {
    /// Whether this is the shot called `name`.
    pub fn is(&self, name: &str) -> bool {
        self.name == name
    }
}

/// A mode's setup as the command line of a screenshot run describes it
/// (`ShotSetup<DraughtsSetup>` from `--draughts`, …); absent when it names none.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ShotSetup<T: Send + Sync + 'static>(pub T);

/// While present, the picture waits (a scene that needs real time, such as
/// a network table whose players are still joining).
#[derive(Resource)]
pub struct HoldShot;

/// The shots the modes set up, by name, in the order they registered them
/// (the shell adds the ones it arranges itself when it checks `--shot`).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ShotNames(pub Vec<&'static str>);

impl ShotNames {
    pub fn contains(&self, name: &str) -> bool {
        self.0.contains(&name)
    }
}

/// A mode registers its shots by name and the system that sets them up,
/// which runs before the frame's input while a screenshot is taken.
pub fn add_shots<M>(
    app: &mut App,
    names: &[&'static str],
    arrange: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M>,
) {
    register_shots(app, names);
    app.add_systems(
        Update,
        arrange
            .run_if(resource_exists::<ShotScene>)
            .before(super::AppSystems::Input),
    );
}

/// A mode registers the shots it sets up, so `--shot NAME` knows them.
pub fn register_shots(app: &mut App, names: &[&'static str]) {
    let mut registry = app.world_mut().get_resource_or_init::<ShotNames>();
    for name in names {
        if !registry.0.contains(name) {
            registry.0.push(name);
        }
    }
}
