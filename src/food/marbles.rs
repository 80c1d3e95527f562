//! Food marbles as entities: one per marble on the hexagon (`FoodMarble`),
//! and the captured ones in their capturer's tray (`TrayMarble`). They follow
//! the rules' `FoodMoved` reports hop by hop; a captured marble lifts off
//! once the capturer has jumped it and rolls into the tray, and undo brings
//! the same entities back.

use super::{FoodMoved, FoodRebuild, FoodSession};
use crate::base::{AppSystems, Screen};
use crate::settings::Settings;
use crate::stage::board::hex_to_world;
use crate::stage::marbles::{HOP_SECONDS, HopLanded, Motion, REST_Y, leg_point};
use bevy::prelude::*;
use starhop_engine::food::{Cell, FoodBoard};

/// A marble on a cell of the hexagon.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoodMarble {
    pub cell: Cell,
}

/// A captured marble in `player`'s tray, at `slot`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrayMarble {
    pub player: usize,
    pub slot: usize,
}

/// Which of the six palette colours a marble wears (colours mean nothing
/// in food checkers: they are mixed by cell so the board looks even).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoodColour(pub u8);

/// A marble on its way: hop by hop along `route`, after `delay` seconds.
#[derive(Component, Clone, Debug)]
pub struct FoodHop {
    pub route: Vec<Vec3>,
    pub hop: usize,
    pub t: f32,
    pub height: f32,
    pub delay: f32,
    /// Seconds per leg at normal speed.
    pub seconds: f32,
    /// The scale at the start and at the end (tray marbles are smaller).
    pub scale: (f32, f32),
}

/// The marble entity on each cell, and each player's tray in order.
#[derive(Resource, Default, Debug)]
pub struct FoodIndex {
    pub cells: Vec<Option<Entity>>,
    pub trays: Vec<Vec<Entity>>,
}

/// Whether food marbles are moving (bots wait for it).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct FoodAnimating(pub bool);

/// How big a marble is in a tray.
pub const TRAY_SCALE: f32 = 0.62;
/// Marbles per row of a tray: a solo tray is longer, for every capture.
pub fn tray_row(players: usize) -> usize {
    if players <= 1 { 15 } else { 10 }
}
/// Space between tray marbles.
pub const TRAY_PITCH: f32 = 0.48;
/// Seconds a captured marble takes to roll to its tray.
const TO_TRAY_SECONDS: f32 = 0.55;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FoodIndex>()
        .init_resource::<FoodAnimating>()
        .add_systems(
            Update,
            (
                rebuild.run_if(on_message::<FoodRebuild>),
                follow_moves,
                animate,
                note_animating,
            )
                .chain()
                .in_set(AppSystems::View),
        )
        .add_systems(OnExit(Screen::Food), clear_index);
}

/// Where a marble rests on `cell`.
pub fn cell_rest(board: &FoodBoard, cell: Cell) -> Vec3 {
    hex_to_world(board.hex(cell)) + Vec3::Y * REST_Y
}

/// The colour a marble starting on `cell` wears: neighbours differ, and all
/// six colours are spread evenly.
pub fn colour_of(board: &FoodBoard, cell: Cell) -> u8 {
    let h = board.hex(cell);
    ((h.q as i32 * 2 + h.r as i32 * 3).rem_euclid(6)) as u8
}

/// Distance from the centre to the hexagon's corner holes.
pub fn board_reach(board: &FoodBoard) -> f32 {
    board.size as f32 * crate::stage::board::SPACING
}

/// The centre of `player`'s tray (of `players`), its direction out from the
/// board and along it. Solo: one tray on the right.
pub fn tray_frame(board: &FoodBoard, player: usize, players: usize) -> (Vec3, Vec3, Vec3) {
    let angle = if players <= 1 {
        0.0
    } else {
        // Player 0 at the near side, the others round the table.
        std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * player as f32 / players as f32
    };
    let out = Vec3::new(angle.cos(), 0.0, angle.sin());
    let along = Vec3::new(-out.z, 0.0, out.x);
    let centre = out * (board_reach(board) + 1.9);
    (centre, out, along)
}

