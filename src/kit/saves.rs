//! A mode's folder of saved games, written once: where it is in the data
//! folder, which files are its records (by their `format`), the list the
//! setup panel shows (newest first, read when asked, not every frame), and
//! opening one. A file that cannot be read gets a message and stays where
//! it is.

use crate::persist::{Folders, json_files_newest_first, may_hold_samples, record_format};
use crate::settings::Language;
use crate::ui::trf;
use bevy::prelude::*;
use std::fs::File;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// A game whose saves go in a folder of their own.
pub trait SavedGame: Send + Sync + 'static {
    /// The folder's name in the data folder.
    const FOLDER: &'static str;
    /// The record's `format`, by which the files are known.
    const FORMAT: &'static str;
    type Record;
    /// The mode's message that loads a record.
    type Load: Message;
    fn load(record: Self::Record) -> Self::Load;
    /// Reads a saved record, or says why not.
    fn read(file: File) -> Result<Self::Record, String>;
}

/// A saved game as the lists show it: its file's name without `.json`.
pub fn save_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The saved games of `G`, newest first, listed when the panel asks.
#[derive(Resource)]
pub struct SaveFolder<G> {
    pub files: Vec<PathBuf>,
    /// The list is up to date (a save clears it).
    pub listed: bool,
    game: PhantomData<fn() -> G>,
}

impl<G> Default for SaveFolder<G> {
    fn default() -> Self {
        SaveFolder {
            files: Vec::new(),
            listed: false,
            game: PhantomData,
        }
    }
}

impl<G: SavedGame> SaveFolder<G> {
    /// Where the saves go.
    pub fn dir(folders: &Folders) -> PathBuf {
        folders.data().join(G::FOLDER)
    }

    /// Whether the file is a record of `G` (read as little as needed;
    /// anything else, a save of another game or garbage, is not).
    pub fn holds(path: &Path) -> bool {
        record_format(path).is_some_and(|f| f == G::FORMAT)
    }

    /// Lists the folder again if needed.
    pub fn refresh(&mut self, folders: &Folders) {
        if !self.listed {
            self.files = json_files_newest_first(&Self::dir(folders));
            self.listed = true;
        }
    }

    /// Writes `text` as the saved game `name` for the pictures of the Load
    /// list, only in a `STARHOP_HOME` folder with no saves of `G` (never
    /// the player's own folder).
    pub fn write_sample(folders: &Folders, name: &str, text: &str) {
        let dir = Self::dir(folders);
        if !may_hold_samples(&dir) {
            return;
        }
        let written = std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(dir.join(format!("{name}.json")), text));
        if let Err(e) = written {
            warn!("the sample save {name} could not be written: {e}");
        }
    }

    /// Reads a saved game for loading, or the message to show.
    pub fn open(path: &Path, lang: Language) -> Result<G::Record, String> {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        File::open(path)
            .map_err(|e| e.to_string())
            .and_then(G::read)
            .map_err(|e| trf(lang, "«{}» could not be loaded: {}", &[&name, &e]))
    }
}

/// A mode whose game in play is saved when asked (Ctrl+S, the Save button).
pub trait SavesPlay: SavedGame + super::GameMode {
    /// The mode's message that asks for a save.
    type Save: Message;
    /// The game as the save's JSON, the kind its file is named by, and its
    /// moves so far (also in the name).
    fn save(session: &Self::Session) -> (String, String, usize);
}

/// The folder of `G`'s saves and its save system.
pub fn plugin_for<G: SavesPlay>(app: &mut App) {
    app.init_resource::<SaveFolder<G>>()
        .add_message::<G::Save>()
        .add_systems(
            Update,
            save_play::<G>
                .run_if(on_message::<G::Save>)
                .in_set(crate::base::AppSystems::View),
        );
}

/// Writes the game in play to the folder (through a temporary file); the
/// list is read again when next shown.
fn save_play<G: SavesPlay>(
    session: Option<Res<G::Session>>,
    folders: Option<Res<Folders>>,
    mut notices: MessageWriter<crate::base::Notice>,
    mut saves: ResMut<SaveFolder<G>>,
    settings: Res<crate::settings::Settings>,
) {
    saves.listed = false;
    let (Some(s), Some(folders)) = (session, folders) else {
        return;
    };
    let (text, kind, moves) = G::save(&s);
    crate::persist::save_game_file(
        &SaveFolder::<G>::dir(&folders),
        &kind,
        moves,
        &text,
        settings.language,
        &mut notices,
    );
}
