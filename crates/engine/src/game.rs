//! A match in progress: turn order, every end-of-turn rule, clocks, the end of
//! the game and its ranking, and undo/redo (RULES §2-§6).
//!
//! Everything that can change is an `Action`; `Game::apply` validates one
//! against the rules and plays it. The game keeps the state before every
//! action, so undo restores it exactly and a record is just the action list.

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
    /// Counts every change (undo included), so a stale answer can be recognised.
    revision: u64,
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
            revision: 0,
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
    /// A number that changes on every change of the game (moves, passes,
    /// clock actions, undo, redo) and is never reused by one game, so a
    /// background job can tell whether its answer is for the current state.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    fn playing(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players() as Seat).filter(|&s| self.player(s).status == Status::Playing)
    }

    /// The move the repetition limit forbids the player to move now, if any.
    fn banned_return(&self) -> Option<Move> {
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

    // ----- playing -----

    /// Plays a move by (from, to), along one shortest route.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, RuleError> {
        if !self.is_legal(mv) {
            return Err(self.move_error(mv));
        }
        let route = self
            .state
            .pos
            .route(mv.from, mv.to, self.rules.long_jumps)
            .ok_or(RuleError::IllegalMove {
                from: mv.from,
                to: mv.to,
            })?;
        self.apply(Action::Move {
            from: mv.from,
            to: mv.to,
            route,
            ms: self.state.turn_ms,
        })
    }

    pub fn pass(&mut self) -> Result<Vec<Event>, RuleError> {
        self.apply(Action::Pass {
            ms: self.state.turn_ms,
        })
    }

    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        self.apply(Action::Resign { seat })
    }

    /// Lets `ms` milliseconds pass on the clock of the player to move. When the
    /// per-move limit or the time bank runs out, the matching action is played.
    /// The caller stops calling this while a move is being animated.
    pub fn tick(&mut self, ms: u32) -> Vec<Event> {
        if self.is_over() {
            return Vec::new();
        }
        let elapsed = self.state.turn_ms.saturating_add(ms);
        let bank = self.player(self.state.to_move).bank_ms;
        let limit = self.rules.move_limit_ms;
        let action = match (bank, limit) {
            (Some(b), l) if elapsed >= b && l.is_none_or(|l| b <= l) => {
                Some(Action::OutOfTime { ms: b })
            }
            (_, Some(l)) if elapsed >= l => Some(Action::Timeout { ms: l }),
            _ => None,
        };
        match action {
            // Both actions are valid by construction; an error here would be a bug.
            Some(a) => self.apply(a).unwrap_or_default(),
            None => {
                self.state.turn_ms = elapsed;
                Vec::new()
            }
        }
    }

    /// Time left for the player to move in this turn, under the per-move limit.
    pub fn move_time_left(&self) -> Option<u32> {
        self.rules
            .move_limit_ms
            .map(|l| l.saturating_sub(self.state.turn_ms))
    }

    /// Time left in a seat's bank (the running clock included for the player to move).
    pub fn bank_left(&self, seat: Seat) -> Option<u32> {
        let used = if seat == self.state.to_move {
            self.state.turn_ms
        } else {
            0
        };
        self.player(seat).bank_ms.map(|b| b.saturating_sub(used))
    }

    /// Validates and plays an action; a new action clears the redo list.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let events = self.apply_kept(action)?;
        self.redo.clear();
        Ok(events)
    }

    pub fn undo(&mut self) -> Result<(), RuleError> {
        let (action, before) = self.history.pop().ok_or(RuleError::NothingToUndo)?;
        self.state = before;
        self.revision += 1;
        self.redo.push(action);
        Ok(())
    }

    pub fn redo(&mut self) -> Result<Vec<Event>, RuleError> {
        let action = self.redo.pop().ok_or(RuleError::NothingToRedo)?;
        match self.apply_kept(action.clone()) {
            Ok(events) => Ok(events),
            Err(e) => {
                self.redo.push(action);
                Err(e)
            }
        }
    }

    fn move_error(&self, mv: Move) -> RuleError {
        if self.is_over() {
            RuleError::GameOver
        } else if mv.from as usize >= self.state.pos.board().len() {
            RuleError::NoSuchHole(mv.from)
        } else if mv.to as usize >= self.state.pos.board().len() {
            RuleError::NoSuchHole(mv.to)
        } else if !self.state.pos.marbles(self.state.to_move).contains(mv.from) {
            RuleError::NotYourMarble(mv.from)
        } else {
            RuleError::IllegalMove {
                from: mv.from,
                to: mv.to,
            }
        }
    }

    /// Checks the milliseconds a move or pass says the mover used: less than
    /// the move limit and the bank (reaching either is a time-out action instead).
    fn check_time(&self, ms: u32) -> Result<(), RuleError> {
        if let Some(l) = self.rules.move_limit_ms
            && ms >= l
        {
            return Err(RuleError::Clock(format!(
                "{ms} ms is over the {l} ms move limit"
            )));
        }
        if let Some(b) = self.player(self.state.to_move).bank_ms
            && ms >= b
        {
            return Err(RuleError::Clock(format!(
                "{ms} ms is more than the {b} ms left in the bank"
            )));
        }
        Ok(())
    }

    fn apply_kept(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let before = self.state.clone();
        let mut events = Vec::new();
        let seat = self.state.to_move;
        let result = self.play_action(&action, seat, &mut events);
        if let Err(e) = result {
            self.state = before;
            return Err(e);
        }
        self.history.push((action, before));
        self.revision += 1;
        Ok(events)
    }

    fn play_action(
        &mut self,
        action: &Action,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match *action {
            Action::Move {
                from,
                to,
                ref route,
                ms,
            } => {
                self.check_time(ms)?;
                let mv = Move { from, to };
                if !self.is_legal(mv) {
                    return Err(self.move_error(mv));
                }
                if route.first() != Some(&from)
                    || route.last() != Some(&to)
                    || !self.state.pos.is_valid_route(route, self.rules.long_jumps)
                {
                    return Err(RuleError::BadRoute { from, to });
                }
                self.state.pos.shift(seat, from, to);
                let returning = Some(Move { from: to, to: from });
                let first_in = self.rules.first_in_skips
                    && !self.state.first_in_taken
                    && self.state.pos.target(seat).contains(to);
                let p = &mut self.state.players[seat as usize];
                if self.rules.repetition_limit.is_some() && p.last_move == returning {
                    p.repetitions += 1;
                }
                p.last_move = Some(mv);
                p.timeouts_in_row = 0;
                if first_in {
                    p.skip_next = true;
                    self.state.first_in_taken = true;
                }
                self.charge(seat, ms);
                events.push(Event::Moved {
                    seat,
                    from,
                    to,
                    route: route.clone(),
                });
                self.end_turn(seat, events);
            }
            Action::Pass { ms } => {
                self.check_time(ms)?;
                if !self.can_pass() {
                    return Err(RuleError::PassNotAllowed);
                }
                let p = &mut self.state.players[seat as usize];
                p.last_move = None;
                p.timeouts_in_row = 0;
                self.charge(seat, ms);
                events.push(Event::Passed { seat });
                self.end_turn(seat, events);
            }
            Action::Timeout { ms } => {
                let bank_first = self.player(seat).bank_ms.is_some_and(|b| b <= ms);
                if self.rules.move_limit_ms != Some(ms) || bank_first {
                    return Err(RuleError::Clock(format!(
                        "a time-out at {ms} ms does not match the clocks"
                    )));
                }
                self.charge(seat, ms);
                let p = &mut self.state.players[seat as usize];
                p.last_move = None;
                p.timeouts_in_row += 1;
                let in_a_row = p.timeouts_in_row;
                events.push(Event::TimedOut { seat, in_a_row });
                if in_a_row >= TIMEOUTS_TO_LOSE {
                    self.knock_out(seat, OutReason::TimeOuts, events);
                } else {
                    self.end_turn(seat, events);
                }
            }
            Action::OutOfTime { ms } => {
                let bank = self.player(seat).bank_ms;
                let limit_first = self.rules.move_limit_ms.is_some_and(|l| l < ms);
                if bank != Some(ms) || limit_first {
                    return Err(RuleError::Clock(format!(
                        "running out of time at {ms} ms does not match the clocks"
                    )));
                }
                self.charge(seat, ms);
                self.knock_out(seat, OutReason::OutOfTime, events);
            }
            Action::Resign { seat: who } => {
                if who as usize >= self.players() || self.player(who).status != Status::Playing {
                    return Err(RuleError::NotPlaying(who));
                }
                self.knock_out(who, OutReason::Resigned, events);
                if who != seat {
                    // Someone else's turn goes on.
                    self.check_end(events);
                    return Ok(());
                }
            }
        }
        if self.state.outcome.is_none() {
            self.advance(events);
        }
        self.check_end(events);
        Ok(())
    }

    fn charge(&mut self, seat: Seat, ms: u32) {
        if let Some(b) = &mut self.state.players[seat as usize].bank_ms {
            *b = b.saturating_sub(ms);
        }
        self.state.turn_ms = 0;
    }

    /// A turn of `seat` is over: count it, then run the end-of-turn rules
    /// (finishing for everyone, the anti-passive rule for the mover).
    fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.state.players[seat as usize].turns += 1;
        self.state.turn_ms = 0;
        for s in 0..self.players() as Seat {
            if self.player(s).status == Status::Playing && self.state.pos.has_finished(s) {
                let turns = self.player(s).turns;
                self.state.players[s as usize].status = Status::Finished { turns };
                events.push(Event::Finished { seat: s, turns });
            }
        }
        let p = self.player(seat);
        if self.rules.anti_passive && p.status == Status::Playing {
            let marbles = self.state.pos.board().camp_size() as u32;
            if let Some(need) = anti_passive_required(p.turns, marbles)
                && self.state.pos.out_of_home(seat) < need
            {
                self.knock_out(seat, OutReason::AntiPassive, events);
            }
        }
        self.track_progress(seat);
    }

    /// Deadlock bookkeeping: note the round whenever a remaining distance hits a new low.
    fn track_progress(&mut self, mover: Seat) {
        if !self.deadlock_applies() {
            return;
        }
        // The round this turn belongs to is the mover's own turn count.
        let round = self.player(mover).turns;
        for s in 0..self.players() {
            let d = self.state.pos.remaining_distance(s as Seat);
            let p = &mut self.state.players[s];
            if d < p.best_distance {
                p.best_distance = d;
                self.state.progress_round = round;
            }
        }
    }

    fn deadlock_applies(&self) -> bool {
        self.rules.deadlock_adjudication && self.players() == 2
    }

    fn knock_out(&mut self, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
        let order = self.state.outs;
        self.state.outs += 1;
        self.state.players[seat as usize].status = Status::Out { reason, order };
        events.push(Event::Out { seat, reason });
    }

    /// Passes the turn to the next seat still playing, on the left; skipped
    /// turns (first-in-skips) are taken here.
    fn advance(&mut self, events: &mut Vec<Event>) {
        let n = self.players() as Seat;
        let mut seat = self.state.to_move;
        // Each seat is visited at most twice: once to skip, once to play.
        for _ in 0..2 * n {
            seat = (seat + 1) % n;
            if self.player(seat).status != Status::Playing {
                continue;
            }
            if self.player(seat).skip_next {
                self.state.players[seat as usize].skip_next = false;
                events.push(Event::SkippedTurn { seat });
                self.end_turn(seat, events);
                continue;
            }
            self.state.to_move = seat;
            return;
        }
    }

    /// Decides whether the game is over, and if so ranks everyone.
    fn check_end(&mut self, events: &mut Vec<Event>) {
        if self.state.outcome.is_some() {
            return;
        }
        let outcome = if self.teams.is_some() {
            self.team_end()
        } else {
            self.free_for_all_end()
        };
        if let Some(o) = outcome {
            events.push(Event::GameOver(o.clone()));
            self.state.outcome = Some(o);
        }
    }

    /// Every player still playing has had at least `turns` turns (equal-move rule).
    fn round_complete(&self, turns: u32) -> bool {
        !self.rules.equal_moves || self.playing().all(|s| self.player(s).turns >= turns)
    }

    fn free_for_all_end(&self) -> Option<Outcome> {
        let playing: Vec<Seat> = self.playing().collect();
        let finish_turns: Vec<u32> = self
            .state
            .players
            .iter()
            .filter_map(|p| match p.status {
                Status::Finished { turns } => Some(turns),
                _ => None,
            })
            .collect();
        let two = self.players() == 2;
        if two && self.state.outs > 0 {
            return Some(self.rank(EndReason::Resigned));
        }
        let first_finish_ends = two || !self.rules.play_on;
        if first_finish_ends
            && let Some(&first) = finish_turns.iter().min()
            && self.round_complete(first)
        {
            return Some(self.rank(EndReason::Finished));
        }
        if playing.len() <= 1 {
            let last = finish_turns.iter().max().copied().unwrap_or(0);
            if finish_turns.is_empty() {
                return Some(self.rank(EndReason::Resigned));
            }
            if self.round_complete(last) {
                return Some(self.rank(EndReason::Finished));
            }
        }
        if two
            && self.deadlock_applies()
            && self.rounds() >= self.state.progress_round + DEADLOCK_ROUNDS
        {
            return Some(self.rank(EndReason::Deadlock));
        }
        // Nobody still playing can move: passing for ever decides nothing.
        if !playing.is_empty()
            && !self.rules.pass_allowed
            && playing
                .iter()
                .all(|&s| !self.state.pos.has_move(s, self.move_rules))
        {
            return Some(self.rank(EndReason::Blocked));
        }
        None
    }

    /// Places: finishers by turns, then players still in by remaining distance,
    /// then those who left, the last to leave placed highest. Ties share a place.
    fn rank(&self, reason: EndReason) -> Outcome {
        let n = self.players();
        // Sort key: (group, value); equal keys tie.
        let key = |s: usize| -> (u8, u32) {
            let p = &self.state.players[s];
            match p.status {
                Status::Finished { turns } => (0, turns),
                Status::Playing => (1, self.state.pos.remaining_distance(s as Seat)),
                Status::Out { order, .. } => (2, u32::MAX - order as u32),
            }
        };
        let keys: Vec<(u8, u32)> = (0..n).map(key).collect();
        let places: Vec<u8> = (0..n)
            .map(|s| 1 + keys.iter().filter(|&&k| k < keys[s]).count() as u8)
            .collect();
        let scores = (n == 2).then(|| {
            if reason == EndReason::Deadlock {
                match keys[0].1.cmp(&keys[1].1) {
                    std::cmp::Ordering::Less => vec![0.75, 0.25],
                    std::cmp::Ordering::Greater => vec![0.25, 0.75],
                    std::cmp::Ordering::Equal => vec![0.5, 0.5],
                }
            } else {
                match places[0].cmp(&places[1]) {
                    std::cmp::Ordering::Less => vec![1.0, 0.0],
                    std::cmp::Ordering::Greater => vec![0.0, 1.0],
                    std::cmp::Ordering::Equal => vec![0.5, 0.5],
                }
            }
        });
        Outcome {
            reason,
            places,
            scores,
        }
    }

    fn team_end(&mut self) -> Option<Outcome> {
        let teams = self.teams.clone()?;
        let team_of = &teams;
        let members = |t: u8| (0..team_of.len()).filter(move |&s| team_of[s] == t);
        let lost: Vec<bool> = (0..2)
            .map(|t| members(t).any(|s| matches!(self.state.players[s].status, Status::Out { .. })))
            .collect();
        let winners: Vec<bool> = if lost.iter().any(|&l| l) {
            lost.iter().map(|&l| !l).collect()
        } else {
            let round = self
                .state
                .players
                .iter()
                .map(|p| p.turns)
                .max()
                .unwrap_or(0);
            let marbles = self.state.pos.board().camp_size() as u32;
            for t in 0..2u8 {
                let finished = members(t)
                    .any(|s| matches!(self.state.players[s].status, Status::Finished { .. }));
                let in_targets: u32 = members(t)
                    .map(|s| self.state.pos.in_target(s as Seat))
                    .sum();
                let need = team_marbles_to_win(marbles * members(t).count() as u32);
                if (finished || in_targets >= need) && self.state.team_done[t as usize].is_none() {
                    self.state.team_done[t as usize] = Some(round);
                }
            }
            let first_done = self.state.team_done.iter().flatten().min().copied()?;
            if !self.round_complete(first_done) {
                return None;
            }
            self.state.team_done.iter().map(|d| d.is_some()).collect()
        };
        let places = teams
            .iter()
            .map(|&t| if winners[t as usize] { 1 } else { 2 })
            .collect();
        let draw = winners[0] == winners[1];
        let scores = teams
            .iter()
            .map(|&t| {
                if draw {
                    0.5
                } else if winners[t as usize] {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        Some(Outcome {
            reason: EndReason::Team,
            places,
            scores: Some(scores),
        })
    }
}
