//! A game of Halma (RULES §12 with §3–§4): turns, finishing, ranking by own
//! moves with the round completed, the second mover's equal move, passing
//! when blocked, the repetition limit, the anti-passive rule with Halma's
//! checkpoints, deadlock adjudication for two players, resignation, undo
//! and redo.

use super::board::{Square, column, row};
use super::position::{HalmaMove, HalmaPosition};
use crate::distance::min_assignment;
use crate::game::end::{TeamRace, team_end};
use crate::game::{
    DEADLOCK_ROUNDS, EndReason, OutReason, Outcome, Status, anti_passive_required_at, outcome_of,
    rank_key,
};
use crate::seats::Seat;
use serde::{Deserialize, Serialize};

/// Returning moves a player may make before the repetition limit bars them (§3).
pub const REPETITIONS: u8 = 3;

/// Halma's anti-passive checkpoints (§12): after these own moves...
pub const ANTI_PASSIVE_ROUNDS: [u32; 3] = [25, 32, 40];

/// ...these many pieces must be out of the home yard: half, four fifths and
/// all, rounded up (10, 16, 19 for two players; 7, 11, 13 for four).
pub fn anti_passive_required(turns: u32, pieces: u32) -> Option<u32> {
    anti_passive_required_at(ANTI_PASSIVE_ROUNDS, turns, pieces)
}

/// The options of a Halma game (§12; defaults as there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HalmaRules {
    /// 2 or 4.
    pub players: usize,
    /// No stopping in other players' yards (default off: Halma has no such rule).
    pub no_foreign_stop: bool,
    pub anti_passive: bool,
    pub repetition_limit: bool,
    /// Four players: after the first finisher the game goes on until all
    /// places are decided (off: it ends with the first finisher's round).
    pub play_on: bool,
    /// Two players: 10 rounds without progress end the game (§4).
    pub deadlock_adjudication: bool,
    /// Four players: the diagonal partners (seats 0 and 2, 1 and 3) play as
    /// teams, won as §6 says (§12).
    pub teams: bool,
}

impl Default for HalmaRules {
    fn default() -> HalmaRules {
        HalmaRules {
            players: 2,
            no_foreign_stop: false,
            anti_passive: true,
            repetition_limit: true,
            play_on: true,
            deadlock_adjudication: true,
            teams: false,
        }
    }
}

impl HalmaRules {
    pub fn for_players(players: usize) -> HalmaRules {
        HalmaRules {
            players,
            ..HalmaRules::default()
        }
    }
}

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HalmaError {
    #[error("Halma is for 2 or 4 players, not {0}")]
    Players(usize),
    #[error("teams are for four players")]
    TeamsOfFour,
    #[error("the game is over")]
    Over,
    #[error("that move is not legal here")]
    Illegal,
    #[error("a player may pass only when no move is left")]
    MayNotPass,
    #[error("seat {0} is not playing")]
    NotPlaying(Seat),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
}

/// One seat's standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalmaPlayer {
    pub status: Status,
    /// Own turns taken (moves and passes).
    pub turns: u32,
    /// The last move, for the repetition rule.
    pub last_move: Option<(Square, Square)>,
    pub repetitions: u8,
    /// The lowest remaining distance so far (deadlock rule).
    pub best_distance: u32,
}

/// What one action was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HalmaAction {
    Move { mv: HalmaMove },
    Pass,
    Resign { seat: Seat },
}

/// Everything undo restores.
#[derive(Clone, Debug, PartialEq)]
struct State {
    pos: HalmaPosition,
    players: [HalmaPlayer; 4],
    outs: u8,
    /// The last round in which a remaining distance reached a new low.
    progress_round: u32,
    /// Teams: the round in which each team met its goal (§6).
    team_done: [Option<u32>; 2],
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug)]
pub struct HalmaGame {
    rules: HalmaRules,
    state: State,
    /// The states before each action, and the actions.
    past: Vec<(State, HalmaAction)>,
    /// Undone actions, the next to redo last.
    undone: Vec<HalmaAction>,
    revision: u64,
}

