//! The league's files, in one folder:
//!
//! - `league.json`: the profiles and the history list (one file, so a game's
//!   rating changes and its history entry are always written together);
//! - `history/ID.json`: the record of each finished game, and beside it
//!   `history/ID.meta.json`: its history entry and the profiles of its seats
//!   as they stood after it, so that a damaged `league.json` can be rebuilt
//!   from the history folder ([`League::open`] does so);
//! - `tournaments/ID.json`: each tournament.
//!
//! Every write goes through a temporary file and a rename, so a crash never
//! leaves half a file. A file that cannot be read is renamed
//! `NAME.corrupt-N` (never overwritten or deleted) and reported.

use crate::history::{
    GameFiled, HistoryEntry, RatingChange, Who, any_game_id, game_id, nearest_end_reason,
};
use crate::profiles::Profiles;
use crate::rating::{RatedGame, bot_level, level_of, rating_changes};
use crate::tournament::Tournament;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use starhop_engine::{MAX_RECORD_BYTES, Record, Seat, Status};
use starhop_games::{AnyGame, AnyRecord, AnyRecordError, BoxGame, GameKind, read_any_record_from};
use std::path::{Path, PathBuf};

pub const LEAGUE_FORMAT: &str = "starhop-league";
pub const LEAGUE_VERSION: u32 = 1;

/// Something wrong with a file, in words a player can act on.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StoreProblem {
    #[error("{file} could not be read, so it was kept aside as {aside}")]
    Damaged { file: String, aside: String },
    #[error("{file} could not be read and could not be moved aside: {why}")]
    Unreadable { file: String, why: String },
    #[error("{file} was written by a newer Starhop; it is left as it is")]
    Newer { file: String },
    #[error("{file} could not be written: {why}")]
    CannotWrite { file: String, why: String },
    #[error(
        "{file} could not be read, so it was kept aside as {aside}; {games} games and {profiles} profiles were rebuilt from the history"
    )]
    Rebuilt {
        file: String,
        aside: String,
        games: usize,
        profiles: usize,
    },
    #[error("{0}")]
    Invalid(String),
}

pub const META_FORMAT: &str = "starhop-history-entry";
pub const META_VERSION: u32 = 1;

/// What is kept beside a history record: its entry, and the profiles that
/// played it as they stood after it (points, counts, name and colour).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct HistoryMeta {
    format: String,
    version: u32,
    entry: HistoryEntry,
    profiles: Vec<crate::profiles::Profile>,
}

/// The profiles and the history.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct LeagueFile {
    format: String,
    version: u32,
    profiles: Profiles,
    history: Vec<HistoryEntry>,
}

/// Profiles, history and tournaments, kept in `dir`.
#[derive(Clone, Debug)]
pub struct League {
    dir: PathBuf,
    pub profiles: Profiles,
    /// Oldest first.
    pub history: Vec<HistoryEntry>,
    /// Set when `league.json` is from a newer version: nothing is written over it.
    read_only: bool,
}

fn file_label(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Writes `bytes` to `path` through a temporary file and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreProblem> {
    let problem = |e: std::io::Error| StoreProblem::CannotWrite {
        file: file_label(path),
        why: e.to_string(),
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(problem)?;
    }
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, bytes).map_err(problem)?;
    std::fs::rename(&tmp, path).map_err(problem)
}

/// Renames an unreadable file to `NAME.corrupt-N` beside it.
pub fn move_aside(path: &Path) -> Result<PathBuf, std::io::Error> {
    let mut n = 1;
    let aside = loop {
        let a = PathBuf::from(format!("{}.corrupt-{n}", path.display()));
        if !a.exists() {
            break a;
        }
        n += 1;
    };
    std::fs::rename(path, &aside).map(|()| aside)
}

fn damaged(path: &Path) -> StoreProblem {
    match move_aside(path) {
        Ok(aside) => StoreProblem::Damaged {
            file: file_label(path),
            aside: file_label(&aside),
        },
        Err(e) => StoreProblem::Unreadable {
            file: file_label(path),
            why: e.to_string(),
        },
    }
}

