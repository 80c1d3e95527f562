//! Playing an action: validation, the move itself, the end of a turn and
//! passing the turn on.

use super::*;

impl Game {
    /// Plays a move by (from, to), along one shortest route. In classic play
    /// (from, to) identifies a move (RULES §3); see `play_route` for when the
    /// route itself matters.
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

    /// Plays exactly this route (first hole the marble, last its landing),
    /// checked hop by hop. In classic play any route to the same hole is the
    /// same move, but captures (food checkers) and some items depend on which
    /// marbles a chain jumps over, so there the route is the move's identity.
    pub fn play_route(&mut self, route: &[Hole]) -> Result<Vec<Event>, RuleError> {
        let (&[from, ..], &[.., to]) = (route, route) else {
            return Err(RuleError::ShortRoute);
        };
        if route.len() < 2 {
            return Err(RuleError::ShortRoute);
        }
        self.apply(Action::Move {
            from,
            to,
            route: route.to_vec(),
            ms: self.state.turn_ms,
        })
    }

    pub fn pass(&mut self) -> Result<Vec<Event>, RuleError> {
        self.apply(Action::Pass {
            ms: self.state.turn_ms,
        })
    }

    /// `seat` resigns. When it is their turn, the time they used is theirs to pay.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        let ms = if seat == self.state.to_move {
            self.state.turn_ms
        } else {
            0
        };
        self.apply(Action::Resign { seat, ms })
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
        } else if let Some(power) = self.state.turn.power.filter(|&p| p != mv.from) {
            RuleError::PowerMarbleOnly(power)
        } else {
            RuleError::IllegalMove {
                from: mv.from,
                to: mv.to,
            }
        }
    }

    /// Plays an action and keeps it in the history (the redo list is the caller's).
    pub(super) fn apply_kept(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let before = self.state.clone();
        let mut events = Vec::new();
        if let Err(e) = self.play_action(&action, &mut events) {
            self.state = before;
            return Err(e);
        }
        self.history.push(action, before);
        self.touch();
        Ok(events)
    }

    /// The rules of one action, applied to the state (which the caller restores
    /// on error). Replays for undo run through here too.
    pub(super) fn play_action(
        &mut self,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let seat = self.state.to_move;
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
                let first_in = self.rules.first_in_skips
                    && !self.state.first_in_taken
                    && self.state.pos.target(seat).contains(to);
                let p = &mut self.state.players[seat as usize];
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
                self.pick_up(seat, to, events);
                let turn = &mut self.state.turn;
                turn.moved = Some(Move {
                    from: turn.moved.map_or(from, |m| m.from),
                    to,
                });
                turn.moves_left = turn.moves_left.saturating_sub(1);
                if turn.power.is_some() {
                    turn.power = Some(to);
                }
                // A move that finishes the player ends the turn, even when
                // the power marble had a second move to make (party mode).
                if self.state.pos.has_finished(seat) {
                    self.state.turn.moves_left = 0;
                }
                if self.state.turn.moves_left > 0 {
                    // The same player moves again: the end-of-turn rules wait
                    // for the turn's last move.
                    return Ok(());
                }
                self.note_turn_move(seat);
                self.end_turn(seat, events);
            }
            Action::Pass { ms } => {
                self.check_time(ms)?;
                if !self.can_pass() {
                    return Err(RuleError::PassNotAllowed);
                }
                self.state.players[seat as usize].timeouts_in_row = 0;
                self.charge(seat, ms);
                events.push(Event::Passed { seat });
                self.note_turn_move(seat);
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
                self.note_turn_move(seat);
                let p = &mut self.state.players[seat as usize];
                p.timeouts_in_row = p.timeouts_in_row.saturating_add(1);
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
            Action::UseItem { item_use, ms } => {
                // The turn goes on: the move is still to come.
                return self.play_item(item_use, ms, events);
            }
            Action::Resign { seat: who, ms } => {
                if who as usize >= self.players() || self.player(who).status != Status::Playing {
                    return Err(RuleError::NotPlaying(who));
                }
                if who == seat {
                    // The resigner's turn ends here: their bank pays for it and
                    // the next player's clock starts from zero.
                    self.check_time(ms)?;
                    self.charge(who, ms);
                } else if ms != 0 {
                    return Err(RuleError::Clock(format!(
                        "seat {who} resigned in another player's turn, so no time of theirs ran, not {ms} ms"
                    )));
                }
                self.knock_out(who, OutReason::Resigned, events);
                if who != seat {
                    // Someone else's turn goes on.
                    self.check_end(events);
                    return Ok(());
                }
            }
        }
        // A player out can end the game at once (§6: a team whose member
        // left loses): decide that before the turn passes on, where a skipped
        // turn could knock out a second player after the end.
        if events.iter().any(|e| matches!(e, Event::Out { .. })) {
            self.check_end(events);
        }
        if self.state.outcome.is_none() {
            self.advance(events);
        }
        self.check_end(events);
        Ok(())
    }

    /// The mover's turn is over: its move, taken as a whole (from where the
    /// marble started to where it ended), counts for the repetition rule.
    fn note_turn_move(&mut self, seat: Seat) {
        let moved = self.state.turn.moved.take().filter(|m| m.from != m.to);
        let counting = self.rules.repetition_limit.is_some();
        let p = &mut self.state.players[seat as usize];
        let returning = p.last_move.map(|m| Move {
            from: m.to,
            to: m.from,
        });
        if counting && moved.is_some() && moved == returning {
            p.repetitions = p.repetitions.saturating_add(1);
        }
        // A pass or a time-out is no move (§3 counts the owner's moves), so
        // the last move stays the one a return is compared with.
        if moved.is_some() {
            p.last_move = moved;
        }
    }

    /// A turn of `seat` is over: count it, then run the end-of-turn rules
    /// (finishing for everyone, the anti-passive rule for the mover).
    pub(super) fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let p = &mut self.state.players[seat as usize];
        p.turns = p.turns.saturating_add(1);
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
        self.state.outs = self.state.outs.saturating_add(1);
        self.state.players[seat as usize].status = Status::Out { reason, order };
        events.push(Event::Out { seat, reason });
    }

    /// Passes the turn to the next seat still playing, on the left; skipped
    /// turns (first-in-skips) are taken here. The new turn starts fresh.
    pub(super) fn advance(&mut self, events: &mut Vec<Event>) {
        let n = self.players() as Seat;
        let mut seat = self.state.to_move;
        // Each seat is visited at most twice: once to skip, once to play.
        for _ in 0..2 * n {
            seat = (seat + 1) % n;
            self.tick_obstacles(seat, events);
            if self.player(seat).status != Status::Playing {
                continue;
            }
            if self.player(seat).skip_next {
                self.state.players[seat as usize].skip_next = false;
                events.push(Event::SkippedTurn { seat });
                self.end_turn(seat, events);
                if matches!(self.player(seat).status, Status::Out { .. }) {
                    // The skipped turn's anti-passive check may end the game.
                    self.check_end(events);
                    if self.state.outcome.is_some() {
                        return;
                    }
                }
                continue;
            }
            self.state.to_move = seat;
            self.state.turn = TurnProgress::FRESH;
            self.maybe_add_box(events);
            return;
        }
    }

    /// Gives the player to move one more move this turn, for any marble: the
    /// tests of multi-move turns (the power marble grants one inside its own
    /// action, for one marble). The change is outside any action, so the
    /// history keeps a snapshot.
    #[cfg(test)]
    pub(crate) fn grant_extra_move(&mut self) {
        let turn = &mut self.state.turn;
        turn.moves_left = turn.moves_left.saturating_add(1);
        self.history.mark(&self.state);
        self.touch();
    }
}
