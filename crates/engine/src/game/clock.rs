//! Clocks (RULES §5): the per-move limit and the chess-clock bank.

use super::*;

impl Game {
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
                // Only the running turn's time changes: not a new revision.
                self.state.turn_ms = elapsed;
                Vec::new()
            }
        }
    }

    /// Shows `ms` as the time used in the running turn, as a clock elsewhere
    /// measured it (a network host's, which is the authority): kept under the
    /// move limit and the bank, so it never plays a time-out itself (the
    /// authority does). Like `tick`, not a new revision.
    pub fn show_turn_ms(&mut self, ms: u32) {
        if self.is_over() {
            return;
        }
        let bank = self.player(self.state.to_move).bank_ms;
        let cap = [bank, self.rules.move_limit_ms]
            .into_iter()
            .flatten()
            .min()
            .map_or(ms, |c| ms.min(c.saturating_sub(1)));
        self.state.turn_ms = cap;
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

    /// Sets the time already used in the running turn (a loaded record's saved
    /// turn): less than the move limit and the bank, or it would have run out.
    pub(crate) fn restore_turn_ms(&mut self, ms: u32) -> Result<(), RuleError> {
        if self.is_over() {
            // No turn runs, so there is no clock to check: the one left on
            // the mover may be an empty bank (found by the property tests).
            return match ms {
                0 => Ok(()),
                _ => Err(RuleError::Clock(format!(
                    "the game is over, so no turn is running, but {ms} ms are said to have run"
                ))),
            };
        }
        self.check_time(ms)?;
        self.state.turn_ms = ms;
        self.touch();
        Ok(())
    }

    /// Checks the milliseconds a move or pass says the mover used: less than
    /// the move limit and the bank (reaching either is a time-out action instead).
    pub(super) fn check_time(&self, ms: u32) -> Result<(), RuleError> {
        if let Some(l) = self.rules.move_limit_ms
            && ms >= l
        {
            return Err(RuleError::Clock(format!(
                "{ms} ms is at or over the {l} ms move limit"
            )));
        }
        if let Some(b) = self.player(self.state.to_move).bank_ms
            && ms >= b
        {
            return Err(RuleError::Clock(format!(
                "{ms} ms is at or over the {b} ms left in the bank"
            )));
        }
        Ok(())
    }

    /// The mover's bank pays for the time used, and the turn clock starts again.
    pub(super) fn charge(&mut self, seat: Seat, ms: u32) {
        if let Some(b) = &mut self.state.players[seat as usize].bank_ms {
            *b = b.saturating_sub(ms);
        }
        self.state.turn_ms = 0;
    }
}
