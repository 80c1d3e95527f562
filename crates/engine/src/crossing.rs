//! The solo crossing challenge: one army alone brings its marbles from
//! camp 0 (south) to camp 3 in as few moves as it can. Moves are the usual
//! steps and jump chains (RULES §3, long jumps as an option) with "no
//! stopping in foreign camps" on. The position is an ordinary two-seat
//! `Position` with only seat 0's marbles, so move generation is the game's.
//!
//! `CrossingRecord` keeps a crossing (its rules and every move's route in
//! axial coordinates); loading replays every move, so a tampered record is an
//! error naming its first bad move, never a panic.

use crate::bitboard::{Bitboard, Hole};
use crate::error::RuleError;
use crate::geometry::{Board, Hex};
use crate::position::{Move, MoveRules, Position};
use crate::seats::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The crossing army's seat: its home is camp 0, its target camp 3.
pub const SEAT: Seat = 0;

/// One crossing in progress, with undo and redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossingGame {
    position: Position,
    rules: MoveRules,
    /// The routes of the moves made, in order.
    played: Vec<Vec<Hole>>,
    /// Routes undone, the next one to redo last.
    undone: Vec<Vec<Hole>>,
    /// New on every change (undo included), for background jobs.
    revision: u64,
}

impl CrossingGame {
    /// The start: camp 0 full on a board of `size` (3, 4 or 5).
    pub fn new(size: u8, long_jumps: bool) -> Result<CrossingGame, RuleError> {
        let board = Board::get(size)?;
        let mut position = Position::empty(board, 2)?;
        for h in position.home(SEAT).iter() {
            position.place(SEAT, h)?;
        }
        Ok(CrossingGame {
            position,
            rules: MoveRules {
                long_jumps,
                no_stopping_in_foreign_camps: true,
                locked_in_target: false,
            },
            played: Vec::new(),
            undone: Vec::new(),
            revision: 0,
        })
    }

    pub fn size(&self) -> u8 {
        self.position.board().size
    }

