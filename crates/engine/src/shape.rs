//! One shape for every game of the box (DESIGN.md, "How a turn flows"), the
//! way `shakmaty` puts its chess variants behind one `Position` trait: seats
//! and who moves, legal moves as routes over cells, play, undo and redo, the
//! result, a revision and a checksum of the position, and the moves so far.
//!
//! [`BoxGame`] is implemented here for classic and party Chinese checkers
//! ([`Game`]), food checkers ([`FoodGame`]) and the crossing challenge
//! ([`CrossingGame`]); `starhop-draughts` implements it for draughts, and
//! `starhop-games` puts them all in one enum (`AnyGame`) with one tagged
//! record format and the bots. The adapters only call each game's own
//! methods: the rules stay where they are.
//!
//! Routes are lists of cell indices (`u16`), each game's own cells: star
//! holes for classic, party and the crossing; hexagon cells of
//! [`crate::food::FoodBoard`] for food checkers; square numbers (1 to 50 or
//! 32) for draughts. A route is the moving piece's start, then every landing
//! of its move; a UI or a network peer may send a route, and
//! [`BoxGame::move_for_route`] finds the legal move it makes.

use crate::bitboard::Hole;
use crate::crossing::{self, CrossingGame};
use crate::error::RuleError;
use crate::food::{FoodEnd, FoodError, FoodGame, FoodMove, FoodStatus};
use crate::game::checksum::Fnv;
use crate::game::{Action, EndReason, Game};
use crate::items::ItemUse;
use crate::position::Move;
use crate::seats::Seat;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// Which game of the box a game is. Party is classic Chinese checkers with
/// items: the kind of a classic [`Game`] comes from its rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    #[default]
    Classic,
    Party,
    Food,
    Crossing,
    Draughts,
    Halma,
}

impl GameKind {
    pub const ALL: [GameKind; 6] = [
        GameKind::Classic,
        GameKind::Party,
        GameKind::Food,
        GameKind::Crossing,
        GameKind::Draughts,
        GameKind::Halma,
    ];

    /// The kind's name in files (`"classic"`, `"party"`, ...), as serde writes it.
    pub fn tag(self) -> &'static str {
        match self {
            GameKind::Classic => "classic",
            GameKind::Party => "party",
            GameKind::Food => "food",
            GameKind::Crossing => "crossing",
            GameKind::Draughts => "draughts",
            GameKind::Halma => "halma",
        }
    }

    pub fn from_tag(tag: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.tag() == tag)
    }

    /// Whether RULES §7's rating points apply: Chinese checkers, classic and
    /// party. The other games are filed unrated.
    pub fn rated(self) -> bool {
        matches!(self, GameKind::Classic | GameKind::Party)
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// How a finished game came out.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// Per seat: 1 = first; ties share a place.
    pub places: Vec<u8>,
    /// Per seat, where the game has one: the match score (win 1, draw ½,
    /// loss 0; classic adjudication 0.75 / 0.25; a solo puzzle 1 when
    /// solved, else 0). `None` where only places count (free for all, the
    /// crossing).
    pub scores: Option<Vec<f32>>,
    /// Why it ended, as a short snake_case key for the UI to translate
    /// (`"finished"`, `"threefold_repetition"`, `"one_marble"`, ...).
    pub reason: &'static str,
}

/// What every game of the box offers the replay viewer, the history, the
/// saves list, network tables and bots. The enum over all games
/// (`starhop_games::AnyGame`) implements it by dispatch, without boxing.
///
/// Several games have inherent methods of the same names (`play`,
/// `legal_moves`, `undo`, ...) with their own types: generic code sees only
/// these; concrete code calls `BoxGame::play(&mut game, &mv)`.
pub trait BoxGame {
    /// One move as a player, a bot, a record or a network peer gives it.
    /// It carries its route, so it shows without the position.
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Why a request was refused (never a panic).
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    fn kind(&self) -> GameKind;
    /// Seats at the table (1 for solo games).
    fn seats(&self) -> usize;
    /// The seat to move; `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Every legal move now (none once the game is over; while it goes on
    /// there is at least one: a classic player who cannot move has `Pass`).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// A move as a route over cells: the piece's start, then each landing
    /// (empty for a pass; an item's picks for a party item).
    fn route(&self, mv: &Self::Move) -> Vec<u16>;
    /// The legal move that this route makes now, if any. For every legal
    /// move `m`, `move_for_route(&route(&m)) == Some(m)`.
    fn move_for_route(&self, route: &[u16]) -> Option<Self::Move>;
    /// Checks a move against the rules and plays it (the redo list goes).
    fn play(&mut self, mv: &Self::Move) -> Result<(), Self::Error>;
    fn undo(&mut self) -> Result<(), Self::Error>;
    fn redo(&mut self) -> Result<(), Self::Error>;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// The result once the game is over.
    fn result(&self) -> Option<GameResult>;
    fn is_over(&self) -> bool {
        self.result().is_some()
    }
    /// Changes with every change of the game, undo and redo included (a
    /// background job keeps the revision it started on and drops its answer
    /// when the game has moved on).
    fn revision(&self) -> u64;
    /// A checksum of the position and the side to move: equal for equal
    /// positions whatever the move order, different (with overwhelming
    /// likelihood) otherwise. Stable across machines.
    fn position_checksum(&self) -> u64;
    /// The moves played so far, in order (undone moves are not in it).
    fn moves_played(&self) -> Vec<Self::Move>;
}

