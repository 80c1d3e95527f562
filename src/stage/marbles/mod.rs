//! Marble entities: one per marble on the board, kept in step with the match
//! (logic), and dressed as glossy glass spheres that lift and hop (view).
//! Item effects move the same entities, each in its own way (`Motion`): a
//! flying wing's high flight, a swap's crossing, a tornado's whirl.

use crate::base::AppSystems;
use crate::base::Notice;
use crate::settings::Settings;
use crate::stage::board::{BoardLayout, BoardOnShow, BoardSystems};
use bevy::prelude::*;
use starhop_engine::{Board, Event, Hole, ItemUse, MarbleChange, Seat};

mod view;
pub use view::{glass_materials, view_plugin};

/// Marble radius in world units (holes are one unit apart).
pub const RADIUS: f32 = 0.36;
/// Height of a marble's centre when it rests in its dimple.
pub const REST_Y: f32 = RADIUS - 0.08;
/// Seconds one hop takes at normal speed.
pub const HOP_SECONDS: f32 = 0.26;
/// Seconds the item effects take at normal speed: a flying wing's flight, a
/// swap's crossing, a tornado's lift, spin and drop.
pub const WING_SECONDS: f32 = 1.1;
pub const SWAP_SECONDS: f32 = 0.9;
pub const TORNADO_SECONDS: f32 = 2.2;

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
    /// How the marble travels each hop.
    pub motion: Motion,
}

/// The shape of a marble's way between two holes: each item effect has its
/// own, so players see what happened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion {
    /// A parabola: hops, jumps and plain flights (an undo across several moves).
    Arc,
    /// Flying wing: high up with a flutter, wings on (the view adds them).
    Wing,
    /// Swap: the two marbles pass each other side by side, never through.
    Cross,
    /// Tornado: lifted in a spiral around `centre` (on the board), spun,
    /// and dropped onto the new hole.
    Whirl { centre: Vec3 },
}

impl Motion {
    /// Seconds one leg takes at normal speed.
    pub fn seconds(self) -> f32 {
        match self {
            Motion::Arc => HOP_SECONDS,
            Motion::Wing => WING_SECONDS,
            Motion::Cross => SWAP_SECONDS,
            Motion::Whirl { .. } => TORNADO_SECONDS,
        }
    }
}

/// An animation the game waits for, like a hop: while any entity carries it,
/// the clock stands still and bots hold their next request (party effects).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Busy;

/// A hop just ended on this hole (the view plays a landing sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct HopLanded {
    pub seat: Seat,
    pub last: bool,
}

/// Finds the marble entity on each hole without a search.
#[derive(Resource, Default)]
pub struct MarbleIndex(pub Vec<Option<Entity>>);

/// How marbles moved (moves, undo, redo): the view animates exactly these,
/// in order, and stays in step without rebuilding.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MarblesMoved(pub Vec<MarbleChange>);

/// A different set of marbles is on show (a new match, a loaded one, back to
/// setup): the view rebuilds the marbles from the position.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardChanged;

/// The marbles' looks in a frame (dressed, marked, lifted): an animation
/// over them (a marble jumping for joy) comes after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MarbleLook;

/// Whether a marble is still hopping (the clock stops while moves animate).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Animating(pub bool);

/// How fast a watched game runs (a bots-only game, a replay): its hops and
/// effects run this much faster, and bots think for `think / speed`. Back
/// to 1× with every new match.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BotSpeed(pub f32);

