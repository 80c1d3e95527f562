//! Party mode on the board (RULES §8): item boxes, roadblocks and road
//! workers as entities kept in step with the engine, the power marble's
//! mark, and the tornado's funnel (logic); their look, the wings and the
//! sparkles (view). The marbles' own item motions (wing, swap, tornado) are
//! in `marbles`.
//!
//! Boxes and obstacles follow the game by diff whenever its revision changes
//! (moves, items, undo, redo): an entity whose thing is gone leaves with an
//! animation, a new one grows in, and the rest stay. A new or loaded match
//! (`BoardChanged`) sets them up afresh without animation.

use crate::base::AppSystems;
use crate::base::Cue;
use crate::base::{Notice, PausableSystems};
use crate::classic::{BotSpeed, Match};
use crate::settings::Settings;
use crate::stage::board::BoardLayout;
use crate::stage::marbles::BoardChanged;
use crate::stage::marbles::{Busy, Hopping, MarbleIndex, animation_speed, note_animating};
use bevy::prelude::*;
use starhop_engine::{Bitboard, Event, Hole, Item, ItemUse, Obstacle};

pub mod aim;
pub mod demo;
mod view;
pub use aim::{PointerHole, aim_press, reach, targets};
pub use view::view_plugin;

/// Seconds a box or an obstacle takes to grow in, to be taken or to go.
pub const GROW_SECONDS: f32 = 0.45;
pub const PICKUP_SECONDS: f32 = 0.55;
pub const LEAVE_SECONDS: f32 = 0.6;
/// Seconds the tornado's funnel stands (a little longer than the marbles fly).
pub const FUNNEL_SECONDS: f32 = crate::stage::marbles::TORNADO_SECONDS * 1.15;

/// An item box on `hole`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemBox {
    pub hole: Hole,
}

/// A roadblock or road worker, with its timer as the engine has it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObstacleMark(pub Obstacle);

/// The marble that makes two moves this turn (on the marble's entity).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Powered;

/// A tornado's funnel over `centre`; `t` runs from 0 to 1.
#[derive(Component, Clone, Copy, Debug)]
pub struct Funnel {
    pub centre: Hole,
    pub t: f32,
}

/// A box or an obstacle growing in; `t` runs from 0 to 1.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Growing {
    pub t: f32,
}

/// A box or an obstacle on its way out; despawned when `t` reaches 1.
#[derive(Component, Clone, Copy, Debug)]
pub struct Leaving {
    pub t: f32,
    pub how: Leave,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// A marble took the box: it pops up once the marble has landed.
    PickedUp { marble: Option<Entity> },
    /// The box went back (undo): it shrinks away.
    Shrink,
    /// An obstacle's time is up (or it was undone): it sinks into its hole.
    Sink,
}

/// Everything of the party on the board, for clearing it at once.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct PartyPiece;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            follow_party,
            mark_power,
            animate_party.in_set(PausableSystems),
        )
            .chain()
            .in_set(AppSystems::View)
            .after(crate::stage::marbles::animate_hops)
            .before(note_animating),
    );
}

/// A box or obstacle's place: on the board over its hole.
fn on_hole(layout: &BoardLayout, hole: Hole) -> Transform {
    Transform::from_translation(layout.hole(hole))
}

