//! What an installed desktop game does with its window and its sound: the
//! window opens as large and where it was left, F11 (or Settings) fills the
//! screen, vsync is on unless switched off, a frame-rate cap spares a
//! laptop's battery, M mutes, and the title bar shows the game's icon.

use crate::base::Notice;
use crate::settings::{Settings, WindowPlace};
use crate::stage::input::keys::modifier_held;
use crate::ui::tr;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{
    MonitorSelection, PresentMode, PrimaryWindow, WindowMode, WindowPosition, WindowResolution,
};
use bevy_egui::input::EguiWantsInput;
use std::time::{Duration, Instant};

/// The icon of the title bar and the task bar: 64×64 RGBA, made from the
/// packaging's icon by `tools/render_icons.sh`.
const ICON: &[u8] = include_bytes!("../../packaging/icons/starhop-64.rgba");
const ICON_SIZE: u32 = 64;

/// The window's size when nothing says otherwise (and always for a screenshot).
const DEFAULT_SIZE: (u32, u32) = (1280, 800);
/// Smaller than this a saved size is not believed (a window minimised or
/// squeezed to nothing): the game opens at its usual size instead.
const SMALLEST: f32 = 320.0;
/// How long the window must stay put before its new place is saved, so a
/// drag or a resize writes the settings once, not every frame.
const SETTLE: Duration = Duration::from_secs(1);

/// The window at start: the saved size, place and mode, or the usual size
/// where the window manager puts it (a screenshot passes the defaults).
pub fn primary_window(settings: &Settings) -> Window {
    let mut window = Window {
        title: "Starhop — 跳棋".to_string(),
        // The desktop entry's StartupWMClass: the taskbar groups the window
        // under the installed game's icon.
        name: Some("starhop".to_string()),
        resolution: DEFAULT_SIZE.into(),
        ..default()
    };
    window.mode = window_mode(settings.fullscreen);
    window.present_mode = present_mode(settings.vsync);
    if let Some(place) = settings.window.filter(believable) {
        window.resolution = WindowResolution::new(place.width as u32, place.height as u32);
        if let Some((x, y)) = place.position {
            window.position = WindowPosition::At(IVec2::new(x, y));
        }
    }
    window
}

fn believable(place: &WindowPlace) -> bool {
    place.width >= SMALLEST && place.height >= SMALLEST
}

fn window_mode(fullscreen: bool) -> WindowMode {
    if fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    }
}

fn present_mode(vsync: bool) -> PresentMode {
    if vsync {
        PresentMode::AutoVsync
    } else {
        PresentMode::AutoNoVsync
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (keys, follow_settings, remember_place, show_icon))
        .add_systems(Last, cap_frame_rate);
}

/// Gives the window its icon once winit has made it (winit's windows live
/// on the main thread, hence the marker).
fn show_icon(
    _main_thread: NonSendMarker,
    window: Single<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        let Some(winit_window) = windows.get_window(*window) else {
            return;
        };
        *done = true;
        match winit::window::Icon::from_rgba(ICON.to_vec(), ICON_SIZE, ICON_SIZE) {
            Ok(icon) => winit_window.set_window_icon(Some(icon)),
            Err(e) => warn!("the window's icon: {e}"),
        }
    });
}

/// F11 switches full screen; M mutes and unmutes (with a word on screen,
/// since nothing else shows it). Not while a text field has the keyboard.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut settings: ResMut<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if egui_input.is_some_and(|e| e.wants_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::F11) {
        settings.fullscreen = !settings.fullscreen;
    }
    // Ctrl+M and the like are someone else's shortcuts.
    if keys.just_pressed(KeyCode::KeyM) && !modifier_held(&keys) {
        settings.sound = !settings.sound;
        let word = if settings.sound {
            "Sound on"
        } else {
            "Sound off (M to turn it on)"
        };
        notices.write(Notice::Info(tr(settings.language, word).to_string()));
    }
}

/// The window follows the settings' full screen and vsync as they change.
fn follow_settings(settings: Res<Settings>, mut window: Single<&mut Window, With<PrimaryWindow>>) {
    if !settings.is_changed() {
        return;
    }
    let mode = window_mode(settings.fullscreen);
    if window.mode != mode {
        window.mode = mode;
    }
    let present = present_mode(settings.vsync);
    if window.present_mode != present {
        window.present_mode = present;
    }
}

/// Saves the window's size and place once it has settled (never while full
/// screen: the windowed place is the one to come back to).
fn remember_place(
    window: Single<Ref<Window>, With<PrimaryWindow>>,
    mut settings: ResMut<Settings>,
    mut moved_at: Local<Option<Instant>>,
) {
    if window.is_changed() && !window.is_added() {
        *moved_at = Some(Instant::now());
    }
    if !moved_at.is_some_and(|t| t.elapsed() >= SETTLE) {
        return;
    }
    *moved_at = None;
    if window.mode != WindowMode::Windowed {
        return;
    }
    let position = match window.position {
        WindowPosition::At(p) => Some((p.x, p.y)),
        _ => None,
    };
    let place = WindowPlace {
        width: window.resolution.physical_width() as f32,
        height: window.resolution.physical_height() as f32,
        position,
    };
    if believable(&place) && settings.window != Some(place) {
        settings.window = Some(place);
    }
}

