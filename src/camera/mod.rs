//! The camera: a gentle three-quarter view from the side of the player to
//! move, orbiting with the right mouse button (or Q/E, W/S), zooming with the
//! wheel (or +/-), with a top-down view on T and a reset on Home.

use crate::base::{AppSystems, Screen};
use crate::settings::Settings;
use crate::stage::board::{BoardLayout, BoardSystems, camp_direction};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use starhop_engine::Seat;

/// Whom the camera turns to in the game on show, as its mode says (the
/// classic match fills it); `None` while no game is on.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatsToFace(pub Option<TurnFacing>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnFacing {
    /// The home camp of the seat to move (Home turns the board there).
    pub to_move: u8,
    /// The seat the board turns to with "face the player" on, and its home
    /// camp; `None` while a bot moves between people, or bots play alone.
    pub face: Option<(Seat, u8)>,
    /// The game is over: the board stays where it is.
    pub over: bool,
}

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
/// Bevy's default vertical field of view.
const FOV: f32 = std::f32::consts::FRAC_PI_4;

/// Radius of the round wooden base of a board with `size` rows per point.
pub fn board_radius(size: u8) -> f32 {
    3f32.sqrt() * size as f32 + 1.6
}

/// The camera distance at which the whole board (radius `r`), seen from
/// `pitch`, fits a view `aspect` times as wide as it is high, with a margin.
pub fn fit_distance(r: f32, pitch: f32, aspect: f32) -> f32 {
    let t = (FOV / 2.0).tan();
    // The board's depth is foreshortened by the tilt; the near edge comes
    // closer to the eye, which the last term makes room for.
    let vertical = r * pitch.sin() / t;
    let horizontal = r / (t * aspect.max(0.1));
    vertical.max(horizontal) * 1.12 + r * pitch.cos() * 0.5
}

/// The view straight down, far enough for the whole star in a window
/// `aspect` times as wide as high.
pub fn top_view(layout: &BoardLayout, aspect: f32, from: Orbit) -> Orbit {
    Orbit {
        pitch: TOP_PITCH,
        distance: from
            .distance
            .max(fit_distance(board_radius(layout.size), TOP_PITCH, aspect)),
        ..from
    }
}

/// The primary window's width over its height.
fn aspect_of(windows: &Query<&Window, With<PrimaryWindow>>) -> f32 {
    windows
        .single()
        .map(|w| w.width() / w.height().max(1.0))
        .unwrap_or(1.6)
}

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
        .init_resource::<SeatsToFace>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                steer.run_if(
                    in_state(Screen::Playing)
                        .or_else(in_state(Screen::Food))
                        .or_else(in_state(Screen::Crossing))
                        .or_else(in_state(Screen::Draughts))
                        .or_else(in_state(Screen::Halma))
                        .or_else(in_state(Screen::Replay)),
                ),
                face_player_to_move.run_if(in_state(Screen::Playing)),
                drift.run_if(in_state(Screen::Home)),
                // The crossing challenge's setup panel frames the board the same way.
                frame_setup_board.run_if(
                    |s: Res<State<Screen>>, panel: Res<crate::base::ViewportInsets>| {
                        s.get().is_menu() || (*s.get() == Screen::Crossing && panel.left > 0.0)
                    },
                ),
                glide,
            )
                .chain()
                .in_set(AppSystems::View)
                .after(BoardSystems::Follow),
        )
        .add_systems(OnEnter(Screen::Setup), reset_for_setup)
        .add_systems(OnEnter(Screen::Home), reset_for_setup)
        // A replay starts from the usual view of its board.
        .add_systems(OnEnter(Screen::Replay), reset_for_setup)
        // So does the crossing challenge, and each board it changes to.
        .add_systems(OnEnter(Screen::Crossing), reset_for_setup)
        .add_systems(
            Update,
            // Before the framing: a new board starts from the usual view,
            // then the setup panel's framing applies.
            reset_for_setup
                .run_if(in_state(Screen::Crossing).and_then(resource_changed::<BoardLayout>))
                .in_set(AppSystems::View)
                .after(BoardSystems::Follow)
                .before(steer),
        );
}

