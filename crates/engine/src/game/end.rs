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
        let teams = self.teams.clone()?;
        let team_of = &teams;
        let members = |t: u8| (0..team_of.len()).filter(move |&s| team_of[s] == t);
        let lost: Vec<bool> = (0..2)
            .map(|t| members(t).any(|s| matches!(self.state.players[s].status, Status::Out { .. })))
            .collect();
        if lost.iter().any(|&l| l) {
            let winners = [!lost[0], !lost[1]];
            return Some(team_outcome(&teams, winners, EndReason::Team));
        }
        let round = self
            .state
            .players
            .iter()
            .map(|p| p.turns)
            .max()
            .unwrap_or(0);
        let marbles = self.state.pos.board().camp_size() as u32;
        for t in 0..2u8 {
            let finished =
                members(t).any(|s| matches!(self.state.players[s].status, Status::Finished { .. }));
            let in_targets: u32 = members(t)
                .map(|s| self.state.pos.in_target(s as Seat))
                .sum();
            let need = team_marbles_to_win(marbles * members(t).count() as u32);
            if (finished || in_targets >= need) && self.state.team_done[t as usize].is_none() {
                self.state.team_done[t as usize] = Some(round);
            }
        }
        match self.state.team_done.iter().flatten().min().copied() {
            Some(first_done) if self.round_complete(first_done) => {
                let done = self.state.team_done;
                let winners = [done[0].is_some(), done[1].is_some()];
                Some(team_outcome(&teams, winners, EndReason::Team))
            }
            Some(_) => None,
            // Blocked before either team met its goal: the team whose marbles
            // have less way left to go, all members together, wins (the team
            // version of ranking by remaining distance); equal totals draw.
            None if self.blocked() => {
                let left = |t: u8| -> u32 {
                    members(t)
                        .map(|s| self.state.pos.remaining_distance(s as Seat))
                        .sum()
                };
                let (a, b) = (left(0), left(1));
                let winners = [a <= b, b <= a];
                Some(team_outcome(&teams, winners, EndReason::Blocked))
            }
            None => None,
        }
    }
}

/// Team results: winners place 1 and score 1, losers place 2 and score 0; two
/// winners (or none) is a draw, ½ each.
pub(crate) fn team_outcome(teams: &[u8], winners: [bool; 2], reason: EndReason) -> Outcome {
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
