//! Playing an action: validation, the move itself, the end of a turn and passing the turn on.

use super::*;

impl Game {
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

    /// Validates and plays an action; a new action clears the redo list.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let events = self.apply_kept(action)?;
        self.redo.clear();
        Ok(events)
    }

    pub(super) fn move_error(&self, mv: Move) -> RuleError {
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

    pub(super) fn apply_kept(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
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
        Ok(events)
    }

    pub(super) fn play_action(
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

    /// A turn of `seat` is over: count it, then run the end-of-turn rules
    /// (finishing for everyone, the anti-passive rule for the mover).
    pub(super) fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
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

    pub(super) fn knock_out(&mut self, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
        let order = self.state.outs;
        self.state.outs += 1;
        self.state.players[seat as usize].status = Status::Out { reason, order };
        events.push(Event::Out { seat, reason });
    }

    /// Passes the turn to the next seat still playing, on the left; skipped
    /// turns (first-in-skips) are taken here.
    pub(super) fn advance(&mut self, events: &mut Vec<Event>) {
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
}
