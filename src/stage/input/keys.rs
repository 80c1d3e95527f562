//! Who the keyboard belongs to this frame. One rule for every screen: keys
//! that a screen uses for itself act unless the interface wants them, and a
//! letter held with Ctrl, Alt or the logo key is a shortcut, never also a
//! camera or board key.

use bevy::prelude::*;

/// Whether Ctrl, Alt or the logo key is held.
pub fn modifier_held(keys: &ButtonInput<KeyCode>) -> bool {
    keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ])
}

/// Whether Ctrl is held.
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
}

/// Reads a press of Esc once: the first system that acts on it takes it, so
/// one press steps back one level, never two.
pub fn take_escape(keys: &mut ButtonInput<KeyCode>) -> bool {
    if keys.just_pressed(KeyCode::Escape) {
        keys.clear_just_pressed(KeyCode::Escape);
        true
    } else {
        false
    }
}

/// Whether a menu window or a question is open over the screen: then Esc
/// and the screen's keys are theirs (see `ui::menus::escape`).
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenusOpen<'w> {
    overlay: Option<Res<'w, State<crate::ui::Overlay>>>,
    asking: Option<Res<'w, crate::ui::Asking>>,
    question: Option<Res<'w, crate::ui::ScreenQuestion>>,
}

impl MenusOpen<'_> {
    pub fn any(&self) -> bool {
        self.overlay
            .as_ref()
            .is_some_and(|o| *o.get() != crate::ui::Overlay::None)
            || self.asking.as_ref().is_some_and(|a| a.0.is_some())
            || self.question.as_ref().is_some_and(|q| q.0)
    }
}
