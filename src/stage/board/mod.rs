//! The star board: where each hole sits in the world (logic) and the wooden
//! board with its dimples and tinted camps (view). What it shows
//! (`BoardOnShow`, `BoardMarks`) is written by the mode on show.

use crate::base::{AppSystems, Screen};
use crate::stage::marbles::BoardChanged;
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use starhop_engine::{Bitboard, Board, Hex, Hole, Position, Seat};

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

/// The star board's steps in a frame, for the modes to order theirs by.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardSystems {
    /// (Rules) A mode that takes the board over sends `TakeBoard` here; the
    /// mode that had it lets go after these, in the same frame.
    Take,
    /// (View) A mode that has taken the board (`BoardTaken`) writes
    /// `BoardOnShow` and `BoardMarks`.
    ShowTaken,
    /// (View) Else the star's own game writes them: the match in play, or
    /// the start of the setup being edited.
    Show,
    /// (View) The layout follows the board on show; everything that draws
    /// the board comes after.
    Follow,
}

/// What the star board shows, written by the mode on show whenever it
/// changes (not every frame); the stage only reads it.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct BoardOnShow {
    pub position: Position,
    /// The board size and the number of seats (the layout follows them).
    pub size: u8,
    pub seats: usize,
    /// The palette index of each seat's marbles.
    pub palettes: [usize; 6],
    /// Who moved last and along which route (for the last-move marks).
    pub last_move: Option<(Seat, Vec<Hole>)>,
}

impl Default for BoardOnShow {
    fn default() -> BoardOnShow {
        let board = Board::get(4).expect("the middle size exists");
        BoardOnShow {
            position: Position::start(board, 2).expect("two players always fit"),
            size: 4,
            seats: 2,
            palettes: [0, 1, 2, 3, 4, 5],
            last_move: None,
        }
    }
}

impl BoardOnShow {
    /// The palette index of a seat's marbles.
    pub fn palette(&self, seat: Seat) -> usize {
        self.palettes.get(seat as usize).copied().unwrap_or(0) % PALETTE.len()
    }

    pub fn colour(&self, seat: Seat) -> Color {
        PALETTE[self.palette(seat)].1
    }

    /// Whether the last move on show is `last` (compared without copying it).
    pub fn last_move_is(&self, last: Option<(Seat, &[Hole])>) -> bool {
        self.last_move.as_ref().map(|(s, r)| (*s, r.as_slice())) == last
    }
}

/// The glowing marks the board view draws: legal destinations of the lifted
/// marble, an aimed item's targets and its reach. The mode on show writes it
/// when they change; the view redraws the marks then.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct BoardMarks {
    /// Holes that glow (a ring around a hole where a marble stands).
    pub targets: Bitboard,
    /// Holes faintly shaded: the aimed item's reach.
    pub reach: Bitboard,
    /// Holes with a marble on them.
    pub marbles: Bitboard,
    /// The reach is a tornado's area (shaded stronger).
    pub area: bool,
}

/// A mode takes the star board over (the crossing challenge): the mode that
/// showed it lets go (the classic match closes, so it does not answer clicks
/// on the shared marbles).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TakeBoard;

/// Whether a mode has taken the board over (see `BoardSystems`); the mode
/// that holds it keeps this up to date, and the star's own game writes
/// nothing to `BoardOnShow` meanwhile.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardTaken(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(BoardLayout::new(4, 2))
        .init_resource::<BoardOnShow>()
        .init_resource::<BoardMarks>()
        .init_resource::<BoardTaken>()
        .add_message::<TakeBoard>()
        .configure_sets(Update, BoardSystems::Take.in_set(AppSystems::Rules))
        .configure_sets(
            Update,
            (
                BoardSystems::ShowTaken,
                BoardSystems::Show,
                BoardSystems::Follow,
            )
                .chain()
                .in_set(AppSystems::View),
        )
        .add_systems(OnEnter(Screen::Setup), announce_setup)
        .add_systems(OnEnter(Screen::Home), announce_setup)
        .add_systems(Update, follow_board.in_set(BoardSystems::Follow));
}

fn announce_setup(mut changed: MessageWriter<BoardChanged>) {
    changed.write(BoardChanged);
}

/// Keeps the layout in step with the board on show.
fn follow_board(
    shown: Res<BoardOnShow>,
    mut layout: ResMut<BoardLayout>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if !shown.is_changed() {
        return;
    }
    let (size, players) = (shown.size, shown.seats);
    if (layout.size, layout.players) != (size, players) && Board::get(size).is_ok() {
        *layout = BoardLayout::new(size, players);
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
