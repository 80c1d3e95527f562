//! A match in progress: turn order, every end-of-turn rule, clocks, the end of
//! the game and its ranking, and undo/redo (RULES §2-§6).
//!
//! Everything that can change is an `Action`; `Game::apply` validates one
//! against the rules and plays it. The game keeps the action list (with a
//! snapshot of the state every few dozen actions), so undo restores the state
//! exactly and a record is just the action list.
//!
//! - `mod.rs`: the types, construction and reading the game.
//! - `turn.rs`: playing an action and the turn flow.
//! - `clock.rs`: move limit and time bank.
//! - `end.rs`: the end of the game and its ranking, teams included.
//! - `history.rs`: undo and redo.
//! - `checksum.rs`: a checksum of the state (network play compares it).

pub(crate) mod checksum;
mod clock;
pub(crate) mod end;
mod history;
mod party;
mod turn;

use crate::bitboard::{Bitboard, Hole};
pub use crate::change::MarbleChange;
use crate::draw::{FirstMoveDraw, draw_first_mover};
use crate::error::RuleError;
use crate::geometry::Board;
use crate::items::{Item, ItemUse, Party};
use crate::position::{Move, MoveRules, Position};
use crate::rng::Rng;
use crate::rules::{FirstMoveMethod, Rules};
use crate::seats::{Seat, team_of_seats};
use history::History;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};

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
    /// The player to move uses an item, before the turn's move (RULES §8).
    UseItem {
        #[serde(rename = "use")]
        item_use: ItemUse,
        ms: u32,
    },
    /// A player resigns (any playing seat, at any time). `ms` is the time the
    /// resigner had used in the running turn when it was their turn (their bank
    /// pays for it), and 0 when someone else was to move.
    Resign {
        seat: Seat,
        #[serde(default)]
        ms: u32,
    },
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
    /// Items held, oldest first (party mode, at most `items::MAX_HELD`).
    pub items: Vec<Item>,
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
    /// An item box appeared (party mode).
    BoxPlaced {
        hole: Hole,
    },
    /// A marble of `seat` came to rest on a box and took its item; `kept` is
    /// false when the hand was full and the item was lost.
    ItemTaken {
        seat: Seat,
        hole: Hole,
        item: Item,
        kept: bool,
    },
    /// `seat` used an item; `change` is how it moved marbles, if it did.
    ItemUsed {
        seat: Seat,
        item_use: ItemUse,
        change: Option<MarbleChange>,
    },
    /// A roadblock or road worker's time was up and it left its hole.
    ObstacleGone {
        hole: Hole,
        item: Item,
    },
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
    /// How far the player to move is in their turn.
    pub turn: TurnProgress,
    /// The game's random numbers after everything so far (the first-move draw
    /// took its share); items draw from here, so undo and replay restore it.
    pub rng: Rng,
    pub first_in_taken: bool,
    /// The round (counting from 1) in which some remaining distance last reached a new low.
    pub progress_round: u32,
    pub outs: u8,
    /// Per team: the round by which it met its win condition.
    pub team_done: [Option<u32>; 2],
    pub outcome: Option<Outcome>,
    /// Boxes, obstacles and their timers (party mode).
    pub party: Party,
}

/// Where the player to move is in their turn. A normal turn is one move; the
/// Power marble item (RULES §8) grants a second, so a turn may hold several
/// actions and the end-of-turn rules run once, after the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnProgress {
    /// Moves the player may still make this turn.
    pub moves_left: u8,
    /// Items used this turn (one, plus the Power marble, RULES §8).
    pub items_used: u8,
    /// The turn's move so far: where its marble started and where it is now.
    /// The repetition rule looks at whole turns.
    pub moved: Option<Move>,
    /// The power marble of this turn, where it stands now: only it moves.
    pub power: Option<Hole>,
}

impl TurnProgress {
    /// The start of a normal turn: one move to make, nothing used yet.
    pub const FRESH: TurnProgress = TurnProgress {
        moves_left: 1,
        items_used: 0,
        moved: None,
        power: None,
    };
}

/// The next anti-passive checkpoint of a player (RULES §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AntiPassiveCheck {
    /// After this many own turns the rule checks the player...
    pub turn: u32,
    /// ...who must then have at least this many marbles outside the home camp...
    pub needed: u32,
    /// ...and has this many out now.
    pub out_now: u32,
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    move_rules: MoveRules,
    seed: u64,
    draw: FirstMoveDraw,
    /// The draw was made elsewhere and only checked for form (see `with_draw`).
    draw_given: bool,
    teams: Option<Vec<u8>>,
    start: Position,
    state: State,
    history: History,
    redo: Vec<Action>,
    revision: u64,
}

