//! How the party looks: spinning mystery boxes with a "?" on every side,
//! striped barriers and hard-hatted road workers with their countdown pips,
//! the power marble's pulsing halo, wings on a flying marble, sparkles behind
//! item motions, and the tornado's funnel. Everything is made of shared
//! meshes and materials built once at start-up.

use super::{Funnel, ItemBox, Leave, Leaving, ObstacleMark, Powered};
use crate::base::AppSystems;
use crate::stage::marbles::{Hopping, Marble, Motion, RADIUS, REST_Y};
use bevy::asset::RenderAssetUsages;
use bevy::light::NotShadowCaster;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use starhop_engine::Item;

/// The countdown pips an obstacle shows (its turns at the start).
const PIPS: usize = starhop_engine::items::OBSTACLE_TURNS as usize;
/// A box's edge, and the height its middle floats at.
const BOX: f32 = 0.46;
const BOX_Y: f32 = 0.68;

#[derive(Resource)]
struct PartyAssets {
    cube: Handle<Mesh>,
    edge: Handle<Mesh>,
    gold: Handle<StandardMaterial>,
    glyph: Handle<Mesh>,
    box_glow: Handle<Mesh>,
    box_mat: Handle<StandardMaterial>,
    glyph_mat: Handle<StandardMaterial>,
    glow_mat: Handle<StandardMaterial>,
    // Roadblock.
    post: Handle<Mesh>,
    base: Handle<Mesh>,
    stripe: Handle<Mesh>,
    lamp: Handle<Mesh>,
    lamp_mat: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
    red: Handle<StandardMaterial>,
    dark: Handle<StandardMaterial>,
    // Road worker.
    sphere: Handle<Mesh>,
    band: Handle<Mesh>,
    hat: Handle<Mesh>,
    brim: Handle<Mesh>,
    stripe_band: Handle<Mesh>,
    stone: Handle<StandardMaterial>,
    orange: Handle<StandardMaterial>,
    yellow: Handle<StandardMaterial>,
    // Countdown pips.
    pip: Handle<Mesh>,
    pip_lit: Handle<StandardMaterial>,
    pip_dim: Handle<StandardMaterial>,
    // Power marble.
    halo: Handle<Mesh>,
    halo_ring: Handle<Mesh>,
    halo_mat: Handle<StandardMaterial>,
    ring_mat: Handle<StandardMaterial>,
    // Wings and sparkles.
    feather: Handle<Mesh>,
    wing_mat: Handle<StandardMaterial>,
    spark: Handle<Mesh>,
    hole_ring: Handle<Mesh>,
    beam: Handle<Mesh>,
    spark_gold: Handle<StandardMaterial>,
    spark_violet: Handle<StandardMaterial>,
    spark_wind: Handle<StandardMaterial>,
    // Tornado.
    rings: Vec<Handle<Mesh>>,
    streak: Handle<Mesh>,
    wind_mat: Handle<StandardMaterial>,
    streak_mat: Handle<StandardMaterial>,
    shadow: Handle<Mesh>,
    shadow_mat: Handle<StandardMaterial>,
}

/// Turns about the vertical and bobs (the boxes' idle dance).
#[derive(Component)]
struct Spin {
    rate: f32,
    base_y: f32,
    bob: f32,
    phase: f32,
}

/// The pips of an obstacle's countdown, lit for the turns left.
#[derive(Component)]
struct Pips([Entity; PIPS]);

/// The power marble's halo, following its marble.
#[derive(Component)]
struct Halo {
    marble: Entity,
    age: f32,
}

/// The wings of a flying marble (the entity of their pivot).
#[derive(Component)]
struct Winged(Entity);

/// One wing, beating about its hinge.
#[derive(Component)]
struct WingHinge {
    side: f32,
}

/// A spark left behind by an item motion, or thrown out by a box as it is
/// taken; shrinks away.
#[derive(Component)]
struct Sparkle {
    age: f32,
    velocity: Vec3,
}

/// A taken box has thrown its burst of sparks.
#[derive(Component)]
struct Burst;

/// Turns about the vertical to face the camera (obstacles).
#[derive(Component)]
struct FaceCamera;

/// A glowing ring on a hole a wing or a swap uses, for a while.
#[derive(Component)]
struct HoleRing {
    age: f32,
    life: f32,
    /// A beam's length (0 for a ring).
    long: f32,
}

/// A ring of the tornado's funnel, turning at its own speed.
#[derive(Component)]
struct Swirl(f32);

