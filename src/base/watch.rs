//! How the replay viewer shows a recorded game of a mode other than classic
//! without knowing the mode: it asks with [`ShowRecord`] and [`ShowMoves`],
//! and the mode whose game the record is shows it on its own board and
//! screen, with its own rules, bots, clocks and input still
//! (`MatchAuthority::Replay`), and reports in [`RecordOnShow`]. Classic
//! records play in the viewer's own screen instead (`Screen::Replay`).

use bevy::prelude::*;
use starhop_games::{AnyRecord, GameKind};

/// Show this record's game for watching, at the position after `at` of its
/// moves. The viewer sends it only for a record that replays.
#[derive(Message, Clone, Debug)]
pub struct ShowRecord {
    pub record: AnyRecord,
    pub at: usize,
}

/// Show the position after this many moves of the record on show: one move
/// forward is played as in play, one back is taken back, further is set at
/// once.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowMoves(pub usize);

/// The viewer closed: the mode puts the record away (the viewer goes back
/// to the screen it was opened on).
#[derive(Message, Clone, Copy, Debug)]
pub struct StopShowing;

/// What the mode showing a record tells the viewer (present while one is
/// on show): the moves in its own notation, and whether pieces still move.
#[derive(Resource, Clone, Debug, Default)]
pub struct RecordOnShow {
    pub kind: GameKind,
    /// One line per move: who moved and the move, in the player's language.
    pub lines: Vec<String>,
    /// The result in words while the board shows the end.
    pub result: Option<String>,
    /// Pieces are still hopping or being taken (playing waits for them).
    pub moving: bool,
}

/// A mode's flag that its pieces are still moving (hops, captures flying).
pub trait PiecesMoving: Resource {
    fn moving(&self) -> bool;
}

/// Copies a mode's [`PiecesMoving`] into the report while a record is on
/// show, so the viewer's playing waits for the pieces to land.
pub fn report_moving<P: PiecesMoving>(pieces: Res<P>, report: Option<ResMut<RecordOnShow>>) {
    if let Some(mut r) = report
        && r.moving != pieces.moving()
    {
        r.moving = pieces.moving();
    }
}

/// A mode's end window asks to watch the game just finished again (the
/// replay viewer opens on it from its first move).
#[derive(Message, Clone, Debug)]
pub struct WatchAgain(pub AnyRecord);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ShowRecord>()
        .add_message::<WatchAgain>()
        .add_message::<ShowMoves>()
        .add_message::<StopShowing>();
}
