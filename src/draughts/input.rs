//! Playing draughts with the mouse and keys. Click a piece, then either the
//! square where its move ends or, for a capture, each landing in turn (a
//! capture is played as soon as one move is left whose route is complete).
//! Two captures ending on the same square with different pieces taken are
//! told apart by their landings. Keys: arrows move a cursor over the dark
//! squares and Enter or Space presses there; U / Ctrl+Z undo, Y / Ctrl+Y
//! redo, H hint, Ctrl+S save, Esc lets go of the piece.

use super::jobs::{DraughtsHint, DraughtsHintRequest};
use super::view::DraughtsSquare;
use super::{DraughtsMoveRequest, DraughtsPiece, DraughtsPlaying, DraughtsSession, DraughtsTurn};
use crate::base::KeyFocus;
use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::settings::{Language, Settings};
use crate::stage::input::{Invalid, Lifted, MenusOpen, take_escape};
use crate::ui::tr;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use starhop_draughts::{Game, Move, Side, Square, Variant};

/// The piece picked up and the landings chosen so far, for the session at
/// `revision`.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct DraughtsSelection {
    pub from: Option<Square>,
    pub hops: Vec<Square>,
    pub revision: u64,
    /// The keyboard cursor (arrows move it, Enter or Space presses there).
    pub cursor: Option<Square>,
}

impl DraughtsSelection {
    pub fn clear(&mut self) {
        self.from = None;
        self.hops.clear();
    }
}

/// A press on a square (a click on it or on its piece).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraughtsPress(pub Square);

/// What a press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// The move is chosen.
    Play(Move),
    /// A piece was picked up.
    Picked,
    /// A landing of a capture was chosen; more are to come.
    Hopped,
    /// The piece was put back.
    Dropped,
    /// Nothing happened, for this reason.
    Refused(Refusal),
}

/// Why a press did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotYours,
    NoPiece,
    MustCapture,
    CannotMove,
    SeveralEnd,
    CannotGo,
}

impl Refusal {
    pub fn text(self, lang: Language) -> &'static str {
        match self {
            Refusal::NotYours => tr(lang, "That is not your piece."),
            Refusal::NoPiece => tr(lang, "Choose one of your pieces first."),
            Refusal::MustCapture => tr(
                lang,
                "A capture is compulsory: choose a piece that can take (the pieces to take are marked).",
            ),
            Refusal::CannotMove => tr(lang, "That piece cannot move."),
            Refusal::SeveralEnd => tr(
                lang,
                "Several captures end there: click each landing in turn.",
            ),
            Refusal::CannotGo => tr(lang, "That piece cannot go there."),
        }
    }
}

/// Applies a press on `sq` to the selection in `game`.
pub fn press(game: &Game, sel: &mut DraughtsSelection, sq: Square) -> Pressed {
    let pos = game.position();
    let side = pos.side_to_move();
    let own = pos.piece(sq).is_some_and(|p| p.side == side);
    if let Some(from) = sel.from {
        // A capture may come back over its own start square.
        let target = !own || (sq == from && !sel.hops.is_empty());
        if target {
            return land(game, sel, from, sq);
        }
        if sq == from {
            sel.clear();
            return Pressed::Dropped;
        }
    }
    if !own {
        return Pressed::Refused(if pos.piece(sq).is_some() {
            Refusal::NotYours
        } else {
            Refusal::NoPiece
        });
    }
    if !game.legal_moves().iter().any(|m| m.from() == sq) {
        return Pressed::Refused(if pos.has_capture() {
            Refusal::MustCapture
        } else {
            Refusal::CannotMove
        });
    }
    sel.from = Some(sq);
    sel.hops.clear();
    Pressed::Picked
}

/// A press on a square where the picked-up piece might go: the next landing
/// of a capture, or the square where one move ends. A square that is both
/// counts as a landing, so every route can still be clicked hop by hop.
fn land(game: &Game, sel: &mut DraughtsSelection, from: Square, sq: Square) -> Pressed {
    let along = game.moves_along(from, &sel.hops);
    let ending: Vec<Move> = along.iter().copied().filter(|m| m.to() == sq).collect();
    let mut hops = sel.hops.clone();
    hops.push(sq);
    let further = game.moves_along(from, &hops);
    let complete = further.iter().find(|m| game.routes(m).contains(&hops));
    let chosen = match (complete, ending.as_slice()) {
        (Some(m), _) => Some(*m),
        (None, [only]) if further.iter().all(|m| m == only) => Some(*only),
        _ => None,
    };
    if let Some(m) = chosen {
        sel.clear();
        return Pressed::Play(m);
    }
    if further.is_empty() {
        return Pressed::Refused(if ending.len() > 1 {
            Refusal::SeveralEnd
        } else {
            Refusal::CannotGo
        });
    }
    sel.hops = hops;
    Pressed::Hopped
}

