//! The board as the players see it: a lacquered wooden star on a round base,
//! dimpled holes, camps tinted in their players' colours, and the markers for
//! legal destinations (of a marble, or the targets of an aimed item and its
//! reach), the last move and the keyboard cursor.

use super::{BoardLayout, BoardMarks, BoardOnShow, BoardSystems};
use crate::base::{AppSystems, Screen};
use crate::stage::input::Selection;
use crate::stage::marbles::{BoardChanged, MarblesMoved};
use bevy::color::Luminance;
use bevy::prelude::*;
use starhop_engine::{Hex, Hole, Position, Seat, seats::target_camp};

/// A hole of the board (pickable: clicking it asks to move there).
#[derive(Component, Clone, Copy, Debug)]
pub struct HoleMarker(pub Hole);

/// Everything that makes up the board; rebuilt when the board changes
/// (food checkers hides it while its hexagon is on show).
#[derive(Component)]
pub struct BoardPiece;

/// A glowing disc on a legal destination of the lifted marble or a target of
/// the aimed item (a ring around a marble that is a target), or a faint disc
/// on the aimed item's reach.
#[derive(Component)]
struct DestinationMark;

/// Rings and dots tracing the last move.
#[derive(Component)]
struct LastMoveMark;

/// The keyboard / gamepad cursor ring.
#[derive(Component)]
struct CursorMark;

/// Meshes and materials made once and shared by every piece.
#[derive(Resource)]
struct BoardAssets {
    hole: Handle<Mesh>,
    rim: Handle<Mesh>,
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    /// Around a marble that is an item's target (wider than the marble).
    target_ring: Handle<Mesh>,
    /// A hole within an aimed item's reach.
    reach: Handle<Mesh>,
    cursor_ring: Handle<Mesh>,
    cursor_outline: Handle<Mesh>,
    hole_mat: Handle<StandardMaterial>,
    rim_mat: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
    lacquer: Handle<StandardMaterial>,
    destination: Handle<StandardMaterial>,
    reach_mat: Handle<StandardMaterial>,
    /// The tornado's seven holes: small and important, so strong.
    area_mat: Handle<StandardMaterial>,
    cursor: Handle<StandardMaterial>,
    cursor_dark: Handle<StandardMaterial>,
}

pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        (
            rebuild_board.run_if(on_message::<BoardChanged>),
            mark_destinations,
            mark_last_move,
            mark_cursor,
        )
            .chain()
            .in_set(AppSystems::View)
            .after(BoardSystems::Follow),
    );
}

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let flat = |c: Color, rough: f32| StandardMaterial {
        base_color: c,
        perceptual_roughness: rough,
        ..default()
    };
    commands.insert_resource(BoardAssets {
        hole: meshes.add(Circle::new(0.21)),
        rim: meshes.add(Torus::new(0.19, 0.25)),
        dot: meshes.add(Circle::new(0.08)),
        ring: meshes.add(Annulus::new(0.30, 0.40)),
        target_ring: meshes.add(Annulus::new(0.38, 0.47)),
        reach: meshes.add(Circle::new(0.47)),
        cursor_ring: meshes.add(Annulus::new(0.40, 0.56)),
        cursor_outline: meshes.add(Annulus::new(0.36, 0.62)),
        hole_mat: materials.add(flat(Color::srgb(0.13, 0.07, 0.035), 0.9)),
        rim_mat: materials.add(flat(Color::srgb(0.45, 0.28, 0.14), 0.5)),
        wood: materials.add(StandardMaterial {
            base_color: Color::srgb(0.24, 0.11, 0.045),
            perceptual_roughness: 0.62,
            reflectance: 0.3,
            ..default()
        }),
        // A mid-tone lacquer, dark enough for the white marbles to stand out,
        // with a soft clear coat so highlights do not wash the camps out.
        lacquer: materials.add(StandardMaterial {
            base_color: LACQUER,
            perceptual_roughness: 0.55,
            reflectance: 0.15,
            clearcoat: 0.3,
            clearcoat_perceptual_roughness: 0.35,
            ..default()
        }),
        destination: materials.add(StandardMaterial {
            base_color: Color::srgba(0.55, 1.0, 0.75, 0.85),
            emissive: LinearRgba::rgb(0.4, 1.6, 0.8),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
        // Warm and faint: the area an item reaches, under the holes.
        reach_mat: materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.78, 0.35, 0.30),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
        area_mat: materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.62, 0.15, 0.75),
            emissive: LinearRgba::rgb(0.8, 0.4, 0.05),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
        // A bright cyan ring on a dark outline: clear on the wood and on every camp colour.
        cursor: materials.add(StandardMaterial {
            base_color: Color::srgb(0.30, 0.95, 1.0),
            emissive: LinearRgba::rgb(0.6, 2.0, 2.2),
            unlit: true,
            ..default()
        }),
        cursor_dark: materials.add(StandardMaterial {
            base_color: Color::srgb(0.04, 0.05, 0.10),
            unlit: true,
            ..default()
        }),
    });
}