impl HalmaGame {
    pub fn new(rules: HalmaRules) -> Result<HalmaGame, HalmaError> {
        let pos = HalmaPosition::start(rules.players).ok_or(HalmaError::Players(rules.players))?;
        if rules.teams && rules.players != 4 {
            return Err(HalmaError::TeamsOfFour);
        }
        let mut players = [HalmaPlayer {
            status: Status::Playing,
            turns: 0,
            last_move: None,
            repetitions: 0,
            best_distance: u32::MAX,
        }; 4];
        for (s, p) in players.iter_mut().enumerate().take(rules.players) {
            p.best_distance = remaining_distance(&pos, s);
        }
        Ok(HalmaGame {
            rules,
            state: State {
                pos,
                players,
                outs: 0,
                progress_round: 0,
                team_done: [None; 2],
                outcome: None,
            },
            past: Vec::new(),
            undone: Vec::new(),
            revision: 0,
        })
    }

    /// A game of `rules` from `pos` (puzzles and tests): every seat still
    /// playing, with no moves behind it.
    pub fn from_position(rules: HalmaRules, pos: HalmaPosition) -> Result<HalmaGame, HalmaError> {
        if pos.players as usize != rules.players {
            return Err(HalmaError::Players(pos.players as usize));
        }
        let mut game = HalmaGame::new(rules)?;
        game.state.pos = pos;
        for s in 0..game.players() {
            game.state.players[s].best_distance = remaining_distance(&pos, s);
        }
        Ok(game)
    }

    pub fn rules(&self) -> &HalmaRules {
        &self.rules
    }
    pub fn position(&self) -> &HalmaPosition {
        &self.state.pos
    }
    pub fn players(&self) -> usize {
        self.rules.players
    }
    pub fn player(&self, seat: Seat) -> &HalmaPlayer {
        &self.state.players[seat as usize]
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }
    pub fn to_move(&self) -> Seat {
        self.state.pos.to_move
    }
    pub fn revision(&self) -> u64 {
        self.revision
    }
    /// The actions played so far, in order.
    pub fn actions(&self) -> impl Iterator<Item = &HalmaAction> {
        self.past.iter().map(|(_, a)| a)
    }

    /// Every legal move of the seat to move (none once the game is over).
    /// A move back to where the piece came from on the owner's last move is
    /// barred once the owner has made `REPETITIONS` such returns.
    pub fn legal_moves(&self) -> Vec<HalmaMove> {
        if self.is_over() {
            return Vec::new();
        }
        let seat = self.to_move() as usize;
        let mut moves = self.state.pos.moves(seat, self.rules.no_foreign_stop);
        let p = &self.state.players[seat];
        if self.rules.repetition_limit
            && p.repetitions >= REPETITIONS
            && let Some((from, to)) = p.last_move
        {
            moves.retain(|m| (m.from, m.to) != (to, from));
        }
        moves
    }

    /// The last action's move, when the last action was a move (the route
    /// it took, without generating the moves again).
    pub fn last_move(&self) -> Option<&HalmaMove> {
        match self.actions().last()? {
            HalmaAction::Move { mv } => Some(mv),
            _ => None,
        }
    }

