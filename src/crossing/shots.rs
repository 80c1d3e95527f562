//! `--screenshot FILE --shot crossing|crossing-setup|crossing-hint|crossing-done|crossing-watch`:
//! sets a crossing scene up in the first frames, before the screenshot
//! module takes the picture (it waits for the scene to settle).

use super::jobs::CrossingHintFound;
use super::watch::WatchControl;
use super::{
    CrossingDone, CrossingDraft, CrossingSession, CrossingSetup, OpenCrossing, StartCrossing,
};
use crate::base::shot::{ShotScene, ShotSetup, add_shots};
use crate::stage::input::Selection;
use crate::stage::marbles::BoardChanged;
use bevy::prelude::*;
use starhop_ai::crossing::{Crossing, best_known_line};
use starhop_engine::Hole;
use starhop_engine::crossing::CrossingGame;

/// The crossing scenes, by their `--shot` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shot {
    /// A crossing some moves in, a marble lifted.
    Game,
    /// The setup panel.
    Setup,
    /// A hint lit, with what it says of the optimum.
    Hint,
    /// The finished window after the best known line.
    Done,
    /// The best known line being watched, halfway.
    Watch,
}

const SHOTS: [(&str, Shot); 5] = [
    ("crossing", Shot::Game),
    ("crossing-setup", Shot::Setup),
    ("crossing-hint", Shot::Hint),
    ("crossing-done", Shot::Done),
    ("crossing-watch", Shot::Watch),
];

/// The scenes' names, as `--shot` takes them.
pub fn names() -> [&'static str; 5] {
    SHOTS.map(|(name, _)| name)
}

pub(super) fn plugin(app: &mut App) {
    add_shots(app, &names(), arrange);
}

/// How far a marble gets towards camp 3 (north) by a move.
fn gain(game: &CrossingGame, from: Hole, to: Hole) -> i32 {
    let b = game.position().board();
    b.hex(from).r as i32 - b.hex(to).r as i32
}

/// Plays `moves` moves: the best known line's, else the move that gains most.
fn play_some(game: &mut CrossingGame, moves: usize) {
    let line = best_known_line(game.size(), game.long_jumps()).unwrap_or_default();
    for i in 0..moves {
        if let Some(route) = line.get(i) {
            if game.play_route(route).is_err() {
                return;
            }
            continue;
        }
        let Some(mv) = game
            .legal_moves()
            .into_iter()
            .max_by_key(|m| gain(game, m.from, m.to))
        else {
            return;
        };
        if game.play(mv.from, mv.to).is_err() {
            return;
        }
    }
}

/// The marble whose best move gains most, to show lifted.
fn promising(game: &CrossingGame) -> Option<Hole> {
    game.legal_moves()
        .into_iter()
        .max_by_key(|m| gain(game, m.from, m.to))
        .map(|m| m.from)
}

fn arrange(
    scene: Res<ShotScene>,
    asked: Option<Res<ShotSetup<CrossingSetup>>>,
    mut frame: Local<u32>,
    mut session: Option<ResMut<CrossingSession>>,
    playing: Res<super::CrossingPlaying>,
    mut draft: ResMut<CrossingDraft>,
    mut selection: ResMut<Selection>,
    mut opens: MessageWriter<OpenCrossing>,
    mut starts: MessageWriter<StartCrossing>,
    mut changed: MessageWriter<BoardChanged>,
    mut found: MessageWriter<CrossingHintFound>,
    mut done: MessageWriter<CrossingDone>,
    mut watch: MessageWriter<WatchControl>,
) {
    let Some(&(_, shot)) = SHOTS.iter().find(|(name, _)| scene.is(name)) else {
        return;
    };
    // The usual board, unless the command line says otherwise.
    let setup = asked.map_or_else(|| CrossingSetup::new(4, false), |a| a.0.clone());
    *frame += 1;
    let moves = scene.moves;
    match *frame {
        1 if shot == Shot::Setup => {
            draft.0 = setup;
            opens.write(OpenCrossing);
        }
        1 => {
            starts.write(StartCrossing(setup));
        }
        3 => {
            let Some(s) = session.as_deref_mut().filter(|_| playing.0) else {
                return;
            };
            match shot {
                Shot::Game => play_some(&mut s.game, moves.max(8)),
                Shot::Hint => play_some(&mut s.game, moves.max(6)),
                Shot::Done => {
                    play_some(&mut s.game, 500);
                    if s.game.is_finished() {
                        done.write(CrossingDone {
                            moves: s.game.moves_made(),
                        });
                    }
                }
                Shot::Watch => {
                    watch.write(WatchControl::Start);
                    return;
                }
                _ => return,
            }
            changed.write(BoardChanged);
        }
        4 => {
            let Some(s) = session.as_deref() else { return };
            match shot {
                Shot::Game => selection.lifted = promising(&s.game),
                Shot::Hint => {
                    // The screenshot waits for nothing: the hint is found here.
                    let hint = Crossing::new(s.game.size(), s.game.long_jumps())
                        .ok()
                        .and_then(|c| c.hint(s.game.marbles(), super::jobs::HINT_BUDGET));
                    found.write(CrossingHintFound {
                        revision: s.game.revision(),
                        hint,
                    });
                }
                Shot::Watch => {
                    let half = s.watch.as_ref().map_or(0, |w| w.line.len() / 2);
                    for _ in 0..half.max(moves) {
                        watch.write(WatchControl::Forward);
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}
