//! Files: where the game keeps them (the OS config and data folders, or
//! `STARHOP_HOME`), JSON written through a temporary file, a file that cannot
//! be read moved aside (never overwritten or deleted) with a message in
//! words in the player's language, and the settings. Each mode keeps its own
//! files (the classic saves, food progress, …) through these.

use crate::base::Notice;
use crate::settings::{Language, LanguageOverride, Settings};
use crate::ui::{tr, trf};
use bevy::prelude::*;
use serde::{Serialize, de::DeserializeOwned};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

mod clock;
pub use clock::local_stamp;

/// Where the game keeps its files.
#[derive(Resource, Clone, Debug)]
pub struct Folders {
    pub config: PathBuf,
    pub saves: PathBuf,
}

impl Folders {
    /// The data folder that holds the classic saves' folder; every mode's own
    /// files (saves, progress, bests) go beside it.
    pub fn data(&self) -> PathBuf {
        self.saves
            .parent()
            .map_or_else(|| self.saves.clone(), Path::to_path_buf)
    }

    /// The OS folders, or `STARHOP_HOME` (one folder for everything) when set.
    pub fn from_env() -> Folders {
        if let Some(home) = std::env::var_os("STARHOP_HOME") {
            let home = PathBuf::from(home);
            return Folders {
                config: home.clone(),
                saves: home.join("saves"),
            };
        }
        match directories::ProjectDirs::from("org", "Starhop", "Starhop") {
            Some(d) => Folders {
                config: d.config_dir().to_path_buf(),
                saves: d.data_dir().join("saves"),
            },
            None => Folders {
                config: PathBuf::from(".starhop"),
                saves: PathBuf::from(".starhop/saves"),
            },
        }
    }
}

/// Save the game in play as a new file (the mode in play writes it).
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveGame;

/// Why a file could not be used.
#[derive(Clone, Debug, PartialEq)]
pub enum FileProblem {
    /// No such file.
    Missing(PathBuf),
    /// It exists but could not be read (permissions, a folder, …).
    CannotRead(PathBuf),
    /// Not readable as what it should be; moved aside to `aside` (None: could not move it).
    Damaged { aside: Option<PathBuf> },
    /// A save from a newer version of the game.
    Newer,
}

/// A file's name, for messages (never the whole path).
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}

impl FileProblem {
    /// The problem in words, for a saved game.
    pub fn describe_save(&self, lang: Language) -> String {
        match self {
            FileProblem::Missing(p) => trf(lang, "There is no file «{}».", &[&file_name(p)]),
            FileProblem::CannotRead(p) => {
                trf(lang, "The file «{}» could not be opened.", &[&file_name(p)])
            }
            FileProblem::Newer => tr(lang, "This save is from a newer version of Starhop.").into(),
            FileProblem::Damaged { aside } => {
                let first = tr(
                    lang,
                    "This file is not a readable Starhop save (it may be damaged or from another program).",
                );
                let then = match aside {
                    Some(a) => trf(lang, "It was moved aside as «{}».", &[&file_name(a)]),
                    None => tr(lang, "It could not be moved aside.").into(),
                };
                format!("{first} {then}")
            }
        }
    }

    /// The problem in words, for the settings (`last_setup`: the last setup's file).
    pub fn describe_preferences(&self, lang: Language, last_setup: bool) -> String {
        match self {
            FileProblem::Damaged { aside: Some(a) } if last_setup => trf(
                lang,
                "Your last setup could not be read, so the game starts from the usual one. The old file is kept as «{}».",
                &[&file_name(a)],
            ),
            FileProblem::Damaged { aside: Some(a) } => trf(
                lang,
                "Your settings could not be read, so the game uses the defaults. The old file is kept as «{}».",
                &[&file_name(a)],
            ),
            other => other.describe_save(lang),
        }
    }
}

/// The folders and the settings of the whole game (part of the full game;
/// tests that check the files add it to the headless logic, with their own
/// `Folders` after it).
pub fn plugin(app: &mut App) {
    app.insert_resource(Folders::from_env())
        .add_message::<SaveGame>()
        .add_systems(Startup, load_settings)
        .add_systems(Update, save_settings);
}

/// Renames a file that cannot be read to `NAME.corrupt-N` beside it (the
/// league's files do the same).
pub fn move_aside(path: &Path) -> Option<PathBuf> {
    starhop_league::store::move_aside(path)
        .map_err(|e| warn!("could not move {} aside: {e}", path.display()))
        .ok()
}

/// Reads a JSON file. `Ok(None)` when there is none; a file that does not
/// parse, whatever the damage (bytes that are not UTF-8, an empty or cut-off
/// file, JSON of another shape), is renamed to `NAME.corrupt-N` and reported,
/// so nothing written afterwards replaces it.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> Result<Option<T>, FileProblem> {
    // Bytes, not a string: invalid UTF-8 is damage to keep aside, not an
    // error reading the disk.
    let text = match std::fs::read(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            warn!("cannot read {}: {e}", path.display());
            return Err(FileProblem::CannotRead(path.to_path_buf()));
        }
    };
    serde_json::from_slice(&text).map(Some).map_err(|e| {
        warn!("{} is unreadable: {e}", path.display());
        FileProblem::Damaged {
            aside: move_aside(path),
        }
    })
}

/// Writes JSON through a temporary file, so a crash never leaves half a file.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    starhop_league::store::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
}

