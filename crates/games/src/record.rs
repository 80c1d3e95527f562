//! One record format for every game of the box, tagged with its game and a
//! version, around the game's own record:
//!
//! ```json
//! {
//!   "format": "starhop-game-record",
//!   "game": "draughts",
//!   "version": 1,
//!   "record": { "format": "starhop-draughts-record", "version": 1, ... }
//! }
//! ```
//!
//! The game's own record keeps its own format and version inside, so every
//! game's rules for reading it (and its own versions) still apply. Reading
//! also accepts each game's own untagged records as they were saved before
//! this format (classic `starhop-record` versions 1 and 2, food, crossing
//! and draughts records). Loading replays every move through the rules:
//! a damaged or tampered file is an error that says what is wrong, never a
//! panic.

use crate::{AnyGame, DraughtsGame};
use serde::Serialize;
use starhop_draughts::{
    DRAUGHTS_RECORD_FORMAT, DraughtsRecord, RecordError as DraughtsRecordError,
};
use starhop_engine::crossing::{CROSSING_RECORD_FORMAT, CrossingRecord, CrossingRecordError};
use starhop_engine::food::{FOOD_RECORD_FORMAT, FoodRecord, FoodRecordError};
use starhop_engine::halma::{HALMA_RECORD_FORMAT, HalmaRecord, HalmaRecordError};
use starhop_engine::record::RECORD_FORMAT;
use starhop_engine::shape::GameKind;
use starhop_engine::{MAX_RECORD_BYTES, Record, RecordError};
use std::io::Read;
use thiserror::Error;

pub const ANY_RECORD_FORMAT: &str = "starhop-game-record";
pub const ANY_RECORD_VERSION: u32 = 1;
/// The largest record read by default: the classic records' limit (8 MiB),
/// far above any real game of the box.
pub const MAX_ANY_RECORD_BYTES: u64 = MAX_RECORD_BYTES;

