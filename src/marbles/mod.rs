//! Marble entities: one per marble on the board, kept in step with the match
//! (logic), and dressed as glossy glass spheres that lift and hop (view).

use crate::AppSystems;
use crate::board::{BoardLayout, shown_position};
use crate::play::{Animating, BoardChanged, MarblesMoved, Match, PendingSetup};
use crate::settings::Settings;
use bevy::prelude::*;
use starhop_engine::{Hole, MarbleChange, Seat};

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
    /// Height of the arc above the board (steps low, jumps higher, flights highest).
    pub height: f32,
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
                follow_changes,
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

/// Where each report's marbles are while a batch of reports is applied. A
/// marble may arrive on a hole before the marble there has left (a tornado,
/// or the net effect of an undo across several moves): the one still waiting
/// to leave is kept aside, found by its seat.
struct Placer<'a> {
    index: &'a mut MarbleIndex,
    waiting: Vec<(Hole, Entity)>,
}

impl Placer<'_> {
    /// Takes the marble of `seat` (any seat when `None`) off `hole`.
    fn take(&mut self, hole: Hole, seat: Option<Seat>, marbles: &Query<&Marble>) -> Option<Entity> {
        let fits = |e: Entity| seat.is_none_or(|s| marbles.get(e).is_ok_and(|m| m.seat == s));
        if let Some(i) = self.waiting.iter().position(|&(h, e)| h == hole && fits(e)) {
            return Some(self.waiting.swap_remove(i).1);
        }
        let slot = self.index.0.get_mut(hole as usize)?;
        let e = slot.filter(|&e| fits(e))?;
        *slot = None;
        Some(e)
    }

    /// Puts `e` on `hole`; a marble still there waits aside to leave.
    fn put(&mut self, hole: Hole, e: Entity) {
        if let Some(slot) = self.index.0.get_mut(hole as usize)
            && let Some(old) = slot.replace(e)
        {
            self.waiting.push((hole, old));
        }
    }
}

/// Arc heights: a step, a jump, a flight straight across the board.
const STEP_HEIGHT: f32 = 0.35;
const JUMP_HEIGHT: f32 = 0.75;
const FLIGHT_HEIGHT: f32 = 1.6;

/// Follows the engine's marble reports: every marble goes where the report
/// says, hopping along its route or flying straight; the index stays right
/// without rebuilding anything.
fn follow_changes(
    mut commands: Commands,
    mut reports: MessageReader<MarblesMoved>,
    mut marbles: Query<&mut Marble>,
    mut places: Query<(&mut Transform, Option<&Hopping>)>,
    mut index: ResMut<MarbleIndex>,
    layout: Res<BoardLayout>,
) {
    let board = layout.board();
    for MarblesMoved(changes) in reports.read() {
        let mut placer = Placer {
            index: &mut index,
            waiting: Vec::new(),
        };
        // Each marble that moves: its entity, its route of holes, the arc height.
        let mut trips: Vec<(Entity, Vec<Hole>, f32)> = Vec::new();
        for change in changes {
            match change {
                MarbleChange::Hop { seat, route } => {
                    let (Some(&from), Some(&to)) = (route.first(), route.last()) else {
                        continue;
                    };
                    if let Some(e) = placer.take(from, Some(*seat), &marbles.as_readonly()) {
                        placer.put(to, e);
                        let jump = route.len() > 2 || board.distance(from, to) > 1;
                        let height = if jump { JUMP_HEIGHT } else { STEP_HEIGHT };
                        trips.push((e, route.clone(), height));
                    }
                }
                MarbleChange::Fly { seat, from, to } => {
                    if let Some(e) = placer.take(*from, Some(*seat), &marbles.as_readonly()) {
                        placer.put(*to, e);
                        trips.push((e, vec![*from, *to], FLIGHT_HEIGHT));
                    }
                }
                MarbleChange::Swap { a, b } => {
                    let ea = placer.take(*a, None, &marbles.as_readonly());
                    let eb = placer.take(*b, None, &marbles.as_readonly());
                    for (e, from, to) in [(ea, *a, *b), (eb, *b, *a)] {
                        if let Some(e) = e {
                            placer.put(to, e);
                            trips.push((e, vec![from, to], JUMP_HEIGHT));
                        }
                    }
                }
                MarbleChange::Shuffle { moves } => {
                    let lifted: Vec<(Option<Entity>, Hole, Hole)> = moves
                        .iter()
                        .map(|&(from, to)| {
                            (placer.take(from, None, &marbles.as_readonly()), from, to)
                        })
                        .collect();
                    for (e, from, to) in lifted {
                        if let Some(e) = e {
                            placer.put(to, e);
                            trips.push((e, vec![from, to], FLIGHT_HEIGHT));
                        }
                    }
                }
                MarbleChange::Removed { seat, hole } => {
                    if let Some(e) = placer.take(*hole, Some(*seat), &marbles.as_readonly()) {
                        commands.entity(e).despawn();
                    }
                }
                MarbleChange::Placed { seat, hole } => {
                    let e = commands
                        .spawn((
                            Marble {
                                seat: *seat,
                                hole: *hole,
                            },
                            Transform::from_translation(rest_position(&layout, *hole)),
                        ))
                        .id();
                    placer.put(*hole, e);
                }
            }
        }
        for (e, route, height) in trips {
            let (Ok(mut marble), Ok((mut transform, hopping))) =
                (marbles.get_mut(e), places.get_mut(e))
            else {
                continue;
            };
            marble.hole = *route.last().expect("routes have two holes or more");
            // A marble still on its way from an earlier report lands at once.
            if let Some(h) = hopping {
                transform.translation = *h.route.last().unwrap_or(&transform.translation);
            }
            let mut points: Vec<Vec3> = route.iter().map(|&h| rest_position(&layout, h)).collect();
            // Start from where the marble is (it may be lifted).
            points[0] = transform.translation;
            commands.entity(e).insert(Hopping {
                route: points,
                hop: 0,
                t: 0.0,
                height,
            });
        }
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
        let height = hop.height;
        transform.translation = a.lerp(b, s) + Vec3::Y * (4.0 * height * t * (1.0 - t));
    }
    let busy = !hopping.is_empty();
    if animating.0 != busy {
        animating.0 = busy;
    }
}