/// Reads the settings at start (a damaged file is kept aside and said), with
/// the run's `--lang` over them.
pub fn load_settings(
    folders: Res<Folders>,
    language: Option<Res<LanguageOverride>>,
    mut settings: ResMut<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    let problem = match read_json::<Settings>(&folders.config.join("settings.json")) {
        Ok(Some(s)) => {
            *settings = s;
            None
        }
        Ok(None) => None,
        Err(e) => Some(e),
    };
    if let Some(LanguageOverride(lang)) = language.as_deref() {
        settings.language = *lang;
    }
    if let Some(problem) = problem {
        notices.write(Notice::Problem(
            problem.describe_preferences(settings.language, false),
        ));
    }
}

/// The settings file as it is, without a word or a change on disk when it
/// cannot be read (`load_settings` says so and keeps it aside later): the
/// window is made from it before the game has a screen to say anything on.
pub fn peek_settings(folders: &Folders) -> Option<Settings> {
    let bytes = std::fs::read(folders.config.join("settings.json")).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Writes the settings when they change (not in a run that writes no files).
fn save_settings(
    folders: Res<Folders>,
    no_files: Option<Res<crate::base::WritesNoFiles>>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if no_files.is_some() || !settings.is_changed() || settings.is_added() {
        return;
    }
    if let Err(e) = write_json(&folders.config.join("settings.json"), &*settings) {
        warn!("{e}");
        notices.write(Notice::Problem(
            tr(settings.language, "Your settings could not be saved.").into(),
        ));
    }
}

/// The `format` a JSON record file names, read as little as needed; `None`
/// for anything else (a classic save has none, garbage has none).
pub fn record_format(path: &Path) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Header {
        format: Option<String>,
    }
    let bytes = std::fs::read(path).ok()?;
    serde_json::from_slice::<Header>(&bytes).ok()?.format
}

/// The `.json` files of a folder, newest first (none when it is missing).
pub fn json_files_newest_first(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files.into_iter().map(|(_, p)| p).collect()
}

/// Whether the pictures' sample saves may go in `dir`: a `STARHOP_HOME`
/// folder (never the player's own) where no saves are yet.
pub fn may_hold_samples(dir: &Path) -> bool {
    let empty = std::fs::read_dir(dir).map_or(true, |mut d| d.next().is_none());
    std::env::var_os("STARHOP_HOME").is_some() && empty
}

/// Writes a saved game of another kind (food checkers, draughts) as
/// `dir/KIND-STAMP-move-N.json`, never over an earlier file, and tells the
/// player where it went or that it could not be saved.
pub fn save_game_file(
    dir: &Path,
    kind: &str,
    moves: usize,
    text: &str,
    lang: Language,
    notices: &mut MessageWriter<Notice>,
) {
    let stamp = local_stamp(SystemTime::now()).replace([':', ' '], "-");
    let base = format!("{kind}-{stamp}-move-{moves}");
    let mut path = dir.join(format!("{base}.json"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.json"));
        n += 1;
    }
    match starhop_league::store::write_atomic(&path, text.as_bytes()) {
        Ok(()) => {
            let shown = path.display().to_string();
            notices.write(Notice::Info(trf(lang, "Saved as «{}»", &[&shown])));
        }
        Err(e) => {
            warn!("{e}");
            notices.write(Notice::Problem(
                tr(lang, "The game could not be saved.").into(),
            ));
        }
    }
}

/// An empty folder of this test process's own under the system's temporary
/// folder, for a unit test of `module` to write its files in.
#[cfg(test)]
pub(crate) fn temp_dir(module: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("starhop-{module}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn files_in(dir: &Path) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn settings_round_trip_and_a_missing_file_is_no_error() {
        let dir = temp_dir("persist", "roundtrip");
        let path = dir.join("settings.json");
        assert_eq!(read_json::<Settings>(&path), Ok(None));
        let s = Settings {
            volume: 0.25,
            shape_marks: true,
            ui_scale: crate::settings::UiScale::Tv,
            quality: crate::settings::Quality::Low,
            music_volume: 0.1,
            ..Settings::default()
        };
        write_json(&path, &s).unwrap();
        assert_eq!(read_json::<Settings>(&path), Ok(Some(s)));
        // A file from before the UI scale setting keeps its other choices.
        std::fs::write(&path, r#"{"volume":0.5,"shape_marks":true}"#).unwrap();
        let old = read_json::<Settings>(&path).unwrap().unwrap();
        assert_eq!(old.ui_scale, crate::settings::UiScale::Normal);
        assert_eq!(old.quality, crate::settings::Quality::Auto);
        assert_eq!(old.music_volume, Settings::default().music_volume);
        assert!(old.shape_marks && old.volume == 0.5);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_not_overwritten() {
        let dir = temp_dir("persist", "corrupt");
        let path = dir.join("settings.json");
        std::fs::write(&path, "{ this is not json").unwrap();
        let err = read_json::<Settings>(&path).unwrap_err();
        let FileProblem::Damaged { aside: Some(aside) } = &err else {
            panic!("{err:?}")
        };
        assert!(!path.exists(), "the bad file was moved");
        assert_eq!(files_in(&dir), std::slice::from_ref(aside));
        assert_eq!(
            std::fs::read_to_string(aside).unwrap(),
            "{ this is not json"
        );
        let words = err.describe_preferences(Language::English, false);
        assert!(
            words.contains("could not be read") && words.contains("settings.json.corrupt-"),
            "{words}"
        );
        assert!(!words.contains("line 1"), "no parser jargon: {words}");
        let zh = err.describe_preferences(Language::Chinese, false);
        assert!(
            zh.contains("无法读取") && zh.contains("settings.json.corrupt-"),
            "{zh}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