/// Revisions come from one counter for the whole program, so no two states of
/// any games share one: a job's answer can never match a state it was not for.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// A player's standing at the end (§4), for [`outcome_of`]: finishers by
/// turns, then players still in by their remaining distance, then those
/// who left, the last to leave highest.
pub fn rank_key(status: Status, distance: impl FnOnce() -> u32) -> (u8, u32) {
    match status {
        Status::Finished { turns } => (0, turns),
        Status::Playing => (1, distance()),
        Status::Out { order, .. } => (2, u32::MAX - order as u32),
    }
}

/// The outcome of rank keys (lower is better; equal keys tie): places, and
/// with two players the scores (win 1, draw ½; a deadlock 0.75 to the one
/// with less remaining distance, ½ each when equal).
pub fn outcome_of(reason: EndReason, keys: &[(u8, u32)]) -> Outcome {
    let places: Vec<u8> = keys
        .iter()
        .map(|k| 1 + keys.iter().filter(|&o| o < k).count() as u8)
        .collect();
    let scores = (keys.len() == 2).then(|| {
        let (a, b, win, lose) = match reason {
            EndReason::Deadlock => (keys[0].1, keys[1].1, 0.75, 0.25),
            _ => (u32::from(places[0]), u32::from(places[1]), 1.0, 0.0),
        };
        match a.cmp(&b) {
            std::cmp::Ordering::Less => vec![win, lose],
            std::cmp::Ordering::Greater => vec![lose, win],
            std::cmp::Ordering::Equal => vec![0.5, 0.5],
        }
    });
    Outcome {
        reason,
        places,
        scores,
    }
}

/// The own turns after which the anti-passive rule checks a player (§4).
pub const ANTI_PASSIVE_TURNS: [u32; 3] = [20, 25, 30];

/// Marbles a player must have outside the home camp after their 20th, 25th and
/// 30th turn: half, four fifths and all of them, rounded up (§4).
pub fn anti_passive_required(turns: u32, marbles: u32) -> Option<u32> {
    anti_passive_required_at(ANTI_PASSIVE_TURNS, turns, marbles)
}

/// [`anti_passive_required`] with other checkpoints (Halma's, §12).
pub fn anti_passive_required_at(checkpoints: [u32; 3], turns: u32, marbles: u32) -> Option<u32> {
    let [half, most, all] = checkpoints;
    match turns {
        t if t == half => Some(marbles.div_ceil(2)),
        t if t == most => Some((4 * marbles).div_ceil(5)),
        t if t == all => Some(marbles),
        _ => None,
    }
}

/// Marbles a team must hold in its targets to win: three quarters, rounded up (§6).
pub fn team_marbles_to_win(team_marbles: u32) -> u32 {
    (3 * team_marbles).div_ceil(4)
}

impl Game {
    /// A new game from the start position; the first mover is drawn with the
    /// game's generator seeded by `seed`, and what is left of it stays in the
    /// state for later random events.
    pub fn new(rules: Rules, players: usize, seed: u64) -> Result<Game, RuleError> {
        rules.validate(players)?;
        let board = Board::get(rules.board_size)?;
        let pos = Position::start(board, players)?;
        let mut rng = Rng::new(seed);
        let draw = draw_first_mover(rules.first_move, players, &mut rng)?;
        Game::build(rules, pos, draw, seed, rng)
    }

    /// A game from a set-up position with `to_move` moving first (puzzles,
    /// tests), with seed 0. See `from_position_with_seed`.
    pub fn from_position(rules: Rules, pos: Position, to_move: Seat) -> Result<Game, RuleError> {
        Game::from_position_with_seed(rules, pos, to_move, 0)
    }

    /// A game from a set-up position (checked by `Position::check_start`). The
    /// set-up names who moves first, so the draw is a fixed seat; a fixed
    /// first-move rule is set to that seat, any other method is kept as the
    /// table's setting. The seed drives the game's later random events.
    pub fn from_position_with_seed(
        rules: Rules,
        pos: Position,
        to_move: Seat,
        seed: u64,
    ) -> Result<Game, RuleError> {
        let first_move = match rules.first_move {
            FirstMoveMethod::Fixed(_) => FirstMoveMethod::Fixed(to_move),
            other => other,
        };
        let rules = Rules {
            board_size: pos.board().size,
            first_move,
            ..rules
        };
        rules.validate(pos.players())?;
        pos.check_start()?;
        let mut rng = Rng::new(seed);
        let draw = draw_first_mover(FirstMoveMethod::Fixed(to_move), pos.players(), &mut rng)?;
        Game::build(rules, pos, draw, seed, rng)
    }

    /// A new game whose first mover was drawn elsewhere: with a real coin at the
    /// table, or by an old version whose generator is gone (version-1 records).
    /// The draw is checked for form only; the seed drives later random events.
    pub fn with_draw(
        rules: Rules,
        players: usize,
        seed: u64,
        draw: FirstMoveDraw,
    ) -> Result<Game, RuleError> {
        rules.validate(players)?;
        draw.check_form(players)?;
        if draw.method != rules.first_move {
            return Err(RuleError::BadDraw(format!(
                "it was made by {:?}, but the rules say {:?}",
                draw.method, rules.first_move
            )));
        }
        let pos = Position::start(Board::get(rules.board_size)?, players)?;
        let mut game = Game::build(rules, pos, draw, seed, Rng::new(seed))?;
        game.draw_given = true;
        Ok(game)
    }

