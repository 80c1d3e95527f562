//! The star board: where each hole sits in the world (logic) and the wooden
//! board with its dimples and tinted camps (view).

use crate::play::{BoardChanged, Match, PALETTE, PendingSetup};
use crate::{AppSystems, Screen};
use bevy::prelude::*;
use starhop_engine::{Board, Hex, Hole, Position, Seat};

mod view;
pub use view::{BoardPiece, HoleLook, HoleMarker, flat_on_board, spawn_hole, view_plugin};

/// World units between neighbouring holes.
pub const SPACING: f32 = 1.0;

/// Where every hole of the board in play sits in the world. The board lies in
/// the XZ plane with its top at y = 0; camp 0 (south) points towards +Z.
#[derive(Resource, Clone, Debug)]
pub struct BoardLayout {
    pub size: u8,
    pub players: usize,
    pub holes: Vec<Vec3>,
}

impl BoardLayout {
    pub fn new(size: u8, players: usize) -> BoardLayout {
        let board = Board::get(size).expect("sizes come from validated rules");
        let holes = (0..board.len() as Hole)
            .map(|h| hex_to_world(board.hex(h)))
            .collect();
        BoardLayout {
            size,
            players,
            holes,
        }
    }

    pub fn board(&self) -> &'static Board {
        Board::get(self.size).expect("sizes come from validated rules")
    }

    pub fn hole(&self, h: Hole) -> Vec3 {
        self.holes[h as usize]
    }

    /// The hole nearest to a world point, and its distance in the board plane.
    pub fn nearest(&self, p: Vec3) -> (Hole, f32) {
        let mut best = (0, f32::MAX);
        for (i, h) in self.holes.iter().enumerate() {
            let d = h.xz().distance(p.xz());
            if d < best.1 {
                best = (i as Hole, d);
            }
        }
        best
    }
}

pub fn hex_to_world(h: Hex) -> Vec3 {
    let (x, y) = h.to_plane();
    Vec3::new(x * SPACING, 0.0, -y * SPACING)
}

/// The direction (in the board plane) from the centre towards camp `k`.
pub fn camp_direction(camp: u8) -> Vec3 {
    let angle = (270.0 + 60.0 * camp as f32).to_radians();
    Vec3::new(angle.cos(), 0.0, -angle.sin())
}

/// The position on show: the match in play, or the start of the setup being edited.
pub fn shown_position(game: Option<&Match>, pending: &PendingSetup) -> Position {
    match game {
        Some(m) => m.game.position().clone(),
        None => {
            let board =
                Board::get(pending.0.rules.board_size).unwrap_or_else(|_| Board::get(4).unwrap());
            Position::start(board, pending.0.players)
                .unwrap_or_else(|_| Position::start(board, 2).expect("two players always fit"))
        }
    }
}

/// Colour of each seat's marbles for the position on show.
pub fn seat_colours(game: Option<&Match>, pending: &PendingSetup) -> Vec<Color> {
    let setup = game.map(|m| &m.setup).unwrap_or(&pending.0);
    (0..setup.seats.len() as Seat)
        .map(|s| PALETTE[setup.seats[s as usize].colour as usize % PALETTE.len()].1)
        .collect()
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(BoardLayout::new(4, 2))
        .add_systems(OnEnter(Screen::Setup), announce_setup)
        .add_systems(OnEnter(Screen::Home), announce_setup)
        .add_systems(
            Update,
            follow_board
                .in_set(AppSystems::Rules)
                .after(crate::play::PlaySystems),
        );
}

fn announce_setup(mut changed: MessageWriter<BoardChanged>) {
    changed.write(BoardChanged);
}

/// Keeps the layout in step with the board on show.
fn follow_board(
    game: Option<Res<Match>>,
    pending: Res<PendingSetup>,
    mut layout: ResMut<BoardLayout>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let (size, players) = match &game {
        Some(m) => (m.game.rules().board_size, m.game.players()),
        None => (pending.0.rules.board_size, pending.0.players),
    };
    if (layout.size, layout.players) != (size, players) && Board::get(size).is_ok() {
        *layout = BoardLayout::new(size, players);
        changed.write(BoardChanged);
    } else if game.is_none() && pending.is_changed() && !pending.is_added() {
        // Colours or names changed on the setup screen.
        changed.write(BoardChanged);
    }
}
