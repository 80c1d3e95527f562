//! The room every board stands in: a wooden table top fading into a warm,
//! softly lit room, the lights, the room's reflections in the lacquer and
//! the marbles, and what the quality setting asks of the renderer (soft
//! shadows and ambient occlusion on High, cheap ones on Low).

use crate::settings::Settings;
use bevy::anti_alias::fxaa::Fxaa;
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::light::{DirectionalLightShadowMap, ShadowFilteringMethod};
use bevy::math::Affine2;
use bevy::pbr::{DistanceFog, FogFalloff, ScreenSpaceAmbientOcclusion};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

pub mod textures;

/// The room's colour where the table fades out (and behind it).
const ROOM: Color = Color::srgb(0.075, 0.05, 0.035);
/// The table top's height: just under the boards' bases.
const TABLE_Y: f32 = -0.62;

/// The room's environment maps, made once.
#[derive(Resource, Clone)]
struct RoomLight {
    diffuse: Handle<Image>,
    specular: Handle<Image>,
}

pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, (furnish, light_the_room))
        .add_systems(Update, apply_quality);
}

fn furnish(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    // Wide enough that no framing (a wide menu pushes the camera back)
    // shows its edge before the fog takes it.
    let planks = images.add(textures::wood_image());
    commands.spawn((
        Name::new("Table top"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(400.0, 400.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color_texture: Some(planks),
            // A plank about 1.6 board holes wide.
            uv_transform: Affine2::from_scale(Vec2::splat(400.0 / 6.4)),
            perceptual_roughness: 0.58,
            reflectance: 0.35,
            clearcoat: 0.25,
            clearcoat_perceptual_roughness: 0.45,
            ..default()
        })),
        Transform::from_xyz(0.0, TABLE_Y, 0.0),
    ));
    let faces = textures::room_faces();
    let irradiance: Vec<Vec<Vec<[f32; 3]>>> = textures::irradiance_faces(&faces)
        .into_iter()
        .map(|face| vec![face])
        .collect();
    commands.insert_resource(RoomLight {
        specular: images.add(textures::cube_image(&faces, textures::ROOM_SIZE)),
        diffuse: images.add(textures::cube_image(&irradiance, 4)),
    });
}

fn light_the_room(mut commands: Commands) {
    commands.insert_resource(ClearColor(ROOM));
    // Most of the fill comes from the room's environment map now.
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.92, 0.82),
        brightness: 120.0,
        ..default()
    });
    // A warm key light with soft shadows, from high up on the south-west
    // (a lamp over the table).
    commands.spawn((
        Name::new("Lamp"),
        DirectionalLight {
            illuminance: 7_000.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.93, 0.82),
            ..default()
        },
        bevy::light::CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 40.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // Daylight from the window behind, cool and weak, so the far marbles
    // are not flat (high, so its highlight does not bleach the far points).
    commands.spawn((
        Name::new("Window light"),
        PointLight {
            intensity: 180_000.0,
            range: 60.0,
            color: Color::srgb(0.78, 0.86, 1.0),
            ..default()
        },
        Transform::from_xyz(2.0, 14.0, -12.0),
    ));
}

/// What the quality setting asks of a camera.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CameraLook {
    /// Soft shadows and ambient occlusion; both qualities smooth edges with
    /// FXAA rather than 4× MSAA (which ambient occlusion does not work
    /// with, and which a software renderer pays for dearly).
    pub high: bool,
}

impl CameraLook {
    /// The size of the lamp's shadow map.
    pub fn shadow_map(self) -> usize {
        if self.high { 4096 } else { 2048 }
    }
}

/// Puts the quality's components on every 3D camera: when the setting
/// changes and when a camera appears. The room's fog and reflections are on
/// both qualities (they cost a texture read).
fn apply_quality(
    mut commands: Commands,
    settings: Res<Settings>,
    adapter: Option<Res<RenderAdapterInfo>>,
    room: Option<Res<RoomLight>>,
    cameras: Query<(Entity, Ref<Camera3d>)>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
    mut applied: Local<Option<CameraLook>>,
) {
    let software = adapter.is_some_and(|a| a.device_type == wgpu_types::DeviceType::Cpu);
    let look = CameraLook {
        high: settings.quality.is_high(software),
    };
    let changed = *applied != Some(look);
    if shadow_map.size != look.shadow_map() {
        shadow_map.size = look.shadow_map();
    }
    for (camera, added) in &cameras {
        if !changed && !added.is_added() {
            continue;
        }
        let mut e = commands.entity(camera);
        e.insert(DistanceFog {
            color: ROOM,
            falloff: FogFalloff::Linear {
                start: 38.0,
                end: 120.0,
            },
            ..default()
        });
        if let Some(room) = &room {
            e.insert(EnvironmentMapLight {
                diffuse_map: room.diffuse.clone(),
                specular_map: room.specular.clone(),
                intensity: 420.0,
                ..default()
            });
        }
        if look.high {
            e.insert((
                Msaa::Off,
                Fxaa::default(),
                ScreenSpaceAmbientOcclusion::default(),
                ShadowFilteringMethod::Gaussian,
            ));
        } else {
            e.remove::<(ScreenSpaceAmbientOcclusion, DepthPrepass, NormalPrepass)>()
                .insert((
                    Msaa::Off,
                    Fxaa::default(),
                    ShadowFilteringMethod::Hardware2x2,
                ));
        }
    }
    *applied = Some(look);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Quality;

    fn app(quality: Quality) -> App {
        let mut app = App::new();
        app.insert_resource(Settings {
            quality,
            ..default()
        })
        .init_resource::<DirectionalLightShadowMap>()
        .add_systems(Update, apply_quality);
        app
    }

    #[test]
    fn high_quality_puts_ambient_occlusion_on_the_camera_and_low_takes_it_off() {
        let mut app = app(Quality::High);
        let camera = app.world_mut().spawn(Camera3d::default()).id();
        app.update();
        let world = app.world();
        assert!(world.get::<ScreenSpaceAmbientOcclusion>(camera).is_some());
        assert_eq!(world.get::<Msaa>(camera), Some(&Msaa::Off));
        assert!(world.get::<DistanceFog>(camera).is_some());
        assert_eq!(world.resource::<DirectionalLightShadowMap>().size, 4096);

        app.world_mut().resource_mut::<Settings>().quality = Quality::Low;
        app.update();
        let world = app.world();
        assert!(world.get::<ScreenSpaceAmbientOcclusion>(camera).is_none());
        assert!(world.get::<DepthPrepass>(camera).is_none());
        // FXAA, not 4× MSAA: on a software renderer MSAA took a frame from
        // about 0.65 s to 1.1 s.
        assert_eq!(world.get::<Msaa>(camera), Some(&Msaa::Off));
        assert!(world.get::<Fxaa>(camera).is_some());
        assert_eq!(world.resource::<DirectionalLightShadowMap>().size, 2048);
        // A camera that appears later gets the look too.
        let late = app.world_mut().spawn(Camera3d::default()).id();
        app.update();
        assert!(app.world().get::<DistanceFog>(late).is_some());
    }

    #[test]
    fn auto_is_low_on_a_software_renderer_only() {
        assert!(!Quality::Auto.is_high(true));
        assert!(Quality::Auto.is_high(false));
        assert!(Quality::High.is_high(true));
        assert!(!Quality::Low.is_high(false));
    }
}