/// The record of a game of any kind: the game's own record, which the tag
/// around it names when written.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRecord {
    /// Classic and party (party: items on in the rules).
    Classic(Record),
    Food(FoodRecord),
    Crossing(CrossingRecord),
    Draughts(DraughtsRecord),
    Halma(HalmaRecord),
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum AnyRecordError {
    #[error("cannot read the record: {0}")]
    Io(String),
    #[error("the file is larger than {0} bytes, too large for a game record")]
    TooLarge(u64),
    #[error("the file is empty: there is no game record in it")]
    Empty,
    #[error("the record is cut short (the file ends in the middle of it): {0}")]
    Truncated(String),
    #[error("not a game record: the file is not JSON ({0})")]
    NotJson(String),
    #[error("not a game record: {0}")]
    NotARecord(String),
    #[error("not a Starhop game record (its format is {0:?})")]
    UnknownFormat(String),
    #[error("the record does not say which game it is")]
    NoGame,
    #[error(
        "the record is of a game this version does not know: {0:?} (it knows classic, party, food, crossing, draughts and halma)"
    )]
    UnknownGame(String),
    #[error("the record has no valid version number ({0})")]
    BadVersion(String),
    #[error("the record is version {found}, newer than this game understands (up to {supported})")]
    FutureVersion { found: u64, supported: u32 },
    #[error("the record is tagged {tag}, but it holds a {found} game")]
    Mismatch { tag: GameKind, found: GameKind },
    #[error("the record's tag has no game record inside it")]
    NoRecord,
    #[error("the Chinese-checkers record is invalid: {0}")]
    Classic(#[from] RecordError),
    #[error("the food-checkers record is invalid: {0}")]
    Food(#[from] FoodRecordError),
    #[error("the crossing record is invalid: {0}")]
    Crossing(#[from] CrossingRecordError),
    #[error("the draughts record is invalid: {0}")]
    Draughts(#[from] DraughtsRecordError),
    #[error("the Halma record is invalid: {0}")]
    Halma(#[from] HalmaRecordError),
}

/// The tag around a game's own record, as written.
#[derive(Serialize)]
struct Envelope<'a, T: Serialize> {
    format: &'a str,
    game: GameKind,
    version: u32,
    record: &'a T,
}

impl AnyRecord {
    /// The record of a game so far (undone moves are not in it). The
    /// crossing's record has no names: a crossing is one player's.
    pub fn of(game: &AnyGame, names: Vec<String>) -> AnyRecord {
        match game {
            AnyGame::Classic(g) => AnyRecord::Classic(Record::of(g, names)),
            AnyGame::Food(g) => AnyRecord::Food(FoodRecord::of(g, names, Vec::new())),
            AnyGame::Crossing(g) => AnyRecord::Crossing(CrossingRecord::of(g)),
            AnyGame::Draughts(g) => AnyRecord::Draughts(DraughtsRecord {
                names,
                ..g.record()
            }),
            AnyGame::Halma(g) => AnyRecord::Halma(HalmaRecord::of(g, names)),
        }
    }

    /// Sets who played each seat (`None` for a person, a bot's level name);
    /// the crossing's record has no seats to name.
    pub fn with_bots(mut self, bots: Vec<Option<String>>) -> AnyRecord {
        match &mut self {
            AnyRecord::Classic(r) => r.bots = bots,
            AnyRecord::Food(r) => r.bots = bots,
            AnyRecord::Draughts(r) => r.bots = bots,
            AnyRecord::Halma(r) => r.bots = bots,
            AnyRecord::Crossing(_) => {}
        }
        self
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyRecord::Classic(r) if r.rules.items => GameKind::Party,
            AnyRecord::Classic(_) => GameKind::Classic,
            AnyRecord::Food(_) => GameKind::Food,
            AnyRecord::Crossing(_) => GameKind::Crossing,
            AnyRecord::Draughts(_) => GameKind::Draughts,
            AnyRecord::Halma(_) => GameKind::Halma,
        }
    }

    /// Seats at the table the record describes.
    pub fn seats(&self) -> usize {
        match self {
            AnyRecord::Classic(r) => r.players,
            AnyRecord::Food(r) => r.rules.players,
            AnyRecord::Crossing(_) => 1,
            AnyRecord::Draughts(_) => 2,
            AnyRecord::Halma(r) => r.rules.players,
        }
    }

    /// Player names by seat (may be fewer than the seats, or none).
    pub fn names(&self) -> &[String] {
        match self {
            AnyRecord::Classic(r) => &r.names,
            AnyRecord::Food(r) => &r.names,
            AnyRecord::Crossing(_) => &[],
            AnyRecord::Draughts(r) => &r.names,
            AnyRecord::Halma(r) => &r.names,
        }
    }

    /// Who played each seat: `None` for a person, a bot's level name.
    pub fn bots(&self) -> &[Option<String>] {
        match self {
            AnyRecord::Classic(r) => &r.bots,
            AnyRecord::Food(r) => &r.bots,
            AnyRecord::Crossing(_) => &[],
            AnyRecord::Draughts(r) => &r.bots,
            AnyRecord::Halma(r) => &r.bots,
        }
    }

    /// The entries of the record's list of plays: actions for classic and
    /// party (clock events and resignations included), moves for the others.
    pub fn moves(&self) -> usize {
        match self {
            AnyRecord::Classic(r) => r.actions.len(),
            AnyRecord::Food(r) => r.moves.len(),
            AnyRecord::Crossing(r) => r.moves.len(),
            AnyRecord::Draughts(r) => r.moves.len(),
            AnyRecord::Halma(r) => r.actions.len(),
        }
    }

    /// The tagged record as pretty JSON (`serde_json::to_string` of the
    /// record gives the same, compact).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Reads a record from JSON text (see [`read_any_record`]).
    pub fn from_json(text: &str) -> Result<AnyRecord, AnyRecordError> {
        read_any_record(text.as_bytes(), MAX_ANY_RECORD_BYTES)
    }

    /// Rebuilds the game by replaying every move through its rules.
    pub fn replay(&self) -> Result<AnyGame, AnyRecordError> {
        Ok(match self {
            AnyRecord::Classic(r) => AnyGame::Classic(r.replay()?),
            AnyRecord::Food(r) => AnyGame::Food(r.replay()?),
            AnyRecord::Crossing(r) => AnyGame::Crossing(r.replay()?),
            AnyRecord::Draughts(r) => AnyGame::Draughts(DraughtsGame::from_record(r)?),
            AnyRecord::Halma(r) => AnyGame::Halma(r.replay()?),
        })
    }
}

/// Written as the tagged format (see the module's documentation).
impl Serialize for AnyRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        fn tagged<S: serde::Serializer, T: Serialize>(
            serializer: S,
            game: GameKind,
            record: &T,
        ) -> Result<S::Ok, S::Error> {
            Envelope {
                format: ANY_RECORD_FORMAT,
                game,
                version: ANY_RECORD_VERSION,
                record,
            }
            .serialize(serializer)
        }
        let kind = self.kind();
        match self {
            AnyRecord::Classic(r) => tagged(serializer, kind, r),
            AnyRecord::Food(r) => tagged(serializer, kind, r),
            AnyRecord::Crossing(r) => tagged(serializer, kind, r),
            AnyRecord::Draughts(r) => tagged(serializer, kind, r),
            AnyRecord::Halma(r) => tagged(serializer, kind, r),
        }
    }
}

