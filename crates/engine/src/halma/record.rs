//! A Halma game's record: its rules, who played, and every action with its
//! route. Replaying it runs every action through the rules again.

use super::game::{HalmaAction, HalmaError, HalmaGame, HalmaRules};
use serde::{Deserialize, Serialize};

/// The format name of a Halma record.
pub const HALMA_RECORD_FORMAT: &str = "starhop-halma-record";
/// The newest version this build reads and writes.
pub const HALMA_RECORD_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HalmaRecord {
    pub format: String,
    pub version: u32,
    pub rules: HalmaRules,
    /// By seat (may be empty).
    #[serde(default)]
    pub names: Vec<String>,
    /// By seat: `None` for a person, a bot's level name.
    #[serde(default)]
    pub bots: Vec<Option<String>>,
    pub actions: Vec<HalmaAction>,
}

/// Why a record does not read or replay.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum HalmaRecordError {
    #[error("not a Halma record: {0}")]
    NotARecord(String),
    #[error("the record is of version {found}; this Starhop reads up to {supported}")]
    FutureVersion { found: u32, supported: u32 },
    /// `index` counts from 0; the message from 1, as players count.
    #[error("action {} does not replay: {error}", index + 1)]
    Replay { index: usize, error: HalmaError },
}

impl HalmaRecord {
    /// The record of a game so far (undone actions are not in it).
    pub fn of(game: &HalmaGame, names: Vec<String>) -> HalmaRecord {
        HalmaRecord {
            format: HALMA_RECORD_FORMAT.into(),
            version: HALMA_RECORD_VERSION,
            rules: game.rules().clone(),
            names,
            bots: Vec::new(),
            actions: game.actions().cloned().collect(),
        }
    }

    /// Rebuilds the game, every action checked by the rules.
    pub fn replay(&self) -> Result<HalmaGame, HalmaRecordError> {
        HalmaGame::replay(self.rules.clone(), &self.actions)
            .map_err(|(index, error)| HalmaRecordError::Replay { index, error })
    }

    /// Reads a record from JSON (its format and version checked).
    pub fn from_slice(bytes: &[u8]) -> Result<HalmaRecord, HalmaRecordError> {
        let record: HalmaRecord = serde_json::from_slice(bytes)
            .map_err(|e| HalmaRecordError::NotARecord(e.to_string()))?;
        if record.format != HALMA_RECORD_FORMAT {
            return Err(HalmaRecordError::NotARecord(format!(
                "its format is {:?}",
                record.format
            )));
        }
        if record.version > HALMA_RECORD_VERSION {
            return Err(HalmaRecordError::FutureVersion {
                found: record.version,
                supported: HALMA_RECORD_VERSION,
            });
        }
        Ok(record)
    }
}