/// Where the tray marble in `slot` rests.
pub fn tray_slot(board: &FoodBoard, player: usize, players: usize, slot: usize) -> Vec3 {
    let (centre, out, along) = tray_frame(board, player, players);
    let row = tray_row(players);
    let a = (slot % row) as f32 - (row as f32 - 1.0) / 2.0;
    let o = (slot / row) as f32;
    centre + along * a * TRAY_PITCH + out * o * TRAY_PITCH + Vec3::Y * (REST_Y * TRAY_SCALE)
}

/// How far out the trays reach for `captured` marbles (for the camera).
pub fn tray_reach(board: &FoodBoard, most_rows: usize) -> f32 {
    board_reach(board) + 1.9 + (most_rows as f32) * TRAY_PITCH + 0.4
}

/// Marbles on the board or in a tray.
type AnyFoodMarble = Or<(With<FoodMarble>, With<TrayMarble>)>;

fn clear_index(mut index: ResMut<FoodIndex>) {
    *index = FoodIndex::default();
}

/// Spawns every marble of the session: on the board, and in the trays for
/// what has been captured so far.
fn rebuild(
    mut commands: Commands,
    old: Query<Entity, AnyFoodMarble>,
    session: Option<Res<FoodSession>>,
    mut index: ResMut<FoodIndex>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    *index = FoodIndex::default();
    let Some(s) = session else { return };
    let board = s.game.board();
    let players = s.game.rules().players;
    index.cells = vec![None; board.len()];
    index.trays = vec![Vec::new(); players];
    for cell in starhop_engine::food::cells(s.game.position().marbles) {
        let e = commands
            .spawn((
                FoodMarble { cell },
                FoodColour(colour_of(board, cell)),
                Transform::from_translation(cell_rest(board, cell)),
                DespawnOnExit(Screen::Food),
            ))
            .id();
        index.cells[cell as usize] = Some(e);
    }
    for (i, mv) in s.game.played().iter().enumerate() {
        let player = i % players;
        for &c in &mv.captured {
            let slot = index.trays[player].len();
            let e = commands
                .spawn((
                    TrayMarble { player, slot },
                    FoodColour(colour_of(board, c)),
                    Transform::from_translation(tray_slot(board, player, players, slot))
                        .with_scale(Vec3::splat(TRAY_SCALE)),
                    DespawnOnExit(Screen::Food),
                ))
                .id();
            index.trays[player].push(e);
        }
    }
}

/// Arc heights: a slide, a capture, the flight to the tray.
const SLIDE_HEIGHT: f32 = 0.35;
const JUMP_HEIGHT: f32 = 0.8;
const TRAY_HEIGHT: f32 = 1.8;

/// Follows the rules' reports: the mover hops along its route, each
/// captured marble flies to the tray once jumped (undo: all the way back).
fn follow_moves(
    mut commands: Commands,
    mut reports: MessageReader<FoodMoved>,
    session: Option<Res<FoodSession>>,
    mut index: ResMut<FoodIndex>,
    mut marbles: Query<(&mut Transform, Option<&mut FoodMarble>)>,
) {
    let Some(s) = session else {
        reports.clear();
        return;
    };
    let board = s.game.board();
    let players = s.game.rules().players;
    if index.cells.len() != board.len() || index.trays.len() != players {
        // Nothing built yet (the rebuild comes first in a frame).
        reports.clear();
        return;
    }
    for r in reports.read() {
        let route = &r.mv.route;
        let (Some(&from), Some(&to)) = (route.first(), route.last()) else {
            continue;
        };
        let height = if r.mv.is_slide() {
            SLIDE_HEIGHT
        } else {
            JUMP_HEIGHT
        };
        if !r.undone {
            let Some(e) = index.cells[from as usize].take() else {
                continue;
            };
            index.cells[to as usize] = Some(e);
            let path: Vec<Vec3> = route.iter().map(|&c| cell_rest(board, c)).collect();
            start_hop(&mut commands, &mut marbles, e, to, path, height, 0.0);
            for (i, &c) in r.mv.captured.iter().enumerate() {
                let Some(ce) = index.cells[c as usize].take() else {
                    continue;
                };
                let slot = index.trays[r.player].len();
                index.trays[r.player].push(ce);
                let end = tray_slot(board, r.player, players, slot);
                commands
                    .entity(ce)
                    .remove::<FoodMarble>()
                    .insert(TrayMarble {
                        player: r.player,
                        slot,
                    });
                let at = marbles
                    .get(ce)
                    .map_or(cell_rest(board, c), |(t, _)| t.translation);
                commands.entity(ce).insert(FoodHop {
                    route: vec![at, end],
                    hop: 0,
                    t: 0.0,
                    height: TRAY_HEIGHT,
                    delay: HOP_SECONDS * (i as f32 + 0.6),
                    seconds: TO_TRAY_SECONDS,
                    scale: (1.0, TRAY_SCALE),
                });
            }
        } else {
            let Some(e) = index.cells[to as usize].take() else {
                continue;
            };
            index.cells[from as usize] = Some(e);
            let path: Vec<Vec3> = route.iter().rev().map(|&c| cell_rest(board, c)).collect();
            start_hop(&mut commands, &mut marbles, e, from, path, height, 0.0);
            for &c in r.mv.captured.iter().rev() {
                let Some(ce) = index.trays[r.player].pop() else {
                    continue;
                };
                index.cells[c as usize] = Some(ce);
                let at = marbles
                    .get(ce)
                    .map_or(cell_rest(board, c), |(t, _)| t.translation);
                commands.entity(ce).remove::<TrayMarble>().insert((
                    FoodMarble { cell: c },
                    FoodHop {
                        route: vec![at, cell_rest(board, c)],
                        hop: 0,
                        t: 0.0,
                        height: TRAY_HEIGHT,
                        delay: 0.0,
                        seconds: TO_TRAY_SECONDS,
                        scale: (TRAY_SCALE, 1.0),
                    },
                ));
            }
        }
    }
}

