//! The star board: where each hole sits in the world (logic) and the wooden
//! board with its dimples and tinted camps (view).

use crate::base::{AppSystems, Screen};
use crate::classic::{Match, PendingSetup, last_move};
use crate::crossing::CrossingSession;
use crate::stage::marbles::BoardChanged;
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use starhop_engine::{Board, Hex, Hole, Position, Seat};

mod view;
pub use view::{
    BoardPiece, HoleLook, HoleMarker, MarkMaterials, flat_on_board, glow, spawn_hole, view_plugin,
};

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

/// What the star board shows: the crossing challenge while one is open,
/// else the match in play, else the start of the setup being edited.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ShownBoard<'w> {
    pub game: Option<Res<'w, Match>>,
    pub pending: Res<'w, PendingSetup>,
    pub crossing: Option<Res<'w, CrossingSession>>,
}

impl ShownBoard<'_> {
    pub fn position(&self) -> Position {
        if let Some(c) = &self.crossing {
            return c.game.position().clone();
        }
        match &self.game {
            Some(m) => m.game.position().clone(),
            None => {
                let setup = &self.pending.0;
                let board =
                    Board::get(setup.rules.board_size).unwrap_or_else(|_| Board::get(4).unwrap());
                Position::start(board, setup.players)
                    .unwrap_or_else(|_| Position::start(board, 2).expect("two players always fit"))
            }
        }
    }

    /// The board size and the number of seats on show.
    pub fn shape(&self) -> (u8, usize) {
        match (&self.crossing, &self.game) {
            (Some(c), _) => (c.game.size(), c.game.position().players()),
            (None, Some(m)) => (m.game.rules().board_size, m.game.players()),
            (None, None) => (self.pending.0.rules.board_size, self.pending.0.players),
        }
    }

    /// The palette index of a seat's marbles.
    pub fn palette(&self, seat: Seat) -> usize {
        if let Some(c) = &self.crossing {
            return c.colour as usize % PALETTE.len();
        }
        let setup = self.game.as_ref().map_or(&self.pending.0, |m| &m.setup);
        setup
            .seats
            .get(seat as usize)
            .map_or(0, |s| s.colour as usize % PALETTE.len())
    }

    pub fn colour(&self, seat: Seat) -> Color {
        PALETTE[self.palette(seat)].1
    }

    /// Whether what is shown changed this frame (a move, a new setup).
    pub fn is_changed(&self) -> bool {
        self.crossing.as_ref().is_some_and(|c| c.is_changed())
            || self.game.as_ref().is_some_and(|g| g.is_changed())
    }

    /// Who moved last and along which route (for the last-move marks).
    pub fn last_move(&self) -> Option<(Seat, Vec<Hole>)> {
        match (&self.crossing, &self.game) {
            (Some(c), _) => c.game.played().last().map(|r| (0, r.clone())),
            (None, Some(m)) => last_move(&m.game),
            (None, None) => None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(BoardLayout::new(4, 2))
        .add_systems(OnEnter(Screen::Setup), announce_setup)
        .add_systems(OnEnter(Screen::Home), announce_setup)
        .add_systems(
            Update,
            follow_board
                .in_set(AppSystems::Rules)
                .after(crate::classic::PlaySystems),
        );
}

fn announce_setup(mut changed: MessageWriter<BoardChanged>) {
    changed.write(BoardChanged);
}

/// Keeps the layout in step with the board on show.
fn follow_board(
    shown: ShownBoard,
    mut layout: ResMut<BoardLayout>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let (size, players) = shown.shape();
    let editing = shown.game.is_none() && shown.crossing.is_none();
    if (layout.size, layout.players) != (size, players) && Board::get(size).is_ok() {
        *layout = BoardLayout::new(size, players);
        changed.write(BoardChanged);
    } else if editing && shown.pending.is_changed() && !shown.pending.is_added() {
        // Colours or names changed on the setup screen.
        changed.write(BoardChanged);
    }
}

/// The classic board's pieces and marbles.
type StarPieces = Or<(With<view::BoardPiece>, With<crate::stage::marbles::Marble>)>;

/// The star board and its marbles stay hidden while another board (food
/// checkers, draughts) is on show; they are rebuilt for the setup screen
/// when it comes back.
pub fn hide_the_star(mut pieces: Query<&mut Visibility, StarPieces>) {
    for mut v in &mut pieces {
        if *v != Visibility::Hidden {
            *v = Visibility::Hidden;
        }
    }
}
