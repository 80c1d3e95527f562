//! Playing Halma with the mouse and keys. Click a marble of the seat to
//! move, then the square where it should end: the move takes its shortest
//! route there (§3 counts a move by where it starts and ends). Keys: arrows
//! move a cursor over the squares and Enter or Space presses there; U /
//! Ctrl+Z undo, Y / Ctrl+Y redo, H hint, Ctrl+S save, Esc lets go of the
//! marble, then goes back to the setup panel.

use super::jobs::{HalmaHint, HalmaHintRequest};
use super::view::HalmaSquare;
use super::{HalmaCommand, HalmaMoveRequest, HalmaPiece, HalmaPlaying, HalmaSession};
use crate::base::{AppSystems, KeyFocus, Notice, Screen};
use crate::settings::{Language, Settings};
use crate::stage::input::{Invalid, Lifted, MenusOpen, take_escape};
use crate::ui::tr;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use starhop_engine::halma::HalmaGame;
use starhop_engine::halma::board::{SIDE, column, row, square};

/// The marble picked up, for the session at `revision`.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct HalmaSelection {
    pub from: Option<u8>,
    pub revision: u64,
    /// The keyboard cursor (arrows move it, Enter or Space presses there).
    pub cursor: Option<u8>,
}

/// A press on a square (a click on it or on its marble).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalmaPress(pub u8);

/// What a press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// The move from the picked-up marble to here.
    Play {
        from: u8,
        to: u8,
    },
    Picked,
    Dropped,
    Refused(Refusal),
}

/// Why a press did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotYours,
    NoPiece,
    CannotMove,
    CannotGo,
}

impl Refusal {
    pub fn text(self, lang: Language) -> &'static str {
        match self {
            Refusal::NotYours => tr(lang, "That is not your piece."),
            Refusal::NoPiece => tr(lang, "Choose one of your pieces first."),
            Refusal::CannotMove => tr(lang, "That piece cannot move."),
            Refusal::CannotGo => tr(lang, "That piece cannot go there."),
        }
    }
}

/// Applies a press on `sq` to the selection in `game`.
pub fn press(game: &HalmaGame, sel: &mut HalmaSelection, sq: u8) -> Pressed {
    let pos = game.position();
    let seat = pos.to_move as usize;
    let owner = pos.owner(sq);
    if let Some(from) = sel.from {
        if sq == from {
            sel.from = None;
            return Pressed::Dropped;
        }
        if owner.is_none() {
            if game.legal_move(from, sq).is_some() {
                sel.from = None;
                return Pressed::Play { from, to: sq };
            }
            return Pressed::Refused(Refusal::CannotGo);
        }
    }
    match owner {
        None => Pressed::Refused(Refusal::NoPiece),
        Some(o) if o != seat => Pressed::Refused(Refusal::NotYours),
        Some(_) if !game.legal_moves().iter().any(|m| m.from == sq) => {
            Pressed::Refused(Refusal::CannotMove)
        }
        Some(_) => {
            sel.from = Some(sq);
            Pressed::Picked
        }
    }
}

/// The square one step from `at` on the screen, the board seen from `yaw`:
/// the arrow's direction on the screen turned onto the board's rows and
/// columns (diagonal views step diagonally).
pub fn step(at: u8, dx: i32, dy: i32, yaw: f32) -> u8 {
    // On the screen right is (cos, -sin) and up is (-sin, -cos) in (x, z).
    let (sin, cos) = yaw.sin_cos();
    let x = dx as f32 * cos - dy as f32 * sin;
    let z = -dx as f32 * sin - dy as f32 * cos;
    let (dc, dr) = (x.round() as i32, z.round() as i32);
    let (r, c) = (row(at) as i32 + dr, column(at) as i32 + dc);
    let side = SIDE as i32;
    if (0..side).contains(&r) && (0..side).contains(&c) {
        square(r as u8, c as u8)
    } else {
        at
    }
}

/// Mouse and keys (the game's window); headless tests add it to press squares.
pub fn plugin(app: &mut App) {
    app.init_resource::<HalmaSelection>()
        .add_message::<HalmaPress>()
        .add_observer(click)
        .add_systems(
            Update,
            (keys, on_press, drop_stale, show_hint)
                .chain()
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Halma))
                .run_if(crate::base::not_replaying),
        )
        .add_systems(OnExit(Screen::Halma), |mut s: ResMut<HalmaSelection>| {
            s.from = None
        });
}

