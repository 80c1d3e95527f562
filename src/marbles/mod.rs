//! Marble entities: one per marble on the board, kept in step with the match
//! (logic), and dressed as glossy glass spheres that lift and hop (view).

use crate::AppSystems;
use crate::board::{BoardLayout, shown_position};
use crate::play::{Animating, BoardChanged, Match, MoveApplied, PendingSetup};
use crate::settings::Settings;
use bevy::prelude::*;
use starhop_engine::{Hole, Seat};

mod view;
pub use view::view_plugin;

/// Marble radius in world units (holes are one unit apart).
pub const RADIUS: f32 = 0.36;
/// Height of a marble's centre when it rests in its dimple.
pub const REST_Y: f32 = RADIUS - 0.08;
/// Seconds one hop takes at normal speed.
pub const HOP_SECONDS: f32 = 0.26;

/// A marble of `seat` standing on (or hopping to) `hole`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marble {
    pub seat: Seat,
    pub hole: Hole,
}

/// A marble on its way along a route of holes.
#[derive(Component, Clone, Debug)]
pub struct Hopping {
    pub route: Vec<Vec3>,
    /// Which hop (0-based) is under way, and how far along it is (0..1).
    pub hop: usize,
    pub t: f32,
    /// Jumps arc higher than steps.
    pub jump: bool,
}

/// A hop just ended on this hole (the view plays a landing sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct HopLanded {
    pub seat: Seat,
    pub last: bool,
}

/// Finds the marble entity on each hole without a search.
#[derive(Resource, Default)]
pub struct MarbleIndex(pub Vec<Option<Entity>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MarbleIndex>()
        .init_resource::<Animating>()
        .add_message::<HopLanded>()
        .add_systems(
            Update,
            (
                rebuild_marbles.run_if(on_message::<BoardChanged>),
                start_hops,
                animate_hops.in_set(crate::play::PausableSystems),
            )
                .chain()
                .in_set(AppSystems::View),
        );
}

pub fn rest_position(layout: &BoardLayout, h: Hole) -> Vec3 {
    layout.hole(h) + Vec3::Y * REST_Y
}

/// Spawns one entity per marble of the position on show.
fn rebuild_marbles(
    mut commands: Commands,
    old: Query<Entity, With<Marble>>,
    game: Option<Res<Match>>,
    pending: Res<PendingSetup>,
    layout: Res<BoardLayout>,
    mut index: ResMut<MarbleIndex>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = shown_position(game.as_deref(), &pending);
    index.0 = vec![None; layout.holes.len()];
    for seat in 0..pos.players() as Seat {
        for hole in pos.marbles(seat).iter() {
            let e = commands
                .spawn((
                    Marble { seat, hole },
                    Transform::from_translation(rest_position(&layout, hole)),
                ))
                .id();
            index.0[hole as usize] = Some(e);
        }
    }
}

/// Sends the moved marble on its way along the route.
fn start_hops(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    mut marbles: Query<(&mut Marble, &mut Transform, Option<&Hopping>)>,
    mut index: ResMut<MarbleIndex>,
    layout: Res<BoardLayout>,
) {
    for mv in applied.read() {
        let Some(e) = index.0.get(mv.from as usize).copied().flatten() else {
            continue;
        };
        let Ok((mut marble, mut transform, hopping)) = marbles.get_mut(e) else {
            continue;
        };
        // A marble still hopping from an earlier move lands at once.
        if let Some(h) = hopping {
            transform.translation = *h.route.last().unwrap_or(&transform.translation);
        }
        marble.hole = mv.to;
        index.0[mv.from as usize] = None;
        index.0[mv.to as usize] = Some(e);
        let board = layout.board();
        let jump = mv.route.len() > 2 || board.distance(mv.from, mv.to) > 1;
        let mut route: Vec<Vec3> = mv
            .route
            .iter()
            .map(|&h| rest_position(&layout, h))
            .collect();
        // Start from where the marble is (it may be lifted).
        route[0] = transform.translation;
        commands.entity(e).insert(Hopping {
            route,
            hop: 0,
            t: 0.0,
            jump,
        });
    }
}

/// Moves hopping marbles along arcs, one per hop.
fn animate_hops(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    bot_speed: Option<Res<crate::play::BotSpeed>>,
    mut hopping: Query<(Entity, &Marble, &mut Hopping, &mut Transform)>,
    mut landed: MessageWriter<HopLanded>,
    mut animating: ResMut<Animating>,
) {
    let watch = bot_speed.map_or(1.0, |s| s.0);
    let speed = settings.animation_speed.clamp(0.25, 4.0) * watch;
    let step = time.delta_secs() * speed / HOP_SECONDS;
    for (e, marble, mut hop, mut transform) in &mut hopping {
        hop.t += step;
        while hop.t >= 1.0 && hop.hop + 1 < hop.route.len() {
            hop.t -= 1.0;
            hop.hop += 1;
            let last = hop.hop + 1 == hop.route.len();
            landed.write(HopLanded {
                seat: marble.seat,
                last,
            });
        }
        if hop.hop + 1 >= hop.route.len() {
            transform.translation = *hop.route.last().expect("routes have two holes or more");
            commands.entity(e).remove::<Hopping>();
            continue;
        }
        let (a, b) = (hop.route[hop.hop], hop.route[hop.hop + 1]);
        let t = hop.t.clamp(0.0, 1.0);
        // Ease in and out along the hop, with a parabolic arc above the board.
        let s = t * t * (3.0 - 2.0 * t);
        let height = if hop.jump { 0.75 } else { 0.35 };
        transform.translation = a.lerp(b, s) + Vec3::Y * (4.0 * height * t * (1.0 - t));
    }
    let busy = !hopping.is_empty();
    if animating.0 != busy {
        animating.0 = busy;
    }
}
