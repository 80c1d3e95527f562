//! The pieces as entities: one per piece on the board, at its square, which
//! follow the engine's reports. A move glides its piece hop by hop along the
//! capture's route; the pieces it took stay until it lands (they are taken
//! off at the end of the capture, RULES §11), then lift and fade. A man that
//! ends as a king is crowned when it lands. Runs headless: `view` gives the
//! entities their meshes.

use super::{DraughtsMoved, DraughtsRebuild, DraughtsSession};
use crate::base::{AppSystems, Screen};
use crate::settings::Settings;
use crate::stage::marbles::{HopLanded, Motion, leg_point};
use bevy::prelude::*;
use starhop_draughts::{Position, Side, Square, Variant};

/// Width of a square, in world units.
pub const SQUARE: f32 = 1.0;
/// Height of one disc.
pub const DISC_HEIGHT: f32 = 0.14;
/// Seconds a hop takes at normal speed.
const HOP_SECONDS: f32 = 0.32;
/// Seconds a taken piece takes to lift and fade.
const VANISH_SECONDS: f32 = 0.45;

/// A piece on the board, on `square`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraughtsPiece {
    pub square: Square,
    pub side: Side,
    pub king: bool,
}

/// A piece gliding along its move: `path` is its start and each landing.
#[derive(Component, Clone, Debug)]
pub struct Glide {
    pub path: Vec<Vec3>,
    pub hop: usize,
    pub t: f32,
    /// Lands as a king.
    pub crown: bool,
    pub capture: bool,
}

/// A taken piece: it waits `delay` seconds (the capturing piece's route),
/// then lifts, shrinks and goes.
#[derive(Component, Clone, Copy, Debug)]
pub struct Vanish {
    pub delay: f32,
    pub t: f32,
}

/// Pieces on the board and pieces being taken off.
type OnBoard = Or<(With<DraughtsPiece>, With<Vanish>)>;
/// Pieces still moving.
type Moving = Or<(With<Glide>, With<Vanish>)>;

/// The piece entity on each square (index = square number; 0 unused).
#[derive(Resource, Default, Debug)]
pub struct PieceIndex(pub Vec<Option<Entity>>);

/// Whether pieces are still moving (bots wait for it).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct DraughtsAnimating(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceIndex>()
        .init_resource::<DraughtsAnimating>()
        .add_systems(
            Update,
            (
                rebuild.run_if(on_message::<DraughtsRebuild>),
                follow_moves,
                glide,
                vanish,
                note_animating,
            )
                .chain()
                .in_set(AppSystems::View),
        )
        .add_systems(OnExit(Screen::Draughts), clear_index);
}

/// Where a square's centre is: the board centred on the origin, White's
/// side (the bottom rows) towards +z, where the camera looks from.
pub fn square_world(variant: Variant, sq: Square) -> Vec3 {
    let Some((row, col)) = variant.coords(sq) else {
        return Vec3::ZERO;
    };
    let half = (variant.size() as f32 - 1.0) / 2.0;
    Vec3::new(col as f32 - half, 0.0, row as f32 - half) * SQUARE
}

/// Where a piece rests on its square (the centre of its bottom disc).
pub fn rest(variant: Variant, sq: Square) -> Vec3 {
    square_world(variant, sq) + Vec3::Y * (DISC_HEIGHT / 2.0)
}

/// Half the board's width with its frame (for framing the camera).
pub fn board_reach(variant: Variant) -> f32 {
    variant.size() as f32 * SQUARE / 2.0 + 0.6
}

fn spawn_pieces(commands: &mut Commands, index: &mut PieceIndex, pos: &Position) {
    let variant = pos.variant();
    index.0 = vec![None; variant.squares() + 1];
    for (sq, piece) in pos.pieces() {
        let e = commands
            .spawn((
                DraughtsPiece {
                    square: sq,
                    side: piece.side,
                    king: piece.king,
                },
                Transform::from_translation(rest(variant, sq)),
                Visibility::default(),
                DespawnOnExit(Screen::Draughts),
            ))
            .id();
        index.0[sq as usize] = Some(e);
    }
}

fn rebuild(
    mut commands: Commands,
    old: Query<Entity, OnBoard>,
    session: Option<Res<DraughtsSession>>,
    mut index: ResMut<PieceIndex>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    index.0.clear();
    if let Some(s) = session {
        spawn_pieces(&mut commands, &mut index, s.game.position());
    }
}

