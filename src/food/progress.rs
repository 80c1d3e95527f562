//! Files of food checkers: the best result and stars per puzzle (one
//! progress file in the data folder, written through a temporary file; a
//! file that cannot be read is moved aside with a message, never a panic),
//! and saved food games as `FoodRecord`s in a `kit::SaveFolder` (`--load
//! FILE` knows them by their format and loads them with `load_file`).

use super::{Food, FoodOver, FoodSession, LoadFood};
use crate::base::Notice;
use crate::kit::{SaveFolder, SavedGame};
use crate::persist::{FileProblem, Folders, read_json, write_json};
use crate::settings::Settings;
use crate::ui::{tr, trf};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhop_ai::food::puzzles::Puzzle;
use starhop_engine::food::{FOOD_RECORD_FORMAT, FoodGame, FoodRecord, read_food_record};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The best result of one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleBest {
    pub stars: u8,
    /// Marbles left at the end.
    pub left: u32,
    pub moves: u32,
}

impl PuzzleBest {
    /// Whether `self` beats `other`: more stars, then fewer marbles, then fewer moves.
    pub fn beats(&self, other: &PuzzleBest) -> bool {
        (
            self.stars,
            std::cmp::Reverse(self.left),
            std::cmp::Reverse(self.moves),
        ) > (
            other.stars,
            std::cmp::Reverse(other.left),
            std::cmp::Reverse(other.moves),
        )
    }
}

/// Best results by puzzle id.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FoodProgress {
    #[serde(default)]
    pub puzzles: BTreeMap<String, PuzzleBest>,
    /// Whether the file has been read (or found missing or damaged).
    #[serde(skip)]
    pub loaded: bool,
}

impl FoodProgress {
    pub fn stars(&self, id: &str) -> u8 {
        self.puzzles.get(id).map_or(0, |b| b.stars)
    }
}

/// Save the food game in play.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveFood;

/// Stars of a finished solo game: one for one marble left, two when it is
/// on the puzzle's finishing hole (or the puzzle names none), three when it
/// also took no more than the proven fewest moves (where one is known).
pub fn stars_for(game: &FoodGame, puzzle: Option<&Puzzle>) -> u8 {
    if game.marbles_left() != 1 {
        return 0;
    }
    let mut stars = 1;
    if game.solved() {
        stars = 2;
        if puzzle
            .and_then(|p| p.min_moves)
            .is_some_and(|min| game.moves_played() as u32 <= min)
        {
            stars = 3;
        }
    }
    stars
}

/// The progress file.
pub fn progress_path(folders: &Folders) -> PathBuf {
    folders.data().join("food-progress.json")
}

impl SavedGame for Food {
    const FOLDER: &'static str = "food-saves";
    const FORMAT: &'static str = FOOD_RECORD_FORMAT;
    type Record = FoodRecord;
    type Load = LoadFood;
    fn load(record: FoodRecord) -> LoadFood {
        LoadFood(record)
    }
    fn read(file: std::fs::File) -> Result<FoodRecord, String> {
        read_food_record(file)
            .map(|(record, _)| record)
            .map_err(|e| e.to_string())
    }
}

/// The saved food games, newest first: listed when the saved-games tab opens
/// and after each save, not every frame.
pub type FoodSaves = SaveFolder<Food>;

/// Where saved food games go (beside the classic saves, not among them).
pub fn food_saves(folders: &Folders) -> PathBuf {
    FoodSaves::dir(folders)
}

/// Whether the file is a food-checkers record (by its `format`).
pub fn is_food_record(path: &Path) -> bool {
    FoodSaves::holds(path)
}

/// Reads a saved food game for loading.
pub fn open_saved(path: &Path, lang: crate::settings::Language) -> Result<LoadFood, String> {
    FoodSaves::open(path, lang).map(LoadFood)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FoodProgress>()
        .init_resource::<FoodSaves>()
        .add_message::<SaveFood>()
        .add_systems(
            Update,
            (
                load_progress
                    .run_if(resource_exists::<Folders>)
                    .run_if(|p: Res<FoodProgress>| !p.loaded),
                note_results.run_if(on_message::<FoodOver>),
                save_games.run_if(on_message::<SaveFood>),
            )
                .chain()
                .in_set(crate::base::AppSystems::View),
        );
}

fn describe(lang: crate::settings::Language, problem: &FileProblem) -> String {
    match problem {
        FileProblem::Damaged { aside: Some(a) } => trf(
            lang,
            "Your food checkers progress could not be read; the file was kept aside as «{}».",
            &[&a.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default()],
        ),
        _ => tr(lang, "Your food checkers progress could not be read.").into(),
    }
}

fn load_progress(
    folders: Res<Folders>,
    mut progress: ResMut<FoodProgress>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    progress.loaded = true;
    match read_json::<FoodProgress>(&progress_path(&folders)) {
        Ok(Some(p)) => progress.puzzles = p.puzzles,
        Ok(None) => {}
        Err(e) => {
            notices.write(Notice::Problem(describe(settings.language, &e)));
        }
    }
}

/// A finished puzzle: its result, kept when it beats the best so far.
fn note_results(
    session: Option<Res<FoodSession>>,
    folders: Option<Res<Folders>>,
    shoot: Option<Res<crate::base::WritesNoFiles>>,
    mut progress: ResMut<FoodProgress>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let Some(s) = session else { return };
    let Some(p) = s.puzzle() else { return };
    if !s.game.is_over() {
        return;
    }
    let result = PuzzleBest {
        stars: s.stars(),
        left: s.game.marbles_left(),
        moves: s.game.moves_played() as u32,
    };
    if progress
        .puzzles
        .get(&p.id)
        .is_some_and(|b| !result.beats(b))
    {
        return;
    }
    progress.puzzles.insert(p.id.clone(), result);
    // Screenshot runs leave the player's files alone.
    let (Some(folders), None) = (folders, shoot) else {
        return;
    };
    let saved = FoodProgress {
        puzzles: progress.puzzles.clone(),
        loaded: true,
    };
    if let Err(e) = write_json(&progress_path(&folders), &saved) {
        warn!("{e}");
        notices.write(Notice::Problem(
            tr(
                settings.language,
                "Your food checkers progress could not be saved.",
            )
            .into(),
        ));
    }
}

fn save_games(
    session: Option<Res<FoodSession>>,
    folders: Option<Res<Folders>>,
    mut notices: MessageWriter<Notice>,
    mut saves: ResMut<FoodSaves>,
    settings: Res<Settings>,
) {
    saves.listed = false;
    let (Some(s), Some(folders)) = (session, folders) else {
        return;
    };
    crate::persist::save_game_file(
        &food_saves(&folders),
        "food",
        s.game.moves_played(),
        &s.record().to_json(),
        settings.language,
        &mut notices,
    );
}

/// Reads a food record for `--load FILE`; a file that cannot be read gets a
/// message (the details go to the log) and stays where it is.
pub fn load_file(path: &Path, lang: crate::settings::Language) -> Result<LoadFood, String> {
    std::fs::File::open(path)
        .map_err(|e| e.to_string())
        .and_then(|f| read_food_record(f).map_err(|e| e.to_string()))
        .map(|(record, _)| LoadFood(record))
        .map_err(|e| {
            warn!("{}: {e}", path.display());
            tr(lang, "This food checkers game could not be replayed.").into()
        })
}