/// Reads JSON; `Ok(None)` when there is no file; a file that does not parse
/// (or fails `check`) is moved aside.
fn read_checked<T: DeserializeOwned>(
    path: &Path,
    check: impl Fn(&T) -> Result<(), bool>,
) -> Result<Option<T>, StoreProblem> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(StoreProblem::Unreadable {
                file: file_label(path),
                why: e.to_string(),
            });
        }
    };
    let value: T = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(_) => return Err(damaged(path)),
    };
    match check(&value) {
        Ok(()) => Ok(Some(value)),
        // `true`: newer version, left alone.
        Err(true) => Err(StoreProblem::Newer {
            file: file_label(path),
        }),
        Err(false) => Err(damaged(path)),
    }
}

/// The history entry of a record filed without an entry file: its places
/// and ending from a replay, its seats as guests and bots, unrated, dated by
/// the file. Records of every game are read, tagged or in their own format.
/// None when the record does not replay to an end.
fn entry_of_record(
    path: &Path,
    name: &str,
    modified: std::time::SystemTime,
) -> Option<HistoryEntry> {
    let file = std::fs::File::open(path).ok()?;
    let record = read_any_record_from(file, MAX_RECORD_BYTES).ok()?;
    let game = record.replay().ok()?;
    let result = game.result()?;
    let (reason, ending) = match &game {
        AnyGame::Classic(g) => (g.outcome()?.reason, None),
        _ => (
            nearest_end_reason(result.reason),
            Some(result.reason.to_string()),
        ),
    };
    let n = record.seats();
    let who = (0..n)
        .map(|s| {
            record
                .bots()
                .get(s)
                .cloned()
                .flatten()
                .and_then(|l| starhop_ai::Level::ALL.into_iter().find(|x| x.name() == l))
                .map_or(Who::Guest, Who::Bot)
        })
        .collect();
    let secs = modified
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Some(HistoryEntry {
        id: name.trim_end_matches(".json").to_string(),
        game: record.kind(),
        date: utc_stamp(secs),
        names: seat_names(&record),
        who,
        places: result.places,
        scores: result.scores,
        reason,
        ending,
        moves: record.moves(),
        rating: vec![0; n],
        new_levels: vec![None; n],
        record: name.to_string(),
        tournament: None,
    })
}

/// A name for every seat (empty where the record has none).
fn seat_names(record: &AnyRecord) -> Vec<String> {
    (0..record.seats())
        .map(|s| record.names().get(s).cloned().unwrap_or_default())
        .collect()
}

/// "2026-11-30 14.05" (UTC) from seconds since 1970.
fn utc_stamp(secs: u64) -> String {
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let (y, mo, d) = starhop_about::civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{mo:02}-{d:02} {h:02}.{m:02}")
}

fn to_json<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec_pretty(value).expect("league values always serialise")
}

impl League {
    /// Opens the league in `dir` (nothing there yet is fine). Problems are
    /// returned beside a usable league: a damaged file starts afresh, its
    /// content kept aside.
    pub fn open(dir: &Path) -> (League, Vec<StoreProblem>) {
        let mut league = League {
            dir: dir.to_path_buf(),
            profiles: Profiles::default(),
            history: Vec::new(),
            read_only: false,
        };
        let mut problems = Vec::new();
        let path = league.file();
        match read_checked::<LeagueFile>(&path, |f| {
            if f.format != LEAGUE_FORMAT {
                Err(false)
            } else if f.version > LEAGUE_VERSION {
                Err(true)
            } else {
                Ok(())
            }
        }) {
            Ok(Some(f)) => {
                league.profiles = f.profiles;
                league.history = f.history;
            }
            Ok(None) => {}
            Err(StoreProblem::Damaged { file, aside }) => {
                // The damaged file is kept aside; what the history folder
                // holds comes back, and is written as the new league file.
                let (games, profiles) = league.rebuild_from_history();
                if let Err(p) = league.save() {
                    problems.push(p);
                }
                problems.push(StoreProblem::Rebuilt {
                    file,
                    aside,
                    games,
                    profiles,
                });
            }
            Err(p) => {
                league.read_only = matches!(p, StoreProblem::Newer { .. });
                problems.push(p);
            }
        }
        (league, problems)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self) -> PathBuf {
        self.dir.join("league.json")
    }