/// The star's lacquered wood.
const LACQUER: Color = Color::srgb(0.66, 0.47, 0.28);

/// Lays a 2D primitive flat on the board at height `y`.
/// Lying flat on the board at height `y` (discs, rings, dimples).
pub fn flat_on_board(x: f32, z: f32, y: f32) -> Transform {
    Transform::from_xyz(x, y, z).with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2))
}

/// A triangle grown outwards by `margin` on every side.
fn grown_triangle(corners: [Vec2; 3], margin: f32) -> Triangle2d {
    let g = (corners[0] + corners[1] + corners[2]) / 3.0;
    let inradius = corners[0].distance(corners[1]) / (2.0 * 3f32.sqrt());
    let k = 1.0 + margin / inradius;
    let [a, b, c] = corners.map(|v| g + (v - g) * k);
    Triangle2d::new(a, b, c)
}

fn plane(h: Hex) -> Vec2 {
    let (x, y) = h.to_plane();
    Vec2::new(x, y) * super::SPACING
}

/// The three corner holes of a camp (the holes farthest from its centre).
fn camp_corners(pos: &Position, camp: u8) -> [Vec2; 3] {
    let b = pos.board();
    let pts: Vec<Vec2> = b.camps[camp as usize]
        .iter()
        .map(|h| plane(b.hex(h)))
        .collect();
    let g = pts.iter().copied().sum::<Vec2>() / pts.len() as f32;
    let mut by_dist = pts.clone();
    by_dist.sort_by(|a, b| b.distance(g).total_cmp(&a.distance(g)));
    [by_dist[0], by_dist[1], by_dist[2]]
}

fn rebuild_board(
    mut commands: Commands,
    old: Query<Entity, With<BoardPiece>>,
    layout: Res<BoardLayout>,
    assets: Res<BoardAssets>,
    shown: Res<BoardOnShow>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = &shown.position;
    let n = layout.size as i8;
    let radius = 3f32.sqrt() * n as f32 + 1.6;
    let piece = |t: Transform| (BoardPiece, t);
    // Round wooden base with a rounded rim.
    commands.spawn((
        piece(Transform::from_xyz(0.0, -0.3, 0.0)),
        Mesh3d(meshes.add(Cylinder::new(radius, 0.6))),
        MeshMaterial3d(assets.wood.clone()),
    ));
    commands.spawn((
        piece(Transform::from_xyz(0.0, -0.02, 0.0)),
        Mesh3d(meshes.add(Torus::new(radius - 0.14, radius + 0.14))),
        MeshMaterial3d(assets.wood.clone()),
    ));
    // The lacquered star: two big triangles through the six points.
    for (i, tips) in [
        [(2 * n, -n), (-n, 2 * n), (-n, -n)],
        [(-2 * n, n), (n, -2 * n), (n, n)],
    ]
    .iter()
    .enumerate()
    {
        let corners = tips.map(|(q, r)| plane(Hex::new(q, r)));
        commands.spawn((
            piece(flat_on_board(0.0, 0.0, 0.002 + 0.001 * i as f32)),
            Mesh3d(meshes.add(grown_triangle(corners, 0.62))),
            MeshMaterial3d(assets.lacquer.clone()),
        ));
    }
    let lacquer = LACQUER;
    // A seat without marbles (the crossing challenge's empty second seat) tints nothing.
    for seat in (0..pos.players() as Seat).filter(|&s| !pos.marbles(s).is_empty()) {
        let camp = pos.home_camp(seat);
        // The home camp in a soft version of the colour, the target in a
        // fainter one, so everyone sees where each army goes.
        for (c, mix, y) in [(camp, 0.45, 0.005), (target_camp(camp), 0.8, 0.004)] {
            let material = materials.add(StandardMaterial {
                // A touch darker than the mix, so the marbles (white above
                // all) stand out on their own camp.
                base_color: shown.colour(seat).mix(&lacquer, mix).darker(0.08),
                perceptual_roughness: 0.55,
                reflectance: 0.3,
                clearcoat: 0.2,
                clearcoat_perceptual_roughness: 0.4,
                ..default()
            });
            commands.spawn((
                piece(flat_on_board(0.0, 0.0, y)),
                Mesh3d(meshes.add(grown_triangle(camp_corners(pos, c), 0.42))),
                MeshMaterial3d(material),
            ));
        }
    }
    // The holes: a dark dimple with a lighter rim, each one pickable.
    let look = HoleLook {
        dimple: &assets.hole,
        rim: &assets.rim,
        dimple_mat: &assets.hole_mat,
        rim_mat: &assets.rim_mat,
    };
    for (h, p) in layout.holes.iter().enumerate() {
        spawn_hole(&mut commands, &look, p.x, p.z, piece, HoleMarker(h as Hole));
    }
}

