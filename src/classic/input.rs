//! Turning presses, keys and gamepad buttons into the match's requests.
//! Nothing here touches the engine's state: it reads the match to know what
//! is legal to offer, and sends `MoveRequest`s, `ItemRequest`s and
//! `TurnRequest`s for the rules to judge. The stage picks the holes
//! (`HolePressed`); aiming items is in `party::aim`. Also the marks the
//! board shows for the match (`BoardMarks`).

use super::party::aim::{self, PointerHole};
use super::{Hint, HintRequest, ItemRequest, Match, MoveRequest, TurnRequest};
use crate::base::KeyFocus;
use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::settings::Settings;
use crate::stage::board::{BoardLayout, BoardMarks, BoardSystems, BoardTaken};
use crate::stage::input::{
    HolePressed, Invalid, ItemChoice, ItemTargeting, Lifted, MenusOpen, Selection, ToggleMenu,
    ctrl_held, modifier_held, neighbour_towards,
};
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use starhop_engine::{Bitboard, Hole, Item, Move, RuleError};

/// The classic game's input. Public so headless tests can drive input the
/// way the game does; it needs the stage's input plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<PointerHole>()
        .add_message::<crate::persist::SaveGame>()
        .add_systems(OnExit(Screen::Playing), clear_selection)
        .add_systems(
            Update,
            // A match answers presses on any screen it is on.
            take_presses
                .in_set(AppSystems::Input)
                .before(keyboard_and_gamepad),
        )
        .add_systems(
            Update,
            (
                keyboard_and_gamepad,
                right_click_puts_back,
                aim::follow_item_choices,
                show_hint,
                drop_stale_selection,
                aim::drop_stale_targeting,
                aim::track_pointer_hole,
            )
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(AppSystems::Input),
        )
        .add_systems(Update, mark_match.in_set(BoardSystems::Show));
}

fn clear_selection(mut selection: ResMut<Selection>, mut targeting: ResMut<ItemTargeting>) {
    *selection = Selection::default();
    targeting.0 = None;
}

/// What a primary press on `hole` means: lift an own marble, move the lifted
/// one there, or nothing legal.
fn press(
    hole: Hole,
    m: &Match,
    selection: &mut Selection,
    targeting: &mut ItemTargeting,
    moves: &mut MessageWriter<MoveRequest>,
    items: &mut MessageWriter<ItemRequest>,
) -> Result<bool, Invalid> {
    if !m.human_to_move() {
        return Err(Invalid { why: None });
    }
    // An aimed item takes the press: a target, or the marble to carry.
    if let Some(aim) = &mut targeting.0 {
        return match aim::aim_press(&m.game, aim, hole) {
            Ok(Some(u)) => {
                items.write(ItemRequest(u));
                targeting.0 = None;
                selection.lifted = None;
                Ok(false)
            }
            Ok(None) => {
                selection.lifted = aim.first;
                Ok(aim.first.is_some())
            }
            Err(why) => Err(Invalid { why: Some(why) }),
        };
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
        Some(from) => match m.game.why_not(Move { from, to: hole }) {
            None => {
                moves.write(MoveRequest::from(Move { from, to: hole }));
                selection.lifted = None;
                Ok(false)
            }
            why => Err(Invalid { why }),
        },
        // Nothing lifted: a marble of someone else's says whose it is.
        None => Err(Invalid {
            why: m
                .game
                .position()
                .owner(hole)
                .map(|_| RuleError::NotYourMarble(hole)),
        }),
    }
}

type PressWriters<'w> = (
    MessageWriter<'w, MoveRequest>,
    MessageWriter<'w, ItemRequest>,
    MessageWriter<'w, Invalid>,
    MessageWriter<'w, Lifted>,
    MessageWriter<'w, Notice>,
);

fn on_press(
    hole: Hole,
    m: &Match,
    selection: &mut Selection,
    targeting: &mut ItemTargeting,
    writers: &mut PressWriters,
) {
    let (moves, items, invalid, lifted, notices) = writers;
    match press(hole, m, selection, targeting, moves, items) {
        Ok(true) => {
            lifted.write(Lifted);
        }
        Ok(false) => {}
        Err(e) => {
            if let Some(why) = &e.why {
                notices.write(Notice::Refused(why.clone()));
            }
            invalid.write(e);
        }
    }
}

/// The holes the stage picked (clicks on marbles, holes and marks) are
/// presses on the match, while there is one.
fn take_presses(
    mut presses: MessageReader<HolePressed>,
    game: Option<Res<Match>>,
    mut selection: ResMut<Selection>,
    mut targeting: ResMut<ItemTargeting>,
    mut writers: PressWriters,
) {
    let Some(m) = game else {
        presses.clear();
        return;
    };
    for &HolePressed(hole) in presses.read() {
        on_press(hole, &m, &mut selection, &mut targeting, &mut writers);
    }
}

