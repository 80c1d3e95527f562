//! Clicks and keys in food checkers. Select a marble (its captures light
//! up), then build the chain hop by hop: a click on the next landing adds a
//! hop, a click on the last hole of a longer chain plays it whole, and the
//! marble (or Enter) ends a chain where it is. Nothing here touches the
//! game: it sends `FoodMoveRequest`s and `FoodTurn`s.

use super::jobs::{FoodHint, FoodHintRequest};
use super::marbles::FoodMarble;
use super::view::FoodHole;
use super::{FoodDraft, FoodMoveRequest, FoodPlaying, FoodSession, FoodTab, FoodTurn};
use crate::base::KeyFocus;
use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::settings::{Language, Settings};
use crate::stage::input::{Invalid, Lifted, MenusOpen, ctrl_held, modifier_held, take_escape};
use crate::ui::tr;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use starhop_engine::Hex;
use starhop_engine::food::Cell;

/// The chain being built (its start first; empty: nothing selected) and the
/// keyboard cursor.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct FoodSelection {
    pub chain: Vec<Cell>,
    pub cursor: Option<Cell>,
    /// The game revision the chain was built on.
    pub revision: u64,
    /// The route of the hint on show, while the chain follows it.
    pub hinted: Option<Vec<Cell>>,
}

/// Food checkers' clicks and keys (public so headless tests drive them as the game does).
pub fn plugin(app: &mut App) {
    app.init_resource::<FoodSelection>()
        .add_observer(click)
        .add_systems(OnExit(Screen::Food), clear)
        .add_systems(
            Update,
            (keys, show_hint, drop_stale)
                .chain()
                .run_if(in_state(Screen::Food))
                .run_if(crate::base::not_replaying)
                .in_set(AppSystems::Input),
        );
}

fn clear(mut selection: ResMut<FoodSelection>) {
    *selection = FoodSelection::default();
}

/// What a press on `cell` does, given the chain so far.
pub fn press(
    cell: Cell,
    s: &FoodSession,
    selection: &mut FoodSelection,
    lang: Language,
) -> Result<Option<Vec<Cell>>, String> {
    if !s.human_to_move() {
        return Err(String::new());
    }
    let game = &s.game;
    let pos = game.position();
    selection.revision = game.revision();
    let chain = selection.chain.clone();
    let Some(&from) = chain.first() else {
        if !pos.has(cell) {
            return Ok(None);
        }
        if game.moves_from(cell).is_empty() {
            return Err(if game.must_capture() {
                tr(lang, "This marble cannot capture; another one can.")
            } else {
                tr(lang, "This marble cannot move.")
            }
            .into());
        }
        selection.chain = vec![cell];
        return Ok(None);
    };
    let moves = game.moves_from(from);
    let longer = |m: &&starhop_engine::food::FoodMove| {
        m.route.len() > chain.len() && m.route.starts_with(&chain)
    };
    // The chain's end: play what is built (a capture or more), or put the marble back.
    if Some(&cell) == chain.last() {
        if chain.len() >= 2 {
            selection.chain.clear();
            return Ok(Some(chain));
        }
        // A hinted chain that comes back round to its start ends where the
        // marble waits: a press there plays it, as a press on any other
        // chain's end does.
        let hinted = selection
            .hinted
            .take()
            .filter(|r| r.len() >= 3 && r.first() == Some(&from) && r.last() == Some(&from));
        selection.chain.clear();
        if let Some(route) = hinted.filter(|r| moves.iter().any(|m| &m.route == r)) {
            return Ok(Some(route));
        }
        return Ok(None);
    }
    // The next landing: one hop more; played at once when nothing goes on from there.
    if moves
        .iter()
        .filter(longer)
        .any(|m| m.route[chain.len()] == cell)
    {
        let mut next = chain.clone();
        next.push(cell);
        let goes_on = moves
            .iter()
            .any(|m| m.route.len() > next.len() && m.route.starts_with(&next));
        if goes_on {
            selection.chain = next;
            return Ok(None);
        }
        selection.chain.clear();
        return Ok(Some(next));
    }
    // The end of a longer chain: the whole of it (the shortest way there).
    if let Some(m) = moves
        .iter()
        .filter(longer)
        .filter(|m| m.to() == cell)
        .min_by_key(|m| m.route.len())
    {
        selection.chain.clear();
        return Ok(Some(m.route.clone()));
    }
    // The marble itself (it waits on its start while the chain is built):
    // the chain ends where it is.
    if cell == from && chain.len() >= 2 {
        selection.chain.clear();
        return Ok(Some(chain));
    }
    // Another marble that can move: select it instead (before any hop).
    if chain.len() == 1 && pos.has(cell) && !game.moves_from(cell).is_empty() {
        selection.chain = vec![cell];
        return Ok(None);
    }
    Err(tr(lang, "The selected marble cannot go there.").into())
}

