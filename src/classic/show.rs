//! What the classic game tells the stage and the camera: the board on show
//! (the match in play, else the start of the setup being edited), whom the
//! camera turns to, and letting go of the board when another mode takes it.

use super::{Match, MatchSetup, PendingSetup, PlaySystems, last_move};
use crate::base::AppSystems;
use crate::camera::{SeatsToFace, TurnFacing};
use crate::stage::board::{BoardOnShow, BoardSystems, BoardTaken, TakeBoard};
use crate::stage::marbles::BoardChanged;
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use starhop_engine::{Board, Position};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SeatsToFace>()
        .configure_sets(Update, PlaySystems.after(BoardSystems::Take))
        .add_systems(
            Update,
            let_go_of_board
                .in_set(AppSystems::Rules)
                .in_set(PlaySystems)
                .before(super::start_match),
        )
        .add_systems(Update, (show_match, face_seats).in_set(BoardSystems::Show));
}

/// Another mode takes the star over: the match closes, or it would answer
/// clicks on the shared marbles.
fn let_go_of_board(mut commands: Commands, mut takes: MessageReader<TakeBoard>) {
    if takes.read().count() > 0 {
        commands.remove_resource::<Match>();
    }
}

/// The palette index of each seat's marbles.
fn palettes_of(setup: &MatchSetup) -> [usize; 6] {
    let mut palettes = [0; 6];
    for (p, seat) in palettes.iter_mut().zip(&setup.seats) {
        *p = seat.colour as usize % PALETTE.len();
    }
    palettes
}

/// The start of the setup being edited (of two players when it does not fit).
fn setup_start(setup: &MatchSetup) -> Position {
    let board = Board::get(setup.rules.board_size).unwrap_or_else(|_| Board::get(4).unwrap());
    Position::start(board, setup.players)
        .unwrap_or_else(|_| Position::start(board, 2).expect("two players always fit"))
}

/// Writes the board on show while it is the classic game's: the match in
/// play when there is one, else the setup being edited. Only when what shows
/// changes: the match's revision (every change of the game has its own),
/// its colours, or the setup.
fn show_match(
    game: Option<Res<Match>>,
    pending: Res<PendingSetup>,
    taken: Res<BoardTaken>,
    demo: Option<Res<super::home_demo::HomeDemo>>,
    mut shown: ResMut<BoardOnShow>,
    mut changed: MessageWriter<BoardChanged>,
    mut on_show: Local<Option<u64>>,
) {
    // The home screen's own game is on the board meanwhile.
    if taken.0 || demo.is_some() {
        return;
    }
    let back = taken.is_changed();
    match game {
        Some(m) => {
            if !back && !m.is_changed() {
                return;
            }
            let revision = m.game.revision();
            let palettes = palettes_of(&m.setup);
            if !back && *on_show == Some(revision) && shown.palettes == palettes {
                return;
            }
            *on_show = Some(revision);
            *shown = BoardOnShow {
                position: m.game.position().clone(),
                size: m.game.rules().board_size,
                seats: m.game.players(),
                palettes,
                last_move: last_move(&m.game),
            };
        }
        None => {
            let edited = pending.is_changed();
            if !back && !edited && on_show.is_none() {
                return;
            }
            *on_show = None;
            let setup = &pending.0;
            *shown = BoardOnShow {
                position: setup_start(setup),
                size: setup.rules.board_size,
                seats: setup.players,
                palettes: palettes_of(setup),
                last_move: None,
            };
            if edited && !pending.is_added() {
                // Colours or names changed on the setup screen.
                changed.write(BoardChanged);
            }
        }
    }
}

/// Whom the camera turns to in the match (see `Match::seat_to_face`).
fn face_seats(game: Option<Res<Match>>, mut facing: ResMut<SeatsToFace>) {
    let now = match game {
        None => None,
        Some(m) if m.is_changed() => {
            let camp = |seat| m.game.position().home_camp(seat);
            Some(TurnFacing {
                to_move: camp(m.game.to_move()),
                face: m.seat_to_face().map(|s| (s, camp(s))),
                over: m.game.is_over(),
            })
        }
        Some(_) => return,
    };
    facing.set_if_neq(SeatsToFace(now));
}
