//! `--screenshot FILE --shot draughts|draughts-capture|draughts-setup|draughts-end`
//! (with `--draughts international|russian`): sets a draughts scene up in
//! the first frames, before the screenshot module takes the picture.

use super::DraughtsSetup;
use super::{
    DraughtsDraft, DraughtsRebuild, DraughtsSelection, DraughtsSession, OpenDraughts, StartDraughts,
};
use crate::base::shot::{ShotScene, ShotSetup, add_shots};
use bevy::prelude::*;
use starhop_draughts::bot::{self, Budget, Level};
use starhop_draughts::{Game, Variant, from_fen};

/// The draughts scenes, by their `--shot` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shot {
    /// A game some moves in, a piece picked up with its landings.
    Game,
    /// A three-piece capture, the pieces to take marked, its first landing chosen.
    Capture,
    /// The setup panel.
    Setup,
    /// A game played out by two bots, with the end window.
    End,
}

const SHOTS: [(&str, Shot); 4] = [
    ("draughts", Shot::Game),
    ("draughts-capture", Shot::Capture),
    ("draughts-setup", Shot::Setup),
    ("draughts-end", Shot::End),
];

/// A Russian game some moves in, saved, for the picture of the Load list.
pub fn make_sample_save(folders: &crate::persist::Folders) {
    let mut game = Game::new(Variant::Russian);
    for _ in 0..11 {
        let Some(m) = game.legal_moves().into_iter().next() else {
            break;
        };
        if game.play(&m).is_err() {
            break;
        }
    }
    // The record is plain data: it always serialises.
    let text = serde_json::to_string_pretty(&game.record()).unwrap_or_default();
    super::files::DraughtsSaves::write_sample(folders, "russian-2026-11-30-18.20-move-6", &text);
}

/// The scenes' names, as `--shot` takes them.
pub fn names() -> [&'static str; 4] {
    SHOTS.map(|(name, _)| name)
}

pub(super) fn plugin(app: &mut App) {
    add_shots(app, &names(), arrange);
}

/// An International position where White must take three pieces: the man
/// on 33 by 22, 13 and 2 (crowned there), or the king on 46.
const CAPTURE_FEN: &str = "W:W33,38,42,43,48,49,K46:B28,18,8,19,24,15,K5";

/// Plays `plies` moves of two Medium bots at a fixed depth (the same game
/// every run), stopping early at the end.
pub fn play_some(game: &mut Game, plies: usize) {
    for i in 0..plies {
        let Some(t) = bot::think(game, Level::Medium, &Budget::depth(3), i as u64) else {
            return;
        };
        if game.play(&t.best).is_err() {
            return;
        }
    }
}

fn arrange(
    scene: Res<ShotScene>,
    asked: Option<Res<ShotSetup<DraughtsSetup>>>,
    mut frame: Local<u32>,
    mut session: Option<ResMut<DraughtsSession>>,
    mut draft: ResMut<DraughtsDraft>,
    mut selection: ResMut<DraughtsSelection>,
    mut opens: MessageWriter<OpenDraughts>,
    mut starts: MessageWriter<StartDraughts>,
    mut rebuild: MessageWriter<DraughtsRebuild>,
) {
    let Some(&(_, shot)) = SHOTS.iter().find(|(name, _)| scene.is(name)) else {
        return;
    };
    // International, unless the command line says otherwise.
    let setup = asked.map_or_else(DraughtsSetup::default, |a| a.0.clone());
    *frame += 1;
    match *frame {
        1 if shot == Shot::Setup => {
            draft.0 = setup;
            opens.write(OpenDraughts);
        }
        1 => {
            let mut setup = setup;
            // People on both sides: nothing moves while the picture is taken.
            setup.seats = [super::DraughtsSeat::Human; 2];
            starts.write(StartDraughts(setup));
        }
        3 => {
            let Some(s) = session.as_deref_mut() else {
                return;
            };
            match shot {
                Shot::Game => play_some(&mut s.game, scene.moves.max(24)),
                Shot::End => play_some(&mut s.game, 600),
                Shot::Capture => {
                    if let Ok(pos) = from_fen(Variant::International, CAPTURE_FEN) {
                        s.game = Game::from_position(pos);
                    }
                }
                _ => return,
            }
            s.revision += 1;
            rebuild.write(DraughtsRebuild);
        }
        4 => {
            let Some(s) = session.as_deref() else { return };
            selection.revision = s.revision;
            match shot {
                Shot::Capture => {
                    selection.from = Some(33);
                    selection.hops = vec![22];
                }
                Shot::Game => {
                    // The piece of the side to move with the most moves, picked up.
                    let moves = s.game.legal_moves();
                    selection.from = moves
                        .iter()
                        .map(|m| m.from())
                        .max_by_key(|&f| moves.iter().filter(|m| m.from() == f).count());
                }
                _ => {}
            }
        }
        _ => {}
    }
}