fn follow_moves(
    mut commands: Commands,
    mut moved: MessageReader<DraughtsMoved>,
    mut pieces: Query<(&mut DraughtsPiece, &Transform)>,
    session: Option<Res<DraughtsSession>>,
    mut index: ResMut<PieceIndex>,
    all: Query<Entity, OnBoard>,
    settings: Res<Settings>,
) {
    let speed = crate::stage::marbles::animation_speed(&settings, None);
    for DraughtsMoved { before, mv } in moved.read() {
        let variant = before.variant();
        let from = mv.from();
        let entity = index.0.get_mut(from as usize).and_then(Option::take);
        let Some((e, Ok((mut piece, transform)))) = entity.map(|e| (e, pieces.get_mut(e))) else {
            // The entities do not match the game (they never should): show
            // the game as it is now.
            warn!("draughts: no piece entity on {from}; rebuilding");
            if let Some(s) = session.as_ref() {
                for e in &all {
                    commands.entity(e).despawn();
                }
                spawn_pieces(&mut commands, &mut index, s.game.position());
            }
            return;
        };
        let route = before
            .routes(mv)
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![mv.to()]);
        let mut path = vec![transform.translation];
        path.extend(route.iter().map(|&sq| rest(variant, sq)));
        let hops = route.len() as f32;
        piece.square = mv.to();
        commands.entity(e).insert(Glide {
            path,
            hop: 0,
            t: 0.0,
            crown: mv.crowns(),
            capture: mv.is_capture(),
        });
        for c in mv.captured() {
            if let Some(taken) = index.0.get_mut(c as usize).and_then(Option::take) {
                commands
                    .entity(taken)
                    .remove::<DraughtsPiece>()
                    .insert(Vanish {
                        delay: hops * HOP_SECONDS / speed,
                        t: 0.0,
                    });
            }
        }
        if let Some(slot) = index.0.get_mut(mv.to() as usize) {
            *slot = Some(e);
        }
    }
}

fn glide(
    mut commands: Commands,
    mut gliding: Query<(Entity, &mut Glide, &mut Transform, &mut DraughtsPiece)>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut landed: MessageWriter<HopLanded>,
) {
    let speed = crate::stage::marbles::animation_speed(&settings, None);
    for (e, mut g, mut t, mut piece) in &mut gliding {
        g.t += time.delta_secs() * speed / HOP_SECONDS;
        while g.t >= 1.0 && g.hop + 1 < g.path.len() {
            g.t -= 1.0;
            g.hop += 1;
            // A click on each landing, as the marbles make.
            landed.write(HopLanded {
                seat: piece.side.index() as u8,
                last: g.hop + 1 == g.path.len(),
            });
        }
        if g.hop + 1 >= g.path.len() {
            t.translation = *g.path.last().unwrap_or(&t.translation);
            if g.crown {
                piece.king = true;
            }
            commands.entity(e).remove::<Glide>();
            continue;
        }
        let (a, b) = (g.path[g.hop], g.path[g.hop + 1]);
        // A capture hops over a piece; a step only lifts a little.
        let height = if g.capture { 0.55 } else { 0.15 };
        t.translation = leg_point(a, b, g.t.clamp(0.0, 1.0), height, Motion::Arc);
    }
}

fn vanish(
    mut commands: Commands,
    mut taken: Query<(Entity, &mut Vanish, &mut Transform)>,
    time: Res<Time>,
    settings: Res<Settings>,
) {
    let speed = crate::stage::marbles::animation_speed(&settings, None);
    for (e, mut v, mut t) in &mut taken {
        let dt = time.delta_secs();
        if v.delay > 0.0 {
            v.delay -= dt;
            continue;
        }
        v.t += dt * speed / VANISH_SECONDS;
        if v.t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        t.translation.y = DISC_HEIGHT / 2.0 + 0.6 * v.t;
        t.scale = Vec3::splat((1.0 - v.t).max(0.01));
    }
}

fn note_animating(busy: Query<(), Moving>, mut animating: ResMut<DraughtsAnimating>) {
    let now = !busy.is_empty();
    if animating.0 != now {
        animating.0 = now;
    }
}

fn clear_index(mut index: ResMut<PieceIndex>) {
    index.0.clear();
}