/// Read as [`read_any_record`] reads (the tagged format, or a game's own
/// untagged record), up to `MAX_ANY_RECORD_BYTES`; the moves are not
/// replayed here.
impl<'de> serde::Deserialize<'de> for AnyRecord {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<AnyRecord, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(deserializer)?;
        let bytes = serde_json::to_vec(&value).map_err(D::Error::custom)?;
        read_any_record(&bytes, MAX_ANY_RECORD_BYTES).map_err(D::Error::custom)
    }
}

impl AnyGame {
    /// The game a record describes, every move replayed through the rules.
    pub fn from_record(record: &AnyRecord) -> Result<AnyGame, AnyRecordError> {
        record.replay()
    }
}

/// What went wrong parsing JSON, sorted by what a player can act on.
fn json_error(e: &serde_json::Error) -> AnyRecordError {
    use serde_json::error::Category;
    match e.classify() {
        Category::Eof => AnyRecordError::Truncated(e.to_string()),
        Category::Syntax => AnyRecordError::NotJson(e.to_string()),
        Category::Io => AnyRecordError::Io(e.to_string()),
        Category::Data => AnyRecordError::NotARecord(e.to_string()),
    }
}

fn version_of(value: Option<&serde_json::Value>) -> Result<u64, AnyRecordError> {
    match value {
        None => Err(AnyRecordError::BadVersion("there is none".into())),
        Some(v) => match v.as_u64() {
            Some(0) => Err(AnyRecordError::BadVersion("0".into())),
            Some(n) => Ok(n),
            None => Err(AnyRecordError::BadVersion(v.to_string())),
        },
    }
}

