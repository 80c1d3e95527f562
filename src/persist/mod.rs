//! Files: settings and the last setup in the OS config directory, saved games
//! in the data directory. A file that cannot be read is moved aside (never
//! overwritten or deleted) and the game carries on with defaults and a
//! message in words, in the player's language.

use crate::base::Notice;
use crate::classic::{LoadMatch, Match, MatchSetup, PendingSetup, SeatKind, StartMatch};
use crate::settings::{Language, Settings};
use crate::shell::launch::LaunchOptions;
use crate::ui::{tr, trf};
use bevy::prelude::*;
use serde::{Serialize, de::DeserializeOwned};
use starhop_ai::Level;
use starhop_engine::{MAX_RECORD_BYTES, Record, RecordError, read_record as read_engine_record};
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

/// Save the match in play as a new file.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveGame;

/// Load a saved game.
#[derive(Message, Clone, Debug)]
pub struct LoadGame(pub PathBuf);

/// Delete a saved game (asked and confirmed in the UI).
#[derive(Message, Clone, Debug)]
pub struct DeleteSave(pub PathBuf);

/// Read the saves folder again for the list.
#[derive(Message, Clone, Copy, Debug)]
pub struct RefreshSaves;

/// The saved games, newest first, as the Load list shows them.
#[derive(Resource, Default, Debug)]
pub struct SaveList {
    pub entries: Vec<SaveEntry>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// The file's name without `.json` (shown on hover, and for unreadable files).
    pub file_name: String,
    /// When it was saved, local time ("2026-11-30 14.05").
    pub when: String,
    pub state: SaveState,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SaveState {
    /// Each seat's name and bot level (`None`: a person), and the move number.
    Readable {
        seats: Vec<(String, Option<Level>)>,
        moves: usize,
    },
    /// Damaged or not a Starhop save; already moved aside.
    Unreadable,
    /// Written by a newer version of the game; left where it is.
    Newer,
}

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
fn file_name(path: &Path) -> String {
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

/// The files of the whole game (part of the full game; tests that check the
/// files add it to the headless logic, with their own `Folders` after it).
pub fn plugin(app: &mut App) {
    app.insert_resource(Folders::from_env())
        .init_resource::<SaveList>()
        .add_message::<SaveGame>()
        .add_message::<LoadGame>()
        .add_message::<DeleteSave>()
        .add_message::<RefreshSaves>()
        .add_systems(Startup, load_preferences)
        .add_systems(
            Update,
            (
                save_preferences,
                save_games,
                load_games,
                delete_saves,
                list_saves_on_request,
            )
                .chain(),
        );
}

/// Renames a file that cannot be read to `NAME.corrupt-N` beside it (the
/// league's files do the same).
pub(crate) fn move_aside(path: &Path) -> Option<PathBuf> {
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

/// A seat in a save's name: its name, or "Bot (Hard)" for a bot that kept its
/// default name, or "Anna (Hard)" for a named bot.
fn seat_label(name: &str, kind: SeatKind) -> String {
    let default = crate::ui::i18n::default_number(name).is_some();
    match kind {
        SeatKind::Human | SeatKind::Remote => name.to_string(),
        SeatKind::Bot(level) if default => format!("Bot ({level:?})"),
        SeatKind::Bot(level) => format!("{name} ({level:?})"),
    }
}

/// Characters that some file system refuses, and control characters, become `_`.
fn file_safe(text: &str) -> String {
    let mut s: String = text
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    // Windows refuses names ending in a dot or a space.
    while s.ends_with(['.', ' ']) {
        s.pop();
    }
    s
}

/// The file name of a save: date, players and move, like
/// `2026-11-30 14.05 Anna vs Bot (Hard), move 23` (without `.json`).
pub fn save_name(stamp: &str, seats: &[(String, SeatKind)], moves: usize) -> String {
    let mut players = seats
        .iter()
        .map(|(n, k)| seat_label(n.trim(), *k))
        .collect::<Vec<_>>()
        .join(" vs ");
    if players.chars().count() > 90 {
        players = players.chars().take(88).collect::<String>() + "…";
    }
    file_safe(&format!("{stamp} {players}, move {moves}"))
}

/// Saves a record (which says who played each seat) under a new, never
/// reused name; returns its path.
pub fn save_record(dir: &Path, record: &Record, name: &str) -> Result<PathBuf, String> {
    let mut path = dir.join(format!("{name}.json"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{name} ({n}).json"));
        n += 1;
    }
    write_json(&path, record)?;
    Ok(path)
}

/// Whether a file in the saves folder is a save (`.json`) or one moved aside.
fn save_kind(path: &Path) -> Option<bool> {
    let name = path.file_name()?.to_string_lossy();
    if name.ends_with(".json") {
        Some(true)
    } else if name.contains(".json.corrupt-") {
        Some(false)
    } else {
        None
    }
}

/// Saved games, newest first: every one read and checked, the unreadable ones
/// moved aside and listed as such, so the player sees them and can delete them.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(SystemTime, SaveEntry)> = Vec::new();
    for e in entries.flatten() {
        let path = e.path();
        let Some(is_save) = save_kind(&path) else {
            continue;
        };
        let modified = e
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(std::time::UNIX_EPOCH);
        let (path, state) = if is_save {
            match read_save(&path) {
                Ok(record) => {
                    let (setup, _) = MatchSetup::from_record(&record);
                    let seats = (0..record.players)
                        .map(|s| {
                            let name = record
                                .names
                                .get(s)
                                .cloned()
                                .unwrap_or_else(|| format!("Player {}", s + 1));
                            let bot = match setup.seats[s].kind {
                                SeatKind::Bot(level) => Some(level),
                                SeatKind::Human | SeatKind::Remote => None,
                            };
                            (name, bot)
                        })
                        .collect();
                    let moves = record.actions.len() + 1;
                    (path, SaveState::Readable { seats, moves })
                }
                Err(FileProblem::Damaged { aside }) => {
                    (aside.unwrap_or(path), SaveState::Unreadable)
                }
                Err(FileProblem::Newer) => (path, SaveState::Newer),
                Err(_) => (path, SaveState::Unreadable),
            }
        } else {
            (path, SaveState::Unreadable)
        };
        let name = file_name(&path);
        let file_name = name.strip_suffix(".json").unwrap_or(&name).to_string();
        files.push((
            modified,
            SaveEntry {
                path,
                file_name,
                when: local_stamp(modified),
                state,
            },
        ));
    }
    files.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| a.1.file_name.cmp(&b.1.file_name))
    });
    files.into_iter().map(|f| f.1).collect()
}