fn spawn_camera(mut commands: Commands, orbit: Res<Orbit>) {
    commands.spawn((
        Camera3d::default(),
        // The room's quality setting smooths edges with FXAA: no MSAA
        // pipelines to compile at start.
        Msaa::Off,
        Transform::from_translation(orbit.eye()).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

fn reset_for_setup(mut orbit: ResMut<Orbit>, layout: Res<BoardLayout>) {
    // Back to the south, by the short way round (the home screen's drift
    // may have gone round several times).
    let turns = (orbit.yaw / std::f32::consts::TAU).round();
    *orbit = Orbit {
        yaw: turns * std::f32::consts::TAU,
        ..Orbit::default_for(&layout)
    };
}

fn steer(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui_input: Option<Res<bevy_egui::input::EguiWantsInput>>,
    focus: Option<Res<crate::base::KeyFocus>>,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    facing: Option<Res<SeatsToFace>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    screen: Res<State<Screen>>,
    mut orbit: ResMut<Orbit>,
) {
    // In the replay viewer + - and Home are its own keys (speed, first move).
    let replay = *screen.get() == Screen::Replay;
    let over_ui = egui_input
        .as_ref()
        .is_some_and(|e| e.wants_any_pointer_input());
    // Typing, or a letter with Ctrl (Ctrl+S saves), never turns the camera.
    let typing = !crate::base::KeyFocus::shortcuts_free(focus.as_deref())
        || crate::stage::input::modifier_held(&keys);
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
        if !replay {
            orbit.distance *= 1.0 + axis(KeyCode::Equal, KeyCode::Minus) * 0.9 * dt;
        }
        if keys.just_pressed(KeyCode::KeyT) {
            if orbit.pitch > 1.4 {
                orbit.pitch = DEFAULT_PITCH;
                orbit.distance = Orbit::default_for(&layout).distance;
            } else {
                *orbit = top_view(&layout, aspect_of(&windows), *orbit);
            }
        }
        if keys.just_pressed(KeyCode::Home) && !replay {
            let yaw = facing
                .and_then(|f| f.0)
                .map(|f| yaw_facing(f.to_move))
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
/// sits at the bottom; it never turns to bots (see `SeatsToFace`).
fn face_player_to_move(
    facing: Res<SeatsToFace>,
    settings: Res<Settings>,
    mut orbit: ResMut<Orbit>,
    mut last: Local<Option<u8>>,
) {
    let Some(f) = facing.0 else { return };
    if !settings.face_player || f.over {
        *last = None;
        return;
    }
    let Some((seat, camp)) = f.face else { return };
    if *last != Some(seat) {
        *last = Some(seat);
        let target = yaw_facing(camp);
        // Turn the short way round.
        let delta = (target - orbit.yaw + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
            - std::f32::consts::PI;
        orbit.yaw += delta;
    }
}

/// Behind the home screen the camera drifts slowly round the board that
/// plays itself.
fn drift(time: Res<Time>, mut orbit: ResMut<Orbit>) {
    // Not wrapped at a full turn: the camera glides to the yaw, and a wrap
    // would send it the long way back round.
    orbit.yaw += time.delta_secs() * DRIFT_SPEED;
}

/// Radians a second the home screen's camera drifts (a turn in about three minutes).
const DRIFT_SPEED: f32 = 0.035;

/// On the setup screen the board shows whole in the space right of the setup
/// panel: the camera backs off until it fits there.
fn frame_setup_board(
    layout: Res<BoardLayout>,
    panel: Res<crate::base::ViewportInsets>,
    settings: Res<crate::settings::Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut orbit: ResMut<Orbit>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let left = panel.left * settings.ui_scale.factor();
    let free = (window.width() - left - 16.0).max(window.width() * 0.3);
    let aspect = free / window.height().max(1.0);
    let distance = fit_distance(board_radius(layout.size), DEFAULT_PITCH, aspect);
    if (orbit.distance - distance).abs() > 0.01 || orbit.pitch != DEFAULT_PITCH {
        orbit.distance = distance;
        orbit.pitch = DEFAULT_PITCH;
    }
}

/// The camera's swoop when a game starts: seconds of it left, and whether
/// a game was in play in the last frame.
#[derive(Default, Debug)]
pub struct FlyIn {
    left: f32,
    was_in_play: Option<bool>,
}

/// Seconds the swoop takes.
const FLY_IN_SECONDS: f32 = 1.6;

impl FlyIn {
    /// Whether a game has just come into play (not on the first frame: the
    /// window opening on a game is no start).
    pub fn starts(&mut self, in_play: bool) -> bool {
        let start = self.was_in_play == Some(false) && in_play;
        self.was_in_play = Some(in_play);
        if start {
            self.left = FLY_IN_SECONDS;
        }
        start
    }

    /// How fast the camera closes on where it wants to be: slowly during
    /// the swoop, briskly otherwise.
    pub fn rate(&mut self, dt: f32) -> f32 {
        if self.left > 0.0 {
            self.left -= dt;
            2.2
        } else {
            5.0
        }
    }
}

fn glide(
    orbit: Res<Orbit>,
    time: Res<Time>,
    screen: Res<State<Screen>>,
    insets: Res<crate::base::ViewportInsets>,
    settings: Res<crate::settings::Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    shoot: Option<Res<crate::base::WritesNoFiles>>,
    mut camera: Query<&mut Transform, With<Camera3d>>,
    mut shown: Local<Option<Orbit>>,
    mut fly: Local<FlyIn>,
) {
    let Ok(mut t) = camera.single_mut() else {
        return;
    };
    let now = shown.get_or_insert(*orbit);
    // The setup panels of food checkers, the crossing challenge and draughts
    // sit where the classic one does, and go when their game starts; a game
    // of Chinese checkers and the replay have none.
    let beside_panel = match screen.get() {
        Screen::Food | Screen::Crossing | Screen::Draughts | Screen::Halma => insets.left > 0.0,
        Screen::Playing | Screen::Replay => false,
        _ => true,
    };
    // A game starts: the camera swoops in from high above (not for a
    // screenshot, which must show the board where it will stay).
    let in_play = !beside_panel && *screen.get() != Screen::Replay;
    if fly.starts(in_play) && shoot.is_none() {
        now.distance *= 1.8;
        now.pitch = (now.pitch + 0.45).min(TOP_PITCH);
        now.yaw -= 0.8;
    }
    let rate = fly.rate(time.delta_secs());
    let k = (time.delta_secs() * rate).min(1.0);
    now.yaw += (orbit.yaw - now.yaw) * k;
    now.pitch += (orbit.pitch - now.pitch) * k;
    now.distance += (orbit.distance - now.distance) * k;
    // Look a little towards the near side so the near camp clears the buttons,
    // and sideways so the board shows in the middle of the space the panels
    // leave: right of a setup or menu panel, left of the replay's list.
    let towards = Vec3::new(now.yaw.sin(), 0.0, now.yaw.cos());
    let left = Vec3::new(-towards.z, 0.0, towards.x);
    let near = match windows.single() {
        Ok(window) => {
            let (w, h) = (window.width(), window.height().max(1.0));
            // The panels' edges are in interface points.
            let zoom = settings.ui_scale.factor();
            // A panel along the left leaves at least 30% of the width.
            let covered_left = if beside_panel {
                (insets.left * zoom + 16.0).min(w * 0.7)
            } else {
                0.0
            };
            // Pixels from the screen's centre to the free space's centre, in
            // world units at the board's distance.
            let pixels = (covered_left - insets.right * zoom) / 2.0;
            let per_pixel = 2.0 * now.distance * (FOV / 2.0).tan() / h;
            towards * 0.9 + left * pixels * per_pixel
        }
        Err(_) if beside_panel => towards * 0.9 + left * 5.5,
        Err(_) => towards * 0.9,
    };
    *t = Transform::from_translation(now.eye() + near)
        .looking_at(near + Vec3::new(0.0, -0.3, 0.0), Vec3::Y);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_camera_swoops_in_when_a_game_comes_into_play_only() {
        let mut fly = FlyIn::default();
        // The window opens on a game: no swoop.
        assert!(!fly.starts(true));
        assert_eq!(fly.rate(0.02), 5.0);
        assert!(!fly.starts(false));
        assert!(fly.starts(true));
        assert_eq!(fly.rate(0.5), 2.2);
        assert!(!fly.starts(true));
        // It ends after its time.
        assert_eq!(fly.rate(1.2), 2.2);
        assert_eq!(fly.rate(0.02), 5.0);
    }

    /// The pitch after holding `keys` for a few frames in a game.
    fn pitch_after(keys: &[KeyCode]) -> f32 {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .init_state::<Screen>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<AccumulatedMouseMotion>()
            .init_resource::<AccumulatedMouseScroll>()
            .insert_resource(BoardLayout::new(4, 2))
            .insert_resource(Orbit::default_for(&BoardLayout::new(4, 2)))
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(20),
            ))
            .add_systems(Update, steer);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        let before = app.world().resource::<Orbit>().pitch;
        for &k in keys {
            app.world_mut()
                .resource_mut::<ButtonInput<KeyCode>>()
                .press(k);
        }
        for _ in 0..5 {
            app.update();
        }
        app.world().resource::<Orbit>().pitch - before
    }

    #[test]
    fn a_letter_with_ctrl_is_a_shortcut_never_a_camera_key() {
        assert!(pitch_after(&[KeyCode::KeyS]).abs() > 1e-4, "S alone tilts");
        for ctrl in [
            KeyCode::ControlLeft,
            KeyCode::ControlRight,
            KeyCode::AltLeft,
        ] {
            assert_eq!(
                pitch_after(&[ctrl, KeyCode::KeyS]),
                0.0,
                "{ctrl:?}+S saves only"
            );
        }
    }

    /// Half the height and width the camera sees at `distance`, in world units.
    fn seen(distance: f32, aspect: f32) -> (f32, f32) {
        let half_height = distance * (FOV / 2.0).tan();
        (half_height, half_height * aspect)
    }

    #[test]
    fn the_top_view_fits_the_whole_star_in_any_window() {
        for size in [3, 4, 5] {
            let layout = BoardLayout::new(size, 6);
            // The star's tips lie on a circle of radius size·√3.
            let tips = 3f32.sqrt() * size as f32;
            for aspect in [1.6, 1.33, 1.0, 0.75] {
                let top = top_view(&layout, aspect, Orbit::default_for(&layout));
                assert!(top.pitch > 1.4);
                // Looking straight down from `distance`, at the board's plane;
                // the view is shifted 0.9 to the near side (see `glide`), and
                // half a hole of margin keeps the tip off the window's edge.
                let (half_h, half_w) = seen(top.distance * top.pitch.sin(), aspect);
                let need = tips + 0.9 + 0.5;
                assert!(
                    half_h > need && half_w > need,
                    "size {size}, aspect {aspect}: sees {half_w}×{half_h}, tips at {tips}"
                );
            }
        }
    }

    #[test]
    fn a_narrower_view_backs_the_camera_off() {
        let r = board_radius(4);
        let wide = fit_distance(r, DEFAULT_PITCH, 1.6);
        let narrow = fit_distance(r, DEFAULT_PITCH, 0.8);
        assert!(narrow > wide);
        assert!(fit_distance(board_radius(5), DEFAULT_PITCH, 1.6) > wide);
    }
}
