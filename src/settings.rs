//! Player preferences. Persisted by `persist`; read by every view system.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The interface language. Saved by name in settings.json: the names of
/// the first two stay as they are, so older files still load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    /// Simplified Chinese (简体中文).
    Chinese,
    /// Traditional Chinese (繁體中文), for Hong Kong and Taiwan.
    TraditionalChinese,
}

impl Language {
    /// As the language menu lists them.
    pub const ALL: [Language; 3] = [
        Language::English,
        Language::Chinese,
        Language::TraditionalChinese,
    ];

    /// The language of the game's texts (`starhop-i18n`).
    pub fn locale(self) -> starhop_i18n::Locale {
        match self {
            Language::English => starhop_i18n::Locale::English,
            Language::Chinese => starhop_i18n::Locale::SimplifiedChinese,
            Language::TraditionalChinese => starhop_i18n::Locale::TraditionalChinese,
        }
    }

    /// The language's name in itself ("繁體中文").
    pub fn native_name(self) -> &'static str {
        self.locale().native_name()
    }
}

/// How large the menus, panels and their text are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum UiScale {
    Small,
    #[default]
    Normal,
    Large,
    /// Readable from a couch, about 3 m from a television.
    Tv,
}

impl UiScale {
    pub const ALL: [UiScale; 4] = [UiScale::Small, UiScale::Normal, UiScale::Large, UiScale::Tv];

    /// Interface points per window pixel.
    pub fn factor(self) -> f32 {
        match self {
            UiScale::Small => 0.85,
            UiScale::Normal => 1.0,
            UiScale::Large => 1.25,
            UiScale::Tv => 1.6,
        }
    }
}

/// How much the renderer does for the look of the room.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quality {
    /// Low on a software renderer, High on a graphics card.
    #[default]
    Auto,
    /// For old laptops and software rendering: sharp shadows, no ambient occlusion.
    Low,
    /// Soft shadows and ambient occlusion.
    High,
}

impl Quality {
    /// Whether the high settings apply, on a renderer that is software or not.
    pub fn is_high(self, software_renderer: bool) -> bool {
        match self {
            Quality::Auto => !software_renderer,
            Quality::Low => false,
            Quality::High => true,
        }
    }
}

/// At most this many frames a second (a laptop on battery, a hot fan).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FrameCap {
    #[default]
    Off,
    Fps30,
    Fps60,
    Fps120,
}

impl FrameCap {
    /// The shortest a frame may be, if capped.
    pub fn min_frame(self) -> Option<std::time::Duration> {
        let fps = match self {
            FrameCap::Off => return None,
            FrameCap::Fps30 => 30,
            FrameCap::Fps60 => 60,
            FrameCap::Fps120 => 120,
        };
        Some(std::time::Duration::from_secs(1) / fps)
    }
}

/// Where the window was left: its size and its top-left corner on the
/// desktop, in physical pixels (no corner where the desktop does not say,
/// as on Wayland).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowPlace {
    pub width: f32,
    pub height: f32,
    pub position: Option<(i32, i32)>,
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub language: Language,
    /// Every sound's volume, 0.0 to 1.0: effects and music are parts of it.
    pub master_volume: f32,
    /// The sound effects' volume, 0.0 to 1.0.
    pub volume: f32,
    /// The music's volume, 0.0 (off) to 1.0.
    pub music_volume: f32,
    pub sound: bool,
    /// Mark every legal destination of the lifted marble (the beginner display).
    pub show_destinations: bool,
    /// Draw a shape on each marble so colours can be told apart without colour.
    pub shape_marks: bool,
    /// Turn the board so the player to move sits at the bottom.
    pub face_player: bool,
    /// Animation speed factor (1 = normal).
    pub animation_speed: f32,
    /// In a two-player race (armies passed), show the moves each side needs.
    pub show_race: bool,
    pub ui_scale: UiScale,
    pub quality: Quality,
    /// The whole screen, without the window's frame (F11).
    pub fullscreen: bool,
    /// Wait for the screen's refresh before showing a frame (no tearing).
    pub vsync: bool,
    pub frame_cap: FrameCap,
    /// Where the window was left, to open there again.
    pub window: Option<WindowPlace>,
    /// The Starhop server that Play online asks ("host:port").
    pub server: String,
}

/// The server Play online asks until the player chooses one: a
/// `starhop-server` run on this computer.
pub const DEFAULT_SERVER: &str = "localhost:7880";

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::English,
            volume: 0.8,
            sound: true,
            show_destinations: true,
            shape_marks: false,
            face_player: true,
            animation_speed: 1.0,
            show_race: true,
            ui_scale: UiScale::Normal,
            music_volume: 0.5,
            quality: Quality::Auto,
            master_volume: 1.0,
            fullscreen: false,
            vsync: true,
            frame_cap: FrameCap::Off,
            window: None,
            server: DEFAULT_SERVER.to_string(),
        }
    }
}

/// The language this run uses whatever the settings file says (`--lang`),
/// put over the settings when they are read.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanguageOverride(pub Language);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings files written before Traditional Chinese still load.
    #[test]
    fn languages_keep_their_saved_names() {
        for (json, lang) in [
            ("\"English\"", Language::English),
            ("\"Chinese\"", Language::Chinese),
            ("\"TraditionalChinese\"", Language::TraditionalChinese),
        ] {
            assert_eq!(serde_json::from_str::<Language>(json).unwrap(), lang);
            assert_eq!(serde_json::to_string(&lang).unwrap(), json);
        }
        let old: Settings = serde_json::from_str(r#"{"language":"Chinese","volume":0.5}"#).unwrap();
        assert_eq!((old.language, old.volume), (Language::Chinese, 0.5));
    }
}
