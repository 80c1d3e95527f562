//! Rating points and levels (RULES.md §7).
//!
//! [`rating_changes`] turns one finished game into a change of points per
//! seat. It knows nothing of profiles: the caller says each seat's level and
//! which seats are rated (people with a profile); bots and guests get 0.

use serde::{Deserialize, Serialize};
use starhop_ai::Level;
use starhop_engine::{Game, OutReason, Seat, Status};

/// A player's level: `1 + points / 100`, rounded down, at least 1.
pub fn level_of(points: i32) -> u32 {
    (1 + points.div_euclid(100)).max(1) as u32
}

/// The fixed level a bot plays at for rating purposes (bots never gain or lose).
pub fn bot_level(level: Level) -> u32 {
    match level {
        Level::Beginner => 1,
        Level::Easy => 3,
        Level::Medium => 5,
        Level::Hard => 7,
        Level::Master => 9,
    }
}

/// How a player left a game before it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leave {
    /// Resigned: only loses points (never gains, no consolation).
    Resigned,
    /// Quit, or lost as if they had quit (anti-passive rule, three time-outs): −50.
    Quit,
}

/// One seat of a finished game, as rating needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    /// The seat's level (a profile's, a bot's fixed one, 1 for a guest).
    pub level: u32,
    /// Whether points change for this seat (people with a profile).
    pub rated: bool,
    /// Place, 1 = first; ties share.
    pub place: u8,
    /// Match score in two-player and team games (1, ½, 0; 0.75/0.25 by adjudication).
    pub score: Option<f32>,
    /// Team number in team games.
    pub team: Option<u8>,
    pub left: Option<Leave>,
    /// The seat's own marbles in its target camp at the end.
    pub in_target: u32,
}

/// A finished game, as rating needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    pub seats: Vec<SeatResult>,
    /// Own moves of the seat that moved most: the round the game was decided in.
    pub rounds: u32,
    pub long_jumps: bool,
    /// Someone resigned before round 11 (fewer than 10 own moves made).
    pub early_resignation: bool,
}

/// Rounds under which nobody gains: 18, or 10 with long jumps.
pub fn min_rounds_for_gains(long_jumps: bool) -> u32 {
    if long_jumps { 10 } else { 18 }
}

/// A resignation with fewer own moves than this stops all gains ("resigned
/// before round 11").
pub const RESIGN_ROUND_FOR_GAINS: u32 = 11;

impl RatedGame {
    /// Reads a finished game. `levels[s]` and `rated[s]` describe who sat at seat `s`.
    /// `None` while the game is not over.
    pub fn of(game: &Game, levels: &[u32], rated: &[bool]) -> Option<RatedGame> {
        let outcome = game.outcome()?;
        let teams = game.teams();
        let mut early_resignation = false;
        let seats = (0..game.players())
            .map(|s| {
                let p = game.player(s as Seat);
                let left = match p.status {
                    Status::Out {
                        reason: OutReason::Resigned,
                        ..
                    } => {
                        if p.turns + 1 < RESIGN_ROUND_FOR_GAINS {
                            early_resignation = true;
                        }
                        Some(Leave::Resigned)
                    }
                    Status::Out {
                        reason: OutReason::AntiPassive | OutReason::TimeOuts,
                        ..
                    } => Some(Leave::Quit),
                    // Running out of the bank is an ordinary loss.
                    _ => None,
                };
                SeatResult {
                    level: levels.get(s).copied().unwrap_or(1),
                    rated: rated.get(s).copied().unwrap_or(false),
                    place: outcome.places[s],
                    score: outcome.scores.as_ref().map(|v| v[s]),
                    team: teams.map(|t| t[s]),
                    left,
                    in_target: game.position().in_target(s as Seat),
                }
            })
            .collect();
        let rounds = (0..game.players())
            .map(|s| game.player(s as Seat).turns)
            .max()
            .unwrap_or(0);
        Some(RatedGame {
            seats,
            rounds,
            long_jumps: game.rules().long_jumps,
            early_resignation,
        })
    }

    /// Whether anybody may gain points in this game.
    pub fn gains_allowed(&self) -> bool {
        self.rounds >= min_rounds_for_gains(self.long_jumps) && !self.early_resignation
    }
}

/// One-against-one win: `max(25 - (own - opponent), 10)`, at most 49.
pub fn one_on_one_win(own: u32, opponent: u32) -> i32 {
    (25 - (own as i32 - opponent as i32)).clamp(10, 49)
}

/// One-against-one loss (points lost): `25 + (own - opponent)`, from 1 to 49.
pub fn one_on_one_loss(own: u32, opponent: u32) -> i32 {
    (25 + (own as i32 - opponent as i32)).clamp(1, 49)
}

/// Free-for-all points by place, first place first.
pub fn free_for_all_table(players: usize) -> &'static [i32] {
    match players {
        3 => &[30, 15, -15],
        4 => &[35, 25, 15, -15],
        6 => &[45, 35, 25, 15, -15, -25],
        _ => &[],
    }
}

/// Free-for-all points for `place` when `tied` players share it: the mean of
/// the table entries they cover, rounded half away from zero.
fn free_for_all_points(players: usize, place: u8, tied: usize) -> i32 {
    let table = free_for_all_table(players);
    let from = (place as usize)
        .saturating_sub(1)
        .min(table.len().saturating_sub(1));
    let covered = &table[from..(from + tied.max(1)).min(table.len())];
    let sum: i32 = covered.iter().sum();
    (sum as f64 / covered.len() as f64).round() as i32
}

/// Team points: (winners, losers) for 2v2 and 3v3.
pub fn team_points(players: usize) -> (i32, i32) {
    if players == 6 { (40, -15) } else { (30, -10) }
}

/// Points lost for quitting.
pub const QUIT_POINTS: i32 = -50;

/// Consolation for a loser: one point per own marble in the target, doubled
/// for levels 1–5.
pub fn consolation(level: u32, in_target: u32) -> i32 {
    let per = if level <= 5 { 2 } else { 1 };
    (in_target * per) as i32
}

/// The change of rating points for every seat (0 for seats not rated).
pub fn rating_changes(game: &RatedGame) -> Vec<i32> {
    let n = game.seats.len();
    let gains = game.gains_allowed();
    game.seats
        .iter()
        .enumerate()
        .map(|(s, seat)| {
            if !seat.rated {
                return 0;
            }
            if seat.left == Some(Leave::Quit) {
                return QUIT_POINTS;
            }
            let base = if seat.team.is_some() {
                let (win, loss) = team_points(n);
                match seat.score {
                    Some(x) if x > 0.5 => win,
                    Some(x) if x < 0.5 => loss,
                    _ => 0,
                }
            } else if n == 2 {
                let other = &game.seats[1 - s];
                let (own, theirs) = (seat.score.unwrap_or(0.0), other.score.unwrap_or(0.0));
                if own > theirs {
                    one_on_one_win(seat.level, other.level)
                } else if own < theirs {
                    -one_on_one_loss(seat.level, other.level)
                } else {
                    0
                }
            } else {
                let tied = game.seats.iter().filter(|o| o.place == seat.place).count();
                free_for_all_points(n, seat.place, tied)
            };
            let mut total = base;
            if seat.left == Some(Leave::Resigned) {
                total = total.min(0);
            } else if base < 0 {
                total += consolation(seat.level, seat.in_target);
            }
            if !gains { total.min(0) } else { total }
        })
        .collect()
}
