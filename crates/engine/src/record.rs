//! Game records: a versioned JSON file with the rules, the seats, the seed, the
//! first-move draw, every action with its route and time, and the time already
//! used in the running turn. Loading replays every action through the rules,
//! so a tampered record is caught at the first bad action and reported by
//! number; nothing in a record can make us panic.
//!
//! Versions: 1 drew the first mover with a generator of our own (SplitMix64);
//! 2 draws it with the game's ChaCha8 generator and keeps the rest of its
//! stream for later random events. A version-1 draw cannot be recomputed, so it
//! is checked for form and kept as given; saving always writes version 2.

use crate::bitboard::{Bitboard, Hole};
use crate::draw::FirstMoveDraw;
use crate::error::RuleError;
use crate::game::{Action, Game};
use crate::geometry::Board;
use crate::position::Position;
use crate::rules::Rules;
use crate::seats::Seat;
use serde::{Deserialize, Serialize};
use std::io::Read;
use thiserror::Error;

pub const RECORD_FORMAT: &str = "starhop-record";
pub const RECORD_VERSION: u32 = 2;

/// The largest record `read_record` takes by default: 8 MiB. A move takes
/// about 100 bytes of pretty JSON, so this holds some 80,000 actions, while
/// real games end within a few hundred turns (the anti-passive rule bites at
/// turn 30, deadlock adjudication after 10 idle rounds, and three time-outs in
/// a row lose). Anything bigger is not a game record, and refusing it before
/// parsing keeps a hostile file from costing memory and time.
pub const MAX_RECORD_BYTES: u64 = 8 * 1024 * 1024;

/// The longest player name a record may carry, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A set-up start position (puzzles); absent for the standard start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartPosition {
    /// Holes of each seat's marbles.
    pub marbles: Vec<Vec<Hole>>,
    #[serde(default)]
    pub walls: Vec<Hole>,
    #[serde(default)]
    pub virtuals: Vec<Hole>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub version: u32,
    pub rules: Rules,
    pub players: usize,
    /// Player names by seat (optional; the game may show them).
    #[serde(default)]
    pub names: Vec<String>,
    /// Who played each seat, by seat: `None` for a person, the bot's level
    /// name for a bot. The engine keeps it for the game and does not read it;
    /// empty in records saved before seats were recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<Option<String>>,
    pub seed: u64,
    pub draw: FirstMoveDraw,
    /// The draw was made elsewhere (a real table, or a converted version-1
    /// record): it is checked for form only, not recomputed from the seed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub draw_given: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
    /// Milliseconds the player to move had used in the running turn when the
    /// game was saved (0 in records older than this field).
    #[serde(default)]
    pub turn_ms: u32,
    pub actions: Vec<Action>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    #[error("cannot read the record: {0}")]
    Io(String),
    #[error("the file is larger than {}, too large for a game record", size_words(*.0))]
    TooLarge(u64),
    #[error("not a readable game record: {0}")]
    Json(String),
    #[error("not a Starhop game record (format is {0:?})")]
    Format(String),
    #[error("the record has no version number")]
    NoVersion,
    #[error("record version {0} does not exist: versions are whole numbers from 1")]
    BadVersion(String),
    #[error("record version {0} is newer than this game understands (up to {RECORD_VERSION})")]
    Version(u64),
    #[error("the record's set-up is invalid: {0}")]
    Setup(RuleError),
    #[error("the record's player names are invalid: {0}")]
    Names(String),
    #[error("the record's first-move draw does not follow from its rules and seed")]
    Draw,
    #[error("the record's first-move draw is invalid: {0}")]
    BadDraw(RuleError),
    #[error("the record's running turn time is invalid: {0}")]
    TurnTime(RuleError),
    #[error("action {number} ({what}) is not legal: {error}")]
    Action {
        number: usize,
        what: String,
        error: RuleError,
    },
}

/// "8 MB" for whole mebibytes, else the bytes.
fn size_words(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes >= MB && bytes.is_multiple_of(MB) {
        format!("{} MB", bytes / MB)
    } else {
        format!("{bytes} bytes")
    }
}