    fn history_dir(&self) -> PathBuf {
        self.dir.join("history")
    }

    fn tournament_dir(&self) -> PathBuf {
        self.dir.join("tournaments")
    }

    /// Writes profiles and history.
    pub fn save(&self) -> Result<(), StoreProblem> {
        if self.read_only {
            return Err(StoreProblem::Newer {
                file: file_label(&self.file()),
            });
        }
        let file = LeagueFile {
            format: LEAGUE_FORMAT.into(),
            version: LEAGUE_VERSION,
            profiles: self.profiles.clone(),
            history: self.history.clone(),
        };
        write_atomic(&self.file(), &to_json(&file))
    }

    /// The level a seat plays at: a profile's, a bot's fixed one, 1 for a guest.
    pub fn level_of(&self, who: &Who) -> u32 {
        match who {
            Who::Profile(id) => self.profiles.get(id).map_or(1, |p| p.level()),
            Who::Bot(l) => bot_level(*l),
            Who::Guest => 1,
        }
    }

    /// Files a finished game: saves its record, adds it to the history and
    /// changes the profiles' points and counts, all in one write. A game
    /// already in the history (the same record) changes nothing.
    pub fn file_game(
        &mut self,
        record: &Record,
        who: &[Who],
        date: &str,
        tournament: Option<String>,
    ) -> Result<GameFiled, StoreProblem> {
        let id = game_id(record);
        if self.history.iter().any(|e| e.id == id) {
            return Ok(GameFiled {
                id,
                changes: vec![None; record.players],
                new: false,
            });
        }
        let game = record
            .replay()
            .map_err(|e| StoreProblem::Invalid(e.to_string()))?;
        let outcome = game
            .outcome()
            .ok_or_else(|| StoreProblem::Invalid("the game is not over".into()))?
            .clone();
        if who.len() != record.players {
            return Err(StoreProblem::Invalid(format!(
                "{} seats named for {} players",
                who.len(),
                record.players
            )));
        }
        let levels: Vec<u32> = who.iter().map(|w| self.level_of(w)).collect();
        let rated: Vec<bool> = who
            .iter()
            .map(|w| matches!(w, Who::Profile(id) if self.profiles.get(id).is_some()))
            .collect();
        let rated_game = RatedGame::of(&game, &levels, &rated).expect("over");
        let deltas = rating_changes(&rated_game);
        let name = format!("{id}.json");
        write_atomic(&self.history_dir().join(&name), record.to_json().as_bytes())?;

        let mut changes = vec![None; record.players];
        let mut new_levels = vec![None; record.players];
        let n = record.players;
        for (s, w) in who.iter().enumerate() {
            let Who::Profile(pid) = w else { continue };
            let Some(p) = self.profiles.get_mut(pid) else {
                continue;
            };
            let before = p.points;
            p.points += deltas[s];
            p.games += 1;
            // Two-player and team games have scores (0.75 by adjudication
            // is a win); free for all, an unshared first place is a win and
            // a shared one a draw.
            let firsts = outcome.places.iter().filter(|&&q| q == 1).count();
            let (won, drew) = match outcome.scores.as_ref().map(|v| v[s]) {
                Some(x) => (x > 0.5, x == 0.5),
                None => (
                    outcome.places[s] == 1 && firsts == 1,
                    outcome.places[s] == 1 && firsts > 1,
                ),
            };
            if won {
                p.wins += 1;
            } else if drew {
                p.draws += 1;
            } else {
                p.losses += 1;
            }
            if let Status::Finished { turns } = game.player(s as Seat).status {
                p.finished += 1;
                p.finish_moves += turns;
            }
            let change = RatingChange {
                profile: pid.clone(),
                before,
                after: p.points,
                level_before: level_of(before),
                level_after: level_of(p.points),
            };
            if change.level_after != change.level_before {
                new_levels[s] = Some(change.level_after);
            }
            changes[s] = Some(change);
        }
        self.history.push(HistoryEntry {
            id: id.clone(),
            game: if record.rules.items {
                GameKind::Party
            } else {
                GameKind::Classic
            },
            date: date.into(),
            names: (0..n)
                .map(|s| record.names.get(s).cloned().unwrap_or_default())
                .collect(),
            who: who.to_vec(),
            places: outcome.places.clone(),
            scores: outcome.scores.clone(),
            reason: outcome.reason,
            ending: None,
            moves: record.actions.len(),
            rating: deltas,
            new_levels,
            record: name,
            tournament,
        });
        self.write_meta(self.history.last().expect("just pushed"))?;
        self.save()?;
        Ok(GameFiled {
            id,
            changes,
            new: true,
        })
    }

