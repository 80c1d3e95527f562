//! What the star board shows while the crossing challenge holds it: the
//! session's game (the setup panel's preview or the game in play) and the
//! lifted marble's destinations.

use super::CrossingSession;
use crate::base::KnownProfiles;
use crate::settings::Settings;
use crate::stage::board::{BoardMarks, BoardOnShow, BoardSystems, BoardTaken};
use crate::stage::input::Selection;
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use starhop_engine::Bitboard;
use starhop_engine::crossing::SEAT;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hold_board, mark_destinations)
            .chain()
            .in_set(BoardSystems::ShowTaken),
    );
}

/// While a session is open the board is the crossing's: it writes what the
/// board shows whenever the session's game changes, and lets go when the
/// session goes.
fn hold_board(
    session: Option<Res<CrossingSession>>,
    profiles: Res<KnownProfiles>,
    mut taken: ResMut<BoardTaken>,
    mut shown: ResMut<BoardOnShow>,
) {
    let Some(s) = session else {
        taken.set_if_neq(BoardTaken(false));
        return;
    };
    let taking = !taken.0;
    if taking {
        taken.0 = true;
    } else if !s.is_changed() && !profiles.is_changed() {
        return;
    }
    let game = &s.game;
    // The player's profile colour, red for a guest (and a record on show).
    let colour = super::colour_of(&profiles, s.setup.profile.as_deref());
    let palettes = [colour as usize % PALETTE.len(); 6];
    let last = game.played().last().map(|r| (SEAT, r.as_slice()));
    let (size, seats) = (game.size(), game.position().players());
    let same = shown.position == *game.position()
        && shown.palettes == palettes
        && shown.last_move_is(last)
        && (shown.size, shown.seats) == (size, seats);
    if taking || !same {
        *shown = BoardOnShow {
            position: game.position().clone(),
            size,
            seats,
            palettes,
            last_move: last.map(|(seat, r)| (seat, r.to_vec())),
        };
    }
}

/// The lifted marble's destinations glow (with "show destinations" on).
fn mark_destinations(
    session: Option<Res<CrossingSession>>,
    selection: Res<Selection>,
    settings: Res<Settings>,
    taken: Res<BoardTaken>,
    mut marks: ResMut<BoardMarks>,
) {
    let Some(s) = session else { return };
    if !(s.is_changed() || selection.is_changed() || settings.is_changed() || taken.is_changed()) {
        return;
    }
    let lifted = selection.lifted.filter(|_| settings.show_destinations);
    let now = match lifted {
        Some(from) => BoardMarks {
            targets: s.game.destinations(from),
            reach: Bitboard::EMPTY,
            marbles: s.game.marbles(),
            area: false,
        },
        None => BoardMarks::default(),
    };
    marks.set_if_neq(now);
}