/// Pixels the pointer may travel between a right press and its release for
/// it to count as a click (more is a right-drag, which turns the board).
const RIGHT_CLICK_SLOP: f32 = 6.0;

/// A right-click anywhere (marble, hole, bare board, background) puts the
/// lifted marble back and stops aiming an item; a right-drag only turns the board.
fn right_click_puts_back(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    windows: Query<&Window>,
    egui_input: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut pressed_at: Local<Option<Vec2>>,
    mut selection: ResMut<Selection>,
    mut choices: MessageWriter<ItemChoice>,
    targeting: Res<ItemTargeting>,
) {
    let Some(mouse) = mouse else { return };
    let cursor = windows.iter().find_map(|w| w.cursor_position());
    if mouse.just_pressed(MouseButton::Right) {
        *pressed_at = cursor;
    }
    if mouse.just_released(MouseButton::Right) {
        let still = match (pressed_at.take(), cursor) {
            (Some(a), Some(b)) => a.distance(b) <= RIGHT_CLICK_SLOP,
            _ => true,
        };
        let over_ui = egui_input.is_some_and(|e| e.wants_any_pointer_input());
        if still && !over_ui && targeting.0.is_some() {
            choices.write(ItemChoice::Cancel);
        } else if still && !over_ui && selection.lifted.is_some() {
            selection.lifted = None;
        }
    }
}

