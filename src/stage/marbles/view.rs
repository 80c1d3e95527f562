//! Marbles as glossy glass spheres, each colour with its own shape mark for
//! colour-blind players, lifted while selected.

use super::{Hopping, Marble, RADIUS, REST_Y};
use crate::base::AppSystems;
use crate::settings::Settings;
use crate::stage::board::BoardOnShow;
use crate::stage::input::Selection;
use crate::ui::palette::PALETTE;
use bevy::prelude::*;

/// How high a lifted marble floats above its rest height.
const LIFT: f32 = 0.45;

/// The shape drawn on top of a marble (a child entity).
#[derive(Component)]
struct ShapeMark;

#[derive(Resource)]
struct MarbleAssets {
    sphere: Handle<Mesh>,
    /// One glass material per palette colour.
    glass: Vec<Handle<StandardMaterial>>,
    /// One shape per palette colour, and the two inks to draw them in.
    marks: Vec<Handle<Mesh>>,
    light_ink: Handle<StandardMaterial>,
    dark_ink: Handle<StandardMaterial>,
}

pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        (dress_marbles, refresh_marks, lift_selected)
            .chain()
            .in_set(AppSystems::View)
            .after(super::animate_hops),
    );
}

/// The glass of each palette colour (classic marbles and food checkers').
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

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let glass = glass_materials(&mut materials);
    let s = 0.16;
    let marks = vec![
        meshes.add(Annulus::new(s * 0.55, s)),
        meshes.add(Triangle2d::new(
            Vec2::new(0.0, s * 1.1),
            Vec2::new(-s, -s * 0.7),
            Vec2::new(s, -s * 0.7),
        )),
        meshes.add(Rectangle::new(s * 1.5, s * 1.5)),
        meshes.add(RegularPolygon::new(s * 1.1, 4)),
        meshes.add(Rectangle::new(s * 2.0, s * 0.55)),
        meshes.add(RegularPolygon::new(s * 1.05, 5)),
    ];
    let ink = |c: Color| StandardMaterial {
        base_color: c,
        unlit: true,
        ..default()
    };
    commands.insert_resource(MarbleAssets {
        sphere: meshes.add(Sphere::new(RADIUS).mesh().uv(48, 24)),
        glass,
        marks,
        light_ink: materials.add(ink(Color::srgb(0.97, 0.97, 0.95))),
        dark_ink: materials.add(ink(Color::srgb(0.08, 0.08, 0.1))),
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
            MeshMaterial3d(assets.glass[colour].clone()),
        ));
        if settings.shape_marks {
            add_mark(&mut commands, e, colour, &assets);
        }
    }
}

fn add_mark(commands: &mut Commands, marble: Entity, colour: usize, assets: &MarbleAssets) {
    // Dark ink on the light marbles (yellow, white), light ink on the rest.
    let ink = if colour == 2 || colour == 5 {
        &assets.dark_ink
    } else {
        &assets.light_ink
    };
    let mark = commands
        .spawn((
            ShapeMark,
            Mesh3d(assets.marks[colour].clone()),
            MeshMaterial3d(ink.clone()),
            Transform::from_xyz(0.0, RADIUS * 0.985, 0.0)
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
            Pickable::IGNORE,
        ))
        .id();
    commands.entity(marble).add_child(mark);
}

fn refresh_marks(
    mut commands: Commands,
    settings: Res<Settings>,
    marks: Query<Entity, With<ShapeMark>>,
    marbles: Query<(Entity, &Marble)>,
    assets: Res<MarbleAssets>,
    shown: Res<BoardOnShow>,
) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    if settings.shape_marks {
        for (e, marble) in &marbles {
            add_mark(&mut commands, e, shown.palette(marble.seat), &assets);
        }
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