type PoweredMarble = (With<Powered>, Without<Halo>);
type LandedMarble = (With<Marble>, Without<Hopping>);
type BoxToBurst = (With<ItemBox>, Without<Burst>);

/// Rings the tornado's funnel is made of, and how wide each is (narrow at
/// the bottom, wide at the top).
const FUNNEL_RINGS: usize = 14;
fn funnel_radius(ring: usize) -> f32 {
    0.2 + 0.1 * ring as f32
}

/// Seconds a sparkle lives, and between two sparkles of one marble.
const SPARKLE_LIFE: f32 = 0.55;
const SPARKLE_EVERY: f32 = 0.035;

pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        (
            (dress_boxes, dress_obstacles, dress_funnels, show_countdown),
            (
                follow_power_halo,
                add_wings,
                trail_sparkles,
                mark_item_holes,
                burst_taken_boxes,
            ),
            (
                spin,
                beat_wings,
                swirl,
                fade_sparkles,
                fade_hole_rings,
                face_camera,
            ),
        )
            .chain()
            .in_set(AppSystems::View)
            .after(super::animate_party),
    );
}

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut mat = |m: StandardMaterial| materials.add(m);
    let shiny = |c: Color| StandardMaterial {
        base_color: c,
        perceptual_roughness: 0.35,
        reflectance: 0.5,
        ..default()
    };
    let glowing = |c: Color, e: LinearRgba, alpha: AlphaMode| StandardMaterial {
        base_color: c,
        emissive: e,
        alpha_mode: alpha,
        unlit: true,
        ..default()
    };
    let assets = PartyAssets {
        cube: meshes.add(Cuboid::new(BOX, BOX, BOX)),
        edge: meshes.add(Cuboid::new(BOX + 0.05, 0.05, 0.05)),
        glyph: meshes.add(question_mark(0.36)),
        box_glow: meshes.add(Annulus::new(0.3, 0.42)),
        box_mat: mat(StandardMaterial {
            base_color: Color::srgb(0.05, 0.72, 0.80),
            emissive: LinearRgba::rgb(0.0, 0.16, 0.2),
            perceptual_roughness: 0.2,
            reflectance: 0.6,
            clearcoat: 0.8,
            ..default()
        }),
        gold: mat(StandardMaterial {
            base_color: Color::srgb(1.0, 0.78, 0.25),
            emissive: LinearRgba::rgb(0.3, 0.2, 0.02),
            metallic: 0.7,
            perceptual_roughness: 0.3,
            ..default()
        }),
        glyph_mat: mat(StandardMaterial {
            base_color: Color::srgb(1.0, 1.0, 0.95),
            emissive: LinearRgba::rgb(1.4, 1.3, 1.1),
            unlit: true,
            cull_mode: None,
            ..default()
        }),
        glow_mat: mat(glowing(
            Color::srgba(1.0, 0.8, 0.3, 0.55),
            LinearRgba::rgb(1.2, 0.8, 0.2),
            AlphaMode::Add,
        )),
        post: meshes.add(Cylinder::new(0.05, 0.74)),
        base: meshes.add(Cylinder::new(0.12, 0.06)),
        stripe: meshes.add(Cuboid::new(0.18, 0.17, 0.06)),
        lamp: meshes.add(Sphere::new(0.075).mesh().ico(2).unwrap()),
        // Warning lamps glow red-orange, apart from the amber countdown pips.
        lamp_mat: mat(glowing(
            Color::srgb(1.0, 0.3, 0.1),
            LinearRgba::rgb(3.0, 0.6, 0.1),
            AlphaMode::Opaque,
        )),
        white: mat(shiny(Color::srgb(0.95, 0.95, 0.93))),
        red: mat(shiny(Color::srgb(0.85, 0.08, 0.06))),
        dark: mat(shiny(Color::srgb(0.12, 0.12, 0.13))),
        sphere: meshes.add(Sphere::new(RADIUS).mesh().uv(32, 16)),
        band: meshes.add(Torus::new(RADIUS - 0.03, RADIUS + 0.035)),
        hat: meshes.add(Sphere::new(0.22).mesh().uv(24, 12)),
        brim: meshes.add(Cylinder::new(0.28, 0.025)),
        stripe_band: meshes.add(Torus::new(RADIUS - 0.02, RADIUS + 0.012)),
        stone: mat(StandardMaterial {
            base_color: Color::srgb(0.30, 0.33, 0.40),
            perceptual_roughness: 0.75,
            ..default()
        }),
        orange: mat(StandardMaterial {
            base_color: Color::srgb(1.0, 0.42, 0.02),
            emissive: LinearRgba::rgb(0.25, 0.08, 0.0),
            perceptual_roughness: 0.4,
            ..default()
        }),
        yellow: mat(StandardMaterial {
            base_color: Color::srgb(1.0, 0.82, 0.05),
            perceptual_roughness: 0.25,
            reflectance: 0.6,
            clearcoat: 0.7,
            ..default()
        }),
        pip: meshes.add(Sphere::new(0.06).mesh().ico(2).unwrap()),
        pip_lit: mat(glowing(
            Color::srgb(1.0, 0.75, 0.1),
            LinearRgba::rgb(3.0, 1.8, 0.2),
            AlphaMode::Opaque,
        )),
        pip_dim: mat(StandardMaterial {
            base_color: Color::srgb(0.2, 0.18, 0.16),
            perceptual_roughness: 0.7,
            ..default()
        }),
        halo: meshes.add(Sphere::new(RADIUS * 1.45).mesh().uv(32, 16)),
        halo_ring: meshes.add(Torus::new(RADIUS * 1.3, RADIUS * 1.42)),
        halo_mat: mat(glowing(
            Color::srgba(1.0, 0.7, 0.15, 0.3),
            LinearRgba::rgb(0.9, 0.5, 0.05),
            AlphaMode::Add,
        )),
        ring_mat: mat(glowing(
            Color::srgb(1.0, 0.85, 0.3),
            LinearRgba::rgb(3.0, 2.0, 0.4),
            AlphaMode::Opaque,
        )),
        feather: meshes.add(Sphere::new(1.0).mesh().uv(16, 8)),
        wing_mat: mat(StandardMaterial {
            base_color: Color::srgb(1.0, 0.95, 0.8),
            emissive: LinearRgba::rgb(1.2, 0.95, 0.4),
            perceptual_roughness: 0.6,
            ..default()
        }),
        spark: meshes.add(Sphere::new(0.075).mesh().ico(1).unwrap()),
        hole_ring: meshes.add(Annulus::new(0.36, 0.5)),
        beam: meshes.add(Cylinder::new(0.05, 1.0)),
        spark_gold: mat(glowing(
            Color::srgba(1.0, 0.85, 0.35, 0.9),
            LinearRgba::rgb(2.5, 1.8, 0.5),
            AlphaMode::Add,
        )),
        spark_violet: mat(glowing(
            Color::srgba(0.75, 0.45, 1.0, 0.9),
            LinearRgba::rgb(1.6, 0.8, 2.6),
            AlphaMode::Add,
        )),
        spark_wind: mat(glowing(
            Color::srgba(0.8, 0.9, 1.0, 0.7),
            LinearRgba::rgb(0.9, 1.1, 1.4),
            AlphaMode::Add,
        )),
        rings: (0..FUNNEL_RINGS)
            .map(|i| {
                let (r, w) = (funnel_radius(i), 0.03 + 0.008 * i as f32);
                meshes.add(Torus::new(r - w, r + w))
            })
            .collect(),
        streak: meshes.add(Sphere::new(1.0).mesh().uv(12, 6)),
        wind_mat: mat(StandardMaterial {
            base_color: Color::srgba(0.85, 0.9, 0.95, 0.3),
            emissive: LinearRgba::rgb(0.15, 0.18, 0.22),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.9,
            ..default()
        }),
        streak_mat: mat(glowing(
            Color::srgba(0.9, 0.95, 1.0, 0.6),
            LinearRgba::rgb(0.8, 0.9, 1.1),
            AlphaMode::Add,
        )),
        shadow: meshes.add(Circle::new(1.6)),
        shadow_mat: mat(StandardMaterial {
            base_color: Color::srgba(0.05, 0.06, 0.08, 0.45),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
    };
    commands.insert_resource(assets);
}

/// A "?" as a flat ribbon mesh `height` high, facing +Z: a hook, a stem and a dot.
fn question_mark(height: f32) -> Mesh {
    let k = height / 0.3;
    let w = 0.024 * k;
    // The stroke: a hook round from the upper left over the top down to the
    // middle, then a short stem.
    let mut path: Vec<Vec2> = Vec::new();
    let (c, r) = (Vec2::new(0.0, 0.075) * k, 0.068 * k);
    let steps = 14;
    for i in 0..=steps {
        let a = (160.0 - 250.0 * i as f32 / steps as f32).to_radians();
        path.push(c + Vec2::new(a.cos(), a.sin()) * r);
    }
    path.push(Vec2::new(0.0, -0.035 * k));
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for (i, p) in path.iter().enumerate() {
        let prev = path[i.saturating_sub(1)];
        let next = path[(i + 1).min(path.len() - 1)];
        let dir = (next - prev).normalize_or_zero();
        let n = Vec2::new(-dir.y, dir.x) * w;
        positions.push([p.x + n.x, p.y + n.y, 0.0]);
        positions.push([p.x - n.x, p.y - n.y, 0.0]);
        if i > 0 {
            let b = (2 * i) as u32;
            indices.extend([b - 2, b - 1, b, b - 1, b + 1, b]);
        }
    }
    // The dot: a small octagon fan.
    let dot = Vec2::new(0.0, -0.105 * k);
    let centre = positions.len() as u32;
    positions.push([dot.x, dot.y, 0.0]);
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::TAU / 8.0;
        positions.push([dot.x + a.cos() * w * 1.3, dot.y + a.sin() * w * 1.3, 0.0]);
        indices.extend([centre, centre + 1 + i, centre + 1 + (i + 1) % 8]);
    }
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
    .with_inserted_indices(Indices::U32(indices))
}

