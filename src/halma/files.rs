//! Saved Halma games: the engine's versioned `HalmaRecord` as JSON in their
//! own `kit::SaveFolder` (written through a temporary file), listed newest
//! first on the setup panel; `--load FILE` knows them by their format and
//! loads them with `open_saved`. A file that cannot be read gets a message
//! and stays where it is.

use super::{Halma, HalmaSession, LoadHalma};
use crate::kit::{SaveFolder, SavedGame, SavesPlay};
use crate::persist::Folders;
use crate::settings::Language;
use bevy::prelude::*;
use starhop_engine::halma::{HALMA_RECORD_FORMAT, HalmaRecord};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Save the Halma game in play.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveHalma;

/// The largest record read (a whole game is far smaller).
const MAX_RECORD_BYTES: u64 = 8 << 20;

impl SavedGame for Halma {
    const FOLDER: &'static str = "halma-saves";
    const FORMAT: &'static str = HALMA_RECORD_FORMAT;
    type Record = HalmaRecord;
    type Load = LoadHalma;
    fn load(record: HalmaRecord) -> LoadHalma {
        LoadHalma(record)
    }
    fn read(file: std::fs::File) -> Result<HalmaRecord, String> {
        let mut bytes = Vec::new();
        file.take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| e.to_string())?;
        if bytes.len() as u64 > MAX_RECORD_BYTES {
            return Err(format!("larger than {MAX_RECORD_BYTES} bytes"));
        }
        let record = HalmaRecord::from_slice(&bytes).map_err(|e| e.to_string())?;
        // A record whose moves do not replay is told now, not when it loads.
        record.replay().map_err(|e| e.to_string())?;
        Ok(record)
    }
}

/// The saved games, newest first: listed when the panel asks, not every frame.
pub type HalmaSaves = SaveFolder<Halma>;

/// Where saved Halma games go.
pub fn halma_saves(folders: &Folders) -> PathBuf {
    HalmaSaves::dir(folders)
}

/// Whether the file is a Halma record (by its `format`).
pub fn is_halma_record(path: &Path) -> bool {
    HalmaSaves::holds(path)
}

/// Reads a saved Halma game for loading.
pub fn open_saved(path: &Path, lang: Language) -> Result<LoadHalma, String> {
    HalmaSaves::open(path, lang).map(LoadHalma)
}

impl SavesPlay for Halma {
    type Save = SaveHalma;
    fn save(s: &HalmaSession) -> (String, String, usize) {
        // The record is plain data: it always serialises.
        let text = serde_json::to_string_pretty(&s.record()).unwrap_or_default();
        let kind = format!("halma-{}", s.players());
        (text, kind, s.game.actions().count())
    }
}

pub(super) fn plugin(app: &mut App) {
    crate::kit::saves::plugin_for::<Halma>(app);
}