    /// The legal move from `from` to `to`, if any.
    pub fn legal_move(&self, from: Square, to: Square) -> Option<HalmaMove> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.from == from && m.to == to)
    }

    pub fn play(&mut self, from: Square, to: Square) -> Result<(), HalmaError> {
        if self.is_over() {
            return Err(HalmaError::Over);
        }
        let mv = self.legal_move(from, to).ok_or(HalmaError::Illegal)?;
        self.act(HalmaAction::Move { mv });
        Ok(())
    }

    /// Passes: only a player with no legal move (§3).
    pub fn pass(&mut self) -> Result<(), HalmaError> {
        if self.is_over() {
            return Err(HalmaError::Over);
        }
        if !self.legal_moves().is_empty() {
            return Err(HalmaError::MayNotPass);
        }
        self.act(HalmaAction::Pass);
        Ok(())
    }

    /// `seat` leaves the game: it takes the lowest place still free; its
    /// pieces stay as obstacles (§4).
    pub fn resign(&mut self, seat: Seat) -> Result<(), HalmaError> {
        if self.is_over() {
            return Err(HalmaError::Over);
        }
        if self.state.players.get(seat as usize).map(|p| p.status) != Some(Status::Playing)
            || seat as usize >= self.players()
        {
            return Err(HalmaError::NotPlaying(seat));
        }
        self.act(HalmaAction::Resign { seat });
        Ok(())
    }

    /// Plays an action known to be legal, keeping the state before it.
    fn act(&mut self, action: HalmaAction) {
        self.past.push((self.state.clone(), action.clone()));
        self.undone.clear();
        self.apply(&action);
    }

    fn apply(&mut self, action: &HalmaAction) {
        self.revision += 1;
        let mover = self.to_move() as usize;
        match action {
            HalmaAction::Move { mv } => {
                self.state.pos.pieces[mover].remove(mv.from);
                self.state.pos.pieces[mover].insert(mv.to);
                let p = &mut self.state.players[mover];
                if self.rules.repetition_limit && p.last_move == Some((mv.to, mv.from)) {
                    p.repetitions = p.repetitions.saturating_add(1);
                }
                p.last_move = Some((mv.from, mv.to));
                self.end_turn(mover);
                self.advance();
            }
            HalmaAction::Pass => {
                self.end_turn(mover);
                self.advance();
            }
            HalmaAction::Resign { seat } => {
                self.knock_out(*seat as usize, OutReason::Resigned);
                if *seat as usize == mover {
                    self.advance();
                }
            }
        }
        self.check_end();
    }

    /// A turn of `seat` is over: count it, then finishing for everyone and
    /// the anti-passive rule for the mover; note progress for deadlocks.
    fn end_turn(&mut self, seat: usize) {
        self.state.players[seat].turns += 1;
        for s in 0..self.players() {
            if self.state.players[s].status == Status::Playing && has_finished(&self.state.pos, s) {
                let turns = self.state.players[s].turns;
                self.state.players[s].status = Status::Finished { turns };
            }
        }
        let p = self.state.players[seat];
        if self.rules.anti_passive && p.status == Status::Playing {
            let y = self.state.pos.yards();
            if let Some(need) = anti_passive_required(p.turns, y.pieces()) {
                let out = (self.state.pos.pieces[seat] & !y.home(seat)).count();
                if out < need {
                    self.knock_out(seat, OutReason::AntiPassive);
                }
            }
        }
        if self.deadlock_applies() {
            let round = self.state.players[seat].turns;
            for s in 0..self.players() {
                let d = remaining_distance(&self.state.pos, s);
                if d < self.state.players[s].best_distance {
                    self.state.players[s].best_distance = d;
                    self.state.progress_round = round;
                }
            }
        }
    }

    fn knock_out(&mut self, seat: usize, reason: OutReason) {
        let order = self.state.outs;
        self.state.outs += 1;
        self.state.players[seat].status = Status::Out { reason, order };
    }

    /// The turn goes to the next seat still playing.
    fn advance(&mut self) {
        let n = self.players() as u8;
        let mut seat = self.state.pos.to_move;
        for _ in 0..n {
            seat = (seat + 1) % n;
            if self.state.players[seat as usize].status == Status::Playing {
                self.state.pos.to_move = seat;
                return;
            }
        }
    }

    fn deadlock_applies(&self) -> bool {
        self.rules.deadlock_adjudication && self.players() == 2
    }

    fn playing(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players()).filter(|&s| self.state.players[s].status == Status::Playing)
    }

    /// Every player still playing has had at least `turns` turns.
    fn round_complete(&self, turns: u32) -> bool {
        self.playing().all(|s| self.state.players[s].turns >= turns)
    }

    fn check_end(&mut self) {
        if self.state.outcome.is_some() {
            return;
        }
        if self.rules.teams {
            // §6 with yards for camps, as classic's teams.
            let mut done = self.state.team_done;
            self.state.outcome = team_end(self, &mut done);
            self.state.team_done = done;
            return;
        }
        let finish: Vec<u32> = self
            .state
            .players
            .iter()
            .take(self.players())
            .filter_map(|p| match p.status {
                Status::Finished { turns } => Some(turns),
                _ => None,
            })
            .collect();
        let two = self.players() == 2;
        let playing: Vec<usize> = self.playing().collect();
        let end = if two && self.state.outs > 0 {
            Some(EndReason::Resigned)
        } else if (two || !self.rules.play_on)
            && let Some(&first) = finish.iter().min()
            && self.round_complete(first)
        {
            Some(EndReason::Finished)
        } else if playing.len() <= 1 {
            match finish.iter().max() {
                None => Some(EndReason::Resigned),
                Some(&last) if self.round_complete(last) => Some(EndReason::Finished),
                Some(_) => None,
            }
        } else if self.deadlock_applies()
            && self.rounds() >= self.state.progress_round.saturating_add(DEADLOCK_ROUNDS)
        {
            Some(EndReason::Deadlock)
        } else if self.blocked() {
            Some(EndReason::Blocked)
        } else {
            None
        };
        if let Some(reason) = end {
            self.state.outcome = Some(self.rank(reason));
        }
    }

    /// The diagonal partners' team of each seat (0: seats 0 and 2).
    pub const TEAM_OF: [u8; 4] = [0, 1, 0, 1];

    /// Rounds played: the fewest turns of the players still playing.
    fn rounds(&self) -> u32 {
        self.playing()
            .map(|s| self.state.players[s].turns)
            .min()
            .unwrap_or(0)
    }

    /// Nobody still playing can move.
    fn blocked(&self) -> bool {
        let mut playing = self.playing().peekable();
        playing.peek().is_some()
            && playing.all(|s| {
                self.state
                    .pos
                    .moves(s, self.rules.no_foreign_stop)
                    .is_empty()
            })
    }

    /// Places and scores as §4 ranks them.
    fn rank(&self, reason: EndReason) -> Outcome {
        let keys: Vec<(u8, u32)> = (0..self.players())
            .map(|s| {
                rank_key(self.state.players[s].status, || {
                    remaining_distance(&self.state.pos, s)
                })
            })
            .collect();
        outcome_of(reason, &keys)
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    pub fn undo(&mut self) -> Result<(), HalmaError> {
        let (state, action) = self.past.pop().ok_or(HalmaError::NothingToUndo)?;
        self.state = state;
        self.undone.push(action);
        self.revision += 1;
        Ok(())
    }

    pub fn redo(&mut self) -> Result<(), HalmaError> {
        let action = self.undone.pop().ok_or(HalmaError::NothingToRedo)?;
        self.past.push((self.state.clone(), action.clone()));
        self.apply(&action);
        Ok(())
    }

    /// Seat `seat`'s remaining distance (see [`remaining_distance`]).
    pub fn remaining_distance(&self, seat: Seat) -> u32 {
        remaining_distance(&self.state.pos, seat as usize)
    }

    /// Plays `actions` from a new game of `rules` (a record), each checked.
    pub fn replay(
        rules: HalmaRules,
        actions: &[HalmaAction],
    ) -> Result<HalmaGame, (usize, HalmaError)> {
        let mut game = HalmaGame::new(rules).map_err(|e| (0, e))?;
        for (i, action) in actions.iter().enumerate() {
            let result = match action {
                HalmaAction::Move { mv } => game.play(mv.from, mv.to),
                HalmaAction::Pass => game.pass(),
                HalmaAction::Resign { seat } => game.resign(*seat),
            };
            result.map_err(|e| (i, e))?;
        }
        Ok(game)
    }
}

