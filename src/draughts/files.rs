//! Saved draughts games: the engine's versioned `DraughtsRecord` as JSON in
//! their own `kit::SaveFolder` beside the classic saves (written through a
//! temporary file), listed newest first on the setup panel, and `--load
//! FILE` knows them by their format and loads them with `open_saved`. A file
//! that cannot be read gets a message and stays where it is.

use super::{Draughts, DraughtsSession, LoadDraughts};
use crate::kit::{SaveFolder, SavedGame, SavesPlay};
use crate::persist::Folders;
use crate::settings::Language;
use bevy::prelude::*;
use starhop_draughts::{DRAUGHTS_RECORD_FORMAT, DraughtsRecord, read_record};
use std::path::{Path, PathBuf};

/// Save the draughts game in play.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveDraughts;

impl SavedGame for Draughts {
    const FOLDER: &'static str = "draughts-saves";
    const FORMAT: &'static str = DRAUGHTS_RECORD_FORMAT;
    type Record = DraughtsRecord;
    type Load = LoadDraughts;
    fn load(record: DraughtsRecord) -> LoadDraughts {
        LoadDraughts(record)
    }
    fn read(file: std::fs::File) -> Result<DraughtsRecord, String> {
        read_record(file)
            .map(|(record, _)| record)
            .map_err(|e| e.to_string())
    }
}

/// The saved games, newest first: listed when the panel asks, not every frame.
pub type DraughtsSaves = SaveFolder<Draughts>;

/// Where saved draughts games go.
pub fn draughts_saves(folders: &Folders) -> PathBuf {
    DraughtsSaves::dir(folders)
}

/// Whether the file is a draughts record (by its `format`).
pub fn is_draughts_record(path: &Path) -> bool {
    DraughtsSaves::holds(path)
}

/// Reads a saved draughts game for loading.
pub fn open_saved(path: &Path, lang: Language) -> Result<LoadDraughts, String> {
    DraughtsSaves::open(path, lang).map(LoadDraughts)
}

impl SavesPlay for Draughts {
    type Save = SaveDraughts;
    fn save(s: &DraughtsSession) -> (String, String, usize) {
        // The record is plain data: it always serialises.
        let text = serde_json::to_string_pretty(&s.record()).unwrap_or_default();
        let kind = s.game.variant().name().to_string();
        (text, kind, s.game.ply_count().div_ceil(2))
    }
}

pub(super) fn plugin(app: &mut App) {
    crate::kit::saves::plugin_for::<Draughts>(app);
}