    /// Files a finished game of any game of the box (see [`AnyRecord::of`]).
    /// Classic and party go through [`League::file_game`] and are rated as
    /// RULES §7 says. The other games are filed unrated: every seat's
    /// rating change is 0 and no profile's points or counts change (§7
    /// rates Chinese checkers only); the entry names the game and its own
    /// reason, and the record is kept in the tagged format. A game already
    /// in the history changes nothing.
    pub fn file_any(
        &mut self,
        record: &AnyRecord,
        who: &[Who],
        date: &str,
        tournament: Option<String>,
    ) -> Result<GameFiled, StoreProblem> {
        if let AnyRecord::Classic(r) = record {
            return self.file_game(r, who, date, tournament);
        }
        let n = record.seats();
        let id = any_game_id(record);
        if self.history.iter().any(|e| e.id == id) {
            return Ok(GameFiled {
                id,
                changes: vec![None; n],
                new: false,
            });
        }
        let game = record
            .replay()
            .map_err(|e| StoreProblem::Invalid(e.to_string()))?;
        let result = game
            .result()
            .ok_or_else(|| StoreProblem::Invalid("the game is not over".into()))?;
        if who.len() != n {
            return Err(StoreProblem::Invalid(format!(
                "{} seats named for {n} players",
                who.len()
            )));
        }
        let name = format!("{id}.json");
        write_atomic(&self.history_dir().join(&name), record.to_json().as_bytes())?;
        self.history.push(HistoryEntry {
            id: id.clone(),
            game: record.kind(),
            date: date.into(),
            names: seat_names(record),
            who: who.to_vec(),
            places: result.places,
            scores: result.scores,
            reason: nearest_end_reason(result.reason),
            ending: Some(result.reason.into()),
            moves: record.moves(),
            rating: vec![0; n],
            new_levels: vec![None; n],
            record: name,
            tournament,
        });
        self.write_meta(self.history.last().expect("just pushed"))?;
        self.save()?;
        Ok(GameFiled {
            id,
            changes: vec![None; n],
            new: true,
        })
    }

    /// The file beside a history record that lets the league be rebuilt.
    fn meta_path(&self, id: &str) -> PathBuf {
        self.history_dir().join(format!("{id}.meta.json"))
    }

    fn write_meta(&self, entry: &HistoryEntry) -> Result<(), StoreProblem> {
        let profiles = entry
            .who
            .iter()
            .filter_map(|w| match w {
                Who::Profile(id) => self.profiles.get(id).cloned(),
                _ => None,
            })
            .collect();
        let meta = HistoryMeta {
            format: META_FORMAT.into(),
            version: META_VERSION,
            entry: entry.clone(),
            profiles,
        };
        write_atomic(&self.meta_path(&entry.id), &to_json(&meta))
    }

