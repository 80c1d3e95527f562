//! Undo and redo. The history is the action list plus a snapshot of the state
//! every `SNAPSHOT_EVERY` actions, so its memory grows with the number of
//! actions, not actions × state: undo restores the nearest snapshot at or
//! before the wanted point and replays the few actions after it.

use super::*;

/// Actions between snapshots: undo replays at most this many minus one. A
/// state is about 600 bytes, an action about 40, so a snapshot costs about
/// 10 bytes per action, and an undo replays a few dozen actions (microseconds).
const SNAPSHOT_EVERY: usize = 64;

#[derive(Clone, Debug, Default)]
pub(super) struct History {
    entries: Vec<Entry>,
    /// (index, the state before action `index`), by increasing index: at every
    /// multiple of `SNAPSHOT_EVERY`, and wherever the state was changed outside
    /// an action (see `mark`).
    snapshots: Vec<(usize, State)>,
}

#[derive(Clone, Debug)]
struct Entry {
    action: Action,
    /// The running turn's time just before the action: clock ticks are not
    /// actions, so a replay takes the time from here.
    turn_ms: u32,
}

impl History {
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(super) fn actions(&self) -> impl Iterator<Item = &Action> {
        self.entries.iter().map(|e| &e.action)
    }

    /// Keeps an action that was played from the state `before`.
    pub(super) fn push(&mut self, action: Action, before: State) {
        let index = self.entries.len();
        let turn_ms = before.turn_ms;
        if index.is_multiple_of(SNAPSHOT_EVERY) && self.snapshots.last().is_none_or(|s| s.0 < index)
        {
            self.snapshots.push((index, before));
        }
        self.entries.push(Entry { action, turn_ms });
    }

    /// The state was changed outside any action: replaying the actions alone
    /// would miss it, so keep it as the snapshot for this point.
    #[cfg(any(test, feature = "test-kit"))]
    pub(super) fn mark(&mut self, state: &State) {
        let index = self.entries.len();
        match self.snapshots.last_mut() {
            Some(last) if last.0 == index => last.1 = state.clone(),
            _ => self.snapshots.push((index, state.clone())),
        }
    }
}

impl Game {
    /// Takes back the last action and returns how the marbles moved back, for
    /// the view: undoing a move hops the marble back along its route reversed.
    pub fn undo(&mut self) -> Result<Vec<MarbleChange>, RuleError> {
        let index = self
            .history
            .len()
            .checked_sub(1)
            .ok_or(RuleError::NothingToUndo)?;
        let before = self.state_before(index)?;
        let entry = self.history.entries.pop().ok_or(RuleError::NothingToUndo)?;
        self.history.snapshots.retain(|s| s.0 <= index);
        let changes = undo_changes(&entry.action, &self.state, &before);
        self.state = before;
        self.redo.push(entry.action);
        self.touch();
        Ok(changes)
    }

    /// Plays the last undone action again; its events report the marble changes.
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

    /// Rebuilds the state just before action `index` from the nearest snapshot.
    fn state_before(&mut self, index: usize) -> Result<State, RuleError> {
        let nearest = self.history.snapshots.partition_point(|s| s.0 <= index);
        let Some((start, snapshot)) = nearest
            .checked_sub(1)
            .and_then(|k| self.history.snapshots.get(k))
        else {
            return Err(RuleError::NothingToUndo);
        };
        let (start, snapshot) = (*start, snapshot.clone());
        // Replay on the game itself (the rules live there), then put it back.
        let current = std::mem::replace(&mut self.state, snapshot);
        let entries = std::mem::take(&mut self.history.entries);
        let mut result = Ok(());
        let mut events = Vec::new();
        for entry in &entries[start..index] {
            self.state.turn_ms = entry.turn_ms;
            events.clear();
            result = self.play_action(&entry.action, &mut events);
            if result.is_err() {
                break;
            }
        }
        let turn_ms = entries[index].turn_ms;
        self.history.entries = entries;
        let mut rebuilt = std::mem::replace(&mut self.state, current);
        rebuilt.turn_ms = turn_ms;
        // Every action here was legal when first played, so this cannot fail;
        // if it ever did, the game is left as it was and says why.
        result.map(|()| rebuilt)
    }
}

/// How the marbles go back when `action` is undone (from `after` to `before`).
fn undo_changes(action: &Action, after: &State, before: &State) -> Vec<MarbleChange> {
    if let Action::Move { route, .. } = action
        && let (Some(&from), Some(&to)) = (route.first(), route.last())
    {
        let seat = before.to_move;
        let mut back = after.pos.clone();
        back.shift(seat, to, from);
        if back == before.pos {
            return vec![MarbleChange::Hop {
                seat,
                route: route.iter().rev().copied().collect(),
            }];
        }
    }
    let changes = after.pos.changes_to(&before.pos);
    if let Action::UseItem { item_use, .. } = action {
        // An item moved its marbles all at once; they go back all at once.
        if let ItemUse::Swap { marble, other } = item_use {
            return vec![MarbleChange::Swap {
                a: *marble,
                b: *other,
            }];
        }
        let moves: Vec<(Hole, Hole)> = changes
            .iter()
            .filter_map(|c| match *c {
                MarbleChange::Fly { from, to, .. } => Some((from, to)),
                _ => None,
            })
            .collect();
        return match moves.len() {
            0 => Vec::new(),
            1 => changes,
            _ => vec![MarbleChange::Shuffle { moves }],
        };
    }
    changes
}
