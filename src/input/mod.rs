//! Turning clicks, keys and gamepad buttons into requests. Nothing here
//! touches the engine's state: it reads the match to know what is legal to
//! offer, and sends `MoveRequest`s and `TurnRequest`s for the rules to judge.

use crate::board::{BoardLayout, HoleMarker};
use crate::marbles::Marble;
use crate::play::{Hint, HintRequest, Match, MoveRequest, SeatKind, TurnRequest};
use crate::{AppSystems, Screen};
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use starhop_engine::Hole;

/// The lifted marble and the keyboard/gamepad cursor.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Hole of the marble the player has lifted.
    pub lifted: Option<Hole>,
    /// Hole under the keyboard or gamepad cursor.
    pub cursor: Option<Hole>,
}

/// The player tried something that cannot be done (for a sound and a shake).
#[derive(Message, Clone, Copy, Debug)]
pub struct Invalid;

/// Open or close the pause menu.
#[derive(Message, Clone, Copy, Debug)]
pub struct ToggleMenu;

/// A marble was lifted (for a sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct Lifted;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_message::<Invalid>()
        .add_message::<ToggleMenu>()
        .add_message::<Lifted>()
        .add_systems(OnExit(Screen::Playing), clear_selection)
        .add_systems(
            Update,
            (keyboard_and_gamepad, show_hint, drop_stale_selection)
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(AppSystems::Input),
        );
}

fn clear_selection(mut selection: ResMut<Selection>) {
    *selection = Selection::default();
}

/// Whether a human may act now (bots will move on their own).
fn human_to_move(m: &Match) -> bool {
    !m.game.is_over() && m.setup.seats[m.game.to_move() as usize].kind == SeatKind::Human
}

/// What a primary press on `hole` means: lift an own marble, move the lifted
/// one there, or nothing legal.
fn press(
    hole: Hole,
    m: &Match,
    selection: &mut Selection,
    moves: &mut MessageWriter<MoveRequest>,
) -> Result<bool, Invalid> {
    if !human_to_move(m) {
        return Err(Invalid);
    }
    let own = m.game.position().marbles(m.game.to_move()).contains(hole);
    if own {
        // Lifting the same marble again puts it back.
        selection.lifted = if selection.lifted == Some(hole) {
            None
        } else {
            Some(hole)
        };
        return Ok(selection.lifted.is_some());
    }
    match selection.lifted {
        Some(from) if m.game.destinations(from).contains(hole) => {
            moves.write(MoveRequest { from, to: hole });
            selection.lifted = None;
            Ok(false)
        }
        _ => Err(Invalid),
    }
}

type PressWriters<'w> = (
    MessageWriter<'w, MoveRequest>,
    MessageWriter<'w, Invalid>,
    MessageWriter<'w, Lifted>,
);

fn on_press(
    button: PointerButton,
    hole: Hole,
    game: Option<Res<Match>>,
    selection: &mut Selection,
    (moves, invalid, lifted): &mut PressWriters,
) {
    let Some(m) = game else { return };
    if button == PointerButton::Secondary {
        selection.lifted = None;
        return;
    }
    if button != PointerButton::Primary {
        return;
    }
    match press(hole, &m, selection, moves) {
        Ok(true) => {
            lifted.write(Lifted);
        }
        Ok(false) => {}
        Err(e) => {
            invalid.write(e);
        }
    }
}

/// Observer on every marble entity.
pub fn click_marble(
    click: On<Pointer<Click>>,
    marbles: Query<&Marble>,
    game: Option<Res<Match>>,
    mut selection: ResMut<Selection>,
    mut writers: PressWriters,
) {
    if let Ok(marble) = marbles.get(click.entity) {
        on_press(
            click.event.button,
            marble.hole,
            game,
            &mut selection,
            &mut writers,
        );
    }
}

/// Observer on every hole and destination marker.
pub fn click_hole(
    click: On<Pointer<Click>>,
    holes: Query<&HoleMarker>,
    game: Option<Res<Match>>,
    mut selection: ResMut<Selection>,
    mut writers: PressWriters,
) {
    if let Ok(hole) = holes.get(click.entity) {
        on_press(
            click.event.button,
            hole.0,
            game,
            &mut selection,
            &mut writers,
        );
    }
}

/// A hint that arrives lifts the hinted marble, so its destinations show.
fn show_hint(hint: Res<Hint>, game: Option<Res<Match>>, mut selection: ResMut<Selection>) {
    let (Some((actions, mv)), Some(m)) = (hint.0, game) else {
        return;
    };
    if hint.is_changed() && m.game.actions().count() == actions {
        selection.lifted = Some(mv.from);
        selection.cursor = Some(mv.to);
    }
}

