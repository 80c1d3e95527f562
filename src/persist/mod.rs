//! Files: settings and the last setup in the OS config directory, saved games
//! in the data directory. A file that cannot be read is moved aside (never
//! overwritten) and the game carries on with defaults and a message.

use crate::LaunchOptions;
use crate::play::{LoadMatch, Match, MatchSetup, Notice, PendingSetup, StartMatch};
use crate::settings::Settings;
use bevy::prelude::*;
use serde::{Serialize, de::DeserializeOwned};
use starhop_engine::{Record, record::load_game};
use std::path::{Path, PathBuf};

/// Where the game keeps its files.
#[derive(Resource, Clone, Debug)]
pub struct Folders {
    pub config: PathBuf,
    pub saves: PathBuf,
}

impl Folders {
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

/// Save the match in play as a new file.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveGame;

/// Load a saved game.
#[derive(Message, Clone, Debug)]
pub struct LoadGame(pub PathBuf);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Folders::from_env())
        .add_message::<SaveGame>()
        .add_message::<LoadGame>()
        .add_systems(Startup, load_preferences)
        .add_systems(Update, (save_preferences, save_games, load_games));
}

/// Reads a JSON file. `Ok(None)` when there is none; a file that does not
/// parse is renamed to `NAME.corrupt-SECONDS` and reported.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> Result<Option<T>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    serde_json::from_str(&text).map(Some).map_err(|e| {
        let aside = path.with_extension(format!(
            "json.corrupt-{}",
            crate::play::fresh_seed() / 1_000_000_000
        ));
        let kept = std::fs::rename(path, &aside)
            .map(|()| format!("kept as {}", aside.display()))
            .unwrap_or_else(|r| format!("could not move it aside: {r}"));
        format!(
            "{} was unreadable ({e}); using defaults, the old file is {kept}",
            path.display()
        )
    })
}

/// Writes JSON through a temporary file, so a crash never leaves half a file.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let tmp = path.with_extension("json.tmp");
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Saves a record under a new, never reused name; returns its path.
pub fn save_record(dir: &Path, record: &Record) -> Result<PathBuf, String> {
    let stamp = crate::play::fresh_seed() / 1_000_000;
    let mut path = dir.join(format!("starhop-{stamp}.json"));
    let mut n = 1;
    while path.exists() {
        path = dir.join(format!("starhop-{stamp}-{n}.json"));
        n += 1;
    }
    write_json(&path, record)?;
    Ok(path)
}

/// Saved games, newest first.
pub fn list_saves(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| {
            (
                e.metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH),
                e.path(),
            )
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files.into_iter().map(|f| f.1).collect()
}

/// Reads and checks a saved game (the engine replays every move).
pub fn read_record(path: &Path) -> Result<Record, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    load_game(&text)
        .map(|(record, _)| record)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn load_preferences(
    folders: Res<Folders>,
    options: Res<LaunchOptions>,
    mut settings: ResMut<Settings>,
    mut pending: ResMut<PendingSetup>,
    mut notices: MessageWriter<Notice>,
    mut loads: MessageWriter<LoadMatch>,
) {
    match read_json::<Settings>(&folders.config.join("settings.json")) {
        Ok(Some(s)) => *settings = s,
        Ok(None) => {}
        Err(e) => {
            notices.write(Notice::Problem(e));
        }
    }
    match read_json::<MatchSetup>(&folders.config.join("last-setup.json")) {
        Ok(Some(mut s)) => {
            s.fit_seats();
            pending.0 = s;
        }
        Ok(None) => {}
        Err(e) => {
            notices.write(Notice::Problem(e));
        }
    }
    if let Some(lang) = options.language {
        settings.language = lang;
    }
    if let Some(path) = &options.load {
        match read_record(path) {
            Ok(r) => {
                loads.write(LoadMatch(r));
            }
            Err(e) => {
                notices.write(Notice::Problem(e));
            }
        }
    }
}

/// Writes the settings when they change, and the setup of every match started
/// (not in screenshot runs, which must leave the player's files alone).
fn save_preferences(
    folders: Res<Folders>,
    options: Res<LaunchOptions>,
    settings: Res<Settings>,
    mut starts: MessageReader<StartMatch>,
    mut notices: MessageWriter<Notice>,
) {
    let started = starts.read().last().cloned();
    if options.screenshot.is_some() {
        return;
    }
    let mut result = Ok(());
    if settings.is_changed() && !settings.is_added() {
        result = write_json(&folders.config.join("settings.json"), &*settings);
    }
    if let Some(StartMatch(setup)) = started {
        result = result.and(write_json(&folders.config.join("last-setup.json"), &setup));
    }
    if let Err(e) = result {
        notices.write(Notice::Problem(e));
    }
}

fn save_games(
    folders: Res<Folders>,
    game: Option<Res<Match>>,
    mut requests: MessageReader<SaveGame>,
    mut notices: MessageWriter<Notice>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(m) = game else { return };
    match save_record(&folders.saves, &m.record()) {
        Ok(path) => notices.write(Notice::Info(format!("saved {}", path.display()))),
        Err(e) => notices.write(Notice::Problem(e)),
    };
}

fn load_games(
    mut requests: MessageReader<LoadGame>,
    mut loads: MessageWriter<LoadMatch>,
    mut notices: MessageWriter<Notice>,
) {
    for LoadGame(path) in requests.read() {
        match read_record(path) {
            Ok(r) => {
                loads.write(LoadMatch(r));
            }
            Err(e) => {
                notices.write(Notice::Problem(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("starhop-persist-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn settings_round_trip_and_a_missing_file_is_no_error() {
        let dir = temp_dir("roundtrip");
        let path = dir.join("settings.json");
        assert_eq!(read_json::<Settings>(&path), Ok(None));
        let s = Settings {
            volume: 0.25,
            shape_marks: true,
            ..Settings::default()
        };
        write_json(&path, &s).unwrap();
        assert_eq!(read_json::<Settings>(&path), Ok(Some(s)));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_not_overwritten() {
        let dir = temp_dir("corrupt");
        let path = dir.join("settings.json");
        std::fs::write(&path, "{ this is not json").unwrap();
        let err = read_json::<Settings>(&path).unwrap_err();
        assert!(
            err.contains("unreadable") && err.contains("kept as"),
            "{err}"
        );
        assert!(!path.exists(), "the bad file was moved");
        let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(
            std::fs::read_to_string(&aside[0]).unwrap(),
            "{ this is not json"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saved_games_never_overwrite_each_other_and_bad_ones_say_why() {
        let dir = temp_dir("saves");
        let game = starhop_engine::Game::new(starhop_engine::Rules::classic(), 2, 1).unwrap();
        let record = Record::of(&game, vec![]);
        let a = save_record(&dir, &record).unwrap();
        let b = save_record(&dir, &record).unwrap();
        assert_ne!(a, b);
        assert_eq!(list_saves(&dir).len(), 2);
        assert_eq!(read_record(&a).unwrap(), record);
        std::fs::write(&b, "[]").unwrap();
        let err = read_record(&b).unwrap_err();
        assert!(
            err.contains("not a Starhop game record") || err.contains("not a readable"),
            "{err}"
        );
        assert!(
            read_record(&dir.join("missing.json"))
                .unwrap_err()
                .contains("cannot read")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
