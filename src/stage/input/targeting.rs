//! The item being aimed (party mode) as the screens see it: which item of
//! the hand, and the marble picked first. The classic game decides what an
//! aim may pick (`classic::party::aim`); the HUD and the screenshots read
//! and set it here.

use bevy::prelude::*;
use starhop_engine::{Hole, Item};

/// The item being aimed, if any: which slot of the hand, and the marble
/// already picked for the items that take two holes.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItemTargeting(pub Option<Aim>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aim {
    /// Index into the hand of the player to move (`Game::held`), 0 to 2.
    pub slot: usize,
    pub item: Item,
    /// The own marble picked first (flying wing, swap).
    pub first: Option<Hole>,
}

impl Aim {
    /// Whether the item takes a marble and then a second hole.
    pub fn two_step(self) -> bool {
        matches!(self.item, Item::FlyingWing | Item::Swap)
    }
}

/// Choose the item in a slot of the hand (pressing the chosen one again puts
/// it away), or stop aiming. Keys and the HUD send it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemChoice {
    Slot(usize),
    Cancel,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ItemTargeting>()
        .add_message::<ItemChoice>();
}