/// Places by a number where more is better (food checkers' captures): one
/// more than the number of seats with more; ties share.
pub fn places_by_most(values: &[u32]) -> Vec<u8> {
    values
        .iter()
        .map(|v| 1 + values.iter().filter(|w| *w > v).count() as u8)
        .collect()
}

fn to_cells(route: &[u8]) -> Vec<u16> {
    route.iter().map(|&c| u16::from(c)).collect()
}

/// Cell indices as bytes, `None` if one does not fit (it is on no board).
fn to_bytes(route: &[u16]) -> Option<Vec<u8>> {
    route.iter().map(|&c| u8::try_from(c).ok()).collect()
}

// ----- classic and party Chinese checkers -----

/// A move of classic or party Chinese checkers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClassicMove {
    /// A marble along this route: a step or a chain of jumps, first hole
    /// its start, last its landing. Any legal route between the same holes
    /// is the same move (RULES §3); the route is the one shown.
    Hop { route: Vec<Hole> },
    /// The turn passes (when the rules allow it, the player cannot move, or
    /// the power marble's second move is left out).
    Pass,
    /// An item used before the turn's move (party mode, RULES §8). Item
    /// uses are not among `legal_moves` (see `Game::item_uses`) and no
    /// route finds one; `play` checks them like any move.
    Item {
        #[serde(rename = "use")]
        item_use: ItemUse,
    },
}

/// The short key of a classic ending.
pub fn end_reason_key(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Finished => "finished",
        EndReason::Resigned => "resigned",
        EndReason::Deadlock => "deadlock",
        EndReason::Blocked => "blocked",
        EndReason::Team => "team",
    }
}

impl BoxGame for Game {
    type Move = ClassicMove;
    type Error = RuleError;

    fn kind(&self) -> GameKind {
        if self.rules().items {
            GameKind::Party
        } else {
            GameKind::Classic
        }
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        (!Game::is_over(self)).then(|| Game::to_move(self))
    }

    fn legal_moves(&self) -> Vec<ClassicMove> {
        let long = self.rules().long_jumps;
        let pos = self.position();
        let mut out: Vec<ClassicMove> = Game::legal_moves(self)
            .into_iter()
            .filter_map(|m| pos.route(m.from, m.to, long))
            .map(|route| ClassicMove::Hop { route })
            .collect();
        if self.can_pass() {
            out.push(ClassicMove::Pass);
        }
        out
    }

    fn route(&self, mv: &ClassicMove) -> Vec<u16> {
        match mv {
            ClassicMove::Hop { route } => to_cells(route),
            ClassicMove::Pass => Vec::new(),
            ClassicMove::Item { item_use } => {
                let mut picks = vec![u16::from(item_use.first_pick())];
                picks.extend(item_use.second_pick().map(u16::from));
                picks
            }
        }
    }

    fn move_for_route(&self, route: &[u16]) -> Option<ClassicMove> {
        if Game::is_over(self) {
            return None;
        }
        if route.is_empty() {
            return self.can_pass().then_some(ClassicMove::Pass);
        }
        let holes = to_bytes(route)?;
        let (&from, &to) = (holes.first()?, holes.last()?);
        let legal = holes.len() >= 2
            && self.is_legal(Move { from, to })
            && self
                .position()
                .is_valid_route(&holes, self.rules().long_jumps);
        legal.then_some(ClassicMove::Hop { route: holes })
    }

    fn play(&mut self, mv: &ClassicMove) -> Result<(), RuleError> {
        match mv {
            ClassicMove::Hop { route } => self.play_route(route),
            ClassicMove::Pass => self.pass(),
            ClassicMove::Item { item_use } => self.use_item(*item_use),
        }
        .map(drop)
    }

    fn undo(&mut self) -> Result<(), RuleError> {
        Game::undo(self).map(drop)
    }

    fn redo(&mut self) -> Result<(), RuleError> {
        Game::redo(self).map(drop)
    }