    /// Rebuilds the profiles and the history from the history folder (after
    /// `league.json` was found damaged): every record with its entry file as
    /// it was filed, each profile as it stood after its last game, profiles
    /// named only in a tournament with no points yet; records without an
    /// entry file (filed by older versions) come back as unrated games of
    /// guests and bots. Returns the numbers of games and profiles rebuilt.
    fn rebuild_from_history(&mut self) -> (usize, usize) {
        let Ok(dir) = std::fs::read_dir(self.history_dir()) else {
            return (0, 0);
        };
        let mut records: Vec<(PathBuf, std::time::SystemTime)> = Vec::new();
        let mut metas: Vec<HistoryMeta> = Vec::new();
        for e in dir.flatten() {
            let path = e.path();
            let name = file_label(&path);
            if name.ends_with(".meta.json") {
                // A damaged entry file is left where it is: its record still
                // comes back below, unrated.
                if let Ok(bytes) = std::fs::read(&path)
                    && let Ok(meta) = serde_json::from_slice::<HistoryMeta>(&bytes)
                    && meta.format == META_FORMAT
                {
                    metas.push(meta);
                }
            } else if name.ends_with(".json") {
                let modified = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                records.push((path, modified));
            }
        }
        metas.sort_by(|a, b| {
            (a.entry.date.as_str(), a.entry.id.as_str())
                .cmp(&(b.entry.date.as_str(), b.entry.id.as_str()))
        });
        let mut profiles: Vec<crate::profiles::Profile> = Vec::new();
        let mut history = Vec::new();
        for meta in metas {
            if !records
                .iter()
                .any(|(p, _)| file_label(p) == meta.entry.record)
            {
                continue;
            }
            for p in meta.profiles {
                match profiles.iter_mut().find(|q| q.id == p.id) {
                    Some(q) => *q = p,
                    None => profiles.push(p),
                }
            }
            history.push(meta.entry);
        }
        // Records filed before entry files existed.
        records.sort_by_key(|(_, t)| *t);
        for (path, modified) in records {
            let name = file_label(&path);
            if history.iter().any(|e: &HistoryEntry| e.record == name) {
                continue;
            }
            if let Some(entry) = entry_of_record(&path, &name, modified) {
                history.push(entry);
            }
        }
        // Profiles that entered a tournament but have played no game yet.
        let (tournaments, _) = self.tournaments();
        for t in &tournaments {
            for e in &t.entrants {
                if let Who::Profile(id) = &e.who
                    && !profiles.iter().any(|p| &p.id == id)
                {
                    let created: String = t.created.chars().take(10).collect();
                    profiles.push(crate::profiles::Profile::new(
                        id.clone(),
                        e.name.clone(),
                        [200, 200, 200],
                        &created,
                    ));
                }
            }
        }
        let next = profiles
            .iter()
            .filter_map(|p| p.id.strip_prefix('p')?.parse::<u64>().ok())
            .max()
            .map_or(1, |n| n + 1);
        let counts = (history.len(), profiles.len());
        self.profiles = Profiles {
            list: profiles,
            next,
        };
        self.history = history;
        counts
    }

    /// The record file of a history entry.
    pub fn record_path(&self, entry: &HistoryEntry) -> PathBuf {
        self.history_dir().join(&entry.record)
    }

    /// Reads the Chinese-checkers record of a history entry (a damaged one
    /// is moved aside). An entry of another game is refused, its file left
    /// as it is: read it with [`League::read_any_record`].
    pub fn read_record(&self, entry: &HistoryEntry) -> Result<Record, StoreProblem> {
        if !matches!(entry.game, GameKind::Classic | GameKind::Party) {
            return Err(StoreProblem::Invalid(format!(
                "{} holds a game of {}, not of Chinese checkers",
                entry.record, entry.game
            )));
        }
        let path = self.record_path(entry);
        let file = std::fs::File::open(&path).map_err(|e| StoreProblem::Unreadable {
            file: file_label(&path),
            why: e.to_string(),
        })?;
        starhop_engine::read_record(file, MAX_RECORD_BYTES).map_err(|_| damaged(&path))
    }