fn start_hop(
    commands: &mut Commands,
    marbles: &mut Query<(&mut Transform, Option<&mut FoodMarble>)>,
    e: Entity,
    cell: Cell,
    mut path: Vec<Vec3>,
    height: f32,
    delay: f32,
) {
    if let Ok((t, m)) = marbles.get_mut(e) {
        // Start from where it is (it may still be landing from the last move).
        path[0] = t.translation;
        if let Some(mut m) = m {
            m.cell = cell;
        }
    }
    commands.entity(e).insert(FoodHop {
        route: path,
        hop: 0,
        t: 0.0,
        height,
        delay,
        seconds: HOP_SECONDS,
        scale: (1.0, 1.0),
    });
}

fn animate(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut hopping: Query<(Entity, &mut FoodHop, &mut Transform)>,
    mut landed: MessageWriter<HopLanded>,
) {
    let speed = settings.animation_speed.clamp(0.25, 4.0);
    let dt = time.delta_secs() * speed;
    for (e, mut hop, mut transform) in &mut hopping {
        if hop.delay > 0.0 {
            hop.delay -= dt;
            continue;
        }
        hop.t += dt / hop.seconds.max(0.01);
        // Hops on the board click and land like classic ones (not the flights to a tray).
        let on_board = hop.scale == (1.0, 1.0);
        while hop.t >= 1.0 && hop.hop + 1 < hop.route.len() {
            hop.t -= 1.0;
            hop.hop += 1;
            if on_board {
                landed.write(HopLanded {
                    seat: 0,
                    last: hop.hop + 1 == hop.route.len(),
                });
            }
        }
        let legs = (hop.route.len() - 1).max(1) as f32;
        let done = hop.hop + 1 >= hop.route.len();
        let along = if done {
            1.0
        } else {
            (hop.hop as f32 + hop.t.clamp(0.0, 1.0)) / legs
        };
        let scale = hop.scale.0 + (hop.scale.1 - hop.scale.0) * along;
        transform.scale = Vec3::splat(scale);
        if done {
            transform.translation = *hop.route.last().expect("routes have two points");
            commands.entity(e).remove::<FoodHop>();
            continue;
        }
        let (a, b) = (hop.route[hop.hop], hop.route[hop.hop + 1]);
        transform.translation = leg_point(a, b, hop.t.clamp(0.0, 1.0), hop.height, Motion::Arc);
    }
}

fn note_animating(hopping: Query<(), With<FoodHop>>, mut animating: ResMut<FoodAnimating>) {
    let now = !hopping.is_empty();
    if animating.0 != now {
        animating.0 = now;
    }
}