    fn can_undo(&self) -> bool {
        Game::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn result(&self) -> Option<GameResult> {
        self.outcome().map(|o| GameResult {
            places: o.places.clone(),
            scores: o.scores.clone(),
            reason: end_reason_key(o.reason),
        })
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn revision(&self) -> u64 {
        Game::revision(self)
    }

    fn position_checksum(&self) -> u64 {
        Game::position_checksum(self)
    }

    /// The moves, passes and item uses among the actions; clock events and
    /// resignations are the record's (`Record`), not moves.
    fn moves_played(&self) -> Vec<ClassicMove> {
        self.actions()
            .filter_map(|a| match a {
                Action::Move { route, .. } => Some(ClassicMove::Hop {
                    route: route.clone(),
                }),
                Action::Pass { .. } => Some(ClassicMove::Pass),
                Action::UseItem { item_use, .. } => Some(ClassicMove::Item {
                    item_use: *item_use,
                }),
                Action::Timeout { .. } | Action::OutOfTime { .. } | Action::Resign { .. } => None,
            })
            .collect()
    }
}

// ----- food checkers -----

fn food_end_key(end: FoodEnd) -> &'static str {
    match end {
        FoodEnd::OneMarble => "one_marble",
        FoodEnd::Stuck => "stuck",
        FoodEnd::NoCaptures => "no_captures",
    }
}

impl BoxGame for FoodGame {
    type Move = FoodMove;
    type Error = FoodError;

    fn kind(&self) -> GameKind {
        GameKind::Food
    }

    fn seats(&self) -> usize {
        self.rules().players
    }

    fn to_move(&self) -> Option<Seat> {
        (!FoodGame::is_over(self)).then(|| FoodGame::to_move(self) as Seat)
    }

    fn legal_moves(&self) -> Vec<FoodMove> {
        FoodGame::legal_moves(self)
    }

    fn route(&self, mv: &FoodMove) -> Vec<u16> {
        to_cells(&mv.route)
    }

    fn move_for_route(&self, route: &[u16]) -> Option<FoodMove> {
        if FoodGame::is_over(self) {
            return None;
        }
        let cells = to_bytes(route)?;
        self.position().check(&cells, self.rules().slides).ok()
    }

    fn play(&mut self, mv: &FoodMove) -> Result<(), FoodError> {
        FoodGame::play(self, &mv.route).map(drop)
    }

    fn undo(&mut self) -> Result<(), FoodError> {
        FoodGame::undo(self).map(drop)
    }

    fn redo(&mut self) -> Result<(), FoodError> {
        FoodGame::redo(self).map(drop)
    }

    fn can_undo(&self) -> bool {
        FoodGame::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        FoodGame::can_redo(self)
    }

    /// Solo: place 1, scored 1 when solved. Several players: placed by
    /// captures (the winners have the most); two players also scored.
    fn result(&self) -> Option<GameResult> {
        let FoodStatus::Over { end, winners } = self.status() else {
            return None;
        };
        let players = self.rules().players;
        let scores = match players {
            1 => Some(vec![if winners.is_empty() { 0.0 } else { 1.0 }]),
            2 => {
                let share = 1.0 / winners.len().max(1) as f32;
                Some(
                    (0..2)
                        .map(|s| if winners.contains(&s) { share } else { 0.0 })
                        .collect(),
                )
            }
            _ => None,
        };
        Some(GameResult {
            places: if players == 1 {
                vec![1]
            } else {
                places_by_most(self.captures())
            },
            scores,
            reason: food_end_key(*end),
        })
    }

    fn is_over(&self) -> bool {
        FoodGame::is_over(self)
    }

    fn revision(&self) -> u64 {
        FoodGame::revision(self)
    }

    fn position_checksum(&self) -> u64 {
        let mut h = Fnv::new();
        h.u8(GameKind::Food as u8);
        h.u8(self.board().size);
        h.bytes(&self.position().marbles.to_le_bytes());
        h.u8(FoodGame::to_move(self) as u8);
        h.0
    }

    fn moves_played(&self) -> Vec<FoodMove> {
        self.played().to_vec()
    }
}

// ----- the crossing challenge -----

/// A move of the crossing challenge: one marble along this route (first
/// hole its start, last its landing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossingMove {
    pub route: Vec<Hole>,
}

impl BoxGame for CrossingGame {
    type Move = CrossingMove;
    type Error = RuleError;

    fn kind(&self) -> GameKind {
        GameKind::Crossing
    }

