//! Marbles as glass: a clear, tinted shell with a coloured core inside. The
//! core is a swirl, or, with shape marks on, the colour's own shape (ring,
//! triangle, square, diamond, bar, pentagon) so colour-blind players tell
//! the marbles apart by what is inside them. Lifted while selected.

use super::{Hopping, Marble, RADIUS, REST_Y};
use crate::base::AppSystems;
use crate::settings::Settings;
use crate::stage::board::BoardOnShow;
use crate::stage::input::Selection;
use crate::ui::palette::PALETTE;
use bevy::color::{Alpha, Luminance, Mix};
use bevy::prelude::*;

/// How high a lifted marble floats above its rest height.
const LIFT: f32 = 0.45;

/// The coloured core inside a marble (a child entity).
#[derive(Component)]
struct Core;

#[derive(Resource)]
struct MarbleAssets {
    sphere: Handle<Mesh>,
    /// One glass shell per palette colour.
    shells: Vec<Handle<StandardMaterial>>,
    /// One core material per palette colour.
    cores: Vec<Handle<StandardMaterial>>,
    /// The swirl: a flattened, tilted lens.
    swirl: Handle<Mesh>,
    /// One solid shape per palette colour (the colour-blind marks).
    shapes: Vec<Handle<Mesh>>,
}

pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        (dress_marbles, refresh_cores, lift_selected)
            .chain()
            .in_set(AppSystems::View)
            .in_set(super::MarbleLook)
            .after(super::animate_hops),
    );
}

/// Opaque glossy glass of each palette colour (food checkers' marbles).
pub fn glass_materials(materials: &mut Assets<StandardMaterial>) -> Vec<Handle<StandardMaterial>> {
    PALETTE
        .iter()
        .map(|(_, c)| {
            materials.add(StandardMaterial {
                base_color: *c,
                perceptual_roughness: 0.06,
                reflectance: 0.9,
                clearcoat: 1.0,
                clearcoat_perceptual_roughness: 0.02,
                ..default()
            })
        })
        .collect()
}

/// How much of what is behind a shell shows through it: little enough that
/// every marble keeps its colour from across the table.
const SHELL_ALPHA: f32 = 0.56;

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let shells = PALETTE
        .iter()
        .map(|(_, c)| {
            materials.add(StandardMaterial {
                // Paler than the core: clear glass with a tint of the colour.
                base_color: c.mix(&Color::WHITE, 0.12).with_alpha(SHELL_ALPHA),
                alpha_mode: AlphaMode::Blend,
                perceptual_roughness: 0.04,
                reflectance: 0.7,
                clearcoat: 1.0,
                clearcoat_perceptual_roughness: 0.02,
                ..default()
            })
        })
        .collect();
    let cores = PALETTE
        .iter()
        .map(|(_, c)| {
            // Brighter than the shell and glowing a little, so it reads through the glass.
            let lit = c.lighter(0.08);
            materials.add(StandardMaterial {
                base_color: lit,
                emissive: LinearRgba::from(lit) * 0.25,
                perceptual_roughness: 0.3,
                ..default()
            })
        })
        .collect();
    let r = RADIUS * 0.5;
    let depth = RADIUS * 0.5;
    let flat = |m: Mesh| m.rotated_by(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2));
    let shapes = vec![
        meshes.add(Torus::new(r * 0.45, r)),
        meshes.add(flat(
            Extrusion::new(
                Triangle2d::new(
                    Vec2::new(0.0, r * 1.15),
                    Vec2::new(-r, -r * 0.7),
                    Vec2::new(r, -r * 0.7),
                ),
                depth,
            )
            .into(),
        )),
        meshes.add(Cuboid::new(r * 1.45, depth, r * 1.45)),
        meshes.add(flat(
            Extrusion::new(RegularPolygon::new(r * 1.15, 4), depth).into(),
        )),
        meshes.add(Cuboid::new(r * 2.0, depth, r * 0.6)),
        meshes.add(flat(
            Extrusion::new(RegularPolygon::new(r * 1.1, 5), depth).into(),
        )),
    ];
    commands.insert_resource(MarbleAssets {
        sphere: meshes.add(Sphere::new(RADIUS).mesh().uv(48, 24)),
        shells,
        cores,
        swirl: meshes.add(Sphere::new(RADIUS * 0.74).mesh().uv(24, 12)),
        shapes,
    });
}

fn dress_marbles(
    mut commands: Commands,
    new: Query<(Entity, &Marble), Added<Marble>>,
    assets: Res<MarbleAssets>,
    shown: Res<BoardOnShow>,
    settings: Res<Settings>,
) {
    for (e, marble) in &new {
        let colour = shown.palette(marble.seat);
        commands.entity(e).insert((
            Mesh3d(assets.sphere.clone()),
            MeshMaterial3d(assets.shells[colour].clone()),
        ));
        add_core(
            &mut commands,
            e,
            colour,
            marble.hole,
            settings.shape_marks,
            &assets,
        );
    }
}

/// The core of a marble: the colour's shape, or a swirl tilted its own way
/// on each hole (so the marbles are not all alike).
fn add_core(
    commands: &mut Commands,
    marble: Entity,
    colour: usize,
    hole: starhop_engine::Hole,
    shape: bool,
    assets: &MarbleAssets,
) {
    let (mesh, transform) = if shape {
        (assets.shapes[colour].clone(), Transform::default())
    } else {
        let turn = hole as f32 * 2.399;
        let tilt = Quat::from_rotation_y(turn) * Quat::from_rotation_x(0.5);
        (
            assets.swirl.clone(),
            Transform::from_rotation(tilt).with_scale(Vec3::new(1.0, 0.5, 0.82)),
        )
    };
    let core = commands
        .spawn((
            Core,
            Mesh3d(mesh),
            MeshMaterial3d(assets.cores[colour].clone()),
            transform,
            Pickable::IGNORE,
        ))
        .id();
    commands.entity(marble).add_child(core);
}

/// Shape marks switched on or off: every marble gets the other core.
fn refresh_cores(
    mut commands: Commands,
    settings: Res<Settings>,
    cores: Query<Entity, With<Core>>,
    marbles: Query<(Entity, &Marble)>,
    assets: Res<MarbleAssets>,
    shown: Res<BoardOnShow>,
    mut marked: Local<Option<bool>>,
) {
    let now = settings.shape_marks;
    if marked.replace(now).is_none_or(|was| was == now) {
        return;
    }
    for e in &cores {
        commands.entity(e).despawn();
    }
    for (e, marble) in &marbles {
        add_core(
            &mut commands,
            e,
            shown.palette(marble.seat),
            marble.hole,
            now,
            &assets,
        );
    }
}

/// The selected marble floats above its hole with a gentle bob; the others rest.
fn lift_selected(
    selection: Res<Selection>,
    time: Res<Time>,
    layout: Res<crate::stage::board::BoardLayout>,
    mut marbles: Query<(&Marble, &mut Transform), Without<Hopping>>,
) {
    for (marble, mut t) in &mut marbles {
        let rest = layout.hole(marble.hole) + Vec3::Y * REST_Y;
        let target = if selection.lifted == Some(marble.hole) {
            rest + Vec3::Y * (LIFT + 0.05 * (time.elapsed_secs() * 3.0).sin())
        } else {
            rest
        };
        if t.translation.distance_squared(target) > 1e-8 {
            // Ease towards the target so lifting and dropping look smooth.
            let k = (time.delta_secs() * 14.0).min(1.0);
            t.translation = t.translation.lerp(target, k);
        }
    }
}