/// A hole's meshes and materials: a dark dimple and a lighter rim.
pub struct HoleLook<'a> {
    pub dimple: &'a Handle<Mesh>,
    pub rim: &'a Handle<Mesh>,
    pub dimple_mat: &'a Handle<StandardMaterial>,
    pub rim_mat: &'a Handle<StandardMaterial>,
}

/// One hole at (x, z) on the board's surface (the star's and the food
/// hexagon's alike): the dimple, which carries `marker` and is what a click
/// picks, and its rim. `piece` adds the owner's markers to both.
pub fn spawn_hole<B: Bundle>(
    commands: &mut Commands,
    look: &HoleLook,
    x: f32,
    z: f32,
    piece: impl Fn(Transform) -> B,
    marker: impl Bundle,
) {
    commands.spawn((
        piece(flat_on_board(x, z, 0.008)),
        marker,
        Mesh3d(look.dimple.clone()),
        MeshMaterial3d(look.dimple_mat.clone()),
    ));
    commands.spawn((
        piece(Transform::from_xyz(x, 0.0, z).with_scale(Vec3::new(1.0, 0.35, 1.0))),
        Mesh3d(look.rim.clone()),
        MeshMaterial3d(look.rim_mat.clone()),
        Pickable::IGNORE,
    ));
}

fn mark_destinations(
    mut commands: Commands,
    old: Query<Entity, With<DestinationMark>>,
    marks: Res<BoardMarks>,
    screen: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    assets: Res<BoardAssets>,
) {
    if !marks.is_changed() && !screen.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let reach_mat = if marks.area {
        assets.area_mat.clone()
    } else {
        assets.reach_mat.clone()
    };
    for h in marks.targets.iter() {
        let p = layout.hole(h);
        // A disc under a marble would be hidden: a ring around it instead.
        let mesh = if marks.marbles.contains(h) {
            assets.target_ring.clone()
        } else {
            assets.hole.clone()
        };
        commands.spawn((
            DestinationMark,
            DespawnOnExit(*screen.get()),
            HoleMarker(h),
            flat_on_board(p.x, p.z, 0.02),
            Mesh3d(mesh),
            MeshMaterial3d(assets.destination.clone()),
        ));
    }
    for h in marks.reach.iter() {
        let p = layout.hole(h);
        // Under the hole's dimple; clicking it counts as clicking the hole.
        commands.spawn((
            DestinationMark,
            DespawnOnExit(*screen.get()),
            HoleMarker(h),
            flat_on_board(p.x, p.z, 0.0065),
            Mesh3d(assets.reach.clone()),
            MeshMaterial3d(reach_mat.clone()),
        ));
    }
}

