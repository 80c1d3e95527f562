//! The pieces as entities: one marble per piece, on its square, which follow
//! the engine's reports. A move hops its marble along the route square by
//! square (a step lifts a little, a jump arcs over the piece it passes).
//! Runs headless: `view` gives the entities their meshes.

use super::{HalmaMoved, HalmaRebuild, HalmaSession};
use crate::base::{AppSystems, Screen};
use crate::settings::Settings;
use crate::stage::marbles::{HopLanded, Motion, leg_point};
use bevy::prelude::*;
use starhop_engine::halma::HalmaPosition;
use starhop_engine::halma::board::{SIDE, column, row};

/// Width of a square, in world units.
pub const SQUARE: f32 = 1.0;
/// A marble's radius.
pub const RADIUS: f32 = 0.34;
/// Seconds a hop takes at normal speed.
const HOP_SECONDS: f32 = 0.26;

/// A piece on the board: its square and its seat.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalmaPiece {
    pub square: u8,
    pub seat: usize,
}

/// A piece hopping along its move: `path` is its start and each landing.
#[derive(Component, Clone, Debug)]
pub struct Hop {
    pub path: Vec<Vec3>,
    pub leg: usize,
    pub t: f32,
}

/// The piece entity on each square (index = square).
#[derive(Resource, Debug)]
pub struct PieceIndex(pub Vec<Option<Entity>>);

impl Default for PieceIndex {
    fn default() -> PieceIndex {
        PieceIndex(vec![None; 256])
    }
}

/// Whether pieces are still moving (bots and the viewer wait for it).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct HalmaAnimating(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceIndex>()
        .init_resource::<HalmaAnimating>()
        .add_systems(
            Update,
            (
                rebuild.run_if(on_message::<HalmaRebuild>),
                follow_moves,
                hop,
                note_animating,
            )
                .chain()
                .in_set(AppSystems::View),
        )
        .add_systems(OnExit(Screen::Halma), |mut index: ResMut<PieceIndex>| {
            index.0.fill(None)
        });
}

/// Where a square's centre is: the board centred on the origin, row 0 at
/// the far side (-z) and column 0 on the left (-x), as the engine draws it.
pub fn square_world(sq: u8) -> Vec3 {
    let half = (SIDE as f32 - 1.0) / 2.0;
    Vec3::new(column(sq) as f32 - half, 0.0, row(sq) as f32 - half) * SQUARE
}

/// Where a marble rests on its square.
pub fn rest(sq: u8) -> Vec3 {
    square_world(sq) + Vec3::Y * RADIUS
}

/// Half the board's width with its frame (for framing the camera).
pub const BOARD_REACH: f32 = SIDE as f32 * SQUARE / 2.0 + 0.7;

fn spawn_pieces(commands: &mut Commands, index: &mut PieceIndex, pos: &HalmaPosition) {
    index.0.fill(None);
    for seat in 0..pos.players as usize {
        for sq in pos.pieces[seat].iter() {
            let e = commands
                .spawn((
                    HalmaPiece { square: sq, seat },
                    Transform::from_translation(rest(sq)),
                    Visibility::default(),
                    DespawnOnExit(Screen::Halma),
                ))
                .id();
            index.0[sq as usize] = Some(e);
        }
    }
}

fn rebuild(
    mut commands: Commands,
    old: Query<Entity, With<HalmaPiece>>,
    session: Option<Res<HalmaSession>>,
    mut index: ResMut<PieceIndex>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    index.0.fill(None);
    if let Some(s) = session {
        spawn_pieces(&mut commands, &mut index, s.game.position());
    }
}

fn follow_moves(
    mut commands: Commands,
    mut moved: MessageReader<HalmaMoved>,
    mut pieces: Query<(&mut HalmaPiece, &Transform)>,
    session: Option<Res<HalmaSession>>,
    mut index: ResMut<PieceIndex>,
    all: Query<Entity, With<HalmaPiece>>,
) {
    for HalmaMoved { mv, .. } in moved.read() {
        let entity = index.0[mv.from as usize].take();
        let Some((e, Ok((mut piece, transform)))) = entity.map(|e| (e, pieces.get_mut(e))) else {
            // The entities do not match the game (they never should): show
            // the game as it is now.
            warn!("halma: no piece entity on {}; rebuilding", mv.from);
            if let Some(s) = session.as_ref() {
                for e in &all {
                    commands.entity(e).despawn();
                }
                spawn_pieces(&mut commands, &mut index, s.game.position());
            }
            return;
        };
        let mut path = vec![transform.translation];
        path.extend(mv.route.iter().skip(1).map(|&sq| rest(sq)));
        piece.square = mv.to;
        commands.entity(e).insert(Hop {
            path,
            leg: 0,
            t: 0.0,
        });
        index.0[mv.to as usize] = Some(e);
    }
}

fn hop(
    mut commands: Commands,
    mut hopping: Query<(Entity, &mut Hop, &mut Transform, &HalmaPiece)>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut landed: MessageWriter<HopLanded>,
) {
    let speed = crate::stage::marbles::animation_speed(&settings, None);
    for (e, mut h, mut t, piece) in &mut hopping {
        h.t += time.delta_secs() * speed / HOP_SECONDS;
        while h.t >= 1.0 && h.leg + 1 < h.path.len() {
            h.t -= 1.0;
            h.leg += 1;
            // A click on each landing, as the star board's marbles make.
            landed.write(HopLanded {
                seat: piece.seat as u8,
                last: h.leg + 1 == h.path.len(),
            });
        }
        if h.leg + 1 >= h.path.len() {
            t.translation = *h.path.last().unwrap_or(&t.translation);
            commands.entity(e).remove::<Hop>();
            continue;
        }
        let (a, b) = (h.path[h.leg], h.path[h.leg + 1]);
        // A jump (two squares away) arcs over the piece between; a step lifts a little.
        let height = if a.distance(b) > 1.5 * SQUARE {
            0.6
        } else {
            0.2
        };
        t.translation = leg_point(a, b, h.t.clamp(0.0, 1.0), height, Motion::Arc);
    }
}

fn note_animating(busy: Query<(), With<Hop>>, mut animating: ResMut<HalmaAnimating>) {
    let now = !busy.is_empty();
    if animating.0 != now {
        animating.0 = now;
    }
}
