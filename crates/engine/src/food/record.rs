//! Food-checkers records: a versioned JSON file with the rules, the seats and
//! every move as a route of axial coordinates. Loading replays each move
//! through the rules, so a tampered record is refused at its first bad move,
//! by number; nothing in a record can make us panic.

use super::error::FoodError;
use super::game::{FoodGame, FoodRules};
use crate::geometry::Hex;
use crate::record::{MAX_NAME_CHARS, MAX_RECORD_BYTES};
use serde::{Deserialize, Serialize};
use std::io::Read;
use thiserror::Error;

pub const FOOD_RECORD_FORMAT: &str = "starhop-food-record";
pub const FOOD_RECORD_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoodRecord {
    pub format: String,
    pub version: u32,
    pub rules: FoodRules,
    #[serde(default)]
    pub names: Vec<String>,
    /// Who played each seat: `None` for a person, the bot's level name for a bot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<Option<String>>,
    /// Every move: the marble's start, then each landing hole.
    pub moves: Vec<Vec<Hex>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FoodRecordError {
    #[error("cannot read the record: {0}")]
    Io(String),
    #[error("the file is larger than {0} bytes, too large for a game record")]
    TooLarge(u64),
    #[error("not a readable food-checkers record: {0}")]
    Json(String),
    #[error("not a Starhop food-checkers record (format is {0:?})")]
    Format(String),
    #[error(
        "food-checkers record version {0} is not one this game understands (1 to {FOOD_RECORD_VERSION})"
    )]
    Version(u32),
    #[error("the record's set-up is invalid: {0}")]
    Setup(FoodError),
    #[error("the record's player names are invalid: {0}")]
    Names(String),
    #[error("move {number} is not legal: {error}")]
    Move { number: usize, error: FoodError },
}

impl FoodRecord {
    /// The record of a game so far (undone moves are not part of it).
    pub fn of(game: &FoodGame, names: Vec<String>, bots: Vec<Option<String>>) -> FoodRecord {
        let board = game.board();
        FoodRecord {
            format: FOOD_RECORD_FORMAT.into(),
            version: FOOD_RECORD_VERSION,
            rules: game.rules().clone(),
            names,
            bots,
            moves: game
                .played()
                .iter()
                .map(|m| m.route.iter().map(|&c| board.hex(c)).collect())
                .collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Parses a record and checks its header and names (not its moves).
    pub fn from_slice(bytes: &[u8]) -> Result<FoodRecord, FoodRecordError> {
        #[derive(Deserialize)]
        struct Header {
            format: Option<serde_json::Value>,
            version: Option<serde_json::Value>,
        }
        let header: Header =
            serde_json::from_slice(bytes).map_err(|e| FoodRecordError::Json(e.to_string()))?;
        match header.format {
            Some(serde_json::Value::String(f)) if f == FOOD_RECORD_FORMAT => {}
            other => {
                return Err(FoodRecordError::Format(other.map_or_else(
                    || "missing".into(),
                    |v| v.to_string().trim_matches('"').to_string(),
                )));
            }
        }
        match header.version.as_ref().and_then(|v| v.as_u64()) {
            Some(v) if (1..=u64::from(FOOD_RECORD_VERSION)).contains(&v) => {}
            Some(v) => return Err(FoodRecordError::Version(v.min(u64::from(u32::MAX)) as u32)),
            None => return Err(FoodRecordError::Version(0)),
        }
        let record: FoodRecord =
            serde_json::from_slice(bytes).map_err(|e| FoodRecordError::Json(e.to_string()))?;
        if record.names.len() > record.rules.players
            || record
                .names
                .iter()
                .any(|n| n.chars().count() > MAX_NAME_CHARS)
        {
            return Err(FoodRecordError::Names(format!(
                "at most one name per player, each at most {MAX_NAME_CHARS} characters"
            )));
        }
        Ok(record)
    }

    /// Replays every move through the rules.
    pub fn replay(&self) -> Result<FoodGame, FoodRecordError> {
        let mut game = FoodGame::new(self.rules.clone()).map_err(FoodRecordError::Setup)?;
        for (i, route) in self.moves.iter().enumerate() {
            game.play_hexes(route)
                .map_err(|error| FoodRecordError::Move {
                    number: i + 1,
                    error,
                })?;
        }
        Ok(game)
    }
}

/// Reads a record of at most `MAX_RECORD_BYTES` and replays it.
pub fn read_food_record(reader: impl Read) -> Result<(FoodRecord, FoodGame), FoodRecordError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FoodRecordError::Io(e.to_string()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(FoodRecordError::TooLarge(MAX_RECORD_BYTES));
    }
    let record = FoodRecord::from_slice(&bytes)?;
    let game = record.replay()?;
    Ok((record, game))
}