/// Reads and checks a saved game (at most the engine's size limit; the
/// engine replays every move); a damaged file is moved aside.
pub fn read_save(path: &Path) -> Result<Record, FileProblem> {
    let cannot_read = |e: std::io::Error| {
        warn!("cannot read {}: {e}", path.display());
        if e.kind() == std::io::ErrorKind::NotFound {
            FileProblem::Missing(path.to_path_buf())
        } else {
            FileProblem::CannotRead(path.to_path_buf())
        }
    };
    // A folder opens on Linux and fails on read: both are "cannot read".
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(cannot_read(std::io::Error::other("a folder")));
    }
    let checked = read_engine_record(file, MAX_RECORD_BYTES)
        .and_then(|record| record.replay().map(|_| record));
    match checked {
        Ok(record) => Ok(record),
        Err(RecordError::Version(v)) => {
            warn!(
                "{} is from a newer version (record version {v})",
                path.display()
            );
            Err(FileProblem::Newer)
        }
        Err(e) => {
            warn!("{} is not a readable save: {e}", path.display());
            Err(FileProblem::Damaged {
                aside: move_aside(path),
            })
        }
    }
}

fn load_preferences(
    folders: Res<Folders>,
    options: Res<LaunchOptions>,
    mut settings: ResMut<Settings>,
    mut pending: ResMut<PendingSetup>,
    mut notices: MessageWriter<Notice>,
    mut loads: MessageWriter<LoadMatch>,
) {
    let mut problems = Vec::new();
    match read_json::<Settings>(&folders.config.join("settings.json")) {
        Ok(Some(s)) => *settings = s,
        Ok(None) => {}
        Err(e) => problems.push((e, false)),
    }
    match read_json::<MatchSetup>(&folders.config.join("last-setup.json")) {
        Ok(Some(mut s)) => {
            s.fit_seats();
            pending.0 = s;
        }
        Ok(None) => {}
        Err(e) => problems.push((e, true)),
    }
    if let Some(lang) = options.language {
        settings.language = lang;
    }
    let lang = settings.language;
    for (problem, last_setup) in problems {
        notices.write(Notice::Problem(
            problem.describe_preferences(lang, last_setup),
        ));
    }
    if let Some(path) = options.load.as_ref().filter(|p| {
        !crate::food::is_food_record(p) && !crate::draughts::files::is_draughts_record(p)
    }) {
        match read_save(path) {
            Ok(r) => {
                loads.write(LoadMatch(r));
            }
            Err(e) => {
                notices.write(Notice::Problem(e.describe_save(lang)));
            }
        }
    }
}

