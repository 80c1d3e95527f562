//! The best crossing of each player on each board, with and without long
//! jumps: one small file in the data folder (`crossing-bests.json`), written
//! through a temporary file; a file that cannot be read is moved aside with
//! a message, never a panic, and the bests start afresh.

use super::{CrossingDone, CrossingSession};
use crate::base::Notice;
use crate::persist::{FileProblem, Folders, read_json, write_json};
use crate::settings::Settings;
use crate::ui::{tr, trf};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

pub const BESTS_ID: &str = "starhop-crossing-bests";
pub const BESTS_VERSION: u32 = 1;

/// Whose best, on which board, with which jumps. `player` is a profile id,
/// `None` for guests (who share one best).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BestKey {
    pub player: Option<String>,
    pub size: u8,
    pub long_jumps: bool,
}

impl BestKey {
    pub fn of(session: &CrossingSession) -> BestKey {
        BestKey {
            player: session.setup.profile.clone(),
            size: session.setup.size,
            long_jumps: session.setup.long_jumps,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct BestEntry {
    #[serde(flatten)]
    key: BestKey,
    moves: u32,
}

#[derive(Serialize, Deserialize)]
struct BestsFile {
    format: String,
    version: u32,
    bests: Vec<BestEntry>,
}

/// The fewest moves of every crossing completed, by key.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct CrossingBests {
    pub moves: BTreeMap<BestKey, u32>,
    /// Whether the file has been read (or found missing or damaged).
    pub loaded: bool,
}

/// The crossing just completed, for the finished window.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct CrossingResult(pub Option<Completed>);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completed {
    pub key: BestKey,
    pub moves: u32,
    /// The best before this crossing, if there was one.
    pub before: Option<u32>,
}

impl Completed {
    pub fn new_best(&self) -> bool {
        self.before.is_none_or(|b| self.moves < b)
    }
}

pub fn bests_path(folders: &Folders) -> PathBuf {
    folders.data().join("crossing-bests.json")
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrossingBests>()
        .init_resource::<CrossingResult>()
        .add_systems(
            Update,
            (
                load_bests
                    .run_if(resource_exists::<Folders>)
                    .run_if(|b: Res<CrossingBests>| !b.loaded),
                note_result.run_if(on_message::<CrossingDone>),
            )
                .chain()
                .in_set(crate::base::AppSystems::View),
        );
}

/// Reads the file: `Ok(None)` when there is none; a file that is not ours
/// (or from a newer game) is moved aside like a damaged one.
fn read_bests(path: &std::path::Path) -> Result<Option<BTreeMap<BestKey, u32>>, FileProblem> {
    let Some(file) = read_json::<BestsFile>(path)? else {
        return Ok(None);
    };
    if file.format != BESTS_ID || file.version == 0 || file.version > BESTS_VERSION {
        return Err(FileProblem::Damaged {
            aside: crate::persist::move_aside(path),
        });
    }
    Ok(Some(
        file.bests.into_iter().map(|e| (e.key, e.moves)).collect(),
    ))
}

fn load_bests(
    folders: Res<Folders>,
    mut bests: ResMut<CrossingBests>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    bests.loaded = true;
    match read_bests(&bests_path(&folders)) {
        Ok(Some(moves)) => bests.moves = moves,
        Ok(None) => {}
        Err(problem) => {
            let lang = settings.language;
            let text = match problem {
                FileProblem::Damaged { aside: Some(a) } => trf(
                    lang,
                    "Your best crossings could not be read; the file was kept aside as «{}».",
                    &[&a.file_name()
                        .map(|n| n.to_string_lossy())
                        .unwrap_or_default()],
                ),
                _ => tr(lang, "Your best crossings could not be read.").into(),
            };
            notices.write(Notice::Problem(text));
        }
    }
}

/// A completed crossing: kept when it beats the player's best.
fn note_result(
    session: Option<Res<CrossingSession>>,
    mut done: MessageReader<CrossingDone>,
    folders: Option<Res<Folders>>,
    shoot: Option<Res<crate::base::WritesNoFiles>>,
    mut bests: ResMut<CrossingBests>,
    mut result: ResMut<CrossingResult>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let (Some(s), Some(d)) = (session, done.read().last()) else {
        return;
    };
    let key = BestKey::of(&s);
    let completed = Completed {
        key: key.clone(),
        moves: d.moves,
        before: bests.moves.get(&key).copied(),
    };
    let better = completed.new_best();
    result.0 = Some(completed);
    if !better {
        return;
    }
    bests.moves.insert(key, d.moves);
    // Screenshot runs leave the player's files alone.
    let (Some(folders), None) = (folders, shoot) else {
        return;
    };
    let file = BestsFile {
        format: BESTS_ID.into(),
        version: BESTS_VERSION,
        bests: bests
            .moves
            .iter()
            .map(|(k, &moves)| BestEntry {
                key: k.clone(),
                moves,
            })
            .collect(),
    };
    if let Err(e) = write_json(&bests_path(&folders), &file) {
        warn!("{e}");
        let lang = settings.language;
        notices.write(Notice::Problem(
            tr(lang, "Your best crossing could not be saved.").into(),
        ));
    }
}
