//! The end of the game (RULES §4, §6): finishing, resignations, deadlock, blocked
//! positions, team wins, and the ranking.

use super::*;

impl Game {
    /// Deadlock bookkeeping: note the round whenever a remaining distance hits a new low.
    pub(super) fn track_progress(&mut self, mover: Seat) {
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

    pub(super) fn deadlock_applies(&self) -> bool {
        self.rules.deadlock_adjudication && self.players() == 2
    }

    /// Decides whether the game is over, and if so ranks everyone.
    pub(super) fn check_end(&mut self, events: &mut Vec<Event>) {
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
            // No turn runs after the end (it may end on another seat's
            // resignation while the mover's clock was running).
            self.state.turn_ms = 0;
        }
    }

    /// Every player still playing has had at least `turns` turns (equal-move rule).
    pub(super) fn round_complete(&self, turns: u32) -> bool {
        !self.rules.equal_moves || self.playing().all(|s| self.player(s).turns >= turns)
    }

    pub(super) fn free_for_all_end(&self) -> Option<Outcome> {
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
            && self.rounds() >= self.state.progress_round.saturating_add(DEADLOCK_ROUNDS)
        {
            return Some(self.rank(EndReason::Deadlock));
        }
        if self.blocked() {
            return Some(self.rank(EndReason::Blocked));
        }
        None
    }

    /// Nobody still playing can move: passing for ever would decide nothing
    /// (RULES §4, free-for-all and teams alike, whether passing is allowed or not).
    pub(super) fn blocked(&self) -> bool {
        // The player to move almost always can move, which settles it cheaply.
        let mover = self.state.to_move;
        if self.player(mover).status == Status::Playing
            && self.state.pos.has_move(mover, self.move_rules)
        {
            return false;
        }
        let mut playing = self.playing().peekable();
        playing.peek().is_some() && playing.all(|s| !self.state.pos.has_move(s, self.move_rules))
    }

    /// Places: finishers by turns, then players still in by remaining distance,
    /// then those who left, the last to leave placed highest. Ties share a place.
    pub(super) fn rank(&self, reason: EndReason) -> Outcome {
        let keys: Vec<(u8, u32)> = (0..self.players())
            .map(|s| {
                rank_key(self.state.players[s].status, || {
                    self.state.pos.remaining_distance(s as Seat)
                })
            })
            .collect();
        outcome_of(reason, &keys)
    }

    pub(super) fn team_end(&mut self) -> Option<Outcome> {
        self.teams.as_ref()?;
        let mut done = self.state.team_done;
        let outcome = team_end(self, &mut done);
        self.state.team_done = done;
        outcome
    }
}

/// What §6 reads of a race of two teams to decide its end: classic's teams,
/// and Halma's diagonal partners (§12), which follow the same rules.
pub(crate) trait TeamRace {
    /// The team (0 or 1) of each seat.
    fn team_of(&self) -> &[u8];
    fn status(&self, seat: usize) -> Status;
    /// The seat's own turns so far.
    fn turns(&self, seat: usize) -> u32;
    /// The seat's pieces in its target.
    fn in_target(&self, seat: usize) -> u32;
    /// The pieces each seat plays.
    fn pieces_each(&self) -> u32;
    /// Every seat still playing has had `turns` turns (the round is over).
    fn round_complete(&self, turns: u32) -> bool;
    /// Nobody still playing can move.
    fn blocked(&self) -> bool;
    fn remaining_distance(&self, seat: usize) -> u32;
}

/// §6: a team whose member left loses; a team wins when a member finishes
/// or the team holds three quarters of its pieces in its targets, with the
/// round completed (both in one round: a draw); blocked before either, the
/// team with less way left to go wins, equal totals draw. `done` keeps the
/// round in which each team met its goal.
pub(crate) fn team_end(g: &impl TeamRace, done: &mut [Option<u32>; 2]) -> Option<Outcome> {
    let teams = g.team_of();
    let members = |t: u8| (0..teams.len()).filter(move |&s| teams[s] == t);
    let lost = [0, 1].map(|t| members(t).any(|s| matches!(g.status(s), Status::Out { .. })));
    if lost[0] || lost[1] {
        return Some(team_outcome(teams, [!lost[0], !lost[1]], EndReason::Team));
    }
    let round = (0..teams.len()).map(|s| g.turns(s)).max().unwrap_or(0);
    for t in 0..2u8 {
        let finished = members(t).any(|s| matches!(g.status(s), Status::Finished { .. }));
        let in_targets: u32 = members(t).map(|s| g.in_target(s)).sum();
        let need = team_marbles_to_win(g.pieces_each() * members(t).count() as u32);
        if (finished || in_targets >= need) && done[t as usize].is_none() {
            done[t as usize] = Some(round);
        }
    }
    match done.iter().flatten().min().copied() {
        Some(first_done) if g.round_complete(first_done) => {
            let winners = [done[0].is_some(), done[1].is_some()];
            Some(team_outcome(teams, winners, EndReason::Team))
        }
        Some(_) => None,
        // Blocked before either team met its goal: the team whose marbles
        // have less way left to go, all members together, wins (the team
        // version of ranking by remaining distance); equal totals draw.
        None if g.blocked() => {
            let left = |t: u8| -> u32 { members(t).map(|s| g.remaining_distance(s)).sum() };
            let (a, b) = (left(0), left(1));
            Some(team_outcome(teams, [a <= b, b <= a], EndReason::Blocked))
        }
        None => None,
    }
}

impl TeamRace for Game {
    fn team_of(&self) -> &[u8] {
        self.teams.as_deref().unwrap_or_default()
    }
    fn status(&self, seat: usize) -> Status {
        self.state.players[seat].status
    }
    fn turns(&self, seat: usize) -> u32 {
        self.state.players[seat].turns
    }
    fn in_target(&self, seat: usize) -> u32 {
        self.state.pos.in_target(seat as Seat)
    }
    fn pieces_each(&self) -> u32 {
        self.state.pos.board().camp_size() as u32
    }
    fn round_complete(&self, turns: u32) -> bool {
        Game::round_complete(self, turns)
    }
    fn blocked(&self) -> bool {
        Game::blocked(self)
    }
    fn remaining_distance(&self, seat: usize) -> u32 {
        self.state.pos.remaining_distance(seat as Seat)
    }
}

/// Team results: winners place 1 and score 1, losers place 2 and score 0; two
/// winners (or none) is a draw, ½ each.
fn team_outcome(teams: &[u8], winners: [bool; 2], reason: EndReason) -> Outcome {
    let draw = winners[0] == winners[1];
    let places = teams
        .iter()
        .map(|&t| if draw || winners[t as usize] { 1 } else { 2 })
        .collect();
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
    Outcome {
        reason,
        places,
        scores: Some(scores),
    }
}
