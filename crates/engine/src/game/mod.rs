//! A match in progress: turn order, every end-of-turn rule, clocks, the end of
//! the game and its ranking, and undo/redo (RULES §2-§6).
//!
//! Everything that can change is an `Action`; `Game::apply` validates one
//! against the rules and plays it. The game keeps the state before every
//! action, so undo restores it exactly and a record is just the action list.
//!
//! - `mod.rs`: the types, construction and reading the game.
//! - `turn.rs`: playing an action and the turn flow.
//! - `clock.rs`: move limit and time bank.
//! - `end.rs`: the end of the game and its ranking, teams included.
//! - `history.rs`: undo and redo.

mod clock;
mod end;
mod history;
mod turn;

use crate::bitboard::{Bitboard, Hole};
use crate::draw::{FirstMoveDraw, draw_first_mover};
use crate::error::RuleError;
use crate::geometry::Board;
use crate::position::{Move, MoveRules, Position};
use crate::rng::Rng;
use crate::rules::{FirstMoveMethod, Rules};
use crate::seats::{Seat, team_of_seats};
use serde::{Deserialize, Serialize};

/// One thing that happens in a game. Times are the milliseconds the player to
/// move had used in this turn when it happened (clock rules check them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// The player to move moves a marble along `route` (first hole `from`, last `to`).
    Move {
        from: Hole,
        to: Hole,
        route: Vec<Hole>,
        ms: u32,
    },
    /// The player to move passes.
    Pass { ms: u32 },
    /// The player to move ran out of the per-move time; the turn passes.
    Timeout { ms: u32 },
    /// The player to move emptied their time bank and loses.
    OutOfTime { ms: u32 },
    /// A player resigns (any playing seat, at any time).
    Resign { seat: Seat },
}

/// Why a player left the game before finishing; all of them lose as if they had quit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutReason {
    Resigned,
    AntiPassive,
    TimeOuts,
    OutOfTime,
}

/// Where a player stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Playing,
    /// Finished with this many own turns.
    Finished {
        turns: u32,
    },
    /// Left the game; `order` counts who left first (0 = first out).
    Out {
        reason: OutReason,
        order: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    pub status: Status,
    /// Turns taken: moves, passes, time-outs and skipped turns.
    pub turns: u32,
    /// Returning moves made so far (repetition limit).
    pub repetitions: u8,
    /// This player's move in their last turn, if it was a move.
    pub last_move: Option<Move>,
    pub timeouts_in_row: u8,
    /// Time left in the chess-clock bank.
    pub bank_ms: Option<u32>,
    /// Skips their next turn (first-in-skips house rule).
    pub skip_next: bool,
    /// Least remaining distance seen so far (deadlock adjudication).
    pub best_distance: u32,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Players finished (ranked by turns).
    Finished,
    /// Every opponent but one left the game.
    Resigned,
    /// No progress for 10 rounds.
    Deadlock,
    /// No player still playing can move at all.
    Blocked,
    /// A team met its win condition, or lost a member.
    Team,
}

/// The result: a place for every seat (1 = first; ties share) and, for
/// two-player and team games, a match score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub reason: EndReason,
    pub places: Vec<u8>,
    pub scores: Option<Vec<f32>>,
}

/// What an action did, for the view and the log.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Moved {
        seat: Seat,
        from: Hole,
        to: Hole,
        route: Vec<Hole>,
    },
    Passed {
        seat: Seat,
    },
    TimedOut {
        seat: Seat,
        in_a_row: u8,
    },
    SkippedTurn {
        seat: Seat,
    },
    Finished {
        seat: Seat,
        turns: u32,
    },
    Out {
        seat: Seat,
        reason: OutReason,
    },
    GameOver(Outcome),
}

/// Rounds without progress before deadlock adjudication (§4).
pub const DEADLOCK_ROUNDS: u32 = 10;
/// Time-outs in a row that lose the game (§5).
pub const TIMEOUTS_TO_LOSE: u8 = 3;

/// Everything undo restores.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub pos: Position,
    pub to_move: Seat,
    pub players: Vec<PlayerState>,
    /// Milliseconds the player to move has used in this turn.
    pub turn_ms: u32,
    pub first_in_taken: bool,
    /// The round (counting from 1) in which some remaining distance last reached a new low.
    pub progress_round: u32,
    pub outs: u8,
    /// Per team: the round by which it met its win condition.
    pub team_done: [Option<u32>; 2],
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    move_rules: MoveRules,
    seed: u64,
    draw: FirstMoveDraw,
    teams: Option<Vec<u8>>,
    start: Position,
    state: State,
    history: Vec<(Action, State)>,
    redo: Vec<Action>,
}

/// Marbles a player must have outside the home camp after their 20th, 25th and
/// 30th turn: half, four fifths and all of them, rounded up (§4).
pub fn anti_passive_required(turns: u32, marbles: u32) -> Option<u32> {
    match turns {
        20 => Some(marbles.div_ceil(2)),
        25 => Some((4 * marbles).div_ceil(5)),
        30 => Some(marbles),
        _ => None,
    }
}