impl Default for BotSpeed {
    fn default() -> BotSpeed {
        BotSpeed(1.0)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MarbleIndex>()
        .init_resource::<Animating>()
        .add_message::<MarblesMoved>()
        .add_message::<BoardChanged>()
        .add_message::<HopLanded>()
        .add_systems(
            Update,
            (
                rebuild_marbles.run_if(on_message::<BoardChanged>),
                follow_changes,
                check_marbles,
                animate_hops.in_set(crate::base::PausableSystems),
                note_animating,
            )
                .chain()
                .in_set(AppSystems::View)
                .after(BoardSystems::Follow),
        );
}

/// How much faster than normal animations run: the player's setting times
/// the watch speed of a bots-only game.
pub fn animation_speed(settings: &Settings, bot_speed: Option<&BotSpeed>) -> f32 {
    settings.animation_speed.clamp(0.25, 4.0) * bot_speed.map_or(1.0, |s| s.0)
}

pub fn rest_position(layout: &BoardLayout, h: Hole) -> Vec3 {
    layout.hole(h) + Vec3::Y * REST_Y
}

/// Spawns one entity per marble of the position on show.
fn rebuild_marbles(
    mut commands: Commands,
    old: Query<Entity, With<Marble>>,
    shown: Res<BoardOnShow>,
    layout: Res<BoardLayout>,
    mut index: ResMut<MarbleIndex>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = &shown.position;
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
    mut notices: MessageReader<Notice>,
    mut marbles: Query<&mut Marble>,
    mut places: Query<(&mut Transform, Option<&Hopping>)>,
    mut index: ResMut<MarbleIndex>,
    layout: Res<BoardLayout>,
) {
    let board = layout.board();
    // The item uses of this frame tell a flying wing from a plain flight and
    // where a tornado stands (their reports arrive in the same frame).
    let mut wing = None;
    let mut tornado = None;
    for n in notices.read() {
        if let Notice::Rule(Event::ItemUsed { item_use, .. }) = n {
            match *item_use {
                ItemUse::FlyingWing { marble, to } => wing = Some((marble, to)),
                ItemUse::Tornado { centre } => tornado = Some(centre),
                _ => {}
            }
        }
    }
    for MarblesMoved(changes) in reports.read() {
        let mut placer = Placer {
            index: &mut index,
            waiting: Vec::new(),
        };
        // Each marble that moves: its entity, its route of holes, the arc
        // height and how it travels.
        let mut trips: Vec<(Entity, Vec<Hole>, f32, Motion)> = Vec::new();
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
                        trips.push((e, route.clone(), height, Motion::Arc));
                    }
                }
                MarbleChange::Fly { seat, from, to } => {
                    if let Some(e) = placer.take(*from, Some(*seat), &marbles.as_readonly()) {
                        placer.put(*to, e);
                        let motion = if wing == Some((*from, *to)) {
                            Motion::Wing
                        } else {
                            Motion::Arc
                        };
                        trips.push((e, vec![*from, *to], FLIGHT_HEIGHT, motion));
                    }
                }
                MarbleChange::Swap { a, b } => {
                    let ea = placer.take(*a, None, &marbles.as_readonly());
                    let eb = placer.take(*b, None, &marbles.as_readonly());
                    for (e, from, to) in [(ea, *a, *b), (eb, *b, *a)] {
                        if let Some(e) = e {
                            placer.put(to, e);
                            trips.push((e, vec![from, to], JUMP_HEIGHT, Motion::Cross));
                        }
                    }
                }
                MarbleChange::Shuffle { moves } => {
                    let centre = tornado
                        .or_else(|| whirl_centre(board, moves))
                        .map_or(Vec3::ZERO, |h| layout.hole(h));
                    let motion = Motion::Whirl { centre };
                    let lifted: Vec<(Option<Entity>, Hole, Hole)> = moves
                        .iter()
                        .map(|&(from, to)| {
                            (placer.take(from, None, &marbles.as_readonly()), from, to)
                        })
                        .collect();
                    for (e, from, to) in lifted {
                        if let Some(e) = e {
                            placer.put(to, e);
                            trips.push((e, vec![from, to], FLIGHT_HEIGHT, motion));
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
        for (e, route, height, motion) in trips {
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
                motion,
            });
        }
    }
}

/// Once the reports of a change are followed, the marbles stand where the
/// board on show has them. Where they do not (its position was set without
/// reports, as a screenshot's script does), the board is announced as
/// changed, and the next frame rebuilds it from the position.
fn check_marbles(
    shown: Res<BoardOnShow>,
    index: Res<MarbleIndex>,
    marbles: Query<&Marble>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if !shown.is_changed() {
        return;
    }
    let pos = &shown.position;
    let agree = index.0.len() == pos.board().len()
        && index.0.iter().enumerate().all(|(h, e)| {
            let owner = pos.owner(h as Hole);
            match e {
                Some(e) => marbles.get(*e).is_ok_and(|m| Some(m.seat) == owner),
                None => owner.is_none(),
            }
        });
    if !agree {
        changed.write(BoardChanged);
    }
}

