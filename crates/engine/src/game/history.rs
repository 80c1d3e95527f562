//! Undo and redo.

use super::*;

impl Game {
    pub fn undo(&mut self) -> Result<(), RuleError> {
        let (action, before) = self.history.pop().ok_or(RuleError::NothingToUndo)?;
        self.state = before;
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
}