fn click(
    click: On<Pointer<Click>>,
    pieces: Query<&HalmaPiece>,
    squares: Query<&HalmaSquare>,
    playing: Res<HalmaPlaying>,
    authority: Res<crate::base::MatchAuthority>,
    mut selection: ResMut<HalmaSelection>,
    mut presses: MessageWriter<HalmaPress>,
) {
    // A record on show for the viewer takes no presses.
    if !playing.0 || *authority == crate::base::MatchAuthority::Replay {
        return;
    }
    if click.event.button == PointerButton::Secondary {
        selection.from = None;
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
        presses.write(HalmaPress(sq));
    }
}

fn on_press(
    mut presses: MessageReader<HalmaPress>,
    session: Option<Res<HalmaSession>>,
    playing: Res<HalmaPlaying>,
    settings: Res<Settings>,
    mut selection: ResMut<HalmaSelection>,
    mut moves: MessageWriter<HalmaMoveRequest>,
    mut notices: MessageWriter<Notice>,
    mut lifted: MessageWriter<Lifted>,
    mut invalid: MessageWriter<Invalid>,
) {
    let lang = settings.language;
    let Some(s) = session.filter(|_| playing.0) else {
        presses.clear();
        return;
    };
    for HalmaPress(sq) in presses.read() {
        if !s.human_to_move() {
            if !s.game.is_over() {
                let wait = if s.elsewhere[s.to_move().min(super::MAX_SEATS - 1)] {
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
            Pressed::Play { from, to } => {
                moves.write(HalmaMoveRequest { from, to });
            }
            Pressed::Picked => {
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
    playing: Res<HalmaPlaying>,
    session: Option<Res<HalmaSession>>,
    orbit: Option<Res<crate::camera::Orbit>>,
    mut selection: ResMut<HalmaSelection>,
    mut turns: MessageWriter<HalmaCommand>,
    mut hints: MessageWriter<HalmaHintRequest>,
    mut presses: MessageWriter<HalmaPress>,
) {
    let focus = focus.as_deref();
    if !KeyFocus::shortcuts_free(focus) || menus.any() {
        return;
    }
    // Esc steps back one level: the marble picked up goes down, then the
    // game gives way to its panel, then the panel to the home screen.
    if take_escape(&mut keys) {
        if !playing.0 {
            turns.write(HalmaCommand::Leave);
        } else if selection.from.is_some() {
            selection.from = None;
            selection.cursor = None;
        } else {
            turns.write(HalmaCommand::Setup);
        }
    }
    if !playing.0 {
        return;
    }
    let asked = crate::kit::life::play_shortcuts(&keys, &mut turns);
    if asked.hint {
        hints.write(HalmaHintRequest);
    }
    if asked.took_back {
        selection.from = None;
    }
    // Enter, Space and the arrows belong to a focused button, if any.
    if !KeyFocus::navigation_free(focus) {
        return;
    }
    let Some(s) = session else { return };
    for (key, dx, dy) in [
        (KeyCode::ArrowLeft, -1, 0),
        (KeyCode::ArrowRight, 1, 0),
        (KeyCode::ArrowUp, 0, 1),
        (KeyCode::ArrowDown, 0, -1),
    ] {
        if keys.just_pressed(key) {
            // The cursor starts on the marble picked up, or one that can move.
            let start = selection.cursor.or(selection.from).or(s
                .game
                .legal_moves()
                .first()
                .map(|m| m.from));
            selection.cursor = start.map(|at| match selection.cursor {
                Some(_) => step(at, dx, dy, orbit.as_ref().map_or(0.0, |o| o.yaw)),
                None => at,
            });
        }
    }
    let enter = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space];
    if keys.any_just_pressed(enter)
        && let Some(at) = selection.cursor
    {
        presses.write(HalmaPress(at));
    }
}

/// A selection made for an older position goes.
fn drop_stale(session: Option<Res<HalmaSession>>, mut selection: ResMut<HalmaSelection>) {
    let current = session.map(|s| s.revision);
    if selection.from.is_some() && Some(selection.revision) != current {
        selection.from = None;
    }
}

/// A hint that arrives picks up the hinted marble (its route glows gold),
/// and the keyboard cursor waits where it ends, so Enter plays it.
fn show_hint(
    hint: Res<HalmaHint>,
    session: Option<Res<HalmaSession>>,
    mut selection: ResMut<HalmaSelection>,
) {
    let (Some((revision, mv)), Some(s)) = (&hint.0, session) else {
        return;
    };
    if s.revision != *revision || !hint.is_changed() {
        return;
    }
    selection.from = Some(mv.from);
    selection.revision = *revision;
    selection.cursor = Some(mv.to);
}
