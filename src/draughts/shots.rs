//! `--screenshot FILE --shot draughts|draughts-capture|draughts-setup|draughts-end`
//! (with `--draughts international|russian`): sets a draughts scene up in
//! the first frames, before the screenshot module takes the picture.

use super::{
    DraughtsDraft, DraughtsRebuild, DraughtsSelection, DraughtsSession, OpenDraughts, StartDraughts,
};
use crate::shell::launch::LaunchOptions;
use crate::shell::screenshot::{Shoot, ShotOf};
use bevy::prelude::*;
use starhop_draughts::bot::{self, Budget, Level};
use starhop_draughts::{Game, Variant, from_fen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        arrange
            .run_if(resource_exists::<Shoot>)
            .before(crate::base::AppSystems::Input),
    );
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
    options: Res<LaunchOptions>,
    mut frame: Local<u32>,
    mut session: Option<ResMut<DraughtsSession>>,
    mut draft: ResMut<DraughtsDraft>,
    mut selection: ResMut<DraughtsSelection>,
    mut opens: MessageWriter<OpenDraughts>,
    mut starts: MessageWriter<StartDraughts>,
    mut rebuild: MessageWriter<DraughtsRebuild>,
) {
    let shot = options.shot_of;
    let Some(setup) = options.draughts.clone().filter(|_| shot.draughts()) else {
        return;
    };
    *frame += 1;
    match *frame {
        1 if shot == ShotOf::DraughtsSetup => {
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
                ShotOf::Draughts => play_some(&mut s.game, options.moves.max(24)),
                ShotOf::DraughtsEnd => play_some(&mut s.game, 600),
                ShotOf::DraughtsCapture => {
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
                ShotOf::DraughtsCapture => {
                    selection.from = Some(33);
                    selection.hops = vec![22];
                }
                ShotOf::Draughts => {
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