/// A lifted marble whose owner is no longer to move (undo, time-out) is put back.
fn drop_stale_selection(game: Option<Res<Match>>, mut selection: ResMut<Selection>) {
    let Some(m) = game else { return };
    if let Some(h) = selection.lifted
        && !m.game.position().marbles(m.game.to_move()).contains(h)
    {
        selection.lifted = None;
    }
}

/// The hole next to `from` that lies most nearly in direction `dir` (board plane).
fn neighbour_towards(layout: &BoardLayout, from: Hole, dir: Vec3) -> Option<Hole> {
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

fn keyboard_and_gamepad(
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<&Gamepad>,
    egui_input: Option<Res<bevy_egui::input::EguiWantsInput>>,
    game: Option<Res<Match>>,
    layout: Res<BoardLayout>,
    camera: Query<&GlobalTransform, With<Camera3d>>,
    mut selection: ResMut<Selection>,
    mut turns: MessageWriter<TurnRequest>,
    mut menu: MessageWriter<ToggleMenu>,
    mut hints: MessageWriter<HintRequest>,
    mut writers: PressWriters,
) {
    if egui_input.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let pad = |b: GamepadButton| gamepads.iter().any(|g| g.just_pressed(b));
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);

    if keys.just_pressed(KeyCode::Escape) || pad(GamepadButton::East) || pad(GamepadButton::Start) {
        if selection.lifted.is_some() && !pad(GamepadButton::Start) {
            selection.lifted = None;
        } else {
            menu.write(ToggleMenu);
        }
    }
    let Some(m) = game else { return };
    if (ctrl && shift && keys.just_pressed(KeyCode::KeyZ)) || keys.just_pressed(KeyCode::KeyY) {
        turns.write(TurnRequest::Redo);
    } else if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        turns.write(TurnRequest::Undo);
    }
    if keys.just_pressed(KeyCode::KeyP) && m.game.can_pass() && human_to_move(&m) {
        turns.write(TurnRequest::Pass);
    }
    if keys.just_pressed(KeyCode::KeyH) && human_to_move(&m) {
        hints.write(HintRequest);
    }

    // Cursor: arrows / D-pad move it across the board as seen from the camera.
    let own = m.game.position().marbles(m.game.to_move());
    let forward = camera
        .single()
        .map(|t| {
            let f = t.forward().as_vec3();
            Vec3::new(f.x, 0.0, f.z).normalize_or(Vec3::NEG_Z)
        })
        .unwrap_or(Vec3::NEG_Z);
    let right = Vec3::new(-forward.z, 0.0, forward.x);
    let arrows = [
        (KeyCode::ArrowUp, GamepadButton::DPadUp, forward),
        (KeyCode::ArrowDown, GamepadButton::DPadDown, -forward),
        (KeyCode::ArrowRight, GamepadButton::DPadRight, right),
        (KeyCode::ArrowLeft, GamepadButton::DPadLeft, -right),
    ];
    for (key, button, dir) in arrows {
        if keys.just_pressed(key) || pad(button) {
            let start = selection.cursor.or(selection.lifted).or(own.first());
            selection.cursor = match (selection.cursor, start) {
                (Some(c), _) => neighbour_towards(&layout, c, dir).or(Some(c)),
                (None, s) => s,
            };
        }
    }
    // Tab / shoulder buttons: jump to the next own marble that can move.
    let cycle = keys.just_pressed(KeyCode::Tab)
        || pad(GamepadButton::RightTrigger)
        || pad(GamepadButton::LeftTrigger);
    if cycle {
        let movable: Vec<Hole> = own
            .iter()
            .filter(|&h| !m.game.destinations(h).is_empty())
            .collect();
        if !movable.is_empty() {
            let now = selection.cursor.unwrap_or(Hole::MAX);
            let next = movable
                .iter()
                .copied()
                .find(|&h| h > now)
                .unwrap_or(movable[0]);
            selection.cursor = Some(next);
        }
    }
    let confirm = keys.just_pressed(KeyCode::Enter)
        || keys.just_pressed(KeyCode::Space)
        || pad(GamepadButton::South);
    if confirm && let Some(c) = selection.cursor {
        on_press(
            PointerButton::Primary,
            c,
            Some(m),
            &mut selection,
            &mut writers,
        );
    }
}