/// Writes the settings when they change, and the setup of every match started
/// (not in screenshot runs, which must leave the player's files alone).
fn save_preferences(
    folders: Res<Folders>,
    no_files: Option<Res<crate::base::WritesNoFiles>>,
    settings: Res<Settings>,
    screen: Res<State<crate::base::Screen>>,
    mut starts: MessageReader<StartMatch>,
    mut notices: MessageWriter<Notice>,
) {
    // Only a game started from the setup screen is the setup to remember: a
    // quick start, a rematch or a tournament game leaves it alone.
    let started = starts
        .read()
        .last()
        .cloned()
        .filter(|_| *screen.get() == crate::base::Screen::Setup);
    if no_files.is_some() {
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
        warn!("{e}");
        notices.write(Notice::Problem(
            tr(settings.language, "Your settings could not be saved.").into(),
        ));
    }
}

fn save_games(
    folders: Res<Folders>,
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    mut requests: MessageReader<SaveGame>,
    mut notices: MessageWriter<Notice>,
    mut refresh: MessageWriter<RefreshSaves>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(m) = game else { return };
    let lang = settings.language;
    let seats: Vec<(String, SeatKind)> = m
        .setup
        .seats
        .iter()
        .map(|s| (s.name.clone(), s.kind))
        .collect();
    let name = save_name(
        &local_stamp(SystemTime::now()),
        &seats,
        crate::classic::move_number(&m.game),
    );
    match save_record(&folders.saves, &m.record(), &name) {
        Ok(path) => {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            // The players in the interface language (the file's name keeps
            // neutral English words on every machine).
            let who = seats
                .iter()
                .map(|(name, kind)| {
                    let bot = match kind {
                        SeatKind::Bot(level) => Some(*level),
                        _ => None,
                    };
                    crate::ui::seat_in_list(lang, name, bot)
                })
                .reduce(|a, b| trf(lang, "{} vs {}", &[&a, &b]))
                .unwrap_or_default();
            info!("saved as {stem}");
            notices.write(Notice::Info(trf(
                lang,
                "Saved: {}, move {}",
                &[&who, &crate::classic::move_number(&m.game)],
            )));
            refresh.write(RefreshSaves);
        }
        Err(e) => {
            warn!("{e}");
            notices.write(Notice::Problem(
                tr(lang, "The game could not be saved.").into(),
            ));
        }
    };
}

fn load_games(
    mut requests: MessageReader<LoadGame>,
    settings: Res<Settings>,
    mut loads: MessageWriter<LoadMatch>,
    mut notices: MessageWriter<Notice>,
    mut refresh: MessageWriter<RefreshSaves>,
) {
    for LoadGame(path) in requests.read() {
        match read_save(path) {
            Ok(r) => {
                loads.write(LoadMatch(r));
            }
            Err(e) => {
                notices.write(Notice::Problem(e.describe_save(settings.language)));
                refresh.write(RefreshSaves);
            }
        }
    }
}

fn delete_saves(
    mut requests: MessageReader<DeleteSave>,
    folders: Res<Folders>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut refresh: MessageWriter<RefreshSaves>,
) {
    let lang = settings.language;
    for DeleteSave(path) in requests.read() {
        // Only files in the saves folder that the list shows.
        let inside = path.parent() == Some(folders.saves.as_path()) && save_kind(path).is_some();
        match inside.then(|| std::fs::remove_file(path)) {
            Some(Ok(())) => {
                let name = file_name(path);
                let name = name.strip_suffix(".json").unwrap_or(&name);
                notices.write(Notice::Info(trf(lang, "Deleted «{}»", &[&name])));
            }
            Some(Err(e)) => {
                warn!("cannot delete {}: {e}", path.display());
                notices.write(Notice::Problem(
                    tr(lang, "The save could not be deleted.").into(),
                ));
            }
            None => {
                warn!("not deleting {}: not a save", path.display());
            }
        }
        refresh.write(RefreshSaves);
    }
}

