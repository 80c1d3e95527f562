//! The history of finished games: who played, the result, the rating changes,
//! and the record (kept in its own file so the game can be watched again).

use crate::profiles::ProfileId;
use serde::{Deserialize, Serialize};
use starhop_ai::Level;
use starhop_engine::{EndReason, Record};
use starhop_games::{AnyRecord, GameKind};

/// Who sat at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    Profile(ProfileId),
    Bot(Level),
    Guest,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// Stable: a hash of the record, so the same game is never filed twice.
    pub id: String,
    /// Which game of the box it was. Entries filed before other games were
    /// filed have none: they are classic (or party, which they do not tell
    /// apart; their records do).
    #[serde(default)]
    pub game: GameKind,
    /// Local date and time it was filed ("2026-11-30 14.05").
    pub date: String,
    pub names: Vec<String>,
    pub who: Vec<Who>,
    pub places: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<f32>>,
    /// Why it ended, in classic's terms: the nearest for other games, whose
    /// own reason is in `ending`.
    pub reason: EndReason,
    /// Games other than classic and party: the game's own reason key
    /// (`GameResult::reason`, e.g. `"threefold_repetition"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// Actions in the record (classic and party), or moves (other games).
    pub moves: usize,
    /// Rating points each seat gained or lost (0 for bots and guests).
    pub rating: Vec<i32>,
    /// Level after the game for seats with a profile whose level changed.
    #[serde(default)]
    pub new_levels: Vec<Option<u32>>,
    /// The record's file name in the history folder.
    pub record: String,
    /// The tournament the game belonged to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

impl HistoryEntry {
    /// Whether `profile` played in this game.
    pub fn has_player(&self, profile: &str) -> bool {
        self.who
            .iter()
            .any(|w| matches!(w, Who::Profile(p) if p == profile))
    }
}

/// What filing a game did to one seat's profile.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub profile: ProfileId,
    pub before: i32,
    pub after: i32,
    pub level_before: u32,
    pub level_after: u32,
}

/// What filing a finished game did.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFiled {
    pub id: String,
    /// Per seat: the profile's change (None for bots and guests).
    pub changes: Vec<Option<RatingChange>>,
    /// False when this game was already in the history (nothing changed).
    pub new: bool,
}

/// The stable id of a record: FNV-1a over its JSON (records of one game,
/// saved again or reloaded, hash the same; a rematch has another seed).
pub fn game_id(record: &Record) -> String {
    fnv_id(&record.to_json())
}

/// The stable id of a record of any game: [`game_id`] for classic and
/// party (so a game filed either way is one game), else FNV-1a over the
/// tagged record's JSON.
pub fn any_game_id(record: &AnyRecord) -> String {
    match record {
        AnyRecord::Classic(r) => game_id(r),
        other => fnv_id(&other.to_json()),
    }
}

fn fnv_id(json: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in json.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The nearest classic ending for another game's reason key, for the
/// entry's `reason` (the key itself goes in `ending`): a player out of the
/// game is `Resigned`, a draw by a rule `Deadlock` (adjudicated), no move
/// left for anyone `Blocked`, and a decided game `Finished`.
pub fn nearest_end_reason(key: &str) -> EndReason {
    match key {
        "resigned" | "resignation" | "time" => EndReason::Resigned,
        "deadlock"
        | "threefold_repetition"
        | "twenty_five_king_moves"
        | "sixteen_move_ending"
        | "five_move_ending"
        | "thirty_moves_without_capture"
        | "three_kings_against_one"
        | "agreement" => EndReason::Deadlock,
        "blocked" | "stuck" | "no_captures" => EndReason::Blocked,
        "team" => EndReason::Team,
        _ => EndReason::Finished,
    }
}