/// Keeps box and obstacle entities in step with the game, and starts the
/// tornado's funnel when one is used. Pieces live as long as the board shows
/// their game, not the screen: a restart or a load re-enters the playing
/// screen, and pieces despawned on that exit would not come back.
fn follow_party(
    mut commands: Commands,
    game: Option<Res<Match>>,
    layout: Res<BoardLayout>,
    index: Res<MarbleIndex>,
    mut rebuilt: MessageReader<BoardChanged>,
    mut notices: MessageReader<Notice>,
    mut cues: MessageWriter<Cue>,
    mut synced: Local<Option<u64>>,
    mut taken: Local<Vec<Hole>>,
    pieces: Query<Entity, With<PartyPiece>>,
    boxes: Query<(Entity, &ItemBox), Without<Leaving>>,
    mut obstacles: Query<(Entity, &mut ObstacleMark), Without<Leaving>>,
) {
    // Boxes taken this frame pop; others that go (undo) only shrink.
    taken.clear();
    for n in notices.read() {
        match n {
            Notice::Rule(Event::ItemTaken { hole, .. }) => taken.push(*hole),
            Notice::Rule(Event::ItemUsed { item_use, .. }) => {
                if let ItemUse::Tornado { centre } = *item_use {
                    commands.spawn((
                        PartyPiece,
                        Funnel { centre, t: 0.0 },
                        Busy,
                        on_hole(&layout, centre),
                    ));
                }
                if !matches!(item_use.item(), Item::Roadblock | Item::RoadWorker) {
                    cues.write(Cue::Used(item_use.item()));
                }
            }
            _ => {}
        }
    }
    let revision = game.as_ref().map(|m| m.game.revision());
    if rebuilt.read().count() > 0 {
        for e in &pieces {
            commands.entity(e).despawn();
        }
        if let Some(m) = &game {
            for hole in m.game.boxes().iter() {
                spawn_box(&mut commands, &layout, hole, false);
            }
            for o in m.game.obstacles() {
                spawn_obstacle(&mut commands, &layout, *o, false);
            }
        }
        *synced = revision;
        return;
    }
    if *synced == revision {
        return;
    }
    *synced = revision;
    let Some(m) = game else {
        for e in &pieces {
            commands.entity(e).despawn();
        }
        return;
    };
    let wanted = m.game.boxes();
    let mut shown = Bitboard::EMPTY;
    for (e, b) in &boxes {
        if wanted.contains(b.hole) && !shown.contains(b.hole) {
            shown.insert(b.hole);
            continue;
        }
        let how = if taken.contains(&b.hole) {
            Leave::PickedUp {
                marble: index.0.get(b.hole as usize).copied().flatten(),
            }
        } else {
            Leave::Shrink
        };
        commands.entity(e).insert((Leaving { t: 0.0, how }, Busy));
    }
    for hole in (wanted & !shown).iter() {
        spawn_box(&mut commands, &layout, hole, true);
        cues.write(Cue::BoxAppeared);
    }
    let wanted = m.game.obstacles();
    let mut kept = Vec::with_capacity(wanted.len());
    for (e, mut mark) in &mut obstacles {
        let same = |o: &&Obstacle| o.hole == mark.0.hole && o.item == mark.0.item;
        match wanted.iter().find(same) {
            Some(o) if !kept.contains(&(o.hole, o.item)) => {
                kept.push((o.hole, o.item));
                if mark.0 != *o {
                    mark.0 = *o;
                }
            }
            _ => {
                commands.entity(e).insert((
                    Leaving {
                        t: 0.0,
                        how: Leave::Sink,
                    },
                    Busy,
                ));
                cues.write(Cue::Expired);
            }
        }
    }
    for o in wanted {
        if !kept.contains(&(o.hole, o.item)) {
            spawn_obstacle(&mut commands, &layout, *o, true);
            cues.write(Cue::Placed(o.item));
        }
    }
}

fn spawn_box(commands: &mut Commands, layout: &BoardLayout, hole: Hole, grow: bool) {
    let mut e = commands.spawn((PartyPiece, ItemBox { hole }, on_hole(layout, hole)));
    if grow {
        e.insert((
            Growing::default(),
            Busy,
            on_hole(layout, hole).with_scale(Vec3::ZERO),
        ));
    }
}

fn spawn_obstacle(commands: &mut Commands, layout: &BoardLayout, o: Obstacle, grow: bool) {
    let mut e = commands.spawn((PartyPiece, ObstacleMark(o), on_hole(layout, o.hole)));
    if grow {
        e.insert((
            Growing::default(),
            Busy,
            on_hole(layout, o.hole).with_scale(Vec3::new(1.0, 0.0, 1.0)),
        ));
    }
}