    fn seats(&self) -> usize {
        1
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_finished()).then_some(crossing::SEAT)
    }

    fn legal_moves(&self) -> Vec<CrossingMove> {
        let long = self.long_jumps();
        CrossingGame::legal_moves(self)
            .into_iter()
            .filter_map(|m| self.position().route(m.from, m.to, long))
            .map(|route| CrossingMove { route })
            .collect()
    }

    fn route(&self, mv: &CrossingMove) -> Vec<u16> {
        to_cells(&mv.route)
    }

    fn move_for_route(&self, route: &[u16]) -> Option<CrossingMove> {
        let holes = to_bytes(route)?;
        let (&from, &to) = (holes.first()?, holes.last()?);
        let legal = holes.len() >= 2
            && self.why_not(from, to).is_none()
            && self.position().is_valid_route(&holes, self.long_jumps());
        legal.then_some(CrossingMove { route: holes })
    }

    fn play(&mut self, mv: &CrossingMove) -> Result<(), RuleError> {
        self.play_route(&mv.route)
    }

    fn undo(&mut self) -> Result<(), RuleError> {
        CrossingGame::undo(self).map(drop)
    }

    fn redo(&mut self) -> Result<(), RuleError> {
        CrossingGame::redo(self).map(drop)
    }

    fn can_undo(&self) -> bool {
        CrossingGame::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        CrossingGame::can_redo(self)
    }

    fn result(&self) -> Option<GameResult> {
        self.is_finished().then(|| GameResult {
            places: vec![1],
            scores: None,
            reason: "crossed",
        })
    }

    fn is_over(&self) -> bool {
        self.is_finished()
    }

    fn revision(&self) -> u64 {
        CrossingGame::revision(self)
    }

    fn position_checksum(&self) -> u64 {
        let mut h = Fnv::new();
        h.u8(GameKind::Crossing as u8);
        h.u8(self.size());
        h.bitboard(self.marbles());
        h.0
    }

    fn moves_played(&self) -> Vec<CrossingMove> {
        self.played()
            .iter()
            .map(|r| CrossingMove { route: r.clone() })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::FoodRules;
    use crate::rules::{FirstMoveMethod, Rules};

    #[test]
    fn kinds_have_snake_case_tags_that_serde_agrees_with() {
        for k in GameKind::ALL {
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.tag())
            );
            assert_eq!(GameKind::from_tag(k.tag()), Some(k));
        }
        assert_eq!(GameKind::from_tag("halma"), Some(GameKind::Halma));
        assert_eq!(GameKind::from_tag("chess"), None);
        assert_eq!(GameKind::default(), GameKind::Classic);
        assert!(GameKind::Party.rated() && !GameKind::Draughts.rated());
    }

    #[test]
    fn places_share_ties_and_count_those_ahead() {
        assert_eq!(places_by_most(&[3, 7, 3, 1]), vec![2, 1, 2, 4]);
        assert_eq!(places_by_most(&[0, 0]), vec![1, 1]);
    }

    #[test]
    fn party_is_classic_with_items_and_a_pass_is_the_empty_route() {
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed(0),
            pass_allowed: true,
            ..Rules::classic()
        };
        let g = Game::new(rules.clone(), 2, 1).unwrap();
        assert_eq!(g.kind(), GameKind::Classic);
        assert_eq!(g.move_for_route(&[]), Some(ClassicMove::Pass));
        assert!(BoxGame::legal_moves(&g).contains(&ClassicMove::Pass));
        let party = Game::new(crate::rules::Preset::Party.rules(), 3, 1).unwrap();
        assert_eq!(party.kind(), GameKind::Party);
        // Without the option, a player who can move may not pass.
        let strict = Game::new(Rules::classic(), 2, 1).unwrap();
        assert_eq!(strict.move_for_route(&[]), None);
        assert!(!BoxGame::legal_moves(&strict).contains(&ClassicMove::Pass));
    }

    #[test]
    fn routes_off_every_board_find_no_move() {
        let g = Game::new(Rules::classic(), 2, 1).unwrap();
        assert_eq!(g.move_for_route(&[300, 2]), None);
        assert_eq!(g.move_for_route(&[5]), None);
        let food = FoodGame::new(FoodRules::solo(37)).unwrap();
        assert_eq!(food.move_for_route(&[256, 0]), None);
        let c = CrossingGame::new(3, false).unwrap();
        assert_eq!(c.move_for_route(&[0, 1000]), None);
    }

    #[test]
    fn a_classic_move_serialises_tagged() {
        let m = ClassicMove::Hop {
            route: vec![3, 9, 21],
        };
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, r#"{"kind":"hop","route":[3,9,21]}"#);
        assert_eq!(serde_json::from_str::<ClassicMove>(&json).unwrap(), m);
        assert_eq!(
            serde_json::to_string(&ClassicMove::Pass).unwrap(),
            r#"{"kind":"pass"}"#
        );
    }
}