/// A hint that arrives lifts the hinted marble, so its destinations show.
fn show_hint(hint: Res<Hint>, game: Option<Res<Match>>, mut selection: ResMut<Selection>) {
    let (Some((revision, mv)), Some(m)) = (hint.0, game) else {
        return;
    };
    if hint.is_changed() && m.game.revision() == revision {
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

/// The own marble of the player to move whose best destination gains the
/// most ground towards the target (ties: the lower hole), if any can move.
fn best_marble_to_start(m: &Match) -> Option<Hole> {
    let pos = m.game.position();
    let seat = m.game.to_move();
    let board = pos.board();
    let target = pos.target(seat);
    // Distance to the nearest target hole, in steps.
    let to_target = |h: Hole| {
        target
            .iter()
            .map(|t| board.distance(h, t))
            .min()
            .unwrap_or(0)
    };
    pos.marbles(seat)
        .iter()
        .filter_map(|h| {
            let gain = m
                .game
                .destinations(h)
                .iter()
                .map(|d| to_target(h) as i32 - to_target(d) as i32)
                .max()?;
            Some((std::cmp::Reverse(gain), h))
        })
        .min()
        .map(|(_, h)| h)
}

fn keyboard_and_gamepad(
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<&Gamepad>,
    focus: Option<Res<KeyFocus>>,
    menus: MenusOpen,
    game: Option<Res<Match>>,
    layout: Res<BoardLayout>,
    camera: Query<&GlobalTransform, With<Camera3d>>,
    mut selection: ResMut<Selection>,
    mut targeting: ResMut<ItemTargeting>,
    mut turns: MessageWriter<TurnRequest>,
    mut menu: MessageWriter<ToggleMenu>,
    mut hints: MessageWriter<HintRequest>,
    mut choices: MessageWriter<ItemChoice>,
    mut saves: MessageWriter<crate::persist::SaveGame>,
    mut writers: PressWriters,
) {
    let focus = focus.as_deref();
    // A menu or a question over the game has the keys (Esc too: see
    // `ui::menus::escape`).
    if !KeyFocus::shortcuts_free(focus) || menus.any() {
        return;
    }
    let pad = |b: GamepadButton| gamepads.iter().any(|g| g.just_pressed(b));
    let ctrl = ctrl_held(&keys);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // A letter alone is a board key; with Ctrl it is a shortcut only.
    let plain = |k: KeyCode| keys.just_pressed(k) && !modifier_held(&keys);

    if keys.just_pressed(KeyCode::Escape) || pad(GamepadButton::East) || pad(GamepadButton::Start) {
        if targeting.0.is_some() && !pad(GamepadButton::Start) {
            choices.write(ItemChoice::Cancel);
        } else if selection.lifted.is_some() && !pad(GamepadButton::Start) {
            selection.lifted = None;
        } else {
            menu.write(ToggleMenu);
        }
    }
    let Some(m) = game else { return };
    if (ctrl && shift && keys.just_pressed(KeyCode::KeyZ))
        || (ctrl && keys.just_pressed(KeyCode::KeyY))
        || plain(KeyCode::KeyY)
    {
        turns.write(TurnRequest::Redo);
    } else if plain(KeyCode::KeyU) || (ctrl && !shift && keys.just_pressed(KeyCode::KeyZ)) {
        turns.write(TurnRequest::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        saves.write(crate::persist::SaveGame);
    }
    if plain(KeyCode::KeyP) && m.game.can_pass() && m.human_to_move() {
        turns.write(TurnRequest::Pass);
    }
    if plain(KeyCode::KeyH) && m.human_to_move() {
        hints.write(HintRequest);
    }
    // Keys 1-3: the items in the hand of the person to move (party mode).
    for (slot, key) in [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3]
        .into_iter()
        .enumerate()
    {
        if plain(key) && m.game.rules().items {
            choices.write(ItemChoice::Slot(slot));
        }
    }
    // Enter, Space, the arrows and Tab belong to a focused button, if any.
    if !KeyFocus::navigation_free(focus) {
        return;
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
            // The cursor appears on the lifted marble, else on the marble that
            // can move furthest forward, never on a back marble that cannot move.
            let start = selection
                .cursor
                .or(selection.lifted)
                .or_else(|| best_marble_to_start(&m))
                .or(own.first());
            selection.cursor = match (selection.cursor, start) {
                (Some(c), _) => neighbour_towards(&layout, c, dir).or(Some(c)),
                (None, s) => s,
            };
        }
    }
    // Tab / shoulder buttons: jump to the next own marble that can move (or
    // the next target of an aimed item).
    let cycle = keys.just_pressed(KeyCode::Tab)
        || pad(GamepadButton::RightTrigger)
        || pad(GamepadButton::LeftTrigger);
    if cycle {
        let movable: Vec<Hole> = match targeting.0 {
            Some(a) => aim::targets(&m.game, a).iter().collect(),
            None => own
                .iter()
                .filter(|&h| !m.game.destinations(h).is_empty())
                .collect(),
        };
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
    // After the first move of a power marble's turn, Space ends the turn
    // (as Pass does), unless the cursor is on the power marble to move it again.
    let space = keys.just_pressed(KeyCode::Space);
    let power = m.game.power_marble();
    if space
        && m.human_to_move()
        && m.game.state().turn.moved.is_some()
        && selection.lifted.is_none()
        && (power.is_none() || selection.cursor != power)
    {
        turns.write(TurnRequest::Pass);
        return;
    }
    let confirm = keys.just_pressed(KeyCode::Enter) || space || pad(GamepadButton::South);
    if confirm && let Some(c) = selection.cursor {
        on_press(c, &m, &mut selection, &mut targeting, &mut writers);
    }
}

/// What the board marks for the match: an aimed item's targets and reach
/// (always: there is no other way to know where it may go), else the lifted
/// marble's destinations. Worked out when something they follow changes
/// (not every frame), and written only when they differ.
fn mark_match(
    game: Option<Res<Match>>,
    selection: Res<Selection>,
    targeting: Res<ItemTargeting>,
    pointer: Res<PointerHole>,
    settings: Res<Settings>,
    taken: Res<BoardTaken>,
    mut marks: ResMut<BoardMarks>,
    mut marked: Local<Option<u64>>,
) {
    if taken.0 {
        return;
    }
    let tornado = targeting.0.is_some_and(|a| a.item == Item::Tornado);
    let revision = game.as_ref().map(|m| m.game.revision());
    // The pointer matters only to the tornado's area.
    let follows = selection.is_changed()
        || targeting.is_changed()
        || settings.is_changed()
        || taken.is_changed()
        || (tornado && pointer.is_changed())
        || revision != *marked;
    if !follows {
        return;
    }
    *marked = revision;
    let lifted = selection.lifted.filter(|_| settings.show_destinations);
    let (targets, reach, marbles) = match game.as_deref() {
        Some(m) => match targeting.0 {
            Some(a) => {
                let at = pointer.0.or(selection.cursor);
                (
                    aim::targets(&m.game, a),
                    aim::reach(&m.game, a, at),
                    m.game.position().all_marbles(),
                )
            }
            None => match lifted {
                Some(from) => (
                    m.game.destinations(from),
                    Bitboard::EMPTY,
                    m.game.position().all_marbles(),
                ),
                None => Default::default(),
            },
        },
        None => Default::default(),
    };
    marks.set_if_neq(BoardMarks {
        targets,
        reach,
        // Only what shows: the marbles under targets, the kind of reach.
        marbles: if targets.is_empty() {
            Bitboard::EMPTY
        } else {
            marbles
        },
        area: tornado && !reach.is_empty(),
    });
}
