//! A food-checkers record on show for the replay viewer (see `kit::watch`):
//! the record's game becomes the session, stepped with the engine's undo
//! and redo, so marbles hop and captures fly to the trays exactly as in play.
//! Its end gives no stars.

use super::{Food, FoodMoved, FoodSession, marbles::FoodAnimating, setup_of};
use crate::base::PiecesMoving;
use crate::kit::watch::{Shown, Watched};
use crate::settings::Language;
use crate::ui::{Tr, trf};
use bevy::prelude::*;
use starhop_engine::food::{FoodGame, FoodMove, FoodStatus};
use starhop_games::AnyRecord;

/// The record on show and how far into it the board is.
#[derive(Resource)]
pub struct FoodOnShow {
    moves: usize,
    at: usize,
}

pub(super) fn plugin(app: &mut App) {
    crate::kit::watch::plugin_for::<Food>(app, super::FoodRules_);
}

/// A line of the viewer's move list: who moved (at a table) and what.
fn move_line(lang: Language, number: usize, player: Option<usize>, mv: &FoodMove) -> String {
    let what = if mv.is_slide() {
        lang.t("slides").to_string()
    } else {
        trf(lang, "takes {}", &[&mv.captured.len()])
    };
    match player {
        Some(p) => format!("{number}. {} · {what}", trf(lang, "Player {}", &[&(p + 1)])),
        None => format!("{number}. {what}"),
    }
}

/// The viewer's lines for every move of the game played out to its end.
fn lines(lang: Language, end: &FoodGame) -> Vec<String> {
    let players = end.rules().players;
    let mut game = end.clone();
    let mut out = Vec::with_capacity(end.moves_played());
    while let Ok(mv) = game.undo() {
        let who = (players > 1).then(|| game.to_move());
        out.push((who, mv));
    }
    out.reverse();
    out.iter()
        .enumerate()
        .map(|(i, (who, mv))| move_line(lang, i + 1, *who, mv))
        .collect()
}

/// The result in words once the board shows the end (else nothing).
fn result_line(lang: Language, game: &FoodGame) -> Option<String> {
    let FoodStatus::Over { winners, .. } = game.status() else {
        return None;
    };
    Some(if game.rules().players == 1 {
        trf(lang, "{} marbles left", &[&game.marbles_left()])
    } else {
        let names: Vec<String> = winners
            .iter()
            .map(|w| trf(lang, "Player {}", &[&(w + 1)]))
            .collect();
        format!("🏆 {} {}", names.join(" & "), lang.t("wins"))
    })
}

impl Watched for Food {
    type OnShow = FoodOnShow;
    type Moved = FoodMoved;
    type Animating = FoodAnimating;

    fn show(record: &AnyRecord, at: usize, lang: Language) -> Option<Shown<Food>> {
        let AnyRecord::Food(record) = record else {
            return None;
        };
        let mut game = record.replay().ok()?;
        let lines = lines(lang, &game);
        let moves = lines.len();
        let at = at.min(moves);
        for _ in at..moves {
            let _ = game.undo();
        }
        Some(Shown {
            session: FoodSession::new(game, setup_of(record)),
            on_show: FoodOnShow { moves, at },
            lines,
        })
    }

    fn at(w: &FoodOnShow) -> usize {
        w.at
    }

    fn moves(w: &FoodOnShow) -> usize {
        w.moves
    }

    fn forward(s: &mut FoodSession, w: &mut FoodOnShow) -> Option<FoodMoved> {
        let r = s.game.redo().ok()?;
        w.at += 1;
        Some(FoodMoved {
            player: r.player,
            mv: r.mv,
            undone: false,
        })
    }

    fn back(s: &mut FoodSession, w: &mut FoodOnShow) -> Option<FoodMoved> {
        let mv = s.game.undo().ok()?;
        w.at -= 1;
        Some(FoodMoved {
            player: s.game.to_move(),
            mv,
            undone: true,
        })
    }

    fn jump(s: &mut FoodSession, w: &mut FoodOnShow, to: usize) {
        while w.at > to && s.game.undo().is_ok() {
            w.at -= 1;
        }
        while w.at < to && s.game.redo().is_ok() {
            w.at += 1;
        }
    }

    fn result(s: &FoodSession, lang: Language) -> Option<String> {
        result_line(lang, &s.game)
    }
}

/// The viewer waits for the hops and captures to land before the next move.
impl PiecesMoving for FoodAnimating {
    fn moving(&self) -> bool {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::food::{FoodRecord, FoodRules};

    #[test]
    fn every_move_gets_a_numbered_line_with_its_captures() {
        let mut game = FoodGame::new(FoodRules::solo(37)).expect("a solo board");
        for _ in 0..3 {
            let mv = game.legal_moves()[0].clone();
            game.play(&mv.route).expect("a legal move");
        }
        let lines = lines(Language::English, &game);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "1. takes 1");
        assert!(lines[2].starts_with("3. "), "{lines:?}");
        // Counting back did not change the game itself.
        assert_eq!(game.moves_played(), 3);
        let record = FoodRecord::of(&game, vec!["Player 1".into()], Vec::new());
        assert_eq!(record.moves.len(), 3);
    }
}