/// Moves hopping marbles along arcs, one per hop.
pub fn animate_hops(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    bot_speed: Option<Res<BotSpeed>>,
    mut hopping: Query<(Entity, &Marble, &mut Hopping, &mut Transform)>,
    mut landed: MessageWriter<HopLanded>,
) {
    let speed = animation_speed(&settings, bot_speed.as_deref());
    for (e, marble, mut hop, mut transform) in &mut hopping {
        hop.t += time.delta_secs() * speed / hop.motion.seconds();
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
        transform.translation = leg_point(a, b, hop.t.clamp(0.0, 1.0), hop.height, hop.motion);
    }
}

/// Where a marble is `t` (0..1) of the way from `a` to `b`: exactly `a` at
/// 0 and `b` at 1, whatever the motion.
pub fn leg_point(a: Vec3, b: Vec3, t: f32, height: f32, motion: Motion) -> Vec3 {
    // Ease in and out along the way, with a parabolic arc above the board.
    let s = t * t * (3.0 - 2.0 * t);
    let arc = 4.0 * t * (1.0 - t);
    match motion {
        Motion::Arc => a.lerp(b, s) + Vec3::Y * (height * arc),
        Motion::Wing => {
            // High, with a few wing beats that lift and drop it a little.
            let flutter = 0.09 * (t * std::f32::consts::TAU * 4.0).sin() * arc;
            a.lerp(b, s) + Vec3::Y * (WING_HEIGHT * arc + flutter)
        }
        Motion::Cross => {
            // Out to the right of the way and back: the two marbles of a
            // swap go opposite ways, so they pass side by side.
            let side = (b - a).cross(Vec3::Y).normalize_or_zero();
            a.lerp(b, s) + side * (0.8 * arc) + Vec3::Y * (height * arc)
        }
        Motion::Whirl { centre } => whirl_point(a, b, centre, t),
    }
}

/// Peak height of a flying wing's flight.
const WING_HEIGHT: f32 = 2.6;
/// Height the tornado lifts marbles to, and the whole turns they make around it.
const WHIRL_HEIGHT: f32 = 2.1;
const WHIRL_TURNS: f32 = 1.0;

/// A point of a tornado's path: around `centre` at a radius going from the
/// start's to the end's (wider up high), turning one way for every marble,
/// lifted up and dropped.
fn whirl_point(a: Vec3, b: Vec3, centre: Vec3, t: f32) -> Vec3 {
    use std::f32::consts::{PI, TAU};
    let (da, db) = ((a - centre).xz(), (b - centre).xz());
    let (ra, rb) = (da.length(), db.length());
    // A marble on the centre itself takes the other end's angle.
    let angle = |d: Vec2, other: Vec2| {
        let d = if d.length_squared() < 1e-6 { other } else { d };
        d.y.atan2(d.x)
    };
    let (ta, tb) = (angle(da, db), angle(db, da));
    let sweep = (tb - ta).rem_euclid(TAU) + TAU * WHIRL_TURNS;
    let s = t * t * (3.0 - 2.0 * t);
    let theta = ta + sweep * s;
    let lift = (PI * t).sin();
    let r = ra + (rb - ra) * s + 0.6 * lift;
    let y = a.y + (b.y - a.y) * s + WHIRL_HEIGHT * lift.powf(0.7);
    Vec3::new(centre.x + r * theta.cos(), y, centre.z + r * theta.sin())
}

/// The tornado's centre when no item use says it (an undone tornado): the
/// hole next to or on every hole the marbles leave and reach.
fn whirl_centre(board: &Board, moves: &[(Hole, Hole)]) -> Option<Hole> {
    let first = moves.first()?.0;
    board.within(first, 1).iter().find(|&c| {
        moves
            .iter()
            .all(|&(f, t)| board.distance(c, f) <= 1 && board.distance(c, t) <= 1)
    })
}

/// The clock stops and bots wait while a marble hops or an effect plays.
pub fn note_animating(
    hopping: Query<(), With<Hopping>>,
    busy: Query<(), With<Busy>>,
    mut animating: ResMut<Animating>,
) {
    let now = !hopping.is_empty() || !busy.is_empty();
    if animating.0 != now {
        animating.0 = now;
    }
}