/// The dark square one step from `from` on the screen: left and right along
/// the row (two columns), up and down to the next row (the nearer dark
/// square, left first). `up` is towards Black's side; the board seen from
/// Black's side turns the arrows round.
pub fn step(variant: Variant, from: Square, dx: i32, dy: i32) -> Square {
    let Some((row, col)) = variant.coords(from) else {
        return from;
    };
    let at = |r: i32, c: i32| {
        (r >= 0 && c >= 0)
            .then(|| variant.square_at(r as usize, c as usize))
            .flatten()
    };
    let (r, c) = (row as i32, col as i32);
    let next = if dy == 0 {
        at(r, c + 2 * dx)
    } else {
        at(r + dy, c - 1).or(at(r + dy, c + 1))
    };
    next.unwrap_or(from)
}

/// The squares the next press may land on: the next landing of each route
/// along the chosen ones (bright), and where each move ends (faint).
pub fn landings(game: &Game, sel: &DraughtsSelection) -> (Vec<Square>, Vec<Square>) {
    let Some(from) = sel.from else {
        return (vec![], vec![]);
    };
    let mut next = vec![];
    let mut ends = vec![];
    for m in game.moves_along(from, &sel.hops) {
        for r in game.routes(&m) {
            if r.len() > sel.hops.len() && r[..sel.hops.len()] == *sel.hops {
                next.push(r[sel.hops.len()]);
            }
        }
        ends.push(m.to());
    }
    next.sort_unstable();
    next.dedup();
    ends.sort_unstable();
    ends.dedup();
    ends.retain(|s| !next.contains(s));
    (next, ends)
}

/// Mouse and keys (the game's window); headless tests add it to press squares.
pub fn plugin(app: &mut App) {
    app.init_resource::<DraughtsSelection>()
        .add_message::<DraughtsPress>()
        .add_observer(click)
        .add_systems(
            Update,
            (keys, on_press, drop_stale, show_hint)
                .chain()
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Draughts))
                .run_if(crate::base::not_replaying),
        )
        .add_systems(
            OnExit(Screen::Draughts),
            |mut s: ResMut<DraughtsSelection>| s.clear(),
        );
}

fn click(
    click: On<Pointer<Click>>,
    pieces: Query<&DraughtsPiece>,
    squares: Query<&DraughtsSquare>,
    playing: Res<DraughtsPlaying>,
    authority: Res<crate::base::MatchAuthority>,
    mut selection: ResMut<DraughtsSelection>,
    mut presses: MessageWriter<DraughtsPress>,
) {
    // A record on show for the viewer takes no presses.
    if !playing.0 || *authority == crate::base::MatchAuthority::Replay {
        return;
    }
    if click.event.button == PointerButton::Secondary {
        selection.clear();
        return;
    }
    if click.event.button != PointerButton::Primary {
        return;
    }
    // A mouse player does not need the keyboard cursor.
    selection.cursor = None;
    if let Ok(sq) = pieces
        .get(click.entity)
        .map(|p| p.square)
        .or_else(|_| squares.get(click.entity).map(|s| s.0))
    {
        presses.write(DraughtsPress(sq));
    }
}

fn on_press(
    mut presses: MessageReader<DraughtsPress>,
    session: Option<Res<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
    settings: Res<Settings>,
    mut selection: ResMut<DraughtsSelection>,
    mut moves: MessageWriter<DraughtsMoveRequest>,
    mut notices: MessageWriter<Notice>,
    mut lifted: MessageWriter<Lifted>,
    mut invalid: MessageWriter<Invalid>,
) {
    let lang: Language = settings.language;
    let Some(s) = session.filter(|_| playing.0) else {
        presses.clear();
        return;
    };
    for DraughtsPress(sq) in presses.read() {
        if !s.human_to_move() {
            if !s.game.is_over() {
                let wait = if s.elsewhere[s.game.side_to_move().index()] {
                    tr(lang, "Wait for the other player's move.")
                } else {
                    tr(lang, "Wait for the bot's move.")
                };
                notices.write(Notice::Problem(wait.into()));
            }
            continue;
        }
        selection.revision = s.revision;
        match press(&s.game, &mut selection, *sq) {
            Pressed::Play(m) => {
                moves.write(DraughtsMoveRequest(m));
            }
            Pressed::Picked | Pressed::Hopped => {
                lifted.write(Lifted);
            }
            Pressed::Dropped => {}
            Pressed::Refused(why) => {
                invalid.write(Invalid { why: None });
                notices.write(Notice::Problem(why.text(lang).into()));
            }
        }
    }
}

