//! Using an item (party mode): a held item is chosen (keys 1-3 or its slot in
//! the HUD), then its target is picked on the board, one hole or two (a
//! marble, then where it flies or whom it swaps with). The valid targets come
//! from the engine (`Game::item_uses_of`); a pick goes out as an
//! `ItemRequest`, and a pick the rules refuse says why. The aim itself
//! (`ItemTargeting`) is the stage's, so the screens can show and set it.

use crate::base::Notice;
use crate::classic::Match;
use crate::stage::board::BoardLayout;
use crate::stage::input::{Aim, Invalid, ItemChoice, ItemTargeting, Selection};
use bevy::prelude::*;
use starhop_engine::items::{PLACE_RADIUS, REACH};
use starhop_engine::{Bitboard, Game, Hole, Item, ItemUse, RuleError};

/// The hole under the mouse pointer (on the board plane), for the tornado's
/// area; kept only while an item is aimed.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerHole(pub Option<Hole>);

/// The holes that are valid picks now: the first picks of every legal use,
/// or, once a marble is picked, its valid second holes.
pub fn targets(game: &Game, aim: Aim) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for u in game.item_uses_of(aim.item) {
        match aim.first {
            None => out.insert(u.first_pick()),
            Some(first) if u.first_pick() == first => {
                if let Some(second) = u.second_pick() {
                    out.insert(second);
                }
            }
            Some(_) => {}
        }
    }
    out
}

/// The item's reach, to shade on the board: within 3 of the user's marbles
/// for a roadblock or road worker, within 4 of the picked marble for the
/// flying wing and swap, the seven holes around `pointer` for the tornado.
pub fn reach(game: &Game, aim: Aim, pointer: Option<Hole>) -> Bitboard {
    let pos = game.position();
    let b = pos.board();
    match (aim.item, aim.first) {
        (Item::Roadblock | Item::RoadWorker, _) => pos
            .marbles(game.to_move())
            .iter()
            .fold(Bitboard::EMPTY, |a, m| a | b.within(m, PLACE_RADIUS)),
        (Item::FlyingWing | Item::Swap, Some(first)) => b.within(first, REACH),
        (Item::Tornado, _) => pointer
            .and_then(|h| game.tornado_area(h))
            .unwrap_or_default(),
        _ => Bitboard::EMPTY,
    }
}

/// What a press on `hole` does while an item is aimed: the item use to
/// request, or nothing yet (a marble picked or put back), or why not.
pub fn aim_press(game: &Game, aim: &mut Aim, hole: Hole) -> Result<Option<ItemUse>, RuleError> {
    let own = game.position().marbles(game.to_move()).contains(hole);
    let u = match (aim.item, aim.first) {
        (Item::Roadblock, _) => ItemUse::Roadblock { hole },
        (Item::RoadWorker, _) => ItemUse::RoadWorker { hole },
        (Item::PowerMarble, _) => ItemUse::PowerMarble { marble: hole },
        (Item::Tornado, _) => ItemUse::Tornado { centre: hole },
        // The first pick, or another own marble instead of the one picked
        // (as lifting another marble does); the same one again puts it back.
        (Item::FlyingWing | Item::Swap, first) if own => {
            aim.first = (first != Some(hole)).then_some(hole);
            return Ok(None);
        }
        (Item::FlyingWing | Item::Swap, None) => {
            return Err(RuleError::NotYourMarble(hole));
        }
        (Item::FlyingWing, Some(marble)) => ItemUse::FlyingWing { marble, to: hole },
        (_, Some(marble)) => ItemUse::Swap {
            marble,
            other: hole,
        },
    };
    match game.item_error(u) {
        None => Ok(Some(u)),
        Some(e) => Err(e),
    }
}

/// Enters or leaves aiming as the keys and the HUD ask. Only the person to
/// move may aim, before the turn's move.
pub(crate) fn follow_item_choices(
    mut choices: MessageReader<ItemChoice>,
    game: Option<Res<Match>>,
    mut targeting: ResMut<ItemTargeting>,
    mut selection: ResMut<Selection>,
    mut notices: MessageWriter<Notice>,
    mut invalid: MessageWriter<Invalid>,
) {
    for choice in choices.read() {
        let slot = match *choice {
            ItemChoice::Cancel => {
                cancel(&mut targeting, &mut selection);
                continue;
            }
            ItemChoice::Slot(slot) => slot,
        };
        let Some(m) = game.as_deref() else { continue };
        if targeting.0.is_some_and(|a| a.slot == slot) {
            cancel(&mut targeting, &mut selection);
            continue;
        }
        let held = m.game.held(m.game.to_move());
        let why = match held.get(slot) {
            _ if !m.human_to_move() => None,
            None => None,
            Some(&item) => match m.game.item_gate(item) {
                None => {
                    targeting.0 = Some(Aim {
                        slot,
                        item,
                        first: None,
                    });
                    // A lifted marble goes back: the next click aims the item.
                    selection.lifted = None;
                    continue;
                }
                why => why,
            },
        };
        if let Some(why) = &why {
            notices.write(Notice::Refused(why.clone()));
        }
        invalid.write(Invalid { why });
    }
}

fn cancel(targeting: &mut ItemTargeting, selection: &mut Selection) {
    if let Some(aim) = targeting.0.take()
        && aim.first.is_some()
    {
        selection.lifted = None;
    }
}

/// An aimed item that can no longer be used now (the turn moved on, undo,
/// it was used, a bot is to move) is put away.
pub(crate) fn drop_stale_targeting(
    game: Option<Res<Match>>,
    mut targeting: ResMut<ItemTargeting>,
    mut selection: ResMut<Selection>,
) {
    let Some(aim) = targeting.0 else { return };
    let changed = targeting.is_changed() || game.as_ref().is_some_and(|m| m.is_changed());
    if !changed {
        return;
    }
    let still = game.as_deref().is_some_and(|m| {
        m.human_to_move()
            && m.game.held(m.game.to_move()).get(aim.slot) == Some(&aim.item)
            && m.game.item_gate(aim.item).is_none()
            && aim
                .first
                .is_none_or(|f| m.game.position().marbles(m.game.to_move()).contains(f))
    });
    if !still {
        cancel(&mut targeting, &mut selection);
    } else if selection.lifted != aim.first {
        // The picked marble is shown lifted, like a marble about to move.
        selection.lifted = aim.first;
    }
}

/// Which hole the mouse points at, while an item is aimed (the tornado shows
/// its area there).
pub(crate) fn track_pointer_hole(
    targeting: Res<ItemTargeting>,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    layout: Res<BoardLayout>,
    mut pointer: ResMut<PointerHole>,
) {
    let hole = targeting.0.and_then(|_| {
        let cursor = windows.iter().find_map(|w| w.cursor_position())?;
        let (camera, at) = cameras.iter().find(|(c, _)| c.is_active)?;
        let ray = camera.viewport_to_world(at, cursor).ok()?;
        let d = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
        let (h, off) = layout.nearest(ray.get_point(d));
        (off < 0.5).then_some(h)
    });
    pointer.set_if_neq(PointerHole(hole));
}