fn click(
    click: On<Pointer<Click>>,
    marbles: Query<&FoodMarble>,
    holes: Query<&FoodHole>,
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    settings: Res<Settings>,
    authority: Res<crate::base::MatchAuthority>,
    mut draft: ResMut<FoodDraft>,
    mut selection: ResMut<FoodSelection>,
    mut writers: PressWriters,
) {
    // A record on show for the viewer takes no presses.
    if click.event.button != PointerButton::Primary
        || *authority == crate::base::MatchAuthority::Replay
    {
        return;
    }
    let Some(s) = session else { return };
    let Ok(cell) = marbles
        .get(click.entity)
        .map(|m| m.cell)
        .or_else(|_| holes.get(click.entity).map(|h| h.0))
    else {
        return;
    };
    if !playing.0 {
        // On the setup panel, free solo: the clicked hole starts empty.
        if draft.tab == FoodTab::Solo {
            let board = s.game.board();
            let hex: Hex = board.hex(cell);
            draft.vacant = if hex == board.hex(board.centre) {
                None
            } else {
                Some(hex)
            };
        }
        return;
    }
    // A mouse player does not need the keyboard cursor (a hint leaves it on
    // the hint's landing).
    selection.cursor = None;
    on_press(cell, &s, &mut selection, settings.language, &mut writers);
}

/// What a press writes: the move, a notice, and the sounds' messages.
type PressWriters<'w> = (
    MessageWriter<'w, FoodMoveRequest>,
    MessageWriter<'w, Notice>,
    MessageWriter<'w, Lifted>,
    MessageWriter<'w, Invalid>,
);

fn on_press(
    cell: Cell,
    s: &FoodSession,
    selection: &mut FoodSelection,
    lang: Language,
    writers: &mut PressWriters,
) {
    let (moves, notices, lifted, invalid) = writers;
    let before = selection.chain.len();
    match press(cell, s, selection, lang) {
        Ok(Some(route)) => {
            moves.write(FoodMoveRequest(route));
        }
        Ok(None) => {
            if selection.chain.len() > before {
                lifted.write(Lifted);
            }
        }
        Err(why) => {
            invalid.write(Invalid { why: None });
            if !why.is_empty() {
                notices.write(Notice::Problem(why));
            }
        }
    }
}

/// The cell one step from `cell` in a screen direction (`dq`, `dr`), if on the board.
fn step(s: &FoodSession, cell: Cell, options: &[(i8, i8)]) -> Option<Cell> {
    let board = s.game.board();
    let h = board.hex(cell);
    options
        .iter()
        .find_map(|&(dq, dr)| board.cell(Hex::new(h.q + dq, h.r + dr)))
}