/// A short description of an action, for error messages ("move 40 → 52 by player 2").
/// Players are numbered from 1 for people; any seat number, even one read from
/// a broken file, is printed without overflow.
pub fn describe(action: &Action, seat: Seat) -> String {
    let s = u32::from(seat) + 1;
    match action {
        Action::Move { from, to, .. } => format!("move {from} → {to} by player {s}"),
        Action::Pass { .. } => format!("pass by player {s}"),
        Action::Timeout { .. } => format!("time-out of player {s}"),
        Action::OutOfTime { .. } => format!("player {s} running out of time"),
        Action::UseItem { item_use, .. } => format!("{item_use} by player {s}"),
        Action::Resign { seat, .. } => {
            format!("resignation of player {}", u32::from(*seat) + 1)
        }
    }
}

/// Reads a record of at most `max_bytes` bytes (usually `MAX_RECORD_BYTES`)
/// without reading more than one byte past that, and parses it.
pub fn read_record(reader: impl Read, max_bytes: u64) -> Result<Record, RecordError> {
    let mut bytes = Vec::new();
    reader
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::Io(e.to_string()))?;
    if bytes.len() as u64 > max_bytes {
        return Err(RecordError::TooLarge(max_bytes));
    }
    Record::from_slice(&bytes)
}

/// The fields checked before the whole record is read: which file this is.
/// Everything else is skipped without being kept.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

fn check_version(version: u64) -> Result<(), RecordError> {
    match version {
        0 => Err(RecordError::BadVersion("0".into())),
        v if v > u64::from(RECORD_VERSION) => Err(RecordError::Version(v)),
        _ => Ok(()),
    }
}

impl Record {
    /// The record of a game so far.
    pub fn of(game: &Game, names: Vec<String>) -> Record {
        let standard = Position::start(game.start_position().board(), game.players()).ok();
        let start = (standard.as_ref() != Some(game.start_position())).then(|| {
            let p = game.start_position();
            StartPosition {
                marbles: (0..p.players() as Seat)
                    .map(|s| p.marbles(s).iter().collect())
                    .collect(),
                walls: p.walls.iter().collect(),
                virtuals: p.virtuals.iter().collect(),
            }
        });
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            rules: game.rules().clone(),
            players: game.players(),
            names,
            bots: Vec::new(),
            seed: game.seed(),
            draw: game.first_move_draw().clone(),
            draw_given: game.draw_given(),
            start,
            turn_ms: game.state().turn_ms,
            actions: game.actions().cloned().collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        Record::from_slice(text.as_bytes())
    }