    fn build(
        rules: Rules,
        pos: Position,
        draw: FirstMoveDraw,
        seed: u64,
        rng: Rng,
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
            items: Vec::new(),
        };
        let state = State {
            players: (0..players as Seat).map(player).collect(),
            pos: pos.clone(),
            to_move: draw.first,
            turn_ms: 0,
            turn: TurnProgress::FRESH,
            rng,
            first_in_taken: false,
            progress_round: 0,
            outs: 0,
            team_done: [None; 2],
            outcome: None,
            party: Party::default(),
        };
        let mut game = Game {
            move_rules: MoveRules::from(&rules),
            rules,
            seed,
            draw,
            draw_given: false,
            teams,
            start: pos,
            state,
            history: History::default(),
            redo: Vec::new(),
            revision: next_revision(),
        };
        game.place_start_boxes();
        Ok(game)
    }

    /// Marks a change of the game (see `revision`).
    fn touch(&mut self) {
        self.revision = next_revision();
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
    /// Whether the first-move draw was made elsewhere (see `with_draw`).
    pub fn draw_given(&self) -> bool {
        self.draw_given
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
        self.history.actions()
    }
    pub fn can_undo(&self) -> bool {
        self.history.len() > 0
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// Identifies the game's current state: it changes with every change (an
    /// action, clock actions included, undo, redo) and is never used again for
    /// another state, even after an undo back to an earlier one. A background
    /// job (bot, hint, solver) keeps the revision it started on and drops its
    /// answer when the game has moved on. Clock ticks that only advance the
    /// running turn's time do not change it.
    pub fn revision(&self) -> u64 {
        self.revision
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

    /// When the anti-passive rule (§4) next checks `seat`, how many marbles it
    /// will want out of the home camp, and how many are out now. `None` when the
    /// rule is off, the seat is not playing, or its last checkpoint has passed.
    pub fn next_anti_passive_check(&self, seat: Seat) -> Option<AntiPassiveCheck> {
        if !self.rules.anti_passive
            || self.is_over()
            || self.state.players.get(seat as usize)?.status != Status::Playing
        {
            return None;
        }
        let turns = self.player(seat).turns;
        let turn = ANTI_PASSIVE_TURNS.into_iter().find(|&t| t > turns)?;
        let marbles = self.state.pos.board().camp_size() as u32;
        Some(AntiPassiveCheck {
            turn,
            needed: anti_passive_required(turn, marbles)?,
            out_now: self.state.pos.out_of_home(seat),
        })
    }

    fn playing(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players() as Seat).filter(|&s| self.player(s).status == Status::Playing)
    }

    /// The move the repetition limit forbids the player to move now, if any.
    /// It concerns a turn's first move: later moves of the same turn continue it.
    fn banned_return(&self) -> Option<Move> {
        let limit = self.rules.repetition_limit?;
        if self.state.turn.moved.is_some() {
            return None;
        }
        let p = self.player(self.state.to_move);
        let last = p.last_move?;
        (p.repetitions >= limit).then_some(Move {
            from: last.to,
            to: last.from,
        })
    }

    /// Legal destinations of the marble on `from` for the player to move.
    pub fn destinations(&self, from: Hole) -> Bitboard {
        if self.is_over()
            || from as usize >= self.state.pos.board().len()
            || self.state.turn.power.is_some_and(|p| p != from)
        {
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
        if let Some(power) = self.state.turn.power {
            // Only the power marble moves this turn.
            for to in self.destinations(power).iter() {
                out.push(Move { from: power, to });
            }
            return;
        }
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

    /// Whether the player to move may pass: the option is on, they have no
    /// move, or they have already moved this turn (passing ends the turn).
    pub fn can_pass(&self) -> bool {
        !self.is_over()
            && (self.rules.pass_allowed
                || self.state.turn.moved.is_some()
                || self.legal_moves().is_empty())
    }
}

impl Event {
    /// How this event moved marbles, for the view: a move is a hop along its route.
    pub fn marble_change(&self) -> Option<MarbleChange> {
        match self {
            Event::Moved { seat, route, .. } => Some(MarbleChange::Hop {
                seat: *seat,
                route: route.clone(),
            }),
            Event::ItemUsed { change, .. } => change.clone(),
            _ => None,
        }
    }
}

/// Every marble change of a list of events, in order.
pub fn marble_changes(events: &[Event]) -> Vec<MarbleChange> {
    events.iter().filter_map(Event::marble_change).collect()
}

#[cfg(test)]
mod tests;