    pub fn long_jumps(&self) -> bool {
        self.rules.long_jumps
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn rules(&self) -> MoveRules {
        self.rules
    }

    /// The army's marbles.
    pub fn marbles(&self) -> Bitboard {
        self.position.marbles(SEAT)
    }

    /// The holes of camp 3, where every marble must end.
    pub fn target(&self) -> Bitboard {
        self.position.target(SEAT)
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The routes of the moves made so far.
    pub fn played(&self) -> &[Vec<Hole>] {
        &self.played
    }

    pub fn moves_made(&self) -> u32 {
        self.played.len() as u32
    }

    /// Every marble stands in the target camp.
    pub fn is_finished(&self) -> bool {
        let m = self.marbles();
        (m & self.target()) == m
    }

    /// Where the marble on `from` may end a move (empty when there is none,
    /// or the crossing is finished).
    pub fn destinations(&self, from: Hole) -> Bitboard {
        if self.is_finished() {
            return Bitboard::EMPTY;
        }
        self.position.destinations(SEAT, from, self.rules)
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.is_finished() {
            self.position.legal_moves(SEAT, self.rules, &mut out);
        }
        out
    }

    /// Why the move from `from` to `to` is refused, or `None` when it is legal.
    pub fn why_not(&self, from: Hole, to: Hole) -> Option<RuleError> {
        let pos = &self.position;
        if self.is_finished() {
            return Some(RuleError::GameOver);
        }
        if to as usize >= pos.board().len() {
            return Some(RuleError::NoSuchHole(to));
        }
        if !self.marbles().contains(from) {
            return Some(RuleError::NotYourMarble(from));
        }
        if self.destinations(from).contains(to) {
            return None;
        }
        Some(if !pos.empty_holes().contains(to) {
            RuleError::Occupied(to)
        } else if !pos.allowed_ends(SEAT, from, self.rules).contains(to) {
            RuleError::ForeignCamp(to)
        } else {
            RuleError::IllegalMove { from, to }
        })
    }

    /// Plays the marble on `from` to `to` along a shortest route, and returns it.
    pub fn play(&mut self, from: Hole, to: Hole) -> Result<Vec<Hole>, RuleError> {
        if let Some(e) = self.why_not(from, to) {
            return Err(e);
        }
        let route = self
            .position
            .route(from, to, self.rules.long_jumps)
            .ok_or(RuleError::IllegalMove { from, to })?;
        self.apply(route.clone());
        Ok(route)
    }

    /// Plays exactly this route (a record's, or a solver's line).
    pub fn play_route(&mut self, route: &[Hole]) -> Result<(), RuleError> {
        let (&from, &to) = match (route.first(), route.last()) {
            (Some(f), Some(t)) if route.len() >= 2 => (f, t),
            _ => return Err(RuleError::ShortRoute),
        };
        if let Some(e) = self.why_not(from, to) {
            return Err(e);
        }
        if !self.position.is_valid_route(route, self.rules.long_jumps) {
            return Err(RuleError::BadRoute { from, to });
        }
        self.apply(route.to_vec());
        Ok(())
    }

    fn apply(&mut self, route: Vec<Hole>) {
        let (from, to) = (route[0], route[route.len() - 1]);
        self.position.shift(SEAT, from, to);
        self.played.push(route);
        self.undone.clear();
        self.revision += 1;
    }

    pub fn can_undo(&self) -> bool {
        !self.played.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Takes back the last move; returns its route (as it was played).
    pub fn undo(&mut self) -> Result<Vec<Hole>, RuleError> {
        let route = self.played.pop().ok_or(RuleError::NothingToUndo)?;
        self.position.shift(SEAT, route[route.len() - 1], route[0]);
        self.undone.push(route.clone());
        self.revision += 1;
        Ok(route)
    }

    /// Plays the last undone move again; returns its route.
    pub fn redo(&mut self) -> Result<Vec<Hole>, RuleError> {
        let route = self.undone.pop().ok_or(RuleError::NothingToRedo)?;
        self.position.shift(SEAT, route[0], route[route.len() - 1]);
        self.played.push(route.clone());
        self.revision += 1;
        Ok(route)
    }
}

pub const CROSSING_RECORD_FORMAT: &str = "starhop-crossing-record";
pub const CROSSING_RECORD_VERSION: u32 = 1;

/// A crossing as a file: the board, the jump option and every move's route
/// (start, then each landing) in axial coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossingRecord {
    pub format: String,
    pub version: u32,
    pub size: u8,
    pub long_jumps: bool,
    pub moves: Vec<Vec<Hex>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CrossingRecordError {
    #[error("not a readable crossing record: {0}")]
    Json(String),
    #[error("not a Starhop crossing record (format is {0:?})")]
    Format(String),
    #[error(
        "crossing record version {0} is not one this game understands (1 to {CROSSING_RECORD_VERSION})"
    )]
    Version(u64),
    #[error("the record's board is invalid: {0}")]
    Setup(RuleError),
    #[error("move {number} is not on the board or not legal: {error}")]
    Move { number: usize, error: RuleError },
}

impl CrossingRecord {
    /// The record of a crossing so far (undone moves are not part of it).
    pub fn of(game: &CrossingGame) -> CrossingRecord {
        let board = game.position().board();
        CrossingRecord {
            format: CROSSING_RECORD_FORMAT.into(),
            version: CROSSING_RECORD_VERSION,
            size: game.size(),
            long_jumps: game.long_jumps(),
            moves: game
                .played()
                .iter()
                .map(|r| r.iter().map(|&h| board.hex(h)).collect())
                .collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Parses a record: the format and version are checked first, so a
    /// foreign or future file gets the clearer message.
    pub fn from_json(text: &str) -> Result<CrossingRecord, CrossingRecordError> {
        #[derive(Deserialize)]
        struct Header {
            format: Option<serde_json::Value>,
            version: Option<serde_json::Value>,
        }
        let json = |e: serde_json::Error| CrossingRecordError::Json(e.to_string());
        let header: Header = serde_json::from_str(text).map_err(json)?;
        match header.format {
            Some(serde_json::Value::String(f)) if f == CROSSING_RECORD_FORMAT => {}
            other => {
                let found = other.map_or_else(String::new, |v| match v {
                    serde_json::Value::String(s) => s,
                    v => v.to_string(),
                });
                return Err(CrossingRecordError::Format(found));
            }
        }
        match header.version.as_ref().and_then(serde_json::Value::as_u64) {
            Some(v) if (1..=u64::from(CROSSING_RECORD_VERSION)).contains(&v) => {}
            other => return Err(CrossingRecordError::Version(other.unwrap_or(0))),
        }
        serde_json::from_str(text).map_err(json)
    }

    /// Replays every move through the rules.
    pub fn replay(&self) -> Result<CrossingGame, CrossingRecordError> {
        let mut game =
            CrossingGame::new(self.size, self.long_jumps).map_err(CrossingRecordError::Setup)?;
        let board = game.position().board();
        for (i, hexes) in self.moves.iter().enumerate() {
            let bad = |error| CrossingRecordError::Move {
                number: i + 1,
                error,
            };
            let route: Vec<Hole> = hexes
                .iter()
                .map(|&x| board.hole(x).ok_or(RuleError::NoSuchHole(Hole::MAX)))
                .collect::<Result<_, _>>()
                .map_err(bad)?;
            game.play_route(&route).map_err(bad)?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A few seeded random moves on every board, with and without long jumps.
    fn random_games() -> Vec<CrossingGame> {
        let mut games = Vec::new();
        let mut rng = Rng::new(7);
        for size in [3, 4, 5] {
            for long in [false, true] {
                let mut g = CrossingGame::new(size, long).unwrap();
                for _ in 0..25 {
                    let moves = g.legal_moves();
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    g.play(mv.from, mv.to).unwrap();
                }
                games.push(g);
            }
        }
        games
    }

    #[test]
    fn the_start_fills_camp_0_and_targets_camp_3() {
        for (size, n) in [(3, 6), (4, 10), (5, 15)] {
            let g = CrossingGame::new(size, false).unwrap();
            let b = g.position().board();
            assert_eq!(g.marbles(), b.camps[0]);
            assert_eq!(g.marbles().count(), n);
            assert_eq!(g.target(), b.camps[3]);
            assert!(g.position().marbles(1).is_empty());
            assert!(!g.is_finished());
        }
        assert_eq!(CrossingGame::new(6, false), Err(RuleError::BoardSize(6)));
    }

    #[test]
    fn legal_moves_are_the_positions_moves_for_seat_0() {
        for g in random_games() {
            let mut expected = Vec::new();
            g.position().legal_moves(0, g.rules(), &mut expected);
            assert_eq!(g.legal_moves(), expected);
            assert!(g.rules().no_stopping_in_foreign_camps);
            for from in g.marbles().iter() {
                let d = g.destinations(from);
                assert_eq!(d, g.position().destinations(0, from, g.rules()));
                for to in g.position().board().all().iter() {
                    assert_eq!(g.why_not(from, to).is_none(), d.contains(to), "{from}→{to}");
                }
            }
        }
    }

    #[test]
    fn a_foreign_camp_is_refused_as_an_end_and_says_so() {
        let mut g = CrossingGame::new(4, false).unwrap();
        let b = g.position().board();
        // Walk a marble to the edge of camp 1 and try to stop in it.
        let into_camp1 = b.camps[1]
            .iter()
            .find_map(|h| {
                b.neighbour[h as usize]
                    .iter()
                    .find(|&&n| n != crate::geometry::NONE && b.centre.contains(n))
                    .map(|&n| (n, h))
            })
            .unwrap();
        g.position.clear(g.marbles().first().unwrap());
        g.position.place(0, into_camp1.0).unwrap();
        assert_eq!(
            g.why_not(into_camp1.0, into_camp1.1),
            Some(RuleError::ForeignCamp(into_camp1.1))
        );
        assert!(g.play(into_camp1.0, into_camp1.1).is_err());
    }

    #[test]
    fn undo_and_redo_are_exact() {
        for g in random_games() {
            let mut back = g.clone();
            let mut positions = vec![];
            while back.can_undo() {
                positions.push(back.position().clone());
                let before = back.revision();
                back.undo().unwrap();
                assert_ne!(back.revision(), before);
            }
            assert_eq!(
                back.position(),
                CrossingGame::new(g.size(), g.long_jumps())
                    .unwrap()
                    .position()
            );
            assert_eq!(back.undo(), Err(RuleError::NothingToUndo));
            for p in positions.iter().rev() {
                back.redo().unwrap();
                assert_eq!(back.position(), p);
            }
            assert_eq!(back.played(), g.played());
            assert_eq!(back.redo(), Err(RuleError::NothingToRedo));
            // A new move forgets what could be redone.
            back.undo().unwrap();
            let mv = back.legal_moves()[0];
            back.play(mv.from, mv.to).unwrap();
            assert!(!back.can_redo());
        }
    }

    #[test]
    fn finishing_is_detected_and_ends_the_crossing() {
        let mut g = CrossingGame::new(3, false).unwrap();
        let b = g.position().board();
        // Set every marble in the target but one, which stands next to its last hole.
        let target: Vec<Hole> = g.target().iter().collect();
        let last = *target
            .iter()
            .find(|&&t| {
                b.neighbour[t as usize]
                    .iter()
                    .any(|&n| n != crate::geometry::NONE && b.centre.contains(n))
            })
            .unwrap();
        let outside = *b.neighbour[last as usize]
            .iter()
            .find(|&&n| n != crate::geometry::NONE && b.centre.contains(n))
            .unwrap();
        for h in g.marbles().iter() {
            g.position.clear(h);
        }
        for &t in target.iter().filter(|&&t| t != last) {
            g.position.place(0, t).unwrap();
        }
        g.position.place(0, outside).unwrap();
        assert!(!g.is_finished());
        g.play(outside, last).unwrap();
        assert!(g.is_finished());
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.why_not(last, outside), Some(RuleError::GameOver));
        g.undo().unwrap();
        assert!(!g.is_finished());
    }

    #[test]
    fn a_record_replays_to_the_same_crossing() {
        for g in random_games() {
            let text = CrossingRecord::of(&g).to_json();
            let back = CrossingRecord::from_json(&text).unwrap().replay().unwrap();
            assert_eq!(back.position(), g.position());
            assert_eq!(back.played(), g.played());
        }
    }

    #[test]
    fn a_corrupt_record_is_an_error_not_a_panic() {
        let g = &random_games()[2];
        let good = CrossingRecord::of(g);
        let err = |text: &str| {
            CrossingRecord::from_json(text)
                .and_then(|r| r.replay())
                .unwrap_err()
        };
        assert!(matches!(err("{"), CrossingRecordError::Json(_)));
        assert!(matches!(err("[]"), CrossingRecordError::Json(_)));
        assert_eq!(
            err(r#"{"format": "starhop-record", "version": 1}"#),
            CrossingRecordError::Format("starhop-record".into())
        );
        let with = |f: &dyn Fn(&mut CrossingRecord)| {
            let mut r = good.clone();
            f(&mut r);
            r.to_json()
        };
        assert_eq!(
            err(&with(&|r| r.version = 9)),
            CrossingRecordError::Version(9)
        );
        assert_eq!(
            err(&with(&|r| r.version = 0)),
            CrossingRecordError::Version(0)
        );
        assert_eq!(
            err(&with(&|r| r.size = 9)),
            CrossingRecordError::Setup(RuleError::BoardSize(9))
        );
        // A hole off the board, a jump that is not there, a move cut short.
        let off = err(&with(&|r| r.moves[3][1] = Hex::new(40, 40)));
        assert!(
            matches!(off, CrossingRecordError::Move { number: 4, .. }),
            "{off}"
        );
        let moved = err(&with(&|r| {
            let m = &mut r.moves[0];
            let last = m.len() - 1;
            m[last] = Hex::new(m[last].q + 3, m[last].r - 6);
        }));
        assert!(
            matches!(moved, CrossingRecordError::Move { number: 1, .. }),
            "{moved}"
        );
        let short = err(&with(&|r| r.moves[5].truncate(1)));
        assert_eq!(
            short,
            CrossingRecordError::Move {
                number: 6,
                error: RuleError::ShortRoute
            }
        );
        assert!(!short.to_string().is_empty());
    }
}