/// Reads a record of any game: the tagged format, or any game's own
/// untagged record as saved before it (classic `starhop-record` versions 1
/// and 2, `starhop-food-record`, `starhop-crossing-record`,
/// `starhop-draughts-record`). UTF-8 JSON, a byte order mark allowed, at
/// most `max_bytes`. The moves are checked by [`AnyRecord::replay`].
pub fn read_any_record(bytes: &[u8], max_bytes: u64) -> Result<AnyRecord, AnyRecordError> {
    if bytes.len() as u64 > max_bytes {
        return Err(AnyRecordError::TooLarge(max_bytes));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(AnyRecordError::Empty);
    }
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| json_error(&e))?;
    let Some(object) = value.as_object() else {
        return Err(AnyRecordError::NotARecord(
            "the file holds JSON, but not a record (an object with a format)".into(),
        ));
    };
    let format = match object.get("format") {
        None => {
            return Err(AnyRecordError::NotARecord(
                "the JSON has no \"format\" field".into(),
            ));
        }
        Some(serde_json::Value::String(f)) => f.as_str(),
        Some(other) => return Err(AnyRecordError::UnknownFormat(other.to_string())),
    };
    match format {
        ANY_RECORD_FORMAT => {}
        RECORD_FORMAT => return Ok(AnyRecord::Classic(Record::from_slice(bytes)?)),
        FOOD_RECORD_FORMAT => return Ok(AnyRecord::Food(FoodRecord::from_slice(bytes)?)),
        CROSSING_RECORD_FORMAT => {
            let text =
                std::str::from_utf8(bytes).map_err(|e| AnyRecordError::NotJson(e.to_string()))?;
            return Ok(AnyRecord::Crossing(CrossingRecord::from_json(text)?));
        }
        DRAUGHTS_RECORD_FORMAT => {
            return Ok(AnyRecord::Draughts(DraughtsRecord::from_slice(bytes)?));
        }
        HALMA_RECORD_FORMAT => return Ok(AnyRecord::Halma(HalmaRecord::from_slice(bytes)?)),
        other => return Err(AnyRecordError::UnknownFormat(other.to_string())),
    }
    // The tagged format: its version first (a newer one may know more games).
    let version = version_of(object.get("version"))?;
    if version > u64::from(ANY_RECORD_VERSION) {
        return Err(AnyRecordError::FutureVersion {
            found: version,
            supported: ANY_RECORD_VERSION,
        });
    }
    let tag = match object.get("game") {
        None | Some(serde_json::Value::Null) => return Err(AnyRecordError::NoGame),
        Some(serde_json::Value::String(t)) => t.as_str(),
        Some(other) => return Err(AnyRecordError::UnknownGame(other.to_string())),
    };
    let kind = GameKind::from_tag(tag).ok_or_else(|| AnyRecordError::UnknownGame(tag.into()))?;
    let inner = object.get("record").ok_or(AnyRecordError::NoRecord)?;
    let inner = serde_json::to_vec(inner).expect("a JSON value always serialises");
    let record = match kind {
        GameKind::Classic | GameKind::Party => AnyRecord::Classic(Record::from_slice(&inner)?),
        GameKind::Food => AnyRecord::Food(FoodRecord::from_slice(&inner)?),
        GameKind::Crossing => {
            let text =
                String::from_utf8(inner).map_err(|e| AnyRecordError::NotJson(e.to_string()))?;
            AnyRecord::Crossing(CrossingRecord::from_json(&text)?)
        }
        GameKind::Draughts => AnyRecord::Draughts(DraughtsRecord::from_slice(&inner)?),
        GameKind::Halma => AnyRecord::Halma(HalmaRecord::from_slice(&inner)?),
    };
    if record.kind() != kind {
        return Err(AnyRecordError::Mismatch {
            tag: kind,
            found: record.kind(),
        });
    }
    Ok(record)
}

/// [`read_any_record`] from a reader, reading at most one byte past `max_bytes`.
pub fn read_any_record_from(
    reader: impl Read,
    max_bytes: u64,
) -> Result<AnyRecord, AnyRecordError> {
    let mut bytes = Vec::new();
    reader
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| AnyRecordError::Io(e.to_string()))?;
    read_any_record(&bytes, max_bytes)
}

/// Reads a record and replays it.
pub fn load_any_record(
    bytes: &[u8],
    max_bytes: u64,
) -> Result<(AnyRecord, AnyGame), AnyRecordError> {
    let record = read_any_record(bytes, max_bytes)?;
    let game = record.replay()?;
    Ok((record, game))
}