impl TeamRace for HalmaGame {
    fn team_of(&self) -> &[u8] {
        &Self::TEAM_OF[..self.players()]
    }
    fn status(&self, seat: usize) -> Status {
        self.state.players[seat].status
    }
    fn turns(&self, seat: usize) -> u32 {
        self.state.players[seat].turns
    }
    fn in_target(&self, seat: usize) -> u32 {
        let pos = &self.state.pos;
        (pos.pieces[seat] & pos.yards().target(seat)).count()
    }
    fn pieces_each(&self) -> u32 {
        self.state.pos.yards().pieces()
    }
    fn round_complete(&self, turns: u32) -> bool {
        HalmaGame::round_complete(self, turns)
    }
    fn blocked(&self) -> bool {
        HalmaGame::blocked(self)
    }
    fn remaining_distance(&self, seat: usize) -> u32 {
        remaining_distance(&self.state.pos, seat)
    }
}

/// A seat has finished when every square of its target yard is occupied
/// and at least one of those pieces is its own (§4).
pub fn has_finished(pos: &HalmaPosition, seat: usize) -> bool {
    let target = pos.yards().target(seat);
    (pos.occupied() & target) == target && !(pos.pieces[seat] & target).is_empty()
}

/// The least total number of single steps (king moves: diagonal steps count
/// one) that would bring all of a seat's pieces into its target yard,
/// ignoring the other pieces.
pub fn remaining_distance(pos: &HalmaPosition, seat: usize) -> u32 {
    let target: Vec<Square> = pos.yards().target(seat).iter().collect();
    let pieces: Vec<Square> = pos.pieces[seat].iter().collect();
    min_assignment(&pieces, &target, |a, b| {
        let dr = (row(a) as i32 - row(b) as i32).unsigned_abs();
        let dc = (column(a) as i32 - column(b) as i32).unsigned_abs();
        dr.max(dc)
    })
}

/// The pieces of `seat` outside its home yard.
pub fn out_of_home(pos: &HalmaPosition, seat: usize) -> u32 {
    (pos.pieces[seat] & !pos.yards().home(seat)).count()
}