/// Puts `Powered` on the marble entity that stands where the engine's power
/// marble is (it follows the marble through its two moves), and on no other.
fn mark_power(
    mut commands: Commands,
    game: Option<Res<Match>>,
    index: Res<MarbleIndex>,
    powered: Query<Entity, With<Powered>>,
) {
    let want = game
        .and_then(|m| m.game.power_marble())
        .and_then(|h| index.0.get(h as usize).copied().flatten());
    for e in &powered {
        if Some(e) != want {
            commands.entity(e).remove::<Powered>();
        }
    }
    if let Some(e) = want
        && !powered.contains(e)
    {
        commands.entity(e).insert(Powered);
    }
}

/// Funnels, apart from boxes and obstacles that come or go (for a query
/// that moves both).
type NotComingOrGoing = (Without<Growing>, Without<Leaving>);

/// Grows boxes and obstacles in, pops, shrinks and sinks them out, and runs
/// the funnel's time.
fn animate_party(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    bot_speed: Option<Res<BotSpeed>>,
    layout: Res<BoardLayout>,
    hopping: Query<(), With<Hopping>>,
    mut cues: MessageWriter<Cue>,
    mut growing: Query<(Entity, &mut Growing, &mut Transform, Has<ObstacleMark>)>,
    mut leaving: Query<(Entity, &mut Leaving, &mut Transform), Without<Growing>>,
    mut funnels: Query<(Entity, &mut Funnel, &mut Transform), NotComingOrGoing>,
    places: Query<(Option<&ItemBox>, Option<&ObstacleMark>)>,
) {
    let dt = time.delta_secs() * animation_speed(&settings, bot_speed.as_deref());
    let hole_of = |e: Entity| match places.get(e) {
        Ok((Some(b), _)) => Some(b.hole),
        Ok((_, Some(o))) => Some(o.0.hole),
        _ => None,
    };
    for (e, mut g, mut t, obstacle) in &mut growing {
        g.t = (g.t + dt / GROW_SECONDS).min(1.0);
        t.scale = if obstacle {
            // Obstacles rise out of their hole.
            Vec3::new(1.0, back_out(g.t), 1.0)
        } else {
            Vec3::splat(back_out(g.t))
        };
        if g.t >= 1.0 {
            t.scale = Vec3::ONE;
            commands.entity(e).remove::<(Growing, Busy)>();
        }
    }
    for (e, mut l, mut t) in &mut leaving {
        let Some(hole) = hole_of(e) else { continue };
        let base = layout.hole(hole);
        let seconds = match l.how {
            Leave::PickedUp { marble } => {
                // Wait for the marble to land on the box.
                if marble.is_some_and(|m| hopping.contains(m)) {
                    continue;
                }
                if l.t == 0.0 {
                    cues.write(Cue::BoxTaken);
                }
                PICKUP_SECONDS
            }
            Leave::Shrink => GROW_SECONDS,
            Leave::Sink => LEAVE_SECONDS,
        };
        l.t = (l.t + dt / seconds).clamp(1e-4, 1.0);
        let k = l.t;
        match l.how {
            Leave::PickedUp { .. } => {
                // Swells, then shoots up and shrinks away.
                let swell = 1.0 + 0.5 * (k * 3.0).min(1.0);
                t.scale = Vec3::splat(swell * (1.0 - k).powf(0.6));
                t.translation = base + Vec3::Y * (1.4 * k * k);
            }
            Leave::Shrink => t.scale = Vec3::splat(1.0 - k),
            Leave::Sink => {
                t.scale = Vec3::new(1.0 - 0.4 * k, 1.0 - 0.6 * k, 1.0 - 0.4 * k);
                t.translation = base - Vec3::Y * (0.8 * k);
            }
        }
        if l.t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
    for (e, mut f, mut t) in &mut funnels {
        f.t += dt / FUNNEL_SECONDS;
        // In quickly, out quickly, full size in between.
        let size = (f.t / 0.15).min((1.0 - f.t) / 0.15).clamp(0.0, 1.0);
        t.scale = Vec3::splat(size.max(0.001));
        if f.t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

/// 0 → 1 overshooting a little before settling: things pop into place.
fn back_out(t: f32) -> f32 {
    let c = 1.7;
    let u = t - 1.0;
    1.0 + (c + 1.0) * u * u * u + c * u * u
}
