//! Draughts records: versioned JSON with the variant, an optional start
//! position, every move as its full route and how the players ended the game.
//! Loading replays every move through the rules, so a tampered record is
//! caught at the first bad move and reported by number; nothing in a record
//! can make us panic.

use crate::board::Variant;
use crate::error::DraughtsError;
use crate::game::{Ending, Game};
use crate::notation::{from_fen, to_fen};
use crate::position::Position;
use serde::{Deserialize, Serialize};
use std::io::Read;
use thiserror::Error;

pub const DRAUGHTS_RECORD_FORMAT: &str = "starhop-draughts-record";
pub const DRAUGHTS_RECORD_VERSION: u32 = 1;
/// The largest record `read_record` takes: 1 MiB. A move is some 12 bytes
/// of JSON and the draw rules end real games within a few hundred moves.
pub const MAX_DRAUGHTS_RECORD_BYTES: u64 = 1024 * 1024;
/// The longest player name a record may carry, in characters.
pub const MAX_NAME_CHARS: usize = 40;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraughtsRecord {
    pub format: String,
    pub version: u32,
    pub variant: Variant,
    /// Start position (`W:W..:B..`); absent for the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Names of White and Black (optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Who played each side: `None` for a person, a bot's level name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<Option<String>>,
    /// Every move as its full route (`32-28`, `19x30x39`).
    pub moves: Vec<String>,
    /// A resignation or agreement after the last move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Ending>,
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    #[error("cannot read the record: {0}")]
    Io(String),
    #[error(
        "the file is larger than {MAX_DRAUGHTS_RECORD_BYTES} bytes, too large for a draughts record"
    )]
    TooLarge,
    #[error("not a readable draughts record: {0}")]
    Json(String),
    #[error("not a Starhop draughts record (format is {0:?})")]
    Format(String),
    #[error("the record has no valid version number")]
    NoVersion,
    #[error(
        "record version {0} is newer than this game understands (up to {DRAUGHTS_RECORD_VERSION})"
    )]
    Version(u64),
    #[error("the record's start position is invalid: {0}")]
    Start(DraughtsError),
    #[error("the record's player names are invalid: {0}")]
    Names(String),
    #[error("move {number} ({text}) is not legal: {error}")]
    Move {
        number: usize,
        text: String,
        error: DraughtsError,
    },
    #[error("the record's ending is not possible: {0}")]
    End(DraughtsError),
}

impl Game {
    /// The record of this game (moves taken back are not in it).
    pub fn record(&self) -> DraughtsRecord {
        let start = *self.start_position();
        DraughtsRecord {
            format: DRAUGHTS_RECORD_FORMAT.into(),
            version: DRAUGHTS_RECORD_VERSION,
            variant: self.variant(),
            start: (start != Position::start(self.variant())).then(|| to_fen(&start)),
            names: vec![],
            bots: vec![],
            moves: self.route_texts(),
            end: self.ending(),
        }
    }

    /// Replay a record through the rules.
    pub fn from_record(r: &DraughtsRecord) -> Result<Game, RecordError> {
        if r.format != DRAUGHTS_RECORD_FORMAT {
            return Err(RecordError::Format(r.format.clone()));
        }
        if r.version == 0 {
            return Err(RecordError::NoVersion);
        }
        if r.version > DRAUGHTS_RECORD_VERSION {
            return Err(RecordError::Version(r.version.into()));
        }
        if r.names.len() > 2 || r.names.iter().any(|n| n.chars().count() > MAX_NAME_CHARS) {
            return Err(RecordError::Names(format!(
                "at most two names of at most {MAX_NAME_CHARS} characters"
            )));
        }
        if r.bots.len() > 2 {
            return Err(RecordError::Names("at most two seats".into()));
        }
        let start = match &r.start {
            Some(fen) => from_fen(r.variant, fen).map_err(RecordError::Start)?,
            None => Position::start(r.variant),
        };
        let mut game = Game::from_position(start);
        for (i, text) in r.moves.iter().enumerate() {
            game.play_text(text).map_err(|error| RecordError::Move {
                number: i + 1,
                text: text.chars().take(40).collect(),
                error,
            })?;
        }
        match r.end {
            Some(Ending::Agreement) => game.agree_draw().map_err(RecordError::End)?,
            Some(Ending::Resigned(s)) => game.resign(s).map_err(RecordError::End)?,
            Some(Ending::OutOfTime(s)) => game.lose_on_time(s).map_err(RecordError::End)?,
            None => {}
        }
        Ok(game)
    }
}

/// Read a record (JSON) from a reader, refusing anything too large, and
/// replay it. Returns the record too (names, bots).
pub fn read_record(reader: impl Read) -> Result<(DraughtsRecord, Game), RecordError> {
    let mut bytes = vec![];
    reader
        .take(MAX_DRAUGHTS_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::Io(e.to_string()))?;
    if bytes.len() as u64 > MAX_DRAUGHTS_RECORD_BYTES {
        return Err(RecordError::TooLarge);
    }
    parse_record(&bytes)
}

/// Parse and replay a record from its JSON bytes. The format and version are
/// checked before the rest, so a record of another kind or a newer version
/// says so rather than failing on a field.
pub fn parse_record(bytes: &[u8]) -> Result<(DraughtsRecord, Game), RecordError> {
    let record = DraughtsRecord::from_slice(bytes)?;
    let game = Game::from_record(&record)?;
    Ok((record, game))
}

impl DraughtsRecord {
    /// Parses a record and checks its format and version first (its moves
    /// are checked when [`Game::from_record`] replays them).
    pub fn from_slice(bytes: &[u8]) -> Result<DraughtsRecord, RecordError> {
        let value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| RecordError::Json(e.to_string()))?;
        let format = value
            .get("format")
            .and_then(|f| f.as_str())
            .unwrap_or_default();
        if format != DRAUGHTS_RECORD_FORMAT {
            return Err(RecordError::Format(format.to_string()));
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            None | Some(0) => return Err(RecordError::NoVersion),
            Some(v) if v > u64::from(DRAUGHTS_RECORD_VERSION) => {
                return Err(RecordError::Version(v));
            }
            Some(_) => {}
        }
        serde_json::from_value(value).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// The record as the game saves it (pretty JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }
}