/// Marbles a team must hold in its targets to win: three quarters, rounded up (§6).
pub fn team_marbles_to_win(team_marbles: u32) -> u32 {
    (3 * team_marbles).div_ceil(4)
}

impl Game {
    /// A new game from the start position; the first mover is drawn with `seed`.
    pub fn new(rules: Rules, players: usize, seed: u64) -> Result<Game, RuleError> {
        let board = Board::get(rules.board_size)?;
        let pos = Position::start(board, players)?;
        let draw = draw_first_mover(rules.first_move, players, &mut Rng::new(seed))?;
        Game::build(rules, pos, draw, seed)
    }

    /// A game from a set-up position with `to_move` moving first (puzzles, tests).
    pub fn from_position(rules: Rules, pos: Position, to_move: Seat) -> Result<Game, RuleError> {
        let draw = draw_first_mover(
            FirstMoveMethod::Fixed(to_move),
            pos.players(),
            &mut Rng::new(0),
        )?;
        Game::build(
            Rules {
                board_size: pos.board().size,
                first_move: FirstMoveMethod::Fixed(to_move),
                ..rules
            },
            pos,
            draw,
            0,
        )
    }

    pub(crate) fn build(
        rules: Rules,
        pos: Position,
        draw: FirstMoveDraw,
        seed: u64,
    ) -> Result<Game, RuleError> {
        let players = pos.players();
        let teams = team_of_seats(players, rules.teams)?;
        let player = |s: Seat| PlayerState {
            status: Status::Playing,
            turns: 0,
            repetitions: 0,
            last_move: None,
            timeouts_in_row: 0,
            bank_ms: rules.time_bank_ms,
            skip_next: false,
            best_distance: pos.remaining_distance(s),
        };
        let state = State {
            players: (0..players as Seat).map(player).collect(),
            pos: pos.clone(),
            to_move: draw.first,
            turn_ms: 0,
            first_in_taken: false,
            progress_round: 0,
            outs: 0,
            team_done: [None; 2],
            outcome: None,
        };
        Ok(Game {
            move_rules: MoveRules::from(&rules),
            rules,
            seed,
            draw,
            teams,
            start: pos,
            state,
            history: Vec::new(),
            redo: Vec::new(),
        })
    }

    // ----- reading the game -----

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn first_move_draw(&self) -> &FirstMoveDraw {
        &self.draw
    }
    pub fn position(&self) -> &Position {
        &self.state.pos
    }
    pub fn start_position(&self) -> &Position {
        &self.start
    }
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn players(&self) -> usize {
        self.state.players.len()
    }
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.state.players[seat as usize]
    }
    pub fn to_move(&self) -> Seat {
        self.state.to_move
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }
    /// The team of each seat (0 or 1), in team games.
    pub fn teams(&self) -> Option<&[u8]> {
        self.teams.as_deref()
    }
    /// Every action played so far, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.history.iter().map(|(a, _)| a)
    }
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// Rounds completed: the fewest turns any player still playing has taken.
    pub fn rounds(&self) -> u32 {
        self.playing()
            .map(|s| self.player(s).turns)
            .min()
            .unwrap_or(0)
    }
    pub fn move_rules(&self) -> MoveRules {
        self.move_rules
    }

    pub(super) fn playing(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players() as Seat).filter(|&s| self.player(s).status == Status::Playing)
    }

    /// The move the repetition limit forbids the player to move now, if any.
    pub(super) fn banned_return(&self) -> Option<Move> {
        let limit = self.rules.repetition_limit?;
        let p = self.player(self.state.to_move);
        let last = p.last_move?;
        (p.repetitions >= limit).then_some(Move {
            from: last.to,
            to: last.from,
        })
    }

    /// Legal destinations of the marble on `from` for the player to move.
    pub fn destinations(&self, from: Hole) -> Bitboard {
        if self.is_over() || from as usize >= self.state.pos.board().len() {
            return Bitboard::EMPTY;
        }
        let mut d = self
            .state
            .pos
            .destinations(self.state.to_move, from, self.move_rules);
        if let Some(ban) = self.banned_return().filter(|b| b.from == from) {
            d.remove(ban.to);
        }
        d
    }

    /// Every legal move of the player to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Every legal move of the player to move, appended to `out` (no allocation when it has room).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        let start = out.len();
        self.state
            .pos
            .legal_moves(self.state.to_move, self.move_rules, out);
        if let Some(ban) = self.banned_return()
            && let Some(i) = out[start..].iter().position(|&m| m == ban)
        {
            out.remove(start + i);
        }
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        (mv.to as usize) < self.state.pos.board().len()
            && self.destinations(mv.from).contains(mv.to)
    }

    /// Whether the player to move may pass: the option is on, or they have no move.
    pub fn can_pass(&self) -> bool {
        !self.is_over() && (self.rules.pass_allowed || self.legal_moves().is_empty())
    }
}