    /// Parses a record (UTF-8 JSON, a byte order mark allowed). The header is
    /// checked first, so a foreign or future file gets the clearer message.
    pub fn from_slice(bytes: &[u8]) -> Result<Record, RecordError> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let json = |e: serde_json::Error| RecordError::Json(e.to_string());
        let header: Header = serde_json::from_slice(bytes).map_err(json)?;
        match header.format {
            Some(serde_json::Value::String(f)) if f == RECORD_FORMAT => {}
            Some(serde_json::Value::String(f)) => return Err(RecordError::Format(f)),
            Some(other) => return Err(RecordError::Format(other.to_string())),
            None => return Err(RecordError::Format(String::new())),
        }
        match header.version {
            None => return Err(RecordError::NoVersion),
            Some(v) => match v.as_u64() {
                Some(n) => check_version(n)?,
                None => return Err(RecordError::BadVersion(v.to_string())),
            },
        }
        serde_json::from_slice(bytes).map_err(json)
    }

    /// Rebuilds the game by replaying every action through the rules.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with_progress(|_| {})
    }

    /// [`Record::replay`], calling `progress` with the number of actions
    /// played so far after each one (for progress bars on long records).
    pub fn replay_with_progress(
        &self,
        mut progress: impl FnMut(usize),
    ) -> Result<Game, RecordError> {
        let mut game = self.setup()?;
        for (i, action) in self.actions.iter().enumerate() {
            let seat = game.to_move();
            game.apply(action.clone())
                .map_err(|error| RecordError::Action {
                    number: i + 1,
                    what: describe(action, seat),
                    error,
                })?;
            progress(i + 1);
        }
        game.restore_turn_ms(self.turn_ms)
            .map_err(RecordError::TurnTime)?;
        Ok(game)
    }

    /// The game before its first action, every header field checked.
    fn setup(&self) -> Result<Game, RecordError> {
        let setup = RecordError::Setup;
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format(self.format.clone()));
        }
        check_version(u64::from(self.version))?;
        self.rules.validate(self.players).map_err(setup)?;
        self.check_names()?;
        let board = Board::get(self.rules.board_size).map_err(setup)?;
        let game = match &self.start {
            None if self.draw_given || self.version == 1 => Game::with_draw(
                self.rules.clone(),
                self.players,
                self.seed,
                self.draw.clone(),
            )
            .map_err(|e| match e {
                RuleError::BadDraw(_) => RecordError::BadDraw(e),
                e => RecordError::Setup(e),
            })?,
            None => Game::new(self.rules.clone(), self.players, self.seed).map_err(setup)?,
            Some(start) => {
                if self.draw_given {
                    return Err(RecordError::BadDraw(RuleError::BadDraw(
                        "a set-up start names its first mover, so its draw is never given".into(),
                    )));
                }
                let pos = self.start_position(board, start).map_err(setup)?;
                Game::from_position_with_seed(self.rules.clone(), pos, self.draw.first, self.seed)
                    .map_err(setup)?
            }
        };
        // The rules and the draw must be what this set-up gives.
        if game.first_move_draw() != &self.draw || game.rules() != &self.rules {
            return Err(RecordError::Draw);
        }
        Ok(game)
    }

    fn check_names(&self) -> Result<(), RecordError> {
        if self.names.len() > self.players {
            return Err(RecordError::Names(format!(
                "{} names for {} players",
                self.names.len(),
                self.players
            )));
        }
        for (i, name) in self.names.iter().enumerate() {
            let n = i + 1;
            if name.chars().count() > MAX_NAME_CHARS {
                return Err(RecordError::Names(format!(
                    "the name of player {n} is longer than {MAX_NAME_CHARS} characters"
                )));
            }
            if name.chars().any(char::is_control) {
                return Err(RecordError::Names(format!(
                    "the name of player {n} contains a control character"
                )));
            }
        }
        Ok(())
    }

    fn start_position(
        &self,
        board: &'static Board,
        start: &StartPosition,
    ) -> Result<Position, RuleError> {
        if start.marbles.len() != self.players {
            return Err(RuleError::StartSeats {
                players: self.players,
                found: start.marbles.len(),
            });
        }
        let mut pos = Position::empty(board, self.players)?;
        let mut used = Bitboard::EMPTY;
        let all = start
            .walls
            .iter()
            .chain(&start.virtuals)
            .chain(start.marbles.iter().flatten());
        for &h in all {
            if h as usize >= board.len() {
                return Err(RuleError::NoSuchHole(h));
            }
            if used.contains(h) {
                return Err(RuleError::HoleUsedTwice(h));
            }
            used.insert(h);
        }
        pos.walls = start.walls.iter().copied().collect();
        pos.virtuals = start.virtuals.iter().copied().collect();
        for (seat, holes) in start.marbles.iter().enumerate() {
            for &h in holes {
                pos.place(seat as Seat, h)?;
            }
        }
        Ok(pos)
    }
}

/// Loads a record from JSON text and replays it.
pub fn load_game(text: &str) -> Result<(Record, Game), RecordError> {
    let record = Record::from_json(text)?;
    let game = record.replay()?;
    Ok((record, game))
}

/// Alias kept short for callers that only need the replayed game.
pub fn replay(text: &str) -> Result<Game, RecordError> {
    load_game(text).map(|(_, g)| g)
}

/// The JSON of the standard start for these rules (useful for tools and tests).
pub fn new_record(rules: Rules, players: usize, seed: u64) -> Result<Record, RuleError> {
    Ok(Record::of(&Game::new(rules, players, seed)?, Vec::new()))
}