/// With a cap set, a frame that came in early waits out the rest of its time.
fn cap_frame_rate(settings: Res<Settings>, mut last: Local<Option<Instant>>) {
    if let (Some(min), Some(previous)) = (settings.frame_cap.min_frame(), *last) {
        let spent = previous.elapsed();
        if spent < min {
            std::thread::sleep(min - spent);
        }
    }
    *last = Some(Instant::now());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::FrameCap;

    #[test]
    fn the_window_opens_as_it_was_left() {
        let settings = Settings {
            fullscreen: true,
            vsync: false,
            window: Some(WindowPlace {
                width: 1600.0,
                height: 900.0,
                position: Some((40, 30)),
            }),
            ..Settings::default()
        };
        let w = primary_window(&settings);
        assert_eq!(
            (
                w.resolution.physical_width(),
                w.resolution.physical_height()
            ),
            (1600, 900)
        );
        assert_eq!(w.position, WindowPosition::At(IVec2::new(40, 30)));
        assert_eq!(
            w.mode,
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        );
        assert_eq!(w.present_mode, PresentMode::AutoNoVsync);
    }

    #[test]
    fn a_new_or_a_squeezed_window_opens_at_the_usual_size() {
        let usual = primary_window(&Settings::default());
        assert_eq!(
            (
                usual.resolution.physical_width(),
                usual.resolution.physical_height()
            ),
            DEFAULT_SIZE
        );
        assert_eq!(usual.mode, WindowMode::Windowed);
        assert_eq!(
            usual.present_mode,
            PresentMode::AutoVsync,
            "vsync by default"
        );
        let squeezed = Settings {
            window: Some(WindowPlace {
                width: 90.0,
                height: 40.0,
                position: None,
            }),
            ..Settings::default()
        };
        let w = primary_window(&squeezed);
        assert_eq!(w.resolution.physical_width(), DEFAULT_SIZE.0);
        assert_eq!(w.position, WindowPosition::Automatic);
    }

    #[test]
    fn the_icon_is_whole() {
        assert_eq!(ICON.len() as u32, ICON_SIZE * ICON_SIZE * 4);
        assert!(winit::window::Icon::from_rgba(ICON.to_vec(), ICON_SIZE, ICON_SIZE).is_ok());
        // Not a blank square: corners clear, the middle drawn.
        let alpha = |x: u32, y: u32| ICON[((y * ICON_SIZE + x) * 4 + 3) as usize];
        assert_eq!(alpha(0, 0), 0);
        assert_eq!(alpha(32, 32), 255);
    }

    #[test]
    fn a_frame_cap_is_a_shortest_frame() {
        assert_eq!(FrameCap::Off.min_frame(), None);
        assert_eq!(
            FrameCap::Fps60.min_frame(),
            Some(Duration::from_secs(1) / 60)
        );
        assert!(FrameCap::Fps30.min_frame() > FrameCap::Fps120.min_frame());
    }

    /// F11 and M change the settings; M with Ctrl does not.
    #[test]
    fn f11_fills_the_screen_and_m_mutes() {
        let mut app = App::new();
        app.add_message::<Notice>()
            .init_resource::<Settings>()
            .init_resource::<ButtonInput<KeyCode>>()
            .add_systems(Update, keys);
        // Presses `key` (with `held` down) for one frame; what it said on screen.
        let press = |app: &mut App, held: &[KeyCode], key: KeyCode| -> Vec<String> {
            let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            input.reset_all();
            for &k in held {
                input.press(k);
            }
            input.clear();
            input.press(key);
            app.update();
            app.world_mut()
                .resource_mut::<Messages<Notice>>()
                .drain()
                .filter_map(|n| match n {
                    Notice::Info(text) => Some(text),
                    _ => None,
                })
                .collect()
        };
        assert!(press(&mut app, &[], KeyCode::F11).is_empty());
        assert!(app.world().resource::<Settings>().fullscreen);
        let said = press(&mut app, &[], KeyCode::KeyM);
        assert!(!app.world().resource::<Settings>().sound);
        assert_eq!(said, ["Sound off (M to turn it on)"]);
        assert!(press(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyM).is_empty());
        assert!(!app.world().resource::<Settings>().sound, "Ctrl+M is not M");
        let said = press(&mut app, &[], KeyCode::KeyM);
        assert!(app.world().resource::<Settings>().sound);
        assert_eq!(said, ["Sound on"]);
    }
}
