//! Saved draughts games: the engine's versioned `DraughtsRecord` as JSON in
//! their own `kit::SaveFolder` beside the classic saves (written through a
//! temporary file), listed newest first on the setup panel, and `--load
//! FILE` knows them by their format and loads them with `open_saved`. A file
//! that cannot be read gets a message and stays where it is.

use super::{Draughts, DraughtsSession, LoadDraughts};
use crate::base::Notice;
use crate::kit::{SaveFolder, SavedGame};
use crate::persist::Folders;
use crate::settings::{Language, Settings};
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DraughtsSaves>()
        .add_message::<SaveDraughts>()
        .add_systems(
            Update,
            save_games
                .run_if(on_message::<SaveDraughts>)
                .in_set(crate::base::AppSystems::View),
        );
}

fn save_games(
    session: Option<Res<DraughtsSession>>,
    folders: Option<Res<Folders>>,
    mut notices: MessageWriter<Notice>,
    mut saves: ResMut<DraughtsSaves>,
    settings: Res<Settings>,
) {
    saves.listed = false;
    let (Some(s), Some(folders)) = (session, folders) else {
        return;
    };
    // The record is plain data: it always serialises.
    let text = serde_json::to_string_pretty(&s.record()).unwrap_or_default();
    crate::persist::save_game_file(
        &draughts_saves(&folders),
        s.game.variant().name(),
        s.game.ply_count().div_ceil(2),
        &text,
        settings.language,
        &mut notices,
    );
}
