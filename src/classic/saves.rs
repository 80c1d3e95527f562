//! The classic saves: a `Record` per saved match in the saves folder, named
//! by date, players and move, listed newest first for the Load window (a
//! file that cannot be read is moved aside and listed as such, never
//! deleted), loaded and deleted on request; and the setup of the last match
//! started from the setup screen, remembered in the config folder.

use super::{LoadMatch, Match, MatchSetup, PendingSetup, SeatKind, StartMatch};
use crate::base::{Notice, Screen};
use crate::persist::{
    FileProblem, Folders, SaveGame, file_name, local_stamp, move_aside, read_json, write_json,
};
use crate::settings::Settings;
use crate::ui::{tr, trf};
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_engine::{
    Game, MAX_RECORD_BYTES, Record, RecordError, Rng, Rules, read_record as read_engine_record,
};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

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

/// The classic saves and the last setup (part of the full game, beside
/// `persist::plugin`, whose `Folders` they use).
pub fn plugin(app: &mut App) {
    app.init_resource::<SaveList>()
        .add_message::<SaveGame>()
        .add_message::<LoadGame>()
        .add_message::<DeleteSave>()
        .add_message::<RefreshSaves>()
        .add_systems(
            Startup,
            load_last_setup.after(crate::persist::load_settings),
        )
        .add_systems(
            Update,
            (
                save_last_setup,
                save_games,
                load_games,
                delete_saves,
                list_saves_on_request,
            )
                .chain(),
        );
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

/// The setup of the last match started from the setup screen, for the
/// setup screen to start from (a damaged file is kept aside and said, in
/// the language the settings just read say).
pub fn load_last_setup(
    folders: Res<Folders>,
    settings: Res<Settings>,
    mut pending: ResMut<PendingSetup>,
    mut notices: MessageWriter<Notice>,
) {
    match read_json::<MatchSetup>(&folders.config.join("last-setup.json")) {
        Ok(Some(mut s)) => {
            s.fit_seats();
            pending.0 = s;
        }
        Ok(None) => {}
        Err(problem) => {
            notices.write(Notice::Problem(
                problem.describe_preferences(settings.language, true),
            ));
        }
    }
}

/// Writes the setup of every match started from the setup screen (not in a
/// run that writes no files, such as a screenshot's).
fn save_last_setup(
    folders: Res<Folders>,
    no_files: Option<Res<crate::base::WritesNoFiles>>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut starts: MessageReader<StartMatch>,
    mut notices: MessageWriter<Notice>,
) {
    // Only a game started from the setup screen is the setup to remember: a
    // quick start, a rematch or a tournament game leaves it alone.
    let started = starts
        .read()
        .last()
        .cloned()
        .filter(|_| *screen.get() == Screen::Setup);
    let (Some(StartMatch(setup)), None) = (started, no_files) else {
        return;
    };
    if let Err(e) = write_json(&folders.config.join("last-setup.json"), &setup) {
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
        super::move_number(&m.game),
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
                &[&who, &super::move_number(&m.game)],
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

/// Seats (name and who plays), moves to play, and the date in the name.
type SampleGame = (&'static [(&'static str, SeatKind)], usize, &'static str);

/// A few saved games (and one damaged file) for the pictures of the Load
/// list and of the saves a network table can host, in a `STARHOP_HOME`
/// folder without saves (never the player's own folder).
pub fn make_sample_saves(folders: &Folders) {
    if !crate::persist::may_hold_samples(&folders.saves) {
        return;
    }
    let games: [SampleGame; 3] = [
        (
            &[
                ("Anna", SeatKind::Human),
                ("Player 2", SeatKind::Bot(starhop_ai::Level::Hard)),
            ],
            22,
            "2026-11-28 19.40",
        ),
        (
            &[
                ("Grandpa", SeatKind::Human),
                ("Mia", SeatKind::Human),
                ("Player 3", SeatKind::Human),
            ],
            40,
            "2026-11-29 16.12",
        ),
        (
            &[("Player 1", SeatKind::Human), ("Player 2", SeatKind::Human)],
            6,
            "2026-11-30 09.03",
        ),
    ];
    for (i, (seats, moves, stamp)) in games.into_iter().enumerate() {
        let Ok(mut game) = Game::new(Rules::classic(), seats.len(), 11 + i as u64) else {
            continue;
        };
        let mut rng = Rng::new(game.seed());
        for _ in 0..moves {
            match starhop_ai::greedy_move(&game, &mut rng) {
                Some(mv) if game.play(mv).is_ok() => {}
                _ => break,
            }
        }
        let names = seats.iter().map(|s| s.0.to_string()).collect();
        let list: Vec<(String, SeatKind)> = seats.iter().map(|s| (s.0.to_string(), s.1)).collect();
        let name = save_name(stamp, &list, game.actions().count() + 1);
        let record = Record {
            bots: seats.iter().map(|s| s.1.for_record()).collect(),
            ..Record::of(&game, names)
        };
        if save_record(&folders.saves, &record, &name).is_ok() {
            // Older games look older in the list.
            std::thread::sleep(std::time::Duration::from_millis(15));
        }
    }
    let _ = std::fs::write(
        folders.saves.join("old game.json"),
        "{ \"format\": \"starhop-rec",
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::temp_dir;
    use crate::settings::Language;

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
        let dir = temp_dir("classic-saves", "saves");
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
        let dir = temp_dir("classic-saves", "bad-saves");
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