fn keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    focus: Option<Res<KeyFocus>>,
    menus: MenusOpen,
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    settings: Res<Settings>,
    mut selection: ResMut<FoodSelection>,
    mut turns: MessageWriter<FoodTurn>,
    mut hints: MessageWriter<FoodHintRequest>,
    mut writers: PressWriters,
) {
    let focus = focus.as_deref();
    if !KeyFocus::shortcuts_free(focus) || menus.any() {
        return;
    }
    // Esc steps back one level: the chain being built goes down, then the
    // game gives way to its panel, then the panel to the home screen.
    if take_escape(&mut keys) {
        if !playing.0 {
            turns.write(FoodTurn::Leave);
        } else if !selection.chain.is_empty() {
            selection.chain.clear();
            selection.cursor = None;
        } else {
            turns.write(FoodTurn::Setup);
        }
    }
    if !playing.0 {
        return;
    }
    let Some(s) = session else { return };
    let ctrl = ctrl_held(&keys);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let pressed = |k: KeyCode| keys.just_pressed(k);
    let plain = |k: KeyCode| keys.just_pressed(k) && !modifier_held(&keys);
    if (ctrl && shift && pressed(KeyCode::KeyZ))
        || (ctrl && pressed(KeyCode::KeyY))
        || plain(KeyCode::KeyY)
    {
        selection.chain.clear();
        turns.write(FoodTurn::Redo);
    } else if (ctrl && !shift && pressed(KeyCode::KeyZ)) || plain(KeyCode::KeyU) {
        selection.chain.clear();
        turns.write(FoodTurn::Undo);
    }
    if ctrl && pressed(KeyCode::KeyS) {
        turns.write(FoodTurn::Save);
    }
    if plain(KeyCode::KeyH) {
        hints.write(FoodHintRequest);
    }
    // Enter, Space and the arrows belong to a focused button, if any.
    if !KeyFocus::navigation_free(focus) {
        return;
    }
    // The cursor: arrows move it over the hexagon's rows.
    let dirs: [(KeyCode, &[(i8, i8)]); 4] = [
        (KeyCode::ArrowLeft, &[(-1, 0)]),
        (KeyCode::ArrowRight, &[(1, 0)]),
        (KeyCode::ArrowUp, &[(0, -1), (1, -1)]),
        (KeyCode::ArrowDown, &[(0, 1), (-1, 1)]),
    ];
    for (key, options) in dirs {
        if pressed(key) {
            let board = s.game.board();
            let at = selection
                .cursor
                .or(selection.chain.last().copied())
                .unwrap_or(board.centre);
            selection.cursor = Some(step(&s, at, options).unwrap_or(at));
        }
    }
    if pressed(KeyCode::Enter) || pressed(KeyCode::Space) || pressed(KeyCode::NumpadEnter) {
        let end_here = selection.chain.len() >= 2
            && selection
                .cursor
                .is_none_or(|c| Some(&c) == selection.chain.last());
        if end_here {
            let route = std::mem::take(&mut selection.chain);
            writers.0.write(FoodMoveRequest(route));
        } else if let Some(c) = selection.cursor {
            on_press(c, &s, &mut selection, settings.language, &mut writers);
        }
    }
}

/// A hint that arrives selects the hinted marble (its route glows gold).
fn show_hint(
    hint: Res<FoodHint>,
    session: Option<Res<FoodSession>>,
    mut selection: ResMut<FoodSelection>,
) {
    let (Some((revision, mv)), Some(s)) = (&hint.0, session) else {
        return;
    };
    if hint.is_changed() && s.game.revision() == *revision {
        selection.chain = vec![mv.from()];
        selection.revision = *revision;
        selection.cursor = Some(mv.to());
        selection.hinted = Some(mv.route.clone());
    }
}

/// A chain built on another position (a bot moved, undo) is dropped.
fn drop_stale(session: Option<Res<FoodSession>>, mut selection: ResMut<FoodSelection>) {
    let Some(s) = session else { return };
    if !selection.chain.is_empty()
        && (selection.revision != s.game.revision() || !s.human_to_move())
    {
        selection.chain.clear();
        selection.hinted = None;
    }
}
