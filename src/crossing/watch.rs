//! "Watch a shortest crossing" (or "the shortest known" where none is proven):
//! the best known line for the board, played
//! from the start one move at a time (on its own, or stepped), with the
//! player's game kept aside and put back when watching stops.

use super::{CrossingRules, CrossingSession, hop};
use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::settings::Settings;
use crate::stage::marbles::{Animating, BoardChanged, MarblesMoved};
use crate::ui::tr;
use bevy::prelude::*;
use starhop_engine::Hole;
use starhop_engine::crossing::CrossingGame;

/// Seconds between two moves when the line plays on its own (after the
/// last hop has landed).
pub const WATCH_PAUSE: f32 = 0.45;

/// The line being watched.
#[derive(Clone, Debug, PartialEq)]
pub struct Watch {
    pub line: Vec<Vec<Hole>>,
    /// Whether it plays on by itself.
    pub running: bool,
    /// Seconds waited since the last move landed.
    wait: f32,
    /// The player's game, back when watching stops.
    saved: CrossingGame,
}

impl Watch {
    /// A recorded line stepped from outside (the replay viewer): it does not
    /// play on by itself.
    pub fn of_record(line: Vec<Vec<Hole>>, saved: CrossingGame) -> Watch {
        Watch {
            line,
            running: false,
            wait: 0.0,
            saved,
        }
    }

    /// Moves shown so far (the watched game's own count).
    pub fn at(session: &CrossingSession) -> usize {
        session.game.played().len()
    }
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchControl {
    Start,
    Stop,
    Forward,
    Back,
    /// Play on by itself, or pause (from the end: start over).
    PlayPause,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WatchControl>().add_systems(
        Update,
        (control, run)
            .chain()
            .run_if(in_state(Screen::Crossing))
            .in_set(AppSystems::Rules)
            .after(CrossingRules),
    );
}

/// The best known line of the session's board, if it replays legally.
fn checked_line(s: &CrossingSession) -> Option<Vec<Vec<Hole>>> {
    let line = starhop_ai::crossing::best_known_line(s.game.size(), s.game.long_jumps())?;
    let mut game = CrossingGame::new(s.game.size(), s.game.long_jumps()).ok()?;
    match line.iter().try_for_each(|r| game.play_route(r)) {
        Ok(()) if game.is_finished() => Some(line),
        outcome => {
            warn!("the best known crossing does not replay: {outcome:?}");
            None
        }
    }
}

/// One move forward along the line, or back.
fn step(s: &mut CrossingSession, forward: bool) -> Option<MarblesMoved> {
    let at = Watch::at(s);
    if forward {
        let route = s.watch.as_ref()?.line.get(at)?.clone();
        s.game.play_route(&route).ok()?;
        Some(hop(&route, false))
    } else {
        s.game.undo().ok().map(|r| hop(&r, true))
    }
}

fn control(
    session: Option<ResMut<CrossingSession>>,
    playing: Res<super::CrossingPlaying>,
    mut controls: MessageReader<WatchControl>,
    mut moved: MessageWriter<MarblesMoved>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
    mut selection: ResMut<crate::stage::input::Selection>,
    settings: Res<Settings>,
) {
    let Some(mut s) = session.filter(|_| playing.0) else {
        controls.clear();
        return;
    };
    for c in controls.read() {
        match (c, s.watch.is_some()) {
            (WatchControl::Start, false) => {
                let fresh = CrossingGame::new(s.game.size(), s.game.long_jumps());
                let (Some(line), Ok(fresh)) = (checked_line(&s), fresh) else {
                    let lang = settings.language;
                    let text = tr(lang, "No shortest crossing is known for this board yet.");
                    notices.write(Notice::Info(text.into()));
                    continue;
                };
                let saved = std::mem::replace(&mut s.game, fresh);
                s.watch = Some(Watch {
                    line,
                    running: true,
                    wait: 0.0,
                    saved,
                });
                *selection = default();
                changed.write(BoardChanged);
            }
            (WatchControl::Stop, true) => {
                if let Some(w) = s.watch.take() {
                    s.game = w.saved;
                    changed.write(BoardChanged);
                }
            }
            (WatchControl::Forward | WatchControl::Back, true) => {
                if let Some(w) = &mut s.watch {
                    w.running = false;
                }
                if let Some(report) = step(&mut s, *c == WatchControl::Forward) {
                    moved.write(report);
                }
            }
            (WatchControl::PlayPause, true) => {
                let at_end = s
                    .watch
                    .as_ref()
                    .is_some_and(|w| Watch::at(&s) >= w.line.len());
                if at_end {
                    // From the end: start over.
                    while s.game.undo().is_ok() {}
                    changed.write(BoardChanged);
                }
                if let Some(w) = &mut s.watch {
                    w.running = at_end || !w.running;
                    w.wait = 0.0;
                }
            }
            _ => {}
        }
    }
}

/// Plays the line on by itself, a move after each landing and a short pause.
fn run(
    session: Option<ResMut<CrossingSession>>,
    animating: Res<Animating>,
    time: Res<Time>,
    mut moved: MessageWriter<MarblesMoved>,
) {
    let Some(mut s) = session else { return };
    let Some(w) = s.watch.as_ref().filter(|w| w.running) else {
        return;
    };
    if animating.0 {
        return;
    }
    let wait = w.wait + time.delta_secs();
    if wait < WATCH_PAUSE {
        // Waiting changes nothing on show.
        if let Some(w) = &mut s.bypass_change_detection().watch {
            w.wait = wait;
        }
        return;
    }
    let report = step(&mut s, true);
    if let Some(w) = &mut s.watch {
        w.wait = 0.0;
        // The end of the line (or a line that will not play) stops it.
        w.running = report.is_some();
    }
    if let Some(report) = report {
        moved.write(report);
    }
}