    /// Reads the record of a history entry of any game. A damaged file is
    /// moved aside; one written by a newer Starhop (a newer version, a game
    /// this one does not know) is left as it is.
    pub fn read_any_record(&self, entry: &HistoryEntry) -> Result<AnyRecord, StoreProblem> {
        let path = self.record_path(entry);
        let file = std::fs::File::open(&path).map_err(|e| StoreProblem::Unreadable {
            file: file_label(&path),
            why: e.to_string(),
        })?;
        read_any_record_from(file, MAX_RECORD_BYTES).map_err(|e| match e {
            AnyRecordError::FutureVersion { .. } | AnyRecordError::UnknownGame(_) => {
                StoreProblem::Newer {
                    file: file_label(&path),
                }
            }
            _ => damaged(&path),
        })
    }

    /// Removes a game from the history (the rating it gave stays).
    pub fn delete_game(&mut self, id: &str) -> Result<(), StoreProblem> {
        let Some(i) = self.history.iter().position(|e| e.id == id) else {
            return Err(StoreProblem::Invalid("no such game".into()));
        };
        let entry = self.history.remove(i);
        self.save()?;
        // The list no longer names it; a file left behind harms nothing.
        let _ = std::fs::remove_file(self.record_path(&entry));
        let _ = std::fs::remove_file(self.meta_path(&entry.id));
        Ok(())
    }

    /// The history, newest first, of one profile or everyone.
    pub fn history_of<'a>(
        &'a self,
        profile: Option<&'a str>,
    ) -> impl Iterator<Item = &'a HistoryEntry> + 'a {
        self.history
            .iter()
            .rev()
            .filter(move |e| profile.is_none_or(|p| e.has_player(p)))
    }

    /// Saves a tournament (after every game, so it resumes after a restart).
    pub fn save_tournament(&self, t: &Tournament) -> Result<(), StoreProblem> {
        let path = self.tournament_dir().join(format!("{}.json", t.id));
        write_atomic(&path, &to_json(t))
    }

    /// Every saved tournament, oldest first; unreadable ones are moved aside
    /// and reported.
    pub fn tournaments(&self) -> (Vec<Tournament>, Vec<StoreProblem>) {
        let mut found = Vec::new();
        let mut problems = Vec::new();
        let Ok(dir) = std::fs::read_dir(self.tournament_dir()) else {
            return (found, problems);
        };
        let mut paths: Vec<PathBuf> = dir
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for path in paths {
            match read_checked::<Tournament>(&path, |t| match t.check() {
                Ok(()) => Ok(()),
                Err(_) if t.version > crate::tournament::TOURNAMENT_VERSION => Err(true),
                Err(_) => Err(false),
            }) {
                Ok(Some(t)) => found.push(t),
                Ok(None) => {}
                Err(p) => problems.push(p),
            }
        }
        found.sort_by(|a, b| a.created.cmp(&b.created).then(a.id.cmp(&b.id)));
        (found, problems)
    }

    /// Deletes a tournament's file (its games stay in the history).
    pub fn delete_tournament(&self, id: &str) -> Result<(), StoreProblem> {
        let path = self.tournament_dir().join(format!("{id}.json"));
        std::fs::remove_file(&path).map_err(|e| StoreProblem::CannotWrite {
            file: file_label(&path),
            why: e.to_string(),
        })
    }

    /// A fresh tournament id.
    pub fn new_tournament_id(&self, seed: u64) -> String {
        let (existing, _) = self.tournaments();
        let mut n = seed % 1_000_000;
        loop {
            let id = format!("t{n:06}");
            if !existing.iter().any(|t| t.id == id) {
                return id;
            }
            n += 1;
        }
    }
}