fn mark_last_move(
    mut commands: Commands,
    old: Query<Entity, With<LastMoveMark>>,
    mut applied: MessageReader<MarblesMoved>,
    mut changed: MessageReader<BoardChanged>,
    shown: Res<BoardOnShow>,
    screen: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    assets: Res<BoardAssets>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let moved = applied.read().count() > 0;
    let rebuilt = changed.read().count() > 0;
    if !moved && !rebuilt {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some((seat, route)) = &shown.last_move else {
        return;
    };
    let colour = shown.colour(*seat);
    let mat = materials.add(StandardMaterial {
        base_color: colour.with_alpha(0.9),
        emissive: LinearRgba::from(colour) * 0.6,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    for (i, &h) in route.iter().enumerate() {
        let p = layout.hole(h);
        let end = i == 0 || i + 1 == route.len();
        commands.spawn((
            LastMoveMark,
            DespawnOnExit(*screen.get()),
            flat_on_board(p.x, p.z, 0.015),
            Mesh3d(if end {
                assets.ring.clone()
            } else {
                assets.dot.clone()
            }),
            MeshMaterial3d(mat.clone()),
            Pickable::IGNORE,
        ));
    }
    // Dots halfway along each hop trace the path.
    for w in route.windows(2) {
        let p = (layout.hole(w[0]) + layout.hole(w[1])) / 2.0;
        commands.spawn((
            LastMoveMark,
            DespawnOnExit(*screen.get()),
            flat_on_board(p.x, p.z, 0.015).with_scale(Vec3::splat(0.7)),
            Mesh3d(assets.dot.clone()),
            MeshMaterial3d(mat.clone()),
            Pickable::IGNORE,
        ));
    }
}

/// The cursor: a thick bright ring on a dark outline around the hole, gently
/// pulsing so the eye finds it.
fn mark_cursor(
    mut commands: Commands,
    mut marks: Query<(Entity, &mut Transform), With<CursorMark>>,
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    assets: Res<BoardAssets>,
    time: Res<Time>,
) {
    let pulse = 1.0 + 0.09 * (time.elapsed_secs() * 5.0).sin();
    let place = |h: Hole| {
        let p = layout.hole(h);
        flat_on_board(p.x, p.z, 0.03).with_scale(Vec3::splat(pulse))
    };
    match (selection.cursor, marks.single_mut()) {
        (Some(h), Ok((_, mut t))) => *t = place(h),
        (Some(h), Err(_)) => {
            commands
                .spawn((
                    CursorMark,
                    place(h),
                    Mesh3d(assets.cursor_outline.clone()),
                    MeshMaterial3d(assets.cursor_dark.clone()),
                    Pickable::IGNORE,
                ))
                .with_child((
                    Transform::from_xyz(0.0, 0.0, 0.004),
                    Mesh3d(assets.cursor_ring.clone()),
                    MeshMaterial3d(assets.cursor.clone()),
                    Pickable::IGNORE,
                ));
        }
        (None, Ok((e, _))) => commands.entity(e).despawn(),
        (None, Err(_)) => {}
    }
}

/// The glowing marks the boards of food checkers and draughts share: where
/// the picked-up piece may land next (bright) and further on (faint), the
/// piece itself, what must or will be taken, a hint and the keyboard cursor.
pub struct MarkMaterials {
    pub landing: Handle<StandardMaterial>,
    pub further: Handle<StandardMaterial>,
    pub selected: Handle<StandardMaterial>,
    pub taken: Handle<StandardMaterial>,
    pub hint: Handle<StandardMaterial>,
    pub cursor: Handle<StandardMaterial>,
}

/// An unlit, see-through material that glows in `c`.
pub fn glow(c: Color, e: LinearRgba) -> StandardMaterial {
    StandardMaterial {
        base_color: c,
        emissive: e,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    }
}

impl MarkMaterials {
    pub fn new(materials: &mut Assets<StandardMaterial>) -> MarkMaterials {
        MarkMaterials {
            landing: materials.add(glow(
                Color::srgba(0.55, 1.0, 0.75, 0.9),
                LinearRgba::rgb(0.4, 1.6, 0.8),
            )),
            further: materials.add(glow(
                Color::srgba(0.55, 1.0, 0.75, 0.35),
                LinearRgba::rgb(0.1, 0.4, 0.2),
            )),
            selected: materials.add(glow(
                Color::srgb(0.30, 0.95, 1.0),
                LinearRgba::rgb(0.6, 2.0, 2.2),
            )),
            taken: materials.add(glow(
                Color::srgba(1.0, 0.25, 0.2, 0.95),
                LinearRgba::rgb(2.0, 0.3, 0.2),
            )),
            hint: materials.add(glow(
                Color::srgba(1.0, 0.82, 0.2, 0.9),
                LinearRgba::rgb(2.0, 1.5, 0.2),
            )),
            cursor: materials.add(glow(
                Color::srgb(1.0, 1.0, 1.0),
                LinearRgba::rgb(1.5, 1.5, 1.5),
            )),
        }
    }
}