fn keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    focus: Option<Res<KeyFocus>>,
    menus: MenusOpen,
    playing: Res<DraughtsPlaying>,
    session: Option<Res<DraughtsSession>>,
    mut selection: ResMut<DraughtsSelection>,
    mut turns: MessageWriter<DraughtsTurn>,
    mut hints: MessageWriter<DraughtsHintRequest>,
    mut presses: MessageWriter<DraughtsPress>,
) {
    let focus = focus.as_deref();
    if !KeyFocus::shortcuts_free(focus) || menus.any() {
        return;
    }
    // Esc steps back one level: the piece picked up goes down, then the
    // game gives way to its panel, then the panel to the home screen.
    if take_escape(&mut keys) {
        if !playing.0 {
            turns.write(DraughtsTurn::Leave);
        } else if selection.from.is_some() {
            selection.clear();
            selection.cursor = None;
        } else {
            turns.write(DraughtsTurn::Setup);
        }
    }
    if !playing.0 {
        return;
    }
    let asked = crate::kit::life::play_shortcuts(&keys, &mut turns);
    if asked.hint {
        hints.write(DraughtsHintRequest);
    }
    if asked.took_back {
        selection.clear();
    }
    // Enter, Space and the arrows belong to a focused button, if any.
    if !KeyFocus::navigation_free(focus) {
        return;
    }
    if let Some(s) = session {
        // Seen from Black's side (see `view::frame_board`), the arrows turn round.
        let turn = if super::view::facing(&s) == Side::Black {
            -1
        } else {
            1
        };
        for (key, dx, dy) in [
            (KeyCode::ArrowLeft, -1, 0),
            (KeyCode::ArrowRight, 1, 0),
            (KeyCode::ArrowUp, 0, -1),
            (KeyCode::ArrowDown, 0, 1),
        ] {
            if keys.just_pressed(key) {
                // The cursor starts on a piece that can move.
                let start = selection
                    .cursor
                    .or(selection.hops.last().copied())
                    .or(selection.from)
                    .or(s.game.legal_moves().first().map(|m| m.from()));
                selection.cursor = start.map(|at| match selection.cursor {
                    Some(_) => step(s.game.variant(), at, dx * turn, dy * turn),
                    None => at,
                });
            }
        }
        let enter = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space];
        if keys.any_just_pressed(enter)
            && let Some(at) = selection.cursor
        {
            presses.write(DraughtsPress(at));
        }
    }
}

/// A selection made for an older position goes.
fn drop_stale(session: Option<Res<DraughtsSession>>, mut selection: ResMut<DraughtsSelection>) {
    let current = session.map(|s| s.revision);
    if selection.from.is_some() && Some(selection.revision) != current {
        selection.clear();
    }
}

/// A hint that arrives picks up the hinted piece (its move glows gold).
fn show_hint(
    hint: Res<DraughtsHint>,
    session: Option<Res<DraughtsSession>>,
    mut selection: ResMut<DraughtsSelection>,
    mut placed: Local<Option<(u64, usize)>>,
) {
    let (Some((revision, mv)), Some(s)) = (&hint.0, session) else {
        return;
    };
    if s.revision != *revision {
        return;
    }
    if hint.is_changed() {
        selection.from = Some(mv.from());
        selection.hops.clear();
        selection.revision = *revision;
        *placed = None;
    }
    // The keyboard cursor waits on the hinted move's next landing, so Enter
    // (or Space) plays it, hop by hop where it takes several; once placed
    // for a landing it is left where the arrows take it.
    if selection.from != Some(mv.from()) || *placed == Some((*revision, selection.hops.len())) {
        return;
    }
    let next = s
        .game
        .routes(mv)
        .into_iter()
        .find(|r| r.starts_with(&selection.hops))
        .and_then(|r| r.get(selection.hops.len()).copied());
    if let Some(at) = next {
        selection.cursor = Some(at);
        *placed = Some((*revision, selection.hops.len()));
    }
}
