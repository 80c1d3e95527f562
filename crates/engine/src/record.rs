//! Game records: a versioned JSON file with the rules, the seats, the seed, the
//! first-move draw and every action with its route and time. Loading replays
//! every action through the rules, so a tampered record is caught at the first
//! bad action and reported by number; nothing in a record can make us panic.

use crate::bitboard::Hole;
use crate::draw::{FirstMoveDraw, draw_first_mover};
use crate::error::RuleError;
use crate::game::{Action, Game};
use crate::geometry::Board;
use crate::position::Position;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::seats::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub const RECORD_FORMAT: &str = "starhop-record";
pub const RECORD_VERSION: u32 = 1;

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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
    pub actions: Vec<Action>,
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    #[error("not a readable game record: {0}")]
    Json(String),
    #[error("not a Starhop game record (format is {0:?})")]
    Format(String),
    #[error("record version {0} is newer than this game understands (up to {RECORD_VERSION})")]
    Version(u32),
    #[error("the record's set-up is invalid: {0}")]
    Setup(RuleError),
    #[error("the record's first-move draw does not match its seed")]
    Draw,
    #[error("action {number} ({what}) is not legal: {error}")]
    Action {
        number: usize,
        what: String,
        error: RuleError,
    },
}

/// A short description of an action, for error messages ("move 40 → 52 by seat 2").
pub fn describe(action: &Action, seat: Seat) -> String {
    let s = seat + 1;
    match action {
        Action::Move { from, to, .. } => format!("move {from} → {to} by player {s}"),
        Action::Pass { .. } => format!("pass by player {s}"),
        Action::Timeout { .. } => format!("time-out of player {s}"),
        Action::OutOfTime { .. } => format!("player {s} running out of time"),
        Action::Resign { seat } => format!("resignation of player {}", seat + 1),
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
            start,
            actions: game.actions().cloned().collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        // Check the header first so a foreign file gets the clearer message.
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
        if format != RECORD_FORMAT {
            return Err(RecordError::Format(format.to_string()));
        }
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version > RECORD_VERSION as u64 {
            return Err(RecordError::Version(version.min(u32::MAX as u64) as u32));
        }
        // Parse the text again (not the value) so errors carry a line and column.
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// Rebuilds the game by replaying every action through the rules.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let setup = RecordError::Setup;
        let board = Board::get(self.rules.board_size).map_err(setup)?;
        let mut game = match &self.start {
            None => {
                let fresh = draw_first_mover(
                    self.rules.first_move,
                    self.players,
                    &mut Rng::new(self.seed),
                )
                .map_err(setup)?;
                if fresh != self.draw {
                    return Err(RecordError::Draw);
                }
                Game::new(self.rules.clone(), self.players, self.seed).map_err(setup)?
            }
            Some(start) => {
                let pos = self.start_position(board, start).map_err(setup)?;
                if start.marbles.len() != self.players || self.draw.first as usize >= self.players {
                    return Err(RecordError::Setup(RuleError::PlayerCount(
                        start.marbles.len(),
                    )));
                }
                Game::from_position(self.rules.clone(), pos, self.draw.first).map_err(setup)?
            }
        };
        for (i, action) in self.actions.iter().enumerate() {
            let seat = game.to_move();
            game.apply(action.clone())
                .map_err(|error| RecordError::Action {
                    number: i + 1,
                    what: describe(action, seat),
                    error,
                })?;
        }
        Ok(game)
    }

    fn start_position(
        &self,
        board: &'static Board,
        start: &StartPosition,
    ) -> Result<Position, RuleError> {
        let mut pos = Position::empty(board, self.players)?;
        for &h in start.walls.iter().chain(&start.virtuals) {
            if h as usize >= board.len() {
                return Err(RuleError::NoSuchHole(h));
            }
        }
        pos.walls = start.walls.iter().copied().collect();
        pos.virtuals = start.virtuals.iter().copied().collect();
        for (seat, holes) in start.marbles.iter().enumerate().take(self.players) {
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
