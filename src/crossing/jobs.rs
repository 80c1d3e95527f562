//! Background work for the crossing challenge, on the async compute pool
//! like the classic bots: making the solver for a board (its tables may take
//! a moment, so never on the frame) and hints. A hint carries the revision
//! of the position it was asked for; an answer for any other position is
//! dropped, and a hint under way is let go the moment the position changes
//! (its stop flag is raised, so the search ends at its next check).

use super::{CrossingPlaying, CrossingRules, CrossingSession};
use crate::base::AppSystems;
use crate::base::job::{Job, let_go};
use crate::stage::input::Selection;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use starhop_ai::crossing::{Crossing, Hint, Limits};
use std::time::Duration;

/// How long a hint may search: long enough for a good line, short enough
/// that the player is not kept waiting.
pub const HINT_BUDGET: Duration = Duration::from_secs(3);

/// A board size and jump option.
type Board = (u8, bool);

/// The jobs under way, and the solver they use.
#[derive(Resource, Default)]
pub struct CrossingJobs {
    /// The solver of a board, once made, and one being made.
    solver: Option<(Board, Crossing)>,
    making: Option<(Board, Task<Option<Crossing>>)>,
    hint: Option<Job<Option<Hint>>>,
    /// Hint searches let go before they answered (for tests).
    pub abandoned: u64,
}

impl CrossingJobs {
    /// The solver of this board, when it is ready.
    pub fn solver(&self, size: u8, long_jumps: bool) -> Option<&Crossing> {
        self.solver
            .as_ref()
            .filter(|(k, _)| *k == (size, long_jumps))
            .map(|(_, c)| c)
    }

    pub fn hinting(&self) -> bool {
        self.hint.is_some()
    }
}

/// The hint on show: for the position at this revision.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CrossingHint(pub Option<(u64, Hint)>);

impl CrossingHint {
    /// The hint for the position at `revision`, if that is the one shown.
    pub fn for_revision(&self, revision: u64) -> Option<&Hint> {
        self.0
            .as_ref()
            .filter(|(r, _)| *r == revision)
            .map(|(_, h)| h)
    }
}

/// Ask for a hint for the position on show.
#[derive(Message, Clone, Copy, Debug)]
pub struct CrossingHintRequest;

/// A hint search answered, for the position at `revision` (`None`: no move
/// found). Only an answer for the position still on show is taken.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CrossingHintFound {
    pub revision: u64,
    pub hint: Option<Hint>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrossingJobs>()
        .init_resource::<CrossingHint>()
        .add_message::<CrossingHintRequest>()
        .add_message::<CrossingHintFound>()
        .add_systems(
            Update,
            (
                collect.in_set(AppSystems::Input),
                take_hint.in_set(AppSystems::Rules).after(CrossingRules),
                (let_go_of_stale, start_jobs)
                    .chain()
                    .in_set(AppSystems::Jobs),
            ),
        );
}

/// The revision of the position a hint may be for: a game in play (not a
/// preview, not the line being watched, not finished).
fn workable(s: &CrossingSession, playing: &CrossingPlaying) -> Option<u64> {
    (playing.0 && s.can_move()).then(|| s.game.revision())
}

/// Lets go of a hint whose position is gone.
fn let_go_of_stale(
    session: Option<Res<CrossingSession>>,
    playing: Res<CrossingPlaying>,
    mut jobs: ResMut<CrossingJobs>,
) {
    let current = session.as_deref().and_then(|s| workable(s, &playing));
    if jobs
        .hint
        .as_ref()
        .is_some_and(|j| Some(j.revision) != current)
        && let_go(&mut jobs.hint)
    {
        jobs.abandoned += 1;
    }
}

/// Makes the solver for the board on show, and starts an asked-for hint.
fn start_jobs(
    session: Option<Res<CrossingSession>>,
    playing: Res<CrossingPlaying>,
    mut jobs: ResMut<CrossingJobs>,
    hint: Res<CrossingHint>,
    mut asks: MessageReader<CrossingHintRequest>,
    mut found: MessageWriter<CrossingHintFound>,
) {
    let asked = asks.read().count() > 0;
    let Some(s) = session else { return };
    let key = (s.game.size(), s.game.long_jumps());
    let ready = jobs.solver.as_ref().is_some_and(|(k, _)| *k == key);
    if !ready && jobs.making.as_ref().is_none_or(|(k, _)| *k != key) {
        let task =
            AsyncComputeTaskPool::get().spawn(async move { Crossing::new(key.0, key.1).ok() });
        jobs.making = Some((key, task));
    }
    let Some(revision) = workable(&s, &playing).filter(|_| asked) else {
        return;
    };
    if let Some(h) = hint.for_revision(revision) {
        // Already found: show it again.
        found.write(CrossingHintFound {
            revision,
            hint: Some(h.clone()),
        });
        return;
    }
    if jobs.hint.as_ref().is_some_and(|j| j.revision == revision) {
        return;
    }
    let marbles = s.game.marbles();
    let solver = jobs.solver(key.0, key.1).cloned();
    jobs.hint = Some(Job::spawn(revision, true, move |stop| {
        let solver = match solver {
            Some(c) => c,
            None => Crossing::new(key.0, key.1).ok()?,
        };
        // On the best known line the answer needs no search (nor the
        // tables a search reads, which take seconds to build).
        if let Some(hint) = solver.hint_from_known_line(marbles) {
            return Some(hint);
        }
        // The budget counts from when the search starts, not from the ask
        // nor while the solver builds its tables.
        solver.prepare();
        let limits = Limits {
            stop: Some(stop),
            ..Limits::time(HINT_BUDGET)
        };
        solver.hint_until(marbles, &limits)
    }));
}

/// Turns finished jobs into the solver and hint answers.
fn collect(mut jobs: ResMut<CrossingJobs>, mut found: MessageWriter<CrossingHintFound>) {
    if let Some((key, task)) = &mut jobs.making
        && let Some(made) = check_ready(task)
    {
        let key = *key;
        jobs.making = None;
        match made {
            Some(c) => jobs.solver = Some((key, c)),
            None => warn!(
                "no crossing solver for board {} (long jumps {})",
                key.0, key.1
            ),
        }
    }
    if let Some(job) = &mut jobs.hint
        && let Some(hint) = job.poll()
    {
        found.write(CrossingHintFound {
            revision: job.revision,
            hint,
        });
        jobs.hint = None;
    }
}

/// Shows a hint for the position on show: the marble lifts and the cursor
/// rings its destination. An answer for another position is dropped.
fn take_hint(
    session: Option<Res<CrossingSession>>,
    playing: Res<CrossingPlaying>,
    mut found: MessageReader<CrossingHintFound>,
    mut hint: ResMut<CrossingHint>,
    mut selection: ResMut<Selection>,
    mut notices: MessageWriter<crate::base::Notice>,
    settings: Res<crate::settings::Settings>,
) {
    let current = session.as_deref().and_then(|s| workable(s, &playing));
    for f in found.read() {
        if Some(f.revision) != current {
            continue;
        }
        match &f.hint {
            Some(h) => {
                hint.0 = Some((f.revision, h.clone()));
                selection.lifted = Some(h.mv.from);
                selection.cursor = Some(h.mv.to);
            }
            None => {
                let lang = settings.language;
                let text = crate::ui::tr(lang, "No hint could be found here.");
                notices.write(crate::base::Notice::Info(text.into()));
            }
        }
    }
}