/// A mesh part of a party piece: never picked, and (for glows) no shadow.
fn part(
    mesh: &Handle<Mesh>,
    mat: &Handle<StandardMaterial>,
    t: Transform,
) -> (
    Mesh3d,
    MeshMaterial3d<StandardMaterial>,
    Transform,
    Pickable,
) {
    (
        Mesh3d(mesh.clone()),
        MeshMaterial3d(mat.clone()),
        t,
        Pickable::IGNORE,
    )
}

fn dress_boxes(
    mut commands: Commands,
    new: Query<(Entity, &ItemBox), Added<ItemBox>>,
    assets: Res<PartyAssets>,
) {
    use std::f32::consts::FRAC_PI_2;
    for (e, b) in &new {
        let body = commands
            .spawn((
                part(
                    &assets.cube,
                    &assets.box_mat,
                    Transform::from_xyz(0.0, BOX_Y, 0.0),
                ),
                Spin {
                    rate: 0.9,
                    base_y: BOX_Y,
                    bob: 0.07,
                    phase: b.hole as f32 * 1.7,
                },
            ))
            .id();
        // Gold edges: four round the top, four round the bottom, four upright.
        let h = BOX / 2.0;
        let mut edges = Vec::with_capacity(12);
        for (a, b) in [(h, h), (h, -h), (-h, h), (-h, -h)] {
            edges.push(Transform::from_xyz(0.0, a, b));
            edges.push(
                Transform::from_xyz(a, b, 0.0).with_rotation(Quat::from_rotation_y(FRAC_PI_2)),
            );
            edges.push(
                Transform::from_xyz(a, 0.0, b).with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
            );
        }
        for t in edges {
            let edge = commands.spawn(part(&assets.edge, &assets.gold, t)).id();
            commands.entity(body).add_child(edge);
        }
        // A "?" on each side and on top.
        let face = h + 0.004;
        let sides = [
            Transform::from_xyz(0.0, 0.0, face),
            Transform::from_xyz(face, 0.0, 0.0).with_rotation(Quat::from_rotation_y(FRAC_PI_2)),
            Transform::from_xyz(0.0, 0.0, -face)
                .with_rotation(Quat::from_rotation_y(std::f32::consts::PI)),
            Transform::from_xyz(-face, 0.0, 0.0).with_rotation(Quat::from_rotation_y(-FRAC_PI_2)),
            Transform::from_xyz(0.0, face, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ];
        for t in sides {
            let glyph = commands
                .spawn((part(&assets.glyph, &assets.glyph_mat, t), NotShadowCaster))
                .id();
            commands.entity(body).add_child(glyph);
        }
        let glow = commands
            .spawn((
                part(
                    &assets.box_glow,
                    &assets.glow_mat,
                    Transform::from_xyz(0.0, 0.02, 0.0)
                        .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
                ),
                NotShadowCaster,
            ))
            .id();
        commands.entity(e).add_children(&[body, glow]);
    }
}

fn dress_obstacles(
    mut commands: Commands,
    new: Query<(Entity, &ObstacleMark), Added<ObstacleMark>>,
    assets: Res<PartyAssets>,
) {
    for (e, mark) in &new {
        let mut parts: Vec<Entity> = Vec::new();
        let pip_y = match mark.0.item {
            Item::Roadblock => {
                // Two white posts on dark feet, two red-and-white striped
                // boards, and a warning lamp on each post.
                for x in [-0.36, 0.36] {
                    parts.push(
                        commands
                            .spawn(part(
                                &assets.base,
                                &assets.dark,
                                Transform::from_xyz(x, 0.03, 0.0),
                            ))
                            .id(),
                    );
                    parts.push(
                        commands
                            .spawn(part(
                                &assets.post,
                                &assets.white,
                                Transform::from_xyz(x, 0.37, 0.0),
                            ))
                            .id(),
                    );
                    parts.push(
                        commands
                            .spawn((
                                part(
                                    &assets.lamp,
                                    &assets.lamp_mat,
                                    Transform::from_xyz(x, 0.79, 0.0),
                                ),
                                NotShadowCaster,
                            ))
                            .id(),
                    );
                }
                for (y, shift) in [(0.56, 0), (0.3, 1)] {
                    for i in 0..5 {
                        let mat = if (i + shift) % 2 == 0 {
                            &assets.red
                        } else {
                            &assets.white
                        };
                        let x = -0.36 + 0.18 * i as f32;
                        parts.push(
                            commands
                                .spawn(part(&assets.stripe, mat, Transform::from_xyz(x, y, 0.06)))
                                .id(),
                        );
                    }
                }
                0.98
            }
            _ => {
                // A fixed stone marble with a hi-vis band and a hard hat.
                let body = Transform::from_xyz(0.0, REST_Y, 0.0);
                parts.push(
                    commands
                        .spawn(part(&assets.sphere, &assets.stone, body))
                        .id(),
                );
                parts.push(
                    commands
                        .spawn(part(
                            &assets.band,
                            &assets.orange,
                            body.with_scale(Vec3::new(1.0, 1.6, 1.0)),
                        ))
                        .id(),
                );
                // A reflective stripe round the band.
                parts.push(
                    commands
                        .spawn(part(
                            &assets.stripe_band,
                            &assets.white,
                            Transform::from_xyz(0.0, REST_Y + 0.02, 0.0),
                        ))
                        .id(),
                );
                let hat_y = REST_Y + RADIUS * 0.86;
                parts.push(
                    commands
                        .spawn(part(
                            &assets.hat,
                            &assets.yellow,
                            Transform::from_xyz(0.0, hat_y, 0.0)
                                .with_scale(Vec3::new(1.0, 0.8, 1.0)),
                        ))
                        .id(),
                );
                parts.push(
                    commands
                        .spawn(part(
                            &assets.brim,
                            &assets.yellow,
                            Transform::from_xyz(0.0, hat_y - 0.01, 0.0),
                        ))
                        .id(),
                );
                REST_Y + RADIUS + 0.42
            }
        };
        let pips = std::array::from_fn(|i| {
            let x = (i as f32 - (PIPS as f32 - 1.0) / 2.0) * 0.15;
            let lit = i < mark.0.turns_left as usize;
            commands
                .spawn((
                    part(
                        &assets.pip,
                        if lit {
                            &assets.pip_lit
                        } else {
                            &assets.pip_dim
                        },
                        Transform::from_xyz(x, pip_y, 0.0),
                    ),
                    NotShadowCaster,
                ))
                .id()
        });
        parts.extend(pips);
        // The parts turn to face the camera, so the barrier and the pips
        // read from every seat.
        // The barrier a little larger than life, so it reads from afar.
        let size = if mark.0.item == Item::Roadblock {
            1.15
        } else {
            1.0
        };
        let pivot = commands
            .spawn((
                FaceCamera,
                Transform::from_scale(Vec3::splat(size)),
                Visibility::default(),
            ))
            .add_children(&parts)
            .id();
        commands.entity(e).add_child(pivot).insert(Pips(pips));
    }
}

/// Lights one pip per turn the obstacle has left.
fn show_countdown(
    marks: Query<(&ObstacleMark, &Pips), Changed<ObstacleMark>>,
    mut materials: Query<&mut MeshMaterial3d<StandardMaterial>>,
    assets: Res<PartyAssets>,
) {
    for (mark, pips) in &marks {
        for (i, &pip) in pips.0.iter().enumerate() {
            if let Ok(mut m) = materials.get_mut(pip) {
                let lit = i < mark.0.turns_left as usize;
                m.0 = if lit {
                    assets.pip_lit.clone()
                } else {
                    assets.pip_dim.clone()
                };
            }
        }
    }
}

fn dress_funnels(
    mut commands: Commands,
    new: Query<Entity, Added<Funnel>>,
    assets: Res<PartyAssets>,
) {
    use std::f32::consts::FRAC_PI_2;
    for e in &new {
        let mut parts = Vec::new();
        for (i, ring) in assets.rings.iter().enumerate() {
            let y = 0.1 + 0.2 * i as f32;
            // Each ring leans a little and turns at its own speed, so the
            // funnel seems to twist.
            let lean = Quat::from_rotation_x(0.12 * ((i as f32) * 1.3).sin());
            let r = funnel_radius(i);
            let streaks: Vec<Entity> = (0..2)
                .map(|k| {
                    let a = k as f32 * std::f32::consts::PI + i as f32;
                    commands
                        .spawn((
                            part(
                                &assets.streak,
                                &assets.streak_mat,
                                Transform::from_xyz(r * a.cos(), 0.0, r * a.sin())
                                    .with_rotation(Quat::from_rotation_y(-a))
                                    .with_scale(Vec3::new(0.05, 0.04, 0.32)),
                            ),
                            NotShadowCaster,
                        ))
                        .id()
                })
                .collect();
            let ring = commands
                .spawn((
                    part(
                        ring,
                        &assets.wind_mat,
                        Transform::from_xyz(0.0, y, 0.0).with_rotation(lean),
                    ),
                    Swirl(12.0 - 0.5 * i as f32),
                    NotShadowCaster,
                ))
                .add_children(&streaks)
                .id();
            parts.push(ring);
        }
        parts.push(
            commands
                .spawn((
                    part(
                        &assets.shadow,
                        &assets.shadow_mat,
                        Transform::from_xyz(0.0, 0.03, 0.0)
                            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
                    ),
                    NotShadowCaster,
                ))
                .id(),
        );
        commands.entity(e).add_children(&parts);
    }
}

/// The halo goes with the power marble wherever it moves, and goes out when
/// the marble is no longer powered.
fn follow_power_halo(
    mut commands: Commands,
    time: Res<Time>,
    powered: Query<(Entity, &Transform), PoweredMarble>,
    mut halos: Query<(Entity, &mut Halo, &mut Transform)>,
    assets: Res<PartyAssets>,
) {
    for (e, mut halo, mut t) in &mut halos {
        let Ok((_, marble)) = powered.get(halo.marble) else {
            commands.entity(e).despawn();
            continue;
        };
        halo.age += time.delta_secs();
        // A burst as it charges up, then a steady pulse.
        let charge = (halo.age * 3.0).min(1.0);
        let burst = 1.0 + 0.8 * (-halo.age * 4.0).exp() * charge;
        let pulse = 1.0 + 0.12 * (time.elapsed_secs() * 5.5).sin();
        t.translation = marble.translation;
        t.scale = Vec3::splat(charge * burst * pulse);
        t.rotation = Quat::from_rotation_y(time.elapsed_secs() * 2.0);
    }
    for (marble, t) in &powered {
        if halos.iter().any(|(_, h, _)| h.marble == marble) {
            continue;
        }
        commands
            .spawn((
                Halo { marble, age: 0.0 },
                Transform::from_translation(t.translation).with_scale(Vec3::ZERO),
                Visibility::default(),
                crate::classic::party::PartyPiece,
            ))
            .with_children(|c| {
                c.spawn((
                    part(&assets.halo, &assets.halo_mat, Transform::IDENTITY),
                    NotShadowCaster,
                ));
                c.spawn((
                    part(
                        &assets.halo_ring,
                        &assets.ring_mat,
                        Transform::from_rotation(Quat::from_rotation_x(0.5)),
                    ),
                    NotShadowCaster,
                ));
                c.spawn((
                    PointLight {
                        intensity: 30_000.0,
                        range: 3.0,
                        color: Color::srgb(1.0, 0.75, 0.3),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.5, 0.0),
                ));
            });
    }
}

/// Wings on a marble while it flies by the flying wing; off when it lands.
fn add_wings(
    mut commands: Commands,
    flying: Query<(Entity, &Hopping, Option<&Winged>), With<Marble>>,
    landed: Query<(Entity, &Winged), LandedMarble>,
    assets: Res<PartyAssets>,
) {
    for (e, winged) in &landed {
        commands.entity(winged.0).despawn();
        commands.entity(e).remove::<Winged>();
    }
    for (e, hop, winged) in &flying {
        if hop.motion != Motion::Wing || winged.is_some() {
            continue;
        }
        let way = (hop.route[hop.route.len() - 1] - hop.route[0]).with_y(0.0);
        let facing = Quat::from_rotation_arc(Vec3::Z, way.normalize_or(Vec3::Z));
        let pivot = commands
            .spawn((Transform::from_rotation(facing), Visibility::default()))
            .with_children(|c| {
                for side in [-1.0f32, 1.0] {
                    c.spawn((
                        WingHinge { side },
                        Transform::from_xyz(side * 0.22, 0.1, 0.0),
                        Visibility::default(),
                    ))
                    .with_children(|w| {
                        // Three feathers per wing, shorter towards the back.
                        for (x, z, len) in
                            [(0.4, -0.04, 0.45), (0.34, 0.1, 0.36), (0.26, 0.22, 0.26)]
                        {
                            w.spawn((
                                part(
                                    &assets.feather,
                                    &assets.wing_mat,
                                    Transform::from_xyz(side * x, 0.0, z)
                                        .with_scale(Vec3::new(len, 0.035, 0.1)),
                                ),
                                NotShadowCaster,
                            ));
                        }
                    });
                }
            })
            .id();
        commands.entity(e).add_child(pivot).insert(Winged(pivot));
    }
}

/// Sparkles behind marbles moved by items: gold for the wing, violet for a
/// swap, pale wind for the tornado. They are laid along the way the marble
/// came since the last frame, so the trail is even at any frame rate.
fn trail_sparkles(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<crate::settings::Settings>,
    bot_speed: Option<Res<crate::classic::BotSpeed>>,
    mut owed: Local<f32>,
    moving: Query<(Entity, &Hopping), With<Marble>>,
    assets: Res<PartyAssets>,
) {
    *owed += time.delta_secs();
    let count = (*owed / SPARKLE_EVERY).floor().min(8.0);
    if count < 1.0 {
        return;
    }
    *owed -= count * SPARKLE_EVERY;
    let speed = crate::stage::marbles::animation_speed(&settings, bot_speed.as_deref());
    let now = time.elapsed_secs();
    for (e, hop) in &moving {
        let mat = match hop.motion {
            Motion::Arc => continue,
            Motion::Wing => &assets.spark_gold,
            Motion::Cross => &assets.spark_violet,
            Motion::Whirl { .. } => &assets.spark_wind,
        };
        let Some(&b) = hop.route.get(hop.hop + 1) else {
            continue;
        };
        let a = hop.route[hop.hop];
        let step = SPARKLE_EVERY * speed / hop.motion.seconds();
        for i in 0..count as usize {
            let t = hop.t - step * i as f32;
            if t <= 0.02 {
                break;
            }
            let at = crate::stage::marbles::leg_point(a, b, t.min(1.0), hop.height, hop.motion);
            // A little scatter, different for each marble and moment.
            let seed = e.index_u32() as f32 * 12.9898 + now * 78.233 + i as f32 * 4.1;
            let jitter = Vec3::new(seed.sin(), (seed * 1.3).cos(), (seed * 0.7).sin()) * 0.14;
            commands.spawn((
                Sparkle {
                    age: SPARKLE_EVERY * i as f32,
                    velocity: Vec3::Y * 0.3,
                },
                part(&assets.spark, mat, Transform::from_translation(at + jitter)),
                NotShadowCaster,
                crate::classic::party::PartyPiece,
            ));
        }
    }
}

/// Glowing rings on the holes a wing or a swap takes marbles from and to,
/// for as long as the marbles travel.
fn mark_item_holes(
    mut commands: Commands,
    started: Query<&Hopping, (With<Marble>, Added<Hopping>)>,
    settings: Res<crate::settings::Settings>,
    bot_speed: Option<Res<crate::classic::BotSpeed>>,
    assets: Res<PartyAssets>,
) {
    let speed = crate::stage::marbles::animation_speed(&settings, bot_speed.as_deref());
    for hop in &started {
        let mat = match hop.motion {
            Motion::Wing => &assets.spark_gold,
            Motion::Cross => &assets.spark_violet,
            _ => continue,
        };
        let (from, to) = (hop.route[0], hop.route[hop.route.len() - 1]);
        // A swap's two marbles both start here: one beam joins their holes.
        if hop.motion == Motion::Cross && (from.x, from.z) < (to.x, to.z) {
            let way = (to - from).with_y(0.0);
            commands.spawn((
                HoleRing {
                    age: 0.0,
                    life: hop.motion.seconds() / speed,
                    long: way.length() - 0.9,
                },
                part(
                    &assets.beam,
                    mat,
                    Transform::from_translation((from + to).with_y(0.0) / 2.0 + Vec3::Y * 0.04)
                        .with_rotation(Quat::from_rotation_arc(Vec3::Y, way.normalize_or(Vec3::X)))
                        .with_scale(Vec3::new(1.0, way.length() - 0.9, 1.0)),
                ),
                NotShadowCaster,
                crate::classic::party::PartyPiece,
            ));
        }
        for &p in [from, to].iter() {
            let on_board = Vec3::new(p.x, 0.03, p.z);
            commands.spawn((
                HoleRing {
                    age: 0.0,
                    life: hop.motion.seconds() / speed,
                    long: 0.0,
                },
                part(
                    &assets.hole_ring,
                    mat,
                    Transform::from_translation(on_board)
                        .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                ),
                NotShadowCaster,
                crate::classic::party::PartyPiece,
            ));
        }
    }
}

fn fade_hole_rings(
    mut commands: Commands,
    time: Res<Time>,
    mut rings: Query<(Entity, &mut HoleRing, &mut Transform)>,
) {
    for (e, mut r, mut t) in &mut rings {
        r.age += time.delta_secs();
        if r.age >= r.life {
            commands.entity(e).despawn();
            continue;
        }
        let k = r.age / r.life;
        let pulse = 1.0 + 0.15 * (r.age * 12.0).sin();
        let size = pulse * (1.0 - k * k).max(0.05);
        // Rings shrink whole; a beam (long in y) only grows thin.
        if r.long > 0.0 {
            t.scale = Vec3::new(size, r.long, size);
        } else {
            t.scale = Vec3::splat(size);
        }
    }
}

/// A box that pops throws a ring of gold sparks.
fn burst_taken_boxes(
    mut commands: Commands,
    popping: Query<(Entity, &Leaving, &Transform), BoxToBurst>,
    assets: Res<PartyAssets>,
) {
    for (e, leaving, t) in &popping {
        if !matches!(leaving.how, Leave::PickedUp { .. }) || leaving.t <= 0.0 {
            continue;
        }
        commands.entity(e).insert(Burst);
        let centre = t.translation + Vec3::Y * 0.7;
        for i in 0..16 {
            let a = i as f32 * std::f32::consts::TAU / 16.0;
            let up = if i % 2 == 0 { 1.6 } else { 0.6 };
            commands.spawn((
                Sparkle {
                    age: 0.0,
                    velocity: Vec3::new(a.cos() * 1.6, up, a.sin() * 1.6),
                },
                part(
                    &assets.spark,
                    &assets.spark_gold,
                    Transform::from_translation(centre),
                ),
                NotShadowCaster,
                crate::classic::party::PartyPiece,
            ));
        }
    }
}

fn fade_sparkles(
    mut commands: Commands,
    time: Res<Time>,
    mut sparkles: Query<(Entity, &mut Sparkle, &mut Transform)>,
) {
    for (e, mut s, mut t) in &mut sparkles {
        s.age += time.delta_secs();
        if s.age >= SPARKLE_LIFE {
            commands.entity(e).despawn();
            continue;
        }
        t.scale = Vec3::splat(1.0 - s.age / SPARKLE_LIFE);
        t.translation += s.velocity * time.delta_secs();
    }
}

fn spin(time: Res<Time>, mut spinning: Query<(&Spin, &mut Transform)>) {
    let now = time.elapsed_secs();
    for (s, mut t) in &mut spinning {
        t.rotation = Quat::from_rotation_y(now * s.rate + s.phase);
        t.translation.y = s.base_y + s.bob * (now * 2.2 + s.phase).sin();
    }
}

fn beat_wings(time: Res<Time>, mut wings: Query<(&WingHinge, &mut Transform)>) {
    let beat = (time.elapsed_secs() * 20.0).sin();
    for (w, mut t) in &mut wings {
        t.rotation = Quat::from_rotation_z(w.side * (0.3 + 0.5 * beat));
    }
}

fn swirl(time: Res<Time>, mut rings: Query<(&Swirl, &mut Transform)>) {
    for (s, mut t) in &mut rings {
        t.rotation = Quat::from_rotation_y(time.delta_secs() * s.0) * t.rotation;
    }
}

fn face_camera(
    camera: Query<&GlobalTransform, With<Camera3d>>,
    mut facing: Query<&mut Transform, With<FaceCamera>>,
) {
    let Ok(eye) = camera.single() else { return };
    let eye = eye.translation();
    let turn = Quat::from_rotation_y(eye.x.atan2(eye.z));
    for mut t in &mut facing {
        if t.rotation != turn {
            t.rotation = turn;
        }
    }
}
