//! `--screenshot FILE --shot halma|halma-4|halma-setup|halma-end`: sets a
//! Halma scene up in the first frames, before the screenshot module takes
//! the picture.

use super::{
    HalmaDraft, HalmaRebuild, HalmaSeat, HalmaSelection, HalmaSession, HalmaSetup, OpenHalma,
    StartHalma,
};
use crate::base::shot::{ShotScene, add_shots};
use bevy::prelude::*;
use starhop_engine::halma::HalmaGame;

/// The Halma scenes, by their `--shot` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shot {
    /// Two players some moves in, a marble picked up with where it may go.
    Game,
    /// Four players some moves in.
    Four,
    /// The setup panel.
    Setup,
    /// A two-player game played out, with the end window.
    End,
}

const SHOTS: [(&str, Shot); 4] = [
    ("halma", Shot::Game),
    ("halma-4", Shot::Four),
    ("halma-setup", Shot::Setup),
    ("halma-end", Shot::End),
];

/// The scenes' names, as `--shot` takes them.
pub fn names() -> [&'static str; 4] {
    SHOTS.map(|(name, _)| name)
}

pub(super) fn plugin(app: &mut App) {
    add_shots(app, &names(), arrange);
}

/// A two-player game some moves in, saved, for the picture of the Load list.
pub fn make_sample_save(folders: &crate::persist::Folders) {
    let setup = HalmaSetup::default();
    let mut game = setup.game();
    play_some(&mut game, 14);
    let text =
        serde_json::to_string_pretty(&HalmaSession::new(game, setup).record()).unwrap_or_default();
    super::files::HalmaSaves::write_sample(folders, "halma-2-2026-12-05-18.20-move-14", &text);
}

/// Plays `actions` moves, each the one that leaves the mover's position
/// best by the bots' evaluation (the same game every run), passing when
/// blocked and stopping early at the end.
pub fn play_some(game: &mut HalmaGame, actions: usize) {
    for _ in 0..actions {
        if game.is_over() {
            return;
        }
        let seat = game.to_move() as usize;
        let pos = *game.position();
        let best = game.legal_moves().into_iter().max_by_key(|m| {
            let mut after = pos;
            after.apply_pair(seat, m.from, m.to);
            starhop_ai::halma::evaluate(&after, seat)
        });
        let played = match best {
            Some(m) => game.play(m.from, m.to),
            None => game.pass(),
        };
        if played.is_err() {
            return;
        }
    }
}

/// Plays the game to its end between Easy bots, each move searched to the
/// level's own depth (no deadline: the same game every run).
fn play_out(game: &mut HalmaGame) {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
    for i in 0..2000u64 {
        if game.is_over() {
            return;
        }
        let played = match starhop_ai::halma::choose(game, starhop_ai::Level::Easy, far, &stop, i) {
            Some(m) => game.play(m.from, m.to),
            None => game.pass(),
        };
        if played.is_err() {
            return;
        }
    }
}

fn arrange(
    scene: Res<ShotScene>,
    mut frame: Local<u32>,
    mut session: Option<ResMut<HalmaSession>>,
    mut draft: ResMut<HalmaDraft>,
    mut selection: ResMut<HalmaSelection>,
    mut opens: MessageWriter<OpenHalma>,
    mut starts: MessageWriter<StartHalma>,
    mut rebuild: MessageWriter<HalmaRebuild>,
) {
    let Some(&(_, shot)) = SHOTS.iter().find(|(name, _)| scene.is(name)) else {
        return;
    };
    let players = if shot == Shot::Four { 4 } else { 2 };
    *frame += 1;
    match *frame {
        1 if shot == Shot::Setup => {
            draft.0 = HalmaSetup {
                players: 4,
                ..HalmaSetup::default()
            };
            opens.write(OpenHalma);
        }
        1 => {
            // A person in the first seat, the others people too: nothing
            // moves while the picture is taken.
            starts.write(StartHalma(HalmaSetup {
                players,
                seats: [HalmaSeat::Human; super::MAX_SEATS],
                teams: false,
            }));
        }
        3 => {
            let Some(s) = session.as_deref_mut() else {
                return;
            };
            match shot {
                Shot::Game => play_some(&mut s.game, scene.moves.max(30)),
                Shot::Four => play_some(&mut s.game, scene.moves.max(48)),
                Shot::End => play_out(&mut s.game),
                Shot::Setup => return,
            }
            s.revision += 1;
            rebuild.write(HalmaRebuild);
        }
        4 if matches!(shot, Shot::Game | Shot::Four) => {
            let Some(s) = session.as_deref() else { return };
            selection.revision = s.revision;
            // The marble of the seat to move with the most moves, picked up.
            let moves = s.game.legal_moves();
            selection.from = moves
                .iter()
                .map(|m| m.from)
                .max_by_key(|&f| moves.iter().filter(|m| m.from == f).count());
        }
        _ => {}
    }
}
