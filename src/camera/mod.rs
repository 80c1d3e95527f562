//! The camera: a gentle three-quarter view from the side of the player to
//! move, orbiting with the right mouse button (or Q/E, W/S), zooming with the
//! wheel (or +/-), with a top-down view on T and a reset on Home.

use crate::board::{BoardLayout, camp_direction};
use crate::play::Match;
use crate::settings::Settings;
use crate::{AppSystems, Screen};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

/// Where the camera wants to be; the camera glides towards it.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    /// Angle around the board (radians, 0 = looking from the south).
    pub yaw: f32,
    /// Angle above the board (radians, π/2 = straight down).
    pub pitch: f32,
    pub distance: f32,
}

const DEFAULT_PITCH: f32 = 0.95;
const TOP_PITCH: f32 = 1.5;

impl Orbit {
    fn default_for(layout: &BoardLayout) -> Orbit {
        Orbit {
            yaw: 0.0,
            pitch: DEFAULT_PITCH,
            distance: 6.0 + layout.size as f32 * 3.6,
        }
    }

    pub fn eye(&self) -> Vec3 {
        let horizontal = self.distance * self.pitch.cos();
        Vec3::new(
            horizontal * self.yaw.sin(),
            self.distance * self.pitch.sin(),
            horizontal * self.yaw.cos(),
        )
    }
}

/// The yaw that puts camp `camp` at the bottom of the screen.
pub fn yaw_facing(camp: u8) -> f32 {
    let d = camp_direction(camp);
    d.x.atan2(d.z)
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Orbit::default_for(&BoardLayout::new(4, 2)))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                (steer, face_player_to_move).run_if(in_state(Screen::Playing)),
                glide,
            )
                .chain()
                .in_set(AppSystems::View),
        )
        .add_systems(OnEnter(Screen::Setup), reset_for_setup);
}

fn spawn_camera(mut commands: Commands, orbit: Res<Orbit>) {
    commands.spawn((
        Camera3d::default(),
        Msaa::Sample4,
        Transform::from_translation(orbit.eye()).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

fn reset_for_setup(mut orbit: ResMut<Orbit>, layout: Res<BoardLayout>) {
    *orbit = Orbit::default_for(&layout);
}

fn steer(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui_input: Option<Res<bevy_egui::input::EguiWantsInput>>,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    game: Option<Res<Match>>,
    mut orbit: ResMut<Orbit>,
) {
    let over_ui = egui_input
        .as_ref()
        .is_some_and(|e| e.wants_any_pointer_input());
    let typing = egui_input
        .as_ref()
        .is_some_and(|e| e.wants_any_keyboard_input());
    let dt = time.delta_secs();
    if buttons.pressed(MouseButton::Right) && !over_ui {
        orbit.yaw -= motion.delta.x * 0.006;
        orbit.pitch += motion.delta.y * 0.004;
    }
    if !over_ui && scroll.delta.y != 0.0 {
        let lines = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        orbit.distance *= 1.0 - 0.1 * lines;
    }
    if !typing {
        let axis = |neg: KeyCode, pos: KeyCode| {
            keys.pressed(pos) as i32 as f32 - keys.pressed(neg) as i32 as f32
        };
        orbit.yaw += axis(KeyCode::KeyE, KeyCode::KeyQ) * 1.6 * dt;
        orbit.pitch += axis(KeyCode::KeyS, KeyCode::KeyW) * 0.9 * dt;
        orbit.distance *= 1.0 + axis(KeyCode::Equal, KeyCode::Minus) * 0.9 * dt;
        if keys.just_pressed(KeyCode::KeyT) {
            orbit.pitch = if orbit.pitch > 1.4 {
                DEFAULT_PITCH
            } else {
                TOP_PITCH
            };
        }
        if keys.just_pressed(KeyCode::Home) {
            let yaw = game
                .as_ref()
                .map(|m| yaw_facing(m.game.position().home_camp(m.game.to_move())))
                .unwrap_or(0.0);
            *orbit = Orbit {
                yaw,
                ..Orbit::default_for(&layout)
            };
        }
    }
    orbit.pitch = orbit.pitch.clamp(0.35, TOP_PITCH);
    let base = Orbit::default_for(&layout).distance;
    orbit.distance = orbit.distance.clamp(base * 0.45, base * 1.8);
}

/// With "face the player" on, the board swings round so the person to move
/// sits at the bottom; it never turns to bots (see `Match::seat_to_face`).
fn face_player_to_move(
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    mut orbit: ResMut<Orbit>,
    mut last: Local<Option<u8>>,
) {
    let Some(m) = game else { return };
    if !settings.face_player || m.game.is_over() {
        *last = None;
        return;
    }
    let Some(seat) = m.seat_to_face() else { return };
    if *last != Some(seat) {
        *last = Some(seat);
        let target = yaw_facing(m.game.position().home_camp(seat));
        // Turn the short way round.
        let delta = (target - orbit.yaw + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
            - std::f32::consts::PI;
        orbit.yaw += delta;
    }
}

fn glide(
    orbit: Res<Orbit>,
    time: Res<Time>,
    screen: Res<State<Screen>>,
    mut camera: Query<&mut Transform, With<Camera3d>>,
    mut shown: Local<Option<Orbit>>,
) {
    let Ok(mut t) = camera.single_mut() else {
        return;
    };
    let now = shown.get_or_insert(*orbit);
    let k = (time.delta_secs() * 5.0).min(1.0);
    now.yaw += (orbit.yaw - now.yaw) * k;
    now.pitch += (orbit.pitch - now.pitch) * k;
    now.distance += (orbit.distance - now.distance) * k;
    // Look a little towards the near side so the near camp clears the buttons;
    // on the setup screen, to the left so the board shows beside the menu.
    let towards = Vec3::new(now.yaw.sin(), 0.0, now.yaw.cos());
    let left = Vec3::new(-towards.z, 0.0, towards.x);
    let near = match screen.get() {
        Screen::Setup => towards * 0.9 + left * 5.5,
        Screen::Playing => towards * 0.9,
    };
    *t = Transform::from_translation(now.eye() + near)
        .looking_at(near + Vec3::new(0.0, -0.3, 0.0), Vec3::Y);
}
