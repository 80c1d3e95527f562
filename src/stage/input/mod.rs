//! Picking holes: one observer turns a click on a marble or a hole into a
//! `HolePressed`, which the mode in play judges (it knows what is legal),
//! and the selection, cursor and key rules every mode shares. Nothing here
//! knows a game's rules.

use crate::base::KeyFocus;
use crate::stage::board::{BoardLayout, HoleMarker};
use crate::stage::marbles::Marble;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use starhop_engine::{Hole, RuleError};

pub mod keys;
mod targeting;
pub use keys::{MenusOpen, ctrl_held, modifier_held, take_escape};
pub use targeting::{Aim, ItemChoice, ItemTargeting};

/// The lifted marble and the keyboard/gamepad cursor.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Hole of the marble the player has lifted.
    pub lifted: Option<Hole>,
    /// Hole under the keyboard or gamepad cursor.
    pub cursor: Option<Hole>,
}

/// The player tried something that cannot be done (for a sound), and the
/// engine's reason when there is one (for a notice).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Invalid {
    pub why: Option<RuleError>,
}

/// Open or close the pause menu.
#[derive(Message, Clone, Copy, Debug)]
pub struct ToggleMenu;

/// A marble was lifted (for a sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct Lifted;

/// A primary click on a marble or a hole of the star (or a destination
/// mark, which carries its hole): the mode in play decides what it means.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HolePressed(pub Hole);

/// The input plugin. Public so headless tests can drive input the way the
/// game does (it needs no window: keys come from `ButtonInput<KeyCode>`).
pub fn plugin(app: &mut App) {
    app.add_plugins(targeting::plugin)
        .init_resource::<Selection>()
        .init_resource::<KeyFocus>()
        .add_message::<Invalid>()
        .add_message::<ToggleMenu>()
        .add_message::<Lifted>()
        .add_message::<HolePressed>()
        .add_observer(click);
}

/// The one picking observer: a primary click on a marble or a hole is a
/// press on that hole. Right-clicks are handled with the mouse buttons, so
/// that they work over the bare board and the background too.
fn click(
    click: On<Pointer<Click>>,
    marbles: Query<&Marble>,
    holes: Query<&HoleMarker>,
    mut presses: MessageWriter<HolePressed>,
) {
    if click.event.button != PointerButton::Primary {
        return;
    }
    let hole = marbles
        .get(click.entity)
        .map(|m| m.hole)
        .or_else(|_| holes.get(click.entity).map(|h| h.0));
    if let Ok(hole) = hole {
        presses.write(HolePressed(hole));
    }
}

/// The hole next to `from` that lies most nearly in direction `dir` (board plane).
pub fn neighbour_towards(layout: &BoardLayout, from: Hole, dir: Vec3) -> Option<Hole> {
    let board = layout.board();
    let origin = layout.hole(from);
    board.neighbour[from as usize]
        .iter()
        .copied()
        .filter(|&h| h != starhop_engine::geometry::NONE)
        .map(|h| (h, (layout.hole(h) - origin).normalize().dot(dir)))
        .filter(|&(_, cos)| cos > 0.3)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h)
}
