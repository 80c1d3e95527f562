//! Clicks and keys in the crossing challenge. The classic marbles and holes
//! are clicked as in play: a marble lifts (its destinations glow, with the
//! classic `Selection`), a glowing hole takes it there. Nothing here touches
//! the game: it sends `CrossingMove`s, `CrossingTurn`s, hint requests and
//! watch controls.

use super::jobs::CrossingHintRequest;
use super::watch::WatchControl;
use super::{CrossingMove, CrossingPlaying, CrossingSession, CrossingTurn};
use crate::base::KeyFocus;
use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::stage::board::{BoardLayout, HoleMarker};
use crate::stage::input::{
    Invalid, Lifted, MenusOpen, Selection, ctrl_held, modifier_held, neighbour_towards, take_escape,
};
use crate::stage::marbles::Marble;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use starhop_engine::Hole;

pub fn plugin(app: &mut App) {
    app.add_observer(click).add_systems(
        Update,
        // A record on show takes no keys of the challenge's own.
        keys.run_if(in_state(Screen::Crossing))
            .run_if(crate::base::not_replaying)
            .in_set(AppSystems::Input),
    );
}

type PressWriters<'w> = (
    MessageWriter<'w, CrossingMove>,
    MessageWriter<'w, Invalid>,
    MessageWriter<'w, Lifted>,
    MessageWriter<'w, Notice>,
);

/// A press on `hole`: lift a marble (again: put it back), or move the
/// lifted one there, or say why not.
fn press(hole: Hole, s: &CrossingSession, selection: &mut Selection, writers: &mut PressWriters) {
    let (moves, invalid, lifted, notices) = writers;
    if !s.can_move() {
        invalid.write(Invalid { why: None });
        return;
    }
    if s.game.marbles().contains(hole) {
        selection.lifted = (selection.lifted != Some(hole)).then_some(hole);
        if selection.lifted.is_some() {
            lifted.write(Lifted);
        }
        return;
    }
    let Some(from) = selection.lifted else {
        invalid.write(Invalid { why: None });
        return;
    };
    match s.game.why_not(from, hole) {
        None => {
            moves.write(CrossingMove { from, to: hole });
            selection.lifted = None;
        }
        Some(why) => {
            notices.write(Notice::Refused(why.clone()));
            invalid.write(Invalid { why: Some(why) });
        }
    }
}

/// A primary click on a marble or a hole (or a destination mark) of the star.
fn click(
    click: On<Pointer<Click>>,
    screen: Res<State<Screen>>,
    marbles: Query<&Marble>,
    holes: Query<&HoleMarker>,
    session: Option<Res<CrossingSession>>,
    playing: Res<CrossingPlaying>,
    mut selection: ResMut<Selection>,
    mut writers: PressWriters,
) {
    if click.event.button != PointerButton::Primary || *screen.get() != Screen::Crossing {
        return;
    }
    let hole = marbles
        .get(click.entity)
        .map(|m| m.hole)
        .or_else(|_| holes.get(click.entity).map(|h| h.0));
    if let (Ok(hole), Some(s)) = (hole, session) {
        if !playing.0 {
            // The panel's preview takes no moves.
            writers.1.write(Invalid { why: None });
            return;
        }
        press(hole, &s, &mut selection, &mut writers);
    }
}

fn keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    focus: Option<Res<KeyFocus>>,
    menus: MenusOpen,
    session: Option<Res<CrossingSession>>,
    in_play: Res<CrossingPlaying>,
    layout: Res<BoardLayout>,
    camera: Query<&GlobalTransform, With<Camera3d>>,
    mut selection: ResMut<Selection>,
    mut turns: MessageWriter<CrossingTurn>,
    mut hints: MessageWriter<CrossingHintRequest>,
    mut watch: MessageWriter<WatchControl>,
    mut writers: PressWriters,
) {
    let focus = focus.as_deref();
    if !KeyFocus::shortcuts_free(focus) || menus.any() {
        return;
    }
    let playing = session.is_some() && in_play.0;
    // Esc steps back one level: a watched line stops, a lifted marble goes
    // down, then the game gives way to its panel, then the panel to the
    // home screen.
    if take_escape(&mut keys) {
        match &session {
            Some(s) if playing && s.watch.is_some() => {
                watch.write(WatchControl::Stop);
            }
            Some(_) if playing => {
                if selection.lifted.is_some() {
                    selection.lifted = None;
                } else {
                    turns.write(CrossingTurn::Setup);
                }
            }
            _ => {
                turns.write(CrossingTurn::Leave);
            }
        }
    }
    let Some(s) = session.filter(|_| playing) else {
        return;
    };
    // A lifted marble that an undo (or redo) took away is put down.
    if selection
        .lifted
        .is_some_and(|h| !s.game.marbles().contains(h))
    {
        selection.lifted = None;
    }
    let ctrl = ctrl_held(&keys);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let plain = |k: KeyCode| keys.just_pressed(k) && !modifier_held(&keys);
    let navigation = KeyFocus::navigation_free(focus);
    if s.watch.is_some() {
        for (key, control) in [
            (KeyCode::ArrowRight, WatchControl::Forward),
            (KeyCode::ArrowLeft, WatchControl::Back),
            (KeyCode::Space, WatchControl::PlayPause),
        ] {
            if navigation && keys.just_pressed(key) {
                watch.write(control);
            }
        }
        return;
    }
    let redo = (ctrl && shift && keys.just_pressed(KeyCode::KeyZ))
        || (ctrl && keys.just_pressed(KeyCode::KeyY))
        || plain(KeyCode::KeyY);
    if redo {
        turns.write(CrossingTurn::Redo);
    } else if plain(KeyCode::KeyU) || (ctrl && !shift && keys.just_pressed(KeyCode::KeyZ)) {
        turns.write(CrossingTurn::Undo);
    }
    if plain(KeyCode::KeyH) && s.can_move() {
        hints.write(CrossingHintRequest);
    }
    if !navigation {
        return;
    }
    // Arrows move the cursor across the board as seen from the camera;
    // Enter or Space presses the hole under it.
    let forward = camera.single().map_or(Vec3::NEG_Z, |t| {
        let f = t.forward().as_vec3();
        Vec3::new(f.x, 0.0, f.z).normalize_or(Vec3::NEG_Z)
    });
    let right = Vec3::new(-forward.z, 0.0, forward.x);
    for (key, dir) in [
        (KeyCode::ArrowUp, forward),
        (KeyCode::ArrowDown, -forward),
        (KeyCode::ArrowRight, right),
        (KeyCode::ArrowLeft, -right),
    ] {
        if keys.just_pressed(key) {
            selection.cursor = match selection.cursor {
                Some(c) => neighbour_towards(&layout, c, dir).or(Some(c)),
                None => selection.lifted.or(s.game.marbles().first()),
            };
        }
    }
    let confirm = keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space);
    if confirm && let Some(c) = selection.cursor {
        press(c, &s, &mut selection, &mut writers);
    }
}