fn list_saves_on_request(
    mut requests: MessageReader<RefreshSaves>,
    folders: Res<Folders>,
    mut list: ResMut<SaveList>,
) {
    if requests.read().count() > 0 {
        list.entries = list_saves(&folders.saves);
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

    fn files_in(dir: &Path) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        v.sort();
        v
    }

    fn a_record() -> Record {
        let game = starhop_engine::Game::new(starhop_engine::Rules::classic(), 2, 1).unwrap();
        Record::of(&game, vec!["Anna".into(), "Player 2".into()])
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

    #[test]
    fn saves_are_named_by_date_players_and_move() {
        let seats = [
            ("Anna".to_string(), SeatKind::Human),
            ("Player 2".to_string(), SeatKind::Bot(Level::Hard)),
        ];
        assert_eq!(
            save_name("2026-11-30 14.05", &seats, 23),
            "2026-11-30 14.05 Anna vs Bot (Hard), move 23"
        );
        let odd = [
            ("A/B: \"x\"?".to_string(), SeatKind::Human),
            ("Max".to_string(), SeatKind::Bot(Level::Easy)),
        ];
        let name = save_name("2026-11-30 14.05", &odd, 1);
        assert_eq!(name, "2026-11-30 14.05 A_B_ _x__ vs Max (Easy), move 1");
        assert!(!name.contains(['/', '\\', ':', '*', '?', '"', '<', '>', '|']));
    }

    #[test]
    fn saved_games_never_overwrite_each_other_and_list_newest_first() {
        let dir = temp_dir("saves");
        let record = Record {
            bots: vec![None, Some("Hard".into())],
            ..a_record()
        };
        let a = save_record(&dir, &record, "game").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let b = save_record(&dir, &record, "game").unwrap();
        assert_ne!(a, b);
        assert_eq!(file_name(&b), "game (2).json");
        assert_eq!(read_save(&a).unwrap(), record);
        let list = list_saves(&dir);
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].path, b, "newest first");
        assert_eq!(
            list[0].state,
            SaveState::Readable {
                seats: vec![
                    ("Anna".into(), None),
                    ("Player 2".into(), Some(Level::Hard))
                ],
                moves: 1
            }
        );
        assert_eq!(list[0].when.len(), "2026-11-30 14.05".len());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_garbage_or_truncated_save_is_explained_marked_and_moved_aside() {
        let dir = temp_dir("bad-saves");
        let good = save_record(&dir, &a_record(), "good").unwrap();
        let text = std::fs::read_to_string(&good).unwrap();
        let truncated = dir.join("truncated.json");
        std::fs::write(&truncated, &text[..text.len() / 2]).unwrap();
        let garbage = dir.join("garbage.json");
        std::fs::write(&garbage, "this is no save").unwrap();
        let foreign = dir.join("foreign.json");
        std::fs::write(&foreign, "[1, 2, 3]").unwrap();

        // Loading one says it in words, moves it aside, and keeps every byte.
        let err = read_save(&truncated).unwrap_err();
        let words = err.describe_save(Language::English);
        assert!(
            words.starts_with("This file is not a readable Starhop save (it may be damaged or from another program).")
                && words.contains("truncated.json.corrupt-"),
            "{words}"
        );
        assert!(
            !words.contains("line") && !words.contains("expected"),
            "{words}"
        );
        assert!(!truncated.exists());
        let FileProblem::Damaged { aside: Some(aside) } = err else {
            panic!()
        };
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap(),
            text[..text.len() / 2]
        );

        // The list reads every file: the good one loads, the others are marked
        // unreadable (and moved aside too), none is lost.
        let list = list_saves(&dir);
        assert_eq!(list.len(), 4, "{list:#?}");
        let readable: Vec<_> = list
            .iter()
            .filter(|e| matches!(e.state, SaveState::Readable { .. }))
            .collect();
        assert_eq!(readable.len(), 1);
        assert_eq!(readable[0].path, good);
        for e in list.iter().filter(|e| e.state == SaveState::Unreadable) {
            assert!(e.file_name.contains(".json.corrupt-"), "{e:?}");
            assert!(e.path.exists());
        }
        assert!(!garbage.exists() && !foreign.exists());
        assert_eq!(files_in(&dir).len(), 4, "nothing deleted");

        // A save from a newer version is left alone.
        let newer = dir.join("newer.json");
        let version = format!("\"version\": {}", starhop_engine::record::RECORD_VERSION);
        assert!(text.contains(&version));
        std::fs::write(&newer, text.replace(&version, "\"version\": 99")).unwrap();
        assert_eq!(read_save(&newer), Err(FileProblem::Newer));
        assert!(newer.exists());
        assert!(
            read_save(&dir.join("missing.json"))
                .unwrap_err()
                .describe_save(Language::Chinese)
                .contains("找不到文件")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
